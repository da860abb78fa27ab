//! Perfect play over the whole tree: every position's share of the outcome
//! for one player, worked out by one walk of the memoised DAG.

mod parallel;

pub(super) use parallel::solve_built;

use super::memory::{PROGRESS_EVERY, vec_bytes};
use super::{AnalysisError, Limits, Progress, within_limits};
use crate::game::{
    GameTree, GrowError, HugeVec, Move, NodeId, Player, PlayerSet, Share, grow_within,
};

/// The solver's private storage of a [`Share`]: a byte in the same order,
/// 0 for a loss and `9 - k` for a `k`-way share of a win (a sole win is 8).
/// It holds the shares of finished games only, which is all that perfect
/// play without chance takes the best or worst of.
pub(super) type Rank = u8;

/// The rank of a share: `None` for a probability no finished game gives.
pub(super) fn rank(share: Share) -> Option<Rank> {
    match share.shared_by() {
        // `shared_by` is at most MAX_PLAYERS, 8.
        Some(k) => Some(9 - k as Rank),
        None => (share == Share::LOSS).then_some(0),
    }
}

/// The share a rank stands for.
pub(super) fn share(rank: Rank) -> Share {
    // Rank 0 would be a 9-way tie, which is no tie: a loss.
    9usize
        .checked_sub(usize::from(rank))
        .and_then(Share::tie)
        .unwrap_or(Share::LOSS)
}

/// The rank of `player`'s share of a finished game won by `winners`.
pub(super) fn leaf_rank(winners: PlayerSet, player: Player) -> Rank {
    rank(Share::of(winners, player)).expect("a finished game's share is 0 or 1/k")
}

/// What the solver keeps for each position: the depth and the rank in one
/// word (`stats` then reuses the words to count paths).
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

/// The word of a position with children, from its children's words: one
/// deeper than the deepest, and the best rank for the side to move
/// (`maximise` when it is the rated player).
fn finished(children: impl Iterator<Item = u64>, maximise: bool) -> u64 {
    let mut depth = 0;
    let mut rank = if maximise { Rank::MIN } else { Rank::MAX };
    for child in children {
        depth = depth.max(depth_of(child));
        rank = if maximise {
            rank.max(rank_of(child))
        } else {
            rank.min(rank_of(child))
        };
    }
    pack(depth + 1, rank)
}

/// The positions the solver's tables are lengthened by, past the tree's.
const GROW_AHEAD: usize = 4096;

/// A position's word before the walk reaches it (a solved one has a depth
/// of at least 1).
const UNSEEN: u64 = 0;
/// A position's word while the walk is below it.
const OPEN: u64 = u64::MAX;

/// The perfect-play solution of the tree below a node: every position's
/// rating (its [`Share`] for one player) and its depth, worked out by one
/// walk of the DAG.
#[derive(Clone, Debug)]
pub struct Solution {
    start: NodeId,
    rated: Player,
    /// Per position: depth and rank, packed (0 for a position not below the
    /// start).
    data: HugeVec<u64>,
    /// Positions in post-order: every position after all of its children.
    order: HugeVec<NodeId>,
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

    /// The perfect-play rating of a node: [`Solution::rated`]'s share of the
    /// outcome (1 for a sure win, 1/k for a k-way tie, 0 for a loss), if the
    /// node lies below the start.
    pub fn rating(&self, node: NodeId) -> Option<Share> {
        self.word(node).map(|w| share(rank_of(w)))
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

    /// The start's depth and rating (the start is always solved).
    pub(super) fn start_figures(&self) -> (u32, Share) {
        let word = self.data[self.start.index()];
        (depth_of(word), share(rank_of(word)))
    }

    /// What counting the full tree needs once the solution is read: the
    /// positions in post-order, and the per-position words to reuse as
    /// scratch space.
    pub(super) fn into_walk(self) -> Walk {
        Walk {
            scratch: self.data,
            order: self.order,
        }
    }

    /// The first move at `node` with the highest rating, as Land of Lisp
    /// plays: `None` when the game is over there or the node is not below
    /// the start. The tree must be the one the solution was made from.
    pub fn best_move(&self, tree: &GameTree, node: NodeId) -> Option<Move> {
        let rank = rank_of(self.word(node)?);
        tree.built_children(node)?
            .into_iter()
            .find(|e| self.word(e.child).map(rank_of) == Some(rank))
            .map(|e| e.mv)
    }
}

/// What a [`Solution`] leaves for counting the full tree (see
/// [`Solution::into_walk`]).
pub(super) struct Walk {
    /// One word per position, free to overwrite.
    pub(super) scratch: HugeVec<u64>,
    /// Positions in post-order: every position after all of its children.
    pub(super) order: HugeVec<NodeId>,
}

/// Solves the whole tree below `start` for the player to move there, within
/// `limits`: the tree and the solver's own tables stay within its memory and
/// positions, and a tree past them is an error.
///
/// A leaf is rated with [`Share::of`] its winners; a node where the rated player moves
/// takes the highest rating of its children, any other node the lowest (every
/// other player is taken as an opponent). Each position is worked out once,
/// children first, without recursion.
///
/// ```
/// use dice_of_doom::analysis::{Limits, solve};
/// use dice_of_doom::game::{GameTree, Move, Player, Position, Rules, Share};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let solution = solve(&mut tree, root, Limits::positions(1000)).unwrap();
/// assert_eq!(solution.rating(root), Some(Share::WIN));
/// assert_eq!(solution.best_move(&tree, root), Some(Move::Attack { from: 0, to: 2 }));
/// ```
pub fn solve(
    tree: &mut GameTree,
    start: NodeId,
    limits: Limits,
) -> Result<Solution, AnalysisError> {
    solve_until(tree, start, limits, |_| false).map(|s| s.expect("never stopped"))
}

/// How many positions [`solve_until`] enters between two calls of its
/// `should_stop`.
pub const STOP_CHECK_EVERY: usize = 1024;

/// [`solve`], asking `should_stop` with the number of positions entered so
/// far every [`STOP_CHECK_EVERY`] positions, and giving up (`Ok(None)`) as
/// soon as it answers yes: a clock or a node budget can bound the solve.
///
/// ```
/// use dice_of_doom::analysis::{Limits, STOP_CHECK_EVERY, solve_until};
/// use dice_of_doom::game::{GameTree, Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let limits = Limits::positions(1_000_000);
/// let stopped = solve_until(&mut tree, root, limits, |entered| entered >= STOP_CHECK_EVERY);
/// assert!(stopped.unwrap().is_none());
/// ```
pub fn solve_until(
    tree: &mut GameTree,
    start: NodeId,
    limits: Limits,
    mut should_stop: impl FnMut(usize) -> bool,
) -> Result<Option<Solution>, AnalysisError> {
    solve_with(tree, start, limits, &mut |_| {}, &mut should_stop)
}

/// [`solve`], calling `progress` every so often (every 65,536 positions).
pub(super) fn solve_with_progress(
    tree: &mut GameTree,
    start: NodeId,
    limits: Limits,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solution, AnalysisError> {
    solve_with(tree, start, limits, progress, &mut |_| false).map(|s| s.expect("never stopped"))
}

/// The solve, within the limits, with both callbacks.
fn solve_with(
    tree: &mut GameTree,
    start: NodeId,
    limits: Limits,
    progress: &mut dyn FnMut(Progress),
    should_stop: &mut dyn FnMut(usize) -> bool,
) -> Result<Option<Solution>, AnalysisError> {
    within_limits(tree, &limits, |tree| {
        walk(tree, start, progress, should_stop)
            .map_err(|e| AnalysisError::from_grow(e, tree, &limits))
    })
}

/// The solver's walk, within the tree's limits; `Ok(None)` when
/// `should_stop` stopped it.
fn walk(
    tree: &mut GameTree,
    start: NodeId,
    progress: &mut dyn FnMut(Progress),
    should_stop: &mut dyn FnMut(usize) -> bool,
) -> Result<Option<Solution>, GrowError> {
    let rated = tree.player(start);
    // Each position's word: UNSEEN, OPEN while the walk is below it, then
    // its depth and rank.
    let mut data: HugeVec<u64> = HugeVec::new();
    let mut order: HugeVec<NodeId> = HugeVec::new();

    // The per-position tables grow with the tree, a few thousand positions
    // ahead of it (not at every expansion), and within its limits.
    let max = tree.limits().positions;
    let grow = |data: &mut HugeVec<u64>, order: &mut HugeVec<NodeId>, len: usize| {
        let len = len.saturating_add(GROW_AHEAD).min(max).max(len);
        data.resize_within(len, max, UNSEEN)?;
        // Every position is pushed once: room for them all now.
        order.grow_within(len - order.len(), max)
    };
    grow(&mut data, &mut order, tree.len())?;
    let mut entered = 0usize;
    // The words and the order as plain slices, taken again when they grow,
    // and the bytes they hold.
    let mut held = data.heap_bytes() + order.heap_bytes();
    let mut words: &mut [u64] = &mut data;
    let (mut placed, mut done) = order.room_mut();

    // An explicit depth-first walk: a node is entered (its children are
    // built and pushed above it) and left once everything above it is done.
    // The game graph has no cycles (every turn loses dice), so a child is
    // never an ancestor still waiting to be left.
    let mut stack: Vec<(NodeId, bool)> = vec![(start, true)];
    while let Some((node, enter)) = stack.pop() {
        let i = node.index();
        if enter {
            if words[i] != UNSEEN {
                continue;
            }
            entered += 1;
            if entered.is_multiple_of(STOP_CHECK_EVERY) && should_stop(entered) {
                return Ok(None);
            }
            words[i] = OPEN;
            stack.push((node, false));
            let before = tree.len();
            let children = tree.try_child_ids(node)?;
            // The nodes built for them took the next ids.
            let len = children.iter().fold(before, |n, c| n.max(c.index() + 1));
            if len > words.len() {
                grow(&mut data, &mut order, len)?;
                held = data.heap_bytes() + order.heap_bytes();
                words = &mut data;
                (placed, done) = order.room_mut();
            }
            grow_within(&mut stack, children.len(), usize::MAX)?;
            for &child in children.iter().rev() {
                if words[child.index()] == UNSEEN {
                    stack.push((child, true));
                }
            }
            if entered.is_multiple_of(PROGRESS_EVERY) {
                progress(Progress {
                    positions: tree.len(),
                    bytes: tree.heap_bytes() + held + vec_bytes(&stack),
                    written: 0,
                });
            }
            continue;
        }
        // All children are done: finish this node.
        let view = tree.view();
        let children = view.built_child_ids(node).unwrap_or_default();
        words[i] = if children.is_empty() {
            pack(1, leaf_rank(view.winners(node), rated))
        } else {
            let maximise = view.player(node) == rated;
            finished(children.iter().map(|child| words[child.index()]), maximise)
        };
        // Room was made for every position.
        placed[*done] = node;
        *done += 1;
    }
    Ok(Some(Solution {
        start,
        rated,
        data,
        order,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Position, Rules};

    #[test]
    fn ranks_convert_to_and_from_shares() {
        let tie = |k| Share::tie(k).unwrap();
        let cases = [
            (Share::LOSS, 0),
            (tie(8), 1),
            (tie(7), 2),
            (tie(6), 3),
            (tie(5), 4),
            (tie(4), 5),
            (tie(3), 6),
            (tie(2), 7),
            (Share::WIN, 8),
        ];
        for (s, r) in cases {
            assert_eq!(rank(s), Some(r), "{s}");
            assert_eq!(share(r), s, "{r}");
        }
        for p in [0.3, 0.75, 1e-9] {
            assert_eq!(Share::probability(p).and_then(rank), None, "{p}");
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
                assert_eq!(share(rx), Share::of(x, Player::A));
                let (vx, vy) = (Share::of(x, Player::A), Share::of(y, Player::A));
                assert_eq!(rx.cmp(&ry), vx.cmp(&vy), "{x} {y}");
            }
        }
    }

    #[test]
    fn solutions_rate_every_position_and_refuse_trees_past_the_budget() {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        assert_eq!(
            solve(&mut tree, root, Limits::positions(100)).map(|s| s.positions()),
            Err(AnalysisError::TooManyPositions(100))
        );
        assert!(tree.len() <= 100);
        let memory = super::super::ByteSize::new(20_000);
        let budget = Limits::memory(memory).tree_limits(&tree).positions;
        assert!((150..350).contains(&budget), "{budget}");
        assert_eq!(
            solve(&mut tree, root, Limits::memory(memory)).map(|s| s.positions()),
            Err(AnalysisError::TooLarge {
                memory,
                positions: tree.len()
            })
        );
        assert!(tree.len() <= budget);
        assert!(tree.heap_bytes() <= memory.bytes());
        let solution = solve(&mut tree, root, Limits::positions(1_000_000)).unwrap();
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
}
