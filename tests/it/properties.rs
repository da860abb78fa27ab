//! Invariants of the rules on random boards.

use dice_of_doom::analysis::{Limits, stats};
use dice_of_doom::game::{
    Battle, Board, Cell, Ending, Event, GameTree, Map, Move, Player, PlayerSet, Position, RuleSet,
    Rules, Supply, deal_territories,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Rules and a start position: side 2 to 4, 2 to 4 players, 2 to 5 dice.
fn start_positions(max_side: usize) -> impl Strategy<Value = (Rules, Position)> {
    (2..=max_side, 2..=4usize, 2..=5usize).prop_flat_map(|(side, players, max_dice)| {
        let cell = (0..players as u8, 1..=max_dice as u8)
            .prop_map(|(owner, dice)| Cell::new(Player::new(owner).unwrap(), dice));
        (prop::collection::vec(cell, side * side), 0..players as u8).prop_map(
            move |(cells, first)| {
                let rules = Rules::classic(side, players, max_dice).unwrap();
                let board = Board::new(&cells).unwrap();
                let start = Position::start(&rules, board, Player::new(first).unwrap()).unwrap();
                (rules, start)
            },
        )
    })
}

/// The full tree counted the slow way: every node, no memo.
fn naive(rules: &Rules, position: &Position, leaves: &mut BTreeMap<PlayerSet, u64>) -> (u64, u32) {
    let moves = position.moves(rules);
    if moves.is_empty() {
        *leaves.entry(position.winners()).or_default() += 1;
        return (1, 1);
    }
    let (mut nodes, mut depth) = (1, 0);
    for mv in moves {
        let (n, d) = naive(rules, &position.play(rules, mv).unwrap(), leaves);
        nodes += n;
        depth = depth.max(d);
    }
    (nodes, depth + 1)
}

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// Random games: every listed move is legal and in menu order, attacks
    /// never create dice, the dice on the board fall with every whole turn
    /// (so every game ends), and positions pack and unpack unchanged.
    #[test]
    fn random_games_keep_the_invariants((rules, start) in start_positions(4), picks in prop::collection::vec(any::<prop::sample::Index>(), 400)) {
        let mut position = start;
        let mut turn_start_dice = position.board().total_dice();
        let mut picks = picks.into_iter();
        while !position.is_game_over(&rules) {
            let moves = position.moves(&rules);
            prop_assert!(!moves.is_empty());
            prop_assert_eq!(moves[0] == Move::Pass, !position.is_first_move());
            for &mv in &moves {
                prop_assert!(position.is_legal(&rules, mv), "{} listed but illegal", mv);
            }
            let Some(pick) = picks.next() else { break };
            let mv = *pick.get(&moves);
            let next = position.play(&rules, mv).unwrap();
            match mv {
                Move::Attack { .. } => {
                    prop_assert!(next.board().total_dice() < position.board().total_dice());
                    prop_assert!(next.captured() > position.captured());
                }
                Move::Pass => {
                    let now = next.board().total_dice();
                    prop_assert!(now < turn_start_dice, "a whole turn went from {} to {} dice", turn_start_dice, now);
                    turn_start_dice = now;
                }
            }
            // A tree's nodes are packed positions: the root unpacks unchanged.
            let packed = GameTree::new(rules.clone(), next);
            prop_assert_eq!(packed.position(packed.root()), next);
            position = next;
        }
    }

    /// The memoised DAG counts what the plain recursion counts.
    #[test]
    fn memoised_counts_match_plain_recursion((rules, start) in start_positions(2)) {
        let mut leaves = BTreeMap::new();
        let (nodes, depth) = naive(&rules, &start, &mut leaves);
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        let s = stats(&mut tree, root, Limits::positions(1_000_000)).unwrap();
        prop_assert_eq!(s.nodes, nodes);
        prop_assert_eq!(s.depth, depth);
        prop_assert_eq!(s.leaves, leaves.into_iter().collect::<Vec<_>>());
        prop_assert!(s.positions as u64 <= nodes);
    }

    /// Any text is either a board or a located error, never a panic.
    #[test]
    fn board_text_never_panics(text in "\\PC{0,200}") {
        if let Err(e) = text.parse::<Board>() {
            prop_assert!(e.location.is_some_and(|(line, column)| line >= 1 && column >= 1));
        }
    }
}

/// Rules of any rule set on its own kind of map (side 2 to 4), a start dealt
/// from a seed, and the seed of the game.
fn chance_games() -> impl Strategy<Value = (Rules, u64)> {
    (
        prop::sample::select(RuleSet::ALL.to_vec()),
        2..=4usize,
        2..=5usize,
        any::<u64>(),
    )
        .prop_map(|(set, side, players, seed)| {
            let map = match set {
                RuleSet::Racket => Map::offset(side),
                _ => Map::rhombus(side),
            }
            .unwrap();
            let max_dice = set.defaults().max_dice as usize;
            // Every player is dealt a cell: no more players than cells.
            let players = players.min(map.len());
            (Rules::of(set, map, players, max_dice).unwrap(), seed)
        })
}

/// A whole seeded game under `rules`, every move drawn from the seed: the
/// moves and what happened, and the end.
fn seeded_game(rules: &Rules, seed: u64) -> (Vec<(Move, Event)>, Position) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = deal_territories(rules, &mut rng).unwrap();
    let mut log = Vec::new();
    for _ in 0..2_000 {
        let moves = position.moves(rules);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len() as u32) as usize];
        let played = position.play_rolled(rules, mv, &mut rng).unwrap();
        log.push((mv, played.event));
        position = played.position;
    }
    (log, position)
}

proptest! {
    #![proptest_config(crate::proptest_config(64))]

    /// Under every rule set, random seeded games keep the dice and cells
    /// consistent: every cell holds from 1 to the limit and belongs to a
    /// player of the game; an attack only moves dice off its two cells
    /// (taken: the target gets the source's dice less one; held: the source
    /// drops to 1); a pass only adds dice to the passer's cells, as many as
    /// its event lists, paid by the pool or stock; the guard's count and
    /// knocked-out players behave; and replaying the record (moves, rolls,
    /// placements) without a generator gives the same game.
    #[test]
    fn every_rule_set_keeps_dice_and_cells_consistent((rules, seed) in chance_games()) {
        let (log, end) = seeded_game(&rules, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = deal_territories(&rules, &mut rng).unwrap();
        for (mv, event) in &log {
            let board = *position.board();
            for (i, cell) in board.cells().iter().enumerate() {
                prop_assert!((1..=rules.max_dice()).contains(&cell.dice()), "cell {} {}", i, cell);
                prop_assert!(cell.owner().index() < rules.players());
            }
            let (roll, placed) = match event {
                Event::Attack { roll, .. } => (*roll, &[][..]),
                Event::Pass { placed, .. } => (None, placed.as_slice()),
            };
            let replay = position.play_recorded(&rules, *mv, roll, placed).unwrap();
            prop_assert_eq!(&replay.event, event);
            let next = replay.position;
            let after = *next.board();
            match (*mv, event) {
                (Move::Attack { from, to }, Event::Attack { taken, roll }) => {
                    let (from, to) = (usize::from(from), usize::from(to));
                    prop_assert_eq!(roll.is_some(), rules.policy().battle == Battle::Dice);
                    for i in (0..board.len()).filter(|&i| i != from && i != to) {
                        prop_assert_eq!(after.cell(i), board.cell(i));
                    }
                    prop_assert_eq!(after.cell(from).dice(), 1);
                    if *taken {
                        prop_assert_eq!(after.cell(to), Cell::new(position.player(), board.cell(from).dice() - 1));
                    } else {
                        prop_assert_eq!(after.cell(to), board.cell(to));
                    }
                    prop_assert_eq!(next.player(), position.player());
                }
                (Move::Pass, Event::Pass { placed, left }) => {
                    let mut added = 0u32;
                    for i in 0..board.len() {
                        prop_assert_eq!(after.cell(i).owner(), board.cell(i).owner());
                        let d = after.cell(i).dice() - board.cell(i).dice();
                        if d > 0 {
                            prop_assert_eq!(board.cell(i).owner(), position.player());
                        }
                        added += u32::from(d);
                    }
                    prop_assert_eq!(added as usize, placed.len());
                    match rules.policy().supply {
                        Supply::SharedPool(_) => {
                            prop_assert_eq!(u32::from(position.pool()), u32::from(next.pool()) + added);
                            prop_assert_eq!(*left, Some(next.pool()));
                        }
                        Supply::Stock(cap) => {
                            prop_assert!(next.stock(position.player()) <= cap);
                            prop_assert_eq!(*left, Some(next.stock(position.player())));
                        }
                        _ => prop_assert_eq!(*left, None),
                    }
                    // The next player holds a cell under Dice Wars.
                    if rules.policy().ending == Ending::LastStanding {
                        prop_assert!(next.players_in().contains(next.player()));
                    }
                }
                _ => prop_assert!(false, "{} gave {:?}", mv, event),
            }
            position = next;
        }
        prop_assert_eq!(position, end);
        // The same seed gives the same game.
        prop_assert_eq!(seeded_game(&rules, seed), (log, end));
    }
}

/// A game played by the engine from a random start: each move picked among
/// the legal ones, up to the end or the picks' end; its record, with the
/// computer seated for some players.
fn played_record(
    rules: Rules,
    start: Position,
    picks: &[prop::sample::Index],
    computers: u8,
) -> dice_of_doom::record::Record {
    use dice_of_doom::ai::{AiKind, Budget};
    use dice_of_doom::record::{Record, Seat, Tags};
    let seats = Player::all(rules.players())
        .map(|p| {
            if computers & (1 << p.index()) != 0 {
                Seat::Computer {
                    ai: AiKind::ALL[usize::from(p.index()) % AiKind::ALL.len()],
                    budget: Budget::nodes(u64::from(p.index()) + 1),
                }
            } else {
                Seat::Person
            }
        })
        .collect();
    let mut record = Record::new(rules, start, seats).with_tags(Tags {
        seed: Some(u64::from(computers)),
        ..Tags::default()
    });
    for pick in picks {
        let moves = record.end().moves(record.rules());
        if moves.is_empty() {
            break;
        }
        record.push(*pick.get(&moves)).unwrap();
    }
    record
}

/// A record's text with one mistake a person or a crash could make: cut
/// short, a character dropped, added or changed, a line dropped or doubled.
fn mutated(text: &str, kind: u8, at: prop::sample::Index, with: char) -> String {
    let chars: Vec<char> = text.chars().collect();
    let i = at.index(chars.len().max(1)).min(chars.len());
    let lines: Vec<&str> = text.lines().collect();
    let l = at.index(lines.len().max(1));
    match kind % 6 {
        0 => chars[..i].iter().collect(),
        1 => chars
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, c)| c)
            .collect(),
        2 => {
            let mut out = chars.clone();
            out.insert(i, with);
            out.into_iter().collect()
        }
        3 => {
            let mut out = chars.clone();
            if i < out.len() {
                out[i] = with;
            }
            out.into_iter().collect()
        }
        4 => lines
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != l)
            .map(|(_, s)| format!("{s}\n"))
            .collect(),
        _ => lines
            .iter()
            .enumerate()
            .flat_map(|(j, s)| if j == l { vec![*s, *s] } else { vec![*s] })
            .map(|s| format!("{s}\n"))
            .collect(),
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// Any game the engine plays, written and read back, gives the same
    /// record and the same positions move by move.
    #[test]
    fn records_read_back_position_by_position(
        (rules, start) in start_positions(4),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..300),
        computers in any::<u8>(),
    ) {
        use dice_of_doom::record::Record;
        let record = played_record(rules.clone(), start, &picks, computers);
        let text = record.to_string();
        let read = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&read, &record);
        let mut position = start;
        let mut positions = read.positions();
        prop_assert_eq!(positions.next(), Some(start));
        for mv in record.moves() {
            position = position.play(&rules, mv).unwrap();
            prop_assert_eq!(positions.next(), Some(position));
        }
        prop_assert_eq!(positions.next(), None);
        prop_assert_eq!(read.to_string(), text);
    }

    /// The reader never panics on a damaged record; what it accepts, it
    /// writes back into a text that reads the same.
    #[test]
    fn damaged_records_never_panic(
        (rules, start) in start_positions(3),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
        kind in any::<u8>(),
        at in any::<prop::sample::Index>(),
        with in prop::sample::select(vec!['1', '9', 'a', 'z', '-', '>', ':', '#', ' ', '\n', '+', 'é', '\u{1b}', '\u{feff}']),
    ) {
        use dice_of_doom::record::Record;
        let text = played_record(rules, start, &picks, 2).to_string();
        let damaged = mutated(&text, kind, at, with);
        if let Ok(record) = Record::parse(&damaged) {
            prop_assert_eq!(Record::parse(&record.to_string()), Ok(record));
        }
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(60))]

    /// The same on random maps of territories: the record holds the map,
    /// and reads back to the same game.
    #[test]
    fn records_on_maps_read_back(
        seed in any::<u64>(),
        territories in 2usize..=12,
        players in 2usize..=4,
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..200),
    ) {
        use dice_of_doom::game::{MapShape, random_board, random_map};
        use dice_of_doom::record::Record;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let map = random_map(MapShape::new(territories).unwrap(), &mut rng).unwrap();
        let rules = Rules::new(map, players, 3).unwrap();
        let Ok(board) = random_board(&rules, Player::A, &mut rng) else {
            return Ok(());
        };
        let start = Position::start(&rules, board, Player::A).unwrap();
        let record = played_record(rules, start, &picks, 0);
        let text = record.to_string();
        let read = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(read.rules().map().to_string(), record.rules().map().to_string());
        prop_assert_eq!(read.positions().collect::<Vec<_>>(), record.positions().collect::<Vec<_>>());
        prop_assert_eq!(read.to_string(), text);
    }
}
