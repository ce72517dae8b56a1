//! LOAD DATA LOCAL INFILE into a table with declared JSON paths
//! (docs/json.md, "Writes"), against a real MariaDB and the real
//! `mariadb` client: the same file loaded through squeeze into the
//! compressed table and directly into an uncompressed copy reads back
//! byte-identical, and each extracted column holds what MariaDB computes
//! on the copy; the forms squeeze cannot follow, and rows it cannot
//! derive exactly, are refused with ERR 1235 naming the column and path,
//! leaving the table as it was.

mod support;

use mysql_async::prelude::*;
use support::{dump, mariadb_cli, MariaDb, Squeeze};

const TRUTH: &str = "ltruth";
const SQ: &str = "lsq";

/// `ltruth.t` holds the documents as text; `lsq.t` compressed, with the
/// extracted columns, behind a squeeze declaring them.
fn setup(db: &MariaDb) -> Squeeze {
    db.fresh_db(TRUTH);
    db.root_sql(&format!(
        "CREATE TABLE {TRUTH}.t (id INT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, n INT)"
    ));
    db.fresh_db(SQ);
    db.root_sql(&format!(
        "CREATE TABLE {SQ}.t (id INT PRIMARY KEY, doc LONGBLOB NULL, n INT, \
         doc_author VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, \
         tag0 VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, \
         doc_author_json VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, \
         score BIGINT NULL, KEY (doc_author)) ENGINE=InnoDB"
    ));
    let toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"{SQ}\"\ntable = \"t\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\nextract = [{{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(64)\" }}, {{ path = \"$.tags[0]\", column = \"tag0\", type = \"VARCHAR(16)\" }}, {{ path = \"$.author\", column = \"doc_author_json\", type = \"VARCHAR(64)\", value = \"json\" }}, {{ path = \"$.score\", column = \"score\", type = \"BIGINT\" }}]\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    let backend = db.addr();
    let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
    Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user])
}

/// Documents covering the kinds of values a path holds: strings with
/// escapes, quotes, unicode (4-byte too), the text `NULL`, the empty
/// string, numbers, booleans, JSON null, objects, arrays, missing paths,
/// a scalar document, duplicate keys and a NULL document.
fn documents() -> Vec<Option<String>> {
    let pad = "squeeze keeps the document compressed ".repeat(4);
    let authors = [
        r#""AutoModerator""#,
        r#""caf\u00e9 \"quoted\" \\ back""#,
        r#""O'Brien, \"Jr\"""#,
        r#""trailing  ""#,
        r#""""#,
        r#""línea\nnueva\ttab""#,
        r#""NULL""#,
        r#""N""#,
        "1.50e0",
        "true",
        "null",
        r#"{"name": "x", "n": [1, 2]}"#,
        r#"[1, "two"]"#,
        r#""😀 emoji""#,
        r#""comma, \"quote\"""#,
    ];
    let mut docs: Vec<Option<String>> = authors
        .iter()
        .enumerate()
        .map(|(i, a)| {
            Some(format!(
                r#"{{"author": {a}, "tags": ["t{i}", "x"], "score": {i}, "pad": "{pad}"}}"#
            ))
        })
        .collect();
    docs.push(Some(format!(r#"{{"tags": "solo", "pad": "{pad}"}}"#)));
    docs.push(Some(r#""just a string""#.into()));
    docs.push(Some(r#"{"author": "dup1", "author": "dup2"}"#.into()));
    docs.push(Some("{}".into()));
    // Whitespace the file must escape: tab, newline, CR between tokens.
    docs.push(Some("{\n\t\"author\":\r\n\t\"ws\", \"score\": -7}".into()));
    docs.push(None);
    docs
}

/// One way of writing the file: the statement's FIELDS/LINES clause, and
/// how a field and NULL are spelled under it.
struct Format {
    name: &'static str,
    clause: &'static str,
    header: &'static str,
    field: fn(&str) -> String,
    null: &'static str,
    sep: &'static str,
    eol: &'static str,
}

fn escaped_tab(v: &str) -> String {
    let mut s = String::new();
    for c in v.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '\t' => s.push_str("\\t"),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    s
}

fn csv_escaped(v: &str) -> String {
    let mut s = String::from("\"");
    for c in v.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\r' => s.push_str("\\r"),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

fn csv_doubled(v: &str) -> String {
    format!("\"{}\"", v.replace('"', "\"\""))
}

fn formats() -> Vec<Format> {
    vec![
        Format {
            name: "default tab-separated",
            clause: "",
            header: "",
            field: escaped_tab,
            null: "\\N",
            sep: "\t",
            eol: "\n",
        },
        Format {
            name: "csv, optionally enclosed, escaped, CRLF, header",
            clause: "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '\\\\' LINES TERMINATED BY '\\r\\n' IGNORE 1 LINES",
            header: "id,doc\r\n",
            field: csv_escaped,
            null: "\\N",
            sep: ",",
            eol: "\r\n",
        },
        Format {
            name: "csv, enclosed, no escape",
            clause: "FIELDS TERMINATED BY ';' ENCLOSED BY '\"' ESCAPED BY '' LINES STARTING BY '>' TERMINATED BY '\\n'",
            header: "",
            field: csv_doubled,
            null: "NULL",
            sep: ";",
            eol: "\n",
        },
        Format {
            name: "csv, escape is the enclosure",
            clause: "FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY '\"'",
            header: "",
            field: csv_doubled,
            null: "NULL",
            sep: ",",
            eol: "\n",
        },
    ]
}

fn file_for(f: &Format, docs: &[Option<String>]) -> String {
    let mut s = f.header.to_string();
    let start = if f.name.contains("no escape") {
        ">"
    } else {
        ""
    };
    for (i, d) in docs.iter().enumerate() {
        let doc = d.as_deref().map(f.field).unwrap_or_else(|| f.null.into());
        s.push_str(&format!("{start}{}{}{doc}{}", i + 1, f.sep, f.eol));
    }
    s
}

/// Load `file` with `sql_tail` appended to `LOAD DATA LOCAL INFILE 'file'
/// INTO TABLE t`; the client's success and stderr.
fn load(port: u16, db: &str, file: &std::path::Path, sql_tail: &str) -> (bool, String) {
    let sql = match sql_tail.strip_prefix("REPLACE ") {
        Some(rest) => format!(
            "LOAD DATA LOCAL INFILE '{}' REPLACE INTO TABLE t {rest}",
            file.display()
        ),
        None => format!(
            "LOAD DATA LOCAL INFILE '{}' INTO TABLE t {sql_tail}",
            file.display()
        ),
    };
    let (ok, _, err) = mariadb_cli(port, &["--local-infile=1", db], &sql);
    (ok, err)
}

type Row = (
    i64,
    Option<Vec<u8>>,
    Option<Vec<u8>>,
    Option<Vec<u8>>,
    Option<i64>,
);

async fn compare(db: &MariaDb, sq_port: u16, what: &str) -> usize {
    let mut direct = dump::connect(db.port, None).await;
    let want: Vec<Row> = direct
        .query(format!(
            "SELECT id, JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')), JSON_UNQUOTE(JSON_EXTRACT(doc, '$.tags[0]')), JSON_EXTRACT(doc, '$.author'), JSON_EXTRACT(doc, '$.score') FROM {TRUTH}.t ORDER BY id"
        ))
        .await
        .unwrap();
    let got: Vec<Row> = direct
        .query(format!(
            "SELECT id, doc_author, tag0, doc_author_json, score FROM {SQ}.t ORDER BY id"
        ))
        .await
        .unwrap();
    assert_eq!(want, got, "{what}: derived columns differ from MariaDB's");
    let docs_truth: Vec<(i64, Option<Vec<u8>>)> = direct
        .query(format!("SELECT id, doc FROM {TRUTH}.t ORDER BY id"))
        .await
        .unwrap();
    // Stored compressed: the raw column is not the document.
    let raw: Vec<(i64, Option<Vec<u8>>)> = direct
        .query(format!("SELECT id, doc FROM {SQ}.t ORDER BY id"))
        .await
        .unwrap();
    assert!(
        raw.iter()
            .zip(&docs_truth)
            .any(|(a, b)| a.1.is_some() && a.1 != b.1),
        "{what}: nothing was stored compressed"
    );
    direct.disconnect().await.ok();
    let mut sq = dump::connect(sq_port, Some(SQ)).await;
    let docs_sq: Vec<(i64, Option<Vec<u8>>)> =
        sq.query("SELECT id, doc FROM t ORDER BY id").await.unwrap();
    assert_eq!(docs_truth, docs_sq, "{what}: documents differ");
    sq.disconnect().await.ok();
    want.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_data_local_stores_each_declared_path_as_mariadb_extracts_it_from_the_same_file() {
    let db = MariaDb::start();
    let proxy = setup(&db);
    let dir = tempfile::tempdir().unwrap();
    let docs = documents();
    for f in formats() {
        db.root_sql(&format!("DELETE FROM {TRUTH}.t; DELETE FROM {SQ}.t;"));
        let file = dir.path().join("docs.txt");
        std::fs::write(&file, file_for(&f, &docs)).unwrap();
        let tail = format!("CHARACTER SET utf8mb4 {} (id, doc)", f.clause);
        let (ok, err) = load(db.port, TRUTH, &file, &tail);
        assert!(ok, "{}: direct: {err}", f.name);
        let (ok, err) = load(proxy.port, SQ, &file, &tail);
        assert!(ok, "{}: through squeeze: {err}", f.name);
        let n = compare(&db, proxy.port, f.name).await;
        assert_eq!(n, docs.len(), "{}", f.name);
        println!(
            "RESULT json_extract_infile format={:?} rows={n} same=1",
            f.name
        );
    }
    // The document between other columns, its derived fields inserted
    // right after it, the next one through a user variable and SET; a
    // REPLACE load over existing rows.
    let file = dir.path().join("mid.txt");
    std::fs::write(
        &file,
        "1\t{\"author\": \"mid\", \"score\": 3}\t7\n2\t\\N\t8\n",
    )
    .unwrap();
    for (port, db_name) in [(db.port, TRUTH), (proxy.port, SQ)] {
        let (ok, err) = load(port, db_name, &file, "REPLACE (id, doc, @n) SET n = @n + 1");
        assert!(ok, "{db_name}: {err}");
    }
    compare(&db, proxy.port, "document in the middle").await;
    // utf8mb3 carries characters of up to three bytes as they are.
    let file = dir.path().join("mb3.txt");
    std::fs::write(
        &file,
        "30\t{\"author\": \"caf\u{e9} \u{20ac}\", \"tags\": [\"\u{4e2d}\"]}\n",
    )
    .unwrap();
    for (port, db_name) in [(db.port, TRUTH), (proxy.port, SQ)] {
        let (ok, err) = load(port, db_name, &file, "CHARACTER SET utf8mb3 (id, doc)");
        assert!(ok, "{db_name}: utf8mb3: {err}");
    }
    compare(&db, proxy.port, "CHARACTER SET utf8mb3").await;
    let mut direct = dump::connect(db.port, None).await;
    let n: Vec<(i64, Option<i64>)> = direct
        .query(format!("SELECT id, n FROM {SQ}.t ORDER BY id"))
        .await
        .unwrap();
    assert_eq!(n[..2], [(1, Some(8)), (2, Some(9))]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_data_forms_and_rows_squeeze_cannot_derive_exactly_are_refused_and_load_nothing() {
    let db = MariaDb::start();
    let proxy = setup(&db);
    let dir = tempfile::tempdir().unwrap();
    let mut sq = dump::connect(proxy.port, Some(SQ)).await;
    sq.query_drop(r#"INSERT INTO t (id, doc) VALUES (100, '{"author": "kept"}')"#)
        .await
        .unwrap();
    let good = "1\t{\"author\": \"fine\"}\n";
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "invalid JSON in row 2",
            format!("{good}2\t{{\"author\": \n"),
            "CHARACTER SET utf8mb4 (id, doc)",
            "row 2",
        ),
        (
            "a value longer than the column",
            format!("{good}2\t{{\"author\": \"{}\"}}\n", "x".repeat(65)),
            "CHARACTER SET utf8mb4 (id, doc)",
            "longer than the declared VARCHAR(64)",
        ),
        (
            "a BIGINT path holding a fraction",
            format!("{good}2\t{{\"score\": 1.5}}\n"),
            "CHARACTER SET utf8mb4 (id, doc)",
            "`score` ($.score)",
        ),
        (
            "a non-ASCII value without CHARACTER SET utf8mb4",
            format!("{good}2\t{{\"author\": \"café\"}}\n"),
            "(id, doc)",
            "CHARACTER SET utf8mb4",
        ),
        (
            "a 4-byte character under CHARACTER SET utf8mb3",
            format!("{good}2\t{{\"author\": \"\u{1F600}\"}}\n"),
            "CHARACTER SET utf8mb3 (id, doc)",
            "CHARACTER SET utf8mb4",
        ),
        (
            "a NULL value with neither escape nor enclosure",
            format!("{good}2\t{{}}\n"),
            "CHARACTER SET utf8mb4 FIELDS ESCAPED BY '' (id, doc)",
            "cannot spell",
        ),
        (
            "a row without the document's field",
            format!("{good}2\n"),
            "CHARACTER SET utf8mb4 (id, doc)",
            "ends before the document",
        ),
        ("no column list", good.to_string(), "", "name the columns"),
        (
            "a column list naming a derived column",
            "1\t{}\tx\n".to_string(),
            "(id, doc, doc_author)",
            "leave it out",
        ),
        (
            "the document through a user variable",
            good.to_string(),
            "(id, @d) SET doc = @d",
            "`doc`",
        ),
        (
            "a SET of a derived column",
            good.to_string(),
            "(id, doc) SET tag0 = 'x'",
            "SET clause naming `tag0`",
        ),
    ];
    for (what, content, tail, says) in cases {
        let file = dir.path().join("bad.txt");
        std::fs::write(&file, content).unwrap();
        let (ok, err) = load(proxy.port, SQ, &file, tail);
        assert!(!ok, "{what}: was not refused");
        assert!(
            err.contains("ERROR 1235") && err.contains(says),
            "{what}: {err}"
        );
        if !["no column list", "the document through a user variable"].contains(&what) {
            assert!(err.contains("$."), "{what}: names no path: {err}");
        }
        // The statement is one: nothing of the file stayed.
        let mut direct = dump::connect(db.port, None).await;
        let ids: Vec<i64> = direct
            .query(format!("SELECT id FROM {SQ}.t ORDER BY id"))
            .await
            .unwrap();
        assert_eq!(ids, vec![100], "{what}");
        direct.disconnect().await.ok();
    }
    // A temporary table of the same name is a plain table: loaded as the
    // file says, no derived columns added.
    let file = dir.path().join("temp.txt");
    std::fs::write(&file, "7\t{\"author\": \"temp\"}\n").unwrap();
    let sql = format!(
        "CREATE TEMPORARY TABLE t (id INT, doc LONGBLOB); LOAD DATA LOCAL INFILE '{}' INTO TABLE t (id, doc); SELECT id, doc FROM t; DROP TEMPORARY TABLE t; SELECT COUNT(*) FROM t",
        file.display()
    );
    let (ok, out, err) = mariadb_cli(proxy.port, &["--local-infile=1", SQ], &sql);
    assert!(ok, "temporary table: {err}");
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.contains("7\t{\"author\": \"temp\"}"),
        "temporary table: {out}"
    );
    assert!(
        out.trim_end().ends_with('1'),
        "the configured table untouched: {out}"
    );
    // A file the server reads, and LOAD XML: never through squeeze.
    for sql in [
        "LOAD DATA INFILE '/tmp/x' INTO TABLE t (id, doc)",
        "LOAD XML LOCAL INFILE '/tmp/x' INTO TABLE t (id, doc)",
    ] {
        match sq.query_drop(sql).await {
            Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1235, "{sql}: {}", e.message),
            other => panic!("{sql} was not refused: {other:?}"),
        }
    }
}
