//! Issue 32, temporary tables: from the OK of `CREATE TEMPORARY TABLE
//! docs` until `DROP`, a rename, COM_RESET_CONNECTION or COM_CHANGE_USER,
//! MariaDB resolves `docs` in that session to the temporary table, a plain
//! table. squeeze follows what the server confirmed: writes to it are not
//! compressed, reads of it are answered as MariaDB answers them, and the
//! configured base table is untouched and still compressed afterwards.

mod support;

use mysql_async::prelude::*;
use mysql_async::Conn;
use support::{dump, MariaDb, Squeeze};

const DOC: &str = r#"{"title":"a temporary document","body":"0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz","n":1}"#;
const DOC2: &str = r#"{"title":"another temporary document","body":"zyxwvutsrqponmlkjihgfedcba9876543210zyxwvutsrqponmlkjihgfedcba9876543210","n":2}"#;

async fn connect(sq: &Squeeze, schema: &str) -> Conn {
    dump::connect(sq.port, Some(schema)).await
}

/// (id, stored bytes start with the squeeze magic, length) of the BASE
/// table, read on MariaDB itself.
fn base_rows(db: &MariaDb, schema: &str) -> Vec<(i64, bool, usize)> {
    db.root_sql(&format!(
        "SELECT id, LEFT(doc, 1) = UNHEX('F5'), LENGTH(doc) FROM {schema}.docs ORDER BY id"
    ))
    .lines()
    .skip(1)
    .map(|l| {
        let f: Vec<&str> = l.split('\t').collect();
        (f[0].parse().unwrap(), f[1] == "1", f[2].parse().unwrap())
    })
    .collect()
}

/// Each base-table row's id and whether it is stored compressed.
fn base_ids_compressed(db: &MariaDb, schema: &str) -> Vec<(i64, bool)> {
    base_rows(db, schema).iter().map(|r| (r.0, r.1)).collect()
}

async fn docs(c: &mut Conn) -> Vec<(i64, Vec<u8>)> {
    c.query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap()
}

async fn err(c: &mut Conn, sql: &str) -> (u16, String) {
    match c.query_drop(sql).await {
        Err(mysql_async::Error::Server(e)) => (e.code, e.message),
        other => panic!("expected a server error for {sql}, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_temporary_table_shadowing_a_configured_table_is_plain_until_dropped() {
    let db = MariaDb::shared();
    let schema = "tt_plain";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    c.query_drop("CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGTEXT)")
        .await
        .unwrap();
    // Without a column list: the temporary table's own columns.
    c.query_drop(format!("INSERT INTO docs VALUES (1, '{DOC}')"))
        .await
        .unwrap();
    c.query_drop(format!("REPLACE INTO docs (id, doc) VALUES (2, '{DOC}')"))
        .await
        .unwrap();
    c.query_drop(format!("UPDATE docs SET doc = '{DOC2}' WHERE id = 2"))
        .await
        .unwrap();
    assert_eq!(
        docs(&mut c).await,
        vec![(1, DOC.as_bytes().to_vec()), (2, DOC2.as_bytes().to_vec())]
    );
    // What MariaDB computes on the plain value (squeeze would refuse these
    // on the compressed base table).
    let (len, like): (i64, i64) = c
        .query_first("SELECT LENGTH(doc), doc LIKE '%temporary%' FROM docs WHERE id = 1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((len as usize, like), (DOC.len(), 1));
    assert!(
        base_rows(db, schema).is_empty(),
        "the base table was written"
    );

    c.query_drop("DROP TEMPORARY TABLE docs").await.unwrap();
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (7, '{DOC}')"))
        .await
        .unwrap();
    assert_eq!(
        base_rows(db, schema),
        vec![(7, true, base_rows(db, schema)[0].2)]
    );
    assert_eq!(docs(&mut c).await, vec![(7, DOC.as_bytes().to_vec())]);
    let (code, _) = err(&mut c, "SELECT LENGTH(doc) FROM docs").await;
    assert_eq!(code, 1235, "the base table is compressed again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_create_temporary_shadows_nothing() {
    let db = MariaDb::shared();
    let schema = "tt_failed";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    let (code, _) = err(
        &mut c,
        "CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGTEXT, x NOSUCHTYPE)",
    )
    .await;
    assert_eq!(code, 4161, "unknown data type");
    // `LIKE` itself is MariaDB's error (1066): nothing created either.
    let (code, _) = err(&mut c, "CREATE TEMPORARY TABLE docs LIKE docs").await;
    assert_eq!(code, 1066);
    // A multi-statement query stops at the failed CREATE.
    let (code, _) = err(
        &mut c,
        &format!("CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, x NOSUCHTYPE); INSERT INTO docs (id, doc) VALUES (3, '{DOC}')"),
    )
    .await;
    assert_eq!(code, 4161);
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (1, '{DOC}')"))
        .await
        .unwrap();
    let rows = base_rows(db, schema);
    assert_eq!(rows.len(), 1);
    assert!(rows[0].1, "stored raw: {rows:?}");
    assert_eq!(docs(&mut c).await, vec![(1, DOC.as_bytes().to_vec())]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statements_after_a_create_temporary_in_the_same_query_use_the_temporary_table() {
    let db = MariaDb::shared();
    let schema = "tt_multi";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    c.query_drop(format!(
        "CREATE TEMPORARY TABLE docs (note VARCHAR(10), id BIGINT PRIMARY KEY, doc LONGTEXT); INSERT INTO docs VALUES ('n', 1, '{DOC}'); DROP TEMPORARY TABLE docs; INSERT INTO docs (id, doc) VALUES (2, '{DOC2}'); CREATE TEMPORARY TABLE IF NOT EXISTS docs (id BIGINT PRIMARY KEY, doc LONGTEXT); INSERT INTO docs VALUES (5, '{DOC}')"
    ))
    .await
    .unwrap();
    let rows = base_rows(db, schema);
    assert_eq!(
        rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        vec![(2, true)]
    );
    // Still shadowed after the query.
    assert_eq!(docs(&mut c).await, vec![(5, DOC.as_bytes().to_vec())]);
    c.query_drop("DROP TABLE IF EXISTS docs").await.unwrap();
    assert_eq!(docs(&mut c).await, vec![(2, DOC2.as_bytes().to_vec())]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renames_databases_and_resets_move_the_shadow_with_the_temporary_table() {
    let db = MariaDb::shared();
    let schema = "tt_rename";
    let sq = Squeeze::for_docs_table(db, schema);
    db.root_sql(&format!("CREATE DATABASE IF NOT EXISTS {schema}_other"));
    let mut c = connect(&sq, schema).await;
    // A temporary table renamed onto the configured name shadows it...
    c.query_drop("CREATE TEMPORARY TABLE tmp (id BIGINT PRIMARY KEY, doc LONGTEXT)")
        .await
        .unwrap();
    c.query_drop("ALTER TABLE tmp RENAME TO docs")
        .await
        .unwrap();
    c.query_drop(format!("INSERT INTO docs VALUES (1, '{DOC}')"))
        .await
        .unwrap();
    assert!(base_rows(db, schema).is_empty());
    // ... and renamed away no longer does.
    c.query_drop("RENAME TABLE docs TO tmp2").await.unwrap();
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (2, '{DOC}')"))
        .await
        .unwrap();
    assert_eq!(base_ids_compressed(db, schema), vec![(2, true)]);
    let (raw,): (Vec<u8>,) = c
        .query_first("SELECT doc FROM tmp2")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(raw, DOC.as_bytes());
    // Created from another database, qualified: shadows only that name.
    c.query_drop(format!("USE {schema}_other")).await.unwrap();
    c.query_drop(format!(
        "CREATE TEMPORARY TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ))
    .await
    .unwrap();
    c.query_drop(format!("USE {schema}")).await.unwrap();
    c.query_drop(format!("INSERT INTO docs VALUES (3, '{DOC2}')"))
        .await
        .unwrap();
    assert_eq!(base_rows(db, schema).len(), 1);
    // A LONGBLOB column of a temporary table is presented as the server
    // sends it (binary), not as the configured text column.
    let mut r = c.query_iter("SELECT doc FROM docs").await.unwrap();
    let cols = r.columns().unwrap();
    assert_eq!(cols[0].character_set(), 63, "presented as text");
    let rows: Vec<(Vec<u8>,)> = r.collect().await.unwrap();
    assert_eq!(rows, vec![(DOC2.as_bytes().to_vec(),)]);
    // COM_RESET_CONNECTION drops temporary tables.
    c.reset().await.unwrap();
    c.query_drop(format!("USE {schema}")).await.unwrap();
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (4, '{DOC2}')"))
        .await
        .unwrap();
    assert_eq!(base_ids_compressed(db, schema), vec![(2, true), (4, true)]);
    assert_eq!(
        docs(&mut c).await,
        vec![(2, DOC.as_bytes().to_vec()), (4, DOC2.as_bytes().to_vec())]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copy_of_the_compressed_table_into_a_temporary_one_is_refused() {
    let db = MariaDb::shared();
    let schema = "tt_copy";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (1, '{DOC}')"))
        .await
        .unwrap();
    for sql in [
        "CREATE TEMPORARY TABLE docs AS SELECT * FROM docs",
        "CREATE TEMPORARY TABLE t2 SELECT id, doc FROM docs",
    ] {
        let (code, msg) = err(&mut c, sql).await;
        assert_eq!(code, 1235, "{sql}: {msg}");
        assert!(msg.contains("doc"), "{msg}");
    }
    // Nothing was created: the configured table still answers.
    assert_eq!(docs(&mut c).await, vec![(1, DOC.as_bytes().to_vec())]);
    // A copy of literals only is a plain temporary table.
    c.query_drop(format!(
        "CREATE TEMPORARY TABLE docs AS SELECT 9 AS id, '{DOC2}' AS doc"
    ))
    .await
    .unwrap();
    assert_eq!(docs(&mut c).await, vec![(9, DOC2.as_bytes().to_vec())]);
    assert_eq!(base_rows(db, schema).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statements_prepared_before_the_shadow_changed_are_refused_until_prepared_again() {
    let db = MariaDb::shared();
    let schema = "tt_prepared";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    // Binary protocol: prepared against the base table (compressed ?).
    let base = c
        .prep("INSERT INTO docs (id, doc) VALUES (?, ?)")
        .await
        .unwrap();
    c.query_drop("CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGTEXT)")
        .await
        .unwrap();
    match c.exec_drop(&base, (1, DOC)).await {
        Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1235, "{}", e.message),
        other => panic!("executed a stale plan: {other:?}"),
    }
    // Prepared while shadowed: a plain ?, which must not reach the base
    // table raw once the temporary table is gone.
    // (Texts differ: mysql_async caches statements by text.)
    let shadowed = c
        .prep("INSERT INTO docs (id, doc) VALUES (?, ?) /* shadowed */")
        .await
        .unwrap();
    c.exec_drop(&shadowed, (2, DOC)).await.unwrap();
    // SQL-level PREPARE, while shadowed.
    c.query_drop("PREPARE s FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'")
        .await
        .unwrap();
    c.query_drop("DROP TEMPORARY TABLE docs").await.unwrap();
    match c.exec_drop(&shadowed, (3, DOC)).await {
        Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1235, "{}", e.message),
        other => panic!("executed a stale plan: {other:?}"),
    }
    let (code, msg) = err(&mut c, &format!("EXECUTE s USING 4, '{DOC}'")).await;
    assert_eq!(code, 1235, "{msg}");
    assert!(
        base_rows(db, schema).is_empty(),
        "stored through a stale plan"
    );
    // Prepared again: compressed into the base table.
    let again = c
        .prep("INSERT INTO docs (id, doc) VALUES (?, ?) /* again */")
        .await
        .unwrap();
    c.exec_drop(&again, (5, DOC)).await.unwrap();
    c.query_drop(format!(
        "PREPARE s FROM 'INSERT INTO docs (id, doc) VALUES (?, ?)'; EXECUTE s USING 6, '{DOC2}'"
    ))
    .await
    .unwrap();
    assert_eq!(base_ids_compressed(db, schema), vec![(5, true), (6, true)]);
    assert_eq!(
        docs(&mut c).await,
        vec![(5, DOC.as_bytes().to_vec()), (6, DOC2.as_bytes().to_vec())]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn temporary_tables_created_or_dropped_out_of_sight_never_send_a_raw_value_to_the_base_table()
{
    let db = MariaDb::shared();
    let schema = "tt_hidden";
    let sq = Squeeze::for_docs_table(db, schema);
    db.root_sql(&format!(
        "CREATE PROCEDURE {schema}.drop_it() EXECUTE IMMEDIATE CONCAT('DROP TEMPORARY TABLE IF EXISTS do', 'cs');
         GRANT EXECUTE ON {schema}.* TO '{}'@'%';",
        support::APP_USER
    ));
    let mut c = connect(&sq, schema).await;
    let create = "CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGTEXT)";
    // EXECUTE IMMEDIATE with a literal text: followed exactly.
    c.query_drop(format!("EXECUTE IMMEDIATE '{create}'"))
        .await
        .unwrap();
    c.query_drop(format!("INSERT INTO docs VALUES (1, '{DOC}')"))
        .await
        .unwrap();
    assert_eq!(docs(&mut c).await, vec![(1, DOC.as_bytes().to_vec())]);
    // EXECUTE of a statement squeeze saw prepared: followed by its text
    // (a count leaves the temporary table in place).
    c.query_drop("PREPARE s FROM 'SELECT COUNT(*) FROM docs'")
        .await
        .unwrap();
    c.query_drop("EXECUTE s").await.unwrap();
    c.query_drop(format!("INSERT INTO docs VALUES (2, '{DOC2}')"))
        .await
        .unwrap();
    assert_eq!(
        docs(&mut c).await,
        vec![(1, DOC.as_bytes().to_vec()), (2, DOC2.as_bytes().to_vec())]
    );
    c.query_drop("EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE docs'")
        .await
        .unwrap();
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (10, '{DOC}')"))
        .await
        .unwrap();
    // A procedure (and a block) that drops it: squeeze cannot see which
    // tables it dropped, so it takes the configured name as not temporary.
    for (i, drop) in [
        "CALL drop_it()",
        "BEGIN NOT ATOMIC DROP TEMPORARY TABLE docs; END",
    ]
    .iter()
    .enumerate()
    {
        c.query_drop(create).await.unwrap();
        c.query_drop(*drop).await.unwrap();
        let id = 11 + i as i64;
        c.query_drop(format!(
            "INSERT INTO docs (id, doc) VALUES ({id}, '{DOC2}')"
        ))
        .await
        .unwrap();
    }
    let rows = base_rows(db, schema);
    assert_eq!(
        rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        vec![(10, true), (11, true), (12, true)],
        "a value reached the base table raw"
    );
    assert_eq!(
        docs(&mut c).await,
        vec![
            (10, DOC.as_bytes().to_vec()),
            (11, DOC2.as_bytes().to_vec()),
            (12, DOC2.as_bytes().to_vec())
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_data_into_a_temporary_table_and_change_user_follow_the_shadow() {
    let db = MariaDb::shared();
    let schema = "tt_load";
    let sq = Squeeze::for_docs_table(db, schema);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("docs.tsv");
    std::fs::write(&file, format!("1\t{DOC}\n2\t{DOC2}\n")).unwrap();
    let (ok, out, err) = support::mariadb_cli(
        sq.port,
        &["--local-infile=1", "--batch", "--skip-column-names", schema],
        &format!(
            "CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGTEXT);
             LOAD DATA LOCAL INFILE '{}' INTO TABLE docs (id, doc);
             SELECT id, doc, LENGTH(doc) FROM docs ORDER BY id;",
            file.display()
        ),
    );
    assert!(ok, "{err}");
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("1\t{DOC}\t{}\n2\t{DOC2}\t{}\n", DOC.len(), DOC2.len())
    );
    assert!(base_rows(db, schema).is_empty());
    // COM_CHANGE_USER drops temporary tables.
    let mut c = connect(&sq, schema).await;
    c.query_drop("CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGTEXT)")
        .await
        .unwrap();
    c.change_user(
        mysql_async::ChangeUserOpts::default()
            .with_user(Some(support::APP_USER.into()))
            .with_pass(Some(support::APP_PASS.into()))
            .with_db_name(Some(schema.into())),
    )
    .await
    .unwrap();
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (3, '{DOC}')"))
        .await
        .unwrap();
    assert_eq!(base_ids_compressed(db, schema), vec![(3, true)]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_plan_cached_before_the_shadow_is_not_reused_for_the_temporary_table() {
    let db = MariaDb::shared();
    let schema = "tt_cache";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    c.query_drop(format!("INSERT INTO docs (id, doc) VALUES (1, '{DOC}')"))
        .await
        .unwrap();
    // Planned (and cached) as a read of the compressed column: text.
    let mut r = c
        .query_iter("SELECT doc FROM docs WHERE id = 1")
        .await
        .unwrap();
    assert_ne!(r.columns().unwrap()[0].character_set(), 63);
    let _: Vec<(Vec<u8>,)> = r.collect().await.unwrap();
    // A prepared CREATE TEMPORARY TABLE, followed once executed.
    let create = c
        .prep("CREATE TEMPORARY TABLE docs (id BIGINT PRIMARY KEY, doc LONGBLOB)")
        .await
        .unwrap();
    c.exec_drop(&create, ()).await.unwrap();
    c.query_drop(format!("INSERT INTO docs VALUES (2, '{DOC2}')"))
        .await
        .unwrap();
    // The same shape: the temporary table's binary column, as sent.
    let mut r = c
        .query_iter("SELECT doc FROM docs WHERE id = 2")
        .await
        .unwrap();
    assert_eq!(r.columns().unwrap()[0].character_set(), 63);
    let rows: Vec<(Vec<u8>,)> = r.collect().await.unwrap();
    assert_eq!(rows, vec![(DOC2.as_bytes().to_vec(),)]);
    let (len,): (i64,) = c
        .query_first("SELECT LENGTH(doc) FROM docs WHERE id = 2")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(len as usize, DOC2.len());
    assert_eq!(base_rows(db, schema).len(), 1);
}
