//! Differences the public client test suites found between MariaDB directly
//! and squeeze (`bench/client_suites/run.py`), each pinned with the client
//! library whose suite showed it, direct and through squeeze compared.
//! (TLS and the compressed protocol end at squeeze; `SHOW STATUS` still
//! answers for the client's link.)
mod support;

use support::pyclients::{run_check, run_check_through};
use support::{MariaDb, Squeeze};

/// mysql-connector-python's `Bug809033.test_lost_connection`: a connection
/// killed by `KILL <id>` from another connection while it reads a result
/// ends as a killed server connection does ("Lost connection", 2013), not
/// with squeeze's own "lost the backend" ERR 1927.
#[test]
fn a_connection_killed_mid_result_ends_as_it_does_directly() {
    run_check(
        MariaDb::shared(),
        "killed_mid_result.py",
        "mysql.connector",
        "suite_killed_mid_result",
    );
}

/// go-sql-driver's `TestTLS` and Connector/Python's `Bug26484601` and
/// `BugOra35349093`: `SHOW STATUS` rows `Ssl_version`, `Ssl_cipher` and
/// `Compression` describe the client's own link (TLS 1.2 / 1.3 / none,
/// compressed or not) as they do directly, not squeeze's link to the server.
#[test]
fn show_status_describes_the_clients_own_tls_and_compression() {
    run_check(
        MariaDb::shared(),
        "link_status.py",
        "mysql.connector",
        "suite_link_status",
    );
}

/// go-sql-driver's `TestLongData`: a value of `proxy.max_packet_size`
/// bytes (the server's `max_allowed_packet`) is read back through squeeze,
/// although its row is a few bytes larger than the value.
#[test]
fn a_value_as_large_as_the_packet_limit_is_read_back() {
    run_check(
        MariaDb::shared(),
        "value_at_packet_limit.py",
        "mysql.connector",
        "suite_value_at_packet_limit",
    );
}

/// mysqlclient's `test_warning_count` through a squeeze with a compressed
/// column: after DDL squeeze re-reads view and routine definitions, and
/// doing so before `SHOW WARNINGS`, `@@warning_count` or `ROW_COUNT()`
/// replaced what the client asked about.
#[test]
fn warnings_and_row_count_after_ddl_read_as_directly_with_a_compressed_column() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_docs_table(db, "suite_diag_docs");
    run_check_through(
        &sq,
        db,
        "diagnostics_after_ddl.py",
        "MySQLdb",
        "suite_diagnostics_after_ddl",
    );
}

/// `SHOW STATUS` about the client's link also through a squeeze with a
/// compressed column (whose statements go through the planner).
#[test]
fn show_status_describes_the_clients_own_link_with_a_compressed_column() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_docs_table(db, "suite_link_docs");
    run_check_through(
        &sq,
        db,
        "link_status.py",
        "mysql.connector",
        "suite_link_status_compressed",
    );
}
