//! Facts the router needs from a statement: the databases it names, and
//! the shard-key values it pins for a key-routed table.

use std::borrow::Cow;

use super::lexer::{decode_string, ident_name, LexOptions, Token, TokenKind};
use super::statement::Statement;
use super::tokens::is_keyword as is_kw;

/// What a statement says about a table's shard key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyPins {
    /// The statement does not touch the table.
    NotReferenced,
    /// The key equals these literal values (one per INSERT row, or the
    /// values of `key = v` / `key IN (...)`).
    Values(Vec<Vec<u8>>),
    /// The key equals the `?` with this index (0-based among all `?`).
    Placeholder(usize),
    /// The table is touched but no single key value is pinned.
    Unpinned,
}

/// `(database, table)` of every named table (from the statement's one
/// relation walk); the database is `None` when unqualified.
pub fn tables<'s, 'a>(
    src: &'a [u8],
    st: &'s Statement<'a>,
) -> impl Iterator<Item = (Option<&'s Cow<'a, str>>, &'s Cow<'a, str>)> {
    st.relations(src)
        .iter()
        .filter_map(|t| t.table.as_ref().map(|name| (t.db.as_ref(), name)))
}

fn literal_value(
    src: &[u8],
    toks: &[Token],
    i: usize,
    opts: LexOptions,
) -> Option<(Vec<u8>, usize)> {
    let t = toks.get(i)?;
    match t.kind {
        TokenKind::Number => Some((t.text(src).to_vec(), i + 1)),
        TokenKind::Str { .. } => Some((decode_string(src, t, opts)?.into_owned(), i + 1)),
        TokenKind::Op if t.text(src) == b"-" => {
            let n = toks.get(i + 1).filter(|n| n.kind == TokenKind::Number)?;
            let mut v = b"-".to_vec();
            v.extend_from_slice(n.text(src));
            Some((v, i + 2))
        }
        _ => None,
    }
}

fn placeholder_index(toks: &[Token], i: usize) -> usize {
    toks[..i]
        .iter()
        .filter(|t| t.kind == TokenKind::Placeholder)
        .count()
}

fn names_column(src: &[u8], toks: &[Token], i: usize, column: &str) -> Option<usize> {
    // `col`, `t.col` or `db.t.col`: returns the index after the name.
    let t = toks.get(i)?;
    if !matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent) {
        return None;
    }
    let mut j = i;
    while toks.get(j + 1).is_some_and(|d| d.kind == TokenKind::Dot)
        && toks
            .get(j + 2)
            .is_some_and(|n| matches!(n.kind, TokenKind::Ident | TokenKind::QuotedIdent))
    {
        j += 2;
    }
    ident_name(src, &toks[j])
        .eq_ignore_ascii_case(column)
        .then_some(j + 1)
}

/// What the statement `st` of the query `src` pins for `table.column`.
pub fn key_pins<'a>(src: &'a [u8], st: &Statement<'a>, table: &str, column: &str) -> KeyPins {
    let (toks, opts) = (&st.tokens[..], st.opts);
    let named = tables(src, st).any(|(_, t)| t == table);
    if !named {
        return KeyPins::NotReferenced;
    }
    let first = toks.first();
    if is_kw(src, first, "INSERT") || is_kw(src, first, "REPLACE") {
        return insert_pins(src, toks, opts, column);
    }
    where_pins(src, toks, opts, column)
}

fn insert_pins(src: &[u8], toks: &[Token], opts: LexOptions, column: &str) -> KeyPins {
    // The column list after the table name, then VALUES rows or SET.
    let Some(target) = super::tables::insert_target(src, toks) else {
        return KeyPins::Unpinned;
    };
    let mut i = target.after;
    if is_kw(src, toks.get(i), "SET") {
        return set_pins(src, toks, i + 1, opts, column);
    }
    if toks.get(i).map(|t| t.kind) != Some(TokenKind::LParen) {
        return KeyPins::Unpinned; // no column list: position unknown
    }
    let (pos, close) = column_position(src, toks, i + 1, column);
    let Some(pos) = pos else {
        return KeyPins::Unpinned;
    };
    i = close + 1;
    if !(is_kw(src, toks.get(i), "VALUES") || is_kw(src, toks.get(i), "VALUE")) {
        return KeyPins::Unpinned;
    }
    values_pins(src, toks, i + 1, pos, opts)
}

/// `INSERT ... SET` from `j`: the value assigned to `column`.
fn set_pins(src: &[u8], toks: &[Token], mut j: usize, opts: LexOptions, column: &str) -> KeyPins {
    while j < toks.len() {
        if let Some(after) = names_column(src, toks, j, column) {
            if toks.get(after).is_some_and(|t| t.text(src) == b"=") {
                if toks
                    .get(after + 1)
                    .is_some_and(|t| t.kind == TokenKind::Placeholder)
                {
                    return KeyPins::Placeholder(placeholder_index(toks, after + 1));
                }
                return match literal_value(src, toks, after + 1, opts) {
                    Some((v, _)) => KeyPins::Values(vec![v]),
                    None => KeyPins::Unpinned,
                };
            }
        }
        j += 1;
    }
    KeyPins::Unpinned
}

/// The position of `column` in the column list starting at `i` (after its
/// `(`), and the index of the list's `)`.
fn column_position(
    src: &[u8],
    toks: &[Token],
    mut i: usize,
    column: &str,
) -> (Option<usize>, usize) {
    let mut pos = None;
    let mut n = 0;
    while let Some(t) = toks.get(i) {
        match t.kind {
            TokenKind::RParen => break,
            TokenKind::Comma => n += 1,
            TokenKind::Ident | TokenKind::QuotedIdent
                if ident_name(src, t).eq_ignore_ascii_case(column) =>
            {
                pos = Some(n)
            }
            _ => {}
        }
        i += 1;
    }
    (pos, i)
}

/// The VALUES rows from `i`: the value each gives the key at field `pos`,
/// all literals or one placeholder.
fn values_pins(src: &[u8], toks: &[Token], mut i: usize, pos: usize, opts: LexOptions) -> KeyPins {
    let mut values = Vec::new();
    let mut placeholder = None;
    while toks.get(i).map(|t| t.kind) == Some(TokenKind::LParen) {
        let mut depth = 0;
        let mut field = 0;
        let mut found = false;
        let mut j = i + 1;
        while let Some(t) = toks.get(j) {
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen if depth == 0 => break,
                TokenKind::RParen => depth -= 1,
                TokenKind::Comma if depth == 0 => field += 1,
                _ if depth == 0 && field == pos && !found => {
                    found = true;
                    let ends_field = |k: usize| {
                        toks.get(k)
                            .is_some_and(|t| matches!(t.kind, TokenKind::Comma | TokenKind::RParen))
                    };
                    if t.kind == TokenKind::Placeholder && ends_field(j + 1) {
                        placeholder = Some(placeholder_index(toks, j));
                    } else {
                        match literal_value(src, toks, j, opts) {
                            Some((v, next)) if ends_field(next) => values.push(v),
                            _ => return KeyPins::Unpinned,
                        }
                    }
                }
                _ => {}
            }
            j += 1;
        }
        if !found {
            return KeyPins::Unpinned;
        }
        i = j + 1;
        if toks.get(i).map(|t| t.kind) == Some(TokenKind::Comma) {
            i += 1;
        }
    }
    match (placeholder, values.is_empty()) {
        (Some(p), true) => KeyPins::Placeholder(p),
        (None, false) => KeyPins::Values(values),
        _ => KeyPins::Unpinned,
    }
}

fn where_pins(src: &[u8], toks: &[Token], opts: LexOptions, column: &str) -> KeyPins {
    let Some(w) = toks.iter().position(|t| t.is_keyword(src, "WHERE")) else {
        return KeyPins::Unpinned;
    };
    let mut depth = 0i32;
    let mut i = w + 1;
    let mut found = None;
    while i < toks.len() {
        let t = &toks[i];
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth -= 1,
            _ if depth == 0
                && (t.is_keyword(src, "OR")
                    || t.is_keyword(src, "XOR")
                    || t.text(src) == b"||") =>
            {
                return KeyPins::Unpinned
            }
            _ if depth == 0
                && [
                    "ORDER", "GROUP", "LIMIT", "HAVING", "UNION", "FOR", "LOCK", "INTO", "WINDOW",
                ]
                .iter()
                .any(|k| t.is_keyword(src, k)) =>
            {
                break
            }
            _ if depth == 0 && found.is_none() => {
                if let Some(after) = names_column(src, toks, i, column) {
                    let op = toks.get(after);
                    if op.is_some_and(|o| o.text(src) == b"=") {
                        if toks
                            .get(after + 1)
                            .is_some_and(|t| t.kind == TokenKind::Placeholder)
                        {
                            found = Some(KeyPins::Placeholder(placeholder_index(toks, after + 1)));
                        } else if let Some((v, _)) = literal_value(src, toks, after + 1, opts) {
                            found = Some(KeyPins::Values(vec![v]));
                        }
                    } else if op.is_some_and(|o| o.is_keyword(src, "IN"))
                        && toks.get(after + 1).map(|t| t.kind) == Some(TokenKind::LParen)
                    {
                        let mut vals = Vec::new();
                        let mut k = after + 2;
                        loop {
                            match literal_value(src, toks, k, opts) {
                                Some((v, next)) => {
                                    vals.push(v);
                                    match toks.get(next).map(|t| t.kind) {
                                        Some(TokenKind::Comma) => k = next + 1,
                                        Some(TokenKind::RParen) => break,
                                        _ => return KeyPins::Unpinned,
                                    }
                                }
                                None => return KeyPins::Unpinned,
                            }
                        }
                        found = Some(KeyPins::Values(vals));
                    }
                    i = after;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found.unwrap_or(KeyPins::Unpinned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pins(sql: &str) -> KeyPins {
        let opts = LexOptions::default();
        let st = crate::sql::statement::split(sql.as_bytes(), opts);
        key_pins(sql.as_bytes(), &st[0], "pins", "id")
    }

    #[test]
    fn insert_and_where_pins() {
        assert_eq!(
            pins("INSERT INTO pins (id, doc) VALUES (42, '{}')"),
            KeyPins::Values(vec![b"42".to_vec()])
        );
        assert_eq!(
            pins("INSERT INTO app.pins (doc, id) VALUES ('a', 1), ('b', -2)"),
            KeyPins::Values(vec![b"1".to_vec(), b"-2".to_vec()])
        );
        assert_eq!(
            pins("INSERT INTO pins (doc, id) VALUES (?, ?)"),
            KeyPins::Placeholder(1)
        );
        assert_eq!(
            pins("INSERT INTO pins SET doc = 'x', id = '7'"),
            KeyPins::Values(vec![b"7".to_vec()])
        );
        assert_eq!(pins("INSERT INTO pins VALUES (1, 'x')"), KeyPins::Unpinned);
        // The shape the write planner reads too: modifiers without INTO,
        // and a PARTITION clause.
        assert_eq!(
            pins("INSERT IGNORE pins (id, doc) VALUES (5, 'x')"),
            KeyPins::Values(vec![b"5".to_vec()])
        );
        assert_eq!(
            pins("INSERT LOW_PRIORITY INTO app.pins PARTITION (p0) (doc, id) VALUES ('x', 6)"),
            KeyPins::Values(vec![b"6".to_vec()])
        );
        assert_eq!(
            pins("SELECT doc FROM pins WHERE id = 5"),
            KeyPins::Values(vec![b"5".to_vec()])
        );
        assert_eq!(
            pins("SELECT doc FROM pins p WHERE p.id = ? AND x > 3 ORDER BY id"),
            KeyPins::Placeholder(0)
        );
        assert_eq!(
            pins("UPDATE pins SET doc = '?' WHERE id = 9"),
            KeyPins::Values(vec![b"9".to_vec()])
        );
        assert_eq!(
            pins("DELETE FROM pins WHERE id IN (1, 2, 3)"),
            KeyPins::Values(vec![b"1".to_vec(), b"2".to_vec(), b"3".to_vec()])
        );
        assert_eq!(
            pins("SELECT doc FROM pins WHERE id = 5 OR id = 6"),
            KeyPins::Unpinned
        );
        assert_eq!(pins("SELECT doc FROM pins"), KeyPins::Unpinned);
        assert_eq!(
            pins("SELECT 1 FROM other WHERE id = 1"),
            KeyPins::NotReferenced
        );
    }

    #[test]
    fn a_key_table_listed_after_a_join_is_pinned_not_missed() {
        assert_eq!(
            pins("SELECT * FROM users u JOIN users v ON u.id = v.id, pins WHERE pins.id = 9"),
            KeyPins::Values(vec![b"9".to_vec()])
        );
    }
}
