//! The server's host key: an ed25519 key made on first start and kept in
//! the data directory (readable by its owner only), so that clients see the
//! same fingerprint every time.

use std::path::Path;

use russh::keys::{Algorithm, HashAlg, PrivateKey};

use super::NetError;
use super::bounded::{MOST_BYTES, read_text};
use crate::files::{Options, write_atomically};

/// The host key's file in the server's folder.
pub const FILE: &str = "host_ed25519";

/// The host key kept in `dir`, made and written there (mode 0600) if there
/// is none yet.
///
/// # Errors
/// [`NetError::HostKey`] when the key cannot be read, made or written.
pub fn load_or_create(dir: &Path) -> Result<PrivateKey, NetError> {
    let path = dir.join(FILE);
    let fail = |why: String| NetError::HostKey(format!("{}: {why}", path.display()));
    // Read with a bound: a key is a few hundred bytes, never `/dev/zero`.
    match read_text(&path, MOST_BYTES) {
        Ok(text) => return PrivateKey::from_openssh(text).map_err(|e| fail(e.to_string())),
        Err(e) if e.not_found() => {}
        Err(e) => return Err(NetError::HostKey(e.to_string())),
    }
    std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| fail(e.to_string()))?;
    let text = key
        .to_openssh(russh::keys::ssh_key::LineEnding::LF)
        .map_err(|e| fail(e.to_string()))?;
    // Readable by its owner only, and never over a key another start made.
    let options = Options::default().with_mode(0o600).new_only();
    write_atomically(&path, text.as_bytes(), options).map_err(|e| fail(e.to_string()))?;
    Ok(key)
}

/// The key's fingerprint as OpenSSH shows it (`SHA256:...`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path()).unwrap();
        let again = load_or_create(dir.path()).unwrap();
        assert_eq!(fingerprint(&first), fingerprint(&again));
        assert!(fingerprint(&first).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(dir.path().join(FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_key_file_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.path().join(FILE)).unwrap();
        let err = load_or_create(dir.path()).unwrap_err().to_string();
        assert!(err.contains(FILE) && err.contains("larger than"), "{err}");
    }
}
