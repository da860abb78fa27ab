//! The data directory's games: the unfinished ones, where they are
//! autosaved and which was saved last (for `resume`); the finished ones,
//! kept in its history (the newest of them for `replay`); and pruning the
//! oldest of each so that games over the years do not pile up.

use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::record::Date;

/// The environment variable that, when set, names the data directory
/// instead of the system's (`~/.local/share/dice-of-doom` on Linux): for
/// tests, and for players who keep their games elsewhere.
pub const DATA_DIR_VAR: &str = "DICE_OF_DOOM_DATA_DIR";

/// The folder of the data directory that holds the unfinished games.
const UNFINISHED: &str = "unfinished";

/// The folder of the data directory that keeps the finished games.
const HISTORY: &str = "history";

/// How many finished games the history keeps: keeping one more removes
/// the oldest beyond these.
pub(super) const HISTORY_KEEP: usize = 200;

/// The user's data directory for the game: [`DATA_DIR_VAR`] if set, or
/// the system's (XDG on Linux); `None` if there is none (no home).
///
/// A relative [`DATA_DIR_VAR`] is made absolute once, from the folder the
/// program started in, so that the paths it prints (the `resume` hint)
/// work from anywhere.
pub(crate) fn data_dir() -> Option<PathBuf> {
    static DIR: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    DIR.get_or_init(|| match std::env::var_os(DATA_DIR_VAR) {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            Some(std::path::absolute(&dir).unwrap_or(dir))
        }
        _ => directories::ProjectDirs::from("", "", "dice-of-doom")
            .map(|dirs| dirs.data_dir().to_path_buf()),
    })
    .clone()
}

/// Where unfinished games are saved.
pub(super) fn autosave_dir() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join(UNFINISHED))
}

/// Where finished games are kept.
pub(super) fn history_dir() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join(HISTORY))
}

/// How many unfinished games the data directory keeps: a new game's
/// autosave makes room by removing the oldest beyond these.
pub(super) const KEEP: usize = 50;

/// A new autosave's path: the date and time it was started and the process,
/// so that two games at once keep two files. First the oldest autosaves
/// are removed, leaving room for this one among the newest [`KEEP`].
pub(super) fn new_autosave() -> Option<PathBuf> {
    let dir = autosave_dir()?;
    // Best effort: a folder that cannot be read or a file that cannot be
    // removed leaves the games as they are.
    let _ = prune(&dir, KEEP - 1);
    Some(dir.join(stamped_name()))
}

/// A game file's name: the date and time now and the process
/// (`20261125-100200-4242.txt`).
pub(super) fn stamped_name() -> String {
    let stamp: String = Date::now()
        .to_string()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let (day, time) = stamp.split_at(stamp.len().min(8));
    format!("{day}-{time}-{}.txt", std::process::id())
}

/// Keeps the finished game `text` in the history folder `dir` as `name`
/// (written whole or not at all), then removes the oldest games there
/// beyond the newest `keep`: the file it was kept in.
///
/// # Errors
/// The folder cannot be made or the file written.
pub(super) fn keep_finished(
    dir: &Path,
    name: &str,
    text: &str,
    keep: usize,
) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(name);
    super::files::write_file(&path, text, super::files::Existing::Replace)?;
    // Best effort, as for the autosaves; the game just kept is the newest.
    let _ = prune(dir, keep);
    Ok(path)
}

/// Whether a file name is one of [`new_autosave`]'s (digits and dashes,
/// then `.txt`), so that pruning never touches a file a person put there.
fn is_autosave_name(name: &str) -> bool {
    name.strip_suffix(".txt").is_some_and(|stem| {
        stem.starts_with(|c: char| c.is_ascii_digit())
            && stem.chars().all(|c| c.is_ascii_digit() || c == '-')
    })
}

/// Removes the oldest autosaves in `dir` (by the time each last changed,
/// then by name) beyond the newest `keep`; how many it removed.
fn prune(dir: &Path, keep: usize) -> io::Result<usize> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let mut saves = Vec::new();
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_autosave_name) || !entry.file_type()?.is_file() {
            continue;
        }
        let modified = entry.metadata()?.modified().unwrap_or(UNIX_EPOCH);
        saves.push((modified, entry.path()));
    }
    saves.sort_unstable_by(|a, b| b.cmp(a));
    let mut removed = 0;
    for (_, path) in saves.iter().skip(keep) {
        if std::fs::remove_file(path).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

/// The unfinished game saved last (by the time its file last changed), if
/// there is one.
pub(super) fn latest_autosave() -> io::Result<Option<PathBuf>> {
    match autosave_dir() {
        Some(dir) => latest_in(&dir),
        None => Ok(None),
    }
}

/// The finished game kept last in the history, if there is one.
pub(super) fn latest_finished() -> io::Result<Option<PathBuf>> {
    match history_dir() {
        Some(dir) => latest_in(&dir),
        None => Ok(None),
    }
}

/// The newest `n` finished games kept in the history, newest first.
pub(super) fn recent_finished(n: usize) -> io::Result<Vec<PathBuf>> {
    match history_dir() {
        Some(dir) => newest_in(&dir, n),
        None => Ok(Vec::new()),
    }
}

/// The newest `n` records (`.txt`) in `dir`, by the time each last
/// changed (then by name), newest first.
fn newest_in(dir: &Path, n: usize) -> io::Result<Vec<PathBuf>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut records = Vec::new();
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "txt") || !entry.file_type()?.is_file() {
            continue;
        }
        let modified = entry.metadata()?.modified().unwrap_or(UNIX_EPOCH);
        records.push((modified, path));
    }
    records.sort_unstable_by(|a, b| b.cmp(a));
    Ok(records.into_iter().take(n).map(|(_, path)| path).collect())
}

/// The record (`.txt`) in `dir` that changed last, if there is one.
fn latest_in(dir: &Path) -> io::Result<Option<PathBuf>> {
    Ok(newest_in(dir, 1)?.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    #[test]
    fn autosave_names_are_told_from_other_files() {
        let cases = [
            ("20261124-121500-4242.txt", true),
            ("20261124-121500-4242-2.txt", true),
            ("game.txt", false),
            ("20261124-121500-4242.map", false),
            ("-1.txt", false),
            (".20261124-1.txt.tmp", false),
            ("2026 notes.txt", false),
        ];
        for (name, expected) in cases {
            assert_eq!(is_autosave_name(name), expected, "{name}");
        }
    }

    #[test]
    fn pruning_keeps_the_newest_autosaves_and_every_other_file() {
        let dir = tempfile::tempdir().unwrap();
        let start = SystemTime::now() - Duration::from_secs(3600);
        for i in 0..6u64 {
            let path = dir.path().join(format!("20260101-00000{i}-1.txt"));
            let file = std::fs::File::create(&path).unwrap();
            // The newest by time is the first written, not the last name.
            file.set_modified(start - Duration::from_secs(60 * i))
                .unwrap();
        }
        std::fs::write(dir.path().join("mine.txt"), "").unwrap();
        assert_eq!(prune(dir.path(), 4).unwrap(), 2);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "20260101-000000-1.txt",
                "20260101-000001-1.txt",
                "20260101-000002-1.txt",
                "20260101-000003-1.txt",
                "mine.txt",
            ]
        );
        assert_eq!(prune(dir.path(), 4).unwrap(), 0);
        assert_eq!(prune(&dir.path().join("none"), 4).unwrap(), 0);
    }

    /// The history keeps the newest games, the oldest removed first (here
    /// a bound of 3 for [`HISTORY_KEEP`]'s 200), and `replay` finds the
    /// newest.
    #[test]
    fn the_history_keeps_the_newest_finished_games() {
        let dir = tempfile::tempdir().unwrap();
        let history = dir.path().join("history");
        let start = SystemTime::now() - Duration::from_secs(3600);
        for i in 0..5u64 {
            let name = format!("20260101-00000{i}-1.txt");
            let path = keep_finished(&history, &name, "game", 3).unwrap();
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(start + Duration::from_secs(60 * i))
                .unwrap();
        }
        let mut left: Vec<String> = std::fs::read_dir(&history)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        // Pruned as each was kept: the last one kept makes four, less one.
        assert_eq!(
            left,
            [
                "20260101-000002-1.txt",
                "20260101-000003-1.txt",
                "20260101-000004-1.txt",
            ]
        );
        assert_eq!(
            latest_in(&history).unwrap(),
            Some(history.join("20260101-000004-1.txt"))
        );
        assert_eq!(
            newest_in(&history, 2).unwrap(),
            [
                history.join("20260101-000004-1.txt"),
                history.join("20260101-000003-1.txt"),
            ]
        );
        assert!(newest_in(&dir.path().join("none"), 5).unwrap().is_empty());
        assert_eq!(latest_in(&dir.path().join("none")).unwrap(), None);
    }
}
