//! Invariants of the rules on random boards.

use dice_of_doom::analysis::{Limits, stats};
use dice_of_doom::game::{Board, Cell, GameTree, Move, Player, PlayerSet, Position, Rules};
use proptest::prelude::*;
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
