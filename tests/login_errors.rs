//! A refused login through squeeze looks as it does directly: the same ERR
//! code, SQLSTATE and message, for a wrong password and for an unknown
//! user, whether squeeze checks the account (`[[users]]`) or relays the
//! login to the server (`accounts = "server"`); and each refusal is
//! counted once, under `connections_total{outcome="auth_failed"}` and
//! `auth_failures_total`.

mod support;

use std::time::{Duration, Instant};

use support::{http_get, raw, MariaDb, Squeeze, APP_PASS, APP_USER};

/// (code, SQLSTATE, message) of an ERR packet.
fn err_parts(p: &[u8]) -> (u16, String, String) {
    assert_eq!(p[0], 0xFF, "not an ERR packet: {p:?}");
    assert_eq!(p.get(3), Some(&b'#'), "an ERR without SQLSTATE: {p:?}");
    (
        u16::from_le_bytes([p[1], p[2]]),
        String::from_utf8_lossy(&p[4..9]).into_owned(),
        String::from_utf8_lossy(&p[9..]).into_owned(),
    )
}

fn refused(port: u16, user: &str, pass: &str) -> (u16, String, String) {
    match raw::RawConn::login(port, user, pass, None) {
        Ok(_) => panic!("{user} logged in through 127.0.0.1:{port} with a wrong password"),
        Err(p) => err_parts(&p),
    }
}

/// The value of the metric line that starts with `series ` (0 if absent).
fn metric(sq: &Squeeze, series: &str) -> u64 {
    let (_, body) = http_get(&sq.admin_addr(), "/metrics");
    body.lines()
        .find_map(|l| {
            l.strip_prefix(series)?
                .strip_prefix(' ')?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or(0)
}

fn same_errs_as_direct_and_counted_once(db: &MariaDb, sq: &Squeeze) {
    let failed = "squeeze_connections_total{outcome=\"auth_failed\"}";
    // The harness's readiness probe connects and leaves: let it be
    // counted before the baseline is taken.
    std::thread::sleep(Duration::from_millis(500));
    let gone = "squeeze_connections_total{outcome=\"client_gone\"}";
    let gone_before = metric(sq, gone);
    let (failed_before, auth_before) = (
        metric(sq, failed),
        metric(sq, "squeeze_auth_failures_total"),
    );
    let cases = [
        (APP_USER, "not the password"),
        ("nobody_at_all", "whatever"),
    ];
    for (user, pass) in cases {
        assert_ne!(pass, APP_PASS);
        let direct = refused(db.port, user, pass);
        assert_eq!(direct.0, 1045, "{direct:?}");
        assert_eq!(refused(sq.port, user, pass), direct, "user {user}");
    }
    // Counted once each, with the outcome label (the counters move after
    // the ERR is written: wait briefly).
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let got = (
            metric(sq, failed) - failed_before,
            metric(sq, "squeeze_auth_failures_total") - auth_before,
        );
        if got == (2, 2) || Instant::now() > deadline {
            assert_eq!(
                got,
                (2, 2),
                "(connections_total auth_failed, auth_failures_total)"
            );
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        metric(sq, gone) - gone_before,
        0,
        "a refused login was also counted as a client that left"
    );
}

#[test]
fn a_wrong_password_and_an_unknown_user_are_refused_as_the_server_refuses_them_and_counted_once() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    same_errs_as_direct_and_counted_once(db, &sq);
}

#[test]
fn a_login_relayed_to_the_server_is_refused_with_its_own_err_and_counted_once() {
    let db = MariaDb::shared();
    let toml = format!(
        "[auth]\naccounts = \"server\"\naccounts_user = \"{APP_USER}\"\naccounts_password = \"{APP_PASS}\"\n\n[backend]\naddress = \"127.0.0.1:{}\"\n",
        db.port
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    same_errs_as_direct_and_counted_once(db, &sq);
}
