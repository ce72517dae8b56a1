//! COM_STMT_PREPARE: route the text (a sharded session), refuse or
//! rewrite it for compressed columns, and remember which parameters are
//! compressed columns; the relay registers the statement once the
//! server's OK names its id.

use crate::protocol::command::ClientCommand;
use crate::protocol::execute::PrepareOk;
use crate::protocol::response;
use crate::session::catalog_view::NotSent;
use crate::session::command_cx::CommandCx;
use crate::session::relay::{Described, RelayError};
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::routing::Route;
use crate::session::{Flow, Session};
use crate::sql::statement::Query;
use crate::transform::columns_view::Shape;

impl Session {
    pub(in crate::session) async fn prepare(
        &mut self,
        cx: &mut CommandCx,
        payload: &bytes::Bytes,
    ) -> Flow {
        // Values squeeze answers itself, as in a text query: a prepared
        // `SELECT CONNECTION_ID()` or `@@max_allowed_packet` is the same
        // statement as a plain one.
        let scan = crate::sql::prescan::Prescan::of(&payload[1..]);
        let as_sent = Query::new(&payload[1..], self.tracked.lex);
        let translated = crate::session::thread_ids::id_results(&as_sent)
            .and_then(|_| self.server_thread_ids(&as_sent));
        let own_input: &[u8] = translated.as_deref().unwrap_or(&payload[1..]);
        let own = (scan.connection_id || scan.socket || scan.max_allowed_packet)
            .then(|| {
                crate::sql::own_values::rewrite(own_input, self.tracked.lex, self.own_values())
            })
            .flatten()
            .or(translated);
        let own_payload: Option<bytes::Bytes> =
            own.map(|text| ClientCommand::Prepare(&text).encode().into());
        let payload = own_payload.as_ref().unwrap_or(payload);
        let text = payload.slice(1..);
        cx.preparing.thread_ids =
            crate::session::thread_ids::id_results(&Query::new(&text, self.tracked.lex));
        if self.sharded() {
            let key_param = match self.route_text(&Query::new(&text, self.tracked.lex), true) {
                Ok(Route::Shard(s)) => {
                    self.switch_shard(s);
                    None
                }
                Ok(Route::KeyParam(rule, idx, home)) => {
                    self.switch_shard(home);
                    Some((rule, idx))
                }
                Err(e) => {
                    self.reply_error(&e);
                    return Flow::Continue;
                }
            };
            cx.preparing.text = Some((text.clone(), key_param));
        } else {
            // Kept for EXECUTE (a catalog query's rows are described).
            cx.preparing.text = Some((text.clone(), None));
        }
        if !self.compression_on() {
            return self
                .forward_command(cx, payload, ResponseShape::Prepare, RelayMode::binary())
                .await
                .flow;
        }
        self.refresh_dependents(&text).await;
        let query = Query::new(&text, self.tracked.lex);
        // `SHOW COLUMNS ... WHERE` is refused prepared as in a text query.
        let db = self.tracked.current_db().map(|d| d.into_owned());
        let refusal = crate::transform::catalog::catalog_results(
            &query,
            db.as_deref(),
            &self.ctx.rules,
            |db, name| self.ctx.schema.dependents().view(db, name).is_some(),
        )
        .filter(|found| {
            // A temporary table under a configured name is another table.
            !found
                .show_columns
                .as_ref()
                .is_some_and(|(db, t)| self.temporary().is_some_and(|tt| tt.contains(db, t)))
        })
        .and_then(|found| self.show_columns_where_refusal(&query, &found));
        if let Some(e) = refusal {
            self.reply_error(&e);
            return Flow::Continue;
        }
        // A prepared statement's conditions are not evaluated by squeeze (its
        // prepare response would have to hide the filter's column).
        self.keep_counts_across();
        let planned = self.plan_inline(&query, false).await;
        self.close_aside().await;
        let planned = planned.and_then(|r| {
            self.refuse_unconverted_results(&query, &r.results)?;
            Ok(r)
        });
        let rewrite = match planned {
            Ok(r) => r,
            Err(e) => {
                self.reply_error(&e);
                return Flow::Continue;
            }
        };
        // A prepared compound statement's result sets all come back to one
        // execute, which squeeze presents with the first piece's shape: a
        // block returning a compressed value in any other result set is
        // refused. (A multi-statement text the server refuses to prepare.)
        let block_hint = match rewrite.units.as_ref() {
            [u] if u.ends != crate::sql::results::Ends::One => {
                let first_set_is_first_piece = u.inner.first() == Some(&u.first);
                rewrite
                    .results
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| !(*k == u.first && first_set_is_first_piece))
                    .flat_map(|(_, h)| h.iter().flatten())
                    .next()
            }
            _ => None,
        };
        if let Some(hint) = block_hint {
            self.reply_error(&crate::error::SqlError::new(
                crate::error::ErrorCode::NotSupportedYet,
                format!(
                    "squeeze: column `{}` is stored compressed by squeeze, and a compound statement prepared through the protocol returns it: squeeze cannot tell its result sets apart. Send the block as a query (COM_QUERY), or its SELECTs on their own",
                    hint.rule.label
                ),
            ));
            return Flow::Continue;
        }
        let rewritten = match &rewrite.sql {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(s) => Some(ClientCommand::Prepare(s).encode()),
        };
        if let (std::borrow::Cow::Owned(sent), Some((text, _)), true) =
            (&rewrite.sql, cx.preparing.text.as_mut(), self.sharded())
        {
            // A key-routed statement is prepared again on each shard its
            // keys reach: as squeeze sends it (documents compressed, paths
            // answered from their columns, a server parameter per path),
            // never the client's text.
            *text = bytes::Bytes::from(sent.clone());
        }
        cx.preparing.params = rewrite.placeholders;
        let changes: Vec<_> = rewrite.temporary.iter().flatten().cloned().collect();
        cx.preparing.temporary =
            (!changes.is_empty() || self.ctx.rules.may_mention(&text)).then(|| {
                crate::session::statements::StmtTemporary {
                    at_prepare: self.shadowing(),
                    changes,
                }
            });
        // information_schema.COLUMNS computed on the logical type
        // (`catalog_view`): prepared as rewritten, described as sent.
        let view = match self.catalog_views(&query, db.as_deref(), true, true).await {
            Ok(v) => v,
            Err(NotSent::Refused(e) | NotSent::Backend(e)) => {
                self.reply_error(&e);
                return Flow::Continue;
            }
        };
        let rewritten = match view {
            None => rewritten,
            Some(view) => {
                if rewritten.is_some() || self.sharded() {
                    self.reply_error(&crate::error::SqlError::not_supported(
                        "a prepared statement reading information_schema.COLUMNS that needs other rewriting by squeeze, or on a sharded session: run it as a plain statement",
                    ));
                    return Flow::Continue;
                }
                if view.shape == Shape::Rows && crate::sql::diagnostics::mentions_counts(&text) {
                    // Each execute runs the statement as sent first, on the
                    // session's connection, for its description.
                    self.reply_error(&crate::error::SqlError::not_supported(&format!(
                        "a prepared statement reading information_schema.COLUMNS and the previous statement's counts (FOUND_ROWS(), ROW_COUNT(), warnings): squeeze computes the compressed column {}'s logical type by running the statement first as sent, which would replace them. Read the count in a statement of its own",
                        view.column
                    )));
                    return Flow::Continue;
                }
                if view.shape == Shape::Rows {
                    match self.described_prepared(&text).await {
                        Ok(d) => cx.preparing.described = Some(d),
                        Err(e) => return self.probe_failed(cx, e, ResponseShape::Prepare).await,
                    }
                }
                Some(ClientCommand::Prepare(&view.text).encode())
            }
        };
        cx.hints = Some((
            rewrite.results.clone(),
            crate::sql::results::ResultCursor::single(),
        ));
        let flow = self
            .forward_command(
                cx,
                rewritten.as_deref().unwrap_or(payload),
                ResponseShape::Prepare,
                RelayMode::binary(),
            )
            .await
            .flow;
        // Not taken by a registered statement (the server refused it).
        if let Some((_, probe)) = cx.preparing.described.take() {
            self.close_probe(probe).await;
        }
        flow
    }

    /// The prepare response: the OK naming the statement (squeeze's own
    /// id on a sharded session), then parameter and column definitions,
    /// the latter presented as clients expect compressed columns.
    pub(in crate::session) async fn relay_prepare(
        &mut self,
        cx: &mut CommandCx,
    ) -> Result<(), RelayError> {
        let p = self.backend_packet().await?;
        if response::is_err(&p.payload) {
            self.note_status(cx, &p.payload);
            return self.forward(&p.payload).await;
        }
        let PrepareOk {
            stmt,
            columns: cols,
            params,
        } = PrepareOk::parse(&p.payload).map_err(|e| {
            RelayError::Backend(crate::session::failure::BackendFault::unreadable(
                "bad prepare response",
                e,
            ))
        })?;
        cx.ended.ok = true;
        // Prepared with one more parameter per declared path of a document
        // parameter: the client is told, and described, its own.
        let layout = crate::transform::params::server_layout(&cx.preparing.params);
        let told = |k: usize| {
            layout.as_ref().is_none_or(|l| {
                matches!(
                    l.get(k),
                    Some(crate::transform::params::ServerParam::Client(_))
                )
            })
        };
        let client_params = (0..params as usize).filter(|&k| told(k)).count() as u16;
        let ok_payload: std::borrow::Cow<'_, [u8]> = if client_params == params {
            std::borrow::Cow::Borrowed(&p.payload[..])
        } else {
            let mut ok = p.payload.to_vec();
            ok[7..9].copy_from_slice(&client_params.to_le_bytes());
            std::borrow::Cow::Owned(ok)
        };
        // A catalog statement: its columns are kept for its executes.
        let db = self.tracked.current_db().map(|d| d.into_owned());
        let kind = cx
            .preparing
            .text
            .as_ref()
            .filter(|(text, _)| crate::transform::catalog::may_describe(text))
            .and_then(|(text, _)| {
                let query = Query::new(text, self.tracked.lex);
                crate::transform::catalog::catalog_results(
                    &query,
                    db.as_deref(),
                    &self.ctx.rules,
                    |db, name| self.ctx.schema.dependents().view(db, name).is_some(),
                )
            });
        let registered = if self.sharded() {
            // Clients see squeeze's id; each shard has its own.
            let client_id =
                self.statements
                    .map_new(self.shards.current(), stmt, params, &mut cx.preparing);
            self.register_statement(cx, client_id, params);
            let ok = PrepareOk::with_statement(&ok_payload, client_id);
            self.forward(&ok).await?;
            client_id
        } else {
            self.register_statement(cx, stmt, params);
            self.forward(&ok_payload).await?;
            stmt
        };
        if params > 0 {
            for k in 0..params as usize {
                let d = self.backend_packet().await?;
                if told(k) {
                    self.forward(&d.payload).await?;
                }
            }
            if !self.deprecate_eof() {
                let eof = self.backend_packet().await?;
                self.forward(&eof.payload).await?;
            }
        }
        if cols > 0 {
            // Result column definitions: present compressed columns as
            // clients expect them.
            let hints = cx.first_hints();
            if let Some((original, probe)) = cx.preparing.described.take() {
                // Sent rewritten: described as the statement as sent.
                let mut rewritten = Vec::with_capacity(cols as usize);
                for i in 0..cols as usize {
                    let c = self.backend_packet().await?;
                    let def = original.get(i).map_or(&c.payload[..], Vec::as_slice);
                    self.forward(def).await?;
                    rewritten.push(c.payload.to_vec());
                }
                if let Some(s) = self.statements.stmts.get_mut(&registered) {
                    s.described = Some(Described::Prepared {
                        original,
                        rewritten,
                    });
                    s.probe = Some(probe);
                    s.catalog = None;
                }
            } else {
                let mut cat =
                    kind.map(|k| (crate::transform::catalog::CatalogColumns::default(), k));
                self.relay_column_defs(
                    cols as usize,
                    hints.columns(),
                    None,
                    cat.as_mut(),
                    None,
                    None,
                    None,
                )
                .await?;
                if let Some(s) = self.statements.stmts.get_mut(&registered) {
                    s.catalog = cat.filter(|(c, k)| c.any(k));
                }
            }
            if !self.deprecate_eof() {
                let eof = self.backend_packet().await?;
                self.forward(&eof.payload).await?;
            }
        }
        Ok(())
    }

    /// The server accepted the prepare: remember the statement under the
    /// id the client knows.
    fn register_statement(&mut self, cx: &mut CommandCx, id: u32, num_params: u16) {
        let hints = match &cx.hints {
            Some((hints, _)) => hints.first().cloned().unwrap_or_default(),
            None => Vec::new(),
        };
        self.statements
            .register(id, num_params, hints, &mut cx.preparing);
    }
}
