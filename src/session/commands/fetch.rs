//! COM_STMT_FETCH: rows of an open cursor, inflated like its execute's.

use crate::session::command_cx::CommandCx;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};

impl Session {
    /// `stmt` is `None` when the command was too short to name one (the
    /// server answers it).
    pub(in crate::session) async fn fetch(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        stmt: Option<u32>,
    ) -> Flow {
        if let Some(stmt) = stmt {
            if self.sharded() {
                if let Err(e) = self.place_statement(stmt, None).await {
                    self.reply_error(&e);
                    return Flow::Continue;
                }
            }
        }
        let mode = RelayMode {
            binary: true,
            cursor_for: None,
            fetch_of: stmt,
            link_status: false,
            variables: None,
            thread_ids: None,
            catalog: None,
            prepared_catalog: None,
            described_as: None,
        };
        self.forward_command(cx, payload, ResponseShape::Fetch, mode)
            .await
            .flow
    }
}
