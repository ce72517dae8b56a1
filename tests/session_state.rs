//! Issue 32, "ask the server": squeeze learns the session's sql_mode,
//! character set and schema from the server's session tracking, so a
//! change made by dynamic SQL or a mode alias is seen as the server
//! applied it; a client gets exactly the session-state information it
//! would get directly; version comments run exactly when the server runs
//! them; and a multi-statement query whose later statement depends on a
//! change squeeze cannot know yet is refused.

mod support;

use mysql_async::prelude::*;
use mysql_async::Conn;
use support::raw::RawConn;
use support::{dump, MariaDb, Squeeze, APP_PASS, APP_USER};

const CLIENT_SESSION_TRACK: u32 = 1 << 23;
const CLIENT_MULTI_STATEMENTS: u32 = 1 << 16;

/// A document with backslashes, quotes and a newline escape in its JSON.
const DOC: &str = r#"{"a":"x\\y","path":"C:\\temp\\new","q":"it's \"quoted\"","n":"line\nnext","pad":"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz"}"#;

/// The literal as a client writes it with backslash escapes on.
fn lit(s: &str) -> String {
    let mut o = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            '\'' => o.push_str("\\'"),
            '"' => o.push_str("\\\""),
            c => o.push(c),
        }
    }
    o.push('\'');
    o
}

/// The literal under NO_BACKSLASH_ESCAPES (only quotes doubled).
fn lit_nbe(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

async fn connect(sq: &Squeeze, schema: &str) -> Conn {
    dump::connect(sq.port, Some(schema)).await
}

/// (starts with the squeeze magic, stored length) of `schema.docs` row `id`.
fn stored(db: &MariaDb, schema: &str, id: i64) -> (bool, usize) {
    let out = db.root_sql(&format!(
        "SELECT LEFT(doc, 1) = UNHEX('F5'), LENGTH(doc) FROM {schema}.docs WHERE id = {id}"
    ));
    let line = out
        .lines()
        .nth(1)
        .unwrap_or_else(|| panic!("row {id} missing"));
    let f: Vec<&str> = line.split('\t').collect();
    (f[0] == "1", f[1].parse().unwrap())
}

async fn read_back(c: &mut Conn, id: i64) -> Vec<u8> {
    let v: Option<Vec<u8>> = c
        .query_first(format!("SELECT doc FROM docs WHERE id = {id}"))
        .await
        .unwrap_or_else(|e| panic!("reading row {id}: {e}"));
    v.unwrap()
}

async fn refusal(c: &mut Conn, sql: &str) -> String {
    match c.query_drop(sql).await {
        Err(mysql_async::Error::Server(e)) => {
            assert_eq!(
                (e.code, e.state.as_str()),
                (1235, "42000"),
                "{sql}: {}",
                e.message
            );
            e.message
        }
        other => panic!("expected ERR 1235 for {sql}, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_written_after_dynamic_sql_changed_no_backslash_escapes_reads_back_byte_identical()
{
    let db = MariaDb::shared();
    let schema = "st_nbe";
    let sq = Squeeze::for_docs_table(db, schema);
    db.root_sql(&format!(
        "CREATE PROCEDURE {schema}.set_nbe() SET sql_mode = 'NO_BACKSLASH_ESCAPES'"
    ));
    // Each way of turning the mode on (or off) dynamically, then a write
    // whose literal is spelled for the mode the server now has.
    let cases: [(&[&str], bool); 5] = [
        (
            &[
                "PREPARE s FROM 'SET sql_mode=''NO_BACKSLASH_ESCAPES'''",
                "EXECUTE s",
            ],
            true,
        ),
        (
            &["EXECUTE IMMEDIATE 'SET sql_mode=''NO_BACKSLASH_ESCAPES'''"],
            true,
        ),
        (
            &["SET @m = 'NO_BACKSLASH_ESCAPES'", "SET sql_mode = @m"],
            true,
        ),
        // A procedure runs under its own saved mode; the caller's returns.
        (&["CALL set_nbe()"], false),
        // The reverse: on statically, cleared by dynamic SQL.
        (
            &[
                "SET sql_mode = 'NO_BACKSLASH_ESCAPES'",
                "EXECUTE IMMEDIATE 'SET sql_mode='''''",
            ],
            false,
        ),
    ];
    for (i, (setup, nbe)) in cases.iter().enumerate() {
        let id = i as i64 + 1;
        let mut c = connect(&sq, schema).await;
        for s in *setup {
            c.query_drop(*s)
                .await
                .unwrap_or_else(|e| panic!("{s}: {e}"));
        }
        let mode: String = c.query_first("SELECT @@sql_mode").await.unwrap().unwrap();
        assert_eq!(
            mode.contains("NO_BACKSLASH_ESCAPES"),
            *nbe,
            "{setup:?}: {mode}"
        );
        let literal = if *nbe { lit_nbe(DOC) } else { lit(DOC) };
        c.query_drop(format!(
            "INSERT INTO docs (id, doc) VALUES ({id}, {literal})"
        ))
        .await
        .unwrap_or_else(|e| panic!("{setup:?}: {e}"));
        let (compressed, _) = stored(db, schema, id);
        assert!(compressed, "{setup:?}: stored raw");
        assert_eq!(
            String::from_utf8(read_back(&mut c, id).await).unwrap(),
            DOC,
            "{setup:?}: reads back differently"
        );
    }
    // Every row stays readable from a fresh session.
    let mut c = connect(&sq, schema).await;
    let n: Vec<Vec<u8>> = c.query("SELECT doc FROM docs ORDER BY id").await.unwrap();
    assert_eq!(n.len(), cases.len());
    assert!(n.iter().all(|d| d == DOC.as_bytes()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mode_aliases_that_include_ansi_quotes_are_read_as_the_server_expanded_them() {
    let db = MariaDb::shared();
    let schema = "st_alias";
    let sq = Squeeze::for_docs_table(db, schema);
    let doc = r#"{"k":"value with x inside","pad":"0123456789012345678901234567890123456789012345678901234567890123456789"}"#;
    for (i, mode) in ["MSSQL", "POSTGRESQL", "DB2", "MAXDB", "ORACLE", "ANSI"]
        .iter()
        .enumerate()
    {
        let id = i as i64 + 1;
        for how in [
            format!("SET sql_mode = '{mode}'"),
            format!("EXECUTE IMMEDIATE 'SET sql_mode=''{mode}'''"),
        ] {
            let mut c = connect(&sq, schema).await;
            c.query_drop(&how).await.unwrap();
            // `"doc"` is the column here: squeeze must compress it.
            c.query_drop(format!("DELETE FROM docs WHERE id = {id}"))
                .await
                .unwrap();
            c.query_drop(format!(
                "INSERT INTO docs (id, \"doc\") VALUES ({id}, '{doc}')"
            ))
            .await
            .unwrap_or_else(|e| panic!("{how}: {e}"));
            assert!(stored(db, schema, id).0, "{how}: stored raw");
            // A function of the column is refused, never computed on the
            // compressed bytes.
            let msg = refusal(
                &mut c,
                "SELECT id FROM docs WHERE LENGTH(\"doc\") > 0 AND \"doc\" LIKE '%x%'",
            )
            .await;
            assert!(msg.contains("docs.doc`"), "{how}: {msg}");
            let back: Vec<u8> = c
                .query_first(format!("SELECT \"doc\" FROM docs WHERE id = {id}"))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(back, doc.as_bytes(), "{how}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn version_comments_run_exactly_when_the_server_runs_them() {
    let db = MariaDb::shared();
    let schema = "st_version";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    let doc =
        r#"{"k":"a document long enough to be compressed by squeeze, 0123456789 0123456789"}"#;
    let hex: String = doc.bytes().map(|b| format!("{b:02x}")).collect();
    // MariaDB 10.11 skips a comment of version 11.0, so the server stores
    // the hex literal: squeeze must see it as the value.
    for (id, opener) in [(1, "/*!110000"), (2, "/*M!110000"), (3, "/*!80000")] {
        c.query_drop(format!(
            "INSERT INTO docs (id, doc) VALUES ({id}, {opener} NULL) -- '*/ 0x{hex})"
        ))
        .await
        .unwrap_or_else(|e| panic!("{opener}: {e}"));
        assert!(stored(db, schema, id).0, "{opener}: stored raw");
        assert_eq!(read_back(&mut c, id).await, doc.as_bytes(), "{opener}");
    }
    // ... and a comment it runs is code.
    c.query_drop(format!(
        "INSERT INTO docs (id, doc) VALUES (4, /*!100100 0x{hex} */)"
    ))
    .await
    .unwrap();
    assert!(stored(db, schema, 4).0);
    assert_eq!(read_back(&mut c, 4).await, doc.as_bytes());
    // A skipped comment hides a `1 --` that would otherwise make the rest
    // a comment: the server computes LENGTH(doc), which squeeze refuses.
    let msg = refusal(&mut c, "SELECT /*!110000 1 -- '*/ LENGTH(doc) FROM docs").await;
    assert!(msg.contains("docs.doc`"), "{msg}");
    // A comment the server runs, around a column read, is read as code.
    let rows: Vec<Vec<u8>> = c
        .query("SELECT /*!100100 doc */ FROM docs WHERE id = 4")
        .await
        .unwrap();
    assert_eq!(rows, vec![doc.as_bytes().to_vec()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_statement_after_dynamic_sql_in_one_query_is_refused_when_it_touches_a_compressed_column()
{
    let db = MariaDb::shared();
    let schema = "st_multi";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut c = connect(&sq, schema).await;
    let doc = r#"{"a":"x\\y","pad":"0123456789012345678901234567890123456789012345678901234567890123456789"}"#;
    for first in [
        "EXECUTE IMMEDIATE 'SET sql_mode=''NO_BACKSLASH_ESCAPES'''",
        "SET @m = 'NO_BACKSLASH_ESCAPES'; SET sql_mode = @m",
        "SET NAMES latin1",
    ] {
        let sql = format!(
            "{first}; INSERT INTO docs (id, doc) VALUES (1, {})",
            lit_nbe(doc)
        );
        let msg = refusal(&mut c, &sql).await;
        assert!(
            msg.contains("`docs`.`doc`") && msg.contains("separate"),
            "{msg}"
        );
        c.query_drop("SET sql_mode = DEFAULT, NAMES utf8mb4")
            .await
            .unwrap();
    }
    // A statement that names no compressed column still runs, and a known
    // literal mode is planned in order.
    c.query_drop("EXECUTE IMMEDIATE 'SET @z = 1'; SELECT 1")
        .await
        .unwrap();
    c.query_drop(format!(
        "SET sql_mode = 'NO_BACKSLASH_ESCAPES'; INSERT INTO docs (id, doc) VALUES (2, {})",
        lit_nbe(doc)
    ))
    .await
    .unwrap();
    assert!(stored(db, schema, 2).0);
    c.query_drop("SET sql_mode = DEFAULT").await.unwrap();
    assert_eq!(read_back(&mut c, 2).await, doc.as_bytes());
    // The next query sees the mode the server reported.
    c.query_drop("EXECUTE IMMEDIATE 'SET sql_mode=''NO_BACKSLASH_ESCAPES'''")
        .await
        .unwrap();
    c.query_drop(format!(
        "INSERT INTO docs (id, doc) VALUES (3, {})",
        lit_nbe(doc)
    ))
    .await
    .unwrap();
    assert_eq!(read_back(&mut c, 3).await, doc.as_bytes());
}

/// Every packet of each statement's answer, through `port`; OK packets
/// with session-state information in canonical form (see `canonical_ok`).
fn answers(port: u16, db: &str, flags: u32, statements: &[&str]) -> Vec<Vec<Vec<u8>>> {
    let mut c = RawConn::login_with(port, APP_USER, APP_PASS, Some(db), 0, flags, None)
        .unwrap_or_else(|e| panic!("login: {}", String::from_utf8_lossy(&e)));
    let tracking = flags & CLIENT_SESSION_TRACK != 0;
    statements
        .iter()
        .map(|s| {
            c.simple(s)
                .into_iter()
                .map(|p| if tracking { canonical_ok(p) } else { p })
                .collect()
        })
        .collect()
}

/// A length-encoded integer at `*at`, advancing past it.
fn lenenc(p: &[u8], at: &mut usize) -> usize {
    let (v, n) = match p[*at] {
        0xfc => (u16::from_le_bytes([p[*at + 1], p[*at + 2]]) as usize, 3),
        0xfd => (
            u32::from_le_bytes([p[*at + 1], p[*at + 2], p[*at + 3], 0]) as usize,
            4,
        ),
        0xfe => (
            u64::from_le_bytes(p[*at + 1..*at + 9].try_into().unwrap()) as usize,
            9,
        ),
        b => (b as usize, 1),
    };
    *at += n;
    v
}

/// An OK packet (of a client with CLIENT_SESSION_TRACK) whose tracked
/// system variables are listed in sorted order. MariaDB lists the changed
/// variables in the order of its per-session hash of tracked variables,
/// which differs between a session tracking one list and one tracking a
/// longer one (and between server processes): the order carries no
/// meaning, the entries do, and those must be the same bytes.
fn canonical_ok(p: Vec<u8>) -> Vec<u8> {
    const SESSION_STATE_CHANGED: u16 = 0x4000;
    if p.len() < 7 || p[0] != 0 {
        return p;
    }
    let mut at = 1;
    lenenc(&p, &mut at);
    lenenc(&p, &mut at);
    let status = u16::from_le_bytes([p[at], p[at + 1]]);
    at += 4;
    if status & SESSION_STATE_CHANGED == 0 || at >= p.len() {
        return p;
    }
    let info = lenenc(&p, &mut at);
    at += info;
    let state_start = at;
    let state_len = lenenc(&p, &mut at);
    let body = &p[at..at + state_len];
    let mut entries: Vec<(u8, &[u8])> = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let kind = body[i];
        let mut j = i + 1;
        let len = lenenc(body, &mut j);
        entries.push((kind, &body[i..j + len]));
        i = j + len;
    }
    let mut vars: Vec<&[u8]> = entries.iter().filter(|e| e.0 == 0).map(|e| e.1).collect();
    vars.sort();
    let mut vars = vars.into_iter();
    let mut out = p[..state_start].to_vec();
    out.extend_from_slice(&p[state_start..at]);
    for (kind, bytes) in &entries {
        out.extend_from_slice(if *kind == 0 {
            vars.next().unwrap()
        } else {
            bytes
        });
    }
    out.extend_from_slice(&p[at + state_len..]);
    out
}

#[test]
fn a_client_gets_exactly_the_session_state_information_it_would_get_directly() {
    let db = MariaDb::shared();
    let schema = "st_track";
    let sq = Squeeze::for_docs_table(db, schema);
    db.root_sql(&format!("CREATE DATABASE IF NOT EXISTS {schema}_other"));
    db.root_sql(&format!(
        "GRANT ALL ON {schema}_other.* TO '{APP_USER}'@'%'"
    ));
    let other = format!("USE {schema}_other");
    let back = format!("USE {schema}");
    let statements = [
        "SET sql_mode = 'MSSQL'",
        "EXECUTE IMMEDIATE 'SET sql_mode=''ANSI_QUOTES'''",
        "SET autocommit = 0",
        "SET NAMES latin1",
        &other,
        &back,
        "SET session_track_state_change = ON",
        "SET @a = 1",
        "SET session_track_system_variables = 'time_zone'",
        "SET sql_mode = ''",
        "SET time_zone = '+01:00'",
        "SET session_track_system_variables = '*'",
        "SET sql_mode = 'ANSI'",
        "SET session_track_schema = OFF",
        &other,
        "SELECT 1",
        &back,
        "INSERT INTO docs (id, doc) VALUES (1, NULL)",
        "DELETE FROM docs WHERE id = 1",
        "SET session_track_system_variables = 'sql_mode'",
        "EXECUTE IMMEDIATE 'SET sql_mode=''NO_BACKSLASH_ESCAPES'''",
        "SET session_track_system_variables = DEFAULT, session_track_schema = DEFAULT",
        "SET sql_mode = 'ORACLE'",
    ];
    for flags in [
        0,
        CLIENT_SESSION_TRACK,
        CLIENT_SESSION_TRACK | CLIENT_MULTI_STATEMENTS,
    ] {
        let direct = answers(db.port, schema, flags, &statements);
        let through = answers(sq.port, schema, flags, &statements);
        for (i, s) in statements.iter().enumerate() {
            assert_eq!(
                through[i], direct[i],
                "flags 0x{flags:x}: `{s}` answers differently through squeeze"
            );
        }
        // `SET NAMES` changes character_set_client, which MariaDB tracks
        // by default: only a tracking client hears of it.
        if flags == 0 {
            assert!(direct[3][0].len() <= 7, "no tracking: {:?}", direct[3][0]);
        } else {
            assert!(direct[3][0].len() > 7, "tracking: {:?}", direct[3][0]);
        }
    }
}

/// The session-tracking settings a client reads are its own, not the list
/// squeeze sets on the backend session on top of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_reads_its_own_session_tracking_settings_not_squeezes() {
    let db = MariaDb::shared();
    let schema = "st_track_read";
    let sq = Squeeze::for_docs_table(db, schema);
    let q = "SELECT @@session_track_system_variables, @@SESSION.session_track_schema, @@session_track_state_change";
    let mut through = connect(&sq, schema).await;
    let mut direct = dump::connect(db.port, Some(schema)).await;
    assert_eq!(read(&mut through, q).await, read(&mut direct, q).await);
    for set in [
        "SET session_track_system_variables = 'time_zone, autocommit,time_zone'",
        "SET SESSION session_track_state_change = ON, session_track_schema = OFF",
        "SET session_track_system_variables = '*'",
    ] {
        through.query_drop(set).await.unwrap();
        direct.query_drop(set).await.unwrap();
        assert_eq!(
            read(&mut through, q).await,
            read(&mut direct, q).await,
            "{set}"
        );
    }
    // The global value is the server's.
    let global: Option<String> = through
        .query_first("SELECT @@GLOBAL.session_track_system_variables")
        .await
        .unwrap();
    let direct_global: Option<String> = direct
        .query_first("SELECT @@GLOBAL.session_track_system_variables")
        .await
        .unwrap();
    assert_eq!(global, direct_global);
}

async fn read(c: &mut Conn, q: &str) -> (String, i64, i64) {
    c.query_first(q).await.unwrap().unwrap()
}

/// `text` as the string literal `quote...quote` spelled for the mode
/// (`nbe`: NO_BACKSLASH_ESCAPES), as a client writes a statement text.
fn quoted_text(text: &str, quote: char, nbe: bool) -> String {
    let mut o = String::from(quote);
    for c in text.chars() {
        if c == quote || (c == '\\' && !nbe) {
            o.push(c);
        }
        o.push(c);
    }
    o.push(quote);
    o
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_literal_inside_prepare_or_execute_immediate_text_is_stored_compressed_and_reads_back_byte_identical(
) {
    let db = MariaDb::shared();
    let schema = "st_dyn_lit";
    let sq = Squeeze::for_docs_table(db, schema);
    let mut id = 0i64;
    for (mode, nbe) in [
        ("", false),
        ("NO_BACKSLASH_ESCAPES", true),
        ("ANSI_QUOTES", false),
        ("ANSI_QUOTES,NO_BACKSLASH_ESCAPES", true),
    ] {
        let ansi = mode.contains("ANSI_QUOTES");
        let inner = if nbe { lit_nbe(DOC) } else { lit(DOC) };
        // (statements to run, in order; `{T}` is the statement text quoted
        // as the outer literal; `{Q}` is that quote character).
        let mut forms: Vec<(Vec<String>, char, &str)> = Vec::new();
        for q in ['\'', '"'] {
            if q == '"' && ansi {
                continue; // an identifier under ANSI_QUOTES
            }
            forms.push((
                vec!["PREPARE s FROM {T}".into(), "EXECUTE s".into()],
                q,
                "insert",
            ));
            forms.push((
                vec!["PREPARE s FROM {T}; EXECUTE s; DEALLOCATE PREPARE s".into()],
                q,
                "insert",
            ));
            forms.push((vec!["EXECUTE IMMEDIATE {T}".into()], q, "insert"));
            forms.push((vec!["EXECUTE IMMEDIATE {T}".into()], q, "positional"));
            forms.push((
                vec!["EXECUTE IMMEDIATE {T} USING 1".into()],
                q,
                "placeholder",
            ));
            forms.push((
                vec!["PREPARE s FROM {T}".into(), "EXECUTE s".into()],
                q,
                "update",
            ));
        }
        for (steps, q, what) in forms {
            id += 1;
            let text = match what {
                "insert" => format!("INSERT INTO docs (id, doc) VALUES ({id}, {inner})"),
                "positional" => format!("INSERT INTO docs VALUES ({id}, {inner})"),
                "placeholder" => {
                    format!("INSERT INTO docs (id, doc) VALUES ({id} + ? - 1, {inner})")
                }
                _ => format!("UPDATE docs SET doc = {inner} WHERE id = {id}"),
            };
            let mut c = connect(&sq, schema).await;
            c.query_drop(format!("SET sql_mode = '{mode}'"))
                .await
                .unwrap();
            if what == "update" {
                c.query_drop(format!("INSERT INTO docs (id, doc) VALUES ({id}, NULL)"))
                    .await
                    .unwrap();
            }
            let t = quoted_text(&text, q, nbe);
            for s in &steps {
                let s = s.replace("{T}", &t);
                c.query_drop(&s)
                    .await
                    .unwrap_or_else(|e| panic!("mode {mode:?}: {s}: {e}"));
            }
            let (compressed, _) = stored(db, schema, id);
            assert!(compressed, "mode {mode:?}: {steps:?} {what}: stored raw");
            assert_eq!(
                String::from_utf8(read_back(&mut c, id).await).unwrap(),
                DOC,
                "mode {mode:?}: {steps:?} {what}: reads back differently"
            );
        }
    }
}
