//! Computer opponents, pure: no input, output or global state.
//!
//! Every opponent implements [`Strategy`]: given the rules, a position and a
//! [`Budget`], it rates the legal moves ([`Analysis`]) and picks one. The
//! opponents are:
//!
//! - [`Perfect`]: Land of Lisp's perfect play on the memoised game tree, for
//!   trees that fit a position budget, and past it on the proven value of
//!   the position alone (it falls back to [`Search`] when neither fits);
//! - [`Search`]: iterative-deepening alpha-beta with a transposition table,
//!   which plays perfectly as soon as it proves the result;
//! - [`Lol`]: the book's second AI (depth-4 alpha-beta, crude score);
//! - [`Mcts`]: Monte Carlo tree search over whole rounds, every player's
//!   turns included;
//! - [`Greedy`] and [`RandomPlayer`]: baselines.
//!
//! All of them are deterministic for a given seed (and node budget), and
//! never answer a move outside [`Position::moves`]. The [`arena`] plays two
//! of them against each other on seeded random boards.

pub mod arena;
mod defensive;
mod dicewars;
mod eval;
mod expectimax;
mod fit;
mod greedy;
mod kind;
pub mod learned;
mod lol;
mod lol4;
mod mcts;
mod pace;
mod perfect;
mod racket;
mod random;
mod search;
mod stop;
mod strategic;
mod tt;

use std::fmt;
use std::time::{Duration, Instant};

use crate::game::{Move, Position, Rules, Share};

pub use defensive::DefensivePlayer;
pub use dicewars::DiceWarsPlayer;
pub use eval::{evaluate, lol_score};
pub use expectimax::{Chance, ChanceConfig, PlayoutScore, Reply};
pub use expectimax::{Model, Weights};
pub use fit::Unfit;
pub use greedy::Greedy;
pub use kind::{AiKind, UnknownAiKind};
pub use lol::Lol;
pub use lol4::Lol4Player;
pub use mcts::{Leaf, LearnedLeaf, Mcts, MctsConfig, RootSearch, SoftmaxLeaf, Values};
pub use pace::RoundTime;
pub use perfect::{DEFAULT_MAX_POSITIONS, PROOF_MEMORY, Perfect};
pub use racket::RacketPlayer;
pub use random::RandomPlayer;
pub use search::{DEFAULT_TABLE_ENTRIES, Search, SearchConfig};
pub use stop::{Stop, stoppable};
pub use strategic::StrategicPlayer;

/// How much an opponent may think about one move: a wall-clock time, a
/// number of search nodes, or both (whichever runs out first). Node budgets
/// make play reproducible whatever the machine's speed: with no time limit,
/// no decision depends on the clock.
///
/// What a node is, for each opponent:
///
/// - [`Search`]: a position the alpha-beta search (or its swindle search)
///   visits, leaves included; the clock is read every 256 nodes;
/// - [`Lol`]: a position its alpha-beta visits, over all the passes of its
///   iterative deepening (1 to 4 moves); the clock is read every 256 nodes;
/// - [`Perfect`]: a distinct position its solve enters, read every
///   [`STOP_CHECK_EVERY`](crate::analysis::STOP_CHECK_EVERY) positions, or a
///   position its proof of one position searches, read every
///   [`PROOF_CHECK_EVERY`](crate::analysis::PROOF_CHECK_EVERY); the solve
///   gets half of the budget, the proof half of what is left, and a fallback
///   [`Search`] the rest; moves answered from a tree already solved cost
///   none;
/// - [`Mcts`]: a move simulated, in its tree or in a rollout, or a leaf
///   scored; the budget is read after each simulation (a round of moves
///   at most), and at least one simulation runs;
/// - [`Greedy`] and [`RandomPlayer`]: none; they do a small fixed amount of
///   work (one evaluation per legal move, or none) and ignore the budget.
///
/// [`Search`] and [`Lol`] always complete their first, one-move-deep pass,
/// so that there is always a move: a budget smaller than that pass is
/// exceeded by it. Past the budget each answers within a few thousand
/// nodes: docs/OPPONENTS.md states the margin measured over a time budget.
///
/// ```
/// use std::time::Duration;
/// use dice_of_doom::ai::Budget;
/// let budget = Budget::time(Duration::from_millis(500)).with_nodes(10_000);
/// assert_eq!(budget.nodes, Some(10_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Budget {
    /// The wall-clock think time, if limited.
    pub time: Option<Duration>,
    /// The number of positions searched, if limited.
    pub nodes: Option<u64>,
}

impl Budget {
    /// No limit: searches run until they prove the result (only sensible on
    /// small boards).
    pub const UNLIMITED: Budget = Budget {
        time: None,
        nodes: None,
    };

    /// A wall-clock limit.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            nodes: None,
        }
    }

    /// A node limit.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            time: None,
            nodes: Some(nodes),
        }
    }

    /// This budget with a node limit too.
    pub const fn with_nodes(self, nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..self
        }
    }

    /// The budget left after `spent` of its time has gone.
    pub fn after(self, spent: Duration) -> Budget {
        Budget {
            time: self.time.map(|t| t.saturating_sub(spent)),
            ..self
        }
    }

    /// The budget left after `spent` of its nodes have gone.
    pub fn after_nodes(self, spent: u64) -> Budget {
        Budget {
            nodes: self.nodes.map(|n| n.saturating_sub(spent)),
            ..self
        }
    }

    /// Half of this budget: half the time and half the nodes.
    pub fn halved(self) -> Budget {
        Budget {
            time: self.time.map(|t| t / 2),
            nodes: self.nodes.map(|n| n / 2),
        }
    }
}

/// When a budget runs out, or the search is no longer wanted (see
/// [`stoppable`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    nodes: u64,
    stop: Option<Stop>,
}

impl Clock {
    pub(crate) fn start(budget: Budget) -> Clock {
        Clock {
            deadline: budget.time.and_then(|t| Instant::now().checked_add(t)),
            nodes: budget.nodes.unwrap_or(u64::MAX),
            stop: stop::current(),
        }
    }

    /// Whether `nodes` nodes use up the node budget.
    #[inline]
    pub(crate) fn out_of_nodes(&self, nodes: u64) -> bool {
        nodes >= self.nodes
    }

    /// Whether the time is up, or the search was stopped from outside.
    pub(crate) fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || self.stop.is_some_and(|s| s.stopped())
    }
}

/// How good a move is for the player making it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rating {
    /// Proven: the perfect-play rating, the mover's share of the outcome (1
    /// for a sure win, 1/k for a k-way tie, 0 for a loss), taking every
    /// other player as an opponent.
    Exact(Share),
    /// A heuristic score from a search: higher is better; only comparable
    /// between moves of one analysis.
    Estimate(i32),
    /// Not rated (the random player rates nothing).
    Unrated,
}

impl Rating {
    /// Orders ratings for display and choice: any exact win beats every
    /// estimate, which beats any exact loss; ties sit among the estimates by
    /// their share.
    pub fn sort_key(self) -> f64 {
        match self {
            Rating::Exact(share) => (share.to_f64() - 0.5) * 2e9,
            Rating::Estimate(s) => f64::from(s),
            Rating::Unrated => f64::NEG_INFINITY,
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rating::Exact(share) => match share.shared_by() {
                Some(1) => write!(f, "win (exact {share})"),
                Some(_) => write!(f, "tie (exact {share})"),
                None if share == Share::LOSS => write!(f, "loss (exact {share})"),
                None => write!(f, "exact {share:.3}"),
            },
            Rating::Estimate(s) => write!(f, "estimate {s:+}"),
            Rating::Unrated => f.write_str("unrated"),
        }
    }
}

/// A legal move and its rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedMove {
    /// The move.
    pub mv: Move,
    /// Its rating for the player to move.
    pub rating: Rating,
}

/// An opponent's view of a position: every legal move, in menu order, with
/// its rating, and the move it would play.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Every legal move in menu order (the order of [`Position::moves`]).
    pub moves: Vec<RatedMove>,
    /// The index in `moves` of the move the opponent plays.
    pub choice: usize,
}

impl Analysis {
    /// The moves of `menu`, none rated, the one at `choice` played (the
    /// opponents that choose without rating: random, the Dice Wars ones).
    pub(crate) fn unrated(menu: Vec<Move>, choice: usize) -> Analysis {
        let moves = menu
            .into_iter()
            .map(|mv| RatedMove {
                mv,
                rating: Rating::Unrated,
            })
            .collect();
        Analysis { moves, choice }
    }

    /// The analysis of a fixed-depth search that rated each move of `menu`
    /// with a value (higher better): the first best move chosen, the values
    /// times `scale` as estimates.
    pub(crate) fn of_values(menu: Vec<Move>, values: &[f64], scale: f64) -> Analysis {
        let mut choice = 0;
        for (i, &v) in values.iter().enumerate() {
            if v > values[choice] {
                choice = i;
            }
        }
        let moves = menu
            .into_iter()
            .zip(values)
            .map(|(mv, &v)| RatedMove {
                mv,
                rating: Rating::Estimate((v * scale).round() as i32),
            })
            .collect();
        Analysis { moves, choice }
    }

    /// The same analysis with no rating claimed exact when the rules roll
    /// dice: a perfect-play rating of the searches that take every attack
    /// as won ([`Search`], [`Perfect`]) proves nothing there, so each
    /// becomes an estimate (a win +1,000,000, a loss -1,000,000, a share in
    /// between), which keeps the order of the moves.
    ///
    /// ```
    /// use dice_of_doom::ai::{Analysis, RatedMove, Rating};
    /// use dice_of_doom::game::{Map, Move, RuleSet, Rules, Share};
    /// let analysis = Analysis {
    ///     moves: vec![RatedMove { mv: Move::Pass, rating: Rating::Exact(Share::WIN) }],
    ///     choice: 0,
    /// };
    /// let lol4 = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
    /// assert_eq!(analysis.clone().unproven_under(&lol4).moves[0].rating, Rating::Estimate(1_000_000));
    /// let classic = Rules::classic(2, 2, 3).unwrap();
    /// assert_eq!(analysis.clone().unproven_under(&classic), analysis);
    /// ```
    pub fn unproven_under(mut self, rules: &Rules) -> Analysis {
        if rules.policy().battle == crate::game::Battle::Dice {
            for m in &mut self.moves {
                if let Rating::Exact(share) = m.rating {
                    m.rating = Rating::Estimate(((share.to_f64() - 0.5) * 2e6).round() as i32);
                }
            }
        }
        self
    }

    /// The move the opponent plays.
    pub fn chosen(&self) -> Option<Move> {
        self.moves.get(self.choice).map(|m| m.mv)
    }
}

/// A computer opponent.
pub trait Strategy: Send {
    /// The opponent's name, as the command line spells it.
    fn name(&self) -> &'static str;

    /// Rates the legal moves for the player to move and says which one the
    /// opponent plays; `None` when the game is over. `full` asks for a rating
    /// of every move (for hints), which may cost more than [`Strategy::choose`].
    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis>;

    /// The move the opponent plays, always one of `position.moves(rules)`;
    /// `None` when the game is over.
    fn choose(&mut self, rules: &Rules, position: &Position, budget: Budget) -> Option<Move> {
        self.analyse(rules, position, budget, false)
            .and_then(|a| a.chosen())
    }
}

/// The index of the first move with the highest rating.
pub(crate) fn first_best(moves: &[RatedMove]) -> usize {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        if m.rating.sort_key() > moves[best].rating.sort_key() {
            best = i;
        }
    }
    best
}

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_print_and_order() {
        let tie = |k| Rating::Exact(Share::tie(k).unwrap());
        let cases = [
            (Rating::Exact(Share::WIN), "win (exact 1)"),
            (Rating::Exact(Share::LOSS), "loss (exact 0)"),
            (tie(2), "tie (exact 1/2)"),
            (tie(3), "tie (exact 1/3)"),
            (
                Rating::Exact(Share::probability(0.625).unwrap()),
                "exact 0.625",
            ),
            (Rating::Estimate(-12), "estimate -12"),
            (Rating::Unrated, "unrated"),
        ];
        for (rating, text) in cases {
            assert_eq!(rating.to_string(), text);
        }
        let order = [
            Rating::Exact(Share::WIN),
            Rating::Estimate(400),
            tie(2),
            Rating::Estimate(-400),
            Rating::Exact(Share::LOSS),
            Rating::Unrated,
        ];
        for pair in order.windows(2) {
            assert!(pair[0].sort_key() > pair[1].sort_key(), "{pair:?}");
        }
    }
}
