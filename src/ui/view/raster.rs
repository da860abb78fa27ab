//! A map of territories as a raster of characters: every character of the
//! drawing stands for one hexagon cell of the map's grid (or the sea), the
//! rows scaled to the lines the window has (perhaps fewer than one line a
//! row) and the columns to its width, odd rows shifted half a cell right as
//! the grid's are, so that hexagons keep their shape as well as characters
//! allow; and the borders between different territories (`|` beside, `_`
//! below), none inside one. A territory the scaling squeezes out still gets
//! room for its label. Pure: a grid and a size in, characters out.

use crate::game::Grid;

/// The fewest columns a cell may take: below it, labels no longer fit.
const MIN_COLUMNS: f64 = 1.5;
/// The fewest lines a row may take: two rows a line.
const MIN_LINES: f64 = 0.5;
/// The most columns a cell takes for each line its row takes: a hexagon
/// about as wide as high on a terminal's characters (about twice as high
/// as wide) is 2.3; a little wider reads better.
const MAX_STRETCH: f64 = 2.6;
/// The fewest columns for a line a cell takes, however tall the window.
const MIN_STRETCH: f64 = 1.6;
/// The columns a cell may take whatever the stretch (labels need them).
const FREE_COLUMNS: f64 = 2.0;

/// The size of a drawing of a grid: its columns and lines, borders
/// included (a column left of the cells and one after them, a line above
/// them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scale {
    pub(super) width: usize,
    pub(super) height: usize,
}

impl Scale {
    /// The largest drawing of `grid` in `width` x `height` characters that
    /// keeps hexagons in shape, if one is large enough to read.
    pub(super) fn fitting(grid: &Grid, width: usize, height: usize) -> Option<Scale> {
        let (cells, rows) = (grid.width() as f64 + 0.5, grid.height() as f64);
        let lines = height.checked_sub(1)? as f64 / rows;
        let columns = width.checked_sub(2)? as f64 / cells;
        let columns = columns.min((MAX_STRETCH * lines).max(FREE_COLUMNS));
        let lines = lines.min(columns / MIN_STRETCH);
        let scale = Scale {
            width: (columns * cells + 1e-9).floor() as usize + 2,
            height: (lines * rows + 1e-9).floor() as usize + 1,
        };
        let least = Scale::least(grid);
        (scale.width >= least.width && scale.height >= least.height).then_some(scale)
    }

    /// Whether the cells get two columns or more (labels read easily).
    pub(super) fn roomy(self, grid: &Grid) -> bool {
        let cells = grid.width() as f64 + 0.5;
        self.width.saturating_sub(2) as f64 >= FREE_COLUMNS * cells
    }

    /// The smallest drawing of `grid` that can be read.
    pub(super) fn least(grid: &Grid) -> Scale {
        let (cells, rows) = (grid.width() as f64 + 0.5, grid.height() as f64);
        Scale {
            width: (MIN_COLUMNS * cells).ceil() as usize + 2,
            height: (MIN_LINES * rows).ceil() as usize + 1,
        }
    }
}

/// What a character of the map shows besides its territory: nothing, a
/// border on its left (`|`), or one below it (`_`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edge {
    None,
    Left,
    Below,
}

impl Edge {
    /// The character it is drawn as.
    pub(super) fn glyph(self) -> char {
        match self {
            Edge::None => ' ',
            Edge::Left => '|',
            Edge::Below => '_',
        }
    }
}

/// A grid drawn in characters: the territory of each (`None` for the sea)
/// and its border.
#[derive(Clone, Debug)]
pub(super) struct Raster {
    width: usize,
    height: usize,
    land: Vec<Option<u8>>,
    edges: Vec<Edge>,
}

impl Raster {
    /// `grid` drawn at `scale`.
    pub(super) fn new(grid: &Grid, scale: Scale) -> Raster {
        let Scale { width, height } = scale;
        let land: Vec<Option<u8>> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| cell_at(grid, scale, x, y).and_then(|(c, r)| grid.get(c, r)))
            .collect();
        let mut raster = Raster {
            width,
            height,
            land,
            edges: Vec::new(),
        };
        raster.edges = raster.find_edges();
        raster
    }

    /// Gives territory `t`, squeezed out by the scale (or too thin for its
    /// label), a run of `room` characters after a border, on the line and
    /// around the column of the centre of its grid cell `cell`.
    pub(super) fn squeeze_in(
        &mut self,
        grid: &Grid,
        scale: Scale,
        (t, cell): (u8, (usize, usize)),
        room: usize,
    ) {
        let (cx, cy) = centre_of(grid, scale, cell);
        let need = room + 1;
        let start = cx
            .saturating_sub(need / 2)
            .min(self.width.saturating_sub(need + 1))
            .max(1);
        let y = cy.min(self.height.saturating_sub(1));
        for x in start..(start + need).min(self.width.saturating_sub(1)) {
            self.land[y * self.width + x] = Some(t);
        }
        self.edges = self.find_edges();
    }

    /// Every character's border.
    fn find_edges(&self) -> Vec<Edge> {
        self.places().map(|(x, y)| self.edge(x, y)).collect()
    }

    /// The territory at column `x` and line `y`, `None` for the sea and
    /// outside.
    pub(super) fn at(&self, x: usize, y: usize) -> Option<u8> {
        (x < self.width && y < self.height)
            .then(|| self.land[y * self.width + x])
            .flatten()
    }

    /// The border drawn at column `x` and line `y`.
    pub(super) fn edge_at(&self, x: usize, y: usize) -> Edge {
        if x < self.width && y < self.height {
            self.edges[y * self.width + x]
        } else {
            Edge::None
        }
    }

    /// Whether the character at `x`, `y` is territory `t`'s and no border
    /// on its left (a label may go there).
    pub(super) fn open(&self, t: u8, x: usize, y: usize) -> bool {
        self.at(x, y) == Some(t) && self.edge_at(x, y) != Edge::Left
    }

    /// Every character's column and line, line by line.
    pub(super) fn places(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| (x, y)))
    }

    /// The border at `x`, `y`: on the left where the character to the left
    /// is of another territory (or the sea beside land), else below where
    /// the one below is.
    fn edge(&self, x: usize, y: usize) -> Edge {
        let here = self.at(x, y);
        let differs = |other: Option<u8>| other != here && (other.is_some() || here.is_some());
        let left = x.checked_sub(1).and_then(|l| self.at(l, y));
        if differs(left) {
            Edge::Left
        } else if differs(self.at(x, y + 1)) {
            Edge::Below
        } else {
            Edge::None
        }
    }
}

/// The grid cell (column, row) under column `x` and line `y` of a drawing
/// at `scale`, by the centre of the character; `None` for the borders
/// around the cells.
pub(super) fn cell_at(grid: &Grid, scale: Scale, x: usize, y: usize) -> Option<(usize, usize)> {
    let (gw, gh) = (grid.width(), grid.height());
    let inner = scale.width.checked_sub(2)?;
    let lines = scale.height.checked_sub(1)?;
    let (x, y) = (x.checked_sub(1)?, y.checked_sub(1)?);
    if x >= inner || y >= lines {
        return None;
    }
    let row = (2 * y + 1) * gh / (2 * lines);
    // In half cells from the left: (x + 1/2) * (2 gw + 1) / inner.
    let halves = (2 * x + 1) * (2 * gw + 1);
    let shifted = halves.checked_sub((row & 1) * 2 * inner)?;
    let column = shifted / (4 * inner);
    (column < gw && row < gh).then_some((column, row))
}

/// The column and line of the centre of grid cell `(column, row)` in a
/// drawing at `scale`.
pub(super) fn centre_of(
    grid: &Grid,
    scale: Scale,
    (column, row): (usize, usize),
) -> (usize, usize) {
    let (gw, gh) = (grid.width(), grid.height());
    let inner = scale.width.saturating_sub(2);
    let lines = scale.height.saturating_sub(1);
    let halves = 2 * column + 1 + (row & 1);
    (
        1 + halves * inner / (2 * gw + 1),
        1 + (2 * row + 1) * lines / (2 * gh),
    )
}

#[cfg(test)]
#[path = "raster_tests.rs"]
mod tests;
