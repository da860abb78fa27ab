//! The game trees RULES.md and seed 000 print, reproduced exactly.

use crate::common;

use dice_of_doom::analysis::{Limits, stats};
use dice_of_doom::game::{Board, GameTree, Map, NodeId, Player, PlayerSet, Position, Rules, Share};

fn board_file(name: &str) -> Board {
    let path = common::board(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn tree(name: &str, first: Player) -> GameTree {
    let board = board_file(name);
    let rules = Rules::new(Map::rhombus_of(board.len()).unwrap(), 2, 3).unwrap();
    let start = Position::start(&rules, board, first).unwrap();
    GameTree::new(rules, start)
}

/// Writes the expanded tree below a node, one line per node: the move that
/// led there, the player to move, the board, the captured dice.
fn expand(tree: &mut GameTree, node: NodeId, via: &str, indent: usize, out: &mut String) {
    let position = tree.position(node);
    let board = position.board().on(tree.rules().map()).to_line();
    out.push_str(&format!(
        "{:indent$}{via} => {} [{board}] captured {}\n",
        "",
        position.player(),
        position.captured()
    ));
    for edge in tree.children(node).to_vec() {
        expand(tree, edge.child, &edge.mv.to_string(), indent + 2, out);
    }
}

#[test]
fn seed_000_example_tree_node_by_node() {
    // The Lisp tree of seed 000, written out: every node's player, board and
    // captured dice, and its moves in menu order.
    let expected = "\
start => a [b-2 b-2 / a-2 b-1] captured 0
  2 -> 3 => a [b-2 b-2 / a-1 a-1] captured 1
    end turn => b [b-2 b-2 / a-1 a-1] captured 0
      0 -> 2 => b [b-1 b-2 / b-1 a-1] captured 1
        end turn => a [b-1 b-2 / b-1 a-1] captured 0
        1 -> 3 => b [b-1 b-1 / b-1 b-1] captured 2
          end turn => a [b-2 b-1 / b-1 b-1] captured 0
      0 -> 3 => b [b-1 b-2 / a-1 b-1] captured 1
        end turn => a [b-1 b-2 / a-1 b-1] captured 0
      1 -> 3 => b [b-2 b-1 / a-1 b-1] captured 1
        end turn => a [b-2 b-1 / a-1 b-1] captured 0
        0 -> 2 => b [b-1 b-1 / b-1 b-1] captured 2
          end turn => a [b-2 b-1 / b-1 b-1] captured 0
";
    let mut t = tree("test-2x2.txt", Player::A);
    let root = t.root();
    let mut out = String::new();
    expand(&mut t, root, "start", 0, &mut out);
    assert_eq!(out, expected);
    // 13 nodes in the tree, 11 distinct positions: the two ways to take both
    // of a's cells meet.
    assert_eq!(t.len(), 11);
}

#[test]
fn seed_000_example_with_b_first_is_a_lone_leaf() {
    let mut t = tree("test-2x2.txt", Player::B);
    let root = t.root();
    assert!(t.children(root).is_empty());
    assert_eq!(t.position(root).winners(), PlayerSet::single(Player::B));
}

/// Board file, first player, nodes, depth if published, leaves won by a, by b.
type Figure = (&'static str, Player, u64, Option<u32>, u64, u64);

const FIGURES: &[Figure] = &[
    ("test-2x2.txt", Player::A, 13, Some(6), 0, 5),
    ("3x3-a.txt", Player::A, 75, None, 31, 0),
    ("3x3-a.txt", Player::B, 1_307, None, 388, 0),
    ("3x3-b.txt", Player::A, 845_109, None, 340_484, 10_202),
    ("3x3-b.txt", Player::B, 137_339, None, 62_628, 260),
    ("3x3-c.txt", Player::A, 3_890_171, None, 186_513, 1_065_740),
    ("3x3-c.txt", Player::B, 5_065_637, None, 440_445, 1_322_381),
];

#[test]
fn rules_md_figures_table() {
    for &(name, first, nodes, depth, won_a, won_b) in FIGURES {
        let mut t = tree(name, first);
        let root = t.root();
        let s = stats(&mut t, root, Limits::positions(10_000_000)).unwrap();
        let what = format!("{name} with {first} first");
        assert_eq!(s.nodes, nodes, "{what}: nodes");
        if let Some(depth) = depth {
            assert_eq!(s.depth, depth, "{what}: depth");
        }
        let expected = [
            (PlayerSet::single(Player::A), won_a),
            (PlayerSet::single(Player::B), won_b),
        ];
        let expected: Vec<_> = expected.into_iter().filter(|&(_, n)| n > 0).collect();
        assert_eq!(s.leaves, expected, "{what}: leaves");
    }
}

#[test]
fn board_e_has_a_billion_nodes_in_a_small_dag() {
    let mut t = tree("3x3-e.txt", Player::A);
    let root = t.root();
    let s = stats(&mut t, root, Limits::positions(1_000_000)).unwrap();
    assert_eq!(s.nodes, 1_468_919_491);
    assert_eq!(s.depth, 40);
    assert_eq!(s.positions, 201_861);
    let leaves: u64 = s.leaves.iter().map(|&(_, n)| n).sum();
    assert_eq!(
        s.leaves,
        [
            (PlayerSet::single(Player::A), 486_894_802),
            (PlayerSet::single(Player::B), 35_311_505)
        ]
    );
    assert_eq!(leaves, 522_206_307);
    assert_eq!(s.value, Share::WIN);

    let mut t = tree("3x3-e.txt", Player::B);
    let root = t.root();
    let s = stats(&mut t, root, Limits::positions(1_000_000)).unwrap();
    assert_eq!((s.nodes, s.depth, s.positions), (1, 1, 1));
    assert_eq!(s.best_move, None);
}

#[test]
fn walking_one_game_builds_only_its_path() {
    // A 5x5 board's full tree is far too large to build: playing it must only
    // expand the nodes on the path played.
    let board: Board = "\
        a-3 b-1 a-2 b-3 a-1 / b-2 a-3 b-1 a-2 b-2 / a-1 b-3 a-2 b-1 a-3 /
        b-2 a-1 b-3 a-2 b-1 / a-3 b-2 a-1 b-2 a-2"
        .parse()
        .unwrap();
    let rules = Rules::classic(5, 2, 3).unwrap();
    let mut t = GameTree::new(
        rules,
        Position::start(&Rules::classic(5, 2, 3).unwrap(), board, Player::A).unwrap(),
    );
    let mut node = t.root();
    let mut visited = 1;
    loop {
        let edges = t.children(node);
        let Some(last) = edges.last() else { break };
        // Always the last move: the longest attack chains.
        node = last.child;
        visited += 1;
    }
    assert!(visited > 10, "a real game: {visited} nodes");
    assert_eq!(t.expanded(), visited);
    assert!(
        t.len() < 40 * visited,
        "{} nodes built for {visited} on the path",
        t.len()
    );
}
