//! Exact analysis with chance: the probability that the player to move wins
//! under best play, on boards small enough to hold every position.
//!
//! Under the rule sets with dice a battle is a chance event and the game
//! graph has cycles (reinforcement gives dice back), so the game is solved
//! as a stochastic game:
//!
//! 1. every position reachable from the start is enumerated, each move
//!    with its outcomes and their exact probabilities as the engine lists
//!    them ([`Position::outcomes`]; outcomes of probability 0 never happen
//!    and are left out);
//! 2. its strongly connected components are solved successors first: a
//!    position on no cycle exactly, in one step (so a game whose graph has
//!    no cycle, such as every game of the sure rule sets, is solved
//!    exactly); a component with cycles by *interval iteration*: a lower
//!    bound raised from 0 and an upper bound lowered from 1, both by
//!    Gauss-Seidel sweeps, until they are at most the tolerance apart at
//!    every position of the component ([`TOLERANCE`]: 1e-12). The lower
//!    bound never passes the value and the upper bound never falls below
//!    it (up to the rounding of `f64` sums), so the value is known to lie
//!    between them, not merely believed to have stopped moving.
//!
//! The convention (as for the classic rules' perfect play): the rated
//! player (the one to move at the start) takes the move that maximises her
//! chance of winning, and every other player the move that minimises it
//! (*paranoid*: with two players a zero-sum game, with more the chance she
//! can guarantee whatever the others do). A finished game gives her 1 for a
//! sole win, 1/k for a k-way tie, 0 for a loss (docs/RULES.md); a game that
//! never ended would give her nothing.
//!
//! ```
//! use dice_of_doom::analysis::{Limits, expected};
//! use dice_of_doom::game::{Map, Player, Position, Rules};
//! let rules = Rules::of("lol4".parse().unwrap(), Map::rhombus(2).unwrap(), 2, 5).unwrap();
//! let start = Position::start(&rules, "a-2 b-1 / b-1 b-1".parse().unwrap(), Player::A).unwrap();
//! let solution = expected::solve(&rules, &start, &Limits::UNLIMITED, &mut |_| {}).unwrap();
//! // a wins the 2-against-1 battle (0.837963) and ties 2 cells to 2.
//! assert!((solution.lower - 0.837963 / 2.0).abs() < 1e-6);
//! assert_eq!(solution.best_move.unwrap().to_string(), "0 -> 2");
//! ```

mod graph;
mod iterate;
#[cfg(test)]
#[path = "expected_tests.rs"]
mod tests;

use crate::analysis::{AnalysisError, Limits, Progress};
use crate::game::{Move, Placement, Position, RuleSet, Rules, Share};

/// How far apart the bounds of a position on a cycle may be when the
/// iteration stops.
pub const TOLERANCE: f64 = 1e-12;

/// Why a game could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    /// The graph is past the limits, or the system refused memory.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    /// A position of these rules takes more bits than a key holds.
    #[error(
        "a position of this game takes {bits} bits, more than the 128 the analysis with chance \
         packs it into: take a smaller board, fewer players or fewer dice"
    )]
    TooWide {
        /// The bits a position would take.
        bits: u32,
    },
    /// The rule set places reinforcements at random, whose outcomes the
    /// engine does not list.
    #[error(
        "the {0} rules place reinforcements one die at a time on random cells, and the engine \
         does not list those outcomes: stats cannot solve {0} games"
    )]
    Unsupported(RuleSet),
    /// A position the rules made does not fit its key (a bug).
    #[error("a position does not fit the analysis's key (this is a bug): {position}")]
    Unrepresentable {
        /// The position, as debugged.
        position: String,
    },
}

/// The value of a game with chance, and what it took; it keeps the graph
/// and every position's bounds, for [`ChanceSolution::policy`].
pub struct ChanceSolution {
    /// The rated player's chance of winning under best play: at least this.
    pub lower: f64,
    /// ... and at most this.
    pub upper: f64,
    /// The first move, in menu order, whose value is within the tolerance
    /// of the best; `None` when the game is over at the start.
    pub best_move: Option<Move>,
    /// Each move of the start with the bounds of its value, in menu order.
    pub moves: Vec<(Move, f64, f64)>,
    /// The distinct positions (where a player is to move, or the game is
    /// over).
    pub positions: usize,
    /// The moves over every position.
    pub edges: usize,
    /// The outcomes over every move (one for a sure move, two for a battle).
    pub outcomes: usize,
    /// The components of the graph with a cycle.
    pub cyclic_components: usize,
    /// The positions on cycles.
    pub cyclic_positions: usize,
    /// The most positions in one strongly connected component.
    pub largest_component: usize,
    /// The most sweeps one component took (0 when the graph has no cycle).
    pub sweeps: u64,
    /// The sweeps over every component.
    pub total_sweeps: u64,
    /// Whether every position's bounds met within the tolerance.
    pub converged: bool,
    /// The tolerance the iteration stopped at.
    pub tolerance: f64,
    /// The bytes the graph and the solver held.
    pub bytes: usize,
    graph: graph::Graph,
    values: iterate::Values,
}

impl std::fmt::Debug for ChanceSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChanceSolution")
            .field("lower", &self.lower)
            .field("upper", &self.upper)
            .field("best_move", &self.best_move)
            .field("positions", &self.positions)
            .field("cyclic_positions", &self.cyclic_positions)
            .field("sweeps", &self.sweeps)
            .field("converged", &self.converged)
            .finish_non_exhaustive()
    }
}

impl ChanceSolution {
    /// The value as a share, when it is known exactly (the bounds are
    /// equal): 1, 1/k or 0 for a game without chance.
    pub fn exact(&self) -> Option<Share> {
        (self.lower == self.upper)
            .then(|| Share::probability(self.lower))
            .flatten()
    }

    /// The value: the middle of the bounds.
    pub fn value(&self) -> f64 {
        (self.lower + self.upper) / 2.0
    }

    /// The bounds of a position's value, if it is in the graph.
    pub fn bounds(&self, position: &Position) -> Option<(f64, f64)> {
        let n = self.graph.id(position)?;
        let [lower, upper] = self.values.bounds[n];
        Some((lower, upper))
    }

    /// The move the solution plays at a position of the graph: for the
    /// rated player the first move (in menu order) whose value is within
    /// the tolerance of the best, for the others the first within it of
    /// the worst for her. `None` when the position is not in the graph or
    /// the game is over there.
    pub fn policy(&self, rules: &Rules, position: &Position) -> Option<Move> {
        let n = self.graph.id(position)?;
        let moves = position.moves(rules);
        let range = self.graph.moves_of(n);
        debug_assert_eq!(moves.len(), range.len());
        let values: Vec<f64> = range
            .map(|m| {
                let [lower, upper] = iterate::move_value(&self.graph, m, &self.values.bounds);
                (lower + upper) / 2.0
            })
            .collect();
        pick(&moves, &values, self.graph.rated_to_move[n], self.tolerance)
    }
}

/// The first move whose value is within `tolerance` of the best (the
/// highest when `maximise`, else the lowest).
fn pick(moves: &[Move], values: &[f64], maximise: bool, tolerance: f64) -> Option<Move> {
    let sign = if maximise { 1.0 } else { -1.0 };
    let best = values
        .iter()
        .map(|v| sign * v)
        .fold(f64::NEG_INFINITY, f64::max);
    moves
        .iter()
        .zip(values)
        .find(|&(_, v)| sign * v >= best - tolerance)
        .map(|(&mv, _)| mv)
}

/// Solves the game from `start` for the player to move there, within
/// `limits` (the graph and the solver's arrays together); `progress` hears
/// how the enumeration goes.
///
/// # Errors
/// [`ChanceError::Unsupported`] for Dice Wars (random placement),
/// [`ChanceError::TooWide`] for games whose positions do not pack into 128
/// bits, [`ChanceError::Analysis`] past the limits.
pub fn solve(
    rules: &Rules,
    start: &Position,
    limits: &Limits,
    progress: &mut dyn FnMut(Progress),
) -> Result<ChanceSolution, ChanceError> {
    if rules.policy().placement == Placement::Random {
        return Err(ChanceError::Unsupported(rules.set()));
    }
    let rated = start.player();
    let graph = graph::build(rules, start, rated, limits, progress)?;
    let values = iterate::solve(&graph, TOLERANCE)?;
    let root_moves = start.moves(rules);
    let moves: Vec<(Move, f64, f64)> = root_moves
        .iter()
        .zip(graph.moves_of(0))
        .map(|(&mv, m)| {
            let [lower, upper] = iterate::move_value(&graph, m, &values.bounds);
            (mv, lower, upper)
        })
        .collect();
    let middles: Vec<f64> = moves.iter().map(|&(_, l, u)| (l + u) / 2.0).collect();
    let best_move = pick(&root_moves, &middles, true, TOLERANCE);
    Ok(ChanceSolution {
        lower: values.bounds[0][0],
        upper: values.bounds[0][1],
        best_move,
        moves,
        positions: graph.len(),
        edges: graph.moves(),
        outcomes: graph.outcomes(),
        cyclic_components: values.cyclic_components,
        cyclic_positions: values.cyclic_positions,
        largest_component: values.largest_component,
        sweeps: values.sweeps,
        total_sweeps: values.total_sweeps,
        converged: values.converged,
        tolerance: TOLERANCE,
        bytes: graph.bytes() + graph.len() * graph::SOLVER_BYTES_PER_POSITION,
        graph,
        values,
    })
}
