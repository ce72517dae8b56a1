//! Statements the fuzzer builds as deep as it likes (see
//! `generators/nesting.rs`: parentheses, prefix operators, CAST, IF, CASE,
//! subqueries, JSON functions, table references, PREPARE texts and JSON
//! literals, mixed and repeated thousands of levels, closed or not), through
//! the whole statement rewrite on a thread with the session workers' stack:
//! never a stack overflow or a panic, answered within a second, refused with
//! ERR 1436 past the nesting budget and never refused for depth below it.
#![no_main]

#[path = "../generators/nesting.rs"]
#[allow(dead_code)] // the seeded tests use the rest
mod nesting;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;

static ANALYZER: OnceLock<nesting::Analyzer> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let built = nesting::build(data);
    let analyzer = ANALYZER.get_or_init(nesting::Analyzer::new);
    let (answer, took) = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(squeeze::limits::stack::ANALYSIS_STACK)
            .spawn_scoped(s, || {
                let started = Instant::now();
                let answer = analyzer.answer(&built.sql);
                (answer, started.elapsed())
            })
            .expect("thread starts")
            .join()
            .expect("the rewrite never panics")
    });
    if let Err(why) = nesting::judge(&built, &answer) {
        panic!("{why}: {:.200}", built.sql);
    }
    assert!(
        took < Duration::from_secs(1),
        "{} bytes took {took:?}: {:.200}",
        built.sql.len(),
        built.sql
    );
});
