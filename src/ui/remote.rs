//! The full-screen game for a remote seat (or a spectator) of a
//! [`Table`]: the same state machine and renderer as the local game, driven
//! by bytes and window sizes that come in on a channel and drawing into any
//! byte sink, so that a server can run it over a connection (an SSH
//! channel with a pseudo-terminal). Nothing here knows of the network.
//!
//! The screen keeps a replica of the table's game ([`App::networked`]):
//! the plays of the table's record are taken in as the table played them,
//! rolls included, so every screen shows the same game; this seat's
//! person's moves go to the table with [`Table::play`], and come back as
//! plays like everyone's. The driver's one loop takes both the input (from
//! a thread that hands it on, which ends once the input's sender is dropped
//! or sends again) and the table's changes: the screen watches the table
//! ([`Table::watch`]), whose wake puts a word on the same channel, so a
//! move shows as soon as it is made, with no polling.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use super::state::{App, Effect, IllegalMoveAt, Key};
use super::terminal::input::{GIVE_UP, Input, Parser};
use super::terminal::{Display, ROLL_TICK, write_enter, write_restore};
use super::view;
use crate::game::Player;
use crate::session::{Table, TableView};

/// The widest window drawn: a wider one is drawn in its first columns.
pub const MAX_COLS: u16 = 500;
/// The tallest window drawn: a taller one is drawn in its first rows.
pub const MAX_ROWS: u16 = 200;

/// How long the loop sleeps with nothing to animate or give up.
const IDLE: Duration = Duration::from_secs(3600);

/// What comes from the remote terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteInput {
    /// Bytes typed (keys, mouse reports, pastes), in any pieces.
    Bytes(Vec<u8>),
    /// The window's new size, in columns and rows.
    Resize {
        /// Columns.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// The connection closed: the screen is left.
    Closed,
}

/// The remote terminal: its input, its size at the start and where the
/// screen is written.
pub struct RemoteIo {
    /// Bytes and resizes; [`RemoteInput::Closed`], or the sender dropped,
    /// ends the screen.
    pub input: Receiver<RemoteInput>,
    /// The window's size at the start, in columns and rows.
    pub size: (u16, u16),
    /// Where the screen's bytes go (flushed once a frame).
    pub output: Box<dyn Write + Send>,
    /// Whether to draw in colour (otherwise bold and reverse video only).
    pub color: bool,
}

/// How the remote screen ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemoteEnd {
    /// The person left (`q` then `y`, `q` once the game is over, or
    /// `Ctrl-C`); the game goes on at the table.
    Left,
    /// The connection closed ([`RemoteInput::Closed`] or the input's
    /// sender dropped).
    Closed,
}

/// Why the remote screen stopped before it was left.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// The screen could not be written (the connection is gone), or a
    /// thread could not start.
    #[error("the remote screen failed: {0}")]
    Io(#[from] io::Error),
    /// A play of the table's game is not legal in the screen's replica.
    #[error("the table's game cannot be followed: {0}")]
    Replica(#[from] IllegalMoveAt),
}

/// What the driver's loop waits for.
enum Event {
    Input(RemoteInput),
    /// The input's sender was dropped.
    InputGone,
    /// The table changed (its wake rang); the flag is the wake's, cleared
    /// when the loop looks.
    Table(Arc<AtomicBool>),
}

/// Plays the table's game full screen for `seat` (`None`: a spectator)
/// on the remote terminal `io`, until the person leaves or the connection
/// closes; blocks its thread until then. The screen is taken with escape
/// sequences written to the output (alternate screen, clicks, cursor
/// hidden) and given back the same way on the way out; raw mode is the
/// remote terminal's (an SSH client with a pseudo-terminal is in it).
///
/// Keys are the local game's; undo, redo, hints and a new game are off and
/// say so. Moves refused by the table ([`TableError`](crate::session::TableError))
/// are said on the message line, as are the table's notices.
///
/// # Errors
/// [`RemoteError`]: the output failed, or the table's game cannot be
/// followed.
pub fn run_remote(
    table: Arc<dyn Table>,
    seat: Option<Player>,
    io: RemoteIo,
) -> Result<RemoteEnd, RemoteError> {
    let RemoteIo {
        input,
        size,
        output,
        color,
    } = io;
    // The window's size is the client's, never asked of a terminal here.
    let display = Display::new(output, clamp(size.0, size.1))?;
    let (sender, events) = mpsc::channel();
    // Watching starts before the first look: no change falls in between.
    let watch = table.watch(wake(sender.clone()));
    let view = table.view();
    let app = match App::networked(&view.record, seat) {
        Ok(app) => app,
        Err(e) => {
            table.unwatch(watch);
            return Err(e.into());
        }
    };
    if let Err(e) = forward_input(input, sender) {
        table.unwatch(watch);
        return Err(e.into());
    }
    let mut driver = Driver {
        app,
        table,
        seat,
        notices: view.notices.len(),
        parser: Parser::default(),
        color,
        display,
    };
    if view.closed {
        driver.app.notice("This game is closed: q leaves.");
    }
    // The start goes with the first frame, in one write.
    let mut start = Vec::new();
    let end = write_enter(&mut start)
        .and_then(|()| driver.display.queue_raw(&start))
        .map_err(RemoteError::from)
        .and_then(|()| driver.run(&events));
    driver.table.unwatch(watch);
    let mut restore = Vec::new();
    write_restore(&mut restore)?;
    // The screen is given back even after an error, if it can be.
    let given_back = driver.display.write_raw(&restore);
    let end = end?;
    given_back?;
    Ok(end)
}

/// The size drawn for a window of `cols` x `rows`: at most
/// [`MAX_COLS`] x [`MAX_ROWS`] (a smaller one shows that it is too small).
pub fn clamp(cols: u16, rows: u16) -> (u16, u16) {
    (cols.min(MAX_COLS), rows.min(MAX_ROWS))
}

/// Hands the remote input on to the loop, then says it ended.
fn forward_input(input: Receiver<RemoteInput>, sender: Sender<Event>) -> io::Result<()> {
    std::thread::Builder::new()
        .name("remote-input".into())
        .spawn(move || {
            for item in input {
                if sender.send(Event::Input(item)).is_err() {
                    return;
                }
            }
            let _ = sender.send(Event::InputGone);
        })?;
    Ok(())
}

/// The wake of a screen watching a table: one [`Event::Table`] on the
/// loop's channel at a time (more changes before the loop looks are taken
/// in together); false once the loop is gone.
fn wake(sender: Sender<Event>) -> crate::session::Wake {
    let rung = Arc::new(AtomicBool::new(false));
    Box::new(move || {
        if rung.swap(true, Ordering::AcqRel) {
            return true;
        }
        sender.send(Event::Table(Arc::clone(&rung))).is_ok()
    })
}

/// The screen's state between events.
struct Driver {
    app: App,
    table: Arc<dyn Table>,
    seat: Option<Player>,
    /// The table's notices already shown.
    notices: usize,
    parser: Parser,
    color: bool,
    /// The remote screen, drawn by its changes at the client's size.
    display: Display<Box<dyn Write + Send>>,
}

impl Driver {
    /// The loop: draws what changed, ticks the rolling dice, gives up
    /// unfinished escape sequences, and takes the events.
    fn run(&mut self, events: &Receiver<Event>) -> Result<RemoteEnd, RemoteError> {
        let mut dirty = true;
        let mut roll_step: Option<Instant> = None;
        let mut pending_since: Option<Instant> = None;
        loop {
            if dirty {
                self.draw()?;
                dirty = false;
            }
            let now = Instant::now();
            let mut wait = IDLE;
            if self.app.rolling() {
                let at = *roll_step.get_or_insert(now + ROLL_TICK);
                if now >= at {
                    roll_step = None;
                    dirty |= self.app.roll_tick();
                    continue;
                }
                wait = at - now;
            } else {
                roll_step = None;
            }
            if let Some(since) = pending_since {
                let at = since + GIVE_UP;
                if now >= at {
                    pending_since = None;
                    for input in self.parser.give_up() {
                        dirty = true;
                        if let Some(end) = self.input(input) {
                            return Ok(end);
                        }
                    }
                    continue;
                }
                wait = wait.min(at - now);
            }
            let event = match events.recv_timeout(wait) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Ok(RemoteEnd::Closed),
            };
            dirty = true;
            match event {
                Event::Input(RemoteInput::Bytes(bytes)) => {
                    for input in self.parser.feed(&bytes) {
                        if let Some(end) = self.input(input) {
                            return Ok(end);
                        }
                    }
                    pending_since = match (self.parser.is_pending(), pending_since) {
                        (false, _) => None,
                        (true, since) => since.or(Some(Instant::now())),
                    };
                }
                Event::Input(RemoteInput::Resize { cols, rows }) => {
                    self.display.resize(clamp(cols, rows));
                }
                Event::Input(RemoteInput::Closed) | Event::InputGone => {
                    return Ok(RemoteEnd::Closed);
                }
                Event::Table(rung) => {
                    rung.store(false, Ordering::Release);
                    let seen = (self.app.plays().len(), self.notices);
                    if let Some(view) = self.table.wait(seen.0, seen.1, Duration::ZERO) {
                        self.follow(&view)?;
                    }
                }
            }
        }
    }

    /// Draws the game as it stands now, sending only what changed.
    fn draw(&mut self) -> io::Result<()> {
        let (width, height) = self.display.size();
        self.display
            .show(view::render(&self.app, width, height, self.color))
    }

    /// Takes a key or a click; how the screen ends, if it does. A move
    /// picked goes to the table.
    fn input(&mut self, input: Input) -> Option<RemoteEnd> {
        let effect = match input {
            Input::Key(Key::Interrupt) => return Some(RemoteEnd::Left),
            Input::End => return Some(RemoteEnd::Closed),
            Input::Key(key) => self.app.key(key),
            Input::Text(c) => self.app.typed(c),
            Input::Click(x, y) => match self.display.target_at(x, y) {
                Some(target) => self.app.click(target),
                None => return None,
            },
        };
        match effect {
            Effect::Quit => return Some(RemoteEnd::Left),
            // Off in a network game: the state machine says so itself.
            Effect::Continue | Effect::NewGame => {}
            Effect::Hints(spot) => {
                self.app.hints_ready(spot, None);
            }
        }
        if let Some((after, mv)) = self.app.take_outgoing() {
            let played = match self.seat {
                Some(seat) => self.table.play(seat, after, mv),
                None => Err(crate::session::TableError::Closed),
            };
            if let Err(error) = played {
                self.app.refused(&error);
            }
        }
        None
    }

    /// Takes in what is new at the table: its plays, its notices, its
    /// closing.
    fn follow(&mut self, view: &TableView) -> Result<(), IllegalMoveAt> {
        let known = self.app.plays().len();
        for &play in view.record.plays().get(known..).unwrap_or_default() {
            self.app.take_recorded(play)?;
        }
        for notice in view.notices.iter().skip(self.notices) {
            self.app.notice(notice);
        }
        self.notices = self.notices.max(view.notices.len());
        if view.closed {
            self.app.notice("This game was closed: q leaves.");
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "remote_tests.rs"]
mod tests;
