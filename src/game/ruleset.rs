//! The rule sets: what differs between Land of Lisp's first and last
//! versions, Realm of Racket and Dice Wars, as data ([`Policy`]) that the
//! one move generator in `rules.rs` consults.

use std::fmt;
use std::str::FromStr;

/// A rule set: one of the games the project plays.
///
/// ```
/// use dice_of_doom::game::{Attack, Battle, RuleSet, Supply};
/// let lol4: RuleSet = "lol4".parse().unwrap();
/// assert_eq!(lol4.to_string(), "lol4");
/// let policy = lol4.policy();
/// assert_eq!((policy.attack, policy.battle), (Attack::FromTwo, Battle::Dice));
/// assert_eq!(policy.supply, Supply::LargestGroup);
/// assert_eq!(RuleSet::default(), RuleSet::Classic);
/// assert!("chess".parse::<RuleSet>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleSet {
    /// Land of Lisp's first version: every attack with more dice wins.
    #[default]
    Classic,
    /// Land of Lisp's last version: dice rolled, 4 players, largest group
    /// reinforces.
    Lol4,
    /// Realm of Racket: sure attacks, offset rows, a shared pool of 10 dice.
    Racket,
    /// Dice Wars: dice rolled, up to 8 players on a map of territories, a
    /// stock of dice placed at random.
    Dicewars,
}

/// Who may attack whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attack {
    /// A cell attacks a neighbouring enemy cell holding fewer dice.
    MoreDice,
    /// A cell holding at least 2 dice attacks any neighbouring enemy cell.
    FromTwo,
}

/// How a battle resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Battle {
    /// The attack always wins.
    Sure,
    /// Each side rolls a die per die it holds; the attacker wins on a
    /// strictly greater sum (see [`BattleOdds`](super::BattleOdds)).
    Dice,
}

/// Where the dice of reinforcement come from, and what becomes of those
/// that find no room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Supply {
    /// The dice captured this turn less one; those that find no room are lost.
    CapturedLessOne,
    /// The size of the player's largest connected group of cells; those
    /// that find no room are lost.
    LargestGroup,
    /// One pool shared by all players for the whole game, holding this many
    /// dice at the start; captures never refill it.
    SharedPool(u8),
    /// Each player's own stock: the size of her largest connected group is
    /// added, up to this cap; what cannot be placed stays for later turns.
    Stock(u8),
}

/// How reinforcement dice are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// One sweep over the player's cells in index order, one die each to
    /// those below the dice limit.
    Sweep,
    /// One die at a time, each on one of the player's cells below the limit
    /// drawn at random, until the dice or the room run out.
    Random,
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// When the player to move cannot make the first attack of her turn.
    NoAttack,
    /// When one player holds every cell; players who hold none are out and
    /// skipped.
    LastStanding,
}

/// What a rule set says, as data the move generator consults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    /// Who may attack whom.
    pub attack: Attack,
    /// How a battle resolves.
    pub battle: Battle,
    /// Where reinforcement comes from.
    pub supply: Supply,
    /// How it is placed.
    pub placement: Placement,
    /// Whether a turn's first move must be an attack.
    pub attack_first: bool,
    /// When the game ends.
    pub ending: Ending,
    /// The guard against endless games: the game ends after this many whole
    /// rounds (a turn of each player still in the game) in a row in which no
    /// cell changed owner; the players owning the most cells share it.
    /// `None` for rule sets whose games always end (every turn captures).
    pub quiet_rounds: Option<u8>,
}

impl Policy {
    /// Whether a pass does nothing but Land of Lisp's first reinforcement:
    /// the captured dice less one in one sweep, then the next player, with
    /// no stock and no guard. [`Policy::supply`] and the other fields say
    /// the same; this is the one flag the game tree's hot path reads.
    pub const fn plain_pass(&self) -> bool {
        matches!(self.supply, Supply::CapturedLessOne)
            && matches!(self.placement, Placement::Sweep)
            && matches!(self.ending, Ending::NoAttack)
            && self.quiet_rounds.is_none()
    }
}

/// The whole rounds without a capture after which a chance game ends.
pub const QUIET_ROUNDS: u8 = 8;

/// The most dice a Dice Wars stock holds.
pub const MAX_STOCK: u8 = 64;

/// The dice of Realm of Racket's shared pool.
pub const RACKET_POOL: u8 = 10;

/// What a rule set plays with unless told otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// The number of players.
    pub players: u8,
    /// The most dice a cell may hold.
    pub max_dice: u8,
    /// The side of the board; `None` for a random map of territories.
    pub side: Option<u8>,
    /// The largest dice limit the rule set allows.
    pub max_dice_limit: u8,
}

impl RuleSet {
    /// Every rule set, in the order they are listed.
    pub const ALL: [RuleSet; 4] = [
        RuleSet::Classic,
        RuleSet::Lol4,
        RuleSet::Racket,
        RuleSet::Dicewars,
    ];

    /// The name the `--rules` option takes.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Classic => "classic",
            RuleSet::Lol4 => "lol4",
            RuleSet::Racket => "racket",
            RuleSet::Dicewars => "dicewars",
        }
    }

    /// What the rule set says.
    pub const fn policy(self) -> Policy {
        match self {
            RuleSet::Classic => Policy {
                attack: Attack::MoreDice,
                battle: Battle::Sure,
                supply: Supply::CapturedLessOne,
                placement: Placement::Sweep,
                attack_first: true,
                ending: Ending::NoAttack,
                quiet_rounds: None,
            },
            RuleSet::Lol4 => Policy {
                attack: Attack::FromTwo,
                battle: Battle::Dice,
                supply: Supply::LargestGroup,
                placement: Placement::Sweep,
                attack_first: true,
                ending: Ending::NoAttack,
                quiet_rounds: Some(QUIET_ROUNDS),
            },
            RuleSet::Racket => Policy {
                attack: Attack::MoreDice,
                battle: Battle::Sure,
                supply: Supply::SharedPool(RACKET_POOL),
                placement: Placement::Sweep,
                attack_first: true,
                ending: Ending::NoAttack,
                quiet_rounds: None,
            },
            RuleSet::Dicewars => Policy {
                attack: Attack::FromTwo,
                battle: Battle::Dice,
                supply: Supply::Stock(MAX_STOCK),
                placement: Placement::Random,
                attack_first: false,
                ending: Ending::LastStanding,
                quiet_rounds: Some(QUIET_ROUNDS),
            },
        }
    }

    /// The players, dice limit and board the rule set brings.
    pub const fn defaults(self) -> Defaults {
        match self {
            RuleSet::Classic => Defaults {
                players: 2,
                max_dice: 3,
                side: Some(3),
                max_dice_limit: super::MAX_DICE_LIMIT,
            },
            RuleSet::Lol4 => Defaults {
                players: 4,
                max_dice: 5,
                side: Some(5),
                max_dice_limit: 8,
            },
            RuleSet::Racket => Defaults {
                players: 2,
                max_dice: 3,
                side: Some(3),
                max_dice_limit: super::MAX_DICE_LIMIT,
            },
            RuleSet::Dicewars => Defaults {
                players: 7,
                max_dice: 8,
                side: None,
                max_dice_limit: 8,
            },
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no rule set is called `{0}`: use classic, lol4, racket or dicewars")]
pub struct ParseRuleSetError(pub String);

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        RuleSet::ALL
            .into_iter()
            .find(|set| set.name() == s)
            .ok_or_else(|| ParseRuleSetError(crate::text::escape_controls(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for set in RuleSet::ALL {
            assert_eq!(set.name().parse(), Ok(set));
        }
        assert_eq!(
            "Lol4".parse::<RuleSet>(),
            Err(ParseRuleSetError("Lol4".into()))
        );
    }

    #[test]
    fn only_the_chance_rule_sets_need_a_guard() {
        for set in RuleSet::ALL {
            let p = set.policy();
            assert_eq!(p.quiet_rounds.is_some(), p.battle == Battle::Dice, "{set}");
            assert!(set.defaults().max_dice <= set.defaults().max_dice_limit);
        }
    }
}
