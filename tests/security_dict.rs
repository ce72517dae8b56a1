//! The dictionary store is not trusted blindly (issue 34): an id's bytes
//! never change (the proxy and the jobs pin their sha256), new ids are
//! accepted only for configured dictionaries and counted, oversized rows
//! are never read, and `/dictionaries` lists every id in use.
mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const SCHEMA: &str = "tamper";

fn corpus(n: usize) -> Vec<Vec<u8>> {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap()
    .lines()
    .filter(|l| !l.is_empty())
    .take(n)
    .map(|l| l.as_bytes().to_vec())
    .collect()
}

fn squeeze_cli(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args(args)
        .env("TAMPER_PW", APP_PASS)
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn one(db: &MariaDb, sql: &str) -> String {
    db.root_sql(sql)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

fn metric(sq: &Squeeze, outcome: &str) -> u64 {
    let (_, m) = support::http_get(&sq.admin_addr(), "/metrics");
    m.lines()
        .find(|l| {
            l.starts_with("squeeze_dictionary_store_events_total")
                && l.contains(&format!("outcome=\"{outcome}\""))
        })
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0)
}

fn wait_metric(sq: &Squeeze, outcome: &str, at_least: u64) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = metric(sq, outcome);
        if v >= at_least || Instant::now() > deadline {
            return v;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn checksums(db: &MariaDb) -> String {
    db.root_sql(&format!(
        "SELECT id, MD5(doc) FROM {SCHEMA}.docs ORDER BY id"
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_dictionary_store_never_gets_rows_rewritten_with_changed_bytes_and_nothing_becomes_undecodable(
) {
    // A private server: this test forges rows in its metadata schema.
    let db = MariaDb::start();
    db.fresh_db(SCHEMA);
    db.root_sql(&format!(
        "CREATE TABLE {SCHEMA}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ));
    let work = tempfile::tempdir().unwrap();
    let trained = work.path().join("trained");
    let empty_dir = work.path().join("dictionaries");
    std::fs::create_dir_all(&empty_dir).unwrap();
    let pins = work.path().join("pins");
    let url = format!("mysql://{APP_USER}@127.0.0.1:{}", db.port);

    // A dictionary only the store holds, as `dict publish --new-id` makes.
    let samples = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    );
    let (ok, out) = squeeze_cli(&[
        "dict",
        "train",
        "--samples",
        samples,
        "--dir",
        trained.to_str().unwrap(),
        "--name",
        "tamper_dict",
        "--size",
        "16384",
    ]);
    assert!(ok, "{out}");
    let (ok, out) = squeeze_cli(&[
        "dict",
        "publish",
        "--to",
        &url,
        "--password-env",
        "TAMPER_PW",
        "--dir",
        trained.to_str().unwrap(),
        "--new-id",
    ]);
    assert!(ok, "{out}");
    let id: u32 = one(&db, "SELECT MAX(id) FROM squeeze_meta.dictionary")
        .parse()
        .unwrap();
    let original_hex = one(
        &db,
        &format!("SELECT HEX(content) FROM squeeze_meta.dictionary WHERE id = {id}"),
    );

    let config = format!(
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
max_dictionary_size = 1048576

[[columns]]
schema = "{SCHEMA}"
table = "docs"
column = "doc"
dictionary = "tamper_dict"
"#,
        db.addr(),
        empty_dir.display(),
        pins.display()
    );
    let config_file = work.path().join("squeeze.toml");
    std::fs::write(&config_file, &config).unwrap();
    let sq = Squeeze::start_with_config(&config, &[]);
    let docs = corpus(300);
    let o: Opts = dump::opts(sq.port, APP_USER, APP_PASS, Some(SCHEMA)).into();
    let mut c = Conn::new(o.clone()).await.unwrap();
    c.exec_batch(
        "INSERT INTO docs (id, doc) VALUES (?, ?)",
        docs.iter().enumerate().map(|(i, d)| (i as i64 + 1, d)),
    )
    .await
    .unwrap();
    assert_eq!(
        one(
            &db,
            &format!("SELECT COUNT(*) FROM {SCHEMA}.docs WHERE HEX(LEFT(doc, 1)) = 'F5'")
        ),
        "300"
    );
    let pinned = std::fs::read_to_string(&pins).unwrap_or_default();
    assert!(
        pinned.contains(&format!(" {id} ")),
        "the proxy pinned nothing: {pinned:?}"
    );

    // 1. A forged row: new id, the configured name, consistent sha256. It
    //    is a configured name, so it is accepted, logged and counted.
    let forged = id + 100;
    db.root_sql(&format!(
        "INSERT INTO squeeze_meta.dictionary (id, name, codec, content, sha256, created) \
         VALUES ({forged}, 'tamper_dict', 'zstd', REPEAT('{{\"forged\":1}}', 2000), SHA2(REPEAT('{{\"forged\":1}}', 2000), 256), 'now')"
    ));
    //    A row no configured column uses, and one over the size cap.
    db.root_sql(&format!(
        "INSERT INTO squeeze_meta.dictionary (id, name, codec, content, sha256, created) \
         VALUES ({}, 'someone_elses', 'zstd', REPEAT('x', 5000), SHA2(REPEAT('x', 5000), 256), 'now'), \
                ({}, 'tamper_dict', 'zstd', REPEAT('y', 4194304), SHA2(REPEAT('y', 4194304), 256), 'now')",
        id + 200,
        id + 300
    ));
    let rss_before = rss_kb(sq.pid());
    assert!(wait_metric(&sq, "accepted", 1) >= 1);
    assert!(wait_metric(&sq, "not_configured", 1) >= 1);
    assert!(wait_metric(&sq, "too_large", 1) >= 1);
    let rss_after = rss_kb(sq.pid());
    let (_, listed) = support::http_get(&sq.admin_addr(), "/dictionaries");
    let listed: serde_json::Value = serde_json::from_str(&listed).unwrap();
    let ids: Vec<u64> = listed["dictionaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_u64().unwrap())
        .collect();
    assert!(
        ids.contains(&(id as u64)) && ids.contains(&(forged as u64)),
        "{listed}"
    );
    assert!(
        !ids.contains(&(id as u64 + 200)) && !ids.contains(&(id as u64 + 300)),
        "{listed}"
    );
    assert!(
        sq.log_tail().contains(&format!("{forged}")),
        "the new id is not logged"
    );

    // 2. The content of the id the rows use changed, sha256 recomputed.
    db.root_sql(&format!(
        "UPDATE squeeze_meta.dictionary SET content = REPEAT('{{\"changed\":2}}', 3000), \
         sha256 = SHA2(REPEAT('{{\"changed\":2}}', 3000), 256) WHERE id = {id}"
    ));
    let before = checksums(&db);
    // 3. compact refuses before it rewrites a row.
    let column = format!("{SCHEMA}.docs.doc");
    let cfg = config_file.to_str().unwrap();
    let (ok, out) = squeeze_cli(&[
        "compact", "--config", cfg, "--column", &column, "--nice", "0",
    ]);
    assert!(!ok, "compact ran with a changed dictionary: {out}");
    assert!(out.contains("has changed"), "{out}");
    assert_eq!(checksums(&db), before, "compact rewrote rows");
    //    A restarted proxy refuses the changed id too (its pin file).
    drop(c);
    drop(sq);
    let sq = Squeeze::start_with_config(&config, &[]);
    assert!(wait_metric(&sq, "changed", 1) >= 1, "{}", sq.log_tail());
    assert!(sq.log_tail().contains("has changed"), "{}", sq.log_tail());

    // 4. The original is put back: compact runs, every row decodes.
    db.root_sql(&format!(
        "UPDATE squeeze_meta.dictionary SET content = UNHEX('{original_hex}'), \
         sha256 = SHA2(UNHEX('{original_hex}'), 256) WHERE id = {id}"
    ));
    drop(sq);
    let (ok, out) = squeeze_cli(&[
        "compact", "--config", cfg, "--column", &column, "--nice", "0", "--verify",
    ]);
    assert!(ok, "{out}");
    let sq = Squeeze::start_with_config(&config, &[]);
    let mut c = Conn::new(dump::opts(sq.port, APP_USER, APP_PASS, Some(SCHEMA)))
        .await
        .unwrap();
    let rows: Vec<(i64, Vec<u8>)> = c
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(rows.len(), docs.len());
    let undecodable = rows
        .iter()
        .filter(|(id, doc)| *doc != docs[*id as usize - 1])
        .count();
    println!(
        "RESULT tampered dictionary: 300 rows; forged new id accepted and counted; changed content under id {id}: compact refused, 0 rows rewritten; \
         restarted proxy refused it; 4 MiB row not read (RSS {rss_before} -> {rss_after} kB); after the original was put back: {undecodable} rows undecodable or different"
    );
    assert_eq!(undecodable, 0);
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap()
}
