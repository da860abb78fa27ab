//! Land of Lisp's perfect play, on the memoised game tree.

use std::time::Instant;

use super::{Analysis, Budget, Clock, RatedMove, Rating, Search, SearchConfig, Strategy};
use crate::analysis::{ByteSize, Limits, ProvenBounds, Solution, prove_again, solve_until};
use crate::game::{GameTree, Position, Rules};

/// The default limit on the distinct positions [`Perfect`] builds (about
/// 100 MB at most on a 3x3 board; board `3x3-e` needs about 202,000).
pub const DEFAULT_MAX_POSITIONS: usize = 1_000_000;

/// The memory [`Perfect`]'s proofs of single positions may hold.
pub const PROOF_MEMORY: ByteSize = ByteSize::new(256 << 20);

/// Positions reserved before a solve.
const RESERVE: usize = 1 << 18;

/// Perfect play: solves the whole game tree below the position (each
/// distinct position once) and plays the first move with the highest
/// rating, as the book does. The rated player maximises and every other
/// player is taken to minimise her rating.
///
/// The tree and its solution are kept between moves, so later moves of the
/// same game cost nothing. The solve may spend half of the budget (time and
/// nodes: a node is a position the solve enters); when the tree has more
/// distinct positions than the limit, or the solve runs out of its half,
/// the value of the position alone is proven by
/// [`prove`](crate::analysis::prove()) (as `solve` does, within
/// [`PROOF_MEMORY`]) in half of what is left (a node is then a
/// position the proof searches), and its move played: perfect play on boards
/// whose whole tree is out of reach. The bounds it proves are kept for the
/// later moves of the game. On boards larger than 3x3, where it
/// always is but for a game's last moves, the proof comes first, with half
/// of the budget. Only when that too
/// runs out does the move come from [`Search`] with what is left of the
/// budget. The solve checks its budget every
/// [`STOP_CHECK_EVERY`](crate::analysis::STOP_CHECK_EVERY) positions, the
/// proof every [`PROOF_CHECK_EVERY`](crate::analysis::PROOF_CHECK_EVERY).
///
/// ```
/// use dice_of_doom::ai::{Budget, Perfect, Strategy};
/// use dice_of_doom::game::{Move, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut ai = Perfect::new();
/// assert_eq!(ai.choose(&rules, &start, Budget::UNLIMITED), Some(Move::Attack { from: 0, to: 2 }));
/// ```
#[derive(Debug)]
pub struct Perfect {
    max_positions: usize,
    solved: Option<(GameTree, Solution)>,
    /// Made with the opponent, not at its first use: filling its table
    /// takes milliseconds that a short think time cannot spare.
    fallback: Search,
    /// The dice on the board when a tree last proved too large: the solve is
    /// tried again only once a few of them have gone (a game loses dice turn
    /// after turn), or on a board with more dice (another game), so that the
    /// moves that follow do not waste their time on it.
    too_large_at: Option<u32>,
    /// The memory a proof of one position may hold.
    proof_memory: ByteSize,
    /// The bounds the proofs of earlier moves proved, which later moves of
    /// the same game start from.
    proofs: Option<ProvenBounds>,
}

/// Boards of more cells than this (3x3) go to the proof of the position
/// first, not to the whole tree.
const WHOLE_TREE_CELLS: usize = 9;

/// Dice that must leave the board before a too-large tree is tried again.
const RETRY_AFTER_DICE: u32 = 3;

impl Default for Perfect {
    fn default() -> Self {
        Perfect::new()
    }
}

impl Perfect {
    /// Perfect play within [`DEFAULT_MAX_POSITIONS`].
    pub fn new() -> Perfect {
        Perfect::with_max_positions(DEFAULT_MAX_POSITIONS)
    }

    /// Perfect play on trees of at most `max_positions` distinct positions.
    pub fn with_max_positions(max_positions: usize) -> Perfect {
        Perfect {
            max_positions,
            solved: None,
            fallback: Search::new(SearchConfig::default()),
            too_large_at: None,
            proof_memory: PROOF_MEMORY,
            proofs: None,
        }
    }

    /// The exact rating of every move, in menu order, and the index of the
    /// first best one; `None` when the tree is too large.
    pub fn solve(&mut self, rules: &Rules, position: &Position) -> Option<(Vec<RatedMove>, usize)> {
        self.solve_until(rules, position, |_| false)
    }

    /// [`Perfect::solve`], giving up (`None`) when `should_stop`, asked with
    /// the positions entered so far every [`STOP_CHECK_EVERY`](crate::analysis::STOP_CHECK_EVERY) of them,
    /// says so.
    fn solve_until(
        &mut self,
        rules: &Rules,
        position: &Position,
        should_stop: impl FnMut(usize) -> bool,
    ) -> Option<(Vec<RatedMove>, usize)> {
        let cached = match &mut self.solved {
            Some((tree, solution))
                if tree.rules() == rules && solution.rated() == position.player() =>
            {
                tree.find(position)
                    .filter(|&node| solution.rating(node).is_some())
            }
            _ => None,
        };
        let node = match cached {
            Some(node) => node,
            None => {
                self.solved = None;
                let mut tree = GameTree::new(rules.clone(), *position);
                // Room for a large 3x3 tree up front: growing the tables
                // step by step costs more than the solve on such trees.
                let room = self.max_positions.min(RESERVE);
                tree.reserve(room, room.saturating_mul(3));
                let root = tree.root();
                let solution = solve_until(
                    &mut tree,
                    root,
                    Limits::positions(self.max_positions),
                    should_stop,
                )
                .ok()??;
                self.solved = Some((tree, solution));
                root
            }
        };
        let (tree, solution) = self.solved.as_mut()?;
        let best = solution.best_move(tree, node);
        let moves: Vec<RatedMove> = tree
            .built_children(node)
            .unwrap_or_default()
            .iter()
            .map(|e| RatedMove {
                mv: e.mv,
                rating: solution
                    .rating(e.child)
                    .map_or(Rating::Unrated, Rating::Exact),
            })
            .collect();
        let choice = moves.iter().position(|m| Some(m.mv) == best).unwrap_or(0);
        Some((moves, choice))
    }
}

impl Strategy for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        if position.is_game_over(rules) {
            return None;
        }
        let started = Instant::now();
        let dice = position.board().total_dice();
        // Past 3x3 the whole tree is out of reach but for the last moves of
        // a game: the proof of the position alone comes first there.
        let whole_first = rules.map().len() <= WHOLE_TREE_CELLS;
        let worth_trying = whole_first
            && self
                .too_large_at
                .is_none_or(|at| dice + RETRY_AFTER_DICE <= at || dice > at);
        let mut entered = 0;
        if worth_trying {
            // The solve may spend half the budget; the search gets the rest.
            let clock = Clock::start(budget.halved());
            let solved = self.solve_until(rules, position, |n| {
                entered = n;
                clock.out_of_nodes(n as u64) || clock.out_of_time()
            });
            if let Some((moves, choice)) = solved {
                self.too_large_at = None;
                return Some(Analysis { moves, choice });
            }
            self.too_large_at = Some(dice);
        }
        // Too large to solve whole: prove the value of this position alone,
        // within half of what is left.
        let left = budget.after(started.elapsed()).after_nodes(entered as u64);
        let clock = Clock::start(left.halved());
        let proof = prove_again(&mut self.proofs, rules, position, self.proof_memory, |p| {
            clock.out_of_nodes(p.nodes) || clock.out_of_time()
        })
        .ok();
        let searched = proof.map_or(0, |p| p.nodes);
        let left = budget
            .after(started.elapsed())
            .after_nodes(entered as u64 + searched);
        let proven = proof.and_then(|p| Some((p.value()?, p.best_move?)));
        let Some((value, best)) = proven else {
            return self.fallback.analyse(rules, position, left, full);
        };
        // Proven: play the proof's move. Every move is rated only when asked
        // for (hints), by the search, with the proven one's rating exact.
        let mut analysis = if full {
            self.fallback.analyse(rules, position, left, true)?
        } else {
            Analysis {
                moves: position
                    .moves(rules)
                    .into_iter()
                    .map(|mv| RatedMove {
                        mv,
                        rating: Rating::Unrated,
                    })
                    .collect(),
                choice: 0,
            }
        };
        let choice = analysis.moves.iter().position(|m| m.mv == best)?;
        analysis.moves[choice].rating = Rating::Exact(value);
        analysis.choice = choice;
        Some(analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::prove;
    use crate::game::{Move, Player, Share};

    #[test]
    fn perfect_play_follows_the_book_on_small_boards() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let attack = |from, to| Move::Attack { from, to };
        // (board, player, chosen move, rating of the start)
        let cases = [
            ("a-3 b-2 / b-2 b-1", Player::A, attack(0, 2), Share::WIN),
            ("b-2 b-2 / a-2 b-1", Player::A, attack(2, 3), Share::LOSS),
        ];
        for (board, player, mv, rating) in cases {
            let start = Position::start(&rules, board.parse().unwrap(), player).unwrap();
            let mut ai = Perfect::new();
            let analysis = ai.analyse(&rules, &start, Budget::UNLIMITED, true).unwrap();
            assert_eq!(analysis.chosen(), Some(mv), "{board}");
            let best = analysis.moves[analysis.choice].rating;
            assert_eq!(best, Rating::Exact(rating), "{board}");
            let menu: Vec<Move> = analysis.moves.iter().map(|m| m.mv).collect();
            assert_eq!(menu, start.moves(&rules));
        }
    }

    #[test]
    fn a_small_node_budget_stops_the_solve_and_reproduces() {
        // Board `3x3-e`: 201,861 positions.
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let analyse = |budget| {
            Perfect::new()
                .analyse(&rules, &start, budget, true)
                .unwrap()
        };
        let exact = |a: &Analysis| a.moves.iter().all(|m| matches!(m.rating, Rating::Exact(_)));
        // Half of 2,000 nodes stops the solve at its first check (1,024
        // positions): the search rates the moves with the other 976.
        let small = analyse(Budget::nodes(2_000));
        assert!(!exact(&small), "{small:?}");
        assert_eq!(analyse(Budget::nodes(2_000)), small);
        assert!(exact(&analyse(Budget::nodes(10_000_000))));
    }

    /// On a 4x4 board the whole tree is out of reach, but the proof of the
    /// start is quick: the move played keeps its proven value.
    #[test]
    fn four_by_four_starts_are_played_perfectly_once_proven() {
        let rules = Rules::classic(4, 2, 3).unwrap();
        for seed in [1, 9, 30] {
            let start = crate::analysis::sample::seeded_start(&rules, Player::A, seed).unwrap();
            let value = prove(&rules, &start, PROOF_MEMORY, |_| false)
                .unwrap()
                .value()
                .unwrap();
            let mut ai = Perfect::new();
            let analysis = ai
                .analyse(&rules, &start, Budget::nodes(4_000_000), false)
                .unwrap();
            let chosen = analysis.moves[analysis.choice];
            assert_eq!(chosen.rating, Rating::Exact(value), "seed {seed}");
            let after = start.play(&rules, chosen.mv).unwrap();
            let kept = prove(&rules, &after, PROOF_MEMORY, |_| false)
                .unwrap()
                .value()
                .unwrap();
            let kept = if after.player() == start.player() {
                kept
            } else {
                kept.complement()
            };
            assert_eq!(kept, value, "seed {seed}: {}", chosen.mv);
        }
    }

    #[test]
    fn a_too_large_tree_falls_back_to_search() {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let mut ai = Perfect::with_max_positions(50);
        let mv = ai.choose(&rules, &start, Budget::nodes(2_000)).unwrap();
        assert!(start.moves(&rules).contains(&mv));
        let mut exact = Perfect::new();
        let analysis = exact
            .analyse(&rules, &start, Budget::UNLIMITED, true)
            .unwrap();
        // Later moves of the same game reuse the solved tree.
        let next = start.play(&rules, analysis.chosen().unwrap()).unwrap();
        let again = exact
            .analyse(&rules, &next, Budget::UNLIMITED, true)
            .unwrap();
        assert!(
            again
                .moves
                .iter()
                .all(|m| matches!(m.rating, Rating::Exact(_)))
        );
    }
}
