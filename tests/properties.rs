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
    #![proptest_config(ProptestConfig::with_cases(200))]

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
    #![proptest_config(ProptestConfig::with_cases(64))]

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
