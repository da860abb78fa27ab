use super::*;
use crate::analysis::{Limits, solve};

/// Every position of a tree built on threads gets, on 2 and 3 threads, the
/// depth and rating the solver of one thread gives it, and the positions
/// are listed once each, every one after its children: on every shipped
/// board, each player first.
#[test]
fn threads_solve_every_position_as_one_thread() {
    for (rules, start) in crate::game::shipped::shipped_games() {
        let mut alone = GameTree::new(rules.clone(), start);
        let root = alone.root();
        let expected = solve(&mut alone, root, Limits::UNLIMITED).expect("solved");
        for threads in [2, 3] {
            let mut tree = GameTree::new(rules.clone(), start);
            assert!(tree.build_on_threads_unnumbered(threads, &mut |_, _| {}));
            let solution = solve_built(&tree, root, threads).expect("solved");
            assert_eq!(solution.positions(), expected.positions());
            assert_eq!(solution.rated(), expected.rated());
            let mut listed = vec![false; tree.len()];
            for &node in solution.order.iter() {
                assert!(!listed[node.index()], "listed twice");
                for &child in tree.built_child_ids(node).expect("built") {
                    assert!(listed[child.index()], "a child after its parent");
                }
                listed[node.index()] = true;
            }
            for (id, &seen) in listed.iter().enumerate() {
                assert!(seen);
                let node: NodeId = bytemuck::cast(id as u32);
                let other = alone
                    .find(&tree.position(node))
                    .expect("the same positions");
                assert_eq!(solution.depth(node), expected.depth(other));
                assert_eq!(solution.rating(node), expected.rating(other));
            }
            assert_eq!(
                solution.best_move(&tree, root),
                expected.best_move(&alone, root)
            );
        }
    }
}
