//! `--backend tidb`: the same LOAD DATA LOCAL load into TiDB, whose
//! handshake offers zstd beside zlib, with the wire algorithm of bulk
//! connections side by side: never (raw), always and adaptive with zlib
//! (`[bulk] algorithm = "zlib"`) and with zstd (`algorithm = "auto"`), on an
//! unthrottled loopback and a 100 Mbit/s relay. Reports per algorithm the
//! ratio on the wire, the compressing speed (MB of packet stream per CPU
//! second of squeeze's writer, from its metrics) and the speed-up over raw
//! at 100 Mbit/s.
//!
//! TiDB is `.test-deps/tidb/tidb-server` (`bash scripts/build-tidb.sh`).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use super::{
    build_corpus, cpu_secs, free_port, load_data_local, metric_sum, metric_sum_f64, start_relay,
    start_squeeze, wait_port,
};

/// (label, bulk mode, [bulk] algorithm)
const VARIANTS: [(&str, &str, &str); 5] = [
    ("never", "never", "zlib"),
    ("always-zlib", "always", "zlib"),
    ("always-zstd", "always", "auto"),
    ("adaptive-zlib", "adaptive", "zlib"),
    ("adaptive-zstd", "adaptive", "auto"),
];

struct TiDbServer {
    child: Child,
    port: u16,
}

impl Drop for TiDbServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_tidb(dir: &Path) -> TiDbServer {
    let bin = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/.test-deps/tidb/tidb-server"
    ));
    assert!(
        bin.is_file(),
        "{} not found: run `bash scripts/build-tidb.sh`",
        bin.display()
    );
    let port = free_port();
    let cfg = dir.join("tidb.toml");
    std::fs::write(
        &cfg,
        format!(
            "[log]\nlevel = \"error\"\nslow-query-file = {:?}\n[log.file]\nfilename = {:?}\n[performance]\nrun-auto-analyze = false\n",
            dir.join("tidb-slow.log").display().to_string(),
            dir.join("tidb.log").display().to_string()
        ),
    )
    .unwrap();
    let child = Command::new(bin)
        .arg("-store=unistore")
        .arg(format!("-path={}", dir.join("tidb-store").display()))
        .arg("-host=127.0.0.1")
        .arg(format!("-P={port}"))
        .arg(format!("-status={}", free_port()))
        .arg("-socket=")
        .arg(format!("-config={}", cfg.display()))
        .env("TMPDIR", dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn tidb-server");
    wait_port(port, 120);
    let server = TiDbServer { child, port };
    // The port opens before bootstrap ends: wait for a statement to work.
    let deadline = Instant::now() + std::time::Duration::from_secs(120);
    while root(&server, "SELECT 1").is_none() {
        assert!(Instant::now() < deadline, "tidb-server did not answer");
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    server
}

fn root(s: &TiDbServer, sql: &str) -> Option<String> {
    let out = Command::new("mariadb")
        .args([
            "--no-defaults",
            "-h127.0.0.1",
            "-uroot",
            "--skip-ssl",
            "-N",
            "-B",
        ])
        .arg(format!("-P{}", s.port))
        .arg("-e")
        .arg(sql)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn root_ok(s: &TiDbServer, sql: &str) -> String {
    root(s, sql).unwrap_or_else(|| panic!("tidb: {sql} failed"))
}

struct Run {
    secs: f64,
    /// Packet-stream bytes in, wire bytes out of the bulk connection.
    before: u64,
    wire: u64,
    /// Stream bytes compressed and the writer CPU seconds spent on them.
    compress_in: u64,
    compress_secs: f64,
    server_cpu: f64,
}

fn load(sq: &super::Squeeze, db: &TiDbServer, corpus: &Path, rows: u64) -> Run {
    root_ok(db, "TRUNCATE TABLE bench.docs_p");
    let m = |name: &str| metric_sum(sq.admin, name, "");
    let mf = |name: &str| metric_sum_f64(sq.admin, name, "");
    let (b0, w0) = (
        metric_sum(sq.admin, "squeeze_adaptive_wire_bytes_total", "before"),
        metric_sum(sq.admin, "squeeze_adaptive_wire_bytes_total", "after"),
    );
    let (i0, s0) = (
        m("squeeze_adaptive_compress_input_bytes_total"),
        mf("squeeze_adaptive_compress_seconds_total"),
    );
    let cpu0 = cpu_secs(db.child.id());
    let (secs, out) = load_data_local(sq.port, "docs_p", corpus);
    assert!(
        out.status.success(),
        "load failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let n: u64 = root_ok(db, "SELECT COUNT(*) FROM bench.docs_p")
        .parse()
        .unwrap_or(0);
    assert_eq!(n, rows, "rows loaded");
    Run {
        secs,
        before: metric_sum(sq.admin, "squeeze_adaptive_wire_bytes_total", "before") - b0,
        wire: metric_sum(sq.admin, "squeeze_adaptive_wire_bytes_total", "after") - w0,
        compress_in: m("squeeze_adaptive_compress_input_bytes_total") - i0,
        compress_secs: mf("squeeze_adaptive_compress_seconds_total") - s0,
        server_cpu: cpu_secs(db.child.id()) - cpu0,
    }
}

pub fn run(quick: bool, repeats: usize) {
    let target = if quick { 12 << 20 } else { 48 << 20 };
    let tmp = tempfile::Builder::new()
        .prefix("squeeze-bench-wire-")
        .tempdir()
        .unwrap();
    let dir = tmp.path();
    let corpus = dir.join("corpus.tsv");
    let (rows, _) = build_corpus(&corpus, target);
    let file_bytes = std::fs::metadata(&corpus).unwrap().len();
    eprintln!(
        "corpus: {rows} rows, {:.1} MB file; backend TiDB",
        file_bytes as f64 / 1e6
    );
    let db = start_tidb(dir);
    let version = root_ok(&db, "SELECT VERSION()");
    root_ok(
        &db,
        "CREATE DATABASE bench; CREATE TABLE bench.docs_p (id BIGINT PRIMARY KEY, doc LONGBLOB);
         CREATE USER app@'%' IDENTIFIED BY 'secret'; GRANT ALL ON *.* TO app@'%';",
    );
    println!("backend: {version}");
    println!("| link | variant | wall s (median) | MB/s (file) | wire MB | ratio | compress MB/s per cpu s | speed-up vs never | tidb cpu s | runs (s) |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut medians = std::collections::HashMap::new();
    for (link, rate) in [("unthrottled", None), ("100mbit", Some(100_000_000u64))] {
        let port = rate.map_or(db.port, |r| start_relay(db.port, r));
        let proxies: Vec<(&str, super::Squeeze)> = VARIANTS
            .iter()
            .map(|(label, mode, algorithm)| {
                let extra = format!("algorithm = \"{algorithm}\"\nzstd_level = 1\n");
                (
                    *label,
                    start_squeeze(
                        dir,
                        &format!("127.0.0.1:{port}"),
                        &format!("{link}-{label}"),
                        mode,
                        &extra,
                    ),
                )
            })
            .collect();
        let mut runs: std::collections::HashMap<&str, Vec<Run>> = Default::default();
        for round in 0..repeats {
            for k in 0..proxies.len() {
                let (label, sq) = &proxies[(round + k) % proxies.len()];
                let r = load(sq, &db, &corpus, rows);
                eprintln!("{link} round {} {label}: {:.2}s", round + 1, r.secs);
                runs.entry(label).or_default().push(r);
            }
        }
        let never = {
            let mut v: Vec<f64> = runs["never"].iter().map(|r| r.secs).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        for (label, _, _) in VARIANTS {
            let rs = &runs[label];
            let mut sorted: Vec<&Run> = rs.iter().collect();
            sorted.sort_by(|a, b| a.secs.total_cmp(&b.secs));
            let r = sorted[sorted.len() / 2];
            let ratio = r.before as f64 / r.wire.max(1) as f64;
            let speed = r.compress_in as f64 / 1e6 / r.compress_secs.max(1e-9);
            let all: Vec<String> = rs.iter().map(|r| format!("{:.2}", r.secs)).collect();
            println!(
                "| {link} | {label} | {:.2} | {:.1} | {:.1} | {ratio:.2} | {} | {:.2} | {:.2} | {} |",
                r.secs,
                file_bytes as f64 / 1e6 / r.secs,
                r.wire as f64 / 1e6,
                if r.compress_in > 0 { format!("{speed:.0}") } else { "-".into() },
                never / r.secs,
                r.server_cpu,
                all.join(" ")
            );
            medians.insert((link, label), (r.secs, ratio, speed, never / r.secs));
        }
    }
    let get = |link: &'static str, label: &'static str| medians[&(link, label)];
    let (zl, zs) = (
        get("unthrottled", "always-zlib"),
        get("unthrottled", "always-zstd"),
    );
    let (sl, ss) = (
        get("100mbit", "always-zlib").3,
        get("100mbit", "always-zstd").3,
    );
    let (al, as_) = (
        get("100mbit", "adaptive-zlib").3,
        get("100mbit", "adaptive-zstd").3,
    );
    println!(
        "RESULT backend=tidb zlib_ratio={:.2} zstd_ratio={:.2} zlib_compress_mb_s={:.0} zstd_compress_mb_s={:.0} speedup_100mbit_zlib={sl:.3} speedup_100mbit_zstd={ss:.3} adaptive_speedup_100mbit_zlib={al:.3} adaptive_speedup_100mbit_zstd={as_:.3} zstd_vs_zlib_100mbit={:.3}",
        zl.1,
        zs.1,
        zl.2,
        zs.2,
        ss / sl
    );
}
