//! Counting and solving whole game trees by walking the memoised DAG once.
//!
//! - [`solve`]: every position's perfect-play share ([`Solution`]), shared
//!   by [`stats`] and the `perfect` opponent;
//! - [`stats`]: the full tree's figures ([`Stats`]) without expanding it;
//! - [`survey`]: every board of a size over one shared memo;
//! - [`dot`]: the tree in Graphviz DOT.

pub mod dot;
mod solve;
mod stats;
pub mod survey;

use crate::text::count;
/// Kept here for the callers that name it here; it lives in [`crate::text`].
pub use crate::text::group_digits;
pub use solve::{STOP_CHECK_EVERY, Solution, solve, solve_until};
pub use stats::{Stats, stats};

/// Why a tree could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The tree has more distinct positions than allowed.
    #[error(
        "the game tree has more than {}: too large to analyse",
        count(*.0, "distinct position", "distinct positions")
    )]
    TooManyPositions(usize),
    /// A count does not fit in 64 bits.
    #[error("the game tree has more than {} nodes: too large to count", u64::MAX)]
    Overflow,
}
