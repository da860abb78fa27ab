//! Land of Lisp's last rules: dice rolled, four players, the largest
//! connected group reinforces.

use crate::game::MapKind;
use crate::game::ruleset::{
    Attack, Battle, Deal, Defaults, Ending, Placement, Policy, QUIET_ROUNDS, Spec, Supply,
};

/// The `lol4` rule set.
pub(in crate::game) const SPEC: Spec = Spec {
    name: "lol4",
    title: "Dice of Doom (lol4)",
    summary: "Land of Lisp's last rules: dice rolled, 4 players, 5x5, up to 5 dice, \
              the largest group reinforces",
    in_short: [
        "- Attack from a cell of yours with 2 dice or more into any neighbouring \
         enemy cell: both roll their dice, and only a higher sum takes the cell.",
        "- Taken: all but one of your dice move in. Held: your cell keeps 1 die.",
        "- Attack at least once, then end your turn: you get as many dice as your \
         largest connected group has cells, one per cell of yours, top-left first.",
        "- The game ends when the player to move cannot attack, or after 8 whole \
         rounds in which no cell changed hands. Most cells wins.",
    ],
    policy: Policy {
        attack: Attack::FromTwo,
        battle: Battle::Dice,
        supply: Supply::LargestGroup,
        placement: Placement::Sweep,
        attack_first: true,
        ending: Ending::NoAttack,
        quiet_rounds: Some(QUIET_ROUNDS),
    },
    defaults: Defaults {
        players: 4,
        max_dice: 5,
        side: Some(5),
        max_dice_limit: 8,
    },
    deal: Deal::Board,
    hexagons: MapKind::Rhombus,
    solvable: true,
};
