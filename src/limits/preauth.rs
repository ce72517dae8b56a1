//! Bounds on connections that have not authenticated yet: in total and per
//! client address (`[proxy] max_preauth_connections`,
//! `max_preauth_per_host`), so that idle or slow handshakes from one
//! address cannot take the file descriptors and session slots every other
//! client needs. A connection holds its place from accept until its login
//! ends, however it ends.
//!
//! The same counter bounds relayed logins in flight (`[auth] accounts =
//! "server"`, [`PreAuth::relayed_logins`]): each holds a server connection
//! until the server has said OK or ERR, so their bound is what keeps the
//! server's last connections out of reach of clients that never log in.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;

use parking_lot::Mutex;

use crate::metrics::METRICS;

/// Which bound refused a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    Total(usize),
    PerHost(usize),
}

/// Connections before authentication, by client address; shared across
/// reloads.
#[derive(Default)]
pub struct PreAuth {
    state: Mutex<Counts>,
    /// What is counted, for the gauge that shows it.
    kind: Kind,
    /// Told whenever a place is given back (see [`PreAuth::admit_waiting`]).
    freed: tokio::sync::Notify,
}

#[derive(Default, Clone, Copy)]
enum Kind {
    #[default]
    Connections,
    RelayedLogins,
}

impl Kind {
    fn publish(self, total: usize) {
        match self {
            Kind::Connections => METRICS.preauth_connections.set(total as i64),
            Kind::RelayedLogins => METRICS.relayed_logins_in_flight.set(total as i64),
        }
    }
}

#[derive(Default)]
struct Counts {
    total: usize,
    by_host: HashMap<IpAddr, usize>,
}

/// A place among the unauthenticated connections, given back on drop.
pub struct Place {
    gate: Arc<PreAuth>,
    ip: IpAddr,
}

impl PreAuth {
    /// The gate of relayed logins holding a server connection.
    pub fn relayed_logins() -> PreAuth {
        PreAuth {
            state: Mutex::default(),
            kind: Kind::RelayedLogins,
            freed: tokio::sync::Notify::new(),
        }
    }

    /// A place for a connection from `ip`, unless that would pass
    /// `max_total` or `max_per_host` (0 = no bound).
    pub fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        max_total: usize,
        max_per_host: usize,
    ) -> Result<Place, Full> {
        let mut c = self.state.lock();
        if max_total > 0 && c.total >= max_total {
            return Err(Full::Total(max_total));
        }
        let here = c.by_host.get(&ip).copied().unwrap_or(0);
        if max_per_host > 0 && here >= max_per_host {
            return Err(Full::PerHost(max_per_host));
        }
        c.total += 1;
        c.by_host.insert(ip, here + 1);
        self.kind.publish(c.total);
        Ok(Place {
            gate: self.clone(),
            ip,
        })
    }

    /// [`PreAuth::admit`], waiting until `deadline` for a place to be given
    /// back while the bounds are full: a pool opening hundreds of
    /// connections at once from one address queues for a few
    /// milliseconds instead of being refused, while clients that stall
    /// still hold no more than the bound.
    pub async fn admit_waiting(
        self: &Arc<Self>,
        ip: IpAddr,
        max_total: usize,
        max_per_host: usize,
        deadline: tokio::time::Instant,
    ) -> Result<Place, Full> {
        loop {
            // Registered before the check, so a place given back between
            // the check and the wait is not missed.
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            match self.admit(ip, max_total, max_per_host) {
                Ok(place) => return Ok(place),
                Err(full) => {
                    if tokio::time::timeout_at(deadline, freed).await.is_err() {
                        return Err(full);
                    }
                }
            }
        }
    }

    /// Connections holding a place now, from `ip`.
    pub fn from_host(&self, ip: IpAddr) -> usize {
        self.state.lock().by_host.get(&ip).copied().unwrap_or(0)
    }
}

/// The most relayed logins in flight: `configured` (0: no bound of its
/// own), and never more than a quarter of the server's `max_connections`
/// (0: not known yet), so that three quarters stay for logged-in sessions
/// and direct clients whatever unauthenticated clients do. At least one.
pub fn relayed_bound(configured: usize, server_max_connections: usize) -> usize {
    let share = match server_max_connections {
        0 => usize::MAX,
        n => (n / 4).max(1),
    };
    match configured {
        0 => share,
        c => c.min(share),
    }
    .max(1)
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut c = self.gate.state.lock();
        c.total = c.total.saturating_sub(1);
        // The map holds only addresses with connections: memory follows
        // the number of connections, not of addresses ever seen.
        if let Some(n) = c.by_host.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.by_host.remove(&self.ip);
            }
        }
        self.gate.kind.publish(c.total);
        drop(c);
        self.gate.freed.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_is_bounded_without_refusing_another_and_places_come_back() {
        let gate = Arc::new(PreAuth::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let held: Vec<Place> = (0..3).map(|_| gate.admit(a, 10, 3).unwrap()).collect();
        assert_eq!(gate.admit(a, 10, 3).err(), Some(Full::PerHost(3)));
        let other = gate.admit(b, 10, 3).unwrap();
        assert_eq!(gate.from_host(a), 3);
        drop(held);
        assert_eq!(gate.from_host(a), 0);
        assert!(gate.state.lock().by_host.len() == 1);
        drop(other);
        assert!(gate.state.lock().by_host.is_empty());
        assert_eq!(gate.state.lock().total, 0);
    }

    #[test]
    fn relayed_logins_never_get_more_than_a_quarter_of_the_servers_connections() {
        assert_eq!(relayed_bound(64, 0), 64);
        assert_eq!(relayed_bound(64, 151), 37);
        assert_eq!(relayed_bound(64, 60), 15);
        assert_eq!(relayed_bound(10, 1000), 10);
        assert_eq!(relayed_bound(0, 60), 15);
        assert_eq!(relayed_bound(64, 2), 1);
        assert_eq!(relayed_bound(0, 0), usize::MAX);
    }

    #[test]
    fn relayed_logins_are_counted_apart_from_connections() {
        let conns = Arc::new(PreAuth::default());
        let relayed = Arc::new(PreAuth::relayed_logins());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let _c = conns.admit(ip, 1, 1).unwrap();
        let r = relayed.admit(ip, 1, 1).unwrap();
        assert_eq!(relayed.admit(ip, 1, 1).err(), Some(Full::Total(1)));
        drop(r);
        assert!(relayed.admit(ip, 1, 1).is_ok());
        assert_eq!(conns.from_host(ip), 1);
    }

    #[tokio::test]
    async fn a_login_over_the_bound_waits_for_a_place_until_its_deadline() {
        use std::time::Duration;
        use tokio::time::Instant;
        let gate = Arc::new(PreAuth::relayed_logins());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let held = gate.admit(ip, 1, 1).unwrap();
        // Nobody gives the place back: refused at the deadline, not before.
        let start = Instant::now();
        let refused = gate
            .admit_waiting(ip, 1, 1, start + Duration::from_millis(300))
            .await
            .err();
        assert_eq!(refused, Some(Full::Total(1)));
        assert!(start.elapsed() >= Duration::from_millis(300));
        // Given back after 100 ms: the waiter gets it then, not at its
        // deadline.
        let waiter = {
            let gate = gate.clone();
            tokio::spawn(async move {
                let deadline = Instant::now() + Duration::from_secs(10);
                gate.admit_waiting(ip, 1, 1, deadline).await.map(|_| ())
            })
        };
        let start = Instant::now();
        tokio::time::sleep(Duration::from_millis(100)).await;
        drop(held);
        assert_eq!(waiter.await.unwrap(), Ok(()));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn the_total_bound_holds_across_addresses() {
        let gate = Arc::new(PreAuth::default());
        let _p: Vec<Place> = (1..=4u8)
            .map(|i| gate.admit(IpAddr::from([10, 0, 0, i]), 4, 0).unwrap())
            .collect();
        assert_eq!(
            gate.admit("10.0.0.9".parse().unwrap(), 4, 0).err(),
            Some(Full::Total(4))
        );
    }
}
