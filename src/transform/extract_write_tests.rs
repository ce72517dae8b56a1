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
            definitions: None,
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
        row_filters: false,
        server_inflates: false,
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
        "UPDATE docs AS d SET id = id + 1 WHERE d.`doc_author` IN ('a', 'b') ORDER BY CONCAT(`d`.`doc_author`) LIMIT 1"
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
        "INSERT INTO other (id) SELECT id FROM docs WHERE `docs`.`doc_author` = 'x' ORDER BY CONCAT(`docs`.`doc_author`)"
    );
    // A select-list path is not relayed to a client: not evaluated.
    refused("INSERT INTO other (a) SELECT JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) FROM docs");
}

/// [`rewrite`] over `app.docs` with `$.i` BIGINT (`doc_i`), `$.d` DOUBLE
/// (`doc_d`) and `$.a` VARCHAR (`doc_a`), on a connection whose character
/// set is utf8mb4 or not.
fn rewrite_typed(sql: &str, connection_utf8mb4: bool) -> Result<String, WriteError> {
    let cfg = Config::from_toml(
        "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\nmin_size = 100000\nextract = [{ path = \"$.i\", column = \"doc_i\", type = \"BIGINT\" }, { path = \"$.d\", column = \"doc_d\", type = \"DOUBLE\" }, { path = \"$.a\", column = \"doc_a\", type = \"VARCHAR(8)\" }]\n",
    )
    .expect("config parses");
    let rules = ColumnRules::from_config(&cfg).expect("rules build");
    let schema = SchemaCache::default();
    schema.insert(
        "app",
        "docs",
        TableInfo {
            columns: ["id", "doc", "doc_i", "doc_d", "doc_a"]
                .map(String::from)
                .to_vec(),
            data_types: ["int", "longblob", "bigint", "double", "varchar"]
                .map(String::from)
                .to_vec(),
            primary_key: vec!["id".into()],
            definitions: None,
        },
    );
    let ctx = WriteContext {
        rules: &rules,
        schema: &schema,
        opts: LexOptions::default(),
        db: Some("app"),
        non_utf8_charset: None,
        connection_utf8mb4,
        row_filters: false,
        server_inflates: false,
        sql_prepared: None,
        temporary: None,
    };
    rewrite_query(sql.as_bytes(), &ctx).map(|r| String::from_utf8(r.sql.into_owned()).unwrap())
}

#[test]
fn sqlalchemy_as_integer_and_as_float_compare_sort_and_group_by_the_bigint_and_double_columns() {
    let int = "CASE JSON_EXTRACT(docs.doc, '$.\"i\"') WHEN 'null' THEN NULL ELSE CAST(JSON_EXTRACT(docs.doc, '$.\"i\"') AS SIGNED INTEGER) END";
    let float = "CASE JSON_EXTRACT(docs.doc, '$.\"d\"') WHEN 'null' THEN NULL ELSE JSON_EXTRACT(docs.doc, '$.\"d\"')+0.0000000000000000000000 END";
    assert_eq!(
        rewrite_typed(&format!("SELECT id FROM docs WHERE NOT ({int} > 5) AND {float} <= ? ORDER BY {int} DESC, {float}"), false).unwrap(),
        "SELECT id FROM docs WHERE NOT (docs.`doc_i` > 5) AND docs.`doc_d` <= ? ORDER BY docs.`doc_i` DESC, docs.`doc_d`"
    );
    assert_eq!(
        rewrite_typed(&format!("SELECT COUNT(*) FROM docs GROUP BY {int}"), false).unwrap(),
        "SELECT COUNT(*) FROM docs GROUP BY docs.`doc_i`"
    );
    // `.as_float()` over the BIGINT path: the integer's double.
    let float_i = float.replace("\"d\"", "\"i\"");
    assert_eq!(
        rewrite_typed(&format!("SELECT id FROM docs WHERE {float_i} > 5.5"), false).unwrap(),
        "SELECT id FROM docs WHERE (docs.`doc_i` + 0e0) > 5.5"
    );
    // The other type's accessor, a string or column operand, LIKE.
    let on_d = int.replace("\"i\"", "\"d\"");
    for (sql, says) in [
        (
            format!("SELECT id FROM docs ORDER BY {on_d}"),
            "declare the path as BIGINT",
        ),
        (
            format!("SELECT id FROM docs WHERE {float} = '1.5'"),
            "holds SQLAlchemy's as_float()",
        ),
        (
            format!("SELECT id FROM docs WHERE {int} = id"),
            "holds SQLAlchemy's as_integer()",
        ),
        (format!("SELECT id FROM docs WHERE {int} LIKE '5%'"), "LIKE"),
    ] {
        match rewrite_typed(&sql, false) {
            Err(e) => assert!(
                e.to_sql_error().message.contains(says),
                "{sql}: {}",
                e.to_sql_error().message
            ),
            Ok(s) => panic!("{sql} became {s}"),
        }
    }
}

#[test]
fn django_json_constants_become_the_literal_mariadb_compares_on_the_connections_charset() {
    let a = "JSON_UNQUOTE(JSON_EXTRACT(`docs`.`doc`, '$.\"a\"'))";
    let i = "JSON_UNQUOTE(JSON_EXTRACT(`docs`.`doc`, '$.\"i\"'))";
    // `exact`: unquoted on utf8mb4, its JSON text (quotes included) else.
    let exact = format!("SELECT id FROM docs WHERE {a} = JSON_EXTRACT('\"x\"', '$')");
    assert_eq!(
        rewrite_typed(&exact, true).unwrap(),
        "SELECT id FROM docs WHERE `docs`.`doc_a` = 'x'"
    );
    assert_eq!(
        rewrite_typed(&exact, false).unwrap(),
        "SELECT id FROM docs WHERE `docs`.`doc_a` = '\"x\"'"
    );
    // `in`: JSON_UNQUOTE of a constant is utf8mb4 anywhere.
    assert_eq!(
        rewrite_typed(&format!("SELECT id FROM docs WHERE {a} IN (JSON_UNQUOTE(JSON_EXTRACT('\"caf\\\\u00e9\"', '$')), JSON_UNQUOTE(JSON_EXTRACT('5', '$')))"), false).unwrap(),
        "SELECT id FROM docs WHERE `docs`.`doc_a` IN (_utf8mb4'café', '5')"
    );
    // A BIGINT path: plain digits under = / IN, as integers.
    assert_eq!(
        rewrite_typed(&format!("SELECT id FROM docs WHERE {i} = JSON_EXTRACT('5', '$') OR {i} IN (JSON_UNQUOTE(JSON_EXTRACT('\"-7\"', '$')), '10')"), false).unwrap(),
        "SELECT id FROM docs WHERE `docs`.`doc_i` = 5 OR `docs`.`doc_i` IN (-7, 10)"
    );
    for sql in [
        // MariaDB compares these with the constant's quotes, or crashes.
        format!("SELECT id FROM docs WHERE {a} IN (JSON_EXTRACT('\"x\"', '$'), 'y')"),
        format!("SELECT id FROM docs WHERE {a} > JSON_EXTRACT('\"x\"', '$')"),
        format!("SELECT id FROM docs WHERE {a} <=> JSON_EXTRACT('\"x\"', '$')"),
        format!("SELECT id FROM docs WHERE {a} LIKE JSON_EXTRACT('\"x\"', '$')"),
        // String order, or not plain digits, on a BIGINT path.
        format!("SELECT id FROM docs WHERE {i} BETWEEN '1' AND '5'"),
        format!("SELECT id FROM docs WHERE {i} = JSON_EXTRACT('5.0', '$')"),
        format!("SELECT id FROM docs WHERE {i} = '05'"),
    ] {
        assert!(rewrite_typed(&sql, true).is_err(), "{sql}");
    }
}

#[test]
fn lower_of_a_declared_text_path_becomes_lower_of_its_column_outside_the_select_list() {
    assert_eq!(
        rewrite("SELECT id FROM docs WHERE LOWER(JSON_UNQUOTE(JSON_EXTRACT(`docs`.`doc`, '$.\"author\"'))) LIKE LOWER('A%') ORDER BY UPPER(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')))").unwrap(),
        "SELECT id FROM docs WHERE LOWER(`docs`.`doc_author`) LIKE LOWER('A%') ORDER BY UPPER(`docs`.`doc_author`)"
    );
    // Another argument shape is parsed again as an ordinary call: the
    // comparison inside is rewritten once.
    assert_eq!(
        rewrite("SELECT id FROM docs WHERE LOWER(CONCAT(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = 'x', '')) = '1'").unwrap(),
        "SELECT id FROM docs WHERE LOWER(CONCAT(`docs`.`doc_author` = 'x', '')) = '1'"
    );
    // A result column: its type would be the column's.
    assert!(
        refused("SELECT LOWER(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author'))) AS l FROM docs")
            .contains("LOWER()")
    );
}

#[test]
fn a_path_declared_as_bigint_and_as_varchar_answers_each_form_from_the_column_that_holds_it() {
    let cfg = Config::from_toml(
        "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\nmin_size = 100000\nextract = [{ path = \"$.s\", column = \"doc_si\", type = \"BIGINT\" }, { path = \"$.s\", column = \"doc_st\", type = \"VARCHAR(8)\" }, { path = \"$.s\", column = \"doc_sj\", type = \"VARCHAR(8)\", value = \"json\" }]\n",
    )
    .expect("config parses");
    let rules = ColumnRules::from_config(&cfg).expect("rules build");
    let schema = SchemaCache::default();
    schema.insert(
        "app",
        "docs",
        TableInfo {
            columns: ["id", "doc", "doc_si", "doc_st", "doc_sj"]
                .map(String::from)
                .to_vec(),
            data_types: ["int", "longblob", "bigint", "varchar", "varchar"]
                .map(String::from)
                .to_vec(),
            primary_key: vec!["id".into()],
            definitions: None,
        },
    );
    let ctx = WriteContext {
        rules: &rules,
        schema: &schema,
        opts: LexOptions::default(),
        db: Some("app"),
        non_utf8_charset: None,
        connection_utf8mb4: true,
        row_filters: false,
        server_inflates: false,
        sql_prepared: None,
        temporary: None,
    };
    let rw = |sql: &str| {
        String::from_utf8(
            rewrite_query(sql.as_bytes(), &ctx)
                .unwrap()
                .sql
                .into_owned(),
        )
        .unwrap()
    };
    let text = "JSON_UNQUOTE(JSON_EXTRACT(doc, '$.s'))";
    let int = "CASE JSON_EXTRACT(doc, '$.s') WHEN 'null' THEN NULL ELSE CAST(JSON_EXTRACT(doc, '$.s') AS SIGNED INTEGER) END";
    assert_eq!(
        rw(&format!("SELECT id FROM docs WHERE {text} LIKE '5%' AND {int} > 5 ORDER BY JSON_EXTRACT(doc, '$.s')")),
        "SELECT id FROM docs WHERE CONCAT(`docs`.`doc_st`) LIKE '5%' AND `docs`.`doc_si` > 5 ORDER BY CONCAT(`docs`.`doc_sj`)"
    );
}

#[test]
fn a_load_data_column_list_gains_each_documents_paths_right_after_it() {
    for (sql, want) in [
        (
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, doc)",
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, doc, `doc_author`, `n1`)",
        ),
        (
            "/* c */ LOAD DATA LOCAL INFILE 'f' REPLACE INTO TABLE app.docs CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' IGNORE 1 LINES (`doc`, @x, id) SET id = @x",
            "/* c */ LOAD DATA LOCAL INFILE 'f' REPLACE INTO TABLE app.docs CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' IGNORE 1 LINES (`doc`, `doc_author`, `n1`, @x, id) SET id = @x",
        ),
        (
            "SELECT 1; LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, docs.doc)",
            "SELECT 1; LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, docs.doc, `doc_author`, `n1`)",
        ),
        // The document not loaded: nothing to derive.
        (
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id)",
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id)",
        ),
    ] {
        assert_eq!(rewrite(sql).unwrap(), want, "{sql}");
    }
    for (sql, says) in [
        (
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs",
            "name the columns",
        ),
        (
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, doc, n1)",
            "leave it out",
        ),
        (
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, @d) SET doc = @d",
            "SET clause naming `doc`",
        ),
        (
            "LOAD DATA LOCAL INFILE 'f' INTO TABLE docs (id, doc) SET doc_author = 'x'",
            "SET clause naming `doc_author`",
        ),
        ("LOAD DATA INFILE 'f' INTO TABLE docs (id, doc)", "LOCAL"),
        (
            "LOAD XML LOCAL INFILE 'f' INTO TABLE docs (id, doc)",
            "LOAD XML",
        ),
    ] {
        let m = refused(sql);
        assert!(
            m.contains("`doc_author` ($.author)") && m.contains(says),
            "{sql}: {m}"
        );
    }
}

#[test]
fn a_case_update_of_the_document_assigns_each_path_the_same_case_over_its_derived_values() {
    // Django's bulk_update.
    assert_eq!(
        rewrite(r#"UPDATE `docs` SET `doc` = CASE WHEN (`docs`.`id` = 1) THEN '{"author": "a", "n": [0, 1]}' WHEN (`docs`.`id` = 2) THEN '{"n": 7}' ELSE NULL END WHERE `docs`.`id` IN (1, 2)"#).unwrap(),
        r#"UPDATE `docs` SET `doc_author` = CASE WHEN (`docs`.`id` = 1) THEN _utf8mb4'a' WHEN (`docs`.`id` = 2) THEN NULL ELSE NULL END, `n1` = CASE WHEN (`docs`.`id` = 1) THEN _utf8mb4'1' WHEN (`docs`.`id` = 2) THEN NULL ELSE NULL END, `doc` = CASE WHEN (`docs`.`id` = 1) THEN '{"author": "a", "n": [0, 1]}' WHEN (`docs`.`id` = 2) THEN '{"n": 7}' ELSE NULL END WHERE `docs`.`id` IN (1, 2)"#
    );
    // IF, a simple CASE, the current document as a branch.
    assert_eq!(
        rewrite(r#"UPDATE docs SET doc = IF(id > 3, '{"author": "b"}', doc), id = id"#).unwrap(),
        r#"UPDATE docs SET `doc_author` = IF(id > 3, _utf8mb4'b', `doc_author`), `n1` = IF(id > 3, NULL, `n1`), doc = IF(id > 3, '{"author": "b"}', doc), id = id"#
    );
    assert_eq!(
        rewrite(r#"UPDATE docs SET doc = CASE id WHEN 1 THEN CASE WHEN id < 0 THEN NULL ELSE '{"author": "c"}' END END"#).unwrap(),
        r#"UPDATE docs SET `doc_author` = CASE id WHEN 1 THEN CASE WHEN id < 0 THEN NULL ELSE _utf8mb4'c' END END, `n1` = CASE id WHEN 1 THEN CASE WHEN id < 0 THEN NULL ELSE NULL END END, doc = CASE id WHEN 1 THEN CASE WHEN id < 0 THEN NULL ELSE '{"author": "c"}' END END"#
    );
}

#[test]
fn coalesce_and_ifnull_upserts_keep_each_path_of_the_document_they_choose() {
    assert_eq!(
        rewrite(r#"INSERT INTO docs (id, doc) VALUES (1, '{"author": "a"}') ON DUPLICATE KEY UPDATE doc = COALESCE(VALUES(doc), doc)"#).unwrap(),
        r#"INSERT INTO docs (id, doc, `doc_author`, `n1`) VALUES (1, '{"author": "a"}', _utf8mb4'a', NULL) ON DUPLICATE KEY UPDATE `doc_author` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`doc_author`) ELSE `doc_author` END, `n1` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`n1`) ELSE `n1` END, doc = COALESCE(VALUES(doc), doc)"#
    );
    // SQLAlchemy's on_duplicate_key_update(doc=func.coalesce(inserted.doc, t.c.doc)).
    assert_eq!(
        rewrite(r#"INSERT INTO docs (id, doc) VALUES (1, NULL) ON DUPLICATE KEY UPDATE doc = coalesce(VALUES(doc), docs.doc)"#).unwrap(),
        r#"INSERT INTO docs (id, doc, `doc_author`, `n1`) VALUES (1, NULL, NULL, NULL) ON DUPLICATE KEY UPDATE `doc_author` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`doc_author`) ELSE docs.`doc_author` END, `n1` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`n1`) ELSE docs.`n1` END, doc = coalesce(VALUES(doc), docs.doc)"#
    );
    assert_eq!(
        rewrite(r#"UPDATE docs SET doc = IFNULL(NULL, '{"author": "z"}')"#).unwrap(),
        r#"UPDATE docs SET `doc_author` = _utf8mb4'z', `n1` = NULL, doc = IFNULL(NULL, '{"author": "z"}')"#
    );
    // A default document where there is none: the current document's
    // NULL-ness read before the document is assigned, as COALESCE reads it.
    assert_eq!(
        rewrite(r#"UPDATE docs SET doc = COALESCE(IF(id = 1, doc, NULL), '{}')"#).unwrap(),
        r#"UPDATE docs SET `doc_author` = CASE WHEN IF(id = 1, doc, NULL) IS NOT NULL THEN IF(id = 1, `doc_author`, NULL) ELSE NULL END, `n1` = CASE WHEN IF(id = 1, doc, NULL) IS NOT NULL THEN IF(id = 1, `n1`, NULL) ELSE NULL END, doc = COALESCE(IF(id = 1, doc, NULL), '{}')"#
    );
    assert_eq!(
        rewrite(r#"UPDATE docs SET doc = COALESCE(doc, '{"author": "d"}')"#).unwrap(),
        r#"UPDATE docs SET `doc_author` = CASE WHEN doc IS NOT NULL THEN `doc_author` ELSE _utf8mb4'd' END, `n1` = CASE WHEN doc IS NOT NULL THEN `n1` ELSE NULL END, doc = COALESCE(doc, '{"author": "d"}')"#
    );
}

#[test]
fn conditional_document_values_squeeze_cannot_copy_exactly_are_refused_naming_the_paths() {
    // Refused by this pass, naming every path.
    for (sql, says) in [
        (
            r#"UPDATE docs SET doc = CASE WHEN doc_author = 'x' THEN '{}' END"#,
            "reads `doc_author`",
        ),
        (
            r#"UPDATE docs SET doc = CASE n1 WHEN 'x' THEN '{}' END"#,
            "reads `n1`",
        ),
        (
            r#"UPDATE docs SET doc = IF(RAND() < 0.5, '{}', NULL)"#,
            "`RAND(..)`",
        ),
        (
            r#"UPDATE docs SET doc = IF(id = f(1), '{}', NULL)"#,
            "`f(..)`",
        ),
        (
            r#"UPDATE docs SET doc = IF(id = NEXT VALUE FOR s, '{}', NULL)"#,
            "`NEXT`",
        ),
        (
            r#"UPDATE docs SET doc = IF((@x := 1) = 1, '{}', NULL)"#,
            "assigns",
        ),
        (
            r#"UPDATE docs SET doc = IF(id IN (SELECT 1), '{}', NULL)"#,
            "SELECT",
        ),
        (
            r#"UPDATE docs SET doc = COALESCE(IF(id = 1, '{}', doc), '{}')"#,
            "argument `IF(id = 1, '{}', doc)`",
        ),
        (
            r#"INSERT INTO docs (id, doc) VALUES (1, NULL) AS new ON DUPLICATE KEY UPDATE doc = IF(id = 1, new.doc, NULL)"#,
            "another qualifier",
        ),
        (
            r#"INSERT INTO docs SET id = 1, doc = IFNULL(NULL, doc)"#,
            "INSERT ... SET",
        ),
        (
            r#"UPDATE docs SET doc = CASE WHEN id = ? THEN '{"author": "x"}' END"#,
            "`?` parameter",
        ),
        (
            r#"UPDATE docs SET doc = CASE WHEN id = 1 THEN ? END"#,
            "`?` parameter as a branch",
        ),
    ] {
        let m = refused(sql);
        assert!(
            m.contains("`doc_author` ($.author), `n1` ($.n[1])") && m.contains(says),
            "{sql}: {m}"
        );
    }
    // Refused before (the write planner): conditions on the document and
    // branches that compute one.
    for sql in [
        r#"UPDATE docs SET doc = CASE WHEN doc IS NULL THEN '{}' END"#,
        r#"UPDATE docs SET doc = CASE WHEN id = 1 THEN CONCAT('{', id, '}') END"#,
        r#"UPDATE docs SET doc = CASE WHEN id = 1 THEN JSON_SET(doc, '$.a', 1) END"#,
        r#"UPDATE docs SET doc = NULLIF('{}', '{}')"#,
    ] {
        refused(sql);
    }
}

#[test]
fn a_conditional_value_over_typed_paths_mixes_the_current_document_with_literals_only_without_a_double_path(
) {
    // Only literals: each path's literal, as for a plain write.
    assert_eq!(
        rewrite_typed(
            r#"UPDATE docs SET doc = CASE WHEN id = 1 THEN '{"i": 5, "d": 0.1, "a": "x"}' END"#,
            true
        )
        .unwrap(),
        r#"UPDATE docs SET `doc_i` = CASE WHEN id = 1 THEN _utf8mb4'5' END, `doc_d` = CASE WHEN id = 1 THEN _utf8mb4'0.1' END, `doc_a` = CASE WHEN id = 1 THEN _utf8mb4'x' END, doc = CASE WHEN id = 1 THEN '{"i": 5, "d": 0.1, "a": "x"}' END"#
    );
    // Only the current document: each column keeps its type.
    assert_eq!(
        rewrite_typed("INSERT INTO docs (id, doc) VALUES (1, NULL) ON DUPLICATE KEY UPDATE doc = IFNULL(VALUES(doc), doc)", true).unwrap(),
        "INSERT INTO docs (id, doc, `doc_i`, `doc_d`, `doc_a`) VALUES (1, NULL, NULL, NULL, NULL) ON DUPLICATE KEY UPDATE `doc_i` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`doc_i`) ELSE `doc_i` END, `doc_d` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`doc_d`) ELSE `doc_d` END, `doc_a` = CASE WHEN VALUES(doc) IS NOT NULL THEN VALUES(`doc_a`) ELSE `doc_a` END, doc = IFNULL(VALUES(doc), doc)"
    );
    // Both, with a DOUBLE path: the CASE would be a string.
    match rewrite_typed(
        r#"UPDATE docs SET doc = IF(id = 1, '{"d": 0.1}', doc)"#,
        true,
    ) {
        Err(e) => {
            let e = e.to_sql_error();
            assert_eq!(e.code, 1235);
            assert!(
                e.message.contains("declared DOUBLE") && e.message.contains("`doc_d` ($.d)"),
                "{}",
                e.message
            );
        }
        Ok(s) => panic!("not refused: {s}"),
    }
}

/// The shipped schema with the server's descriptions of each column.
fn described(author: (&str, Option<&str>, Option<&str>)) -> SchemaCache {
    use crate::config::extract::FoundColumn;
    let s = SchemaCache::default();
    let col = |t: &str, c: Option<&str>, d: Option<&str>| FoundColumn {
        column_type: t.into(),
        collation: c.map(str::to_string),
        default: d.map(str::to_string),
    };
    let defs = vec![
        col("int(11)", None, None),
        col("longblob", None, Some("NULL")),
        col(author.0, author.1, author.2),
        col("varchar(8)", Some("utf8mb4_bin"), Some("NULL")),
    ];
    s.insert(
        "app",
        "docs",
        TableInfo {
            definitions: Some(defs),
            ..schema().get("app", "docs").unwrap().as_ref().clone()
        },
    );
    s
}

fn rewrite_with(schema: &SchemaCache, sql: &str) -> Result<String, WriteError> {
    let rules = rules();
    let ctx = WriteContext {
        rules: &rules,
        schema,
        opts: LexOptions::default(),
        db: Some("app"),
        non_utf8_charset: None,
        connection_utf8mb4: true,
        sql_prepared: None,
        temporary: None,
        row_filters: false,
        server_inflates: false,
    };
    rewrite_query(sql.as_bytes(), &ctx).map(|r| String::from_utf8(r.sql.into_owned()).unwrap())
}

#[test]
fn alter_table_changing_an_extracted_column_is_refused_naming_it_and_the_declared_definition() {
    for sql in [
        "ALTER TABLE docs MODIFY doc_author VARCHAR(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT 'x'",
        "ALTER TABLE docs MODIFY doc_author VARCHAR(8) COLLATE utf8mb4_general_ci",
        "ALTER TABLE docs MODIFY COLUMN doc_author VARCHAR(8) CHARACTER SET latin1",
        "ALTER TABLE docs MODIFY doc_author VARCHAR(8)",
        "ALTER TABLE docs MODIFY doc_author VARCHAR(16) COLLATE utf8mb4_bin",
        "ALTER TABLE docs MODIFY doc_author TEXT COLLATE utf8mb4_bin",
        "ALTER TABLE docs MODIFY doc_author VARCHAR(8) COLLATE utf8mb4_bin NOT NULL",
        "ALTER TABLE app.docs ADD INDEX i (id), CHANGE n1 n1 VARCHAR(8) COLLATE utf8mb4_bin AS (id) VIRTUAL",
        "ALTER TABLE docs CHANGE doc_author author VARCHAR(8) COLLATE utf8mb4_bin",
        "ALTER TABLE docs CHANGE other doc_author VARCHAR(8) COLLATE utf8mb4_bin",
        "ALTER TABLE docs RENAME COLUMN doc_author TO author",
        "ALTER TABLE docs ALTER COLUMN doc_author SET DEFAULT 'dflt'",
        "ALTER TABLE docs ALTER doc_author DROP DEFAULT",
        "ALTER TABLE docs DROP COLUMN doc_author",
        "ALTER TABLE docs DROP n1",
        "ALTER TABLE docs CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci",
        "ALTER TABLE docs CONVERT TO CHARACTER SET latin1",
        "ALTER TABLE docs ADD COLUMN doc_author VARCHAR(8)",
    ] {
        let m = refused(sql);
        assert!(
            m.contains("`doc_author`") || m.contains("`n1`"),
            "{sql}: {m}"
        );
        assert!(m.contains("COLLATE utf8mb4_bin NULL DEFAULT NULL"), "{sql}: {m}");
    }
}

#[test]
fn alter_table_keeping_extracted_columns_as_declared_passes_unchanged() {
    for sql in [
        "ALTER TABLE docs MODIFY doc_author VARCHAR(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL DEFAULT NULL COMMENT 'author' AFTER id",
        "ALTER TABLE docs MODIFY doc_author varchar(8) collate utf8mb4_bin",
        "ALTER TABLE docs CHANGE doc_author doc_author VARCHAR(8) COLLATE utf8mb4_bin FIRST",
        "ALTER TABLE docs ALTER COLUMN doc_author SET DEFAULT NULL",
        "ALTER TABLE docs ADD INDEX by_author (doc_author), DROP INDEX old, DROP PRIMARY KEY",
        "ALTER TABLE docs ADD COLUMN other INT, MODIFY id BIGINT, DROP COLUMN x",
        "ALTER TABLE docs ADD COLUMN IF NOT EXISTS doc_author VARCHAR(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
        "ALTER TABLE docs CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
        "ALTER TABLE docs DEFAULT CHARACTER SET latin1",
        "ALTER TABLE other MODIFY doc_author TEXT",
    ] {
        match rewrite(sql) {
            Ok(out) => assert_eq!(out, sql),
            Err(e) => panic!("{sql}: {}", e.to_sql_error().message),
        }
    }
}

#[test]
fn a_declared_path_is_answered_from_its_column_only_while_the_server_describes_it_as_declared() {
    let sql = "DELETE FROM docs WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = 'bob'";
    let answered = "DELETE FROM docs WHERE `docs`.`doc_author` = 'bob'";
    let good = described(("varchar(8)", Some("utf8mb4_bin"), Some("NULL")));
    assert_eq!(rewrite_with(&good, sql).unwrap(), answered);
    // Changed on the server behind squeeze's back: a case-insensitive
    // collation, a default, another length, the column dropped.
    for bad in [
        ("varchar(8)", Some("utf8mb4_general_ci"), Some("NULL")),
        ("varchar(8)", Some("utf8mb4_bin"), Some("'dflt'")),
        ("varchar(9)", Some("utf8mb4_bin"), Some("NULL")),
        ("int(11)", None, Some("NULL")),
    ] {
        let s = described(bad);
        match rewrite_with(&s, sql) {
            Err(e) => assert_eq!(e.to_sql_error().code, 1235, "{bad:?}"),
            Ok(out) => panic!("{bad:?}: answered from the column as {out}"),
        }
    }
    // Not cached: squeeze reads the definition before answering.
    let empty = SchemaCache::default();
    match rewrite_with(&empty, sql) {
        Err(WriteError::NeedTables(t)) => {
            assert_eq!(t, vec![("app".to_string(), "docs".to_string())])
        }
        other => panic!("{:?}", other.map_err(|e| e.to_sql_error().message)),
    }
    // Before a statement reading the previous statement's counts squeeze
    // reads nothing: an old definition serves, none means no column.
    let with_count =
        "DELETE FROM docs WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = 'bob' AND ROW_COUNT() = 0";
    assert!(!matches!(
        rewrite_with(&empty, with_count),
        Err(WriteError::NeedTables(_))
    ));
}

#[test]
fn an_assignment_reading_a_derived_column_after_the_document_is_refused_and_before_it_is_not() {
    // After the document, the derived column would already hold the new
    // path's value; a STORED generated column still holds the old one.
    for sql in [
        r#"INSERT INTO docs (id, doc) VALUES (1, '{}') ON DUPLICATE KEY UPDATE doc = VALUES(doc), id = LENGTH(doc_author)"#,
        r#"UPDATE docs SET doc = '{"author": "x"}', id = IF(doc_author = 'x', 1, 2) WHERE id = 3"#,
        r#"UPDATE docs d SET d.doc = '{"author": "x"}', d.id = CHAR_LENGTH(d.n1)"#,
    ] {
        let m = refused(sql);
        assert!(m.contains("reads `"), "{sql}: {m}");
    }
    // Before the document both read the old value.
    let before = r#"UPDATE docs SET id = LENGTH(doc_author), doc = '{"author": "x"}' WHERE id = 3"#;
    assert!(rewrite(before).is_ok(), "{before}");
}
