//! Session glue for compressed columns: rewriting queries and prepared
//! statements before they reach the backend, fetching table metadata the
//! rewriter needs, and tracking the session state that changes how SQL is
//! lexed (sql_mode) or what bytes a literal holds (character set).

use crate::admin::metrics::METRICS;
use crate::backend::query::{quote, simple_query};
use crate::error::SqlError;
use crate::protocol::Packet;
use crate::sql::prescan::Prescan;
use crate::sql::statement::Query;
use crate::sql::{LexOptions, SessionChange, StatementKind};
use crate::transform::dependents::{Definition, Dependents};
use crate::transform::params::{rewrite_execute, ParamError, PreparedStatement};
use crate::transform::schema::TableInfo;
use crate::transform::write::{rewrite_statements, QueryRewrite, WriteContext};

use super::plan::{too_many_rounds, MAX_METADATA_ROUNDS, OFFLOAD_MIN_BYTES};
use super::relay::{RelayMode, ResponseShape};
use super::{Flow, Session};

impl Session {
    fn compression_on(&self) -> bool {
        !self.ctx.rules.is_empty()
    }

    /// Borrowed unless the name is not UTF-8 (asked on every rewrite).
    pub(super) fn current_db(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.database.as_ref().map(|d| String::from_utf8_lossy(d))
    }

    /// Rewrite `text` for the current session, fetching table metadata as
    /// the rewriter asks for it. `Err` carries the ERR for the client.
    pub(super) async fn rewrite<'a>(
        &mut self,
        query: &Query<'a>,
    ) -> Result<QueryRewrite<'a>, SqlError> {
        let text = query.text;
        let known = self.read_plans.lookup(
            text,
            self.lex,
            self.database.as_deref(),
            self.ctx.schema.generation(),
        );
        if let Some(results) = known {
            return Ok(QueryRewrite {
                sql: std::borrow::Cow::Borrowed(text),
                statements: vec![StatementKind::Select; results.len()],
                placeholders: Vec::new(),
                plain_read: true,
                results,
                ddl: Vec::new(),
                prepared: Vec::new(),
            });
        }
        for _ in 0..MAX_METADATA_ROUNDS {
            let db = self.current_db();
            let wctx = WriteContext {
                rules: &self.ctx.rules,
                schema: &self.ctx.schema,
                opts: self.lex,
                db: db.as_deref(),
                non_utf8_charset: self.non_utf8_charset.as_deref(),
                sql_prepared: Some(&self.sql_prepared),
            };
            match rewrite_statements(text, query.statements(), &wctx) {
                Ok(r) => {
                    if r.plain_read {
                        self.read_plans.remember(r.results.clone());
                    }
                    return Ok(r);
                }
                Err(e) => self.after_refusal(e).await?,
            }
        }
        Err(too_many_rounds())
    }

    /// Load a table's columns and types from information_schema.
    pub(super) async fn fetch_table(&mut self, db: &str, table: &str) -> Result<(), SqlError> {
        self.ensure_backend()
            .await
            .map_err(|e| SqlError::new(crate::error::Side::Backend, e.code, "HY000", e.message))?;
        let backend = self.backend.as_mut().expect("backend connected");
        let sql = format!(
            "SELECT COLUMN_NAME, LOWER(DATA_TYPE) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
            quote(db),
            quote(table)
        );
        let rows = simple_query(&mut backend.conn, backend.capabilities, &sql)
            .await
            .map_err(|e| SqlError::internal(format!("squeeze: reading the columns of `{db}`.`{table}` from information_schema failed: {e}")))?;
        if rows.is_empty() {
            // Unknown table: nothing cached, the server will report it.
            return Ok(());
        }
        let text = |v: &Option<Vec<u8>>| {
            v.as_ref()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default()
        };
        let info = TableInfo {
            columns: rows.iter().map(|r| text(&r[0])).collect(),
            data_types: rows.iter().map(|r| text(&r[1])).collect(),
        };
        self.ctx.schema.insert(db, table, info);
        Ok(())
    }

    /// Re-read the views and routines that read compressed columns when
    /// the shared snapshot is missing or older than its bound. A failure
    /// keeps the old snapshot (logged; the safety net still inflates).
    async fn refresh_dependents(&mut self) {
        let now = std::time::Instant::now();
        if !self.compression_on() || !self.ctx.schema.dependents_stale(now) {
            return;
        }
        if self.ensure_backend().await.is_err() {
            return;
        }
        let backend = self.backend.as_mut().expect("backend connected");
        const SYSTEM: &str = "('mysql','sys','information_schema','performance_schema')";
        let views = simple_query(
            &mut backend.conn,
            backend.capabilities,
            &format!("SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN {SYSTEM}"),
        )
        .await;
        let routines = simple_query(
            &mut backend.conn,
            backend.capabilities,
            &format!("SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN {SYSTEM}"),
        )
        .await;
        let (views, routines) = match (views, routines) {
            (Ok(v), Ok(r)) => (v, r),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!(conn = self.id, error = %e, "could not read view and routine definitions");
                return;
            }
        };
        let defs = |rows: crate::backend::query::Rows| -> Vec<Definition> {
            rows.into_iter()
                .map(|r| {
                    let text = |i: usize| {
                        r.get(i)
                            .cloned()
                            .flatten()
                            .map(|b| String::from_utf8_lossy(&b).into_owned())
                            .unwrap_or_default()
                    };
                    Definition {
                        db: text(0),
                        name: text(1),
                        text: text(2),
                    }
                })
                .collect()
        };
        let rules = &self.ctx.rules;
        let d = Dependents::build(defs(views), defs(routines), |t| rules.may_mention(t), now);
        self.ctx.schema.set_dependents(d);
    }

    /// Remember session-scope SET statements for new shard connections.
    fn capture_replay(&mut self, query: &Query<'_>) {
        let text = query.text;
        for st in query.non_empty() {
            if !matches!(st.kind, StatementKind::Set(_)) {
                continue;
            }
            let raw = &text[st.range.clone()];
            let global = st
                .tokens
                .iter()
                .any(|t| t.is_keyword(text, "GLOBAL") || t.is_keyword(text, "PERSIST"))
                || raw.windows(8).any(|w| w.eq_ignore_ascii_case(b"@@global"));
            if !global && self.replay.len() < 256 {
                self.replay.push(raw.to_vec());
            }
        }
    }

    /// Read the session's sql_mode from a fresh backend connection.
    pub(super) async fn load_session_state(&mut self) {
        if !self.compression_on() {
            return;
        }
        let Some(backend) = self.backend.as_mut() else {
            return;
        };
        match simple_query(
            &mut backend.conn,
            backend.capabilities,
            "SELECT @@SESSION.sql_mode",
        )
        .await
        {
            Ok(rows) => {
                let mode = rows.first().and_then(|r| r[0].clone()).unwrap_or_default();
                self.lex = LexOptions::from_sql_mode(&String::from_utf8_lossy(&mode));
            }
            Err(e) => {
                tracing::warn!(conn = self.id, error = %e, "could not read sql_mode; assuming the default")
            }
        }
    }

    /// COM_QUERY.
    pub(super) async fn query(&mut self, packet: Packet) -> Flow {
        // The statement model: one pre-scan now, lexed and split at most
        // once, shared by every step below.
        let sent = packet.payload.slice(1..);
        let as_sent = Query::scanned(&sent, prescan(&sent).await, self.lex);
        self.inflight = crate::sql::state::query_effect(&as_sent);
        if let Some(flow) = self.kill(&as_sent).await {
            return flow;
        }
        let rewritten_id = as_sent
            .scan
            .connection_id
            .then(|| crate::sql::kill::connection_id_rewrite(&sent, self.lex, self.id))
            .flatten();
        let payload: bytes::Bytes = match &rewritten_id {
            Some(text) => {
                let mut payload = Vec::with_capacity(1 + text.len());
                payload.push(packet.payload[0]);
                payload.extend_from_slice(text);
                payload.into()
            }
            None => packet.payload.clone(),
        };
        let rewritten_text = payload.slice(1..);
        let query = match rewritten_id {
            Some(_) => Query::new(&rewritten_text, self.lex),
            None => as_sent,
        };
        if self.sharded() {
            match self.route_text(&query, false) {
                Ok(super::routing::Route::Shard(s)) => {
                    if self.txn_begin.is_some() && s != self.shard {
                        if let Err(e) = self.move_empty_transaction(s).await {
                            self.reply_error(&e);
                            return Flow::Continue;
                        }
                    }
                    self.switch_shard(s);
                }
                Ok(super::routing::Route::KeyParam(..)) => {}
                Err(e) => {
                    self.reply_error(&e);
                    return Flow::Continue;
                }
            }
            self.capture_replay(&query);
            self.note_transaction_start(&query);
        }
        if let Some(flow) = self.bulk_before_query(&payload).await {
            return flow;
        }
        self.refresh_dependents().await;
        // A big statement goes to the planner (off this worker) without
        // scanning its megabytes for table names here first.
        let needs_analysis = self.sharded()
            || (self.compression_on()
                && (query.text.len() >= OFFLOAD_MIN_BYTES
                    || self.ctx.rules.may_mention(query.text)
                    || self.ctx.schema.dependents().may_mention(query.text)
                    || query.scan.may_change_session()));
        if !needs_analysis {
            return self
                .forward_command(&payload, ResponseShape::Results, RelayMode::text())
                .await;
        }
        let planned = match self.plan(&query, &payload.slice(1..)).await {
            Ok(p) => p,
            Err(e) => {
                self.reply_error(&e);
                return Flow::Continue;
            }
        };
        self.result_hints = Some((planned.results, 0));
        let flow = match planned.sql {
            None => {
                self.forward_command(&payload, ResponseShape::Results, RelayMode::text())
                    .await
            }
            Some(new_sql) => {
                let mut payload = Vec::with_capacity(1 + new_sql.len());
                payload.push(0x03);
                payload.extend_from_slice(&new_sql);
                self.forward_command(&payload, ResponseShape::Results, RelayMode::text())
                    .await
            }
        };
        self.result_hints = None;
        // DDL may have run even when a later statement failed: dropping
        // cache entries is always safe.
        self.ctx.schema.invalidate_targets(&planned.ddl);
        if planned.had_ddl {
            self.ctx.schema.invalidate_dependents();
        }
        for (name, placeholders) in planned.prepared {
            self.sql_prepared.insert(name, placeholders);
        }
        if self.last_ok {
            for k in planned.tracked {
                self.apply(k);
            }
            if planned.reread_sql_mode {
                self.reload_sql_mode_after_command().await;
            }
        }
        flow
    }

    async fn reload_sql_mode_after_command(&mut self) {
        self.load_session_state().await;
    }

    fn apply(&mut self, change: TrackedChange) {
        match change {
            TrackedChange::Use(db) => self.database = Some(db.into_bytes()),
            TrackedChange::SqlMode(mode) => self.lex = LexOptions::from_sql_mode(&mode),
            TrackedChange::Charset(name) => {
                let lower = name.to_ascii_lowercase();
                self.non_utf8_charset = if lower.starts_with("utf8") || lower == "binary" {
                    None
                } else {
                    Some(lower)
                };
            }
        }
    }

    /// COM_STMT_PREPARE: refuse or rewrite the text, remember which
    /// parameters are compressed columns.
    pub(super) async fn prepare(&mut self, packet: Packet) -> Flow {
        if self.sharded() {
            let text = packet.payload.slice(1..);
            let key_param = match self.route_text(&Query::new(&text, self.lex), true) {
                Ok(super::routing::Route::Shard(s)) => {
                    self.switch_shard(s);
                    None
                }
                Ok(super::routing::Route::KeyParam(rule, idx, home)) => {
                    self.switch_shard(home);
                    Some((rule, idx))
                }
                Err(e) => {
                    self.reply_error(&e);
                    return Flow::Continue;
                }
            };
            self.pending_prepare = Some((text, key_param));
        }
        if !self.compression_on() {
            return self
                .forward_command(&packet.payload, ResponseShape::Prepare, RelayMode::binary())
                .await;
        }
        self.refresh_dependents().await;
        let text = packet.payload.slice(1..);
        let query = Query::new(&text, self.lex);
        let rewrite = match self.rewrite(&query).await {
            Ok(r) => r,
            Err(e) => {
                self.reply_error(&e);
                return Flow::Continue;
            }
        };
        let payload = match &rewrite.sql {
            std::borrow::Cow::Borrowed(_) => packet.payload.to_vec(),
            std::borrow::Cow::Owned(s) => {
                let mut p = vec![0x16];
                p.extend_from_slice(s);
                p
            }
        };
        self.pending_params = rewrite.placeholders;
        self.result_hints = Some((rewrite.results.clone(), 0));
        let flow = self
            .forward_command(&payload, ResponseShape::Prepare, RelayMode::binary())
            .await;
        self.result_hints = None;
        flow
    }

    /// Called by the relay once the prepare OK told the statement id.
    pub(super) fn register_statement(&mut self, id: u32, num_params: u16) {
        let mut param_rules = std::mem::take(&mut self.pending_params);
        param_rules.resize(num_params as usize, None);
        self.last_statement = id;
        if !self.compression_on() {
            return;
        }
        let result_hints = match &self.result_hints {
            Some((hints, _)) => hints.first().cloned().unwrap_or_default(),
            None => Vec::new(),
        };
        self.prepared.insert(
            id,
            PreparedStatement {
                num_params,
                param_rules,
                result_hints,
                ..Default::default()
            },
        );
    }

    fn statement_id(payload: &[u8]) -> Option<u32> {
        payload
            .get(1..5)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn resolve_id(&self, id: u32) -> u32 {
        // MariaDB: -1 means "the statement prepared last".
        if id == u32::MAX {
            self.last_statement
        } else {
            id
        }
    }

    /// COM_STMT_EXECUTE.
    pub(super) async fn execute(&mut self, packet: Packet) -> Flow {
        if let Err(e) = self.place_statement(&packet.payload).await {
            self.reply_error(&e);
            return Flow::Continue;
        }
        let Some(id) = Self::statement_id(&packet.payload).map(|i| self.resolve_id(i)) else {
            self.reply_error(&SqlError::from_client_protocol(
                &crate::protocol::ProtocolError::Truncated,
            ));
            return Flow::Continue;
        };
        let mode = RelayMode {
            binary: true,
            cursor_for: Some(id),
            fetch_of: None,
        };
        let Some(stmt) = self.prepared.get_mut(&id) else {
            return self
                .forward_command(&packet.payload, ResponseShape::Results, mode)
                .await;
        };
        let rewrite = match rewrite_execute(&packet.payload, stmt) {
            Ok(r) => r,
            Err(ParamError::Write(e)) => {
                METRICS
                    .refused_statements_total
                    .with_label_values(&[e.reason_label()])
                    .inc();
                self.reply_error(&e.to_sql_error());
                return Flow::Continue;
            }
            Err(ParamError::Malformed(e)) => {
                METRICS
                    .protocol_errors_total
                    .with_label_values(&["client", "malformed"])
                    .inc();
                self.reply_error(&SqlError::from_client_protocol(&e));
                return Flow::Continue;
            }
        };
        if !rewrite.long_data.is_empty() {
            if let Err(e) = self.ensure_backend().await {
                self.client.write_packet(&e.encode());
                return Flow::Continue;
            }
            for ld in &rewrite.long_data {
                if let Flow::Close = self
                    .forward_command(ld, ResponseShape::None, RelayMode::text())
                    .await
                {
                    return Flow::Close;
                }
            }
        }
        let hints = self
            .prepared
            .get(&id)
            .map(|s| s.result_hints.clone())
            .unwrap_or_default();
        self.result_hints = Some((vec![hints].into(), 0));
        let flow = match rewrite.payload {
            Some(p) => self.forward_command(&p, ResponseShape::Results, mode).await,
            None => {
                self.forward_command(&packet.payload, ResponseShape::Results, mode)
                    .await
            }
        };
        self.result_hints = None;
        flow
    }

    /// COM_STMT_SEND_LONG_DATA: keep chunks of compressed parameters until
    /// execute; forward the rest.
    pub(super) async fn long_data(&mut self, packet: Packet) -> Flow {
        if self.place_statement(&packet.payload).await.is_err() {
            return Flow::Continue;
        }
        let p = &packet.payload;
        if p.len() >= 7 {
            let id = self.resolve_id(u32::from_le_bytes([p[1], p[2], p[3], p[4]]));
            let param = u16::from_le_bytes([p[5], p[6]]);
            if let Some(stmt) = self.prepared.get_mut(&id) {
                if stmt.is_compressed_param(param) {
                    let buf = stmt.long_data.entry(param).or_default();
                    if buf.len() + p.len() > self.ctx.proxy.max_packet_size {
                        // Like the server, report the overflow at execute;
                        // keep the session alive.
                        stmt.long_data.remove(&param);
                    } else {
                        buf.extend_from_slice(&p[7..]);
                    }
                    return Flow::Continue;
                }
            }
        }
        self.forward_command(p, ResponseShape::None, RelayMode::text())
            .await
    }

    /// COM_STMT_CLOSE / COM_STMT_RESET bookkeeping before relaying.
    pub(super) fn statement_closed(&mut self, payload: &[u8], reset: bool) {
        if let Some(id) = Self::statement_id(payload).map(|i| self.resolve_id(i)) {
            if reset {
                if let Some(s) = self.prepared.get_mut(&id) {
                    s.long_data.clear();
                    s.cursor = None;
                }
            } else {
                self.prepared.remove(&id);
            }
        }
    }
}

/// The pre-scan of a query text; a big one (megabytes of documents) is
/// scanned off the worker like the rest of its planning.
async fn prescan(text: &bytes::Bytes) -> Prescan {
    if text.len() < OFFLOAD_MIN_BYTES {
        return Prescan::of(text);
    }
    let owned = text.clone();
    match crate::limits::heavy::run(move || Prescan::of(&owned)).await {
        Ok(scan) => scan,
        Err(_) => Prescan::of(text),
    }
}

/// Session changes to apply once the server accepted the statement.
pub(super) enum TrackedChange {
    Use(String),
    SqlMode(String),
    Charset(String),
}

impl TrackedChange {
    pub(super) fn from_kind(kind: &StatementKind<'_>) -> Vec<TrackedChange> {
        match kind {
            StatementKind::Use(db) => vec![TrackedChange::Use(db.to_string())],
            StatementKind::Set(changes) => changes
                .iter()
                .filter_map(|c| match c {
                    SessionChange::SqlMode(Some(m)) => Some(TrackedChange::SqlMode(m.clone())),
                    SessionChange::CharsetClient(Some(c))
                    | SessionChange::Names(Some(c))
                    | SessionChange::CharacterSet(Some(c)) => {
                        Some(TrackedChange::Charset(c.clone()))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}
