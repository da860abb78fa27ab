//! The server's own files (the password file, the authorized keys, the
//! host key) read with a size bound: a file named by mistake, or
//! `/dev/zero`, is refused after at most [`MOST_BYTES`] bytes read, never
//! read whole into memory.

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// The most bytes such a file may hold: 1 MiB, far above any password,
/// host key or list of keys.
pub const MOST_BYTES: u64 = 1 << 20;

/// Why such a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Opening or reading it failed.
    #[error("{}: {}", .0.display(), .1)]
    Io(PathBuf, std::io::Error),
    /// It holds more than the bound.
    #[error("{}: larger than {} bytes (1 MiB): not a password, key or keys file", .0.display(), MOST_BYTES)]
    TooLarge(PathBuf),
    /// It is not UTF-8 text.
    #[error("{}: not UTF-8 text", .0.display())]
    NotText(PathBuf),
}

impl ReadError {
    /// Whether the file was not there.
    pub fn not_found(&self) -> bool {
        matches!(self, ReadError::Io(_, e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

/// The text of `path`, at most `most` bytes of it.
///
/// # Errors
/// [`ReadError`]: it cannot be read, is larger than `most` (told by its
/// size when it is a plain file, else after `most + 1` bytes read), or is
/// not UTF-8.
pub fn read_text(path: &Path, most: u64) -> Result<String, ReadError> {
    let io = |e| ReadError::Io(path.to_path_buf(), e);
    let file = std::fs::File::open(path).map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    if metadata.is_file() && metadata.len() > most {
        return Err(ReadError::TooLarge(path.to_path_buf()));
    }
    let mut bytes = Vec::new();
    file.take(most.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > most {
        return Err(ReadError::TooLarge(path.to_path_buf()));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText(path.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_past_the_bound_is_refused_and_one_within_read() {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("small");
        std::fs::write(&small, "sesame\n").unwrap();
        assert_eq!(read_text(&small, 16).unwrap(), "sesame\n");
        assert_eq!(read_text(&small, 7).unwrap(), "sesame\n");
        let err = read_text(&small, 6).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge(_)), "{err}");
        assert!(err.to_string().contains("small: larger than"), "{err}");
        let missing = read_text(&dir.path().join("none"), 16).unwrap_err();
        assert!(missing.not_found());
        std::fs::write(&small, [0xff, 0xfe]).unwrap();
        assert!(matches!(read_text(&small, 16), Err(ReadError::NotText(_))));
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_is_refused_after_the_bound() {
        let err = read_text(Path::new("/dev/zero"), MOST_BYTES).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge(_)), "{err}");
        assert!(
            err.to_string().starts_with("/dev/zero: larger than"),
            "{err}"
        );
    }
}
