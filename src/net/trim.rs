//! Memory given back to the system once the server has freed it.
//!
//! glibc's allocator keeps what a thread frees in that thread's arena and
//! returns pages to the system only from the top of a heap, so a server
//! whose games and connections came and went stays at its peak resident
//! size long after the memory is free (measured by `cargo bench --bench
//! serve -- soak`: 373 MiB resident once every client had left, against 51
//! at the start). [`Trim`] asks the allocator to give the free pages back
//! (`malloc_trim(0)`, which walks every arena) when something was freed
//! since it last did, at most once per [`Trim::every`], from the server's
//! sweep thread: never on a connection's task, since the walk holds each
//! arena's lock for a moment. Elsewhere than glibc it does nothing: other
//! allocators (musl's, the BSDs', macOS's) return memory themselves or have
//! no such call.
//!
//! The server also keeps its threads to one arena ([`one_arena`]): with an
//! arena per thread, each kept pages pinned by a few long-lived blocks, and
//! the soak above still held 162 MiB after trimming (41 MiB with two arenas,
//! 14 MiB with one, against 7 MiB at the start). Each thread's own cache of
//! small blocks (glibc's tcache) keeps most allocations off the arena's
//! lock; the soak's moves took 40 ms median with one arena, 35 with two.

use std::sync::Mutex;
use std::sync::PoisonError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often, at most, the server gives memory back.
pub const TRIM_EVERY: Duration = Duration::from_secs(5);

/// When to give the memory freed back to the system (see the
/// [module](self)).
#[derive(Debug)]
pub struct Trim {
    every: Duration,
    /// Whether something was freed since the last trim.
    freed: AtomicBool,
    /// When the last trim was.
    last: Mutex<Option<Instant>>,
}

impl Trim {
    /// Trims at most once per `every`.
    pub fn new(every: Duration) -> Trim {
        Trim {
            every,
            freed: AtomicBool::new(false),
            last: Mutex::new(None),
        }
    }

    /// How often, at most, this gives memory back.
    pub fn every(&self) -> Duration {
        self.every
    }

    /// Notes that something large was freed (a room, a connection).
    pub fn freed(&self) {
        self.freed.store(true, Ordering::Relaxed);
    }

    /// Whether a trim is due at `now`: something was freed since the last
    /// one, and the last was `every` ago or more. Taking the answer `true`
    /// counts as trimming.
    pub fn due(&self, now: Instant) -> bool {
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if last.is_some_and(|at| now.saturating_duration_since(at) < self.every) {
            return false;
        }
        if !self.freed.swap(false, Ordering::Relaxed) {
            return false;
        }
        *last = Some(now);
        true
    }

    /// Gives the free memory back if a trim is due at `now` (see
    /// [`Trim::due`]); returns whether it asked the allocator.
    pub fn run(&self, now: Instant) -> bool {
        self.due(now) && {
            release();
            true
        }
    }
}

/// Asks glibc's allocator to return the free pages of every arena to the
/// system; returns whether it gave any back.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn release() -> bool {
    // SAFETY: `malloc_trim` takes no pointer and has no precondition; glibc
    // serialises it with every other call into the allocator.
    unsafe { libc::malloc_trim(0) == 1 }
}

/// Does nothing: this allocator has no `malloc_trim` (see the
/// [module](self)).
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn release() -> bool {
    false
}

/// Makes every thread started from now on allocate from the main arena
/// (glibc's `M_ARENA_MAX` of 1; see the [module](self)); returns whether
/// the allocator took the setting. Call it before starting threads.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn one_arena() -> bool {
    // SAFETY: `mallopt` takes two integers and no pointer; glibc serialises
    // it with every other call into the allocator.
    unsafe { libc::mallopt(libc::M_ARENA_MAX, 1) == 1 }
}

/// Does nothing: this allocator has no arenas to limit.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn one_arena() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trim_is_due_only_after_something_was_freed() {
        let trim = Trim::new(Duration::from_secs(5));
        let t0 = Instant::now();
        assert!(!trim.due(t0), "nothing freed yet");
        trim.freed();
        assert!(trim.due(t0));
        assert!(!trim.due(t0), "the freeing was taken by the last trim");
    }

    #[test]
    fn trims_are_at_least_their_interval_apart() {
        let trim = Trim::new(Duration::from_secs(5));
        let t0 = Instant::now();
        trim.freed();
        assert!(trim.due(t0));
        trim.freed();
        assert!(!trim.due(t0 + Duration::from_secs(4)), "too soon");
        assert!(trim.due(t0 + Duration::from_secs(5)), "kept for later");
        assert!(
            !trim.due(t0 + Duration::from_secs(20)),
            "nothing freed since"
        );
    }

    #[test]
    fn a_trim_gives_freed_memory_back() {
        // Many small blocks, freed: glibc keeps them until trimmed. The
        // call must be safe to make at any time and from any thread.
        let blocks: Vec<Vec<u8>> = (0..10_000).map(|i| vec![i as u8; 1000]).collect();
        drop(blocks);
        let trim = Trim::new(Duration::ZERO);
        trim.freed();
        assert!(trim.run(Instant::now()));
        assert!(!trim.run(Instant::now()), "nothing freed since");
    }
}
