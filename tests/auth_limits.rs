//! caching_sha2_password full authentication (the plaintext over TLS) with
//! a user configured by stored hash only, the clear refusal without TLS, and
//! the per-shard connection cap.

mod support;

use support::{mariadb_cli, MariaDb, Squeeze, APP_PASS, APP_USER};

fn hash_of(password: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .arg("hash-password")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin
                .take()
                .unwrap()
                .write_all(format!("{password}\n").as_bytes())?;
            c.wait_with_output()
        })
        .expect("run squeeze hash-password");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn caching_sha2_full_auth_over_tls_with_hash_only_user() {
    let db = MariaDb::shared();
    let hash = hash_of(APP_PASS);
    assert!(hash.starts_with('*') && hash.contains(",sha2:"), "{hash}");
    // No plaintext anywhere in the config: squeeze must learn it from the
    // client's full authentication to log into MariaDB as the same user.
    let toml = format!(
        r#"
[auth]
default_plugin = "caching_sha2_password"
caching_sha2_full_auth = true

[proxy.tls]
cert = "{}"
key = "{}"

[[users]]
name = "{APP_USER}"
password_hash = "{hash}"

[backend]
address = "{}"
"#,
        db.certs.cert.display(),
        db.certs.key.display(),
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let (ok, out, err) = mariadb_cli(
        sq.port,
        &["--ssl", "--default-auth=caching_sha2_password"],
        "SELECT CURRENT_USER(), 40 + 2",
    );
    assert!(ok, "full authentication over TLS failed: {err}");
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.contains(&format!("{APP_USER}@")) && out.contains("42"),
        "{out}"
    );

    // The same over plain TCP needs the RSA exchange, which squeeze does
    // not offer to clients: an error at once, not a hang. squeeze answers the
    // key request with ERR 3159; libmariadb reports it as its own 2061.
    let started = std::time::Instant::now();
    let (ok, _, err) = mariadb_cli(
        sq.port,
        &["--skip-ssl", "--default-auth=caching_sha2_password"],
        "SELECT 1",
    );
    assert!(!ok);
    assert!(err.contains("3159") || err.contains("2061"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));

    // A wrong password is still MySQL's 1045.
    let out = std::process::Command::new("mariadb")
        .args([
            "--no-defaults",
            "-h127.0.0.1",
            &format!("-P{}", sq.port),
            &format!("-u{APP_USER}"),
            "-pnot-the-password",
            "--ssl",
            "-e",
            "SELECT 1",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("1045") && err.contains("Access denied for user 'app'"),
        "{err}"
    );
}

#[test]
fn shard_connection_cap_refuses_with_1040() {
    let db = MariaDb::shared();
    let toml = format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"
max_connections = 1
connect_timeout_ms = 500
"#,
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    // The health probe logs in too; give it time to finish and free its slot.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let port = sq.port;
    let holder = std::thread::spawn(move || mariadb_cli(port, &[], "SELECT SLEEP(2)"));
    std::thread::sleep(std::time::Duration::from_millis(700));
    let (ok, _, err) = mariadb_cli(sq.port, &[], "SELECT 1");
    assert!(!ok, "a second backend connection was allowed");
    assert!(
        err.contains("1040") && err.contains("max_connections"),
        "{err}"
    );
    let (ok, _, err) = holder.join().unwrap();
    assert!(ok, "{err}");
    // Once the first session is gone, its slot is free again.
    let (ok, out, err) = mariadb_cli(sq.port, &[], "SELECT 7");
    assert!(ok, "{err}");
    assert!(String::from_utf8_lossy(&out).contains('7'));
}
