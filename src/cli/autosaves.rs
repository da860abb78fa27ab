//! The data directory's unfinished games: where they are autosaved, which
//! was saved last (for `resume`), and pruning the oldest so that games
//! abandoned over the years do not pile up.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::record::Date;

/// The environment variable that, when set, names the data directory
/// instead of the system's (`~/.local/share/dice-of-doom` on Linux): for
/// tests, and for players who keep their games elsewhere.
pub const DATA_DIR_VAR: &str = "DICE_OF_DOOM_DATA_DIR";

/// The folder of the data directory that holds the unfinished games.
const UNFINISHED: &str = "unfinished";

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
    let stamp: String = Date::now()
        .to_string()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let (day, time) = stamp.split_at(stamp.len().min(8));
    Some(dir.join(format!("{day}-{time}-{}.txt", std::process::id())))
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
    let Some(dir) = autosave_dir() else {
        return Ok(None);
    };
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut latest: Option<(SystemTime, PathBuf)> = None;
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "txt") || !entry.file_type()?.is_file() {
            continue;
        }
        let modified = entry.metadata()?.modified().unwrap_or(UNIX_EPOCH);
        if latest
            .as_ref()
            .is_none_or(|(time, last)| (modified, &path) > (*time, last))
        {
            latest = Some((modified, path));
        }
    }
    Ok(latest.map(|(_, path)| path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
}
