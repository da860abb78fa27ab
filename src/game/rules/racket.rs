//! Realm of Racket's rules: sure attacks on offset rows of hexagons, and
//! one pool of reinforcements for the whole game.

use crate::game::MAX_DICE_LIMIT;
use crate::game::MapKind;
use crate::game::ruleset::{
    Attack, Battle, CANNOT_ATTACK, Deal, Defaults, Ending, Placement, Policy, SURE_ATTACK,
    SURE_TAKE, Spec, Supply,
};

/// The dice of Realm of Racket's shared pool.
pub const RACKET_POOL: u8 = 10;

/// The `racket` rule set.
pub(in crate::game) const SPEC: Spec = Spec {
    name: "racket",
    title: "Dice of Doom (racket)",
    summary: "Realm of Racket: sure attacks, offset rows, a shared pool of 10 dice",
    in_short: [
        SURE_ATTACK,
        SURE_TAKE,
        "- Attack at least once, then end your turn: you get one die per cell of \
         yours with room, top-left first, from one pool of 10 dice for the whole \
         game (captures never refill it).",
        CANNOT_ATTACK,
    ],
    policy: Policy {
        attack: Attack::MoreDice,
        battle: Battle::Sure,
        supply: Supply::SharedPool(RACKET_POOL),
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
    hexagons: MapKind::Offset,
    solvable: true,
};
