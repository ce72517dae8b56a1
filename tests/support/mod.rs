//! Shared integration-test harness: starts throw-away MariaDB servers and
//! squeeze proxies, and gives helpers to dump results byte-exactly.
//!
//! Use from an integration test with `mod support;`.
//! A missing tool is a failed test with an install hint, never a skip.
#![allow(dead_code)]

pub mod cursor;
pub mod dump;
pub mod in_server;
pub mod json_fuzz;
pub mod oracle;
pub mod pyclients;
pub mod raw;
pub mod scenarios;
pub mod tidb;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

pub const APP_USER: &str = "app";
pub const APP_PASS: &str = "secret";
pub const OTHER_USER: &str = "other";
pub const OTHER_PASS: &str = "otherpw";

pub const APT_HINT: &str = "install it with: apt-get install -y mariadb-server mariadb-client \
     (or run scripts/install-deps.sh)";

/// Finds an executable in PATH or the usual sbin/bin directories, or panics
/// with an install hint.
pub fn require_bin(name: &str, hint: &str) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    for d in [
        "/usr/sbin",
        "/usr/bin",
        "/usr/local/sbin",
        "/usr/local/bin",
        "/sbin",
        "/bin",
    ] {
        dirs.push(PathBuf::from(d));
    }
    for d in dirs {
        let p = d.join(name);
        if p.is_file() {
            return p;
        }
    }
    panic!("required program `{name}` not found in PATH or /usr/sbin: {hint}");
}

/// A free loopback TCP port (bind to :0 and release), never one this test
/// process handed out before: the kernel may offer a released port again
/// at once, and two tests running in parallel then started two servers on
/// it (one test's admin requests reached another's proxy).
pub fn free_port() -> u16 {
    static GIVEN: Mutex<Option<std::collections::HashSet<u16>>> = Mutex::new(None);
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut given = GIVEN.lock().unwrap_or_else(|e| e.into_inner());
        if given.get_or_insert_with(Default::default).insert(port) {
            return port;
        }
    }
}

fn tail(path: &Path, lines: usize) -> String {
    let s = std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_else(|e| format!("<cannot read {}: {e}>", path.display()));
    let v: Vec<&str> = s.lines().collect();
    v[v.len().saturating_sub(lines)..].join("\n")
}

fn run_ok(cmd: &mut Command, what: &str) -> Vec<u8> {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run {cmd:?}: {e}"));
    if !out.status.success() {
        panic!(
            "{what} failed ({}): {}\nstdout:\n{}\nstderr:\n{}",
            out.status,
            format!("{cmd:?}").chars().take(400).collect::<String>(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out.stdout
}

/// A process that kills `pid` and removes `dir` when the test process exits
/// (its stdin closes). Used for servers held in statics, which are never dropped.
// The watchdog must outlive this process, so it is deliberately never waited on.
#[allow(clippy::zombie_processes)]
fn watchdog(pid: u32, dir: &Path) -> ChildStdin {
    let script = format!(
        "cat >/dev/null; kill -9 {pid} 2>/dev/null; sleep 0.2; rm -rf '{}'",
        dir.display()
    );
    let mut c = Command::new("sh")
        .arg("-c")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn watchdog");
    c.stdin.take().unwrap()
}

/// TLS material generated with the `openssl` CLI: a CA and a server
/// certificate for 127.0.0.1 / localhost signed by it.
#[derive(Debug, Clone)]
pub struct Certs {
    pub ca: PathBuf,
    pub cert: PathBuf,
    pub key: PathBuf,
}

impl Certs {
    pub fn generate(dir: &Path) -> Certs {
        let openssl = require_bin("openssl", "install it with: apt-get install -y openssl");
        std::fs::create_dir_all(dir).unwrap();
        let ca = dir.join("ca.pem");
        let ca_key = dir.join("ca-key.pem");
        let cert = dir.join("server-cert.pem");
        let key = dir.join("server-key.pem");
        let csr = dir.join("server.csr");
        let ext = dir.join("ext.cnf");
        std::fs::write(
            &ext,
            "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n",
        )
        .unwrap();
        run_ok(
            Command::new(&openssl)
                .args([
                    "req",
                    "-x509",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-days",
                    "3650",
                    "-subj",
                    "/CN=squeeze test CA",
                    "-keyout",
                ])
                .arg(&ca_key)
                .arg("-out")
                .arg(&ca),
            "openssl CA",
        );
        run_ok(
            Command::new(&openssl)
                .args([
                    "req",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-subj",
                    "/CN=localhost",
                    "-keyout",
                ])
                .arg(&key)
                .arg("-out")
                .arg(&csr),
            "openssl server csr",
        );
        run_ok(
            Command::new(&openssl)
                .args(["x509", "-req", "-days", "3650", "-set_serial", "2", "-in"])
                .arg(&csr)
                .arg("-CA")
                .arg(&ca)
                .arg("-CAkey")
                .arg(&ca_key)
                .arg("-extfile")
                .arg(&ext)
                .arg("-out")
                .arg(&cert),
            "openssl sign server cert",
        );
        Certs { ca, cert, key }
    }
}

/// A throw-away MariaDB server on a free loopback port.
pub struct MariaDb {
    pub port: u16,
    pub socket: PathBuf,
    pub dir: PathBuf,
    pub certs: Certs,
    pub error_log: PathBuf,
    /// InnoDB flushes its log at every commit (see `start_durable`).
    durable: bool,
    /// More `mariadbd` options (see `start_with_options`).
    extra_args: Vec<String>,
    child: Mutex<Option<Child>>,
    tempdir: Option<tempfile::TempDir>,
    _watchdog: Option<ChildStdin>,
}

static SHARED: OnceLock<MariaDb> = OnceLock::new();

impl MariaDb {
    /// One server shared by all tests of this test binary (use a separate
    /// database per test). Killed when the test process exits.
    pub fn shared() -> &'static MariaDb {
        SHARED.get_or_init(|| {
            let mut db = MariaDb::start();
            let dir = db.tempdir.take().unwrap().keep();
            let pid = db.child.lock().unwrap().as_ref().unwrap().id();
            db._watchdog = Some(watchdog(pid, &dir));
            db
        })
    }

    /// A private server, stopped and removed on drop.
    pub fn start() -> MariaDb {
        Self::start_with(false)
    }

    /// A private server whose acknowledged commits survive `kill()`
    /// (`innodb_flush_log_at_trx_commit=1`, doublewrite on): for tests that
    /// count lost writes across SIGKILLs, which must measure squeeze, not a
    /// server told to lose its last second of commits.
    pub fn start_durable() -> MariaDb {
        Self::start_with(true)
    }

    /// A private server started with more `mariadbd` options, e.g. a
    /// replication primary (`--log-bin`, `--server-id=1`) or its replica
    /// (`--server-id=2`); kept across `restart`.
    pub fn start_with_options(options: &[&str]) -> MariaDb {
        Self::start_with_extra(false, options.iter().map(|o| o.to_string()).collect())
    }

    fn start_with(durable: bool) -> MariaDb {
        Self::start_with_extra(durable, Vec::new())
    }

    fn start_with_extra(durable: bool, extra_args: Vec<String>) -> MariaDb {
        let install_db = require_bin("mariadb-install-db", APT_HINT);
        require_bin("mariadbd", APT_HINT);
        require_bin("mariadb", APT_HINT);
        let tempdir = tempfile::Builder::new()
            .prefix("squeeze-mariadb-")
            .tempdir()
            .unwrap();
        let dir = tempdir.path().to_path_buf();
        let datadir = dir.join("data");
        let certs = Certs::generate(&dir.join("certs"));
        let mut cmd = Command::new(&install_db);
        cmd.arg("--no-defaults")
            .arg("--auth-root-authentication-method=normal")
            .arg(format!("--datadir={}", datadir.display()))
            .arg("--skip-test-db")
            .arg("--skip-name-resolve")
            // Its own temp dir: in the shared /tmp a concurrent install's
            // temporary tables (named by pid) were seen to collide.
            .arg(format!("--tmpdir={}", dir.display()))
            .args(innodb_small_args());
        if is_root() {
            cmd.arg("--user=root");
        }
        run_ok(&mut cmd, "mariadb-install-db");

        let port = free_port();
        let db = MariaDb {
            port,
            socket: dir.join("mysqld.sock"),
            error_log: dir.join("error.log"),
            durable,
            extra_args,
            dir,
            certs,
            child: Mutex::new(None),
            tempdir: Some(tempdir),
            _watchdog: None,
        };
        db.launch();
        db.root_sql(&format!(
            "CREATE USER '{APP_USER}'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('{APP_PASS}');
             GRANT ALL ON *.* TO '{APP_USER}'@'%' WITH GRANT OPTION;
             CREATE USER '{OTHER_USER}'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('{OTHER_PASS}');
             GRANT ALL ON *.* TO '{OTHER_USER}'@'%';
             CREATE DATABASE squeeze_test;
             FLUSH PRIVILEGES;"
        ));
        db
    }

    fn launch(&self) {
        let mariadbd = require_bin("mariadbd", APT_HINT);
        let dir = &self.dir;
        let mut cmd = Command::new(mariadbd);
        cmd.arg("--no-defaults")
            .arg(format!("--datadir={}", dir.join("data").display()))
            .arg(format!("--port={}", self.port))
            .arg("--bind-address=127.0.0.1")
            .arg(format!("--socket={}", self.socket.display()))
            .arg(format!("--pid-file={}", dir.join("mysqld.pid").display()))
            .arg(format!("--log-error={}", self.error_log.display()))
            .arg(format!("--tmpdir={}", dir.display()))
            .arg("--skip-name-resolve")
            .arg("--local-infile=1")
            .arg("--max-allowed-packet=1G")
            // Above the 500 concurrent logins of the listen-backlog test
            // (each opens a backend connection) plus the other tests
            // sharing this server at the same time.
            .arg("--max-connections=1000")
            .arg("--performance-schema=OFF")
            .arg("--character-set-server=utf8mb4")
            .arg("--collation-server=utf8mb4_general_ci")
            .arg(format!("--ssl-ca={}", self.certs.ca.display()))
            .arg(format!("--ssl-cert={}", self.certs.cert.display()))
            .arg(format!("--ssl-key={}", self.certs.key.display()))
            .args(innodb_small_args())
            .args(if self.durable {
                &[
                    "--innodb-flush-log-at-trx-commit=1",
                    "--innodb-doublewrite=1",
                ][..]
            } else {
                &[][..]
            })
            .args(&self.extra_args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if is_root() {
            cmd.arg("--user=root");
        }
        let child = cmd.spawn().expect("spawn mariadbd");
        *self.child.lock().unwrap() = Some(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(st) = self
                .child
                .lock()
                .unwrap()
                .as_mut()
                .unwrap()
                .try_wait()
                .unwrap()
            {
                panic!(
                    "mariadbd exited early ({st}); error log tail:\n{}",
                    tail(&self.error_log, 40)
                );
            }
            if handshake_ready(self.port) {
                return;
            }
            if Instant::now() > deadline {
                panic!("mariadbd did not accept connections on port {} within 60 s; error log tail:\n{}", self.port, tail(&self.error_log, 40));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Runs SQL as root over the unix socket with the `mariadb` CLI (batch
    /// mode); returns stdout. Panics on failure.
    pub fn root_sql(&self, sql: &str) -> String {
        let mariadb = require_bin("mariadb", APT_HINT);
        let out = run_ok(
            Command::new(mariadb)
                .arg("--no-defaults")
                .arg("-uroot")
                .arg("--default-character-set=utf8mb4")
                .arg(format!("--socket={}", self.socket.display()))
                .arg("--batch")
                .arg("-e")
                .arg(sql),
            "mariadb root sql",
        );
        String::from_utf8(out).unwrap()
    }

    /// Drops and re-creates a database (as root).
    pub fn fresh_db(&self, name: &str) {
        self.root_sql(&format!(
            "DROP DATABASE IF EXISTS `{name}`; CREATE DATABASE `{name}`;"
        ));
    }

    /// Kills the server (SIGKILL) without removing its data.
    pub fn kill(&self) {
        if let Some(mut c) = self.child.lock().unwrap().take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts the server again on the same port with the same data.
    pub fn restart(&self) {
        self.kill();
        self.launch();
    }

    pub fn error_log_tail(&self) -> String {
        tail(&self.error_log, 40)
    }
}

impl Drop for MariaDb {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.lock().unwrap().take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn innodb_small_args() -> Vec<&'static str> {
    vec![
        "--innodb-buffer-pool-size=64M",
        "--innodb-log-file-size=16M",
        "--innodb-log-buffer-size=8M",
        "--innodb-flush-log-at-trx-commit=0",
        "--innodb-doublewrite=0",
        "--innodb-use-native-aio=0",
    ]
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// True when the port answers with a MySQL handshake (protocol 10), not an ERR.
fn handshake_ready(port: u16) -> bool {
    let Ok(mut s) = TcpStream::connect_timeout(
        &SocketAddr::from(([127, 0, 0, 1], port)),
        Duration::from_millis(200),
    ) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_millis(1000)));
    let mut hdr = [0u8; 5];
    if s.read_exact(&mut hdr).is_err() {
        return false;
    }
    hdr[4] == 10
}

/// A backend server the harness started (MariaDB or TiDB): what the shared
/// scenarios, the oracle and `Squeeze::for_server` need of it.
pub trait TestServer: Sync {
    fn port(&self) -> u16;
    /// Runs SQL as root; returns the batch-mode output. Panics on failure.
    fn root_sql(&self, sql: &str) -> String;
    /// The TLS material the server presents (squeeze reuses it client-side).
    fn certs(&self) -> &Certs;
    /// Whether `CREATE FUNCTION ... RETURN` (stored functions) works.
    fn has_stored_functions(&self) -> bool {
        true
    }
    /// Whether squeeze reproduces every field of a compressed column's
    /// definition on this server. TiDB flags BINARY on a set operation
    /// that mixes a text column with a non-string one, which squeeze does
    /// not model (docs/deployment.md): there the oracle compares type and
    /// binary-ness only.
    fn exact_column_definitions(&self) -> bool {
        true
    }
    /// Whether squeeze evaluates select-list JSON functions of compressed
    /// columns on this server (MariaDB 10.11 only; refused elsewhere,
    /// docs/deployment.md).
    fn evaluates_json(&self) -> bool {
        true
    }
    fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port())
    }
    /// Drops and re-creates a database (as root).
    fn fresh_db(&self, name: &str) {
        self.root_sql(&format!(
            "DROP DATABASE IF EXISTS `{name}`; CREATE DATABASE `{name}`;"
        ));
    }
}

impl TestServer for MariaDb {
    fn port(&self) -> u16 {
        self.port
    }
    fn root_sql(&self, sql: &str) -> String {
        MariaDb::root_sql(self, sql)
    }
    fn certs(&self) -> &Certs {
        &self.certs
    }
}

/// The squeeze proxy binary under test, running `squeeze serve`.
pub struct Squeeze {
    pub port: u16,
    pub admin_port: u16,
    child: Option<Child>,
    pub stderr_path: PathBuf,
    dir: tempfile::TempDir,
}

impl Squeeze {
    /// `squeeze serve --listen 127.0.0.1:<free> --admin 127.0.0.1:<free> <args>`.
    pub fn start(args: &[&str]) -> Squeeze {
        Self::spawn(None, args)
    }

    /// Proxy in front of `db` with the test users (app, other) and TLS on the
    /// client side using the harness's certificate; `extra` is appended.
    pub fn for_db(db: &MariaDb, extra: &[&str]) -> Squeeze {
        Self::for_db_bin(env!("CARGO_BIN_EXE_squeeze"), db, extra)
    }

    /// `for_db` in front of any harness server (MariaDB or TiDB).
    pub fn for_server(db: &dyn TestServer, extra: &[&str]) -> Squeeze {
        Self::for_db_bin(env!("CARGO_BIN_EXE_squeeze"), db, extra)
    }

    /// `for_db` running the squeeze executable `bin` (another build, for
    /// A/B runs of a benchmark).
    pub fn for_db_bin(bin: &str, db: &dyn TestServer, extra: &[&str]) -> Squeeze {
        let backend = db.addr();
        let app = format!("{APP_USER}:{APP_PASS}");
        let other = format!("{OTHER_USER}:{OTHER_PASS}");
        let cert = db.certs().cert.display().to_string();
        let key = db.certs().key.display().to_string();
        let mut args = vec![
            "--backend",
            &backend,
            "--user",
            &app,
            "--user",
            &other,
            "--tls-cert",
            &cert,
            "--tls-key",
            &key,
        ];
        args.extend_from_slice(extra);
        Self::spawn_bin(bin, None, &args)
    }

    /// A fresh database `schema` with table `docs (id BIGINT PRIMARY KEY,
    /// doc LONGBLOB)`, and a proxy compressing `schema.docs.doc` with the
    /// shipped reddit_comments dictionary.
    pub fn for_docs_table(db: &dyn TestServer, schema: &str) -> Squeeze {
        db.fresh_db(schema);
        db.root_sql(&format!(
            "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
        ));
        Self::for_docs_table_keeping(db, schema)
    }

    /// [`Squeeze::for_docs_table`] over the `docs` table already in `schema`.
    pub fn for_docs_table_keeping(db: &dyn TestServer, schema: &str) -> Squeeze {
        let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
        let rule = format!("{schema}.docs.doc=reddit_comments");
        Self::for_server(db, &["--dictionaries", dicts, "--compress", &rule])
    }

    /// Like `start`, with a TOML config file written from `toml` and passed
    /// as `--config FILE` (listen/admin still given on the command line).
    pub fn start_with_config(toml: &str, args: &[&str]) -> Squeeze {
        Self::spawn(Some(toml), args)
    }

    fn spawn(toml: Option<&str>, args: &[&str]) -> Squeeze {
        Self::spawn_bin(env!("CARGO_BIN_EXE_squeeze"), toml, args)
    }

    fn spawn_bin(bin: &str, toml: Option<&str>, args: &[&str]) -> Squeeze {
        let dir = tempfile::Builder::new()
            .prefix("squeeze-proxy-")
            .tempdir()
            .unwrap();
        let port = free_port();
        let admin_port = free_port();
        let stderr_path = dir.path().join("squeeze.stderr");
        let stderr = std::fs::File::create(&stderr_path).unwrap();
        let mut cmd = Command::new(bin);
        cmd.arg("serve")
            .arg("--listen")
            .arg(format!("127.0.0.1:{port}"))
            .arg("--admin")
            .arg(format!("127.0.0.1:{admin_port}"));
        if let Some(t) = toml {
            let p = dir.path().join("squeeze.toml");
            std::fs::write(&p, t).unwrap();
            cmd.arg("--config").arg(p);
        }
        cmd.args(args)
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or_else(|_| "info".into()),
            )
            .stdin(Stdio::null())
            .stdout(stderr.try_clone().unwrap())
            .stderr(stderr);
        let child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("cannot spawn {bin}: {e}"));
        let mut sq = Squeeze {
            port,
            admin_port,
            child: Some(child),
            stderr_path,
            dir,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(st) = sq.child.as_mut().unwrap().try_wait().unwrap() {
                panic!(
                    "squeeze exited early ({st}) with args {args:?}; its output:\n{}",
                    sq.log_tail()
                );
            }
            if TcpStream::connect_timeout(
                &SocketAddr::from(([127, 0, 0, 1], port)),
                Duration::from_millis(200),
            )
            .is_ok()
            {
                return sq;
            }
            if Instant::now() > deadline {
                panic!(
                    "squeeze did not listen on 127.0.0.1:{port} within 20 s; its output:\n{}",
                    sq.log_tail()
                );
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    pub fn admin_addr(&self) -> String {
        format!("127.0.0.1:{}", self.admin_port)
    }

    pub fn log_tail(&self) -> String {
        tail(&self.stderr_path, 60)
    }

    /// Panics (with the proxy's log) when the proxy process has exited.
    pub fn assert_alive(&mut self) {
        if let Some(st) = self.child.as_mut().unwrap().try_wait().unwrap() {
            panic!("squeeze died ({st}); its output:\n{}", self.log_tail());
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.as_ref().unwrap().id()
    }

    /// How the proxy process ended, or `None` while it runs.
    pub fn exit_status(&mut self) -> Option<std::process::ExitStatus> {
        self.child.as_mut().unwrap().try_wait().unwrap()
    }
}

impl Drop for Squeeze {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            // SAFETY: sending a signal to our own child process.
            unsafe {
                libc::kill(c.id() as i32, libc::SIGTERM);
            }
            let deadline = Instant::now() + Duration::from_secs(3);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = c.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
        if std::thread::panicking() {
            eprintln!(
                "---- squeeze output ({}) ----\n{}",
                self.stderr_path.display(),
                self.log_tail()
            );
        }
    }
}

/// Minimal HTTP/1.0 GET over a raw TcpStream: returns (status code, body).
pub fn http_get(addr: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect admin {addr}: {e}"));
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status: u16 = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("bad HTTP response from {addr}{path}: {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Runs the `mariadb` CLI in batch mode against 127.0.0.1:port as app;
/// returns (exit ok, stdout, stderr).
pub fn mariadb_cli(port: u16, extra: &[&str], sql: &str) -> (bool, Vec<u8>, String) {
    let mariadb = require_bin("mariadb", APT_HINT);
    let out = Command::new(mariadb)
        .arg("--no-defaults")
        .arg("-h127.0.0.1")
        .arg(format!("-P{port}"))
        .arg(format!("-u{APP_USER}"))
        .arg(format!("-p{APP_PASS}"))
        .arg("--batch")
        .arg("--default-character-set=utf8mb4")
        .args(extra)
        .arg("-e")
        .arg(sql)
        .output()
        .expect("run mariadb");
    (
        out.status.success(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
