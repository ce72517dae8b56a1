//! Every open session by the id squeeze handed its client, with the
//! backend threads it holds, so `KILL <id>` from any session reaches the
//! right threads on the right shards (and only ids squeeze handed out),
//! and so the admin view can list what every session is doing.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use parking_lot::Mutex;

use tokio::sync::Notify;

use crate::net::ByteTotals;

/// What a `KILL` (and the admin view) needs to know about a session.
#[derive(Debug, Clone)]
pub struct SessionEntry {
    pub user: String,
    /// (shard, backend thread id) of each backend connection it holds.
    pub backends: Vec<(usize, u32)>,
    /// Wakes the session to close its client connection (`KILL CONNECTION`).
    pub close: Arc<Notify>,
    /// What the session is doing, updated by the session itself.
    pub live: Arc<SessionLive>,
    /// Set by `KILL CONNECTION` before its backend threads are killed: the
    /// session, if busy in a statement, then sees its backend go away and
    /// must end the way a killed server connection ends (closed, no squeeze
    /// ERR about a lost backend).
    pub killed: bool,
}

/// No command running (`command` holds a command byte otherwise).
const IDLE: u16 = u16::MAX;

/// A session's state as the admin view shows it. Written by the session
/// between commands with relaxed atomics (no lock on the command path);
/// the schema changes rarely and sits behind a mutex.
#[derive(Debug)]
pub struct SessionLive {
    pub client: SocketAddr,
    pub tls: bool,
    pub compressed: bool,
    /// Bytes read from and written to the client.
    pub bytes: Arc<ByteTotals>,
    origin: Instant,
    command: AtomicU16,
    /// When the current state began, in ms since `origin`.
    since_ms: AtomicU64,
    schema: Mutex<Option<String>>,
    /// Raised by `KILL [QUERY]` of this session (and by the session when
    /// its client goes away): stops squeeze's own work on the statement's
    /// rows. Cleared when a command begins.
    pub interrupt: Arc<crate::interrupt::Flag>,
}

impl SessionLive {
    pub fn new(client: SocketAddr, tls: bool, compressed: bool, bytes: Arc<ByteTotals>) -> Self {
        SessionLive {
            client,
            tls,
            compressed,
            bytes,
            origin: Instant::now(),
            command: AtomicU16::new(IDLE),
            since_ms: AtomicU64::new(0),
            schema: Mutex::new(None),
            interrupt: Arc::default(),
        }
    }

    fn mark(&self, command: u16, at: Instant) {
        self.command.store(command, Ordering::Relaxed);
        let ms = at.saturating_duration_since(self.origin).as_millis() as u64;
        self.since_ms.store(ms, Ordering::Relaxed);
    }

    /// The session started running the command whose first byte is `command`.
    pub fn begin(&self, command: u8, at: Instant) {
        self.interrupt.clear();
        self.mark(u16::from(command), at);
    }

    /// When the current command began.
    pub fn command_started(&self) -> Instant {
        self.origin + std::time::Duration::from_millis(self.since_ms.load(Ordering::Relaxed))
    }

    /// The session waits for its client's next command.
    pub fn idle(&self) {
        self.mark(IDLE, Instant::now());
    }

    /// The command byte being run, or `None` while idle.
    pub fn command(&self) -> Option<u8> {
        u8::try_from(self.command.load(Ordering::Relaxed)).ok()
    }

    /// Milliseconds spent in the current state (command or idle).
    pub fn ms_in_state(&self) -> u64 {
        let now = self.origin.elapsed().as_millis() as u64;
        now.saturating_sub(self.since_ms.load(Ordering::Relaxed))
    }

    /// Milliseconds since the session was registered.
    pub fn age_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    /// Record the default schema when it changed.
    pub fn set_schema(&self, schema: Option<&str>) {
        let mut s = self.schema.lock();
        if s.as_deref() != schema {
            *s = schema.map(str::to_string);
        }
    }

    pub fn schema(&self) -> Option<String> {
        self.schema.lock().clone()
    }
}

#[derive(Debug, Default)]
pub struct SessionRegistry {
    sessions: Mutex<HashMap<u32, SessionEntry>>,
}

impl SessionRegistry {
    /// Register an authenticated session; returns what wakes it to close.
    pub fn register(&self, id: u32, user: &str, live: Arc<SessionLive>) -> Arc<Notify> {
        let close = Arc::new(Notify::new());
        self.sessions.lock().insert(
            id,
            SessionEntry {
                user: user.to_string(),
                backends: Vec::new(),
                close: close.clone(),
                live,
                killed: false,
            },
        );
        close
    }

    pub fn set_user(&self, id: u32, user: &str) {
        if let Some(e) = self.sessions.lock().get_mut(&id) {
            e.user = user.to_string();
        }
    }

    pub fn set_backends(&self, id: u32, backends: Vec<(usize, u32)>) {
        if let Some(e) = self.sessions.lock().get_mut(&id) {
            e.backends = backends;
        }
    }

    pub fn mark_killed(&self, id: u32) {
        if let Some(e) = self.sessions.lock().get_mut(&id) {
            e.killed = true;
        }
    }

    /// Whether another session ran `KILL CONNECTION` on this one.
    pub fn is_killed(&self, id: u32) -> bool {
        self.sessions.lock().get(&id).is_some_and(|e| e.killed)
    }

    pub fn unregister(&self, id: u32) {
        self.sessions.lock().remove(&id);
    }

    /// The session id owning each backend thread on `shard`.
    pub fn threads_on(&self, shard: usize) -> HashMap<u64, u32> {
        let sessions = self.sessions.lock();
        let mut out = HashMap::new();
        for (id, e) in sessions.iter() {
            for &(s, thread) in &e.backends {
                if s == shard {
                    out.insert(u64::from(thread), *id);
                }
            }
        }
        out
    }

    /// Undo `mark_killed` (the server refused the KILL).
    pub fn unmark_killed(&self, id: u32) {
        if let Some(e) = self.sessions.lock().get_mut(&id) {
            e.killed = false;
        }
    }

    pub fn get(&self, id: u32) -> Option<SessionEntry> {
        self.sessions.lock().get(&id).cloned()
    }

    /// Every open session, by id.
    pub fn snapshot(&self) -> Vec<(u32, SessionEntry)> {
        let mut all: Vec<_> = self
            .sessions
            .lock()
            .iter()
            .map(|(id, e)| (*id, e.clone()))
            .collect();
        all.sort_by_key(|(id, _)| *id);
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live() -> Arc<SessionLive> {
        Arc::new(SessionLive::new(
            "127.0.0.1:5000".parse().unwrap(),
            false,
            false,
            Arc::default(),
        ))
    }

    #[test]
    fn a_session_shows_the_command_it_runs_and_idle_between_commands() {
        let l = live();
        assert_eq!(l.command(), None);
        l.begin(0x03, Instant::now());
        assert_eq!(l.command(), Some(0x03));
        l.idle();
        assert_eq!(l.command(), None);
        l.set_schema(Some("shop"));
        assert_eq!(l.schema().as_deref(), Some("shop"));
    }

    #[test]
    fn a_session_is_found_by_its_id_only_while_it_is_open() {
        let r = SessionRegistry::default();
        r.register(7, "app", live());
        r.set_backends(7, vec![(0, 1234), (1, 99)]);
        assert_eq!(r.threads_on(0), HashMap::from([(1234, 7)]));
        assert_eq!(r.threads_on(1), HashMap::from([(99, 7)]));
        let e = r.get(7).unwrap();
        assert_eq!(
            (e.user.as_str(), e.backends.as_slice()),
            ("app", &[(0, 1234), (1, 99)][..])
        );
        assert!(r.get(8).is_none());
        assert!(!r.is_killed(7));
        r.mark_killed(7);
        assert!(r.is_killed(7));
        r.unregister(7);
        assert!(r.get(7).is_none());
        assert!(!r.is_killed(7));
    }
}
