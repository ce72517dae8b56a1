//! `[auth] accounts = "server"`: squeeze has no copy of the accounts; the
//! login is relayed to the default shard, so a user created on the server
//! after squeeze started logs in at once, with the server's own error text
//! when refused, with any plugin the client and server share (ed25519
//! here), and on a second shard with the SHA1(password) squeeze recovers
//! from a native login; a session without a replayable credential gets a
//! clear ERR naming the shard.

mod support;

use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

fn server_accounts_config(shards: &[(&str, String)], default_shard: &str, extra: &str) -> String {
    let mut toml = format!(
        "[auth]\naccounts = \"server\"\naccounts_user = \"{APP_USER}\"\naccounts_password = \"{APP_PASS}\"\n{extra}\n"
    );
    if shards.len() == 1 {
        toml.push_str(&format!("[backend]\naddress = \"{}\"\n", shards[0].1));
    } else {
        for (name, addr) in shards {
            toml.push_str(&format!("[shards.{name}]\naddress = \"{addr}\"\n"));
        }
        toml.push_str(&format!("[routing]\ndefault_shard = \"{default_shard}\"\n"));
    }
    toml
}

async fn login(port: u16, user: &str, pass: &str, db: Option<&str>) -> Result<Conn, (u16, String)> {
    let o: Opts = dump::opts(port, user, pass, db).into();
    match tokio::time::timeout(Duration::from_secs(20), Conn::new(o)).await {
        Ok(Ok(c)) => Ok(c),
        Ok(Err(mysql_async::Error::Server(e))) => Err((e.code, e.message)),
        Ok(Err(e)) => panic!("login as {user} through 127.0.0.1:{port}: not a server error: {e:?}"),
        Err(_) => panic!("login as {user} through 127.0.0.1:{port} hung"),
    }
}

/// The server's ed25519 plugin, installed once (tests share the server).
fn install_ed25519(db: &MariaDb) {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _held = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let have = db
        .root_sql("SELECT COUNT(*) FROM information_schema.PLUGINS WHERE PLUGIN_NAME = 'ed25519'");
    if !have.lines().any(|l| l.trim() == "1") {
        db.root_sql("INSTALL SONAME 'auth_ed25519'");
    }
}

/// Runs a script through the `mariadb` CLI's stdin with `--force` (it goes
/// on after an error, which `-e` does not); (ok, stdout, stderr).
fn cli_script(port: u16, user: &str, pass: &str, script: &str) -> (bool, String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new("mariadb")
        .args(["--no-defaults", "-h127.0.0.1", "--batch", "--force"])
        .arg(format!("-P{port}"))
        .arg(format!("-u{user}"))
        .arg(format!("-p{pass}"))
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
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the `mariadb` CLI as `user` (batch mode); (ok, stdout, stderr).
fn cli(port: u16, user: &str, pass: &str, extra: &[&str], sql: &str) -> (bool, String, String) {
    let (ok, out, err) = support::mariadb_cli(
        port,
        &[
            &[format!("-u{user}").as_str(), format!("-p{pass}").as_str()],
            extra,
        ]
        .concat(),
        sql,
    );
    (ok, String::from_utf8_lossy(&out).into_owned(), err)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_created_on_the_server_after_squeeze_started_logs_in_with_no_config_entry() {
    let db = MariaDb::shared();
    db.fresh_db("relay_late");
    db.root_sql("DROP USER IF EXISTS 'late'@'%'");
    let sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    // Created after squeeze started; squeeze's config names no user at all.
    db.root_sql(
        "CREATE USER 'late'@'%' IDENTIFIED BY 'late-pw';
         GRANT ALL ON relay_late.* TO 'late'@'%';",
    );
    let mut c = login(sq.port, "late", "late-pw", Some("relay_late"))
        .await
        .expect("the new account logs in through squeeze");
    c.query_drop("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))")
        .await
        .unwrap();
    c.query_drop("INSERT INTO t VALUES (1, 'one'), (2, 'two')")
        .await
        .unwrap();
    let (who, n): (String, i64) = c
        .query_first("SELECT CURRENT_USER(), (SELECT COUNT(*) FROM t)")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((who.as_str(), n), ("late@%", 2));
    c.disconnect().await.unwrap();

    // Refusals carry the server's own code and text, the same as direct.
    for (user, pass) in [("late", "wrong"), ("nobody_here", "x")] {
        let direct = login(db.port, user, pass, None).await.err();
        let proxied = login(sq.port, user, pass, None).await.err();
        assert!(
            matches!(&direct, Some((1045, m)) if m.contains(user)),
            "{direct:?}"
        );
        assert_eq!(proxied, direct, "{user} through squeeze vs direct");
    }

    // A dropped account is refused at once, too: nothing is cached.
    db.root_sql("DROP USER 'late'@'%'");
    let gone = login(sq.port, "late", "late-pw", None).await.err();
    assert!(matches!(&gone, Some((1045, _))), "{gone:?}");
}

#[test]
fn an_ed25519_account_logs_in_through_squeeze_with_that_plugin() {
    let db = MariaDb::shared();
    install_ed25519(db);
    db.root_sql(
        "DROP USER IF EXISTS 'edwards'@'%';
         CREATE USER 'edwards'@'%' IDENTIFIED VIA ed25519 USING PASSWORD('ed-pw');",
    );
    let plugin = db.root_sql(
        "SELECT JSON_VALUE(Priv, '$.plugin') FROM mysql.global_priv WHERE User = 'edwards'",
    );
    assert!(plugin.contains("ed25519"), "{plugin}");
    let sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    // The greeting offers mysql_native_password (the server's default); the
    // server switches the client to ed25519 through squeeze.
    let (ok, out, err) = cli(
        sq.port,
        "edwards",
        "ed-pw",
        &[],
        "SELECT CURRENT_USER(), 6 * 7",
    );
    assert!(ok, "ed25519 login through squeeze failed: {err}");
    assert!(out.contains("edwards@%") && out.contains("42"), "{out}");

    // A wrong password: the server's refusal, as direct.
    let (ok, _, direct) = cli(db.port, "edwards", "nope", &[], "SELECT 1");
    assert!(!ok && direct.contains("1045"), "{direct}");
    let (ok, _, proxied) = cli(sq.port, "edwards", "nope", &[], "SELECT 1");
    assert!(!ok);
    assert_eq!(proxied, direct);
    // Proves the plugin ran: a client without ed25519 cannot log in.
    let (ok, _, err) = cli(
        sq.port,
        "edwards",
        "ed-pw",
        &["--plugin-dir=/nonexistent"],
        "SELECT 1",
    );
    assert!(!ok && err.contains("ed25519"), "{err}");
}

/// An account whose password has expired: a client that says it can
/// handle that (`--connect-expired-password`) is let in to change it, as
/// directly (MariaDB's sandbox: every other statement gets 1820); one that
/// does not gets the server's refusal.
#[test]
fn an_expired_password_login_gets_the_servers_sandbox_and_can_change_the_password() {
    let db = MariaDb::shared();
    let sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    let expire = || {
        db.root_sql(
            "DROP USER IF EXISTS 'expiring'@'%';
             CREATE USER 'expiring'@'%' IDENTIFIED BY 'old-pw';
             GRANT SELECT ON *.* TO 'expiring'@'%';
             ALTER USER 'expiring'@'%' PASSWORD EXPIRE;",
        )
    };
    expire();
    let sandbox = ["--connect-expired-password"];
    for (extra, sql) in [(&[][..], "SELECT 1"), (&sandbox[..], "SELECT 1")] {
        let direct = cli(db.port, "expiring", "old-pw", extra, sql);
        let proxied = cli(sq.port, "expiring", "old-pw", extra, sql);
        assert!(!direct.0, "{direct:?}");
        assert_eq!(
            (proxied.0, &proxied.2),
            (direct.0, &direct.2),
            "{extra:?}: squeeze log:\n{}",
            sq.log_tail()
        );
    }
    let change = "SET PASSWORD = PASSWORD('new-pw'); SELECT 6 * 7";
    let direct = cli(db.port, "expiring", "old-pw", &sandbox, change);
    assert!(direct.0 && direct.1.contains("42"), "{direct:?}");
    expire();
    let proxied = cli(sq.port, "expiring", "old-pw", &sandbox, change);
    assert_eq!(proxied, direct, "squeeze log:\n{}", sq.log_tail());
    let after = cli(sq.port, "expiring", "new-pw", &[], "SELECT CURRENT_USER()");
    assert!(after.0 && after.1.contains("expiring@%"), "{after:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_native_login_is_reused_on_a_second_shard_and_a_plugin_squeeze_cannot_replay_gets_an_err_naming_the_shard(
) {
    let a = MariaDb::shared();
    let b = MariaDb::start();
    for (db, name) in [(a, "relay_on_a"), (&b, "relay_on_b")] {
        db.fresh_db(name);
        install_ed25519(db);
        db.root_sql(&format!(
            "CREATE USER IF NOT EXISTS '{APP_USER}'@'%' IDENTIFIED BY '{APP_PASS}';
             GRANT ALL ON *.* TO '{APP_USER}'@'%';
             DROP USER IF EXISTS 'twoshards'@'%', 'ed2'@'%';
             CREATE USER 'twoshards'@'%' IDENTIFIED BY 'two-pw';
             GRANT ALL ON relay_on_a.* TO 'twoshards'@'%';
             GRANT ALL ON relay_on_b.* TO 'twoshards'@'%';
             CREATE USER 'ed2'@'%' IDENTIFIED VIA ed25519 USING PASSWORD('ed2-pw');
             GRANT ALL ON relay_on_a.* TO 'ed2'@'%';
             GRANT ALL ON relay_on_b.* TO 'ed2'@'%';
             CREATE TABLE {name}.whereami (shard VARCHAR(16));
             INSERT INTO {name}.whereami VALUES ('{name}');"
        ));
    }
    let toml = server_accounts_config(&[("a", a.addr()), ("b", b.addr())], "a", "")
        + "[[routing.schema]]\ndatabases = \"relay_on_a\"\nshard = \"a\"\n\
           [[routing.schema]]\ndatabases = \"relay_on_b\"\nshard = \"b\"\n";
    let sq = Squeeze::start_with_config(&toml, &[]);

    // Authenticated by shard a (the default), then logged into shard b with
    // SHA1(password) recovered from the native proof and a's stored hash.
    let mut c = login(sq.port, "twoshards", "two-pw", Some("relay_on_b"))
        .await
        .expect("native login routed to the second shard");
    let (shard, port): (String, u16) = c
        .query_first("SELECT shard, @@port FROM whereami")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((shard.as_str(), port), ("relay_on_b", b.port));
    // And back to a on the connection the login was relayed on.
    let (shard, port): (String, u16) = c
        .query_first("SELECT shard, @@port FROM relay_on_a.whereami")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((shard.as_str(), port), ("relay_on_a", a.port));
    c.disconnect().await.unwrap();

    // ed25519: squeeze cannot replay the proof. Logging in with shard b's
    // database is refused at connect time, naming the shard and the fix.
    let started = Instant::now();
    let (ok, _, err) = cli(sq.port, "ed2", "ed2-pw", &["-Drelay_on_b"], "SELECT 1");
    assert!(!ok, "no credential for shard b, yet it logged in");
    assert!(
        err.contains("1045") && err.contains("shard 'b'") && err.contains("[[users]]"),
        "{err}"
    );
    // A session on shard a works, and a statement for shard b gets the same
    // ERR, not a hang or another shard's answer; the session lives on.
    let (_, out, err) = cli_script(
        sq.port,
        "ed2",
        "ed2-pw",
        "SELECT shard FROM relay_on_a.whereami;\nSELECT shard FROM relay_on_b.whereami;\nSELECT CONCAT('still ', 'here') FROM relay_on_a.whereami;",
    );
    assert!(
        out.contains("relay_on_a") && !out.contains("relay_on_b"),
        "{out}"
    );
    assert!(out.contains("still here"), "{out}\n{err}");
    assert!(err.contains("1045") && err.contains("shard 'b'"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(15));

    // Without [auth] accounts_user squeeze cannot reuse a native login
    // either, and says what to set.
    let bare = toml.replace(
        &format!("accounts_user = \"{APP_USER}\"\naccounts_password = \"{APP_PASS}\"\n"),
        "",
    );
    assert!(!bare.contains("accounts_user"), "{bare}");
    let sq = Squeeze::start_with_config(&bare, &[]);
    let refused = login(sq.port, "twoshards", "two-pw", Some("relay_on_b"))
        .await
        .err();
    assert!(
        matches!(&refused, Some((1045, m)) if m.contains("shard 'b'") && m.contains("accounts_user")),
        "{refused:?}"
    );
    // A client that sends its password in clear (mysql_clear_password, here
    // over plain TCP on loopback) gives squeeze one it can replay.
    let (ok, out, err) = cli(
        sq.port,
        "twoshards",
        "two-pw",
        &["--default-auth=mysql_clear_password", "-Drelay_on_b"],
        "SELECT shard FROM whereami",
    );
    assert!(ok && out.contains("relay_on_b"), "{out}{err}");
    let mut c = login(sq.port, "twoshards", "two-pw", Some("relay_on_a"))
        .await
        .expect("the home shard needs no replayable credential");
    let n: Option<i64> = c
        .query_first("SELECT COUNT(*) FROM whereami")
        .await
        .unwrap();
    assert_eq!(n, Some(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_listed_in_users_is_still_verified_by_squeeze_with_server_accounts() {
    let db = MariaDb::shared();
    // `listed` exists only in squeeze's config and logs into the server as
    // app: only squeeze can have accepted it.
    let toml = server_accounts_config(
        &[("default", db.addr())],
        "default",
        &format!(
            "[[users]]\nname = \"listed\"\npassword = \"listed-pw\"\nbackend_user = \"{APP_USER}\"\nbackend_password = \"{APP_PASS}\"\n"
        ),
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let mut c = login(sq.port, "listed", "listed-pw", None)
        .await
        .expect("a configured user logs in");
    let who: Option<String> = c.query_first("SELECT CURRENT_USER()").await.unwrap();
    assert_eq!(who.as_deref(), Some("app@%"));
    let refused = login(sq.port, "listed", "wrong", None).await.err();
    assert!(
        matches!(&refused, Some((1045, m)) if m.contains("'listed'")),
        "{refused:?}"
    );
}

#[test]
fn a_caching_sha2_account_created_on_tidb_logs_in_over_a_tls_client_link_and_plain_gets_a_clear_refusal(
) {
    use support::tidb::TiDb;
    use support::TestServer;
    let db = TiDb::shared();
    db.root_sql("DROP USER IF EXISTS 'sha2late'@'%'");
    let toml = format!(
        "[auth]\naccounts = \"server\"\n\
         [proxy.tls]\ncert = \"{}\"\nkey = \"{}\"\n\
         [backend]\naddress = \"{}\"\ntls = \"preferred\"\n",
        db.certs.cert.display(),
        db.certs.key.display(),
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    // Created after squeeze started.
    db.root_sql(
        "CREATE USER 'sha2late'@'%' IDENTIFIED WITH caching_sha2_password BY 'sha2-late-pw';
         GRANT ALL ON *.* TO 'sha2late'@'%';",
    );
    let plugin = db.root_sql("SELECT plugin FROM mysql.user WHERE user = 'sha2late'");
    assert!(plugin.contains("caching_sha2_password"), "{plugin}");
    // TiDB always asks for full authentication: the client sends the
    // password inside its TLS link to squeeze, squeeze inside its TLS link
    // to TiDB.
    let (ok, out, err) = cli(
        sq.port,
        "sha2late",
        "sha2-late-pw",
        &["--ssl", "--default-auth=caching_sha2_password"],
        "SELECT CURRENT_USER(), 6 * 7",
    );
    assert!(
        ok,
        "caching_sha2 full authentication through squeeze: {err}"
    );
    assert!(out.contains("sha2late@%") && out.contains("42"), "{out}");
    // Wrong password: TiDB's own refusal.
    let (ok, _, err) = cli(
        sq.port,
        "sha2late",
        "wrong",
        &["--ssl", "--default-auth=caching_sha2_password"],
        "SELECT 1",
    );
    assert!(
        !ok && err.contains("1045") && err.contains("sha2late"),
        "{err}"
    );
    // A plain client link: the client could only ask for an RSA key, which
    // TiDB (reached over TLS) does not give; refused before the client sends
    // anything, at once, with the reason.
    let started = Instant::now();
    let (ok, _, err) = cli(
        sq.port,
        "sha2late",
        "sha2-late-pw",
        &["--skip-ssl", "--default-auth=caching_sha2_password"],
        "SELECT 1",
    );
    assert!(!ok);
    assert!(
        err.contains("3159") && err.contains("needs TLS on the client's link"),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));

    // TLS from the client but plain TCP to TiDB: squeeze would have to
    // RSA-encrypt the password with a key the server (or anyone on the
    // path) hands it over plaintext, which it does not do. A clear ERR
    // naming the shard's settings, not a hang.
    let plain_backend = toml.replace("tls = \"preferred\"", "tls = \"disabled\"");
    let sq = Squeeze::start_with_config(&plain_backend, &[]);
    let (ok, _, err) = cli(
        sq.port,
        "sha2late",
        "sha2-late-pw",
        &["--ssl", "--default-auth=caching_sha2_password"],
        "SELECT 1",
    );
    assert!(!ok);
    assert!(
        err.contains("1429")
            && err.contains("over a link without TLS")
            && err.contains("tls = \"required\"")
            && err.contains("server_public_key"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_scenarios_with_server_accounts_match_the_server_byte_for_byte_including_change_user(
) {
    use support::scenarios;
    let db = MariaDb::shared();
    let mut sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    // session_commands changes user (app -> other -> app) with
    // COM_CHANGE_USER: relayed to the server, neither user is in squeeze's
    // config.
    let direct = scenarios::all(db.port, "relay_scn").await;
    let proxied = scenarios::all(sq.port, "relay_scn").await;
    for ((name, d), (_, p)) in direct.iter().zip(&proxied) {
        scenarios::compare(name, d, p);
    }
    sq.assert_alive();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn change_user_with_server_accounts_is_checked_by_the_server() {
    use mysql_async::ChangeUserOpts;
    let db = MariaDb::shared();
    db.root_sql(
        "DROP USER IF EXISTS 'cu_first'@'%', 'cu_second'@'%';
         CREATE USER 'cu_first'@'%' IDENTIFIED BY 'first-pw';
         CREATE USER 'cu_second'@'%' IDENTIFIED BY 'second-pw';",
    );
    let sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    let mut c = login(sq.port, "cu_first", "first-pw", None).await.unwrap();
    c.change_user(
        ChangeUserOpts::default()
            .with_user(Some("cu_second".into()))
            .with_pass(Some("second-pw".into())),
    )
    .await
    .expect("change_user to a server account");
    let who: Option<String> = c.query_first("SELECT CURRENT_USER()").await.unwrap();
    assert_eq!(who.as_deref(), Some("cu_second@%"));
    let refused = c
        .change_user(
            ChangeUserOpts::default()
                .with_user(Some("cu_first".into()))
                .with_pass(Some("not-it".into())),
        )
        .await;
    match refused {
        Err(mysql_async::Error::Server(e)) => {
            assert_eq!(e.code, 1045, "{e:?}");
            assert!(e.message.contains("cu_first"), "{e:?}");
        }
        other => panic!("a wrong password in COM_CHANGE_USER: {other:?}"),
    }
}

/// Python drivers (PyMySQL; mysql-connector-python, which opens with its own
/// default plugin and is switched by the server) log in with a server
/// account through squeeze, and are refused with the server's text.
#[test]
fn python_drivers_log_in_with_a_server_account_and_get_the_servers_refusal() {
    use support::pyclients::{require_module, venv_python};
    let db = MariaDb::shared();
    db.root_sql(
        "DROP USER IF EXISTS 'pyuser'@'%';
         CREATE USER 'pyuser'@'%' IDENTIFIED BY 'py-pw';",
    );
    let sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    let py = venv_python();
    require_module(&py, "pymysql");
    require_module(&py, "mysql.connector");
    let script = r#"
import sys, pymysql, mysql.connector
port, password = int(sys.argv[1]), sys.argv[2]
def attempt(name, connect):
    try:
        c = connect()
        cur = c.cursor()
        cur.execute("SELECT CURRENT_USER()")
        print(name, "ok", cur.fetchone()[0])
        c.close()
    except Exception as e:
        print(name, "err", e.args[0], e.args[1] if len(e.args) > 1 else e.msg)
attempt("pymysql", lambda: pymysql.connect(host="127.0.0.1", port=port, user="pyuser", password=password))
attempt("connector", lambda: mysql.connector.connect(host="127.0.0.1", port=port, user="pyuser", password=password))
"#;
    let run = |port: u16, password: &str| -> String {
        let out = std::process::Command::new(&py)
            .arg("-c")
            .arg(script)
            .arg(port.to_string())
            .arg(password)
            .output()
            .expect("run python");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let ok = run(sq.port, "py-pw");
    assert_eq!(ok, "pymysql ok pyuser@%\nconnector ok pyuser@%\n");
    let direct = run(db.port, "wrong");
    assert!(
        direct.contains("pymysql err 1045") && direct.contains("connector err 1045"),
        "{direct}"
    );
    assert_eq!(run(sq.port, "wrong"), direct);
}

/// The client sees exactly the auth switches it would directly: PyMySQL
/// refuses a second switch ("received multiple auth switch requests"),
/// which squeeze sent when it first switched the client to the server's
/// default plugin and the server then switched it to the account's. Every
/// pair of plugin and password (ed25519 with an empty and a non-empty
/// password, native with and without one, wrong passwords, an unknown
/// user) gives the same outcome and error text through squeeze as direct.
#[test]
fn pymysql_logins_through_squeeze_get_the_servers_one_switch_and_answer_as_direct() {
    let db = MariaDb::shared();
    install_ed25519(db);
    let py = support::pyclients::venv_python();
    support::pyclients::require_module(&py, "pymysql");
    // PyMySQL's ed25519 needs PyNaCl.
    support::pyclients::require_module(&py, "nacl");
    // PyMySQL's own testAuthEd25519 makes the account from the plugin's
    // hash of the empty password (`USING PASSWORD('')` stores an empty
    // string, which no ed25519 signature matches).
    db.root_sql(
        "CREATE FUNCTION IF NOT EXISTS ed25519_password RETURNS STRING SONAME 'auth_ed25519.so'",
    );
    let empty_hash = db.root_sql("SELECT ed25519_password('')");
    let empty_hash = empty_hash.lines().last().unwrap_or_default().trim();
    assert_eq!(empty_hash.len(), 43, "ed25519_password(''): {empty_hash:?}");
    db.root_sql(&format!(
        "DROP USER IF EXISTS 'ed_empty'@'%', 'ed_pw'@'%', 'nat_pw'@'%', 'nat_empty'@'%';
         CREATE USER 'ed_empty'@'%' IDENTIFIED VIA ed25519 USING '{empty_hash}';
         CREATE USER 'ed_pw'@'%' IDENTIFIED VIA ed25519 USING PASSWORD('ed-pw');
         CREATE USER 'nat_pw'@'%' IDENTIFIED BY 'nat-pw';
         CREATE USER 'nat_empty'@'%';"
    ));
    let sq = Squeeze::start_with_config(
        &server_accounts_config(&[("default", db.addr())], "default", ""),
        &[],
    );
    let script = r#"
import sys, pymysql
port = int(sys.argv[1])
for user, pw in [("ed_empty", ""), ("ed_pw", "ed-pw"), ("ed_pw", "bad"), ("ed_empty", "x"),
                 ("nat_pw", "nat-pw"), ("nat_pw", ""), ("nat_pw", "bad"), ("nat_empty", ""),
                 ("nat_empty", "x"), ("no_such_user", "x")]:
    try:
        c = pymysql.connect(host="127.0.0.1", port=port, user=user, password=pw, connect_timeout=10)
        cur = c.cursor()
        cur.execute("SELECT CURRENT_USER()")
        print(user, repr(pw), "OK", cur.fetchone()[0])
        c.close()
    except Exception as e:
        print(user, repr(pw), "FAIL", type(e).__name__, e)
"#;
    let run = |port: u16| {
        let out = std::process::Command::new(&py)
            .arg("-c")
            .arg(script)
            .arg(port.to_string())
            .output()
            .expect("run .venv python");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let direct = run(db.port);
    let proxied = run(sq.port);
    // The positive controls: both ed25519 accounts and both native ones
    // log in directly.
    for who in [
        "ed_empty '' OK",
        "ed_pw 'ed-pw' OK",
        "nat_pw 'nat-pw' OK",
        "nat_empty '' OK",
    ] {
        assert!(direct.contains(who), "direct: {who} missing in\n{direct}");
    }
    assert_eq!(proxied, direct, "through squeeze vs direct");
}
