//! Tree sizes in the survey's memo (a child module of `survey`): each
//! position's size kept in the few bits a memo word leaves beside its key,
//! exact when small and rounded down to a fixed number of significant bits
//! when large, and the largest tree of a survey found again exactly.
//!
//! A position's size is one more than the sum of its children's sizes as
//! the memo holds them, rounded down once when it is large: each rounding
//! loses less than `2^-(mantissa - 1)` of it, and a position on top of `h`
//! levels of
//! positions holds at least `(1 - 2^-(mantissa - 1))^h` of its exact size,
//! and at most all of it. The sizes a survey prints are exact all the same:
//! a board holds no move when its size is 1, which is exact, and the
//! largest tree is counted again exactly ([`exact_size`]) for every board
//! whose rounded size could be the largest's.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use super::{MAX_COUNT, board_at};
use crate::analysis::memo::Memo;
use crate::game::{Children, Codec, Player, Position, Rules};

/// Bits of a size code that say how far its significant bits are shifted.
const SHIFT_BITS: u32 = 6;

/// Tree sizes as codes of a fixed number of bits, `bits`: a size below
/// `2^(bits - 1)` is its own code; a larger one has the top bit set, and
/// keeps its `mantissa` highest bits and how far they are shifted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SizeCodes {
    /// The top bit of a code: set for a rounded size.
    rounded: u64,
    mantissa: u32,
}

impl SizeCodes {
    /// Codes of `bits` bits (at least 9 of them, and a size up to
    /// [`MAX_COUNT`] fits 64).
    pub(super) fn new(bits: u32) -> SizeCodes {
        debug_assert!((9..=64).contains(&bits));
        let bits = bits.clamp(9, 64);
        SizeCodes {
            rounded: 1 << (bits - 1),
            mantissa: bits - 1 - SHIFT_BITS,
        }
    }

    /// The code of a size (at most [`MAX_COUNT`]), rounded down.
    #[inline]
    pub(super) fn encode(self, size: u64) -> u64 {
        if size < self.rounded {
            return size;
        }
        let shift = u64::BITS - size.leading_zeros() - self.mantissa;
        self.rounded | u64::from(shift) << self.mantissa | size >> shift
    }

    /// The size a code stands for.
    #[inline]
    pub(super) fn decode(self, code: u64) -> u64 {
        if code < self.rounded {
            return code;
        }
        let shift = (code & !self.rounded) >> self.mantissa;
        (code & ((1 << self.mantissa) - 1)) << shift
    }

    /// Whether a code stands for its size exactly.
    #[inline]
    fn is_exact(self, code: u64) -> bool {
        code < self.rounded
    }

    /// The least share of its exact size that a position's rounded size
    /// holds, for positions on top of at most `height` levels.
    fn least_share(self, height: u32) -> f64 {
        let lost = (-f64::from(self.mantissa - 1)).exp2();
        // A little less, for the rounding of this arithmetic.
        (1.0 - lost).powf(f64::from(height)) * (1.0 - 1e-9)
    }
}

/// The most plies a game of two players on `cells` cells with at most
/// `max_dice` dice a cell can last, plus one: every attack takes dice off
/// the board (the target's) and every turn takes at least one more than
/// it gives back, so there are at most `T = cells * max_dice` turns of at
/// most `T` attacks and a pass each.
pub(super) fn most_levels(cells: usize, max_dice: u8) -> u32 {
    let total = u32::try_from(cells * usize::from(max_dice)).unwrap_or(u32::MAX);
    total
        .saturating_mul(total.saturating_add(2))
        .saturating_add(1)
}

/// The boards whose rounded tree size could be the largest's: every board
/// within the rounding of the largest rounded size seen.
#[derive(Clone, Debug)]
pub(super) struct Largest {
    /// The least share of the exact size a rounded size holds.
    share: f64,
    /// The largest rounded size seen (0 before any).
    best: u64,
    /// The boards near it: (rounded size, board).
    near: Vec<(u64, u64)>,
}

impl Largest {
    /// None seen yet, sizes rounded by `codes` on top of at most `height`
    /// levels.
    pub(super) fn new(codes: SizeCodes, height: u32) -> Largest {
        Largest {
            share: codes.least_share(height),
            best: 0,
            near: Vec::new(),
        }
    }

    /// The same rounding, no board seen yet.
    pub(super) fn emptied(&self) -> Largest {
        Largest {
            share: self.share,
            best: 0,
            near: Vec::new(),
        }
    }

    /// Whether a rounded size could be the exact size of a tree at least
    /// as large as the largest seen.
    fn could_be_largest(&self, size: u64) -> bool {
        size as f64 >= self.best as f64 * self.share
    }

    /// Counts board `index` with this rounded tree size.
    pub(super) fn offer(&mut self, size: u64, index: u64) {
        if !self.could_be_largest(size) {
            return;
        }
        self.near.push((size, index));
        if size > self.best {
            self.best = size;
            let near = std::mem::take(&mut self.near);
            self.near = near
                .into_iter()
                .filter(|&(s, _)| self.could_be_largest(s))
                .collect();
        }
    }

    /// Adds another worker's boards.
    pub(super) fn add(&mut self, other: &Largest) {
        for &(size, index) in &other.near {
            self.offer(size, index);
        }
    }

    /// The boards that could have the largest tree, in board order.
    pub(super) fn candidates(&self) -> Vec<u64> {
        let mut boards: Vec<u64> = self.near.iter().map(|&(_, index)| index).collect();
        boards.sort_unstable();
        boards.dedup();
        boards
    }
}

/// The largest tree (its exact size, up to [`MAX_COUNT`]) of the boards
/// `candidates` (in board order), with `first` moving first, and the first
/// of them that has it; `(0, 0)` when there are none. The memo is that of
/// the survey, its sizes in `codes`.
pub(super) fn largest_exactly(
    rules: &Rules,
    codec: &Codec,
    memo: &Memo<'_>,
    codes: SizeCodes,
    first: Player,
    candidates: &[u64],
) -> (u64, u64) {
    let mut sizes = ExactSizes {
        rules,
        codec,
        memo,
        codes,
        counted: HashMap::with_hasher(FxBuildHasher),
        levels: Vec::new(),
    };
    let mut key = [0u64];
    let mut largest = (0, 0);
    for &index in candidates {
        let start = Position::start(rules, board_at(rules, index), first)
            .expect("numbered boards fit their rules");
        codec.encode(&start, &mut key);
        let size = sizes.exact_size(key[0], 0);
        if size > largest.0 {
            largest = (size, index);
        }
    }
    largest
}

/// Counts the tree below one-word positions exactly (up to
/// [`MAX_COUNT`]), reading the sizes the memo holds exactly and working
/// out the others again, each once.
struct ExactSizes<'a, 'm> {
    rules: &'a Rules,
    codec: &'a Codec,
    memo: &'a Memo<'m>,
    codes: SizeCodes,
    /// The sizes worked out again.
    counted: HashMap<u64, u64, FxBuildHasher>,
    levels: Vec<Children>,
}

impl ExactSizes<'_, '_> {
    /// The exact size of the tree below `key`, `ply` plies below where the
    /// count started.
    fn exact_size(&mut self, key: u64, ply: usize) -> u64 {
        let value = self.memo.peek(key);
        // A value of 0 is a position the memo does not hold: counted too.
        if value != 0 && self.codes.is_exact(value >> 2) {
            return self.codes.decode(value >> 2);
        }
        if let Some(&size) = self.counted.get(&key) {
            return size;
        }
        if self.levels.len() <= ply {
            self.levels.push(Children::new(self.codec));
        }
        self.levels[ply].expand(self.codec, self.rules, &[key]);
        let mut size: u64 = 1;
        for i in 0..self.levels[ply].len() {
            let child = self.levels[ply].key(i)[0];
            size = size
                .saturating_add(self.exact_size(child, ply + 1))
                .min(MAX_COUNT);
        }
        self.counted.insert(key, size);
        size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_sizes_are_exact_and_large_ones_rounded_down() {
        let codes = SizeCodes::new(27);
        for size in [0, 1, 2, 1000, (1 << 26) - 1] {
            assert_eq!(codes.decode(codes.encode(size)), size);
            assert!(codes.is_exact(codes.encode(size)));
        }
        let share = codes.least_share(1);
        let mut last = 0;
        for size in [1 << 26, (1 << 26) + 1, 123_456_789_012, MAX_COUNT] {
            let code = codes.encode(size);
            assert!(code < 1 << 27, "{size}");
            assert!(!codes.is_exact(code));
            let back = codes.decode(code);
            assert!(back <= size && back as f64 >= size as f64 * share, "{size}");
            assert!(code >= last);
            last = code;
        }
    }

    #[test]
    fn boards_near_the_largest_are_kept_in_board_order() {
        let mut one = Largest::new(SizeCodes::new(16), 10);
        let mut two = one.clone();
        one.offer(1000, 5);
        one.offer(10, 6);
        one.offer(99_000, 7);
        two.offer(100_000, 9);
        two.offer(99_999, 3);
        one.add(&two);
        assert_eq!(one.candidates(), [3, 7, 9]);
        assert_eq!(most_levels(9, 3), 27 * 29 + 1);
    }
}
