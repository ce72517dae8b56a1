//! Adopting and leaving squeeze without downtime or loss (issue 21):
//! dictionaries live in the database they serve (a metadata schema on
//! every shard), so a second squeeze, or a restored dump, reads rows with
//! no dictionary files; a dictionary a column uses cannot be deleted.

mod support;

use std::process::Command;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const DICTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");

fn corpus() -> Vec<Vec<u8>> {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap()
    .lines()
    .filter(|l| !l.is_empty())
    .map(|l| l.as_bytes().to_vec())
    .collect()
}

async fn conn(port: u16, db: &str) -> Conn {
    let o: Opts = dump::opts(port, APP_USER, APP_PASS, Some(db)).into();
    Conn::new(o).await.unwrap()
}

async fn insert_all(c: &mut Conn, docs: &[Vec<u8>], first_id: i64) {
    for (i, d) in docs.iter().enumerate() {
        c.exec_drop(
            "INSERT INTO docs (id, doc) VALUES (?, ?)",
            (first_id + i as i64, d),
        )
        .await
        .unwrap();
    }
}

async fn read_all(c: &mut Conn) -> Vec<(i64, Vec<u8>)> {
    c.query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap()
}

/// `squeeze ARGS...`: (success, stdout, stderr).
fn squeeze_cli(args: &[&str], env: &[(&str, &str)]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `squeeze dict train` a dictionary `name` of `size` bytes from the test
/// corpus, then `squeeze dict publish` it to `db` under a new id.
fn train_and_publish(db: &MariaDb, name: &str, size: &str) {
    let trained = tempfile::tempdir().unwrap();
    let tdir = trained.path().display().to_string();
    let samples = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    );
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "train",
            "--samples",
            samples,
            "--dir",
            &tdir,
            "--name",
            name,
            "--size",
            size,
        ],
        &[],
    );
    assert!(ok, "{out}{err}");
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "publish",
            "--to",
            &url(db),
            "--password-env",
            "ADOPT_PW",
            "--dir",
            &tdir,
            "--new-id",
        ],
        &[("ADOPT_PW", APP_PASS)],
    );
    assert!(ok, "{out}{err}");
}

fn url(db: &MariaDb) -> String {
    format!("mysql://{APP_USER}@127.0.0.1:{}", db.port)
}

/// The dictionary id in a stored value's header (bytes 0xF5, version/codec,
/// varint length, varint dictionary id ...), via `squeeze inspect`'s format.
fn stored_dict_ids(db: &MariaDb, schema: &str) -> Vec<u32> {
    let out = db.root_sql(&format!("SELECT HEX(doc) FROM {schema}.docs ORDER BY id"));
    let mut ids: Vec<u32> = out
        .lines()
        .skip(1)
        .filter_map(|h| {
            let b = hex::decode(h).ok()?;
            let (hdr, _) = squeeze::codec::parse_header(&b).ok()??;
            Some(hdr.dict_id)
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dictionaries_published_by_one_squeeze_are_used_by_a_second_with_an_empty_directory() {
    let db = MariaDb::shared();
    let docs = corpus();
    let first = Squeeze::for_docs_table(db, "adopt_pub");
    let mut c = conn(first.port, "adopt_pub").await;
    insert_all(&mut c, &docs[..100], 1).await;
    assert_eq!(stored_dict_ids(db, "adopt_pub"), vec![1]);

    // The first squeeze published its directory's dictionary.
    let meta = db.root_sql(
        "SELECT id, name, LENGTH(content), sha256 FROM squeeze_meta.dictionary WHERE id = 1",
    );
    assert!(meta.contains("reddit_comments"), "{meta}");
    let uses = db.root_sql(
        "SELECT dictionary_id FROM squeeze_meta.dictionary_use WHERE schema_name = 'adopt_pub'",
    );
    assert_eq!(uses.lines().nth(1), Some("1"), "{uses}");

    // A second squeeze with no dictionary files reads and writes with it.
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().display().to_string();
    let second = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            &dir,
            "--compress",
            "adopt_pub.docs.doc=reddit_comments",
        ],
    );
    let mut c2 = conn(second.port, "adopt_pub").await;
    insert_all(&mut c2, &docs[100..200], 101).await;
    let back = read_all(&mut c2).await;
    assert_eq!(back.len(), 200);
    for (id, doc) in &back {
        assert_eq!(
            doc,
            &docs[*id as usize - 1],
            "row {id} through the second squeeze"
        );
    }
    assert_eq!(stored_dict_ids(db, "adopt_pub"), vec![1]);
    assert_eq!(
        read_all(&mut c).await,
        back,
        "the first squeeze reads the second's rows"
    );

    // A dictionary published after both started, written by a third
    // squeeze: the second reads it at once (an unknown id makes it look
    // in the store before it is an error), without waiting for the poll.
    let trained = tempfile::tempdir().unwrap();
    let tdir = trained.path().display().to_string();
    let samples = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    );
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "train",
            "--samples",
            samples,
            "--dir",
            &tdir,
            "--name",
            "adopt_v2",
            "--size",
            "16384",
        ],
        &[],
    );
    assert!(ok, "{out}{err}");
    let pw = [("ADOPT_PW", APP_PASS)];
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "publish",
            "--to",
            &url(db),
            "--password-env",
            "ADOPT_PW",
            "--dir",
            &tdir,
            "--new-id",
        ],
        &pw,
    );
    assert!(ok, "{out}{err}");
    let new_id: u32 = db
        .root_sql("SELECT id FROM squeeze_meta.dictionary WHERE name = 'adopt_v2'")
        .lines()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(new_id > 1, "fleet id {new_id}");
    let third = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            &dir,
            "--compress",
            "adopt_pub.docs.doc=adopt_v2",
        ],
    );
    let mut c3 = conn(third.port, "adopt_pub").await;
    insert_all(&mut c3, &docs[200..220], 201).await;
    assert_eq!(stored_dict_ids(db, "adopt_pub"), vec![1, new_id]);
    // Several sessions at once: each waits for the one fetch.
    let readers: Vec<_> = (0..4)
        .map(|_| {
            let port = second.port;
            tokio::spawn(async move {
                let mut c = conn(port, "adopt_pub").await;
                let rows: Vec<(i64, Vec<u8>)> = c
                    .query("SELECT id, doc FROM docs WHERE id > 200 ORDER BY id")
                    .await
                    .unwrap();
                rows
            })
        })
        .collect();
    for r in readers {
        let rows = r.await.unwrap();
        assert_eq!(rows.len(), 20);
        for (id, doc) in &rows {
            assert_eq!(
                doc,
                &docs[*id as usize - 1],
                "row {id} (dictionary {new_id})"
            );
        }
    }
    let back = read_all(&mut c2).await;
    assert_eq!(back.len(), 220);
    for (id, doc) in &back {
        assert_eq!(
            doc,
            &docs[*id as usize - 1],
            "row {id} (dictionary {new_id}) through the second squeeze"
        );
    }
    let (_, metrics) = support::http_get(&second.admin_addr(), "/metrics");
    assert!(
        metrics.contains("squeeze_dictionary_store_loads_total{reason=\"unknown_id\"}"),
        "the second squeeze learned id {new_id} on demand:\n{}",
        metrics
            .lines()
            .filter(|l| l.contains("dictionary_store"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Fetching a dictionary id from the store is awaited by the session that
/// needs it: the worker thread goes on serving its other sessions (a
/// blocking wait there stalled every session of the worker for up to 3 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_waiting_for_an_unknown_dictionary_does_not_stall_the_others_on_its_worker() {
    let db = MariaDb::shared();
    let docs = corpus();
    let first = Squeeze::for_docs_table(db, "adopt_wait");
    insert_all(&mut conn(first.port, "adopt_wait").await, &docs[..10], 1).await;

    // One worker thread, so every session of this squeeze shares it; no
    // dictionary files: it knows only what the store held at its start.
    let empty = tempfile::tempdir().unwrap();
    let toml = format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"

[proxy]
worker_threads = 1

[codec]
dictionaries_dir = "{}"

[[columns]]
schema = "adopt_wait"
table = "docs"
column = "doc"
dictionary = "reddit_comments"
"#,
        db.addr(),
        empty.path().display()
    );
    let second = Squeeze::start_with_config(&toml, &[]);
    let mut c2 = conn(second.port, "adopt_wait").await;
    assert_eq!(read_all(&mut c2).await.len(), 10);

    // Rows written with a dictionary published after the second started.
    train_and_publish(db, "adopt_wait_v2", "12288");
    let third = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            &empty.path().display().to_string(),
            "--compress",
            "adopt_wait.docs.doc=adopt_wait_v2",
        ],
    );
    insert_all(&mut conn(third.port, "adopt_wait").await, &docs[10..20], 11).await;
    assert_eq!(stored_dict_ids(db, "adopt_wait").len(), 2);

    // The store cannot answer for 6 s: the dictionary table is locked.
    let lock = Command::new(support::require_bin("mariadb", support::APT_HINT))
        .arg("--no-defaults")
        .arg("-uroot")
        .arg(format!("--socket={}", db.socket.display()))
        .arg("-e")
        .arg("LOCK TABLES squeeze_meta.dictionary WRITE; DO SLEEP(6); UNLOCK TABLES")
        .spawn()
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;

    let port = second.port;
    let waiting = tokio::spawn(async move {
        let mut c = conn(port, "adopt_wait").await;
        let started = std::time::Instant::now();
        let r: Result<Vec<(i64, Vec<u8>)>, _> =
            c.query("SELECT id, doc FROM docs WHERE id > 10").await;
        (r.map(|rows| rows.len()), started.elapsed())
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // Meanwhile, on the same worker thread:
    let mut times = Vec::new();
    for _ in 0..5 {
        let started = std::time::Instant::now();
        let n: Option<i64> = c2.query_first("SELECT COUNT(*) FROM docs").await.unwrap();
        assert_eq!(n, Some(20));
        times.push(started.elapsed());
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (outcome, waited) = waiting.await.unwrap();
    assert!(
        waited >= std::time::Duration::from_millis(2500),
        "the first session did wait for the store ({waited:?}, {outcome:?})"
    );
    assert!(
        times
            .iter()
            .all(|t| *t < std::time::Duration::from_millis(1000)),
        "other sessions of the worker were served while it waited: {times:?}"
    );
    let err = outcome.unwrap_err().to_string();
    assert!(
        err.contains("adopt_wait.docs.doc"),
        "the error names the column: {err}"
    );

    // Once the store answers, the rows read back byte-identical.
    let mut lock = lock;
    lock.wait().unwrap();
    let mut back = Vec::new();
    for _ in 0..50 {
        match c2
            .query::<(i64, Vec<u8>), _>("SELECT id, doc FROM docs WHERE id > 10 ORDER BY id")
            .await
        {
            Ok(rows) => {
                back = rows;
                break;
            }
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(200)).await,
        }
    }
    assert_eq!(back.len(), 10);
    for (id, doc) in &back {
        assert_eq!(doc, &docs[*id as usize - 1], "row {id}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dump_of_app_and_metadata_schema_reads_back_byte_identical_with_no_dictionary_files() {
    let db = MariaDb::shared();
    let docs = corpus();
    let sq = Squeeze::for_docs_table(db, "adopt_dump");
    let mut c = conn(sq.port, "adopt_dump").await;
    insert_all(&mut c, &docs, 1).await;
    let stored_before = db.root_sql("SELECT id, HEX(doc) FROM adopt_dump.docs ORDER BY id");
    assert_eq!(stored_dict_ids(db, "adopt_dump"), vec![1]);

    let mysqldump = support::require_bin("mariadb-dump", "apt-get install -y mariadb-client");
    let out = Command::new(mysqldump)
        .arg("--no-defaults")
        .arg("-uroot")
        .arg(format!("--socket={}", db.socket.display()))
        .args([
            "--hex-blob",
            "--single-transaction",
            "--databases",
            "adopt_dump",
            "squeeze_meta",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dumpfile = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(dumpfile.path(), &out.stdout).unwrap();

    let fresh = MariaDb::start();
    fresh.root_sql(&format!("source {}", dumpfile.path().display()));
    assert_eq!(
        fresh.root_sql("SELECT id, HEX(doc) FROM adopt_dump.docs ORDER BY id"),
        stored_before,
        "the restore holds the same stored bytes"
    );
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().display().to_string();
    let sq2 = Squeeze::for_db(
        &fresh,
        &[
            "--dictionaries",
            &dir,
            "--compress",
            "adopt_dump.docs.doc=reddit_comments",
        ],
    );
    let mut c2 = conn(sq2.port, "adopt_dump").await;
    let back = read_all(&mut c2).await;
    assert_eq!(back.len(), docs.len());
    for (id, doc) in &back {
        assert_eq!(
            doc,
            &docs[*id as usize - 1],
            "row {id} from the restored dump"
        );
    }
    // Also with no column configured: reading alone needs no file either.
    let sq3 = Squeeze::for_db(
        &fresh,
        &["--dictionaries", &dir, "--compress", "adopt_dump.docs.doc"],
    );
    let mut c3 = conn(sq3.port, "adopt_dump").await;
    assert_eq!(read_all(&mut c3).await, back);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_a_dictionary_a_column_uses_is_refused() {
    let db = MariaDb::shared();
    let _sq = Squeeze::for_docs_table(db, "adopt_del");
    let pw = [("ADOPT_PW", APP_PASS)];
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "delete",
            "--to",
            &url(db),
            "--password-env",
            "ADOPT_PW",
            "--id",
            "1",
        ],
        &pw,
    );
    assert!(!ok, "deleting dictionary 1 succeeded: {out}");
    assert!(
        err.contains("in use") && err.contains("adopt_del.docs.doc") && err.contains("1451"),
        "{err}"
    );
    let still = db.root_sql("SELECT COUNT(*) FROM squeeze_meta.dictionary WHERE id = 1");
    assert_eq!(still.lines().nth(1), Some("1"));

    // A dictionary no column uses can be deleted, and export round-trips.
    train_and_publish(db, "adopt_unused", "8192");
    let exported = tempfile::tempdir().unwrap();
    let edir = exported.path().display().to_string();
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "export",
            "--to",
            &url(db),
            "--password-env",
            "ADOPT_PW",
            "--dir",
            &edir,
        ],
        &pw,
    );
    assert!(ok, "{out}{err}");
    let reg = squeeze::codec::DictionaryRegistry::load_dir(exported.path()).unwrap();
    let unused = reg
        .entries()
        .iter()
        .find(|e| e.name == "adopt_unused")
        .unwrap()
        .id;
    let original = squeeze::codec::DictionaryRegistry::load_dir(DICTS).unwrap();
    assert_eq!(
        reg.get(1).unwrap().bytes(),
        original.get(1).unwrap().bytes(),
        "export keeps ids and bytes"
    );
    let id = unused.to_string();
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "delete",
            "--to",
            &url(db),
            "--password-env",
            "ADOPT_PW",
            "--id",
            &id,
        ],
        &pw,
    );
    assert!(ok, "{out}{err}");
    let gone = db.root_sql(&format!(
        "SELECT COUNT(*) FROM squeeze_meta.dictionary WHERE id = {id}"
    ));
    assert_eq!(gone.lines().nth(1), Some("0"));

    // Its id is retired, never handed to other content: proxies that
    // loaded it, and rows in backups, still mean that dictionary by it.
    let next = train("adopt_after_delete", "4096");
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "publish",
            "--to",
            &url(db),
            "--password-env",
            "ADOPT_PW",
            "--dir",
            &next.path().display().to_string(),
            "--new-id",
        ],
        &pw,
    );
    assert!(ok, "{out}{err}");
    let next_id = count(
        db,
        "SELECT id FROM squeeze_meta.dictionary WHERE name = 'adopt_after_delete'",
    );
    assert!(
        next_id > unused as u64,
        "id {next_id} after deleting {unused}"
    );
    assert_eq!(
        count(
            db,
            &format!("SELECT COUNT(*) FROM squeeze_meta.dictionary_retired WHERE id = {id}")
        ),
        1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_that_may_not_create_the_metadata_schema_still_serves_from_the_directory() {
    let db = MariaDb::start();
    db.fresh_db("adopt_limited");
    db.root_sql(
        "CREATE TABLE adopt_limited.docs (id BIGINT PRIMARY KEY, doc LONGBLOB);
         CREATE USER 'limited'@'%' IDENTIFIED BY 'limitedpw';
         GRANT ALL ON adopt_limited.* TO 'limited'@'%';",
    );
    let backend = db.addr();
    let sq = Squeeze::start(&[
        "--backend",
        &backend,
        "--user",
        "limited:limitedpw",
        "--dictionaries",
        DICTS,
        "--compress",
        "adopt_limited.docs.doc=reddit_comments",
    ]);
    let o: Opts = dump::opts(sq.port, "limited", "limitedpw", Some("adopt_limited")).into();
    let mut c = Conn::new(o).await.unwrap();
    let docs = corpus();
    insert_all(&mut c, &docs[..50], 1).await;
    let back = read_all(&mut c).await;
    for (id, doc) in &back {
        assert_eq!(doc, &docs[*id as usize - 1]);
    }
    assert_eq!(stored_dict_ids(&db, "adopt_limited"), vec![1]);
    let log = std::fs::read_to_string(&sq.stderr_path).unwrap();
    assert!(
        log.contains("cannot create the metadata schema squeeze_meta")
            && log.contains("grant the squeeze account"),
        "{log}"
    );
    let (_, metrics) = support::http_get(&sq.admin_addr(), "/metrics");
    assert!(
        metrics.contains("squeeze_dictionary_store_up{shard=\"default\"} 0"),
        "{}",
        metrics
            .lines()
            .filter(|l| l.contains("dictionary_store"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// One TLS rule for every connection to a shard: with `tls = "required"`
/// and a `tls_ca` that did not sign the server's certificate, the metadata
/// store refuses the server as the sessions do (it used to accept any
/// certificate there), and with the right CA both work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metadata_store_verifies_the_backend_certificate_as_sessions_do() {
    let db = MariaDb::start();
    db.fresh_db("adopt_tls");
    db.root_sql("CREATE TABLE adopt_tls.docs (id BIGINT PRIMARY KEY, doc LONGBLOB);");
    let stranger = tempfile::tempdir().unwrap();
    let other_ca = support::Certs::generate(stranger.path()).ca;
    let config = |ca: &std::path::Path| {
        format!(
            r#"[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"
tls = "required"
tls_ca = "{}"

[codec]
dictionaries_dir = "{DICTS}"

[[columns]]
schema = "adopt_tls"
table = "docs"
column = "doc"
dictionary = "reddit_comments"
"#,
            db.addr(),
            ca.display()
        )
    };
    let store_up = |sq: &Squeeze| {
        let (_, metrics) = support::http_get(&sq.admin_addr(), "/metrics");
        metrics
            .lines()
            .find(|l| l.starts_with("squeeze_dictionary_store_up{shard=\"default\"}"))
            .map(|l| l.ends_with(" 1"))
    };

    let wrong = Squeeze::start_with_config(&config(&other_ca), &[]);
    let refused = Conn::new(Opts::from(dump::opts(
        wrong.port,
        APP_USER,
        APP_PASS,
        Some("adopt_tls"),
    )))
    .await;
    assert!(
        refused.is_err(),
        "a session reached a server its CA did not sign"
    );
    assert_eq!(
        store_up(&wrong),
        Some(false),
        "the metadata store trusted a certificate the sessions refuse"
    );

    let right = Squeeze::start_with_config(&config(&db.certs.ca), &[]);
    let mut c = conn(right.port, "adopt_tls").await;
    c.query_drop("INSERT INTO docs VALUES (1, '{\"a\":1}')")
        .await
        .unwrap();
    assert_eq!(store_up(&right), Some(true));
}

// ---- backfill / compact / restore ----

/// A fresh `schema.docs` holding `n` plain (legacy) JSON rows written
/// directly to the server, as before squeeze; returns the documents by id.
async fn legacy_table(db: &MariaDb, schema: &str, n: usize) -> Vec<Vec<u8>> {
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ));
    let corpus = corpus();
    let docs: Vec<Vec<u8>> = (0..n).map(|i| corpus[i % corpus.len()].clone()).collect();
    let mut c = conn(db.port, schema).await;
    c.exec_batch(
        "INSERT INTO docs (id, doc) VALUES (?, ?)",
        docs.iter().enumerate().map(|(i, d)| (i as i64 + 1, d)),
    )
    .await
    .unwrap();
    docs
}

fn job(cmd: &str, db: &MariaDb, column: &str, extra: &[&str]) -> (bool, String, String) {
    let u = url(db);
    let mut args = vec![
        cmd,
        "--to",
        &u,
        "--password-env",
        "ADOPT_PW",
        "--column",
        column,
        "--dictionaries",
        DICTS,
    ];
    args.extend_from_slice(extra);
    squeeze_cli(&args, &[("ADOPT_PW", APP_PASS)])
}

fn count(db: &MariaDb, sql: &str) -> u64 {
    db.root_sql(sql).lines().nth(1).unwrap().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backfill_compresses_legacy_rows_while_writers_update_them_and_loses_no_update_across_an_interruption(
) {
    let db = MariaDb::shared();
    let n = 2000;
    let docs = legacy_table(db, "adopt_bf", n).await;
    let sq = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            DICTS,
            "--compress",
            "adopt_bf.docs.doc=reddit_comments",
        ],
    );
    // Two writers through squeeze, each owning half of the ids, each
    // remembering the last document it wrote per id.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut writers = Vec::new();
    for w in 0..2i64 {
        let stop = stop.clone();
        let port = sq.port;
        let corpus = corpus();
        writers.push(tokio::spawn(async move {
            let mut c = conn(port, "adopt_bf").await;
            let mut last = std::collections::HashMap::new();
            let mut k = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                k += 1;
                let id = ((k * 7919) % (n as u64 / 2)) as i64 * 2 + w + 1;
                let base = &corpus[(k as usize) % corpus.len()];
                let doc = format!(
                    "{{\"writer\":{w},\"k\":{k},{}",
                    std::str::from_utf8(&base[1..]).unwrap()
                )
                .into_bytes();
                c.exec_drop("UPDATE docs SET doc = ? WHERE id = ?", (&doc, id))
                    .await
                    .unwrap();
                last.insert(id, doc);
                tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            }
            last
        }));
    }

    // A dry run projects and writes nothing.
    let (ok, out, err) = job("backfill", db, "adopt_bf.docs.doc", &["--dry-run"]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("dry run: sampled") && out.contains("projected"),
        "{out}"
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM squeeze_meta.checkpoint WHERE job = 'backfill:adopt_bf.docs.doc'"
        ),
        0,
        "a dry run leaves no checkpoint"
    );

    // First run, killed part-way through.
    let u = url(db);
    let mut first = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "backfill",
            "--to",
            &u,
            "--password-env",
            "ADOPT_PW",
            "--column",
            "adopt_bf.docs.doc",
            "--dictionaries",
            DICTS,
            "--batch",
            "100",
            "--rate",
            "400",
        ])
        .env("ADOPT_PW", APP_PASS)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let done = db.root_sql(
            "SELECT COALESCE(MAX(rows_done), 0) FROM squeeze_meta.checkpoint WHERE job = 'backfill:adopt_bf.docs.doc'",
        );
        if done
            .lines()
            .nth(1)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
            >= 400
        {
            break;
        }
        assert!(
            first.try_wait().unwrap().is_none(),
            "the first run ended before it could be interrupted"
        );
        assert!(
            std::time::Instant::now() < deadline,
            "no progress within 60 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let plain = count(
        db,
        "SELECT COUNT(*) FROM adopt_bf.docs WHERE HEX(LEFT(doc, 1)) <> 'F5'",
    );
    assert!(plain > 0, "the interrupted run left rows to do");

    // The second run resumes from the checkpoint and finishes.
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_bf.docs.doc",
        &["--batch", "200", "--nice", "1", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("resumed after key")
            && out.contains("finished")
            && out.contains("verified 2000 rows"),
        "{out}"
    );

    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut last = std::collections::HashMap::new();
    for w in writers {
        last.extend(w.await.unwrap());
    }
    assert!(
        last.len() > 50,
        "the writers ran during the backfill ({} ids)",
        last.len()
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM adopt_bf.docs WHERE HEX(LEFT(doc, 1)) <> 'F5'"
        ),
        0,
        "every row is compressed"
    );
    assert_eq!(
        stored_dict_ids(db, "adopt_bf"),
        vec![1],
        "with the dictionary the proxy recorded for the column"
    );
    let mut c = conn(sq.port, "adopt_bf").await;
    let back = read_all(&mut c).await;
    assert_eq!(back.len(), n);
    for (id, doc) in &back {
        let want = last.get(id).unwrap_or(&docs[*id as usize - 1]);
        assert!(
            doc == want,
            "row {id}: an update was lost or a value changed"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compact_with_a_new_dictionary_keeps_old_and_new_ids_readable_during_and_after() {
    let db = MariaDb::shared();
    let docs = legacy_table(db, "adopt_cp", 600).await;
    let old = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            DICTS,
            "--compress",
            "adopt_cp.docs.doc=reddit_comments",
        ],
    );
    let (ok, out, err) = job("backfill", db, "adopt_cp.docs.doc", &["--nice", "0"]);
    assert!(ok, "{out}\n{err}");
    assert_eq!(stored_dict_ids(db, "adopt_cp"), vec![1]);
    let after_backfill = count(db, "SELECT SUM(LENGTH(doc)) FROM adopt_cp.docs");

    train_and_publish(db, "adopt_cp_v2", "32768");
    let new_id = count(
        db,
        "SELECT id FROM squeeze_meta.dictionary WHERE name = 'adopt_cp_v2'",
    ) as u32;
    let empty = tempfile::tempdir().unwrap();
    let edir = empty.path().display().to_string();
    let new = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            &edir,
            "--compress",
            "adopt_cp.docs.doc=adopt_cp_v2",
        ],
    );

    // Part-way: both ids stored, every row reads back through both squeezes.
    let (ok, out, err) = job(
        "compact",
        db,
        "adopt_cp.docs.doc",
        &[
            "--dictionary",
            "adopt_cp_v2",
            "--max-rows",
            "200",
            "--batch",
            "100",
            "--nice",
            "0",
        ],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("stopped early"), "{out}");
    assert_eq!(stored_dict_ids(db, "adopt_cp"), vec![1, new_id]);
    for sq in [&old, &new] {
        let mut c = conn(sq.port, "adopt_cp").await;
        for (id, doc) in read_all(&mut c).await {
            assert!(doc == docs[id as usize - 1], "row {id} during compact");
        }
    }
    let (ok, out, err) = job(
        "compact",
        db,
        "adopt_cp.docs.doc",
        &["--dictionary", "adopt_cp_v2", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("level 19") && out.contains("verified 600 rows"),
        "{out}"
    );
    assert_eq!(stored_dict_ids(db, "adopt_cp"), vec![new_id]);
    for sq in [&old, &new] {
        let mut c = conn(sq.port, "adopt_cp").await;
        let back = read_all(&mut c).await;
        assert_eq!(back.len(), 600);
        for (id, doc) in back {
            assert!(doc == docs[id as usize - 1], "row {id} after compact");
        }
    }
    let after_compact = count(db, "SELECT SUM(LENGTH(doc)) FROM adopt_cp.docs");
    assert!(
        after_compact < after_backfill,
        "compact at level 19 stored {after_compact} bytes, backfill {after_backfill}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restore_leaves_plain_json_that_reads_the_same_directly_and_through_squeeze() {
    let db = MariaDb::shared();
    db.fresh_db("adopt_rs");
    db.root_sql("CREATE TABLE adopt_rs.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)");
    let sq = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            DICTS,
            "--compress",
            "adopt_rs.docs.doc=reddit_comments",
        ],
    );
    let docs = corpus();
    let mut c = conn(sq.port, "adopt_rs").await;
    insert_all(&mut c, &docs, 1).await;
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM adopt_rs.docs WHERE HEX(LEFT(doc, 1)) <> 'F5'"
        ),
        0
    );

    let (ok, out, err) = job(
        "restore",
        db,
        "adopt_rs.docs.doc",
        &["--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("verified 300 rows"), "{out}");
    let mut direct = conn(db.port, "adopt_rs").await;
    let plain = read_all(&mut direct).await;
    assert_eq!(plain.len(), docs.len());
    for (id, doc) in &plain {
        assert!(doc == &docs[*id as usize - 1], "row {id} read directly");
    }
    assert_eq!(read_all(&mut c).await, plain, "the same through squeeze");
}

/// Issue 34: a full `restore` after a finished `backfill` left the
/// backfill's checkpoint behind, so the next backfill resumed past the end
/// and compressed nothing. Each job now forgets the others' places on the
/// column it rewrites.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backfill_after_a_full_restore_compresses_every_row_again() {
    let db = MariaDb::shared();
    let docs = legacy_table(db, "adopt_rbf", 120).await;
    let plain_rows = || {
        count(
            db,
            "SELECT COUNT(*) FROM adopt_rbf.docs WHERE HEX(LEFT(doc, 1)) <> 'F5'",
        )
    };
    for round in 0..2 {
        let (ok, out, err) = job("backfill", db, "adopt_rbf.docs.doc", &["--nice", "0"]);
        assert!(ok, "round {round}: {out}\n{err}");
        assert_eq!(
            plain_rows(),
            0,
            "round {round}: backfill left plain rows: {out}"
        );
        let (ok, out, err) = job("restore", db, "adopt_rbf.docs.doc", &["--nice", "0"]);
        assert!(ok, "round {round}: {out}\n{err}");
        assert_eq!(
            plain_rows(),
            120,
            "round {round}: restore left compressed rows: {out}"
        );
    }
    let mut direct = conn(db.port, "adopt_rbf").await;
    for (id, doc) in read_all(&mut direct).await {
        assert!(
            doc == docs[id as usize - 1],
            "row {id} after two round trips"
        );
    }
}

// ---- drift ----

fn gauge(metrics: &str, name: &str, column: &str) -> Option<f64> {
    metrics
        .lines()
        .find(|l| l.starts_with(name) && l.contains(&format!("column=\"{column}\"")))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

/// Waits (up to 20 s) for the gauge to satisfy `ok`; returns its last value.
fn wait_gauge(sq: &Squeeze, name: &str, column: &str, ok: impl Fn(f64) -> bool) -> Option<f64> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (_, m) = support::http_get(&sq.admin_addr(), "/metrics");
        let v = gauge(&m, name, column);
        if v.is_some_and(&ok) || std::time::Instant::now() > deadline {
            return v;
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drifting_document_shape_shows_as_a_falling_ratio_against_training() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_docs_table(db, "adopt_drift");
    let mut c = conn(sq.port, "adopt_drift").await;
    // Documents like the ones the dictionary was trained on.
    insert_all(&mut c, &corpus(), 1).await;
    let label = "adopt_drift.docs.doc";
    let on_shape = wait_gauge(&sq, "squeeze_column_ratio_vs_trained", label, |_| true)
        .expect("a ratio against training after 385 KB of writes");
    assert!(on_shape > 0.7, "documents of the trained shape: {on_shape}");

    // Another producer's documents: the same dictionary helps far less.
    let other: Vec<Vec<u8>> = ["gsoc2018_projects", "usgs_earthquakes"]
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(format!(
                "{}/tests/data/{f}.ndjson",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap()
            .lines()
            .map(|l| l.as_bytes().to_vec())
            .collect::<Vec<_>>()
        })
        .collect();
    insert_all(&mut c, &other, 1000).await;
    let drifted = wait_gauge(&sq, "squeeze_column_ratio_vs_trained", label, |v| {
        v < on_shape * 0.8
    })
    .unwrap();
    assert!(
        drifted < on_shape * 0.8,
        "after the shape drifted the ratio against training went from {on_shape:.2} to {drifted:.2}"
    );
}

// ---- two shards ----

fn dict_ids(db: &MariaDb) -> Vec<u32> {
    db.root_sql("SELECT id FROM squeeze_meta.dictionary ORDER BY id")
        .lines()
        .skip(1)
        .map(|l| l.parse().unwrap())
        .collect()
}

fn train(name: &str, size: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let samples = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    );
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "train",
            "--samples",
            samples,
            "--dir",
            &d,
            "--name",
            name,
            "--size",
            size,
        ],
        &[],
    );
    assert!(ok, "{out}{err}");
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ids_are_unique_across_shards_and_a_backfill_walks_every_shard() {
    let shards = [MariaDb::start(), MariaDb::start()];
    for (i, s) in shards.iter().enumerate() {
        s.fresh_db("adopt_s");
        s.root_sql("CREATE TABLE adopt_s.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)");
        let docs = corpus();
        let mut c = conn(s.port, "adopt_s").await;
        for (k, d) in docs.iter().enumerate().take(150) {
            c.exec_drop(
                "INSERT INTO docs (id, doc) VALUES (?, ?)",
                (i as i64 * 1000 + k as i64, d),
            )
            .await
            .unwrap();
        }
    }
    let toml = format!(
        "[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\
         [shards.a]\naddress = \"{}\"\n[shards.b]\naddress = \"{}\"\n\
         [routing]\ndefault_shard = \"a\"\n\
         [codec]\ndictionaries_dir = \"{DICTS}\"\n\
         [[columns]]\nschema = \"adopt_s\"\ntable = \"docs\"\ncolumn = \"doc\"\ndictionary = \"reddit_comments\"\n",
        shards[0].addr(),
        shards[1].addr()
    );
    let cfgdir = tempfile::tempdir().unwrap();
    let cfg = cfgdir.path().join("squeeze.toml");
    std::fs::write(&cfg, &toml).unwrap();
    let cfg = cfg.display().to_string();
    let _sq = Squeeze::start_with_config(&toml, &[]);
    assert_eq!(dict_ids(&shards[0]), vec![1]);
    assert_eq!(dict_ids(&shards[1]), vec![1]);

    // Shard b alone gets a dictionary (id 2 there); the next fleet-wide
    // publish must not reuse 2 on shard a.
    let only_b = train("adopt_only_b", "8192");
    let b_url = format!("mysql://{APP_USER}@127.0.0.1:{}", shards[1].port);
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "publish",
            "--to",
            &b_url,
            "--password-env",
            "ADOPT_PW",
            "--dir",
            &only_b.path().display().to_string(),
            "--new-id",
        ],
        &[("ADOPT_PW", APP_PASS)],
    );
    assert!(ok, "{out}{err}");
    let fleet = train("adopt_fleet", "16384");
    let (ok, out, err) = squeeze_cli(
        &[
            "dict",
            "publish",
            "--config",
            &cfg,
            "--dir",
            &fleet.path().display().to_string(),
            "--new-id",
        ],
        &[],
    );
    assert!(ok, "{out}{err}");
    assert!(out.contains("as id 3 on 2 shard(s)"), "{out}");
    assert_eq!(dict_ids(&shards[0]), vec![1, 3]);
    assert_eq!(dict_ids(&shards[1]), vec![1, 2, 3]);

    // One backfill, both shards in parallel, each with its own checkpoint.
    let (ok, out, err) = squeeze_cli(
        &[
            "backfill",
            "--config",
            &cfg,
            "--column",
            "adopt_s.docs.doc",
            "--nice",
            "0",
            "--verify",
        ],
        &[],
    );
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("shard a: 150 rows walked") && out.contains("shard b: 150 rows walked"),
        "{out}"
    );
    for s in &shards {
        assert_eq!(stored_dict_ids(s, "adopt_s"), vec![1]);
        assert_eq!(
            count(
                s,
                "SELECT COUNT(*) FROM adopt_s.docs WHERE HEX(LEFT(doc, 1)) <> 'F5'"
            ),
            0
        );
        assert_eq!(
            count(s, "SELECT rows_done FROM squeeze_meta.checkpoint WHERE job = 'backfill:adopt_s.docs.doc'"),
            150
        );
    }
}

// ---- any key: composite, binary, case-insensitive text ----

/// The job's checkpoint row for `job`: (rows_done, last_key_parts).
fn checkpoint_of(db: &MariaDb, job: &str) -> (u64, String) {
    let out = db.root_sql(&format!(
        "SELECT rows_done, last_key_parts FROM squeeze_meta.checkpoint WHERE job = '{job}'"
    ));
    let line = out
        .lines()
        .nth(1)
        .unwrap_or_else(|| panic!("no checkpoint {job}"));
    let (rows, parts) = line.split_once('\t').unwrap();
    (rows.parse().unwrap(), parts.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backfill_walks_a_composite_primary_key_loses_no_concurrent_update_across_an_interruption_and_restore_undoes_it(
) {
    let db = MariaDb::shared();
    db.fresh_db("adopt_ck");
    // Ids repeat across tenants: only the pair is unique, and the walk
    // must order by tenant first.
    db.root_sql(
        "CREATE TABLE adopt_ck.docs (tenant INT NOT NULL, id BIGINT NOT NULL, doc LONGBLOB, PRIMARY KEY (tenant, id))",
    );
    let corpus = corpus();
    let (tenants, per) = (4i32, 150i64);
    let mut docs = std::collections::HashMap::new();
    let mut c = conn(db.port, "adopt_ck").await;
    let mut rows = Vec::new();
    for t in 0..tenants {
        for id in 0..per {
            let d = corpus[(t as usize * 37 + id as usize) % corpus.len()].clone();
            docs.insert((t, id), d.clone());
            rows.push((t, id, d));
        }
    }
    c.exec_batch(
        "INSERT INTO docs (tenant, id, doc) VALUES (?, ?, ?)",
        rows.iter().map(|(t, id, d)| (t, id, d)),
    )
    .await
    .unwrap();
    let n = (tenants as i64 * per) as u64;
    let sq = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            DICTS,
            "--compress",
            "adopt_ck.docs.doc=reddit_comments",
        ],
    );
    // Writers through squeeze update rows of every tenant while the job runs.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        let port = sq.port;
        let corpus = corpus.clone();
        tokio::spawn(async move {
            let mut c = conn(port, "adopt_ck").await;
            let mut last = std::collections::HashMap::new();
            let mut k = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                k += 1;
                let (t, id) = ((k % 4) as i32, ((k * 7919) % 150) as i64);
                let base = &corpus[(k as usize) % corpus.len()];
                let doc = format!("{{\"k\":{k},{}", std::str::from_utf8(&base[1..]).unwrap())
                    .into_bytes();
                c.exec_drop(
                    "UPDATE docs SET doc = ? WHERE tenant = ? AND id = ?",
                    (&doc, t, id),
                )
                .await
                .unwrap();
                last.insert((t, id), doc);
                tokio::time::sleep(std::time::Duration::from_millis(3)).await;
            }
            last
        })
    };

    let (ok, out, err) = job("backfill", db, "adopt_ck.docs.doc", &["--dry-run"]);
    assert!(ok && out.contains("dry run: sampled"), "{out}\n{err}");
    // First run stops part-way (as an interruption would), in the middle
    // of a tenant: the checkpoint holds both parts of the last key.
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_ck.docs.doc",
        &["--batch", "40", "--max-rows", "200", "--nice", "0"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("stopped early"), "{out}");
    let (done, parts) = checkpoint_of(db, "backfill:adopt_ck.docs.doc");
    assert_eq!(done, 200);
    assert_eq!(
        parts, r#"{"key":["tenant","id"],"last":["i:1","i:49"]}"#,
        "200 rows in (tenant, id) order end at tenant 1, id 49"
    );
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_ck.docs.doc",
        &["--batch", "40", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("resumed after key (tenant=1, id=49)")
            && out.contains(&format!("{n} rows walked"))
            && out.contains(&format!("verified {n} rows")),
        "{out}"
    );
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let last = writer.await.unwrap();
    assert!(last.len() > 20, "the writer ran ({} rows)", last.len());
    docs.extend(last);
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM adopt_ck.docs WHERE HEX(LEFT(doc, 1)) <> 'F5'"
        ),
        0,
        "every row is compressed"
    );
    let mut through = conn(sq.port, "adopt_ck").await;
    let back: Vec<(i32, i64, Vec<u8>)> = through
        .query("SELECT tenant, id, doc FROM docs")
        .await
        .unwrap();
    assert_eq!(back.len() as u64, n);
    for (t, id, doc) in &back {
        assert!(
            doc == &docs[&(*t, *id)],
            "row ({t}, {id}): an update was lost or a value changed"
        );
    }

    // The way out walks the same key.
    let (ok, out, err) = job(
        "restore",
        db,
        "adopt_ck.docs.doc",
        &["--batch", "64", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(&format!("verified {n} rows")), "{out}");
    let mut direct = conn(db.port, "adopt_ck").await;
    let plain: Vec<(i32, i64, Vec<u8>)> = direct
        .query("SELECT tenant, id, doc FROM docs")
        .await
        .unwrap();
    assert_eq!(plain.len() as u64, n);
    for (t, id, doc) in &plain {
        assert!(doc == &docs[&(*t, *id)], "row ({t}, {id}) read directly");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jobs_walk_a_binary16_uuid_key_byte_exact_and_refuse_an_old_integer_checkpoint_for_it() {
    let db = MariaDb::shared();
    db.fresh_db("adopt_uu");
    db.root_sql("CREATE TABLE adopt_uu.docs (id BINARY(16) NOT NULL PRIMARY KEY, doc LONGBLOB)");
    // Keys with NUL, 0xFF, quotes, backslashes, bytes that are not UTF-8
    // and trailing zeros: any lossy conversion skips or misses rows.
    let mut keys: Vec<Vec<u8>> = vec![
        vec![0; 16],
        vec![0xff; 16],
        [b"'\\\"".as_slice(), &[0; 13]].concat(),
        [&[0x80, 0xc3, 0x28][..], &[0xfe; 13]].concat(),
        [&[0x41; 15][..], &[0]].concat(),
        [&[0x41; 15][..], &[1]].concat(),
    ];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    while keys.len() < 250 {
        let mut k = Vec::new();
        for _ in 0..2 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            k.extend_from_slice(&x.to_le_bytes());
        }
        keys.push(k);
    }
    let corpus = corpus();
    let docs: std::collections::HashMap<Vec<u8>, Vec<u8>> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.clone(), corpus[i % corpus.len()].clone()))
        .collect();
    let mut c = conn(db.port, "adopt_uu").await;
    c.exec_batch("INSERT INTO docs (id, doc) VALUES (?, ?)", docs.iter())
        .await
        .unwrap();

    // (The proxy creates the metadata schema.)
    let sq = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            DICTS,
            "--compress",
            "adopt_uu.docs.doc=reddit_comments",
        ],
    );
    // A checkpoint left by an older squeeze (an integer key) cannot say
    // where a UUID walk stands: refused, not misread.
    db.root_sql(
        "REPLACE INTO squeeze_meta.checkpoint (job, last_key, rows_done, updated) VALUES ('backfill:adopt_uu.docs.doc', 120, 120, 'x')",
    );
    let (ok, out, err) = job("backfill", db, "adopt_uu.docs.doc", &["--nice", "0"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("adopt_uu.docs") && err.contains("older squeeze") && err.contains("--restart"),
        "{err}"
    );
    let (ok, out, err) = job("backfill", db, "adopt_uu.docs.doc", &["--dry-run"]);
    assert!(
        ok && out.contains("dry run: sampled 250 rows (250 would change)"),
        "{out}\n{err}"
    );
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_uu.docs.doc",
        &["--restart", "--batch", "7", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("250 rows walked") && out.contains("verified 250 rows"),
        "{out}"
    );
    let stored: Vec<(Vec<u8>, Vec<u8>)> = c.query("SELECT id, doc FROM docs").await.unwrap();
    assert_eq!(stored.len(), 250);
    for (k, v) in &stored {
        assert_eq!(v[0], 0xf5, "row x'{}' was skipped", hex::encode(k));
    }
    let mut through = conn(sq.port, "adopt_uu").await;
    let back: Vec<(Vec<u8>, Vec<u8>)> = through.query("SELECT id, doc FROM docs").await.unwrap();
    assert_eq!(back.len(), 250);
    for (k, v) in &back {
        assert!(
            v == &docs[k],
            "row x'{}' reads back changed",
            hex::encode(k)
        );
    }

    let (ok, out, err) = job(
        "restore",
        db,
        "adopt_uu.docs.doc",
        &["--batch", "9", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("verified 250 rows"), "{out}");
    let plain: Vec<(Vec<u8>, Vec<u8>)> = c.query("SELECT id, doc FROM docs").await.unwrap();
    assert_eq!(plain.len(), 250);
    for (k, v) in &plain {
        assert!(v == &docs[k], "row x'{}' after restore", hex::encode(k));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_case_insensitive_varchar_key_is_walked_in_the_servers_order_neither_skipping_nor_repeating(
) {
    let db = MariaDb::shared();
    db.fresh_db("adopt_ci");
    db.root_sql(
        "CREATE TABLE adopt_ci.docs (name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL PRIMARY KEY, doc LONGBLOB)",
    );
    // Byte order (uppercase before lowercase, 'é' after 'z') differs from
    // the collation's order at almost every step.
    let names: Vec<String> = [
        "apple", "Banana", "cherry", "Date", "éclair", "Fig", "grape", "Hazel", "ice", "Jam",
        "kiwi", "Lime", "mango", "Nut", "olive", "Pear", "quince", "Rye", "sage", "Tea", "ümlaut",
        "Vanilla", "wasabi", "Xigua", "yam", "Zest", "Ωmega", "a b", "A_C", "b2", "B1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let corpus = corpus();
    let mut c = conn(db.port, "adopt_ci").await;
    for (i, n) in names.iter().enumerate() {
        c.exec_drop(
            "INSERT INTO docs (name, doc) VALUES (?, ?)",
            (n, &corpus[i % corpus.len()]),
        )
        .await
        .unwrap();
    }
    // Under this collation keys that differ only in case (or accent) are
    // one key: the server refuses the second.
    for dup in ["APPLE", "eclair", "banana"] {
        let e = c
            .exec_drop("INSERT INTO docs (name, doc) VALUES (?, 'x')", (dup,))
            .await
            .unwrap_err();
        assert!(e.to_string().contains("1062"), "{dup}: {e}");
    }
    let total = names.len();
    // Batches of one and of two: every row boundary is a comparison.
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_ci.docs.doc",
        &["--batch", "1", "--max-rows", "13", "--nice", "0"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("13 rows walked") && out.contains("13 written"),
        "{out}"
    );
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_ci.docs.doc",
        &["--batch", "2", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains(&format!("{total} rows walked"))
            && out.contains(&format!(", {} written", total - 13))
            && out.contains(&format!("verified {total} rows")),
        "no row walked twice, none missed: {out}"
    );
    let plain: Vec<String> = c
        .query("SELECT name FROM docs WHERE HEX(LEFT(doc, 1)) <> 'F5'")
        .await
        .unwrap();
    assert!(plain.is_empty(), "skipped: {plain:?}");
    let (done, _) = checkpoint_of(db, "backfill:adopt_ci.docs.doc");
    assert_eq!(done as usize, total);
    let (ok, out, err) = job(
        "restore",
        db,
        "adopt_ci.docs.doc",
        &["--batch", "3", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(&format!("{total} written")), "{out}");
    let back: Vec<(String, Vec<u8>)> = c.query("SELECT name, doc FROM docs").await.unwrap();
    for (n, d) in back {
        let i = names.iter().position(|x| *x == n).unwrap();
        assert!(d == corpus[i % corpus.len()], "{n} after restore");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_without_a_primary_key_is_walked_by_a_not_null_unique_key_or_refused_naming_what_to_add(
) {
    let db = MariaDb::shared();
    db.fresh_db("adopt_uk");
    db.root_sql(
        "CREATE TABLE adopt_uk.docs (code CHAR(36) NOT NULL, alt INT NULL, doc LONGBLOB, UNIQUE KEY u_alt (alt), UNIQUE KEY u_code (code));
         CREATE TABLE adopt_uk.nokey (alt INT NULL, doc LONGBLOB, UNIQUE KEY u_alt (alt));",
    );
    let corpus = corpus();
    let mut c = conn(db.port, "adopt_uk").await;
    for i in 0..40u32 {
        c.exec_drop(
            "INSERT INTO docs (code, alt, doc) VALUES (UUID(), NULL, ?)",
            (&corpus[i as usize],),
        )
        .await
        .unwrap();
    }
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_uk.docs.doc",
        &["--batch", "6", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("40 rows walked") && out.contains("verified 40 rows"),
        "{out}"
    );
    let (ok, out, err) = job("backfill", db, "adopt_uk.nokey.doc", &["--nice", "0"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("adopt_uk.nokey has no PRIMARY KEY")
            && err.contains("u_alt (alt)")
            && err.contains("ADD PRIMARY KEY"),
        "{err}"
    );
}

// ---- check-config and the store ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_config_accepts_a_dictionary_only_the_store_holds_and_names_the_column_of_one_in_neither(
) {
    let db = MariaDb::shared();
    db.fresh_db("adopt_cc");
    db.root_sql(
        "CREATE TABLE adopt_cc.docs (id BIGINT PRIMARY KEY, doc LONGBLOB);
         CREATE USER IF NOT EXISTS 'adopt_cc_user'@'%' IDENTIFIED BY 'ccpw';
         GRANT ALL ON adopt_cc.* TO 'adopt_cc_user'@'%';",
    );
    // The proxy creates the metadata schema; the dictionary is published
    // to it and exists in no directory.
    let _sq = Squeeze::for_docs_table(db, "adopt_cc_meta");
    // (A size no other test of this server trains: the same bytes publish once.)
    train_and_publish(db, "adopt_cc_store", "10240");
    let empty = tempfile::tempdir().unwrap();
    let config = |user: &str, pass: &str, dictionary: &str| {
        let text = format!(
            "[proxy]\nlisten = \"127.0.0.1:0\"\n\
             [[users]]\nname = \"{user}\"\npassword = \"{pass}\"\n\
             [backend]\naddress = \"{}\"\n\
             [codec]\ndictionaries_dir = {:?}\n\
             [[columns]]\nschema = \"adopt_cc\"\ntable = \"docs\"\ncolumn = \"doc\"\ndictionary = \"{dictionary}\"\n",
            db.addr(),
            empty.path().display().to_string()
        );
        let f = empty.path().join(format!("{user}-{dictionary}.toml"));
        std::fs::write(&f, text).unwrap();
        f.display().to_string()
    };

    let (ok, out, err) = squeeze_cli(
        &[
            "check-config",
            &config(APP_USER, APP_PASS, "adopt_cc_store"),
        ],
        &[],
    );
    assert!(ok, "a store-only dictionary was refused:\n{out}{err}");
    assert!(out.contains(": ok"), "{out}");

    let (ok, out, err) = squeeze_cli(
        &[
            "check-config",
            &config(APP_USER, APP_PASS, "adopt_cc_nowhere"),
        ],
        &[],
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains(
            "columns[0].dictionary: no dictionary named \"adopt_cc_nowhere\" for adopt_cc.docs.doc"
        ) && err.contains("or the metadata store")
            && err.contains("squeeze dict publish")
            && err.contains("adopt_cc_store"),
        "{err}"
    );

    // An account that may not read the metadata schema: serve would run
    // from the directory alone, and check-config says so and why.
    let (ok, out, err) = squeeze_cli(
        &[
            "check-config",
            &config("adopt_cc_user", "ccpw", "adopt_cc_store"),
        ],
        &[],
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains("cannot read the metadata schema squeeze_meta")
            && err.contains("1142")
            && err.contains("Grant the squeeze account")
            // ... and then fails as serve would, on the empty directory.
            && err.contains("codec.dictionaries_dir: "),
        "{err}"
    );
}

// ---- replica lag ----

/// `rows_done` of a job's checkpoint (0 before the job created it).
fn rows_done(db: &MariaDb, job: &str) -> u64 {
    let out = Command::new(support::require_bin(
        "mariadb",
        "apt-get install -y mariadb-client",
    ))
    .arg("--no-defaults")
    .arg("-uroot")
    .arg(format!("--socket={}", db.socket.display()))
    .args(["--batch", "--skip-column-names", "-e"])
    .arg(format!(
        "SELECT COALESCE(MAX(rows_done), 0) FROM squeeze_meta.checkpoint WHERE job = '{job}'"
    ))
    .output()
    .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(0)
}

/// Waits (up to 60 s) until `sql` on `port` answers `want`.
async fn wait_for(port: u16, sql: &str, want: i64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut last = None;
    while std::time::Instant::now() < deadline {
        let o: Opts = dump::opts(port, APP_USER, APP_PASS, None).into();
        if let Ok(mut c) = Conn::new(o).await {
            last = c.query_first::<i64, _>(sql).await.ok().flatten();
            let _ = c.disconnect().await;
            if last == Some(want) {
                return;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("{sql} on port {port}: {last:?}, not {want}, after 60 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_whose_sql_thread_stops_pauses_the_backfill_until_it_catches_up_and_a_broken_replica_stops_it(
) {
    let primary = MariaDb::start_with_options(&[
        "--log-bin=squeeze-bin",
        "--server-id=1",
        "--binlog-format=ROW",
    ]);
    let replica = MariaDb::start_with_options(&["--server-id=2"]);
    let status = primary.root_sql("SHOW MASTER STATUS");
    let mut at = status.lines().nth(1).expect("binlog on").split('\t');
    let (file, pos) = (at.next().unwrap(), at.next().unwrap());
    replica.root_sql(&format!(
        "CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = {}, MASTER_USER = '{APP_USER}', \
         MASTER_PASSWORD = '{APP_PASS}', MASTER_LOG_FILE = '{file}', MASTER_LOG_POS = {pos}; START SLAVE;",
        primary.port
    ));
    let n = 600;
    legacy_table(&primary, "adopt_rl", n).await;
    wait_for(replica.port, "SELECT COUNT(*) FROM adopt_rl.docs", n as i64).await;

    let key = "backfill:adopt_rl.docs.doc";
    let replica_url = format!("mysql://{APP_USER}@127.0.0.1:{}", replica.port);
    let errlog = tempfile::NamedTempFile::new().unwrap();
    let u = url(&primary);
    let mut child = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "backfill",
            "--to",
            &u,
            "--password-env",
            "ADOPT_PW",
            "--column",
            "adopt_rl.docs.doc",
            "--dictionaries",
            DICTS,
            "--replica",
            &replica_url,
            "--max-lag",
            "2",
            // A safety net: a test that fails leaves no job waiting forever.
            "--max-pause",
            "60",
            "--batch",
            "20",
            "--rate",
            "100",
            "--nice",
            "0",
        ])
        .env("ADOPT_PW", APP_PASS)
        .stdout(std::process::Stdio::piped())
        .stderr(errlog.reopen().unwrap())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while rows_done(&primary, key) < 100 {
        assert!(child.try_wait().unwrap().is_none(), "the job ended early");
        assert!(std::time::Instant::now() < deadline, "no progress in 60 s");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }

    // The replica stops applying: its lag is unknown and grows with every
    // batch, so the job must not write on.
    replica.root_sql("STOP SLAVE SQL_THREAD");
    std::thread::sleep(std::time::Duration::from_secs(3));
    let paused_at = rows_done(&primary, key);
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert_eq!(
        rows_done(&primary, key),
        paused_at,
        "the job wrote while the replica's SQL thread was stopped"
    );
    assert!(
        paused_at < n as u64,
        "the job finished before the replica stopped"
    );
    assert!(child.try_wait().unwrap().is_none(), "the job gave up");
    let log = std::fs::read_to_string(errlog.path()).unwrap();
    assert!(
        log.contains("pausing: replica 127.0.0.1:") && log.contains("SQL thread No"),
        "{log}"
    );

    // Replication runs again: the job goes on by itself and finishes.
    replica.root_sql("START SLAVE SQL_THREAD");
    let out = child.wait_with_output().unwrap();
    let log = std::fs::read_to_string(errlog.path()).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{log}");
    assert!(log.contains("replicas caught up"), "{log}");
    assert!(stdout.contains(&format!("{n} rows walked")), "{stdout}");
    wait_for(
        replica.port,
        "SELECT COUNT(*) FROM adopt_rl.docs WHERE HEX(LEFT(doc, 1)) = 'F5'",
        n as i64,
    )
    .await;

    // A replica that cannot be reached pauses the job too (here until
    // --max-pause), and a server that is no replica stops it at once.
    let nowhere = format!("mysql://{APP_USER}@127.0.0.1:{}", support::free_port());
    let (ok, out, err) = job(
        "compact",
        &primary,
        "adopt_rl.docs.doc",
        &["--replica", &nowhere, "--max-pause", "2", "--restart"],
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains("cannot be reached")
            && err.contains("--max-pause 2")
            && err.contains("run again"),
        "{err}"
    );
    let (ok, out, err) = job(
        "compact",
        &primary,
        "adopt_rl.docs.doc",
        &["--replica", &u, "--restart"],
    );
    assert!(!ok, "{out}");
    assert!(err.contains("is not a replica"), "{err}");
    assert_eq!(rows_done(&primary, "compact:adopt_rl.docs.doc"), 0);

    // A replica that applies every event 3 s late (MASTER_DELAY): each
    // batch puts it more than --max-lag behind, and the job waits for it.
    replica.root_sql("STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 3; START SLAVE;");
    let started = std::time::Instant::now();
    let (ok, out, err) = job(
        "restore",
        &primary,
        "adopt_rl.docs.doc",
        &[
            "--replica",
            &replica_url,
            "--max-lag",
            "1",
            "--batch",
            "50",
            "--rate",
            "100",
        ],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        err.contains("s behind (--max-lag 1)") && err.contains("replicas caught up"),
        "{err}"
    );
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(3),
        "the job did not wait for the delayed replica"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_checkpoint_table_of_an_older_squeeze_is_upgraded_and_its_integer_checkpoint_resumes() {
    let db = MariaDb::shared();
    legacy_table(db, "adopt_old", 300).await;
    // squeeze_meta.checkpoint as squeeze created it before any key but
    // one integer could be walked, with a job 100 rows in.
    db.root_sql(
        "DROP DATABASE IF EXISTS adopt_old_meta; CREATE DATABASE adopt_old_meta;
         CREATE TABLE adopt_old_meta.checkpoint (job VARCHAR(255) NOT NULL, last_key BIGINT NULL,
           rows_done BIGINT UNSIGNED NOT NULL DEFAULT 0, bytes_before BIGINT UNSIGNED NOT NULL DEFAULT 0,
           bytes_after BIGINT UNSIGNED NOT NULL DEFAULT 0, finished TINYINT NOT NULL DEFAULT 0,
           updated VARCHAR(32) NOT NULL, PRIMARY KEY (job)) ENGINE=InnoDB;
         INSERT INTO adopt_old_meta.checkpoint (job, last_key, rows_done, updated)
           VALUES ('backfill:adopt_old.docs.doc', 100, 100, 'then');",
    );
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_old.docs.doc",
        &["--metadata-schema", "adopt_old_meta", "--nice", "0"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("300 rows walked (resumed after key 100)") && out.contains("finished"),
        "{out}"
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM adopt_old.docs WHERE HEX(LEFT(doc, 1)) = 'F5' AND id > 100"
        ),
        200,
        "the rows after the old checkpoint were walked"
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM adopt_old.docs WHERE HEX(LEFT(doc, 1)) = 'F5' AND id <= 100"
        ),
        0,
        "the rows before it were not walked again"
    );
    let ck = db.root_sql(
        "SELECT last_key, last_key_parts FROM adopt_old_meta.checkpoint WHERE job = 'backfill:adopt_old.docs.doc'",
    );
    assert_eq!(
        ck.lines().nth(1),
        Some("300\t{\"key\":[\"id\"],\"last\":[\"i:300\"]}"),
        "{ck}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rewrite_leaves_an_on_update_current_timestamp_column_as_the_application_wrote_it() {
    let db = MariaDb::shared();
    db.fresh_db("adopt_ts");
    db.root_sql(
        "CREATE TABLE adopt_ts.docs (id INT NOT NULL PRIMARY KEY, doc LONGBLOB,
           updated_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6))",
    );
    let corpus = corpus();
    let mut c = conn(db.port, "adopt_ts").await;
    c.exec_batch(
        "INSERT INTO docs (id, doc, updated_at) VALUES (?, ?, '2020-01-02 03:04:05.123456')",
        (0..60).map(|i| (i, &corpus[i as usize])),
    )
    .await
    .unwrap();
    let (ok, out, err) = job(
        "backfill",
        db,
        "adopt_ts.docs.doc",
        &["--batch", "25", "--nice", "0", "--verify"],
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("60 written"), "{out}");
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM adopt_ts.docs WHERE updated_at = '2020-01-02 03:04:05.123456'"
        ),
        60,
        "the job's rewrite changed updated_at"
    );
}

/// gh-ost's throttle flag: while the file exists the job waits between
/// batches (no batch runs, no row lock is held); once it is removed the
/// job goes on and finishes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_throttle_flag_file_holds_the_backfill_between_batches_until_it_is_removed() {
    let db = MariaDb::shared();
    legacy_table(db, "adopt_flag", 300).await;
    let dir = tempfile::tempdir().unwrap();
    let flag = dir.path().join("pause");
    std::fs::write(&flag, b"").unwrap();
    let flag_arg = flag.display().to_string();
    let running = std::thread::spawn(move || {
        job(
            "backfill",
            db,
            "adopt_flag.docs.doc",
            &[
                "--batch",
                "50",
                "--nice",
                "0",
                "--throttle-flag-file",
                &flag_arg,
            ],
        )
    });
    let compressed = "SELECT COUNT(*) FROM adopt_flag.docs WHERE LEFT(doc, 1) = 0xF5";
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert!(
        !running.is_finished(),
        "the job waits while the flag exists"
    );
    assert_eq!(count(db, compressed), 0, "no batch ran while paused");
    std::fs::remove_file(&flag).unwrap();
    let (ok, out, err) = running.join().unwrap();
    assert!(ok, "{out}{err}");
    assert!(
        err.contains("paused while") && err.contains("removed after"),
        "{err}"
    );
    assert!(
        count(db, compressed) > 250,
        "the job went on once the flag was gone"
    );
}
