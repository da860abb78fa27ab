//! The full-screen game, for a person at a terminal.
//!
//! - [`state`]: a pure state machine (cursor, marked source, messages, log,
//!   overlays); keys and clicks in, moves out; with the game's history
//!   (undo, redo, resumed games) and replays in files of their own;
//! - [`view`]: a pure renderer from that state and a window size to a grid
//!   of styled characters (`frame`), laid out by `layout` (fields that give
//!   way by priority, wrapped text), with the status and key bars in `bars`
//!   and the boxes over the game (help, quit, game over) in `boxes`, and a
//!   map of territories drawn by `map_view`;
//! - `terminal`: the thin driver that owns the terminal, waits for events,
//!   ticks replays, tells the [`Recorder`] of every change and every new
//!   game (`recording`) and draws only what changed; `workers`: the
//!   computer player and the hints on threads of their own; `hooks`: what
//!   the game asks of the rest of the program;
//! - `input`: standard input read and parsed into keys and clicks on
//!   threads of their own; `signals`: the signals that end, suspend and
//!   resume the game; `ending`: what is printed after the game, and its
//!   exit status.

mod bars;
mod boxes;
mod cursor;
mod ending;
mod frame;
mod hooks;
mod input;
mod layout;
mod map_view;
mod recording;
mod roll_view;
mod signals;
pub mod state;
mod terminal;
pub mod view;
mod workers;

pub(super) use ending::finish;
pub use hooks::Recorder;
pub use state::{App, IllegalMoveAt, RollShown, Target};
pub(super) use state::{ComputerPlayer, Hint, HintProvider};
pub(super) use terminal::run;
pub use view::{Frame, render};
