//! Maps of territories end to end: map files (every kind of mistake, with
//! its file, line and column), random maps by seed, the line mode's grid
//! and table, `stats`, `dot`, `arena` and the `map` command.

use crate::common;

use common::{dice_of_doom, golden};
use predicates::prelude::*;

/// Every bad map file of `tests/data/maps/bad/` is refused with exit status 2
/// and the message of `tests/data/maps/bad-messages.txt`, by `play` and by
/// `stats` alike.
#[test]
fn every_kind_of_mistake_in_a_map_file_is_located() {
    let expected = golden("maps/bad-messages.txt");
    let mut names: Vec<String> = std::fs::read_dir(common::data("maps/bad"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 18, "{names:?}");
    let mut seen = String::new();
    for name in &names {
        let path = format!("tests/data/maps/bad/{name}");
        let play = dice_of_doom()
            .args(["play", "--plain", "--map", &path])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("");
        let message = String::from_utf8(play.get_output().stderr.clone()).unwrap();
        assert!(
            message.starts_with(&format!("dice-of-doom: {path}:")),
            "{message}"
        );
        dice_of_doom()
            .args(["stats", "--map", &path])
            .assert()
            .code(2)
            .stdout("")
            .stderr(message.clone());
        seen.push_str(&message);
    }
    assert_eq!(seen, expected);
}

#[test]
fn owners_and_dice_are_checked_against_the_options() {
    // The same files are good with more players or a larger dice limit.
    dice_of_doom()
        .args([
            "play",
            "--plain",
            "--map",
            "tests/data/maps/bad/third-player.map",
        ])
        .args(["--players", "3"])
        .write_stdin("q\n")
        .assert()
        .success();
    dice_of_doom()
        .args(["stats", "--map", "tests/data/maps/bad/too-many-dice.map"])
        .args(["--max-dice", "5", "--json"])
        .assert()
        .success();
}

#[test]
fn unreadable_and_huge_map_files_are_refused() {
    dice_of_doom()
        .args(["play", "--plain", "--map", "tests/data/maps/no-such.map"])
        .assert()
        .code(2)
        .stderr(
            "dice-of-doom: tests/data/maps/no-such.map: cannot read: No such file or directory\n",
        );
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.map");
    std::fs::write(&huge, "0 1\n".repeat(20_000)).unwrap();
    dice_of_doom()
        .args(["stats", "--map"])
        .arg(&huge)
        .assert()
        .code(2)
        .stderr(predicate::str::ends_with(
            "huge.map: too large: a map file holds at most 64 KiB\n",
        ));
}

#[test]
fn a_map_file_plays_in_the_line_mode_with_its_grid_and_table() {
    dice_of_doom()
        .args(["play", "--plain", "--map", "maps/tiny-4.map", "--seed", "1"])
        .write_stdin(golden("maps/tiny-4.moves"))
        .assert()
        .success()
        .stdout(format!(
            "The map of 4 territories in maps/tiny-4.map, seed 1.\n\
             Play it again with `dice-of-doom --map maps/tiny-4.map --seed 1`.\n{}",
            golden("maps/tiny-4.transcript")
        ));
}

#[test]
fn a_map_file_reads_from_standard_input_too() {
    dice_of_doom()
        .args(["stats", "--map", "-"])
        .write_stdin(golden("../../maps/tiny-4.map"))
        .assert()
        .success()
        .stdout(golden("maps/tiny-4-stats.txt").replace("maps/tiny-4.map", "<stdin>"));
}

#[test]
fn stats_and_dot_work_on_a_map_with_the_classic_rules() {
    dice_of_doom()
        .args(["stats", "--map", "maps/tiny-4.map"])
        .assert()
        .success()
        .stdout(golden("maps/tiny-4-stats.txt"));
    let dot = dice_of_doom()
        .args(["dot", "--map", "maps/tiny-4.map"])
        .assert()
        .success();
    let text = String::from_utf8(dot.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("digraph game_tree {"), "{text}");
    assert!(text.contains("a-3 b-2 b-1 a-2"), "{text}");
    // 27 tree nodes, as stats counts them.
    let nodes = text
        .lines()
        .filter(|l| l.contains("[label=") && !l.contains("->"))
        .count();
    assert_eq!(nodes, 27, "{text}");
    dice_of_doom()
        .args([
            "stats",
            "--map",
            "maps/tiny-4.map",
            "--board",
            "boards/test-2x2.txt",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn a_random_map_is_the_same_for_the_same_seed() {
    let run = |seed: &str| {
        let out = dice_of_doom()
            .args(["play", "--plain", "--map", "random", "--territories", "12"])
            .args(["--seed", seed])
            .write_stdin("q\n")
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let first = run("42");
    assert_eq!(first, run("42"));
    assert_ne!(first, run("43"));
    assert!(
        first.starts_with(
            "A random map of 12 territories, seed 42.\n\
             Play it again with `dice-of-doom --seed 42 --map random --territories 12`.\n"
        ),
        "{first}"
    );
    assert!(
        first.contains("territory  owner-dice  neighbours\n"),
        "{first}"
    );
    assert!(first.contains("choose your move:\n1. "), "{first}");
}

#[test]
fn the_map_command_prints_the_map_that_play_plays() {
    let printed = dice_of_doom()
        .args(["map", "--territories", "12", "--seed", "42"])
        .assert()
        .success();
    let file = String::from_utf8(printed.get_output().stdout.clone()).unwrap();
    assert_eq!(file, golden("maps/random-12-seed-42.map"));
    // Played from the file, it is the game `--map random` plays.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("random.map");
    std::fs::write(&path, file).unwrap();
    let from_file = dice_of_doom()
        .args(["play", "--plain", "--map"])
        .arg(&path)
        .write_stdin("")
        .assert()
        .code(1);
    let from_file = String::from_utf8(from_file.get_output().stdout.clone()).unwrap();
    // Less its first two lines: the file, the seed and how to play it again.
    let from_file: String = from_file.split_inclusive('\n').skip(2).collect();
    let random = dice_of_doom()
        .args(["play", "--plain", "--map", "random", "--territories", "12"])
        .args(["--seed", "42"])
        .write_stdin("")
        .assert()
        .code(1);
    let random = String::from_utf8(random.get_output().stdout.clone()).unwrap();
    // Less its first two lines: the seed and how to play it again.
    let random: String = random.split_inclusive('\n').skip(2).collect();
    assert_eq!(from_file, random);
}

#[test]
fn shipped_maps_load_and_the_largest_is_the_original_size() {
    for (name, players, territories) in [
        ("tiny-4.map", "2", 4),
        ("duel-12.map", "2", 12),
        ("four-20.map", "4", 20),
        ("original-30.map", "2", 30),
        ("eight-32.map", "8", 32),
    ] {
        let out = dice_of_doom()
            .args(["play", "--plain", "--players", players, "--map"])
            .arg(format!("maps/{name}"))
            .write_stdin("q\n")
            .assert()
            .success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let last = format!("\n{:>2}  ", territories - 1);
        assert!(text.contains(&last), "{name}: {text}");
        assert!(!text.contains(&format!("\n{territories:>2}  ")), "{name}");
    }
}

#[test]
fn map_options_that_do_not_fit_are_bad_usage() {
    let cases: &[&[&str]] = &[
        &["play", "--map", "random", "--territories", "1"],
        &["play", "--map", "random", "--territories", "41"],
        &[
            "play",
            "--map",
            "random",
            "--grid",
            "5x5",
            "--territories",
            "20",
        ],
        &["play", "--map", "random", "--grid", "65x10"],
        &["play", "--map", "random", "--grid", "twenty"],
        &["play", "--map", "maps/tiny-4.map", "--territories", "12"],
        &["play", "--map", "maps/tiny-4.map", "--grid", "20x20"],
        &["play", "--territories", "12"],
        &["play", "--map", "random", "--size", "4"],
        &["play", "--map", "random", "--board", "boards/test-2x2.txt"],
        &["play", "--map", ""],
        &[
            "arena", "--a", "greedy", "--b", "random", "--map", "random", "--size", "3",
        ],
        &["map", "--territories", "0"],
    ];
    for args in cases {
        dice_of_doom()
            .args(*args)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("");
    }
}

#[test]
fn a_grid_out_of_range_is_quoted_as_typed() {
    for command in ["play", "map"] {
        let mut cmd = dice_of_doom();
        cmd.arg(command);
        if command == "play" {
            cmd.args(["--map", "random"]);
        }
        cmd.args(["--grid", "99999999999999999999x2"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(
                "error: invalid value '99999999999999999999x2' for '--grid <WxH>': a map grid is \
                 from 2 to 64 cells each way\n",
            ))
            .stderr(predicate::str::contains("18446744073709551615").not());
    }
}

#[test]
fn arena_plays_on_a_map_file_and_on_a_random_map() {
    let on_file = dice_of_doom()
        .args(["arena", "--a", "greedy", "--b", "random", "--games", "2"])
        .args(["--nodes", "100", "--map", "maps/duel-12.map"])
        .assert()
        .success();
    let text = String::from_utf8(on_file.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("arena: boards on a map of 12 territories (maps/duel-12.map), 2 players"),
        "{text}"
    );
    let random = dice_of_doom()
        .args(["arena", "--a", "search", "--b", "random", "--games", "2"])
        .args([
            "--nodes",
            "200",
            "--map",
            "random",
            "--territories",
            "10",
            "--json",
        ])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&random.get_output().stdout).unwrap();
    assert_eq!(json["map"], "random map of 10 territories");
    assert!(
        json.get("size").is_none(),
        "a map has no board side: {json}"
    );
    assert_eq!(json["games"], 4);
}

#[test]
fn a_map_file_is_played_as_it_is_with_the_seed_given() {
    let run = |seed: &[&str]| {
        let out = dice_of_doom()
            .args(["play", "--plain", "--map", "maps/duel-12.map"])
            .args(seed)
            .write_stdin("q\n")
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let first = run(&["--seed", "5"]);
    assert_eq!(first, run(&["--seed", "5"]));
    assert!(
        first.starts_with(
            "The map of 12 territories in maps/duel-12.map, seed 5.\n\
             Play it again with `dice-of-doom --map maps/duel-12.map --seed 5`.\n"
        ),
        "{first}"
    );
    // Without a seed, one is drawn and printed; the file's owners and dice
    // are played either way.
    let file = run(&[]);
    assert!(
        file.starts_with("The map of 12 territories in maps/duel-12.map, seed "),
        "{file}"
    );
    let board = |text: &str| -> String {
        text.lines()
            .skip_while(|l| !l.starts_with("current player"))
            .take_while(|l| !l.starts_with("choose"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(board(&file).lines().count() > 5, "{file}");
    assert_eq!(board(&first), board(&file));
}

#[test]
fn a_bare_map_file_is_dealt_from_the_seed() {
    // The map of maps/duel-12.map without its owners and dice.
    let text: String = std::fs::read_to_string("maps/duel-12.map")
        .unwrap()
        .lines()
        .filter(|line| !line.contains('-'))
        .map(|line| format!("{line}\n"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bare.map");
    std::fs::write(&path, text).unwrap();
    let run = |seed: &str| {
        let out = dice_of_doom()
            .args(["play", "--plain", "--computer", "all", "--map"])
            .arg(&path)
            .args(["--seed", seed])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let (five, again, six) = (run("5"), run("5"), run("6"));
    assert_eq!(five, again);
    assert_ne!(five, six);
    // Dealt: the table of territories shows owners and dice, both players'.
    let table: Vec<&str> = five
        .lines()
        .skip_while(|l| !l.starts_with("territory"))
        .skip(1)
        .take(12)
        .collect();
    assert_eq!(table.len(), 12, "{five}");
    for player in ["a-", "b-"] {
        assert!(table.iter().any(|l| l.contains(player)), "{five}");
    }
    // A command that plays the file as it is says what it lacks.
    dice_of_doom()
        .args(["stats", "--map"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "territory `0` has no owner and dice: add a line such as `0 a-2`",
        ));
}
