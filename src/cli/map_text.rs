//! A map of territories as the line-mode game prints it: the grid of
//! hexagon cells, each written as its territory's character (as in a map
//! file), then a table of the territories.

use std::fmt::Write as _;

use super::render::paint;
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
    let mut out = String::new();
    for y in 0..grid.height() {
        let mut line = String::from(if y % 2 == 1 { "   " } else { "  " });
        for x in 0..grid.width() {
            if x > 0 {
                line.push(' ');
            }
            match grid.get(x, y) {
                Some(t) => {
                    let t = usize::from(t);
                    let c = territory_char(t).unwrap_or('?').to_string();
                    line.push_str(&paint(&c, board.cell(t).owner(), color));
                }
                None => line.push('.'),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("territory  owner-dice  neighbours\n");
    for t in 0..map.len() {
        let cell = board.cell(t);
        let neighbours: Vec<String> = map.neighbours(t).iter().map(u8::to_string).collect();
        let _ = writeln!(
            out,
            "{t:>2}  {}      {}         {}",
            territory_char(t).unwrap_or('?'),
            paint(&cell.to_string(), cell.owner(), color),
            neighbours.join(" ")
        );
    }
    out
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
    }
}
