//! The LOAD DATA / LOAD XML statement: the options that decide how the
//! file stream is read (`infile` rewrites the stream itself), and whether
//! squeeze can rewrite it for compressed columns.

use crate::sql::lexer::{decode_binary_literal, decode_string, ident_name, lex, Token, TokenKind};
use crate::sql::LexOptions;

/// The parts of a LOAD DATA statement that decide how the file is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadData {
    pub xml: bool,
    pub local: bool,
    pub db: Option<String>,
    pub table: String,
    pub charset: Option<String>,
    pub field_term: Vec<u8>,
    pub enclosed: Vec<u8>,
    pub escaped: Vec<u8>,
    pub line_start: Vec<u8>,
    pub line_term: Vec<u8>,
    pub ignore_lines: u64,
    /// The column list: `Some(name)` for a column, `None` for a user variable.
    pub columns: Option<Vec<Option<String>>>,
    /// Byte offset in the statement just after each column-list item
    /// (where squeeze inserts the extracted columns of a document).
    pub column_ends: Vec<usize>,
    /// Identifiers that appear in the SET clause.
    pub set_names: Vec<String>,
}

/// Why a LOAD DATA statement could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

fn err<T>(m: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(m.into()))
}

/// Parse `LOAD DATA ... INFILE` (or `LOAD XML`), clause by clause in the
/// order the grammar allows them.
pub fn parse_load_data(sql: &[u8], opts: LexOptions) -> Result<LoadData, ParseError> {
    let toks: Vec<Token> = lex(sql, opts)
        .into_iter()
        .filter(|t| !t.kind.is_trivia())
        .collect();
    if toks.iter().any(|t| t.kind == TokenKind::Unterminated) {
        return err("unterminated literal");
    }
    let mut c = Cursor {
        sql,
        toks: &toks,
        opts,
        i: 0,
    };
    let mut st = c.head()?;
    c.partition_and_charset(&mut st)?;
    if st.xml && c.kw(0, "ROWS") && c.kw(1, "IDENTIFIED") {
        c.i += 4;
    }
    c.field_options(&mut st)?;
    c.line_options(&mut st)?;
    c.ignore_lines(&mut st)?;
    c.column_list(&mut st)?;
    c.set_clause(&mut st);
    c.end()?;
    Ok(st)
}

/// Non-trivia tokens of the statement and the position reached.
struct Cursor<'s> {
    sql: &'s [u8],
    toks: &'s [Token],
    opts: LexOptions,
    i: usize,
}

impl Cursor<'_> {
    fn tok(&self, ahead: usize) -> Option<&Token> {
        self.toks.get(self.i + ahead)
    }

    fn kw(&self, ahead: usize, k: &str) -> bool {
        self.tok(ahead).is_some_and(|t| t.is_keyword(self.sql, k))
    }

    fn is(&self, ahead: usize, kind: TokenKind) -> bool {
        self.tok(ahead).is_some_and(|t| t.kind == kind)
    }

    /// The string (or hex/bit literal) `ahead` tokens on, decoded.
    fn string(&self, ahead: usize) -> Result<Vec<u8>, ParseError> {
        let t = self
            .tok(ahead)
            .ok_or_else(|| ParseError("string expected".into()))?;
        match t.kind {
            TokenKind::Str { .. } => Ok(decode_string(self.sql, t, self.opts)
                .ok_or_else(|| ParseError("bad string".into()))?
                .into_owned()),
            TokenKind::HexLit | TokenKind::BitLit => decode_binary_literal(self.sql, t)
                .ok_or_else(|| ParseError("bad hex literal".into())),
            _ => err("string expected"),
        }
    }

    fn name(&self, ahead: usize) -> Result<String, ParseError> {
        self.tok(ahead)
            .filter(|t| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent))
            .map(|t| ident_name(self.sql, t).into_owned())
            .ok_or_else(|| ParseError("table name expected".into()))
    }

    /// `LOAD {DATA|XML} [LOW_PRIORITY|CONCURRENT] [LOCAL] INFILE 'f'
    /// [REPLACE|IGNORE] INTO TABLE [db.]t`.
    fn head(&mut self) -> Result<LoadData, ParseError> {
        if !self.kw(0, "LOAD") {
            return err("not LOAD");
        }
        let xml = if self.kw(1, "XML") {
            true
        } else if self.kw(1, "DATA") {
            false
        } else {
            return err("expected DATA or XML");
        };
        self.i += 2;
        if self.kw(0, "LOW_PRIORITY") || self.kw(0, "CONCURRENT") {
            self.i += 1;
        }
        let local = self.kw(0, "LOCAL");
        if local {
            self.i += 1;
        }
        if !self.kw(0, "INFILE") {
            return err("expected INFILE");
        }
        self.string(1)?;
        self.i += 2;
        if self.kw(0, "REPLACE") || self.kw(0, "IGNORE") {
            self.i += 1;
        }
        if !self.kw(0, "INTO") || !self.kw(1, "TABLE") {
            return err("expected INTO TABLE");
        }
        self.i += 2;
        let first = self.name(0)?;
        self.i += 1;
        let (db, table) = if self.is(0, TokenKind::Dot) {
            let t = self.name(1)?;
            self.i += 2;
            (Some(first), t)
        } else {
            (None, first)
        };
        Ok(LoadData {
            xml,
            local,
            db,
            table,
            charset: None,
            field_term: b"\t".to_vec(),
            enclosed: Vec::new(),
            escaped: b"\\".to_vec(),
            line_start: Vec::new(),
            line_term: b"\n".to_vec(),
            ignore_lines: 0,
            columns: None,
            column_ends: Vec::new(),
            set_names: Vec::new(),
        })
    }

    /// `[PARTITION (...)] [CHARACTER SET cs | CHARSET cs]`.
    fn partition_and_charset(&mut self, st: &mut LoadData) -> Result<(), ParseError> {
        if self.kw(0, "PARTITION") {
            self.i = skip_parens(self.toks, self.i + 1)?;
        }
        let name_at = if self.kw(0, "CHARACTER") && self.kw(1, "SET") {
            2
        } else if self.kw(0, "CHARSET") {
            1
        } else {
            return Ok(());
        };
        self.i += name_at;
        st.charset = Some(charset_name(self.sql, self.toks, self.i)?);
        self.i += 1;
        Ok(())
    }

    /// `{FIELDS|COLUMNS} [TERMINATED BY s] [[OPTIONALLY] ENCLOSED BY s]
    /// [ESCAPED BY s]`, in any order.
    fn field_options(&mut self, st: &mut LoadData) -> Result<(), ParseError> {
        if !(self.kw(0, "FIELDS") || self.kw(0, "COLUMNS")) {
            return Ok(());
        }
        self.i += 1;
        loop {
            if self.kw(0, "TERMINATED") && self.kw(1, "BY") {
                st.field_term = self.string(2)?;
                self.i += 3;
            } else if self.kw(0, "OPTIONALLY") && self.kw(1, "ENCLOSED") && self.kw(2, "BY") {
                st.enclosed = self.string(3)?;
                self.i += 4;
            } else if self.kw(0, "ENCLOSED") && self.kw(1, "BY") {
                st.enclosed = self.string(2)?;
                self.i += 3;
            } else if self.kw(0, "ESCAPED") && self.kw(1, "BY") {
                st.escaped = self.string(2)?;
                self.i += 3;
            } else {
                return Ok(());
            }
        }
    }

    /// `LINES [TERMINATED BY s] [STARTING BY s]`, in any order.
    fn line_options(&mut self, st: &mut LoadData) -> Result<(), ParseError> {
        if !self.kw(0, "LINES") {
            return Ok(());
        }
        self.i += 1;
        loop {
            if self.kw(0, "TERMINATED") && self.kw(1, "BY") {
                st.line_term = self.string(2)?;
                self.i += 3;
            } else if self.kw(0, "STARTING") && self.kw(1, "BY") {
                st.line_start = self.string(2)?;
                self.i += 3;
            } else {
                return Ok(());
            }
        }
    }

    /// `IGNORE n {LINES|ROWS}`.
    fn ignore_lines(&mut self, st: &mut LoadData) -> Result<(), ParseError> {
        if !self.kw(0, "IGNORE") {
            return Ok(());
        }
        let n = self
            .tok(1)
            .filter(|t| t.kind == TokenKind::Number)
            .and_then(|t| {
                std::str::from_utf8(t.text(self.sql))
                    .ok()?
                    .parse::<u64>()
                    .ok()
            })
            .ok_or_else(|| ParseError("IGNORE needs a number".into()))?;
        if !(self.kw(2, "LINES") || self.kw(2, "ROWS")) {
            return err("expected LINES after IGNORE n");
        }
        st.ignore_lines = n;
        self.i += 3;
        Ok(())
    }

    /// `(col_or_@var, ...)`.
    fn column_list(&mut self, st: &mut LoadData) -> Result<(), ParseError> {
        if !self.is(0, TokenKind::LParen) {
            return Ok(());
        }
        self.i += 1;
        let mut cols = Vec::new();
        loop {
            let t = self
                .tok(0)
                .ok_or_else(|| ParseError("unclosed column list".into()))?;
            match t.kind {
                TokenKind::RParen => {
                    self.i += 1;
                    break;
                }
                TokenKind::Comma => self.i += 1,
                TokenKind::Variable => {
                    cols.push(None);
                    st.column_ends.push(t.end);
                    self.i += 1;
                }
                TokenKind::Ident | TokenKind::QuotedIdent => {
                    // `db.t.col` / `t.col`: the last part names the column.
                    let mut name = ident_name(self.sql, t).into_owned();
                    let mut end = t.end;
                    self.i += 1;
                    while self.is(0, TokenKind::Dot) {
                        if let Some(t) = self.tok(1) {
                            name = ident_name(self.sql, t).into_owned();
                            end = t.end;
                        }
                        self.i += 2;
                    }
                    cols.push(Some(name));
                    st.column_ends.push(end);
                }
                _ => return err("unexpected token in the column list"),
            }
        }
        st.columns = Some(cols);
        Ok(())
    }

    /// `SET ...`: only the identifiers it mentions matter.
    fn set_clause(&mut self, st: &mut LoadData) {
        if !self.kw(0, "SET") {
            return;
        }
        self.i += 1;
        while let Some(t) = self.tok(0) {
            if matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent) {
                st.set_names.push(ident_name(self.sql, t).into_owned());
            }
            self.i += 1;
        }
    }

    /// Trailing `;` only.
    fn end(&mut self) -> Result<(), ParseError> {
        while self.is(0, TokenKind::Semicolon) {
            self.i += 1;
        }
        if self.i < self.toks.len() {
            return err("unexpected text after the statement");
        }
        Ok(())
    }
}

fn skip_parens(toks: &[Token], mut i: usize) -> Result<usize, ParseError> {
    if !toks.get(i).is_some_and(|t| t.kind == TokenKind::LParen) {
        return err("expected (");
    }
    let mut depth = 0;
    while let Some(t) = toks.get(i) {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    err("unclosed parenthesis")
}

fn charset_name(sql: &[u8], toks: &[Token], i: usize) -> Result<String, ParseError> {
    let t = toks
        .get(i)
        .ok_or_else(|| ParseError("character set name expected".into()))?;
    Ok(match t.kind {
        TokenKind::Str { .. } => String::from_utf8_lossy(
            &decode_string(sql, t, LexOptions::default()).unwrap_or_default(),
        )
        .into_owned(),
        _ => ident_name(sql, t).into_owned(),
    }
    .to_ascii_lowercase())
}

impl LoadData {
    /// Why squeeze cannot rewrite this file for compressed columns, if it
    /// cannot (the message for the client's ERR).
    pub fn unsupported(&self, compressed: &[String]) -> Option<String> {
        if self.xml {
            return Some(
                "LOAD XML into a table with compressed columns is not supported; use LOAD DATA"
                    .into(),
            );
        }
        if !self.local {
            return Some("LOAD DATA INFILE (server-side file) into a table with compressed columns cannot be compressed by the proxy; use LOAD DATA LOCAL INFILE".into());
        }
        if let Some(cs) = &self.charset {
            if !(crate::charset::is_utf8_name(cs)
                || matches!(cs.as_str(), "binary" | "ascii" | "latin1"))
            {
                return Some(format!("CHARACTER SET {cs}: compressed columns hold UTF-8 JSON; convert the file to UTF-8 and use CHARACTER SET utf8mb4"));
            }
        }
        if self.field_term.is_empty() && self.enclosed.is_empty() {
            return Some("fixed-width rows (FIELDS TERMINATED BY '' ENCLOSED BY '') are not supported for compressed columns".into());
        }
        if self.line_term.is_empty() {
            return Some("LINES TERMINATED BY '' is not supported for compressed columns".into());
        }
        if self.field_term.is_empty() {
            return Some("FIELDS TERMINATED BY '' is not supported for compressed columns".into());
        }
        if self.enclosed.len() > 1 || self.escaped.len() > 1 {
            // The server refuses these itself (ER_WRONG_FIELD_TERMINATORS).
            return None;
        }
        let delims = [
            &self.field_term,
            &self.line_term,
            &self.enclosed,
            &self.escaped,
            &self.line_start,
        ];
        if delims.iter().any(|d| d.iter().any(|&b| b >= 0x80)) {
            return Some(
                "non-ASCII field or line delimiters are not supported for compressed columns"
                    .into(),
            );
        }
        for name in &self.set_names {
            if compressed.iter().any(|c| c.eq_ignore_ascii_case(name)) {
                return Some(format!("a SET clause that mentions compressed column `{name}` is not supported; load the value from the file directly"));
            }
        }
        None
    }
}
