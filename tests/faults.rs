//! Faults and hostile input (issue 17): a lost backend connection has the
//! semantics of a lost MySQL connection (never a torn transaction), a
//! config reload keeps counting sessions, the shutdown cut sends ERR 1053,
//! unauthenticated clients cannot make squeeze allocate, and full
//! caching_sha2 authentication is refused before a password travels in
//! clear text.
//!
//! Tests that kill MariaDB start a server of their own.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::Conn;
use sha2::{Digest, Sha256};
use support::{dump, http_get, MariaDb, Squeeze, APP_PASS, APP_USER};

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
        .query_first("SELECT @@pseudo_thread_id")
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

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

/// Reads the server greeting (one packet) from a raw connection.
fn read_greeting(s: &mut TcpStream) -> Vec<u8> {
    let mut h = [0u8; 4];
    s.read_exact(&mut h).unwrap();
    let len = u32::from_le_bytes([h[0], h[1], h[2], 0]) as usize;
    let mut p = vec![0u8; len];
    s.read_exact(&mut p).unwrap();
    p
}

fn metric(sq: &Squeeze, name: &str, label: &str) -> u64 {
    let (_, body) = http_get(&sq.admin_addr(), "/metrics");
    body.lines()
        .find(|l| l.starts_with(name) && l.contains(label))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Before authentication squeeze reads at most what a handshake needs: 100
/// clients that declare a 16 MB packet (and start sending it) are refused
/// without squeeze buffering it, and truncated handshakes are counted as
/// protocol errors, apart from clients that merely leave.
#[test]
fn unauthenticated_connections_declaring_16_mb_packets_do_not_grow_memory() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    support::mariadb_cli(sq.port, &[], "SELECT 1");
    let before = rss_kib(sq.pid());
    let chunk = vec![b'a'; 64 * 1024];
    let mut held = Vec::new();
    for _ in 0..100 {
        let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
        s.set_write_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        read_greeting(&mut s);
        // Header: 16 MiB - 2 bytes, sequence id 1; then 512 KiB of it.
        let _ = s.write_all(&[0xFE, 0xFF, 0xFF, 0x01]);
        for _ in 0..8 {
            if s.write_all(&chunk).is_err() {
                break;
            }
        }
        held.push(s);
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = rss_kib(sq.pid());
    assert!(
        after.saturating_sub(before) < 6 * 1024,
        "RSS grew from {before} KiB to {after} KiB for 100 unauthenticated clients"
    );
    assert_eq!(
        metric(&sq, "squeeze_protocol_errors_total", "handshake_too_large"),
        100
    );
    drop(held);

    // Truncated handshakes: part of a header, then gone.
    for _ in 0..5 {
        let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
        read_greeting(&mut s);
        s.write_all(&[0x20, 0x00]).unwrap();
    }
    // Clients that leave without a byte are not protocol errors.
    for _ in 0..3 {
        let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
        read_greeting(&mut s);
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while metric(&sq, "squeeze_protocol_errors_total", "truncated_handshake") < 5 {
        assert!(
            Instant::now() < deadline,
            "truncated handshakes not counted"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        metric(&sq, "squeeze_protocol_errors_total", "truncated_handshake"),
        5
    );
}

/// The same limit holds for the packets of the authentication exchange: a
/// client that declares a 16 MB auth-switch reply gets ERR 1043 and is
/// counted as a protocol error.
#[test]
fn an_oversized_auth_switch_reply_is_refused_as_a_protocol_error() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    read_greeting(&mut s);
    // A plugin squeeze cannot verify: it switches the client to another.
    s.write_all(&packet(
        1,
        &handshake_response(APP_USER.as_bytes(), "mysql_clear_password", b"x"),
    ))
    .unwrap();
    let switch = read_greeting(&mut s);
    assert_eq!(switch[0], 0xFE, "expected an auth switch, got {switch:?}");
    s.write_all(&[0xFE, 0xFF, 0xFF, 0x03]).unwrap();
    let reply = read_greeting(&mut s);
    assert_eq!(
        reply[0],
        0xFF,
        "expected ERR, got {:?}",
        &reply[..reply.len().min(16)]
    );
    assert_eq!(u16::from_le_bytes([reply[1], reply[2]]), 1043);
    assert_eq!(
        metric(&sq, "squeeze_protocol_errors_total", "handshake_too_large"),
        1
    );
}

/// A login that does not complete says so in the log with its connection
/// id, peer and outcome (a client's "connection reset at connect" then
/// explains itself); a client that leaves without a byte (a TCP health
/// probe) is not logged at info.
#[test]
fn a_login_that_does_not_complete_is_logged_with_its_peer_and_outcome() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    // A health probe: greeting read, then gone.
    drop({
        let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
        read_greeting(&mut s);
        s
    });
    // A wrong password.
    let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    read_greeting(&mut s);
    s.write_all(&packet(
        1,
        &handshake_response(APP_USER.as_bytes(), "mysql_native_password", &[7; 20]),
    ))
    .unwrap();
    let reply = read_greeting(&mut s);
    assert_eq!(u16::from_le_bytes([reply[1], reply[2]]), 1045, "{reply:?}");
    let peer = s.local_addr().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let log = std::fs::read_to_string(&sq.stderr_path).unwrap();
        let lines: Vec<&str> = log
            .lines()
            .filter(|l| l.contains("login not completed"))
            .collect();
        if lines
            .iter()
            .any(|l| l.contains("auth_failed") && l.contains(&peer) && l.contains("conn="))
        {
            assert!(
                !lines.iter().any(|l| l.contains("client_gone")),
                "a health probe logged at info:\n{log}"
            );
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no log line for the failed login from {peer}:\n{log}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The 20-byte nonce of a protocol-10 greeting.
fn greeting_nonce(hs: &[u8]) -> Vec<u8> {
    let mut i = 1 + hs[1..].iter().position(|&b| b == 0).unwrap() + 1 + 4;
    let mut nonce = hs[i..i + 8].to_vec();
    i += 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10;
    nonce.extend_from_slice(&hs[i..i + 12]);
    nonce
}

/// A HandshakeResponse41 for `user` with `plugin` and `token`.
fn handshake_response(user: &[u8], plugin: &str, token: &[u8]) -> Vec<u8> {
    // LONG_PASSWORD | PROTOCOL_41 | TRANSACTIONS | SECURE_CONNECTION |
    // MULTI_RESULTS | PLUGIN_AUTH
    let flags: u32 = 1 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000;
    let mut r = flags.to_le_bytes().to_vec();
    r.extend_from_slice(&(16u32 << 20).to_le_bytes());
    r.push(45);
    r.extend_from_slice(&[0u8; 23]);
    r.extend_from_slice(user);
    r.push(0);
    r.push(token.len() as u8);
    r.extend_from_slice(token);
    r.extend_from_slice(plugin.as_bytes());
    r.push(0);
    r
}

fn packet(seq: u8, payload: &[u8]) -> Vec<u8> {
    let l = payload.len() as u32;
    let mut p = vec![l as u8, (l >> 8) as u8, (l >> 16) as u8, seq];
    p.extend_from_slice(payload);
    p
}

/// caching_sha2_password full authentication over plain TCP: squeeze
/// refuses (ERR 3159) right after the fast-auth token, never asking the
/// client for its password, which some clients would send in clear text.
/// A user name with a newline cannot forge a line in the text log.
#[test]
fn caching_sha2_full_auth_over_plain_tcp_is_refused_before_the_password_is_sent() {
    let db = MariaDb::shared();
    let toml = format!(
        r#"
[auth]
default_plugin = "caching_sha2_password"
caching_sha2_full_auth = true

[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"
"#,
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let hs = read_greeting(&mut s);
    let nonce = greeting_nonce(&hs);
    // The correct fast-auth scramble: XOR(SHA256(pw), SHA256(SHA256(SHA256(pw)) + nonce)).
    let h1 = Sha256::digest(APP_PASS.as_bytes());
    let h2 = Sha256::digest(h1);
    let h3 = Sha256::digest([&h2[..], &nonce[..]].concat());
    let token: Vec<u8> = h1.iter().zip(h3.iter()).map(|(a, b)| a ^ b).collect();
    s.write_all(&packet(
        1,
        &handshake_response(APP_USER.as_bytes(), "caching_sha2_password", &token),
    ))
    .unwrap();
    let reply = read_greeting(&mut s);
    assert_ne!(
        &reply[..2.min(reply.len())],
        &[0x01, 0x04],
        "squeeze asked for the password over plain TCP"
    );
    assert_eq!(reply[0], 0xFF, "expected ERR, got {reply:?}");
    assert_eq!(u16::from_le_bytes([reply[1], reply[2]]), 3159);
    let msg = String::from_utf8_lossy(&reply[9..]).into_owned();
    assert!(msg.contains("requires TLS"), "{msg}");

    // An unknown user whose name carries a newline and a fake log line.
    let mut s = TcpStream::connect(("127.0.0.1", sq.port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    read_greeting(&mut s);
    let user = b"evil\nERROR squeeze: forged line";
    s.write_all(&packet(
        1,
        &handshake_response(user, "mysql_native_password", &[1u8; 20]),
    ))
    .unwrap();
    let reply = read_greeting(&mut s);
    assert_eq!(u16::from_le_bytes([reply[1], reply[2]]), 1045);
    wait_for_log(&sq, "access denied");
    let log = std::fs::read_to_string(&sq.stderr_path).unwrap();
    assert!(
        !log.lines().any(|l| l.starts_with("ERROR squeeze: forged")),
        "a user name forged a log line:\n{log}"
    );
    assert!(log.contains(r"evil\nERROR squeeze: forged line"), "{log}");
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
