//! Arrays that grow within a limit, fallibly: `Vec`s ([`grow_within`],
//! [`resize_within`]) and [`HugeVec`], a growable array for the large tables
//! of a tree and its walks, in huge pages where the system gives them.
//!
//! The tables of a tree of a few hundred thousand positions take 1 to 2 MB
//! each, and the walks over them read all over them: with 4 KiB pages every
//! table is hundreds of first touches (a page fault each) and hundreds of
//! entries in the processor's table of pages, most of which miss. A
//! [`HugeVec`] is a plain `Vec` while it is small; once its capacity reaches
//! [`MAP_FROM`] bytes it moves to an anonymous memory map aligned to 2 MiB
//! and advised to use huge pages (on Linux, where the system has them
//! turned on for advised memory: a 2 MiB table is then one page).
//!
//! The map reserves address space for the most items the array may grow to
//! (the `max` of [`HugeVec::grow_within`]), so that it grows in place
//! without copying: its capacity doubles as a `Vec`'s does, and the memory
//! past the capacity is not touched. Huge pages are advised only for the
//! whole 2 MiB ranges within room for `max` items, so the array never
//! holds more than that; [`HugeVec::heap_bytes`] counts the capacity
//! rounded up to the huge page it ends in (the system gives the whole page
//! at its first touch). Where the system refuses the reservation (an
//! address-space limit), or it would be larger than [`MAX_RESERVE`], the
//! array stays a `Vec`.
//!
//! The array's room is always valid items (zeros past its length), so that
//! hot loops can borrow it once as a plain slice ([`HugeVec::room_mut`]):
//! forming a slice of a map's bytes costs a dozen instructions, a `Vec`'s
//! none.

use std::fmt;
use std::ops::{Deref, DerefMut};

use memmap2::MmapMut;

/// Why a tree did not grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GrowError {
    /// The children would take the tree past [`TreeLimits::positions`](super::TreeLimits::positions).
    #[error("the game tree would pass its limit of positions")]
    Positions,
    /// The children would take the tree past [`TreeLimits::edges`](super::TreeLimits::edges).
    #[error("the game tree would pass its limit of edges")]
    Edges,
    /// The system refused an allocation of this many bytes.
    #[error("the system refused {bytes} bytes of memory")]
    OutOfMemory {
        /// The size of the allocation refused.
        bytes: usize,
    },
}

/// The size of a huge page on x86-64 (and the usual one on aarch64).
const HUGE_PAGE: usize = 2 << 20;

/// Capacities of at least this many bytes are mapped (and take a whole
/// huge page). Smaller tables stay `Vec`s, whose pages are faulted in one
/// by one but which hold only what they use. Measured on board E (tables
/// of 1 to 2 MB): 632 page faults from 512 KiB on, 397 from 256 KiB, 1,123
/// from 1 MiB, 2,684 with no maps; from 256 KiB, a tree of 25,000
/// positions (board C, b first) held 15.7 MB instead of 6.6 MB.
pub(crate) const MAP_FROM: usize = HUGE_PAGE / 4;

/// The most address space one array reserves: past this its `max` is not
/// worth reserving (a tree with no limits), and it stays a `Vec`.
pub(crate) const MAX_RESERVE: usize = 16 << 30;

/// The smallest capacity a growing array (or vector) is given.
const MIN_CAPACITY: usize = 16;

/// The capacity an array of `capacity` holding `len` items grows to, to
/// make room for `additional` more: double (at least [`MIN_CAPACITY`]) but
/// never past `max`, unless the items themselves need more.
#[inline]
fn grown_capacity(capacity: usize, len: usize, additional: usize, max: usize) -> usize {
    let needed = len.saturating_add(additional);
    capacity
        .saturating_mul(2)
        .max(MIN_CAPACITY)
        .min(max)
        .max(needed)
}

/// Makes room in `v` for `additional` more items, doubling its capacity as
/// `Vec` does but never past `max` items (unless `additional` itself needs
/// more), with a fallible allocation.
#[inline]
pub(crate) fn grow_within<T>(
    v: &mut Vec<T>,
    additional: usize,
    max: usize,
) -> Result<(), GrowError> {
    if additional <= v.capacity() - v.len() {
        return Ok(());
    }
    grow(v, additional, max)
}

/// [`grow_within`] when there is not room already.
#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, additional: usize, max: usize) -> Result<(), GrowError> {
    let target = grown_capacity(v.capacity(), v.len(), additional, max);
    v.try_reserve_exact(target - v.len())
        .map_err(|_| GrowError::OutOfMemory {
            bytes: target.saturating_mul(size_of::<T>()),
        })
}

/// Lengthens `v` to `len` items of `value` (if it is shorter), growing it
/// within `max` items as [`grow_within`] does.
#[inline]
pub(crate) fn resize_within<T: Clone>(
    v: &mut Vec<T>,
    len: usize,
    max: usize,
    value: T,
) -> Result<(), GrowError> {
    if len > v.len() {
        grow_within(v, len - v.len(), max)?;
        v.resize(len, value);
    }
    Ok(())
}

/// Items a [`HugeVec`] can hold: plain data, any bytes a valid value (the
/// system's fresh pages are zeros).
pub(crate) trait Plain: bytemuck::Pod {}

impl<T: bytemuck::Pod> Plain for T {}

/// A `Vec`-like array that moves to huge pages once it is large (see the
/// module's documentation).
///
/// Its room is always a slice of valid items ([`HugeVec::room_mut`]): the
/// items, then (past [`HugeVec::len`]) zeros or items truncated away. Hot
/// loops borrow the room and the length once and work on a plain slice,
/// which in a map saves a few instructions an access.
pub(crate) struct HugeVec<T> {
    len: usize,
    /// The room past the first `dirty` items is zeros (fresh pages the
    /// system zeroed, or a `Vec`'s zeroed room), so that lengthening the
    /// array with zeros need not write them again: the most items it has
    /// held, as far as it has seen (its length only grows through
    /// [`HugeVec::room_mut`], and is looked at before it shrinks).
    dirty: usize,
    store: Store<T>,
}

enum Store<T> {
    /// A `Vec` whose length is the array's capacity.
    Small(Vec<T>),
    Mapped(Mapped),
}

/// An array in a memory map: room for `cap` items from byte `start` (2 MiB
/// aligned), address space for `reserved`, of which the first `huge` bytes
/// (whole huge pages) are advised to use huge pages.
struct Mapped {
    map: MmapMut,
    start: usize,
    cap: usize,
    reserved: usize,
    huge: usize,
}

impl<T> HugeVec<T> {
    /// An empty array.
    pub(crate) const fn new() -> HugeVec<T> {
        HugeVec {
            len: 0,
            dirty: 0,
            store: Store::Small(Vec::new()),
        }
    }

    /// How many items it holds.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no items.
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many items it has room for.
    #[inline]
    pub(crate) fn capacity(&self) -> usize {
        match &self.store {
            Store::Small(v) => v.len(),
            Store::Mapped(m) => m.cap,
        }
    }

    /// The bytes it holds: its capacity, used or not, and in a map the
    /// rest of the huge page the capacity ends in (the system gives a whole
    /// one at the first touch).
    pub(crate) fn heap_bytes(&self) -> usize {
        let bytes = self.capacity() * size_of::<T>();
        match &self.store {
            Store::Small(v) => v.capacity() * size_of::<T>(),
            Store::Mapped(m) => bytes.min(m.huge).next_multiple_of(HUGE_PAGE).max(bytes),
        }
    }

    /// Whether its items lie in a memory map (rather than a `Vec`).
    #[cfg(test)]
    fn is_mapped(&self) -> bool {
        matches!(self.store, Store::Mapped(_))
    }

    /// Shortens the array to `len` items (if it is longer).
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.dirty = self.dirty.max(self.len);
        self.len = self.len.min(len);
    }

    /// Removes every item, keeping the capacity.
    pub(crate) fn clear(&mut self) {
        self.truncate(0);
    }
}

impl<T: Plain> HugeVec<T> {
    /// The whole room: the items, then as many more as there is room for.
    #[inline(always)]
    pub(crate) fn room(&self) -> &[T] {
        match &self.store {
            Store::Small(v) => v,
            Store::Mapped(m) => m.items(),
        }
    }

    /// The whole room, and the length, to fill the room and then say how
    /// much of it is items: a slice that hot loops index at the cost of a
    /// `Vec`'s. A length past the room is cut back to it.
    #[inline(always)]
    pub(crate) fn room_mut(&mut self) -> (&mut [T], &mut usize) {
        let room = match &mut self.store {
            Store::Small(v) => &mut v[..],
            Store::Mapped(m) => m.items_mut(),
        };
        (room, &mut self.len)
    }

    /// Makes room for `additional` more items, doubling the capacity as
    /// `Vec` does but never past `max` items (unless `additional` itself
    /// needs more). Refused memory leaves the array as it was.
    #[inline]
    pub(crate) fn grow_within(&mut self, additional: usize, max: usize) -> Result<(), GrowError> {
        if additional <= self.capacity() - self.len {
            return Ok(());
        }
        self.grow(additional, max)
    }

    /// [`HugeVec::grow_within`] when there is not room already.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, additional: usize, max: usize) -> Result<(), GrowError> {
        let target = grown_capacity(self.capacity(), self.len, additional, max);
        self.set_capacity(target, max.max(target))
    }

    /// Gives the array room for `target` items (more than it has), in a
    /// map reserving room for `reserve` when it is large enough to be
    /// mapped.
    fn set_capacity(&mut self, target: usize, reserve: usize) -> Result<(), GrowError> {
        let refused = || GrowError::OutOfMemory {
            bytes: target.saturating_mul(size_of::<T>()),
        };
        let len = self.len;
        match &mut self.store {
            Store::Mapped(m) if target <= m.reserved => {
                m.cap = target;
                return Ok(());
            }
            Store::Small(v) if target.saturating_mul(size_of::<T>()) < MAP_FROM => {
                v.try_reserve_exact(target - v.len())
                    .map_err(|_| refused())?;
                v.resize(target, T::zeroed());
                return Ok(());
            }
            _ => {}
        }
        let mut moved = match Mapped::reserve::<T>(reserve) {
            Some(mut mapped) => {
                mapped.cap = target;
                Store::Mapped(mapped)
            }
            // No map: a `Vec` (the system moves a large one as it grows).
            None => {
                let mut v = Vec::new();
                v.try_reserve_exact(target).map_err(|_| refused())?;
                v.resize(target, T::zeroed());
                Store::Small(v)
            }
        };
        if let Store::Mapped(m) = &mut moved {
            m.items_mut::<T>()[..len].copy_from_slice(&self.room()[..len]);
        } else if let Store::Small(v) = &mut moved {
            v[..len].copy_from_slice(&self.room()[..len]);
        }
        self.store = moved;
        // The new room past the items is fresh zeros.
        self.dirty = len;
        Ok(())
    }

    /// Adds an item at the end, growing (infallibly) if there is no room.
    ///
    /// # Panics
    /// If the system refuses the memory.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        if self.len == self.capacity() {
            self.must_grow(1);
        }
        let (room, len) = self.room_mut();
        room[*len] = item;
        *len += 1;
    }

    /// Adds the items at the end, growing (infallibly) if there is no room.
    ///
    /// # Panics
    /// If the system refuses the memory.
    pub(crate) fn extend_from_slice(&mut self, items: &[T]) {
        if items.len() > self.capacity() - self.len {
            self.must_grow(items.len());
        }
        let (room, len) = self.room_mut();
        room[*len..*len + items.len()].copy_from_slice(items);
        *len += items.len();
    }

    /// Makes room for `additional` more items, or panics.
    #[cold]
    #[inline(never)]
    fn must_grow(&mut self, additional: usize) {
        if let Err(e) = self.grow(additional, usize::MAX) {
            panic!("cannot grow an array: {e}");
        }
    }

    /// Lengthens the array to `len` items of `value` (if it is shorter),
    /// growing within `max` items as [`HugeVec::grow_within`] does.
    #[inline]
    pub(crate) fn resize_within(
        &mut self,
        len: usize,
        max: usize,
        value: T,
    ) -> Result<(), GrowError> {
        if len > self.len {
            self.grow_within(len - self.len, max)?;
            self.resize(len, value);
        }
        Ok(())
    }

    /// Lengthens or shortens the array to `len` items, new ones `value`,
    /// growing (infallibly) if there is no room.
    ///
    /// # Panics
    /// If the system refuses the memory.
    pub(crate) fn resize(&mut self, len: usize, value: T) {
        if len > self.capacity() {
            self.must_grow(len - self.len);
        }
        let old = self.len;
        self.dirty = self.dirty.max(old);
        if len > old {
            // Zeros are written only where the room may not hold them.
            let zero = bytemuck::bytes_of(&value).iter().all(|&b| b == 0);
            let end = if zero { len.min(self.dirty) } else { len };
            if end > old {
                self.room_mut().0[old..end].fill(value);
            }
            if !zero {
                self.dirty = self.dirty.max(len);
            }
        }
        self.len = len;
    }
}

impl Mapped {
    /// An empty map with room for `items` items of `T`, 2 MiB aligned and
    /// advised to use huge pages; `None` where the system refuses it or it
    /// would pass [`MAX_RESERVE`].
    fn reserve<T>(items: usize) -> Option<Mapped> {
        let exact = items
            .checked_mul(size_of::<T>())
            .filter(|&b| b <= MAX_RESERVE)?;
        // A whole number of small pages, at least one.
        let bytes = exact.max(1).next_multiple_of(4096);
        // A map of a whole number of huge pages is often aligned already;
        // if not, one a huge page longer holds an aligned range.
        let mut map = MmapMut::map_anon(bytes).ok()?;
        let mut start = misalignment(&map);
        if start != 0 {
            drop(map);
            map = MmapMut::map_anon(bytes + HUGE_PAGE).ok()?;
            start = misalignment(&map);
        }
        // Huge pages only where they lie wholly within the items, so that
        // the array never holds more than room for `items`. Only advice:
        // small pages work too, more slowly.
        let huge = if cfg!(target_os = "linux") {
            exact / HUGE_PAGE * HUGE_PAGE
        } else {
            0
        };
        #[cfg(target_os = "linux")]
        if huge > 0 {
            let _ = map.advise_range(memmap2::Advice::HugePage, start, huge);
        }
        Some(Mapped {
            map,
            start,
            cap: 0,
            reserved: items,
            huge,
        })
    }

    /// The room, as `T`s.
    #[inline(always)]
    fn items<T: Plain>(&self) -> &[T] {
        let end = self.start + self.cap * size_of::<T>();
        // A cheap cast: the checks of its size and alignment are known at
        // compile time but one (and the map is aligned).
        bytemuck::cast_slice(&self.map[self.start..end])
    }

    /// The room, as `T`s.
    #[inline(always)]
    fn items_mut<T: Plain>(&mut self) -> &mut [T] {
        let end = self.start + self.cap * size_of::<T>();
        bytemuck::cast_slice_mut(&mut self.map[self.start..end])
    }
}

/// The bytes from the start of a map to its first 2 MiB boundary.
fn misalignment(map: &MmapMut) -> usize {
    (map.as_ptr() as usize).wrapping_neg() % HUGE_PAGE
}

impl<T> Default for HugeVec<T> {
    fn default() -> HugeVec<T> {
        HugeVec::new()
    }
}

impl<T: Plain> Deref for HugeVec<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.room()[..self.len]
    }
}

impl<T: Plain> DerefMut for HugeVec<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        let (room, len) = self.room_mut();
        &mut room[..*len]
    }
}

impl<T: Plain> Clone for HugeVec<T> {
    /// A copy with the same capacity, mapped as the original is where the
    /// system gives the map.
    fn clone(&self) -> HugeVec<T> {
        let mut copy = HugeVec::new();
        let reserve = match &self.store {
            Store::Small(_) => self.capacity(),
            Store::Mapped(m) => m.reserved,
        };
        if let Err(e) = copy.set_capacity(self.capacity(), reserve) {
            panic!("cannot copy an array: {e}");
        }
        copy.extend_from_slice(self);
        copy
    }
}

impl<T: Plain + fmt::Debug> fmt::Debug for HugeVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
#[path = "huge_tests.rs"]
mod tests;
