//! A table that gives each distinct packed position a dense id.
//!
//! The table knows nothing of the rules or of search: it maps keys of a fixed
//! number of `u64` words to ids `0, 1, 2, ...` in the order they were first
//! seen, storing every key once in one flat vector (no allocation per entry),
//! and finds them by an index of open addressing (linear probing over a
//! power of two of 4-byte slots, each a key's id plus one, at most half
//! full). Growth is fallible and bounded: [`PositionTable::try_reserve`]
//! makes room within a limit on the keys, and
//! [`PositionTable::insert_within`] refuses a new key past it, so a full
//! table is an error rather than an abort.

use super::huge::GrowError;
use super::huge::HugeVec;

mod shared;
pub(crate) use shared::SharedWords;

/// Gives each distinct key of `words` words a dense id, in first-seen order.
#[derive(Clone, Debug)]
pub(crate) struct PositionTable {
    words: usize,
    len: u32,
    keys: HugeVec<u64>,
    /// Each slot 0 (empty) or a key's id plus one.
    index: HugeVec<u32>,
    /// 64 less log2 of the slots: a hash's top bits are its first slot.
    shift: u32,
}

/// The fewest slots an index has.
const MIN_SLOTS: usize = 64;

/// A multiplicative hash of a key, whose top bits are well mixed.
#[inline]
fn hash_key(key: &[u64]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    match key {
        [word] => word.wrapping_mul(K),
        _ => key
            .iter()
            .fold(0u64, |h, &w| (h.rotate_left(26) ^ w).wrapping_mul(K)),
    }
}

/// The slots an index has for `keys` keys: twice as many, rounded up to a
/// power of two.
fn slots_for(keys: usize) -> usize {
    keys.saturating_mul(2)
        .max(MIN_SLOTS)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX)
}

impl PositionTable {
    /// An empty table for keys of `words` words.
    pub(crate) fn new(words: usize) -> PositionTable {
        let mut index = HugeVec::new();
        index.resize(MIN_SLOTS, 0);
        PositionTable {
            words,
            len: 0,
            keys: HugeVec::new(),
            index,
            shift: 64 - MIN_SLOTS.trailing_zeros(),
        }
    }

    /// How many keys the table holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.len as usize
    }

    /// How many slots the index has (a power of two), without a look at
    /// the index.
    #[inline]
    fn slots(&self) -> usize {
        1 << (64 - self.shift)
    }

    /// The keys, one after another (key `id` at `id * words`).
    #[inline]
    pub(crate) fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The key with this id.
    ///
    /// # Panics
    /// If no key has this id.
    #[inline]
    pub(crate) fn key(&self, id: u32) -> &[u64] {
        let start = id as usize * self.words;
        &self.keys[start..start + self.words]
    }

    /// The id of a key (`Ok`), or the empty slot where it would go (`Err`).
    #[inline(always)]
    fn find(&self, key: &[u64]) -> Result<u32, usize> {
        find_in(&self.index, self.keys.room(), self.shift, key)
    }

    /// The id of a key, if the table holds it.
    pub(crate) fn get(&self, key: &[u64]) -> Option<u32> {
        self.find(key).ok()
    }

    /// The id of a key, adding it if it is new; the flag says whether it was.
    ///
    /// # Panics
    /// If the table would hold more than `u32::MAX - 1` keys.
    #[inline]
    pub(crate) fn insert(&mut self, key: &[u64]) -> (u32, bool) {
        self.insert_within(key, u32::MAX as usize - 1)
            .expect("fewer than 2^32 - 1 positions")
    }

    /// The id of a key, adding it if it is new and the table holds fewer
    /// than `max` keys; the flag says whether it was new. `None` when the key
    /// is new and the table is full. Room for the key should have been made
    /// with [`PositionTable::try_reserve`], or the table grows infallibly.
    #[inline(always)]
    pub(crate) fn insert_within(&mut self, key: &[u64], max: usize) -> Option<(u32, bool)> {
        debug_assert_eq!(key.len(), self.words);
        let mut slot = match self.find(key) {
            Ok(id) => return Some((id, false)),
            Err(slot) => slot,
        };
        let next = self.len;
        if next as usize >= max.min(u32::MAX as usize - 1) {
            return None;
        }
        // At most half full (the slots are a power of two, at least
        // MIN_SLOTS).
        if 2 * (next as usize + 1) > self.slots() {
            // No room was made: grow (infallibly), and find the slot again.
            self.rebuild(slots_for(next as usize + 1));
            slot = self.find(key).expect_err("a new key");
        }
        self.index[slot] = next + 1;
        if let [word] = key {
            self.keys.push(*word);
        } else {
            self.keys.extend_from_slice(key);
        }
        self.len = next + 1;
        Some((next, true))
    }

    /// The table borrowed for a run of inserts of one-word keys, into room
    /// made beforehand with [`PositionTable::try_reserve`].
    #[inline]
    pub(crate) fn word_inserter(&mut self) -> WordInserter<'_> {
        debug_assert_eq!(self.words, 1);
        let (index, _) = self.index.room_mut();
        let (keys, stored) = self.keys.room_mut();
        WordInserter {
            index,
            keys,
            stored,
            len: &mut self.len,
            shift: self.shift,
        }
    }

    /// Makes room for `additional` more keys, growing the storage (doubling,
    /// but never past room for `max` keys) with fallible allocations.
    #[inline]
    pub(crate) fn try_reserve(&mut self, additional: usize, max: usize) -> Result<(), GrowError> {
        if self.keys.capacity() - self.keys.len() >= additional * self.words
            && (self.len as usize + additional).saturating_mul(2) <= self.slots()
        {
            return Ok(());
        }
        self.grow(additional, max)
    }

    /// [`PositionTable::try_reserve`] when there is not room already.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, additional: usize, max: usize) -> Result<(), GrowError> {
        let len = self.len as usize;
        let additional = additional.min(max.saturating_sub(len));
        self.keys
            .grow_within(additional * self.words, max.saturating_mul(self.words))?;
        let needed = slots_for(len + additional);
        if needed > self.index.len() {
            let most = slots_for(max).max(needed);
            let slots = needed.max(self.index.len().saturating_mul(2)).min(most);
            self.resize_index(slots, most)?;
        }
        Ok(())
    }

    /// Gives the index `slots` slots (more than it has, and it grows to at
    /// most `most`) with every key put in them again. The index grows in
    /// place: its allocation is lengthened (the system moves a large one
    /// without copying it, and a mapped one has the room already), so the
    /// memory it held is reused rather than freed while a new one is
    /// touched. If the system refuses the memory, the index is as it was.
    fn resize_index(&mut self, slots: usize, most: usize) -> Result<(), GrowError> {
        let old = self.index.len();
        let mut index = std::mem::take(&mut self.index);
        index.clear();
        let reserved = index.grow_within(slots, most.max(slots));
        index.resize(if reserved.is_ok() { slots } else { old }, 0);
        self.fill(index);
        reserved
    }

    /// Gives the index `slots` slots (infallibly).
    #[cold]
    #[inline(never)]
    fn rebuild(&mut self, slots: usize) {
        if self.resize_index(slots, slots).is_err() {
            let mut index = HugeVec::new();
            index.resize(slots, 0);
            self.fill(index);
        }
    }

    /// Makes `index` (empty slots, a power of two of them) the index, with
    /// every key put in it.
    fn fill(&mut self, mut index: HugeVec<u32>) {
        let slots: &mut [u32] = &mut index;
        let mask = slots.len() - 1;
        let shift = 64 - slots.len().trailing_zeros();
        for id in 0..self.len {
            let mut slot = (hash_key(self.key(id)) >> shift) as usize;
            while slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            slots[slot] = id + 1;
        }
        self.index = index;
        self.shift = shift;
    }

    /// Gives every key a new id, `new_of[id]` (a permutation of the ids),
    /// in the index: each slot's id rewritten in place, no key hashed
    /// again. The keys themselves are moved by the caller, in
    /// [`PositionTable::keys_mut`].
    pub(crate) fn renumber_index(&mut self, new_of: &[u32]) {
        debug_assert_eq!(new_of.len(), self.len as usize);
        for slot in self.index.iter_mut() {
            if *slot != 0 {
                *slot = new_of[*slot as usize - 1] + 1;
            }
        }
    }

    /// The keys, one after another, to move them in place (see
    /// [`PositionTable::renumber_index`]).
    pub(crate) fn keys_mut(&mut self) -> &mut [u64] {
        &mut self.keys
    }

    /// Forgets every key from id `len` on (the last ones added).
    pub(crate) fn truncate(&mut self, len: usize) {
        if len < self.len as usize {
            self.len = len as u32;
            self.keys.truncate(len * self.words);
            let slots = self.index.len();
            self.index.clear();
            self.index.resize(slots, 0);
            let index = std::mem::take(&mut self.index);
            self.fill(index);
        }
    }

    /// The bytes the table holds (its allocations, used or not).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.keys.heap_bytes() + self.index.heap_bytes()
    }

    /// The most bytes a table of `words`-word keys takes on its way to
    /// `positions` keys, growing within that limit: the keys, and the index
    /// at the size it has for that many keys plus the one it had before its
    /// last growth (both are held while it moves).
    pub(crate) fn bytes_for(words: usize, positions: usize) -> usize {
        let keys = positions
            .saturating_mul(words)
            .saturating_mul(size_of::<u64>());
        let index = index_bytes(positions);
        keys.saturating_add(index.saturating_add(index / 2))
    }
}

/// The id of `key` among `keys` (a table's room of keys) by its `index`
/// (`Ok`), or the empty slot where it would go (`Err`).
#[inline(always)]
fn find_in(index: &[u32], keys: &[u64], shift: u32, key: &[u64]) -> Result<u32, usize> {
    let mask = index.len() - 1;
    let mut slot = (hash_key(key) >> shift) as usize;
    loop {
        let id = match index[slot] {
            0 => return Err(slot),
            stored => stored - 1,
        };
        let same = match key {
            [word] => keys[id as usize] == *word,
            _ => {
                let start = id as usize * key.len();
                &keys[start..start + key.len()] == key
            }
        };
        if same {
            return Ok(id);
        }
        slot = (slot + 1) & mask;
    }
}

/// A table of one-word keys borrowed for a run of inserts into room made
/// beforehand: its arrays as plain slices, which it does not grow (see
/// [`PositionTable::word_inserter`]).
pub(crate) struct WordInserter<'a> {
    /// The whole index.
    index: &'a mut [u32],
    /// The room of keys, the first `stored` of them the table's.
    keys: &'a mut [u64],
    stored: &'a mut usize,
    /// The table's count of keys (as `stored`, with one-word keys).
    len: &'a mut u32,
    shift: u32,
}

impl WordInserter<'_> {
    /// The id of a one-word key, adding it if it is new and the table
    /// holds fewer than `max` keys; the flag says whether it was new.
    /// `None` when the key is new and the table is full (room for the
    /// key must have been made, unless the table holds `max` keys).
    #[inline(always)]
    pub(crate) fn insert(&mut self, word: u64, max: usize) -> Option<(u32, bool)> {
        let slot = match find_in(
            self.index,
            self.keys,
            self.shift,
            std::slice::from_ref(&word),
        ) {
            Ok(id) => return Some((id, false)),
            Err(slot) => slot,
        };
        let next = *self.len;
        if next as usize >= max.min(u32::MAX as usize - 1) {
            return None;
        }
        debug_assert!(2 * (next as usize + 1) <= self.index.len(), "no room made");
        self.index[slot] = next + 1;
        self.keys[*self.stored] = word;
        *self.stored += 1;
        *self.len = next + 1;
        Some((next, true))
    }

    /// [`WordInserter::insert`] for each of `words` in turn, giving `found`
    /// each key, its id and whether it was new; `false` when a key was
    /// refused (the table full), and the keys after it were not inserted.
    /// The first slot of each key, and the key its id points at, are read
    /// for a few keys at a time before any is compared, so that the reads,
    /// which mostly miss the caches, overlap.
    #[inline(always)]
    pub(crate) fn insert_all(
        &mut self,
        words: &[u64],
        max: usize,
        mut found: impl FnMut(u64, u32, bool),
    ) -> bool {
        const AHEAD: usize = 8;
        let mask = self.index.len() - 1;
        for chunk in words.chunks(AHEAD) {
            let mut held = [0u32; AHEAD];
            let mut seen = [0u64; AHEAD];
            for (h, &word) in held.iter_mut().zip(chunk) {
                *h = self.index
                    [(hash_key(std::slice::from_ref(&word)) >> self.shift) as usize & mask];
            }
            for ((s, &h), &word) in seen.iter_mut().zip(&held).zip(chunk) {
                *s = self
                    .keys
                    .get((h as usize).wrapping_sub(1))
                    .copied()
                    .unwrap_or(!word);
            }
            for ((&word, &h), &s) in chunk.iter().zip(&held).zip(&seen) {
                // A slot once filled keeps its id: a key found at its first
                // slot needs no second look.
                if h != 0 && s == word {
                    found(word, h - 1, false);
                    continue;
                }
                match self.insert(word, max) {
                    Some((id, new)) => found(word, id, new),
                    None => return false,
                }
            }
        }
        true
    }
}

/// The most bytes the index of a table holding `positions` keys allocates:
/// two slots a key, rounded up to a power of two, 4 bytes each.
fn index_bytes(positions: usize) -> usize {
    slots_for(positions).saturating_mul(size_of::<u32>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_gives_dense_ids_in_first_seen_order() {
        let mut table = PositionTable::new(1);
        assert_eq!(table.insert(&[42]), (0, true));
        assert_eq!(table.insert(&[7]), (1, true));
        assert_eq!(table.insert(&[42]), (0, false));
        assert_eq!(table.get(&[7]), Some(1));
        assert_eq!(table.key(1), &[7]);
    }

    #[test]
    fn table_gives_dense_ids_to_multiword_keys() {
        let mut table = PositionTable::new(3);
        let keys: Vec<[u64; 3]> = (0..1000u64).map(|i| [i % 7, i, u64::MAX - i]).collect();
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(table.insert(key), (i as u32, true));
        }
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(table.insert(key), (i as u32, false));
            assert_eq!(table.key(i as u32), key);
        }
        assert_eq!(table.len(), 1000);
        assert_eq!(table.get(&[1, 2, 3]), None);
    }

    #[test]
    fn a_full_table_refuses_new_keys_and_forgets_the_last_ones() {
        let mut table = PositionTable::new(2);
        table.try_reserve(10, 3).unwrap();
        for i in 0..3u64 {
            assert_eq!(table.insert_within(&[i, i], 3), Some((i as u32, true)));
        }
        assert_eq!(table.insert_within(&[9, 9], 3), None);
        assert_eq!(table.insert_within(&[1, 1], 3), Some((1, false)));
        table.truncate(1);
        assert_eq!((table.len(), table.get(&[1, 1])), (1, None));
        assert_eq!(table.insert_within(&[2, 2], 3), Some((1, true)));
        assert_eq!(table.key(1), &[2, 2]);
    }

    proptest::proptest! {
        /// Inserting a run of one-word keys at once gives the answers, and
        /// leaves the table, as inserting them one at a time: repeated keys
        /// (within the run and with the table), collisions in a small index,
        /// and a table that fills up part way through the run.
        #[test]
        fn a_run_of_inserts_is_inserts_one_at_a_time(
            before in proptest::collection::vec(0u64..64, 0..40),
            run in proptest::collection::vec(0u64..64, 0..40),
            max in 1usize..80,
        ) {
            let mut one = PositionTable::new(1);
            for &word in &before {
                let _ = one.insert_within(&[word], max);
            }
            let mut all = one.clone();
            let mut expected = Vec::new();
            let mut refused = false;
            for &word in &run {
                match one.insert_within(&[word], max) {
                    Some((id, new)) => expected.push((word, id, new)),
                    None => {
                        refused = true;
                        break;
                    }
                }
            }
            all.try_reserve(run.len(), max).expect("room");
            let mut got = Vec::new();
            let done = all
                .word_inserter()
                .insert_all(&run, max, |word, id, new| got.push((word, id, new)));
            proptest::prop_assert_eq!(&got, &expected);
            proptest::prop_assert_eq!(done, !refused);
            proptest::prop_assert_eq!(all.len(), one.len());
            for id in 0..one.len() as u32 {
                proptest::prop_assert_eq!(all.key(id), one.key(id));
                proptest::prop_assert_eq!(all.get(one.key(id)), Some(id));
            }
        }
    }

    /// The bound on a table's bytes holds for the index and the `Vec`
    /// really make, grown a key at a time or reserved at once.
    #[test]
    fn tables_stay_within_their_bytes() {
        for words in [1, 3, 11] {
            for max in [1, 7, 100, 1000, 4096, 30_000] {
                let mut table = PositionTable::new(words);
                let mut key = vec![0u64; words];
                let within = |table: &PositionTable| {
                    table.keys.capacity() <= max * words
                        && table.index.capacity() * 4 <= index_bytes(max)
                };
                for i in 0..max as u64 {
                    table.try_reserve(1, max).unwrap();
                    key[0] = i;
                    assert_eq!(table.insert_within(&key, max), Some((i as u32, true)));
                    assert!(within(&table), "{words} words, {i} of {max}");
                }
                assert!(table.heap_bytes() <= PositionTable::bytes_for(words, max));
                key[0] = u64::MAX;
                assert_eq!(table.insert_within(&key, max), None);
                let mut reserved = PositionTable::new(words);
                reserved.try_reserve(max, max).unwrap();
                assert!(within(&reserved), "{words} words, {max} reserved");
            }
        }
    }
}
