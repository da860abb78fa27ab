//! Where the cursor goes on a map of territories: to the nearest territory
//! whose centre lies in the direction of the arrow, and with `Tab` to the
//! next territory of the player to move. Pure functions of the map.

use crate::game::{Board, Map, Player};

/// A territory's centre in units that make the map's distances about
/// right: a half hexagon across, two for a row down (a row is about 1.7
/// half hexagons).
fn centre(map: &Map, cell: usize) -> (i32, i32) {
    let place = map.place(cell);
    (i32::from(place.column), 2 * i32::from(place.row))
}

/// The territory the cursor moves to from `from` for the arrow `(dx, dy)`
/// (`(1, 0)` right, `(0, -1)` up): of the centres ahead, the one nearest
/// along the arrow with a sideways offset counted three times, looking first
/// within about 60 degrees of the arrow; `None` when nothing lies ahead.
///
/// ```text
///   0 0 1 1        from 0, right is 1 and down is 2
///    0 2 2 1
/// ```
pub(super) fn toward(map: &Map, from: usize, (dx, dy): (i32, i32)) -> Option<usize> {
    let (x, y) = centre(map, from);
    let ahead = |cell: usize| {
        let (cx, cy) = centre(map, cell);
        let along = (cx - x) * dx + (cy - y) * dy;
        let across = ((cx - x) * dy - (cy - y) * dx).abs();
        (along > 0).then_some((along, across))
    };
    let best = |cone: bool| {
        (0..map.len())
            .filter(|&cell| cell != from)
            .filter_map(|cell| ahead(cell).map(|a| (cell, a)))
            .filter(|&(_, (along, across))| !cone || across <= 2 * along)
            .min_by_key(|&(cell, (along, across))| (along + 3 * across, cell))
            .map(|(cell, _)| cell)
    };
    best(true).or_else(|| best(false))
}

/// The next cell after `from` (`step` 1) or before it (`step` -1), in the
/// order of their numbers and wrapping round, that `player` owns, if any.
pub(super) fn next_own(board: &Board, player: Player, from: usize, step: isize) -> Option<usize> {
    let n = board.len() as isize;
    (1..=n)
        .map(|i| (from as isize + i * step).rem_euclid(n) as usize)
        .find(|&cell| board.cell(cell).owner() == player)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MapSetup;

    #[test]
    fn arrows_go_to_the_centre_in_their_direction() {
        // 0 0 1 1
        //  0 2 2 1
        // 3 3 2 4
        //  3 3 4 4
        let text = "0 0 1 1\n 0 2 2 1\n3 3 2 4\n 3 3 4 4\n0 a-1\n1 b-1\n2 a-1\n3 b-1\n4 a-1\n";
        let setup = MapSetup::parse(text).unwrap();
        let map = setup.map();
        let (right, left, up, down) = ((1, 0), (-1, 0), (0, -1), (0, 1));
        let cases = [
            (0, right, Some(1)),
            (0, down, Some(3)),
            (0, left, None),
            (0, up, None),
            (1, left, Some(0)),
            (1, down, Some(4)),
            (3, right, Some(2)),
            (3, up, Some(2)),
            (4, up, Some(1)),
            (4, left, Some(3)),
            (2, up, Some(0)),
        ];
        for (from, arrow, to) in cases {
            assert_eq!(toward(map, from, arrow), to, "{from} {arrow:?}");
        }
        let board = Board::new(setup.cells()).unwrap();
        assert_eq!(next_own(&board, Player::A, 0, 1), Some(2));
        assert_eq!(next_own(&board, Player::A, 4, 1), Some(0));
        assert_eq!(next_own(&board, Player::A, 0, -1), Some(4));
        assert_eq!(next_own(&board, Player::A, 2, -1), Some(0));
        assert_eq!(next_own(&board, Player::B, 3, 1), Some(1));
        assert_eq!(next_own(&board, Player::B, 1, -1), Some(3));
        assert_eq!(next_own(&board, Player::new(2).unwrap(), 3, 1), None);
    }
}
