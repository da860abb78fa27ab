//! A map of territories as the line-mode game prints it: the grid of
//! hexagon cells, each written as its territory's character (as in a map
//! file), then a table of the territories.

use std::fmt::Write as _;

use super::palette::paint;
use crate::game::{Board, Grid, Map, territory_char};

/// The map and the board on it: the grid, odd rows indented by one (they
/// sit half a hexagon right), each cell its territory's character (`.` for
/// sea) in its owner's colour when `color` is on; then one line per
/// territory: its number, its character, its owner and dice, and the
/// numbers of its neighbours.
///
/// ```text
///   0 0 1 1
///    0 . 1 2
/// territory  owner-dice  neighbours
///  0  0      a-2         1
/// ```
pub fn map_text(map: &Map, grid: &Grid, board: &Board, color: bool) -> String {
    let mut out = grid_lines(grid, board, color, "  ");
    out.push_str("territory  owner-dice  neighbours\n");
    for t in 0..map.len() {
        let cell = board.cell(t);
        let _ = writeln!(
            out,
            "{t:>2}  {}      {}         {}",
            territory_char(t).unwrap_or('?'),
            paint(&cell.to_string(), cell.owner(), color),
            neighbours(map, t)
        );
    }
    out
}

/// The map and board as a map file that reads them back: `header` as
/// comments, the players it is drawn for (`players: 2`) if given, the
/// grid, then each territory's owner and dice, with its number and
/// neighbours in a comment.
pub fn map_file(
    map: &Map,
    grid: &Grid,
    board: &Board,
    header: &str,
    players: Option<u8>,
) -> String {
    let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
    if let Some(players) = players {
        let _ = writeln!(out, "players: {players}");
    }
    out.push_str(&grid_lines(grid, board, false, ""));
    out.push_str("# territory, owner-dice   # number: neighbours\n");
    for t in 0..map.len() {
        let _ = writeln!(
            out,
            "{} {}   # {t}: {}",
            territory_char(t).unwrap_or('?'),
            board.cell(t),
            neighbours(map, t)
        );
    }
    out
}

fn neighbours(map: &Map, t: usize) -> String {
    let list: Vec<String> = map.neighbours(t).iter().map(u8::to_string).collect();
    list.join(" ")
}

/// The grid's rows after `margin` (see [`Grid::write_with`]), each
/// territory's character in its owner's colour when `color` is on.
fn grid_lines(grid: &Grid, board: &Board, color: bool, margin: &str) -> String {
    grid.write_with(margin, |t, c| {
        paint(&c.to_string(), board.cell(t).owner(), color)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MapSetup;

    #[test]
    fn the_grid_then_the_territories() {
        let text = "0 0 1 1\n 0 . 1 2\n2 2 2 2\n0 a-2\n1 b-1\n2 a-3\n";
        let setup = MapSetup::parse(text).unwrap();
        let board = Board::new(setup.cells()).unwrap();
        let map = setup.map();
        insta::assert_snapshot!(map_text(map, map.grid().unwrap(), &board, false), @r"
          0 0 1 1
           0 . 1 2
          2 2 2 2
        territory  owner-dice  neighbours
         0  0      a-2         1 2
         1  1      b-1         0 2
         2  2      a-3         0 1
        ");
        let file = map_file(map, map.grid().unwrap(), &board, "three territories", None);
        assert_eq!(
            file,
            "# three territories\n0 0 1 1\n 0 . 1 2\n2 2 2 2\n\
             # territory, owner-dice   # number: neighbours\n\
             0 a-2   # 0: 1 2\n1 b-1   # 1: 0 2\n2 a-3   # 2: 0 1\n"
        );
        let again = MapSetup::parse(&file).unwrap();
        assert_eq!((again.map(), again.cells()), (map, setup.cells()));
        // With the players it is drawn for, read back too.
        let drawn = map_file(map, map.grid().unwrap(), &board, "three", Some(2));
        assert!(
            drawn.starts_with("# three\nplayers: 2\n0 0 1 1\n"),
            "{drawn}"
        );
        assert_eq!(MapSetup::parse(&drawn).unwrap().players(), Some(2));
    }
}
