//! Session workers: one single-threaded tokio runtime per core.
//!
//! A session is a ping-pong between two sockets. On tokio's work-stealing
//! runtime the thread that polls epoll is often not the one that runs the
//! woken task, so every packet costs a cross-thread wake-up (futex) and a
//! cache miss; on a small machine that overhead dominates a point select.
//! Here each worker owns its reactor and its sessions: a readiness event
//! wakes a task on the same thread. Sessions are handed out round-robin
//! at accept time and never migrate.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

use tokio::runtime::Handle;
use tokio::sync::oneshot;

/// Worker threads and their runtime handles.
pub struct WorkerPool {
    handles: Vec<Handle>,
    stops: Vec<oneshot::Sender<()>>,
    threads: Vec<JoinHandle<()>>,
    next: AtomicUsize,
}

impl WorkerPool {
    /// Starts `count` workers (0 = one per available core).
    pub fn start(count: usize) -> std::io::Result<WorkerPool> {
        let count = if count == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            count
        };
        let mut pool = WorkerPool {
            handles: Vec::with_capacity(count),
            stops: Vec::with_capacity(count),
            threads: Vec::with_capacity(count),
            next: AtomicUsize::new(0),
        };
        for i in 0..count {
            // I/O and timers only: signals and child processes belong to
            // the main runtime (their drivers would run on every park here).
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_io()
                .enable_time()
                .build()?;
            let (stop_tx, stop_rx) = oneshot::channel::<()>();
            pool.handles.push(rt.handle().clone());
            pool.stops.push(stop_tx);
            let thread = std::thread::Builder::new()
                .name(format!("squeeze-worker-{i}"))
                // Sessions are analysed here: sized against the nesting
                // budget (`limits::stack`).
                .stack_size(crate::limits::stack::ANALYSIS_STACK)
                .spawn(move || {
                    // Runs spawned sessions until the pool is dropped.
                    rt.block_on(async {
                        let _ = stop_rx.await;
                    });
                    // Dropping the runtime cancels whatever is left.
                })?;
            pool.threads.push(thread);
        }
        Ok(pool)
    }

    pub fn len(&self) -> usize {
        self.handles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.handles.is_empty()
    }

    /// The runtime the next session goes to (round-robin).
    pub fn next_handle(&self) -> &Handle {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.handles.len();
        &self.handles[i]
    }

    /// Runs `task` on the next worker, tracked by `set` (for draining).
    pub fn spawn_in<F>(&self, set: &mut tokio::task::JoinSet<F::Output>, task: F)
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        set.spawn_on(task, self.next_handle());
    }
}

impl Drop for WorkerPool {
    fn drop(&mut self) {
        for stop in self.stops.drain(..) {
            let _ = stop.send(());
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_run_on_worker_threads_round_robin() {
        let pool = WorkerPool::start(2).unwrap();
        assert_eq!(pool.len(), 2);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let names = rt.block_on(async {
            let mut set = tokio::task::JoinSet::new();
            for _ in 0..4 {
                pool.spawn_in(&mut set, async {
                    std::thread::current().name().unwrap_or("").to_string()
                });
            }
            let mut names = Vec::new();
            while let Some(r) = set.join_next().await {
                names.push(r.unwrap());
            }
            names.sort();
            names
        });
        assert_eq!(
            names,
            vec![
                "squeeze-worker-0",
                "squeeze-worker-0",
                "squeeze-worker-1",
                "squeeze-worker-1"
            ]
        );
    }

    #[test]
    fn zero_means_one_per_core() {
        let pool = WorkerPool::start(0).unwrap();
        let cores = std::thread::available_parallelism().unwrap().get();
        assert_eq!(pool.len(), cores);
    }
}
