//! The tree of [`Mcts`](super::Mcts): decision nodes, one for each line of
//! moves and battle outcomes from the root, their edges (a move each, with
//! its statistics for the player who makes it) and the bound on their
//! memory.

use super::leaf::Values;
use crate::game::{MAX_PLAYERS, Move, Player};

/// No node: an outcome not met yet.
pub(super) const NONE: u32 = u32::MAX;

/// A move out of a node, and what came of it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    /// The move.
    pub(super) mv: Move,
    /// Its prior weight: the softmax numerator of its rating (see
    /// [`rating`](super::rollout::rating)) at the priors' temperature.
    pub(super) weight: f32,
    /// The simulations through it.
    pub(super) visits: u32,
    /// The sum of their values for the player who makes the move (max-n:
    /// each edge is judged by its mover).
    pub(super) sum: f32,
    /// The node each outcome leads to: the attack taken (or the turn
    /// ended), the attack failed; [`NONE`] until met.
    pub(super) child: [u32; 2],
}

impl Edge {
    /// An edge not tried yet.
    pub(super) fn new(mv: Move, weight: f32) -> Edge {
        Edge {
            mv,
            weight,
            visits: 0,
            sum: 0.0,
            child: [NONE; 2],
        }
    }

    /// The mean value of the simulations through it for its mover.
    pub(super) fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum / self.visits as f32
        }
    }
}

/// A decision: the position (or, after random placements, the positions)
/// reached by one line of moves and outcomes from the root.
#[derive(Clone, Debug, Default)]
pub(super) struct Node {
    /// The moves tried or offered from here; filled on the node's first
    /// decision, and grown when a placement drawn anew offers a move not
    /// met before.
    pub(super) edges: Vec<Edge>,
}

/// The tree: its nodes, the root first, and a bound on its size.
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    edges: usize,
    max_nodes: usize,
    max_edges: usize,
}

/// A step of a simulation's path: the node, the edge taken, its mover.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub(super) node: u32,
    pub(super) edge: u32,
    pub(super) mover: Player,
}

impl Tree {
    /// A tree of its root alone, holding at most `max_nodes` nodes and
    /// `max_edges` edges.
    pub(super) fn new(max_nodes: usize, max_edges: usize) -> Tree {
        Tree {
            nodes: vec![Node::default()],
            edges: 0,
            max_nodes: max_nodes.max(1),
            max_edges,
        }
    }

    /// Whether the tree may grow by a node.
    pub(super) fn has_room(&self) -> bool {
        self.nodes.len() < self.max_nodes && self.edges < self.max_edges
    }

    /// A new child of `step`'s edge for `outcome`, if the tree has room.
    pub(super) fn grow(&mut self, step: Step, outcome: usize) -> Option<u32> {
        if !self.has_room() {
            return None;
        }
        let id = u32::try_from(self.nodes.len()).ok()?;
        self.nodes.push(Node::default());
        self.nodes[step.node as usize].edges[step.edge as usize].child[outcome] = id;
        Some(id)
    }

    /// Adds an edge to `node` (room permitting, always for the root);
    /// its index.
    pub(super) fn offer(&mut self, node: u32, edge: Edge) -> Option<u32> {
        if node != 0 && self.edges >= self.max_edges {
            return None;
        }
        let edges = &mut self.nodes[node as usize].edges;
        let i = u32::try_from(edges.len()).ok()?;
        edges.push(edge);
        self.edges += 1;
        Some(i)
    }

    /// Adds the simulation's values to every edge of its path, each for
    /// its mover.
    pub(super) fn back_up(&mut self, path: &[Step], values: &Values) {
        for step in path {
            let edge = &mut self.nodes[step.node as usize].edges[step.edge as usize];
            edge.visits += 1;
            edge.sum += values[usize::from(step.mover.index()) % MAX_PLAYERS as usize];
        }
    }
}
