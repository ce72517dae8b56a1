//! Writes through views: a view column resolves to the compressed base
//! column it passes through, so `INSERT/UPDATE/REPLACE` into a view over a
//! compressed table compress their values exactly as writes to the table
//! do (under the base column's rule), and a view squeeze cannot resolve is
//! refused naming the column.
//!
//! The view's columns are its definition's select-list names (MariaDB
//! stores every item as `expr AS `name``); which compressed column each
//! one passes through is what the read analyzer says of the definition
//! (nested views included). An expression over a compressed column is not
//! updatable, so the server rejects a write to it whatever squeeze does.

use crate::sql::classify::significant_tokens;
use crate::sql::lexer::{ident_name, LexOptions, TokenKind};
use crate::sql::plan::{refuse, ColumnCatalog, ColumnRef, Refusal, RefuseReason};
use crate::sql::query::{analyze_query, Stop};

/// A view's columns and the compressed base column each passes through, or
/// why squeeze cannot resolve them.
pub(crate) type ViewColumns = Result<Vec<(String, Option<ColumnRef>)>, Refusal>;

/// The columns of view `db.name` (names as the definition gives them) with
/// the compressed base column each passes through; `None` when it is not a
/// view that reads compressed columns; `Err` when squeeze cannot resolve it.
pub(crate) fn view_columns(
    catalog: &dyn ColumnCatalog,
    db: &str,
    name: &str,
) -> Option<ViewColumns> {
    let def = catalog.view_definition(db, name)?;
    let sql = def.as_bytes();
    let opts = LexOptions::default();
    let (toks, _, _) = significant_tokens(sql, 0, opts);
    let unresolved = |why: String| {
        let column = catalog
            .any_compressed()
            .map(|c| c.column)
            .unwrap_or_default();
        Err(refuse(
            ColumnRef {
                db: db.to_string(),
                table: name.to_string(),
                column,
            },
            // Reason `copy`: its message states `what` as written.
            RefuseReason::Copy,
            format!(
                "a write through view `{db}`.`{name}`, whose columns squeeze cannot tie to their base columns ({why}). Write to the base table instead"
            ),
        ))
    };
    let outputs = match analyze_query(sql, &toks, None, opts, Some(db), catalog) {
        Ok(shape) => shape.outputs,
        Err(Stop::Refuse(r)) => {
            return Some(Err(Refusal {
                what: format!(
                    "{} in the definition of view `{db}`.`{name}`, which a write through it would evaluate",
                    r.what.split(crate::sql::refusal::HINT).next().unwrap_or_default()
                ),
                ..r
            }))
        }
        Err(Stop::Unparsed(d)) => return Some(unresolved(d)),
        Err(Stop::NeedColumns(d, t)) => return Some(unresolved(format!("columns of {d}.{t}"))),
    };
    let Some(names) = select_list_names(sql, &toks) else {
        return Some(unresolved("a definition that is not one SELECT".into()));
    };
    if names.len() != outputs.len() {
        return Some(unresolved("a select list squeeze did not count".into()));
    }
    Some(Ok(names.into_iter().zip(outputs).collect()))
}

/// The output names of the top-level SELECT of a stored view definition:
/// `AS name` of each item, or the last name of a bare column chain.
fn select_list_names(sql: &[u8], toks: &[crate::sql::lexer::Token]) -> Option<Vec<String>> {
    if !toks.first()?.is_keyword(sql, "SELECT") {
        return None;
    }
    let mut names = Vec::new();
    let mut depth = 0usize;
    let mut start = 1;
    let mut i = 1;
    let name_of = |r: std::ops::Range<usize>| -> Option<String> {
        let item = &toks[r];
        let last = item.last()?;
        if !matches!(last.kind, TokenKind::Ident | TokenKind::QuotedIdent) {
            return None;
        }
        let bare_chain = item.iter().enumerate().all(|(k, t)| {
            if k % 2 == 0 {
                matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent)
            } else {
                t.kind == TokenKind::Dot
            }
        });
        let aliased = item.len() >= 3 && item[item.len() - 2].is_keyword(sql, "AS");
        (aliased || bare_chain).then(|| ident_name(sql, last).into_owned())
    };
    while i < toks.len() {
        let t = &toks[i];
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => {
                names.push(name_of(start..i)?);
                start = i + 1;
            }
            TokenKind::Ident if depth == 0 && t.is_keyword(sql, "FROM") => break,
            _ => {}
        }
        i += 1;
    }
    if start < i {
        names.push(name_of(start..i)?);
    }
    Some(names)
}
