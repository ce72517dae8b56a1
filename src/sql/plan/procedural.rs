//! Procedural SQL: compound statements (`BEGIN NOT ATOMIC ... END`, `IF`,
//! `CASE`, `LOOP`, `WHILE`, `REPEAT`, `FOR` outside stored programs, and
//! the bodies of `CREATE PROCEDURE|FUNCTION|TRIGGER|EVENT`).
//!
//! MariaDB parses a compound statement as one statement, `;`s included, and
//! moves values between local variables, cursors and result sets inside the
//! server, where squeeze can neither inflate nor check them. squeeze does
//! not model that, so it is default deny: a block that names a compressed
//! column (or reads one through `*`, `TABLE`, `NATURAL JOIN`, a view, a
//! routine or dynamic SQL) is refused naming the column; a block that
//! touches none passes untouched.
//!
//! The write side: a `BEGIN NOT ATOMIC ... END` whose every statement is
//! a plain `INSERT`/`REPLACE`/`UPDATE`/`DELETE` is planned exactly before
//! [`block_refusal`] is consulted (`plan::block`); any other block that
//! writes a compressed column is refused here like a read.

use super::{
    plan_statement_shape, touched_column, ColumnCatalog, ColumnRef, Plan, Refusal, RefuseReason,
};
use crate::sql::lexer::{decode_string, ident_name, LexOptions, Token, TokenKind};
use crate::sql::tables::table_refs;

/// Why a compound statement must be refused, if it must: it reads or
/// writes a compressed column somewhere in its body.
pub fn block_refusal(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let what = |how: &str| {
        format!(
            "a compound statement (BEGIN NOT ATOMIC, IF, LOOP, a stored program body...) {how}: the server would move its compressed bytes between local variables, cursors and results where squeeze cannot inflate or check them. Run the statements one by one through squeeze, or leave the compressed column out of the block"
        )
    };
    let refusal = |column: ColumnRef, how: &str| Refusal {
        column,
        reason: RefuseReason::Copy,
        what: what(how),
    };
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    // Tables (and views over them) with compressed columns the block names.
    let mut tables: Vec<(String, String, Vec<String>)> = Vec::new();
    for r in table_refs(sql, toks) {
        let (Some(d), Some(t)) = (r.db.as_deref().or(db), r.table.as_deref()) else {
            continue;
        };
        if catalog.table_has_compressed(d, t) {
            tables.push((
                d.to_string(),
                t.to_string(),
                catalog.compressed_columns(d, t),
            ));
        } else if let Some(def) = catalog.view_definition(d, t) {
            let column = view_column(&def, d, catalog).unwrap_or(ColumnRef {
                db: d.to_string(),
                table: t.to_string(),
                column: String::new(),
            });
            return Some(refusal(column, "reads it through a view"));
        }
    }
    let first_column = |tables: &[(String, String, Vec<String>)]| {
        tables.first().map(|(d, t, cols)| ColumnRef {
            db: d.clone(),
            table: t.clone(),
            column: cols.first().cloned().unwrap_or_default(),
        })
    };
    for (i, t) in toks.iter().enumerate() {
        let next_paren = toks.get(i + 1).map(|n| n.kind) == Some(TokenKind::LParen);
        match t.kind {
            TokenKind::Ident | TokenKind::QuotedIdent => {
                let name = ident_name(sql, t);
                if !next_paren {
                    for (d, tb, cols) in &tables {
                        if let Some(c) = cols.iter().find(|c| c.eq_ignore_ascii_case(&name)) {
                            return Some(refusal(
                                ColumnRef {
                                    db: d.clone(),
                                    table: tb.clone(),
                                    column: c.clone(),
                                },
                                "names it",
                            ));
                        }
                    }
                }
                if t.kind == TokenKind::Ident {
                    if let Some(r) = keyword_refusal(sql, toks, i, &tables, opts, db, catalog) {
                        return Some(r);
                    }
                    if (kw(i, "NATURAL") || kw(i, "TABLE")) && !tables.is_empty() {
                        return first_column(&tables)
                            .map(|c| refusal(c, "reads it through NATURAL JOIN or TABLE"));
                    }
                }
                // A stored function or procedure that reads compressed columns.
                let called = next_paren || (i > 0 && toks[i - 1].is_keyword(sql, "CALL"));
                if called {
                    let qualified = i >= 2 && toks[i - 1].kind == TokenKind::Dot;
                    let rdb = if qualified {
                        Some(ident_name(sql, &toks[i - 2]).into_owned())
                    } else {
                        db.map(str::to_string)
                    };
                    if let Some(rdb) = rdb {
                        if catalog.routine_reads_compressed(&rdb, &name) {
                            return Some(crate::sql::refusal::routine_refusal(&rdb, &name));
                        }
                    }
                }
            }
            TokenKind::Op if t.is_op(sql, "*") && !tables.is_empty() => {
                // `SELECT *`, `, *`, `t.*` (not `COUNT(*)`, not `a * b`).
                let star = i > 0
                    && (toks[i - 1].kind == TokenKind::Comma
                        || toks[i - 1].kind == TokenKind::Dot
                        || ["SELECT", "DISTINCT", "ALL", "DISTINCTROW"]
                            .iter()
                            .any(|w| toks[i - 1].is_keyword(sql, w)));
                if star {
                    return first_column(&tables).map(|c| refusal(c, "reads it through `*`"));
                }
            }
            _ => {}
        }
    }
    None
}

/// Refusals hung on one keyword of a block: dynamic SQL, and an INSERT or
/// REPLACE into a compressed table without a column list (its values go
/// to the compressed column by position).
fn keyword_refusal(
    sql: &[u8],
    toks: &[Token],
    i: usize,
    tables: &[(String, String, Vec<String>)],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let kw = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.is_keyword(sql, w));
    let text = if kw(i, "PREPARE") && kw(i + 2, "FROM") {
        Some(toks.get(i + 3))
    } else if kw(i, "EXECUTE") && kw(i + 1, "IMMEDIATE") {
        Some(toks.get(i + 2))
    } else {
        None
    };
    if let Some(text) = text {
        let dynamic = "runs dynamic SQL that touches it";
        let inner = text
            .filter(|t| matches!(t.kind, TokenKind::Str { .. }))
            .and_then(|t| decode_string(sql, t, opts));
        let Some(inner) = inner else {
            return catalog.any_compressed().map(|c| Refusal {
                column: c,
                reason: RefuseReason::InvisibleText,
                what: "a compound statement runs dynamic SQL whose text squeeze cannot see; use a literal text outside the block".into(),
            });
        };
        let (itoks, _, _) = crate::sql::classify::significant_tokens(&inner, 0, opts);
        let dynamic_refusal = |c: ColumnRef| Refusal {
            column: c,
            reason: RefuseReason::Copy,
            what: format!("a compound statement {dynamic}, out of squeeze's sight"),
        };
        // Inside a block its results bypass the column hints, and a
        // literal in it cannot be compressed in place.
        return match plan_statement_shape(&inner, opts, db, catalog) {
            (Plan::Refuse(r), _) => Some(r),
            (Plan::Rewrite { .. } | Plan::RewriteText(_), _) => {
                touched_column(&table_refs(&inner, &itoks), db, catalog).map(dynamic_refusal)
            }
            (Plan::Untouched, shape) => shape
                .and_then(|s| s.outputs.into_iter().flatten().next())
                .map(dynamic_refusal),
        };
    }
    if !(kw(i, "INSERT") || kw(i, "REPLACE"))
        || toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::LParen)
    {
        return None;
    }
    let mut k = i + 1;
    while ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"]
        .iter()
        .any(|w| kw(k, w))
    {
        k += 1;
    }
    let mut name = ident_name(sql, toks.get(k)?).into_owned();
    let mut tdb = db.map(str::to_string);
    if toks.get(k + 1).map(|t| t.kind) == Some(TokenKind::Dot) {
        tdb = Some(name);
        name = ident_name(sql, toks.get(k + 2)?).into_owned();
        k += 2;
    }
    k += 1;
    if kw(k, "PARTITION") && toks.get(k + 1).map(|t| t.kind) == Some(TokenKind::LParen) {
        k = crate::sql::classify::matching_paren(toks, k + 1) + 1;
    }
    let column_list = toks.get(k).map(|t| t.kind) == Some(TokenKind::LParen)
        && !(kw(k + 1, "SELECT") || kw(k + 1, "WITH") || kw(k + 1, "VALUES"))
        && toks.get(k + 1).map(|t| t.kind) != Some(TokenKind::LParen);
    if column_list || kw(k, "SET") {
        return None;
    }
    let (d, t, cols) = tables
        .iter()
        .find(|(d, t, _)| Some(d.as_str()) == tdb.as_deref() && *t == name)?;
    Some(Refusal {
        column: ColumnRef {
            db: d.clone(),
            table: t.clone(),
            column: cols.first().cloned().unwrap_or_default(),
        },
        reason: RefuseReason::Copy,
        what: "a compound statement writes it by position (INSERT without a column list), with a value squeeze cannot see or compress".into(),
    })
}

/// The first compressed column a view's definition passes through.
fn view_column(def: &str, db: &str, catalog: &dyn ColumnCatalog) -> Option<ColumnRef> {
    let (toks, _, _) =
        crate::sql::classify::significant_tokens(def.as_bytes(), 0, LexOptions::default());
    match crate::sql::query::analyze_query(
        def.as_bytes(),
        &toks,
        None,
        LexOptions::default(),
        Some(db),
        catalog,
    ) {
        Ok(shape) => shape.outputs.into_iter().flatten().next(),
        Err(crate::sql::query::Stop::Refuse(r)) => Some(r.column),
        Err(_) => None,
    }
}

#[cfg(test)]
pub(crate) mod tests;
