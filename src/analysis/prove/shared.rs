//! The cache of proven bounds as the provers see it, and the one several
//! threads share.
//!
//! A prover on one thread owns a [`PositionCache`]; the threads of a
//! parallel proof share a [`SharedCache`]: the same cache cut into shards
//! by the keys' hash, each behind its own lock, so that threads rarely wait
//! on one another, and beside it a table of how many threads are searching
//! each position (by hash), which steers the threads apart (Kaneko's
//! virtual proof numbers: a position another thread is searching looks
//! harder than it is).
//!
//! Whatever the threads do, every bound in the cache stays a proven bound:
//! a thread storing a position keeps the tighter of its bounds and those
//! already stored, so a slower thread never loosens what another proved.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU16, Ordering};

use super::PositionCache;
use super::table::{CacheRefused, hash};

/// What a prover needs of its cache: [`PositionCache`] on one thread,
/// `&SharedCache` on several.
pub(super) trait Cache {
    /// True where other threads use the same cache: a prover then reads its
    /// children again as it goes and steers clear of busy positions.
    const SHARED: bool;

    /// Reads `key`'s bucket ahead of a lookup (see [`PositionCache::touch`]).
    fn touch(&self, key: &[u64]) -> u64;

    /// The data stored with `key`, if held.
    fn get(&self, key: &[u64]) -> Option<u64>;

    /// Stores `data` with `key`. A shared cache stores `merge(old, data)`
    /// where the key already has `old`; a cache of one thread stores
    /// `data` as it is.
    fn put(
        &mut self,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        merge: impl Fn(u64, u64) -> u64,
    );

    /// How many keys it holds.
    fn len(&self) -> usize;

    /// The bytes it holds.
    fn heap_bytes(&self) -> usize;

    /// How many threads are searching `key` now (as far as its hash tells).
    fn busy(&self, _key: &[u64]) -> u32 {
        0
    }

    /// This thread starts searching `key`.
    fn enter(&self, _key: &[u64]) {}

    /// This thread is done searching `key`.
    fn leave(&self, _key: &[u64]) {}
}

impl Cache for PositionCache {
    const SHARED: bool = false;

    #[inline]
    fn touch(&self, key: &[u64]) -> u64 {
        PositionCache::touch(self, key)
    }

    #[inline]
    fn get(&self, key: &[u64]) -> Option<u64> {
        PositionCache::get(self, key)
    }

    #[inline]
    fn put(
        &mut self,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        _merge: impl Fn(u64, u64) -> u64,
    ) {
        PositionCache::put(self, key, data, worth);
    }

    fn len(&self) -> usize {
        PositionCache::len(self)
    }

    fn heap_bytes(&self) -> usize {
        PositionCache::heap_bytes(self)
    }
}

/// The most shards a shared cache is cut into.
const MAX_SHARDS: usize = 256;
/// Entries of the table of busy positions (by hash).
const BUSY: usize = 1 << 16;

/// A shard on cache lines of its own, so that threads locking neighbouring
/// shards do not contend for one line.
#[derive(Debug)]
#[repr(align(128))]
struct Shard(Mutex<PositionCache>);

/// One cache shared by the threads of a parallel proof.
#[derive(Debug)]
pub(super) struct SharedCache {
    shards: Vec<Shard>,
    /// The shard of a key: the top `bits` of its hash (the buckets within a
    /// shard take the low ones).
    bits: u32,
    busy: Vec<AtomicU16>,
}

impl SharedCache {
    /// An empty shared cache for keys of `words` words within `max_bytes`
    /// in all: as many shards (a power of two, at most 256) as leave each
    /// room for its first table.
    pub(super) fn new(words: usize, max_bytes: usize) -> Result<SharedCache, CacheRefused> {
        let least = PositionCache::least_bytes(words).max(1);
        let fit = (max_bytes / least).clamp(1, MAX_SHARDS);
        // The largest power of two that fits.
        let count = 1usize << fit.ilog2();
        let each = max_bytes / count;
        let shards = (0..count)
            .map(|_| PositionCache::new(words, each).map(|c| Shard(Mutex::new(c))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SharedCache {
            shards,
            bits: count.trailing_zeros(),
            busy: (0..BUSY).map(|_| AtomicU16::new(0)).collect(),
        })
    }

    #[inline]
    fn shard(&self, key: &[u64]) -> std::sync::MutexGuard<'_, PositionCache> {
        let index = if self.bits == 0 {
            0
        } else {
            (hash(key) >> (64 - self.bits)) as usize
        };
        // A thread that panicked holding a shard left it whole: a cache
        // write is done before its lock is let go.
        self.shards[index]
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    #[inline]
    fn busy_slot(&self, key: &[u64]) -> &AtomicU16 {
        &self.busy[(hash(key) >> 32) as usize % BUSY]
    }
}

impl Cache for &SharedCache {
    const SHARED: bool = true;

    #[inline]
    fn touch(&self, key: &[u64]) -> u64 {
        self.shard(key).touch(key)
    }

    #[inline]
    fn get(&self, key: &[u64]) -> Option<u64> {
        self.shard(key).get(key)
    }

    #[inline]
    fn put(
        &mut self,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        merge: impl Fn(u64, u64) -> u64,
    ) {
        let mut shard = self.shard(key);
        let data = shard.get(key).map_or(data, |old| merge(old, data));
        shard.put(key, data, worth);
    }

    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.0.lock().unwrap_or_else(|p| p.into_inner()).len())
            .sum()
    }

    fn heap_bytes(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.0.lock().unwrap_or_else(|p| p.into_inner()).heap_bytes())
            .sum()
    }

    #[inline]
    fn busy(&self, key: &[u64]) -> u32 {
        u32::from(self.busy_slot(key).load(Ordering::Relaxed))
    }

    #[inline]
    fn enter(&self, key: &[u64]) {
        self.busy_slot(key).fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, key: &[u64]) {
        self.busy_slot(key).fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_fit_the_memory_and_keys_come_back_merged() {
        let words = 2;
        let least = PositionCache::least_bytes(words);
        let small = SharedCache::new(words, least).unwrap();
        assert_eq!(small.shards.len(), 1);
        let large = SharedCache::new(words, 1 << 30).unwrap();
        assert_eq!(large.shards.len(), MAX_SHARDS);
        let odd = SharedCache::new(words, least * 5).unwrap();
        assert_eq!(odd.shards.len(), 4);
        let mut cache = &large;
        for i in 0..10_000u64 {
            cache.put(&[i, i * 3], i, |d| d, |_, _| unreachable!("a new key"));
        }
        // A key whose bucket of four is full may be forgotten.
        let held = cache.len();
        assert!((9_500..=10_000).contains(&held), "{held}");
        for i in 0..10_000u64 {
            assert!(cache.get(&[i, i * 3]).is_none_or(|d| d == i), "{i}");
        }
        cache.put(&[7, 21], 100, |d| d, |old, new| old * 1000 + new);
        assert_eq!(cache.get(&[7, 21]), Some(7100));
        assert_eq!(cache.get(&[7, 22]), None);
        assert!(cache.heap_bytes() >= MAX_SHARDS * least);
    }

    #[test]
    fn a_position_is_busy_while_a_thread_is_in_it() {
        let cache = SharedCache::new(1, 1 << 20).unwrap();
        let cache = &cache;
        assert_eq!(cache.busy(&[5]), 0);
        cache.enter(&[5]);
        cache.enter(&[5]);
        assert_eq!(cache.busy(&[5]), 2);
        cache.leave(&[5]);
        assert_eq!(cache.busy(&[5]), 1);
        cache.leave(&[5]);
        assert_eq!(cache.busy(&[5]), 0);
    }
}
