//! Computed writes the server stores compressed: the SQL squeeze puts
//! around a value it cannot compute itself (`UPDATE t SET doc =
//! JSON_SET(doc, ..)`, `INSERT .. SELECT`, `ON DUPLICATE KEY UPDATE doc =
//! JSON_MERGE_PATCH(doc, VALUES(doc))`) so the server stores what
//! squeeze's write path would for the value (`sql::plan::computed` finds
//! the values). Pure.
//!
//! `squeeze_deflate(squeeze_fn.copy_value(<value>, errno, message), codec,
//! level, dictionary, min_size)`: the stored function converts the value
//! as the uncompressed copy's LONGTEXT utf8mb4_bin column would and checks
//! its JSON validity as the column's rule checks a literal's (ERR 4025 for
//! a column presented as JSON, 3140 for `on_invalid_json = "refuse"`);
//! the library's function then encodes it with the column's own codec,
//! level, dictionary and `min_size` (`udf/src/deflate.rs`). The value is
//! evaluated once.
use super::ColumnRule;
use crate::config::{InvalidJson, PresentAs};
use crate::error::ErrorCode;
use crate::sql::ColumnRef;

/// The text before and after the value for `rule`'s column `col`, or why
/// the server cannot store it as squeeze would.
pub fn deflate_call(rule: &ColumnRule, col: &ColumnRef) -> Result<(String, String), String> {
    if !rule.extracts.is_empty() {
        return Err(format!(
            "a computed value in it: its table keeps declared paths of it in extracted columns ({}), which squeeze derives from a document it compresses itself. Write the document as a literal or ? parameter",
            rule.extracts
                .iter()
                .map(|e| format!("`{}`", e.column))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let (errno, message) = match (rule.on_invalid_json, rule.present_as) {
        (InvalidJson::Compress, _) => (0, String::new()),
        // What the JSON type's CHECK (json_valid(..)) answers.
        (InvalidJson::Refuse, PresentAs::Json) => (
            ErrorCode::ConstraintFailed.code(),
            format!(
                "CONSTRAINT `{}.{}` failed for `{}`.`{}`",
                col.table, col.column, col.db, col.table
            ),
        ),
        (InvalidJson::Refuse, PresentAs::Text) => (
            ErrorCode::InvalidJsonText.code(),
            format!(
                "Invalid JSON text for column `{}`: not a valid JSON document (squeeze is configured to refuse non-JSON values for it)",
                rule.label
            ),
        ),
    };
    let e = &rule.encoder;
    Ok((
        format!(
            "{}({}(",
            crate::sql::query::DEFLATE_FUNCTION,
            crate::sql::query::COPY_VALUE_FUNCTION
        ),
        format!(
            ", {errno}, {}), '{}', '{}', '{}', '{}')",
            utf8mb4_literal(&message),
            e.codec().id(),
            e.level(),
            e.dict_id(),
            e.min_size()
        ),
    ))
}

/// `text` as a utf8mb4 string under every sql_mode (no quote or backslash
/// to escape).
fn utf8mb4_literal(text: &str) -> String {
    let hex: String = text.bytes().map(|b| format!("{b:02X}")).collect();
    if hex.is_empty() {
        return "''".into();
    }
    format!("CONVERT(X'{hex}' USING utf8mb4)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_written_so_no_sql_mode_reads_it_differently() {
        assert_eq!(utf8mb4_literal(""), "''");
        assert_eq!(
            utf8mb4_literal("a'\\`"),
            "CONVERT(X'61275C60' USING utf8mb4)"
        );
    }
}
