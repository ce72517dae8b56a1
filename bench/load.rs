//! Loading documents into a table over several sessions, the way the
//! benchmarks do: multi-row INSERTs of ids 1..=n handed out in id order (so
//! the primary key grows almost sequentially).
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use mysql_async::prelude::*;

use crate::support::dump;

/// Rows per multi-row INSERT.
pub const BATCH: usize = 100;

/// `s` as a MariaDB string literal (default sql_mode: backslash escapes).
pub fn quote(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'\'');
    for &c in s {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\'' => out.extend_from_slice(b"\\'"),
            0 => out.extend_from_slice(b"\\0"),
            _ => out.push(c),
        }
    }
    out.push(b'\'');
}

/// Rows 1..=`docs.len()` into `db.table (id, doc)` on `port` over
/// `loaders` sessions; the seconds it took.
pub async fn load(
    port: u16,
    db: &str,
    table: &str,
    docs: Arc<Vec<Vec<u8>>>,
    loaders: usize,
) -> f64 {
    let start = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..loaders {
        let (docs, next, db, table) = (
            docs.clone(),
            next.clone(),
            db.to_string(),
            table.to_string(),
        );
        tasks.push(tokio::spawn(async move {
            let mut c = dump::connect(port, Some(&db)).await;
            loop {
                let first = next.fetch_add(BATCH, Ordering::Relaxed);
                if first >= docs.len() {
                    break;
                }
                let mut sql = format!("INSERT INTO {table} (id, doc) VALUES ").into_bytes();
                for (i, d) in docs.iter().enumerate().skip(first).take(BATCH) {
                    if i > first {
                        sql.push(b',');
                    }
                    sql.extend_from_slice(format!("({},", i + 1).as_bytes());
                    quote(&mut sql, d);
                    sql.push(b')');
                }
                let sql = String::from_utf8(sql).expect("the corpus is UTF-8");
                c.query_drop(sql)
                    .await
                    .unwrap_or_else(|e| panic!("load {table} rows from {}: {e}", first + 1));
            }
            c.disconnect().await.ok();
        }));
    }
    for t in tasks {
        t.await.expect("loader");
    }
    start.elapsed().as_secs_f64()
}
