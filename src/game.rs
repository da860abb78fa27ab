//! The rules of Dice of Doom, pure: no input, output or global state.
//!
//! Small value types ([`Player`], [`Cell`], [`Board`], [`Move`],
//! [`Position`]) carry the game; [`Rules`] says what it is played with,
//! including the [`Map`]: which cells there are, which touch and where each
//! is drawn. Text becomes a [`Setup`] and then, checked against the rules, a
//! [`Position`]. [`GameTree`] is the lazily built, memoised tree of every way
//! a game can go.

mod balanced;
mod battle;
mod board;
mod codec;
mod deal;
mod dice_seed;
mod expand;
mod generate;
mod grid;
mod huge;
mod map;
mod outcomes;
mod play;
mod player;
mod position;
mod rules;
mod ruleset;
mod setup;
mod share;
#[cfg(test)]
pub(crate) mod shipped;
mod table;
mod tree;

pub use balanced::{DealChoice, ParseDealError, balanced_board};
pub use battle::{BattleOdds, Faces, MAX_BATTLE_DICE, ParseRollError, Roll};
pub use board::{
    Board, BoardError, CELL_WIDTH, Cell, MAX_DICE_LIMIT, MIN_DICE_LIMIT, OnMap, text_column,
};
pub(crate) use codec::Codec;
pub use deal::{
    DealError, Ground, deal_game, deal_game_as, deal_in_order, deal_start, deal_territories,
};
pub use dice_seed::dice_of;
pub(crate) use expand::Children;
pub use generate::{GenerateError, MAX_DRAWS, alternating_board, random_board};
pub use grid::{
    Grid, MAX_GRID_SIDE, MAX_TERRITORIES, MIN_GRID_SIDE, territory_char, territory_of_char,
};
pub use huge::GrowError;
pub(crate) use huge::{HugeVec, grow_within, resize_within};
pub use map::{
    CORE_CELLS, ORIGINAL_HEIGHT, ORIGINAL_MAX_TERRITORIES, ORIGINAL_WIDTH, REMOVED_AT_MOST,
};
pub use map::{MAX_CELLS, MAX_SIDE, MIN_SIDE, Map, MapError, MapKind, Place};
pub use map::{
    MAX_RANDOM_TERRITORIES, MAX_TERRITORY_CELLS, MIN_RANDOM_TERRITORIES, MIN_TERRITORY_CELLS,
    MapGenError, MapShape, TERRITORY_CELLS, grown_map, random_map,
};
pub use map::{MapPlayersError, MapSetup};
pub use outcomes::{Event, Outcome, Played, ReplayError};
pub use play::{Placed, Play};
pub use player::{MAX_PLAYERS, MIN_PLAYERS, Player, PlayerSet};
pub use position::{IllegalMove, Move, ParseMoveError, Position, Spare};
pub(crate) use rules::NoChance;
pub(crate) use rules::for_each_attack;
pub use rules::{
    MAX_STOCK, PositionError, RACKET_POOL, Rules, RulesError, largest_group, reinforce, winners,
};
pub use ruleset::{
    Attack, Battle, DEFAULT_TERRITORIES, Deal, Defaults, Ending, ParseRuleSetError, Placement,
    Policy, QUIET_ROUNDS, Ranges, RuleSet, Spec, Supply,
};
pub use setup::{Setup, SetupError, SetupErrorKind};
pub use share::Share;
pub(crate) use table::PositionTable;
pub use tree::{Edge, GameTree, NodeId, TreeLimits};
