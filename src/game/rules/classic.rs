//! Land of Lisp's first rules, the game's own: every attack with more dice
//! wins, and a turn's captures, less one, reinforce.

use crate::game::MAX_DICE_LIMIT;
use crate::game::MapKind;
use crate::game::ruleset::{
    Attack, Battle, CANNOT_ATTACK, Deal, Defaults, Ending, Placement, Policy, SURE_ATTACK,
    SURE_TAKE, Spec, Supply,
};

/// The classic rule set.
pub(in crate::game) const SPEC: Spec = Spec {
    name: "classic",
    title: "Dice of Doom",
    summary: "Land of Lisp's first rules: every attack with more dice wins",
    in_short: [
        SURE_ATTACK,
        SURE_TAKE,
        "- Attack at least once, then end your turn: you get one die fewer than you \
         captured, one per cell of yours, top-left first.",
        CANNOT_ATTACK,
    ],
    policy: Policy {
        attack: Attack::MoreDice,
        battle: Battle::Sure,
        supply: Supply::CapturedLessOne,
        placement: Placement::Sweep,
        attack_first: true,
        ending: Ending::NoAttack,
        quiet_rounds: None,
    },
    defaults: Defaults {
        players: 2,
        max_dice: 3,
        side: Some(3),
        max_dice_limit: MAX_DICE_LIMIT,
    },
    deal: Deal::Board,
    hexagons: MapKind::Rhombus,
    solvable: true,
};
