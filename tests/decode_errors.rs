//! A stored value corrupted behind squeeze's back ends the statement with
//! an ERR naming the column and the row's primary key — never wrong bytes —
//! and the session stays usable. Rows written before squeeze pass through.

mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, OptsBuilder};
use support::{MariaDb, Squeeze, APP_PASS, APP_USER};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn corrupt_value_is_an_error_naming_column_and_key() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_docs_table(db, "decode_err");
    let opts = OptsBuilder::default()
        .ip_or_hostname("127.0.0.1")
        .tcp_port(sq.port)
        .user(Some(APP_USER))
        .pass(Some(APP_PASS))
        .db_name(Some("decode_err"))
        .prefer_socket(false);
    let mut conn = Conn::new(opts).await.unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap();
    let doc = text.lines().next().unwrap().as_bytes().to_vec();
    conn.exec_drop("INSERT INTO docs (id, doc) VALUES (?, ?)", (1i64, &doc))
        .await
        .unwrap();
    conn.exec_drop("INSERT INTO docs (id, doc) VALUES (?, ?)", (2i64, &doc))
        .await
        .unwrap();
    // A row written before squeeze was deployed: plain JSON, no magic.
    db.root_sql("INSERT INTO decode_err.docs VALUES (3, '{\"legacy\":true}')");
    assert_eq!(
        db.root_sql("SELECT HEX(LEFT(doc, 1)) FROM decode_err.docs WHERE id = 1")
            .lines()
            .nth(1),
        Some("F5")
    );

    // Flip one payload byte of row 2 directly in MariaDB.
    db.root_sql(
        "UPDATE decode_err.docs SET doc = CONCAT(LEFT(doc, 12), CHAR(ASCII(SUBSTRING(doc, 13, 1)) ^ 0x5A), SUBSTRING(doc, 14)) WHERE id = 2",
    );

    for binary in [false, true] {
        let err = if binary {
            conn.exec_drop("SELECT id, doc FROM docs WHERE id = ?", (2i64,))
                .await
                .unwrap_err()
        } else {
            conn.query_drop("SELECT id, doc FROM docs WHERE id = 2")
                .await
                .unwrap_err()
        };
        let mysql_async::Error::Server(e) = err else {
            panic!("expected a server error, got {err:?}")
        };
        assert_eq!(e.code, 1105, "{}", e.message);
        assert!(e.message.contains("decode_err.docs.doc"), "{}", e.message);
        assert!(e.message.contains("primary key 2"), "{}", e.message);

        // The session is still usable and the good rows still read back exactly.
        let got: Vec<u8> = conn
            .query_first("SELECT doc FROM docs WHERE id = 1")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got, doc);
        let legacy: Vec<u8> = conn
            .exec_first("SELECT doc FROM docs WHERE id = ?", (3i64,))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(legacy, br#"{"legacy":true}"#);
    }
    let metrics = support::http_get(&sq.admin_addr(), "/metrics").1;
    assert!(
        metrics
            .lines()
            .any(|l| l.starts_with("squeeze_decode_errors_total{")
                && l.contains("decode_err.docs.doc")
                && !l.ends_with(" 0")),
        "decode error not counted:\n{metrics}"
    );
}
