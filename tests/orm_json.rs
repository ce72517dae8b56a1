//! The ORM kit for JSON columns: SQLAlchemy 2 and Django 5 JSON lookups
//! (`tests/clients/python/orm_json.py`) through squeeze on the compressed
//! copy and directly on the uncompressed one. Reading a key in the select
//! list is answered by squeeze, byte for byte what the ORM gets directly;
//! what squeeze does not evaluate (predicates and ORDER BY on a key,
//! SQLAlchemy's `as_boolean()`) is refused with ERR 1235 naming the column,
//! except a predicate on a path declared as an extracted column
//! (docs/json.md, "Extracted columns"): `$.author` is declared, so Django's
//! `filter(doc__author=x)` is answered from `sq.docs.doc_author`.

mod support;

use support::{MariaDb, Squeeze, TestServer};

fn lookups(port: u16, db: &str) -> Vec<(String, String)> {
    let py = support::pyclients::venv_python();
    let script = support::pyclients::repo().join("tests/clients/python/orm_json.py");
    let out = std::process::Command::new(&py)
        .arg(&script)
        .args([&port.to_string(), db, support::APP_USER, support::APP_PASS])
        .output()
        .expect("run orm_json.py");
    assert!(
        out.status.success(),
        "orm_json.py on port {port} ({db}): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (name, answer) = l.split_once(" => ").expect("name => answer");
            (name.to_string(), answer.to_string())
        })
        .collect()
}

/// `sq.docs` gains `doc_author` and `doc_score`, a squeeze declaring
/// `$.author` (VARCHAR) and `$.score` (BIGINT) for them
/// starts, and every row is written again through it (so the columns hold
/// each document's `$.author` and `$.score`).
async fn declare_paths(db: &MariaDb, plain: &Squeeze) -> Squeeze {
    use mysql_async::prelude::*;
    db.root_sql("ALTER TABLE sq.docs ADD COLUMN doc_author VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL, ADD KEY (doc_author), ADD COLUMN doc_score BIGINT NULL, ADD KEY (doc_score)");
    let toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"sq\"\ntable = \"docs\"\ncolumn = \"doc\"\ndictionary = \"reddit_comments\"\nextract = [{{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(255)\" }}, {{ path = \"$.score\", column = \"doc_score\", type = \"BIGINT\" }}]\n",
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
fn orm_json_key_reads_answer_as_directly_and_what_is_not_evaluated_is_refused_naming_the_column() {
    let py = support::pyclients::venv_python();
    for module in ["sqlalchemy", "pymysql", "django", "MySQLdb"] {
        support::pyclients::require_module(&py, module);
    }
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (plain, o) = rt.block_on(support::oracle::setup(&db));
    drop(o);
    let sq = rt.block_on(declare_paths(&db, &plain));
    let truth = lookups(db.port(), "truth");
    let through = lookups(sq.port, "sq");
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
    // Reads of a key in the select list in the forms squeeze evaluates
    // (Django's values(), SQLAlchemy's JSON-typed item and its typed
    // accessors `CASE JSON_EXTRACT(..) WHEN 'null' THEN NULL ELSE .. END`)
    // are answered, and so are Django's key equality and `has_key` and
    // SQLAlchemy's `as_string() ==` on the declared `$.author`. `as_boolean()` (a CASE comparing with `true` as DECIMAL,
    // with warnings) and predicates on undeclared paths are refused.
    for name in [
        "django filter(doc__author=x)",
        "sqlalchemy where doc['author'].as_string() == x",
        "django filter(doc__has_key='author')",
        "sqlalchemy select doc['author'].as_string()",
        "sqlalchemy select doc['score'].as_integer()",
        "sqlalchemy select doc['ups'].as_float()",
        "sqlalchemy select doc['score'].as_numeric(10, 2)",
        "sqlalchemy select doc['author_flair_text'].as_string()",
        "sqlalchemy select doc['author'] where id = 2",
        "sqlalchemy select doc['score'] (JSON)",
        "django values('id', 'doc__author')",
        "django values('doc__score')",
        "django values('doc__edited')",
        "django values('doc') whole",
    ] {
        assert!(
            answered.contains(&name),
            "{name} is not answered: {through:?}"
        );
    }
    // 19 lookups: 14 answered (5 of the first 15 before the typed
    // accessors were evaluated and $.author was declared).
    assert!(answered.len() >= 14, "answered {answered:?}");
    println!(
        "RESULT orm_json answered={} refused={} lookups={}",
        answered.len(),
        refused.len(),
        truth.len()
    );
}
