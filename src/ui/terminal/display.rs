//! The one draw loop of every full-screen front end (the local game, the
//! new-game screen, the remote screen): a ratatui [`Terminal`] over a
//! [`CrosstermBackend`] writing to any byte sink, sending each frame by
//! its changes from the one before, queued and flushed once.
//!
//! The window's size is the caller's to say ([`Display::resize`]): the
//! local game asks its terminal, the remote screen takes the SSH client's
//! window changes; the display itself never asks a terminal for its size
//! (its viewport is [`Viewport::Fixed`]).

use std::io::{self, Write};

use crossterm::{queue, terminal};
use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use crate::ui::state::Target;
use crate::ui::view::{Frame, HitMap};

/// A screen drawn frame by frame on the terminal that `W` writes to.
pub struct Display<W: Write> {
    terminal: Terminal<CrosstermBackend<Batch<W>>>,
    /// The window's size, in columns and rows.
    size: (u16, u16),
    /// Whether the terminal shows the last frame drawn: if not (at the
    /// start, after a resize, a suspension), the next one clears the screen
    /// and is drawn whole.
    known: bool,
    /// What a click on each character of the frame shown hits.
    hits: HitMap,
}

impl<W: Write> Display<W> {
    /// A display on `out`, a window of `size` (columns, rows) whose
    /// content is not known yet.
    pub fn new(out: W, size: (u16, u16)) -> io::Result<Display<W>> {
        let area = Rect::new(0, 0, size.0, size.1);
        let terminal = Terminal::with_options(
            CrosstermBackend::new(Batch::new(out)),
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        Ok(Display {
            terminal,
            size,
            known: false,
            hits: HitMap::new(0, 0),
        })
    }

    /// The window's size, in columns and rows.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// The window is now `size`: the next frame is drawn whole at that
    /// size (nothing changes if it is the same).
    pub fn resize(&mut self, size: (u16, u16)) {
        if size != self.size {
            self.size = size;
            self.forget();
        }
    }

    /// The terminal's screen is no longer known (it was given back, or
    /// written to by someone else): the next frame is drawn whole.
    pub fn forget(&mut self) {
        self.known = false;
    }

    /// What a click at column `x`, row `y` of the frame shown hits.
    pub fn target_at(&self, x: u16, y: u16) -> Option<Target> {
        self.hits.target_at(x, y)
    }

    /// Shows `frame` (drawn for [`Display::size`]): only what changed
    /// since the frame before (nothing at all when nothing did), or, when
    /// the screen is not known, all of it after clearing the screen. The
    /// whole frame is queued, then written and flushed at once.
    ///
    /// Between frames the terminal's current buffer holds the frame shown,
    /// so that an unchanged frame is seen as such before anything is
    /// written; it becomes the previous buffer, the one the new frame is
    /// diffed against, only when the new one is drawn.
    pub fn show(&mut self, frame: Frame) -> io::Result<()> {
        let (buffer, hits) = frame.into_parts();
        self.hits = hits;
        let area = *buffer.area();
        if !self.known || area != Rect::new(0, 0, self.size.0, self.size.1) {
            // The frame before becomes a blank one of this size, on a
            // cleared screen: the diff draws everything that is not blank.
            *self.terminal.current_buffer_mut() = Buffer::empty(area);
            queue!(
                self.terminal.backend_mut(),
                terminal::Clear(terminal::ClearType::All)
            )?;
            self.known = true;
        } else if *self.terminal.current_buffer_mut() == buffer {
            return Ok(());
        }
        self.terminal.swap_buffers();
        *self.terminal.current_buffer_mut() = buffer;
        self.terminal.flush()?;
        Write::flush(self.terminal.backend_mut())
    }

    /// Writes `bytes` (escape sequences that take or give back the screen)
    /// and flushes them; the screen is no longer known.
    pub fn write_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.queue_raw(bytes)?;
        Write::flush(self.terminal.backend_mut())
    }

    /// Queues `bytes` (escape sequences that take the screen) to go with
    /// the next frame, written whole in the same flush; the screen is no
    /// longer known. A remote screen's start and first frame thus go as
    /// one write, as one message on the connection.
    pub fn queue_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.forget();
        self.terminal.backend_mut().write_all(bytes)
    }
}

/// What ratatui's crossterm backend writes after each frame: the
/// foreground, background and underline colours reset, then everything
/// (`SGR 0`), which alone says the same.
const RESETS: &[u8] = b"\x1b[39m\x1b[49m\x1b[59m\x1b[0m";

/// `SGR 0`: every colour and attribute reset.
const RESET: &[u8] = b"\x1b[0m";

/// A writer that holds what is written until it is flushed, then writes
/// it to `out` at once: a frame is never written in pieces, and a frame
/// cut short (by a panic) is dropped, not written. A frame's closing
/// [`RESETS`] go as the one [`RESET`] that means the same (16 bytes less
/// a frame).
pub struct Batch<W: Write> {
    pending: Vec<u8>,
    out: W,
}

impl<W: Write> Batch<W> {
    /// Holds what is written for `out`.
    pub fn new(out: W) -> Batch<W> {
        Batch {
            pending: Vec::with_capacity(1 << 14),
            out,
        }
    }
}

impl<W: Write> Write for Batch<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending.ends_with(RESETS) {
            self.pending.truncate(self.pending.len() - RESETS.len());
            self.pending.extend_from_slice(RESET);
        }
        let written = self.out.write_all(&self.pending);
        self.pending.clear();
        written?;
        self.out.flush()
    }
}

#[cfg(test)]
#[path = "display_tests.rs"]
mod tests;
