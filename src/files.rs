//! Files written whole or not at all. [`write_atomically`] (and
//! [`AtomicFile`], for a file written piece by piece) writes into a
//! temporary file in the target's folder, `.NAME.XXXXXX.tmp`, flushes it
//! to the disk, renames it over the target and flushes the folder: a
//! crash, a kill or a full disk leaves the old file or the new one, never
//! part of one, and a failure removes the temporary file.
//!
//! A symbolic link to a file is written through (the link stays a link);
//! anything there that is no regular file (a directory, a device, a pipe)
//! is refused, never replaced. The folder must exist.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How a file is written (the default: replace what is there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// On Unix, the file's permission bits (`0o600`: its owner's alone),
    /// set on the temporary file before the rename. Without them a file
    /// replaced keeps its permissions and a new one gets `0o644` (less the
    /// umask), as a file the shell makes. Ignored elsewhere.
    pub mode: Option<u32>,
    /// Never write over a file there: the write fails with
    /// [`io::ErrorKind::AlreadyExists`], checked again by the rename
    /// itself, so that a file that appears meanwhile is kept too.
    pub new_only: bool,
}

impl Options {
    /// These options with the permission bits `mode` (see [`Options::mode`]).
    pub fn with_mode(self, mode: u32) -> Options {
        Options {
            mode: Some(mode),
            ..self
        }
    }

    /// These options, refusing a file that is there (see
    /// [`Options::new_only`]).
    pub fn new_only(self) -> Options {
        Options {
            new_only: true,
            ..self
        }
    }
}

/// Writes `bytes` to `path` whole or not at all (see the module's text).
///
/// # Errors
/// The folder is missing or cannot be written, `path` is no regular
/// file, or the write, the flush or the rename failed; `path` is then as
/// it was, and no temporary file is left.
pub fn write_atomically(path: &Path, bytes: &[u8], options: Options) -> io::Result<()> {
    let mut file = AtomicFile::create(path, options)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A file being written that takes its target's place only with
/// [`AtomicFile::commit`]; dropped before that, its temporary file is
/// removed and the target is left as it was.
#[derive(Debug)]
pub struct AtomicFile {
    file: tempfile::NamedTempFile,
    target: PathBuf,
    new_only: bool,
}

impl AtomicFile {
    /// Starts writing `path` (see [`write_atomically`]).
    ///
    /// # Errors
    /// `path` is no regular file, is there with [`Options::new_only`], or
    /// no temporary file can be made beside it.
    pub fn create(path: &Path, options: Options) -> io::Result<AtomicFile> {
        let there = match std::fs::metadata(path) {
            Ok(metadata) => Some(metadata),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let (target, kept) = match there {
            Some(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "it is a directory, not a file",
                ));
            }
            Some(m) if !m.is_file() => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "it is not a regular file",
                ));
            }
            Some(_) if options.new_only => return Err(already_exists()),
            // Through a link to the file itself, so that the link stays.
            Some(m) => (std::fs::canonicalize(path)?, Some(m.permissions())),
            None => (path.to_path_buf(), None),
        };
        let dir = folder_of(&target);
        let name = target
            .file_name()
            .map_or_else(|| "file".into(), |n| n.to_string_lossy());
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            // Made with the bits asked for (or a new file's usual ones),
            // never readable by more than they allow, even for a moment.
            builder.permissions(std::fs::Permissions::from_mode(
                options.mode.unwrap_or(0o644),
            ));
        }
        let file = builder.tempfile_in(dir)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            // Exactly those asked for, or the replaced file's: no umask.
            let exact = options.mode.map(std::fs::Permissions::from_mode).or(kept);
            if let Some(permissions) = exact {
                file.as_file().set_permissions(permissions)?;
            }
        }
        #[cfg(not(unix))]
        let _ = kept;
        Ok(AtomicFile {
            file,
            target,
            new_only: options.new_only,
        })
    }

    /// The temporary file being written (for a signal handler to remove).
    pub fn temporary_path(&self) -> &Path {
        self.file.path()
    }

    /// Puts what was written in the target's place: the file flushed to
    /// the disk, renamed over the target, and the folder flushed.
    ///
    /// # Errors
    /// The flush or the rename failed (the target is then as it was, and
    /// the temporary file removed), a file appeared meanwhile under
    /// [`Options::new_only`], or the folder could not be flushed (the file
    /// is in place, but may not survive a crash).
    pub fn commit(self) -> io::Result<()> {
        self.file.as_file().sync_all()?;
        let persisted = if self.new_only {
            self.file.persist_noclobber(&self.target)
        } else {
            self.file.persist(&self.target)
        };
        // A failed rename gives the file back; dropped, it is removed.
        persisted.map_err(|e| e.error)?;
        sync_folder(folder_of(&self.target))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// The refusal of a file there under [`Options::new_only`].
fn already_exists() -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        "the file exists already and is not written over",
    )
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Flushes a folder's entries (a rename in it) to the disk, where the
/// system can (Unix).
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    return std::fs::File::open(dir)?.sync_all();
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
