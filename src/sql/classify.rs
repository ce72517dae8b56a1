//! Statement classification (the tables a statement names are found by
//! [`super::tables`]).
//!
//! It works on the *significant* tokens of one statement (trivia removed,
//! see [`significant_tokens`]) and looks only at the few keywords that decide
//! what a statement is; nothing here builds a syntax tree.

use std::borrow::Cow;

use super::lexer::{decode_string, ident_name, LexOptions, Lexer, Token, TokenKind};
use super::tokens::{is_name, keyword_at as kw};

/// What kind of statement this is, as far as the proxy cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatementKind<'a> {
    /// Only whitespace/comments (e.g. after a trailing `;`).
    Empty,
    /// `SELECT`, `(SELECT ...)`, `WITH ... SELECT`, `TABLE t`, `VALUES ROW(..)`.
    Select,
    /// `INSERT`.
    Insert,
    /// `REPLACE`.
    Replace,
    /// `UPDATE` (also `WITH ... UPDATE`).
    Update,
    /// `DELETE` (also `WITH ... DELETE`).
    Delete,
    /// `LOAD DATA` / `LOAD XML`.
    LoadData,
    /// `PREPARE name FROM ...`. `text` is the string literal token holding
    /// the statement text, or `None` when it comes from a user variable
    /// (`FROM @sql`), which the proxy cannot see.
    Prepare {
        /// The statement name.
        name: Cow<'a, str>,
        /// The string literal token (decode with [`decode_string`]).
        text: Option<Token>,
    },
    /// `EXECUTE name [USING @a, ...]`.
    Execute,
    /// `EXECUTE IMMEDIATE 'text' [USING expr, ...]`. `text` is the string
    /// literal holding the statement, `None` when it is anything else (a
    /// user variable, an expression), which the proxy cannot see.
    ExecuteImmediate {
        /// The string literal token (decode with [`decode_string`]).
        text: Option<Token>,
        /// Significant-token index of `USING`, if any.
        using: Option<usize>,
    },
    /// MariaDB's `SET STATEMENT var = value [, ...] FOR <statement>`: the
    /// variables hold only for the inner statement, which MariaDB parses
    /// with the session's sql_mode (it parses before it applies them).
    SetStatement {
        /// What the inner statement is.
        inner: Box<StatementKind<'a>>,
        /// Significant-token index of the inner statement's first token.
        at: usize,
    },
    /// `USE db`.
    Use(Cow<'a, str>),
    /// `SET ...`; lists the changes the session must track (may be empty,
    /// e.g. for `SET @a = 1` or `SET autocommit = 0`).
    Set(Vec<SessionChange>),
    /// `CREATE`/`ALTER`/`DROP`/`RENAME`/`TRUNCATE`: the caller should refresh
    /// its column cache for the statement's tables (see [`table_refs`](super::tables::table_refs)).
    Ddl,
    /// Anything else (`BEGIN`, `SHOW`, `CALL`, `DEALLOCATE PREPARE`, ...).
    Other,
}

/// A session variable change the proxy must track because it changes how
/// later statements are lexed or how their literals are encoded.
///
/// A `None` value means "changed, but not to a value we can read statically"
/// (`DEFAULT`, an expression, a user variable): re-read it from the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionChange {
    /// `SET [SESSION|LOCAL|@@session.|@@local.|@@]sql_mode = '...'`.
    /// Feed the value to [`LexOptions::from_sql_mode`].
    SqlMode(Option<String>),
    /// `SET character_set_client = x`.
    CharsetClient(Option<String>),
    /// `SET NAMES x [COLLATE y]` (client, connection and results charsets).
    Names(Option<String>),
    /// `SET CHARACTER SET x` / `SET CHARSET x` (client and results charsets;
    /// connection charset becomes the database default).
    CharacterSet(Option<String>),
}

/// The non-trivia tokens of one statement starting at byte `start`,
/// stopping at (and excluding) the first top-level `;`. Returns the tokens,
/// the end of the statement (the `;` offset or the end of input) and the
/// offset where the next statement starts.
pub fn significant_tokens(
    src: &[u8],
    start: usize,
    opts: LexOptions,
) -> (Vec<Token>, usize, usize) {
    let mut out = Vec::new();
    let (end, next) = significant_tokens_into(src, start, opts, &mut out);
    (out, end, next)
}

/// [`significant_tokens`] into a caller-owned buffer (cleared first), so a
/// multi-statement query reuses one allocation.
pub fn significant_tokens_into(
    src: &[u8],
    start: usize,
    opts: LexOptions,
    out: &mut Vec<Token>,
) -> (usize, usize) {
    out.clear();
    for tok in Lexer::at(src, start, opts) {
        match tok.kind {
            TokenKind::Semicolon => return (tok.start, tok.end),
            k if k.is_trivia() => {}
            _ => out.push(tok),
        }
    }
    (src.len(), src.len())
}

/// Classify one statement from its significant tokens.
pub fn classify_statement<'a>(
    src: &'a [u8],
    toks: &[Token],
    opts: LexOptions,
) -> StatementKind<'a> {
    let mut i = 0;
    while toks.get(i).is_some_and(|t| t.kind == TokenKind::LParen) {
        i += 1;
    }
    let Some(first) = toks.get(i) else {
        return StatementKind::Empty;
    };
    if first.kind != TokenKind::Ident {
        return StatementKind::Other;
    }
    let word = first.text(src);
    let is = |w: &str| word.eq_ignore_ascii_case(w.as_bytes());
    if is("SELECT") || is("TABLE") || is("VALUES") {
        StatementKind::Select
    } else if is("INSERT") {
        StatementKind::Insert
    } else if is("REPLACE") {
        StatementKind::Replace
    } else if is("UPDATE") {
        StatementKind::Update
    } else if is("DELETE") {
        StatementKind::Delete
    } else if is("WITH") {
        with_verb(src, &toks[i + 1..])
    } else if is("LOAD") && (kw(src, toks, i + 1, "DATA") || kw(src, toks, i + 1, "XML")) {
        StatementKind::LoadData
    } else if is("PREPARE") {
        prepare(src, toks, i)
    } else if is("EXECUTE") && kw(src, toks, i + 1, "IMMEDIATE") {
        execute_immediate(src, toks, i)
    } else if is("EXECUTE") {
        StatementKind::Execute
    } else if is("USE") {
        use_database(src, toks, i)
    } else if is("SET") && kw(src, toks, i + 1, "STATEMENT") {
        set_statement(src, toks, i, opts)
    } else if is("SET") {
        StatementKind::Set(parse_set(src, &toks[i + 1..], opts))
    } else if is("DROP") && (kw(src, toks, i + 1, "PREPARE")) {
        StatementKind::Other
    } else if is("CREATE") || is("ALTER") || is("DROP") || is("RENAME") || is("TRUNCATE") {
        StatementKind::Ddl
    } else {
        StatementKind::Other
    }
}

/// `WITH ...` (`rest` after the WITH): the verb is the first depth-0
/// keyword after the CTE list.
fn with_verb<'a>(src: &'a [u8], rest: &[Token]) -> StatementKind<'a> {
    let mut depth = 0usize;
    for t in rest {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Ident if depth == 0 => {
                for (w, k) in [
                    ("SELECT", StatementKind::Select),
                    ("UPDATE", StatementKind::Update),
                    ("DELETE", StatementKind::Delete),
                    ("INSERT", StatementKind::Insert),
                    ("REPLACE", StatementKind::Replace),
                ] {
                    if t.is_keyword(src, w) {
                        return k;
                    }
                }
            }
            _ => {}
        }
    }
    StatementKind::Select
}

/// `PREPARE name FROM 'text'` with PREPARE at `i`.
fn prepare<'a>(src: &'a [u8], toks: &[Token], i: usize) -> StatementKind<'a> {
    let name = toks
        .get(i + 1)
        .map(|t| ident_name(src, t))
        .unwrap_or_default();
    // One string literal and nothing after it: the server concatenates
    // adjacent strings, and squeeze would see only the first.
    let text = if kw(src, toks, i + 2, "FROM") && toks.len() == i + 4 {
        toks.get(i + 3)
            .filter(|t| matches!(t.kind, TokenKind::Str { .. }))
            .copied()
    } else {
        None
    };
    StatementKind::Prepare { name, text }
}

/// `EXECUTE IMMEDIATE 'text' [USING ...]` with EXECUTE at `i`.
fn execute_immediate<'a>(src: &'a [u8], toks: &[Token], i: usize) -> StatementKind<'a> {
    let using = (i + 2..toks.len()).find(|&k| kw(src, toks, k, "USING"));
    let end = using.unwrap_or(toks.len());
    let text = match &toks[i + 2..end] {
        [t] if matches!(t.kind, TokenKind::Str { .. }) => Some(*t),
        _ => None,
    };
    StatementKind::ExecuteImmediate { text, using }
}

/// `USE db` with USE at `i`.
fn use_database<'a>(src: &'a [u8], toks: &[Token], i: usize) -> StatementKind<'a> {
    match toks.get(i + 1) {
        // USE `` fails on the server (ERR 1102) and changes nothing, so
        // it must not change the database later statements are planned in.
        Some(t) if matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent) => {
            match ident_name(src, t) {
                name if name.is_empty() => StatementKind::Other,
                name => StatementKind::Use(name),
            }
        }
        _ => StatementKind::Other,
    }
}

/// `SET STATEMENT ... FOR inner` with SET at `i`: the inner statement
/// starts after the first depth-0 FOR.
fn set_statement<'a>(
    src: &'a [u8],
    toks: &[Token],
    i: usize,
    opts: LexOptions,
) -> StatementKind<'a> {
    let mut depth = 0usize;
    let mut at = None;
    for (k, t) in toks.iter().enumerate().skip(i + 2) {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Ident if depth == 0 && t.is_keyword(src, "FOR") => {
                at = Some(k + 1);
                break;
            }
            _ => {}
        }
    }
    match at {
        Some(at) => StatementKind::SetStatement {
            inner: Box::new(classify_statement(src, &toks[at..], opts)),
            at,
        },
        // Not valid SQL; the server reports it.
        None => StatementKind::Other,
    }
}

/// A value on the right of `SET x = value`: a string literal, a bare word
/// (`utf8mb4`, `DEFAULT` gives `None`), anything longer is unknown.
fn set_value(src: &[u8], toks: &[Token], opts: LexOptions) -> Option<String> {
    let t = toks.first()?;
    let simple = toks.len() == 1 || toks.get(1).is_some_and(|t| t.is_keyword(src, "COLLATE"));
    if !simple {
        return None;
    }
    match t.kind {
        TokenKind::Str { .. } => {
            decode_string(src, t, opts).map(|v| String::from_utf8_lossy(&v).into_owned())
        }
        TokenKind::Ident if t.is_keyword(src, "DEFAULT") => None,
        TokenKind::Ident | TokenKind::QuotedIdent => Some(ident_name(src, t).into_owned()),
        _ => None,
    }
}

fn parse_set(src: &[u8], toks: &[Token], opts: LexOptions) -> Vec<SessionChange> {
    let mut changes = Vec::new();
    // Split the assignment list on depth-0 commas.
    let mut depth = 0usize;
    let mut start = 0;
    let mut parts: Vec<&[Token]> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => {
                parts.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    let mut global = false;
    for part in parts {
        let mut p = part;
        // Scope keyword (sticky for the rest of the list, as in MySQL).
        if let Some(t) = p.first() {
            if t.is_keyword(src, "GLOBAL")
                || t.is_keyword(src, "PERSIST")
                || t.is_keyword(src, "PERSIST_ONLY")
            {
                global = true;
                p = &p[1..];
            } else if t.is_keyword(src, "SESSION") || t.is_keyword(src, "LOCAL") {
                global = false;
                p = &p[1..];
            }
        }
        let Some(head) = p.first() else { continue };
        if head.is_keyword(src, "NAMES") {
            changes.push(SessionChange::Names(set_value(src, &p[1..], opts)));
            continue;
        }
        if head.is_keyword(src, "CHARSET") {
            changes.push(SessionChange::CharacterSet(set_value(src, &p[1..], opts)));
            continue;
        }
        if head.is_keyword(src, "CHARACTER") && kw(src, p, 1, "SET") {
            changes.push(SessionChange::CharacterSet(set_value(src, &p[2..], opts)));
            continue;
        }
        // Variable name: `name`, `@@name`, `@@session.name`, `@@global.name`.
        let (name, local_global) = match head.kind {
            TokenKind::Ident => (ident_name(src, head).to_ascii_lowercase(), global),
            TokenKind::Variable if head.text(src).starts_with(b"@@") => {
                let v = String::from_utf8_lossy(&head.text(src)[2..]).to_ascii_lowercase();
                match v.split_once('.') {
                    Some(("session" | "local", n)) => (n.to_string(), false),
                    Some((_, n)) => (n.to_string(), true),
                    None => (v, false),
                }
            }
            _ => continue,
        };
        if local_global {
            continue;
        }
        let Some(eq) = p.get(1) else { continue };
        if !(eq.is_op(src, "=") || eq.is_op(src, ":=")) {
            continue;
        }
        let value = &p[2..];
        match name.as_str() {
            "sql_mode" => changes.push(SessionChange::SqlMode(set_value(src, value, opts))),
            "character_set_client" => {
                changes.push(SessionChange::CharsetClient(set_value(src, value, opts)))
            }
            _ => {}
        }
    }
    changes
}

/// A schema-cache entry a DDL statement may change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaTarget {
    /// (database, table).
    Table(String, String),
    /// Every table of a database (`DROP/CREATE/ALTER DATABASE`).
    Database(String),
}

/// What a DDL statement may change in the schema cache: for `CREATE/DROP/
/// ALTER DATABASE|SCHEMA x` the database; otherwise every name the
/// statement writes, qualified (`db.t`, the first two parts of `db.t.c`)
/// or in `current_db` (`t`). A name that is not a table (a column, a type)
/// only costs a cache miss; a table in any database is never left stale.
pub fn ddl_targets(src: &[u8], toks: &[Token], current_db: Option<&str>) -> Vec<SchemaTarget> {
    let k = |i: usize, w: &str| kw(src, toks, i, w);
    if k(0, "CREATE") || k(0, "DROP") || k(0, "ALTER") {
        let mut i = 1;
        if k(i, "OR") && k(i + 1, "REPLACE") {
            i += 2;
        }
        if k(i, "DATABASE") || k(i, "SCHEMA") {
            i += 1;
            if k(i, "IF") {
                i += if k(i + 1, "NOT") { 3 } else { 2 };
            }
            return match toks.get(i) {
                Some(t) if is_name(t) => {
                    vec![SchemaTarget::Database(ident_name(src, t).into_owned())]
                }
                // `ALTER DATABASE CHARACTER SET ...`: the current database.
                _ => current_db
                    .map(|d| vec![SchemaTarget::Database(d.to_string())])
                    .unwrap_or_default(),
            };
        }
    }
    let mut out: Vec<SchemaTarget> = Vec::new();
    let mut push = |t: SchemaTarget| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    let mut j = 0;
    while j < toks.len() {
        let t = &toks[j];
        if !is_name(t) || (j > 0 && toks[j - 1].kind == TokenKind::Dot) {
            j += 1;
            continue;
        }
        let dotted = toks.get(j + 1).is_some_and(|d| d.kind == TokenKind::Dot)
            && toks.get(j + 2).is_some_and(is_name);
        if dotted {
            push(SchemaTarget::Table(
                ident_name(src, t).into_owned(),
                ident_name(src, &toks[j + 2]).into_owned(),
            ));
            j += 3;
            while toks.get(j).is_some_and(|d| d.kind == TokenKind::Dot) {
                j += 2;
            }
            continue;
        }
        if let Some(db) = current_db {
            push(SchemaTarget::Table(
                db.to_string(),
                ident_name(src, t).into_owned(),
            ));
        }
        j += 1;
    }
    out
}

/// Index of the `)` matching the `(` at `open` (or `toks.len()`).
pub(crate) fn matching_paren(toks: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: LexOptions = LexOptions {
        no_backslash_escapes: false,
        ansi_quotes: false,
    };

    fn class(s: &str) -> StatementKind<'_> {
        let (toks, _, _) = significant_tokens(s.as_bytes(), 0, D);
        classify_statement(s.as_bytes(), &toks, D)
    }

    #[test]
    fn statements_are_classified_by_their_leading_keywords() {
        use StatementKind::*;
        assert_eq!(class("  select 1"), Select);
        assert_eq!(class("(SELECT 1) UNION (SELECT 2)"), Select);
        assert_eq!(class("/* hi */ INSERT INTO t VALUES (1)"), Insert);
        assert_eq!(class("replace into t values (1)"), Replace);
        assert_eq!(
            class("WITH c AS (SELECT 1) UPDATE t JOIN c SET x=1"),
            Update
        );
        assert_eq!(class("DELETE FROM t"), Delete);
        assert_eq!(class("LOAD DATA LOCAL INFILE 'x' INTO TABLE t"), LoadData);
        assert_eq!(class("USE `my db`"), Use("my db".into()));
        // An empty name is the server's ERR 1102, not a database switch.
        assert_eq!(class("USE ``"), Other);
        assert_eq!(class("/*!40000 ALTER TABLE `t` DISABLE KEYS */"), Ddl);
        assert_eq!(class("TRUNCATE t"), Ddl);
        assert_eq!(class("DROP PREPARE s"), Other);
        assert_eq!(class("EXECUTE s USING @a"), Execute);
        assert_eq!(class("BEGIN"), Other);
        assert_eq!(class(" -- just a comment\n"), Empty);
        match class("PREPARE s FROM 'SELECT ?'") {
            Prepare { name, text } => {
                assert_eq!(name, "s");
                assert!(text.is_some());
            }
            k => panic!("{k:?}"),
        }
        assert!(matches!(
            class("PREPARE s FROM @q"),
            Prepare { text: None, .. }
        ));
    }

    #[test]
    fn set_statements_report_the_session_changes_squeeze_tracks() {
        use SessionChange::*;
        use StatementKind::Set as S;
        assert_eq!(
            class("SET NAMES utf8mb4"),
            S(vec![Names(Some("utf8mb4".into()))])
        );
        assert_eq!(
            class("SET NAMES 'utf8mb4' COLLATE 'utf8mb4_0900_ai_ci'"),
            S(vec![Names(Some("utf8mb4".into()))])
        );
        assert_eq!(
            class("SET CHARACTER SET latin1"),
            S(vec![CharacterSet(Some("latin1".into()))])
        );
        assert_eq!(
            class("SET sql_mode = 'ANSI_QUOTES'"),
            S(vec![SqlMode(Some("ANSI_QUOTES".into()))])
        );
        assert_eq!(
            class("SET SESSION sql_mode='', @a = 1, character_set_client = utf8mb4"),
            S(vec![
                SqlMode(Some("".into())),
                CharsetClient(Some("utf8mb4".into()))
            ])
        );
        assert_eq!(
            class("SET @@session.sql_mode := 'X'"),
            S(vec![SqlMode(Some("X".into()))])
        );
        assert_eq!(class("SET @@sql_mode = DEFAULT"), S(vec![SqlMode(None)]));
        assert_eq!(
            class("SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')"),
            S(vec![SqlMode(None)])
        );
        assert_eq!(class("SET GLOBAL sql_mode = 'X'"), S(vec![]));
        assert_eq!(class("SET @@global.sql_mode = 'X'"), S(vec![]));
        assert_eq!(class("SET autocommit=0"), S(vec![]));
        // Connector/J's connection setup.
        assert_eq!(
            class("SET character_set_results = NULL, SQL_MODE='STRICT_TRANS_TABLES'"),
            S(vec![SqlMode(Some("STRICT_TRANS_TABLES".into()))])
        );
    }
}
