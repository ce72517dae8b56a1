//! Issue 44's statement-level JSON differential fuzzer: seeded random
//! documents (duplicate names, escapes, the empty name, deep nesting,
//! 2/3/4-byte UTF-8, edge numbers, empty containers, whitespace, some
//! invalid) in `jf_sq.docs` (compressed, through squeeze) and `jf_truth.docs`
//! (LONGTEXT utf8mb4_bin, directly on the same MariaDB), and seeded random
//! single-table SELECTs with JSON functions in the select list and WHERE,
//! text protocol and prepared. Each statement is judged as the oracle
//! judges ([`oracle::judge`]): the same rows and column definitions, or
//! squeeze refuses naming the column (ERR 1235), or both fail.
//!
//! Shared by `tests/json_fuzz.rs` (bounded, in the test command) and
//! `bench/json_fuzz` (long run, release build).
#![allow(dead_code)]

use std::collections::BTreeMap;

use mysql_async::prelude::*;
use mysql_async::Conn;

use super::oracle::{connect, judge, run, Answer, Rng, Verdict};
use super::{Squeeze, TestServer};

const TRUTH: &str = "jf_truth";
const SQ: &str = "jf_sq";
const DOCS: usize = 24;

// ---- documents ----------------------------------------------------------

const NAMES: &[&str] = &[
    "a",
    "b",
    "a",
    "b",
    "",
    "c",
    "\\u0062",
    "q\\\"k",
    "s\\/l",
    "b\\\\s",
    "\u{e9}t\u{e9}",
    "\\u00e9t\\u00e9",
    "\u{65e5}\u{672c}",
    "\u{1f600}",
    "key with space",
    "x",
];

fn ws(rng: &mut Rng) -> &'static str {
    if rng.chance(80) {
        ""
    } else {
        [" ", "\n", "\t", "  ", "\r\n "][rng.below(5)]
    }
}

fn scalar(rng: &mut Rng) -> String {
    match rng.below(14) {
        0 => "null".into(),
        1 => "true".into(),
        2 => "false".into(),
        3 => (rng.below(40) as i64 - 5).to_string(),
        4 => rng
            .pick(&[
                "9223372036854775807",
                "9223372036854775808",
                "-9223372036854775808",
                "18446744073709551615",
                "18446744073709551616",
                "123456789012345678901234567890",
                "-0",
                "0",
                "1.0",
                "-1.5",
                "1e3",
                "1E+2",
                "2.5e-3",
                "-0.0",
                "1e308",
                "0.1",
                "3.14159265358979323846",
            ])
            .to_string(),
        5 => "\"x\"".into(),
        6 => "\"\"".into(),
        7 => rng
            .pick(&[
                "\"\\u00e9\"",
                "\"\u{e9}\"",
                "\"\u{4e2d}\u{6587}\"",
                "\"\u{1f600}\"",
                "\"a\\\"b\"",
                "\"a\\\\b\"",
                "\"a\\/b\"",
                "\"tab\\there\"",
                "\"\\ud83d\\ude00\"",
                "\"12\"",
                "\"true\"",
                "\"null\"",
            ])
            .to_string(),
        8 => "[]".into(),
        9 => "{}".into(),
        10 => "\"b\"".into(),
        11 => "1.5".into(),
        12 => "2".into(),
        _ => "\"a\"".into(),
    }
}

fn value(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.chance(30) {
        return scalar(rng);
    }
    let (a, b, c) = (ws(rng), ws(rng), ws(rng));
    if rng.chance(35) {
        let n = rng.below(5);
        let items: Vec<String> = (0..n).map(|_| value(rng, depth - 1)).collect();
        return format!("[{a}{}{b}]", items.join(&format!(",{c}")));
    }
    let n = rng.below(5);
    let members: Vec<String> = (0..n)
        .map(|_| {
            let name = rng.pick(NAMES);
            let w = ws(rng);
            format!("\"{name}\"{w}:{}", value(rng, depth - 1))
        })
        .collect();
    format!("{{{a}{}{b}}}", members.join(&format!(",{c}")))
}

/// A deeply nested document (up to ~20 levels) on the names the paths use.
fn deep(rng: &mut Rng) -> String {
    let levels = 10 + rng.below(11);
    let mut open = String::new();
    let mut close = String::new();
    for _ in 0..levels {
        if rng.chance(50) {
            let name = *rng.pick(&["a", "b", ""]);
            open.push_str(&format!("{{\"{name}\":"));
            close.insert(0, '}');
        } else {
            open.push('[');
            close.insert(0, ']');
        }
    }
    format!("{open}{}{close}", scalar(rng))
}

fn invalid(rng: &mut Rng) -> String {
    rng.pick(&[
        "{\"a\":1",
        "{\"a\":1,}",
        "[1,2,]",
        "{a:1}",
        "not json",
        "",
        "{\"a\":01}",
        "{\"a\":\"\\x\"}",
        "[1] [2]",
        "{\"a\":tru}",
        "'single'",
        "{\"a\":1}}",
        "\"unterminated",
        "[\"\\ud800\"]",
    ])
    .to_string()
}

pub fn document(rng: &mut Rng) -> Option<String> {
    match rng.below(20) {
        0 => None,
        1 => Some(invalid(rng)),
        2 | 3 => Some(deep(rng)),
        4 => Some(format!("{}{}{}", ws(rng), scalar(rng), ws(rng))),
        _ => {
            let mut v = value(rng, 5);
            if !v.starts_with('{') && rng.chance(70) {
                v = format!("{{\"a\":{v},\"b\":[1,{{\"a\":2}}],\"a\":3}}");
            }
            Some(v)
        }
    }
}

fn sql_string(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "''"))
}

// ---- paths and statements -----------------------------------------------

const KEYS: &[&str] = &[
    "a",
    "b",
    "c",
    "x",
    "\"\"",
    "\"a\"",
    "\"q\\\"k\"",
    "\"s/l\"",
    "\"b\\\\s\"",
    "\u{e9}t\u{e9}",
    "\"\u{e9}t\u{e9}\"",
    "\u{65e5}\u{672c}",
    "\"\u{1f600}\"",
    "\"key with space\"",
    "*",
];

/// A path and whether it is well-formed (as far as the generator knows).
fn path(rng: &mut Rng) -> (String, bool) {
    if rng.chance(8) {
        let bad = *rng.pick(&[
            "a", "$.", "$[", "$[-1]", "$.a[", "$..a", "$.a b", "$[1 to]", "$.\"a", "$***", "",
            "$[last-]", "$.a.", "$ .a", "$[0x1]",
        ]);
        return (bad.to_string(), false);
    }
    let mut p = String::from(if rng.chance(8) { "lax $" } else { "$" });
    if p.starts_with("lax") && rng.chance(50) {
        p = "$".into();
    }
    let steps = rng.below(4);
    for _ in 0..steps {
        match rng.below(10) {
            0..=4 => {
                p.push('.');
                let k: &&str = rng.pick(KEYS);
                p.push_str(k);
            }
            5 => p.push_str(&format!("[{}]", rng.below(4))),
            6 => p.push_str("[*]"),
            7 => {
                let s: &&str = rng.pick(&["[last]", "[last-1]", "[0 to 1]", "[1 to last]"]);
                p.push_str(s)
            }
            8 => p.push_str("**"),
            _ => p.push_str(".b"),
        }
    }
    // `**` may not end a path.
    if p.ends_with("**") {
        p.push_str(".a");
    }
    (p, true)
}

fn paths(rng: &mut Rng, n: usize) -> (String, bool) {
    let mut ok = true;
    let mut out = Vec::new();
    for _ in 0..n {
        let (p, v) = path(rng);
        ok &= v;
        out.push(sql_string(&p));
    }
    (out.join(", "), ok)
}

fn candidate(rng: &mut Rng) -> String {
    let c = match rng.below(8) {
        0 => scalar(rng),
        1 => "[1]".into(),
        2 => "{\"a\":1}".into(),
        3 => "[1,2]".into(),
        4 => "{}".into(),
        5 => "\"\u{e9}\"".into(),
        6 => "{\"b\":[1]}".into(),
        _ => value(rng, 2),
    };
    sql_string(&c)
}

/// A select-list item: (class, SQL, valid paths).
fn item(rng: &mut Rng) -> (String, String, bool) {
    let d = "doc";
    let kind = rng.below(26);
    let (p1, v1) = paths(rng, 1);
    let (s, class, ok) = match kind {
        0..=2 => {
            let n = 1 + rng.below(3);
            let (ps, v) = paths(rng, n);
            (
                format!("JSON_EXTRACT({d}, {ps})"),
                format!("JSON_EXTRACT/{n}"),
                v,
            )
        }
        3 | 4 => (
            format!("JSON_UNQUOTE(JSON_EXTRACT({d}, {p1}))"),
            "JSON_UNQUOTE(JSON_EXTRACT)".into(),
            v1,
        ),
        5 => (format!("JSON_VALUE({d}, {p1})"), "JSON_VALUE".into(), v1),
        6 => (format!("JSON_QUERY({d}, {p1})"), "JSON_QUERY".into(), v1),
        7 => (format!("JSON_EXISTS({d}, {p1})"), "JSON_EXISTS".into(), v1),
        8 => {
            if rng.chance(30) {
                (format!("JSON_LENGTH({d})"), "JSON_LENGTH/0".into(), true)
            } else {
                (format!("JSON_LENGTH({d}, {p1})"), "JSON_LENGTH".into(), v1)
            }
        }
        9 => (format!("JSON_DEPTH({d})"), "JSON_DEPTH".into(), true),
        10 => (format!("JSON_VALID({d})"), "JSON_VALID".into(), true),
        11 => (format!("JSON_TYPE({d})"), "JSON_TYPE".into(), true),
        12 => {
            if rng.chance(30) {
                (format!("JSON_KEYS({d})"), "JSON_KEYS/0".into(), true)
            } else {
                (format!("JSON_KEYS({d}, {p1})"), "JSON_KEYS".into(), v1)
            }
        }
        13 => {
            let c = candidate(rng);
            if rng.chance(40) {
                (
                    format!("JSON_CONTAINS({d}, {c})"),
                    "JSON_CONTAINS/0".into(),
                    true,
                )
            } else {
                (
                    format!("JSON_CONTAINS({d}, {c}, {p1})"),
                    "JSON_CONTAINS".into(),
                    v1,
                )
            }
        }
        14 => {
            let n = 1 + rng.below(3);
            let (ps, v) = paths(rng, n);
            let m = *rng.pick(&["'one'", "'all'", "'ONE'", "'some'"]);
            (
                format!("JSON_CONTAINS_PATH({d}, {m}, {ps})"),
                "JSON_CONTAINS_PATH".into(),
                v,
            )
        }
        15 | 16 => {
            let t = *rng.pick(&[
                "CHAR",
                "SIGNED",
                "UNSIGNED",
                "DOUBLE",
                "DECIMAL(10,2)",
                "CHAR(5)",
            ]);
            let inner = if rng.chance(50) {
                format!("JSON_EXTRACT({d}, {p1})")
            } else {
                format!("JSON_VALUE({d}, {p1})")
            };
            let name = t.split('(').next().unwrap();
            let f = inner.split('(').next().unwrap();
            (
                format!("CAST({inner} AS {t})"),
                format!("CAST({f} AS {name})"),
                v1,
            )
        }
        17 => {
            let w = *rng.pick(&["COALESCE", "IFNULL"]);
            let c = *rng.pick(&["'none'", "0", "NULL", "''"]);
            let f = *rng.pick(&["JSON_EXTRACT", "JSON_VALUE"]);
            (format!("{w}({f}({d}, {p1}), {c})"), format!("{w}({f})"), v1)
        }
        18 | 19 => {
            let outer = *rng.pick(&[
                "JSON_TYPE",
                "JSON_LENGTH",
                "JSON_KEYS",
                "JSON_DEPTH",
                "JSON_VALID",
            ]);
            let inner = *rng.pick(&["JSON_EXTRACT", "JSON_QUERY"]);
            (
                format!("{outer}({inner}({d}, {p1}))"),
                format!("{outer}({inner})"),
                v1,
            )
        }
        20 | 21 => {
            let f = *rng.pick(&["JSON_EXTRACT", "JSON_VALUE", "JSON_QUERY", "JSON_LENGTH"]);
            let not = if rng.chance(50) { " NOT" } else { "" };
            (
                format!("{f}({d}, {p1}) IS{not} NULL"),
                format!("{f} IS{not} NULL"),
                v1,
            )
        }
        _ => {
            let f = *rng.pick(&["JSON_LENGTH", "JSON_DEPTH", "JSON_VALID", "JSON_EXISTS"]);
            let call = match f {
                "JSON_DEPTH" | "JSON_VALID" => format!("{f}({d})"),
                _ => format!("{f}({d}, {p1})"),
            };
            let valid = matches!(f, "JSON_DEPTH" | "JSON_VALID") || v1;
            let n = rng.below(7) as i64 - 2;
            match rng.below(3) {
                0 => (format!("-{call}"), format!("-{f}"), valid),
                1 => (format!("{call} + {n}"), format!("{f} + n"), valid),
                _ => (format!("{call} * {n}"), format!("{f} * n"), valid),
            }
        }
    };
    (class, s, ok)
}

/// A WHERE condition: (class, SQL, valid paths).
fn condition(rng: &mut Rng, depth: usize) -> (String, String, bool) {
    if depth > 0 && rng.chance(30) {
        let (_, a, va) = condition(rng, depth - 1);
        if rng.chance(25) {
            return ("WHERE NOT".into(), format!("NOT ({a})"), va);
        }
        let (_, b, vb) = condition(rng, depth - 1);
        let op = *rng.pick(&["AND", "OR"]);
        return (format!("WHERE {op}"), format!("({a}) {op} ({b})"), va && vb);
    }
    let (p1, v1) = paths(rng, 1);
    let (f, s, v) = match rng.below(6) {
        0 => {
            let c = candidate(rng);
            if rng.chance(40) {
                ("JSON_CONTAINS", format!("JSON_CONTAINS(doc, {c})"), true)
            } else {
                (
                    "JSON_CONTAINS",
                    format!("JSON_CONTAINS(doc, {c}, {p1})"),
                    v1,
                )
            }
        }
        1 => {
            let n = 1 + rng.below(2);
            let (ps, v) = paths(rng, n);
            let m = *rng.pick(&["'one'", "'all'"]);
            (
                "JSON_CONTAINS_PATH",
                format!("JSON_CONTAINS_PATH(doc, {m}, {ps})"),
                v,
            )
        }
        2 => ("JSON_EXISTS", format!("JSON_EXISTS(doc, {p1})"), v1),
        3 => ("JSON_VALID", "JSON_VALID(doc)".to_string(), true),
        4 => (
            "JSON_EXISTS IS NULL",
            format!("JSON_EXISTS(doc, {p1}) IS NULL"),
            v1,
        ),
        _ => {
            let not = if rng.chance(50) { " NOT" } else { "" };
            (
                "JSON_CONTAINS_PATH IS NULL",
                format!("JSON_CONTAINS_PATH(doc, 'one', {p1}) IS{not} NULL"),
                v1,
            )
        }
    };
    (format!("WHERE {f}"), s, v)
}

/// One statement: (class, SQL, valid paths, prepared).
pub fn statement(rng: &mut Rng) -> (String, String, bool, bool) {
    let prepared = rng.chance(35);
    if rng.chance(25) {
        let (class, cond, v) = condition(rng, 2);
        let limit = if rng.chance(30) {
            format!(" LIMIT {}", rng.below(5))
        } else {
            String::new()
        };
        let sel = if rng.chance(50) { "id" } else { "id, doc" };
        return (
            class,
            format!("SELECT {sel} FROM docs WHERE {cond}{limit}"),
            v,
            prepared,
        );
    }
    let (class, it, v) = item(rng);
    let alias = if rng.chance(20) { " AS r" } else { "" };
    let mut sql = format!("SELECT id, {it}{alias} FROM docs");
    if rng.chance(15) {
        let (_, cond, _) = condition(rng, 1);
        sql.push_str(&format!(" WHERE {cond}"));
    }
    if rng.chance(10) {
        sql.push_str(&format!(" LIMIT {}", 1 + rng.below(30)));
        // LIMIT without ORDER BY picks rows in server order; both copies
        // are scanned in primary-key order.
        sql = sql.replace(" LIMIT", " ORDER BY id LIMIT");
    }
    (class, sql, v, prepared)
}

// ---- the run ------------------------------------------------------------

#[derive(Default, Clone, Copy)]
pub struct Counts {
    pub run: u64,
    pub answered: u64,
    pub refused: u64,
    pub both_error: u64,
    pub wrong: u64,
    pub valid_run: u64,
    pub valid_refused: u64,
}

pub struct Fuzz {
    truth: Conn,
    sq: Conn,
    pub counts: BTreeMap<String, Counts>,
    pub failures: Vec<String>,
    docs: Vec<Option<String>>,
    seeds: Vec<u64>,
    _squeeze: Squeeze,
}

impl Fuzz {
    pub async fn setup(db: &dyn TestServer) -> Fuzz {
        for name in [TRUTH, SQ] {
            db.fresh_db(name);
            let json = if name == TRUTH {
                "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
            } else {
                "LONGBLOB"
            };
            db.root_sql(&format!(
                "USE {name}; CREATE TABLE docs (id INT PRIMARY KEY, doc {json} NULL);"
            ));
        }
        let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
        let squeeze = Squeeze::for_server(
            db,
            &[
                "--dictionaries",
                dicts,
                "--compress",
                "jf_sq.docs.doc=reddit_comments",
            ],
        );
        Fuzz {
            truth: connect(db.port(), TRUTH).await,
            sq: connect(squeeze.port, SQ).await,
            counts: BTreeMap::new(),
            failures: Vec::new(),
            docs: Vec::new(),
            seeds: Vec::new(),
            _squeeze: squeeze,
        }
    }

    async fn load(&mut self, rng: &mut Rng) {
        self.truth.query_drop("DELETE FROM docs").await.unwrap();
        self.sq.query_drop("DELETE FROM docs").await.unwrap();
        self.docs.clear();
        for id in 1..=DOCS {
            let mut doc = document(rng);
            let lit = |d: &Option<String>| d.as_deref().map_or("NULL".into(), sql_string);
            let ins = |d: &Option<String>| {
                format!("INSERT INTO docs (id, doc) VALUES ({id}, {})", lit(d))
            };
            if self.sq.query_drop(ins(&doc)).await.is_err() {
                doc = None;
                self.sq.query_drop(ins(&doc)).await.unwrap();
            }
            self.truth.query_drop(ins(&doc)).await.unwrap();
            self.docs.push(doc);
        }
    }

    /// `count` statements from `seed` over a fresh set of documents.
    pub async fn run_seed(&mut self, seed: u64, count: usize) {
        self.seeds.push(seed);
        let mut rng = Rng::new(seed);
        self.load(&mut rng).await;
        for _ in 0..count {
            let (class, sql, valid, prepared) = statement(&mut rng);
            let truth = run(&mut self.truth, &sql, prepared).await;
            let sq = run(&mut self.sq, &sql, prepared).await;
            let verdict = judge(&truth, &sq);
            let c = self.counts.entry(class.clone()).or_default();
            c.run += 1;
            c.valid_run += u64::from(valid);
            match &verdict {
                Verdict::Same => c.answered += 1,
                Verdict::Refused => {
                    c.refused += 1;
                    c.valid_refused += u64::from(valid);
                    if std::env::var_os("JSON_FUZZ_SHOW_REFUSED").is_some() {
                        if let Answer::Error(_, m) = &sq {
                            println!("REFUSED [{class}]: {sql}\n    {m}");
                        }
                    }
                }
                Verdict::BothError => c.both_error += 1,
                Verdict::Wrong(d) | Verdict::Leak(d) => {
                    c.wrong += 1;
                    let p = if prepared { " (prepared)" } else { "" };
                    let docs = self.involved(&truth, &sq);
                    let msg = format!(
                        "WRONG [{class}] seed={seed:#x}{p}: {sql}\n    {d}\n{docs}\n    truth: {}\n    squeeze: {}",
                        show(&truth),
                        show(&sq)
                    );
                    println!("{msg}");
                    self.failures.push(msg);
                }
            }
        }
    }

    /// The documents whose rows differ (rows start with the id).
    fn involved(&self, truth: &Answer, sq: &Answer) -> String {
        let rows = |a: &Answer| -> BTreeMap<Vec<u8>, Vec<Option<Vec<u8>>>> {
            match a {
                Answer::Rows(sets) => sets
                    .iter()
                    .flat_map(|(_, r)| r.iter())
                    .filter_map(|r| Some((r.first()?.clone()?, r.clone())))
                    .collect(),
                _ => BTreeMap::new(),
            }
        };
        let (a, b) = (rows(truth), rows(sq));
        let mut ids: Vec<Vec<u8>> = a
            .iter()
            .filter(|(k, v)| b.get(*k) != Some(v))
            .map(|(k, _)| k.clone())
            .collect();
        ids.extend(b.keys().filter(|k| !a.contains_key(*k)).cloned());
        ids.sort();
        ids.dedup();
        let mut out = String::new();
        for id in ids.iter().take(4) {
            let n: usize = String::from_utf8_lossy(id).parse().unwrap_or(0);
            let doc = n
                .checked_sub(1)
                .and_then(|i| self.docs.get(i))
                .cloned()
                .flatten();
            out.push_str(&format!(
                "    doc {n}: {}\n    truth row: {:?}\n    squeeze row: {:?}\n",
                doc.as_deref().unwrap_or("NULL"),
                a.get(id).map(|r| show_row(r)),
                b.get(id).map(|r| show_row(r))
            ));
        }
        out
    }

    pub fn totals(&self) -> Counts {
        let mut t = Counts::default();
        for c in self.counts.values() {
            t.run += c.run;
            t.answered += c.answered;
            t.refused += c.refused;
            t.both_error += c.both_error;
            t.wrong += c.wrong;
            t.valid_run += c.valid_run;
            t.valid_refused += c.valid_refused;
        }
        t
    }

    pub fn report(&self) -> String {
        let mut out = String::from(
            "| class | run | answered | refused | both-error | wrong | refused % | refused % (valid paths) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        for (class, c) in &self.counts {
            out.push_str(&format!(
                "| {class} | {} | {} | {} | {} | {} | {:.1}% | {:.1}% |\n",
                c.run,
                c.answered,
                c.refused,
                c.both_error,
                c.wrong,
                pct(c.refused, c.run),
                pct(c.valid_refused, c.valid_run)
            ));
        }
        let t = self.totals();
        out.push_str(&format!(
            "| all | {} | {} | {} | {} | {} | {:.1}% | {:.1}% |\n",
            t.run,
            t.answered,
            t.refused,
            t.both_error,
            t.wrong,
            pct(t.refused, t.run),
            pct(t.valid_refused, t.valid_run)
        ));
        out.push_str(&format!(
            "RESULT json_fuzz seeds={:x?} statements={} answered={} refused={} refused_pct={:.1} valid_path_refused_pct={:.1} both_error={} wrong={}\n",
            self.seeds,
            t.run,
            t.answered,
            t.refused,
            pct(t.refused, t.run),
            pct(t.valid_refused, t.valid_run),
            t.both_error,
            t.wrong
        ));
        out
    }
}

fn show_row(r: &[Option<Vec<u8>>]) -> String {
    r.iter()
        .map(|v| match v {
            None => "NULL".to_string(),
            Some(b) => String::from_utf8_lossy(b).into_owned(),
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn show(a: &Answer) -> String {
    match a {
        Answer::Error(c, m) => format!("ERROR {c}: {m}"),
        Answer::Rows(sets) => sets
            .iter()
            .map(|(cols, rows)| {
                format!(
                    "cols {:?}; {} rows",
                    cols.iter()
                        .map(|c| (
                            c.name.as_str(),
                            c.column_type,
                            c.charset,
                            c.flags,
                            c.length,
                            c.decimals
                        ))
                        .collect::<Vec<_>>(),
                    rows.len()
                )
            })
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// Seeds and count from JSON_FUZZ_SEEDS (comma list, decimal or 0x hex)
/// and JSON_FUZZ_COUNT (statements per seed), else the defaults.
pub fn params(seeds: &[u64], count: usize) -> (Vec<u64>, usize) {
    let seeds = match std::env::var("JSON_FUZZ_SEEDS") {
        Ok(s) if !s.trim().is_empty() => s
            .split(',')
            .map(|x| {
                let x = x.trim();
                match x.strip_prefix("0x") {
                    Some(h) => u64::from_str_radix(h, 16).expect("hex seed"),
                    None => x.parse().expect("seed"),
                }
            })
            .collect(),
        _ => seeds.to_vec(),
    };
    let count = std::env::var("JSON_FUZZ_COUNT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(count);
    (seeds, count)
}
