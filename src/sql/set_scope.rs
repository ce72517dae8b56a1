//! `SET @@name = value` of a session variable squeeze follows, written
//! without a scope, is sent as `SET @@SESSION.name = value`. MariaDB 10.11
//! applies both spellings to the session, but its session tracking
//! reports the change only for the scoped one (or a bare `name`): after
//! `SET @@sql_mode = 'DB2'` the OK carries a state change and no
//! `sql_mode`, so squeeze, which takes such state from the server, would go
//! on lexing without ANSI_QUOTES. Pure: tokens in, edits out.

use super::lexer::{Token, TokenKind};

/// The variables whose value decides how squeeze reads statements or
/// answers them (a superset of what every backend session tracks).
const FOLLOWED: &[&str] = &[
    "sql_mode",
    "character_set_client",
    "character_set_connection",
    "character_set_results",
    "collation_connection",
    "autocommit",
    "max_statement_time",
    "session_track_system_variables",
    "session_track_schema",
    "session_track_state_change",
];

/// Edits giving each unscoped `@@name` assigned in the SET statement of
/// `toks` (its significant tokens, `SET` first) the SESSION scope.
pub fn scoped_edits(src: &[u8], toks: &[Token]) -> Vec<(std::ops::Range<usize>, Vec<u8>)> {
    if !toks.first().is_some_and(|t| t.is_keyword(src, "SET")) {
        return Vec::new();
    }
    let mut edits = Vec::new();
    let mut depth = 0usize;
    // An assignment starts after SET or a top-level comma.
    let mut starts_item = true;
    for (i, t) in toks.iter().enumerate().skip(1) {
        let item_start = std::mem::replace(&mut starts_item, false);
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => starts_item = true,
            TokenKind::Variable if item_start => {
                let text = t.text(src);
                let Some(name) = text.strip_prefix(b"@@") else {
                    continue;
                };
                let assigned = toks
                    .get(i + 1)
                    .is_some_and(|n| n.is_op(src, "=") || n.is_op(src, ":="));
                let followed = FOLLOWED
                    .iter()
                    .any(|f| name.eq_ignore_ascii_case(f.as_bytes()));
                if assigned && followed {
                    let mut scoped = b"@@SESSION.".to_vec();
                    scoped.extend_from_slice(name);
                    edits.push((t.start..t.end, scoped));
                }
            }
            // `SET SESSION @@x` is not MariaDB's syntax; a scope keyword
            // before a name keeps the item's start.
            TokenKind::Ident
                if item_start
                    && (t.is_keyword(src, "SESSION")
                        || t.is_keyword(src, "LOCAL")
                        || t.is_keyword(src, "GLOBAL")) =>
            {
                starts_item = true;
            }
            _ => {}
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::scoped_edits;
    use crate::sql::{splice, LexOptions};

    fn sent(sql: &str) -> String {
        let q = crate::sql::statement::Query::new(sql.as_bytes(), LexOptions::default());
        let st = &q.statements()[0];
        let edits = scoped_edits(sql.as_bytes(), &st.tokens);
        String::from_utf8(splice(sql.as_bytes(), &edits)).unwrap()
    }

    #[test]
    fn an_unscoped_followed_variable_gets_the_session_scope() {
        assert_eq!(
            sent("SET @@sql_mode = 'DB2'"),
            "SET @@SESSION.sql_mode = 'DB2'"
        );
        assert_eq!(
            sent("SET autocommit = 1, @@SQL_MODE := 'ANSI', @@character_set_results = latin1"),
            "SET autocommit = 1, @@SESSION.SQL_MODE := 'ANSI', @@SESSION.character_set_results = latin1"
        );
    }

    #[test]
    fn scoped_unfollowed_and_read_variables_stay_as_written() {
        for sql in [
            "SET @@session.sql_mode = 'DB2'",
            "SET @@global.sql_mode = 'DB2'",
            "SET @@local.sql_mode = ''",
            "SET sql_mode = 'ANSI'",
            "SET @@max_connections = 10",
            "SET @a = @@sql_mode",
            "SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')",
            "SET @x = (SELECT 1), @y = IF(1, @@sql_mode, '')",
            "SELECT @@sql_mode = 'x'",
        ] {
            assert_eq!(sent(sql), sql);
        }
    }
}
