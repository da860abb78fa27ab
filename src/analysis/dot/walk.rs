//! The bounded count of a drawing (a child module of `dot`): the nodes of
//! the expanded tree or the distinct positions of the shared one, counted
//! on the memoised tree and given up once past the limit; and the walk of
//! the DAG that both the count and the shared drawing take.

use super::{DotError, DotOptions, EXACT_COUNT_POSITIONS};
use crate::analysis::memory::{PROGRESS_EVERY, vec_bytes};
use crate::analysis::{AnalysisError, Progress, within_limits};
use crate::game::{GameTree, GrowError, NodeId, TreeLimits, grow_within, resize_within};

/// The nodes of the drawing below `start` (distinct positions for the
/// shared one), or [`DotError::TooManyNodes`] past `options.max_nodes`,
/// calling `progress` every so often. The count walks the memoised tree,
/// adding up the expanded nodes below each position, and stops as soon as
/// the nodes on the path it is on pass the limit (after at most
/// [`EXACT_COUNT_POSITIONS`] positions, which it may go on to for the
/// exact size); it builds the tree within `options.limits`.
///
/// On `options.threads` threads (from the root of a tree of its root
/// alone), the whole tree is first built on the threads
/// ([`GameTree::build_on_threads`]), as long as it has no more positions
/// than `options.max_nodes`: a larger tree is refused by the count anyway
/// (more positions than nodes allowed, in either drawing), and the part
/// built on the threads is dropped, so that one thread refuses it as it
/// would have. The tree built is the one
/// the count of one thread builds, id for id, so the count, a refusal and
/// the drawing are the same whatever the threads.
pub fn count(
    tree: &mut GameTree,
    start: NodeId,
    options: &DotOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, DotError> {
    let max = options.max_nodes;
    if options.threads > 1 && start == tree.root() {
        build_first(tree, options, progress);
    }
    let counted = within_limits(tree, &options.limits, |tree| {
        let counted = if options.shared {
            count_shared(tree, start, max, progress)
        } else {
            count_expanded(tree, start, max, progress)
        };
        counted.map_err(|e| AnalysisError::from_grow(e, tree, &options.limits))
    })?;
    match counted {
        Some(nodes) if nodes <= max => Ok(nodes),
        nodes => Err(DotError::TooManyNodes {
            nodes,
            max,
            shared: options.shared,
        }),
    }
}

/// Builds the whole tree on `options.threads` threads, within the limits
/// and to no more positions than the drawing may have nodes; a tree past
/// them is left at its root.
fn build_first(tree: &mut GameTree, options: &DotOptions, progress: &mut dyn FnMut(Progress)) {
    let allowed = usize::try_from(options.max_nodes).unwrap_or(usize::MAX);
    within_limits(tree, &options.limits, |tree| {
        let limits = tree.limits();
        tree.set_limits(TreeLimits {
            positions: limits.positions.min(allowed),
            ..limits
        });
        tree.build_on_threads(options.threads, &mut |positions, bytes| {
            progress(Progress {
                positions,
                bytes,
                written: 0,
            });
        });
        tree.set_limits(limits);
    });
}

/// Whether a count that has passed its limit after `steps` positions
/// should stop rather than go on for the exact size.
fn give_up(over: bool, steps: usize) -> bool {
    over && steps > EXACT_COUNT_POSITIONS
}

/// A position of the expanded tree being counted: the next child to look
/// at, and the nodes counted so far below it (itself included).
struct Frame {
    node: NodeId,
    next: usize,
    nodes: u64,
}

/// The nodes of the expanded tree below `start`, or `None` when it has more
/// than `max` (or more than `u64::MAX`).
fn count_expanded(
    tree: &mut GameTree,
    start: NodeId,
    max: u64,
    progress: &mut dyn FnMut(Progress),
) -> Result<Option<u64>, GrowError> {
    // The expanded nodes below each position counted to the end (0: not yet).
    let mut size: Vec<u64> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    grow_within(&mut frames, 1, usize::MAX)?;
    frames.push(Frame {
        node: start,
        next: 0,
        nodes: 1,
    });
    // The nodes counted on the path: each is below `start`, so the tree has
    // at least as many.
    let mut on_path: u64 = 1;
    let mut steps = 0usize;
    let max_positions = tree.limits().positions;
    while let Some(&Frame { node, next, .. }) = frames.last() {
        let child = tree.try_child_ids(node)?.get(next).copied();
        let Some(child) = child else {
            // Every child is counted: the position is done.
            let Some(done) = frames.pop() else { break };
            resize_within(&mut size, tree.len(), max_positions, 0)?;
            size[done.node.index()] = done.nodes;
            let Some(parent) = frames.last_mut() else {
                return Ok(Some(done.nodes));
            };
            match parent.nodes.checked_add(done.nodes) {
                Some(n) => parent.nodes = n,
                None => return Ok(None),
            }
            continue;
        };
        if let Some(top) = frames.last_mut() {
            top.next += 1;
        }
        match size.get(child.index()).copied().unwrap_or(0) {
            0 => {
                grow_within(&mut frames, 1, usize::MAX)?;
                frames.push(Frame {
                    node: child,
                    next: 0,
                    nodes: 1,
                });
                on_path = on_path.saturating_add(1);
                steps += 1;
                if steps.is_multiple_of(PROGRESS_EVERY) {
                    progress(Progress {
                        positions: tree.len(),
                        bytes: tree.heap_bytes() + vec_bytes(&size) + vec_bytes(&frames),
                        written: 0,
                    });
                }
            }
            known => {
                let Some(top) = frames.last_mut() else { break };
                match top.nodes.checked_add(known) {
                    Some(n) => top.nodes = n,
                    None => return Ok(None),
                }
                on_path = on_path.saturating_add(known);
            }
        }
        if give_up(on_path > max, steps) {
            return Ok(None);
        }
    }
    Ok(None)
}

/// The distinct positions below `start`, or `None` when there are more
/// than `max`.
fn count_shared(
    tree: &mut GameTree,
    start: NodeId,
    max: u64,
    progress: &mut dyn FnMut(Progress),
) -> Result<Option<u64>, GrowError> {
    let mut count = 0usize;
    let mut stopped = false;
    walk_shared(tree, start, |tree, _, held| {
        count += 1;
        if count.is_multiple_of(PROGRESS_EVERY) {
            progress(Progress {
                positions: tree.len(),
                bytes: tree.heap_bytes() + held,
                written: 0,
            });
        }
        stopped = give_up(count as u64 > max, count);
        Ok::<_, GrowError>(!stopped)
    })?;
    Ok((!stopped).then_some(count as u64))
}

/// Visits each distinct position below `start` once, in the order a
/// depth-first walk in menu order first meets it, building its children
/// first; `visit` gets the bytes the walk holds besides the tree, and stops
/// the walk by giving `false`.
pub(super) fn walk_shared<E: From<GrowError>>(
    tree: &mut GameTree,
    start: NodeId,
    mut visit: impl FnMut(&GameTree, NodeId, usize) -> Result<bool, E>,
) -> Result<(), E> {
    let max_positions = tree.limits().positions;
    let mut seen: Vec<bool> = Vec::new();
    let mut stack: Vec<NodeId> = Vec::new();
    grow_within(&mut stack, 1, usize::MAX)?;
    stack.push(start);
    while let Some(node) = stack.pop() {
        if seen.get(node.index()).copied().unwrap_or(false) {
            continue;
        }
        let children = tree.try_child_ids(node)?.len();
        resize_within(&mut seen, tree.len(), max_positions, false)?;
        seen[node.index()] = true;
        if !visit(tree, node, vec_bytes(&seen) + vec_bytes(&stack))? {
            break;
        }
        grow_within(&mut stack, children, usize::MAX)?;
        let children = tree.built_child_ids(node).unwrap_or_default();
        stack.extend(children.iter().rev().filter(|c| !seen[c.index()]));
    }
    Ok(())
}

#[cfg(test)]
#[path = "walk_tests.rs"]
mod tests;
