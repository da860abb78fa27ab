//! Numbers end to end: `stats`' text and JSON, its limit, counts in the
//! singular, and the ranges every command tells for its numbers.

use crate::common;

use common::dice_of_doom;
use predicates::prelude::*;

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
