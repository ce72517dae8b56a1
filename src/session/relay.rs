//! The command relay: forward one client command to the backend and stream
//! its response back, following the response's structure packet by packet
//! so the session always knows where a response ends. Column definitions
//! and rows of compressed columns are transformed on the way.

use crate::error::SqlError;
use crate::metrics::{ErrorSource, ProtocolErrorKind, METRICS};
use crate::net::{ChunkRelayError, NetError};
use crate::protocol::capabilities::*;
use crate::protocol::packet::MAX_PAYLOAD;
use crate::protocol::response::{self, ErrPacket};
use crate::protocol::Packet;
use crate::sql::state::StateEffect;
use crate::transform::result::{ResultColumns, RowError};

use super::abort::column_defs_following;
use super::command_cx::{CommandCx, Ended, Outcome};
use super::failure::{BackendFault, Counted, Loud, SessionError};
use super::link_status::{self, ClientLink};
use super::row_work::RowWork;
use super::thread_ids::{self, IdColumns, IdResults};
use super::{Flow, Session};
use crate::transform::catalog::{self, CatalogColumns, CatalogResults};

/// How the backend answers a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ResponseShape {
    /// Nothing (COM_STMT_CLOSE, COM_STMT_SEND_LONG_DATA).
    None,
    /// Exactly one packet (OK, ERR, EOF or a string).
    Single,
    /// A text or binary result (possibly several, possibly LOCAL INFILE).
    Results,
    /// COM_STMT_PREPARE's OK plus parameter and column definitions.
    Prepare,
    /// Column definitions up to EOF (COM_FIELD_LIST).
    FieldList,
    /// Rows up to EOF (COM_STMT_FETCH).
    Fetch,
}

/// Row format and prepared-statement context of a relayed command. The
/// rarely used parts are boxed: the mode is moved into every relay future,
/// and unboxed (344 bytes) its copies cost a prepared point select 300
/// instructions of memcpy (`bench/sysbench --instructions`).
#[derive(Debug, Clone)]
pub(super) struct RelayMode {
    pub binary: bool,
    /// COM_STMT_EXECUTE: the statement whose cursor may open.
    pub cursor_for: Option<u32>,
    /// COM_STMT_FETCH: the statement whose cursor is read.
    pub fetch_of: Option<u32>,
    /// A text `SHOW [SESSION] STATUS`: the rows describing the link get the
    /// client's own values (`link_status`).
    pub link_status: bool,
    /// A text `SHOW VARIABLES` or a read of the `*_VARIABLES` tables:
    /// squeeze's own values (`link_status`).
    pub variables: Option<Box<link_status::OwnVariables>>,
    /// Results that may carry the server's thread ids, shown by squeeze's
    /// session ids (`thread_ids`).
    pub thread_ids: Option<IdResults>,
    /// Results that may describe compressed columns (`catalog`).
    pub catalog: Option<Box<CatalogResults>>,
    /// An execute's catalog columns as its prepare described them.
    pub prepared_catalog: Option<Box<CatalogColumns>>,
    /// The first result's column definitions as the server described the
    /// statement the client sent (`catalog_view`: a rewritten statement
    /// is described as the original).
    pub described_as: Option<Box<Described>>,
}

/// How the server described the statement a client sent, where squeeze
/// sent another (`catalog_view`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Described {
    /// A text statement, run as sent: its column definitions.
    AsSent(Vec<Vec<u8>>),
    /// A prepared statement: the definitions the prepares of the statement
    /// as sent and as rewritten gave. An execute's definition is the
    /// server's where the rewriting changed nothing in that column; else the
    /// original's (a field is described by its prepare as by its execute).
    Prepared {
        original: Vec<Vec<u8>>,
        rewritten: Vec<Vec<u8>>,
    },
}

impl Described {
    fn len(&self) -> usize {
        match self {
            Described::AsSent(d) => d.len(),
            Described::Prepared { original, .. } => original.len(),
        }
    }

    /// Column `i`'s definition for the client, given the server's.
    fn def<'a>(&'a self, i: usize, server: &'a [u8]) -> &'a [u8] {
        match self {
            Described::AsSent(d) => d.get(i).map_or(server, Vec::as_slice),
            Described::Prepared {
                original,
                rewritten,
            } => match (original.get(i), rewritten.get(i)) {
                (Some(o), Some(r)) if o != r => o,
                _ => server,
            },
        }
    }
}

impl RelayMode {
    pub fn text() -> Self {
        RelayMode {
            binary: false,
            cursor_for: None,
            fetch_of: None,
            link_status: false,
            variables: None,
            thread_ids: None,
            catalog: None,
            prepared_catalog: None,
            described_as: None,
        }
    }
    pub fn binary() -> Self {
        RelayMode {
            binary: true,
            cursor_for: None,
            fetch_of: None,
            link_status: false,
            variables: None,
            thread_ids: None,
            catalog: None,
            prepared_catalog: None,
            described_as: None,
        }
    }
}

/// Why a relay stopped early.
pub(super) enum RelayError {
    /// The client connection failed; nothing more can be sent to it.
    Client,
    /// The backend connection failed or spoke nonsense.
    Backend(BackendFault),
    /// Buffering a backend packet would go past the memory budget: the
    /// backend connection is mid-packet and cannot be reused.
    OverBudget(crate::limits::OverBudget),
}

impl From<super::shards::NoBackend> for RelayError {
    fn from(e: super::shards::NoBackend) -> Self {
        RelayError::Backend(BackendFault::NoConnection(e))
    }
}

impl From<NetError> for RelayError {
    fn from(e: NetError) -> Self {
        match e {
            NetError::OverBudget(e) => RelayError::OverBudget(e),
            e => RelayError::Backend(BackendFault::Net(e)),
        }
    }
}

/// Why a write to the client failed: the budget refused to buffer it (the
/// statement can still end with an ERR), or the client is gone.
pub(super) enum ClientWriteError {
    OverBudget(crate::limits::OverBudget),
    Gone,
}

impl From<ClientWriteError> for RelayError {
    fn from(e: ClientWriteError) -> Self {
        match e {
            // Mid-response with unread backend output: handled like a
            // backend that cannot go on.
            ClientWriteError::OverBudget(e) => RelayError::OverBudget(e),
            ClientWriteError::Gone => RelayError::Client,
        }
    }
}

impl Session {
    /// Send `payload` as a new command to the backend and relay the answer;
    /// what it ended in comes back in the `Outcome`.
    pub(super) async fn forward_command(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        shape: ResponseShape,
        mode: RelayMode,
    ) -> Outcome {
        // Not the server's OK until the relay says so: nothing this command
        // would change (the database of a USE) may be taken from the
        // previous one's.
        cx.ended = Ended::default();
        if let Err(err) = self.ensure_backend().await {
            // Counted and logged where the connect failed (`shards`).
            self.shards.back_after_failed_connect();
            let e = SessionError::new(ErrorSource::Backend, err.into())
                .answered(shape != ResponseShape::None);
            return Outcome::not_sent(self.fail(e));
        }
        if let (crate::sql::state::StateEffect::Leaves(what), Some(b)) =
            (cx.leaves, self.shards.current_conn())
        {
            // Marked before sending: if the connection dies now, whatever
            // the command did on the server is lost.
            b.session_state.get_or_insert(what);
        }
        let flow = match self.relay(cx, payload, shape, mode).await {
            Ok(()) => Flow::Continue,
            Err(e) => self.relay_failed(cx.leaves, e, shape),
        };
        Outcome::ended(flow, cx.ended)
    }

    /// A relay stopped early: the backend connection it used cannot be
    /// reused; the client hears why when it still can.
    pub(super) fn relay_failed(
        &mut self,
        leaves: StateEffect,
        e: RelayError,
        shape: ResponseShape,
    ) -> Flow {
        match e {
            RelayError::Client => {
                // The client is gone mid-response: the backend connection
                // has unread output, so it cannot be reused.
                self.drop_backend();
                Flow::Close
            }
            RelayError::OverBudget(e) => self.response_over_budget(leaves, e, shape),
            RelayError::Backend(why) if self.ctx.sessions.is_killed(self.id) => {
                // `KILL CONNECTION` from another session took the backend
                // mid-statement. The server ends a killed connection with
                // whatever it managed to send (relayed already) and a
                // close, so the client sees "lost connection" as directly,
                // not a squeeze ERR inviting it to go on.
                self.backend_lost();
                let e = SessionError::unanswered(ErrorSource::Backend)
                    .closing()
                    .logged(Loud::Info, "backend connection killed by KILL CONNECTION; closing the client connection")
                    .cause(why);
                self.fail(e)
            }
            RelayError::Backend(why) => self.backend_failed(leaves, &why, shape),
        }
    }

    /// The backend's response is partly unread and over the memory budget:
    /// drop that connection (as after a loss) and say why in an ERR 1041.
    fn response_over_budget(
        &mut self,
        leaves: StateEffect,
        e: crate::limits::OverBudget,
        shape: ResponseShape,
    ) -> Flow {
        let lost_state = self.state_at_risk(leaves);
        self.backend_lost();
        let what = match lost_state {
            Some(s) => format!("to buffer this response; the backend connection holding {s} had to be closed, so this connection closes too"),
            None => "to buffer this response".to_string(),
        };
        let e = SessionError::protocol(
            ErrorSource::Backend,
            ProtocolErrorKind::OverBudget,
            SqlError::over_budget(&what, &e),
        )
        .logged(Loud::Warn, "response refused: memory budget exhausted")
        .cause(e)
        .lost(lost_state)
        .answered(shape != ResponseShape::None);
        self.fail(e)
    }

    /// The backend connection failed mid-command: ERR to the client, and
    /// the session ends when the connection held state the server lost.
    pub(super) fn backend_failed(
        &mut self,
        leaves: StateEffect,
        why: &BackendFault,
        shape: ResponseShape,
    ) -> Flow {
        let lost_state = self.state_at_risk(leaves);
        let target = self.target();
        let (name, address) = (target.name.clone(), target.address.clone());
        let err = SqlError::backend_lost(&name, &address, &why.to_string(), lost_state);
        self.backend_lost();
        // A lost MySQL connection takes the session's state with it; the
        // client must see its connection end, never have its next statement
        // run silently on a fresh one.
        let e = SessionError::new(ErrorSource::Backend, err)
            .counted(Counted::BackendLost {
                shard: name.clone(),
            })
            .logged(Loud::Warn, "backend connection lost")
            .shard(&name)
            .cause(why)
            .lost(lost_state)
            .answered(shape != ResponseShape::None);
        self.fail(e)
    }

    async fn relay(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        shape: ResponseShape,
        mode: RelayMode,
    ) -> Result<(), RelayError> {
        // Borrowed unless a sharded statement id had to be translated.
        let payload = self.backend_payload(payload);
        let backend = self.shards.conn()?;
        backend.conn.begin_command();
        // Buffered: a statement of many megabytes goes out from the
        // client's own buffer, not a copy of it.
        backend.conn.write_packet_buffered(&payload).await?;
        backend.conn.flush().await?;
        match shape {
            ResponseShape::None => {
                cx.ended.ok = true;
                Ok(())
            }
            ResponseShape::Single => {
                let p = self.backend_packet().await?;
                self.note_status(cx, &p.payload);
                self.forward_ok(cx, &p.payload).await
            }
            ResponseShape::Results => self.relay_results(cx, mode).await,
            ResponseShape::Prepare => self.relay_prepare(cx).await,
            ResponseShape::FieldList => loop {
                let p = self.backend_packet().await?;
                let done = response::is_eof(&p.payload) || response::is_err(&p.payload);
                self.note_status(cx, &p.payload);
                // A compressed column is listed as results present it.
                let extended = self.info.ext_capabilities & MARIADB_CLIENT_EXTENDED_METADATA != 0;
                let presented = (!done)
                    .then(|| {
                        crate::protocol::coldef::ColumnDefView::parse(&p.payload, extended).ok()
                    })
                    .flatten()
                    .and_then(|def| {
                        crate::transform::result::match_column(&self.ctx.rules, &def).map(|rule| {
                            crate::transform::result::present(
                                &p.payload,
                                &def,
                                rule,
                                self.text_columns(),
                            )
                        })
                    });
                self.forward(presented.as_deref().unwrap_or(&p.payload))
                    .await?;
                if done {
                    return Ok(());
                }
            },
            ResponseShape::Fetch => {
                let id = mode.fetch_of.unwrap_or(0);
                let (mut cursor, ids) = match self.statements.get_mut(id) {
                    Some(s) => (s.cursor.take(), s.cursor_ids.take()),
                    None => (None, None),
                };
                // The cursor's rows carry thread ids where its execute's did.
                let with_sessions =
                    ids.map(|cols| (cols, self.ctx.sessions.threads_on(self.shards.current())));
                let r = self
                    .relay_rows(
                        cx,
                        cursor.as_mut(),
                        true,
                        None,
                        with_sessions.as_ref(),
                        None,
                    )
                    .await;
                if let Some(s) = self.statements.get_mut(id) {
                    s.cursor = cursor;
                    s.cursor_ids = with_sessions.map(|(cols, _)| cols);
                }
                r.map(|_| ())
            }
        }
    }

    /// Next backend packet; flushes pending client output first if it would
    /// have to wait, so responses stream instead of piling up.
    pub(super) async fn backend_packet(&mut self) -> Result<Packet, RelayError> {
        let backend = self.shards.conn()?;
        if let Some(p) = backend.conn.try_read_packet()? {
            return Ok(p);
        }
        self.client.flush().await.map_err(|_| RelayError::Client)?;
        let backend = self.shards.conn()?;
        Ok(backend.conn.read_packet().await?)
    }

    /// The declared length of the backend's next physical chunk, flushing
    /// the client before waiting for it.
    async fn next_backend_chunk_len(&mut self) -> Result<usize, RelayError> {
        let backend = self.shards.conn()?;
        if let Some(len) = backend.conn.try_peek_chunk_len()? {
            return Ok(len);
        }
        self.client.flush().await.map_err(|_| RelayError::Client)?;
        let backend = self.shards.conn()?;
        Ok(backend.conn.peek_chunk_len().await?)
    }

    /// Relay a packet split into 16 MiB chunks one chunk at a time, so the
    /// session never holds it whole. A client write that fails partway
    /// leaves the client mid-packet: its connection cannot go on.
    async fn relay_split_packet(&mut self) -> Result<(), RelayError> {
        loop {
            let backend = self.shards.conn()?;
            match backend.conn.relay_chunk_to(&mut self.client).await {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(ChunkRelayError::Read(e)) => return Err(e.into()),
                Err(ChunkRelayError::Write(_)) => return Err(RelayError::Client),
            }
        }
    }

    pub(super) async fn forward(&mut self, payload: &[u8]) -> Result<(), RelayError> {
        Ok(self.send_to_client(payload).await?)
    }

    /// Forward an OK, OK-shaped EOF, classic EOF or ERR ending a command
    /// or result: what an OK says about the session (session tracking) is
    /// taken first, and the client gets the session-state part it asked
    /// for, or none (`Tracked::server_ok`).
    pub(super) async fn forward_ok(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
    ) -> Result<(), RelayError> {
        // Classic EOF (5 bytes) and ERR carry no session state; nor does an
        // OK without SERVER_SESSION_STATE_CHANGED (the common case: no
        // parsing).
        let changed = payload.len() > 5
            && matches!(
                payload.first(),
                Some(&(response::OK_HEADER | response::EOF_HEADER))
            )
            && response::terminator_status(payload)
                .is_ok_and(|s| s & SERVER_SESSION_STATE_CHANGED != 0);
        let backend = self.shards.current_ref();
        if !changed || backend.is_none_or(|b| b.capabilities & CLIENT_SESSION_TRACK == 0) {
            return self.forward(payload).await;
        }
        let filter = backend.is_some_and(|b| b.tracks_state);
        let client_tracks = self.info.capabilities & CLIENT_SESSION_TRACK != 0;
        match self
            .tracked
            .server_ok(payload, client_tracks, filter, &mut cx.tracking)
        {
            Ok(Some(out)) => self.forward(&out).await,
            Ok(None) => self.forward(payload).await,
            Err(e) => Err(RelayError::Backend(BackendFault::unreadable(
                "squeeze: cannot read the session state in the server's OK packet",
                e,
            ))),
        }
    }

    pub(super) async fn send_to_client(&mut self, payload: &[u8]) -> Result<(), ClientWriteError> {
        self.client
            .write_packet_buffered(payload)
            .await
            .map_err(|e| match e {
                NetError::OverBudget(e) => ClientWriteError::OverBudget(e),
                _ => ClientWriteError::Gone,
            })
    }

    /// A row as the server sent it, or with the client's own link in it
    /// (`SHOW STATUS`).
    async fn send_row(
        &mut self,
        payload: &[u8],
        link: Option<&ClientLink>,
        ids: Option<&ResultThreadIds>,
        cat: Option<&ResultCatalog>,
        binary: bool,
    ) -> Result<(), ClientWriteError> {
        let translated = ids
            .and_then(|(cols, sessions)| thread_ids::rewrite_row(payload, cols, binary, sessions));
        let payload = translated.as_deref().unwrap_or(payload);
        let described = cat.and_then(|(cols, kind)| {
            catalog::rewrite_row(
                payload,
                cols,
                kind,
                &self.ctx.rules,
                binary,
                |db, table, column| self.carries_compressed(db, table, column),
            )
        });
        let payload = described.as_deref().unwrap_or(payload);
        match link.and_then(|l| link_status::rewrite_row(payload, l)) {
            Some(row) => self.send_to_client(&row).await,
            None => self.send_to_client(payload).await,
        }
    }

    /// Does `db.table.column` hold a compressed column: configured, or a
    /// column of a view that passes one through (as the planner reads
    /// `SELECT column FROM view`)?
    pub(super) fn carries_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        // A temporary table under a configured name is another table.
        if self.temporary().is_some_and(|t| t.contains(db, table)) {
            return false;
        }
        if self.ctx.rules.lookup(db, table, column).is_some() {
            return true;
        }
        if self.ctx.schema.dependents().view(db, table).is_none() {
            return false;
        }
        let q = |s: &str| format!("`{}`", s.replace('`', "``"));
        let sql = format!("SELECT {} FROM {}.{}", q(column), q(db), q(table));
        let ctx = crate::transform::write::WriteContext {
            rules: &self.ctx.rules,
            schema: &self.ctx.schema,
            opts: crate::sql::lexer::LexOptions::default(),
            db: None,
            non_utf8_charset: None,
            connection_utf8mb4: false,
            sql_prepared: None,
            temporary: self.temporary(),
            row_filters: false,
            server_inflates: false,
        };
        crate::transform::write::rewrite_query(sql.as_bytes(), &ctx)
            .ok()
            .and_then(|r| r.results.first().and_then(|h| h.first().cloned()))
            .flatten()
            .is_some()
    }

    pub(super) fn deprecate_eof(&self) -> bool {
        self.info.capabilities & CLIENT_DEPRECATE_EOF != 0
    }

    /// Track transaction/autocommit status and whether the command succeeded.
    pub(super) fn note_status(&mut self, cx: &mut CommandCx, payload: &[u8]) {
        cx.ended.err = response::is_err(payload);
        if response::is_ok(payload) || (response::is_eof(payload) && payload.len() <= 5) {
            cx.ended.ok = true;
            if let Ok(status) = response::terminator_status(payload) {
                self.tracked.status = status;
            }
        } else if response::is_err(payload) {
            if let Ok(err) = ErrPacket::parse(payload) {
                METRICS
                    .backend_errors_total
                    .with_label_values(&[&self.target().name, &err.code.to_string()])
                    .inc();
                crate::in_server::note_server_error(&self.target().name, err.code, &err.message);
            }
        }
    }

    /// One or more result sets (COM_QUERY, COM_STMT_EXECUTE).
    async fn relay_results(
        &mut self,
        cx: &mut CommandCx,
        mut mode: RelayMode,
    ) -> Result<(), RelayError> {
        loop {
            let p = self.backend_packet().await?;
            match p.first_byte() {
                Some(response::OK_HEADER) => {
                    cx.next_result_hints(true);
                    self.note_status(cx, &p.payload);
                    self.forward_ok(cx, &p.payload).await?;
                    if !response::more_results(self.tracked.status) {
                        return Ok(());
                    }
                }
                Some(response::ERR_HEADER) => {
                    self.note_status(cx, &p.payload);
                    return self.forward(&p.payload).await;
                }
                Some(response::LOCAL_INFILE_HEADER) => {
                    self.forward(&p.payload).await?;
                    self.bulk_local_infile(cx).await?;
                }
                _ => {
                    let columns = self.defs_following(&p.payload)?;
                    let described = mode.described_as.take();
                    if described
                        .as_ref()
                        .is_some_and(|d| d.len() != columns && columns != 0)
                    {
                        return self.described_differently(cx, columns).await;
                    }
                    let hints = cx.next_result_hints(false);
                    // A statement whose WHERE squeeze partly evaluates: its
                    // last column is the hidden document (never a cached-
                    // metadata result: text protocol only).
                    let hidden = hints
                        .columns()
                        .last()
                        .and_then(Option::as_ref)
                        .and_then(|h| h.filter.clone());
                    let hidden_n = crate::transform::filter::HIDDEN;
                    if hidden.is_some() && (mode.binary || columns <= hidden_n) {
                        // Never a row with the hidden column to the client.
                        return Err(RelayError::Backend(BackendFault::unreadable(
                            "a result without the column squeeze's condition reads",
                            crate::protocol::ProtocolError::Malformed("column count"),
                        )));
                    }
                    match &hidden {
                        Some(_) => {
                            let count =
                                fewer_columns(&p.payload, hidden_n as u64).ok_or_else(|| {
                                    RelayError::Backend(BackendFault::unreadable(
                                        "bad column count",
                                        crate::protocol::ProtocolError::Malformed("column count"),
                                    ))
                                })?;
                            self.forward(&count).await?
                        }
                        None => self.forward(&p.payload).await?,
                    }
                    let mut ids = mode.thread_ids.map(|k| (IdColumns::default(), k));
                    let mut cat = mode
                        .catalog
                        .as_deref()
                        .cloned()
                        .map(|k| (CatalogColumns::default(), k));
                    let mut transform = self
                        .relay_column_defs(
                            columns,
                            hints.columns(),
                            ids.as_mut(),
                            cat.as_mut(),
                            described.as_deref(),
                            mode.variables.as_ref().and_then(|v| v.derived_table),
                            hidden,
                        )
                        .await?;
                    let cat = match (cat, &mode.prepared_catalog) {
                        // Metadata cached: the columns the prepare described.
                        (Some((cols, kind)), Some(prepared)) if columns == 0 && cols.is_empty() => {
                            Some((CatalogColumns::clone(prepared), kind))
                        }
                        (cat, _) => cat,
                    }
                    .filter(|(cols, kind)| cols.any(kind));
                    let ids = ids
                        .map(|(cols, _)| cols)
                        .filter(IdColumns::any)
                        .map(|cols| (cols, self.ctx.sessions.threads_on(self.shards.current())));
                    if !self.deprecate_eof() {
                        let eof = self.backend_packet().await?;
                        let status = response::terminator_status(&eof.payload).unwrap_or(0);
                        self.forward(&eof.payload).await?;
                        // The flag also shows on results of a procedure that
                        // used a cursor of its own: only an execute that asked
                        // for a cursor gets its rows by COM_STMT_FETCH.
                        if let Some(id) = mode.cursor_for {
                            if status & SERVER_STATUS_CURSOR_EXISTS != 0 {
                                // A cursor was opened: rows come with COM_STMT_FETCH.
                                self.tracked.status = status;
                                cx.ended.ok = true;
                                if let Some(s) = self.statements.get_mut(id) {
                                    s.cursor = transform;
                                    s.cursor_ids = ids.map(|(cols, _)| cols);
                                }
                                return Ok(());
                            }
                        }
                    }
                    let link = (mode.link_status || mode.variables.is_some()).then(|| {
                        let v = mode.variables.clone().unwrap_or_default();
                        ClientLink {
                            status: mode.link_status,
                            packet_limit: v.packet_limit,
                            tracks: v.tracks,
                            ..ClientLink::new(self.client.tls_suite(), self.client.is_compressed())
                        }
                    });
                    match self
                        .relay_rows(
                            cx,
                            transform.as_mut(),
                            mode.binary,
                            link.as_ref(),
                            ids.as_ref(),
                            cat.as_ref(),
                        )
                        .await?
                    {
                        RowsEnd::Status(status) if response::more_results(status) => continue,
                        RowsEnd::Status(status)
                            if status & SERVER_STATUS_CURSOR_EXISTS != 0
                                && mode.cursor_for.is_some() =>
                        {
                            let id = mode.cursor_for.unwrap_or_default();
                            if let Some(s) = self.statements.get_mut(id) {
                                s.cursor = transform;
                                s.cursor_ids = ids.map(|(cols, _)| cols);
                            }
                            return Ok(());
                        }
                        _ => return Ok(()),
                    }
                }
            }
        }
    }

    /// How the server behind the session describes a text column, so a
    /// compressed one is described as its uncompressed copy would be.
    fn text_columns(&self) -> crate::transform::result::TextColumns {
        use crate::transform::result::TextColumns;
        // Asked per result set: a byte search, not `Dialect::of_server_version`
        // (which parses the whole version string; ~280 instructions a query).
        let tidb = self
            .shards
            .current_ref()
            .is_some_and(|b| b.handshake.is_tidb());
        if tidb {
            TextColumns::ColumnOwn
        } else {
            TextColumns::Converted {
                results: self.tracked.results,
            }
        }
    }

    /// How many column definitions follow a column-count packet: none when
    /// MariaDB's metadata cache says the client already has them.
    fn defs_following(&self, payload: &[u8]) -> Result<usize, RelayError> {
        let cache = self.info.ext_capabilities & MARIADB_CLIENT_CACHE_METADATA != 0;
        column_defs_following(payload, cache)
            .map_err(|e| RelayError::Backend(BackendFault::unreadable("bad column count", e)))
    }

    /// Forward `count` column definitions, rewriting those of compressed
    /// columns; returns the row transformer when any column needs one.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn relay_column_defs(
        &mut self,
        count: usize,
        hints: &[Option<crate::transform::write::ColumnHint>],
        mut ids: Option<&mut (IdColumns, IdResults)>,
        mut cat: Option<&mut ResultCatalog>,
        described: Option<&Described>,
        variables_table: Option<&'static str>,
        hidden: Option<std::sync::Arc<crate::transform::filter::RowFilterPlan>>,
    ) -> Result<Option<ResultColumns>, RelayError> {
        // Backend connections have it exactly when the client has (login).
        let extended = self.info.ext_capabilities & MARIADB_CLIENT_EXTENDED_METADATA != 0;
        let mut note = |payload: &[u8]| {
            if let Some((cols, kind)) = cat.as_deref_mut() {
                match crate::protocol::coldef::ColumnDefView::parse(payload, extended) {
                    Ok(def) => cols.note(&def, kind),
                    Err(_) => cols.skip(),
                }
            }
            if let Some((cols, kind)) = ids.as_deref_mut() {
                match crate::protocol::coldef::ColumnDefView::parse(payload, extended) {
                    Ok(def) => cols.note(&def, *kind),
                    // Unreadable: count it, so no other column is misplaced.
                    Err(_) => {
                        cols.types.push(0xfd);
                        cols.columns += 1;
                    }
                }
            }
        };
        // squeeze's derived `*_VARIABLES` table described as the server's.
        let restore = |payload: &[u8]| {
            variables_table.and_then(|t| link_status::variables_coldef(payload, extended, t))
        };
        if self.ctx.rules.is_empty() && hidden.is_none() {
            for i in 0..count {
                let c = self.backend_packet().await?;
                // The server's definition, or the one it gave the
                // statement as the client sent it.
                let c = described.map_or(&c.payload[..], |d| d.def(i, &c.payload));
                note(c);
                match restore(c) {
                    Some(def) => self.forward(&def).await?,
                    None => self.forward(c).await?,
                }
            }
            return Ok(None);
        }
        let mut t = ResultColumns::with_capacity(count);
        let temporary = self.temporary().cloned();
        // Once per result set: it parses the backend's version string.
        let style = self.text_columns();
        for i in 0..count {
            let c = self.backend_packet().await?;
            let first_hidden = count.saturating_sub(crate::transform::filter::HIDDEN);
            if let Some(plan) = hidden.as_ref().filter(|_| i >= first_hidden) {
                // Read for the condition, never shown to the client.
                t.filter_column(&c.payload, extended, std::sync::Arc::clone(plan))
                    .map_err(|e| {
                        RelayError::Backend(BackendFault::unreadable("bad column definition", e))
                    })?;
                continue;
            }
            let c = described.map_or(&c.payload[..], |d| d.def(i, &c.payload));
            note(c);
            let hint = hints.get(i).and_then(Option::as_ref);
            let replacement = t
                .column(
                    &self.ctx.rules,
                    c,
                    style,
                    extended,
                    hint,
                    temporary.as_ref(),
                )
                .map_err(|e| {
                    RelayError::Backend(BackendFault::unreadable("bad column definition", e))
                })?;
            match replacement.or_else(|| restore(c)) {
                Some(replacement) => self.forward(&replacement).await?,
                None => self.forward(c).await?,
            }
        }
        Ok(t.active().then_some(t))
    }

    /// Rows up to the terminating EOF/OK or ERR.
    pub(super) async fn relay_rows(
        &mut self,
        cx: &mut CommandCx,
        mut transform: Option<&mut ResultColumns>,
        binary: bool,
        link: Option<&ClientLink>,
        ids: Option<&ResultThreadIds>,
        cat: Option<&ResultCatalog>,
    ) -> Result<RowsEnd, RelayError> {
        let mut work = RowWork::new(self.live.as_deref(), self.tracked.max_statement_time);
        loop {
            if transform.is_none() && link.is_none() && ids.is_none() && cat.is_none() {
                let backend = self.shards.conn()?;
                if backend.conn.pass_rows_to(&mut self.client) > 0
                    && self.client.pending_output() >= 1 << 20
                {
                    self.client.flush().await.map_err(|_| RelayError::Client)?;
                }
                if self.next_backend_chunk_len().await? == MAX_PAYLOAD {
                    // A row of 16 MiB or more (never a terminator: those
                    // are short) that nothing needs to read.
                    self.relay_split_packet().await?;
                    continue;
                }
            }
            let p = self.backend_packet().await?;
            if response::is_eof(&p.payload) {
                let status = response::terminator_status(&p.payload).map_err(|e| {
                    RelayError::Backend(BackendFault::Unreadable {
                        context: None,
                        error: e,
                    })
                })?;
                self.tracked.status = status;
                // FOUND_ROWS() now answers for this result set.
                self.found_rows_filtered = transform
                    .as_deref()
                    .and_then(|t| t.filter_text())
                    .map(|(column, text)| (column.to_string(), text.to_string()));
                if let Some((column, text)) = transform.as_deref().and_then(|t| t.filter_text()) {
                    let warnings = response::terminator_warnings(&p.payload);
                    if warnings > 0 {
                        let (column, text) = (column.to_string(), text.to_string());
                        self.filtered_warnings(cx, status, warnings, &column, &text)
                            .await?;
                        return Ok(RowsEnd::Error);
                    }
                }
                cx.ended.ok = true;
                self.forward_ok(cx, &p.payload).await?;
                return Ok(RowsEnd::Status(status));
            }
            if response::is_err(&p.payload) {
                self.note_status(cx, &p.payload);
                self.forward(&p.payload).await?;
                return Ok(RowsEnd::Error);
            }
            // A row filter first: the row without its hidden column, or
            // nothing.
            let mut payload = &p.payload[..];
            if let Some(t) = transform.as_deref_mut().filter(|t| t.filters()) {
                match filter_row(&mut work, &mut self.client, t, &self.ctx.rules, payload).await {
                    Ok(Some(cut)) => payload = &payload[..cut],
                    Ok(None) => continue,
                    Err(RowError::OverBudget(b)) => {
                        self.row_failed(cx, RowError::OverBudget(b)).await?;
                        return Ok(RowsEnd::Error);
                    }
                    Err(e) => {
                        self.row_failed(cx, e).await?;
                        return Ok(RowsEnd::Error);
                    }
                }
            }
            let sent = match transform.as_deref_mut() {
                None => self.send_row(payload, link, ids, cat, binary).await,
                Some(t) => match transform_row(
                    &mut work,
                    &mut self.client,
                    t,
                    &self.ctx.rules,
                    payload,
                    binary,
                )
                .await
                {
                    Ok(false) => self.send_row(payload, link, ids, cat, binary).await,
                    Ok(true) => self
                        .client
                        .write_packet_buffered(t.presented())
                        .await
                        .map_err(|e| match e {
                            NetError::OverBudget(e) => ClientWriteError::OverBudget(e),
                            _ => ClientWriteError::Gone,
                        }),
                    Err(e) => Err(ClientWriteError::OverBudget(match e {
                        RowError::OverBudget(b) => b,
                        e => {
                            self.row_failed(cx, e).await?;
                            return Ok(RowsEnd::Error);
                        }
                    })),
                },
            };
            match sent {
                Ok(()) => {}
                Err(ClientWriteError::Gone) => return Err(RelayError::Client),
                Err(ClientWriteError::OverBudget(e)) => {
                    // Rows already sent stay sent; the statement ends with
                    // an ERR, as when a server runs out of memory mid-result,
                    // and the backend's remaining rows are read and dropped.
                    self.row_failed(cx, RowError::OverBudget(e)).await?;
                    return Ok(RowsEnd::Error);
                }
            }
        }
    }
}

/// Present one row; true when `t.presented()` holds a rewritten row, false
/// when the backend's bytes go out as they are. A value naming a
/// dictionary no registry holds yet (published by another squeeze since
/// the last poll) waits for one fetch from the metadata store, without
/// blocking the worker, and the row is presented again.
async fn transform_row(
    work: &mut RowWork,
    client: &mut crate::net::PacketConn,
    t: &mut ResultColumns,
    rules: &std::sync::Arc<crate::transform::ColumnRules>,
    payload: &[u8],
    binary: bool,
) -> Result<bool, RowError> {
    let row = move |t: &mut ResultColumns, rules: &crate::transform::ColumnRules, p: &[u8]| {
        t.row(rules, p, binary).map(|row| row.is_some())
    };
    let missing = match work.run(client, t, rules, payload, row).await {
        Err(RowError::Decode {
            error: crate::codec::DecodeError::UnknownDictionary(id),
            ..
        }) => id,
        other => return other,
    };
    // Fetched or not, presenting it again gives the row or the error
    // naming its column.
    crate::codec::registry::fetch_missing(missing).await;
    work.run(client, t, rules, payload, row).await
}

/// [`ResultColumns::filter_row`], fetching a dictionary published since
/// the last poll once, as [`transform_row`] does.
async fn filter_row(
    work: &mut RowWork,
    client: &mut crate::net::PacketConn,
    t: &mut ResultColumns,
    rules: &std::sync::Arc<crate::transform::ColumnRules>,
    payload: &[u8],
) -> Result<Option<usize>, RowError> {
    let filter = |t: &mut ResultColumns, rules: &crate::transform::ColumnRules, p: &[u8]| {
        t.filter_row(rules, p)
    };
    let missing = match work.run(client, t, rules, payload, filter).await {
        Err(RowError::Decode {
            error: crate::codec::DecodeError::UnknownDictionary(id),
            ..
        }) => id,
        other => return other,
    };
    crate::codec::registry::fetch_missing(missing).await;
    work.run(client, t, rules, payload, filter).await
}

/// A column-count packet with `n` columns fewer (a row filter's hidden
/// columns), anything after the count (MariaDB's metadata-follows byte)
/// kept.
fn fewer_columns(payload: &[u8], n: u64) -> Option<Vec<u8>> {
    let mut r = crate::protocol::lenenc::Reader::new(payload);
    let count = r.lenenc_int().ok()?;
    let rest = &payload[r.position()..];
    let mut out = Vec::with_capacity(payload.len());
    crate::protocol::lenenc::put_lenenc_int(&mut out, count.checked_sub(n)?);
    out.extend_from_slice(rest);
    Some(out)
}

/// The analyzer's hints for one statement's result: a reference-counted
/// handle on the command's hints and the statement's index, so relaying a
/// result copies nothing.
pub(super) struct StatementHints(pub(super) Option<(crate::transform::write::ResultHints, usize)>);

impl StatementHints {
    pub(super) fn columns(&self) -> &[Option<crate::transform::write::ColumnHint>] {
        match &self.0 {
            Some((all, i)) => all.get(*i).map(Vec::as_slice).unwrap_or_default(),
            None => &[],
        }
    }
}

/// A result's thread-id columns, and the squeeze session owning each
/// backend thread of the shard it came from.
pub(super) type ResultThreadIds = (IdColumns, std::collections::HashMap<u64, u32>);

/// A result's catalog columns, and which statement produced it.
pub(crate) type ResultCatalog = (CatalogColumns, CatalogResults);

/// How a row stream ended.
pub(super) enum RowsEnd {
    Status(u16),
    Error,
}

#[cfg(test)]
mod tests {
    use super::fewer_columns;

    #[test]
    fn a_column_count_loses_the_hidden_columns_and_keeps_the_metadata_follows_byte() {
        assert_eq!(fewer_columns(&[5], 2), Some(vec![3]));
        // MariaDB's metadata-follows byte (MARIADB_CLIENT_CACHE_METADATA).
        assert_eq!(fewer_columns(&[5, 1], 2), Some(vec![3, 1]));
        // A lenenc count (300 = 0xFC 0x2C 0x01) shrinking to one byte.
        assert_eq!(
            fewer_columns(&[0xFC, 0x2C, 0x01], 2),
            Some(vec![0xFC, 0x2A, 0x01])
        );
        assert_eq!(fewer_columns(&[0xFC, 0xFC, 0x00], 2), Some(vec![0xFA]));
        // Fewer columns than hidden ones, or no count: not a filtered result.
        assert_eq!(fewer_columns(&[1], 2), None);
        assert_eq!(fewer_columns(&[], 2), None);
    }
}
