//! Null-window alpha-beta over packed positions, with a cache of proven
//! bounds.
//!
//! Every value here is exact (there is no horizon, no estimate): a search
//! of a position within a window (`alpha`, `beta`) returns a rank `g` that
//! is the position's value if it lies inside the window, an upper bound on
//! it if `g <= alpha` and a lower bound if `g >= beta` (fail-soft). The cache
//! keeps both bounds of every position searched, merged over the tests, so a
//! later test starts from all that earlier ones proved.
//!
//! Moves are tried in this order: the move that decided the position last
//! time (from the cache), then the move that enhanced transposition cutoffs
//! find, then by how good the rules' own figures say it is for the mover
//! (dice taken, history of cutoffs).

use super::plies::Plies;
use super::{PositionCache, ProofProgress, Prover, Rank};
use crate::analysis::solve::leaf_rank;
use crate::game::{Codec, MAX_CELLS, Move, Position, Rules};

/// What the cache keeps for a position, in one word: its lower and upper
/// bound (4 bits each), the index of its best move plus one (0 for none, 10
/// bits), and the work its last search took (log2 of the positions, 6 bits),
/// which decides what a full cache forgets first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    lower: Rank,
    upper: Rank,
    best: Option<usize>,
    work: u8,
}

impl Entry {
    const UNKNOWN: Entry = Entry {
        lower: 0,
        upper: 8,
        best: None,
        work: 0,
    };

    fn pack(self) -> u64 {
        u64::from(self.lower)
            | u64::from(self.upper) << 4
            | (self.best.map_or(0, |b| b as u64 + 1) & 0x3ff) << 8
            | u64::from(self.work) << 18
    }

    fn unpack(word: u64) -> Entry {
        let best = (word >> 8) & 0x3ff;
        Entry {
            lower: (word & 0xf) as Rank,
            upper: ((word >> 4) & 0xf) as Rank,
            best: (best > 0).then(|| best as usize - 1),
            work: (word >> 18) as u8,
        }
    }
}

/// What a full cache forgets first: the bounds that took least work.
fn worth(word: u64) -> u64 {
    word >> 18
}

/// The alpha-beta prover.
#[derive(Debug)]
pub(super) struct AlphaBeta<'a> {
    /// At each ply, the children's indices, best first, with their
    /// ordering scores.
    state: Plies<'a, (u32, u16)>,
    /// Ordering credit of each attack, by `from * MAX_CELLS + to`.
    history: Vec<u32>,
    /// The start's best move found by the last search of it.
    root_best: Option<usize>,
}

impl<'a> AlphaBeta<'a> {
    /// A prover of `start` starting from the bounds in `cache`.
    pub(super) fn new(
        rules: &'a Rules,
        codec: &'a Codec,
        start: &Position,
        cache: PositionCache,
    ) -> AlphaBeta<'a> {
        AlphaBeta {
            state: Plies::new(rules, codec, start, cache),
            history: vec![0; MAX_CELLS * MAX_CELLS],
            root_best: None,
        }
    }

    /// The rank of the position at `ply` within (`alpha`, `beta`), fail-soft.
    fn search(
        &mut self,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        stop: &mut dyn FnMut(&ProofProgress) -> bool,
    ) -> i32 {
        if self.state.count(stop) {
            return 0;
        }
        self.state.make(ply + 1);
        let found = self
            .state
            .cache
            .get(&self.state.plies[ply].key)
            .map_or(Entry::UNKNOWN, Entry::unpack);
        if ply > 0 {
            let (lower, upper) = (i32::from(found.lower), i32::from(found.upper));
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let (alpha0, beta0) = (alpha, beta);
        let nodes0 = self.state.nodes;

        let (plies, codec, rules) = (&mut self.state.plies, self.state.codec, self.state.rules);
        let here = &mut plies[ply];
        here.children.expand(codec, rules, &here.key);
        let count = here.children.len();
        if count == 0 {
            return i32::from(leaf_rank(codec.winners(&here.key), self.state.rated));
        }
        let maximise = codec.player(&here.key) == self.state.rated;
        self.order(ply, found.best);

        let mut g = if maximise { -1 } else { 9 };
        let mut best = 0;
        for k in 0..count {
            let index = usize::from(self.state.plies[ply].kids[k].1);
            self.state.descend(ply, index);
            let v = self.search(ply + 1, alpha, beta, stop);
            if self.state.stopped {
                return 0;
            }
            if maximise {
                if v > g {
                    (g, best) = (v, index);
                }
                alpha = alpha.max(g);
            } else {
                if v < g {
                    (g, best) = (v, index);
                }
                beta = beta.min(g);
            }
            if alpha >= beta || (maximise && g >= 8) || (!maximise && g <= 0) {
                if let Move::Attack { from, to } = self.state.plies[ply].children.moves()[index] {
                    let slot = usize::from(from) * MAX_CELLS + usize::from(to);
                    let work = 64 - (self.state.nodes - nodes0).leading_zeros();
                    self.history[slot] = self.history[slot].saturating_add(work * work);
                }
                break;
            }
        }
        if ply == 0 {
            self.root_best = Some(best);
        }
        let (mut lower, mut upper) = (found.lower, found.upper);
        let rank = g.clamp(0, 8) as Rank;
        if g <= alpha0 {
            upper = upper.min(rank);
        } else if g >= beta0 {
            lower = lower.max(rank);
        } else {
            (lower, upper) = (rank, rank);
        }
        let work = (64 - (self.state.nodes - nodes0).leading_zeros()) as u8;
        let entry = Entry {
            lower,
            upper,
            best: Some(best),
            work,
        };
        let state = &mut self.state;
        state.cache.put(&state.plies[ply].key, entry.pack(), worth);
        g
    }

    /// Orders the children at `ply`, best first for the player to move: the
    /// cache's move, then attacks by the dice they take and their history,
    /// with ending the turn among them.
    fn order(&mut self, ply: usize, hint: Option<usize>) {
        let codec = self.state.codec;
        let here = &mut self.state.plies[ply];
        let key = &here.key;
        here.kids.clear();
        for (index, &mv) in here.children.moves().iter().enumerate() {
            let score = if Some(index) == hint {
                u32::MAX
            } else {
                match mv {
                    Move::Pass => 150,
                    Move::Attack { from, to } => {
                        let slot = usize::from(from) * MAX_CELLS + usize::from(to);
                        let dice = u32::from(codec.cell(key, usize::from(to)).dice());
                        (self.history[slot] / 4).saturating_add(100 + 30 * dice)
                    }
                }
            };
            here.kids.push((score, index as u16));
        }
        here.kids
            .sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    }
}

impl Prover for AlphaBeta<'_> {
    fn test(
        &mut self,
        target: Rank,
        stop: &mut dyn FnMut(&ProofProgress) -> bool,
    ) -> Option<(Rank, Option<usize>)> {
        self.root_best = None;
        let target = i32::from(target);
        let g = self.search(0, target - 1, target, stop);
        if self.state.stopped {
            return None;
        }
        Some((
            g.clamp(0, 8) as Rank,
            self.root_best.filter(|_| g >= target),
        ))
    }

    fn work(&self) -> (u64, usize, usize) {
        let state = &self.state;
        (state.nodes, state.cache.len(), state.cache.heap_bytes())
    }
}

impl AlphaBeta<'_> {
    /// The cache, to keep for a later proof.
    pub(super) fn into_cache(self) -> PositionCache {
        self.state.cache
    }
}
