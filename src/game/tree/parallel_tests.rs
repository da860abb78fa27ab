use super::*;
use crate::game::expand::random_game;
use crate::game::{Player, Position, Rules, TreeLimits};

use crate::game::shipped::{BOARDS, shipped};

/// The whole tree built on one thread: every node's children, in the order
/// of the ids (a node's children take the next ids, so this reaches all).
fn built_alone(rules: &Rules, start: &Position) -> GameTree {
    let mut tree = GameTree::new(rules.clone(), *start);
    let mut node = 0;
    while node < tree.len() {
        tree.children(NodeId(node as u32));
        node += 1;
    }
    tree
}

/// The whole tree built on one thread as the solver's walk builds it:
/// depth first from the root, children in menu order, each node's children
/// built when the walk first enters it.
fn built_depth_first(rules: &Rules, start: &Position) -> GameTree {
    let mut tree = GameTree::new(rules.clone(), *start);
    let mut entered = vec![false; 1];
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        if entered[node.index()] {
            continue;
        }
        let children = tree.children(node).to_vec();
        entered.resize(tree.len(), false);
        entered[node.index()] = true;
        stack.extend(
            children
                .iter()
                .rev()
                .map(|e| e.child)
                .filter(|c| !entered[c.index()]),
        );
    }
    tree
}

/// The two trees are the same id for id: every node the same position and
/// the same children.
fn assert_same_ids(alone: &GameTree, threads: &GameTree) {
    assert_eq!(threads.len(), alone.len());
    assert_eq!(threads.expanded(), alone.expanded());
    assert_eq!(threads.edge_count(), alone.edge_count());
    for node in 0..threads.len() {
        let node = NodeId(node as u32);
        assert_eq!(threads.position(node), alone.position(node));
        assert_eq!(threads.built_child_ids(node), alone.built_child_ids(node));
    }
}

/// The two trees have the same positions, and each position the same
/// moves to the same positions, whatever ids they were given.
fn assert_same_tree(alone: &mut GameTree, threads: &mut GameTree) {
    assert_eq!(threads.len(), alone.len());
    assert_eq!(threads.expanded(), alone.expanded());
    assert_eq!(threads.edge_count(), alone.edge_count());
    for node in 0..threads.len() {
        let node = NodeId(node as u32);
        let position = threads.position(node);
        assert_eq!(threads.find(&position), Some(node));
        let other = alone.find(&position).expect("the same positions");
        let edges = threads.built_children(node).expect("every node built");
        let expected = alone.built_children(other).expect("every node built");
        assert_eq!(edges.len(), expected.len());
        for (edge, expected) in edges.iter().zip(&expected) {
            assert_eq!(edge.mv, expected.mv);
            assert_eq!(threads.position(edge.child), alone.position(expected.child));
        }
    }
}

#[test]
fn the_shipped_boards_build_the_same_tree_on_threads() {
    for text in BOARDS {
        for first in [Player::A, Player::B] {
            let (rules, start) = shipped(text, first);
            let mut alone = built_alone(&rules, &start);
            let depth_first = built_depth_first(&rules, &start);
            for threads in [2, 3, 4] {
                let mut tree = GameTree::new(rules.clone(), start);
                let mut levels = 0;
                assert!(tree.build_on_threads(threads, &mut |_, _| levels += 1));
                assert!(levels >= 1);
                assert_same_tree(&mut alone, &mut tree);
                assert_same_ids(&depth_first, &tree);
            }
        }
    }
}

#[test]
fn random_boards_build_the_same_tree_on_threads() {
    // Rhombus and region maps of one-word positions, 2 to 4 players.
    let mut built = 0;
    for seed in 0..60u64 {
        let side = 2 + (seed % 2) as usize;
        let (players, dice) = (2 + (seed % 3) as usize, 2 + (seed % 3) as usize);
        let region = seed % 4 == 3;
        let Some((rules, start)) =
            random_game(side, 5 + (seed % 5) as usize, region, players, dice, seed)
        else {
            continue;
        };
        let mut tree = GameTree::new(rules.clone(), start);
        tree.set_limits(TreeLimits {
            positions: 200_000,
            edges: 1_000_000,
        });
        if !tree.build_on_threads(2, &mut |_, _| {}) {
            // Too large for the test's limits, or not one word: only the
            // root is left.
            assert_eq!((tree.len(), tree.expanded()), (1, 0));
            continue;
        }
        built += 1;
        let mut alone = built_alone(&rules, &start);
        assert_same_tree(&mut alone, &mut tree);
        assert_same_ids(&built_depth_first(&rules, &start), &tree);
    }
    assert!(built >= 30, "{built} trees built");
}

#[test]
fn a_tree_past_its_limits_is_left_at_its_root() {
    let (rules, start) = shipped(BOARDS[3], Player::A);
    for limits in [
        TreeLimits {
            positions: 1_000,
            edges: u32::MAX as usize,
        },
        TreeLimits {
            positions: u32::MAX as usize,
            edges: 1_000,
        },
    ] {
        let mut tree = GameTree::new(rules.clone(), start);
        tree.set_limits(limits);
        assert!(!tree.build_on_threads(2, &mut |_, _| {}));
        assert_eq!((tree.len(), tree.expanded(), tree.edge_count()), (1, 0, 0));
        assert_eq!(tree.limits(), limits);
        assert_eq!(tree.position(tree.root()), start);
    }
}

#[test]
fn one_thread_or_a_tree_grown_past_its_root_is_not_built() {
    let (rules, start) = shipped(BOARDS[0], Player::A);
    let mut tree = GameTree::new(rules.clone(), start);
    assert!(!tree.build_on_threads(1, &mut |_, _| {}));
    assert_eq!(tree.len(), 1);
    let root = tree.root();
    tree.children(root);
    let len = tree.len();
    assert!(!tree.build_on_threads(2, &mut |_, _| {}));
    assert_eq!((tree.len(), tree.expanded()), (len, 1));
    // Positions of more than one word (a 5x5 board) are built by one
    // thread as it goes.
    let (rules, start) = random_game(5, 0, false, 2, 3, 1).expect("a 5x5 game");
    let mut tree = GameTree::new(rules, start);
    assert!(!tree.build_on_threads(2, &mut |_, _| {}));
    assert_eq!(tree.len(), 1);
}
