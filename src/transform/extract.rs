//! Extracted columns: a path of a compressed document kept in a real
//! column of the same table, written by squeeze with every write of the
//! document, so MariaDB can filter (and index) on it while the document
//! stays compressed. The column holds exactly what MariaDB computes for
//! `JSON_UNQUOTE(JSON_EXTRACT(doc, path))` on the uncompressed document.
//! Pure: the derived value (the declaration is `config::extract`).

pub use crate::config::extract::{parse, parse_type, Extract};
use crate::sql::catalog::ExtractedType;
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
    let call = match e.kind {
        ExtractedType::JsonText => JsonCall::Extract(e.path.clone()),
        _ => JsonCall::UnquoteExtract(e.path.clone()),
    };
    let v = evaluate(&call, doc).or_else(|err| pair_unquoted(e, doc).ok_or(err));
    let v = v.map_err(|err| match err {
        EvalError::InvalidDocument => DeriveError::NotExact(
            "the document is not valid JSON (MariaDB would answer NULL with a warning)".into(),
        ),
        EvalError::Unsure(what) => DeriveError::NotExact(format!(
            "{what} whose MariaDB value squeeze does not reproduce"
        )),
        EvalError::Interrupted(why) => {
            DeriveError::NotExact(format!("the statement was interrupted ({why:?})"))
        }
    })?;
    if let Some(v) = &v {
        let chars = String::from_utf8_lossy(v).chars().count();
        if chars > e.max_chars {
            return Err(DeriveError::TooLong { chars });
        }
    }
    match (e.kind, v) {
        (ExtractedType::Text | ExtractedType::JsonText, v) | (_, v @ None) => Ok(v),
        (kind, Some(v)) => {
            // A JSON string holding digits unquotes to the same text: only
            // a JSON number is a number.
            let raw = evaluate(&JsonCall::Extract(e.path.clone()), doc)
                .ok()
                .flatten();
            if raw.as_deref() != Some(&v[..]) {
                return Err(DeriveError::NotExact(format!(
                    "the path holds a string, which a {} column does not compare as MariaDB compares the path's text (declare it VARCHAR(n))",
                    e.type_text()
                )));
            }
            numeric(kind, &v).map(Some)
        }
    }
}

/// The value a numeric extracted column holds for the path's text `v`,
/// sent as a string the server converts (the conversion MariaDB applies to
/// the text when it compares it with a number): the integer's digits for
/// BIGINT, the JSON number as written for DOUBLE. Anything else (a
/// string, `true`, `null`, an object) is refused: the column could not
/// answer the text's comparisons.
fn numeric(kind: ExtractedType, v: &[u8]) -> Result<Vec<u8>, DeriveError> {
    let not = |what: &str| {
        DeriveError::NotExact(format!(
            "the path holds {what}, which a {} column does not compare as MariaDB compares the path's text (declare it VARCHAR(n))",
            if kind == ExtractedType::Bigint { "BIGINT" } else { "DOUBLE" }
        ))
    };
    let text = std::str::from_utf8(v).map_err(|_| not("a string"))?;
    let Some(n) = JsonNumber::parse(text) else {
        return Err(not("a value that is not a JSON number"));
    };
    match kind {
        // Only the integer's own decimal text (`5`, `-7`; not `5.0`,
        // `1e2`, `-0`): MariaDB's `CAST(JSON_EXTRACT(..) AS SIGNED)`
        // (SQLAlchemy's `as_integer()`) reads `1e2` as 1 with a warning,
        // and a string comparison (Django's `= JSON_EXTRACT('5', '$')`)
        // tells `5.0` from `5`; on this text both agree with the column.
        ExtractedType::Bigint => match text.parse::<i64>() {
            Ok(i) if i.to_string() == text => Ok(v.to_vec()),
            _ if n.is_integer_valued() => Err(not(
                "an integer not written as its plain decimal digits (`5.0`, `1e2`, `-0`; SQLAlchemy's as_integer() reads `1e2` as 1)",
            )),
            _ => Err(not("a number that is not an integer within BIGINT")),
        },
        _ => match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(v.to_vec()),
            _ => Err(not("a number beyond DOUBLE")),
        },
    }
}

/// A JSON number's decimal digits and power of ten.
struct JsonNumber {
    digits: Vec<u8>,
    exp: i64,
}

impl JsonNumber {
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, nothing else.
    fn parse(t: &str) -> Option<JsonNumber> {
        let b = t.as_bytes();
        let mut i = 0;
        let negative = b.first() == Some(&b'-');
        if negative {
            i += 1;
        }
        let int_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let int = &b[int_start..i];
        if int.is_empty() || (int.len() > 1 && int[0] == b'0') {
            return None;
        }
        let mut digits = int.to_vec();
        let mut exp: i64 = 0;
        if b.get(i) == Some(&b'.') {
            i += 1;
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == s {
                return None;
            }
            digits.extend_from_slice(&b[s..i]);
            exp -= (i - s) as i64;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            let neg = match b.get(i) {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == s || i - s > 6 {
                return None;
            }
            let e: i64 = t[s..i].parse().ok()?;
            exp += if neg { -e } else { e };
        }
        (i == b.len()).then_some(JsonNumber { digits, exp })
    }

    /// Whether its value is an integer (`5.0`, `1e2`, `-0`).
    fn is_integer_valued(&self) -> bool {
        let fraction = usize::try_from(-self.exp.min(0)).unwrap_or(usize::MAX);
        let kept = self.digits.len().saturating_sub(fraction);
        self.digits[kept..].iter().all(|&d| d == b'0')
    }
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

/// The unquoted text of a string path holding a surrogate pair escape
/// (`"\ud83d\ude00"`, as Python's json.dumps writes a character outside
/// the BMP), which the evaluator declines: MariaDB unquotes it to the
/// character into the utf8mb4 column (F0 9F 98 80). `None`: not that case.
fn pair_unquoted(e: &Extract, doc: &[u8]) -> Option<Option<Vec<u8>>> {
    if e.kind == ExtractedType::JsonText {
        return None;
    }
    let raw = evaluate(&JsonCall::Extract(e.path.clone()), doc).ok()??;
    let inner = raw.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    crate::sql::json::doc::unescape_value(inner).map(Some)
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
            value: None,
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
    fn a_surrogate_pair_escape_derives_the_character_mariadb_unquotes_it_to() {
        // Django's JSONField (json.dumps, ensure_ascii) writes 😀 so.
        let e = parse(&spec("$.a", "c", "VARCHAR(8)"), "doc").unwrap();
        let d = |doc: &str| derive(&e, Some(doc.as_bytes()));
        assert_eq!(
            d(r#"{"a": "x\ud83d\ude00"}"#),
            Ok(Some("x\u{1f600}".as_bytes().to_vec()))
        );
        // A lone half: MariaDB rejects the document; still refused.
        assert!(matches!(
            d(r#"{"a": "\ud83d"}"#),
            Err(DeriveError::NotExact(_))
        ));
        assert!(matches!(
            d(r#"{"a": "\ude00\ud83d"}"#),
            Err(DeriveError::NotExact(_))
        ));
        // Too long for the column once unescaped.
        assert!(matches!(
            d(r#"{"a": "12345678\ud83d\ude00"}"#),
            Err(DeriveError::TooLong { chars: 9 })
        ));
    }

    #[test]
    fn a_json_value_column_holds_json_extract_as_mariadb_prints_it() {
        let mut s = spec("$.a", "c", "VARCHAR(16)");
        s.value = Some("json".into());
        let e = parse(&s, "doc").unwrap();
        let d = |doc: &str| derive(&e, Some(doc.as_bytes()));
        assert_eq!(d(r#"{"a": "x\u00e9"}"#), Ok(Some(br#""x\u00e9""#.to_vec())));
        assert_eq!(d(r#"{"a": 1.50}"#), Ok(Some(b"1.50".to_vec())));
        assert_eq!(d(r#"{"a": null}"#), Ok(Some(b"null".to_vec())));
        assert_eq!(
            d(r#"{"a": {"b":[1,2]}}"#),
            Ok(Some(br#"{"b": [1, 2]}"#.to_vec()))
        );
        assert_eq!(d(r#"{"b": 1}"#), Ok(None));
        assert_eq!(
            d(r#"{"a": "0123456789abcdef"}"#),
            Err(DeriveError::TooLong { chars: 18 })
        );
    }

    #[test]
    fn a_numeric_column_holds_only_json_numbers_it_compares_as_the_text() {
        let i = parse(&spec("$.a", "c", "BIGINT"), "doc").unwrap();
        let d = parse(&spec("$.a", "c", "DOUBLE"), "doc").unwrap();
        let v = |e: &Extract, doc: &str| derive(e, Some(doc.as_bytes()));
        for (doc, want) in [
            (r#"{"a": 5}"#, "5"),
            (r#"{"a": 0}"#, "0"),
            (r#"{"a": -7}"#, "-7"),
            (r#"{"a": -9223372036854775808}"#, "-9223372036854775808"),
            (r#"{"a": 9223372036854775807}"#, "9223372036854775807"),
        ] {
            assert_eq!(v(&i, doc), Ok(Some(want.as_bytes().to_vec())), "{doc}");
        }
        // Integers in another spelling: CAST(.. AS SIGNED) and string
        // comparisons read the text otherwise than the column.
        for doc in [
            r#"{"a": -0}"#,
            r#"{"a": 1e2}"#,
            r#"{"a": 5.0}"#,
            r#"{"a": 1.50E+1}"#,
        ] {
            assert!(
                matches!(v(&i, doc), Err(DeriveError::NotExact(m)) if m.contains("plain decimal digits")),
                "{doc}"
            );
        }
        for doc in [
            r#"{"a": 1.5}"#,
            r#"{"a": 9223372036854775808}"#,
            r#"{"a": "5"}"#,
            r#"{"a": null}"#,
            r#"{"a": true}"#,
            r#"{"a": [1]}"#,
            r#"{"a": 1e400}"#,
        ] {
            assert!(matches!(v(&i, doc), Err(DeriveError::NotExact(_))), "{doc}");
        }
        assert_eq!(v(&d, r#"{"a": 1.50e0}"#), Ok(Some(b"1.50e0".to_vec())));
        assert_eq!(v(&d, r#"{"a": -0}"#), Ok(Some(b"-0".to_vec())));
        assert_eq!(v(&d, r#"{"b": 1}"#), Ok(None));
        for doc in [r#"{"a": 1e400}"#, r#"{"a": "1.5"}"#, r#"{"a": false}"#] {
            assert!(matches!(v(&d, doc), Err(DeriveError::NotExact(_))), "{doc}");
        }
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
