//! Random boards.

use rand::{Rng, RngExt};

use super::{Board, Cell, MAX_CELLS, Player, Position, PositionError, Rules};

/// How many boards [`random_board`] draws before it gives up.
pub const MAX_DRAWS: usize = 10_000;

/// Why no random board could be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The first player is not in the game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// With one die per cell nobody can ever attack.
    #[error("with at most 1 die per cell nobody can ever attack: use a dice limit of 2 or more")]
    NoAttacks,
    /// Every board drawn left the first player without a move.
    #[error("no board in {MAX_DRAWS} draws gave player {0} a first move")]
    NoFirstMove(Player),
}

/// A random board for these rules: every cell gets a random owner and from 1
/// to `max_dice` dice. As in Realm of Racket, a board on which `first` has no
/// move is drawn again. The same RNG state gives the same board on every
/// machine when the RNG is portable (such as `rand_chacha`).
///
/// ```
/// use dice_of_doom::game::{random_board, Player, Rules};
/// use rand::SeedableRng;
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let board = random_board(&rules, Player::A, &mut rng).unwrap();
/// let mut again = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// assert_eq!(random_board(&rules, Player::A, &mut again).unwrap(), board);
/// ```
pub fn random_board<R: Rng + ?Sized>(
    rules: &Rules,
    first: Player,
    rng: &mut R,
) -> Result<Board, GenerateError> {
    let players = u32::from(rules.players());
    draw_boards(rules, first, rng, |_, rng| {
        rng.random_range(0..players) as u8
    })
}

/// Realm of Racket's board: cell `n` owned by player `n mod players` (`a`
/// owns cell 0), each cell from 1 to `max_dice` dice at random; a board on
/// which `first` has no move is drawn again, as the book does.
///
/// ```
/// use dice_of_doom::game::{alternating_board, Map, Player, RuleSet, Rules};
/// use rand::SeedableRng;
/// let rules = Rules::of(RuleSet::Racket, Map::offset(3).unwrap(), 2, 3).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let board = alternating_board(&rules, Player::A, &mut rng).unwrap();
/// let owners: String = board.cells().iter().map(|c| c.owner().letter()).collect();
/// assert_eq!(owners, "ababababa");
/// ```
pub fn alternating_board<R: Rng + ?Sized>(
    rules: &Rules,
    first: Player,
    rng: &mut R,
) -> Result<Board, GenerateError> {
    let players = rules.players();
    draw_boards(rules, first, rng, |index, _| {
        (index % usize::from(players)) as u8
    })
}

/// Draws boards, each cell's owner from `owner(index, rng)` and then its
/// dice, until `first` can attack.
/// Whether a board can be dealt under `rules` with `first` to move: the
/// player is in the game, and a cell can hold the two dice an attack
/// needs.
pub(super) fn dealable(rules: &Rules, first: Player) -> Result<(), GenerateError> {
    if first.index() >= rules.players() {
        return Err(PositionError::Player {
            player: first,
            players: rules.players(),
        }
        .into());
    }
    if rules.max_dice() < 2 {
        return Err(GenerateError::NoAttacks);
    }
    Ok(())
}

fn draw_boards<R: Rng + ?Sized>(
    rules: &Rules,
    first: Player,
    rng: &mut R,
    mut owner: impl FnMut(usize, &mut R) -> u8,
) -> Result<Board, GenerateError> {
    dealable(rules, first)?;
    let cells = rules.map().len();
    let mut buffer = [Cell::default(); MAX_CELLS];
    for _ in 0..MAX_DRAWS {
        for (index, cell) in buffer[..cells].iter_mut().enumerate() {
            let owner = owner(index, rng);
            let dice = rng.random_range(1..=u32::from(rules.max_dice())) as u8;
            *cell = Cell::new(Player::new(owner).unwrap_or_default(), dice);
        }
        let board = Board::new(&buffer[..cells]).expect("a map has from 1 to MAX_CELLS cells");
        let start = Position::start(rules, board, first).expect("drawn within the rules");
        if start.can_attack(rules) {
            return Ok(board);
        }
    }
    Err(GenerateError::NoFirstMove(first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn boards_are_valid_and_playable() {
        for (side, players, max_dice) in [(2, 2, 3), (3, 2, 3), (5, 4, 5), (10, 8, 9), (2, 8, 2)] {
            let rules = Rules::classic(side, players, max_dice).unwrap();
            for seed in 0..20 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let board = random_board(&rules, Player::A, &mut rng).unwrap();
                let start = Position::start(&rules, board, Player::A).unwrap();
                assert!(start.can_attack(&rules));
            }
        }
    }

    #[test]
    fn a_seed_gives_a_fixed_board() {
        // Pinned so that a change of generator or of draw order is noticed:
        // players replay games by seed.
        let rules = Rules::classic(3, 2, 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let board = random_board(&rules, Player::A, &mut rng).unwrap();
        insta::assert_snapshot!(board.on(rules.map()).to_string());
    }

    #[test]
    fn impossible_requests_are_refused() {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let rules = Rules::classic(3, 2, 1).unwrap();
        assert_eq!(
            random_board(&rules, Player::A, &mut rng),
            Err(GenerateError::NoAttacks)
        );
        let rules = Rules::classic(3, 2, 3).unwrap();
        let c = Player::new(2).unwrap();
        assert_eq!(
            random_board(&rules, c, &mut rng),
            Err(GenerateError::Position(PositionError::Player {
                player: c,
                players: 2
            }))
        );
    }
}
