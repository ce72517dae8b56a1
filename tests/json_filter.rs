//! WHERE conditions on an undeclared JSON path that squeeze evaluates
//! itself (`JSON_CONTAINS`, `JSON_CONTAINS_PATH`, `JSON_EXISTS`,
//! `JSON_VALID` with AND / OR / NOT, beside ordinary conditions), against
//! MariaDB evaluating them on the uncompressed copy: the same rows, in the
//! same order, with the same column definitions; ineligible forms refused
//! with ERR 1235 naming the column.

mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, Value};
use support::oracle::{self, Verdict};
use support::MariaDb;

/// Documents beyond the oracle's corpus rows: the shapes the conditions
/// distinguish (arrays, nested objects, JSON null, scalars, empty
/// containers, escapes, duplicate names, numbers written differently).
const EDGE: &[&str] = &[
    r#"[1, 2, {"a": 1}]"#,
    r#"{"a": [1, 2, 3], "b": {"c": null}}"#,
    r#"{"a": null}"#,
    r#"{"a": {"b": 1}}"#,
    r#""a string""#,
    "1",
    "{}",
    "[]",
    r#"{"café": 1, "a": "1", "b": "caf\u00e9"}"#,
    r#"{"a": 1.0, "author": "AutoModerator"}"#,
    r#"{"a": true, "author": "x", "body": ""}"#,
    r#"{"a": 1, "a": 2}"#,
    r#"{"a": [[1], 2], "score": 5}"#,
    r#"{"author": "AutoModerator", "body": "a long enough body to be stored compressed by squeeze, well over the minimum size of sixty-four bytes"}"#,
];

/// Statements squeeze must answer exactly as MariaDB does on the copy.
const ANSWERED: &[&str] = &[
    // JSON_CONTAINS_PATH, one and all, any letter case, wildcards.
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.author') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'all', '$.author', '$.body') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.nope', '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'ONE', '$.a[0]') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.*') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$[1]') ORDER BY id",
    // JSON_EXISTS, JSON_VALID.
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a.b') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.b.c') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_VALID(doc) ORDER BY id",
    "SELECT id FROM docs WHERE NOT JSON_VALID(doc) ORDER BY id",
    // JSON_CONTAINS with scalar candidates, with and without a path.
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1', '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '2', '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '\"AutoModerator\"', '$.author') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, 'true', '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, 'null', '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '5', '$.score') ORDER BY id",
    // NOT: NULL documents give NULL, which NOT leaves NULL (dropped).
    "SELECT id FROM docs WHERE NOT JSON_CONTAINS(doc, '1', '$.a') ORDER BY id",
    // Object and array candidates, the document as the candidate (Django's
    // contains / contained_by) and a path's value as either side.
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '{\"a\": 1}') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '{\"a\": 1, \"b\": 2}') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '{}') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS('{\"a\": 1, \"b\": 2}', doc) ORDER BY id",
    "SELECT id FROM docs WHERE NOT JSON_CONTAINS('{\"a\": 1, \"b\": 2}', doc) ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS(JSON_EXTRACT(doc, '$.author'), '\"AutoModerator\"') ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS('[\"AutoModerator\", \"x\"]', JSON_EXTRACT(doc, '$.author')) ORDER BY id",
    "SELECT id FROM docs WHERE NOT JSON_CONTAINS_PATH(doc, 'one', '$.a') ORDER BY id",
    // OR / AND / NOT / parentheses, and ordinary conditions beside them.
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.a') OR JSON_CONTAINS_PATH(doc, 'one', '$.author') ORDER BY id",
    "SELECT id FROM docs WHERE (JSON_CONTAINS_PATH(doc, 'one', '$.a') OR NOT JSON_EXISTS(doc, '$.author')) AND n = 1 ORDER BY id",
    "SELECT id, title FROM docs WHERE n > 0 AND JSON_EXISTS(doc, '$.author') AND title <> 't1' ORDER BY id",
    "SELECT id FROM docs WHERE doc IS NOT NULL AND NOT JSON_EXISTS(doc, '$.author') ORDER BY id",
    "SELECT id, title, n FROM docs WHERE (JSON_EXISTS(doc, '$.a') AND n = 1) ORDER BY title, id",
    "SELECT id FROM docs WHERE NOT (JSON_EXISTS(doc, '$.a') OR JSON_EXISTS(doc, '$.author')) ORDER BY id",
    "SELECT id FROM docs WHERE id IN (SELECT doc_id FROM notes) AND JSON_EXISTS(doc, '$.author') ORDER BY id",
    // Django's has_keys / has_any_keys, verbatim.
    "SELECT `docs`.`id` FROM `docs` WHERE (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"author\"') AND JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"body\"')) ORDER BY `docs`.`id` ASC",
    "SELECT `docs`.`id` FROM `docs` WHERE (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"author\"') OR JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"zzz\"')) ORDER BY `docs`.`id` ASC",
    // IS [NOT] NULL of the column and of JSON functions squeeze evaluates
    // (Django's exclude(doc__has_key=..) on a nullable field).
    "SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.a') IS NULL ORDER BY id",
    "SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.a', '$.score') IS NOT NULL ORDER BY id",
    "SELECT id FROM docs WHERE JSON_VALUE(doc, '$.a') IS NULL AND doc IS NOT NULL ORDER BY id",
    "SELECT id FROM docs WHERE doc IS NULL OR JSON_EXISTS(doc, '$.a') ORDER BY id",
    "SELECT id FROM docs WHERE COALESCE(JSON_VALUE(doc, '$.author'), 'none') IS NOT NULL ORDER BY id",
    "SELECT id FROM docs WHERE JSON_LENGTH(doc, '$.a') IS NOT NULL ORDER BY id",
    "SELECT `docs`.`id` FROM `docs` WHERE NOT (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') AND `docs`.`doc` IS NOT NULL) ORDER BY `docs`.`id` ASC",
    "SELECT `docs`.`id` FROM `docs` WHERE NOT (JSON_CONTAINS_PATH(`docs`.`doc`, 'one', '$.\"a\"') AND JSON_UNQUOTE(`docs`.`doc`) IS NOT NULL) ORDER BY `docs`.`id` ASC",
    // SELECT *, aliases, the document itself, select-list JSON items.
    "SELECT * FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id DESC",
    "SELECT d.id AS i, d.doc AS body FROM docs AS d WHERE JSON_CONTAINS_PATH(d.doc, 'one', '$.score') ORDER BY i",
    "SELECT id, JSON_VALUE(doc, '$.author') AS a FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id",
    "SELECT UPPER(title) AS t, id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY 2",
    "SELECT id AS doc FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY doc",
    // LIMIT and OFFSET, applied by squeeze to the rows that pass.
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id LIMIT 3",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id LIMIT 2, 4",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id DESC LIMIT 4 OFFSET 30",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id LIMIT 0",
    "SELECT id, doc FROM docs WHERE JSON_CONTAINS(doc, '1', '$.a') ORDER BY id LIMIT 1",
    // Every row dropped; an empty result from the server.
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.nope')",
    "SELECT id, doc FROM docs WHERE id > 1000 AND JSON_VALID(doc)",
    // Orders that are not total: MariaDB sorts the same rows the same way.
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY title LIMIT 3",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY n DESC LIMIT 5",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY title, n LIMIT 2, 7",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') LIMIT 7",
    // Truth tests and comparisons with 0 / 1 of a condition.
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1', '$.a') IS NOT TRUE ORDER BY id",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') IS FALSE ORDER BY id",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') IS UNKNOWN ORDER BY id",
    "SELECT id FROM docs WHERE (JSON_EXISTS(doc, '$.a') OR JSON_EXISTS(doc, '$.author')) IS NOT FALSE ORDER BY id",
    "SELECT id FROM docs WHERE (JSON_EXISTS(doc, '$.a') AND JSON_VALID(doc)) IS NULL ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.author') = 0 ORDER BY id",
    "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.author') <> 0 AND n = 2 ORDER BY id",
    "SELECT id FROM docs WHERE JSON_VALID(doc) != 1 ORDER BY id",
    // Several statements in one query.
    "SELECT id FROM docs WHERE JSON_VALID(doc) ORDER BY id; SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY id",
];

/// Statements squeeze refuses (ERR 1235 naming the column).
const REFUSED: &[&str] = &[
    "SELECT COUNT(*) FROM docs WHERE JSON_EXISTS(doc, '$.author')",
    "SELECT DISTINCT title FROM docs WHERE JSON_EXISTS(doc, '$.author')",
    "SELECT title, COUNT(*) FROM docs WHERE JSON_EXISTS(doc, '$.author') GROUP BY title",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') OR id = 1",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1', '$.a') = 2",
    "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1', '$.a') = '1'",
    "SELECT id FROM docs WHERE NOT JSON_EXISTS(doc, '$.a') IS TRUE",
    "SELECT d.id FROM docs d JOIN notes x ON x.doc_id = d.id WHERE JSON_EXISTS(d.doc, '$.author')",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') FOR UPDATE",
    "SELECT id, RAND(1) FROM docs WHERE JSON_EXISTS(doc, '$.author')",
    "SELECT id FROM v_docs WHERE JSON_EXISTS(body, '$.author')",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') UNION ALL SELECT 1",
    "SELECT id FROM notes WHERE doc_id IN (SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author'))",
    "EXPLAIN SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author')",
    "EXPLAIN FORMAT=JSON SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') AND id > 3",
    "ANALYZE SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author')",
    "DESCRIBE SELECT id FROM docs WHERE JSON_VALID(doc)",
    "EXECUTE IMMEDIATE 'SELECT id FROM docs WHERE JSON_EXISTS(doc, ''$.author'')'",
    // The server warns (a string compared with a number) on rows squeeze
    // may drop: the warning count could not be MariaDB's.
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') AND title = 0",
    "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') AND title = 0; SELECT id FROM docs WHERE JSON_VALID(doc)",
    // `(NOT f) IS NULL` under sql_mode HIGH_NOT_PRECEDENCE.
    "SELECT id FROM docs WHERE NOT JSON_EXTRACT(doc, '$.a') IS NULL",
];

/// Rows in the order the server sent them (the oracle compares sorted).
async fn ordered(conn: &mut Conn, sql: &str) -> Result<Vec<Vec<Option<Vec<u8>>>>, String> {
    let mut r = conn.query_iter(sql).await.map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    while !r.is_empty() {
        let rows: Vec<mysql_async::Row> = r.collect().await.map_err(|e| e.to_string())?;
        for row in rows {
            out.push(
                row.unwrap()
                    .into_iter()
                    .map(|v| match v {
                        Value::NULL => None,
                        Value::Bytes(b) => Some(b),
                        other => Some(format!("{other:?}").into_bytes()),
                    })
                    .collect(),
            );
        }
    }
    Ok(out)
}

/// The packets of one text-protocol result (header sequence number and
/// payload), up to the rows' terminator.
fn raw_result(port: u16, db: &str, deprecate_eof: bool, sql: &str) -> Vec<(u8, Vec<u8>)> {
    use std::io::Read;
    let flags = if deprecate_eof { 1 << 24 } else { 0 };
    let mut c = support::raw::RawConn::login_with(
        port,
        support::APP_USER,
        support::APP_PASS,
        Some(db),
        0,
        flags,
        None,
    )
    .unwrap_or_else(|e| panic!("login to {port}: {e:?}"));
    let mut q = vec![0x03];
    q.extend_from_slice(sql.as_bytes());
    c.command(&q);
    let mut out = Vec::new();
    // Terminators seen: after the definitions (classic only), after rows.
    let mut ends = 0;
    loop {
        let mut hdr = [0u8; 4];
        c.s.read_exact(&mut hdr).unwrap();
        let len = u32::from_le_bytes([hdr[0], hdr[1], hdr[2], 0]) as usize;
        let mut p = vec![0u8; len];
        c.s.read_exact(&mut p).unwrap();
        let end = p[0] == 0xFF || (p[0] == 0xFE && len < 0xFF_FFFF && !out.is_empty());
        out.push((hdr[3], p));
        if end {
            ends += 1;
            if out.last().unwrap().1[0] == 0xFF || deprecate_eof || ends == 2 {
                return out;
            }
        }
    }
}

/// The column definitions of `truth` as `sq` names its schema.
fn as_sq(p: &[u8]) -> Vec<u8> {
    let from: &[u8] = b"\x03def\x05truth";
    let to: &[u8] = b"\x03def\x02sq";
    if p.starts_with(from) {
        [to, &p[from.len()..]].concat()
    } else {
        p.to_vec()
    }
}

async fn insert_both(o: &mut oracle::Oracle, id: usize, doc: &str) {
    let q = doc.replace('\\', "\\\\").replace('\'', "\\'");
    let sql = format!(
        "INSERT INTO docs (id, doc, title, n) VALUES ({id}, '{q}', 't{}', {})",
        id % 4,
        id % 3
    );
    o.truth.query_drop(&sql).await.expect("truth insert");
    o.sq.query_drop(&sql)
        .await
        .unwrap_or_else(|e| panic!("insert through squeeze: {e}: {sql}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_conditions_squeeze_evaluates_answer_as_mariadb_on_the_uncompressed_copy() {
    let db = MariaDb::start();
    let (sq, mut o) = oracle::setup(&db).await;
    for (i, doc) in EDGE.iter().enumerate() {
        insert_both(&mut o, 100 + i, doc).await;
    }
    o.assert_stored_compressed().await;
    let (mut same, mut refused) = (0usize, 0usize);
    let mut wrong = Vec::new();
    for sql in ANSWERED {
        match o.check("json_filter", sql, false).await {
            Verdict::Same => same += 1,
            v => wrong.push(format!("{sql}\n    {v:?}")),
        }
        // Row order too, where the statement fixes one.
        if sql.contains("ORDER BY") {
            let t = ordered(&mut o.truth, sql).await;
            let s = ordered(&mut o.sq, sql).await;
            if t != s {
                wrong.push(format!("{sql}\n    order differs: {t:?}\n    vs {s:?}"));
            }
        }
    }
    for sql in REFUSED {
        match o.check("json_filter", sql, false).await {
            Verdict::Refused => refused += 1,
            v => wrong.push(format!(
                "{sql}\n    expected a refusal naming the column: {v:?}"
            )),
        }
    }
    // A prepared statement with such a condition stays refused.
    for sql in &ANSWERED[..3] {
        match o.check("json_filter", sql, true).await {
            Verdict::Refused => refused += 1,
            v => wrong.push(format!("{sql} (prepared)\n    expected a refusal: {v:?}")),
        }
    }
    // Packet for packet what the server sends for the copy: the column
    // count, definitions, rows, the terminator (status flags, warnings)
    // and contiguous sequence numbers, with and without CLIENT_DEPRECATE_EOF.
    for deprecate_eof in [false, true] {
        for sql in [
            "SELECT id, title FROM docs WHERE JSON_EXISTS(doc, '$.author') AND n > 0 ORDER BY id LIMIT 2, 3",
            "SELECT id, n FROM docs WHERE NOT JSON_VALID(doc) ORDER BY id",
            "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.nope')",
        ] {
            let t: Vec<(u8, Vec<u8>)> = raw_result(db.port, "truth", deprecate_eof, sql)
                .into_iter()
                .map(|(s, p)| (s, as_sq(&p)))
                .collect();
            let q = raw_result(sq.port, "sq", deprecate_eof, sql);
            let seqs: Vec<u8> = q.iter().map(|(s, _)| *s).collect();
            let want: Vec<u8> = (1..=q.len() as u8).collect();
            if t != q || seqs != want {
                wrong.push(format!(
                    "{sql} (raw, deprecate_eof={deprecate_eof})\n    truth {t:?}\n    squeeze {q:?}"
                ));
            } else {
                same += 1;
            }
        }
    }
    // The session's sql_select_limit (MySQL Workbench sets 1000): MariaDB
    // applies it to the rows that pass, so squeeze does, not the server
    // to the rows before the condition; a statement's own LIMIT wins.
    for c in [&mut o.truth, &mut o.sq] {
        c.query_drop("SET SESSION sql_select_limit = 3")
            .await
            .unwrap();
    }
    for sql in [
        "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.a') ORDER BY id",
        "SELECT id FROM docs WHERE NOT JSON_EXISTS(doc, '$.author') ORDER BY id DESC",
        "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id LIMIT 5",
        "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id LIMIT 1, 4",
    ] {
        let t = ordered(&mut o.truth, sql).await;
        let q = ordered(&mut o.sq, sql).await;
        if t == q && t.as_ref().is_ok_and(|r| !r.is_empty()) {
            same += 1;
        } else {
            wrong.push(format!(
                "{sql} (sql_select_limit = 3)\n    truth {t:?}\n    squeeze {q:?}"
            ));
        }
    }
    for c in [&mut o.truth, &mut o.sq] {
        c.query_drop("SET SESSION sql_select_limit = DEFAULT")
            .await
            .unwrap();
    }
    // The connection goes on after each: a plain read still answers.
    match o
        .check(
            "json_filter",
            "SELECT id, doc FROM docs WHERE id = 3",
            false,
        )
        .await
    {
        Verdict::Same => same += 1,
        v => wrong.push(format!("after the refusals: {v:?}")),
    }
    // Many rows (several reads of the backend's stream), a LIMIT met early
    // (the rest read and dropped), and the connection usable after it.
    for chunk in 0..6 {
        let rows: Vec<String> = (0..250)
            .map(|k| {
                let id = 1000 + chunk * 250 + k;
                let doc = if id % 3 == 0 {
                    format!(
                        "{{\"author\": \"a{id}\", \"body\": \"{}\"}}",
                        "x".repeat(id % 200)
                    )
                } else {
                    format!("{{\"a\": {id}, \"pad\": \"{}\"}}", "y".repeat(id % 300))
                };
                format!("({id}, '{doc}', 't{}', {})", id % 4, id % 3)
            })
            .collect();
        let sql = format!(
            "INSERT INTO docs (id, doc, title, n) VALUES {}",
            rows.join(", ")
        );
        o.truth.query_drop(&sql).await.unwrap();
        o.sq.query_drop(&sql).await.unwrap();
    }
    for sql in [
        "SELECT id, doc FROM docs WHERE JSON_EXISTS(doc, '$.author') ORDER BY id",
        "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') AND id >= 1000 ORDER BY id LIMIT 3 OFFSET 200",
        "SELECT id, doc FROM docs WHERE NOT JSON_CONTAINS_PATH(doc, 'one', '$.author') LIMIT 1",
        "SELECT id, title FROM docs WHERE JSON_VALID(doc) ORDER BY title DESC, id LIMIT 1000, 10",
    ] {
        match o.check("json_filter", sql, false).await {
            Verdict::Same => same += 1,
            v => wrong.push(format!("{sql} (1,500 more rows)\n    {v:?}")),
        }
        let t = ordered(&mut o.truth, sql).await;
        let s = ordered(&mut o.sq, sql).await;
        if t != s {
            wrong.push(format!("{sql} (1,500 more rows): order differs"));
        }
    }
    // A document that is not JSON, stored before squeeze: squeeze
    // evaluates no condition on it (MariaDB answers NULL with a warning),
    // so the result ends with ERR 1235 naming the column; where it does
    // not reach that row, or JSON_VALID (0, no warning) reads it, the
    // answer is MariaDB's.
    let bad = "INSERT INTO docs (id, doc, title, n) VALUES (300, '{\"author\": \"x\", ', 't0', 0)";
    o.truth.query_drop(bad).await.unwrap();
    let mut direct = support::dump::connect(db.port, Some("sq")).await;
    direct.query_drop(bad).await.unwrap();
    direct.disconnect().await.ok();
    for (sql, answered) in [
        (
            "SELECT id FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.author') ORDER BY id",
            false,
        ),
        (
            "SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author') AND id < 300",
            true,
        ),
        (
            "SELECT id FROM docs WHERE JSON_VALID(doc) ORDER BY id",
            true,
        ),
        (
            "SELECT id FROM docs WHERE NOT JSON_VALID(doc) ORDER BY id",
            true,
        ),
    ] {
        match (o.check("json_filter", sql, false).await, answered) {
            (Verdict::Same, true) => same += 1,
            (Verdict::Refused, false) => refused += 1,
            (v, _) => wrong.push(format!("{sql} (a document that is not JSON)\n    {v:?}")),
        }
    }
    let msg = match o
        .sq
        .query_drop("SELECT id FROM docs WHERE JSON_EXISTS(doc, '$.author')")
        .await
    {
        Err(mysql_async::Error::Server(e)) => format!("{} {}", e.code, e.message),
        other => format!("{other:?}"),
    };
    assert!(
        msg.starts_with("1235 ") && msg.contains("sq.docs.doc") && msg.contains("300"),
        "the refusal names the column and the row: {msg}"
    );
    // FOUND_ROWS() after a filtered result would count the server's rows:
    // refused until another result set, then answered as directly.
    let filtered =
        "SELECT id FROM docs WHERE id < 100 AND JSON_CONTAINS(doc, '1', '$.a') ORDER BY id";
    let _ = ordered(&mut o.sq, filtered).await.unwrap();
    match o.sq.query_drop("SELECT FOUND_ROWS()").await {
        Err(mysql_async::Error::Server(e))
            if e.code == 1235 && e.message.contains("FOUND_ROWS") =>
        {
            refused += 1
        }
        other => wrong.push(format!("FOUND_ROWS() after {filtered}: {other:?}")),
    }
    for c in [&mut o.truth, &mut o.sq] {
        let _ = ordered(c, "SELECT id FROM docs WHERE id < 5")
            .await
            .unwrap();
    }
    let t = ordered(&mut o.truth, "SELECT FOUND_ROWS()").await;
    let s = ordered(&mut o.sq, "SELECT FOUND_ROWS()").await;
    if t == s && t.is_ok() {
        same += 1;
    } else {
        wrong.push(format!("FOUND_ROWS() after a plain SELECT: {t:?} vs {s:?}"));
    }
    // Writes filtered by such a condition (Django's `.filter(doc__has_key=
    // ..).delete()`): not evaluated by squeeze, refused as before.
    for sql in [
        "DELETE FROM docs WHERE JSON_CONTAINS_PATH(doc, 'one', '$.author')",
        "UPDATE docs SET n = 7 WHERE JSON_EXISTS(doc, '$.a')",
    ] {
        match o.check_write("json_filter", sql).await {
            Verdict::Refused => refused += 1,
            v => wrong.push(format!("{sql}\n    expected a refusal: {v:?}")),
        }
    }
    drop(sq);
    assert!(
        wrong.is_empty() && o.failures.is_empty(),
        "{} wrong:\n{}\n{}",
        wrong.len() + o.failures.len(),
        wrong.join("\n"),
        o.failures.join("\n")
    );
    println!("RESULT json_filter same={same} wrong=0 refused={refused}");
}

/// `lookups` of `json_filter.py` on one database.
fn lookups(port: u16, db: &str) -> Vec<(String, String)> {
    support::pyclients::kit_lookups("json_filter.py", port, db)
}

#[test]
fn djangos_has_keys_and_has_any_keys_through_pymysql_mysqlclient_and_django_answer_as_directly() {
    let py = support::pyclients::venv_python();
    for module in ["pymysql", "MySQLdb", "django"] {
        support::pyclients::require_module(&py, module);
    }
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (sq, mut o) = rt.block_on(oracle::setup(&db));
    rt.block_on(async {
        for (i, doc) in EDGE.iter().enumerate() {
            insert_both(&mut o, 100 + i, doc).await;
        }
    });
    drop(o);
    let truth = lookups(db.port, "truth");
    let through = lookups(sq.port, "sq");
    assert_eq!(truth.len(), through.len(), "{truth:?}\n{through:?}");
    for ((name, direct), (_, squeezed)) in truth.iter().zip(&through) {
        assert!(!direct.starts_with("ERROR"), "{name}: {direct}");
        assert_eq!(direct, squeezed, "{name}: direct vs through squeeze");
    }
    println!(
        "RESULT json_filter_python lookups={} identical={}",
        truth.len(),
        truth.len()
    );
}
