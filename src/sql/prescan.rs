//! One pass over a COM_QUERY's bytes, before any lexing, answering the
//! cheap questions every query is asked: which verb it starts with, and
//! whether it may contain a `KILL`, a `CONNECTION_ID()` call, a user
//! variable, a second statement or a named-lock function.
//!
//! Every answer errs towards "maybe" (a word inside a string or comment
//! still counts); a "maybe" only sends the query to the full lexer. The
//! point is the common query (`SELECT doc FROM t WHERE id = 7`): it used to
//! be scanned by five separate byte loops per command.

use super::lexer::is_ident_byte;

/// What one scan of a query text found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prescan {
    /// The first word, when the text starts (after whitespace) with one of
    /// the verbs below; `None` for anything else (a comment, a parenthesis,
    /// another verb).
    pub verb: Option<Verb>,
    /// The text starts (after whitespace) with a comment or `(`, or is
    /// empty: the verb is hidden from this scan.
    pub hidden_start: bool,
    /// `@` somewhere (a user or system variable).
    pub at_sign: bool,
    /// `;` somewhere (possibly several statements).
    pub semicolon: bool,
    /// `_lock` somewhere, any case (`GET_LOCK`, `RELEASE_LOCK`, ...).
    pub lock_function: bool,
    /// `kill` somewhere, any case.
    pub kill: bool,
    /// `connection_id` somewhere, any case.
    pub connection_id: bool,
    /// `socket` after an `@` somewhere, any case (`@@socket`).
    pub socket: bool,
    /// `session_track_` after an `@` somewhere, any case
    /// (`@@session_track_system_variables`).
    pub session_track: bool,
    /// `max_allowed_packet` after an `@` somewhere, any case.
    pub max_allowed_packet: bool,
    /// `_variables` somewhere, any case (`information_schema.SESSION_VARIABLES`,
    /// `GLOBAL_VARIABLES`).
    pub variables_table: bool,
}

/// The leading verbs the scan recognises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Select,
    Insert,
    Update,
    Delete,
    Replace,
    /// A verb that may change what the session tracks (database, sql_mode,
    /// character set, prepared statements) or the schema.
    SessionOrSchema,
}

const SESSION_OR_SCHEMA_VERBS: &[&[u8]] = &[
    b"use",
    b"set",
    b"create",
    b"alter",
    b"drop",
    b"rename",
    b"truncate",
    b"prepare",
    b"execute",
];

impl Prescan {
    pub fn of(sql: &[u8]) -> Prescan {
        let start = sql
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(sql.len());
        let rest = &sql[start..];
        let mut scan = Prescan {
            hidden_start: rest.is_empty() || matches!(rest[0], b'/' | b'-' | b'#' | b'('),
            verb: leading_verb(rest),
            ..Prescan::default()
        };
        // memchr's vectorised searches: a few instructions per 16 bytes
        // instead of a branch per byte.
        for i in memchr::memchr3_iter(b'@', b';', b'_', sql) {
            match sql[i] {
                b'@' => scan.at_sign = true,
                b';' => scan.semicolon = true,
                _ => {
                    scan.lock_function |= word_at(sql, i + 1, b"lock");
                    scan.variables_table |= word_at(sql, i + 1, b"variables");
                }
            }
        }
        scan.kill = memchr::memchr2_iter(b'k', b'K', sql)
            .any(|i| word_at(sql, i, b"kill") && may_start_statement(sql, i));
        scan.connection_id =
            memchr::memchr2_iter(b'c', b'C', sql).any(|i| word_at(sql, i, b"connection_id"));
        scan.socket = scan.at_sign
            && memchr::memchr2_iter(b's', b'S', sql).any(|i| word_at(sql, i, b"socket"));
        scan.session_track = scan.at_sign
            && memchr::memchr2_iter(b's', b'S', sql).any(|i| word_at(sql, i, b"session_track_"));
        scan.max_allowed_packet = scan.at_sign
            && memchr::memchr2_iter(b'm', b'M', sql)
                .any(|i| word_at(sql, i, b"max_allowed_packet"));
        scan
    }

    /// A single plain DML statement (`SELECT`/`INSERT`/`UPDATE`/`DELETE`/
    /// `REPLACE`) without variables or named locks: it leaves nothing in
    /// the server session.
    pub fn is_plain_dml(&self) -> bool {
        matches!(
            self.verb,
            Some(Verb::Select | Verb::Insert | Verb::Update | Verb::Delete | Verb::Replace)
        ) && !self.at_sign
            && !self.semicolon
            && !self.lock_function
    }

    /// Whether the query may change what the session tracks (database,
    /// sql_mode, character set, SQL-level prepared statements) or the
    /// schema, so it must be analysed even when it names no compressed
    /// table.
    pub fn may_change_session(&self) -> bool {
        self.hidden_start || self.semicolon || self.verb == Some(Verb::SessionOrSchema)
    }
}

/// Whether a keyword at `at` may begin a statement: what precedes it
/// (skipping spaces and tabs) is the start of the text, a `;`, or the end
/// or inside of a comment (`*/`, a newline ending a `--`/`#` comment, the
/// `!` or version digits of `/*!50000`). A word after a letter, a quote or
/// punctuation (`"will kill"`, `'kill'` in a document) cannot be a
/// statement's first keyword, so a multi-megabyte INSERT of documents
/// mentioning "kill" is not lexed for a KILL.
fn may_start_statement(sql: &[u8], at: usize) -> bool {
    match sql[..at].iter().rev().find(|&&b| b != b' ' && b != b'\t') {
        None => true,
        Some(&b) => matches!(b, b';' | b'/' | b'!' | b'\n' | b'\r' | b'0'..=b'9'),
    }
}

fn word_at(sql: &[u8], at: usize, word: &[u8]) -> bool {
    sql.get(at..at + word.len())
        .is_some_and(|w| w.eq_ignore_ascii_case(word))
}

fn leading_verb(rest: &[u8]) -> Option<Verb> {
    let len = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    // `SELECT1` or `SELECT_x` is one identifier, not the verb.
    if rest.get(len).is_some_and(|&b| is_ident_byte(b)) {
        return None;
    }
    let word = &rest[..len];
    let is = |v: &[u8]| word.eq_ignore_ascii_case(v);
    if is(b"select") {
        Some(Verb::Select)
    } else if is(b"insert") {
        Some(Verb::Insert)
    } else if is(b"update") {
        Some(Verb::Update)
    } else if is(b"delete") {
        Some(Verb::Delete)
    } else if is(b"replace") {
        Some(Verb::Replace)
    } else if SESSION_OR_SCHEMA_VERBS.iter().any(|v| is(v)) {
        Some(Verb::SessionOrSchema)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_point_select_is_plain_dml_and_changes_nothing() {
        let p = Prescan::of(b"  SELECT doc FROM t WHERE id = 7");
        assert_eq!(p.verb, Some(Verb::Select));
        assert!(p.is_plain_dml());
        assert!(!p.may_change_session());
        assert!(!p.kill && !p.connection_id);
    }

    #[test]
    fn variables_semicolons_and_named_locks_are_not_plain() {
        for sql in [
            "SELECT @a",
            "SELECT 1; SELECT 2",
            "SELECT GET_LOCK('x', 1)",
            "select release_LOCK('x')",
        ] {
            assert!(!Prescan::of(sql.as_bytes()).is_plain_dml(), "{sql}");
        }
    }

    #[test]
    fn the_variables_tables_are_found_in_any_case_and_nothing_else_is() {
        for sql in [
            "SELECT * FROM information_schema.SESSION_VARIABLES",
            "select variable_value from information_schema.global_variables",
            "SELECT 1 FROM `information_schema`.`Session_Variables`",
        ] {
            assert!(Prescan::of(sql.as_bytes()).variables_table, "{sql}");
        }
        for sql in [
            "SHOW VARIABLES",
            "SELECT @@max_allowed_packet",
            "SELECT variables FROM t",
        ] {
            assert!(!Prescan::of(sql.as_bytes()).variables_table, "{sql}");
        }
    }

    #[test]
    fn an_identifier_that_starts_with_a_verb_is_not_the_verb() {
        assert_eq!(Prescan::of(b"SELECT1").verb, None);
        assert_eq!(Prescan::of(b"select_x").verb, None);
        assert_eq!(Prescan::of(b"SELECT(1)").verb, Some(Verb::Select));
    }

    #[test]
    fn session_verbs_comments_and_parentheses_may_change_the_session() {
        for sql in [
            "USE db",
            "set names utf8mb4",
            "/* c */ SELECT 1",
            "(SELECT 1)",
            "",
            "  ",
        ] {
            assert!(Prescan::of(sql.as_bytes()).may_change_session(), "{sql:?}");
        }
        assert!(!Prescan::of(b"INSERT INTO t VALUES (1)").may_change_session());
    }

    #[test]
    fn kill_is_found_in_any_case_wherever_a_statement_may_start() {
        for sql in [
            "kIlL 5",
            "  KILL 5",
            "SELECT 1; KILL QUERY 5",
            "SELECT 1;KILL 5",
            "/* c */ KILL 5",
            "SELECT 1; -- note\nKILL 5",
            "# note\n\tKILL 5",
            "/*!KILL 5*/",
            "/*!50000 KILL 5*/",
            "/*M!100000KILL 5*/",
        ] {
            assert!(Prescan::of(sql.as_bytes()).kill, "{sql:?}");
        }
    }

    #[test]
    fn kill_inside_a_document_or_an_expression_is_not_a_kill_statement() {
        for sql in [
            r#"INSERT INTO t VALUES ('{"text":"will kill the process"}')"#,
            r#"INSERT INTO t VALUES ('kill')"#,
            "SELECT skill FROM t",
            "SELECT a,kill FROM t",
        ] {
            assert!(!Prescan::of(sql.as_bytes()).kill, "{sql:?}");
        }
    }

    proptest::proptest! {
        /// Soundness of the shortcut: whenever the lexer finds a KILL
        /// statement, the pre-scan said "maybe".
        #[test]
        fn every_kill_the_lexer_finds_the_prescan_flags(sql in "(KILL|kill| |\t|\n|;|5|x|'|\"|`|/\\*|\\*/|/\\*!|/\\*!50000|-- |#|SELECT|\\(|\\)|,){0,14}") {
            let opts = crate::sql::LexOptions::default();
            let found = crate::sql::statement::split(sql.as_bytes(), opts)
                .iter()
                .any(|st| crate::sql::kill::parse_kill(sql.as_bytes(), &st.tokens).is_some());
            if found {
                proptest::prop_assert!(Prescan::of(sql.as_bytes()).kill, "{:?}", sql);
            }
        }
    }

    #[test]
    fn connection_id_is_found_in_any_case_anywhere() {
        assert!(Prescan::of(b"SELECT Connection_Id()").connection_id);
        assert!(!Prescan::of(b"SELECT connection").connection_id);
    }
}
