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

/// The game: Dice Wars against six computers, seed 5; `8` is an
/// attack held (16 -> 13), then `u`.
const DICE_WARS: [&str; 6] = [
    "--rules",
    "dicewars",
    "--computer",
    "b,c,d,e,f,g",
    "--seed",
    "5",
];

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
