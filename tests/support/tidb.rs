//! A throw-away TiDB server (single process, embedded `unistore` storage),
//! the MySQL-8-flavoured backend beside MariaDB: it speaks MySQL 8's dialect
//! of the protocol (`8.0.11-TiDB-…` version, caching_sha2_password, zstd
//! protocol compression), which MariaDB never exercises.
//!
//! The binary is built from the Go module proxy by `scripts/build-tidb.sh`
//! (run by `scripts/install-deps.sh`) into `.test-deps/tidb/tidb-server`.

use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::{
    free_port, handshake_ready, require_bin, run_ok, tail, watchdog, Certs, TestServer, APP_PASS,
    APP_USER, APT_HINT, OTHER_PASS, OTHER_USER,
};

/// A caching_sha2_password account (TiDB's MySQL 8 default plugin).
pub const SHA2_USER: &str = "sha2user";
pub const SHA2_PASS: &str = "sha2pw";

pub struct TiDb {
    pub port: u16,
    pub status_port: u16,
    pub dir: PathBuf,
    pub certs: Certs,
    pub log: PathBuf,
    child: Mutex<Option<Child>>,
    tempdir: Option<tempfile::TempDir>,
    _watchdog: Option<ChildStdin>,
}

static SHARED: OnceLock<TiDb> = OnceLock::new();

/// The pinned server binary, or a failed test saying how to build it.
pub fn tidb_server_bin() -> PathBuf {
    let bin = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/.test-deps/tidb/tidb-server"
    ));
    assert!(
        bin.is_file(),
        "{} not found: build it with `bash scripts/build-tidb.sh` (needs Go and the Go \
         module proxy; scripts/install-deps.sh runs it)",
        bin.display()
    );
    bin
}

impl TiDb {
    /// One server shared by all tests of this test binary (use a separate
    /// database per test). Killed when the test process exits.
    pub fn shared() -> &'static TiDb {
        SHARED.get_or_init(|| {
            let mut db = TiDb::start();
            let dir = db.tempdir.take().unwrap().keep();
            let pid = db.child.lock().unwrap().as_ref().unwrap().id();
            db._watchdog = Some(watchdog(pid, &dir));
            db
        })
    }

    /// A private server, stopped and removed on drop.
    pub fn start() -> TiDb {
        let bin = tidb_server_bin();
        let tempdir = tempfile::Builder::new()
            .prefix("squeeze-tidb-")
            .tempdir()
            .unwrap();
        let dir = tempdir.path().to_path_buf();
        let certs = Certs::generate(&dir.join("certs"));
        let log = dir.join("tidb.log");
        let config = dir.join("tidb.toml");
        std::fs::write(
            &config,
            format!(
                "[security]\nssl-ca = {:?}\nssl-cert = {:?}\nssl-key = {:?}\n\
                 [log]\nlevel = \"warn\"\nslow-query-file = {:?}\n[log.file]\nfilename = {:?}\n\
                 [performance]\nrun-auto-analyze = false\n",
                certs.ca.display().to_string(),
                certs.cert.display().to_string(),
                certs.key.display().to_string(),
                dir.join("tidb-slow.log").display().to_string(),
                log.display().to_string(),
            ),
        )
        .unwrap();
        let port = free_port();
        let status_port = free_port();
        let mut cmd = Command::new(bin);
        cmd.arg("-store=unistore")
            .arg(format!("-path={}", dir.join("store").display()))
            .arg("-host=127.0.0.1")
            .arg(format!("-P={port}"))
            .arg(format!("-status={status_port}"))
            .arg("-socket=")
            .arg(format!("-config={}", config.display()))
            .env("TMPDIR", &dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("tidb.stderr")).unwrap());
        let child = cmd.spawn().expect("spawn tidb-server");
        let db = TiDb {
            port,
            status_port,
            dir,
            certs,
            log,
            child: Mutex::new(Some(child)),
            tempdir: Some(tempdir),
            _watchdog: None,
        };
        db.wait_ready();
        db.root_sql(&format!(
            "CREATE USER '{APP_USER}'@'%' IDENTIFIED WITH mysql_native_password BY '{APP_PASS}';
             GRANT ALL ON *.* TO '{APP_USER}'@'%' WITH GRANT OPTION;
             CREATE USER '{OTHER_USER}'@'%' IDENTIFIED WITH mysql_native_password BY '{OTHER_PASS}';
             GRANT ALL ON *.* TO '{OTHER_USER}'@'%';
             CREATE USER '{SHA2_USER}'@'%' IDENTIFIED WITH caching_sha2_password BY '{SHA2_PASS}';
             GRANT ALL ON *.* TO '{SHA2_USER}'@'%';
             CREATE DATABASE squeeze_test;"
        ));
        db
    }

    fn wait_ready(&self) {
        // Bootstrapping the embedded store takes a few seconds.
        let deadline = Instant::now() + Duration::from_secs(120);
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
                    "tidb-server exited early ({st}); log tail:\n{}\nstderr:\n{}",
                    tail(&self.log, 40),
                    tail(&self.dir.join("tidb.stderr"), 20)
                );
            }
            if handshake_ready(self.port) && self.try_root_sql("SELECT 1").is_some() {
                return;
            }
            if Instant::now() > deadline {
                panic!(
                    "tidb-server did not accept connections on port {} within 120 s; log tail:\n{}",
                    self.port,
                    tail(&self.log, 40)
                );
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn root_cli(&self) -> Command {
        let mut cmd = Command::new(require_bin("mariadb", APT_HINT));
        cmd.arg("--no-defaults")
            .arg("-h127.0.0.1")
            .arg(format!("-P{}", self.port))
            .arg("-uroot")
            .arg("--skip-ssl")
            .arg("--default-character-set=utf8mb4")
            .arg("--batch");
        cmd
    }

    fn try_root_sql(&self, sql: &str) -> Option<String> {
        let out = self.root_cli().arg("-e").arg(sql).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    pub fn log_tail(&self) -> String {
        tail(&self.log, 40)
    }
}

impl TestServer for TiDb {
    fn port(&self) -> u16 {
        self.port
    }

    /// Runs SQL as root over TCP with the `mariadb` CLI (TiDB has no
    /// socket here); returns stdout. Panics on failure.
    fn root_sql(&self, sql: &str) -> String {
        let out = run_ok(self.root_cli().arg("-e").arg(sql), "tidb root sql");
        String::from_utf8(out).unwrap()
    }

    fn certs(&self) -> &Certs {
        &self.certs
    }

    /// TiDB has no stored functions (`CREATE FUNCTION` is unsupported).
    fn has_stored_functions(&self) -> bool {
        false
    }
    fn exact_column_definitions(&self) -> bool {
        false
    }
    fn evaluates_json(&self) -> bool {
        false
    }
}

impl Drop for TiDb {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.lock().unwrap().take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}
