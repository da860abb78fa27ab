//! The game tree as a Graphviz DOT graph.
//!
//! Each node shows the player to move, the board row by row and the dice
//! captured so far this turn; each edge its move (`end turn`, `3 -> 7`).
//! Leaves are filled with their winner's colour, or the tie colour. The
//! expanded tree draws a position once for every path that reaches it; the
//! shared drawing draws the memoised DAG, one node per distinct position.
//!
//! A drawing is counted first, with a bound: the count stops as soon as the
//! drawing is known to pass [`DotOptions::max_nodes`] (going on only while
//! that is cheap, to give the exact size), so a refusal costs little
//! whatever the tree. The graph is then written straight to the output.

mod walk;
mod write;

use std::io::{self, Write};

use super::{AnalysisError, Limits, default_max_memory, group_digits};
use crate::game::{GameTree, NodeId, Player, PlayerSet};
use crate::text;

pub use walk::count;
pub use write::write_dot;

/// The fill colour of a leaf won by each player, `a` first.
pub const WINNER_COLOURS: [&str; 8] = [
    "#f4a3a3", "#a3c4f4", "#a8e0a0", "#f4d28c", "#d1a8f0", "#9fe3e0", "#f0b0d8", "#c8c8a0",
];

/// The fill colour of a leaf where several players tie.
pub const TIE_COLOUR: &str = "#d9d9d9";

/// The default largest tree drawn.
pub const DEFAULT_MAX_NODES: u64 = 2_000;

/// The distinct positions a count goes on to, once the drawing is known to
/// be too large, to give its exact size in the refusal: past them it stops
/// and says only that the drawing has more nodes than allowed.
pub const EXACT_COUNT_POSITIONS: usize = 1 << 16;

/// How to draw a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotOptions {
    /// Draw the memoised DAG (one node per distinct position) rather than
    /// the expanded tree.
    pub shared: bool,
    /// Refuse to draw more nodes than this.
    pub max_nodes: u64,
    /// The memory and positions the tree may take while it is counted and
    /// drawn.
    pub limits: Limits,
    /// The threads that build the tree for the count, when it is small
    /// enough for the count to walk all of it (see [`count`]); the count
    /// and the drawing are the same whatever the threads.
    pub threads: usize,
}

impl Default for DotOptions {
    /// The expanded tree, at most [`DEFAULT_MAX_NODES`] nodes, within the
    /// [`default_max_memory`], built on one thread.
    fn default() -> Self {
        DotOptions {
            shared: false,
            max_nodes: DEFAULT_MAX_NODES,
            limits: Limits::memory(default_max_memory()),
            threads: 1,
        }
    }
}

/// Why a tree was not drawn.
#[derive(Debug, thiserror::Error)]
pub enum DotError {
    /// The drawing would have too many nodes.
    #[error("{}", too_many_nodes(*.nodes, *.max, *.shared))]
    TooManyNodes {
        /// Nodes the drawing would have, when they were counted to the end.
        nodes: Option<u64>,
        /// The most allowed.
        max: u64,
        /// Whether the shared drawing was asked for.
        shared: bool,
    },
    /// The tree could not be counted within the limits.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    /// Writing the graph failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

fn too_many_nodes(nodes: Option<u64>, max: u64, shared: bool) -> String {
    let what = if shared {
        "memoised game tree"
    } else {
        "game tree"
    };
    let nodes_text = |n: u64| text::count(n, "node", "nodes");
    match nodes {
        Some(n) => format!(
            "the {what} has {}, more than the {} allowed",
            nodes_text(n),
            group_digits(max)
        ),
        None => format!("the {what} has more than the {} allowed", nodes_text(max)),
    }
}

/// The tree below `start` in DOT, written to `out`: [`count`] and then
/// [`write_dot`]. Nothing is written when the drawing would have more than
/// `options.max_nodes` nodes. Gives the number of nodes drawn.
///
/// ```
/// use dice_of_doom::analysis::dot::{dot, DotOptions};
/// use dice_of_doom::game::{GameTree, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let mut out = Vec::new();
/// assert_eq!(dot(&mut tree, root, &DotOptions::default(), &mut out).unwrap(), 13);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("digraph"));
/// assert_eq!(text.matches(" -> n").count(), 12);
/// ```
pub fn dot(
    tree: &mut GameTree,
    start: NodeId,
    options: &DotOptions,
    out: &mut dyn Write,
) -> Result<u64, DotError> {
    let nodes = count(tree, start, options, &mut |_| {})?;
    write_dot(tree, start, options, out, &mut |_| {})?;
    Ok(nodes)
}

/// The fill colour of a leaf with these winners.
pub fn colour(winners: PlayerSet) -> &'static str {
    let mut players = winners.iter();
    match (players.next(), players.next()) {
        (Some(p), None) => WINNER_COLOURS[usize::from(p.index()) % WINNER_COLOURS.len()],
        _ => TIE_COLOUR,
    }
}

/// The fill colour of a leaf won by one player.
pub fn player_colour(player: Player) -> &'static str {
    colour(PlayerSet::single(player))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Position, Rules};
    use std::collections::{BTreeMap, BTreeSet};

    /// A DOT graph read back: node names with their attributes, and edges.
    #[derive(Debug, Default)]
    struct Graph {
        nodes: BTreeMap<String, BTreeMap<String, String>>,
        edges: Vec<(String, String, BTreeMap<String, String>)>,
    }

    /// Reads back the subset of DOT that [`dot`] writes, checking its syntax
    /// strictly: a `digraph NAME {` header, statements ending in `;`,
    /// quoted attribute values, and a closing `}`.
    fn parse(text: &str) -> Graph {
        let mut lines = text.lines();
        let header = lines.next().expect("a header");
        assert!(
            header.starts_with("digraph ") && header.ends_with(" {"),
            "{header}"
        );
        let mut graph = Graph::default();
        let mut closed = false;
        for line in lines {
            assert!(!closed, "text after the closing brace: {line}");
            if line == "}" {
                closed = true;
                continue;
            }
            let line = line.trim();
            let stmt = line.strip_suffix(';').expect("statements end in ;");
            let (head, attrs) = match stmt.find(" [") {
                Some(at) => (&stmt[..at], attributes(&stmt[at + 2..stmt.len() - 1])),
                None => (stmt, BTreeMap::new()),
            };
            assert!(stmt.ends_with(']'), "{stmt}");
            if head == "node" || head == "edge" {
                continue;
            }
            if let Some((from, to)) = head.split_once(" -> ") {
                graph.edges.push((from.to_string(), to.to_string(), attrs));
            } else {
                assert!(head.chars().all(|c| c.is_ascii_alphanumeric()), "{head}");
                let old = graph.nodes.insert(head.to_string(), attrs);
                assert!(old.is_none(), "{head} declared twice");
            }
        }
        assert!(closed, "no closing brace");
        for (from, to, _) in &graph.edges {
            assert!(graph.nodes.contains_key(from) && graph.nodes.contains_key(to));
        }
        graph
    }

    fn attributes(text: &str) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        let mut rest = text;
        while !rest.is_empty() {
            let (key, after) = rest.split_once('=').expect("key=value");
            let (value, after) = if let Some(quoted) = after.strip_prefix('"') {
                let end = quoted.find('"').expect("a closing quote");
                (&quoted[..end], &quoted[end + 1..])
            } else {
                let end = after.find(',').unwrap_or(after.len());
                (&after[..end], &after[end..])
            };
            out.insert(key.trim().to_string(), value.to_string());
            rest = after.trim_start_matches(',').trim_start();
        }
        out
    }

    fn example_tree(first: Player) -> GameTree {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), first).unwrap();
        GameTree::new(rules, start)
    }

    fn text(tree: &mut GameTree, options: &DotOptions) -> Result<String, DotError> {
        let root = tree.root();
        let mut out = Vec::new();
        let nodes = dot(tree, root, options, &mut out)?;
        let text = String::from_utf8(out).expect("UTF-8");
        assert_eq!(parse(&text).nodes.len() as u64, nodes);
        Ok(text)
    }

    fn draw(first: Player, shared: bool) -> Result<String, DotError> {
        let options = DotOptions {
            shared,
            ..DotOptions::default()
        };
        text(&mut example_tree(first), &options)
    }

    /// The refusal to draw a tree, which writes nothing.
    fn refusal(tree: &mut GameTree, options: &DotOptions) -> DotError {
        let root = tree.root();
        let mut out = Vec::new();
        let err = dot(tree, root, options, &mut out).expect_err("a refusal");
        assert!(out.is_empty());
        err
    }

    fn tree_of(rows: &str, first: Player) -> GameTree {
        let board: crate::game::Board = rows.parse().unwrap();
        let map = crate::game::Map::rhombus_of(board.len()).unwrap();
        let rules = Rules::new(map, 2, 3).unwrap();
        let start = Position::start(&rules, board, first).unwrap();
        GameTree::new(rules, start)
    }

    /// Seed 000's tree, as (parent, move, child label) in depth-first order.
    #[test]
    fn the_expanded_example_is_seed_000s_tree() {
        let graph = parse(&draw(Player::A, false).unwrap());
        assert_eq!((graph.nodes.len(), graph.edges.len()), (13, 12));
        let label = |n: &str| graph.nodes[n]["label"].replace("\\n", " / ");
        let got: Vec<String> = graph
            .edges
            .iter()
            .map(|(from, to, attrs)| format!("{from} -{}-> {to}: {}", attrs["label"], label(to)))
            .collect();
        let expected = [
            "n0 -2 -> 3-> n1: a to move / b-2 b-2 / a-1 a-1 / captured 1",
            "n1 -end turn-> n2: b to move / b-2 b-2 / a-1 a-1 / captured 0",
            "n2 -0 -> 2-> n3: b to move / b-1 b-2 / b-1 a-1 / captured 1",
            "n3 -end turn-> n4: a to move / b-1 b-2 / b-1 a-1 / captured 0 / b wins",
            "n3 -1 -> 3-> n5: b to move / b-1 b-1 / b-1 b-1 / captured 2",
            "n5 -end turn-> n6: a to move / b-2 b-1 / b-1 b-1 / captured 0 / b wins",
            "n2 -0 -> 3-> n7: b to move / b-1 b-2 / a-1 b-1 / captured 1",
            "n7 -end turn-> n8: a to move / b-1 b-2 / a-1 b-1 / captured 0 / b wins",
            "n2 -1 -> 3-> n9: b to move / b-2 b-1 / a-1 b-1 / captured 1",
            "n9 -end turn-> n10: a to move / b-2 b-1 / a-1 b-1 / captured 0 / b wins",
            "n9 -0 -> 2-> n11: b to move / b-1 b-1 / b-1 b-1 / captured 2",
            "n11 -end turn-> n12: a to move / b-2 b-1 / b-1 b-1 / captured 0 / b wins",
        ];
        assert_eq!(got, expected);
        assert_eq!(label("n0"), "a to move / b-2 b-2 / a-2 b-1 / captured 0");
        let filled: BTreeSet<&str> = graph
            .nodes
            .iter()
            .filter(|(_, a)| a.get("style").map(String::as_str) == Some("filled"))
            .map(|(n, _)| n.as_str())
            .collect();
        assert_eq!(filled, BTreeSet::from(["n10", "n12", "n4", "n6", "n8"]));
        for n in filled {
            assert_eq!(graph.nodes[n]["fillcolor"], player_colour(Player::B));
        }
    }

    #[test]
    fn the_shared_example_has_one_node_per_position() {
        let graph = parse(&draw(Player::A, true).unwrap());
        // n5 and n11 of the expanded tree are one position, and so are
        // their leaves: 11 nodes, and the two edges out of them are one.
        assert_eq!((graph.nodes.len(), graph.edges.len()), (11, 11));
        let labels: BTreeSet<&String> = graph.nodes.values().map(|a| &a["label"]).collect();
        assert_eq!(labels.len(), 11);
    }

    #[test]
    fn a_lone_leaf_is_one_filled_node() {
        let graph = parse(&draw(Player::B, false).unwrap());
        assert_eq!((graph.nodes.len(), graph.edges.len()), (1, 0));
        assert_eq!(graph.nodes["n0"]["fillcolor"], player_colour(Player::B));
    }

    #[test]
    fn big_trees_are_refused_with_their_size() {
        let mut tree = tree_of("a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3", Player::B);
        let options = DotOptions {
            max_nodes: 1000,
            ..DotOptions::default()
        };
        let err = refusal(&mut tree, &options);
        let size = |e: &DotError| match *e {
            DotError::TooManyNodes { nodes, max, shared } => Some((nodes, max, shared)),
            _ => None,
        };
        assert_eq!(size(&err), Some((Some(1307), 1000, false)));
        assert_eq!(
            err.to_string(),
            "the game tree has 1,307 nodes, more than the 1,000 allowed"
        );
        let shared = DotOptions {
            shared: true,
            ..options
        };
        assert!(parse(&text(&mut tree, &shared).unwrap()).nodes.len() < 1000);
    }

    /// The bounded count gives the figures `stats` gives, when it goes to
    /// the end.
    #[test]
    fn counts_agree_with_stats() {
        let boards = [
            ("a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3", Player::B),
            ("a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1", Player::A),
            ("a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3", Player::A),
            ("b-2 b-2 / a-2 b-1", Player::B),
        ];
        for (rows, first) in boards {
            let mut tree = tree_of(rows, first);
            let root = tree.root();
            let s = crate::analysis::stats(&mut tree, root, Limits::UNLIMITED).unwrap();
            for shared in [false, true] {
                let mut tree = tree_of(rows, first);
                let options = DotOptions {
                    shared,
                    max_nodes: u64::MAX,
                    limits: Limits::UNLIMITED,
                    threads: 1,
                };
                let n = count(&mut tree, root, &options, &mut |_| {}).unwrap();
                let expected = if shared { s.positions as u64 } else { s.nodes };
                assert_eq!(n, expected, "{rows}, shared {shared}");
                let exact = DotOptions {
                    max_nodes: expected - 1,
                    ..options
                };
                match count(&mut tree, root, &exact, &mut |_| {}) {
                    Err(DotError::TooManyNodes { nodes, max, .. }) => {
                        assert_eq!(max, expected - 1);
                        // Going on for the exact size stops early on board E.
                        let cheap = s.positions <= EXACT_COUNT_POSITIONS;
                        assert_eq!(nodes, cheap.then_some(expected), "{rows}");
                    }
                    other => panic!("{rows}: {other:?}"),
                }
            }
        }
    }

    /// A small limit is refused after a few positions, however large the
    /// tree: board E's 1.47 billion nodes, and a 4x4 board's tree that no
    /// memory holds.
    #[test]
    fn large_trees_are_refused_cheaply() {
        let boards = [
            ("a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3", 201_861),
            (
                "b-2 b-1 a-2 a-1 / b-1 b-3 a-2 b-1 / a-3 a-3 a-2 b-2 / b-1 b-1 a-2 a-1",
                usize::MAX,
            ),
        ];
        for (rows, positions) in boards {
            for shared in [false, true] {
                let mut tree = tree_of(rows, Player::A);
                let options = DotOptions {
                    shared,
                    max_nodes: 1,
                    ..DotOptions::default()
                };
                let err = refusal(&mut tree, &options);
                assert!(
                    matches!(
                        err,
                        DotError::TooManyNodes {
                            nodes: None,
                            max: 1,
                            ..
                        }
                    ),
                    "{err:?}"
                );
                assert!(
                    tree.expanded() <= EXACT_COUNT_POSITIONS + 1,
                    "{}",
                    tree.expanded()
                );
                assert!(tree.len() < positions);
            }
        }
        let err = |max| DotError::TooManyNodes {
            nodes: None,
            max,
            shared: true,
        };
        assert_eq!(
            err(2000).to_string(),
            "the memoised game tree has more than the 2,000 nodes allowed"
        );
        assert_eq!(
            err(1).to_string(),
            "the memoised game tree has more than the 1 node allowed"
        );
    }

    /// Past the memory limit, the count is an analysis error.
    #[test]
    fn the_count_stays_within_its_memory() {
        let rows = "b-2 b-1 a-2 a-1 / b-1 b-3 a-2 b-1 / a-3 a-3 a-2 b-2 / b-1 b-1 a-2 a-1";
        let mut tree = tree_of(rows, Player::A);
        let root = tree.root();
        let memory: crate::analysis::ByteSize = "16M".parse().unwrap();
        let options = DotOptions {
            shared: false,
            max_nodes: u64::MAX,
            limits: Limits::memory(memory),
            threads: 1,
        };
        let mut seen = 0;
        let err = count(&mut tree, root, &options, &mut |p| {
            assert!(p.bytes <= memory.bytes());
            seen += 1;
        })
        .unwrap_err();
        assert!(
            matches!(err, DotError::Analysis(AnalysisError::TooLarge { memory: m, .. }) if m == memory),
            "{err:?}"
        );
        assert!(seen > 0);
        assert!(tree.heap_bytes() <= memory.bytes());
    }

    /// The graph goes to the writer as it is made, and a failing writer
    /// stops it.
    #[test]
    fn write_errors_stop_the_drawing() {
        struct Full(usize);
        impl Write for Full {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                if self.0 < buf.len() {
                    return Err(io::Error::new(io::ErrorKind::StorageFull, "full"));
                }
                self.0 -= buf.len();
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut tree = example_tree(Player::A);
        let root = tree.root();
        let err = dot(&mut tree, root, &DotOptions::default(), &mut Full(500)).unwrap_err();
        assert!(matches!(err, DotError::Io(ref e) if e.kind() == io::ErrorKind::StorageFull));
    }

    #[test]
    fn ties_have_their_own_colour() {
        let tie: PlayerSet = [Player::A, Player::B].into_iter().collect();
        assert_eq!(colour(tie), TIE_COLOUR);
        assert_ne!(player_colour(Player::A), player_colour(Player::B));
    }
}
