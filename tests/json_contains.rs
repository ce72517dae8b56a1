//! JSON_CONTAINS with object and array candidates, with the document as
//! the candidate (`JSON_CONTAINS('{"a": 1}', doc)`), with paths, and
//! SQLAlchemy's `.as_boolean()`, evaluated by squeeze over a compressed
//! column against MariaDB 10.11 on an uncompressed copy: hand-written edge
//! cases and generated documents x candidates derived from them, text and
//! binary protocol, byte-identical rows, identical column definitions and
//! no warning MariaDB raises (where it warns, squeeze must refuse).

mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, Value};
use support::oracle::Rng;
use support::{dump, MariaDb, Squeeze};

const TRUTH: &str = "ctruth";
const SQ: &str = "csq";

/// A column as a client library sees it.
type ColumnMeta = (String, String, String, String, u16, u32, u8, u16, u8);

#[derive(Debug, PartialEq)]
enum Answer {
    /// Columns, rows, the warning count.
    Rows(Vec<ColumnMeta>, Vec<Vec<Option<Vec<u8>>>>, u16),
    Error(u16, String),
}

async fn run(conn: &mut Conn, sql: &str, prepared: bool) -> Answer {
    let r = async {
        if prepared {
            let rows: Vec<mysql_async::Row> = conn.exec(sql, ()).await?;
            return Ok::<_, mysql_async::Error>(rows);
        }
        let mut result = conn.query_iter(sql).await?;
        let rows: Vec<mysql_async::Row> = result.collect().await?;
        Ok(rows)
    }
    .await;
    let rows = match r {
        Ok(rows) => rows,
        Err(mysql_async::Error::Server(e)) => return Answer::Error(e.code, e.message),
        Err(e) => return Answer::Error(0, e.to_string()),
    };
    let warnings = conn.get_warnings();
    let cols: Vec<ColumnMeta> = match rows.first() {
        Some(r) => r.columns_ref().iter().map(meta).collect(),
        None => Vec::new(),
    };
    let values = rows
        .into_iter()
        .map(|r| {
            r.unwrap()
                .into_iter()
                .map(|v| match v {
                    Value::NULL => None,
                    Value::Bytes(b) => Some(b),
                    other => Some(format!("{other:?}").into_bytes()),
                })
                .collect()
        })
        .collect();
    Answer::Rows(cols, values, warnings)
}

fn meta(c: &mysql_async::Column) -> ColumnMeta {
    (
        c.name_str().into_owned(),
        c.org_name_str().into_owned(),
        c.table_str().into_owned(),
        c.schema_str().into_owned().replace(SQ, TRUTH),
        c.character_set(),
        c.column_length(),
        c.column_type() as u8,
        c.flags().bits(),
        c.decimals(),
    )
}

/// The first difference, readable.
fn difference(t: &Answer, s: &Answer) -> String {
    let (Answer::Rows(tc, tr, tw), Answer::Rows(sc, sr, sw)) = (t, s) else {
        return format!("truth {t:?}\n  squeeze {s:?}");
    };
    if tc != sc {
        return format!("columns: truth {tc:?}\n  squeeze {sc:?}");
    }
    if tw != sw {
        return format!("warnings: truth {tw}, squeeze {sw}");
    }
    let show = |v: &Option<Vec<u8>>| match v {
        None => "NULL".to_string(),
        Some(b) => format!("{:?}", String::from_utf8_lossy(b)),
    };
    for (i, (a, b)) in tr.iter().zip(sr).enumerate() {
        if a != b {
            return format!(
                "row {i}: truth [{}]\n  squeeze [{}]",
                a.iter().map(show).collect::<Vec<_>>().join(", "),
                b.iter().map(show).collect::<Vec<_>>().join(", ")
            );
        }
    }
    format!("{} rows vs {}", tr.len(), sr.len())
}

struct Pair {
    truth: Conn,
    sq: Conn,
    same: usize,
    /// Refused where MariaDB warned (squeeze cannot raise its warning).
    refused: usize,
    /// Refused where MariaDB answered without a warning.
    over_refused: Vec<String>,
    wrong: Vec<String>,
}

impl Pair {
    async fn check(&mut self, sql: &str) {
        for prepared in [false, true] {
            let t = run(&mut self.truth, sql, prepared).await;
            let s = run(&mut self.sq, sql, prepared).await;
            let tag = if prepared { "(prepared) " } else { "" };
            match (&t, &s) {
                (a, b) if a == b => self.same += 1,
                (Answer::Rows(_, _, w), Answer::Error(1235, m)) if m.contains("column `") => {
                    if *w > 0 {
                        self.refused += 1
                    } else {
                        self.over_refused.push(format!("{tag}{sql}\n  {m}"))
                    }
                }
                _ => self
                    .wrong
                    .push(format!("{tag}{sql}\n  {}", difference(&t, &s))),
            }
        }
    }

    fn report(&self, what: &str) {
        let show = |v: &[String]| v.iter().take(40).cloned().collect::<Vec<_>>().join("\n");
        assert!(
            self.wrong.is_empty(),
            "{what}: {} wrong:\n{}",
            self.wrong.len(),
            show(&self.wrong)
        );
        for o in self.over_refused.iter().take(6) {
            println!("over-refused (MariaDB answers without a warning): {o}");
        }
        println!(
            "RESULT {what} same={} wrong=0 refused={} over_refused={}",
            self.same,
            self.refused,
            self.over_refused.len()
        );
    }
}

fn setup(db: &MariaDb, tables: &[&str]) -> Squeeze {
    let mut compress = Vec::new();
    for (name, ty) in [
        (TRUTH, "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"),
        (SQ, "LONGBLOB"),
    ] {
        db.fresh_db(name);
        for t in tables {
            db.root_sql(&format!(
                "CREATE TABLE {name}.{t} (id INT PRIMARY KEY, doc {ty} NULL)"
            ));
        }
    }
    for t in tables {
        compress.push("--compress".to_string());
        compress.push(format!("{SQ}.{t}.doc=reddit_comments"));
    }
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
    let mut args: Vec<&str> = vec!["--dictionaries", dicts];
    args.extend(compress.iter().map(String::as_str));
    Squeeze::for_server(db, &args)
}

async fn pair(db: &MariaDb, sq: &Squeeze) -> Pair {
    let mut truth = dump::connect(db.port, Some(TRUTH)).await;
    let mut s = dump::connect(sq.port, Some(SQ)).await;
    for c in [&mut truth, &mut s] {
        c.query_drop("SET NAMES utf8mb4").await.expect("set names");
    }
    Pair {
        truth,
        sq: s,
        same: 0,
        refused: 0,
        over_refused: Vec::new(),
        wrong: Vec::new(),
    }
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// The same rows into both; a value squeeze will not write (not JSON) is
/// stored directly, as rows written before squeeze was deployed are.
async fn insert(p: &mut Pair, db: &MariaDb, table: &str, docs: &[Option<String>]) {
    for (i, d) in docs.iter().enumerate() {
        let v = d.as_deref().map(quote).unwrap_or_else(|| "NULL".into());
        let sql = format!("INSERT INTO {table} (id, doc) VALUES ({}, {v})", i + 1);
        p.truth.query_drop(&sql).await.expect("truth insert");
        if p.sq.query_drop(&sql).await.is_err() {
            let mut direct = dump::connect(db.port, Some(SQ)).await;
            direct.query_drop(&sql).await.expect("direct insert");
            direct.disconnect().await.ok();
        }
    }
}

/// The four forms of JSON_CONTAINS over `c`: the document as the target
/// and as the candidate, each without and with `path`.
fn forms(c: &str, path: &str) -> [String; 4] {
    let (c, p) = (quote(c), quote(path));
    [
        format!("JSON_CONTAINS(doc, {c})"),
        format!("JSON_CONTAINS(doc, {c}, {p})"),
        format!("JSON_CONTAINS({c}, doc)"),
        format!("JSON_CONTAINS({c}, doc, {p})"),
    ]
}

const PATHS: &[&str] = &["$", "$.a", "$[0]", "$.b[1]", "$.a.a", "$.\"x y\"", "$[1].b"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn object_and_array_candidates_answer_as_mariadb_on_hand_written_edges() {
    let db = MariaDb::start();
    let sq = setup(&db, &["v", "bad"]);
    let mut p = pair(&db, &sq).await;
    let valid: Vec<Option<String>> = [
        r#"{"a": 1, "b": 2}"#,
        r#"{"a": 1, "a": 2}"#,
        r#"{"a": {"a": [1, 2, {"c": null}]}, "b": [true, false]}"#,
        r#"{"\u0061": 1, "é": "é"}"#,
        r#"{"\u00e9": "\u00e9", "x y": [[1, 2], [3]]}"#,
        r#"[1, 2, 3]"#,
        r#"[[1, 2], [3, [4]]]"#,
        r#"[{"a": 1}, {"b": 2}, {"a": 1, "b": [2, 3]}]"#,
        r#"[]"#,
        r#"{}"#,
        r#"1"#,
        r#"1.0"#,
        r#"-0"#,
        r#""a""#,
        r#""\u0061""#,
        r#"true"#,
        r#"null"#,
        r#"[1e400, -1e400, 1e-400]"#,
        r#"[9007199254740993, 0.1, 1.0000000000001, 123456789012345678901234567890]"#,
        r#"{"a": [], "b": {}, "": 0, "a/b": 1}"#,
        r#"[null, "null", [null], {"a": null}]"#,
        r#"{"pad": "lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum", "a": {"b": [1, "x"]}}"#,
    ]
    .iter()
    .map(|s| Some(s.to_string()))
    .chain([None])
    .collect();
    insert(&mut p, &db, "v", &valid).await;
    let candidates = [
        r#"{"a": 1}"#,
        r#"{"a": 2}"#,
        r#"{"b": 2, "a": 1}"#,
        r#"{"a": 1, "a": 1}"#,
        r#"{"\u0061": 1}"#,
        r#"{"é": "é"}"#,
        r#"{"\u00e9": "\u00e9"}"#,
        r#"{"a": {"a": [2]}}"#,
        r#"{"a": {"a": [{"c": null}]}}"#,
        r#"{"a": {"a": 1}}"#,
        r#"{"x y": [1, 3]}"#,
        r#"{"x y": [[1]]}"#,
        r#"{"b": [2]}"#,
        r#"{"a/b": 1}"#,
        r#"{"a\/b": 1}"#,
        r#"{"": 0}"#,
        r#"{"a": []}"#,
        r#"{"b": {}}"#,
        r#"{}"#,
        r#"[]"#,
        r#"[1, 2]"#,
        r#"[2, 1, 1]"#,
        r#"[1, 2, 3, 4]"#,
        r#"[[1, 2]]"#,
        r#"[[1], [4]]"#,
        r#"[{"a": 1}]"#,
        r#"[{"b": [3]}, {"a": 1}]"#,
        r#"{"a": 1, "b": [3]}"#,
        r#"[[]]"#,
        r#"[null]"#,
        r#"[[null]]"#,
        r#"{"a": null}"#,
        r#"[true]"#,
        r#"[1.0, 2e0, 30e-1]"#,
        r#"[1.7976931348623157e308]"#,
        r#"[-1e401]"#,
        r#"[0]"#,
        r#"[9007199254740992]"#,
        r#"[0.1000000000001]"#,
        r#"[1]"#,
        r#"[123456789012345678901234567891]"#,
        r#"["a"]"#,
        r#"["\u0061"]"#,
        r#"["null"]"#,
        r#"{"a": {"b": [1]}}"#,
        r#"{"a": {"b": ["x", 1]}}"#,
        " [ 1 ,\n 2 ] ",
        "1",
        r#""a""#,
        "null",
        "true",
    ];
    for c in candidates {
        // Over an extracted value (Django's `doc__key__contains`), paths
        // without names (two documents here have escaped names, which
        // JSON_EXTRACT's named steps refuse).
        for path in ["$", "$[0]", "$[*]", "$[1 to 2]"] {
            let (q, pq) = (quote(c), quote(path));
            for item in [
                format!("JSON_CONTAINS(JSON_EXTRACT(doc, {pq}), {q})"),
                format!("JSON_CONTAINS({q}, JSON_EXTRACT(doc, {pq}))"),
            ] {
                p.check(&format!("SELECT id, {item} FROM v ORDER BY id"))
                    .await;
            }
        }
        for (i, item) in forms(c, PATHS[c.len() % PATHS.len()]).iter().enumerate() {
            p.check(&format!("SELECT id, {item} FROM v ORDER BY id"))
                .await;
            if i == 1 || i == 3 {
                for path in PATHS {
                    let item = item.replace(&quote(PATHS[c.len() % PATHS.len()]), &quote(path));
                    p.check(&format!("SELECT id, {item} FROM v ORDER BY id"))
                        .await;
                }
            }
        }
    }
    // Every valid document is answered; names with escapes under a path
    // are refused by the evaluator's existing rule (MariaDB's functions
    // disagree on them), and only there.
    for o in &p.over_refused {
        assert!(
            o.contains("a member name with an escape"),
            "over-refused: {o}"
        );
    }
    p.report("json_contains_edges");

    // Stored values that are not JSON, invalid after a valid prefix, and a
    // NULL: MariaDB reads a document only as far as each comparison needs
    // (answering 0 or 1 without a warning for some, NULL with one for
    // others); squeeze refuses those rows, naming the column, except where
    // the target lacks the path (0 before the document is read).
    let bad: Vec<Option<String>> = [
        "not json",
        "[1",
        "{\"a\": 1} x",
        "",
        "[1, 2,]",
        "{\"a\": [1}",
    ]
    .iter()
    .map(|s| Some(s.to_string()))
    .chain([None])
    .collect();
    let mut b = pair(&db, &sq).await;
    insert(&mut b, &db, "bad", &bad).await;
    for id in 1..=bad.len() {
        for c in [r#"{"a": 1}"#, "[1]", "1", r#"{"x": [1, 2]}"#] {
            for item in forms(c, "$.x") {
                let sql = format!("SELECT id, {item} FROM bad WHERE id = {id}");
                let before = b.same;
                b.check(&sql).await;
                // The target lacks the path: 0 before the document is read.
                if item.contains("'$.x'")
                    && item.starts_with("JSON_CONTAINS('")
                    && !c.contains("\"x\"")
                {
                    assert_eq!(b.same, before + 2, "answered without reading: {sql}");
                }
            }
        }
    }
    // Invalid documents: MariaDB answers some silently, squeeze refuses.
    assert!(b.same >= 60, "same {}", b.same);
    b.wrong.extend(
        b.over_refused
            .iter()
            .filter(|o| !o.contains("not valid JSON"))
            .cloned(),
    );
    b.report("json_contains_invalid_documents");

    // Constants MariaDB reads lazily (invalid, or text after a complete
    // value) are refused up front, naming the column.
    for item in [
        "JSON_CONTAINS(doc, '[1, x')",
        "JSON_CONTAINS(doc, '1 x')",
        "JSON_CONTAINS(doc, '{\"a\": 1')",
        "JSON_CONTAINS('[1, x', doc)",
    ] {
        let sql = format!("SELECT id, {item} FROM v ORDER BY id");
        match run(&mut p.sq, &sql, false).await {
            Answer::Error(1235, m) => assert!(m.contains("column `"), "{m}"),
            other => panic!("{sql}: {other:?}"),
        }
    }
}

/// A generated JSON value: the raw text of each scalar and name as
/// written.
#[derive(Clone, Debug)]
enum V {
    Scalar(&'static str),
    Arr(Vec<V>),
    Obj(Vec<(&'static str, V)>),
}

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "1.0",
    "1e0",
    "10e-1",
    "1.0000000000001",
    "1.000000000001",
    "2",
    "-1",
    "0.1",
    "0.30000000000000004",
    "9007199254740993",
    "9007199254740992",
    "1e400",
    "1.7976931348623157e308",
    "-1e400",
    "1e-400",
    "5e-324",
    "123456789012345678901234567890",
    "1.",
    "-1.5E+3",
];
const STRINGS: &[&str] = &[
    r#""a""#,
    r#""\u0061""#,
    "\"é\"",
    r#""\u00e9""#,
    r#""""#,
    r#""x y""#,
    r#""a\"b""#,
    r#""1""#,
    r#""null""#,
    r#""a\/b""#,
];
const NAMES: &[&str] = &[
    "a", "b", "a", "c", "\\u0061", "é", "\\u00e9", "", "x y", "a\\/b",
];

fn gen(rng: &mut Rng, depth: usize, escaped_names: bool) -> V {
    let k = if depth >= 4 {
        rng.below(5)
    } else {
        rng.below(9)
    };
    match k {
        0 | 1 => V::Scalar(pick(rng, NUMBERS)),
        2 => V::Scalar(pick(rng, &["true", "false", "null"])),
        3 | 4 => V::Scalar(pick(rng, STRINGS)),
        5 | 6 => V::Arr(
            (0..rng.below(4))
                .map(|_| gen(rng, depth + 1, escaped_names))
                .collect(),
        ),
        _ => V::Obj(
            (0..rng.below(4))
                .map(|_| {
                    let name = loop {
                        let n = *rng.pick(NAMES);
                        if escaped_names || !n.contains('\\') {
                            break n;
                        }
                    };
                    (name, gen(rng, depth + 1, escaped_names))
                })
                .collect(),
        ),
    }
}

fn write(v: &V, rng: &mut Rng, out: &mut String) {
    let ws = |rng: &mut Rng, out: &mut String| {
        out.push_str(pick(rng, &["", "", " ", "\n ", "\t"]));
    };
    match v {
        V::Scalar(s) => out.push_str(s),
        V::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                write(item, rng, out);
            }
            out.push(']');
        }
        V::Obj(members) => {
            out.push('{');
            for (i, (name, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                out.push('"');
                out.push_str(name);
                out.push_str("\":");
                ws(rng, out);
                write(value, rng, out);
            }
            out.push('}');
        }
    }
}

/// A candidate likely to be contained: some sub-value of `v`, with
/// members and elements dropped (and reordered), now and then a scalar
/// changed.
fn derive(v: &V, rng: &mut Rng) -> V {
    let mut cur = v;
    while rng.chance(40) {
        match cur {
            V::Arr(items) if !items.is_empty() => cur = rng.pick(items),
            V::Obj(members) if !members.is_empty() => cur = &rng.pick(members).1,
            _ => break,
        }
    }
    prune(cur, rng)
}

fn prune(v: &V, rng: &mut Rng) -> V {
    match v {
        V::Scalar(_) if rng.chance(10) => V::Scalar(pick(rng, NUMBERS)),
        V::Scalar(s) => V::Scalar(s),
        V::Arr(items) => {
            let mut kept: Vec<V> = Vec::new();
            for i in items {
                if rng.chance(70) {
                    kept.push(prune(i, rng));
                }
            }
            if kept.len() > 1 && rng.chance(30) {
                kept.reverse();
            }
            if rng.chance(10) {
                // An element wrapped in an array of its own.
                if let Some(first) = kept.first().cloned() {
                    kept.push(V::Arr(vec![first]));
                }
            }
            V::Arr(kept)
        }
        V::Obj(members) => {
            let mut kept: Vec<(&'static str, V)> = Vec::new();
            for (n, m) in members {
                if rng.chance(70) {
                    kept.push((n, prune(m, rng)));
                }
            }
            if kept.len() > 1 && rng.chance(30) {
                kept.reverse();
            }
            V::Obj(kept)
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generated_documents_and_candidates_answer_json_contains_as_mariadb_does() {
    let db = MariaDb::start();
    let sq = setup(&db, &["t", "p"]);
    let mut p = pair(&db, &sq).await;
    // `CONTAINS_SEED=n` runs another sample (the default is fixed).
    let seed = std::env::var("CONTAINS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_c0de);
    let mut rng = Rng::new(seed);
    // `t`: any names; `p`: names without escapes (the path forms refuse
    // documents holding those, by the evaluator's existing rule).
    let mut trees: Vec<V> = Vec::new();
    let mut docs_t: Vec<Option<String>> = Vec::new();
    let mut docs_p: Vec<Option<String>> = Vec::new();
    for i in 0..70 {
        let escaped = i % 2 == 0;
        let mut v = gen(&mut rng, 0, escaped);
        if i % 4 == 0 {
            // Long enough to be stored compressed.
            v = V::Obj(vec![
                ("a", v),
                ("pad", V::Scalar("\"lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum\"")),
            ]);
        }
        let mut text = String::new();
        write(&v, &mut rng, &mut text);
        docs_t.push(Some(text.clone()));
        if !escaped {
            docs_p.push(Some(text));
        }
        trees.push(v);
    }
    docs_t.push(None);
    insert(&mut p, &db, "t", &docs_t).await;
    insert(&mut p, &db, "p", &docs_p).await;
    let mut candidates = Vec::new();
    for i in 0..160 {
        let v = if i % 5 == 4 {
            gen(&mut rng, 1, true)
        } else {
            let from = rng.pick(&trees).clone();
            derive(&from, &mut rng)
        };
        let mut text = String::new();
        write(&v, &mut rng, &mut text);
        candidates.push(text);
    }
    for (i, c) in candidates.iter().enumerate() {
        let path = PATHS[i % PATHS.len()];
        let [contains, contains_at, contained, contained_at] = forms(c, path);
        p.check(&format!("SELECT id, {contains} FROM t ORDER BY id"))
            .await;
        p.check(&format!("SELECT id, {contained} FROM t ORDER BY id"))
            .await;
        p.check(&format!("SELECT id, {contains_at} FROM p ORDER BY id"))
            .await;
        p.check(&format!("SELECT id, {contained_at} FROM t ORDER BY id"))
            .await;
        // Over an extracted value, as Django writes `doc__key__contains`
        // and `doc__key__contained_by` (and with several paths).
        let (q, pq) = (quote(c), quote(path));
        for item in [
            format!("JSON_CONTAINS(JSON_EXTRACT(doc, {pq}), {q})"),
            format!("JSON_CONTAINS({q}, JSON_EXTRACT(doc, {pq}))"),
            format!("JSON_CONTAINS(JSON_EXTRACT(doc, {pq}, '$.b'), {q})"),
        ] {
            p.check(&format!("SELECT id, {item} FROM p ORDER BY id"))
                .await;
        }
    }
    // Some answers are 1 (the derived candidates are often contained).
    let ones = {
        let mut n = 0;
        for c in candidates.iter().take(40) {
            let sql = format!(
                "SELECT COUNT(*) FROM t WHERE JSON_CONTAINS(doc, {})",
                quote(c)
            );
            let count: Option<u64> = p.truth.query_first(&sql).await.expect("count");
            n += count.unwrap_or(0);
        }
        n
    };
    assert!(ones > 40, "few candidates contained: {ones}");
    for o in &p.over_refused {
        assert!(
            o.contains("escape"),
            "refused where MariaDB answers silently: {o}"
        );
    }
    p.report("json_contains_generated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlalchemy_as_boolean_answers_as_mariadb_or_refuses_rows_mariadb_warns_about() {
    let db = MariaDb::start();
    let sq = setup(&db, &["b"]);
    let mut p = pair(&db, &sq).await;
    let values = [
        "true",
        "false",
        "null",
        "1",
        "0",
        "-0",
        "-1",
        "2.5",
        "1.0",
        "1e0",
        "10e-1",
        "0.1E+1",
        "1.",
        "1.000000000000000000001",
        "0.99999999999999999999",
        "1.0000000000000000000000000000000000000000000000000000000000000000000000000001",
        "1e400",
        "1e-400",
        "123456789012345678901234567890",
        "\"true\"",
        "\"false\"",
        "\"1\"",
        "\"0\"",
        "\"1.0\"",
        "\"1e0\"",
        "\"-1\"",
        "\"01\"",
        "\"+1\"",
        "\" 1\"",
        "\"1 \"",
        "\"x\"",
        "\"\"",
        "\"null\"",
        "\"\\u0031\"",
        "\" +1.0\"",
        "\"-01\"",
        "\".5\"",
        "\".1e1\"",
        "\"1.e1\"",
        "\"100e-2\"",
        "\"+.1e1\"",
        "\"0001.000\"",
        "\"1e\"",
        "\"1e+\"",
        "\"- 1\"",
        "\"+-1\"",
        "\"+\"",
        "\" \"",
        "\"1.0.0\"",
        "\"1 x\"",
        "[1]",
        "[]",
        "{}",
        "{\"a\": 1}",
    ];
    let docs: Vec<Option<String>> = values
        .iter()
        .map(|v| Some(format!("{{\"archived\": {v}, \"n\": [{v}]}}")))
        .chain([
            Some("{}".to_string()),
            Some("[1]".to_string()),
            Some("not json".to_string()),
            None,
        ])
        .collect();
    insert(&mut p, &db, "b", &docs).await;
    let items = [
        "CASE JSON_EXTRACT(doc, '$.\"archived\"') WHEN 'null' THEN NULL WHEN true THEN true ELSE false END",
        "CASE JSON_EXTRACT(b.doc, '$.n[0]') WHEN 'null' THEN NULL WHEN TRUE THEN TRUE ELSE FALSE END AS archived",
    ];
    for id in 1..=docs.len() {
        for item in items {
            p.check(&format!("SELECT id, {item} FROM b WHERE id = {id}"))
                .await;
        }
    }
    // Every row MariaDB compares without a warning is answered, bar
    // numbers beyond 30 digits or exponents (DECIMAL truncates some
    // silently, warns on others).
    let allowed: Vec<String> = [
        "1e-400",
        "1.0000000000000000000000000000000000000000000000000000000000000000000000000001",
    ]
    .iter()
    .map(|v| {
        format!(
            "WHERE id = {}\n",
            values.iter().position(|x| x == v).expect("listed") + 1
        )
    })
    .collect();
    for o in &p.over_refused {
        assert!(allowed.iter().any(|a| o.contains(a)), "over-refused: {o}");
    }
    p.report("json_as_boolean");
    assert!(p.same >= 39 * 4, "same {}", p.same);
}

fn pick(rng: &mut Rng, xs: &[&'static str]) -> &'static str {
    xs[rng.below(xs.len())]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_a_latin1_connection_json_items_are_refused_as_mariadb_converts_constants_and_results(
) {
    let db = MariaDb::start();
    let sq = setup(&db, &["l"]);
    let mut p = pair(&db, &sq).await;
    let doc = format!(
        "{{\"\u{e9}\": 1, \"s\": \"\u{e9}\", \"pad\": \"{}\"}}",
        "lorem ipsum ".repeat(8)
    );
    insert(&mut p, &db, "l", &[Some(doc)]).await;
    // The client's UTF-8 bytes of `é` are `Ã©` in latin1: MariaDB finds
    // no such name, and sends the value `é` as one latin1 byte; squeeze,
    // evaluating UTF-8, would answer 1 and send two bytes.
    let items = [
        ("JSON_CONTAINS(doc, '{\"\u{e9}\": 1}')", Some(b"0".to_vec())),
        ("JSON_VALUE(doc, '$.\"\u{e9}\"')", None),
        ("JSON_VALUE(doc, '$.s')", Some(vec![0xE9])),
    ];
    for c in [&mut p.truth, &mut p.sq] {
        c.query_drop("SET NAMES latin1").await.expect("latin1");
    }
    for (item, direct) in &items {
        let sql = format!("SELECT {item} FROM l");
        match run(&mut p.truth, &sql, false).await {
            Answer::Rows(_, rows, _) => assert_eq!(rows, vec![vec![direct.clone()]], "{sql}"),
            other => panic!("{sql}: {other:?}"),
        }
        match run(&mut p.sq, &sql, false).await {
            Answer::Error(1235, m) => assert!(
                m.contains("column `csq.l.doc`") && m.contains("SET NAMES utf8mb4"),
                "{m}"
            ),
            other => panic!("{sql}: {other:?}"),
        }
    }
    // In UTF-8 the same items are answered as MariaDB answers them.
    for c in [&mut p.truth, &mut p.sq] {
        c.query_drop("SET NAMES utf8mb4").await.expect("utf8mb4");
    }
    for (item, _) in &items {
        p.check(&format!("SELECT {item} FROM l")).await;
    }
    assert_eq!(
        p.same,
        items.len() * 2,
        "{:?} {:?}",
        p.wrong,
        p.over_refused
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn escaped_and_duplicate_member_names_match_as_each_mariadb_function_matches_them() {
    // Python's json.dumps (Django's JSONField) escapes non-ASCII names:
    // `{"caf\u00e9": ...}`. JSON_EXTRACT and JSON_CONTAINS_PATH match path
    // names raw, the single-value functions unescaped.
    let db = MariaDb::start();
    let sq = setup(&db, &["n"]);
    let mut p = pair(&db, &sq).await;
    let docs: Vec<Option<String>> = [
        r#"{"caf\u00e9": {"\u0061": [1, {"b\u00e9": "x"}]}, "a": 2}"#,
        r#"{"\u0061": 1, "a": 2, "b": {"\u0063": [3], "c": [4]}}"#,
        r#"{"café": {"a": [5, {"bé": "y"}]}, "caf\u00e9": 6}"#,
        r#"[{"\u0061": {"\u0062": null}}, {"a": {"b": true}}]"#,
        r#"{"a\/b": 1, "a/b": 2, "\"q\"": 3, "\t": 4}"#,
        // Duplicate names: JSON_VALUE and JSON_QUERY search on past a
        // match of the other kind.
        r#"{"a": {"x": 1}, "a": 2}"#,
        r#"{"a": {"x": 1}, "a": null, "a": 3}"#,
        r#"{"a": {"b": [1]}, "a": {"b": 5}}"#,
        r#"{"a": [[1]], "a": [2]}"#,
        r#"{"a": 1, "a": {"x": 2}, "a": [3]}"#,
        r#"{"b": {"c": [1], "c": 2, "\u0063": 3}}"#,
        r#"[{"a": [1]}, {"a": 3}]"#,
    ]
    .iter()
    .map(|s| Some(s.to_string()))
    .collect();
    insert(&mut p, &db, "n", &docs).await;
    let paths = [
        "$.a",
        "$.\"café\"",
        "$.\"café\".a",
        "$.\"café\".a[1].\"bé\"",
        "$.b.c",
        "$.b.c[0]",
        "$[0].a.b",
        "$[1].a",
        "$.\"a/b\"",
        "$.a.b",
        "$.a[0]",
        "$.a.x",
        "$[0].a",
    ];
    for path in paths {
        let q = quote(path);
        for item in [
            format!("JSON_EXTRACT(doc, {q})"),
            format!("JSON_UNQUOTE(JSON_EXTRACT(doc, {q}))"),
            format!("JSON_EXTRACT(doc, {q}, '$.a')"),
            format!("JSON_VALUE(doc, {q})"),
            format!("JSON_QUERY(doc, {q})"),
            format!("JSON_EXISTS(doc, {q})"),
            format!("JSON_LENGTH(doc, {q})"),
            format!("JSON_KEYS(doc, {q})"),
            format!("JSON_CONTAINS_PATH(doc, 'one', {q})"),
            format!("JSON_CONTAINS_PATH(doc, 'all', {q}, '$.a')"),
            format!("JSON_CONTAINS(JSON_EXTRACT(doc, {q}), '2')"),
            format!("CASE JSON_EXTRACT(doc, {q}) WHEN 'null' THEN NULL WHEN true THEN true ELSE false END"),
            format!("JSON_CONTAINS(doc, '1', {q})"),
            format!("JSON_CONTAINS(doc, '{{\"a\": [1]}}', {q})"),
            format!("CASE JSON_EXTRACT(doc, {q}) WHEN 'null' THEN NULL ELSE JSON_UNQUOTE(JSON_EXTRACT(doc, {q})) END"),
        ] {
            p.check(&format!("SELECT id, {item} FROM n ORDER BY id")).await;
        }
    }
    p.check("SELECT id, JSON_KEYS(doc) FROM n ORDER BY id")
        .await;
    assert!(p.over_refused.is_empty(), "{:?}", p.over_refused);
    p.report("json_escaped_names");
}
