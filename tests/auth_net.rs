//! `[auth] accounts = "server"` on the network: nothing reaches the server
//! before a client has sent a complete handshake response (connect-and-
//! close cycles, garbage and idle connections cost it no connection and
//! no connect error), unauthenticated connections are bounded per address,
//! and the server's view of the client is kept: host-based grants (with
//! PROXY protocol, or squeeze's own check of the matched account's host
//! part) and per-account TLS requirements refuse through squeeze what
//! they refuse directly, with the server's 1045.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use support::{MariaDb, Squeeze, APP_PASS, APP_USER};

fn relay_config(db: &MariaDb, extra_backend: &str, extra: &str) -> String {
    format!(
        "[auth]\naccounts = \"server\"\naccounts_user = \"{APP_USER}\"\naccounts_password = \"{APP_PASS}\"\n{extra}\n[backend]\naddress = \"{}\"\n{extra_backend}\n",
        db.addr()
    )
}

fn status(db: &MariaDb, name: &str) -> u64 {
    let out = db.root_sql(&format!("SHOW GLOBAL STATUS LIKE '{name}'"));
    out.lines()
        .filter_map(|l| l.split_once('\t'))
        .find(|(k, _)| *k == name)
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no status {name} in {out:?}"))
}

/// The `mariadb` CLI (from 127.0.0.1: it cannot choose its source
/// address) as `user`; (ok, stdout, stderr).
fn cli(port: u16, user: &str, pass: &str, extra: &[&str], sql: &str) -> (bool, String, String) {
    let out = std::process::Command::new(support::require_bin(
        "mariadb",
        "apt-get install -y mariadb-client",
    ))
    .args(["--no-defaults", "-h127.0.0.1", "--batch"])
    .arg(format!("-P{port}"))
    .arg(format!("-u{user}"))
    .arg(format!("-p{pass}"))
    .args(extra)
    .args(["-e", sql])
    .output()
    .expect("run mariadb");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A mysql_native_password login from source address `from`, then the
/// first value `sql` returns; or the server's (code, message).
fn login_from(
    port: u16,
    from: &str,
    user: &str,
    pass: &str,
    sql: &str,
) -> Result<String, (u16, String)> {
    let sock = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    let local: std::net::SocketAddr = format!("{from}:0").parse().unwrap();
    sock.bind(&local.into())
        .expect("bind the client's source address");
    let remote: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    sock.connect(&remote.into()).expect("connect");
    let mut s: TcpStream = sock.into();
    s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    let (_, hs) = read_packet(&mut s).unwrap();
    assert_eq!(hs[0], 10, "greeting: {hs:?}");
    // Version, thread id, nonce part 1, filler, capabilities, charset,
    // status, capabilities (high), nonce length, reserved, nonce part 2.
    let v_end = 1 + hs[1..].iter().position(|&b| b == 0).unwrap();
    let mut i = v_end + 1 + 4;
    let mut nonce = hs[i..i + 8].to_vec();
    i += 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10;
    let rest = &hs[i..];
    nonce.extend_from_slice(&rest[..rest.iter().position(|&b| b == 0).unwrap()]);
    let proof = |n: &[u8]| {
        if pass.is_empty() {
            Vec::new()
        } else {
            support::raw::native_scramble(n, pass.as_bytes())
        }
    };
    let flags: u32 = 0x1 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000;
    let mut r = Vec::new();
    r.extend_from_slice(&flags.to_le_bytes());
    r.extend_from_slice(&(16u32 << 20).to_le_bytes());
    r.push(45);
    r.extend_from_slice(&[0u8; 23]);
    r.extend_from_slice(user.as_bytes());
    r.push(0);
    let first = proof(&nonce);
    r.push(first.len() as u8);
    r.extend_from_slice(&first);
    r.extend_from_slice(b"mysql_native_password\0");
    write_packet(&mut s, 1, &r);
    loop {
        let (seq, p) = read_packet(&mut s).unwrap();
        match p[0] {
            0x00 => break,
            0xFF => {
                let code = u16::from_le_bytes([p[1], p[2]]);
                return Err((code, String::from_utf8_lossy(&p[9..]).into_owned()));
            }
            0xFE => {
                let end = p[1..].iter().position(|&b| b == 0).unwrap() + 1;
                assert_eq!(&p[1..end], b"mysql_native_password");
                let n = p[end + 1..].strip_suffix(&[0]).unwrap_or(&p[end + 1..]);
                write_packet(&mut s, seq.wrapping_add(1), &proof(n));
            }
            other => panic!("unexpected login packet 0x{other:02x}"),
        }
    }
    let mut q = vec![0x03];
    q.extend_from_slice(sql.as_bytes());
    write_packet(&mut s, 0, &q);
    let (_, count) = read_packet(&mut s).unwrap();
    assert_ne!(count[0], 0xFF, "{}", String::from_utf8_lossy(&count));
    for _ in 0..count[0] {
        read_packet(&mut s).unwrap();
    }
    let (_, eof) = read_packet(&mut s).unwrap();
    assert_eq!(eof[0], 0xFE);
    let (_, row) = read_packet(&mut s).unwrap();
    let n = row[0] as usize;
    Ok(String::from_utf8_lossy(&row[1..1 + n]).into_owned())
}

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).expect("connect to squeeze");
    s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    s
}

fn read_packet(s: &mut TcpStream) -> std::io::Result<(u8, Vec<u8>)> {
    let mut hdr = [0u8; 4];
    s.read_exact(&mut hdr)?;
    let len = u32::from_le_bytes([hdr[0], hdr[1], hdr[2], 0]) as usize;
    let mut p = vec![0; len];
    s.read_exact(&mut p)?;
    Ok((hdr[3], p))
}

fn write_packet(s: &mut TcpStream, seq: u8, payload: &[u8]) {
    let l = payload.len() as u32;
    let mut buf = vec![l as u8, (l >> 8) as u8, (l >> 16) as u8, seq];
    buf.extend_from_slice(payload);
    s.write_all(&buf).unwrap();
}

/// A well-formed HandshakeResponse41 for `user` (mysql_native_password,
/// a 20-byte proof that matches nothing).
fn handshake_response(user: &str) -> Vec<u8> {
    // LONG_PASSWORD | PROTOCOL_41 | TRANSACTIONS | SECURE_CONNECTION |
    // MULTI_RESULTS | PLUGIN_AUTH
    let flags: u32 = 0x1 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000;
    let mut r = Vec::new();
    r.extend_from_slice(&flags.to_le_bytes());
    r.extend_from_slice(&(16u32 << 20).to_le_bytes());
    r.push(45);
    r.extend_from_slice(&[0u8; 23]);
    r.extend_from_slice(user.as_bytes());
    r.push(0);
    r.push(20);
    r.extend_from_slice(&[7u8; 20]);
    r.extend_from_slice(b"mysql_native_password\0");
    r
}

#[test]
fn connect_and_close_cycles_garbage_and_clients_leaving_mid_login_cost_the_server_no_connect_error()
{
    let db = MariaDb::start();
    let vars = db.root_sql("SELECT @@max_connect_errors");
    assert!(
        vars.contains("100"),
        "max_connect_errors is not its default 100: {vars}"
    );
    let sq = Squeeze::start_with_config(&relay_config(&db, "", ""), &[]);
    let aborted_before = status(&db, "Aborted_connects");
    let preauth_before = status(&db, "Aborted_connects_preauth");

    // 1,000 connect-and-close cycles.
    for _ in 0..1000 {
        drop(TcpStream::connect(("127.0.0.1", sq.port)).unwrap());
    }
    // 120 garbage handshakes, 120 truncated ones, 120 that leave after
    // the greeting.
    for i in 0..360 {
        let mut s = connect(sq.port);
        let _ = read_packet(&mut s);
        match i % 3 {
            0 => write_packet(&mut s, 1, b"\x00garbage that is no handshake response"),
            1 => s.write_all(&[0x50, 0, 0, 1, 1, 2, 3]).unwrap(),
            _ => {}
        }
        drop(s);
    }
    // Nothing reached the server: every connection above ended before its
    // handshake response was complete and well formed.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        status(&db, "Aborted_connects"),
        aborted_before,
        "squeeze cost the server connect errors for clients that never logged in"
    );

    // 120 clients that send a well-formed response and leave at the auth
    // switch: the server's exchange is finished as a refused password, so
    // the server aborts nothing before authentication.
    for _ in 0..120 {
        let mut s = connect(sq.port);
        read_packet(&mut s).unwrap();
        write_packet(&mut s, 1, &handshake_response(APP_USER));
        let (_, p) = read_packet(&mut s).unwrap();
        assert_eq!(
            p[0], 0xFE,
            "expected the auth switch to the server's nonce: {p:?}"
        );
        drop(s);
    }
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        status(&db, "Aborted_connects_preauth"),
        preauth_before,
        "clients leaving mid-login left the server aborted handshakes"
    );

    // A legitimate login still works, and the server keeps no trace of a
    // host error for squeeze.
    let (ok, out, err) = cli(sq.port, APP_USER, APP_PASS, &[], "SELECT 'still in'");
    assert!(
        ok && out.contains("still in"),
        "login after the cycles failed: {err}"
    );
    println!(
        "RESULT lockout: 1000 connect-close + 360 garbage/truncated/idle-greeting + 120 mid-login leavers; server Aborted_connects +{}, Aborted_connects_preauth +{}; login OK",
        status(&db, "Aborted_connects") - aborted_before,
        status(&db, "Aborted_connects_preauth") - preauth_before
    );
}

#[test]
fn idle_unauthenticated_connections_take_no_server_connection_and_are_bounded_per_address() {
    let db = MariaDb::start();
    let sq = Squeeze::start_with_config(
        &relay_config(
            &db,
            "",
            "[proxy]\nmax_preauth_per_host = 500\nhandshake_timeout_secs = 60\n",
        ),
        &[],
    );
    let threads_before = status(&db, "Threads_connected");
    let mut idle = Vec::new();
    let mut refused = 0;
    for _ in 0..520 {
        let mut s = connect(sq.port);
        let (_, p) = read_packet(&mut s).unwrap();
        if p[0] == 0xFF {
            assert_eq!(u16::from_le_bytes([p[1], p[2]]), 1040, "{p:?}");
            assert!(String::from_utf8_lossy(&p).contains("max_preauth_per_host"));
            refused += 1;
        } else {
            idle.push(s);
        }
    }
    assert_eq!((idle.len(), refused), (500, 20));
    let threads = status(&db, "Threads_connected");
    assert!(
        threads <= threads_before + 2,
        "idle unauthenticated clients hold server connections: {threads_before} -> {threads}"
    );
    // Another address logs in while 127.0.0.1 is at its bound.
    let v = login_from(sq.port, "127.0.0.2", APP_USER, APP_PASS, "SELECT 'other'");
    assert_eq!(v, Ok("other".to_string()));
    // Once they go, 127.0.0.1 logs in again.
    drop(idle);
    std::thread::sleep(Duration::from_millis(300));
    let (ok, _, err) = cli(sq.port, APP_USER, APP_PASS, &[], "SELECT 1");
    assert!(ok, "{err}");
    let (_, metrics) = support::http_get(&sq.admin_addr(), "/metrics");
    assert!(
        metrics.contains("squeeze_connections_total{outcome=\"preauth_host_full\"} 20"),
        "{}",
        metrics
            .lines()
            .filter(|l| l.contains("preauth"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Accounts whose host part admits only 127.0.0.1 (the address squeeze
/// reaches the server from) and a client at 127.0.0.2.
fn host_grants(db: &MariaDb) {
    db.root_sql(
        "CREATE USER IF NOT EXISTS 'lochost'@'127.0.0.1' IDENTIFIED BY 'lpw';
         CREATE USER IF NOT EXISTS 'nopw'@'127.0.0.1';
         CREATE USER IF NOT EXISTS 'anyhost'@'%' IDENTIFIED BY 'apw';",
    );
}

fn assert_remote_refused(port: u16, label: &str) {
    for (user, pass) in [("lochost", "lpw"), ("nopw", "")] {
        let using = if pass.is_empty() { "NO" } else { "YES" };
        let want = format!("Access denied for user '{user}'@'127.0.0.2' (using password: {using})");
        assert_eq!(
            login_from(port, "127.0.0.2", user, pass, "SELECT 1"),
            Err((1045, want.clone())),
            "{label}: {user} from 127.0.0.2"
        );
        println!("RESULT {label}: '{user}'@'127.0.0.1' from 127.0.0.2: ERROR 1045 {want}");
    }
    // The same accounts from 127.0.0.1, and an account for any host from
    // 127.0.0.2, log in.
    assert_eq!(
        login_from(port, "127.0.0.1", "lochost", "lpw", "SELECT CURRENT_USER()"),
        Ok("lochost@127.0.0.1".to_string()),
        "{label}"
    );
    assert_eq!(
        login_from(port, "127.0.0.2", "anyhost", "apw", "SELECT CURRENT_USER()"),
        Ok("anyhost@%".to_string()),
        "{label}"
    );
}

#[test]
fn a_remote_client_gets_the_servers_1045_for_an_account_bound_to_another_host_without_proxy_protocol(
) {
    let db = MariaDb::start();
    host_grants(&db);
    // Direct, for the record.
    // Direct: the refusals squeeze must give.
    assert_remote_refused(db.port, "direct");
    let sq = Squeeze::start_with_config(&relay_config(&db, "", ""), &[]);
    assert_remote_refused(sq.port, "without PROXY protocol");
}

#[test]
fn with_proxy_protocol_the_server_sees_the_clients_address_and_refuses_it_itself() {
    let db = MariaDb::start();
    host_grants(&db);
    db.root_sql("SET GLOBAL proxy_protocol_networks = '127.0.0.1'");
    let sq = Squeeze::start_with_config(&relay_config(&db, "proxy_protocol = true", ""), &[]);
    assert_remote_refused(sq.port, "with PROXY protocol");
    // The server itself sees 127.0.0.2 (processlist), and squeeze's own
    // connections (health probe) still work.
    let host = login_from(sq.port, "127.0.0.2", "anyhost", "apw", "SELECT USER()");
    assert_eq!(host, Ok("anyhost@127.0.0.2".to_string()));
    let (code, body) = support::http_get(&sq.admin_addr(), "/readyz");
    assert_eq!(code, 200, "{body}");
}

#[test]
fn an_account_that_requires_ssl_is_refused_over_a_plain_client_link_even_when_squeeze_reaches_the_server_over_tls(
) {
    let db = MariaDb::shared();
    db.root_sql(
        "CREATE USER IF NOT EXISTS 'needtls'@'%' IDENTIFIED BY 'tpw' REQUIRE SSL;
         CREATE USER IF NOT EXISTS 'needcert'@'%' IDENTIFIED BY 'cpw' REQUIRE X509;",
    );
    let toml = format!(
        "{}\n[proxy.tls]\ncert = \"{}\"\nkey = \"{}\"\n",
        relay_config(db, "tls = \"required\"", ""),
        db.certs.cert.display(),
        db.certs.key.display()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    // Directly over plain TCP the server says 1045.
    let (ok, _, direct) = cli(db.port, "needtls", "tpw", &["--skip-ssl"], "SELECT 1");
    assert!(!ok && direct.contains("1045"), "{direct}");
    let (ok, _, err) = cli(sq.port, "needtls", "tpw", &["--skip-ssl"], "SELECT 1");
    assert!(
        !ok,
        "a REQUIRE SSL account logged in over a plain client link"
    );
    assert_eq!(err.trim(), direct.trim());
    // Over TLS to squeeze it logs in.
    let (ok, out, err) = cli(sq.port, "needtls", "tpw", &["--ssl"], "SELECT 'tls ok'");
    assert!(ok && out.contains("tls ok"), "{err}");
    // REQUIRE X509 needs a client certificate squeeze does not ask for.
    let (ok, _, err) = cli(sq.port, "needcert", "cpw", &["--ssl"], "SELECT 1");
    assert!(
        !ok && err.contains("ERROR 1045 (28000): Access denied for user 'needcert'@'127.0.0.1'"),
        "{err}"
    );
}

#[test]
fn a_clear_text_password_the_server_refused_is_not_replayed_on_another_shard() {
    let db = MariaDb::shared();
    for name in ["ct_home", "ct_other"] {
        db.fresh_db(name);
    }
    db.root_sql(
        "CREATE USER IF NOT EXISTS 'ctuser'@'%' IDENTIFIED BY 'right-pw';
         GRANT ALL ON ct_home.* TO 'ctuser'@'%';
         GRANT ALL ON ct_other.* TO 'ctuser'@'%';",
    );
    let toml = format!(
        "[auth]\naccounts = \"server\"\naccounts_user = \"{APP_USER}\"\naccounts_password = \"{APP_PASS}\"\n\
         [shards.home]\naddress = \"{a}\"\n[shards.other]\naddress = \"{a}\"\n\
         [routing]\ndefault_shard = \"home\"\n\
         [[routing.schema]]\ndatabases = \"ct_home\"\nshard = \"home\"\n\
         [[routing.schema]]\ndatabases = \"ct_other\"\nshard = \"other\"\n",
        a = db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    // The client opens with mysql_clear_password and a wrong password, the
    // server switches it to mysql_native_password, and it proves the right
    // one; its database lives on the other shard, which squeeze logs into
    // with what it learned.
    let mut s = connect(sq.port);
    read_packet(&mut s).unwrap();
    // + CONNECT_WITH_DB
    let flags: u32 = 0x1 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000;
    let mut r = Vec::new();
    r.extend_from_slice(&flags.to_le_bytes());
    r.extend_from_slice(&(16u32 << 20).to_le_bytes());
    r.push(45);
    r.extend_from_slice(&[0u8; 23]);
    r.extend_from_slice(b"ctuser\0");
    r.push(9);
    r.extend_from_slice(b"wrong-pw\0");
    r.extend_from_slice(b"ct_other\0");
    r.extend_from_slice(b"mysql_clear_password\0");
    write_packet(&mut s, 1, &r);
    let (seq, p) = read_packet(&mut s).unwrap();
    assert_eq!(p[0], 0xFE, "expected the server's switch to native: {p:?}");
    let end = p[1..].iter().position(|&b| b == 0).unwrap() + 1;
    assert_eq!(&p[1..end], b"mysql_native_password");
    let nonce = p[end + 1..]
        .strip_suffix(&[0])
        .unwrap_or(&p[end + 1..])
        .to_vec();
    write_packet(
        &mut s,
        seq + 1,
        &support::raw::native_scramble(&nonce, b"right-pw"),
    );
    let (_, p) = read_packet(&mut s).unwrap();
    assert_eq!(
        p[0],
        0x00,
        "login with the proven password failed: {}",
        String::from_utf8_lossy(&p)
    );
}

#[test]
fn a_use_refused_by_another_shard_leaves_the_session_where_it_was_with_its_user_variables() {
    let home = MariaDb::shared();
    let other = MariaDb::start();
    home.fresh_db("uv_home");
    other.fresh_db("uv_other");
    // The account's password differs on the other shard: logging in there
    // with what squeeze learned at login is refused (1045).
    home.root_sql(
        "CREATE USER IF NOT EXISTS 'uvuser'@'%' IDENTIFIED BY 'home-pw';
         GRANT ALL ON uv_home.* TO 'uvuser'@'%';",
    );
    other.root_sql(
        "CREATE USER IF NOT EXISTS 'uvuser'@'%' IDENTIFIED BY 'another-pw';
         GRANT ALL ON uv_other.* TO 'uvuser'@'%';",
    );
    let toml = format!(
        "[auth]\naccounts = \"server\"\naccounts_user = \"{APP_USER}\"\naccounts_password = \"{APP_PASS}\"\n\
         [shards.home]\naddress = \"{}\"\n[shards.other]\naddress = \"{}\"\n\
         [routing]\ndefault_shard = \"home\"\n\
         [[routing.schema]]\ndatabases = \"uv_home\"\nshard = \"home\"\n\
         [[routing.schema]]\ndatabases = \"uv_other\"\nshard = \"other\"\n",
        home.addr(),
        other.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let script = "SET @a = 42;\nUSE uv_other;\nSELECT CONCAT('var=', @a, ' db=', DATABASE()) AS r;\nSELECT CONCAT('again=', @a) AS r;\n";
    let mut child = std::process::Command::new("mariadb")
        .args([
            "--no-defaults",
            "-h127.0.0.1",
            "--batch",
            "--force",
            "-Duv_home",
            "-uuvuser",
            "-phome-pw",
        ])
        .arg(format!("-P{}", sq.port))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run mariadb");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1045"),
        "the USE should be refused: {stderr}"
    );
    assert_eq!(
        stderr.matches("ERROR").count(),
        1,
        "only the USE fails: {stderr}"
    );
    assert!(stdout.contains("var=42 db=uv_home"), "{stdout}\n{stderr}");
    assert!(stdout.contains("again=42"), "{stdout}\n{stderr}");
}

/// Server connections that have not authenticated yet (squeeze's relayed
/// logins waiting for their client show as "unauthenticated user").
fn unauthenticated_on_server(db: &MariaDb) -> usize {
    db.root_sql(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'unauthenticated user'",
    )
    .lines()
    .filter_map(|l| l.trim().parse::<usize>().ok())
    .next()
    .unwrap_or(0)
}

#[test]
fn stalled_logins_beyond_the_servers_max_connections_leave_direct_and_proxied_logins_working() {
    const STALLED: usize = 310;
    const MAX_CONNECTIONS: usize = 60;
    let db = MariaDb::start_with_options(&[&format!("--max-connections={MAX_CONNECTIONS}")]);
    // No SUPER: the server's one extra connection for SUPER is not theirs.
    db.root_sql(
        "CREATE USER 'plain'@'%' IDENTIFIED BY 'plainpw'; GRANT SELECT ON squeeze_test.* TO 'plain'@'%';",
    );
    let sq = Squeeze::start_with_config(
        &relay_config(
            &db,
            "",
            "[proxy]\nrelay_login_timeout_ms = 3000\nmax_relayed_logins_per_host = 8\n",
        ),
        &[],
    );
    let threads = || status(&db, "Threads_connected") as usize;
    let started = std::time::Instant::now();
    // Each sends a complete HandshakeResponse, then answers nothing (not
    // the auth switch to the server's nonce squeeze asks next).
    let mut stalled = Vec::new();
    let mut threads_max = threads();
    for i in 0..STALLED {
        let mut s = connect(sq.port);
        read_packet(&mut s).unwrap();
        write_packet(&mut s, 1, &handshake_response("plain"));
        stalled.push(s);
        if i % 50 == 49 {
            threads_max = threads_max.max(threads());
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    threads_max = threads_max.max(threads());
    // A direct login, and a proxied one from another address, while they
    // hold all squeeze lets them.
    let direct = login_from(db.port, "127.0.0.1", "plain", "plainpw", "SELECT 'direct'");
    let proxied = login_from(sq.port, "127.0.0.2", "plain", "plainpw", "SELECT 'proxied'");
    threads_max = threads_max.max(threads());
    let held_during = unauthenticated_on_server(&db);
    assert!(
        started.elapsed() < Duration::from_millis(2500),
        "the stall phase took {:?}, longer than the relay timeout",
        started.elapsed()
    );
    // The ones over the bound waited for a place (holding no server
    // connection) and, none coming free within the relay timeout, were
    // told so with the bound that refused them; the first 8 (and the 8 that
    // got their places when those timed out) were ended as refused logins.
    std::thread::sleep(Duration::from_millis(4000).saturating_sub(started.elapsed()));
    let (mut refused, mut ended) = (0, 0);
    for s in &mut stalled {
        s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        if let Ok((_, p)) = read_packet(s) {
            if p[0] == 0xFF && u16::from_le_bytes([p[1], p[2]]) == 1040 {
                assert!(
                    String::from_utf8_lossy(&p).contains("max_relayed_logins_per_host"),
                    "{}",
                    String::from_utf8_lossy(&p)
                );
                refused += 1;
            } else {
                ended += 1;
            }
        }
    }
    // After the second wave's relay timeout squeeze has ended every
    // stalled login and closed its server connection.
    std::thread::sleep(Duration::from_millis(7500).saturating_sub(started.elapsed()));
    let left = unauthenticated_on_server(&db);
    println!(
        "RESULT preauth_exhaustion stalled={STALLED} direct_login={} proxied_login={} server_threads_max={threads_max} \
         (server max_connections={MAX_CONNECTIONS}; refused after waiting {refused}, ended by the relay timeout {ended}; unauthenticated on server during {held_during}, after timeout {left})",
        if direct.is_ok() { "ok" } else { "failed" },
        if proxied.is_ok() { "ok" } else { "failed" },
    );
    assert_eq!(direct, Ok("direct".to_string()));
    assert_eq!(proxied, Ok("proxied".to_string()));
    assert!(
        held_during <= 8,
        "{held_during} unauthenticated server connections"
    );
    assert!(
        threads_max <= MAX_CONNECTIONS / 4 + 4,
        "server threads reached {threads_max}"
    );
    assert!(
        refused >= STALLED - 2 * 8 - 1,
        "only {refused} refused after waiting"
    );
    assert_eq!(
        left, 0,
        "stalled logins still on the server after the timeout"
    );
    drop(stalled);
}

#[test]
fn a_pool_opening_200_connections_at_once_from_one_address_logs_every_one_in() {
    // The shape of the Go driver's TestConcurrent, and of a sidecar's
    // application warming its pool: every login from 127.0.0.1 at once,
    // far more than max_relayed_logins_per_host (32) in flight. They queue
    // for a place instead of getting ERR 1040.
    const LOGINS: usize = 200;
    let db = MariaDb::start_with_options(&["--max-connections=500"]);
    db.root_sql(
        "CREATE USER 'plain'@'%' IDENTIFIED BY 'plainpw'; GRANT SELECT ON squeeze_test.* TO 'plain'@'%';",
    );
    let sq = Squeeze::start_with_config(&relay_config(&db, "", ""), &[]);
    let start = std::sync::Arc::new(std::sync::Barrier::new(LOGINS));
    let started = std::time::Instant::now();
    let logins: Vec<_> = (0..LOGINS)
        .map(|i| {
            let (start, port) = (start.clone(), sq.port);
            std::thread::spawn(move || {
                start.wait();
                login_from(
                    port,
                    "127.0.0.1",
                    "plain",
                    "plainpw",
                    &format!("SELECT {i}"),
                )
                .map(|answer| answer == i.to_string())
            })
        })
        .collect();
    let answers: Vec<_> = logins.into_iter().map(|t| t.join().unwrap()).collect();
    let took = started.elapsed();
    let refused: Vec<_> = answers.iter().filter(|a| a.is_err()).collect();
    println!(
        "RESULT relayed_login_burst logins={LOGINS} ok={} refused={} ms={}",
        answers.iter().filter(|a| a == &&Ok(true)).count(),
        refused.len(),
        took.as_millis()
    );
    assert!(
        refused.is_empty(),
        "{} refused: {:?}",
        refused.len(),
        refused.first()
    );
    assert!(answers.iter().all(|a| a == &Ok(true)));
}
