//! The games' folder read at start: games, names skipped (escaped),
//! finished records moved, broken ones set aside, nothing written over.

use super::*;
use crate::game::RuleSet;
use crate::net::lobby::new_game;
use crate::session::Board;

/// A record of a classic game of two rows: dealt from `seed`, and played
/// to its end (the first legal move each time) if `over`.
pub(in crate::net::rooms) fn record(seed: u64, over: bool) -> Record {
    let mut new = new_game(RuleSet::Classic);
    new.board = Board::Hexagons(2);
    let mut record = new.deal(seed, None).unwrap().record(None, None);
    for _ in 0..100_000 {
        if !over || record.is_over() {
            break;
        }
        let mv = record.end().moves(record.rules())[0];
        record.push(mv).unwrap();
    }
    assert_eq!(record.is_over(), over);
    record
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn only_code_txt_files_are_games_and_the_rest_is_skipped_escaped_or_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let game = record(1, false).to_string();
    let escape = "x\u{1b}]0;pwned\u{7}\u{1b}[2J.txt";
    for name in ["ABCD.txt", "foo.txt", "abcd.txt", "ABCI.txt", escape] {
        std::fs::write(dir.join(name), &game).unwrap();
    }
    std::fs::write(dir.join("WXYZ.txt"), "not a record\n").unwrap();
    std::fs::write(dir.join("NARF.txt"), record(2, true).to_string()).unwrap();
    std::fs::create_dir(dir.join("QRST.txt")).unwrap();
    let found = read(dir).unwrap();
    let codes: Vec<&str> = found.games.iter().map(|(c, _, _)| c.as_str()).collect();
    assert_eq!(codes, ["ABCD"]);
    let notes = found.notes.join("\n");
    for name in ["foo.txt", "abcd.txt", "ABCI.txt", "QRST.txt"] {
        assert!(
            notes.contains(&format!("skipped \"{name}\": not a game's record")),
            "{notes}"
        );
    }
    assert!(
        notes.contains("skipped \"x\\u{1b}]0;pwned\\u{7}\\u{1b}[2J.txt\""),
        "{notes}"
    );
    assert!(
        !notes.contains('\u{1b}') && !notes.contains('\u{7}'),
        "{notes:?}"
    );
    assert!(notes.contains("set aside \"WXYZ.txt\""), "{notes}");
    assert_eq!(names(&dir.join(BROKEN)), ["WXYZ.txt"]);
    assert!(notes.contains("finished game NARF moved to"), "{notes}");
    let finished = names(&dir.join(FINISHED));
    assert_eq!(finished.len(), 1);
    assert!(finished[0].starts_with("NARF-") && finished[0].ends_with(".txt"));
    assert!(!dir.join("NARF.txt").exists() && !dir.join("WXYZ.txt").exists());
    // The other files stay where they were.
    assert!(dir.join("foo.txt").exists() && dir.join(escape).exists());
}

#[test]
fn records_moved_aside_never_write_over_another() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    for text in ["one", "two", "three"] {
        std::fs::write(dir.join("WXYZ.txt"), text).unwrap();
        set_aside(dir, &dir.join("WXYZ.txt"), "bad");
    }
    let broken = dir.join(BROKEN);
    assert_eq!(
        names(&broken),
        ["WXYZ-2.txt", "WXYZ-3.txt", "WXYZ.txt"],
        "each kept"
    );
    assert_eq!(
        std::fs::read_to_string(broken.join("WXYZ.txt")).unwrap(),
        "one"
    );
    assert_eq!(
        std::fs::read_to_string(broken.join("WXYZ-3.txt")).unwrap(),
        "three"
    );
    for _ in 0..2 {
        std::fs::write(dir.join("NARF.txt"), "x").unwrap();
        finish(dir, "NARF", &dir.join("NARF.txt")).unwrap();
    }
    assert_eq!(names(&dir.join(FINISHED)).len(), 2);
}
