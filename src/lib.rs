//! Dice of Doom, the hexagon dice-battle game of Land of Lisp.
//!
//! - [`game`]: the pure rules engine and the memoised game tree;
//! - [`ai`]: computer opponents (perfect play, search and baselines);
//! - [`analysis`]: counting and solving whole game trees;
//! - [`picture`]: positions drawn as SVG pictures;
//! - [`record`]: game records, the text of a whole game (save, resume, replay);
//! - [`session`]: one game in progress, for every front-end;
//! - [`ui`]: the terminal layer: wording, the line mode, the full-screen game;
//! - [`cli`]: the command line and its commands;
//! - [`net`]: the SSH server;
//! - [`text`]: numbers in messages (grouped digits, plurals), quoted paths;
//! - [`files`]: files written whole or not at all ([`files::write_atomically`]).

// One call is allowed, with its reason: `net::trim::release`.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod analysis;
pub mod cli;
pub mod files;
pub mod game;
pub mod net;
pub mod picture;
pub mod record;
pub mod session;
pub mod text;
pub mod ui;
