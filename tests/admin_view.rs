//! The admin view (issue #20) against a running squeeze in front of a real
//! MariaDB with a live session: `/sessions`, `/backends`, `/columns`,
//! `/dictionaries`, `/config` name what runs, never a password or a
//! statement's values; the token guards all but the probes; `POST /reload`
//! keeps the running configuration when the file is broken and says why;
//! `squeeze ctl` prints the same as tables.
mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use serde_json::Value;
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const DICTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
const TOKEN: &str = "adm1n-t0ken-for-tests";
/// In a document the session writes: must never show in the admin view.
const MARKER: &str = "literal-value-never-shown-7f3a";

/// (status, body) of one request to the admin endpoint.
fn http(addr: &str, method: &str, path: &str, token: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    squeeze::cli::ctl::parse_response(&buf).unwrap_or_else(|| panic!("bad response: {buf:?}"))
}

fn get_json(sq: &Squeeze, path: &str) -> Value {
    let (status, body) = http(&sq.admin_addr(), "GET", path, Some(TOKEN));
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
}

fn config(db: &MariaDb, schema: &str, column_extra: &str) -> String {
    format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[backend]
address = "{}"

[admin]
token = "{TOKEN}"

[codec]
dictionaries_dir = "{DICTS}"

[[columns]]
schema = "{schema}"
table = "docs"
column = "doc"
dictionary = "reddit_comments"
{column_extra}
"#,
        db.addr()
    )
}

fn doc(i: usize) -> String {
    format!(
        r#"{{"id":{i},"author":"someone","body":"{MARKER} a comment that repeats itself, a comment that repeats itself","subreddit":"rust","score":{i}}}"#
    )
}

async fn session(sq: &Squeeze, schema: &str) -> Conn {
    let o: Opts = dump::opts(sq.port, APP_USER, APP_PASS, Some(schema)).into();
    Conn::new(o).await.unwrap()
}

fn setup(schema: &str) -> (&'static MariaDb, Squeeze) {
    let db = MariaDb::shared();
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB)"
    ));
    let sq = Squeeze::start_with_config(&config(db, schema, ""), &[]);
    (db, sq)
}

#[tokio::test]
async fn the_admin_view_names_the_live_session_its_backend_columns_and_dictionaries() {
    let schema = "admin_view_live";
    let (_db, sq) = setup(schema);
    let mut c = session(&sq, schema).await;
    for i in 0..20 {
        c.exec_drop(
            "INSERT INTO docs (id, doc) VALUES (?, ?)",
            (i, doc(i as usize)),
        )
        .await
        .unwrap();
    }
    let read: Vec<(i64, Vec<u8>)> = c
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(read.len(), 20);
    assert_eq!(read[3].1, doc(3).into_bytes(), "read back through squeeze");

    // The probes stay open; everything else needs the token.
    for path in ["/metrics", "/healthz", "/readyz"] {
        assert_eq!(http(&sq.admin_addr(), "GET", path, None).0, 200, "{path}");
    }
    for path in [
        "/sessions",
        "/backends",
        "/columns",
        "/dictionaries",
        "/config",
    ] {
        assert_eq!(
            http(&sq.admin_addr(), "GET", path, None).0,
            401,
            "{path} without token"
        );
        assert_eq!(
            http(&sq.admin_addr(), "GET", path, Some("wrong")).0,
            401,
            "{path} with a wrong token"
        );
    }
    assert_eq!(http(&sq.admin_addr(), "POST", "/reload", None).0, 401);

    let sessions = get_json(&sq, "/sessions");
    let list = sessions["sessions"].as_array().unwrap();
    let me = list
        .iter()
        .find(|s| s["schema"] == schema)
        .unwrap_or_else(|| panic!("no session in {schema}: {sessions:#}"));
    assert_eq!(me["user"], APP_USER);
    assert!(me["client"].as_str().unwrap().starts_with("127.0.0.1:"));
    assert_eq!(me["state"], "idle", "{me:#}");
    assert_eq!(me["tls"], false);
    assert_eq!(me["backends"][0]["shard"], "default");
    assert!(me["backends"][0]["thread_id"].as_u64().unwrap() > 0);
    let id = me["id"].as_u64().unwrap();
    let proxy_id: u64 = c
        .query_first("SELECT CONNECTION_ID()")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(id, proxy_id, "the id is the one squeeze handed the client");
    assert!(
        me["bytes_from_client"].as_u64().unwrap() > 20 * doc(0).len() as u64,
        "every INSERT's bytes count: {me:#}"
    );
    assert!(me["bytes_to_client"].as_u64().unwrap() > 20 * doc(0).len() as u64);
    let text = sessions.to_string();
    assert!(!text.contains(MARKER) && !text.contains(APP_PASS), "{text}");

    let backends = get_json(&sq, "/backends");
    let b = &backends["backends"][0];
    assert_eq!(b["shard"], "default");
    assert_eq!(b["address"], MariaDb::shared().addr());
    assert_eq!(b["up"], true);
    assert!(b["connections_open"].as_i64().unwrap() >= 1, "{b:#}");
    assert!(b["connections_idle"].as_u64().unwrap() >= 1, "{b:#}");
    assert_eq!(b["sessions_waiting"], 0);

    let columns = get_json(&sq, "/columns");
    let label = format!("{schema}.docs.doc");
    let col = columns["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["column"] == label.as_str())
        .unwrap_or_else(|| panic!("{label} missing: {columns:#}"));
    assert_eq!(col["codec"], "zstd");
    assert_eq!(col["dictionary"]["name"], "reddit_comments");
    assert_eq!(col["values_written"], 20, "{col:#}");
    assert_eq!(col["values_read"], 20, "{col:#}");
    assert!(col["ratio"].as_f64().unwrap() > 1.0, "{col:#}");
    assert_eq!(col["refusals"], 0);
    // A statement squeeze must refuse counts on the column.
    let refused = c
        .query_drop("SELECT id FROM docs WHERE doc LIKE '%x%'")
        .await;
    assert!(refused.is_err(), "LIKE on a compressed column is refused");
    let col = get_json(&sq, "/columns")["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["column"] == label.as_str())
        .cloned()
        .unwrap();
    assert_eq!(col["refusals"], 1, "{col:#}");

    let dicts = get_json(&sq, "/dictionaries");
    let d = dicts["dictionaries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "reddit_comments")
        .unwrap_or_else(|| panic!("{dicts:#}"));
    assert!(d["columns"]
        .as_array()
        .unwrap()
        .contains(&Value::from(label.as_str())));
    assert_eq!(d["source"], "directory");
    assert!(d["size_bytes"].as_u64().unwrap() > 0);
    assert!(d["trained_ratio"].as_f64().unwrap() > 1.0);

    let cfg = get_json(&sq, "/config");
    let text = cfg.to_string();
    assert!(!text.contains(APP_PASS) && !text.contains(TOKEN), "{text}");
    assert_eq!(cfg["file"]["users"][0]["password"], "<redacted>");
    assert_eq!(cfg["file"]["admin"]["token"], "<redacted>");
    assert_eq!(cfg["running"]["columns"][0], label.as_str());

    // The startup line names the version, the column and its dictionary,
    // never a password or the token.
    let log = std::fs::read_to_string(&sq.stderr_path).unwrap();
    let start = log
        .lines()
        .find(|l| l.contains("squeeze starting"))
        .unwrap_or_else(|| panic!("no startup line: {log}"));
    for want in [
        env!("CARGO_PKG_VERSION"),
        "commit=",
        &label,
        "reddit_comments",
    ] {
        assert!(start.contains(want), "{want} missing from {start}");
    }
    assert!(
        !start.contains(APP_PASS) && !start.contains(TOKEN),
        "{start}"
    );

    // `squeeze ctl` prints the same as tables.
    let ctl = |what: &str| {
        Command::new(env!("CARGO_BIN_EXE_squeeze"))
            .args([
                "ctl",
                what,
                "--admin",
                &format!("http://{}", sq.admin_addr()),
            ])
            .args(["--token-env", "SQUEEZE_TEST_ADMIN_TOKEN"])
            .env("SQUEEZE_TEST_ADMIN_TOKEN", TOKEN)
            .output()
            .unwrap()
    };
    let out = ctl("sessions");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{table} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let header = table.lines().next().unwrap();
    assert!(
        header.starts_with("ID") && header.contains("SCHEMA"),
        "{table}"
    );
    let row = table
        .lines()
        .find(|l| l.contains(schema))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(
        row.starts_with(&id.to_string()) && row.contains(APP_USER),
        "{table}"
    );
    // Cells line up under their header.
    let col_of = |line: &str, what: &str| line.find(what).unwrap();
    assert_eq!(col_of(header, "SCHEMA"), col_of(row, schema), "{table}");
    let out = ctl("columns");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains(&label) && table.contains("reddit_comments"),
        "{table}"
    );
    let out = ctl("backends");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("default") && table.contains(" up "),
        "{table}"
    );
    let out = ctl("dictionaries");
    assert!(String::from_utf8_lossy(&out.stdout).contains("reddit_comments"));
    let out = ctl("config");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("<redacted>"),
        "{text}"
    );
    assert!(
        !text.contains(TOKEN) && !text.contains(&format!("\"{APP_PASS}\"")),
        "{text}"
    );
    // Without the token: refused, with the way out in the message.
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "ctl",
            "sessions",
            "--admin",
            &format!("http://{}", sq.admin_addr()),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--token-env"));
    c.disconnect().await.unwrap();
}

#[tokio::test]
async fn a_reload_with_a_broken_file_keeps_the_running_config_and_reports_why() {
    let schema = "admin_view_reload";
    let (db, sq) = setup(schema);
    let file = sq.stderr_path.parent().unwrap().join("squeeze.toml");
    let mut c = session(&sq, schema).await;
    c.exec_drop("INSERT INTO docs (id, doc) VALUES (1, ?)", (doc(1),))
        .await
        .unwrap();

    std::fs::write(&file, config(db, schema, "level = 42")).unwrap();
    let (status, body) = http(&sq.admin_addr(), "POST", "/reload", Some(TOKEN));
    assert_eq!(status, 422, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    let errors = answer["errors"].to_string();
    assert!(
        errors.contains("columns[0].level") && errors.contains("42"),
        "{answer:#}"
    );
    // The running configuration stays, and so does the session.
    let cols = get_json(&sq, "/columns");
    assert_eq!(cols["columns"][0]["level"], 3, "{cols:#}");
    let n: i64 = c
        .query_first("SELECT COUNT(*) FROM docs")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(n, 1);

    // `squeeze ctl reload` reports the same and fails.
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "ctl",
            "reload",
            "--admin",
            &format!("http://{}", sq.admin_addr()),
        ])
        .args(["--token-env", "T"])
        .env("T", TOKEN)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("columns[0].level"));

    std::fs::write(&file, config(db, schema, "level = 9")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .args([
            "ctl",
            "reload",
            "--admin",
            &format!("http://{}", sq.admin_addr()),
        ])
        .args(["--token-env", "T"])
        .env("T", TOKEN)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("reloaded: 1 shard(s), 1 column(s)"), "{said}");
    let cols = get_json(&sq, "/columns");
    assert_eq!(cols["columns"][0]["level"], 9, "{cols:#}");

    let (_, metrics) = http(&sq.admin_addr(), "GET", "/metrics", None);
    for line in [
        "squeeze_config_reloads_total{outcome=\"refused\"} 2",
        "squeeze_config_reloads_total{outcome=\"ok\"} 1",
    ] {
        assert!(metrics.contains(line), "{line} missing");
    }
    c.disconnect().await.unwrap();
}
