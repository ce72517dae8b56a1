//! Tests for issue 45's computed writes in the planner: with the in-server
//! functions, a write that reads inside a compressed value or computes one
//! is sent with each reading reference wrapped for the server and each
//! computed value of a compressed column wrapped to be stored compressed.

use super::lexer::LexOptions;
use super::plan::*;

/// `app.docs(id, doc*, title)`, `app.src(id, doc*)` (one rule),
/// `app.d(id, n, note, doc*)` (another rule), `app.plain(id, body)` on
/// shards with the functions; a computed value of `docs.doc` or
/// `src.doc` is stored through `D(..., rule)`.
struct ServerCat;

impl ColumnCatalog for ServerCat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app" && matches!(table, "docs" | "src" | "d") && column.eq_ignore_ascii_case("doc")
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && matches!(table, "docs" | "src" | "d")
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title"],
            ("app", "src") => &["id", "doc"],
            ("app", "d") => &["id", "n", "note", "doc"],
            ("app", "plain") => &["id", "body"],
            _ => return None,
        };
        Some(cols.iter().map(|s| s.to_string()).collect())
    }
    fn server_inflates(&self) -> bool {
        true
    }
    fn same_rule(&self, target: &ColumnRef, source: &ColumnRef) -> bool {
        let rule = |c: &ColumnRef| if c.table == "d" { 2 } else { 1 };
        rule(target) == rule(source)
    }
    fn server_deflate(&self, _col: &ColumnRef) -> Result<(String, String), String> {
        Ok(("D(".into(), ", rule)".into()))
    }
}

const OPTS: LexOptions = LexOptions {
    no_backslash_escapes: false,
    ansi_quotes: false,
};

/// The text the server gets, or the refusal.
fn sent(sql: &str) -> Result<String, Refusal> {
    let plans = plan_query(sql.as_bytes(), OPTS, Some("app"), &ServerCat);
    assert_eq!(plans.len(), 1, "{plans:?}");
    let p = plans.into_iter().next().unwrap();
    if let Plan::Refuse(r) = p.plan {
        return Err(r);
    }
    let edits: Vec<_> = p
        .shape
        .map(|s| s.rewrites)
        .unwrap_or_default()
        .into_iter()
        .map(|(r, t)| (r, t.into_bytes()))
        .collect();
    Ok(String::from_utf8(super::splice::splice(sql.as_bytes(), &edits)).unwrap())
}

const T: &str = "squeeze_fn.document(doc)";

#[test]
fn a_computed_update_of_the_document_is_stored_through_the_function_reading_it_inflated() {
    assert_eq!(
        sent("UPDATE docs SET doc = JSON_SET(doc, '$.a', 10) WHERE id = 1").unwrap(),
        format!("UPDATE docs SET doc = D(JSON_SET({T}, '$.a', 10), rule) WHERE id = 1")
    );
}

#[test]
fn insert_select_stores_each_computed_item_through_the_function_once() {
    assert_eq!(
        sent("INSERT INTO src (id, doc) SELECT id + 100, JSON_SET(doc, '$.copied', 1) FROM docs WHERE doc IS NOT NULL").unwrap(),
        format!("INSERT INTO src (id, doc) SELECT id + 100, D(JSON_SET({T}, '$.copied', 1), rule) FROM docs WHERE doc IS NOT NULL")
    );
}

#[test]
fn insert_select_from_another_compressed_table_wraps_the_whole_item() {
    assert_eq!(
        sent("INSERT INTO src (id, doc) SELECT id + 100, JSON_SET(doc, '$.copied', 1) FROM d WHERE doc IS NOT NULL").unwrap(),
        format!("INSERT INTO src (id, doc) SELECT id + 100, D(JSON_SET({T}, '$.copied', 1), rule) FROM d WHERE doc IS NOT NULL")
    );
}

#[test]
fn an_items_alias_stays_outside_the_stored_value_and_an_expressions_last_word_inside() {
    for (item, wrapped) in [
        (
            "JSON_SET(doc, '$.a', 1) AS x",
            "D(JSON_SET({T}, '$.a', 1), rule) AS x",
        ),
        (
            "JSON_SET(doc, '$.a', 1) x",
            "D(JSON_SET({T}, '$.a', 1), rule) x",
        ),
        (
            "JSON_SET(doc, '$.a', 1) 'x'",
            "D(JSON_SET({T}, '$.a', 1), rule) 'x'",
        ),
        // Each branch is a value of its own (the literal one compressed by
        // squeeze, not here).
        (
            "CASE WHEN id > 1 THEN doc ELSE '{}' END",
            "CASE WHEN id > 1 THEN D({T}, rule) ELSE '{}' END",
        ),
        // One literal: squeeze compresses it itself (a site, not shown).
        ("'{' '}'", "'{' '}'"),
    ] {
        let sql = format!("INSERT INTO src (id, doc) SELECT id, {item} FROM d");
        let want = format!(
            "INSERT INTO src (id, doc) SELECT id, {} FROM d",
            wrapped.replace("{T}", T)
        );
        assert_eq!(sent(&sql).unwrap(), want, "{item}");
    }
}

#[test]
fn insert_select_names_resolve_among_the_querys_tables_and_a_copy_of_another_rule_reads_the_document(
) {
    // `d.doc` has another rule: its document is stored anew.
    assert_eq!(
        sent("INSERT INTO src (id, doc) SELECT id, doc FROM d").unwrap(),
        format!("INSERT INTO src (id, doc) SELECT id, D({T}, rule) FROM d")
    );
    assert_eq!(
        sent("INSERT INTO src (id, doc) SELECT d.id, (d.doc) FROM d").unwrap(),
        "INSERT INTO src (id, doc) SELECT d.id, D((squeeze_fn.document(d.doc)), rule) FROM d"
    );
}

#[test]
fn insert_select_of_a_same_rule_column_copies_stored_bytes() {
    let sql =
        "INSERT INTO src (id, doc) SELECT id + 1, doc FROM docs WHERE JSON_VALUE(doc, '$.a') = 1";
    assert_eq!(
        sent(sql).unwrap(),
        "INSERT INTO src (id, doc) SELECT id + 1, doc FROM docs WHERE JSON_VALUE(CAST(squeeze_inflate(doc) AS CHAR CHARACTER SET utf8mb4 COLLATE utf8mb4_bin), '$.a') = 1"
    );
}
