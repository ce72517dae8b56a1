//! Session glue for bulk loads: which backend connections negotiate the
//! compressed protocol and run an adaptive writer, per-command activation
//! (LOAD DATA LOCAL, big statements), and LOAD DATA LOCAL INFILE streaming
//! with compressed columns rewritten on the way.
//!
//! Classification happens at login (user, connect attributes): those
//! sessions' backend connections negotiate `CLIENT_COMPRESS` and compress
//! adaptively for their whole life. A statement cannot switch a connection
//! to the compressed protocol later (that needs a new login, which would
//! lose session state), so LOAD DATA and big statements on other sessions
//! only get wire compression when `[bulk] negotiate = "all"`; they still get
//! column compression of their LOAD DATA files.

use std::sync::Arc;

use bytes::Bytes;

use crate::admin::metrics::METRICS;
use crate::backend::adaptive::WriterSettings;
use crate::error::{Side, SqlError, ER_NOT_SUPPORTED_YET};
use crate::transform::infile::{parse_load_data, InfileRewriter};
use crate::transform::schema::is_binary_type;
use crate::transform::write::WriteError;

use super::relay::RelayError;
use super::{Flow, Session};

/// Per-session bulk-load state.
#[derive(Default)]
pub struct BulkState {
    /// The rewriter for the LOAD DATA LOCAL statement in flight.
    infile: Option<InfileRewriter>,
    /// `classify` of the logged-in user, remembered (it is asked for every
    /// COM_QUERY); cleared by COM_CHANGE_USER.
    classified: std::cell::Cell<Option<bool>>,
}

impl BulkState {
    /// Forget the classification (a different user logged in).
    pub(super) fn user_changed(&mut self) {
        self.classified.set(None);
    }
}

impl Session {
    /// Classified bulk at login (users, connect attributes)?
    pub(super) fn bulk_session(&self) -> bool {
        if let Some(c) = self.bulk.classified.get() {
            return c;
        }
        let c = self
            .ctx
            .proxy
            .bulk
            .classify(&self.info.user, &self.info.attributes);
        self.bulk.classified.set(Some(c));
        c
    }

    /// Should the next backend connection negotiate the compressed protocol?
    pub(super) fn bulk_negotiates(&self) -> bool {
        self.ctx.proxy.bulk.negotiate_for(self.bulk_session())
    }

    /// Adaptive-writer settings for the next backend connection.
    pub(super) fn bulk_writer_settings(&self) -> Option<WriterSettings> {
        if !self.bulk_negotiates() {
            return None;
        }
        let bulk = self.bulk_session();
        let cfg = &self.ctx.proxy.bulk;
        if bulk {
            METRICS
                .bulk_sessions_total
                .with_label_values(&[&self.target().name, cfg.mode.as_str()])
                .inc();
        }
        Some(cfg.writer_settings(&self.target().name, bulk))
    }

    fn set_bulk_active(&mut self, on: bool) {
        if let Some(b) = self.backend.as_mut() {
            if let Some(w) = b.conn.adaptive() {
                w.active = on;
            }
        }
    }

    /// Called for every COM_QUERY before it is relayed. Marks bulk
    /// statements, prepares LOAD DATA LOCAL rewriting; `Some(flow)` when the
    /// statement was answered here (an ERR before any data is sent).
    pub(super) async fn bulk_before_query(&mut self, payload: &Bytes) -> Option<Flow> {
        self.bulk.infile = None;
        let (statement_bytes, load_data) = {
            let cfg = &self.ctx.proxy.bulk;
            (cfg.statement_bytes, cfg.load_data)
        };
        let sql = payload.get(1..).unwrap_or_default();
        let classified = self.bulk_session();
        let big = statement_bytes > 0 && sql.len() >= statement_bytes;
        let is_load = starts_with_load(sql);
        self.set_bulk_active(classified || big || (is_load && load_data));
        if !is_load || self.ctx.rules.is_empty() {
            return None;
        }
        let Ok(st) = parse_load_data(sql, self.lex) else {
            return None; // the server reports the syntax error
        };
        let db = match st.db.clone().or_else(|| {
            self.database
                .as_ref()
                .map(|d| String::from_utf8_lossy(d).into_owned())
        }) {
            Some(d) => d,
            None => return None,
        };
        if !self.ctx.rules.table_has(&db, &st.table) {
            return None;
        }
        if self.ctx.schema.get(&db, &st.table).is_none() {
            if let Err(e) = self.fetch_table(&db, &st.table).await {
                self.reply_error(&e);
                return Some(Flow::Continue);
            }
        }
        let info = self.ctx.schema.get(&db, &st.table);
        let input: Vec<Option<String>> = match (&st.columns, &info) {
            (Some(c), _) => c.clone(),
            (None, Some(i)) => i.columns.iter().cloned().map(Some).collect(),
            (None, None) => return None, // unknown table: the server says so
        };
        let compressed: Vec<String> = info
            .as_ref()
            .map(|i| {
                i.columns
                    .iter()
                    .filter(|c| self.ctx.rules.lookup(&db, &st.table, c).is_some())
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let mut targets = Vec::new();
        for (i, col) in input.iter().enumerate() {
            let Some(name) = col else { continue };
            let Some(rule) = self.ctx.rules.lookup(&db, &st.table, name) else {
                continue;
            };
            if let Some(t) = info.as_ref().and_then(|i| i.data_type(name)) {
                if !is_binary_type(t) {
                    let e = WriteError::NotBinary {
                        column: rule.label.clone(),
                        data_type: t.to_uppercase(),
                    };
                    self.refuse(e.to_sql_error(), e.reason_label());
                    return Some(Flow::Continue);
                }
            }
            targets.push((i, Arc::clone(rule)));
        }
        if targets.is_empty()
            && !st
                .set_names
                .iter()
                .any(|n| compressed.iter().any(|c| c.eq_ignore_ascii_case(n)))
        {
            return None;
        }
        if let Some(msg) = st.unsupported(&compressed) {
            self.refuse(
                SqlError::new(
                    Side::Client,
                    ER_NOT_SUPPORTED_YET,
                    "42000",
                    format!(
                        "squeeze: table `{db}`.`{}` has compressed columns: {msg}",
                        st.table
                    ),
                ),
                "load_data_options",
            );
            return Some(Flow::Continue);
        }
        if targets.is_empty() {
            return None;
        }
        self.bulk.infile = Some(InfileRewriter::new(st, input.len(), targets));
        None
    }

    fn refuse(&mut self, err: SqlError, label: &str) {
        METRICS
            .refused_statements_total
            .with_label_values(&[label])
            .inc();
        self.reply_error(&err);
    }

    /// LOAD DATA LOCAL INFILE: stream the client's file packets to the
    /// backend (through the adaptive writer on bulk connections), rewriting
    /// compressed columns when the statement loads any.
    pub(super) async fn bulk_local_infile(&mut self) -> Result<(), RelayError> {
        self.client.flush().await.map_err(|_| RelayError::Client)?;
        let mut rewriter = self.bulk.infile.take();
        let chunk = self
            .backend
            .as_mut()
            .and_then(|b| b.conn.adaptive().map(|w| w.chunk_size()))
            .unwrap_or(1 << 20);
        let mut out = Vec::with_capacity(chunk * 2);
        let mut failure: Option<SqlError> = None;
        loop {
            let p = match self.client.read_packet().await {
                Ok(p) => p,
                Err(_) => return Err(RelayError::Client),
            };
            let end = p.payload.is_empty();
            if failure.is_some() {
                if end {
                    break;
                }
                continue;
            }
            let backend = self.backend.as_mut().expect("backend connected");
            match rewriter.as_mut() {
                None => {
                    if !end {
                        backend.conn.write_packet(&p.payload);
                    }
                }
                Some(r) => {
                    let res = if end {
                        r.finish(&mut out)
                    } else {
                        r.feed(&p.payload, &mut out)
                    };
                    if let Err(e) = res {
                        METRICS
                            .refused_statements_total
                            .with_label_values(&[e.reason_label()])
                            .inc();
                        failure = Some(e.to_sql_error());
                        if end {
                            break;
                        }
                        continue;
                    }
                    if !out.is_empty() && (end || out.len() >= chunk) {
                        backend.conn.write_packet(&out);
                        out.clear();
                    }
                }
            }
            if end {
                backend.conn.write_packet(&[]);
                backend.conn.flush().await?;
                return Ok(());
            }
            if backend.conn.pending_output() >= chunk {
                backend.conn.flush().await?;
            }
        }
        // A value was refused mid-file: part of the file already reached
        // the server. Closing the backend connection aborts the statement
        // (InnoDB rolls it back), so no half-loaded file stays behind.
        let err = failure.expect("failure set");
        tracing::warn!(conn = self.id, "LOAD DATA aborted: {}", err.message);
        self.drop_backend();
        let mut err = err;
        err.message = format!(
            "{} (LOAD DATA aborted and rolled back; the connection is closed)",
            err.message
        );
        self.client.write_packet(&err.to_packet().encode());
        Err(RelayError::Client)
    }
}

/// Does the statement start with LOAD (after whitespace and comments)?
fn starts_with_load(sql: &[u8]) -> bool {
    let trimmed = sql.trim_ascii_start();
    match trimmed.first() {
        Some(b'/' | b'#' | b'-' | b'(') => {}
        _ => return trimmed.len() >= 4 && trimmed[..4].eq_ignore_ascii_case(b"LOAD"),
    }
    let toks = crate::sql::lexer::lex(&sql[..sql.len().min(4096)], Default::default());
    toks.iter()
        .find(|t| !t.kind.is_trivia())
        .is_some_and(|t| t.is_keyword(sql, "LOAD"))
}
