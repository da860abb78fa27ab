//! Proving the perfect-play value of one position without building its
//! whole tree.
//!
//! [`prove`] answers what [`solve`](super::solve()) answers for the start (the
//! player to move's [`Share`] under perfect play, every other player taken as
//! an opponent, and a move that keeps it), but by a search that proves
//! rather than enumerates: a series of yes-or-no tests ("is the value at
//! least this share?"), each a proof search that stops as soon as one move
//! is enough at the rated player's turns and one refutation is enough at the
//! others'. The tests share a [`PositionCache`] of proven bounds, which
//! holds whole packed positions (never a hash alone), so every bound it
//! gives is exact, and which stays within the memory limit by forgetting
//! the cheapest bounds once full: the proof gets slower, never wrong.
//!
//! Each algorithm is one file behind the small [`Prover`] trait; the driver
//! here turns its tests into the value.

mod alphabeta;
mod dfpn;
mod lockfree;
mod parallel;
mod plies;
mod saved;
mod shared;
mod table;

use super::solve::{Rank, rank, share};
use super::{AnalysisError, ByteSize};
use crate::game::{Codec, Move, Player, Position, Rules, Share};

pub use saved::LoadBoundsError;
pub(crate) use table::PositionCache;

/// How far a proof has gone, for a progress display or a decision to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofProgress {
    /// Positions searched so far.
    pub nodes: u64,
    /// Positions whose bounds the cache holds.
    pub stored: usize,
    /// Bytes the cache holds.
    pub bytes: usize,
    /// The lowest value proven so far.
    pub lower: Share,
    /// The highest value not yet ruled out.
    pub upper: Share,
}

/// What [`prove`] found: the value's bounds (equal when it is proven) and
/// the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The player to move is proven to get at least this share.
    pub lower: Share,
    /// The player to move is proven to get at most this share.
    pub upper: Share,
    /// A move that keeps the value, once it is proven; `None` when the game
    /// is over at the start, or the value is not proven.
    pub best_move: Option<Move>,
    /// Positions searched.
    pub nodes: u64,
    /// Positions whose bounds the cache held at the end.
    pub stored: usize,
    /// The most bytes the cache held.
    pub bytes: usize,
}

impl Proof {
    /// The value, if it is proven.
    pub fn value(&self) -> Option<Share> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// How often, in positions searched, a prover asks whether to stop.
pub const PROOF_CHECK_EVERY: u64 = 1024;

/// A proof search: answers "is the start's rank at least `target`?".
trait Prover {
    /// The start's rank is at least `target` (`Some((r, Some(i)))` with
    /// `r >= target`: at least `r`, reached by the start's `i`-th move) or
    /// below it (`Some((r, _))` with `r < target`: at most `r`); `None` when
    /// `stop` asked it to stop.
    fn test(
        &mut self,
        target: Rank,
        stop: &mut dyn FnMut(&ProofProgress) -> bool,
    ) -> Option<(Rank, Option<usize>)>;

    /// Positions searched so far, over every test, and the positions and
    /// bytes the cache the tests share holds.
    fn work(&self) -> (u64, usize, usize);
}

/// Proves the perfect-play value of `start` for its player to move, within
/// `memory` for the cache of proven bounds, asking `stop` every
/// [`PROOF_CHECK_EVERY`] positions whether to give up (a clock, a budget, a
/// progress display): then the proof says what it had proven so far.
///
/// ```
/// use dice_of_doom::analysis::{ByteSize, prove};
/// use dice_of_doom::game::{Move, Player, Position, Rules, Share};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let proof = prove(&rules, &start, ByteSize::new(64 << 20), |_| false).unwrap();
/// assert_eq!(proof.value(), Some(Share::WIN));
/// assert!(proof.best_move.is_some());
/// ```
///
/// # Errors
/// [`AnalysisError::TooLittleMemory`] if `memory` is below the cache's first
/// table (some 64 KiB a word of a packed position: see
/// [`least_proof_memory`]); [`AnalysisError::OutOfMemory`] if the system
/// refuses it.
pub fn prove(
    rules: &Rules,
    start: &Position,
    memory: ByteSize,
    stop: impl FnMut(&ProofProgress) -> bool,
) -> Result<Proof, AnalysisError> {
    prove_with(Algorithm::default(), rules, start, memory, stop)
}

/// The proof searches [`prove_with`] can use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Depth-first proof-number search: goes where the proof looks
    /// cheapest (the default).
    #[default]
    DfPn,
    /// Null-window alpha-beta with move ordering.
    AlphaBeta,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 2] = [Algorithm::DfPn, Algorithm::AlphaBeta];

    /// The algorithm's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::DfPn => "dfpn",
            Algorithm::AlphaBeta => "alphabeta",
        }
    }
}

/// [`prove`] with the proof search of one's choosing.
///
/// # Errors
/// As [`prove`].
pub fn prove_with(
    algorithm: Algorithm,
    rules: &Rules,
    start: &Position,
    memory: ByteSize,
    stop: impl FnMut(&ProofProgress) -> bool,
) -> Result<Proof, AnalysisError> {
    let mut kept = None;
    prove_again_with(algorithm, &mut kept, rules, start, memory, stop)
}

/// Bounds proven for one player under one set of rules by one algorithm,
/// kept from one proof to the next: a later proof of any position of the
/// same game for the same player starts from all that the earlier ones
/// proved (see [`prove_again`]). They can be saved to a file and loaded
/// back ([`ProvenBounds::save`], [`ProvenBounds::load`]).
#[derive(Debug)]
pub struct ProvenBounds {
    rules: Rules,
    rated: Player,
    algorithm: Algorithm,
    cache: PositionCache,
}

impl ProvenBounds {
    /// How many positions' bounds are kept.
    pub fn positions(&self) -> usize {
        self.cache.len()
    }
}

/// [`prove`], starting from the bounds `kept` holds when they are for the
/// same rules and player to move (otherwise from none), and leaving there
/// the bounds it ends with, for the next call. The memory limit is the one
/// the kept bounds were first given.
///
/// ```
/// use dice_of_doom::analysis::{ByteSize, prove_again};
/// use dice_of_doom::game::{Player, Position, Rules, Share};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let mut kept = None;
/// let memory = ByteSize::new(16 << 20);
/// let first = prove_again(&mut kept, &rules, &start, memory, |_| false).unwrap();
/// let again = prove_again(&mut kept, &rules, &start, memory, |_| false).unwrap();
/// assert_eq!(first.value(), again.value());
/// assert!(again.nodes < first.nodes);
/// ```
///
/// # Errors
/// As [`prove`].
pub fn prove_again(
    kept: &mut Option<ProvenBounds>,
    rules: &Rules,
    start: &Position,
    memory: ByteSize,
    stop: impl FnMut(&ProofProgress) -> bool,
) -> Result<Proof, AnalysisError> {
    prove_again_with(Algorithm::default(), kept, rules, start, memory, stop)
}

/// [`prove_again`] with the proof search of one's choosing: the bounds in
/// `kept` are used only when the same algorithm proved them.
///
/// # Errors
/// As [`prove`].
pub fn prove_again_with(
    algorithm: Algorithm,
    kept: &mut Option<ProvenBounds>,
    rules: &Rules,
    start: &Position,
    memory: ByteSize,
    stop: impl FnMut(&ProofProgress) -> bool,
) -> Result<Proof, AnalysisError> {
    let codec = Codec::new(rules);
    let cache = match kept.take() {
        Some(k) if k.rules == *rules && k.rated == start.player() && k.algorithm == algorithm => {
            k.cache
        }
        _ if memory < least_proof_memory(rules) => {
            return Err(AnalysisError::TooLittleMemory {
                memory,
                least: least_proof_memory(rules),
            });
        }
        _ => PositionCache::new(codec.words(), memory.bytes()).map_err(|e| {
            AnalysisError::OutOfMemory {
                positions: 0,
                bytes: e.bytes,
            }
        })?,
    };
    let (proof, cache) = match algorithm {
        Algorithm::DfPn => {
            let mut prover = dfpn::DfPn::new(rules, &codec, start, cache);
            (drive(&mut prover, rules, start, stop), prover.into_cache())
        }
        Algorithm::AlphaBeta => {
            let mut prover = alphabeta::AlphaBeta::new(rules, &codec, start, cache);
            (drive(&mut prover, rules, start, stop), prover.into_cache())
        }
    };
    *kept = Some(ProvenBounds {
        rules: rules.clone(),
        rated: start.player(),
        algorithm,
        cache,
    });
    Ok(proof)
}

/// [`prove`] on `threads` threads sharing one cache of proven bounds
/// within `memory` (df-pn: each thread searches where the others are not,
/// and takes up what they proved). One thread is [`prove`] itself.
///
/// The value proven is the same whatever the threads (every bound is
/// proven, never estimated); the positions searched, the time, and which
/// of several moves that keep the value is given may change from one run
/// to the next. `stop` is asked from the calling thread, which searches
/// too, every [`PROOF_CHECK_EVERY`] of its positions, with the positions
/// all the threads have searched (counted in steps of
/// [`PROOF_CHECK_EVERY`]).
///
/// ```
/// use dice_of_doom::analysis::{ByteSize, prove, prove_parallel};
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let memory = ByteSize::new(16 << 20);
/// let one = prove(&rules, &start, memory, |_| false).unwrap();
/// let four = prove_parallel(&rules, &start, memory, 4, |_| false).unwrap();
/// assert_eq!(four.value(), one.value());
/// assert!(four.best_move.is_some());
/// ```
///
/// # Errors
/// As [`prove`].
pub fn prove_parallel(
    rules: &Rules,
    start: &Position,
    memory: ByteSize,
    threads: usize,
    stop: impl FnMut(&ProofProgress) -> bool,
) -> Result<Proof, AnalysisError> {
    if threads <= 1 {
        return prove(rules, start, memory, stop);
    }
    let codec = Codec::new(rules);
    if memory < least_proof_memory(rules) {
        return Err(AnalysisError::TooLittleMemory {
            memory,
            least: least_proof_memory(rules),
        });
    }
    let cache = shared::SharedCache::new(codec.words(), memory.bytes()).map_err(|e| {
        AnalysisError::OutOfMemory {
            positions: 0,
            bytes: e.bytes,
        }
    })?;
    let mut prover = parallel::Parallel::new(rules, &codec, start, cache, threads);
    Ok(drive(&mut prover, rules, start, stop))
}

/// The least memory a proof of a game under `rules` takes: the first table
/// of its cache of proven bounds, some 64 KiB a word of a packed position,
/// in whole KiB.
///
/// ```
/// use dice_of_doom::analysis::{AnalysisError, ByteSize, least_proof_memory, prove};
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let least = least_proof_memory(&rules);
/// assert!(least.bytes() > 64 << 10 && least.bytes() < 1 << 20);
/// let board = "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let short = ByteSize::new(least.bytes() - 1);
/// assert!(matches!(
///     prove(&rules, &start, short, |_| false),
///     Err(AnalysisError::TooLittleMemory { .. })
/// ));
/// assert!(prove(&rules, &start, least, |_| false).is_ok());
/// ```
pub fn least_proof_memory(rules: &Rules) -> ByteSize {
    // Rounded up to whole KiB, so that the figure a message gives is one a
    // user can type back.
    let bytes = PositionCache::least_bytes(Codec::new(rules).words());
    ByteSize::new(bytes.div_ceil(1024).saturating_mul(1024))
}

/// Runs a prover's tests from the highest value down until the value is
/// proven or `stop` stops it.
fn drive(
    prover: &mut impl Prover,
    rules: &Rules,
    start: &Position,
    mut stop: impl FnMut(&ProofProgress) -> bool,
) -> Proof {
    let moves = start.moves(rules);
    if moves.is_empty() {
        let value = Share::of(start.winners(), start.player());
        return finish(prover, value, value, None);
    }
    // The ranks a finished game can give the rated player, highest first.
    let mut ranks: Vec<Rank> = (1..=usize::from(rules.players()))
        .filter_map(Share::tie)
        .chain([Share::LOSS])
        .filter_map(rank)
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let (mut lower, mut upper) = (ranks[ranks.len() - 1], ranks[0]);
    let mut best = None;
    while lower < upper {
        // Is the value as high as it can still be?
        let bounds = (lower, upper);
        let mut ask = |p: &ProofProgress| {
            stop(&ProofProgress {
                lower: share(bounds.0),
                upper: share(bounds.1),
                ..*p
            })
        };
        match prover.test(upper, &mut ask) {
            None => break,
            Some((r, mv)) if r >= upper => {
                lower = r;
                best = mv;
            }
            Some((r, _)) => upper = r.max(lower),
        }
    }
    let best = (lower == upper).then(|| moves[best.unwrap_or(0)]);
    finish(prover, share(lower), share(upper), best)
}

fn finish(prover: &impl Prover, lower: Share, upper: Share, best_move: Option<Move>) -> Proof {
    let (nodes, stored, bytes) = prover.work();
    Proof {
        lower,
        upper,
        best_move,
        nodes,
        stored,
        bytes,
    }
}

#[cfg(test)]
#[path = "prove_tests.rs"]
mod tests;
