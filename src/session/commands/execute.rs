//! COM_STMT_EXECUTE: decode its parameters once (with the types an earlier
//! execute bound when this one sends none), route a key-routed statement by
//! its bound key, compress the parameters bound to compressed columns (and
//! the long data collected for them), then relay the result with its
//! columns inflated; a cursor the client asked for keeps the row
//! transformer for FETCH.

use crate::error::{ErrorCode, SqlError};
use crate::metrics::{ErrorSource, ProtocolErrorKind};
use crate::protocol::execute::{ExecuteParams, CURSOR_FLAGS};
use crate::protocol::ProtocolError;
use crate::session::command_cx::CommandCx;
use crate::session::failure::{Counted, SessionError};
use crate::session::relay::{Described, RelayMode, ResponseShape};
use crate::session::routing::shard_for_param;
use crate::session::{Flow, Session};
use crate::transform::params::{
    has_compressed_params, rewrite_execute, ExecuteRewrite, ParamError,
};

/// The command byte, statement id, flags and iteration count.
const HEAD_LEN: usize = 10;

impl Session {
    /// `stmt` and `flags` as the client wrote them; `params` the bytes
    /// after the iteration count.
    pub(in crate::session) async fn execute(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        stmt: u32,
        flags: u8,
        params: &[u8],
    ) -> Flow {
        let id = self.statements.resolve(stmt);
        let sharded = self.sharded();
        // A prepared catalog query describes compressed columns as a text
        // one does.
        let catalog = self
            .statements
            .stmts
            .get(&id)
            .and_then(|s| s.catalog.clone());
        let mut mode = RelayMode {
            binary: true,
            // Only a cursor the client asked for defers the rows to FETCH.
            cursor_for: (flags & CURSOR_FLAGS != 0).then_some(id),
            fetch_of: None,
            link_status: false,
            prepared_catalog: catalog.as_ref().map(|(cols, _)| Box::new(cols.clone())),
            catalog: catalog.map(|(_, kind)| Box::new(kind)),
            variables: None,
            // Binary rows carry thread ids as text rows do.
            thread_ids: self.statements.stmts.get(&id).and_then(|s| s.thread_ids),
            described_as: self
                .statements
                .stmts
                .get(&id)
                .and_then(|s| s.described.clone())
                .map(Box::new),
        };
        let stale = self.stale_prepared(id).or_else(|| {
            let text = &self.statements.stmts.get(&id)?.text;
            self.found_rows_of_filtered(text)
        });
        if let Some(e) = stale {
            self.reply_error(&e);
            return Flow::Continue;
        }
        let Some(s) = self.statements.stmts.get_mut(&id) else {
            // Unknown to squeeze: the server answers as it would directly.
            return self
                .forward_command(cx, payload, ResponseShape::Results, mode)
                .await
                .flow;
        };
        // Taken out while the parameters borrow them; put back below.
        let remembered = s.types.take();
        let decoded = ExecuteParams::parse(params, s.num_params as usize, remembered.as_deref());
        let x = match decoded {
            Ok(x) => x,
            Err(e) if s.key_param.is_some() || has_compressed_params(&s.param_rules) => {
                s.types = remembered;
                return self.refuse_malformed(&e);
            }
            Err(_) => {
                // Nothing here depends on the parameters: the server
                // judges the packet as it would directly.
                s.types = remembered;
                return self
                    .forward_command(cx, payload, ResponseShape::Results, mode)
                    .await
                    .flow;
            }
        };
        let newly_bound = x.newly_bound.then(|| x.types.to_vec());
        let sent = &s.long_data_sent;
        let long_data = |i: usize| sent.contains(&(i as u16));
        let key_shard = match &s.key_param {
            Some((rule, index)) => match shard_for_param(&x, rule, *index, long_data) {
                Some(shard) => Some(shard),
                None => {
                    s.types = newly_bound.or(remembered);
                    s.long_data_sent.clear();
                    self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: the shard-key parameter of this statement is NULL or cannot be mapped to a shard"));
                    return Flow::Continue;
                }
            },
            None => None,
        };
        let head = &payload[..HEAD_LEN.min(payload.len())];
        if s.layout_broken || (s.layout.is_some() && self.tracked.non_utf8_charset.is_some()) {
            s.types = newly_bound.or(remembered);
            s.long_data_sent.clear();
            s.long_data.clear();
            self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: this prepared statement writes a document with extracted paths, which squeeze sends as utf8mb4 strings: run SET NAMES utf8mb4 and prepare it again"));
            return Flow::Continue;
        }
        let rewrite = rewrite_execute(
            head,
            &x,
            &s.param_rules,
            &mut s.long_data,
            long_data,
            s.layout.as_deref(),
        );
        // Each shard's server statement is its own: one prepared there
        // since the types were bound has never been told them, so a
        // sharded session always binds them.
        let rebound =
            (sharded && !x.newly_bound && x.count() > 0).then(|| x.with_types_bound(head));
        s.types = newly_bound.or(remembered);
        let had_long_data = !s.long_data_sent.is_empty();
        s.long_data_sent.clear();
        let hints = s.result_hints.clone();
        let rewrite = match rewrite {
            Ok(r) if r.payload.is_none() => ExecuteRewrite {
                payload: rebound,
                ..r
            },
            Ok(r) => r,
            Err(ParamError::Write(e)) => {
                let refused = SessionError::refused(e.to_sql_error());
                return self.fail(refused.counted(Counted::Refused(e.reason_label())));
            }
            Err(ParamError::Malformed(e)) => return self.refuse_malformed(&e),
        };
        if let Err(e) = self.place_statement(stmt, key_shard).await {
            self.reply_error(&e);
            return Flow::Continue;
        }
        if !rewrite.long_data.is_empty() {
            if let Err(e) = self.ensure_backend().await {
                // Counted and logged where the connect failed (`shards`).
                return self.fail(SessionError::new(ErrorSource::Backend, e.into()));
            }
            for ld in &rewrite.long_data {
                if let Flow::Close = self
                    .forward_command(cx, ld, ResponseShape::None, RelayMode::text())
                    .await
                    .flow
                {
                    return Flow::Close;
                }
            }
        }
        if !hints.is_empty() {
            cx.hints = Some((
                vec![hints].into(),
                crate::sql::results::ResultCursor::single(),
            ));
        }
        let sent = rewrite.payload.as_deref().unwrap_or(payload);
        // Sent rewritten (`catalog_view`): the statement as sent, run first
        // with the same parameters, describes the result.
        if let Some(probe) = self.statements.stmts.get(&id).and_then(|s| s.probe) {
            if had_long_data || !rewrite.long_data.is_empty() {
                self.reply_error(&SqlError::not_supported(
                    "long data for a prepared statement reading information_schema.COLUMNS: bind the parameter in the execute",
                ));
                return Flow::Continue;
            }
            match self.described_execute(sent, probe).await {
                Ok(Some(d)) => mode.described_as = Some(Box::new(Described::AsSent(d))),
                // Left out (the client's metadata cache): the client has them.
                Ok(None) => {}
                Err(e) => return self.probe_failed(cx, e, ResponseShape::Results).await,
            }
        }
        let outcome = self
            .forward_command(cx, sent, ResponseShape::Results, mode)
            .await;
        cx.hints = None;
        if outcome.all_ran() {
            let changes = self
                .statements
                .stmts
                .get(&id)
                .and_then(|s| s.temporary.as_ref())
                .map(|t| t.changes.clone())
                .unwrap_or_default();
            if !changes.is_empty() {
                self.apply_temporary(
                    &[changes],
                    &crate::sql::results::ResultCursor::single(),
                    true,
                );
                // Its own changes are what it was prepared for.
                let now = self.shadowing();
                if let Some(t) = self
                    .statements
                    .stmts
                    .get_mut(&id)
                    .and_then(|s| s.temporary.as_mut())
                {
                    t.at_prepare = now;
                }
            }
        }
        outcome.flow
    }

    pub(super) fn refuse_malformed(&mut self, e: &ProtocolError) -> Flow {
        self.fail(SessionError::protocol(
            ErrorSource::Client,
            ProtocolErrorKind::Malformed,
            SqlError::from_client_protocol(e),
        ))
    }
}
