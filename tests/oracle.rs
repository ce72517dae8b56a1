//! The differential oracle (see `tests/support/oracle.rs`): the same
//! statements against an uncompressed `truth` copy and through squeeze. The
//! answers must be equal, or squeeze must refuse with ERR 1235 naming the
//! column: zero leaks, zero wrong answers, over the hand-written corpus
//! (`tests/oracle/corpus.sql`, text and prepared) and 5,000 generated
//! statements with a fixed seed. `ORACLE_SEED=N ORACLE_COUNT=M cargo test
//! --test oracle -- --nocapture` runs any number with any seed (`ORACLE_SEED=random`
//! draws one and prints it) and prints the counts per shape class.

mod support;

use support::MariaDb;

#[test]
fn squeeze_answers_as_truth_or_refuses_over_the_corpus_and_generated_statements() {
    let db = MariaDb::start();
    support::oracle::run_all(&db, 5000);
}

#[test]
fn squeeze_answers_as_truth_or_refuses_over_the_ring_two_read_corpus() {
    let db = MariaDb::start();
    support::oracle::run_ring_two_reads(&db);
}

#[test]
fn squeeze_answers_as_truth_or_refuses_over_the_ring_three_read_corpus() {
    let db = MariaDb::start();
    support::oracle::run_ring_three_reads(&db);
}
