//! The rule sets end to end: `play --rules` in the line mode, its records
//! and their replays.

use crate::common;

use common::{dice_of_doom, golden};
use predicates::prelude::*;

/// Plays a whole game between computers (the greedy one, which needs no
/// clock) under a rule set from a seed.
fn computers_play(rules: &str, seed: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    dice_of_doom()
        .args([
            "play",
            "--plain",
            "--no-autosave",
            "--rules",
            rules,
            "--seed",
            seed,
        ])
        .args(["--computer", "all", "--ai", "greedy"])
        .args(extra)
        .write_stdin("")
        .assert()
}

#[test]
fn a_racket_game_from_a_seed() {
    // Offset rows, sure attacks, the pool of 10 paying for reinforcement.
    computers_play("racket", "7", &[])
        .success()
        .stdout(golden("racket-seed7.transcript"))
        .stderr("");
}

#[test]
fn a_lol4_game_from_a_seed() {
    // 4 players on 5x5, every attack's roll and every reinforcement shown.
    computers_play("lol4", "11", &[])
        .success()
        .stdout(golden("lol4-seed11.transcript"))
        .stderr("");
}

#[test]
fn a_chance_game_s_record_replays_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.record");
    let path = path.to_str().unwrap();
    let played = computers_play("lol4", "11", &["--save", path]).success();
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("rules: lol4\n"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.contains(" rolls ") && l.contains(" against ")),
        "{text}"
    );
    let transcript = String::from_utf8(played.get_output().stdout.clone()).unwrap();
    let replay = dice_of_doom()
        .args(["replay", path])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let replay = String::from_utf8(replay).unwrap();
    // The same boards, in the same order, and the same end (a board's rows
    // start with spaces, as the rest of a long placement line does, which
    // has no cells `a-2`).
    let boards = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| (l.starts_with(' ') && l.contains('-')) || l.starts_with("current player"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(boards(&replay), boards(&transcript));
    assert!(replay.ends_with("The winner is a\n"), "{replay}");
}

#[test]
fn rule_sets_bring_their_defaults_and_limits() {
    // lol4: 4 players on 5x5 unless told otherwise.
    dice_of_doom()
        .args([
            "play",
            "--plain",
            "--no-autosave",
            "--rules",
            "lol4",
            "--seed",
            "1",
        ])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("A random 5x5 board, seed 1"))
        .stdout(predicate::str::contains(" d-"));
    dice_of_doom()
        .args([
            "play",
            "--plain",
            "--no-autosave",
            "--rules",
            "lol4",
            "--players",
            "2",
        ])
        .args(["--size", "3", "--seed", "1"])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("A random 3x3 board, seed 1"))
        .stdout(predicate::str::contains(" c-").not());
    dice_of_doom()
        .args([
            "play",
            "--plain",
            "--no-autosave",
            "--rules",
            "lol4",
            "--max-dice",
            "9",
        ])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("dice-of-doom: --rules lol4: lol4 rules allow at most 8 dice a cell, not 9\n");
    dice_of_doom()
        .args(["play", "--plain", "--no-autosave", "--rules", "chess"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value 'chess' for '--rules <RULES>'",
        ));
}

#[test]
fn a_dicewars_game_from_a_seed_and_its_record() {
    // A random map, the deal, rolls, random placements and the stock.
    let extra = ["--map", "random", "--territories", "8", "--players", "3"];
    computers_play("dicewars", "5", &extra)
        .success()
        .stdout(golden("dicewars-seed5.transcript"))
        .stderr("");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.record");
    let path = path.to_str().unwrap();
    let mut with_save = extra.to_vec();
    with_save.extend(["--save", path]);
    computers_play("dicewars", "5", &with_save).success();
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("rules: dicewars\n"), "{text}");
    assert!(text.contains(": end turn places "), "{text}");
    let end = golden("dicewars-seed5.transcript");
    let last = end.lines().rev().take(2).collect::<Vec<_>>();
    dice_of_doom()
        .args(["replay", path])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(format!(
            "{}\n{}\n",
            last[1], last[0]
        )));
    // A placement the record gets wrong is refused where it is written.
    let broken = text.replacen(": end turn places ", ": end turn places 99 ", 1);
    std::fs::write(path, broken).unwrap();
    dice_of_doom()
        .args(["replay", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cell 99 cannot take a die here"));
}

#[test]
fn an_arena_under_dice_rules_keeps_its_rolls_in_its_records() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let run = || {
        dice_of_doom()
            .args(["arena", "--rules", "lol4", "--size", "3", "--players", "2"])
            .args([
                "--a", "lol4", "--b", "greedy", "--games", "3", "--seed", "2",
            ])
            .args(["--nodes", "100", "--record", out])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let first = run();
    let text = String::from_utf8(first.clone()).unwrap();
    assert!(
        text.starts_with("arena: lol4 rules, 3x3 boards, 2 players, at most 5 dice,"),
        "{text}"
    );
    // A seed and a node budget give the same results, rolls included.
    assert_eq!(run(), first);
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        let record = std::fs::read_to_string(&path).unwrap();
        assert!(record.contains("rules: lol4\n"), "{record}");
        dice_of_doom()
            .args(["replay", path.to_str().unwrap()])
            .assert()
            .success();
    }
}

#[test]
fn a_rule_set_brings_its_board_to_the_arena_and_to_play() {
    // No --size: each rule set's own board, or Dice Wars' random map.
    for (rules, heading) in [
        (
            "lol4",
            "arena: lol4 rules, 5x5 boards, 4 players, at most 5 dice,",
        ),
        (
            "racket",
            "arena: racket rules, 3x3 boards, 2 players, at most 3 dice,",
        ),
        (
            "dicewars",
            "arena: dicewars rules, boards on a random map of 28 territories, 7 players,",
        ),
    ] {
        let output = dice_of_doom()
            .args(["arena", "--rules", rules, "--a", "greedy", "--b", "random"])
            .args(["--games", "1", "--nodes", "100"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(output).unwrap();
        assert!(text.starts_with(heading), "{rules}: {text}");
    }
    // Dice Wars' random map takes its shape without `--map random`, in
    // `play` and in `arena`.
    dice_of_doom()
        .args([
            "arena", "--rules", "dicewars", "--a", "greedy", "--b", "random",
        ])
        .args(["--games", "1", "--nodes", "100", "--territories", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("a random map of 8 territories"));
    computers_play("dicewars", "1", &["--territories", "8"])
        .success()
        .stdout(predicate::str::starts_with(
            "A random map of 8 territories, seed 1.\n\
             Play it again with `dice-of-doom --rules dicewars --seed 1 --territories 8 --computer all --ai greedy`.\n",
        ));
    // Without a random map to shape, they are still refused.
    for args in [
        &["play", "--territories", "8"][..],
        &[
            "play", "--rules", "dicewars", "--size", "3", "--grid", "20x20",
        ],
        &[
            "arena",
            "--a",
            "greedy",
            "--b",
            "random",
            "--territories",
            "8",
        ],
    ] {
        dice_of_doom()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "is for a random map (`--map random`)",
            ));
    }
}
