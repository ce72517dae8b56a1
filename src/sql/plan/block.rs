//! Literal writes inside an anonymous block: `[label:] BEGIN NOT ATOMIC
//! stmt; stmt; ... END [label]` whose every statement is an `INSERT`,
//! `REPLACE`, `UPDATE` or `DELETE` squeeze plans on its own. The server
//! runs them one after another exactly as a multi-statement query (no
//! local variable, cursor, condition or loop can move a value between
//! them: a block with any of those is not planned here), so each is
//! planned as if sent alone and its literals are compressed in place.
//! A `SELECT` among them is allowed when the analyzer accepts it; one whose
//! answer carries a compressed value only when squeeze can tell which
//! result set the block sends is its (see `sql::results`). Anything else is
//! left to the procedural default deny.

use super::{plan_tokens, Plan};
use crate::sql::catalog::ColumnCatalog;
use crate::sql::classify::{classify_statement, StatementKind};
use crate::sql::lexer::{LexOptions, Token, TokenKind};
use crate::sql::query::{analyze_query, QueryShape};

/// The exact plan of a block of plain writes and reads; `None`: not such
/// a block (the caller applies the procedural default deny). A refusal of
/// one of its statements is the block's. With it, the result shape of each
/// `SELECT` whose answer carries a compressed value, by its index among
/// the block's statements (the caller presents its result set with it,
/// when it can tell which result set is whose; see `sql::results`).
pub(super) fn plan_block_writes<'a>(
    sql: &'a [u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<(Plan<'a>, Vec<(usize, QueryShape)>)> {
    let body = block_body(sql, toks)?;
    let mut sites = Vec::new();
    let mut column_list = None;
    let mut writes = false;
    let mut shapes = Vec::new();
    for (j, stmt) in toks[body]
        .split(|t| t.kind == TokenKind::Semicolon)
        .enumerate()
    {
        if stmt.is_empty() {
            continue;
        }
        let kind = classify_statement(sql, stmt, opts);
        // One relation walk for the read analyzer and the planner.
        let rels = crate::sql::tables::table_refs(sql, stmt);
        // A read goes to the client as a plain statement's would; one whose
        // answer carries a compressed value needs its shape (no JSON
        // function: squeeze evaluates those only for its own statements).
        if kind == StatementKind::Select && !has_variable(sql, stmt) {
            match analyze_query(sql, stmt, Some(&rels), opts, db, catalog) {
                Ok(shape) if shape.outputs.iter().all(Option::is_none) => continue,
                Ok(shape) if shape.json.is_empty() => {
                    shapes.push((j, shape));
                    continue;
                }
                _ => return None,
            }
        }
        if !matches!(
            kind,
            StatementKind::Insert
                | StatementKind::Replace
                | StatementKind::Update
                | StatementKind::Delete
        ) || has_variable(sql, stmt)
        {
            return None;
        }
        writes = true;
        match plan_tokens(sql, stmt, Some(&rels), &kind, opts, db, catalog, false).0 {
            Plan::Untouched => {}
            Plan::Refuse(r) => return Some((Plan::Refuse(r), Vec::new())),
            // Dynamic SQL is not a plain write.
            Plan::RewriteText(_) => return None,
            Plan::Rewrite {
                sites: s,
                placeholders,
                column_list: list,
            } => {
                // A `?` inside a block, or a second column list to insert
                // (a plan carries one): left to the default deny.
                if placeholders.iter().any(Option::is_some)
                    || (list.is_some() && column_list.is_some())
                {
                    return None;
                }
                column_list = column_list.or(list);
                sites.extend(s);
            }
        }
    }
    if !writes && shapes.is_empty() {
        // Reads of nothing compressed only: the procedural analysis decides.
        return None;
    }
    if sites.is_empty() && column_list.is_none() {
        return Some((Plan::Untouched, shapes));
    }
    Some((
        Plan::Rewrite {
            sites,
            placeholders: Vec::new(),
            column_list,
        },
        shapes,
    ))
}

/// The token range of the statements of `[label:] BEGIN NOT ATOMIC ...
/// END [label]`, when that is the whole statement and the block nests no
/// other (a nested `BEGIN`, `IF`, `CASE`, loop or handler is more than a
/// sequence of writes).
fn block_body(sql: &[u8], toks: &[Token]) -> Option<std::ops::Range<usize>> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let labelled = toks.get(1).is_some_and(|t| t.is_op(sql, ":"));
    let start = if labelled { 2 } else { 0 };
    if !(kw(start, "BEGIN") && kw(start + 1, "NOT") && kw(start + 2, "ATOMIC")) {
        return None;
    }
    // `END`, or `END label` after a labelled block, then nothing.
    let mut end = toks.len();
    while end > 0 && toks[end - 1].kind == TokenKind::Semicolon {
        end -= 1;
    }
    let end_at = if labelled && end >= 2 && kw(end - 2, "END") {
        end - 2
    } else if end >= 1 && kw(end - 1, "END") {
        end - 1
    } else {
        return None;
    };
    let body = start + 3..end_at;
    // Each statement starts with a write verb or SELECT; no word anywhere that opens
    // or closes another block (a CASE expression included: its END would
    // be read as the block's).
    let nested = toks[body.clone()].iter().any(|t| {
        t.kind == TokenKind::Ident
            && [
                "BEGIN", "END", "CASE", "IF", "LOOP", "WHILE", "REPEAT", "DECLARE", "LEAVE",
                "ITERATE", "RETURN", "OPEN", "FETCH", "CLOSE", "SIGNAL", "RESIGNAL", "GET",
            ]
            .iter()
            .any(|w| t.is_keyword(sql, w))
    });
    (!nested).then_some(body)
}

/// A `@variable`, or an `@@variable` (squeeze cannot see their values),
/// anywhere in the statement.
fn has_variable(_sql: &[u8], toks: &[Token]) -> bool {
    toks.iter().any(|t| t.kind == TokenKind::Variable)
}
