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
//! game, and wakes every front-end waiting in [`Table::wait`].

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

/// A game several front-ends share. Implementations are thread-safe: each
/// front-end calls from its own thread.
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
}
