//! What the select-list JSON path costs (issue 35): a point select of one
//! JSON field, `SELECT JSON_EXTRACT(doc, '$.author') FROM docs WHERE id = ?`,
//! evaluated by squeeze on the inflated document, against the whole-document
//! point select `SELECT doc FROM docs WHERE id = ?` through the same squeeze,
//! on the same compressed table (the shipped reddit_comments corpus), and
//! both directly on MariaDB over an uncompressed LONGTEXT copy for scale.
//! Prepared statements, `--threads` client sessions, rounds alternating the
//! two statements so machine noise falls on both. Prints a table and
//! `RESULT json_select_qps=.. whole_doc_qps=.. ratio=..` (target: ratio
//! >= 0.9, the JSON path within 10% of the whole-document read).
//!
//! Run: `cargo bench --bench json` or `cargo bench --bench json --
//! --rows 2000 --seconds 3 --rounds 3 --threads 4`. Needs mariadbd,
//! mariadb-install-db and mariadb (apt-get install mariadb-server
//! mariadb-client).

#[path = "../../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use support::{dump, MariaDb, Squeeze, TestServer};

struct Options {
    rows: usize,
    seconds: f64,
    rounds: usize,
    threads: usize,
}

fn options() -> Options {
    let mut o = Options {
        rows: 2000,
        seconds: 3.0,
        rounds: 3,
        threads: 4,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rows" => o.rows = v.parse().expect("--rows N"),
            "--seconds" => o.seconds = v.parse().expect("--seconds S"),
            "--rounds" => o.rounds = v.parse().expect("--rounds N"),
            "--threads" => o.threads = v.parse().expect("--threads N"),
            // cargo bench passes --bench
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

/// Queries per second of `sql` (one `?`, a random id) over `threads`
/// sessions on `port` for `seconds`.
async fn measure(port: u16, db: &str, sql: &str, rows: usize, threads: usize, seconds: f64) -> f64 {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for t in 0..threads {
        let sql = sql.to_string();
        let db = db.to_string();
        tasks.push(tokio::spawn(async move {
            let mut c = dump::connect(port, Some(&db)).await;
            let stmt = c.prep(&sql).await.expect("prepare");
            let mut n = 0u64;
            let mut id = (t * 7919) as u64;
            while Instant::now() < deadline {
                id = (id * 6364136223846793005 + 1442695040888963407) % rows as u64;
                let r: Vec<mysql_async::Row> = c.exec(&stmt, (id + 1,)).await.expect("execute");
                assert_eq!(r.len(), 1, "one row for id {}", id + 1);
                n += 1;
            }
            c.disconnect().await.ok();
            n
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.expect("session");
    }
    total as f64 / seconds
}

fn main() {
    let o = options();
    let db = MariaDb::start();
    let sq = Squeeze::for_docs_table(&db, "jbench");
    db.root_sql(
        "CREATE TABLE jbench.plain (id BIGINT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4)",
    );
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .expect("tests/data/reddit_comments_t1.ndjson");
    let docs: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut through = dump::connect(sq.port, Some("jbench")).await;
        let mut direct = dump::connect(db.port(), Some("jbench")).await;
        let ins = through.prep("INSERT INTO docs (id, doc) VALUES (?, ?)").await.unwrap();
        let plain = direct.prep("INSERT INTO plain (id, doc) VALUES (?, ?)").await.unwrap();
        let mut bytes = 0usize;
        for id in 0..o.rows {
            let d = docs[id % docs.len()];
            bytes += d.len();
            through.exec_drop(&ins, (id as u64 + 1, d)).await.unwrap();
            direct.exec_drop(&plain, (id as u64 + 1, d)).await.unwrap();
        }
        // The field is what the JSON path returns, through squeeze and direct.
        let check = "SELECT JSON_EXTRACT(doc, '$.author') FROM docs WHERE id = 5";
        let a: Option<Option<Vec<u8>>> = through.query_first(check).await.unwrap();
        let b: Option<Option<Vec<u8>>> = direct
            .query_first(check.replace("docs", "plain"))
            .await
            .unwrap();
        assert_eq!(a, b, "the JSON path answers as MariaDB does");
        assert!(a.flatten().is_some(), "document 5 has an author");
        through.disconnect().await.ok();
        direct.disconnect().await.ok();
        println!(
            "{} documents (avg {} bytes), {} sessions, {} rounds of {} s per statement\n",
            o.rows,
            bytes / o.rows.max(1),
            o.threads,
            o.rounds,
            o.seconds
        );
        let json = "SELECT JSON_EXTRACT(doc, '$.author') FROM docs WHERE id = ?";
        let whole = "SELECT doc FROM docs WHERE id = ?";
        let mut q = [0.0f64; 4];
        for _ in 0..o.rounds {
            q[0] += measure(sq.port, "jbench", whole, o.rows, o.threads, o.seconds).await;
            q[1] += measure(sq.port, "jbench", json, o.rows, o.threads, o.seconds).await;
            q[2] += measure(db.port(), "jbench", &whole.replace("docs", "plain"), o.rows, o.threads, o.seconds).await;
            q[3] += measure(db.port(), "jbench", &json.replace("docs", "plain"), o.rows, o.threads, o.seconds).await;
        }
        for v in &mut q {
            *v /= o.rounds as f64;
        }
        println!("| path | statement | qps | vs whole document through squeeze |");
        println!("|---|---|---:|---:|");
        let rows = [
            ("squeeze (compressed)", "SELECT doc ... WHERE id = ?", q[0]),
            ("squeeze (compressed)", "SELECT JSON_EXTRACT(doc, '$.author') ... WHERE id = ?", q[1]),
            ("MariaDB direct (LONGTEXT)", "SELECT doc ... WHERE id = ?", q[2]),
            ("MariaDB direct (LONGTEXT)", "SELECT JSON_EXTRACT(doc, '$.author') ... WHERE id = ?", q[3]),
        ];
        for (path, stmt, v) in rows {
            println!("| {path} | `{stmt}` | {v:.0} | {:.2}x |", v / q[0]);
        }
        println!(
            "\nRESULT json_select_qps={:.0} whole_doc_qps={:.0} ratio={:.3} direct_json_qps={:.0} direct_whole_qps={:.0}",
            q[1],
            q[0],
            q[1] / q[0],
            q[3],
            q[2]
        );
    });
}
