//! A whole tree's nodes given the ids one thread would have given them (a
//! child module of `tree`), after the tree was built on threads.
//!
//! One thread builds the tree as a walk asks for it: the solver's walk,
//! `dot`'s count and its drawing all go depth first in menu order, and a
//! node's children take the next free ids, in menu order, when the walk
//! first enters the node. The same walk over a tree built on threads
//! (whose ids depend on the threads' timing) gives every node that id
//! again; the keys and spans are then moved to their new places and the
//! edges and the table's index rewritten, all in place. The tree is then
//! the one-thread tree, id for id: a walk over it meets the nodes in
//! the order of their ids, as it would have, and whatever is printed with
//! an id (the nodes of `dot --shared`) is the same.

use super::{GameTree, NodeId, Span};
use crate::game::huge::{GrowError, grow_within, resize_within};

/// A node no id has been given yet.
const UNSET: u32 = u32::MAX;

/// One bit a node.
struct Bits(Vec<u64>);

impl Bits {
    /// `len` bits, all clear.
    fn new(len: usize) -> Result<Bits, GrowError> {
        let mut words = Vec::new();
        resize_within(&mut words, len.div_ceil(64), usize::MAX, 0)?;
        Ok(Bits(words))
    }

    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }
}

impl GameTree {
    /// Gives every node of a whole tree (every node expanded, all reached
    /// from the root) the id a walk of one thread from the root would have
    /// given it. Memory the system refuses leaves the tree as it was.
    pub(super) fn renumber_depth_first(&mut self) -> Result<(), GrowError> {
        let len = self.len();
        let new_of = self.depth_first_ids()?;
        debug_assert!(new_of.iter().all(|&id| (id as usize) < len));
        let mut done = Bits::new(len)?;
        // Nothing below fails: the tree is never left half renumbered.
        for child in self.edges.iter_mut() {
            *child = NodeId(new_of[child.index()]);
        }
        self.table.renumber_index(&new_of);
        permute(self.table.keys_mut(), &mut self.spans, &new_of, &mut done);
        Ok(())
    }

    /// The id a walk of one thread gives each node (`new_of[old]`).
    fn depth_first_ids(&self) -> Result<Vec<u32>, GrowError> {
        let len = self.len();
        let mut new_of: Vec<u32> = Vec::new();
        resize_within(&mut new_of, len, usize::MAX, UNSET)?;
        let mut entered = Bits::new(len)?;
        let mut stack: Vec<NodeId> = Vec::new();
        let (spans, edges): (&[Span], &[NodeId]) = (&self.spans, &self.edges);
        let root = self.root();
        new_of[root.index()] = 0;
        let mut next = 1u32;
        stack.push(root);
        while let Some(node) = stack.pop() {
            if entered.get(node.index()) {
                continue;
            }
            entered.set(node.index());
            let span = spans[node.index()];
            let children = if span.len == u32::MAX {
                &[][..]
            } else {
                &edges[span.start as usize..(span.start + span.len) as usize]
            };
            for &child in children {
                let id = &mut new_of[child.index()];
                if *id == UNSET {
                    *id = next;
                    next += 1;
                }
            }
            grow_within(&mut stack, children.len(), usize::MAX)?;
            stack.extend(
                children
                    .iter()
                    .rev()
                    .filter(|child| !entered.get(child.index())),
            );
        }
        if next as usize != len {
            // A node no walk reaches: not a tree built from its root alone.
            return Err(GrowError::Positions);
        }
        Ok(new_of)
    }
}

/// Moves the items of `keys` (one word each) and `spans` at each index `i`
/// to `new_of[i]`, in place, following each cycle of the permutation once;
/// `done` is clear, a bit an index.
fn permute(keys: &mut [u64], spans: &mut [Span], new_of: &[u32], done: &mut Bits) {
    done.clear();
    for start in 0..new_of.len() {
        if done.get(start) {
            continue;
        }
        let (mut key, mut span) = (keys[start], spans[start]);
        let mut to = new_of[start] as usize;
        while to != start {
            std::mem::swap(&mut key, &mut keys[to]);
            std::mem::swap(&mut span, &mut spans[to]);
            done.set(to);
            to = new_of[to] as usize;
        }
        keys[start] = key;
        spans[start] = span;
        done.set(start);
    }
}
