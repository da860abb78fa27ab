//! A game written to a file the player names during play.

use super::super::{Kept, Saver, read_record};
use crate::game::{Move, Player, Position, Rules};
use crate::record::Record;

/// A 2x2 game, `a` to move, after one attack.
fn game() -> Record {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let board = "b-2 b-2 / a-2 b-1".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let mut record = Record::new(rules, start, Vec::new());
    record.push(Move::Attack { from: 2, to: 3 }).unwrap();
    record
}

#[test]
fn the_named_file_keeps_the_game_and_the_autosave_goes() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join("20260101-000000-1.txt");
    let kept = Kept::default();
    let mut saver = kept.keep(Saver::autosave(autosave.clone()), None);
    let mut record = game();
    saver.save(&record).unwrap();
    assert!(autosave.exists());
    let path = dir.path().join("mine.txt");
    let (mut named, shown) = saver.save_as(path.to_str().unwrap()).unwrap();
    assert_eq!(shown, crate::text::shell_quote(&path));
    named.save(&record).unwrap();
    assert_eq!(read_record(&path).unwrap().moves(), record.moves());
    assert!(!autosave.exists(), "no stale copy is left to resume");
    // Later saves go to the named file, and the run's note names it.
    record.push(Move::Pass).unwrap();
    named.save(&record).unwrap();
    assert_eq!(read_record(&path).unwrap().moves(), record.moves());
    let (notes, failures) = kept.notes();
    assert_eq!(failures, None);
    assert_eq!(
        notes.unwrap(),
        format!("The game is saved to {shown}: `dice-of-doom resume {shown}` goes on with it.")
    );
    // The same name again is the same file.
    let (mut again, _) = named.save_as(path.to_str().unwrap()).unwrap();
    again.save(&record).unwrap();
    kept.release();
}

#[test]
fn a_file_that_cannot_be_written_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let saver = Saver::file(dir.path().join("game.txt"));
    let record = game();
    assert_eq!(
        saver.save_as("  ").err(),
        Some("no file name was given".to_string())
    );
    let missing = dir.path().join("missing");
    let named = missing.join("game.txt");
    assert_eq!(
        saver.save_as(named.to_str().unwrap()).err(),
        Some(format!(
            "there is no folder {} (make it first)",
            crate::text::shell_quote(&missing)
        ))
    );
    // Made meanwhile: then written.
    std::fs::create_dir(&missing).unwrap();
    let (mut store, _) = saver.save_as(named.to_str().unwrap()).unwrap();
    store.save(&record).unwrap();
    assert!(named.exists());
    let other = dir.path().join("other.txt");
    std::fs::write(&other, "someone's notes").unwrap();
    let (mut store, _) = saver.save_as(other.to_str().unwrap()).unwrap();
    assert_eq!(
        store.save(&record).err(),
        Some("the file exists already and is not written over".to_string())
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "someone's notes");
}
