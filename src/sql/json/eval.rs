//! The select-list JSON functions squeeze evaluates on an inflated
//! document, producing MariaDB 10.11's bytes.

use super::doc::{find, parse, unescape, DocError, Kind, Node, Scalar};
use super::path::{Path, Step};

/// A function applied to a compressed column with constant arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonCall {
    /// `JSON_EXTRACT(doc, path)`.
    Extract(Path),
    /// `JSON_EXTRACT(doc, path, path...)`: two paths or more.
    ExtractMany(Vec<Path>),
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
    /// `JSON_TYPE(doc)`.
    Type,
    /// `JSON_KEYS(doc [, path])`.
    Keys(Option<Path>),
    /// `JSON_CONTAINS(doc, candidate [, path])` with a constant candidate
    /// (any JSON value: Django's `doc__contains`); the path navigates the
    /// document.
    Contains(Candidate, Option<Path>),
    /// `JSON_CONTAINS(target, doc [, path])`: the document is the
    /// candidate of a constant target (Django's `doc__contained_by`); the
    /// path navigates the target.
    ContainedIn(Candidate, Option<Path>),
    /// `JSON_CONTAINS_PATH(doc, 'one'|'all', path...)`.
    ContainsPath {
        all: bool,
        paths: Vec<Path>,
    },
    /// `CAST(call AS type)`.
    Cast(Box<JsonCall>, CastTo),
    /// `COALESCE(call, constant)` / `IFNULL(call, constant)`: the
    /// constant's text where the call is NULL.
    OrElse(Box<JsonCall>, Vec<u8>),
    /// `CASE JSON_EXTRACT(doc, path) WHEN 'null' THEN NULL ELSE call END`
    /// (SQLAlchemy's typed JSON accessors): NULL where the path holds JSON
    /// `null`, else the call.
    NullCase(Path, Box<JsonCall>),
    /// `CHARSET(doc)` / `COLLATION(doc)`: the logical column's character
    /// set or collation (a utf8mb4_bin LONGTEXT, `docs/catalog.md`), the
    /// same for every row, NULL documents included.
    Charset,
    Collation,
    /// `JSON_CONTAINS(call, candidate)`: the call's JSON text (a
    /// `JSON_EXTRACT`) as the target; NULL where the call is NULL (Django's
    /// `doc__key__contains`).
    ValueContains(Box<JsonCall>, Candidate),
    /// `JSON_CONTAINS(target, call)`: the call's JSON text as the
    /// candidate; NULL where the call is NULL (`doc__key__contained_by`).
    ValueContainedIn(Candidate, Box<JsonCall>),
    /// `CASE JSON_EXTRACT(doc, path) WHEN 'null' THEN NULL WHEN true THEN
    /// true ELSE false END` (SQLAlchemy's `as_boolean()`): NULL for JSON
    /// `null`, else whether the value equals 1 compared as DECIMAL (`true`
    /// is 1; `false`, objects and arrays 0; numbers and strings converted),
    /// `0` for a missing path or a NULL document.
    BoolCase(Path),
    /// `call + 0.0...` (SQLAlchemy's `as_float()`): the call's value as a
    /// DOUBLE, as `CAST(call AS DOUBLE)` computes it (both take the JSON
    /// item's `val_real`), a negative zero made positive by the addition.
    PlusZero(Box<JsonCall>),
    /// `outer(call)`: a document function (`JSON_TYPE`, `JSON_DEPTH`,
    /// `JSON_VALID`, `JSON_LENGTH`, `JSON_KEYS`) over the JSON text a
    /// `JSON_EXTRACT` or `JSON_QUERY` call returns; NULL where it is NULL.
    Of(Box<JsonCall>, Box<JsonCall>),
    /// `call IS NULL` (`IS NOT NULL` when the flag is set): 1 or 0.
    IsNull(Box<JsonCall>, bool),
    /// `-call` of an integer call.
    Negate(Box<JsonCall>),
    /// `call + n`, `call - n` or `call * n` of an integer call and an
    /// integer constant of at most nine digits (no overflow is reachable).
    Arith(Box<JsonCall>, ArithOp, i64),
}

/// The integer operators squeeze applies to an integer call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
}

/// A constant JSON value of JSON_CONTAINS (the candidate, or the target
/// when the document is the candidate): its text as written (whitespace
/// trimmed) and its tree over that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub raw: Vec<u8>,
    pub root: Node,
}

impl Candidate {
    /// A valid JSON constant; `None` otherwise: MariaDB reads a constant
    /// only as far as the comparison needs, so an invalid one answers
    /// NULL with a warning for some documents and 0 or 1 for others (and
    /// text after a complete value is never read), which squeeze does not
    /// reproduce. A member name whose escapes squeeze does not resolve is
    /// refused too (names are compared unescaped).
    pub fn parse(text: &[u8]) -> Option<Candidate> {
        let node = parse(text).ok()?;
        let raw = text[node.span].to_vec();
        let root = parse(&raw).ok()?;
        if !names_resolve(&raw, &root) {
            return None;
        }
        Some(Candidate { raw, root })
    }

    /// The value `path` selects in the constant, as JSON_CONTAINS's path
    /// finds it in its first argument (see `find_unescaped`).
    pub fn at(&self, path: Option<&Path>) -> Result<Option<&Node>, EvalError> {
        let Some(path) = path else {
            return Ok(Some(&self.root));
        };
        find_unescaped(&self.raw, &self.root, path)
    }
}

/// Every member name's escapes resolve (see `unescape`).
fn names_resolve(src: &[u8], n: &Node) -> bool {
    match &n.kind {
        Kind::Scalar(_) => true,
        Kind::Array(items) => items.iter().all(|i| names_resolve(src, i)),
        Kind::Object(members) => members
            .iter()
            .all(|(name, v)| unescape(&src[name.clone()]).is_some() && names_resolve(src, v)),
    }
}

/// The target types of `CAST` squeeze reproduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastTo {
    Char,
    Signed,
    Unsigned,
    Double,
    /// `DECIMAL(m, d)`.
    Decimal(u8, u8),
}

impl JsonCall {
    /// The paths it navigates.
    pub fn paths(&self) -> Vec<&Path> {
        match self {
            JsonCall::Extract(p)
            | JsonCall::UnquoteExtract(p)
            | JsonCall::Value(p)
            | JsonCall::Query(p)
            | JsonCall::Exists(p) => vec![p],
            JsonCall::Length(p) | JsonCall::Keys(p) | JsonCall::Contains(_, p) => {
                p.iter().collect()
            }
            JsonCall::BoolCase(p) => vec![p],
            JsonCall::ExtractMany(ps) | JsonCall::ContainsPath { paths: ps, .. } => {
                ps.iter().collect()
            }
            JsonCall::Cast(inner, _)
            | JsonCall::OrElse(inner, _)
            | JsonCall::PlusZero(inner)
            | JsonCall::Of(_, inner)
            | JsonCall::IsNull(inner, _)
            | JsonCall::Negate(inner)
            | JsonCall::Arith(inner, ..)
            | JsonCall::ValueContains(inner, _)
            | JsonCall::ValueContainedIn(_, inner) => inner.paths(),
            JsonCall::NullCase(p, inner) => {
                let mut all = vec![p];
                all.extend(inner.paths());
                all
            }
            // The path of a ContainedIn navigates the constant.
            JsonCall::Depth
            | JsonCall::Valid
            | JsonCall::Type
            | JsonCall::ContainedIn(..)
            | JsonCall::Charset
            | JsonCall::Collation => Vec::new(),
        }
    }

    /// What it answers for a NULL document (every function NULL, but a
    /// default applies).
    pub fn null_document(&self) -> Option<&[u8]> {
        match self {
            JsonCall::OrElse(_, default) => Some(default),
            JsonCall::Charset => Some(b"utf8mb4"),
            JsonCall::Collation => Some(b"utf8mb4_bin"),
            // The CASE operand is NULL: no WHEN matches, the ELSE answers.
            JsonCall::NullCase(_, inner) => inner.null_document(),
            // No WHEN matches a NULL operand: ELSE false.
            JsonCall::BoolCase(_) => Some(b"0"),
            JsonCall::IsNull(inner, not) => {
                let null = inner.null_document().is_none();
                Some(if null != *not { b"1" } else { b"0" })
            }
            _ => None,
        }
    }

    /// An integer call whose value fits an `i64` and is NULL for a NULL
    /// document: what `-call` and `call + n` take.
    pub fn small_integer(&self) -> bool {
        self.integer()
            && self.null_document().is_none()
            && !matches!(
                self,
                JsonCall::Cast(..) | JsonCall::OrElse(..) | JsonCall::NullCase(..)
            )
    }

    /// Does the function return an integer (the client sees a number
    /// column)?
    pub fn integer(&self) -> bool {
        match self {
            JsonCall::Length(_)
            | JsonCall::Depth
            | JsonCall::Exists(_)
            | JsonCall::Valid
            | JsonCall::Contains(..)
            | JsonCall::ContainedIn(..)
            | JsonCall::ValueContains(..)
            | JsonCall::ValueContainedIn(..)
            | JsonCall::BoolCase(_)
            | JsonCall::ContainsPath { .. } => true,
            JsonCall::Cast(_, to) => matches!(to, CastTo::Signed | CastTo::Unsigned),
            JsonCall::OrElse(inner, _) | JsonCall::NullCase(_, inner) => inner.integer(),
            JsonCall::IsNull(..) | JsonCall::Negate(_) | JsonCall::Arith(..) => true,
            JsonCall::Of(outer, _) => outer.integer(),
            _ => false,
        }
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
    /// The statement was stopped (KILL, client gone, max_statement_time).
    Interrupted(crate::interrupt::Reason),
}

impl From<crate::interrupt::Reason> for EvalError {
    fn from(r: crate::interrupt::Reason) -> Self {
        EvalError::Interrupted(r)
    }
}

fn doc_error(e: DocError) -> EvalError {
    match e {
        DocError::Invalid => EvalError::InvalidDocument,
        DocError::Unsure => EvalError::Unsure("a document form"),
    }
}

/// Evaluate `call` on the document `doc` (never NULL: a NULL document
/// gives NULL for every function and is handled by the caller).
/// `Ok(None)` is SQL NULL.
pub fn evaluate(call: &JsonCall, doc: &[u8]) -> Result<Option<Vec<u8>>, EvalError> {
    match call {
        JsonCall::Cast(inner, to) => {
            return match evaluate(inner, doc)? {
                None => Ok(None),
                Some(v) => cast(&v, *to).map(Some),
            }
        }
        JsonCall::OrElse(inner, or) => {
            return Ok(Some(evaluate(inner, doc)?.unwrap_or_else(|| or.clone())))
        }
        JsonCall::Charset | JsonCall::Collation => {
            return Ok(call.null_document().map(<[u8]>::to_vec));
        }
        JsonCall::NullCase(path, inner) => {
            // The operand is compared in its utf8mb4_bin collation, which
            // pads with spaces.
            let operand = evaluate(&JsonCall::Extract(path.clone()), doc)?;
            let is_null = operand.is_some_and(|v| {
                let end = v.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
                &v[..end] == b"null"
            });
            return if is_null {
                Ok(None)
            } else {
                evaluate(inner, doc)
            };
        }
        JsonCall::BoolCase(path) => {
            return match evaluate(&JsonCall::Extract(path.clone()), doc)? {
                None => Ok(Some(b"0".to_vec())),
                Some(v) => as_boolean(&v),
            };
        }
        JsonCall::ContainedIn(target, path) => {
            // MariaDB looks the path up in the target before it reads the
            // document: a path the target lacks is 0 for any document.
            let Some(t) = target.at(path.as_ref())? else {
                return Ok(Some(b"0".to_vec()));
            };
            let root = parse(doc).map_err(doc_error)?;
            let yes = contains(&target.raw, t, doc, &root)?;
            return Ok(Some(vec![b'0' + u8::from(yes)]));
        }
        JsonCall::Contains(cand, path) => {
            let root = parse(doc).map_err(doc_error)?;
            let yes = match path {
                None => contains(doc, &root, &cand.raw, &cand.root)?,
                Some(p) => match find_unescaped(doc, &root, p)? {
                    Some(n) => contains(doc, n, &cand.raw, &cand.root)?,
                    None => false,
                },
            };
            return Ok(Some(vec![b'0' + u8::from(yes)]));
        }
        JsonCall::ValueContains(inner, cand) => {
            return match evaluate(inner, doc)? {
                None => Ok(None),
                Some(v) => {
                    let root = parse(&v).map_err(doc_error)?;
                    let yes = contains(&v, &root, &cand.raw, &cand.root)?;
                    Ok(Some(vec![b'0' + u8::from(yes)]))
                }
            };
        }
        JsonCall::ValueContainedIn(target, inner) => {
            return match evaluate(inner, doc)? {
                None => Ok(None),
                Some(v) => {
                    let root = parse(&v).map_err(doc_error)?;
                    let yes = contains(&target.raw, &target.root, &v, &root)?;
                    Ok(Some(vec![b'0' + u8::from(yes)]))
                }
            };
        }
        JsonCall::Of(outer, inner) => {
            return match evaluate(inner, doc)? {
                None => Ok(None),
                Some(text) => evaluate(outer, &text),
            };
        }
        JsonCall::IsNull(inner, not) => {
            let null = evaluate(inner, doc)?.is_none();
            return Ok(Some(vec![b'0' + u8::from(null != *not)]));
        }
        JsonCall::Negate(inner) => {
            return Ok(evaluate(inner, doc)?.map(|v| match integer_of(&v) {
                Some(0) | None => b"0".to_vec(),
                Some(n) => (-i128::from(n)).to_string().into_bytes(),
            }));
        }
        JsonCall::Arith(inner, op, k) => {
            return Ok(evaluate(inner, doc)?.map(|v| {
                let n = i128::from(integer_of(&v).unwrap_or(0));
                let k = i128::from(*k);
                let r = match op {
                    ArithOp::Add => n + k,
                    ArithOp::Sub => n - k,
                    ArithOp::Mul => n * k,
                };
                r.to_string().into_bytes()
            }));
        }
        JsonCall::PlusZero(inner) => {
            return match evaluate(inner, doc)? {
                None => Ok(None),
                Some(v) => match json_number(&v).and_then(number) {
                    // -0 + 0 is +0.
                    Some(0.0) => Ok(Some(b"0".to_vec())),
                    _ => cast(&v, CastTo::Double).map(Some),
                },
            };
        }
        _ => {}
    }
    if let Some(v) = point(call, doc) {
        return v;
    }
    let root = match parse(doc) {
        Ok(root) => root,
        Err(DocError::Invalid) if *call == JsonCall::Valid => return Ok(Some(b"0".to_vec())),
        Err(e) => return Err(doc_error(e)),
    };
    let int = |n: usize| Ok(Some(n.to_string().into_bytes()));
    // MariaDB 10.11 matches path names raw in JSON_EXTRACT and
    // JSON_CONTAINS_PATH (`$.a` does not find `"\u0061"`) and unescaped
    // in the functions that find one value (JSON_VALUE, JSON_QUERY,
    // JSON_EXISTS, JSON_LENGTH, JSON_KEYS: `$.a` finds it; checked).
    let first = |p: &Path| find_unescaped(doc, &root, p);
    match call {
        JsonCall::Valid => int(1),
        JsonCall::Depth => int(depth(&root)),
        JsonCall::Extract(path) => Ok(extract(doc, &root, path)),
        JsonCall::ExtractMany(paths) => Ok(extract_many(doc, &root, paths)),
        JsonCall::UnquoteExtract(path) => unquote(extract(doc, &root, path)),
        // JSON_VALUE takes the first scalar the path selects, JSON_QUERY
        // the first object or array, searching on past a match of the
        // other kind (`{"a": {}, "a": 2}`: JSON_VALUE of `$.a` is 2); a
        // null match ends both searches with NULL (MariaDB 10.11, measured:
        // `JSON_QUERY('{"b":null,"b":[1]}','$.b')` is NULL, `{"b":1,"b":[1]}`
        // gives `[1]`; tests/json_duplicates.rs).
        JsonCall::Value(path) => value(
            doc,
            find_all_unescaped(doc, &root, path)?
                .into_iter()
                .find(|n| matches!(n.kind, Kind::Scalar(_))),
        ),
        JsonCall::Query(path) => Ok(query(
            doc,
            find_all_unescaped(doc, &root, path)?
                .into_iter()
                .find(|n| match &n.kind {
                    Kind::Scalar(Scalar::Null) => true,
                    Kind::Scalar(_) => false,
                    Kind::Array(_) | Kind::Object(_) => true,
                }),
        )),
        JsonCall::Length(path) => {
            let node = match path {
                None => Some(&root),
                Some(p) if p.wildcard() => {
                    return Err(EvalError::Unsure("JSON_LENGTH with a wildcard path"))
                }
                Some(p) => first(p)?,
            };
            Ok(node.map(|n| length(n).to_string().into_bytes()))
        }
        JsonCall::Exists(path) => int(usize::from(first(path)?.is_some())),
        JsonCall::Type => Ok(Some(json_type(doc, &root).as_bytes().to_vec())),
        JsonCall::Keys(path) => {
            let node = match path {
                None => Some(&root),
                Some(p) => first(p)?,
            };
            keys(doc, node)
        }
        JsonCall::ContainsPath { all, paths } => {
            let mut found = paths.iter().map(|p| !matches(doc, &root, p).is_empty());
            let yes = if *all {
                found.all(|f| f)
            } else {
                found.any(|f| f)
            };
            int(usize::from(yes))
        }
        JsonCall::Cast(..)
        | JsonCall::OrElse(..)
        | JsonCall::NullCase(..)
        | JsonCall::BoolCase(_)
        | JsonCall::Contains(..)
        | JsonCall::ContainedIn(..)
        | JsonCall::ValueContains(..)
        | JsonCall::ValueContainedIn(..)
        | JsonCall::PlusZero(..)
        | JsonCall::Of(..)
        | JsonCall::IsNull(..)
        | JsonCall::Negate(_)
        | JsonCall::Arith(..)
        | JsonCall::Charset
        | JsonCall::Collation => unreachable!("handled above"),
    }
}

/// The single-value functions over a path without wildcards, answered
/// from one validating pass that keeps only the matched value's span (no
/// tree of the whole document). `None`: not such a call.
fn point(call: &JsonCall, doc: &[u8]) -> Option<Result<Option<Vec<u8>>, EvalError>> {
    let path = match call {
        JsonCall::Extract(p)
        | JsonCall::UnquoteExtract(p)
        | JsonCall::Value(p)
        | JsonCall::Query(p)
        | JsonCall::Exists(p)
        | JsonCall::Length(Some(p)) => p,
        _ => return None,
    };
    if path.wildcard() {
        return None;
    }
    let found = match find(doc, &path.steps) {
        Ok(f) => f,
        Err(e) => return Some(Err(doc_error(e))),
    };
    // The scan matches names raw, as JSON_EXTRACT does; the other
    // functions match them unescaped, on the tree.
    if found.escaped_names
        && !matches!(call, JsonCall::Extract(_) | JsonCall::UnquoteExtract(_))
        && path.steps.iter().any(|s| matches!(s, Step::Key(_)))
    {
        return None;
    }
    // Only the matched value is read into a tree (and only a container).
    let sub = found.span.map(|span| &doc[span]);
    let node = match sub.map(parse).transpose() {
        Ok(n) => n,
        Err(e) => return Some(Err(doc_error(e))),
    };
    let sub = sub.unwrap_or_default();
    let m = node.as_ref();
    // A first match of the kind JSON_VALUE / JSON_QUERY skips: a later
    // duplicate may hold their value, found on the tree.
    let scalar = m.map(|n| matches!(n.kind, Kind::Scalar(_)));
    match call {
        JsonCall::Value(_) if scalar == Some(false) => return None,
        JsonCall::Query(_) if scalar == Some(true) => return None,
        _ => {}
    }
    Some(match call {
        JsonCall::Extract(_) => Ok(m.map(|n| formatted(sub, n))),
        JsonCall::UnquoteExtract(_) => unquote(m.map(|n| formatted(sub, n))),
        JsonCall::Value(_) => value(sub, m),
        JsonCall::Query(_) => Ok(query(sub, m)),
        JsonCall::Exists(_) => Ok(Some(vec![if m.is_some() { b'1' } else { b'0' }])),
        JsonCall::Length(_) => Ok(m.map(|n| length(n).to_string().into_bytes())),
        _ => unreachable!("listed above"),
    })
}

/// An integer call's text as a number (its digits, a sign at most).
fn integer_of(v: &[u8]) -> Option<i64> {
    std::str::from_utf8(v).ok()?.parse().ok()
}

fn formatted(doc: &[u8], n: &Node) -> Vec<u8> {
    let mut out = Vec::with_capacity(n.span.len());
    format(doc, n, &mut out);
    out
}

fn unquote(v: Option<Vec<u8>>) -> Result<Option<Vec<u8>>, EvalError> {
    match v {
        Some(text) if text.first() == Some(&b'"') => unescape(&text[1..text.len() - 1])
            .map(Some)
            .ok_or(EvalError::Unsure("a string escape")),
        other => Ok(other),
    }
}

fn value(doc: &[u8], n: Option<&Node>) -> Result<Option<Vec<u8>>, EvalError> {
    let Some(n) = n else {
        return Ok(None);
    };
    let raw = &doc[n.span.clone()];
    match &n.kind {
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

fn query(doc: &[u8], n: Option<&Node>) -> Option<Vec<u8>> {
    n.filter(|n| !matches!(n.kind, Kind::Scalar(_)))
        .map(|n| doc[n.span.clone()].to_vec())
}

fn length(n: &Node) -> usize {
    match &n.kind {
        Kind::Scalar(_) => 1,
        Kind::Array(items) => items.len(),
        Kind::Object(members) => members.len(),
    }
}

/// JSON_TYPE's names; a number with a fraction (`1.`, `1.5e3`) is a
/// DOUBLE, any other (`1e5` included) an INTEGER.
fn json_type(doc: &[u8], n: &Node) -> &'static str {
    match &n.kind {
        Kind::Object(_) => "OBJECT",
        Kind::Array(_) => "ARRAY",
        Kind::Scalar(Scalar::String) => "STRING",
        Kind::Scalar(Scalar::True | Scalar::False) => "BOOLEAN",
        Kind::Scalar(Scalar::Null) => "NULL",
        Kind::Scalar(Scalar::Number) if doc[n.span.clone()].contains(&b'.') => "DOUBLE",
        Kind::Scalar(Scalar::Number) => "INTEGER",
    }
}

/// JSON_KEYS: an object's names as stored, each once (first occurrence
/// order), in MariaDB's `["a", "b"]` layout; NULL for anything else.
fn keys(doc: &[u8], n: Option<&Node>) -> Result<Option<Vec<u8>>, EvalError> {
    let Some(Kind::Object(members)) = n.map(|n| &n.kind) else {
        return Ok(None);
    };
    let names: Vec<&[u8]> = members.iter().map(|(name, _)| &doc[name.clone()]).collect();
    // Listed and told apart as stored, escapes and all (checked:
    // `{"\\u0061": 1, "a": 2}` lists both).
    let seen = if names.iter().any(|n| n.is_empty() || n.contains(&b'"')) {
        // MariaDB 10.11 finds a repeated name by scanning the list it is
        // building, which an empty last entry or a name holding `\"`
        // misleads (`{"a":1,"":2,"":3}` lists "" twice, `{"q\"k":1,
        // "b":2,"b":3}` lists b twice; tests/json_duplicates.rs): that
        // scan, reproduced, over objects small enough for it (quadratic).
        if names.len() > MAX_SCANNED_KEYS {
            return Err(EvalError::Unsure(
                "JSON_KEYS of a large object with an empty name or a name holding a quote",
            ));
        }
        let mut list = vec![b'['];
        let mut seen = Vec::new();
        for name in names {
            if !listed_as_mariadb_scans(&list, name) {
                if !seen.is_empty() {
                    list.extend_from_slice(b", ");
                }
                list.push(b'"');
                list.extend_from_slice(name);
                list.push(b'"');
                seen.push(name);
            }
        }
        seen
    } else {
        // A hash set, not a scan of the names kept so far: 50,000 names
        // took 3.6 s quadratically (issue 43). Exact here: with no empty
        // name and no quote in a name the server's scan finds exactly the
        // equal names.
        let mut set: std::collections::HashSet<&[u8]> =
            std::collections::HashSet::with_capacity(names.len());
        names.into_iter().filter(|n| set.insert(n)).collect()
    };
    let mut out = vec![b'['];
    for (i, name) in seen.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        out.push(b'"');
        out.extend_from_slice(name);
        out.push(b'"');
    }
    out.push(b']');
    Ok(Some(out))
}

/// The most names JSON_KEYS lists by MariaDB's scan (quadratic) rather
/// than a hash set.
const MAX_SCANNED_KEYS: usize = 1024;

/// Whether MariaDB 10.11's JSON_KEYS takes `name` for one already in
/// `list` (`["k1", "k2"` so far): it walks the list from after `["`,
/// comparing `name` up to the next `"`, then steps over that `"` and the
/// `, "` after it; the walk stops before the list's last `"` (so an empty
/// last entry is never compared), and a `"` inside an entry (`\"`) puts
/// every later step out of line with the entries.
fn listed_as_mariadb_scans(list: &[u8], name: &[u8]) -> bool {
    let at = |i: usize| list.get(i).copied();
    let end = list.len().saturating_sub(1);
    let mut c = 2;
    while c < end {
        let mut n = 0;
        while n < name.len() && at(c + n).is_some_and(|b| b != b'"') {
            if at(c + n) != Some(name[n]) {
                break;
            }
            n += 1;
        }
        if at(c + n) == Some(b'"') {
            if n == name.len() {
                return true;
            }
        } else {
            while at(c + n).is_some_and(|b| b != b'"') {
                n += 1;
            }
        }
        c += n + 4;
    }
    false
}

/// JSON_CONTAINS as MariaDB 10.11's `check_contains` decides it (checked
/// against the server, quirks included), the target `n` over `doc` and
/// the candidate `c` over `cdoc`:
/// - an object contains an object when, for each candidate member in
///   order, the target's *first* member of that name (names compared
///   unescaped, on both sides) contains its value; nothing else;
/// - an array contains an array when it contains each candidate element,
///   the element checked against the whole target array again (so
///   `[1, 2]` contains `[[1]]`);
/// - an array contains a non-array when some element contains it (nested
///   arrays searched: `[[1]]` contains `1`);
/// - a string contains a string of the same raw text (escapes compared
///   as written, `"\u00e9"` is not `"é"`); a number a number whose double
///   differs by less than 1e-12; `true`, `false`, `null` the same word.
fn contains(doc: &[u8], n: &Node, cdoc: &[u8], c: &Node) -> Result<bool, EvalError> {
    crate::interrupt::tick()?;
    match (&n.kind, &c.kind) {
        (Kind::Object(members), Kind::Object(wanted)) => {
            let mut names = FirstNames::new(doc, members);
            for (name, value) in wanted {
                let name = member_name(cdoc, name)?;
                match names.first(&name)? {
                    Some(v) if contains(doc, v, cdoc, value)? => {}
                    _ => return Ok(false),
                }
            }
            Ok(true)
        }
        (Kind::Array(_), Kind::Array(wanted)) => {
            let mut index = None;
            let mut done = std::collections::HashSet::new();
            contains_all(doc, n, cdoc, wanted, &mut index, &mut done)
        }
        (Kind::Array(items), _) => {
            for item in items {
                if contains(doc, item, cdoc, c)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        (Kind::Scalar(a), Kind::Scalar(b)) if a == b => match a {
            Scalar::String => Ok(doc[n.span.clone()] == cdoc[c.span.clone()]),
            Scalar::Number => {
                Ok((strtod(&doc[n.span.clone()]) - strtod(&cdoc[c.span.clone()])).abs() < 1e-12)
            }
            _ => Ok(true),
        },
        _ => Ok(false),
    }
}

/// An array target `n` contains every element of the candidate array
/// `wanted`, each checked against the whole target (nested candidate
/// arrays the same way). Without help that is a walk of the target per
/// candidate element: 1,000 elements over a 2 MB document took 44 s
/// (issue 43). So an element whose text was checked already is not
/// checked again (the same text, the same answer), and scalars are looked
/// up in an index of the target's scalars reachable through arrays
/// (exactly the ones the walk compares them with), built once.
fn contains_all<'c>(
    doc: &[u8],
    n: &Node,
    cdoc: &'c [u8],
    wanted: &'c [Node],
    index: &mut Option<ScalarIndex>,
    done: &mut std::collections::HashSet<&'c [u8]>,
) -> Result<bool, EvalError> {
    for w in wanted {
        crate::interrupt::tick()?;
        if !done.insert(&cdoc[w.span.clone()]) {
            continue;
        }
        let yes = match &w.kind {
            Kind::Array(inner) => contains_all(doc, n, cdoc, inner, index, done)?,
            Kind::Scalar(s) => index
                .get_or_insert_with(|| ScalarIndex::of(doc, n))
                .holds(*s, &cdoc[w.span.clone()]),
            Kind::Object(_) => contains(doc, n, cdoc, w)?,
        };
        if !yes {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The scalars of an array target that JSON_CONTAINS compares a scalar
/// candidate with: its elements, and those of arrays nested in it (not
/// inside objects).
struct ScalarIndex {
    strings: std::collections::HashSet<Vec<u8>>,
    /// Sorted doubles (MariaDB compares numbers within 1e-12).
    numbers: Vec<f64>,
    words: [bool; 3],
}

impl ScalarIndex {
    fn of(doc: &[u8], n: &Node) -> ScalarIndex {
        let mut ix = ScalarIndex {
            strings: Default::default(),
            numbers: Vec::new(),
            words: [false; 3],
        };
        let mut stack = vec![n];
        while let Some(n) = stack.pop() {
            match &n.kind {
                Kind::Array(items) => stack.extend(items.iter()),
                Kind::Object(_) => {}
                Kind::Scalar(Scalar::String) => {
                    ix.strings.insert(doc[n.span.clone()].to_vec());
                }
                Kind::Scalar(Scalar::Number) => ix.numbers.push(strtod(&doc[n.span.clone()])),
                Kind::Scalar(w) => ix.words[Self::word(*w)] = true,
            }
        }
        ix.numbers.sort_by(f64::total_cmp);
        ix
    }

    fn word(s: Scalar) -> usize {
        match s {
            Scalar::True => 0,
            Scalar::False => 1,
            _ => 2,
        }
    }

    /// Does some indexed scalar contain the candidate scalar `raw`?
    fn holds(&self, s: Scalar, raw: &[u8]) -> bool {
        match s {
            Scalar::String => self.strings.contains(raw),
            Scalar::Number => {
                let x = strtod(raw);
                // The nearest doubles are on either side of x.
                let at = self.numbers.partition_point(|&t| t < x);
                let near = |i: usize| self.numbers.get(i).is_some_and(|t| (t - x).abs() < 1e-12);
                near(at) || (at > 0 && near(at - 1))
            }
            w => self.words[Self::word(w)],
        }
    }
}

/// The first member of each name of an object (names unescaped, as
/// JSON_CONTAINS compares them). A few lookups scan the members as
/// MariaDB does; more build a map once, so a large candidate object costs
/// no scan of the target per candidate member.
/// Unescaped name -> position of its first member.
type NameMap<'d> = std::collections::HashMap<std::borrow::Cow<'d, [u8]>, usize>;

struct FirstNames<'d, 'n> {
    doc: &'d [u8],
    members: &'n [(std::ops::Range<usize>, Node)],
    lookups: usize,
    /// Name -> position of its first member; and the position of the
    /// first name that does not unescape (the scan fails there).
    map: Option<(NameMap<'d>, Option<usize>)>,
}

impl<'d, 'n> FirstNames<'d, 'n> {
    fn new(doc: &'d [u8], members: &'n [(std::ops::Range<usize>, Node)]) -> Self {
        FirstNames {
            doc,
            members,
            lookups: 0,
            map: None,
        }
    }

    fn first(&mut self, name: &[u8]) -> Result<Option<&'n Node>, EvalError> {
        self.lookups += 1;
        if self.lookups <= 8 {
            for (m, v) in self.members {
                crate::interrupt::tick()?;
                if member_name(self.doc, m)? == name {
                    return Ok(Some(v));
                }
            }
            return Ok(None);
        }
        if self.map.is_none() {
            let mut map = std::collections::HashMap::with_capacity(self.members.len());
            let mut bad = None;
            for (i, (m, _)) in self.members.iter().enumerate() {
                crate::interrupt::tick()?;
                match member_name(self.doc, m) {
                    Ok(n) => {
                        map.entry(n).or_insert(i);
                    }
                    Err(_) => {
                        bad.get_or_insert(i);
                    }
                }
            }
            self.map = Some((map, bad));
        }
        let (map, bad) = self.map.as_ref().expect("built above");
        // The scan stops at the first match, or fails at an unreadable
        // name before it.
        match (map.get(name).copied(), *bad) {
            (Some(i), Some(b)) if b < i => Err(unreadable_name()),
            (None, Some(_)) => Err(unreadable_name()),
            (Some(i), _) => Ok(Some(&self.members[i].1)),
            (None, None) => Ok(None),
        }
    }
}

fn unreadable_name() -> EvalError {
    EvalError::Unsure("a member name with an escape squeeze does not resolve")
}

/// The value JSON_CONTAINS's path (no wildcards or ranges) selects: the
/// first member whose name, unescaped, is the step's (checked: `$.a`
/// finds `{"\\u0061": 1}`, unlike JSON_EXTRACT's), an array's element, or
/// for `[0]` a non-array itself.
fn find_unescaped<'n>(
    doc: &[u8],
    root: &'n Node,
    path: &Path,
) -> Result<Option<&'n Node>, EvalError> {
    Ok(find_all_unescaped(doc, root, path)?.into_iter().next())
}

/// Every value a single-value path selects, in document order: every
/// member whose unescaped name is the step's (duplicates included), as
/// MariaDB's `json_find_path` finds them when it searches on.
fn find_all_unescaped<'n>(
    doc: &[u8],
    root: &'n Node,
    path: &Path,
) -> Result<Vec<&'n Node>, EvalError> {
    let mut cur = vec![root];
    for step in &path.steps {
        let mut next = Vec::new();
        for n in cur {
            match (step, &n.kind) {
                (Step::Key(k), Kind::Object(members)) => {
                    for (name, v) in members {
                        if member_name(doc, name)? == &k[..] {
                            next.push(v);
                        }
                    }
                }
                (Step::Index(i), Kind::Array(items)) => next.extend(items.get(*i as usize)),
                (Step::Index(0), _) => next.push(n),
                (Step::Key(_) | Step::Index(_), _) => {}
                _ => return Err(EvalError::Unsure("a wildcard in a single-value path")),
            }
        }
        cur = next;
    }
    Ok(cur)
}

/// A member name unescaped (as MariaDB compares names in JSON_CONTAINS);
/// borrowed when it holds no escape.
fn member_name<'a>(
    src: &'a [u8],
    name: &std::ops::Range<usize>,
) -> Result<std::borrow::Cow<'a, [u8]>, EvalError> {
    let raw = &src[name.clone()];
    if !raw.contains(&b'\\') {
        return Ok(std::borrow::Cow::Borrowed(raw));
    }
    unescape(raw)
        .map(std::borrow::Cow::Owned)
        .ok_or_else(unreadable_name)
}

/// A JSON number's double as MariaDB's `strntod` reads it: correctly
/// rounded, a magnitude beyond double range clamped to the largest double
/// (checked: `1e400` contains `1.7976931348623157e308`).
fn strtod(raw: &[u8]) -> f64 {
    let v: f64 = std::str::from_utf8(raw)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0.0);
    if v.is_infinite() {
        f64::MAX.copysign(v)
    } else {
        v
    }
}

/// SQLAlchemy's `as_boolean()` on a matched value (its JSON_EXTRACT text,
/// not JSON `null`): `WHEN true` compares it with 1 as DECIMAL, JSON_EXTRACT
/// giving `true` 1, `false`, objects and arrays 0, and a number or a
/// string's raw text converted. Rows MariaDB converts with a warning
/// (`"x"`, `""`, `"1 "`, digits beyond DECIMAL's precision, `1e400`) are
/// refused.
fn as_boolean(v: &[u8]) -> Result<Option<Vec<u8>>, EvalError> {
    let bit = |b: bool| Ok(Some(vec![b'0' + u8::from(b)]));
    if v == b"null" {
        return Ok(None);
    }
    let node = parse(v).map_err(doc_error)?;
    match node.kind {
        Kind::Scalar(Scalar::True) => bit(true),
        Kind::Scalar(Scalar::False) | Kind::Array(_) | Kind::Object(_) => bit(false),
        Kind::Scalar(Scalar::Null) => Ok(None),
        Kind::Scalar(Scalar::Number) => decimal_is_one(v).map_or(
            Err(EvalError::Unsure(
                "a number with more digits than squeeze converts to DECIMAL",
            )),
            bit,
        ),
        Kind::Scalar(Scalar::String) => {
            let text = &v[1..v.len() - 1];
            match decimal_is_one(text) {
                Some(b) => bit(b),
                None => Err(EvalError::Unsure(
                    "a string that MariaDB converts to DECIMAL with a warning, or that squeeze does not convert,",
                )),
            }
        }
    }
}

/// Is the number text exactly 1, as DECIMAL reads it? The text is a JSON
/// number or a string's raw content in the forms MariaDB converts without
/// a warning (checked): leading spaces, a sign (`+` too), digits with an
/// optional point (`01`, `1.`, `.5`), an optional exponent (`1e+0`,
/// `.1e1`), nothing after. `None` for anything else (`"1 "`, `"1e"`,
/// `"- 1"` warn) and for more digits or a larger exponent than squeeze is
/// sure DECIMAL converts without truncating (30 integer and 30 fraction
/// digits).
fn decimal_is_one(v: &[u8]) -> Option<bool> {
    let start = v.iter().position(|&b| b != b' ')?;
    let v = &v[start..];
    let (neg, v) = match v.first() {
        Some(b'-') => (true, &v[1..]),
        Some(b'+') => (false, &v[1..]),
        _ => (false, v),
    };
    let (mantissa, exp) = match v.iter().position(|b| matches!(b, b'e' | b'E')) {
        Some(at) => {
            let e = &v[at + 1..];
            let digits = e.strip_prefix(b"+").or(e.strip_prefix(b"-")).unwrap_or(e);
            if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let e: i64 = std::str::from_utf8(e).ok()?.parse().ok()?;
            (&v[..at], e)
        }
        None => (v, 0),
    };
    let (int, frac) = match mantissa.iter().position(|&b| b == b'.') {
        Some(dot) => (&mantissa[..dot], &mantissa[dot + 1..]),
        None => (mantissa, &b""[..]),
    };
    if int.len() + frac.len() == 0
        || !int.iter().chain(frac).all(u8::is_ascii_digit)
        || exp.abs() > 30
        || int.len() as i64 + exp.max(0) > 30
        || frac.len() as i64 - exp.min(0) > 30
    {
        return None;
    }
    // The digits, with the decimal point after `point` of them.
    let digits: Vec<u8> = int.iter().chain(frac).copied().collect();
    let point = int.len() as i64 + exp;
    let mut nonzero = digits.iter().enumerate().filter(|(_, &d)| d != b'0');
    let one = match (nonzero.next(), nonzero.next()) {
        (Some((i, &b'1')), None) => i as i64 == point - 1,
        _ => false,
    };
    Some(one && !neg)
}

/// A JSON number's double value; `None` beyond double range.
fn number(raw: &[u8]) -> Option<f64> {
    let v: f64 = std::str::from_utf8(raw).ok()?.parse().ok()?;
    v.is_finite().then_some(v)
}

/// CAST of a function's text result, where MariaDB converts it without a
/// warning; otherwise refused (MariaDB truncates and warns).
fn cast(v: &[u8], to: CastTo) -> Result<Vec<u8>, EvalError> {
    let unsure = |what| Err(EvalError::Unsure(what));
    match to {
        CastTo::Char => Ok(v.to_vec()),
        CastTo::Signed | CastTo::Unsigned => {
            let digits = v.strip_prefix(b"-").unwrap_or(v);
            if digits.is_empty() || digits.len() > 20 || !digits.iter().all(u8::is_ascii_digit) {
                return unsure("a value that CAST AS an integer truncates (MariaDB warns)");
            }
            let n: i128 = std::str::from_utf8(v)
                .ok()
                .and_then(|t| t.parse().ok())
                .unwrap_or(i128::MAX);
            let fits = match to {
                CastTo::Signed => (i64::MIN as i128..=i64::MAX as i128).contains(&n),
                _ => v[0] != b'-' && (0..=u64::MAX as i128).contains(&n),
            };
            if !fits {
                return unsure("an integer out of the CAST type's range (MariaDB warns)");
            }
            Ok(n.to_string().into_bytes())
        }
        CastTo::Double => {
            let Some(x) = json_number(v).and_then(number) else {
                return unsure("a value CAST AS DOUBLE that is no plain JSON number");
            };
            if x == 0.0 {
                // MariaDB prints -0 as 0 but sends its bits in binary rows.
                return if x.is_sign_negative() {
                    unsure("a negative zero CAST AS DOUBLE")
                } else {
                    Ok(b"0".to_vec())
                };
            }
            // MariaDB prints the shortest digits that read back, in fixed
            // notation from 1e-4 up to 1e15 (checked); exponents beyond
            // that are not reproduced.
            if !(1e-4..1e15).contains(&x.abs()) {
                return unsure("a double whose MariaDB notation is exponential");
            }
            Ok(format!("{x}").into_bytes())
        }
        CastTo::Decimal(m, d) => decimal(v, m, d).ok_or(EvalError::Unsure(
            "a value CAST AS DECIMAL out of its range or not a plain decimal number",
        )),
    }
}

/// The text if it is a JSON number (MariaDB's `1.` included).
fn json_number(v: &[u8]) -> Option<&[u8]> {
    let node = parse(v).ok()?;
    (node.kind == Kind::Scalar(Scalar::Number) && node.span == (0..v.len())).then_some(v)
}

/// A plain decimal (`-12.345`, no exponent) rounded half away from zero
/// to `d` places, as DECIMAL(m, d) prints it; `None` when it is not one or
/// its integer part has more than `m - d` digits (MariaDB warns).
fn decimal(v: &[u8], m: u8, d: u8) -> Option<Vec<u8>> {
    let v = json_number(v)?;
    if v.iter().any(|b| matches!(b, b'e' | b'E')) {
        return None;
    }
    let (neg, v) = match v.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, v),
    };
    let (int, frac) = match v.iter().position(|&b| b == b'.') {
        Some(dot) => (&v[..dot], &v[dot + 1..]),
        None => (v, &b""[..]),
    };
    let d = d as usize;
    // The digits of the scaled value, then rounding on the next digit.
    let mut digits: Vec<u8> = int.to_vec();
    digits.extend((0..d).map(|i| frac.get(i).copied().unwrap_or(b'0')));
    if frac.get(d).is_some_and(|&b| b >= b'5') {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let int_len = digits.len() - d;
    let int_digits = &digits[..int_len];
    let first = int_digits
        .iter()
        .position(|&b| b != b'0')
        .unwrap_or(int_len);
    if int_len - first > (m as usize).saturating_sub(d) {
        return None;
    }
    let zero = digits.iter().all(|&b| b == b'0');
    let mut out = Vec::new();
    if neg && !zero {
        out.push(b'-');
    }
    if first == int_len {
        out.push(b'0');
    } else {
        out.extend_from_slice(&int_digits[first..]);
    }
    if d > 0 {
        out.push(b'.');
        out.extend_from_slice(&digits[int_len..]);
    }
    Some(out)
}

/// JSON_EXTRACT with several paths: every value any path selects (every
/// member of a name, as with wildcards), in document order, once per path
/// that selects it, wrapped in an array; NULL when none.
fn extract_many(doc: &[u8], root: &Node, paths: &[Path]) -> Option<Vec<u8>> {
    let mut found: Vec<&Node> = paths.iter().flat_map(|p| matches(doc, root, p)).collect();
    if found.is_empty() {
        return None;
    }
    found.sort_by_key(|n| n.span.start);
    let mut out = vec![b'['];
    for (i, n) in found.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        format(doc, n, &mut out);
    }
    out.push(b']');
    Some(out)
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

/// The values `path` selects, in document order. A name selects every
/// member of that name (MariaDB searches on past the first: JSON_EXTRACT
/// of `$.a.x` on `{"a": 1, "a": {"x": 2}}` is 2, checked), so a path
/// without wildcards takes the first of these; `.*` every member. An index
/// or range on a non-array treats it as a one-element array; `[*]` and
/// names select nothing from the wrong kind. Names are compared raw, as
/// JSON_EXTRACT and JSON_CONTAINS_PATH compare them.
pub fn matches<'n>(doc: &[u8], root: &'n Node, path: &Path) -> Vec<&'n Node> {
    let mut cur = vec![root];
    for step in &path.steps {
        let mut next = Vec::new();
        for n in cur {
            match (step, &n.kind) {
                (Step::Key(k), Kind::Object(members)) => next.extend(
                    members
                        .iter()
                        .filter(|(name, _)| doc[name.clone()] == **k)
                        .map(|(_, v)| v),
                ),
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
    }

    #[test]
    fn a_path_searches_on_through_later_members_of_a_duplicated_name() {
        let d = r#"{"a":1,"a":{"x":2},"a":{"x":3,"y":[4]}}"#;
        assert_eq!(run(JsonCall::Extract(p("$.a.x")), d).unwrap(), "2");
        assert_eq!(run(JsonCall::Extract(p("$.a.y[0]")), d).unwrap(), "4");
        assert_eq!(
            run(JsonCall::Extract(p("$.a.*")), d).unwrap(),
            "[2, 3, [4]]"
        );
        assert_eq!(run(JsonCall::Exists(p("$.a.y")), d).unwrap(), "1");
        assert_eq!(run(JsonCall::Length(Some(p("$.a.y"))), d).unwrap(), "1");
        assert_eq!(
            run(JsonCall::Contains(cand("3"), Some(p("$.a.x"))), d).unwrap(),
            "0"
        );
        assert_eq!(
            run(JsonCall::Contains(cand("2"), Some(p("$.a.x"))), d).unwrap(),
            "1"
        );
    }

    #[test]
    fn json_value_and_json_query_search_past_a_match_of_the_other_kind() {
        let v = |d: &str, path: &str| run(JsonCall::Value(p(path)), d);
        let q = |d: &str, path: &str| run(JsonCall::Query(p(path)), d);
        assert_eq!(v(r#"{"a":{"x":1},"a":2}"#, "$.a").unwrap(), "2");
        assert_eq!(v(r#"{"a":{"x":1},"a":null,"a":3}"#, "$.a"), None);
        assert_eq!(v(r#"{"a":{"b":[1]},"a":{"b":5}}"#, "$.a.b").unwrap(), "5");
        assert_eq!(v(r#"{"a":[[1]],"a":[2]}"#, "$.a[0]").unwrap(), "2");
        assert_eq!(v(r#"[{"a":[1]},{"a":3}]"#, "$[0].a"), None);
        assert_eq!(q(r#"{"a":1,"a":{"x":2}}"#, "$.a").unwrap(), r#"{"x":2}"#);
        assert_eq!(q(r#"{"a":1,"a":2}"#, "$.a"), None);
        // JSON_EXISTS, JSON_LENGTH and JSON_KEYS take the first match.
        assert_eq!(
            run(JsonCall::Length(Some(p("$.a"))), r#"{"a":1,"a":[1,2]}"#).unwrap(),
            "1"
        );
        assert_eq!(
            run(JsonCall::Keys(Some(p("$.a"))), r#"{"a":1,"a":{"x":2}}"#),
            None
        );
    }

    #[test]
    fn escaped_names_match_raw_in_extract_and_contains_path_and_unescaped_in_single_value_functions(
    ) {
        let d = r#"{"\u0061":1,"a":2,"b":{"\u0063":[3]}}"#;
        let r = |call: JsonCall| run(call, d);
        assert_eq!(r(JsonCall::Extract(p("$.a"))).unwrap(), "2");
        assert_eq!(r(JsonCall::Extract(p("$.b.c"))), None);
        assert_eq!(r(JsonCall::UnquoteExtract(p("$.a"))).unwrap(), "2");
        assert_eq!(
            r(JsonCall::ExtractMany(vec![p("$.a"), p("$.b")])).unwrap(),
            r#"[2, {"\u0063": [3]}]"#
        );
        let cp = |path: &str| {
            r(JsonCall::ContainsPath {
                all: true,
                paths: vec![p(path)],
            })
            .unwrap()
        };
        assert_eq!(cp("$.b.c"), "0");
        assert_eq!(cp("$.b.*"), "1");
        assert_eq!(r(JsonCall::Value(p("$.a"))).unwrap(), "1");
        assert_eq!(r(JsonCall::Query(p("$.b.c"))).unwrap(), "[3]");
        assert_eq!(r(JsonCall::Exists(p("$.b.c[0]"))).unwrap(), "1");
        assert_eq!(r(JsonCall::Length(Some(p("$.b.c")))).unwrap(), "1");
        // Names are listed as stored, told apart raw.
        assert_eq!(r(JsonCall::Keys(Some(p("$.b")))).unwrap(), r#"["\u0063"]"#);
        assert_eq!(
            run(
                JsonCall::Keys(None),
                r#"{"\u0061":1,"\u0061":2,"b":3,"a":4}"#
            )
            .unwrap(),
            r#"["\u0061", "b", "a"]"#
        );
        assert_eq!(
            run(JsonCall::Keys(Some(p("$.a"))), r#"{"\u0061":{"x":1}}"#).unwrap(),
            r#"["x"]"#
        );
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

    fn cand(s: &str) -> Candidate {
        Candidate::parse(s.as_bytes()).unwrap()
    }

    #[test]
    fn type_and_keys_answer_as_mariadb_lays_them_out() {
        let t = |d: &str| run(JsonCall::Type, d).unwrap();
        assert_eq!(
            ["{}", "[1]", "\"x\"", "1e5", "1.", "1.5", "-0", "true", "null"].map(t),
            [
                "OBJECT", "ARRAY", "STRING", "INTEGER", "DOUBLE", "DOUBLE", "INTEGER", "BOOLEAN",
                "NULL"
            ]
        );
        let d = r#"{"a":1,"b":[1,2],"a":3, "c":{"d":"x"}, "":0, "x y":1}"#;
        assert_eq!(
            run(JsonCall::Keys(None), d).unwrap(),
            r#"["a", "b", "c", "", "x y"]"#
        );
        assert_eq!(run(JsonCall::Keys(Some(p("$.c"))), d).unwrap(), r#"["d"]"#);
        assert_eq!(run(JsonCall::Keys(Some(p("$.b"))), d), None);
        assert_eq!(
            run(JsonCall::Keys(Some(p("$[0]"))), r#"{"a":1}"#).unwrap(),
            r#"["a"]"#
        );
        assert_eq!(run(JsonCall::Keys(None), "{}").unwrap(), "[]");
        assert_eq!(
            run(JsonCall::Keys(None), r#"{"\u0061":1,"a":2}"#).unwrap(),
            r#"["\u0061", "a"]"#
        );
        // MariaDB's list scan (measured): an empty last entry is never
        // found again; a name holding `\"` hides later repeats.
        assert_eq!(
            run(JsonCall::Keys(None), r#"{"a":1,"":2,"":3}"#).unwrap(),
            r#"["a", "", ""]"#
        );
        assert_eq!(
            run(JsonCall::Keys(None), r#"{"":1,"a":2,"":3}"#).unwrap(),
            r#"["", "a"]"#
        );
        assert_eq!(
            run(JsonCall::Keys(None), r#"{"q\"k":1,"b":2,"q\"k":3}"#).unwrap(),
            r#"["q\"k", "b", "q\"k"]"#
        );
    }

    #[test]
    fn contains_matches_scalars_by_kind_raw_text_and_numbers_within_1e_12() {
        let c = |d: &str, x: &str| run(JsonCall::Contains(cand(x), None), d).unwrap();
        assert_eq!(c("[[1]]", "1"), "1");
        assert_eq!(c("[1,[2]]", "2"), "1");
        assert_eq!(c(r#"{"a":1}"#, "1"), "0");
        assert_eq!(c(r#"[{"a":1}]"#, "1"), "0");
        assert_eq!(c("1.0", "1"), "1");
        assert_eq!(c("0.1", "0.1000000000001"), "1");
        assert_eq!(c(r#""a""#, r#""a""#), "1");
        assert_eq!(c(r#""\u0061""#, r#""a""#), "0");
        assert_eq!(c("[null]", "null"), "1");
        assert_eq!(c("[true]", "1"), "0");
        let at = |d: &str, x: &str, path: &str| {
            run(JsonCall::Contains(cand(x), Some(p(path))), d).unwrap()
        };
        assert_eq!(at(r#"{"a":[1]}"#, "1", "$.a"), "1");
        assert_eq!(at(r#"{"a":[1]}"#, "1", "$.b"), "0");
        // Beyond double range, MariaDB's strtod gives the largest double.
        assert_eq!(c("1e400", "1.7976931348623157e308"), "1");
        assert_eq!(c("[-1e400]", "-1e401"), "1");
        assert_eq!(c("1e400", "1e308"), "0");
        assert!(Candidate::parse(b"1x").is_none());
        assert!(Candidate::parse(b"[1, x").is_none());
        assert!(Candidate::parse(b"[1] x").is_none());
    }

    #[test]
    fn contains_with_object_and_array_candidates_follows_mariadbs_check_contains() {
        let c = |d: &str, x: &str| run(JsonCall::Contains(cand(x), None), d).unwrap();
        // Objects: every candidate member in the target's first member of
        // that name, names compared unescaped.
        assert_eq!(c(r#"{"a":1,"b":2}"#, r#"{"a":1}"#), "1");
        assert_eq!(c(r#"{"a":1,"b":2}"#, r#"{"b":2, "a":1}"#), "1");
        assert_eq!(c(r#"{"a":1}"#, r#"{"a":1,"b":2}"#), "0");
        assert_eq!(c(r#"{"a":1}"#, "{}"), "1");
        assert_eq!(c(r#"{"a":1,"a":2}"#, r#"{"a":2}"#), "0");
        assert_eq!(c(r#"{"a":1,"a":2}"#, r#"{"a":1}"#), "1");
        assert_eq!(c(r#"{"a":1}"#, r#"{"a":1,"a":1}"#), "1");
        assert_eq!(c(r#"{"\u0061":1}"#, r#"{"a":1}"#), "1");
        assert_eq!(c(r#"{"a":1}"#, r#"{"\u0061":1}"#), "1");
        assert_eq!(c(r#"{"a":{"b":1,"c":[1,2]}}"#, r#"{"a":{"c":[2]}}"#), "1");
        assert_eq!(c(r#"{"a":[1,2]}"#, r#"{"a":1}"#), "1");
        assert_eq!(c(r#"{"a":1}"#, r#"{"a":[1]}"#), "0");
        assert_eq!(c(r#"{"a":1}"#, "[]"), "0");
        // Arrays: each candidate element against the whole target, nested
        // arrays searched (MariaDB's quirks, not the spec's).
        assert_eq!(c("[1,2,3]", "[3,1]"), "1");
        assert_eq!(c("[1,2]", "[1,2,3]"), "0");
        assert_eq!(c("[1]", "[1,1]"), "1");
        assert_eq!(c("[[1,2]]", "[1,2]"), "1");
        assert_eq!(c("[1,2]", "[[1]]"), "1");
        assert_eq!(c("[]", "[]"), "1");
        assert_eq!(c("[]", "1"), "0");
        assert_eq!(c("[1]", "{}"), "0");
        assert_eq!(c(r#"[{"a":1},{"b":2}]"#, r#"{"a":1,"b":2}"#), "0");
        assert_eq!(c(r#"[{"a":1},{"b":2}]"#, r#"[{"a":1},{"b":2}]"#), "1");
        assert_eq!(c(r#"[1,{"a":[1,2]}]"#, r#"{"a":[2]}"#), "1");
        // Scalars never contain containers.
        assert_eq!(c("1", "[1]"), "0");
        assert_eq!(c(r#""a""#, r#"["a"]"#), "0");
        assert_eq!(c(r#""\u00e9""#, "\"\u{e9}\""), "0");
        // A member name squeeze does not unescape is not judged.
        assert!(evaluate(
            &JsonCall::Contains(cand(r#"{"a":1}"#), None),
            br#"{"\ud83d\ude00":1}"#
        )
        .is_err());
        assert!(Candidate::parse(br#"{"\ud83d":1}"#).is_none());
    }

    #[test]
    fn contained_in_takes_the_document_as_the_candidate_of_a_constant_target() {
        let t = |target: &str, path: Option<&str>, d: &str| {
            evaluate(
                &JsonCall::ContainedIn(cand(target), path.map(p)),
                d.as_bytes(),
            )
        };
        let yes = Ok(Some(b"1".to_vec()));
        let no = Ok(Some(b"0".to_vec()));
        assert_eq!(t(r#"{"a":1,"b":2}"#, None, r#"{"a":1}"#), yes);
        assert_eq!(t(r#"{"a":1}"#, None, r#"{"a":1,"b":2}"#), no);
        assert_eq!(t("[1,[2]]", None, "2"), yes);
        assert_eq!(t(r#"{"x":{"a":1}}"#, Some("$.x"), r#"{"a":1}"#), yes);
        // A path the target lacks is 0 before the document is read.
        assert_eq!(t(r#"{"x":{"a":1}}"#, Some("$.y"), "not json"), no);
        assert_eq!(
            t(r#"{"x":1}"#, Some("$.x"), "not json"),
            Err(EvalError::InvalidDocument)
        );
        // The path's names match the target's unescaped, as in documents.
        assert_eq!(t(r#"{"\u0061":1}"#, Some("$.a"), "1"), yes);
        let at = |d: &str, x: &str, path: &str| {
            evaluate(&JsonCall::Contains(cand(x), Some(p(path))), d.as_bytes())
        };
        assert_eq!(at(r#"{"\u0061":[1]}"#, "1", "$.a"), yes);
        assert_eq!(at(r#"{"\u0061":1,"a":2}"#, "2", "$.a"), no);
        assert_eq!(at(r#"{"a":{"\u0062":[1]}}"#, "[1]", "$.a.b[0]"), no);
        assert_eq!(at(r#"[{"\u0061":1}]"#, "1", "$[0].a"), yes);
        assert_eq!(at(r#"{"a":5}"#, "5", "$[0].a[0]"), yes);
        assert!(JsonCall::ContainedIn(cand("1"), None).integer());
    }

    #[test]
    fn contains_over_an_extracted_value_is_null_where_the_extract_is() {
        let of = |path: &str, x: &str, d: &str| {
            evaluate(
                &JsonCall::ValueContains(Box::new(JsonCall::Extract(p(path))), cand(x)),
                d.as_bytes(),
            )
        };
        let by = |x: &str, path: &str, d: &str| {
            evaluate(
                &JsonCall::ValueContainedIn(cand(x), Box::new(JsonCall::Extract(p(path)))),
                d.as_bytes(),
            )
        };
        let bit = |v: &str| Ok(Some(v.as_bytes().to_vec()));
        let d = r#"{"a": {"b": [1, 2], "c": "x"}, "n": null}"#;
        assert_eq!(of("$.a", r#"{"b": [2]}"#, d), bit("1"));
        assert_eq!(of("$.a", r#"{"c": "y"}"#, d), bit("0"));
        assert_eq!(of("$.a.b", "1", d), bit("1"));
        assert_eq!(of("$.n", "null", d), bit("1"));
        assert_eq!(of("$.zz", "1", d), Ok(None));
        assert_eq!(of("$.a.*", "[[1]]", d), bit("1"));
        assert_eq!(
            by(r#"{"b": [1, 2, 3], "c": "x", "d": 0}"#, "$.a", d),
            bit("1")
        );
        assert_eq!(by("[1]", "$.a.b", d), bit("0"));
        assert_eq!(by("1", "$.zz", d), Ok(None));
        assert_eq!(of("$.a", "1", "not json"), Err(EvalError::InvalidDocument));
    }

    #[test]
    fn as_boolean_answers_where_the_decimal_comparison_with_1_is_exact_and_silent() {
        let b = |d: &str| {
            evaluate(
                &JsonCall::BoolCase(p("$.a")),
                format!(r#"{{"a":{d}}}"#).as_bytes(),
            )
        };
        let bit = |v: &str| Ok(Some(v.as_bytes().to_vec()));
        for (v, want) in [
            ("true", "1"),
            ("false", "0"),
            ("1", "1"),
            ("1.0", "1"),
            ("1e0", "1"),
            ("10e-1", "1"),
            ("0.1E+1", "1"),
            ("1.", "1"),
            ("-1", "0"),
            ("0", "0"),
            ("-0", "0"),
            ("2.5", "0"),
            ("1.000000000000000000001", "0"),
            ("[1]", "0"),
            ("{}", "0"),
            (r#""1""#, "1"),
            (r#""1.0""#, "1"),
            (r#""0""#, "0"),
            (r#"" 1""#, "1"),
            (r#""+1""#, "1"),
            (r#""01""#, "1"),
            (r#"" +1.0""#, "1"),
            (r#""-01""#, "0"),
            (r#"".5""#, "0"),
            (r#"".1e1""#, "1"),
            (r#""1.e1""#, "0"),
            (r#""100e-2""#, "1"),
            (r#""+.1e1""#, "1"),
        ] {
            assert_eq!(b(v), bit(want), "{v}");
        }
        assert_eq!(b("null"), Ok(None));
        assert_eq!(evaluate(&JsonCall::BoolCase(p("$.a")), b"{}"), bit("0"));
        assert_eq!(
            JsonCall::BoolCase(p("$.a")).null_document(),
            Some(&b"0"[..])
        );
        // MariaDB warns (or squeeze is not sure it would not).
        for v in [
            r#""true""#,
            r#""x""#,
            r#""""#,
            r#""1 ""#,
            r#""1e""#,
            r#""1e+""#,
            r#""- 1""#,
            r#""+-1""#,
            r#""+""#,
            r#"" ""#,
            r#""1.0.0""#,
            r#""\u0031""#,
            "1e400",
            "1e-400",
            "1.0000000000000000000000000000000000000000000001",
        ] {
            assert!(b(v).is_err(), "{v}");
        }
        assert_eq!(
            evaluate(&JsonCall::BoolCase(p("$.a")), b"{"),
            Err(EvalError::InvalidDocument)
        );
    }

    #[test]
    fn contains_path_and_multi_path_extract_scan_every_match_in_document_order() {
        let d = r#"{"a":1,"b":[1,2],"a":3, "c":{"d":"x"}}"#;
        let cp = |all, ps: &[&str], d: &str| {
            run(
                JsonCall::ContainsPath {
                    all,
                    paths: ps.iter().map(|s| p(s)).collect(),
                },
                d,
            )
            .unwrap()
        };
        assert_eq!(cp(false, &["$.a", "$.z"], d), "1");
        assert_eq!(cp(true, &["$.a", "$.z"], d), "0");
        assert_eq!(cp(true, &["$.b[*]", "$.c.d"], d), "1");
        assert_eq!(cp(false, &["$[0 to 3]"], "5"), "1");
        assert_eq!(cp(false, &["$.b[5]"], d), "0");
        let many =
            |ps: &[&str], d: &str| run(JsonCall::ExtractMany(ps.iter().map(|s| p(s)).collect()), d);
        assert_eq!(many(&["$.a", "$.b"], d).unwrap(), "[1, [1, 2], 3]");
        assert_eq!(many(&["$.a", "$.a"], d).unwrap(), "[1, 1, 3, 3]");
        assert_eq!(many(&["$[2]", "$[0]"], "[1,2,3]").unwrap(), "[1, 3]");
        assert_eq!(many(&["$[2]", "$[*]"], "[1,2,3]").unwrap(), "[1, 2, 3, 3]");
        assert_eq!(many(&["$", "$[0]"], "[1,  2]").unwrap(), "[[1, 2], 1]");
        assert_eq!(many(&["$.zz", "$.c.d"], d).unwrap(), r#"["x"]"#);
        assert_eq!(many(&["$.zz", "$.yy"], d), None);
    }

    #[test]
    fn casts_answer_only_where_mariadb_converts_without_a_warning() {
        let cast = |to, d: &str| {
            evaluate(
                &JsonCall::Cast(Box::new(JsonCall::Extract(p("$"))), to),
                d.as_bytes(),
            )
        };
        let ok = |to, d: &str| String::from_utf8(cast(to, d).unwrap().unwrap()).unwrap();
        assert_eq!(ok(CastTo::Signed, "-5"), "-5");
        assert_eq!(ok(CastTo::Signed, "-0"), "0");
        assert_eq!(
            ok(CastTo::Signed, "-9223372036854775808"),
            "-9223372036854775808"
        );
        assert_eq!(
            ok(CastTo::Unsigned, "18446744073709551615"),
            "18446744073709551615"
        );
        for bad in [
            "1.5",
            "1e3",
            "true",
            "\"7\"",
            "[1]",
            "9223372036854775808",
            "null",
        ] {
            assert!(cast(CastTo::Signed, bad).is_err(), "{bad}");
        }
        assert!(cast(CastTo::Unsigned, "-5").is_err());
        assert!(cast(CastTo::Unsigned, "18446744073709551616").is_err());
        assert_eq!(ok(CastTo::Char, "[1,2]"), "[1, 2]");
        assert_eq!(ok(CastTo::Double, "1.5"), "1.5");
        assert_eq!(ok(CastTo::Double, "1e3"), "1000");
        assert_eq!(ok(CastTo::Double, "0.0001"), "0.0001");
        assert_eq!(
            ok(CastTo::Double, "3.14159265358979323846"),
            "3.141592653589793"
        );
        assert_eq!(ok(CastTo::Double, "0"), "0");
        for bad in ["-0", "1e15", "0.00001", "\"1\"", "true"] {
            assert!(cast(CastTo::Double, bad).is_err(), "{bad}");
        }
        assert_eq!(ok(CastTo::Decimal(10, 2), "1.005"), "1.01");
        assert_eq!(ok(CastTo::Decimal(10, 2), "-1.005"), "-1.01");
        assert_eq!(ok(CastTo::Decimal(10, 2), "-0.001"), "0.00");
        assert_eq!(ok(CastTo::Decimal(10, 2), "1.5"), "1.50");
        assert_eq!(ok(CastTo::Decimal(5, 1), "1."), "1.0");
        assert_eq!(ok(CastTo::Decimal(10, 0), "9.5"), "10");
        assert_eq!(ok(CastTo::Decimal(4, 2), "99.994"), "99.99");
        assert!(cast(CastTo::Decimal(4, 2), "99.995").is_err());
        assert!(cast(CastTo::Decimal(10, 2), "1e3").is_err());
        assert_eq!(
            cast(CastTo::Signed, "{}").map(|_| ()),
            Err(EvalError::Unsure(
                "a value that CAST AS an integer truncates (MariaDB warns)"
            ))
        );
        let missing = JsonCall::Cast(Box::new(JsonCall::Extract(p("$.x"))), CastTo::Signed);
        assert_eq!(evaluate(&missing, b"{}"), Ok(None));
    }

    #[test]
    fn a_default_replaces_only_null() {
        let or = |d: &str| {
            run(
                JsonCall::OrElse(Box::new(JsonCall::Value(p("$.a"))), b"none".to_vec()),
                d,
            )
            .unwrap()
        };
        assert_eq!(or(r#"{"a":"x"}"#), "x");
        assert_eq!(or(r#"{"a":null}"#), "none");
        assert_eq!(or("{}"), "none");
    }

    #[test]
    fn the_point_scan_answers_as_the_whole_tree_does() {
        // The one-pass scan (no tree) and the tree agree, autowrap,
        // duplicates and containers included.
        let docs = [
            DOC,
            r#"{"a":{"a":[1,{"b":2}]},"a":5}"#,
            r#"{"a":1,"a":{"a":[1,{"b":2}]},"a":{"a":5},"a":[[9]]}"#,
            "[[1,2],[3,[4,5]]]",
            "5",
            r#"{"b":[{"c":"x"}, {"c":"y"}]}"#,
            r#"  [ {"a" : [ 1 , 2 ] } ]  "#,
        ];
        let paths = [
            "$",
            "$.a",
            "$.a.a[1].b",
            "$[0]",
            "$[1][1][0]",
            "$[0][0]",
            "$.b[1].c",
            "$[0].a",
            "$.zz",
            "$[3]",
        ];
        for d in docs {
            let root = parse(d.as_bytes()).unwrap();
            for path in paths {
                let path = p(path);
                let tree = matches(d.as_bytes(), &root, &path)
                    .first()
                    .map(|n| formatted(d.as_bytes(), n));
                let call = JsonCall::Extract(path.clone());
                let scanned = point(&call, d.as_bytes()).unwrap().unwrap();
                assert_eq!(scanned, tree, "{d} {path:?}");
            }
        }
        // The scan validates the whole document, after the match too.
        assert_eq!(
            evaluate(&JsonCall::Extract(p("$.a")), br#"{"a":1} x"#),
            Err(EvalError::InvalidDocument)
        );
        assert_eq!(
            evaluate(&JsonCall::Value(p("$.b")), br#"{"a":1,"\u0062":2}"#),
            Ok(Some(b"2".to_vec()))
        );
        assert_eq!(
            evaluate(&JsonCall::Extract(p("$.b")), br#"{"a":1,"\u0062":2}"#),
            Ok(None)
        );
    }

    #[test]
    fn a_case_on_json_null_answers_null_there_and_the_else_call_elsewhere() {
        let unquote = JsonCall::NullCase(p("$.a"), Box::new(JsonCall::UnquoteExtract(p("$.a"))));
        let run = |call: &JsonCall, d: &str| evaluate(call, d.as_bytes());
        assert_eq!(run(&unquote, r#"{"a":null}"#), Ok(None));
        assert_eq!(run(&unquote, r#"{"a":"null"}"#), Ok(Some(b"null".to_vec())));
        assert_eq!(run(&unquote, r#"{"a":"x"}"#), Ok(Some(b"x".to_vec())));
        assert_eq!(run(&unquote, r#"{"b":1}"#), Ok(None));
        assert_eq!(
            run(&unquote, r#"{"a":[null]}"#),
            Ok(Some(b"[null]".to_vec()))
        );
        assert_eq!(run(&unquote, "{"), Err(EvalError::InvalidDocument));
        // A NULL document: the ELSE's answer (a default applies).
        let or_else = JsonCall::NullCase(
            p("$.a"),
            Box::new(JsonCall::OrElse(
                Box::new(JsonCall::Value(p("$.a"))),
                b"d".to_vec(),
            )),
        );
        assert_eq!(or_else.null_document(), Some(&b"d"[..]));
        let float = JsonCall::NullCase(
            p("$.a"),
            Box::new(JsonCall::PlusZero(Box::new(JsonCall::Extract(p("$.a"))))),
        );
        assert_eq!(run(&float, r#"{"a":3.50}"#), Ok(Some(b"3.5".to_vec())));
        assert_eq!(run(&float, r#"{"a":-0.0}"#), Ok(Some(b"0".to_vec())));
        assert_eq!(run(&float, r#"{"a":null}"#), Ok(None));
        assert!(run(&float, r#"{"a":"x"}"#).is_err());
        assert!(!float.integer());
        let int = JsonCall::NullCase(
            p("$.a"),
            Box::new(JsonCall::Cast(
                Box::new(JsonCall::Extract(p("$.a"))),
                CastTo::Signed,
            )),
        );
        assert!(int.integer());
        assert_eq!(run(&int, r#"{"a":-7}"#), Ok(Some(b"-7".to_vec())));
    }

    #[test]
    fn charset_and_collation_are_the_logical_columns_for_every_document() {
        for doc in ["{}", "not json", ""] {
            assert_eq!(
                evaluate(&JsonCall::Charset, doc.as_bytes()),
                Ok(Some(b"utf8mb4".to_vec()))
            );
            assert_eq!(
                evaluate(&JsonCall::Collation, doc.as_bytes()),
                Ok(Some(b"utf8mb4_bin".to_vec()))
            );
        }
        assert_eq!(JsonCall::Charset.null_document(), Some(&b"utf8mb4"[..]));
    }

    #[test]
    fn json_keys_of_50000_names_is_linear_and_keeps_first_occurrence_order() {
        let mut d = String::from("{");
        for i in 0..50_000 {
            d.push_str(&format!("\"k{i}\":{i},"));
        }
        d.push_str("\"k7\":1,\"\\u0061\":2,\"a\":3}");
        let t = std::time::Instant::now();
        let out = run(JsonCall::Keys(None), &d).unwrap();
        // Quadratic de-duplication took seconds here (1.25e9 comparisons).
        assert!(
            t.elapsed() < std::time::Duration::from_millis(1500),
            "{:?}",
            t.elapsed()
        );
        assert!(out.starts_with(r#"["k0", "k1", "k2""#));
        assert!(
            out.ends_with(r#""k49999", "\u0061", "a"]"#),
            "{}",
            &out[out.len() - 40..]
        );
        assert_eq!(out.matches("\"k7\"").count(), 1);
    }

    /// The walk JSON_CONTAINS did before the index: each candidate element
    /// of an array against the whole target.
    fn contains_naive(doc: &[u8], n: &Node, cdoc: &[u8], c: &Node) -> bool {
        match (&n.kind, &c.kind) {
            (Kind::Object(members), Kind::Object(wanted)) => wanted.iter().all(|(name, value)| {
                let name = &cdoc[name.clone()];
                members
                    .iter()
                    .find(|(m, _)| &doc[m.clone()] == name)
                    .is_some_and(|(_, v)| contains_naive(doc, v, cdoc, value))
            }),
            (Kind::Array(_), Kind::Array(wanted)) => {
                wanted.iter().all(|w| contains_naive(doc, n, cdoc, w))
            }
            (Kind::Array(items), _) => items.iter().any(|i| contains_naive(doc, i, cdoc, c)),
            (Kind::Scalar(a), Kind::Scalar(b)) if a == b => match a {
                Scalar::String => doc[n.span.clone()] == cdoc[c.span.clone()],
                Scalar::Number => {
                    (strtod(&doc[n.span.clone()]) - strtod(&cdoc[c.span.clone()])).abs() < 1e-12
                }
                _ => true,
            },
            _ => false,
        }
    }

    #[test]
    fn the_indexed_contains_answers_as_the_walk_over_generated_arrays() {
        let mut x = 0x9e3779b97f4a7c15u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let atoms = [
            "1",
            "2",
            "2.0",
            "1e0",
            "3",
            "\"a\"",
            "\"b\"",
            "true",
            "false",
            "null",
            "0.30000000000000004",
            "0.3",
            "[1]",
            "[[2]]",
            "{\"a\":1}",
            "{\"a\":[2,3]}",
            "[]",
        ];
        let mut gen = |len: u64| {
            let items: Vec<&str> = (0..len)
                .map(|_| atoms[next(atoms.len() as u64) as usize])
                .collect();
            format!("[{}]", items.join(","))
        };
        for round in 0..400 {
            let (t, c) = (gen(round % 12), gen(1 + round % 5));
            let (tn, cn) = (parse(t.as_bytes()).unwrap(), parse(c.as_bytes()).unwrap());
            let want = contains_naive(t.as_bytes(), &tn, c.as_bytes(), &cn);
            let got = contains(t.as_bytes(), &tn, c.as_bytes(), &cn).unwrap();
            assert_eq!(got, want, "JSON_CONTAINS({t}, {c})");
        }
    }

    #[test]
    fn a_thousand_element_candidate_over_a_large_array_is_one_pass() {
        // 200,000 numbers: the walk per candidate element made this
        // 1,000 passes (the 44 s of issue 43 over 2 MB).
        let doc: String = format!(
            "[{}]",
            (1..200_000)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let zeros = format!("[{}]", vec!["0"; 1000].join(","));
        let distinct = format!(
            "[{}]",
            (199_000..200_000)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let t = std::time::Instant::now();
        assert_eq!(
            run(JsonCall::Contains(cand(&zeros), None), &doc).unwrap(),
            "0"
        );
        assert_eq!(
            run(JsonCall::Contains(cand(&distinct), None), &doc).unwrap(),
            "1"
        );
        let found = format!(
            "[{}]",
            (198_000..199_000)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        assert_eq!(
            run(JsonCall::Contains(cand(&found), None), &doc).unwrap(),
            "1"
        );
        assert!(
            t.elapsed() < std::time::Duration::from_secs(3),
            "{:?}",
            t.elapsed()
        );
    }

    #[test]
    fn a_raised_interrupt_stops_a_long_contains() {
        let doc: String = format!(
            "[{}]",
            (0..20_000)
                .map(|i| format!(r#"{{"id":{i}}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        let c = format!(
            "[{}]",
            (19_000..20_000)
                .map(|i| format!(r#"{{"id":{i}}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        let i = crate::interrupt::Interrupt::default();
        i.flag.raise(crate::interrupt::Reason::Killed);
        let r = crate::interrupt::within(Some(&i), || {
            evaluate(&JsonCall::Contains(cand(&c), None), doc.as_bytes())
        });
        assert_eq!(
            r,
            Err(EvalError::Interrupted(crate::interrupt::Reason::Killed))
        );
    }
}
