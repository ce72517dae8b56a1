//! COM_STMT_RESET: drop the statement's pending long data and cursor, then
//! let its server reset it too.

use crate::session::command_cx::CommandCx;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};

impl Session {
    pub(in crate::session) async fn reset(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        stmt: u32,
    ) -> Flow {
        if self.sharded() {
            if let Err(e) = self.place_statement(stmt, None).await {
                self.reply_error(&e);
                return Flow::Continue;
            }
        }
        self.statements.reset(stmt);
        self.forward_command(cx, payload, ResponseShape::Single, RelayMode::text())
            .await
            .flow
    }
}
