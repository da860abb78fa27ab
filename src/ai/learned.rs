//! An evaluation learned from play: each player's chance of winning the
//! game from a position, estimated by a small model fitted to the
//! outcomes of games the existing players played (`examples/train.rs`).
//!
//! Each player still in the game is described by a few [`features`]
//! (her cells, dice, largest group, stock, the cells she risks and the
//! attacks she has, whose turn it is, ...); one small network, the same
//! for every player, rates each, and a softmax over the players left turns
//! the ratings into chances that sum to 1. One model per rule set whose
//! games differ (Dice Wars, Land of Lisp's `lol4`), its weights a text file
//! compiled into the program (`src/ai/learned/*.weights`), read once on
//! first use.

use std::sync::OnceLock;

use crate::game::{MAX_PLAYERS, Position, RuleSet, Rules};

mod features;
pub mod fit;
mod net;
pub mod train;

pub use features::{FEATURES, NAMES, PlayerFeatures, features};
pub use net::{Net, WeightsError, WeightsFile};

/// The Dice Wars model's weights, as the trainer wrote them.
const DICEWARS: &str = include_str!("learned/dicewars.weights");
/// The `lol4` model's weights, as the trainer wrote them.
const LOL4: &str = include_str!("learned/lol4.weights");

/// The shipped weights file of a rule set, if it has a model.
pub fn shipped(set: RuleSet) -> Option<&'static str> {
    match set {
        RuleSet::Dicewars => Some(DICEWARS),
        RuleSet::Lol4 => Some(LOL4),
        _ => None,
    }
}

/// The model of a rule set, read from its shipped weights once; `None`
/// where the rule set has none (or, never in a tested build, where its
/// file does not read).
pub fn model(set: RuleSet) -> Option<&'static Net> {
    static DICEWARS_NET: OnceLock<Option<Net>> = OnceLock::new();
    static LOL4_NET: OnceLock<Option<Net>> = OnceLock::new();
    let cell = match set {
        RuleSet::Dicewars => &DICEWARS_NET,
        RuleSet::Lol4 => &LOL4_NET,
        _ => return None,
    };
    cell.get_or_init(|| {
        shipped(set)
            .and_then(|text| WeightsFile::parse(text).ok())
            .map(|file| file.net)
    })
    .as_ref()
}

/// Each player's estimated chance of winning the game from `position`
/// (indexed by player; 0 for players out of the game or not in it, the
/// rest summing to 1); `None` when the rule set has no model. No
/// allocation: cheap enough for the leaves of a search.
///
/// ```
/// use dice_of_doom::ai::learned::win_chances;
/// use dice_of_doom::game::{Map, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
/// let start = Position::start(&rules, "a-5 a-5 / a-5 b-1".parse().unwrap(), Player::A).unwrap();
/// let p = win_chances(&rules, &start).unwrap();
/// assert!(p[0] > p[1]);
/// assert!((p[0] + p[1] - 1.0).abs() < 1e-5);
/// assert_eq!(win_chances(&Rules::classic(2, 2, 3).unwrap(), &start), None);
/// ```
pub fn win_chances(rules: &Rules, position: &Position) -> Option<[f32; MAX_PLAYERS as usize]> {
    let net = model(rules.set())?;
    Some(net.chances(&features(rules, position)))
}

#[cfg(test)]
#[path = "learned_tests.rs"]
mod tests;
