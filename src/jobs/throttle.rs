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

    /// What the job does about one watched replica in `state`.
    ///
    /// Only a replica known to be within `max_lag` lets the job go on. A
    /// stopped IO or SQL thread, or a NULL Seconds_Behind_Master, means the
    /// lag is unknown and growing while the job writes: pausing is the
    /// safe reading (gh-ost throttles on it too); the job goes on by itself
    /// when replication runs again. An unreachable replica is waited for
    /// the same way. A server that is no replica at all, or whose status
    /// the account may not read, is a mistake in `--replica`: the job
    /// stops at once rather than run unthrottled.
    pub fn replica_verdict(&self, name: &str, state: &ReplicaState) -> Verdict {
        let max = self.max_lag.as_secs();
        match state {
            ReplicaState::Lag(l) if *l <= max => Verdict::Go,
            ReplicaState::Lag(l) => Verdict::Wait(format!(
                "{name} is {l} s behind (--max-lag {max})"
            )),
            ReplicaState::Stopped { io, sql, error } => Verdict::Wait(format!(
                "{name} is not replicating (IO thread {io}, SQL thread {sql}{}): its lag is unknown; START SLAVE on it to let the job go on",
                if error.is_empty() { String::new() } else { format!(", last error: {error}") }
            )),
            ReplicaState::LagUnknown => Verdict::Wait(format!(
                "{name} reports no Seconds_Behind_Master (replication is catching up or stalled)"
            )),
            ReplicaState::Unreachable(why) => Verdict::Wait(format!(
                "{name} cannot be reached ({why}); its lag is unknown"
            )),
            ReplicaState::NotReplica => Verdict::Fail(format!(
                "{name} is not a replica (SHOW REPLICA STATUS is empty): give --replica only servers replicating from the shards"
            )),
            ReplicaState::Unreadable(why) => Verdict::Fail(format!(
                "cannot read the replication status of {name}: {why}; grant the job's account REPLICATION CLIENT (MariaDB 10.5+: SLAVE MONITOR) there"
            )),
        }
    }
}

/// What a watched replica reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplicaState {
    /// Both threads running, this many seconds behind.
    Lag(u64),
    /// Both threads running, Seconds_Behind_Master NULL.
    LagUnknown,
    /// An IO or SQL thread is not running (values as the server says them).
    Stopped {
        io: String,
        sql: String,
        error: String,
    },
    Unreachable(String),
    /// Connected, but the server replicates from nothing.
    NotReplica,
    /// The status query failed (e.g. missing privilege).
    Unreadable(String),
}

/// Whether a job may write its next batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Go,
    Wait(String),
    Fail(String),
}

/// One replica's state from its status rows (several with multi-source
/// replication: the worst counts). `rows` are (IO running, SQL running,
/// Seconds_Behind_Master, last error).
pub fn replica_state(rows: &[(String, String, Option<u64>, String)]) -> ReplicaState {
    if rows.is_empty() {
        return ReplicaState::NotReplica;
    }
    if let Some((io, sql, _, err)) = rows
        .iter()
        .find(|(io, sql, _, _)| !io.eq_ignore_ascii_case("yes") || !sql.eq_ignore_ascii_case("yes"))
    {
        return ReplicaState::Stopped {
            io: io.clone(),
            sql: sql.clone(),
            error: err.clone(),
        };
    }
    if rows.iter().any(|r| r.2.is_none()) {
        return ReplicaState::LagUnknown;
    }
    ReplicaState::Lag(rows.iter().filter_map(|r| r.2).max().unwrap_or(0))
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

    fn row(io: &str, sql: &str, lag: Option<u64>) -> (String, String, Option<u64>, String) {
        (io.into(), sql.into(), lag, String::new())
    }

    #[test]
    fn only_a_replica_known_to_be_within_max_lag_lets_the_job_go_on() {
        let t = Throttle {
            nice: 1.0,
            rows_per_sec: 0,
            max_lag: Duration::from_secs(5),
        };
        let v = |rows: &[(String, String, Option<u64>, String)]| {
            t.replica_verdict("replica r", &replica_state(rows))
        };
        assert_eq!(v(&[row("Yes", "Yes", Some(5))]), Verdict::Go);
        assert!(
            matches!(v(&[row("Yes", "Yes", Some(6))]), Verdict::Wait(w) if w.contains("6 s behind"))
        );
        // A stopped SQL thread: NULL lag that grows while the job writes.
        assert!(
            matches!(v(&[row("Yes", "No", None)]), Verdict::Wait(w) if w.contains("SQL thread No"))
        );
        assert!(matches!(
            v(&[row("Connecting", "Yes", Some(0))]),
            Verdict::Wait(_)
        ));
        assert!(matches!(v(&[row("Yes", "Yes", None)]), Verdict::Wait(_)));
        // Multi-source: the worst channel counts.
        assert!(matches!(
            v(&[row("Yes", "Yes", Some(1)), row("Yes", "Yes", Some(9))]),
            Verdict::Wait(_)
        ));
        assert!(matches!(v(&[]), Verdict::Fail(f) if f.contains("not a replica")));
        assert!(matches!(
            t.replica_verdict("replica r", &ReplicaState::Unreachable("refused".into())),
            Verdict::Wait(_)
        ));
        assert!(matches!(
            t.replica_verdict("replica r", &ReplicaState::Unreadable("1227".into())),
            Verdict::Fail(f) if f.contains("REPLICATION CLIENT")
        ));
    }

    #[test]
    fn eta_follows_the_key_range() {
        assert_eq!(eta_secs(100, 0.25, 100.0), Some(3.0));
        assert_eq!(eta_secs(0, 0.25, 100.0), None);
    }
}
