//! Issue 45: squeeze's in-server function library. `squeeze udf install`
//! on a fresh server; a DBA reads documents without squeeze; a corrupt
//! value is an SQL error, never a crash; a library or dictionary that does
//! not match is reported and never used; and with the function present the
//! server evaluates every read inside a document, exactly as on the
//! uncompressed copy (the differential oracle and the JSON fuzzer).
mod support;

use mysql_async::prelude::*;
use support::in_server::{install, server, udf};
use support::{mariadb_cli, Squeeze, TestServer};

const SCHEMA: &str = "udf_app";

fn docs() -> Vec<String> {
    (0..40)
        .map(|i| {
            format!(
                r#"{{"id":{i},"author":"user_{}","body":"a comment that repeats itself, a comment that repeats itself {i}","score":{},"tags":["t{}","x"],"nested":{{"k":"é😀{i}"}}}}"#,
                i % 7,
                i * 3 % 11,
                i % 3
            )
        })
        .collect()
}

async fn conn(sq: &Squeeze) -> mysql_async::Conn {
    let o: mysql_async::Opts =
        support::dump::opts(sq.port, support::APP_USER, support::APP_PASS, Some(SCHEMA)).into();
    mysql_async::Conn::new(o).await.unwrap()
}

/// Writes the documents through a squeeze compressing `docs.doc`.
async fn write_docs(db: &dyn TestServer) {
    let sq = Squeeze::for_docs_table(db, SCHEMA);
    let mut c = conn(&sq).await;
    for (i, d) in docs().iter().enumerate() {
        c.exec_drop("INSERT INTO docs (id, doc) VALUES (?, ?)", (i as i64, d))
            .await
            .unwrap();
    }
    c.disconnect().await.unwrap();
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn squeeze_udf_install_on_a_fresh_server_lets_a_dba_read_every_document_without_squeeze() {
    let db = server();
    write_docs(&db).await;
    let stored = db.root_sql(&format!(
        "SELECT COUNT(*) FROM {SCHEMA}.docs WHERE LEFT(doc, 1) = 0xF5"
    ));
    assert!(
        stored.contains("\n40"),
        "documents are stored compressed: {stored}"
    );

    let (ready, out) = udf(&db, &["status"]);
    assert!(!ready && out.contains("not installed"), "{out}");
    install(&db);
    let (ready, out) = udf(&db, &["status"]);
    assert!(ready && out.contains("ready"), "{out}");

    // The DBA's view, in the mariadb client: the exact bytes written.
    let got = db.root_sql(&format!(
        "SELECT HEX(squeeze_inflate(doc)) FROM {SCHEMA}.docs ORDER BY id"
    ));
    let want: Vec<String> = docs().iter().map(|d| hex(d.as_bytes())).collect();
    let rows: Vec<&str> = got.lines().skip(1).collect();
    assert_eq!(
        rows, want,
        "squeeze_inflate answers the documents byte for byte"
    );
    let typed = db.root_sql(&format!(
        "CREATE TABLE {SCHEMA}.typed AS SELECT CONVERT(squeeze_inflate(doc) USING utf8mb4) COLLATE utf8mb4_bin AS d FROM {SCHEMA}.docs LIMIT 1; SHOW CREATE TABLE {SCHEMA}.typed"
    ));
    assert!(
        typed.contains("longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"),
        "{typed}"
    );
    let plain =
        db.root_sql("SELECT squeeze_inflate('{\"plain\":1}'), squeeze_inflate(NULL) IS NULL");
    assert!(
        plain.contains("{\"plain\":1}\t1"),
        "plain values and NULL: {plain}"
    );

    // Back to plain rows with `squeeze restore`: the function still reads them.
    let cfg = support::in_server::config_with(
        &db,
        &format!("\n[[columns]]\nschema = \"{SCHEMA}\"\ntable = \"docs\"\ncolumn = \"doc\"\ndictionary = \"reddit_comments\"\n"),
    );
    let restore = std::process::Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args(["restore", "--config"])
        .arg(&cfg)
        .args(["--column", &format!("{SCHEMA}.docs.doc")])
        .args([
            "--dictionaries",
            concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries"),
        ])
        .output()
        .unwrap();
    assert!(
        restore.status.success(),
        "restore: {}",
        String::from_utf8_lossy(&restore.stderr)
    );
    let after = db.root_sql(&format!(
        "SELECT COUNT(*) FROM {SCHEMA}.docs WHERE LEFT(doc, 1) = 0xF5; SELECT HEX(squeeze_inflate(doc)) FROM {SCHEMA}.docs ORDER BY id"
    ));
    let mut lines = after.lines().skip(1);
    assert_eq!(lines.next(), Some("0"), "every row restored: {after}");
    let rows: Vec<&str> = lines.skip(1).collect();
    assert_eq!(rows, want);
    let (ready, out) = udf(&db, &["status"]);
    assert!(ready, "{out}");

    let (ok, out) = udf(&db, &["remove"]);
    assert!(ok && out.contains("dropped"), "{out}");
    let (ready, out) = udf(&db, &["status"]);
    assert!(!ready && out.contains("not installed"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupt_stored_value_is_an_sql_error_naming_squeeze_and_the_server_stays_up() {
    let db = server();
    write_docs(&db).await;
    install(&db);
    // A valid header over a payload that is not zstd, a checksum that does
    // not match, a dictionary never installed, a length over the cap.
    let corrupt = [
        "0xF511016C00000000DEADBEEFDEADBEEFDEADBEEF",
        "0xF5110300000000",
        "0xF511776C0000000000000000",
        "0xF51101FFFFFFFF0F00000000AAAA",
        "0xF6",
    ];
    for (k, v) in corrupt.iter().enumerate() {
        db.root_sql(&format!(
            "INSERT INTO {SCHEMA}.docs VALUES ({}, {v})",
            1000 + k
        ));
        let (ok, _, err) = mariadb_cli(
            db.port(),
            &[],
            &format!(
                "SELECT squeeze_inflate(doc) FROM {SCHEMA}.docs WHERE id = {}",
                1000 + k
            ),
        );
        assert!(!ok && err.contains("squeeze_inflate"), "value {v}: {err}");
        db.root_sql(&format!(
            "DELETE FROM {SCHEMA}.docs WHERE id = {}",
            1000 + k
        ));
    }
    let alive = db.root_sql("SELECT 1 + 1");
    assert!(alive.contains('2'), "the server is up: {alive}");

    // Through squeeze, a statement the server evaluates over a corrupt
    // row gets the server's error, naming squeeze; the others still answer.
    db.root_sql(&format!(
        "INSERT INTO {SCHEMA}.docs VALUES (2000, {})",
        corrupt[0]
    ));
    let sq = Squeeze::for_docs_table_keeping(&db, SCHEMA);
    let mut c = conn(&sq).await;
    let e = c
        .query_drop("SELECT id FROM docs WHERE JSON_VALUE(doc, '$.author') = 'user_1'")
        .await
        .unwrap_err();
    assert!(format!("{e}").contains("squeeze_inflate"), "{e}");
    let n: Option<i64> = c
        .query_first(
            "SELECT COUNT(*) FROM docs WHERE id < 100 AND JSON_VALUE(doc, '$.author') = 'user_1'",
        )
        .await
        .unwrap();
    assert_eq!(n, Some(6));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_library_of_another_build_or_a_missing_dictionary_is_reported_and_never_used() {
    let db = server();
    write_docs(&db).await;
    // Another build: a library exporting the same functions whose version
    // is another squeeze's (compiled here with gcc; install-deps has it).
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("other.c");
    std::fs::write(
        &c,
        r#"
typedef struct { char maybe_null; unsigned int decimals; unsigned long max_length; char *ptr; char const_item; void *extension; } UDF_INIT;
typedef struct UDF_ARGS UDF_ARGS;
static char v[] = "squeeze-udf 0.0.9; format 1; abi 0";
static char d[] = ";max_value_size=1;dir=/";
#define FN(name, text) \
  char name##_init(UDF_INIT *i, UDF_ARGS *a, char *m) { i->maybe_null = 1; return 0; } \
  void name##_deinit(UDF_INIT *i) {} \
  char *name(UDF_INIT *i, UDF_ARGS *a, char *r, unsigned long *len, char *is_null, char *err) { \
    if (!text) { *is_null = 1; return 0; } *len = sizeof(text) - 1; return text; }
FN(squeeze_udf_version, v)
FN(squeeze_udf_dictionaries, d)
FN(squeeze_inflate, 0)
FN(squeeze_deflate, 0)
"#,
    )
    .unwrap();
    let lib = dir.path().join("libsqueeze_udf.so");
    let gcc = support::require_bin("gcc", "install it with: apt-get install -y gcc");
    let built = std::process::Command::new(gcc)
        .args(["-shared", "-fPIC", "-o"])
        .arg(&lib)
        .arg(&c)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "gcc: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let (ok, out) = udf(&db, &["install", "--library", lib.to_str().unwrap()]);
    assert!(!ok && out.contains("version mismatch"), "{out}");
    let (ready, out) = udf(&db, &["status"]);
    assert!(!ready && out.contains("version mismatch"), "{out}");
    let sq = Squeeze::for_docs_table_keeping(&db, SCHEMA);
    let mut c = conn(&sq).await;
    let e = c
        .query_drop("SELECT id FROM docs WHERE doc LIKE '%user_1%'")
        .await
        .unwrap_err();
    assert!(
        format!("{e}").contains("1235"),
        "not used: squeeze refuses as without it: {e}"
    );
    let backends = support::http_get(&sq.admin_addr(), "/backends").1;
    assert!(backends.contains("mismatch"), "{backends}");
    drop(c);
    drop(sq);

    // This build's library, one dictionary file removed.
    install(&db);
    let plugin_dir = db.root_sql("SELECT @@plugin_dir");
    let plugin_dir = plugin_dir.lines().nth(1).unwrap().trim().to_string();
    let dicts = std::path::Path::new(&plugin_dir).join("squeeze_dictionaries");
    for f in std::fs::read_dir(&dicts).unwrap().flatten() {
        if f.file_name().to_string_lossy().ends_with(".dict") {
            std::fs::remove_file(f.path()).unwrap();
        }
    }
    let (ready, out) = udf(&db, &["status"]);
    assert!(!ready && out.contains("not installed"), "{out}");
    let sq = Squeeze::for_docs_table_keeping(&db, SCHEMA);
    let mut c = conn(&sq).await;
    let e = c
        .query_drop("SELECT id FROM docs WHERE doc LIKE '%user_1%'")
        .await
        .unwrap_err();
    assert!(format!("{e}").contains("1235"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_inside_documents_are_evaluated_by_the_server_and_answer_as_the_uncompressed_copy() {
    let db = server();
    write_docs(&db).await;
    install(&db);
    let sq = Squeeze::for_docs_table_keeping(&db, SCHEMA);
    let mut c = conn(&sq).await;
    db.root_sql(&format!(
        "CREATE TABLE {SCHEMA}.copy (id BIGINT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin); INSERT INTO {SCHEMA}.copy SELECT id, CONVERT(squeeze_inflate(doc) USING utf8mb4) FROM {SCHEMA}.docs"
    ));
    let direct: mysql_async::Opts = support::dump::opts(
        db.port(),
        support::APP_USER,
        support::APP_PASS,
        Some(SCHEMA),
    )
    .into();
    let mut d = mysql_async::Conn::new(direct).await.unwrap();
    let statements = [
        "SELECT id FROM docs WHERE JSON_VALUE(doc, '$.author') = 'user_3' ORDER BY id",
        "SELECT id, JSON_VALUE(doc, '$.score') + 1 FROM docs ORDER BY JSON_VALUE(doc, '$.score') DESC, id LIMIT 5",
        "SELECT JSON_VALUE(doc, '$.author') AS a, COUNT(*) FROM docs GROUP BY a ORDER BY a",
        "SELECT id, doc FROM docs WHERE doc LIKE '%user_5%' ORDER BY id",
        "SELECT DISTINCT JSON_EXTRACT(doc, '$.tags[0]') FROM docs ORDER BY 1",
        "SELECT doc FROM docs WHERE id < 3 UNION SELECT doc FROM docs WHERE id < 2 ORDER BY 1",
        "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '\"t1\"', '$.tags') ORDER BY id",
        "SELECT t.id FROM docs t JOIN docs u ON JSON_VALUE(t.doc, '$.author') = JSON_VALUE(u.doc, '$.author') WHERE u.id = 4 ORDER BY t.id",
        "SELECT id, JSON_VALUE(doc, '$.nested.k') FROM docs WHERE id IN (SELECT id FROM docs WHERE JSON_VALUE(doc, '$.score') > 8) ORDER BY id",
        "SELECT id, ROW_NUMBER() OVER (PARTITION BY JSON_VALUE(doc, '$.author') ORDER BY id) FROM docs ORDER BY id",
        "SELECT jt.tag, COUNT(*) FROM docs d, JSON_TABLE(d.doc, '$.tags[*]' COLUMNS (tag VARCHAR(10) PATH '$')) jt GROUP BY jt.tag ORDER BY jt.tag",
        "SELECT id, CAST(JSON_VALUE(doc, '$.score') AS SIGNED) * 2 FROM docs WHERE id % 9 = 0 ORDER BY id",
        "SELECT x.doc FROM (SELECT id, doc FROM docs) x WHERE x.doc LIKE '%user_2%' ORDER BY x.id",
        "SELECT doc FROM docs ORDER BY doc LIMIT 3",
        "SELECT UPPER(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author'))) FROM docs WHERE id = 7",
    ];
    for sql in statements {
        let through: Vec<mysql_async::Row> =
            c.query(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        let truth: Vec<mysql_async::Row> = d
            .query(
                sql.replace("FROM docs", "FROM copy")
                    .replace("JOIN docs", "JOIN copy"),
            )
            .await
            .unwrap();
        let bytes = |rows: &[mysql_async::Row]| -> Vec<Vec<Option<Vec<u8>>>> {
            rows.iter()
                .map(|r| {
                    (0..r.len())
                        .map(|i| match r.as_ref(i) {
                            Some(mysql_async::Value::NULL) | None => None,
                            Some(mysql_async::Value::Bytes(b)) => Some(b.clone()),
                            Some(v) => Some(v.as_sql(true).into_bytes()),
                        })
                        .collect()
                })
                .collect()
        };
        assert_eq!(bytes(&through), bytes(&truth), "{sql}");
        let names = |rows: &[mysql_async::Row]| -> Vec<String> {
            rows.first()
                .map(|r| {
                    r.columns_ref()
                        .iter()
                        .map(|c| c.name_str().into_owned())
                        .collect()
                })
                .unwrap_or_default()
        };
        assert_eq!(names(&through), names(&truth), "{sql}: column names");
    }
}

/// Statements whose result column is described differently by the server
/// when the document comes from the stored function: MariaDB gives a
/// stored function's result a weaker collation derivation than a column's
/// (MDEV-11292), so where the document meets a string column of another
/// collation in one expression that column's collation wins (BINARY flag,
/// and for a set operation the type). Values are equal; the note of issue
/// 45 tracks it.
const DERIVATION_GAP: &[&str] = &[
    "SELECT doc FROM users UNION SELECT doc FROM docs",
    "SELECT JSON_VALUE(doc, '$.author') FROM docs UNION ALL SELECT name FROM users",
    "SELECT id, IF(n = 1, doc, title) FROM docs",
];

#[test]
fn with_the_function_the_read_corpora_answer_as_truth_or_refuse_only_what_the_server_cannot_see() {
    // The same corpora without the function first: what it changes.
    let plain = support::MariaDb::start();
    let ([b_same, b_refused, b_both], _, b_failures) = support::oracle::run_read_corpora(&plain);
    let b_n = b_same + b_refused + b_both;
    let b_pct = 100.0 * b_refused as f64 / b_n.max(1) as f64;
    println!("RESULT squeeze_evaluates_oracle statements={b_n} same={b_same} refused={b_refused} both_error={b_both} refused_pct={b_pct:.1} wrong={}", b_failures.len());
    assert!(b_failures.is_empty(), "{}", b_failures.join("\n"));
    drop(plain);
    let db = server();
    install(&db);
    let ([same, refused, both], report, failures) = support::oracle::run_read_corpora(&db);
    let n = same + refused + both;
    let pct = 100.0 * refused as f64 / n.max(1) as f64;
    let unexplained: Vec<&String> = failures
        .iter()
        .filter(|f| {
            let head = f.lines().next().unwrap_or_default();
            let metadata_only = f.contains("column definitions truth");
            !(metadata_only && DERIVATION_GAP.iter().any(|s| head.ends_with(s)))
        })
        .collect();
    let known = failures.len() - unexplained.len();
    println!("RESULT in_server_oracle statements={n} same={same} refused={refused} both_error={both} refused_pct={pct:.1} derivation_gap={known} wrong={}", unexplained.len());
    assert!(
        unexplained.is_empty(),
        "{} leaks or wrong answers:\n{}",
        unexplained.len(),
        unexplained
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // What stays refused is what the server cannot be asked to see
    // through the function: stored-program bodies and calls, CHECKSUM
    // TABLE, HANDLER, NATURAL JOIN / USING, PROCEDURE ANALYSE, variables,
    // statement texts inside string literals, SET STATEMENT (listed in
    // the closing note of issue 45).
    assert!(
        pct <= 8.0,
        "{refused} of {n} statements refused ({pct:.1}%):\n{report}"
    );
}

/// Paths whose MariaDB evaluation depends on the rows evaluated before
/// (`**` and `last` over a table holding invalid documents): the same
/// statement answers differently when the document is a column and when
/// it is a function's result. Counted and printed, never hidden.
fn stateful_path(sql: &str) -> bool {
    sql.contains("**") || sql.contains("[last") || sql.contains("to last")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_function_seeded_json_statements_answer_as_mariadb_and_refuse_at_most_two_percent()
{
    let (seeds, count) = support::json_fuzz::params(&[0x0045_f001], 1500);
    let db = server();
    install(&db);
    let mut fuzz = support::json_fuzz::Fuzz::setup(&db).await;
    for seed in &seeds {
        fuzz.run_seed(*seed, count).await;
    }
    print!("{}", fuzz.report());
    let t = fuzz.totals();
    let stateful = fuzz
        .failures
        .iter()
        .filter(|f| stateful_path(f.lines().next().unwrap_or_default()))
        .count();
    println!(
        "in-server fuzz: {} wrong, {stateful} of them over row-dependent paths (`**`, `last`)",
        t.wrong
    );
    assert_eq!(
        t.wrong as usize, stateful,
        "wrong answers beyond MariaDB's row-dependent paths (printed above)"
    );
    let pct = 100.0 * t.refused as f64 / t.run.max(1) as f64;
    assert!(pct <= 2.0, "{} of {} refused ({pct:.1}%)", t.refused, t.run);
}

/// The ORM kit (SQLAlchemy 2 and Django 5 JSON lookups) with no path
/// declared: with the function every lookup is the server's to answer, and
/// answers as directly on the uncompressed copy.
#[test]
fn with_the_function_every_orm_json_lookup_answers_as_directly_with_no_path_declared() {
    let py = support::pyclients::venv_python();
    for module in ["sqlalchemy", "pymysql", "django", "MySQLdb"] {
        support::pyclients::require_module(&py, module);
    }
    let db = server();
    install(&db);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (sq, o) = rt.block_on(support::oracle::setup(&db));
    drop(o);
    let truth = support::pyclients::orm_json_lookups(db.port(), "truth");
    let through = support::pyclients::orm_json_lookups(sq.port, "sq");
    assert_eq!(truth.len(), through.len());
    let differ: Vec<String> = truth
        .iter()
        .zip(&through)
        .filter(|(a, b)| a.1 != b.1)
        .map(|((n, a), (_, b))| format!("{n}: direct {a} / squeeze {b}"))
        .collect();
    println!(
        "RESULT in_server_orm_json lookups={} same={} differ={}",
        truth.len(),
        truth.len() - differ.len(),
        differ.len()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(truth.len() >= 58, "{} lookups", truth.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn functions_dropped_behind_squeezes_back_stop_being_used_at_the_first_statement_that_finds_them_gone(
) {
    let db = server();
    write_docs(&db).await;
    install(&db);
    let sq = Squeeze::for_docs_table_keeping(&db, SCHEMA);
    let mut c = conn(&sq).await;
    let sql = "SELECT COUNT(*) FROM docs WHERE doc LIKE '%user_1%'";
    let n: Option<i64> = c.query_first(sql).await.unwrap();
    assert_eq!(n, Some(6), "evaluated by the server");
    let (ok, out) = udf(&db, &["remove"]);
    assert!(ok, "{out}");
    // The statement planned before anyone noticed gets the server's error...
    let e = c.query_drop(sql).await.unwrap_err();
    assert!(format!("{e}").contains("1305"), "{e}");
    // ...and the next is squeeze's own answer without the function.
    let e = c.query_drop(sql).await.unwrap_err();
    assert!(format!("{e}").contains("1235"), "{e}");
    let backends = support::http_get(&sq.admin_addr(), "/backends").1;
    assert!(backends.contains("absent"), "{backends}");
}
