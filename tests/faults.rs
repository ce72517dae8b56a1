//! Faults (issue 17): a lost backend connection has the semantics of a
//! lost MySQL connection (never a torn transaction), a config reload keeps
//! counting sessions, and the shutdown cut sends ERR 1053.
//!
//! Tests that kill MariaDB start a server of their own.

mod support;

use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::Conn;
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const DB: &str = "squeeze_test";

/// A private server with `squeeze_test.t (id INT PRIMARY KEY)`, and a proxy.
fn killable() -> (MariaDb, Squeeze) {
    let db = MariaDb::start();
    db.root_sql(&format!(
        "CREATE TABLE {DB}.t (id INT PRIMARY KEY) ENGINE=InnoDB"
    ));
    let sq = Squeeze::for_db(&db, &[]);
    (db, sq)
}

fn stored_ids(db: &MariaDb) -> Vec<String> {
    db.root_sql(&format!("SELECT id FROM {DB}.t ORDER BY id"))
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect()
}

/// Runs `sql` and SIGKILLs the server while it runs.
async fn run_and_kill(conn: &mut Conn, sql: &str, db: &MariaDb) -> mysql_async::Error {
    let (res, ()) = tokio::join!(conn.query_drop(sql), async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        db.kill();
    });
    res.expect_err("the statement cannot succeed: its server was killed")
}

/// The ERR squeeze sends for a lost backend connection: a server-range
/// code (Connector/C reports client-range codes from a server as a
/// malformed packet) and a message naming the backend.
fn assert_lost_err(e: &mysql_async::Error, expect_closed: bool) -> String {
    let mysql_async::Error::Server(s) = e else {
        panic!("expected squeeze's ERR for the lost backend, got {e:?}");
    };
    assert_eq!(s.code, 1927, "{s:?}");
    assert!(s.message.contains("backend 'default'"), "{}", s.message);
    if expect_closed {
        assert!(
            s.message.contains("closes this connection"),
            "{}",
            s.message
        );
    } else {
        assert!(
            s.message.contains("new backend connection"),
            "{}",
            s.message
        );
    }
    s.message.clone()
}

/// `sql` fails because squeeze closed the connection: an I/O or driver
/// error, not an answer (an ERR from squeeze would mean it kept the
/// session open and decided for the client).
async fn assert_closed(conn: &mut Conn, sql: &str) {
    let r = tokio::time::timeout(Duration::from_secs(10), conn.query_drop(sql))
        .await
        .unwrap_or_else(|_| panic!("`{sql}` hung instead of failing on a closed connection"));
    match r {
        Ok(()) => panic!("`{sql}` succeeded: squeeze ran it on a new backend connection"),
        Err(mysql_async::Error::Server(e)) => panic!(
            "`{sql}`: squeeze answered ERR {} ({}) instead of closing the connection",
            e.code, e.message
        ),
        Err(_) => {}
    }
}

/// The issue's torn transaction: BEGIN; INSERT 1; the server is killed and
/// restarted; the client must not get INSERT 3 and COMMIT acknowledged on a
/// fresh autocommit connection.
#[tokio::test]
async fn a_backend_killed_mid_transaction_closes_the_client_connection() {
    let (db, sq) = killable();
    let mut c = dump::connect(sq.port, Some(DB)).await;
    c.query_drop("BEGIN").await.unwrap();
    c.query_drop("INSERT INTO t VALUES (1)").await.unwrap();
    db.kill();
    db.restart();
    for sql in [
        "INSERT INTO t VALUES (2)",
        "INSERT INTO t VALUES (3)",
        "COMMIT",
    ] {
        assert_closed(&mut c, sql).await;
    }
    assert_eq!(stored_ids(&db), Vec::<String>::new(), "torn transaction");
    // squeeze itself is fine and serves new sessions.
    let mut fresh = dump::connect(sq.port, Some(DB)).await;
    fresh.query_drop("INSERT INTO t VALUES (4)").await.unwrap();
}

/// Killed while a statement of the transaction runs: one ERR (1927, naming
/// the backend and saying the connection closes), then the connection is
/// closed; nothing of the transaction is stored.
#[tokio::test]
async fn a_backend_killed_during_a_transaction_statement_sends_one_err_then_closes() {
    let (db, sq) = killable();
    let mut c = dump::connect(sq.port, Some(DB)).await;
    c.query_drop("BEGIN").await.unwrap();
    c.query_drop("INSERT INTO t VALUES (1)").await.unwrap();
    let e = run_and_kill(&mut c, "SELECT SLEEP(20)", &db).await;
    let msg = assert_lost_err(&e, true);
    assert!(msg.contains("an open transaction"), "{msg}");
    db.restart();
    assert_closed(&mut c, "INSERT INTO t VALUES (2)").await;
    assert_closed(&mut c, "COMMIT").await;
    assert_eq!(stored_ids(&db), Vec::<String>::new());
}

/// autocommit=0 is an implicit transaction: a later ROLLBACK must not be
/// acknowledged for work that is gone.
#[tokio::test]
async fn with_autocommit_off_a_lost_backend_closes_the_session() {
    let (db, sq) = killable();
    let mut c = dump::connect(sq.port, Some(DB)).await;
    c.query_drop("SET autocommit = 0").await.unwrap();
    c.query_drop("INSERT INTO t VALUES (1)").await.unwrap();
    let e = run_and_kill(&mut c, "SELECT SLEEP(20)", &db).await;
    assert_lost_err(&e, true);
    db.restart();
    assert_closed(&mut c, "ROLLBACK").await;
    assert_eq!(stored_ids(&db), Vec::<String>::new());
}

/// User variables die with the server session: the client must not read
/// NULL where it set 42.
#[tokio::test]
async fn user_variables_are_never_silently_lost() {
    let (db, sq) = killable();
    let mut c = dump::connect(sq.port, Some(DB)).await;
    c.query_drop("SET @x = 42").await.unwrap();
    let e = run_and_kill(&mut c, "SELECT SLEEP(20)", &db).await;
    let msg = assert_lost_err(&e, true);
    assert!(msg.contains("user variables"), "{msg}");
    db.restart();
    assert_closed(&mut c, "SELECT @x").await;
}

/// Killed while rows stream to the client, inside a transaction: the
/// result ends in squeeze's ERR (never a short result that looks
/// complete), then the connection is closed.
#[tokio::test]
async fn a_backend_killed_mid_result_ends_the_result_with_an_err_then_closes() {
    let (db, sq) = killable();
    let mut c = dump::connect(sq.port, Some(DB)).await;
    c.query_drop("BEGIN").await.unwrap();
    c.query_drop("INSERT INTO t VALUES (1)").await.unwrap();
    let mut rows = 0usize;
    let err = {
        let mut result = c
            .query_iter("SELECT seq, REPEAT('x', 1000) FROM seq_1_to_200000")
            .await
            .unwrap();
        loop {
            match result.next().await {
                Ok(Some(_)) => {
                    rows += 1;
                    if rows == 10 {
                        db.kill();
                    }
                }
                Ok(None) => panic!("the result ended without an error after {rows} rows"),
                Err(e) => break e,
            }
        }
    };
    assert!((10..200_000).contains(&rows), "{rows} rows");
    assert_lost_err(&err, true);
    db.restart();
    assert_closed(&mut c, "COMMIT").await;
    assert_eq!(stored_ids(&db), Vec::<String>::new());
}

/// A session that provably holds no server state (only plain reads and
/// autocommit writes) gets one ERR for the statement that was running and
/// then continues on a new backend connection.
#[tokio::test]
async fn a_session_without_state_gets_one_err_and_continues_on_a_new_backend_connection() {
    let (db, sq) = killable();
    let mut c = dump::connect(sq.port, Some(DB)).await;
    c.query_drop("INSERT INTO t VALUES (1)").await.unwrap();
    let e = run_and_kill(&mut c, "SELECT SLEEP(20)", &db).await;
    assert_lost_err(&e, false);
    db.restart();
    c.query_drop("INSERT INTO t VALUES (2)").await.unwrap();
    let port: u16 = c.query_first("SELECT @@port").await.unwrap().unwrap();
    assert_eq!(port, db.port);
    let ids = stored_ids(&db);
    assert!(ids.contains(&"2".to_string()), "{ids:?}");
}

/// The server closes an idle session (wait_timeout): squeeze closes the
/// client's socket too, as the server would have, instead of answering its
/// next statement from a new connection.
#[tokio::test]
async fn a_backend_that_closes_an_idle_session_closes_the_client_socket() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let mut c = dump::connect(sq.port, None).await;
    c.query_drop("SET SESSION wait_timeout = 2").await.unwrap();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert_closed(&mut c, "SELECT 1").await;

    // The same when the server kills the idle backend connection of a
    // session that holds no state: the client sees its connection end.
    let mut c = dump::connect(sq.port, None).await;
    let id: u64 = c
        .query_first("SELECT CONNECTION_ID()")
        .await
        .unwrap()
        .unwrap();
    db.root_sql(&format!("KILL {id}"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_closed(&mut c, "SELECT 1").await;
    dump::connect(sq.port, None)
        .await
        .query_drop("SELECT 1")
        .await
        .unwrap();
}

fn config(db: &MariaDb, proxy: &str) -> String {
    format!(
        r#"
[proxy]
{proxy}

[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"
"#,
        db.addr()
    )
}

fn wait_for_log(sq: &Squeeze, needle: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !std::fs::read_to_string(&sq.stderr_path)
        .unwrap_or_default()
        .contains(needle)
    {
        assert!(
            Instant::now() < deadline,
            "no log line {needle:?}:\n{}",
            sq.log_tail()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// SIGHUP builds a new configuration; the sessions opened under the old
/// one still count against max_connections.
#[tokio::test]
async fn a_config_reload_keeps_counting_sessions_against_max_connections() {
    let db = MariaDb::shared();
    let sq = Squeeze::start_with_config(&config(db, "max_connections = 5"), &[]);
    let mut open = Vec::new();
    for _ in 0..5 {
        open.push(dump::connect(sq.port, None).await);
    }
    // SAFETY: signalling our own child process.
    unsafe {
        libc::kill(sq.pid() as i32, libc::SIGHUP);
    }
    wait_for_log(&sq, "configuration reloaded");
    let o: mysql_async::Opts = dump::opts(sq.port, APP_USER, APP_PASS, None).into();
    match Conn::new(o).await {
        Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1040, "{e:?}"),
        Err(e) => panic!("expected ERR 1040, got {e:?}"),
        Ok(_) => panic!("a sixth session was accepted with max_connections = 5 after SIGHUP"),
    }
    drop(open);
}

/// A statement still running when the SIGTERM drain times out gets ERR
/// 1053 (SQLSTATE 08S01), as MySQL sends at shutdown, not a bare close.
#[tokio::test]
async fn a_session_cut_at_the_shutdown_timeout_gets_err_1053() {
    let db = MariaDb::shared();
    let sq = Squeeze::start_with_config(&config(db, "shutdown_timeout_secs = 1"), &[]);
    let mut c = dump::connect(sq.port, None).await;
    let pid = sq.pid() as i32;
    let started = Instant::now();
    let (res, ()) = tokio::join!(c.query_drop("SELECT SLEEP(20)"), async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        // SAFETY: signalling our own child process.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
    });
    match res {
        Err(mysql_async::Error::Server(e)) => {
            assert_eq!(e.code, 1053, "{e:?}");
            assert_eq!(e.state, "08S01", "{e:?}");
            assert!(e.message.contains("shutdown"), "{e:?}");
        }
        other => panic!("expected ERR 1053 at the shutdown cut, got {other:?}"),
    }
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
}

/// Sharded sessions: the same rule per shard connection. A transaction on
/// shard `a` whose server dies ends its session; a session that only read
/// from `a` (its connection there parked while it works on `b`) gets one
/// ERR when it next needs `a` and then continues; sessions on `b` never
/// notice.
#[tokio::test]
async fn sharded_sessions_apply_the_backend_loss_rule_per_shard() {
    let a = MariaDb::start();
    let b = MariaDb::shared();
    a.root_sql("CREATE DATABASE db_a; CREATE TABLE db_a.t (id INT PRIMARY KEY) ENGINE=InnoDB");
    b.root_sql("CREATE DATABASE IF NOT EXISTS db_b; CREATE TABLE IF NOT EXISTS db_b.t (id INT PRIMARY KEY)");
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
default_shard = "b"
[[routing.schema]]
databases = "db_a"
shard = "a"
[[routing.schema]]
databases = "db_b"
shard = "b"
"#,
        a.addr(),
        b.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let mut txn = dump::connect(sq.port, Some("db_a")).await;
    let mut reader = dump::connect(sq.port, Some("db_a")).await;
    let mut on_b = dump::connect(sq.port, Some("db_b")).await;
    reader.query_drop("SELECT * FROM db_a.t").await.unwrap();
    reader.query_drop("SELECT * FROM db_b.t").await.unwrap();
    txn.query_drop("BEGIN").await.unwrap();
    txn.query_drop("INSERT INTO db_a.t VALUES (1)")
        .await
        .unwrap();

    let e = run_and_kill(&mut txn, "SELECT SLEEP(20) FROM db_a.t", &a).await;
    match &e {
        mysql_async::Error::Server(s) => {
            assert_eq!(s.code, 1927, "{s:?}");
            assert!(s.message.contains("backend 'a'"), "{}", s.message);
            assert!(
                s.message.contains("closes this connection"),
                "{}",
                s.message
            );
        }
        other => panic!("expected ERR 1927, got {other:?}"),
    }
    on_b.query_drop("SELECT * FROM db_b.t").await.unwrap();
    a.restart();
    assert_closed(&mut txn, "COMMIT").await;
    assert_eq!(
        a.root_sql("SELECT COUNT(*) FROM db_a.t").lines().nth(1),
        Some("0")
    );

    // The reader's parked connection to `a` died with the server; it held
    // nothing there, so one ERR and then a new connection to `a`.
    let e = reader
        .query_drop("SELECT * FROM db_a.t")
        .await
        .expect_err("the parked connection to a is dead");
    match &e {
        mysql_async::Error::Server(s) => {
            assert_eq!(s.code, 1927, "{s:?}");
            assert!(
                s.message.contains("new backend connection"),
                "{}",
                s.message
            );
        }
        other => panic!("expected ERR 1927, got {other:?}"),
    }
    let port: u16 = reader
        .query_first("SELECT @@port FROM db_a.t UNION SELECT @@port")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(port, a.port);
    on_b.query_drop("SELECT * FROM db_b.t").await.unwrap();
}
