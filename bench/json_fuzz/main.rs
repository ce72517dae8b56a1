//! The long JSON differential fuzz run: the statement-level fuzzer of
//! tests/support/json_fuzz.rs over at least three seeds, 10,000 statements
//! each by default (30,000 in all), in a release build.
//!
//! Run: `cargo bench --bench json_fuzz` (squeeze evaluates, issue 44) or
//! `cargo bench --bench json_fuzz -- --in-server` (the server evaluates
//! through squeeze's in-server functions, installed on a server of its
//! own: issue 45); JSON_FUZZ_SEEDS (comma list) and JSON_FUZZ_COUNT
//! (statements per seed) override the defaults. Prints the per-class table
//! and the RESULT line; exits 1 on a wrong answer.
#[path = "../../tests/support/mod.rs"]
mod support;

use support::json_fuzz::{params, Fuzz};
use support::MariaDb;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let in_server = std::env::args().any(|a| a == "--in-server");
    let (seeds, count) = params(&[0x0044_f101, 0x0044_f102, 0x0044_f103], 10_000);
    let db = if in_server {
        let db = support::in_server::server();
        support::in_server::install(&db);
        db
    } else {
        MariaDb::start()
    };
    let mut fuzz = Fuzz::setup(&db).await;
    for seed in &seeds {
        println!("json_fuzz seed {seed:#x}, {count} statements");
        fuzz.run_seed(*seed, count).await;
    }
    print!("{}", fuzz.report());
    if in_server {
        // Paths MariaDB evaluates depending on the rows before (`**`,
        // `last`), counted apart (docs/json.md, known differences).
        let stateful = fuzz
            .failures
            .iter()
            .filter(|f| {
                let head = f.lines().next().unwrap_or_default();
                head.contains("**") || head.contains("[last") || head.contains("to last")
            })
            .count();
        println!(
            "in-server: {} wrong, {stateful} of them over row-dependent paths",
            fuzz.totals().wrong
        );
    }
    if fuzz.totals().wrong > 0 {
        std::process::exit(1);
    }
}
