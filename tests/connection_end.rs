//! How a connection the server ends reaches the client through squeeze.
mod support;

use std::io::ErrorKind;
use std::time::Duration;

use support::raw::RawConn;
use support::{MariaDb, Squeeze, APP_PASS, APP_USER};

/// What a client reading an idle connection sees once the server has
/// ended it at `wait_timeout`.
fn after_wait_timeout(port: u16) -> Result<Vec<u8>, ErrorKind> {
    let mut c = RawConn::login(port, APP_USER, APP_PASS, None).expect("login");
    let ok = c.simple("SET SESSION wait_timeout = 1");
    assert_eq!(ok[0][0], 0, "SET wait_timeout: {ok:?}");
    std::thread::sleep(Duration::from_millis(2500));
    c.read_packet().map_err(|e| e.kind())
}

/// MariaDB resets a connection it ends at `wait_timeout` (mysql2's own
/// test-server-close sees ECONNRESET directly); squeeze resets the
/// client's connection too, rather than closing it in order.
#[test]
fn a_connection_the_server_resets_at_wait_timeout_is_reset_through_squeeze_too() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let direct = after_wait_timeout(db.port);
    assert_eq!(direct, Err(ErrorKind::ConnectionReset), "direct");
    let through = after_wait_timeout(sq.port);
    assert_eq!(through, direct, "squeeze log:\n{}", sq.log_tail());
}
