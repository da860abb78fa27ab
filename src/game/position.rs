//! The position, the value type the rules move along: a board, the player
//! to move, the dice she captured this turn, the spare dice (pool, stocks,
//! the guard's count); moves and their text; and what can go wrong with them.
//! The rules it follows are written once in `rules/cells.rs`.

use std::fmt;
use std::str::FromStr;

use super::rules::{
    Count, Dealer, NoChance, PositionError, Turn, attack_on, for_each_attack, moves_on, owners_on,
    pass_on, winners,
};
use super::ruleset::{Attack, Ending, Supply};
use super::{Board, MAX_PLAYERS, Player, PlayerSet, Rules};

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
    spare: Spare,
}

/// What a position holds besides the board and the turn: the dice off the
/// board (Realm of Racket's shared pool, each Dice Wars player's stock) and
/// the count of the guard against endless games. Always empty under the
/// classic rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spare {
    pub(super) pool: u8,
    pub(super) stock: [u8; MAX_PLAYERS as usize],
    pub(super) quiet: u8,
    /// Whether the board list runs from the highest cell index down (Realm
    /// of Racket's, which every pass reverses: see
    /// [`Placement::ReversingSweep`](super::Placement::ReversingSweep)).
    pub(super) reversed: bool,
}

impl Spare {
    /// What a game of these rules starts with: a full shared pool, empty
    /// stocks.
    fn start(rules: &Rules) -> Spare {
        Spare {
            pool: match rules.policy().supply {
                Supply::SharedPool(dice) => dice,
                _ => 0,
            },
            ..Spare::default()
        }
    }
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
        let mut start = Position::from_parts(board, player, 0, true);
        start.spare = Spare::start(rules);
        Ok(start)
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
            spare: Spare {
                pool: 0,
                stock: [0; MAX_PLAYERS as usize],
                quiet: 0,
                reversed: false,
            },
        }
    }

    /// The dice left in the shared pool (Realm of Racket; 0 under rule sets
    /// without one).
    pub const fn pool(&self) -> u8 {
        self.spare.pool
    }

    /// A player's stock of dice waiting to be placed (Dice Wars; 0 under
    /// rule sets without stocks).
    pub const fn stock(&self, player: Player) -> u8 {
        self.spare.stock[player.index() as usize % MAX_PLAYERS as usize]
    }

    /// The turns in a row that ended without a cell changing owner (the
    /// guard's count; 0 under rule sets without the guard).
    pub const fn quiet_turns(&self) -> u8 {
        self.spare.quiet
    }

    /// Whether the board list is reversed: under Realm of Racket's rules
    /// ([`Placement::ReversingSweep`](super::Placement::ReversingSweep))
    /// after an odd number of passes, when the attacks are listed by
    /// source cell from the highest index down and the next sweep starts
    /// there. Always false under the other rule sets.
    pub const fn is_reversed(&self) -> bool {
        self.spare.reversed
    }

    /// The same position with the board list in reverse order (or not).
    pub fn with_reversed(mut self, reversed: bool) -> Position {
        self.spare.reversed = reversed;
        self
    }

    /// The same position with the shared pool replaced.
    pub fn with_pool(mut self, pool: u8) -> Position {
        self.spare.pool = pool;
        self
    }

    /// The same position with a player's stock replaced.
    pub fn with_stock(mut self, player: Player, stock: u8) -> Position {
        self.spare.stock[player.index() as usize % MAX_PLAYERS as usize] = stock;
        self
    }

    /// The players holding at least one cell: those still in the game.
    pub fn players_in(&self) -> PlayerSet {
        owners_on(&self.board)
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
    /// attacks by source cell and, for each source, in neighbour order; by
    /// source cell from the highest index down when the board list is
    /// reversed ([`Position::is_reversed`]).
    pub fn moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::new();
        self.moves_into(rules, &mut moves);
        moves
    }

    /// Like [`Position::moves`], into a buffer that is cleared first.
    pub fn moves_into(&self, rules: &Rules, moves: &mut Vec<Move>) {
        let policy = rules.policy();
        if (policy.ending != Ending::NoAttack || policy.quiet_rounds.is_some())
            && self.is_game_over(rules)
        {
            moves.clear();
            return;
        }
        moves_on::<_, false>(&self.board, self.turn(), rules, moves);
        if self.spare.reversed {
            // The sort is stable: each source keeps its neighbour order.
            let attacks = usize::from(moves.first() == Some(&Move::Pass));
            moves[attacks..].sort_by_key(|mv| match *mv {
                Move::Attack { from, .. } => std::cmp::Reverse(from),
                Move::Pass => std::cmp::Reverse(u8::MAX),
            });
        }
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
        !for_each_attack(&self.board, rules, self.player, |_, _| false)
    }

    /// Whether the game is over: under most rule sets, when the player to
    /// move cannot start her turn with an attack; under Dice Wars, when one
    /// player holds every cell; and under the rule sets with dice, when the
    /// guard against endless games ends it ([`Policy::quiet_rounds`](super::Policy::quiet_rounds)).
    pub fn is_game_over(&self, rules: &Rules) -> bool {
        let policy = rules.policy();
        let over = match policy.ending {
            Ending::NoAttack => self.first_move && !self.can_attack(rules),
            Ending::LastStanding => self.players_in().len() <= 1,
        };
        over || self.is_stalled(rules)
    }

    /// Whether the guard against endless games ends the game here: the
    /// rule set has one, and no cell has changed owner in that many whole
    /// rounds of the players still in the game.
    pub fn is_stalled(&self, rules: &Rules) -> bool {
        rules.policy().quiet_rounds.is_some_and(|rounds| {
            usize::from(self.spare.quiet) >= usize::from(rounds) * self.players_in().len()
        })
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
            Move::Pass => {
                (!self.first_move || !rules.policy().attack_first) && !self.is_game_over(rules)
            }
            Move::Attack { from, to } => {
                let (from, to) = (from as usize, to as usize);
                from < self.board.len()
                    && rules.map().neighbours(from).contains(&(to as u8))
                    && {
                        let (source, target) = (self.board.cell(from), self.board.cell(to));
                        source.owner() == self.player
                            && target.owner() != self.player
                            && source.dice() >= 2
                            && (rules.policy().attack == Attack::FromTwo
                                || target.dice() < source.dice())
                    }
                    && !self.is_stalled(rules)
            }
        }
    }

    /// The position after a move already known to be legal.
    ///
    /// Under a rule set with dice an attack is played as won, and random
    /// placement puts each die on the first cell with room: see
    /// [`Position::play_rolled`] and [`Position::outcomes`] for chance.
    pub(crate) fn after(&self, rules: &Rules, mv: Move) -> Position {
        debug_assert!(self.is_legal(rules, mv), "{mv} in {self:?}");
        self.resolve(rules, mv, true, &mut NoChance)
    }

    /// The position after a legal move, the attack won or lost, random
    /// placements drawn by `dealer`.
    pub(crate) fn resolve<D: Dealer>(
        &self,
        rules: &Rules,
        mv: Move,
        won: bool,
        dealer: &mut D,
    ) -> Position {
        let mut board = self.board;
        let mut spare = self.spare;
        let turn = match mv {
            Move::Attack { from, to } => {
                attack_on(&mut board, self.turn(), from as usize, to as usize, won)
            }
            Move::Pass => {
                pass_on::<_, _, false>(&mut board, self.turn(), &mut spare, rules, dealer)
            }
        };
        let mut next = Position::from_parts(board, turn.player, turn.captured, turn.first_move);
        next.spare = spare;
        next
    }

    /// The dice that ending the turn now would actually add to the board.
    pub fn reinforcements(&self, rules: &Rules) -> u16 {
        let mut count = Count(0);
        let mut board = self.board;
        let mut spare = self.spare;
        pass_on::<_, _, false>(&mut board, self.turn(), &mut spare, rules, &mut count);
        count.0
    }

    /// The players who own the most cells: the winners if the game ends here.
    pub fn winners(&self) -> PlayerSet {
        winners(&self.board)
    }
}
