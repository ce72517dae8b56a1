//! Statements that read what the previous statement left in the server's
//! diagnostics area: `SHOW WARNINGS` / `SHOW ERRORS` (and their `COUNT(*)`
//! forms), `GET DIAGNOSTICS`, and a table-less `SELECT` of `ROW_COUNT()`,
//! `FOUND_ROWS()`, `@@warning_count` or `@@error_count`.
//!
//! squeeze must send nothing of its own on the session's backend connection
//! before such a statement: any query it runs there (re-reading view and
//! routine definitions, say) replaces the warnings and counts the client
//! asks about (mysqlclient's `test_warning_count` saw no warning after
//! `DROP TABLE IF EXISTS` through a squeeze with a compressed column).
//! Errs towards "no": a statement not recognised here only gets squeeze's
//! usual bookkeeping first. Allocates only for a short text.

/// Longest text looked at: diagnostics reads are short.
const MAX_LEN: usize = 1024;

pub fn reads_diagnostics(sql: &[u8]) -> bool {
    if sql.len() > MAX_LEN {
        return false;
    }
    let lower = sql.to_ascii_lowercase();
    let start = lower
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(lower.len());
    let text = &lower[start..];
    let has = |w: &[u8]| memchr::memmem::find(text, w).is_some();
    if text.starts_with(b"show") {
        return has(b"warnings") || has(b"errors");
    }
    if text.starts_with(b"get") {
        return has(b"diagnostics");
    }
    text.starts_with(b"select")
        && !has(b"from")
        && (has(b"row_count") || has(b"found_rows") || has(b"warning_count") || has(b"error_count"))
}

/// Does a statement of any length read a count the previous statement left
/// (`FOUND_ROWS()`, `ROW_COUNT()`, `@@warning_count`, `@@error_count`)
/// anywhere in its text? Squeeze must not run a query of its own before
/// such a statement: the query would replace the count.
pub fn mentions_counts(sql: &[u8]) -> bool {
    const COUNTS: [&[u8]; 4] = [
        b"found_rows",
        b"row_count",
        b"warning_count",
        b"error_count",
    ];
    // Every name has an `_` at index 5 or 3 (found_rows/error_count,
    // row_count, warning_count): look only around underscores.
    memchr::memchr_iter(b'_', sql).any(|at| {
        COUNTS.iter().any(|w| {
            let us = w.iter().position(|&b| b == b'_').unwrap_or(0);
            at >= us
                && sql.len() >= at - us + w.len()
                && sql[at - us..at - us + w.len()].eq_ignore_ascii_case(w)
        })
    })
}

/// Does the statement call `FOUND_ROWS()` anywhere in its text?
pub fn mentions_found_rows(sql: &[u8]) -> bool {
    memchr::memmem::find_iter(&sql.to_ascii_lowercase(), b"found_rows")
        .next()
        .is_some()
}

/// Does the statement replace every count a later statement could read
/// (it begins with a SELECT: FOUND_ROWS, ROW_COUNT and the warnings are
/// its own once it ran)? An INSERT, UPDATE, DELETE, SET or DO leaves
/// FOUND_ROWS as it was (measured on MariaDB 10.11), so squeeze's own
/// queries before one would show in a later `SELECT FOUND_ROWS()`.
/// Errs towards "no" (a leading comment, say).
pub fn replaces_counts(sql: &[u8]) -> bool {
    let start = sql
        .iter()
        .position(|&b| !(b.is_ascii_whitespace() || b == b'('))
        .unwrap_or(sql.len());
    let text = &sql[start..];
    [&b"select"[..], b"with"].iter().any(|w| {
        text.len() > w.len()
            && text[..w.len()].eq_ignore_ascii_case(w)
            && !(text[w.len()].is_ascii_alphanumeric() || text[w.len()] == b'_')
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_a_statement_beginning_with_a_select_replaces_the_counts() {
        for q in [
            "SELECT doc FROM t",
            " (select 1) UNION (SELECT 2)",
            "WITH c AS (SELECT 1) SELECT * FROM c",
            "select\tid from t",
        ] {
            assert!(super::replaces_counts(q.as_bytes()), "{q}");
        }
        for q in [
            "INSERT INTO t VALUES (1)",
            "UPDATE t SET doc = '{}'",
            "SET @a = (SELECT 1)",
            "DO 1",
            "/* c */ SELECT 1",
            "selected",
            "SELECT",
            "",
        ] {
            assert!(!super::replaces_counts(q.as_bytes()), "{q}");
        }
    }

    #[test]
    fn a_statement_reading_a_previous_count_anywhere_is_recognised() {
        for q in [
            "SELECT FOUND_ROWS(), id FROM t WHERE x = 1",
            "select id, row_count() from t",
            "SELECT @@warning_count FROM t",
            "SELECT @@session.ERROR_COUNT",
        ] {
            assert!(super::mentions_counts(q.as_bytes()), "{q}");
        }
        for q in [
            "SELECT id FROM t WHERE doc_author = 'x'",
            "SELECT found, rows FROM t",
            "_",
        ] {
            assert!(!super::mentions_counts(q.as_bytes()), "{q}");
        }
    }

    use super::*;

    #[test]
    fn diagnostics_reads_are_recognised_in_any_case() {
        for sql in [
            "SHOW WARNINGS",
            "show errors limit 1",
            "  SHOW COUNT(*) WARNINGS",
            "GET DIAGNOSTICS @n = NUMBER",
            "get current diagnostics condition 1 @m = MESSAGE_TEXT",
            "SELECT ROW_COUNT()",
            "select found_rows()",
            "SELECT @@warning_count, @@error_count",
            "SELECT @@session.warning_count",
        ] {
            assert!(reads_diagnostics(sql.as_bytes()), "{sql}");
        }
    }

    #[test]
    fn other_statements_are_not_diagnostics_reads() {
        for sql in [
            "SELECT 1",
            "SHOW TABLES",
            "SELECT row_count FROM stats",
            "INSERT INTO t SELECT ROW_COUNT()",
        ] {
            assert!(!reads_diagnostics(sql.as_bytes()), "{sql}");
        }
        let long = format!("SELECT ROW_COUNT(), '{}'", "x".repeat(MAX_LEN));
        assert!(!reads_diagnostics(long.as_bytes()));
    }
}
