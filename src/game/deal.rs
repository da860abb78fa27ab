//! The deal of a new game from its seed, written once: [`deal_game`] draws
//! the map (a random one), then the start the rule set deals on it (a
//! random board, or Dice Wars' deal of [`deal_territories`]), so that a seed
//! deals the same game on every machine and in every front-end.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    Board, Cell, Deal, DealChoice, GenerateError, Map, MapError, MapGenError, MapKind, MapShape,
    Player, Position, PositionError, RuleSet, Rules, RulesError, alternating_board, balanced_board,
    grown_map, random_board,
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
    /// Fewer cells (territories) than players.
    #[error(
        "{cells} territories are too few for {players} players: each needs one at the start (use fewer --players or a larger map)"
    )]
    TooFewTerritories {
        /// The cells of the map.
        cells: usize,
        /// The players.
        players: usize,
    },
    /// The start breaks the rules.
    #[error(transparent)]
    Position(#[from] PositionError),
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
/// ([`alternating_board`]). One that deals [`Deal::Territories`] deals
/// instead as the original Dice Wars does, from stream 2 of the seed
/// (player `a` first): on a random map it grew, with [`deal_in_order`] in
/// the order the territories were grown, on any other with
/// [`deal_territories`]. Fewer cells than players is an error.
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
    deal_game_as(
        DealChoice::Book,
        set,
        ground,
        players,
        max_dice,
        first,
        seed,
    )
}

/// [`deal_game`] dealt as `deal` says: [`DealChoice::Book`] is
/// [`deal_game`]; [`DealChoice::Balanced`] draws the same map (a random
/// one from the seed first, as the book's deal does) and then a
/// [`balanced_board`] on it under the rule set, from the same generator.
/// A rule set that deals [`Deal::Territories`] (Dice Wars) keeps its own
/// deal, balanced its own way, whatever `deal` says.
///
/// ```
/// use dice_of_doom::game::{deal_game_as, DealChoice, Ground, Player, RuleSet};
/// let deal = |d| deal_game_as(d, RuleSet::Classic, Ground::Hexagons(3), 2, 3, Player::A, 7);
/// let (rules, start) = deal(DealChoice::Balanced).unwrap();
/// let held: Vec<usize> = Player::all(2).map(|p| start.board().owned_by(p).count()).collect();
/// assert_eq!(held.iter().sum::<usize>(), rules.map().len());
/// assert!(held[0].abs_diff(held[1]) <= 1);
/// assert_eq!(deal(DealChoice::Balanced).unwrap().1, start);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn deal_game_as(
    deal: DealChoice,
    set: RuleSet,
    ground: Ground,
    players: usize,
    max_dice: usize,
    first: Player,
    seed: u64,
) -> Result<(Rules, Position), DealError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (map, order) = match ground {
        Ground::Hexagons(rows) => (Map::rhombus(rows)?, None),
        Ground::RandomMap(shape) => {
            let (map, order) = grown_map(shape, &mut rng)?;
            (map, Some(order))
        }
        Ground::Map(map) => (map, None),
    };
    if map.len() < players {
        return Err(DealError::TooFewTerritories {
            cells: map.len(),
            players,
        });
    }
    let classic = Rules::new(map, players, max_dice)?;
    let in_set = |e: &dyn std::fmt::Display| DealError::InSet {
        set,
        reason: e.to_string(),
    };
    if set.spec().deal == Deal::Territories {
        let rules = classic.in_set(set).map_err(|e| in_set(&e))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(2);
        let start = match order {
            Some(order) => deal_in_order(&rules, &order, &mut rng)?,
            None => deal_territories(&rules, &mut rng)?,
        };
        return Ok((rules, start));
    }
    if deal == DealChoice::Balanced {
        let rules = classic.in_set(set).map_err(|e| in_set(&e))?;
        let board = balanced_board(&rules, first, &mut rng)?;
        let start = Position::start(&rules, board, first).map_err(|e| in_set(&e))?;
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

/// A Dice Wars start on the rules' map, its territories taken in a random
/// order (see [`deal_in_order`]): the order the original grows an unknown
/// map's territories in is unknown.
///
/// ```
/// use dice_of_doom::game::{deal_territories, Map, Player, RuleSet, Rules};
/// use rand::SeedableRng;
/// let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(5).unwrap(), 4, 8).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let start = deal_territories(&rules, &mut rng).unwrap();
/// let board = start.board();
/// let mut totals: Vec<u32> = (0..4u8)
///     .map(|p| board.owned_by(Player::new(p).unwrap()).map(|i| u32::from(board.cell(i).dice())).sum())
///     .collect();
/// totals.sort_unstable();
/// // 25 territories, 75 dice: 7 and 6 territories with 13 and 12 more dice.
/// assert_eq!(totals, [18, 18, 19, 20]);
/// ```
pub fn deal_territories<R: Rng + ?Sized>(
    rules: &Rules,
    rng: &mut R,
) -> Result<Position, DealError> {
    let mut order: Vec<u8> = (0..rules.map().len() as u8).collect();
    shuffle(&mut order, rng);
    deal_in_order(rules, &order, rng)
}

/// The original Dice Wars' deal on the rules' map, its territories taken in
/// `order` (for a map it grew, the order they were grown in): territory
/// `order[k]` goes to the `k % players`-th player (so the first ones get
/// one more where the territories do not share out evenly), each with one
/// die; then twice as many dice as territories are dealt one at a time to
/// those players in turn, each on a random territory of hers below the
/// dice limit, until they are all dealt or the player whose turn it is has
/// no room. Last, the order of play is shuffled as the original shuffles
/// it (each place swapped with a random one), and the players are named
/// `a`, `b`, ... in that order: `a` moves first.
///
/// With 30 territories and 7 players, the players hold 5, 5, 4, 4, 4, 4 and
/// 4 territories with 14, 14, 13, 13, 12, 12 and 12 dice, in a random
/// order of play. Fewer territories than players is an error.
pub fn deal_in_order<R: Rng + ?Sized>(
    rules: &Rules,
    order: &[u8],
    rng: &mut R,
) -> Result<Position, DealError> {
    let cells = rules.map().len();
    let players = usize::from(rules.players());
    if cells < players {
        return Err(DealError::TooFewTerritories { cells, players });
    }
    // The original's player of each territory, and its dice.
    let mut owner = vec![0usize; cells];
    for (k, &t) in order.iter().enumerate() {
        if let Some(o) = owner.get_mut(usize::from(t)) {
            *o = k % players;
        }
    }
    let mut dice = vec![1u8; cells];
    let max = rules.max_dice();
    let mut turn = 0;
    for _ in 0..2 * cells {
        let room: Vec<usize> = order
            .iter()
            .map(|&t| usize::from(t))
            .filter(|&t| owner[t] == turn && dice[t] < max)
            .collect();
        if room.is_empty() {
            break;
        }
        dice[room[rng.random_range(0..room.len() as u32) as usize]] += 1;
        turn = (turn + 1) % players;
    }
    // Who plays k-th: the original's player `seats[k]`.
    let mut seats: Vec<usize> = (0..players).collect();
    for i in 0..players {
        let r = rng.random_range(0..players as u32) as usize;
        seats.swap(i, r);
    }
    let mut named = vec![Player::A; players];
    for (k, &original) in seats.iter().enumerate() {
        named[original] = Player::new(k as u8).unwrap_or_default();
    }
    let cells: Vec<Cell> = owner
        .iter()
        .zip(&dice)
        .map(|(&o, &d)| Cell::new(named[o], d))
        .collect();
    let board = Board::new(&cells).map_err(|_| PositionError::CellCount {
        board: cells.len(),
        map: rules.map().len(),
    })?;
    Ok(Position::start(rules, board, Player::A)?)
}

/// The start the rule set of `rules` deals on their map, drawn from `rng`:
/// Dice Wars' deal ([`deal_territories`]), Realm of Racket's board with
/// alternating owners ([`alternating_board`]), or a random board `first`
/// to move ([`random_board`]). Fewer cells than players is an error.
pub fn deal_start<R: Rng + ?Sized>(
    rules: &Rules,
    first: Player,
    rng: &mut R,
) -> Result<Position, DealError> {
    let (cells, players) = (rules.map().len(), usize::from(rules.players()));
    if cells < players {
        return Err(DealError::TooFewTerritories { cells, players });
    }
    if rules.set().spec().deal == Deal::Territories {
        return deal_territories(rules, rng);
    }
    let board = if rules.set().spec().deal == Deal::Alternating {
        alternating_board(rules, first, rng)?
    } else {
        random_board(rules, first, rng)?
    };
    Ok(Position::start(rules, board, first).map_err(GenerateError::from)?)
}

/// Fisher-Yates with draws of `u32`, the same on every machine.
pub(super) fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Grid, RuleSet};

    /// 30 territories of one cell each, 6 by 5.
    fn thirty() -> Map {
        let mut grid = Grid::new(6, 5).unwrap();
        for (i, (x, y)) in (0..5).flat_map(|y| (0..6).map(move |x| (x, y))).enumerate() {
            grid.set(x, y, Some(i as u8));
        }
        Map::territories(grid).unwrap()
    }

    /// Each player's territories and dice.
    fn holdings(start: &Position, players: u8) -> Vec<(usize, u32)> {
        let board = start.board();
        Player::all(players)
            .map(|p| {
                let own: Vec<usize> = board.owned_by(p).collect();
                let dice = own.iter().map(|&i| u32::from(board.cell(i).dice())).sum();
                (own.len(), dice)
            })
            .collect()
    }

    #[test]
    fn seven_players_on_thirty_territories_get_the_originals_shares() {
        let rules = Rules::of(RuleSet::Dicewars, thirty(), 7, 8).unwrap();
        let order: Vec<u8> = (0..30).collect();
        let mut seats_with_five = [0; 7];
        for seed in 0..50 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let start = deal_in_order(&rules, &order, &mut rng).unwrap();
            assert_eq!(start.player(), Player::A);
            let mut held = holdings(&start, 7);
            for (p, &(territories, _)) in held.iter().enumerate() {
                if territories == 5 {
                    seats_with_five[p] += 1;
                }
            }
            held.sort_unstable();
            assert_eq!(
                held,
                [
                    (4, 12),
                    (4, 12),
                    (4, 12),
                    (4, 13),
                    (4, 13),
                    (5, 14),
                    (5, 14)
                ],
                "seed {seed}"
            );
            // The k-th territory in order goes to the k % 7-th player dealt.
            let board = start.board();
            for t in 0..30 {
                assert_eq!(board.cell(t).owner(), board.cell(t % 7).owner());
            }
        }
        // The order of play is shuffled: the two extra territories land on
        // every seat.
        assert!(
            seats_with_five.iter().all(|&n| n > 0),
            "{seats_with_five:?}"
        );
    }

    #[test]
    fn the_dice_stop_where_a_player_has_no_room() {
        // 2 players on 4 territories with at most 2 dice: each has 2
        // territories and room for 2 more dice; the 8 extra dice stop once
        // the player to get the next has none.
        let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 2).unwrap();
        let start = deal_territories(&rules, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        assert!(start.board().cells().iter().all(|c| c.dice() == 2));
    }

    #[test]
    fn fewer_territories_than_players_is_refused() {
        let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 5, 8).unwrap();
        let error = deal_territories(&rules, &mut ChaCha8Rng::seed_from_u64(1)).unwrap_err();
        assert_eq!(
            error,
            DealError::TooFewTerritories {
                cells: 4,
                players: 5
            }
        );
        let error = deal_game(RuleSet::Classic, Ground::Hexagons(2), 5, 3, Player::A, 1);
        assert!(matches!(error, Err(DealError::TooFewTerritories { .. })));
        let error = deal_start(&rules, Player::A, &mut ChaCha8Rng::seed_from_u64(1));
        assert!(matches!(error, Err(DealError::TooFewTerritories { .. })));
    }

    #[test]
    fn a_dice_wars_game_is_the_originals_map_and_deal() {
        let ground = Ground::RandomMap(MapShape::original());
        let (rules, start) =
            deal_game(RuleSet::Dicewars, ground.clone(), 7, 8, Player::A, 3).unwrap();
        assert!((24..=31).contains(&rules.map().len()));
        let dice: u32 = start
            .board()
            .cells()
            .iter()
            .map(|c| u32::from(c.dice()))
            .sum();
        assert_eq!(dice as usize, 3 * rules.map().len());
        let again = deal_game(RuleSet::Dicewars, ground, 7, 8, Player::A, 3).unwrap();
        assert_eq!(again, (rules, start));
    }
}
