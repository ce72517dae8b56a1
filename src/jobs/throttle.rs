//! How long a table job waits after each batch. Pure.
//!
//! A plain rows-per-second budget does not see the load: at a rate the
//! server absorbs when idle it still takes the same share of CPU and I/O
//! when the OLTP load needs it (a previous attempt measured the OLTP load
//! at 0.67x of its qps under such a budget). The job therefore also runs a
//! duty cycle, as gh-ost's `--nice-ratio` does: after a batch that took `t`
//! it sleeps `nice × t`. A batch slowed down by a busy server makes the
//! sleep longer by the same factor, so the job yields in proportion to the
//! load it sees, and uses an idle server's time.
use std::time::Duration;

#[derive(Debug, Clone, Copy)]
pub struct Throttle {
    /// Sleep this many times the batch's own duration (0 = none).
    pub nice: f64,
    /// At most this many rows per second over the run (0 = unlimited).
    pub rows_per_sec: u64,
    /// Pause while a replica is further behind than this.
    pub max_lag: Duration,
}

impl Throttle {
    /// The pause after a batch of `rows` rows that took `took`.
    pub fn pause(&self, rows: u64, took: Duration) -> Duration {
        let duty = took.mul_f64(self.nice.max(0.0));
        let budget = if self.rows_per_sec > 0 {
            Duration::from_secs_f64(rows as f64 / self.rows_per_sec as f64).saturating_sub(took)
        } else {
            Duration::ZERO
        };
        duty.max(budget)
    }

    /// Must the job wait for replicas that are `lag` behind (None: not a
    /// replica or replication stopped, which is the operator's to see)?
    pub fn lag_too_high(&self, lag: Option<u64>) -> bool {
        lag.is_some_and(|l| Duration::from_secs(l) > self.max_lag)
    }
}

/// Seconds of work left at `rate` rows/s for `fraction_done` of the key
/// range walked after `rows` rows (None until both are known).
pub fn eta_secs(rows: u64, fraction_done: f64, rate: f64) -> Option<f64> {
    if rows == 0 || rate <= 0.0 || !(0.0..=1.0).contains(&fraction_done) || fraction_done == 0.0 {
        return None;
    }
    let total = rows as f64 / fraction_done;
    Some(((total - rows as f64) / rate).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slower_batch_waits_longer() {
        let t = Throttle {
            nice: 2.0,
            rows_per_sec: 0,
            max_lag: Duration::from_secs(5),
        };
        assert_eq!(
            t.pause(100, Duration::from_millis(10)),
            Duration::from_millis(20)
        );
        assert_eq!(
            t.pause(100, Duration::from_millis(40)),
            Duration::from_millis(80)
        );
    }

    #[test]
    fn the_rows_budget_applies_when_stricter_than_the_duty_cycle() {
        let t = Throttle {
            nice: 0.0,
            rows_per_sec: 1000,
            max_lag: Duration::from_secs(5),
        };
        assert_eq!(
            t.pause(500, Duration::from_millis(100)),
            Duration::from_millis(400)
        );
        assert_eq!(t.pause(500, Duration::from_secs(1)), Duration::ZERO);
    }

    #[test]
    fn lag_over_the_limit_pauses_and_a_non_replica_does_not() {
        let t = Throttle {
            nice: 1.0,
            rows_per_sec: 0,
            max_lag: Duration::from_secs(5),
        };
        assert!(t.lag_too_high(Some(6)));
        assert!(!t.lag_too_high(Some(5)));
        assert!(!t.lag_too_high(None));
    }

    #[test]
    fn eta_follows_the_key_range() {
        assert_eq!(eta_secs(100, 0.25, 100.0), Some(3.0));
        assert_eq!(eta_secs(0, 0.25, 100.0), None);
    }
}
