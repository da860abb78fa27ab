//! The screen as a grid: [`Frame`], rows of styled characters ([`Glyph`],
//! [`Style`]) with a map of what a click on each character hits, and the
//! runs of styled text written on it ([`Span`]). No I/O.

use crossterm::style::Color;

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
}

/// One character on the screen and its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character.
    pub ch: char,
    /// How it is drawn.
    pub style: Style,
}

const BLANK: Glyph = Glyph {
    ch: ' ',
    style: Style::PLAIN,
};

/// A whole screen: `height` rows of `width` glyphs, and what a click on
/// each glyph would hit.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    width: u16,
    height: u16,
    glyphs: Vec<Glyph>,
    targets: Vec<Option<Target>>,
}

impl Frame {
    /// A blank screen.
    pub fn new(width: u16, height: u16) -> Frame {
        let len = usize::from(width) * usize::from(height);
        Frame {
            width,
            height,
            glyphs: vec![BLANK; len],
            targets: vec![None; len],
        }
    }

    /// The width in columns.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// The height in rows.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// One row of glyphs.
    pub fn row(&self, y: u16) -> &[Glyph] {
        let w = usize::from(self.width);
        let start = usize::from(y) * w;
        self.glyphs.get(start..start + w).unwrap_or(&[])
    }

    /// What a click at column `x`, row `y` (from 0) hits.
    pub fn target_at(&self, x: u16, y: u16) -> Option<Target> {
        self.index(usize::from(x), usize::from(y))
            .and_then(|i| self.targets[i])
    }

    /// Where on the screen a target can be clicked: its first glyph.
    pub fn find(&self, target: Target) -> Option<(u16, u16)> {
        let i = self.targets.iter().position(|&t| t == Some(target))?;
        let w = usize::from(self.width);
        Some(((i % w) as u16, (i / w) as u16))
    }

    /// The characters, one line per row, without trailing spaces.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            let line: String = self.row(y).iter().map(|g| g.ch).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    fn index(&self, x: usize, y: usize) -> Option<usize> {
        (x < usize::from(self.width) && y < usize::from(self.height))
            .then(|| y * usize::from(self.width) + x)
    }

    pub(in crate::ui) fn put(&mut self, x: usize, y: usize, ch: char, style: Style) {
        if let Some(i) = self.index(x, y) {
            self.glyphs[i] = Glyph { ch, style };
        }
    }

    pub(super) fn restyle(&mut self, x: usize, y: usize, f: impl Fn(&mut Style)) {
        if let Some(i) = self.index(x, y) {
            f(&mut self.glyphs[i].style);
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
            if col >= end.min(usize::from(self.width)) {
                break;
            }
            self.put(col, y, ch, style);
            col += 1;
        }
        col
    }

    pub(in crate::ui) fn mark(&mut self, x: usize, y: usize, len: usize, target: Target) {
        for col in x..x + len {
            if let Some(i) = self.index(col, y) {
                self.targets[i] = Some(target);
            }
        }
    }

    pub(super) fn clear(&mut self, x: usize, y: usize, w: usize, h: usize) {
        for row in y..y + h {
            for col in x..x + w {
                if let Some(i) = self.index(col, row) {
                    self.glyphs[i] = BLANK;
                    self.targets[i] = None;
                }
            }
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
