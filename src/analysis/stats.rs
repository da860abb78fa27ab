//! Figures for the full game tree, counted on the memoised DAG without
//! ever expanding the tree.

use super::solve::{Walk, solve_built, solve_with_progress};
use super::{AnalysisError, Limits, Progress, within_limits};
use crate::game::{GameTree, Move, NodeId, PlayerSet, Share};

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
    /// The perfect-play rating of the start: the player to move there's
    /// share of the outcome (1 for a sure win, 1/k for a k-way tie, 0 for a
    /// loss).
    pub value: Share,
    /// The first move with the highest rating; `None` when the game is over.
    pub best_move: Option<Move>,
}

/// Counts and solves the whole tree below `start`, within `limits` (see
/// [`solve`](super::solve())).
///
/// Each position is visited once: depth and rating are worked out children
/// first (by [`solve`](super::solve())), then the number of paths reaching
/// each position is pushed down from the start, which gives the node count
/// of the full tree and its leaf tallies without ever expanding it.
///
/// ```
/// use dice_of_doom::analysis::{Limits, stats};
/// use dice_of_doom::game::{GameTree, Player, Position, Rules, Share};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let stats = stats(&mut tree, root, Limits::memory("1M".parse().unwrap())).unwrap();
/// assert_eq!((stats.nodes, stats.depth, stats.positions), (13, 6, 11));
/// assert_eq!(stats.value, Share::LOSS);
/// ```
pub fn stats(tree: &mut GameTree, start: NodeId, limits: Limits) -> Result<Stats, AnalysisError> {
    stats_with_progress(tree, start, limits, &mut |_| {})
}

/// [`stats`], calling `progress` every so often while it builds the tree
/// (every 65,536 positions).
pub fn stats_with_progress(
    tree: &mut GameTree,
    start: NodeId,
    limits: Limits,
    progress: &mut dyn FnMut(Progress),
) -> Result<Stats, AnalysisError> {
    stats_on_threads(tree, start, limits, 1, progress)
}

/// [`stats_with_progress`] with the tree built and solved on `threads`
/// threads, where it can be ([`GameTree::build_on_threads_unnumbered`]: a
/// tree of its root alone, one-word positions under the classic rules),
/// and counted on one; the figures are the same whatever the threads, and
/// so is a refusal (a tree past the limits is refused by the walk of one
/// thread).
///
/// ```
/// use dice_of_doom::analysis::{Limits, stats, stats_on_threads};
/// use dice_of_doom::game::{GameTree, Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let mut one = GameTree::new(rules.clone(), start);
/// let mut two = GameTree::new(rules, start);
/// let (root, limits) = (one.root(), Limits::UNLIMITED);
/// let alone = stats(&mut one, root, limits).unwrap();
/// let both = stats_on_threads(&mut two, root, limits, 2, &mut |_| {}).unwrap();
/// assert_eq!(alone, both);
/// assert_eq!(both.nodes, 845_109);
/// ```
pub fn stats_on_threads(
    tree: &mut GameTree,
    start: NodeId,
    limits: Limits,
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<Stats, AnalysisError> {
    let built = threads > 1
        && start == tree.root()
        && within_limits(tree, &limits, |tree| {
            tree.build_on_threads_unnumbered(threads, &mut |positions, bytes| {
                progress(Progress {
                    positions,
                    bytes,
                    written: 0,
                });
            })
        });
    let solution = if built {
        within_limits(tree, &limits, |tree| {
            solve_built(tree, start, threads)
                .map_err(|e| AnalysisError::from_grow(e, tree, &limits))
        })?
    } else {
        solve_with_progress(tree, start, limits, progress)?
    };
    let best_move = solution.best_move(tree, start);
    let (depth, value) = solution.start_figures();
    let Walk {
        scratch: mut paths,
        order,
    } = solution.into_walk();
    let paths: &mut [u64] = &mut paths;
    let view = tree.view();

    // Paths from the start to each position, parents before children.
    paths.fill(0);
    paths[start.index()] = 1;
    let mut nodes: u64 = 0;
    let mut leaves: Vec<(PlayerSet, u64)> = Vec::new();
    for &node in order.iter().rev() {
        let here = paths[node.index()];
        nodes = nodes.checked_add(here).ok_or(AnalysisError::Overflow)?;
        let children = view.built_child_ids(node).unwrap_or_default();
        if children.is_empty() {
            let w = view.winners(node);
            let tally = match leaves.iter_mut().find(|(set, _)| *set == w) {
                Some((_, tally)) => tally,
                None => {
                    leaves.push((w, 0));
                    &mut leaves.last_mut().expect("just pushed").1
                }
            };
            *tally = tally.checked_add(here).ok_or(AnalysisError::Overflow)?;
        }
        for &child in children {
            let p = &mut paths[child.index()];
            *p = p.checked_add(here).ok_or(AnalysisError::Overflow)?;
        }
    }
    leaves.sort_unstable();

    Ok(Stats {
        nodes,
        depth,
        positions: order.len(),
        leaves,
        value,
        best_move,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Map, Player, Position, Rules};

    fn solve(rows: &str, first: Player) -> Stats {
        let board: Board = rows.parse().expect("a board");
        let rules =
            Rules::new(Map::rhombus_of(board.len()).expect("a rhombus"), 2, 3).expect("rules");
        let start = Position::start(&rules, board, first).expect("a start");
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        stats(&mut tree, root, Limits::UNLIMITED).expect("stats")
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
        assert_eq!(s.value, Share::WIN);
        let b_first = solve(rows, Player::B);
        assert_eq!((b_first.nodes, b_first.depth), (1, 1));
    }

    /// The figures on threads are one thread's, on every shipped board with
    /// each player first and on random 3x3 boards of 2 and 3 players; and so
    /// is the refusal of a tree past its limits.
    #[test]
    fn threads_give_the_figures_of_one_thread() {
        use crate::analysis::ByteSize;
        use rand::SeedableRng;
        let mut games = crate::game::shipped::shipped_games();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(38);
        for players in [2, 3] {
            let rules = Rules::classic(3, players, 3).expect("rules");
            for _ in 0..4 {
                let board =
                    crate::game::random_board(&rules, Player::A, &mut rng).expect("a board");
                let start = Position::start(&rules, board, Player::A).expect("a start");
                games.push((rules.clone(), start));
            }
        }
        let limited = [
            Limits::UNLIMITED,
            Limits::positions(1_000),
            Limits::memory(ByteSize::new(100_000)),
        ];
        for (rules, start) in games {
            for limits in limited {
                let mut tree = GameTree::new(rules.clone(), start);
                let root = tree.root();
                let alone = stats(&mut tree, root, limits);
                for threads in [2, 3] {
                    let mut tree = GameTree::new(rules.clone(), start);
                    let both = stats_on_threads(&mut tree, root, limits, threads, &mut |_| {});
                    assert_eq!(both, alone, "{start:?}, {threads} threads, {limits:?}");
                }
            }
        }
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
            stats(&mut tree, root, Limits::positions(100)),
            Err(AnalysisError::TooManyPositions(100))
        );
        assert_eq!(
            AnalysisError::TooManyPositions(20_000_000).to_string(),
            "the game tree has more than 20,000,000 distinct positions, the most allowed"
        );
    }
}
