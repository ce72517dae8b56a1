//! COM_STMT_PREPARE: route the text (a sharded session), refuse or
//! rewrite it for compressed columns, and remember which parameters are
//! compressed columns; the relay registers the statement once the
//! server's OK names its id.

use crate::protocol::command::ClientCommand;
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::routing::Route;
use crate::session::{Flow, Session};
use crate::sql::statement::Query;

impl Session {
    pub(in crate::session) async fn prepare(&mut self, payload: &bytes::Bytes) -> Flow {
        let text = payload.slice(1..);
        if self.sharded() {
            let key_param = match self.route_text(&Query::new(&text, self.lex), true) {
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
            self.pending_prepare = Some((text.clone(), key_param));
        }
        if !self.compression_on() {
            return self
                .forward_command(payload, ResponseShape::Prepare, RelayMode::binary())
                .await;
        }
        self.refresh_dependents().await;
        let query = Query::new(&text, self.lex);
        let rewrite = match self.rewrite(&query).await {
            Ok(r) => r,
            Err(e) => {
                self.reply_error(&e);
                return Flow::Continue;
            }
        };
        let rewritten = match &rewrite.sql {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(s) => Some(ClientCommand::Prepare(s).encode()),
        };
        self.pending_params = rewrite.placeholders;
        self.result_hints = Some((rewrite.results.clone(), 0));
        let flow = self
            .forward_command(
                rewritten.as_deref().unwrap_or(payload),
                ResponseShape::Prepare,
                RelayMode::binary(),
            )
            .await;
        self.result_hints = None;
        flow
    }
}
