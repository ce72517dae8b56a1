//! The write path of extracted columns, through the whole statement
//! rewrite (pure: a configured rule and a cached table).

use crate::config::Config;
use crate::sql::LexOptions;
use crate::transform::schema::{SchemaCache, TableInfo};
use crate::transform::write::{rewrite_query, WriteContext, WriteError};
use crate::transform::ColumnRules;

fn rules() -> ColumnRules {
    let cfg = Config::from_toml(
        "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\nmin_size = 100000\nextract = [{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(8)\" }, { path = \"$.n[1]\", column = \"n1\", type = \"VARCHAR(8)\" }]\n",
    )
    .expect("config parses");
    ColumnRules::from_config(&cfg).expect("rules build")
}

fn schema() -> SchemaCache {
    let s = SchemaCache::default();
    s.insert(
        "app",
        "docs",
        TableInfo {
            columns: vec!["id".into(), "doc".into(), "doc_author".into(), "n1".into()],
            data_types: vec![
                "int".into(),
                "longblob".into(),
                "varchar".into(),
                "varchar".into(),
            ],
            primary_key: vec!["id".into()],
        },
    );
    s
}

fn rewrite(sql: &str) -> Result<String, WriteError> {
    let (rules, schema) = (rules(), schema());
    let ctx = WriteContext {
        rules: &rules,
        schema: &schema,
        opts: LexOptions::default(),
        db: Some("app"),
        non_utf8_charset: None,
        connection_utf8mb4: true,
        sql_prepared: None,
        temporary: None,
    };
    rewrite_query(sql.as_bytes(), &ctx).map(|r| String::from_utf8(r.sql.into_owned()).unwrap())
}

fn refused(sql: &str) -> String {
    match rewrite(sql) {
        Err(e) => {
            let e = e.to_sql_error();
            assert_eq!(e.code, 1235, "{sql}");
            e.message
        }
        Ok(s) => panic!("{sql} should be refused, became {s}"),
    }
}

#[test]
fn an_insert_writes_each_path_next_to_the_document_in_every_row() {
    let out = rewrite(
        r#"INSERT INTO docs (id, doc) VALUES (1, '{"author": "al''i", "n": [1, 22]}'), (2, NULL), (3, '{"n": 5}')"#,
    )
    .unwrap();
    assert_eq!(
        out,
        r#"INSERT INTO docs (id, doc, `doc_author`, `n1`) VALUES (1, '{"author": "al''i", "n": [1, 22]}', _utf8mb4'al''i', _utf8mb4'22'), (2, NULL, NULL, NULL), (3, '{"n": 5}', NULL, NULL)"#
    );
}

#[test]
fn insert_set_update_and_upsert_assign_the_paths_after_the_document() {
    assert_eq!(
        rewrite(r#"INSERT INTO docs SET id = 1, doc = '{"author": "x"}'"#).unwrap(),
        r#"INSERT INTO docs SET id = 1, doc = '{"author": "x"}', `doc_author` = _utf8mb4'x', `n1` = NULL"#
    );
    assert_eq!(
        rewrite(r#"UPDATE docs d SET d.doc = '{"author": true}' WHERE id = 1"#).unwrap(),
        r#"UPDATE docs d SET d.doc = '{"author": true}', d.`doc_author` = _utf8mb4'true', d.`n1` = NULL WHERE id = 1"#
    );
    assert_eq!(
        rewrite(r#"INSERT INTO docs (id, doc) VALUES (1, '{}') ON DUPLICATE KEY UPDATE doc = VALUES(doc)"#).unwrap(),
        r#"INSERT INTO docs (id, doc, `doc_author`, `n1`) VALUES (1, '{}', NULL, NULL) ON DUPLICATE KEY UPDATE doc = VALUES(doc), `doc_author` = VALUES(`doc_author`), `n1` = VALUES(`n1`)"#
    );
    // A constant the write planner evaluates exactly: its value is used.
    assert!(
        rewrite(r#"INSERT INTO docs (id, doc) VALUES (1, CONCAT('{"author"', ': "x"}'))"#)
            .unwrap()
            .ends_with(r#"': "x"}'), _utf8mb4'x', NULL)"#)
    );
    // Statements that leave the document alone are left alone.
    let plain = "UPDATE docs SET id = id + 1 WHERE doc_author = 'x'";
    assert_eq!(rewrite(plain).unwrap(), plain);
}

#[test]
fn a_write_of_an_extracted_column_itself_is_refused_naming_it() {
    for sql in [
        "INSERT INTO docs (id, doc_author) VALUES (1, 'x')",
        "UPDATE docs SET doc_author = 'x'",
        "INSERT INTO docs SET id = 1, n1 = '2'",
        "INSERT INTO docs (id) VALUES (1) ON DUPLICATE KEY UPDATE doc_author = 'y'",
    ] {
        let m = refused(sql);
        assert!(
            m.contains("must stay derived") && m.contains("`app.docs."),
            "{sql}: {m}"
        );
    }
}

#[test]
fn writes_squeeze_cannot_extract_from_exactly_are_refused_naming_the_paths() {
    // Computed from the stored document: the write planner refuses it.
    assert!(
        refused(r#"UPDATE docs SET doc = JSON_SET(doc, '$.author', 'x')"#)
            .contains("`app.docs.doc`")
    );
    let mut failed = Vec::new();
    for sql in [
        r#"INSERT INTO docs (id, doc) VALUES (1, IF(1, ?, NULL))"#,
        r#"INSERT INTO docs (id, doc) VALUES (1, IF(1, '{}', NULL))"#,
        r#"INSERT INTO docs VALUES (1, '{}', NULL, NULL)"#,
        r#"INSERT INTO docs (id, doc) VALUES (1, '{"author": "123456789"}')"#,
        r#"INSERT INTO docs (id, doc) VALUES (1, '{"author": ')"#,
        r#"INSERT INTO docs (id, doc) VALUES (1, _latin1'{}')"#,
        "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs",
        r#"PREPARE s FROM 'INSERT INTO docs (id, doc) VALUES (1, ''{}'')'"#,
        "UPDATE docs JOIN other o ON o.id = docs.id SET docs.doc = '{}'",
    ] {
        match rewrite(sql) {
            Err(e) if e.to_sql_error().message.contains("`doc_author` ($.author)") => {}
            other => failed.push(format!(
                "{sql}: {:?}",
                other.map_err(|e| e.to_sql_error().message)
            )),
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn a_prepared_document_is_followed_by_one_more_parameter_per_path() {
    assert_eq!(
        rewrite("INSERT INTO docs (id, doc) VALUES (?, ?), (?, NULL)").unwrap(),
        "INSERT INTO docs (id, doc, `doc_author`, `n1`) VALUES (?, ?, ?, ?), (?, NULL, NULL, NULL)"
    );
    assert_eq!(
        rewrite("UPDATE docs d SET d.doc = ?, id = ? WHERE id = ?").unwrap(),
        "UPDATE docs d SET d.doc = ?, d.`doc_author` = ?, d.`n1` = ?, id = ? WHERE id = ?"
    );
    assert_eq!(
        rewrite("INSERT INTO docs SET id = ?, doc = ? ON DUPLICATE KEY UPDATE doc = ?").unwrap(),
        "INSERT INTO docs SET id = ?, doc = ?, `doc_author` = ?, `n1` = ? ON DUPLICATE KEY UPDATE doc = ?, `doc_author` = ?, `n1` = ?"
    );
}

#[test]
fn an_update_or_delete_condition_on_a_declared_path_is_answered_from_its_column() {
    assert_eq!(
        rewrite("DELETE FROM docs WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = ?").unwrap(),
        "DELETE FROM docs WHERE `docs`.`doc_author` = ?"
    );
    assert_eq!(
        rewrite(
            "UPDATE docs AS d SET id = id + 1 WHERE JSON_UNQUOTE(JSON_EXTRACT(d.doc, '$.\"author\"')) IN ('a', 'b') ORDER BY JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) LIMIT 1"
        )
        .unwrap(),
        "UPDATE docs AS d SET id = id + 1 WHERE d.`doc_author` IN ('a', 'b') ORDER BY `d`.`doc_author` LIMIT 1"
    );
    // Also writing the document: its paths are written anew, the
    // condition reads the row as it was.
    assert_eq!(
        rewrite(r#"UPDATE docs SET doc = '{"author": "b"}' WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = 'a'"#).unwrap(),
        r#"UPDATE docs SET doc = '{"author": "b"}', `doc_author` = _utf8mb4'b', `n1` = NULL WHERE `docs`.`doc_author` = 'a'"#
    );
    // Undeclared paths, and a join, stay refused.
    assert!(
        refused("DELETE FROM docs WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.x')) = 'a'")
            .contains("extract = [{ path = \"$.x\"")
    );
    refused("DELETE d FROM docs d JOIN docs e ON e.id = d.id WHERE JSON_UNQUOTE(JSON_EXTRACT(d.doc, '$.author')) = 'a'");
}

#[test]
fn an_insert_select_into_a_plain_table_filters_on_a_declared_path_from_its_column() {
    assert_eq!(
        rewrite("INSERT INTO other (id) SELECT id FROM docs WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = 'x' ORDER BY JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author'))").unwrap(),
        "INSERT INTO other (id) SELECT id FROM docs WHERE `docs`.`doc_author` = 'x' ORDER BY `docs`.`doc_author`"
    );
    // A select-list path is not relayed to a client: not evaluated.
    refused("INSERT INTO other (a) SELECT JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) FROM docs");
}
