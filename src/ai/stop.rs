//! Searches stopped from outside, as if their time were up: the full-screen
//! game cancels the hints and the computer's move it no longer wants (`Esc`,
//! a move played, an undo), and the worker thread is free at once instead
//! of thinking on for the whole `--think-time`.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which request of a worker is still wanted: a search run for request
/// `mine` stops once `wanted` holds another number (0 for none).
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use dice_of_doom::ai::{Stop, stoppable};
/// static WANTED: AtomicU64 = AtomicU64::new(7);
/// let stop = Stop::new(&WANTED, 7);
/// assert!(!stop.stopped());
/// WANTED.store(0, Ordering::Relaxed);
/// assert!(stop.stopped());
/// assert_eq!(stoppable(stop, || 2 + 2), 4);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Stop {
    wanted: &'static AtomicU64,
    mine: u64,
}

impl Stop {
    /// Stops the searches of request `mine` once `wanted` is no longer it.
    pub const fn new(wanted: &'static AtomicU64, mine: u64) -> Stop {
        Stop { wanted, mine }
    }

    /// Whether the request is no longer wanted.
    pub fn stopped(&self) -> bool {
        self.wanted.load(Ordering::Relaxed) != self.mine
    }
}

thread_local! {
    /// The stop of the searches started on this thread (see [`stoppable`]).
    static STOP: Cell<Option<Stop>> = const { Cell::new(None) };
}

/// Runs `f` on this thread with every search started in it stopping, as
/// when its time is up (the clock is read as often), once `stop` says so;
/// what a stopped search answers is cut short, to be thrown away.
pub fn stoppable<T>(stop: Stop, f: impl FnOnce() -> T) -> T {
    let before = STOP.replace(Some(stop));
    let result = f();
    STOP.set(before);
    result
}

/// The stop of the searches started now on this thread, if any.
pub(super) fn current() -> Option<Stop> {
    STOP.get()
}
