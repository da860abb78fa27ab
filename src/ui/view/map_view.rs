//! A map of territories in the full-screen game: its hexagon cells drawn as
//! bricks of characters (each row half a cell right or left of the next, so
//! that a cell touches two above and two below, as hexagons do), with a
//! border between different territories and none inside one, each
//! territory's owner, dice and number at its centre, and every character of
//! a territory a click on it. Pure: state and size in, glyphs out.

use super::super::state::{App, Target};
use ratatui::backend::FromCrossterm as _;

use super::frame::{Canvas, Color, Modifier, Style, has, set};
use crate::game::{Grid, Player};

/// How large a cell is drawn: `width` columns by `lines` lines; odd rows sit
/// `width / 2` columns right, so that each cell's columns overlap those of
/// two cells above and two below, as a hexagon touches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scale {
    width: usize,
    lines: usize,
}

/// The scales tried, largest first (on one line a cell, labels would run
/// into the borders: the compact drawing takes over).
const SCALES: [Scale; 2] = [Scale { width: 4, lines: 2 }, Scale { width: 3, lines: 2 }];

impl Scale {
    /// The columns and lines the map takes: its cells, the half cell odd
    /// rows are shifted by, a column for the last border and a line for
    /// the top border.
    pub(super) fn size(self, grid: &Grid) -> (usize, usize) {
        (
            grid.width() * self.width + self.width / 2 + 1,
            grid.height() * self.lines + 1,
        )
    }

    /// The grid cell under column `x` and line `y` of the drawing, if any
    /// (line 0 is the border above the first row).
    fn cell(self, grid: &Grid, x: usize, y: usize) -> Option<(usize, usize)> {
        let row = y.checked_sub(1)? / self.lines;
        let shift = (row & 1) * self.width / 2;
        let column = x.checked_sub(shift)? / self.width;
        (row < grid.height() && column < grid.width()).then_some((column, row))
    }

    /// The territory under column `x` and line `y`, `None` for sea.
    fn owner(self, grid: &Grid, x: usize, y: usize) -> Option<u8> {
        self.cell(grid, x, y).and_then(|(cx, cy)| grid.get(cx, cy))
    }

    /// Whether column `x` of line `y` is the first of a cell (or past the
    /// last cell of the row), where a border with the cell to the left goes.
    fn starts_cell(self, y: usize, x: usize) -> bool {
        let row = y.saturating_sub(1) / self.lines;
        let shift = (row & 1) * self.width / 2;
        x >= shift && (x - shift).is_multiple_of(self.width)
    }

    /// The column and line of the top-left character of cell `(cx, cy)`.
    fn origin(self, cx: usize, cy: usize) -> (usize, usize) {
        (
            cx * self.width + (cy & 1) * self.width / 2,
            1 + cy * self.lines,
        )
    }
}

/// The largest scale at which the map fits `fits` (given its columns and
/// lines), if any.
pub(super) fn scale_for(grid: &Grid, fits: impl Fn(usize, usize) -> bool) -> Option<Scale> {
    SCALES.into_iter().find(|s| {
        let (w, h) = s.size(grid);
        fits(w, h)
    })
}

/// What a drawing of the board shows, and how: the game, its marks, in
/// colour or not, each player's style.
#[derive(Clone, Copy)]
pub(super) struct Look<'a> {
    pub(super) app: &'a App,
    pub(super) marks: &'a Marks,
    pub(super) color: bool,
    pub(super) paint: &'a dyn Fn(Player) -> Style,
}

/// What the map shows of the game besides owners and dice: the marked
/// source, its targets, the cells that can attack, and the cursor (none
/// in a replay, where the arrows step through the game instead).
pub(super) struct Marks {
    pub(super) marked: Option<usize>,
    pub(super) targets: Vec<usize>,
    pub(super) sources: Vec<usize>,
    pub(super) cursor: Option<usize>,
}

/// Draws the map with its top-left corner at column `left` and line `top`.
pub(super) fn draw(frame: &mut Canvas, look: &Look, scale: Scale, (left, top): (usize, usize)) {
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
    let (width, height) = scale.size(grid);
    let marker_fg = color.then_some(Color::LightYellow);
    for y in 0..height {
        for x in 0..width {
            let here = scale.owner(grid, x, y);
            let left_owner = x.checked_sub(1).and_then(|l| scale.owner(grid, l, y));
            let last_line = y == 0 || (y - 1) % scale.lines == scale.lines - 1;
            let glyph = if scale.starts_cell(y, x) && y > 0 && left_owner != here {
                '|'
            } else if last_line && scale.owner(grid, x, y + 1) != here {
                '_'
            } else {
                ' '
            };
            let Some(t) = here.map(usize::from) else {
                frame.put(left + x, top + y, glyph, Style::new());
                continue;
            };
            // Land: in colour, a block of its owner's colour; the cursor's
            // territory is drawn the other way round.
            let owner = board.cell(t).owner();
            let fg = color.then(|| Color::from_crossterm(crate::ui::render::player_color(owner)));
            let mut style = set(Style { fg, ..Style::new() }, Modifier::REVERSED, color);
            if marks.cursor == Some(t) {
                style = set(style, Modifier::REVERSED, !color).add_modifier(Modifier::BOLD);
            }
            let glyph = match glyph {
                ' ' if marks.marked == Some(t) => '@',
                ' ' if marks.targets.contains(&t) => '!',
                g => g,
            };
            let style = if glyph == '@' || glyph == '!' {
                Style {
                    fg: marker_fg,
                    ..style
                }
            } else {
                style
            };
            frame.put(left + x, top + y, glyph, style);
            frame.mark(left + x, top + y, 1, Target::Cell(t));
        }
    }
    for t in 0..map.len() {
        label(frame, app, scale, (left, top), t, marks, paint);
    }
}

/// Writes a territory's owner and dice (`b3`) at its centre, with `@`, `!`
/// or `*` after them when it is the marked source, a target or a cell that
/// can attack, and its number on the line above or below (where
/// [`label_at`] puts them).
fn label(
    frame: &mut Canvas,
    app: &App,
    scale: Scale,
    (left, top): (usize, usize),
    t: usize,
    marks: &Marks,
    paint: &dyn Fn(Player) -> Style,
) {
    let map = app.rules().map();
    let Some(grid) = map.grid() else { return };
    let place = map.place(t);
    let (cx, cy) = (usize::from(place.column) / 2, usize::from(place.row));
    let (x, dice_line, number_line) = label_at(scale, grid, t as u8, scale.origin(cx, cy));
    let cell = app.shown_position().board().cell(t);
    let reversed = has(
        frame.style_at(left + x, top + dice_line),
        Modifier::REVERSED,
    );
    let style = set(paint(cell.owner()), Modifier::REVERSED, reversed);
    frame.put(left + x, top + dice_line, cell.owner().letter(), style);
    let dice = char::from(b'0' + cell.dice() % 10);
    frame.put(left + x + 1, top + dice_line, dice, style);
    let marker = if marks.marked == Some(t) {
        Some('@')
    } else if marks.targets.contains(&t) {
        Some('!')
    } else if marks.sources.contains(&t) {
        Some('*')
    } else {
        None
    };
    if let Some(marker) = marker {
        let at = (left + x + 2, top + dice_line);
        let marker_style = frame.style_at(at.0, at.1).add_modifier(Modifier::BOLD);
        frame.put(at.0, at.1, marker, marker_style);
    }
    let number = format!("{t:>2}");
    let number_style = frame
        .style_at(left + x, top + number_line)
        .remove_modifier(Modifier::BOLD);
    frame.write(
        left + x,
        top + number_line,
        left + x + 2,
        &number,
        number_style,
    );
}

/// Where a territory's label goes: the column of its first character, the
/// line of its owner and dice and the line of its number. A cell two lines
/// high holds both, after its border; on cells one line high, the two
/// characters of each line are placed where most of them fall inside the
/// territory (not on a border), nearest the centre cell at `(x0, y0)`.
fn label_at(scale: Scale, grid: &Grid, t: u8, (x0, y0): (usize, usize)) -> (usize, usize, usize) {
    if scale.lines > 1 {
        return (x0 + 1, y0 + 1, y0);
    }
    let own = |x: usize, y: usize| scale.owner(grid, x, y) == Some(t);
    // Inside: the territory's, and no border drawn there.
    let inside = |x: usize, y: usize| {
        let bordered = scale.starts_cell(y, x) && !x.checked_sub(1).is_some_and(|l| own(l, y));
        own(x, y) && !bordered
    };
    let (width, height) = scale.size(grid);
    // The best place so far, and its score (most inside, then nearest).
    type Best = ((usize, usize, usize), (std::cmp::Reverse<usize>, usize));
    let mut best: Option<Best> = None;
    for y in 1..height {
        for x in 0..width {
            // The owner and dice always on the territory.
            if !(own(x, y) && own(x + 1, y)) {
                continue;
            }
            for number_line in [y - 1, y + 1] {
                let score = [(x, y), (x + 1, y), (x, number_line), (x + 1, number_line)]
                    .iter()
                    .filter(|&&(cx, cy)| inside(cx, cy))
                    .count();
                let distance = x.abs_diff(x0 + 1).pow(2) + (2 * y.abs_diff(y0)).pow(2);
                let key = (std::cmp::Reverse(score), distance);
                if best.is_none_or(|(_, k)| key < k) {
                    best = Some(((x, y, number_line), key));
                }
            }
        }
    }
    best.map_or((x0 + 1, y0, y0.saturating_sub(1)), |(at, _)| at)
}

#[cfg(test)]
#[path = "map_view_tests.rs"]
mod tests;
