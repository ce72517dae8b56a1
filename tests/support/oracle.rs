//! The differential oracle: the same tables twice on one MariaDB, `truth`
//! (JSON as LONGTEXT, queried directly) and `sq` (JSON as LONGBLOB,
//! written and queried through squeeze, compressed). Every statement runs
//! on both; the answers must be equal (rows byte for byte, column types as a
//! client sees them: text or bytes), or squeeze must refuse with ERR 1235
//! naming the column. Anything else is a wrong answer, and a value starting
//! with squeeze's magic byte in a result is a leak.
//!
//! Shared by `tests/oracle.rs` (fixed seed, in the test command) and
//! `bench/oracle` (any seed, any count).
#![allow(dead_code)]

use std::collections::BTreeMap;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts, Value};

use super::{dump, Squeeze, TestServer, APP_PASS, APP_USER};

pub const TRUTH: &str = "truth";
pub const SQ: &str = "sq";

/// Schema, as `(name, DDL with {json} for the JSON column type)`. Every
/// table exists in both databases; `{json}` is LONGTEXT in truth and
/// LONGBLOB in sq.
const TABLES: &[&str] = &[
    "CREATE TABLE docs (id INT PRIMARY KEY, doc {json} NULL, title VARCHAR(32), n INT)",
    "CREATE TABLE notes (id INT PRIMARY KEY, body {json} NULL, doc_id INT)",
    "CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(32), doc VARCHAR(32))",
];

const VIEWS: &[&str] = &[
    "CREATE VIEW v_docs AS SELECT id, doc AS body, title FROM docs",
    "CREATE VIEW v_v AS SELECT body AS b2, id FROM v_docs",
    "CREATE VIEW v_plain AS SELECT id, name FROM users",
    "CREATE FUNCTION f_doc(x INT) RETURNS LONGTEXT READS SQL DATA RETURN (SELECT doc FROM docs WHERE id = x)",
    "CREATE FUNCTION f_len(x INT) RETURNS INT READS SQL DATA RETURN (SELECT LENGTH(doc) FROM docs WHERE id = x)",
    "CREATE TABLE vdocs (id INT PRIMARY KEY, doc {json} NULL, n INT) WITH SYSTEM VERSIONING",
];

/// The oracle's pair of connections and what it counted.
pub struct Oracle {
    pub truth: Conn,
    pub sq: Conn,
    db_port: u16,
    sq_port: u16,
    /// class -> [same, refused, both_error]
    pub counts: BTreeMap<String, [u64; 3]>,
    pub failures: Vec<String>,
    /// A connection to sq's database that bypasses squeeze (stored bytes,
    /// cleanup squeeze refuses).
    direct: Option<Conn>,
    /// Whether column definitions are compared whole (else type and
    /// binary-ness): [`TestServer::exact_column_definitions`].
    exact_definitions: bool,
    /// Whether a must-answer mark on a statement with JSON functions holds
    /// ([`TestServer::evaluates_json`]).
    evaluates_json: bool,
}

/// Set up both databases and a squeeze compressing `sq`'s JSON columns.
pub async fn setup(db: &dyn TestServer) -> (Squeeze, Oracle) {
    for name in [TRUTH, SQ] {
        db.fresh_db(name);
        let json = if name == TRUTH {
            "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
        } else {
            "LONGBLOB"
        };
        let mut ddl = format!("USE {name};");
        for t in TABLES {
            ddl.push_str(&t.replace("{json}", json));
            ddl.push(';');
        }
        for v in VIEWS {
            // Stored functions and system versioning: MariaDB only.
            let mariadb_only =
                v.starts_with("CREATE FUNCTION") || v.contains("WITH SYSTEM VERSIONING");
            if mariadb_only && !db.has_stored_functions() {
                continue;
            }
            ddl.push_str(&v.replace("{json}", json));
            ddl.push(';');
        }
        db.root_sql(&ddl);
    }
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
    let sq = Squeeze::for_server(
        db,
        &[
            "--dictionaries",
            dicts,
            "--compress",
            "sq.docs.doc=reddit_comments",
            "--compress",
            "sq.notes.body=reddit_comments",
            "--compress",
            "sq.vdocs.doc=reddit_comments",
        ],
    );
    let truth = connect(db.port(), TRUTH).await;
    let sqc = connect(sq.port, SQ).await;
    let mut o = Oracle {
        truth,
        sq: sqc,
        db_port: db.port(),
        sq_port: sq.port,
        counts: BTreeMap::new(),
        failures: Vec::new(),
        direct: None,
        exact_definitions: db.exact_column_definitions(),
        evaluates_json: db.evaluates_json(),
    };
    o.load_rows().await;
    (sq, o)
}

pub async fn connect(port: u16, db: &str) -> Conn {
    Conn::new(Opts::from(dump::opts(port, APP_USER, APP_PASS, Some(db))))
        .await
        .unwrap_or_else(|e| panic!("connect to {port}/{db}: {e}"))
}

fn documents() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .expect("tests/data/reddit_comments_t1.ndjson");
    text.lines().take(60).map(str::to_string).collect()
}

fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('\'');
    for c in s.chars() {
        match c {
            '\'' => q.push_str("\\'"),
            '\\' => q.push_str("\\\\"),
            '\0' => q.push_str("\\0"),
            c => q.push(c),
        }
    }
    q.push('\'');
    q
}

impl Oracle {
    /// The same rows into both: truth directly, sq through squeeze.
    async fn load_rows(&mut self) {
        let docs = documents();
        let mut stmts = Vec::new();
        for id in 1..=40usize {
            let doc = match id % 7 {
                0 => "NULL".to_string(),
                3 => quote(r#"{"a":1}"#),
                _ => quote(&docs[id % docs.len()]),
            };
            stmts.push(format!(
                "INSERT INTO docs (id, doc, title, n) VALUES ({id}, {doc}, 't{}', {})",
                id % 5,
                id % 3
            ));
        }
        for id in 1..=20usize {
            let body = if id % 6 == 0 {
                "NULL".to_string()
            } else {
                quote(&docs[(id * 7) % docs.len()])
            };
            stmts.push(format!(
                "INSERT INTO notes (id, body, doc_id) VALUES ({id}, {body}, {})",
                id % 12
            ));
        }
        for id in 1..=10usize {
            stmts.push(format!(
                "INSERT INTO users (id, name, doc) VALUES ({id}, 'u{id}', 'x{}')",
                id % 4
            ));
        }
        // A system-versioned copy with history (MariaDB only).
        let versioned = self
            .truth
            .query_drop("SELECT 1 FROM vdocs LIMIT 0")
            .await
            .is_ok();
        for id in 1..=8usize {
            if !versioned {
                break;
            }
            let doc = if id == 4 {
                "NULL".to_string()
            } else {
                quote(&docs[(id * 3) % docs.len()])
            };
            stmts.push(format!(
                "INSERT INTO vdocs (id, doc, n) VALUES ({id}, {doc}, {})",
                id % 3
            ));
            if id % 2 == 0 {
                stmts.push(format!(
                    "UPDATE vdocs SET doc = {}, n = n + 10 WHERE id = {id}",
                    quote(&docs[(id * 5) % docs.len()])
                ));
            }
        }
        for s in &stmts {
            self.truth.query_drop(s).await.expect("truth insert");
            self.sq
                .query_drop(s)
                .await
                .unwrap_or_else(|e| panic!("insert through squeeze: {e}: {s}"));
        }
    }

    /// Stored bytes in sq: every JSON value of at least 100 bytes must be
    /// compressed (the write side's contract, checked on the server).
    pub async fn assert_stored_compressed(&mut self) {
        let raw = self.stored_raw().await;
        assert!(raw.is_empty(), "stored without the squeeze header: {raw:?}");
    }

    /// Fresh connections (after a case that changes session state).
    pub async fn reconnect(&mut self) {
        let t = std::mem::replace(&mut self.truth, connect(self.db_port, TRUTH).await);
        let s = std::mem::replace(&mut self.sq, connect(self.sq_port, SQ).await);
        t.disconnect().await.ok();
        s.disconnect().await.ok();
    }

    /// Run one statement on both sides (text protocol, or prepared when
    /// `prepared`), classify and record.
    /// Run the statements of a case in order; after a refusal the two
    /// sessions differ (truth ran what squeeze refused), so the rest of the
    /// case is not compared.
    pub async fn check_case(&mut self, class: &str, stmts: &[String]) {
        for s in stmts {
            if self.check_marked(class, s, false).await == Verdict::Refused {
                break;
            }
        }
    }

    /// [`Oracle::check`] of a corpus statement; `= ` before it marks one
    /// squeeze must answer (a refusal of it is over-refusal, a defect of
    /// the contract too).
    pub async fn check_marked(&mut self, class: &str, sql: &str, prepared: bool) -> Verdict {
        let (must, sql) = match sql.strip_prefix("= ") {
            Some(rest) => (!prepared, rest),
            None => (false, sql),
        };
        // Where squeeze refuses select-list JSON functions (not MariaDB),
        // a statement using them may be refused.
        let must = must && (self.evaluates_json || !sql.to_ascii_uppercase().contains("JSON_"));
        let verdict = self.check(class, sql, prepared).await;
        if must && verdict == Verdict::Refused {
            self.failures.push(format!(
                "WRONG [{class}]: {sql}\n    refused, but must be answered"
            ));
        }
        verdict
    }

    pub async fn check(&mut self, class: &str, sql: &str, prepared: bool) -> Verdict {
        let truth = run(&mut self.truth, sql, prepared).await;
        let sq = run(&mut self.sq, sql, prepared).await;
        let verdict = self.judge(&truth, &sq);
        show_refusal(class, sql, &sq, &verdict);
        self.record(class, sql, prepared, &verdict);
        verdict
    }

    fn record(&mut self, class: &str, sql: &str, prepared: bool, verdict: &Verdict) {
        let slot = self.counts.entry(class.to_string()).or_default();
        match verdict {
            Verdict::Same => slot[0] += 1,
            Verdict::Refused => slot[1] += 1,
            Verdict::BothError => slot[2] += 1,
            Verdict::Leak(d) | Verdict::Wrong(d) => {
                let kind = if matches!(verdict, Verdict::Leak(_)) {
                    "LEAK"
                } else {
                    "WRONG"
                };
                let p = if prepared { " (prepared)" } else { "" };
                self.failures
                    .push(format!("{kind} [{class}]{p}: {sql}\n    {d}"));
            }
        }
    }

    /// Values of at least squeeze's `min_size` (64 bytes) stored in sq's
    /// compressed columns without the squeeze header, read on the server.
    async fn stored_raw(&mut self) -> Vec<String> {
        if self.direct.is_none() {
            self.direct = Some(connect(self.db_port, SQ).await);
        }
        let direct = self.direct.as_mut().expect("just connected");
        let mut raw = Vec::new();
        for (table, col) in [("docs", "doc"), ("notes", "body")] {
            let rows: Vec<(i64, Option<Vec<u8>>)> = direct
                .query(format!("SELECT id, {col} FROM {table}"))
                .await
                .unwrap();
            for (id, v) in rows {
                if v.is_some_and(|v| v.len() >= 64 && v[0] != 0xF5) {
                    raw.push(format!("sq.{table}.{col} id {id}"));
                }
            }
        }
        raw
    }

    /// Both copies of the tables, truth directly and sq through squeeze.
    /// [`judge`], on whole column definitions where this server's are
    /// reproduced exactly, else on type and binary-ness.
    fn judge(&self, truth: &Answer, sq: &Answer) -> Verdict {
        if self.exact_definitions {
            return judge(truth, sq);
        }
        let coarse = |a: &Answer| match a {
            Answer::Rows(sets) => Answer::Rows(
                sets.iter()
                    .map(|(cols, rows)| {
                        let cols = cols
                            .iter()
                            .map(|c| ColumnShape {
                                name: c.name.clone(),
                                column_type: c.column_type,
                                charset: u16::from(c.charset == 63),
                                flags: 0,
                                length: 0,
                                decimals: 0,
                            })
                            .collect();
                        (cols, rows.clone())
                    })
                    .collect(),
            ),
            other => other.clone(),
        };
        judge(&coarse(truth), &coarse(sq))
    }

    async fn tables_equal(&mut self) -> Result<(), String> {
        for q in [
            "SELECT id, doc, title, n FROM docs ORDER BY id",
            "SELECT id, body, doc_id FROM notes ORDER BY id",
        ] {
            let a = run(&mut self.truth, q, false).await;
            let b = run(&mut self.sq, q, false).await;
            if let v @ (Verdict::Wrong(_) | Verdict::Leak(_)) = self.judge(&a, &b) {
                return Err(format!("after the write, `{q}` differs: {v:?}"));
            }
        }
        Ok(())
    }

    /// A write: run on truth inside a transaction and through squeeze;
    /// when squeeze refuses (or fails), truth rolls back so the copies stay
    /// comparable. Then the affected rows, both whole tables and sq's
    /// stored bytes are checked.
    pub async fn check_write(&mut self, class: &str, sql: &str) -> Verdict {
        let sq = run(&mut self.sq, sql, false).await;
        let sq_rows = self.sq.affected_rows();
        // What squeeze refused never ran, so truth does not run it either:
        // a refused DDL (which no transaction undoes) would leave truth's
        // table different from sq's.
        let refused = matches!(&sq, Answer::Error(1235, m) if m.contains("squeeze"));
        if refused {
            let verdict = judge(&Answer::Rows(Vec::new()), &sq);
            show_refusal(class, sql, &sq, &verdict);
            self.record(class, sql, false, &verdict);
            return verdict;
        }
        self.truth
            .query_drop("BEGIN")
            .await
            .expect("BEGIN on truth");
        let truth = run(&mut self.truth, sql, false).await;
        let truth_rows = self.truth.affected_rows();
        // When both fail (a multi-statement query failing part-way), the
        // statements ahead of the failure ran on both and stay.
        let end = if matches!((&truth, &sq), (Answer::Rows(_), Answer::Error(..))) {
            "ROLLBACK"
        } else {
            "COMMIT"
        };
        // A multi-statement query that failed part-way may leave its error
        // to the next query on the connection (mysql_async drains it
        // there): the transaction end is sent again after it.
        if self.truth.query_drop(end).await.is_err() {
            self.truth
                .query_drop(end)
                .await
                .expect("end of truth transaction");
        }
        let mut verdict = self.judge(&truth, &sq);
        show_refusal(class, sql, &sq, &verdict);
        if verdict == Verdict::Same && truth_rows != sq_rows {
            verdict = Verdict::Wrong(format!(
                "{truth_rows} rows affected on truth, {sq_rows} through squeeze"
            ));
        }
        if !matches!(verdict, Verdict::Wrong(_) | Verdict::Leak(_)) {
            if let Err(e) = self.tables_equal().await {
                verdict = Verdict::Wrong(e);
            } else {
                let raw = self.stored_raw().await;
                if !raw.is_empty() {
                    verdict = Verdict::Leak(format!("stored raw: {raw:?}"));
                }
            }
        }
        self.record(class, sql, false, &verdict);
        verdict
    }

    /// The per-class table and totals.
    /// [same, refused, both-error] over every class.
    pub fn totals(&self) -> [u64; 3] {
        let mut t = [0u64; 3];
        for c in self.counts.values() {
            for i in 0..3 {
                t[i] += c[i];
            }
        }
        t
    }

    pub fn report(&self) -> String {
        let mut out = String::from(
            "| class | same | refused | both-error | refusal rate |\n|---|---:|---:|---:|---:|\n",
        );
        let mut total = [0u64; 3];
        for (class, c) in &self.counts {
            let n = c.iter().sum::<u64>().max(1);
            out.push_str(&format!(
                "| {class} | {} | {} | {} | {:.1}% |\n",
                c[0],
                c[1],
                c[2],
                100.0 * c[1] as f64 / n as f64
            ));
            for i in 0..3 {
                total[i] += c[i];
            }
        }
        let n = total.iter().sum::<u64>().max(1);
        out.push_str(&format!(
            "| all | {} | {} | {} | {:.1}% |\n",
            total[0],
            total[1],
            total[2],
            100.0 * total[1] as f64 / n as f64
        ));
        out.push_str(&format!(
            "RESULT statements={} same={} refused={} both_error={} leaks={} wrong={}\n",
            n,
            total[0],
            total[1],
            total[2],
            self.failures
                .iter()
                .filter(|f| f.starts_with("LEAK"))
                .count(),
            self.failures
                .iter()
                .filter(|f| f.starts_with("WRONG"))
                .count()
        ));
        out
    }
}

/// `ORACLE_SHOW_REFUSED=1` prints every refusal (and every statement both
/// sides fail) with squeeze's message, to judge over-refusal class by class.
fn show_refusal(class: &str, sql: &str, sq: &Answer, verdict: &Verdict) {
    if let (Verdict::Refused | Verdict::BothError, Answer::Error(_, msg)) = (verdict, sq) {
        if std::env::var_os("ORACLE_SHOW_REFUSED").is_some() {
            let what = if *verdict == Verdict::Refused {
                "REFUSED"
            } else {
                "BOTH-ERROR"
            };
            println!("{what} [{class}]: {sql}\n    {msg}");
        }
    }
}

/// What one side answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Result sets: column definitions and rows (values as
    /// canonical bytes, `None` for NULL), rows sorted (statements without a
    /// total order may return rows in any order).
    Rows(Sets),
    Error(u16, String),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Same,
    Refused,
    BothError,
    Leak(String),
    Wrong(String),
}

pub async fn run(conn: &mut Conn, sql: &str, prepared: bool) -> Answer {
    let r = if prepared {
        collect(conn.exec_iter(sql, ()).await).await
    } else {
        collect(conn.query_iter(sql).await).await
    };
    // mysql_async may end a multi-statement query's results at an OK
    // packet and leave the error of a later statement to the next query on
    // the connection: a no-op after it collects that error as this
    // query's answer (and the next statement compared gets its own).
    let r = match r {
        Ok(sets) if !prepared && sql.contains(';') => match conn.query_drop("DO 0").await {
            Err(e @ mysql_async::Error::Server(_)) => Err(e),
            _ => Ok(sets),
        },
        other => other,
    };
    match r {
        Ok(sets) => Answer::Rows(sets),
        Err(mysql_async::Error::Server(e)) => {
            if sql.contains(';') {
                conn.query_drop("DO 0").await.ok();
            }
            Answer::Error(e.code, e.message)
        }
        Err(e) => Answer::Error(0, e.to_string()),
    }
}

/// Result sets: each its columns and its rows.
pub type Sets = Vec<(Vec<ColumnShape>, Vec<Vec<Option<Vec<u8>>>>)>;

/// What a column definition says about a value, every field but the
/// schema and table names (the two copies live in different databases).
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnShape {
    pub name: String,
    pub column_type: u8,
    pub charset: u16,
    pub flags: u16,
    pub length: u32,
    pub decimals: u8,
}

async fn collect<P: mysql_async::prelude::Protocol>(
    r: Result<mysql_async::QueryResult<'_, '_, P>, mysql_async::Error>,
) -> Result<Sets, mysql_async::Error> {
    let mut result = r?;
    let mut sets = Vec::new();
    while !result.is_empty() {
        let cols: Vec<ColumnShape> = result
            .columns_ref()
            .iter()
            .map(|c| ColumnShape {
                name: c.name_str().into_owned(),
                column_type: c.column_type() as u8,
                charset: c.character_set(),
                flags: c.flags().bits(),
                length: c.column_length(),
                decimals: c.decimals(),
            })
            .collect();
        let rows: Vec<mysql_async::Row> = result.collect().await?;
        let mut rows: Vec<Vec<Option<Vec<u8>>>> = rows
            .into_iter()
            .map(|r| r.unwrap().into_iter().map(canonical).collect())
            .collect();
        rows.sort();
        sets.push((cols, rows));
    }
    Ok(sets)
}

fn canonical(v: Value) -> Option<Vec<u8>> {
    match v {
        Value::NULL => None,
        Value::Bytes(b) => Some(b),
        other => Some(format!("{other:?}").into_bytes()),
    }
}

/// Compare the two answers.
pub fn judge(truth: &Answer, sq: &Answer) -> Verdict {
    if let Answer::Rows(sets) = sq {
        for (_, rows) in sets {
            for row in rows {
                for v in row.iter().flatten() {
                    if v.as_slice().first() == Some(&0xF5) {
                        return Verdict::Leak(format!(
                            "a value starting with 0xF5 ({} bytes) reached the client",
                            v.len()
                        ));
                    }
                }
            }
        }
    }
    match (truth, sq) {
        (_, Answer::Error(1235, msg)) if msg.contains("squeeze") => {
            if msg.contains("column `") {
                Verdict::Refused
            } else {
                Verdict::Wrong(format!("a refusal that names no column: {msg}"))
            }
        }
        (Answer::Error(..), Answer::Error(..)) => Verdict::BothError,
        (Answer::Error(c, m), Answer::Rows(_)) => {
            Verdict::Wrong(format!("truth failed ({c}: {m}) but squeeze answered"))
        }
        (Answer::Rows(_), Answer::Error(c, m)) => {
            Verdict::Wrong(format!("squeeze failed ({c}: {m}) but truth answered"))
        }
        (Answer::Rows(a), Answer::Rows(b)) => {
            if a.len() != b.len() {
                return Verdict::Wrong(format!("{} result sets vs {}", a.len(), b.len()));
            }
            for (i, ((ca, ra), (cb, rb))) in a.iter().zip(b).enumerate() {
                if ca != cb {
                    return Verdict::Wrong(format!(
                        "result {i}: column definitions truth {ca:?} squeeze {cb:?}"
                    ));
                }
                if ra != rb {
                    let shown = |r: &Vec<Vec<Option<Vec<u8>>>>| {
                        r.iter()
                            .take(3)
                            .map(|row| {
                                row.iter()
                                    .map(|v| match v {
                                        None => "NULL".to_string(),
                                        Some(b) => String::from_utf8_lossy(&b[..b.len().min(40)])
                                            .into_owned(),
                                    })
                                    .collect::<Vec<_>>()
                                    .join(" | ")
                            })
                            .collect::<Vec<_>>()
                            .join(" ;; ")
                    };
                    return Verdict::Wrong(format!(
                        "result {i}: {} rows vs {}; truth: {} / squeeze: {}",
                        ra.len(),
                        rb.len(),
                        shown(ra),
                        shown(rb)
                    ));
                }
            }
            Verdict::Same
        }
    }
}

// ---- the generator ------------------------------------------------------

/// A small deterministic PRNG (xorshift64*), so a seed reproduces a run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A relation the generator can select from: name and columns.
#[derive(Clone)]
struct Rel {
    from: String,
    alias: String,
    cols: Vec<String>,
}

fn base_rels() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("docs", vec!["id", "doc", "title", "n"]),
        ("notes", vec!["id", "body", "doc_id"]),
        ("users", vec!["id", "name", "doc"]),
        ("v_docs", vec!["id", "body", "title"]),
        ("v_v", vec!["b2", "id"]),
        ("v_plain", vec!["id", "name"]),
    ]
}

/// The shape classes the generator draws from.
pub const CLASSES: &[&str] = &[
    "select",
    "join",
    "derived",
    "cte",
    "setop",
    "subquery",
    "view",
    "aggregate",
    "window",
    "function",
    "ordinal",
    "version comment",
    "statement sql_mode",
];

/// One generated statement and its class.
pub fn generate(rng: &mut Rng) -> (String, &'static str) {
    let class = *rng.pick(CLASSES);
    let sql =
        match class {
            "select" => {
                let r = table(rng, false, "t");
                simple_select(rng, &r)
            }
            "join" => join_query(rng),
            "version comment" => {
                // Past and future versions, both markers: the server's
                // version decides what the statement is.
                let v = *rng.pick(&[
                    "!", "!40101", "!50700", "!99999", "!100100", "!110000", "M!", "M!100100",
                    "M!110000", "M!50700",
                ]);
                let hidden = *rng.pick(&["1 -- '", "id, ", "doc, ", "LENGTH(doc), ", "MD5("]);
                let close = if hidden == "MD5(" {
                    format!(" /*{v} ) */")
                } else {
                    String::new()
                };
                let shown = *rng.pick(&["LENGTH(doc)", "doc", "MD5(doc)", "id", "doc IS NULL"]);
                format!("SELECT /*{v} {hidden}*/ {shown}{close} FROM docs ORDER BY id")
            }
            "statement sql_mode" => {
                let m = *rng.pick(&[
                    "MSSQL",
                    "ANSI",
                    "POSTGRESQL",
                    "ANSI_QUOTES",
                    "DB2",
                    "ORACLE",
                    "TRADITIONAL",
                ]);
                let e = *rng.pick(&[
                    "\"doc\"",
                    "LENGTH(\"doc\")",
                    "\"id\", \"doc\"",
                    "'doc'",
                    "doc",
                ]);
                format!("SET STATEMENT sql_mode = '{m}' FOR SELECT {e} FROM docs ORDER BY id")
            }
            "derived" => {
                let inner = table(rng, true, "t");
                let (sql, cols) = projection(rng, &inner);
                let d = Rel {
                    from: format!("({sql})"),
                    alias: "d".into(),
                    cols,
                };
                simple_select(rng, &d)
            }
            "cte" => {
                let inner = table(rng, true, "t");
                let (sql, cols) = projection(rng, &inner);
                let c = Rel {
                    from: "c".into(),
                    alias: "c".into(),
                    cols: cols.clone(),
                };
                let outer = simple_select(rng, &c);
                if rng.chance(30) {
                    // A chain: c2 reads c.
                    let (sql2, cols2) = projection(rng, &c);
                    let c2 = Rel {
                        from: "c2".into(),
                        alias: "c2".into(),
                        cols: cols2,
                    };
                    let outer2 = simple_select(rng, &c2);
                    format!("WITH c AS ({sql}), c2 AS ({sql2}) {outer2}")
                } else {
                    format!("WITH c AS ({sql}) {outer}")
                }
            }
            "setop" => {
                let a = table(rng, false, "a");
                let b = table(rng, false, "b");
                let n = 1 + rng.below(2);
                let pick_cols = |rng: &mut Rng, r: &Rel| -> Vec<String> {
                    (0..n).map(|_| rng.pick(&r.cols).clone()).collect()
                };
                let ca = pick_cols(rng, &a);
                let cb = pick_cols(rng, &b);
                let op = rng.pick(&[
                    "UNION ALL",
                    "UNION",
                    "UNION DISTINCT",
                    "INTERSECT",
                    "EXCEPT",
                ]);
                let mut sql = format!(
                    "SELECT {} FROM {} {} {op} SELECT {} FROM {} {}",
                    ca.join(", "),
                    a.from,
                    a.alias,
                    cb.join(", "),
                    b.from,
                    b.alias
                );
                if rng.chance(40) {
                    sql = format!("({sql})");
                    sql = sql.replacen(&format!(" {op} "), &format!(") {op} ("), 1);
                }
                if rng.chance(30) {
                    sql.push_str(&format!(" ORDER BY {}", 1 + rng.below(n)));
                }
                sql
            }
            "subquery" => {
                let outer = table(rng, false, "o");
                let inner = table(rng, false, "i");
                let ic = rng.pick(&inner.cols).clone();
                match rng.below(4) {
                    0 => {
                        format!(
                    "SELECT {}, (SELECT {ic} FROM {} i ORDER BY i.{} LIMIT 1) AS s FROM {} o",
                    rng.pick(&outer.cols),
                    inner.from,
                    inner.cols.iter().find(|c| *c == "id").unwrap_or(&inner.cols[0]),
                    outer.from
                )
                    }
                    1 => format!(
                        "SELECT {} FROM {} o WHERE {} IN (SELECT {ic} FROM {} i)",
                        rng.pick(&outer.cols),
                        outer.from,
                        rng.pick(&outer.cols),
                        inner.from
                    ),
                    2 => format!(
                        "SELECT {} FROM {} o WHERE EXISTS (SELECT {ic} FROM {} i WHERE {})",
                        rng.pick(&outer.cols),
                        outer.from,
                        inner.from,
                        predicate(rng, &inner)
                    ),
                    _ => format!(
                        "SELECT o.{} FROM {} o WHERE {} = (SELECT MAX(i.id) FROM {} i)",
                        rng.pick(&outer.cols),
                        outer.from,
                        if outer.cols.contains(&"id".to_string()) {
                            "o.id"
                        } else {
                            "1"
                        },
                        inner.from
                    ),
                }
            }
            "view" => {
                let v = rng.pick(&["v_docs", "v_v", "v_plain"]);
                let r = rel_named(v, "v");
                simple_select(rng, &r)
            }
            "aggregate" => {
                let r = table(rng, false, "t");
                let g = rng.pick(&r.cols).clone();
                let agg = match rng.below(5) {
                    0 => format!("COUNT({})", rng.pick(&r.cols)),
                    1 => "COUNT(*)".to_string(),
                    2 => format!("MAX({})", rng.pick(&r.cols)),
                    3 => format!("COUNT(DISTINCT {})", rng.pick(&r.cols)),
                    _ => format!("GROUP_CONCAT({0} ORDER BY {0})", rng.pick(&r.cols)),
                };
                let by = match rng.below(3) {
                    0 => g.clone(),
                    1 => "1".into(),
                    _ => "k".into(),
                };
                let mut sql = format!(
                    "SELECT {g} AS k, {agg} AS a FROM {} t GROUP BY {by}",
                    r.from
                );
                if rng.chance(30) {
                    sql.push_str(" HAVING COUNT(*) > 1");
                }
                sql
            }
            "window" => {
                let r = table(rng, false, "t");
                let p = rng.pick(&r.cols).clone();
                let id = if r.cols.contains(&"id".to_string()) {
                    "id".to_string()
                } else {
                    r.cols[0].clone()
                };
                format!(
                    "SELECT {}, ROW_NUMBER() OVER (PARTITION BY {p} ORDER BY {id}) AS rn FROM {} t",
                    rng.pick(&r.cols),
                    r.from
                )
            }
            "function" => {
                let r = table(rng, false, "t");
                let c = rng.pick(&r.cols).clone();
                let f = rng.pick(&[
                    "LENGTH({c})",
                    "CONCAT('x', {c})",
                    "COALESCE({c}, 'none')",
                    "IF({c} IS NULL, 'n', 'v')",
                    "JSON_VALUE({c}, '$.id')",
                    "JSON_EXTRACT({c}, '$.author')",
                    "CASE WHEN {c} IS NULL THEN 0 ELSE 1 END",
                    "{c} IS NOT NULL",
                    "UPPER({c})",
                    "ISNULL({c})",
                    "JSON_UNQUOTE({c}) IS NULL",
                    "({c})",
                ]);
                format!(
                    "SELECT id_or, {} AS f FROM {} t",
                    f.replace("{c}", &c),
                    r.from
                )
                .replace(
                    "id_or",
                    if r.cols.contains(&"id".to_string()) {
                        "id"
                    } else {
                        &r.cols[0]
                    },
                )
            }
            _ => {
                // ordinal
                let r = table(rng, false, "t");
                let a = rng.pick(&r.cols).clone();
                let b = rng.pick(&r.cols).clone();
                let clause = rng.pick(&["ORDER BY", "GROUP BY"]);
                let k = 1 + rng.below(2);
                if *clause == "GROUP BY" {
                    format!(
                        "SELECT {a} AS a, COUNT(*) FROM {} t GROUP BY {}",
                        r.from,
                        if k == 1 { "1" } else { "a" }
                    )
                } else {
                    format!("SELECT {a}, {b} FROM {} t ORDER BY {k}", r.from)
                }
            }
        };
    (sql, class)
}

fn rel_named(name: &str, alias: &str) -> Rel {
    let (_, cols) = base_rels().into_iter().find(|(n, _)| *n == name).unwrap();
    Rel {
        from: name.into(),
        alias: alias.into(),
        cols: cols.into_iter().map(str::to_string).collect(),
    }
}

fn table(rng: &mut Rng, with_views: bool, alias: &str) -> Rel {
    let rels = base_rels();
    let n = if with_views { rels.len() } else { 3 };
    let (name, _) = rels[rng.below(n)].clone();
    rel_named(name, alias)
}

/// A projection of `r` with some columns renamed: its SQL and the names.
fn projection(rng: &mut Rng, r: &Rel) -> (String, Vec<String>) {
    let mut items = Vec::new();
    let mut names = Vec::new();
    for (i, c) in r.cols.iter().enumerate() {
        if rng.chance(30) && i > 0 {
            continue;
        }
        if rng.chance(40) {
            let alias = format!("{c}_{i}");
            items.push(format!("{} AS {alias}", c));
            names.push(alias);
        } else {
            items.push(c.clone());
            names.push(c.clone());
        }
    }
    let mut sql = format!("SELECT {} FROM {} {}", items.join(", "), r.from, r.alias);
    if rng.chance(30) {
        sql.push_str(&format!(" WHERE {}", predicate(rng, r)));
    }
    (sql, names)
}

fn predicate(rng: &mut Rng, r: &Rel) -> String {
    let c = rng.pick(&r.cols).clone();
    match rng.below(8) {
        0 => format!("{c} IS NULL"),
        1 => format!("{c} IS NOT NULL"),
        2 => format!("{c} = 't1'"),
        3 => format!("{c} LIKE '%a%'"),
        4 => format!("{c} > 3"),
        5 => format!("{c} IN (1, 2, 3)"),
        6 => format!("NOT ({c} IS NULL) AND {c} <> 'x'"),
        _ => format!("{c} BETWEEN 1 AND 10"),
    }
}

fn simple_select(rng: &mut Rng, r: &Rel) -> String {
    let list = if rng.chance(20) {
        "*".to_string()
    } else {
        let n = 1 + rng.below(r.cols.len().min(3));
        (0..n)
            .map(|_| {
                let c = rng.pick(&r.cols);
                if rng.chance(30) {
                    format!("{}.{c}", r.alias)
                } else {
                    c.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let distinct = if rng.chance(10) { "DISTINCT " } else { "" };
    let mut sql = format!("SELECT {distinct}{list} FROM {} {}", r.from, r.alias);
    if rng.chance(50) {
        sql.push_str(&format!(" WHERE {}", predicate(rng, r)));
    }
    if rng.chance(30) {
        sql.push_str(&format!(" ORDER BY {}", rng.pick(&r.cols)));
    }
    sql
}

fn join_query(rng: &mut Rng) -> String {
    let a = table(rng, true, "a");
    let b = table(rng, true, "b");
    let ac = rng.pick(&a.cols).clone();
    let bc = rng.pick(&b.cols).clone();
    let cond = match rng.below(5) {
        0 => "a.id = b.id".to_string(),
        1 => format!("a.{ac} = b.{bc}"),
        2 => "USING (id)".into(),
        3 => "NATURAL".into(),
        _ => format!("a.{ac} IS NULL"),
    };
    let list = format!("a.{ac}, b.{bc}");
    match cond.as_str() {
        "USING (id)" if a.cols.contains(&"id".into()) && b.cols.contains(&"id".into()) => {
            format!(
                "SELECT {list} FROM {} a JOIN {} b USING (id)",
                a.from, b.from
            )
        }
        "NATURAL" => format!("SELECT * FROM {} a NATURAL JOIN {} b", a.from, b.from),
        "USING (id)" => format!("SELECT {list} FROM {} a CROSS JOIN {} b", a.from, b.from),
        _ => format!(
            "SELECT {list} FROM {} a {} JOIN {} b ON {cond}",
            a.from,
            rng.pick(&["", "LEFT", "INNER"]),
            b.from
        ),
    }
}

/// Cases of the corpus: (class, statements).
fn corpus() -> Vec<(String, Vec<String>)> {
    parse_corpus(
        &[
            include_str!("../oracle/corpus.sql"),
            include_str!("../oracle/session_state.sql"),
        ]
        .concat(),
    )
}

/// The ring-two read corpus (`tests/oracle/ring_two_reads.sql`): procedural
/// blocks, recursive CTEs, system versioning, HANDLER, CHECKSUM and the
/// pass-through shapes squeeze answers.
pub fn ring_two_reads() -> Vec<(String, Vec<String>)> {
    parse_corpus(include_str!("../oracle/ring_two_reads.sql"))
}

fn parse_corpus(text: &str) -> Vec<(String, Vec<String>)> {
    let mut class = String::from("none");
    let mut cases = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix("## ") {
            class = c.trim().to_string();
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let stmts = line.split(" ;; ").map(|s| s.trim().to_string()).collect();
        cases.push((class.clone(), stmts));
    }
    cases
}

/// Run corpus `cases` (multi-statement cases on fresh connections, every
/// single statement also prepared).
pub async fn run_cases(o: &mut Oracle, cases: &[(String, Vec<String>)]) {
    for (class, stmts) in cases {
        if stmts.len() > 1 {
            o.reconnect().await;
            o.check_case(class, stmts).await;
            o.reconnect().await;
        } else {
            o.check_marked(class, &stmts[0], false).await;
            o.check_marked(&format!("{class} (prepared)"), &stmts[0], true)
                .await;
        }
    }
}

/// Only the ring-two read corpus against `db` (quick; prints the per-class
/// refusal table); panics listing every leak or wrong answer.
pub fn run_ring_two_reads(db: &dyn TestServer) {
    run_read_corpus(db, "ring-two reads", &ring_two_reads());
}

/// The ring-three read corpus (`tests/oracle/ring_three_reads.sql`): row
/// filters invisible to the statement, sql_mode in every spelling, the
/// results character set, compositions of evaluated JSON items.
pub fn ring_three_reads() -> Vec<(String, Vec<String>)> {
    parse_corpus(include_str!("../oracle/ring_three_reads.sql"))
}

pub fn run_ring_three_reads(db: &dyn TestServer) {
    run_read_corpus(db, "ring-three reads", &ring_three_reads());
}

/// Every hand-written read corpus (the corpus, ring two, ring three) on
/// fresh tables: the totals [same, refused, both-error], the printed
/// report and every leak or wrong answer (the caller judges them).
pub fn run_read_corpora(db: &dyn TestServer) -> ([u64; 3], String, Vec<String>) {
    let mut cases = corpus();
    cases.extend(ring_two_reads());
    cases.extend(ring_three_reads());
    collect_read_corpus(db, "every read corpus", &cases)
}

/// Run one read corpus on fresh tables and assert no leak or wrong answer.
fn run_read_corpus(db: &dyn TestServer, name: &str, cases: &[(String, Vec<String>)]) {
    let (_, _, failures) = collect_read_corpus(db, name, cases);
    assert!(
        failures.is_empty(),
        "{} leaks or wrong answers:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn collect_read_corpus(
    db: &dyn TestServer,
    name: &str,
    cases: &[(String, Vec<String>)],
) -> ([u64; 3], String, Vec<String>) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (mut sq, mut o) = setup(db).await;
        run_cases(&mut o, cases).await;
        let report = o.report();
        println!("{name}:\n{report}");
        sq.assert_alive();
        (o.totals(), report, o.failures.clone())
    })
}

/// The write corpus with its placeholders filled: (class, statement).
fn write_cases() -> Vec<(String, String)> {
    let docs: Vec<String> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reddit_comments_t1.ndjson"
    ))
    .unwrap()
    .lines()
    .filter(|l| l.is_ascii() && (300..3000).contains(&l.len()))
    .skip(100)
    .take(6)
    .map(str::to_string)
    .collect();
    let quote = |s: &str| format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"));
    let half = docs[5].len() / 2;
    let mut fills: Vec<(String, String)> = (0..6)
        .map(|i| (format!("{{J{}}}", i + 1), quote(&docs[i])))
        .collect();
    fills.push(("{H1}".into(), quote(&docs[5][..half])));
    fills.push(("{H2}".into(), quote(&docs[5][half..])));
    let mut class = String::from("none");
    let mut cases = Vec::new();
    let corpus = [
        include_str!("../oracle/writes.sql"),
        include_str!("../oracle/ring_two_writes.sql"),
    ];
    for line in corpus.iter().flat_map(|c| c.lines()) {
        let line = line.trim();
        if let Some(c) = line.strip_prefix("## ") {
            class = format!("write {}", c.trim());
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut sql = line.to_string();
        for (k, v) in &fills {
            sql = sql.replace(k, v);
        }
        cases.push((class.clone(), sql));
    }
    cases
}

/// The whole oracle against `db`: the hand-written corpus (text and
/// prepared), `default_count` generated statements (or `ORACLE_COUNT`, with
/// `ORACLE_SEED`) and the write corpus; panics listing every leak or wrong
/// answer.
pub fn run_all(db: &dyn TestServer, default_count: usize) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (mut sq, mut o) = setup(db).await;
        o.assert_stored_compressed().await;
        let mut cases = corpus();
        // Ring two (procedural SQL, system versioning, HANDLER, window
        // functions) is MariaDB's syntax and metadata.
        if db.has_stored_functions() {
            cases.extend(ring_two_reads());
        }
        assert!(cases.len() >= 200, "corpus has {} cases", cases.len());
        run_cases(&mut o, &cases).await;
        let hand = o.report();
        println!("hand-written corpus:\n{hand}");
        let corpus_failures = o.failures.clone();
        o.counts.clear();
        let seed: u64 = match std::env::var("ORACLE_SEED").as_deref() {
            Ok("random") => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64,
            Ok(s) => s.parse().expect("ORACLE_SEED is a number or `random`"),
            Err(_) => 20261123,
        };
        let count: usize = std::env::var("ORACLE_COUNT")
            .ok()
            .map(|c| c.parse().expect("ORACLE_COUNT is a number"))
            .unwrap_or(default_count);
        let mut rng = Rng::new(seed);
        let started = std::time::Instant::now();
        // Ring two (procedural SQL, temporary tables, system versioning,
        // DDL) is MariaDB's syntax; a draw in seven is such a case.
        let ring_two = db.has_stored_functions();
        let mut spent: BTreeMap<&str, f64> = BTreeMap::new();
        for _ in 0..count {
            if ring_two && rng.chance(14) {
                let case = generate_case(&mut rng);
                let t = std::time::Instant::now();
                o.run_case(&case).await;
                *spent.entry(case.class).or_insert(0.0) += t.elapsed().as_secs_f64();
                continue;
            }
            let (sql, class) = generate(&mut rng);
            o.check(class, &sql, false).await;
        }
        println!("seconds per ring-two class: {spent:?}");
        println!(
            "generated (seed {seed}, {count} statements, {:.1} s):\n{}",
            started.elapsed().as_secs_f64(),
            o.report()
        );
        let writes = write_cases();
        assert!(
            writes.len() >= 40,
            "write corpus has {} cases",
            writes.len()
        );
        o.counts.clear();
        let before = o.failures.len();
        for (class, sql) in &writes {
            // `= ` marks a statement squeeze must answer (a refusal of it
            // is over-refusal, a defect of the contract too).
            if let Some(sql) = sql.strip_prefix("= ") {
                let before = o.failures.len();
                if o.check_write(class, sql).await == Verdict::Refused {
                    o.failures.truncate(before);
                    o.failures.push(format!(
                        "WRONG [{class}]: {sql}\n    refused, but must be answered"
                    ));
                }
                continue;
            }
            o.check_write(class, sql).await;
        }
        println!("write corpus:\n{}", o.report());
        let write_failures: Vec<String> = o.failures[before..].to_vec();
        sq.assert_alive();
        let mut all = corpus_failures;
        all.extend(o.failures.iter().skip(all.len()).cloned());
        for f in write_failures {
            if !all.contains(&f) {
                all.push(f);
            }
        }
        assert!(
            all.is_empty(),
            "{} leaks or wrong answers:\n{}",
            all.len(),
            all.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
        );
    });
}

// ---- ring two: stateful generated cases ---------------------------------

/// The ring-two classes (MariaDB's syntax: procedural SQL, temporary
/// tables, system versioning, DDL); each draw is a case of several steps
/// run on fresh sessions.
pub const RING_TWO_CLASSES: &[&str] = &[
    "procedural",
    "temporary table",
    "system versioning",
    "ddl then read",
];

/// One statement of a generated case: a read is compared as it stands; a
/// write runs on truth inside a transaction that is rolled back when
/// squeeze refuses, and is followed by the comparison of both tables and
/// of sq's stored bytes.
#[derive(Debug, Clone)]
pub enum Step {
    Read(String),
    Write(String),
}

/// A generated stateful case: its steps and the statements that put both
/// databases back as they were whatever step it stopped at (`{json}` is
/// the side's JSON column type).
pub struct Case {
    pub class: &'static str,
    pub steps: Vec<Step>,
    pub cleanup: Vec<&'static str>,
}

/// Ids the generated writes use (removed again after each case).
const GEN_IDS: std::ops::Range<usize> = 900..960;

/// A JSON document: mostly longer than squeeze's `min_size` (so it is
/// compressed), sometimes small, sometimes with escapes.
fn json_doc(rng: &mut Rng) -> String {
    if rng.chance(10) {
        return format!(r#"{{"a":{}}}"#, rng.below(100));
    }
    const WORDS: &[&str] = &[
        "alpha", "beta", "gamma", "delta", "squeeze", "proxy", "maria", "json", "column", "shard",
        "über", "naïve",
    ];
    let n = 8 + rng.below(24);
    let body: Vec<&str> = (0..n).map(|_| *rng.pick(WORDS)).collect();
    let esc = if rng.chance(20) { r"\n\u00e9\\" } else { "" };
    format!(
        r#"{{"id":{},"author":"{}","body":"{}{esc}","score":{}}}"#,
        rng.below(1000),
        rng.pick(WORDS),
        body.join(" "),
        rng.below(50)
    )
}

fn gen_id(rng: &mut Rng) -> usize {
    GEN_IDS.start + rng.below(12)
}

/// An existing row id (1..=40; some rows hold NULL or a small document).
fn row_id(rng: &mut Rng) -> usize {
    1 + rng.below(40)
}

/// A literal write to docs or notes with generated ids.
fn literal_write(rng: &mut Rng) -> String {
    let id = gen_id(rng);
    let j = quote(&json_doc(rng));
    match rng.below(9) {
        0 => format!("INSERT INTO docs (id, doc, title) VALUES ({id}, {j}, 'g')"),
        1 => format!("INSERT INTO docs VALUES ({id}, {j}, 'g', 1)"),
        2 => format!("REPLACE INTO docs (id, doc) VALUES ({id}, {j})"),
        3 => format!("REPLACE INTO docs SET id = {id}, doc = {j}"),
        4 => format!("UPDATE docs SET doc = {j} WHERE id = {id}"),
        5 => format!("DELETE FROM docs WHERE id = {id}"),
        6 => format!("INSERT INTO notes (id, body, doc_id) VALUES ({id}, {j}, 1)"),
        7 => format!("UPDATE docs SET title = 'u' WHERE id = {id}"),
        _ => format!(
            "INSERT INTO docs (id, doc) VALUES ({id}, {j}), ({}, NULL)",
            id + 20
        ),
    }
}

/// A read of a compressed (or plain) column of existing rows.
fn small_read(rng: &mut Rng) -> String {
    let (t, c) = *rng.pick(&[("docs", "doc"), ("notes", "body"), ("docs", "title")]);
    let e = rng.pick(&[
        "{c}",
        "LENGTH({c})",
        "MD5({c})",
        "{c} IS NULL",
        "id, {c}",
        "JSON_VALUE({c}, '$.author')",
        "id",
    ]);
    let w = match rng.below(3) {
        0 => format!("id = {}", row_id(rng)),
        1 => format!("id >= {}", GEN_IDS.start),
        _ => format!("id < {}", 1 + rng.below(8)),
    };
    format!("SELECT {} FROM {t} WHERE {w}", e.replace("{c}", c))
}

/// Statements for a body of stored code or an anonymous block, and
/// whether they write.
fn block_items(rng: &mut Rng) -> (Vec<String>, bool) {
    let mut items = Vec::new();
    let mut writes = false;
    // Local variables come first in a block.
    match rng.below(5) {
        0 => {
            items.push(format!(
                "DECLARE v LONGTEXT DEFAULT (SELECT doc FROM docs WHERE id = {})",
                row_id(rng)
            ));
            items.push(
                rng.pick(&["SELECT LENGTH(v)", "SELECT v", "SELECT MD5(v)"])
                    .to_string(),
            );
        }
        1 => {
            items.push("DECLARE v LONGTEXT".into());
            items.push(format!(
                "SELECT {} INTO v FROM {} WHERE id = {}",
                rng.pick(&["doc", "title"]),
                "docs",
                row_id(rng)
            ));
            items.push(rng.pick(&["SELECT CHAR_LENGTH(v)", "SELECT v"]).to_string());
        }
        2 => {
            items.push("DECLARE v INT DEFAULT (SELECT COUNT(*) FROM docs)".into());
            items.push("SELECT v".into());
        }
        _ => {}
    }
    for _ in 0..1 + rng.below(3) {
        if rng.chance(55) {
            items.push(literal_write(rng));
            writes = true;
        } else {
            items.push(small_read(rng));
        }
    }
    (items, writes)
}

fn step(sql: String, writes: bool) -> Step {
    if writes {
        Step::Write(sql)
    } else {
        Step::Read(sql)
    }
}

fn procedural_case(rng: &mut Rng) -> Case {
    let mut steps = Vec::new();
    let cleanup = vec![
        "DROP PROCEDURE IF EXISTS g_p",
        "DROP FUNCTION IF EXISTS g_f",
    ];
    match rng.below(7) {
        0 | 1 => {
            let (items, w) = block_items(rng);
            let label = rng.chance(20);
            let body = format!("BEGIN NOT ATOMIC {}; END", items.join("; "));
            let sql = if label { format!("g: {body} g") } else { body };
            steps.push(step(sql, w));
            if w && rng.chance(50) {
                steps.push(Step::Read(small_read(rng)));
            }
        }
        2 => {
            // A block mixed with plain statements in one query.
            let (items, w) = block_items(rng);
            let before = literal_write(rng);
            let after = small_read(rng);
            steps.push(Step::Write(format!(
                "{before}; BEGIN NOT ATOMIC {}; END; {after}",
                items.join("; ")
            )));
            let _ = w;
        }
        3 => {
            let (items, w) = block_items(rng);
            let param = rng.chance(40);
            let (decl, arg) = if param {
                ("IN x INT", format!("{}", row_id(rng)))
            } else {
                ("", String::new())
            };
            let mut items = items;
            if param {
                items.push("SELECT doc FROM docs WHERE id = x".into());
            }
            steps.push(Step::Read(format!(
                "CREATE PROCEDURE g_p({decl}) BEGIN {}; END",
                items.join("; ")
            )));
            steps.push(step(format!("CALL g_p({arg})"), w));
        }
        4 => {
            let (ret, e) = *rng.pick(&[
                ("LONGTEXT", "doc"),
                ("INT", "LENGTH(doc)"),
                ("LONGTEXT", "title"),
                ("INT", "doc IS NULL"),
            ]);
            steps.push(Step::Read(format!(
                "CREATE FUNCTION g_f(x INT) RETURNS {ret} READS SQL DATA RETURN (SELECT {e} FROM docs WHERE id = x)"
            )));
            let k = row_id(rng);
            steps.push(Step::Read(
                rng.pick(&[
                    format!("SELECT g_f({k})"),
                    format!("SELECT LENGTH(g_f({k}))"),
                    "SELECT id, g_f(id) FROM docs WHERE id < 6".to_string(),
                    format!("SELECT id FROM docs WHERE g_f(id) = g_f({k})"),
                ])
                .clone(),
            ));
        }
        5 => {
            // PREPARE / EXECUTE, as separate queries or one.
            let (inner, w, using) = dynamic_inner(rng);
            let u = using.map(|k| format!(" USING {k}")).unwrap_or_default();
            let p = format!("PREPARE g FROM {}", quote(&inner));
            if rng.chance(50) {
                steps.push(Step::Read(p));
                steps.push(step(format!("EXECUTE g{u}"), w));
                if rng.chance(50) {
                    steps.push(step(format!("EXECUTE g{u}"), w));
                }
            } else {
                steps.push(step(format!("{p}; EXECUTE g{u}; DEALLOCATE PREPARE g"), w));
            }
        }
        _ => {
            let (inner, w, using) = dynamic_inner(rng);
            let u = using.map(|k| format!(" USING {k}")).unwrap_or_default();
            steps.push(step(format!("EXECUTE IMMEDIATE {}{u}", quote(&inner)), w));
        }
    }
    Case {
        class: "procedural",
        steps,
        cleanup,
    }
}

/// The text of a dynamic statement, whether it writes, and an argument
/// for its `?`.
fn dynamic_inner(rng: &mut Rng) -> (String, bool, Option<usize>) {
    match rng.below(4) {
        0 => {
            let e = rng.pick(&["doc", "LENGTH(doc)", "id, doc", "title", "MD5(doc)"]);
            (
                format!("SELECT {e} FROM docs WHERE id = ?"),
                false,
                Some(row_id(rng)),
            )
        }
        1 => (small_read(rng), false, None),
        2 => (literal_write(rng), true, None),
        _ => {
            let j = quote(&json_doc(rng));
            (
                format!("INSERT INTO docs (id, doc) VALUES (?, {j})"),
                true,
                Some(gen_id(rng)),
            )
        }
    }
}

/// The shape of a temporary `docs`: its DDL and a write for it.
fn temporary_case(rng: &mut Rng) -> Case {
    let doc_type = *rng.pick(&["LONGTEXT", "JSON", "TEXT", "LONGBLOB"]);
    let create = *rng.pick(&[
        "CREATE TEMPORARY TABLE",
        "CREATE TEMPORARY TABLE IF NOT EXISTS",
        "CREATE OR REPLACE TEMPORARY TABLE",
    ]);
    // (DDL, has columns id/doc/title/n, leading `note` column); neither:
    // `LIKE users` (id, name, doc) when the second is false, else (id,
    // doc, n).
    let (ddl, full, note) = match rng.below(7) {
        0 | 1 => (
            format!("{create} docs (id INT PRIMARY KEY, doc {doc_type}, title VARCHAR(32), n INT)"),
            true,
            false,
        ),
        2 => (
            format!("{create} docs (note VARCHAR(8), id INT PRIMARY KEY, doc {doc_type}, title VARCHAR(32), n INT)"),
            true,
            true,
        ),
        3 => ("CREATE TEMPORARY TABLE docs LIKE users".to_string(), false, false),
        // A plain `doc` copied from a plain column: (id, doc, n).
        4 => (
            format!("{create} docs AS SELECT id, title AS doc, n FROM docs WHERE id < 6"),
            false,
            true,
        ),
        5 => (
            format!(
                "{create} docs AS SELECT id, {} FROM docs WHERE id < 6",
                rng.pick(&["doc, title, n", "doc AS doc, title, n", "LENGTH(doc) AS doc, title, n"])
            ),
            true,
            false,
        ),
        _ => (
            format!("{create} docs (id INT PRIMARY KEY, doc {doc_type}, title VARCHAR(32), n INT) AS SELECT id, body AS doc FROM notes WHERE id < 4"),
            true,
            false,
        ),
    };
    let mut steps = vec![Step::Read(ddl)];
    for _ in 0..1 + rng.below(4) {
        let id = gen_id(rng);
        let j = quote(&json_doc(rng));
        let s = match rng.below(8) {
            0 if full && note => {
                Step::Write(format!("INSERT INTO docs VALUES ('n', {id}, {j}, 't', 1)"))
            }
            0 if full => Step::Write(format!("INSERT INTO docs VALUES ({id}, {j}, 't', 1)")),
            0 if note => Step::Write(format!("INSERT INTO docs VALUES ({id}, {j}, 2)")),
            0 => Step::Write(format!("INSERT INTO docs VALUES ({id}, 'x', 'y')")),
            1 | 2 => Step::Write(format!("INSERT INTO docs (id, doc) VALUES ({id}, {j})")),
            3 => Step::Write(format!("REPLACE INTO docs (id, doc) VALUES ({id}, {j})")),
            4 => Step::Write(format!(
                "UPDATE docs SET doc = {j} WHERE id = {id} OR id = 1"
            )),
            5 => Step::Write(format!("DELETE FROM docs WHERE id = {}", row_id(rng))),
            _ => Step::Read(
                rng.pick(&[
                    "SELECT * FROM docs",
                    "SELECT id, doc FROM docs",
                    "SELECT id, LENGTH(doc), doc LIKE '%a%' FROM docs",
                    "SELECT id, JSON_VALUE(doc, '$.author') FROM docs",
                    "SELECT d.id, d.doc, n.body FROM docs d JOIN notes n ON n.id = d.id",
                    "SELECT id FROM docs WHERE doc IN (SELECT body FROM notes)",
                ])
                .to_string(),
            ),
        };
        steps.push(s);
    }
    if rng.chance(70) {
        steps.push(Step::Read(
            rng.pick(&[
                "DROP TEMPORARY TABLE docs",
                "DROP TABLE docs",
                "DROP TEMPORARY TABLE IF EXISTS docs",
            ])
            .to_string(),
        ));
        let id = gen_id(rng);
        let j = quote(&json_doc(rng));
        steps.push(Step::Write(format!(
            "INSERT INTO docs (id, doc) VALUES ({id}, {j})"
        )));
        steps.push(Step::Read(
            rng.pick(&[
                "SELECT id, doc FROM docs WHERE id < 4 OR id >= 900",
                "SELECT LENGTH(doc) FROM docs",
                "SELECT * FROM docs WHERE id >= 900",
            ])
            .to_string(),
        ));
    } else if rng.chance(50) {
        // Renaming the temporary table away uncovers the base table.
        steps.push(Step::Read("RENAME TABLE docs TO g_tmp".into()));
        steps.push(Step::Read("SELECT id, doc FROM g_tmp".into()));
        steps.push(Step::Read("SELECT id, doc FROM docs WHERE id < 4".into()));
    }
    let _ = full;
    Case {
        class: "temporary table",
        steps,
        cleanup: vec![],
    }
}

fn versioning_read(rng: &mut Rng) -> String {
    let clause = *rng.pick(&[
        "FOR SYSTEM_TIME ALL",
        "FOR SYSTEM_TIME AS OF TIMESTAMP NOW()",
        "FOR SYSTEM_TIME AS OF NOW()",
        "FOR SYSTEM_TIME AS OF TIMESTAMP '2000-01-01 00:00:00'",
        "FOR SYSTEM_TIME BETWEEN TIMESTAMP '2000-01-01 00:00:00' AND TIMESTAMP '2100-01-01 00:00:00'",
        "FOR SYSTEM_TIME FROM TIMESTAMP '2000-01-01 00:00:00' TO NOW()",
        "",
    ]);
    let list = *rng.pick(&[
        "id, doc",
        "doc",
        "id, n, doc",
        "*",
        "LENGTH(doc)",
        "doc IS NULL",
        "COUNT(*), COUNT(doc)",
        "MD5(doc)",
        "JSON_VALUE(doc, '$.id')",
        "id, COALESCE(NULL, doc)",
        "v.id, v.doc",
    ]);
    let pred = *rng.pick(&[
        "",
        " WHERE id < 5",
        " WHERE doc IS NOT NULL",
        " WHERE doc LIKE '%a%'",
        " WHERE ROW_END < NOW()",
        " WHERE ROW_END > NOW() AND n > 5",
        " WHERE id IN (SELECT id FROM docs WHERE title = 't1')",
    ]);
    match rng.below(6) {
        0 => format!(
            "SELECT x FROM (SELECT doc AS x, id FROM vdocs {clause}) t{}",
            if pred.contains("ROW_END") {
                String::new()
            } else {
                pred.replace("doc ", "x ")
            }
        ),
        1 => format!(
            "SELECT v.id, v.doc, d.doc FROM vdocs {clause} v JOIN docs d ON d.id = v.id{}",
            pred.replace("WHERE id", "WHERE v.id")
                .replace("WHERE doc", "WHERE v.doc")
                .replace("ROW_END", "v.ROW_END")
                .replace("AND n", "AND v.n")
        ),
        2 => format!(
            "SELECT id, doc FROM vdocs {clause} UNION ALL SELECT id, doc FROM docs WHERE id < 3"
        ),
        3 => format!(
            "SET STATEMENT system_versioning_asof = {} FOR SELECT {list} FROM vdocs v{pred}",
            rng.pick(&["'2000-01-01 00:00:00'", "NOW()", "DEFAULT"])
        ),
        _ => {
            let order = if rng.chance(30) && !list.contains("COUNT") {
                " ORDER BY 1"
            } else {
                ""
            };
            format!("SELECT {list} FROM vdocs {clause} AS v{pred}{order}")
        }
    }
}

fn ddl_case(rng: &mut Rng) -> Case {
    let mut steps = Vec::new();
    let mut cleanup = Vec::new();
    match rng.below(6) {
        0 | 1 => {
            // A view replaced by another of a different shape.
            cleanup.push("DROP VIEW IF EXISTS g_v");
            for _ in 0..2 {
                let inner = table(rng, true, "t");
                let (sql, cols) = projection(rng, &inner);
                let verb = rng.pick(&[
                    "CREATE OR REPLACE VIEW",
                    "CREATE OR REPLACE VIEW",
                    "ALTER VIEW",
                ]);
                steps.push(Step::Read(format!("{verb} g_v AS {sql}")));
                let r = Rel {
                    from: "g_v".into(),
                    alias: "g".into(),
                    cols,
                };
                steps.push(Step::Read(simple_select(rng, &r)));
            }
        }
        2 => {
            let pos = rng.pick(&["FIRST", "AFTER id", "AFTER doc", ""]);
            cleanup.push("ALTER TABLE docs DROP COLUMN IF EXISTS gx");
            steps.push(Step::Read(format!(
                "ALTER TABLE docs ADD COLUMN gx INT DEFAULT 7 {pos}"
            )));
            steps.push(Step::Read("SELECT * FROM docs WHERE id < 4".into()));
            let id = gen_id(rng);
            let j = quote(&json_doc(rng));
            let values = match *pos {
                "FIRST" => format!("(7, {id}, {j}, 'a', 1)"),
                "AFTER id" => format!("({id}, 7, {j}, 'a', 1)"),
                "AFTER doc" => format!("({id}, {j}, 7, 'a', 1)"),
                _ => format!("({id}, {j}, 'a', 1, 7)"),
            };
            steps.push(Step::Write(format!("INSERT INTO docs VALUES {values}")));
            steps.push(Step::Read("ALTER TABLE docs DROP COLUMN gx".into()));
            steps.push(Step::Read(
                "SELECT * FROM docs WHERE id < 3 OR id >= 900".into(),
            ));
        }
        3 => {
            cleanup.push("ALTER TABLE docs CHANGE COLUMN IF EXISTS gdoc doc {json} NULL");
            steps.push(Step::Read(
                "ALTER TABLE docs RENAME COLUMN doc TO gdoc".into(),
            ));
            steps.push(Step::Read(
                rng.pick(&[
                    "SELECT id, gdoc FROM docs WHERE id < 4",
                    "SELECT LENGTH(gdoc) FROM docs",
                    "SELECT * FROM docs WHERE id < 3",
                ])
                .to_string(),
            ));
            steps.push(Step::Read(
                "ALTER TABLE docs RENAME COLUMN gdoc TO doc".into(),
            ));
            steps.push(Step::Read("SELECT id, doc FROM docs WHERE id < 3".into()));
        }
        4 => {
            cleanup.push("RENAME TABLE IF EXISTS g_docs TO docs");
            steps.push(Step::Read(
                rng.pick(&[
                    "RENAME TABLE docs TO g_docs",
                    "ALTER TABLE docs RENAME TO g_docs",
                ])
                .to_string(),
            ));
            steps.push(Step::Read(
                rng.pick(&[
                    "SELECT id, doc FROM g_docs WHERE id < 4",
                    "SELECT LENGTH(doc) FROM g_docs",
                    "SELECT id FROM g_docs WHERE doc LIKE '%a%'",
                ])
                .to_string(),
            ));
            steps.push(Step::Read("RENAME TABLE g_docs TO docs".into()));
            steps.push(Step::Read("SELECT id, doc FROM docs WHERE id < 3".into()));
        }
        _ => {
            if rng.chance(50) {
                cleanup.push("DROP TABLE IF EXISTS g_copy");
                steps.push(Step::Read(format!(
                    "CREATE TABLE g_copy AS SELECT id, {} FROM docs WHERE id < 5",
                    rng.pick(&["doc", "doc AS d", "title"])
                )));
                steps.push(Step::Read("SELECT * FROM g_copy".into()));
            } else {
                cleanup.push("ALTER TABLE docs MODIFY title VARCHAR(32)");
                steps.push(Step::Read(
                    "ALTER TABLE docs MODIFY title VARCHAR(40)".into(),
                ));
                steps.push(Step::Read(
                    "SELECT id, doc, title FROM docs WHERE id < 4".into(),
                ));
            }
        }
    }
    Case {
        class: "ddl then read",
        steps,
        cleanup,
    }
}

/// One generated ring-two case.
pub fn generate_case(rng: &mut Rng) -> Case {
    // DDL is slow on the server (table rebuilds, file operations): drawn a
    // third as often as the others to keep the test command's time.
    match *rng.pick(&[
        "procedural",
        "procedural",
        "procedural",
        "temporary table",
        "temporary table",
        "temporary table",
        "system versioning",
        "system versioning",
        "system versioning",
        "ddl then read",
    ]) {
        "procedural" => procedural_case(rng),
        "temporary table" => temporary_case(rng),
        "system versioning" => Case {
            class: "system versioning",
            steps: vec![Step::Read(versioning_read(rng))],
            cleanup: vec![],
        },
        _ => ddl_case(rng),
    }
}

impl Oracle {
    /// Run a generated case on fresh sessions: its steps in order until a
    /// refusal (after which truth and squeeze differ), then its cleanup on
    /// both databases (through squeeze where it accepts, else directly).
    pub async fn run_case(&mut self, case: &Case) {
        // Plain generated statements leave no session state behind, so
        // only the end of a case needs fresh sessions.
        let fresh = case.steps.len() > 1 || case.class != "system versioning";
        for s in &case.steps {
            let v = match s {
                Step::Read(sql) => self.check(case.class, sql, false).await,
                Step::Write(sql) => self.check_write(case.class, sql).await,
            };
            if v != Verdict::Same && v != Verdict::BothError {
                break;
            }
        }
        if !fresh {
            return;
        }
        self.reconnect().await;
        let mut cleanup: Vec<String> = case.cleanup.iter().map(|s| s.to_string()).collect();
        cleanup.push(format!("DELETE FROM docs WHERE id >= {}", GEN_IDS.start));
        cleanup.push(format!("DELETE FROM notes WHERE id >= {}", GEN_IDS.start));
        for s in &cleanup {
            let t = s.replace(
                "{json}",
                "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
            );
            self.truth.query_drop(&t).await.ok();
            let q = s.replace("{json}", "LONGBLOB");
            if self.sq.query_drop(&q).await.is_err() {
                if self.direct.is_none() {
                    self.direct = Some(connect(self.db_port, SQ).await);
                }
                if let Some(d) = self.direct.as_mut() {
                    d.query_drop(&q).await.ok();
                }
            }
        }
    }
}
