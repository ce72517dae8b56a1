//! Non-Rust clients through squeeze, compared with the same client talking
//! to MariaDB directly. Python: PyMySQL, mysql-connector-python, and
//! mysqlclient's own test suite.
mod support;

use support::pyclients::{mysqlclient_suite_matches, run_check};
use support::MariaDb;

#[test]
fn pymysql_sees_the_same_results_and_errors_through_squeeze_as_direct() {
    run_check(
        MariaDb::shared(),
        "pymysql_check.py",
        "pymysql",
        "py_pymysql",
    );
}

#[test]
fn mysql_connector_python_sees_the_same_results_and_errors_through_squeeze_as_direct() {
    run_check(
        MariaDb::shared(),
        "connector_check.py",
        "mysql.connector",
        "py_connector",
    );
}

/// mysqlclient's own test suite passes through squeeze exactly as it
/// passes directly (same set of passed / failed / skipped tests).
#[test]
fn python_mysqlclient_suite() {
    mysqlclient_suite_matches(MariaDb::shared());
}
