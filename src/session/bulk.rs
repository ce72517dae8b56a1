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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use bytes::Bytes;
use tokio::sync::mpsc;

use crate::error::{ErrorCode, SqlError};
use crate::metrics::METRICS;
use crate::net::adaptive::WriterSettings;
use crate::transform::infile::{parse_load_data, InfileRewriter, LoadData};
use crate::transform::schema::is_binary_type;
use crate::transform::write::WriteError;

use super::command_cx::CommandCx;
use super::failure::{Counted, Loud, SessionError};
use super::relay::RelayError;
use super::{Flow, Session};

/// Per-session bulk-load state.
#[derive(Default)]
pub struct BulkState {
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
        if let Some(b) = self.shards.current_conn() {
            if let Some(w) = b.conn.adaptive() {
                w.active = on;
            }
        }
    }

    /// Called for every COM_QUERY before it is relayed. Marks bulk
    /// statements, prepares LOAD DATA LOCAL rewriting; `Some(flow)` when the
    /// statement was answered here (an ERR before any data is sent).
    pub(super) async fn bulk_before_query(
        &mut self,
        cx: &mut CommandCx,
        payload: &Bytes,
    ) -> Option<Flow> {
        cx.infile = None;
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
        let Ok(st) = parse_load_data(sql, self.tracked.lex) else {
            return None; // the server reports the syntax error
        };
        let db = st
            .db
            .clone()
            .or_else(|| self.tracked.current_db().map(|d| d.into_owned()))?;
        // A temporary table of that name is a plain table (it shadows a
        // configured table or view of its name).
        if self.temporary().is_some_and(|t| t.contains(&db, &st.table)) {
            return None;
        }
        let view = self.ctx.schema.dependents().view(&db, &st.table).is_some();
        if !view && !self.ctx.rules.table_has(&db, &st.table) {
            return None;
        }
        if !view && self.ctx.schema.get(&db, &st.table).is_none() {
            if let Err(e) = self.fetch_table(&db, &st.table).await {
                self.reply_error(&e);
                return Some(Flow::Continue);
            }
        }
        match self.infile_rewriter(st, &db) {
            Ok(rewriter) => {
                cx.infile = rewriter;
                None
            }
            Err((err, label)) => {
                self.refuse(err, label);
                Some(Flow::Continue)
            }
        }
    }

    /// The rewriter for a LOAD DATA into `db`.`st.table`, which has
    /// compressed columns; `None` when the file needs no rewriting (or the
    /// server will report the table unknown); `Err` is the refusal and its
    /// metrics label.
    fn infile_rewriter(
        &self,
        st: LoadData,
        db: &str,
    ) -> Result<Option<InfileRewriter>, (SqlError, &'static str)> {
        // A view over compressed columns: the file's values would reach the
        // base table uncompressed.
        let catalog = crate::transform::schema::Catalog::new(&self.ctx.rules, &self.ctx.schema);
        if let Some(cols) = crate::sql::view_columns(&catalog, db, &st.table) {
            let column = cols
                .ok()
                .and_then(|c| c.into_iter().find_map(|(_, c)| c))
                .map(|c| c.to_string())
                .unwrap_or_else(|| format!("{db}.{}", st.table));
            let err = SqlError::new(
                ErrorCode::NotSupportedYet,
                format!(
                    "squeeze: column `{column}` is compressed: LOAD DATA through view `{db}`.`{}` is not supported (squeeze rewrites files only for the base table); load into the base table",
                    st.table
                ),
            );
            return Err((err, "load_data_options"));
        }
        let info = self.ctx.schema.get(db, &st.table);
        let input: Vec<Option<String>> = match (&st.columns, &info) {
            (Some(c), _) => c.clone(),
            (None, Some(i)) => i.columns.iter().cloned().map(Some).collect(),
            (None, None) => return Ok(None), // unknown table: the server says so
        };
        let compressed: Vec<String> = info
            .as_ref()
            .map(|i| {
                i.columns
                    .iter()
                    .filter(|c| self.ctx.rules.lookup(db, &st.table, c).is_some())
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let mut targets = Vec::new();
        for (i, col) in input.iter().enumerate() {
            let Some(name) = col else { continue };
            let Some(rule) = self.ctx.rules.lookup(db, &st.table, name) else {
                continue;
            };
            if let Some(t) = info.as_ref().and_then(|i| i.data_type(name)) {
                if !is_binary_type(t) {
                    let e = WriteError::NotBinary {
                        column: rule.label.clone(),
                        data_type: t.to_uppercase(),
                    };
                    return Err((e.to_sql_error(), e.reason_label()));
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
            return Ok(None);
        }
        if let Some(msg) = st.unsupported(&compressed) {
            // Name the compressed column the file loads (else the first one
            // a SET clause names, else the table's first).
            let column = targets
                .first()
                .map(|(_, r)| r.column.clone())
                .or_else(|| {
                    st.set_names
                        .iter()
                        .find(|n| compressed.iter().any(|c| c.eq_ignore_ascii_case(n)))
                        .cloned()
                })
                .or_else(|| compressed.first().cloned())
                .unwrap_or_default();
            let err = SqlError::new(
                ErrorCode::NotSupportedYet,
                format!(
                    "squeeze: column `{db}`.`{}`.`{column}` is compressed: {msg}",
                    st.table
                ),
            );
            return Err((err, "load_data_options"));
        }
        if targets.is_empty() {
            return Ok(None);
        }
        Ok(Some(InfileRewriter::new(st, input.len(), targets)))
    }

    fn refuse(&mut self, err: SqlError, label: &'static str) {
        let _ = self.fail(SessionError::refused(err).counted(Counted::Refused(label)));
    }

    /// LOAD DATA LOCAL INFILE: stream the client's file packets to the
    /// backend (through the adaptive writer on bulk connections), rewriting
    /// compressed columns when the statement loads any.
    pub(super) async fn bulk_local_infile(&mut self, cx: &mut CommandCx) -> Result<(), RelayError> {
        self.client.flush().await.map_err(|_| RelayError::Client)?;
        let chunk = self
            .shards
            .current_conn()
            .and_then(|b| b.conn.adaptive().map(|w| w.chunk_size()))
            .unwrap_or(1 << 20);
        let Some(rewriter) = cx.infile.take() else {
            return self.relay_infile_verbatim(chunk).await;
        };
        let (mut job, mut failure) = self.start_rewriter(rewriter, chunk).await;
        // A file packet read from the client that the rewriter has no room
        // for yet: the client is read only as fast as the rewriter goes.
        let mut next: Option<Bytes> = None;
        let mut read_all = false;
        loop {
            tokio::select! {
                biased;
                msg = job.output.recv(), if failure.is_none() => {
                    let backend = self.shards.conn()?;
                    match msg {
                        Some(Rewritten::Data(d)) => {
                            backend.conn.write_packet(&d);
                            if backend.conn.pending_output() >= chunk {
                                backend.conn.flush().await?;
                            }
                        }
                        Some(Rewritten::End) => {
                            backend.conn.write_packet(&[]);
                            backend.conn.flush().await?;
                            return Ok(());
                        }
                        Some(Rewritten::Failed(e)) => {
                            METRICS
                                .refused_statements_total
                                .with_label_values(&[e.reason_label()])
                                .inc();
                            failure = Some(e.to_sql_error());
                        }
                        None => {
                            failure = Some(SqlError::internal(
                                "squeeze: the LOAD DATA rewriter stopped unexpectedly",
                            ));
                        }
                    }
                    if failure.is_some() && read_all {
                        break;
                    }
                }
                permit = job.input.reserve(), if next.is_some() => {
                    match permit {
                        Ok(permit) => permit.send(next.take().expect("packet waiting")),
                        // The rewriter stopped; its output says why.
                        Err(_) => next = None,
                    }
                }
                p = self.client.read_packet(), if next.is_none() && !read_all => {
                    // A client that goes away ends the session here; dropping
                    // `job` stops the rewriter thread.
                    let p = p.map_err(|_| RelayError::Client)?;
                    read_all = p.payload.is_empty();
                    if failure.is_none() {
                        next = Some(p.payload);
                    } else if read_all {
                        break;
                    }
                }
            }
        }
        drop(job);
        let err = failure.unwrap_or_else(|| {
            SqlError::internal("squeeze: the LOAD DATA rewriter stopped without saying why")
        });
        Err(self.abort_load(err))
    }

    /// Start the rewriter on a heavy-work slot. A heavy-work slot first: at
    /// most one rewriter per core at a time. Waiting longer than the
    /// server's net_read_timeout (30 s by default) would end in a timeout
    /// there; the file is refused instead (the ERR comes back with an idle
    /// job whose input is read and dropped).
    async fn start_rewriter(
        &mut self,
        rewriter: InfileRewriter,
        chunk: usize,
    ) -> (OffloadedRewriter, Option<SqlError>) {
        let started = match tokio::time::timeout(SLOT_WAIT, crate::limits::heavy::slot()).await {
            Ok(slot) => OffloadedRewriter::spawn(rewriter, chunk, slot)
                .map_err(|e| format!("cannot start a LOAD DATA thread: {e}")),
            Err(_) => Err(format!(
                "every heavy-work slot (one per core) stayed busy with other loads or large statements for {} s",
                SLOT_WAIT.as_secs()
            )),
        };
        match started {
            Ok(job) => (job, None),
            Err(why) => {
                // Refuse the file (the client sends it anyway; it is read
                // and dropped below).
                tracing::warn!(conn = self.id, "LOAD DATA refused: {why}");
                let (input, _) = mpsc::channel(1);
                let (_, output) = mpsc::channel(1);
                let idle = OffloadedRewriter {
                    input,
                    output,
                    cancel: Arc::new(AtomicBool::new(false)),
                };
                let err = SqlError::new(ErrorCode::OutOfResources, format!("squeeze: LOAD DATA into a compressed column refused: {why}; retry when fewer run at once"),
                );
                (idle, Some(err))
            }
        }
    }

    /// A value was refused mid-file: part of the file already reached the
    /// server. Closing the backend connection aborts the statement (InnoDB
    /// rolls it back), so no half-loaded file stays behind.
    fn abort_load(&mut self, mut err: SqlError) -> RelayError {
        self.drop_backend();
        let why = std::mem::take(&mut err.message);
        err.message =
            format!("{why} (LOAD DATA aborted and rolled back; the connection is closed)");
        let e = SessionError::refused(err)
            .logged(Loud::Warn, "LOAD DATA aborted")
            .cause(why)
            .closing();
        let _ = self.fail(e);
        RelayError::Client
    }

    /// LOAD DATA LOCAL of a file that needs no rewriting: relay it as is.
    async fn relay_infile_verbatim(&mut self, chunk: usize) -> Result<(), RelayError> {
        loop {
            let p = self
                .client
                .read_packet()
                .await
                .map_err(|_| RelayError::Client)?;
            let backend = self.shards.conn()?;
            if p.payload.is_empty() {
                backend.conn.write_packet(&[]);
                backend.conn.flush().await?;
                return Ok(());
            }
            backend.conn.write_packet(&p.payload);
            if backend.conn.pending_output() >= chunk {
                backend.conn.flush().await?;
            }
        }
    }
}

/// How long a LOAD DATA into a compressed column waits for a heavy-work
/// slot before it is refused.
const SLOT_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

/// File packets waiting for the rewriter and rewritten chunks waiting for
/// the backend, per load: with the row being read, all a load holds.
const IN_FLIGHT: usize = 4;

/// What the rewriter thread hands back.
enum Rewritten {
    Data(Vec<u8>),
    /// The whole file went through.
    End,
    Failed(WriteError),
}

/// A LOAD DATA rewriter running on a blocking thread. Parsing and
/// compressing a file takes seconds of CPU per 100 MB; on the session's
/// own thread it would stall every other session of that worker.
struct OffloadedRewriter {
    /// File packets; the empty packet ends the file.
    input: mpsc::Sender<Bytes>,
    output: mpsc::Receiver<Rewritten>,
    cancel: Arc<AtomicBool>,
}

impl OffloadedRewriter {
    fn spawn(
        rewriter: InfileRewriter,
        chunk: usize,
        slot: crate::limits::heavy::Slot,
    ) -> std::io::Result<Self> {
        let (input, in_rx) = mpsc::channel(IN_FLIGHT);
        let (out_tx, output) = mpsc::channel(IN_FLIGHT);
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        // Not joined: the thread ends when the file does, or when this
        // handle is dropped (channels closed, `cancel` set).
        std::thread::Builder::new()
            .name("squeeze-infile".into())
            .spawn(move || {
                let _slot = slot;
                crate::limits::heavy::lower_priority();
                run_rewriter(rewriter, chunk, in_rx, out_tx, &stop)
            })?;
        Ok(OffloadedRewriter {
            input,
            output,
            cancel,
        })
    }
}

impl Drop for OffloadedRewriter {
    fn drop(&mut self) {
        // Checked before every packet: a session that ends mid-load (the
        // client went away) leaves no CPU burning behind it.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn run_rewriter(
    mut r: InfileRewriter,
    chunk: usize,
    mut input: mpsc::Receiver<Bytes>,
    output: mpsc::Sender<Rewritten>,
    cancel: &AtomicBool,
) {
    let mut out = Vec::new();
    while let Some(data) = input.blocking_recv() {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let end = data.is_empty();
        let res = if end {
            r.finish(&mut out)
        } else {
            r.feed(&data, &mut out)
        };
        if let Err(e) = res {
            let _ = output.blocking_send(Rewritten::Failed(e));
            return;
        }
        if !out.is_empty() && (end || out.len() >= chunk) {
            let data = std::mem::take(&mut out);
            if output.blocking_send(Rewritten::Data(data)).is_err() {
                return;
            }
        }
        if end {
            let _ = output.blocking_send(Rewritten::End);
            return;
        }
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
