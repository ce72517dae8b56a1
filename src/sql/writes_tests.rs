// Over 600 lines: tests only, one per claim about the write side of the planner (18 of them).
//! Tests for the write side of the planner (issue 16): every value written
//! to a compressed column is compressed or refused, copies out of
//! compressed columns and DDL that would hide them are refused.

use super::classify::{
    classify_statement, ddl_targets, significant_tokens, SchemaTarget, StatementKind,
};
use super::lexer::LexOptions;
use super::plan::*;

/// `app.docs(id, doc*, title)`, `app.docs2(id, doc*)` (same rule as
/// docs.doc), `app.other(id, doc*)` (another rule), `app.plain(id, doc,
/// name)` (nothing compressed). `*` = compressed.
struct Cat {
    prefilter: bool,
}

const CAT: Cat = Cat { prefilter: false };

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app"
            && matches!(table, "docs" | "docs2" | "other")
            && column.eq_ignore_ascii_case("doc")
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && matches!(table, "docs" | "docs2" | "other")
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title"],
            ("app", "docs2") | ("app", "other") => &["id", "doc"],
            ("app", "plain") => &["id", "doc", "name"],
            _ => return None,
        };
        Some(cols.iter().map(|s| s.to_string()).collect())
    }
    fn may_mention_compressed(&self, sql: &[u8]) -> bool {
        !self.prefilter || TableNameFilter::new(["docs", "docs2", "other"]).may_mention(sql)
    }
    fn sql_prepared(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        let doc = ColumnRef {
            db: "app".into(),
            table: "docs".into(),
            column: "doc".into(),
        };
        match name {
            "plain_s" => Some(vec![None]),
            "ins" => Some(vec![None, Some(doc)]),
            _ => None,
        }
    }
    fn same_rule(&self, target: &ColumnRef, source: &ColumnRef) -> bool {
        let kind = |c: &ColumnRef| if c.table == "other" { 2 } else { 1 };
        kind(target) == kind(source)
    }
}

const D: LexOptions = LexOptions {
    no_backslash_escapes: false,
    ansi_quotes: false,
};

fn plan_in<'a>(sql: &'a str, cat: &Cat) -> Plan<'a> {
    let plans = plan_query(sql.as_bytes(), D, Some("app"), cat);
    assert_eq!(plans.len(), 1, "{plans:?}");
    plans.into_iter().next().unwrap().plan
}

fn plan(sql: &str) -> Plan<'_> {
    plan_in(sql, &CAT)
}

/// (text replaced, decoded value) of each site; panics unless rewritten.
fn sites(sql: &str) -> Vec<(String, String)> {
    match plan(sql) {
        Plan::Rewrite { sites, .. } => sites
            .into_iter()
            .map(|s| {
                assert_eq!(s.column.to_string(), "app.docs.doc", "{sql}");
                (
                    sql[s.span.clone()].to_string(),
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

fn refused(sql: &str) -> RefuseReason {
    refusal(sql).reason
}

fn untouched(sql: &str) {
    assert_eq!(plan(sql), Plan::Untouched, "{sql}");
}

const DOC: &str = r#"{"kind":"t1","data":{"body":"hello"}}"#;

// ---- 1. constants squeeze evaluates exactly ----------------------------------

#[test]
fn parenthesised_literal_is_compressed_in_place() {
    let sql = format!("INSERT INTO docs (id, doc) VALUES (1, ('{DOC}'))");
    assert_eq!(sites(&sql), [(format!("'{DOC}'"), DOC.to_string())]);
    let sql = format!("UPDATE docs SET doc = ((('{DOC}'))) WHERE id = 1");
    assert_eq!(sites(&sql), [(format!("'{DOC}'"), DOC.to_string())]);
}

#[test]
fn concat_of_literals_replaces_the_whole_call_by_its_value() {
    let sql = r#"UPDATE docs SET doc = CONCAT('{"a":', 1, ',"b":', X'22782022', '}') WHERE id = 1"#;
    assert_eq!(
        sites(sql),
        [(
            r#"CONCAT('{"a":', 1, ',"b":', X'22782022', '}')"#.to_string(),
            r#"{"a":1,"b":"x "}"#.to_string()
        )]
    );
    // Nested, with introducers and adjacent strings.
    let s = sites("INSERT INTO docs (doc) VALUES (CONCAT(_utf8mb4'[' 'x', CONCAT('1', ']')))");
    assert_eq!(s[0].1, "[x1]");
    // A NULL argument makes the value NULL: nothing to compress.
    untouched("UPDATE docs SET doc = CONCAT('a', NULL)");
}

#[test]
fn introducer_collate_binary_convert_and_cast_are_evaluated_exactly() {
    for (expr, value) in [
        ("_utf8mb4'{}' COLLATE utf8mb4_bin", "{}"),
        ("'{}' COLLATE 'utf8mb4_general_ci'", "{}"),
        ("CONVERT('{}' USING utf8mb4)", "{}"),
        ("CONVERT(_utf8mb4'{\"é\":1}' USING utf8mb4)", "{\"é\":1}"),
        ("CONVERT('{}' USING binary)", "{}"),
        ("CAST('{}' AS CHAR)", "{}"),
        ("CAST('{}' AS CHAR CHARACTER SET utf8mb4)", "{}"),
        ("CAST(X'7B7D' AS BINARY)", "{}"),
        ("BINARY '{}'", "{}"),
        (
            "CONVERT(CONCAT('{', '}') USING utf8mb4) COLLATE utf8mb4_bin",
            "{}",
        ),
    ] {
        let sql = format!("UPDATE docs SET doc = {expr} WHERE id = 1");
        assert_eq!(
            sites(&sql),
            [(expr.to_string(), value.to_string())],
            "{sql}"
        );
    }
    match plan("INSERT INTO docs (doc) VALUES (CONVERT(X'7B7D' USING utf8mb4))") {
        Plan::Rewrite { sites, .. } => {
            assert_eq!(sites[0].introducer, Some("utf8mb4"));
            assert_eq!(sites[0].kind, LiteralKind::Text);
        }
        p => panic!("{p:?}"),
    }
    // Without an explicit character set the value depends on the
    // connection's (the write path refuses it unless that is UTF-8).
    match plan("INSERT INTO docs (doc) VALUES (CONCAT('{', _utf8mb4'}'))") {
        Plan::Rewrite { sites, .. } => assert_eq!(sites[0].introducer, None),
        p => panic!("{p:?}"),
    }
}

#[test]
fn conversions_that_could_change_bytes_are_refused() {
    for expr in [
        "CONVERT(_latin1'{}' USING utf8mb4)",
        "CONVERT(X'FF' USING utf8mb4)",
        "CONVERT('{\"😀\":1}' USING utf8mb3)",
        "CONVERT('{}', CHAR)",
        "CAST('{}' AS CHAR(1))",
        "CAST('{}' AS JSON)",
        "CONCAT('{\"a\":', 012, '}')",
        "CONCAT('{\"a\":', 1e3, '}')",
        "CONCAT('{\"a\":', -0, '}')",
        "CONCAT(_latin1'a', 'b')",
        "CONCAT_WS(',', 'a', 'b')",
    ] {
        let sql = format!("UPDATE docs SET doc = {expr} WHERE id = 1");
        assert_eq!(refused(&sql), RefuseReason::Expression, "{sql}");
    }
}

// ---- CASE / IF / COALESCE / IFNULL / NULLIF ------------------------------------

#[test]
fn django_bulk_update_case_branches_are_compressed_in_place() {
    // Django's bulk_update(objs, ['doc']) on MySQL/MariaDB.
    let sql = r#"UPDATE `docs` SET `doc` = CASE WHEN (`docs`.`id` = 7) THEN '{\"a\": 1}' WHEN (`docs`.`id` = 8) THEN '{\"b\": 2}' ELSE NULL END WHERE `docs`.`id` IN (7, 8)"#;
    assert_eq!(
        sites(sql),
        [
            (r#"'{\"a\": 1}'"#.to_string(), r#"{"a": 1}"#.to_string()),
            (r#"'{\"b\": 2}'"#.to_string(), r#"{"b": 2}"#.to_string()),
        ]
    );
    // Simple CASE, nested CASE and a ? branch.
    let sql = "UPDATE docs SET doc = CASE id WHEN 1 THEN '[1]' WHEN 2 THEN CASE WHEN title = 'x' THEN '[2]' ELSE '[3]' END ELSE '[4]' END";
    assert_eq!(sites(sql).len(), 4);
    let p = plan_statement(
        b"UPDATE docs SET doc = CASE WHEN id = ? THEN ? ELSE NULL END WHERE id = ?",
        D,
        Some("app"),
        &CAT,
    );
    match p {
        Plan::Rewrite { placeholders, .. } => {
            assert_eq!(
                placeholders.iter().map(Option::is_some).collect::<Vec<_>>(),
                [false, true, false]
            );
        }
        p => panic!("{p:?}"),
    }
}

#[test]
fn if_coalesce_ifnull_and_nullif_null_branches_are_compressed_in_place() {
    let s = sites(&format!(
        "UPDATE docs SET doc = IF(id = 23, '{DOC}', NULL) WHERE id = 23"
    ));
    assert_eq!(s, [(format!("'{DOC}'"), DOC.to_string())]);
    let s = sites(&format!(
        "UPDATE docs SET doc = COALESCE('{DOC}', NULL) WHERE id = 1"
    ));
    assert_eq!(s.len(), 1);
    let s = sites(&format!(
        "UPDATE docs SET doc = IFNULL(NULL, '{DOC}') WHERE id = 1"
    ));
    assert_eq!(s.len(), 1);
    let s = sites(&format!(
        "UPDATE docs SET doc = NULLIF('{DOC}', NULL) WHERE id = 1"
    ));
    assert_eq!(s.len(), 1);
    let s = sites(&format!(
        "INSERT INTO docs (id, doc) VALUES (1, IF(1 > 0, CONCAT('{DOC}'), '[]'))"
    ));
    assert_eq!(s.len(), 2);
    // A copy of the same column is a whole value too.
    untouched("UPDATE docs SET doc = IF(id = 1, doc, NULL)");
}

#[test]
fn compressed_column_in_a_case_or_if_condition_is_refused() {
    assert_eq!(
        refused("UPDATE docs SET doc = CASE WHEN doc IS NULL THEN '{}' END"),
        RefuseReason::Comparison
    );
    assert_eq!(
        refused("UPDATE docs SET doc = CASE doc WHEN '{}' THEN '[]' END"),
        RefuseReason::Comparison
    );
    assert_eq!(
        refused("UPDATE docs SET doc = IF(doc = '{}', '[]', NULL)"),
        RefuseReason::Comparison
    );
    // NULLIF compares its first argument: a compressed one compares
    // differently.
    assert_eq!(
        refused("UPDATE docs SET doc = NULLIF('{}', '')"),
        RefuseReason::Expression
    );
}

// ---- default deny ----------------------------------------------------------------

#[test]
fn any_other_value_for_a_compressed_column_is_refused_naming_it() {
    for sql in [
        "UPDATE docs SET doc = UPPER('{}') WHERE id = 1",
        "UPDATE docs SET doc = @v WHERE id = 1",
        "INSERT INTO docs (id, doc) VALUES (1, @v)",
        "INSERT INTO docs VALUES (1, @v, 't')",
        "INSERT INTO docs SET id = 1, doc = @v",
        "UPDATE docs SET doc = (SELECT name FROM plain WHERE id = 1)",
        "UPDATE docs SET doc = title WHERE id = 1",
        "UPDATE docs SET doc = CONCAT(title, 'x')",
        "UPDATE docs SET doc = id + 1",
        "UPDATE docs SET doc = ? + 1",
        "UPDATE docs SET doc = CONCAT(?, '}')",
        "UPDATE docs SET doc = DEFAULT(title)",
        "UPDATE docs SET doc = JSON_OBJECT('a', 1)",
        "UPDATE docs SET doc = CASE WHEN id = 1 THEN UPPER('a') END",
        "UPDATE docs SET doc = COALESCE(@v, '{}')",
        "UPDATE docs d JOIN plain p ON p.id = d.id SET d.doc = p.doc",
        "UPDATE docs d JOIN (SELECT 1 AS id, '{}' AS doc) x ON x.id = d.id SET d.doc = x.doc",
        "INSERT INTO docs (id, doc) VALUES (1, 'a') ON DUPLICATE KEY UPDATE doc = UPPER(VALUES(title))",
        "REPLACE INTO docs (id, doc) VALUES (1, LOAD_FILE('/tmp/x'))",
    ] {
        let r = refusal(sql);
        assert_eq!(r.reason, RefuseReason::Expression, "{sql}: {r:?}");
        assert_eq!(r.column.to_string(), "app.docs.doc", "{sql}");
        let m = r.message();
        assert!(
            m.starts_with("column `app.docs.doc` is stored compressed by squeeze")
                && m.contains("Compute the value in the application"),
            "{m}"
        );
    }
    assert_eq!(
        refused("UPDATE docs SET doc = DEFAULT(doc)"),
        RefuseReason::ComputedUpdate
    );
    // What is fine: NULL, DEFAULT, placeholders, the column itself,
    // VALUES(col) and row aliases in ON DUPLICATE KEY UPDATE.
    untouched("UPDATE docs SET doc = NULL, title = UPPER('x') WHERE id = 1");
    untouched("INSERT INTO docs (id, doc) VALUES (1, DEFAULT)");
    untouched("UPDATE docs SET doc = doc WHERE id = 1");
    assert!(matches!(
        plan(
            "INSERT INTO docs (id, doc) VALUES (1, '{}') AS n ON DUPLICATE KEY UPDATE doc = n.doc"
        ),
        Plan::Rewrite { .. }
    ));
}

#[test]
fn copy_from_a_compressed_column_needs_the_same_rule() {
    untouched("UPDATE docs d JOIN docs2 e ON e.id = d.id SET d.doc = e.doc");
    untouched("UPDATE docs, docs2 SET docs.doc = docs2.doc WHERE docs.id = docs2.id");
    untouched("UPDATE docs SET doc = app.docs2.doc");
    let r = refusal("UPDATE docs d JOIN other o ON o.id = d.id SET d.doc = o.doc");
    assert_eq!(r.reason, RefuseReason::Copy);
    assert!(r.message().contains("app.other.doc"), "{}", r.message());
}

// ---- SET STATEMENT, EXECUTE IMMEDIATE, PREPARE ------------------------------------

#[test]
fn set_statement_plans_its_inner_statement() {
    let sql = format!(
        "SET STATEMENT max_statement_time=10, sql_mode='NO_BACKSLASH_ESCAPES' FOR INSERT INTO docs (id, doc) VALUES (1, '{DOC}')"
    );
    assert_eq!(sites(&sql), [(format!("'{DOC}'"), DOC.to_string())]);
    assert_eq!(
        refused("SET STATEMENT sql_mode='' FOR UPDATE docs SET doc = UPPER('x')"),
        RefuseReason::Expression
    );
    assert_eq!(
        refused("SET STATEMENT max_statement_time=1 FOR SELECT JSON_EXTRACT(doc, '$') FROM docs"),
        RefuseReason::JsonFunction
    );
    // It is not a session change (nothing to track or replay).
    let sql = "SET STATEMENT sql_mode='ANSI_QUOTES' FOR SELECT 1";
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
    match classify_statement(sql.as_bytes(), &toks, D) {
        StatementKind::SetStatement { inner, at } => {
            assert_eq!(*inner, StatementKind::Select);
            assert_eq!(at, 6);
        }
        k => panic!("{k:?}"),
    }
}

#[test]
fn execute_immediate_text_is_planned_and_using_literals_are_compressed() {
    // A select-list JSON function inside the text: its result is relayed
    // as the statement's, so the text is rewritten for squeeze to evaluate.
    match plan("EXECUTE IMMEDIATE 'SELECT JSON_EXTRACT(doc, ''$.a'') FROM docs'") {
        Plan::RewriteText(t) => {
            assert!(t.sites.is_empty());
            assert_eq!(t.text, b"SELECT JSON_EXTRACT(doc, '$.a') FROM docs");
        }
        p => panic!("expected the text rewritten: {p:?}"),
    }
    // ... but not inside a text prepared for later, nor with an introducer.
    assert_eq!(
        refused("PREPARE s FROM 'SELECT JSON_EXTRACT(doc, ''$.a'') FROM docs'"),
        RefuseReason::PreparedText
    );
    assert_eq!(
        refused("EXECUTE IMMEDIATE _latin1'SELECT JSON_EXTRACT(doc, ''$.a'') FROM docs'"),
        RefuseReason::PreparedText
    );
    untouched("EXECUTE IMMEDIATE 'SELECT doc FROM docs WHERE id = ?' USING 1");
    let sql =
        format!("EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (?, ?)' USING 1, '{DOC}'");
    assert_eq!(sites(&sql), [(format!("'{DOC}'"), DOC.to_string())]);
    untouched("EXECUTE IMMEDIATE 'UPDATE docs SET doc = ? WHERE id = ?' USING NULL, 3");
    // Malformed argument lists are the server's to report; no panic.
    untouched("EXECUTE IMMEDIATE 'UPDATE docs SET doc = ? WHERE id = ?' USING , 3");
    untouched("EXECUTE IMMEDIATE 'UPDATE docs SET doc = ? WHERE id = ?' USING");
    for sql in [
        "EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (?, ?)' USING 1, @v",
        "EXECUTE IMMEDIATE 'UPDATE docs SET doc = ? WHERE id = ?' USING UPPER('x'), 3",
    ] {
        assert_eq!(refused(sql), RefuseReason::Expression, "{sql}");
    }
}

#[test]
fn invisible_statement_text_is_refused_even_without_a_table_name() {
    let cat = Cat { prefilter: true };
    for sql in [
        "EXECUTE IMMEDIATE @q",
        "EXECUTE IMMEDIATE CONCAT('SELECT ', 'doc FROM docs')",
        "PREPARE s FROM @q",
        "SET STATEMENT max_statement_time=1 FOR EXECUTE IMMEDIATE @q",
    ] {
        match plan_in(sql, &cat) {
            Plan::Refuse(r) => {
                assert_eq!(r.reason, RefuseReason::InvisibleText, "{sql}");
                assert!(r.message().contains("literal text"), "{}", r.message());
            }
            p => panic!("{sql}: {p:?}"),
        }
    }
    // COM_STMT_PREPARE path too.
    assert!(matches!(
        plan_statement(b"EXECUTE IMMEDIATE @q", D, Some("app"), &cat),
        Plan::Refuse(_)
    ));
    // `EXECUTE s` of a statement prepared from a checked text is fine.
    assert_eq!(plan_in("EXECUTE plain_s USING @a", &cat), Plan::Untouched);
    assert_eq!(plan_in("EXECUTE unseen", &cat), Plan::Untouched);
    // A statement squeeze did not see prepared may bind anything.
    match plan_in("EXECUTE unseen USING @a", &cat) {
        Plan::Refuse(r) => assert_eq!(r.reason, RefuseReason::InvisibleText),
        p => panic!("{p:?}"),
    }
}

#[test]
fn execute_using_compresses_literals_bound_to_compressed_columns_and_refuses_variables() {
    // `PREPARE ins FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'` was seen.
    let cat = Cat { prefilter: true };
    let sql = format!("EXECUTE ins USING 1, {}", format_args!("'{DOC}'"));
    match plan_in(&sql, &cat) {
        Plan::Rewrite { sites, .. } => {
            assert_eq!(sites.len(), 1);
            assert_eq!(&sql[sites[0].span.clone()], format!("'{DOC}'"));
            assert_eq!(sites[0].value.as_ref(), DOC.as_bytes());
        }
        p => panic!("{p:?}"),
    }
    assert_eq!(plan_in("EXECUTE ins USING 1, NULL", &cat), Plan::Untouched);
    for sql in [
        "EXECUTE ins USING 1, @v",
        "EXECUTE ins USING @a, UPPER('x')",
    ] {
        match plan_in(sql, &cat) {
            Plan::Refuse(r) => {
                assert_eq!(r.reason, RefuseReason::Expression, "{sql}");
                assert!(r.message().contains("app.docs.doc"), "{}", r.message());
            }
            p => panic!("{sql}: {p:?}"),
        }
    }
    // The PREPARE itself is accepted and reports what to remember.
    untouched("PREPARE ins FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'");
    let sql = "PREPARE Ins FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'";
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
    let kind = classify_statement(sql.as_bytes(), &toks, D);
    let (name, ph) = prepared_placeholders(sql.as_bytes(), &kind, D, Some("app"), &CAT).unwrap();
    assert_eq!(name, "ins");
    assert_eq!(
        ph.iter().map(Option::is_some).collect::<Vec<_>>(),
        [false, true]
    );
}

// ---- copies out of compressed columns ---------------------------------------------

#[test]
fn copies_of_compressed_values_out_of_squeeze_are_refused() {
    for sql in [
        "CREATE TABLE c AS SELECT id, doc FROM docs",
        "CREATE TABLE c SELECT * FROM docs",
        "CREATE TEMPORARY TABLE c AS SELECT d.* FROM docs d",
        "CREATE OR REPLACE TABLE c (x INT) SELECT id, doc FROM docs",
        "CREATE TABLE IF NOT EXISTS c (SELECT doc FROM docs)",
        "CREATE TABLE c AS SELECT x.doc FROM (SELECT doc FROM docs) x",
        "SELECT doc INTO OUTFILE '/tmp/x' FROM docs",
        "SELECT * INTO DUMPFILE '/tmp/x' FROM docs WHERE id = 1",
        "SELECT doc INTO @v FROM docs WHERE id = 1",
        "SELECT id, doc FROM docs WHERE id = 1 INTO @a, @b",
        "SET @v = (SELECT doc FROM docs WHERE id = 1)",
        "SET @a = 1, @v := (SELECT d.doc FROM docs d LIMIT 1)",
        "CREATE TRIGGER t AFTER INSERT ON docs FOR EACH ROW INSERT INTO plain (id, doc) VALUES (NEW.id, NEW.doc)",
        "CREATE DEFINER=`app`@`%` TRIGGER t BEFORE UPDATE ON app.docs FOR EACH ROW SET @old = OLD.doc",
        "CREATE TRIGGER t BEFORE INSERT ON plain FOR EACH ROW SET NEW.name = (SELECT doc FROM docs LIMIT 1)",
        "CREATE PROCEDURE p() INSERT INTO docs (id, doc) VALUES (1, '{}')",
        "CREATE TRIGGER t AFTER INSERT ON plain FOR EACH ROW UPDATE docs SET title = 'x'",
        "CREATE PROCEDURE p(v LONGBLOB) PREPARE s FROM 'INSERT INTO docs (id, doc) VALUES (1, ?)'",
    ] {
        let r = refusal(sql);
        assert_eq!(r.reason, RefuseReason::Copy, "{sql}: {r:?}");
        assert!(r.message().contains("app.docs.doc"), "{sql}: {}", r.message());
    }
    for sql in [
        "CREATE TABLE c AS SELECT id, title FROM docs",
        "CREATE TABLE c LIKE docs",
        "CREATE TABLE c (id INT, doc LONGBLOB)",
        "SELECT id INTO @v FROM docs WHERE id = 1",
        "SELECT COUNT(*) INTO @n FROM docs",
        "SELECT doc FROM docs WHERE id = 1",
        "SET @v = (SELECT id FROM docs LIMIT 1)",
        "SET @n = (SELECT COUNT(*) FROM docs WHERE doc IS NULL)",
        "CREATE TRIGGER t BEFORE INSERT ON docs FOR EACH ROW SET NEW.title = UPPER(NEW.title)",
    ] {
        untouched(sql);
    }
    match plan("CREATE PROCEDURE p() PREPARE s FROM @q") {
        Plan::Refuse(r) => assert_eq!(r.reason, RefuseReason::InvisibleText),
        p => panic!("{p:?}"),
    }
    untouched("CREATE PROCEDURE p() PREPARE s FROM 'SELECT id FROM docs'");
    // Functions inside are judged as in any query.
    assert_eq!(
        refused("SET @v = (SELECT JSON_EXTRACT(doc, '$.a') FROM docs LIMIT 1)"),
        RefuseReason::JsonFunction
    );
}

#[test]
fn insert_select_star_or_table_of_a_compressed_table_is_refused() {
    for sql in [
        "INSERT INTO plain SELECT * FROM docs",
        "INSERT INTO plain SELECT d.* FROM docs d WHERE d.id = 1",
        "REPLACE INTO plain TABLE docs2",
        "INSERT INTO docs (id, title) SELECT * FROM docs2",
    ] {
        assert_eq!(refused(sql), RefuseReason::InsertSelect, "{sql}");
    }
    // A subquery value reading it is refused too (as any other use).
    refused("INSERT INTO plain (id, doc) VALUES (1, (SELECT doc FROM docs LIMIT 1))");
    untouched("INSERT INTO plain (id) SELECT id FROM docs WHERE doc IS NULL");
    untouched("INSERT INTO plain SELECT * FROM plain");
}

// ---- DDL ---------------------------------------------------------------------------

#[test]
fn ddl_that_would_make_compressed_values_unreadable_is_refused() {
    for (sql, needle) in [
        ("ALTER TABLE docs MODIFY doc LONGTEXT", "LONGTEXT"),
        ("ALTER TABLE app.docs MODIFY COLUMN doc JSON NULL", "JSON"),
        ("ALTER TABLE docs ADD x INT, MODIFY doc TEXT", "TEXT"),
        ("ALTER TABLE docs CHANGE doc doc VARCHAR(1000)", "VARCHAR"),
        ("ALTER TABLE docs CHANGE COLUMN doc doc2 LONGBLOB", "doc2"),
        ("ALTER TABLE docs RENAME COLUMN doc TO body", "body"),
        ("ALTER TABLE docs RENAME TO docs_old", "app.docs_old"),
        ("ALTER TABLE docs RENAME AS other_db.docs", "other_db.docs"),
        ("RENAME TABLE docs TO docs_old", "app.docs_old"),
        ("RENAME TABLE plain TO p2, app.docs TO x.docs", "x.docs"),
        ("RENAME TABLE docs WAIT 5 TO docs_old", "app.docs_old"),
        (
            "RENAME TABLE IF EXISTS docs NOWAIT TO docs_old",
            "app.docs_old",
        ),
        // The same names elsewhere: not configured there.
        ("RENAME TABLE docs TO other", "app.other"),
    ] {
        let r = refusal(sql);
        assert_eq!(r.reason, RefuseReason::Ddl, "{sql}: {r:?}");
        let m = r.message();
        assert!(
            m.contains("app.docs.doc") && m.contains(needle),
            "{sql}: {m}"
        );
    }
    for sql in [
        "ALTER TABLE docs MODIFY doc LONGBLOB NOT NULL",
        "ALTER TABLE docs MODIFY doc MEDIUMBLOB",
        "ALTER TABLE docs CHANGE doc doc VARBINARY(60000)",
        "ALTER TABLE docs MODIFY title TEXT",
        "ALTER TABLE docs DROP COLUMN doc",
        "ALTER TABLE docs ADD COLUMN note LONGBLOB AFTER id, RENAME INDEX a TO b",
        "DROP TABLE docs",
        "RENAME TABLE docs TO docs2",
        "ALTER TABLE plain MODIFY doc TEXT",
        "RENAME TABLE plain TO plain2",
    ] {
        untouched(sql);
    }
}

#[test]
fn ddl_targets_name_every_database_and_table_it_changes() {
    let t = |sql: &str, db: Option<&str>| {
        let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
        ddl_targets(sql.as_bytes(), &toks, db)
    };
    let table = |d: &str, n: &str| SchemaTarget::Table(d.into(), n.into());
    let got = t(
        "ALTER TABLE app.docs DROP COLUMN note, ADD COLUMN note LONGBLOB AFTER id",
        Some("other"),
    );
    assert!(got.contains(&table("app", "docs")), "{got:?}");
    assert!(!got.contains(&table("other", "docs")), "{got:?}");
    let got = t("RENAME TABLE a.x TO b.y, z TO w", Some("c"));
    for want in [
        table("a", "x"),
        table("b", "y"),
        table("c", "z"),
        table("c", "w"),
    ] {
        assert!(got.contains(&want), "{got:?}");
    }
    assert_eq!(
        t("DROP DATABASE IF EXISTS app", Some("x")),
        [SchemaTarget::Database("app".into())]
    );
    assert_eq!(
        t("CREATE SCHEMA `app`", None),
        [SchemaTarget::Database("app".into())]
    );
    assert!(t("ALTER TABLE docs ADD x INT", None).is_empty());
}

// ---- properties -------------------------------------------------------------------

fn quote(v: &str, nb: bool) -> String {
    let mut o = String::from("'");
    for c in v.chars() {
        match c {
            '\'' => o.push_str("''"),
            '\\' if !nb => o.push_str("\\\\"),
            '\0' if !nb => o.push_str("\\0"),
            c => o.push(c),
        }
    }
    o.push('\'');
    o
}

proptest::proptest! {
    /// CONCAT of any split of a value, and a CASE branch holding it,
    /// evaluate to exactly the value, in either backslash mode.
    #[test]
    fn concat_splits_and_case_branches_evaluate_to_the_value(
        v in "[a-z{}\\[\\]\":,' \\\\é😀\\x00]{0,40}",
        cut in 0usize..41,
        nb in proptest::bool::ANY,
    ) {
        let opts = LexOptions { no_backslash_escapes: nb, ansi_quotes: false };
        let cut = v.char_indices().map(|(i, _)| i).chain([v.len()]).nth(cut).unwrap_or(v.len());
        let (a, b) = v.split_at(cut);
        let concat = format!("CONCAT({}, {})", quote(a, nb), quote(b, nb));
        let case = format!("CASE WHEN id = 1 THEN {} ELSE NULL END", quote(&v, nb));
        for (expr, whole) in [(concat.as_str(), true), (case.as_str(), false)] {
            let sql = format!("UPDATE docs SET doc = {expr} WHERE id = 1");
            let plans = plan_query(sql.as_bytes(), opts, Some("app"), &CAT);
            match &plans[0].plan {
                Plan::Rewrite { sites, .. } => {
                    proptest::prop_assert_eq!(sites.len(), 1);
                    proptest::prop_assert_eq!(sites[0].value.as_ref(), v.as_bytes());
                    if whole {
                        proptest::prop_assert_eq!(&sql[sites[0].span.clone()], expr);
                    }
                }
                p => proptest::prop_assert!(false, "{sql}: {p:?}"),
            }
        }
    }
}

#[test]
fn a_literal_inside_a_dynamic_statement_text_is_rewritten_inside_the_text() {
    for sql in [
        r#"EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (1, ''{\\"a\\":1}'')'"#,
        r#"PREPARE s FROM "UPDATE docs SET doc = '{}' WHERE id = 2""#,
        "EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (?, ''{}'')' USING 3",
    ] {
        match plan(sql) {
            Plan::RewriteText(t) => {
                let from = sql.find(['\'', '"']).unwrap();
                let to = sql.rfind(['\'', '"']).unwrap() + 1;
                assert_eq!(t.span, from..to, "{sql}");
                assert_eq!(t.sites.len(), 1, "{sql}");
                assert_eq!(t.text[t.sites[0].span.clone()][0], b'\'', "{sql}");
                // Quoted anew without edits, it decodes to the same text.
                let again = t.literal(&[]);
                let toks = crate::sql::lexer::lex(&again, t.opts);
                let back = crate::sql::decode_string(&again, &toks[0], t.opts).unwrap();
                assert_eq!(back.as_ref(), &t.text[..], "{sql}");
            }
            p => panic!("{sql}: {p:?}"),
        }
    }
    // A value bound with USING as well as a literal: not both.
    assert_eq!(
        refused(
            "EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (1, ''{}''), (2, ?)' USING '{}'"
        ),
        RefuseReason::PreparedText
    );
    // Adjacent strings (the server concatenates them) are not one text.
    let sql = "PREPARE s FROM 'INSERT INTO docs (id, doc) VALUES (1, ' '''{}'')'";
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
    assert!(matches!(
        classify_statement(sql.as_bytes(), &toks, D),
        StatementKind::Prepare { text: None, .. }
    ));
}
