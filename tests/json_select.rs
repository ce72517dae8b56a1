//! Select-list JSON functions over a compressed column, evaluated by
//! squeeze, against MariaDB evaluating them on an uncompressed LONGTEXT
//! copy: generated documents (unicode escapes, deep nesting, duplicate
//! names, numbers at the edges of double precision, empty containers,
//! whitespace variety) x generated paths x functions, text and binary
//! protocol, byte-identical rows and identical column definitions.

mod support;

use mysql_async::prelude::*;
use mysql_async::{Conn, Value};
use support::oracle::Rng;
use support::{dump, MariaDb, Squeeze};

const TRUTH: &str = "jtruth";
const SQ: &str = "jsq";

/// A column as a client library sees it.
type ColumnMeta = (String, String, String, String, u16, u32, u8, u16, u8);

#[derive(Debug, PartialEq)]
enum Answer {
    Rows(Vec<ColumnMeta>, Vec<Vec<Option<Vec<u8>>>>),
    Error(u16, String),
}

async fn run(conn: &mut Conn, sql: &str, prepared: bool) -> Answer {
    let r = async {
        let mut result = if prepared {
            // One result set either way.
            let rows: Vec<mysql_async::Row> = conn.exec(sql, ()).await?;
            return Ok::<_, mysql_async::Error>(rows);
        } else {
            conn.query_iter(sql).await?
        };
        let rows: Vec<mysql_async::Row> = result.collect().await?;
        Ok(rows)
    }
    .await;
    let rows = match r {
        Ok(rows) => rows,
        Err(mysql_async::Error::Server(e)) => return Answer::Error(e.code, e.message),
        Err(e) => return Answer::Error(0, e.to_string()),
    };
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
    Answer::Rows(cols, values)
}

/// The first difference, readable.
fn difference(t: &Answer, s: &Answer) -> String {
    let (Answer::Rows(tc, tr), Answer::Rows(sc, sr)) = (t, s) else {
        return format!("truth {t:?}\n  squeeze {s:?}");
    };
    if tc != sc {
        return format!("columns: truth {tc:?}\n  squeeze {sc:?}");
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

/// A generated document, written so MariaDB and squeeze both read it
/// (standard escapes only: the evaluator refuses the rest).
fn gen_value(rng: &mut Rng, depth: usize, out: &mut String) {
    let ws = |rng: &mut Rng, out: &mut String| {
        let w = *rng.pick(&["", "", "", " ", "  ", "\n", "\t", " \r\n "]);
        out.push_str(w);
    };
    let kind = if depth >= 6 {
        rng.below(6)
    } else {
        rng.below(10)
    };
    match kind {
        0 => out.push_str(pick(
            rng,
            &[
                "0",
                "-0",
                "1",
                "-1",
                "1.50e0",
                "1.5E+3",
                "1e308",
                "1.7976931348623157e308",
                "5e-324",
                "2.2250738585072014e-308",
                "123456789012345678901234567890",
                "0.1",
                "-9007199254740993",
                "1.",
                "3.14159265358979323846",
            ],
        )),
        1 => out.push_str(pick(rng, &["true", "false", "null"])),
        2..=5 => out.push_str(pick(
            rng,
            &[
                r#""x""#,
                r#""""#,
                r#""caf\u00e9""#,
                r#""line\nbreak""#,
                r#""q\"uote""#,
                r#""s\/lash""#,
                r#""back\\slash""#,
                r#""tab\tx""#,
                r#""\u4e2d\u6587""#,
                "\"héllo wörld\"",
                r#""\u0041BC""#,
                r#""{\"not\": \"json\"}""#,
                r#""a""#,
            ],
        )),
        6 | 7 => {
            out.push('[');
            let n = rng.below(4);
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                gen_value(rng, depth + 1, out);
                ws(rng, out);
            }
            out.push(']');
        }
        _ => {
            out.push('{');
            let n = rng.below(5);
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                let k = *rng.pick(&["a", "b", "c", "a", "x y", "", "k_1", "é"]);
                out.push('"');
                out.push_str(k);
                out.push('"');
                ws(rng, out);
                out.push(':');
                ws(rng, out);
                gen_value(rng, depth + 1, out);
            }
            ws(rng, out);
            out.push('}');
        }
    }
}

fn gen_path(rng: &mut Rng) -> String {
    let mut p = String::from("$");
    for _ in 0..rng.below(4) {
        p.push_str(pick(
            rng,
            &[
                ".a", ".b", ".c", ".\"x y\"", ".k_1", ".*", "[0]", "[1]", "[2]", "[*]", "[0 to 1]",
                "[1 to 5]", "[ 0 ]", ".\"\"",
            ],
        ));
    }
    p
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// The functions over `path` (those that refuse wildcards and ranges
/// only when it has none), and the compositions exact on every valid
/// document.
fn calls(path: &str) -> Vec<String> {
    let p = quote(path);
    let mut c = vec![
        format!("JSON_EXTRACT(doc, {p})"),
        format!("JSON_UNQUOTE(JSON_EXTRACT(doc, {p}))"),
        format!("JSON_EXTRACT(doc, {p}, '$.a')"),
        format!("JSON_EXTRACT(doc, '$[0]', {p}, '$.b[*]')"),
        format!("JSON_CONTAINS_PATH(doc, 'one', {p})"),
        format!("JSON_CONTAINS_PATH(doc, 'all', '$.a', {p})"),
        format!("JSON_CONTAINS_PATH(doc, 'One', {p}, '$[1]')"),
        format!("CAST(JSON_EXTRACT(doc, {p}) AS CHAR)"),
    ];
    if !(path.contains('*') || path.contains(" to ")) {
        c.extend([
            format!("JSON_VALUE(doc, {p})"),
            format!("JSON_QUERY(doc, {p})"),
            format!("JSON_EXISTS(doc, {p})"),
            format!("JSON_LENGTH(doc, {p})"),
            format!("JSON_KEYS(doc, {p})"),
            format!("JSON_CONTAINS(doc, '1', {p})"),
            format!("JSON_CONTAINS(doc, '\"x\"', {p})"),
            format!("JSON_CONTAINS(doc, 'null', {p})"),
            format!("COALESCE(JSON_VALUE(doc, {p}), 'none')"),
            format!("IFNULL(JSON_QUERY(doc, {p}), '')"),
            format!("IFNULL(JSON_LENGTH(doc, {p}), 0)"),
            format!("CAST(JSON_LENGTH(doc, {p}) AS SIGNED)"),
        ]);
    }
    c
}

/// The functions of the whole document.
const WHOLE: &[&str] = &[
    "JSON_LENGTH(doc)",
    "JSON_DEPTH(doc)",
    "JSON_VALID(doc)",
    "JSON_TYPE(doc)",
    "JSON_KEYS(doc)",
    "JSON_CONTAINS(doc, '1')",
    "JSON_CONTAINS(doc, '-0.0')",
    "JSON_CONTAINS(doc, ' \"a\" ')",
    "JSON_CONTAINS(doc, '\"caf\\\\u00e9\"')",
    "JSON_CONTAINS(doc, 'true')",
    "JSON_CONTAINS(doc, '1.5E+3')",
    "CAST(JSON_TYPE(doc) AS CHAR)",
    "COALESCE(JSON_KEYS(doc), '[]')",
    "IFNULL(JSON_DEPTH(doc), 0)",
];

struct Pair {
    truth: Conn,
    sq: Conn,
    same: usize,
    refused: usize,
    wrong: Vec<String>,
}

impl Pair {
    async fn check(&mut self, sql: &str, expect_answer: bool) {
        for prepared in [false, true] {
            let t = run(&mut self.truth, sql, prepared).await;
            let s = run(&mut self.sq, sql, prepared).await;
            match (&t, &s) {
                (a, b) if a == b => self.same += 1,
                (Answer::Rows(..), Answer::Error(1235, m))
                    if !expect_answer && m.contains("column `") =>
                {
                    self.refused += 1
                }
                _ => self.wrong.push(format!(
                    "{}{sql}\n  {}",
                    if prepared { "(prepared) " } else { "" },
                    difference(&t, &s)
                )),
            }
        }
    }
}

fn setup(db: &MariaDb) -> Squeeze {
    for (name, ty) in [
        (TRUTH, "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"),
        (SQ, "LONGBLOB"),
    ] {
        db.fresh_db(name);
        db.root_sql(&format!(
            "CREATE TABLE {name}.t (id INT PRIMARY KEY, doc {ty} NULL); CREATE TABLE {name}.e (id INT PRIMARY KEY, doc {ty} NULL)"
        ));
    }
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
    Squeeze::for_server(
        db,
        &[
            "--dictionaries",
            dicts,
            "--compress",
            "jsq.t.doc=reddit_comments",
            "--compress",
            "jsq.e.doc=reddit_comments",
        ],
    )
}

async fn pair(db: &MariaDb, sq: &Squeeze) -> Pair {
    Pair {
        truth: dump::connect(db.port, Some(TRUTH)).await,
        sq: dump::connect(sq.port, Some(SQ)).await,
        same: 0,
        refused: 0,
        wrong: Vec::new(),
    }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generated_json_functions_over_compressed_documents_answer_byte_identical_to_mariadb() {
    let db = MariaDb::start();
    let sq = setup(&db);
    let mut p = pair(&db, &sq).await;
    let mut rng = Rng::new(0x5eed_0035);
    let mut docs: Vec<Option<String>> = Vec::new();
    for i in 0..60 {
        if i % 17 == 16 {
            docs.push(None);
            continue;
        }
        let mut d = String::new();
        if i % 5 == 0 {
            d.push_str(" \n");
        }
        gen_value(&mut rng, 0, &mut d);
        // Long enough to be stored compressed now and then.
        if i % 3 == 0 {
            d = format!(
                "{{\"a\": {d}, \"pad\": \"{}\", \"b\": [1, 2, {{\"c\": {d}}}]}}",
                "lorem ipsum ".repeat(12)
            );
        }
        docs.push(Some(d));
    }
    // Deep nesting, close to MariaDB's limit of 32.
    docs.push(Some(format!(
        "{}{{\"a\": [1, {{}}]}}{}",
        "[".repeat(27),
        "]".repeat(27)
    )));
    insert(&mut p, &db, "t", &docs).await;
    let mut paths: Vec<String> = vec!["$".into(), "$.a".into(), "$[0]".into(), "$.*".into()];
    while paths.len() < 40 {
        let g = gen_path(&mut rng);
        if !paths.contains(&g) {
            paths.push(g);
        }
    }
    for path in &paths {
        for call in calls(path) {
            p.check(&format!("SELECT id, {call} FROM t ORDER BY id"), true)
                .await;
        }
    }
    for call in WHOLE {
        p.check(&format!("SELECT id, {call} FROM t ORDER BY id"), true)
            .await;
    }
    // Aliases, several items, qualified names, a point select.
    for sql in [
        "SELECT JSON_VALUE(doc, '$.a') AS author, id, doc FROM t WHERE id = 1",
        "SELECT t.id, JSON_EXTRACT(t.doc, '$.b') FROM t WHERE t.id < 10 ORDER BY t.id",
        "SELECT JSON_EXTRACT(x.doc,'$.a') j, JSON_LENGTH(x.doc) `n` FROM t x ORDER BY x.id",
        "SELECT JSON_UNQUOTE(JSON_EXTRACT(`doc`, '$.\"a\"')) FROM `t` ORDER BY id",
        "SELECT id, json_value(doc, '$.a'), json_extract(doc, '$[0]') FROM jsq_or_truth_db_free ORDER BY id",
    ] {
        if sql.contains("jsq_or_truth") {
            continue;
        }
        p.check(sql, true).await;
    }
    let total = p.same + p.refused;
    assert!(
        p.wrong.is_empty(),
        "{} wrong of {}:\n{}",
        p.wrong.len(),
        total + p.wrong.len(),
        p.wrong
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(p.refused, 0, "generated documents are all answered");
    println!("RESULT json_select same={} refused={}", p.same, p.refused);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edge_documents_are_answered_as_mariadb_does_or_refused_naming_the_column() {
    let db = MariaDb::start();
    let sq = setup(&db);
    let mut p = pair(&db, &sq).await;
    let edge: Vec<Option<String>> = [
        r#"{"a":1,"a":2}"#,
        r#"{"\u0061":1,"a":"x"}"#,
        r#""\ud83d\ude00""#,
        r#"{"a":"\x"}"#,
        "not json",
        "",
        "01",
        "[1,]",
        r#"{"a":1} trailing"#,
        "1.",
        "\u{feff}[1]",
        r#"{"a": 1.0E+2, "b": -0.0e-0}"#,
        &format!("{}{{\"a\": 1}}{}", "[".repeat(31), "]".repeat(31)),
        &format!("{}1{}", "[".repeat(33), "]".repeat(33)),
        &format!("{}1{}", "[".repeat(32), "]".repeat(32)),
        "[[], {}, [[]], {\"\": {}}]",
        r#"{"a":1,"":2,"":3}"#,
        r#"{"":1,"a":2,"":3}"#,
    ]
    .iter()
    .map(|s| Some(s.to_string()))
    .collect();
    insert(&mut p, &db, "e", &edge).await;
    for id in 1..=edge.len() {
        for path in ["$", "$.a", "$[0]", "$.*", "$[*]", "$[0 to 2]"] {
            for call in calls(path) {
                p.check(&format!("SELECT {call} FROM e WHERE id = {id}"), false)
                    .await;
            }
        }
        for call in WHOLE {
            p.check(&format!("SELECT {call} FROM e WHERE id = {id}"), false)
                .await;
        }
    }
    assert!(
        p.wrong.is_empty(),
        "{} wrong:\n{}",
        p.wrong.len(),
        p.wrong
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Valid edge documents are answered (invalid ones refused, per row).
    assert!(p.same >= 300, "same {} refused {}", p.same, p.refused);
    println!("RESULT json_edges same={} refused={}", p.same, p.refused);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn casts_and_defaults_of_json_values_answer_byte_identical_or_refuse_the_row() {
    let db = MariaDb::start();
    let sq = setup(&db);
    let mut p = pair(&db, &sq).await;
    // Values at the edges of each CAST's conversion: integer ranges,
    // rounding, notation changes of doubles, strings holding numbers.
    let values = [
        "0",
        "-0",
        "7",
        "-5",
        "1.5",
        "-1.005",
        "1.005",
        "99.995",
        "0.1",
        "1.",
        "1e3",
        "1.5E+3",
        "0.0001",
        "0.00001",
        "123456789012345",
        "1234567890123456",
        "1e15",
        "1e14",
        "3.14159265358979323846",
        "0.30000000000000004",
        "-2.5e-3",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "123456789012345678901234567890",
        "1e308",
        "5e-324",
        "true",
        "false",
        "null",
        "\"12\"",
        "\"12abc\"",
        "\"  7\"",
        "\"-3\"",
        "\"2.50\"",
        "\"x\"",
        "[1]",
        "{}",
    ];
    let docs: Vec<Option<String>> = values
        .iter()
        .map(|v| Some(format!("{{\"a\": {v}, \"n\": [{v}]}}")))
        .chain([Some("{}".to_string()), None])
        .collect();
    insert(&mut p, &db, "e", &docs).await;
    let items = [
        "CAST(JSON_EXTRACT(doc, '$.a') AS SIGNED)",
        "CAST(JSON_EXTRACT(doc, '$.a') AS UNSIGNED)",
        "CAST(JSON_VALUE(doc, '$.a') AS SIGNED INTEGER)",
        "CAST(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.a')) AS UNSIGNED)",
        "CAST(JSON_EXTRACT(doc, '$.a') AS DOUBLE)",
        "CAST(JSON_VALUE(doc, '$.n[0]') AS DOUBLE)",
        "CAST(JSON_EXTRACT(doc, '$.a') AS DECIMAL(10,2))",
        "CAST(JSON_VALUE(doc, '$.a') AS DECIMAL)",
        "CAST(JSON_EXTRACT(doc, '$.a') AS DECIMAL(4,2))",
        "CAST(JSON_EXTRACT(doc, '$.a') AS DECIMAL(30, 10))",
        "CAST(JSON_EXTRACT(doc, '$.n') AS CHAR)",
        "CAST(JSON_LENGTH(doc, '$.n') AS DECIMAL(5,1))",
        "COALESCE(JSON_VALUE(doc, '$.a'), '-')",
        "IFNULL(JSON_EXTRACT(doc, '$.a'), 'missing')",
        "COALESCE(JSON_EXISTS(doc, '$.a'), 5)",
        "IFNULL(CAST(JSON_EXTRACT(doc, '$.a') AS SIGNED), 42)",
        "COALESCE(CAST(JSON_VALUE(doc, '$.a') AS CHAR), 'none')",
    ];
    for id in 1..=docs.len() {
        for item in items {
            p.check(&format!("SELECT id, {item} FROM e WHERE id = {id}"), false)
                .await;
        }
    }
    assert!(
        p.wrong.is_empty(),
        "{} wrong:\n{}",
        p.wrong.len(),
        p.wrong
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Rows MariaDB converts without a warning are answered.
    assert!(p.same >= p.refused, "same {} refused {}", p.same, p.refused);
    println!("RESULT json_casts same={} refused={}", p.same, p.refused);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arrow_operators_stay_the_syntax_errors_mariadb_makes_them() {
    let db = MariaDb::start();
    let sq = setup(&db);
    let mut p = pair(&db, &sq).await;
    insert(&mut p, &db, "t", &[Some(r#"{"a": 1}"#.to_string())]).await;
    for sql in [
        "SELECT doc->'$.a' FROM t",
        "SELECT doc->>'$.a' FROM t",
        "SELECT id, JSON_EXTRACT(doc, '$.a'), doc -> '$.a' FROM t",
        "SELECT id FROM t WHERE doc->>'$.a' = '1'",
    ] {
        let before = p.wrong.len();
        p.check(sql, true).await;
        let t = run(&mut p.truth, sql, false).await;
        assert!(
            matches!(t, Answer::Error(1064, _)),
            "MariaDB 10.11 parses {sql}: {t:?}"
        );
        assert_eq!(p.wrong.len(), before, "{:?}", p.wrong);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_column_presented_as_json_answers_as_a_mariadb_json_column() {
    // The truth is MariaDB's own JSON type (utf8mb4_bin LONGTEXT): the
    // probe asks for the item over the document with that collation.
    let db = MariaDb::start();
    for (name, ty) in [(TRUTH, "JSON"), (SQ, "LONGBLOB")] {
        db.fresh_db(name);
        db.root_sql(&format!(
            "CREATE TABLE {name}.t (id INT PRIMARY KEY, doc {ty} NULL)"
        ));
    }
    let toml = format!(
        "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"{SQ}\"\ntable = \"t\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\npresent_as = \"json\"\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    let backend = db.addr();
    let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
    let sq = Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user]);
    let mut p = pair(&db, &sq).await;
    let mut rng = Rng::new(0x5eed_0036);
    let mut docs: Vec<Option<String>> = vec![None];
    for i in 0..24 {
        let mut d = String::new();
        gen_value(&mut rng, 0, &mut d);
        if i % 3 == 0 {
            d = format!("{{\"a\": {d}, \"pad\": \"{}\"}}", "lorem ipsum ".repeat(12));
        }
        docs.push(Some(d));
    }
    insert(&mut p, &db, "t", &docs).await;
    // JSON_KEYS refuses an object with the empty name twice (MariaDB's
    // answer depends on the order); everything else is answered.
    for path in ["$", "$.a", "$[0]", "$.*", "$.a[1 to 2]", "$.b.c"] {
        for call in calls(path) {
            let sql = format!("SELECT id, {call} FROM t ORDER BY id");
            p.check(&sql, !call.contains("JSON_KEYS")).await;
        }
    }
    for call in WHOLE {
        let sql = format!("SELECT id, {call} FROM t ORDER BY id");
        p.check(&sql, !call.contains("JSON_KEYS")).await;
    }
    assert!(
        p.wrong.is_empty(),
        "{} wrong:\n{}",
        p.wrong.len(),
        p.wrong
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(p.refused <= 8, "refused {}", p.refused);
    println!(
        "RESULT json_presented same={} refused={}",
        p.same, p.refused
    );
}

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len())]
}

/// A column presented as MariaDB's JSON type is written as that type's
/// `CHECK (json_valid(..))` decides: an invalid document gets the server's
/// ERR 4025 (Django's `test_db_check_constraints`), text and prepared, and
/// MariaDB's json_valid is the judge (duplicate names and `\x` are valid,
/// a lone surrogate escape, a raw tab, `[1,]` and 32 levels are not); an
/// explicit `on_invalid_json = "compress"` keeps the old behaviour.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_column_presented_as_json_refuses_invalid_documents_as_the_json_types_check_does() {
    let db = MariaDb::start();
    for (name, ty) in [(TRUTH, "JSON"), (SQ, "LONGBLOB")] {
        db.fresh_db(name);
        db.root_sql(&format!(
            "CREATE TABLE {name}.t (id INT PRIMARY KEY, doc {ty} NULL)"
        ));
    }
    let config = |extra: &str| {
        format!(
            "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"{SQ}\"\ntable = \"t\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\npresent_as = \"json\"\n{extra}",
            concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
        )
    };
    let backend = db.addr();
    let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
    let sq = Squeeze::start_with_config(&config(""), &["--backend", &backend, "--user", &user]);
    let mut p = pair(&db, &sq).await;
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let docs: Vec<String> = vec![
        "nope".into(),
        String::new(),
        r#"{"a":1,"a":2}"#.into(),
        r#""\ud800""#.into(),
        r#""\uD83D\uDE00""#.into(),
        r#""\x""#.into(),
        "[1,]".into(),
        " 1 ".into(),
        "1 2".into(),
        "\"\t\"".into(),
        deep(31),
        deep(32),
        format!(
            "{{\"pad\": \"{}\", \"ok\": true}}",
            "lorem ipsum ".repeat(12)
        ),
        format!(
            "{{\"pad\": \"{}\", \"ok\": tru}}",
            "lorem ipsum ".repeat(12)
        ),
    ];
    let outcome = |r: Result<(), mysql_async::Error>| match r {
        Ok(()) => "OK".to_string(),
        Err(mysql_async::Error::Server(e)) => {
            format!(
                "{} {}",
                e.code,
                e.message.replace(TRUTH, "DB").replace(SQ, "DB")
            )
        }
        Err(e) => panic!("not a server error: {e}"),
    };
    let mut refused = 0;
    for (i, d) in docs.iter().enumerate() {
        for prepared in [false, true] {
            let id = 2 * i + usize::from(prepared) + 1;
            let (t, s) = if prepared {
                let sql = "INSERT INTO t (id, doc) VALUES (?, ?)";
                (
                    outcome(p.truth.exec_drop(sql, (id, d.as_str())).await),
                    outcome(p.sq.exec_drop(sql, (id, d.as_str())).await),
                )
            } else {
                let sql = format!("INSERT INTO t (id, doc) VALUES ({id}, {})", quote(d));
                (
                    outcome(p.truth.query_drop(&sql).await),
                    outcome(p.sq.query_drop(&sql).await),
                )
            };
            // 31 levels are valid, 32 not; squeeze's evaluator judges
            // validity only up to 30 levels and refuses beyond, naming the
            // column.
            if d.starts_with("[[[[") && s.starts_with("1235") && s.contains("column `") {
                continue;
            }
            assert_eq!(s, t, "{d:?} (prepared: {prepared})");
            refused += usize::from(t.starts_with("4025"));
        }
    }
    assert_eq!(
        refused, 14,
        "the server refused {refused} writes, not the 7 invalid documents twice"
    );
    // The stored documents read back as the JSON column's (the column's
    // definition is the presentation's, `docs/catalog.md`).
    let read = "SELECT id, doc FROM t WHERE id NOT IN (21, 22, 23, 24) ORDER BY id";
    let rows = |a: Answer| match a {
        Answer::Rows(_, rows) => rows,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        rows(run(&mut p.sq, read, false).await),
        rows(run(&mut p.truth, read, false).await)
    );
    drop(p);
    drop(sq);
    // The old behaviour, asked for.
    let sq = Squeeze::start_with_config(
        &config("on_invalid_json = \"compress\"\n"),
        &["--backend", &backend, "--user", &user],
    );
    let mut c = dump::connect(sq.port, Some(SQ)).await;
    c.query_drop("INSERT INTO t (id, doc) VALUES (1000, 'nope')")
        .await
        .expect("on_invalid_json = compress stores an invalid document");
    let back: Option<Vec<u8>> = c
        .query_first("SELECT doc FROM t WHERE id = 1000")
        .await
        .unwrap();
    assert_eq!(back.as_deref(), Some(&b"nope"[..]));
}
