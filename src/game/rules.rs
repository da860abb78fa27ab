//! The rules, written once: what a game is played with ([`Rules`]: the
//! rule set, the map, the players and the dice limit), checked where it is
//! made. The moves, attacks, reinforcement and winners on any cells are in
//! `rules/cells.rs`, consulting the rule set's [`Policy`] where the rule
//! sets differ; the [`Position`](super::Position) value type that follows
//! them is in `position.rs`.

use super::ruleset::Policy;
use super::{
    Board, MAX_DICE_LIMIT, MAX_PLAYERS, MIN_DICE_LIMIT, MIN_PLAYERS, Map, MapError, Player, RuleSet,
};

/// Why a board or position does not fit the rules.
///
/// Errors about one cell say which ([`PositionError::cell`]); the messages
/// leave it out, so that a board read from text can point at where the cell
/// was written instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The board has another number of cells than the map.
    #[error("the board has {}, but the map has {map}", crate::text::count(*board, "cell", "cells"))]
    CellCount {
        /// The board's cells.
        board: usize,
        /// The map's cells.
        map: usize,
    },
    /// A cell belongs to a player who is not in the game.
    #[error(
        "player `{owner}` is not in this game of {players} players (use a larger player count)"
    )]
    Owner {
        /// The cell.
        index: usize,
        /// Its owner.
        owner: Player,
        /// The players in the game.
        players: u8,
    },
    /// A cell holds no dice.
    #[error("a cell holds at least 1 die")]
    NoDice {
        /// The cell.
        index: usize,
    },
    /// A cell holds more dice than the rules allow.
    #[error(
        "{dice} dice is more than the {max_dice} a cell may hold in this game (use a larger dice limit)"
    )]
    TooManyDice {
        /// The cell.
        index: usize,
        /// Its dice.
        dice: u8,
        /// The most allowed.
        max_dice: u8,
    },
    /// The player to move is not in the game.
    #[error("player {player} is not one of the {players} players (a to {last})", last = Player::last_of(*players))]
    Player {
        /// The player asked for.
        player: Player,
        /// The players in the game.
        players: u8,
    },
}

impl PositionError {
    /// The cell the error is about, if it is about one.
    pub fn cell(&self) -> Option<usize> {
        match *self {
            PositionError::Owner { index, .. }
            | PositionError::NoDice { index }
            | PositionError::TooManyDice { index, .. } => Some(index),
            PositionError::CellCount { .. } | PositionError::Player { .. } => None,
        }
    }
}

/// What a game is played with: the rule set, the map, the number of players
/// and the most dice a cell may hold.
///
/// ```
/// use dice_of_doom::game::{Map, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// assert_eq!(rules, Rules::new(Map::rhombus(3).unwrap(), 2, 3).unwrap());
/// assert_eq!((rules.map().len(), rules.players(), rules.max_dice()), (9, 2, 3));
/// assert!(Rules::classic(3, 9, 3).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    set: RuleSet,
    policy: Policy,
    /// Whether passing is Land of Lisp's first: the captured dice less one
    /// in a sweep, to the next player, with no guard to count (the game
    /// tree's hot path asks this one flag).
    plain_pass: bool,
    map: Map,
    players: u8,
    max_dice: u8,
}

/// Why a set of rules cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The map cannot be made.
    #[error(transparent)]
    Map(#[from] MapError),
    /// The player count is out of range.
    #[error("a game has from {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// The dice limit is out of range.
    #[error(
        "the most dice a cell can hold must be from {MIN_DICE_LIMIT} to {MAX_DICE_LIMIT}, not {0}"
    )]
    MaxDice(usize),
    /// The dice limit is above what the rule set allows.
    #[error("{set} rules allow at most {limit} dice a cell, not {max_dice}")]
    MaxDiceFor {
        /// The rule set.
        set: RuleSet,
        /// Its limit.
        limit: u8,
        /// The dice limit asked for.
        max_dice: usize,
    },
}

impl Rules {
    /// Land of Lisp's first rules on a map, for `players` players with at
    /// most `max_dice` dice a cell.
    pub fn new(map: Map, players: usize, max_dice: usize) -> Result<Rules, RulesError> {
        Rules::of(RuleSet::Classic, map, players, max_dice)
    }

    /// The rules of a rule set on a map, for `players` players with at most
    /// `max_dice` dice a cell (within the rule set's limit).
    ///
    /// ```
    /// use dice_of_doom::game::{Map, RuleSet, Rules};
    /// let lol4 = Rules::of(RuleSet::Lol4, Map::rhombus(5).unwrap(), 4, 5).unwrap();
    /// assert_eq!((lol4.set(), lol4.players()), (RuleSet::Lol4, 4));
    /// assert!(Rules::of(RuleSet::Dicewars, Map::rhombus(5).unwrap(), 7, 9).is_err());
    /// ```
    pub fn of(
        set: RuleSet,
        map: Map,
        players: usize,
        max_dice: usize,
    ) -> Result<Rules, RulesError> {
        let limit = set.defaults().max_dice_limit;
        if max_dice > usize::from(limit) && max_dice <= usize::from(MAX_DICE_LIMIT) {
            return Err(RulesError::MaxDiceFor {
                set,
                limit,
                max_dice,
            });
        }
        if !(usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS)).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if !(usize::from(MIN_DICE_LIMIT)..=usize::from(MAX_DICE_LIMIT)).contains(&max_dice) {
            return Err(RulesError::MaxDice(max_dice));
        }
        Ok(Rules {
            set,
            policy: set.policy(),
            plain_pass: set.policy().plain_pass(),
            map,
            players: players as u8,
            max_dice: max_dice as u8,
        })
    }

    /// Land of Lisp's first rules on its rhombus of hexagons of side `side`
    /// (a shorthand for [`Rules::new`] with [`Map::rhombus`]).
    pub fn classic(side: usize, players: usize, max_dice: usize) -> Result<Rules, RulesError> {
        Rules::new(Map::rhombus(side)?, players, max_dice)
    }

    /// The same players, dice limit and map under another rule set, on the
    /// map it plays in place of this one ([`RuleSet::map_for`]: Realm of
    /// Racket's offset rows for a rhombus).
    pub fn in_set(&self, set: RuleSet) -> Result<Rules, RulesError> {
        Rules::of(
            set,
            set.map_for(&self.map)?,
            usize::from(self.players),
            usize::from(self.max_dice),
        )
    }

    /// Whether these are the plain rules, Land of Lisp's first: sure
    /// attacks, the captures less one to reinforce, no guard (a front-end
    /// shows less of a game played by them).
    pub fn plain(&self) -> bool {
        self.plain_pass
    }

    /// The same rules on another map.
    pub fn on_map(&self, map: Map) -> Rules {
        Rules {
            map,
            ..self.clone()
        }
    }

    /// The rule set.
    pub fn set(&self) -> RuleSet {
        self.set
    }

    /// What the rule set says, as data.
    #[inline]
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The map: the cells, which touch, and where they are drawn.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The most dice a cell may hold.
    pub fn max_dice(&self) -> u8 {
        self.max_dice
    }

    /// Checks that a board can be played under these rules: one cell for
    /// each of the map's, each owned by a player of the game and holding from
    /// 1 to [`Rules::max_dice`] dice.
    pub fn check_board(&self, board: &Board) -> Result<(), PositionError> {
        if board.len() != self.map.len() {
            return Err(PositionError::CellCount {
                board: board.len(),
                map: self.map.len(),
            });
        }
        for (index, cell) in board.cells().iter().enumerate() {
            if cell.owner().index() >= self.players {
                return Err(PositionError::Owner {
                    index,
                    owner: cell.owner(),
                    players: self.players,
                });
            }
            if cell.dice() == 0 {
                return Err(PositionError::NoDice { index });
            }
            if cell.dice() > self.max_dice {
                return Err(PositionError::TooManyDice {
                    index,
                    dice: cell.dice(),
                    max_dice: self.max_dice,
                });
            }
        }
        Ok(())
    }
}

mod cells;
// The rule sets, one file each (see `ruleset.rs`).
pub(super) mod classic;
pub(super) mod dicewars;
pub(super) mod lol4;
pub(super) mod racket;

pub use dicewars::MAX_STOCK;
pub use racket::RACKET_POOL;

use super::ruleset::Spec;

impl RuleSet {
    /// Everything the rule set says (its file under `game/rules/`).
    pub const fn spec(self) -> &'static Spec {
        match self {
            RuleSet::Classic => &classic::SPEC,
            RuleSet::Lol4 => &lol4::SPEC,
            RuleSet::Racket => &racket::SPEC,
            RuleSet::Dicewars => &dicewars::SPEC,
        }
    }
}

pub(crate) use cells::{
    Cells, CellsMut, Dealer, NoChance, Turn, count_moves_on, for_each_attack, most_cells, moves_on,
    play_on, winners_on,
};
pub(super) use cells::{Count, attack_on, owners_on, pass_on};
pub use cells::{largest_group, reinforce, winners};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{IllegalMove, Move, ParseMoveError, Player, PlayerSet, Position};

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn attack(from: u8, to: u8) -> Move {
        Move::Attack { from, to }
    }

    /// The 3x3 board of the menu example in RULES.md, with a to move.
    fn menu_example() -> (Rules, Position) {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = board("b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1");
        let start = Position::start(&rules, board, Player::A).unwrap();
        (rules, start)
    }

    #[test]
    fn attacks_move_dice_and_count_captures() {
        let (rules, start) = menu_example();
        assert_eq!(
            start.moves(&rules),
            [attack(3, 7), attack(5, 8), attack(5, 4)]
        );
        let after = start.play(&rules, attack(5, 4)).unwrap();
        assert_eq!(
            *after.board(),
            board("b-2 a-1 a-1 / a-2 a-2 a-1 / b-3 b-1 b-1")
        );
        assert_eq!(after.captured(), 2);
        assert_eq!(after.player(), Player::A);
        assert!(!after.is_first_move());
        assert_eq!(after.board().total_dice(), start.board().total_dice() - 2);
        // Now passing is allowed and listed first; cell 4 attacks with 2 dice.
        assert_eq!(
            after.moves(&rules),
            [Move::Pass, attack(3, 7), attack(4, 7), attack(4, 8)]
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let (rules, start) = menu_example();
        // Pass on the first move; equal dice; own cell; not neighbours; off the board.
        for mv in [
            Move::Pass,
            attack(3, 4),
            attack(5, 2),
            attack(3, 8),
            attack(3, 99),
            attack(99, 3),
        ] {
            assert_eq!(start.play(&rules, mv), Err(IllegalMove { mv }), "{mv}");
        }
    }

    #[test]
    fn reinforcement_places_one_die_per_cell_in_order() {
        // (board, dice given, max dice, board after, dice placed)
        let cases = [
            ("a-1 a-1 / a-1 b-1", 2, 3, "a-2 a-2 / a-1 b-1", 2),
            ("a-1 a-1 / a-1 b-1", 5, 3, "a-2 a-2 / a-2 b-1", 3),
            ("a-3 b-1 / a-1 a-3", 4, 3, "a-3 b-1 / a-2 a-3", 1),
            ("a-3 b-1 / a-3 a-3", 4, 3, "a-3 b-1 / a-3 a-3", 0),
            ("a-1 b-1 / a-1 a-1", 0, 3, "a-1 b-1 / a-1 a-1", 0),
            ("a-4 a-1 / b-1 a-5", 9, 5, "a-5 a-2 / b-1 a-5", 2),
        ];
        for (before, dice, max, after, placed) in cases {
            let mut b = board(before);
            assert_eq!(reinforce(&mut b, Player::A, dice, max), placed, "{before}");
            assert_eq!(b, board(after), "{before} + {dice}");
        }
    }

    #[test]
    fn passing_reinforces_and_hands_over() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let position = Position::from_parts(board("a-1 a-1 / b-1 a-3"), Player::A, 3, false);
        let next = position.play(&rules, Move::Pass).unwrap();
        assert_eq!(*next.board(), board("a-2 a-2 / b-1 a-3"));
        assert_eq!(
            (next.player(), next.captured(), next.is_first_move()),
            (Player::B, 0, true)
        );
        assert_eq!(position.reinforcements(&rules), 2);
    }

    #[test]
    fn winners_and_ties() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        let cases = [
            ("a-1 a-1 / a-1 b-1", "a"),
            ("a-1 b-1 / b-1 b-1", "b"),
            ("a-1 b-1 / b-1 a-1", "ab"),
            ("a-1 b-1 c-1 / c-1 a-1 b-1 / c-3 a-2 b-1", "abc"),
            ("a-1 b-1 c-1 / c-1 a-1 b-1 / c-3 a-2 a-1", "a"),
            ("c-1 c-1 / b-1 b-1", "bc"),
        ];
        for (b, expected) in cases {
            assert_eq!(winners(&board(b)), set(expected), "{b}");
        }
    }

    #[test]
    fn game_over_only_at_a_turn_start_without_attacks() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let stuck = Position::start(&rules, board("b-2 b-2 / a-2 b-1"), Player::B).unwrap();
        assert!(stuck.is_game_over(&rules));
        assert!(stuck.moves(&rules).is_empty());
        let mid_turn = Position::from_parts(*stuck.board(), Player::B, 1, false);
        assert!(!mid_turn.is_game_over(&rules));
        assert_eq!(mid_turn.moves(&rules), [Move::Pass]);
    }

    #[test]
    fn positions_are_checked_against_the_rules() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let cases = [
            (
                "a-1 c-1 / a-1 b-1",
                Player::A,
                PositionError::Owner {
                    index: 1,
                    owner: Player::new(2).unwrap(),
                    players: 2,
                },
            ),
            (
                "a-1 b-4 / a-1 b-1",
                Player::A,
                PositionError::TooManyDice {
                    index: 1,
                    dice: 4,
                    max_dice: 3,
                },
            ),
            (
                "a-1 b-1 / a-1 b-1",
                Player::new(2).unwrap(),
                PositionError::Player {
                    player: Player::new(2).unwrap(),
                    players: 2,
                },
            ),
            (
                "a-1 b-1 a-1 / a-1 b-1 a-1 / a-1 b-1 a-1",
                Player::A,
                PositionError::CellCount { board: 9, map: 4 },
            ),
        ];
        for (b, player, error) in cases {
            assert_eq!(Position::start(&rules, board(b), player), Err(error), "{b}");
        }
    }

    #[test]
    fn moves_parse_and_print() {
        for (text, mv) in [
            ("end turn", Move::Pass),
            ("3 -> 7", attack(3, 7)),
            (" 10->99 ", attack(10, 99)),
        ] {
            assert_eq!(text.parse::<Move>(), Ok(mv));
        }
        for bad in ["", "3", "3 ->", "-> 7", "a -> b", "300 -> 1", "pass"] {
            assert_eq!(bad.parse::<Move>(), Err(ParseMoveError), "{bad:?}");
        }
    }
}
