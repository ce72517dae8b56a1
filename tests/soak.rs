//! The short soak of issue 17 (the same code as `bench/soak`): 60 s of
//! mixed sessions through squeeze with MariaDB SIGKILLed and restarted
//! twice.

#[path = "support/soak.rs"]
mod soak;
mod support;

#[test]
fn sixty_seconds_with_two_backend_kills_lose_tear_and_corrupt_nothing_and_squeeze_survives() {
    let r = soak::run(&soak::Options {
        seconds: 60,
        kill_every: 20,
        sessions: 8,
        seed: 17,
        squeeze_bin: None,
    });
    assert_eq!(r.kills, 2, "the run must kill the server twice");
    // Every kind of session did work that was checked.
    for (kind, s) in &r.per_kind {
        assert!(
            s.acked > 0,
            "{kind:?} sessions had nothing acknowledged: {s:?}"
        );
    }
    assert!(r.pairs_acked > 0 && r.rows_checked > 0, "{r:?}");
    assert_eq!(
        (r.lost, r.torn, r.mismatched, r.crashes),
        (0, 0, 0, 0),
        "lost, torn, mismatched, crashes: {r:?}"
    );
}
