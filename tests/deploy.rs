//! Validates the deployment artifacts (docker-compose.yml, deploy/**) without
//! Docker:
//!
//! - docker-compose.yml parses, names the expected services, every file it
//!   mounts exists, healthchecks and depends_on conditions line up, and the
//!   squeeze / Prometheus / Grafana files agree on ports, hosts and uids;
//! - `squeeze check-config --offline` accepts the compose and sidecar
//!   configs (they need secrets and mounted files only on their hosts);
//! - `promtool check config` accepts deploy/prometheus/prometheus.yml, and
//!   `promtool test rules` runs alerts_test.yml, which fires every alert;
//! - docs/deployment.md's sidecar block is deploy/squeeze/sidecar.toml; the
//!   Kubernetes sidecar's probes, secrets and mounts agree with its config;
//!   the systemd unit is hardened and passes `systemd-analyze verify`;
//! - the MySQL init SQL runs on a real server;
//! - every PromQL expression of the Grafana dashboard and of the alert rules
//!   evaluates on a real Prometheus that scrapes a real squeeze in front of a
//!   real MariaDB carrying traffic, and the basic traffic panels have data.
//!
//! Needs `mariadbd`, `mariadb-install-db`, `mariadb` (apt-get install -y
//! mariadb-server mariadb-client) and `prometheus`, `promtool`
//! (apt-get install -y prometheus). A missing tool fails the test with that hint.
//! Self-contained on purpose: it does not share tests/support.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value as Json;
use serde_yaml::Value as Yaml;

const SQUEEZE: &str = env!("CARGO_BIN_EXE_squeeze");
const PROM_HINT: &str = "install it with: apt-get install -y prometheus";
const MARIADB_HINT: &str = "install it with: apt-get install -y mariadb-server mariadb-client";
const SERVICES: [&str; 5] = ["mysql-a", "mysql-b", "squeeze", "prometheus", "grafana"];

// ------------------------------------------------------------------ helpers

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    let p = repo().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

fn require_bin(name: &str, hint: &str) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    for d in [
        "/usr/sbin",
        "/usr/bin",
        "/usr/local/sbin",
        "/usr/local/bin",
        "/sbin",
        "/bin",
    ] {
        dirs.push(PathBuf::from(d));
    }
    dirs.into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("required program `{name}` not found in PATH or /usr/sbin: {hint}")
        })
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn run(cmd: &mut Command) -> (bool, String) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn tail(path: &Path) -> String {
    let s = std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let v: Vec<&str> = s.lines().collect();
    v[v.len().saturating_sub(30)..].join("\n")
}

/// A child process killed (and reaped) on drop.
struct Proc {
    name: &'static str,
    child: Child,
    log: PathBuf,
}

impl Proc {
    fn spawn(name: &'static str, cmd: &mut Command, log: PathBuf) -> Proc {
        let f = std::fs::File::create(&log).unwrap();
        let child = cmd
            .stdin(Stdio::null())
            .stdout(f.try_clone().unwrap())
            .stderr(f)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name} ({cmd:?}): {e}"));
        Proc { name, child, log }
    }

    fn assert_running(&mut self) {
        if let Some(st) = self.child.try_wait().unwrap() {
            panic!(
                "{} exited ({st}); log tail:\n{}",
                self.name,
                tail(&self.log)
            );
        }
    }

    /// Polls `ready` until it is true, failing on exit or timeout.
    fn wait_until(&mut self, what: &str, secs: u64, mut ready: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            self.assert_running();
            if ready() {
                return;
            }
            if Instant::now() > deadline {
                panic!(
                    "{}: {what} not within {secs} s; log tail:\n{}",
                    self.name,
                    tail(&self.log)
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Minimal HTTP/1.0 GET; returns (status, body).
fn http_get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).ok()?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, body.to_string()))
}

fn urlencode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn yaml_str<'a>(v: &'a Yaml, path: &[&str]) -> Option<&'a str> {
    let mut cur = v;
    for k in path {
        cur = cur.get(*k)?;
    }
    cur.as_str()
}

fn compose() -> Yaml {
    let mut v: Yaml =
        serde_yaml::from_str(&read("docker-compose.yml")).expect("docker-compose.yml is YAML");
    v.apply_merge()
        .expect("docker-compose.yml merge keys (<<) resolve");
    v
}

fn service<'a>(c: &'a Yaml, name: &str) -> &'a Yaml {
    c.get("services")
        .and_then(|s| s.get(name))
        .unwrap_or_else(|| panic!("docker-compose.yml has no service {name}"))
}

/// `host:container[:mode]` bind mounts of a service with a relative source.
fn bind_mounts(svc: &Yaml) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for v in svc
        .get("volumes")
        .and_then(|v| v.as_sequence())
        .into_iter()
        .flatten()
    {
        let s = v.as_str().expect("short volume syntax");
        let parts: Vec<&str> = s.split(':').collect();
        if parts[0].starts_with("./") || parts[0].starts_with('/') {
            out.push((parts[0].to_string(), parts[1].to_string()));
        }
    }
    out
}

fn toml_file(rel: &str) -> toml::Table {
    read(rel)
        .parse::<toml::Table>()
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn dashboard() -> Json {
    serde_json::from_str(&read("deploy/grafana/dashboards/squeeze.json"))
        .expect("deploy/grafana/dashboards/squeeze.json is JSON")
}

/// Every panel, flattening rows (collapsed rows keep theirs in `panels`).
fn all_panels(d: &Json) -> Vec<&Json> {
    fn walk<'a>(ps: &'a Json, out: &mut Vec<&'a Json>) {
        for p in ps.as_array().into_iter().flatten() {
            out.push(p);
            if let Some(inner) = p.get("panels") {
                walk(inner, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&d["panels"], &mut out);
    out
}

/// (panel title, expr) of every query in the dashboard.
fn dashboard_exprs(d: &Json) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for p in all_panels(d) {
        for t in p
            .get("targets")
            .and_then(|t| t.as_array())
            .into_iter()
            .flatten()
        {
            let e = t["expr"]
                .as_str()
                .unwrap_or_else(|| panic!("panel {:?}: target without expr", p["title"]));
            out.push((p["title"].as_str().unwrap_or("").to_string(), e.to_string()));
        }
    }
    out
}

/// The alert rules' (name, expr).
fn alert_exprs() -> Vec<(String, String)> {
    let v: Yaml = serde_yaml::from_str(&read("deploy/prometheus/alerts.yml")).unwrap();
    let mut out = Vec::new();
    for g in v["groups"].as_sequence().unwrap() {
        for r in g["rules"].as_sequence().unwrap() {
            let name = r
                .get("alert")
                .or(r.get("record"))
                .and_then(|n| n.as_str())
                .unwrap();
            out.push((name.to_string(), r["expr"].as_str().unwrap().to_string()));
        }
    }
    out
}

/// Grafana template variables → concrete values Prometheus accepts.
fn concrete(expr: &str) -> String {
    let mut s = expr
        .replace("$__rate_interval", "1m")
        .replace("${__rate_interval}", "1m")
        .replace("$__interval", "15s")
        .replace("$__range", "5m");
    // Dashboard variables ($instance, ${shard}, ${shard:regex}) are only used
    // in =~ matchers with allValue ".*".
    while let Some(i) = s.find('$') {
        let rest = &s[i + 1..];
        let len = if rest.starts_with('{') {
            rest.find('}').expect("unterminated ${") + 1
        } else {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len())
        };
        s.replace_range(i..i + 1 + len, ".*");
    }
    s
}

/// Metric names squeeze exports, read from src/metrics.rs so a rename
/// there fails this test instead of leaving a dashboard panel silently empty.
fn exported_metrics() -> BTreeSet<String> {
    let src = read("src/metrics.rs");
    let mut names = BTreeSet::new();
    // A metric name is the string literal right after `r,` / `&r,` (the
    // `metrics!` list's counter_vec, gauge_vec, ...) or `new(` (IntGauge::new,
    // Opts::new, HistogramOpts::new).
    let parts: Vec<&str> = src.split('"').collect();
    for i in (1..parts.len()).step_by(2) {
        let before = parts[i - 1].trim_end();
        if !(before.ends_with("(r,") || before.ends_with("&r,") || before.ends_with("new(")) {
            continue;
        }
        let lit = parts[i];
        names.insert(format!("squeeze_{lit}"));
        if lit.ends_with("_seconds") && !lit.ends_with("_seconds_total") {
            for suffix in ["_bucket", "_sum", "_count"] {
                names.insert(format!("squeeze_{lit}{suffix}"));
            }
        }
    }
    assert!(
        names.contains("squeeze_commands_total"),
        "metric scan of metrics.rs broke: {names:?}"
    );
    names
}

fn metric_names_in(expr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = expr;
    while let Some(i) = rest.find("squeeze_") {
        let tail = &rest[i..];
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        out.push(tail[..end].to_string());
        rest = &tail[end..];
    }
    out
}

// ------------------------------------------------------------------ static checks

#[test]
fn compose_services_and_mounts_exist() {
    let c = compose();
    let services = c["services"].as_mapping().expect("services");
    let names: BTreeSet<&str> = services.keys().filter_map(|k| k.as_str()).collect();
    for s in SERVICES {
        assert!(
            names.contains(s),
            "service {s} missing from docker-compose.yml: {names:?}"
        );
    }
    let declared: BTreeSet<&str> = c["volumes"]
        .as_mapping()
        .expect("top-level volumes")
        .keys()
        .filter_map(|k| k.as_str())
        .collect();
    for (name, svc) in services {
        let name = name.as_str().unwrap();
        assert!(
            svc.get("image").is_some() || svc.get("build").is_some(),
            "{name}: no image or build"
        );
        assert!(
            svc.get("healthcheck").and_then(|h| h.get("test")).is_some(),
            "{name}: no healthcheck"
        );
        for v in svc
            .get("volumes")
            .and_then(|v| v.as_sequence())
            .into_iter()
            .flatten()
        {
            let src = v.as_str().unwrap().split(':').next().unwrap();
            if src.starts_with("./") {
                let p = repo().join(src);
                assert!(
                    p.exists(),
                    "{name}: mounted {src} does not exist ({})",
                    p.display()
                );
            } else if !src.starts_with('/') {
                assert!(
                    declared.contains(src),
                    "{name}: named volume {src} not declared"
                );
            }
        }
        if let Some(deps) = svc.get("depends_on").and_then(|d| d.as_mapping()) {
            for (dep, cond) in deps {
                let dep = dep.as_str().unwrap();
                let target = service(&c, dep);
                match cond["condition"].as_str() {
                    Some("service_healthy") => assert!(
                        target.get("healthcheck").is_some(),
                        "{name} waits for {dep} to be healthy but {dep} has no healthcheck"
                    ),
                    Some("service_started") | Some("service_completed_successfully") => {}
                    other => panic!("{name}: depends_on {dep} has condition {other:?}"),
                }
            }
        }
    }
    // Both shards are MySQL 8.4 with the app grants and their own schema file.
    for (shard, sql) in [("mysql-a", "shard_a.sql"), ("mysql-b", "shard_b.sql")] {
        let svc = service(&c, shard);
        assert_eq!(
            yaml_str(svc, &["image"]),
            Some("mysql:8.4"),
            "{shard} image"
        );
        let mounts = bind_mounts(svc);
        assert!(
            mounts.iter().any(|(h, ct)| h.ends_with(sql) && ct.starts_with("/docker-entrypoint-initdb.d/")),
            "{shard} does not mount deploy/mysql/{sql} into /docker-entrypoint-initdb.d: {mounts:?}"
        );
        assert!(
            mounts.iter().any(|(h, _)| h.ends_with("00-app-grants.sql")),
            "{shard}: grants"
        );
        let env = &svc["environment"];
        assert_eq!(
            yaml_str(env, &["MYSQL_USER"]),
            Some("app"),
            "{shard}: MYSQL_USER"
        );
    }
    // squeeze is built from our Dockerfile (multi-stage) and waits for healthy shards.
    let sq = service(&c, "squeeze");
    let dockerfile = yaml_str(sq, &["build", "dockerfile"]).expect("squeeze build.dockerfile");
    let df = read(dockerfile);
    assert!(
        df.contains("FROM rust:1") && df.contains("FROM debian:bookworm-slim"),
        "{dockerfile}: stages"
    );
    assert!(
        df.contains("--bin squeeze"),
        "{dockerfile} builds the squeeze binary"
    );
    for shard in ["mysql-a", "mysql-b"] {
        assert_eq!(
            yaml_str(sq, &["depends_on", shard, "condition"]),
            Some("service_healthy"),
            "squeeze must wait for {shard}"
        );
    }
}

#[test]
fn compose_files_agree_with_each_other() {
    let c = compose();
    let sq = service(&c, "squeeze");
    // The config squeeze is started with is the one mounted.
    let cmd: Vec<&str> = sq["command"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let cfg_in_container = cmd[cmd.iter().position(|a| *a == "--config").expect("--config") + 1];
    let mounts = bind_mounts(sq);
    let (host_cfg, _) = mounts
        .iter()
        .find(|(_, ct)| ct == cfg_in_container)
        .unwrap_or_else(|| panic!("{cfg_in_container} is not mounted into squeeze: {mounts:?}"));
    assert_eq!(host_cfg, "./deploy/squeeze/squeeze.toml");
    let cfg = toml_file("deploy/squeeze/squeeze.toml");

    // Ports: container side of the published ports = the config's listeners.
    let listen_port = |key: &str| -> String {
        cfg[key]["listen"]
            .as_str()
            .unwrap()
            .rsplit_once(':')
            .unwrap()
            .1
            .to_string()
    };
    let ports: Vec<&str> = sq["ports"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    for key in ["proxy", "admin"] {
        let p = listen_port(key);
        assert!(
            cfg[key]["listen"].as_str().unwrap().starts_with("0.0.0.0:"),
            "[{key}] listen must be 0.0.0.0 inside the container"
        );
        assert!(
            ports.iter().any(|m| m.ends_with(&format!(":{p}"))),
            "port {p} ([{key}]) not published: {ports:?}"
        );
    }
    // Healthcheck probes the admin port's /readyz.
    let hc = serde_yaml::to_string(&sq["healthcheck"]["test"]).unwrap();
    assert!(
        hc.contains(&listen_port("admin")) && hc.contains("/readyz"),
        "squeeze healthcheck: {hc}"
    );

    // Shards point at the compose MySQL services.
    let shards = cfg["shards"].as_table().expect("[shards]");
    let addrs: BTreeSet<String> = shards
        .values()
        .map(|s| s["address"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        addrs,
        ["mysql-a:3306", "mysql-b:3306"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    // Routing rules name configured shards.
    for r in cfg["routing"]["schema"]
        .as_array()
        .expect("[[routing.schema]]")
    {
        let s = r["shard"].as_str().unwrap();
        assert!(shards.contains_key(s), "routing names unknown shard {s}");
    }
    // Every compressed column's schema exists on the shard routing sends it to,
    // and the column is LONGBLOB there.
    let sql_a = read("deploy/mysql/shard_a.sql");
    let sql_b = read("deploy/mysql/shard_b.sql");
    // Columns name schemas by pattern: every pins schema the init SQL
    // creates is covered, and every pattern covers one.
    let patterns: Vec<squeeze::router::NamePattern> = cfg["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| squeeze::router::NamePattern::parse(c["schema"].as_str().unwrap()).unwrap())
        .collect();
    let mut created = Vec::new();
    for sql in [&sql_a, &sql_b] {
        assert!(
            sql.contains("doc LONGBLOB"),
            "pins.doc must be a binary column"
        );
        for part in sql.split("CREATE TABLE IF NOT EXISTS `").skip(1) {
            let schema = part.split('`').next().unwrap().to_string();
            assert!(
                patterns.iter().any(|p| p.matches(&schema)),
                "{schema}.pins is created but no [[columns]] schema covers it"
            );
            created.push(schema);
        }
    }
    assert!(created.len() >= 8, "{created:?}");
    for p in &patterns {
        assert!(
            created.iter().any(|s| p.matches(s)),
            "[[columns]] schema {p:?} matches no schema the init SQL creates"
        );
    }
    // The password env var the config reads is set in the container.
    for u in cfg["users"].as_array().unwrap() {
        if let Some(var) = u.get("password_env").and_then(|v| v.as_str()) {
            assert!(
                sq["environment"].get(var).is_some(),
                "squeeze environment lacks {var}"
            );
        }
    }
    // dictionaries_dir is mounted.
    let dict_dir = cfg["codec"]["dictionaries_dir"].as_str().unwrap();
    assert!(
        mounts.iter().any(|(_, ct)| ct == dict_dir),
        "{dict_dir} not mounted"
    );

    // Prometheus scrapes squeeze's admin port by service name.
    let prom: Yaml = serde_yaml::from_str(&read("deploy/prometheus/prometheus.yml")).unwrap();
    let target = format!("squeeze:{}", listen_port("admin"));
    let scrape = serde_yaml::to_string(&prom["scrape_configs"]).unwrap();
    assert!(
        scrape.contains(&target),
        "prometheus.yml does not scrape {target}"
    );
    let pm = bind_mounts(service(&c, "prometheus"));
    assert!(pm
        .iter()
        .any(|(h, ct)| h == "./deploy/prometheus/prometheus.yml"
            && ct == "/etc/prometheus/prometheus.yml"));

    // Grafana: datasource uid = the dashboard's, URL = the prometheus service,
    // dashboard provider path = where the dashboards are mounted.
    let ds: Yaml = serde_yaml::from_str(&read(
        "deploy/grafana/provisioning/datasources/prometheus.yml",
    ))
    .unwrap();
    let ds0 = &ds["datasources"][0];
    assert_eq!(ds0["url"].as_str(), Some("http://prometheus:9090"));
    let uid = ds0["uid"].as_str().unwrap();
    let d = dashboard();
    // Every panel uses the datasource variable, whose default is the
    // provisioned datasource (so the dashboard imports into any Grafana).
    let var = d["templating"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["type"] == "datasource")
        .expect("a datasource template variable");
    assert_eq!(var["query"], "prometheus");
    assert_eq!(var["current"]["value"].as_str(), Some(uid));
    let by_var = format!("${{{}}}", var["name"].as_str().unwrap());
    for p in all_panels(&d).into_iter().filter(|p| p["type"] != "row") {
        assert_eq!(
            p["datasource"]["uid"].as_str(),
            Some(by_var.as_str()),
            "panel {:?} datasource",
            p["title"]
        );
    }
    let prov: Yaml =
        serde_yaml::from_str(&read("deploy/grafana/provisioning/dashboards/squeeze.yml")).unwrap();
    let path = prov["providers"][0]["options"]["path"].as_str().unwrap();
    let gm = bind_mounts(service(&c, "grafana"));
    assert!(
        gm.iter()
            .any(|(h, ct)| h == "./deploy/grafana/dashboards" && ct == path),
        "{path} not mounted: {gm:?}"
    );
}

/// check-config --offline on a copy of `rel` without the `[routing]` table.
fn check_config_without_routing(rel: &str) -> (bool, String) {
    let mut t = toml_file(rel);
    t.remove("routing");
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("no-routing.toml");
    std::fs::write(&p, toml::to_string(&t).unwrap()).unwrap();
    run(Command::new(SQUEEZE)
        .arg("check-config")
        .arg("--offline")
        .arg(&p)
        .env_remove("SQUEEZE_APP_PASSWORD"))
}

#[test]
fn squeeze_configs_validate_apart_from_routing() {
    for rel in ["deploy/squeeze/squeeze.toml", "deploy/squeeze/sidecar.toml"] {
        let (ok, out) = check_config_without_routing(rel);
        assert!(
            ok,
            "squeeze check-config rejects {rel} (even without [routing]):\n{out}"
        );
    }
}

#[test]
fn squeeze_configs_validate() {
    for rel in ["deploy/squeeze/squeeze.toml", "deploy/squeeze/sidecar.toml"] {
        let (ok, out) = run(Command::new(SQUEEZE)
            .arg("check-config")
            .arg("--offline")
            .arg(repo().join(rel))
            .env_remove("SQUEEZE_APP_PASSWORD"));
        assert!(ok, "squeeze check-config --offline {rel} failed:\n{out}");
    }
}

#[test]
fn promtool_accepts_prometheus_config_and_rules() {
    let promtool = require_bin("promtool", PROM_HINT);
    let (ok, out) = run(Command::new(&promtool)
        .arg("check")
        .arg("config")
        .arg(repo().join("deploy/prometheus/prometheus.yml")));
    assert!(ok, "promtool check config failed:\n{out}");
    let (ok, out) = run(Command::new(&promtool)
        .arg("check")
        .arg("rules")
        .arg(repo().join("deploy/prometheus/alerts.yml")));
    assert!(ok, "promtool check rules failed:\n{out}");
}

/// `promtool test rules` runs deploy/prometheus/alerts_test.yml, in which
/// every alert of alerts.yml fires at least once (and the refusal alert
/// stays quiet on ordinary traffic).
#[test]
fn every_alert_has_a_promtool_unit_test_that_fires_it() {
    let promtool = require_bin("promtool", PROM_HINT);
    let (ok, out) = run(Command::new(&promtool)
        .current_dir(repo().join("deploy/prometheus"))
        .arg("test")
        .arg("rules")
        .arg("alerts_test.yml"));
    assert!(ok, "promtool test rules failed:\n{out}");
    let rules: Yaml = serde_yaml::from_str(&read("deploy/prometheus/alerts.yml")).unwrap();
    let tests: Yaml = serde_yaml::from_str(&read("deploy/prometheus/alerts_test.yml")).unwrap();
    let mut fired = BTreeSet::new();
    for t in tests["tests"].as_sequence().unwrap() {
        for a in t["alert_rule_test"].as_sequence().into_iter().flatten() {
            if a["exp_alerts"].as_sequence().is_some_and(|e| !e.is_empty()) {
                fired.insert(a["alertname"].as_str().unwrap().to_string());
            }
        }
    }
    for g in rules["groups"].as_sequence().unwrap() {
        for r in g["rules"].as_sequence().unwrap() {
            if let Some(name) = r["alert"].as_str() {
                assert!(
                    fired.contains(name),
                    "alert {name} has no test in alerts_test.yml that expects it to fire"
                );
            }
        }
    }
}

#[test]
fn dashboard_is_well_formed() {
    let d = dashboard();
    assert_eq!(d["uid"], "squeeze");
    let mut ids = BTreeSet::new();
    let mut exprs = 0;
    for p in all_panels(&d) {
        let id = p["id"].as_u64().expect("panel id");
        assert!(ids.insert(id), "duplicate panel id {id}");
        let g = &p["gridPos"];
        assert!(
            g["w"].as_u64().unwrap() <= 24
                && g["x"].as_u64().unwrap() + g["w"].as_u64().unwrap() <= 24,
            "gridPos {g}"
        );
        if p["type"] != "row" {
            assert!(p["title"].as_str().is_some_and(|t| !t.is_empty()));
            let targets = p["targets"]
                .as_array()
                .unwrap_or_else(|| panic!("{} has no targets", p["title"]));
            assert!(!targets.is_empty(), "{} has no targets", p["title"]);
            exprs += targets.len();
        }
    }
    assert!(exprs >= 20, "only {exprs} queries");
    // Every metric squeeze exports is on the dashboard, and the dashboard and
    // alert rules use no metric squeeze does not export.
    let known = exported_metrics();
    let mut used = BTreeSet::new();
    for (title, e) in dashboard_exprs(&d).into_iter().chain(alert_exprs()) {
        for m in metric_names_in(&e) {
            assert!(
                known.contains(&m),
                "{title}: {m} is not a squeeze metric (src/metrics.rs)"
            );
            used.insert(
                m.trim_end_matches("_bucket")
                    .trim_end_matches("_sum")
                    .trim_end_matches("_count")
                    .to_string(),
            );
        }
    }
    for m in known
        .iter()
        .filter(|m| !m.ends_with("_bucket") && !m.ends_with("_sum") && !m.ends_with("_count"))
    {
        assert!(
            used.contains(m),
            "{m} is exported but on no dashboard panel"
        );
    }
    // Required panels from the issue.
    let titles: Vec<String> = all_panels(&d)
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_lowercase())
        .collect();
    for want in [
        "queries/s by command and shard",
        "p50 / p95 / p99",
        "raw vs stored",
        "ratio per column",
        "values/s per column",
        "refused statements/s by reason",
        "backend errors/s by shard and code",
        "protocol errors",
        "shard health",
        "connections",
    ] {
        assert!(
            titles.iter().any(|t| t.contains(want)),
            "no panel titled like {want:?}: {titles:?}"
        );
    }
    assert_eq!(
        concrete("rate(x{a=~\"$instance\", b=~\"${shard:regex}\"}[$__rate_interval])"),
        "rate(x{a=~\".*\", b=~\".*\"}[1m])"
    );
}

// ------------------------------------------------------------------ live check

struct MariaDb {
    proc: Proc,
    port: u16,
    socket: PathBuf,
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn start_mariadb(dir: &Path) -> MariaDb {
    let install = require_bin("mariadb-install-db", MARIADB_HINT);
    let mariadbd = require_bin("mariadbd", MARIADB_HINT);
    require_bin("mariadb", MARIADB_HINT);
    let data = dir.join("data");
    let small = [
        "--innodb-buffer-pool-size=32M",
        "--innodb-log-file-size=8M",
        "--innodb-flush-log-at-trx-commit=0",
        "--innodb-doublewrite=0",
        "--innodb-use-native-aio=0",
    ];
    let mut cmd = Command::new(install);
    cmd.arg("--no-defaults")
        .arg("--auth-root-authentication-method=normal")
        .arg(format!("--datadir={}", data.display()))
        .arg("--skip-test-db")
        .args(small);
    if is_root() {
        cmd.arg("--user=root");
    }
    let (ok, out) = run(&mut cmd);
    assert!(ok, "mariadb-install-db failed:\n{out}");
    let port = free_port();
    let socket = dir.join("mysqld.sock");
    let mut cmd = Command::new(mariadbd);
    cmd.arg("--no-defaults")
        .arg(format!("--datadir={}", data.display()))
        .arg(format!("--port={port}"))
        .arg("--bind-address=127.0.0.1")
        .arg(format!("--socket={}", socket.display()))
        .arg(format!("--pid-file={}", dir.join("mysqld.pid").display()))
        .arg(format!("--tmpdir={}", dir.display()))
        .arg("--skip-name-resolve")
        .arg("--performance-schema=OFF")
        .args(small);
    if is_root() {
        cmd.arg("--user=root");
    }
    let mut proc = Proc::spawn("mariadbd", &mut cmd, dir.join("mariadbd.log"));
    proc.wait_until("accepting connections", 60, || {
        let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
            return false;
        };
        let _ = s.set_read_timeout(Some(Duration::from_secs(1)));
        let mut hdr = [0u8; 5];
        s.read_exact(&mut hdr).is_ok() && hdr[4] == 10
    });
    MariaDb { proc, port, socket }
}

impl MariaDb {
    fn root_sql(&self, sql: &str) {
        let mut child = Command::new(require_bin("mariadb", MARIADB_HINT))
            .arg("--no-defaults")
            .arg("-uroot")
            .arg(format!("--socket={}", self.socket.display()))
            .arg("--batch")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(sql.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "SQL failed: {}\n--- SQL ---\n{sql}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Sends a little of everything through squeeze: logins, text queries,
/// prepared statements, a backend error, an init-db.
async fn traffic(port: u16) {
    use mysql_async::prelude::*;
    // prefer_socket=false: otherwise mysql_async asks for @@socket and
    // reconnects to MariaDB's unix socket directly, bypassing squeeze.
    let url = format!("mysql://app:secret@127.0.0.1:{port}/pins_0000?prefer_socket=false");
    for round in 0..3u64 {
        let mut conn = mysql_async::Conn::new(mysql_async::Opts::from_url(&url).unwrap())
            .await
            .expect("connect through squeeze");
        for i in 0..20u64 {
            let id = round * 100 + i;
            let doc = format!(
                r#"{{"id":{id},"title":"pin {id}","board":"deploy-test","tags":["a","b","c"],"desc":"{}"}}"#,
                "x".repeat(200)
            );
            conn.exec_drop(
                "INSERT INTO pins (id, user_id, doc) VALUES (?, ?, ?)",
                (id, id % 7, doc),
            )
            .await
            .expect("prepared INSERT through squeeze");
        }
        let n: Option<u64> = conn
            .query_first("SELECT COUNT(*) FROM pins")
            .await
            .expect("SELECT");
        assert_eq!(n, Some((round + 1) * 20));
        let docs: Vec<(u64, Vec<u8>)> = conn
            .query("SELECT id, doc FROM pins ORDER BY id LIMIT 5")
            .await
            .expect("SELECT docs");
        assert_eq!(docs.len(), 5);
        // A backend error (1146) for squeeze_backend_errors_total.
        assert!(conn
            .query_drop("SELECT * FROM no_such_table")
            .await
            .is_err());
        conn.query_drop("USE pins_0512").await.expect("USE");
        conn.ping().await.expect("ping");
        conn.disconnect().await.unwrap();
    }
    // A wrong password, for squeeze_auth_failures_total / connections_total{outcome}.
    let bad = format!("mysql://app:wrong@127.0.0.1:{port}/pins_0000?prefer_socket=false");
    assert!(
        mysql_async::Conn::new(mysql_async::Opts::from_url(&bad).unwrap())
            .await
            .is_err()
    );
}

fn prom_query(port: u16, expr: &str) -> Json {
    let (status, body) = http_get(port, &format!("/api/v1/query?query={}", urlencode(expr)))
        .unwrap_or_else(|| panic!("no answer from Prometheus for {expr}"));
    serde_json::from_str(&body)
        .unwrap_or_else(|e| panic!("HTTP {status} non-JSON answer for {expr}: {e}\n{body}"))
}

/// Dashboard expressions over the metrics any traffic produces must have
/// data. (Alert expressions are conditions: empty means "not firing".)
fn must_have_data(title: &str, expr: &str) -> bool {
    !title.starts_with("alert ")
        && [
            "squeeze_commands_total",
            "squeeze_connections_total",
            "squeeze_connections_active",
            "squeeze_command_duration_seconds",
        ]
        .iter()
        .any(|m| expr.contains(m))
}

#[test]
fn dashboard_queries_evaluate_on_live_prometheus() {
    let prometheus = require_bin("prometheus", PROM_HINT);
    let started = Instant::now();
    let dir = tempfile::Builder::new()
        .prefix("squeeze-deploy-")
        .tempdir()
        .unwrap();

    // MariaDB with the compose stack's init SQL (proves the SQL runs).
    let db = start_mariadb(&dir.path().join("db"));
    db.root_sql("CREATE USER 'app'@'%' IDENTIFIED BY 'secret';");
    db.root_sql(&read("deploy/mysql/00-app-grants.sql"));
    db.root_sql(&read("deploy/mysql/shard_a.sql"));
    db.root_sql(&read("deploy/mysql/shard_b.sql"));

    // squeeze in front of it: quick-start flags, plus a config file holding
    // only the compose stack's compressed column (so the compression panels
    // see data; no dictionary, as none is trained here).
    let columns_cfg = dir.path().join("columns.toml");
    std::fs::write(
        &columns_cfg,
        "[codec]\ndictionaries_dir = \"dictionaries\"\n\
         [[columns]]\nschema = \"pins_0000\"\ntable = \"pins\"\ncolumn = \"doc\"\ncodec = \"zstd\"\npresent_as = \"json\"\n",
    )
    .unwrap();
    let (sq_port, admin_port) = (free_port(), free_port());
    let mut squeeze = Proc::spawn(
        "squeeze",
        Command::new(SQUEEZE)
            .arg("serve")
            .arg("--config")
            .arg(&columns_cfg)
            .arg("--listen")
            .arg(format!("127.0.0.1:{sq_port}"))
            .arg("--backend")
            .arg(format!("127.0.0.1:{}", db.port))
            .arg("--user")
            .arg("app:secret")
            .arg("--admin")
            .arg(format!("127.0.0.1:{admin_port}")),
        dir.path().join("squeeze.log"),
    );
    squeeze.wait_until("/readyz 200", 20, || {
        http_get(admin_port, "/readyz").is_some_and(|(s, _)| s == 200)
    });
    assert_eq!(http_get(admin_port, "/healthz").map(|r| r.0), Some(200));

    // Prometheus scraping squeeze every second, with the stack's alert rules.
    let prom_port = free_port();
    let pdir = dir.path().join("prom");
    std::fs::create_dir_all(&pdir).unwrap();
    std::fs::copy(
        repo().join("deploy/prometheus/alerts.yml"),
        pdir.join("alerts.yml"),
    )
    .unwrap();
    std::fs::write(
        pdir.join("prometheus.yml"),
        format!(
            "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files: [alerts.yml]\n\
             scrape_configs:\n  - job_name: squeeze\n    static_configs:\n      - targets: ['127.0.0.1:{admin_port}']\n"
        ),
    )
    .unwrap();
    let mut prom = Proc::spawn(
        "prometheus",
        Command::new(prometheus)
            .arg(format!(
                "--config.file={}",
                pdir.join("prometheus.yml").display()
            ))
            .arg(format!(
                "--storage.tsdb.path={}",
                pdir.join("data").display()
            ))
            .arg(format!("--web.listen-address=127.0.0.1:{prom_port}"))
            .arg("--storage.tsdb.retention.time=1h"),
        pdir.join("prometheus.log"),
    );
    prom.wait_until("/-/ready", 30, || {
        http_get(prom_port, "/-/ready").is_some_and(|(s, _)| s == 200)
    });

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(traffic(sq_port));
    squeeze.assert_running();
    // The traffic really went through squeeze (60 prepared INSERTs alone).
    let metrics = http_get(admin_port, "/metrics").expect("/metrics").1;
    let commands: f64 = metrics
        .lines()
        .filter(|l| l.starts_with("squeeze_commands_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum();
    assert!(
        commands >= 60.0,
        "squeeze counted only {commands} commands:\n{metrics}"
    );

    // Wait until the basic traffic panels have data (two scrapes after traffic).
    let d = dashboard();
    let mut exprs = dashboard_exprs(&d);
    exprs.extend(
        alert_exprs()
            .into_iter()
            .map(|(n, e)| (format!("alert {n}"), e)),
    );
    let needed: Vec<&(String, String)> =
        exprs.iter().filter(|(t, e)| must_have_data(t, e)).collect();
    assert!(needed.len() >= 5, "expected traffic panels: {needed:?}");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        prom.assert_running();
        let empty: Vec<String> = needed
            .iter()
            .filter(|(_, e)| {
                let r = prom_query(prom_port, &concrete(e));
                r["data"]["result"].as_array().is_none_or(|a| a.is_empty())
            })
            .map(|(t, e)| format!("{t}: {}", concrete(e)))
            .collect();
        if empty.is_empty() {
            break;
        }
        if Instant::now() > deadline {
            let metrics = http_get(admin_port, "/metrics")
                .map(|r| r.1)
                .unwrap_or_default();
            panic!(
                "panels still without data after traffic: {empty:?}\nsqueeze /metrics:\n{metrics}"
            );
        }
        std::thread::sleep(Duration::from_millis(500));
    }

    // Sanity: a syntax error is reported as such (so "success" below means something).
    assert_eq!(
        prom_query(prom_port, "sum(rate(squeeze_commands_total[1m])")["status"],
        "error"
    );

    // Every dashboard and alert expression evaluates.
    let mut failures = Vec::new();
    let mut summary = BTreeMap::new();
    for (title, e) in &exprs {
        let q = concrete(e);
        let r = prom_query(prom_port, &q);
        if r["status"] != "success" {
            failures.push(format!(
                "{title}: {q}\n    -> {} {}",
                r["errorType"], r["error"]
            ));
            continue;
        }
        let n = r["data"]["result"].as_array().map_or(1, |a| a.len());
        if must_have_data(title, e) && n == 0 {
            failures.push(format!("{title}: {q}\n    -> no data"));
        }
        summary.insert(title.clone(), n);
    }
    assert!(
        failures.is_empty(),
        "dashboard/alert queries failed:\n  {}",
        failures.join("\n  ")
    );

    // Template variables resolve: the quick-start backend is shard "default".
    let (_, body) = http_get(
        prom_port,
        &format!(
            "/api/v1/label/shard/values?match[]={}",
            urlencode("squeeze_backend_up")
        ),
    )
    .unwrap();
    let v: Json = serde_json::from_str(&body).unwrap();
    assert!(
        v["data"].as_array().unwrap().iter().any(|s| s == "default"),
        "shard variable values: {v}"
    );
    let (_, body) = http_get(
        prom_port,
        &format!(
            "/api/v1/label/instance/values?match[]={}",
            urlencode("squeeze_connections_active")
        ),
    )
    .unwrap();
    assert!(
        body.contains(&format!("127.0.0.1:{admin_port}")),
        "instance variable values: {body}"
    );

    // Alert rules load and evaluate without errors.
    std::thread::sleep(Duration::from_millis(1500));
    let (_, body) = http_get(prom_port, "/api/v1/rules").unwrap();
    let rules: Json = serde_json::from_str(&body).unwrap();
    let mut n_rules = 0;
    for g in rules["data"]["groups"].as_array().unwrap() {
        for r in g["rules"].as_array().unwrap() {
            n_rules += 1;
            assert_ne!(
                r["health"], "err",
                "alert rule {} fails: {}",
                r["name"], r["lastError"]
            );
        }
    }
    assert_eq!(n_rules, alert_exprs().len(), "rules loaded: {body}");
    // squeeze is up and its only shard healthy: no alert may fire.
    let firing: Vec<&Json> = rules["data"]["groups"][0]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["state"] == "firing")
        .collect();
    assert!(
        firing.is_empty(),
        "alerts firing on a healthy stack: {firing:?}"
    );

    eprintln!(
        "deploy: {} expressions evaluated in {:.1}s; result series per panel: {summary:?}",
        exprs.len(),
        started.elapsed().as_secs_f64()
    );
    drop(prom);
    drop(squeeze);
    drop(db.proc);
}

// ------------------------------------------------------------------ sidecar, k8s, systemd

/// The deployment guide's sidecar example is deploy/squeeze/sidecar.toml,
/// verbatim.
#[test]
fn the_documented_sidecar_example_is_the_sidecar_file() {
    let readme = read("docs/deployment.md");
    let marker = "<!-- the block below is deploy/squeeze/sidecar.toml, verbatim";
    let at = readme
        .find(marker)
        .expect("docs/deployment.md marks the sidecar block it includes");
    let block = &readme[at..];
    let start = block.find("```toml\n").unwrap() + "```toml\n".len();
    let end = block[start..].find("\n```").unwrap() + 1;
    assert_eq!(
        &block[start..start + end],
        read("deploy/squeeze/sidecar.toml"),
        "docs/deployment.md's sidecar block differs from deploy/squeeze/sidecar.toml: copy the file into it"
    );
}

fn k8s_documents() -> Vec<Yaml> {
    let text = read("deploy/k8s/sidecar.yaml");
    serde_yaml::Deserializer::from_str(&text)
        .map(|d| {
            <Yaml as serde::Deserialize>::deserialize(d).expect("deploy/k8s/sidecar.yaml parses")
        })
        .collect()
}

fn k8s_kind<'a>(docs: &'a [Yaml], kind: &str) -> &'a Yaml {
    docs.iter()
        .find(|d| d["kind"].as_str() == Some(kind))
        .unwrap_or_else(|| panic!("no {kind} in deploy/k8s/sidecar.yaml"))
}

/// The Kubernetes sidecar: app + squeeze in one pod, probes on /readyz and
/// /healthz at the admin port of the config map's config, every password
/// variable the config reads comes from the Secret, the config is mounted
/// where `--config` points, and `check-config --offline` accepts it.
#[test]
fn the_kubernetes_sidecar_manifest_agrees_with_its_config() {
    let docs = k8s_documents();
    let cm = k8s_kind(&docs, "ConfigMap");
    let secret = k8s_kind(&docs, "Secret");
    let deploy = k8s_kind(&docs, "Deployment");
    let cfg_text = cm["data"]["squeeze.toml"]
        .as_str()
        .expect("squeeze.toml in the config map");

    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("squeeze.toml");
    std::fs::write(&p, cfg_text).unwrap();
    let (ok, out) = run(Command::new(SQUEEZE)
        .arg("check-config")
        .arg("--offline")
        .arg(&p)
        .env_remove("SQUEEZE_APP_PASSWORD"));
    assert!(
        ok,
        "check-config --offline rejects the config map's squeeze.toml:\n{out}"
    );
    let cfg: toml::Table = toml::from_str(cfg_text).unwrap();

    let spec = &deploy["spec"]["template"]["spec"];
    let containers = spec["containers"].as_sequence().unwrap();
    assert!(containers.len() >= 2, "app and squeeze in one pod");
    let sq = containers
        .iter()
        .find(|c| c["name"].as_str() == Some("squeeze"))
        .expect("a squeeze container");
    let admin_port: u64 = cfg["admin"]["listen"]
        .as_str()
        .unwrap()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        !cfg["admin"]["listen"].as_str().unwrap().starts_with("127."),
        "the kubelet probes the pod IP: admin cannot listen on loopback only"
    );
    assert!(
        cfg["admin"].get("token_env").is_some(),
        "an admin port on the pod network needs the token"
    );
    for (probe, path) in [("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")] {
        let g = &sq[probe]["httpGet"];
        assert_eq!(g["path"].as_str(), Some(path), "{probe}");
        assert_eq!(g["port"].as_u64(), Some(admin_port), "{probe} port");
    }
    // Every *_env the config reads is set from the Secret's keys.
    let secret_keys: BTreeSet<&str> = secret["stringData"]
        .as_mapping()
        .unwrap()
        .keys()
        .filter_map(|k| k.as_str())
        .collect();
    let env: BTreeMap<&str, &Yaml> = sq["env"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap(), e))
        .collect();
    let mut vars = Vec::new();
    for u in cfg["users"].as_array().unwrap() {
        if let Some(v) = u.get("password_env").and_then(|v| v.as_str()) {
            vars.push(v.to_string());
        }
    }
    vars.push(cfg["admin"]["token_env"].as_str().unwrap().to_string());
    for var in &vars {
        let e = env
            .get(var.as_str())
            .unwrap_or_else(|| panic!("squeeze container lacks {var}"));
        let r = &e["valueFrom"]["secretKeyRef"];
        assert_eq!(r["name"], secret["metadata"]["name"], "{var}");
        assert!(secret_keys.contains(r["key"].as_str().unwrap()), "{var}");
    }
    // The config map is mounted where --config points.
    let args: Vec<&str> = sq["args"]
        .as_sequence()
        .unwrap()
        .iter()
        .filter_map(|a| a.as_str())
        .collect();
    let cfg_path = args[args.iter().position(|a| *a == "--config").unwrap() + 1];
    let mounts = sq["volumeMounts"].as_sequence().unwrap();
    let m = mounts
        .iter()
        .find(|m| m["mountPath"].as_str() == Some(cfg_path))
        .expect("config mounted at --config");
    let vol = spec["volumes"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|v| v["name"] == m["name"])
        .unwrap();
    assert_eq!(vol["configMap"]["name"], cm["metadata"]["name"]);
    // Every path the config reads is under a mount.
    let mut paths = vec![cfg["codec"]["dictionaries_dir"]
        .as_str()
        .unwrap()
        .to_string()];
    for s in cfg["shards"].as_table().unwrap().values() {
        if let Some(ca) = s.get("tls_ca").and_then(|v| v.as_str()) {
            paths.push(ca.to_string());
        }
    }
    for p in &paths {
        assert!(
            mounts
                .iter()
                .any(|m| p.starts_with(m["mountPath"].as_str().unwrap())),
            "{p} is read by squeeze but not mounted"
        );
    }
    // Draining fits in the grace period.
    let grace = spec["terminationGracePeriodSeconds"].as_u64().unwrap();
    let drain = cfg["proxy"]["shutdown_timeout_secs"].as_integer().unwrap() as u64;
    assert!(
        drain < grace,
        "shutdown_timeout_secs {drain} >= grace {grace}"
    );
}

/// The systemd unit carries the hardening the README promises, and
/// `systemd-analyze verify` accepts it without a warning when it is there.
#[test]
fn the_systemd_unit_is_hardened_and_verifies() {
    let unit = read("deploy/systemd/squeeze.service");
    let mut keys: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in unit.lines().filter(|l| !l.starts_with('#')) {
        if let Some((k, v)) = line.split_once('=') {
            keys.entry(k.trim().to_string())
                .or_default()
                .push(v.trim().to_string());
        }
    }
    let one = |k: &str| {
        keys.get(k)
            .and_then(|v| v.last())
            .unwrap_or_else(|| panic!("squeeze.service lacks {k}="))
            .clone()
    };
    assert!(one("DynamicUser") == "yes" || keys.contains_key("User"));
    assert_eq!(one("ProtectSystem"), "strict");
    assert_eq!(one("NoNewPrivileges"), "yes");
    assert_eq!(one("CapabilityBoundingSet"), "", "no capabilities at all");
    assert!(one("ReadOnlyPaths").contains("/etc/squeeze"));
    assert!(one("LimitNOFILE").parse::<u64>().unwrap() >= 65536);
    assert!(one("ExecStart").contains("serve --config"));
    assert!(one("ExecReload").contains("-HUP"));
    assert!(
        one("TimeoutStopSec")
            .trim_end_matches('s')
            .parse::<u64>()
            .unwrap()
            > 20
    );

    let Some(analyze) = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
    else {
        eprintln!("systemd-analyze not installed: checked the unit's keys only");
        return;
    };
    // Verified with this build's binary in place of /usr/local/bin/squeeze.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("squeeze.service");
    std::fs::write(&copy, unit.replace("/usr/local/bin/squeeze", SQUEEZE)).unwrap();
    let out = Command::new(analyze)
        .arg("verify")
        .arg(&copy)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success() && !text.contains("squeeze.service:"),
        "systemd-analyze verify:\n{text}"
    );
}
