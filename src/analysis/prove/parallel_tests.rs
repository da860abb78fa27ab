//! Parallel proofs against the proof of one thread and the whole tree.

use crate::analysis::sample::seeded_start;
use crate::analysis::{
    AnalysisError, ByteSize, Limits, Proof, least_proof_memory, prove, prove_parallel, solve,
};
use crate::game::{Board, Cell, GameTree, Player, Position, Rules, Share};

/// Proves `start` on one thread and on 2 and 4, checks that they agree
/// on the value and that each best move keeps it (the value of the
/// position it leads to, proven on one thread), and returns the value.
fn agree(rules: &Rules, start: &Position, memory: ByteSize) -> Option<Share> {
    let one = prove(rules, start, memory, |_| false).unwrap();
    let value = one.value().expect("no limit");
    for threads in [2, 4] {
        let proof = prove_parallel(rules, start, memory, threads, |_| false).unwrap();
        assert_eq!(proof.value(), Some(value), "{threads} threads, {start:?}");
        assert_eq!((proof.lower, proof.upper), (value, value));
        keeps(rules, start, &proof, value, memory);
    }
    Some(value)
}

/// Checks that a proof's best move keeps its value.
fn keeps(rules: &Rules, start: &Position, proof: &Proof, value: Share, memory: ByteSize) {
    let Some(mv) = proof.best_move else {
        assert!(start.moves(rules).is_empty(), "{start:?}");
        return;
    };
    let child = start.play(rules, mv).expect("a legal move");
    let after = prove(rules, &child, memory, |_| false).unwrap();
    let share = after.value().expect("no limit");
    let kept = if child.player() == start.player() {
        share
    } else {
        share.complement()
    };
    assert_eq!(kept, value, "{start:?} {mv}");
}

#[test]
fn every_2x2_board_with_each_player_first() {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let memory = ByteSize::new(1 << 20);
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
            let start = Position::start(&rules, board, first).unwrap();
            let value = agree(&rules, &start, memory).unwrap();
            tally[usize::from(value == Share::WIN) + usize::from(value != Share::LOSS)] += 1;
        }
    }
    assert_eq!(tally.iter().sum::<usize>(), 2592);
    assert!(tally.iter().all(|&n| n > 0), "{tally:?}");
}

/// Seeded random 3x3 boards, each checked against the whole tree too.
#[test]
fn seeded_3x3_boards_against_the_whole_tree() {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let memory = ByteSize::new(4 << 20);
    let mut checked = 0;
    for seed in 1..=60 {
        let start = seeded_start(&rules, Player::A, seed).unwrap();
        let value = agree(&rules, &start, memory).unwrap();
        let mut tree = GameTree::new(rules.clone(), start);
        let root = tree.root();
        if let Ok(solution) = solve(&mut tree, root, Limits::positions(200_000)) {
            assert_eq!(solution.rating(root), Some(value), "seed {seed}");
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

/// 4x4 boards, some of them proofs of hundreds of thousands of positions,
/// and with a cache so small that the threads keep forgetting.
#[test]
fn seeded_4x4_boards_large_and_small_caches() {
    let rules = Rules::classic(4, 2, 3).unwrap();
    let least = least_proof_memory(&rules);
    // Seed 8, 4 million positions a proof, would take most of a minute.
    for seed in (1..=12).filter(|&seed| seed != 8) {
        let start = seeded_start(&rules, Player::A, seed).unwrap();
        agree(&rules, &start, ByteSize::new(64 << 20));
    }
    for seed in [2, 3, 57] {
        let start = seeded_start(&rules, Player::A, seed).unwrap();
        agree(&rules, &start, ByteSize::new(least.bytes() * 2));
    }
}

#[test]
fn more_players_and_dice() {
    for (side, players, dice, seeds) in [(2, 3, 3, 1..=40), (2, 4, 5, 1..=40), (3, 3, 2, 1..=10)] {
        let rules = Rules::classic(side, players, dice).unwrap();
        for seed in seeds {
            let start = seeded_start(&rules, Player::A, seed).unwrap();
            agree(&rules, &start, ByteSize::new(4 << 20));
        }
    }
}

#[test]
fn a_stopped_parallel_proof_keeps_its_bounds_and_gives_no_move() {
    // A 5x5 board no proof settles within tens of millions of positions
    // (docs/PERFORMANCE.md), so that no thread settles a test before the
    // first one asks.
    let rules = Rules::classic(5, 2, 3).unwrap();
    let start = seeded_start(&rules, Player::A, 4).unwrap();
    let mut asked = 0;
    let proof = prove_parallel(&rules, &start, ByteSize::new(64 << 20), 3, |p| {
        asked += 1;
        assert!(p.lower <= p.upper && p.nodes > 0 && p.bytes > 0);
        true
    })
    .unwrap();
    assert_eq!(asked, 1);
    assert_eq!(
        (proof.lower, proof.upper, proof.best_move, proof.value()),
        (Share::LOSS, Share::WIN, None, None)
    );
    assert!(proof.nodes >= 1024 && proof.stored > 0);
}

#[test]
fn too_little_memory_is_refused_as_on_one_thread() {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let start = seeded_start(&rules, Player::A, 1).unwrap();
    let short = ByteSize::new(least_proof_memory(&rules).bytes() - 1);
    assert!(matches!(
        prove_parallel(&rules, &start, short, 2, |_| false),
        Err(AnalysisError::TooLittleMemory { .. })
    ));
}
