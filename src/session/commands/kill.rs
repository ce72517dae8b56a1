//! `KILL [QUERY|CONNECTION] <id>` through squeeze. Clients know squeeze's
//! session ids (the handshake's), not the backends' thread ids: the id is
//! looked up in the session registry and the KILL is sent for each backend
//! thread that session holds, on its shard. An id squeeze did not hand out
//! is answered with 1094 and never reaches a server, where it could name an
//! unrelated session's thread.

use crate::backend::query::{simple_query, QueryError};
use crate::error::{ErrorCode, SqlError};
use crate::protocol::response::ok_packet;
use crate::session::{Flow, Session};
use crate::sql::kill::{parse_kill, Kill};
use crate::sql::statement::Query;

impl Session {
    /// Answer a `KILL` by thread id; `None` when `text` is not one.
    pub(in crate::session) async fn kill(&mut self, query: &Query<'_>) -> Option<Flow> {
        if !query.scan.kill {
            return None;
        }
        let kills: Vec<Option<Kill>> = query
            .non_empty()
            .map(|st| parse_kill(query.text, &st.tokens))
            .collect();
        let kill = match kills.as_slice() {
            [k] => (*k)?,
            many if many.iter().all(Option::is_none) => return None,
            _ => {
                self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: send KILL as a statement of its own, not inside a multi-statement query",
                ));
                return Some(Flow::Continue);
            }
        };
        let (id, query) = match kill {
            Kill::Connection(id) => (id, false),
            Kill::Query(id) => (id, true),
            Kill::Opaque => {
                self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: KILL needs the connection id as a number (the id is translated to the backend's thread; squeeze cannot read it from an expression or variable)",
                ));
                return Some(Flow::Continue);
            }
        };
        Some(self.kill_session(id, query).await)
    }

    async fn kill_session(&mut self, id: u64, query: bool) -> Flow {
        let target = u32::try_from(id).ok();
        let entry = target.and_then(|i| self.ctx.sessions.get(i));
        let (Some(target), Some(entry)) = (target, entry) else {
            self.reply_error(&SqlError::new(
                ErrorCode::NoSuchThread,
                format!("Unknown thread id: {id}"),
            ));
            return Flow::Continue;
        };
        if entry.user != self.info.user {
            self.reply_error(&SqlError::new(
                ErrorCode::KillDenied,
                format!("You are not owner of thread {id}"),
            ));
            return Flow::Continue;
        }
        tracing::debug!(conn = self.id, target = id, backends = ?entry.backends, query, "KILL");
        let own = id == u64::from(self.id);
        if !query && !own {
            // Before its backend goes: a session busy in a statement learns
            // from this why the backend vanished (see `relay`).
            self.ctx.sessions.mark_killed(target);
        }
        let home = self.shards.current();
        for (shard, thread) in entry.backends {
            if own && !query {
                break;
            }
            self.switch_shard(shard);
            if let Err(e) = self.ensure_backend().await {
                self.switch_shard(home);
                self.client.write_packet(&e.encode());
                return Flow::Continue;
            }
            let verb = if query { "QUERY" } else { "CONNECTION" };
            let backend = match self.shards.conn() {
                Ok(b) => b,
                Err(e) => {
                    self.switch_shard(home);
                    self.reply_error(&e.into());
                    return Flow::Continue;
                }
            };
            let r = simple_query(
                &mut backend.conn,
                backend.capabilities,
                &format!("KILL {verb} {thread}"),
            )
            .await;
            self.switch_shard(home);
            match r {
                // The thread ended meanwhile: nothing left to kill.
                Ok(_) => {}
                Err(QueryError::Server(e)) if e.code == ErrorCode::NoSuchThread.code() => {}
                Err(QueryError::Server(e)) => {
                    self.client.write_packet(&e.encode());
                    return Flow::Continue;
                }
                Err(QueryError::Net(why)) => {
                    self.reply_error(&SqlError::internal(format!(
                        "squeeze: KILL on the backend failed: {why}"
                    )));
                    return Flow::Continue;
                }
            }
        }
        if !query {
            entry.close.notify_one();
            if own {
                return Flow::Close;
            }
        }
        self.client
            .write_packet(&ok_packet(self.tracked.status, 0, 0));
        Flow::Continue
    }
}
