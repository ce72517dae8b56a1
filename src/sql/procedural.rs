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
//! [`block_refusal`] is consulted (`rewrite::block`); any other block that
//! writes a compressed column is refused here like a read.

use super::lexer::{decode_string, ident_name, LexOptions, Token, TokenKind};
use super::rewrite::{plan_statement_shape, ColumnCatalog, ColumnRef, Plan, Refusal, RefuseReason};
use super::statement::Statement;
use super::tables::table_refs;

/// Does the statement (its significant tokens) open a compound statement
/// that may run past its first `;`?
pub fn opens_block(sql: &[u8], toks: &[Token]) -> bool {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let mut i = 0;
    // `label: BEGIN NOT ATOMIC ...`, `label: LOOP ...`.
    if toks.get(1).is_some_and(|t| t.is_op(sql, ":")) {
        i = 2;
    }
    if kw(i, "BEGIN") && kw(i + 1, "NOT") && kw(i + 2, "ATOMIC") {
        return true;
    }
    if ["IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR", "DECLARE"]
        .iter()
        .any(|w| kw(i, w))
    {
        return true;
    }
    creates_stored_program(sql, toks)
}

/// `CREATE [OR REPLACE] [DEFINER = ...] [AGGREGATE] TRIGGER|PROCEDURE|FUNCTION|EVENT`.
pub fn creates_stored_program(sql: &[u8], toks: &[Token]) -> bool {
    toks.first().is_some_and(|t| t.is_keyword(sql, "CREATE"))
        && toks.iter().take(12).any(|t| {
            ["TRIGGER", "PROCEDURE", "FUNCTION", "EVENT"]
                .iter()
                .any(|w| t.is_keyword(sql, w))
        })
}

/// The index of the last statement piece of the block opened by
/// `statements[first]`: the splitter cuts at every top-level `;`, MariaDB
/// at the `END` that closes the block. Unbalanced: the end of the query.
pub fn block_end(sql: &[u8], statements: &[Statement<'_>], first: usize) -> usize {
    let mut depth = 0isize;
    for (k, st) in statements.iter().enumerate().skip(first) {
        depth += depth_change(sql, &st.tokens);
        if depth <= 0 {
            return k;
        }
    }
    statements.len().saturating_sub(1).max(first)
}

/// How many blocks a statement piece opens minus how many it closes. Every
/// block ends with exactly one `END` (`END IF`, `END LOOP`, a CASE
/// expression's `END`); `BEGIN` and `CASE` always open one, the other
/// block words only where a statement starts.
fn depth_change(sql: &[u8], toks: &[Token]) -> isize {
    let mut d = 0isize;
    let body = bare_body_start(sql, toks);
    for (i, t) in toks.iter().enumerate() {
        if t.kind != TokenKind::Ident {
            continue;
        }
        let prev_end = i > 0 && toks[i - 1].is_keyword(sql, "END");
        if t.is_keyword(sql, "END") {
            d -= 1;
        } else if prev_end {
            // `END IF`, `END CASE`, `END LOOP`: the closer's second word.
        } else if t.is_keyword(sql, "BEGIN")
            || t.is_keyword(sql, "CASE")
            || (["IF", "LOOP", "WHILE", "REPEAT", "FOR"]
                .iter()
                .any(|w| t.is_keyword(sql, w))
                && (statement_starts_at(sql, toks, i) || body == Some(i)))
        {
            d += 1;
        }
    }
    d
}

/// A stored program whose body is a bare `IF`, `LOOP`, `WHILE`, `REPEAT`
/// or `FOR` (no `BEGIN`): the index of that word. The routine header
/// holds none of them at the top level except `IF NOT EXISTS` and a
/// trigger's `FOR EACH ROW`.
fn bare_body_start(sql: &[u8], toks: &[Token]) -> Option<usize> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    // Procedures and functions: a trigger's body follows `FOR EACH ROW`
    // and an event's `DO`, where a statement starts anyway.
    let routine = kw(0, "CREATE")
        && (1..toks.len().min(12)).any(|i| kw(i, "PROCEDURE") || kw(i, "FUNCTION"))
        && !(1..toks.len().min(12)).any(|i| kw(i, "TRIGGER") || kw(i, "EVENT"));
    if !routine {
        return None;
    }
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Ident if depth == 0 => {
                if [
                    "BEGIN", "CASE", "RETURN", "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE",
                    "SET", "CALL", "WITH", "VALUES",
                ]
                .iter()
                .any(|w| kw(i, w))
                {
                    // A body that starts otherwise.
                    return None;
                }
                let header = (kw(i, "IF") && kw(i + 1, "NOT") && kw(i + 2, "EXISTS"))
                    || (kw(i, "FOR") && kw(i + 1, "EACH"));
                if !header
                    && ["IF", "LOOP", "WHILE", "REPEAT", "FOR"]
                        .iter()
                        .any(|w| kw(i, w))
                {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Does a statement start at `i` of a piece (after the piece's start, a
/// label, or a word after which a block holds statements)?
fn statement_starts_at(sql: &[u8], toks: &[Token], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    let p = &toks[i - 1];
    p.is_op(sql, ":")
        || [
            "BEGIN", "ATOMIC", "THEN", "ELSE", "DO", "LOOP", "REPEAT", "ROW",
        ]
        .iter()
        .any(|w| p.is_keyword(sql, w))
}

/// The significant tokens of `statements[first..=last]` as one statement,
/// with the `;`s between them.
pub fn block_tokens(statements: &[Statement<'_>], first: usize, last: usize) -> Vec<Token> {
    let mut out = Vec::new();
    for (k, st) in statements[first..=last].iter().enumerate() {
        if k > 0 {
            let at = statements[first + k - 1].range.end;
            out.push(Token {
                kind: TokenKind::Semicolon,
                start: at,
                end: at + 1,
            });
        }
        out.extend_from_slice(&st.tokens);
    }
    out
}

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
                            return Some(super::rewrite::routine_refusal(&rdb, &name));
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
        let (itoks, _, _) = super::classify::significant_tokens(&inner, 0, opts);
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
                super::rewrite::touched_column(&inner, &itoks, db, catalog).map(dynamic_refusal)
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
        k = super::classify::matching_paren(toks, k + 1) + 1;
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
        super::classify::significant_tokens(def.as_bytes(), 0, LexOptions::default());
    match super::query::analyze_query(
        def.as_bytes(),
        &toks,
        LexOptions::default(),
        Some(db),
        catalog,
    ) {
        Ok(shape) => shape.outputs.into_iter().flatten().next(),
        Err(super::query::Stop::Refuse(r)) => Some(r.column),
        Err(_) => None,
    }
}

#[cfg(test)]
pub(crate) mod tests;
