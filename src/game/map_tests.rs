//! Tests of the maps: their cells, neighbours and places.
use super::*;

#[test]
fn rhombus_neighbours_follow_the_rules_order() {
    // (side, cell, neighbours): the RULES.md examples, every corner, an edge.
    let cases: &[(usize, usize, &[u8])] = &[
        (3, 4, &[1, 7, 0, 3, 5, 8]),
        (3, 0, &[3, 1, 4]),
        (3, 2, &[5, 1]),
        (3, 6, &[3, 7]),
        (3, 8, &[5, 4, 7]),
        (3, 3, &[0, 6, 4, 7]),
        (3, 5, &[2, 8, 1, 4]),
        (2, 0, &[2, 1, 3]),
        (2, 1, &[3, 0]),
        (2, 2, &[0, 3]),
        (2, 3, &[1, 0, 2]),
        (10, 99, &[89, 88, 98]),
        (10, 9, &[19, 8]),
    ];
    for &(side, cell, expected) in cases {
        let map = Map::rhombus(side).unwrap();
        assert_eq!(map.neighbours(cell), expected, "side {side}, cell {cell}");
    }
}

#[test]
fn rhombus_adjacency_is_symmetric() {
    for side in MIN_SIDE as usize..=MAX_SIDE as usize {
        let map = Map::rhombus(side).unwrap();
        assert_eq!(map.len(), side * side);
        for p in 0..map.len() {
            for &q in map.neighbours(p) {
                assert!(
                    map.neighbours(q as usize).contains(&(p as u8)),
                    "side {side}: {p} touches {q} but not back"
                );
            }
        }
    }
}

#[test]
fn neighbours_are_drawn_next_to_each_other() {
    // Touching hexagons are one row apart and one column apart, or in
    // the same row two columns apart; the rows are runs of cells.
    for side in MIN_SIDE as usize..=MAX_SIDE as usize {
        let map = Map::rhombus(side).unwrap();
        assert_eq!((map.rows(), map.columns()), (side, 3 * side - 2));
        for row in 0..map.rows() {
            for cell in map.row(row) {
                assert_eq!(usize::from(map.place(cell).row), row);
            }
        }
        for p in 0..map.len() {
            let a = map.place(p);
            for &q in map.neighbours(p) {
                let b = map.place(usize::from(q));
                let (dr, dc) = (a.row.abs_diff(b.row), a.column.abs_diff(b.column));
                assert!(matches!((dr, dc), (1, 1) | (0, 2)), "{side}: {p} {q}");
            }
        }
    }
}

#[test]
fn offset_rows_touch_their_drawn_neighbours_both_ways() {
    // Each pair of hexagons drawn next to each other (one row and one
    // column apart, or the same row two columns apart) touches, both
    // ways, and no other pair does.
    for side in MIN_SIDE as usize..=MAX_SIDE as usize {
        let map = Map::offset(side).unwrap();
        assert_eq!(
            (map.len(), map.rows(), map.columns()),
            (side * side, side, 2 * side)
        );
        for p in 0..map.len() {
            let a = map.place(p);
            for q in 0..map.len() {
                let b = map.place(q);
                let (dr, dc) = (a.row.abs_diff(b.row), a.column.abs_diff(b.column));
                let drawn = matches!((dr, dc), (1, 1) | (0, 2));
                let touch = map.neighbours(p).contains(&(q as u8));
                assert_eq!(touch, drawn, "side {side}: {p} {q}");
            }
        }
    }
    assert_eq!(Map::offset(11), Err(MapError::Side(11)));
}

#[test]
fn sides_and_cell_counts_out_of_range_are_refused() {
    for side in [0, 1, 11, 100] {
        assert_eq!(Map::rhombus(side), Err(MapError::Side(side)));
    }
    for cells in [0, 1, 2, 5, 6, 99, 101, 121] {
        assert_eq!(Map::rhombus_of(cells), Err(MapError::NotSquare(cells)));
    }
    assert_eq!(Map::rhombus_of(100).unwrap().to_string(), "10x10");
}
