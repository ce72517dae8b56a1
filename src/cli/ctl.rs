//! `squeeze ctl`: the admin view as tables, like `maxctrl list sessions`.
//! Talks HTTP/1.1 to the admin endpoint of a running squeeze (plain
//! `http://host:port`; put TLS in front with a tunnel if the admin port
//! leaves the machine). Table layout is pure (`table`); the request is the
//! only I/O.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use serde_json::Value;

#[derive(clap::Args, Debug)]
pub struct CtlArgs {
    #[command(subcommand)]
    pub what: CtlCommand,
    /// Admin endpoint of the running squeeze (its `[admin] listen`).
    #[arg(
        long,
        global = true,
        default_value = "http://127.0.0.1:9033",
        env = "SQUEEZE_ADMIN"
    )]
    pub admin: String,
    /// Environment variable holding the admin token (`[admin] token`),
    /// sent as `Authorization: Bearer`; never passed on the command line.
    #[arg(long, global = true, value_name = "VAR")]
    pub token_env: Option<String>,
}

#[derive(clap::Subcommand, Debug, Clone, Copy)]
pub enum CtlCommand {
    /// Client sessions: user, client address, schema, backend threads,
    /// state, time in state, bytes, TLS and compression.
    Sessions,
    /// Shards: address, up/down, connections open/idle, sessions waiting,
    /// last error.
    Backends,
    /// Compressed columns: codec, dictionary, ratio, values written/read,
    /// refusals.
    Columns,
    /// Dictionaries: id, name, source, size, trained ratio, columns.
    Dictionaries,
    /// The running configuration (secrets redacted), as JSON.
    Config,
    /// Re-read the configuration file (as SIGHUP does) and print the outcome.
    Reload,
}

/// Runs the command; `Ok(false)` when squeeze refused a reload.
pub fn run(args: &CtlArgs) -> anyhow::Result<bool> {
    let token = match &args.token_env {
        Some(var) => Some(
            std::env::var(var)
                .map_err(|_| anyhow::anyhow!("--token-env {var}: the variable is not set"))?,
        ),
        None => None,
    };
    let (method, path) = match args.what {
        CtlCommand::Sessions => ("GET", "/sessions"),
        CtlCommand::Backends => ("GET", "/backends"),
        CtlCommand::Columns => ("GET", "/columns"),
        CtlCommand::Dictionaries => ("GET", "/dictionaries"),
        CtlCommand::Config => ("GET", "/config"),
        CtlCommand::Reload => ("POST", "/reload"),
    };
    let (status, body) = request(&args.admin, method, path, token.as_deref())?;
    let doc: Value = serde_json::from_str(&body).map_err(|e| {
        anyhow::anyhow!(
            "{} {path} answered {status} with no JSON ({e}): {}",
            args.admin,
            body.trim()
        )
    })?;
    if status == 401 {
        anyhow::bail!(
            "{} {path}: 401, the admin view needs its token: export it in a variable and pass --token-env VAR",
            args.admin
        );
    }
    if matches!(args.what, CtlCommand::Reload) {
        if status == 200 {
            println!(
                "reloaded: {} shard(s), {} column(s), {} dictionary(ies)",
                doc["shards"], doc["columns"], doc["dictionaries"]
            );
            return Ok(true);
        }
        eprintln!(
            "{}",
            terminal_safe(doc["error"].as_str().unwrap_or("reload refused"))
        );
        for e in doc["errors"].as_array().into_iter().flatten() {
            eprintln!("  {}", terminal_safe(e.as_str().unwrap_or_default()));
        }
        return Ok(false);
    }
    if status != 200 {
        anyhow::bail!(
            "{} {path}: {status}: {}",
            args.admin,
            terminal_safe(doc["error"].as_str().unwrap_or(body.trim()))
        );
    }
    print!("{}", render(args.what, &doc));
    Ok(true)
}

/// One table row from one element of the endpoint's list.
type RowFn = fn(&Value) -> Vec<String>;

/// The table (or, for `config`, the JSON) printed for `doc`.
pub fn render(what: CtlCommand, doc: &Value) -> String {
    let rows = |key: &str| doc[key].as_array().cloned().unwrap_or_default();
    let (header, key, row): (&[&str], &str, RowFn) = match what {
        CtlCommand::Sessions => (
            &[
                "ID",
                "USER",
                "CLIENT",
                "SCHEMA",
                "BACKENDS",
                "STATE",
                "TIME",
                "IN",
                "OUT",
                "TLS",
                "COMPRESSED",
            ],
            "sessions",
            session_row,
        ),
        CtlCommand::Backends => (
            &[
                "SHARD",
                "ADDRESS",
                "STATE",
                "OPEN",
                "IDLE",
                "WAITING",
                "LAST ERROR",
            ],
            "backends",
            backend_row,
        ),
        CtlCommand::Columns => (
            &[
                "COLUMN",
                "CODEC",
                "DICTIONARY",
                "RATIO",
                "WRITTEN",
                "READ",
                "REFUSED",
            ],
            "columns",
            column_row,
        ),
        CtlCommand::Dictionaries => (
            &[
                "ID",
                "NAME",
                "CODEC",
                "SOURCE",
                "SIZE",
                "TRAINED RATIO",
                "COLUMNS",
            ],
            "dictionaries",
            dictionary_row,
        ),
        CtlCommand::Config | CtlCommand::Reload => {
            return format!(
                "{}\n",
                serde_json::to_string_pretty(doc).unwrap_or_default()
            )
        }
    };
    table(header, rows(key).iter().map(row).collect())
}

fn session_row(s: &Value) -> Vec<String> {
    let backends: Vec<String> = s["backends"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| format!("{}:{}", text(&b["shard"]), text(&b["thread_id"])))
        .collect();
    let state = match s["command"].as_str() {
        Some(c) => c.to_string(),
        None => "idle".into(),
    };
    vec![
        text(&s["id"]),
        text(&s["user"]),
        text(&s["client"]),
        text(&s["schema"]),
        backends.join(","),
        state,
        seconds(&s["time_in_state_ms"]),
        text(&s["bytes_from_client"]),
        text(&s["bytes_to_client"]),
        yes_no(&s["tls"]),
        yes_no(&s["compressed"]),
    ]
}

fn backend_row(b: &Value) -> Vec<String> {
    vec![
        text(&b["shard"]),
        text(&b["address"]),
        if b["up"].as_bool() == Some(true) {
            "up".into()
        } else {
            "down".into()
        },
        text(&b["connections_open"]),
        text(&b["connections_idle"]),
        text(&b["sessions_waiting"]),
        text(&b["last_error"]),
    ]
}

fn column_row(c: &Value) -> Vec<String> {
    vec![
        text(&c["column"]),
        format!("{} {}", text(&c["codec"]), text(&c["level"])),
        match c["dictionary"].is_object() {
            true => format!(
                "{} #{}",
                text(&c["dictionary"]["name"]),
                text(&c["dictionary"]["id"])
            ),
            false => "-".into(),
        },
        ratio(&c["ratio"]),
        text(&c["values_written"]),
        text(&c["values_read"]),
        text(&c["refusals"]),
    ]
}

fn dictionary_row(d: &Value) -> Vec<String> {
    vec![
        text(&d["id"]),
        text(&d["name"]),
        text(&d["codec"]),
        text(&d["source"]),
        text(&d["size_bytes"]),
        ratio(&d["trained_ratio"]),
        d["columns"]
            .as_array()
            .into_iter()
            .flatten()
            .map(text)
            .collect::<Vec<_>>()
            .join(","),
    ]
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn yes_no(v: &Value) -> String {
    if v.as_bool() == Some(true) {
        "yes"
    } else {
        "no"
    }
    .into()
}

fn seconds(ms: &Value) -> String {
    ms.as_u64()
        .map_or("-".into(), |ms| format!("{:.1}s", ms as f64 / 1000.0))
}

fn ratio(v: &Value) -> String {
    v.as_f64().map_or("-".into(), |r| format!("{r:.2}"))
}

/// `s` safe for the operator's terminal: control characters (C0, DEL,
/// C1, which start escape sequences) and bidirectional overrides, which a
/// client can put in a database or user name, are shown escaped (`\u{1b}`)
/// instead of being interpreted.
pub fn terminal_safe(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let bidi = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}');
        if c.is_control() || bidi || c == '\\' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Columns padded to their widest cell, two spaces apart; the header
/// first, then one line per row. Cells are made terminal-safe.
pub fn table(headers: &[&str], rows: Vec<Vec<String>>) -> String {
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|r| r.iter().map(|c| terminal_safe(c)).collect())
        .collect();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut out = String::new();
        for (i, (cell, w)) in cells.zip(&widths).enumerate() {
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(cell);
            if i + 1 < widths.len() {
                out.extend(std::iter::repeat_n(' ', w - cell.chars().count()));
            }
        }
        out.push('\n');
        out
    };
    let mut out = line(&mut headers.iter().copied());
    for row in &rows {
        out.push_str(&line(&mut row.iter().map(String::as_str)));
    }
    out
}

/// One HTTP/1.1 request (`Connection: close`); returns (status, body).
fn request(
    admin: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
) -> anyhow::Result<(u16, String)> {
    let hostport = admin
        .strip_prefix("http://")
        .ok_or_else(|| anyhow::anyhow!("--admin {admin:?}: expected http://HOST:PORT"))?
        .trim_end_matches('/');
    let addr = hostport
        .to_socket_addrs()
        .map_err(|e| anyhow::anyhow!("--admin {admin}: {e}"))?
        .next()
        .ok_or_else(|| anyhow::anyhow!("--admin {admin}: no address"))?;
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).map_err(|e| {
        anyhow::anyhow!("cannot reach the admin endpoint at {admin}: {e} (is squeeze running with [admin] listen = \"{hostport}\"?)")
    })?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {hostport}\r\n{auth}Content-Length: 0\r\nConnection: close\r\n\r\n"
    )?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf)?;
    parse_response(&buf).ok_or_else(|| anyhow::anyhow!("{admin}{path}: not an HTTP response"))
}

/// (status, body) of an HTTP/1.1 response, chunked or not.
pub fn parse_response(raw: &[u8]) -> Option<(u16, String)> {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase().starts_with("transfer-encoding:")
            && l.to_ascii_lowercase().contains("chunked")
    });
    if !chunked {
        return Some((status, body.to_string()));
    }
    let mut out = String::new();
    let mut rest = body;
    loop {
        let (size, after) = rest.split_once("\r\n")?;
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        if n == 0 {
            break;
        }
        out.push_str(after.get(..n)?);
        rest = after.get(n + 2..)?;
    }
    Some((status, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_a_session_row_reach_the_terminal_escaped() {
        let doc = serde_json::json!({"sessions": [{
            "id": 1, "user": "app\u{1b}]0;owned\u{7}", "client": "127.0.0.1:1",
            "schema": "db\u{1b}[2J\u{9b}31m\u{202e}txt.exe\r\n", "backends": [],
            "state": "idle", "time_in_state_ms": 0, "bytes_from_client": 0,
            "bytes_to_client": 0, "tls": false, "compressed": false,
        }]});
        let out = render(CtlCommand::Sessions, &doc);
        assert!(
            !out.chars()
                .any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'),
            "{out:?}"
        );
        assert_eq!(out.lines().count(), 2, "{out}");
        assert!(out.contains("db\\u{1b}[2J"), "{out}");
    }

    #[test]
    fn table_columns_line_up_under_their_headers() {
        let t = table(
            &["ID", "USER"],
            vec![
                vec!["7".into(), "app".into()],
                vec!["1234".into(), "x".into()],
            ],
        );
        assert_eq!(t, "ID    USER\n7     app\n1234  x\n");
    }

    #[test]
    fn a_chunked_response_is_joined() {
        let raw = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n";
        assert_eq!(parse_response(raw), Some((200, "{\"a\":1}".into())));
    }
}
