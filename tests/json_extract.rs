//! Extracted columns (docs/json.md, "Extracted columns") against a real
//! MariaDB: every write squeeze accepts stores, in the declared column,
//! exactly what MariaDB computes for `JSON_UNQUOTE(JSON_EXTRACT(doc,
//! path))` on an uncompressed copy written by the same statements;
//! writes it cannot keep exact, and writes of the derived column, are
//! refused naming the column and path.

mod support;

use mysql_async::prelude::*;
use mysql_async::Conn;
use support::{dump, MariaDb, Squeeze};

const TRUTH: &str = "xtruth";
const SQ: &str = "xsq";

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// `xtruth.t` holds the documents as text; `xsq.t` compressed, with the
/// extracted columns (indexed), behind a squeeze declaring them.
fn setup(db: &MariaDb) -> Squeeze {
    db.fresh_db(TRUTH);
    db.root_sql(&format!(
        "CREATE TABLE {TRUTH}.t (id INT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, n INT)"
    ));
    db.fresh_db(SQ);
    db.root_sql(&format!(
        "CREATE TABLE {SQ}.t (id INT PRIMARY KEY, doc LONGBLOB NULL, n INT, \
         doc_author VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, \
         tag0 VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, KEY (doc_author))"
    ));
    let toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"{SQ}\"\ntable = \"t\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\nextract = [{{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(64)\" }}, {{ path = \"$.tags[0]\", column = \"tag0\", type = \"VARCHAR(16)\" }}]\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    let backend = db.addr();
    let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
    Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user])
}

/// Documents whose `$.author` and `$.tags[0]` cover the kinds of values:
/// strings with escapes, quotes, unicode, trailing blanks and the empty
/// string, numbers as written, booleans, JSON null, a nested object, an
/// array, a missing path, a scalar document, and a NULL document.
fn documents() -> Vec<Option<String>> {
    let pad = "squeeze keeps the document compressed ".repeat(4);
    let authors = [
        r#""AutoModerator""#,
        r#""caf\u00e9 \"quoted\" \\ back""#,
        r#""O'Brien""#,
        r#""trailing  ""#,
        r#""""#,
        r#""línea\nnueva""#,
        "1.50e0",
        "-0",
        "12345678901234567890",
        "true",
        "false",
        "null",
        r#"{"name": "x", "n": [1, 2]}"#,
        r#"[1, "two"]"#,
        r#""😀 emoji""#,
    ];
    let mut docs: Vec<Option<String>> = authors
        .iter()
        .enumerate()
        .map(|(i, a)| {
            Some(format!(
                r#"{{"author": {a}, "tags": ["t{i}", "x"], "pad": "{pad}"}}"#
            ))
        })
        .collect();
    docs.push(Some(format!(r#"{{"tags": "solo", "pad": "{pad}"}}"#)));
    docs.push(Some(r#""just a string""#.into()));
    docs.push(Some(r#"{"author": "dup1", "author": "dup2"}"#.into()));
    docs.push(None);
    docs
}

async fn both(truth: &mut Conn, sq: &mut Conn, sql: &str) {
    truth
        .query_drop(sql)
        .await
        .unwrap_or_else(|e| panic!("truth: {sql}: {e}"));
    sq.query_drop(sql)
        .await
        .unwrap_or_else(|e| panic!("through squeeze: {sql}: {e}"));
}

/// What MariaDB computes on the uncompressed copy, and what the extracted
/// columns hold, per id.
type Derived = Vec<(i64, Option<Vec<u8>>, Option<Vec<u8>>)>;

async fn derived_pair(db: &MariaDb) -> (Derived, Derived) {
    let mut direct = dump::connect(db.port, None).await;
    let truth: Derived = direct
        .query(format!(
            "SELECT id, JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')), JSON_UNQUOTE(JSON_EXTRACT(doc, '$.tags[0]')) FROM {TRUTH}.t ORDER BY id"
        ))
        .await
        .unwrap();
    let stored: Derived = direct
        .query(format!(
            "SELECT id, doc_author, tag0 FROM {SQ}.t ORDER BY id"
        ))
        .await
        .unwrap();
    direct.disconnect().await.ok();
    (truth, stored)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_accepted_write_stores_json_unquote_of_json_extract_as_mariadb_computes_it() {
    let db = MariaDb::start();
    let sq_proxy = setup(&db);
    let mut truth = dump::connect(db.port, Some(TRUTH)).await;
    let mut sq = dump::connect(sq_proxy.port, Some(SQ)).await;
    let docs = documents();
    let lit = |d: &Option<String>| d.as_deref().map(quote).unwrap_or_else(|| "NULL".into());
    // Multi-row INSERT ... VALUES.
    let rows: Vec<String> = (docs.iter().enumerate())
        .map(|(i, d)| format!("({}, {}, {i})", i + 1, lit(d)))
        .collect();
    both(
        &mut truth,
        &mut sq,
        &format!("INSERT INTO t (id, doc, n) VALUES {}", rows.join(", ")),
    )
    .await;
    let base = docs.len() as i64;
    // INSERT ... SET, REPLACE, UPDATE ... SET, upserts.
    for sql in [
        format!(
            "INSERT INTO t SET id = {}, n = 1, doc = {}",
            base + 1,
            lit(&docs[1])
        ),
        format!("REPLACE INTO t (doc, id) VALUES ({}, 1)", lit(&docs[2])),
        format!("UPDATE t SET doc = {} WHERE id = 3", lit(&docs[11])),
        format!("UPDATE t AS x SET x.n = 7, x.doc = NULL WHERE x.id = 4"),
        format!(
            "INSERT INTO t (id, doc) VALUES (5, {}) ON DUPLICATE KEY UPDATE doc = VALUES(doc)",
            lit(&docs[12])
        ),
        format!(
            "INSERT INTO t (id, doc) VALUES (6, NULL) ON DUPLICATE KEY UPDATE n = 2, doc = {}",
            lit(&docs[0])
        ),
        "UPDATE t SET n = n + 1 WHERE id < 8".to_string(),
        format!(
            "INSERT INTO t (id, doc) VALUES ({}, CONCAT('{{\"author\": ', '\"concat\"}}'))",
            base + 2
        ),
    ] {
        both(&mut truth, &mut sq, &sql).await;
    }
    let (want, got) = derived_pair(&db).await;
    assert_eq!(want.len(), docs.len() + 2);
    assert_eq!(
        want, got,
        "derived columns differ from MariaDB's own extraction"
    );
    // And the documents themselves read back byte-identical.
    let a: Vec<(i64, Option<Vec<u8>>)> = truth
        .query("SELECT id, doc FROM t ORDER BY id")
        .await
        .unwrap();
    let b: Vec<(i64, Option<Vec<u8>>)> =
        sq.query("SELECT id, doc FROM t ORDER BY id").await.unwrap();
    assert_eq!(a, b);
    println!("RESULT json_extract_writes rows={} same=1", want.len());
}

async fn refusal(sq: &mut Conn, sql: &str) -> String {
    match sq.query_drop(sql).await {
        Err(mysql_async::Error::Server(e)) => {
            assert_eq!(e.code, 1235, "{sql}: {}", e.message);
            e.message
        }
        other => panic!("{sql} was not refused: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_of_the_derived_column_and_writes_squeeze_cannot_extract_from_are_refused() {
    let db = MariaDb::start();
    let sq_proxy = setup(&db);
    let mut sq = dump::connect(sq_proxy.port, Some(SQ)).await;
    sq.query_drop(r#"INSERT INTO t (id, doc) VALUES (1, '{"author": "a"}')"#)
        .await
        .unwrap();
    for sql in [
        "UPDATE t SET doc_author = 'forged' WHERE id = 1",
        "INSERT INTO t (id, doc_author) VALUES (2, 'forged')",
        "INSERT INTO t (id) VALUES (1) ON DUPLICATE KEY UPDATE tag0 = 'x'",
    ] {
        let m = refusal(&mut sq, sql).await;
        assert!(
            m.contains("must stay derived") && m.contains("xsq.t."),
            "{sql}: {m}"
        );
    }
    for sql in [
        r#"INSERT INTO t VALUES (3, '{}', 1, NULL, NULL)"#,
        r#"INSERT INTO t (id, doc) VALUES (3, '{"author": "this name is much longer than the sixty-four characters the column holds"}')"#,
        "LOAD DATA LOCAL INFILE '/dev/null' INTO TABLE t",
        "PREPARE s FROM 'UPDATE t SET doc = NULL'",
    ] {
        let m = refusal(&mut sq, sql).await;
        assert!(m.contains("`doc_author` ($.author)"), "{sql}: {m}");
    }
    // A prepared write of the document: refused at prepare, naming it.
    match sq.prep("INSERT INTO t (id, doc) VALUES (?, ?)").await {
        Err(mysql_async::Error::Server(e)) => {
            assert_eq!(e.code, 1235);
            assert!(
                e.message.contains("`doc_author` ($.author)"),
                "{}",
                e.message
            );
        }
        other => panic!("prepared write not refused: {other:?}"),
    }
    // Nothing changed the stored value.
    let mut direct = dump::connect(db.port, Some(SQ)).await;
    let v: Vec<(i64, Option<String>)> = direct
        .query("SELECT id, doc_author FROM t ORDER BY id")
        .await
        .unwrap();
    assert_eq!(v, vec![(1, Some("a".to_string()))]);
}
