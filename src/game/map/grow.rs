//! Random maps of territories: the original Dice Wars' maps (grown in
//! `original.rs`) and compact maps of a given territory count.

use rand::{Rng, RngExt};

use super::original::{ORIGINAL_HEIGHT, ORIGINAL_MAX_TERRITORIES, ORIGINAL_WIDTH, grow_original};
use crate::game::{Grid, MAX_GRID_SIDE, MIN_GRID_SIDE, Map};

/// The fewest territories a random map has.
pub const MIN_RANDOM_TERRITORIES: usize = 2;
/// The most territories a random map has.
pub const MAX_RANDOM_TERRITORIES: usize = 40;
/// The hexagon cells a territory is grown to.
pub const TERRITORY_CELLS: usize = 8;
/// The fewest cells a territory of a random map keeps: a territory that
/// cannot grow to this many is dropped.
pub const MIN_TERRITORY_CELLS: usize = 5;
/// The most cells a territory of a random map has, holes filled.
pub const MAX_TERRITORY_CELLS: usize = 2 * TERRITORY_CELLS;
/// How many times [`random_map`] starts again before it gives up.
const ATTEMPTS: usize = 100;

/// What a random map is asked to be: how many territories, on a grid of how
/// many cells.
///
/// ```
/// use dice_of_doom::game::MapShape;
/// let shape = MapShape::new(20).unwrap();
/// assert_eq!((shape.territories(), shape.width(), shape.height()), (20, 21, 16));
/// assert!(MapShape::new(20).unwrap().with_grid(10, 10).is_err());
/// assert!(MapShape::new(1).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MapShape {
    territories: u8,
    width: u8,
    height: u8,
    original: bool,
}

/// Why no random map can be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapGenError {
    /// A territory count out of range.
    #[error(
        "a random map has from {MIN_RANDOM_TERRITORIES} to {MAX_RANDOM_TERRITORIES} territories, not {0}"
    )]
    Territories(usize),
    /// A grid side out of range.
    #[error("a map grid is from {MIN_GRID_SIDE} to {MAX_GRID_SIDE} cells each way, not {0}x{1}")]
    Grid(usize, usize),
    /// A grid too small for the territories.
    #[error(
        "a {width}x{height} grid is too small for {territories} territories: it needs at least {need} cells (about {TERRITORY_CELLS} a territory, and sea around them)"
    )]
    GridTooSmall {
        /// Territories asked for.
        territories: usize,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
        /// The cells it needs.
        need: usize,
    },
    /// Every attempt ran out of room.
    #[error(
        "no map of {territories} territories fits a {width}x{height} grid after {ATTEMPTS} attempts: use a larger grid"
    )]
    NoRoom {
        /// Territories asked for.
        territories: usize,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
}

impl MapShape {
    /// `territories` territories on the grid chosen for them: about twice
    /// as many cells as the territories take, a third wider than high (a
    /// map of 20 fits an 80x24 terminal, one of 32 a 120x40 one).
    pub fn new(territories: usize) -> Result<MapShape, MapGenError> {
        if !(MIN_RANDOM_TERRITORIES..=MAX_RANDOM_TERRITORIES).contains(&territories) {
            return Err(MapGenError::Territories(territories));
        }
        let area = (territories * TERRITORY_CELLS * 21).div_ceil(10) as f64;
        let height = (area / 1.3).sqrt().round().max(4.0) as usize;
        let width = (area / height as f64).ceil() as usize;
        Ok(MapShape {
            territories: territories as u8,
            width: width.clamp(MIN_GRID_SIDE, MAX_GRID_SIDE) as u8,
            height: height.clamp(MIN_GRID_SIDE, MAX_GRID_SIDE) as u8,
            original: false,
        })
    }

    /// The original Dice Wars' map: as many territories as its grid of
    /// [`ORIGINAL_WIDTH`] x [`ORIGINAL_HEIGHT`] cells holds, up to
    /// [`ORIGINAL_MAX_TERRITORIES`], grown as it grows them (see
    /// [`random_map`]).
    ///
    /// ```
    /// use dice_of_doom::game::MapShape;
    /// let shape = MapShape::original();
    /// assert_eq!((shape.territories(), shape.width(), shape.height()), (31, 28, 32));
    /// assert!(shape.is_original());
    /// ```
    pub fn original() -> MapShape {
        MapShape {
            territories: ORIGINAL_MAX_TERRITORIES as u8,
            width: ORIGINAL_WIDTH as u8,
            height: ORIGINAL_HEIGHT as u8,
            original: true,
        }
    }

    /// Whether the map is grown as the original Dice Wars grows them (its
    /// territories then number at most [`MapShape::territories`]).
    pub fn is_original(self) -> bool {
        self.original
    }

    /// The same territories on a grid of `width` x `height` cells, if it
    /// has room for them: one and a half times the cells they take.
    pub fn with_grid(self, width: usize, height: usize) -> Result<MapShape, MapGenError> {
        let sides = MIN_GRID_SIDE..=MAX_GRID_SIDE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(MapGenError::Grid(width, height));
        }
        let need = self.territories() * TERRITORY_CELLS * 3 / 2;
        if width * height < need {
            return Err(MapGenError::GridTooSmall {
                territories: self.territories(),
                width,
                height,
                need,
            });
        }
        Ok(MapShape {
            width: width as u8,
            height: height as u8,
            ..self
        })
    }

    /// The territories (the most, for [`MapShape::original`]).
    pub fn territories(self) -> usize {
        usize::from(self.territories)
    }

    /// The grid's width in cells.
    pub fn width(self) -> usize {
        usize::from(self.width)
    }

    /// The grid's height in rows.
    pub fn height(self) -> usize {
        usize::from(self.height)
    }
}

/// A random map of this shape, drawn from `rng` (see [`grown_map`]).
///
/// ```
/// use dice_of_doom::game::{MapShape, random_map};
/// use rand::SeedableRng;
/// let shape = MapShape::new(12).unwrap();
/// let map = random_map(shape, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5)).unwrap();
/// assert_eq!(map.len(), 12);
/// let again = random_map(shape, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5)).unwrap();
/// assert_eq!(again, map);
/// ```
pub fn random_map<R: Rng + ?Sized>(shape: MapShape, rng: &mut R) -> Result<Map, MapGenError> {
    grown_map(shape, rng).map(|(map, _)| map)
}

/// A random map of this shape, and its territories in the order they were
/// grown (the order the original Dice Wars deals them in).
///
/// A map of [`MapShape::original`] is grown as the original HTML5 Dice Wars
/// grows its maps, step for step: every cell of its grid gets a random
/// rank; the first territory starts at a random cell, each next one at the
/// free cell of lowest rank next to the territories so far; a territory is
/// a core of 8 cells, each the free neighbour of lowest rank (so each
/// step picks uniformly among the free cells touching the core, a cell
/// passed over once staying behind the same cells), and then every free
/// cell around the core. Growing stops at 31 territories or when no free
/// cell touches the land; then each sea cell with land all round joins a
/// neighbour, and territories of 5 cells or fewer are removed.
///
/// Any other shape gives a compact map of `shape.territories()`
/// territories: the first territory from a cell near the
/// middle of the grid, each next one from a sea cell touching the land, so
/// that the land is one whole; each grows a cell at a time, preferring sea
/// cells that touch more of it, to [`TERRITORY_CELLS`] cells. A territory
/// that cannot reach [`MIN_TERRITORY_CELLS`] is dropped (its cells stay sea
/// for good), and when the territories are grown the lakes (sea cells that
/// cannot reach the edge of the grid through sea) are filled, each cell
/// given to its smallest neighbouring territory. The map is then cropped to
/// its land and its territories numbered in reading order of their centres.
///
/// The same RNG state gives the same map on every machine when the RNG is
/// portable (such as `rand_chacha`).
///
/// ```
/// use dice_of_doom::game::{MapShape, grown_map};
/// use rand::SeedableRng;
/// let (map, order) = grown_map(MapShape::original(), &mut rand_chacha::ChaCha8Rng::seed_from_u64(5)).unwrap();
/// assert!((2..=31).contains(&map.len()));
/// let mut sorted = order.clone();
/// sorted.sort_unstable();
/// assert!(sorted.iter().copied().eq(0..map.len() as u8));
/// ```
pub fn grown_map<R: Rng + ?Sized>(
    shape: MapShape,
    rng: &mut R,
) -> Result<(Map, Vec<u8>), MapGenError> {
    for _ in 0..ATTEMPTS {
        let grid = if shape.is_original() {
            grow_original(shape.width(), shape.height(), shape.territories(), rng)
        } else {
            grow(shape, rng)
        };
        if let Some(grid) = grid {
            let (grid, order) = numbered_by_centre(&grid.cropped());
            if let Ok(map) = Map::territories(grid) {
                return Ok((map.grown_as(shape), order));
            }
        }
    }
    Err(MapGenError::NoRoom {
        territories: shape.territories(),
        width: shape.width(),
        height: shape.height(),
    })
}

/// One attempt at growing the territories; `None` when they do not fit.
fn grow<R: Rng + ?Sized>(shape: MapShape, rng: &mut R) -> Option<Grid> {
    let (w, h) = (shape.width(), shape.height());
    let mut grid = Grid::new(w, h)?;
    // Cells of dropped territories, never land again.
    let mut blocked = vec![false; w * h];
    let mut grown = 0usize;
    let mut dropped = 0usize;
    while grown < shape.territories() {
        let seed = if grown == 0 {
            // A cell in the middle half of the grid.
            (
                w / 4 + rng.random_range(0..(w / 2).max(1)),
                h / 4 + rng.random_range(0..(h / 2).max(1)),
            )
        } else {
            let shore: Vec<(usize, usize)> = grid
                .cells()
                .filter(|&(x, y, t)| {
                    t.is_none()
                        && !blocked[y * w + x]
                        && grid
                            .neighbours(x, y)
                            .any(|(nx, ny)| grid.get(nx, ny).is_some())
                })
                .map(|(x, y, _)| (x, y))
                .collect();
            if shore.is_empty() {
                return None;
            }
            shore[rng.random_range(0..shore.len())]
        };
        let id = grown as u8;
        let mut own = vec![seed];
        grid.set(seed.0, seed.1, Some(id));
        while own.len() < TERRITORY_CELLS {
            // The free cells touching the territory, in reading order, each
            // weighted by the square of how many of its cells it touches.
            let mut frontier: Vec<((usize, usize), usize)> = Vec::new();
            for (x, y, t) in grid.cells() {
                if t.is_some() || blocked[y * w + x] {
                    continue;
                }
                let touching = grid
                    .neighbours(x, y)
                    .filter(|&(nx, ny)| grid.get(nx, ny) == Some(id))
                    .count();
                if touching > 0 {
                    frontier.push(((x, y), touching * touching * touching));
                }
            }
            let total: usize = frontier.iter().map(|f| f.1).sum();
            if total == 0 {
                break;
            }
            let mut pick = rng.random_range(0..total);
            let cell = frontier
                .iter()
                .find(|&&(_, weight)| {
                    let hit = pick < weight;
                    pick = pick.saturating_sub(weight);
                    hit
                })
                .map_or(frontier[0].0, |f| f.0);
            grid.set(cell.0, cell.1, Some(id));
            own.push(cell);
        }
        if own.len() < MIN_TERRITORY_CELLS {
            for &(x, y) in &own {
                grid.set(x, y, None);
                blocked[y * w + x] = true;
            }
            dropped += 1;
            if dropped > shape.territories() {
                return None;
            }
            continue;
        }
        grown += 1;
    }
    fill_lakes(&mut grid);
    Some(grid)
}

/// Gives every sea cell that cannot reach the edge of the grid through sea
/// to its smallest neighbouring territory (the lowest numbered of equals)
/// that has room, until no more can be given.
fn fill_lakes(grid: &mut Grid) {
    let (w, h) = (grid.width(), grid.height());
    let mut open = vec![false; w * h];
    let mut stack: Vec<(usize, usize)> = grid
        .cells()
        .filter(|&(x, y, t)| t.is_none() && (x == 0 || y == 0 || x == w - 1 || y == h - 1))
        .map(|(x, y, _)| (x, y))
        .collect();
    for &(x, y) in &stack {
        open[y * w + x] = true;
    }
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in grid.neighbours(x, y) {
            if grid.get(nx, ny).is_none() && !open[ny * w + nx] {
                open[ny * w + nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    let mut sizes = vec![0usize; 256];
    for (_, _, t) in grid.cells() {
        if let Some(t) = t {
            sizes[usize::from(t)] += 1;
        }
    }
    loop {
        let mut changed = false;
        let lakes: Vec<(usize, usize)> = grid
            .cells()
            .filter(|&(x, y, t)| t.is_none() && !open[y * w + x])
            .map(|(x, y, _)| (x, y))
            .collect();
        for (x, y) in lakes {
            let best = grid
                .neighbours(x, y)
                .filter_map(|(nx, ny)| grid.get(nx, ny))
                .filter(|&t| sizes[usize::from(t)] < MAX_TERRITORY_CELLS)
                .min_by_key(|&t| (sizes[usize::from(t)], t));
            if let Some(t) = best {
                grid.set(x, y, Some(t));
                sizes[usize::from(t)] += 1;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// The grid with its territories numbered in reading order of their
/// centres (top to bottom, left to right), as the map draws them, and the
/// new number of each old one.
fn numbered_by_centre(grid: &Grid) -> (Grid, Vec<u8>) {
    let Ok(map) = Map::territories(grid.clone()) else {
        return (grid.clone(), Vec::new());
    };
    let mut order: Vec<usize> = (0..map.len()).collect();
    order.sort_by_key(|&t| (map.place(t).row, map.place(t).column));
    let mut new_id = vec![0u8; map.len()];
    for (new, &old) in order.iter().enumerate() {
        new_id[old] = new as u8;
    }
    let mut out = grid.clone();
    for (x, y, t) in grid.cells() {
        out.set(x, y, t.map(|t| new_id[usize::from(t)]));
    }
    (out, new_id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn default_grids_grow_with_the_territories() {
        // (territories, width, height)
        for (n, w, h) in [
            (2, 7, 5),
            (10, 16, 11),
            (20, 21, 16),
            (30, 26, 20),
            (40, 30, 23),
        ] {
            let shape = MapShape::new(n).unwrap();
            assert_eq!((shape.width(), shape.height()), (w, h), "{n}");
        }
        for bad in [0, 1, 41, 300] {
            assert_eq!(MapShape::new(bad), Err(MapGenError::Territories(bad)));
        }
        let shape = MapShape::new(10).unwrap();
        assert_eq!(shape.with_grid(1, 30), Err(MapGenError::Grid(1, 30)));
        assert_eq!(shape.with_grid(65, 30), Err(MapGenError::Grid(65, 30)));
        assert!(matches!(
            shape.with_grid(10, 10),
            Err(MapGenError::GridTooSmall { need: 120, .. })
        ));
        assert!(shape.with_grid(12, 10).is_ok());
    }

    #[test]
    fn a_seed_gives_a_fixed_map() {
        // Pinned so that a change of generator or of draw order is noticed:
        // players replay maps by seed.
        let map = random_map(MapShape::new(8).unwrap(), &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        let grid = map.grid().unwrap();
        let text: String = (0..grid.height())
            .map(|y| {
                let row: String = (0..grid.width())
                    .map(|x| {
                        grid.get(x, y).map_or('.', |t| {
                            crate::game::territory_char(usize::from(t)).unwrap()
                        })
                    })
                    .collect();
                format!("{}{row}\n", if y % 2 == 1 { " " } else { "" })
            })
            .collect();
        insta::assert_snapshot!(text);
    }

    #[test]
    fn lakes_are_filled() {
        // A ring of territory 0 round one sea cell, and sea outside.
        let mut grid = Grid::new(5, 5).unwrap();
        for (x, y) in [(1, 1), (2, 1), (1, 2), (3, 2), (1, 3), (2, 3)] {
            grid.set(x, y, Some(0));
        }
        grid.set(4, 4, Some(1));
        fill_lakes(&mut grid);
        assert_eq!(grid.get(2, 2), Some(0));
        assert_eq!(grid.get(0, 0), None);
    }
}
