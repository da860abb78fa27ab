//! The screen as a grid: [`Frame`], a ratatui [`Buffer`] of styled
//! characters with a [`HitMap`] of what a click on each character hits,
//! filled as ratatui's text ([`Line`]s of [`Span`]s) is drawn: a
//! [`Button`]'s span marks its key where it lands. No I/O.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
pub use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::super::state::{Key, Target};

/// No colour, no modifier.
pub const PLAIN: Style = Style::new();

/// Bold.
pub const BOLD: Style = Style::new().add_modifier(Modifier::BOLD);

/// A length or place in characters as ratatui takes it (the largest where
/// it is larger).
pub(super) fn len(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// `style` whole: drawn over a character, it replaces that character's
/// style rather than adding to it (no colour: the terminal's own).
pub(super) fn whole(style: Style) -> Style {
    Style::reset().patch(style)
}

/// One character on the screen and its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character.
    pub ch: char,
    /// How it is drawn.
    pub style: Style,
}

impl Glyph {
    /// Whether it is bold.
    pub fn bold(&self) -> bool {
        has(self.style, Modifier::BOLD)
    }

    /// Whether it is drawn in reverse video.
    pub fn reversed(&self) -> bool {
        has(self.style, Modifier::REVERSED)
    }
}

/// What a click on each character of a screen hits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HitMap {
    width: u16,
    height: u16,
    targets: Vec<Option<Target>>,
}

impl HitMap {
    /// A map of `width` x `height` characters that hit nothing.
    pub fn new(width: u16, height: u16) -> HitMap {
        HitMap {
            width,
            height,
            targets: vec![None; usize::from(width) * usize::from(height)],
        }
    }

    /// What a click at column `x`, row `y` (from 0) hits.
    pub fn target_at(&self, x: u16, y: u16) -> Option<Target> {
        self.index(usize::from(x), usize::from(y))
            .and_then(|i| self.targets[i])
    }

    /// Where a target can be clicked: its first character.
    pub fn find(&self, target: Target) -> Option<(u16, u16)> {
        let i = self.targets.iter().position(|&t| t == Some(target))?;
        let w = usize::from(self.width);
        Some(((i % w) as u16, (i / w) as u16))
    }

    fn index(&self, x: usize, y: usize) -> Option<usize> {
        (x < usize::from(self.width) && y < usize::from(self.height))
            .then(|| y * usize::from(self.width) + x)
    }

    /// Clicks on `len` characters from column `x` of row `y` hit `target`
    /// (`None`: nothing).
    fn set(&mut self, x: usize, y: usize, len: usize, target: Option<Target>) {
        for col in x..x + len {
            if let Some(i) = self.index(col, y) {
                self.targets[i] = target;
            }
        }
    }

    /// Marks where the spans of `buttons` land in `line`, drawn from column
    /// `x` of row `y` and cut at column `end`.
    fn buttons(&mut self, x: usize, y: usize, end: usize, line: &Line, buttons: &[Button]) {
        let mut col = x;
        for span in line {
            let width = span.width().min(end.saturating_sub(col));
            if let Some(button) = buttons.iter().find(|b| b.label == span.content) {
                self.set(col, y, width, Some(Target::Button(button.key)));
            }
            col += width;
        }
    }
}

/// A whole screen: a ratatui [`Buffer`] of `width` x `height` styled
/// characters, and what a click on each of them would hit.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    buffer: Buffer,
    hits: HitMap,
}

impl Frame {
    /// A blank screen.
    pub fn new(width: u16, height: u16) -> Frame {
        Frame {
            buffer: Buffer::empty(Rect::new(0, 0, width, height)),
            hits: HitMap::new(width, height),
        }
    }

    /// The width in columns.
    pub fn width(&self) -> u16 {
        self.buffer.area.width
    }

    /// The height in rows.
    pub fn height(&self) -> u16 {
        self.buffer.area.height
    }

    /// The screen to draw on: its characters and what a click hits.
    pub(in crate::ui) fn canvas(&mut self) -> Canvas<'_> {
        Canvas {
            buffer: &mut self.buffer,
            hits: &mut self.hits,
        }
    }

    /// The characters and the hit map, for a widget that fills the map
    /// as it draws.
    pub(super) fn parts(&mut self) -> (&mut Buffer, &mut HitMap) {
        (&mut self.buffer, &mut self.hits)
    }

    /// The whole screen's area.
    pub fn area(&self) -> Rect {
        self.buffer.area
    }

    /// The characters drawn and what a click on each hits.
    pub fn into_parts(self) -> (Buffer, HitMap) {
        (self.buffer, self.hits)
    }

    /// One row of glyphs.
    pub fn row(&self, y: u16) -> Vec<Glyph> {
        (0..self.width())
            .filter_map(|x| self.buffer.cell((x, y)).map(glyph))
            .collect()
    }

    /// What a click at column `x`, row `y` (from 0) hits.
    pub fn target_at(&self, x: u16, y: u16) -> Option<Target> {
        self.hits.target_at(x, y)
    }

    /// Where on the screen a target can be clicked: its first glyph.
    pub fn find(&self, target: Target) -> Option<(u16, u16)> {
        self.hits.find(target)
    }

    /// The characters, one line per row, without trailing spaces.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height() {
            let line: String = (0..self.width())
                .filter_map(|x| self.buffer.cell((x, y)))
                .map(|cell| cell.symbol())
                .collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The area of `w` x `h` characters from (`x`, `y`), cut to the
    /// screen.
    pub(super) fn rect(&self, x: usize, y: usize, w: usize, h: usize) -> Rect {
        Rect::new(len(x), len(y), len(w), len(h)).intersection(self.buffer.area)
    }

    /// Draws `widget` in `area` (cut to the screen).
    pub(super) fn render(&mut self, widget: impl Widget, area: Rect) {
        widget.render(area.intersection(self.buffer.area), &mut self.buffer);
    }

    /// Blanks `area` (ratatui's [`Clear`]): nothing drawn there, nothing
    /// to click.
    pub(super) fn clear(&mut self, area: Rect) {
        self.render(Clear, area);
        for y in area.top()..area.bottom() {
            let (x, w) = (usize::from(area.x), usize::from(area.width));
            self.hits.set(x, usize::from(y), w, None);
        }
    }

    /// Draws `lines` from the top left of `area` (ratatui's [`Paragraph`],
    /// each line cut at the area's edge, each span's style whole) and marks
    /// where the spans of `buttons` land.
    pub(super) fn paragraph(&mut self, area: Rect, lines: &[Line<'static>], buttons: &[Button]) {
        let area = area.intersection(self.buffer.area);
        let end = usize::from(area.right());
        for (y, line) in (area.top()..area.bottom()).zip(lines) {
            self.hits
                .buttons(usize::from(area.x), usize::from(y), end, line, buttons);
        }
        let text: Vec<Line> = lines.iter().map(whole_line).collect();
        Paragraph::new(text).render(area, &mut self.buffer);
    }
}

/// `line` with each span's style whole (see [`whole`]).
fn whole_line(line: &Line<'static>) -> Line<'static> {
    let spans = line
        .iter()
        .map(|span| Span::styled(span.content.clone(), whole(span.style)));
    Line::from(spans.collect::<Vec<_>>())
}

/// The glyph a cell of the buffer shows: its colour (none where it is the
/// terminal's own) and its modifiers.
fn glyph(cell: &ratatui::buffer::Cell) -> Glyph {
    let style = Style::new().add_modifier(cell.modifier);
    Glyph {
        ch: cell.symbol().chars().next().unwrap_or(' '),
        style: Style {
            fg: (cell.fg != Color::Reset).then_some(cell.fg),
            ..style
        },
    }
}

/// A screen being drawn on, as a widget draws on it: its characters (a
/// ratatui [`Buffer`]) and the hit map filled as they are drawn. What is
/// drawn outside the buffer is left out.
pub(in crate::ui) struct Canvas<'a> {
    pub(super) buffer: &'a mut Buffer,
    pub(super) hits: &'a mut HitMap,
}

impl Canvas<'_> {
    fn cell(&mut self, x: usize, y: usize) -> Option<&mut ratatui::buffer::Cell> {
        let x = u16::try_from(x).ok()?;
        let y = u16::try_from(y).ok()?;
        self.buffer.cell_mut((x, y))
    }

    /// Draws `ch` in `style` at column `x`, row `y`.
    pub(in crate::ui) fn put(&mut self, x: usize, y: usize, ch: char, style: Style) {
        if let Some(cell) = self.cell(x, y) {
            cell.reset();
            cell.set_char(ch).set_style(whole(style));
        }
    }

    /// The style already drawn at column `x`, row `y` (plain outside).
    pub(super) fn style_at(&self, x: usize, y: usize) -> Style {
        let at = u16::try_from(x).ok().zip(u16::try_from(y).ok());
        at.and_then(|at| self.buffer.cell(at))
            .map_or(Style::new(), |cell| glyph(cell).style)
    }

    /// Changes the style of the character at column `x`, row `y` by `f`.
    pub(super) fn restyle(&mut self, x: usize, y: usize, f: impl Fn(Style) -> Style) {
        if let Some(cell) = self.cell(x, y) {
            let style = f(glyph(cell).style);
            cell.set_style(whole(style));
        }
    }

    /// Writes `text` from column `x` but not past column `end`; returns the
    /// column after it.
    pub(in crate::ui) fn write(
        &mut self,
        x: usize,
        y: usize,
        end: usize,
        text: &str,
        style: Style,
    ) -> usize {
        let area = self.buffer.area;
        let (Ok(col), Ok(row)) = (u16::try_from(x), u16::try_from(y)) else {
            return x;
        };
        if row >= area.bottom() || col >= area.right() {
            return x;
        }
        let room = end.saturating_sub(x);
        let (after, _) = self.buffer.set_stringn(col, row, text, room, whole(style));
        usize::from(after)
    }

    /// Clicks on `len` characters from column `x` of row `y` hit `target`.
    pub(in crate::ui) fn mark(&mut self, x: usize, y: usize, len: usize, target: Target) {
        self.hits.set(x, y, len, Some(target));
    }

    /// Writes `line` from column `x` but not past column `end`, marking
    /// where the spans of `buttons` land; returns the column after it.
    pub(super) fn line(
        &mut self,
        x: usize,
        y: usize,
        end: usize,
        line: &Line,
        buttons: &[Button],
    ) -> usize {
        self.hits.buttons(x, y, end, line, buttons);
        line.iter().fold(x, |col, span| {
            self.write(col, y, end, &span.content, span.style)
        })
    }
}

/// A button: a bold label that a click turns into a key. It is drawn as
/// any span; where its span lands is marked in the hit map as it is drawn
/// ([`Frame::paragraph`], [`Canvas::line`] with the buttons of the text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Button {
    /// What it says (each button of a text says something else).
    pub(super) label: &'static str,
    /// The key a click stands for.
    pub(super) key: Key,
}

impl Button {
    /// The button that says `label` and stands for `key`.
    pub(super) const fn new(label: &'static str, key: Key) -> Button {
        Button { label, key }
    }

    /// Its label as ratatui's text: bold.
    pub(super) fn span(self) -> Span<'static> {
        Span::styled(self.label, BOLD)
    }
}

/// Bold `text`.
pub(super) fn bold(text: impl Into<std::borrow::Cow<'static, str>>) -> Span<'static> {
    Span::styled(text, BOLD)
}

/// Whether `style` has `modifier` on.
pub(super) fn has(style: Style, modifier: Modifier) -> bool {
    style.add_modifier.contains(modifier)
}

/// `style` with `modifier` on or off.
pub fn set(style: Style, modifier: Modifier, on: bool) -> Style {
    if on {
        style.add_modifier(modifier)
    } else {
        style.remove_modifier(modifier)
    }
}
