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
            "adopt_unused",
            "--size",
            "8192",
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
        &pw,
    );
    assert!(ok, "{out}{err}");
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
