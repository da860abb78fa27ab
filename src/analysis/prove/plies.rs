//! What every prover keeps: the rules, the cache, one set of buffers a ply,
//! the positions searched and whether it was asked to stop.

use super::shared::Cache;
use super::{PROOF_CHECK_EVERY, PositionCache, ProofProgress};
use crate::game::{Children, Codec, Player, Position, Rules, Share};

/// The buffers of one ply of a search: the position's packed key, its
/// children, and what the algorithm keeps of each child.
#[derive(Debug)]
pub(super) struct Ply<T> {
    pub(super) key: Vec<u64>,
    pub(super) children: Children,
    pub(super) kids: Vec<T>,
}

/// A prover's state, whatever its algorithm, with its cache: its own, or
/// one shared with other threads.
#[derive(Debug)]
pub(super) struct Plies<'a, T, C = PositionCache> {
    pub(super) rules: &'a Rules,
    pub(super) codec: &'a Codec,
    /// The player whose value is proven: the one to move at the start.
    pub(super) rated: Player,
    pub(super) cache: C,
    /// Ply 0 holds the start.
    pub(super) plies: Vec<Ply<T>>,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
}

impl<'a, T, C: Cache> Plies<'a, T, C> {
    /// The state of a prover of `start` with this cache (which must be
    /// empty, or hold bounds for the same rules and player to move).
    pub(super) fn new(
        rules: &'a Rules,
        codec: &'a Codec,
        start: &Position,
        cache: C,
    ) -> Plies<'a, T, C> {
        let mut state = Plies {
            rules,
            codec,
            rated: start.player(),
            cache,
            plies: Vec::new(),
            nodes: 0,
            stopped: false,
        };
        state.make(0);
        codec.encode(start, &mut state.plies[0].key);
        state
    }

    /// Makes sure ply `ply` has its buffers.
    pub(super) fn make(&mut self, ply: usize) {
        while self.plies.len() <= ply {
            self.plies.push(Ply {
                key: vec![0; self.codec.words()],
                children: Children::new(self.codec),
                kids: Vec::new(),
            });
        }
    }

    /// Counts one more position searched, asking `stop` every
    /// [`PROOF_CHECK_EVERY`] of them; true once asked to stop.
    #[inline]
    pub(super) fn count(&mut self, stop: &mut dyn FnMut(&ProofProgress) -> bool) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(PROOF_CHECK_EVERY) {
            // A shared cache's figures are the parallel prover's to give
            // (summing its shards at every check of every thread would
            // cost more than the check).
            let (stored, bytes) = if C::SHARED {
                (0, 0)
            } else {
                (self.cache.len(), self.cache.heap_bytes())
            };
            let progress = ProofProgress {
                nodes: self.nodes,
                stored,
                bytes,
                lower: Share::LOSS,
                upper: Share::WIN,
            };
            if stop(&progress) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Puts the `index`-th child of the position at `ply` at `ply + 1`
    /// (which must have its buffers).
    #[inline]
    pub(super) fn descend(&mut self, ply: usize, index: usize) {
        let (done, rest) = self.plies.split_at_mut(ply + 1);
        let (to, from) = (&mut rest[0].key, done[ply].children.key(index));
        if let ([t], [f]) = (&mut to[..], from) {
            *t = *f;
        } else {
            to.copy_from_slice(from);
        }
    }
}
