//! The rules of Dice of Doom, pure: no input, output or global state.
//!
//! Small value types ([`Player`], [`Cell`], [`Board`], [`Move`],
//! [`Position`]) carry the game; [`Rules`] says what it is played with, and a
//! [`Layout`] which cells touch. [`GameTree`] is the lazily built, memoised
//! tree of every way a game can go.

mod board;
mod expand;
mod generate;
mod parse;
mod player;
mod rules;
pub(crate) use rules::for_each_attack;
mod table;
mod tree;

pub use board::{
    Board, BoardError, Cell, Layout, MAX_CELLS, MAX_DICE_LIMIT, MAX_SIDE, MIN_SIDE, row_indent,
};
pub use expand::Children;
pub use generate::{GenerateError, MAX_DRAWS, random_board};
pub use parse::{BoardText, ParseBoardError, ParseBoardErrorKind};
pub use player::{MAX_PLAYERS, Player, PlayerSet};
pub use rules::{
    IllegalMove, Move, ParseMoveError, Position, PositionError, Rules, RulesError, reinforce,
    winners,
};
pub use table::{Codec, PositionTable};
pub use tree::{Edge, GameTree, NodeId};
