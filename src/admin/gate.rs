//! Which admin connections may stay open: at most `max_total`, at most
//! `max_per_host` from one address. A connection over a bound displaces the
//! oldest one under that bound that has not sent its request headers yet
//! (a half-open or slow client), so a probe that sends its request at once
//! (`/healthz`, `/readyz`, a scrape) is always served, however many idle
//! connections are open; only when every connection under the bound is
//! being served is the new one closed.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::metrics::METRICS;

/// What to do with a newly accepted connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Admit,
    /// Admit after closing connection `id` (waiting for its headers).
    Displace(u64),
    /// Every connection under the full bound is mid-request.
    RefuseTotal,
    RefusePerHost,
}

/// One open connection, as the decision sees it.
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    pub id: u64,
    pub ip: IpAddr,
    /// Its request headers have not arrived yet.
    pub waiting: bool,
}

/// The decision for a connection from `ip`, with `open` in accept order
/// (oldest first). Bounds of 0 count as 1.
pub fn decide(open: &[Seen], ip: IpAddr, max_total: usize, max_per_host: usize) -> Decision {
    let from_host = open.iter().filter(|c| c.ip == ip).count();
    if from_host >= max_per_host.max(1) {
        return match open.iter().find(|c| c.ip == ip && c.waiting) {
            Some(c) => Decision::Displace(c.id),
            None => Decision::RefusePerHost,
        };
    }
    if open.len() >= max_total.max(1) {
        return match open.iter().find(|c| c.waiting) {
            Some(c) => Decision::Displace(c.id),
            None => Decision::RefuseTotal,
        };
    }
    Decision::Admit
}

struct Entry {
    ip: IpAddr,
    waiting: Arc<AtomicBool>,
    abort: Option<tokio::task::AbortHandle>,
}

/// The admin port's open connections.
#[derive(Default)]
pub struct Gate {
    state: Mutex<(u64, BTreeMap<u64, Entry>)>,
}

/// A connection's place; removed from the gate on drop (also when its task
/// is aborted to make room).
pub struct Admitted {
    gate: Arc<Gate>,
    pub id: u64,
    /// Cleared by the connection's service when its request arrives.
    pub waiting: Arc<AtomicBool>,
}

impl Gate {
    /// Admit a connection from `ip`, with whether it displaced another
    /// (whose task is aborted), or say which bound refused it.
    pub fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        max_total: usize,
        max_per_host: usize,
    ) -> Result<(Admitted, bool), Decision> {
        let mut s = self.state.lock();
        let open: Vec<Seen> =
            s.1.iter()
                .map(|(&id, e)| Seen {
                    id,
                    ip: e.ip,
                    waiting: e.waiting.load(Ordering::Relaxed),
                })
                .collect();
        let decision = decide(&open, ip, max_total, max_per_host);
        let displaced = match decision {
            Decision::Admit => false,
            Decision::Displace(id) => {
                if let Some(e) = s.1.remove(&id) {
                    if let Some(a) = e.abort {
                        a.abort();
                    }
                }
                true
            }
            refused => return Err(refused),
        };
        s.0 += 1;
        let id = s.0;
        let waiting = Arc::new(AtomicBool::new(true));
        s.1.insert(
            id,
            Entry {
                ip,
                waiting: waiting.clone(),
                abort: None,
            },
        );
        METRICS.admin_connections_active.set(s.1.len() as i64);
        let admitted = Admitted {
            gate: self.clone(),
            id,
            waiting,
        };
        Ok((admitted, displaced))
    }

    /// The handle that closes connection `id` when it is displaced.
    pub fn set_abort(&self, id: u64, abort: tokio::task::AbortHandle) {
        match self.state.lock().1.get_mut(&id) {
            Some(e) => e.abort = Some(abort),
            // Displaced already, before its task was known.
            None => abort.abort(),
        }
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut s = self.gate.state.lock();
        s.1.remove(&self.id);
        METRICS.admin_connections_active.set(s.1.len() as i64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(id: u64, ip: u8, waiting: bool) -> Seen {
        Seen {
            id,
            ip: IpAddr::from([10, 0, 0, ip]),
            waiting,
        }
    }

    #[test]
    fn a_new_connection_displaces_the_oldest_one_still_waiting_for_its_headers() {
        let open = [seen(1, 1, false), seen(2, 1, true), seen(3, 2, true)];
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        assert_eq!(decide(&open, ip(3), 3, 8), Decision::Displace(2));
        assert_eq!(decide(&open, ip(3), 4, 8), Decision::Admit);
        // Over its own address's bound: one of that address's goes.
        assert_eq!(decide(&open, ip(2), 10, 1), Decision::Displace(3));
        assert_eq!(decide(&open, ip(1), 10, 2), Decision::Displace(2));
    }

    #[test]
    fn connections_being_served_are_never_displaced() {
        let open = [seen(1, 1, false), seen(2, 2, false)];
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        assert_eq!(decide(&open, ip(3), 2, 8), Decision::RefuseTotal);
        assert_eq!(decide(&open, ip(1), 8, 1), Decision::RefusePerHost);
    }

    #[tokio::test]
    async fn places_come_back_and_a_displaced_task_is_aborted() {
        let gate = Arc::new(Gate::default());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let (first, _) = gate.admit(ip, 1, 1).unwrap();
        let task = tokio::spawn(async move {
            let _held = first;
            std::future::pending::<()>().await
        });
        gate.set_abort(1, task.abort_handle());
        let (second, displaced) = gate.admit(ip, 1, 1).unwrap();
        assert!(displaced);
        assert!(task.await.unwrap_err().is_cancelled());
        second.waiting.store(false, Ordering::Relaxed);
        assert_eq!(gate.admit(ip, 1, 1).err(), Some(Decision::RefusePerHost));
        drop(second);
        assert!(gate.state.lock().1.is_empty());
    }
}
