//! The ORM kit for JSON columns: SQLAlchemy 2 and Django 5 JSON lookups
//! (`tests/clients/python/orm_json.py`) through squeeze on the compressed
//! copy and directly on the uncompressed one, each answered identically.
//! Reads of a key in the select list are evaluated by squeeze; JSON
//! conditions of a WHERE (`has_keys`, `contains`, `contained_by`) by
//! squeeze on each row; comparisons, LIKE forms and sort keys on a path
//! declared as an extracted column (docs/json.md, "Extracted columns")
//! from that column: `$.author` is declared as text and JSON text,
//! `$.score` as BIGINT, text and JSON text. A refusal would have to be ERR
//! 1235 naming the column; none is left.

mod support;

use support::{MariaDb, Squeeze, TestServer};

/// `sq.docs` gains `doc_author` and `doc_score`, a squeeze declaring
/// `$.author` (VARCHAR) and `$.score` (BIGINT) for them
/// starts, and every row is written again through it (so the columns hold
/// each document's `$.author` and `$.score`).
async fn declare_paths(db: &MariaDb, plain: &Squeeze) -> Squeeze {
    use mysql_async::prelude::*;
    db.root_sql("ALTER TABLE sq.docs ADD COLUMN doc_author VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, ADD KEY (doc_author), ADD COLUMN doc_score BIGINT NULL, ADD KEY (doc_score), ADD COLUMN doc_score_json VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, ADD COLUMN doc_author_json VARCHAR(256) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, ADD COLUMN doc_score_text VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL");
    let toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"sq\"\ntable = \"docs\"\ncolumn = \"doc\"\ndictionary = \"reddit_comments\"\nextract = [{{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(255)\" }}, {{ path = \"$.score\", column = \"doc_score\", type = \"BIGINT\" }}, {{ path = \"$.score\", column = \"doc_score_json\", type = \"VARCHAR(32)\", value = \"json\" }}, {{ path = \"$.author\", column = \"doc_author_json\", type = \"VARCHAR(256)\", value = \"json\" }}, {{ path = \"$.score\", column = \"doc_score_text\", type = \"VARCHAR(32)\" }}]\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    let backend = db.addr();
    let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
    let sq = Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user]);
    let mut read = support::dump::connect(plain.port, Some("sq")).await;
    let rows: Vec<(i64, Option<Vec<u8>>)> = read.query("SELECT id, doc FROM docs").await.unwrap();
    read.disconnect().await.ok();
    let mut write = support::dump::connect(sq.port, Some("sq")).await;
    for (id, doc) in rows {
        let Some(doc) = doc else { continue };
        let hex: String = doc.iter().map(|b| format!("{b:02X}")).collect();
        let sql = format!("UPDATE docs SET doc = X'{hex}' WHERE id = {id}");
        // A document that is not JSON (stored before squeeze) is refused
        // and keeps a NULL column, which is what the path gives directly.
        if let Err(e) = write.query_drop(&sql).await {
            println!("row {id} not re-written: {e}");
        }
    }
    write.disconnect().await.ok();
    sq
}

#[test]
fn every_orm_json_lookup_answers_through_squeeze_as_directly() {
    let py = support::pyclients::venv_python();
    for module in ["sqlalchemy", "pymysql", "django", "MySQLdb"] {
        support::pyclients::require_module(&py, module);
    }
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (plain, o) = rt.block_on(support::oracle::setup(&db));
    drop(o);
    let sq = rt.block_on(declare_paths(&db, &plain));
    let truth = support::pyclients::orm_json_lookups(db.port(), "truth");
    let through = support::pyclients::orm_json_lookups(sq.port, "sq");
    assert_eq!(truth.len(), through.len(), "{truth:?}\n{through:?}");
    let (mut answered, mut refused) = (Vec::new(), Vec::new());
    for ((name, direct), (_, squeezed)) in truth.iter().zip(&through) {
        assert!(
            !direct.starts_with("ERROR"),
            "{name} fails directly: {direct}"
        );
        if squeezed.starts_with("ERROR 1235 ") {
            assert!(
                squeezed.contains("squeeze") && squeezed.contains("column `sq.docs.doc`"),
                "{name}: a refusal that does not name the column: {squeezed}"
            );
            refused.push(name.as_str());
        } else {
            assert_eq!(direct, squeezed, "{name}: direct vs through squeeze");
            answered.push(name.as_str());
        }
    }
    println!("answered: {answered:?}\nrefused: {refused:?}");
    // Every lookup of both ORMs is answered, byte for byte as directly:
    // reads of a key in the select list (evaluated by squeeze), the JSON
    // conditions of a WHERE on any path (evaluated by squeeze on each
    // row: has_keys, has_any_keys, contains, contained_by), and the
    // comparisons, LIKE forms and sort keys of the declared `$.author` and
    // `$.score` (answered from their extracted columns), over Django's
    // default utf8mb3 connection and over utf8mb4.
    assert!(
        refused.is_empty(),
        "refused: {refused:?}\nanswered: {answered:?}"
    );
    assert!(answered.len() >= 58, "answered {answered:?}");
    // And they select something: an empty answer agrees too easily.
    let empty = truth
        .iter()
        .filter(|(_, a)| a == "[]" || a == "[None]")
        .map(|(n, _)| n.as_str())
        .collect::<Vec<_>>();
    println!("empty directly: {empty:?}");
    assert!(empty.len() <= 4, "lookups selecting nothing: {empty:?}");
    println!(
        "RESULT orm_json answered={} refused={} lookups={}",
        answered.len(),
        refused.len(),
        truth.len()
    );
}
