//! The ORM kit for JSON columns: SQLAlchemy 2 and Django 5 JSON lookups
//! (`tests/clients/python/orm_json.py`) through squeeze on the compressed
//! copy and directly on the uncompressed one. Reading a key in the select
//! list is answered by squeeze, byte for byte what the ORM gets directly;
//! what squeeze does not evaluate (predicates and ORDER BY on a key,
//! SQLAlchemy's `as_boolean()`) is refused with ERR 1235 naming the column
//! (extracted columns, docs/json.md, are not built yet).

mod support;

use support::{MariaDb, TestServer};

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

#[test]
fn orm_json_key_reads_answer_as_directly_and_what_is_not_evaluated_is_refused_naming_the_column() {
    let py = support::pyclients::venv_python();
    for module in ["sqlalchemy", "pymysql", "django", "MySQLdb"] {
        support::pyclients::require_module(&py, module);
    }
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (sq, o) = rt.block_on(support::oracle::setup(&db));
    drop(o);
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
    // are answered. `as_boolean()` (a CASE comparing with `true` as
    // DECIMAL, with warnings) and every predicate are refused today.
    for name in [
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
    // 19 lookups: 11 answered, 8 refused (5 of 15 answered before the
    // typed accessors were evaluated).
    assert!(answered.len() >= 11, "answered {answered:?}");
    println!(
        "RESULT orm_json answered={} refused={} lookups={}",
        answered.len(),
        refused.len(),
        truth.len()
    );
}
