//! The analyzer's claims, over a fixed catalog (no server).
//!
//! `app.docs(id, doc*, title)`, `app.users(id, name)`, view `app.v_docs`
//! over docs renaming `doc` to `body`, view `app.v_v` over `v_docs`.
//! `*` = compressed.

use std::sync::Arc;

use super::{analyze_query, Stop};
use crate::sql::catalog::ColumnCatalog;
use crate::sql::classify::significant_tokens;
use crate::sql::lexer::LexOptions;
use crate::sql::refusal::RefuseReason;
use proptest::prelude::*;

struct Cat;

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app" && table == "docs" && column.eq_ignore_ascii_case("doc")
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && table == "docs"
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title"],
            ("app", "users") => &["id", "name"],
            _ => return None,
        };
        Some(cols.iter().map(|s| s.to_string()).collect())
    }
    fn primary_key(&self, db: &str, table: &str) -> Option<Vec<String>> {
        match (db, table) {
            ("app", "docs") | ("app", "users") => Some(vec!["id".into()]),
            _ => None,
        }
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        match (db, name) {
            ("app", "v_docs") => Some(
                "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `body` from `app`.`docs`"
                    .into(),
            ),
            ("app", "v_v") => {
                Some("select `v`.`body` AS `b2`,`v`.`id` AS `id` from `app`.`v_docs` `v`".into())
            }
            _ => None,
        }
    }
}

fn analyse(sql: &str) -> Result<Vec<bool>, Stop> {
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
    analyze_query(
        sql.as_bytes(),
        &toks,
        None,
        LexOptions::default(),
        Some("app"),
        &Cat,
    )
    .map(|s| s.outputs.iter().map(Option::is_some).collect())
}

fn refused(sql: &str) -> RefuseReason {
    match analyse(sql) {
        Err(Stop::Refuse(r)) => {
            assert!(
                !r.column.column.is_empty(),
                "{sql}: refusal names no column"
            );
            r.reason
        }
        other => panic!("expected a refusal for {sql}: {other:?}"),
    }
}

fn outputs(sql: &str) -> Vec<bool> {
    match analyse(sql) {
        Ok(o) => o,
        Err(e) => panic!("expected {sql} to be accepted: {e:?}"),
    }
}

#[test]
fn plain_reads_are_accepted_and_their_compressed_outputs_marked() {
    assert_eq!(
        outputs("SELECT id, doc FROM docs WHERE id = 1"),
        [false, true]
    );
    assert_eq!(outputs("SELECT * FROM docs"), [false, true, false]);
    assert_eq!(
        outputs("SELECT d.*, u.name FROM docs d JOIN users u ON u.id = d.id"),
        [false, true, false, false]
    );
    assert_eq!(
        outputs("SELECT doc AS j FROM docs ORDER BY id DESC LIMIT 10 OFFSET 5"),
        [true]
    );
    assert_eq!(
        outputs("SELECT id FROM docs WHERE doc IS NOT NULL AND id > 3"),
        [false]
    );
    assert_eq!(
        outputs("SELECT COUNT(doc), COUNT(*) FROM docs GROUP BY title HAVING COUNT(*) > 1"),
        [false, false]
    );
    assert_eq!(
        outputs("SELECT id FROM docs WHERE JSON_UNQUOTE(doc) IS NULL"),
        [false]
    );
    assert_eq!(
        outputs("SELECT (SELECT doc FROM docs d2 WHERE d2.id = d.id) FROM docs d"),
        [true]
    );
    assert_eq!(
        outputs("SELECT id FROM docs d WHERE EXISTS (SELECT doc FROM docs e WHERE e.id = d.id)"),
        [false]
    );
    assert_eq!(outputs("SELECT doc FROM docs FOR UPDATE"), [true]);
    assert_eq!(
        outputs("SELECT IF(doc IS NULL, 'none', 'some') FROM docs"),
        [false]
    );
}

#[test]
fn values_pass_through_derived_tables_ctes_and_union_all() {
    assert_eq!(
        outputs("SELECT x FROM (SELECT doc AS x FROM docs) t"),
        [true]
    );
    assert_eq!(
        outputs("SELECT * FROM (SELECT id, doc FROM (SELECT * FROM docs) a) b"),
        [false, true]
    );
    assert_eq!(
        outputs("WITH c AS (SELECT doc FROM docs) SELECT doc FROM c"),
        [true]
    );
    assert_eq!(
        outputs("WITH c (k, v) AS (SELECT id, doc FROM docs) SELECT v, k FROM c"),
        [true, false]
    );
    assert_eq!(
        outputs("SELECT id, doc FROM docs UNION ALL SELECT id, name FROM users"),
        [false, true]
    );
    assert_eq!(
        outputs("SELECT id, name FROM users UNION ALL SELECT id, doc FROM docs"),
        [false, true]
    );
    assert_eq!(
        outputs("(SELECT doc FROM docs) UNION ALL (SELECT doc FROM docs) ORDER BY 1 IS NULL"),
        [true]
    );
    assert_eq!(
        outputs("WITH RECURSIVE r (n, d) AS (SELECT 1, doc FROM docs WHERE id = 1 UNION ALL SELECT n + 1, d FROM r WHERE n < 3) SELECT * FROM r"),
        [false, true]
    );
}

#[test]
fn views_are_resolved_through_their_definitions() {
    assert_eq!(outputs("SELECT body FROM v_docs"), [true]);
    assert_eq!(outputs("SELECT * FROM v_v"), [true, false]);
    assert_eq!(
        refused("SELECT id FROM v_docs WHERE body = 'x'"),
        RefuseReason::Comparison
    );
    assert_eq!(
        refused("SELECT LENGTH(b2) FROM v_v"),
        RefuseReason::Function
    );
    assert_eq!(
        refused("SELECT id FROM v_v ORDER BY b2"),
        RefuseReason::OrderBy
    );
}

#[test]
fn a_renamed_compressed_column_is_still_refused_where_it_is_compared() {
    use RefuseReason::*;
    assert_eq!(
        refused("SELECT * FROM (SELECT doc AS x FROM docs) t WHERE x = 'a'"),
        Comparison
    );
    assert_eq!(
        refused("WITH c AS (SELECT doc AS j FROM docs) SELECT * FROM c WHERE j LIKE 'a%'"),
        Like
    );
    assert_eq!(
        refused("SELECT * FROM (SELECT * FROM (SELECT doc y FROM docs) a) b ORDER BY y"),
        OrderBy
    );
    assert_eq!(refused("SELECT doc AS j FROM docs ORDER BY j"), OrderBy);
    assert_eq!(refused("SELECT doc AS j, id FROM docs GROUP BY j"), GroupBy);
}

#[test]
fn ordinals_are_resolved_to_the_select_list() {
    use RefuseReason::*;
    assert_eq!(refused("SELECT id, doc FROM docs ORDER BY 2"), OrderBy);
    assert_eq!(
        refused("SELECT doc, COUNT(*) FROM docs GROUP BY 1"),
        GroupBy
    );
    assert_eq!(
        refused("SELECT id, doc FROM docs UNION ALL SELECT id, doc FROM docs ORDER BY 2 DESC"),
        OrderBy
    );
    assert_eq!(
        outputs("SELECT id, doc FROM docs ORDER BY 1"),
        [false, true]
    );
    assert_eq!(
        outputs("SELECT id, doc FROM docs ORDER BY 2 + 0"),
        [false, true]
    );
}

#[test]
fn set_operations_that_compare_rows_are_refused() {
    use RefuseReason::*;
    assert_eq!(
        refused("SELECT doc FROM docs UNION SELECT doc FROM docs"),
        Comparison
    );
    assert_eq!(
        refused("SELECT doc FROM docs UNION DISTINCT SELECT name FROM users"),
        Comparison
    );
    assert_eq!(
        refused("SELECT name FROM users INTERSECT SELECT doc FROM docs"),
        Comparison
    );
    assert_eq!(
        refused("SELECT doc FROM docs EXCEPT ALL SELECT doc FROM docs"),
        Comparison
    );
    assert_eq!(
        refused("(SELECT doc FROM docs) UNION (SELECT doc FROM docs)"),
        Comparison
    );
    assert_eq!(
        outputs("SELECT id FROM docs UNION SELECT id FROM users"),
        [false]
    );
}

#[test]
fn joins_that_compare_compressed_columns_implicitly_are_refused() {
    use RefuseReason::*;
    assert_eq!(
        refused("SELECT * FROM docs a NATURAL JOIN docs b"),
        Comparison
    );
    assert_eq!(
        refused("SELECT * FROM docs a JOIN docs b USING (doc)"),
        Comparison
    );
    assert_eq!(
        refused("SELECT * FROM (SELECT doc AS name FROM docs) x NATURAL JOIN users"),
        Comparison
    );
    assert_eq!(
        outputs("SELECT * FROM docs a JOIN docs b USING (id)"),
        [false, true, false, true, false]
    );
    assert_eq!(
        outputs("SELECT u.name FROM users u NATURAL JOIN (SELECT id FROM docs) d"),
        [false]
    );
}

#[test]
fn values_carried_out_of_the_result_are_refused() {
    use RefuseReason::*;
    assert_eq!(refused("SELECT doc INTO @v FROM docs LIMIT 1"), Copy);
    assert_eq!(refused("SELECT doc FROM docs LIMIT 1 INTO @v"), Copy);
    assert_eq!(refused("SELECT doc FROM docs INTO OUTFILE '/tmp/x'"), Copy);
    assert_eq!(refused("SELECT @v := doc FROM docs"), Copy);
    assert_eq!(
        refused("SELECT doc FROM docs PROCEDURE ANALYSE()"),
        Function
    );
    assert_eq!(outputs("SELECT id INTO @v FROM docs LIMIT 1"), [false]);
}

#[test]
fn functions_operators_and_conditions_on_compressed_values_are_refused() {
    use RefuseReason::*;
    for (sql, reason) in [
        ("SELECT COALESCE(doc, '{}') FROM docs", Function),
        (
            "SELECT IF(doc IS NULL, 1, 2), CASE WHEN doc THEN 1 END FROM docs",
            Comparison,
        ),
        ("SELECT IF(doc IS NULL, doc, 2) FROM docs", Function),
        ("SELECT CASE doc WHEN '1' THEN 1 END FROM docs", Comparison),
        ("SELECT CAST(doc AS CHAR) FROM docs", Function),
        (
            "SELECT id FROM docs WHERE (SELECT doc FROM docs LIMIT 1) = 'x'",
            Comparison,
        ),
        (
            "SELECT id FROM users WHERE name IN (SELECT doc FROM docs)",
            Comparison,
        ),
        (
            "SELECT id FROM users WHERE name = ANY (SELECT doc FROM docs)",
            Comparison,
        ),
        ("SELECT ROW_NUMBER() OVER (ORDER BY doc) FROM docs", OrderBy),
        ("SELECT MAX(doc) FROM docs", Function),
        ("SELECT GROUP_CONCAT(doc) FROM docs", Function),
        ("SELECT JSON_VALUE(doc, '$.a') FROM docs", JsonFunction),
        ("SELECT JSON_UNQUOTE(doc) FROM docs", JsonFunction),
        (
            "SELECT id FROM docs WHERE JSON_UNQUOTE(doc) = 'x'",
            Comparison,
        ),
        ("SELECT id FROM docs WHERE id = doc IS NULL", Comparison),
        ("SELECT doc COLLATE utf8mb4_bin FROM docs", Function),
        ("SELECT -doc, id FROM docs", Function),
        ("SELECT id FROM docs WHERE NOT doc", Comparison),
        ("SELECT f(doc) FROM docs", Function),
        ("SELECT app.f(doc) FROM docs", Function),
        (
            "SELECT x FROM (SELECT doc x FROM docs) t WHERE LENGTH(x) > 3",
            Function,
        ),
    ] {
        assert_eq!(refused(sql), reason, "{sql}");
    }
}

#[test]
fn shapes_the_analyzer_does_not_model_stop_the_analysis() {
    for sql in [
        "SELECT doc FROM docs WHERE {fn x()}",
        "SELECT doc FROM docs garbage garbage garbage",
    ] {
        assert!(
            matches!(analyse(sql), Err(Stop::Unparsed(_))),
            "{sql}: {:?}",
            analyse(sql)
        );
    }
}

#[test]
fn star_over_a_table_of_unknown_columns_asks_for_them() {
    assert_eq!(
        analyse("SELECT * FROM docs, other"),
        Err(Stop::NeedColumns("app".into(), "other".into()))
    );
}

proptest! {
    /// Wrapping a compressed column's reference in any number of
    /// pass-through layers (parentheses, derived tables, CTEs, aliases)
    /// never hides it from a comparison in the outermost WHERE.
    #[test]
    fn no_layering_hides_a_compressed_column_from_a_comparison(layers in proptest::collection::vec(0u8..4, 0..6)) {
        let mut inner = "SELECT id, doc AS c0 FROM docs".to_string();
        for (i, l) in layers.iter().enumerate() {
            let (p, n) = (format!("c{i}"), format!("c{}", i + 1));
            inner = match l {
                0 => format!("SELECT id, {p} AS {n} FROM ({inner}) t{i}"),
                1 => format!("WITH w{i} AS ({inner}) SELECT id, {p} {n} FROM w{i}"),
                2 => format!("SELECT * FROM (SELECT id, {p} AS {n} FROM ({inner}) q{i}) r{i}"),
                _ => format!("SELECT id, ({p}) AS {n} FROM ({inner}) s{i}"),
            };
        }
        let last = format!("c{}", layers.len());
        let sql = format!("SELECT id FROM ({inner}) outer_t WHERE {last} = 'x'");
        prop_assert_eq!(refused(&sql), RefuseReason::Comparison);
        let read = format!("SELECT {last} FROM ({inner}) outer_t WHERE id = 1");
        prop_assert_eq!(outputs(&read), vec![true]);
    }

    /// Arbitrary token soup never panics the analyzer.
    #[test]
    fn arbitrary_text_never_panics(s in "[a-z() ,.*=']{0,80}") {
        let sql = format!("SELECT {s} FROM docs");
        let _ = analyse(&sql);
    }
}

/// `Cat` in front of MySQL 8 or TiDB, whose JSON functions refuse binary
/// strings.
struct StrictJsonCat;

impl ColumnCatalog for StrictJsonCat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        Cat.is_compressed(db, table, column)
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        Cat.table_has_compressed(db, table)
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        Cat.table_columns(db, table)
    }
    fn json_functions_accept_binary(&self) -> bool {
        false
    }
}

#[test]
fn json_unquote_null_probes_pass_on_mariadb_and_are_refused_where_json_functions_reject_binary() {
    let sql = "SELECT id FROM docs WHERE JSON_UNQUOTE(doc) IS NULL";
    assert_eq!(outputs(sql), [false]);
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
    match analyze_query(
        sql.as_bytes(),
        &toks,
        None,
        LexOptions::default(),
        Some("app"),
        &StrictJsonCat,
    ) {
        Err(Stop::Refuse(r)) => assert_eq!(r.reason, RefuseReason::JsonFunction),
        other => panic!("expected a refusal: {other:?}"),
    }
}

#[test]
fn an_empty_table_or_database_name_reads_nothing_and_needs_no_columns() {
    // The server refuses these (ERR 1103 / 1102); found by the fuzzer.
    assert_eq!(outputs("TABLE ``"), Vec::<bool>::new());
    assert_eq!(outputs("SELECT * FROM ``"), Vec::<bool>::new());
    assert_eq!(outputs("SELECT * FROM ``.docs"), Vec::<bool>::new());
}

#[test]
fn a_recursive_cte_is_analysed_until_its_compressed_columns_settle() {
    use RefuseReason::*;
    // `doc` moves one position per round: after six rounds it is in c6.
    let rotate = "WITH RECURSIVE r (k, c1, c2, c3, c4, c5, c6) AS (SELECT 1, doc, '', '', '', '', '' FROM docs WHERE id = 2 UNION ALL SELECT k + 1, c6, c1, c2, c3, c4, c5 FROM r WHERE k < 7)";
    assert_eq!(
        refused(&format!("{rotate} SELECT k, LENGTH(c6) FROM r")),
        Function
    );
    assert_eq!(
        refused(&format!("{rotate} SELECT k FROM r WHERE c5 LIKE '%a%'")),
        Like
    );
    assert_eq!(
        outputs(&format!("{rotate} SELECT * FROM r")),
        [false, true, true, true, true, true, true]
    );
    assert_eq!(
        outputs("WITH RECURSIVE r (k, t1, t2, t3, t4, t5, t6) AS (SELECT 1, doc IS NULL, 0, 0, 0, 0, 0 FROM docs UNION ALL SELECT k + 1, t6, t1, t2, t3, t4, t5 FROM r WHERE k < 8) SELECT k, t6 + 1 FROM r"),
        [false, false]
    );
}

#[test]
fn functions_that_return_a_compressed_value_unchanged_pass_it_through() {
    for sql in [
        "SELECT IFNULL(NULL, doc) FROM docs",
        "SELECT IFNULL(doc, NULL) FROM docs",
        "SELECT COALESCE(NULL, NULL, doc) FROM docs",
        "SELECT COALESCE(doc, NULL) FROM docs",
        "SELECT IF(id = 1, doc, NULL) FROM docs",
        "SELECT IF(doc IS NULL, NULL, doc) FROM docs",
        "SELECT CASE WHEN id = 0 THEN doc END FROM docs",
        "SELECT CASE id WHEN 1 THEN doc ELSE NULL END FROM docs",
        "SELECT ELT(id, doc, NULL) FROM docs",
        "SELECT LAG(doc) OVER (ORDER BY id) FROM docs",
        "SELECT LEAD(doc, 2, NULL) OVER (PARTITION BY title ORDER BY id) FROM docs",
        "SELECT FIRST_VALUE(doc) OVER w FROM docs WINDOW w AS (ORDER BY id)",
        "SELECT NTH_VALUE(doc, 2) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM docs",
    ] {
        assert_eq!(outputs(sql), [true], "{sql}");
    }
    assert_eq!(
        outputs("SELECT x FROM (SELECT LAST_VALUE(doc) OVER (ORDER BY id) AS x FROM docs) t"),
        [true]
    );
}

#[test]
fn a_pass_through_that_mixes_or_looks_at_the_value_is_refused() {
    use RefuseReason::*;
    for (sql, reason) in [
        ("SELECT IF(id = 1, doc, title) FROM docs", Function),
        ("SELECT COALESCE(doc, '{}') FROM docs", Function),
        ("SELECT IF(doc, 1, 2) FROM docs", Function),
        ("SELECT IF(doc = '{}', doc, NULL) FROM docs", Comparison),
        (
            "SELECT CASE WHEN doc LIKE '%a%' THEN doc END FROM docs",
            Like,
        ),
        ("SELECT LENGTH(IFNULL(NULL, doc)) FROM docs", Function),
        (
            "SELECT LAG(doc, 1, 'x') OVER (ORDER BY id) FROM docs",
            Function,
        ),
        ("SELECT LAG(doc) OVER (ORDER BY doc) FROM docs", OrderBy),
        ("SELECT LAG(doc) OVER (PARTITION BY doc) FROM docs", OrderBy),
        ("SELECT MAX(doc) OVER (ORDER BY id) FROM docs", Function),
        ("SELECT NULLIF(doc, NULL) FROM docs", Function),
        // Evaluated by squeeze (like a JSON function) only in a select
        // list whose result it relays.
        ("SELECT CHARSET(doc) FROM docs", JsonFunction),
        ("SELECT ELT(doc, 1) FROM docs", Function),
    ] {
        assert_eq!(refused(sql), reason, "{sql}");
    }
}

#[test]
fn a_null_safe_comparison_with_null_only_tests_null_ness() {
    use RefuseReason::*;
    assert_eq!(
        outputs("SELECT id, doc <=> NULL FROM docs WHERE NULL <=> doc"),
        [false, false]
    );
    assert_eq!(outputs("SELECT NOT (doc <=> NULL) FROM docs"), [false]);
    assert_eq!(
        refused("SELECT id FROM docs WHERE doc <=> '{}'"),
        Comparison
    );
    assert_eq!(refused("SELECT id FROM docs WHERE doc <=> doc"), Comparison);
}

#[test]
fn an_order_by_name_that_is_a_select_alias_sorts_by_the_alias_not_the_column() {
    use RefuseReason::*;
    assert_eq!(outputs("SELECT id AS doc FROM docs ORDER BY doc"), [false]);
    assert_eq!(
        outputs("SELECT id AS doc, title FROM docs ORDER BY doc DESC, title LIMIT 5"),
        [false, false]
    );
    assert_eq!(refused("SELECT doc AS id FROM docs ORDER BY id"), OrderBy);
    assert_eq!(refused("SELECT id AS x FROM docs ORDER BY doc"), OrderBy);
    // GROUP BY prefers the FROM column.
    assert_eq!(refused("SELECT id AS doc FROM docs GROUP BY doc"), GroupBy);
}

#[test]
fn a_system_versioned_read_is_analysed_like_a_base_read() {
    use RefuseReason::*;
    for sql in [
        "SELECT id, doc FROM docs FOR SYSTEM_TIME ALL",
        "SELECT doc FROM docs FOR SYSTEM_TIME AS OF TIMESTAMP NOW() AS d WHERE d.id = 1",
        "SELECT doc FROM docs FOR SYSTEM_TIME AS OF TIMESTAMP '2020-01-01 00:00:00'",
        "SELECT doc FROM docs FOR SYSTEM_TIME BETWEEN TIMESTAMP '2000-01-01' AND NOW() d",
        "SELECT doc FROM docs FOR SYSTEM_TIME FROM '2000-01-01' TO NOW() WHERE id < 3",
        "SELECT doc FROM docs FOR SYSTEM_TIME AS OF TRANSACTION 12",
    ] {
        assert!(*outputs(sql).last().unwrap(), "{sql}");
    }
    assert_eq!(
        refused("SELECT id FROM docs FOR SYSTEM_TIME ALL WHERE doc LIKE '%a%'"),
        Like
    );
    assert_eq!(
        refused("SELECT LENGTH(doc) FROM docs FOR SYSTEM_TIME ALL"),
        Function
    );
    assert!(matches!(
        analyse("SELECT doc FROM docs FOR SYSTEM_TIME SOMETIMES"),
        Err(Stop::Unparsed(_))
    ));
}

#[test]
fn distinct_over_a_select_list_holding_the_primary_key_never_compares_documents() {
    use RefuseReason::*;
    for sql in [
        "SELECT DISTINCT `docs`.`id`, `docs`.`doc`, `docs`.`title` FROM `docs` ORDER BY `docs`.`id` ASC",
        "SELECT DISTINCT id, doc FROM docs WHERE title = 'a'",
        "SELECT DISTINCT d.doc, d.id FROM docs d JOIN users u ON u.id = d.id",
        "SELECT DISTINCT app.docs.id, app.docs.doc FROM app.docs",
    ] {
        assert!(outputs(sql).contains(&true), "{sql}");
    }
    for sql in [
        "SELECT DISTINCT doc FROM docs",
        "SELECT DISTINCT title, doc FROM docs",
        "SELECT DISTINCT u.id, d.doc FROM docs d JOIN users u ON u.id = d.id",
        "SELECT DISTINCT a.id, b.doc FROM docs a JOIN docs b ON b.title = a.title",
        "SELECT DISTINCT id, doc FROM docs GROUP BY id",
        "SELECT DISTINCT x.id, x.doc FROM (SELECT id, doc FROM docs) x",
        "SELECT DISTINCT id, IFNULL(NULL, doc) FROM docs",
    ] {
        assert_eq!(refused(sql), Distinct, "{sql}");
    }
}

/// `Cat` on shards that have squeeze's in-server function.
struct ServerCat;

impl ColumnCatalog for ServerCat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        Cat.is_compressed(db, table, column)
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        Cat.table_has_compressed(db, table)
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        Cat.table_columns(db, table)
    }
    fn primary_key(&self, db: &str, table: &str) -> Option<Vec<String>> {
        Cat.primary_key(db, table)
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        Cat.view_definition(db, name)
    }
    fn server_inflates(&self) -> bool {
        true
    }
}

/// The statement the server gets, and which outputs squeeze inflates.
fn sent_to_server(sql: &str) -> Result<(String, Vec<bool>), Stop> {
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
    let shape = super::analyze_read(
        sql.as_bytes(),
        &toks,
        None,
        LexOptions::default(),
        Some("app"),
        &ServerCat,
    )?;
    let edits: Vec<_> = shape
        .rewrites
        .iter()
        .map(|(r, t)| (r.clone(), t.as_bytes().to_vec()))
        .collect();
    let text = crate::sql::splice::splice(sql.as_bytes(), &edits);
    Ok((
        String::from_utf8(text).unwrap(),
        shape.outputs.iter().map(Option::is_some).collect(),
    ))
}

#[test]
fn with_the_function_conditions_read_the_document_through_the_udf_and_plain_items_stay_stored_bytes(
) {
    let (sql, outs) =
        sent_to_server("SELECT id, doc FROM docs WHERE JSON_VALUE(doc, '$.a') = 'x'").unwrap();
    assert_eq!(
        sql,
        "SELECT id, doc FROM docs WHERE JSON_VALUE(CAST(squeeze_inflate(doc) AS CHAR CHARACTER SET utf8mb4 COLLATE utf8mb4_bin), '$.a') = 'x'"
    );
    assert_eq!(outs, [false, true], "squeeze inflates the plain item");
}

#[test]
fn with_the_function_result_expressions_read_the_typed_function_and_keep_their_names() {
    let (sql, outs) =
        sent_to_server("SELECT JSON_VALUE(doc, '$.a'), doc AS d FROM docs ORDER BY doc").unwrap();
    assert_eq!(
        sql,
        "SELECT JSON_VALUE(squeeze_fn.document(doc), '$.a') AS `JSON_VALUE(doc, '$.a')`, doc AS d FROM docs ORDER BY squeeze_fn.document(doc)"
    );
    assert_eq!(outs, [false, true]);
}

#[test]
fn with_the_function_compared_items_are_wrapped_under_their_own_names() {
    let (sql, outs) = sent_to_server("SELECT DISTINCT t.doc FROM docs t").unwrap();
    assert_eq!(
        sql,
        "SELECT DISTINCT squeeze_fn.document(t.doc) AS `doc` FROM docs t"
    );
    assert_eq!(outs, [false]);
    // A set operation compares rows: every branch's item is wrapped.
    let (sql, _) = sent_to_server("SELECT doc FROM docs UNION SELECT doc FROM docs").unwrap();
    assert_eq!(
        sql,
        "SELECT squeeze_fn.document(doc) AS `doc` FROM docs UNION SELECT squeeze_fn.document(doc) AS `doc` FROM docs"
    );
    // A derived table passes stored bytes out; its reader wraps them.
    let (sql, outs) =
        sent_to_server("SELECT x FROM (SELECT doc AS x FROM docs) t WHERE x LIKE '%a%'").unwrap();
    assert_eq!(
        sql,
        "SELECT x FROM (SELECT doc AS x FROM docs) t WHERE CAST(squeeze_inflate(x) AS CHAR CHARACTER SET utf8mb4 COLLATE utf8mb4_bin) LIKE '%a%'"
    );
    assert_eq!(outs, [true]);
}

#[test]
fn with_the_function_null_tests_read_no_document_and_names_follow_mariadb() {
    let (sql, _) = sent_to_server("SELECT id FROM docs WHERE doc IS NOT NULL").unwrap();
    assert_eq!(sql, "SELECT id FROM docs WHERE doc IS NOT NULL");
    // Supplementary characters name an item as `?`; 255 characters at most.
    assert_eq!(
        super::server_eval::item_name("CONCAT('😀', 'é')"),
        "CONCAT('?', 'é')"
    );
    assert_eq!(super::server_eval::item_name(&"x".repeat(300)).len(), 255);
    assert_eq!(
        super::server_eval::item_name("/*!100000 LENGTH( */ doc /*!100000 ) */"),
        " LENGTH(  doc  ) "
    );
}

#[test]
fn with_the_function_what_the_server_cannot_see_through_it_stays_refused() {
    for sql in [
        "SELECT * FROM docs a JOIN docs b USING (doc)",
        "SELECT * FROM docs a NATURAL JOIN docs b",
        "SELECT DISTINCT * FROM docs",
        "SELECT id FROM docs WHERE MATCH (doc) AGAINST ('x')",
    ] {
        assert!(matches!(sent_to_server(sql), Err(Stop::Refuse(_))), "{sql}");
    }
}

#[test]
fn with_the_function_a_variable_is_assigned_the_document_not_the_stored_bytes() {
    let sql = "SET @v = (SELECT doc FROM docs WHERE id = 1)";
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
    let edits = super::analyze_expressions(
        sql.as_bytes(),
        &toks,
        1,
        LexOptions::default(),
        Some("app"),
        &ServerCat,
    )
    .unwrap();
    let edits: Vec<_> = edits
        .into_iter()
        .map(|(r, t)| (r, t.into_bytes()))
        .collect();
    let sent = crate::sql::splice::splice(sql.as_bytes(), &edits);
    assert_eq!(
        String::from_utf8(sent).unwrap(),
        "SET @v = (SELECT squeeze_fn.document(doc) AS `doc` FROM docs WHERE id = 1)"
    );
    // Without the function it stays refused.
    assert!(super::analyze_expressions(
        sql.as_bytes(),
        &toks,
        1,
        LexOptions::default(),
        Some("app"),
        &Cat
    )
    .is_err());
}

#[test]
fn with_the_function_dynamic_sql_texts_are_written_anew_with_their_wraps() {
    for sql in [
        "EXECUTE IMMEDIATE 'SELECT id FROM docs WHERE doc LIKE ''%a%'''",
        "PREPARE s FROM 'SELECT id FROM docs WHERE doc LIKE ''%a%'''",
    ] {
        let plans = crate::sql::plan::plan_query(
            sql.as_bytes(),
            LexOptions::default(),
            Some("app"),
            &ServerCat,
        );
        match &plans[0].plan {
            crate::sql::plan::Plan::RewriteText(t) => {
                let edits: Vec<_> = t
                    .edits
                    .iter()
                    .map(|(r, e)| (r.clone(), e.clone().into_bytes()))
                    .collect();
                let literal = String::from_utf8(t.literal(&edits)).unwrap();
                assert_eq!(
                    literal,
                    "'SELECT id FROM docs WHERE CAST(squeeze_inflate(doc) AS CHAR CHARACTER SET utf8mb4 COLLATE utf8mb4_bin) LIKE ''%a%'''",
                    "{sql}"
                );
            }
            other => panic!("{sql}: {other:?}"),
        }
    }
}
