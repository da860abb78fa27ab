//! The classic rules: positions, moves, attacks, reinforcement and winners.

use std::fmt;
use std::str::FromStr;

use crate::text::count;

use super::{
    Board, Cell, MAX_DICE_LIMIT, MAX_PLAYERS, MIN_DICE_LIMIT, MIN_PLAYERS, Map, MapError, Player,
    PlayerSet,
};

/// What a game is played with: the map, the number of players and the most
/// dice a cell may hold.
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
}

impl Rules {
    /// Land of Lisp's first rules on a map, for `players` players with at
    /// most `max_dice` dice a cell.
    pub fn new(map: Map, players: usize, max_dice: usize) -> Result<Rules, RulesError> {
        if !(usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS)).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if !(usize::from(MIN_DICE_LIMIT)..=usize::from(MAX_DICE_LIMIT)).contains(&max_dice) {
            return Err(RulesError::MaxDice(max_dice));
        }
        Ok(Rules {
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

    /// The same rules on another map.
    pub fn on_map(&self, map: Map) -> Rules {
        Rules {
            map,
            ..self.clone()
        }
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

/// Why a board or position does not fit the rules.
///
/// Errors about one cell say which ([`PositionError::cell`]); the messages
/// leave it out, so that a board read from text can point at where the cell
/// was written instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The board has another number of cells than the map.
    #[error("the board has {}, but the map has {map}", count(*board, "cell", "cells"))]
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

/// A move: attack a neighbouring cell, or end the turn.
///
/// ```
/// use dice_of_doom::game::Move;
/// let attack = Move::Attack { from: 3, to: 7 };
/// assert_eq!(attack.to_string(), "3 -> 7");
/// assert_eq!("3 -> 7".parse::<Move>(), Ok(attack));
/// assert_eq!("end turn".parse::<Move>(), Ok(Move::Pass));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// End the turn and take the reinforcements.
    Pass,
    /// Attack cell `to` from cell `from`.
    Attack {
        /// The attacking cell.
        from: u8,
        /// The attacked cell.
        to: u8,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("end turn"),
            Move::Attack { from, to } => write!(f, "{from} -> {to}"),
        }
    }
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move: expected `end turn` or `FROM -> TO` (such as `3 -> 7`)")]
pub struct ParseMoveError;

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        if s == "end turn" {
            return Ok(Move::Pass);
        }
        let (from, to) = s.split_once("->").ok_or(ParseMoveError)?;
        let cell = |t: &str| t.trim().parse::<u8>().map_err(|_| ParseMoveError);
        Ok(Move::Attack {
            from: cell(from)?,
            to: cell(to)?,
        })
    }
}

/// A move that is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not a legal move here")]
pub struct IllegalMove {
    /// The move tried.
    pub mv: Move,
}

/// A node of the game: the board, the player to move, the dice she has
/// captured this turn, and whether her turn has yet to see a move.
///
/// ```
/// use dice_of_doom::game::{Move, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let board = "b-2 b-2\na-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// assert_eq!(start.moves(&rules), [Move::Attack { from: 2, to: 3 }]);
/// let next = start.play(&rules, Move::Attack { from: 2, to: 3 }).unwrap();
/// assert_eq!((next.captured(), next.is_first_move()), (1, false));
/// assert_eq!(next.moves(&rules), [Move::Pass]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    player: Player,
    captured: u16,
    first_move: bool,
}

impl Position {
    /// The start of `player`'s turn on `board`, checked against the rules.
    pub fn start(rules: &Rules, board: Board, player: Player) -> Result<Position, PositionError> {
        if player.index() >= rules.players() {
            return Err(PositionError::Player {
                player,
                players: rules.players(),
            });
        }
        rules.check_board(&board)?;
        Ok(Position::from_parts(board, player, 0, true))
    }

    /// A position from its parts, unchecked: callers keep it within the rules.
    pub(crate) const fn from_parts(
        board: Board,
        player: Player,
        captured: u16,
        first_move: bool,
    ) -> Position {
        Position {
            board,
            player,
            captured,
            first_move,
        }
    }

    /// The board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move.
    pub const fn player(&self) -> Player {
        self.player
    }

    /// The dice captured so far this turn.
    pub const fn captured(&self) -> u16 {
        self.captured
    }

    /// Whether no move has been made yet this turn (so passing is not allowed).
    pub const fn is_first_move(&self) -> bool {
        self.first_move
    }

    /// The legal moves, in menu order: `end turn` first when allowed, then the
    /// attacks by source cell and, for each source, in neighbour order.
    pub fn moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::new();
        self.moves_into(rules, &mut moves);
        moves
    }

    /// Like [`Position::moves`], into a buffer that is cleared first.
    pub fn moves_into(&self, rules: &Rules, moves: &mut Vec<Move>) {
        moves_on(&self.board, self.turn(), rules, moves);
    }

    /// The player to move, the dice captured and the first-move flag.
    pub(crate) const fn turn(&self) -> Turn {
        Turn {
            player: self.player,
            captured: self.captured,
            first_move: self.first_move,
        }
    }

    /// Whether the player to move can attack.
    pub fn can_attack(&self, rules: &Rules) -> bool {
        !for_each_attack(&self.board, rules.map(), self.player, |_, _| false)
    }

    /// Whether the game is over: the player to move cannot start her turn.
    pub fn is_game_over(&self, rules: &Rules) -> bool {
        self.first_move && !self.can_attack(rules)
    }

    /// The position after a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not among [`Position::moves`].
    pub fn play(&self, rules: &Rules, mv: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(rules, mv) {
            Ok(self.after(rules, mv))
        } else {
            Err(IllegalMove { mv })
        }
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, rules: &Rules, mv: Move) -> bool {
        match mv {
            Move::Pass => !self.first_move,
            Move::Attack { from, to } => {
                let (from, to) = (from as usize, to as usize);
                from < self.board.len() && rules.map().neighbours(from).contains(&(to as u8)) && {
                    let (source, target) = (self.board.cell(from), self.board.cell(to));
                    source.owner() == self.player
                        && target.owner() != self.player
                        && target.dice() < source.dice()
                }
            }
        }
    }

    /// The position after a move already known to be legal.
    pub(crate) fn after(&self, rules: &Rules, mv: Move) -> Position {
        debug_assert!(self.is_legal(rules, mv), "{mv} in {self:?}");
        let mut board = self.board;
        let turn = play_on(&mut board, self.turn(), rules, mv);
        Position::from_parts(board, turn.player, turn.captured, turn.first_move)
    }

    /// The dice that ending the turn now would actually add to the board.
    pub fn reinforcements(&self, rules: &Rules) -> u16 {
        let mut board = self.board;
        reinforce(
            &mut board,
            self.player,
            self.captured.saturating_sub(1),
            rules.max_dice(),
        )
    }

    /// The players who own the most cells: the winners if the game ends here.
    pub fn winners(&self) -> PlayerSet {
        winners(&self.board)
    }
}

/// Read access to the cells of a board, however they are stored: the rules
/// below are written once against it and run both on [`Board`] values and on
/// packed positions (see `table.rs`).
pub(crate) trait Cells {
    /// The number of cells.
    fn count(&self) -> usize;
    /// The cell at an index below `count()`.
    fn get(&self, index: usize) -> Cell;
}

/// Write access to the cells of a board.
pub(crate) trait CellsMut: Cells {
    /// Replaces the cell at an index below `count()`.
    fn put(&mut self, index: usize, cell: Cell);
}

impl Cells for Board {
    #[inline]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn get(&self, index: usize) -> Cell {
        self.cell(index)
    }
}

impl Cells for [Cell] {
    #[inline]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn get(&self, index: usize) -> Cell {
        self[index]
    }
}

impl CellsMut for Board {
    #[inline]
    fn put(&mut self, index: usize, cell: Cell) {
        self.set(index, cell);
    }
}

/// The part of a position that is not the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    /// The player to move.
    pub player: Player,
    /// The dice captured so far this turn.
    pub captured: u16,
    /// Whether no move has been made yet this turn.
    pub first_move: bool,
}

/// Calls `f(from, to)` for each legal attack of `player` in menu order while
/// it returns true; returns false if `f` stopped it.
#[inline]
pub(crate) fn for_each_attack<C: Cells + ?Sized>(
    cells: &C,
    map: &Map,
    player: Player,
    mut f: impl FnMut(usize, usize) -> bool,
) -> bool {
    for from in 0..cells.count() {
        let cell = cells.get(from);
        if cell.owner() != player || cell.dice() < 2 {
            continue;
        }
        for &to in map.neighbours(from) {
            let target = cells.get(to as usize);
            if target.owner() != player && target.dice() < cell.dice() && !f(from, to as usize) {
                return false;
            }
        }
    }
    true
}

/// The legal moves on `cells` for `turn`, in menu order, into `moves` (which
/// is cleared first).
#[inline]
pub(crate) fn moves_on<C: Cells + ?Sized>(
    cells: &C,
    turn: Turn,
    rules: &Rules,
    moves: &mut Vec<Move>,
) {
    moves.clear();
    if !turn.first_move {
        moves.push(Move::Pass);
    }
    for_each_attack(cells, rules.map(), turn.player, |from, to| {
        moves.push(Move::Attack {
            from: from as u8,
            to: to as u8,
        });
        true
    });
}

/// Plays a legal move on `cells`, returning the turn after it.
#[inline]
pub(crate) fn play_on<C: CellsMut + ?Sized>(
    cells: &mut C,
    turn: Turn,
    rules: &Rules,
    mv: Move,
) -> Turn {
    match mv {
        Move::Attack { from, to } => {
            let source = cells.get(from as usize);
            let target = cells.get(to as usize);
            cells.put(from as usize, Cell::new(turn.player, 1));
            cells.put(to as usize, Cell::new(turn.player, source.dice() - 1));
            Turn {
                player: turn.player,
                captured: turn.captured + u16::from(target.dice()),
                first_move: false,
            }
        }
        Move::Pass => {
            let dice = turn.captured.saturating_sub(1);
            reinforce_on(cells, turn.player, dice, rules.max_dice());
            Turn {
                player: turn.player.next(rules.players()),
                captured: 0,
                first_move: true,
            }
        }
    }
}

#[inline]
fn reinforce_on<C: CellsMut + ?Sized>(
    cells: &mut C,
    player: Player,
    dice: u16,
    max_dice: u8,
) -> u16 {
    let mut placed = 0;
    for index in 0..cells.count() {
        if placed == dice {
            break;
        }
        let cell = cells.get(index);
        if cell.owner() == player && cell.dice() < max_dice {
            cells.put(index, Cell::new(player, cell.dice() + 1));
            placed += 1;
        }
    }
    placed
}

/// The players who own the most cells.
#[inline]
pub(crate) fn winners_on<C: Cells + ?Sized>(cells: &C) -> PlayerSet {
    let mut counts = [0u8; MAX_PLAYERS as usize];
    for index in 0..cells.count() {
        counts[cells.get(index).owner().index() as usize] += 1;
    }
    let best = counts.iter().copied().max().unwrap_or(0);
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count == best && count > 0)
        .filter_map(|(i, _)| Player::new(i as u8))
        .collect()
}

/// Gives `player` up to `dice` dice, one per cell she owns in index order,
/// skipping cells that already hold `max_dice`; the rest are lost. Returns how
/// many dice were placed.
///
/// ```
/// use dice_of_doom::game::{reinforce, Board, Player};
/// let mut board: Board = "a-1 b-1\na-3 a-2".parse().unwrap();
/// assert_eq!(reinforce(&mut board, Player::A, 5, 3), 2);
/// assert_eq!(board, "a-2 b-1\na-3 a-3".parse().unwrap());
/// ```
pub fn reinforce(board: &mut Board, player: Player, dice: u16, max_dice: u8) -> u16 {
    reinforce_on(board, player, dice, max_dice)
}

/// The players who own the most cells of a board.
pub fn winners(board: &Board) -> PlayerSet {
    winners_on(board)
}

#[cfg(test)]
mod tests {
    use super::*;

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
