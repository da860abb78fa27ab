//! The table of proven bounds the threads of a parallel proof share,
//! read without a lock.
//!
//! A table is a flat array of atomic words in buckets of whole cache lines:
//! a bucket's first word is its version, then come its slots, each a key's
//! words and a data word (whose top bit marks the slot as used). A writer
//! takes a bucket by a compare-and-swap of its version from even to odd,
//! writes, and makes it even again; a reader takes no lock at all: it reads
//! the version, the slots, and the version again, and reads once more if
//! the two differ or were odd (a seqlock). So a lookup is plain loads, and
//! the lookups of a position's children, each begun by a prefetch of its
//! bucket, overlap in memory; only a store takes a locked instruction.
//!
//! The table grows without stopping the threads: when it is half full, one
//! thread makes the next table (twice as many buckets) the one written to
//! and moves the old table's keys into it, while the others go on, reading
//! the old table where the new one misses a key until the move is done.
//! Every table's memory is mapped up front within the byte limit (the
//! system gives it page by page, zeroed, as it is first touched) and kept
//! to the proof's end, so a reader never meets freed memory. The last
//! table is as large as the others leave room for, not only twice the one
//! before: the tables before it take less than half the limit, so it has
//! as many buckets as a one-thread cache's last table in the same limit
//! (which frees its old tables). Past the last table a new key takes the
//! place of its bucket's least worth.
//!
//! Every bound in the table stays a proven bound: a writer keeps the
//! tighter of its bounds and those stored (the caller's `merge`), and the
//! move keeps the tighter of the old table's and the new one's; a store
//! and the move of its bucket take the bucket in turn, so neither is lost.
//! A key is forgotten only where its bucket is full (or a reader meets a
//! writer that lost its core, and takes the key as absent): a bound lost
//! makes a proof slower, never wrong.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering, fence};

use memmap2::MmapMut;
use prefetch_index::prefetch_index;
use zerocopy::FromBytes;

use super::table::{CacheRefused, hash};

/// The top bit of a stored data word marks the slot as used.
const USED: u64 = 1 << 63;
/// Words in a cache line.
const LINE: usize = 8;
/// The most tables: the first's buckets times up to 2^(TABLES - 1).
const TABLES: usize = 40;
/// Keys a thread adds before it counts them in the shared count.
const FLUSH: usize = 256;
/// Tries at a bucket another thread is writing before giving way.
const SPINS: u32 = 64;

/// The memory of every table, and what the threads share of it.
#[derive(Debug)]
pub(super) struct LockFree {
    maps: Vec<MmapMut>,
    /// Buckets of each table.
    buckets: Vec<usize>,
    shape: Shape,
    /// The table written to now.
    current: AtomicUsize,
    /// One more than the table the keys are being moved from (0: none).
    moving: AtomicUsize,
    /// About how many keys the current table holds.
    used: AtomicUsize,
}

/// How the tables are cut into buckets.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Words of a key.
    words: usize,
    /// Words of a bucket (whole cache lines).
    bucket: usize,
    /// Slots of a bucket.
    slots: usize,
    /// Buckets of the first table.
    first: usize,
}

impl Shape {
    fn new(words: usize, least: usize) -> Shape {
        // Whole cache lines with room for the version and four slots.
        let bucket = (1 + 4 * (words + 1)).next_multiple_of(LINE);
        let slots = (bucket - 1) / (words + 1);
        // The first table within the least memory of a proof's cache.
        let fit = (least / (bucket * 8)).max(1);
        Shape {
            words,
            bucket,
            slots,
            first: 1 << fit.ilog2(),
        }
    }

    /// The bytes of a table of `first << shift` buckets (`None` past a
    /// `usize`).
    fn bytes(&self, shift: u32) -> Option<usize> {
        if self.first.leading_zeros() < shift {
            return None;
        }
        (self.first << shift).checked_mul(self.bucket * size_of::<u64>())
    }

    /// The sizes of the tables within `max_bytes` in all, as shifts of the
    /// first's buckets: each twice the one before, and the last as large
    /// as the ones before it leave room for (the first is always there).
    fn plan(&self, max_bytes: usize) -> Vec<u32> {
        let fits = |total: usize, shift: u32| {
            shift < TABLES as u32
                && self
                    .bytes(shift)
                    .and_then(|bytes| total.checked_add(bytes))
                    .is_some_and(|sum| sum <= max_bytes)
        };
        let mut shifts = vec![0];
        let mut total = self.bytes(0).unwrap_or(usize::MAX);
        while fits(total, shifts.len() as u32) {
            total += self.bytes(shifts.len() as u32).unwrap_or(0);
            shifts.push(shifts.len() as u32);
        }
        if let [.., before, last] = shifts[..] {
            let total = total - self.bytes(last).unwrap_or(0);
            let mut biggest = last;
            while fits(total, biggest + 1) {
                biggest += 1;
            }
            debug_assert!(biggest > before);
            if let Some(shift) = shifts.last_mut() {
                *shift = biggest;
            }
        }
        shifts
    }
}

impl LockFree {
    /// The tables for keys of `words` words within `max_bytes` in all, the
    /// first of them no larger than `least` bytes.
    ///
    /// # Errors
    /// [`CacheRefused`] if the system refuses the first table's memory.
    pub(super) fn new(words: usize, least: usize, max_bytes: usize) -> Result<Self, CacheRefused> {
        let shape = Shape::new(words, least);
        let mut maps = Vec::new();
        let mut buckets = Vec::new();
        for shift in shape.plan(max_bytes) {
            let bytes = shape.bytes(shift).unwrap_or(usize::MAX);
            match MmapMut::map_anon(bytes) {
                Ok(map) => {
                    // Only advice: small pages work too, more slowly.
                    #[cfg(target_os = "linux")]
                    let _ = map.advise(memmap2::Advice::HugePage);
                    maps.push(map);
                    buckets.push(shape.first << shift);
                }
                Err(_) if maps.is_empty() => return Err(CacheRefused { bytes }),
                // Fewer tables: the last one full takes the place of the
                // least worth.
                Err(_) => break,
            }
        }
        Ok(LockFree {
            maps,
            buckets,
            shape,
            current: AtomicUsize::new(0),
            moving: AtomicUsize::new(0),
            used: AtomicUsize::new(0),
        })
    }

    /// The tables, for the threads of one test to share.
    pub(super) fn tables(&mut self) -> Tables<'_> {
        let Self {
            maps,
            buckets,
            shape,
            current,
            moving,
            used,
        } = self;
        let tables = maps
            .iter_mut()
            .map(|map| {
                &*<[AtomicU64]>::mut_from_bytes(&mut map[..])
                    .expect("a map is page-aligned and a whole number of words")
            })
            .collect();
        Tables {
            tables,
            buckets,
            shape: *shape,
            current,
            moving,
            used,
        }
    }

    /// About how many keys the tables hold.
    pub(super) fn len(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    /// The bytes of the tables used so far.
    pub(super) fn heap_bytes(&self) -> usize {
        let current = self.current.load(Ordering::Relaxed);
        self.maps[..=current].iter().map(|map| map.len()).sum()
    }

    /// How many tables it may use.
    #[cfg(test)]
    pub(super) fn count(&self) -> usize {
        self.maps.len()
    }
}

/// The tables as the threads of a test see them.
#[derive(Debug)]
pub(super) struct Tables<'a> {
    tables: Vec<&'a [AtomicU64]>,
    /// Buckets of each table.
    buckets: &'a [usize],
    shape: Shape,
    current: &'a AtomicUsize,
    moving: &'a AtomicUsize,
    used: &'a AtomicUsize,
}

/// One thread's use of the [`Tables`].
#[derive(Debug)]
pub(super) struct Handle<'t, 'a> {
    tables: &'t Tables<'a>,
    /// Keys this thread added and has not counted yet.
    added: usize,
}

impl<'a> Tables<'a> {
    /// A thread's handle.
    pub(super) fn handle(&self) -> Handle<'_, 'a> {
        Handle {
            tables: self,
            added: 0,
        }
    }

    /// About how many keys the tables hold.
    pub(super) fn len(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    /// The bytes of the tables used so far.
    pub(super) fn heap_bytes(&self) -> usize {
        let current = self.current.load(Ordering::Relaxed);
        let words: usize = self.tables[..=current].iter().map(|t| t.len()).sum();
        words * size_of::<u64>()
    }

    /// The table written to now and its index.
    #[inline]
    fn now(&self) -> (usize, &'a [AtomicU64]) {
        let g = self.current.load(Ordering::Acquire);
        (g, self.tables[g])
    }

    /// The first word of `key`'s bucket in table `g`.
    #[inline]
    fn bucket(&self, g: usize, key: &[u64]) -> usize {
        let buckets = self.buckets[g];
        (hash(key) as usize & (buckets - 1)) * self.shape.bucket
    }

    /// The data of `key` in the bucket at `start` of `table`, read without a
    /// lock: again while a writer is in the bucket. `None` if it is absent
    /// (or a writer kept the bucket busy too long).
    #[inline]
    fn find(&self, table: &[AtomicU64], start: usize, key: &[u64]) -> Option<u64> {
        let Shape { words, slots, .. } = self.shape;
        let mut tries = 0;
        loop {
            let version = table[start].load(Ordering::Acquire);
            let mut found = None;
            if version & 1 == 0 {
                for i in 0..slots {
                    let slot = start + 1 + i * (words + 1);
                    let data = table[slot + words].load(Ordering::Relaxed);
                    if data & USED != 0 && same(&table[slot..slot + words], key) {
                        found = Some(data & !USED);
                        break;
                    }
                }
                fence(Ordering::Acquire);
                if table[start].load(Ordering::Relaxed) == version {
                    return found;
                }
            }
            tries += 1;
            if tries > SPINS {
                // A writer that lost its core: the key as good as absent.
                return None;
            }
            std::hint::spin_loop();
        }
    }

    /// Takes the bucket at `start` for writing; returns its version.
    #[inline]
    fn lock(table: &[AtomicU64], start: usize) -> u64 {
        let mut tries = 0u32;
        loop {
            let version = table[start].load(Ordering::Relaxed);
            if version & 1 == 0
                && table[start]
                    .compare_exchange_weak(
                        version,
                        version + 1,
                        Ordering::Acquire,
                        Ordering::Relaxed,
                    )
                    .is_ok()
            {
                fence(Ordering::Release);
                return version;
            }
            tries += 1;
            if tries.is_multiple_of(SPINS) {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
    }

    /// Stores `data` with `key` in the table written to now: `merge(old,
    /// data)` where the key is there already; a new key takes a free slot
    /// or the one whose data `worth` rates lowest. True if it took a free
    /// slot.
    ///
    /// The bucket is taken, then the table checked to be still the one
    /// written to: a move takes each old bucket too, so a store either
    /// lands before its bucket is moved or goes to the new table.
    #[inline]
    fn store(
        &self,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        merge: impl Fn(u64, u64) -> u64,
    ) -> bool {
        loop {
            let (g, table) = self.now();
            let start = self.bucket(g, key);
            let version = Self::lock(table, start);
            if self.current.load(Ordering::Acquire) != g {
                table[start].store(version + 2, Ordering::Release);
                continue;
            }
            let fresh = self.store_in(table, start, key, data, &worth, &merge);
            table[start].store(version + 2, Ordering::Release);
            return fresh;
        }
    }

    /// Stores as [`Tables::store`] in the bucket at `start` of `table`,
    /// which the caller has taken.
    #[inline]
    fn store_in(
        &self,
        table: &[AtomicU64],
        start: usize,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        merge: impl Fn(u64, u64) -> u64,
    ) -> bool {
        debug_assert!(data & USED == 0);
        let Shape { words, slots, .. } = self.shape;
        let mut free = None;
        let mut victim = (u64::MAX, 0);
        for i in 0..slots {
            let slot = start + 1 + i * (words + 1);
            let old = table[slot + words].load(Ordering::Relaxed);
            if old & USED == 0 {
                free = free.or(Some(slot));
            } else if same(&table[slot..slot + words], key) {
                let merged = merge(old & !USED, data);
                table[slot + words].store(merged | USED, Ordering::Relaxed);
                return false;
            } else {
                let w = worth(old & !USED);
                if w < victim.0 {
                    victim = (w, slot);
                }
            }
        }
        let slot = free.unwrap_or(victim.1);
        for (word, &k) in table[slot..slot + words].iter().zip(key) {
            word.store(k, Ordering::Relaxed);
        }
        table[slot + words].store(data | USED, Ordering::Relaxed);
        free.is_some()
    }

    /// Moves every key of table `from` into table `from + 1` (the one
    /// written to now), keeping the tighter bounds where the new table has
    /// the key already; returns how many it added. Each old bucket is taken
    /// while its keys move, so that no store to it is left behind.
    #[cold]
    #[inline(never)]
    fn move_keys(
        &self,
        from: usize,
        worth: &impl Fn(u64) -> u64,
        merge: &impl Fn(u64, u64) -> u64,
    ) -> usize {
        let Shape {
            words,
            slots,
            bucket,
            ..
        } = self.shape;
        let (old, new) = (self.tables[from], self.tables[from + 1]);
        let mut keys = vec![(vec![0; words], 0); slots];
        let mut added = 0;
        // The old bounds with the newer numbers of what is there.
        let keep = |there: u64, moved: u64| merge(moved, there);
        for start in (0..old.len()).step_by(bucket) {
            let version = Self::lock(old, start);
            let mut held = 0;
            for i in 0..slots {
                let slot = start + 1 + i * (words + 1);
                let data = old[slot + words].load(Ordering::Relaxed);
                if data & USED != 0 {
                    let (key, moved) = &mut keys[held];
                    for (k, word) in key.iter_mut().zip(&old[slot..slot + words]) {
                        *k = word.load(Ordering::Relaxed);
                    }
                    *moved = data & !USED;
                    held += 1;
                }
            }
            for (key, data) in &keys[..held] {
                let to = self.bucket(from + 1, key);
                let version = Self::lock(new, to);
                if self.store_in(new, to, key, *data, worth, keep) {
                    added += 1;
                }
                new[to].store(version + 2, Ordering::Release);
            }
            old[start].store(version + 2, Ordering::Release);
        }
        added
    }
}

impl Handle<'_, '_> {
    /// About how many keys the tables hold.
    pub(super) fn len(&self) -> usize {
        self.tables.len()
    }

    /// The bytes of the tables used so far.
    pub(super) fn heap_bytes(&self) -> usize {
        self.tables.heap_bytes()
    }

    /// Asks the processor to bring `key`'s bucket into its caches.
    #[inline]
    pub(super) fn prefetch(&self, key: &[u64]) {
        let tables = self.tables;
        let (g, table) = tables.now();
        let start = tables.bucket(g, key);
        prefetch_index(table, start);
        prefetch_index(table, start + tables.shape.bucket - 1);
    }

    /// The data stored with `key`, if held.
    #[inline]
    pub(super) fn get(&self, key: &[u64]) -> Option<u64> {
        let tables = self.tables;
        let (g, table) = tables.now();
        let found = tables.find(table, tables.bucket(g, key), key);
        if found.is_some() {
            return found;
        }
        match tables.moving.load(Ordering::Acquire) {
            0 => None,
            from if from - 1 != g => {
                let from = from - 1;
                tables.find(tables.tables[from], tables.bucket(from, key), key)
            }
            _ => None,
        }
    }

    /// Stores `merge(old, data)` with `key`, where `old` is what the tables
    /// hold of it (`data` where they hold nothing).
    #[inline]
    pub(super) fn put(
        &mut self,
        key: &[u64],
        data: u64,
        worth: impl Fn(u64) -> u64,
        merge: impl Fn(u64, u64) -> u64,
    ) {
        let tables = self.tables;
        let g = tables.current.load(Ordering::Acquire);
        let mut data = data;
        let moving = tables.moving.load(Ordering::Acquire);
        if moving != 0 && moving - 1 != g {
            // The old table's bounds, if the key was not moved yet.
            let from = moving - 1;
            if let Some(old) = tables.find(tables.tables[from], tables.bucket(from, key), key) {
                data = merge(old, data);
            }
        }
        if tables.store(key, data, &worth, &merge) {
            self.added += 1;
            // Counted often enough that a small table grows in time.
            let every = (tables.buckets[g] * tables.shape.slots / 64).clamp(1, FLUSH);
            if self.added >= every {
                self.flush(&worth, &merge);
            }
        }
    }

    /// Counts the keys this thread added, and grows the tables while the
    /// current one is half full.
    #[cold]
    #[inline(never)]
    fn flush(&mut self, worth: &impl Fn(u64) -> u64, merge: &impl Fn(u64, u64) -> u64) {
        let tables = self.tables;
        tables.used.fetch_add(self.added, Ordering::Relaxed);
        self.added = 0;
        loop {
            let used = tables.used.load(Ordering::Relaxed);
            let g = tables.current.load(Ordering::Acquire);
            let capacity = tables.buckets[g] * tables.shape.slots;
            if used * 2 < capacity || g + 1 >= tables.tables.len() {
                return;
            }
            // One thread moves the keys, while no other move is under way.
            if tables
                .moving
                .compare_exchange(0, g + 1, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
            {
                return;
            }
            if tables.current.load(Ordering::Acquire) != g {
                tables.moving.store(0, Ordering::Release);
                continue;
            }
            tables.used.store(0, Ordering::Relaxed);
            tables.current.store(g + 1, Ordering::Release);
            let added = tables.move_keys(g, worth, merge);
            tables.used.fetch_add(added, Ordering::Relaxed);
            tables.moving.store(0, Ordering::Release);
        }
    }
}

impl Drop for Handle<'_, '_> {
    fn drop(&mut self) {
        self.tables.used.fetch_add(self.added, Ordering::Relaxed);
    }
}

/// Whether the words of a slot hold `key`.
#[inline]
fn same(words: &[AtomicU64], key: &[u64]) -> bool {
    match (words, key) {
        ([x], [y]) => x.load(Ordering::Relaxed) == *y,
        ([x0, x1], [y0, y1]) => {
            x0.load(Ordering::Relaxed) == *y0 && x1.load(Ordering::Relaxed) == *y1
        }
        _ => words
            .iter()
            .zip(key)
            .all(|(w, k)| w.load(Ordering::Relaxed) == *k),
    }
}

#[cfg(test)]
#[path = "lockfree_tests.rs"]
mod tests;
