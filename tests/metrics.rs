//! Honest metrics (issue #20), read from a running squeeze in front of a
//! real MariaDB: bytes both ways on both sides count every packet (a LOAD
//! DATA LOCAL payload included), COM_QUIT is no query, sessions waiting for
//! a backend slot show, error counters start at 0, the process and build
//! are described, and `promtool check metrics` accepts the exposition.
mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{dump, http_get, mariadb_cli, MariaDb, Squeeze, APP_PASS, APP_USER};

/// Sum of the samples of `name` whose labels contain every `labels` pair.
fn sample(metrics: &str, name: &str, labels: &[&str]) -> Option<f64> {
    let mut found = None;
    for l in metrics.lines() {
        let Some(rest) = l.strip_prefix(name) else {
            continue;
        };
        if !(rest.starts_with('{') || rest.starts_with(' ')) {
            continue;
        }
        if labels.iter().all(|want| rest.contains(want)) {
            let v: f64 = l.rsplit(' ').next().unwrap().parse().unwrap();
            *found.get_or_insert(0.0) += v;
        }
    }
    found
}

fn metrics(sq: &Squeeze) -> String {
    let (status, body) = http_get(&sq.admin_addr(), "/metrics");
    assert_eq!(status, 200);
    body
}

#[test]
fn every_byte_counts_both_ways_on_both_sides_load_data_included_and_quit_is_no_query() {
    let db = MariaDb::shared();
    let schema = "metrics_bytes";
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.lines (id INT PRIMARY KEY, v TEXT)"
    ));
    let sq = Squeeze::for_db(db, &[]);
    let before = metrics(&sq);
    let get = |m: &str, name: &str, labels: &[&str]| sample(m, name, labels).unwrap_or(0.0);

    // A 1.2 MB LOAD DATA LOCAL INFILE through the mariadb CLI.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lines.tsv");
    let mut data = String::new();
    for i in 0..12_000 {
        data.push_str(&format!("{i}\t{}\n", "x".repeat(90)));
    }
    std::fs::write(&file, &data).unwrap();
    let sql = format!(
        "LOAD DATA LOCAL INFILE '{}' INTO TABLE {schema}.lines",
        file.display()
    );
    let (ok, _, err) = mariadb_cli(sq.port, &["--local-infile=1"], &sql);
    assert!(ok, "LOAD DATA through squeeze: {err}");
    let count = db.root_sql(&format!("SELECT COUNT(*) FROM {schema}.lines"));
    assert_eq!(count.trim().lines().last(), Some("12000"), "{count}");
    // The counters are bumped as the bytes move; the CLI has quit by now.
    std::thread::sleep(Duration::from_millis(100));
    let after = metrics(&sq);
    let delta =
        |name: &str, labels: &[&str]| get(&after, name, labels) - get(&before, name, labels);
    let size = data.len() as f64;
    let c2p = delta(
        "squeeze_client_bytes_total",
        &["direction=\"client_to_proxy\""],
    );
    let p2c = delta(
        "squeeze_client_bytes_total",
        &["direction=\"proxy_to_client\""],
    );
    let p2b = delta(
        "squeeze_backend_bytes_total",
        &["direction=\"proxy_to_backend\"", "shard=\"default\""],
    );
    let b2p = delta(
        "squeeze_backend_bytes_total",
        &["direction=\"backend_to_proxy\"", "shard=\"default\""],
    );
    assert!(
        c2p >= size,
        "client_to_proxy grew by {c2p}, the file is {size}"
    );
    assert!(
        p2b >= size,
        "proxy_to_backend grew by {p2b}, the file is {size}"
    );
    // Both answer directions carry at least the handshake and the OK.
    assert!(
        p2c > 50.0 && b2p > 50.0,
        "proxy_to_client {p2c}, backend_to_proxy {b2p}"
    );
    // Not wildly more either: the file plus protocol overhead.
    assert!(c2p < size * 1.1 && p2b < size * 1.1, "{c2p} {p2b}");

    // The CLI ended with COM_QUIT: not a query.
    assert!(
        sample(&after, "squeeze_commands_total", &["command=\"quit\""]).is_none(),
        "COM_QUIT counted as a command"
    );
    assert!(get(&after, "squeeze_commands_total", &["command=\"query\""]) >= 1.0);

    // Error counters exist at 0 before the first error.
    for (name, labels) in [
        (
            "squeeze_protocol_errors_total",
            vec!["side=\"client\"", "kind=\"malformed\""],
        ),
        (
            "squeeze_backend_connect_failures_total",
            vec!["shard=\"default\"", "reason=\"saturated\""],
        ),
        ("squeeze_config_reloads_total", vec!["outcome=\"refused\""]),
    ] {
        assert_eq!(
            sample(&after, name, &labels),
            Some(0.0),
            "{name} {labels:?}"
        );
    }
    // Process and build.
    assert!(get(&after, "process_resident_memory_bytes", &[]) > 1e6);
    assert!(sample(&after, "process_cpu_seconds_total", &[]).is_some());
    assert!(get(&after, "process_open_fds", &[]) >= 3.0);
    assert_eq!(
        sample(
            &after,
            "squeeze_build_info",
            &[
                &format!("version=\"{}\"", env!("CARGO_PKG_VERSION")),
                "commit=\""
            ]
        ),
        Some(1.0)
    );

    // promtool's linter accepts the whole exposition.
    let promtool = support::require_bin("promtool", "apt-get install -y prometheus");
    let mut child = Command::new(promtool)
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(after.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "promtool check metrics:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test]
async fn a_session_waiting_for_a_backend_slot_shows_in_the_gauge_and_the_admin_view() {
    let db = MariaDb::shared();
    let toml = format!(
        "[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\n\
         [backend]\naddress = \"{}\"\nmax_connections = 1\nconnect_timeout_ms = 4000\n",
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let opts = || -> Opts { dump::opts(sq.port, APP_USER, APP_PASS, None).into() };
    // The one backend connection, held by an idle session.
    let holder = Conn::new(opts()).await.unwrap();
    let waiter = tokio::spawn(Conn::new(opts()));

    let gauge = |m: &str| sample(m, "squeeze_backend_slot_waiters", &["shard=\"default\""]);
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let (_, body) = http_get(&sq.admin_addr(), "/backends");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        if v["backends"][0]["sessions_waiting"] == 1 {
            assert_eq!(v["backends"][0]["slots_free"], 0, "{v:#}");
            break;
        }
        assert!(Instant::now() < deadline, "no session shown waiting: {v:#}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(gauge(&metrics(&sq)), Some(1.0));

    // The waiter gives up at connect_timeout_ms with ERR 1040; the gauge
    // goes back to 0.
    match waiter.await.unwrap() {
        Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1040, "{e:?}"),
        other => panic!("expected ERR 1040, got {:?}", other.map(|_| "a connection")),
    }
    let m = metrics(&sq);
    assert_eq!(gauge(&m), Some(0.0), "{m}\n{}", sq.log_tail());
    let m = metrics(&sq);
    assert_eq!(
        sample(
            &m,
            "squeeze_backend_connect_failures_total",
            &["shard=\"default\"", "reason=\"saturated\""]
        ),
        Some(1.0)
    );
    // Once the holder leaves, a new session gets the slot.
    holder.disconnect().await.unwrap();
    let mut c = Conn::new(opts()).await.unwrap();
    let one: i64 = c.query_first("SELECT 1").await.unwrap().unwrap();
    assert_eq!(one, 1);
    c.disconnect().await.unwrap();
}

/// Sessions holding every connection squeeze may open to a shard are
/// proof that it is up: the health probe must not queue behind them for a
/// slot and then report the shard down (which took `/readyz` down on every
/// busy proxy at once).
#[tokio::test]
async fn a_shard_whose_every_connection_serves_a_session_stays_up_and_ready() {
    let db = MariaDb::shared();
    let toml = format!(
        "[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\n\
         [backend]\naddress = \"{}\"\nmax_connections = 1\nconnect_timeout_ms = 500\n\
         health_check_interval_ms = 200\n",
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let opts: Opts = dump::opts(sq.port, APP_USER, APP_PASS, None).into();
    let mut holder = Conn::new(opts).await.unwrap();
    let one: i64 = holder.query_first("SELECT 1").await.unwrap().unwrap();
    assert_eq!(one, 1);
    // Several probe rounds, each longer than connect_timeout_ms would wait.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (status, body) = http_get(&sq.admin_addr(), "/readyz");
    assert_eq!(status, 200, "{body}\n{}", sq.log_tail());
    let up = sample(&metrics(&sq), "squeeze_backend_up", &["shard=\"default\""]);
    assert_eq!(up, Some(1.0));
    let one: i64 = holder.query_first("SELECT 1").await.unwrap().unwrap();
    assert_eq!(one, 1);
    holder.disconnect().await.unwrap();
}

#[test]
fn per_user_and_per_schema_counters_name_at_most_the_label_limit_and_count_the_rest_as_other() {
    let db = MariaDb::shared();
    for schema in ["metrics_tenant_a", "metrics_tenant_b"] {
        db.fresh_db(schema);
    }
    let toml = format!(
        "[backend]\naddress = \"{}\"\n\n[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\n\
         [admin]\nper_user_metrics = true\nper_schema_metrics = true\nmetrics_label_limit = 1\n",
        db.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    // Three commands in the first schema, two in the second (the CLI sends
    // one COM_QUERY per statement).
    for (schema, sql) in [
        ("metrics_tenant_a", "SELECT 1; SELECT 2; SELECT 3"),
        ("metrics_tenant_b", "SELECT 1; SELECT 2"),
    ] {
        let (ok, out, err) = mariadb_cli(sq.port, &[schema], sql);
        assert!(ok, "{err} {}", String::from_utf8_lossy(&out));
    }
    let m = metrics(&sq);
    let get = |name: &str, label: &str| sample(&m, name, &[label]).unwrap_or(0.0);
    // The first schema seen is named; the second is past the limit of 1.
    let a = get(
        "squeeze_schema_commands_total",
        "schema=\"metrics_tenant_a\"",
    );
    let other = get("squeeze_schema_commands_total", "schema=\"other\"");
    assert!(a >= 3.0 && other >= 2.0, "a={a} other={other}\n{m}");
    assert_eq!(
        get(
            "squeeze_schema_commands_total",
            "schema=\"metrics_tenant_b\""
        ),
        0.0,
        "no series past the limit"
    );
    assert!(
        get(
            "squeeze_user_commands_total",
            &format!("user=\"{APP_USER}\"")
        ) >= 5.0
    );

    // Off (the default), neither counter has a series.
    let plain = Squeeze::for_db(db, &[]);
    let m = metrics(&plain);
    assert!(
        sample(&m, "squeeze_user_commands_total", &[]).is_none()
            && sample(&m, "squeeze_schema_commands_total", &[]).is_none(),
        "per-user/per-schema series without the option"
    );
}
