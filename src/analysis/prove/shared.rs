//! The cache of proven bounds as the provers see it, and the one several
//! threads share.
//!
//! A prover on one thread owns a [`PositionCache`]; the threads of a
//! parallel proof share a [`SharedCache`]: a table of atomic words read
//! without a lock (see [`LockFree`]), each thread through its own
//! [`Worker`], and beside it a table of how many threads are searching
//! each position (by hash), which steers the threads apart (Kaneko's
//! virtual proof numbers: a position another thread is searching looks
//! harder than it is).
//!
//! Whatever the threads do, every bound in the cache stays a proven bound:
//! a thread storing a position keeps the tighter of its bounds and those
//! already stored, so a slower thread never loosens what another proved.

use std::sync::atomic::{AtomicU16, Ordering};

use super::PositionCache;
use super::lockfree::{Handle, LockFree, Tables};
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

/// Entries of the table of busy positions (by hash).
const BUSY: usize = 1 << 16;

/// One cache shared by the threads of a parallel proof: a table read
/// without locks ([`LockFree`]), and beside it how many threads are in
/// each position (by hash).
#[derive(Debug)]
pub(super) struct SharedCache {
    table: LockFree,
    busy: Vec<AtomicU16>,
}

impl SharedCache {
    /// An empty shared cache for keys of `words` words within `max_bytes`
    /// in all (at least the least a cache of one thread takes).
    pub(super) fn new(words: usize, max_bytes: usize) -> Result<SharedCache, CacheRefused> {
        let least = PositionCache::least_bytes(words);
        Ok(SharedCache {
            table: LockFree::new(words, least, max_bytes.max(least))?,
            busy: (0..BUSY).map(|_| AtomicU16::new(0)).collect(),
        })
    }

    /// The cache as the threads of one test share it.
    pub(super) fn view(&mut self) -> SharedView<'_> {
        SharedView {
            tables: self.table.tables(),
            busy: &self.busy,
        }
    }

    /// About how many keys it holds.
    pub(super) fn len(&self) -> usize {
        self.table.len()
    }

    /// The bytes of its tables used so far.
    pub(super) fn heap_bytes(&self) -> usize {
        self.table.heap_bytes()
    }
}

/// A [`SharedCache`] while the threads of a test use it.
#[derive(Debug)]
pub(super) struct SharedView<'a> {
    tables: Tables<'a>,
    busy: &'a [AtomicU16],
}

impl<'a> SharedView<'a> {
    /// About how many keys it holds.
    pub(super) fn len(&self) -> usize {
        self.tables.len()
    }

    /// The bytes of its tables used so far.
    pub(super) fn heap_bytes(&self) -> usize {
        self.tables.heap_bytes()
    }

    /// A thread's own use of the cache.
    pub(super) fn worker(&self) -> Worker<'_, 'a> {
        Worker {
            handle: self.tables.handle(),
            busy: self.busy,
        }
    }
}

/// One thread's use of a [`SharedCache`]: the [`Cache`] its prover has.
#[derive(Debug)]
pub(super) struct Worker<'v, 'a> {
    handle: Handle<'v, 'a>,
    busy: &'a [AtomicU16],
}

impl Worker<'_, '_> {
    #[inline]
    fn busy_slot(&self, key: &[u64]) -> &AtomicU16 {
        &self.busy[(hash(key) >> 32) as usize % BUSY]
    }
}

impl Cache for Worker<'_, '_> {
    const SHARED: bool = true;

    /// Prefetches `key`'s bucket (nothing to wait for: gives 0).
    #[inline]
    fn touch(&self, key: &[u64]) -> u64 {
        self.handle.prefetch(key);
        0
    }

    #[inline]
    fn get(&self, key: &[u64]) -> Option<u64> {
        self.handle.get(key)
    }

    #[inline]
    fn put(
        &mut self,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        merge: impl Fn(u64, u64) -> u64,
    ) {
        self.handle.put(key, data, worth, merge);
    }

    fn len(&self) -> usize {
        self.handle.len()
    }

    fn heap_bytes(&self) -> usize {
        self.handle.heap_bytes()
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
    fn keys_come_back_merged_and_a_position_is_busy_while_a_thread_is_in_it() {
        let mut cache = SharedCache::new(2, 1 << 20).unwrap();
        let view = cache.view();
        let mut worker = view.worker();
        worker.put(&[7, 21], 7, |d| d, |_, _| unreachable!("a new key"));
        worker.put(&[7, 21], 100, |d| d, |old, new| old * 1000 + new);
        assert_eq!(worker.get(&[7, 21]), Some(7100));
        assert_eq!(worker.get(&[7, 22]), None);
        assert_eq!(worker.busy(&[5, 0]), 0);
        worker.enter(&[5, 0]);
        view.worker().enter(&[5, 0]);
        assert_eq!(worker.busy(&[5, 0]), 2);
        worker.leave(&[5, 0]);
        assert_eq!(worker.busy(&[5, 0]), 1);
        worker.leave(&[5, 0]);
        assert_eq!(worker.busy(&[5, 0]), 0);
        assert!(worker.heap_bytes() <= PositionCache::least_bytes(2));
    }
}
