//! Source-node detection (after Kishimoto's SNDA) for df-pn's sums over a
//! graph whose positions are reached by many paths.
//!
//! df-pn sums its children's disproof numbers at an OR node (proof numbers
//! at an AND node), so a position reached by two paths is counted once per
//! path. Each position met keeps one parent, the first it was read from; a
//! child whose parent is not the position reading it was reached before by
//! another path, and following parents from there up to a position on the
//! current search path finds where the two paths split: its source. The
//! children of one position whose sources are the same are counted once
//! (the largest of them) instead of each.
//!
//! The parents live beside the cache, in a table of their own keyed by the
//! positions' hash: the numbers only steer the search (the bounds decide
//! what is proven), so a hash collision costs steering, never a value.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are hashes already.
#[derive(Default)]
pub(super) struct Passthrough(u64);

impl Hasher for Passthrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Map<V> = HashMap<u64, V, BuildHasherDefault<Passthrough>>;

/// Which children are counted together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grouping {
    /// Each child on its own: df-pn's sums.
    Off,
    /// Children with the same source, one group a source.
    BySource,
    /// Every child with a source found, one group.
    Merged,
    /// As `BySource`, but only sources where the same player is to move.
    SameSide,
    /// At the source (Kishimoto's placement): the source's child on the
    /// search path and its child on the parents' path are grouped there,
    /// where the search path from the source on keeps one player to move.
    AtSource,
    /// Every child whose parent is another position, one group (each
    /// position counted through its first parent only).
    TreeOnly,
}

/// The parents and the current search path, by hash.
#[derive(Debug)]
pub(super) struct Sources {
    pub(super) grouping: Grouping,
    /// How many parents a walk follows at most.
    steps: usize,
    parents: Map<u64>,
    /// The positions on the search path: their ply.
    path: Map<u32>,
    /// Scratch: the first child of each source ply met.
    firsts: Map<u32>,
    /// At each ply of the search path: the first child of each child's
    /// group, the children's hashes, and the child being searched.
    pub(super) groups: Vec<Vec<u32>>,
    hashes: Vec<Vec<u64>>,
    going: Vec<usize>,
}

impl Sources {
    /// Empty tables; the grouping from `DOD_SNDA` (a temporary switch while
    /// measuring).
    pub(super) fn new() -> Sources {
        let var = |name: &str, default: usize| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let grouping = match var("DOD_SNDA", 0) {
            1 => Grouping::BySource,
            2 => Grouping::Merged,
            3 => Grouping::SameSide,
            4 => Grouping::AtSource,
            5 => Grouping::TreeOnly,
            _ => Grouping::Off,
        };
        Sources {
            grouping,
            steps: var("DOD_SNDA_STEPS", 16),
            parents: Map::default(),
            path: Map::default(),
            firsts: Map::default(),
            groups: Vec::new(),
            hashes: Vec::new(),
            going: Vec::new(),
        }
    }

    /// The position `hash` is on the search path at `ply`.
    pub(super) fn enter(&mut self, hash: u64, ply: usize) {
        self.path.insert(hash, ply as u32);
    }

    /// The position at `ply` searches its `index`-th child.
    pub(super) fn descend(&mut self, ply: usize, index: usize) {
        self.going[ply] = index;
    }

    /// The position `hash` leaves the search path.
    pub(super) fn leave(&mut self, hash: u64) {
        self.path.remove(&hash);
    }

    /// Groups the children (`kids`: their hashes) of the position `here`
    /// at `ply`, in [`Sources::groups`]`[ply]`. A child never met before
    /// takes `here` as its parent. `same_side(j)` tells whether the player
    /// to move at ply `j` is the one at `ply`.
    pub(super) fn group(
        &mut self,
        here: u64,
        ply: usize,
        kids: impl Iterator<Item = u64>,
        same_side: impl Fn(usize) -> bool,
    ) {
        while self.groups.len() <= ply {
            self.groups.push(Vec::new());
            self.hashes.push(Vec::new());
            self.going.push(0);
        }
        let mut hashes = std::mem::take(&mut self.hashes[ply]);
        let mut groups = std::mem::take(&mut self.groups[ply]);
        hashes.clear();
        hashes.extend(kids);
        groups.clear();
        self.firsts.clear();
        for (i, &kid) in hashes.iter().enumerate() {
            let parent = *self.parents.entry(kid).or_insert(here);
            let mut group = i as u32;
            if parent != here {
                match self.grouping {
                    Grouping::TreeOnly => {
                        group = *self.firsts.entry(u64::MAX).or_insert(i as u32);
                    }
                    Grouping::AtSource => self.join_at_source(kid, parent, ply, &same_side),
                    _ => {
                        if let Some((source, _)) = self.source(parent)
                            && (self.grouping != Grouping::SameSide || same_side(source))
                        {
                            let at = if self.grouping == Grouping::Merged {
                                u64::MAX
                            } else {
                                source as u64
                            };
                            group = *self.firsts.entry(at).or_insert(i as u32);
                        }
                    }
                }
            }
            groups.push(group);
        }
        self.hashes[ply] = hashes;
        self.groups[ply] = groups;
    }

    /// A child `kid` (of the position at `ply`) first reached from
    /// `parent`: at its source on the search path, the child the search
    /// went down and the child the parents lead up from are grouped.
    fn join_at_source(&mut self, kid: u64, parent: u64, ply: usize, same: &impl Fn(usize) -> bool) {
        let Some((source, below)) = self.source(parent) else {
            return;
        };
        let below = below.unwrap_or(kid);
        if source >= ply || !(source..ply).all(same) {
            return;
        }
        let (Some(m), k) = (
            self.hashes[source].iter().position(|&h| h == below),
            self.going[source],
        ) else {
            return;
        };
        let groups = &mut self.groups[source];
        let (a, b) = (groups[k], groups[m]);
        if a != b {
            let (lo, hi) = (a.min(b), a.max(b));
            for g in groups.iter_mut().filter(|g| **g == hi) {
                *g = lo;
            }
        }
    }

    /// The ply of the first position on the search path met following
    /// parents from `from`, within the walk's steps.
    /// With it, the position met just before it (`None` when `from` is on
    /// the path itself).
    fn source(&self, mut from: u64) -> Option<(usize, Option<u64>)> {
        let mut before = None;
        for _ in 0..self.steps {
            if let Some(&ply) = self.path.get(&from) {
                return Some((ply as usize, before));
            }
            before = Some(from);
            from = *self.parents.get(&from)?;
        }
        None
    }

    /// The bytes the tables hold, about.
    pub(super) fn heap_bytes(&self) -> usize {
        self.parents.capacity() * 17
    }
}
