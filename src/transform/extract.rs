//! Extracted columns: a path of a compressed document kept in a real
//! column of the same table, written by squeeze with every write of the
//! document, so MariaDB can filter (and index) on it while the document
//! stays compressed. The column holds exactly what MariaDB computes for
//! `JSON_UNQUOTE(JSON_EXTRACT(doc, path))` on the uncompressed document.
//! Pure: the derived value (the declaration is `config::extract`).

pub use crate::config::extract::{parse, parse_type, Extract};
use crate::sql::json::{evaluate, EvalError, JsonCall};
use crate::sql::LexOptions;

/// Why a derived value could not be computed exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeriveError {
    /// The document is not valid JSON, or has a form whose MariaDB answer
    /// was not checked.
    NotExact(String),
    /// Longer than the column: MariaDB would truncate or refuse it.
    TooLong { chars: usize },
}

/// The column's value for document `doc` (`None` for a NULL document):
/// `JSON_UNQUOTE(JSON_EXTRACT(doc, path))` as MariaDB computes it, NULL
/// for a missing path.
pub fn derive(e: &Extract, doc: Option<&[u8]>) -> Result<Option<Vec<u8>>, DeriveError> {
    let Some(doc) = doc else { return Ok(None) };
    let call = JsonCall::UnquoteExtract(e.path.clone());
    let v = evaluate(&call, doc).map_err(|err| match err {
        EvalError::InvalidDocument => DeriveError::NotExact(
            "the document is not valid JSON (MariaDB would answer NULL with a warning)".into(),
        ),
        EvalError::Unsure(what) => DeriveError::NotExact(format!(
            "{what} whose MariaDB value squeeze does not reproduce"
        )),
    })?;
    if let Some(v) = &v {
        let chars = String::from_utf8_lossy(v).chars().count();
        if chars > e.max_chars {
            return Err(DeriveError::TooLong { chars });
        }
    }
    Ok(v)
}

/// The SQL literal for a derived value: `NULL`, or a utf8mb4 string
/// (introduced, so the connection's character set does not matter).
pub fn literal(value: Option<&[u8]>, opts: LexOptions) -> Vec<u8> {
    match value {
        None => b"NULL".to_vec(),
        Some(v) => {
            let mut out = b"_utf8mb4".to_vec();
            out.extend(crate::sql::splice::quote_string(v, b'\'', opts));
            out
        }
    }
}

/// A column name quoted for a statement.
pub fn quoted(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ExtractConfig;

    fn spec(path: &str, column: &str, ty: &str) -> ExtractConfig {
        ExtractConfig {
            path: path.into(),
            column: column.into(),
            data_type: ty.into(),
        }
    }

    #[test]
    fn the_derived_value_is_json_unquote_of_json_extract_and_null_when_missing() {
        let e = parse(&spec("$.a", "c", "VARCHAR(8)"), "doc").unwrap();
        let d = |doc: &str| derive(&e, Some(doc.as_bytes()));
        assert_eq!(d(r#"{"a": "x\u00e9"}"#), Ok(Some("xé".as_bytes().to_vec())));
        assert_eq!(d(r#"{"a": 1.50}"#), Ok(Some(b"1.50".to_vec())));
        assert_eq!(d(r#"{"a": null}"#), Ok(Some(b"null".to_vec())));
        assert_eq!(d(r#"{"b": 1}"#), Ok(None));
        assert_eq!(derive(&e, None), Ok(None));
        assert_eq!(
            d(r#"{"a": "123456789"}"#),
            Err(DeriveError::TooLong { chars: 9 })
        );
        assert!(matches!(d("{\"a\": "), Err(DeriveError::NotExact(_))));
    }

    #[test]
    fn the_literal_is_introduced_utf8mb4_and_quoted_for_the_session_mode() {
        let opts = LexOptions::default();
        assert_eq!(
            literal(Some(b"a'b\\"), opts),
            b"_utf8mb4'a''b\\\\'".to_vec()
        );
        assert_eq!(literal(None, opts), b"NULL".to_vec());
    }
}
