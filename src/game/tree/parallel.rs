//! The whole game tree built on several threads at once (a child module of
//! `tree`), for one-word positions under the classic rules.
//!
//! The tree is built level by level from the root: the positions made in
//! one level (a range of ids: ids are handed out in turn) are expanded in
//! the next, in chunks that the threads take in turn, every thread
//! inserting the children into one
//! [`SharedWords`] table. Each thread keeps
//! the edges it made; between levels they are put into the tree's list of
//! edges and the spans of the expanded positions set. Which position gets
//! which id depends on the threads' timing, so the whole tree is then
//! renumbered (`renumber`): every position gets the id one thread's walk
//! would have given it, and the tree is the one-thread tree, id for id.
//!
//! The table does not grow while the threads insert: each chunk takes room
//! in it for the most children its positions can have, and a chunk that
//! finds no room is left for a second round, after the table has grown.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{GameTree, NodeId, Span, UNEXPANDED};
use crate::game::expand::word_children;
use crate::game::huge::{GrowError, grow_within};
use crate::game::table::SharedWords;

/// The positions a thread takes from a level at a time.
const CHUNK: usize = 64;

/// One thread's work in a level.
#[derive(Default)]
struct Part {
    /// The children of the positions it expanded, one after another.
    edges: Vec<NodeId>,
    /// Each position it expanded, its first edge in `edges`, its children.
    spans: Vec<(u32, u32, u32)>,
    /// The chunks it found no room for.
    deferred: Vec<usize>,
    /// The children of one position, before they go into the table.
    batch: Vec<u64>,
    /// Memory the system refused.
    failed: Option<GrowError>,
}

impl GameTree {
    /// Builds the whole tree on `threads` threads (the caller's and
    /// `threads - 1` more), within the tree's limits, calling `progress`
    /// with the positions built and the bytes the tree holds after each
    /// level. `true` when it is built, its nodes numbered as one thread's
    /// walk from the root numbers them;
    /// `false` when it was not tried (one thread; positions of more than
    /// one word, or rules other than the classic ones; a tree grown past
    /// its root) or the tree would pass its limits, or the system refused
    /// memory: the tree is then its root alone, and a walk that builds it
    /// as it goes meets the refusal where one thread would.
    pub fn build_on_threads(
        &mut self,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> bool {
        self.build_with(threads, true, progress)
    }

    /// [`GameTree::build_on_threads`], without the numbering of one
    /// thread: which position gets which id depends on the threads'
    /// timing (the positions and their moves do not). For work that
    /// prints no id, and walks the whole tree anyway: the numbering is a
    /// walk over the whole tree on one thread.
    pub fn build_on_threads_unnumbered(
        &mut self,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> bool {
        self.build_with(threads, false, progress)
    }

    /// The build, numbered or not.
    fn build_with(
        &mut self,
        threads: usize,
        numbered: bool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> bool {
        let Some(most) = self.word_children else {
            return false;
        };
        if threads < 2 || self.len() != 1 || self.expanded != 0 {
            return false;
        }
        let built = self.build_levels(threads, most, progress);
        match built.and_then(|()| {
            if numbered {
                self.renumber_depth_first()
            } else {
                Ok(())
            }
        }) {
            Ok(()) => true,
            Err(_) => {
                let limits = self.limits;
                *self = GameTree::new(self.rules.clone(), self.position(self.root()));
                self.limits = limits;
                false
            }
        }
    }

    /// [`GameTree::build_on_threads`], level by level.
    fn build_levels(
        &mut self,
        threads: usize,
        most: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<(), GrowError> {
        let max = self.limits.positions;
        let mut parts: Vec<Part> = (0..threads).map(|_| Part::default()).collect();
        let mut frontier = 0..self.len();
        while !frontier.is_empty() {
            let chunks: Vec<Range<usize>> = frontier
                .clone()
                .step_by(CHUNK)
                .map(|start| start..(start + CHUNK).min(frontier.end))
                .collect();
            let mut pending: Vec<usize> = (0..chunks.len()).collect();
            // About one new position a position (more rounds if not), and
            // room for the next level too, so that the index is seldom
            // filled again from its keys.
            let mut want = frontier.len().saturating_mul(4);
            for part in &mut parts {
                part.edges.clear();
                part.spans.clear();
            }
            loop {
                // Room for one chunk at least, so that a round without
                // room is at the limit.
                let first = pending.first().map_or(0, |&c| chunks[c].len() * most);
                self.table.try_reserve(want.max(first), max)?;
                let done = self.round(&chunks, &pending, most, &mut parts);
                if let Some(e) = parts.iter_mut().find_map(|p| p.failed.take()) {
                    return Err(e);
                }
                let mut deferred: Vec<usize> = parts
                    .iter_mut()
                    .flat_map(|p| p.deferred.drain(..))
                    .collect();
                if deferred.is_empty() {
                    break;
                }
                if !done {
                    // No room even after growing: the limit.
                    return Err(GrowError::Positions);
                }
                deferred.sort_unstable();
                want = deferred
                    .iter()
                    .map(|&c| chunks[c].len() * most)
                    .sum::<usize>();
                pending = deferred;
            }
            let len = self.table.keys().len();
            self.merge(&parts, len)?;
            frontier = frontier.end..len;
            progress(len, self.heap_bytes());
        }
        Ok(())
    }

    /// Expands the positions of the `pending` chunks on the threads;
    /// whether any chunk found room.
    fn round(
        &mut self,
        chunks: &[Range<usize>],
        pending: &[usize],
        most: usize,
        parts: &mut [Part],
    ) -> bool {
        let shared: SharedWords<'_> = self.table.shared_words(self.limits.positions);
        let (codec, rules) = (&self.codec, &self.rules);
        let masks = codec.neighbour_masks().unwrap_or_default();
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let work = |part: &mut Part| {
            let Part {
                edges,
                spans,
                deferred,
                batch,
                failed,
            } = part;
            while let Some(&c) = pending.get(next.fetch_add(1, Ordering::Relaxed)) {
                let nodes = chunks[c].clone();
                let room = nodes.len() * most;
                if !shared.take_room(room) {
                    deferred.push(c);
                    continue;
                }
                let grown = grow_within(edges, room, usize::MAX)
                    .and_then(|()| grow_within(spans, nodes.len(), usize::MAX));
                if let Err(e) = grown {
                    shared.give_room(room);
                    *failed = Some(e);
                    return;
                }
                let mut added = 0;
                for node in nodes {
                    // Every id fits in a u32: the limits are at most u32::MAX.
                    let word = shared.key(node as u32);
                    batch.clear();
                    word_children(codec, rules, masks, word, |_, child| batch.push(child));
                    let start = edges.len() as u32;
                    shared.insert_all(batch, |id, new| {
                        added += usize::from(new);
                        edges.push(NodeId(id));
                    });
                    spans.push((node as u32, start, batch.len() as u32));
                }
                shared.give_room(room - added);
                done.fetch_add(1, Ordering::Relaxed);
            }
        };
        // No more threads than chunks: a level of one chunk (the first
        // levels, the last) is the caller's alone.
        let helpers = pending.len().saturating_sub(1);
        std::thread::scope(|scope| {
            if let Some((first, rest)) = parts.split_first_mut() {
                for part in rest.iter_mut().take(helpers) {
                    scope.spawn(|| work(part));
                }
                work(first);
            }
        });
        shared.finish();
        done.into_inner() > 0
    }

    /// Puts the threads' edges into the tree and sets the spans of the
    /// positions they expanded; `len` is the table's new count of
    /// positions, each with a span.
    fn merge(&mut self, parts: &[Part], len: usize) -> Result<(), GrowError> {
        self.spans
            .resize_within(len, self.limits.positions, UNEXPANDED)?;
        for part in parts {
            let base = self.edges.len();
            if base + part.edges.len() > self.limits.edges {
                return Err(GrowError::Edges);
            }
            self.edges
                .grow_within(part.edges.len(), self.limits.edges)?;
            self.edges.extend_from_slice(&part.edges);
            let (spans, _) = self.spans.room_mut();
            for &(node, start, count) in &part.spans {
                // Within the limit of edges, at most u32::MAX.
                spans[node as usize] = Span {
                    start: base as u32 + start,
                    len: count,
                };
            }
            self.expanded += part.spans.len();
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
