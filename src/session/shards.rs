//! The backend side of a session: one lazy connection per shard it has
//! touched (the current one and the parked others), switching between
//! them, the session-scope SET statements replayed on each new one, and
//! what the session registry is told for `KILL`. `ShardSet` is pure (its
//! connection type is a parameter, so it is unit-tested without sockets);
//! the `impl Session` block below does the connecting.

use std::collections::HashMap;

use crate::backend::{self, BackendConn, BackendCredential, ConnectError, LoginRequest};
use crate::error::{ErrorCode, SqlError};
use crate::metrics::{ConnectFailure, METRICS};
use crate::protocol::response::ErrPacket;
use crate::sql::statement::Query;
use crate::sql::StatementKind;

use super::Session;

/// Session-scope SET statements kept for replay; a session that sets more
/// has its oldest kept and later ones only on the connections it had.
const MAX_REPLAYED_SETS: usize = 256;

/// How far a backend's packet may exceed `proxy.max_packet_size`. A value
/// can be as large as the server's `max_allowed_packet`, and the server
/// sends its row with framing on top (header, NULL bitmap, length
/// prefixes): go-sql-driver's TestLongData reads a 16 MiB value back in a
/// row of 16 MiB + 11 bytes. 64 KiB covers that framing for rows of
/// thousands of columns; statements from clients get no headroom.
pub const ROW_FRAMING_HEADROOM: usize = 64 << 10;

/// A backend thread, as the session registry names it for `KILL`.
pub(super) trait BackendThread {
    fn thread_id(&self) -> u32;
}

impl BackendThread for BackendConn {
    fn thread_id(&self) -> u32 {
        self.handshake.connection_id
    }
}

/// The session has no connection on its current shard where one was
/// expected (connecting failed and the caller went on): a bug in squeeze,
/// reported as an ERR instead of a panic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct NoBackend {
    pub shard: usize,
}

impl From<NoBackend> for SqlError {
    fn from(e: NoBackend) -> SqlError {
        SqlError::internal(format!(
            "squeeze: internal error: no backend connection to shard #{} for this statement; retry it, and report this if it repeats",
            e.shard
        ))
    }
}

pub(super) struct ShardSet<C = BackendConn> {
    /// The shard commands go to (index into `ctx.shards`).
    current: usize,
    backend: Option<C>,
    /// Connections to other shards this session has touched.
    parked: HashMap<usize, C>,
    /// Session-scope SET statements, replayed on each new shard connection.
    replay: Vec<Vec<u8>>,
    /// The backend threads last published to the session registry.
    published: Vec<(usize, u32)>,
    /// The shard the last switch left, while its connection is parked.
    came_from: Option<usize>,
}

impl<C> ShardSet<C> {
    pub fn new(current: usize) -> Self {
        ShardSet {
            current,
            backend: None,
            parked: HashMap::new(),
            replay: Vec::new(),
            published: Vec::new(),
            came_from: None,
        }
    }

    pub fn current(&self) -> usize {
        self.current
    }

    /// The current shard's connection.
    pub fn conn(&mut self) -> Result<&mut C, NoBackend> {
        self.backend.as_mut().ok_or(NoBackend {
            shard: self.current,
        })
    }

    /// The current shard's connection, if it is open.
    pub fn current_conn(&mut self) -> Option<&mut C> {
        self.backend.as_mut()
    }

    pub fn current_ref(&self) -> Option<&C> {
        self.backend.as_ref()
    }

    pub fn is_connected(&self) -> bool {
        self.backend.is_some()
    }

    /// The open connection to `shard`, current or parked.
    pub fn conn_to(&mut self, shard: usize) -> Option<&mut C> {
        if shard == self.current {
            self.backend.as_mut()
        } else {
            self.parked.get_mut(&shard)
        }
    }

    /// A new connection to the current shard.
    pub fn connected(&mut self, conn: C) {
        self.backend = Some(conn);
    }

    /// Make `shard` the current one, parking the current connection (it
    /// keeps its session state for later statements).
    pub fn switch(&mut self, shard: usize) {
        if shard == self.current {
            return;
        }
        self.came_from = None;
        if let Some(b) = self.backend.take() {
            self.parked.insert(self.current, b);
            self.came_from = Some(self.current);
        }
        self.current = shard;
        self.backend = self.parked.remove(&shard);
    }

    /// A connection to the current shard could not be opened: go back to
    /// the shard the session was on, whose connection (and session state)
    /// is parked, so that a refused move changes nothing.
    pub fn back_after_failed_connect(&mut self) {
        if self.backend.is_none() {
            if let Some(prev) = self.came_from.filter(|p| self.parked.contains_key(p)) {
                self.switch(prev);
            }
        }
    }

    /// Start over on `shard` with no connection (after closing them all).
    pub fn reset_to(&mut self, shard: usize) {
        self.current = shard;
    }

    /// Forget the current connection; `Some(shard)` when there was one.
    pub fn drop_current(&mut self) -> Option<usize> {
        self.backend.take().map(|_| self.current)
    }

    /// Take every connection (the current one last) with its shard, and
    /// forget the SET statements they replayed.
    pub fn take_all(&mut self) -> Vec<(usize, C)> {
        let mut all: Vec<(usize, C)> = self.parked.drain().collect();
        if let Some(b) = self.backend.take() {
            all.push((self.current, b));
        }
        self.replay.clear();
        all
    }

    /// Every open connection, current and parked.
    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut C> {
        self.backend.iter_mut().chain(self.parked.values_mut())
    }

    pub fn replay(&self) -> &[Vec<u8>] {
        &self.replay
    }

    /// Remember the session-scope SET statements of `query` for new shard
    /// connections (`SET GLOBAL`/`PERSIST` are the server's, not the
    /// session's).
    pub fn remember_sets(&mut self, query: &Query<'_>) {
        let text = query.text;
        for st in query.non_empty() {
            if !matches!(st.kind, StatementKind::Set(_)) {
                continue;
            }
            let raw = &text[st.range.clone()];
            let global = st
                .tokens
                .iter()
                .any(|t| t.is_keyword(text, "GLOBAL") || t.is_keyword(text, "PERSIST"))
                || raw.windows(8).any(|w| w.eq_ignore_ascii_case(b"@@global"));
            if !global && self.replay.len() < MAX_REPLAYED_SETS {
                self.replay.push(raw.to_vec());
            }
        }
    }
}

impl<C: BackendThread> ShardSet<C> {
    /// The (shard, thread) pairs to publish to the session registry when
    /// they changed since the last call; `None` when they did not.
    pub fn threads_if_changed(&mut self) -> Option<Vec<(usize, u32)>> {
        // Runs after every command: the common case (no parked shards, the
        // same backend as last time) must not allocate.
        let current = self.backend.as_ref().map(|b| (self.current, b.thread_id()));
        if self.parked.is_empty() && self.published.as_slice() == current.as_slice() {
            return None;
        }
        let mut now: Vec<(usize, u32)> = self
            .parked
            .iter()
            .map(|(s, b)| (*s, b.thread_id()))
            .collect();
        now.extend(current);
        now.sort_unstable();
        if now == self.published {
            return None;
        }
        self.published = now.clone();
        Some(now)
    }

    /// Publish everything again on the next `threads_if_changed`.
    pub fn forget_published(&mut self) {
        self.published.clear();
    }
}

impl Session {
    /// Connect the current shard if the session has no connection there.
    /// Returns the ERR to send on failure (the backend's own ERR when it
    /// refused the login).
    pub(super) async fn ensure_backend(&mut self) -> Result<(), ErrPacket> {
        if self.shards.is_connected() {
            return Ok(());
        }
        let req = self.login_request();
        let target = &self.ctx.shards[self.shards.current()];
        if let BackendCredential::Unavailable(why) = &req.credential {
            // Nothing to send: refused before connecting.
            METRICS.connect_failure(&target.name, ConnectFailure::NoCredential);
            return Err(SqlError::new(
                ErrorCode::AccessDenied,
                format!(
                    "squeeze: cannot log user '{}' into shard '{}': {why}",
                    self.backend_user.escape_debug(),
                    target.name
                ),
            )
            .to_packet());
        }
        match backend::connect(target, &req).await {
            Ok(b) => {
                self.adopt_backend(b).await;
                Ok(())
            }
            Err(e) => Err(self.connect_failed(e)),
        }
    }

    /// A new, logged-in connection to the current shard: count it, tell
    /// the session registry, and bring the session's state to it.
    pub(super) async fn adopt_backend(&mut self, b: BackendConn) {
        let target = &self.ctx.shards[self.shards.current()];
        self.ctx
            .schema
            .note_server_version(&b.handshake.server_version);
        crate::sql::comment_gate::note_server_version(&b.handshake.server_version);
        METRICS
            .backend_connections_active
            .with_label_values(&[&target.name])
            .inc();
        self.ctx.health.session_saw(&target.name, None);
        self.shards.connected(b);
        self.learn_packet_limit().await;
        self.publish_backends();
        self.load_session_state().await;
        self.replay_state().await;
    }

    /// The health probe learns each shard's `max_allowed_packet` when it
    /// can log in; until then the first session on a shard asks.
    async fn learn_packet_limit(&mut self) {
        let target = &self.ctx.shards[self.shards.current()];
        if target.server_max_packet() != 0 {
            return;
        }
        if let Some(b) = self.shards.current_conn() {
            target.learn_max_packet(&mut b.conn, b.capabilities).await;
            let limit = self.max_packet();
            if let Some(b) = self.shards.current_conn() {
                b.conn.set_max_payload(limit + ROW_FRAMING_HEADROOM);
            }
        }
    }

    /// The login for a new connection to the current shard: the client's
    /// user (or the shard's service user), capabilities and attributes.
    pub(super) fn login_request(&self) -> LoginRequest {
        let current = self.shards.current();
        let target = &self.ctx.shards[current];
        // Log in with the current database only where it lives.
        let database = self.tracked.database.clone().filter(|db| {
            let name = String::from_utf8_lossy(db);
            self.ctx.router.shard_for_db(&name, current) == Ok(current)
                || self.ctx.router.db_is_key_routed(&name)
        });
        // A service account is squeeze's own identity: its grants are
        // about squeeze's address, not the client's.
        let (user, credential, client_addr) = match &target.service_user {
            Some((u, p)) => (u.clone(), BackendCredential::Plaintext(p.clone()), None),
            None => (
                self.backend_user.clone(),
                self.credential.clone(),
                self.info.peer,
            ),
        };
        LoginRequest {
            user,
            credential,
            database,
            client_capabilities: self.info.capabilities,
            charset: self.info.charset,
            max_packet: self.info.max_packet,
            attributes: backend_attributes(&self.info.attributes),
            compress: self.bulk_negotiates(),
            adaptive: self.bulk_writer_settings(),
            max_payload: self.max_packet() + ROW_FRAMING_HEADROOM,
            ext_capabilities: self.info.ext_capabilities,
            client_addr,
        }
    }

    /// Count a failed connect and turn it into the client's ERR.
    pub(super) fn connect_failed(&self, e: ConnectError) -> ErrPacket {
        let target = self.target();
        if let ConnectError::Unreachable(why) = &e {
            // Readiness learns of it now, also without a logging-in probe.
            self.ctx.health.session_saw(&target.name, Some(why.clone()));
        }
        match e {
            ConnectError::Rejected(err) => {
                METRICS
                    .backend_errors_total
                    .with_label_values(&[&target.name, &err.code.to_string()])
                    .inc();
                err
            }
            ConnectError::Saturated(why) => {
                METRICS.connect_failure(&target.name, ConnectFailure::Saturated);
                SqlError::new(
                    ErrorCode::ConCount,
                    format!("Too many connections: squeeze: {why}"),
                )
                .to_packet()
            }
            ConnectError::Misconfigured(why) => {
                METRICS.connect_failure(&target.name, ConnectFailure::Config);
                tracing::warn!(conn = self.id, shard = %target.name, address = %target.address, error = %why, "backend login cannot work with this configuration");
                SqlError::backend_misconfigured(&target.name, &target.address, &why).to_packet()
            }
            e => {
                let reason = match e {
                    ConnectError::Unreachable(_) => ConnectFailure::Unreachable,
                    _ => ConnectFailure::Protocol,
                };
                METRICS.connect_failure(&target.name, reason);
                tracing::warn!(conn = self.id, shard = %target.name, address = %target.address, error = %e, "backend connection failed");
                SqlError::backend_unreachable(&target.name, &target.address, &e.to_string())
                    .to_packet()
            }
        }
    }

    /// The backend target of the session's current shard.
    pub(super) fn target(&self) -> &crate::backend::BackendTarget {
        &self.ctx.shards[self.shards.current()]
    }

    /// Make `shard` the one commands go to (see `ShardSet::switch`).
    pub(super) fn switch_shard(&mut self, shard: usize) {
        self.shards.switch(shard);
    }

    /// Re-apply the session's SET statements on a new shard connection so
    /// sql_mode, time zone, isolation level, autocommit and user variables
    /// follow the session. Statements that fail there are logged, not
    /// fatal; the connection now holds session variables either way.
    async fn replay_state(&mut self) {
        // An unsharded session's new connection starts afresh, as a
        // reconnect to the server would (its SETs are kept for `aside`).
        if !self.sharded() || self.shards.replay().is_empty() {
            return;
        }
        let statements = self.shards.replay().to_vec();
        let shard = &self.ctx.shards[self.shards.current()].name;
        let Some(b) = self.shards.current_conn() else {
            return;
        };
        for st in statements {
            let sql = String::from_utf8_lossy(&st).into_owned();
            if let Err(e) =
                crate::backend::query::simple_query(&mut b.conn, b.capabilities, &sql).await
            {
                tracing::warn!(conn = self.id, shard = %shard, error = %e, "replaying session state failed");
            }
        }
        b.session_state = Some("session variables");
    }

    /// The server-side state the current backend connection holds, which
    /// its loss would discard (`Tracked::state_at_risk`); `None` without a
    /// connection. `leaves`: what the command in flight leaves there.
    pub(super) fn state_at_risk(
        &self,
        leaves: crate::sql::state::StateEffect,
    ) -> Option<&'static str> {
        let b = self.shards.current_ref()?;
        self.tracked.state_at_risk(b.session_state, leaves)
    }

    /// Tell the session registry which backend threads this session holds
    /// (for `KILL` from other sessions), when that changed.
    pub(super) fn publish_backends(&mut self) {
        if let Some(now) = self.shards.threads_if_changed() {
            self.ctx.sessions.set_backends(self.id, now);
        }
    }

    /// The current backend connection is gone: forget it and the
    /// transaction status it reported.
    pub(super) fn backend_lost(&mut self) {
        self.drop_backend();
        self.tracked.backend_lost();
    }

    pub(super) fn drop_backend(&mut self) {
        if let Some(shard) = self.shards.drop_current() {
            METRICS
                .backend_connections_active
                .with_label_values(&[&self.ctx.shards[shard].name])
                .dec();
        }
    }

    /// Close every backend connection (COM_CHANGE_USER, the session's
    /// end); returns them with their shards.
    pub(super) fn take_all_backends(&mut self) -> Vec<(usize, BackendConn)> {
        let all = self.shards.take_all();
        for (shard, _) in &all {
            METRICS
                .backend_connections_active
                .with_label_values(&[&self.ctx.shards[*shard].name])
                .dec();
        }
        all
    }
}

/// The connect attributes a backend connection carries: the client's, so
/// `performance_schema.session_connect_attrs` shows the application as a
/// direct connection would, and `_proxy=squeeze` saying it came through
/// squeeze.
fn backend_attributes(client: &[(Vec<u8>, Vec<u8>)]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut attrs: Vec<_> = client
        .iter()
        .filter(|(k, _)| k.as_slice() != b"_proxy")
        .cloned()
        .collect();
    attrs.push((b"_proxy".to_vec(), b"squeeze".to_vec()));
    attrs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::LexOptions;

    /// A stand-in connection: its backend thread id.
    struct Thread(u32);

    impl BackendThread for Thread {
        fn thread_id(&self) -> u32 {
            self.0
        }
    }

    #[test]
    fn switching_parks_the_current_connection_and_resumes_the_parked_one() {
        let mut s = ShardSet::new(0);
        s.connected(Thread(10));
        s.switch(1);
        assert!(s.conn().is_err(), "shard 1 is not connected yet");
        s.connected(Thread(11));
        s.switch(0);
        assert_eq!(s.conn().unwrap().0, 10);
        assert_eq!(s.conn_to(1).unwrap().0, 11);
    }

    #[test]
    fn a_move_whose_connection_fails_goes_back_to_the_parked_shard() {
        let mut s = ShardSet::new(0);
        s.connected(Thread(10));
        s.switch(1);
        // Connecting to shard 1 failed: the session is where it was, on
        // the connection that holds its session state.
        s.back_after_failed_connect();
        assert_eq!(s.current(), 0);
        assert_eq!(s.conn().unwrap().0, 10);
        // Nothing to go back to: it stays.
        let mut fresh: ShardSet<Thread> = ShardSet::new(2);
        fresh.switch(1);
        fresh.back_after_failed_connect();
        assert_eq!(fresh.current(), 1);
    }

    #[test]
    fn no_connection_is_an_error_naming_the_shard_not_a_panic() {
        let mut s: ShardSet<Thread> = ShardSet::new(3);
        assert_eq!(s.conn().err(), Some(NoBackend { shard: 3 }));
        let e: SqlError = NoBackend { shard: 3 }.into();
        assert!(e.message.contains("shard #3"), "{}", e.message);
    }

    #[test]
    fn threads_are_published_only_when_they_change() {
        let mut s = ShardSet::new(0);
        assert_eq!(
            s.threads_if_changed(),
            None,
            "nothing connected, nothing new"
        );
        s.connected(Thread(10));
        assert_eq!(s.threads_if_changed(), Some(vec![(0, 10)]));
        assert_eq!(s.threads_if_changed(), None);
        s.switch(2);
        s.connected(Thread(12));
        assert_eq!(s.threads_if_changed(), Some(vec![(0, 10), (2, 12)]));
        assert_eq!(s.threads_if_changed(), None);
        s.forget_published();
        assert!(s.threads_if_changed().is_some());
    }

    #[test]
    fn session_sets_are_replayed_and_global_ones_are_not() {
        let mut s: ShardSet<Thread> = ShardSet::new(0);
        let text = b"SET time_zone = '+00:00'; SET GLOBAL max_connections = 5; SET @@global.x = 1; SELECT 1";
        s.remember_sets(&Query::new(text, LexOptions::default()));
        assert_eq!(s.replay(), [b"SET time_zone = '+00:00'".to_vec()]);
    }

    #[test]
    fn taking_all_connections_forgets_the_replayed_sets() {
        let mut s = ShardSet::new(0);
        s.connected(Thread(1));
        s.switch(1);
        s.connected(Thread(2));
        s.remember_sets(&Query::new(b"SET @a = 1", LexOptions::default()));
        let all = s.take_all();
        assert_eq!(all.len(), 2);
        assert_eq!(
            all.last().unwrap().0,
            1,
            "the current connection comes last"
        );
        assert!(s.replay().is_empty() && !s.is_connected());
    }

    #[test]
    fn backend_connections_carry_the_clients_attributes_and_squeezes_own() {
        let client = vec![
            (b"_client_name".to_vec(), b"libmariadb".to_vec()),
            (b"program_name".to_vec(), b"app".to_vec()),
            (b"_proxy".to_vec(), b"forged".to_vec()),
        ];
        assert_eq!(
            backend_attributes(&client),
            vec![
                (b"_client_name".to_vec(), b"libmariadb".to_vec()),
                (b"program_name".to_vec(), b"app".to_vec()),
                (b"_proxy".to_vec(), b"squeeze".to_vec()),
            ]
        );
        assert_eq!(
            backend_attributes(&[]),
            vec![(b"_proxy".to_vec(), b"squeeze".to_vec())]
        );
    }
}
