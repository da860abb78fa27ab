//! A map of territories drawn small, for windows too small for
//! `map_view`'s bricks: one character a map cell (or, for a tall map, one
//! character for two rows of cells), each the letter of its territory's
//! owner in the owner's colour, neighbouring territories told apart by
//! upper and lower case, and at each territory's centre its dice as a digit
//! (its number instead, while the numbers are shown with `#`), with the
//! marks of a source, its targets and the cells that can attack beside it.
//! Every character is a click on its territory. Pure: state and size in,
//! glyphs out.

use super::super::state::Target;
use ratatui::backend::FromCrossterm as _;

use super::frame::{Canvas, Color, Modifier, Style, has, set};
use super::map_view::Look;
use crate::game::{Board, Grid, Map};
use crate::ui::render::player_color;

/// How many rows of the map's cells one line of the drawing shows (1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Compact {
    rows: usize,
}

/// The compact drawings, largest first.
pub(super) const COMPACTS: [Compact; 2] = [Compact { rows: 1 }, Compact { rows: 2 }];

impl Compact {
    /// The columns and lines the drawing takes.
    pub(super) fn size(self, grid: &Grid) -> (usize, usize) {
        (grid.width(), grid.height().div_ceil(self.rows))
    }

    /// The territory each character shows, line by line: of the rows a
    /// line shows, the first that has land there; then every territory
    /// that shows nowhere (squeezed out by two rows a line) takes the
    /// character of its first cell.
    fn characters(self, grid: &Grid, territories: usize) -> Vec<Vec<Option<u8>>> {
        let (width, height) = self.size(grid);
        let mut out: Vec<Vec<Option<u8>>> = (0..height)
            .map(|line| {
                (0..width)
                    .map(|x| {
                        (line * self.rows..(line + 1) * self.rows)
                            .filter(|&y| y < grid.height())
                            .find_map(|y| grid.get(x, y))
                    })
                    .collect()
            })
            .collect();
        for t in 0..territories {
            let t = t as u8;
            if out.iter().flatten().any(|&c| c == Some(t)) {
                continue;
            }
            if let Some((x, y, _)) = grid.cells().find(|&(_, _, c)| c == Some(t)) {
                out[y / self.rows][x] = Some(t);
            }
        }
        out
    }
}

/// Upper case or not for each territory: a territory is drawn in the case
/// its lower-numbered neighbours of the same owner use least, so that
/// neighbours of the same owner can be told apart.
fn cases(map: &Map, board: &Board) -> Vec<bool> {
    let mut upper = vec![false; map.len()];
    for t in 0..map.len() {
        let owner = board.cell(t).owner();
        let before: Vec<bool> = map
            .neighbours(t)
            .iter()
            .map(|&n| usize::from(n))
            .filter(|&n| n < t && board.cell(n).owner() == owner)
            .map(|n| upper[n])
            .collect();
        let ups = before.iter().filter(|&&u| u).count();
        upper[t] = ups < before.len() - ups;
    }
    upper
}

/// Where each territory's label goes: of the characters showing it, the
/// one nearest its centre with room for two characters of it (its number),
/// else the nearest; as `(x, line, room for two)`.
fn label_places(
    map: &Map,
    chars: &[Vec<Option<u8>>],
    rows: usize,
) -> Vec<Option<(usize, usize, bool)>> {
    (0..map.len())
        .map(|t| {
            let place = map.place(t);
            let (cx, cy) = (usize::from(place.column) / 2, usize::from(place.row) / rows);
            let is_t = |x: usize, y: usize| {
                chars
                    .get(y)
                    .and_then(|line| line.get(x))
                    .is_some_and(|&c| c == Some(t as u8))
            };
            chars
                .iter()
                .enumerate()
                .flat_map(|(y, line)| (0..line.len()).map(move |x| (x, y)))
                .filter(|&(x, y)| is_t(x, y))
                .map(|(x, y)| {
                    let two = is_t(x + 1, y);
                    let distance = x.abs_diff(cx).pow(2) + (2 * y.abs_diff(cy)).pow(2);
                    ((!two, distance), (x, y, two))
                })
                .min_by_key(|&(key, _)| key)
                .map(|(_, at)| at)
        })
        .collect()
}

/// Draws the map small with its top-left corner at column `left` and line
/// `top`.
pub(super) fn draw(frame: &mut Canvas, look: &Look, compact: Compact, (left, top): (usize, usize)) {
    let Look {
        app,
        marks,
        color,
        paint,
    } = *look;
    let map = app.rules().map();
    let Some(grid) = map.grid() else { return };
    let position = app.shown_position();
    let board = position.board();
    let chars = compact.characters(grid, map.len());
    let upper = cases(map, board);
    let land = |t: usize| {
        let owner = board.cell(t).owner();
        let fg = color.then(|| Color::from_crossterm(player_color(owner)));
        let style = set(Style { fg, ..Style::new() }, Modifier::REVERSED, color);
        if marks.cursor == Some(t) {
            set(style, Modifier::REVERSED, !color).add_modifier(Modifier::BOLD)
        } else {
            style
        }
    };
    for (y, line) in chars.iter().enumerate() {
        for (x, &c) in line.iter().enumerate() {
            let Some(t) = c.map(usize::from) else {
                continue;
            };
            let letter = board.cell(t).owner().letter();
            let letter = if upper[t] {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            frame.put(left + x, top + y, letter, land(t));
            frame.mark(left + x, top + y, 1, Target::Cell(t));
        }
    }
    let marker_fg = color.then_some(Color::LightYellow);
    for (t, at) in label_places(map, &chars, compact.rows)
        .into_iter()
        .enumerate()
    {
        let Some((x, y, two)) = at else { continue };
        let (x, y) = (left + x, top + y);
        let reversed = has(land(t), Modifier::REVERSED);
        let style = set(paint(board.cell(t).owner()), Modifier::REVERSED, reversed);
        if app.show_numbers() {
            let number = t.to_string();
            let end = if two { x + 2 } else { x + 1 };
            let number = if number.len() > end - x {
                &number[number.len() - 1..]
            } else {
                &number
            };
            frame.write(x, y, end, number, style.add_modifier(Modifier::BOLD));
            continue;
        }
        frame.put(x, y, char::from(b'0' + board.cell(t).dice() % 10), style);
        let marker = if marks.marked == Some(t) {
            Some('@')
        } else if marks.targets.contains(&t) {
            Some('!')
        } else if marks.sources.contains(&t) {
            Some('*')
        } else {
            None
        };
        if let (Some(marker), true) = (marker, two) {
            let style = Style {
                fg: marker_fg.or(style.fg),
                ..land(t).add_modifier(Modifier::BOLD)
            };
            frame.put(x + 1, y, marker, style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MapSetup;

    #[test]
    fn every_territory_shows_even_two_rows_a_line() {
        // Territory 2 has only the second row's cell of a line.
        let text = "0 0 1 1\n 0 2 1 1\n3 3 3 3\n 3 3 3 3\n0 a-1\n1 b-1\n2 a-1\n3 b-1\n";
        let setup = MapSetup::parse(text).unwrap();
        let map = setup.map();
        let grid = map.grid().unwrap();
        for compact in COMPACTS {
            let chars = compact.characters(grid, map.len());
            for t in 0..map.len() {
                assert!(
                    chars.iter().flatten().any(|&c| c == Some(t as u8)),
                    "{compact:?}: {t} in {chars:?}"
                );
            }
            let places = label_places(map, &chars, compact.rows);
            assert!(places.iter().all(Option::is_some), "{places:?}");
        }
        assert_eq!(COMPACTS[1].size(grid), (4, 2));
        // Neighbours 0 and 2 (both a's) are told apart by their case.
        let board = Board::new(setup.cells()).unwrap();
        let upper = cases(map, &board);
        assert_ne!(upper[0], upper[2]);
    }
}
