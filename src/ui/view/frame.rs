//! The screen as a grid: [`Frame`], a ratatui [`Buffer`] of styled
//! characters with a [`HitMap`] of what a click on each character hits,
//! and the runs of styled text written on it ([`Span`]). No I/O.

use crossterm::style::Color;
use ratatui::backend::{FromCrossterm as _, IntoCrossterm as _};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{self, Modifier};

use super::super::state::{Key, Target};

/// How one character is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The foreground colour (none in monochrome).
    pub fg: Option<Color>,
    /// Bold.
    pub bold: bool,
    /// Foreground and background swapped.
    pub reverse: bool,
}

impl Style {
    pub(super) const PLAIN: Style = Style {
        fg: None,
        bold: false,
        reverse: false,
    };
    pub(super) const BOLD: Style = Style {
        fg: None,
        bold: true,
        reverse: false,
    };

    /// The same style in ratatui's terms.
    fn to_ratatui(self) -> style::Style {
        let mut out = style::Style::new();
        if let Some(fg) = self.fg {
            out = out.fg(style::Color::from_crossterm(fg));
        }
        if self.bold {
            out = out.add_modifier(Modifier::BOLD);
        }
        if self.reverse {
            out = out.add_modifier(Modifier::REVERSED);
        }
        out
    }
}

/// One character on the screen and its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character.
    pub ch: char,
    /// How it is drawn.
    pub style: Style,
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

    /// The characters drawn, as ratatui holds them.
    pub fn buffer(&self) -> &Buffer {
        &self.buffer
    }

    /// The characters drawn and what a click on each hits.
    pub fn into_parts(self) -> (Buffer, HitMap) {
        (self.buffer, self.hits)
    }

    /// One row of glyphs.
    pub fn row(&self, y: u16) -> Vec<Glyph> {
        (0..self.width()).filter_map(|x| self.glyph(x, y)).collect()
    }

    /// The glyph at column `x`, row `y`.
    fn glyph(&self, x: u16, y: u16) -> Option<Glyph> {
        let cell = self.buffer.cell((x, y))?;
        Some(Glyph {
            ch: cell.symbol().chars().next().unwrap_or(' '),
            style: Style {
                fg: (cell.fg != style::Color::Reset).then(|| cell.fg.into_crossterm()),
                bold: cell.modifier.contains(Modifier::BOLD),
                reverse: cell.modifier.contains(Modifier::REVERSED),
            },
        })
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

    fn cell(&mut self, x: usize, y: usize) -> Option<&mut ratatui::buffer::Cell> {
        let x = u16::try_from(x).ok()?;
        let y = u16::try_from(y).ok()?;
        self.buffer.cell_mut((x, y))
    }

    pub(in crate::ui) fn put(&mut self, x: usize, y: usize, ch: char, style: Style) {
        if let Some(cell) = self.cell(x, y) {
            cell.reset();
            cell.set_char(ch).set_style(style.to_ratatui());
        }
    }

    pub(super) fn restyle(&mut self, x: usize, y: usize, f: impl Fn(&mut Style)) {
        let at = u16::try_from(x).ok().zip(u16::try_from(y).ok());
        if let Some(glyph) = at.and_then(|(x, y)| self.glyph(x, y)) {
            let mut style = glyph.style;
            f(&mut style);
            self.put(x, y, glyph.ch, style);
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
        let mut col = x;
        for ch in text.chars() {
            if col >= end.min(usize::from(self.width())) {
                break;
            }
            self.put(col, y, ch, style);
            col += 1;
        }
        col
    }

    pub(in crate::ui) fn mark(&mut self, x: usize, y: usize, len: usize, target: Target) {
        self.hits.set(x, y, len, Some(target));
    }

    pub(super) fn clear(&mut self, x: usize, y: usize, w: usize, h: usize) {
        for row in y..y + h {
            for col in x..x + w {
                if let Some(cell) = self.cell(col, row) {
                    cell.reset();
                }
            }
            self.hits.set(x, row, w, None);
        }
    }

    /// Writes `spans` from column `x` but not past column `end`, marking
    /// the targets of those that have one; returns the column after them.
    pub(super) fn spans(&mut self, x: usize, y: usize, end: usize, spans: &[Span]) -> usize {
        let mut col = x;
        for span in spans {
            let after = self.write(col, y, end, &span.text, span.style);
            if let Some(target) = span.target {
                self.mark(col, y, after - col, target);
            }
            col = after;
        }
        col
    }
}
/// A run of text in one style, perhaps clickable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Span {
    /// The text.
    pub(super) text: String,
    /// How it is drawn.
    pub(super) style: Style,
    /// What a click on it hits.
    pub(super) target: Option<Target>,
}

impl Span {
    /// `text` in `style`.
    pub(super) fn new(text: impl Into<String>, style: Style) -> Span {
        Span {
            text: text.into(),
            style,
            target: None,
        }
    }

    /// Plain `text`.
    pub(super) fn plain(text: impl Into<String>) -> Span {
        Span::new(text, Style::PLAIN)
    }

    /// Bold `text`.
    pub(super) fn bold(text: impl Into<String>) -> Span {
        Span::new(text, Style::BOLD)
    }

    /// A button: bold `text` that a click turns into `key`.
    pub(super) fn button(text: impl Into<String>, key: Key) -> Span {
        Span {
            target: Some(Target::Button(key)),
            ..Span::bold(text)
        }
    }
}

/// One line of spans.
pub(super) type Line = Vec<Span>;
