//! Hints everyone can read and computers at a brisk pace (issue 36, items
//! 5 and 7): under the classic rules, `lol4` and Dice Wars, whoever the
//! computer is, every hint comes from the rule set's rater (`perfect`, or
//! `chance` where dice roll) in one scale (`best`, `good`, `risky`, or a
//! proven value in one wording), in the line mode and full-screen at 80x24
//! and 120x40; and the computer's default budget is a number of nodes,
//! the same game for the same seed.

use crate::common::dice_of_doom;
#[cfg(unix)]
use crate::pty::Pty;

/// The opponents `--ai` offers.
const OPPONENTS: [&str; 12] = [
    "perfect",
    "search",
    "lol",
    "greedy",
    "random",
    "lol4",
    "racket",
    "dicewars",
    "chance",
    "defensive",
    "strategic",
    "mcts",
];

/// Whether `word` is a hint's rating in the one scale: an estimate's word,
/// or a proven value in the one wording.
fn one_scale(word: &str) -> bool {
    let proven = word.strip_suffix(" (proven)");
    ["best", "good", "risky"].contains(&word)
        || proven.is_some_and(|p| {
            ["wins", "loses"].contains(&p)
                || p.strip_suffix("-way tie")
                    .is_some_and(|k| k.parse::<u8>().is_ok())
                || p.strip_suffix(" to win").is_some_and(|c| c.ends_with('%'))
        })
}

/// The hints of the first position of a game under `rules` (and `more`
/// options) with the computer `ai` at b: the rater's name and each move's
/// rating in words.
fn hints(rules: &str, ai: &str, more: &[&str]) -> (String, Vec<String>) {
    let data = tempfile::tempdir().unwrap();
    let output = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", data.path())
        .args(["play", "--plain", "--rules", rules, "--seed", "3"])
        .args(["--computer", "b", "--ai", ai, "--nodes", "2000"])
        .args(more)
        .write_stdin("h\nq\n")
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(!out.contains("not rated"), "{rules} {ai}: {out}");
    assert!(!out.contains("estimate"), "{rules} {ai}: {out}");
    let mut lines = out.lines().skip_while(|l| !l.starts_with("hints ("));
    let header = lines
        .next()
        .unwrap_or_else(|| panic!("{rules} {ai}: {out}"));
    let rater = header["hints (".len()..]
        .split([';', ')'])
        .next()
        .unwrap_or("")
        .to_string();
    let words = lines
        .take_while(|l| !l.starts_with("best: "))
        .map(|l| {
            // `1. 0 -> 2      44%  best  <- the computer's choice`
            let rest = l.split_once(". ").map_or(l, |(_, rest)| rest);
            let rest = rest.split("  <-").next().unwrap_or(rest);
            let word = rest.rsplit("  ").next().unwrap_or(rest);
            word.trim().to_string()
        })
        .collect();
    (rater, words)
}

#[test]
fn every_hint_comes_from_the_rater_in_one_scale_whoever_plays() {
    for (rules, rater, more) in [
        ("classic", "perfect", &["--size", "3"][..]),
        ("lol4", "chance", &["--size", "3", "--players", "2"]),
        ("dicewars", "chance", &["--territories", "12"]),
    ] {
        for ai in OPPONENTS {
            if ai == "perfect" && rules != "classic" {
                continue; // refused where dice roll
            }
            let (by, words) = hints(rules, ai, more);
            assert_eq!(by, rater, "{rules} {ai}");
            assert!(!words.is_empty(), "{rules} {ai}");
            for word in &words {
                assert!(one_scale(word), "{rules} {ai}: {word:?} in {words:?}");
            }
        }
    }
}

#[test]
fn proven_values_have_one_wording() {
    let output = dice_of_doom()
        .args(["play", "--plain", "--board", "boards/test-2x2.txt"])
        .args(["--ai", "search"])
        .write_stdin("1\nh\nq\n")
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        out.contains("hints (perfect):\n1. end turn   loses (proven)  <- the computer's choice\n"),
        "{out}"
    );
    assert!(!out.contains("with best play"), "{out}");
    assert!(!out.contains("won (proven)"), "{out}");
}

#[test]
fn the_computer_s_default_budget_is_nodes_and_replays_the_same_game() {
    let place = tempfile::tempdir().unwrap();
    let run = |save: &str| {
        let output = dice_of_doom()
            .env("DICE_OF_DOOM_DATA_DIR", place.path())
            .args(["play", "--plain", "--rules", "lol4", "--seed", "7"])
            .args(["--computer", "b,c,d", "--save"])
            .arg(place.path().join(save))
            .write_stdin("1\n1\nq\n")
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let first = run("first.txt");
    assert!(first.contains("\nb: "), "{first}");
    // The play-again line names no budget: the default one.
    assert!(
        first.contains("--seed 7 --size 5 --computer b,c,d`"),
        "{first}"
    );
    assert_eq!(run("second.txt"), first.replace("first.txt", "second.txt"));
    let record = std::fs::read_to_string(place.path().join("first.txt")).unwrap();
    assert!(
        record.contains("player b: computer mcts, 100000 nodes\n"),
        "{record}"
    );
}

/// The full-screen hints at `rows` by `cols` under Dice Wars with the
/// original's opponent, which rates nothing itself.
#[cfg(unix)]
fn full_screen_hints(rows: u16, cols: u16) {
    let data = tempfile::tempdir().unwrap();
    let data = data.path().to_str().unwrap().to_string();
    let mut pty = Pty::start_sized(
        &[
            "play",
            "--rules",
            "dicewars",
            "--seed",
            "5",
            "--computer",
            "b,c,d,e,f,g",
            "--ai",
            "dicewars",
            "--nodes",
            "2000",
        ],
        &[("DICE_OF_DOOM_DATA_DIR", &data)],
        rows,
        cols,
    );
    pty.wait_for("? help");
    pty.send_until(b"H", "Each move's rating is beside it in the list.");
    pty.settle();
    let screen = pty.contents();
    // The moves shown are rated in the one scale (the computer's choice,
    // `best`, may be further down the list).
    let rated = screen
        .lines()
        .filter(|l| {
            let l = l.trim_end();
            [" best", " good", " risky"].iter().any(|w| l.ends_with(w))
        })
        .count();
    assert!(rated >= 5, "{rows}x{cols}\n{screen}");
    assert!(!screen.contains("not rated"), "{rows}x{cols}\n{screen}");
    assert!(!screen.contains("score "), "{rows}x{cols}\n{screen}");
    pty.ctrl_c_ends_at_once();
}

#[cfg(unix)]
#[test]
fn full_screen_hints_in_dice_wars_at_80x24() {
    full_screen_hints(24, 80);
}

#[cfg(unix)]
#[test]
fn full_screen_hints_in_dice_wars_at_120x40() {
    full_screen_hints(40, 120);
}
