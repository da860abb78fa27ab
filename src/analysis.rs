//! Counting and solving whole game trees by walking the memoised DAG once.

pub mod dot;
pub mod survey;

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

/// A whole number with its thousands grouped: `1,468,919,491`.
///
/// ```
/// use dice_of_doom::analysis::group_digits;
/// assert_eq!(group_digits(1_468_919_491u64), "1,468,919,491");
/// assert_eq!(group_digits("2821109907456"), "2,821,109,907,456");
/// assert_eq!(group_digits(999u16), "999");
/// ```
pub fn group_digits(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
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

/// A rating as a small number in the same order: 0 for a loss, and
/// `9 - k` for a share of a `k`-way win (so a sole win is 8).
type Rank = u8;

fn leaf_rank(winners: PlayerSet, player: Player) -> Rank {
    if winners.contains(player) {
        9 - winners.len() as u8
    } else {
        0
    }
}

fn rank_value(rank: Rank) -> f64 {
    if rank == 0 {
        0.0
    } else {
        1.0 / f64::from(9 - rank)
    }
}

/// What [`stats`] keeps for each position while rating: the depth and the
/// rank in one word (the same words then count paths).
#[inline]
const fn pack(depth: u32, rank: Rank) -> u64 {
    ((depth as u64) << 8) | rank as u64
}

#[inline]
const fn depth_of(word: u64) -> u32 {
    (word >> 8) as u32
}

#[inline]
const fn rank_of(word: u64) -> Rank {
    word as u8
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
    /// Per position: depth and rank, packed (0 for a position not below the
    /// start).
    data: Vec<u64>,
    /// The winners at each leaf.
    winners: Vec<PlayerSet>,
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
        self.word(node).map(|w| rank_value(rank_of(w)))
    }

    /// Nodes on the longest path from a node, both ends included, if the
    /// node lies below the start.
    pub fn depth(&self, node: NodeId) -> Option<u32> {
        self.word(node).map(depth_of)
    }

    /// How many distinct positions lie below the start, itself included.
    pub fn positions(&self) -> usize {
        self.order.len()
    }

    fn word(&self, node: NodeId) -> Option<u64> {
        // Every node below the start has a depth of at least 1.
        self.data
            .get(node.index())
            .copied()
            .filter(|&w| depth_of(w) > 0)
    }

    /// The first move at `node` with the highest rating, as Land of Lisp
    /// plays: `None` when the game is over there or the node is not below
    /// the start. The tree must be the one the solution was made from.
    pub fn best_move(&self, tree: &GameTree, node: NodeId) -> Option<Move> {
        let rank = rank_of(self.word(node)?);
        tree.built_children(node)?
            .iter()
            .find(|e| self.word(e.child).map(rank_of) == Some(rank))
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
    let mut data: Vec<u64> = Vec::new();
    let mut winners: Vec<PlayerSet> = Vec::new();
    // The walk's state of each position: it is read for every edge.
    let mut state: Vec<u8> = Vec::new();
    let mut order: Vec<NodeId> = Vec::new();

    let grow = |data: &mut Vec<u64>, winners: &mut Vec<PlayerSet>, state: &mut Vec<u8>, len| {
        if len > max_positions {
            return Err(AnalysisError::TooManyPositions(max_positions));
        }
        data.resize(len, 0);
        winners.resize(len, PlayerSet::EMPTY);
        state.resize(len, UNSEEN);
        Ok(())
    };
    grow(&mut data, &mut winners, &mut state, tree.len())?;

    // An explicit depth-first walk: a node is entered (its children are
    // built and pushed above it) and left once everything above it is done.
    // The game graph has no cycles (every turn loses dice), so a child is
    // never an ancestor still waiting to be left.
    let mut stack: Vec<(NodeId, bool)> = vec![(start, true)];
    while let Some((node, enter)) = stack.pop() {
        let i = node.index();
        if enter {
            if state[i] != UNSEEN {
                continue;
            }
            state[i] = OPEN;
            stack.push((node, false));
            tree.children(node);
            if tree.len() > state.len() {
                grow(&mut data, &mut winners, &mut state, tree.len())?;
            }
            let edges = tree.built_children(node).unwrap_or_default();
            for edge in edges.iter().rev() {
                if state[edge.child.index()] == UNSEEN {
                    stack.push((edge.child, true));
                }
            }
            continue;
        }
        // All children are done: finish this node.
        let edges = tree.built_children(node).unwrap_or_default();
        data[i] = if edges.is_empty() {
            let w = tree.winners(node);
            winners[i] = w;
            pack(1, leaf_rank(w, rated))
        } else {
            let mut depth = 0;
            let maximise = tree.player(node) == rated;
            let mut rank = if maximise { Rank::MIN } else { Rank::MAX };
            for edge in edges {
                let child = data[edge.child.index()];
                depth = depth.max(depth_of(child));
                rank = if maximise {
                    rank.max(rank_of(child))
                } else {
                    rank.min(rank_of(child))
                };
            }
            pack(depth + 1, rank)
        };
        state[i] = DONE;
        order.push(node);
    }
    Ok(Solution {
        start,
        rated,
        data,
        winners,
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
    let best_move = solution.best_move(tree, start);
    let Solution {
        mut data,
        winners,
        order,
        ..
    } = solution;
    let (depth, rank) = (depth_of(data[start.index()]), rank_of(data[start.index()]));

    // Paths from the start to each position, parents before children.
    let paths = &mut data;
    paths.fill(0);
    paths[start.index()] = 1;
    let mut nodes: u64 = 0;
    let mut leaves: Vec<(PlayerSet, u64)> = Vec::new();
    for &node in order.iter().rev() {
        let here = paths[node.index()];
        nodes = nodes.checked_add(here).ok_or(AnalysisError::Overflow)?;
        let edges = tree.built_children(node).unwrap_or_default();
        if edges.is_empty() {
            let w = winners[node.index()];
            let tally = match leaves.iter_mut().find(|(set, _)| *set == w) {
                Some((_, tally)) => tally,
                None => {
                    leaves.push((w, 0));
                    &mut leaves.last_mut().expect("just pushed").1
                }
            };
            *tally = tally.checked_add(here).ok_or(AnalysisError::Overflow)?;
        }
        for edge in edges {
            let p = &mut paths[edge.child.index()];
            *p = p.checked_add(here).ok_or(AnalysisError::Overflow)?;
        }
    }
    leaves.sort_unstable();

    Ok(Stats {
        nodes,
        depth,
        positions: order.len(),
        leaves,
        value: rank_value(rank),
        best_move,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (123_456, "123,456"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, shown) in cases {
            assert_eq!(group_digits(n), shown);
        }
    }

    #[test]
    fn ranks_order_ratings() {
        let sets: Vec<PlayerSet> = (1u8..=255)
            .map(|bits| {
                (0..8)
                    .filter(|i| bits & (1 << i) != 0)
                    .filter_map(Player::new)
                    .collect()
            })
            .collect();
        for &x in &sets {
            for &y in &sets {
                let (rx, ry) = (leaf_rank(x, Player::A), leaf_rank(y, Player::A));
                assert_eq!(rank_value(rx), leaf_rating(x, Player::A));
                let (vx, vy) = (leaf_rating(x, Player::A), leaf_rating(y, Player::A));
                assert_eq!(rx.cmp(&ry), vx.total_cmp(&vy), "{x} {y}");
            }
        }
    }
    use crate::game::{Board, Map, Position, Rules};

    fn solve(rows: &str, first: Player) -> Stats {
        let board: Board = rows.parse().expect("a board");
        let rules =
            Rules::new(Map::rhombus_of(board.len()).expect("a rhombus"), 2, 3).expect("rules");
        let start = Position::start(&rules, board, first).expect("a start");
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        stats(&mut tree, root, usize::MAX).expect("stats")
    }

    fn tally(stats: &Stats, player: Player) -> u64 {
        stats
            .leaves
            .iter()
            .filter(|(set, _)| *set == PlayerSet::single(player))
            .map(|(_, n)| n)
            .sum()
    }

    #[test]
    fn rules_md_figures() {
        // (board, first, nodes, leaves won by a, by b): RULES.md section 2.
        let (a, b) = (Player::A, Player::B);
        let cases = [
            ("b-2 b-2 / a-2 b-1", a, 13, 0, 5),
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
            (
                "a-1 a-3 a-1 / b-2 b-2 b-3 / a-2 b-1 b-2",
                a,
                3_890_171,
                186_513,
                1_065_740,
            ),
            (
                "a-1 a-3 a-1 / b-2 b-2 b-3 / a-2 b-1 b-2",
                b,
                5_065_637,
                440_445,
                1_322_381,
            ),
        ];
        for (rows, first, nodes, by_a, by_b) in cases {
            let s = solve(rows, first);
            assert_eq!(s.nodes, nodes, "{rows}, {first} first");
            assert_eq!((tally(&s, a), tally(&s, b)), (by_a, by_b), "{rows}");
        }
        let example = solve("b-2 b-2 / a-2 b-1", a);
        assert_eq!((example.depth, example.positions), (6, 11));
    }

    #[test]
    fn board_e_is_counted_on_its_dag() {
        let rows = "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3";
        let s = solve(rows, Player::A);
        assert_eq!(
            (s.nodes, s.depth, s.positions),
            (1_468_919_491, 40, 201_861)
        );
        assert_eq!(
            (tally(&s, Player::A), tally(&s, Player::B)),
            (486_894_802, 35_311_505)
        );
        assert_eq!(s.value, 1.0);
        let b_first = solve(rows, Player::B);
        assert_eq!((b_first.nodes, b_first.depth), (1, 1));
    }

    #[test]
    fn solutions_rate_every_position_and_refuse_trees_past_the_budget() {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        assert_eq!(
            super::solve(&mut tree, root, 100).map(|s| s.positions()),
            Err(AnalysisError::TooManyPositions(100))
        );
        let solution = super::solve(&mut tree, root, 1_000_000).unwrap();
        assert_eq!(solution.rated(), Player::A);
        assert_eq!(solution.start(), root);
        let best = solution.best_move(&tree, root).unwrap();
        let child = tree
            .children(root)
            .iter()
            .find(|e| e.mv == best)
            .unwrap()
            .child;
        assert_eq!(solution.rating(child), solution.rating(root));
        assert_eq!(
            solution
                .depth(root)
                .map(|d| d > solution.depth(child).unwrap()),
            Some(true)
        );
    }

    #[test]
    fn too_many_positions_is_an_error() {
        let board: Board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1"
            .parse()
            .expect("a board");
        let rules = Rules::classic(3, 2, 3).expect("rules");
        let start = Position::start(&rules, board, Player::A).expect("a start");
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        assert_eq!(
            stats(&mut tree, root, 100),
            Err(AnalysisError::TooManyPositions(100))
        );
    }
}
