//! The condition of a single-table UPDATE or DELETE (`WHERE`, `ORDER BY`,
//! `LIMIT`), judged by the query analyzer as a SELECT's would be, so a
//! declared JSON path in it (Django's `.filter(doc__author=..).update()` /
//! `.delete()`) is answered from its extracted column under exactly the
//! same rules. Only a condition that applies a JSON function is taken this
//! way; the write analyzer still judges everything else.

use std::ops::Range;

use super::{Analyzer, ColumnCatalog, Refusal};
use crate::sql::classify::{matching_paren, StatementKind};
use crate::sql::lexer::{ident_name, LexOptions, Token, TokenKind};
use crate::sql::query::{analyze_write_condition, Stop};
use crate::sql::tokens::is_name;

/// Byte edits replacing declared paths by their extracted columns.
pub(super) type Edits = Vec<(Range<usize>, String)>;

/// The edits for the condition of `toks` (an UPDATE or DELETE), the
/// refusal the query analyzer gives it, or nothing to do (not a single-table
/// statement, no JSON function in its condition, or a shape the query
/// analyzer does not parse: the write analyzer judges it alone).
pub(super) fn condition_edits(
    sql: &[u8],
    toks: &[Token],
    kind: &StatementKind<'_>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Result<Edits, Refusal>> {
    if matches!(kind, StatementKind::Insert | StatementKind::Replace) {
        return inserted_query(sql, toks, opts, db, catalog);
    }
    let (tdb, table, qualifier, start) = single_target(sql, toks, kind, db)?;
    // `RETURNING` (DELETE) is a select list the write analyzer judges.
    let end = first_at_depth0(toks, start, |i| toks[i].is_keyword(sql, "RETURNING"))
        .unwrap_or(toks.len());
    let json = toks[start..end].iter().any(|t| {
        (t.kind == TokenKind::Ident
            && t.text(sql).len() > 5
            && t.text(sql)[..5].eq_ignore_ascii_case(b"JSON_"))
            || t.is_op(sql, "->")
            || t.is_op(sql, "->>")
    });
    if !json || !catalog.table_has_compressed(&tdb, &table) {
        return None;
    }
    match analyze_write_condition(
        sql,
        &toks[..end],
        start,
        opts,
        db,
        catalog,
        (&tdb, &table),
        &qualifier,
    ) {
        Ok(edits) => Some(Ok(edits)),
        Err(Stop::Refuse(r)) => Some(Err(r)),
        Err(Stop::Unparsed(_) | Stop::NeedColumns(..)) => None,
    }
}

/// `INSERT [IGNORE] INTO plain [(a, b)] SELECT ...` whose query applies a
/// JSON function: the query analyzer's edits for it, or its refusal.
fn inserted_query(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Result<Edits, Refusal>> {
    let target = crate::sql::tables::insert_target(sql, toks)?;
    let tdb = target
        .db
        .map(|d| d.into_owned())
        .or(db.map(str::to_string))?;
    // Writes into a compressed table are the write analyzer's alone.
    if catalog.table_has_compressed(&tdb, &target.table)
        || catalog.view_definition(&tdb, &target.table).is_some()
    {
        return None;
    }
    let mut i = target.after;
    if toks.get(i).is_some_and(|t| t.kind == TokenKind::LParen)
        && !toks
            .get(i + 1)
            .is_some_and(|t| t.is_keyword(sql, "SELECT") || t.is_keyword(sql, "WITH"))
    {
        i = matching_paren(toks, i) + 1;
    }
    if !toks
        .get(i)
        .is_some_and(|t| t.is_keyword(sql, "SELECT") || t.is_keyword(sql, "WITH"))
    {
        return None;
    }
    let end = first_at_depth0(toks, i, |j| {
        toks[j].is_keyword(sql, "ON")
            && toks
                .get(j + 1)
                .is_some_and(|t| t.is_keyword(sql, "DUPLICATE"))
    })
    .unwrap_or(toks.len());
    let json = toks[i..end].iter().any(|t| {
        t.kind == TokenKind::Ident
            && t.text(sql).len() > 5
            && t.text(sql)[..5].eq_ignore_ascii_case(b"JSON_")
    });
    if !json {
        return None;
    }
    match crate::sql::query::analyze_inserted_query(sql, &toks[..end], i, opts, db, catalog) {
        Ok(edits) => Some(Ok(edits)),
        Err(Stop::Refuse(r)) => Some(Err(r)),
        Err(Stop::Unparsed(_) | Stop::NeedColumns(..)) => None,
    }
}

/// The first token from `from` on, outside every parenthesis opened since
/// `from`, that `is` holds for (one pass: a statement of n nested levels
/// must not be rescanned from `from` at each token).
fn first_at_depth0(toks: &[Token], from: usize, is: impl Fn(usize) -> bool) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(from) {
        if depth == 0 && is(i) {
            return Some(i);
        }
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// `UPDATE [LOW_PRIORITY] [IGNORE] [db.]t [[AS] a] SET ...` or `DELETE
/// [LOW_PRIORITY] [QUICK] [IGNORE] FROM [db.]t [[AS] a] [PARTITION (..)]
/// ...`: the table, the name that qualifies its columns, and the token
/// where its condition starts (after SET's assignments for an UPDATE).
fn single_target(
    sql: &[u8],
    toks: &[Token],
    kind: &StatementKind<'_>,
    db: Option<&str>,
) -> Option<(String, String, String, usize)> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let update = matches!(kind, StatementKind::Update);
    if !update && !matches!(kind, StatementKind::Delete) {
        return None;
    }
    let mut i = 1;
    while ["LOW_PRIORITY", "QUICK", "IGNORE"].iter().any(|w| kw(i, w)) {
        i += 1;
    }
    if !update {
        if !kw(i, "FROM") {
            return None;
        }
        i += 1;
    }
    let name = |i: usize| {
        toks.get(i)
            .filter(|t| is_name(t))
            .map(|t| ident_name(sql, t))
    };
    let first = name(i)?;
    let (tdb, table) = if toks.get(i + 1).is_some_and(|t| t.kind == TokenKind::Dot) {
        let t = name(i + 2)?;
        i += 3;
        (first.into_owned(), t.into_owned())
    } else {
        i += 1;
        (db?.to_string(), first.into_owned())
    };
    let mut qualifier = table.clone();
    let clause = |i: usize| {
        ["SET", "WHERE", "ORDER", "LIMIT", "RETURNING", "PARTITION"]
            .iter()
            .any(|w| kw(i, w))
    };
    if kw(i, "AS") {
        qualifier = name(i + 1)?.into_owned();
        i += 2;
    } else if i < toks.len() && !clause(i) {
        qualifier = name(i)?.into_owned();
        i += 1;
    }
    if !update && kw(i, "PARTITION") && toks.get(i + 1).is_some_and(|t| t.kind == TokenKind::LParen)
    {
        i = matching_paren(toks, i + 1) + 1;
    }
    if update {
        if !kw(i, "SET") {
            return None;
        }
        // The condition starts at the first depth-0 clause after SET.
        i = first_at_depth0(toks, i + 1, |j| {
            ["WHERE", "ORDER", "LIMIT"].iter().any(|w| kw(j, w))
        })
        .unwrap_or(toks.len());
    } else if i < toks.len()
        && !["WHERE", "ORDER", "LIMIT", "RETURNING"]
            .iter()
            .any(|w| kw(i, w))
    {
        return None;
    }
    Some((tdb, table, qualifier, i))
}

impl<'a: 't, 't> Analyzer<'a, 't> {
    /// The write analyzer leaves the tokens `edits` replace alone: they no
    /// longer reach the server.
    pub(super) fn skip_edited(&mut self, edits: &[(Range<usize>, String)]) {
        for (r, _) in edits {
            let first = self.toks.iter().position(|t| t.start >= r.start);
            let last = self.toks.iter().rposition(|t| t.end <= r.end);
            if let (Some(f), Some(l)) = (first, last) {
                if f <= l {
                    self.mark(f..l + 1);
                }
            }
        }
    }
}
