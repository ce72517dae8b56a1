//! The global memory budget: one atomic count of the bytes that sessions
//! hold in large buffers (packets being assembled, inflated compressed
//! frames, decoded values, rows waiting for a slow client). A session
//! reserves before it allocates and the reservation is returned when its
//! guard is dropped, so a failure path can never leak budget.
//!
//! Pure: no I/O, no allocation of the bytes it accounts for. The process
//! installs one budget at startup (`install`); code without one (unit
//! tests, tools) runs unlimited.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The configuration key that sets the budget, named in every refusal.
pub const CONFIG_KEY: &str = "limits.memory_budget";

/// A shared byte budget.
#[derive(Debug)]
pub struct Budget {
    limit: usize,
    used: AtomicUsize,
    /// Highest `used` seen (for metrics and the memory benchmark).
    peak: AtomicUsize,
    /// Reservations refused so far.
    refusals: AtomicUsize,
}

/// A reservation did not fit: what was asked, and the state it met.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("squeeze's memory budget ({CONFIG_KEY} = {limit} bytes) is exhausted: {wanted} more bytes were needed while {used} are in use by all sessions")]
pub struct OverBudget {
    pub wanted: usize,
    pub used: usize,
    pub limit: usize,
}

impl Budget {
    pub fn new(limit: usize) -> Arc<Budget> {
        Arc::new(Budget {
            limit,
            used: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            refusals: AtomicUsize::new(0),
        })
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    pub fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    pub fn refusals(&self) -> usize {
        self.refusals.load(Ordering::Relaxed)
    }

    /// An empty reservation to grow later.
    pub fn reservation(self: &Arc<Self>) -> Reservation {
        Reservation {
            budget: Some(self.clone()),
            bytes: 0,
        }
    }

    /// Take `n` bytes if they fit; all or nothing.
    fn take(&self, n: usize) -> Result<(), OverBudget> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let next = used.saturating_add(n);
            if next > self.limit {
                self.refusals.fetch_add(1, Ordering::Relaxed);
                return Err(OverBudget {
                    wanted: n,
                    used,
                    limit: self.limit,
                });
            }
            match self
                .used
                .compare_exchange_weak(used, next, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.peak.fetch_max(next, Ordering::Relaxed);
                    return Ok(());
                }
                Err(actual) => used = actual,
            }
        }
    }

    /// Take `n` bytes even past the limit: for memory that already exists
    /// and must be counted so that later reservations see it.
    fn force(&self, n: usize) {
        let next = self.used.fetch_add(n, Ordering::AcqRel) + n;
        self.peak.fetch_max(next, Ordering::Relaxed);
    }

    fn give_back(&self, n: usize) {
        self.used.fetch_sub(n, Ordering::AcqRel);
    }
}

/// Bytes held against a budget; released when dropped. A reservation
/// without a budget (`Reservation::unlimited`) always succeeds.
#[derive(Debug, Default)]
pub struct Reservation {
    budget: Option<Arc<Budget>>,
    bytes: usize,
}

impl Reservation {
    /// A reservation against no budget: nothing is ever refused.
    pub fn unlimited() -> Reservation {
        Reservation::default()
    }

    /// A reservation against the installed process budget, if any.
    pub fn global() -> Reservation {
        match installed() {
            Some(b) => b.reservation(),
            None => Reservation::unlimited(),
        }
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The budget's limit, if there is one.
    pub fn limit(&self) -> Option<usize> {
        self.budget.as_ref().map(|b| b.limit)
    }

    /// Hold exactly `n` bytes: growing asks the budget (and fails without
    /// changing anything when it would not fit), shrinking always works.
    pub fn set(&mut self, n: usize) -> Result<(), OverBudget> {
        let Some(b) = &self.budget else {
            self.bytes = n;
            return Ok(());
        };
        if n > self.bytes {
            b.take(n - self.bytes)?;
        } else if n < self.bytes {
            b.give_back(self.bytes - n);
        }
        self.bytes = n;
        Ok(())
    }

    /// Hold at least `n` bytes (never shrinks).
    pub fn ensure(&mut self, n: usize) -> Result<(), OverBudget> {
        if n > self.bytes {
            self.set(n)
        } else {
            Ok(())
        }
    }

    /// Hold exactly `n` bytes, past the limit if need be: counts memory
    /// that was allocated already (a true-up after an allocator rounded a
    /// request up).
    pub fn set_forced(&mut self, n: usize) {
        match &self.budget {
            Some(b) if n > self.bytes => b.force(n - self.bytes),
            Some(b) if n < self.bytes => b.give_back(self.bytes - n),
            _ => {}
        }
        self.bytes = n;
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if let Some(b) = &self.budget {
            b.give_back(self.bytes);
        }
    }
}

/// After a command released at least this much buffer memory (a large
/// statement or row), the allocator is asked to give freed pages back.
pub const RETURN_TO_OS_ABOVE: usize = 1 << 20;

/// Give memory freed by this thread back to the operating system now.
/// mimalloc otherwise keeps freed pages of an idle worker mapped: after
/// 16 readers of 64 MiB rows RSS stayed at 588 MiB with every session
/// idle (76 MiB with this), and a later burst then counted on top.
pub fn return_freed_memory() {
    // SAFETY: mi_collect only walks and purges mimalloc's own heap
    // structures of the calling thread (and abandoned segments); it has no
    // preconditions and is a no-op when mimalloc holds nothing.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

static INSTALLED: OnceLock<Arc<Budget>> = OnceLock::new();

/// Make `budget` the process budget (once; later calls keep the first, so
/// a configuration reload cannot split the count between two budgets).
pub fn install(budget: Arc<Budget>) -> Arc<Budget> {
    INSTALLED.get_or_init(|| budget).clone()
}

/// The process budget, once installed.
pub fn installed() -> Option<&'static Arc<Budget>> {
    INSTALLED.get()
}

/// The default budget for a machine with `mem_total` bytes of RAM: a
/// quarter of it (the rest is for the OS, page cache and, on a sidecar,
/// the database and the application), at least 256 MiB and at most 4 GiB.
pub fn default_for_ram(mem_total: Option<u64>) -> usize {
    const MIN: u64 = 256 << 20;
    const MAX: u64 = 4 << 30;
    let quarter = mem_total.map(|m| m / 4).unwrap_or(1 << 30);
    quarter.clamp(MIN, MAX) as usize
}

/// `MemTotal` from a /proc/meminfo text, in bytes.
pub fn parse_mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_within_the_limit_succeed_and_are_released_on_drop() {
        let b = Budget::new(1000);
        let mut a = b.reservation();
        let mut c = b.reservation();
        a.set(600).unwrap();
        c.set(400).unwrap();
        assert_eq!(b.used(), 1000);
        drop(a);
        assert_eq!(b.used(), 400);
        drop(c);
        assert_eq!(b.used(), 0);
        assert_eq!(b.peak(), 1000);
    }

    #[test]
    fn a_reservation_past_the_limit_is_refused_and_changes_nothing() {
        let b = Budget::new(1000);
        let mut a = b.reservation();
        a.set(900).unwrap();
        let mut c = b.reservation();
        let err = c.set(200).unwrap_err();
        assert_eq!(
            err,
            OverBudget {
                wanted: 200,
                used: 900,
                limit: 1000
            }
        );
        assert!(err.to_string().contains(CONFIG_KEY));
        assert_eq!((b.used(), c.bytes(), b.refusals()), (900, 0, 1));
        // Others keep working within what is left.
        c.set(100).unwrap();
        assert_eq!(b.used(), 1000);
    }

    #[test]
    fn shrinking_returns_bytes_and_growing_asks_only_for_the_difference() {
        let b = Budget::new(1000);
        let mut a = b.reservation();
        a.set(800).unwrap();
        a.set(100).unwrap();
        assert_eq!(b.used(), 100);
        a.set(1000).unwrap();
        assert!(a.set(1001).is_err());
        assert_eq!(a.bytes(), 1000);
        a.ensure(10).unwrap();
        assert_eq!(a.bytes(), 1000);
    }

    #[test]
    fn forced_reservations_count_past_the_limit_and_block_others() {
        let b = Budget::new(100);
        let mut a = b.reservation();
        a.set_forced(150);
        assert_eq!(b.used(), 150);
        assert!(b.reservation().set(1).is_err());
        drop(a);
        assert_eq!(b.used(), 0);
    }

    #[test]
    fn unlimited_reservations_never_fail() {
        let mut r = Reservation::unlimited();
        r.set(usize::MAX).unwrap();
        assert_eq!(r.limit(), None);
    }

    #[test]
    fn concurrent_sessions_never_overcommit_the_budget() {
        // Synthetic load: 8 threads each try to hold 3 chunks of 100
        // bytes at a time against a budget of 1000; the budget is never
        // exceeded and everything is returned at the end.
        let b = Budget::new(1000);
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let b = b.clone();
                std::thread::spawn(move || {
                    let mut granted = 0usize;
                    for _ in 0..2000 {
                        let mut held = Vec::new();
                        for _ in 0..3 {
                            let mut r = b.reservation();
                            if r.set(100).is_ok() {
                                granted += 1;
                                held.push(r);
                            }
                        }
                        assert!(b.used() <= 1000);
                    }
                    granted
                })
            })
            .collect();
        let granted: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert!(granted > 0);
        assert_eq!(b.used(), 0);
        assert!(b.peak() <= 1000, "peak {}", b.peak());
    }

    #[test]
    fn default_budget_is_a_quarter_of_ram_within_bounds() {
        assert_eq!(default_for_ram(Some(16 << 30)), 4 << 30);
        assert_eq!(default_for_ram(Some(64 << 30)), 4 << 30);
        assert_eq!(default_for_ram(Some(4 << 30)), 1 << 30);
        assert_eq!(default_for_ram(Some(512 << 20)), 256 << 20);
        assert_eq!(default_for_ram(None), 1 << 30);
        let meminfo = "MemTotal:       24683776 kB\nMemFree:  1 kB\n";
        assert_eq!(parse_mem_total(meminfo), Some(24683776 * 1024));
    }
}
