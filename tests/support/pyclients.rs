//! Python client libraries (PyMySQL, mysql-connector-python, mysqlclient's
//! own test suite) against a harness server directly and through squeeze.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use super::{Squeeze, TestServer};

const HINT: &str = "run `bash scripts/install-deps.sh` (creates .venv with PyMySQL, mysql-connector-python, mysqlclient, pytest)";

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn venv_python() -> PathBuf {
    let py = repo().join(".venv/bin/python");
    assert!(py.is_file(), "{} not found: {HINT}", py.display());
    py
}

pub fn require_module(py: &PathBuf, module: &str) {
    let ok = Command::new(py)
        .arg("-c")
        .arg(format!("import {module}"))
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(ok, "python module `{module}` missing in .venv: {HINT}");
}

/// Runs a Python client check script against `db` directly and through a
/// squeeze in front of it; the script compares both byte for byte.
pub fn run_check(db: &dyn TestServer, script: &str, module: &str, db_name: &str) {
    run_check_through(&Squeeze::for_server(db, &[]), db, script, module, db_name);
}

/// `run_check` through a given squeeze (one compressing a column, say).
pub fn run_check_through(
    sq: &Squeeze,
    db: &dyn TestServer,
    script: &str,
    module: &str,
    db_name: &str,
) {
    let py = venv_python();
    require_module(&py, module);
    let dir = repo().join("tests/clients/python");
    let out = Command::new(&py)
        .arg(dir.join(script))
        .arg("--direct")
        .arg(db.port().to_string())
        .arg("--proxy")
        .arg(sq.port.to_string())
        .arg("--ca")
        .arg(&db.certs().ca)
        .arg("--db")
        .arg(db_name)
        .current_dir(&dir)
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{script} failed ({})\nstdout:\n{stdout}\nstderr:\n{stderr}\nsqueeze log:\n{}",
        out.status,
        sq.log_tail()
    );
    assert!(
        stdout.contains("identical"),
        "{script} compared nothing:\n{stdout}"
    );
    eprintln!("{stdout}");
}

fn mysqlclient_suite(
    py: &PathBuf,
    port: u16,
    db: &dyn TestServer,
    name: &str,
) -> BTreeMap<String, String> {
    db.fresh_db(name);
    let suite = repo().join(".venv/mysqlclient-tests/tests");
    assert!(
        suite.join("configdb.py").is_file(),
        "mysqlclient test suite not found in {}: {HINT}",
        suite.display()
    );
    let out = Command::new(py)
        .arg(repo().join("tests/clients/python/mysqlclient_suite.py"))
        .arg(port.to_string())
        .arg(&suite)
        .arg(name)
        .output()
        .expect("run mysqlclient suite");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "mysqlclient suite runner failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(o, n)| (n.to_string(), o.to_string()))
        .collect()
}

/// mysqlclient's own test suite passes through squeeze in front of `db`
/// exactly as it passes directly (same passed / failed / skipped tests).
pub fn mysqlclient_suite_matches(db: &dyn TestServer) {
    let py = venv_python();
    require_module(&py, "MySQLdb");
    require_module(&py, "pytest");
    let sq = Squeeze::for_server(db, &[]);
    let direct = mysqlclient_suite(&py, db.port(), db, "mysqlclient_direct_run");
    let proxied = mysqlclient_suite(&py, sq.port, db, "mysqlclient_direct_run");
    let passed = direct.values().filter(|o| *o == "passed").count();
    assert!(
        passed >= 30,
        "only {passed} mysqlclient tests passed directly: {direct:?}"
    );
    let differing = |direct: &BTreeMap<String, String>, proxied: &BTreeMap<String, String>| {
        direct
            .iter()
            .filter(|(n, o)| proxied.get(*n) != Some(*o))
            .map(|(n, o)| format!("{n}: direct {o}, through squeeze {:?}", proxied.get(n)))
            .collect::<Vec<String>>()
    };
    let mut diffs = differing(&direct, &proxied);
    if !diffs.is_empty() {
        // Some upstream tests race a thread against the server
        // (test_result_concurrent_use_raises): a difference counts only if
        // a second run of both sides shows it again.
        let direct2 = mysqlclient_suite(&py, db.port(), db, "mysqlclient_direct_run");
        let proxied2 = mysqlclient_suite(&py, sq.port, db, "mysqlclient_direct_run");
        let again = differing(&direct2, &proxied2);
        diffs.retain(|d| again.contains(d));
    }
    assert!(
        diffs.is_empty() && direct.len() == proxied.len(),
        "mysqlclient suite differs through squeeze:\n{}\nsqueeze log:\n{}",
        diffs.join("\n"),
        sq.log_tail()
    );
    eprintln!(
        "mysqlclient suite: {} tests, {passed} passed, identical through squeeze",
        direct.len()
    );
}

/// A lookup kit's answers (`tests/clients/python/<script>`, which prints
/// `name => answer` lines) against database `db` on `port`.
pub fn kit_lookups(script: &str, port: u16, db: &str) -> Vec<(String, String)> {
    let py = venv_python();
    let path = repo().join("tests/clients/python").join(script);
    let out = std::process::Command::new(&py)
        .arg(&path)
        .args([&port.to_string(), db, super::APP_USER, super::APP_PASS])
        .output()
        .unwrap_or_else(|e| panic!("run {script}: {e}"));
    assert!(
        out.status.success(),
        "{script} on port {port} ({db}): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (name, answer) = l.split_once(" => ").expect("name => answer");
            (name.to_string(), answer.to_string())
        })
        .collect()
}

/// The ORM kit's JSON lookups (`orm_json.py`, SQLAlchemy 2 and Django 5).
pub fn orm_json_lookups(port: u16, db: &str) -> Vec<(String, String)> {
    kit_lookups("orm_json.py", port, db)
}
