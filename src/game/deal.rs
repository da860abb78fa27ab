//! The deal of a new game from its seed, written once: [`deal_game`] draws
//! the map (a random one), then the start the rule set deals on it (a
//! random board, or Dice Wars' deal of [`deal_territories`]), so that a seed
//! deals the same game on every machine and in every front-end.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    Board, Cell, Deal, GenerateError, Map, MapError, MapGenError, MapKind, MapShape, Player,
    Position, PositionError, RuleSet, Rules, RulesError, alternating_board, random_board,
    random_map,
};

/// What a game dealt from a seed is played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ground {
    /// The board of hexagons with this many rows (the rhombus, or the
    /// offset rows of a rule set that plays them).
    Hexagons(usize),
    /// A random map of territories grown to this shape from the seed.
    RandomMap(MapShape),
    /// This map.
    Map(Map),
}

impl Ground {
    /// The ground of a new game like one played on `map`: a board of as
    /// many rows, a random map grown like it, or the map itself.
    pub fn like(map: &Map) -> Ground {
        match (map.kind(), map.random_shape()) {
            (MapKind::Rhombus | MapKind::Offset, _) => Ground::Hexagons(map.rows()),
            (MapKind::Territories, Some(shape)) => Ground::RandomMap(shape),
            (MapKind::Territories, None) => Ground::Map(map.clone()),
        }
    }
}

/// Why a game cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The board of hexagons cannot be made.
    #[error(transparent)]
    Map(#[from] MapError),
    /// The random map cannot be grown.
    #[error(transparent)]
    MapGen(#[from] MapGenError),
    /// The players or dice limit do not fit the map.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// No random board can be drawn.
    #[error(transparent)]
    Board(#[from] GenerateError),
    /// The rule set refuses the game (its dice limit, its map).
    #[error("{reason}")]
    InSet {
        /// The rule set.
        set: RuleSet,
        /// Why.
        reason: String,
    },
}

/// A new game of rule set `set` on `ground` for `players` players with at
/// most `max_dice` dice a cell, dealt from `seed`: its rules and its start.
///
/// The random map (if any) and then the board are drawn from one generator
/// seeded with `seed`; the board is drawn for the classic rules on the
/// rhombus, then played under the rule set on its map
/// ([`RuleSet::map_for`]), `first` to move. A rule set that deals
/// [`Deal::Alternating`] draws Realm of Racket's board on its own map
/// ([`alternating_board`]); one that deals
/// [`Deal::Territories`] deals instead with [`deal_territories`] from
/// stream 2 of the seed (player `a` first).
///
/// ```
/// use dice_of_doom::game::{deal_game, Ground, MapKind, Player, RuleSet};
/// let (rules, start) = deal_game(RuleSet::Racket, Ground::Hexagons(3), 2, 3, Player::A, 7).unwrap();
/// assert_eq!(rules.map().kind(), MapKind::Offset);
/// let again = deal_game(RuleSet::Racket, Ground::Hexagons(3), 2, 3, Player::A, 7).unwrap();
/// assert_eq!(again.1, start);
/// ```
pub fn deal_game(
    set: RuleSet,
    ground: Ground,
    players: usize,
    max_dice: usize,
    first: Player,
    seed: u64,
) -> Result<(Rules, Position), DealError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let map = match ground {
        Ground::Hexagons(rows) => Map::rhombus(rows)?,
        Ground::RandomMap(shape) => random_map(shape, &mut rng)?,
        Ground::Map(map) => map,
    };
    let classic = Rules::new(map, players, max_dice)?;
    let in_set = |e: &dyn std::fmt::Display| DealError::InSet {
        set,
        reason: e.to_string(),
    };
    if set.spec().deal == Deal::Territories {
        let rules = classic.in_set(set).map_err(|e| in_set(&e))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(2);
        let start = deal_territories(&rules, &mut rng).map_err(|e| in_set(&e))?;
        return Ok((rules, start));
    }
    if set.spec().deal == Deal::Alternating {
        // Realm of Racket's board, drawn on the rule set's own map.
        let rules = classic.in_set(set).map_err(|e| in_set(&e))?;
        let board = alternating_board(&rules, first, &mut rng)?;
        let start = Position::start(&rules, board, first).map_err(|e| in_set(&e))?;
        return Ok((rules, start));
    }
    let board = random_board(&classic, first, &mut rng)?;
    Position::start(&classic, board, first).map_err(GenerateError::from)?;
    let rules = classic.in_set(set).map_err(|e| in_set(&e))?;
    let start = Position::start(&rules, board, first).map_err(|e| in_set(&e))?;
    Ok((rules, start))
}

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
