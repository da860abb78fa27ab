//! Ctrl-C (`SIGINT`), `SIGTERM` and `SIGHUP` for the long commands
//! (`solve`, `survey`, `stats`, `dot`, `arena`): each says what it knows
//! when one arrives instead of dying silently, removes its temporary files
//! and exits with 128 + the signal's number (130, 143, 129), as a shell
//! reports a process the signal ended.
//!
//! A command that can stop its own work ([`stopped`], read where it reads
//! its clock: `solve`) is left to do so and print its answer. Otherwise, or
//! if it has not stopped within [`GRACE`], the thread that caught the
//! signal prints what the command has told it it knows ([`know`]), removes
//! the temporary files it was told of ([`temporary`]) and ends the process.
//! A save under way ([`saving`]) is waited for. A second signal ends it at
//! once, as the first would have.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The signal caught (0 for none yet).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Whether the command stops its own work on a signal (see [`stopped`]).
static POLLED: AtomicBool = AtomicBool::new(false);

/// What the command knows so far, said if a signal ends it.
static KNOWN: Mutex<Option<String>> = Mutex::new(None);

/// The temporary files to remove if a signal ends the command.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether the command is saving what it found (see [`saving`]).
static SAVING: AtomicBool = AtomicBool::new(false);

/// How long a command that stops its own work is given to do so.
pub(super) const GRACE: Duration = Duration::from_secs(3);

/// The signals a command is stopped by.
const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// Watches for the signals from now on (see the module's text); `polled`
/// if the command reads [`stopped`] and stops itself.
///
/// # Errors
/// The signals cannot be watched.
pub(super) fn watch(polled: bool) -> io::Result<()> {
    POLLED.store(polled, Ordering::Relaxed);
    let mut signals = signal_hook::iterator::Signals::new(SIGNALS)?;
    std::thread::Builder::new()
        .name("interrupt".into())
        .spawn(move || {
            let Some(first) = signals.forever().next() else {
                return;
            };
            CAUGHT.store(first, Ordering::SeqCst);
            // A second signal ends the process at once.
            std::thread::spawn(move || {
                if let Some(second) = signals.forever().next() {
                    die(second);
                }
            });
            if POLLED.load(Ordering::Relaxed) {
                std::thread::sleep(GRACE);
                // A save under way is waited for, however long it takes,
                // and then given the grace to end the command itself.
                while SAVING.load(Ordering::SeqCst) {
                    std::thread::sleep(GRACE);
                }
            }
            end(first);
        })?;
    Ok(())
}

/// Says the command is saving what it found (`solve --cache`): a first
/// signal then waits for the save to end, however long it takes; a second
/// one still ends the command at once.
pub(super) fn saving(on: bool) {
    SAVING.store(on, Ordering::SeqCst);
}

/// The signal caught, if one was.
pub(super) fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => None,
        n => Some(n),
    }
}

/// Whether a signal asks the command to stop.
pub(super) fn stopped() -> bool {
    caught().is_some()
}

/// The exit status for signal `n`: 128 + n.
pub(super) fn status(n: i32) -> u8 {
    u8::try_from(128 + n).unwrap_or(u8::MAX)
}

/// The signal's name, for messages.
pub(super) fn name(n: i32) -> &'static str {
    match n {
        SIGINT => "Ctrl-C (SIGINT)",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

/// What the command knows so far, in words, to say if a signal ends it.
pub(super) fn know(text: String) {
    *KNOWN.lock().unwrap_or_else(PoisonError::into_inner) = Some(text);
}

/// The temporary files (and lock files) to remove if a signal ends the
/// command: the whole list, replaced (empty once they are renamed into
/// place or removed).
pub(super) fn temporary(paths: &[&Path]) {
    let mut files = TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner);
    files.clear();
    files.extend(paths.iter().map(|p| p.to_path_buf()));
}

/// Ends the process after signal `n`: what it knows said on standard
/// error (standard output may be a half-written answer), its temporary
/// files removed.
fn end(n: i32) -> ! {
    let known = KNOWN.lock().unwrap_or_else(PoisonError::into_inner).take();
    for path in TEMPORARY
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .drain(..)
    {
        let _ = std::fs::remove_file(path);
    }
    let mut err = io::stderr().lock();
    if let Some(known) = known {
        let _ = writeln!(err, "\n{known}");
    }
    let _ = writeln!(err, "dice-of-doom: stopped by {}", name(n));
    std::process::exit(i32::from(status(n)));
}

/// Ends the process at once, as signal `n` would have.
fn die(n: i32) -> ! {
    for path in TEMPORARY
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .drain(..)
    {
        let _ = std::fs::remove_file(path);
    }
    let _ = signal_hook::low_level::emulate_default_handler(n);
    std::process::exit(i32::from(status(n)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_128_and_the_signal() {
        assert_eq!(
            [SIGINT, SIGTERM, SIGHUP].map(status),
            [130, 143, 129],
            "as a shell reports them"
        );
        assert_eq!(name(SIGTERM), "SIGTERM");
    }
}
