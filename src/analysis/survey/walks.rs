//! Several boards solved at once by one worker (a child module of
//! `survey`), their walks interleaved so that the memo's cache misses of
//! one overlap the work of the others.
//!
//! A walk is the depth-first solve of one board's start over the shared
//! memo, as [`Solver`](super::workers) does it by recursion, here on a
//! stack of its own. When a walk comes to a position it must work out, it
//! lists the position's children and asks for their memo slots without
//! waiting for them ([`MemoHandle::prefetch`]), then gives way to the next
//! walk; when its turn comes again, the slots are in the caches. The
//! entries are those of the recursive solver (each a function of its
//! position alone), so the survey's figures do not depend on how the walks
//! interleave.

use std::ops::Range;

use super::MAX_COUNT;
use super::kids::Kids;
use super::largest::SizeCodes;
use super::workers::{Entry, leaf_entry};
use crate::analysis::memo::{MemoHandle, Probe};
use crate::game::{Codec, Player, Rules};

/// How many boards a worker walks at once: since the children are listed
/// on masks ([`super::kids`]), 4 took 2 to 4% less time than 8, and 16
/// more (see docs/PERFORMANCE.md).
pub(super) const WALKS: usize = 4;

/// A position being worked out on a walk's stack.
struct Frame {
    key: u64,
    /// Its memo slot, if this walk claimed it.
    claim: Option<usize>,
    children: Kids,
    /// The children's entries (0 for those not known yet), once looked up.
    known: Vec<Entry>,
    /// Whether `known` has been looked up since the children were listed.
    looked_up: bool,
    /// The next child to take in.
    next: usize,
    /// The tree size so far: 1 and the sizes of the children taken in.
    size: u64,
    /// `a`'s rating so far.
    rating: u64,
    /// Whether `a` moves.
    maximise: bool,
}

/// One board's walk: its number and its stack (the frames past `depth`
/// are buffers kept for later).
struct Walk {
    board: u64,
    frames: Vec<Frame>,
    depth: usize,
}

/// What a walk's turn ended with.
pub(super) enum Turn {
    /// It waits on the memo slots it asked for.
    Waiting,
    /// Its board is solved: the start's entry.
    Done(u64, Entry),
    /// The memo asked the workers to stop.
    Stopped,
}

/// What entering a position gave.
enum Entered {
    /// Its entry, known or worked out at once.
    Entry(Entry),
    /// A frame was pushed: its children's slots are on their way.
    Pushed,
    /// The memo asked the workers to stop.
    Stopped,
}

/// One worker's walks over the shared memo.
pub(super) struct Walker<'s> {
    rules: &'s Rules,
    codec: &'s Codec,
    codes: SizeCodes,
    memo: MemoHandle<'s, 's>,
    walks: Vec<Walk>,
}

impl<'s> Walker<'s> {
    /// No walk yet, with this worker's handle on the memo.
    pub(super) fn new(
        rules: &'s Rules,
        codec: &'s Codec,
        codes: SizeCodes,
        memo: MemoHandle<'s, 's>,
    ) -> Walker<'s> {
        Walker {
            rules,
            codec,
            codes,
            memo,
            walks: Vec::new(),
        }
    }

    /// Asks for the memo slot of a position, without waiting for it.
    pub(super) fn prefetch(&self, key: u64) {
        self.memo.prefetch(key);
    }

    /// Starts walk `walk` (made, with any before it, if it is new) on
    /// board `board`, whose start is `key`: its entry at once if it is
    /// known or has no move.
    pub(super) fn start(&mut self, walk: usize, board: u64, key: u64) -> Turn {
        while self.walks.len() <= walk {
            self.walks.push(Walk {
                board,
                frames: Vec::new(),
                depth: 0,
            });
        }
        self.walks[walk].board = board;
        self.walks[walk].depth = 0;
        match self.enter(walk, key) {
            Entered::Entry(entry) => Turn::Done(board, entry),
            Entered::Pushed => Turn::Waiting,
            Entered::Stopped => Turn::Stopped,
        }
    }

    /// The boards of the walks not done yet (after a stop), as ranges.
    pub(super) fn unfinished(&self, busy: &[bool]) -> Vec<Range<u64>> {
        self.walks
            .iter()
            .zip(busy)
            .filter(|&(_, &busy)| busy)
            .map(|(walk, _)| walk.board..walk.board + 1)
            .collect()
    }

    /// Goes on with walk `walk` until it waits on the memo again, is done,
    /// or is stopped.
    pub(super) fn resume(&mut self, walk: usize) -> Turn {
        loop {
            let (memo, codes) = (&self.memo, self.codes);
            let w = &mut self.walks[walk];
            let frame = &mut w.frames[w.depth - 1];
            if !frame.looked_up {
                frame.known.clear();
                let children = frame.children.keys();
                frame
                    .known
                    .extend(children.iter().map(|&child| memo.peek(child)));
                frame.looked_up = true;
            }
            // The children known, until one must be worked out.
            let count = frame.children.keys().len();
            while frame.next < count {
                let entry = frame.known[frame.next];
                if entry == 0 {
                    break;
                }
                take_in(frame, entry, codes);
                frame.next += 1;
            }
            if frame.next < count {
                let child = frame.children.keys()[frame.next];
                match self.enter(walk, child) {
                    Entered::Entry(entry) => {
                        let w = &mut self.walks[walk];
                        let frame = &mut w.frames[w.depth - 1];
                        take_in(frame, entry, codes);
                        frame.next += 1;
                        continue;
                    }
                    Entered::Pushed => return Turn::Waiting,
                    Entered::Stopped => return Turn::Stopped,
                }
            }
            // Every child taken in: the position is worked out.
            let entry = (codes.encode(frame.size) << 2) | frame.rating;
            memo.finish(frame.claim, frame.key, entry);
            w.depth -= 1;
            if w.depth == 0 {
                return Turn::Done(w.board, entry);
            }
            let parent = &mut w.frames[w.depth - 1];
            take_in(parent, entry, codes);
            parent.next += 1;
        }
    }

    /// Comes to a position on walk `walk`: its entry if the memo knows it
    /// or it has no move, else a frame pushed for it, its children listed
    /// and their slots asked for.
    fn enter(&mut self, walk: usize, key: u64) -> Entered {
        if self.memo.stopping() {
            return Entered::Stopped;
        }
        let claim = match self.memo.claim(key) {
            Probe::Known(entry) => return Entered::Entry(entry),
            Probe::Claimed(slot) => Some(slot),
            Probe::Busy => None,
        };
        let (codec, rules) = (self.codec, self.rules);
        let w = &mut self.walks[walk];
        if w.frames.len() == w.depth {
            w.frames.push(Frame {
                key,
                claim,
                children: Kids::new(codec, rules),
                known: Vec::new(),
                looked_up: false,
                next: 0,
                size: 1,
                rating: 0,
                maximise: false,
            });
        }
        let frame = &mut w.frames[w.depth];
        frame.children.expand(codec, rules, key);
        let children = frame.children.keys();
        if children.is_empty() {
            let entry = leaf_entry(codec, key);
            self.memo.finish(claim, key, entry);
            return Entered::Entry(entry);
        }
        for &child in children {
            self.memo.prefetch(child);
        }
        let maximise = codec.player(&[key]) == Player::A;
        frame.key = key;
        frame.claim = claim;
        frame.looked_up = false;
        frame.next = 0;
        frame.size = 1;
        frame.maximise = maximise;
        frame.rating = if maximise { 0 } else { 2 };
        w.depth += 1;
        Entered::Pushed
    }
}

/// Adds a child's entry to a frame's size and rating.
#[inline]
fn take_in(frame: &mut Frame, entry: Entry, codes: SizeCodes) {
    frame.size = frame
        .size
        .saturating_add(codes.decode(entry >> 2))
        .min(MAX_COUNT);
    let r = entry & 3;
    frame.rating = if frame.maximise {
        frame.rating.max(r)
    } else {
        frame.rating.min(r)
    };
}

#[cfg(test)]
#[path = "walks_tests.rs"]
mod tests;
