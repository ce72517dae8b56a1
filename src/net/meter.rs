//! Counts the bytes a connection reads and writes on its stream (after TLS,
//! before compressed-protocol inflation: what crossed the socket as MySQL
//! protocol), into a Prometheus counter pair and, for client connections,
//! the session's own totals that the admin view shows.
//!
//! Counted where the connection touches its stream, so every packet counts:
//! commands, result rows passed through untouched, LOAD DATA payloads,
//! handshakes.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use prometheus::IntCounter;

/// Running totals of one session (read by the admin view).
#[derive(Debug, Default)]
pub struct ByteTotals {
    read: AtomicU64,
    written: AtomicU64,
}

impl ByteTotals {
    /// (bytes read from the peer, bytes written to it).
    pub fn get(&self) -> (u64, u64) {
        (
            self.read.load(Ordering::Relaxed),
            self.written.load(Ordering::Relaxed),
        )
    }
}

/// Where a connection's byte counts go.
#[derive(Debug, Clone)]
pub struct Meter {
    read: IntCounter,
    written: IntCounter,
    totals: Option<Arc<ByteTotals>>,
}

impl Meter {
    pub fn new(read: IntCounter, written: IntCounter, totals: Option<Arc<ByteTotals>>) -> Meter {
        Meter {
            read,
            written,
            totals,
        }
    }

    pub fn read(&self, n: usize) {
        self.read.inc_by(n as u64);
        if let Some(t) = &self.totals {
            t.read.fetch_add(n as u64, Ordering::Relaxed);
        }
    }

    pub fn written(&self, n: usize) {
        self.written.inc_by(n as u64);
        if let Some(t) = &self.totals {
            t.written.fetch_add(n as u64, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meter_adds_to_both_its_counters_and_the_session_totals() {
        let (r, w) = (
            IntCounter::new("r", "r").unwrap(),
            IntCounter::new("w", "w").unwrap(),
        );
        let totals = Arc::new(ByteTotals::default());
        let m = Meter::new(r.clone(), w.clone(), Some(totals.clone()));
        m.read(10);
        m.written(3);
        m.read(5);
        assert_eq!((r.get(), w.get(), totals.get()), (15, 3, (15, 3)));
    }
}
