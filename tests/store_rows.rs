//! Malformed rows in the dictionary store (`squeeze_meta.dictionary`) are
//! refused and counted, never met by a codec (issue 43). The bug this
//! guards: one row under a configured dictionary name whose content was a
//! zstd dictionary header (37 A4 30 EC, a dictionary id) over garbage made
//! `codec::registry::add_stored` panic (the zstd crate's
//! `DecoderDictionary::copy` panics where zstd returns NULL): `squeeze
//! serve` exited 101 at every start while the row existed, so did every
//! `backfill` / `compact` / `restore`, and a running proxy's store loader
//! task died at its next poll, so dictionaries published later were never
//! loaded ("references dictionary id N, which is not in the registry").
//!
//! Each test starts its own MariaDB: they forge rows in its metadata schema.
mod support;

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const NAME: &str = "store_rows_dict";
const PW_ENV: &str = "STORE_ROWS_PW";
const SAMPLES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/reddit_comments_t1.ndjson"
);

fn corpus(n: usize) -> Vec<Vec<u8>> {
    let all: Vec<Vec<u8>> = std::fs::read_to_string(SAMPLES)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.as_bytes().to_vec())
        .collect();
    (0..n).map(|i| all[i % all.len()].clone()).collect()
}

/// `squeeze ARGS...`: (exit code, stdout, stderr).
fn squeeze_cli(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args(args)
        .env(PW_ENV, APP_PASS)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `squeeze dict train` a dictionary called [`NAME`] of `size` bytes, then
/// `squeeze dict publish --new-id` it to `db` (creating the metadata
/// schema where missing); returns the id the store gave it.
fn train_and_publish(db: &MariaDb, size: &str) -> u32 {
    let trained = tempfile::tempdir().unwrap();
    let dir = trained.path().to_str().unwrap();
    let (code, out, err) = squeeze_cli(&[
        "dict",
        "train",
        "--samples",
        SAMPLES,
        "--dir",
        dir,
        "--name",
        NAME,
        "--size",
        size,
    ]);
    assert_eq!(code, Some(0), "dict train: {out}{err}");
    let (code, out, err) = publish_new_id(db, dir);
    assert_eq!(code, Some(0), "dict publish: {out}{err}");
    let sha = trained_sha(trained.path());
    one(
        db,
        &format!("SELECT id FROM squeeze_meta.dictionary WHERE sha256 = '{sha}'"),
    )
    .parse()
    .unwrap()
}

/// `squeeze dict publish --new-id` of the dictionaries in `dir` to `db`.
fn publish_new_id(db: &MariaDb, dir: &str) -> (Option<i32>, String, String) {
    let url = format!("mysql://{APP_USER}@127.0.0.1:{}", db.port);
    squeeze_cli(&[
        "dict",
        "publish",
        "--to",
        &url,
        "--password-env",
        PW_ENV,
        "--dir",
        dir,
        "--new-id",
    ])
}

/// The sha256 of the one dictionary file `dict train` wrote into `dir`.
fn trained_sha(dir: &std::path::Path) -> String {
    let file = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "dict"))
        .expect("a trained .dict file");
    squeeze::codec::registry::sha256_hex(&std::fs::read(file).unwrap())
}

fn one(db: &MariaDb, sql: &str) -> String {
    db.root_sql(sql)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

/// A proxy configuration compressing `schema.docs.doc` with [`NAME`],
/// which only the store holds (an empty dictionaries directory), polling
/// the store every second.
fn config(db: &MariaDb, schema: &str, work: &std::path::Path) -> String {
    let empty = work.join("dictionaries");
    std::fs::create_dir_all(&empty).unwrap();
    format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"

[codec]
dictionaries_dir = "{}"
pin_file = "{}"
dictionary_poll_secs = 1

[[columns]]
schema = "{schema}"
table = "docs"
column = "doc"
dictionary = "{NAME}"
"#,
        db.addr(),
        empty.display(),
        work.join("pins").display()
    )
}

/// Every sample of `squeeze_<name>` on the proxy's /metrics, by its label
/// set (`reason="bad_id"`, ...).
fn metrics(sq: &Squeeze, name: &str) -> BTreeMap<String, u64> {
    let (status, body) = support::http_get(&sq.admin_addr(), "/metrics");
    assert_eq!(status, 200, "{body}");
    let prefix = format!("squeeze_{name}{{");
    body.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix(&prefix)?;
            let (labels, value) = rest.split_once("} ")?;
            Some((labels.to_string(), value.trim().parse::<f64>().ok()? as u64))
        })
        .collect()
}

fn metric(sq: &Squeeze, name: &str, labels: &str) -> u64 {
    metrics(sq, name).get(labels).copied().unwrap_or(0)
}

/// Polls `f` until it holds or `secs` pass; returns whether it held.
fn wait_until(secs: u64, mut f: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if f() {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The ids the proxy's `/dictionaries` lists.
fn listed_ids(sq: &Squeeze) -> Vec<u64> {
    let (_, body) = support::http_get(&sq.admin_addr(), "/dictionaries");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    v["dictionaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_u64().unwrap())
        .collect()
}

/// What the server stores for each row: `Some(dictionary id)` for a
/// squeeze value, `None` for plain JSON; by id.
async fn stored(db: &MariaDb, schema: &str) -> Vec<(i64, Option<u32>)> {
    let mut c = Conn::new(Opts::from(dump::opts(
        db.port,
        APP_USER,
        APP_PASS,
        Some(schema),
    )))
    .await
    .unwrap();
    let rows: Vec<(i64, Vec<u8>)> = c
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    rows.into_iter()
        .map(|(id, b)| {
            let hdr = squeeze::codec::parse_header(&b)
                .unwrap_or_else(|e| panic!("row {id}: a value squeeze cannot parse: {e:?}"));
            (id, hdr.map(|(h, _)| h.dict_id))
        })
        .collect()
}

/// Rows read through the proxy that equal what was written, and the total.
async fn exact_through(sq: &Squeeze, schema: &str, docs: &[Vec<u8>]) -> (usize, usize) {
    let mut c = Conn::new(Opts::from(dump::opts(
        sq.port,
        APP_USER,
        APP_PASS,
        Some(schema),
    )))
    .await
    .unwrap();
    let rows: Vec<(i64, Vec<u8>)> = c
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap_or_else(|e| panic!("read through squeeze: {e}\n{}", sq.log_tail()));
    let exact = rows
        .iter()
        .filter(|(id, doc)| docs.get(*id as usize - 1) == Some(doc))
        .count();
    (exact, docs.len().max(rows.len()))
}

/// Deterministic bytes that are no zstd entropy table.
fn garbage(n: usize) -> Vec<u8> {
    (0..n as u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect()
}

/// Inserts a row under the configured name: `content` and `sha256` are SQL
/// expressions.
fn insert_row(db: &MariaDb, id: &str, codec: &str, content: &str, sha256: &str) {
    db.root_sql(&format!(
        "INSERT INTO squeeze_meta.dictionary (id, name, codec, content, sha256, created) \
         VALUES ({id}, '{NAME}', '{codec}', {content}, {sha256}, 'forged')"
    ));
}

/// The bug's row: a zstd dictionary header (magic, dictionary `id`) over
/// garbage, with a consistent sha256 and codec.
fn insert_garbage_header_row(db: &MariaDb, id: u32) {
    let mut bytes = vec![0x37, 0xa4, 0x30, 0xec];
    bytes.extend_from_slice(&id.to_le_bytes());
    bytes.extend(garbage(4000));
    let content = format!("UNHEX('{}')", hex::encode_upper(&bytes));
    insert_row(
        db,
        &id.to_string(),
        "zstd",
        &content,
        &format!("SHA2({content}, 256)"),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_malformed_store_rows_under_the_configured_name_serve_starts_and_round_trips_backfill_compact_and_restore_exit_0_and_each_row_is_counted_by_reason(
) {
    // Fails on the old behaviour: the garbage-header row (and the truncated
    // one) passed `StoredDictionary::check` (sha256 and codec consistent),
    // so `add_stored` built its zstd DDict and panicked: serve's start load
    // had no catch_unwind, so `Squeeze::start_with_config` below sees
    // "squeeze exited early (exit status: 101)"; the jobs'
    // `load_fleet_dictionaries` panicked the same way (exit 101, not 0);
    // and `squeeze_store_rows_rejected_total` did not exist. Before this
    // test's fix in src/meta/store.rs the two NULL rows were counted (and
    // logged) again at every poll: `unreadable` read 8 after three polls,
    // which the last comparison below refuses.
    const SCHEMA: &str = "store_rows_start";
    let t0 = Instant::now();
    let db = MariaDb::start();
    db.fresh_db(SCHEMA);
    db.root_sql(&format!(
        "CREATE TABLE {SCHEMA}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ));
    let good = train_and_publish(&db, "16384");

    // Malformed rows under the configured name, every id above the good
    // one: a loaded bad row would be the column's newest dictionary.
    let mut expected: BTreeMap<&str, u64> = BTreeMap::new();
    insert_garbage_header_row(&db, good + 1);
    *expected.entry("bad_content").or_default() += 1;
    // A real dictionary cut short inside its entropy tables.
    db.root_sql(&format!(
        "INSERT INTO squeeze_meta.dictionary (id, name, codec, content, sha256, created) \
         SELECT {}, name, codec, LEFT(content, 40), SHA2(LEFT(content, 40), 256), 'forged' \
         FROM squeeze_meta.dictionary WHERE id = {good}",
        good + 2
    ));
    *expected.entry("bad_content").or_default() += 1;
    insert_row(
        &db,
        &(good + 3).to_string(),
        "zstd",
        "REPEAT('{\"sha\":3}', 500)",
        "SHA2('other bytes', 256)",
    );
    *expected.entry("sha_mismatch").or_default() += 1;
    insert_row(
        &db,
        &(good + 4).to_string(),
        "brotli",
        "REPEAT('{\"codec\":4}', 500)",
        "SHA2(REPEAT('{\"codec\":4}', 500), 256)",
    );
    *expected.entry("bad_codec").or_default() += 1;
    insert_row(&db, &(good + 5).to_string(), "zstd", "''", "SHA2('', 256)");
    *expected.entry("empty").or_default() += 1;
    // `id INT UNSIGNED` allows 0, never a negative id (and the
    // dictionary_use foreign key refuses to change its type: ERROR 1833).
    insert_row(
        &db,
        "0",
        "zstd",
        "REPEAT('{\"id\":0}', 500)",
        "SHA2(REPEAT('{\"id\":0}', 500), 256)",
    );
    *expected.entry("bad_id").or_default() += 1;
    // Content of an unexpected type: a table altered to allow NULL.
    db.root_sql("ALTER TABLE squeeze_meta.dictionary MODIFY content LONGBLOB NULL");
    insert_row(
        &db,
        &(good + 6).to_string(),
        "zstd",
        "NULL",
        "SHA2('null content', 256)",
    );
    // ... and one whose id and length read but whose sha256 is NULL.
    db.root_sql(
        "ALTER TABLE squeeze_meta.dictionary MODIFY sha256 CHAR(64) CHARACTER SET ascii NULL",
    );
    insert_row(
        &db,
        &(good + 7).to_string(),
        "zstd",
        "REPEAT('{\"sha\":null}', 500)",
        "NULL",
    );
    let unreadable_rows = 2;
    let bad_rows = one(
        &db,
        &format!("SELECT COUNT(*) FROM squeeze_meta.dictionary WHERE id <> {good}"),
    );
    assert_eq!(bad_rows, "8");

    // Legacy plain rows 1..=150, written directly (before squeeze).
    let docs = corpus(300);
    let mut direct = Conn::new(Opts::from(dump::opts(
        db.port,
        APP_USER,
        APP_PASS,
        Some(SCHEMA),
    )))
    .await
    .unwrap();
    direct
        .exec_batch(
            "INSERT INTO docs (id, doc) VALUES (?, ?)",
            docs[..150]
                .iter()
                .enumerate()
                .map(|(i, d)| (i as i64 + 1, d)),
        )
        .await
        .unwrap();

    // 1. A fresh serve starts with the rows present and serves the column.
    let work = tempfile::tempdir().unwrap();
    let cfg_text = config(&db, SCHEMA, work.path());
    let cfg_file = work.path().join("squeeze.toml");
    std::fs::write(&cfg_file, &cfg_text).unwrap();
    let mut sq = Squeeze::start_with_config(&cfg_text, &[]);
    let ids = listed_ids(&sq);
    assert_eq!(ids, vec![good as u64], "only the good dictionary is loaded");
    let mut c = Conn::new(Opts::from(dump::opts(
        sq.port,
        APP_USER,
        APP_PASS,
        Some(SCHEMA),
    )))
    .await
    .unwrap();
    c.exec_batch(
        "INSERT INTO docs (id, doc) VALUES (?, ?)",
        docs[150..]
            .iter()
            .enumerate()
            .map(|(i, d)| (i as i64 + 151, d)),
    )
    .await
    .unwrap_or_else(|e| panic!("write through squeeze: {e}\n{}", sq.log_tail()));
    drop(c);
    let written = stored(&db, SCHEMA).await;
    let written_good = written
        .iter()
        .filter(|(id, d)| *id > 150 && *d == Some(good))
        .count();
    assert_eq!(
        written_good, 150,
        "rows written through squeeze use the good id: {written:?}"
    );
    let (serve_exact, total) = exact_through(&sq, SCHEMA, &docs).await;
    assert_eq!((serve_exact, total), (300, 300));
    sq.assert_alive();
    let serve = "ok";

    // Each row counted once, by its reason (the NULL ones: unreadable).
    expected.insert("unreadable", unreadable_rows);
    let at_start = metrics(&sq, "store_rows_rejected_total");
    for (reason, n) in &expected {
        let got = at_start.get(&format!("reason=\"{reason}\"")).copied();
        assert_eq!(got, Some(*n), "reason {reason}: {at_start:?}");
    }

    // 2. The jobs exit 0 and do their work with the good id.
    let column = format!("{SCHEMA}.docs.doc");
    let cfg = cfg_file.to_str().unwrap();
    let mut job_warnings = BTreeMap::new();
    let mut run_job = |cmd: &'static str| {
        let (code, out, err) = squeeze_cli(&[
            cmd, "--config", cfg, "--column", &column, "--nice", "0", "--verify",
        ]);
        assert_eq!(code, Some(0), "{cmd} exited {code:?}:\n{out}\n{err}");
        assert!(out.contains("verified 300 rows"), "{cmd}: {out}\n{err}");
        job_warnings.insert(cmd, err.matches("is unusable and not loaded").count());
        out
    };
    let out = run_job("backfill");
    assert!(out.contains(&format!("dictionary {good}")), "{out}");
    let after = stored(&db, SCHEMA).await;
    assert!(
        after.iter().all(|(_, d)| *d == Some(good)),
        "backfill compressed every row with the good id: {after:?}"
    );
    let (backfill_exact, _) = exact_through(&sq, SCHEMA, &docs).await;
    assert_eq!(backfill_exact, 300);
    let backfill = "ok";

    let out = run_job("compact");
    assert!(out.contains(&format!("dictionary {good}")), "{out}");
    let after = stored(&db, SCHEMA).await;
    assert!(after.iter().all(|(_, d)| *d == Some(good)), "{after:?}");
    let (compact_exact, _) = exact_through(&sq, SCHEMA, &docs).await;
    assert_eq!(compact_exact, 300);
    let compact = "ok";

    run_job("restore");
    let after = stored(&db, SCHEMA).await;
    assert!(
        after.iter().all(|(_, d)| d.is_none()),
        "restore left plain JSON: {after:?}"
    );
    let plain: Vec<(i64, Vec<u8>)> = direct
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    let restore_exact = plain
        .iter()
        .filter(|(id, d)| docs[*id as usize - 1] == *d)
        .count();
    assert_eq!(restore_exact, 300, "restore wrote back the original bytes");
    let (through_exact, _) = exact_through(&sq, SCHEMA, &docs).await;
    assert_eq!(through_exact, 300);
    let restore = "ok";
    // Each job warned once about each checked row it refused (the
    // unreadable ones are skipped while reading: a job logs no tracing).
    let checked: u64 = expected.values().sum::<u64>() - unreadable_rows;
    for (cmd, n) in &job_warnings {
        assert_eq!(*n as u64, checked, "{cmd} warnings");
    }

    // Refused for good: later polls neither read nor count the rows again.
    let polls_at_start = metric(&sq, "dictionary_store_loads_total", "reason=\"poll\"");
    assert!(
        wait_until(20, || metric(
            &sq,
            "dictionary_store_loads_total",
            "reason=\"poll\""
        ) >= polls_at_start + 3),
        "the loader stopped polling:\n{}",
        sq.log_tail()
    );
    sq.assert_alive();
    let rejected = metrics(&sq, "store_rows_rejected_total");
    assert_eq!(rejected, at_start, "a later poll counted a row again");
    let total_rejected: u64 = rejected.values().sum();
    let reasons = rejected
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(l, n)| {
            format!(
                "{}:{n}",
                l.trim_start_matches("reason=\"").trim_end_matches('"')
            )
        })
        .collect::<Vec<_>>()
        .join(",");
    let polls = metric(&sq, "dictionary_store_loads_total", "reason=\"poll\"");
    println!(
        "RESULT store_rows_rejected serve={serve} backfill={backfill} compact={compact} restore={restore} \
         bad_rows={bad_rows} rejected={total_rejected} reasons={reasons} polls={polls} \
         job_warnings={} rows_exact={through_exact}/300 secs={}",
        job_warnings
            .iter()
            .map(|(k, v)| format!("{k}:{v}"))
            .collect::<Vec<_>>()
            .join(","),
        t0.elapsed().as_secs()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_proxy_whose_loader_meets_a_malformed_row_keeps_polling_and_loads_a_later_id_whose_rows_read_back_byte_exact(
) {
    // Fails on the old behaviour: the poll that met the garbage-header row
    // panicked in `add_stored` inside the loader's spawned task, which
    // died (the process lived on): the poll counter stops, the later id
    // is never `accepted` nor listed by /dictionaries (the wait below
    // fails), and reads of its rows (the miss fetcher's channel closed
    // with the task) fail with "references dictionary id N, which is not
    // in the registry".
    const SCHEMA: &str = "store_rows_poll";
    let t0 = Instant::now();
    let db = MariaDb::start();
    db.fresh_db(SCHEMA);
    db.root_sql(&format!(
        "CREATE TABLE {SCHEMA}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ));
    let first = train_and_publish(&db, "16384");
    let work = tempfile::tempdir().unwrap();
    let cfg_text = config(&db, SCHEMA, work.path());
    let cfg_file = work.path().join("squeeze.toml");
    std::fs::write(&cfg_file, &cfg_text).unwrap();
    let mut sq = Squeeze::start_with_config(&cfg_text, &[]);
    let docs = corpus(200);
    let mut c = Conn::new(Opts::from(dump::opts(
        sq.port,
        APP_USER,
        APP_PASS,
        Some(SCHEMA),
    )))
    .await
    .unwrap();
    c.exec_batch(
        "INSERT INTO docs (id, doc) VALUES (?, ?)",
        docs[..100]
            .iter()
            .enumerate()
            .map(|(i, d)| (i as i64 + 1, d)),
    )
    .await
    .unwrap();
    drop(c);
    assert!(stored(&db, SCHEMA)
        .await
        .iter()
        .all(|(_, d)| *d == Some(first)));

    // The bad row arrives while the proxy runs; a poll meets it.
    let bad = first + 1;
    let polls = || metric(&sq, "dictionary_store_loads_total", "reason=\"poll\"");
    insert_garbage_header_row(&db, bad);
    let counted = wait_until(20, || {
        metric(&sq, "store_rows_rejected_total", "reason=\"bad_content\"") >= 1
    });
    let rejected = metric(&sq, "store_rows_rejected_total", "reason=\"bad_content\"");
    // It keeps polling: two more polls after the one that met the row (on
    // the old code the counter stopped at the poll that panicked).
    let polls_at_reject = polls();
    let polling = wait_until(20, || polls() >= polls_at_reject + 2);
    let polls_after = polls() - polls_at_reject;
    assert!(polling, "the loader stopped polling:\n{}", sq.log_tail());
    assert!(
        counted,
        "the poll never counted the bad row:\n{}",
        sq.log_tail()
    );
    sq.assert_alive();

    // A valid dictionary published after it (a higher id) is loaded by a poll.
    let accepted_before = metric(&sq, "dictionary_store_events_total", "outcome=\"accepted\"");
    let later = train_and_publish(&db, "8192");
    assert!(later > bad, "published id {later}, bad row {bad}");
    let loaded = wait_until(20, || {
        listed_ids(&sq).contains(&(later as u64))
            && metric(&sq, "dictionary_store_events_total", "outcome=\"accepted\"")
                > accepted_before
    });
    let later_id_loaded = if loaded { "yes" } else { "no" };
    assert!(loaded, "id {later} was not loaded:\n{}", sq.log_tail());
    assert!(!listed_ids(&sq).contains(&(bad as u64)));

    // Documents written compressed with it, by a job and by the proxy
    // itself once reloaded, read back byte-exact through the proxy.
    let (code, out, err) = squeeze_cli(&[
        "compact",
        "--config",
        cfg_file.to_str().unwrap(),
        "--column",
        &format!("{SCHEMA}.docs.doc"),
        "--nice",
        "0",
    ]);
    assert_eq!(code, Some(0), "compact exited {code:?}:\n{out}\n{err}");
    let reloads = metric(&sq, "config_reloads_total", "outcome=\"ok\"");
    // SAFETY: signalling the squeeze child this test started.
    unsafe {
        libc::kill(sq.pid() as i32, libc::SIGHUP);
    }
    assert!(
        wait_until(20, || metric(&sq, "config_reloads_total", "outcome=\"ok\"")
            > reloads),
        "SIGHUP reload:\n{}",
        sq.log_tail()
    );
    let mut c = Conn::new(Opts::from(dump::opts(
        sq.port,
        APP_USER,
        APP_PASS,
        Some(SCHEMA),
    )))
    .await
    .unwrap();
    c.exec_batch(
        "INSERT INTO docs (id, doc) VALUES (?, ?)",
        docs[100..]
            .iter()
            .enumerate()
            .map(|(i, d)| (i as i64 + 101, d)),
    )
    .await
    .unwrap();
    drop(c);
    let after = stored(&db, SCHEMA).await;
    let with_later = after.iter().filter(|(_, d)| *d == Some(later)).count();
    assert_eq!(
        with_later, 200,
        "every row is stored with id {later}: {after:?}"
    );
    let (exact, total) = exact_through(&sq, SCHEMA, &docs).await;
    assert_eq!((exact, total), (200, 200));
    sq.assert_alive();
    let serve = "ok";
    println!(
        "RESULT store_rows_rejected serve={serve} later_id_loaded={later_id_loaded} rejected={rejected} \
         bad_row_id={bad} later_id={later} polls_after_reject={polls_after} rows_with_later_id={with_later} \
         rows_exact={exact}/{total} secs={}",
        t0.elapsed().as_secs()
    );
}

#[test]
fn a_publish_over_a_hand_altered_store_table_stops_with_a_message_naming_the_table_never_a_panic() {
    // mysql_async's typed reads panic on a value that does not convert:
    // `dict publish` read the highest retired id as u32, and a table
    // altered by hand (a signed id holding -7) made it exit 101.
    let db = MariaDb::start();
    let _ = train_and_publish(&db, "8192");
    db.root_sql(
        "ALTER TABLE squeeze_meta.dictionary_retired MODIFY id BIGINT NOT NULL;
         INSERT INTO squeeze_meta.dictionary_retired (id, name, sha256, deleted)
           VALUES (-7, 'hand', REPEAT('0', 64), 'by hand');",
    );
    let trained = tempfile::tempdir().unwrap();
    let dir = trained.path().to_str().unwrap();
    let (code, out, err) = squeeze_cli(&[
        "dict",
        "train",
        "--samples",
        SAMPLES,
        "--dir",
        dir,
        "--name",
        "other",
        "--size",
        "6144",
    ]);
    assert_eq!(code, Some(0), "dict train: {out}{err}");
    let (code, out, err) = publish_new_id(&db, dir);
    assert!(
        !err.contains("panicked") && code != Some(101),
        "dict publish panicked: {out}{err}"
    );
    assert_ne!(
        code,
        Some(0),
        "dict publish went on over the altered table: {out}{err}"
    );
    assert!(
        format!("{out}{err}").contains("dictionary_retired"),
        "the message does not name the table: {out}{err}"
    );
    println!(
        "RESULT store_table_altered publish_exit={} names_table=yes panicked=no",
        code.unwrap_or(-1)
    );
}
