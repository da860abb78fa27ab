//! Helpers shared by the end-to-end tests: the binary, and the files in
//! `boards/` and `tests/data/`.

// Each test file uses only some of them.
#![allow(dead_code)]

use std::path::PathBuf;

use assert_cmd::Command;

/// Issue 36's game: Dice Wars against six computers, seed 5 (the
/// options after the command).
pub const DICE_WARS_VS_SIX: [&str; 6] = [
    "--rules",
    "dicewars",
    "--computer",
    "b,c,d,e,f,g",
    "--seed",
    "5",
];

/// The project's root, where the binary runs.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file of `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    root().join("tests/data").join(name)
}

/// A shipped board of `boards/`.
pub fn board(name: &str) -> PathBuf {
    root().join("boards").join(name)
}

/// The expected output in a file of `tests/data/`.
pub fn golden(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

/// The binary, run from the project's root without `NO_COLOR`.
pub fn dice_of_doom() -> Command {
    let mut cmd = Command::cargo_bin("dice-of-doom").unwrap();
    cmd.current_dir(root()).env_remove("NO_COLOR");
    cmd
}
