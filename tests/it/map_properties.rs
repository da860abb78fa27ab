//! Invariants of random maps of territories, for any seed, territory count
//! and grid: one connected land, every territory one group of touching
//! cells within its size bounds, symmetric adjacency that matches the
//! cells, and the same map for the same seed. Map files read back what the
//! `map` command writes.

use std::collections::BTreeSet;

use dice_of_doom::game::{
    Grid, MAX_TERRITORY_CELLS, MIN_TERRITORY_CELLS, Map, MapSetup, MapShape, random_map,
    territory_char,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn map_of(territories: usize, seed: u64, grid: Option<(usize, usize)>) -> Map {
    let mut shape = MapShape::new(territories).unwrap();
    if let Some((w, h)) = grid {
        shape = shape.with_grid(w, h).unwrap();
    }
    random_map(shape, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap()
}

/// The cells of each territory.
fn cells(grid: &Grid, territories: usize) -> Vec<Vec<(usize, usize)>> {
    let mut out = vec![Vec::new(); territories];
    for (x, y, t) in grid.cells() {
        if let Some(t) = t {
            out[usize::from(t)].push((x, y));
        }
    }
    out
}

/// Whether `members` (cells of the grid) are one group of touching cells.
fn connected(grid: &Grid, members: &[(usize, usize)]) -> bool {
    let set: BTreeSet<(usize, usize)> = members.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut stack = vec![members[0]];
    seen.insert(members[0]);
    while let Some((x, y)) = stack.pop() {
        for n in grid.neighbours(x, y) {
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

proptest! {
    #![proptest_config(crate::proptest_config(64))]

    #[test]
    fn random_maps_are_one_land_of_whole_territories(
        territories in 2..=40usize,
        seed in any::<u64>(),
    ) {
        let map = map_of(territories, seed, None);
        prop_assert_eq!(map.len(), territories);
        let grid = map.grid().unwrap();
        let own = cells(grid, territories);
        for (t, members) in own.iter().enumerate() {
            prop_assert!(
                (MIN_TERRITORY_CELLS..=MAX_TERRITORY_CELLS).contains(&members.len()),
                "territory {} has {} cells", t, members.len()
            );
            prop_assert!(connected(grid, members), "territory {} is in pieces", t);
        }
        let land: Vec<(usize, usize)> = own.concat();
        prop_assert!(connected(grid, &land), "the land is in pieces");
        // Adjacency: symmetric, sorted, and exactly the territories whose
        // cells touch.
        for (t, members) in own.iter().enumerate() {
            let listed = map.neighbours(t);
            prop_assert!(listed.windows(2).all(|w| w[0] < w[1]));
            let mut touching = BTreeSet::new();
            for &(x, y) in members {
                for (nx, ny) in grid.neighbours(x, y) {
                    if let Some(n) = grid.get(nx, ny).filter(|&n| usize::from(n) != t) {
                        touching.insert(n);
                    }
                }
            }
            prop_assert_eq!(listed.to_vec(), touching.into_iter().collect::<Vec<_>>());
            for &n in listed {
                prop_assert!(map.neighbours(usize::from(n)).contains(&(t as u8)));
            }
        }
        // Each territory is drawn at one of its own cells.
        for (t, members) in own.iter().enumerate() {
            let place = map.place(t);
            let drawn_at_own = members.iter().any(|&(x, y)| {
                y == usize::from(place.row) && Grid::half_column(x, y) == usize::from(place.column)
            });
            prop_assert!(drawn_at_own, "territory {} is drawn off its cells", t);
        }
        // No lakes: every sea cell reaches the edge through sea, unless
        // every territory it touches is full.
        let (w, h) = (grid.width(), grid.height());
        let mut open: BTreeSet<(usize, usize)> = grid
            .cells()
            .filter(|&(x, y, t)| t.is_none() && (x == 0 || y == 0 || x + 1 == w || y + 1 == h))
            .map(|(x, y, _)| (x, y))
            .collect();
        let mut stack: Vec<_> = open.iter().copied().collect();
        while let Some((x, y)) = stack.pop() {
            for n in grid.neighbours(x, y) {
                if grid.get(n.0, n.1).is_none() && open.insert(n) {
                    stack.push(n);
                }
            }
        }
        for (x, y, t) in grid.cells() {
            if t.is_none() && !open.contains(&(x, y)) {
                let full = grid.neighbours(x, y).filter_map(|(nx, ny)| grid.get(nx, ny)).all(|n| {
                    own[usize::from(n)].len() == MAX_TERRITORY_CELLS
                });
                prop_assert!(full, "a lake at {},{}", x, y);
            }
        }
        prop_assert_eq!(map_of(territories, seed, None), map);
    }

    #[test]
    fn any_grid_with_room_gives_a_map_or_says_no(
        territories in 2..=20usize,
        w in 2..=40usize,
        h in 2..=40usize,
        seed in any::<u64>(),
    ) {
        let Ok(shape) = MapShape::new(territories).unwrap().with_grid(w, h) else {
            prop_assert!(w * h < territories * 12);
            return Ok(());
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if let Ok(map) = random_map(shape, &mut rng) {
            let grid = map.grid().unwrap();
            prop_assert!(grid.width() <= w.max(2) && grid.height() <= h.max(2));
            prop_assert_eq!(map.len(), territories);
        }
    }

    #[test]
    fn map_files_read_back_the_grid_they_draw(territories in 2..=40usize, seed in any::<u64>()) {
        let map = map_of(territories, seed, None);
        let grid = map.grid().unwrap();
        let mut text = String::new();
        for y in 0..grid.height() {
            if y % 2 == 1 {
                text.push(' ');
            }
            for x in 0..grid.width() {
                let c = grid.get(x, y).map_or('.', |t| territory_char(usize::from(t)).unwrap());
                text.push(c);
                text.push(' ');
            }
            text.push('\n');
        }
        for t in 0..territories {
            text.push_str(&format!("{} {}-{}\n", territory_char(t).unwrap(), "ab".chars().nth(t % 2).unwrap(), 1 + t % 3));
        }
        let setup = MapSetup::parse(&text).unwrap();
        let read = setup.map();
        prop_assert_eq!(read.grid(), map.grid());
        for t in 0..territories {
            prop_assert_eq!(read.neighbours(t), map.neighbours(t));
            prop_assert_eq!(read.place(t), map.place(t));
        }
        // A file's map is not a random one: it is not grown again.
        prop_assert_eq!(read.random_shape(), None);
        prop_assert_eq!(map.random_shape(), Some(MapShape::new(territories).unwrap()));
    }
}
