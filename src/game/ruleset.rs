//! The rule sets: what differs between them, as data ([`Policy`]) that the
//! one move generator in `rules.rs` consults, and everything else each says
//! (its [`Spec`]: defaults, deal, summary, rules in short), each in its own
//! file under `rules/`.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use super::{
    MAX_PLAYERS, MAX_RANDOM_TERRITORIES, MAX_SIDE, MIN_DICE_LIMIT, MIN_PLAYERS,
    MIN_RANDOM_TERRITORIES, MIN_SIDE, Map, MapError, MapGenError, MapKind, MapShape,
};

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
    /// One sweep as [`Placement::Sweep`], but over the board as Realm of
    /// Racket keeps it, a list its `distribute` rebuilds backwards: each
    /// pass sweeps the list in its current order and leaves it reversed. So
    /// every other turn the sweep runs from the highest cell index down, and
    /// so does the listing of the attacks by source cell (the menu order),
    /// which decides the book's AI among equally rated moves. The order the
    /// list is in is part of the position ([`Position::is_reversed`](super::Position::is_reversed)).
    ReversingSweep,
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

/// The territories of a random map when none are asked for, under a rule
/// set that does not grow the original Dice Wars' map
/// ([`RuleSet::map_shape`]).
pub const DEFAULT_TERRITORIES: usize = 20;

/// What a rule set's games may be asked for: the range of each number a
/// new game names, wherever it is asked (the command line, the new-game
/// screen, a server's lobby).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranges {
    /// The sides of a random board of hexagons.
    pub side: RangeInclusive<u8>,
    /// The number of players.
    pub players: RangeInclusive<u8>,
    /// The dice limits.
    pub max_dice: RangeInclusive<u8>,
    /// The territories of a random map.
    pub territories: RangeInclusive<usize>,
}

/// How a rule set deals the start of a game it draws at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deal {
    /// A random board: each cell's owner and dice drawn, again until the
    /// first player can attack ([`random_board`](super::random_board)).
    Board,
    /// Realm of Racket's board: cell `n` owned by player `n mod players`
    /// (`a` first), each with random dice, drawn again until the first
    /// player can attack ([`alternating_board`](super::alternating_board)).
    Alternating,
    /// Dice Wars' deal: the cells shared out evenly and every player's dice
    /// made up to the same total
    /// ([`deal_territories`](super::deal_territories)).
    Territories,
}

/// Everything one rule set says, kept in its own file under `game/rules/`:
/// the data the engine, the analysis and every front-end ask of it.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The name the `--rules` option and records take.
    pub name: &'static str,
    /// The game and rule set as a help page titles its rules
    /// (`Dice of Doom (lol4)`).
    pub title: &'static str,
    /// What it is, in one line (the help of `--rules`).
    pub summary: &'static str,
    /// Its rules in short, one paragraph each, as the help pages show them.
    pub in_short: [&'static str; 4],
    /// What it says, as data the move generator consults.
    pub policy: Policy,
    /// What it plays with unless told otherwise.
    pub defaults: Defaults,
    /// How it deals a random start.
    pub deal: Deal,
    /// The kind of map it plays a board of hexagons as: the rhombus, or
    /// Realm of Racket's offset rows.
    pub hexagons: MapKind,
    /// Whether `stats` can solve its games exactly.
    pub solvable: bool,
}

/// A sure attack, as the rules in short say it.
pub(super) const SURE_ATTACK: &str = "- Attack from a cell of yours into a neighbouring enemy \
     cell with fewer dice: the attack always wins.";
/// What a sure attack moves.
pub(super) const SURE_TAKE: &str = "- All but one of your dice move into the cell you take; \
     its dice count as captured.";
/// The end of the game under the classic rules and Realm of Racket's.
pub(super) const CANNOT_ATTACK: &str = "- The game ends when the player to move cannot \
     attack. Most cells wins; equal counts tie.";

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
        self.spec().name
    }

    /// What the rule set says.
    pub const fn policy(self) -> Policy {
        self.spec().policy
    }

    /// The players, dice limit and board the rule set brings.
    pub const fn defaults(self) -> Defaults {
        self.spec().defaults
    }

    /// What the rule set is, in one line.
    pub const fn summary(self) -> &'static str {
        self.spec().summary
    }

    /// Whether `stats` can solve its games exactly.
    pub const fn solvable(self) -> bool {
        self.spec().solvable
    }

    /// The range of each number a new game of this rule set names: its
    /// board's side, its players, its dice limit (up to
    /// [`Defaults::max_dice_limit`]) and a random map's territories.
    ///
    /// ```
    /// use dice_of_doom::game::RuleSet;
    /// let ranges = RuleSet::Lol4.ranges();
    /// assert_eq!((ranges.side, ranges.players), (2..=10, 2..=8));
    /// assert_eq!(ranges.territories, 2..=40);
    /// ```
    pub fn ranges(self) -> Ranges {
        Ranges {
            side: MIN_SIDE..=MAX_SIDE,
            players: MIN_PLAYERS..=MAX_PLAYERS,
            max_dice: MIN_DICE_LIMIT..=self.defaults().max_dice_limit,
            territories: MIN_RANDOM_TERRITORIES..=MAX_RANDOM_TERRITORIES,
        }
    }

    /// The shape of the random map this rule set grows when asked for one
    /// of `territories` on a grid of `grid` (width and height), each its
    /// own where not given: a rule set that deals territories
    /// ([`Deal::Territories`]) grows the original Dice Wars' map
    /// ([`MapShape::original`]) unless either is given, the others a map of
    /// [`DEFAULT_TERRITORIES`].
    ///
    /// ```
    /// use dice_of_doom::game::{MapShape, RuleSet};
    /// assert_eq!(RuleSet::Dicewars.map_shape(None, None), Ok(MapShape::original()));
    /// assert_eq!(RuleSet::Classic.map_shape(None, None).unwrap().territories(), 20);
    /// assert_eq!(RuleSet::Dicewars.map_shape(Some(12), None).unwrap().territories(), 12);
    /// assert!(RuleSet::Classic.map_shape(Some(41), None).is_err());
    /// ```
    pub fn map_shape(
        self,
        territories: Option<usize>,
        grid: Option<(usize, usize)>,
    ) -> Result<MapShape, MapGenError> {
        if self.spec().deal == Deal::Territories && territories.is_none() && grid.is_none() {
            return Ok(MapShape::original());
        }
        let shape = MapShape::new(territories.unwrap_or(DEFAULT_TERRITORIES))?;
        match grid {
            Some((width, height)) => shape.with_grid(width, height),
            None => Ok(shape),
        }
    }

    /// The map this rule set plays in place of `map`: Realm of Racket's
    /// offset rows for a rhombus of hexagons, otherwise `map` itself.
    ///
    /// ```
    /// use dice_of_doom::game::{Map, MapKind, RuleSet};
    /// let rhombus = Map::rhombus(3).unwrap();
    /// assert_eq!(RuleSet::Racket.map_for(&rhombus).unwrap().kind(), MapKind::Offset);
    /// assert_eq!(RuleSet::Lol4.map_for(&rhombus).unwrap(), rhombus);
    /// ```
    pub fn map_for(self, map: &Map) -> Result<Map, MapError> {
        match (self.spec().hexagons, map.kind()) {
            (MapKind::Offset, MapKind::Rhombus) => Map::offset(map.rows()),
            _ => Ok(map.clone()),
        }
    }

    /// The values of the default of each of `sets`, `classic 2, lol4 4,
    /// ...`, as the help of an option lists them.
    ///
    /// ```
    /// use dice_of_doom::game::RuleSet;
    /// let players = RuleSet::each_default(&RuleSet::ALL, |d| d.players.to_string());
    /// assert_eq!(players, "classic 2, lol4 4, racket 2, dicewars 7");
    /// ```
    pub fn each_default(sets: &[RuleSet], value: impl Fn(Defaults) -> String) -> String {
        sets.iter()
            .map(|set| format!("{set} {}", value(set.defaults())))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no rule set is called `{0}`: use {names}", names = names())]
pub struct ParseRuleSetError(pub String);

/// The rule sets' names, `classic, lol4, racket or dicewars`.
fn names() -> String {
    let names: Vec<&str> = RuleSet::ALL.iter().map(|set| set.name()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

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
    fn each_rule_set_says_everything_of_itself() {
        for set in RuleSet::ALL {
            let spec = set.spec();
            assert_eq!(spec.name, set.to_string());
            assert!(spec.title.contains(spec.name) || set == RuleSet::default());
            assert!(!spec.summary.is_empty() && spec.in_short.iter().all(|s| s.starts_with("- ")));
            // A rule set that brings no board plays a random map, which
            // only a deal of territories shares out evenly.
            if spec.defaults.side.is_none() {
                assert_eq!(spec.deal, Deal::Territories, "{set}");
            }
        }
        let racket = RuleSet::Racket.map_for(&Map::rhombus(4).unwrap()).unwrap();
        assert_eq!((racket.kind(), racket.rows()), (MapKind::Offset, 4));
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
