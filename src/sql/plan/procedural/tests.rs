//! The procedural default deny, through the planner (no server).
//!
//! `app.docs(id, doc*, title)`, `app.users(id, name)`, view `app.v_docs`
//! over docs renaming `doc` to `body`, function `app.f_doc` reading `doc`.

use std::sync::Arc;

use crate::sql::lexer::LexOptions;
use crate::sql::plan::{plan_query, ColumnCatalog, ColumnRef, Plan};

/// Shared with the `direct_reads` tests.
pub(crate) struct Cat;

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
    fn compressed_columns(&self, db: &str, table: &str) -> Vec<String> {
        if self.table_has_compressed(db, table) {
            vec!["doc".into()]
        } else {
            vec![]
        }
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        (db == "app" && name == "v_docs").then(|| {
            "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `body` from `app`.`docs`".into()
        })
    }
    fn routine_reads_compressed(&self, db: &str, name: &str) -> bool {
        db == "app" && name.eq_ignore_ascii_case("f_doc")
    }
    fn any_compressed(&self) -> Option<ColumnRef> {
        Some(doc())
    }
}

pub(crate) fn doc() -> ColumnRef {
    ColumnRef {
        db: "app".into(),
        table: "docs".into(),
        column: "doc".into(),
    }
}

/// The refusal of the query, if any statement is refused.
pub(crate) fn refusal(sql: &str) -> Option<crate::sql::plan::Refusal> {
    plan_query(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat)
        .into_iter()
        .find_map(|p| match p.plan {
            Plan::Refuse(r) => Some(r),
            _ => None,
        })
}

fn refused_naming_doc(sql: &str) {
    match refusal(sql) {
        Some(r) => assert_eq!(r.column, doc(), "{sql}: {}", r.message()),
        None => panic!("accepted: {sql}"),
    }
}

fn accepted(sql: &str) {
    if let Some(r) = refusal(sql) {
        panic!("refused: {sql}: {}", r.message());
    }
}

#[test]
fn a_block_that_moves_a_compressed_value_into_a_local_variable_is_refused_naming_the_column() {
    for sql in [
        "BEGIN NOT ATOMIC DECLARE v LONGBLOB DEFAULT (SELECT doc FROM docs WHERE id=2); SELECT LENGTH(v), MD5(v); END",
        "BEGIN NOT ATOMIC DECLARE v LONGTEXT; SELECT doc INTO v FROM docs WHERE id = 2; SELECT LENGTH(v); END",
        "BEGIN NOT ATOMIC DECLARE v LONGTEXT; SET v = (SELECT doc FROM docs WHERE id = 4); SELECT MD5(v); END",
        "BEGIN NOT ATOMIC DECLARE d LONGTEXT; DECLARE c CURSOR FOR SELECT doc FROM docs; OPEN c; FETCH c INTO d; CLOSE c; SELECT LENGTH(d); END",
        "BEGIN NOT ATOMIC DECLARE v LONGTEXT; SELECT d.`doc` INTO v FROM app.docs AS d WHERE d.id = 8; SELECT LENGTH(v); END",
        "BEGIN NOT ATOMIC SELECT id FROM docs NATURAL JOIN users; END",
        "BEGIN NOT ATOMIC INSERT INTO docs SELECT * FROM docs; END",
        "IF (SELECT COUNT(*) FROM docs) > 0 THEN SELECT LENGTH(doc) FROM docs WHERE id = 2; END IF",
        "WHILE (SELECT LENGTH(doc) FROM docs WHERE id = 2) < 0 DO SELECT 1; END WHILE",
        "lbl: BEGIN NOT ATOMIC SELECT MD5(doc) FROM docs WHERE id = 2; END lbl",
        "FOR r IN (SELECT doc FROM docs) DO SELECT LENGTH(r.doc); END FOR",
        "BEGIN NOT ATOMIC SELECT 1; BEGIN SELECT 2; END; SELECT LENGTH(doc) FROM docs; END",
        "BEGIN NOT ATOMIC PREPARE s FROM 'SELECT LENGTH(doc) FROM docs'; EXECUTE s; END",
        "BEGIN NOT ATOMIC EXECUTE IMMEDIATE 'SELECT doc FROM docs'; END",
        "BEGIN NOT ATOMIC EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (1, ''{}'')'; END",
        "BEGIN NOT ATOMIC PREPARE s FROM @q; EXECUTE s; END",
    ] {
        refused_naming_doc(sql);
    }
}

#[test]
fn a_block_reading_a_view_or_a_routine_over_a_compressed_column_is_refused() {
    refused_naming_doc(
        "BEGIN NOT ATOMIC DECLARE v LONGTEXT DEFAULT (SELECT body FROM v_docs WHERE id = 2); SELECT LENGTH(v); END",
    );
    let r = refusal("BEGIN NOT ATOMIC SELECT LENGTH(f_doc(2)); END").expect("refused");
    assert!(r.message().contains("f_doc"), "{}", r.message());
    assert!(refusal("BEGIN NOT ATOMIC CALL app.f_doc(); END").is_some());
}

#[test]
fn a_block_that_touches_no_compressed_column_passes_untouched() {
    for sql in [
        "BEGIN NOT ATOMIC DECLARE v INT DEFAULT (SELECT COUNT(*) FROM docs); SELECT v; END",
        "BEGIN NOT ATOMIC DECLARE v INT; SELECT MAX(id) INTO v FROM docs; SELECT v + 1; END",
        "BEGIN NOT ATOMIC SELECT id, title FROM docs WHERE id < 3; SELECT name FROM users; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, title) VALUES (1, 'x'); UPDATE docs SET title = 'y'; END",
        "BEGIN NOT ATOMIC SELECT COUNT(*), 2 * 3 FROM docs; END",
        "IF 1 = 1 THEN SELECT title FROM docs WHERE id = 2; END IF",
        "BEGIN NOT ATOMIC DECLARE n INT DEFAULT 0; WHILE n < 3 DO SET n = n + 1; END WHILE; SELECT n; END",
        "BEGIN NOT ATOMIC SELECT doc FROM users; END",
        "BEGIN NOT ATOMIC PREPARE s FROM 'SELECT id FROM docs'; EXECUTE s; END",
    ] {
        accepted(sql);
    }
}

#[test]
fn a_stored_program_body_is_checked_past_its_first_semicolon() {
    for sql in [
        "CREATE PROCEDURE p() BEGIN SELECT 1; SELECT LENGTH(doc) FROM docs WHERE id = 2; END",
        "CREATE FUNCTION f() RETURNS INT READS SQL DATA BEGIN DECLARE x INT DEFAULT 0; SET x = (SELECT LENGTH(doc) FROM docs); RETURN x; END",
        "CREATE TRIGGER t BEFORE INSERT ON users FOR EACH ROW BEGIN SET NEW.name = 'x'; SET NEW.name = (SELECT LEFT(doc, 5) FROM docs LIMIT 1); END",
        "CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO BEGIN SELECT 1; INSERT INTO users (id, name) SELECT id, doc FROM docs; END",
    ] {
        refused_naming_doc(sql);
    }
    accepted("CREATE PROCEDURE p() BEGIN SELECT 1; SELECT title FROM docs WHERE id = 2; END");
}

#[test]
fn statements_after_a_block_are_planned_on_their_own() {
    accepted("BEGIN NOT ATOMIC SELECT 1; END; SELECT doc FROM docs");
    refused_naming_doc("BEGIN NOT ATOMIC SELECT 1; END; SELECT LENGTH(doc) FROM docs");
    accepted("CREATE PROCEDURE p() BEGIN SELECT 1; END; SELECT doc FROM docs");
}

#[test]
fn a_block_ends_at_the_end_that_closes_it_not_at_a_case_expression_or_end_if() {
    let sql = "BEGIN NOT ATOMIC IF 1 THEN SELECT CASE WHEN 1 THEN 2 END; END IF; CASE 1 WHEN 1 THEN SELECT 1; END CASE; LOOP LEAVE x; END LOOP; END; SELECT 5; SELECT 6";
    let st = crate::sql::statement::split(sql.as_bytes(), LexOptions::default());
    let end = crate::sql::compound::block_end(sql.as_bytes(), &st, 0);
    assert_eq!(&sql[st[end].range.clone()], " END");
    assert_eq!(
        crate::sql::compound::block_end(sql.as_bytes(), &st, end + 1),
        end + 1
    );
}

#[test]
fn a_compound_statement_prepared_through_the_protocol_is_judged_whole() {
    use crate::sql::plan::plan_statement;
    let sql = "BEGIN NOT ATOMIC DECLARE v LONGBLOB DEFAULT (SELECT doc FROM docs WHERE id=2); SELECT LENGTH(v), MD5(v); END";
    match plan_statement(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat) {
        Plan::Refuse(r) => assert_eq!(r.column, doc()),
        other => panic!("accepted: {other:?}"),
    }
    let sql = "BEGIN NOT ATOMIC SELECT 1; SELECT LENGTH(doc) FROM docs; END";
    assert!(matches!(
        plan_statement(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat),
        Plan::Refuse(_)
    ));
}

#[test]
fn a_routine_body_that_is_a_bare_if_loop_while_or_repeat_is_judged_whole() {
    for sql in [
        "CREATE PROCEDURE p() IF 1 THEN SELECT 1; SELECT doc FROM docs; END IF",
        "CREATE PROCEDURE p(IN n INT) COMMENT 'x' MODIFIES SQL DATA LOOP SELECT 1; SELECT doc FROM docs; END LOOP",
        "CREATE PROCEDURE IF NOT EXISTS p() WHILE 1 DO SELECT 1; SELECT LENGTH(doc) FROM docs; END WHILE",
        "CREATE FUNCTION f() RETURNS INT DETERMINISTIC REPEAT SELECT 1; SELECT doc FROM docs; UNTIL 1 END REPEAT",
    ] {
        refused_naming_doc(sql);
    }
    // The block ends at its END: what follows is planned on its own.
    accepted("CREATE PROCEDURE p() IF 1 THEN SELECT 1; SELECT 2; END IF; SELECT doc FROM docs");
    // `RETURN IF(...)` is an expression, not a block.
    accepted("CREATE FUNCTION g() RETURNS INT RETURN IF(1, 2, 3); SELECT doc FROM docs");
}

/// The literal sites of the query's plan (empty: untouched), or the
/// refusal's message.
fn sites(sql: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for p in plan_query(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat) {
        match p.plan {
            Plan::Refuse(r) => return Err(r.message()),
            Plan::RewriteText(t) => out.extend(
                t.sites
                    .into_iter()
                    .map(|s| String::from_utf8_lossy(&s.value).into_owned()),
            ),
            Plan::Rewrite { sites, .. } => out.extend(
                sites
                    .into_iter()
                    .map(|s| String::from_utf8_lossy(&s.value).into_owned()),
            ),
            Plan::Untouched => {}
        }
    }
    Ok(out)
}

#[test]
fn literal_writes_inside_a_block_of_plain_writes_are_compressed_in_place() {
    let cases: &[(&str, &[&str])] = &[
        (
            r#"BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (1, '{"a":1}'); UPDATE docs SET doc='{"b":2}' WHERE id=1; END"#,
            &[r#"{"a":1}"#, r#"{"b":2}"#],
        ),
        (
            "lbl: BEGIN NOT ATOMIC REPLACE INTO docs SET id = 2, doc = '{}'; DELETE FROM docs WHERE id = 3; END lbl",
            &["{}"],
        ),
        (
            r#"BEGIN NOT ATOMIC INSERT INTO docs VALUES (1, '{"a":1}', 't'); END"#,
            &[r#"{"a":1}"#],
        ),
        (
            "BEGIN NOT ATOMIC UPDATE docs SET title = 'x' WHERE doc IS NULL; INSERT INTO users (id, name) VALUES (1, 'n'); END",
            &[],
        ),
        (
            "BEGIN NOT ATOMIC INSERT INTO docs (id, doc, title) VALUES (223, '{}', 'b'), (224, NULL, 'c'); UPDATE docs SET title = 'd' WHERE doc IS NULL AND id = 224; END",
            &["{}"],
        ),
    ];
    for (sql, want) in cases {
        match sites(sql) {
            Ok(got) => assert_eq!(&got, want, "{sql}"),
            Err(m) => panic!("refused: {sql}: {m}"),
        }
    }
}

#[test]
fn a_block_that_writes_computed_values_or_does_more_than_plain_writes_is_refused() {
    for sql in [
        "BEGIN NOT ATOMIC DECLARE v LONGTEXT DEFAULT '{}'; INSERT INTO docs (id, doc) VALUES (1, v); END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (1, @v); END",
        "BEGIN NOT ATOMIC UPDATE docs SET doc = CONCAT(doc, '}') WHERE id = 1; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (1, '{}'); SELECT LENGTH(doc) FROM docs; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (1, '{}'); IF 1 THEN UPDATE docs SET doc = '{}'; END IF; END",
        "BEGIN NOT ATOMIC UPDATE docs SET doc = CASE WHEN id = 1 THEN '{}' END; END",
        "BEGIN NOT ATOMIC WHILE 1 DO INSERT INTO docs (id, doc) VALUES (1, '{}'); END WHILE; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (1, '{}'); EXECUTE IMMEDIATE 'UPDATE docs SET doc = ''{}'''; END",
        "BEGIN NOT ATOMIC INSERT INTO users (id, name) SELECT id, doc FROM docs; END",
    ] {
        refused_naming_doc(sql);
    }
}

#[test]
fn a_block_of_literal_writes_may_hold_reads_that_carry_no_compressed_value() {
    for sql in [
        "BEGIN NOT ATOMIC UPDATE docs SET doc = '{\"a\":1}' WHERE id = 2; SELECT id FROM docs WHERE id = 2; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (3, '{}'); SELECT COUNT(*), MAX(id) FROM docs WHERE doc IS NOT NULL; END",
        "BEGIN NOT ATOMIC SELECT title FROM docs; DELETE FROM docs WHERE id = 3; END",
    ] {
        accepted(sql);
    }
    for sql in [
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (3, '{}'); SELECT LENGTH(doc) FROM docs; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (3, '{}'); SELECT id FROM docs WHERE doc LIKE '%a%'; END",
        "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (3, '{}'); SELECT doc INTO @v FROM docs LIMIT 1; END",
    ] {
        refused_naming_doc(sql);
    }
}

#[test]
fn a_straight_line_block_may_return_compressed_columns_with_each_result_set_s_shape() {
    for (sql, with_shape) in [
        ("BEGIN NOT ATOMIC SELECT * FROM docs; END", vec![0]),
        ("BEGIN NOT ATOMIC SELECT d.* FROM docs d; END", vec![0]),
        ("BEGIN NOT ATOMIC TABLE docs; END", vec![0]),
        (
            "BEGIN NOT ATOMIC UPDATE docs SET doc = '{}' WHERE id = 2; SELECT doc FROM docs WHERE id = 2; END",
            vec![1],
        ),
        (
            "SELECT 1; lbl: BEGIN NOT ATOMIC SELECT id FROM docs; SELECT COALESCE(NULL, doc) FROM docs; INSERT INTO docs (id, doc) VALUES (3, '{}'); SELECT body FROM v_docs; END lbl",
            vec![2, 4],
        ),
    ] {
        let plans = plan_query(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat);
        let shaped: Vec<usize> = plans
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.shape
                    .as_ref()
                    .is_some_and(|s| s.outputs.iter().any(Option::is_some))
            })
            .map(|(k, _)| k)
            .collect();
        assert!(
            plans.iter().all(|p| !matches!(p.plan, Plan::Refuse(_))),
            "{sql}: {plans:?}"
        );
        assert_eq!(shaped, with_shape, "{sql}");
    }
    // Where squeeze cannot tell the block's result sets apart.
    for sql in [
        "BEGIN NOT ATOMIC SELECT id FROM docs INTO OUTFILE '/tmp/x'; SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC SHOW TABLES; SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC SELECT doc FROM docs; CALL p(); END",
    ] {
        refused_naming_doc(sql);
    }
}
