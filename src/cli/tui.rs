//! The full-screen game, for a person at a terminal, in three folders by job:
//!
//! - [`state`]: a pure state machine (cursor, marked source, messages, log,
//!   overlays); keys and clicks in, moves out; with the game's history
//!   (undo, redo, resumed games), replays, where the cursor goes
//!   (`cursor`), and the hooks by which the game asks the rest of the
//!   program for the computer's moves and hints (`hooks`); the game keeps
//!   itself through its session's store after every change;
//! - [`view`]: a pure renderer from that state and a window size to a grid
//!   of styled characters (`frame`), laid out by `layout` (fields that give
//!   way by priority, wrapped text), with the status and key bars in `bars`
//!   and the boxes over the game (help, quit, game over) in `boxes`, the
//!   roll in `roll_view`, and a map of territories drawn by `map_view`;
//! - `terminal`: the thin driver that owns the terminal, waits for events,
//!   ticks replays, starts new games (`n`) and draws only what changed;
//!   `workers`: the
//!   computer player and the hints on threads of their own; `input`:
//!   standard input read and parsed into keys and clicks on threads of
//!   their own; `signals`: the signals that end, suspend and resume the
//!   game; `ending`: what is printed after the game, and its exit status;
//!   `screen`: the driver of the new-game screen ([`newgame`]);
//! - [`remote`]: the driver of the same game for a remote seat or a
//!   spectator of a network game's [`Table`](crate::session::Table), its
//!   bytes and window sizes in on a channel and its frames out to any
//!   byte sink, its game a replica of the table's.

pub(in crate::cli) mod newgame;
pub mod remote;
pub mod state;
mod terminal;
pub mod view;

pub use remote::{RemoteEnd, RemoteError, RemoteInput, RemoteIo, run_remote};
pub use state::{App, IllegalMoveAt, RollShown, Target};
pub(super) use state::{ComputerPlayer, Hint, HintProvider};
pub(super) use terminal::finish;
pub(super) use terminal::run;
pub(super) use terminal::screen::{Chosen, run_screen};
pub use view::{Frame, render};
