//! A bounded cache from packed positions to one word of data.
//!
//! It knows nothing of games or searches: it keeps whole keys (so a hit is
//! always the very position asked for, never a hash collision), one data word
//! each, in buckets of four slots that share a cache line for one-word keys.
//! It starts small and doubles when it is half full, while the doubled
//! table fits in its byte limit (a key whose bucket is full on the way
//! takes a slot as below);
//! past that a new key takes the slot of its bucket's least valuable entry,
//! as the caller rates them.

/// The system refused the memory of a cache's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CacheRefused {
    /// The bytes asked for.
    pub(crate) bytes: usize,
}

/// Slots a bucket holds.
const BUCKET: usize = 4;
/// The top bit of a stored data word marks the slot as used.
const USED: u64 = 1 << 63;
/// Buckets of the first table.
const FIRST_BUCKETS: usize = 1 << 10;

/// A cache from keys of `words` words to data words below 2^63.
#[derive(Clone, Debug)]
pub(crate) struct PositionCache {
    words: usize,
    /// `BUCKET` slots a bucket, each its key's words then its data word
    /// (with [`USED`] set), from `offset` on.
    slots: Vec<u64>,
    offset: usize,
    mask: usize,
    used: usize,
    max_bytes: usize,
}

/// A hash of a key whose every bit depends on every bit of the key
/// (MurmurHash3's finaliser over the words).
#[inline]
pub(super) fn hash(key: &[u64]) -> u64 {
    let mut h = 0u64;
    for &word in key {
        h ^= word;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^= h >> 33;
    }
    h
}

impl PositionCache {
    /// An empty cache for keys of `words` words that never holds more than
    /// `max_bytes` (but at least its first table, about 64 KiB a key word).
    pub(crate) fn new(words: usize, max_bytes: usize) -> Result<PositionCache, CacheRefused> {
        let mut cache = PositionCache {
            words,
            slots: Vec::new(),
            offset: 0,
            mask: 0,
            used: 0,
            max_bytes,
        };
        cache.slots = cache.allocate(FIRST_BUCKETS)?.0;
        (cache.offset, cache.mask) = (align(&cache.slots, words), FIRST_BUCKETS - 1);
        Ok(cache)
    }

    /// The bytes the first table of a cache for keys of `words` words takes:
    /// the least a cache holds.
    pub(crate) fn least_bytes(words: usize) -> usize {
        PositionCache::bytes_for(words, FIRST_BUCKETS)
    }

    /// The words a bucket takes.
    #[inline]
    fn bucket_words(&self) -> usize {
        BUCKET * (self.words + 1)
    }

    /// A zeroed table of `buckets` buckets, with room to align it.
    fn allocate(&self, buckets: usize) -> Result<(Vec<u64>, usize), CacheRefused> {
        let len = buckets * self.bucket_words() + 8;
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(len)
            .map_err(|_| CacheRefused { bytes: len * 8 })?;
        slots.resize(len, 0);
        let offset = align(&slots, self.words);
        Ok((slots, offset))
    }

    /// The width of its keys in words, its buckets, and its slots (each
    /// bucket's `BUCKET` slots of key words then a data word), for saving.
    pub(crate) fn table(&self) -> (usize, usize, &[u64]) {
        let buckets = self.mask + 1;
        let end = self.offset + buckets * self.bucket_words();
        (self.words, buckets, &self.slots[self.offset..end])
    }

    /// The bytes the slots of a table of `buckets` buckets of `words`-word
    /// keys take (as [`PositionCache::table`] gives them), if it is a table
    /// this cache can have: `buckets` a power of two at least the first
    /// table's.
    pub(crate) fn table_bytes(words: usize, buckets: usize) -> Option<usize> {
        (words > 0 && buckets.is_power_of_two() && buckets >= FIRST_BUCKETS)
            .then(|| buckets.checked_mul(BUCKET * (words + 1))?.checked_mul(8))
            .flatten()
    }

    /// How the table is laid out, in words: its buckets' slots and the hash
    /// of a fixed key, so that a table saved by a build with another layout
    /// is not read as this one.
    pub(crate) fn layout() -> String {
        format!(
            "buckets of {BUCKET}, hash {:016x}",
            hash(&[0x0123_4567_89ab_cdef])
        )
    }

    /// An empty cache of `buckets` buckets of `words`-word keys (a shape
    /// [`PositionCache::table_bytes`] accepts, which the caller checks
    /// against `max_bytes` first), growing later within `max_bytes`: its
    /// slots to be filled through [`PositionCache::slots_mut`].
    pub(crate) fn with_table(
        words: usize,
        buckets: usize,
        max_bytes: usize,
    ) -> Result<PositionCache, CacheRefused> {
        debug_assert!(Self::table_bytes(words, buckets).is_some());
        let mut cache = PositionCache {
            words,
            slots: Vec::new(),
            offset: 0,
            mask: buckets - 1,
            used: 0,
            max_bytes,
        };
        (cache.slots, cache.offset) = cache.allocate(buckets)?;
        Ok(cache)
    }

    /// The slots, to fill with a saved table, after which
    /// [`PositionCache::recount`] must be called.
    pub(crate) fn slots_mut(&mut self) -> &mut [u64] {
        let end = self.offset + (self.mask + 1) * self.bucket_words();
        &mut self.slots[self.offset..end]
    }

    /// Counts the used slots again, after the slots were written from
    /// outside.
    pub(crate) fn recount(&mut self) {
        let words = self.words;
        let (_, _, slots) = self.table();
        self.used = slots
            .chunks_exact(words + 1)
            .filter(|slot| slot[words] & USED != 0)
            .count();
    }

    /// How many keys the cache holds.
    pub(crate) fn len(&self) -> usize {
        self.used
    }

    /// The bytes the cache holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * size_of::<u64>()
    }

    /// The bytes a table of `buckets` buckets of `words`-word keys takes.
    fn bytes_for(words: usize, buckets: usize) -> usize {
        (buckets * BUCKET * (words + 1) + 8) * size_of::<u64>()
    }

    #[inline]
    fn bucket(&self, key: &[u64]) -> usize {
        self.offset + (hash(key) as usize & self.mask) * self.bucket_words()
    }

    /// Reads the first and last words of `key`'s bucket (the two cache
    /// lines a bucket of two-word keys spans) and gives them back, so that
    /// a caller about to look up several keys can touch all their buckets
    /// first: the memory fetches then overlap instead of following one
    /// another (on 5x5 proofs reading the last word too saved about 5%).
    #[inline]
    pub(crate) fn touch(&self, key: &[u64]) -> u64 {
        let start = self.bucket(key);
        self.slots[start] ^ self.slots[start + self.bucket_words() - 1]
    }

    /// The data stored with `key`, if the cache holds it.
    #[inline]
    pub(crate) fn get(&self, key: &[u64]) -> Option<u64> {
        let stride = self.words + 1;
        let start = self.bucket(key);
        let bucket = &self.slots[start..start + self.bucket_words()];
        bucket.chunks_exact(stride).find_map(|slot| {
            let data = slot[self.words];
            (data & USED != 0 && same(&slot[..self.words], key)).then_some(data & !USED)
        })
    }

    /// Stores `data` (below 2^63) with `key`, replacing what the key had.
    /// A new key takes a free slot of its bucket, or, when there is none and
    /// the cache cannot grow, the slot whose data `worth` rates lowest.
    #[inline]
    pub(crate) fn put(&mut self, key: &[u64], data: u64, worth: impl Fn(u64) -> u64) {
        debug_assert!(data & USED == 0);
        // Grow rather than forget, while memory allows: when the table is
        // half full (a bucket of four rarely overflows below that).
        if self.used * 2 >= (self.mask + 1) * BUCKET {
            self.grow(&worth);
        }
        if self.put_in(key, data, &worth) {
            self.used += 1;
        }
    }

    /// Stores without growing; true if the key took a free slot.
    #[inline]
    fn put_in(&mut self, key: &[u64], data: u64, worth: &impl Fn(u64) -> u64) -> bool {
        let (words, stride) = (self.words, self.words + 1);
        let start = self.bucket(key);
        let end = start + self.bucket_words();
        let bucket = &mut self.slots[start..end];
        let mut free = None;
        let mut victim = (u64::MAX, 0);
        for (i, slot) in bucket.chunks_exact(stride).enumerate() {
            let old = slot[words];
            if old & USED == 0 {
                free = free.or(Some(i));
            } else if same(&slot[..words], key) {
                bucket[i * stride + words] = data | USED;
                return false;
            } else {
                let w = worth(old & !USED);
                if w < victim.0 {
                    victim = (w, i);
                }
            }
        }
        let i = free.unwrap_or(victim.1);
        let slot = &mut bucket[i * stride..(i + 1) * stride];
        slot[..words].copy_from_slice(key);
        slot[words] = data | USED;
        free.is_some()
    }

    /// Whether the doubled table would fit in the byte limit, with this one
    /// held while it moves.
    fn can_grow(&self) -> bool {
        Self::bytes_for(self.words, (self.mask + 1) * 2) + self.heap_bytes() <= self.max_bytes
    }

    /// Doubles the table if the doubled one fits in the byte limit and the
    /// system gives the memory; otherwise leaves it as it is.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, worth: &impl Fn(u64) -> u64) {
        if !self.can_grow() {
            return;
        }
        let buckets = (self.mask + 1) * 2;
        let Ok((slots, offset)) = self.allocate(buckets) else {
            return;
        };
        let old = std::mem::replace(&mut self.slots, slots);
        let old_offset = std::mem::replace(&mut self.offset, offset);
        self.mask = buckets - 1;
        self.used = 0;
        let stride = self.words + 1;
        for slot in old[old_offset..].chunks_exact(stride) {
            let data = slot[self.words];
            if data & USED != 0 && self.put_in(&slot[..self.words], data & !USED, worth) {
                self.used += 1;
            }
        }
    }
}

/// Key equality, with one- and two-word keys (boards of up to 5x5 and 6x6)
/// compared without a call to `memcmp` (which took 3% of a 5x5 proof).
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    match (a, b) {
        ([x], [y]) => x == y,
        ([x0, x1], [y0, y1]) => x0 == y0 && x1 == y1,
        _ => a == b,
    }
}

/// The offset in words that puts the first bucket on a 64-byte boundary.
fn align(slots: &[u64], words: usize) -> usize {
    if words != 1 {
        return 0;
    }
    let address = slots.as_ptr() as usize;
    (64 - address % 64) % 64 / size_of::<u64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_come_back_with_their_data_and_are_replaced_in_place() {
        for words in [1, 2, 5] {
            let mut cache = PositionCache::new(words, 64 << 20).unwrap();
            let key = |i: u64| -> Vec<u64> { (0..words as u64).map(|w| i * 7 + w).collect() };
            for i in 0..20_000u64 {
                cache.put(&key(i), i, |d| d);
            }
            // A cache forgets a key whose bucket of four is full: at half
            // full (when it grows) a few in a hundred.
            let held = cache.len();
            assert!((18_500..=20_000).contains(&held), "{held}");
            let found = (0..20_000u64).filter(|&i| {
                let data = cache.get(&key(i));
                assert!(data.is_none_or(|d| d == i), "{words} words, key {i}");
                data.is_some()
            });
            assert_eq!(found.count(), held);
            cache.put(&key(20_000), 99, |d| d);
            assert_eq!((cache.get(&key(20_000)), cache.len()), (Some(99), held + 1));
            cache.put(&key(20_000), 98, |d| d);
            assert_eq!((cache.get(&key(20_000)), cache.len()), (Some(98), held + 1));
            assert_eq!(cache.get(&key(20_001)), None);
            // A zero key is a key like any other.
            cache.put(&vec![0; words], 3, |d| d);
            assert_eq!(cache.get(&vec![0; words]), Some(3));
        }
    }

    #[test]
    fn a_full_cache_stays_within_its_bytes_and_keeps_what_is_worth_most() {
        let max = 256 << 10;
        let mut cache = PositionCache::new(1, max).unwrap();
        for i in 0..1_000_000u64 {
            cache.put(&[i], i % 1000, |d| d);
        }
        assert!(cache.heap_bytes() <= max, "{}", cache.heap_bytes());
        assert!(cache.len() <= cache.heap_bytes() / 16);
        // Every key still held has its own data.
        let mut held = 0usize;
        let mut worth = 0u64;
        for i in 0..1_000_000u64 {
            if let Some(d) = cache.get(&[i]) {
                assert_eq!(d, i % 1000);
                held += 1;
                worth += d;
            }
        }
        assert_eq!(held, cache.len());
        // Replacing the least worth keeps the mean worth well above average.
        let mean = worth / held as u64;
        assert!(mean > 600, "{mean}");
    }
}
