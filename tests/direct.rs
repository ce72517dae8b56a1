//! Validates the client scenarios against MariaDB directly (no proxy), so a
//! failure through the proxy is known to be the proxy's, and checks the
//! harness itself.
mod support;

use support::{raw, scenarios, MariaDb};

/// `direct!(claim => scenario)`: the scenario run twice directly gives
/// identical outcomes (so a difference through squeeze is squeeze's).
macro_rules! direct {
    ($test:ident => $name:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $test() {
            let db = MariaDb::shared();
            let out = scenarios::$name(db.port, concat!("direct_", stringify!($name))).await;
            assert!(!out.is_empty());
            // Running the same scenario twice gives identical outcomes, so
            // the outcomes are fit for direct-vs-proxy comparison.
            let again = scenarios::$name(db.port, concat!("direct_", stringify!($name))).await;
            scenarios::compare(stringify!($name), &out, &again);
        }
    };
}

direct!(text_types_scenario_repeats_identically_direct => text_types);
direct!(binary_protocol_scenario_repeats_identically_direct => binary_protocol);
direct!(multi_results_scenario_repeats_identically_direct => multi_results);
direct!(session_commands_scenario_repeats_identically_direct => session_commands);
direct!(load_data_local_scenario_repeats_identically_direct => load_data_local);
direct!(errors_scenario_repeats_identically_direct => errors);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_packets_scenario_gets_all_seven_answers_direct() {
    let db = MariaDb::shared();
    let out = scenarios::big_packets(db.port, "direct_big").await;
    assert_eq!(out.len(), 7);
}

#[test]
fn the_cursor_exchange_runs_against_mariadb_directly() {
    let db = MariaDb::shared();
    let packets = support::cursor::run(db.port, "direct_cursor");
    assert!(packets.len() > 5);
}

#[test]
fn raw_login_wrong_password() {
    let db = MariaDb::shared();
    let err = raw::RawConn::login(db.port, "app", "wrong", None)
        .err()
        .expect("login must fail");
    assert_eq!(
        raw::parse_err(&err),
        (
            1045,
            "Access denied for user 'app'@'127.0.0.1' (using password: YES)".to_string()
        )
    );
}

#[test]
fn init_db_and_ping_replies_are_the_same_on_every_run_directly() {
    let db = MariaDb::shared();
    let log = raw::init_db_exchange(db.port, "direct_initdb");
    assert_eq!(log, raw::init_db_exchange(db.port, "direct_initdb"));
}
