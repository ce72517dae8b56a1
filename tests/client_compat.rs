//! Client-library behaviour that depends on protocol details beyond rows:
//!
//! - Connector/J's `Statement.setQueryTimeout` cancels a query from a second
//!   connection with `KILL QUERY <handshake id>` (squeeze hands out its own
//!   ids and translates the KILL).
//! - MariaDB's extended column metadata (`MARIADB_CLIENT_EXTENDED_METADATA`):
//!   mysql2 turns a column whose metadata says format `json` into objects;
//!   squeeze offers the capability, relays it, and writes it into the
//!   definitions of compressed columns it presents as JSON.
//!
//! A missing runtime or dependency is a failure saying how to install it.
mod support;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use support::raw::{parse_err, RawConn};
use support::{require_bin, MariaDb, Squeeze, TestServer, APP_PASS, APP_USER};

const HINT: &str = "run `bash scripts/install-deps.sh` (installs/locks the Node, Go, Java and Python client dependencies)";
const MARIADB_CLIENT_EXTENDED_METADATA: u32 = 1 << 3;
const MARIADB_CLIENT_CACHE_METADATA: u32 = 1 << 4;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn conn_args(port: u16, db: &str) -> Vec<String> {
    vec![
        "127.0.0.1".into(),
        port.to_string(),
        APP_USER.into(),
        APP_PASS.into(),
        db.into(),
    ]
}

/// Runs a program to its end; its stdout, or a panic with both streams.
fn run(name: &str, mut cmd: Command, limit: Duration) -> String {
    let started = Instant::now();
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot start the {name} client {cmd:?}: {e}; {HINT}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success() && started.elapsed() < limit,
        "{name} failed ({}, {:?}):\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        started.elapsed(),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

// ------------------------------------------------------------- Connector/J

fn java_command(program: &str, port: u16, db: &str) -> Command {
    let java = require_bin(
        "java",
        &format!("install a JDK (apt-get install -y default-jdk maven) and {HINT}"),
    );
    let lib = repo().join(".test-deps/java/lib");
    let jars: Vec<PathBuf> = std::fs::read_dir(&lib)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jar"))
                .collect()
        })
        .unwrap_or_default();
    assert!(
        jars.iter().any(|j| j
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("mysql-connector-j-")),
        "Connector/J jar not found in {}: {HINT}",
        lib.display()
    );
    let mut cmd = Command::new(java);
    cmd.arg("-cp")
        .arg(std::env::join_paths(&jars).unwrap())
        .arg("-XX:TieredStopAtLevel=1")
        .arg("-Xshare:auto")
        .arg(
            repo()
                .join("tests/clients/java/src/main/java")
                .join(program),
        )
        .args(conn_args(port, db));
    cmd
}

/// What `QueryTimeout.java` reported.
#[derive(Debug)]
struct TimeoutRun {
    connection_id: u64,
    exception: Option<(String, bool, u64)>,
    after: Option<i64>,
    raw: String,
}

fn query_timeout(port: u16, db: &str) -> TimeoutRun {
    let raw = run(
        "java",
        java_command("QueryTimeout.java", port, db),
        Duration::from_secs(120),
    );
    let mut r = TimeoutRun {
        connection_id: 0,
        exception: None,
        after: None,
        raw: raw.clone(),
    };
    for l in raw.lines() {
        let f: Vec<&str> = l.splitn(5, ' ').collect();
        match f[..] {
            ["connection_id", id] => r.connection_id = id.parse().unwrap(),
            ["exception", class, sql_timeout, ms, ..] => {
                r.exception = Some((
                    class.to_string(),
                    sql_timeout == "true",
                    ms.parse().unwrap(),
                ))
            }
            ["after", v] => r.after = Some(v.parse().unwrap()),
            _ => {}
        }
    }
    r
}

/// `setQueryTimeout(1)` on `SELECT SLEEP(10)`: Connector/J's cancel
/// connection sends `KILL QUERY <id>` with the id squeeze handed out, squeeze
/// kills the backend thread of that session, and the application gets
/// `java.sql.SQLTimeoutException` after about a second, as it does directly
/// against MariaDB; the connection then still answers `SELECT 1`.
#[test]
fn jdbc_query_timeout_through_squeeze_raises_sql_timeout_exception() {
    jdbc_query_timeout_like_direct(MariaDb::shared());
}

/// The same against TiDB (MySQL 8 dialect; KILL QUERY of its own ids).
#[test]
fn jdbc_query_timeout_through_squeeze_on_tidb_raises_sql_timeout_exception() {
    jdbc_query_timeout_like_direct(support::tidb::TiDb::shared());
}

fn jdbc_query_timeout_like_direct(db: &dyn TestServer) {
    // A proxy compressing a column, as deployed (the analyzer sees the
    // SLEEP and the KILL).
    let sq = Squeeze::for_docs_table(db, "compat_jdbc");
    for (via, port) in [("the server directly", db.port()), ("squeeze", sq.port)] {
        let r = query_timeout(port, "compat_jdbc");
        eprintln!("{via}: {r:?}");
        let (class, sql_timeout, ms) = r
            .exception
            .clone()
            .unwrap_or_else(|| panic!("{via}: the query was not cancelled: {}", r.raw));
        assert!(
            sql_timeout,
            "{via}: {class} is not a java.sql.SQLTimeoutException: {}",
            r.raw
        );
        // The query sleeps 10 s; cancelled after the 1 s timeout.
        assert!(
            (900..5000).contains(&ms),
            "{via}: cancelled after {ms} ms: {}",
            r.raw
        );
        assert_eq!(r.after, Some(1), "{via}: connection unusable: {}", r.raw);
        assert!(r.connection_id > 0, "{}", r.raw);
    }
}

// ------------------------------------------------------------ node mysql2

/// JSON documents: corpus documents (some non-ASCII, all long enough to be
/// stored compressed) and a few written here for the edges (non-BMP text,
/// numbers past 2^53, nesting, an array, a JSON string).
fn json_docs() -> Vec<String> {
    let text =
        std::fs::read_to_string(repo().join("tests/data/reddit_comments_t1.ndjson")).unwrap();
    let mut docs: Vec<String> = text
        .lines()
        .filter(|l| (200..4000).contains(&l.len()))
        .filter(|l| !l.is_ascii())
        .take(4)
        .map(str::to_string)
        .collect();
    assert_eq!(docs.len(), 4, "the corpus has too few non-ASCII documents");
    docs.extend(
        text.lines()
            .filter(|l| l.is_ascii() && (200..4000).contains(&l.len()))
            .take(6)
            .map(str::to_string),
    );
    docs.push(
        r#"{"name":"Zoë ☃ 😀","big":12345678901234567890,"neg":-0.5e-7,"nested":{"a":[1,{"b":null}],"t":true},"pad":"0123456789012345678901234567890123456789012345678901234567890123456789"}"#
            .to_string(),
    );
    docs.push(r#"[1,2,3,"four",{"five":5},[6],null,false,"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]"#.to_string());
    docs.push(r#""a JSON string""#.to_string());
    docs
}

/// A SQL string literal (MariaDB escaping; the documents are UTF-8).
fn lit(s: &str) -> String {
    let mut o = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            '\'' => o.push_str("\\'"),
            c => o.push(c),
        }
    }
    o.push('\'');
    o
}

/// mysql2 output: (field lines, row lines) per (mode, table), keyed by
/// `"MODE TABLE"`, plus whether extended metadata was negotiated.
fn mysql2_read(port: u16, db: &str, tables: &[&str]) -> (Vec<(String, String)>, bool) {
    let node = require_bin(
        "node",
        &format!("install Node.js (apt-get install -y nodejs npm) and {HINT}"),
    );
    let cdir = repo().join("tests/clients/node");
    assert!(
        cdir.join("node_modules/mysql2/package.json").is_file(),
        "mysql2 not installed in {}/node_modules: {HINT}",
        cdir.display()
    );
    let mut cmd = Command::new(node);
    cmd.current_dir(&cdir)
        .arg("json_client.js")
        .args(conn_args(port, db))
        .args(tables);
    let out = run("node", cmd, Duration::from_secs(60));
    assert!(out.lines().any(|l| l == "ok"), "{out}");
    let ext = out.lines().any(|l| l == "ext 8");
    let lines = out
        .lines()
        .filter(|l| l.starts_with("field ") || l.starts_with("row "))
        .map(|l| {
            let mut f = l.splitn(4, ' ');
            let kind = f.next().unwrap();
            let mode = f.next().unwrap();
            let _table = f.next().unwrap();
            (format!("{kind} {mode}"), f.next().unwrap().to_string())
        })
        .collect();
    (lines, ext)
}

/// mysql2 through squeeze hands the application JS objects (not strings)
/// for a compressed column presented as JSON and for a native MariaDB
/// `JSON` column of an uncompressed table, in text and prepared results,
/// and what it reports and returns equals what it gets directly from
/// MariaDB for the same documents in a `JSON` column.
#[test]
fn mysql2_reads_compressed_and_native_json_columns_as_objects_like_mariadb() {
    mysql2_json_like_direct(MariaDb::shared(), true);
}

/// The same against TiDB, whose JSON is MySQL 8's type 245 (no MariaDB
/// extended metadata): the compressed column reads as TiDB's own JSON does.
#[test]
fn mysql2_reads_compressed_and_native_json_columns_as_objects_like_tidb() {
    mysql2_json_like_direct(support::tidb::TiDb::shared(), false);
}

fn mysql2_json_like_direct(db: &dyn TestServer, extended_metadata: bool) {
    let schema = "compat_json";
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB);
         CREATE TABLE {schema}.native (id BIGINT PRIMARY KEY, doc JSON);
         CREATE TABLE {schema}.truth (id BIGINT PRIMARY KEY, doc JSON);"
    ));
    let toml = format!(
        r#"
[codec]
dictionaries_dir = "{}"

[[columns]]
schema = "{schema}"
table = "docs"
column = "doc"
codec = "zstd"
dictionary = "reddit_comments"
present_as = "json"
"#,
        repo().join("dictionaries").display()
    );
    let backend = db.addr();
    let user = format!("{APP_USER}:{APP_PASS}");
    let sq = Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user]);

    let docs = json_docs();
    let mut via = RawConn::login(sq.port, APP_USER, APP_PASS, Some(schema))
        .unwrap_or_else(|e| panic!("login through squeeze: {:?}", parse_err(&e)));
    via.simple("SET NAMES utf8mb4");
    let mut direct = RawConn::login(db.port(), APP_USER, APP_PASS, Some(schema))
        .unwrap_or_else(|e| panic!("login: {:?}", parse_err(&e)));
    direct.simple("SET NAMES utf8mb4");
    for (i, d) in docs.iter().enumerate() {
        via.simple(&format!("INSERT INTO docs VALUES ({i}, {})", lit(d)));
        via.simple(&format!("INSERT INTO native VALUES ({i}, {})", lit(d)));
        direct.simple(&format!("INSERT INTO truth VALUES ({i}, {})", lit(d)));
    }
    let n = docs.len();
    via.simple(&format!("INSERT INTO docs VALUES ({n}, NULL)"));
    via.simple(&format!("INSERT INTO native VALUES ({n}, NULL)"));
    direct.simple(&format!("INSERT INTO truth VALUES ({n}, NULL)"));
    // squeeze really stores the (long) corpus documents compressed.
    let compressed = db.root_sql(&format!(
        "SELECT COUNT(*) FROM {schema}.docs WHERE id < 10 AND LEFT(doc, 1) = 0xF5"
    ));
    assert_eq!(
        compressed.lines().last(),
        Some("10"),
        "corpus documents stored compressed"
    );

    let (truth, ext_direct) = mysql2_read(db.port(), schema, &["truth"]);
    assert_eq!(
        ext_direct, extended_metadata,
        "mysql2's extended metadata with the server directly"
    );
    let (through, ext_via) = mysql2_read(sq.port, schema, &["docs", "native"]);
    assert_eq!(
        ext_via, extended_metadata,
        "squeeze offered extended metadata where the server does not, or the reverse"
    );
    // The oracle itself: MariaDB's JSON column gives mysql2 objects and
    // arrays (and a JS string for the JSON string).
    let objects = truth
        .iter()
        .filter(|(k, v)| k.starts_with("row") && v.split(' ').nth(1) == Some("object"))
        .count();
    let structured = docs
        .iter()
        .filter(|d| d.starts_with('{') || d.starts_with('['))
        .count();
    assert_eq!(objects, 2 * structured, "direct: {truth:#?}");
    let per_table = truth.len();
    assert_eq!(through.len(), 2 * per_table, "{through:#?}");
    for (table, got) in ["docs", "native"].iter().zip(through.chunks(per_table)) {
        for (want, got) in truth.iter().zip(got) {
            if extended_metadata || !want.0.starts_with("row") {
                assert_eq!(
                    got, want,
                    "{table} through squeeze differs from the server's JSON"
                );
            } else {
                // MySQL 8's and TiDB's JSON type stores documents normalised
                // (keys sorted); squeeze keeps the bytes written. The objects
                // the application gets are the same.
                assert_eq!(
                    same_object_row(&got.1),
                    same_object_row(&want.1),
                    "{table} through squeeze differs from the server's JSON"
                );
            }
        }
    }
}

/// A mysql2 row line (`ID TYPE JSON`) with its JSON parsed, so that key
/// order does not count.
fn same_object_row(line: &str) -> (String, String, serde_json::Value) {
    let mut f = line.splitn(3, ' ');
    let id = f.next().unwrap_or_default().to_string();
    let kind = f.next().unwrap_or_default().to_string();
    let rest = f.next().unwrap_or_default();
    let value = serde_json::from_str(rest).unwrap_or(serde_json::Value::String(rest.into()));
    (id, kind, value)
}

// ------------------------------------------------- wire: definitions' bytes

fn lenenc(p: &[u8], i: &mut usize) -> u64 {
    let b = p[*i];
    *i += 1;
    match b {
        0xfc => {
            let v = u16::from_le_bytes([p[*i], p[*i + 1]]) as u64;
            *i += 2;
            v
        }
        0xfd => {
            let v = u32::from_le_bytes([p[*i], p[*i + 1], p[*i + 2], 0]) as u64;
            *i += 3;
            v
        }
        0xfe => {
            let v = u64::from_le_bytes(p[*i..*i + 8].try_into().unwrap());
            *i += 8;
            v
        }
        b => b as u64,
    }
}

/// A column definition with its schema name blanked (the two sides of the
/// comparison live in different databases).
fn without_schema(def: &[u8]) -> Vec<u8> {
    let mut i = 0;
    let n = lenenc(def, &mut i) as usize; // catalog
    i += n;
    let schema_at = i;
    let n = lenenc(def, &mut i) as usize;
    let mut out = def[..schema_at].to_vec();
    out.push(0);
    out.extend_from_slice(&def[i + n..]);
    out
}

/// COM_QUERY: (column definitions, rows) of a text result set.
fn text_result(c: &mut RawConn, sql: &str) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let mut p = vec![0x03];
    p.extend_from_slice(sql.as_bytes());
    c.command(&p);
    let first = c.read_packet().unwrap();
    assert_ne!(first[0], 0xFF, "{sql}: {:?}", parse_err(&first));
    let mut defs = c.read_until_eof();
    defs.pop();
    let mut rows = c.read_until_eof();
    rows.pop();
    (defs, rows)
}

/// COM_STMT_PREPARE then COM_STMT_EXECUTE (no parameters), twice:
/// (prepare's column definitions, each execute's packets). Without
/// CLIENT_DEPRECATE_EOF the definitions' EOF comes even when metadata
/// caching leaves the definitions out.
fn prepared_result(c: &mut RawConn, sql: &str) -> (Vec<Vec<u8>>, Vec<Vec<Vec<u8>>>) {
    let mut p = vec![0x16];
    p.extend_from_slice(sql.as_bytes());
    c.command(&p);
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0, "{sql}: {:?}", parse_err(&ok));
    let id = u32::from_le_bytes(ok[1..5].try_into().unwrap());
    let cols = u16::from_le_bytes([ok[5], ok[6]]);
    assert!(cols > 0);
    let mut defs = c.read_until_eof();
    defs.pop();
    let mut executes = Vec::new();
    for _ in 0..2 {
        let mut x = vec![0x17];
        x.extend_from_slice(&id.to_le_bytes());
        x.extend_from_slice(&[0, 1, 0, 0, 0]);
        c.command(&x);
        let mut got = vec![c.read_packet().unwrap()];
        // Definitions (none when cached) and their EOF, then the rows.
        got.extend(c.read_until_eof());
        got.extend(c.read_until_eof());
        executes.push(got);
    }
    (defs, executes)
}

/// With extended metadata negotiated, the column definitions squeeze sends
/// for a compressed column presented as JSON are byte for byte those
/// MariaDB sends for a `JSON` column holding the same documents (text
/// results, prepare responses, binary results, a UNION), and every other
/// definition passes with its extended block intact; the inflated rows
/// are MariaDB's rows. Metadata caching is not offered while a column is
/// compressed, and is relayed as MariaDB does it when none is.
#[test]
fn extended_metadata_definitions_through_squeeze_equal_mariadbs_json_column() {
    let db = MariaDb::shared();
    let (a, b) = ("compat_ext_a", "compat_ext_b");
    db.fresh_db(a);
    db.fresh_db(b);
    let doc = r#"{"body":"Zoë ☃ 😀 and some more text so that it is compressed","n":[1,2,3],"big":12345678901234567890}"#;
    db.root_sql(&format!(
        "CREATE TABLE {a}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB NOT NULL, t LONGTEXT, j JSON, ip INET6);
         CREATE TABLE {b}.docs (id BIGINT PRIMARY KEY, doc JSON NOT NULL, t LONGTEXT, j JSON, ip INET6);
         INSERT INTO {b}.docs VALUES (1, {0}, 'text', '[1]', '::1');",
        lit(doc)
    ));
    let toml = format!(
        r#"
[codec]
dictionaries_dir = "{}"

[[columns]]
schema = "{a}"
table = "docs"
column = "doc"
codec = "zstd"
dictionary = "reddit_comments"
present_as = "json"
"#,
        repo().join("dictionaries").display()
    );
    let backend = db.addr();
    let user = format!("{APP_USER}:{APP_PASS}");
    let sq = Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user]);
    let ask = MARIADB_CLIENT_EXTENDED_METADATA | MARIADB_CLIENT_CACHE_METADATA;
    let mut via = RawConn::login_ext(sq.port, APP_USER, APP_PASS, Some(a), ask)
        .unwrap_or_else(|e| panic!("login through squeeze: {:?}", parse_err(&e)));
    assert_eq!(
        via.server_ext & ask,
        MARIADB_CLIENT_EXTENDED_METADATA,
        "squeeze with a compressed column offers extended metadata, not caching"
    );
    via.simple(&format!(
        "INSERT INTO docs VALUES (1, {}, 'text', '[1]', '::1')",
        lit(doc)
    ));
    let stored = db.root_sql(&format!("SELECT HEX(LEFT(doc, 1)) FROM {a}.docs"));
    assert_eq!(
        stored.lines().last(),
        Some("F5"),
        "the document is stored compressed"
    );
    // The comparison: MariaDB with what squeeze negotiated.
    let mut direct = RawConn::login_ext(
        db.port,
        APP_USER,
        APP_PASS,
        Some(b),
        MARIADB_CLIENT_EXTENDED_METADATA,
    )
    .unwrap();
    assert_eq!(direct.server_ext & ask, ask, "MariaDB offers both");

    let queries = [
        "SELECT id, doc, t, j, ip FROM docs",
        "SELECT doc AS d FROM docs UNION ALL SELECT doc FROM docs",
        "SELECT x.doc FROM (SELECT doc FROM docs) x",
    ];
    for sql in queries {
        let (vd, vr) = text_result(&mut via, sql);
        let (dd, dr) = text_result(&mut direct, sql);
        let vd: Vec<_> = vd.iter().map(|d| without_schema(d)).collect();
        let dd: Vec<_> = dd.iter().map(|d| without_schema(d)).collect();
        assert_eq!(vd, dd, "text definitions of {sql}");
        assert_eq!(vr, dr, "text rows of {sql}");
        assert!(
            dd.iter()
                .any(|d| d.windows(6).any(|w| w == b"\x01\x04json")),
            "the oracle's definitions of {sql} say json"
        );
    }
    let sql = "SELECT id, doc, t, j, ip FROM docs";
    let (vd, vx) = prepared_result(&mut via, sql);
    let (dd, dx) = prepared_result(&mut direct, sql);
    let strip = |v: &[Vec<u8>]| -> Vec<Vec<u8>> {
        v.iter()
            .map(|p| {
                // Definitions (they start with the "def" catalog) lose
                // their schema; counts and rows stay as they are.
                if p.starts_with(b"\x03def") {
                    without_schema(p)
                } else {
                    p.clone()
                }
            })
            .collect()
    };
    assert_eq!(strip(&vd), strip(&dd), "prepare response definitions");
    for (v, d) in vx.iter().zip(&dx) {
        assert_eq!(strip(v), strip(d), "execute response (binary rows)");
    }

    // No compressed column: caching and extended metadata are both offered
    // and the prepared statement's second execute carries no definitions,
    // as directly.
    let plain = Squeeze::for_db(db, &[]);
    let mut via = RawConn::login_ext(plain.port, APP_USER, APP_PASS, Some(b), ask).unwrap();
    assert_eq!(
        via.server_ext & ask,
        ask,
        "squeeze without rules offers both"
    );
    let mut direct = RawConn::login_ext(db.port, APP_USER, APP_PASS, Some(b), ask).unwrap();
    let (vd, vx) = prepared_result(&mut via, sql);
    let (dd, dx) = prepared_result(&mut direct, sql);
    assert_eq!(vd, dd, "prepare response definitions (no rules)");
    assert_eq!(vx, dx, "execute responses (no rules)");
    // The oracle did cache: a "metadata follows" byte of 0 after the
    // count, and no definitions.
    assert_eq!(dx[1][0], [5, 0], "MariaDB's second execute: {:?}", dx[1]);
    assert!(!dx[1].iter().any(|p| p.starts_with(b"\x03def")));
}

/// mysql_async (like the Rust `mysql` crate) asks `SELECT @@socket` after
/// connecting over TCP to 127.0.0.1 and, by default, reconnects through
/// that Unix socket: to the server itself, past squeeze. squeeze answers
/// NULL under the same column name, so the client stays on squeeze (every
/// query counted by squeeze), while direct it gets the server's path.
#[test]
fn a_client_preferring_the_servers_socket_stays_on_squeeze() {
    use mysql_async::prelude::Queryable;
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let socket_of = |port: u16| {
        rt.block_on(async move {
            let url = format!("mysql://{APP_USER}:{APP_PASS}@127.0.0.1:{port}/");
            let mut c = mysql_async::Conn::new(mysql_async::Opts::from_url(&url).unwrap())
                .await
                .unwrap();
            let socket: Option<String> = c.query_first("SELECT @@socket").await.unwrap().unwrap();
            for _ in 0..5 {
                let _: Vec<u8> = c.query("SELECT 1").await.unwrap();
            }
            c.disconnect().await.unwrap();
            socket
        })
    };
    let direct = socket_of(db.port);
    assert!(
        direct.is_some_and(|s| s.ends_with(".sock")),
        "the server has a socket"
    );
    assert_eq!(
        socket_of(sq.port),
        None,
        "squeeze has no socket of the server's"
    );
    let (_, body) = support::http_get(&sq.admin_addr(), "/metrics");
    let queries: f64 = body
        .lines()
        .filter(|l| l.starts_with("squeeze_commands_total{command=\"query\""))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert!(
        queries >= 6.0,
        "the client's queries went through squeeze ({queries} counted)"
    );

    // The column keeps the name the server gives it.
    let mut raw = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    let packets = raw.simple("SELECT @@socket");
    assert!(
        packets
            .iter()
            .any(|p| p.windows(8).any(|w| w == b"@@socket")),
        "column named @@socket: {packets:?}"
    );
}
