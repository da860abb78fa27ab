//! Dice Wars: dice rolled, up to eight players on a map of territories,
//! each with a stock of dice placed at random.

use crate::game::MapKind;
use crate::game::ruleset::{
    Attack, Battle, Deal, Defaults, Ending, Placement, Policy, QUIET_ROUNDS, Spec, Supply,
};

/// The most dice a Dice Wars stock holds.
pub const MAX_STOCK: u8 = 64;

/// The `dicewars` rule set.
pub(in crate::game) const SPEC: Spec = Spec {
    name: "dicewars",
    title: "Dice Wars (dicewars)",
    summary: "Dice Wars: dice rolled, 7 players on a random map, a stock placed at random",
    in_short: [
        "- Attack from a territory with 2 dice or more into any neighbouring \
         enemy one: both roll their dice, and only a higher sum takes it.",
        "- Taken: all but one of your dice move in. Held: yours keeps 1 die.",
        "- End your turn when you like: your stock grows by your largest connected \
         group (at most 64), placed one die at a time on random territories; what \
         finds no room waits.",
        "- A player with no territory is out. The last one standing wins (or, \
         after 8 rounds with no territory taken, the most territories).",
    ],
    policy: Policy {
        attack: Attack::FromTwo,
        battle: Battle::Dice,
        supply: Supply::Stock(MAX_STOCK),
        placement: Placement::Random,
        attack_first: false,
        ending: Ending::LastStanding,
        quiet_rounds: Some(QUIET_ROUNDS),
    },
    defaults: Defaults {
        players: 7,
        max_dice: 8,
        side: None,
        max_dice_limit: 8,
    },
    deal: Deal::Territories,
    hexagons: MapKind::Rhombus,
    // Its reinforcements are placed at random: outcomes the analysis
    // does not list.
    solvable: false,
};
