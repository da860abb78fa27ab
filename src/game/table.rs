//! A table that gives each distinct packed position a dense id.
//!
//! The table knows nothing of the rules or of search: it maps keys of a fixed
//! number of `u64` words to ids `0, 1, 2, ...` in the order they were first
//! seen, storing every key once in one flat vector (no allocation per entry).
//! Growth is fallible and bounded: [`PositionTable::try_reserve`] makes room
//! within a limit on the keys, and [`PositionTable::insert_within`] refuses
//! a new key past it, so a full table is an error rather than an abort.

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

use super::tree::{GrowError, grow_within};

/// Gives each distinct key of `words` words a dense id, in first-seen order.
#[derive(Clone, Debug)]
pub(crate) struct PositionTable {
    words: usize,
    len: u32,
    keys: Vec<u64>,
    index: HashTable<u32>,
}

#[inline]
fn hash_key(key: &[u64]) -> u64 {
    let mut hasher = FxHasher::default();
    for &word in key {
        hasher.write_u64(word);
    }
    hasher.finish()
}

/// Key equality, with the one-word case (boards up to 4x4 with 2 players)
/// kept free of a call to `memcmp`.
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    if a.len() == 1 && b.len() == 1 {
        a[0] == b[0]
    } else {
        a == b
    }
}

impl PositionTable {
    /// An empty table for keys of `words` words.
    pub(crate) fn new(words: usize) -> PositionTable {
        PositionTable {
            words,
            len: 0,
            keys: Vec::new(),
            index: HashTable::new(),
        }
    }

    /// How many keys the table holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.len as usize
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

    /// The id of a key, if the table holds it.
    pub(crate) fn get(&self, key: &[u64]) -> Option<u32> {
        let (words, keys) = (self.words, &self.keys);
        let slot = |id: u32| &keys[id as usize * words..(id as usize + 1) * words];
        self.index
            .find(hash_key(key), |&id| same(slot(id), key))
            .copied()
    }

    /// The id of a key, adding it if it is new; the flag says whether it was.
    ///
    /// # Panics
    /// If the table would hold more than `u32::MAX` keys.
    #[inline]
    pub(crate) fn insert(&mut self, key: &[u64]) -> (u32, bool) {
        self.insert_within(key, u32::MAX as usize)
            .expect("at most 2^32 positions")
    }

    /// The id of a key, adding it if it is new and the table holds fewer
    /// than `max` keys; the flag says whether it was new. `None` when the key
    /// is new and the table is full. Room for the key should have been made
    /// with [`PositionTable::try_reserve`], or the table grows infallibly.
    #[inline]
    pub(crate) fn insert_within(&mut self, key: &[u64], max: usize) -> Option<(u32, bool)> {
        debug_assert_eq!(key.len(), self.words);
        let words = self.words;
        let keys = &mut self.keys;
        let next = self.len;
        let entry = if let [word] = key {
            // One word: compare and rehash without slicing.
            self.index.entry(
                hash_key(key),
                |&id| keys[id as usize] == *word,
                |&id| hash_key(&[keys[id as usize]]),
            )
        } else {
            let slot = |id: u32| id as usize * words..(id as usize + 1) * words;
            self.index.entry(
                hash_key(key),
                |&id| same(&keys[slot(id)], key),
                |&id| hash_key(&keys[slot(id)]),
            )
        };
        match entry {
            hashbrown::hash_table::Entry::Occupied(found) => Some((*found.get(), false)),
            hashbrown::hash_table::Entry::Vacant(vacant) => {
                if next as usize >= max.min(u32::MAX as usize) {
                    return None;
                }
                vacant.insert(next);
                if let [word] = key {
                    keys.push(*word);
                } else {
                    keys.extend_from_slice(key);
                }
                self.len = next + 1;
                Some((next, true))
            }
        }
    }

    /// Makes room for `additional` more keys, growing the storage (doubling,
    /// but never past room for `max` keys) with fallible allocations.
    #[inline]
    pub(crate) fn try_reserve(&mut self, additional: usize, max: usize) -> Result<(), GrowError> {
        if self.keys.capacity() - self.keys.len() >= additional * self.words
            && self.index.capacity() - self.index.len() >= additional
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
        grow_within(
            &mut self.keys,
            additional * self.words,
            max.saturating_mul(self.words),
        )?;
        if self.index.capacity() - self.index.len() < additional {
            let (words, keys) = (self.words, &self.keys);
            let grown = if words == 1 {
                // One word: rehash without slicing, as `insert_within` does.
                self.index
                    .try_reserve(additional, |&id| hash_key(&[keys[id as usize]]))
            } else {
                self.index.try_reserve(additional, |&id| {
                    hash_key(&keys[id as usize * words..(id as usize + 1) * words])
                })
            };
            grown.map_err(|e| GrowError::OutOfMemory {
                bytes: match e {
                    hashbrown::TryReserveError::AllocError { layout } => layout.size(),
                    hashbrown::TryReserveError::CapacityOverflow => usize::MAX,
                },
            })?;
        }
        Ok(())
    }

    /// Forgets every key from id `len` on (the last ones added).
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.len as usize > len {
            let id = self.len - 1;
            let hash = hash_key(self.key(id));
            if let Ok(found) = self.index.find_entry(hash, |&x| x == id) {
                found.remove();
            }
            self.len = id;
        }
        self.keys.truncate(len * self.words);
    }

    /// The bytes the table holds (its allocations, used or not).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.keys.capacity() * size_of::<u64>() + self.index.allocation_size()
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

/// The control bytes an index allocates past its buckets (one SIMD group).
const INDEX_GROUP_WIDTH: usize = 16;

/// The most bytes the index of a table holding `positions` keys allocates:
/// hashbrown gives 8 buckets for every 7 keys, rounded up to a power of two
/// (32 at least, which covers its smaller tables), each a `u32` id and a
/// control byte.
fn index_bytes(positions: usize) -> usize {
    let buckets = (positions.saturating_mul(8) / 7)
        .max(32)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX);
    buckets
        .saturating_mul(size_of::<u32>() + 1)
        .saturating_add(INDEX_GROUP_WIDTH)
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

    /// The bound on a table's bytes holds for the tables hashbrown and `Vec`
    /// really make, grown a key at a time or reserved at once.
    #[test]
    fn tables_stay_within_their_bytes() {
        for words in [1, 3, 11] {
            for max in [1, 7, 100, 1000, 4096, 30_000] {
                let mut table = PositionTable::new(words);
                let mut key = vec![0u64; words];
                let within = |table: &PositionTable| {
                    table.keys.capacity() <= max * words
                        && table.index.allocation_size() <= index_bytes(max)
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
