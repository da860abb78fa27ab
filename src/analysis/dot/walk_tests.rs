use super::super::{DotOptions, write_dot};
use super::*;
use crate::analysis::{ByteSize, Limits};
use crate::game::{Player, Position, Rules};
use rand::SeedableRng;

/// The games: every shipped board with each player first, and random 3x3
/// boards of 2 and 3 players (a fixed seed).
fn games() -> Vec<(Rules, Position)> {
    let mut games = crate::game::shipped::shipped_games();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(38);
    for players in [2, 3] {
        let rules = Rules::classic(3, players, 3).expect("rules");
        for _ in 0..3 {
            let board = crate::game::random_board(&rules, Player::A, &mut rng).expect("a board");
            let start = Position::start(&rules, board, Player::A).expect("a start");
            games.push((rules.clone(), start));
        }
    }
    games
}

/// The count, and the drawing when it is allowed and small, as text.
fn counted(rules: &Rules, start: &Position, options: &DotOptions) -> String {
    let mut tree = GameTree::new(rules.clone(), *start);
    let root = tree.root();
    let nodes = count(&mut tree, root, options, &mut |_| {});
    let mut out = format!("{nodes:?}\n");
    // The drawings of up to 50,000 nodes.
    if nodes.as_ref().is_ok_and(|&n| n <= 50_000) {
        let mut text = Vec::new();
        let written = write_dot(&mut tree, root, options, &mut text, &mut |_| {});
        out.push_str(&format!("{written:?}\n"));
        out.push_str(&String::from_utf8(text).expect("UTF-8"));
    }
    out
}

/// The count and the drawing on threads are one thread's, byte for byte
/// (the shared drawing names its nodes by their ids): both drawings, a
/// limit on the nodes that lets them through, one that refuses them after
/// the exact count or without it, and limits on the memory and positions.
#[test]
fn threads_count_and_draw_as_one_thread() {
    let mut built = 0;
    for (rules, start) in games() {
        for shared in [false, true] {
            for max_nodes in [u64::MAX, 50_000, 2_000, 200, 1] {
                for limits in [
                    Limits::UNLIMITED,
                    Limits::positions(1_000),
                    Limits::memory(ByteSize::new(100_000)),
                ] {
                    let options = DotOptions {
                        shared,
                        max_nodes,
                        limits,
                        threads: 1,
                    };
                    let alone = counted(&rules, &start, &options);
                    built += usize::from(alone.starts_with("Ok"));
                    for threads in [2, 3] {
                        let options = DotOptions {
                            threads,
                            ..options.clone()
                        };
                        let both = counted(&rules, &start, &options);
                        assert!(both == alone, "{start:?}, {options:?}");
                    }
                }
            }
        }
    }
    assert!(built >= 20, "{built} drawings");
}

/// A tree larger than the count walks is refused as cheaply on threads:
/// the part built on them is dropped.
#[test]
fn a_large_tree_is_refused_on_threads_at_its_root() {
    let (rules, start) = games().swap_remove(6);
    let options = DotOptions {
        threads: 2,
        ..DotOptions::default()
    };
    let mut tree = GameTree::new(rules, start);
    let root = tree.root();
    let refused = count(&mut tree, root, &options, &mut |_| {});
    assert!(
        matches!(refused, Err(DotError::TooManyNodes { nodes: None, .. })),
        "{refused:?}"
    );
    assert!(tree.expanded() <= EXACT_COUNT_POSITIONS + 1);
}
