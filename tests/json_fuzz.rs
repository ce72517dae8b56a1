//! Issue 44, "the JSON evaluator is exact": a bounded run of the seeded
//! statement-level JSON differential fuzzer (tests/support/json_fuzz.rs).
//! JSON_FUZZ_SEEDS (comma list) and JSON_FUZZ_COUNT (statements per seed)
//! override the defaults; `bench/json_fuzz` is the long run.
mod support;

use support::json_fuzz::{params, Fuzz};
use support::MariaDb;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeded_json_statements_through_squeeze_answer_as_mariadb_or_refuse() {
    let (seeds, count) = params(&[0x0044_f001], 2500);
    let db = MariaDb::start();
    let mut fuzz = Fuzz::setup(&db).await;
    for seed in &seeds {
        println!("json_fuzz seed {seed:#x}, {count} statements");
        fuzz.run_seed(*seed, count).await;
    }
    print!("{}", fuzz.report());
    let wrong = fuzz.totals().wrong;
    assert_eq!(wrong, 0, "{wrong} wrong answers (printed above)");
}
