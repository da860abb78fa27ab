//! A fixed-size hash table of small values keyed by 64-bit hashes.
//!
//! It knows nothing of games or searches: it stores `Copy` values in a
//! power-of-two number of slots chosen at construction, never grows, and
//! lets the caller decide whether a new value may replace the one already
//! in a slot. Memory is `capacity * size_of::<(u64, T)>()` plus a little.

/// A bounded table from 64-bit keys to values, one value per slot.
#[derive(Clone, Debug)]
pub(crate) struct TranspositionTable<T: Copy> {
    slots: Vec<Option<(u64, T)>>,
    mask: u64,
    used: usize,
}

impl<T: Copy> TranspositionTable<T> {
    /// A table of at least `entries` slots (rounded up to a power of two, at
    /// least 1).
    pub(crate) fn new(entries: usize) -> Self {
        let capacity = entries
            .max(1)
            .checked_next_power_of_two()
            .unwrap_or(1 << 62);
        TranspositionTable {
            slots: vec![None; capacity],
            mask: capacity as u64 - 1,
            used: 0,
        }
    }

    /// The number of slots.
    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// How many slots hold a value.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.used
    }

    /// Whether no slot holds a value.
    pub(crate) fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Empties every slot.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(None);
        self.used = 0;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // The low bits pick the slot; mix first so that keys differing only in
        // high bits spread too.
        ((key ^ (key >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 17 & self.mask) as usize
    }

    /// The value stored under `key`, if its slot still holds it.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<T> {
        match self.slots[self.slot(key)] {
            Some((k, value)) if k == key => Some(value),
            _ => None,
        }
    }

    /// Stores `value` under `key`. If the slot holds a value for another key,
    /// or an older value for this key, `replace(old, new)` decides whether
    /// the new value takes the slot (`old` comes with its key's equality).
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        value: T,
        replace: impl FnOnce(Stored<T>, &T) -> bool,
    ) {
        let index = self.slot(key);
        match self.slots[index] {
            None => {
                self.slots[index] = Some((key, value));
                self.used += 1;
            }
            Some((k, old)) => {
                let stored = Stored {
                    value: old,
                    same_key: k == key,
                };
                if replace(stored, &value) {
                    self.slots[index] = Some((key, value));
                }
            }
        }
    }
}

/// A value already in the slot a new value wants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stored<T> {
    /// The value.
    pub value: T,
    /// Whether it was stored under the same key as the new value.
    pub same_key: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_up_and_values_come_back_until_cleared() {
        let mut table: TranspositionTable<u32> = TranspositionTable::new(1000);
        assert_eq!(table.capacity(), 1024);
        table.store(42, 7, |_old, _new| true);
        assert_eq!(table.probe(42), Some(7));
        assert_eq!(table.probe(43), None);
        table.clear();
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn memory_stays_bounded_and_replacement_is_the_callers() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(16);
        for key in 0..10_000u64 {
            table.store(key, (key % 200) as u8, |_, _| true);
        }
        assert_eq!(table.capacity(), 16);
        assert!(table.len() <= 16);
        // Every key still found maps to its own value.
        let found = (0..10_000u64)
            .filter_map(|k| table.probe(k).map(|v| (k, v)))
            .collect::<Vec<_>>();
        assert!(!found.is_empty() && found.len() <= 16);
        for (k, v) in found {
            assert_eq!(v, (k % 200) as u8);
        }
        // A policy that never replaces keeps the first value.
        let mut keep: TranspositionTable<u8> = TranspositionTable::new(1);
        keep.store(1, 1, |_, _| false);
        keep.store(2, 2, |_, _| false);
        assert_eq!((keep.probe(1), keep.probe(2)), (Some(1), None));
        keep.store(1, 5, |old, new| old.same_key && *new > old.value);
        assert_eq!(keep.probe(1), Some(5));
    }
}
