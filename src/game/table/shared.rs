//! A [`PositionTable`] of one-word keys shared by threads that insert into
//! it at once (a child module of `table`): the same index and keys, seen as
//! atomic words, within room made beforehand.
//!
//! A new key *claims* its empty slot by a compare-and-swap to [`BUSY`],
//! takes the next id from a shared count, writes its key at that id and
//! then its id into the slot; a thread that meets a busy slot waits the
//! few instructions until the id is there. So ids stay dense (every id
//! below the count has its key), though which key gets which id depends on
//! the threads' timing. The room is shared out in advance
//! ([`SharedWords::take_room`]): the table never passes the room it was
//! given, and a thread that cannot take room for its work leaves the work
//! for after the table has grown.

use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};

use zerocopy::{FromBytes, IntoBytes};

use super::{PositionTable, hash_key};

/// An index slot claimed by a new key whose id is not written yet.
const BUSY: u32 = u32::MAX;

/// A table of one-word keys borrowed by threads inserting at once
/// ([`PositionTable::shared_words`]); [`SharedWords::finish`] gives the
/// table its new length.
pub(crate) struct SharedWords<'a> {
    index: &'a [AtomicU32],
    keys: &'a [AtomicU64],
    shift: u32,
    /// The count of keys: the next id.
    len: AtomicU32,
    /// Keys that may still be added, less those taken in advance.
    room: AtomicI64,
    /// The table's count and its keys' length, written back at the end.
    table_len: &'a mut u32,
    stored: &'a mut usize,
}

impl PositionTable {
    /// The table of one-word keys borrowed for threads that insert at once,
    /// with room for the keys already made (by
    /// [`PositionTable::try_reserve`]): at most `max` keys in all, and the
    /// index at most half full.
    pub(crate) fn shared_words(&mut self, max: usize) -> SharedWords<'_> {
        debug_assert_eq!(self.words, 1);
        let len = self.len;
        let slots = self.index.len();
        let (index, _) = self.index.room_mut();
        let index = <[AtomicU32]>::mut_from_bytes(index[..slots].as_mut_bytes())
            .expect("u32 and AtomicU32 share their layout");
        let (keys, stored) = self.keys.room_mut();
        let most = max
            .min(u32::MAX as usize - 1)
            .min(slots / 2)
            .min(keys.len());
        let keys = <[AtomicU64]>::mut_from_bytes(keys.as_mut_bytes())
            .expect("u64 and AtomicU64 share their layout");
        SharedWords {
            index,
            keys,
            shift: self.shift,
            len: AtomicU32::new(len),
            room: AtomicI64::new(most.saturating_sub(len as usize) as i64),
            table_len: &mut self.len,
            stored,
        }
    }
}

impl SharedWords<'_> {
    /// Takes room for `keys` more keys, if there is: a thread takes it
    /// before work that may add that many keys, and gives back what it did
    /// not use ([`SharedWords::give_room`]).
    pub(crate) fn take_room(&self, keys: usize) -> bool {
        let keys = keys as i64;
        let mut room = self.room.load(Ordering::Relaxed);
        loop {
            if room < keys {
                return false;
            }
            match self.room.compare_exchange_weak(
                room,
                room - keys,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(now) => room = now,
            }
        }
    }

    /// Gives back room taken and not used.
    pub(crate) fn give_room(&self, keys: usize) {
        self.room.fetch_add(keys as i64, Ordering::Relaxed);
    }

    /// The key with this id (one that was inserted before the threads
    /// started, or that this thread was given).
    #[inline]
    pub(crate) fn key(&self, id: u32) -> u64 {
        self.keys[id as usize].load(Ordering::Relaxed)
    }

    /// The id in a slot's word, once it is written.
    #[inline]
    fn id_in(&self, slot: usize, mut word: u32) -> u32 {
        let mut spins = 0u32;
        while word == BUSY {
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
            word = self.index[slot].load(Ordering::Acquire);
        }
        word - 1
    }

    /// The id of a one-word key, adding it if it is new (within room taken
    /// with [`SharedWords::take_room`]); the flag says whether it was new.
    #[inline]
    fn insert_from(&self, word: u64, mut slot: usize) -> (u32, bool) {
        let mask = self.index.len() - 1;
        loop {
            let mut held = self.index[slot].load(Ordering::Acquire);
            if held == 0 {
                match self.index[slot].compare_exchange(
                    0,
                    BUSY,
                    Ordering::Acquire,
                    Ordering::Acquire,
                ) {
                    Ok(_) => {
                        let id = self.len.fetch_add(1, Ordering::Relaxed);
                        self.keys[id as usize].store(word, Ordering::Relaxed);
                        self.index[slot].store(id + 1, Ordering::Release);
                        return (id, true);
                    }
                    Err(now) => held = now,
                }
            }
            let id = self.id_in(slot, held);
            if self.keys[id as usize].load(Ordering::Relaxed) == word {
                return (id, false);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The ids of `words` in turn, each given to `found` with whether it
    /// was new, adding those that are (room for them must have been
    /// taken). The first slot of a few keys at a time, and the key its id
    /// points at, are read before any is compared, so that their misses
    /// overlap.
    #[inline]
    pub(crate) fn insert_all(&self, words: &[u64], mut found: impl FnMut(u32, bool)) {
        const AHEAD: usize = 8;
        let mask = self.index.len() - 1;
        for chunk in words.chunks(AHEAD) {
            let mut slots = [0usize; AHEAD];
            let mut held = [0u32; AHEAD];
            let mut seen = [0u64; AHEAD];
            for ((s, h), &word) in slots.iter_mut().zip(&mut held).zip(chunk) {
                *s = (hash_key(std::slice::from_ref(&word)) >> self.shift) as usize & mask;
                *h = self.index[*s].load(Ordering::Acquire);
            }
            for ((s, &h), &word) in seen.iter_mut().zip(&held).zip(chunk) {
                *s = match h {
                    0 | BUSY => !word,
                    h => self.keys[h as usize - 1].load(Ordering::Relaxed),
                };
            }
            for (((&word, &slot), &h), &s) in chunk.iter().zip(&slots).zip(&held).zip(&seen) {
                // A slot once filled keeps its id.
                if s == word {
                    found(h - 1, false);
                    continue;
                }
                let (id, new) = self.insert_from(word, slot);
                found(id, new);
            }
        }
    }

    /// Gives the table the keys the threads added.
    pub(crate) fn finish(self) {
        let len = self.len.into_inner();
        *self.table_len = len;
        *self.stored = len as usize;
    }
}
