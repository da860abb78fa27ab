//! The full-screen game, for a person at a terminal.
//!
//! - [`state`]: a pure state machine (cursor, marked source, messages, log,
//!   overlays); keys and clicks in, moves out;
//! - [`view`]: a pure renderer from that state and a window size to a grid
//!   of styled characters (`frame`), laid out by `layout` (fields that give
//!   way by priority, wrapped text), with the status and key bars in `bars`
//!   and the boxes over the game (help, quit, game over) in `boxes`;
//! - `terminal`: the thin driver that owns the terminal, reads events and
//!   draws only what changed.

mod bars;
mod boxes;
mod frame;
mod layout;
pub mod state;
mod terminal;
pub mod view;

pub use state::{App, ComputerPlayer, Effect, Hint, HintProvider, Key, Overlay, Target};
pub use terminal::{TerminalGuard, chain_panic_hook, draw, run, write_restore};
pub use view::{Frame, Glyph, Style, min_size, render};
