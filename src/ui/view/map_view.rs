//! A map of territories in the full-screen game, drawn as large as the
//! window allows: a raster of characters each standing for a hexagon cell
//! (`raster`), borders between different territories and none inside one,
//! each territory's number, owner and dice at its middle (`labels`), the
//! marks of the moment and of the last attack beside them, and every
//! character of a territory a click on it. Pure: state and size in, glyphs
//! out.

use super::super::state::{App, Target};
use ratatui::backend::FromCrossterm as _;

use super::frame::{Canvas, Color, Modifier, Style, has, set};
use super::labels::lay_out;
use super::raster::{Edge, Scale};
use crate::game::Player;

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
/// source, its targets, the cells that can attack, the cursor (none in a
/// replay, where the arrows step through the game instead), and the last
/// attack played (its attacker and its target).
pub(super) struct Marks {
    pub(super) marked: Option<usize>,
    pub(super) targets: Vec<usize>,
    pub(super) sources: Vec<usize>,
    pub(super) cursor: Option<usize>,
    pub(super) last: Option<(usize, usize)>,
}

impl Marks {
    /// The mark of the moment beside cell `t`: `@` the marked source, `!`
    /// one of its targets, `*` a cell that can attack.
    pub(super) fn current(&self, t: usize) -> Option<char> {
        if self.marked == Some(t) {
            Some('@')
        } else if self.targets.contains(&t) {
            Some('!')
        } else if self.sources.contains(&t) {
            Some('*')
        } else {
            None
        }
    }

    /// The last attack's mark beside cell `t`: `>` its attacker, `<` its
    /// target.
    pub(super) fn last_attack(&self, t: usize) -> Option<char> {
        match self.last {
            Some((from, _)) if from == t => Some('>'),
            Some((_, to)) if to == t => Some('<'),
            _ => None,
        }
    }
}

/// Draws the map at `scale` with its top-left corner at column `left` and
/// line `top`.
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
    let (raster, labels) = lay_out(map, grid, scale);
    let land = |t: usize| {
        let owner = board.cell(t).owner();
        let fg = color.then(|| Color::from_crossterm(crate::ui::render::player_color(owner)));
        let style = set(Style { fg, ..Style::new() }, Modifier::REVERSED, color);
        if marks.cursor == Some(t) {
            set(style, Modifier::REVERSED, !color).add_modifier(Modifier::BOLD)
        } else {
            style
        }
    };
    let marker_fg = color.then_some(Color::LightYellow);
    for (x, y) in raster.places() {
        let edge = raster.edge_at(x, y);
        let (at_x, at_y) = (left + x, top + y);
        let Some(t) = raster.at(x, y).map(usize::from) else {
            frame.put(at_x, at_y, edge.glyph(), Style::new());
            continue;
        };
        // The marked source and its targets filled with their marks.
        let glyph = match (edge, marks.current(t)) {
            (Edge::None, Some(m @ ('@' | '!'))) => m,
            _ => edge.glyph(),
        };
        let style = if glyph == '@' || glyph == '!' {
            Style {
                fg: marker_fg,
                ..land(t)
            }
        } else {
            land(t)
        };
        frame.put(at_x, at_y, glyph, style);
        frame.mark(at_x, at_y, 1, Target::Cell(t));
    }
    for (t, label) in labels.into_iter().enumerate() {
        let cell = board.cell(t);
        let at = |(x, y): (usize, usize)| (left + x, top + y);
        let (x, y) = at((label.x, label.y));
        // The last attack's labels the other way round from their land.
        let last = marks.last_attack(t);
        let reversed = has(frame.style_at(x, y), Modifier::REVERSED) != last.is_some();
        let style = set(paint(cell.owner()), Modifier::REVERSED, reversed);
        let owner_dice = format!("{}{}", cell.owner().letter(), cell.dice());
        for (px, py, text) in label.parts(t, &owner_dice) {
            for (i, ch) in text.chars().enumerate() {
                // A border below kept as an underline under the label.
                let edge = raster.edge_at(px + i, py) == Edge::Below;
                let style = set(style, Modifier::UNDERLINED, edge);
                let (cx, cy) = at((px + i, py));
                frame.put(cx, cy, ch, style);
            }
        }
        // The marks after the label, where the territory has room.
        let mut places = label
            .mark_places(t)
            .into_iter()
            .filter(|&(mx, my)| raster.open(t as u8, mx, my));
        for mark in [marks.current(t), last].into_iter().flatten() {
            let Some(place) = places.next() else { break };
            let edge = raster.edge_at(place.0, place.1) == Edge::Below;
            let (mx, my) = at(place);
            let style = frame.style_at(mx, my).add_modifier(Modifier::BOLD);
            let style = set(style, Modifier::UNDERLINED, edge);
            frame.put(mx, my, mark, style);
        }
    }
}

#[cfg(test)]
#[path = "map_view_tests.rs"]
mod tests;
