//! Issue 16, the write side: every value of at least `min_size` bytes that
//! squeeze writes into a compressed column is stored compressed, or the
//! statement is refused (ERR 1235 naming the column); copies out of
//! compressed columns and DDL that would hide or destroy them are refused;
//! DDL in any database refreshes exactly the cached tables it changed; a
//! value above `codec.max_value_size` is refused in every write path.
//!
//! Each write case checks the STORED bytes directly on MariaDB (every
//! value >= min_size starts with the squeeze magic 0xF5) and reads the
//! table back through squeeze, byte for byte.

mod support;

use std::collections::BTreeMap;

use mysql_async::prelude::*;
use mysql_async::Conn;
use support::{dump, mariadb_cli, MariaDb, Squeeze, APP_PASS, APP_USER};

/// squeeze's default `min_size`.
const MIN_SIZE: usize = 64;

fn dicts() -> &'static str {
    concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
}

/// `schema.docs(id, doc*, title)`, `schema.docs2(id, doc*)` (same rule),
/// `schema.plain(id, doc)` (not compressed). `*` = compressed.
fn setup(db: &MariaDb, schema: &str, extra_codec: &str) -> Squeeze {
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB, title VARCHAR(100));
         CREATE TABLE {schema}.docs2 (id BIGINT PRIMARY KEY, doc LONGBLOB);
         CREATE TABLE {schema}.plain (id BIGINT PRIMARY KEY, doc LONGTEXT);
         CREATE TABLE {schema}.truth (id BIGINT PRIMARY KEY, doc LONGBLOB);"
    ));
    let toml = format!(
        r#"
[codec]
dictionaries_dir = "{}"
{extra_codec}

[[columns]]
schema = "{schema}"
table = "docs"
column = "doc"
codec = "zstd"
dictionary = "reddit_comments"

[[columns]]
schema = "{schema}"
table = "docs2"
column = "doc"
codec = "zstd"
dictionary = "reddit_comments"
"#,
        dicts()
    );
    let backend = db.addr();
    let user = format!("{APP_USER}:{APP_PASS}");
    Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user])
}

/// ASCII JSON documents of the shipped corpus, 200..2000 bytes.
fn corpus(n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap();
    let docs: Vec<String> = text
        .lines()
        .filter(|l| l.is_ascii() && (200..2000).contains(&l.len()))
        .take(n)
        .map(str::to_string)
        .collect();
    assert_eq!(docs.len(), n, "corpus too small");
    docs
}

/// A string literal as PyMySQL's `escape_string` writes it (backslash
/// escapes), the default for every client-side-escaping driver.
fn lit(s: &str) -> String {
    let mut o = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\0' => o.push_str("\\0"),
            '\'' => o.push_str("\\'"),
            '"' => o.push_str("\\\""),
            '\x1a' => o.push_str("\\Z"),
            c => o.push(c),
        }
    }
    o.push('\'');
    o
}

/// The same literal under NO_BACKSLASH_ESCAPES (only quotes doubled).
fn lit_nbe(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

async fn connect(sq: &Squeeze, schema: &str) -> Conn {
    dump::connect(sq.port, Some(schema)).await
}

/// Every stored value of `table.doc` on MariaDB itself: (id, starts with
/// 0xF5, length).
fn stored(db: &MariaDb, schema: &str, table: &str) -> Vec<(i64, bool, usize)> {
    let out = db.root_sql(&format!(
        "SELECT id, LEFT(doc, 1) = UNHEX('F5'), LENGTH(doc) FROM {schema}.{table} WHERE doc IS NOT NULL ORDER BY id"
    ));
    out.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[1] == "1", f[2].parse().unwrap())
        })
        .collect()
}

/// Every stored value of at least MIN_SIZE bytes is compressed.
fn assert_stored_compressed(db: &MariaDb, schema: &str, table: &str) {
    for (id, compressed, len) in stored(db, schema, table) {
        assert!(
            compressed || len < MIN_SIZE,
            "{schema}.{table} row {id}: {len} bytes stored without the squeeze header"
        );
    }
}

/// The table read back through squeeze equals `want` byte for byte.
async fn assert_reads_back(c: &mut Conn, table: &str, want: &BTreeMap<i64, Option<String>>) {
    let rows: Vec<(i64, Option<Vec<u8>>)> = c
        .query(format!("SELECT id, doc FROM {table} ORDER BY id"))
        .await
        .unwrap();
    let got: BTreeMap<i64, Option<String>> = rows
        .into_iter()
        .map(|(id, d)| (id, d.map(|d| String::from_utf8(d).unwrap())))
        .collect();
    for (id, w) in want {
        assert_eq!(
            got.get(id),
            Some(w),
            "{table} row {id} reads back differently"
        );
    }
    assert_eq!(got.len(), want.len(), "{table}: rows {:?}", got.keys());
}

/// A statement shortened for a failure message.
fn short(sql: &str) -> String {
    sql.chars().take(200).collect()
}

async fn run(c: &mut Conn, sql: String) {
    c.query_drop(&sql)
        .await
        .unwrap_or_else(|e| panic!("{e}: {}", short(&sql)))
}

async fn server_err(c: &mut Conn, sql: &str) -> (u16, String, String) {
    match c.query_drop(sql).await {
        Err(mysql_async::Error::Server(e)) => (e.code, e.state, e.message),
        Ok(()) => panic!("expected an error for {}", short(sql)),
        Err(e) => panic!("expected a server error for {}, got {e:?}", short(sql)),
    }
}

/// ERR 1235 naming `column` (when given).
async fn assert_refused(c: &mut Conn, sql: &str, column: Option<&str>) -> String {
    let (code, state, msg) = server_err(c, sql).await;
    assert_eq!((code, state.as_str()), (1235, "42000"), "{sql}: {msg}");
    assert!(msg.starts_with("squeeze: "), "{sql}: {msg}");
    if let Some(col) = column {
        assert!(msg.contains(&format!("`{col}`")), "{sql}: {msg}");
    }
    msg
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orm_and_constant_expression_writes_are_stored_compressed_and_read_back_exactly() {
    let db = MariaDb::shared();
    let schema = "writes_exprs";
    let sq = setup(db, schema, "");
    let d = corpus(17);
    let mut c = connect(&sq, schema).await;
    let mut want: BTreeMap<i64, Option<String>> = BTreeMap::new();
    for id in 1..=12 {
        c.query_drop(format!("INSERT INTO docs (id, doc) VALUES ({id}, NULL)"))
            .await
            .unwrap();
        want.insert(id, None);
    }
    // Django bulk_update(objs, ['doc']).
    run(&mut c, format!(
        "UPDATE `docs` SET `doc` = CASE WHEN (`docs`.`id` = 1) THEN {} WHEN (`docs`.`id` = 2) THEN {} ELSE NULL END WHERE `docs`.`id` IN (1, 2)",
        lit(&d[0]),
        lit(&d[1])
    ))
    .await;
    want.insert(1, Some(d[0].clone()));
    want.insert(2, Some(d[1].clone()));
    // Django Coalesce / If-style expressions.
    run(
        &mut c,
        format!(
            "UPDATE docs SET doc = COALESCE({}, NULL) WHERE id = 3",
            lit(&d[2])
        ),
    )
    .await;
    want.insert(3, Some(d[2].clone()));
    run(
        &mut c,
        format!(
            "UPDATE docs SET doc = IF(id = 4, {}, NULL) WHERE id = 4",
            lit(&d[3])
        ),
    )
    .await;
    want.insert(4, Some(d[3].clone()));
    // SQLAlchemy executemany of an UPDATE through PyMySQL: one text
    // statement per row with client-side escaped literals.
    for (id, doc) in [(5, &d[4]), (6, &d[5])] {
        run(
            &mut c,
            format!("UPDATE docs SET doc={} WHERE docs.id = {id}", lit(doc)),
        )
        .await;
        want.insert(id, Some(doc.clone()));
    }
    // Constant expressions squeeze evaluates.
    run(
        &mut c,
        format!("INSERT INTO docs (id, doc) VALUES (20, ({}))", lit(&d[6])),
    )
    .await;
    want.insert(20, Some(d[6].clone()));
    let (a, b) = d[7].split_at(d[7].len() / 2);
    run(
        &mut c,
        format!(
            "INSERT INTO docs (id, doc) VALUES (21, CONCAT({}, {}))",
            lit(a),
            lit(b)
        ),
    )
    .await;
    want.insert(21, Some(d[7].clone()));
    run(
        &mut c,
        format!(
            "UPDATE docs SET doc = _utf8mb4{} COLLATE utf8mb4_bin WHERE id = 7",
            lit(&d[8])
        ),
    )
    .await;
    want.insert(7, Some(d[8].clone()));
    run(
        &mut c,
        format!(
            "UPDATE docs SET doc = CONVERT({} USING utf8mb4) WHERE id = 8",
            lit(&d[9])
        ),
    )
    .await;
    want.insert(8, Some(d[9].clone()));
    run(
        &mut c,
        format!(
            "UPDATE docs SET doc = CAST({} AS CHAR) WHERE id = 9",
            lit(&d[10])
        ),
    )
    .await;
    want.insert(9, Some(d[10].clone()));
    // SET STATEMENT ... FOR: planned; MariaDB parses the inner statement
    // with the session's sql_mode, so backslash escapes still apply.
    run(&mut c, format!(
        "SET STATEMENT max_statement_time=10, sql_mode='NO_BACKSLASH_ESCAPES' FOR INSERT INTO docs (id, doc) VALUES (22, {})",
        lit(&d[11])
    ))
    .await;
    want.insert(22, Some(d[11].clone()));
    // Under a session NO_BACKSLASH_ESCAPES the literal is written that way.
    run(
        &mut c,
        "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'".into(),
    )
    .await;
    let with_backslash = d[12].replacen('{', r#"{"path":"C:\\temp\\x",""#, 1);
    let with_backslash = with_backslash.replacen(r#","","#, ",", 1);
    run(
        &mut c,
        format!(
            "SET STATEMENT max_statement_time=10 FOR UPDATE docs SET doc = {} WHERE id = 10",
            lit_nbe(&with_backslash)
        ),
    )
    .await;
    want.insert(10, Some(with_backslash));
    run(&mut c, "SET SESSION sql_mode = DEFAULT".into()).await;
    // EXECUTE IMMEDIATE with a literal bound through USING.
    run(
        &mut c,
        format!(
            "EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (?, ?)' USING 23, {}",
            lit(&d[13])
        ),
    )
    .await;
    want.insert(23, Some(d[13].clone()));
    // SQL-level PREPARE, then EXECUTE with the value itself in USING.
    run(
        &mut c,
        "PREPARE ins FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'".into(),
    )
    .await;
    run(&mut c, format!("EXECUTE ins USING 24, {}", lit(&d[16]))).await;
    want.insert(24, Some(d[16].clone()));
    // A copy of the same compressed column.
    run(
        &mut c,
        "UPDATE docs d JOIN docs e ON e.id = 1 SET d.doc = e.doc WHERE d.id = 11".into(),
    )
    .await;
    want.insert(11, Some(d[0].clone()));
    // ON DUPLICATE KEY UPDATE with VALUES(doc).
    run(
        &mut c,
        format!(
            "INSERT INTO docs (id, doc) VALUES (12, {}) ON DUPLICATE KEY UPDATE doc = VALUES(doc)",
            lit(&d[14])
        ),
    )
    .await;
    want.insert(12, Some(d[14].clone()));
    // Binary protocol: a CASE with a ? branch.
    c.exec_drop(
        "UPDATE docs SET doc = CASE WHEN id = ? THEN ? ELSE doc END WHERE id IN (?, 5)",
        (6, d[15].as_str(), 6),
    )
    .await
    .unwrap();
    want.insert(6, Some(d[15].clone()));

    let rows = stored(db, schema, "docs");
    assert_eq!(rows.len(), want.values().filter(|v| v.is_some()).count());
    assert!(
        rows.iter().all(|r| r.1),
        "every document is stored compressed: {rows:?}"
    );
    assert_stored_compressed(db, schema, "docs");
    assert_reads_back(&mut c, "docs", &want).await;
}

/// Differential check of the evaluator: each constant expression is
/// written through squeeze into the compressed column and directly on
/// MariaDB into an uncompressed LONGBLOB; squeeze stores it compressed and
/// it reads back as exactly the bytes MariaDB computed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn constant_expressions_store_exactly_the_bytes_mariadb_computes() {
    let db = MariaDb::shared();
    let schema = "writes_oracle";
    let sq = setup(db, schema, "");
    let p = "padding so that every value is above min_size: ".repeat(3);
    let exprs = [
        format!("('{{\"p\":\"{p}\"}}')"),
        format!("CONCAT('{{\"p\":\"{p}', '\"}}')"),
        format!("CONCAT('{{\"n\":', 1.50, ',\"m\":', -12, ',\"p\":\"{p}\"}}')"),
        format!("CONCAT(X'7B2270223A22', '{p}\"}}')"),
        format!("_utf8mb4'{{\"é\":\"{p}\"}}' COLLATE utf8mb4_bin"),
        format!("'{{\"é\":\"{p}\"}}' COLLATE utf8mb4_unicode_ci"),
        format!("CONVERT('{{\"é\":\"{p}\"}}' USING utf8mb4)"),
        format!("CONVERT(_utf8mb3'{{\"é\":\"{p}\"}}' USING utf8mb4)"),
        format!("CONVERT('{{\"p\":\"{p}\"}}' USING binary)"),
        format!("CAST('{{\"é\":\"{p}\"}}' AS CHAR)"),
        "CAST(X'7B2270223A2278227D' AS CHAR CHARACTER SET utf8mb4)".to_string(),
        format!("BINARY '{{\"p\":\"{p}\"}}'"),
        format!("IF(1 = 1, '{{\"p\":\"{p}\"}}', NULL)"),
        format!("CASE WHEN 1 = 0 THEN '[0]' ELSE CONCAT('{{\"p\":\"', '{p}\"}}') END"),
        format!("CASE 2 WHEN 1 THEN '[1]' WHEN 2 THEN _utf8mb4'{{\"é\":\"{p}\"}}' END"),
        format!("COALESCE(NULL, '{{\"p\":\"{p}\"}}')"),
        format!("IFNULL(NULL, '{{\"é\":\"{p}\"}}')"),
        format!("NULLIF('{{\"p\":\"{p}\"}}', NULL)"),
    ];
    let mut c = connect(&sq, schema).await;
    let mut direct = String::new();
    for (i, e) in exprs.iter().enumerate() {
        c.query_drop(format!("INSERT INTO docs (id, doc) VALUES ({i}, {e})"))
            .await
            .unwrap_or_else(|err| panic!("{e}: {err}"));
        direct += &format!("INSERT INTO {schema}.truth (id, doc) VALUES ({i}, {e});");
    }
    db.root_sql(&direct);
    let truth: BTreeMap<i64, String> = db
        .root_sql(&format!("SELECT id, HEX(doc) FROM {schema}.truth"))
        .lines()
        .skip(1)
        .map(|l| {
            let (id, hex) = l.split_once('\t').unwrap();
            (id.parse().unwrap(), hex.to_string())
        })
        .collect();
    let got: Vec<(i64, Vec<u8>)> = c
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(got.len(), exprs.len());
    for (id, bytes) in got {
        let hex: String = bytes.iter().map(|b| format!("{b:02X}")).collect();
        assert_eq!(
            Some(&hex),
            truth.get(&id),
            "{} is stored differently through squeeze",
            exprs[id as usize]
        );
    }
    assert_stored_compressed(db, schema, "docs");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_squeeze_cannot_compress_are_refused_naming_the_column_and_store_nothing() {
    let db = MariaDb::shared();
    let schema = "writes_refused";
    let sq = setup(db, schema, "");
    let d = corpus(2);
    let col = format!("{schema}.docs.doc");
    let mut c = connect(&sq, schema).await;
    c.query_drop(format!(
        "INSERT INTO docs (id, doc) VALUES (1, {}); INSERT INTO plain (id, doc) VALUES (1, {})",
        lit(&d[0]),
        lit(&d[1])
    ))
    .await
    .unwrap();
    c.query_drop(format!(
        "SET @v = {}, @q = 'INSERT INTO docs (id, doc) VALUES (9, @v)'",
        lit(&d[1])
    ))
    .await
    .unwrap();
    c.query_drop("PREPARE ins FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'")
        .await
        .unwrap();
    for sql in [
        format!("UPDATE docs SET doc = UPPER({}) WHERE id = 1", lit(&d[1])),
        "UPDATE docs SET doc = @v WHERE id = 1".to_string(),
        "INSERT INTO docs (id, doc) VALUES (2, @v)".to_string(),
        "UPDATE docs d JOIN plain p ON p.id = d.id SET d.doc = p.doc".to_string(),
        "UPDATE docs SET doc = (SELECT doc FROM plain WHERE id = 1) WHERE id = 1".to_string(),
        "UPDATE docs SET doc = CONCAT(title, '{}') WHERE id = 1".to_string(),
        format!(
            "UPDATE docs SET doc = NULLIF({}, '') WHERE id = 1",
            lit(&d[1])
        ),
        "EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (?, ?)' USING 3, @v".to_string(),
        "EXECUTE ins USING 4, @v".to_string(),
        "EXECUTE ins USING 4, CONCAT(@v, '')".to_string(),
        format!(
            "SET STATEMENT max_statement_time=10 FOR UPDATE docs SET doc = LOWER({}) WHERE id = 1",
            lit(&d[1])
        ),
    ] {
        assert_refused(&mut c, &sql, Some(&col)).await;
    }
    // Invisible statement text, while compressed columns are configured.
    for (sql, needle) in [
        ("EXECUTE IMMEDIATE @q", "literal text"),
        ("PREPARE s FROM @q", "literal text"),
        ("EXECUTE never_prepared USING 1", "did not see statement"),
    ] {
        let msg = assert_refused(&mut c, sql, None).await;
        assert!(msg.contains(needle), "{sql}: {msg}");
    }
    // Nothing was written: row 1 unchanged, no other row.
    let mut want = BTreeMap::new();
    want.insert(1, Some(d[0].clone()));
    assert_reads_back(&mut c, "docs", &want).await;
    assert_stored_compressed(db, schema, "docs");
    // The session still works.
    let one: Option<i64> = c.query_first("SELECT 1").await.unwrap();
    assert_eq!(one, Some(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copies_out_and_schema_changes_that_would_hide_compressed_values_are_refused() {
    let db = MariaDb::shared();
    let schema = "writes_copies";
    let sq = setup(db, schema, "");
    let d = corpus(2);
    let col = format!("{schema}.docs.doc");
    let mut c = connect(&sq, schema).await;
    c.query_drop(format!(
        "INSERT INTO docs (id, doc) VALUES (1, {}), (2, {})",
        lit(&d[0]),
        lit(&d[1])
    ))
    .await
    .unwrap();
    for sql in [
        "CREATE TABLE c1 AS SELECT id, doc FROM docs",
        "CREATE TEMPORARY TABLE c2 SELECT * FROM docs",
        "INSERT INTO plain (id, doc) SELECT id, doc FROM docs",
        "INSERT INTO plain SELECT id, doc FROM docs",
        "INSERT INTO plain SELECT d.* FROM docs d",
        "SET @n = 1, @x := (SELECT d.doc FROM docs d LIMIT 1)",
        "SELECT doc INTO OUTFILE '/tmp/squeeze-writes-outfile' FROM docs WHERE id = 1",
        "SELECT doc INTO DUMPFILE '/tmp/squeeze-writes-dumpfile' FROM docs WHERE id = 1",
        "SELECT doc INTO @x FROM docs WHERE id = 1",
        "SET @x = (SELECT doc FROM docs WHERE id = 1)",
        "CREATE TRIGGER t1 AFTER INSERT ON docs FOR EACH ROW INSERT INTO plain (id, doc) VALUES (NEW.id, NEW.doc)",
        "ALTER TABLE docs MODIFY doc LONGTEXT",
        "ALTER TABLE docs MODIFY COLUMN doc JSON",
        "ALTER TABLE docs CHANGE doc doc2 LONGBLOB",
        "ALTER TABLE docs RENAME COLUMN doc TO body",
        "ALTER TABLE docs RENAME TO docs_old",
        "RENAME TABLE docs TO docs_old",
    ] {
        assert_refused(&mut c, sql, Some(&col)).await;
    }
    // Nothing was created, renamed or converted.
    let tables = db.root_sql(&format!(
        "SELECT GROUP_CONCAT(TABLE_NAME ORDER BY TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '{schema}'"
    ));
    assert!(tables.contains("docs,docs2,plain"), "{tables}");
    let ty = db.root_sql(&format!(
        "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '{schema}' AND TABLE_NAME = 'docs' AND COLUMN_NAME = 'doc'"
    ));
    assert!(ty.contains("longblob"), "{ty}");
    let triggers = db.root_sql(&format!(
        "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '{schema}'"
    ));
    assert_eq!(triggers.lines().nth(1), Some("0"));
    // What stays allowed: a binary type, reads of other columns, a rename
    // to a table configured the same way, explicit destruction.
    for sql in [
        "ALTER TABLE docs MODIFY doc LONGBLOB NULL",
        "CREATE TABLE ids AS SELECT id FROM docs",
        "SELECT id INTO @n FROM docs WHERE id = 1",
        "ALTER TABLE plain MODIFY doc MEDIUMTEXT",
        "DROP TABLE docs2",
        "RENAME TABLE docs TO docs2",
        "RENAME TABLE docs2 TO docs",
    ] {
        c.query_drop(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
    let mut want = BTreeMap::new();
    want.insert(1, Some(d[0].clone()));
    want.insert(2, Some(d[1].clone()));
    assert_reads_back(&mut c, "docs", &want).await;
    assert_stored_compressed(db, schema, "docs");
}

/// The issue's stale-cache case: DDL through squeeze from a session whose
/// current database is another one, and DROP/CREATE DATABASE, refresh the
/// column order squeeze uses for INSERT without a column list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ddl_in_another_database_refreshes_the_cached_column_order() {
    let db = MariaDb::shared();
    let schema = "writes_ddl";
    let sq = setup(db, schema, "");
    db.root_sql(&format!(
        "DROP TABLE {schema}.docs; CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB, note VARCHAR(100))"
    ));
    let d = corpus(4);
    // Current database: squeeze_test, not the table's.
    let mut c = dump::connect(sq.port, Some("squeeze_test")).await;
    let t = format!("{schema}.docs");
    c.query_drop(format!("INSERT INTO {t} VALUES (1, {}, 'n1')", lit(&d[0])))
        .await
        .unwrap();
    c.query_drop(format!(
        "ALTER TABLE {t} DROP COLUMN note, ADD COLUMN note VARCHAR(100) AFTER id"
    ))
    .await
    .unwrap();
    c.query_drop(format!("INSERT INTO {t} VALUES (2, 'n2', {})", lit(&d[1])))
        .await
        .unwrap();
    let rows = stored(db, schema, "docs");
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(
        rows.iter().all(|r| r.1),
        "rows 1 and 2 stored compressed: {rows:?}"
    );
    // DROP DATABASE and re-create it with another column order.
    c.query_drop(format!(
        "DROP DATABASE {schema}; CREATE DATABASE {schema}; CREATE TABLE {t} (note VARCHAR(100), id BIGINT PRIMARY KEY, doc LONGBLOB, title VARCHAR(10))"
    ))
    .await
    .unwrap();
    let rows = stored(db, schema, "docs");
    assert!(rows.is_empty(), "{rows:?}");
    c.query_drop(format!(
        "INSERT INTO {t} VALUES ('n3', 3, {}, 'x')",
        lit(&d[2])
    ))
    .await
    .unwrap();
    let rows = stored(db, schema, "docs");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].1, "row 3 stored compressed: {rows:?}");
    // RENAME TABLE other_db.x TO db.y replaces a cached table: squeeze
    // must forget the old column order of db.y.
    c.query_drop(format!(
        "CREATE TABLE {schema}.docs2 (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ))
    .await
    .unwrap();
    c.query_drop(format!(
        "INSERT INTO {schema}.docs2 VALUES (1, {})",
        lit(&d[3])
    ))
    .await
    .unwrap();
    c.query_drop("CREATE TABLE squeeze_test.staging (doc LONGBLOB, id BIGINT PRIMARY KEY)")
        .await
        .unwrap();
    // Dropped behind squeeze's back (the rename is what squeeze sees).
    db.root_sql(&format!("DROP TABLE {schema}.docs2"));
    c.query_drop(format!(
        "RENAME TABLE squeeze_test.staging TO {schema}.docs2"
    ))
    .await
    .unwrap();
    c.query_drop(format!(
        "INSERT INTO {schema}.docs2 VALUES ({}, 1)",
        lit(&d[3])
    ))
    .await
    .unwrap();
    assert_stored_compressed(db, schema, "docs");
    assert_stored_compressed(db, schema, "docs2");
    let mut c2 = connect(&sq, schema).await;
    let got: Vec<(i64, Vec<u8>)> = c2.query("SELECT id, doc FROM docs2").await.unwrap();
    assert_eq!(got, vec![(1, d[3].as_bytes().to_vec())]);
    let got: Vec<(i64, Vec<u8>)> = c2.query("SELECT id, doc FROM docs").await.unwrap();
    assert_eq!(got, vec![(3, d[2].as_bytes().to_vec())]);
}

/// DDL this instance did not see (run directly on MariaDB, or through a
/// second squeeze) never makes it put a compressed value into another
/// column or store a document raw in the compressed one: within the cache's
/// staleness bound the INSERT carries the column list squeeze assumed (the
/// server maps values by name, or rejects a name that is gone); after the
/// bound the new column order is read and the INSERT lands as it would
/// directly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ddl_squeeze_did_not_see_never_puts_a_compressed_value_in_another_column() {
    let db = MariaDb::shared();
    let schema = "writes_extddl";
    let sq = setup(db, schema, "");
    let other = setup(db, "writes_extddl_b", "");
    db.root_sql(&format!(
        "DROP TABLE {schema}.docs; CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB, note VARCHAR(3000))"
    ));
    let d = corpus(6);
    let mut c = connect(&sq, schema).await;
    c.query_drop(format!("INSERT INTO docs VALUES (1, {}, 'n1')", lit(&d[0])))
        .await
        .unwrap();
    // Reorder behind this instance's back: directly on MariaDB.
    db.root_sql(&format!(
        "ALTER TABLE {schema}.docs DROP COLUMN note, ADD COLUMN note VARCHAR(3000) AFTER id"
    ));
    // Within the bound: values go by the names squeeze assumed, so the
    // document still lands in `doc`, compressed.
    let started = std::time::Instant::now();
    c.query_drop(format!("INSERT INTO docs VALUES (2, {}, 'n2')", lit(&d[1])))
        .await
        .unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(4));
    let notes = db.root_sql(&format!("SELECT note FROM {schema}.docs WHERE id = 2"));
    assert!(notes.contains("n2"), "{notes}");
    assert_stored_compressed(db, schema, "docs");
    // An added column: still by the names squeeze assumed (the new column
    // gets its default), never shifted.
    db.root_sql(&format!("ALTER TABLE {schema}.docs ADD COLUMN extra INT"));
    c.query_drop(format!("INSERT INTO docs VALUES (3, {}, 'n3')", lit(&d[2])))
        .await
        .unwrap();
    // After the bound the new order (id, note, doc, extra) is read again.
    tokio::time::sleep(std::time::Duration::from_millis(5200)).await;
    c.query_drop(format!(
        "INSERT INTO docs VALUES (4, 'n4', {}, 7)",
        lit(&d[3])
    ))
    .await
    .unwrap();
    let notes = db.root_sql(&format!("SELECT id, note FROM {schema}.docs ORDER BY id"));
    // (n1 went with the first DROP COLUMN.)
    for n in ["n2", "n3", "n4"] {
        assert!(notes.contains(n), "{n} not in {notes}");
    }
    // The same through a second squeeze instance (it drops the notes).
    let mut b = connect(&other, schema).await;
    b.query_drop(format!(
        "ALTER TABLE {schema}.docs DROP COLUMN extra, DROP COLUMN note, ADD COLUMN note VARCHAR(3000) FIRST"
    ))
    .await
    .unwrap();
    c.query_drop(format!("INSERT INTO docs VALUES (5, {}, 'n5')", lit(&d[4])))
        .await
        .unwrap_err();
    tokio::time::sleep(std::time::Duration::from_millis(5200)).await;
    c.query_drop(format!("INSERT INTO docs VALUES ('n6', 6, {})", lit(&d[5])))
        .await
        .unwrap();
    assert_stored_compressed(db, schema, "docs");
    let want: BTreeMap<i64, Option<String>> = [(1, 0), (2, 1), (3, 2), (4, 3), (6, 5)]
        .into_iter()
        .map(|(id, i)| (id, Some(d[i].clone())))
        .collect();
    assert_reads_back(&mut c, "docs", &want).await;
    let notes = db.root_sql(&format!("SELECT note FROM {schema}.docs WHERE id = 6"));
    assert!(notes.contains("n6"), "{notes}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn values_above_max_value_size_are_refused_in_text_binary_and_load_data() {
    let db = MariaDb::shared();
    let schema = "writes_big";
    let sq = setup(db, schema, "max_value_size = 4096");
    let col = format!("{schema}.docs.doc");
    let big = format!("{{\"pad\":\"{}\"}}", "x".repeat(5000));
    let ok = format!("{{\"pad\":\"{}\"}}", "y".repeat(3000));
    let mut c = connect(&sq, schema).await;
    let check = |code: u16, state: &str, msg: &str| {
        assert_eq!((code, state), (1406, "22001"), "{msg}");
        assert!(
            msg.contains(&format!("`{col}`"))
                && msg.contains(&format!("{} bytes", big.len()))
                && msg.contains("max_value_size of 4096"),
            "{msg}"
        );
    };
    // Text protocol.
    let (code, state, msg) = server_err(
        &mut c,
        &format!("INSERT INTO docs (id, doc) VALUES (1, {})", lit(&big)),
    )
    .await;
    check(code, &state, &msg);
    // Binary protocol parameter.
    match c
        .exec_drop(
            "INSERT INTO docs (id, doc) VALUES (?, ?)",
            (2, big.as_str()),
        )
        .await
    {
        Err(mysql_async::Error::Server(e)) => check(e.code, &e.state, &e.message),
        r => panic!("expected ERR 1406, got {r:?}"),
    }
    // Below the limit is fine.
    c.exec_drop("INSERT INTO docs (id, doc) VALUES (?, ?)", (3, ok.as_str()))
        .await
        .unwrap();
    // LOAD DATA LOCAL: the load is aborted and rolled back.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.tsv");
    std::fs::write(&file, format!("4\t{ok}\n5\t{big}\n")).unwrap();
    let (success, _, err) = mariadb_cli(
        sq.port,
        &["--local-infile=1", schema],
        &format!(
            "LOAD DATA LOCAL INFILE '{}' INTO TABLE docs (id, doc)",
            file.display()
        ),
    );
    assert!(!success, "LOAD DATA of a too-big value must fail");
    assert!(
        err.contains("1406") && err.contains(&format!("`{col}`")) && err.contains("4096"),
        "{err}"
    );
    let ids: Vec<i64> = connect(&sq, schema)
        .await
        .query("SELECT id FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(ids, vec![3]);
    assert_stored_compressed(db, schema, "docs");
}

/// Issue 32: a write through an updatable view (renamed columns, nested,
/// WITH CHECK OPTION) is compressed under the base column's rule, a
/// literal-only INSERT ... SELECT is compressed, and schema that would act
/// on stored bytes (a default, an index, a generated column) is refused
/// naming the column.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_through_views_are_stored_compressed_and_schema_on_stored_bytes_is_refused() {
    let db = MariaDb::shared();
    let schema = "writes_views";
    let sq = setup(db, schema, "");
    let d = corpus(8);
    let mut c = connect(&sq, schema).await;
    for v in [
        "CREATE VIEW v AS SELECT id, doc AS body, title FROM docs",
        "CREATE VIEW vv AS SELECT body AS b2, id FROM v",
        "CREATE VIEW vc AS SELECT id, doc FROM docs WHERE id > 10 WITH CHECK OPTION",
    ] {
        run(&mut c, v.to_string()).await;
    }
    let mut want: BTreeMap<i64, Option<String>> = BTreeMap::new();
    for (sql, id, doc) in [
        (
            format!("INSERT INTO v (id, body) VALUES (1, {})", lit(&d[0])),
            1,
            0,
        ),
        (
            format!("INSERT INTO v VALUES (2, {}, 't')", lit(&d[1])),
            2,
            1,
        ),
        (
            format!("UPDATE v SET body = {} WHERE id = 1", lit(&d[2])),
            1,
            2,
        ),
        (
            format!("REPLACE INTO vv (id, b2) VALUES (3, {})", lit(&d[3])),
            3,
            3,
        ),
        (
            format!("INSERT INTO vc (id, doc) VALUES (11, {})", lit(&d[4])),
            11,
            4,
        ),
        (
            format!("INSERT INTO v SET id = 4, body = {}", lit(&d[5])),
            4,
            5,
        ),
        (
            format!("INSERT INTO docs (id, doc) SELECT 5, {}", lit(&d[6])),
            5,
            6,
        ),
        (
            format!(
                "INSERT INTO v (id, body) SELECT 6, {} FROM DUAL",
                lit(&d[7])
            ),
            6,
            7,
        ),
    ] {
        run(&mut c, sql).await;
        want.insert(id, Some(d[doc].clone()));
    }
    // WITH CHECK OPTION is the server's: a row outside the view fails there.
    let (code, _, _) = server_err(
        &mut c,
        &format!("INSERT INTO vc (id, doc) VALUES (7, {})", lit(&d[0])),
    )
    .await;
    assert_eq!(code, 1369);
    assert_stored_compressed(db, schema, "docs");
    assert_eq!(stored(db, schema, "docs").len(), 7);
    assert_reads_back(&mut c, "docs", &want).await;
    assert_reads_back(&mut c, "(SELECT id, body AS doc FROM v) t", &want).await;
    let col = format!("{schema}.docs.doc");
    assert_refused(
        &mut c,
        "UPDATE v SET body = UPPER(title) WHERE id = 1",
        Some(&col),
    )
    .await;
    assert_refused(&mut c, "DELETE FROM vv WHERE b2 LIKE '%a%'", Some(&col)).await;
    for sql in [
        format!("ALTER TABLE docs ALTER doc SET DEFAULT {}", lit(&d[0])),
        format!(
            "ALTER TABLE docs MODIFY doc LONGBLOB DEFAULT {}",
            lit(&d[0])
        ),
        "ALTER TABLE docs ADD UNIQUE KEY (doc(20))".to_string(),
        "CREATE INDEX i_doc ON docs (title, doc(8))".to_string(),
        "ALTER TABLE docs ADD COLUMN k INT AS (LENGTH(doc)) VIRTUAL".to_string(),
        "ALTER TABLE docs ADD CONSTRAINT c CHECK (LENGTH(doc) > 1)".to_string(),
    ] {
        assert_refused(&mut c, &sql, Some(&col)).await;
    }
    // Nothing of it reached the server.
    let show = db.root_sql(&format!("SHOW CREATE TABLE {schema}.docs"));
    assert!(
        !show.contains("DEFAULT '") && !show.contains("KEY `") && !show.contains("CHECK"),
        "{show}"
    );
    run(
        &mut c,
        "ALTER TABLE docs ALTER doc SET DEFAULT NULL".to_string(),
    )
    .await;
}

/// LOAD DATA LOCAL of documents stores what the LONGTEXT utf8mb4_bin copy
/// stores from the same file: the file's CHARACTER SET converted (latin1's
/// 0xE9 is é), valid UTF-8 as it is (utf8mb4, binary, none named), and a
/// row the server would store with warning 1366 (`?` for an invalid byte
/// under `binary`) or convert otherwise refused naming the column, never
/// stored as other bytes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_data_stores_documents_as_the_files_character_set_reads_or_refuses() {
    let db = MariaDb::shared();
    let schema = "w_infile_cs";
    let sq = setup(db, schema, "");
    db.root_sql(&format!(
        "CREATE TABLE {schema}.copy (id BIGINT PRIMARY KEY, doc LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)"
    ));
    let pad = "squeeze keeps the document compressed ".repeat(3);
    let doc = |text: &[u8]| {
        let mut d = format!("{{\"pad\": \"{pad}\", \"who\": \"").into_bytes();
        d.extend_from_slice(text);
        d.extend_from_slice(b"\"}");
        d
    };
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8]); 7] = [
        ("latin1", b"caf\xe9 \x80"),
        ("binary", "café".as_bytes()),
        ("binary", b"caf\xe9"),
        ("utf8mb4", "café 😀".as_bytes()),
        ("utf8mb3", "café".as_bytes()),
        ("", "café".as_bytes()),
        ("ascii", "café".as_bytes()),
    ];
    let (mut stored, mut refused) = (0, 0);
    for (k, (charset, text)) in cases.iter().enumerate() {
        let id = k as i64 + 1;
        let file = dir.path().join(format!("f{k}.tsv"));
        let mut row = format!("{id}\t").into_bytes();
        row.extend_from_slice(&doc(text));
        row.push(b'\n');
        std::fs::write(&file, &row).unwrap();
        let clause = if charset.is_empty() {
            String::new()
        } else {
            format!(" CHARACTER SET {charset}")
        };
        let load = |table: &str| {
            format!(
                "LOAD DATA LOCAL INFILE '{}' INTO TABLE {table}{clause} (id, doc)",
                file.display()
            )
        };
        let (ok, _, err) = mariadb_cli(sq.port, &["--local-infile=1", schema], &load("docs"));
        let (direct_ok, _, direct_err) =
            mariadb_cli(db.port, &["--local-infile=1", schema], &load("copy"));
        assert!(direct_ok, "{charset}: direct load failed: {direct_err}");
        if !ok {
            assert!(
                err.contains("1235") && err.contains(&format!("`{schema}.docs.doc`")),
                "{charset}: {err}"
            );
            refused += 1;
            continue;
        }
        stored += 1;
        let through: Option<Vec<u8>> = connect(&sq, schema)
            .await
            .query_first(format!("SELECT doc FROM docs WHERE id = {id}"))
            .await
            .unwrap()
            .flatten();
        let copy: Option<Vec<u8>> = connect(&sq, schema)
            .await
            .query_first(format!("SELECT doc FROM copy WHERE id = {id}"))
            .await
            .unwrap()
            .flatten();
        assert_eq!(
            through,
            copy,
            "{charset}: {:?}",
            String::from_utf8_lossy(text)
        );
    }
    // latin1 converted, the three valid UTF-8 loads and utf8mb3 stored;
    // binary's invalid byte and ascii refused.
    assert_eq!((stored, refused), (5, 2));
    assert_stored_compressed(db, schema, "docs");
}
