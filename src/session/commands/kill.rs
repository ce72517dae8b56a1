//! `KILL [QUERY|CONNECTION] <id>` and COM_PROCESS_KILL through squeeze.
//! Clients know squeeze's session ids (the handshake's), not the backends'
//! thread ids: the id is looked up in the session registry and a KILL of
//! each backend thread that session holds is sent on the killer's own
//! connection to that shard, so the server applies its own rule (owner,
//! `CONNECTION ADMIN`, `SUPER`) and answers as it would directly. An id
//! squeeze did not hand out is answered with 1094 and never reaches a
//! server, where it could name an unrelated session's thread.
//!
//! In a multi-statement query, KILLs that lead it are run here one by one
//! (each answered with an OK saying more results follow) and the rest of
//! the query goes on as a query of its own: the server too runs the
//! statements of one query in order and stops at the first error.

use crate::backend::query::{simple_query, QueryError};
use crate::error::{ErrorCode, SqlError};
use crate::protocol::capabilities::{CLIENT_MULTI_STATEMENTS, SERVER_MORE_RESULTS_EXISTS};
use crate::protocol::response::ok_packet;
use crate::session::{Flow, Session};
use crate::sql::kill::{parse_kill, Kill};
use crate::sql::statement::Query;

/// What a query that starts with KILL leaves to do.
pub(in crate::session) enum KillStep {
    /// Answered: the query is done.
    Done(Flow),
    /// Leading KILLs answered; the statements from this byte offset of the
    /// query text run next, as a query of their own.
    Rest(usize),
}

/// How one KILL ended.
enum Killed {
    Ok,
    /// The session killed its own connection.
    OwnConnection,
    /// The server's (or squeeze's) refusal, ready for the client.
    Refused(Vec<u8>),
}

impl Session {
    /// Answer the KILLs by thread id that lead `query`; `None` when it has
    /// none.
    pub(in crate::session) async fn kill(&mut self, query: &Query<'_>) -> Option<KillStep> {
        if !query.scan.kill {
            return None;
        }
        let stmts: Vec<_> = query.non_empty().collect();
        if stmts.len() > 1 && self.info.capabilities & CLIENT_MULTI_STATEMENTS == 0 {
            // The server refuses the whole text (1064) before running any
            // of it, as it would directly.
            return None;
        }
        let kills: Vec<Option<Kill>> = stmts
            .iter()
            .map(|st| parse_kill(query.text, &st.tokens))
            .collect();
        let leading = kills.iter().take_while(|k| k.is_some()).count();
        if leading == 0 {
            if kills.iter().all(Option::is_none) {
                return None;
            }
            return Some(self.refuse_kill("squeeze: a KILL after another statement of a multi-statement query cannot be run in order; send it as a statement of its own, or first"));
        }
        if kills[leading..].iter().any(Option::is_some) {
            return Some(self.refuse_kill("squeeze: a KILL after another statement of a multi-statement query cannot be run in order; send it as a statement of its own, or first"));
        }
        for (i, kill) in kills[..leading].iter().enumerate() {
            let (id, of_query) = match kill.unwrap_or(Kill::Opaque) {
                Kill::Connection(id) => (id, false),
                Kill::Query(id) => (id, true),
                Kill::Opaque => {
                    return Some(self.refuse_kill("squeeze: KILL needs the connection id as a number (the id is translated to the backend's thread; squeeze cannot read it from an expression or variable)"));
                }
            };
            let more = i + 1 < stmts.len();
            match self.kill_session(id, of_query).await {
                Killed::Ok => {
                    let status =
                        self.tracked.status | if more { SERVER_MORE_RESULTS_EXISTS } else { 0 };
                    self.client.write_packet(&ok_packet(status, 0, 0));
                }
                Killed::OwnConnection => return Some(KillStep::Done(Flow::Close)),
                Killed::Refused(err) => {
                    self.client.write_packet(&err);
                    return Some(KillStep::Done(Flow::Continue));
                }
            }
        }
        Some(match stmts.get(leading) {
            Some(next) => KillStep::Rest(next.range.start),
            None => KillStep::Done(Flow::Continue),
        })
    }

    /// COM_PROCESS_KILL (`mysql_kill()`, PyMySQL's `kill()`): KILL
    /// CONNECTION by id.
    pub(in crate::session) async fn process_kill(&mut self, id: u32) -> Flow {
        match self.kill_session(u64::from(id), false).await {
            Killed::Ok => {
                self.client
                    .write_packet(&ok_packet(self.tracked.status, 0, 0));
                Flow::Continue
            }
            Killed::OwnConnection => Flow::Close,
            Killed::Refused(err) => {
                self.client.write_packet(&err);
                Flow::Continue
            }
        }
    }

    fn refuse_kill(&mut self, why: &str) -> KillStep {
        self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, why));
        KillStep::Done(Flow::Continue)
    }

    async fn kill_session(&mut self, id: u64, query: bool) -> Killed {
        let target = u32::try_from(id).ok();
        let entry = target.and_then(|i| self.ctx.sessions.get(i));
        let (Some(target), Some(entry)) = (target, entry) else {
            return Killed::Refused(
                SqlError::new(ErrorCode::NoSuchThread, format!("Unknown thread id: {id}"))
                    .to_packet()
                    .encode(),
            );
        };
        let own = id == u64::from(self.id);
        tracing::debug!(conn = self.id, target = id, backends = ?entry.backends, query, "KILL");
        if own && !query {
            entry.close.notify_one();
            return Killed::OwnConnection;
        }
        if entry.backends.is_empty() && entry.user != self.info.user {
            // No backend thread for the server to judge (a session between
            // connections): only its owner may end it.
            return Killed::Refused(
                SqlError::new(
                    ErrorCode::KillDenied,
                    format!("You are not owner of thread {id}"),
                )
                .to_packet()
                .encode(),
            );
        }
        if !query {
            // Before its backend goes: a session busy in a statement learns
            // from this why the backend vanished (see `relay`).
            self.ctx.sessions.mark_killed(target);
        }
        for (shard, thread) in entry.backends {
            if let Err(refused) = self.kill_thread(shard, thread, id, query).await {
                if !query {
                    self.ctx.sessions.unmark_killed(target);
                }
                return Killed::Refused(refused);
            }
        }
        // squeeze's own work on the session's rows stops too (the server
        // judged the KILL allowed).
        entry.live.interrupt.raise(crate::interrupt::Reason::Killed);
        if !query {
            entry.close.notify_one();
        }
        Killed::Ok
    }

    /// KILL one backend thread on the killer's own connection to `shard`;
    /// the server's refusal comes back with the client's id in it.
    async fn kill_thread(
        &mut self,
        shard: usize,
        thread: u32,
        id: u64,
        query: bool,
    ) -> Result<(), Vec<u8>> {
        let home = self.shards.current();
        self.switch_shard(shard);
        let r = self.kill_on_current(thread, query).await;
        self.switch_shard(home);
        match r {
            Ok(()) => Ok(()),
            // The thread ended meanwhile: nothing left to kill.
            Err(KillError::Server(e)) if e.code == ErrorCode::NoSuchThread.code() => Ok(()),
            Err(KillError::Server(mut e)) => {
                // "You are not owner of thread <backend thread>": the
                // client knows the session by its own id.
                e.message = e.message.replace(&thread.to_string(), &id.to_string());
                Err(e.encode())
            }
            Err(KillError::Squeeze(e)) => Err(e),
        }
    }

    async fn kill_on_current(&mut self, thread: u32, query: bool) -> Result<(), KillError> {
        self.ensure_backend()
            .await
            .map_err(|e| KillError::Squeeze(e.encode()))?;
        let backend = self
            .shards
            .conn()
            .map_err(|e| KillError::Squeeze(SqlError::from(e).to_packet().encode()))?;
        let verb = if query { "QUERY" } else { "CONNECTION" };
        match simple_query(
            &mut backend.conn,
            backend.capabilities,
            &format!("KILL {verb} {thread}"),
        )
        .await
        {
            Ok(_) => Ok(()),
            Err(QueryError::Server(e)) => Err(KillError::Server(e)),
            Err(QueryError::Net(why)) => Err(KillError::Squeeze(
                SqlError::internal(format!("squeeze: KILL on the backend failed: {why}"))
                    .to_packet()
                    .encode(),
            )),
        }
    }
}

enum KillError {
    Server(crate::protocol::response::ErrPacket),
    Squeeze(Vec<u8>),
}
