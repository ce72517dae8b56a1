//! COM_STMT_EXECUTE: compress the parameters bound to compressed columns
//! (and the long data collected for them), then relay the result with its
//! columns inflated; a cursor it opens keeps the row transformer for FETCH.

use crate::error::SqlError;
use crate::metrics::METRICS;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};
use crate::transform::params::{rewrite_execute, ParamError};

impl Session {
    /// `stmt` as the client wrote it; `params` the bytes after the
    /// iteration count (for a key-routed statement's shard).
    pub(in crate::session) async fn execute(
        &mut self,
        payload: &[u8],
        stmt: u32,
        params: &[u8],
    ) -> Flow {
        if let Err(e) = self.place_statement(stmt, Some(params)).await {
            self.reply_error(&e);
            return Flow::Continue;
        }
        let id = self.statements.resolve(stmt);
        let mode = RelayMode {
            binary: true,
            cursor_for: Some(id),
            fetch_of: None,
            link_status: false,
            thread_ids: None,
        };
        let Some(prepared) = self.statements.compressed.get_mut(&id) else {
            return self
                .forward_command(payload, ResponseShape::Results, mode)
                .await;
        };
        let rewrite = match rewrite_execute(payload, prepared) {
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
            .statements
            .compressed
            .get(&id)
            .map(|s| s.result_hints.clone())
            .unwrap_or_default();
        self.result_hints = Some((vec![hints].into(), 0));
        let sent = rewrite.payload.as_deref().unwrap_or(payload);
        let flow = self
            .forward_command(sent, ResponseShape::Results, mode)
            .await;
        self.result_hints = None;
        flow
    }
}
