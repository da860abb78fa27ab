//! Depth-first proof-number search (df-pn) over packed positions.
//!
//! A test asks whether the start's rank is at least a target. The rated
//! player's positions are OR nodes (one move reaching the target is
//! enough), the others' AND nodes (every move must). Each position carries a
//! proof number (how many positions at least must still be proven to show
//! it reaches the target) and a disproof number (the same to show it does
//! not); the search always goes down to the most proving position within
//! thresholds, as Nagai's df-pn does, with Pawlewicz's 1 + epsilon trick
//! against thrashing between siblings.
//!
//! The proofs are exact all the same: every position also carries bounds on
//! its rank, a leaf's rank exactly and an inner position's the best (or
//! worst) of its children's, and a position is proven exactly when its lower
//! bound reaches the target, disproven when its upper bound falls below it.
//! The numbers only steer; the cache keeps both, and a later test starts
//! from the bounds earlier ones proved.

use super::plies::Plies;
use super::shared::Cache;
use super::{PositionCache, ProofProgress, Prover, Rank};
use crate::analysis::solve::leaf_rank;
use crate::game::{Children, Codec, Player, Position, Rules};

/// Proof and disproof numbers are capped below this (24 bits), which stands
/// for infinity: a proven (or disproven) position.
const INFINITY: u32 = (1 << 24) - 1;
/// The most a proof or disproof number grows to short of infinity.
const CAP: u32 = INFINITY - 1;

/// What the cache keeps for a position, in one word: its lower and upper
/// bound (4 bits each), its proof and disproof numbers in the last test that
/// searched it (24 bits each), and the work its last search took (log2 of
/// the positions, 6 bits), which decides what a full cache forgets first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    lower: Rank,
    upper: Rank,
    pn: u32,
    dn: u32,
}

impl Node {
    /// A position never searched, numbered by its moves (df-pn's usual
    /// initialisation by mobility): at the rated player's turn one move may
    /// be enough to prove it (proof number 1) but every move must be
    /// refuted to disprove it (disproof number the moves), and the other
    /// way round at the others' turns. A position with no moves is a leaf,
    /// whose rank is known at once.
    ///
    /// On 5x5 boards this searched 2 to 4 times fewer positions than
    /// numbering every fresh position 1 and 1 (docs/PERFORMANCE.md).
    fn fresh(codec: &Codec, rules: &Rules, key: &[u64], rated: Player) -> Node {
        let moves = Children::count(codec, rules, key);
        if moves == 0 {
            let rank = leaf_rank(codec.winners(key), rated);
            return Node {
                lower: rank,
                upper: rank,
                pn: 1,
                dn: 1,
            };
        }
        let moves = u32::try_from(moves).unwrap_or(CAP).min(CAP);
        let (pn, dn) = if codec.player(key) == rated {
            (1, moves)
        } else {
            (moves, 1)
        };
        Node {
            lower: 0,
            upper: 8,
            pn,
            dn,
        }
    }

    fn pack(self, work: u64) -> u64 {
        u64::from(self.lower)
            | u64::from(self.upper) << 4
            | u64::from(self.pn) << 8
            | u64::from(self.dn) << 32
            | work.min(63) << 56
    }

    fn unpack(word: u64) -> Node {
        Node {
            lower: (word & 0xf) as Rank,
            upper: ((word >> 4) & 0xf) as Rank,
            pn: ((word >> 8) & 0xff_ffff) as u32,
            dn: ((word >> 32) & 0xff_ffff) as u32,
        }
    }

    /// The node's numbers for the test of `target`: proven or disproven
    /// where its bounds say so.
    fn against(mut self, target: Rank) -> Node {
        if self.lower >= target {
            (self.pn, self.dn) = (0, INFINITY);
        } else if self.upper < target {
            (self.pn, self.dn) = (INFINITY, 0);
        } else {
            self.pn = self.pn.clamp(1, CAP);
            self.dn = self.dn.clamp(1, CAP);
        }
        self
    }
}

/// What a full cache forgets first: the positions that took least work.
fn worth(word: u64) -> u64 {
    word >> 56
}

/// What a shared cache keeps when a thread stores a position another
/// stored before: the tighter bounds of the two (both are proven), the
/// numbers and work of the newer.
fn merge(old: u64, new: u64) -> u64 {
    let (o, n) = (Node::unpack(old), Node::unpack(new));
    let (lower, upper) = (o.lower.max(n.lower), o.upper.min(n.upper));
    (new & !0xff) | u64::from(lower) | u64::from(upper) << 4
}

/// What is known of a child: what this thread last found of it, with the
/// tighter bounds and the numbers of what the shared cache holds now.
fn reread(local: Node, held: Option<u64>, target: Rank) -> Node {
    match held.map(Node::unpack) {
        None => local,
        Some(held) => Node {
            lower: held.lower.max(local.lower),
            upper: held.upper.min(local.upper),
            ..held
        }
        .against(target),
    }
}

/// The df-pn prover, over its own cache or one shared with other threads.
#[derive(Debug)]
pub(super) struct DfPn<'a, C = PositionCache> {
    /// At each ply, what is known of each child.
    pub(super) state: Plies<'a, Node, C>,
    target: Rank,
}

impl<'a, C: Cache> DfPn<'a, C> {
    /// A prover of `start` starting from the bounds in `cache`.
    pub(super) fn new(rules: &'a Rules, codec: &'a Codec, start: &Position, cache: C) -> Self {
        DfPn {
            state: Plies::new(rules, codec, start, cache),
            target: 8,
        }
    }

    /// Searches the position at `ply` until its proof number reaches `thpn`
    /// or its disproof number `thdn` (or it is proven or disproven), and
    /// returns what is then known of it.
    fn mid(
        &mut self,
        ply: usize,
        thpn: u32,
        thdn: u32,
        stop: &mut dyn FnMut(&ProofProgress) -> bool,
    ) -> Node {
        self.state.count(stop);
        let nodes0 = self.state.nodes;
        self.state.make(ply + 1);
        let (target, rated) = (self.target, self.state.rated);
        let Plies {
            plies,
            codec,
            rules,
            cache,
            ..
        } = &mut self.state;
        let (codec, rules) = (*codec, *rules);
        let here = &mut plies[ply];
        here.children.expand(codec, rules, &here.key);
        let count = here.children.len();
        if count == 0 {
            let rank = leaf_rank(codec.winners(&here.key), rated);
            let node = Node {
                lower: rank,
                upper: rank,
                pn: 1,
                dn: 1,
            }
            .against(target);
            cache.put(&plies[ply].key, node.pack(0), worth, merge);
            return node;
        }
        let or = codec.player(&here.key) == rated;
        here.kids.clear();
        let touched = (0..count).fold(0, |t, i| t ^ cache.touch(here.children.key(i)));
        std::hint::black_box(touched);
        for i in 0..count {
            let key = here.children.key(i);
            let known = cache
                .get(key)
                .map_or_else(|| Node::fresh(codec, rules, key, rated), Node::unpack);
            here.kids.push(known.against(target));
        }
        let mut node;
        let mut first = true;
        loop {
            if C::SHARED && !first {
                // Other threads may have proven or searched the siblings.
                let Plies { plies, cache, .. } = &mut self.state;
                let here = &mut plies[ply];
                for (i, kid) in here.kids.iter_mut().enumerate() {
                    *kid = reread(*kid, cache.get(here.children.key(i)), target);
                }
            }
            first = false;
            node = summary(&self.state.plies[ply].kids, or, target);
            if node.pn >= thpn || node.dn >= thdn || self.state.stopped {
                break;
            }
            let kids = &self.state.plies[ply].kids;
            let limits = |(best, second): (usize, u32)| {
                let kid: Node = kids[best];
                if or {
                    (
                        best,
                        thpn.min(widen(second)),
                        rest_of(thdn, node.dn, kid.dn),
                    )
                } else {
                    (
                        best,
                        rest_of(thpn, node.pn, kid.pn),
                        thdn.min(widen(second)),
                    )
                }
            };
            let (mut best, mut cthpn, mut cthdn) = limits(select(kids, or));
            if C::SHARED {
                // Away from the other threads, unless the child that leaves
                // would stop at once (its number already past what the
                // threshold lets it reach): then with them.
                let Plies { plies, cache, .. } = &self.state;
                let here = &plies[ply];
                let apart = select_apart(kids, or, |i| cache.busy(here.children.key(i)));
                let (b, p, d) = limits(apart);
                if kids[b].pn < p && kids[b].dn < d {
                    (best, cthpn, cthdn) = (b, p, d);
                }
            }
            self.state.descend(ply, best);
            if C::SHARED {
                let Plies { plies, cache, .. } = &self.state;
                cache.enter(plies[ply].children.key(best));
            }
            let searched = self.mid(ply + 1, cthpn, cthdn, stop);
            if C::SHARED {
                let Plies { plies, cache, .. } = &self.state;
                cache.leave(plies[ply].children.key(best));
            }
            self.state.plies[ply].kids[best] = searched;
        }
        let work = u64::from(64 - (self.state.nodes - nodes0 + 1).leading_zeros());
        let state = &mut self.state;
        state
            .cache
            .put(&state.plies[ply].key, node.pack(work), worth, merge);
        node
    }
}

/// A threshold above the second-best child's number: 1 + epsilon times it,
/// epsilon 1/2 (on 4x4 boards 1/2 searched up to 20% fewer positions than
/// 1/4, 1/8 or 1).
#[inline]
fn widen(second: u32) -> u32 {
    if second >= CAP {
        INFINITY
    } else {
        add(second, 1 + second / 2)
    }
}

/// A child's threshold of the number its parent sums: what the parent's
/// threshold leaves once the other children's share is taken; infinite
/// when the parent's is.
#[inline]
fn rest_of(threshold: u32, sum: u32, kid: u32) -> u32 {
    if threshold == INFINITY {
        INFINITY
    } else {
        add(threshold - sum.min(threshold), kid)
    }
}

/// Adds numbers, capped short of infinity unless one is infinite.
#[inline]
fn add(a: u32, b: u32) -> u32 {
    if a == INFINITY || b == INFINITY {
        INFINITY
    } else {
        (a + b).min(CAP)
    }
}

/// A position's bounds and numbers from its children's.
fn summary(kids: &[Node], or: bool, target: Rank) -> Node {
    let (mut lower, mut upper) = if or { (0, 0) } else { (8, 8) };
    let (mut min, mut sum) = (INFINITY, 0u32);
    for kid in kids {
        if or {
            lower = lower.max(kid.lower);
            upper = upper.max(kid.upper);
            min = min.min(kid.pn);
            sum = add(sum, kid.dn);
        } else {
            lower = lower.min(kid.lower);
            upper = upper.min(kid.upper);
            min = min.min(kid.dn);
            sum = add(sum, kid.pn);
        }
    }
    let (pn, dn) = if or { (min, sum) } else { (sum, min) };
    Node {
        lower,
        upper,
        pn,
        dn,
    }
    .against_keeping(target)
}

impl Node {
    /// [`Node::against`], but keeping numbers that are already infinite or
    /// zero where the bounds do not settle the test.
    fn against_keeping(self, target: Rank) -> Node {
        if self.lower >= target || self.upper < target {
            self.against(target)
        } else {
            Node {
                pn: self.pn.clamp(1, INFINITY),
                dn: self.dn.clamp(1, INFINITY),
                ..self
            }
        }
    }
}

/// The child to search (the least proof number at an OR node, the least
/// disproof number at an AND node; the first of equals) and the second
/// least number.
fn select(kids: &[Node], or: bool) -> (usize, u32) {
    let (mut best, mut first, mut second) = (0, INFINITY, INFINITY);
    for (i, kid) in kids.iter().enumerate() {
        let n = if or { kid.pn } else { kid.dn };
        if n < first {
            (best, second, first) = (i, first, n);
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}

/// [`select`] for a thread sharing its cache: a child other threads are
/// searching (`busy(i)` of them) counts as that many times harder again,
/// so that the threads spread over the tree (Kaneko's virtual proof
/// numbers) rather than all searching the same most proving position.
fn select_apart(kids: &[Node], or: bool, busy: impl Fn(usize) -> u32) -> (usize, u32) {
    let (mut best, mut first, mut second) = (0, INFINITY, INFINITY);
    for (i, kid) in kids.iter().enumerate() {
        let mut n = if or { kid.pn } else { kid.dn };
        if n != 0 && n < INFINITY {
            let others = busy(i);
            if others > 0 {
                n = add(n, n.saturating_mul(others));
            }
        }
        if n < first {
            (best, second, first) = (i, first, n);
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}

impl<C: Cache> Prover for DfPn<'_, C> {
    fn test(
        &mut self,
        target: Rank,
        stop: &mut dyn FnMut(&ProofProgress) -> bool,
    ) -> Option<(Rank, Option<usize>)> {
        self.target = target;
        loop {
            let node = self.mid(0, INFINITY, INFINITY, stop);
            if self.state.stopped {
                return None;
            }
            if node.lower >= target {
                let best = self.state.plies[0]
                    .kids
                    .iter()
                    .position(|k| k.lower >= target);
                return Some((node.lower, best));
            }
            if node.upper < target {
                return Some((node.upper, None));
            }
        }
    }

    fn work(&self) -> (u64, usize, usize) {
        let state = &self.state;
        (state.nodes, state.cache.len(), state.cache.heap_bytes())
    }
}

impl DfPn<'_> {
    /// The cache, to keep for a later proof.
    pub(super) fn into_cache(self) -> PositionCache {
        self.state.cache
    }
}
