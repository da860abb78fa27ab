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
fn bad_usage_exits_2() {
    let cases: &[&[&str]] = &[
        &["--size", "11"],
        &["--size", "1"],
        &["--players", "9"],
        &["--max-dice", "0"],
        &["--first", "c"],
        &["--first", "ab"],
        &["--board", "boards/3x3-a.txt", "--size", "3"],
        &["--max-dice", "1"],
        &["--seed", "-1"],
        &["--seed", "99999999999999999999999"],
        &["--color", "pink"],
        &["--deal", "fair"],
        &["bogus"],
        &["stats"],
    ];
    for args in cases {
        dice_of_doom()
            .args(*args)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::is_empty().not());
    }
}

#[test]
fn help_documents_commands_and_exit_statuses() {
    let play = "Exit status:
    0  the game was played to its end, or a player quit with `q`
    1  the input ended before the game was over
    1  the game cannot be saved in the file of --save (or --load), or another process plays it
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file or game record (named with its line and column)
  130  interrupted with Ctrl-C; a signal n that ends the full-screen game gives 128 + n
";
    let tree = "Exit status:
    0  success
    1  the tree is too large for the limits it was given
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file (named with its line and column)
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let arena = "Exit status:
    0  success
    1  an opponent could not finish a game (no move, or an illegal one)
    1  an I/O error, such as output that cannot be written
    2  bad usage (the message says which option and why)
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let survey = "Exit status:
    0  success
    1  --max-memory is too small (the message says how much), or the system refused it
    1  an I/O error, such as output that cannot be written
    2  bad usage, such as a size with more boards than a survey takes, or a bad part in --out
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let solve = "Exit status:
    0  success
    1  the value was not proven within --time (the bounds proven are printed)
    1  --max-memory is below the least a proof needs (the message names it)
    1  the --cache file cannot be written there, or its bounds take more than --max-memory
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file (named with its line and column)
    2  a --cache path that is not a file, or a damaged cache or one of another version or game
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let stats = "Exit status:
    0  success
    1  the tree is too large for the limits it was given
    1  with --rules: the bounds of the value did not meet within the tolerance (they are printed)
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file (named with its line and column)
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    for (command, statuses) in [
        ("play", play),
        ("stats", stats),
        ("solve", solve),
        ("dot", tree),
        ("arena", arena),
        ("survey", survey),
    ] {
        dice_of_doom()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::ends_with(statuses));
    }
    dice_of_doom()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains(play))
        .stdout(predicate::str::ends_with(
            "Each command's --help lists its own exit statuses.\n",
        ));
    dice_of_doom()
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("play").and(predicate::str::contains("stats")));
}

#[test]
fn stats_json_reproduces_board_e() {
    let out = dice_of_doom()
        .args(["stats", "--json", "--board", "boards/3x3-e.txt"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "players": 2,
            "max_dice": 3,
            "first": "a",
            "board": "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3",
            "nodes": 1_468_919_491u64,
            "depth": 40,
            "positions": 201_861,
            "leaves": [
                {"winners": ["a"], "count": 486_894_802u64},
                {"winners": ["b"], "count": 35_311_505u64}
            ],
            "value": 1.0,
            "best_move": "0 -> 4"
        })
    );
}

#[test]
fn stats_text_and_json() {
    // The text from standard input: see a_byte_order_mark_starts_a_board_file.
    dice_of_doom()
        .args(["stats", "--board", "boards/3x3-e.txt", "--first", "b", "--json"])
        .assert()
        .success()
        .stdout(concat!(
            r#"{"players":2,"max_dice":3,"first":"b","board":"a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3","#,
            r#""nodes":1,"depth":1,"positions":1,"leaves":[{"winners":["a"],"count":1}],"#,
            r#""value":0.0,"best_move":null}"#,
            "\n"
        ));
}

#[test]
fn stats_gives_up_on_trees_too_large() {
    dice_of_doom()
        .args(["stats", "--board", "boards/3x3-e.txt", "--max-positions", "1000"])
        .assert()
        .code(1)
        .stderr("dice-of-doom: the game tree has more than 1,000 distinct positions, the most allowed: raise --max-positions\n");
}

#[test]
fn a_count_of_one_takes_the_singular() {
    let stderr = |args: &[&str], stdin: &str, expected: &str| {
        dice_of_doom()
            .args(args)
            .write_stdin(stdin)
            .assert()
            .failure()
            .stderr(format!("dice-of-doom: {expected}\n"));
    };
    stderr(
        &["stats", "--board", "-"],
        "a-1",
        "<stdin>:1:1: 1 cell cannot make a square board: \
         a board has 4, 9, 16, ... or 100 cells (side 2 to 10)",
    );
    stderr(
        &[
            "stats",
            "--board",
            "boards/3x3-e.txt",
            "--max-positions",
            "1",
        ],
        "",
        "the game tree has more than 1 distinct position, the most allowed: raise --max-positions",
    );
    stderr(
        &["dot", "--board", "-", "--max-nodes", "1"],
        "a-2 b-1 / b-1 a-1",
        "the game tree has 5 nodes, more than the 1 allowed: \
         raise --max-nodes or draw the shared tree with --shared",
    );
    stderr(
        &["survey", "--size", "10", "--max-dice", "1"],
        "",
        "a survey of every 10x10 board with at most 1 die would go through \
         1,267,650,600,228,229,401,496,703,205,376 boards; at most 20,000,000 can be surveyed",
    );
    dice_of_doom()
        .args(["survey", "--size", "2", "--max-dice", "1"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "every 2x2 board with at most 1 die, a moving first:\n",
        ))
        .stdout(predicate::str::contains("largest tree:  1 node\n"));
    dice_of_doom()
        .args(["arena", "--size", "2", "--a", "greedy", "--b", "random"])
        .args(["--games", "1", "--think-time", "0.01"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "2 players, at most 3 dice, seed 1,\n       1 board x 2 games",
        ));
}

#[test]
fn negative_numbers_are_told_the_range() {
    let arena = ["arena", "--size", "3", "--a", "greedy", "--b", "random"];
    let cases: &[(&[&str], &[&str], &str)] = &[
        (
            &[],
            &["--size", "-1"],
            "'--size <SIZE>': must be from 2 to 10",
        ),
        (&["play"], &["--players", "-2"], "must be from 2 to 8"),
        (&["play"], &["--max-dice", "-3"], "must be from 1 to 9"),
        (
            &[],
            &["--seed", "-5"],
            "must be from 0 to 18,446,744,073,709,551,615",
        ),
        (
            &[],
            &["--think-time", "-1"],
            "must be from 0.001 to 3600 seconds",
        ),
        (&arena, &["--games", "-3"], "must be from 1 to 100,000"),
        (&arena, &["--seed", "-1"], "'--seed <SEED>': must be from 0"),
        (
            &arena,
            &["--think-time", "-0.5"],
            "must be from 0.001 to 3600",
        ),
        (
            &["survey", "--size", "2"],
            &["--threads", "-1"],
            "must be from 1 to 256",
        ),
        (&["survey"], &["--size", "-2"], "must be from 2 to 10"),
        (
            &["stats", "--board", "boards/test-2x2.txt"],
            &["--max-positions", "-1"],
            "must be from 1 to",
        ),
        (
            &["dot", "--board", "boards/test-2x2.txt"],
            &["--max-nodes", "-1"],
            "must be from 1 to",
        ),
        // Limits no tree can meet are bad usage too.
        (
            &["stats", "--board", "boards/test-2x2.txt"],
            &["--max-positions", "0"],
            "'--max-positions <N>': must be from 1 to 18,446,744,073,709,551,615",
        ),
        (
            &["dot", "--board", "boards/test-2x2.txt"],
            &["--max-nodes", "0"],
            "'--max-nodes <N>': must be from 1 to 18,446,744,073,709,551,615",
        ),
        (&[], &["--size", "x"], "must be a whole number from 2 to 10"),
    ];
    for (command, option, message) in cases {
        dice_of_doom()
            .args(*command)
            .args(*option)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(*message))
            .stderr(predicate::str::contains("unexpected argument").not());
    }
}

#[test]
fn max_dice_ranges_are_told_in_every_command_and_1_is_handled() {
    let arena = &["arena", "--size", "2", "--a", "greedy", "--b", "random"][..];
    let commands: [&[&str]; 5] = [
        &["play", "--seed", "1"],
        arena,
        &["survey", "--size", "2"],
        &["stats", "--board", "-"],
        &["dot", "--board", "-"],
    ];
    let one_die_each = "a-1 b-1 / b-1 a-1";
    for command in commands {
        // `arena` plays only random boards, which need 2 dice or more.
        let (help, range) = match command == arena {
            true => ("hold, 2 to 9 [default: classic 3", "from 2 to 9"),
            false => ("hold, 1 to 9 (2 or more on a random board", "from 1 to 9"),
        };
        dice_of_doom()
            .args(command)
            .arg("--help")
            .assert()
            .success()
            .stdout(predicate::str::contains(help));
        for bad in ["0", "10"] {
            dice_of_doom()
                .args(command)
                .args(["--max-dice", bad])
                .write_stdin(one_die_each)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "'--max-dice <MAX_DICE>': must be {range}"
                )));
        }
        for good in ["2", "9"] {
            let mut cmd = dice_of_doom();
            cmd.args(command).args(["--max-dice", good]);
            if command == arena {
                cmd.args(["--games", "1", "--think-time", "0.01"]);
            }
            cmd.write_stdin(if command[0] == "play" {
                "q\n"
            } else {
                one_die_each
            })
            .assert()
            .success();
        }
    }
    // With 1 die a cell nobody can attack: a random board cannot start a
    // game, which is said with the option; a board from a file is over
    // before it starts; a survey finds no board a can start.
    let cannot = "dice-of-doom: --max-dice 1: with at most 1 die per cell nobody can ever \
                  attack: use a dice limit of 2 or more\n";
    for command in [&["play", "--seed", "1"][..], &["stats", "--seed", "1"]] {
        dice_of_doom()
            .args(command)
            .args(["--max-dice", "1"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(cannot);
    }
    for command in [arena, &["map", "--seed", "1"]] {
        dice_of_doom()
            .args(command)
            .args(["--max-dice", "1"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "'--max-dice <MAX_DICE>': must be from 2 to 9",
            ));
    }
    for (command, shown) in [
        (
            &["play", "--computer", "all", "--board", "-"][..],
            "The game is a tie between a and b\n",
        ),
        (
            &["stats", "--board", "-"],
            "best move:        none (the game is over)",
        ),
        (&["dot", "--board", "-"], "tie of a and b"),
        (&["survey", "--size", "2"], "a cannot move: 16\n"),
    ] {
        dice_of_doom()
            .args(command)
            .args(["--max-dice", "1"])
            .write_stdin(one_die_each)
            .assert()
            .success()
            .stdout(predicate::str::contains(shown));
    }
    dice_of_doom()
        .args(["stats", "--board", "boards/test-2x2.txt", "--max-dice", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "2 dice is more than the 1 a cell may hold in this game",
        ));
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

/// Output that cannot be written is an I/O error, said without Rust's
/// `(os error N)`.
/// `--help` and `--version` (of the program and of a command) too.
#[cfg(target_os = "linux")]
#[test]
fn io_errors_are_said_without_their_os_error_number() {
    for args in [
        &["stats", "--board", "boards/test-2x2.txt"][..],
        &["--help"],
        &["-h"],
        &["--version"],
        &["stats", "--help"],
        &["help", "play"],
        &["completions", "bash"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
            .current_dir(common::root())
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "dice-of-doom: No space left on device\n",
            "{args:?}"
        );
    }
    // Written, they succeed as before.
    for args in [&["--help"][..], &["--version"], &["dot", "--help"]] {
        dice_of_doom()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::is_empty().not())
            .stderr("");
    }
}

#[test]
fn completions_for_every_shell_name_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = dice_of_doom()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for word in ["stats", "arena", "survey", "dot", "max-dice", "think-time"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    dice_of_doom()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("complete -F _dice__of__doom"))
        .stdout(predicate::str::contains("dice__of__doom,play)"))
        .stdout(predicate::str::contains("dice__of__doom,completions)"))
        .stdout(predicate::str::contains("dice__of__doom,man)"));
    dice_of_doom()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
}

#[test]
fn the_man_page_has_its_sections_and_options() {
    let page = |args: &[&str]| {
        let output = dice_of_doom().arg("man").args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let program = page(&[]);
    for part in [
        ".TH dice-of-doom 1",
        ".SH NAME\ndice\\-of\\-doom \\- Dice of Doom",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        "\\fB\\-\\-max\\-dice\\fR",
        "\\fB\\-\\-think\\-time\\fR",
        ".SH SUBCOMMANDS",
        "dice\\-of\\-doom\\-stats(1)",
        ".SH \"EXIT STATUS\"",
        "130  interrupted with Ctrl\\-C",
    ] {
        assert!(program.contains(part), "no {part:?} in:\n{program}");
    }
    let stats = page(&["stats"]);
    for part in [
        ".TH dice-of-doom-stats 1",
        ".SH NAME\ndice\\-of\\-doom\\-stats \\- Count and solve",
        "\\fB\\-\\-max\\-positions\\fR",
        "1  the tree is too large",
    ] {
        assert!(stats.contains(part), "no {part:?} in:\n{stats}");
    }
    dice_of_doom()
        .args(["man", "bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'bogus'"));
}

/// Completes `dice-of-doom stats --m` and `arena --a ` in bash, when bash
/// is installed.
#[test]
fn bash_completes_a_commands_options() {
    if std::process::Command::new("bash")
        .arg("--version")
        .output()
        .is_err()
    {
        println!("note: bash is not installed; skipping the completion check");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("dice-of-doom.bash");
    let output = dice_of_doom()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    std::fs::write(&script, output.stdout).unwrap();
    let complete = |words: &str, cword: usize, current: &str, previous: &str| {
        let line = format!(
            "source {script}; COMP_WORDS=({words}); COMP_CWORD={cword}; \
             _dice__of__doom dice-of-doom '{current}' '{previous}'; echo \"${{COMPREPLY[*]}}\"",
            script = script.display()
        );
        let out = std::process::Command::new("bash")
            .args(["--norc", "-c", &line])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        complete("dice-of-doom stats --m", 2, "--m", "stats"),
        "--map --max-dice --max-memory --max-positions\n"
    );
    assert_eq!(
        complete("dice-of-doom arena --a ''", 3, "", "--a"),
        "perfect search lol greedy random lol4 racket dicewars chance defensive strategic mcts\n"
    );
    assert_eq!(
        complete("dice-of-doom s", 1, "s", "dice-of-doom"),
        "stats solve survey serve\n"
    );
}

#[test]
fn every_command_words_players_alike_and_offers_only_what_it_takes() {
    for command in ["play", "stats", "solve", "arena", "map"] {
        dice_of_doom()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "Number of players, 2 to 8 (a to h)",
            ));
    }
    // `stats` solves every rule set but Dice Wars, and offers no other.
    dice_of_doom()
        .args(["stats", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("- racket:"))
        .stdout(predicate::str::contains("dicewars").not());
}
