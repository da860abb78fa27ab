//! The signals the full-screen game answers, caught on a thread of their
//! own and handed to the main loop: `SIGTERM`, `SIGHUP`, `SIGINT` and
//! `SIGQUIT` end the game (the terminal given back, exit status 128 + the
//! signal's number), `SIGTSTP` suspends it and `SIGCONT` redraws it.

use std::io;
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

/// `SIGINT`, the signal of `Ctrl-C`, which the key in raw mode stands for.
pub const INTERRUPT: i32 = SIGINT;

/// The signals that end the game.
pub const ENDING: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

/// A signal, as the main loop handles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// Give the terminal back and exit with 128 + this number.
    End(i32),
    /// Give the terminal back and stop, as `Ctrl-Z` does (`SIGTSTP`).
    Suspend,
    /// The process was continued (`SIGCONT`): take the terminal again and
    /// draw everything.
    Resume,
}

/// How long the main loop has to end the game after an ending signal; past
/// it, the signal's thread restores the terminal and exits by itself.
const GRACE: Duration = Duration::from_secs(2);

/// Where the signals go: the screen showing now (the new-game screen, or
/// a game), and how it gives the terminal back.
struct Listener {
    send: Box<dyn FnMut(Signal) -> bool + Send>,
    restore: fn(),
}

/// The screen the signals go to now, if any.
static LISTENER: Mutex<Option<Listener>> = Mutex::new(None);

/// Whether the thread that catches the signals was started.
static CATCHING: Mutex<bool> = Mutex::new(false);

/// Catches the signals from now on and passes each to `send`, instead of
/// to the screen that asked before (the thread that catches them is one
/// per process, so that a screen left behind cannot end the next one). An
/// ending signal that `send` cannot deliver (the game is over), or that
/// the main loop has not acted on within [`GRACE`], calls `restore` and
/// exits.
pub fn spawn(send: impl FnMut(Signal) -> bool + Send + 'static, restore: fn()) -> io::Result<()> {
    let mut catching = CATCHING.lock().unwrap_or_else(PoisonError::into_inner);
    if !*catching {
        let signals = Signals::new(ENDING.iter().chain(&[SIGTSTP, SIGCONT]))?;
        thread::Builder::new()
            .name("signals".into())
            .spawn(move || catch(signals))?;
        *catching = true;
    }
    *LISTENER.lock().unwrap_or_else(PoisonError::into_inner) = Some(Listener {
        send: Box::new(send),
        restore,
    });
    Ok(())
}

/// Hands each signal caught to the listener (see [`spawn`]).
fn catch(mut signals: Signals) {
    for number in signals.forever() {
        let signal = match number {
            SIGTSTP => Signal::Suspend,
            SIGCONT => Signal::Resume,
            n => Signal::End(n),
        };
        let (delivered, restore) = {
            let mut listener = LISTENER.lock().unwrap_or_else(PoisonError::into_inner);
            match listener.as_mut() {
                Some(l) => ((l.send)(signal), Some(l.restore)),
                None => (false, None),
            }
        };
        match signal {
            Signal::End(n) => {
                if delivered {
                    thread::sleep(GRACE);
                }
                // Standard output stays locked until the process ends,
                // so that nothing is drawn after the terminal is back.
                let _out = io::stdout().lock();
                if let Some(restore) = restore {
                    restore();
                }
                std::process::exit(128 + n);
            }
            // Nobody to suspend: stop as the signal would have.
            Signal::Suspend if !delivered => {
                let _ = stop();
            }
            Signal::Suspend | Signal::Resume => {}
        }
    }
}

/// Raises `SIGINT`, as the `Ctrl-C` key does outside raw mode: the
/// signals' thread then ends the game, even if the main loop is busy.
pub fn interrupt() -> io::Result<()> {
    signal_hook::low_level::raise(SIGINT)
}

/// Stops the process as `SIGTSTP` would have without the game's handler;
/// returns once it is continued.
pub fn stop() -> io::Result<()> {
    signal_hook::low_level::emulate_default_handler(SIGTSTP)
}
