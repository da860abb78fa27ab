//! What the line-mode game prints, as pure functions of the game.

pub mod map_text;
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

/// The number of each cell of a board of hexagons, laid out as
/// [`board`] lays out the cells (`None` for a map of territories, whose
/// table numbers them), so that a move's `13 -> 6` can be found.
pub fn numbers(map: &Map, board: &Board) -> Option<String> {
    if map.grid().is_some() {
        return None;
    }
    let mut out = String::new();
    let mut index = 0;
    let _ = board.on(map).write_with(&mut out, |_, _| {
        let number = format!("{index:>3}");
        index += 1;
        number
    });
    Some(out)
}

/// Each player's territories as `number:dice`, a line a player (wrapped
/// at 80 columns): the short form of a map of territories after the first
/// time it is printed whole.
pub fn holdings(map: &Map, board: &Board, players: u8, color: bool) -> String {
    let mut out = String::new();
    for p in crate::game::Player::all(players) {
        let held: Vec<String> = (0..map.len())
            .filter(|&t| board.cell(t).owner() == p)
            .map(|t| format!("{t}:{}", board.cell(t).dice()))
            .collect();
        let name = paint(&p.to_string(), p, color);
        let list = if held.is_empty() {
            "no territory".to_string()
        } else {
            held.join(" ")
        };
        let line = crate::text::wrap_pieces(
            std::iter::once("").chain(list.split(' ')),
            crate::text::COLUMNS.saturating_sub(3),
            "   ",
        );
        let _ = writeln!(out, "{name}:{line}");
    }
    out
}

/// Each player's cell count: `cells: a 5, b 3`.
pub fn cell_counts(board: &Board, players: u8) -> String {
    let counts = board.cell_counts();
    let each: Vec<String> = crate::game::Player::all(players)
        .map(|p| format!("{p} {}", counts[usize::from(p.index())]))
        .collect();
    format!("cells: {}", each.join(", "))
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
    fn numbers_are_laid_out_as_the_cells() {
        let b: Board = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1".parse().unwrap();
        let map = Map::rhombus(3).unwrap();
        insta::assert_snapshot!(numbers(&map, &b).unwrap(), @r"
                0   1   2
              3   4   5
            6   7   8
        ");
        assert_eq!(cell_counts(&b, 2), "cells: a 4, b 5");
    }

    #[test]
    fn menus_number_from_one() {
        let moves = [Move::Pass, Move::Attack { from: 3, to: 7 }];
        assert_eq!(menu(moves), "choose your move:\n1. end turn\n2. 3 -> 7\n");
    }
}
