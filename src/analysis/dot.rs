//! The game tree as a Graphviz DOT graph.
//!
//! Each node shows the player to move, the board row by row and the dice
//! captured so far this turn; each edge its move (`end turn`, `3 -> 7`).
//! Leaves are filled with their winner's colour, or the tie colour. The
//! expanded tree draws a position once for every path that reaches it; the
//! shared drawing draws the memoised DAG, one node per distinct position.

use std::fmt::Write;

use crate::analysis::{AnalysisError, Limits, group_digits, stats};
use crate::game::{GameTree, NodeId, Player, PlayerSet};

/// The fill colour of a leaf won by each player, `a` first.
pub const WINNER_COLOURS: [&str; 8] = [
    "#f4a3a3", "#a3c4f4", "#a8e0a0", "#f4d28c", "#d1a8f0", "#9fe3e0", "#f0b0d8", "#c8c8a0",
];

/// The fill colour of a leaf where several players tie.
pub const TIE_COLOUR: &str = "#d9d9d9";

/// The default largest tree drawn.
pub const DEFAULT_MAX_NODES: u64 = 2_000;

/// How to draw a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotOptions {
    /// Draw the memoised DAG (one node per distinct position) rather than
    /// the expanded tree.
    pub shared: bool,
    /// Refuse to draw more nodes than this.
    pub max_nodes: u64,
    /// Give up counting the tree when it has more distinct positions than
    /// this.
    pub max_positions: usize,
}

impl Default for DotOptions {
    fn default() -> Self {
        DotOptions {
            shared: false,
            max_nodes: DEFAULT_MAX_NODES,
            max_positions: 20_000_000,
        }
    }
}

/// Why a tree was not drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DotError {
    /// The drawing would have too many nodes.
    #[error(
        "the {what} has {n} nodes, more than the {m} allowed: raise --max-nodes{hint}",
        what = if *.shared { "memoised game tree" } else { "game tree" },
        n = group_digits(*.nodes),
        m = group_digits(*.max),
        hint = if *.shared { "" } else { " or draw the shared tree with --shared" }
    )]
    TooManyNodes {
        /// Nodes the drawing would have.
        nodes: u64,
        /// The most allowed.
        max: u64,
        /// Whether the shared drawing was asked for.
        shared: bool,
    },
    /// The tree could not be counted.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
}

/// The tree below `start` in DOT. The tree is counted first, and nothing is
/// drawn when the drawing would have more than `options.max_nodes` nodes.
///
/// ```
/// use dice_of_doom::analysis::dot::{dot, DotOptions};
/// use dice_of_doom::game::{GameTree, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut tree = GameTree::new(rules, start);
/// let root = tree.root();
/// let text = dot(&mut tree, root, &DotOptions::default()).unwrap();
/// assert!(text.starts_with("digraph"));
/// assert_eq!(text.matches(" -> n").count(), 12);
/// ```
pub fn dot(tree: &mut GameTree, start: NodeId, options: &DotOptions) -> Result<String, DotError> {
    let counted = stats(tree, start, Limits::positions(options.max_positions))?;
    let nodes = if options.shared {
        counted.positions as u64
    } else {
        counted.nodes
    };
    if nodes > options.max_nodes {
        return Err(DotError::TooManyNodes {
            nodes,
            max: options.max_nodes,
            shared: options.shared,
        });
    }
    let mut out = String::new();
    out.push_str("digraph game_tree {\n");
    out.push_str("  node [shape=box, fontname=\"monospace\"];\n");
    out.push_str("  edge [fontname=\"monospace\"];\n");
    if options.shared {
        draw_shared(tree, start, &mut out);
    } else {
        draw_expanded(tree, start, &mut out);
    }
    out.push_str("}\n");
    Ok(out)
}

/// The DAG: node `nI` is the tree's node `I`, drawn once, in the order a
/// depth-first walk in menu order first meets it.
fn draw_shared(tree: &mut GameTree, start: NodeId, out: &mut String) {
    let mut seen = vec![false; tree.len()];
    let mut stack = vec![start];
    let mut edges = String::new();
    while let Some(node) = stack.pop() {
        if seen.get(node.index()).copied().unwrap_or(false) {
            continue;
        }
        if seen.len() <= node.index() {
            seen.resize(tree.len(), false);
        }
        seen[node.index()] = true;
        let children = tree.children(node).to_vec();
        node_line(tree, node, &format!("p{}", node.index()), out);
        for edge in &children {
            let _ = writeln!(
                edges,
                "  p{} -> p{} [label=\"{}\"];",
                node.index(),
                edge.child.index(),
                edge.mv
            );
        }
        for edge in children.iter().rev() {
            stack.push(edge.child);
        }
    }
    out.push_str(&edges);
}

/// The expanded tree: every path gets its own nodes, numbered `n0, n1, ...`
/// in depth-first order, children in menu order.
fn draw_expanded(tree: &mut GameTree, start: NodeId, out: &mut String) {
    let mut next = 0u64;
    let mut edges = String::new();
    // (tree node, drawn id, parent's drawn id and move label)
    let mut stack: Vec<(NodeId, Option<(u64, String)>)> = vec![(start, None)];
    while let Some((node, parent)) = stack.pop() {
        let id = next;
        next += 1;
        node_line(tree, node, &format!("n{id}"), out);
        if let Some((from, mv)) = parent {
            let _ = writeln!(edges, "  n{from} -> n{id} [label=\"{mv}\"];");
        }
        let children = tree.children(node).to_vec();
        for edge in children.iter().rev() {
            stack.push((edge.child, Some((id, edge.mv.to_string()))));
        }
    }
    out.push_str(&edges);
}

fn node_line(tree: &mut GameTree, node: NodeId, name: &str, out: &mut String) {
    let position = tree.position(node);
    let mut label = format!("{} to move\\n", position.player());
    let map = tree.rules().map();
    for row in 0..map.rows() {
        let cells: Vec<String> = map
            .row(row)
            .map(|i| position.board().cell(i).to_string())
            .collect();
        label.push_str(&cells.join(" "));
        label.push_str("\\n");
    }
    let _ = write!(label, "captured {}", position.captured());
    let leaf = tree.children(node).is_empty();
    if leaf {
        let winners = position.winners();
        let _ = write!(label, "\\n{}", outcome(winners));
        let _ = writeln!(
            out,
            "  {name} [label=\"{label}\", style=filled, fillcolor=\"{}\"];",
            colour(winners)
        );
    } else {
        let _ = writeln!(out, "  {name} [label=\"{label}\"];");
    }
}

fn outcome(winners: PlayerSet) -> String {
    if winners.len() == 1 {
        format!("{winners} wins")
    } else {
        format!("tie of {winners}")
    }
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

    fn draw(first: Player, shared: bool) -> Result<String, DotError> {
        let mut tree = example_tree(first);
        let root = tree.root();
        let options = DotOptions {
            shared,
            ..DotOptions::default()
        };
        dot(&mut tree, root, &options)
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
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3".parse().unwrap();
        let start = Position::start(&rules, board, Player::B).unwrap();
        let mut tree = GameTree::new(rules, start);
        let root = tree.root();
        let options = DotOptions {
            max_nodes: 1000,
            ..DotOptions::default()
        };
        let err = dot(&mut tree, root, &options).unwrap_err();
        assert_eq!(
            err,
            DotError::TooManyNodes {
                nodes: 1307,
                max: 1000,
                shared: false
            }
        );
        assert!(
            err.to_string()
                .contains("has 1,307 nodes, more than the 1,000 allowed"),
            "{err}"
        );
        let shared = DotOptions {
            shared: true,
            ..options
        };
        assert!(parse(&dot(&mut tree, root, &shared).unwrap()).nodes.len() < 1000);
    }

    #[test]
    fn ties_have_their_own_colour() {
        let tie: PlayerSet = [Player::A, Player::B].into_iter().collect();
        assert_eq!(colour(tie), TIE_COLOUR);
        assert_ne!(player_colour(Player::A), player_colour(Player::B));
    }
}
