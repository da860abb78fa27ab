//! Game records on disk: reading a record file (mistakes named with the
//! file, line and column), writing one atomically (`files.rs`: a temporary
//! file in the same directory, then a rename, so that a crash or a kill
//! never leaves a half-written record in place of a good one), and the
//! autosaves of unfinished games in the user's data directory.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::CliError;
use super::autosaves::{HISTORY_KEEP, autosave_dir, keep_finished, new_autosave, stamped_name};
use super::files::{Existing, write_file};
use super::locks::{Guard, LockError};
use super::setup::load::{BoardFileError, Source, io_reason, read_text};
use crate::record::Record;

mod save_as;

/// The largest record read: far more than the longest game on the largest
/// board needs.
pub const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

/// Held while a record is written, so that a signal that ends the game
/// waits for the write to finish (see [`SAVING`]'s users).
pub(super) static SAVING: Mutex<()> = Mutex::new(());

/// Reads a record file (`-` for standard input), checking all of it.
///
/// # Errors
/// A file that cannot be read or is no good record: a [`BoardFileError`]
/// naming the file, line and column (exit status 2).
pub(super) fn read_record(path: &Path) -> Result<Record, CliError> {
    let source = Source::from_arg(path);
    let text = read_text(&source, "record", MAX_RECORD_BYTES)?;
    // One byte-order mark may start a file (`read_text` drops it), as in a
    // board or map file; a second is refused there, and here too.
    if text.starts_with('\u{feff}') {
        return Err(BoardFileError {
            source_name: source,
            location: Some((1, 1)),
            problem: "a second byte-order mark: a file may start with one only".to_string(),
        }
        .into());
    }
    Record::parse(&text).map_err(|e| {
        BoardFileError {
            source_name: source,
            location: Some((e.line, e.column)),
            problem: e.kind.to_string(),
        }
        .into()
    })
}

/// Where a game is kept while it is played: a file named by `--save` (or
/// the record it was resumed from), or an autosave, which is removed once
/// the game is over (there is nothing left to resume).
#[derive(Clone, Debug)]
pub(super) struct Saver {
    path: PathBuf,
    autosave: bool,
    /// Why the last save failed, if it did; shared with the note a signal
    /// prints (see [`Saver::note_on_signal`]).
    failure: Arc<Mutex<Option<String>>>,
    /// Whether the file is still to be made: its first write refuses a
    /// file that is there (see [`Saver::only_new`]).
    new: bool,
    /// The list of the run's games it tells of its saves, and its game's
    /// place there (see [`Kept::keep`]).
    kept: Option<(Kept, usize)>,
    /// The lock on the file and what it held when last read or written
    /// (shared by the saver's clones).
    guard: Arc<Mutex<Guard>>,
    /// Whether a save has written (or removed) the file.
    written: Arc<AtomicBool>,
    /// The folder that keeps finished games (the data directory's
    /// history), if they are kept: see [`Saver::keeping_finished`].
    history: Option<PathBuf>,
    /// Where the finished game was kept in the history, once it was
    /// (shared by the saver's clones: later saves write the same file).
    finished: Arc<Mutex<Option<PathBuf>>>,
    /// An autosave the game was resumed from, removed once the game is
    /// first saved here (so that no stale copy is offered to resume).
    replaces: Option<PathBuf>,
}

impl Saver {
    /// Keeps the game in `path`.
    pub(super) fn file(path: PathBuf) -> Saver {
        Saver {
            path,
            autosave: false,
            failure: Arc::default(),
            new: false,
            kept: None,
            guard: Arc::default(),
            written: Arc::default(),
            history: None,
            finished: Arc::default(),
            replaces: None,
        }
    }

    /// Keeps the game in `path` until it is over.
    pub(super) fn autosave(path: PathBuf) -> Saver {
        Saver {
            autosave: true,
            ..Saver::file(path)
        }
    }

    /// The saver, keeping the game in the folder `history` too once it is
    /// over (an autosave is removed then), the oldest there beyond
    /// [`HISTORY_KEEP`] removed; `None`: not kept there.
    pub(super) fn keeping_finished(mut self, history: Option<PathBuf>) -> Saver {
        self.history = history;
        self
    }

    /// The saver, removing the autosave `old` once its first save has
    /// written the game (a game resumed from it into a new file).
    pub(super) fn replacing(mut self, old: PathBuf) -> Saver {
        self.replaces = Some(old);
        self
    }

    /// Where the finished game is kept in the history, once it is.
    pub(super) fn finished_path(&self) -> Option<PathBuf> {
        self.finished
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Keeps the finished game `record` in the history (best effort: the
    /// game itself is saved already, or its autosave was removed).
    fn keep_finished(&self, record: &Record) {
        let Some(dir) = &self.history else {
            return;
        };
        let mut finished = self.finished.lock().unwrap_or_else(PoisonError::into_inner);
        let name = match &*finished {
            Some(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()),
            None if self.autosave => self
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned()),
            None => None,
        }
        .unwrap_or_else(stamped_name);
        if let Ok(path) = keep_finished(dir, &name, &record.to_string(), HISTORY_KEEP) {
            *finished = Some(path);
        }
    }

    /// The saver, its first write making a new file: a file that is there
    /// by then (another game's record, or anything else) is never written
    /// over, and the save fails instead.
    pub(super) fn only_new(mut self) -> Saver {
        self.new = true;
        self
    }

    /// The saver, its file locked for this process from now on (see
    /// `locks.rs`) and its content noted, before the game is read from it:
    /// a second process playing the same file is refused, and a file that
    /// anyone else changes meanwhile is never written over.
    ///
    /// # Errors
    /// Another process plays it (naming it), or no lock can be taken.
    pub(super) fn locked(self) -> Result<Saver, CliError> {
        let taken = self
            .guarded()
            .take(&self.path, MAX_RECORD_BYTES)
            .map_err(|e| {
                let shown = crate::text::shell_quote(&self.path);
                let hint = match e {
                    LockError::Held { .. } => format!(
                        ": `dice-of-doom replay {shown}` shows it, \
                         `dice-of-doom resume --no-autosave {shown}` plays on from it without saving"
                    ),
                    LockError::Io(_) => String::new(),
                };
                CliError::Runtime(format!("{shown} cannot be played: {e}{hint}"))
            });
        taken.map(|()| self)
    }

    fn guarded(&self) -> std::sync::MutexGuard<'_, Guard> {
        self.guard.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Lets go of the file's lock (see `locks.rs`) once the session is
    /// over: the game is no longer kept from here.
    pub(super) fn release(&self) {
        self.guarded().release();
    }

    /// Whether a save has written the file (or removed a finished game's
    /// autosave): nothing is said to be saved before.
    pub(super) fn written(&self) -> bool {
        self.written.load(Ordering::Relaxed)
    }

    /// Whether `path` is in the autosave directory.
    pub(super) fn is_autosave_path(path: &Path) -> bool {
        let dir = autosave_dir();
        let parent = path.parent().and_then(|p| p.canonicalize().ok());
        dir.and_then(|d| d.canonicalize().ok())
            .is_some_and(|d| Some(d) == parent)
    }

    /// The file.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Saves the game as it stands (an autosave of a game that is over is
    /// removed instead); the reason if that failed.
    pub(super) fn save(&mut self, record: &Record) -> Result<(), String> {
        let saved = self.write(record);
        *self.failed() = saved.clone().err();
        if saved.is_ok() {
            self.new = false;
            self.written.store(true, Ordering::Relaxed);
            if let Some(old) = self.replaces.take() {
                // Best effort: an autosave already gone is fine.
                let _ = std::fs::remove_file(old);
            }
            if record.is_over() {
                self.keep_finished(record);
            }
            if let Some((kept, index)) = &self.kept {
                kept.saved(*index, self, record);
            }
        }
        saved
    }

    /// For an autosave, made only once the game has a move: whether its
    /// folder is there or can be made, a failure kept as a save's would
    /// be, so that both modes warn at once.
    pub(super) fn probe(&mut self) -> Result<(), String> {
        let made = match self.path.parent() {
            Some(dir) => std::fs::create_dir_all(dir).map_err(|e| io_reason(&e)),
            None => Ok(()),
        };
        *self.failed() = made.clone().err();
        made
    }

    /// Why the last save failed, if it did.
    fn failed(&self) -> std::sync::MutexGuard<'_, Option<String>> {
        self.failure.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self, record: &Record) -> Result<(), String> {
        let _writing = SAVING.lock().unwrap_or_else(PoisonError::into_inner);
        let mut guard = self.guarded();
        guard.check(&self.path)?;
        if self.autosave && record.is_over() {
            guard.wrote(None);
            return match std::fs::remove_file(&self.path) {
                // Not there (nor its folder): nothing to remove.
                Err(e)
                    if !matches!(
                        e.kind(),
                        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                    ) =>
                {
                    Err(io_reason(&e))
                }
                _ => Ok(()),
            };
        }
        if self.autosave
            && let Some(dir) = self.path.parent()
        {
            std::fs::create_dir_all(dir).map_err(|e| io_reason(&e))?;
        }
        let existing = if self.new {
            Existing::Keep
        } else {
            Existing::Replace
        };
        let text = record.to_string();
        write_file(&self.path, &text, existing).map_err(|e| io_reason(&e))?;
        guard.wrote(Some(text.as_bytes()));
        Ok(())
    }

    /// What to say when the game ends: where it is kept and how to go on,
    /// or nothing for an autosave of a game that is over.
    pub(super) fn note(&self, record: &Record) -> Option<String> {
        self.note_as(record, "The game")
    }

    /// [`Saver::note`], the game called `name` (`The game`, `Game 2`);
    /// nothing for a game whose last save failed (see
    /// [`Saver::failure_as`]).
    fn note_as(&self, record: &Record, name: &str) -> Option<String> {
        let shown = crate::text::shell_quote(&self.path);
        if self.failed().is_some() {
            return None;
        }
        if !self.written() {
            return (!self.autosave && !record.is_over()).then(|| self.unwritten_note_as(name));
        }
        if !record.is_over() {
            return Some(self.unfinished_note_as(name));
        }
        if self.autosave {
            return self.finished_path().map(|kept| {
                let kept = crate::text::shell_quote(&kept);
                format!("{name} is kept in {kept}: `dice-of-doom replay` shows it again.")
            });
        }
        Some(format!(
            "{name} is saved in {shown}: `dice-of-doom replay {shown}` shows it again."
        ))
    }

    /// The warning while the game is not being saved: why its last save
    /// failed (both modes show it as soon as a save fails).
    pub(super) fn warning(&self) -> Option<String> {
        let reason = self.failed().clone()?;
        Some(format!("This game is not being saved: {reason}."))
    }

    /// Why a session whose game called `name` was not saved (its last
    /// save failed) ends with exit status 1, in both modes; `None` if it
    /// is saved.
    pub(super) fn failure_as(&self, name: &str) -> Option<String> {
        let reason = self.failed().clone()?;
        let shown = crate::text::shell_quote(&self.path);
        Some(format!("{name} could not be saved to {shown}: {reason}"))
    }

    /// What to say when a signal ends the game before its end, as it
    /// stands then: where it is kept and how to go on, or why it is not.
    pub(super) fn note_on_signal(&self) -> impl Fn() -> String + Send + use<> {
        let saver = self.clone();
        move || {
            // Called with `SAVING` held: no save is under way.
            saver.release();
            saver.failure_as("The game").map_or_else(
                || match (saver.written(), saver.autosave) {
                    (true, _) => saver.unfinished_note_as("The game"),
                    (false, false) => saver.unwritten_note_as("The game"),
                    (false, true) => "No move was played: there is nothing to resume.".to_string(),
                },
                |failure| format!("{failure}."),
            )
        }
    }

    /// The note for a record read and never written since: it is said to
    /// be where it was, not to be saved.
    fn unwritten_note_as(&self, name: &str) -> String {
        let shown = crate::text::shell_quote(&self.path);
        format!("{name} is unchanged in {shown}: `dice-of-doom resume {shown}` goes on with it.")
    }

    /// Whether the game is kept in an autosave (made once it has a move).
    pub(super) fn is_autosave(&self) -> bool {
        self.autosave
    }

    fn unfinished_note_as(&self, name: &str) -> String {
        let shown = crate::text::shell_quote(&self.path);
        let resume = if self.autosave {
            "dice-of-doom resume".to_string()
        } else {
            format!("dice-of-doom resume {shown}")
        };
        format!("{name} is saved to {shown}: `{resume}` goes on with it.")
    }

    /// Where the next game of the session is kept, never over a file that
    /// is there: a new autosave after an autosave; after a file named by
    /// the player, the same name numbered (`game.txt`, then `game-2.txt`,
    /// `game-3.txt`, ...). `None` if there is no data directory. It is
    /// listed where this one is (see [`Kept`]).
    pub(super) fn next(&self) -> Option<Saver> {
        let next = if self.autosave {
            Saver::autosave(unused(&new_autosave()?, 1))
        } else {
            Saver::file(unused(&self.path, 2))
        };
        let next = next.only_new().keeping_finished(self.history.clone());
        Some(match &self.kept {
            Some((kept, _)) => kept.keep(next, None),
            None => next,
        })
    }
}

/// The session keeps its game through the saver.
impl crate::session::Store for Saver {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        Saver::save(self, record)
    }

    fn warning(&self) -> Option<String> {
        Saver::warning(self)
    }

    /// A new file of its own (see [`Saver::next`]).
    fn next(&self) -> Result<Box<dyn crate::session::Store>, String> {
        Saver::next(self)
            .map(|saver| Box::new(saver) as _)
            .ok_or_else(|| "there is no data directory".to_string())
    }

    /// A file of the player's gets a name the player did not give: say it
    /// (an autosave is found by `resume`, as the first game's is).
    fn note(&self) -> Option<String> {
        (!self.autosave).then(|| {
            let shown = crate::text::shell_quote(&self.path);
            format!("This game is saved to {shown}.")
        })
    }

    /// A file the player names (see [`Saver::save_as`]).
    fn save_as(&self, name: &str) -> Result<(Box<dyn crate::session::Store>, String), String> {
        Saver::save_as(self, name).map(|(saver, shown)| (Box::new(saver) as _, shown))
    }

    /// The finished game's file in the history, or the player's own file
    /// once the game is over.
    fn kept(&self) -> Option<String> {
        let path = self
            .finished_path()
            .or_else(|| (!self.autosave && self.written()).then(|| self.path.clone()))?;
        Some(crate::text::shell_quote(&path))
    }
}

/// `path` if no file is there and `from` is 1, otherwise the first of
/// `path` numbered from `from` (`game-2.txt`, `game-3.txt`, ...) that is
/// not there.
fn unused(path: &Path, from: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let extension = path.extension().map(|e| e.to_string_lossy().into_owned());
    (from.max(1)..)
        .map(|n| {
            if n == 1 {
                return path.to_path_buf();
            }
            let name = match &extension {
                Some(extension) => format!("{stem}-{n}.{extension}"),
                None => format!("{stem}-{n}"),
            };
            path.with_file_name(name)
        })
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| path.to_path_buf())
}

/// Every game of a run that is kept in a file: each [`Saver`] made by
/// [`Kept::keep`] (and the savers of the games after it, see
/// [`Saver::next`]) tells it of what it saved, so that where each game was
/// kept can be told once they are over, or a signal ends them.
#[derive(Clone, Default)]
pub(super) struct Kept {
    games: Arc<Mutex<Vec<Game>>>,
}

/// One game a [`Kept`] lists.
struct Game {
    /// Its saver (not tied to the list), for the notes: its clones share
    /// their last failure.
    saver: Saver,
    /// The game as it was last saved, if it was.
    record: Option<Record>,
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept").finish_non_exhaustive()
    }
}

impl Kept {
    fn games(&self) -> std::sync::MutexGuard<'_, Vec<Game>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Lists the game kept by `saver`, saved already as `saved` or not yet:
    /// the saver, which tells the list of every save from now on.
    pub(super) fn keep(&self, mut saver: Saver, saved: Option<&Record>) -> Saver {
        saver.kept = None;
        let mut games = self.games();
        games.push(Game {
            saver: saver.clone(),
            record: saved.cloned(),
        });
        saver.kept = Some((self.clone(), games.len() - 1));
        saver
    }

    /// Lets go of every game's file (see [`Saver::release`]).
    pub(super) fn release(&self) {
        for game in self.games().iter() {
            game.saver.release();
        }
    }

    /// The game `index` was saved as `record` by `saver`, which keeps it
    /// from now on if it is another file (see [`Saver::save_as`]).
    fn saved(&self, index: usize, saver: &Saver, record: &Record) {
        if let Some(game) = self.games().get_mut(index) {
            game.record = Some(record.clone());
            if game.saver.path != saver.path {
                // Not tied to the list, as `keep` lists its savers.
                let mut listed = saver.clone();
                listed.kept = None;
                game.saver = listed;
            }
        }
    }

    /// What to say when the games end: where each game that was saved is
    /// kept and how to go on (see [`Saver::note`]), one line each, nothing
    /// if nothing was saved; and which games could not be saved (see
    /// [`Saver::failure_as`]), the run's error. With more than one game,
    /// each line names its game by its number.
    pub(super) fn notes(&self) -> (Option<String>, Option<String>) {
        let games = self.games();
        let numbered = games.len() > 1;
        let name = |i: usize, first: &str| {
            if numbered {
                format!("Game {}", i + 1)
            } else {
                first.to_string()
            }
        };
        let notes: Vec<String> = games
            .iter()
            .enumerate()
            .filter_map(|(i, game)| {
                let record = game.record.as_ref()?;
                game.saver.note_as(record, &name(i, "The game"))
            })
            .collect();
        let failures: Vec<String> = games
            .iter()
            .enumerate()
            .filter_map(|(i, game)| game.saver.failure_as(&name(i, "the game")))
            .collect();
        (
            (!notes.is_empty()).then(|| notes.join("\n")),
            (!failures.is_empty()).then(|| failures.join("; ")),
        )
    }
}

#[cfg(test)]
#[path = "saving_tests.rs"]
mod tests;
