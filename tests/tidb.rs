//! squeeze in front of TiDB, a MySQL-8-flavoured backend (version
//! `8.0.11-TiDB-…`, caching_sha2_password, zstd protocol compression, its
//! own column metadata): the client scenarios agree byte for byte with TiDB
//! directly, compressed columns round-trip and refuse as on MariaDB, a
//! fleet may mix TiDB and MariaDB shards, and the wire uses zstd wherever
//! a peer offers it.
mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts, OptsBuilder};
use support::dump;
use support::raw::{parse_err, ZstdWire, CLIENT_COMPRESS, CLIENT_ZSTD_COMPRESSION_ALGORITHM};
use support::tidb::{TiDb, SHA2_PASS, SHA2_USER};
use support::{scenarios, MariaDb, Squeeze, TestServer, APP_PASS, APP_USER};

const DICTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");

async fn connect(port: u16, db: Option<&str>) -> Conn {
    dump::connect(port, db).await
}

/// Documents from the shipped test corpus, as written by an application.
fn documents(n: usize) -> Vec<String> {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap()
    .lines()
    .take(n)
    .map(str::to_string)
    .collect()
}

macro_rules! relay_on_tidb {
    ($name:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            let db = TiDb::shared();
            let mut sq = Squeeze::for_server(db, &["--max-packet-size", "1073741824"]);
            let name = concat!("tidb_", stringify!($name));
            let direct = scenarios::$name(db.port, name).await;
            let proxied = scenarios::$name(sq.port, name).await;
            scenarios::compare(stringify!($name), &direct, &proxied);
            sq.assert_alive();
        }
    };
}

// The client scenarios of tests/proxy_relay.rs, against TiDB: every step's
// bytes through squeeze equal TiDB's own.
relay_on_tidb!(text_types);
relay_on_tidb!(binary_protocol);
relay_on_tidb!(multi_results);
relay_on_tidb!(session_commands);
relay_on_tidb!(errors);
relay_on_tidb!(load_data_local);

#[test]
fn tidb_is_the_mysql8_dialect_the_other_tests_claim() {
    let db = TiDb::shared();
    let c = support::raw::RawConn::login(db.port, APP_USER, APP_PASS, None).unwrap();
    let version = String::from_utf8_lossy(&c.server_version).into_owned();
    assert!(
        version.starts_with("8.0.11-TiDB-"),
        "unexpected version {version}"
    );
    let plugin = db.root_sql(&format!(
        "SELECT plugin FROM mysql.user WHERE user = '{SHA2_USER}'"
    ));
    assert!(plugin.contains("caching_sha2_password"), "{plugin}");
}

fn write_read_check(db: &dyn TestServer, schema: &str) {
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ));
    let rule = format!("{schema}.docs.doc=reddit_comments");
    let sq = Squeeze::for_server(db, &["--dictionaries", DICTS, "--compress", &rule]);
    let docs = documents(40);
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let mut c = connect(sq.port, Some(schema)).await;
        for (i, d) in docs.iter().enumerate() {
            if i % 2 == 0 {
                c.exec_drop(
                    "INSERT INTO docs (id, doc) VALUES (?, ?)",
                    (i as i64, d.as_bytes()),
                )
                .await
                .unwrap();
            } else {
                let lit = d.replace('\\', "\\\\").replace('\'', "\\'");
                c.query_drop(format!("INSERT INTO docs VALUES ({i}, '{lit}')"))
                    .await
                    .unwrap();
            }
        }
        // Text and binary protocol both read back the bytes written.
        let text: Vec<(i64, Vec<u8>)> = c
            .query("SELECT id, doc FROM docs ORDER BY id")
            .await
            .unwrap();
        let binary: Vec<(i64, Vec<u8>)> = c
            .exec(
                "SELECT id, doc FROM docs WHERE id >= ? ORDER BY id",
                (0i64,),
            )
            .await
            .unwrap();
        for rows in [&text, &binary] {
            assert_eq!(rows.len(), docs.len());
            for (i, (id, doc)) in rows.iter().enumerate() {
                assert_eq!(*id, i as i64);
                assert_eq!(doc, docs[i].as_bytes(), "row {i} differs");
            }
        }
        // Stored compressed: the backend holds far fewer bytes than written.
        let mut direct = connect(db.port(), Some(schema)).await;
        let stored: Vec<Vec<u8>> = direct
            .query("SELECT doc FROM docs ORDER BY id")
            .await
            .unwrap();
        let (plain, packed): (usize, usize) = (
            docs.iter().map(String::len).sum(),
            stored.iter().map(Vec::len).sum(),
        );
        assert!(
            packed * 2 < plain,
            "stored {packed} bytes for {plain} bytes of JSON"
        );
        for (s, d) in stored.iter().zip(&docs) {
            assert_ne!(s, d.as_bytes(), "a document was stored raw");
        }
        // A JSON predicate over the compressed column is refused on both
        // backends, naming it (select-list JSON functions are answered on
        // MariaDB 10.11 only: tests/json_select.rs).
        let err = c
            .query_drop("SELECT id FROM docs WHERE JSON_EXTRACT(doc, '$.id') = 1")
            .await
            .unwrap_err();
        match err {
            mysql_async::Error::Server(e) => {
                assert_eq!(e.code, 1235, "{e:?}");
                assert!(e.message.contains("doc"), "{}", e.message);
            }
            other => panic!("expected ERR 1235, got {other:?}"),
        }
        drop(c);
        drop(direct);
    });
}

#[test]
fn compressed_documents_on_tidb_read_back_byte_identical_and_are_stored_compressed() {
    write_read_check(TiDb::shared(), "tidb_docs");
}

#[test]
fn the_same_documents_and_refusals_hold_on_mariadb() {
    // The same check in front of MariaDB: one contract, two dialects.
    write_read_check(MariaDb::shared(), "maria_docs");
}

#[test]
fn oracle_on_tidb_answers_as_truth_or_refuses() {
    // The differential oracle of tests/oracle.rs, with TiDB as both the
    // truth and the squeezed database.
    let db = TiDb::start();
    support::oracle::run_all(&db, 5000);
}

#[test]
fn caching_sha2_accounts_log_into_tidb_over_tls_and_fail_clearly_without_it() {
    let db = TiDb::shared();
    let cert = db.certs.cert.display().to_string();
    let key = db.certs.key.display().to_string();
    let account = format!("{SHA2_USER}:{SHA2_PASS}");
    let rt = tokio::runtime::Runtime::new().unwrap();
    // TLS to the backend (squeeze's default `preferred`): full
    // caching_sha2 authentication sends the password inside TLS.
    let tls_cfg = format!(
        "[backend]\naddress = \"{}\"\ntls = \"preferred\"\n",
        db.addr()
    );
    let sq = Squeeze::start_with_config(
        &tls_cfg,
        &["--user", &account, "--tls-cert", &cert, "--tls-key", &key],
    );
    rt.block_on(async {
        let opts = support::dump::opts(sq.port, SHA2_USER, SHA2_PASS, None);
        let mut c = Conn::new(Opts::from(opts)).await.unwrap();
        let who: Option<String> = c.query_first("SELECT CURRENT_USER()").await.unwrap();
        assert!(who.unwrap().starts_with(SHA2_USER));
    });
    drop(sq);
    // No TLS to the backend: the server would ask for the password in
    // clear text; squeeze refuses and says what to change.
    let plain_cfg = format!(
        "[backend]\naddress = \"{}\"\ntls = \"disabled\"\n",
        db.addr()
    );
    let sq = Squeeze::start_with_config(
        &plain_cfg,
        &["--user", &account, "--tls-cert", &cert, "--tls-key", &key],
    );
    rt.block_on(async {
        let opts = support::dump::opts(sq.port, SHA2_USER, SHA2_PASS, None);
        let err = Conn::new(Opts::from(opts)).await.unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("caching_sha2_password") && text.contains("tls"),
            "unclear error: {text}"
        );
    });
}

/// `SHOW SESSION STATUS` of the backend connection a session uses.
/// The backend link's own status: a text `SHOW STATUS` of `Ssl_%` or
/// `Compression` is answered for the client's link to squeeze, a prepared
/// one goes to the server as it is.
async fn backend_status(c: &mut Conn, like: &str) -> Vec<(String, String)> {
    c.exec(format!("SHOW SESSION STATUS LIKE '{like}'"), ())
        .await
        .unwrap()
}

#[test]
fn bulk_connections_use_zstd_on_tidb_and_zlib_on_mariadb() {
    let tidb = TiDb::shared();
    let maria = MariaDb::shared();
    let rt = tokio::runtime::Runtime::new().unwrap();
    for (db, want) in [
        (tidb as &dyn TestServer, "zstd"),
        (maria as &dyn TestServer, "zlib"),
    ] {
        // Sessions of `app` are bulk loads: their backend connection
        // negotiates the compressed protocol.
        let cfg = format!(
            "[backend]\naddress = \"{}\"\n[bulk]\nusers = [\"{APP_USER}\"]\nmode = \"always\"\n",
            db.addr()
        );
        let cert = db.certs().cert.display().to_string();
        let key = db.certs().key.display().to_string();
        let app = format!("{APP_USER}:{APP_PASS}");
        let mut sq = Squeeze::start_with_config(
            &cfg,
            &["--user", &app, "--tls-cert", &cert, "--tls-key", &key],
        );
        rt.block_on(async {
            let mut c = connect(sq.port, None).await;
            let status = backend_status(&mut c, "Compression%").await;
            let algorithm = status
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("Compression_algorithm"))
                .map(|(_, v)| v.as_str());
            let on = status
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("Compression"))
                .map(|(_, v)| v.as_str());
            match want {
                // TiDB names the algorithm of the session.
                "zstd" => assert_eq!(algorithm, Some("zstd"), "{status:?}"),
                // MariaDB only knows zlib: Compression=ON.
                _ => assert_eq!(on, Some("ON"), "{status:?}"),
            }
            // A bulk write over the compressed link reads back intact.
            c.query_drop("CREATE DATABASE IF NOT EXISTS bulk_wire")
                .await
                .unwrap();
            c.query_drop("DROP TABLE IF EXISTS bulk_wire.t")
                .await
                .unwrap();
            c.query_drop("CREATE TABLE bulk_wire.t (id INT PRIMARY KEY, v LONGBLOB)")
                .await
                .unwrap();
            let big = documents(200).join("\n");
            c.exec_drop("INSERT INTO bulk_wire.t VALUES (1, ?)", (big.as_bytes(),))
                .await
                .unwrap();
            let back: Option<Vec<u8>> = c
                .query_first("SELECT v FROM bulk_wire.t WHERE id = 1")
                .await
                .unwrap();
            assert_eq!(back.as_deref(), Some(big.as_bytes()));
        });
        let metrics = support::http_get(&sq.admin_addr(), "/metrics").1;
        let label = format!("algorithm=\"{want}\"");
        let compressed: f64 = metrics
            .lines()
            .filter(|l| {
                l.starts_with("squeeze_adaptive_compress_input_bytes_total") && l.contains(&label)
            })
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum();
        assert!(
            compressed > 0.0,
            "no {want} compression counted:\n{}",
            metrics
                .lines()
                .filter(|l| l.contains("adaptive_"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        sq.assert_alive();
    }
}

#[test]
fn a_zstd_client_reads_and_writes_through_squeeze_in_zstd_frames() {
    let db = TiDb::shared();
    db.fresh_db("zstd_client");
    db.root_sql("CREATE TABLE zstd_client.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)");
    let sq = Squeeze::for_server(
        db,
        &[
            "--dictionaries",
            DICTS,
            "--compress",
            "zstd_client.docs.doc=reddit_comments",
        ],
    );
    let docs = documents(30);
    let mut z = ZstdWire::login(sq.port, APP_USER, APP_PASS, Some("zstd_client"), 7);
    for (i, d) in docs.iter().enumerate() {
        let lit = d.replace('\\', "\\\\").replace('\'', "\\'");
        let ok = z.query(&format!("INSERT INTO docs VALUES ({i}, '{lit}')"));
        assert_eq!(ok[0][0], 0x00, "insert {i}: {:?}", parse_err(&ok[0]));
    }
    let rows = z.query("SELECT doc FROM docs ORDER BY id");
    // column count, 1 definition, EOF, 30 rows, EOF
    let values: Vec<&[u8]> = rows[3..rows.len() - 1]
        .iter()
        .map(|r| {
            // One length-encoded string per row.
            let (len, skip) = match r[0] {
                0xfc => (u16::from_le_bytes([r[1], r[2]]) as usize, 3),
                0xfd => (u32::from_le_bytes([r[1], r[2], r[3], 0]) as usize, 4),
                n => (n as usize, 1),
            };
            &r[skip..skip + len]
        })
        .collect();
    assert_eq!(values.len(), docs.len());
    for (v, d) in values.iter().zip(&docs) {
        assert_eq!(*v, d.as_bytes());
    }
    assert!(
        z.frames_compressed > 0,
        "squeeze never compressed a frame to a zstd client"
    );
    // A client asking for both gets zlib, as from MySQL: its first frame
    // header is zlib's, which the zstd reader would reject.
    let both = support::raw::RawConn::login_with(
        sq.port,
        APP_USER,
        APP_PASS,
        None,
        0,
        CLIENT_COMPRESS | CLIENT_ZSTD_COMPRESSION_ALGORITHM,
        Some(3),
    );
    assert!(both.is_ok());
}

#[test]
fn a_fleet_of_a_tidb_shard_and_a_mariadb_shard_routes_and_compresses_on_both() {
    let tidb = TiDb::shared();
    let maria = MariaDb::shared();
    for (db, schema) in [
        (tidb as &dyn TestServer, "fleet_t"),
        (maria as &dyn TestServer, "fleet_m"),
    ] {
        db.fresh_db(schema);
        db.root_sql(&format!(
            "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
        ));
    }
    let cfg = format!(
        "[shards.tidb]\naddress = \"{}\"\n[shards.maria]\naddress = \"{}\"\n\
         [routing]\ndefault_shard = \"maria\"\n\
         [[routing.schema]]\ndatabases = \"fleet_t\"\nshard = \"tidb\"\n\
         [[routing.schema]]\ndatabases = \"fleet_m\"\nshard = \"maria\"\n",
        tidb.addr(),
        maria.addr()
    );
    let cert = maria.certs.cert.display().to_string();
    let key = maria.certs.key.display().to_string();
    let app = format!("{APP_USER}:{APP_PASS}");
    let sq = Squeeze::start_with_config(
        &cfg,
        &[
            "--user",
            &app,
            "--tls-cert",
            &cert,
            "--tls-key",
            &key,
            "--dictionaries",
            DICTS,
            "--compress",
            "fleet_t.docs.doc=reddit_comments",
            "--compress",
            "fleet_m.docs.doc=reddit_comments",
        ],
    );
    let docs = documents(10);
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        for (schema, server) in [("fleet_t", tidb as &dyn TestServer), ("fleet_m", maria)] {
            let mut c = connect(sq.port, Some(schema)).await;
            for (i, d) in docs.iter().enumerate() {
                c.exec_drop("INSERT INTO docs VALUES (?, ?)", (i as i64, d.as_bytes()))
                    .await
                    .unwrap();
            }
            let version: Option<String> = c.query_first("SELECT VERSION()").await.unwrap();
            let version = version.unwrap();
            assert_eq!(
                version.contains("TiDB"),
                schema == "fleet_t",
                "{schema} routed to {version}"
            );
            let back: Vec<Vec<u8>> = c.query("SELECT doc FROM docs ORDER BY id").await.unwrap();
            let want: Vec<Vec<u8>> = docs.iter().map(|d| d.as_bytes().to_vec()).collect();
            assert_eq!(back, want, "{schema}");
            let mut direct = Conn::new(Opts::from(OptsBuilder::from_opts(support::dump::opts(
                server.port(),
                APP_USER,
                APP_PASS,
                Some(schema),
            ))))
            .await
            .unwrap();
            let stored: Vec<Vec<u8>> = direct
                .query("SELECT doc FROM docs ORDER BY id")
                .await
                .unwrap();
            assert!(
                stored.iter().zip(&want).all(|(s, w)| s != w),
                "{schema} stored raw"
            );
        }
    });
}

#[test]
fn python_clients_through_squeeze_on_tidb_match_tidb_directly() {
    let db = TiDb::shared();
    support::pyclients::run_check(db, "pymysql_check.py", "pymysql", "tidb_pymysql");
    support::pyclients::run_check(
        db,
        "connector_check.py",
        "mysql.connector",
        "tidb_connector",
    );
}

#[test]
fn mysqlclient_suite_through_squeeze_on_tidb_matches_tidb_directly() {
    support::pyclients::mysqlclient_suite_matches(TiDb::shared());
}
