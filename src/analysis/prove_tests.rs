//! The prover against the whole-tree solver.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::analysis::survey::solve_starts;
use crate::analysis::{Limits, Solution, solve};
use crate::game::{Board, Cell, GameTree, Player, random_board};

const MEMORY: ByteSize = ByteSize::new(16 << 20);

/// Proves `start` and checks the value against the whole tree's, and that
/// the best move keeps it. Returns the value.
fn check(rules: &Rules, start: Position) -> Share {
    check_within(rules, start, usize::MAX).expect("no limit")
}

/// [`check`] where the whole tree has at most `max_positions` distinct
/// positions; `None` (checking nothing) where it has more.
fn check_within(rules: &Rules, start: Position, max_positions: usize) -> Option<Share> {
    let mut tree = GameTree::new(rules.clone(), start);
    let root = tree.root();
    let solution = solve(&mut tree, root, Limits::positions(max_positions)).ok()?;
    let value = solution.rating(root).unwrap();
    for algorithm in Algorithm::ALL {
        let proof = prove_with(algorithm, rules, &start, MEMORY, |_| false).unwrap();
        check_proof(rules, &start, &mut tree, &solution, &proof, value);
    }
    Some(value)
}

/// Checks a proof of `start` against the whole tree's solution.
fn check_proof(
    rules: &Rules,
    start: &Position,
    tree: &mut GameTree,
    solution: &Solution,
    proof: &Proof,
    value: Share,
) {
    let root = tree.root();
    assert_eq!(proof.value(), Some(value), "{start:?}");
    assert_eq!((proof.lower, proof.upper), (value, value));
    match proof.best_move {
        None => assert!(start.moves(rules).is_empty()),
        Some(mv) => {
            let child = tree
                .children(root)
                .iter()
                .find(|e| e.mv == mv)
                .expect("the best move is legal")
                .child;
            assert_eq!(solution.rating(child), Some(value), "{start:?} {mv}");
        }
    }
    assert!(proof.nodes > 0 || start.moves(rules).is_empty());
}

#[test]
fn every_2x2_board_with_each_player_first() {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let mut tally = [0; 3];
    for code in 0..6usize.pow(4) {
        let cells: Vec<Cell> = (0..4)
            .map(|i| {
                let c = code / 6usize.pow(i) % 6;
                Cell::new(Player::new((c / 3) as u8).unwrap(), (c % 3) as u8 + 1)
            })
            .collect();
        let board = Board::new(&cells).unwrap();
        for first in [Player::A, Player::B] {
            let value = check(&rules, Position::start(&rules, board, first).unwrap());
            tally[usize::from(value == Share::WIN) + usize::from(value != Share::LOSS)] += 1;
        }
    }
    // Losses, ties and wins for the player to move, both players first.
    assert_eq!(tally.iter().sum::<usize>(), 2592);
    assert!(tally.iter().all(|&n| n > 0), "{tally:?}");
}

#[test]
fn the_shipped_boards_with_each_player_first() {
    let rules = Rules::classic(3, 2, 3).unwrap();
    for text in [
        "a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3",
        "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1",
        "a-1 a-3 a-1 / b-2 b-2 b-3 / a-2 b-1 b-2",
        "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3",
        "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1",
    ] {
        for first in [Player::A, Player::B] {
            let board = text.parse().unwrap();
            check(&rules, Position::start(&rules, board, first).unwrap());
        }
    }
}

/// 2,000 seeded random 3x3 boards: the survey's whole-tree solver, over one
/// memo shared by all the boards, checks every value and that every best
/// move keeps it; the whole-tree solve of `stats` checks them again where
/// the tree has at most 100,000 distinct positions (it takes minutes on the
/// largest).
#[test]
#[ignore = "heavy sweep (2,000 boards, minutes in a busy test build): cargo test --lib -- --ignored"]
fn seeded_random_3x3_boards() {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let starts: Vec<Position> = (0..2000)
        .map(|_| {
            let board = random_board(&rules, Player::A, &mut rng).unwrap();
            Position::start(&rules, board, Player::A).unwrap()
        })
        .collect();
    let values = solve_starts(&rules, &starts);
    let mut after = Vec::new();
    for (start, &value) in starts.iter().zip(&values) {
        for algorithm in Algorithm::ALL {
            let proof = prove_with(algorithm, &rules, start, MEMORY, |_| false).unwrap();
            assert_eq!(proof.value(), Some(value), "{algorithm:?} {start:?}");
            let mv = proof.best_move.expect("every start has a move");
            after.push((start, value, start.play(&rules, mv).expect("a legal move")));
        }
    }
    let children: Vec<Position> = after.iter().map(|&(_, _, child)| child).collect();
    for (&(start, value, child), share) in after.iter().zip(solve_starts(&rules, &children)) {
        let kept = if child.player() == start.player() {
            share
        } else {
            share.complement()
        };
        assert_eq!(kept, value, "{start:?} -> {child:?}");
    }
    let whole = starts
        .iter()
        .filter(|&&start| check_within(&rules, start, 100_000).is_some())
        .count();
    assert!(whole > 1400, "{whole}");
}

#[test]
fn more_players_and_dice() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (side, players, dice, boards) in [(2, 3, 3, 200), (2, 4, 5, 200), (3, 3, 2, 50)] {
        let rules = Rules::classic(side, players, dice).unwrap();
        for _ in 0..boards {
            let board = random_board(&rules, Player::A, &mut rng).unwrap();
            check(&rules, Position::start(&rules, board, Player::A).unwrap());
        }
    }
}

#[test]
fn a_stopped_proof_keeps_its_bounds_and_gives_no_move() {
    let rules = Rules::classic(4, 2, 3).unwrap();
    let board = "a-3 b-2 a-1 b-1 / b-3 a-2 b-1 a-1 / a-3 b-2 a-1 b-1 / b-3 a-2 b-1 a-1";
    let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
    let mut asked = 0;
    let proof = prove(&rules, &start, MEMORY, |p| {
        asked += 1;
        assert!(p.lower <= p.upper);
        asked == 3
    })
    .unwrap();
    assert_eq!(asked, 3);
    assert_eq!(
        (proof.lower, proof.upper, proof.best_move),
        (Share::LOSS, Share::WIN, None)
    );
    assert_eq!(proof.value(), None);
    assert_eq!(proof.nodes, 3 * PROOF_CHECK_EVERY);
    assert!(proof.stored > 0 && proof.bytes > 0);
}
