//! One file per subcommand: each holds its options (the clap arguments it
//! adds to those of [`args`](super::args)) and its `run`, reading the
//! resolved setup and printing its results. The router in `cli.rs` hands
//! each command to its file; `new_game` is the new-game screen at work, for
//! the bare command and for `n` after a game.

pub(super) mod arena;
pub(super) mod dot;
pub(super) mod generated;
pub(super) mod limits;
pub(super) mod map;
pub(super) mod new_game;
pub(super) mod picture;
pub(super) mod play;
pub(super) mod replay;
pub(super) mod resume;
pub(super) mod serve;
pub(super) mod solve;
pub(super) mod stats;
pub(super) mod survey;
