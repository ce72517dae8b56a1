//! A compressed column seen by many clients: every document of the three
//! shipped corpora is written through squeeze by one client and read back,
//! byte-exact, by every client; the backend really holds compressed values;
//! the `mariadb` CLI and `mariadb-dump` (dump and restore) see plain JSON.
//!
//! Clients (writer modes = reader modes):
//! - mysql_async: `text` (COM_QUERY with an escaped literal), `binary` (exec with params)
//! - Python (`tests/clients/python/compressed_client.py`): PyMySQL (`pymysql`,
//!   client-side escaping), mysql-connector-python prepared cursor (`connector`)
//! - Node (`tests/clients/node`): mysql2 `query` and `execute`
//! - Go (`tests/clients/go`): go-sql-driver/mysql default (`prepared`,
//!   server-side prepared statements) and `interpolateParams=true` (`interpolate`)
//! - Java (`tests/clients/java`): Connector/J `useServerPrepStmts=true`
//!   (`server`) and `false` (`client`), both in one JVM
//!
//! Each external program is started once and takes commands on stdin
//! (`write MODE FILE` / `read MODE`), answering `row MODE ID HEX` lines and
//! `ok MODE N` / `err MODE MESSAGE`. A missing runtime or dependency is a
//! failure that says to run `scripts/install-deps.sh`, never a skip.
mod support;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use support::{
    dump, http_get, mariadb_cli, require_bin, MariaDb, Squeeze, TestServer, APP_PASS, APP_USER,
};

const HINT: &str = "run `bash scripts/install-deps.sh` (installs/locks the Node, Go, Java and Python client dependencies)";
const DB: &str = "cc";
const RESTORE_DB: &str = "cc_restore";
/// Values shorter than this are stored uncompressed (codec DEFAULT_MIN_SIZE).
const MIN_SIZE: usize = 64;
const CORPORA: [&str; 3] = [
    "reddit_comments_t1.ndjson",
    "gsoc2018_projects.ndjson",
    "usgs_earthquakes.ndjson",
];

/// (program, mode): the writers, in the order the corpus is dealt to them.
const CLIENTS: [(&str, &str); 10] = [
    ("rust", "text"),
    ("rust", "binary"),
    ("python", "pymysql"),
    ("python", "connector"),
    ("node", "query"),
    ("node", "execute"),
    ("go", "interpolate"),
    ("go", "prepared"),
    ("java", "client"),
    ("java", "server"),
];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Doc {
    corpus: &'static str,
    bytes: Vec<u8>,
}

/// All documents, keyed by id: writer `w` (index into CLIENTS) gets every
/// 10th document of the concatenated corpora, with ids `(w+1)*1000 + k`.
fn corpus() -> BTreeMap<u64, (usize, Doc)> {
    let mut all = Vec::new();
    for c in CORPORA {
        let text = std::fs::read(repo().join("tests/data").join(c)).unwrap();
        for l in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            all.push(Doc {
                corpus: c,
                bytes: l.to_vec(),
            });
        }
    }
    assert!(all.len() >= 500, "corpora have {} documents", all.len());
    let mut seq = [0u64; CLIENTS.len()];
    let mut out = BTreeMap::new();
    for (i, d) in all.into_iter().enumerate() {
        let w = i % CLIENTS.len();
        let id = (w as u64 + 1) * 1000 + seq[w];
        seq[w] += 1;
        out.insert(id, (w, d));
    }
    out
}

/// (id, doc) as a reader saw them.
type Rows = Vec<(u64, Option<Vec<u8>>)>;

/// A client program in another language, driven over stdin/stdout.
struct External {
    name: &'static str,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    stderr: PathBuf,
}

impl External {
    fn spawn(name: &'static str, mut cmd: Command, dir: &Path) -> External {
        let stderr = dir.join(format!("{name}.stderr"));
        let f = std::fs::File::create(&stderr).unwrap();
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(f)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the {name} client {cmd:?}: {e}; {HINT}"));
        External {
            name,
            stdin: child.stdin.take().unwrap(),
            stdout: BufReader::new(child.stdout.take().unwrap()),
            child,
            stderr,
        }
    }

    /// Sends one command; returns the `row` lines' (id, bytes), or the error.
    fn call(&mut self, cmd: &str) -> Result<Rows, String> {
        if let Err(e) = writeln!(self.stdin, "{cmd}").and_then(|_| self.stdin.flush()) {
            return Err(format!(
                "{}: cannot send {cmd:?}: {e}; stderr:\n{}",
                self.name,
                self.stderr_text()
            ));
        }
        let mut rows = Vec::new();
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).unwrap_or(0);
            if n == 0 {
                let st = self.child.try_wait().ok().flatten();
                return Err(format!(
                    "{}: exited ({st:?}) during {cmd:?}; stderr:\n{}",
                    self.name,
                    self.stderr_text()
                ));
            }
            let l = line.trim_end_matches('\n');
            let mut f = l.splitn(4, ' ');
            match f.next() {
                Some("row") => {
                    let _mode = f.next();
                    let id: u64 = f.next().and_then(|x| x.parse().ok()).unwrap_or_else(|| {
                        panic!("{}: bad row line {:?}", self.name, &l[..l.len().min(200)])
                    });
                    let v = f.next().unwrap_or("");
                    let v =
                        if v == "NULL" {
                            None
                        } else {
                            Some(hex::decode(v).unwrap_or_else(|e| {
                                panic!("{}: bad hex for id {id}: {e}", self.name)
                            }))
                        };
                    rows.push((id, v));
                }
                Some("ok") => return Ok(rows),
                Some("err") => {
                    return Err(format!(
                        "{}: {cmd:?} failed: {l}\nstderr:\n{}",
                        self.name,
                        self.stderr_text()
                    ))
                }
                _ => eprintln!("{}: {l}", self.name),
            }
        }
    }

    fn stderr_text(&self) -> String {
        let s = std::fs::read(&self.stderr).unwrap_or_default();
        let s = String::from_utf8_lossy(&s);
        s[s.len().saturating_sub(4000)..].to_string()
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_python(port: u16, dir: &Path) -> External {
    let py = repo().join(".venv/bin/python");
    assert!(py.is_file(), "{} not found: {HINT}", py.display());
    for m in ["pymysql", "mysql.connector"] {
        let ok = Command::new(&py)
            .args(["-c", &format!("import {m}")])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        assert!(ok, "python module `{m}` missing in .venv: {HINT}");
    }
    let mut cmd = Command::new(py);
    cmd.arg(repo().join("tests/clients/python/compressed_client.py"));
    cmd.args(conn_args(port));
    External::spawn("python", cmd, dir)
}

fn start_node(port: u16, dir: &Path) -> External {
    let node = require_bin(
        "node",
        &format!("install Node.js (apt-get install -y nodejs npm) and {HINT}"),
    );
    let cdir = repo().join("tests/clients/node");
    assert!(
        cdir.join("node_modules/mysql2/package.json").is_file(),
        "mysql2 not installed in {}/node_modules: {HINT}",
        cdir.display()
    );
    let mut cmd = Command::new(node);
    cmd.current_dir(&cdir)
        .arg("compressed_client.js")
        .args(conn_args(port));
    External::spawn("node", cmd, dir)
}

fn start_go(port: u16, dir: &Path) -> External {
    let go = require_bin(
        "go",
        &format!("install Go (apt-get install -y golang, or /usr/local/go) and {HINT}"),
    );
    let cdir = repo().join("tests/clients/go");
    let bin = cdir.join("go-client");
    // Offline: modules must already be in the module cache (install-deps.sh).
    let out = Command::new(go)
        .current_dir(&cdir)
        .env("GOFLAGS", "-mod=readonly -buildvcs=false")
        .env("GOPROXY", "off")
        .args(["build", "-o"])
        .arg(&bin)
        .arg(".")
        .output()
        .expect("run go build");
    assert!(
        out.status.success(),
        "go build of {} failed ({HINT}):\n{}",
        cdir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut cmd = Command::new(bin);
    cmd.args(conn_args(port));
    External::spawn("go", cmd, dir)
}

fn start_java(port: u16, dir: &Path) -> External {
    let java = require_bin(
        "java",
        &format!("install a JDK (apt-get install -y default-jdk maven) and {HINT}"),
    );
    let lib = repo().join(".test-deps/java/lib");
    let jars: Vec<PathBuf> = std::fs::read_dir(&lib)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jar"))
                .collect()
        })
        .unwrap_or_default();
    assert!(
        jars.iter().any(|j| j
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("mysql-connector-j-")),
        "Connector/J jar not found in {}: {HINT}",
        lib.display()
    );
    let cp = std::env::join_paths(&jars).unwrap();
    let mut cmd = Command::new(java);
    cmd.arg("-cp")
        .arg(cp)
        .arg("-XX:TieredStopAtLevel=1")
        .arg("-Xshare:auto")
        .arg(repo().join("tests/clients/java/src/main/java/CompressedClient.java"))
        .args(conn_args(port));
    External::spawn("java", cmd, dir)
}

/// (COM_QUERY, COM_STMT_EXECUTE) commands squeeze has seen so far, from its
/// metrics; used to check that each mode really uses the protocol it names.
fn command_counts(sq: &Squeeze) -> (u64, u64) {
    // The counter is bumped just after the response is relayed.
    std::thread::sleep(std::time::Duration::from_millis(50));
    let (_, body) = http_get(&sq.admin_addr(), "/metrics");
    let sum = |cmd: &str| -> u64 {
        body.lines()
            .filter(|l| {
                l.starts_with("squeeze_commands_total{")
                    && l.contains(&format!("command=\"{cmd}\""))
            })
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum::<f64>() as u64
    };
    (sum("query"), sum("stmt_execute"))
}

fn prepared_mode(mode: &str) -> bool {
    matches!(
        mode,
        "binary" | "connector" | "execute" | "prepared" | "server"
    )
}

/// Checks the command deltas of one step: prepared modes must have sent at
/// least `n` COM_STMT_EXECUTE, text modes none and at least `n` COM_QUERY.
fn check_protocol(
    step: &str,
    mode: &str,
    n: u64,
    before: (u64, u64),
    after: (u64, u64),
    failures: &mut Vec<String>,
) {
    let (q, x) = (after.0 - before.0, after.1 - before.1);
    eprintln!("    {step}: squeeze saw {q} COM_QUERY, {x} COM_STMT_EXECUTE");
    let ok = if prepared_mode(mode) {
        x >= n
    } else {
        x == 0 && q >= n
    };
    if !ok {
        failures.push(format!(
            "{step}: expected {} but squeeze counted {q} COM_QUERY and {x} COM_STMT_EXECUTE",
            if prepared_mode(mode) {
                format!(">= {n} COM_STMT_EXECUTE")
            } else {
                format!(">= {n} COM_QUERY and no COM_STMT_EXECUTE")
            }
        ));
    }
}

fn conn_args(port: u16) -> Vec<String> {
    vec![
        "127.0.0.1".into(),
        port.to_string(),
        APP_USER.into(),
        APP_PASS.into(),
        DB.into(),
    ]
}

/// A MySQL string literal (backslash escapes, as mysql_real_escape_string).
fn sql_literal(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() + 16);
    s.push('\'');
    for ch in std::str::from_utf8(b).expect("corpus is UTF-8").chars() {
        match ch {
            '\0' => s.push_str("\\0"),
            '\'' => s.push_str("\\'"),
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            '\x1a' => s.push_str("\\Z"),
            c => s.push(c),
        }
    }
    s.push('\'');
    s
}

async fn rust_conn(port: u16, db: &str) -> Conn {
    Conn::new(Opts::from(dump::opts(port, APP_USER, APP_PASS, Some(db))))
        .await
        .unwrap_or_else(|e| panic!("mysql_async connect to {port}: {e}"))
}

async fn rust_write(port: u16, mode: &str, docs: &[(u64, &[u8])]) -> Result<(), String> {
    let mut c = rust_conn(port, DB).await;
    let src = format!("rust-{mode}");
    for (id, d) in docs {
        let r = match mode {
            "text" => {
                c.query_drop(format!(
                    "INSERT INTO docs (id, src, doc) VALUES ({id}, '{src}', {})",
                    sql_literal(d)
                ))
                .await
            }
            _ => {
                c.exec_drop(
                    "INSERT INTO docs (id, src, doc) VALUES (?, ?, ?)",
                    (*id, &src, d.to_vec()),
                )
                .await
            }
        };
        r.map_err(|e| format!("rust {mode}: insert id {id}: {e}"))?;
    }
    c.disconnect().await.map_err(|e| e.to_string())
}

async fn rust_read(port: u16, db: &str, mode: &str) -> Result<Rows, String> {
    let mut c = rust_conn(port, db).await;
    let r: Result<Rows, _> = match mode {
        "text" => c.query("SELECT id, doc FROM docs ORDER BY id").await,
        _ => {
            c.exec(
                "SELECT id, doc FROM docs WHERE id >= ? ORDER BY id",
                (0u64,),
            )
            .await
        }
    };
    let _ = c.disconnect().await;
    r.map_err(|e| format!("rust {mode}: read: {e}"))
}

fn show(b: &[u8]) -> String {
    let s: String = String::from_utf8_lossy(b).chars().take(160).collect();
    format!("{s:?}")
}

/// Where two byte strings first differ, with context.
fn first_diff(want: &[u8], got: &[u8]) -> String {
    let at = want
        .iter()
        .zip(got)
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()));
    let from = at.saturating_sub(40);
    format!(
        "lengths want {} got {}, first difference at byte {at}: want {} got {}",
        want.len(),
        got.len(),
        show(&want[from..want.len().min(at + 80)]),
        show(&got[from..got.len().min(at + 80)])
    )
}

/// Compares what a reader got with the source documents.
fn check_rows(
    reader: &str,
    rows: &Rows,
    docs: &BTreeMap<u64, (usize, Doc)>,
    failures: &mut Vec<String>,
) {
    let mut problems = Vec::new();
    let got: BTreeMap<u64, &Option<Vec<u8>>> = rows.iter().map(|(i, v)| (*i, v)).collect();
    if got.len() != rows.len() {
        problems.push(format!(
            "{} rows but {} distinct ids",
            rows.len(),
            got.len()
        ));
    }
    for (id, (w, d)) in docs {
        let writer = format!("{}/{}", CLIENTS[*w].0, CLIENTS[*w].1);
        match got.get(id) {
            None => problems.push(format!("id {id} (written by {writer}) missing")),
            Some(None) => problems.push(format!("id {id} (written by {writer}): NULL")),
            Some(Some(v)) if *v != d.bytes => problems.push(format!(
                "id {id} (written by {writer}, {}): {}",
                d.corpus,
                first_diff(&d.bytes, v)
            )),
            _ => {}
        }
    }
    for id in got.keys().filter(|i| !docs.contains_key(i)) {
        problems.push(format!("unexpected id {id}"));
    }
    if !problems.is_empty() {
        let n = problems.len();
        problems.truncate(6);
        failures.push(format!(
            "reader {reader}: {n} problem(s) over {} rows, first ones:\n  {}",
            rows.len(),
            problems.join("\n  ")
        ));
    }
}

/// Directly on MariaDB: (id, first byte, length) of the stored values.
fn stored(db: &dyn TestServer, schema: &str) -> Vec<(u64, u32, usize)> {
    db.root_sql(&format!(
        "SELECT id, ASCII(doc), LENGTH(doc) FROM `{schema}`.docs ORDER BY id"
    ))
    .lines()
    .skip(1)
    .map(|l| {
        let f: Vec<&str> = l.split('\t').collect();
        (
            f[0].parse().unwrap(),
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
        )
    })
    .collect()
}

fn check_stored(
    db: &dyn TestServer,
    schema: &str,
    docs: &BTreeMap<u64, (usize, Doc)>,
    failures: &mut Vec<String>,
) {
    let st = stored(db, schema);
    let mut bad = Vec::new();
    let (mut raw, mut comp) = (0usize, 0usize);
    for (id, first, len) in &st {
        let Some((w, d)) = docs.get(id) else { continue };
        raw += d.bytes.len();
        comp += len;
        if d.bytes.len() >= MIN_SIZE && *first != 0xF5 {
            bad.push(format!(
                "id {id} (written by {}/{}, {} bytes): stored first byte 0x{first:02x}, length {len}",
                CLIENTS[*w].0, CLIENTS[*w].1, d.bytes.len()
            ));
        }
    }
    if st.len() != docs.len() {
        failures.push(format!(
            "{schema}.docs holds {} rows on MariaDB, expected {}",
            st.len(),
            docs.len()
        ));
    }
    if !bad.is_empty() {
        let n = bad.len();
        bad.truncate(8);
        failures.push(format!(
            "{schema}.docs: {n} value(s) not stored compressed (no 0xF5 prefix) on MariaDB:\n  {}",
            bad.join("\n  ")
        ));
    }
    eprintln!(
        "{schema}.docs on MariaDB: {} rows, {raw} document bytes stored as {comp} bytes ({:.2}x)",
        st.len(),
        raw as f64 / comp.max(1) as f64
    );
}

fn run_dump(port: u16, extra: &[&str], db: &str, table: &str) -> Vec<u8> {
    let bin = require_bin(
        "mariadb-dump",
        "install it with: apt-get install -y mariadb-client (or run scripts/install-deps.sh)",
    );
    let out = Command::new(bin)
        .arg("--no-defaults")
        .arg("-h127.0.0.1")
        .arg(format!("-P{port}"))
        .arg(format!("-u{APP_USER}"))
        .arg(format!("-p{APP_PASS}"))
        .arg("--default-character-set=utf8mb4")
        .arg("--skip-dump-date")
        .args(extra)
        .arg(db)
        .arg(table)
        .output()
        .expect("run mariadb-dump");
    assert!(
        out.status.success(),
        "mariadb-dump {db}.{table} on port {port} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn lines(b: &[u8]) -> Vec<&[u8]> {
    b.split(|&c| c == b'\n').collect()
}

/// The data lines of a dump: `INSERT INTO ... VALUES` headers and the row
/// lines. MariaDB 10.11's dump writes an extended INSERT as a header line
/// followed by one line per row, each starting with `(`; with
/// --skip-extended-insert each row is a whole `INSERT INTO ... VALUES (...);`
/// line. Values are escaped (a newline is `\n`), so every row is one line.
fn is_data(l: &&[u8]) -> bool {
    l.starts_with(b"INSERT INTO ") || l.starts_with(b"(")
}

fn row_count(data: &[&[u8]]) -> usize {
    data.iter()
        .filter(|l| {
            l.starts_with(b"(")
                || (l.starts_with(b"INSERT INTO ") && l.windows(8).any(|w| w == b"VALUES ("))
        })
        .count()
}

/// Compares the data lines (INSERTs and rows) of a dump through squeeze with
/// those of the plain LONGTEXT table's dump, after renaming `plain_docs` to
/// `docs`. Only the data must match: the CREATE TABLE differs by design (the
/// backend column of the compressed table is LONGBLOB, the plain one
/// LONGTEXT); those differences are printed, not failed.
fn compare_dumps(
    what: &str,
    proxied: &[u8],
    plain: &[u8],
    rows: usize,
    failures: &mut Vec<String>,
) {
    let plain = String::from_utf8_lossy(plain)
        .replace("`plain_docs`", "`docs`")
        .into_bytes();
    let p: Vec<&[u8]> = lines(proxied).into_iter().filter(is_data).collect();
    let d: Vec<&[u8]> = lines(&plain).into_iter().filter(is_data).collect();
    if row_count(&p) != rows || row_count(&d) != rows {
        failures.push(format!(
            "{what}: {} rows in the dump through squeeze, {} in the plain table's, expected {rows}",
            row_count(&p),
            row_count(&d)
        ));
    }
    if p.len() != d.len() {
        failures.push(format!(
            "{what}: {} data lines through squeeze vs {} from the plain table",
            p.len(),
            d.len()
        ));
    }
    for (i, (a, b)) in p.iter().zip(&d).enumerate() {
        if a != b {
            failures.push(format!(
                "{what}: data line {i} differs (plain-table dump = want, through squeeze = got): {}",
                first_diff(b, a)
            ));
            break;
        }
    }
    let po: Vec<&[u8]> = lines(proxied).into_iter().filter(|l| !is_data(l)).collect();
    let dp: Vec<&[u8]> = lines(&plain).into_iter().filter(|l| !is_data(l)).collect();
    for (a, b) in po.iter().zip(&dp).filter(|(a, b)| a != b) {
        eprintln!(
            "{what}: non-data line differs: through squeeze {} / plain table {}",
            show(a),
            show(b)
        );
    }
    if po.len() != dp.len() {
        eprintln!(
            "{what}: {} non-data lines through squeeze, {} from the plain table",
            po.len(),
            dp.len()
        );
    }
    eprintln!(
        "{what}: {} data lines, {} rows, {} bytes identical",
        p.len(),
        row_count(&p),
        p.iter().map(|l| l.len()).sum::<usize>()
    );
}

/// Steps 1 and 2 of the test, for any server: every (program, mode) writes
/// its share of the documents through squeeze, the backend holds them
/// compressed, and every (program, mode) reads all of them back byte-exact.
/// Returns the failures.
fn writes_and_reads_by_every_client(
    db: &dyn TestServer,
    sq: &mut Squeeze,
    docs: &BTreeMap<u64, (usize, Doc)>,
    tmp: &Path,
    rt: &tokio::runtime::Runtime,
    t0: Instant,
) -> Vec<String> {
    // Start every external program first (JVM / Go build overlap the rest).
    let mut ext: BTreeMap<&str, External> = BTreeMap::new();
    ext.insert("java", start_java(sq.port, tmp));
    ext.insert("go", start_go(sq.port, tmp));
    ext.insert("node", start_node(sq.port, tmp));
    ext.insert("python", start_python(sq.port, tmp));
    eprintln!("[{:.1}s] clients started", t0.elapsed().as_secs_f64());

    let mut failures: Vec<String> = Vec::new();

    // 1. Writes: each (program, mode) inserts its share.
    for (w, (prog, mode)) in CLIENTS.iter().enumerate() {
        let share: Vec<(u64, &[u8])> = docs
            .iter()
            .filter(|(_, (ww, _))| *ww == w)
            .map(|(id, (_, d))| (*id, d.bytes.as_slice()))
            .collect();
        let t = Instant::now();
        let before = command_counts(sq);
        let r = if *prog == "rust" {
            rt.block_on(rust_write(sq.port, mode, &share))
        } else {
            let file = tmp.join(format!("{prog}-{mode}.tsv"));
            let mut text = String::new();
            for (id, d) in &share {
                text.push_str(&format!("{id}\t{}\n", hex::encode(d)));
            }
            std::fs::write(&file, text).unwrap();
            ext.get_mut(prog)
                .unwrap()
                .call(&format!("write {mode} {}", file.display()))
                .map(|_| ())
        };
        eprintln!(
            "[{:.1}s] write {prog}/{mode}: {} docs in {:.2}s",
            t0.elapsed().as_secs_f64(),
            share.len(),
            t.elapsed().as_secs_f64()
        );
        match r {
            Err(e) => failures.push(format!("writer {prog}/{mode}: {e}")),
            Ok(()) => check_protocol(
                &format!("writer {prog}/{mode}"),
                mode,
                share.len() as u64,
                before,
                command_counts(sq),
                &mut failures,
            ),
        }
    }
    sq.assert_alive();

    // The backend really holds compressed values.
    check_stored(db, DB, docs, &mut failures);

    // 2. Reads: every (program, mode) reads all rows.
    for (prog, mode) in CLIENTS {
        let t = Instant::now();
        let before = command_counts(sq);
        let r = if prog == "rust" {
            rt.block_on(rust_read(sq.port, DB, mode))
        } else {
            ext.get_mut(prog).unwrap().call(&format!("read {mode}"))
        };
        eprintln!(
            "[{:.1}s] read {prog}/{mode} in {:.2}s",
            t0.elapsed().as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
        match r {
            Ok(rows) => {
                check_protocol(
                    &format!("reader {prog}/{mode}"),
                    mode,
                    1,
                    before,
                    command_counts(sq),
                    &mut failures,
                );
                check_rows(&format!("{prog}/{mode}"), &rows, docs, &mut failures)
            }
            Err(e) => failures.push(format!("reader {prog}/{mode}: {e}")),
        }
    }
    drop(ext);
    sq.assert_alive();

    failures
}

#[test]
fn compressed_column_through_every_client() {
    let t0 = Instant::now();
    let docs = corpus();
    let db = MariaDb::shared();
    db.fresh_db(DB);
    db.fresh_db(RESTORE_DB);
    db.root_sql(&format!(
        "CREATE TABLE `{DB}`.docs (id BIGINT PRIMARY KEY, src VARCHAR(20), doc LONGBLOB);
         CREATE TABLE `{DB}`.plain_docs (id BIGINT PRIMARY KEY, src VARCHAR(20), doc LONGTEXT) CHARSET utf8mb4;"
    ));
    let dicts = repo().join("dictionaries").display().to_string();
    let c1 = format!("{DB}.docs.doc=reddit_comments");
    let c2 = format!("{RESTORE_DB}.docs.doc=reddit_comments");
    let mut sq = Squeeze::for_db(
        db,
        &[
            "--dictionaries",
            &dicts,
            "--compress",
            &c1,
            "--compress",
            &c2,
        ],
    );
    let tmp = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();

    let mut failures = writes_and_reads_by_every_client(db, &mut sq, &docs, tmp.path(), &rt, t0);

    // 3. The mariadb CLI (--raw -N) reads one document per writer byte-exact.
    let picks: Vec<u64> = (0..CLIENTS.len())
        .filter_map(|w| docs.iter().find(|(_, (ww, _))| *ww == w).map(|(id, _)| *id))
        .chain(
            docs.iter()
                .max_by_key(|(_, (_, d))| d.bytes.len())
                .map(|(id, _)| *id),
        )
        .collect();
    let ids: Vec<String> = picks.iter().map(|i| i.to_string()).collect();
    let (ok, out, err) = mariadb_cli(
        sq.port,
        &["--raw", "-N", DB],
        &format!(
            "SELECT doc FROM docs WHERE id IN ({}) ORDER BY id",
            ids.join(",")
        ),
    );
    let mut sorted = picks.clone();
    sorted.sort();
    sorted.dedup();
    let mut want = Vec::new();
    for id in &sorted {
        want.extend_from_slice(&docs[id].1.bytes);
        want.push(b'\n');
    }
    if !ok {
        failures.push(format!("mariadb CLI read failed: {err}"));
    } else if out != want {
        failures.push(format!(
            "mariadb CLI --raw -N read of ids {ids:?}: {}",
            first_diff(&want, &out)
        ));
    }
    eprintln!(
        "[{:.1}s] mariadb CLI read {} docs",
        t0.elapsed().as_secs_f64(),
        sorted.len()
    );

    // 4. mariadb-dump through squeeze == dump of a plain LONGTEXT copy.
    rt.block_on(async {
        let mut direct = rust_conn(db.port, DB).await;
        let srcs: Vec<(u64, String)> = direct
            .query("SELECT id, src FROM docs ORDER BY id")
            .await
            .unwrap();
        for (id, src) in srcs {
            let Some((_, d)) = docs.get(&id) else {
                continue;
            };
            direct
                .exec_drop(
                    "INSERT INTO plain_docs (id, src, doc) VALUES (?, ?, ?)",
                    (id, src, String::from_utf8(d.bytes.clone()).unwrap()),
                )
                .await
                .unwrap();
        }
        direct.disconnect().await.unwrap();
    });
    let dump_default = run_dump(sq.port, &[], DB, "docs");
    compare_dumps(
        "mariadb-dump (default options)",
        &dump_default,
        &run_dump(db.port, &[], DB, "plain_docs"),
        docs.len(),
        &mut failures,
    );
    // --hex-blob would write a column announced as binary as 0x...: through
    // squeeze the column is text (utf8mb4), so the rows must be plain strings.
    let hex_opts = ["--hex-blob", "--skip-extended-insert"];
    compare_dumps(
        "mariadb-dump --hex-blob --skip-extended-insert",
        &run_dump(sq.port, &hex_opts, DB, "docs"),
        &run_dump(db.port, &hex_opts, DB, "plain_docs"),
        docs.len(),
        &mut failures,
    );
    eprintln!("[{:.1}s] dumps compared", t0.elapsed().as_secs_f64());

    // 5. Restore the dump through squeeze into another compressed table.
    let mariadb = require_bin("mariadb", "apt-get install -y mariadb-client");
    let mut child = Command::new(mariadb)
        .arg("--no-defaults")
        .arg("-h127.0.0.1")
        .arg(format!("-P{}", sq.port))
        .arg(format!("-u{APP_USER}"))
        .arg(format!("-p{APP_PASS}"))
        .arg("--default-character-set=utf8mb4")
        .arg(RESTORE_DB)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let body = dump_default.clone();
    let feeder = std::thread::spawn(move || stdin.write_all(&body));
    let out = child.wait_with_output().unwrap();
    let _ = feeder.join();
    if !out.status.success() {
        failures.push(format!(
            "restoring the dump through squeeze into {RESTORE_DB} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    } else {
        let ty = db.root_sql(&format!(
            "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='{RESTORE_DB}' AND TABLE_NAME='docs' AND COLUMN_NAME='doc'"
        ));
        eprintln!(
            "restored {RESTORE_DB}.docs.doc column type on MariaDB: {}",
            ty.lines().nth(1).unwrap_or("?")
        );
        check_stored(db, RESTORE_DB, &docs, &mut failures);
        for mode in ["text", "binary"] {
            match rt.block_on(rust_read(sq.port, RESTORE_DB, mode)) {
                Ok(rows) => check_rows(
                    &format!("restored/rust/{mode}"),
                    &rows,
                    &docs,
                    &mut failures,
                ),
                Err(e) => failures.push(format!("reading the restored table ({mode}): {e}")),
            }
        }
    }
    eprintln!("[{:.1}s] restore checked", t0.elapsed().as_secs_f64());
    sq.assert_alive();

    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}\nsqueeze log tail:\n{}",
        failures.len(),
        failures.join("\n\n"),
        sq.log_tail()
    );
    eprintln!(
        "all {} documents byte-exact through {} client modes, CLI, dump and restore in {:.1}s",
        docs.len(),
        CLIENTS.len(),
        t0.elapsed().as_secs_f64()
    );
}

/// The same writes and reads by every client (Rust, Python, Node, Go,
/// Java; text and prepared) with TiDB as the backend.
#[test]
fn compressed_column_through_every_client_on_tidb() {
    let t0 = Instant::now();
    let docs = corpus();
    let db = support::tidb::TiDb::shared();
    db.fresh_db(DB);
    db.root_sql(&format!(
        "CREATE TABLE `{DB}`.docs (id BIGINT PRIMARY KEY, src VARCHAR(20), doc LONGBLOB)"
    ));
    let dicts = repo().join("dictionaries").display().to_string();
    let rule = format!("{DB}.docs.doc=reddit_comments");
    let mut sq = Squeeze::for_server(db, &["--dictionaries", &dicts, "--compress", &rule]);
    let tmp = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let failures = writes_and_reads_by_every_client(db, &mut sq, &docs, tmp.path(), &rt, t0);
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}\nsqueeze log tail:\n{}",
        failures.len(),
        failures.join("\n\n"),
        sq.log_tail()
    );
}
