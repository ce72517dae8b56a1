//! DDL that would make compressed values unreadable or copy them where
//! squeeze does not inflate them: `CREATE TABLE ... SELECT`, `ALTER TABLE`
//! (column types and renames), `RENAME TABLE` and stored programs.

use std::borrow::Cow;

use super::{invisible_refusal, split_commas};
use crate::sql::lexer::{decode_string, ident_name, LexOptions, Token, TokenKind};
use crate::sql::plan::{
    is_name, plan_statement, refuse, Analyzer, ColumnCatalog, ColumnRef, Plan, Refusal,
    RefuseReason, Table,
};

/// The refusal of a DDL statement, if it would lose or copy compressed data.
pub(super) fn ddl(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    if kw(0, "CREATE") {
        // CREATE [OR REPLACE] [DEFINER = ...] [AGGREGATE] TRIGGER|PROCEDURE|FUNCTION|EVENT
        let head = toks.len().min(12);
        if let Some(p) = (1..head).find(|&i| {
            ["TRIGGER", "PROCEDURE", "FUNCTION", "EVENT"]
                .iter()
                .any(|w| kw(i, w))
        }) {
            return stored_program(sql, toks, p, opts, db, catalog);
        }
        // CREATE [OR REPLACE] [ONLINE] [UNIQUE|FULLTEXT|SPATIAL] INDEX
        let index_at = (1..head).find(|&i| {
            !["OR", "REPLACE", "ONLINE", "UNIQUE", "FULLTEXT", "SPATIAL"]
                .iter()
                .any(|w| kw(i, w))
        });
        if index_at.is_some_and(|i| kw(i, "INDEX")) {
            return create_index(sql, toks, opts, db, catalog);
        }
        return create_table_elements(sql, toks, opts, db, catalog)
            .or_else(|| create_table_select(sql, toks, opts, db, catalog));
    }
    if kw(0, "ALTER") {
        return alter_table(sql, toks, opts, db, catalog);
    }
    if kw(0, "RENAME") && (kw(1, "TABLE") || kw(1, "TABLES")) {
        return rename_tables(sql, toks, opts, db, catalog);
    }
    None
}

/// `CREATE [OR REPLACE] [TEMPORARY] TABLE [IF NOT EXISTS] t`: the index of
/// the table name's first token, and whether the table is temporary.
fn create_table_head(sql: &[u8], toks: &[Token]) -> Option<(usize, bool)> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let t = (1..toks.len().min(6)).find(|&i| kw(i, "TABLE"))?;
    if (1..t).any(|i| !(kw(i, "OR") || kw(i, "REPLACE") || kw(i, "TEMPORARY"))) {
        return None;
    }
    let mut i = t + 1;
    if kw(i, "IF") {
        i += if kw(i + 1, "NOT") { 3 } else { 2 };
    }
    Some((i, (1..t).any(|i| kw(i, "TEMPORARY"))))
}

/// `CREATE [OR REPLACE] [TEMPORARY] TABLE [IF NOT EXISTS] t ... [AS] query`:
/// a query that copies a compressed column out is refused.
fn create_table_select(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let (i, temporary) = create_table_head(sql, toks)?;
    let (a, any) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    if !any {
        return None;
    }
    if !toks.get(i).is_some_and(is_name) {
        return None;
    }
    let mut depth = 0usize;
    let mut query = None;
    for (j, t) in toks.iter().enumerate().skip(a.table_end(i)) {
        match t.kind {
            TokenKind::LParen if depth == 0 && a.is_query_start(j + 1) => {
                query = Some(j);
                break;
            }
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Ident
                if depth == 0
                    && ["SELECT", "WITH", "TABLE", "VALUES"]
                        .iter()
                        .any(|w| t.is_keyword(sql, w)) =>
            {
                query = Some(j);
                break;
            }
            _ => {}
        }
    }
    let q = query?;
    let copied = if temporary {
        // The query alone: the new temporary table is not one of its
        // sources (it shadows the configured table only once created).
        let (qa, _) = Analyzer::new_always(sql, &toks[q..], None, opts, db, catalog);
        qa.copied_out(0..toks.len() - q)
    } else {
        a.copied_out(q..toks.len())
    };
    copied.map(|c| {
        refuse(
            c,
            RefuseReason::Copy,
            "CREATE TABLE ... SELECT would copy its compressed bytes into a table squeeze does not inflate (they would read back as blobs). Create the table first; if it should hold the documents, add its column to squeeze's [[columns]] configuration, then copy the rows through squeeze (read them and insert them)",
        )
    })
}

/// `RENAME TABLE[S] [IF EXISTS] a TO b, ...`: each pair must keep its
/// compressed columns configured.
fn rename_tables(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let (a, _) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    let mut start = 2;
    if kw(2, "IF") && kw(3, "EXISTS") {
        start = 4;
    }
    for pair in split_commas(toks, start..toks.len()) {
        if pair.is_empty() {
            continue;
        }
        let Some(from) = a.table_at(pair.start) else {
            continue;
        };
        // `a [WAIT n | NOWAIT] TO b`; a target squeeze cannot read
        // counts as unconfigured.
        let to = (a.table_end(pair.start)..pair.end)
            .find(|&j| kw(j, "TO"))
            .and_then(|j| a.table_at(j + 1))
            .unwrap_or_else(unknown_table);
        if let Some(r) = rename_table(&a, &from, &to) {
            return Some(r);
        }
    }
    None
}

/// A rename target squeeze could not read (never configured).
fn unknown_table() -> (String, String) {
    ("?".into(), "?".into())
}

/// Renaming table `from` to `to` keeps its compressed columns readable only
/// when `to` is configured the same way.
fn rename_table(
    a: &Analyzer<'_, '_>,
    from: &(String, String),
    to: &(String, String),
) -> Option<Refusal> {
    let c = a.first_compressed(&from.0, &from.1)?;
    let cat = a.catalog;
    let kept = cat.table_has_compressed(&to.0, &to.1)
        && match cat.table_columns(&from.0, &from.1) {
            Some(cols) => cols.iter().all(|col| {
                let src = ColumnRef {
                    db: from.0.clone(),
                    table: from.1.clone(),
                    column: col.clone(),
                };
                let dst = ColumnRef {
                    db: to.0.clone(),
                    table: to.1.clone(),
                    column: col.clone(),
                };
                cat.is_compressed(&src.db, &src.table, col)
                    == cat.is_compressed(&dst.db, &dst.table, col)
                    && (!cat.is_compressed(&src.db, &src.table, col) || cat.same_rule(&dst, &src))
            }),
            None => true,
        };
    if kept {
        return None;
    }
    Some(refuse(
        c,
        RefuseReason::Ddl,
        format!(
            "renaming table `{}.{}` to `{}.{}` would leave its compressed values under a name squeeze is not configured for (they would read back as blobs). Add [[columns]] entries for `{}.{}` (same codec and dictionary) to squeeze's configuration and reload it (SIGHUP) first",
            from.0, from.1, to.0, to.1, to.0, to.1
        ),
    ))
}

/// Is the column type starting at `i` one that keeps a compressed value's
/// bytes?
fn binary_type(sql: &[u8], toks: &[Token], i: usize) -> bool {
    let Some(t) = toks.get(i) else { return false };
    let binary = [
        "VARBINARY",
        "BINARY",
        "TINYBLOB",
        "BLOB",
        "MEDIUMBLOB",
        "LONGBLOB",
    ]
    .iter()
    .any(|w| t.is_keyword(sql, w))
        || (t.is_keyword(sql, "LONG")
            && toks
                .get(i + 1)
                .is_some_and(|n| n.is_keyword(sql, "VARBINARY")));
    // `BINARY` also spells a text attribute after a text type; only a type
    // here counts, which is what the first token is.
    binary
}

fn type_text(sql: &[u8], toks: &[Token], i: usize) -> String {
    toks.get(i)
        .map(|t| String::from_utf8_lossy(t.text(sql)).to_ascii_uppercase())
        .unwrap_or_default()
}

/// The index of the table name after `ALTER [ONLINE] [IGNORE] TABLE [IF
/// EXISTS]`; `None` for another `ALTER`.
fn altered_table_at(sql: &[u8], toks: &[Token]) -> Option<usize> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let mut i = 1;
    while kw(i, "ONLINE") || kw(i, "IGNORE") {
        i += 1;
    }
    if !kw(i, "TABLE") {
        return None;
    }
    i += 1;
    if kw(i, "IF") && kw(i + 1, "EXISTS") {
        i += 2;
    }
    Some(i)
}

/// The refusal of changing compressed column `col` to non-binary type `ty`.
fn not_binary_refusal(col: ColumnRef, ty: String) -> Refusal {
    refuse(
        col,
        RefuseReason::Ddl,
        format!(
            "ALTER TABLE to type {ty} would make MariaDB convert its compressed bytes and make every stored value unreadable. Keep a binary type (VARBINARY, BLOB, MEDIUMBLOB, LONGBLOB); to store the documents as text, first copy them through squeeze into a new uncompressed column (read them, write them back), then drop this column or remove it from squeeze's [[columns]] configuration"
        ),
    )
}

/// The refusal of renaming compressed column `col` of `table` to an
/// unconfigured `new`.
fn renamed_refusal(col: ColumnRef, table: &(String, String), new: &str) -> Refusal {
    refuse(
        col,
        RefuseReason::Ddl,
        format!(
            "renaming it to `{new}` would leave its compressed values under a name squeeze is not configured for (they would read back as blobs). Add `{}.{}.{new}` (same codec and dictionary) to squeeze's [[columns]] configuration and reload it (SIGHUP) first",
            table.0, table.1
        ),
    )
}

/// `ALTER TABLE`: changing a compressed column to a non-binary type, or
/// renaming it or its table to a name squeeze is not configured for, is
/// refused.
fn alter_table(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let i = altered_table_at(sql, toks)?;
    let (a, _) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    let table = a.table_at(i)?;
    if !catalog.table_has_compressed(&table.0, &table.1) {
        return None;
    }
    let col_ref = |name: &str| ColumnRef {
        db: table.0.clone(),
        table: table.1.clone(),
        column: name.to_string(),
    };
    let compressed = |name: &str| catalog.is_compressed(&table.0, &table.1, name);
    let not_binary = |c: &str, ty: String| not_binary_refusal(col_ref(c), ty);
    let renamed = |c: &str, new: &str| renamed_refusal(col_ref(c), &table, new);
    let keeps_config = |old: &str, new: &str| {
        old.eq_ignore_ascii_case(new)
            || (compressed(new) && catalog.same_rule(&col_ref(new), &col_ref(old)))
    };
    for spec in split_commas(toks, a.table_end(i)..toks.len()) {
        let mut k = spec.start;
        if kw(k, "ADD") {
            k += 1;
            if kw(k, "COLUMN") {
                k += 1;
            }
            if kw(k, "IF") && kw(k + 1, "NOT") && kw(k + 2, "EXISTS") {
                k += 3;
            }
            let elements = if toks.get(k).map(|t| t.kind) == Some(TokenKind::LParen) {
                let close = crate::sql::classify::matching_paren(toks, k).min(spec.end);
                split_commas(toks, k + 1..close)
            } else {
                std::iter::once(k..spec.end).collect()
            };
            for e in elements {
                if let Some(r) = element_on_bytes(sql, toks, e, &table, catalog) {
                    return Some(r);
                }
            }
            continue;
        }
        if kw(k, "ALTER") {
            // ALTER [COLUMN] col SET DEFAULT x
            k += 1;
            if kw(k, "COLUMN") {
                k += 1;
            }
            if kw(k, "IF") && kw(k + 1, "EXISTS") {
                k += 2;
            }
            if let Some(name) = toks.get(k).filter(|t| is_name(t)) {
                let name = ident_name(sql, name);
                if compressed(&name)
                    && kw(k + 1, "SET")
                    && kw(k + 2, "DEFAULT")
                    && !(kw(k + 3, "NULL") && k + 4 == spec.end)
                {
                    return Some(on_bytes_refusal(col_ref(&name), OnBytes::Default));
                }
            }
            continue;
        }
        if kw(k, "MODIFY") || kw(k, "CHANGE") {
            let change = kw(k, "CHANGE");
            k += 1;
            if kw(k, "COLUMN") {
                k += 1;
            }
            if kw(k, "IF") && kw(k + 1, "EXISTS") {
                k += 2;
            }
            if !toks.get(k).is_some_and(is_name) {
                continue;
            }
            let old = ident_name(sql, &toks[k]).into_owned();
            let defined = if change { k + 1 } else { k };
            k += 1;
            if !compressed(&old) {
                // A plain column may still become generated from, or
                // checked on, a compressed one.
                if let Some(r) = element_on_bytes(sql, toks, defined..spec.end, &table, catalog) {
                    return Some(r);
                }
                continue;
            }
            if change {
                let new = toks.get(k).map(|t| ident_name(sql, t).into_owned())?;
                k += 1;
                if !keeps_config(&old, &new) {
                    return Some(renamed(&old, &new));
                }
            }
            if !binary_type(sql, toks, k) {
                return Some(not_binary(&old, type_text(sql, toks, k)));
            }
            if let Some(r) = element_on_bytes(sql, toks, defined..spec.end, &table, catalog) {
                return Some(r);
            }
        } else if kw(k, "RENAME") && kw(k + 1, "COLUMN") {
            let old = toks.get(k + 2).map(|t| ident_name(sql, t).into_owned())?;
            let new = toks.get(k + 4).map(|t| ident_name(sql, t).into_owned())?;
            if compressed(&old) && !keeps_config(&old, &new) {
                return Some(renamed(&old, &new));
            }
        } else if kw(k, "RENAME")
            && !(kw(k + 1, "INDEX") || kw(k + 1, "KEY") || kw(k + 1, "COLUMN"))
        {
            k += 1;
            if kw(k, "TO") || kw(k, "AS") {
                k += 1;
            }
            let to = a.table_at(k).unwrap_or_else(unknown_table);
            if let Some(r) = rename_table(&a, &table, &to) {
                return Some(r);
            }
        }
    }
    None
}

/// `CREATE TRIGGER|PROCEDURE|FUNCTION|EVENT`: the server moves values
/// inside the body without squeeze seeing them, so a body that reads a
/// compressed column (`NEW.doc`, `OLD.doc`, `SELECT doc ...`) or writes a
/// table with compressed columns is refused.
fn stored_program(
    sql: &[u8],
    toks: &[Token],
    p: usize,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let (mut a, _) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    let mut body = p + 1;
    if toks[p].is_keyword(sql, "TRIGGER") {
        let on = (p + 1..toks.len()).find(|&i| toks[i].is_keyword(sql, "ON"))?;
        let (tdb, ttable) = a.table_at(on + 1)?;
        body = a.table_end(on + 1);
        a.mark(on + 1..body);
        for alias in [None, Some("NEW"), Some("OLD")] {
            a.tables.push(Table {
                db: Some(Cow::Owned(tdb.clone())),
                table: Some(Cow::Owned(ttable.clone())),
                alias: alias.map(Cow::Borrowed),
            });
        }
    }
    // Dynamic SQL in the body: its text must be visible and must not touch
    // a compressed column (values bound inside the body are invisible).
    for i in body..toks.len() {
        let k = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.is_keyword(sql, w));
        let text = if k(i, "PREPARE") && k(i + 2, "FROM") {
            toks.get(i + 3)
        } else if k(i, "EXECUTE") && k(i + 1, "IMMEDIATE") {
            toks.get(i + 2)
        } else {
            continue;
        };
        let inner = text
            .filter(|t| matches!(t.kind, TokenKind::Str { .. }))
            .and_then(|t| decode_string(sql, t, opts));
        let Some(inner) = inner else {
            if let Some(r) = invisible_refusal(catalog, "dynamic SQL inside a stored program") {
                return Some(r);
            }
            continue;
        };
        match plan_statement(&inner, opts, db, catalog) {
            Plan::Untouched => {}
            Plan::RewriteText(t) => {
                let column = t.sites.into_iter().map(|s| s.column).next()?;
                return Some(refuse(
                    column,
                    RefuseReason::PreparedText,
                    "a stored program runs dynamic SQL that writes a literal to it",
                ));
            }
            Plan::Refuse(r) => {
                return Some(Refusal {
                    what: format!("a stored program's dynamic SQL is refused: {}", r.message()),
                    reason: RefuseReason::PreparedText,
                    column: r.column,
                })
            }
            Plan::Rewrite {
                sites,
                placeholders,
                ..
            } => {
                let column = sites
                    .into_iter()
                    .map(|s| s.column)
                    .chain(placeholders.into_iter().flatten())
                    .next()?;
                return Some(refuse(
                    column,
                    RefuseReason::Copy,
                    "dynamic SQL inside a stored program writes it, with values squeeze cannot see or compress. Do this work in the application through squeeze",
                ));
            }
        }
    }
    let what = "a trigger, procedure, function or event whose body reads or writes it: the server would move its compressed bytes (or store new values uncompressed) where squeeze does not see them. Do this work in the application through squeeze, or leave the compressed column out of the body";
    if let Some(c) = a.find_ref(body..toks.len()) {
        return Some(refuse(c, RefuseReason::Copy, what));
    }
    a.program_writes(body..toks.len())
        .map(|c| refuse(c, RefuseReason::Copy, what))
}

/// What a schema element would do to stored compressed bytes.
enum OnBytes {
    Default,
    Index,
    Generated,
    Check,
}

/// The refusal of a schema element that would make MariaDB act on the
/// compressed bytes of `col` as if they were the document.
fn on_bytes_refusal(col: ColumnRef, what: OnBytes) -> Refusal {
    let what = match what {
        OnBytes::Default => "a non-NULL DEFAULT for it: MariaDB would store the default as written (uncompressed) in every row that takes it, and report it in DEFAULT(col), SHOW CREATE TABLE and information_schema. Leave it DEFAULT NULL and write the document from the application",
        OnBytes::Index => "an index or key on it: MariaDB would index (and judge uniqueness of) the compressed bytes, not the documents, so UNIQUE would accept duplicates and reject nothing it should. Declare a JSON path of it as an indexed column in squeeze's configuration instead, or index another column",
        OnBytes::Generated => "a generated column computed from it: MariaDB would compute it from the compressed bytes. Declare the JSON path as an indexed column in squeeze's configuration (squeeze keeps it in step), or compute the value in the application",
        OnBytes::Check => "a CHECK constraint on it: MariaDB would evaluate it on the compressed bytes. Check the documents in the application (squeeze's on_invalid_json setting refuses invalid JSON)",
    };
    refuse(col, RefuseReason::Ddl, what)
}

/// The first name token in `range` that is a compressed column of `table`
/// (key parts, generated column and CHECK expressions).
fn compressed_in(
    sql: &[u8],
    toks: &[Token],
    range: std::ops::Range<usize>,
    table: &(String, String),
    catalog: &dyn ColumnCatalog,
) -> Option<ColumnRef> {
    range
        .filter(|&i| is_name(&toks[i]))
        .map(|i| ident_name(sql, &toks[i]))
        .find(|n| catalog.is_compressed(&table.0, &table.1, n))
        .map(|n| ColumnRef {
            db: table.0.clone(),
            table: table.1.clone(),
            column: n.into_owned(),
        })
}

/// One element of `CREATE TABLE t (...)` or of `ALTER TABLE t ADD ...` /
/// `MODIFY` / `CHANGE` (from the column name): a column definition, a key,
/// or a CHECK constraint. Refused when it would act on compressed bytes.
fn element_on_bytes(
    sql: &[u8],
    toks: &[Token],
    range: std::ops::Range<usize>,
    table: &(String, String),
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let kw = |i: usize, w: &str| i < range.end && toks[i].is_keyword(sql, w);
    let mut k = range.start;
    if kw(k, "CONSTRAINT") {
        k += 1;
        if !["PRIMARY", "UNIQUE", "FOREIGN", "CHECK"]
            .iter()
            .any(|w| kw(k, w))
        {
            k += 1;
        }
    }
    let rest = k..range.end;
    if [
        "INDEX", "KEY", "UNIQUE", "PRIMARY", "FULLTEXT", "SPATIAL", "FOREIGN",
    ]
    .iter()
    .any(|w| kw(k, w))
    {
        // The key parts are the first parenthesis; a name before it is the
        // index's own.
        let open = rest.clone().find(|&i| toks[i].kind == TokenKind::LParen)?;
        let close = crate::sql::classify::matching_paren(toks, open).min(range.end);
        return compressed_in(sql, toks, open + 1..close, table, catalog)
            .map(|c| on_bytes_refusal(c, OnBytes::Index));
    }
    if kw(k, "CHECK") {
        return compressed_in(sql, toks, rest, table, catalog)
            .map(|c| on_bytes_refusal(c, OnBytes::Check));
    }
    if k >= range.end || !is_name(&toks[k]) {
        return None;
    }
    let name = ident_name(sql, &toks[k]);
    let own = catalog
        .is_compressed(&table.0, &table.1, &name)
        .then(|| ColumnRef {
            db: table.0.clone(),
            table: table.1.clone(),
            column: name.into_owned(),
        });
    let mut depth = 0usize;
    for i in k + 1..range.end {
        match toks[i].kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ if kw(i, "AS") || kw(i, "GENERATED") => {
                let expr = compressed_in(sql, toks, i + 1..range.end, table, catalog);
                if let Some(c) = own.clone().or(expr) {
                    return Some(on_bytes_refusal(c, OnBytes::Generated));
                }
            }
            _ if kw(i, "CHECK") => {
                let expr = compressed_in(sql, toks, i + 1..range.end, table, catalog);
                if let Some(c) = expr {
                    return Some(on_bytes_refusal(c, OnBytes::Check));
                }
            }
            _ => {}
        }
        let Some(c) = &own else { continue };
        if depth > 0 {
            continue;
        }
        if kw(i, "DEFAULT") && !kw(i + 1, "NULL") {
            return Some(on_bytes_refusal(c.clone(), OnBytes::Default));
        }
        if kw(i, "UNIQUE") || (kw(i, "KEY") && !kw(i.wrapping_sub(1), "FOREIGN")) {
            return Some(on_bytes_refusal(c.clone(), OnBytes::Index));
        }
    }
    None
}

/// `CREATE TABLE t (...)` of a configured table: column defaults, keys,
/// generated columns and CHECK constraints on compressed columns.
fn create_table_elements(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let (i, temporary) = create_table_head(sql, toks)?;
    if temporary {
        // A temporary table is another table, even under a configured name.
        return None;
    }
    let (a, _) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    let table = a.table_at(i)?;
    if !catalog.table_has_compressed(&table.0, &table.1) {
        return None;
    }
    let open = a.table_end(i);
    if toks.get(open).map(|t| t.kind) != Some(TokenKind::LParen) || a.is_query_start(open + 1) {
        return None;
    }
    let close = crate::sql::classify::matching_paren(toks, open).min(toks.len());
    split_commas(toks, open + 1..close)
        .into_iter()
        .find_map(|e| element_on_bytes(sql, toks, e, &table, catalog))
}

/// `CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX name ON t (parts)` naming a
/// compressed column.
fn create_index(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let on = (2..toks.len()).find(|&i| toks[i].is_keyword(sql, "ON"))?;
    let (a, _) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    let table = a.table_at(on + 1)?;
    let open = a.table_end(on + 1);
    if toks.get(open).map(|t| t.kind) != Some(TokenKind::LParen) {
        return None;
    }
    let close = crate::sql::classify::matching_paren(toks, open).min(toks.len());
    compressed_in(sql, toks, open + 1..close, &table, catalog)
        .map(|c| on_bytes_refusal(c, OnBytes::Index))
}
