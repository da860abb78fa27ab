//! One writer per file: a record being played (and a `dot --output` file
//! being written) is locked for the life of the session through a lock
//! file beside it, `.NAME.lock`, holding the process's id. The lock is the
//! system's advisory lock on that file (`flock`), which the system
//! lets go of when the process ends however it ends, so a lock left by a
//! killed process never blocks. Once locked, the temporary files that
//! killed writers of the same file left behind (`.NAME.XXXXXX.tmp`, see
//! `files.rs`) are removed: whoever made them is gone.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// A file locked by this process until the lock is dropped.
#[derive(Debug)]
pub(super) struct FileLock {
    /// The lock file, locked.
    file: File,
    /// Its path, removed when the lock is let go of.
    path: PathBuf,
}

impl FileLock {
    /// The lock file.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }
}

/// Why a file could not be locked.
#[derive(Debug, thiserror::Error)]
pub(super) enum LockError {
    /// Another process holds the lock.
    #[error("another dice-of-doom ({holder}) is playing it")]
    Held {
        /// The holder in words: `process 1234`, or `a process` if its lock
        /// file names none.
        holder: String,
    },
    /// The lock file could not be made or locked.
    #[error("{}", crate::cli::setup::load::io_reason(.0))]
    Io(#[from] io::Error),
}

/// The lock file of `path`: `.NAME.lock` beside it.
pub(super) fn lock_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    path.with_file_name(format!(".{name}.lock"))
}

/// Locks `path` for this process: `None` for a path that is no regular
/// file to be (a device, a pipe: written straight into, never replaced)
/// or whose folder cannot take a lock file (then no file can be written
/// there either, and the writes say why).
///
/// # Errors
/// [`LockError::Held`] naming the process that holds it.
pub(super) fn lock(path: &Path) -> Result<Option<FileLock>, LockError> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Ok(None);
    }
    // Through a symbolic link, the file it names is the one locked.
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let at = lock_path(&path);
    // A lock file removed by its holder between our open and our lock is
    // no lock at all: try again on the file now there.
    for _ in 0..8 {
        let mut file = match OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&at)
        {
            Ok(file) => file,
            // No lock file can be made there (a folder that is not there,
            // not a folder, or read-only): nor can the file be written,
            // and its writes say why.
            Err(_) => return Ok(None),
        };
        match try_lock(&file) {
            Ok(true) => {}
            Ok(false) => {
                let mut text = String::new();
                let _ = (&file).take(32).read_to_string(&mut text);
                let holder = text
                    .trim()
                    .parse::<u32>()
                    .map_or_else(|_| "a process".to_string(), |pid| format!("process {pid}"));
                return Err(LockError::Held { holder });
            }
            // A file system without such locks: no lock.
            Err(_) => return Ok(None),
        }
        if !names(&at, &file) {
            continue;
        }
        file.set_len(0)?;
        write!(file, "{}", std::process::id())?;
        let lock = FileLock { file, path: at };
        remove_leftovers(&path);
        return Ok(Some(lock));
    }
    Err(io::Error::other("its lock file keeps changing").into())
}

/// Takes the lock on `file` if no process holds it: whether it did.
#[cfg(unix)]
fn try_lock(file: &File) -> io::Result<bool> {
    use rustix::fs::{FlockOperation, flock};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// No such locks here.
#[cfg(not(unix))]
fn try_lock(_: &File) -> io::Result<bool> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Whether `path` is still the file `file` has open.
fn names(path: &Path, file: &File) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(path), file.metadata()) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

/// Whether `name` is one of the temporary files written beside `target`
/// (`.NAME.XXXXXX.tmp`, see `files.rs`).
fn is_leftover(name: &str, target: &str) -> bool {
    name.strip_prefix('.')
        .and_then(|n| n.strip_prefix(target))
        .and_then(|n| n.strip_prefix('.'))
        .and_then(|n| n.strip_suffix(".tmp"))
        .is_some_and(|random| {
            random.len() == 6 && random.chars().all(|c| c.is_ascii_alphanumeric())
        })
}

/// Removes the temporary files that writers of `path` killed before they
/// were done left beside it: called with the lock held, so none of them
/// belongs to a live writer. Best effort.
fn remove_leftovers(path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let leftover = entry
            .file_name()
            .to_str()
            .is_some_and(|n| is_leftover(n, name));
        if leftover && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Drop for FileLock {
    /// Removes the lock file while still holding it, then lets it go (a
    /// process that opened it meanwhile finds it gone and tries again).
    fn drop(&mut self) {
        if names(&self.path, &self.file) {
            let _ = std::fs::remove_file(&self.path);
        }
        // Closing the file (next) lets go of the lock.
    }
}

/// What stands between a game and the file it is kept in: the lock on
/// the file, and what the file held when this session last read or wrote
/// it, so that a file changed by anyone else since is never written over.
#[derive(Debug, Default)]
pub(super) struct Guard {
    /// The lock, once taken.
    lock: Option<FileLock>,
    /// What the file held when this session last read or wrote it
    /// (`None`: not known, such as before a new file is made).
    last: Option<Vec<u8>>,
}

impl Guard {
    /// Locks `path` if it is not locked yet, and remembers what it holds
    /// now (if it is there), as the game is read from it.
    ///
    /// # Errors
    /// [`LockError`]: another process holds it, or no lock file can be made.
    pub(super) fn take(&mut self, path: &Path, max_bytes: u64) -> Result<(), LockError> {
        if self.lock.is_none() {
            self.lock = lock(path)?;
        }
        let mut held = Vec::new();
        self.last = match File::open(path) {
            Ok(file) => file
                .take(max_bytes.saturating_add(1))
                .read_to_end(&mut held)
                .ok()
                .map(|_| held),
            Err(_) => None,
        };
        Ok(())
    }

    /// Whether `path` may be written: locked by this process (locking it
    /// now if need be) and, if this session read or wrote it before,
    /// holding what it held then (or gone). The reason if not.
    pub(super) fn check(&mut self, path: &Path) -> Result<(), String> {
        if self.lock.is_none() {
            self.lock = lock(path).map_err(|e| e.to_string())?;
        }
        let Some(last) = &self.last else {
            return Ok(());
        };
        match std::fs::read(path) {
            Ok(now) if &now != last => Err(
                "the file was changed by another program since this game last saved it, \
                 so it is not written over"
                    .to_string(),
            ),
            _ => Ok(()),
        }
    }

    /// Lets go of the lock (its file removed): the game is no longer kept.
    pub(super) fn release(&mut self) {
        self.lock = None;
    }

    /// The file now holds `text` (written by this session), or nothing.
    pub(super) fn wrote(&mut self, text: Option<&[u8]>) {
        self.last = text.map(<[u8]>::to_vec);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_naming_the_holder_and_a_dead_one_blocks_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let record = dir.path().join("game.txt");
        std::fs::write(&record, "x").unwrap();
        let held = lock(&record).unwrap().expect("a lock");
        let pid = std::process::id();
        assert_eq!(
            std::fs::read_to_string(lock_path(&record.canonicalize().unwrap())).unwrap(),
            pid.to_string()
        );
        match lock(&record) {
            Err(LockError::Held { holder }) => assert_eq!(holder, format!("process {pid}")),
            other => panic!("{other:?}"),
        }
        drop(held);
        assert!(!lock_path(&record).exists(), "removed with the lock");
        // A lock file whose holder is gone (nobody holds its lock).
        std::fs::write(lock_path(&record), "999999").unwrap();
        let again = lock(&record).unwrap();
        assert!(again.is_some());
    }

    #[test]
    fn leftovers_of_killed_writers_go_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let record = dir.path().join("game.txt");
        let keep = [
            "game.txt",
            ".game.txt.tmp",
            ".game.txt.abc.tmp",
            ".other.txt.AbC123.tmp",
            "notes",
        ];
        for name in keep
            .iter()
            .chain(&[".game.txt.AbC123.tmp", ".game.txt.zz9zz9.tmp"])
        {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        let _held = lock(&record).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.ends_with(".lock"))
            .collect();
        left.sort();
        let mut keep: Vec<String> = keep.iter().map(|s| s.to_string()).collect();
        keep.sort();
        assert_eq!(left, keep);
    }

    #[test]
    fn devices_are_not_locked() {
        assert!(lock(Path::new("/dev/null")).unwrap().is_none());
    }
}
