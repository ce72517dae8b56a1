//! COM_STMT_SEND_LONG_DATA: chunks for a compressed parameter are kept
//! until execute compresses the whole value; the rest are forwarded.

use crate::session::command_cx::CommandCx;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};

impl Session {
    pub(in crate::session) async fn long_data(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        stmt: u32,
        param: u16,
        data: &[u8],
    ) -> Flow {
        if self.place_statement(stmt, None).await.is_err() {
            // COM_STMT_SEND_LONG_DATA has no answer, not even an ERR.
            return Flow::Continue;
        }
        let max = self.max_packet();
        if let Some(prepared) = self.statements.get_mut(stmt) {
            // Its value will be absent from the next execute packet.
            prepared.long_data_sent.insert(param);
            if prepared.is_compressed_param(param) {
                let buf = prepared.long_data.entry(param).or_default();
                if buf.len() + payload.len() > max {
                    // Like the server, report the overflow at execute;
                    // keep the session alive.
                    prepared.long_data.remove(&param);
                } else {
                    buf.extend_from_slice(data);
                }
                return Flow::Continue;
            }
        }
        // The server numbers the parameters of the statement it prepared.
        let index = self.statements.get(stmt).and_then(|s| {
            let k = crate::transform::params::server_index(s.layout.as_deref(), param as usize);
            (k != param as usize).then_some(k as u16)
        });
        let renumbered = index.filter(|_| payload.len() >= 7).map(|k| {
            let mut p = payload.to_vec();
            p[5..7].copy_from_slice(&k.to_le_bytes());
            p
        });
        self.forward_command(
            cx,
            renumbered.as_deref().unwrap_or(payload),
            ResponseShape::None,
            RelayMode::text(),
        )
        .await
        .flow
    }
}
