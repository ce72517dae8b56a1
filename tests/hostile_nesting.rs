//! The `hostile_nesting` fuzz target's builder and checks (fuzz/generators/
//! nesting.rs) on every test run: every head with every wrapper one level
//! under and one level over the nesting budget, chains of binary operators
//! far longer than any budget, and seeded random mixes of wrappers
//! thousands of levels deep, each through the statement rewrite on a
//! thread with the session workers' stack. A stack overflow aborts this
//! binary (the test fails); a panic fails the test.

#[path = "../fuzz/generators/nesting.rs"]
mod nesting;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use squeeze::limits::stack::ANALYSIS_STACK;
use squeeze::sql::nesting::MAX_NESTING;

/// How long a statement of `len` bytes may take (a debug build, several
/// times slower than the fuzzer's release build): linear in its size, so a
/// scan per nesting level shows (916 nested subqueries, 24 KB, took 600 ms
/// before the bare-name resolution stopped visiting every table reference).
fn time_bound(len: usize) -> Duration {
    Duration::from_millis(100 + (len / 512) as u64)
}

fn answer_on_the_production_stack(
    analyzer: &nesting::Analyzer,
    sql: &str,
) -> (nesting::Answer, Duration) {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(ANALYSIS_STACK)
            .spawn_scoped(s, || {
                let started = Instant::now();
                let answer = analyzer.answer(sql);
                (answer, started.elapsed())
            })
            .expect("thread starts")
            .join()
            .expect("the rewrite never panics")
    })
}

fn check(analyzer: &nesting::Analyzer, built: &nesting::Built) -> nesting::Answer {
    let (answer, took) = answer_on_the_production_stack(analyzer, &built.sql);
    if let Err(why) = nesting::judge(built, &answer) {
        panic!("{why}: {:.300}", built.sql);
    }
    assert!(
        took < time_bound(built.sql.len()),
        "{} bytes took {took:?}: {:.300}",
        built.sql.len(),
        built.sql
    );
    answer
}

#[test]
fn every_head_with_every_wrapper_around_every_atom_is_answered_under_the_budget_and_refused_over_it(
) {
    // Around every atom: an attempt that reparses per level shows only
    // around some (nested JSON_EXTRACTs around `id` were tried as JSON
    // items and again as ordinary calls at every level: 20 levels took
    // 1.2 s, 50 never ended).
    let analyzer = nesting::Analyzer::new();
    let mut over = 0;
    for head in 0..nesting::heads() {
        for wrapper in 0..nesting::wrappers(head) {
            let levels = nesting::wrapper_levels(head, wrapper);
            if levels == 0 {
                // A chain, not nesting: survival at 20,000 links.
                let built = nesting::build_runs(head, 0, &[(wrapper, 20_000)], false);
                let _ = check(&analyzer, &built);
                continue;
            }
            let under = (MAX_NESTING - nesting::HEAD_LEVELS) / levels;
            for atom in 0..nesting::atoms(head) {
                let built = nesting::build_runs(head, atom, &[(wrapper, under)], false);
                let answer = check(&analyzer, &built);
                assert_ne!(
                    answer,
                    Err(1436),
                    "{under} x wrapper {wrapper} around atom {atom} refused for depth: {:.300}",
                    built.sql
                );
            }
            let built = nesting::build_runs(head, 0, &[(wrapper, MAX_NESTING + 1)], false);
            let _ = check(&analyzer, &built);
            over += 1;
        }
    }
    assert!(over > 100, "only {over} shapes over the budget");
}

#[test]
fn seeded_mixes_of_wrappers_thousands_deep_never_crash_and_are_judged_by_depth() {
    let analyzer = nesting::Analyzer::new();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5eed_0043);
    let (mut refused_deep, mut answered) = (0, 0);
    for _ in 0..300 {
        let len = rng.gen_range(2..14);
        let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        let built = nesting::build(&data);
        match check(&analyzer, &built) {
            Err(1436) => refused_deep += 1,
            Ok(_) => answered += 1,
            Err(_) => {}
        }
    }
    // The mix reaches both sides of the budget.
    assert!(
        refused_deep > 30 && answered > 30,
        "refused for depth {refused_deep}, answered {answered}"
    );
}

#[test]
fn the_derived_column_is_written_by_a_nested_update_and_refused_past_sixteen_conditionals() {
    // The write deriver really runs on these shapes (the checks above would
    // prove little if extracted columns were never derived); past 16
    // nested conditionals it refuses, naming the column, rather than send
    // the server a derived expression quadratic in the nesting (997 nested
    // IFNULLs were rewritten to 6.5 MB).
    let analyzer = nesting::Analyzer::new();
    let update = |n: usize| {
        format!(
            "UPDATE docs SET doc = {}'{{\"author\": \"x\"}}'{} WHERE id = 1",
            "IF(id = 1, ".repeat(n),
            ", doc)".repeat(n)
        )
    };
    let (answer, _) = answer_on_the_production_stack(&analyzer, &update(16));
    let sent = answer.expect("rewritten");
    assert!(
        String::from_utf8_lossy(&sent).contains("doc_author"),
        "{:.300}",
        String::from_utf8_lossy(&sent)
    );
    assert!(sent.len() < 64 * update(16).len(), "{} bytes", sent.len());
    let (answer, _) = answer_on_the_production_stack(&analyzer, &update(17));
    assert_eq!(answer, Err(1235));
}

#[test]
fn every_input_the_fuzzer_once_failed_on_is_judged_and_answered_in_time() {
    let analyzer = nesting::Analyzer::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/fuzz_regressions") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("hostile_nesting-") {
            continue;
        }
        let built = nesting::build(&std::fs::read(&path).unwrap());
        let _ = check(&analyzer, &built);
        replayed += 1;
    }
    assert!(
        replayed >= 1,
        "no hostile_nesting inputs in {}",
        dir.display()
    );
}
