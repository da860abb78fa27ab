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

/// The perfect-play solution of the tree below a node: every position's
/// rating for one player and its depth, worked out by one walk of the DAG.
#[derive(Clone, Debug)]
pub struct Solution {
    start: NodeId,
    rated: Player,
    depth: Vec<u32>,
    value: Vec<f64>,
    /// Positions in post-order: every position after all of its children.
    order: Vec<NodeId>,
}

impl Solution {
    /// The node the solution was worked out from.
    pub fn start(&self) -> NodeId {
        self.start
    }

    /// The player whose ratings these are (the one to move at the start).
    pub fn rated(&self) -> Player {
        self.rated
    }

    /// The perfect-play rating of a node for [`Solution::rated`], if the node
    /// lies below the start (1 for a sure win, 1/k for a k-way tie, 0 for a
    /// loss).
    pub fn rating(&self, node: NodeId) -> Option<f64> {
        self.order_index_ok(node).then(|| self.value[node.index()])
    }

    /// Nodes on the longest path from a node, both ends included, if the
    /// node lies below the start.
    pub fn depth(&self, node: NodeId) -> Option<u32> {
        self.order_index_ok(node).then(|| self.depth[node.index()])
    }

    /// How many distinct positions lie below the start, itself included.
    pub fn positions(&self) -> usize {
        self.order.len()
    }

    fn order_index_ok(&self, node: NodeId) -> bool {
        // Every node below the start gets a depth of at least 1.
        self.depth.get(node.index()).is_some_and(|&d| d > 0)
    }

    /// The first move at `node` with the highest rating, as Land of Lisp
    /// plays: `None` when the game is over there or the node is not below
    /// the start. The tree must be the one the solution was made from.
    pub fn best_move(&self, tree: &GameTree, node: NodeId) -> Option<Move> {
        let value = self.rating(node)?;
        tree.built_children(node)?
            .iter()
            .find(|e| self.rating(e.child) == Some(value))
            .map(|e| e.mv)
    }
}

/// Solves the whole tree below `start` for the player to move there, building
/// at most `max_positions` distinct positions.
///
/// A leaf is rated with [`leaf_rating`]; a node where the rated player moves
/// takes the highest rating of its children, any other node the lowest (every
/// other player is taken as an opponent). Each position is worked out once,
/// children first, without recursion.
///
/// ```
/// use dice_of_doom::analysis::solve;
/// use dice_of_doom::game::{GameTree, Move, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let solution = solve(&mut tree, root, 1000).unwrap();
/// assert_eq!(solution.rating(root), Some(1.0));
/// assert_eq!(solution.best_move(&tree, root), Some(Move::Attack { from: 0, to: 2 }));
/// ```
pub fn solve(
    tree: &mut GameTree,
    start: NodeId,
    max_positions: usize,
) -> Result<Solution, AnalysisError> {
    let rated = tree.player(start);
    let mut state: Vec<u8> = Vec::new();
    let mut depth: Vec<u32> = Vec::new();
    let mut value: Vec<f64> = Vec::new();
    let mut order: Vec<NodeId> = Vec::new();
    let grow = |len: usize, state: &mut Vec<u8>, depth: &mut Vec<u32>, value: &mut Vec<f64>| {
        state.resize(len, UNSEEN);
        depth.resize(len, 0);
        value.resize(len, 0.0);
    };

    if tree.len() > max_positions {
        return Err(AnalysisError::TooManyPositions(max_positions));
    }
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
    Ok(Solution {
        start,
        rated,
        depth,
        value,
        order,
    })
}

/// Counts and solves the whole tree below `start`, building at most
/// `max_positions` distinct positions.
///
/// Each position is visited once: depth and rating are worked out children
/// first (by [`solve`]), then the number of paths reaching each position is
/// pushed down from the start, which gives the node count of the full tree
/// and its leaf tallies without ever expanding it.
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
    let solution = solve(tree, start, max_positions)?;
    let Solution {
        depth,
        value,
        order,
        ..
    } = &solution;

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

    let best_move = solution.best_move(tree, start);
    Ok(Stats {
        nodes,
        depth: depth[start.index()],
        positions: order.len(),
        leaves: leaves.into_iter().collect(),
        value: value[start.index()],
        best_move,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Position, Rules};

    fn tree(board: &str, first: Player) -> GameTree {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), first).unwrap();
        GameTree::new(rules, start)
    }

    #[test]
    fn stats_reproduce_the_rules_figures() {
        let (a, b) = (Player::A, Player::B);
        // (board, first player, nodes, leaves won by a, leaves won by b)
        let cases = [
            ("a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3", a, 75, 31, 0),
            ("a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3", b, 1_307, 388, 0),
            (
                "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1",
                a,
                845_109,
                340_484,
                10_202,
            ),
            (
                "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1",
                b,
                137_339,
                62_628,
                260,
            ),
        ];
        for (board, first, nodes, won_a, won_b) in cases {
            let mut tree = tree(board, first);
            let root = tree.root();
            let stats = stats(&mut tree, root, 1_000_000).unwrap();
            let won = |p| {
                stats
                    .leaves
                    .iter()
                    .find(|(set, _)| *set == PlayerSet::single(p))
                    .map_or(0, |&(_, n)| n)
            };
            assert_eq!(stats.nodes, nodes, "{board} {first}");
            assert_eq!((won(a), won(b)), (won_a, won_b), "{board} {first}");
        }
    }

    #[test]
    fn solutions_refuse_trees_past_the_budget() {
        let mut tree = tree("a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1", Player::A);
        let root = tree.root();
        assert_eq!(
            solve(&mut tree, root, 100).map(|s| s.positions()),
            Err(AnalysisError::TooManyPositions(100))
        );
        let solution = solve(&mut tree, root, 1_000_000).unwrap();
        assert_eq!(solution.rated(), Player::A);
        let best = solution.best_move(&tree, root).unwrap();
        let child = tree
            .children(root)
            .iter()
            .find(|e| e.mv == best)
            .unwrap()
            .child;
        assert_eq!(solution.rating(child), solution.rating(root));
    }
}
