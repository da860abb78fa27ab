//! The boards shipped in `boards/`, for tests that check an answer on each.

use super::{Board, Map, Player, Position, Rules};

/// The text of every shipped board (`boards/`).
pub(crate) const BOARDS: [&str; 5] = [
    include_str!("../../boards/3x3-a.txt"),
    include_str!("../../boards/3x3-b.txt"),
    include_str!("../../boards/3x3-c.txt"),
    include_str!("../../boards/3x3-e.txt"),
    include_str!("../../boards/test-2x2.txt"),
];

/// The rules and start of a shipped board's text, two players and three
/// dice, `first` to move.
pub(crate) fn shipped(text: &str, first: Player) -> (Rules, Position) {
    let board: Board = text.parse().expect("a shipped board");
    let rules = Rules::new(Map::rhombus_of(board.len()).expect("a rhombus"), 2, 3).expect("rules");
    let start = Position::start(&rules, board, first).expect("a start");
    (rules, start)
}

/// Every shipped board with each player first, in the order of [`BOARDS`].
pub(crate) fn shipped_games() -> Vec<(Rules, Position)> {
    BOARDS
        .iter()
        .flat_map(|text| [Player::A, Player::B].map(|first| shipped(text, first)))
        .collect()
}
