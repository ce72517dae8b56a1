//! squeeze's JSON evaluator against MariaDB itself on documents with
//! duplicate names, nulls, booleans, escaped and empty names, nested
//! duplicates: seeded random documents, every single-path function squeeze
//! evaluates, each answered by the server (`SELECT f('doc', 'path')` on a
//! real MariaDB) and by `sql::json::evaluate`. An answer squeeze is unsure
//! of (it refuses the statement then) is allowed; a different answer is
//! not. MariaDB 10.11 measured: JSON_VALUE skips arrays and objects and
//! stops at the first scalar (a null answers NULL); JSON_QUERY skips
//! scalars other than null and stops at the first array, object or null.
mod support;

use mysql_async::prelude::*;
use rand::{Rng, SeedableRng};
use squeeze::sql::json::{evaluate, parse_path, EvalError, JsonCall};
use support::{dump, MariaDb};

const SEEDS: [u64; 3] = [0x0044_d0b1, 0x0044_d0b2, 0x0044_d0b3];

fn scalar(rng: &mut rand::rngs::StdRng) -> String {
    match rng.gen_range(0..7) {
        0 => "null".into(),
        1 => "true".into(),
        2 => "false".into(),
        3 => rng.gen_range(-3..30).to_string(),
        4 => "\"x\"".into(),
        5 => "\"\"".into(),
        _ => "1.5".into(),
    }
}

/// A value of at most `depth` more levels over the names `b`, `a`, ``,
/// `\u0062` (an escaped `b`), often repeated in one object.
fn value(rng: &mut rand::rngs::StdRng, depth: usize) -> String {
    if depth == 0 || rng.gen_bool(0.35) {
        return scalar(rng);
    }
    if rng.gen_bool(0.3) {
        let n = rng.gen_range(0..4);
        let items: Vec<String> = (0..n).map(|_| value(rng, depth - 1)).collect();
        return format!("[{}]", items.join(","));
    }
    let names = ["b", "a", "", "\\u0062", "b", "q\\\"k"];
    let n = rng.gen_range(0..5);
    let members: Vec<String> = (0..n)
        .map(|_| {
            let name = names[rng.gen_range(0..names.len())];
            format!("\"{name}\":{}", value(rng, depth - 1))
        })
        .collect();
    format!("{{{}}}", members.join(","))
}

const PATHS: &[&str] = &[
    "$.b", "$.a", "$.a.b", "$.b.b", "$.b[0]", "$[0]", "$.a[1]", "$",
];
const FUNCTIONS: &[&str] = &[
    "JSON_VALUE",
    "JSON_QUERY",
    "JSON_EXTRACT",
    "JSON_EXISTS",
    "JSON_LENGTH",
    "JSON_KEYS",
];

fn call(function: &str, path: &str) -> JsonCall {
    let p = parse_path(path.as_bytes()).expect("a path squeeze parses");
    match function {
        "JSON_VALUE" => JsonCall::Value(p),
        "JSON_QUERY" => JsonCall::Query(p),
        "JSON_EXTRACT" => JsonCall::Extract(p),
        "JSON_EXISTS" => JsonCall::Exists(p),
        "JSON_LENGTH" => JsonCall::Length(Some(p)),
        "JSON_KEYS" => JsonCall::Keys(Some(p)),
        other => unreachable!("{other}"),
    }
}

fn sql_string(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "''"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_evaluator_answers_duplicate_names_nulls_and_escaped_names_as_mariadb_does() {
    let db = MariaDb::start();
    let mut direct = dump::connect(db.port, None).await;
    let (mut compared, mut unsure, mut wrong) = (0usize, 0usize, Vec::new());
    // The issue's samples first, then seeded documents.
    let mut docs: Vec<String> = vec![
        r#"{"b":null,"b":[1]}"#.into(),
        r#"{"b":[1],"b":null,"b":2}"#.into(),
        r#"{"b":1,"b":[1]}"#.into(),
        r#"{"b":{},"b":true}"#.into(),
        r#"{"a":{"b":null},"a":{"b":[1]}}"#.into(),
        r#"{"a":{"b":[1]},"a":{"b":null},"a":{"b":3}}"#.into(),
    ];
    for seed in SEEDS {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for _ in 0..300 {
            docs.push(value(&mut rng, 4));
        }
    }
    for doc in &docs {
        let items: Vec<String> = FUNCTIONS
            .iter()
            .flat_map(|f| {
                PATHS
                    .iter()
                    .map(move |p| format!("{f}({}, '{p}')", sql_string(doc)))
            })
            .collect();
        let row: mysql_async::Row = direct
            .query_first(format!("SELECT {}", items.join(", ")))
            .await
            .expect("MariaDB answers")
            .expect("one row");
        let server: Vec<Option<Vec<u8>>> = row
            .unwrap()
            .into_iter()
            .map(|v| match v {
                mysql_async::Value::NULL => None,
                mysql_async::Value::Bytes(b) => Some(b),
                other => Some(other.as_sql(true).into_bytes()),
            })
            .collect();
        let mut i = 0;
        for f in FUNCTIONS {
            for p in PATHS {
                let ours = evaluate(&call(f, p), doc.as_bytes());
                let theirs = &server[i];
                i += 1;
                match ours {
                    Err(EvalError::Unsure(_)) => unsure += 1,
                    Err(e) => wrong.push(format!("{f}({doc}, {p}): squeeze {e:?}")),
                    Ok(v) => {
                        compared += 1;
                        if &v != theirs {
                            wrong.push(format!(
                                "{f}({doc}, {p}): squeeze {:?} mariadb {:?}",
                                v.as_deref().map(String::from_utf8_lossy),
                                theirs.as_deref().map(String::from_utf8_lossy)
                            ));
                        }
                    }
                }
            }
        }
    }
    for w in wrong.iter().take(40) {
        println!("{w}");
    }
    println!(
        "RESULT json_duplicates seeds={SEEDS:x?} documents={} compared={compared} unsure={unsure} wrong={}",
        docs.len(),
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{} answers differ from MariaDB",
        wrong.len()
    );
    assert!(compared > 30_000, "only {compared} compared");
}
