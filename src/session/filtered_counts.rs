//! `FOUND_ROWS()` after a SELECT whose rows squeeze filtered (a JSON
//! condition of its WHERE that squeeze evaluates): the server counted the
//! rows it sent, not those the client received, so a statement reading it
//! before another result set replaces the count is refused, text or
//! prepared. Inside one multi-statement query the planner refuses it
//! (`transform::write`).

use super::Session;
use crate::error::{ErrorCode, SqlError};

/// Whether `text` mentions `FOUND_ROWS` (any case, anywhere: errs towards
/// refusing).
fn mentions_found_rows(text: &[u8]) -> bool {
    const NAME: &[u8] = b"found_rows";
    memchr::memchr_iter(b'_', text).any(|at| {
        at >= 5 && text.len() >= at + 5 && text[at - 5..at + 5].eq_ignore_ascii_case(NAME)
    })
}

impl Session {
    /// The ERR for a statement (`text`) that reads the count of rows
    /// squeeze filtered; `None` when it may run.
    pub(super) fn found_rows_of_filtered(&self, text: &[u8]) -> Option<SqlError> {
        let (column, condition) = self.found_rows_filtered.as_ref()?;
        mentions_found_rows(text).then(|| {
            SqlError::new(
                ErrorCode::NotSupportedYet,
                format!(
                    "column `{column}` is stored compressed by squeeze; FOUND_ROWS() after a SELECT whose rows squeeze filtered (`{condition}`, a JSON condition of its WHERE that squeeze evaluates on column `{column}`) would count the rows the server sent, not those the client received: count the rows read, or run SELECT COUNT(*) with the same WHERE"
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::mentions_found_rows;

    #[test]
    fn found_rows_is_seen_in_any_case_and_position() {
        assert!(mentions_found_rows(b"SELECT FOUND_ROWS()"));
        assert!(mentions_found_rows(b"select id, found_rows() from t"));
        assert!(mentions_found_rows(b"SET @n = Found_Rows"));
        assert!(!mentions_found_rows(b"SELECT ROW_COUNT()"));
        assert!(!mentions_found_rows(b"SELECT _rows"));
        assert!(!mentions_found_rows(b"found_row"));
    }
}
