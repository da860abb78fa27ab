//! `write_atomically`: the file replaced whole, nothing left beside it.

use super::*;

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn writes_a_new_file_then_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    write_atomically(&path, b"first\n", Options::default()).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
    write_atomically(&path, b"second\n", Options::default()).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
    assert_eq!(names(dir.path()), ["game.txt"]);
}

#[test]
fn a_missing_folder_fails_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no such folder").join("game.txt");
    let error = write_atomically(&path, b"x", Options::default()).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::NotFound);
    assert!(names(dir.path()).is_empty());
}

#[test]
fn a_directory_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let inside = dir.path().join("folder");
    std::fs::create_dir(&inside).unwrap();
    std::fs::write(inside.join("kept.txt"), "kept").unwrap();
    let error = write_atomically(&inside, b"x", Options::default()).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::IsADirectory);
    assert_eq!(error.to_string(), "it is a directory, not a file");
    assert!(inside.is_dir());
    assert_eq!(names(dir.path()), ["folder"]);
    assert_eq!(names(&inside), ["kept.txt"]);
}

#[test]
fn a_file_not_committed_or_refused_leaves_the_target_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("keep.dot");
    std::fs::write(&path, "precious\n").unwrap();
    let mut file = AtomicFile::create(&path, Options::default()).unwrap();
    file.write_all(b"half a graph").unwrap();
    assert!(file.temporary_path().exists());
    drop(file);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious\n");
    // A file there with `new_only`: refused before anything is made.
    let refused = write_atomically(&path, b"other", Options::default().new_only()).unwrap_err();
    assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
    // One that appears while the new file is written: refused by the
    // rename, the temporary file removed.
    let late = dir.path().join("late.txt");
    let mut file = AtomicFile::create(&late, Options::default().new_only()).unwrap();
    file.write_all(b"new\n").unwrap();
    std::fs::write(&late, "first\n").unwrap();
    assert_eq!(
        file.commit().unwrap_err().kind(),
        io::ErrorKind::AlreadyExists
    );
    assert_eq!(std::fs::read_to_string(&late).unwrap(), "first\n");
    assert_eq!(names(dir.path()), ["keep.dot", "late.txt"]);
}

#[test]
fn the_temporary_file_is_named_after_the_target_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = AtomicFile::create(&dir.path().join("game.txt"), Options::default()).unwrap();
    let temporary = file.temporary_path();
    assert_eq!(temporary.parent(), Some(dir.path()));
    let name = temporary.file_name().unwrap().to_str().unwrap();
    let random = name
        .strip_prefix(".game.txt.")
        .and_then(|n| n.strip_suffix(".tmp"))
        .unwrap();
    assert_eq!(random.len(), 6, "{name}");
}

#[cfg(unix)]
#[test]
fn the_mode_is_set_and_a_replaced_file_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let key = dir.path().join("host_key");
    write_atomically(&key, b"secret", Options::default().with_mode(0o600)).unwrap();
    assert_eq!(mode(&key), 0o600);
    // Asked for, the bits are set whatever the file had.
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    write_atomically(&key, b"again", Options::default().with_mode(0o600)).unwrap();
    assert_eq!(mode(&key), 0o600);
    // Not asked for: a file replaced keeps its bits, exactly.
    let record = dir.path().join("game.txt");
    std::fs::write(&record, "old").unwrap();
    std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o640)).unwrap();
    write_atomically(&record, b"new", Options::default()).unwrap();
    assert_eq!(mode(&record), 0o640);
    assert_eq!(names(dir.path()), ["game.txt", "host_key"]);
}

#[cfg(unix)]
#[test]
fn a_link_is_written_through_and_a_pipe_refused() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.txt");
    let link = dir.path().join("link.txt");
    std::fs::write(&real, "old\n").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    write_atomically(&link, b"new\n", Options::default()).unwrap();
    let kind = std::fs::symlink_metadata(&link).unwrap().file_type();
    assert!(kind.is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "new\n");
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let error = write_atomically(&fifo, b"x", Options::default()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(names(dir.path()), ["fifo", "link.txt", "real.txt"]);
    }
}
