//! COM_RESET_CONNECTION: the server drops the session's state; so does
//! squeeze (prepared statements, the server-state marker), and re-reads
//! the sql_mode the reset restored.

use crate::session::command_cx::CommandCx;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};

impl Session {
    pub(in crate::session) async fn reset_connection(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
    ) -> Flow {
        let outcome = self
            .forward_command(cx, payload, ResponseShape::Single, RelayMode::text())
            .await;
        if outcome.ok {
            if let Some(b) = self.shards.current_conn() {
                b.session_state = None;
                b.temporary.clear();
            }
            self.statements.connection_reset();
            self.load_session_state().await;
        }
        outcome.flow
    }
}
