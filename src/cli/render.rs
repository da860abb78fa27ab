//! What the line-mode game prints, as pure functions of the game.

use std::fmt::Write as _;

use crossterm::style::{Color, Stylize};

use crate::game::{Board, Map, Move, Player, PlayerSet};

/// The colour that shows a player's cells.
pub fn player_color(player: Player) -> Color {
    const COLORS: [Color; 8] = [
        Color::Red,
        Color::Blue,
        Color::Green,
        Color::Magenta,
        Color::DarkYellow,
        Color::Cyan,
        Color::DarkGrey,
        Color::DarkRed,
    ];
    COLORS[player.index() as usize % COLORS.len()]
}

/// `text` in the player's colour when `color` is on.
pub fn paint(text: &str, player: Player, color: bool) -> String {
    if color {
        text.with(player_color(player)).bold().to_string()
    } else {
        text.to_string()
    }
}

/// The board as the game prints it (each drawn row on a line, each cell
/// under its place on the map), cells in their owners' colours when `color`
/// is on.
///
/// A map of territories is printed as its grid and a table of its
/// territories ([`map_text`](super::map_text::map_text)).
pub fn board(map: &Map, board: &Board, color: bool) -> String {
    if let Some(grid) = map.grid() {
        return super::map_text::map_text(map, grid, board, color);
    }
    let mut out = String::new();
    let _ = board
        .on(map)
        .write_with(&mut out, |cell, text| paint(text, cell.owner(), color));
    out
}

/// The numbered menu of moves.
pub fn menu(moves: impl IntoIterator<Item = Move>) -> String {
    let mut out = String::from("choose your move:\n");
    for (i, mv) in moves.into_iter().enumerate() {
        let _ = writeln!(out, "{}. {mv}", i + 1);
    }
    out
}

/// Why the game ended: `b cannot attack: the game is over`, where b is
/// the player to move in the final position.
pub fn game_over(player: Player) -> String {
    format!("{player} cannot attack: the game is over")
}

/// The end of the game: `The winner is b` or `The game is a tie between a and b`.
pub fn result(winners: PlayerSet) -> String {
    if winners.len() == 1 {
        format!("The winner is {winners}")
    } else {
        format!("The game is a tie between {winners}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_board_matches_the_original() {
        let b: Board = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1".parse().unwrap();
        let map = Map::rhombus(3).unwrap();
        insta::assert_snapshot!(board(&map, &b, false), @r"
              b-2 a-1 a-1
            a-2 b-2 a-3
          b-3 b-1 b-1
        ");
    }

    #[test]
    fn menus_number_from_one() {
        let moves = [Move::Pass, Move::Attack { from: 3, to: 7 }];
        assert_eq!(menu(moves), "choose your move:\n1. end turn\n2. 3 -> 7\n");
    }

    #[test]
    fn results_name_winners_and_ties() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        assert_eq!(result(set("b")), "The winner is b");
        assert_eq!(result(set("ab")), "The game is a tie between a and b");
        assert_eq!(result(set("abd")), "The game is a tie between a, b and d");
        assert_eq!(game_over(Player::B), "b cannot attack: the game is over");
    }
}
