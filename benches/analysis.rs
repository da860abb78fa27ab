//! Benchmarks of the analysis, each checking the figure it computes so that a
//! wrong answer cannot pass for a fast one. Run with `cargo bench`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dice_of_doom::analysis::sample::seeded_start;
use dice_of_doom::analysis::survey::{SurveyOptions, survey};
use dice_of_doom::analysis::{ByteSize, Limits, prove, stats};
use dice_of_doom::game::{
    Board, GameTree, Map, Player, PlayerSet, Position, Rules, Share, random_board,
};
use rand::SeedableRng;

fn board_file(name: &str) -> Board {
    let path = format!("{}/boards/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the board file");
    text.parse().expect("a board")
}

/// Board E's full statistics: 1,468,919,491 nodes on 201,861 positions.
fn board_e(c: &mut Criterion) {
    let board = board_file("3x3-e.txt");
    let rules = Rules::classic(3, 2, 3).expect("rules");
    c.bench_function("stats of board E", |b| {
        b.iter(|| {
            let start = Position::start(&rules, board, Player::A).expect("a start");
            let mut tree = GameTree::new(rules.clone(), start);
            let root = tree.root();
            let s = stats(&mut tree, root, Limits::UNLIMITED).expect("stats");
            assert_eq!(
                (s.nodes, s.depth, s.positions),
                (1_468_919_491, 40, 201_861)
            );
            assert_eq!(
                s.leaves,
                [
                    (PlayerSet::single(Player::A), 486_894_802),
                    (PlayerSet::single(Player::B), 35_311_505)
                ]
            );
            assert_eq!(s.value, Share::WIN);
            black_box(s)
        })
    });
}

/// Move generation: the children of every position of board E's tree,
/// built depth first (no search): each child packed and looked up, 201,861
/// positions and 472,108 moves in all.
fn moves_board_e(c: &mut Criterion) {
    let board = board_file("3x3-e.txt");
    let rules = Rules::classic(3, 2, 3).expect("rules");
    c.bench_function("children of every position of board E", |b| {
        b.iter(|| {
            let start = Position::start(&rules, board, Player::A).expect("a start");
            let mut tree = GameTree::new(rules.clone(), start);
            let mut queue = vec![tree.root()];
            let mut seen = vec![true];
            let mut moves = 0usize;
            while let Some(node) = queue.pop() {
                // The nodes alone: the tree works a move out again only
                // when it is asked for.
                let children = tree.try_child_ids(node).expect("within the limits");
                moves += children.len();
                for &child in children {
                    let i = child.index();
                    if i >= seen.len() {
                        seen.resize(i + 1, false);
                    }
                    if !seen[i] {
                        seen[i] = true;
                        queue.push(child);
                    }
                }
            }
            assert_eq!((tree.len(), moves), (201_861, 472_108));
            black_box(tree.len())
        })
    });
}

/// All 1,296 2x2 boards, with a first and with b first.
fn survey_2x2(c: &mut Criterion) {
    c.bench_function("survey of all 2x2 boards, each player first", |b| {
        b.iter(|| {
            for first in [Player::A, Player::B] {
                let mut options = SurveyOptions::new(Map::rhombus(2).expect("a map"), 3);
                options.first = first;
                let s = survey(&options, &|_| {}).expect("a survey");
                assert_eq!(
                    (s.boards, s.wins, s.losses, s.ties, s.no_move, s.largest.0),
                    (1296, 416, 200, 30, 650, 269)
                );
                black_box(s);
            }
        })
    });
}

/// Building and walking the lazy tree along one game on a 5x5 board: at
/// each node the children are built, and the game follows a fixed pattern
/// of menu choices to its end.
fn lazy_5x5(c: &mut Criterion) {
    let rules = Rules::classic(5, 2, 3).expect("rules");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let board = random_board(&rules, Player::A, &mut rng).expect("a board");
    c.bench_function("lazy tree along one 5x5 game", |b| {
        b.iter(|| {
            let start = Position::start(&rules, board, Player::A).expect("a start");
            let mut tree = GameTree::new(rules.clone(), start);
            let mut node = tree.root();
            let mut plies = 0u32;
            loop {
                let edges = tree.children(node);
                if edges.is_empty() {
                    break;
                }
                node = edges[(plies as usize * 7 + 3) % edges.len()].child;
                plies += 1;
            }
            assert_eq!((plies, tree.len(), tree.winners(node)), LAZY_5X5_FIGURES);
            black_box(node)
        })
    });
}

/// Plies played, nodes built and winners of the 5x5 game above.
const LAZY_5X5_FIGURES: (u32, usize, PlayerSet) = (56, 314, PlayerSet::single(Player::A));

/// Proving the value of a random 4x4 board (seed 57, as `solve --size 4
/// --seed 57` deals it): a win for a, which the whole-tree solver cannot
/// reach in 1.4 GiB.
fn solve_4x4(c: &mut Criterion) {
    let rules = Rules::classic(4, 2, 3).expect("rules");
    let start = seeded_start(&rules, Player::A, 57).expect("a board");
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.bench_function("prove a 4x4 board (seed 57)", |b| {
        b.iter(|| {
            let proof = prove(&rules, &start, ByteSize::new(1 << 30), |_| false).expect("a proof");
            assert_eq!(proof.value(), Some(Share::WIN));
            assert_eq!((proof.nodes, proof.stored), SOLVE_4X4_FIGURES);
            black_box(proof)
        })
    });
    group.finish();
}

/// Positions searched and stored by the 4x4 proof above.
const SOLVE_4X4_FIGURES: (u64, usize) = (47_408, 29_511);

criterion_group!(
    benches,
    board_e,
    moves_board_e,
    survey_2x2,
    lazy_5x5,
    solve_4x4
);
criterion_main!(benches);
