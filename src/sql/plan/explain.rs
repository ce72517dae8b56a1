//! `EXPLAIN` / `DESCRIBE` / `ANALYZE` of a statement: answered with the
//! plan MariaDB makes for the statement squeeze would send in its place, so
//! an operator sees whether a declared path's extracted column (and its
//! index) is used. The explained statement is planned as if the client had
//! sent it; its result is the server's plan and is relayed untouched.
//! `EXPLAIN` evaluates nothing, so select-list JSON functions squeeze would
//! evaluate are left as written (the server plans them over the column,
//! exactly as the statement squeeze sends). `ANALYZE` runs the statement:
//! only a read without such functions is answered (the server would
//! evaluate them over compressed bytes); `ANALYZE` of a write keeps the
//! ordinary write planning of the whole text.

use super::super::lexer::{Token, TokenKind};

/// What a statement explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Explained {
    /// `EXPLAIN|DESCRIBE|DESC [EXTENDED|PARTITIONS|FORMAT=..] stmt`: the
    /// significant-token index where `stmt` starts.
    Explain(usize),
    /// `ANALYZE [FORMAT=..] stmt`.
    Analyze(usize),
}

/// The statement `toks` explains, if it is one: `EXPLAIN name` (a table's
/// columns), `EXPLAIN FOR CONNECTION n` and anything else are `None`.
pub(super) fn explained(sql: &[u8], toks: &[Token]) -> Option<Explained> {
    let first = toks.first()?;
    let analyze = first.is_keyword(sql, "ANALYZE");
    if !analyze
        && !["EXPLAIN", "DESCRIBE", "DESC"]
            .iter()
            .any(|k| first.is_keyword(sql, k))
    {
        return None;
    }
    let mut at = 1;
    loop {
        let t = toks.get(at)?;
        if !analyze && (t.is_keyword(sql, "EXTENDED") || t.is_keyword(sql, "PARTITIONS")) {
            at += 1;
        } else if t.is_keyword(sql, "FORMAT") {
            // FORMAT = JSON | TRADITIONAL
            if !toks.get(at + 1).is_some_and(|t| t.is_op(sql, "=")) {
                return None;
            }
            at += 3;
        } else {
            break;
        }
    }
    // Not `TABLE`: `ANALYZE TABLE t` maintains a table.
    let start = toks.get(at)?;
    let statement = start.kind == TokenKind::LParen
        || [
            "SELECT", "WITH", "VALUES", "UPDATE", "DELETE", "INSERT", "REPLACE",
        ]
        .iter()
        .any(|k| start.is_keyword(sql, k));
    if !statement {
        return None;
    }
    Some(if analyze {
        Explained::Analyze(at)
    } else {
        Explained::Explain(at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::classify::significant_tokens;
    use crate::sql::lexer::LexOptions;

    fn of(sql: &str) -> Option<Explained> {
        let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
        explained(sql.as_bytes(), &toks)
    }

    #[test]
    fn explain_describe_and_analyze_name_the_statement_they_explain() {
        assert_eq!(of("EXPLAIN SELECT 1"), Some(Explained::Explain(1)));
        assert_eq!(
            of("describe extended select 1"),
            Some(Explained::Explain(2))
        );
        assert_eq!(
            of("EXPLAIN FORMAT=JSON UPDATE t SET a = 1"),
            Some(Explained::Explain(4))
        );
        assert_eq!(
            of("DESC PARTITIONS (SELECT 1)"),
            Some(Explained::Explain(2))
        );
        assert_eq!(
            of("ANALYZE FORMAT = JSON SELECT 1"),
            Some(Explained::Analyze(4))
        );
        assert_eq!(of("ANALYZE DELETE FROM t"), Some(Explained::Analyze(1)));
    }

    #[test]
    fn a_table_description_and_other_forms_explain_no_statement() {
        for sql in [
            "EXPLAIN docs",
            "DESCRIBE sq.docs doc",
            "EXPLAIN FOR CONNECTION 5",
            "ANALYZE TABLE docs",
            "ANALYZE EXTENDED SELECT 1",
            "EXPLAIN FORMAT JSON SELECT 1",
            "EXPLAIN",
            "SELECT 1",
        ] {
            assert_eq!(of(sql), None, "{sql}");
        }
    }
}
