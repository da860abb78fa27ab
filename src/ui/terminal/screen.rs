//! The new-game screen's driver: the terminal taken as the game takes it,
//! keys and clicks read by the same reader (`input`), frames drawn by their
//! changes, until the person starts a game, goes on with the unfinished
//! one, or leaves.

use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};

use crossterm::terminal;

use super::input::{self, Input};
use super::signals::{self, Signal};
use super::{Display, TICK, TerminalGuard, redraw, restore_terminal, suspend, take_terminal};
use crate::ui::newgame::{Action, Screen, render};

/// How the screen was left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Start the game the screen shows (checked already).
    Start,
    /// Go on with the unfinished game.
    Resume,
    /// Replay the recent game in focus (`Screen::chosen_recent`).
    Replay,
    /// Leave the program.
    Quit,
    /// A signal (`Ctrl-C` is `SIGINT`) ended it: exit with 128 + its number.
    Signal(i32),
}

/// What the loop waits for.
enum Event {
    Input(Input),
    Signal(Signal),
}

/// Shows `screen` until the person leaves it; `check` says why the game
/// chosen cannot start (shown as the screen's message), if it cannot.
pub fn run_screen(
    screen: &mut Screen,
    color: bool,
    mut check: impl FnMut(&Screen) -> Result<(), String>,
) -> io::Result<Chosen> {
    let (sender, events) = mpsc::channel();
    let signal_sender = sender.clone();
    signals::spawn(
        move |s| signal_sender.send(Event::Signal(s)).is_ok(),
        restore_terminal,
    )?;
    let guard = TerminalGuard::enter()?;
    input::spawn(move |i| sender.send(Event::Input(i)).is_ok())?;
    let chosen = show(screen, color, &events, &mut check);
    drop(guard);
    chosen
}

/// The screen's loop (see [`run_screen`]).
fn show(
    screen: &mut Screen,
    color: bool,
    events: &mpsc::Receiver<Event>,
    check: &mut impl FnMut(&Screen) -> Result<(), String>,
) -> io::Result<Chosen> {
    let mut display = Display::new(io::stdout(), terminal::size()?)?;
    let mut dirty = true;
    loop {
        redraw(&mut display, &mut dirty, |width, height| {
            render(screen, width, height, color)
        })?;
        let action = match events.recv_timeout(TICK) {
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) | Ok(Event::Input(Input::End)) => {
                return Err(io::Error::other("the input ended on the new-game screen"));
            }
            Ok(Event::Signal(Signal::End(n))) => return Ok(Chosen::Signal(n)),
            Ok(Event::Signal(Signal::Suspend)) => {
                suspend()?;
                display.forget();
                dirty = true;
                continue;
            }
            Ok(Event::Signal(Signal::Resume)) => {
                take_terminal()?;
                display.forget();
                dirty = true;
                continue;
            }
            Ok(Event::Input(Input::Key(key))) => screen.key(key),
            Ok(Event::Input(Input::Text(c))) => screen.key(crate::ui::state::Key::from_char(c)),
            Ok(Event::Input(Input::Click(x, y))) => match display.target_at(x, y) {
                Some(target) => screen.click(target),
                None => continue,
            },
        };
        dirty = true;
        match action {
            Action::Continue => {}
            Action::Start => match check(screen) {
                Ok(()) => return Ok(Chosen::Start),
                Err(reason) => screen.message = Some(reason),
            },
            Action::Resume => return Ok(Chosen::Resume),
            Action::Replay => return Ok(Chosen::Replay),
            Action::Quit => return Ok(Chosen::Quit),
            Action::Interrupt => return Ok(Chosen::Signal(signals::INTERRUPT)),
            Action::Suspend => {
                suspend()?;
                display.forget();
            }
        }
    }
}
