//! Soak under backend loss (issue 17): N client sessions of mixed work
//! through squeeze (text and prepared reads of a compressed JSON column
//! checked byte for byte, single-row autocommit writes, two-row
//! transactions, a writer that reconnects and retries a failed transaction
//! from BEGIN) while MariaDB is killed with SIGKILL and restarted every K
//! seconds; then every write is checked against the server. Prints a table
//! per session kind and
//! `RESULT lost=.. torn=.. mismatched=.. crashes=.. max_rss_mb=..`.
//!
//! Run: `cargo bench --bench soak` (600 s, a kill every 120 s, 8 sessions)
//! or `cargo bench --bench soak -- --seconds 60 --kill-every 20 --sessions 4
//! --seed 1`. MariaDB runs with `innodb_flush_log_at_trx_commit=1`, so an
//! acknowledged commit survives the kill and "lost" measures squeeze.
//! Needs mariadbd, mariadb-install-db and mariadb (apt-get install
//! mariadb-server mariadb-client). The code is shared with `tests/soak.rs`
//! (a 60 s run with 2 kills in the test command).
//! `SQUEEZE_BIN=path` soaks another squeeze build (e.g. one from before a
//! fix). Exit status 1 when anything was lost, torn, mismatched or crashed.

#[path = "../../tests/support/soak.rs"]
mod soak;
#[path = "../../tests/support/mod.rs"]
mod support;

fn main() {
    let opts = soak::Options::from_args(std::env::args().skip(1)).unwrap_or_else(|e| {
        eprintln!("{e}\nusage: {}", soak::USAGE);
        std::process::exit(2);
    });
    let report = soak::run(&opts);
    if !report.clean() {
        std::process::exit(1);
    }
}
