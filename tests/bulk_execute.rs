//! MariaDB's COM_STMT_BULK_EXECUTE through squeeze: squeeze offers the bulk
//! capability as the server does, so MariaDB Connector/J sends a batch as
//! one bulk command and reports what the server reports for it (its own
//! suite's `BatchTest::differentParameterType` checks that), and the rows'
//! documents bound to a compressed column are stored compressed and read
//! back byte-identical.
mod support;

use std::path::PathBuf;
use std::process::Command;

use support::{require_bin, MariaDb, Squeeze, APP_PASS, APP_USER};

fn mariadb_java_client() -> PathBuf {
    let lib = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".test-deps/java/suites/lib");
    std::fs::read_dir(&lib)
        .ok()
        .and_then(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).find(|p| {
                let n = p.file_name().unwrap().to_string_lossy().into_owned();
                n.starts_with("mariadb-java-client-") && n.ends_with(".jar")
            })
        })
        .unwrap_or_else(|| {
            panic!(
                "MariaDB Connector/J jar not found in {}: run `bash scripts/install-deps.sh`",
                lib.display()
            )
        })
}

/// `MariaBulk.java` against `port` with the driver `options`; its stdout.
fn maria_bulk(port: u16, schema: &str, options: &str) -> String {
    let java = require_bin("java", "apt-get install -y default-jdk-headless");
    let out = Command::new(java)
        .arg("-cp")
        .arg(mariadb_java_client())
        .arg("-XX:TieredStopAtLevel=1")
        .arg(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/clients/java/src/main/java/MariaBulk.java"),
        )
        .args([
            "127.0.0.1",
            &port.to_string(),
            APP_USER,
            APP_PASS,
            schema,
            options,
        ])
        .output()
        .expect("run java");
    assert!(
        out.status.success(),
        "MariaBulk on port {port} ({options}) failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Each stored `doc`: (id, starts with squeeze's 0xF5 magic).
fn stored(db: &MariaDb, schema: &str) -> Vec<(String, bool)> {
    db.root_sql(&format!(
        "SELECT id, LEFT(doc, 1) = UNHEX('F5') FROM {schema}.docs WHERE doc IS NOT NULL ORDER BY id"
    ))
    .lines()
    .skip(1)
    .map(|l| {
        let f: Vec<&str> = l.split('\t').collect();
        (f[0].to_string(), f[1] == "1")
    })
    .collect()
}

#[test]
fn a_connector_j_bulk_batch_reports_the_servers_counts_and_stores_documents_compressed() {
    let db = MariaDb::shared();
    let schema = "bulk_exec";
    let sq = Squeeze::for_docs_table(db, schema);
    for options in [
        // Client-side prepares: the driver prepares on the server for bulk.
        "useServerPrepStmts=false&useBulkStmts=true&useBulkStmtsForInserts=true",
        "useServerPrepStmts=true&useBulkStmts=true&useBulkStmtsForInserts=true",
    ] {
        let direct = maria_bulk(db.port, schema, options);
        // What the server answers a bulk command (SUCCESS_NO_INFO per row
        // before MariaDB 11.5), not a count per single execute.
        assert!(direct.contains("update -2 -2"), "{options}: {direct}");
        let proxied = maria_bulk(sq.port, schema, options);
        assert_eq!(
            direct,
            proxied,
            "{options}: through squeeze differs; squeeze log:\n{}",
            sq.log_tail()
        );
        let rows = stored(db, schema);
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert!(
            rows.iter().all(|(_, compressed)| *compressed),
            "{options}: a document written by the bulk command is stored uncompressed: {rows:?}"
        );
    }
}

/// COM_STMT_BULK_EXECUTE of a one-BIGINT-parameter statement over `ids`
/// (types sent); the response's first packet.
fn raw_bulk(c: &mut support::raw::RawConn, stmt: u32, ids: &[i64]) -> Vec<u8> {
    let mut p = vec![0xFA];
    p.extend_from_slice(&stmt.to_le_bytes());
    p.extend_from_slice(&128u16.to_le_bytes()); // SEND_TYPES
    p.extend_from_slice(&[0x08, 0]); // LONGLONG
    for id in ids {
        p.push(0); // indicator NONE
        p.extend_from_slice(&id.to_le_bytes());
    }
    c.command(&p);
    c.read_packet().unwrap()
}

/// A key-routed statement: a bulk whose rows all map to one shard runs
/// there as one command; rows for different shards get ERR 1235 naming
/// the key, never a run on the wrong shard.
#[test]
fn a_key_routed_bulk_runs_on_its_rows_shard_or_is_refused_naming_the_key() {
    use support::raw::{parse_err, RawConn};
    let a = MariaDb::start();
    let b = MariaDb::start();
    for s in [&a, &b] {
        s.root_sql(
            "CREATE DATABASE bk; CREATE TABLE bk.users (id BIGINT PRIMARY KEY, name VARCHAR(20));",
        );
    }
    let toml = format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[shards.a]
address = "{}"
[shards.b]
address = "{}"

[routing]
default_shard = "a"
[[routing.schema]]
databases = "bk"
shard = "a"
[[routing.key]]
schema = "bk"
table = "users"
column = "id"
function = "modulo"
shards = ["a", "b"]
"#,
        a.addr(),
        b.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    const BULK: u32 = 1 << 2; // MARIADB_CLIENT_STMT_BULK_OPERATIONS
    let mut c = RawConn::login_ext(sq.port, APP_USER, APP_PASS, Some("bk"), BULK).expect("login");
    let mut p = vec![0x16];
    p.extend_from_slice(b"INSERT INTO users (id, name) VALUES (?, 'x')");
    c.command(&p);
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0, "prepare: {}", String::from_utf8_lossy(&ok));
    let stmt = u32::from_le_bytes([ok[1], ok[2], ok[3], ok[4]]);
    c.read_until_eof(); // the parameter definition
                        // 3 and 5 are shard b's (modulo 2), 2 and 4 shard a's.
    let ok = raw_bulk(&mut c, stmt, &[3, 5]);
    assert_eq!(ok[0], 0, "{:?}", parse_err(&ok));
    let ok = raw_bulk(&mut c, stmt, &[2, 4]);
    assert_eq!(ok[0], 0, "{:?}", parse_err(&ok));
    let err = raw_bulk(&mut c, stmt, &[6, 7]);
    let (code, msg) = parse_err(&err);
    assert_eq!(code, 1235, "{msg}");
    assert!(
        msg.contains("users.id") && msg.contains("different shards"),
        "{msg}"
    );
    let ids = |s: &MariaDb| s.root_sql("SELECT GROUP_CONCAT(id ORDER BY id) FROM bk.users");
    assert!(ids(&b).contains("3,5"), "{}", ids(&b));
    assert!(ids(&a).contains("2,4"), "{}", ids(&a));
    assert!(!ids(&a).contains('6') && !ids(&b).contains('7'));
}

/// A bulk batch writing documents with declared paths (issue 35): squeeze
/// prepares one more server parameter per path, so each row is rewritten
/// in the server's order with the paths derived from its document, and the
/// extracted columns hold what MariaDB's `JSON_EXTRACT` gives on the
/// uncompressed copy the same batch wrote directly. A row sending DEFAULT
/// for the document is refused (squeeze cannot derive the paths of a
/// value the server supplies), naming the column.
#[test]
fn a_bulk_batch_writing_documents_fills_their_declared_paths_as_mariadb_extracts_them() {
    use support::raw::{parse_err, RawConn};
    let db = MariaDb::start();
    let (truth, sq_schema) = ("bulk_paths_truth", "bulk_paths");
    db.fresh_db(truth);
    db.root_sql(&format!(
        "CREATE TABLE {truth}.docs (id BIGINT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)"
    ));
    db.fresh_db(sq_schema);
    db.root_sql(&format!(
        "CREATE TABLE {sq_schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB, doc_id BIGINT NULL, \
         tag0 VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL)"
    ));
    let toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"{sq_schema}\"\ntable = \"docs\"\ncolumn = \"doc\"\ndictionary = \"reddit_comments\"\nextract = [{{ path = \"$.id\", column = \"doc_id\", type = \"BIGINT\" }}, {{ path = \"$.tags[0]\", column = \"tag0\", type = \"VARCHAR(16)\" }}]\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    let user = format!("{APP_USER}:{APP_PASS}");
    let sq = Squeeze::start_with_config(&toml, &["--backend", &db.addr(), "--user", &user]);
    let options = "useServerPrepStmts=true&useBulkStmts=true&useBulkStmtsForInserts=true";
    let direct = maria_bulk(db.port, truth, options);
    let proxied = maria_bulk(sq.port, sq_schema, options);
    assert_eq!(
        direct,
        proxied,
        "through squeeze differs:\n{}",
        sq.log_tail()
    );
    let derived = db.root_sql(&format!(
        "SELECT id, doc_id, tag0 FROM {sq_schema}.docs ORDER BY id"
    ));
    let expected = db.root_sql(&format!(
        "SELECT id, JSON_EXTRACT(doc, '$.id') AS doc_id, JSON_UNQUOTE(JSON_EXTRACT(doc, '$.tags[0]')) AS tag0 FROM {truth}.docs ORDER BY id"
    ));
    assert_eq!(derived, expected);
    // The batch wrote three rows, two with documents (the UPDATE batch
    // replaced both), so the comparison covers written and NULL paths.
    assert_eq!(derived.lines().count(), 4, "{derived}");
    assert!(derived.contains("\t33\tbulk"), "{derived}");

    // DEFAULT (indicator 2) for the document: refused, nothing written.
    const BULK: u32 = 1 << 2; // MARIADB_CLIENT_STMT_BULK_OPERATIONS
    let mut c =
        RawConn::login_ext(sq.port, APP_USER, APP_PASS, Some(sq_schema), BULK).expect("login");
    let mut p = vec![0x16];
    p.extend_from_slice(b"INSERT INTO docs (id, doc) VALUES (?, ?)");
    c.command(&p);
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0, "prepare: {}", String::from_utf8_lossy(&ok));
    let stmt = u32::from_le_bytes([ok[1], ok[2], ok[3], ok[4]]);
    c.read_until_eof();
    let mut p = vec![0xFA];
    p.extend_from_slice(&stmt.to_le_bytes());
    p.extend_from_slice(&128u16.to_le_bytes()); // SEND_TYPES
    p.extend_from_slice(&[0x08, 0, 0xFD, 0]); // LONGLONG, VAR_STRING
    p.push(0);
    p.extend_from_slice(&7i64.to_le_bytes());
    p.push(2); // DEFAULT
    c.command(&p);
    let (code, msg) = parse_err(&c.read_packet().unwrap());
    assert_eq!(code, 1235, "{msg}");
    assert!(msg.contains("docs.doc") && msg.contains("DEFAULT"), "{msg}");
    assert!(!db
        .root_sql(&format!(
            "SELECT COUNT(*) FROM {sq_schema}.docs WHERE id = 7"
        ))
        .contains("\n1"));
}
