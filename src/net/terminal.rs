//! A connection with a terminal: the lobby stays in lines, a game is
//! played full screen ([`run_remote`]). The connection's handler and its
//! thread share a [`Terminal`]: while a game is on screen the handler sends
//! it raw bytes and window sizes instead of lines.

use std::io::{self, Write};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, PoisonError};

use crate::game::Player;
use crate::session::Table;
use crate::ui::remote::{MAX_COLS, MAX_ROWS, RemoteEnd, RemoteInput, RemoteIo, run_remote};

/// The size used when a client gives none (or zero).
const DEFAULT_SIZE: (u16, u16) = (80, 24);

/// What the handler and the thread of a connection with a terminal share.
#[derive(Debug)]
pub struct Terminal {
    state: Mutex<State>,
    color: bool,
}

#[derive(Debug)]
struct State {
    size: (u16, u16),
    raw: Option<Sender<RemoteInput>>,
    closed: bool,
}

/// A window size as the game takes it: zero is unknown (the last size is
/// kept), anything over the drawn bounds is cut to them.
pub fn clamp_size(columns: u32, rows: u32) -> Option<(u16, u16)> {
    if columns == 0 || rows == 0 {
        return None;
    }
    let cut = |n: u32, most: u16| u16::try_from(n.min(u32::from(most))).unwrap_or(most);
    Some((cut(columns, MAX_COLS), cut(rows, MAX_ROWS)))
}

impl Terminal {
    /// A terminal of `columns` by `rows` (80x24 if unknown), drawn in
    /// colour if `color`.
    pub fn new(columns: u32, rows: u32, color: bool) -> Terminal {
        Terminal {
            state: Mutex::new(State {
                size: clamp_size(columns, rows).unwrap_or(DEFAULT_SIZE),
                raw: None,
                closed: false,
            }),
            color,
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The window's new size, passed on to a game on screen.
    pub fn resize(&self, columns: u32, rows: u32) {
        let Some((cols, rows)) = clamp_size(columns, rows) else {
            return;
        };
        let mut state = self.state();
        state.size = (cols, rows);
        if let Some(raw) = &state.raw {
            let _ = raw.send(RemoteInput::Resize { cols, rows });
        }
    }

    /// Hands `data` to the game on screen; false if none is (the bytes are
    /// the lobby's lines).
    pub fn take_bytes(&self, data: &[u8]) -> bool {
        let state = self.state();
        match &state.raw {
            Some(raw) => {
                let _ = raw.send(RemoteInput::Bytes(data.to_vec()));
                true
            }
            None => false,
        }
    }

    /// The connection is closing: a game on screen ends, none starts.
    pub fn close(&self) {
        let mut state = self.state();
        state.closed = true;
        if let Some(raw) = state.raw.take() {
            let _ = raw.send(RemoteInput::Closed);
        }
    }

    /// Plays `table` full screen for `seat` (`None`: watching), writing to
    /// `out`, until the person leaves (true) or the connection is gone
    /// (false).
    pub fn play(
        &self,
        table: Arc<dyn Table>,
        seat: Option<Player>,
        out: tokio::sync::mpsc::Sender<Vec<u8>>,
    ) -> Result<bool, String> {
        let (raw, input) = mpsc::channel();
        let size = {
            let mut state = self.state();
            if state.closed {
                return Ok(false);
            }
            state.raw = Some(raw);
            state.size
        };
        let io = RemoteIo {
            input,
            size,
            output: Box::new(ChannelWriter {
                out,
                pending: Vec::new(),
            }),
            color: self.color,
        };
        let end = run_remote(table, seat, io);
        self.state().raw = None;
        match end {
            Ok(RemoteEnd::Left) => Ok(true),
            Ok(RemoteEnd::Closed) => Ok(false),
            Err(crate::ui::remote::RemoteError::Io(_)) => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Bytes written into the connection's output channel, sent at each flush
/// (and whenever 64 KiB are waiting).
struct ChannelWriter {
    out: tokio::sync::mpsc::Sender<Vec<u8>>,
    pending: Vec<u8>,
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if self.pending.len() >= 64 * 1024 {
            self.flush()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.pending);
        self.out
            .blocking_send(bytes)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the connection is gone"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_sizes_are_cut_and_zero_ignored() {
        assert_eq!(clamp_size(120, 40), Some((120, 40)));
        assert_eq!(clamp_size(100_000, u32::MAX), Some((MAX_COLS, MAX_ROWS)));
        assert_eq!(clamp_size(0, 40), None);
        assert_eq!(Terminal::new(0, 0, true).state().size, DEFAULT_SIZE);
    }

    #[test]
    fn bytes_go_to_a_game_only_while_one_is_on_screen() {
        let terminal = Terminal::new(80, 24, false);
        assert!(!terminal.take_bytes(b"1"));
        let (raw, input) = mpsc::channel();
        terminal.state().raw = Some(raw);
        assert!(terminal.take_bytes(b"1"));
        terminal.resize(120, 40);
        terminal.resize(0, 0);
        terminal.close();
        let got: Vec<RemoteInput> = input.try_iter().collect();
        assert_eq!(
            got,
            vec![
                RemoteInput::Bytes(b"1".to_vec()),
                RemoteInput::Resize {
                    cols: 120,
                    rows: 40
                },
                RemoteInput::Closed
            ]
        );
        assert!(terminal.state().closed && terminal.state().raw.is_none());
    }
}
