//! The constant expressions squeeze computes byte for byte as the server
//! would: a literal, a parenthesised literal, `CONCAT` of literals,
//! `COLLATE`, `BINARY`, `CONVERT(... USING ...)` and `CAST(... AS
//! CHAR|BINARY)` when the conversion changes no byte.

use std::borrow::Cow;
use std::ops::Range;

use super::span_of;
use crate::sql::lexer::{decode_string, ident_name, LexOptions, Token, TokenKind};
use crate::sql::plan::{literal_in, Literal, LiteralKind};
use crate::sql::tokens::is_name;
use crate::sql::tokens::Parens;

/// The value of an expression written to a compressed column.
pub(in crate::sql) enum Value<'a> {
    /// A constant squeeze computed exactly: replace the span by the
    /// compressed value.
    Const(Literal<'a>),
    /// `NULL` (also a `CONCAT` with a NULL argument).
    Null,
    /// Not a constant squeeze can compute.
    Unknown,
}

/// Which character set a constant's bytes are in, as far as the stored
/// bytes are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// The connection's character set (a literal without introducer): the
    /// write path refuses it unless that is UTF-8.
    Conn,
    /// Explicitly UTF-8 (`_utf8mb4'..'`, `CONVERT(.. USING utf8mb4)`).
    Utf8,
    /// Bytes (`X'..'`, `_binary'..'`).
    Binary,
    /// A number literal (its text).
    Number,
    /// Another character set: a conversion would change the bytes.
    Foreign,
}

enum Inner<'a> {
    Null,
    Val {
        lit: Literal<'a>,
        family: Family,
        /// More than one literal as written: the whole span is replaced.
        compound: bool,
    },
}

/// Evaluate `range` of `toks` if it is a constant squeeze computes exactly.
pub(in crate::sql) fn eval<'a>(
    src: &'a [u8],
    toks: &[Token],
    parens: &Parens,
    range: Range<usize>,
    opts: LexOptions,
) -> Value<'a> {
    match eval_range(src, toks, parens, range, opts) {
        None => Value::Unknown,
        Some(Inner::Null) => Value::Null,
        Some(Inner::Val {
            lit,
            family,
            compound,
        }) => {
            if !compound {
                return Value::Const(lit);
            }
            let (span, value, _, _) = lit;
            let (kind, introducer) = match family {
                Family::Conn => (LiteralKind::Text, None),
                Family::Utf8 => (LiteralKind::Text, Some("utf8mb4")),
                Family::Binary => (LiteralKind::Text, Some("binary")),
                // Never the result of a compound expression.
                Family::Number | Family::Foreign => return Value::Unknown,
            };
            Value::Const((span, value, kind, introducer))
        }
    }
}

fn family_of(lit: &Literal<'_>) -> Family {
    let (_, _, kind, intro) = lit;
    let intro = intro.map(|i| i.to_ascii_lowercase());
    match (kind, intro.as_deref()) {
        (LiteralKind::Number, _) => Family::Number,
        (LiteralKind::Text, None) => Family::Conn,
        (LiteralKind::Hex | LiteralKind::Bit, None) => Family::Binary,
        (_, Some(cs)) if crate::charset::is_utf8_name(cs) => Family::Utf8,
        (_, Some("binary")) => Family::Binary,
        _ => Family::Foreign,
    }
}

/// Does a number literal's text read back unchanged as a string
/// (`CONCAT(12)` is `'12'`, but `CONCAT(012)` is `'12'` and `CONCAT(1e3)`
/// is `'1000'`)?
fn number_text_exact(text: &[u8]) -> bool {
    let (neg, t) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    if t.is_empty() || t.len() > 60 {
        return false;
    }
    let (int, frac) = match t.iter().position(|&b| b == b'.') {
        Some(p) => (&t[..p], Some(&t[p + 1..])),
        None => (t, None),
    };
    let digits = |d: &[u8]| !d.is_empty() && d.iter().all(u8::is_ascii_digit);
    if !digits(int) || (int.len() > 1 && int[0] == b'0') {
        return false;
    }
    if let Some(f) = frac {
        if !digits(f) {
            return false;
        }
    }
    // `-0` and `-0.0` lose their sign.
    !(neg && t.iter().all(|&b| b == b'0' || b == b'.'))
}

/// The first depth-0 token in `range` that is keyword `w`.
/// (Steps over each parenthesised group at once: `CAST(CAST(..) AS ..)`
/// n deep looks for its `AS` among its own tokens only.)
fn find_kw(
    src: &[u8],
    toks: &[Token],
    parens: &Parens,
    range: Range<usize>,
    w: &str,
) -> Option<usize> {
    let mut i = range.start;
    while i < range.end {
        match toks[i].kind {
            TokenKind::LParen => {
                i = parens.matching(i);
                if i >= range.end {
                    return None;
                }
            }
            _ if toks[i].is_keyword(src, w) => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The value of `toks[r]`, if it is a constant squeeze computes exactly.
fn eval_range<'a>(
    src: &'a [u8],
    toks: &[Token],
    parens: &Parens,
    r: Range<usize>,
    opts: LexOptions,
) -> Option<Inner<'a>> {
    if r.is_empty() || r.end > toks.len() {
        return None;
    }
    let first = toks[r.start];
    let last = toks[r.end - 1];
    if r.len() == 1 && first.is_keyword(src, "NULL") {
        return Some(Inner::Null);
    }
    if let Some(lit) = literal_in(src, toks, r.clone(), opts) {
        let family = family_of(&lit);
        return Some(Inner::Val {
            lit,
            family,
            compound: false,
        });
    }
    // `( x )`: the value of x; only x is replaced. (Cheap tests before the
    // scan for the partner: this runs at every level of a nested value.)
    if first.kind == TokenKind::LParen
        && last.kind == TokenKind::RParen
        && parens.matching(r.start) == r.end - 1
    {
        return eval_range(src, toks, parens, r.start + 1..r.end - 1, opts);
    }
    let compound = |value: Cow<'a, [u8]>, family: Family| compound(toks, &r, value, family);
    // `x COLLATE name`: a collation changes no byte.
    if r.len() >= 3
        && toks[r.end - 2].is_keyword(src, "COLLATE")
        && (is_name(&last) || matches!(last.kind, TokenKind::Str { .. }))
    {
        return match eval_range(src, toks, parens, r.start..r.end - 2, opts)? {
            Inner::Null => Some(Inner::Null),
            Inner::Val {
                lit: (_, v, _, _),
                family,
                ..
            } => match family {
                Family::Conn | Family::Utf8 => compound(v, family),
                _ => None,
            },
        };
    }
    // `BINARY x`: the same bytes as a binary string.
    if first.is_keyword(src, "BINARY") && r.len() >= 2 {
        return match eval_range(src, toks, parens, r.start + 1..r.end, opts)? {
            Inner::Null => Some(Inner::Null),
            Inner::Val {
                lit: (_, v, _, _),
                family,
                ..
            } => to_charset(v, family, "binary").and_then(|(v, f)| compound(v, f)),
        };
    }
    // Function calls (of the three evaluated: `IF(` around a nested value
    // is not scanned for its partner at every level).
    let name = first.text(src).to_ascii_uppercase();
    if first.kind != TokenKind::Ident
        || !matches!(name.as_slice(), b"CONCAT" | b"CONVERT" | b"CAST")
        || last.kind != TokenKind::RParen
        || toks.get(r.start + 1).map(|t| t.kind) != Some(TokenKind::LParen)
        || parens.matching(r.start + 1) != r.end - 1
    {
        return None;
    }
    let args = r.start + 2..r.end - 1;
    match name.as_slice() {
        b"CONCAT" => eval_concat(src, toks, parens, &r, args, opts),
        b"CONVERT" => eval_convert(src, toks, parens, &r, args, opts),
        b"CAST" => eval_cast(src, toks, parens, &r, args, opts),
        _ => None,
    }
}

/// A value computed from the whole of `r` (not one literal as written): the
/// whole span is replaced.
fn compound<'a>(
    toks: &[Token],
    r: &Range<usize>,
    value: Cow<'a, [u8]>,
    family: Family,
) -> Option<Inner<'a>> {
    Some(Inner::Val {
        lit: (span_of(toks, r), value, LiteralKind::Text, None),
        family,
        compound: true,
    })
}

/// `CONCAT(args)` over `r`: the arguments' bytes joined, NULL if one is.
fn eval_concat<'a>(
    src: &'a [u8],
    toks: &[Token],
    parens: &Parens,
    r: &Range<usize>,
    args: Range<usize>,
    opts: LexOptions,
) -> Option<Inner<'a>> {
    let mut out: Vec<u8> = Vec::new();
    let mut families = Vec::new();
    for a in parens.split_commas(toks, args) {
        match eval_range(src, toks, parens, a, opts)? {
            Inner::Null => return Some(Inner::Null),
            Inner::Val {
                lit: (_, v, _, _),
                family,
                ..
            } => {
                match family {
                    Family::Foreign => return None,
                    Family::Number if !number_text_exact(&v) => return None,
                    _ => {}
                }
                out.extend_from_slice(&v);
                families.push(family);
            }
        }
    }
    if families.is_empty() {
        return None;
    }
    let family = if families
        .iter()
        .any(|f| matches!(f, Family::Conn | Family::Number))
    {
        Family::Conn
    } else if families.contains(&Family::Utf8) {
        Family::Utf8
    } else {
        Family::Binary
    };
    compound(toks, r, Cow::Owned(out), family)
}

/// `CONVERT(x USING cs)` over `r`, when the conversion changes no byte.
fn eval_convert<'a>(
    src: &'a [u8],
    toks: &[Token],
    parens: &Parens,
    r: &Range<usize>,
    args: Range<usize>,
    opts: LexOptions,
) -> Option<Inner<'a>> {
    let using = find_kw(src, toks, parens, args.clone(), "USING")?;
    let cs = &toks[using + 1..args.end];
    let [cs] = cs else { return None };
    if !(is_name(cs) || matches!(cs.kind, TokenKind::Str { .. })) {
        return None;
    }
    let cs = charset_name(src, cs, opts)?;
    match eval_range(src, toks, parens, args.start..using, opts)? {
        Inner::Null => Some(Inner::Null),
        Inner::Val {
            lit: (_, v, _, _),
            family,
            ..
        } => to_charset(v, family, &cs).and_then(|(v, f)| compound(toks, r, v, f)),
    }
}

/// `CAST(x AS CHAR|BINARY ...)` over `r`, when the conversion changes no
/// byte.
fn eval_cast<'a>(
    src: &'a [u8],
    toks: &[Token],
    parens: &Parens,
    r: &Range<usize>,
    args: Range<usize>,
    opts: LexOptions,
) -> Option<Inner<'a>> {
    // The last depth-0 AS separates the value from the type.
    let mut depth = 0usize;
    let mut as_at = None;
    for i in args.clone() {
        match toks[i].kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            _ if depth == 0 && toks[i].is_keyword(src, "AS") => as_at = Some(i),
            _ => {}
        }
    }
    let as_at = as_at?;
    let ty = &toks[as_at + 1..args.end];
    let kw = |t: &Token, w: &str| t.is_keyword(src, w);
    let target: Cow<'_, str> = match ty {
        [b] if kw(b, "BINARY") => "binary".into(),
        [c] if kw(c, "CHAR") => "".into(),
        [c, s] if kw(c, "CHAR") && kw(s, "UNICODE") => "utf8mb4".into(),
        [c, k, name] if kw(c, "CHAR") && kw(k, "CHARSET") => charset_name(src, name, opts)?.into(),
        [c, k, s, name] if kw(c, "CHAR") && kw(k, "CHARACTER") && kw(s, "SET") => {
            charset_name(src, name, opts)?.into()
        }
        _ => return None,
    };
    match eval_range(src, toks, parens, args.start..as_at, opts)? {
        Inner::Null => Some(Inner::Null),
        Inner::Val {
            lit: (_, v, _, _),
            family,
            ..
        } => {
            if target.is_empty() {
                // The connection's character set: exact when the
                // bytes are UTF-8 and the connection is (checked
                // by the write path for Family::Conn).
                if family == Family::Foreign
                    || (family == Family::Number && !number_text_exact(&v))
                    || std::str::from_utf8(&v).is_err()
                {
                    return None;
                }
                compound(toks, r, v, Family::Conn)
            } else {
                to_charset(v, family, &target).and_then(|(v, f)| compound(toks, r, v, f))
            }
        }
    }
}

fn charset_name(src: &[u8], t: &Token, opts: LexOptions) -> Option<String> {
    match t.kind {
        TokenKind::Str { .. } => {
            decode_string(src, t, opts).map(|v| String::from_utf8_lossy(&v).to_ascii_lowercase())
        }
        TokenKind::Ident | TokenKind::QuotedIdent => Some(ident_name(src, t).to_ascii_lowercase()),
        _ => None,
    }
}

/// The bytes of `v` (in `family`) converted to character set `cs`, when the
/// conversion changes no byte; `None` otherwise.
fn to_charset<'a>(v: Cow<'a, [u8]>, family: Family, cs: &str) -> Option<(Cow<'a, [u8]>, Family)> {
    match family {
        Family::Foreign => return None,
        Family::Number if !number_text_exact(&v) => return None,
        _ => {}
    }
    // A literal in the connection's character set stays dependent on it.
    let keep = |f: Family| {
        if family == Family::Conn {
            Family::Conn
        } else {
            f
        }
    };
    match cs {
        "binary" => Some((v, keep(Family::Binary))),
        "utf8mb4" if std::str::from_utf8(&v).is_ok() => Some((v, keep(Family::Utf8))),
        "utf8" | "utf8mb3" if std::str::from_utf8(&v).is_ok() && v.iter().all(|&b| b < 0xF0) => {
            Some((v, keep(Family::Utf8)))
        }
        _ => None,
    }
}
