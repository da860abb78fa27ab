//! The recent games the new-game screen offers to replay: the newest
//! finished games of the data directory's history, which the command line
//! lists (the screen knows no file), each a line in a few words; `Enter`
//! on one replays it full-screen.

use std::path::PathBuf;

use super::state::Screen;

/// How many recent games the screen lists, at most.
pub const RECENT_SHOWN: usize = 5;

/// A finished game the screen offers to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recent {
    /// Its record.
    pub path: PathBuf,
    /// It in a few words: `2026-11-28 12:01  lol4 5x5, 4 players, a won`.
    pub about: String,
}

impl Screen {
    /// The screen, offering `recent` (newest first; the first
    /// [`RECENT_SHOWN`] of them) to replay, on lines after `Start`.
    pub fn with_recent(mut self, mut recent: Vec<Recent>) -> Screen {
        recent.truncate(RECENT_SHOWN);
        self.recent = recent;
        self
    }

    /// The recent game chosen to replay: the one in focus, if one is.
    pub fn chosen_recent(&self) -> Option<&Recent> {
        match self.focused() {
            super::state::Field::Recent(i) => self.recent.get(i),
            _ => None,
        }
    }
}

#[cfg(test)]
#[path = "recent_tests.rs"]
mod tests;
