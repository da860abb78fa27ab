//! Issue 36 end to end: a roll once shown stands against the computer
//! (unless practice), and every finished game is kept.

use crate::common::dice_of_doom;

/// The line mode's output for `args` and the answers `input`, its data
/// directory `data`.
fn line_mode(data: &std::path::Path, args: &[&str], input: &str) -> String {
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", data)
        .args(["play", "--plain"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The game; `8` is an attack held (16 -> 13), then `u`.
use crate::common::DICE_WARS_VS_SIX as DICE_WARS;

#[test]
fn a_roll_once_shown_stands_against_the_computer_unless_practice() {
    let data = tempfile::tempdir().unwrap();
    let mut args = DICE_WARS.to_vec();
    args.push("--no-autosave");
    let out = line_mode(data.path(), &args, "8\nu\nq\n");
    assert!(out.contains("a: 16 -> 13 rolls"), "{out}");
    assert!(
        out.contains("No undo: against the computer a roll once shown stands"),
        "{out}"
    );
    assert!(!out.contains("Taken back"), "{out}");
    args.push("--practice");
    let out = line_mode(data.path(), &args, "8\nu\nq\n");
    assert!(out.contains("Taken back: a: 16 -> 13."), "{out}");
    assert!(
        out.contains("--practice`"),
        "the command to play it again: {out}"
    );
}

/// The files in `dir`, sorted (none if it is not there).
fn files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn a_finished_game_is_kept_and_replay_shows_the_last_one() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "--size",
        "2",
        "--computer",
        "all",
        "--ai",
        "greedy",
        "--seed",
        "3",
        "--autosave",
    ];
    let out = line_mode(data.path(), &args, "");
    let kept = files(&data.path().join("history"));
    assert_eq!(kept.len(), 1, "{out}");
    assert!(
        files(&data.path().join("unfinished")).is_empty(),
        "no autosave left"
    );
    let text = std::fs::read_to_string(&kept[0]).unwrap();
    assert!(
        text.contains("result: ") && !text.contains("result: unfinished"),
        "{text}"
    );
    assert!(out.contains("is kept in "), "{out}");
    assert!(
        out.contains("`dice-of-doom replay` shows it again"),
        "{out}"
    );
    let replay = |file: Option<&std::path::Path>| {
        let mut command = dice_of_doom();
        command
            .env("DICE_OF_DOOM_DATA_DIR", data.path())
            .args(["replay", "--plain"]);
        if let Some(file) = file {
            command.arg(file);
        }
        let out = command.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(replay(None), replay(Some(&kept[0])));
    // With no game kept, `replay` says so.
    let empty = tempfile::tempdir().unwrap();
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", empty.path())
        .args(["replay", "--plain"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        !out.status.success() && err.contains("no finished game to replay"),
        "{err}"
    );
}

#[test]
fn resume_save_leaves_no_stale_autosave() {
    let data = tempfile::tempdir().unwrap();
    line_mode(
        data.path(),
        &["--size", "3", "--seed", "5", "--autosave"],
        "1\nq\n",
    );
    let unfinished = data.path().join("unfinished");
    assert_eq!(files(&unfinished).len(), 1, "the game was autosaved");
    let new = data.path().join("mine.txt");
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", data.path())
        .args(["resume", "--plain", "--save"])
        .arg(&new)
        .write_stdin("q\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(new.exists());
    assert!(
        files(&unfinished).is_empty(),
        "the autosave resumed into {new:?} is gone: {:?}",
        files(&unfinished)
    );
}
