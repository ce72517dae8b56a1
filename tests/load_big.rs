//! A LOAD DATA LOCAL of very large documents into a compressed column is
//! rewritten off the session's event loop: other sessions on the same
//! worker keep answering, the documents read back byte-identical, and a
//! client that goes away mid-load leaves no CPU burning in squeeze.
mod support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use sha2::{Digest, Sha256};
use support::dump;
use support::{require_bin, MariaDb, Squeeze, APP_PASS, APP_USER};

/// The tests here each load the machine and measure latency: one at a
/// time, so none measures another's load.
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// squeeze with every session on ONE worker, so a load that blocked its
/// event loop would stall the probes.
fn one_worker_proxy(db: &MariaDb, schema: &str) -> Squeeze {
    db.fresh_db(schema);
    db.root_sql(&format!(
        "CREATE TABLE {schema}.docs (id BIGINT PRIMARY KEY, doc LONGBLOB);
         CREATE TABLE {schema}.plain (id BIGINT PRIMARY KEY, doc LONGBLOB);"
    ));
    let toml = format!(
        r#"
[proxy]
worker_threads = 1
[[columns]]
schema = "{schema}"
table = "docs"
column = "doc"
codec = "zstd"
level = 3
"#
    );
    let backend = db.addr();
    let user = format!("{APP_USER}:{APP_PASS}");
    Squeeze::start_with_config(&toml, &["--backend", &backend, "--user", &user])
}

/// A valid JSON document of about `n` bytes (varied enough that zstd has
/// real work to do), with quotes and backslash escapes inside strings.
fn json_doc(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    let mut next = move || {
        // xorshift64: deterministic, no dependency.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    const WORDS: [&str; 12] = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
        "juliet", "kilo", "lima",
    ];
    let mut v = Vec::with_capacity(n + 256);
    v.extend_from_slice(b"{\"rows\":[");
    let mut i = 0u64;
    while v.len() < n {
        let r = next();
        write!(
            v,
            "{{\"id\":{i},\"score\":{},\"tag\":\"{}\",\"text\":\"{} \\\"{}\\\" {:x} \\\\ {}\"}},",
            r % 100_000,
            WORDS[(r % 12) as usize],
            WORDS[((r >> 8) % 12) as usize],
            WORDS[((r >> 16) % 12) as usize],
            r >> 20,
            WORDS[((r >> 24) % 12) as usize],
        )
        .unwrap();
        i += 1;
    }
    v.extend_from_slice(b"{}]}");
    v
}

/// The documents of the test file by id: small ones around a 20 MB and a
/// 60 MB one.
fn documents() -> Vec<(i64, Vec<u8>)> {
    vec![
        (1, json_doc(300, 1)),
        (2, json_doc(20 << 20, 2)),
        (3, json_doc(2000, 3)),
        (4, json_doc(60_000_000, 4)),
        (5, json_doc(100, 5)),
    ]
}

/// The documents as a LOAD DATA file in the default format (tab, newline,
/// backslash escapes).
fn write_tsv(path: &Path, docs: &[(i64, Vec<u8>)]) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for (id, doc) in docs {
        write!(f, "{id}\t").unwrap();
        let mut escaped = Vec::with_capacity(doc.len() + doc.len() / 16);
        for &b in doc {
            match b {
                b'\\' => escaped.extend_from_slice(b"\\\\"),
                b'\t' => escaped.extend_from_slice(b"\\t"),
                b'\n' => escaped.extend_from_slice(b"\\n"),
                _ => escaped.push(b),
            }
        }
        f.write_all(&escaped).unwrap();
        f.write_all(b"\n").unwrap();
    }
    f.flush().unwrap();
}

fn load_sql(file: &Path, table: &str) -> String {
    format!(
        "LOAD DATA LOCAL INFILE '{}' INTO TABLE {table} (id, doc)",
        file.display()
    )
}

/// `mariadb --local-infile` running `sql` as a child process (so it can be
/// killed).
fn spawn_cli(port: u16, schema: &str, sql: &str) -> Child {
    Command::new(require_bin("mariadb", "apt-get install mariadb-client"))
        .arg("--no-defaults")
        .arg("-h127.0.0.1")
        .arg(format!("-P{port}"))
        .arg(format!("-u{APP_USER}"))
        .arg(format!("-p{APP_PASS}"))
        .arg("--local-infile=1")
        .arg(schema)
        .arg("-e")
        .arg(sql)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mariadb")
}

/// The client's output once it exits; killed (and the test failed) when
/// the load takes over two minutes (before the rewriter was linear, this
/// file kept squeeze busy for many minutes).
fn wait_or_kill(mut cli: Child) -> std::process::Output {
    let deadline = Instant::now() + Duration::from_secs(120);
    while cli.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            cli.kill().unwrap();
            panic!("the load through squeeze did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    cli.wait_with_output().unwrap()
}

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the parenthesised command name; utime and stime are the
    // 14th and 15th fields of the whole line.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap()
}

fn ticks_per_second() -> f64 {
    // SAFETY: sysconf has no preconditions.
    (unsafe { libc::sysconf(libc::_SC_CLK_TCK) }) as f64
}

/// Worst latencies seen by the probes.
#[derive(Debug, Default, Clone, Copy)]
struct Probed {
    select: Duration,
    connect: Duration,
    queries: u64,
    /// Handshake greeting latency and how many were measured.
    greeting: Duration,
    greetings: u64,
}

/// `SELECT 1` in a loop on each of `n` connections to `port` (and a fresh
/// connection now and then) until `stop`.
async fn probe_latency(port: u16, schema: &str, n: usize, stop: Arc<AtomicBool>) -> Probed {
    let mut tasks = Vec::new();
    for k in 0..n {
        let stop = stop.clone();
        let schema = schema.to_string();
        let mut conn = dump::connect(port, Some(&schema)).await;
        tasks.push(tokio::spawn(async move {
            let mut p = Probed::default();
            while !stop.load(Ordering::Relaxed) {
                let t = Instant::now();
                let one: Option<i64> = conn.query_first("SELECT 1").await.unwrap();
                assert_eq!(one, Some(1));
                p.select = p.select.max(t.elapsed());
                p.queries += 1;
                if k == 0 && p.queries % 50 == 0 {
                    // New connections are served by the same worker too.
                    let t = Instant::now();
                    let mut c = dump::connect(port, Some(&schema)).await;
                    let one: Option<i64> = c.query_first("SELECT 1").await.unwrap();
                    assert_eq!(one, Some(1));
                    p.connect = p.connect.max(t.elapsed());
                    c.disconnect().await.unwrap();
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            p
        }));
    }
    let mut all = Probed::default();
    for t in tasks {
        let p = t.await.unwrap();
        all.select = all.select.max(p.select);
        all.connect = all.connect.max(p.connect);
        all.queries += p.queries;
    }
    all
}

/// Time until squeeze's handshake greeting arrives on fresh TCP
/// connections, every 20 ms until `stop`: served by the worker alone (no
/// backend round trip), so it shows a stalled event loop and nothing else.
async fn probe_greeting(port: u16, stop: Arc<AtomicBool>) -> (Duration, u64) {
    use tokio::io::AsyncReadExt;
    let (mut worst, mut n) = (Duration::ZERO, 0);
    while !stop.load(Ordering::Relaxed) {
        let t = Instant::now();
        let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .unwrap();
        let mut hdr = [0u8; 5];
        if let Err(e) = s.read_exact(&mut hdr).await {
            panic!("no handshake greeting after {:?}: {e}", t.elapsed());
        }
        assert_eq!(hdr[4], 10, "a protocol-10 greeting");
        worst = worst.max(t.elapsed());
        n += 1;
        drop(s);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (worst, n)
}

/// Runs `work` while probing `probe_port` (four `SELECT 1` connections
/// and fresh greetings, settled first); returns how long `work` took, its
/// result and what the probes saw.
async fn while_probing<T>(
    probe_port: u16,
    schema: &'static str,
    work: impl std::future::Future<Output = T>,
) -> (Duration, T, Probed) {
    let stop = Arc::new(AtomicBool::new(false));
    let probes = tokio::spawn(probe_latency(probe_port, schema, 4, stop.clone()));
    let greetings = tokio::spawn(probe_greeting(probe_port, stop.clone()));
    // Let the probes connect and settle first.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let t = Instant::now();
    let out = work.await;
    let took = t.elapsed();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, Ordering::Relaxed);
    let mut seen = probes.await.unwrap();
    (seen.greeting, seen.greetings) = greetings.await.unwrap();
    (took, out, seen)
}

/// Runs `sql` through the CLI on `port` while probing `probe_port`; returns
/// the load's wall time, its output and what the probes saw.
async fn load_while_probing(
    port: u16,
    probe_port: u16,
    schema: &'static str,
    sql: String,
) -> (Duration, std::process::Output, Probed) {
    while_probing(probe_port, schema, async move {
        tokio::task::spawn_blocking(move || wait_or_kill(spawn_cli(port, schema, &sql)))
            .await
            .unwrap()
    })
    .await
}

fn sha(b: &[u8]) -> String {
    hex::encode(Sha256::digest(b))
}

fn temp_file(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix("squeeze-load-big-")
        .tempdir()
        .unwrap();
    let p = dir.path().join(name);
    (dir, p)
}

/// Loading a file with a 20 MB and a 60 MB document through squeeze, with
/// every session on one worker, never stalls that worker: new connections
/// get their greeting within 100 ms, `SELECT 1` on four other connections
/// stays under 100 ms (or, when MariaDB itself stalls it longer during the
/// same load made directly, within 100 ms of that), and every document is
/// stored compressed and reads back byte-identical.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_load_data_never_stalls_its_worker_and_reads_back_identical() {
    let _alone = HEAVY.lock().await;
    let db = MariaDb::shared();
    let schema = "load_big";
    let sq = one_worker_proxy(db, schema);
    let docs = documents();
    let (_dir, file) = temp_file("big.tsv");
    write_tsv(&file, &docs);
    let file_mb = std::fs::metadata(&file).unwrap().len() as f64 / 1e6;

    // Directly on MariaDB, probed the same way: what the machine and the
    // server cost a `SELECT 1` during such a load without squeeze.
    let (direct, out, base) =
        load_while_probing(db.port, db.port, schema, load_sql(&file, "plain")).await;
    assert!(
        out.status.success(),
        "direct load: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (through, out, seen) =
        load_while_probing(sq.port, sq.port, schema, load_sql(&file, "docs")).await;
    assert!(
        out.status.success(),
        "load through squeeze failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!(
        "{file_mb:.1} MB file: direct {direct:?}, through squeeze {through:?} ({:.2}x)\n\
         worst latency through squeeze: SELECT 1 {:?}, new connection + SELECT 1 {:?} ({} queries), greeting {:?} ({} connections)\n\
         worst latency directly on MariaDB during the direct load: SELECT 1 {:?}, new connection + SELECT 1 {:?} ({} queries), greeting {:?}",
        through.as_secs_f64() / direct.as_secs_f64(),
        seen.select,
        seen.connect,
        seen.queries,
        seen.greeting,
        seen.greetings,
        base.select,
        base.connect,
        base.queries,
        base.greeting,
    );
    assert!(
        seen.queries > 20 && seen.greetings > 10,
        "the probes ran during the load"
    );
    // The greeting involves squeeze's worker and nothing else.
    assert!(
        seen.greeting < Duration::from_millis(100),
        "worst handshake greeting latency during the load was {:?}",
        seen.greeting
    );
    // A query also waits for MariaDB, which on a busy machine stalls
    // `SELECT 1` during such a load by itself: then squeeze may add at
    // most 100 ms to what MariaDB showed directly.
    let bound =
        Duration::from_millis(100).max(base.select.max(base.connect) + Duration::from_millis(100));
    let worst = seen.select.max(seen.connect);
    assert!(
        worst < bound,
        "worst SELECT 1 / connect latency during the load was {worst:?} (directly on MariaDB: {:?})",
        base.select.max(base.connect)
    );

    // Stored compressed on MariaDB itself.
    let stored = db.root_sql(&format!(
        "SELECT id, LEFT(doc, 1) = UNHEX('F5'), LENGTH(doc) FROM {schema}.docs ORDER BY id"
    ));
    let rows: Vec<Vec<&str>> = stored
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), docs.len(), "{stored}");
    for (row, (id, doc)) in rows.iter().zip(&docs) {
        assert_eq!(row[0], id.to_string());
        assert_eq!(row[1], "1", "id {id} is stored compressed: {stored}");
        let len: usize = row[2].parse().unwrap();
        assert!(len < doc.len(), "id {id}: {len} stored bytes");
    }

    // Read back through squeeze, byte for byte.
    let mut conn = dump::connect(sq.port, Some(schema)).await;
    let back: Vec<(i64, Vec<u8>)> = conn
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(back.len(), docs.len());
    for ((id, got), (want_id, want)) in back.iter().zip(&docs) {
        assert_eq!(id, want_id);
        assert_eq!(
            sha(got),
            sha(want),
            "id {id}: {} bytes read back, {} written",
            got.len(),
            want.len()
        );
    }
    conn.disconnect().await.unwrap();
}

/// A client killed in the middle of a big load leaves squeeze idle (its
/// CPU time stops growing) within a second, and nothing of the file stays
/// in the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_killed_mid_load_leaves_squeeze_idle_within_a_second() {
    let _alone = HEAVY.lock().await;
    let db = MariaDb::shared();
    let schema = "load_big_kill";
    let sq = one_worker_proxy(db, schema);
    let docs = documents();
    let (_dir, file) = temp_file("big.tsv");
    write_tsv(&file, &docs);
    let hz = ticks_per_second();
    let pid = sq.pid();

    let before = cpu_ticks(pid);
    let mut cli = spawn_cli(sq.port, schema, &load_sql(&file, "docs"));
    // Kill once squeeze has clearly started working on the file.
    let started = Instant::now();
    while cpu_ticks(pid) - before < (0.3 * hz) as u64 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "squeeze never got busy"
        );
        assert!(
            cli.try_wait().unwrap().is_none(),
            "the load ended before the kill"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let busy_for = started.elapsed();
    cli.kill().unwrap();
    cli.wait().unwrap();
    let killed = Instant::now();
    std::thread::sleep(Duration::from_secs(1));
    let t1 = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(1));
    let t2 = cpu_ticks(pid);
    let cpu_after = (t2 - t1) as f64 / hz;
    eprintln!(
        "killed the client after {busy_for:?}; squeeze CPU in the second after the first: {cpu_after:.2} s (checked {:?} after the kill)",
        killed.elapsed()
    );
    assert!(
        cpu_after < 0.1,
        "squeeze used {cpu_after:.2} s of CPU in the second second after the client was killed"
    );
    let mut sq = sq;
    sq.assert_alive();
    // The aborted statement left nothing behind (the backend connection
    // was closed, InnoDB rolled it back).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let n = db.root_sql(&format!("SELECT COUNT(*) FROM {schema}.docs"));
        if n.lines().nth(1) == Some("0") {
            break;
        }
        assert!(Instant::now() < deadline, "rows left after the kill: {n}");
        std::thread::sleep(Duration::from_millis(100));
    }
    // And the proxy still serves.
    let mut conn = dump::connect(sq.port, Some(schema)).await;
    let one: Option<i64> = conn.query_first("SELECT 1").await.unwrap();
    assert_eq!(one, Some(1));
}

/// `s` as a single-quoted SQL string literal.
fn sql_string(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + s.len() / 8 + 2);
    out.push(b'\'');
    for &b in s {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\'' => out.extend_from_slice(b"\\'"),
            _ => out.push(b),
        }
    }
    out.push(b'\'');
    out
}

/// Runs `statements` on one connection to `port` while probing
/// `probe_port`; returns the wall time and what the probes saw.
async fn insert_while_probing(
    port: u16,
    probe_port: u16,
    schema: &'static str,
    statements: &[String],
) -> (Duration, Probed) {
    let (took, (), seen) = while_probing(probe_port, schema, async {
        let mut conn = dump::connect(port, Some(schema)).await;
        for sql in statements {
            conn.query_drop(sql.as_str()).await.unwrap();
        }
        conn.disconnect().await.unwrap();
    })
    .await;
    (took, seen)
}

/// A multi-row INSERT of 12 MB of documents (and one with a single 6 MB
/// value) through squeeze, with every session on one worker: it is
/// planned and compressed off that worker, so new connections get their
/// greeting and `SELECT 1` on four other connections answers within 100
/// ms (or, when the machine itself stalls them longer during the same
/// inserts made directly on MariaDB, within 100 ms of that); the documents
/// are stored compressed and read back byte-identical. (Planned on the
/// worker, the greeting waited 544 ms on a quiet machine.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_multi_row_insert_never_stalls_its_worker_and_reads_back_identical() {
    let _alone = HEAVY.lock().await;
    let db = MariaDb::shared();
    let schema = "insert_big";
    let sq = one_worker_proxy(db, schema);
    let many: Vec<(i64, Vec<u8>)> = (1..=120)
        .map(|i| (i, json_doc(100_000, i as u64)))
        .collect();
    let one = vec![(1000, json_doc(6_000_000, 1000))];
    let statements = |table: &str| -> Vec<String> {
        [&many, &one]
            .iter()
            .map(|docs| {
                let mut sql = format!("INSERT INTO {table} (id, doc) VALUES ").into_bytes();
                for (k, (id, doc)) in docs.iter().enumerate() {
                    if k > 0 {
                        sql.push(b',');
                    }
                    sql.extend_from_slice(format!("({id},").as_bytes());
                    sql.extend_from_slice(&sql_string(doc));
                    sql.push(b')');
                }
                String::from_utf8(sql).unwrap()
            })
            .collect()
    };

    let (direct, base) = insert_while_probing(db.port, db.port, schema, &statements("plain")).await;
    let to_squeeze = statements("docs");
    let (took, seen) = insert_while_probing(sq.port, sq.port, schema, &to_squeeze).await;
    let mb = to_squeeze.iter().map(String::len).sum::<usize>() as f64 / 1e6;
    eprintln!(
        "{mb:.1} MB of INSERT text: direct {direct:?}, through squeeze {took:?}\n\
         worst latency through squeeze: SELECT 1 {:?}, new connection + SELECT 1 {:?} ({} queries), greeting {:?} ({} connections)\n\
         worst latency directly on MariaDB during the direct inserts: SELECT 1 {:?}, new connection + SELECT 1 {:?}, greeting {:?}",
        seen.select, seen.connect, seen.queries, seen.greeting, seen.greetings,
        base.select, base.connect, base.greeting,
    );
    assert!(
        seen.queries > 4 && seen.greetings > 2,
        "the probes ran during the inserts"
    );
    let slack = Duration::from_millis(100);
    assert!(
        seen.greeting < slack.max(base.greeting + slack),
        "worst handshake greeting latency during the inserts was {:?} (MariaDB's own greeting during them directly: {:?})",
        seen.greeting,
        base.greeting
    );
    let worst = seen.select.max(seen.connect);
    let base_worst = base.select.max(base.connect);
    assert!(
        worst < slack.max(base_worst + slack),
        "worst SELECT 1 / connect latency during the inserts was {worst:?} (directly on MariaDB: {base_worst:?})"
    );

    let all: Vec<&(i64, Vec<u8>)> = many.iter().chain(one.iter()).collect();
    let stored = db.root_sql(&format!(
        "SELECT COUNT(*), SUM(LENGTH(doc)) FROM {schema}.docs WHERE LEFT(doc, 1) = UNHEX('F5')"
    ));
    let stored: Vec<u64> = stored
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .map(|v| v.trim().parse().unwrap())
        .collect();
    assert_eq!(
        stored[0],
        all.len() as u64,
        "every document is stored compressed"
    );
    let raw: usize = all.iter().map(|(_, d)| d.len()).sum();
    assert!(
        (stored[1] as usize) < raw / 2,
        "{} bytes stored for {raw}",
        stored[1]
    );
    let mut conn = dump::connect(sq.port, Some(schema)).await;
    let back: Vec<(i64, Vec<u8>)> = conn
        .query("SELECT id, doc FROM docs ORDER BY id")
        .await
        .unwrap();
    assert_eq!(back.len(), all.len());
    for ((id, got), (want_id, want)) in back.iter().zip(all) {
        assert_eq!(id, want_id);
        assert_eq!(sha(got), sha(want), "id {id}");
    }
    conn.disconnect().await.unwrap();
}
