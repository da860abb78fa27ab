//! The thin layer that talks to the terminal: raw mode, the alternate
//! screen, mouse capture, the event loop, and drawing frames by sending only
//! what changed since the last one.

use std::io::{self, Write};
use std::panic;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crossterm::event;
use crossterm::style::{Attribute, SetAttribute};
use crossterm::{cursor, execute, terminal};

pub mod display;
pub mod ending;
pub mod input;
pub mod screen;
mod signals;
mod workers;

use super::state::{App, ComputerPlayer, Effect, Hint, HintProvider, Key, Overlay, Spot};
use super::view;
use crate::game::Move;
use crate::session::{Answer, FrontEndError, SessionError, Thought};
pub use display::Display;
pub use ending::Ending;
use input::Input;
use signals::Signal;
use workers::{Computer, HintTicket, Hinter, Thinking};

/// Whether this process has the terminal in raw mode on the alternate
/// screen, so that it must give it back.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Turns on mouse reports of button presses and releases only, in the SGR
/// encoding: unlike crossterm's `EnableMouseCapture` it does not ask for
/// every mouse motion, which the game has no use for and which could still
/// be in flight when the game leaves.
struct EnableClicks;

impl crossterm::Command for EnableClicks {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        f.write_str("\x1b[?1000h\x1b[?1006h")
    }

    #[cfg(windows)]
    fn execute_winapi(&self) -> io::Result<()> {
        event::EnableMouseCapture.execute_winapi()
    }
}

/// Writes the sequences that leave the game's screen: mouse capture off,
/// the normal screen back, the cursor shown, colours reset.
pub fn write_restore(out: &mut impl Write) -> io::Result<()> {
    execute!(
        out,
        SetAttribute(Attribute::Reset),
        event::DisableMouseCapture,
        terminal::LeaveAlternateScreen,
        cursor::Show
    )
}

/// Gives the terminal back if this process took it; safe to call twice,
/// from a panic hook or a drop.
/// Standard output stays locked meanwhile, as the main loop draws with it
/// locked: a frame is never cut by the restoring sequences.
fn restore_terminal() {
    let mut out = io::stdout().lock();
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = terminal::disable_raw_mode();
        let _ = write_restore(&mut out);
    }
}

/// Makes the panic hook call `before` first, then the hook that was there:
/// the terminal is restored before the panic message is printed, so the
/// message is readable and lands on the normal screen.
pub fn chain_panic_hook(before: fn()) {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        before();
        previous(info);
    }));
}

/// Restores the terminal when dropped: on a normal return, an early return
/// with an error, or unwinding from a panic.
pub struct TerminalGuard {
    restore: fn(),
}

impl TerminalGuard {
    /// Takes the terminal: raw mode, alternate screen, mouse capture, cursor
    /// hidden. The panic hook is chained once per process.
    pub fn enter() -> io::Result<TerminalGuard> {
        static HOOK: Once = Once::new();
        HOOK.call_once(|| chain_panic_hook(restore_terminal));
        take_terminal()?;
        Ok(TerminalGuard {
            restore: restore_terminal,
        })
    }
}

/// Takes the terminal (again, after a suspension): raw mode, alternate
/// screen, mouse capture, cursor hidden, the screen cleared.
fn take_terminal() -> io::Result<()> {
    terminal::enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    write_enter(&mut io::stdout())
}

/// Writes the sequences that take a terminal's screen for the game (raw
/// mode apart): the alternate screen, clicks reported, the cursor hidden,
/// the screen cleared.
pub fn write_enter(out: &mut impl Write) -> io::Result<()> {
    execute!(
        out,
        terminal::EnterAlternateScreen,
        EnableClicks,
        cursor::Hide,
        terminal::Clear(terminal::ClearType::All)
    )
}

/// Suspends the game as `Ctrl-Z` does: the terminal given back, the process
/// stopped, and the terminal taken again when it is continued.
fn suspend() -> io::Result<()> {
    restore_terminal();
    signals::stop()?;
    take_terminal()
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        (self.restore)();
    }
}

/// How often the loop wakes without an event, to notice a change of window
/// size (the size is polled: no resize signal is caught).
const TICK: Duration = Duration::from_millis(250);

/// The shortest time between two of the computer's moves on the screen, so
/// that a person can follow them: a move that took less thinking waits.
/// With the roll ([`ROLL_TICK`] times
/// [`ROLL_FRAMES`](super::state::ROLL_FRAMES)) an attack shows for half
/// a second ([`COMPUTER_PACE`]), near the original Dice Wars' brisk
/// pace (a second an attack made a round of six computers last over 20
/// s); `f` skips the pauses up to the next person's turn.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(200);

/// How long each face of a rolling roll shows: it rolls for
/// [`ROLL_FRAMES`](super::state::ROLL_FRAMES) of them, and the computer's next move
/// waits for it to settle, then [`COMPUTER_PAUSE`] more.
pub const ROLL_TICK: Duration = Duration::from_millis(50);

/// How long one of the computer's attacks shows at least: its roll
/// rolling, then the pause.
pub const COMPUTER_PACE: Duration = Duration::from_millis(
    ROLL_TICK.as_millis() as u64 * super::state::ROLL_FRAMES as u64
        + COMPUTER_PAUSE.as_millis() as u64,
);

/// When the computer's move, due at `due` (its pause after it was asked
/// for over), is shown: at once (`now`) when its turn is fast-forwarded
/// (`f`), otherwise not before `hold`, the pause after the last roll
/// settled, if there is one.
fn shown_at(due: Instant, hold: Option<Instant>, fast: bool, now: Instant) -> Instant {
    match hold {
        _ if fast => now,
        Some(hold) => due.max(hold),
        None => due,
    }
}

/// How long a replay that plays through shows each move.
pub const REPLAY_PACE: Duration = Duration::from_millis(1000);

/// How long the loop waits for a signal after the input ended.
const HANGUP_WAIT: Duration = Duration::from_millis(200);

/// What the main loop waits for: input, read and parsed on threads of its
/// own (see `input`), or a signal.
enum Event {
    Input(Input),
    Signal(Signal),
    /// The hints worked out for a game's node.
    Hints(u64, Spot, Thought<Option<Vec<Hint>>>),
    /// The computer's move thought out.
    Computer(Thought<Option<Move>>),
}

/// Draws the frame that `draw` makes for the local terminal's size, if
/// that size changed or the state is `dirty` (cleared once drawn): the
/// step of every local screen's loop (the game and the new-game screen).
pub(super) fn redraw(
    display: &mut Display<io::Stdout>,
    dirty: &mut bool,
    draw: impl FnOnce(u16, u16) -> view::Frame,
) -> io::Result<()> {
    let now = terminal::size().unwrap_or(display.size());
    if now != display.size() {
        display.resize(now);
        *dirty = true;
    }
    if *dirty {
        let (width, height) = display.size();
        display.show(draw(width, height))?;
        *dirty = false;
    }
    Ok(())
}

/// Plays `app` full screen until a player quits or a signal ends it;
/// `computer` moves the players [`App::computer_to_move`] names, on the
/// process's pool ([`crate::session::pool::shared`]), one move every
/// [`COMPUTER_PAUSE`] at most, and `hinter` works out the hints the app
/// asks for there too; the app keeps its game
/// itself (see [`App::with_store`]), and a new game (`n`) apart, dated
/// now. A replay ([`App::replay`]) that plays through shows a move every
/// [`REPLAY_PACE`]. Keys, clicks, signals and hints come in on a channel,
/// so that nothing waits for input or hints. `Ctrl-C` raises `SIGINT`, so
/// that it ends the game by the signals' path, which does not wait for the
/// main loop. With `screen`, a new game (`n`) ends this one instead, for
/// the new-game screen ([`Ending::new_game`]).
pub fn run(
    mut app: App,
    color: bool,
    computer: Option<Box<dyn ComputerPlayer>>,
    hinter: Option<Box<dyn HintProvider>>,
    screen: bool,
) -> Result<Ending, FrontEndError> {
    let mut thinking = Thinking::Idle;
    let (sender, events) = mpsc::channel();
    let signal_sender = sender.clone();
    signals::spawn(
        move |s| signal_sender.send(Event::Signal(s)).is_ok(),
        restore_terminal,
    )?;
    // The game the hints are for, and the request still wanted: its
    // ticket and the node it is for in that game.
    let mut game = 0u64;
    let mut asked: Option<(HintTicket, u64, Spot)> = None;
    let guard = TerminalGuard::enter()?;
    // The pool after the terminal: its panic hook comes before the
    // terminal's (a job's panic is said on the screen, see `session::pool`).
    let pool = (computer.is_some() || hinter.is_some())
        .then(crate::session::pool::shared)
        .transpose()?;
    let worker = computer.zip(pool.clone()).map(|(c, p)| Computer::new(p, c));
    let hinter = hinter.zip(pool).map(|(h, p)| Hinter::new(p, h));
    let replies = sender.clone();
    input::spawn(move |i| {
        if i == Input::Key(Key::Interrupt) && signals::interrupt().is_ok() {
            return true;
        }
        sender.send(Event::Input(i)).is_ok()
    })?;
    let mut signal = None;
    let mut new_game = false;
    // Each frame is queued and written at once: nothing is left buffered
    // to spill onto the normal screen if a panic unwinds.
    let mut display = Display::new(io::stdout(), terminal::size()?)?;
    let mut dirty = true;
    let mut replay_step: Option<Instant> = None;
    let mut roll_step: Option<Instant> = None;
    // The computer's next move waits for this after a roll settles.
    let mut hold: Option<Instant> = None;
    loop {
        redraw(&mut display, &mut dirty, |width, height| {
            view::render(&app, width, height, color)
        })?;
        let mut wait = TICK;
        if app.playing() && app.overlay() == Overlay::None {
            let now = Instant::now();
            let at = *replay_step.get_or_insert(now + REPLAY_PACE);
            if now >= at {
                replay_step = None;
                dirty |= app.tick();
                continue;
            }
            wait = (at - now).min(TICK);
        } else {
            replay_step = None;
        }
        if app.rolling() {
            let now = Instant::now();
            let at = *roll_step.get_or_insert(now + ROLL_TICK);
            if now >= at {
                roll_step = None;
                dirty |= app.roll_tick();
                if !app.rolling() {
                    hold = Some(now + COMPUTER_PAUSE);
                }
                continue;
            }
            wait = wait.min(at - now);
        } else if roll_step.take().is_some() {
            // Settled by a key.
            hold = Some(Instant::now() + COMPUTER_PAUSE);
        }
        // Hints no longer wanted (cancelled, a move played, a new game):
        // their search stops, and its answer is thrown away.
        if let Some((_, of, node)) = &asked
            && (*of != game
                || app.hints_pending() != Some(*node)
                || Spot::of(&app.position()) != *node)
        {
            asked = None;
        }
        if let Some(worker) = &worker {
            let now = Instant::now();
            let send = replies.clone();
            thinking = thinking.update(&app, worker, now, move |t| {
                let _ = send.send(Event::Computer(t));
            })?;
            match thinking {
                Thinking::Idle | Thinking::Asked { .. } | Thinking::Failed(_) => {}
                // Shown once its pause is over and no window covers the board.
                Thinking::Found { position, mv, at } => {
                    // Fast-forwarded, at once; otherwise after the pause and
                    // once the last roll has settled and been seen.
                    let at = shown_at(at, hold, app.fast_forward(), now);
                    if app.rolling() {
                        // Its ticks wake the loop.
                    } else if now < at {
                        wait = wait.min(at - now);
                    } else if app.overlay() == Overlay::None {
                        hold = None;
                        thinking = Thinking::Idle;
                        if app.position() == position
                            && let Some(player) = app.computer_to_move()
                        {
                            let mv = mv.ok_or(SessionError::NoComputerMove(player))?;
                            app.computer_move(mv);
                        }
                        dirty = true;
                        continue;
                    }
                }
            }
        }
        let event = match events.recv_timeout(wait) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(io::Error::other("the input and signals stopped").into());
            }
        };
        let effect = match event {
            Event::Input(Input::Key(Key::Interrupt)) => {
                signal = Some(signals::INTERRUPT);
                break;
            }
            Event::Signal(Signal::End(n)) => {
                signal = Some(n);
                break;
            }
            Event::Input(Input::Key(Key::Suspend)) | Event::Signal(Signal::Suspend) => {
                suspend()?;
                display.forget();
                dirty = true;
                continue;
            }
            Event::Signal(Signal::Resume) => {
                take_terminal()?;
                display.forget();
                dirty = true;
                continue;
            }
            Event::Hints(answered, node, thought) => {
                // Only the answer still wanted: the others were cut short.
                if asked
                    .as_ref()
                    .is_some_and(|(t, ..)| t.id() == thought.job())
                {
                    asked = None;
                    match thought.answer(app.stamp()) {
                        Answer::Ready(hints) if answered == game => {
                            app.hints_ready(node, hints);
                        }
                        Answer::Ready(_) | Answer::Dropped => {}
                        Answer::Failed(why) => {
                            app.hints_ready(node, None);
                            app.failed("The hints", &why);
                        }
                    }
                }
                Effect::Continue
            }
            Event::Computer(thought) => {
                thinking = thinking.take(thought, &mut app, worker.as_ref());
                Effect::Continue
            }
            Event::Input(Input::Key(key)) => app.key(key),
            Event::Input(Input::Text(c)) => app.typed(c),
            Event::Input(Input::Click(x, y)) => match display.target_at(x, y) {
                Some(target) => app.click(target),
                None => continue,
            },
            // A terminal hung up ends the input and sends SIGHUP, in either
            // order: the signal, if it comes soon, says how the game ended.
            Event::Input(Input::End) => match events.recv_timeout(HANGUP_WAIT) {
                Ok(Event::Signal(Signal::End(n))) => {
                    signal = Some(n);
                    break;
                }
                _ => {
                    return Err(io::Error::other("the input ended before the game was over").into());
                }
            },
        };
        dirty = true;
        match effect {
            Effect::Continue => {}
            Effect::Quit => break,
            Effect::NewGame if screen => {
                new_game = true;
                break;
            }
            Effect::NewGame => {
                let seed = rand::random_range(0..1_000_000);
                if app.new_game_dated(seed, Some(crate::record::Date::now())) {
                    game += 1;
                }
            }
            Effect::Hints(node) => match &hinter {
                None => {
                    app.hints_ready(node, None);
                }
                Some(_)
                    if asked
                        .as_ref()
                        .is_some_and(|(_, of, at)| (*of, *at) == (game, node)) => {}
                Some(hinter) => {
                    let send = replies.clone();
                    let reply = move |t| {
                        let _ = send.send(Event::Hints(game, node, t));
                    };
                    let ticket = hinter.ask(app.rules(), app.stamp(), reply)?;
                    asked = Some((ticket, game, node));
                }
            },
        }
    }
    drop(guard);
    Ok(Ending {
        winners: app.winners(),
        seed: app.seed(),
        side: app.rules().map().rows(),
        dealt: game > 0,
        signal,
        new_game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    static EVENTS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

    fn record(event: &'static str) {
        EVENTS.lock().unwrap_or_else(|e| e.into_inner()).push(event);
    }

    #[test]
    fn the_computer_s_moves_keep_a_pace_the_eye_follows_unless_fast_forwarded() {
        // An attack shows for a quarter to two thirds of a second: long
        // enough to see, short enough for a round of six computers.
        assert!(
            COMPUTER_PACE >= Duration::from_millis(250),
            "{COMPUTER_PACE:?}"
        );
        assert!(
            COMPUTER_PACE <= Duration::from_millis(650),
            "{COMPUTER_PACE:?}"
        );
        let now = Instant::now();
        let due = now + COMPUTER_PAUSE;
        let hold = now + Duration::from_millis(300);
        assert_eq!(shown_at(due, None, false, now), due);
        assert_eq!(shown_at(due, Some(hold), false, now), hold);
        assert_eq!(shown_at(hold, Some(due), false, now), hold);
        // Fast-forwarded: at once, whatever the pauses.
        assert_eq!(shown_at(due, Some(hold), true, now), now);
    }

    #[test]
    fn the_restore_sequences_leave_everything_the_game_turned_on() {
        let mut out = Vec::new();
        write_restore(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        for sequence in ["\x1b[?1049l", "\x1b[?25h", "\x1b[?1000l", "\x1b[?1006l"] {
            assert!(
                text.contains(sequence),
                "{sequence:?} missing from {text:?}"
            );
        }
    }

    /// One test for both, as the panic hook is global: a panic restores the
    /// terminal before the message is printed, and the guard restores when
    /// it is dropped by the unwinding.
    #[test]
    fn a_panic_restores_the_terminal_before_its_message() {
        let original = panic::take_hook();
        panic::set_hook(Box::new(|_| record("message")));
        chain_panic_hook(|| record("hook restores"));
        let result = panic::catch_unwind(|| {
            let _guard = TerminalGuard {
                restore: || record("guard restores"),
            };
            panic!("boom");
        });
        panic::set_hook(original);
        assert!(result.is_err());
        let events = EVENTS.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert_eq!(events, ["hook restores", "message", "guard restores"]);
    }
}
