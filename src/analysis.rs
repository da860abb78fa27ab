//! Counting and solving whole game trees by walking the memoised DAG once.
//!
//! - [`solve()`]: every position's perfect-play share ([`Solution`]),
//!   shared by [`stats()`] and the `perfect` opponent;
//! - [`prove()`]: the start's value alone, proven by a search that needs
//!   only part of the tree ([`Proof`]);
//! - [`stats()`]: the full tree's figures ([`Stats`]) without expanding it;
//! - [`survey`]: every board of a size over one shared memo;
//! - [`sample`]: seeded random boards, each proven by [`prove()`];
//! - [`dot`]: the tree in Graphviz DOT;
//! - [`expected`]: the winning chance under best play in games with dice,
//!   solved as a stochastic game (exact expected values).
//!
//! Each works within [`Limits`]: a memory limit, turned into a budget of
//! positions from the bytes each costs (see [`memory_for`]), within which
//! the tree grows; a tree past it is an [`AnalysisError`], and so is memory
//! the system refuses, never an abort.

pub mod dot;
pub mod expected;
mod memo;
mod memory;
mod prove;
pub mod sample;
mod solve;
mod stats;
pub mod survey;

use crate::text::count;
/// Kept here for the callers that name it here; it lives in [`crate::text`].
pub use crate::text::group_digits;
pub use memory::{
    ANALYSIS_BYTES_PER_POSITION, ByteSize, DEFAULT_MEMORY_FRACTION, EDGES_PER_POSITION,
    FALLBACK_MEMORY, Limits, ParseByteSizeError, Progress, default_max_memory, memory_for,
};
pub use prove::{
    Algorithm, LoadBoundsError, PROOF_CHECK_EVERY, Proof, ProofProgress, ProvenBounds,
    least_proof_memory, prove, prove_again, prove_again_with, prove_parallel, prove_with,
};
pub use solve::{STOP_CHECK_EVERY, Solution, solve, solve_until};
pub use stats::{Stats, stats, stats_on_threads, stats_with_progress};

use crate::game::{GameTree, GrowError};

/// Why a tree could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The tree has more distinct positions than [`Limits::positions`].
    #[error(
        "the game tree has more than {}, the most allowed",
        count(*.0, "distinct position", "distinct positions")
    )]
    TooManyPositions(usize),
    /// The tree does not fit in [`Limits::memory`].
    #[error(
        "the game tree does not fit in {memory} of memory (stopped after {})",
        count(*.positions, "distinct position", "distinct positions")
    )]
    TooLarge {
        /// The memory limit.
        memory: ByteSize,
        /// The distinct positions built when the analysis stopped.
        positions: usize,
    },
    /// The system refused memory within the limits.
    #[error(
        "the system refused {} of memory after {} distinct positions",
        ByteSize::new(*.bytes),
        group_digits(.positions)
    )]
    OutOfMemory {
        /// The distinct positions built when it happened.
        positions: usize,
        /// The size of the allocation refused.
        bytes: usize,
    },
    /// The memory limit is below the least a proof starts with (see
    /// [`least_proof_memory`]).
    #[error("a proof needs at least {least} of memory, more than the {memory} allowed")]
    TooLittleMemory {
        /// The memory limit.
        memory: ByteSize,
        /// The least memory a proof of this game takes.
        least: ByteSize,
    },
    /// A count does not fit in 64 bits.
    #[error(
        "the game tree has more than {} nodes: too large to count",
        group_digits(u64::MAX)
    )]
    Overflow,
}

impl AnalysisError {
    /// The analysis error for a tree that did not grow within `limits`.
    pub(crate) fn from_grow(error: GrowError, tree: &GameTree, limits: &Limits) -> AnalysisError {
        match error {
            GrowError::Positions if limits.positions_bind(tree) => {
                AnalysisError::TooManyPositions(limits.positions)
            }
            GrowError::Positions | GrowError::Edges => AnalysisError::TooLarge {
                memory: limits.memory,
                positions: tree.len(),
            },
            GrowError::OutOfMemory { bytes } => AnalysisError::OutOfMemory {
                positions: tree.len(),
                bytes,
            },
        }
    }
}

/// Runs `work` on `tree` grown within `limits`, then gives the tree back
/// the limits it had.
pub(crate) fn within_limits<T>(
    tree: &mut GameTree,
    limits: &Limits,
    work: impl FnOnce(&mut GameTree) -> T,
) -> T {
    let saved = tree.limits();
    tree.set_limits(limits.tree_limits(tree));
    let result = work(tree);
    tree.set_limits(saved);
    result
}
