//! The solve of a whole built tree on several threads (a child module of
//! `solve`).
//!
//! Every thread walks the DAG depth first from the start, as the solver of
//! one thread does, each taking a node's children from another place in
//! their list (the first thread in menu order, the second from the middle,
//! and so on), so that they part at once and meet late. They share one
//! word a position: a position another thread has solved is not entered
//! again, and one that two threads reach before either has solved it is
//! solved by both, to the same word (a position's depth and rating are a
//! function of its children's). A thread leaves a position only once each
//! of its children is solved, by it or by another, so every word it reads
//! is final.
//!
//! There is no post-order to keep: the positions are listed by depth
//! instead (a child is always shallower than its parent), which is the
//! order `stats` counts paths in.

use std::sync::atomic::{AtomicU64, Ordering};

use zerocopy::{FromBytes, IntoBytes};

use super::{Solution, depth_of, finished, leaf_rank, pack};
use crate::game::{GameTree, GrowError, HugeVec, NodeId, grow_within, resize_within};

/// A position's word before it is solved (a solved one has a depth of at
/// least 1).
const UNSOLVED: u64 = 0;

/// Solves the tree below `start` on `threads` threads (the caller's and
/// `threads - 1` more), for the player to move there: the same words as
/// the walk of one thread, listed by depth rather than in post-order.
/// Every position below `start` must be built (as
/// [`GameTree::build_on_threads`] leaves the tree from its root); the tree
/// does not grow. Memory the system refuses is an error.
pub(in crate::analysis) fn solve_built(
    tree: &GameTree,
    start: NodeId,
    threads: usize,
) -> Result<Solution, GrowError> {
    let rated = tree.player(start);
    let len = tree.len();
    let mut data: HugeVec<u64> = HugeVec::new();
    data.resize_within(len, len, UNSOLVED)?;
    let mut stacks: Vec<Vec<(NodeId, bool)>> = Vec::new();
    grow_within(&mut stacks, threads, usize::MAX)?;
    stacks.resize_with(threads.max(1), Vec::new);
    {
        let words = <[AtomicU64]>::mut_from_bytes(data[..].as_mut_bytes())
            .expect("u64 and AtomicU64 share their layout");
        let words: &[AtomicU64] = words;
        let count = stacks.len();
        let results: Vec<Result<(), GrowError>> = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            let mut stacks = stacks.iter_mut().enumerate();
            let first = stacks.next();
            for (turn, stack) in stacks {
                handles.push(
                    scope.spawn(move || walk(tree, words, start, rated, (turn, count), stack)),
                );
            }
            let mut results = Vec::new();
            if let Some((turn, stack)) = first {
                results.push(walk(tree, words, start, rated, (turn, count), stack));
            }
            for handle in handles {
                results.push(
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                );
            }
            results
        });
        results.into_iter().collect::<Result<(), GrowError>>()?;
    }
    let order = by_depth(&data, len)?;
    Ok(Solution {
        start,
        rated,
        data,
        order,
    })
}

/// One thread's walk: depth first from `start`, the children of a node
/// taken from `turn.0 / turn.1` of the way along their list, solving every
/// position no thread has solved yet.
fn walk(
    tree: &GameTree,
    words: &[AtomicU64],
    start: NodeId,
    rated: crate::game::Player,
    (turn, threads): (usize, usize),
    stack: &mut Vec<(NodeId, bool)>,
) -> Result<(), GrowError> {
    let view = tree.view();
    let solved = |node: NodeId| words[node.index()].load(Ordering::Relaxed) != UNSOLVED;
    grow_within(stack, 1, usize::MAX)?;
    stack.push((start, true));
    while let Some((node, enter)) = stack.pop() {
        if solved(node) {
            continue;
        }
        let children = view.built_child_ids(node).unwrap_or_default();
        if enter {
            grow_within(stack, children.len() + 1, usize::MAX)?;
            stack.push((node, false));
            // Taken from the stack last first: the child at `from` first.
            let from = children.len() * turn / threads;
            let (before, after) = children.split_at(from);
            for &child in before.iter().rev().chain(after.iter().rev()) {
                if !solved(child) {
                    stack.push((child, true));
                }
            }
            continue;
        }
        let word = if children.is_empty() {
            pack(1, leaf_rank(view.winners(node), rated))
        } else {
            let maximise = view.player(node) == rated;
            finished(
                children
                    .iter()
                    .map(|child| words[child.index()].load(Ordering::Relaxed)),
                maximise,
            )
        };
        words[node.index()].store(word, Ordering::Relaxed);
    }
    Ok(())
}

/// The solved positions (those of a word) by depth, shallowest first, and
/// by id within a depth: every position after its children.
fn by_depth(data: &[u64], len: usize) -> Result<HugeVec<NodeId>, GrowError> {
    let mut starts: Vec<usize> = Vec::new();
    for &word in data {
        if word != UNSOLVED {
            let depth = depth_of(word) as usize;
            if depth >= starts.len() {
                resize_within(&mut starts, depth + 1, usize::MAX, 0)?;
            }
            starts[depth] += 1;
        }
    }
    let mut total = 0;
    for start in &mut starts {
        let count = *start;
        *start = total;
        total += count;
    }
    let mut order: HugeVec<NodeId> = HugeVec::new();
    order.resize_within(total, len, bytemuck::cast(0u32))?;
    let slots: &mut [NodeId] = &mut order;
    for (id, &word) in data.iter().enumerate() {
        if word != UNSOLVED {
            let at = &mut starts[depth_of(word) as usize];
            // Every id fits in a u32: the tree has at most u32::MAX nodes.
            slots[*at] = bytemuck::cast(id as u32);
            *at += 1;
        }
    }
    Ok(order)
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
