//! End-to-end tests of `stats --rules`: the winning chance under best play
//! in games with dice (and Realm of Racket's pool), its JSON, and its
//! refusals.

use crate::common;

use common::{data, dice_of_doom, golden};
use predicates::prelude::*;

/// A 2x2 board of two players, at most 3 dice, under `lol4`.
const LOL4_2X2_SEED1: &[&str] = &[
    "--rules",
    "lol4",
    "--players",
    "2",
    "--max-dice",
    "3",
    "--size",
    "2",
    "--seed",
    "1",
];

#[test]
fn lol4_stats_print_the_chance_the_tolerance_and_the_best_move() {
    let cases: [(&[&str], &str); 3] = [
        (LOL4_2X2_SEED1, "stats-lol4-2x2-seed1.txt"),
        (
            &["--rules", "racket", "--board", "boards/3x3-e.txt"],
            "stats-racket-3x3-e.txt",
        ),
        (
            &[
                "--rules",
                "lol4",
                "--players",
                "3",
                "--max-dice",
                "3",
                "--board",
                "-",
            ],
            "stats-lol4-2x2-3p.txt",
        ),
    ];
    for (args, expected) in cases {
        dice_of_doom()
            .arg("stats")
            .args(args)
            .write_stdin("a-3 b-2\nc-2 b-1\n")
            .assert()
            .success()
            .stdout(golden(expected))
            .stderr("");
    }
}

#[test]
fn a_board_plain_by_hand() {
    // a's 2 dice beat b's 1 in 181 rolls of 216; then 2 cells tie 2.
    let value = format!("{:.12}", 181.0 / 216.0 / 2.0);
    dice_of_doom()
        .args(["stats", "--rules", "lol4", "--players", "2", "--board"])
        .arg(data("lol4-2x2-plain.txt"))
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("value for a: {value} (")))
        .stdout(predicate::str::contains(
            "on cycles:   none: every value is exact",
        ))
        .stdout(predicate::str::contains("best move:   0 -> 2"));
}

#[test]
fn json_holds_the_bounds_and_every_first_move() {
    let output = dice_of_doom()
        .arg("stats")
        .args(LOL4_2X2_SEED1)
        .arg("--json")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with(
        r#"{"rules":"lol4","players":2,"max_dice":3,"first":"a","board":"b-1 b-3 / a-2 b-1","seed":1,"positions":12105,"#
    ));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let (lower, upper) = (
        json["lower"].as_f64().unwrap(),
        json["upper"].as_f64().unwrap(),
    );
    let value = json["value"].as_f64().unwrap();
    assert!(lower <= value && value <= upper && upper - lower <= 1e-12);
    assert_eq!(json["converged"], true);
    assert_eq!(json["best_move"], "2 -> 0");
    let moves = json["move_values"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    // The best move's value is the start's, within the tolerance.
    assert!((moves[0]["upper"].as_f64().unwrap() - upper).abs() <= 1e-12);
}

#[test]
fn classic_rules_print_what_stats_always_printed() {
    for extra in [&[][..], &["--rules", "classic"][..]] {
        dice_of_doom()
            .args(["stats", "--board", "-"])
            .args(extra)
            .write_stdin("b-2 b-2\na-2 b-1\n")
            .assert()
            .success()
            .stdout(golden("stats-2x2.txt"));
    }
    // A random board by its seed, as `solve --seed` names it.
    dice_of_doom()
        .args(["stats", "--size", "2", "--seed", "3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "random 2x2 board, seed 3, a to move:\n",
        ));
}

#[test]
fn games_too_large_or_rules_it_cannot_solve_are_refused() {
    let lol4_3x3 = "stats --rules lol4 --players 2 --size 3 --seed 1";
    let cases = [
        (
            format!("{lol4_3x3} --max-positions 1000"),
            1,
            "dice-of-doom: the game tree has more than 1,000 distinct positions, the most \
             allowed: raise --max-positions\n",
        ),
        (
            format!("{lol4_3x3} --max-memory 1M"),
            1,
            "dice-of-doom: the game tree does not fit in 1 MiB of memory (stopped after 3,584 \
             distinct positions): raise --max-memory\n",
        ),
        // The rule set's own game, 4 players with 5 dice on 5x5: 25 cells
        // of 5 bits, the turn, the captures and the guard: 141 bits.
        (
            "stats --rules lol4 --seed 1".to_string(),
            1,
            "dice-of-doom: a position of this game takes 141 bits, more than the 128",
        ),
        // Dice Wars is past solving: not offered, and refused as usage.
        (
            "stats --rules dicewars --board boards/test-2x2.txt".to_string(),
            2,
            "invalid value 'dicewars' for '--rules <RULES>'\n  [possible values: classic, lol4, \
             racket]",
        ),
        (
            "stats --rules chess --board boards/test-2x2.txt".to_string(),
            2,
            "invalid value 'chess' for '--rules",
        ),
    ];
    for (args, code, message) in cases {
        dice_of_doom()
            .args(args.split(' '))
            .assert()
            .code(code)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    // A bad board file is named with its line and column, as ever.
    dice_of_doom()
        .args(["stats", "--rules", "lol4", "--board", "-"])
        .write_stdin("a-2 b-9\nb-1 b-1\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1:"));
}
