//! Values on the graph: its strongly connected components in reverse
//! topological order (Tarjan), each solved once its successors are: a
//! position on no cycle exactly, in one step; a cycle by interval
//! iteration, a lower bound raised from 0 and an upper bound lowered from 1
//! until they meet within the tolerance.

use super::graph::Graph;
use crate::analysis::AnalysisError;

/// A position's or a move's bounds: its value is at least the first and at
/// most the second. Kept together, so that a sweep reads both at once.
pub(super) type Bounds = [f64; 2];

/// What the iteration found: each position's bounds, and how it went.
pub(super) struct Values {
    /// Each position's bounds.
    pub(super) bounds: Vec<Bounds>,
    /// The components with a cycle.
    pub(super) cyclic_components: usize,
    /// The positions on cycles.
    pub(super) cyclic_positions: usize,
    /// The most positions in one component.
    pub(super) largest_component: usize,
    /// The most sweeps one component took.
    pub(super) sweeps: u64,
    /// The sweeps over every component.
    pub(super) total_sweeps: u64,
    /// Whether every component's bounds met within the tolerance.
    pub(super) converged: bool,
}

/// The most sweeps over one component: past it the bounds found so far
/// stand (and say so).
pub(super) const MAX_SWEEPS: u64 = 1_000_000;

/// The bounds of a move: the expectation of its outcomes' bounds.
#[inline]
pub(super) fn move_value(graph: &Graph, m: usize, bounds: &[Bounds]) -> Bounds {
    let mut sum = [0.0, 0.0];
    for o in graph.outcomes_of(m) {
        let p = graph.probabilities[usize::from(graph.outcome_chance[o])];
        let [lower, upper] = bounds[graph.outcome_target[o] as usize];
        sum[0] += p * lower;
        sum[1] += p * upper;
    }
    sum
}

/// The bounds of position `n` from its successors' bounds: its share where
/// the game is over, the best move for the rated player, the worst for the
/// others.
#[inline]
fn position_value(graph: &Graph, n: usize, bounds: &[Bounds]) -> Bounds {
    let moves = graph.moves_of(n);
    if moves.is_empty() {
        return [graph.leaf_share[n]; 2];
    }
    let values = moves.map(|m| move_value(graph, m, bounds));
    if graph.rated_to_move[n] {
        values.fold([f64::NEG_INFINITY; 2], |[a, b], [c, d]| {
            [a.max(c), b.max(d)]
        })
    } else {
        values.fold([f64::INFINITY; 2], |[a, b], [c, d]| [a.min(c), b.min(d)])
    }
}

/// A vector of `n` copies of `value`, or the error of memory refused.
fn filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>, AnalysisError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| AnalysisError::OutOfMemory {
            positions: n,
            bytes: n * size_of::<T>(),
        })?;
    v.resize(n, value);
    Ok(v)
}

/// Solves every position of the graph, bounds within `tolerance` where the
/// iteration reaches it. The memory it takes was counted when the graph
/// was built; the system may still refuse it.
pub(super) fn solve(graph: &Graph, tolerance: f64) -> Result<Values, AnalysisError> {
    let n = graph.len();
    let mut values = Values {
        bounds: filled(n, [0.0, 1.0])?,
        cyclic_components: 0,
        cyclic_positions: 0,
        largest_component: 0,
        sweeps: 0,
        total_sweeps: 0,
        converged: true,
    };
    // Tarjan's algorithm, without recursion. `index[v]` is 0 for a position
    // not yet reached, else its visit order plus one; `DONE` once its
    // component is solved.
    const DONE: u32 = u32::MAX;
    let mut index = filled(n, 0u32)?;
    let mut low = filled(n, 0u32)?;
    let mut stack: Vec<u32> = filled(n, 0)?;
    stack.clear();
    // The walk: a position and the next of its successors to look at.
    let mut walk: Vec<(u32, u32)> = filled(n, (0, 0))?;
    walk.clear();
    let mut counter = 0u32;
    for root in 0..n {
        if index[root] != 0 {
            continue;
        }
        counter += 1;
        index[root] = counter;
        low[root] = counter;
        stack.push(root as u32);
        walk.push((root as u32, graph.successors_of(root).start as u32));
        while let Some(&mut (v, ref mut next)) = walk.last_mut() {
            let v = v as usize;
            let end = graph.successors_of(v).end as u32;
            if *next < end {
                let w = graph.outcome_target[*next as usize] as usize;
                *next += 1;
                if index[w] == 0 {
                    counter += 1;
                    index[w] = counter;
                    low[w] = counter;
                    stack.push(w as u32);
                    walk.push((w as u32, graph.successors_of(w).start as u32));
                } else if index[w] != DONE {
                    // On the stack: in v's component.
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            walk.pop();
            if let Some(&(parent, _)) = walk.last() {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let at = stack.iter().rposition(|&u| u as usize == v).unwrap_or(0);
                let component: Vec<u32> = stack.drain(at..).collect();
                for &u in &component {
                    index[u as usize] = DONE;
                }
                solve_component(graph, &component, tolerance, &mut values);
            }
        }
    }
    Ok(values)
}

/// Solves one component, all of whose successors outside it are solved.
fn solve_component(graph: &Graph, component: &[u32], tolerance: f64, values: &mut Values) {
    values.largest_component = values.largest_component.max(component.len());
    if let [v] = *component {
        let v = v as usize;
        let self_loop = graph
            .successors_of(v)
            .any(|o| graph.outcome_target[o] as usize == v);
        if !self_loop {
            values.bounds[v] = position_value(graph, v, &values.bounds);
            return;
        }
    }
    values.cyclic_components += 1;
    values.cyclic_positions += component.len();
    // Gauss-Seidel sweeps, the positions in the reverse of the order they
    // were reached in (deeper positions, nearer the ends of games, first:
    // on 2x2 boards this takes a quarter fewer sweeps than the other way,
    // and a symmetric sweep, both ways by turns, more than either).
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut gap: f64 = 0.0;
        let mut changed = false;
        for &v in component.iter().rev() {
            let v = v as usize;
            let new = position_value(graph, v, &values.bounds);
            changed |= new != values.bounds[v];
            values.bounds[v] = new;
            gap = gap.max(new[1] - new[0]);
        }
        if gap <= tolerance {
            break;
        }
        if !changed || sweeps >= MAX_SWEEPS {
            values.converged = false;
            break;
        }
    }
    values.sweeps = values.sweeps.max(sweeps);
    values.total_sweeps += sweeps;
}
