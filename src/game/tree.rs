//! The game tree, built lazily and memoised: each distinct position is one
//! node, and a node's children are worked out only when first asked for.

use super::{Children, Codec, Move, Player, PlayerSet, Position, PositionTable, Rules};

/// A node of a [`GameTree`]: one distinct position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

const UNEXPANDED: Span = Span {
    start: 0,
    len: u32::MAX,
};

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
    spans: Vec<Span>,
    edges: Vec<Edge>,
    expanded: usize,
    key: Vec<u64>,
    parent: Vec<u64>,
    children: Children,
}

impl GameTree {
    /// The tree from a position, which must fit the rules (as positions made
    /// by [`Position::start`] and [`Position::play`] do). Only the root is
    /// built.
    pub fn new(rules: Rules, root: Position) -> GameTree {
        let codec = Codec::new(&rules);
        let mut tree = GameTree {
            table: PositionTable::new(codec.words()),
            key: vec![0; codec.words()],
            parent: vec![0; codec.words()],
            children: Children::new(&codec),
            codec,
            rules,
            spans: Vec::new(),
            edges: Vec::new(),
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

    /// Makes room for `additional` more nodes and `edges` more edges.
    pub fn reserve(&mut self, additional: usize, edges: usize) {
        self.table.reserve(additional);
        self.spans.reserve(additional);
        self.edges.reserve(edges);
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
    pub fn children(&mut self, node: NodeId) -> &[Edge] {
        if self.spans[node.index()].len == u32::MAX {
            self.expand(node);
        }
        let span = self.spans[node.index()];
        &self.edges[span.start as usize..(span.start + span.len) as usize]
    }

    /// The children of a node if they have been built already.
    pub fn built_children(&self, node: NodeId) -> Option<&[Edge]> {
        let span = self.spans[node.index()];
        (span.len != u32::MAX)
            .then(|| &self.edges[span.start as usize..(span.start + span.len) as usize])
    }

    /// Works out a node's children straight on its packed key: each child's
    /// key is the parent's with the few fields a move changes rewritten, by
    /// the same rules code that plays moves on a [`Position`].
    fn expand(&mut self, node: NodeId) {
        copy_key(&mut self.parent, self.table.key(node.0));
        self.children.expand(&self.codec, &self.rules, &self.parent);
        let start = u32::try_from(self.edges.len()).expect("at most 2^32 edges");
        for (index, &mv) in self.children.moves().iter().enumerate() {
            let (id, new) = self.table.insert(self.children.key(index));
            if new {
                self.spans.push(UNEXPANDED);
            }
            self.edges.push(Edge {
                mv,
                child: NodeId(id),
            });
        }
        self.spans[node.index()] = Span {
            start,
            len: self.children.len() as u32,
        };
        self.expanded += 1;
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
