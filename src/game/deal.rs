//! Dice Wars' deal: a random start on the rules' map, the cells dealt
//! round-robin to the players in a random order and each player's dice
//! made up to the same total, drawn from a seeded generator so that a seed
//! deals the same start on every machine.

use rand::{Rng, RngExt};

use super::{Board, Cell, Player, Position, PositionError, Rules};

/// A Dice Wars start on the rules' map: the cells dealt round-robin to the
/// players in a random order (so the seats are alike), one die each; then
/// each player's dice are made up to the same total, `3 * cells / players`
/// (at least her cells), dealt one at a time, cycling through the players,
/// each on a random own cell below the dice limit. Player `a` moves first.
///
/// ```
/// use dice_of_doom::game::{deal_territories, Map, Player, RuleSet, Rules};
/// use rand::SeedableRng;
/// let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(5).unwrap(), 4, 8).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let start = deal_territories(&rules, &mut rng).unwrap();
/// let board = start.board();
/// let totals: Vec<u32> = (0..4u8)
///     .map(|p| board.owned_by(Player::new(p).unwrap()).map(|i| u32::from(board.cell(i).dice())).sum())
///     .collect();
/// assert!(totals.iter().all(|&t| t == totals[0]), "{totals:?}");
/// ```
pub fn deal_territories<R: Rng + ?Sized>(
    rules: &Rules,
    rng: &mut R,
) -> Result<Position, PositionError> {
    let cells = rules.map().len();
    let players = usize::from(rules.players());
    // A random order of seats, then the cells in a random order dealt
    // round-robin over it.
    let mut seats: Vec<u8> = (0..players as u8).collect();
    shuffle(&mut seats, rng);
    let mut order: Vec<usize> = (0..cells).collect();
    shuffle(&mut order, rng);
    let mut owners = vec![Player::A; cells];
    for (k, &cell) in order.iter().enumerate() {
        owners[cell] = Player::new(seats[k % players]).unwrap_or_default();
    }
    let mut dice = vec![1u8; cells];
    let total = (3 * cells / players).max(cells.div_ceil(players));
    let max = rules.max_dice();
    let mut owed: Vec<usize> = (0..players)
        .map(|p| {
            total
                - owners
                    .iter()
                    .filter(|o| usize::from(o.index()) == p)
                    .count()
        })
        .collect();
    while owed.iter().any(|&o| o > 0) {
        let mut dealt = false;
        for &seat in &seats {
            let p = usize::from(seat);
            if owed[p] == 0 {
                continue;
            }
            let room: Vec<usize> = (0..cells)
                .filter(|&c| usize::from(owners[c].index()) == p && dice[c] < max)
                .collect();
            if room.is_empty() {
                owed[p] = 0;
                continue;
            }
            let cell = room[rng.random_range(0..room.len() as u32) as usize];
            dice[cell] += 1;
            owed[p] -= 1;
            dealt = true;
        }
        if !dealt {
            break;
        }
    }
    let cells: Vec<Cell> = owners
        .iter()
        .zip(&dice)
        .map(|(&o, &d)| Cell::new(o, d))
        .collect();
    let board = Board::new(&cells).map_err(|_| PositionError::CellCount {
        board: cells.len(),
        map: rules.map().len(),
    })?;
    Position::start(rules, board, Player::A)
}

/// Fisher-Yates with draws of `u32`, the same on every machine.
fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}
