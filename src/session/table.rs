//! One game shown by several front-ends at once (the seats of a network
//! game and its spectators): the game lives in one place, a [`Table`], and
//! every front-end follows it through this trait, knowing nothing of where
//! the table is or how its players reach it.
//!
//! A front-end seated at the table keeps a replica of the game (a
//! [`Session`](super::Session) built from [`Table::record`], with no store)
//! and applies each new [`Play`](crate::record::Play) of the table's
//! record with [`Session::play_recorded`](super::Session::play_recorded):
//! the rolls and placements are the table's, so every screen shows the same
//! game. A person's move goes to the table with [`Table::play`], which
//! checks the seat and the turn, plays it (rolling the dice), keeps the
//! game, and wakes every front-end waiting in [`Table::wait`] or watching
//! with [`Table::watch`].
//!
//! Two ways to follow a table, with the same contract: a change is a new
//! play, a new notice, or the table's closing, and every change is seen.
//! - [`Table::wait`] blocks a thread until the next change (or a timeout):
//!   simple, one thread a front-end.
//! - [`Table::watch`] registers a [`Wake`], called after every change by
//!   whoever made it, with no lock of the table held; the front-end then
//!   asks what is new (`wait` with [`Duration::ZERO`]). A front-end that
//!   also waits for its person's input wakes on either at once, with no
//!   polling: its wake sends on the same channel as its input. Register
//!   before taking the first [`Table::view`], so that no change falls in
//!   between.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use crate::game::{Move, Player};
use crate::record::Record;

/// Why a table refused a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The seat is not the one to move (or the game is over).
    #[error("it is not {0}'s turn")]
    NotYourTurn(Player),
    /// The game moved on since the front-end last looked: it has this many
    /// plays, not the number the move was made after.
    #[error("the game has moved on")]
    Stale(usize),
    /// The move is not legal in the table's position.
    #[error("that move is not legal here")]
    Illegal,
    /// The table was closed (the server stopping, the game abandoned).
    #[error("the game was closed")]
    Closed,
}

/// What a front-end sees of a table: the game and the lines shown to
/// everyone (such as "b disconnected, waiting").
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    /// The game as it stands: rules, start, seats and every play so far.
    pub record: Record,
    /// Lines for every screen, oldest first; their number only grows.
    pub notices: Vec<String>,
    /// Whether the table is closed: nothing more will happen.
    pub closed: bool,
}

/// A front-end's doorbell: called after each change of a table it
/// watches; `false` once the front-end is gone (the table then forgets it).
/// It must be quick and must not call [`Table::watch`] or
/// [`Table::unwatch`] (it runs while the table's [`Watchers`] are locked):
/// sending on a channel is what it is for.
pub type Wake = Box<dyn Fn() -> bool + Send + Sync>;

/// A watch registered with [`Table::watch`], to end it with
/// [`Table::unwatch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchId(u64);

/// The wakes of the front-ends watching a table: what an implementation of
/// [`Table::watch`] keeps, and rings after each change.
#[derive(Default)]
pub struct Watchers {
    next: AtomicU64,
    wakes: Mutex<Vec<(u64, Wake)>>,
}

impl std::fmt::Debug for Watchers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watchers")
            .field("watching", &self.len())
            .finish()
    }
}

impl Watchers {
    /// Adds `wake`.
    pub fn add(&self, wake: Wake) -> WatchId {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        self.lock().push((id, wake));
        WatchId(id)
    }

    /// Forgets the wake of `id` (nothing if it is gone already).
    pub fn remove(&self, id: WatchId) {
        self.lock().retain(|(n, _)| *n != id.0);
    }

    /// Calls every wake, forgetting those whose front-end is gone. Call it
    /// after a change, with the table's own lock released.
    pub fn ring(&self) {
        self.lock().retain(|(_, wake)| wake());
    }

    /// How many front-ends watch.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none watches.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(u64, Wake)>> {
        self.wakes.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A game several front-ends share. Implementations are thread-safe: each
/// front-end calls from its own thread. After every change (a play, a
/// notice, the closing) an implementation wakes the threads in
/// [`Table::wait`] and rings the [`Wake`]s registered with
/// [`Table::watch`], in that order, its own lock released.
pub trait Table: Send + Sync {
    /// The game as it stands now.
    fn view(&self) -> TableView;

    /// Plays `mv` for `seat`, made after the game's first `after` plays.
    ///
    /// # Errors
    /// [`TableError`]: not `seat`'s turn, the game moved on, an illegal
    /// move, or a closed table.
    fn play(&self, seat: Player, after: usize, mv: Move) -> Result<(), TableError>;

    /// Waits, at most `timeout`, until the game has more than `plays` plays,
    /// more than `notices` notices, or is closed; the view then, or `None`
    /// if nothing changed in time.
    fn wait(&self, plays: usize, notices: usize, timeout: Duration) -> Option<TableView>;

    /// Calls `wake` after every change from now on, until
    /// [`Table::unwatch`] or `wake` returns `false` (see [`Wake`]).
    fn watch(&self, wake: Wake) -> WatchId;

    /// Stops calling the wake of `id`.
    fn unwatch(&self, id: WatchId);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn watchers_ring_until_removed_or_gone() {
        let watchers = Watchers::default();
        let (a, b) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let count = |n: &Arc<AtomicUsize>, keep: bool| -> Wake {
            let n = Arc::clone(n);
            Box::new(move || {
                n.fetch_add(1, Ordering::Relaxed);
                keep
            })
        };
        let first = watchers.add(count(&a, true));
        watchers.add(count(&b, false));
        watchers.ring();
        watchers.ring();
        assert_eq!(
            b.load(Ordering::Relaxed),
            1,
            "a gone front-end is forgotten"
        );
        watchers.remove(first);
        watchers.ring();
        assert_eq!(a.load(Ordering::Relaxed), 2, "a removed watch is not rung");
        assert!(watchers.is_empty());
    }
}
