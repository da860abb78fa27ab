//! The new-game screen, shown by a bare `dice-of-doom` at a terminal and
//! by `n` after a full-screen game: the rule set, the board, the players
//! and who plays them, the computer and its strength, the first player and
//! the seed, remembered from the last game (a [`Saved`] value the command line
//! loads and stores); and the
//! unfinished game, to go on with. Like the game itself, in parts by job:
//!
//! - [`state`]: the choices and the line in focus, keys and clicks in, what
//!   to do out, and the session's new game the choices make (with the
//!   command that plays the same game, which the screen shows);
//! - [`view`]: a pure renderer from that state and a window size to a
//!   frame;
//! - the driver that owns the terminal meanwhile is `terminal/screen.rs`.

use serde::{Deserialize, Serialize};

mod board;
pub mod recent;
pub mod state;
mod strength;
pub mod view;

pub use recent::{RECENT_SHOWN, Recent};
pub use state::{Action, Resumable, Screen};
pub use view::render;

/// The version of the remembered choices' form, which the command line
/// writes into the file that keeps them.
pub const VERSION: u32 = 1;

/// The choices of the new-game screen as they are remembered: words and
/// numbers, checked by the screen when it takes them back. The command line
/// loads and stores them (`cli/config.rs`); the screen knows no file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The file's version ([`VERSION`]).
    pub version: u32,
    /// The rule set's name (`lol4`).
    pub rules: String,
    /// The board: `5x5`, `random map`, or `map FILE`.
    pub board: String,
    /// How many play.
    pub players: u8,
    /// The letters of the players the computer plays (`bcd`).
    pub computers: String,
    /// The computer opponent's name (`chance`).
    pub ai: String,
    /// The computer's strength (`easy`, `normal`, `strong`).
    pub strength: String,
    /// The letter of the player who moves first.
    pub first: String,
}
