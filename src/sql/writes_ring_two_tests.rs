//! Tests for the write side's second ring (issue 32): writes through views,
//! DDL that would act on stored bytes, literal-only INSERT ... SELECT.

use std::sync::Arc;

use super::lexer::LexOptions;
use super::plan::*;

/// `app.docs(id, doc*, title)`; views `v_docs` (doc renamed `body`),
/// `v_v` over `v_docs` (`body` renamed `b2`), `v_calc` (an expression over
/// doc), `v_like` (a predicate that reads inside doc), `v_odd` (a shape
/// squeeze does not analyse). `*` = compressed.
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
            _ => return None,
        };
        Some(cols.iter().map(|s| s.to_string()).collect())
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        let def = match (db, name) {
            ("app", "v_docs") => "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `body`,`app`.`docs`.`title` AS `title` from `app`.`docs` where `app`.`docs`.`id` > 100",
            ("app", "v_v") => "select `v_docs`.`body` AS `b2`,`v_docs`.`id` AS `id` from `app`.`v_docs`",
            ("app", "v_calc") => "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `doc`,`app`.`docs`.`id` + 1 AS `next` from `app`.`docs`",
            ("app", "v_like") => "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `doc` from `app`.`docs` where `app`.`docs`.`doc` like '%x%'",
            _ => return None,
        };
        Some(def.into())
    }
    fn sql_prepared(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        let doc = ColumnRef {
            db: "app".into(),
            table: "docs".into(),
            column: "doc".into(),
        };
        (name == "ins").then(|| vec![None, Some(doc)])
    }
    fn compressed_columns(&self, db: &str, table: &str) -> Vec<String> {
        if self.table_has_compressed(db, table) {
            vec!["doc".into()]
        } else {
            Vec::new()
        }
    }
}

fn plan(sql: &str) -> Plan<'_> {
    let plans = plan_query(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat);
    assert_eq!(plans.len(), 1, "{plans:?}");
    plans.into_iter().next().unwrap().plan
}

/// (column the site is written to, decoded value) of each site.
fn sites(sql: &str) -> Vec<(String, String)> {
    match plan(sql) {
        Plan::Rewrite { sites, .. } => sites
            .into_iter()
            .map(|s| {
                (
                    s.column.to_string(),
                    String::from_utf8_lossy(&s.value).into_owned(),
                )
            })
            .collect(),
        p => panic!("expected sites for {sql}: {p:?}"),
    }
}

fn refusal(sql: &str) -> Refusal {
    match plan(sql) {
        Plan::Refuse(r) => r,
        p => panic!("expected a refusal for {sql}: {p:?}"),
    }
}

const DOC: &str = r#"{"kind":"t1","data":{"body":"hello"}}"#;

fn doc_site() -> Vec<(String, String)> {
    vec![("app.docs.doc".to_string(), DOC.to_string())]
}

// ---- writes through views ------------------------------------------------

#[test]
fn a_literal_written_through_a_renaming_view_is_compressed_under_the_base_column() {
    for sql in [
        format!("INSERT INTO v_docs (id, body) VALUES (101, '{DOC}')"),
        format!("INSERT INTO app.v_docs SET id = 101, body = '{DOC}'"),
        format!("REPLACE INTO v_docs (id, body, title) VALUES (101, '{DOC}', 't')"),
        format!("UPDATE v_docs SET body = '{DOC}' WHERE id = 101"),
        format!("UPDATE v_docs v SET v.body = '{DOC}' WHERE v.body IS NULL"),
        format!("INSERT INTO v_v (id, b2) VALUES (101, '{DOC}')"),
        format!("UPDATE v_v SET b2 = '{DOC}' WHERE id = 101"),
        format!("INSERT INTO v_calc (id, doc) VALUES (101, '{DOC}')"),
    ] {
        assert_eq!(sites(&sql), doc_site(), "{sql}");
    }
}

#[test]
fn insert_into_a_view_without_a_column_list_uses_the_views_own_columns() {
    let sql = format!("INSERT INTO v_docs VALUES (101, '{DOC}', 't')");
    match plan(&sql) {
        Plan::Rewrite {
            sites, column_list, ..
        } => {
            assert_eq!(sites[0].column.to_string(), "app.docs.doc");
            assert_eq!(column_list.unwrap().1, "(`id`, `body`, `title`) ");
        }
        p => panic!("{p:?}"),
    }
}

#[test]
fn an_uncomputable_value_or_predicate_through_a_view_is_refused_naming_the_base_column() {
    let r = refusal("UPDATE v_docs SET body = UPPER(title) WHERE id = 101");
    assert_eq!(r.column.to_string(), "app.docs.doc");
    let r = refusal("DELETE FROM v_docs WHERE body LIKE '%x%'");
    assert_eq!(r.column.to_string(), "app.docs.doc");
    let r = refusal("UPDATE v_v SET id = 2 WHERE b2 = 'x'");
    assert_eq!(r.column.to_string(), "app.docs.doc");
}

#[test]
fn a_write_through_a_view_whose_definition_reads_inside_the_column_is_refused() {
    let r = refusal(&format!("INSERT INTO v_like (id, doc) VALUES (1, '{DOC}')"));
    assert_eq!(r.column.column, "doc");
    assert!(r.message().contains("v_like"), "{}", r.message());
    refusal("UPDATE v_like SET id = 2");
}

#[test]
fn plain_columns_written_through_a_view_are_left_alone() {
    assert_eq!(
        plan("UPDATE v_docs SET title = 'x' WHERE id = 101"),
        Plan::Untouched
    );
    assert_eq!(
        plan("INSERT INTO v_docs (id, body) VALUES (101, NULL)"),
        Plan::Untouched
    );
}

// ---- schema acting on stored bytes ---------------------------------------

#[test]
fn a_default_index_generated_column_or_check_on_a_compressed_column_is_refused_naming_it() {
    for (sql, word) in [
        (
            format!("ALTER TABLE docs ALTER doc SET DEFAULT '{DOC}'"),
            "DEFAULT",
        ),
        (
            format!("ALTER TABLE docs ALTER COLUMN doc SET DEFAULT ('{DOC}')"),
            "DEFAULT",
        ),
        (
            format!("ALTER TABLE docs MODIFY doc LONGBLOB DEFAULT '{DOC}'"),
            "DEFAULT",
        ),
        (
            format!("ALTER TABLE docs CHANGE doc doc LONGBLOB NULL DEFAULT '{DOC}'"),
            "DEFAULT",
        ),
        (
            format!(
                "CREATE TABLE docs (id INT PRIMARY KEY, doc LONGBLOB DEFAULT '{DOC}', title TEXT)"
            ),
            "DEFAULT",
        ),
        ("ALTER TABLE docs ADD UNIQUE KEY (doc(20))".into(), "index"),
        ("ALTER TABLE docs ADD INDEX i (id, doc(10))".into(), "index"),
        (
            "ALTER TABLE docs ADD CONSTRAINT u UNIQUE (`doc`(8))".into(),
            "index",
        ),
        ("ALTER TABLE docs ADD FULLTEXT (doc)".into(), "index"),
        (
            "ALTER TABLE docs MODIFY doc LONGBLOB UNIQUE".into(),
            "index",
        ),
        ("CREATE UNIQUE INDEX u ON docs (doc(20))".into(), "index"),
        ("CREATE INDEX i ON app.docs (title, doc(4))".into(), "index"),
        (
            "CREATE TABLE docs (id INT, doc BLOB, title TEXT, UNIQUE KEY (doc(10)))".into(),
            "index",
        ),
        (
            "CREATE TABLE docs (id INT, doc BLOB UNIQUE, title TEXT)".into(),
            "index",
        ),
        (
            "CREATE TABLE docs (id INT, doc BLOB, title TEXT, INDEX (doc(5)))".into(),
            "index",
        ),
        (
            "ALTER TABLE docs ADD COLUMN k INT AS (JSON_VALUE(doc, '$.k'))".into(),
            "generated",
        ),
        (
            "ALTER TABLE docs ADD k VARCHAR(9) GENERATED ALWAYS AS (LEFT(doc, 9)) STORED".into(),
            "generated",
        ),
        (
            "ALTER TABLE docs MODIFY title TEXT AS (doc) VIRTUAL".into(),
            "generated",
        ),
        (
            "CREATE TABLE docs (id INT, doc BLOB, title TEXT, n INT AS (LENGTH(doc)))".into(),
            "generated",
        ),
        (
            "ALTER TABLE docs ADD CONSTRAINT c CHECK (JSON_VALID(doc))".into(),
            "CHECK",
        ),
        (
            "CREATE TABLE docs (id INT, doc BLOB CHECK (JSON_VALID(doc)), title TEXT)".into(),
            "CHECK",
        ),
    ] {
        let r = refusal(&sql);
        assert_eq!(r.column.to_string(), "app.docs.doc", "{sql}");
        assert_eq!(r.reason, RefuseReason::Ddl, "{sql}");
        assert!(r.message().contains(word), "{sql}: {}", r.message());
    }
}

#[test]
fn schema_changes_that_leave_compressed_bytes_alone_are_accepted() {
    for sql in [
        "ALTER TABLE docs ALTER doc SET DEFAULT NULL",
        "ALTER TABLE docs ALTER doc DROP DEFAULT",
        "ALTER TABLE docs MODIFY doc LONGBLOB DEFAULT NULL",
        "ALTER TABLE docs ADD INDEX doc (title(10))",
        "ALTER TABLE docs ADD UNIQUE KEY (id), ADD COLUMN k INT DEFAULT 3",
        "ALTER TABLE docs ALTER title SET DEFAULT 'x'",
        "CREATE INDEX doc ON docs (title(5))",
        "CREATE TABLE docs (id INT PRIMARY KEY, doc LONGBLOB, title TEXT DEFAULT 'x', KEY (title(3)))",
        "CREATE TEMPORARY TABLE docs (id INT, doc TEXT DEFAULT 'x', UNIQUE KEY (doc(3)))",
        "CREATE TABLE plain (id INT, doc TEXT DEFAULT '{}', UNIQUE KEY (doc(3)))",
        "CREATE UNIQUE INDEX u ON plain (doc(20))",
    ] {
        assert_eq!(plan(sql), Plan::Untouched, "{sql}");
    }
}

// ---- INSERT ... SELECT of constants, EXECUTE ... USING DEFAULT ------------

#[test]
fn insert_select_of_constants_only_compresses_the_literal() {
    for sql in [
        format!("INSERT INTO docs (id, doc) SELECT 1, '{DOC}'"),
        format!("INSERT INTO docs (id, doc) SELECT 1, '{DOC}' FROM DUAL"),
        format!("INSERT INTO docs (id, doc) SELECT 1 AS id, '{DOC}' AS doc"),
        format!("INSERT INTO docs (id, doc) SELECT 1, '{DOC}' doc"),
        format!("INSERT INTO docs SELECT 1, '{DOC}', 't'"),
        format!("INSERT INTO docs (doc, id) SELECT CONCAT('{DOC}'), 1 ON DUPLICATE KEY UPDATE doc = VALUES(doc)"),
        format!("INSERT INTO v_docs (id, body) SELECT 101, '{DOC}'"),
    ] {
        assert_eq!(sites(&sql), doc_site(), "{sql}");
    }
}

#[test]
fn insert_select_from_a_table_or_of_a_computed_value_is_still_refused() {
    for sql in [
        format!("INSERT INTO docs (id, doc) SELECT id, '{DOC}' FROM docs"),
        "INSERT INTO docs (id, doc) SELECT 1, UPPER('x')".to_string(),
        format!("INSERT INTO docs (id, doc) SELECT 1, '{DOC}' UNION SELECT 2, '{DOC}'"),
        format!("INSERT INTO docs (id, doc) SELECT DISTINCT 1, '{DOC}'"),
        format!("INSERT INTO docs (id, doc) SELECT 1, '{DOC}' FROM DUAL WHERE 1"),
    ] {
        assert_eq!(refusal(&sql).column.to_string(), "app.docs.doc", "{sql}");
    }
}

#[test]
fn execute_using_default_or_ignore_for_a_compressed_column_is_answered() {
    assert_eq!(plan("EXECUTE ins USING 1, DEFAULT"), Plan::Untouched);
    assert_eq!(plan("EXECUTE ins USING 1, IGNORE"), Plan::Untouched);
    assert_eq!(
        sites(&format!("EXECUTE ins USING DEFAULT, '{DOC}'")),
        doc_site()
    );
    assert_eq!(
        refusal("EXECUTE ins USING 1, @v").column.to_string(),
        "app.docs.doc"
    );
}
