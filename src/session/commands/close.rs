//! COM_STMT_CLOSE: forget the statement; on a sharded session, close it on
//! every shard it was prepared on (the client sees one statement).

use crate::session::command_cx::CommandCx;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};

impl Session {
    pub(in crate::session) async fn close(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        stmt: u32,
    ) -> Flow {
        if self.sharded() {
            if self.place_statement(stmt, None).await.is_err() {
                // COM_STMT_CLOSE has no answer, not even an ERR.
                return Flow::Continue;
            }
            self.close_everywhere(stmt).await;
            return Flow::Continue;
        }
        let probe = self.statements.get(stmt).and_then(|s| s.probe);
        self.statements.closed(stmt);
        let flow = self
            .forward_command(cx, payload, ResponseShape::None, RelayMode::text())
            .await
            .flow;
        if let Some(probe) = probe {
            self.close_probe(probe).await;
        }
        flow
    }
}
