//! squeeze's own work on a result's rows (inflating a value, evaluating a
//! JSON function or a row filter on it) under a budget, so that one
//! statement never stalls the other sessions of its worker and can be
//! stopped.
//!
//! A row whose stored bytes are large, or that follows a row that took
//! long, is worked on a heavy-work thread (`limits::heavy`) while the
//! worker serves its other sessions; the rest run inline, yielding to the
//! worker every few milliseconds. Either way the work runs under the
//! statement's [`Interrupt`]: `KILL [QUERY]` of the session, its client
//! going away (watched while a row is off the worker) and the session's
//! `max_statement_time` stop it, checked between rows and inside the
//! evaluator's loops (`interrupt::tick`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::context::registry::SessionLive;
use crate::interrupt::{self, Interrupt, Reason};
use crate::net::PacketConn;
use crate::transform::result::{ResultColumns, RowError};
use crate::transform::ColumnRules;

/// Stored bytes from which a row goes off the worker: compressed JSON
/// inflates 10-30 fold, and parsing and evaluating a document costs
/// milliseconds per megabyte.
const OFF_WORKER_BYTES: usize = 16 << 10;

/// The same for a row that is only inflated (no evaluation): inflating is
/// linear and fast (about 1 GB/s), so below this a thread hand-off would
/// cost more than it saves.
const OFF_WORKER_INFLATE_BYTES: usize = 1 << 20;

/// A row that took this long inline sends the next rows off the worker
/// (until one is quick again).
const SLOW_ROW: Duration = Duration::from_millis(2);

/// Inline work between two yields to the worker's other sessions.
const SLICE: Duration = Duration::from_millis(10);

/// The work one row of the result does, on whichever thread.
pub(super) trait RowJob<R>:
    Fn(&mut ResultColumns, &ColumnRules, &[u8]) -> Result<R, RowError> + Copy + Send + 'static
{
}

impl<R, F> RowJob<R> for F where
    F: Fn(&mut ResultColumns, &ColumnRules, &[u8]) -> Result<R, RowError> + Copy + Send + 'static
{
}

/// The budget of one result set's rows.
pub(super) struct RowWork {
    interrupt: Interrupt,
    /// Inline time since the last yield.
    slice: Duration,
    /// The last row was slow: the next goes off the worker.
    slow: bool,
}

impl RowWork {
    /// For the statement the session's current command runs.
    pub(super) fn new(live: Option<&SessionLive>, max_statement_time: Option<Duration>) -> Self {
        let (flag, started) = match live {
            Some(l) => (Arc::clone(&l.interrupt), l.command_started()),
            None => (Arc::default(), Instant::now()),
        };
        RowWork {
            interrupt: Interrupt {
                flag,
                deadline: max_statement_time.map(|t| started + t),
            },
            slice: Duration::ZERO,
            slow: false,
        }
    }

    /// Run `job` on one row (`payload`), inline or off the worker.
    pub(super) async fn run<R: Send + 'static>(
        &mut self,
        client: &mut PacketConn,
        t: &mut ResultColumns,
        rules: &Arc<ColumnRules>,
        payload: &[u8],
        job: impl RowJob<R>,
    ) -> Result<R, RowError> {
        self.interrupt.check().map_err(RowError::Interrupted)?;
        let started = Instant::now();
        let evaluates = t.evaluates();
        let bound = if evaluates {
            OFF_WORKER_BYTES
        } else {
            OFF_WORKER_INFLATE_BYTES
        };
        if (self.slow && evaluates) || payload.len() >= bound {
            let r = self.off_worker(client, t, rules, payload, job).await;
            self.slow = started.elapsed() >= SLOW_ROW;
            return r;
        }
        let r = interrupt::within(Some(&self.interrupt), || job(t, rules, payload));
        let took = started.elapsed();
        self.slow = took >= SLOW_ROW;
        self.slice += took;
        if self.slice >= SLICE {
            self.slice = Duration::ZERO;
            tokio::task::yield_now().await;
        }
        r
    }

    async fn off_worker<R: Send + 'static>(
        &mut self,
        client: &mut PacketConn,
        t: &mut ResultColumns,
        rules: &Arc<ColumnRules>,
        payload: &[u8],
        job: impl RowJob<R>,
    ) -> Result<R, RowError> {
        let mut cols = std::mem::replace(t, ResultColumns::with_capacity(0));
        let (rules, payload, i) = (Arc::clone(rules), payload.to_vec(), self.interrupt.clone());
        let mut heavy = std::pin::pin!(crate::limits::heavy::run(move || {
            let r = interrupt::within(Some(&i), || job(&mut cols, &rules, &payload));
            (cols, r)
        }));
        let mut watching = true;
        let done = loop {
            tokio::select! {
                biased;
                done = &mut heavy => break done,
                gone = client.peer_gone(), if watching => {
                    // A command sent ahead stays buffered; only a close
                    // stops the work.
                    watching = false;
                    if gone {
                        self.interrupt.flag.raise(Reason::ClientGone);
                    }
                }
            }
        };
        match done {
            Ok((cols, r)) => {
                *t = cols;
                r
            }
            // No thread for the job (the machine is out of threads): the
            // result ends with an ERR, as on a decode failure.
            Err(_) => Err(RowError::Malformed(
                crate::protocol::ProtocolError::Malformed(
                    "no thread could be started to work on the row; retry",
                ),
            )),
        }
    }
}
