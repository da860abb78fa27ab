//! The hexagon cell grid under a map of territories: each cell is sea or
//! part of one territory.
//!
//! The grid is a rectangle of hexagons in rows; odd rows sit half a hexagon
//! right of even rows, so a cell touches two cells of the row above, two of
//! the row below and one on each side. [`Grid`] knows nothing of the rules:
//! [`Map::territories`](super::Map::territories) turns it into the cells
//! (territories) and adjacency the rules play on.

/// The most rows or columns a grid has.
pub const MAX_GRID_SIDE: usize = 64;
/// The fewest rows or columns a grid has.
pub const MIN_GRID_SIDE: usize = 2;
/// The most territories a map has: one for each of the characters
/// `0`-`9`, `A`-`Z` and `a`-`z` that name them in a map file.
pub const MAX_TERRITORIES: usize = 62;

/// A grid of hexagon cells, each sea (`None`) or part of a territory
/// (`Some(id)`).
///
/// ```
/// use dice_of_doom::game::Grid;
/// let mut grid = Grid::new(3, 2).unwrap();
/// grid.set(0, 0, Some(0));
/// assert_eq!((grid.width(), grid.height(), grid.get(0, 0), grid.get(1, 0)), (3, 2, Some(0), None));
/// // (1, 1) is in an odd row, half a hexagon to the right: it touches
/// // (1, 0) and (2, 0) above, (0, 1) and (2, 1) beside.
/// let mut n: Vec<_> = grid.neighbours(1, 1).collect();
/// n.sort();
/// assert_eq!(n, [(0, 1), (1, 0), (2, 0), (2, 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u8,
    height: u8,
    cells: Vec<Option<u8>>,
}

impl Grid {
    /// An all-sea grid, `width` cells wide and `height` rows high, if both
    /// are from [`MIN_GRID_SIDE`] to [`MAX_GRID_SIDE`].
    pub fn new(width: usize, height: usize) -> Option<Grid> {
        let sides = MIN_GRID_SIDE..=MAX_GRID_SIDE;
        (sides.contains(&width) && sides.contains(&height)).then(|| Grid {
            width: width as u8,
            height: height as u8,
            cells: vec![None; width * height],
        })
    }

    /// Cells in a row.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The territory of cell `(x, y)`, or `None` for sea or off the grid.
    pub fn get(&self, x: usize, y: usize) -> Option<u8> {
        if x < self.width() && y < self.height() {
            self.cells[y * self.width() + x]
        } else {
            None
        }
    }

    /// Makes cell `(x, y)` sea or part of a territory; off the grid it does
    /// nothing.
    pub fn set(&mut self, x: usize, y: usize, territory: Option<u8>) {
        if x < self.width() && y < self.height() {
            let w = self.width();
            self.cells[y * w + x] = territory;
        }
    }

    /// The cells that touch `(x, y)` on the grid: beside it, then above,
    /// then below.
    pub fn neighbours(&self, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (w, h) = (self.width() as isize, self.height() as isize);
        let (x, y) = (x as isize, y as isize);
        // Odd rows are shifted right: their neighbours above and below are
        // x and x + 1; even rows', x - 1 and x.
        let shift = y & 1;
        let candidates = [
            (x - 1, y),
            (x + 1, y),
            (x - 1 + shift, y - 1),
            (x + shift, y - 1),
            (x - 1 + shift, y + 1),
            (x + shift, y + 1),
        ];
        candidates
            .into_iter()
            .filter(move |&(cx, cy)| (0..w).contains(&cx) && (0..h).contains(&cy))
            .map(|(cx, cy)| (cx as usize, cy as usize))
    }

    /// Every cell, row by row: `(x, y, territory)`.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, Option<u8>)> + '_ {
        let w = self.width();
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &t)| (i % w, i / w, t))
    }

    /// The column of the centre of cell `(x, y)` in half hexagons from the
    /// grid's left edge (see [`Place`](super::Place)).
    pub fn half_column(x: usize, y: usize) -> usize {
        2 * x + (y & 1)
    }

    /// The grid as a map file writes it: a line a row after `margin`, odd
    /// rows one more to the right (they sit half a hexagon right), the cells
    /// a space apart, each territory's cell its character passed through
    /// `show` (to colour it, say) and sea `.`.
    ///
    /// ```
    /// use dice_of_doom::game::Grid;
    /// let mut grid = Grid::new(2, 2).unwrap();
    /// grid.set(0, 0, Some(0));
    /// grid.set(1, 0, Some(1));
    /// grid.set(1, 1, Some(1));
    /// assert_eq!(grid.write_with("", |_, c| c.to_string()), "0 1\n . 1\n");
    /// ```
    pub fn write_with(&self, margin: &str, mut show: impl FnMut(usize, char) -> String) -> String {
        let mut out = String::new();
        for y in 0..self.height() {
            let mut line = format!("{margin}{}", if y % 2 == 1 { " " } else { "" });
            for x in 0..self.width() {
                if x > 0 {
                    line.push(' ');
                }
                match self.get(x, y) {
                    Some(t) => {
                        let t = usize::from(t);
                        line.push_str(&show(t, territory_char(t).unwrap_or('?')));
                    }
                    None => line.push('.'),
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The smallest grid holding every land cell, keeping the rows' offsets
    /// (so it drops an even number of rows above the land).
    pub fn cropped(&self) -> Grid {
        let land: Vec<(usize, usize)> = self
            .cells()
            .filter(|c| c.2.is_some())
            .map(|(x, y, _)| (x, y))
            .collect();
        let (Some(x0), Some(x1), Some(y0), Some(y1)) = (
            land.iter().map(|c| c.0).min(),
            land.iter().map(|c| c.0).max(),
            land.iter().map(|c| c.1).min(),
            land.iter().map(|c| c.1).max(),
        ) else {
            return self.clone();
        };
        let y0 = y0 & !1;
        let width = (x1 - x0 + 1).max(MIN_GRID_SIDE);
        let height = (y1 - y0 + 1).max(MIN_GRID_SIDE);
        let mut out = Grid {
            width: width as u8,
            height: height as u8,
            cells: vec![None; width * height],
        };
        for (x, y) in land {
            out.set(x - x0, y - y0, self.get(x, y));
        }
        out
    }
}

/// The character that names territory `id` in a map file: `0`-`9`, then
/// `A`-`Z`, then `a`-`z`.
///
/// ```
/// use dice_of_doom::game::{territory_char, territory_of_char};
/// assert_eq!((territory_char(3), territory_char(10), territory_char(36)), (Some('3'), Some('A'), Some('a')));
/// assert_eq!((territory_of_char('Z'), territory_of_char('.')), (Some(35), None));
/// ```
pub fn territory_char(id: usize) -> Option<char> {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    ALPHABET.get(id).map(|&b| char::from(b))
}

/// The territory a map file's character names, if it names one.
pub fn territory_of_char(c: char) -> Option<usize> {
    match c {
        '0'..='9' => Some(c as usize - '0' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 10),
        'a'..='z' => Some(c as usize - 'a' as usize + 36),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_symmetric_and_at_most_six() {
        let grid = Grid::new(7, 6).unwrap();
        for (x, y, _) in grid.cells() {
            let n: Vec<_> = grid.neighbours(x, y).collect();
            assert!(n.len() <= 6);
            for (nx, ny) in n {
                assert!(grid.neighbours(nx, ny).any(|c| c == (x, y)));
                // Touching cells are drawn one row and one half column
                // apart, or in the same row a whole hexagon apart.
                let (dr, dc) = (
                    y.abs_diff(ny),
                    Grid::half_column(x, y).abs_diff(Grid::half_column(nx, ny)),
                );
                assert!(matches!((dr, dc), (1, 1) | (0, 2)), "{x},{y} {nx},{ny}");
            }
        }
        // An inner cell has six.
        assert_eq!(grid.neighbours(3, 2).count(), 6);
        assert_eq!(grid.neighbours(3, 3).count(), 6);
    }

    #[test]
    fn characters_name_territories_both_ways() {
        for id in 0..MAX_TERRITORIES {
            let c = territory_char(id).unwrap();
            assert_eq!(territory_of_char(c), Some(id));
        }
        assert_eq!(territory_char(MAX_TERRITORIES), None);
        for c in ['.', '-', ' ', 'é', '#'] {
            assert_eq!(territory_of_char(c), None);
        }
    }

    #[test]
    fn cropping_keeps_the_row_offsets() {
        let mut grid = Grid::new(6, 6).unwrap();
        grid.set(2, 3, Some(0));
        grid.set(3, 3, Some(0));
        grid.set(2, 4, Some(1));
        let cropped = grid.cropped();
        // Rows 2..=4 are kept (an even number, 2, is dropped above).
        assert_eq!((cropped.width(), cropped.height()), (2, 3));
        assert_eq!(cropped.get(0, 1), Some(0));
        assert_eq!(cropped.get(1, 1), Some(0));
        assert_eq!(cropped.get(0, 2), Some(1));
        assert_eq!(Grid::new(1, 5), None);
        assert_eq!(Grid::new(5, MAX_GRID_SIDE + 1), None);
    }
}
