//! The select-list JSON functions squeeze evaluates on an inflated
//! document, producing MariaDB 10.11's bytes.

use super::doc::{parse, unescape, DocError, Kind, Node, Scalar};
use super::path::{Path, Step};

/// A function applied to a compressed column with constant arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonCall {
    /// `JSON_EXTRACT(doc, path)`.
    Extract(Path),
    /// `JSON_UNQUOTE(JSON_EXTRACT(doc, path))`.
    UnquoteExtract(Path),
    /// `JSON_VALUE(doc, path)`.
    Value(Path),
    /// `JSON_QUERY(doc, path)`.
    Query(Path),
    /// `JSON_LENGTH(doc [, path])`.
    Length(Option<Path>),
    /// `JSON_DEPTH(doc)`.
    Depth,
    /// `JSON_EXISTS(doc, path)`.
    Exists(Path),
    /// `JSON_VALID(doc)`.
    Valid,
}

impl JsonCall {
    /// The path argument, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            JsonCall::Extract(p)
            | JsonCall::UnquoteExtract(p)
            | JsonCall::Value(p)
            | JsonCall::Query(p)
            | JsonCall::Exists(p) => Some(p),
            JsonCall::Length(p) => p.as_ref(),
            JsonCall::Depth | JsonCall::Valid => None,
        }
    }

    /// Does the function return an integer (the client sees a number
    /// column, and binary rows carry it as one)?
    pub fn integer(&self) -> bool {
        matches!(
            self,
            JsonCall::Length(_) | JsonCall::Depth | JsonCall::Exists(_) | JsonCall::Valid
        )
    }
}

/// Why a row's value could not be computed as MariaDB would.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// The document is not valid JSON: MariaDB answers NULL with a
    /// warning squeeze cannot raise.
    InvalidDocument,
    /// A form whose MariaDB result was not checked.
    Unsure(&'static str),
}

/// Evaluate `call` on the document `doc` (never NULL: a NULL document
/// gives NULL for every function and is handled by the caller).
/// `Ok(None)` is SQL NULL.
pub fn evaluate(call: &JsonCall, doc: &[u8]) -> Result<Option<Vec<u8>>, EvalError> {
    let root = match parse(doc) {
        Ok(root) => root,
        Err(DocError::Invalid) if *call == JsonCall::Valid => return Ok(Some(b"0".to_vec())),
        Err(DocError::Invalid) => return Err(EvalError::InvalidDocument),
        Err(DocError::Unsure) => return Err(EvalError::Unsure("a document form")),
    };
    let int = |n: usize| Ok(Some(n.to_string().into_bytes()));
    if let Some(p) = call.path() {
        // MariaDB 10.11 matches names unescaped in some functions and raw
        // in others (JSON_VALUE finds `"\u0061"` by `$.a`, JSON_EXTRACT
        // does not): a name with an escape on the way is not judged.
        if p.steps.iter().any(|s| matches!(s, Step::Key(_))) && escaped_names(doc, &root) {
            return Err(EvalError::Unsure("a member name with an escape"));
        }
    }
    match call {
        JsonCall::Valid => int(1),
        JsonCall::Depth => int(depth(&root)),
        JsonCall::Extract(path) => Ok(extract(doc, &root, path)),
        JsonCall::UnquoteExtract(path) => match extract(doc, &root, path) {
            Some(text) if text.first() == Some(&b'"') => unescape(&text[1..text.len() - 1])
                .map(Some)
                .ok_or(EvalError::Unsure("a string escape")),
            other => Ok(other),
        },
        JsonCall::Value(path) => {
            let Some(first) = matches(doc, &root, path).into_iter().next() else {
                return Ok(None);
            };
            let raw = &doc[first.span.clone()];
            match &first.kind {
                Kind::Scalar(Scalar::String) => unescape(&raw[1..raw.len() - 1])
                    .map(Some)
                    .ok_or(EvalError::Unsure("a string escape")),
                Kind::Scalar(Scalar::Null) => Ok(None),
                Kind::Scalar(Scalar::True) => Ok(Some(b"1".to_vec())),
                Kind::Scalar(Scalar::False) => Ok(Some(b"0".to_vec())),
                Kind::Scalar(Scalar::Number) => Ok(Some(raw.to_vec())),
                Kind::Array(_) | Kind::Object(_) => Ok(None),
            }
        }
        JsonCall::Query(path) => Ok(matches(doc, &root, path)
            .into_iter()
            .next()
            .filter(|n| !matches!(n.kind, Kind::Scalar(_)))
            .map(|n| doc[n.span.clone()].to_vec())),
        JsonCall::Length(path) => {
            let node = match path {
                None => Some(&root),
                Some(p) if p.wildcard() => {
                    return Err(EvalError::Unsure("JSON_LENGTH with a wildcard path"))
                }
                Some(p) => matches(doc, &root, p).into_iter().next(),
            };
            match node {
                None => Ok(None),
                Some(n) => int(match &n.kind {
                    Kind::Scalar(_) => 1,
                    Kind::Array(items) => items.len(),
                    Kind::Object(members) => members.len(),
                }),
            }
        }
        JsonCall::Exists(path) => int(usize::from(!matches(doc, &root, path).is_empty())),
    }
}

/// JSON_EXTRACT: the match (or, for a wildcard path, every match wrapped
/// in an array), scalars as stored, containers in MariaDB's layout.
fn extract(doc: &[u8], root: &Node, path: &Path) -> Option<Vec<u8>> {
    let found = matches(doc, root, path);
    let mut out = Vec::new();
    if path.wildcard() {
        if found.is_empty() {
            return None;
        }
        out.push(b'[');
        for (i, n) in found.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(b", ");
            }
            format(doc, n, &mut out);
        }
        out.push(b']');
    } else {
        format(doc, found.first()?, &mut out);
    }
    Some(out)
}

/// MariaDB's output layout for an extracted value: `", "` between items,
/// `": "` after names, names and scalars exactly as stored.
pub fn format(doc: &[u8], n: &Node, out: &mut Vec<u8>) {
    match &n.kind {
        Kind::Scalar(_) => out.extend_from_slice(&doc[n.span.clone()]),
        Kind::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(b", ");
                }
                format(doc, item, out);
            }
            out.push(b']');
        }
        Kind::Object(members) => {
            out.push(b'{');
            for (i, (name, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(b", ");
                }
                out.push(b'"');
                out.extend_from_slice(&doc[name.clone()]);
                out.extend_from_slice(b"\": ");
                format(doc, value, out);
            }
            out.push(b'}');
        }
    }
}

/// The values `path` selects, in document order. A named member selects
/// the first member of that name when the path has no wildcard (MariaDB
/// stops there), every one of that name when it has (MariaDB scans on);
/// `.*` every member, duplicates included. An index or range on a non-array treats it as a
/// one-element array; `[*]` and names select nothing from the wrong kind.
pub fn matches<'n>(doc: &[u8], root: &'n Node, path: &Path) -> Vec<&'n Node> {
    let all = path.wildcard();
    let mut cur = vec![root];
    for step in &path.steps {
        let mut next = Vec::new();
        for n in cur {
            match (step, &n.kind) {
                (Step::Key(k), Kind::Object(members)) => {
                    let mut named = members.iter().filter(|(name, _)| doc[name.clone()] == **k);
                    if all {
                        next.extend(named.map(|(_, v)| v));
                    } else if let Some((_, v)) = named.next() {
                        next.push(v);
                    }
                }
                (Step::AnyKey, Kind::Object(members)) => {
                    next.extend(members.iter().map(|(_, v)| v))
                }
                (Step::Index(i), Kind::Array(items)) => next.extend(items.get(*i as usize)),
                (Step::Index(0), _) => next.push(n),
                (Step::AnyIndex, Kind::Array(items)) => next.extend(items.iter()),
                (Step::Range(a, b), Kind::Array(items)) => {
                    let end = (*b as usize).saturating_add(1).min(items.len());
                    let start = (*a as usize).min(end);
                    next.extend(items[start..end].iter())
                }
                (Step::Range(0, _), _) => next.push(n),
                _ => {}
            }
        }
        cur = next;
    }
    cur
}

fn escaped_names(doc: &[u8], n: &Node) -> bool {
    match &n.kind {
        Kind::Scalar(_) => false,
        Kind::Array(items) => items.iter().any(|i| escaped_names(doc, i)),
        Kind::Object(members) => members
            .iter()
            .any(|(name, v)| doc[name.clone()].contains(&b'\\') || escaped_names(doc, v)),
    }
}

fn depth(n: &Node) -> usize {
    match &n.kind {
        Kind::Scalar(_) => 1,
        Kind::Array(items) if items.is_empty() => 1,
        Kind::Object(members) if members.is_empty() => 1,
        Kind::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Kind::Object(members) => 1 + members.iter().map(|(_, v)| depth(v)).max().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::json::parse_path;

    fn run(call: JsonCall, doc: &str) -> Option<String> {
        evaluate(&call, doc.as_bytes())
            .unwrap()
            .map(|v| String::from_utf8(v).unwrap())
    }

    fn p(s: &str) -> Path {
        parse_path(s.as_bytes()).unwrap()
    }

    const DOC: &str = r#"{"a" :  1.50e0 , "b":[1, {"c":"x\u00e9"},[] ,{}], "a":2, "s":"q\"z"}"#;

    #[test]
    fn extract_keeps_scalars_as_stored_and_lays_out_containers_as_mariadb_does() {
        assert_eq!(run(JsonCall::Extract(p("$.a")), DOC).unwrap(), "1.50e0");
        assert_eq!(
            run(JsonCall::Extract(p("$.b")), DOC).unwrap(),
            r#"[1, {"c": "x\u00e9"}, [], {}]"#
        );
        assert_eq!(run(JsonCall::Extract(p("$.s")), DOC).unwrap(), r#""q\"z""#);
        assert_eq!(
            run(JsonCall::Extract(p("$.*")), DOC).unwrap(),
            r#"[1.50e0, [1, {"c": "x\u00e9"}, [], {}], 2, "q\"z"]"#
        );
        assert_eq!(run(JsonCall::Extract(p("$.zz")), DOC), None);
        assert_eq!(
            run(JsonCall::Extract(p("$")), r#"  "str"  "#).unwrap(),
            r#""str""#
        );
    }

    #[test]
    fn indexes_autowrap_non_arrays_and_wildcards_wrap_their_matches() {
        assert_eq!(run(JsonCall::Extract(p("$[0]")), "5").unwrap(), "5");
        assert_eq!(run(JsonCall::Extract(p("$[1]")), "5"), None);
        assert_eq!(run(JsonCall::Extract(p("$[*]")), "5"), None);
        assert_eq!(run(JsonCall::Extract(p("$[0 to 1]")), "5").unwrap(), "[5]");
        assert_eq!(
            run(JsonCall::Extract(p("$[1 to 9]")), "[1,2,3]").unwrap(),
            "[2, 3]"
        );
        assert_eq!(run(JsonCall::Extract(p("$[3 to 1]")), "[1,2,3]"), None);
        assert_eq!(
            run(JsonCall::Extract(p("$[0].a")), r#"{"a":[1,2]}"#).unwrap(),
            "[1, 2]"
        );
    }

    #[test]
    fn value_query_and_unquote_follow_mariadb_on_scalars_and_containers() {
        let d = r#"{"t":true,"f":false,"n":null,"s":"x\ny\u00e9\"","o":{"k":[1,  2]}}"#;
        assert_eq!(run(JsonCall::Value(p("$.t")), d).unwrap(), "1");
        assert_eq!(run(JsonCall::Value(p("$.f")), d).unwrap(), "0");
        assert_eq!(run(JsonCall::Value(p("$.n")), d), None);
        assert_eq!(run(JsonCall::Value(p("$.o")), d), None);
        assert_eq!(run(JsonCall::Value(p("$.s")), d).unwrap(), "x\ny\u{e9}\"");
        assert_eq!(run(JsonCall::UnquoteExtract(p("$.t")), d).unwrap(), "true");
        assert_eq!(run(JsonCall::UnquoteExtract(p("$.n")), d).unwrap(), "null");
        assert_eq!(run(JsonCall::Query(p("$.o.k")), d).unwrap(), "[1,  2]");
        assert_eq!(run(JsonCall::Query(p("$.s")), d), None);
    }

    #[test]
    fn duplicate_names_select_the_first_by_name_and_all_by_wildcard() {
        assert_eq!(
            run(JsonCall::Extract(p("$.a")), r#"{"a":1,"a":2}"#).unwrap(),
            "1"
        );
        assert_eq!(
            run(JsonCall::Extract(p("$.*")), r#"{"a":1,"a":2}"#).unwrap(),
            "[1, 2]"
        );
        assert_eq!(
            run(JsonCall::Extract(p("$[0 to 1].a")), r#"{"a":1,"a":2}"#).unwrap(),
            "[1, 2]"
        );
        // MariaDB's functions disagree on escaped names: not judged.
        assert!(evaluate(&JsonCall::Extract(p("$.a")), br#"{"\u0061":1}"#).is_err());
        assert!(evaluate(&JsonCall::Value(p("$.a")), br#"{"\u0061":1,"a":2}"#).is_err());
    }

    #[test]
    fn counting_functions_answer_as_integers() {
        assert_eq!(run(JsonCall::Length(None), "[1,[2]]").unwrap(), "2");
        assert_eq!(run(JsonCall::Length(None), "{}").unwrap(), "0");
        assert_eq!(run(JsonCall::Length(None), "5").unwrap(), "1");
        assert_eq!(run(JsonCall::Length(Some(p("$[5]"))), "[1,2]"), None);
        assert_eq!(run(JsonCall::Depth, DOC).unwrap(), "4");
        assert_eq!(run(JsonCall::Depth, "[]").unwrap(), "1");
        assert_eq!(run(JsonCall::Exists(p("$[0]")), "[1]").unwrap(), "1");
        assert_eq!(run(JsonCall::Exists(p("$[3]")), "[1]").unwrap(), "0");
        assert_eq!(run(JsonCall::Valid, "not json").unwrap(), "0");
        assert_eq!(run(JsonCall::Valid, DOC).unwrap(), "1");
    }

    #[test]
    fn an_invalid_document_is_an_error_not_a_guess() {
        assert_eq!(
            evaluate(&JsonCall::Extract(p("$.a")), b"not json"),
            Err(EvalError::InvalidDocument)
        );
        assert!(evaluate(&JsonCall::UnquoteExtract(p("$")), br#""\ud83d\ude00""#).is_err());
    }
}
