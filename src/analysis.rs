//! Counting and solving whole game trees by walking the memoised DAG once.

use std::collections::BTreeMap;

use crate::game::{GameTree, Move, NodeId, Player, PlayerSet};

/// Figures for the full game tree below a node.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Nodes of the full (unshared) tree: each position counted once for
    /// every path that reaches it.
    pub nodes: u64,
    /// Nodes on the longest path, both ends included (a lone leaf has 1).
    pub depth: u32,
    /// Distinct positions in the tree.
    pub positions: usize,
    /// Leaves of the full tree by their set of winners, sole winners first.
    pub leaves: Vec<(PlayerSet, u64)>,
    /// The perfect-play rating of the start for the player to move there
    /// (1 for a sure win, 1/k for a k-way tie, 0 for a loss).
    pub value: f64,
    /// The first move with the highest rating; `None` when the game is over.
    pub best_move: Option<Move>,
}

/// Why a tree could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The tree has more distinct positions than allowed.
    #[error("the game tree has more than {0} distinct positions: too large to analyse")]
    TooManyPositions(usize),
    /// A count does not fit in 64 bits.
    #[error("the game tree has more than {} nodes: too large to count", u64::MAX)]
    Overflow,
}

/// The rating of a finished game for `player`: 1 for a sole win, 1/k for a
/// k-way tie, 0 for a loss.
///
/// ```
/// use dice_of_doom::analysis::leaf_rating;
/// use dice_of_doom::game::{Player, PlayerSet};
/// let tie: PlayerSet = [Player::A, Player::B].into_iter().collect();
/// assert_eq!(leaf_rating(tie, Player::A), 0.5);
/// assert_eq!(leaf_rating(PlayerSet::single(Player::B), Player::A), 0.0);
/// ```
pub fn leaf_rating(winners: PlayerSet, player: Player) -> f64 {
    if winners.contains(player) {
        1.0 / winners.len() as f64
    } else {
        0.0
    }
}

const UNSEEN: u8 = 0;
const OPEN: u8 = 1;
const DONE: u8 = 2;

/// Counts and solves the whole tree below `start`, building at most
/// `max_positions` distinct positions.
///
/// Each position is visited once: depth and rating are worked out children
/// first, then the number of paths reaching each position is pushed down
/// from the start, which gives the node count of the full tree and its leaf
/// tallies without ever expanding it.
///
/// ```
/// use dice_of_doom::analysis::stats;
/// use dice_of_doom::game::{GameTree, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let stats = stats(&mut tree, root, 1000).unwrap();
/// assert_eq!((stats.nodes, stats.depth, stats.positions), (13, 6, 11));
/// assert_eq!(stats.value, 0.0);
/// ```
pub fn stats(
    tree: &mut GameTree,
    start: NodeId,
    max_positions: usize,
) -> Result<Stats, AnalysisError> {
    let rated = tree.player(start);
    let mut state: Vec<u8> = Vec::new();
    let mut depth: Vec<u32> = Vec::new();
    let mut value: Vec<f64> = Vec::new();
    // Positions in post-order: every position after all of its children.
    let mut order: Vec<NodeId> = Vec::new();
    let grow = |len: usize, state: &mut Vec<u8>, depth: &mut Vec<u32>, value: &mut Vec<f64>| {
        state.resize(len, UNSEEN);
        depth.resize(len, 0);
        value.resize(len, 0.0);
    };

    grow(tree.len(), &mut state, &mut depth, &mut value);
    state[start.index()] = OPEN;
    let mut stack: Vec<(NodeId, usize)> = vec![(start, 0)];
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        let maximise = tree.player(node) == rated;
        let edges = tree.children(node);
        if let Some(edge) = edges.get(*next) {
            *next += 1;
            let child = edge.child;
            if tree.len() > state.len() {
                if tree.len() > max_positions {
                    return Err(AnalysisError::TooManyPositions(max_positions));
                }
                grow(tree.len(), &mut state, &mut depth, &mut value);
            }
            if state[child.index()] == UNSEEN {
                state[child.index()] = OPEN;
                stack.push((child, 0));
            }
            continue;
        }
        // All children are done: finish this node.
        let (d, v) = if edges.is_empty() {
            let winners = tree.position(node).winners();
            (1, leaf_rating(winners, rated))
        } else {
            let children = edges.iter().map(|e| e.child.index());
            let d = 1 + children.clone().map(|c| depth[c]).max().unwrap_or(0);
            let vs = children.map(|c| value[c]);
            let v = if maximise {
                vs.fold(f64::NEG_INFINITY, f64::max)
            } else {
                vs.fold(f64::INFINITY, f64::min)
            };
            (d, v)
        };
        depth[node.index()] = d;
        value[node.index()] = v;
        state[node.index()] = DONE;
        order.push(node);
        stack.pop();
    }

    // Paths from the start to each position, parents before children.
    let mut paths: Vec<u64> = vec![0; tree.len()];
    paths[start.index()] = 1;
    let mut nodes: u64 = 0;
    let mut leaves: BTreeMap<PlayerSet, u64> = BTreeMap::new();
    for &node in order.iter().rev() {
        let here = paths[node.index()];
        nodes = nodes.checked_add(here).ok_or(AnalysisError::Overflow)?;
        let edges = tree.built_children(node).unwrap_or_default();
        if edges.is_empty() {
            let tally = leaves.entry(tree.position(node).winners()).or_default();
            *tally = tally.checked_add(here).ok_or(AnalysisError::Overflow)?;
        }
        for edge in edges {
            let p = &mut paths[edge.child.index()];
            *p = p.checked_add(here).ok_or(AnalysisError::Overflow)?;
        }
    }

    let best_move = tree
        .built_children(start)
        .unwrap_or_default()
        .iter()
        .find(|e| value[e.child.index()] == value[start.index()])
        .map(|e| e.mv);
    Ok(Stats {
        nodes,
        depth: depth[start.index()],
        positions: order.len(),
        leaves: leaves.into_iter().collect(),
        value: value[start.index()],
        best_move,
    })
}
