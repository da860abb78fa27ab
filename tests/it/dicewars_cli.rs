//! Dice Wars as the original plays it, end to end: the original's map and
//! deal from every command, and the refusal of more players than
//! territories.

use crate::common;

use common::dice_of_doom;
use predicates::prelude::*;

/// Each player's territories and dice in a map file's territory lines
/// (`A b-3   # 10: ...`).
fn holdings(map_file: &str) -> Vec<(usize, u32)> {
    let mut held = vec![(0usize, 0u32); 8];
    for line in map_file.lines() {
        let mut words = line.split_whitespace();
        let (Some(_), Some(cell), Some("#")) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        let (owner, dice) = cell.split_once('-').unwrap();
        let p = usize::from(owner.as_bytes()[0] - b'a');
        held[p].0 += 1;
        held[p].1 += dice.parse::<u32>().unwrap();
    }
    held.retain(|&(territories, _)| territories > 0);
    held
}

#[test]
fn the_map_command_prints_the_originals_map_and_deal() {
    for seed in ["1", "2", "3"] {
        let output = dice_of_doom()
            .args(["map", "--rules", "dicewars", "--seed", seed])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(output).unwrap();
        let first = text.lines().next().unwrap();
        assert!(
            first.ends_with(&format!(
                "the map of `dice-of-doom play --seed {seed} --rules dicewars --map random`."
            )),
            "{first}"
        );
        // The original's grid, 28 cells wide (cropped to its land).
        let held = holdings(&text);
        let territories: usize = held.iter().map(|h| h.0).sum();
        assert!((24..=31).contains(&territories), "{territories}");
        assert_eq!(held.len(), 7);
        // Round-robin: territory counts differ by one at most, and every
        // player has 1 die a territory and 2 * territories / 7 more, give or
        // take one.
        let dice: u32 = held.iter().map(|h| h.1).sum();
        assert_eq!(dice as usize, 3 * territories, "seed {seed}");
        let extra = 2 * territories / 7;
        for &(own, dice) in &held {
            assert!(own == territories / 7 || own == territories.div_ceil(7));
            let more = dice as usize - own;
            assert!(more == extra || more == extra + 1, "seed {seed}: {held:?}");
        }
    }
}

#[test]
fn more_players_than_territories_are_refused() {
    let message = "3 territories are too few for 5 players";
    let play = ["play", "--plain", "--no-autosave", "--map", "random"];
    for command in [
        &["map", "--rules", "dicewars"][..],
        &play,
        &[&play[..], &["--rules", "dicewars"]].concat(),
    ] {
        dice_of_doom()
            .args(command)
            .args(["--territories", "3", "--players", "5", "--seed", "1"])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    dice_of_doom()
        .args(["arena", "--rules", "dicewars", "--map", "maps/tiny-4.map"])
        .args(["--a", "greedy", "--b", "random", "--games", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "4 territories are too few for 7 players",
        ));
}

#[test]
fn a_bare_map_is_dealt_as_the_rule_set_deals_in_play_and_arena() {
    let dir = tempfile::tempdir().unwrap();
    let bare = dir.path().join("bare.map");
    std::fs::write(&bare, "0 0 1 1\n 0 0 1 .\n2 2 . 3\n 2 2 3 3\n").unwrap();
    let bare = bare.to_str().unwrap();
    let output = dice_of_doom()
        .args(["play", "--plain", "--no-autosave", "--rules", "dicewars"])
        .args(["--map", bare, "--players", "2", "--seed", "4"])
        .write_stdin("q\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    // Two territories each, 1 die each and 4 more each: 6 dice a player.
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("territory"))
        .skip(1)
        .take(4)
        .collect();
    for player in ["a-", "b-"] {
        let own: Vec<u32> = table
            .iter()
            .filter_map(|l| l.split_whitespace().nth(2))
            .filter(|cell| cell.starts_with(player))
            .map(|cell| cell[2..].parse().unwrap())
            .collect();
        assert_eq!((own.len(), own.iter().sum::<u32>()), (2, 6), "{text}");
    }
    dice_of_doom()
        .args([
            "arena",
            "--rules",
            "dicewars",
            "--map",
            bare,
            "--players",
            "2",
        ])
        .args([
            "--a", "dicewars", "--b", "random", "--games", "2", "--nodes", "10",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 players"));
}
