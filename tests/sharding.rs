//! Sharded routing against three real MariaDB shards: schema routing,
//! key routing, sessions moving between shards, prepared statements on two
//! shards, cross-shard refusals, compressed columns on two shards, and a
//! shard killed and restarted while traffic on the others keeps working.

mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts, Value};
use support::{http_get, MariaDb, Squeeze, APP_PASS, APP_USER};

fn opts(port: u16, db: Option<&str>) -> Opts {
    support::dump::opts(port, APP_USER, APP_PASS, db).into()
}

async fn connect(port: u16, db: Option<&str>) -> Conn {
    Conn::new(opts(port, db))
        .await
        .unwrap_or_else(|e| panic!("connect to {port} db {db:?}: {e}"))
}

fn server_code(e: mysql_async::Error) -> (u16, String) {
    match e {
        mysql_async::Error::Server(s) => (s.code, s.message),
        other => (0, format!("{other:?}")),
    }
}

/// Three shards: `a` holds pins_0000..pins_0511, `b` pins_0512..pins_1023,
/// `c` the `meta` database; `app.users` is on all three, split by id mod 3.
struct Fleet {
    shards: Vec<MariaDb>,
    proxy: Squeeze,
}

fn fleet() -> Fleet {
    let shards: Vec<MariaDb> = (0..3).map(|_| MariaDb::start()).collect();
    let ddl_pins = "CREATE TABLE pins (id BIGINT PRIMARY KEY, doc LONGBLOB)";
    shards[0].root_sql(&format!("CREATE DATABASE pins_0000; CREATE DATABASE pins_0001; USE pins_0000; {ddl_pins}; USE pins_0001; {ddl_pins};"));
    shards[1].root_sql(&format!(
        "CREATE DATABASE pins_0512; USE pins_0512; {ddl_pins};"
    ));
    shards[2].root_sql(
        "CREATE DATABASE meta; CREATE TABLE meta.kv (k VARCHAR(20) PRIMARY KEY, v TEXT);",
    );
    for s in &shards {
        s.root_sql("CREATE DATABASE IF NOT EXISTS app; CREATE TABLE app.users (id BIGINT PRIMARY KEY, name VARCHAR(50));");
    }
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
    let toml = format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[shards.a]
address = "{}"
health_check_interval_ms = 300
connect_timeout_ms = 2000
[shards.b]
address = "{}"
health_check_interval_ms = 300
connect_timeout_ms = 2000
[shards.c]
address = "{}"
health_check_interval_ms = 300
connect_timeout_ms = 2000

[routing]
default_shard = "c"
[[routing.schema]]
databases = "pins_0000..pins_0511"
shard = "a"
[[routing.schema]]
databases = "pins_0512..pins_1023"
shard = "b"
[[routing.schema]]
databases = "meta"
shard = "c"
[[routing.schema]]
databases = "app"
shard = "c"
[[routing.key]]
schema = "app"
table = "users"
column = "id"
function = "modulo"
shards = ["a", "b", "c"]

[codec]
dictionaries_dir = "{dicts}"

[[columns]]
schema = "pins_*"
table = "pins"
column = "doc"
dictionary = "reddit_comments"
"#,
        shards[0].addr(),
        shards[1].addr(),
        shards[2].addr()
    );
    let proxy = Squeeze::start_with_config(&toml, &[]);
    Fleet { shards, proxy }
}

fn corpus(n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap();
    text.lines().take(n).map(str::to_string).collect()
}

/// What a shard itself holds, read as root.
fn direct_count(db: &MariaDb, sql: &str) -> String {
    db.root_sql(sql).lines().nth(1).unwrap_or("").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sharded_fleet_routes_by_schema_and_key_and_refuses_cross_shard_statements() {
    let f = fleet();
    let port = f.proxy.port;
    let docs = corpus(40);

    // Schema routing: each database's rows land on its shard, compressed,
    // and read back byte-exact through squeeze.
    let mut a = connect(port, Some("pins_0000")).await;
    let mut b = connect(port, Some("pins_0512")).await;
    for (i, d) in docs.iter().enumerate() {
        let conn = if i % 2 == 0 { &mut a } else { &mut b };
        conn.exec_drop(
            "INSERT INTO pins (id, doc) VALUES (?, ?)",
            (i as i64, d.as_bytes()),
        )
        .await
        .unwrap();
    }
    assert_eq!(
        direct_count(&f.shards[0], "SELECT COUNT(*) FROM pins_0000.pins"),
        "20"
    );
    assert_eq!(
        direct_count(&f.shards[1], "SELECT COUNT(*) FROM pins_0512.pins"),
        "20"
    );
    assert_eq!(
        direct_count(
            &f.shards[0],
            "SELECT COUNT(*) FROM pins_0000.pins WHERE LEFT(doc, 1) = x'F5'"
        ),
        "20",
        "stored compressed on shard a"
    );
    assert_eq!(
        direct_count(
            &f.shards[1],
            "SELECT COUNT(*) FROM pins_0512.pins WHERE LEFT(doc, 1) = x'F5'"
        ),
        "20",
        "stored compressed on shard b"
    );
    for (i, d) in docs.iter().enumerate() {
        let conn = if i % 2 == 0 { &mut a } else { &mut b };
        let got: Vec<u8> = conn
            .exec_first("SELECT doc FROM pins WHERE id = ?", (i as i64,))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got, d.as_bytes(), "binary protocol read of doc {i}");
        let got: Vec<u8> = conn
            .query_first(format!("SELECT doc FROM pins WHERE id = {i}"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got, d.as_bytes(), "text protocol read of doc {i}");
    }

    // One session moving between databases on different shards, and a
    // qualified name routed by its database.
    let mut s = connect(port, Some("meta")).await;
    s.query_drop("INSERT INTO kv VALUES ('k1', 'on c')")
        .await
        .unwrap();
    s.query_drop("USE pins_0512").await.unwrap();
    let got: Vec<u8> = s
        .query_first("SELECT doc FROM pins WHERE id = 1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(got, docs[1].as_bytes());
    let got: Vec<u8> = s
        .query_first("SELECT doc FROM pins_0000.pins WHERE id = 0")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(got, docs[0].as_bytes());
    s.query_drop("USE meta").await.unwrap();
    let v: String = s
        .query_first("SELECT v FROM kv WHERE k = 'k1'")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(v, "on c");
    // Session state follows the session onto a shard it opens later.
    let mut st = connect(port, Some("meta")).await;
    st.query_drop("SET @marker = 'carried', time_zone = '+05:00'")
        .await
        .unwrap();
    st.query_drop("USE pins_0001").await.unwrap();
    let (m, tz): (String, String) = st
        .query_first("SELECT @marker, @@time_zone")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((m.as_str(), tz.as_str()), ("carried", "+05:00"));

    // Key routing: app.users rows go to shard id mod 3.
    let mut k = connect(port, Some("app")).await;
    for id in 1..=9i64 {
        k.query_drop(format!(
            "INSERT INTO users (id, name) VALUES ({id}, 'user{id}')"
        ))
        .await
        .unwrap();
    }
    for (idx, shard) in f.shards.iter().enumerate() {
        let ids = shard.root_sql("SELECT GROUP_CONCAT(id ORDER BY id) FROM app.users");
        let ids: Vec<i64> = ids
            .lines()
            .nth(1)
            .unwrap()
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(
            ids.iter().all(|id| (id % 3) as usize == idx),
            "shard {idx} holds {ids:?}"
        );
        assert_eq!(ids.len(), 3);
    }
    let name: String = k
        .query_first("SELECT name FROM users WHERE id = 7")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(name, "user7");

    // Prepared statements on two shards, and one routed by its parameter.
    let on_a = k
        .prep("SELECT doc FROM pins_0000.pins WHERE id = ?")
        .await
        .unwrap();
    let on_b = k
        .prep("SELECT doc FROM pins_0512.pins WHERE id = ?")
        .await
        .unwrap();
    let by_key = k.prep("SELECT name FROM users WHERE id = ?").await.unwrap();
    for round in 0..3 {
        let i = (round * 2) as i64;
        let got: Vec<u8> = k.exec_first(&on_a, (i,)).await.unwrap().unwrap();
        assert_eq!(got, docs[i as usize].as_bytes());
        let got: Vec<u8> = k.exec_first(&on_b, (i + 1,)).await.unwrap().unwrap();
        assert_eq!(got, docs[i as usize + 1].as_bytes());
        for id in 1..=6i64 {
            let name: String = k.exec_first(&by_key, (id,)).await.unwrap().unwrap();
            assert_eq!(name, format!("user{id}"));
        }
    }
    k.close(on_a).await.unwrap();

    // Cross-shard statements are refused with the shards named.
    let (code, msg) = server_code(
        k.query_drop("SELECT * FROM pins_0000.pins JOIN pins_0512.pins USING (id)")
            .await
            .unwrap_err(),
    );
    assert_eq!(code, 1235, "{msg}");
    assert!(
        msg.contains("a") && msg.contains("b") && msg.contains("shards"),
        "{msg}"
    );
    let (code, msg) = server_code(
        k.query_drop("INSERT INTO users (id, name) VALUES (10, 'x'), (11, 'y')")
            .await
            .unwrap_err(),
    );
    assert_eq!(code, 1235, "{msg}");
    let (code, msg) = server_code(k.query_drop("SELECT name FROM users").await.unwrap_err());
    assert_eq!(code, 1235, "{msg}");
    assert!(msg.contains("id = <value>"), "{msg}");
    k.query_drop("BEGIN").await.unwrap();
    k.query_drop("UPDATE users SET name = 'tx' WHERE id = 3")
        .await
        .unwrap();
    let (code, msg) = server_code(
        k.query_drop("UPDATE users SET name = 'tx' WHERE id = 4")
            .await
            .unwrap_err(),
    );
    assert_eq!(code, 1235, "{msg}");
    assert!(msg.contains("transaction"), "{msg}");
    k.query_drop("ROLLBACK").await.unwrap();
    let name: String = k
        .query_first("SELECT name FROM users WHERE id = 3")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(name, "user3", "rolled back");

    // Unknown database: MySQL's 1049.
    let e = Conn::new(opts(port, Some("pins_9999"))).await.unwrap_err();
    let (code, msg) = server_code(e);
    assert_eq!(code, 1049, "{msg}");
    assert!(msg.contains("pins_9999"), "{msg}");

    // /readyz lists every shard.
    let (status, body) = http_get(&f.proxy.admin_addr(), "/readyz");
    assert_eq!(status, 200, "{body}");
    for name in ["a ", "b ", "c "] {
        assert!(
            body.lines()
                .any(|l| l.starts_with(name) && l.contains(" up")),
            "{body}"
        );
    }

    // Kill shard c: statements routed to a and b keep working, those to c
    // fail fast with an error naming the shard, and recover after restart.
    f.shards[2].kill();
    let started = std::time::Instant::now();
    let mut on_c = connect(port, Some("pins_0000")).await;
    let (code, msg) = server_code(on_c.query_drop("SELECT v FROM meta.kv").await.unwrap_err());
    assert!(code == 1429 || code == 1927, "{code} {msg}");
    assert!(msg.contains("'c'"), "{msg}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    for i in 0..10i64 {
        let got: Vec<u8> = a
            .exec_first("SELECT doc FROM pins WHERE id = ?", (i * 2,))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got, docs[(i * 2) as usize].as_bytes());
        let got: Vec<u8> = b
            .exec_first("SELECT doc FROM pins WHERE id = ?", (i * 2 + 1,))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got, docs[(i * 2 + 1) as usize].as_bytes());
    }
    std::thread::sleep(std::time::Duration::from_millis(800));
    let (status, body) = http_get(&f.proxy.admin_addr(), "/readyz");
    assert_eq!(status, 503, "{body}");
    assert!(
        body.lines()
            .any(|l| l.starts_with("c ") && l.contains("down")),
        "{body}"
    );
    f.shards[2].restart();
    // The shard was SIGKILLed (the harness runs InnoDB with relaxed log
    // flushing, so the last commits may be gone): check that the same
    // session is routed to shard c again and works.
    let port_c: u16 = on_c
        .query_first("SELECT @@port FROM meta.kv UNION SELECT @@port LIMIT 1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        port_c, f.shards[2].port,
        "the same session recovers once the shard is back"
    );

    // Everything still consistent on a and b.
    let got: Vec<u8> = a
        .query_first("SELECT doc FROM pins WHERE id = 38")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(got, docs[38].as_bytes());
    let _ = Value::NULL;
    drop((a, b, s, st, k, on_c));
}

/// A prepared statement squeeze sends rewritten (a document literal
/// compressed, a select-list JSON function replaced by the column it
/// evaluates, a declared path answered from its extracted column) on a
/// key-routed table: a shard it was not prepared on prepares the statement
/// squeeze sends, not the client's text, so every shard stores and answers
/// alike.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prepared_statement_is_prepared_on_another_shard_as_squeeze_sends_it() {
    let shards: Vec<MariaDb> = (0..2).map(|_| MariaDb::start()).collect();
    for s in &shards {
        s.root_sql(
            "CREATE DATABASE app; CREATE TABLE app.docs (id BIGINT PRIMARY KEY, doc LONGBLOB, \
             doc_author VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, KEY (doc_author));",
        );
    }
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
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
[[routing.key]]
schema = "app"
table = "docs"
column = "id"
function = "modulo"
shards = ["a", "b"]

[codec]
dictionaries_dir = "{dicts}"

[[columns]]
schema = "app"
table = "docs"
column = "doc"
dictionary = "reddit_comments"
extract = [{{ path = "$.author", column = "doc_author", type = "VARCHAR(64)" }}]
"#,
        shards[0].addr(),
        shards[1].addr()
    );
    let proxy = Squeeze::start_with_config(&toml, &[]);
    let mut c = connect(proxy.port, Some("app")).await;
    let doc = |i: i64| {
        format!(
            r#"{{"author":"a{}","body":"{}","score":{i}}}"#,
            i % 3,
            "the same words again and again ".repeat(8)
        )
    };
    // The document is a literal of the prepared text: compressed by the
    // text squeeze prepares, on whichever shard the key picks.
    for i in 0..6i64 {
        let sql = format!(
            "INSERT INTO docs (id, doc) VALUES (?, '{}')",
            doc(i).replace('\'', "''")
        );
        c.exec_drop(sql, (i,)).await.unwrap();
    }
    // The document as a parameter, with its declared path: one more server
    // parameter, on every shard.
    for i in 6..10i64 {
        c.exec_drop("INSERT INTO docs (id, doc) VALUES (?, ?)", (i, doc(i)))
            .await
            .unwrap();
    }
    for (k, s) in shards.iter().enumerate() {
        let stored = s.root_sql(
            "SELECT COUNT(*), SUM(LEFT(doc, 1) = UNHEX('F5')), SUM(doc_author IS NOT NULL) FROM app.docs",
        );
        assert!(
            stored.lines().nth(1) == Some("5\t5\t5"),
            "shard {k}: every row compressed, its path derived: {stored}"
        );
    }
    for i in 0..10i64 {
        let score: Option<String> = c
            .exec_first(
                "SELECT JSON_EXTRACT(doc, '$.score') FROM docs WHERE id = ?",
                (i,),
            )
            .await
            .unwrap();
        assert_eq!(score, Some(i.to_string()), "id {i}");
        let n: Option<i64> = c
            .exec_first(
                "SELECT COUNT(*) FROM docs WHERE id = ? AND JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = ?",
                (i, format!("a{}", i % 3)),
            )
            .await
            .unwrap();
        assert_eq!(n, Some(1), "id {i}");
    }
}
