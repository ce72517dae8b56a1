//! The soak run of issue 17, shared by `bench/soak` (10 minutes, a kill
//! every 2 minutes) and `tests/soak.rs` (60 s, 2 kills): client sessions of
//! mixed work through squeeze while MariaDB is SIGKILLed and restarted, then
//! a check of every write the clients made against what the server stores.
//!
//! Included with `#[path]` next to `mod support;` (it uses `crate::support`).
//!
//! Session kinds (session `i` runs `KINDS[i % 4]`):
//! * `txn-retry`: `BEGIN; INSERT a; INSERT b; COMMIT` (a pair sharing
//!   `pair_id`); on any error it reconnects and retries the transaction
//!   from `BEGIN` with the same ids until it commits (a duplicate key on the
//!   retry shows the earlier attempt committed).
//! * `txn-stmt-retry`: the same pairs, but on an error it sends the failed
//!   statement again on the same connection (while squeeze answers, until
//!   the server is back) and goes on to `COMMIT`: the writer that tore
//!   transactions before backend loss closed stateful sessions.
//! * `autocommit`: single-row INSERTs and UPDATEs of its own rows, one write
//!   in four read back through squeeze at once. The first such session
//!   uses only the text protocol, so it holds no server-side state and
//!   squeeze keeps it open across a backend loss (one ERR 1927, then a new
//!   backend connection); every second one also uses prepared statements
//!   for writes and read-backs (state: its connection is closed).
//! * `reader`: text and prepared point reads and short range reads of
//!   any acknowledged row, each value checked byte for byte.
//!
//! Every value is a function of (seed, id, version), so any value read can
//! be checked exactly, and the final check knows what each acknowledged
//! write must have left: lost = an acknowledged write absent or replaced by
//! an older version; torn = one row of a pair without the other; mismatched
//! = bytes read or stored that no write of that row carried.
//!
//! The server runs with `innodb_flush_log_at_trx_commit=1`
//! ([`MariaDb::start_durable`]): with the test harness's usual `0`, a kill
//! loses up to a second of acknowledged commits, and "lost" would measure
//! the server instead of squeeze.
// The test uses less of this than the bench does.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const DB: &str = "soak";
/// A statement that takes longer than this counts as a hang (an error).
const OP_TIMEOUT: Duration = Duration::from_secs(30);
/// How long the retrying writer may go on after the run to commit the
/// transaction it has in hand (it needs a server that is up).
const GRACE: Duration = Duration::from_secs(90);
/// How long MariaDB stays dead before it is restarted.
const DEAD_TIME: Duration = Duration::from_millis(1000);
/// How often `txn-stmt-retry` sends a failed statement again (200 ms
/// apart: longer than MariaDB takes to come back here).
const STATEMENT_RETRIES: u32 = 50;
/// Mismatch details printed (all are counted).
const MAX_DETAILS: usize = 20;

pub const USAGE: &str = "cargo bench --bench soak -- [--seconds N (600)] \
    [--kill-every K (120)] [--sessions N (8)] [--seed S (17)]";

#[derive(Debug, Clone)]
pub struct Options {
    pub seconds: u64,
    pub kill_every: u64,
    pub sessions: usize,
    pub seed: u64,
    /// Another squeeze executable than this build's (A/B of two commits).
    pub squeeze_bin: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seconds: 600,
            kill_every: 120,
            sessions: 8,
            seed: 17,
            squeeze_bin: None,
        }
    }
}

impl Options {
    /// Parses `--seconds`, `--kill-every`, `--sessions`, `--seed`; ignores
    /// the `--bench` flag cargo passes to benchmark programs. `SQUEEZE_BIN`
    /// in the environment names another squeeze executable.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options {
            squeeze_bin: std::env::var("SQUEEZE_BIN").ok(),
            ..Options::default()
        };
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            if a == "--bench" {
                continue;
            }
            let mut value = |name: &str| -> Result<u64, String> {
                let v = it.next().ok_or_else(|| format!("{name} needs a value"))?;
                v.parse::<u64>().map_err(|e| format!("{name} {v}: {e}"))
            };
            match a.as_str() {
                "--seconds" => o.seconds = value("--seconds")?,
                "--kill-every" => o.kill_every = value("--kill-every")?,
                "--sessions" => o.sessions = value("--sessions")? as usize,
                "--seed" => o.seed = value("--seed")?,
                other => return Err(format!("unknown argument {other}")),
            }
        }
        if o.seconds == 0 || o.kill_every == 0 || o.sessions == 0 || o.sessions > 256 {
            return Err("--seconds, --kill-every and --sessions (<= 256) must be positive".into());
        }
        Ok(o)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    TxnRetry,
    Autocommit,
    Reader,
    TxnStmtRetry,
}

/// The retrying writer comes first, so that any run has one.
const KINDS: [Kind; 4] = [
    Kind::TxnRetry,
    Kind::Autocommit,
    Kind::Reader,
    Kind::TxnStmtRetry,
];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::TxnRetry => "txn-retry",
            Kind::Autocommit => "autocommit",
            Kind::Reader => "reader",
            Kind::TxnStmtRetry => "txn-stmt-retry",
        }
    }
}

/// Per-kind counters.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    pub sessions: u64,
    /// Operations attempted (a transaction is one operation).
    pub ops: u64,
    /// Writes whose OK / COMMIT OK the client received; reads verified.
    pub acked: u64,
    /// Errors seen by statements, by code (`io`, `driver`, `timeout` for
    /// non-server errors).
    pub errors: BTreeMap<String, u64>,
    /// Connection attempts that failed (server down), by code.
    pub connect_errors: BTreeMap<String, u64>,
    pub reconnects: u64,
}

impl Stats {
    fn error(&mut self, e: &OpError) {
        *self.errors.entry(e.label()).or_default() += 1;
    }
    fn errors_total(&self) -> u64 {
        self.errors.values().sum()
    }
    fn merge(&mut self, o: &Stats) {
        self.sessions += o.sessions;
        self.ops += o.ops;
        self.acked += o.acked;
        self.reconnects += o.reconnects;
        for (k, v) in &o.errors {
            *self.errors.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &o.connect_errors {
            *self.connect_errors.entry(k.clone()).or_default() += v;
        }
    }
}

#[derive(Debug)]
pub struct Report {
    pub lost: u64,
    pub torn: u64,
    pub mismatched: u64,
    pub crashes: u64,
    pub max_rss_mb: f64,
    pub kills: u64,
    pub per_kind: BTreeMap<Kind, Stats>,
    /// Pairs whose COMMIT was acknowledged.
    pub pairs_acked: u64,
    /// Rows the final check compared.
    pub rows_checked: u64,
}

impl Report {
    pub fn clean(&self) -> bool {
        self.lost == 0 && self.torn == 0 && self.mismatched == 0 && self.crashes == 0
    }
}

/// What a writer knows about one of its rows.
#[derive(Debug, Default, Clone)]
struct RowRecord {
    /// Version of the last acknowledged write.
    acked: Option<u32>,
    /// Versions written after it whose outcome is unknown (an error).
    in_doubt: Vec<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PairStatus {
    /// COMMIT acknowledged.
    Acked,
    /// A retry met a duplicate key: an earlier attempt committed.
    Landed,
    /// Failed somewhere; both rows or neither may be stored.
    InDoubt,
}

#[derive(Debug, Clone)]
struct PairRecord {
    a: i64,
    b: i64,
    status: PairStatus,
}

/// What all sessions share.
struct Shared {
    corpus: Vec<Vec<u8>>,
    seed: u64,
    port: u16,
    deadline: Instant,
    hard_deadline: Instant,
    /// Set when squeeze exits: everything stops.
    abort: AtomicBool,
    /// Rows with an acknowledged insert (what readers read), and the
    /// highest version any write of a row carried (set before it is sent).
    readable: Mutex<Vec<i64>>,
    max_version: Mutex<HashMap<i64, u32>>,
    mismatched: AtomicU64,
    details: Mutex<Vec<String>>,
}

impl Shared {
    fn running(&self) -> bool {
        Instant::now() < self.deadline && !self.abort.load(Ordering::Relaxed)
    }
    fn mismatch(&self, what: String) {
        self.mismatched.fetch_add(1, Ordering::Relaxed);
        let mut d = self.details.lock().unwrap();
        if d.len() < MAX_DETAILS {
            d.push(what);
        }
    }
    fn attempt(&self, id: i64, version: u32) {
        let mut m = self.max_version.lock().unwrap();
        let e = m.entry(id).or_insert(version);
        *e = (*e).max(version);
    }
    fn doc(&self, id: i64, version: u32) -> Vec<u8> {
        doc(&self.corpus, self.seed, id, version)
    }
    /// A value read for `id` is some write's exact bytes.
    fn check_read(&self, who: &str, id: i64, value: Option<&[u8]>) -> bool {
        let Some(value) = value else {
            self.mismatch(format!(
                "{who}: acknowledged row {id} read back as absent/NULL"
            ));
            return false;
        };
        let max = self.max_version.lock().unwrap().get(&id).copied();
        match (parse_version(id, value), max) {
            (Some(v), Some(max)) if v <= max && value == self.doc(id, v).as_slice() => true,
            (v, max) => {
                self.mismatch(format!(
                    "{who}: row {id} read {} bytes (version {v:?}, highest written {max:?}): {}",
                    value.len(),
                    preview(value)
                ));
                false
            }
        }
    }
}

fn preview(v: &[u8]) -> String {
    let s = String::from_utf8_lossy(&v[..v.len().min(80)]).into_owned();
    format!("{s:?}")
}

/// splitmix64: cheap, deterministic mixing for the value generator.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The value of row `id` at `version`: a JSON document naming both, around
/// a corpus document (1 in 16 a tiny body, below squeeze's `min_size`).
fn doc(corpus: &[Vec<u8>], seed: u64, id: i64, version: u32) -> Vec<u8> {
    let h = mix(seed ^ mix(id as u64) ^ ((version as u64) << 40));
    let mut out = format!("{{\"soak\":{{\"id\":{id},\"v\":{version}}},\"body\":").into_bytes();
    if h % 16 == 0 {
        out.extend_from_slice(b"\"tiny\"");
    } else {
        out.extend_from_slice(&corpus[(h >> 8) as usize % corpus.len()]);
    }
    out.push(b'}');
    out
}

fn parse_version(id: i64, value: &[u8]) -> Option<u32> {
    let prefix = format!("{{\"soak\":{{\"id\":{id},\"v\":");
    let rest = value.strip_prefix(prefix.as_bytes())?;
    let end = rest.iter().position(|&b| b == b'}')?;
    std::str::from_utf8(&rest[..end]).ok()?.parse().ok()
}

/// `value` as a single-quoted SQL string literal (default sql_mode).
fn sql_str(value: &[u8]) -> String {
    let mut s = String::with_capacity(value.len() + 16);
    s.push('\'');
    for ch in String::from_utf8_lossy(value).chars() {
        match ch {
            '\\' => s.push_str("\\\\"),
            '\'' => s.push_str("\\'"),
            '\0' => s.push_str("\\0"),
            c => s.push(c),
        }
    }
    s.push('\'');
    s
}

fn load_corpus() -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut docs = Vec::new();
    for f in [
        "reddit_comments_t1.ndjson",
        "gsoc2018_projects.ndjson",
        "usgs_earthquakes.ndjson",
    ] {
        let text =
            std::fs::read(format!("{dir}/{f}")).unwrap_or_else(|e| panic!("corpus {dir}/{f}: {e}"));
        docs.extend(
            text.split(|&b| b == b'\n')
                .filter(|l| !l.is_empty() && std::str::from_utf8(l).is_ok())
                .map(<[u8]>::to_vec),
        );
    }
    assert!(!docs.is_empty(), "empty corpus in {dir}");
    docs
}

#[derive(Debug)]
enum OpError {
    Server(u16, String),
    Io(String),
    Driver(String),
    Timeout,
}

impl OpError {
    fn label(&self) -> String {
        match self {
            OpError::Server(code, _) => code.to_string(),
            OpError::Io(_) => "io".into(),
            OpError::Driver(_) => "driver".into(),
            OpError::Timeout => "timeout".into(),
        }
    }
    /// squeeze answered (the connection may still be usable).
    fn is_server(&self) -> bool {
        matches!(self, OpError::Server(..))
    }
}

impl From<mysql_async::Error> for OpError {
    fn from(e: mysql_async::Error) -> Self {
        match e {
            mysql_async::Error::Server(s) => OpError::Server(s.code, s.message),
            mysql_async::Error::Io(e) => OpError::Io(e.to_string()),
            other => OpError::Driver(other.to_string()),
        }
    }
}

/// One statement, bounded in time.
async fn op<T>(f: impl Future<Output = Result<T, mysql_async::Error>>) -> Result<T, OpError> {
    match tokio::time::timeout(OP_TIMEOUT, f).await {
        Ok(r) => r.map_err(OpError::from),
        Err(_) => Err(OpError::Timeout),
    }
}

fn opts(port: u16) -> Opts {
    dump::opts(port, APP_USER, APP_PASS, Some(DB)).into()
}

/// A connection to squeeze, retried while the server is down (until
/// `until`); `None` when the time is up.
async fn connect(
    shared: &Shared,
    stats: &mut Stats,
    until: Instant,
    first: &mut bool,
) -> Option<Conn> {
    while Instant::now() < until && !shared.abort.load(Ordering::Relaxed) {
        match op(Conn::new(opts(shared.port))).await {
            Ok(c) => {
                if !std::mem::take(first) {
                    stats.reconnects += 1;
                }
                return Some(c);
            }
            Err(e) => {
                *stats.connect_errors.entry(e.label()).or_default() += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
    None
}

/// Leave a connection politely (bounded); a broken one is just dropped.
async fn close(conn: Option<Conn>) {
    if let Some(c) = conn {
        let _ = tokio::time::timeout(Duration::from_secs(2), c.disconnect()).await;
    }
}

struct Outcome {
    kind: Kind,
    stats: Stats,
    rows: HashMap<i64, RowRecord>,
    pairs: Vec<PairRecord>,
}

/// Ids of session `n`: a range of its own, so rows have one writer.
fn id_base(n: usize) -> i64 {
    (n as i64 + 1) * 1_000_000_000
}

async fn session(shared: Arc<Shared>, n: usize, kind: Kind, ordinal: usize) -> Outcome {
    let mut out = Outcome {
        kind,
        stats: Stats {
            sessions: 1,
            ..Stats::default()
        },
        rows: HashMap::new(),
        pairs: Vec::new(),
    };
    let mut rng = StdRng::seed_from_u64(mix(shared.seed ^ (n as u64 + 1)));
    match kind {
        Kind::TxnRetry | Kind::TxnStmtRetry => txn_writer(&shared, n, kind, &mut out).await,
        Kind::Autocommit => {
            autocommit_writer(&shared, n, ordinal % 2 == 1, &mut rng, &mut out).await
        }
        Kind::Reader => reader(&shared, &mut rng, &mut out.stats).await,
    }
    out
}

/// Runs one pair transaction's statements in order on `conn`; the index of
/// the statement that failed with its error.
async fn pair_statements(conn: &mut Conn, stmts: &[String]) -> Result<(), (usize, OpError)> {
    for (i, s) in stmts.iter().enumerate() {
        op(conn.query_drop(s.as_str())).await.map_err(|e| (i, e))?;
    }
    Ok(())
}

async fn txn_writer(shared: &Shared, n: usize, kind: Kind, out: &mut Outcome) {
    let mut first = true;
    let mut conn: Option<Conn> = None;
    let mut next = id_base(n);
    while shared.running() {
        let (a, b) = (next, next + 1);
        next += 2;
        shared.attempt(a, 0);
        shared.attempt(b, 0);
        let stmts = vec![
            "BEGIN".to_string(),
            format!(
                "INSERT INTO docs (id, pair_id, doc) VALUES ({a}, {a}, {})",
                sql_str(&shared.doc(a, 0))
            ),
            format!(
                "INSERT INTO docs (id, pair_id, doc) VALUES ({b}, {a}, {})",
                sql_str(&shared.doc(b, 0))
            ),
            "COMMIT".to_string(),
        ];
        out.stats.ops += 1;
        let status = match kind {
            Kind::TxnRetry => retry_from_begin(shared, &mut conn, &stmts, &mut first, out).await,
            _ => retry_statement(shared, &mut conn, &stmts, &mut first, out).await,
        };
        if status != PairStatus::InDoubt {
            shared.readable.lock().unwrap().extend([a, b]);
        }
        if status == PairStatus::Acked {
            out.stats.acked += 1;
        }
        out.pairs.push(PairRecord { a, b, status });
    }
    close(conn).await;
}

/// On any error: a new connection and the whole transaction again, until it
/// commits (or the grace time after the run is over).
async fn retry_from_begin(
    shared: &Shared,
    conn: &mut Option<Conn>,
    stmts: &[String],
    first: &mut bool,
    out: &mut Outcome,
) -> PairStatus {
    let mut attempt = 0u32;
    while Instant::now() < shared.hard_deadline && !shared.abort.load(Ordering::Relaxed) {
        if conn.is_none() {
            *conn = connect(shared, &mut out.stats, shared.hard_deadline, first).await;
        }
        let Some(c) = conn.as_mut() else { break };
        match pair_statements(c, stmts).await {
            Ok(()) => return PairStatus::Acked,
            Err((i, e)) => {
                out.stats.error(&e);
                if attempt > 0 && i > 0 && matches!(e, OpError::Server(1062, _)) {
                    // An earlier attempt's COMMIT went through although
                    // its answer was lost.
                    let _ = op(c.query_drop("ROLLBACK")).await;
                    return PairStatus::Landed;
                }
                close(conn.take()).await;
                attempt += 1;
            }
        }
    }
    PairStatus::InDoubt
}

/// The writer that tore transactions: an error is answered by sending the
/// failed statement again on the same connection, then carrying on to
/// COMMIT. With backend loss closing stateful sessions, the retry fails.
async fn retry_statement(
    shared: &Shared,
    conn: &mut Option<Conn>,
    stmts: &[String],
    first: &mut bool,
    out: &mut Outcome,
) -> PairStatus {
    if conn.is_none() {
        *conn = connect(shared, &mut out.stats, shared.deadline, first).await;
    }
    let Some(c) = conn.as_mut() else {
        return PairStatus::InDoubt;
    };
    for s in stmts {
        let mut tries = 0;
        while let Err(e) = op(c.query_drop(s.as_str())).await {
            out.stats.error(&e);
            tries += 1;
            // While squeeze answers (the connection is open), wait for the
            // server to come back and send the statement again.
            if !e.is_server() || tries > STATEMENT_RETRIES {
                close(conn.take()).await;
                return PairStatus::InDoubt;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    PairStatus::Acked
}

async fn autocommit_writer(
    shared: &Shared,
    n: usize,
    prepared: bool,
    rng: &mut StdRng,
    out: &mut Outcome,
) {
    let mut first = true;
    let mut conn: Option<Conn> = None;
    let mut next = id_base(n);
    let mut owned: Vec<i64> = Vec::new();
    while shared.running() {
        if conn.is_none() {
            conn = connect(shared, &mut out.stats, shared.deadline, &mut first).await;
        }
        let Some(c) = conn.as_mut() else { break };
        let use_prepared = prepared && rng.gen_bool(0.5);
        let (id, version) = if owned.is_empty() || rng.gen_bool(0.45) {
            next += 1;
            (next, 0)
        } else {
            let id = owned[rng.gen_range(0..owned.len())];
            let v = shared.max_version.lock().unwrap()[&id] + 1;
            (id, v)
        };
        shared.attempt(id, version);
        let value = shared.doc(id, version);
        out.stats.ops += 1;
        let r = match (version, use_prepared) {
            (0, false) => {
                let sql = format!(
                    "INSERT INTO docs (id, doc) VALUES ({id}, {})",
                    sql_str(&value)
                );
                op(c.query_drop(sql)).await
            }
            (0, true) => {
                op(c.exec_drop(
                    "INSERT INTO docs (id, doc) VALUES (?, ?)",
                    (id, value.clone()),
                ))
                .await
            }
            (_, false) => {
                let sql = format!("UPDATE docs SET doc = {} WHERE id = {id}", sql_str(&value));
                op(c.query_drop(sql)).await
            }
            (_, true) => {
                op(c.exec_drop("UPDATE docs SET doc = ? WHERE id = ?", (value.clone(), id))).await
            }
        };
        let rec = out.rows.entry(id).or_default();
        match r {
            Ok(()) => {
                rec.acked = Some(version);
                rec.in_doubt.clear();
                out.stats.acked += 1;
                if version == 0 {
                    owned.push(id);
                    shared.readable.lock().unwrap().push(id);
                }
                // Read one write in four back at once: the exact bytes.
                if rng.gen_range(0..4) == 0 {
                    out.stats.ops += 1;
                    match read_one(c, id, prepared && rng.gen_bool(0.5)).await {
                        Ok(got) if got.as_deref() == Some(value.as_slice()) => out.stats.acked += 1,
                        Ok(got) => shared.mismatch(format!(
                            "autocommit: row {id} version {version} read back as {}",
                            got.as_deref().map(preview).unwrap_or("absent".into())
                        )),
                        Err(e) => {
                            out.stats.error(&e);
                            if !e.is_server() {
                                close(conn.take()).await;
                            }
                        }
                    }
                }
            }
            Err(e) => {
                rec.in_doubt.push(version);
                out.stats.error(&e);
                // squeeze's ERR leaves the connection usable when the
                // session held no state; otherwise the next use fails.
                if !e.is_server() {
                    close(conn.take()).await;
                }
                // Not a busy loop of ERR 2003 while the server is down.
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    close(conn).await;
}

/// A row of a range read: id and value.
type IdDoc = (i64, Option<Vec<u8>>);

/// `SELECT doc` of one row, text or prepared.
async fn read_one(c: &mut Conn, id: i64, prepared: bool) -> Result<Option<Vec<u8>>, OpError> {
    let row: Option<Option<Vec<u8>>> = if prepared {
        op(c.exec_first("SELECT doc FROM docs WHERE id = ?", (id,))).await?
    } else {
        op(c.query_first(format!("SELECT doc FROM docs WHERE id = {id}"))).await?
    };
    Ok(row.flatten())
}

async fn reader(shared: &Shared, rng: &mut StdRng, stats: &mut Stats) {
    let mut first = true;
    let mut conn: Option<Conn> = None;
    while shared.running() {
        if conn.is_none() {
            conn = connect(shared, stats, shared.deadline, &mut first).await;
        }
        let Some(c) = conn.as_mut() else { break };
        let id = {
            let r = shared.readable.lock().unwrap();
            (!r.is_empty()).then(|| r[rng.gen_range(0..r.len())])
        };
        let Some(id) = id else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        stats.ops += 1;
        let prepared = rng.gen_bool(0.5);
        let result = if rng.gen_range(0..8) == 0 {
            // A short range: rows of any writer, in-doubt ones included.
            let sql = "SELECT id, doc FROM docs WHERE id >= ? ORDER BY id LIMIT 10";
            let rows: Result<Vec<IdDoc>, OpError> = if prepared {
                op(c.exec(sql, (id,))).await
            } else {
                op(c.query(sql.replace('?', &id.to_string()))).await
            };
            rows.map(|rows| {
                let who = if prepared {
                    "reader(prepared range)"
                } else {
                    "reader(text range)"
                };
                rows.iter()
                    .all(|(rid, v)| shared.check_read(who, *rid, v.as_deref()))
            })
        } else {
            let who = if prepared {
                "reader(prepared)"
            } else {
                "reader(text)"
            };
            read_one(c, id, prepared)
                .await
                .map(|v| shared.check_read(who, id, v.as_deref()))
        };
        match result {
            Ok(true) => stats.acked += 1,
            Ok(false) => {}
            Err(e) => {
                stats.error(&e);
                if !e.is_server() {
                    close(conn.take()).await;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    close(conn).await;
}

/// VmRSS of `pid` in KiB, or `None` once the process is gone or a zombie.
fn rss_kb(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    if s.lines()
        .any(|l| l.starts_with("State:") && l.contains('Z'))
    {
        return None;
    }
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The whole run: prints the table and the RESULT line, returns the counts.
pub fn run(o: &Options) -> Report {
    let started = Instant::now();
    let db = MariaDb::start_durable();
    db.fresh_db(DB);
    db.root_sql(&format!(
        "CREATE TABLE {DB}.docs (id BIGINT PRIMARY KEY, pair_id BIGINT NULL, doc LONGBLOB) ENGINE=InnoDB"
    ));
    let flush = db.root_sql("SELECT @@innodb_flush_log_at_trx_commit");
    assert!(
        flush.lines().nth(1) == Some("1"),
        "the soak server must flush at commit: {flush}"
    );
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
    let rule = format!("{DB}.docs.doc=reddit_comments");
    let bin = o
        .squeeze_bin
        .clone()
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_squeeze").to_string());
    let mut sq = Squeeze::for_db_bin(&bin, &db, &["--dictionaries", dicts, "--compress", &rule]);
    let pid = sq.pid();
    println!(
        "soak: {} s, a kill every {} s, {} sessions, seed {}; mariadbd on 127.0.0.1:{} \
         (innodb_flush_log_at_trx_commit=1), squeeze {bin} pid {pid} on 127.0.0.1:{}",
        o.seconds, o.kill_every, o.sessions, o.seed, db.port, sq.port
    );

    let t0 = Instant::now();
    let shared = Arc::new(Shared {
        corpus: load_corpus(),
        seed: o.seed,
        port: sq.port,
        deadline: t0 + Duration::from_secs(o.seconds),
        hard_deadline: t0 + Duration::from_secs(o.seconds) + GRACE,
        abort: AtomicBool::new(false),
        readable: Mutex::new(Vec::new()),
        max_version: Mutex::new(HashMap::new()),
        mismatched: AtomicU64::new(0),
        details: Mutex::new(Vec::new()),
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let sessions_done = AtomicBool::new(false);
    let (outcomes, kills, rss) = std::thread::scope(|scope| {
        // Kills at K, 2K, ... before the end of the run.
        let killer = scope.spawn(|| {
            let mut kills = Vec::new();
            let mut k = 1;
            while o.kill_every * k < o.seconds {
                let at = t0 + Duration::from_secs(o.kill_every * k);
                while Instant::now() < at && !shared.abort.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                }
                if shared.abort.load(Ordering::Relaxed) {
                    break;
                }
                db.kill();
                std::thread::sleep(DEAD_TIME);
                let restart = Instant::now();
                db.restart();
                kills.push((at.duration_since(t0).as_secs(), restart.elapsed()));
                k += 1;
            }
            kills
        });
        // RSS of squeeze every second; its exit stops the run.
        let sampler = scope.spawn(|| {
            let mut samples = Vec::new();
            while !sessions_done.load(Ordering::Relaxed) {
                match rss_kb(pid) {
                    Some(kb) => samples.push((t0.elapsed().as_secs(), kb)),
                    None => {
                        shared.abort.store(true, Ordering::Relaxed);
                        break;
                    }
                }
                std::thread::sleep(Duration::from_secs(1));
            }
            samples
        });
        let outcomes = rt.block_on(async {
            let mut ordinals: HashMap<Kind, usize> = HashMap::new();
            let tasks: Vec<_> = (0..o.sessions)
                .map(|n| {
                    let kind = KINDS[n % KINDS.len()];
                    let ord = ordinals.entry(kind).or_default();
                    let ordinal = *ord;
                    *ord += 1;
                    tokio::spawn(session(shared.clone(), n, kind, ordinal))
                })
                .collect();
            let mut outs = Vec::new();
            for t in tasks {
                outs.push(t.await.expect("session task panicked"));
            }
            outs
        });
        let kills = killer.join().unwrap();
        sessions_done.store(true, Ordering::Relaxed);
        (outcomes, kills, sampler.join().unwrap())
    });

    let mut crashes = 0;
    if let Some(st) = sq.exit_status() {
        crashes = 1;
        println!("squeeze EXITED ({st}); its log:\n{}", sq.log_tail());
        // A fresh proxy reads the data back for the check.
        sq = Squeeze::for_db_bin(&bin, &db, &["--dictionaries", dicts, "--compress", &rule]);
    }

    let check = rt.block_on(verify(&db, &sq, &shared, &outcomes));
    let mismatched = shared.mismatched.load(Ordering::Relaxed) + check.mismatched;

    // The table.
    let mut per_kind: BTreeMap<Kind, Stats> = BTreeMap::new();
    for oc in &outcomes {
        per_kind.entry(oc.kind).or_default().merge(&oc.stats);
    }
    println!();
    println!(
        "{:<15} {:>8} {:>9} {:>12} {:>8} {:>11} {:>14}",
        "kind", "sessions", "ops", "acknowledged", "errors", "reconnects", "connect_fails"
    );
    let mut all = Stats::default();
    for (kind, s) in &per_kind {
        println!(
            "{:<15} {:>8} {:>9} {:>12} {:>8} {:>11} {:>14}",
            kind.name(),
            s.sessions,
            s.ops,
            s.acked,
            s.errors_total(),
            s.reconnects,
            s.connect_errors.values().sum::<u64>()
        );
        all.merge(s);
    }
    println!(
        "{:<15} {:>8} {:>9} {:>12} {:>8} {:>11} {:>14}",
        "total",
        all.sessions,
        all.ops,
        all.acked,
        all.errors_total(),
        all.reconnects,
        all.connect_errors.values().sum::<u64>()
    );
    println!(
        "acknowledged: writes/transactions with OK or COMMIT OK; reads verified byte for byte"
    );
    println!("errors seen by code: {:?}", all.errors);
    println!("connect failures by code: {:?}", all.connect_errors);
    for (kind, s) in &per_kind {
        println!("  {}: errors {:?}", kind.name(), s.errors);
    }
    println!(
        "kills (SIGKILL at s, restart took): {}",
        kills
            .iter()
            .map(|(at, took)| format!("{at}s/{:.1}s", took.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let pairs: Vec<&PairRecord> = outcomes.iter().flat_map(|o| &o.pairs).collect();
    let count = |st: PairStatus| pairs.iter().filter(|p| p.status == st).count();
    println!(
        "pairs: {} acknowledged, {} committed with the answer lost (found by a retry), {} in doubt; final check compared {} rows",
        count(PairStatus::Acked),
        count(PairStatus::Landed),
        count(PairStatus::InDoubt),
        check.rows
    );
    println!(
        "stored values: {} compressed by squeeze, {} stored as written (below min_size or not shrinking)",
        check.compressed, check.raw
    );
    let step = (rss.len() / 12).max(1);
    println!(
        "squeeze RSS MB over time (s:MB): {}",
        rss.iter()
            .step_by(step)
            .chain(rss.last())
            .map(|(t, kb)| format!("{t}:{:.1}", *kb as f64 / 1024.0))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "squeeze's backend-loss log: {}",
        loss_summary(&std::fs::read_to_string(&sq.stderr_path).unwrap_or_default())
    );
    for d in shared.details.lock().unwrap().iter().chain(&check.details) {
        println!("  ! {d}");
    }
    let max_rss_mb = rss.iter().map(|s| s.1).max().unwrap_or(0) as f64 / 1024.0;
    let report = Report {
        lost: check.lost,
        torn: check.torn,
        mismatched,
        crashes,
        max_rss_mb,
        kills: kills.len() as u64,
        per_kind,
        pairs_acked: count(PairStatus::Acked) as u64,
        rows_checked: check.rows,
    };
    println!("wall time {:.0} s", started.elapsed().as_secs_f64());
    println!(
        "RESULT lost={} torn={} mismatched={} crashes={} max_rss_mb={:.1}",
        report.lost, report.torn, report.mismatched, report.crashes, report.max_rss_mb
    );
    report
}

/// What squeeze's log says about lost backend connections: how often
/// each kind of server-side state made it close a session ("none": the
/// session stayed open), and idle sessions it closed.
fn loss_summary(log: &str) -> String {
    let mut by: BTreeMap<String, u64> = BTreeMap::new();
    for line in log.lines() {
        if line.contains("backend closed the idle session") {
            *by.entry("idle".into()).or_default() += 1;
        } else if let Some(i) = line.find("lost_state=") {
            let rest = &line[i + "lost_state=".len()..];
            let what = match rest.strip_prefix('"') {
                Some(q) => q.split('"').next().unwrap_or(""),
                None => rest.split_whitespace().next().unwrap_or(""),
            };
            *by.entry(what.to_string()).or_default() += 1;
        }
    }
    format!("{by:?}")
}

#[derive(Default)]
struct Check {
    lost: u64,
    torn: u64,
    mismatched: u64,
    rows: u64,
    compressed: u64,
    raw: u64,
    details: Vec<String>,
}

impl Check {
    fn bad(&mut self, counter: fn(&mut Check) -> &mut u64, what: String) {
        *counter(self) += 1;
        if self.details.len() < MAX_DETAILS {
            self.details.push(what);
        }
    }
}

type Rows = HashMap<i64, (Option<i64>, Option<Vec<u8>>)>;

/// Every row, read through `port` (squeeze, or the server directly).
async fn all_rows(port: u16, what: &str) -> Rows {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let attempt = async {
            let mut c = Conn::new(opts(port)).await?;
            let rows: Vec<(i64, Option<i64>, Option<Vec<u8>>)> =
                c.query("SELECT id, pair_id, doc FROM docs").await?;
            let _ = c.disconnect().await;
            Ok::<_, mysql_async::Error>(rows)
        };
        match tokio::time::timeout(Duration::from_secs(120), attempt).await {
            Ok(Ok(rows)) => return rows.into_iter().map(|(i, p, d)| (i, (p, d))).collect(),
            other => {
                assert!(
                    Instant::now() < deadline,
                    "cannot read the table {what} for the final check: {other:?}"
                );
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

/// The final check against the server: through squeeze, and the stored
/// bytes directly (decoded here with squeeze's codec and dictionaries).
async fn verify(db: &MariaDb, sq: &Squeeze, shared: &Shared, outcomes: &[Outcome]) -> Check {
    let mut ck = Check::default();
    let through = all_rows(sq.port, "through squeeze").await;
    let stored = all_rows(db.port, "directly").await;
    ck.rows = through.len() as u64;
    let registry = squeeze::codec::DictionaryRegistry::load_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/dictionaries"
    ))
    .expect("dictionaries");
    // The stored bytes decode to what squeeze presents.
    for (id, (pair, raw)) in &stored {
        let Some((tpair, tdoc)) = through.get(id) else {
            ck.bad(
                |c| &mut c.mismatched,
                format!("row {id} stored but not read through squeeze"),
            );
            continue;
        };
        let decoded = raw.as_ref().map(|raw| {
            let mut out = Vec::new();
            match squeeze::codec::decode_value(raw, &registry, 1 << 30, &mut out) {
                Ok(squeeze::codec::Decoded::Inflated(_)) => {
                    ck.compressed += 1;
                    Ok(out)
                }
                Ok(squeeze::codec::Decoded::Legacy) => {
                    ck.raw += 1;
                    Ok(raw.clone())
                }
                Err(e) => Err(e.to_string()),
            }
        });
        match decoded {
            Some(Err(e)) => ck.bad(
                |c| &mut c.mismatched,
                format!("row {id}: stored value does not decode: {e}"),
            ),
            d => {
                let d = d.map(Result::unwrap);
                if d != *tdoc || pair != tpair {
                    ck.bad(
                        |c| &mut c.mismatched,
                        format!(
                            "row {id}: stored bytes decode differently from what squeeze returns"
                        ),
                    );
                }
            }
        }
    }
    for id in through.keys().filter(|id| !stored.contains_key(id)) {
        ck.bad(
            |c| &mut c.mismatched,
            format!("row {id} read through squeeze but not stored"),
        );
    }

    let mut known: HashSet<i64> = HashSet::new();
    let value_of = |id: i64| through.get(&id).map(|(p, d)| (*p, d.clone()));
    for oc in outcomes {
        for (&id, rec) in &oc.rows {
            known.insert(id);
            let allowed: Vec<u32> = rec.acked.iter().chain(&rec.in_doubt).copied().collect();
            match value_of(id) {
                None if rec.acked.is_some() => ck.bad(
                    |c| &mut c.lost,
                    format!("row {id}: acknowledged version {:?} absent", rec.acked),
                ),
                None => {}
                Some((pair, doc)) => {
                    let doc = doc.unwrap_or_default();
                    let v = parse_version(id, &doc);
                    let exact = v.filter(|v| doc == shared.doc(id, *v));
                    match exact {
                        Some(v) if allowed.contains(&v) && pair.is_none() => {}
                        Some(v) if rec.acked.is_some_and(|a| v < a) => ck.bad(
                            |c| &mut c.lost,
                            format!("row {id}: holds version {v}, acknowledged {:?}", rec.acked),
                        ),
                        _ => ck.bad(
                            |c| &mut c.mismatched,
                            format!(
                                "row {id}: holds {} (pair {pair:?}), expected one of versions {allowed:?}",
                                preview(&doc)
                            ),
                        ),
                    }
                }
            }
        }
        for p in &oc.pairs {
            known.insert(p.a);
            known.insert(p.b);
            let (ra, rb) = (value_of(p.a), value_of(p.b));
            match (&ra, &rb) {
                (None, None) if p.status == PairStatus::InDoubt => {}
                (None, None) => ck.bad(
                    |c| &mut c.lost,
                    format!("pair {}: {:?} but neither row is stored", p.a, p.status),
                ),
                (Some(_), None) | (None, Some(_)) => ck.bad(
                    |c| &mut c.torn,
                    format!(
                        "pair {} ({:?}): row {} stored without row {}",
                        p.a,
                        p.status,
                        if ra.is_some() { p.a } else { p.b },
                        if ra.is_some() { p.b } else { p.a }
                    ),
                ),
                (Some(x), Some(y)) => {
                    for (id, (pair, doc)) in [(p.a, x), (p.b, y)] {
                        if *pair != Some(p.a) || doc.as_deref() != Some(&shared.doc(id, 0)[..]) {
                            ck.bad(
                                |c| &mut c.mismatched,
                                format!(
                                    "pair {} row {id}: stored pair {pair:?}, value differs",
                                    p.a
                                ),
                            );
                        }
                    }
                }
            }
        }
    }
    for id in through.keys().filter(|id| !known.contains(id)) {
        ck.bad(
            |c| &mut c.mismatched,
            format!("row {id} stored but never written"),
        );
    }
    ck
}
