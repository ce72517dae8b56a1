// Over 600 lines: the tokenizer (one method per token class) and the literal decoders that must agree with it (~710 lines); the last 195 are tests.
//! Byte-span lexer for MySQL statements.
//!
//! The lexer never allocates and never panics: it walks raw statement bytes
//! (which need not be valid UTF-8) and yields [`Token`]s whose spans tile the
//! input exactly, so callers can splice a single literal and keep every other
//! byte as the client sent it.
//!
//! Executable comments (`/*! ... */`, `/*!50700 ... */`, MariaDB `/*M! ... */`)
//! that the backend runs (`comment_gate`: its product and version decide)
//! are lexed as their content: the opener and the closing `*/` become
//! [`TokenKind::ExecCommentOpen`] / [`TokenKind::ExecCommentClose`] and
//! everything in between is ordinary tokens. One the backend skips is a
//! [`TokenKind::Comment`].

use std::borrow::Cow;
use std::ops::Range;

/// The session settings that change how a statement is tokenised.
///
/// Track them per session (`SET sql_mode = ...`); see
/// [`LexOptions::from_sql_mode`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LexOptions {
    /// `NO_BACKSLASH_ESCAPES`: backslash is an ordinary character in strings.
    pub no_backslash_escapes: bool,
    /// `ANSI_QUOTES` (also implied by `ANSI`): `"..."` quotes an identifier.
    pub ansi_quotes: bool,
}

impl LexOptions {
    /// Derive the lexing flags from an `sql_mode` value such as
    /// `'ANSI_QUOTES,NO_BACKSLASH_ESCAPES'` (case-insensitive, comma-separated).
    pub fn from_sql_mode(mode: &str) -> Self {
        let mut opts = LexOptions::default();
        for part in mode.split(',') {
            let part = part.trim();
            // The modes that include ANSI_QUOTES: the server expands them
            // (and reports the expansion through session tracking), but a
            // backend without tracking leaves squeeze the alias.
            if [
                "ANSI_QUOTES",
                "ANSI",
                "MSSQL",
                "POSTGRESQL",
                "DB2",
                "MAXDB",
                "ORACLE",
            ]
            .iter()
            .any(|m| part.eq_ignore_ascii_case(m))
            {
                opts.ansi_quotes = true;
            } else if part.eq_ignore_ascii_case("NO_BACKSLASH_ESCAPES") {
                opts.no_backslash_escapes = true;
            }
        }
        opts
    }
}

/// What a token is. Spans live in [`Token`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Spaces, tabs, newlines and other ASCII whitespace.
    Whitespace,
    /// `/* */`, `# ...` or `-- ...` (not executable comments).
    Comment,
    /// `/*!`, `/*!50700` or `/*M!`: the content that follows is executed.
    ExecCommentOpen,
    /// The `*/` that closes an executable comment.
    ExecCommentClose,
    /// Unquoted identifier or keyword (may start with a digit, as in MySQL).
    Ident,
    /// `` `ident` `` (with ``` `` ``` escapes) or `"ident"` under ANSI_QUOTES.
    QuotedIdent,
    /// A quoted string: `'..'`, or `".."` without ANSI_QUOTES. The span
    /// includes a directly attached or whitespace-separated charset
    /// introducer (`_utf8mb4'..'`, `_binary '..'`) or the `N` of `N'..'`;
    /// `quote_at` is the offset of the opening quote.
    Str {
        /// Byte offset of the opening quote character.
        quote_at: usize,
    },
    /// `X'0A1B'` or `0x0A1B`.
    HexLit,
    /// `B'0101'` or `0b0101`.
    BitLit,
    /// Integer, decimal or float literal (no sign).
    Number,
    /// `?` parameter placeholder.
    Placeholder,
    /// `@var`, `@'var'`, `` @`var` ``, `@@var`, `@@session.var`.
    Variable,
    /// Operator or other punctuation (`=`, `->>`, `:=`, `<=>`, `{`, ...).
    Op,
    /// `;`
    Semicolon,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `,`
    Comma,
    /// `.`
    Dot,
    /// A string, quoted identifier or comment that runs to the end of the
    /// input. Statements containing one should be passed through untouched
    /// (the server will report the syntax error).
    Unterminated,
}

impl TokenKind {
    /// Whitespace and comments carry no meaning for the statement; executable
    /// comment markers neither (their content does).
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            TokenKind::Whitespace
                | TokenKind::Comment
                | TokenKind::ExecCommentOpen
                | TokenKind::ExecCommentClose
        )
    }
}

/// A token: its kind and the half-open byte range it covers in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What the bytes are.
    pub kind: TokenKind,
    /// First byte (inclusive).
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Token {
    /// The byte range of the token.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The token's bytes within `src` (the input it was lexed from).
    pub fn text<'a>(&self, src: &'a [u8]) -> &'a [u8] {
        &src[self.start..self.end]
    }

    /// Is this an unquoted identifier equal to `kw`, ignoring ASCII case?
    pub fn is_keyword(&self, src: &[u8], kw: &str) -> bool {
        self.kind == TokenKind::Ident && self.text(src).eq_ignore_ascii_case(kw.as_bytes())
    }

    /// Is this an operator token spelled exactly `op`?
    pub fn is_op(&self, src: &[u8], op: &str) -> bool {
        self.kind == TokenKind::Op && self.text(src) == op.as_bytes()
    }
}

/// MySQL identifier bytes: ASCII letters, digits, `_`, `$`, and any non-ASCII
/// byte (multi-byte UTF-8 identifiers).
pub fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// An `_ident` before a string is an introducer only if it names a
/// character set; otherwise it is an identifier (e.g. a column aliased by a
/// string).
fn is_charset_introducer(ident: &[u8]) -> bool {
    ident.len() > 1 && ident[0] == b'_' && crate::charset::is_known(&ident[1..])
}

/// Streaming lexer: an iterator of [`Token`]s over `src`.
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    opts: LexOptions,
    /// Inside an executable comment: the next `*/` closes it.
    in_exec_comment: bool,
}

impl<'a> Lexer<'a> {
    /// Lex `src` from the beginning.
    pub fn new(src: &'a [u8], opts: LexOptions) -> Self {
        Self::at(src, 0, opts)
    }

    /// Lex `src` starting at byte offset `pos` (used to lex a multi-statement
    /// query one statement at a time when `sql_mode` changes in between).
    pub fn at(src: &'a [u8], pos: usize, opts: LexOptions) -> Self {
        Lexer {
            src,
            pos: pos.min(src.len()),
            opts,
            in_exec_comment: false,
        }
    }

    /// The byte offset of the next token.
    pub fn position(&self) -> usize {
        self.pos
    }

    fn peek(&self, off: usize) -> Option<u8> {
        self.src.get(self.pos + off).copied()
    }

    /// Scan a quoted run starting at `self.pos` (the opening quote). Returns
    /// false if unterminated. `backslash`: backslash escapes the next byte.
    fn scan_quoted(&mut self, quote: u8, backslash: bool) -> bool {
        let src = self.src;
        let mut i = self.pos + 1;
        while i < src.len() {
            let b = src[i];
            if backslash && b == b'\\' {
                i += 2;
                continue;
            }
            if b == quote {
                if src.get(i + 1) == Some(&quote) {
                    i += 2;
                    continue;
                }
                self.pos = i + 1;
                return true;
            }
            i += 1;
        }
        self.pos = src.len();
        false
    }

    fn scan_string(&mut self, quote: u8) -> TokenKind {
        let quote_at = self.pos;
        if self.scan_quoted(quote, !self.opts.no_backslash_escapes) {
            TokenKind::Str { quote_at }
        } else {
            TokenKind::Unterminated
        }
    }

    fn skip_ident_bytes(&mut self) {
        while self.peek(0).is_some_and(is_ident_byte) {
            self.pos += 1;
        }
    }

    fn lex_number_or_ident(&mut self) -> TokenKind {
        let src = self.src;
        let start = self.pos;
        // 0x.. and 0b.. (a non-hex tail makes the whole run an identifier).
        if src[start] == b'0' && matches!(self.peek(1), Some(b'x') | Some(b'b')) {
            let hex = self.peek(1) == Some(b'x');
            let mut i = start + 2;
            while i < src.len()
                && (if hex {
                    src[i].is_ascii_hexdigit()
                } else {
                    src[i] == b'0' || src[i] == b'1'
                })
            {
                i += 1;
            }
            if i > start + 2 && !src.get(i).copied().is_some_and(is_ident_byte) {
                self.pos = i;
                return if hex {
                    TokenKind::HexLit
                } else {
                    TokenKind::BitLit
                };
            }
        }
        let mut i = start;
        while i < src.len() && src[i].is_ascii_digit() {
            i += 1;
        }
        let mut is_number = true;
        if i < src.len() && src[i] == b'.' {
            i += 1;
            while i < src.len() && src[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < src.len() && (src[i] == b'e' || src[i] == b'E') {
            let mut j = i + 1;
            if j < src.len() && (src[j] == b'+' || src[j] == b'-') {
                j += 1;
            }
            if j < src.len() && src[j].is_ascii_digit() {
                while j < src.len() && src[j].is_ascii_digit() {
                    j += 1;
                }
                i = j;
            }
        }
        // `1abc` is an identifier in MySQL (only when no '.' was consumed).
        if i < src.len() && is_ident_byte(src[i]) && !src[start..i].contains(&b'.') {
            is_number = false;
        }
        self.pos = i;
        if is_number {
            TokenKind::Number
        } else {
            self.skip_ident_bytes();
            TokenKind::Ident
        }
    }

    fn lex_comment_or_slash(&mut self) -> TokenKind {
        // At "/*".
        let src = self.src;
        let start = self.pos;
        if !self.in_exec_comment && matches!(src.get(start + 2), Some(b'!') | Some(b'M')) {
            // Whether the server runs it is the server's call (its product
            // and version, `comment_gate`).
            if let Some((runs, opener)) = super::comment_gate::current().fate(&src[start..]) {
                if runs {
                    self.pos = start + opener;
                    self.in_exec_comment = true;
                    return TokenKind::ExecCommentOpen;
                }
                return self.skip_versioned_comment(start + opener);
            }
        }
        match find(&src[start + 2..], b"*/") {
            Some(off) => {
                self.pos = start + 2 + off + 2;
                TokenKind::Comment
            }
            None => {
                self.pos = src.len();
                TokenKind::Unterminated
            }
        }
    }

    /// A version comment the server skips: a comment up to its `*/`,
    /// which may hold one nested `/* ... */` (as the server reads it).
    fn skip_versioned_comment(&mut self, mut i: usize) -> TokenKind {
        let src = self.src;
        let mut nested = false;
        while i + 1 < src.len() {
            match (src[i], src[i + 1]) {
                (b'/', b'*') if !nested => {
                    nested = true;
                    i += 2;
                }
                (b'*', b'/') if nested => {
                    nested = false;
                    i += 2;
                }
                (b'*', b'/') => {
                    self.pos = i + 2;
                    return TokenKind::Comment;
                }
                _ => i += 1,
            }
        }
        self.pos = src.len();
        TokenKind::Unterminated
    }

    fn lex_variable(&mut self) -> TokenKind {
        // At '@'.
        self.pos += 1;
        if self.peek(0) == Some(b'@') {
            self.pos += 1;
            // @@[session.|global.|local.]name, possibly backquoted parts.
            loop {
                match self.peek(0) {
                    Some(b'`') => {
                        if !self.scan_quoted(b'`', false) {
                            return TokenKind::Unterminated;
                        }
                    }
                    _ => self.skip_ident_bytes(),
                }
                if self.peek(0) == Some(b'.')
                    && self.peek(1).is_some_and(|b| is_ident_byte(b) || b == b'`')
                {
                    self.pos += 1;
                    continue;
                }
                break;
            }
            return TokenKind::Variable;
        }
        match self.peek(0) {
            Some(q @ (b'\'' | b'"')) => {
                if !self.scan_quoted(q, !self.opts.no_backslash_escapes) {
                    return TokenKind::Unterminated;
                }
            }
            Some(b'`') => {
                if !self.scan_quoted(b'`', false) {
                    return TokenKind::Unterminated;
                }
            }
            _ => {
                while self.peek(0).is_some_and(|b| is_ident_byte(b) || b == b'.') {
                    self.pos += 1;
                }
            }
        }
        TokenKind::Variable
    }

    /// An unquoted identifier has been scanned from `start` to `self.pos`;
    /// turn it into a string/hex/bit literal if it is a prefix of one.
    fn after_ident(&mut self, start: usize) -> TokenKind {
        let src = self.src;
        let word = &src[start..self.pos];
        let next = self.peek(0);
        if word.len() == 1 && next == Some(b'\'') {
            match word[0] {
                b'x' | b'X' => {
                    return if self.scan_quoted(b'\'', false) {
                        TokenKind::HexLit
                    } else {
                        TokenKind::Unterminated
                    };
                }
                b'b' | b'B' => {
                    return if self.scan_quoted(b'\'', false) {
                        TokenKind::BitLit
                    } else {
                        TokenKind::Unterminated
                    };
                }
                b'n' | b'N' => return self.scan_string(b'\''),
                _ => {}
            }
        }
        if is_charset_introducer(word) {
            // The introducer may be separated from the literal by whitespace.
            let mut i = self.pos;
            while i < src.len() && src[i].is_ascii_whitespace() {
                i += 1;
            }
            match src.get(i) {
                Some(b'\'') => {
                    self.pos = i;
                    return self.scan_string(b'\'');
                }
                Some(b'"') if !self.opts.ansi_quotes => {
                    self.pos = i;
                    return self.scan_string(b'"');
                }
                Some(b'x' | b'X' | b'b' | b'B') if src.get(i + 1) == Some(&b'\'') => {
                    // `_binary X'..'`: keep the introducer separate; the hex
                    // literal's own value is already bytes.
                }
                _ => {}
            }
        }
        TokenKind::Ident
    }

    fn lex_op(&mut self) -> TokenKind {
        const OPS: &[&[u8]] = &[
            b"->>", b"<=>", b"->", b":=", b"<=", b">=", b"!=", b"<>", b"||", b"&&", b"<<", b">>",
        ];
        let rest = &self.src[self.pos..];
        for op in OPS {
            if rest.starts_with(op) {
                self.pos += op.len();
                return TokenKind::Op;
            }
        }
        // Any other single byte, including stray control characters.
        self.pos += 1;
        TokenKind::Op
    }

    fn next_kind(&mut self) -> TokenKind {
        let src = self.src;
        let start = self.pos;
        let b = src[start];
        match b {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.lex_whitespace(),
            b'#' => {
                self.skip_line_comment();
                TokenKind::Comment
            }
            b'-' if self.peek(1) == Some(b'-')
                && self.peek(2).is_none_or(|c| c <= b' ' || c == 0x7f) =>
            {
                self.skip_line_comment();
                TokenKind::Comment
            }
            b'/' if self.peek(1) == Some(b'*') => self.lex_comment_or_slash(),
            b'*' if self.in_exec_comment && self.peek(1) == Some(b'/') => {
                self.pos += 2;
                self.in_exec_comment = false;
                TokenKind::ExecCommentClose
            }
            b'\'' => self.scan_string(b'\''),
            b'"' if self.opts.ansi_quotes => self.lex_quoted_ident(b'"'),
            b'"' => self.scan_string(b'"'),
            b'`' => self.lex_quoted_ident(b'`'),
            b'0'..=b'9' => self.lex_number_or_ident(),
            b'.' if self.peek(1).is_some_and(|c| c.is_ascii_digit())
                && !self.prev_is_ident_like(start) =>
            {
                self.lex_number_or_ident()
            }
            b'?' => self.one_byte(TokenKind::Placeholder),
            b'@' => self.lex_variable(),
            b';' => self.one_byte(TokenKind::Semicolon),
            b'(' => self.one_byte(TokenKind::LParen),
            b')' => self.one_byte(TokenKind::RParen),
            b',' => self.one_byte(TokenKind::Comma),
            b'.' => self.one_byte(TokenKind::Dot),
            _ if is_ident_byte(b) => {
                self.skip_ident_bytes();
                self.after_ident(start)
            }
            _ => self.lex_op(),
        }
    }

    /// A token of one byte, of `kind`.
    fn one_byte(&mut self, kind: TokenKind) -> TokenKind {
        self.pos += 1;
        kind
    }

    /// A run of whitespace bytes.
    fn lex_whitespace(&mut self) -> TokenKind {
        while self
            .peek(0)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
        {
            self.pos += 1;
        }
        TokenKind::Whitespace
    }

    /// An identifier quoted by `q` (a backtick, or `"` under ANSI_QUOTES).
    fn lex_quoted_ident(&mut self, q: u8) -> TokenKind {
        if self.scan_quoted(q, false) {
            TokenKind::QuotedIdent
        } else {
            TokenKind::Unterminated
        }
    }

    /// `t.5col` / `` `t`.1 ``: a '.' right after an identifier is a qualifier
    /// dot, not the start of a decimal number.
    fn prev_is_ident_like(&self, at: usize) -> bool {
        at > 0
            && (is_ident_byte(self.src[at - 1])
                || self.src[at - 1] == b'`'
                || self.src[at - 1] == b'"')
    }

    fn skip_line_comment(&mut self) {
        match self.src[self.pos..].iter().position(|&b| b == b'\n') {
            Some(off) => self.pos += off + 1,
            None => self.pos = self.src.len(),
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        if self.pos >= self.src.len() {
            return None;
        }
        let start = self.pos;
        let kind = self.next_kind();
        debug_assert!(self.pos > start);
        Some(Token {
            kind,
            start,
            end: self.pos,
        })
    }
}

/// Lex all of `src` into a vector (convenience for tests and small inputs).
pub fn lex(src: &[u8], opts: LexOptions) -> Vec<Token> {
    Lexer::new(src, opts).collect()
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The charset introducer of a string token (`_utf8mb4`, `_binary`), without
/// the underscore, or `Some(b"N")`-style national marker as `"utf8"`.
/// Returns `None` for a plain quoted string.
pub fn string_introducer<'a>(src: &'a [u8], tok: &Token) -> Option<&'a [u8]> {
    let TokenKind::Str { quote_at } = tok.kind else {
        return None;
    };
    if quote_at == tok.start {
        return None;
    }
    let prefix = &src[tok.start..quote_at];
    let word_end = prefix
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(prefix.len());
    let word = &prefix[..word_end];
    if word.eq_ignore_ascii_case(b"n") {
        Some(b"utf8")
    } else {
        Some(&word[1..])
    }
}

/// Decode a string literal token's value to raw bytes, per MySQL rules.
///
/// Borrowed when the literal contains no escapes. Backslash escapes (unless
/// `no_backslash_escapes`): `\0 \' \" \b \n \r \t \Z \\`, `\%` and `\_` keep
/// their backslash (they are LIKE escapes), and any other `\x` is `x`. A
/// doubled quote is one quote. Returns `None` for non-string tokens.
pub fn decode_string<'a>(src: &'a [u8], tok: &Token, opts: LexOptions) -> Option<Cow<'a, [u8]>> {
    let TokenKind::Str { quote_at } = tok.kind else {
        return None;
    };
    let quote = src[quote_at];
    let body = &src[quote_at + 1..tok.end - 1];
    let backslash = !opts.no_backslash_escapes;
    if !(body.contains(&quote) || backslash && body.contains(&b'\\')) {
        return Some(Cow::Borrowed(body));
    }
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if backslash && b == b'\\' && i + 1 < body.len() {
            let e = body[i + 1];
            match e {
                b'0' => out.push(0),
                b'b' => out.push(8),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b't' => out.push(b'\t'),
                b'Z' => out.push(0x1a),
                b'%' | b'_' => out.extend_from_slice(&[b'\\', e]),
                _ => out.push(e),
            }
            i += 2;
        } else if b == quote && body.get(i + 1) == Some(&quote) {
            out.push(quote);
            i += 2;
        } else {
            out.push(b);
            i += 1;
        }
    }
    Some(Cow::Owned(out))
}

/// Decode a hex literal (`X'..'`, `0x..`) or bit literal (`B'..'`, `0b..`)
/// to the bytes MySQL would use (left-padded to whole bytes). `None` for
/// other tokens or malformed digits (e.g. an odd-length `X'..'`, which MySQL
/// rejects).
pub fn decode_binary_literal(src: &[u8], tok: &Token) -> Option<Vec<u8>> {
    let text = tok.text(src);
    let (digits, quoted) = if text.len() >= 3 && text[1] == b'\'' {
        (&text[2..text.len() - 1], true)
    } else if text.len() >= 2 && text[0] == b'0' {
        (&text[2..], false)
    } else {
        return None;
    };
    match tok.kind {
        TokenKind::HexLit => {
            if quoted && digits.len() % 2 == 1 {
                return None;
            }
            let mut out = Vec::with_capacity(digits.len().div_ceil(2));
            let mut acc: u8 = 0;
            let mut half = digits.len() % 2 == 1;
            for &d in digits {
                let v = (d as char).to_digit(16)? as u8;
                if half {
                    out.push(acc << 4 | v);
                    acc = 0;
                    half = false;
                } else {
                    acc = v;
                    half = true;
                }
            }
            Some(out)
        }
        TokenKind::BitLit => {
            let nbytes = digits.len().div_ceil(8);
            let mut out = vec![0u8; nbytes];
            for (k, &d) in digits.iter().rev().enumerate() {
                match d {
                    b'0' => {}
                    b'1' => out[nbytes - 1 - k / 8] |= 1 << (k % 8),
                    _ => return None,
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// Decode an identifier token to its name: backquoted / ANSI-quoted names
/// lose their quotes and doubled quote characters. Non-UTF-8 bytes are
/// replaced (identifiers in the catalog are UTF-8).
pub fn ident_name<'a>(src: &'a [u8], tok: &Token) -> Cow<'a, str> {
    let text = tok.text(src);
    match tok.kind {
        TokenKind::QuotedIdent if text.len() >= 2 => {
            let q = text[0];
            let body = &text[1..text.len() - 1];
            if body.contains(&q) {
                let mut out = Vec::with_capacity(body.len());
                let mut i = 0;
                while i < body.len() {
                    out.push(body[i]);
                    i += if body[i] == q && body.get(i + 1) == Some(&q) {
                        2
                    } else {
                        1
                    };
                }
                Cow::Owned(String::from_utf8_lossy(&out).into_owned())
            } else {
                String::from_utf8_lossy(body)
            }
        }
        _ => String::from_utf8_lossy(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: LexOptions = LexOptions {
        no_backslash_escapes: false,
        ansi_quotes: false,
    };

    fn kinds(s: &str, o: LexOptions) -> Vec<(TokenKind, String)> {
        lex(s.as_bytes(), o)
            .into_iter()
            .filter(|t| t.kind != TokenKind::Whitespace)
            .map(|t| {
                (
                    t.kind,
                    String::from_utf8_lossy(t.text(s.as_bytes())).into_owned(),
                )
            })
            .collect()
    }

    fn texts(s: &str, o: LexOptions) -> Vec<String> {
        kinds(s, o).into_iter().map(|(_, t)| t).collect()
    }

    fn decoded(s: &str, o: LexOptions) -> Vec<u8> {
        let toks = lex(s.as_bytes(), o);
        assert_eq!(toks.len(), 1, "{toks:?}");
        decode_string(s.as_bytes(), &toks[0], o)
            .unwrap()
            .into_owned()
    }

    #[test]
    fn identifiers_punctuation_and_json_operators_are_separate_tokens() {
        assert_eq!(
            texts(
                "SELECT a.b, `c``d` FROM t WHERE x->>'$.a' <=> ? AND y:=1",
                D
            ),
            [
                "SELECT", "a", ".", "b", ",", "`c``d`", "FROM", "t", "WHERE", "x", "->>", "'$.a'",
                "<=>", "?", "AND", "y", ":=", "1"
            ]
        );
    }

    #[test]
    fn two_character_operators_are_one_token() {
        assert_eq!(
            texts("a!=b<>c||d&&e->f<=g>=h<<i>>j", D),
            [
                "a", "!=", "b", "<>", "c", "||", "d", "&&", "e", "->", "f", "<=", "g", ">=", "h",
                "<<", "i", ">>", "j"
            ]
        );
    }

    #[test]
    fn string_escapes_decode_as_mysql_does_and_not_under_no_backslash_escapes() {
        assert_eq!(decoded(r"'a\'b'", D), b"a'b");
        assert_eq!(decoded(r"'a''b'", D), b"a'b");
        assert_eq!(
            decoded(r#"'\0\b\n\r\t\Z\\\"\q'"#, D),
            b"\0\x08\n\r\t\x1a\\\"q"
        );
        assert_eq!(decoded(r"'\%\_'", D), br"\%\_");
        assert_eq!(decoded(r#""a""b\"c""#, D), b"a\"b\"c");
        let nb = LexOptions {
            no_backslash_escapes: true,
            ..D
        };
        assert_eq!(decoded(r"'a\'", nb), br"a\");
        assert_eq!(decoded(r"'a\''b'", nb), br"a\'b");
    }

    #[test]
    fn borrowed_when_no_escapes() {
        let s = b"'{\"a\":1}'";
        let t = lex(s, D);
        assert!(matches!(decode_string(s, &t[0], D), Some(Cow::Borrowed(_))));
    }

    #[test]
    fn double_quotes_delimit_an_identifier_only_under_ansi_quotes() {
        let a = LexOptions {
            ansi_quotes: true,
            ..D
        };
        assert_eq!(kinds("\"a\"\"b\"", a)[0].0, TokenKind::QuotedIdent);
        assert!(matches!(kinds("\"ab\"", D)[0].0, TokenKind::Str { .. }));
        let t = lex(b"\"a\"\"b\"", a);
        assert_eq!(ident_name(b"\"a\"\"b\"", &t[0]), "a\"b");
    }

    #[test]
    fn a_charset_introducer_belongs_to_its_string_and_an_unknown_one_is_an_identifier() {
        let s = "_utf8mb4'x' _binary 'y' N'z' _foo'w' _binary X'00'";
        let k = kinds(s, D);
        assert!(matches!(k[0].0, TokenKind::Str { .. }));
        assert_eq!(k[0].1, "_utf8mb4'x'");
        assert_eq!(k[1].1, "_binary 'y'");
        assert_eq!(k[2].1, "N'z'");
        assert_eq!(k[3], (TokenKind::Ident, "_foo".into()));
        assert_eq!(k[5], (TokenKind::Ident, "_binary".into()));
        assert_eq!(k[6].0, TokenKind::HexLit);
        let toks = lex(s.as_bytes(), D);
        assert_eq!(
            string_introducer(s.as_bytes(), &toks[0]),
            Some(&b"utf8mb4"[..])
        );
        assert_eq!(
            string_introducer(s.as_bytes(), &toks[2]),
            Some(&b"binary"[..])
        );
        assert_eq!(
            decode_string(s.as_bytes(), &toks[2], D).unwrap().as_ref(),
            b"y"
        );
    }

    #[test]
    fn hex_and_bit_literals_are_recognised_and_decoded_and_lookalikes_are_not() {
        let s = "X'0aFF' 0x1f2 b'101' 0b11 0xZZ 1abc 1e5 1.5e-3 .5";
        let k = kinds(s, D);
        let got: Vec<TokenKind> = k.iter().map(|k| k.0).collect();
        use TokenKind::*;
        assert_eq!(
            got,
            [HexLit, HexLit, BitLit, BitLit, Ident, Ident, Number, Number, Number]
        );
        let toks: Vec<Token> = lex(s.as_bytes(), D)
            .into_iter()
            .filter(|t| t.kind != Whitespace)
            .collect();
        let b = s.as_bytes();
        assert_eq!(decode_binary_literal(b, &toks[0]).unwrap(), [0x0a, 0xff]);
        assert_eq!(decode_binary_literal(b, &toks[1]).unwrap(), [0x01, 0xf2]);
        assert_eq!(decode_binary_literal(b, &toks[2]).unwrap(), [5]);
        assert_eq!(decode_binary_literal(b, &toks[3]).unwrap(), [3]);
    }

    #[test]
    fn comments_of_every_style_are_tokens_and_double_dash_needs_a_space() {
        let k = kinds("a -- c\nb #x\nc /* d */ e --x f", D);
        let t: Vec<&str> = k.iter().map(|k| k.1.as_str()).collect();
        assert_eq!(
            t,
            ["a", "-- c\n", "b", "#x\n", "c", "/* d */", "e", "-", "-", "x", "f"]
        );
        assert_eq!(kinds("a --", D)[1].0, TokenKind::Comment);
    }

    #[test]
    fn executable_comment_markers_are_tokens_around_the_sql_they_hold() {
        let k = kinds("/*!40000 ALTER TABLE `t` DISABLE KEYS */;", D);
        assert_eq!(k[0], (TokenKind::ExecCommentOpen, "/*!40000".into()));
        assert_eq!(k[1].1, "ALTER");
        assert_eq!(k[6], (TokenKind::ExecCommentClose, "*/".into()));
        assert_eq!(k[7].0, TokenKind::Semicolon);
        let k = kinds("/*M!100101 SET x=1*/ /*!SET y=2 */", D);
        assert_eq!(k[0].1, "/*M!100101");
        assert_eq!(k[6].1, "/*!");
    }

    #[test]
    fn an_unterminated_quote_or_comment_ends_in_an_unterminated_token() {
        for s in [
            "'abc", "\"abc", "`abc", "/* abc", "X'0a", "'a\\'", "@`x", "@'x",
        ] {
            let t = lex(s.as_bytes(), D);
            assert_eq!(t.last().unwrap().kind, TokenKind::Unterminated, "{s}");
        }
    }

    #[test]
    fn user_and_system_variables_are_one_token_each() {
        assert_eq!(
            texts("@a @'b c' @@session.sql_mode @@sql_mode @`x`", D),
            ["@a", "@'b c'", "@@session.sql_mode", "@@sql_mode", "@`x`"]
        );
    }

    #[test]
    fn qualified_number_like_names() {
        assert_eq!(texts("t.1col", D), ["t", ".", "1col"]);
    }

    #[test]
    fn sql_mode_names_set_the_lexing_flags_case_insensitively() {
        let o = LexOptions::from_sql_mode("STRICT_TRANS_TABLES,ansi,NO_BACKSLASH_ESCAPES");
        assert!(o.ansi_quotes && o.no_backslash_escapes);
        assert_eq!(LexOptions::from_sql_mode(""), LexOptions::default());
    }

    #[test]
    fn a_version_comment_the_server_skips_is_a_comment_and_one_it_runs_is_code() {
        use crate::sql::comment_gate::{set_for_this_test_thread, CommentGate, Dialect};
        set_for_this_test_thread(CommentGate::of(&[Dialect::MariaDb(101106)]));
        let k = kinds("SELECT /*!110000 1 -- '*/ LENGTH(doc) FROM docs", D);
        assert_eq!(k[1], (TokenKind::Comment, "/*!110000 1 -- '*/".into()));
        assert_eq!(k[2].1, "LENGTH");
        let k = kinds("SELECT /*M!110000 a /* nested */ b */ doc", D);
        assert_eq!(
            k[1],
            (TokenKind::Comment, "/*M!110000 a /* nested */ b */".into())
        );
        assert_eq!(k[2].1, "doc");
        let k = kinds("SELECT /*!50700 x */ /*M!50700 y */ /*!100100 z */", D);
        assert_eq!(k[1].0, TokenKind::Comment, "MySQL 5.7 syntax is skipped");
        assert_eq!(k[2], (TokenKind::ExecCommentOpen, "/*M!50700".into()));
        assert!(k.contains(&(TokenKind::ExecCommentOpen, "/*!100100".into())));
        let k = kinds("/*!110000 never closed", D);
        assert_eq!(k[0].0, TokenKind::Unterminated);
    }
}
