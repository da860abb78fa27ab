//! End-to-end tests of `arena --seats`: a free-for-all of different
//! opponents, one a seat.

use crate::common::dice_of_doom;
use predicates::prelude::*;

const FOUR: [&str; 10] = [
    "arena", "--rules", "lol4", "--size", "3", "--games", "2", "--nodes", "200", "--seats",
];

#[test]
fn an_arena_free_for_all_tallies_each_opponent() {
    let output = dice_of_doom()
        .args(FOUR)
        .arg("chance,lol4,greedy,random")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("free-for-all: lol4 rules, 3x3 boards,"),
        "{text}"
    );
    assert!(
        text.contains("2 boards x 4 games (seats rotated)"),
        "{text}"
    );
    for ai in ["chance", "lol4", "greedy", "random"] {
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("{ai} ")))
            .unwrap_or_else(|| panic!("no row for {ai}: {text}"));
        // Every opponent plays every game.
        assert_eq!(row.split_whitespace().nth(1), Some("8"), "{row}");
    }
    assert!(text.contains("fair share: 25.0% each"), "{text}");
    // A node budget: the same table again, with no times in it.
    assert!(!text.contains(" ms"), "{text}");
    let again = dice_of_doom()
        .args(FOUR)
        .arg("chance,lol4,greedy,random")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn an_arena_free_for_all_in_json_adds_up() {
    let output = dice_of_doom()
        .args(FOUR)
        .args(["random,greedy,lol4,dicewars", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["games"], 8);
    let ais = json["ais"].as_array().unwrap();
    let names: Vec<_> = ais.iter().map(|a| a["ai"].as_str().unwrap()).collect();
    assert_eq!(names, ["random", "greedy", "lol4", "dicewars"]);
    let wins: u64 = ais.iter().map(|a| a["wins"].as_u64().unwrap()).sum();
    let ties: u64 = ais.iter().map(|a| a["ties"].as_u64().unwrap()).sum();
    // Each game is won by one opponent, or shared by two or more (each
    // of them counting a tie).
    assert!(wins <= 8 && wins + ties >= 8, "{json}");
    for ai in ais {
        assert_eq!(
            ai["wins"].as_u64().unwrap()
                + ai["losses"].as_u64().unwrap()
                + ai["ties"].as_u64().unwrap(),
            8,
            "{ai}"
        );
    }
}

#[test]
fn bad_arena_free_for_alls_are_usage_errors() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--rules", "dicewars", "--seats", "chance,dicewars"],
            "--seats names 2 opponents for 7 players",
        ),
        (
            &[
                "--rules",
                "lol4",
                "--players",
                "3",
                "--seats",
                "chance,lol4,greedy,random",
            ],
            "--seats names 4 opponents for 3 players",
        ),
        (
            &["--rules", "lol4", "--seats", "chance,lol4,best,random"],
            "invalid value 'best' for '--seats",
        ),
        (
            &["--rules", "lol4", "--seats", "chance,lol4,greedy,lol4"],
            "lol4 is named twice",
        ),
        (
            &[
                "--rules",
                "lol4",
                "--seats",
                "chance,lol4,greedy,random",
                "--a",
                "lol4",
            ],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        dice_of_doom()
            .arg("arena")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}
