//! Positions as pictures: a board or a map of territories drawn as an SVG
//! document, in the players' colours and with their letters, each cell's
//! dice drawn as dice, and a caption with the player to move and the score.
//!
//! Pure: it takes the game's values and returns an [`svg::Document`]; the
//! command line writes it (`dice-of-doom picture`) or puts one for every
//! move of a game in a web page (`replay --html`).
//!
//! - `board.rs`: where everything is drawn (a [`Layout`]): one hexagon a
//!   cell for a board, the grid's hexagons and the borders between
//!   territories for a map;
//! - `dice.rs`: the dice of a cell, stacked as Land of Lisp draws them or
//!   as one die's pips.
//!
//! Every cell is one group, `<g id="cell-N">`, so that a page can change a
//! cell's owner and dice without drawing the rest again ([`Picture::cell`]).

mod board;
mod dice;

#[cfg(test)]
#[path = "picture_tests.rs"]
mod tests;

use svg::Document;
use svg::node::element::{Group, Path, Rectangle, Text, Title};

use crate::game::{Player, Position, Rules};
pub use board::Layout;

/// The players' colours, `a` first, as `#rrggbb`: the Okabe-Ito palette the
/// terminal game paints with (orange, sky blue, bluish green, yellow, blue,
/// vermillion, reddish purple, and a light grey for the eighth).
pub const COLOURS: [&str; 8] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#BBBBBB",
];

/// The colour of the sea around and between territories.
pub const SEA: &str = "#EEF2F5";

/// The colour of lines: hexagon edges, borders, dice outlines, text.
pub(crate) const INK: &str = "#222222";

/// The colour of a player's cells.
pub fn colour(player: Player) -> &'static str {
    COLOURS[usize::from(player.index()) % COLOURS.len()]
}

/// How dice are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiceStyle {
    /// A stack of little cubes, as Land of Lisp draws them.
    #[default]
    Stacked,
    /// One die's face with as many pips as the cell has dice.
    Pips,
}

/// What a picture shows besides the cells' owners and dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// How dice are drawn.
    pub dice: DiceStyle,
    /// Each cell's number, as moves name it.
    pub numbers: bool,
    /// A caption under the board: the player to move and the score.
    pub caption: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            dice: DiceStyle::default(),
            numbers: false,
            caption: true,
        }
    }
}

/// The height of the caption under the board.
const CAPTION_HEIGHT: f64 = 58.0;

/// A picture of positions under one set of rules: the layout worked out
/// once, then any position drawn on it.
#[derive(Clone, Debug)]
pub struct Picture {
    rules: Rules,
    style: Style,
    layout: Layout,
}

impl Picture {
    /// The picture of positions under `rules`, drawn in `style`.
    pub fn new(rules: &Rules, style: Style) -> Picture {
        Picture {
            rules: rules.clone(),
            style,
            layout: Layout::of(rules.map(), style.dice),
        }
    }

    /// Where things are drawn: the cells' centres and the points that show
    /// their owners' colours.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The picture's width and height.
    pub fn size(&self) -> (f64, f64) {
        let caption = if self.style.caption {
            CAPTION_HEIGHT
        } else {
            0.0
        };
        (self.layout.width, self.layout.height + caption)
    }

    /// The whole picture of `position`; `note` (a move number, say) is added
    /// to the caption's first line.
    pub fn document(&self, position: &Position, note: &str) -> Document {
        let (width, height) = self.size();
        let mut document = Document::new()
            .set("viewBox", (0, 0, width, height))
            .set("width", width)
            .set("height", height)
            .set("font-family", "DejaVu Sans, Verdana, sans-serif")
            .add(Title::new(self.title(position)))
            .add(dice::definitions(self.style.dice))
            .add(
                Rectangle::new()
                    .set("width", width)
                    .set("height", height)
                    .set("fill", "#FFFFFF"),
            );
        if let Some(sea) = &self.layout.sea {
            document = document.add(Path::new().set("d", sea.clone()).set("fill", SEA));
        }
        let mut cells = Group::new().set("id", "cells");
        for cell in 0..self.rules.map().len() {
            let slot = Group::new()
                .set("id", format!("cell-{cell}"))
                .add(self.cell(position, cell));
            cells = cells.add(slot);
        }
        document = document.add(cells);
        if let Some(borders) = &self.layout.borders {
            document = document.add(
                Path::new()
                    .set("d", borders.clone())
                    .set("fill", "none")
                    .set("stroke", INK)
                    .set("stroke-width", 2.5)
                    .set("stroke-linecap", "round"),
            );
        }
        if self.style.caption {
            let slot = Group::new()
                .set("id", "caption")
                .add(self.caption(position, note));
            document = document.add(slot);
        }
        document
    }

    /// A cell of `position` as drawn: its area in its owner's colour, its
    /// owner's letter, its dice and (if asked for) its number.
    ///
    /// # Panics
    /// If the cell is not on the map.
    pub fn cell(&self, position: &Position, cell: usize) -> Group {
        let layout = &self.layout;
        let owned = position.board().cell(cell);
        let unit = layout.unit;
        let mut area = Path::new()
            .set("d", layout.areas[cell].clone())
            .set("fill", colour(owned.owner()));
        area = if layout.borders.is_some() {
            // The hexagons of a territory are one area: their edges are
            // drawn in its colour, so that no seam shows between them.
            area.set("stroke", colour(owned.owner()))
                .set("stroke-width", 1)
        } else {
            area.set("stroke", INK).set("stroke-width", 2)
        };
        let ((letter_x, letter_y), (number_x, number_y)) = layout.texts(cell);
        let mut group = Group::new()
            .set("class", format!("owner-{}", owned.owner()))
            .add(area)
            .add(dice::dice(
                self.style.dice,
                owned.dice(),
                layout.dice_base[cell],
                unit,
                layout.per_column,
            ));
        let letter = Text::new(owned.owner().to_string())
            .set("x", round(letter_x))
            .set("y", round(letter_y))
            .set("font-size", round(unit * 1.45))
            .set("font-weight", "bold")
            .set("text-anchor", "middle");
        let [halo, ink] = outlined(&letter, 3);
        group = group.add(halo).add(ink);
        if self.style.numbers {
            let number = Text::new(cell.to_string())
                .set("x", round(number_x))
                .set("y", round(number_y))
                .set("font-size", round(unit * 1.05))
                .set("text-anchor", "middle");
            let [halo, ink] = outlined(&number, 2);
            group = group.add(halo).add(ink);
        }
        group
    }

    /// The caption of `position`: who is to move (or who won), `note`, and
    /// each player's cells, in her colour and with her letter.
    pub fn caption(&self, position: &Position, note: &str) -> Group {
        let top = self.layout.height;
        let mut head = self.status(position);
        if !note.is_empty() {
            head = format!("{head} \u{b7} {note}");
        }
        let mut group = Group::new().add(
            Text::new(head)
                .set("x", 12)
                .set("y", round(top + 20.0))
                .set("font-size", 15)
                .set("fill", INK),
        );
        let counts = position.board().cell_counts();
        let mut x = 12.0;
        for player in Player::all(self.rules.players()) {
            let cells = counts[usize::from(player.index())];
            let mut square = Rectangle::new()
                .set("x", round(x))
                .set("y", round(top + 30.0))
                .set("width", 20)
                .set("height", 20)
                .set("fill", colour(player))
                .set("stroke", INK);
            if player == position.player() {
                square = square.set("stroke-width", 3);
            }
            group = group
                .add(square)
                .add(
                    Text::new(player.to_string())
                        .set("x", round(x + 10.0))
                        .set("y", round(top + 45.0))
                        .set("font-size", 14)
                        .set("font-weight", "bold")
                        .set("text-anchor", "middle")
                        .set("fill", INK),
                )
                .add(
                    Text::new(cells.to_string())
                        .set("x", round(x + 25.0))
                        .set("y", round(top + 45.0))
                        .set("font-size", 14)
                        .set("fill", INK),
                );
            x += 58.0;
        }
        group
    }

    /// The first line of the caption: the player to move, or how the game
    /// ended.
    fn status(&self, position: &Position) -> String {
        if position.is_game_over(&self.rules) {
            let winners = position.winners();
            let names: Vec<String> = winners.iter().map(|p| p.to_string()).collect();
            match names.len() {
                1 => format!("game over: {} wins", names[0]),
                _ => format!("game over: a tie between {}", names.join(" and ")),
            }
        } else {
            format!("{} to move", position.player())
        }
    }

    /// The document's title: the map, the player to move and the cells
    /// each player owns, for screen readers and tooltips.
    fn title(&self, position: &Position) -> String {
        let counts = position.board().cell_counts();
        let score: Vec<String> = Player::all(self.rules.players())
            .map(|p| format!("{p} {}", counts[usize::from(p.index())]))
            .collect();
        format!(
            "Dice of Doom, {}: {}; cells {}",
            self.rules.map(),
            self.status(position),
            score.join(", ")
        )
    }
}

/// `text` in ink over a white outline `width` wide, so that it reads on any
/// colour: the outline is a copy of the text underneath, stroked in white,
/// rather than `paint-order`, which some renderers (cairosvg) ignore and
/// then draw the white stroke over the ink.
fn outlined(text: &Text, width: u8) -> [Text; 2] {
    let halo = text
        .clone()
        .set("fill", "#FFFFFF")
        .set("stroke", "#FFFFFF")
        .set("stroke-width", width)
        .set("stroke-linejoin", "round");
    let ink = text.clone().set("fill", INK);
    [halo, ink]
}

/// The picture of one position, as `Picture::new(rules, style).document`.
pub fn draw(rules: &Rules, position: &Position, style: Style, note: &str) -> Document {
    Picture::new(rules, style).document(position, note)
}

/// A coordinate as written: to a tenth, so that the same picture is the
/// same text everywhere.
pub(crate) fn round(x: f64) -> f64 {
    let r = (x * 10.0).round() / 10.0;
    if r == 0.0 { 0.0 } else { r }
}
