//! A table that gives each distinct packed position a dense id.
//!
//! The table knows nothing of the rules or of search: it maps keys of a fixed
//! number of `u64` words to ids `0, 1, 2, ...` in the order they were first
//! seen, storing every key once in one flat vector (no allocation per entry).

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

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
            hashbrown::hash_table::Entry::Occupied(found) => (*found.get(), false),
            hashbrown::hash_table::Entry::Vacant(vacant) => {
                vacant.insert(next);
                if let [word] = key {
                    keys.push(*word);
                } else {
                    keys.extend_from_slice(key);
                }
                self.len = next.checked_add(1).expect("at most 2^32 positions");
                (next, true)
            }
        }
    }

    /// Makes room for `additional` more keys.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.keys.reserve(additional * self.words);
        let (words, keys) = (self.words, &self.keys);
        self.index.reserve(additional, |&id| {
            hash_key(&keys[id as usize * words..(id as usize + 1) * words])
        });
    }
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
}
