//! A survey of seeded random boards, each proven on its own by [`prove()`]:
//! for sizes whose every board is far too many to solve (4x4 has
//! 2,821,109,907,456 boards of two players and 3 dice).
//!
//! Board `i` of a sample from seed `s` is the random board of seed `s + i`,
//! the one `solve --seed` and `play --seed` deal with the same options, so
//! any board of a sample can be looked at again on its own.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{AnalysisError, ByteSize, Proof, prove};
use crate::game::{Board, GenerateError, Player, Position, Rules, Share, random_board};

/// What to sample, and each board's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleOptions {
    /// The rules of every board.
    pub rules: Rules,
    /// The player who moves first.
    pub first: Player,
    /// The seed of the first board; board `i` is the board of seed
    /// `seed + i` (wrapping).
    pub seed: u64,
    /// How many boards.
    pub boards: u64,
    /// The memory each board's proof may hold.
    pub memory: ByteSize,
    /// The time each board's proof may take, if limited.
    pub time: Option<Duration>,
    /// The positions each board's proof may search, if limited: with no time
    /// limit, a sample is the same on every machine.
    pub nodes: Option<u64>,
    /// How many worker threads to use (at least one).
    pub threads: usize,
}

/// One board of a sample and its proof.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampleBoard {
    /// The board's seed.
    pub seed: u64,
    /// The board.
    pub board: Board,
    /// What its proof found.
    pub proof: Proof,
    /// The proof's wall-clock time.
    pub time: Duration,
}

/// A sample's boards, in the order of their seeds, and its tallies.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Every board and its proof.
    pub boards: Vec<SampleBoard>,
}

impl Sample {
    /// The boards whose value for the first player is `value`.
    pub fn count(&self, value: Share) -> u64 {
        self.boards
            .iter()
            .filter(|b| b.proof.value() == Some(value))
            .count() as u64
    }

    /// The boards won by the first player.
    pub fn wins(&self) -> u64 {
        self.count(Share::WIN)
    }

    /// The boards lost by the first player.
    pub fn losses(&self) -> u64 {
        self.count(Share::LOSS)
    }

    /// The boards whose value was proven.
    pub fn proven(&self) -> u64 {
        self.boards
            .iter()
            .filter(|b| b.proof.value().is_some())
            .count() as u64
    }

    /// The proven boards neither won nor lost: ties.
    pub fn ties(&self) -> u64 {
        self.proven() - self.wins() - self.losses()
    }

    /// The boards whose value was not proven within the limits.
    pub fn unproven(&self) -> u64 {
        self.boards.len() as u64 - self.proven()
    }
}

/// Why a sample cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    /// A board could not be drawn.
    #[error("board of seed {seed}: {error}")]
    Board {
        /// Its seed.
        seed: u64,
        /// Why.
        error: GenerateError,
    },
    /// A proof could not start.
    #[error("board of seed {seed}: {error}")]
    Proof {
        /// Its seed.
        seed: u64,
        /// Why.
        error: AnalysisError,
    },
}

/// The random board of a seed, `first` to move, for these rules: the one
/// `play --seed` and `solve --seed` deal.
pub fn seeded_start(rules: &Rules, first: Player, seed: u64) -> Result<Position, GenerateError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let board = random_board(rules, first, &mut rng)?;
    Ok(Position::start(rules, board, first)?)
}

/// Proves every board of the sample, sharing them out to worker threads;
/// `progress` is called from the workers after each board.
///
/// ```
/// use dice_of_doom::analysis::{ByteSize, sample::{SampleOptions, sample}};
/// use dice_of_doom::game::{Player, Rules};
/// let options = SampleOptions {
///     rules: Rules::classic(3, 2, 3).unwrap(),
///     first: Player::A,
///     seed: 1,
///     boards: 20,
///     memory: ByteSize::new(16 << 20),
///     time: None,
///     nodes: None,
///     threads: 2,
/// };
/// let s = sample(&options, &|| {}).unwrap();
/// assert_eq!(s.boards.len(), 20);
/// assert_eq!(s.wins() + s.losses() + s.ties() + s.unproven(), 20);
/// assert_eq!(s.unproven(), 0);
/// ```
pub fn sample(
    options: &SampleOptions,
    progress: &(dyn Fn() + Sync),
) -> Result<Sample, SampleError> {
    let seeds: Vec<u64> = (0..options.boards)
        .map(|i| options.seed.wrapping_add(i))
        .collect();
    let done: Mutex<Vec<SampleBoard>> = Mutex::new(Vec::new());
    prove_each(options, &seeds, &|board| {
        done.lock().unwrap_or_else(|e| e.into_inner()).push(board);
        progress();
        Ok::<(), SampleError>(())
    })?;
    let mut boards = done.into_inner().unwrap_or_else(|e| e.into_inner());
    boards.sort_by_key(|b| b.seed.wrapping_sub(options.seed));
    Ok(Sample { boards })
}

/// Proves the boards of `seeds` (with the rules, limits and threads of
/// `options`; its `seed` and `boards` are not read), sharing them out to
/// worker threads, and hands each to `done` as it is finished, from the
/// worker that proved it. The first error, of a board or of `done`, stops
/// the workers (each after the board it is on) and is returned.
///
/// This is the one loop over a sample's boards: [`sample`] and the
/// command's resumable, sharded runs all go through it.
pub fn prove_each<E>(
    options: &SampleOptions,
    seeds: &[u64],
    done: &(dyn Fn(SampleBoard) -> Result<(), E> + Sync),
) -> Result<(), E>
where
    E: From<SampleError> + Send,
{
    let next = AtomicUsize::new(0);
    let failed: Mutex<Option<E>> = Mutex::new(None);
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&seed) = seeds.get(index) else {
                break;
            };
            let result = prove_one(options, seed).map_err(E::from).and_then(done);
            if let Err(e) = result {
                let mut failed = failed.lock().unwrap_or_else(|e| e.into_inner());
                failed.get_or_insert(e);
                next.store(seeds.len(), Ordering::Relaxed);
            }
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..options.threads.max(1))
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, work)
            })
            .collect();
        for handle in handles {
            match handle {
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                // No thread could be started: do the rest here.
                Err(_) => work(),
            }
        }
    });
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Draws and proves the board of one seed.
fn prove_one(options: &SampleOptions, seed: u64) -> Result<SampleBoard, SampleError> {
    let start = seeded_start(&options.rules, options.first, seed)
        .map_err(|error| SampleError::Board { seed, error })?;
    let began = Instant::now();
    let deadline = options.time.and_then(|t| began.checked_add(t));
    let nodes = options.nodes.unwrap_or(u64::MAX);
    let proof = prove(&options.rules, &start, options.memory, |p| {
        p.nodes >= nodes || deadline.is_some_and(|d| Instant::now() >= d)
    })
    .map_err(|error| SampleError::Proof { seed, error })?;
    Ok(SampleBoard {
        seed,
        board: *start.board(),
        proof,
        time: began.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(boards: u64, nodes: Option<u64>, threads: usize) -> SampleOptions {
        SampleOptions {
            rules: Rules::classic(3, 2, 3).unwrap(),
            first: Player::A,
            seed: 40,
            boards,
            memory: ByteSize::new(16 << 20),
            time: None,
            nodes,
            threads,
        }
    }

    #[test]
    fn samples_are_the_seeded_boards_in_order_whatever_the_threads() {
        let one = sample(&options(60, None, 1), &|| {}).unwrap();
        let two = sample(&options(60, None, 2), &|| {}).unwrap();
        let seeds: Vec<u64> = one.boards.iter().map(|b| b.seed).collect();
        assert_eq!(seeds, (40..100).collect::<Vec<_>>());
        for (a, b) in one.boards.iter().zip(&two.boards) {
            assert_eq!(
                (a.seed, a.board, a.proof.value()),
                (b.seed, b.board, b.proof.value())
            );
            let start = seeded_start(&options(1, None, 1).rules, Player::A, a.seed).unwrap();
            assert_eq!(*start.board(), a.board);
        }
        assert_eq!(one.unproven(), 0);
        assert_eq!(one.wins() + one.losses() + one.ties(), 60);
        assert!(one.wins() > 0 && one.losses() > 0);
    }

    #[test]
    fn a_node_budget_leaves_hard_boards_unproven() {
        let s = sample(&options(60, Some(1024), 2), &|| {}).unwrap();
        let unproven: Vec<&SampleBoard> = s
            .boards
            .iter()
            .filter(|b| b.proof.value().is_none())
            .collect();
        assert_eq!(unproven.len() as u64, s.unproven());
        assert!(
            s.unproven() > 0,
            "every board proven within 1,024 positions"
        );
        for board in unproven {
            assert_eq!(board.proof.nodes, 1024);
        }
    }
}
