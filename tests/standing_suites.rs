//! The standing checks of issue 33, in the test command: the public client
//! libraries' own test suites (`bench/client_suites/run.py --quick`) and a
//! few of MariaDB's own regression tests (`bench/mariadb_regression/run.py`)
//! give the same outcome per test directly and through squeeze (default
//! configuration, a server at `max_allowed_packet` 256 MiB); Django's own
//! suite (`bench/django_suite/run.py`) the same with its JSONField columns
//! compressed. The full runs are the programs themselves (docs/testing.md).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The two programs run one after the other, not side by side under the
/// test harness's two threads: each starts its own servers and hundreds of
/// connections, and a direct run starved of CPU by the other one fails
/// timing-bound tests on the baseline path.
static ONE_PROGRAM_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs one of the bench programs with this build's squeeze and returns
/// its stdout; a missing dependency fails with the command that installs it.
fn run_bench(python: &Path, script: &str, args: &[&str]) -> String {
    let _alone = ONE_PROGRAM_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    assert!(
        python.exists(),
        "{} is missing: run `bash scripts/install-deps.sh`",
        python.display()
    );
    let out = Command::new(python)
        .arg(repo().join(script))
        .args(["--squeeze", env!("CARGO_BIN_EXE_squeeze")])
        .args(args)
        .current_dir(repo())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {script}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{script} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The `differing=N` of a program's `RESULT` line.
fn differing(stdout: &str) -> usize {
    result_count(stdout, "differing")
}

/// The number `key=N` of a program's `RESULT` line.
fn result_count(stdout: &str, key: &str) -> usize {
    let result = stdout
        .lines()
        .find(|l| l.starts_with("RESULT "))
        .unwrap_or_else(|| panic!("no RESULT line in:\n{stdout}"));
    let prefix = format!("{key}=");
    result
        .split_whitespace()
        .find_map(|kv| kv.strip_prefix(prefix.as_str()))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no {key}= in {result}"))
}

#[test]
fn the_client_libraries_own_suites_pass_and_fail_alike_directly_and_through_squeeze() {
    let stdout = run_bench(
        &repo().join(".venv/bin/python"),
        "bench/client_suites/run.py",
        // Connector/Python's quick selection alone takes 10+ minutes on a
        // 2-core VM; it runs in the full program (docs/testing.md).
        &["--quick", "--suites", "go,mysqlclient,pymysql,mysql2"],
    );
    assert_eq!(
        differing(&stdout),
        0,
        "tests whose outcome differs through squeeze:\n{stdout}"
    );
}

#[test]
fn mariadbs_own_regression_tests_pass_and_fail_alike_directly_and_through_squeeze() {
    // Cursors in stored procedures, connection ids in expressions and
    // COM_CHANGE_USER, prepared statements, packets at the limit, and the
    // C API's own protocol test program.
    let stdout = run_bench(
        Path::new("/usr/bin/python3"),
        "bench/mariadb_regression/run.py",
        &["--quick"],
    );
    assert_eq!(
        differing(&stdout),
        0,
        "tests whose outcome differs through squeeze:\n{stdout}"
    );
}

#[test]
fn djangos_own_suite_with_compressed_json_fields_differs_from_direct_only_by_refusals_and_not_at_all_with_the_functions(
) {
    // Every JSONField column of the apps compressed (present_as = "json",
    // no path declared); the in-server library built next to this squeeze
    // (scripts/test.sh builds it).
    let stdout = run_bench(
        &repo().join(".venv/bin/python"),
        "bench/django_suite/run.py",
        &["--quick"],
    );
    assert!(
        result_count(&stdout, "direct_tests") > 200,
        "too few tests ran:\n{stdout}"
    );
    for key in ["squeeze_wrong", "in_server_differing"] {
        assert_eq!(
            result_count(&stdout, key),
            0,
            "{key}: Django tests whose outcome differs through squeeze:\n{stdout}"
        );
    }
}

#[test]
fn sqlalchemys_own_json_tests_with_compressed_json_columns_differ_from_direct_only_by_refusals_and_not_at_all_with_the_functions(
) {
    // SQLAlchemy's test/ with `-k "JSON or json"`: every JSON column the
    // tests create compressed (present_as = "json", no path declared).
    let stdout = run_bench(
        &repo().join(".venv/bin/python"),
        "bench/sqlalchemy_suite/run.py",
        &[],
    );
    assert!(
        result_count(&stdout, "direct_tests") > 300 && result_count(&stdout, "columns") >= 3,
        "too few tests or JSON columns:\n{stdout}"
    );
    for key in ["squeeze_wrong", "in_server_differing"] {
        assert_eq!(
            result_count(&stdout, key),
            0,
            "{key}: SQLAlchemy tests whose outcome differs through squeeze:\n{stdout}"
        );
    }
}
