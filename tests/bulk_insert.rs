//! A multi-row INSERT big enough to be compressed on all cores (>= 256 KiB
//! of compressed-column values): every document reads back byte for byte
//! through squeeze, in order, and every one is stored compressed.

mod support;

use mysql_async::prelude::*;
use support::{MariaDb, Squeeze};

fn sql_string(doc: &[u8]) -> String {
    let mut s = String::with_capacity(doc.len() + 2);
    s.push('\'');
    for &b in doc {
        match b {
            b'\'' => s.push_str("''"),
            b'\\' => s.push_str("\\\\"),
            0 => s.push_str("\\0"),
            _ => s.push(b as char),
        }
    }
    s.push('\'');
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_multi_row_insert_is_compressed_in_parallel_and_reads_back_exactly() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_docs_table(db, "bulk_ins");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap();
    // ASCII documents only, so the statement text is the bytes themselves.
    let docs: Vec<&str> = text
        .lines()
        .filter(|l| l.is_ascii() && l.len() >= 512)
        .take(600)
        .collect();
    let total: usize = docs.iter().map(|d| d.len()).sum();
    assert!(
        total >= 256 * 1024,
        "corpus too small for the parallel path: {total} bytes"
    );
    let values: Vec<String> = docs
        .iter()
        .enumerate()
        .map(|(i, d)| format!("({}, {})", i + 1, sql_string(d.as_bytes())))
        .collect();
    let sql = format!("INSERT INTO docs (id, doc) VALUES {}", values.join(", "));

    let mut conn = support::dump::connect(sq.port, Some("bulk_ins")).await;
    conn.query_drop(&sql).await.unwrap();
    assert_eq!(conn.affected_rows(), docs.len() as u64);

    let rows: Vec<(i64, Vec<u8>)> = conn
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(rows.len(), docs.len());
    for (i, (id, got)) in rows.iter().enumerate() {
        assert_eq!(*id, i as i64 + 1);
        assert!(
            got.as_slice() == docs[i].as_bytes(),
            "row {id} differs from what was written"
        );
    }
    // Stored compressed (magic byte F5) and much smaller, straight from MariaDB.
    let out = db.root_sql(
        "SELECT SUM(LEFT(doc, 1) = UNHEX('F5')), COUNT(*), SUM(LENGTH(doc)) FROM bulk_ins.docs",
    );
    let fields: Vec<u64> = out
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .map(|f| f.parse().unwrap())
        .collect();
    assert_eq!(fields[0], fields[1], "every row stored compressed: {out}");
    assert!(
        fields[2] * 3 < total as u64,
        "stored {} of {total} bytes",
        fields[2]
    );
    conn.disconnect().await.unwrap();
}
