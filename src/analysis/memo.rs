//! The survey's memo: a table from one-word packed positions to a nonzero
//! value, shared by the worker threads without a lock on the way.
//!
//! Open addressing over one flat array of atomic words, one a slot: the key
//! plus one in the low `key_bits` bits (0 for an empty slot), its value in
//! the bits above (0 while it is being worked out). Eight slots share a
//! cache line, and a lookup is one random access: a key's probes go round
//! the rest of its first slot's line before the next line's, so that they
//! leave the line asked for ahead ([`MemoHandle::prefetch`]) only when it
//! is full, not whenever the first slot is near its end.
//! A worker *claims* a position's slot when it starts on it (a
//! compare-and-swap of the key into an empty slot) and fills the value in
//! when it is done, so each position is counted once; another worker that
//! meets a claimed slot before it is filled works the position out too,
//! and writes the same value.
//!
//! The table has any number of slots (not a power of two: a key's first
//! slot is the high half of its hash times the slots), so that it takes
//! the memory its keys need and no more; the 3x3 survey's 45.9 million
//! positions fit in 472 MiB.
//!
//! The words lie in an anonymous memory map ([`MemoSpace`]), zeroed by the
//! system page by page as they are first touched, and (on Linux) in huge
//! pages where the system gives them: a survey's lookups are random
//! accesses all over a table of half a GiB, and with small pages nearly
//! every one also misses the processor's table of pages.
//!
//! A table does not grow while workers use it: past three quarters full it
//! asks them to stop ([`MemoHandle::stopping`]), and the survey moves the
//! finished positions into a table twice the size ([`Memo::move_into`])
//! before it sets them going again.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use memmap2::MmapMut;
use prefetch_index::prefetch_index;
use zerocopy::FromBytes;

/// The memory of a table: one word a slot, for keys of `key_bits` bits
/// (the key plus one, so that a stored key is never 0).
pub(super) struct MemoSpace {
    map: MmapMut,
    slots: usize,
    key_bits: u32,
}

/// The fewest slots a table has.
const MIN_SLOTS: usize = 1 << 12;

/// The slots in a cache line (a table's slots are a whole number of lines).
const LINE: usize = 8;

/// The most keys a worker claims before it adds them to the shared count.
const FLUSH: u64 = 256;

/// The slots of a table with room for about `keys` keys: they are three
/// quarters of them, the table's bytes rounded up to a whole number of
/// KiB, MiB or GiB (the largest unit not above them), so that the memory
/// a refusal names is the table's to the byte.
fn slots_for_room(keys: usize) -> usize {
    let slots = keys.saturating_add(keys.div_ceil(3)).max(MIN_SLOTS);
    let bytes = slots.saturating_mul(size_of::<u64>());
    let unit = 1usize << (bytes.ilog2() / 10 * 10);
    bytes
        .checked_next_multiple_of(unit)
        .map_or(usize::MAX, |bytes| bytes / size_of::<u64>())
}

/// Why a table could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MemoRefused {
    /// The bytes asked for.
    pub(super) bytes: usize,
}

impl MemoSpace {
    /// The memory of a table with room for about `keys` keys (three
    /// quarters of its slots), each key (plus one) of `key_bits` bits
    /// (from 1 to 63: the value takes the rest of the word).
    pub(super) fn with_room(keys: usize, key_bits: u32) -> Result<MemoSpace, MemoRefused> {
        MemoSpace::with_slots(slots_for_room(keys), key_bits)
    }

    /// The bytes [`MemoSpace::with_room`] asks for, before it asks.
    pub(super) fn bytes_for_room(keys: usize) -> usize {
        slots_for_room(keys).saturating_mul(size_of::<u64>())
    }

    /// The bytes of this table.
    pub(super) fn bytes(&self) -> usize {
        self.slots.saturating_mul(size_of::<u64>())
    }

    /// The memory of a table of `slots` slots.
    fn with_slots(slots: usize, key_bits: u32) -> Result<MemoSpace, MemoRefused> {
        debug_assert!((1..64).contains(&key_bits));
        debug_assert_eq!(slots % LINE, 0, "a whole number of lines");
        let bytes = slots.saturating_mul(size_of::<u64>());
        let map = MmapMut::map_anon(bytes).map_err(|_| MemoRefused { bytes })?;
        // Only advice: small pages work too, more slowly.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(MemoSpace {
            map,
            slots,
            key_bits,
        })
    }

    /// The table in this memory, for `workers` workers: empty, or holding
    /// the `len` keys [`Memo::move_into`] moved in.
    pub(super) fn memo(&mut self, workers: usize, len: u64) -> Memo<'_> {
        let slots = self.slots;
        let words = <[AtomicU64]>::mut_from_bytes(&mut self.map[..])
            .expect("a map is page-aligned and a whole number of words");
        Memo {
            words,
            slots,
            key_bits: self.key_bits,
            key_mask: (1 << self.key_bits) - 1,
            len: AtomicU64::new(len),
            stop: AtomicBool::new(false),
            // All the workers' uncounted keys fill at most an eighth of it.
            flush_every: ((slots / 8 / workers.max(1)) as u64).clamp(1, FLUSH),
        }
    }
}

/// A table shared by the workers, each through a [`MemoHandle`].
pub(super) struct Memo<'a> {
    words: &'a [AtomicU64],
    slots: usize,
    /// The low bits of a word that hold its key plus one.
    key_bits: u32,
    key_mask: u64,
    /// Keys held, as far as the workers have added them up.
    len: AtomicU64,
    /// Whether the table is three quarters full: the workers should stop.
    stop: AtomicBool,
    /// Keys a worker claims before it adds them to `len`.
    flush_every: u64,
}

/// What a lookup found.
pub(super) enum Probe {
    /// The key's value.
    Known(u64),
    /// The key was absent: this slot is now claimed for the caller.
    Claimed(usize),
    /// Another worker is working the key out (or the table is full).
    Busy,
}

impl Memo<'_> {
    /// How many keys the table holds (exact once no handle is left).
    pub(super) fn len(&self) -> u64 {
        self.len.load(Ordering::Acquire)
    }

    /// Whether the workers were asked to stop for the table to grow.
    pub(super) fn full(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// A worker's handle on the table.
    pub(super) fn handle(&self) -> MemoHandle<'_, '_> {
        MemoHandle {
            memo: self,
            added: 0,
        }
    }

    /// The bits a value may take: the values are from 1 to
    /// `2^value_bits - 1`.
    pub(super) fn value_bits(&self) -> u32 {
        64 - self.key_bits
    }

    /// The first slot to probe for a key: the high half of a
    /// multiplicative hash times the slots.
    #[inline]
    fn home(&self, key: u64) -> usize {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(hash) * self.slots as u128) >> 64) as usize
    }

    /// The slot after `slot` in the probes of a key whose first slot is
    /// `home`: the rest of home's cache line, wrapping round within it, then
    /// each following line's slots in the same order, so that a probe leaves
    /// the line its lookup asked for ([`MemoHandle::prefetch`]) only when
    /// that line is full.
    #[inline]
    fn next(&self, slot: usize, home: usize) -> usize {
        let within = (slot & !(LINE - 1)) | ((slot + 1) & (LINE - 1));
        if within & (LINE - 1) != home & (LINE - 1) {
            return within;
        }
        let line = (slot & !(LINE - 1)) + LINE;
        if line == self.slots {
            home & (LINE - 1)
        } else {
            line | (home & (LINE - 1))
        }
    }

    /// The word of a key (plus one) in its slot.
    #[inline]
    fn stored(&self, key: u64) -> u64 {
        debug_assert!(key < self.key_mask, "a key of more than its bits");
        key + 1
    }

    /// The value of a key (0 if it is absent or not worked out yet).
    #[inline]
    pub(super) fn peek(&self, key: u64) -> u64 {
        let stored = self.stored(key);
        let home = self.home(key);
        let mut slot = home;
        for _ in 0..self.slots {
            match self.words[slot].load(Ordering::Acquire) {
                0 => return 0,
                w if w & self.key_mask == stored => return w >> self.key_bits,
                _ => slot = self.next(slot, home),
            }
        }
        0
    }

    /// Finds a key's slot, claiming an empty one for it if it is absent.
    #[inline]
    fn claim(&self, key: u64) -> Probe {
        let stored = self.stored(key);
        let home = self.home(key);
        let mut slot = home;
        for _ in 0..self.slots {
            let word = &self.words[slot];
            let mut found = word.load(Ordering::Acquire);
            if found == 0 {
                match word.compare_exchange(0, stored, Ordering::AcqRel, Ordering::Acquire) {
                    Ok(_) => return Probe::Claimed(slot),
                    Err(now) => found = now,
                }
            }
            if found & self.key_mask == stored {
                return match found >> self.key_bits {
                    0 => Probe::Busy,
                    value => Probe::Known(value),
                };
            }
            slot = self.next(slot, home);
        }
        // Full: never, as the workers stop at three quarters.
        self.stop.store(true, Ordering::Release);
        Probe::Busy
    }

    /// Sets the value of a key in the table (nothing if it is not there).
    fn fill(&self, key: u64, value: u64) {
        let stored = self.stored(key);
        let home = self.home(key);
        let mut slot = home;
        for _ in 0..self.slots {
            match self.words[slot].load(Ordering::Acquire) {
                0 => return,
                w if w & self.key_mask == stored => {
                    self.words[slot].store(stored | value << self.key_bits, Ordering::Release);
                    return;
                }
                _ => slot = self.next(slot, home),
            }
        }
    }

    /// The memory of a table twice the size of this one.
    pub(super) fn doubled(&self) -> Result<MemoSpace, MemoRefused> {
        MemoSpace::with_slots(self.slots.saturating_mul(2), self.key_bits)
    }

    /// Moves this table's finished keys into the empty `space` (at least
    /// as large as this one, for keys of as many bits), and says how many
    /// there are: the keys claimed but not finished are left out (and so
    /// uncounted), to be worked out again. Only while no worker uses this
    /// table.
    pub(super) fn move_into(&self, space: &mut MemoSpace) -> u64 {
        let memo = space.memo(1, 0);
        debug_assert_eq!(memo.key_bits, self.key_bits);
        let mut len = 0;
        for word in self.words {
            let word = word.load(Ordering::Relaxed);
            if word >> self.key_bits == 0 {
                continue;
            }
            let home = memo.home((word & self.key_mask) - 1);
            let mut slot = home;
            while memo.words[slot].load(Ordering::Relaxed) != 0 {
                slot = memo.next(slot, home);
            }
            memo.words[slot].store(word, Ordering::Relaxed);
            len += 1;
        }
        len
    }
}

/// One worker's use of a [`Memo`].
pub(super) struct MemoHandle<'m, 'a> {
    memo: &'m Memo<'a>,
    /// Keys claimed since the last addition to the shared count.
    added: u64,
}

impl MemoHandle<'_, '_> {
    /// Whether the table is full enough that the workers should stop.
    #[inline]
    pub(super) fn stopping(&self) -> bool {
        self.memo.stop.load(Ordering::Relaxed)
    }

    /// The values of `keys` (0 for each not known yet) into `values`. The
    /// slots are first all read without looking at what they hold, so that
    /// their cache misses overlap, then looked up.
    #[cfg(test)]
    pub(super) fn peek_all(&self, keys: impl Iterator<Item = u64> + Clone, values: &mut Vec<u64>) {
        let memo = self.memo;
        let mut touched = 0;
        for key in keys.clone() {
            touched ^= memo.words[memo.home(key)].load(Ordering::Relaxed);
        }
        std::hint::black_box(touched);
        values.clear();
        values.extend(keys.map(|key| memo.peek(key)));
    }

    /// Asks the processor to bring a key's first slot into its caches,
    /// without waiting for it: a later lookup of the key (soon enough that
    /// the slot is still there) then finds it there.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        prefetch_index(self.memo.words, self.memo.home(key));
    }

    /// The value of a key (0 if it is absent or not worked out yet).
    #[inline]
    pub(super) fn peek(&self, key: u64) -> u64 {
        self.memo.peek(key)
    }

    /// The value of a key, or a claim on its slot if it is absent.
    #[inline]
    pub(super) fn claim(&mut self, key: u64) -> Probe {
        let probe = self.memo.claim(key);
        if let Probe::Claimed(_) = probe {
            self.added += 1;
            if self.added >= self.memo.flush_every {
                self.flush();
            }
        }
        probe
    }

    /// Adds this worker's new keys to the shared count, and asks the
    /// workers to stop past three quarters full.
    fn flush(&mut self) {
        let len = self.memo.len.fetch_add(self.added, Ordering::AcqRel) + self.added;
        self.added = 0;
        if len > self.memo.slots as u64 / 4 * 3 {
            self.memo.stop.store(true, Ordering::Release);
        }
    }

    /// Sets the value (from 1 to `2^value_bits - 1`) of a key this worker
    /// claimed (`Some(slot)`) or found busy (`None`).
    #[inline]
    pub(super) fn finish(&self, claim: Option<usize>, key: u64, value: u64) {
        debug_assert_ne!(value, 0);
        debug_assert!(value >> self.memo.value_bits() == 0, "a value too wide");
        match claim {
            Some(slot) => self.memo.words[slot].store(
                self.memo.stored(key) | value << self.memo.key_bits,
                Ordering::Release,
            ),
            None => self.memo.fill(key, value),
        }
    }
}

impl Drop for MemoHandle<'_, '_> {
    fn drop(&mut self) {
        self.memo.len.fetch_add(self.added, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key's probes go round its first slot's line, then the next
    /// line's slots in the same order; after the last line, the first.
    #[test]
    fn probes_go_round_a_line_before_the_next() {
        let mut space = MemoSpace::with_room(10, 8).unwrap();
        let memo = space.memo(1, 0);
        let probes = |home: usize, n: usize| {
            let mut slot = home;
            let mut seen = vec![slot];
            for _ in 1..n {
                slot = memo.next(slot, home);
                seen.push(slot);
            }
            seen
        };
        assert_eq!(probes(22, 10), [22, 23, 16, 17, 18, 19, 20, 21, 30, 31]);
        assert_eq!(probes(16, 9), [16, 17, 18, 19, 20, 21, 22, 23, 24]);
        let last = memo.slots - 3;
        let after = [
            last + 1,
            last + 2,
            last - 5,
            last - 4,
            last - 3,
            last - 2,
            last - 1,
            5,
            6,
        ];
        assert_eq!(probes(last, 10)[1..], after);
    }

    #[test]
    fn keys_are_claimed_once_and_found_after() {
        let mut space = MemoSpace::with_room(10, 8).unwrap();
        let memo = space.memo(1, 0);
        let mut h = memo.handle();
        let Probe::Claimed(c) = h.claim(0) else {
            panic!("a new key is claimed")
        };
        assert!(matches!(h.claim(0), Probe::Busy));
        let mut values = Vec::new();
        h.peek_all([0].into_iter(), &mut values);
        assert_eq!(values, [0]);
        h.finish(Some(c), 0, 9);
        assert!(matches!(h.claim(0), Probe::Known(9)));
        h.peek_all([1, 0].into_iter(), &mut values);
        assert_eq!(values, [0, 9]);
        assert!(matches!(h.claim(5), Probe::Claimed(_)));
        h.finish(None, 5, 3);
        assert!(matches!(h.claim(5), Probe::Known(3)));
        drop(h);
        assert_eq!(memo.len(), 2);
    }

    /// Two workers fill a table until it asks them to stop (at three
    /// quarters), and the finished keys move to a table twice the size,
    /// the unfinished ones left out.
    #[test]
    fn full_tables_stop_the_workers_and_move_their_finished_keys() {
        let mut space = MemoSpace::with_room(1, 40).unwrap();
        let memo = space.memo(2, 0);
        let slots = memo.slots as u64;
        let stopped: Vec<u64> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2u64)
                .map(|worker| {
                    let memo = &memo;
                    scope.spawn(move || {
                        let mut h = memo.handle();
                        let mut key = worker;
                        while !h.stopping() {
                            match h.claim(key * 7919) {
                                // Every third key is left unfinished.
                                Probe::Claimed(_) if key % 3 == 0 => {}
                                Probe::Claimed(c) => h.finish(Some(c), key * 7919, key + 1),
                                _ => panic!("each key is new"),
                            }
                            key += 2;
                        }
                        key
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let claimed = stopped.iter().map(|k| k / 2).sum::<u64>();
        assert_eq!(memo.len(), claimed);
        assert!(
            claimed > slots / 4 * 3 && claimed < slots,
            "{claimed} of {slots}"
        );
        let mut bigger = memo.doubled().unwrap();
        let moved = memo.move_into(&mut bigger);
        let grown = bigger.memo(2, moved);
        assert!(!grown.full());
        let finished = (0..stopped.iter().max().unwrap() + 2)
            .filter(|&k| k % 3 != 0 && k < stopped[(k % 2) as usize])
            .collect::<Vec<_>>();
        assert_eq!(grown.len(), finished.len() as u64);
        let h = grown.handle();
        let mut values = Vec::new();
        h.peek_all(finished.iter().map(|k| k * 7919), &mut values);
        assert_eq!(values, finished.iter().map(|k| k + 1).collect::<Vec<_>>());
        h.peek_all([0, 3 * 7919].into_iter(), &mut values);
        assert_eq!(values, [0, 0]);
    }
}
