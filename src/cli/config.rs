//! The new-game screen's memory: the choices made last, kept in a small
//! JSON file in the user's configuration directory (`new-game.json`), with
//! a version number. A file that is missing is no news; one that cannot be
//! read, is not JSON of this shape, or was written by another version is
//! reported in one line and ignored, never fatal.

use std::io;
use std::path::{Path, PathBuf};

pub(super) use crate::ui::newgame::{Saved, VERSION};

/// The environment variable that, when set, names the directory of the
/// settings file instead of the system's (`~/.config/dice-of-doom` on
/// Linux). Without it, [`DATA_DIR_VAR`](super::autosaves::DATA_DIR_VAR),
/// if set, names it too: tests that keep their games apart keep their
/// settings apart as well.
pub const CONFIG_DIR_VAR: &str = "DICE_OF_DOOM_CONFIG_DIR";

/// The settings file's name in its directory.
const FILE_NAME: &str = "new-game.json";

/// Where the settings file is: in [`CONFIG_DIR_VAR`], else in the data
/// directory's variable, else in the system's configuration directory;
/// `None` with no home.
pub(super) fn config_path() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|dir| !dir.is_empty());
    let dir = match set(CONFIG_DIR_VAR).or_else(|| set(super::autosaves::DATA_DIR_VAR)) {
        Some(dir) => PathBuf::from(dir),
        None => directories::ProjectDirs::from("", "", "dice-of-doom")?
            .config_dir()
            .to_path_buf(),
    };
    Some(dir.join(FILE_NAME))
}

/// The settings in the file at `path`: `Ok(None)` if there is none, an
/// error in words (naming the file) if it cannot be used.
pub(super) fn load(path: &Path) -> Result<Option<Saved>, String> {
    let shown = crate::text::shell_quote(path);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(format!(
                "the settings in {shown} cannot be read ({}); the defaults are used",
                super::setup::load::io_reason(&e)
            ));
        }
    };
    let broken = |reason: String| {
        format!("the settings in {shown} are broken ({reason}); the defaults are used")
    };
    // The version first, so that a file of another version is named as
    // such rather than as broken.
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| broken(e.to_string()))?;
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(format!(
                "the settings in {shown} are of version {v}, not {VERSION}; the defaults are used"
            ));
        }
        None => return Err(broken("no version number".to_string())),
    }
    let saved: Saved = serde_json::from_value(value).map_err(|e| broken(e.to_string()))?;
    Ok(Some(match std::env::current_dir() {
        Ok(here) => shown_from(saved, &here),
        Err(_) => saved,
    }))
}

/// Writes the settings to the file at `path` (its directory made if need
/// be), atomically: a reader sees the old file or the new one. A map file
/// is kept by its absolute path, so that the choice still names it when
/// the game is started from another directory.
pub(super) fn store(path: &Path, saved: &Saved) -> io::Result<()> {
    let saved = match std::env::current_dir() {
        Ok(here) => absolute(saved.clone(), &here),
        Err(_) => saved.clone(),
    };
    let text = serde_json::to_string_pretty(&saved).map_err(io::Error::other)? + "\n";
    std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
    crate::files::write_atomically(path, text.as_bytes(), Default::default())
}

/// The words that name a map file in [`Saved::board`].
const MAP: &str = "map ";

/// `saved` with its map file (if any), taken from `here`, made absolute and
/// canonical; a file that cannot be found is left as it was chosen.
fn absolute(mut saved: Saved, here: &Path) -> Saved {
    if let Some(file) = saved.board.strip_prefix(MAP)
        && let Ok(full) = here.join(file).canonicalize()
    {
        saved.board = format!("{MAP}{}", full.display());
    }
    saved
}

/// `saved` with its map file (absolute, as stored) named from `here` when
/// it is inside it (`maps/duel-12.map`), as the new-game screen offers the
/// map files there; elsewhere it stays absolute.
fn shown_from(mut saved: Saved, here: &Path) -> Saved {
    let here = here.canonicalize().unwrap_or_else(|_| here.to_path_buf());
    if let Some(file) = saved.board.strip_prefix(MAP)
        && let Ok(inside) = Path::new(file).strip_prefix(&here)
    {
        saved.board = format!("{MAP}{}", inside.display());
    }
    saved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved() -> Saved {
        Saved {
            version: VERSION,
            rules: "lol4".into(),
            board: "5x5".into(),
            players: 4,
            computers: "bcd".into(),
            ai: "chance".into(),
            strength: "easy".into(),
            first: "a".into(),
        }
    }

    #[test]
    fn a_missing_file_is_no_news_and_a_stored_one_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deeper").join(FILE_NAME);
        assert_eq!(load(&path), Ok(None));
        store(&path, &saved()).unwrap();
        assert_eq!(load(&path), Ok(Some(saved())));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"version\": 1"), "{text}");
    }

    #[test]
    fn a_map_file_is_kept_absolute_and_named_from_where_the_game_starts() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("maps")).unwrap();
        std::fs::write(dir.path().join("maps/duel.map"), "").unwrap();
        let chosen = Saved {
            board: "map maps/duel.map".into(),
            ..saved()
        };
        let stored = absolute(chosen.clone(), dir.path());
        let full = dir.path().canonicalize().unwrap().join("maps/duel.map");
        assert_eq!(stored.board, format!("map {}", full.display()));
        assert!(Path::new(&stored.board["map ".len()..]).is_absolute());
        // Read back in the directory it was chosen in, it is the offered
        // `maps/duel.map`; anywhere else, the absolute path.
        assert_eq!(shown_from(stored.clone(), dir.path()), chosen);
        let elsewhere = tempfile::tempdir().unwrap();
        assert_eq!(shown_from(stored.clone(), elsewhere.path()), stored);
        // A missing file and other boards are left as they were.
        for board in ["map maps/gone.map", "5x5", "random map"] {
            let other = Saved {
                board: board.into(),
                ..saved()
            };
            assert_eq!(absolute(other.clone(), dir.path()), other);
        }
    }

    #[test]
    fn a_broken_file_is_reported_and_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        for (text, says) in [
            ("{ not json", "are broken (key must be a string"),
            ("{\"rules\": \"lol4\"}", "are broken (no version number)"),
            ("{\"version\": 1, \"rules\": 5}", "are broken (invalid type"),
            ("[1, 2]", "are broken (no version number)"),
        ] {
            std::fs::write(&path, text).unwrap();
            let error = load(&path).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
            assert!(error.ends_with("; the defaults are used"), "{error}");
            assert!(error.contains(&path.display().to_string()), "{error}");
        }
    }

    #[test]
    fn a_file_of_another_version_is_reported_and_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, "{\"version\": 0, \"board\": \"9x9\"}").unwrap();
        let error = load(&path).unwrap_err();
        assert!(error.contains("are of version 0, not 1"), "{error}");
        std::fs::write(&path, "{\"version\": 2, \"whatever\": []}").unwrap();
        assert!(load(&path).unwrap_err().contains("of version 2, not 1"));
    }

    #[test]
    fn a_file_that_cannot_be_read_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        // A directory in the file's place.
        let path = dir.path().join(FILE_NAME);
        std::fs::create_dir(&path).unwrap();
        let error = load(&path).unwrap_err();
        assert!(error.contains("cannot be read ("), "{error}");
    }
}
