//! The game tree, built lazily and memoised: each distinct position is one
//! node, and a node's children are worked out only when first asked for.
//!
//! The tree grows within [`TreeLimits`] (positions and edges), and every
//! allocation on the way is fallible: [`GameTree::try_children`] reports a
//! tree that would pass its limits, or memory the system refused, as a
//! [`GrowError`] and leaves the tree as it was.

mod parallel;
mod renumber;

use super::expand::word_children;
use super::huge::{GrowError, HugeVec};
use super::{Children, Codec, Move, Player, PlayerSet, Position, PositionTable, RuleSet, Rules};

/// A node of a [`GameTree`]: one distinct position.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, bytemuck::Pod, bytemuck::Zeroable,
)]
#[repr(transparent)]
pub struct NodeId(u32);

impl NodeId {
    /// The node's index, from 0 in the order nodes were created.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move and the node it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The move.
    pub mv: Move,
    /// The node after it.
    pub child: NodeId,
}

/// Where a node's children lie in the edge list.
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
struct Span {
    start: u32,
    len: u32,
}

const UNEXPANDED: Span = Span {
    start: 0,
    len: u32::MAX,
};

/// How large a [`GameTree`] may grow: it refuses to build children that
/// would take it past either limit (at most `u32::MAX` each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeLimits {
    /// The most nodes (distinct positions).
    pub positions: usize,
    /// The most edges (moves from built nodes).
    pub edges: usize,
}

impl TreeLimits {
    /// The largest tree there can be: `u32::MAX` nodes and edges.
    pub const MAX: TreeLimits = TreeLimits {
        positions: u32::MAX as usize,
        edges: u32::MAX as usize,
    };
}

/// The game tree from one position, as a memoised DAG: a position reached by
/// two paths is one node, and nothing is built until it is asked for.
///
/// ```
/// use dice_of_doom::game::{GameTree, Move, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let moves: Vec<Move> = tree.children(root).iter().map(|e| e.mv).collect();
/// assert_eq!(moves, [Move::Attack { from: 2, to: 3 }]);
/// assert_eq!((tree.len(), tree.expanded()), (2, 1));
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    rules: Rules,
    codec: Codec,
    table: PositionTable,
    spans: HugeVec<Span>,
    /// The node each edge leads to; its move is worked out again when asked
    /// for (the move generator lists a position's moves in the same order
    /// every time), which halves the largest of the tree's tables.
    edges: HugeVec<NodeId>,
    /// The edges [`GameTree::try_children`] last listed, moves and all.
    listed: Vec<Edge>,
    limits: TreeLimits,
    expanded: usize,
    key: Vec<u64>,
    parent: Vec<u64>,
    children: Children,
    /// The most children a position can have, when positions take one word
    /// under the classic rules: their children are then written straight
    /// into the tree's arrays (see [`word_children`]).
    word_children: Option<usize>,
    /// The children of a one-word position, before they go into the table.
    batch: Vec<u64>,
}

impl GameTree {
    /// The tree from a position, which must fit the rules (as positions made
    /// by [`Position::start`] and [`Position::play`] do). Only the root is
    /// built.
    pub fn new(rules: Rules, root: Position) -> GameTree {
        let codec = Codec::new(&rules);
        let map = rules.map();
        let word_children = (rules.set() == RuleSet::Classic
            && codec.words() == 1
            && codec.neighbour_masks().is_some())
        .then(|| {
            1 + (0..map.len())
                .map(|c| map.neighbours(c).len())
                .sum::<usize>()
        });
        let mut tree = GameTree {
            word_children,
            batch: Vec::with_capacity(word_children.unwrap_or(0)),
            table: PositionTable::new(codec.words()),
            key: vec![0; codec.words()],
            parent: vec![0; codec.words()],
            children: Children::new(&codec),
            codec,
            rules,
            spans: HugeVec::new(),
            edges: HugeVec::new(),
            listed: Vec::new(),
            limits: TreeLimits::MAX,
            expanded: 0,
        };
        tree.intern(&root);
        tree
    }

    /// The rules the tree is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The node of the starting position.
    pub const fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// How many nodes (distinct positions) have been built.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the tree is empty: never, it has at least its root.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// How many edges (moves from built nodes) have been built.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// How many nodes have had their children worked out.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// The position at a node.
    ///
    /// # Panics
    /// If the node is not of this tree.
    pub fn position(&self, node: NodeId) -> Position {
        self.codec.decode(self.table.key(node.0))
    }

    /// The player to move at a node.
    #[inline]
    pub fn player(&self, node: NodeId) -> Player {
        self.codec.player(self.table.key(node.0))
    }

    /// The winners at a node if the game ended there (the players owning the
    /// most cells), read straight from the packed position.
    pub fn winners(&self, node: NodeId) -> PlayerSet {
        self.codec.winners(self.table.key(node.0))
    }

    /// The tree as it is built so far, borrowed for a walk that builds
    /// nothing: its arrays as plain slices.
    #[inline]
    pub(crate) fn view(&self) -> TreeView<'_> {
        TreeView {
            codec: &self.codec,
            keys: self.table.keys(),
            spans: &self.spans,
            edges: &self.edges,
        }
    }

    /// Makes room for `additional` more nodes and `edges` more edges, as far
    /// as the limits and the system's memory allow (it is only a hint: the
    /// tree grows as it needs to anyway).
    pub fn reserve(&mut self, additional: usize, edges: usize) {
        let max = self.limits.positions;
        let room = additional.min(max.saturating_sub(self.len()));
        // A refusal here is no error: the growth that needs the room will
        // try again, and report it.
        let _ = self.table.try_reserve(room, max);
        let _ = self.spans.grow_within(room, max);
        let _ = self.edges.grow_within(edges, self.limits.edges);
    }

    /// The limits the tree grows within ([`TreeLimits::MAX`] unless set).
    pub fn limits(&self) -> TreeLimits {
        self.limits
    }

    /// Sets the limits the tree grows within (clamped to
    /// [`TreeLimits::MAX`]). A tree already past them keeps what it has
    /// built but grows no further.
    pub fn set_limits(&mut self, limits: TreeLimits) {
        self.limits = TreeLimits {
            positions: limits.positions.min(TreeLimits::MAX.positions),
            edges: limits.edges.min(TreeLimits::MAX.edges),
        };
    }

    /// The bytes the tree's tables hold (their allocations, used or not).
    pub fn heap_bytes(&self) -> usize {
        self.table.heap_bytes() + self.spans.heap_bytes() + self.edges.heap_bytes()
    }

    /// The most bytes the tables of a tree like this one (the same rules)
    /// take on their way to these limits. The tree's fixed parts (the rules,
    /// a few keys' worth of scratch space) are not counted.
    pub fn bytes_for(&self, limits: TreeLimits) -> usize {
        PositionTable::bytes_for(self.codec.words(), limits.positions)
            .saturating_add(limits.positions.saturating_mul(size_of::<Span>()))
            .saturating_add(limits.edges.saturating_mul(size_of::<NodeId>()))
    }

    /// The node of a position, if it has been built.
    pub fn find(&mut self, position: &Position) -> Option<NodeId> {
        self.codec.encode(position, &mut self.key);
        self.table.get(&self.key).map(NodeId)
    }

    fn intern(&mut self, position: &Position) -> NodeId {
        self.codec.encode(position, &mut self.key);
        let (id, new) = self.table.insert(&self.key);
        if new {
            self.spans.push(UNEXPANDED);
        }
        NodeId(id)
    }

    /// The moves at a node and the nodes they lead to, in menu order; the
    /// first call for a node builds its children (but not theirs).
    ///
    /// # Panics
    /// If the children would take the tree past its limits or the system
    /// refuses the memory: whole-tree work should use
    /// [`GameTree::try_children`].
    pub fn children(&mut self, node: NodeId) -> &[Edge] {
        match self.try_children(node) {
            Ok(edges) => edges,
            Err(e) => panic!("cannot build the children of node {}: {e}", node.0),
        }
    }

    /// The moves at a node and the nodes they lead to, in menu order, as
    /// [`GameTree::children`]; building them fails, leaving the tree as it
    /// was, when they would take it past its limits or the system refuses
    /// the memory.
    ///
    /// ```
    /// use dice_of_doom::game::{GameTree, GrowError, Player, Position, Rules, TreeLimits};
    /// let rules = Rules::classic(2, 2, 3).unwrap();
    /// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    /// let mut tree = GameTree::new(rules, start);
    /// tree.set_limits(TreeLimits { positions: 1, edges: 10 });
    /// let root = tree.root();
    /// assert_eq!(tree.try_children(root), Err(GrowError::Positions));
    /// assert_eq!((tree.len(), tree.expanded()), (1, 0));
    /// ```
    pub fn try_children(&mut self, node: NodeId) -> Result<&[Edge], GrowError> {
        self.try_child_ids(node)?;
        let span = self.spans[node.index()];
        self.children
            .expand(&self.codec, &self.rules, self.table.key(node.0));
        let ids = &self.edges[span.start as usize..(span.start + span.len) as usize];
        self.listed.clear();
        self.listed.extend(
            self.children
                .moves()
                .iter()
                .zip(ids)
                .map(|(&mv, &child)| Edge { mv, child }),
        );
        Ok(&self.listed)
    }

    /// The nodes a node's moves lead to, in menu order (the children of
    /// [`GameTree::try_children`] without their moves, which walks over the
    /// whole tree do without); the first call for a node builds them.
    ///
    /// ```
    /// use dice_of_doom::game::{GameTree, Player, Position, Rules};
    /// let rules = Rules::classic(2, 2, 3).unwrap();
    /// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    /// let mut tree = GameTree::new(rules, start);
    /// let root = tree.root();
    /// let child = tree.try_child_ids(root).unwrap()[0];
    /// assert_eq!(tree.built_child_ids(root), Some(&[child][..]));
    /// assert_eq!(tree.children(root)[0].child, child);
    /// ```
    #[inline]
    pub fn try_child_ids(&mut self, node: NodeId) -> Result<&[NodeId], GrowError> {
        if self.spans[node.index()].len == u32::MAX {
            self.expand(node)?;
        }
        let span = self.spans[node.index()];
        Ok(&self.edges[span.start as usize..(span.start + span.len) as usize])
    }

    /// The nodes a node's moves lead to, in menu order, if they have been
    /// built already.
    #[inline]
    pub fn built_child_ids(&self, node: NodeId) -> Option<&[NodeId]> {
        let span = self.spans[node.index()];
        (span.len != u32::MAX)
            .then(|| &self.edges[span.start as usize..(span.start + span.len) as usize])
    }

    /// The children of a node, moves and all, if they have been built
    /// already.
    pub fn built_children(&self, node: NodeId) -> Option<Vec<Edge>> {
        let ids = self.built_child_ids(node)?;
        let mut children = Children::new(&self.codec);
        children.expand(&self.codec, &self.rules, self.table.key(node.0));
        Some(
            children
                .moves()
                .iter()
                .zip(ids)
                .map(|(&mv, &child)| Edge { mv, child })
                .collect(),
        )
    }

    /// Works out a node's children straight on its packed key: each child's
    /// key is the parent's with the few fields a move changes rewritten, by
    /// the same rules code that plays moves on a [`Position`]. Room is made
    /// first, within the limits; a child past them undoes the expansion.
    fn expand(&mut self, node: NodeId) -> Result<(), GrowError> {
        if let (Some(most), &[word]) = (self.word_children, self.table.key(node.0))
            && self.edges.len() + most <= self.limits.edges
        {
            return self.expand_word(node, word, most);
        }
        copy_key(&mut self.parent, self.table.key(node.0));
        self.children.expand(&self.codec, &self.rules, &self.parent);
        let count = self.children.len();
        let (positions, edges) = (self.spans.len(), self.edges.len());
        if edges + count > self.limits.edges {
            return Err(GrowError::Edges);
        }
        let max = self.limits.positions;
        let room = count.min(max.saturating_sub(positions));
        self.table.try_reserve(room, max)?;
        self.spans.grow_within(room, max)?;
        self.edges.grow_within(count, self.limits.edges)?;
        for index in 0..count {
            let Some((id, new)) = self.table.insert_within(self.children.key(index), max) else {
                self.table.truncate(positions);
                self.spans.truncate(positions);
                self.edges.truncate(edges);
                return Err(GrowError::Positions);
            };
            if new {
                self.spans.push(UNEXPANDED);
            }
            self.edges.push(NodeId(id));
        }
        // Both fit in a u32: the limits are at most u32::MAX.
        self.spans[node.index()] = Span {
            start: edges as u32,
            len: count as u32,
        };
        self.expanded += 1;
        Ok(())
    }
}

impl GameTree {
    /// [`GameTree::expand`] for a one-word key under the classic rules, the
    /// children written straight into the tree as the move generator finds
    /// them. Room is made first for `most` children (every position has at
    /// most that many), so that it is known to be within the limit of edges.
    #[inline]
    fn expand_word(&mut self, node: NodeId, word: u64, most: usize) -> Result<(), GrowError> {
        let (positions, edges) = (self.spans.len(), self.edges.len());
        let max = self.limits.positions;
        let room = most.min(max.saturating_sub(positions));
        self.table.try_reserve(room, max)?;
        self.spans.grow_within(room, max)?;
        self.edges.grow_within(most, self.limits.edges)?;
        let masks = self.codec.neighbour_masks().unwrap_or_default();
        // The arrays as plain slices, room made above.
        let mut table = self.table.word_inserter();
        let (spans, built) = self.spans.room_mut();
        let (list, listed) = self.edges.room_mut();
        let batch = &mut self.batch;
        batch.clear();
        word_children(&self.codec, &self.rules, masks, word, |_, child| {
            batch.push(child);
        });
        let full = !table.insert_all(batch, max, |_, id, new| {
            if new {
                spans[*built] = UNEXPANDED;
                *built += 1;
            }
            list[*listed] = NodeId(id);
            *listed += 1;
        });
        if full {
            self.table.truncate(positions);
            self.spans.truncate(positions);
            self.edges.truncate(edges);
            return Err(GrowError::Positions);
        }
        // Both fit in a u32: the limits are at most u32::MAX.
        spans[node.index()] = Span {
            start: edges as u32,
            len: (*listed - edges) as u32,
        };
        self.expanded += 1;
        Ok(())
    }
}

/// A [`GameTree`] borrowed for a walk that builds nothing
/// ([`GameTree::view`]): the nodes' children, players and winners read
/// from plain slices, which in huge pages cost a few instructions less an
/// access than the tree's own arrays.
#[derive(Clone, Copy)]
pub(crate) struct TreeView<'a> {
    codec: &'a Codec,
    keys: &'a [u64],
    spans: &'a [Span],
    edges: &'a [NodeId],
}

impl<'a> TreeView<'a> {
    /// As [`GameTree::built_child_ids`].
    #[inline]
    pub(crate) fn built_child_ids(&self, node: NodeId) -> Option<&'a [NodeId]> {
        let span = self.spans[node.index()];
        (span.len != u32::MAX)
            .then(|| &self.edges[span.start as usize..(span.start + span.len) as usize])
    }

    /// The packed key of a node.
    #[inline]
    fn key(&self, node: NodeId) -> &'a [u64] {
        let words = self.codec.words();
        &self.keys[node.index() * words..(node.index() + 1) * words]
    }

    /// As [`GameTree::player`].
    #[inline]
    pub(crate) fn player(&self, node: NodeId) -> Player {
        self.codec.player(self.key(node))
    }

    /// As [`GameTree::winners`].
    #[inline]
    pub(crate) fn winners(&self, node: NodeId) -> PlayerSet {
        self.codec.winners(self.key(node))
    }
}

/// Copies a key, without a call to `memcpy` for one-word keys.
#[inline]
fn copy_key(to: &mut [u64], from: &[u64]) {
    if let ([t], [f]) = (&mut *to, from) {
        *t = *f;
    } else {
        to.copy_from_slice(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::expand::random_games;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1024))]
        /// Along a random game, every node's children (those written
        /// straight into the tree for one-word positions, and the others)
        /// are the moves `Position::moves` lists, leading to the positions
        /// `Position::play` gives, on rhombus and region maps of every size,
        /// player count and dice limit.
        #[test]
        fn children_are_the_rules_moves(
            game in random_games(),
            picks in proptest::collection::vec(0usize..64, 1..60),
        ) {
            let Some((rules, start)) = game else {
                return Ok(());
            };
            let mut tree = GameTree::new(rules.clone(), start);
            let mut node = tree.root();
            for pick in picks {
                let position = tree.position(node);
                let edges = tree.children(node).to_vec();
                let moves: Vec<Move> = edges.iter().map(|e| e.mv).collect();
                proptest::prop_assert_eq!(&moves, &position.moves(&rules));
                for edge in &edges {
                    proptest::prop_assert_eq!(
                        tree.position(edge.child),
                        position.play(&rules, edge.mv).unwrap()
                    );
                }
                let ids: Vec<NodeId> = edges.iter().map(|e| e.child).collect();
                proptest::prop_assert_eq!(tree.built_child_ids(node), Some(&ids[..]));
                proptest::prop_assert_eq!(tree.built_children(node), Some(edges.clone()));
                let Some(next) = edges.get(pick % edges.len().max(1)) else {
                    break;
                };
                node = next.child;
            }
        }
    }
}
