//! Issue 45's benchmark: reads inside compressed documents evaluated by the
//! server through squeeze's in-server functions, against the same
//! statements on an uncompressed copy queried directly, side by side.
//!
//! Two MariaDB servers, each with the functions installed (`squeeze udf
//! install`) and two tables of the same `--rows` documents: `ib.docs`
//! (`doc LONGBLOB`, written through squeeze with the shipped reddit
//! dictionary) and `ib.plain` (`doc LONGTEXT CHARACTER SET utf8mb4 COLLATE
//! utf8mb4_bin`, written directly). The first server's buffer pool holds
//! both tables (CPU-bound); the second's is a sixth of the plain table's
//! size (the plain table must come from disk, the compressed one mostly
//! fits: I/O-bound).
//!
//! Statements, alternated round by round so machine noise falls on all:
//!
//! - `scan`: `SELECT COUNT(*) FROM t WHERE JSON_VALUE(doc, '$.subreddit') = ?`
//!   (a full scan; through squeeze the server reads `doc` through
//!   `squeeze_inflate`);
//! - `order`: `SELECT id FROM t ORDER BY JSON_VALUE(doc, '$.score') DESC, id
//!   LIMIT 10` (the key through `squeeze_fn.document`);
//! - `point`: `SELECT doc FROM t WHERE id = ?` (squeeze inflates the result;
//!   no server CPU for the document).
//!
//! Reported per statement and server: queries/s through squeeze on the
//! compressed table and directly on the copy, their ratio, and the
//! server's CPU per row scanned (mariadbd's user+system time over the run,
//! from /proc, divided by rows examined). Correctness is checked before
//! timing: each side's answers equal for every subreddit drawn and the
//! ordered ids.
//!
//! Run: `cargo bench --bench in_server` (300,000 rows) or `-- --quick`
//! (20,000 rows). Options: `--rows N --seconds S --rounds N --threads N`.
//! Prints a table and a last line `RESULT key=value ...`.

#[path = "../corpus.rs"]
mod corpus;
#[path = "../load.rs"]
mod load;
#[path = "../../tests/support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use support::{dump, MariaDb, Squeeze, TestServer};

const DB: &str = "ib";

struct Options {
    rows: usize,
    seconds: f64,
    rounds: usize,
    threads: usize,
}

fn options() -> Options {
    let mut o = Options {
        rows: 300_000,
        seconds: 4.0,
        rounds: 3,
        threads: 4,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--quick") {
        o.rows = 20_000;
        o.seconds = 2.0;
        o.rounds = 2;
    }
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rows" => o.rows = v.parse().expect("--rows N"),
            "--seconds" => o.seconds = v.parse().expect("--seconds S"),
            "--rounds" => o.rounds = v.parse().expect("--rounds N"),
            "--threads" => o.threads = v.parse().expect("--threads N"),
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

/// mariadbd's user + system CPU seconds so far.
fn server_cpu(db: &MariaDb) -> f64 {
    let pid = std::fs::read_to_string(db.dir.join("mysqld.pid")).unwrap_or_default();
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    // Fields after the command name's closing parenthesis: utime is the 12th.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Scan,
    Order,
    Point,
}

/// Queries/s of `kind` on `table` over `threads` sessions on `port`.
async fn measure(
    port: u16,
    table: &str,
    kind: Kind,
    subs: &Arc<Vec<String>>,
    rows: usize,
    threads: usize,
    seconds: f64,
) -> (f64, u64) {
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for t in 0..threads {
        let (subs, table) = (subs.clone(), table.to_string());
        tasks.push(tokio::spawn(async move {
            let mut c = dump::connect(port, Some(DB)).await;
            let sql = match kind {
                Kind::Scan => {
                    format!("SELECT COUNT(*) FROM {table} WHERE JSON_VALUE(doc, '$.subreddit') = ?")
                }
                Kind::Order => format!(
                    "SELECT id FROM {table} ORDER BY JSON_VALUE(doc, '$.score') DESC, id LIMIT 10"
                ),
                Kind::Point => format!("SELECT doc FROM {table} WHERE id = ?"),
            };
            let stmt = c.prep(&sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
            let mut n = 0u64;
            let mut x = (t as u64 + 7).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            while Instant::now() < deadline {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = (x >> 33) as usize;
                match kind {
                    Kind::Scan => {
                        let _: Option<u64> = c
                            .exec_first(&stmt, (subs[pick % subs.len()].as_str(),))
                            .await
                            .expect("scan");
                    }
                    Kind::Order => {
                        let r: Vec<u64> = c.exec(&stmt, ()).await.expect("order");
                        assert_eq!(r.len(), 10.min(rows));
                    }
                    Kind::Point => {
                        let r: Vec<Vec<u8>> =
                            c.exec(&stmt, (pick % rows + 1,)).await.expect("point");
                        assert_eq!(r.len(), 1);
                    }
                }
                n += 1;
            }
            n
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    (total as f64 / start.elapsed().as_secs_f64(), total)
}

struct Setup {
    db: MariaDb,
    sq: Squeeze,
    plain_mb: f64,
    docs_mb: f64,
}

async fn setup(buffer_pool: &str, docs: &Arc<Vec<Vec<u8>>>) -> Setup {
    let bp = format!("--innodb-buffer-pool-size={buffer_pool}");
    let db = support::in_server::server_with(&[&bp]);
    db.fresh_db(DB);
    db.root_sql(&format!(
        "CREATE TABLE {DB}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB); CREATE TABLE {DB}.plain (id BIGINT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)"
    ));
    support::in_server::install(&db);
    let sq = Squeeze::for_docs_table_keeping(&db, DB);
    load::load(sq.port, DB, "docs", docs.clone(), 2).await;
    load::load(db.port(), DB, "plain", docs.clone(), 2).await;
    let sizes = db.root_sql(&format!(
        "ANALYZE TABLE {DB}.docs, {DB}.plain; SELECT TABLE_NAME, (DATA_LENGTH + INDEX_LENGTH) / 1048576 FROM information_schema.TABLES WHERE TABLE_SCHEMA = '{DB}' ORDER BY TABLE_NAME"
    ));
    let mb = |t: &str| {
        sizes
            .lines()
            .find(|l| l.starts_with(&format!("{t}\t")))
            .and_then(|l| l.split('\t').nth(1))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    Setup {
        plain_mb: mb("plain"),
        docs_mb: mb("docs"),
        db,
        sq,
    }
}

/// Both sides answer alike before anything is timed.
async fn check(s: &Setup, subs: &[String]) {
    let mut via = dump::connect(s.sq.port, Some(DB)).await;
    let mut direct = dump::connect(s.db.port(), Some(DB)).await;
    for sub in subs.iter().take(5) {
        let q = |t: &str| {
            format!(
                "SELECT COUNT(*) FROM {t} WHERE JSON_VALUE(doc, '$.subreddit') = '{}'",
                sub.replace('\'', "''")
            )
        };
        let a: Option<u64> = via.query_first(q("docs")).await.unwrap();
        let b: Option<u64> = direct.query_first(q("plain")).await.unwrap();
        assert_eq!(a, b, "scan counts for {sub}");
    }
    let q = |t: &str| {
        format!("SELECT id FROM {t} ORDER BY JSON_VALUE(doc, '$.score') DESC, id LIMIT 10")
    };
    let a: Vec<u64> = via.query(q("docs")).await.unwrap();
    let b: Vec<u64> = direct.query(q("plain")).await.unwrap();
    assert_eq!(a, b, "ordered ids");
}

fn main() {
    let o = options();
    let text = corpus::read(&corpus::shipped("reddit_comments_t1"));
    let corpus_docs = corpus::lines(&text);
    let docs: Arc<Vec<Vec<u8>>> = Arc::new(
        (0..o.rows)
            .map(|i| corpus_docs[i % corpus_docs.len()].to_vec())
            .collect(),
    );
    let mut subs: Vec<String> = corpus_docs
        .iter()
        .filter_map(|d| serde_json::from_slice::<serde_json::Value>(d).ok())
        .filter_map(|v| {
            v.get("subreddit")
                .and_then(|s| s.as_str())
                .map(str::to_string)
        })
        .collect();
    subs.sort();
    subs.dedup();
    let subs = Arc::new(subs);
    let raw_mb = docs.iter().map(|d| d.len()).sum::<usize>() as f64 / 1048576.0;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut lines = Vec::new();
        let mut result = Vec::new();
        for (label, pool) in [("memory", "2G".to_string()), ("io", format!("{}M", ((raw_mb * 1.15 / 6.0).ceil() as u64).max(8)))] {
            let s = setup(&pool, &docs).await;
            check(&s, &subs).await;
            println!("{label}: buffer pool {pool}, plain {:.0} MB, compressed {:.0} MB", s.plain_mb, s.docs_mb);
            for (name, kind) in [("scan", Kind::Scan), ("order", Kind::Order), ("point", Kind::Point)] {
                let (mut via, mut direct) = (Vec::new(), Vec::new());
                let (mut cpu_via, mut cpu_direct, mut n_via, mut n_direct) = (0.0, 0.0, 0u64, 0u64);
                for _ in 0..o.rounds {
                    let c0 = server_cpu(&s.db);
                    let (q, n) = measure(s.sq.port, "docs", kind, &subs, o.rows, o.threads, o.seconds).await;
                    cpu_via += server_cpu(&s.db) - c0;
                    n_via += n;
                    via.push(q);
                    let c0 = server_cpu(&s.db);
                    let (q, n) = measure(s.db.port(), "plain", kind, &subs, o.rows, o.threads, o.seconds).await;
                    cpu_direct += server_cpu(&s.db) - c0;
                    n_direct += n;
                    direct.push(q);
                }
                let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
                let (a, b) = (mean(&via), mean(&direct));
                let scanned = |n: u64| if kind == Kind::Point { n as f64 } else { n as f64 * o.rows as f64 };
                let us_via = cpu_via * 1e6 / scanned(n_via).max(1.0);
                let us_direct = cpu_direct * 1e6 / scanned(n_direct).max(1.0);
                lines.push(format!(
                    "| {label} | {name} | {b:.1} | {a:.1} | {:.2}x | {us_direct:.2} | {us_via:.2} |",
                    a / b
                ));
                result.push(format!("{label}_{name}_ratio={:.2}", a / b));
                result.push(format!("{label}_{name}_cpu_us_per_row_squeeze={us_via:.2}"));
            }
        }
        println!("\n| buffer pool | statement | direct on copy q/s | squeeze, server-evaluated q/s | ratio | server CPU µs/row direct | server CPU µs/row squeeze |");
        println!("|---|---|---:|---:|---:|---:|---:|");
        for l in &lines {
            println!("{l}");
        }
        println!("RESULT in_server rows={} {}", o.rows, result.join(" "));
    });
}
