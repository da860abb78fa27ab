//! What the line mode prints so that a move's numbers can be followed: the
//! cells' numbers at the start of a board of hexagons, a map of
//! territories printed short after the first position (territories by
//! their numbers), each player's cells at the end, and `replay --plain`
//! saying where an end of turn's dice went.

use crate::common::dice_of_doom;

/// Standard output of `dice-of-doom ARGS`, with empty input.
fn stdout(args: &[&str]) -> String {
    let out = dice_of_doom().args(args).write_stdin("").output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_board_of_hexagons_comes_with_its_numbers_and_the_end_with_cell_counts() {
    let text = stdout(&[
        "play",
        "--plain",
        "--no-autosave",
        "--rules",
        "lol4",
        "--size",
        "3",
        "--seed",
        "2",
        "--computer",
        "all",
        "--ai",
        "greedy",
    ]);
    // Once, before the first position: the numbers laid out as the cells.
    assert_eq!(text.matches("The cells are numbered:").count(), 1, "{text}");
    assert!(
        text.contains(
            "The cells are numbered:\n        0   1   2\n      3   4   5\n    6   7   8\n"
        ),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    let last = lines[lines.len() - 2];
    assert!(last.starts_with("cells: a "), "{last}");
    let counted: usize = last
        .trim_start_matches("cells: ")
        .split(", ")
        .map(|each| each.split(' ').nth(1).unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(counted, 9, "{last}");
}

#[test]
fn a_dicewars_turn_is_short_and_its_replay_says_where_the_dice_went() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.record");
    let record = record.to_str().unwrap();
    let args = [
        "play",
        "--plain",
        "--no-autosave",
        "--rules",
        "dicewars",
        "--seed",
        "5",
        "--map",
        "random",
        "--territories",
        "8",
        "--players",
        "3",
        "--computer",
        "all",
        "--ai",
        "greedy",
    ];
    let mut with_save = args.to_vec();
    with_save.extend(["--save", record]);
    let played = stdout(&with_save);
    // The table of territories once; after it each position short.
    assert_eq!(
        played.matches("territory  owner-dice").count(),
        1,
        "{played}"
    );
    assert!(
        played.contains("current player = a\na: 2:1 5:4\n"),
        "{played}"
    );
    let replayed = stdout(&["replay", "--plain", record]);
    assert!(
        replayed.contains("a ends turn\na: end turn: places 3 dice (2, 1, 5), 0 left in stock\n"),
        "{replayed}"
    );
    // Every end of turn of the record says where its dice went.
    let ends = replayed.matches(" ends turn\n").count();
    assert!(ends > 0);
    assert_eq!(
        replayed.matches(": end turn: places ").count(),
        ends,
        "{replayed}"
    );
}
