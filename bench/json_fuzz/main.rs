//! Issue 44's long JSON differential fuzz run: the statement-level fuzzer
//! of tests/support/json_fuzz.rs over at least three seeds, 10,000
//! statements each by default (30,000 in all), in a release build.
//!
//! Run: `cargo bench --bench json_fuzz`; JSON_FUZZ_SEEDS (comma list) and
//! JSON_FUZZ_COUNT (statements per seed) override the defaults. Prints the
//! per-class table and the RESULT line; exits 1 on a wrong answer.
#[path = "../../tests/support/mod.rs"]
mod support;

use support::json_fuzz::{params, Fuzz};
use support::MariaDb;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let (seeds, count) = params(&[0x0044_f101, 0x0044_f102, 0x0044_f103], 10_000);
    let db = MariaDb::start();
    let mut fuzz = Fuzz::setup(&db).await;
    for seed in &seeds {
        println!("json_fuzz seed {seed:#x}, {count} statements");
        fuzz.run_seed(*seed, count).await;
    }
    print!("{}", fuzz.report());
    if fuzz.totals().wrong > 0 {
        std::process::exit(1);
    }
}
