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

#[cfg(test)]
mod tests {
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
