//! A job's progress: per-shard counters, the progress printer and each
//! shard's closing line.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::checkpoint::Checkpoint;
use super::key::WalkKey;
use super::{throttle, Job};

/// Counters of one shard's walk, read by the progress printer.
#[derive(Default)]
pub(super) struct Progress {
    pub(super) rows: AtomicU64,
    pub(super) written: AtomicU64,
    pub(super) conflicts: AtomicU64,
    pub(super) errors: AtomicU64,
    pub(super) bytes_before: AtomicU64,
    pub(super) bytes_after: AtomicU64,
    /// Fraction of the key range walked, in millionths.
    pub(super) done_ppm: AtomicU64,
    /// Rows walked by earlier runs (from the checkpoint).
    pub(super) resumed_rows: AtomicU64,
}

impl Progress {
    pub(super) fn note_written(&self, before: usize, after: usize) {
        self.written.fetch_add(1, Ordering::Relaxed);
        self.bytes_before
            .fetch_add(before as u64, Ordering::Relaxed);
        self.bytes_after.fetch_add(after as u64, Ordering::Relaxed);
    }

    /// Count a batch of `rows`, after which `done` of the table is walked
    /// (None: not known).
    pub(super) fn note_batch(&self, rows: u64, done: Option<f64>) {
        self.rows.fetch_add(rows, Ordering::Relaxed);
        if let Some(frac) = done {
            self.done_ppm
                .store((frac.clamp(0.0, 1.0) * 1e6) as u64, Ordering::Relaxed);
        }
    }
}

/// Every 2 s, each shard's rows, share of the key range, bytes and ETA.
pub(super) async fn print_progress(names: Vec<String>, progress: Vec<Arc<Progress>>) {
    let started = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let secs = started.elapsed().as_secs_f64();
        for (n, p) in names.iter().zip(&progress) {
            let rows = p.rows.load(Ordering::Relaxed);
            let rate = rows as f64 / secs;
            let frac = p.done_ppm.load(Ordering::Relaxed) as f64 / 1e6;
            let eta = throttle::eta_secs(rows + p.resumed_rows.load(Ordering::Relaxed), frac, rate)
                .map_or("?".to_string(), |s| format!("{s:.0} s"));
            eprintln!(
                "shard {n}: {rows} rows ({:.1}% of keys), {} written, {} -> {} bytes, {rate:.0} rows/s, ETA {eta}",
                frac * 100.0,
                p.written.load(Ordering::Relaxed),
                p.bytes_before.load(Ordering::Relaxed),
                p.bytes_after.load(Ordering::Relaxed),
            );
        }
    }
}

/// The shard's closing line: rows walked, written, conflicts, bytes.
pub(super) fn summary(
    job: &Job,
    key: &WalkKey,
    p: &Progress,
    ck: &Checkpoint,
    resumed: Option<&[mysql_async::Value]>,
) -> String {
    format!(
        "{} rows walked{}, {} written, {} changed under us and re-read, {} undecodable; bytes of rewritten values {} -> {}{}",
        ck.rows,
        match resumed {
            Some(last) if !job.args.restart => format!(" (resumed after key {})", key.show(last)),
            _ => String::new(),
        },
        p.written.load(Ordering::Relaxed),
        p.conflicts.load(Ordering::Relaxed),
        p.errors.load(Ordering::Relaxed),
        ck.bytes_before,
        ck.bytes_after,
        if ck.finished { "; finished" } else { "; stopped early (run again to resume)" }
    )
}
