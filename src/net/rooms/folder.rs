//! The games' folder: only `CODE.txt` files (a valid code, see
//! [`is_code`]) are games. At start the unfinished ones are resumed; a
//! finished one is moved into `finished/` (its code free again); one that
//! cannot be read, parsed or replayed is set aside into `broken/`; any
//! other name is skipped. Each is reported in a line for the server's
//! output, every file name escaped (`{:?}`), never printed raw.

use std::ffi::OsStr;
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};

use crate::record::{Date, Record};

use super::codes::is_code;

/// The folder (in the games' folder) of finished games' records, each
/// `CODE-YYYYMMDD-HHMMSS.txt` (with `-2`, `-3`, ... if taken: none is ever
/// written over).
pub(super) const FINISHED: &str = "finished";

/// The folder (in the games' folder) of the records that could not be
/// resumed, each under its own name.
pub(super) const BROKEN: &str = "broken";

/// The largest record read at start or at `join`: larger is broken.
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// What the folder held at start.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// The unfinished games, by code: code, record, file.
    pub(super) games: Vec<(String, Record, PathBuf)>,
    /// What was skipped, moved or set aside, a line each (names escaped).
    pub(super) notes: Vec<String>,
}

/// A file name as it may be printed: quoted, its control characters and
/// invalid bytes escaped.
pub(super) fn shown(name: &OsStr) -> String {
    format!("{name:?}")
}

/// Reads the games' folder `dir` (see the [module](self)).
///
/// # Errors
/// The folder cannot be listed.
pub(super) fn read(dir: &Path) -> io::Result<Found> {
    let mut found = Found::default();
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)?.flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir && (name == FINISHED || name == BROKEN) {
            continue;
        }
        let code = name
            .to_str()
            .and_then(|n| n.strip_suffix(".txt"))
            .filter(|c| is_code(c));
        let (Some(code), false) = (code, is_dir) else {
            found.notes.push(format!(
                "skipped {}: not a game's record (CODE.txt)",
                shown(&name)
            ));
            continue;
        };
        let path = entry.path();
        match load(&path) {
            Ok(record) if record.is_over() => {
                found.notes.push(match finish(dir, code, &path) {
                    Ok(to) => format!("finished game {code} moved to {}", shown(to.as_os_str())),
                    Err(e) => format!("finished game {code} left in place: {e}"),
                });
            }
            Ok(record) => found.games.push((code.to_string(), record, path)),
            Err(why) => found.notes.push(set_aside(dir, &path, &why)),
        }
    }
    Ok(found)
}

/// The record in `path`, read (at most [`MAX_RECORD_BYTES`]), parsed and
/// replayed; why not, in words (escaped).
pub(super) fn load(path: &Path) -> Result<Record, String> {
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!("larger than {} MiB", MAX_RECORD_BYTES >> 20));
    }
    Record::parse(&text).map_err(|e| crate::text::escape_controls(&e.to_string()))
}

/// Sets the record `path` aside into `broken/` for `why`: the line that
/// says so.
pub(super) fn set_aside(dir: &Path, path: &Path, why: &str) -> String {
    let name = shown(path.file_name().unwrap_or(path.as_os_str()));
    let stem = path
        .file_name()
        .map_or_else(|| "record".into(), OsStr::to_os_string);
    match move_into(path, &dir.join(BROKEN), &stem) {
        Ok(to) => format!(
            "set aside {name} as {} (it cannot be resumed: {why})",
            shown(to.as_os_str())
        ),
        Err(e) => format!("skipped {name}: it cannot be resumed ({why}) nor set aside ({e})"),
    }
}

/// Moves the finished game `code`'s record `path` into `finished/`,
/// named with the code and the date: where it went.
///
/// # Errors
/// The folder cannot be made, or the file moved.
pub(super) fn finish(dir: &Path, code: &str, path: &Path) -> io::Result<PathBuf> {
    let date: String = Date::now()
        .to_string()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let (day, time) = date.split_at(date.len().min(8));
    let name = format!("{code}-{day}-{time}.txt");
    move_into(path, &dir.join(FINISHED), OsStr::new(&name))
}

/// Moves `path` into the folder `into` as `name`, or as `name` with `-2`,
/// `-3`, ... before its extension when taken: never over another file.
fn move_into(path: &Path, into: &Path, name: &OsStr) -> io::Result<PathBuf> {
    std::fs::create_dir_all(into)?;
    let name = Path::new(name);
    let stem = name.file_stem().unwrap_or(name.as_os_str()).to_os_string();
    let extension = name.extension().map(OsStr::to_os_string);
    for n in 1..1000u32 {
        let mut candidate = stem.clone();
        if n > 1 {
            candidate.push(format!("-{n}"));
        }
        if let Some(extension) = &extension {
            candidate.push(".");
            candidate.push(extension);
        }
        let to = into.join(candidate);
        // A hard link is made only where no file is: nothing is written
        // over, even by a file that appears meanwhile.
        match std::fs::hard_link(path, &to) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                return Ok(to);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // No hard links here: a rename where nothing is.
            Err(_) if !to.exists() => {
                std::fs::rename(path, &to)?;
                return Ok(to);
            }
            Err(_) => continue,
        }
    }
    Err(io::Error::other("a thousand files of that name are there"))
}

#[cfg(test)]
#[path = "folder_tests.rs"]
pub(super) mod tests;
