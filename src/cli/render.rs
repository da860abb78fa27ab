//! What the line-mode game prints, as pure functions of the game.

pub(super) mod map_text;
mod palette;

pub use palette::{OUT_COLOR, paint, player_color};

use std::fmt::Write as _;

use crate::game::{Board, Map, Move};

/// The board as the game prints it (each drawn row on a line, each cell
/// under its place on the map), cells in their owners' colours when `color`
/// is on.
///
/// A map of territories is printed as its grid and a table of its
/// territories ([`map_text`](map_text::map_text)).
pub fn board(map: &Map, board: &Board, color: bool) -> String {
    if let Some(grid) = map.grid() {
        return map_text::map_text(map, grid, board, color);
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
