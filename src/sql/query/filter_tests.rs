//! Which WHERE conditions squeeze evaluates itself, and the statement it
//! sends for them, over a fixed catalog: `app.docs(id, doc*, title, n)`,
//! `app.users(id, name)`, view `app.v_docs` over docs (`*` = compressed).

use std::sync::Arc;

use super::{Cond, RowFilter};
use crate::sql::catalog::ColumnCatalog;
use crate::sql::classify::significant_tokens;
use crate::sql::json::JsonCall;
use crate::sql::lexer::LexOptions;
use crate::sql::query::{analyze_read, Stop};

struct Cat {
    filters: bool,
}

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app"
            && table == "docs"
            && (column.eq_ignore_ascii_case("doc") || column.eq_ignore_ascii_case("doc2"))
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && table == "docs"
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title", "n", "doc2"],
            ("app", "users") => &["id", "name"],
            _ => return None,
        };
        Some(cols.iter().map(|s| s.to_string()).collect())
    }
    fn primary_key(&self, _: &str, _: &str) -> Option<Vec<String>> {
        Some(vec!["id".into()])
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        match (db, name) {
            ("app", "v_docs") => Some(
                "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `body` from `app`.`docs`"
                    .into(),
            ),
            _ => None,
        }
    }
    fn evaluates_row_filters(&self) -> bool {
        self.filters
    }
}

/// The statement squeeze sends and its row filter, or why not.
fn plan_with(sql: &str, filters: bool) -> Result<(String, Option<RowFilter>), Stop> {
    let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
    let shape = analyze_read(
        sql.as_bytes(),
        &toks,
        None,
        LexOptions::default(),
        Some("app"),
        &Cat { filters },
    )?;
    let mut edits: Vec<(std::ops::Range<usize>, Vec<u8>)> = shape
        .rewrites
        .iter()
        .map(|(r, t)| (r.clone(), t.clone().into_bytes()))
        .collect();
    for (_, _, item) in &shape.json {
        edits.push((item.item.clone(), sql.as_bytes()[item.arg.clone()].to_vec()));
    }
    edits.sort_by_key(|(r, _)| r.start);
    let sent = crate::sql::splice(sql.as_bytes(), &edits);
    Ok((String::from_utf8(sent).unwrap(), shape.filter))
}

fn plan(sql: &str) -> (String, RowFilter) {
    match plan_with(sql, true) {
        Ok((sent, Some(f))) => (sent, f),
        other => panic!("expected a row filter for {sql}: {other:?}"),
    }
}

fn refusal(sql: &str) -> String {
    match plan_with(sql, true) {
        Err(Stop::Refuse(r)) => {
            assert_eq!(r.column.column, "doc", "{sql}");
            r.message()
        }
        other => panic!("expected a refusal for {sql}: {other:?}"),
    }
}

#[test]
fn django_has_keys_is_evaluated_and_sent_as_true_with_the_document_appended() {
    let (sent, f) = plan(
        "SELECT `docs`.`id`, `docs`.`doc` FROM `docs` WHERE (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') AND JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"b\"'))",
    );
    assert_eq!(
        sent,
        "SELECT `docs`.`id`, `docs`.`doc`, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM `docs` WHERE (TRUE) LIMIT 18446744073709551615"
    );
    assert!(matches!(f.cond, Cond::And(ref v) if v.len() == 2));
    assert_eq!((f.offset, f.limit), (0, None));
}

#[test]
fn django_has_any_keys_and_a_bare_or_are_one_condition() {
    let (sent, f) = plan(
        "SELECT id FROM docs WHERE (JSON_CONTAINS_PATH(doc, 'one', '$.\"a\"') OR JSON_CONTAINS_PATH(doc, 'one', '$.\"b\"'))",
    );
    assert_eq!(
        sent,
        "SELECT id, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE (TRUE) LIMIT 18446744073709551615"
    );
    assert!(matches!(f.cond, Cond::Or(_)));
    let (sent, _) =
        plan("SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') OR NOT JSON_VALID(doc)");
    assert_eq!(
        sent,
        "SELECT id, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE (TRUE) LIMIT 18446744073709551615"
    );
}

#[test]
fn ordinary_conditions_beside_an_evaluated_one_stay_with_the_server() {
    let (sent, f) = plan(
        "SELECT d.* FROM docs AS d WHERE d.n > 1 AND (JSON_CONTAINS(d.doc, '1', '$.a') AND d.title LIKE 't%') AND NOT JSON_CONTAINS_PATH(doc, 'all', '$.x', '$.y') ORDER BY d.id DESC LIMIT 3, 2",
    );
    assert_eq!(
        sent,
        "SELECT d.*, `d`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs AS d WHERE d.n > 1 AND ((TRUE) AND d.title LIKE 't%') AND (TRUE) ORDER BY d.id DESC LIMIT 18446744073709551615"
    );
    assert_eq!((f.offset, f.limit), (3, Some(2)));
    assert!(
        matches!(&f.cond, Cond::And(v) if matches!(v[0], Cond::Call(JsonCall::Contains(..))) && matches!(v[1], Cond::Not(_)))
    );
    let (_, f) = plan("SELECT id FROM docs WHERE JSON_VALID(doc) LIMIT 5 OFFSET 7");
    assert_eq!((f.offset, f.limit), (7, Some(5)));
}

#[test]
fn select_list_json_items_and_a_condition_share_the_statement() {
    let (sent, _) = plan(
        "SELECT JSON_VALUE(doc, '$.a') AS a FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.a') ORDER BY id LIMIT 18446744073709551615",
    );
    assert_eq!(
        sent,
        "SELECT doc AS a, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE (TRUE) ORDER BY id LIMIT 18446744073709551615"
    );
}

#[test]
fn without_the_catalog_saying_so_nothing_is_evaluated() {
    // A prepared statement, an EXECUTE IMMEDIATE text: refused as before.
    assert!(matches!(
        plan_with("SELECT id FROM docs WHERE JSON_VALID(doc)", false),
        Err(Stop::Refuse(_))
    ));
}

#[test]
fn ineligible_statements_are_refused_naming_the_column_and_saying_why() {
    for (sql, why) in [
        (
            "SELECT COUNT(*) FROM docs WHERE JSON_VALID(doc)",
            "aggregate",
        ),
        (
            "SELECT DISTINCT title FROM docs WHERE JSON_VALID(doc)",
            "DISTINCT",
        ),
        (
            "SELECT title FROM docs WHERE JSON_VALID(doc) GROUP BY title",
            "GROUP BY",
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) UNION ALL SELECT 1",
            "set operation",
        ),
        (
            "SELECT id FROM docs, users WHERE JSON_VALID(doc)",
            "one table",
        ),
        (
            "SELECT d.id FROM docs d JOIN users u ON u.id = d.id WHERE JSON_VALID(d.doc)",
            "one table",
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) FOR UPDATE",
            "locking",
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) LOCK IN SHARE MODE",
            "locking",
        ),
        (
            "SELECT SQL_CALC_FOUND_ROWS id FROM docs WHERE JSON_VALID(doc)",
            "SQL_CALC_FOUND_ROWS",
        ),
        (
            "SELECT id, RAND() FROM docs WHERE JSON_VALID(doc)",
            "RAND()",
        ),
        (
            "SELECT @a := id FROM docs WHERE JSON_VALID(doc)",
            "assignment",
        ),
        (
            "SELECT id, ROW_NUMBER() OVER () FROM docs WHERE JSON_VALID(doc)",
            "ROW_NUMBER",
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) LIMIT 1 INTO @x",
            "LIMIT",
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) AND app.f(id)",
            "stored function",
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) AND JSON_VALID(doc2)",
            "more than one",
        ),
        (
            "WITH c AS (SELECT 1) SELECT id FROM docs WHERE JSON_VALID(doc)",
            "plain SELECT",
        ),
    ] {
        let msg = refusal(sql);
        assert!(msg.contains(why), "{sql}: {msg}");
        assert!(msg.contains("`JSON_VALID("), "{sql}: {msg}");
    }
}

#[test]
fn conditions_squeeze_cannot_evaluate_exactly_stay_refused() {
    for sql in [
        // Mixed with the server's conditions under OR or NOT.
        "SELECT id FROM docs WHERE JSON_VALID(doc) OR id = 1",
        "SELECT id FROM docs WHERE id = 1 OR JSON_VALID(doc) AND n = 2",
        "SELECT id FROM docs WHERE NOT (JSON_VALID(doc) AND id = 1)",
        // A call compared or tested: other forms.
        "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1') = 2",
        "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1') > 0",
        "SELECT id FROM docs WHERE NOT JSON_CONTAINS(doc, '1') IS TRUE",
        "SELECT id FROM docs WHERE NOT (JSON_CONTAINS(doc, '1')) = 1",
        "SELECT id FROM docs WHERE JSON_VALUE(doc, '$.a') = 'x'",
        "SELECT id FROM docs WHERE JSON_VALID(doc) XOR JSON_VALID(doc)",
        // In a subquery, a derived table, a view, HAVING, ON.
        "SELECT id FROM users WHERE id IN (SELECT id FROM docs WHERE JSON_VALID(doc))",
        "SELECT x.id FROM (SELECT id, doc FROM docs) x WHERE JSON_VALID(x.doc)",
        "SELECT id FROM v_docs WHERE JSON_VALID(body)",
        // Paths squeeze does not evaluate.
        "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$**.a')",
    ] {
        match plan_with(sql, true) {
            Err(Stop::Refuse(_)) => {}
            other => panic!("{sql}: {other:?}"),
        }
    }
}

#[test]
fn a_declared_path_is_still_answered_by_its_column_not_evaluated() {
    // Without extracted columns in this catalog, has_key is evaluated.
    let (sent, _) =
        plan("SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.a') AND id = 1");
    assert_eq!(
        sent,
        "SELECT id, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE (TRUE) AND id = 1 LIMIT 18446744073709551615"
    );
}

#[test]
fn null_tests_of_the_column_and_of_evaluated_functions_are_conditions_too() {
    // Django's exclude(doc__has_key=..) on a nullable field.
    let (sent, f) = plan(
        "SELECT `docs`.`id` FROM `docs` WHERE NOT (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') AND `docs`.`doc` IS NOT NULL)",
    );
    assert_eq!(
        sent,
        "SELECT `docs`.`id`, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM `docs` WHERE (TRUE) LIMIT 18446744073709551615"
    );
    assert!(
        matches!(&f.cond, Cond::Not(c) if matches!(&**c, Cond::And(v) if v[1] == Cond::IsNull(None, true)))
    );
    // As Django writes it.
    let (_, f) = plan(
        "SELECT `docs`.`id` FROM `docs` WHERE NOT (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') AND JSON_UNQUOTE(`docs`.`doc`) IS NOT NULL)",
    );
    assert!(
        matches!(&f.cond, Cond::Not(c) if matches!(&**c, Cond::And(v) if v[1] == Cond::IsNull(None, true)))
    );
    let (_, f) = plan("SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.a') IS NULL AND n = 1");
    assert!(matches!(
        f.cond,
        Cond::IsNull(Some(JsonCall::Extract(_)), false)
    ));
    let (_, f) = plan("SELECT id FROM docs WHERE JSON_VALUE(doc, '$.a') IS NOT NULL");
    assert!(matches!(
        f.cond,
        Cond::IsNull(Some(JsonCall::Value(_)), true)
    ));
    // A plain `doc IS NULL` is the server's, as before.
    assert!(matches!(
        plan_with("SELECT id FROM docs WHERE doc IS NULL", true),
        Ok((_, None))
    ));
    // Followed by anything that makes it an operand: refused.
    for sql in [
        "SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.a') IS NULL = 1",
        "SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.a') IS NULL XOR JSON_VALID(doc)",
        "SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.a') IS TRUE = 1",
        // `(NOT f) IS NULL` under HIGH_NOT_PRECEDENCE.
        "SELECT id FROM docs WHERE NOT JSON_EXTRACT(doc, '$.a') IS NULL",
    ] {
        assert!(
            matches!(plan_with(sql, true), Err(Stop::Refuse(_))),
            "{sql}"
        );
    }
}

#[test]
fn operands_the_server_can_answer_stay_with_it() {
    // `doc2 IS NULL` is the server's (another compressed column, whose
    // NULL-ness MariaDB sees), the JSON condition squeeze's.
    let (sent, _) = plan("SELECT id FROM docs WHERE doc2 IS NULL AND JSON_VALID(doc)");
    assert_eq!(
        sent,
        "SELECT id, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE doc2 IS NULL AND (TRUE) LIMIT 18446744073709551615"
    );
    let (sent, f) = plan("SELECT id FROM docs WHERE doc IS NULL OR JSON_EXISTS(doc, '$.a')");
    assert_eq!(
        sent,
        "SELECT id, `docs`.`doc` AS `squeeze_filter`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE (TRUE) LIMIT 18446744073709551615"
    );
    assert!(matches!(f.cond, Cond::Or(_)));
}

#[test]
fn truth_tests_and_comparisons_with_0_or_1_of_a_condition_are_evaluated() {
    let (_, f) = plan("SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1') IS NOT TRUE");
    assert!(matches!(f.cond, Cond::Is(_, Some(true), true)));
    let (_, f) =
        plan("SELECT id FROM docs WHERE (JSON_VALID(doc) OR JSON_EXISTS(doc, '$.a')) IS UNKNOWN");
    assert!(matches!(f.cond, Cond::Is(_, None, false)));
    let (_, f) = plan("SELECT id FROM docs WHERE JSON_VALID(doc) = 0");
    assert!(matches!(f.cond, Cond::Not(_)));
    let (_, f) = plan("SELECT id FROM docs WHERE JSON_VALID(doc) <> 0 AND id = 1");
    assert!(matches!(f.cond, Cond::Call(JsonCall::Valid)));
    // Parenthesised under NOT: unambiguous.
    let (_, f) = plan("SELECT id FROM docs WHERE NOT (JSON_VALID(doc) IS TRUE)");
    assert!(matches!(f.cond, Cond::Not(_)));
}

#[test]
fn side_effect_free_functions_around_the_condition_are_the_servers() {
    // Django annotations: Lower, Concat, Coalesce, Cast, ExtractYear, Now.
    let (sent, _) = plan(
        "SELECT `docs`.`id`, LOWER(`docs`.`title`) AS `t`, CONCAT_WS('', `docs`.`title`, 'x') AS `c`, COALESCE(`docs`.`n`, 0) AS `n0`, EXTRACT(YEAR FROM CURRENT_TIMESTAMP) AS `y` FROM `docs` WHERE (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') AND `docs`.`n` > ROUND(1.5)) ORDER BY `docs`.`id` ASC LIMIT 21",
    );
    assert!(
        sent.ends_with("WHERE ((TRUE) AND `docs`.`n` > ROUND(1.5)) ORDER BY `docs`.`id` ASC LIMIT 18446744073709551615"),
        "{sent}"
    );
    // Aggregates inside a subquery count the subquery's own rows.
    plan("SELECT id FROM docs WHERE JSON_VALID(doc) AND n < (SELECT MAX(id) FROM users)");
    // Not in a subquery with side effects either.
    assert!(matches!(
        plan_with(
            "SELECT id FROM docs WHERE JSON_VALID(doc) AND n < (SELECT RAND())",
            true
        ),
        Err(Stop::Refuse(_))
    ));
}

#[test]
fn the_hidden_items_take_names_the_statement_does_not_spell() {
    let (sent, _) = plan(
        "SELECT id AS squeeze_filter FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY squeeze_filter",
    );
    assert_eq!(
        sent,
        "SELECT id AS squeeze_filter, `docs`.`doc` AS `squeeze_filter_1`, @@SESSION.sql_select_limit AS `squeeze_limit` FROM docs WHERE (TRUE) ORDER BY squeeze_filter LIMIT 18446744073709551615"
    );
    let (sent, _) = plan(
        "SELECT title AS 'SQUEEZE_LIMIT', n AS `squeeze_filter_1` FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY squeeze_filter",
    );
    assert!(
        sent.contains("AS `squeeze_filter_2`, @@SESSION.sql_select_limit AS `squeeze_limit_1`"),
        "{sent}"
    );
}

#[test]
fn an_order_by_position_past_the_select_list_goes_to_the_server_as_written() {
    // MariaDB answers ERR 1054 before reading a row; with the hidden items
    // appended it would sort by the compressed bytes instead.
    for sql in [
        "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 2",
        "SELECT id, title FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 1, 3 DESC",
        "SELECT * FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 6",
        "SELECT docs.*, id FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 7",
    ] {
        let (sent, f) = plan_with(sql, true).unwrap_or_else(|e| panic!("{sql}: {e:?}"));
        assert_eq!(sent, sql);
        assert!(f.is_none(), "{sql}");
    }
    // Positions within the client's own items keep the filter.
    for sql in [
        "SELECT * FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 4, 1",
        "SELECT docs.*, id FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 6",
        "SELECT id, CONCAT(title, n) FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY 2 DESC",
    ] {
        let (_, f) = plan(sql);
        assert!(f.offset == 0, "{sql}");
    }
}
