//! A cell's dice: a stack of little cubes (Land of Lisp's drawing; a cell
//! with more dice than a stack holds has stacks side by side), or one die's
//! face with as many pips as the cell has dice (one to nine, three rows of
//! three).

use svg::node::element::path::Data;
use svg::node::element::{Circle, Definitions, Group, Path, Rectangle, Use};

use super::{DiceStyle, INK, round};

/// `sqrt(3) / 2`.
const HALF_ROOT3: f64 = 0.866_025_403_784_438_6;

/// The definitions a picture's dice use: one cube, `#die`, of edge 1, its
/// bottom corner at the origin (empty for pips, which are drawn each time).
pub(super) fn definitions(style: DiceStyle) -> Definitions {
    let definitions = Definitions::new();
    if style == DiceStyle::Pips {
        return definitions;
    }
    let c = HALF_ROOT3;
    let face = |points: [(f64, f64); 4], fill: &str| {
        let [first, rest @ ..] = points;
        let mut data = Data::new().move_to(first);
        for p in rest {
            data = data.line_to(p);
        }
        Path::new()
            .set("d", data.close())
            .set("fill", fill.to_string())
            .set("stroke", INK)
            .set("stroke-width", 0.12)
            .set("stroke-linejoin", "round")
    };
    let cube = Group::new()
        .set("id", "die")
        .add(face(
            [(0.0, 0.0), (-c, -0.5), (-c, -1.5), (0.0, -1.0)],
            "#E4E4E4",
        ))
        .add(face(
            [(0.0, 0.0), (c, -0.5), (c, -1.5), (0.0, -1.0)],
            "#C4C4C4",
        ))
        .add(face(
            [(0.0, -1.0), (-c, -1.5), (0.0, -2.0), (c, -1.5)],
            "#FFFFFF",
        ))
        .add(
            svg::node::element::Ellipse::new()
                .set("cx", 0)
                .set("cy", -1.5)
                .set("rx", 0.2)
                .set("ry", 0.12)
                .set("fill", INK),
        );
    definitions.add(cube)
}

/// The dice of a cell: `count` of them standing on `base` (the bottom of
/// the stacks, or the centre of the face of pips), a die's edge `unit`.
pub(super) fn dice(
    style: DiceStyle,
    count: u8,
    base: (f64, f64),
    unit: f64,
    per_column: u8,
) -> Group {
    match style {
        DiceStyle::Stacked => stacks(count, base, unit, per_column.max(1)),
        DiceStyle::Pips => pips(count, base, unit),
    }
}

/// Stacks of cubes, at most `per_column` a stack, side by side.
fn stacks(count: u8, (x, y): (f64, f64), unit: f64, per_column: u8) -> Group {
    let columns = count.div_ceil(per_column).max(1);
    let mut group = Group::new().set("class", "dice");
    for column in 0..columns {
        let in_column = (count - column * per_column).min(per_column);
        let offset = (f64::from(column) - f64::from(columns - 1) / 2.0) * 1.75 * unit;
        for level in 0..in_column {
            let (dx, dy) = (x + offset, y - f64::from(level) * unit);
            group = group.add(Use::new().set("href", "#die").set(
                "transform",
                format!(
                    "translate({} {}) scale({})",
                    round(dx),
                    round(dy),
                    round(unit)
                ),
            ));
        }
    }
    group
}

/// The pips of a face showing `count` (1 to 9), as indices of a three by
/// three grid read row by row.
fn pip_cells(count: u8) -> &'static [usize] {
    match count {
        0 => &[],
        1 => &[4],
        2 => &[0, 8],
        3 => &[0, 4, 8],
        4 => &[0, 2, 6, 8],
        5 => &[0, 2, 4, 6, 8],
        6 => &[0, 2, 3, 5, 6, 8],
        7 => &[0, 2, 3, 4, 5, 6, 8],
        8 => &[0, 1, 2, 3, 5, 6, 7, 8],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
    }
}

/// One die's face centred on `(x, y)` with `count` pips.
fn pips(count: u8, (x, y): (f64, f64), unit: f64) -> Group {
    let side = 2.6 * unit;
    let mut group = Group::new().set("class", "dice").add(
        Rectangle::new()
            .set("x", round(x - side / 2.0))
            .set("y", round(y - side / 2.0))
            .set("width", round(side))
            .set("height", round(side))
            .set("rx", round(side / 6.0))
            .set("fill", "#FFFFFF")
            .set("stroke", INK)
            .set("stroke-width", 1),
    );
    let step = side / 3.4;
    for &cell in pip_cells(count) {
        let (column, row) = ((cell % 3) as f64 - 1.0, (cell / 3) as f64 - 1.0);
        group = group.add(
            Circle::new()
                .set("cx", round(x + column * step))
                .set("cy", round(y + row * step))
                .set("r", round(side / 11.0))
                .set("fill", INK),
        );
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_count_of_pips_has_that_many_pips() {
        for count in 1..=9 {
            assert_eq!(pip_cells(count).len(), usize::from(count));
        }
    }

    #[test]
    fn a_stack_holds_every_die() {
        for (count, per_column) in [(1, 3), (3, 3), (4, 3), (9, 3), (8, 4), (5, 4)] {
            let text = stacks(count, (0.0, 0.0), 7.0, per_column).to_string();
            assert_eq!(text.matches("<use").count(), usize::from(count), "{text}");
        }
    }
}
