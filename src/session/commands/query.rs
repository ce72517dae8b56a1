//! COM_QUERY: KILL by squeeze's ids, `CONNECTION_ID()` and the other
//! values squeeze answers itself (`own_values`), shard routing,
//! LOAD DATA LOCAL set-up, then either a straight relay or the planner's
//! rewrite (compressed literals, refusals, result hints), and the session
//! changes the statement made once the server accepted it. A `SHOW STATUS`
//! gets the client's own link in its TLS and compression rows.

use super::kill::KillStep;
use crate::protocol::command::ClientCommand;
use crate::session::catalog_view::NotSent;
use crate::session::command_cx::CommandCx;
use crate::session::link_status::{asks_link_status, asks_variables, OwnVariables};
use crate::session::plan::{prescan, Planned, OFFLOAD_MIN_BYTES};
use crate::session::relay::{Described, RelayMode, ResponseShape};
use crate::session::routing::Route;
use crate::session::{Flow, Session};
use crate::sql::statement::Query;
use crate::transform::columns_view::Shape;

impl Session {
    pub(in crate::session) async fn query(
        &mut self,
        cx: &mut CommandCx,
        packet: &bytes::Bytes,
    ) -> Flow {
        let mut packet = packet.clone();
        loop {
            // The statement model: one pre-scan now, lexed and split at
            // most once, shared by every step below.
            let sent = packet.slice(1..);
            let as_sent = Query::scanned(&sent, prescan(&sent).await, self.tracked.lex);
            cx.leaves = crate::sql::state::query_effect(&as_sent);
            if let Some(e) = self.found_rows_of_filtered(&sent) {
                self.reply_error(&e);
                return Flow::Continue;
            }
            match self.kill(&as_sent).await {
                Some(KillStep::Done(flow)) => return flow,
                // Leading KILLs answered: the rest is a query of its own.
                Some(KillStep::Rest(at)) => {
                    packet = ClientCommand::Query(&sent[at..]).encode().into();
                    continue;
                }
                None => {}
            }
            // Values squeeze answers itself: CONNECTION_ID(), @@socket,
            // @@max_allowed_packet under a lower cap; squeeze's own tracking
            // settings are on top of the client's on a backend session that
            // tracks state, which reads them as its own.
            let scan = &as_sent.scan;
            // information_schema.SESSION_VARIABLES / GLOBAL_VARIABLES.
            let vars_table = scan.variables_table;
            let tracking = self.shards.current_ref().is_some_and(|b| b.tracks_state);
            let tracks = ((scan.session_track || vars_table) && tracking)
                .then(|| self.tracked.client_tracks.settings());
            let capped = self.own_values().packet_limit;
            // Thread ids written as numbers are the client's (squeeze's).
            let id_results = crate::session::thread_ids::id_results(&as_sent);
            let translated = id_results.and_then(|_| self.server_thread_ids(&as_sent));
            let own_input: &[u8] = translated.as_deref().unwrap_or(&sent);
            let rewritten_id = (scan.connection_id
                || scan.socket
                || scan.max_allowed_packet
                || tracks.is_some()
                || (vars_table && capped.is_some()))
            .then(|| {
                let own = crate::sql::own_values::OwnValues {
                    tracks: tracks.as_ref(),
                    ..self.own_values()
                };
                crate::sql::own_values::rewrite(own_input, self.tracked.lex, own)
            })
            .flatten()
            .or(translated)
            .or_else(|| {
                // A configured column declared in its logical type
                // is created as the binary column squeeze stores into.
                let db = self.tracked.current_db();
                crate::transform::catalog::may_create_table(&sent, &self.ctx.rules)
                    .then(|| {
                        crate::transform::catalog::create_table_stored_types(
                            &as_sent,
                            db.as_deref(),
                            &self.ctx.rules,
                        )
                    })
                    .flatten()
            });
            // The one variables table the statement reads through squeeze's
            // derived table (both: their columns are left as derived).
            // Only a rewritten statement is scanned: a scan of every
            // statement costs a 48 MiB one seconds.
            let mentions = |t: &[u8]| sent.windows(t.len()).any(|w| w.eq_ignore_ascii_case(t));
            let derived_table = if vars_table && rewritten_id.is_some() {
                match (
                    mentions(b"session_variables"),
                    mentions(b"global_variables"),
                ) {
                    (true, false) => Some("SESSION_VARIABLES"),
                    (false, true) => Some("GLOBAL_VARIABLES"),
                    _ => None,
                }
            } else {
                None
            };
            let payload: bytes::Bytes = match &rewritten_id {
                Some(text) => ClientCommand::Query(text).encode().into(),
                None => packet.clone(),
            };
            let rewritten_text = payload.slice(1..);
            let query = match rewritten_id {
                Some(_) => Query::new(&rewritten_text, self.tracked.lex),
                None => as_sent,
            };
            let show_variables = asks_variables(&query);
            let mut mode = RelayMode {
                link_status: asks_link_status(&query),
                variables: (show_variables.is_some() || derived_table.is_some()).then(|| {
                    Box::new(OwnVariables {
                        packet_limit: show_variables.and(capped),
                        // The session forms show the client's own tracking.
                        tracks: (show_variables == Some(false) && tracking)
                            .then(|| self.tracked.client_tracks.settings()),
                        derived_table,
                    })
                }),
                // squeeze's own values add no thread-id table.
                thread_ids: id_results,
                ..RelayMode::text()
            };
            if self.sharded() {
                if let Some(flow) = self.route_query(&query).await {
                    return flow;
                }
            } else if self.compression_on() {
                // For squeeze's own metadata connection (`aside`).
                self.shards.remember_sets(&query);
            }
            // Views first: LOAD DATA into a view over compressed columns
            // is refused by the bulk path.
            self.refresh_dependents(query.text).await;
            // After the views are read: a view over a compressed column is
            // described like one.
            let current_db = self.tracked.current_db().map(|d| d.into_owned());
            mode.catalog = crate::transform::catalog::catalog_results(
                &query,
                current_db.as_deref(),
                &self.ctx.rules,
                |db, name| self.ctx.schema.dependents().view(db, name).is_some(),
            )
            .map(Box::new);
            // A temporary table under a configured name is another table.
            if let Some(c) = mode.catalog.as_mut() {
                let shadowed = |n: &Option<(String, String)>| {
                    n.as_ref().is_some_and(|(db, t)| {
                        self.temporary().is_some_and(|tt| tt.contains(db, t))
                    })
                };
                if shadowed(&c.show_create) {
                    c.show_create = None;
                }
                if shadowed(&c.show_columns) {
                    c.show_columns = None;
                }
            }
            if let Some(e) = mode
                .catalog
                .as_ref()
                .and_then(|found| self.show_columns_where_refusal(&query, found))
            {
                self.reply_error(&e);
                return Flow::Continue;
            }
            if let Some(flow) = self.bulk_before_query(cx, &payload).await {
                return flow;
            }
            let columns_view = matches!(
                &mode.catalog,
                Some(c) if c.show_create.is_none() && c.show_columns.is_none()
            );
            let view = match self
                .catalog_views(&query, current_db.as_deref(), columns_view, false)
                .await
            {
                Ok(v) => v,
                Err(NotSent::Refused(e) | NotSent::Backend(e)) => {
                    self.reply_error(&e);
                    return Flow::Continue;
                }
            };
            let planned = if self.needs_analysis(&query) {
                match self.plan(&query, &rewritten_text).await {
                    Ok(p) => Some(p),
                    Err(e) => {
                        self.reply_error(&e);
                        return Flow::Continue;
                    }
                }
            } else {
                None
            };
            let payload = match view {
                None => payload,
                Some(view) => {
                    if planned.as_ref().is_some_and(|p| p.sql.is_some()) {
                        self.reply_error(&crate::error::SqlError::not_supported(
                            "a statement that both reads information_schema.COLUMNS and needs other rewriting by squeeze: send them as separate statements",
                        ));
                        return Flow::Continue;
                    }
                    if view.shape == Shape::Rows {
                        match self.described_as_sent(&rewritten_text).await {
                            Ok(described) => {
                                mode.described_as =
                                    described.map(|d| Box::new(Described::AsSent(d)))
                            }
                            // The server's answer to the statement as sent.
                            Err(e) => {
                                return self.probe_failed(cx, e, ResponseShape::Results).await
                            }
                        }
                    }
                    // The rows carry the logical type already.
                    mode.catalog = None;
                    ClientCommand::Query(&view.text).encode().into()
                }
            };
            return match planned {
                None => {
                    self.forward_command(cx, &payload, ResponseShape::Results, mode)
                        .await
                        .flow
                }
                Some(planned) => self.run_planned(cx, &payload, planned, mode).await,
            };
        }
    }

    /// A sharded session: move to the statement's shard (carrying an empty
    /// transaction along) and remember what new shard connections must
    /// replay. `Some` when the statement was answered here (an ERR).
    async fn route_query(&mut self, query: &Query<'_>) -> Option<Flow> {
        match self.route_text(query, false) {
            Ok(Route::Shard(s)) => {
                if self.tracked.txn_begin.is_some() && s != self.shards.current() {
                    if let Err(e) = self.move_empty_transaction(s).await {
                        self.reply_error(&e);
                        return Some(Flow::Continue);
                    }
                }
                self.switch_shard(s);
            }
            Ok(Route::KeyParam(..)) => {}
            Err(e) => {
                self.reply_error(&e);
                return Some(Flow::Continue);
            }
        }
        self.shards.remember_sets(query);
        self.tracked.note_transaction_start(query);
        None
    }

    /// Whether the planner must see the statement. A big statement goes to
    /// the planner (off this worker) without scanning its megabytes for
    /// table names here first.
    fn needs_analysis(&self, query: &Query<'_>) -> bool {
        self.sharded()
            || (self.compression_on()
                && (query.text.len() >= OFFLOAD_MIN_BYTES
                    || self.ctx.rules.may_mention(query.text)
                    || self.ctx.schema.dependents().may_mention(query.text)
                    || query.scan.may_change_session()
                    || !self.shadowing().is_empty()))
    }

    /// Relay the planned statement (rewritten or as sent), then apply what
    /// it changed: schema cache entries, SQL-level prepared statements and,
    /// once the server accepted it, the tracked session state.
    async fn run_planned(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        planned: Planned,
        mode: RelayMode,
    ) -> Flow {
        cx.hints = Some((
            planned.results,
            crate::sql::results::ResultCursor::new(planned.units),
        ));
        let rewritten = planned
            .sql
            .as_deref()
            .map(|sql| ClientCommand::Query(sql).encode());
        let outcome = self
            .forward_command(
                cx,
                rewritten.as_deref().unwrap_or(payload),
                ResponseShape::Results,
                mode,
            )
            .await;
        let cursor = cx.hints.take().map(|(_, c)| c);
        // Temporary tables: what the server answered with OK.
        if let Some(c) = cursor.filter(|c| outcome.ok || c.results > 0) {
            self.apply_temporary(&planned.temporary, &c, outcome.all_ran());
        }
        // DDL may have run even when a later statement failed: dropping
        // cache entries is always safe.
        self.ctx.schema.invalidate_targets(&planned.ddl);
        if planned.had_ddl {
            self.ctx.schema.invalidate_dependents();
        }
        for (name, placeholders) in planned.prepared {
            self.statements.stale_sql_prepared.remove(&name);
            self.statements.sql_prepared.insert(name, placeholders);
        }
        // With session tracking the server's OKs said what changed, as it
        // applied it; parsing is the fallback for backends without.
        let tracked_by_server = self.shards.current_ref().is_some_and(|b| b.tracks_state);
        if outcome.ok && !tracked_by_server {
            for k in planned.tracked {
                self.tracked.apply(k);
            }
            if planned.reread_sql_mode {
                self.load_session_state().await;
            }
        }
        outcome.flow
    }
}

impl Session {
    /// The query with the thread ids the client wrote as numbers
    /// (`sql::thread_id_literals`) in the server's numbering on the shard
    /// it runs on, or `None` when it names none squeeze handed out. The
    /// session's own id becomes `CONNECTION_ID()`; another session's id its
    /// backend thread there; an id of a session without a thread there is
    /// left as written.
    pub(in crate::session) fn server_thread_ids(&self, query: &Query<'_>) -> Option<Vec<u8>> {
        let shard = self.shards.current();
        let edits: Vec<_> = crate::sql::thread_id_literals::id_literals(query)
            .into_iter()
            .filter_map(|l| {
                let id = u32::try_from(l.id).ok()?;
                let server = if id == self.id {
                    "CONNECTION_ID()".to_string()
                } else {
                    let entry = self.ctx.sessions.get(id)?;
                    let (_, thread) = entry.backends.iter().find(|(s, _)| *s == shard)?;
                    thread.to_string()
                };
                Some((l.span, server.into_bytes()))
            })
            .collect();
        (!edits.is_empty()).then(|| crate::sql::splice::splice(query.text, &edits))
    }

    /// What this session answers for itself (`own_values`): its id, its
    /// socket, and its packet limit where that is below the server's.
    pub(in crate::session) fn own_values(&self) -> crate::sql::own_values::OwnValues<'_> {
        let shard = self.shards.current();
        let limit = self.max_packet();
        let server = self
            .ctx
            .shards
            .get(shard)
            .map_or(0, |t| t.server_max_packet());
        crate::sql::own_values::OwnValues {
            connection_id: self.id,
            socket: self
                .ctx
                .proxy
                .socket
                .as_deref()
                .and_then(std::path::Path::to_str),
            // Unknown server value: the limit in force is squeeze's own.
            packet_limit: (server == 0 || limit < server).then_some(limit as u64),
            tracks: None,
        }
    }
}
