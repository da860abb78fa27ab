//! Where a picture draws everything: the area of each cell (one hexagon of
//! a board, or the grid's hexagons of a territory), the borders between
//! territories, where each cell's dice, letter and number go, and a point
//! of each cell that shows its owner's colour.
//!
//! Hexagons stand on a corner ("pointy top"); a [`Place`]'s column counts
//! half hexagons, so a cell's centre is `column + 1` half widths from the
//! left edge and its row one and a half radii below the row above.

use svg::node::element::path::Data;

use super::{DiceStyle, round};
use crate::game::{Grid, Map, Place};

/// The radius (centre to corner) of a board's hexagons.
const BOARD_RADIUS: f64 = 32.0;
/// The radius of the grid's hexagons under a map of territories.
const GRID_RADIUS: f64 = 17.0;
/// The space around the board.
const MARGIN: f64 = 10.0;

/// `sqrt(3)`, a hexagon's width over its radius.
const ROOT3: f64 = 1.732_050_807_568_877_2;

/// Where a picture draws each cell of a map.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The width of the board (the caption goes below it).
    pub width: f64,
    /// The height of the board.
    pub height: f64,
    /// The centre of each cell: of its hexagon, or of the hexagon a
    /// territory's dice stand on.
    pub centres: Vec<(f64, f64)>,
    /// A point of each cell away from its dice, letter and number (and from
    /// every other cell's), that shows its owner's colour.
    pub swatches: Vec<(f64, f64)>,
    /// The edge of a die, which everything drawn in a cell scales with.
    pub unit: f64,
    /// The area of each cell.
    pub(super) areas: Vec<Data>,
    /// Where each cell's dice stand: the bottom of the stack (or the centre
    /// of the face of pips).
    pub(super) dice_base: Vec<(f64, f64)>,
    /// Dice a stack holds before another starts beside it.
    pub(super) per_column: u8,
    /// The sea behind a map of territories.
    pub(super) sea: Option<Data>,
    /// The borders of territories and the coast.
    pub(super) borders: Option<Data>,
    /// For each territory, the side of its dice its letter goes on (-1
    /// left, 1 right), where the territory is, and the side of its number
    /// (0: under the dice).
    sides: Vec<(f64, f64)>,
    style: DiceStyle,
}

impl Layout {
    /// The layout of `map`, with dice drawn in `style`.
    pub fn of(map: &Map, style: DiceStyle) -> Layout {
        match map.grid() {
            Some(grid) => territories(map, grid, style),
            None => hexagons(map, style),
        }
    }

    /// Where a cell's letter and number are written: the middle of their
    /// baselines. On a board of hexagons they go above and below the dice;
    /// a territory's beside them, which keeps them inside it.
    pub(super) fn texts(&self, cell: usize) -> ((f64, f64), (f64, f64)) {
        let (x, base) = self.dice_base[cell];
        let unit = self.unit;
        if let Some(&(letter, number)) = self.sides.get(cell) {
            let y = base - 0.3 * unit;
            let number_y = if number == 0.0 { base + 1.6 * unit } else { y };
            return (
                (x + letter * 2.5 * unit, y),
                (x + number * 2.5 * unit, number_y),
            );
        }
        match self.style {
            DiceStyle::Stacked => (
                (x, base - f64::from(self.per_column + 1) * unit - 2.0),
                (x, base + 1.35 * unit),
            ),
            DiceStyle::Pips => ((x, base - 2.2 * unit), (x, base + 3.1 * unit)),
        }
    }

    /// The box a cell's dice, letter and number take: left, top, right,
    /// bottom.
    fn ink(&self, cell: usize) -> (f64, f64, f64, f64) {
        let (x, base) = self.dice_base[cell];
        let ((lx, ly), (nx, ny)) = self.texts(cell);
        let unit = self.unit;
        let dice_top = match self.style {
            DiceStyle::Stacked => base - f64::from(self.per_column + 1) * unit,
            DiceStyle::Pips => base - 1.5 * unit,
        };
        (
            lx.min(nx).min(x - 1.8 * unit) - 1.6 * unit,
            (ly - 1.5 * unit).min(dice_top),
            lx.max(nx).max(x + 1.8 * unit) + 1.6 * unit,
            (ny + 0.4 * unit).max(base + 1.5 * unit),
        )
    }
}

/// The corners of the hexagon of radius `r` around `(x, y)`, from the top
/// clockwise.
fn corners(x: f64, y: f64, r: f64) -> [(f64, f64); 6] {
    let w = r * ROOT3 / 2.0;
    [
        (x, y - r),
        (x + w, y - r / 2.0),
        (x + w, y + r / 2.0),
        (x, y + r),
        (x - w, y + r / 2.0),
        (x - w, y - r / 2.0),
    ]
}

/// The hexagon as a closed path, added to `data`.
fn hexagon(data: Data, x: f64, y: f64, r: f64) -> Data {
    let [first, rest @ ..] = corners(x, y, r);
    let mut data = data.move_to(point(first));
    for corner in rest {
        data = data.line_to(point(corner));
    }
    data.close()
}

/// A point as written.
fn point((x, y): (f64, f64)) -> (f64, f64) {
    (round(x), round(y))
}

/// The centre of the hexagon at `place` for hexagons of radius `r`.
fn centre(place: Place, r: f64) -> (f64, f64) {
    let half = r * ROOT3 / 2.0;
    (
        MARGIN + (f64::from(place.column) + 1.0) * half,
        MARGIN + r + f64::from(place.row) * 1.5 * r,
    )
}

/// A board of single hexagons (Land of Lisp's rhombus, Realm of Racket's
/// offset rows).
fn hexagons(map: &Map, style: DiceStyle) -> Layout {
    let r = BOARD_RADIUS;
    let unit = 0.24 * r;
    let centres: Vec<(f64, f64)> = (0..map.len()).map(|c| centre(map.place(c), r)).collect();
    let areas = centres
        .iter()
        .map(|&(x, y)| hexagon(Data::new(), x, y, r))
        .collect();
    let dice_base = centres
        .iter()
        .map(|&(x, y)| match style {
            DiceStyle::Stacked => (x, y + 0.5 * r),
            DiceStyle::Pips => (x, y + 0.05 * r),
        })
        .collect();
    // Left of the dice (three stacks at most reach 0.63 r), inside the
    // hexagon's edge (0.87 r).
    let swatches = centres.iter().map(|&(x, y)| (x - 0.75 * r, y)).collect();
    let half = r * ROOT3 / 2.0;
    Layout {
        width: 2.0 * MARGIN + (map.columns() as f64 + 1.0) * half,
        height: 2.0 * MARGIN + 2.0 * r + (map.rows().saturating_sub(1)) as f64 * 1.5 * r,
        centres,
        swatches,
        unit,
        areas,
        dice_base,
        per_column: 3,
        sea: None,
        borders: None,
        sides: Vec::new(),
        style,
    }
}

/// The neighbour across each edge of the hexagon at `(x, y)`, the edges in
/// the order of [`corners`] (edge `k` from corner `k` to corner `k + 1`):
/// upper right, right, lower right, lower left, left, upper left. Odd rows
/// sit half a hexagon right.
fn across(x: usize, y: usize) -> [(isize, isize); 6] {
    let (x, y) = (x as isize, y as isize);
    let shift = y & 1;
    [
        (x + shift, y - 1),
        (x + 1, y),
        (x + shift, y + 1),
        (x - 1 + shift, y + 1),
        (x - 1, y),
        (x - 1 + shift, y - 1),
    ]
}

/// A map of territories on a grid of hexagons.
fn territories(map: &Map, grid: &Grid, style: DiceStyle) -> Layout {
    let r = GRID_RADIUS;
    let unit = 0.5 * r;
    let cells = map.len();
    let place = |x: usize, y: usize| Place {
        row: y as u8,
        column: Grid::half_column(x, y) as u8,
    };
    let mut areas = vec![Data::new(); cells];
    let mut hexes: Vec<Vec<(f64, f64)>> = vec![Vec::new(); cells];
    let mut borders = Data::new();
    for (x, y, territory) in grid.cells() {
        let Some(t) = territory else { continue };
        let t = usize::from(t);
        if t >= cells {
            continue;
        }
        let (cx, cy) = centre(place(x, y), r);
        hexes[t].push((cx, cy));
        areas[t] = hexagon(std::mem::take(&mut areas[t]), cx, cy, r);
        let corners = corners(cx, cy, r);
        for (edge, (nx, ny)) in across(x, y).into_iter().enumerate() {
            let other = if nx < 0 || ny < 0 {
                None
            } else {
                grid.get(nx as usize, ny as usize)
            };
            // An edge between two territories is drawn once, from the
            // lower-numbered one; the coast from the land.
            let draw = match other {
                None => true,
                Some(o) => usize::from(o) > t,
            };
            if draw {
                borders = borders
                    .move_to(point(corners[edge]))
                    .line_to(point(corners[(edge + 1) % 6]));
            }
        }
    }
    let centres: Vec<(f64, f64)> = (0..cells).map(|c| centre(map.place(c), r)).collect();
    let dice_base = centres
        .iter()
        .map(|&(x, y)| match style {
            DiceStyle::Stacked => (x, y + 0.6 * r),
            DiceStyle::Pips => (x, y),
        })
        .collect();
    let half = r * ROOT3 / 2.0;
    let width = 2.0 * MARGIN + (2.0 * grid.width() as f64 + 1.0) * half;
    let height = 2.0 * MARGIN + 2.0 * r + (grid.height().saturating_sub(1)) as f64 * 1.5 * r;
    let mut layout = Layout {
        width,
        height,
        centres,
        swatches: Vec::new(),
        unit,
        areas,
        dice_base,
        per_column: 4,
        sea: Some(
            Data::new()
                .move_to((0, 0))
                .line_to((round(width), 0.0))
                .line_to((round(width), round(height)))
                .line_to((0.0, round(height)))
                .close(),
        ),
        borders: Some(borders),
        sides: Vec::new(),
        style,
    };
    // A letter drawn outside its territory would be hidden under the
    // territory drawn after it: it goes on the side where the territory is.
    let inside = |t: usize, (px, py): (f64, f64)| {
        hexes[t]
            .iter()
            .any(|&(hx, hy)| (hx - px).hypot(hy - py) < 0.8 * r)
    };
    layout.sides = (0..cells)
        .map(|t| {
            let (x, base) = layout.dice_base[t];
            let y = base - 0.3 * unit;
            let left = inside(t, (x - 2.5 * unit, y));
            let right = inside(t, (x + 2.5 * unit, y));
            match (left, right) {
                (true, true) => (-1.0, 1.0),
                (false, true) => (1.0, 0.0),
                _ => (-1.0, 0.0),
            }
        })
        .collect();
    layout.swatches = (0..cells).map(|t| swatch(&layout, &hexes[t])).collect();
    layout
}

/// The centre of the hexagon of a territory (`hexes`) farthest from every
/// territory's dice, letter and number.
fn swatch(layout: &Layout, hexes: &[(f64, f64)]) -> (f64, f64) {
    let boxes: Vec<_> = (0..layout.centres.len()).map(|c| layout.ink(c)).collect();
    let clearance = |&(x, y): &(f64, f64)| {
        boxes
            .iter()
            .map(|&(left, top, right, bottom)| {
                let dx = (left - x).max(x - right).max(0.0);
                let dy = (top - y).max(y - bottom).max(0.0);
                dx.hypot(dy)
            })
            .fold(f64::INFINITY, f64::min)
    };
    hexes
        .iter()
        .copied()
        .max_by(|a, b| clearance(a).total_cmp(&clearance(b)))
        .unwrap_or((0.0, 0.0))
}
