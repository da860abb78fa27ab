//! Maps grown step for step as the HTML5 Dice Wars grows its maps (the
//! public port chrisraff/dicewarsjs, `make_map` and `percolate`).

use rand::{Rng, RngExt};

use crate::game::Grid;

/// The width of the original's grid, in cells.
pub const ORIGINAL_WIDTH: usize = 28;
/// The height of the original's grid, in rows.
pub const ORIGINAL_HEIGHT: usize = 32;
/// The most territories the original grows.
pub const ORIGINAL_MAX_TERRITORIES: usize = 31;
/// The cells of a territory's core, before its ring is added.
pub const CORE_CELLS: usize = 8;
/// A territory of this many cells or fewer is removed when all are grown.
pub const REMOVED_AT_MOST: usize = 5;

/// The cell one step from `(x, y)` in direction `dir`, in the original's
/// order: 0 up-right, 1 right, 2 down-right, 3 down-left, 4 left, 5 up-left
/// (odd rows half a cell to the right); `None` off the grid.
fn step(x: usize, y: usize, dir: usize, w: usize, h: usize) -> Option<(usize, usize)> {
    let odd = (y & 1) as isize;
    let (dx, dy) = match dir {
        0 => (odd, -1),
        1 => (1, 0),
        2 => (odd, 1),
        3 => (odd - 1, 1),
        4 => (-1, 0),
        _ => (odd - 1, -1),
    };
    let (nx, ny) = (x as isize + dx, y as isize + dy);
    (nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h)
        .then_some((nx as usize, ny as usize))
}

/// The state of one growth: every cell's area (0 for sea, areas from 1 in
/// the order grown) and a random rank for every cell.
struct Growth {
    w: usize,
    h: usize,
    area: Vec<u8>,
    rank: Vec<u32>,
    /// The cells each in direction order, as indices.
    steps: Vec<[Option<usize>; 6]>,
}

impl Growth {
    fn new<R: Rng + ?Sized>(w: usize, h: usize, rng: &mut R) -> Growth {
        let n = w * h;
        // Every cell a distinct rank, shuffled as the original shuffles
        // them: each place swapped with a place drawn from all of them.
        let mut rank: Vec<u32> = (0..n as u32).collect();
        for i in 0..n {
            let r = rng.random_range(0..n as u32) as usize;
            rank.swap(i, r);
        }
        let steps = (0..n)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                std::array::from_fn(|d| step(x, y, d, w, h).map(|(nx, ny)| ny * w + nx))
            })
            .collect();
        Growth {
            w,
            h,
            area: vec![0; n],
            rank,
            steps,
        }
    }

    /// The free cell of lowest rank among those `marked`, if any.
    fn lowest_free(&self, marked: &[bool]) -> Option<usize> {
        (0..self.area.len())
            .filter(|&i| marked[i] && self.area[i] == 0)
            .min_by_key(|&i| self.rank[i])
    }

    /// Grows area `id` from `start`: a core of up to [`CORE_CELLS`] cells,
    /// each next one the free neighbour of the core with the lowest rank,
    /// then every free cell around the core. The cells around that ring are
    /// marked in `seeds` as where a next area may start.
    fn percolate(&mut self, start: usize, id: u8, seeds: &mut [bool]) {
        let mut around = vec![false; self.area.len()];
        let mut cell = start;
        let mut core = 0;
        loop {
            self.area[cell] = id;
            core += 1;
            for n in self.steps[cell].into_iter().flatten() {
                around[n] = true;
            }
            match self.lowest_free(&around) {
                Some(next) if core < CORE_CELLS => cell = next,
                _ => break,
            }
        }
        for (i, &near) in around.iter().enumerate() {
            if near && self.area[i] == 0 {
                self.area[i] = id;
                for n in self.steps[i].into_iter().flatten() {
                    seeds[n] = true;
                }
            }
        }
    }

    /// Gives each sea cell with no sea neighbour, in cell order, to its
    /// land neighbour last in direction order.
    fn fill_single_lakes(&mut self) {
        for i in 0..self.area.len() {
            if self.area[i] != 0 {
                continue;
            }
            let around: Vec<u8> = self.steps[i]
                .into_iter()
                .flatten()
                .map(|n| self.area[n])
                .collect();
            if around.iter().all(|&a| a != 0)
                && let Some(&last) = around.last()
            {
                self.area[i] = last;
            }
        }
    }

    /// The grid, territories numbered from 0 in the order grown, those of
    /// [`REMOVED_AT_MOST`] cells or fewer left out (their cells sea).
    fn grid(&self) -> Option<Grid> {
        let mut sizes = [0usize; 256];
        for &a in &self.area {
            sizes[usize::from(a)] += 1;
        }
        let mut id = [None; 256];
        let mut next = 0u8;
        for a in 1..256 {
            if sizes[a] > REMOVED_AT_MOST {
                id[a] = Some(next);
                next += 1;
            }
        }
        let mut grid = Grid::new(self.w, self.h)?;
        for (i, &a) in self.area.iter().enumerate() {
            grid.set(i % self.w, i / self.w, id[usize::from(a)]);
        }
        Some(grid)
    }
}

/// A map grown as the original grows it on a `width` x `height` grid, its
/// territories numbered from 0 in the order grown: every cell is given a
/// random rank; the first area starts at a random cell, each next one at
/// the free cell of lowest rank next to the rings of those before; an area
/// is a core of [`CORE_CELLS`] cells (each the free neighbour of lowest
/// rank) and the ring of free cells around it; growing stops when no cell
/// is left to start from or `max` areas are grown. Then each sea cell whose
/// neighbours are all land joins the neighbour last in the original's
/// direction order, and areas of [`REMOVED_AT_MOST`] cells or fewer are
/// removed. `None` only for a grid [`Grid::new`] refuses.
pub(super) fn grow_original<R: Rng + ?Sized>(
    width: usize,
    height: usize,
    max: usize,
    rng: &mut R,
) -> Option<Grid> {
    let mut growth = Growth::new(width, height, rng);
    let n = width * height;
    let mut seeds = vec![false; n];
    seeds[rng.random_range(0..n as u32) as usize] = true;
    for id in 1..=max.min(255) as u8 {
        let Some(start) = growth.lowest_free(&seeds) else {
            break;
        };
        growth.percolate(start, id, &mut seeds);
    }
    growth.fill_single_lakes();
    growth.grid()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn steps_follow_the_original_directions() {
        // Even row: up-right is straight up; odd row: half a cell right.
        assert_eq!(step(3, 2, 0, 10, 10), Some((3, 1)));
        assert_eq!(step(3, 3, 0, 10, 10), Some((4, 2)));
        assert_eq!(step(3, 2, 3, 10, 10), Some((2, 3)));
        assert_eq!(step(3, 3, 5, 10, 10), Some((3, 2)));
        assert_eq!(step(0, 2, 4, 10, 10), None);
        assert_eq!(step(0, 0, 5, 10, 10), None);
        // The six steps are the grid's six neighbours.
        let grid = Grid::new(10, 10).unwrap();
        for (x, y) in [(4, 4), (4, 5), (0, 0), (9, 9)] {
            let mut ours: Vec<_> = grid.neighbours(x, y).collect();
            let mut theirs: Vec<_> = (0..6).filter_map(|d| step(x, y, d, 10, 10)).collect();
            ours.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(ours, theirs, "({x}, {y})");
        }
    }

    #[test]
    fn an_area_is_a_core_and_its_ring() {
        // On an empty grid the first area is its core of 8 and every free
        // cell around it, and nothing else is land.
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut growth = Growth::new(12, 12, &mut rng);
        let mut seeds = vec![false; 144];
        growth.percolate(5 * 12 + 6, 1, &mut seeds);
        let land = growth.area.iter().filter(|&&a| a == 1).count();
        // A core of 8 hexagons has a ring of at least 10 (a compact blob)
        // and at most 6 * 8 - 2 * 7 cells.
        assert!((18..=8 + 34).contains(&land), "{land}");
        // The seeds are the cells next to the ring, never in the core.
        assert!(seeds.iter().any(|&s| s));
        for i in 0..144 {
            if growth.area[i] == 1 {
                let touches_sea = growth.steps[i]
                    .into_iter()
                    .flatten()
                    .any(|n| growth.area[n] == 0);
                if touches_sea {
                    // A ring cell: all its free neighbours are seeds.
                    for n in growth.steps[i].into_iter().flatten() {
                        if growth.area[n] == 0 {
                            assert!(seeds[n]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn single_lakes_join_the_last_neighbour_and_small_areas_go() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut growth = Growth::new(6, 6, &mut rng);
        // A sea cell at (2, 2) ringed by land: areas 1 and 2.
        let centre = 2 * 6 + 2;
        for (d, n) in growth.steps[centre].into_iter().enumerate() {
            growth.area[n.unwrap()] = if d < 3 { 1 } else { 2 };
        }
        growth.fill_single_lakes();
        // Direction 5 (up-left) is last: area 2.
        assert_eq!(growth.area[centre], 2);
        // Area 1 has 3 cells, area 2 has 4: both are removed.
        let grid = growth.grid().unwrap();
        assert!(grid.cells().all(|(_, _, t)| t.is_none()));
    }

    #[test]
    fn growth_stops_at_the_most_areas() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let grid = grow_original(ORIGINAL_WIDTH, ORIGINAL_HEIGHT, 3, &mut rng).unwrap();
        let most = grid.cells().filter_map(|c| c.2).max().unwrap();
        assert!(most <= 2, "{most}");
    }
}

/// The original's maps over many seeds against its published figures.
#[cfg(test)]
mod statistics {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::game::{MapShape, grown_map};

    /// Territories, mean cells a territory and mean neighbours a territory
    /// over the maps of `seeds`, and the fewest and most territories.
    fn figures(seeds: std::ops::Range<u64>) -> (f64, f64, f64, usize, usize) {
        let (mut maps, mut territories, mut cells, mut links) = (0usize, 0usize, 0usize, 0usize);
        let (mut fewest, mut most) = (usize::MAX, 0);
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (map, _) = grown_map(MapShape::original(), &mut rng).unwrap();
            let grid = map.grid().unwrap();
            maps += 1;
            territories += map.len();
            fewest = fewest.min(map.len());
            most = most.max(map.len());
            cells += grid.cells().filter(|c| c.2.is_some()).count();
            links += (0..map.len())
                .map(|t| map.neighbours(t).len())
                .sum::<usize>();
        }
        let n = territories as f64;
        (
            n / maps as f64,
            cells as f64 / n,
            links as f64 / n,
            fewest,
            most,
        )
    }

    #[test]
    fn maps_match_the_originals_figures() {
        // The original (chrisraff/dicewarsjs, game.js, measured over its
        // own maps): 25 to 31 territories, 30.06 on average, about 20.5
        // cells each, 3.80 neighbours each. Over 300 maps the means' own
        // spread (standard error) is a fifth of these tolerances or less;
        // measured: 30.05 territories (26-31), 20.53 cells, 3.776 neighbours.
        let (count, cells, degree, fewest, most) = figures(0..300);
        eprintln!(
            "{count:.2} territories ({fewest}-{most}), {cells:.2} cells, {degree:.3} neighbours"
        );
        assert!((count - 30.06).abs() < 0.25, "territories {count}");
        assert!((cells - 20.5).abs() < 0.5, "cells {cells}");
        assert!((degree - 3.80).abs() < 0.1, "neighbours {degree}");
        assert!(fewest >= 24 && most == 31, "{fewest}..={most}");
    }
}
