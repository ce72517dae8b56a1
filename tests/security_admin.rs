//! The admin port and the quick start's secrets (issue 34): the admin port
//! cannot take the MySQL port's file descriptors or grow memory whatever
//! its clients do; a reload rotates the token at once; a TOML error never
//! quotes a secret; `--user NAME:PASSWORD` does not stay in
//! /proc/PID/cmdline; an open admin view beyond loopback is refused.
mod support;

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const TOKEN_A: &str = "first-admin-token-0123456789";
const TOKEN_B: &str = "second-admin-token-9876543210";

/// (status, body) of one request to the admin endpoint.
fn http(addr: &str, method: &str, path: &str, token: Option<&str>) -> (u16, String) {
    // The admin endpoint binds a moment after the MySQL port.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut s = loop {
        match TcpStream::connect(addr) {
            Ok(s) => break s,
            Err(e) if Instant::now() > deadline => panic!("admin {addr}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    squeeze::cli::ctl::parse_response(&buf).unwrap_or_else(|| panic!("bad response: {buf:?}"))
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap()
}

fn open_fds(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0)
}

async fn login_and_select(sq: &Squeeze) -> Result<(), String> {
    let o: Opts = dump::opts(sq.port, APP_USER, APP_PASS, None).into();
    let work = async {
        let mut c = Conn::new(o).await.map_err(|e| e.to_string())?;
        let one: Option<i64> = c.query_first("SELECT 1").await.map_err(|e| e.to_string())?;
        c.disconnect().await.map_err(|e| e.to_string())?;
        (one == Some(1))
            .then_some(())
            .ok_or("SELECT 1 answered wrong".to_string())
    };
    tokio::time::timeout(Duration::from_secs(10), work)
        .await
        .map_err(|_| "login timed out".to_string())?
}

/// A squeeze whose descriptor limit (soft and hard) is 1,024, as on many
/// hosts: without a cap a few thousand idle admin connections exhaust it.
fn squeeze_with_1024_fds(db: &MariaDb) -> Squeeze {
    let dir = std::env::temp_dir().join(format!("squeeze-fds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrapper = dir.join("squeeze-1024");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nulimit -n 1024 || exit 99\nexec {} \"$@\"\n",
            env!("CARGO_BIN_EXE_squeeze")
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    Squeeze::for_db_bin(wrapper.to_str().unwrap(), db, &[])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_thousand_admin_connections_that_never_finish_headers_leave_mysql_logins_working_and_rss_bounded(
) {
    const TOTAL: usize = 20_000;
    // Held open by this test at once (its own descriptors are bounded too);
    // well above the squeeze's 1,024.
    const WINDOW: usize = 3_000;
    let db = MariaDb::shared();
    let mut sq = squeeze_with_1024_fds(db);
    let pid = sq.pid();
    login_and_select(&sq).await.expect("login before");
    let rss_before = rss_kb(pid);
    let admin = sq.admin_addr();
    let started = Instant::now();
    let mut held: VecDeque<TcpStream> = VecDeque::with_capacity(WINDOW);
    let (mut connected, mut failed, mut rss_max, mut fds_max) = (0usize, 0usize, rss_before, 0);
    let mut logins = 0;
    for i in 0..TOTAL {
        match TcpStream::connect_timeout(&admin.parse().unwrap(), Duration::from_millis(500)) {
            Ok(mut s) => {
                connected += 1;
                // Headers begun, never finished.
                let _ = s.write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ");
                if held.len() == WINDOW {
                    held.pop_front();
                }
                held.push_back(s);
            }
            Err(_) => failed += 1,
        }
        if i % 2_000 == 1_999 {
            login_and_select(&sq)
                .await
                .unwrap_or_else(|e| panic!("MySQL login after {} admin connections: {e}", i + 1));
            logins += 1;
            rss_max = rss_max.max(rss_kb(pid));
            fds_max = fds_max.max(open_fds(pid));
            sq.assert_alive();
        }
    }
    login_and_select(&sq)
        .await
        .expect("login with every slow connection held");
    rss_max = rss_max.max(rss_kb(pid));
    fds_max = fds_max.max(open_fds(pid));
    // The slow connections squeeze still serves time out after
    // header_timeout_ms (5 s): then the admin port answers again.
    std::thread::sleep(Duration::from_secs(6));
    let (status, metrics) = support::http_get(&admin, "/metrics");
    assert_eq!(status, 200);
    drop(held);
    let refused: u64 = metrics
        .lines()
        .filter(|l| l.starts_with("squeeze_admin_connections_refused_total"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum();
    println!(
        "RESULT admin slowloris: {TOTAL} connections ({connected} connected, {failed} not), {WINDOW} held at once, {:.1} s; \
         {logins} MySQL logins during it, all OK; squeeze RSS {} kB before, {} kB max; squeeze fds max {fds_max} (limit 1024); admin connections refused {refused}",
        started.elapsed().as_secs_f64(),
        rss_before,
        rss_max
    );
    assert!(fds_max < 512, "the admin port held {fds_max} descriptors");
    assert!(
        rss_max < rss_before + 64 * 1024,
        "RSS grew from {rss_before} kB to {rss_max} kB"
    );
    assert!(refused > 0, "{metrics}");
}

fn config(db: &MariaDb, admin_section: &str) -> String {
    format!(
        "[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\n[backend]\naddress = \"{}\"\n\n[admin]\n{admin_section}\n",
        db.addr()
    )
}

fn config_path(sq: &Squeeze) -> std::path::PathBuf {
    sq.stderr_path.parent().unwrap().join("squeeze.toml")
}

#[test]
fn a_reload_that_rotates_or_removes_the_admin_token_applies_to_the_next_request() {
    let db = MariaDb::shared();
    let sq = Squeeze::start_with_config(&config(db, &format!("token = \"{TOKEN_A}\"")), &[]);
    let admin = sq.admin_addr();
    assert_eq!(http(&admin, "GET", "/sessions", Some(TOKEN_A)).0, 200);
    assert_eq!(http(&admin, "GET", "/sessions", Some(TOKEN_B)).0, 401);

    std::fs::write(
        config_path(&sq),
        config(db, &format!("token = \"{TOKEN_B}\"")),
    )
    .unwrap();
    let (status, body) = http(&admin, "POST", "/reload", Some(TOKEN_A));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        http(&admin, "GET", "/sessions", Some(TOKEN_A)).0,
        401,
        "old token still works"
    );
    assert_eq!(
        http(&admin, "GET", "/sessions", Some(TOKEN_B)).0,
        200,
        "new token refused"
    );

    std::fs::write(config_path(&sq), config(db, "")).unwrap();
    assert_eq!(http(&admin, "POST", "/reload", Some(TOKEN_B)).0, 200);
    assert_eq!(
        http(&admin, "GET", "/sessions", None).0,
        200,
        "token removed"
    );
}

#[test]
fn a_toml_error_on_a_secrets_line_is_reported_without_the_secret_in_the_reload_answer_and_the_log()
{
    let db = MariaDb::shared();
    let sq = Squeeze::start_with_config(&config(db, &format!("token = \"{TOKEN_A}\"")), &[]);
    let admin = sq.admin_addr();
    let broken = [
        (
            "token = 987654321".to_string(),
            "987654321",
        ),
        (
            format!("token = \"{TOKEN_A}\"\ntoken_secret_typo = \"Leaky-Value-55\" junk"),
            "Leaky-Value-55",
        ),
        (
            format!("token = \"{TOKEN_A}\"\n[[users]]\nname = \"x\"\naccount_pasword = \"Leaky-Value-66\""),
            "Leaky-Value-66",
        ),
    ];
    for (section, secret) in broken {
        std::fs::write(config_path(&sq), config(db, &section)).unwrap();
        let (status, body) = http(&admin, "POST", "/reload", Some(TOKEN_A));
        assert_eq!(status, 422, "{body}");
        assert!(body.contains("line "), "{body}");
        assert!(
            !body.contains(secret),
            "the 422 body quotes {secret}: {body}"
        );
    }
    std::thread::sleep(Duration::from_millis(200));
    let log = std::fs::read_to_string(&sq.stderr_path).unwrap();
    for secret in ["987654321", "Leaky-Value-55", "Leaky-Value-66"] {
        assert!(!log.contains(secret), "the log quotes {secret}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_start_password_given_as_name_colon_password_is_gone_from_proc_cmdline() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let cmdline = std::fs::read(format!("/proc/{}/cmdline", sq.pid())).unwrap();
    let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
    assert!(
        text.contains(&format!("{APP_USER}:")) && !text.contains(&format!("{APP_USER}:{APP_PASS}")),
        "{text}"
    );
    login_and_select(&sq)
        .await
        .expect("the password still works");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_start_user_without_password_reads_it_from_its_environment_variable() {
    let db = MariaDb::shared();
    let port = support::free_port();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--backend",
            &db.addr(),
        ])
        .args(["--user", APP_USER])
        .env("SQUEEZE_PASSWORD_APP", APP_PASS)
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::fs::File::create(dir.path().join("err")).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "squeeze did not listen");
        assert!(child.try_wait().unwrap().is_none(), "squeeze exited");
        std::thread::sleep(Duration::from_millis(50));
    }
    let o: Opts = dump::opts(port, APP_USER, APP_PASS, None).into();
    let mut c = Conn::new(o)
        .await
        .expect("login with the password from the environment");
    let one: Option<i64> = c.query_first("SELECT 1").await.unwrap();
    assert_eq!(one, Some(1));
    drop(c);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn an_admin_port_beyond_loopback_without_a_token_refuses_to_start_and_check_config_names_weak_tokens(
) {
    let db = MariaDb::shared();
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{}", support::free_port()),
        ])
        .args(["--admin", &format!("0.0.0.0:{}", support::free_port())])
        .args([
            "--backend",
            &db.addr(),
            "--user",
            &format!("{APP_USER}:{APP_PASS}"),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("admin.listen") && err.contains("beyond loopback"),
        "{err}"
    );

    for (token, why) in [
        ("change-me-too", "placeholder"),
        ("short-token", "at least 16"),
    ] {
        let p = dir.path().join("c.toml");
        std::fs::write(
            &p,
            format!("[backend]\naddress = \"{}\"\n[admin]\nlisten = \"0.0.0.0:9033\"\ntoken_env = \"SQUEEZE_TEST_WEAK_TOKEN\"\n", db.addr()),
        )
        .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
            .arg("check-config")
            .arg(&p)
            .env("SQUEEZE_TEST_WEAK_TOKEN", token)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.status.success(), "{token}: {text}");
        assert!(text.contains(why), "{token}: {text}");
        assert!(
            !text.contains(token),
            "check-config quotes the token: {text}"
        );
    }
}

/// GET `path` on a fresh connection, answered (status 200) within `limit`.
fn answered_within(addr: &str, path: &str, limit: Duration) -> bool {
    let started = Instant::now();
    let Ok(mut s) = TcpStream::connect_timeout(&addr.parse().unwrap(), limit) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(limit));
    if write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .is_err()
    {
        return false;
    }
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf);
    started.elapsed() <= limit && buf.starts_with(b"HTTP/1.1 200")
}

/// Half-open admin connections from the prober's own address: some send
/// nothing, some half a request line, none ever finishes its headers.
fn half_open_then_probe(half_open: usize) -> (usize, usize) {
    let db = MariaDb::shared();
    let mut sq = Squeeze::for_db(db, &[]);
    let admin = sq.admin_addr();
    assert_eq!(http(&admin, "GET", "/healthz", None).0, 200);
    let mut held = Vec::with_capacity(half_open);
    for i in 0..half_open {
        if let Ok(mut s) =
            TcpStream::connect_timeout(&admin.parse().unwrap(), Duration::from_millis(500))
        {
            if i % 2 == 1 {
                let _ = s.write_all(b"GET /healthz HTT");
            }
            held.push(s);
        }
    }
    let connected = held.len();
    let answered = (0..40)
        .filter(|i| {
            let path = if i % 10 == 9 { "/readyz" } else { "/healthz" };
            answered_within(&admin, path, Duration::from_secs(1))
        })
        .count();
    sq.assert_alive();
    let fds = open_fds(sq.pid());
    println!(
        "RESULT admin_health half_open={half_open} answered={answered}/40 (connected {connected}; squeeze fds {fds})"
    );
    drop(held);
    (answered, fds)
}

#[test]
fn healthz_answers_every_probe_within_a_second_with_64_half_open_admin_connections() {
    let (answered, _) = half_open_then_probe(64);
    assert_eq!(answered, 40);
}

#[test]
fn healthz_answers_every_probe_within_a_second_with_10000_half_open_admin_connections() {
    let (answered, fds) = half_open_then_probe(10_000);
    assert_eq!(answered, 40);
    assert!(fds < 512, "squeeze holds {fds} descriptors");
}
