//! The terminal layer, below every front-end that draws on a terminal: the
//! command line (`cli`) and the SSH server (`net`) both use it, and it
//! knows nothing of either (no clap, no argv, no files).
//!
//! - `words`: the sentences every front-end says; `render`: boards and maps
//!   as text, the players' colours;
//! - `line_mode`: the book's numbered menu, for pipes, scripts and plain
//!   network seats;
//! - `computer`: the computer's seats and hints as the front-ends ask for them;
//!
//! and the full-screen game, in folders by job:
//!
//! - [`state`]: a pure state machine (cursor, marked source, messages, log,
//!   overlays); keys and clicks in, moves out; with the game's history
//!   (undo, redo, resumed games), replays, where the cursor goes
//!   (`cursor`), and the hooks by which the game asks the rest of the
//!   program for the computer's moves and hints (`hooks`); the game keeps
//!   itself through its session's store after every change;
//! - [`view`]: a pure renderer from that state and a window size to a grid
//!   of styled characters and the map of what a click hits (`frame`), its
//!   text ratatui's, its fields giving way by priority (`layout`), with the
//!   status and key bars in `bars`
//!   and the boxes over the game (help, quit, game over) in `boxes`, the
//!   roll in `roll_view`, and a map of territories drawn by `map_view`;
//! - `terminal`: the thin driver that owns the terminal, waits for events,
//!   ticks replays, starts new games (`n`) and draws only what changed;
//!   `workers`: the
//!   computer player and the hints as jobs on the process's pool; `input`:
//!   standard input read and parsed into keys and clicks on threads of
//!   their own; `signals`: the signals that end, suspend and resume the
//!   game; `ending`: what is printed after the game, and its exit status;
//!   `screen`: the driver of the new-game screen ([`newgame`]);
//! - [`remote`]: the driver of the same game for a remote seat or a
//!   spectator of a network game's [`Table`](crate::session::Table), its
//!   bytes and window sizes in on a channel and its frames out to any
//!   byte sink, its game a replica of the table's.

pub mod computer;
pub mod line_mode;
pub mod newgame;
pub mod remote;
pub mod render;
pub mod state;
pub mod terminal;
pub mod view;
pub mod words;

pub use remote::{RemoteEnd, RemoteError, RemoteInput, RemoteIo, run_remote};
pub use state::{App, IllegalMoveAt, RollShown, Target};
pub use state::{ComputerPlayer, Hint, HintProvider};
pub use terminal::run;
pub use terminal::screen::{Chosen, run_screen};
pub use view::{Frame, render};
