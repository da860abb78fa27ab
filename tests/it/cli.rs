//! End-to-end tests: the binary as a user or a script runs it.

use crate::common;

use common::{board, data, dice_of_doom, golden};
use predicates::prelude::*;

/// The first lines of a game on `boards/test-2x2.txt` with `--seed 1`: a
/// game on a board file has a seed too.
const TEST_2X2_SEED_1: &str = "The 2x2 board in boards/test-2x2.txt, seed 1.\n\
    Play it again with `dice-of-doom --board boards/test-2x2.txt --seed 1`.\n";

#[test]
fn a_whole_2x2_game_through_piped_input() {
    dice_of_doom()
        .args(["play", "--board", "boards/test-2x2.txt", "--seed", "1"])
        .pipe_stdin(data("test-2x2.moves"))
        .unwrap()
        .assert()
        .success()
        .stdout(format!(
            "{}{}",
            TEST_2X2_SEED_1,
            golden("test-2x2.transcript")
        ))
        .stderr("");
}

#[test]
fn bad_answers_are_refused_and_asked_again() {
    // Empty line, 0, past the list, words, negative, non-UTF-8, a 5,000-byte
    // line, a huge number, `h` (hints, from the default opponent even in a
    // game between people), then good moves.
    dice_of_doom()
        .args(["play", "--board", "boards/test-2x2.txt", "--seed", "1"])
        .pipe_stdin(data("bad-answers.moves"))
        .unwrap()
        .assert()
        .success()
        .stdout(format!(
            "{}{}",
            TEST_2X2_SEED_1,
            golden("bad-answers.transcript")
        ));
}

#[test]
fn end_of_input_stops_cleanly_with_status_1() {
    dice_of_doom()
        .args(["play", "--board", "boards/test-2x2.txt"])
        .write_stdin("1\n")
        .assert()
        .code(1)
        .stdout(predicate::str::ends_with("1. end turn\n"))
        .stderr("dice-of-doom: the input ended before the game was over\n");
}

#[test]
fn q_quits_with_status_0() {
    dice_of_doom()
        .args(["play", "--board", "boards/test-2x2.txt"])
        .write_stdin("1\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::ends_with("a leaves the game.\n"));
}

#[test]
fn every_shipped_board_plays_to_the_end() {
    // Always taking the first entry ends turns as soon as allowed; the dice
    // fall every turn, so the game must end well within 500 answers.
    let answers = "1\n".repeat(500);
    for name in [
        "test-2x2.txt",
        "3x3-a.txt",
        "3x3-b.txt",
        "3x3-c.txt",
        "3x3-e.txt",
    ] {
        for first in ["a", "b"] {
            dice_of_doom()
                .args(["play", "--first", first, "--board"])
                .arg(board(name))
                .write_stdin(answers.clone())
                .assert()
                .success()
                .stdout(
                    predicate::str::is_match(
                        "(The winner is [ab]|The game is a tie between a and b)\n$",
                    )
                    .unwrap(),
                );
        }
    }
}

#[test]
fn random_boards_replay_by_seed() {
    let run = |seed: &str| {
        let out = dice_of_doom()
            .args(["--size", "4", "--seed", seed])
            .write_stdin("q\n")
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run("42");
    assert!(
        first.starts_with(
            "A random 4x4 board, seed 42.\n\
             Play it again with `dice-of-doom --seed 42 --size 4`.\n\
             The cells are numbered:\n"
        ),
        "{first}"
    );
    assert_eq!(first, run("42"));
    assert_ne!(first, run("43"));
}

#[test]
fn random_boards_print_their_seed() {
    dice_of_doom().write_stdin("q\n").assert().success().stdout(
        predicate::str::is_match(
            r"^A random 3x3 board, seed (\d+)\.\nPlay it again with `dice-of-doom --seed \d+ --size 3`\.\n",
        )
        .unwrap(),
    );
}

#[test]
fn colour_only_when_asked_and_never_with_no_color() {
    let esc = predicate::str::contains("\x1b[");
    let play = |color: &str| {
        let mut cmd = dice_of_doom();
        cmd.args(["play", "--board", "boards/test-2x2.txt", "--color", color])
            .write_stdin("q\n");
        cmd
    };
    play("always").assert().success().stdout(esc.clone());
    play("auto").assert().success().stdout(esc.clone().not());
    play("never").assert().success().stdout(esc.clone().not());
    play("always")
        .env("NO_COLOR", "1")
        .assert()
        .success()
        .stdout(esc.not());
}

#[test]
fn bad_board_files_name_file_line_and_column() {
    let cases = [
        (
            "unknown-player.txt",
            ":3:5: unknown player `z` (players are `a` to `h`)",
        ),
        (
            "third-player.txt",
            ":2:7: player `c` is not in this game of 2 players",
        ),
        (
            "too-many-dice.txt",
            ":1:5: 7 dice is more than the 3 a cell may hold",
        ),
        (
            "zero-dice.txt",
            ":1:5: a cell holds from 1 to 9 dice, not 0",
        ),
        ("not-square.txt", ":1:1: 5 cells cannot make a square board"),
        (
            "ragged.txt",
            ":2:1: this row has 1 cell, but a 3x3 board has 3 in every row",
        ),
        (
            "not-a-cell.txt",
            ":2:5: expected a cell such as `a-2`, found `b:1`",
        ),
        ("empty.txt", ":2:1: no cells found"),
        ("binary.txt", ":2:5: not a text file: a NUL byte here"),
    ];
    for (name, message) in cases {
        let path = format!("tests/data/bad/{name}");
        for command in ["play", "stats"] {
            dice_of_doom()
                .args([command, "--board", &path])
                .write_stdin("")
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::starts_with(format!(
                    "dice-of-doom: {path}{message}"
                )));
        }
    }
}

#[test]
fn unreadable_and_huge_files_are_refused() {
    dice_of_doom()
        .args(["stats", "--board", "tests/data/no-such-file.txt"])
        .assert()
        .code(2)
        .stderr(
            "dice-of-doom: tests/data/no-such-file.txt: cannot read: No such file or directory\n",
        );
    dice_of_doom()
        .args(["stats", "--board", "tests/data"])
        .assert()
        .code(2)
        .stderr("dice-of-doom: tests/data: cannot read: Is a directory\n");
    dice_of_doom()
        .args(["stats", "--board", "-"])
        .write_stdin("a-1 ".repeat(40_000))
        .assert()
        .code(2)
        .stderr("dice-of-doom: <stdin>: too large: a board file holds at most 64 KiB\n");
}

#[test]
fn a_larger_game_accepts_more_players_and_dice() {
    dice_of_doom()
        .args([
            "play",
            "--board",
            "tests/data/bad/third-player.txt",
            "--players",
            "3",
        ])
        .write_stdin("q\n")
        .assert()
        .success();
    dice_of_doom()
        .args([
            "stats",
            "--board",
            "tests/data/bad/too-many-dice.txt",
            "--max-dice",
            "7",
            "--json",
        ])
        .assert()
        .success();
}

#[test]
fn a_byte_order_mark_starts_a_board_file() {
    // The same board with and without a mark.
    for mark in ["", "\u{feff}"] {
        dice_of_doom()
            .args(["stats", "--board", "-"])
            .write_stdin(format!("{mark}# seed 000\nb-2 b-2\na-2 b-1\n"))
            .assert()
            .success()
            .stdout(golden("stats-2x2.txt"));
    }
    // Columns are counted after the mark, as an editor shows them.
    dice_of_doom()
        .args(["play", "--computer", "all", "--board", "-"])
        .write_stdin("\u{feff}a-1 z-1 / a-1 a-1\n")
        .assert()
        .code(2)
        .stderr("dice-of-doom: <stdin>:1:5: unknown player `z` (players are `a` to `h`)\n");
}

#[test]
fn control_characters_are_escaped_when_quoted_back() {
    let output = dice_of_doom()
        .args(["play", "--board", "boards/test-2x2.txt"])
        .write_stdin("\u{1b}[2J\n\u{7}\nq\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("`\\u{1b}[2J` is not a move number")
            && stdout.contains("`\\u{7}` is not a move number"),
        "{stdout}"
    );
    assert!(!stdout.contains(['\u{1b}', '\u{7}']), "{stdout:?}");
    dice_of_doom()
        .args(["stats", "--board", "-"])
        .write_stdin("a-1 \u{1b}[2Jx b-1 a-1\n")
        .assert()
        .code(2)
        .stderr("dice-of-doom: <stdin>:1:5: expected a cell such as `a-2`, found `\\u{1b}[2Jx`\n");
}
