//! Bulk loads: compressed-protocol backend connections with the adaptive
//! writer, and LOAD DATA LOCAL INFILE into tables with compressed columns.
mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts, WhiteListFsHandler};
use support::dump;
use support::{http_get, mariadb_cli, MariaDb, Squeeze, APP_PASS, APP_USER};

fn config(mode: &str, db: &str) -> String {
    format!(
        r#"
[bulk]
mode = "{mode}"
users = ["{APP_USER}"]
[[columns]]
schema = "{db}"
table = "docs"
column = "doc"
codec = "zstd"
level = 3
"#
    )
}

fn proxy(db: &MariaDb, mode: &str, schema: &str) -> Squeeze {
    let backend = db.addr();
    let user = format!("{APP_USER}:{APP_PASS}");
    // Packets above MariaDB's 16 MiB default go both ways here.
    Squeeze::start_with_config(
        &config(mode, schema),
        &[
            "--backend",
            &backend,
            "--user",
            &user,
            "--max-packet-size",
            "67108864",
        ],
    )
}

fn metric(sq: &Squeeze, name: &str, filter: &str) -> f64 {
    let (_, body) = http_get(&sq.admin_addr(), "/metrics");
    body.lines()
        .filter(|l| l.starts_with(name) && l.contains(filter))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

fn docs(file: &str) -> Vec<Vec<u8>> {
    let text = std::fs::read(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l.to_vec())
        .collect()
}

fn tsv_escape(d: &[u8], out: &mut Vec<u8>) {
    for &b in d {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            0 => out.extend_from_slice(b"\\0"),
            _ => out.push(b),
        }
    }
}

/// Large packets (> 16 MiB) both ways through a compressed-protocol
/// backend connection (mode always: frames compressed, short ones raw).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compressed_protocol_round_trips_large_packets() {
    let db = MariaDb::shared();
    db.fresh_db("adaptive_wire");
    let mut sq = proxy(db, "always", "adaptive_wire");
    let mut c = Conn::new(Opts::from(dump::opts(
        sq.port,
        APP_USER,
        APP_PASS,
        Some("adaptive_wire"),
    )))
    .await
    .unwrap();
    c.query_drop("CREATE TABLE big (id INT PRIMARY KEY, v LONGBLOB)")
        .await
        .unwrap();
    // Compressible JSON-like text, plus incompressible noise: both kinds of frames.
    let mut json = Vec::new();
    let mut i = 0u64;
    while json.len() < 20 << 20 {
        json.extend_from_slice(
            format!("{{\"id\":{i},\"name\":\"row {i}\",\"tags\":[\"a\",\"b\"]}},").as_bytes(),
        );
        i += 1;
    }
    let noise = support::scenarios::noise(17 << 20, 7);
    for (id, v) in [(1, &json), (2, &noise)] {
        c.exec_drop("INSERT INTO big VALUES (?, ?)", (id, v.clone()))
            .await
            .unwrap();
        let text_insert = format!(
            "INSERT INTO big VALUES ({}, 0x{})",
            id + 10,
            hex::encode(&v[..1 << 20])
        );
        c.query_drop(text_insert).await.unwrap();
    }
    for (id, v) in [(1, &json), (2, &noise)] {
        let got: Vec<u8> = c
            .exec_first("SELECT v FROM big WHERE id = ?", (id,))
            .await
            .unwrap()
            .unwrap();
        assert!(
            got == *v,
            "value {id} differs after a round trip ({} vs {} bytes)",
            got.len(),
            v.len()
        );
        let got: Vec<u8> = c
            .query_first(format!("SELECT v FROM big WHERE id = {}", id + 10))
            .await
            .unwrap()
            .unwrap();
        assert!(got[..] == v[..1 << 20], "value {} differs", id + 10);
    }
    c.disconnect().await.unwrap();
    assert!(metric(&sq, "squeeze_adaptive_chunks_total", "\"compressed\"") > 0.0);
    assert!(metric(&sq, "squeeze_adaptive_chunks_total", "\"raw\"") > 0.0);
    let before = metric(&sq, "squeeze_adaptive_wire_bytes_total", "before");
    let after = metric(&sq, "squeeze_adaptive_wire_bytes_total", "after");
    assert!(
        after < before,
        "wire bytes {after} not below stream bytes {before}"
    );
    sq.assert_alive();
}

/// LOAD DATA LOCAL INFILE into a table with a compressed column, with the
/// mariadb CLI and with mysql_async: every document reads back byte-exact,
/// and the stored values are compressed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_data_local_is_byte_exact() {
    let db = MariaDb::shared();
    let schema = "adaptive_load";
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id INT PRIMARY KEY, note VARCHAR(20), doc LONGBLOB)"
    ));
    let mut sq = proxy(db, "adaptive", schema);
    let dir = tempfile::tempdir().unwrap();
    let mut next_id = 1u32;
    let mut expected: Vec<(u32, Vec<u8>)> = Vec::new();
    for file in [
        "reddit_comments_t1.ndjson",
        "gsoc2018_projects.ndjson",
        "usgs_earthquakes.ndjson",
    ] {
        let docs = docs(file);
        // Tab-separated with escapes, via the CLI.
        let tsv = dir.path().join(format!("{file}.tsv"));
        let mut text = Vec::new();
        // CSV, enclosed by '"' with doubled quotes and no escape character, via mysql_async.
        let csv = dir.path().join(format!("{file}.csv"));
        let mut ctext = b"id,note,doc\r\n".to_vec();
        for (k, d) in docs.iter().enumerate() {
            let mut d = d.clone();
            if k == 0 {
                // Make sure NUL, tab, newline and backslash survive.
                d.extend_from_slice(b"\t\n\\\0\"");
            }
            text.extend_from_slice(format!("{next_id}\tn\t").as_bytes());
            tsv_escape(&d, &mut text);
            text.push(b'\n');
            expected.push((next_id, d.clone()));
            next_id += 1;
            ctext.extend_from_slice(format!("{next_id},\"c\",\"").as_bytes());
            for &b in &d {
                ctext.push(b);
                if b == b'"' {
                    ctext.push(b'"');
                }
            }
            ctext.extend_from_slice(b"\"\r\n");
            expected.push((next_id, d));
            next_id += 1;
        }
        std::fs::write(&tsv, &text).unwrap();
        std::fs::write(&csv, &ctext).unwrap();
        let (ok, _, err) = mariadb_cli(
            sq.port,
            &["--local-infile=1", schema],
            &format!("LOAD DATA LOCAL INFILE '{}' INTO TABLE docs", tsv.display()),
        );
        assert!(ok, "CLI load of {file}: {err}");
        let o: Opts = dump::opts(sq.port, APP_USER, APP_PASS, Some(schema))
            .local_infile_handler(Some(WhiteListFsHandler::new([csv.clone()])))
            .into();
        let mut c = Conn::new(o).await.unwrap();
        c.query_drop(format!(
            "LOAD DATA LOCAL INFILE '{}' INTO TABLE docs FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\\r\\n' IGNORE 1 LINES (id, note, doc)",
            csv.display()
        ))
        .await
        .unwrap();
        c.disconnect().await.unwrap();
    }
    let mut c = Conn::new(Opts::from(dump::opts(
        sq.port,
        APP_USER,
        APP_PASS,
        Some(schema),
    )))
    .await
    .unwrap();
    let rows: Vec<(u32, Vec<u8>)> = c
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(rows.len(), expected.len());
    for ((id, got), (eid, want)) in rows.iter().zip(&expected) {
        assert_eq!(id, eid);
        assert!(got == want, "document {id} differs after LOAD DATA");
    }
    c.disconnect().await.unwrap();
    // Stored compressed (the self-describing prefix is 0xF5..0xFF).
    let direct = db.root_sql(&format!(
        "SELECT SUM(ASCII(doc) >= 245), COUNT(*) FROM {schema}.docs"
    ));
    let nums: Vec<u64> = direct
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .map(|x| x.parse().unwrap())
        .collect();
    assert!(
        nums[0] * 10 >= nums[1] * 9,
        "most documents should be stored compressed: {direct}"
    );
    sq.assert_alive();
}

/// A bad file (wrong column counts, a broken escape at the end) gives the
/// same warnings and row count through squeeze into a compressed table as
/// MariaDB directly into an uncompressed one.
#[test]
fn bad_file_matches_direct() {
    let db = MariaDb::shared();
    let schema = "adaptive_bad";
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id INT PRIMARY KEY, note VARCHAR(20), doc LONGBLOB);
         CREATE TABLE {schema}.plain (id INT PRIMARY KEY, note VARCHAR(20), doc LONGBLOB);"
    ));
    let sq = proxy(db, "adaptive", schema);
    let doc = docs("usgs_earthquakes.ndjson").remove(0);
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.tsv");
    let mut text = Vec::new();
    text.extend_from_slice(b"1\tok\t");
    text.extend_from_slice(&doc);
    text.extend_from_slice(b"\n2\tshort\n3\tlong\t");
    text.extend_from_slice(&doc);
    text.extend_from_slice(b"\textra\tfields\n4\tesc\t");
    text.extend_from_slice(&doc);
    text.extend_from_slice(b"\\");
    std::fs::write(&f, &text).unwrap();
    let sql = |t: &str| {
        format!(
            "SET SESSION sql_mode=''; LOAD DATA LOCAL INFILE '{}' INTO TABLE {t}; SHOW WARNINGS; SELECT id, note, doc IS NULL FROM {t} ORDER BY id;",
            f.display()
        )
    };
    let (ok1, direct, e1) = mariadb_cli(db.port, &["--local-infile=1", schema], &sql("plain"));
    let (ok2, proxied, e2) = mariadb_cli(sq.port, &["--local-infile=1", schema], &sql("docs"));
    assert_eq!((ok1, e1.clone()), (ok2, e2.clone()), "exit status / stderr");
    let norm = |b: &[u8]| {
        String::from_utf8_lossy(b)
            .replace("plain", "T")
            .replace("docs", "T")
    };
    assert_eq!(norm(&direct), norm(&proxied));
    // Strict mode: the statement fails the same way and leaves nothing.
    let strict = |t: &str| {
        format!(
            "SET SESSION sql_mode='STRICT_ALL_TABLES'; DELETE FROM {t}; LOAD DATA LOCAL INFILE '{}' INTO TABLE {t};",
            f.display()
        )
    };
    let (ok1, _, e1) = mariadb_cli(db.port, &["--local-infile=1", schema], &strict("plain"));
    let (ok2, _, e2) = mariadb_cli(sq.port, &["--local-infile=1", schema], &strict("docs"));
    assert_eq!(
        (ok1, e1.replace("plain", "T")),
        (ok2, e2.replace("docs", "T"))
    );
    let count = |t: &str| db.root_sql(&format!("SELECT COUNT(*) FROM {schema}.{t}"));
    assert_eq!(count("plain"), count("docs"));
}

/// Options squeeze cannot honour get an ERR before any data is sent.
#[test]
fn unsupported_options_are_refused() {
    let db = MariaDb::shared();
    let schema = "adaptive_refuse";
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id INT PRIMARY KEY, doc LONGBLOB)"
    ));
    let sq = proxy(db, "adaptive", schema);
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("x.tsv");
    std::fs::write(&f, b"1\t{}\n").unwrap();
    let (ok, _, err) = mariadb_cli(
        sq.port,
        &["--local-infile=1", schema],
        &format!(
            "LOAD DATA LOCAL INFILE '{}' INTO TABLE docs CHARACTER SET cp1251",
            f.display()
        ),
    );
    assert!(
        !ok && err.contains("1235") && err.contains("CHARACTER SET cp1251"),
        "{err}"
    );
    // The refusal names the column, not only the table.
    assert!(err.contains("`adaptive_refuse`.`docs`.`doc`"), "{err}");
    let xml = dir.path().join("x.xml");
    std::fs::write(&xml, b"<resultset><row><field name=\"id\">1</field><field name=\"doc\">{}</field></row></resultset>\n").unwrap();
    let (ok, _, err) = mariadb_cli(
        sq.port,
        &["--local-infile=1", schema],
        &format!("LOAD XML LOCAL INFILE '{}' INTO TABLE docs", xml.display()),
    );
    assert!(
        !ok && err.contains("1235") && err.contains("`adaptive_refuse`.`docs`.`doc`"),
        "{err}"
    );
    let (ok, _, err) = mariadb_cli(
        sq.port,
        &["--local-infile=1", schema],
        &format!(
            "LOAD DATA LOCAL INFILE '{}' INTO TABLE docs (id, @d) SET doc = @d",
            f.display()
        ),
    );
    assert!(!ok && err.contains("SET clause"), "{err}");
    assert!(err.contains("`adaptive_refuse`.`docs`.`doc`"), "{err}");
    // Through a view over the table (issue 32): refused naming the base
    // column, where the file would otherwise reach it uncompressed.
    let (ok, _, err) = mariadb_cli(
        sq.port,
        &["--local-infile=1", schema],
        &format!(
            "CREATE VIEW v AS SELECT id, doc AS body FROM docs; SELECT body FROM v; LOAD DATA LOCAL INFILE '{}' INTO TABLE v",
            f.display()
        ),
    );
    assert!(
        !ok && err.contains("1235") && err.contains("`adaptive_refuse.docs.doc`"),
        "{err}"
    );
    assert_eq!(
        db.root_sql(&format!("SELECT COUNT(*) FROM {schema}.docs"))
            .lines()
            .nth(1),
        Some("0")
    );
}
