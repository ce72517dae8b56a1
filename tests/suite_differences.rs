//! Differences the public client test suites found between MariaDB directly
//! and squeeze (`bench/client_suites/run.py`), each pinned with the client
//! library whose suite showed it, direct and through squeeze compared.
//! (TLS and the compressed protocol end at squeeze; `SHOW STATUS` still
//! answers for the client's link.)
mod support;

use support::pyclients::run_check;
use support::MariaDb;

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
