//! Statements that read a table's stored bytes outside a query:
//! `CHECKSUM TABLE` (checksums the compressed bytes, never the documents)
//! and `HANDLER ... READ` (its `WHERE` is evaluated on the stored bytes).

use super::catalog::ColumnCatalog;
use super::lexer::{ident_name, LexOptions, Token, TokenKind};
use super::query::{analyze_table_condition, Stop};
use super::refusal::{ColumnRef, Refusal, RefuseReason};

/// `db.table` or `table` at `i`: (db, table, index after the name).
fn table_at(
    sql: &[u8],
    toks: &[Token],
    i: usize,
    db: Option<&str>,
) -> Option<(Option<String>, String, usize)> {
    let first = toks.get(i)?;
    if !matches!(first.kind, TokenKind::Ident | TokenKind::QuotedIdent) {
        return None;
    }
    let first = ident_name(sql, first).into_owned();
    if toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::Dot) {
        let t = ident_name(sql, toks.get(i + 2)?).into_owned();
        return Some((Some(first), t, i + 3));
    }
    Some((db.map(str::to_string), first, i + 1))
}

fn first_compressed(catalog: &dyn ColumnCatalog, db: &str, table: &str) -> Option<ColumnRef> {
    if !catalog.table_has_compressed(db, table) {
        return None;
    }
    Some(ColumnRef {
        db: db.to_string(),
        table: table.to_string(),
        column: catalog
            .compressed_columns(db, table)
            .into_iter()
            .next()
            .unwrap_or_default(),
    })
}

/// `CHECKSUM TABLE t [, t ...] [QUICK | EXTENDED]`: the checksum of a
/// table with a compressed column is the checksum of compressed bytes, so
/// it would differ from the uncompressed copy's.
pub fn checksum_refusal(
    sql: &[u8],
    toks: &[Token],
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let mut i = 2;
    while let Some((d, t, next)) = table_at(sql, toks, i, db) {
        if let Some(c) = d.as_deref().and_then(|d| first_compressed(catalog, d, &t)) {
            return Some(Refusal {
                column: c,
                reason: RefuseReason::Function,
                what: "CHECKSUM TABLE (it checksums the compressed bytes, not the documents)"
                    .into(),
            });
        }
        if toks.get(next).map(|t| t.kind) != Some(TokenKind::Comma) {
            break;
        }
        i = next + 1;
    }
    None
}

/// `HANDLER t OPEN [AS alias]` / `HANDLER t READ ... [WHERE cond] [LIMIT
/// n]`: a condition on a compressed column is refused (MariaDB would
/// evaluate it on the stored bytes). squeeze does not follow handler
/// aliases, so opening a compressed table under an alias is refused too.
pub fn handler_refusal(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Result<(), Stop> {
    let Some((Some(d), t, next)) = table_at(sql, toks, 1, db) else {
        return Ok(());
    };
    let Some(c) = first_compressed(catalog, &d, &t) else {
        return Ok(());
    };
    let kw = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.is_keyword(sql, w));
    if kw(next, "OPEN") {
        if next + 1 < toks.len() {
            return Err(Stop::Refuse(Refusal {
                column: c,
                reason: RefuseReason::Other,
                what: "HANDLER ... OPEN under an alias (squeeze checks HANDLER reads by table name); open it as HANDLER t OPEN".into(),
            }));
        }
        return Ok(());
    }
    if !kw(next, "READ") {
        return Ok(());
    }
    match (next..toks.len()).find(|&k| kw(k, "WHERE")) {
        Some(w) => analyze_table_condition(sql, toks, w + 1, opts, db, catalog, (&d, &t)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::sql::plan::procedural::tests::{doc, refusal};

    #[test]
    fn checksum_table_of_a_compressed_table_is_refused_naming_the_column() {
        for sql in [
            "CHECKSUM TABLE docs",
            "CHECKSUM TABLE app.docs EXTENDED",
            "CHECKSUM TABLE users, docs QUICK",
        ] {
            assert_eq!(refusal(sql).expect(sql).column, doc(), "{sql}");
        }
        assert!(refusal("CHECKSUM TABLE users").is_none());
    }

    #[test]
    fn a_handler_read_filtering_on_a_compressed_column_is_refused_naming_it() {
        for sql in [
            "HANDLER docs READ FIRST WHERE doc LIKE '%a%'",
            "HANDLER app.docs READ `PRIMARY` FIRST WHERE LENGTH(doc) > 10 LIMIT 3",
            "HANDLER docs READ NEXT WHERE id > 1 AND docs.doc = '{}'",
            "HANDLER docs OPEN AS h",
        ] {
            assert_eq!(refusal(sql).expect(sql).column, doc(), "{sql}");
        }
        for sql in [
            "HANDLER docs OPEN",
            "HANDLER docs READ FIRST",
            "HANDLER docs READ `PRIMARY` = (3)",
            "HANDLER docs READ FIRST WHERE id > 3 AND doc IS NOT NULL LIMIT 2",
            "HANDLER users READ FIRST WHERE name LIKE 'a%'",
            "HANDLER docs CLOSE",
        ] {
            assert!(refusal(sql).is_none(), "{sql}");
        }
    }

    #[test]
    fn a_variable_set_from_a_null_test_of_a_compressed_column_is_accepted() {
        assert!(refusal("SET @j = (SELECT doc IS NULL FROM docs WHERE id = 7)").is_none());
        assert!(refusal("SET @j = (SELECT COUNT(doc) FROM docs)").is_none());
        assert_eq!(
            refusal("SET @j = (SELECT doc FROM docs WHERE id = 2)")
                .expect("refused")
                .column,
            doc()
        );
    }
}
