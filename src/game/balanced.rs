//! The balanced deal, the other way to deal a new game ([`DealChoice`]):
//! the cells and the dice shared out evenly among the players, as Dice
//! Wars deals, placed at random from the seed ([`balanced_board`]).

use rand::{Rng, RngExt};

use super::deal::shuffle;
use super::{
    Board, Cell, GenerateError, MAX_CELLS, MAX_DRAWS, Player, Position, PositionError, Rules,
};

/// How the start of a game drawn at random is dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DealChoice {
    /// The rule set's own deal, as the book deals (a random owner and
    /// random dice on every cell, or Realm of Racket's alternating owners):
    /// one player may hold most of the board.
    #[default]
    Book,
    /// Every player the same number of cells and the same total of dice,
    /// each within one ([`balanced_board`]).
    Balanced,
}

impl DealChoice {
    /// Both, the book's first.
    pub const ALL: [DealChoice; 2] = [DealChoice::Book, DealChoice::Balanced];

    /// Its name on the command line and in a record (`book`, `balanced`).
    pub fn name(self) -> &'static str {
        match self {
            DealChoice::Book => "book",
            DealChoice::Balanced => "balanced",
        }
    }
}

impl std::fmt::Display for DealChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`DealChoice`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown deal '{0}': the deals are book and balanced")]
pub struct ParseDealError(pub String);

impl std::str::FromStr for DealChoice {
    type Err = ParseDealError;

    fn from_str(s: &str) -> Result<DealChoice, ParseDealError> {
        DealChoice::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| ParseDealError(s.to_string()))
    }
}

/// A balanced board for these rules: the cells, in a random order, shared
/// out in turn among the players in a random order, so that each holds as
/// many as the others or one more; each cell gets one die, and then each
/// player's dice are made up to her share of the board's dice (half a
/// cell's room above one die on average, `cells * (max_dice + 1) / 2` in
/// all and from 0 to `players - 1` more, drawn; no more than every player
/// can hold on as few cells as the fewest held);
/// shared out as evenly, the players with a cell more first), one at a
/// time on a random cell of hers below the dice limit. A board on which
/// `first` has no move is drawn again, as the book's are.
///
/// ```
/// use dice_of_doom::game::{balanced_board, Player, Rules};
/// use rand::SeedableRng;
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let board = balanced_board(&rules, Player::A, &mut rng).unwrap();
/// let held = |p| board.owned_by(p).count();
/// let dice = |p| board.owned_by(p).map(|i| u32::from(board.cell(i).dice())).sum::<u32>();
/// assert_eq!(held(Player::A) + held(Player::B), 9);
/// assert!(held(Player::A).abs_diff(held(Player::B)) <= 1);
/// assert!(dice(Player::A).abs_diff(dice(Player::B)) <= 1);
/// ```
pub fn balanced_board<R: Rng + ?Sized>(
    rules: &Rules,
    first: Player,
    rng: &mut R,
) -> Result<Board, GenerateError> {
    super::generate::dealable(rules, first)?;
    for _ in 0..MAX_DRAWS {
        let board = draw(rules, rng)?;
        let start = Position::start(rules, board, first)?;
        if start.can_attack(rules) {
            return Ok(board);
        }
    }
    Err(GenerateError::NoFirstMove(first))
}

/// One balanced board (see [`balanced_board`]).
fn draw<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Result<Board, PositionError> {
    let cells = rules.map().len().min(MAX_CELLS);
    let players = usize::from(rules.players());
    let max = u32::from(rules.max_dice());
    let mut order: Vec<usize> = (0..cells).collect();
    shuffle(&mut order, rng);
    // seats[k]: the player dealt k-th; the first `cells % players` get a
    // cell more, and a die more where the dice do not share out evenly.
    let mut seats: Vec<u8> = (0..players as u8).collect();
    shuffle(&mut seats, rng);
    let mut owner = [0u8; MAX_CELLS];
    for (k, &cell) in order.iter().enumerate() {
        owner[cell] = seats[k % players];
    }
    // A random few more dice than the mean, each draw its own: where the
    // shares come out even, nobody could attack under sure attacks.
    let extra = rng.random_range(0..players as u32);
    // No more than the players with the fewest cells can hold each, so
    // that every share fits.
    let fewest = (cells / players) as u32;
    let total = (cells as u32 * (max + 1) / 2 + extra).min(players as u32 * fewest * max);
    let mut dice = [1u8; MAX_CELLS];
    for (k, &seat) in seats.iter().enumerate() {
        let own: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&c| owner[c] == seat)
            .collect();
        let held = own.len() as u32;
        let share = total / players as u32 + u32::from((k as u32) < total % players as u32);
        let mut more = share.clamp(held, held * max) - held;
        while more > 0 {
            let room: Vec<usize> = own
                .iter()
                .copied()
                .filter(|&c| u32::from(dice[c]) < max)
                .collect();
            if room.is_empty() {
                break;
            }
            dice[room[rng.random_range(0..room.len() as u32) as usize]] += 1;
            more -= 1;
        }
    }
    let cells: Vec<Cell> = (0..cells)
        .map(|c| Cell::new(Player::new(owner[c]).unwrap_or_default(), dice[c]))
        .collect();
    Board::new(&cells).map_err(|_| PositionError::CellCount {
        board: cells.len(),
        map: rules.map().len(),
    })
}

#[cfg(test)]
#[path = "balanced_tests.rs"]
mod tests;
