//! Land of Lisp's second AI: a depth-limited alpha-beta search with the book's
//! crude leaf score.

use super::{Analysis, Budget, Clock, RatedMove, Rating, Strategy, lol_score};
use crate::game::{Move, Player, Position, Rules};

/// The book's search depth, in moves.
pub const LOL_DEPTH: u32 = 4;

/// The book's version 2 computer player: the game tree cut at depth 4
/// (moves, ending a turn included), every leaf (a cut or a finished game)
/// scored with [`lol_score`] for the player to move at the root, maximised
/// where she moves and minimised elsewhere, with alpha-beta pruning; it plays
/// the first move with the highest score.
///
/// Within a budget it deepens one move at a time (1, 2, 3, 4) and plays the
/// deepest search it completed; a node is a position the search visits
/// (every pass counted), and the clock is read every 256 of them. The first
/// pass (each move, one deep) always completes. With enough budget the result
/// is the book's depth-4 one.
///
/// ```
/// use dice_of_doom::ai::{Budget, Lol, Strategy};
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let mv = Lol::new().choose(&rules, &start, Budget::UNLIMITED).unwrap();
/// assert!(start.moves(&rules).contains(&mv));
/// ```
#[derive(Clone, Debug)]
pub struct Lol {
    depth: u32,
    /// Nodes visited by the last analysis.
    nodes: u64,
}

impl Default for Lol {
    fn default() -> Self {
        Lol::new()
    }
}

impl Lol {
    /// The book's player, depth 4.
    pub fn new() -> Lol {
        Lol::with_depth(LOL_DEPTH)
    }

    /// The same player searching `depth` moves deep (at least 1).
    pub fn with_depth(depth: u32) -> Lol {
        Lol {
            depth: depth.max(1),
            nodes: 0,
        }
    }

    /// Nodes (positions) visited by the last analysis, over all its passes.
    pub fn last_nodes(&self) -> u64 {
        self.nodes
    }
}

/// One decision's alpha-beta walk, within a budget.
struct Walk<'a> {
    rules: &'a Rules,
    rated: Player,
    clock: Clock,
    /// Positions visited so far (the nodes of the budget).
    nodes: u64,
    /// Whether the budget is watched (not in the first, shallowest pass).
    watched: bool,
    /// Whether the budget ran out: the pass under way is worthless.
    aborted: bool,
}

impl Walk<'_> {
    /// The book's rating of `position` for the rated player, `depth` moves
    /// deep, with alpha-beta pruning in the window (`alpha`, `beta`),
    /// fail-hard; meaningless once the walk is aborted.
    fn alpha_beta(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.watched
            && (self.clock.out_of_nodes(self.nodes)
                || (self.nodes.is_multiple_of(CLOCK_EVERY) && self.clock.out_of_time()))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let rules = self.rules;
        let moves = position.moves(rules);
        if depth == 0 || moves.is_empty() {
            return lol_score(rules, position.board(), self.rated);
        }
        // The rated player raises the lower bound, everyone else lowers the upper.
        let maximise = position.player() == self.rated;
        for mv in moves {
            let v = self.alpha_beta(&position.after(rules, mv), depth - 1, alpha, beta);
            if self.aborted {
                return 0;
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if maximise { alpha } else { beta }
    }

    /// Every root move rated `depth` moves deep (the move itself counted),
    /// and the first best; `None` if the budget ran out.
    fn root(
        &mut self,
        position: &Position,
        menu: &[Move],
        depth: u32,
        full: bool,
    ) -> Option<Analysis> {
        // Scores are at most a few hundred: these are beyond any of them.
        let (low, high) = (i32::MIN / 2, i32::MAX / 2);
        let mut alpha = low;
        let mut choice = 0;
        let mut best = low;
        let mut moves = Vec::with_capacity(menu.len());
        for (i, &mv) in menu.iter().enumerate() {
            let window = if full { low } else { alpha };
            let child = position.after(self.rules, mv);
            let v = self.alpha_beta(&child, depth - 1, window, high);
            if self.aborted {
                return None;
            }
            if v > best {
                best = v;
                choice = i;
            }
            alpha = alpha.max(v);
            moves.push(RatedMove {
                mv,
                rating: Rating::Estimate(v),
            });
        }
        Some(Analysis { moves, choice })
    }
}

/// Positions visited between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

impl Strategy for Lol {
    fn name(&self) -> &'static str {
        "lol"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        let mut walk = Walk {
            rules,
            rated: position.player(),
            clock: Clock::start(budget),
            nodes: 0,
            watched: false,
            aborted: false,
        };
        // Deepened one move at a time while the budget lasts, keeping the
        // deepest complete pass; the first pass always completes, so there
        // is always a move. Without a budget, only the full depth is searched.
        let first = if budget == Budget::UNLIMITED {
            self.depth
        } else {
            1
        };
        let mut analysis = None;
        for depth in first..=self.depth {
            walk.watched = depth > first;
            match walk.root(position, &menu, depth, full) {
                Some(done) => analysis = Some(done),
                None => break,
            }
        }
        self.nodes = walk.nodes;
        analysis
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing::random_boards;

    /// The book's rating without pruning.
    fn minimax(rules: &Rules, position: &Position, rated: Player, depth: u32) -> i32 {
        let moves = position.moves(rules);
        if depth == 0 || moves.is_empty() {
            return lol_score(rules, position.board(), rated);
        }
        let values = moves
            .iter()
            .map(|&mv| minimax(rules, &position.after(rules, mv), rated, depth - 1));
        if position.player() == rated {
            values.max().unwrap_or(0)
        } else {
            values.min().unwrap_or(0)
        }
    }

    #[test]
    fn a_node_budget_bounds_the_search_and_reproduces() {
        let rules = Rules::classic(4, 3, 5).unwrap();
        for board in random_boards(&rules, 8, 6) {
            let start = Position::start(&rules, board, Player::A).unwrap();
            let menu = start.moves(&rules).len() as u64;
            let analyse = |budget| {
                let mut ai = Lol::new();
                let analysis = ai.analyse(&rules, &start, budget, false).unwrap();
                (analysis, ai.last_nodes())
            };
            // The first pass always completes: a tiny budget plays one deep.
            let one_deep = Lol::with_depth(1)
                .analyse(&rules, &start, Budget::UNLIMITED, false)
                .unwrap();
            assert_eq!(analyse(Budget::nodes(1)).0, one_deep);
            for n in [1, 10, 100, 1_000, 10_000] {
                let (analysis, nodes) = analyse(Budget::nodes(n));
                assert!(nodes <= n.max(menu + 1), "{n}: {nodes} nodes");
                assert_eq!(analyse(Budget::nodes(n)), (analysis, nodes), "{n}");
            }
            // With enough budget, the book's depth-4 answer.
            let book = Lol::new()
                .analyse(&rules, &start, Budget::UNLIMITED, false)
                .unwrap();
            assert_eq!(analyse(Budget::nodes(u64::MAX)).0, book);
        }
    }

    #[test]
    fn pruning_changes_neither_the_scores_nor_the_choice() {
        for (side, players, seed) in [(3, 2, 1), (4, 2, 2), (3, 3, 3)] {
            let rules = Rules::classic(side, players, 3).unwrap();
            for board in random_boards(&rules, seed, 15) {
                let start = Position::start(&rules, board, Player::A).unwrap();
                let full = Lol::new()
                    .analyse(&rules, &start, Budget::UNLIMITED, true)
                    .unwrap();
                let pruned = Lol::new()
                    .analyse(&rules, &start, Budget::UNLIMITED, false)
                    .unwrap();
                let exact: Vec<i32> = start
                    .moves(&rules)
                    .iter()
                    .map(|&mv| minimax(&rules, &start.after(&rules, mv), Player::A, 3))
                    .collect();
                let best = exact.iter().copied().max().unwrap();
                let first_best = exact.iter().position(|&v| v == best).unwrap();
                for (m, &v) in full.moves.iter().zip(&exact) {
                    assert_eq!(m.rating, Rating::Estimate(v), "{board:?} {}", m.mv);
                }
                assert_eq!(full.choice, first_best, "{board:?}");
                assert_eq!(pruned.choice, first_best, "{board:?}");
            }
        }
    }
}
