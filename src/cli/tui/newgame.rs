//! The new-game screen, shown by a bare `dice-of-doom` at a terminal and
//! by `n` after a full-screen game: the rule set, the board, the players
//! and who plays them, the computer and its strength, the first player and
//! the seed, remembered from the last game (`cli/config.rs`); and the
//! unfinished game, to go on with. Like the game itself, in parts by job:
//!
//! - [`state`]: the choices and the line in focus, keys and clicks in, what
//!   to do out, and the command line the choices stand for, which starts
//!   the game by the same path as those flags;
//! - [`view`]: a pure renderer from that state and a window size to a
//!   frame;
//! - the driver that owns the terminal meanwhile is `terminal/screen.rs`.

pub(in crate::cli) mod state;
pub(in crate::cli) mod view;

pub(in crate::cli) use state::{Action, Resumable, Screen};
pub(in crate::cli) use view::render;
