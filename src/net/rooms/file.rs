//! A room's record file, written whole at every change.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::record::Record;
use crate::session::Store;

/// Writes a room's record, whole, into its file at every change.
pub(super) struct FileStore {
    pub(super) path: PathBuf,
    pub(super) warning: Option<String>,
}

impl Store for FileStore {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        let result = write_atomically(&self.path, &record.to_string());
        self.warning = result.as_ref().err().cloned();
        result
    }

    fn warning(&self) -> Option<String> {
        self.warning.clone()
    }
}

fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let why = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(why)?;
    file.write_all(text.as_bytes()).map_err(why)?;
    file.persist(path).map_err(|e| why(e.error))?;
    Ok(())
}
