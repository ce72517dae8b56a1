//! Every open session by the id squeeze handed its client, with the
//! backend threads it holds, so `KILL <id>` from any session reaches the
//! right threads on the right shards (and only ids squeeze handed out).

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;

use tokio::sync::Notify;

/// What a `KILL` needs to know about a session.
#[derive(Debug, Clone)]
pub struct SessionEntry {
    pub user: String,
    /// (shard, backend thread id) of each backend connection it holds.
    pub backends: Vec<(usize, u32)>,
    /// Wakes the session to close its client connection (`KILL CONNECTION`).
    pub close: Arc<Notify>,
    /// Set by `KILL CONNECTION` before its backend threads are killed: the
    /// session, if busy in a statement, then sees its backend go away and
    /// must end the way a killed server connection ends (closed, no squeeze
    /// ERR about a lost backend).
    pub killed: bool,
}

#[derive(Debug, Default)]
pub struct SessionRegistry {
    sessions: Mutex<HashMap<u32, SessionEntry>>,
}

impl SessionRegistry {
    /// Register an authenticated session; returns what wakes it to close.
    pub fn register(&self, id: u32, user: &str) -> Arc<Notify> {
        let close = Arc::new(Notify::new());
        self.sessions.lock().insert(
            id,
            SessionEntry {
                user: user.to_string(),
                backends: Vec::new(),
                close: close.clone(),
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

    pub fn get(&self, id: u32) -> Option<SessionEntry> {
        self.sessions.lock().get(&id).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_found_by_its_id_only_while_it_is_open() {
        let r = SessionRegistry::default();
        r.register(7, "app");
        r.set_backends(7, vec![(0, 1234)]);
        let e = r.get(7).unwrap();
        assert_eq!(
            (e.user.as_str(), e.backends.as_slice()),
            ("app", &[(0, 1234)][..])
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
