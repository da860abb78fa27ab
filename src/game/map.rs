//! The geometry of a game: which cells there are, which touch, and where
//! each is drawn.
//!
//! The rules only ever ask a [`Map`] how many cells there are and which
//! cells neighbour a cell; the board text format and the renderers ask it
//! where each cell is drawn. So a new geometry is a new constructor of
//! `Map`, and nothing else changes: [`Map::rhombus`] is Land of Lisp's board
//! of single hexagons, [`Map::territories`] a Dice Wars map of irregular
//! territories on a [`Grid`] of hexagon cells, whose cells (for the rules)
//! are its territories.

mod file;
mod grow;
mod original;

pub use file::{MapPlayersError, MapSetup};
pub use grow::{
    MAX_RANDOM_TERRITORIES, MAX_TERRITORY_CELLS, MIN_RANDOM_TERRITORIES, MIN_TERRITORY_CELLS,
    MapGenError, MapShape, TERRITORY_CELLS, grown_map, random_map,
};
pub use original::{
    CORE_CELLS, ORIGINAL_HEIGHT, ORIGINAL_MAX_TERRITORIES, ORIGINAL_WIDTH, REMOVED_AT_MOST,
};

use std::fmt;
use std::ops::Range;

use super::{Grid, MAX_TERRITORIES};
use crate::text::count;

/// The smallest side of a rhombus map.
pub const MIN_SIDE: u8 = 2;
/// The largest side of a rhombus map.
pub const MAX_SIDE: u8 = 10;
/// The most cells any map has.
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// Where a cell is drawn: its row from the top, and the column of its centre
/// counted in half hexagons from the left edge of the map (so hexagons of
/// neighbouring rows, which sit half a hexagon apart, have whole columns).
///
/// ```
/// use dice_of_doom::game::{Map, Place};
/// let map = Map::rhombus(3).unwrap();
/// // Each row sits half a hexagon left of the one above it.
/// assert_eq!(map.place(0), Place { row: 0, column: 2 });
/// assert_eq!(map.place(3), Place { row: 1, column: 1 });
/// assert_eq!(map.place(8), Place { row: 2, column: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The row, from 0 at the top.
    pub row: u8,
    /// The column of the centre, in half hexagons from the left edge.
    pub column: u8,
}

/// Why a map cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// A rhombus side outside `MIN_SIDE..=MAX_SIDE`.
    #[error("a board side must be from {MIN_SIDE} to {MAX_SIDE}, not {0}")]
    Side(usize),
    /// A cell count that makes no square rhombus of an allowed side.
    #[error(
        "{} cannot make a square board: a board has 4, 9, 16, ... or {MAX_CELLS} cells (side {MIN_SIDE} to {MAX_SIDE})",
        count(*.0, "cell", "cells")
    )]
    NotSquare(usize),
    /// A map of territories with fewer than two.
    #[error("a map needs at least 2 territories, not {0}")]
    TooFewTerritories(usize),
    /// More territories than a map file can name.
    #[error("a map has at most {MAX_TERRITORIES} territories, not {0}")]
    TooManyTerritories(usize),
    /// A territory number skipped: territories are numbered from 0.
    #[error(
        "there is no territory {}: territories are numbered from 0 without gaps (`0`-`9`, then `A`-`Z`, then `a`-`z`)",
        territory_name(*missing)
    )]
    MissingTerritory {
        /// The first number not used.
        missing: u8,
        /// The first cell of the next territory used after it: (x, y).
        cell: (u8, u8),
    },
    /// A territory whose cells are not one connected group.
    #[error(
        "territory {} is in more than one piece: each territory must be one group of touching cells",
        territory_name(*territory)
    )]
    Split {
        /// The territory.
        territory: u8,
        /// The first cell (in reading order) of a second piece: (x, y).
        cell: (u8, u8),
    },
}

/// A territory as a map file names it: `` `7` ``, or `` `C` (12) `` past 9.
fn territory_name(t: u8) -> String {
    match super::territory_char(usize::from(t)) {
        Some(c) if t < 10 => format!("`{c}`"),
        Some(c) => format!("`{c}` ({t})"),
        None => t.to_string(),
    }
}

/// The shape a map was made as, for its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Land of Lisp's rhombus of hexagons.
    Rhombus(u8),
    /// Realm of Racket's offset rows of hexagons.
    Offset(u8),
    /// Irregular territories on a grid of hexagon cells, and the shape
    /// they were grown to when the map is a random one.
    Territories(Option<MapShape>),
}

/// What kind of map a [`Map`] is, for the renderers, parsers and rule sets
/// that treat them differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapKind {
    /// Land of Lisp's rhombus of hexagons, one cell each.
    Rhombus,
    /// Realm of Racket's offset rows of hexagons, one cell each.
    Offset,
    /// Irregular territories on a grid of hexagon cells ([`Map::grid`]).
    Territories,
}

/// The cells of a game, their adjacency in the order the rules list
/// attacks, and where each cell is drawn.
///
/// Cells are numbered from 0 row by row, left to right, so each drawn row is
/// a run of consecutive cells ([`Map::row`]).
///
/// ```
/// use dice_of_doom::game::Map;
/// let map = Map::rhombus(3).unwrap();
/// assert_eq!((map.len(), map.rows(), map.to_string()), (9, 3, "3x3".to_string()));
/// assert_eq!(map.neighbours(4), &[1, 7, 0, 3, 5, 8]);
/// assert_eq!(map.row(1), 3..6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    shape: Shape,
    /// `neighbours[offsets[i]..offsets[i + 1]]` are the neighbours of cell `i`.
    neighbours: Vec<u8>,
    offsets: Vec<u16>,
    places: Vec<Place>,
    /// `row_starts[r]..row_starts[r + 1]` are the cells of row `r`.
    row_starts: Vec<u8>,
    /// The hexagon cells of a map of territories.
    grid: Option<Grid>,
}

impl Map {
    /// The classic rhombus of hexagons (Land of Lisp): `side` rows of `side`
    /// cells, each row half a hexagon left of the one above. The neighbours
    /// of `p` are, in this order, `p - side` (up), `p + side` (down), then
    /// when `p` is not in the left column `p - side - 1` (up-left) and
    /// `p - 1` (left), then when it is not in the right column `p + 1`
    /// (right) and `p + side + 1` (down-right), keeping those on the board.
    ///
    /// ```
    /// use dice_of_doom::game::Map;
    /// let map = Map::rhombus(3).unwrap();
    /// assert_eq!(map.neighbours(0), &[3, 1, 4]);
    /// assert!(Map::rhombus(11).is_err());
    /// ```
    pub fn rhombus(side: usize) -> Result<Map, MapError> {
        Map::square(side, Shape::Rhombus, |x, y, n| {
            let p = y * n + x;
            let mut candidates = vec![p - n, p + n];
            if x != 0 {
                candidates.extend([p - n - 1, p - 1]);
            }
            if x != n - 1 {
                candidates.extend([p + 1, p + n + 1]);
            }
            candidates.retain(|q| (0..n * n).contains(q));
            let column = 2 * x + n - 1 - y;
            (candidates, column)
        })
    }

    /// Realm of Racket's board: `side` rows of `side` hexagons, the even
    /// rows (0, 2, ...) half a hexagon right of the odd ones, so that the
    /// rows zigzag instead of leaning. The neighbours of `p` are listed in
    /// the book's order: upper right, lower right, upper left, lower left,
    /// right, left, keeping those on the board.
    ///
    /// ```
    /// use dice_of_doom::game::{Map, Place};
    /// let map = Map::offset(3).unwrap();
    /// // Row 0 is even: its upper-right neighbour is in the row above, none here.
    /// assert_eq!(map.neighbours(1), &[5, 4, 2, 0]);
    /// // Row 1 is odd, shifted left: cell 4 touches 1, 7, 0, 6, 5 and 3.
    /// assert_eq!(map.neighbours(4), &[1, 7, 0, 6, 5, 3]);
    /// assert_eq!((map.place(0), map.place(3)), (Place { row: 0, column: 1 }, Place { row: 1, column: 0 }));
    /// assert_eq!(map.to_string(), "3x3 offset");
    /// ```
    pub fn offset(side: usize) -> Result<Map, MapError> {
        Map::square(side, Shape::Offset, |x, y, n| {
            let p = y * n + x;
            let (top, bottom) = (y == 0, y == n - 1);
            let (left, right) = (x == 0, x == n - 1);
            // (left out when, cell), in the book's order.
            let candidates = if y % 2 == 0 {
                [
                    (top || right, p - n + 1),
                    (bottom || right, p + n + 1),
                    (top, p - n),
                    (bottom, p + n),
                    (right, p + 1),
                    (left, p - 1),
                ]
            } else {
                [
                    (top, p - n),
                    (bottom, p + n),
                    (top || left, p - n - 1),
                    (bottom || left, p + n - 1),
                    (right, p + 1),
                    (left, p - 1),
                ]
            };
            let kept = candidates
                .into_iter()
                .filter(|&(out, _)| !out)
                .map(|(_, q)| q)
                .collect();
            (kept, 2 * x + 1 - y % 2)
        })
    }

    /// A board of `side` rows of `side` hexagons, cells in reading order:
    /// `cell(x, y, side)` gives the neighbours of the cell in column `x` of
    /// row `y` (in the rules' order, all on the board) and the column its
    /// centre is drawn at, in half hexagons.
    fn square(
        side: usize,
        shape: fn(u8) -> Shape,
        cell: impl Fn(isize, isize, isize) -> (Vec<isize>, isize),
    ) -> Result<Map, MapError> {
        check_side(side)?;
        let n = side as isize;
        let mut neighbours = Vec::new();
        let mut offsets = vec![0u16];
        let mut places = Vec::with_capacity(side * side);
        for p in 0..n * n {
            let (x, y) = (p % n, p / n);
            let (list, column) = cell(x, y, n);
            neighbours.extend(list.into_iter().map(|q| q as u8));
            offsets.push(neighbours.len() as u16);
            places.push(Place {
                row: y as u8,
                column: column as u8,
            });
        }
        Ok(Map {
            shape: shape(side as u8),
            neighbours,
            offsets,
            places,
            row_starts: (0..=side).map(|y| (y * side) as u8).collect(),
            grid: None,
        })
    }

    /// A map of territories: the grid's territories are the cells the rules
    /// play on, numbered as the grid numbers them (from 0, without gaps),
    /// and two territories touch when any of their hexagon cells do; their
    /// neighbours are listed in increasing order. Each territory must be one
    /// group of touching cells. A territory is drawn at its centre: the cell
    /// with the most neighbours of its own territory, nearest the middle of
    /// the territory.
    ///
    /// In the board text format a map of territories is one row, its cells
    /// in the order of their numbers.
    ///
    /// ```
    /// use dice_of_doom::game::{Grid, Map, MapError, Place};
    /// // 0 0 1
    /// //  0 1 1
    /// let mut grid = Grid::new(3, 2).unwrap();
    /// for (x, y, t) in [(0, 0, 0), (1, 0, 0), (2, 0, 1), (0, 1, 0), (1, 1, 1), (2, 1, 1)] {
    ///     grid.set(x, y, Some(t));
    /// }
    /// let map = Map::territories(grid.clone()).unwrap();
    /// assert_eq!((map.len(), map.neighbours(0), map.to_string().as_str()), (2, &[1][..], "map of 2 territories"));
    /// assert_eq!(map.place(0), Place { row: 0, column: 0 });
    /// grid.set(2, 1, Some(0));
    /// assert_eq!(Map::territories(grid).unwrap_err(), MapError::Split { territory: 0, cell: (2, 1) });
    /// ```
    pub fn territories(grid: Grid) -> Result<Map, MapError> {
        let mut cells: Vec<Vec<(usize, usize)>> = Vec::new();
        for (x, y, territory) in grid.cells() {
            if let Some(t) = territory {
                let t = usize::from(t);
                if t >= cells.len() {
                    cells.resize(t + 1, Vec::new());
                }
                cells[t].push((x, y));
            }
        }
        if cells.len() < 2 {
            return Err(MapError::TooFewTerritories(cells.len()));
        }
        if let Some(missing) = cells.iter().position(Vec::is_empty) {
            let next = cells[missing..].iter().find(|c| !c.is_empty());
            let cell = next.map_or((0, 0), |c| (c[0].0 as u8, c[0].1 as u8));
            return Err(MapError::MissingTerritory {
                missing: missing as u8,
                cell,
            });
        }
        if cells.len() > MAX_TERRITORIES {
            return Err(MapError::TooManyTerritories(cells.len()));
        }
        for (t, own) in cells.iter().enumerate() {
            if let Some(&(x, y)) = second_piece(&grid, t as u8, own) {
                return Err(MapError::Split {
                    territory: t as u8,
                    cell: (x as u8, y as u8),
                });
            }
        }
        let mut adjacent = vec![Vec::new(); cells.len()];
        for (x, y, territory) in grid.cells() {
            let Some(t) = territory else { continue };
            for (nx, ny) in grid.neighbours(x, y) {
                if let Some(n) = grid.get(nx, ny)
                    && n != t
                {
                    adjacent[usize::from(t)].push(n);
                }
            }
        }
        let mut neighbours = Vec::new();
        let mut offsets = vec![0u16];
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
            neighbours.extend_from_slice(list);
            offsets.push(neighbours.len() as u16);
        }
        let places = cells.iter().map(|own| centre(&grid, own)).collect();
        Ok(Map {
            shape: Shape::Territories(None),
            neighbours,
            offsets,
            places,
            row_starts: vec![0, cells.len() as u8],
            grid: Some(grid),
        })
    }

    /// The shape a random map was grown to (see
    /// [`random_map`](super::random_map)), so that another can be grown
    /// like it; `None` for any other map.
    pub fn random_shape(&self) -> Option<MapShape> {
        match self.shape {
            Shape::Territories(shape) => shape,
            Shape::Rhombus(_) | Shape::Offset(_) => None,
        }
    }

    /// The same map, remembered as grown to `shape`.
    pub(super) fn grown_as(mut self, shape: MapShape) -> Map {
        self.shape = Shape::Territories(Some(shape));
        self
    }

    /// What kind of map it is.
    ///
    /// ```
    /// use dice_of_doom::game::{Map, MapKind};
    /// assert_eq!(Map::rhombus(3).unwrap().kind(), MapKind::Rhombus);
    /// assert_eq!(Map::offset(3).unwrap().kind(), MapKind::Offset);
    /// ```
    pub fn kind(&self) -> MapKind {
        match self.shape {
            Shape::Rhombus(_) => MapKind::Rhombus,
            Shape::Offset(_) => MapKind::Offset,
            Shape::Territories(_) => MapKind::Territories,
        }
    }

    /// The hexagon cells under a map of territories; `None` for a map whose
    /// cells are single hexagons (the rhombus).
    pub fn grid(&self) -> Option<&Grid> {
        self.grid.as_ref()
    }

    /// The rhombus with this many cells, if there is one.
    ///
    /// ```
    /// use dice_of_doom::game::{Map, MapError};
    /// assert_eq!(Map::rhombus_of(16).unwrap(), Map::rhombus(4).unwrap());
    /// assert_eq!(Map::rhombus_of(6), Err(MapError::NotSquare(6)));
    /// ```
    pub fn rhombus_of(cells: usize) -> Result<Map, MapError> {
        let side = (usize::from(MIN_SIDE)..=usize::from(MAX_SIDE)).find(|s| s * s == cells);
        side.map_or(Err(MapError::NotSquare(cells)), Map::rhombus)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Always false: a map has at least four cells.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// The neighbours of a cell, in the order the rules list attacks.
    ///
    /// # Panics
    /// If the cell is not below [`Map::len`].
    #[inline]
    pub fn neighbours(&self, cell: usize) -> &[u8] {
        let start = usize::from(self.offsets[cell]);
        let end = usize::from(self.offsets[cell + 1]);
        &self.neighbours[start..end]
    }

    /// Where a cell is drawn.
    ///
    /// # Panics
    /// If the cell is not below [`Map::len`].
    pub fn place(&self, cell: usize) -> Place {
        self.places[cell]
    }

    /// The number of drawn rows.
    pub fn rows(&self) -> usize {
        self.row_starts.len() - 1
    }

    /// The cells of a drawn row, left to right.
    ///
    /// # Panics
    /// If the row is not below [`Map::rows`].
    pub fn row(&self, row: usize) -> Range<usize> {
        usize::from(self.row_starts[row])..usize::from(self.row_starts[row + 1])
    }

    /// The number of half-hexagon columns the map spans: one more than the
    /// largest [`Place::column`].
    pub fn columns(&self) -> usize {
        self.places
            .iter()
            .map(|p| usize::from(p.column) + 1)
            .max()
            .unwrap_or(0)
    }
}

/// The map's name as the game shows it: `3x3` for a rhombus of side 3.
impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shape {
            Shape::Rhombus(side) => write!(f, "{side}x{side}"),
            Shape::Offset(side) => write!(f, "{side}x{side} offset"),
            Shape::Territories(_) => write!(f, "map of {} territories", self.len()),
        }
    }
}

/// Refuses a board side outside `MIN_SIDE..=MAX_SIDE`.
fn check_side(side: usize) -> Result<(), MapError> {
    if (usize::from(MIN_SIDE)..=usize::from(MAX_SIDE)).contains(&side) {
        Ok(())
    } else {
        Err(MapError::Side(side))
    }
}

/// The first cell, in reading order, of territory `t` that cannot be
/// reached from its first cell through cells of its own.
fn second_piece<'a>(grid: &Grid, t: u8, own: &'a [(usize, usize)]) -> Option<&'a (usize, usize)> {
    let mut seen = vec![false; own.len()];
    let index = |c: (usize, usize)| own.binary_search_by_key(&(c.1, c.0), |&(x, y)| (y, x));
    let mut stack = vec![own[0]];
    seen[0] = true;
    while let Some((x, y)) = stack.pop() {
        for n in grid.neighbours(x, y) {
            if grid.get(n.0, n.1) == Some(t)
                && let Ok(i) = index(n)
                && !seen[i]
            {
                seen[i] = true;
                stack.push(n);
            }
        }
    }
    seen.iter().position(|&s| !s).map(|i| &own[i])
}

/// Where a territory is drawn: its cell with the most neighbours in the
/// territory, then nearest its middle (counting a row as two half
/// hexagons), then first in reading order.
fn centre(grid: &Grid, own: &[(usize, usize)]) -> Place {
    let n = own.len() as i64;
    let at = |&(x, y): &(usize, usize)| (Grid::half_column(x, y) as i64, 2 * y as i64);
    let (sum_c, sum_r) = own
        .iter()
        .map(at)
        .fold((0, 0), |(a, b), (c, r)| (a + c, b + r));
    let best = own.iter().min_by_key(|&&(x, y)| {
        let (c, r) = at(&(x, y));
        let inside = grid
            .neighbours(x, y)
            .filter(|&(nx, ny)| grid.get(nx, ny) == grid.get(x, y))
            .count();
        let distance = (c * n - sum_c).pow(2) + (r * n - sum_r).pow(2);
        (std::cmp::Reverse(inside), distance)
    });
    let (x, y) = best.copied().unwrap_or((0, 0));
    Place {
        row: y as u8,
        column: Grid::half_column(x, y) as u8,
    }
}

#[cfg(test)]
#[path = "map_tests.rs"]
mod tests;
