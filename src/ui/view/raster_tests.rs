//! The raster's scales and its mapping of characters to cells.

use super::*;
use crate::game::{MapShape, random_map};

/// The grid of a random map of `territories`, from `seed`.
fn grid(territories: usize, seed: u64) -> Grid {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let map = random_map(MapShape::new(territories).unwrap(), &mut rng).unwrap();
    map.grid().unwrap().clone()
}

#[test]
fn the_least_scale_fits_and_a_smaller_room_does_not() {
    for (n, seed) in [(12, 1), (20, 2), (32, 3)] {
        let g = grid(n, seed);
        let least = Scale::least(&g);
        assert_eq!(Scale::fitting(&g, least.width, least.height), Some(least));
        assert_eq!(Scale::fitting(&g, least.width - 1, least.height), None);
        assert_eq!(Scale::fitting(&g, least.width, least.height - 1), None);
    }
}

#[test]
fn scales_keep_hexagons_in_shape() {
    let g = grid(32, 3);
    for (w, h) in [(51, 20), (91, 36), (171, 56), (400, 56), (60, 200)] {
        let s = Scale::fitting(&g, w, h).unwrap();
        assert!(s.width <= w && s.height <= h, "{w}x{h}: {s:?}");
        let columns = (s.width - 2) as f64 / (g.width() as f64 + 0.5);
        let lines = (s.height - 1) as f64 / g.height() as f64;
        assert!(
            columns <= (MAX_STRETCH * lines).max(FREE_COLUMNS) + 0.01,
            "{w}x{h}: {s:?}"
        );
        assert!(columns + 0.01 >= MIN_STRETCH * lines, "{w}x{h}: {s:?}");
    }
}

#[test]
fn every_cell_shows_when_a_character_is_left_for_each() {
    // Two columns a cell and a line a row: every cell has characters.
    let g = grid(20, 2);
    let scale = Scale {
        width: 2 * g.width() + 3,
        height: g.height() + 1,
    };
    let mut seen = vec![false; g.width() * g.height()];
    for y in 0..scale.height {
        for x in 0..scale.width {
            if let Some((c, r)) = cell_at(&g, scale, x, y) {
                seen[r * g.width() + c] = true;
            }
        }
    }
    assert!(seen.iter().all(|&s| s));
    // Each cell's centre is one of its characters.
    for r in 0..g.height() {
        for c in 0..g.width() {
            let (x, y) = centre_of(&g, scale, (c, r));
            assert_eq!(cell_at(&g, scale, x, y), Some((c, r)), "{c},{r}");
        }
    }
}

#[test]
fn borders_part_territories_and_the_sea() {
    let g = grid(12, 1);
    let scale = Scale::fitting(&g, 60, 30).unwrap();
    let r = Raster::new(&g, scale);
    let (w, h) = (scale.width, scale.height);
    for y in 0..h {
        for x in 1..w {
            let (a, b) = (r.at(x - 1, y), r.at(x, y));
            assert_eq!(a != b, r.edge_at(x, y) == Edge::Left, "{x},{y}");
        }
    }
}
