//! What the line-mode game prints, as pure functions of the game.

use std::fmt::Write as _;

use crossterm::style::{Color, Stylize};

use crate::game::{Board, Map, Move, Player};

/// The colours of the players, `a` first: the Okabe-Ito palette, chosen
/// to stay apart for colour-blind eyes (orange, sky blue, bluish green,
/// yellow, blue, vermillion, reddish purple), with a light grey for the
/// eighth instead of its black, which a dark terminal would hide. Each is
/// the nearest of the 256 colours most terminals have (xterm's palette),
/// and every cell shows its owner's letter too, so that the game reads
/// without colour (`NO_COLOR`, `--color never`).
pub const PALETTE: [Color; 8] = [
    Color::AnsiValue(214), // orange, #E69F00
    Color::AnsiValue(74),  // sky blue, #56B4E9
    Color::AnsiValue(36),  // bluish green, #009E73
    Color::AnsiValue(227), // yellow, #F0E442
    Color::AnsiValue(25),  // blue, #0072B2
    Color::AnsiValue(166), // vermillion, #D55E00
    Color::AnsiValue(175), // reddish purple, #CC79A7
    Color::AnsiValue(250), // light grey
];

/// The colour of a player knocked out of the game (no cell left): a dark
/// grey, darker than any player's.
pub const OUT_COLOR: Color = Color::AnsiValue(240);

/// The colour that shows a player's cells.
pub fn player_color(player: Player) -> Color {
    PALETTE[player.index() as usize % PALETTE.len()]
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
}
