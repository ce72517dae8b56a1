//! Issue 45, computed writes: with squeeze's in-server functions on the
//! shard, a write that reads inside a compressed document or computes a
//! new one (`UPDATE t SET doc = JSON_SET(doc, ..)`, `REPLACE(doc, ..)`,
//! `INSERT .. SELECT`, `ON DUPLICATE KEY UPDATE doc =
//! JSON_MERGE_PATCH(doc, VALUES(doc))`, conditions on the document in
//! UPDATE and DELETE) is evaluated by the server and stored compressed
//! through `squeeze_deflate`: every answer (OK packets with their counts
//! and info, errors, warnings) and every document read back equals
//! MariaDB's on the uncompressed copy, byte for byte.
mod support;

use support::dump::{self, Outcome};
use support::in_server::{install, server};
use support::{MariaDb, Squeeze, TestServer, APP_PASS, APP_USER};

/// The tables, on the copy (`text`/`json`: the copy's types) and on
/// squeeze's shard (LONGBLOB, and `x`'s extracted column).
fn create_tables(db: &dyn TestServer, text: &str, json: &str, extracted: &str) {
    db.fresh_db("app");
    db.root_sql(&format!(
        "CREATE TABLE app.d (id INT PRIMARY KEY, n INT NULL, note VARCHAR(200) NULL, doc {text} NULL);
         CREATE TABLE app.src (id INT PRIMARY KEY, doc {text} NULL);
         CREATE TABLE app.j (id INT PRIMARY KEY, doc {json} NULL);
         CREATE TABLE app.plain (id INT PRIMARY KEY, body LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL);
         CREATE TABLE app.x (id INT PRIMARY KEY, n INT NULL, doc {text} NULL{extracted});"
    ));
}

fn columns() -> String {
    let mut toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    for (t, json) in [("d", ""), ("src", ""), ("j", "present_as = \"json\"\n")] {
        toml.push_str(&format!(
            "\n[[columns]]\nschema = \"app\"\ntable = \"{t}\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\nmin_size = 0\n{json}"
        ));
    }
    toml.push_str(
        "\n[[columns]]\nschema = \"app\"\ntable = \"x\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\nextract = [{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(64)\" }]\n",
    );
    toml
}

const LONG: &str =
    "a comment that repeats itself, a comment that repeats itself, and once more a comment";

#[test]
fn computed_writes_are_evaluated_by_the_server_and_stored_compressed_as_on_the_uncompressed_copy() {
    let truth = MariaDb::start();
    let db = server();
    create_tables(
        &truth,
        "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
        "JSON",
        "",
    );
    create_tables(
        &db,
        "LONGBLOB",
        "LONGBLOB",
        ", doc_author VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL",
    );
    install(&db);
    let user = format!("{APP_USER}:{APP_PASS}");
    let sq = Squeeze::start_with_config(&columns(), &["--backend", &db.addr(), "--user", &user]);
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let mut t = dump::connect(truth.port, Some("app")).await;
        let mut s = dump::connect(sq.port, Some("app")).await;
        let seed = format!(
            r#"INSERT INTO d (id, doc) VALUES (1, '{{"a":1,"author":"bob","body":"{LONG}"}}'), (2, '{{"a":2,"author":"ann","tags":["x","y"],"body":"{LONG}"}}'), (3, NULL), (5, '{{"a":5,"author":"cy","body":"{LONG} é😀"}}')"#
        );
        let statements: Vec<String> = vec![
            seed,
            r#"INSERT INTO j VALUES (1, '{"k":1}'), (2, NULL)"#.into(),
            r#"INSERT INTO x (id, doc) VALUES (1, '{"author":"bob","a":1}')"#.into(),
            // A condition on a document with extracted columns: the
            // server reads it.
            "UPDATE x SET n = 7 WHERE JSON_VALUE(doc, '$.a') = 1".into(),
            "SELECT id, n, doc FROM x".into(),
            // A computed value of the document, and conditions on it.
            "UPDATE d SET doc = JSON_SET(doc, '$.a', 10) WHERE id = 1".into(),
            // Unchanged by its value: `Changed: 0` on both.
            "UPDATE d SET doc = JSON_SET(doc, '$.a', 10) WHERE id = 1".into(),
            "UPDATE d SET doc = JSON_REMOVE(doc, '$.tags'), n = JSON_LENGTH(doc) WHERE JSON_VALUE(doc, '$.author') = 'ann'".into(),
            "UPDATE d SET doc = REPLACE(doc, 'comment', 'remark')".into(),
            "UPDATE d SET note = JSON_VALUE(doc, '$.author') WHERE doc LIKE '%bob%' OR JSON_EXTRACT(doc, '$.a') > 4".into(),
            "UPDATE d SET doc = CONCAT('{\"id\":', id, ',\"n\":', COALESCE(n, 0), '}') WHERE id = 3".into(),
            "UPDATE d SET n = CHAR_LENGTH(doc) ORDER BY JSON_VALUE(doc, '$.author') LIMIT 2".into(),
            // The upsert merging the new document into the stored one.
            r#"INSERT INTO d (id, doc) VALUES (4, '{"a":4}') ON DUPLICATE KEY UPDATE doc = JSON_MERGE_PATCH(doc, VALUES(doc))"#.into(),
            r#"INSERT INTO d (id, doc) VALUES (1, '{"z":true}') ON DUPLICATE KEY UPDATE doc = JSON_MERGE_PATCH(doc, VALUES(doc))"#.into(),
            // INSERT .. SELECT into a compressed column: computed, copied,
            // and from a plain column; and out of one into a plain table.
            "INSERT INTO src (id, doc) SELECT id + 100, JSON_SET(doc, '$.copied', 1) FROM d WHERE doc IS NOT NULL".into(),
            "INSERT INTO src (id, doc) SELECT id + 200, doc FROM d WHERE id < 3".into(),
            "INSERT INTO src (id, doc) SELECT id + 300, note FROM d WHERE note IS NOT NULL".into(),
            "INSERT INTO plain (id, body) SELECT id, doc FROM d".into(),
            "INSERT INTO plain (id, body) SELECT id + 10, JSON_EXTRACT(doc, '$.a') FROM d WHERE JSON_EXISTS(doc, '$.a')".into(),
            // A column presented as JSON keeps its CHECK (json_valid(..)).
            "UPDATE j SET doc = JSON_SET(doc, '$.k', 2)".into(),
            "UPDATE j SET doc = CONCAT(doc, 'x') WHERE id = 1".into(),
            "INSERT INTO j (id, doc) SELECT id + 10, body FROM plain WHERE id = 1".into(),
            "REPLACE INTO src (id, doc) SELECT id + 100, JSON_OBJECT('author', JSON_VALUE(doc, '$.author'), 'again', TRUE) FROM d WHERE id = 2".into(),
            // Several tables: the document of one written from another's.
            "UPDATE d, src SET d.note = JSON_VALUE(src.doc, '$.author'), d.doc = JSON_INSERT(d.doc, '$.from', src.id) WHERE src.id = d.id + 100".into(),
            "DELETE FROM src WHERE JSON_VALUE(doc, '$.copied') = 1 ORDER BY id DESC LIMIT 2".into(),
            "DELETE d FROM d JOIN src ON src.id = d.id + 200 WHERE JSON_LENGTH(src.doc) > 3".into(),
            "DELETE FROM d WHERE JSON_VALUE(doc, '$.a') = 10".into(),
            "SELECT id, n, note, doc FROM d ORDER BY id".into(),
            "SELECT id, doc FROM src ORDER BY id".into(),
            "SELECT id, body FROM plain ORDER BY id".into(),
            // A JSON-presented column's metadata is MySQL's JSON type
            // through squeeze (docs/json.md); its values, compared as text.
            "SELECT id, CAST(doc AS CHAR CHARACTER SET utf8mb4) AS doc FROM j ORDER BY id".into(),
        ];
        for sql in &statements {
            let want = dump::query(&mut t, sql).await;
            let got = dump::query(&mut s, sql).await;
            if want != got {
                let w = dump::query(&mut s, "SHOW WARNINGS").await;
                if let Outcome::Sets(sets) = &w {
                    for r in sets.iter().flat_map(|x| x.rows.iter()) {
                        let text: Vec<String> = r.iter().map(|v| match v {
                            mysql_async::Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
                            v => format!("{v:?}"),
                        }).collect();
                        eprintln!("{sql}: warning through squeeze: {text:?}");
                    }
                }
            }
            dump::assert_same(sql, &want, &got);
        }
        // The binary protocol: a prepared computed write, its `?` a
        // parameter of the expression (not a value squeeze compresses).
        for (sql, params) in [
            (
                "UPDATE d SET doc = JSON_SET(doc, '$.p', ?) WHERE id = ?",
                vec![mysql_async::Value::from("prepared é"), mysql_async::Value::from(2)],
            ),
            (
                "INSERT INTO src (id, doc) SELECT id + ?, JSON_ARRAY(doc, ?) FROM d WHERE JSON_VALUE(doc, '$.author') = ?",
                vec![
                    mysql_async::Value::from(500),
                    mysql_async::Value::from(LONG),
                    mysql_async::Value::from("ann"),
                ],
            ),
        ] {
            let want = dump::exec(&mut t, sql, params.clone()).await;
            let got = dump::exec(&mut s, sql, params).await;
            dump::assert_same(sql, &want, &got);
            assert!(want.sets()[0].affected > 0, "{sql}: {want:?}");
        }
        for sql in ["SELECT id, doc FROM d ORDER BY id", "SELECT id, doc FROM src ORDER BY id"] {
            let want = dump::query(&mut t, sql).await;
            let got = dump::query(&mut s, sql).await;
            dump::assert_same(sql, &want, &got);
        }
        // A computed document where squeeze derives extracted columns
        // from the documents it compresses: refused, naming both.
        match dump::query(&mut s, "UPDATE x SET doc = JSON_SET(doc, '$.a', 2)").await {
            Outcome::Err { code, message, .. } => {
                assert_eq!(code, 1235, "{message}");
                assert!(message.contains("doc_author") && message.contains("x"), "{message}");
            }
            other => panic!("expected ERR 1235, got {other:?}"),
        }
        // The failing write failed as the copy's CHECK fails.
        match dump::query(&mut s, "UPDATE j SET doc = CONCAT(doc, 'x') WHERE id = 1").await {
            Outcome::Err { code, .. } => assert_eq!(code, 4025),
            other => panic!("expected ERR 4025, got {other:?}"),
        }
    });
    // Stored compressed by the server: every document longer than the
    // dictionary's gain threshold is a stored value (first byte >= 0xF5),
    // as many as the copy holds.
    let long = |server: &dyn TestServer, doc: &str| {
        let out = server.root_sql(&format!(
            "SELECT CONCAT(COUNT(*), ':', SUM(ORD(doc) >= 245)) AS c FROM (SELECT doc FROM app.d UNION ALL SELECT doc FROM app.src) x WHERE LENGTH({doc}) > 80"
        ));
        let line = out.lines().nth(1).unwrap_or_default().to_string();
        let (all, compressed) = line.split_once(':').unwrap_or_else(|| panic!("{out}"));
        (all.to_string(), compressed.to_string())
    };
    let (on_copy, _) = long(&truth, "doc");
    let (all, compressed) = long(&db, "squeeze_inflate(doc)");
    assert!(on_copy.parse::<u32>().unwrap() >= 4, "{on_copy}");
    assert_eq!(all, on_copy, "as many long documents as on the copy");
    assert_eq!(all, compressed, "every long document is stored compressed");
}
