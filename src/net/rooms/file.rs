//! A room's record file, written whole at every change (see
//! [`crate::files`]).

use std::path::PathBuf;

use crate::files::write_atomically;
use crate::record::Record;
use crate::session::Store;

/// Writes a room's record, whole, into its file at every change.
pub(super) struct FileStore {
    pub(super) path: PathBuf,
    pub(super) warning: Option<String>,
}

impl Store for FileStore {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        let text = record.to_string();
        let result = write_atomically(&self.path, text.as_bytes(), Default::default())
            .map_err(|e| format!("{}: {e}", self.path.display()));
        self.warning = result.as_ref().err().cloned();
        result
    }

    fn warning(&self) -> Option<String> {
        self.warning.clone()
    }
}
