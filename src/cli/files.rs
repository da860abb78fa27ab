//! Files a user names for output (`--save`, `dot --output`, `arena
//! --record`): a regular file is written whole or not at all by
//! [`crate::files`] (a temporary file beside it, flushed to the disk and
//! renamed over it only once all of it is written), so that a failure (a
//! full disk, a file size limit, a kill) leaves the file as it was, and
//! nothing the program did not create is ever removed. A device or a pipe
//! (`/dev/null`, a FIFO) is written straight into: it is never replaced by
//! a file. A read-only file is not written over.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use crate::files::{AtomicFile, Options};

/// Whether an [`Output`] may replace a file that is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Existing {
    /// Replace it (its permissions kept).
    Replace,
    /// Refuse it: only a new file is written (`AlreadyExists`), checked
    /// again by the rename itself, so that a file that appears meanwhile
    /// is not written over either.
    Keep,
}

/// A file being written; it takes the place of its path only with
/// [`Output::commit`]. Dropped before that, the temporary file is removed
/// and the path is left as it was.
#[derive(Debug)]
pub(super) enum Output {
    /// A regular file, written whole or not at all.
    Staged(AtomicFile),
    /// A device or a pipe, written straight into.
    Direct(File),
}

impl Output {
    /// Starts writing `path`.
    ///
    /// # Errors
    /// A directory, a read-only file, a file there with
    /// [`Existing::Keep`], or a temporary file that cannot be made beside
    /// it.
    pub(super) fn create(path: &Path, existing: Existing) -> io::Result<Output> {
        let exists = || {
            io::Error::new(
                io::ErrorKind::AlreadyExists,
                "the file exists already and is not written over",
            )
        };
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "it is a directory, not a file",
                ));
            }
            Ok(_) if existing == Existing::Keep => return Err(exists()),
            // A rename would replace it whatever its mode says.
            Ok(m) if m.is_file() && m.permissions().readonly() => {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    "the file is read-only, so it is not written over",
                ));
            }
            Ok(m) if !m.is_file() => {
                let file = std::fs::OpenOptions::new().write(true).open(path)?;
                return Ok(Output::Direct(file));
            }
            Ok(_) => {}
            // A link to nowhere is there all the same.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if existing == Existing::Keep && std::fs::symlink_metadata(path).is_ok() {
                    return Err(exists());
                }
            }
            Err(e) => return Err(e),
        }
        let options = match existing {
            Existing::Replace => Options::default(),
            Existing::Keep => Options::default().new_only(),
        };
        AtomicFile::create(path, options).map(Output::Staged)
    }

    /// Puts what was written in the file's place (see
    /// [`AtomicFile::commit`]).
    ///
    /// # Errors
    /// The flush or the rename failed (the file is then left as it was),
    /// or, with [`Existing::Keep`], a file appeared there meanwhile.
    pub(super) fn commit(self) -> io::Result<()> {
        match self {
            Output::Staged(file) => file.commit(),
            Output::Direct(mut file) => file.flush(),
        }
    }

    /// The temporary file being written, if there is one (not for a
    /// device), for a signal to remove (see `interrupt.rs`).
    pub(super) fn temporary_path(&self) -> Option<&Path> {
        match self {
            Output::Staged(file) => Some(file.temporary_path()),
            Output::Direct(_) => None,
        }
    }

    fn file(&mut self) -> &mut dyn Write {
        match self {
            Output::Staged(file) => file,
            Output::Direct(file) => file,
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file().flush()
    }
}

/// Writes `text` to `path` at once (see [`Output`]).
pub(super) fn write_file(path: &Path, text: &str, existing: Existing) -> io::Result<()> {
    let mut output = Output::create(path, existing)?;
    output.write_all(text.as_bytes())?;
    output.commit()
}

/// Whether `a` and `b` name the same file (both there).
pub(super) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_replace_the_file_and_leave_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        write_file(&path, "first\n", Existing::Replace).unwrap();
        write_file(&path, "second\n", Existing::Replace).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o644);
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
            write_file(&path, "third\n", Existing::Replace).unwrap();
            assert_eq!(mode(&path), 0o600);
        }
        assert_eq!(names(dir.path()), ["game.txt"]);
        assert_eq!(
            write_file(dir.path(), "x", Existing::Replace)
                .unwrap_err()
                .to_string(),
            "it is a directory, not a file"
        );
        let missing = dir.path().join("no such dir/game.txt");
        assert!(write_file(&missing, "x", Existing::Replace).is_err());
        assert!(!missing.exists());
    }

    #[test]
    fn an_output_not_committed_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keep.dot");
        std::fs::write(&path, "precious\n").unwrap();
        let mut output = Output::create(&path, Existing::Replace).unwrap();
        output.write_all(b"half a graph").unwrap();
        drop(output);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious\n");
        assert_eq!(names(dir.path()), ["keep.dot"]);
        // Never on a new file either.
        let new = dir.path().join("new.dot");
        drop(Output::create(&new, Existing::Replace).unwrap());
        assert!(!new.exists());
        assert_eq!(names(dir.path()), ["keep.dot"]);
    }

    #[test]
    fn keep_refuses_any_file_there() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        write_file(&path, "mine\n", Existing::Keep).unwrap();
        let refused = write_file(&path, "other\n", Existing::Keep).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine\n");
        // One that appears while the new file is written.
        let late = dir.path().join("late.txt");
        let mut output = Output::create(&late, Existing::Keep).unwrap();
        output.write_all(b"new\n").unwrap();
        std::fs::write(&late, "first\n").unwrap();
        assert_eq!(
            output.commit().unwrap_err().kind(),
            io::ErrorKind::AlreadyExists
        );
        assert_eq!(std::fs::read_to_string(&late).unwrap(), "first\n");
        assert_eq!(names(dir.path()), ["game.txt", "late.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_stays_a_link_and_a_pipe_stays_a_pipe() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old\n").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, "new\n", Existing::Replace).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new\n");
        let dangling = dir.path().join("dangling.txt");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        assert_eq!(
            write_file(&dangling, "x", Existing::Keep)
                .unwrap_err()
                .kind(),
            io::ErrorKind::AlreadyExists
        );
        // A pipe (not a device here: a mistake must not cost the system
        // its /dev/null) is written into, never replaced by a file.
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            println!("note: mkfifo failed; skipping the pipe");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        write_file(&fifo, "through\n", Existing::Replace).unwrap();
        assert_eq!(reader.join().unwrap(), "through\n");
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
        assert_eq!(
            write_file(&fifo, "x", Existing::Keep).unwrap_err().kind(),
            io::ErrorKind::AlreadyExists
        );
        assert_eq!(
            names(dir.path()),
            ["dangling.txt", "fifo", "link.txt", "real.txt"]
        );
    }

    #[test]
    fn same_file_follows_links_and_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        std::fs::write(&path, "").unwrap();
        let other = dir.path().join("other.txt");
        std::fs::write(&other, "").unwrap();
        assert!(same_file(&path, &dir.path().join(".").join("game.txt")));
        assert!(!same_file(&path, &other));
        assert!(!same_file(&path, &dir.path().join("missing.txt")));
        #[cfg(unix)]
        {
            let link = dir.path().join("link.txt");
            std::os::unix::fs::symlink(&path, &link).unwrap();
            assert!(same_file(&path, &link));
        }
    }
}
