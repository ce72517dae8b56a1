//! Through-proxy tests: every scenario runs against MariaDB directly and then
//! through squeeze, and what the client sees must be identical byte for byte.
mod support;

use mysql_async::prelude::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use support::dump;
use support::raw::{self, RawConn};
use support::{http_get, scenarios, MariaDb, Squeeze};

/// `relay!(claim => scenario)`: the scenario's outcomes through squeeze
/// equal its outcomes direct to MariaDB.
macro_rules! relay {
    // The test server's max_allowed_packet is 1G: squeeze must allow as
    // much for the answers to compare (big_packets sends 40 MB).
    ($test:ident => $scenario:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $test() {
            let db = MariaDb::shared();
            let mut sq = Squeeze::for_db(db, &["--max-packet-size", "1073741824"]);
            let name = concat!("relay_", stringify!($scenario));
            let direct = scenarios::$scenario(db.port, name).await;
            let proxied = scenarios::$scenario(sq.port, name).await;
            scenarios::compare(stringify!($scenario), &direct, &proxied);
            sq.assert_alive();
        }
    };
}

relay!(values_of_every_column_type_read_as_text_are_the_servers_through_squeeze => text_types);
relay!(binary_protocol_statements_answer_as_the_server_does_through_squeeze => binary_protocol);
relay!(multi_statement_results_arrive_in_order_as_the_server_sent_them => multi_results);
relay!(session_commands_answer_as_the_server_does_through_squeeze => session_commands);
relay!(load_data_local_infile_loads_the_same_rows_through_squeeze => load_data_local);
relay!(server_errors_reach_the_client_unchanged_through_squeeze => errors);
relay!(packets_over_16_mib_cross_squeeze_unchanged_both_ways => big_packets);

#[test]
fn a_cursor_exchange_through_squeeze_is_packet_for_packet_the_direct_one() {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    let direct = support::cursor::run(db.port, "relay_cursor");
    let proxied = support::cursor::run(sq.port, "relay_cursor");
    assert_eq!(
        direct.len(),
        proxied.len(),
        "number of packets in the cursor exchange"
    );
    for (i, (d, p)) in direct.iter().zip(&proxied).enumerate() {
        assert_eq!(d, p, "cursor exchange packet {i} differs");
    }
    sq.assert_alive();
}

/// Wrong password, unknown user and empty password get MySQL's exact ERR
/// packet (code 1045, SQLSTATE 28000, message naming the client host).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_login_gets_mysqls_exact_access_denied_packet() {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    for (user, pass) in [("app", "wrong"), ("nobody", "secret"), ("app", "")] {
        let d = RawConn::login(db.port, user, pass, None)
            .err()
            .expect("direct login must fail");
        let p = RawConn::login(sq.port, user, pass, None)
            .err()
            .expect("proxied login must fail");
        let using = if pass.is_empty() { "NO" } else { "YES" };
        assert_eq!(
            raw::parse_err(&d),
            (
                1045,
                format!("Access denied for user '{user}'@'127.0.0.1' (using password: {using})")
            )
        );
        assert_eq!(
            raw::parse_err(&p),
            raw::parse_err(&d),
            "proxy ERR for {user}/{pass:?}"
        );
        assert_eq!(p, d, "full ERR packet (incl. SQLSTATE) for {user}/{pass:?}");
    }
    // the same through mysql_async's login flow
    let o: mysql_async::Opts = dump::opts(sq.port, "app", "wrong", None).into();
    match mysql_async::Conn::new(o).await {
        Err(mysql_async::Error::Server(e)) => {
            assert_eq!(
                (e.code, e.state.as_str(), e.message.as_str()),
                (
                    1045,
                    "28000",
                    "Access denied for user 'app'@'127.0.0.1' (using password: YES)"
                )
            )
        }
        other => panic!("expected ERR 1045, got {other:?}"),
    }
    let mut c = dump::connect(sq.port, None).await;
    assert_eq!(
        c.query_first::<String, _>("SELECT CURRENT_USER()")
            .await
            .unwrap()
            .unwrap(),
        "app@%"
    );
    c.disconnect().await.unwrap();
    sq.assert_alive();
}

async fn select_one(port: u16) {
    let mut c = dump::connect(port, None).await;
    let v: Option<(i64, String)> = c.query_first("SELECT 1, 'ok'").await.unwrap();
    assert_eq!(v, Some((1, "ok".to_string())));
    c.disconnect().await.unwrap();
}

/// Garbage, truncated packets and abrupt disconnects never kill the proxy;
/// a normal client still works after each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_does_not_kill_proxy() {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    let port = sq.port;
    let noise = scenarios::noise(4096, 99);
    type Case = Box<dyn Fn(u16, &[u8]) + Send + Sync>;
    let cases: Vec<(&str, Case)> = vec![
        (
            "connect and close",
            Box::new(|p, _| drop(TcpStream::connect(("127.0.0.1", p)).unwrap())),
        ),
        (
            "garbage before handshake read",
            Box::new(|p, n| {
                let mut s = TcpStream::connect(("127.0.0.1", p)).unwrap();
                let _ = s.write_all(n);
            }),
        ),
        (
            "garbage as handshake response",
            Box::new(|p, n| {
                let mut c = RawConn::connect_tcp(p);
                c.read_packet().unwrap();
                let _ = c.s.write_all(n);
                let mut b = [0u8; 256];
                let _ = c.s.set_read_timeout(Some(Duration::from_secs(5)));
                let _ = c.s.read(&mut b);
            }),
        ),
        (
            "well-framed garbage handshake response",
            Box::new(|p, n| {
                let mut c = RawConn::connect_tcp(p);
                c.read_packet().unwrap();
                c.seq = 1;
                let _ = c.write_packet(&n[..200]);
                let _ = c.read_packet();
            }),
        ),
        (
            "short handshake response",
            Box::new(|p, _| {
                let mut c = RawConn::connect_tcp(p);
                c.read_packet().unwrap();
                c.seq = 1;
                let _ = c.write_packet(&[0x0d, 0xa2]);
                let _ = c.read_packet();
            }),
        ),
        (
            "truncated handshake response",
            Box::new(|p, n| {
                let mut c = RawConn::connect_tcp(p);
                c.read_packet().unwrap();
                let _ = c.s.write_all(&[0xe8, 0x03, 0x00, 0x01]);
                let _ = c.s.write_all(&n[..10]);
            }),
        ),
        (
            "16 MB length claim then close",
            Box::new(|p, _| {
                let mut c = RawConn::connect_tcp(p);
                c.read_packet().unwrap();
                let _ = c.s.write_all(&[0xff, 0xff, 0xff, 0x01, 1, 2, 3]);
            }),
        ),
        (
            "garbage commands after login",
            Box::new(|p, n| {
                let mut c = RawConn::login(p, "app", "secret", None).unwrap();
                for cmd in [
                    &[0x17u8, 1][..],
                    &[0x16][..],
                    &[0xEE, 1, 2, 3][..],
                    &[0x1C, 9, 9][..],
                    &[0x11][..],
                    &n[..300],
                ] {
                    c.command(cmd);
                    let _ = c.s.set_read_timeout(Some(Duration::from_secs(3)));
                    if c.read_packet().is_err() {
                        return;
                    }
                }
            }),
        ),
        (
            "truncated query after login",
            Box::new(|p, _| {
                let mut c = RawConn::login(p, "app", "secret", None).unwrap();
                let _ = c.s.write_all(&[100, 0, 0, 0, 0x03, b'S', b'E']);
            }),
        ),
        (
            "close mid-result",
            Box::new(|p, _| {
                let mut c = RawConn::login(p, "app", "secret", None).unwrap();
                c.command(b"\x03SELECT REPEAT('x', 1000000) FROM seq_1_to_20");
                let _ = c.read_packet();
            }),
        ),
    ];
    for (what, case) in &cases {
        let n = noise.clone();
        let f: &(dyn Fn(u16, &[u8]) + Send + Sync) = case.as_ref();
        // run the blocking raw client off the async runtime
        std::thread::scope(|s| {
            s.spawn(|| f(port, &n))
                .join()
                .unwrap_or_else(|_| panic!("case `{what}` panicked"));
        });
        std::thread::sleep(Duration::from_millis(50));
        sq.assert_alive();
        tokio::time::timeout(Duration::from_secs(10), select_one(port))
            .await
            .unwrap_or_else(|_| panic!("normal client timed out after `{what}`"));
    }
    sq.assert_alive();
}

/// Many concurrent clients each get their own, correct results.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_clients_each_get_their_own_correct_results() {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    let mut tasks = Vec::new();
    for i in 0..24u32 {
        let port = sq.port;
        tasks.push(tokio::spawn(async move {
            let mut c = dump::connect(port, None).await;
            c.query_drop(format!("SET @me = {i}")).await.unwrap();
            for j in 0..20u32 {
                let payload =
                    scenarios::noise(1000 + (i * 37 + j) as usize, (i * 100 + j) as u64 + 1);
                let (me, back): (u32, Vec<u8>) = c
                    .exec_first("SELECT @me, ?", (payload.clone(),))
                    .await
                    .unwrap()
                    .unwrap();
                assert_eq!(me, i);
                assert_eq!(back, payload);
            }
            c.disconnect().await.unwrap();
        }));
    }
    for t in tasks {
        tokio::time::timeout(Duration::from_secs(60), t)
            .await
            .expect("client timed out")
            .expect("client failed");
    }
    sq.assert_alive();
}

/// Backend down: a new client gets an ERR naming the backend within a few
/// seconds (no hang), the proxy survives, /readyz reports it, and once the
/// backend is back new clients are served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backend_going_down_gets_clients_an_err_naming_it_and_coming_back_serves_them_again() {
    let db = MariaDb::start();
    let mut sq = Squeeze::for_db(&db, &[]);
    select_one(sq.port).await;
    let mut open = dump::connect(sq.port, None).await;
    assert_eq!(
        http_get(&sq.admin_addr(), "/readyz").0,
        200,
        "/readyz with backend up"
    );
    db.kill();
    let addr = db.addr();
    let started = Instant::now();
    let res = tokio::time::timeout(Duration::from_secs(10), async {
        let o: mysql_async::Opts = dump::opts(sq.port, "app", "secret", None).into();
        match mysql_async::Conn::new(o).await {
            Err(e) => e,
            Ok(mut c) => c
                .query_drop("SELECT 1")
                .await
                .expect_err("query with backend down must fail"),
        }
    })
    .await
    .expect("client hung for 10 s with the backend down");
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "error took {:?}",
        started.elapsed()
    );
    match &res {
        mysql_async::Error::Server(e) => assert!(
            e.message.contains(&addr),
            "ERR should name the backend {addr}: {e:?}"
        ),
        other => panic!("expected a MySQL ERR packet naming {addr}, got {other:?}"),
    }
    // an already-open session fails promptly too
    let r = tokio::time::timeout(Duration::from_secs(10), open.query_drop("SELECT 1"))
        .await
        .expect("open session hung after backend died");
    assert!(
        r.is_err(),
        "query on a session whose backend died must fail"
    );
    sq.assert_alive();
    assert_eq!(
        http_get(&sq.admin_addr(), "/healthz").0,
        200,
        "/healthz while backend down"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while http_get(&sq.admin_addr(), "/readyz").0 == 200 {
        assert!(
            Instant::now() < deadline,
            "/readyz still 200 10 s after the backend died"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    db.restart();
    tokio::time::timeout(Duration::from_secs(20), select_one(sq.port))
        .await
        .expect("client after backend restart timed out");
    let deadline = Instant::now() + Duration::from_secs(10);
    while http_get(&sq.admin_addr(), "/readyz").0 != 200 {
        assert!(
            Instant::now() < deadline,
            "/readyz not 200 10 s after the backend came back"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    sq.assert_alive();
}

/// The admin HTTP endpoints answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_endpoints_answer_and_metrics_are_prometheus_text() {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    select_one(sq.port).await;
    let (code, _) = http_get(&sq.admin_addr(), "/healthz");
    assert_eq!(code, 200, "/healthz");
    let (code, _) = http_get(&sq.admin_addr(), "/readyz");
    assert_eq!(code, 200, "/readyz");
    let (code, body) = http_get(&sq.admin_addr(), "/metrics");
    assert_eq!(code, 200, "/metrics");
    assert!(
        body.contains("# TYPE "),
        "Prometheus text format expected, got:\n{body}"
    );
    let (code, _) = http_get(&sq.admin_addr(), "/no-such-endpoint");
    assert_eq!(code, 404);
    sq.assert_alive();
}

/// An unreachable backend from the start: clients get an ERR naming it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backend_unreachable_from_start() {
    let port = support::free_port();
    let backend = format!("127.0.0.1:{port}");
    let mut sq = Squeeze::start(&["--backend", &backend, "--user", "app:secret"]);
    let started = Instant::now();
    let err = tokio::time::timeout(Duration::from_secs(10), async {
        let o: mysql_async::Opts = dump::opts(sq.port, "app", "secret", None).into();
        match mysql_async::Conn::new(o).await {
            Err(e) => e,
            Ok(mut c) => c.query_drop("SELECT 1").await.expect_err("must fail"),
        }
    })
    .await
    .expect("client hung");
    assert!(started.elapsed() < Duration::from_secs(6));
    match err {
        mysql_async::Error::Server(e) => assert!(e.message.contains(&backend), "{e:?}"),
        other => panic!("expected ERR naming {backend}, got {other:?}"),
    }
    sq.assert_alive();
    assert_eq!(http_get(&sq.admin_addr(), "/healthz").0, 200);
    assert_ne!(
        http_get(&sq.admin_addr(), "/readyz").0,
        200,
        "/readyz must fail with no reachable backend"
    );
}

/// COM_INIT_DB (what `conn.select_db`/`mysql_select_db` send) and COM_PING:
/// reply packets identical to direct.
#[test]
fn init_db_and_ping_replies_are_identical_to_direct() {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    let direct = raw::init_db_exchange(db.port, "relay_initdb");
    let proxied = raw::init_db_exchange(sq.port, "relay_initdb");
    assert_eq!(direct, proxied, "COM_INIT_DB exchange differs");
    sq.assert_alive();
}

/// When the backend is down, the `mariadb` CLI (Connector/C) shows squeeze's
/// own message: the ERR carries a server-range code (1429), not 2003, which
/// Connector/C would report as "Received malformed packet".
#[test]
fn the_mariadb_cli_shows_why_the_backend_is_unreachable() {
    let closed = support::free_port();
    let backend = format!("127.0.0.1:{closed}");
    let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
    let sq = Squeeze::start(&["--backend", &backend, "--user", &user]);
    let (ok, _, stderr) = support::mariadb_cli(sq.port, &[], "SELECT 1");
    assert!(!ok, "the query cannot succeed without a backend");
    assert!(
        stderr.contains("ERROR 1429") && stderr.contains("can't connect to backend"),
        "{stderr}"
    );
    assert!(!stderr.contains("malformed"), "{stderr}");
}

fn aborted_clients(db: &MariaDb) -> u64 {
    let out = db.root_sql("SHOW GLOBAL STATUS LIKE 'Aborted_clients'");
    out.lines()
        .nth(1)
        .and_then(|l| l.split('\t').nth(1))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no Aborted_clients in {out}"))
}

/// A client that vanishes (SIGKILL) is an aborted client on the server, as
/// it would be direct: squeeze closes its backend connection without
/// COM_QUIT. A client that quits properly is not.
#[test]
fn a_killed_client_counts_as_aborted_on_the_server_and_a_quitting_one_does_not() {
    let db = MariaDb::start();
    let sq = Squeeze::for_db(&db, &[]);
    let before = aborted_clients(&db);
    let (ok, _, err) = support::mariadb_cli(sq.port, &[], "SELECT 1");
    assert!(ok, "{err}");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(aborted_clients(&db), before, "a COM_QUIT is not an abort");
    let mariadb = support::require_bin("mariadb", "apt-get install -y mariadb-client");
    let mut child = std::process::Command::new(mariadb)
        .args(["--no-defaults", "-h127.0.0.1", &format!("-P{}", sq.port)])
        .args([
            &format!("-u{}", support::APP_USER),
            &format!("-p{}", support::APP_PASS),
        ])
        .args(["-e", "SELECT SLEEP(1)"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(400));
    child.kill().unwrap();
    child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while aborted_clients(&db) == before && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(aborted_clients(&db), before + 1);
}

/// A burst of 500 concurrent connects all log in (the accept backlog,
/// `proxy.listen_backlog`, is 1024, not the 128 a plain bind gives).
#[test]
fn five_hundred_concurrent_connects_all_log_in() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .unwrap();
    let port = sq.port;
    let failures = rt.block_on(async move {
        let tasks: Vec<_> = (0..500)
            .map(|_| {
                tokio::spawn(async move {
                    let opts: mysql_async::Opts =
                        dump::opts(port, support::APP_USER, support::APP_PASS, None).into();
                    let c = mysql_async::Conn::new(opts)
                        .await
                        .map_err(|e| e.to_string())?;
                    c.disconnect().await.map_err(|e| e.to_string())
                })
            })
            .collect();
        let mut failures = Vec::new();
        for t in tasks {
            if let Err(e) = t.await.unwrap() {
                failures.push(e);
            }
        }
        failures
    });
    assert!(
        failures.is_empty(),
        "{} of 500 connects failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}

/// `KILL QUERY <id>` with the id the client was given (the handshake's,
/// which `CONNECTION_ID()` now also answers) ends the other session's query
/// with 1317 and leaves the session working; an id squeeze did not hand out
/// is 1094 and never reaches the server; an unprivileged user killing
/// another user's session gets the server's 1095.
#[test]
fn kill_query_by_the_handed_out_id_ends_the_query_and_only_that() {
    let db = MariaDb::shared();
    db.root_sql(
        "CREATE USER IF NOT EXISTS 'relay_kill_weak'@'%' IDENTIFIED BY 'weakpw';
         GRANT USAGE ON *.* TO 'relay_kill_weak'@'%';",
    );
    let sq = Squeeze::for_db(db, &["--user", "relay_kill_weak:weakpw"]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let port = sq.port;
    rt.block_on(async move {
        let mut victim = dump::connect(port, None).await;
        let id = victim.id();
        let via_sql: u32 = victim
            .query_first("SELECT CONNECTION_ID()")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(via_sql, id, "CONNECTION_ID() answers the handed-out id");
        let sleeper = tokio::spawn(async move {
            let started = Instant::now();
            let r: Result<Option<i64>, _> = victim.query_first("SELECT SLEEP(20)").await;
            (victim, r, started.elapsed())
        });
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mut killer = dump::connect(port, None).await;
        killer.query_drop(format!("KILL QUERY {id}")).await.unwrap();
        let (mut victim, r, took) = sleeper.await.unwrap();
        // MariaDB ends a killed SLEEP with 1317 or returns 1 from it.
        match r {
            Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1317, "{e:?}"),
            Ok(v) => assert_eq!(v, Some(1)),
            Err(e) => panic!("{e:?}"),
        }
        assert!(
            took < Duration::from_secs(10),
            "the query was not killed: {took:?}"
        );
        let one: i64 = victim.query_first("SELECT 1").await.unwrap().unwrap();
        assert_eq!(one, 1, "the killed query's session lives on");
        // An id squeeze never handed out.
        let unknown = id + 100_000;
        match killer.query_drop(format!("KILL {unknown}")).await {
            Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1094, "{e:?}"),
            other => panic!("{other:?}"),
        }
        // Another user's session, from an account without CONNECTION
        // ADMIN or SUPER: the server's 1095.
        let opts: mysql_async::Opts = dump::opts(port, "relay_kill_weak", "weakpw", None).into();
        let mut other = mysql_async::Conn::new(opts).await.unwrap();
        match other.query_drop(format!("KILL QUERY {id}")).await {
            Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1095, "{e:?}"),
            other => panic!("{other:?}"),
        }
        // KILL CONNECTION ends the victim's connection.
        killer.query_drop(format!("KILL {id}")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(victim.query_drop("SELECT 1").await.is_err());
    });
}
