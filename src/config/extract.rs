//! `[[columns]].extract`: a path of a compressed document kept in a real
//! column of the same table (docs/json.md, "Extracted columns"). The
//! declaration and its checks; the value is computed in
//! `transform::extract`.

use super::ExtractConfig;
use crate::sql::catalog::ExtractedType;
use crate::sql::json::{parse_path, Path, Step};

/// Longest `VARCHAR(n)` accepted (utf8mb4 rows are limited to 65,535 bytes).
const MAX_VARCHAR: usize = 16_383;

/// One declared path of a compressed column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extract {
    /// The path as configured (`$.author`), for messages.
    pub path_text: String,
    pub path: Path,
    /// The real column holding the value.
    pub column: String,
    /// `n` of `VARCHAR(n)`: the most characters a value may have
    /// (numeric types: unbounded).
    pub max_chars: usize,
    /// The declared type.
    pub kind: ExtractedType,
}

impl Extract {
    /// The declared type, as configured and as check-config compares it.
    pub fn type_text(&self) -> String {
        match self.kind {
            ExtractedType::Text | ExtractedType::JsonText => format!("VARCHAR({})", self.max_chars),
            ExtractedType::Bigint => "BIGINT".into(),
            ExtractedType::Double => "DOUBLE".into(),
        }
    }
}

/// An extracted column as the server describes it (information_schema
/// `COLUMN_TYPE`, `COLLATION_NAME`, `COLUMN_DEFAULT`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FoundColumn {
    pub column_type: String,
    pub collation: Option<String>,
    pub default: Option<String>,
}

impl Extract {
    /// The whole column definition squeeze needs, as DDL spells it.
    pub fn definition(&self) -> String {
        match self.kind {
            ExtractedType::Text | ExtractedType::JsonText => format!(
                "{} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL DEFAULT NULL",
                self.type_text()
            ),
            // Signed: a JSON number may be negative.
            _ => format!("{} NULL DEFAULT NULL", self.type_text()),
        }
    }

    /// Whether the server's column is the declared one: comparisons on it
    /// agree with comparisons on the path only for that type, length and
    /// collation, and a row that does not write it (an INSERT leaving the
    /// document out) must read NULL as the path of a NULL document does.
    pub fn agrees_with(&self, found: &FoundColumn) -> bool {
        let ty = found.column_type.to_ascii_lowercase();
        let type_ok = match self.kind {
            ExtractedType::Text | ExtractedType::JsonText => {
                ty == self.type_text().to_ascii_lowercase()
                    && found.collation.as_deref() == Some("utf8mb4_bin")
            }
            // MariaDB shows `bigint(20)`; unsigned or a fixed-point
            // double would not hold every value the path may.
            ExtractedType::Bigint => ty == "bigint" || ty == "bigint(20)",
            ExtractedType::Double => ty == "double",
        };
        // information_schema: SQL NULL for no default, the text `NULL`
        // for DEFAULT NULL (MariaDB 10.2.7+).
        type_ok
            && found
                .default
                .as_deref()
                .is_none_or(|d| d.eq_ignore_ascii_case("NULL"))
    }
}

/// `VARCHAR(n)` (any letter case, blanks allowed around the parts) to `n`,
/// or `BIGINT` / `DOUBLE`.
pub fn parse_type(text: &str) -> Result<(ExtractedType, usize), String> {
    let t = text.trim().to_ascii_uppercase();
    match t.as_str() {
        "BIGINT" => return Ok((ExtractedType::Bigint, usize::MAX)),
        "DOUBLE" => return Ok((ExtractedType::Double, usize::MAX)),
        _ => {}
    }
    let n = t
        .strip_prefix("VARCHAR")
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.trim_end().strip_suffix(')'))
        .map(str::trim)
        .and_then(|d| d.parse::<usize>().ok());
    match n {
        Some(n) if (1..=MAX_VARCHAR).contains(&n) => Ok((ExtractedType::Text, n)),
        Some(n) => Err(format!(
            "VARCHAR({n}) is outside 1..{MAX_VARCHAR} (a utf8mb4 row holds at most 65,535 bytes)"
        )),
        None => Err(format!(
            "{text:?} is not a type squeeze keeps exactly; use VARCHAR(n) (a utf8mb4_bin column holding the path's JSON_UNQUOTE(JSON_EXTRACT(..)) text), BIGINT (a path holding integers) or DOUBLE (a path holding numbers)"
        )),
    }
}

/// The declaration of `[[columns]].extract[k]` of compressed column
/// `doc_column`; the error is (key suffix, message).
pub fn parse(c: &ExtractConfig, doc_column: &str) -> Result<Extract, (String, String)> {
    let path = parse_path(c.path.as_bytes()).map_err(|e| {
        (
            ".path".to_string(),
            format!("{:?} uses {}, which squeeze does not evaluate", c.path, e.0),
        )
    })?;
    if path.steps.is_empty() {
        return Err((
            ".path".into(),
            "`$` is the whole document: declare a member or element path such as `$.author`".into(),
        ));
    }
    if !path
        .steps
        .iter()
        .all(|s| matches!(s, Step::Key(_) | Step::Index(_)))
    {
        return Err((
            ".path".into(),
            format!(
                "{:?} has a wildcard or range: an extracted column holds one value; use member names and array indexes only (`$.a.b`, `$.a[0]`)",
                c.path
            ),
        ));
    }
    let column = c.column.trim();
    if column.is_empty() || column.len() > 64 || column != c.column || column.contains('`') {
        return Err((
            ".column".into(),
            "a column name of 1 to 64 characters without backticks or surrounding blanks".into(),
        ));
    }
    if column.eq_ignore_ascii_case(doc_column) {
        return Err((
            ".column".into(),
            format!("`{column}` is the compressed column itself; name another column of the table"),
        ));
    }
    let (mut kind, max_chars) = parse_type(&c.data_type).map_err(|e| (".type".to_string(), e))?;
    match (c.value.as_deref().map(str::trim), kind) {
        (None | Some("text"), _) => {}
        (Some("json"), ExtractedType::Text) => kind = ExtractedType::JsonText,
        (Some("json"), _) => {
            return Err((
                ".value".into(),
                "value = \"json\" (the path's JSON text) needs type = \"VARCHAR(n)\"".into(),
            ))
        }
        (Some(other), _) => {
            return Err((
                ".value".into(),
                format!("{other:?}: use \"text\" (JSON_UNQUOTE(JSON_EXTRACT(doc, path)), the default) or \"json\" (JSON_EXTRACT(doc, path))"),
            ))
        }
    }
    Ok(Extract {
        path_text: c.path.clone(),
        path,
        column: column.to_string(),
        max_chars,
        kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(path: &str, column: &str, ty: &str) -> ExtractConfig {
        ExtractConfig {
            path: path.into(),
            column: column.into(),
            data_type: ty.into(),
            value: None,
        }
    }

    #[test]
    fn value_json_declares_a_varchar_holding_the_json_text() {
        let json = |ty: &str, value: &str| {
            let mut s = spec("$.a", "c", ty);
            s.value = Some(value.into());
            parse(&s, "doc")
        };
        assert_eq!(
            json("VARCHAR(1024)", "json").unwrap().kind,
            ExtractedType::JsonText
        );
        assert_eq!(
            json("VARCHAR(8)", "text").unwrap().kind,
            ExtractedType::Text
        );
        assert_eq!(
            json("VARCHAR(8)", "json").unwrap().type_text(),
            "VARCHAR(8)"
        );
        assert_eq!(json("BIGINT", "json").unwrap_err().0, ".value");
        assert_eq!(json("VARCHAR(8)", "raw").unwrap_err().0, ".value");
    }

    #[test]
    fn member_and_index_paths_with_a_varchar_type_are_accepted() {
        let e = parse(&spec("$.author", "doc_author", "varchar( 64 )"), "doc").unwrap();
        assert_eq!((e.column.as_str(), e.max_chars), ("doc_author", 64));
        assert!(parse(&spec("$.a.\"b c\"[2]", "x", "VARCHAR(1)"), "doc").is_ok());
    }

    #[test]
    fn wildcards_ranges_double_stars_and_the_whole_document_are_config_errors_naming_the_key() {
        for p in [
            "$.*",
            "$[*]",
            "$[1 to 2]",
            "$**.a",
            "$[last]",
            "$",
            "a",
            "lax $.a",
        ] {
            let err = parse(&spec(p, "c", "VARCHAR(8)"), "doc").unwrap_err();
            assert_eq!(err.0, ".path", "{p}: {err:?}");
        }
    }

    #[test]
    fn types_other_than_a_bounded_varchar_and_bad_column_names_are_refused() {
        for t in [
            "TEXT",
            "INT",
            "VARCHAR",
            "VARCHAR(0)",
            "VARCHAR(70000)",
            "CHAR(3)",
        ] {
            assert_eq!(
                parse(&spec("$.a", "c", t), "doc").unwrap_err().0,
                ".type",
                "{t}"
            );
        }
        for c in ["", " c", "a`b", "DOC"] {
            assert_eq!(
                parse(&spec("$.a", c, "VARCHAR(8)"), "doc").unwrap_err().0,
                ".column",
                "{c}"
            );
        }
    }
}
