//! Differences the public client test suites found between MariaDB directly
//! and squeeze (`bench/client_suites/run.py`), each pinned with the client
//! library whose suite showed it, direct and through squeeze compared.
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
