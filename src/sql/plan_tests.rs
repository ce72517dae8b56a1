// Over 600 lines: tests only, one per claim about the planner (32 of them).
//! Tests for the planner with SQL as drivers, ORMs and dump tools emit it.

use super::classify::StatementKind;
use super::lexer::{decode_string, lex, LexOptions, TokenKind};
use super::plan::*;
use super::splice::{binary_literal, splice};
use proptest::prelude::*;

/// `app.docs(id, doc*, title)`, `app.comments(id, body*, meta*)`,
/// `reddit.comments(id, body*)`, `app.users(id, name)`, `app.notes(note*)`
/// with unknown column order. `*` = compressed.
struct Cat;

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        let c = column.to_ascii_lowercase();
        matches!(
            (db, table, c.as_str()),
            ("app", "docs", "doc")
                | ("app", "comments", "body")
                | ("app", "comments", "meta")
                | ("reddit", "comments", "body")
                | ("app", "notes", "note")
        )
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        matches!(
            (db, table),
            ("app", "docs") | ("app", "comments") | ("reddit", "comments") | ("app", "notes")
        )
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title"],
            ("app", "comments") => &["id", "body", "meta"],
            ("reddit", "comments") => &["id", "body"],
            ("app", "users") => &["id", "name"],
            _ => return None,
        };
        Some(cols.iter().map(|s| s.to_string()).collect())
    }
}

/// Same catalog with a prefilter.
struct Filtered(TableNameFilter);

impl ColumnCatalog for Filtered {
    fn is_compressed(&self, d: &str, t: &str, c: &str) -> bool {
        Cat.is_compressed(d, t, c)
    }
    fn table_has_compressed(&self, d: &str, t: &str) -> bool {
        Cat.table_has_compressed(d, t)
    }
    fn table_columns(&self, d: &str, t: &str) -> Option<Vec<String>> {
        Cat.table_columns(d, t)
    }
    fn may_mention_compressed(&self, sql: &[u8]) -> bool {
        self.0.may_mention(sql)
    }
}

const D: LexOptions = LexOptions {
    no_backslash_escapes: false,
    ansi_quotes: false,
};

fn plan_with(sql: &str, opts: LexOptions) -> Plan<'_> {
    let plans = plan_query(sql.as_bytes(), opts, Some("app"), &Cat);
    assert_eq!(plans.len(), 1, "{plans:?}");
    plans.into_iter().next().unwrap().plan
}

fn plan(sql: &str) -> Plan<'_> {
    plan_with(sql, D)
}

/// (literal text as written, decoded value, column) of each site.
fn sites(sql: &str) -> Vec<(String, String, String)> {
    sites_with(sql, D)
}

fn sites_with(sql: &str, opts: LexOptions) -> Vec<(String, String, String)> {
    match plan_with(sql, opts) {
        Plan::Rewrite { sites, .. } => sites
            .into_iter()
            .map(|s| {
                (
                    sql[s.span.clone()].to_string(),
                    String::from_utf8_lossy(&s.value).into_owned(),
                    s.column.to_string(),
                )
            })
            .collect(),
        p => panic!("expected sites for {sql}: {p:?}"),
    }
}

fn site_texts(sql: &str) -> Vec<String> {
    sites(sql).into_iter().map(|s| s.0).collect()
}

fn refused(sql: &str) -> RefuseReason {
    match plan(sql) {
        Plan::Refuse(r) => r.reason,
        p => panic!("expected refusal for {sql}: {p:?}"),
    }
}

fn untouched(sql: &str) {
    assert_eq!(plan(sql), Plan::Untouched, "{sql}");
}

// ---- INSERT / REPLACE --------------------------------------------------

#[test]
fn insert_with_column_list() {
    assert_eq!(
        sites("INSERT INTO docs (id, doc, title) VALUES (1, '{\"a\":1}', 'x')"),
        [(
            "'{\"a\":1}'".into(),
            "{\"a\":1}".into(),
            "app.docs.doc".into()
        )]
    );
}

#[test]
fn insert_without_column_list_uses_catalog_order() {
    assert_eq!(
        site_texts("insert into docs values (1,'{}','t'),(2,'[1]','u')"),
        ["'{}'", "'[1]'"]
    );
}

#[test]
fn mysqldump_extended_insert() {
    let sql = "/*!40000 ALTER TABLE `docs` DISABLE KEYS */";
    let plans = plan_query(sql.as_bytes(), D, Some("app"), &Cat);
    assert_eq!(plans[0].kind, StatementKind::Ddl);
    assert_eq!(plans[0].plan, Plan::Untouched);
    let s = sites(
        "INSERT INTO `docs` VALUES (1,'{\\\"a\\\":1}','x'),(2,'{\\\"b\\\":\\\"it\\'s\\\"}',NULL),(3,NULL,'z')",
    );
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].1, "{\"a\":1}");
    assert_eq!(s[1].1, "{\"b\":\"it's\"}");
}

#[test]
fn every_insert_modifier_and_form_still_finds_the_compressed_literal() {
    assert_eq!(
        site_texts("INSERT IGNORE INTO app.docs (doc) VALUES ('a')"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("INSERT LOW_PRIORITY docs (doc) VALUE ('a')"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("INSERT HIGH_PRIORITY IGNORE INTO docs PARTITION (p0) (doc) VALUES ('a')"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("INSERT DELAYED INTO docs (`doc`) VALUES ('a')"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("REPLACE INTO docs (id, doc) VALUES (1, 'a')"),
        ["'a'"]
    );
    assert_eq!(site_texts("REPLACE docs SET id = 1, doc = 'a'"), ["'a'"]);
    assert_eq!(
        site_texts("INSERT INTO docs SET doc = 'a', title = 'b'"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("INSERT INTO docs (id, DOC) VALUES ROW(1, 'a'), ROW(2, 'b')"),
        ["'a'", "'b'"]
    );
    assert_eq!(
        site_texts("INSERT INTO reddit.comments (id, body) VALUES (1, 'x')"),
        ["'x'"]
    );
    assert_eq!(
        sites("INSERT INTO reddit.comments (id, body) VALUES (1, 'x')")[0].2,
        "reddit.comments.body"
    );
    assert_eq!(
        site_texts("INSERT INTO comments (body, meta) VALUES ('a', 'b')"),
        ["'a'", "'b'"]
    );
}

#[test]
fn every_literal_form_is_a_site_with_its_decoded_value() {
    assert_eq!(
        site_texts("INSERT INTO docs (doc) VALUES (_utf8mb4'{}'), (_binary '{}'), (N'x'), (X'7B7D'), (0x7b7d), (b'01'), (-12), (3.5), (_binary X'00')"),
        ["_utf8mb4'{}'", "_binary '{}'", "N'x'", "X'7B7D'", "0x7b7d", "b'01'", "-12", "3.5", "_binary X'00'"]
    );
    let s = sites("INSERT INTO docs (doc) VALUES (X'7B7D'), (0x7b7d), ('a' 'b' \"c\")");
    assert_eq!(s[0].1, "{}");
    assert_eq!(s[1].1, "{}");
    assert_eq!(s[2].0, "'a' 'b' \"c\"");
    assert_eq!(s[2].1, "abc");
    match plan("INSERT INTO docs (doc) VALUES (_utf8mb4'x'), (_binary'y'), (N'z')") {
        Plan::Rewrite { sites, .. } => {
            assert_eq!(sites[0].introducer, Some("utf8mb4"));
            assert_eq!(sites[1].introducer, Some("binary"));
            assert_eq!(sites[2].introducer, Some("utf8"));
            assert_eq!(sites[0].kind, LiteralKind::Text);
        }
        p => panic!("{p:?}"),
    }
}

#[test]
fn null_default_are_not_sites_and_expressions_are_refused() {
    untouched("INSERT INTO docs (id, doc) VALUES (1, NULL), (2, DEFAULT)");
    // Computed by MySQL, it would be stored uncompressed: refused.
    assert_eq!(
        refused("INSERT INTO docs (id, doc) VALUES (1, JSON_OBJECT('a', 1))"),
        RefuseReason::Expression
    );
    untouched("INSERT INTO docs (id, title) VALUES (1, 'not compressed')");
    untouched("INSERT INTO docs () VALUES ()");
}

#[test]
fn insert_column_count_mismatch_is_left_to_mysql() {
    untouched("INSERT INTO docs (id, doc) VALUES (1, 'a', 3)");
}

#[test]
fn insert_unknown_column_order() {
    assert_eq!(
        refused("INSERT INTO notes VALUES ('x')"),
        RefuseReason::ColumnOrderUnknown
    );
    assert_eq!(site_texts("INSERT INTO notes (note) VALUES ('x')"), ["'x'"]);
}

#[test]
fn insert_select_into_a_compressed_column_is_refused() {
    assert_eq!(
        refused("INSERT INTO docs (id, doc) SELECT id, doc FROM docs"),
        RefuseReason::InsertSelect
    );
    assert_eq!(
        refused("INSERT INTO docs SELECT * FROM docs"),
        RefuseReason::InsertSelect
    );
    assert_eq!(
        refused("INSERT INTO users (id, name) SELECT id, doc FROM docs"),
        RefuseReason::InsertSelect
    );
    assert_eq!(
        refused("INSERT INTO users (name) SELECT JSON_EXTRACT(doc, '$.n') FROM docs"),
        RefuseReason::JsonFunction
    );
    untouched("INSERT INTO users (id) SELECT id FROM docs WHERE doc IS NOT NULL");
    untouched("INSERT INTO docs (id, title) SELECT id, name FROM users");
}

#[test]
fn on_duplicate_key_update() {
    assert_eq!(
        site_texts("INSERT INTO docs (id, doc) VALUES (1, 'a') ON DUPLICATE KEY UPDATE doc = 'b'"),
        ["'a'", "'b'"]
    );
    assert_eq!(
        site_texts("INSERT INTO docs (id, doc) VALUES (1, 'a') ON DUPLICATE KEY UPDATE doc = VALUES(doc), title = 'x'"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("INSERT INTO docs (id, doc) VALUES (1, 'a') AS new ON DUPLICATE KEY UPDATE doc = new.doc"),
        ["'a'"]
    );
    assert_eq!(
        refused("INSERT INTO docs (id, doc) VALUES (1, 'a') ON DUPLICATE KEY UPDATE doc = CONCAT(doc, 'x')"),
        RefuseReason::ComputedUpdate
    );
    assert_eq!(
        refused("INSERT INTO docs (id, doc) VALUES (1, 'a') ON DUPLICATE KEY UPDATE doc = JSON_MERGE_PATCH(doc, VALUES(doc))"),
        RefuseReason::ComputedUpdate
    );
    assert_eq!(
        refused("INSERT INTO docs (id, doc) VALUES (1, 'a') ON DUPLICATE KEY UPDATE title = doc"),
        RefuseReason::ComputedUpdate
    );
}

// ---- UPDATE ----------------------------------------------------------------

#[test]
fn update_set_literals_of_compressed_columns_are_sites_and_others_are_not() {
    assert_eq!(
        sites("UPDATE docs SET doc = '{\"x\":2}' WHERE id = 1"),
        [(
            "'{\"x\":2}'".into(),
            "{\"x\":2}".into(),
            "app.docs.doc".into()
        )]
    );
    assert_eq!(
        site_texts("UPDATE `app`.`docs` SET `doc`='a', title='b' WHERE id=1 LIMIT 1"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("UPDATE docs d SET d.doc = 'a' WHERE d.id = 1"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("UPDATE users u JOIN docs d ON d.id = u.id SET d.doc = 'a', u.name = 'n' WHERE u.id = 3"),
        ["'a'"]
    );
    assert_eq!(
        site_texts("UPDATE users, docs SET docs.doc = 'a' WHERE users.id = docs.id"),
        ["'a'"]
    );
    untouched("UPDATE docs SET doc = NULL WHERE id = 1");
    untouched("UPDATE docs SET title = 'x' WHERE doc IS NULL");
    untouched("UPDATE users SET name = 'doc' WHERE id = 1");
}

#[test]
fn update_computed_from_old_value() {
    assert_eq!(
        refused("UPDATE docs SET doc = CONCAT(doc, 'x')"),
        RefuseReason::ComputedUpdate
    );
    assert_eq!(
        refused("UPDATE docs SET doc = JSON_SET(doc, '$.a', 1) WHERE id = 1"),
        RefuseReason::ComputedUpdate
    );
    assert_eq!(
        refused("UPDATE docs SET title = LEFT(doc, 10)"),
        RefuseReason::Function
    );
    assert_eq!(
        refused("UPDATE docs SET title = doc"),
        RefuseReason::ComputedUpdate
    );
    assert_eq!(
        refused("UPDATE docs SET title = 'x' WHERE doc = '{}'"),
        RefuseReason::Comparison
    );
    assert_eq!(
        refused("UPDATE docs SET title = 'x' ORDER BY doc LIMIT 1"),
        RefuseReason::OrderBy
    );
}

// ---- refusals in reads -------------------------------------------------------

#[test]
fn reads_that_look_inside_a_compressed_value_are_refused_with_their_reason() {
    use RefuseReason::*;
    let cases: &[(&str, RefuseReason)] = &[
        // Select-list forms squeeze does not evaluate itself.
        ("SELECT JSON_EXTRACT(doc, '$.a', ?) FROM docs", JsonFunction),
        (
            "SELECT JSON_EXTRACT(doc, CONCAT('$.', 'a')) FROM docs",
            JsonFunction,
        ),
        ("SELECT JSON_EXTRACT(doc, ?) FROM docs", JsonFunction),
        ("SELECT JSON_EXTRACT(doc, '$**.a') FROM docs", JsonFunction),
        (
            "SELECT JSON_EXTRACT(doc, '$[last]') FROM docs",
            JsonFunction,
        ),
        ("SELECT JSON_VALUE(doc, '$[*]') FROM docs", JsonFunction),
        // MariaDB answers NULL with a warning: wildcards where a function
        // takes none, a mode other than one/all.
        ("SELECT JSON_KEYS(doc, '$.*') FROM docs", JsonFunction),
        (
            "SELECT JSON_CONTAINS(doc, '1', '$[*]') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT JSON_CONTAINS_PATH(doc, 'any', '$.a') FROM docs",
            JsonFunction,
        ),
        // Constants that are not valid JSON (MariaDB reads them only as
        // far as each row needs), as_boolean() over a wildcard, casts and defaults whose
        // MariaDB conversions are not reproduced.
        ("SELECT JSON_CONTAINS(doc, '1x') FROM docs", JsonFunction),
        ("SELECT JSON_CONTAINS(doc, '[1] x') FROM docs", JsonFunction),
        ("SELECT JSON_CONTAINS(doc, '{\"a\": ') FROM docs", JsonFunction),
        ("SELECT JSON_CONTAINS('[1, x', doc) FROM docs", JsonFunction),
        (
            "SELECT JSON_CONTAINS(JSON_EXTRACT(doc, '$.a'), '[1') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT JSON_CONTAINS(JSON_EXTRACT(doc, '$.a'), '1', '$.b') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT JSON_CONTAINS('{\"a\": 1}', doc, '$[*]') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT CASE JSON_EXTRACT(doc, '$[*]') WHEN 'null' THEN NULL WHEN true THEN true ELSE false END FROM docs",
            JsonFunction,
        ),
        (
            "SELECT CASE JSON_EXTRACT(doc, '$.a') WHEN 'null' THEN NULL WHEN true THEN 1 ELSE false END FROM docs",
            JsonFunction,
        ),
        (
            "SELECT CAST(JSON_EXTRACT(doc, '$.a') AS DATE) FROM docs",
            JsonFunction,
        ),
        (
            "SELECT CAST(JSON_EXTRACT(doc, '$.a') AS CHAR(3)) FROM docs",
            JsonFunction,
        ),
        (
            "SELECT COALESCE(JSON_VALUE(doc, '$.a'), 1) FROM docs",
            JsonFunction,
        ),
        (
            "SELECT IFNULL(JSON_LENGTH(doc), 'x') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT COALESCE(JSON_VALUE(doc, '$.a'), 'x', 'y') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT COALESCE(CAST(JSON_VALUE(doc, '$.a') AS DOUBLE), 'x') FROM docs",
            JsonFunction,
        ),
        (
            "SELECT CAST(JSON_VALUE(doc, '$.a') AS SIGNED) + 1 FROM docs",
            JsonFunction,
        ),
        (
            "SELECT JSON_EXTRACT(doc, '$.a') + 1 FROM docs",
            JsonFunction,
        ),
        (
            "SELECT COALESCE(JSON_VALUE(doc, '$.a'), title) FROM docs",
            JsonFunction,
        ),
        (
            "SELECT JSON_EXTRACT(CONCAT(doc), '$.a') FROM docs",
            Function,
        ),
        (
            "SELECT x FROM (SELECT JSON_VALUE(doc, '$.a') x FROM docs) t",
            JsonFunction,
        ),
        (
            "SELECT (SELECT JSON_VALUE(doc, '$.a') FROM docs LIMIT 1)",
            JsonFunction,
        ),
        (
            "WITH c AS (SELECT JSON_VALUE(doc, '$.a') v FROM docs) SELECT v FROM c",
            JsonFunction,
        ),
        (
            "SELECT JSON_VALUE(doc, '$.a') FROM docs UNION ALL SELECT 1",
            JsonFunction,
        ),
        (
            "SELECT JSON_VALUE(doc, '$.a') v FROM docs ORDER BY v",
            OrderBy,
        ),
        (
            "SELECT JSON_VALUE(doc, '$.a') v FROM docs ORDER BY 1",
            OrderBy,
        ),
        ("SELECT DISTINCT JSON_VALUE(doc, '$.a') FROM docs", Distinct),
        (
            "SELECT JSON_VALUE(doc, '$.a') INTO @v FROM docs LIMIT 1",
            Copy,
        ),
        // Predicates on a path stay refused (issue 35, part 3).
        (
            "SELECT id FROM docs WHERE JSON_VALUE(doc, '$.a') = 'x'",
            JsonFunction,
        ),
        (
            "SELECT id FROM docs ORDER BY JSON_VALUE(doc, '$.a')",
            JsonFunction,
        ),
        (
            "SELECT COUNT(*) FROM docs GROUP BY JSON_VALUE(doc, '$.a')",
            JsonFunction,
        ),
        (
            "SELECT id FROM docs HAVING JSON_VALUE(doc, '$.a') > 1",
            JsonFunction,
        ),
        (
            "SELECT u.id FROM users u JOIN docs d ON JSON_VALUE(d.doc, '$.a') = u.name",
            JsonFunction,
        ),
        ("SELECT doc->>'$.a' FROM docs", JsonFunction),
        ("SELECT d.doc -> '$.a' FROM docs d", JsonFunction),
        (
            "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1')",
            JsonFunction,
        ),
        ("SELECT LENGTH(doc) FROM docs", Function),
        ("SELECT CONCAT('x', `doc`) FROM docs", Function),
        ("SELECT id FROM docs WHERE doc LIKE '%a%'", Like),
        ("SELECT id FROM docs WHERE doc NOT LIKE '%a%'", Like),
        ("SELECT id FROM docs WHERE doc REGEXP 'a'", Like),
        ("SELECT id FROM docs WHERE doc RLIKE 'a'", Like),
        ("SELECT id FROM docs WHERE doc = '{}'", Comparison),
        ("SELECT id FROM docs WHERE '{}' = doc", Comparison),
        ("SELECT id FROM docs WHERE doc <=> '{}'", Comparison),
        ("SELECT id FROM docs WHERE doc != 'x'", Comparison),
        ("SELECT id FROM docs WHERE doc <> 'x'", Comparison),
        ("SELECT id FROM docs WHERE doc > 'x'", Comparison),
        ("SELECT id FROM docs WHERE doc IN ('a', 'b')", Comparison),
        ("SELECT id FROM docs WHERE 'a' IN (doc, title)", Comparison),
        (
            "SELECT id FROM docs WHERE doc BETWEEN 'a' AND 'b'",
            Comparison,
        ),
        ("SELECT id FROM docs WHERE doc", Comparison),
        ("SELECT id FROM docs WHERE id = 1 AND doc", Comparison),
        ("SELECT id FROM docs ORDER BY doc", OrderBy),
        ("SELECT id FROM docs ORDER BY id, doc DESC", OrderBy),
        ("SELECT doc, COUNT(*) FROM docs GROUP BY doc", GroupBy),
        ("SELECT DISTINCT doc FROM docs", Distinct),
        ("SELECT id FROM docs HAVING doc = 'x'", Comparison),
        (
            "SELECT * FROM users u JOIN docs d ON d.doc = u.name",
            Comparison,
        ),
        (
            "SELECT * FROM users WHERE id IN (SELECT id FROM docs WHERE doc = 'x')",
            Comparison,
        ),
        (
            "SELECT * FROM (SELECT doc FROM docs) t WHERE t.doc = 'x'",
            Comparison,
        ),
        (
            "SELECT id FROM docs WHERE doc MEMBER OF ('[1]')",
            JsonFunction,
        ),
        (
            "SELECT * FROM docs, JSON_TABLE(doc, '$[*]' COLUMNS (a INT PATH '$.a')) j",
            JsonFunction,
        ),
        ("DELETE FROM docs WHERE doc = '{}'", Comparison),
        (
            "DELETE FROM docs WHERE JSON_EXTRACT(doc, '$.a') = 1",
            JsonFunction,
        ),
        ("SELECT doc + 1 FROM docs", Function),
        ("SELECT COUNT(DISTINCT doc) FROM docs", Distinct),
        (
            "SELECT id FROM reddit.comments WHERE body LIKE '%rust%'",
            Like,
        ),
        (
            "SELECT id FROM reddit.comments c WHERE JSON_EXTRACT(c.body, '$.x')",
            JsonFunction,
        ),
        ("SELECT id FROM docs WHERE app.docs.doc = 'x'", Comparison),
        ("SELECT id FROM docs WHERE doc IS TRUE", Comparison),
        (
            "WITH c AS (SELECT doc FROM docs) SELECT * FROM c WHERE c.doc = 'x'",
            Comparison,
        ),
        // A generated column over a compressed column (issue 32): the DDL
        // guard names it as such.
        ("ALTER TABLE docs ADD COLUMN a INT AS (doc->>'$.a')", Ddl),
        (
            "SELECT id FROM docs WHERE CASE WHEN doc THEN 1 END",
            Comparison,
        ),
    ];
    for (sql, reason) in cases {
        assert_eq!(refused(sql), *reason, "{sql}");
    }
}

#[test]
fn refusal_message_names_column() {
    let Plan::Refuse(r) = plan("SELECT LENGTH(body) FROM reddit.comments") else {
        panic!()
    };
    let m = r.message();
    assert!(
        m.starts_with("column `reddit.comments.body` is stored compressed by squeeze; MySQL cannot evaluate LENGTH() on it."),
        "{m}"
    );
}

#[test]
fn a_predicate_on_a_json_path_is_refused_naming_the_column_the_path_and_the_select_list_form() {
    let Plan::Refuse(r) =
        plan("SELECT id FROM reddit.comments WHERE JSON_VALUE(body, '$.author') = 'x'")
    else {
        panic!()
    };
    assert_eq!(r.reason.as_label(), "json_function");
    let m = r.message();
    assert!(
        m.starts_with("column `reddit.comments.body` is stored compressed by squeeze; MariaDB cannot evaluate `JSON_VALUE(body, '$.author')` in a comparison (`=`) on it."),
        "{m}"
    );
    assert!(
        m.contains("as items of the statement's own select list"),
        "{m}"
    );
    assert!(
        m.contains("a predicate, ORDER BY, GROUP BY or join on a path"),
        "{m}"
    );
}

#[test]
fn a_select_list_json_function_of_a_compressed_column_is_planned_for_squeeze_to_evaluate() {
    let sql =
        "SELECT id, JSON_UNQUOTE(JSON_EXTRACT(d.body, '$.\"a b\"[0]')) AS v FROM reddit.comments d";
    let plans = plan_query(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat);
    assert_eq!(plans[0].plan, Plan::Untouched);
    let shape = plans[0].shape.as_ref().expect("a shape");
    let (i, c, item) = &shape.json[0];
    assert_eq!((*i, c.column.as_str()), (1, "body"));
    assert_eq!(&sql[item.arg.clone()], "d.body");
    assert_eq!(
        &sql[item.item.clone()],
        "JSON_UNQUOTE(JSON_EXTRACT(d.body, '$.\"a b\"[0]'))"
    );
    assert_eq!(item.name, "v");
    assert!(matches!(
        item.call,
        crate::sql::json::JsonCall::UnquoteExtract(_)
    ));
}

#[test]
fn json_keys_type_contains_multi_path_extract_and_their_casts_and_defaults_are_evaluated() {
    use crate::sql::json::eval::CastTo;
    use crate::sql::json::JsonCall;
    type Check = fn(&JsonCall) -> bool;
    let cases: &[(&str, Check)] = &[
        ("JSON_TYPE(doc)", |c| *c == JsonCall::Type),
        ("JSON_KEYS(doc)", |c| *c == JsonCall::Keys(None)),
        ("json_keys(doc, '$.a[0]')", |c| {
            matches!(c, JsonCall::Keys(Some(_)))
        }),
        (
            "JSON_CONTAINS(doc, ' \"x\" ')",
            |c| matches!(c, JsonCall::Contains(cand, None) if cand.raw == b"\"x\""),
        ),
        ("JSON_CONTAINS(doc, '1.5', '$.a')", |c| {
            matches!(c, JsonCall::Contains(_, Some(_)))
        }),
        (
            "JSON_CONTAINS(doc, '{\"a\": [1, {\"b\": null}]}')",
            |c| matches!(c, JsonCall::Contains(cand, None) if cand.raw.starts_with(b"{")),
        ),
        (
            "JSON_CONTAINS('{\"x\": [1, 2]}', doc, '$.x')",
            |c| matches!(c, JsonCall::ContainedIn(t, Some(_)) if t.raw == br#"{"x": [1, 2]}"#),
        ),
        (
            "JSON_CONTAINS(JSON_EXTRACT(doc, '$.\"a\"'), '{\"b\": 1}')",
            |c| matches!(c, JsonCall::ValueContains(inner, _) if matches!(**inner, JsonCall::Extract(_))),
        ),
        (
            "JSON_CONTAINS('[1, 2]', JSON_EXTRACT(doc, '$.a', '$.b'))",
            |c| matches!(c, JsonCall::ValueContainedIn(_, inner) if matches!(**inner, JsonCall::ExtractMany(_))),
        ),
        (
            "CASE JSON_EXTRACT(doc, '$.\"archived\"') WHEN 'null' THEN NULL WHEN true THEN true ELSE false END",
            |c| matches!(c, JsonCall::BoolCase(_)),
        ),
        (
            "JSON_CONTAINS_PATH(doc, 'ALL', '$.a', '$[*]')",
            |c| matches!(c, JsonCall::ContainsPath { all: true, paths } if paths.len() == 2),
        ),
        (
            "JSON_EXTRACT(doc, '$.a', '$.b[0 to 2]', '$')",
            |c| matches!(c, JsonCall::ExtractMany(p) if p.len() == 3),
        ),
        (
            "CAST(JSON_EXTRACT(doc, '$.a') AS SIGNED INTEGER)",
            |c| matches!(c, JsonCall::Cast(inner, CastTo::Signed) if matches!(**inner, JsonCall::Extract(_))),
        ),
        ("CAST(JSON_VALUE(doc, '$.a') AS UNSIGNED)", |c| {
            matches!(c, JsonCall::Cast(_, CastTo::Unsigned))
        }),
        (
            "cast(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.a')) as char)",
            |c| matches!(c, JsonCall::Cast(inner, CastTo::Char) if matches!(**inner, JsonCall::UnquoteExtract(_))),
        ),
        ("CAST(JSON_VALUE(doc, '$.a') AS DOUBLE)", |c| {
            matches!(c, JsonCall::Cast(_, CastTo::Double))
        }),
        ("CAST(JSON_VALUE(doc, '$.a') AS DECIMAL(12, 3))", |c| {
            matches!(c, JsonCall::Cast(_, CastTo::Decimal(12, 3)))
        }),
        ("CAST(JSON_LENGTH(doc) AS DECIMAL)", |c| {
            matches!(c, JsonCall::Cast(_, CastTo::Decimal(10, 0)))
        }),
        (
            "COALESCE(JSON_VALUE(doc, '$.a'), 'none')",
            |c| matches!(c, JsonCall::OrElse(_, v) if v == b"none"),
        ),
        (
            "IFNULL(JSON_LENGTH(doc, '$.a'), 0)",
            |c| matches!(c, JsonCall::OrElse(_, v) if v == b"0"),
        ),
        (
            "IFNULL(CAST(JSON_EXTRACT(doc, '$.n') AS SIGNED), 7)",
            |c| matches!(c, JsonCall::OrElse(inner, _) if matches!(**inner, JsonCall::Cast(..))),
        ),
    ];
    for (item, check) in cases {
        let sql = format!("SELECT id, {item} AS v FROM docs WHERE id = 1");
        let plans = plan_query(sql.as_bytes(), LexOptions::default(), Some("app"), &Cat);
        assert_eq!(plans[0].plan, Plan::Untouched, "{sql}");
        let shape = plans[0].shape.as_ref().expect("a shape");
        let (i, c, j) = &shape.json[0];
        assert_eq!((*i, c.column.as_str()), (1, "doc"), "{sql}");
        assert_eq!(&sql[j.item.clone()], *item);
        assert_eq!(&sql[j.arg.clone()], "doc");
        assert!(check(&j.call), "{sql}: {:?}", j.call);
    }
}

/// [`Cat`] on a backend where `->` is a syntax error (MariaDB 10.11).
struct ArrowlessCat;

impl ColumnCatalog for ArrowlessCat {
    fn is_compressed(&self, d: &str, t: &str, c: &str) -> bool {
        Cat.is_compressed(d, t, c)
    }
    fn table_has_compressed(&self, d: &str, t: &str) -> bool {
        Cat.table_has_compressed(d, t)
    }
    fn table_columns(&self, d: &str, t: &str) -> Option<Vec<String>> {
        Cat.table_columns(d, t)
    }
    fn json_arrow_is_syntax_error(&self) -> bool {
        true
    }
}

#[test]
fn the_arrow_operators_go_to_a_server_that_rejects_them_as_written() {
    for sql in [
        "SELECT doc->>'$.a' FROM docs",
        "SELECT d.doc -> '$.a', JSON_EXTRACT(doc, '$.b') FROM docs d",
        "SELECT id FROM docs WHERE doc->'$.a' = 1",
    ] {
        let plans = plan_query(
            sql.as_bytes(),
            LexOptions::default(),
            Some("app"),
            &ArrowlessCat,
        );
        assert_eq!(plans[0].plan, Plan::Untouched, "{sql}");
        // Nothing is evaluated or spliced: the server sees the text.
        let json = plans[0].shape.as_ref().map(|s| s.json.len());
        assert!(matches!(json, None | Some(0)), "{sql}: {json:?}");
    }
    // Writes are judged by the reference scan, which may splice literals
    // after the operator into the text the server quotes back in its
    // error: they stay refused.
    for sql in [
        "UPDATE docs SET title = doc->>'$.a' WHERE id = 1",
        "DELETE FROM docs WHERE doc->'$.a' = 1",
    ] {
        let plans = plan_query(
            sql.as_bytes(),
            LexOptions::default(),
            Some("app"),
            &ArrowlessCat,
        );
        assert!(
            matches!(plans[0].plan, Plan::Refuse(_)),
            "{sql}: {:?}",
            plans[0].plan
        );
    }
    // Where the backend is not known to reject them, they stay refused.
    assert_eq!(
        refused("SELECT doc->>'$.a' FROM docs"),
        RefuseReason::JsonFunction
    );
}

#[test]
fn plain_reads_are_untouched() {
    for sql in [
        "SELECT doc FROM docs WHERE id = 1",
        "SELECT d.doc AS x FROM docs d WHERE d.id = 1",
        "SELECT * FROM docs",
        "SELECT d.* FROM docs d",
        "SELECT `doc` `x`, title FROM `docs` WHERE id IN (1, 2) ORDER BY id LIMIT 10",
        "SELECT id FROM docs WHERE doc IS NULL",
        "SELECT id FROM docs WHERE doc IS NOT NULL AND id > 3",
        "SELECT COUNT(doc) FROM docs",
        "SELECT id, title AS doc FROM docs",
        "SELECT app.docs.doc FROM app.docs",
        "SELECT doc FROM docs FOR UPDATE",
        "SELECT u.name, d.doc FROM users u LEFT JOIN docs d ON d.id = u.id WHERE u.id = 7",
        "DELETE FROM docs WHERE id = 3",
        "SELECT 1",
        "SELECT doc FROM users",
        "SHOW COLUMNS FROM docs",
        "CREATE TABLE docs2 (id INT PRIMARY KEY, doc LONGBLOB)",
        "ALTER TABLE docs MODIFY doc LONGBLOB NULL",
        "TRUNCATE TABLE docs",
        "SELECT id FROM docs WHERE title LIKE '%doc%'",
        "UPDATE docs SET title = 'x' WHERE id = 1",
    ] {
        untouched(sql);
    }
}

// ---- placeholders ---------------------------------------------------------------

#[test]
fn each_placeholder_is_mapped_to_the_compressed_column_it_binds() {
    let col = |c: &str| {
        Some(ColumnRef {
            db: "app".into(),
            table: "docs".into(),
            column: c.into(),
        })
    };
    let p = plan_statement(
        b"INSERT INTO docs (id, doc, title) VALUES (?, ?, ?)",
        D,
        Some("app"),
        &Cat,
    );
    assert_eq!(
        p,
        Plan::Rewrite {
            sites: vec![],
            placeholders: vec![None, col("doc"), None],
            column_list: None,
        }
    );
    let p = plan_statement(
        b"UPDATE docs SET doc = ? WHERE id = ?",
        D,
        Some("app"),
        &Cat,
    );
    assert_eq!(
        p,
        Plan::Rewrite {
            sites: vec![],
            placeholders: vec![col("doc"), None],
            column_list: None,
        }
    );
    let p = plan_statement(
        b"INSERT INTO docs (id, doc) VALUES (?, '{}')",
        D,
        Some("app"),
        &Cat,
    );
    match p {
        Plan::Rewrite {
            sites,
            placeholders,
            ..
        } => {
            assert_eq!(sites.len(), 1);
            assert_eq!(placeholders, vec![None]);
        }
        p => panic!("{p:?}"),
    }
    assert_eq!(
        plan_statement(b"SELECT doc FROM docs WHERE id = ?", D, Some("app"), &Cat),
        Plan::Untouched
    );
    assert!(matches!(
        plan_statement(b"SELECT id FROM docs WHERE doc = ?", D, Some("app"), &Cat),
        Plan::Refuse(_)
    ));
}

// ---- PREPARE ---------------------------------------------------------------------

#[test]
fn prepare_from_text_is_refused_when_the_text_would_be() {
    assert_eq!(
        refused("PREPARE s FROM 'SELECT JSON_EXTRACT(doc, ''$.a'') FROM docs'"),
        RefuseReason::PreparedText
    );
    // A literal for the column is compressed inside the text.
    assert!(matches!(
        plan("PREPARE s FROM 'INSERT INTO docs (doc) VALUES (''x'')'"),
        Plan::RewriteText(_)
    ));
    assert_eq!(
        refused("PREPARE s FROM _latin1'INSERT INTO docs (doc) VALUES (''x'')'"),
        RefuseReason::PreparedText
    );
    untouched("PREPARE s FROM 'SELECT doc FROM docs WHERE id = ?'");
    untouched("PREPARE s FROM 'INSERT INTO docs (id) VALUES (?)'");
    // The value comes from EXECUTE ... USING, checked there.
    untouched("PREPARE s FROM 'INSERT INTO docs (doc) VALUES (?)'");
    // Invisible text while compressed columns are configured.
    assert_eq!(refused("PREPARE s FROM @sql"), RefuseReason::InvisibleText);
}

// ---- multi-statement, session state ---------------------------------------------

#[test]
fn a_multi_statement_query_is_planned_per_statement_with_use_applied() {
    let sql = "SET NAMES utf8mb4; INSERT INTO docs (doc) VALUES ('a;b'); USE reddit; INSERT INTO comments (body) VALUES ('c');";
    let plans = plan_query(sql.as_bytes(), D, Some("app"), &Cat);
    assert_eq!(plans.len(), 4);
    assert!(matches!(plans[0].kind, StatementKind::Set(_)));
    assert_eq!(
        &sql[plans[1].range.clone()],
        " INSERT INTO docs (doc) VALUES ('a;b')"
    );
    let mut edits = Vec::new();
    for p in &plans {
        if let Plan::Rewrite { sites, .. } = &p.plan {
            for s in sites {
                edits.push((s.span.clone(), format!("<{}>", s.column).into_bytes()));
            }
        }
    }
    assert_eq!(
        String::from_utf8(splice(sql.as_bytes(), &edits)).unwrap(),
        "SET NAMES utf8mb4; INSERT INTO docs (doc) VALUES (<app.docs.doc>); USE reddit; INSERT INTO comments (body) VALUES (<reddit.comments.body>);"
    );
}

#[test]
fn sql_mode_change_within_query() {
    let sql = r#"SET sql_mode = 'ANSI_QUOTES'; INSERT INTO "docs" ("doc") VALUES ('x')"#;
    let plans = plan_query(sql.as_bytes(), D, Some("app"), &Cat);
    assert!(plans[1].opts.ansi_quotes);
    assert!(matches!(&plans[1].plan, Plan::Rewrite { sites, .. } if sites.len() == 1));
    // Without ANSI_QUOTES "doc" is a string: no column list → catalog order.
    let plans = plan_query(
        br#"INSERT INTO docs VALUES (1, "x", "y")"#,
        D,
        Some("app"),
        &Cat,
    );
    assert!(matches!(&plans[0].plan, Plan::Rewrite { sites, .. } if sites.len() == 1));
}

#[test]
fn no_backslash_escapes_mode() {
    let nb = LexOptions {
        no_backslash_escapes: true,
        ansi_quotes: false,
    };
    // One value under NO_BACKSLASH_ESCAPES is two here: count mismatch.
    assert_eq!(
        plan_with(r"INSERT INTO docs (doc) VALUES ('a\', 'x')", nb),
        Plan::Untouched
    );
    let s = sites_with(r"INSERT INTO docs (doc, title) VALUES ('a\', 'x')", nb);
    assert_eq!(s[0].1, r"a\");
}

#[test]
fn unterminated_and_no_db() {
    untouched("INSERT INTO docs (doc) VALUES ('abc");
    let plans = plan_query(b"INSERT INTO docs (doc) VALUES ('x')", D, None, &Cat);
    assert_eq!(plans[0].plan, Plan::Untouched);
    let plans = plan_query(b"INSERT INTO app.docs (doc) VALUES ('x')", D, None, &Cat);
    assert!(matches!(plans[0].plan, Plan::Rewrite { .. }));
}

#[test]
fn the_table_name_prefilter_skips_statements_naming_no_compressed_table() {
    let f = Filtered(TableNameFilter::new([
        "docs", "comments", "notes", "odd-name",
    ]));
    let plans = plan_query(
        b"SELECT JSON_EXTRACT(x, '$') FROM users; USE app",
        D,
        Some("app"),
        &f,
    );
    assert_eq!(plans.len(), 2);
    assert_eq!(plans[1].kind, StatementKind::Use("app".into()));
    assert!(plans.iter().all(|p| p.plan == Plan::Untouched));
    let plans = plan_query(b"SELECT doc FROM DOCS WHERE doc = 1", D, Some("app"), &f);
    // Prefilter passes (case-insensitive); table `DOCS` is not `docs` for the catalog.
    assert_eq!(plans[0].plan, Plan::Untouched);
    assert!(f.0.may_mention(b"select * from `Odd-Name`"));
    assert!(!f.0.may_mention(b"select * from docsx"));
    assert!(f.0.may_mention(b"select * from x.docs"));
}

// ---- driver-generated SQL ------------------------------------------------------------

#[test]
fn literals_escaped_by_pymysql_are_decoded_to_the_original_value() {
    // PyMySQL escape_string: \\ \n \r \0 \' \" \Z
    let v = "{\"msg\": \"line1\\nline2 \\\"q\\\" it's \u{1F600} nul\u{0}\"}";
    let escaped: String = v
        .chars()
        .map(|c| match c {
            '\\' => "\\\\".to_string(),
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            '\0' => "\\0".to_string(),
            '\'' => "\\'".to_string(),
            '"' => "\\\"".to_string(),
            '\x1a' => "\\Z".to_string(),
            c => c.to_string(),
        })
        .collect();
    let sql = format!("INSERT INTO `docs` (`id`, `doc`) VALUES (1, '{escaped}')");
    assert_eq!(sites(&sql)[0].1, v);
}

#[test]
fn go_interpolate_params_binary() {
    // go-sql-driver with interpolateParams=true sends []byte as _binary'...'.
    let sql = "INSERT INTO docs (id,doc) VALUES (42,_binary'{\\\"k\\\":\\\"v\\\"}')";
    let s = sites(sql);
    assert_eq!(s[0].0, "_binary'{\\\"k\\\":\\\"v\\\"}'");
    assert_eq!(s[0].1, "{\"k\":\"v\"}");
}

#[test]
fn connector_j_and_orms() {
    // Hibernate-style with comments and backquotes.
    assert_eq!(
        site_texts("/* insert com.example.Doc */ insert into `docs` (`doc`, `title`, `id`) values ('{}', 'T', 5)"),
        ["'{}'"]
    );
    // Django style: update with alias-free qualified columns.
    assert_eq!(
        site_texts(
            "UPDATE `docs` SET `doc` = '{\\\"a\\\": 1}', `title` = 'x' WHERE `docs`.`id` = 1"
        ),
        ["'{\\\"a\\\": 1}'"]
    );
    // Rails: SELECT with LIMIT and qualified columns.
    untouched("SELECT `docs`.* FROM `docs` WHERE `docs`.`id` = 1 LIMIT 1");
    // SQLAlchemy executemany rewritten into multi-row VALUES.
    assert_eq!(
        site_texts(
            "INSERT INTO docs (id, doc) VALUES (1, '{\"a\": 1}'), (2, '{\"a\": 2}'), (3, NULL)"
        )
        .len(),
        2
    );
    // Executable comment content is executed.
    assert_eq!(
        site_texts("/*!50700 INSERT INTO docs (doc) VALUES ('a') */"),
        ["'a'"]
    );
}

// ---- properties --------------------------------------------------------------------------

fn escape_for(v: &[u8], opts: LexOptions) -> Vec<u8> {
    let mut out = vec![b'\''];
    for &b in v {
        if opts.no_backslash_escapes {
            if b == b'\'' {
                out.push(b'\'');
            }
            out.push(b);
        } else {
            match b {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\'' => out.extend_from_slice(b"''"),
                b'"' => out.extend_from_slice(b"\\\""),
                0 => out.extend_from_slice(b"\\0"),
                b'\n' => out.extend_from_slice(b"\\n"),
                _ => out.push(b),
            }
        }
    }
    out.push(b'\'');
    out
}

fn json_ish() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("{".to_string()),
            Just("}".to_string()),
            Just("\"".to_string()),
            Just("'".to_string()),
            Just("\\".to_string()),
            Just("\0".to_string()),
            Just(";".to_string()),
            Just("--".to_string()),
            Just("/*".to_string()),
            Just("é".to_string()),
            Just("日本".to_string()),
            Just("\u{1F600}".to_string()),
            "[a-z0-9:, ]{0,5}",
        ],
        0..20,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn lexer_tiles_input(input in proptest::collection::vec(any::<u8>(), 0..200), nb in any::<bool>(), aq in any::<bool>()) {
        let opts = LexOptions { no_backslash_escapes: nb, ansi_quotes: aq };
        let toks = lex(&input, opts);
        let mut pos = 0;
        for t in &toks {
            prop_assert_eq!(t.start, pos);
            prop_assert!(t.end > t.start);
            pos = t.end;
        }
        prop_assert_eq!(pos, input.len());
    }

    #[test]
    fn lexer_tiles_sqlish(input in "[a-z'\"`\\\\/*!#; \n()?@.,=<>-]{0,60}", nb in any::<bool>(), aq in any::<bool>()) {
        let opts = LexOptions { no_backslash_escapes: nb, ansi_quotes: aq };
        let toks = lex(input.as_bytes(), opts);
        prop_assert_eq!(toks.iter().map(|t| t.end - t.start).sum::<usize>(), input.len());
        let _ = plan_query(input.as_bytes(), opts, Some("app"), &Cat);
    }

    #[test]
    fn insert_values_roundtrip(vals in proptest::collection::vec(json_ish(), 1..4), nb in any::<bool>()) {
        let opts = LexOptions { no_backslash_escapes: nb, ansi_quotes: false };
        let mut sql = b"INSERT INTO `docs` (`id`, `doc`) VALUES ".to_vec();
        for (i, v) in vals.iter().enumerate() {
            if i > 0 { sql.push(b','); }
            sql.extend_from_slice(format!("({i}, ").as_bytes());
            sql.extend_from_slice(&escape_for(v.as_bytes(), opts));
            sql.push(b')');
        }
        let plans = plan_query(&sql, opts, Some("app"), &Cat);
        prop_assert_eq!(plans.len(), 1);
        let Plan::Rewrite { sites, .. } = &plans[0].plan else {
            return Err(TestCaseError::fail(format!("{:?}", plans[0].plan)));
        };
        prop_assert_eq!(sites.len(), vals.len());
        for (s, v) in sites.iter().zip(&vals) {
            prop_assert_eq!(s.value.as_ref(), v.as_bytes());
        }
        // Splicing binary literals back in yields a statement whose new
        // literals decode to the compressed (here: reversed) bytes.
        let edits: Vec<_> = sites
            .iter()
            .map(|s| {
                let mut x = s.value.to_vec();
                x.reverse();
                (s.span.clone(), binary_literal(&x, opts))
            })
            .collect();
        let out = splice(&sql, &edits);
        let strs: Vec<_> = lex(&out, opts)
            .into_iter()
            .filter(|t| matches!(t.kind, TokenKind::Str { .. }))
            .collect();
        prop_assert_eq!(strs.len(), vals.len());
        for (t, v) in strs.iter().zip(&vals) {
            let mut x = v.as_bytes().to_vec();
            x.reverse();
            let dec = decode_string(&out, t, opts).unwrap();
            prop_assert_eq!(dec.as_ref(), &x[..]);
        }
    }

    #[test]
    fn an_update_literal_compresses_and_decodes_back_to_the_value(v in json_ish(), nb in any::<bool>(), aq in any::<bool>()) {
        let opts = LexOptions { no_backslash_escapes: nb, ansi_quotes: aq };
        let mut sql = b"UPDATE docs SET doc = ".to_vec();
        sql.extend_from_slice(&escape_for(v.as_bytes(), opts));
        sql.extend_from_slice(b" WHERE id = 1");
        let plans = plan_query(&sql, opts, Some("app"), &Cat);
        let Plan::Rewrite { sites, .. } = &plans[0].plan else {
            return Err(TestCaseError::fail(format!("{:?}", plans[0].plan)));
        };
        prop_assert_eq!(sites[0].value.as_ref(), v.as_bytes());
    }
}

fn token_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("INSERT INTO docs"),
            Just("(id, doc)"),
            Just("VALUES"),
            Just("(1, 'x')"),
            Just("SELECT"),
            Just("doc"),
            Just("d.doc"),
            Just("FROM docs d"),
            Just("JOIN users u ON"),
            Just("WHERE"),
            Just("UPDATE docs SET doc ="),
            Just("ON DUPLICATE KEY UPDATE"),
            Just("VALUES(doc)"),
            Just("'{\"a\":1}'"),
            Just("_binary'x'"),
            Just("X'00'"),
            Just("?"),
            Just("="),
            Just("->>"),
            Just(","),
            Just("("),
            Just(")"),
            Just(";"),
            Just("/*!50700"),
            Just("*/"),
            Just("AS"),
            Just("ROW"),
            Just("NULL"),
            Just("IS"),
            Just("'"),
            Just("`"),
            Just("PREPARE s FROM"),
            Just("ORDER BY"),
            Just("JSON_EXTRACT("),
            Just("SET sql_mode='ANSI_QUOTES'"),
            Just("\""),
        ],
        0..16,
    )
    .prop_map(|v| v.join(" "))
}

proptest! {
    #[test]
    fn soup_never_panics_and_sites_are_disjoint(sql in token_soup(), nb in any::<bool>(), aq in any::<bool>()) {
        let opts = LexOptions { no_backslash_escapes: nb, ansi_quotes: aq };
        let plans = plan_query(sql.as_bytes(), opts, Some("app"), &Cat);
        let mut last = 0;
        for p in &plans {
            prop_assert!(p.range.start >= last || p.range.start == 0);
            if let Plan::Rewrite { sites, .. } = &p.plan {
                for s in sites {
                    prop_assert!(s.span.start >= last);
                    prop_assert!(s.span.start >= p.range.start && s.span.end <= p.range.end);
                    last = s.span.end;
                }
            }
            if let Plan::Refuse(r) = &p.plan {
                prop_assert!(!r.message().is_empty());
            }
        }
    }
}

/// What a plan decides, without the literal bytes it carries.
fn plan_outline(sql: &str, opts: LexOptions) -> Vec<String> {
    plan_query(sql.as_bytes(), opts, Some("app"), &Cat)
        .iter()
        .map(|p| {
            let plan = match &p.plan {
                Plan::Untouched => "untouched".to_string(),
                Plan::Refuse(r) => format!("refuse {:?} {:?}", r.reason, r.column),
                Plan::RewriteText(t) => format!(
                    "rewrite text {:?}",
                    t.sites.iter().map(|s| &s.column).collect::<Vec<_>>()
                ),
                Plan::Rewrite {
                    sites,
                    placeholders,
                    ..
                } => format!(
                    "rewrite {:?} {:?}",
                    sites.iter().map(|s| &s.column).collect::<Vec<_>>(),
                    placeholders
                ),
            };
            format!("{:?}: {plan}", std::mem::discriminant(&p.kind))
        })
        .collect()
}

fn shape_soup() -> impl Strategy<Value = Vec<&'static str>> {
    proptest::collection::vec(
        prop_oneof![
            Just("SELECT"),
            Just("doc"),
            Just("id"),
            Just("d.doc"),
            Just("FROM docs d"),
            Just("FROM users"),
            Just("WHERE"),
            Just("AND"),
            Just("ORDER BY"),
            Just("GROUP BY"),
            Just("LIMIT"),
            Just("AS"),
            Just("UPDATE docs SET doc = #"),
            Just("INSERT INTO docs VALUES (#, #)"),
            Just("INSERT INTO docs (doc) VALUES (#)"),
            Just("SET sql_mode = #;"),
            Just("PREPARE s FROM #"),
            Just("SELECT doc FROM docs WHERE doc = #"),
            Just("SELECT # AS doc"),
            Just("SELECT \"doc\"->>'$.a' FROM docs"),
            Just("JSON_EXTRACT("),
            Just("="),
            Just("<>"),
            Just(">="),
            Just("->>"),
            Just(","),
            Just("("),
            Just(")"),
            Just(";"),
            Just("#"),
            Just("#"),
            Just("#"),
        ],
        0..16,
    )
}

fn literal() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("1"),
        Just("2"),
        Just("'doc'"),
        Just("'id'"),
        Just("'{\"a\":1}'"),
        Just("'ANSI_QUOTES'"),
        Just("'SELECT doc->>\"$.a\" FROM docs'"),
        Just("X'00'"),
        Just("0b1"),
    ]
}

/// The soup with each `#` replaced by the next literal.
fn render(soup: &[&str], literals: &[&str]) -> String {
    let mut next = literals.iter().cycle();
    let mut out = String::new();
    for t in soup {
        for part in t.split_inclusive('#') {
            match part.strip_suffix('#') {
                Some(head) => {
                    out.push_str(head);
                    out.push_str(next.next().unwrap());
                }
                None => out.push_str(part),
            }
        }
        out.push(' ');
    }
    out
}

proptest! {
    /// The session skips planning a query whose shape it has already planned
    /// as a plain read: two queries of one shape must plan alike.
    #[test]
    fn one_shape_one_plan(
        soup in shape_soup(),
        a in proptest::collection::vec(literal(), 1..6),
        b in proptest::collection::vec(literal(), 1..6),
        aq in any::<bool>(),
        select_first in any::<bool>(),
    ) {
        let opts = LexOptions { no_backslash_escapes: false, ansi_quotes: aq };
        let soup: Vec<&str> = select_first.then_some("SELECT").into_iter().chain(soup).collect();
        let (qa, qb) = (render(&soup, &a), render(&soup, &b));
        let (mut sa, mut sb) = (Vec::new(), Vec::new());
        super::shape::shape_into(qa.as_bytes(), opts, &mut sa);
        super::shape::shape_into(qb.as_bytes(), opts, &mut sb);
        if sa == sb {
            prop_assert_eq!(plan_outline(&qa, opts), plan_outline(&qb, opts), "{} vs {}", qa, qb);
        }
    }
}

#[test]
fn an_insert_without_a_column_list_names_the_columns_squeeze_assumed() {
    // MariaDB then maps the values by name: DDL squeeze did not see (a
    // reordered or added column) cannot put a compressed value into another
    // column; a column count that no longer fits is rejected by the server.
    for sql in [
        "INSERT INTO docs VALUES (1, '{}', 't')",
        "INSERT INTO docs VALUES (1, NULL, 't')",
        "REPLACE INTO app.docs VALUES (?, ?, ?)",
    ] {
        match plan(sql) {
            Plan::Rewrite {
                column_list: Some((at, list)),
                ..
            } => {
                assert_eq!(list, "(`id`, `doc`, `title`) ", "{sql}");
                assert!(sql[at..].starts_with("VALUES"), "{sql}");
            }
            p => panic!("expected a column list for {sql}: {p:?}"),
        }
    }
    assert!(matches!(
        plan("INSERT INTO docs (id, doc) VALUES (1, '{}')"),
        Plan::Rewrite {
            column_list: None,
            ..
        }
    ));
}

#[test]
fn a_json_function_of_a_compressed_column_under_is_null_is_refused_not_sent_to_the_server() {
    // MariaDB would evaluate JSON_VALUE on the stored blob (not JSON):
    // NULL for every row.
    for sql in [
        "SELECT id FROM reddit.comments WHERE JSON_VALUE(body, '$.author') IS NULL",
        "SELECT id FROM reddit.comments WHERE JSON_EXTRACT(body, '$.a') IS NOT NULL",
        "SELECT id FROM reddit.comments WHERE JSON_VALUE(body, '$.a') <=> NULL",
        "SELECT id FROM reddit.comments WHERE NULL <=> JSON_VALUE(body, '$.a')",
        "SELECT COUNT(JSON_VALUE(body, '$.a')) FROM reddit.comments",
        "SELECT id FROM reddit.comments WHERE ISNULL(JSON_QUERY(body, '$.a'))",
    ] {
        let Plan::Refuse(r) = plan(sql) else {
            panic!("{sql} was not refused")
        };
        assert_eq!(r.reason.as_label(), "json_function", "{sql}");
        assert!(
            r.message().contains("declare it as an extracted column"),
            "{}",
            r.message()
        );
    }
    // NULL-ness of the document itself still passes.
    for sql in [
        "SELECT id FROM reddit.comments WHERE JSON_UNQUOTE(body) IS NULL",
        "SELECT id FROM reddit.comments WHERE body <=> NULL",
        "SELECT COUNT(body) FROM reddit.comments",
    ] {
        assert!(!matches!(plan(sql), Plan::Refuse(_)), "{sql}");
    }
}

// ---- the one relation walk ------------------------------------------------

#[test]
fn a_compressed_table_listed_after_a_join_is_planned_not_passed_through() {
    // The document written into `docs` must be compressed (or the
    // statement refused); a walk that stopped at the ON condition saw
    // only `users` and let the raw value through.
    let sql = r#"UPDATE users u JOIN users v ON u.id = v.id, docs SET docs.doc = '{"k": 1}' WHERE docs.id = u.id"#;
    assert_ne!(plan(sql), Plan::Untouched, "{sql}");
    // The read analyzer resolves the same list.
    assert_eq!(
        plan_query(
            b"SELECT d.doc FROM users u JOIN users v ON u.id = v.id, docs d",
            D,
            Some("app"),
            &Cat
        )[0]
        .shape
        .as_ref()
        .map(|s| s.outputs.len()),
        Some(1)
    );
}

#[test]
fn a_table_factor_the_relation_walk_does_not_record_is_refused_not_read() {
    // `LATERAL` is not MariaDB syntax; the walk records `docs` after it,
    // the read analyzer finds no factor where it stands, and the
    // statement naming a compressed table is refused (default deny).
    assert_eq!(
        refused("SELECT doc FROM LATERAL docs"),
        RefuseReason::Unanalysed
    );
    // A derived table's alias and column list come from the walk too.
    assert!(matches!(
        plan("SELECT x FROM (SELECT doc FROM docs) AS d (x)"),
        Plan::Untouched
    ));
    assert_eq!(
        refused("SELECT x FROM (SELECT doc FROM docs) AS d (x) WHERE x LIKE 'a%'"),
        RefuseReason::Like
    );
}
