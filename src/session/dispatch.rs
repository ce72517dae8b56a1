//! One `match` on the decoded client command: each arm names the handler
//! that owns it (`commands/`) or the response shape squeeze relays.

use crate::error::SqlError;
use crate::metrics::{ErrorSource, ProtocolErrorKind};
use crate::protocol::capabilities::CLIENT_MULTI_STATEMENTS;
use crate::protocol::command::{ClientCommand, Command};
use crate::protocol::Packet;

use super::command_cx::CommandCx;
use super::failure::SessionError;
use super::relay::{RelayMode, ResponseShape};
use super::{Flow, Session};

impl Session {
    /// `cx`: fresh for this command (made by the command loop, outside
    /// this future, which `select!` moves).
    pub(super) async fn handle_command(&mut self, cx: &mut CommandCx, packet: Packet) -> Flow {
        let Ok(command) = ClientCommand::decode(&packet.payload) else {
            // The command loop answers empty packets before dispatch.
            return Flow::Close;
        };
        cx.leaves = command_state_effect(command.command());
        let payload = &packet.payload;
        use ClientCommand as C;
        let flow = match command {
            C::Quit => {
                self.orderly_end = true;
                Flow::Close
            }
            C::ChangeUser(_) => self.change_user(&packet).await,
            C::Query(_) => self.query(cx, payload).await,
            C::Prepare(_) => self.prepare(cx, payload).await,
            C::Execute {
                stmt,
                flags,
                params,
                ..
            } => self.execute(cx, payload, stmt, flags, params).await,
            C::BulkExecute { stmt, body } => self.bulk_execute(cx, payload, stmt, body).await,
            C::SendLongData { stmt, param, data } => {
                self.long_data(cx, payload, stmt, param, data).await
            }
            C::Close(stmt) => self.close(cx, payload, stmt).await,
            C::Reset(stmt) => self.reset(cx, payload, stmt).await,
            C::Fetch { stmt, .. } => self.fetch(cx, payload, Some(stmt)).await,
            C::InitDb(db) => self.init_db(cx, payload, db).await,
            C::ResetConnection => self.reset_connection(cx, payload).await,
            C::Ping => self.relay_as_is(cx, payload, ResponseShape::Single).await,
            // Followed, so squeeze splits multi-statement queries only
            // when the server would run them (`commands/kill.rs`).
            C::Other(Command::SetOption, body) if body.len() >= 2 => {
                let outcome = self
                    .forward_command(cx, payload, ResponseShape::Single, RelayMode::text())
                    .await;
                if outcome.ok {
                    match u16::from_le_bytes([body[0], body[1]]) {
                        0 => self.info.capabilities |= CLIENT_MULTI_STATEMENTS,
                        1 => self.info.capabilities &= !CLIENT_MULTI_STATEMENTS,
                        _ => {}
                    }
                }
                outcome.flow
            }
            // The id is squeeze's: translated like `KILL <id>`.
            C::Other(Command::ProcessKill, body) if body.len() >= 4 => {
                let id = u32::from_le_bytes([body[0], body[1], body[2], body[3]]);
                self.process_kill(id).await
            }
            C::Malformed(Command::StmtExecute, _) => {
                self.reply_error(&SqlError::from_client_protocol(
                    &crate::protocol::ProtocolError::Truncated,
                ));
                Flow::Continue
            }
            // Too short to name a statement: the server answers it as it
            // would directly (a sharded session drops a close, which has
            // no answer, having no shard to send it to).
            C::Malformed(Command::StmtClose, _) if self.sharded() => Flow::Continue,
            C::Malformed(Command::StmtFetch, _) => self.fetch(cx, payload, None).await,
            C::Malformed(c, _) | C::Other(c, _) => match shape_of(c) {
                Some(shape) => self.relay_as_is(cx, payload, shape).await,
                None => {
                    self.reply_error(&SqlError::not_supported(&format!(
                        "the {} command through the proxy; connect to the server directly for replication and administration",
                        c.label()
                    )));
                    Flow::Continue
                }
            },
            C::Unknown(byte) => self.fail(SessionError::protocol(
                ErrorSource::Client,
                ProtocolErrorKind::UnknownCommand,
                SqlError::unknown_command(byte),
            )),
        };
        // Only after a reported state change (a SET, typically short) is the
        // text looked at: a command that may have changed a session_track_*
        // setting the server then no longer reports (`restore_tracking`).
        let may_retrack = cx.tracking.state_changed
            && match packet.payload.split_first() {
                Some((0x03, sql)) => {
                    ["session_track", "execute", "call", "begin"]
                        .iter()
                        .any(|w| {
                            sql.windows(w.len())
                                .any(|x| x.eq_ignore_ascii_case(w.as_bytes()))
                        })
                }
                _ => true,
            };
        self.restore_tracking(cx.tracking, may_retrack).await;
        flow
    }

    /// Relay a command squeeze does not change and whose answer needs no
    /// bookkeeping.
    async fn relay_as_is(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        shape: ResponseShape,
    ) -> Flow {
        self.forward_command(cx, payload, shape, RelayMode::text())
            .await
            .flow
    }
}

/// How the backend answers a command squeeze relays without a handler of
/// its own; `None` for commands squeeze refuses (replication and server
/// administration).
fn shape_of(command: Command) -> Option<ResponseShape> {
    use Command::*;
    Some(match command {
        StmtClose | StmtSendLongData => ResponseShape::None,
        FieldList => ResponseShape::FieldList,
        StmtFetch => ResponseShape::Fetch,
        InitDb | Ping | Statistics | SetOption | ResetConnection | Refresh | ProcessKill
        | Debug | CreateDb | DropDb | StmtReset => ResponseShape::Single,
        ProcessInfo | Query | StmtExecute | StmtBulkExecute => ResponseShape::Results,
        StmtPrepare => ResponseShape::Prepare,
        BinlogDump | BinlogDumpGtid | RegisterSlave | TableDump | ConnectOut | Shutdown
        | Daemon | DelayedInsert | Connect | Sleep | Time | Quit | ChangeUser => return None,
    })
}

/// What a client command other than COM_QUERY leaves in the server
/// session (`query` classifies its text from the statement model).
fn command_state_effect(command: Option<Command>) -> crate::sql::state::StateEffect {
    use crate::sql::state::StateEffect;
    use Command::*;
    match command {
        Some(
            StmtPrepare | StmtExecute | StmtBulkExecute | StmtSendLongData | StmtFetch | StmtReset
            | StmtClose,
        ) => StateEffect::Leaves("prepared statements"),
        Some(SetOption) => StateEffect::Leaves("session options (COM_SET_OPTION)"),
        _ => StateEffect::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replication_and_administration_commands_are_refused_not_relayed() {
        for c in [
            Command::BinlogDump,
            Command::Shutdown,
            Command::RegisterSlave,
        ] {
            assert_eq!(shape_of(c), None, "{c:?}");
        }
        assert_eq!(shape_of(Command::Statistics), Some(ResponseShape::Single));
        assert_eq!(shape_of(Command::ProcessInfo), Some(ResponseShape::Results));
    }

    #[test]
    fn statement_commands_mark_the_backend_as_holding_prepared_statements() {
        use crate::sql::state::StateEffect;
        assert_eq!(
            command_state_effect(Some(Command::StmtClose)),
            StateEffect::Leaves("prepared statements")
        );
        assert_eq!(command_state_effect(Some(Command::Ping)), StateEffect::None);
        assert_eq!(command_state_effect(None), StateEffect::None);
    }
}
