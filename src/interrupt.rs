//! Stopping squeeze's own work on a statement: `KILL QUERY`/`KILL` of the
//! session, its client going away, or its `max_statement_time` passing.
//!
//! The session raises a shared [`Flag`]; the work (JSON evaluation of a
//! row, which may run on a heavy-work thread) installs the statement's
//! [`Interrupt`] for its thread with [`within`], and pure code deep in a
//! loop calls [`tick`], which looks at the flag and the clock every few
//! thousand steps. Thread-local, so the evaluator's signatures stay pure.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Why a statement stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// `KILL QUERY` or `KILL` named the session.
    Killed,
    /// The client closed its connection.
    ClientGone,
    /// The session's `max_statement_time` passed.
    Timeout,
}

impl Reason {
    fn code(self) -> u8 {
        match self {
            Reason::Killed => 1,
            Reason::ClientGone => 2,
            Reason::Timeout => 3,
        }
    }

    fn of(code: u8) -> Option<Reason> {
        match code {
            1 => Some(Reason::Killed),
            2 => Some(Reason::ClientGone),
            3 => Some(Reason::Timeout),
            _ => None,
        }
    }
}

/// A session's interruption request; the first reason raised stays.
#[derive(Debug, Default)]
pub struct Flag(AtomicU8);

impl Flag {
    pub fn raise(&self, why: Reason) {
        let _ = self
            .0
            .compare_exchange(0, why.code(), Ordering::SeqCst, Ordering::SeqCst);
    }

    /// A new statement starts: an earlier request does not carry over.
    pub fn clear(&self) {
        self.0.store(0, Ordering::SeqCst);
    }

    pub fn raised(&self) -> Option<Reason> {
        Reason::of(self.0.load(Ordering::Relaxed))
    }
}

/// What stops one statement: its session's flag and its deadline.
#[derive(Debug, Clone, Default)]
pub struct Interrupt {
    pub flag: Arc<Flag>,
    pub deadline: Option<Instant>,
}

impl Interrupt {
    pub fn check(&self) -> Result<(), Reason> {
        if let Some(why) = self.flag.raised() {
            return Err(why);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(Reason::Timeout),
            _ => Ok(()),
        }
    }
}

/// Steps between two looks at the flag and the clock (a step is a node
/// compared or visited: well under a millisecond for this many).
const EVERY: u32 = 4096;

thread_local! {
    static CURRENT: RefCell<Option<Interrupt>> = const { RefCell::new(None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// Run `f` with `i` as this thread's interrupt (restored after, so nested
/// and unrelated work on the thread is not affected).
pub fn within<R>(i: Option<&Interrupt>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Interrupt>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = prev);
        }
    }
    let prev = CURRENT.with(|c| c.replace(i.cloned()));
    let _restore = Restore(prev);
    f()
}

/// One step of work: `Err` once the thread's statement is to stop
/// (checked every `EVERY` steps; always `Ok` outside [`within`]).
#[inline]
pub fn tick() -> Result<(), Reason> {
    let n = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n
    });
    if n % EVERY != 0 {
        return Ok(());
    }
    check()
}

/// Look now.
pub fn check() -> Result<(), Reason> {
    CURRENT.with(|c| c.borrow().as_ref().map_or(Ok(()), Interrupt::check))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_raised_flag_stops_ticks_within_the_interval_and_only_inside_within() {
        let i = Interrupt::default();
        i.flag.raise(Reason::Killed);
        i.flag.raise(Reason::Timeout);
        assert_eq!(
            i.flag.raised(),
            Some(Reason::Killed),
            "the first reason stays"
        );
        assert!(
            (0..=EVERY).all(|_| tick().is_ok()),
            "no interrupt installed"
        );
        let stopped = within(Some(&i), || (0..=EVERY).find_map(|_| tick().err()));
        assert_eq!(stopped, Some(Reason::Killed));
        assert_eq!(check(), Ok(()), "restored after `within`");
        i.flag.clear();
        assert_eq!(within(Some(&i), check), Ok(()));
    }

    #[test]
    fn a_passed_deadline_is_a_timeout() {
        let i = Interrupt {
            flag: Arc::default(),
            deadline: Some(Instant::now() - Duration::from_millis(1)),
        };
        assert_eq!(within(Some(&i), check), Err(Reason::Timeout));
    }
}
