//! COM_INIT_DB: on a sharded session, move to the database's shard first;
//! once the server accepted it, it is the session's database.

use crate::error::SqlError;
use crate::session::command_cx::CommandCx;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::{Flow, Session};

impl Session {
    pub(in crate::session) async fn init_db(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        db: &[u8],
    ) -> Flow {
        if self.sharded() {
            let name = String::from_utf8_lossy(db);
            match self.ctx.router.shard_for_db(&name, self.shards.current()) {
                Ok(s) => {
                    if let Err(e) = self.check_transaction(s) {
                        self.reply_error(&e);
                        return Flow::Continue;
                    }
                    self.switch_shard(s);
                }
                Err(crate::router::RouteError::UnknownDatabase(d)) => {
                    self.reply_error(&SqlError::unknown_database(&d));
                    return Flow::Continue;
                }
            }
        }
        let outcome = self
            .forward_command(cx, payload, ResponseShape::Single, RelayMode::text())
            .await;
        if outcome.ok {
            self.tracked.database = Some(db.to_vec());
        }
        outcome.flow
    }
}
