//! Records read back end to end: bad records named with their file, line
//! and column, `arena --record`'s records replayed, and the sample records
//! of the docs.

use crate::common;

use std::path::Path;

use common::{dice_of_doom, golden};

use crate::records::{Place, path_str, undated};

#[test]
fn bad_records_are_named_with_file_line_and_column() {
    let place = Place::new();
    let good = golden("3x3-a-greedy.record");
    let cases: Vec<(String, &str)> = vec![
        (
            good.replace("record 1", "record 2"),
            "1:21: record version `2` is not known: this program reads version 1",
        ),
        (
            "  a-1 b-2\n  a-1 b-1\n".to_string(),
            "1:1: not a game record: its first line must be `dice-of-doom record 1`",
        ),
        (
            String::new(),
            "1:1: not a game record: its first line must be `dice-of-doom record 1`",
        ),
        (
            good.replace("players: 2", "players: two"),
            "4:10: players: must be a whole number from 2 to 8, not `two`",
        ),
        (
            good.replace("max-dice: 3\n", "max-dice: 3\nmax-dice: 4\n"),
            "6:1: `max-dice` is given twice (first on line 5)",
        ),
        (
            good.replace("  a-1 a-1 a-3", "  a-1 a-1 a-4"),
            "14:11: 4 dice is more than the 3 a cell may hold in this game (use a larger dice limit)",
        ),
        (
            good.replace("b: 1 -> 4", "b: 1 -> 8"),
            "19:4: 1 -> 8 is not a legal move here (legal: 1 -> 4, 1 -> 5)",
        ),
        (
            good.replace("b: 1 -> 4", "a: 1 -> 4"),
            "19:1: it is b's move here, not a's",
        ),
        (
            good[..good.find("moves:").unwrap() + 4].to_string(),
            "15:5: the record ends before its moves (a `moves:` line): it is cut short",
        ),
        (
            good[..good.find("b: end turn").unwrap()].to_string(),
            "9:9: the result says `a wins`, but after these moves the game is not over: b is to move",
        ),
    ];
    for (text, message) in cases {
        let path = place.path("bad.txt");
        std::fs::write(&path, &text).unwrap();
        for command in ["replay", "resume"] {
            place
                .command()
                .args([command, path_str(&path)])
                .assert()
                .code(2)
                .stdout("")
                .stderr(format!("dice-of-doom: {}:{message}\n", path.display()));
        }
    }
    let path = place.path("binary.txt");
    std::fs::write(&path, b"dice-of-doom record 1\nrules: cl\xffssic\n").unwrap();
    dice_of_doom()
        .args(["replay", path_str(&path)])
        .assert()
        .code(2)
        .stderr(format!(
            "dice-of-doom: {}:2:10: not a text file: bytes that are not UTF-8 text here; a record file is plain text\n",
            path.display()
        ));
    let missing = place.path("missing.txt");
    dice_of_doom()
        .args(["replay", path_str(&missing)])
        .assert()
        .code(2)
        .stderr(format!(
            "dice-of-doom: {}: cannot read: No such file or directory\n",
            missing.display()
        ));
}

#[test]
fn arena_records_replay_to_the_same_results() {
    let place = Place::new();
    let dir = place.path("games");
    let arena = |dir: &Path| {
        let out = dice_of_doom()
            .args(["arena", "--size", "3", "--a", "search", "--b", "greedy"])
            .args(["--games", "3", "--seed", "4", "--nodes", "2000", "--json"])
            .args(["--record", path_str(dir)])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice::<serde_json::Value>(&out).unwrap()
    };
    let json = arena(&dir);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "seed4-board1-A.txt",
            "seed4-board1-B.txt",
            "seed4-board2-A.txt",
            "seed4-board2-B.txt",
            "seed4-board3-A.txt",
            "seed4-board3-B.txt"
        ]
    );
    // Boards are numbered from 1, in the names and the event lines alike.
    for (name, board) in [("seed4-board1-A.txt", 1), ("seed4-board3-B.txt", 3)] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let event = format!("event: arena seed 4, board {board} of 3, side A search");
        assert!(text.contains(&event), "{name}: {text}");
    }
    // Each record, replayed, ends as its result says; side A's wins add up
    // to the arena's.
    let mut a_wins = 0;
    for name in &names {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let result = text
            .lines()
            .find_map(|l| l.strip_prefix("result: "))
            .unwrap();
        let replay = dice_of_doom()
            .args(["replay", path_str(&path)])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let replay = String::from_utf8(replay).unwrap();
        let winner = match result.strip_suffix(" wins") {
            Some(w) => {
                assert!(
                    replay.ends_with(&format!("The winner is {w}\n")),
                    "{name}: {replay}"
                );
                w
            }
            None => {
                assert!(replay.contains("The game is a tie"), "{name}: {replay}");
                continue;
            }
        };
        // Side A plays a in the `-A` games, every other player in `-B`.
        if (winner == "a") == name.ends_with("-A.txt") {
            a_wins += 1;
        }
        assert!(text.contains("player a: computer "), "{text}");
        assert!(text.contains(", 2000 nodes\n"), "{text}");
    }
    assert_eq!(json["sides"][0]["wins"], a_wins);
    // A node budget plays the same games again: the same records.
    let again = place.path("again");
    arena(&again);
    for name in &names {
        assert_eq!(
            undated(&dir.join(name)),
            undated(&again.join(name)),
            "{name}"
        );
    }
}

/// The sample records of docs/GUIDE.md and docs/RECORDS.md: indented blocks
/// that start with the version line.
fn documented_records(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::root().join(file)).unwrap();
    let mut records = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.strip_prefix("    ")) {
            (None, Some("dice-of-doom record 1")) => {
                current = Some("dice-of-doom record 1\n".into())
            }
            (Some(record), Some(rest)) => {
                record.push_str(rest);
                record.push('\n');
            }
            (Some(_), None) => records.extend(current.take()),
            (None, _) => {}
        }
    }
    records.extend(current);
    records
}

#[test]
fn the_documented_records_read() {
    use dice_of_doom::record::Record;
    for file in ["docs/GUIDE.md", "docs/RECORDS.md"] {
        let records = documented_records(file);
        assert!(!records.is_empty(), "{file}");
        for text in records {
            if let Err(e) = Record::parse(&text) {
                panic!("{file}: {e}\n{text}");
            }
        }
    }
}
