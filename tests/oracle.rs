//! The differential oracle (see `tests/support/oracle.rs`): the same
//! statements against an uncompressed `truth` copy and through squeeze. The
//! answers must be equal, or squeeze must refuse with ERR 1235 naming the
//! column: zero leaks, zero wrong answers, over the hand-written corpus
//! (`tests/oracle/corpus.sql`, text and prepared) and 5,000 generated
//! statements with a fixed seed. `ORACLE_SEED=N ORACLE_COUNT=M cargo test
//! --test oracle -- --nocapture` runs any number with any seed (`ORACLE_SEED=random`
//! draws one and prints it) and prints the counts per shape class.

mod support;

use support::oracle::{generate, setup, Rng};
use support::MariaDb;

/// Cases of the corpus: (class, statements).
fn corpus() -> Vec<(String, Vec<String>)> {
    let text = include_str!("oracle/corpus.sql");
    let mut class = String::from("none");
    let mut cases = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix("## ") {
            class = c.trim().to_string();
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let stmts = line.split(" ;; ").map(|s| s.trim().to_string()).collect();
        cases.push((class.clone(), stmts));
    }
    cases
}

/// The write corpus with its placeholders filled: (class, statement).
fn write_cases() -> Vec<(String, String)> {
    let docs: Vec<String> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap()
    .lines()
    .filter(|l| l.is_ascii() && (300..3000).contains(&l.len()))
    .skip(100)
    .take(6)
    .map(str::to_string)
    .collect();
    let quote = |s: &str| format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"));
    let half = docs[5].len() / 2;
    let mut fills: Vec<(String, String)> = (0..6)
        .map(|i| (format!("{{J{}}}", i + 1), quote(&docs[i])))
        .collect();
    fills.push(("{H1}".into(), quote(&docs[5][..half])));
    fills.push(("{H2}".into(), quote(&docs[5][half..])));
    let mut class = String::from("none");
    let mut cases = Vec::new();
    for line in include_str!("oracle/writes.sql").lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix("## ") {
            class = format!("write {}", c.trim());
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut sql = line.to_string();
        for (k, v) in &fills {
            sql = sql.replace(k, v);
        }
        cases.push((class.clone(), sql));
    }
    cases
}

#[test]
fn squeeze_answers_as_truth_or_refuses_over_the_corpus_and_generated_statements() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let db = MariaDb::start();
    rt.block_on(async {
        let (mut sq, mut o) = setup(&db).await;
        o.assert_stored_compressed().await;
        let cases = corpus();
        assert!(cases.len() >= 200, "corpus has {} cases", cases.len());
        for (class, stmts) in &cases {
            if stmts.len() > 1 {
                o.reconnect().await;
                o.check_case(class, stmts).await;
                o.reconnect().await;
            } else {
                o.check(class, &stmts[0], false).await;
                o.check(&format!("{class} (prepared)"), &stmts[0], true)
                    .await;
            }
        }
        let hand = o.report();
        println!("hand-written corpus:\n{hand}");
        let corpus_failures = o.failures.clone();
        o.counts.clear();
        let seed: u64 = match std::env::var("ORACLE_SEED").as_deref() {
            Ok("random") => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64,
            Ok(s) => s.parse().expect("ORACLE_SEED is a number or `random`"),
            Err(_) => 20261123,
        };
        let count: usize = std::env::var("ORACLE_COUNT")
            .ok()
            .map(|c| c.parse().expect("ORACLE_COUNT is a number"))
            .unwrap_or(5000);
        let mut rng = Rng::new(seed);
        let started = std::time::Instant::now();
        for _ in 0..count {
            let (sql, class) = generate(&mut rng);
            o.check(class, &sql, false).await;
        }
        println!(
            "generated (seed {seed}, {count} statements, {:.1} s):\n{}",
            started.elapsed().as_secs_f64(),
            o.report()
        );
        let writes = write_cases();
        assert!(
            writes.len() >= 40,
            "write corpus has {} cases",
            writes.len()
        );
        o.counts.clear();
        let before = o.failures.len();
        for (class, sql) in &writes {
            o.check_write(class, sql).await;
        }
        println!("write corpus:\n{}", o.report());
        let write_failures: Vec<String> = o.failures[before..].to_vec();
        sq.assert_alive();
        let mut all = corpus_failures;
        all.extend(o.failures.iter().skip(all.len()).cloned());
        for f in write_failures {
            if !all.contains(&f) {
                all.push(f);
            }
        }
        assert!(
            all.is_empty(),
            "{} leaks or wrong answers:\n{}",
            all.len(),
            all.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
        );
    });
}
