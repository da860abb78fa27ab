//! The game written to a file the player names during play (the
//! full-screen game's `s`, the line mode's `save FILE`): a new [`Saver`]
//! that keeps it from then on, in place of the one before.

use std::path::{Path, PathBuf};

use super::Saver;

impl Saver {
    /// The saver that keeps the game in the file `name` (relative to the
    /// current folder) from now on, and that file as it is shown (its whole
    /// path, quoted for a shell where it must be). A file that is there
    /// already is never written over (but this saver's own, which it is);
    /// an autosave left behind is removed once the new file is written, so
    /// that no stale copy is offered to resume; the run's list of games
    /// (see [`super::Kept`]) names the new file once it is written.
    ///
    /// # Errors
    /// No name, no folder of that name, or another process plays that
    /// file.
    pub(super) fn save_as(&self, name: &str) -> Result<(Saver, String), String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("no file name was given".to_string());
        }
        let path = PathBuf::from(name);
        let whole = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
        let shown = crate::text::shell_quote(&whole);
        if same_path(&whole, &self.path) {
            return Ok((self.clone(), shown));
        }
        if let Some(dir) = whole.parent()
            && !dir.is_dir()
        {
            let dir = crate::text::shell_quote(dir);
            return Err(format!("there is no folder {dir} (make it first)"));
        }
        let mut saver = Saver::file(whole)
            .only_new()
            .keeping_finished(self.history.clone());
        if self.autosave {
            saver = saver.replacing(self.path.clone());
        }
        saver.kept = self.kept.clone();
        let saver = saver.locked().map_err(|e| e.to_string())?;
        Ok((saver, shown))
    }
}

/// Whether `a` and `b` name the same file: the same path, or the same file
/// on disk.
fn same_path(a: &Path, b: &Path) -> bool {
    let whole = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    whole(a) == whole(b) || super::super::files::same_file(a, b)
}

#[cfg(test)]
#[path = "save_as_tests.rs"]
mod tests;
