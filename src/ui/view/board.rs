//! The board drawn beside the panel: the size each drawing takes (and the
//! smallest window that shows one), and the hexagons of a square grid
//! (a map of territories is drawn by `map_view`, as large as the window
//! allows).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::super::state::Target;
use super::bars::STATUS_LINES;
use super::frame::{BOLD, Canvas, Color, HitMap, Modifier, PLAIN, Style};
use super::map_view::{self, Look};
use super::raster::Scale;
use crate::game::Map;

/// The size of a hexagon: half its width `w`, the lines of each sloped edge
/// `k`, and the lines of its vertical sides `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hex {
    w: usize,
    k: usize,
    s: usize,
}

/// Eight columns by six lines: owner, dice and the cell's number inside.
const LARGE: Hex = Hex { w: 4, k: 2, s: 2 };
/// Four columns by four lines: owner and dice, and the cell's number below.
const MEDIUM: Hex = Hex { w: 2, k: 1, s: 2 };
/// Four columns by three lines: owner and dice only.
const SMALL: Hex = Hex { w: 2, k: 1, s: 1 };

impl Hex {
    fn board_width(self, map: &Map) -> usize {
        (map.columns() + 1) * self.w + 1
    }

    fn board_height(self, map: &Map) -> usize {
        map.rows() * (self.k + self.s) + self.k
    }

    /// The column of the cell's centre and the line of its top, from the
    /// board's top-left corner.
    fn origin(self, map: &Map, cell: usize) -> (usize, usize) {
        let place = map.place(cell);
        (
            self.w + usize::from(place.column) * self.w,
            usize::from(place.row) * (self.k + self.s),
        )
    }

    /// How far from the centre the sloped edge is on slope line `i` (0 at
    /// the point).
    fn slope(self, i: usize) -> usize {
        (2 * i + 1) * self.w / (2 * self.k)
    }
}

pub(super) const PANEL_MIN: usize = 30;
/// The panel's fewest columns beside a map of territories, which needs the
/// room more: the moves in one column (`14. 18 -> 25`), the buttons, the
/// log's entries wrapped.
pub(super) const MAP_PANEL_MIN: usize = 24;
pub(super) const PANEL_MAX: usize = 44;
pub(super) const PANEL_GAP: usize = 3;
pub(super) const BOARD_X: usize = 1;
pub(super) const BOARD_Y: usize = STATUS_LINES;
const MIN_PANEL_LINES: usize = 12;

/// The smallest window that shows a board of this map.
pub fn min_size(map: &Map) -> (u16, u16) {
    let (board_w, board_h, panel) = match map.grid() {
        Some(grid) => {
            let least = Scale::least(grid);
            (least.width, least.height, MAP_PANEL_MIN)
        }
        None => (SMALL.board_width(map), SMALL.board_height(map), PANEL_MIN),
    };
    let w = BOARD_X + board_w + PANEL_GAP + panel + 1;
    let h = BOARD_Y + board_h.max(MIN_PANEL_LINES) + 2;
    (w as u16, h as u16)
}

/// Whether a board `board_w` columns wide and `board_h` lines high fits a
/// `width` x `height` window beside the panel.
fn fits(board_w: usize, board_h: usize, width: usize, height: usize) -> bool {
    BOARD_X + board_w + PANEL_GAP + PANEL_MIN < width
        && BOARD_Y + board_h.max(MIN_PANEL_LINES) + 2 <= height
}

/// How the board is drawn: hexagons of a size, or a map of territories at
/// a scale.
#[derive(Clone, Copy)]
pub(super) enum Drawing {
    Hexes(Hex),
    Map(Scale),
}

impl Drawing {
    /// The largest drawing of the map that fits the window, if any.
    pub(super) fn choose(map: &Map, w: usize, h: usize) -> Option<Drawing> {
        match map.grid() {
            Some(grid) => {
                // The room under the status, beside the panel at its usual
                // width where the map's cells get two columns there, else
                // beside the narrowest panel.
                let room_h = h.checked_sub(BOARD_Y + 2)?;
                if room_h < MIN_PANEL_LINES {
                    return None;
                }
                let beside = |panel: usize| {
                    let room_w = w.checked_sub(BOARD_X + PANEL_GAP + panel + 1)?;
                    Scale::fitting(grid, room_w, room_h)
                };
                beside(PANEL_MIN)
                    .filter(|scale| scale.roomy(grid))
                    .or_else(|| beside(MAP_PANEL_MIN))
                    .map(Drawing::Map)
            }
            None => [LARGE, MEDIUM, SMALL]
                .into_iter()
                .find(|hex| fits(hex.board_width(map), hex.board_height(map), w, h))
                .map(Drawing::Hexes),
        }
    }

    pub(super) fn width(self, map: &Map) -> usize {
        match self {
            Drawing::Hexes(hex) => hex.board_width(map),
            Drawing::Map(scale) => scale.width,
        }
    }

    /// Whether every cell's number is drawn (else `#` shows them).
    pub(super) fn numbered(self) -> bool {
        match self {
            Drawing::Hexes(hex) => hex.s > 1,
            Drawing::Map(_) => true,
        }
    }
}

/// The board as a ratatui widget, whichever way it is drawn (hexagons, a
/// map of territories, a small map), from the top left of its area; a click
/// on a cell's drawing hits its cell.
pub(super) struct BoardWidget<'a> {
    /// What is drawn, and how.
    pub(super) look: Look<'a>,
    /// The way it is drawn, and its size.
    pub(super) drawing: Drawing,
    /// The hit map, filled as the cells are drawn.
    pub(super) hits: &'a mut HitMap,
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        let mut canvas = Canvas {
            buffer,
            hits: self.hits,
        };
        let at = (usize::from(area.x), usize::from(area.y));
        match self.drawing {
            Drawing::Hexes(hex) => draw(&mut canvas, &self.look, hex, at),
            Drawing::Map(scale) => map_view::draw(&mut canvas, &self.look, scale, at),
        }
    }
}

/// Draws the board in hexagons of the size `hex` with its top-left corner
/// at column `left` and line `up`.
fn draw(frame: &mut Canvas, look: &Look, hex: Hex, (left, up): (usize, usize)) {
    let Look {
        app,
        marks,
        color,
        paint,
    } = *look;
    let position = app.shown_position();
    let map = app.rules().map();
    let marker_style = Style {
        fg: color.then_some(Color::LightYellow),
        ..BOLD
    };
    for cell in 0..position.board().len() {
        let (cx, top) = hex.origin(map, cell);
        let (cx, top) = (cx + left, top + up);
        // Sloped edges above and below, and the interiors beside them.
        for i in 0..hex.k {
            let d = hex.slope(i);
            let below = top + 2 * hex.k + hex.s - 1 - i;
            frame.put(cx - d, top + i, '/', PLAIN);
            frame.put(cx + d, top + i, '\\', PLAIN);
            frame.put(cx - d, below, '\\', PLAIN);
            frame.put(cx + d, below, '/', PLAIN);
            if d > 1 {
                frame.mark(cx - d + 1, top + i, 2 * d - 1, Target::Cell(cell));
                frame.mark(cx - d + 1, below, 2 * d - 1, Target::Cell(cell));
            } else {
                frame.mark(cx, top + i, 1, Target::Cell(cell));
                frame.mark(cx, below, 1, Target::Cell(cell));
            }
        }
        for j in 0..hex.s {
            let y = top + hex.k + j;
            frame.put(cx - hex.w, y, '|', PLAIN);
            frame.put(cx + hex.w, y, '|', PLAIN);
            frame.mark(cx - hex.w + 1, y, 2 * hex.w - 1, Target::Cell(cell));
        }
        let c = position.board().cell(cell);
        // The mark of the moment first; the last attack's (`>` its
        // attacker, `<` its target, their owner and dice underlined) in
        // the next place free.
        let current = marks.current(cell);
        let last = marks.last_attack(cell);
        let marker = current.or(last).unwrap_or(' ');
        let after = if current.is_some() { last } else { None };
        let owner = paint(c.owner());
        let owner = if last.is_some() {
            owner.add_modifier(Modifier::UNDERLINED)
        } else {
            owner
        };
        let dice = char::from(b'0' + c.dice() % 10);
        let y = top + hex.k;
        if hex.s == 1 && app.show_numbers() {
            // No room for the number below: it takes the owner's and dice's
            // place while `#` shows the numbers.
            let number = format!("{cell:<2}");
            frame.write(cx - 1, y, cx + 1, &number, BOLD);
            frame.put(cx + 1, y, marker, marker_style);
        } else if hex.w == 2 {
            frame.put(cx - 1, y, c.owner().letter(), owner);
            frame.put(cx, y, dice, owner);
            frame.put(cx + 1, y, marker, marker_style);
        } else {
            let left = last.or(current).unwrap_or(' ');
            frame.put(cx - 3, y, left, marker_style);
            frame.put(cx - 1, y, c.owner().letter(), owner);
            frame.put(cx + 1, y, dice, owner);
            frame.put(cx + 3, y, marker, marker_style);
        }
        if hex.s > 1 {
            let number = cell.to_string();
            frame.write(cx - number.len() / 2, y + 1, cx + hex.w, &number, PLAIN);
            if let (Some(last), 2) = (after, hex.w) {
                frame.put(cx + 1, y + 1, last, marker_style);
            }
        }
        if marks.cursor == Some(cell) {
            for j in 0..hex.s {
                for x in cx - hex.w + 1..cx + hex.w {
                    frame.restyle(x, top + hex.k + j, |s| s.add_modifier(Modifier::REVERSED));
                }
            }
        }
    }
}
