//! CPU-heavy work off the session workers, bounded.
//!
//! A session worker runs many sessions on one thread; seconds of
//! compression on it (a LOAD DATA stream, a multi-megabyte INSERT) would
//! stall every other session of that worker, `SELECT 1` and new logins
//! included. Such work runs on a thread of its own at a lower priority
//! instead, while the session awaits it, and at most one such thread per
//! core runs at a time: further heavy statements wait (asynchronously) for
//! a slot rather than multiplying threads.

use std::sync::{Arc, OnceLock};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A slot for one heavy job; the job's thread holds it until it ends.
pub type Slot = OwnedSemaphorePermit;

fn slots() -> &'static Arc<Semaphore> {
    static SLOTS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Arc::new(Semaphore::new(cores))
    })
}

/// Wait for a free slot (cancel safe: dropping the wait takes none).
pub async fn slot() -> Slot {
    Arc::clone(slots())
        .acquire_owned()
        .await
        .expect("the heavy-work semaphore is never closed")
}

/// Run `job` on a thread of its own once a slot is free, and wait for its
/// result without blocking the worker. A panic in `job` resumes here, as
/// if the job had run on the session's thread.
pub async fn run<F, R>(job: F) -> std::io::Result<R>
where
    F: FnOnce() -> R + Send + 'static,
    R: Send + 'static,
{
    let slot = slot().await;
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("squeeze-heavy".into())
        // Large statements are analysed here (`limits::stack`).
        .stack_size(super::stack::ANALYSIS_STACK)
        .spawn(move || {
            let _slot = slot;
            lower_priority();
            let _ = tx.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)));
        })?;
    match rx.await {
        Ok(Ok(r)) => Ok(r),
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => Err(std::io::Error::other(
            "the heavy-work thread ended without a result",
        )),
    }
}

/// Heavy work yields to interactive sessions: its thread runs at nice 10,
/// so on a busy machine a worker waking for a `SELECT 1` gets the CPU
/// first (the job still gets its share, so the backend never waits on it
/// long enough to time out).
pub fn lower_priority() {
    // SAFETY: gettid and setpriority have no memory preconditions; on
    // Linux PRIO_PROCESS with a thread id changes only this thread.
    unsafe {
        let tid = libc::gettid();
        let _ = libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[tokio::test(flavor = "current_thread")]
    async fn a_job_runs_off_the_callers_thread_and_returns_its_result() {
        let caller = std::thread::current().id();
        let (id, answer) = run(|| (std::thread::current().id(), 42)).await.unwrap();
        assert_ne!(id, caller);
        assert_eq!(answer, 42);
    }

    #[tokio::test(flavor = "current_thread")]
    async fn the_caller_keeps_running_other_tasks_while_a_job_works() {
        let ticks = Arc::new(AtomicUsize::new(0));
        let t = Arc::clone(&ticks);
        let ticker = tokio::spawn(async move {
            loop {
                t.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        });
        run(|| std::thread::sleep(Duration::from_millis(200)))
            .await
            .unwrap();
        ticker.abort();
        assert!(
            ticks.load(Ordering::Relaxed) >= 10,
            "the runtime stalled during the job"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_jobs_run_at_once_than_there_are_cores() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..cores * 3)
            .map(|_| {
                let (running, peak) = (Arc::clone(&running), Arc::clone(&peak));
                tokio::spawn(run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(30));
                    running.fetch_sub(1, Ordering::SeqCst);
                }))
            })
            .collect();
        for j in jobs {
            j.await.unwrap().unwrap();
        }
        assert!(peak.load(Ordering::SeqCst) <= cores);
        assert!(peak.load(Ordering::SeqCst) >= 1);
    }
}
