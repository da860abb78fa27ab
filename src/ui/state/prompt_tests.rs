//! The save prompt (`s`) and the log's scrolling (`<`, `>`).

use std::sync::{Arc, Mutex};

use super::super::tests_support::{app, long_game};
use super::super::{App, Effect, Key, Overlay, Record, Target};
use crate::game::Player;
use crate::record::Seat;
use crate::session::Store;

/// Where a store in memory keeps its records: the file each was saved to
/// ("" the first store's), and the names it refuses.
#[derive(Clone, Default)]
struct Disk {
    saves: Arc<Mutex<Vec<(String, usize)>>>,
}

/// A store in memory named `name` on `disk`.
#[derive(Clone)]
struct Memory {
    name: String,
    disk: Disk,
}

impl Memory {
    fn new(disk: &Disk) -> Memory {
        Memory {
            name: String::new(),
            disk: disk.clone(),
        }
    }
}

impl Disk {
    /// Each save: the store's name and how many moves the record had.
    fn saves(&self) -> Vec<(String, usize)> {
        self.saves.lock().unwrap().clone()
    }
}

impl Store for Memory {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        if self.name.starts_with("missing/") {
            return Err("the folder does not exist".into());
        }
        let saves = &self.disk.saves;
        saves
            .lock()
            .unwrap()
            .push((self.name.clone(), record.plays().len()));
        Ok(())
    }

    fn warning(&self) -> Option<String> {
        None
    }

    fn save_as(&self, name: &str) -> Result<(Box<dyn Store>, String), String> {
        if name == "taken" {
            return Err("another game is played there".into());
        }
        let store = Memory {
            name: name.to_string(),
            disk: self.disk.clone(),
        };
        Ok((Box::new(store), format!("/here/{name}")))
    }
}

/// A game with moves to play (a to move), kept on `disk`.
fn kept(disk: &Disk) -> App {
    let a = app("b-2 b-2 / a-2 b-1");
    let header = Record::new(a.rules().clone(), a.start(), vec![Seat::Person; 2]);
    a.with_store(&header, Some(Box::new(Memory::new(disk))))
}

/// Types `text` into the game, character by character.
fn type_text(a: &mut App, text: &str) {
    for c in text.chars() {
        assert_eq!(a.typed(c), Effect::Continue);
    }
}

#[test]
fn s_asks_for_a_name_and_takes_every_character_as_text() {
    let disk = Disk::default();
    let mut a = kept(&disk);
    assert_eq!(a.save_name(), None);
    a.typed('s');
    assert_eq!(a.overlay(), Overlay::SaveAs);
    assert_eq!(a.save_name(), Some(""));
    // Letters that are keys elsewhere (q quits, u undoes, 1 plays) are text.
    type_text(&mut a, "qu 1s.txt");
    assert_eq!(a.save_name(), Some("qu 1s.txt"));
    assert_eq!(a.overlay(), Overlay::SaveAs);
    assert!(a.log().is_empty(), "nothing was played");
    a.key(Key::Backspace);
    a.key(Key::Backspace);
    assert_eq!(a.save_name(), Some("qu 1s.t"));
    a.key(Key::ClearLine);
    assert_eq!(a.save_name(), Some(""));
    // Arrows and the like do nothing in the prompt.
    a.key(Key::Left);
    a.click(Target::Cell(0));
    assert_eq!(a.overlay(), Overlay::SaveAs);
    a.key(Key::Cancel);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.message(), Some("Not saved."));
    assert_eq!(disk.saves(), [], "nothing saved");
    // Out of the prompt, characters are keys again.
    a.typed('q');
    assert_eq!(a.overlay(), Overlay::ConfirmQuit);
}

#[test]
fn enter_writes_the_game_there_and_the_game_is_kept_there_from_then_on() {
    let disk = Disk::default();
    let mut a = kept(&disk);
    a.key(Key::Digit(1));
    assert_eq!(disk.saves(), [(String::new(), 1)]);
    a.typed('s');
    // An empty name is no name.
    a.key(Key::Select);
    assert_eq!(a.overlay(), Overlay::SaveAs);
    assert_eq!(a.message(), Some("Type a file name to save to, or Esc."));
    type_text(&mut a, "game.txt");
    a.key(Key::Select);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(
        a.message(),
        Some("Saved to /here/game.txt; the game is kept there now.")
    );
    assert_eq!(disk.saves()[1], ("game.txt".to_string(), 1));
    // The next change is kept in the new file only.
    a.key(Key::EndTurn);
    assert_eq!(disk.saves()[2..], [("game.txt".to_string(), 2)]);
}

#[test]
fn a_file_that_cannot_be_written_is_a_message_and_the_prompt_stays() {
    let disk = Disk::default();
    let mut a = kept(&disk);
    for (name, reason) in [
        ("missing/game.txt", "the folder does not exist"),
        ("taken", "another game is played there"),
    ] {
        a.typed('s');
        type_text(&mut a, name);
        a.key(Key::Select);
        assert_eq!(a.overlay(), Overlay::SaveAs, "{name}");
        assert_eq!(a.message(), Some(format!("Not saved: {reason}.").as_str()));
        a.key(Key::Cancel);
    }
    // The game is still kept where it was.
    a.key(Key::Digit(1));
    assert_eq!(disk.saves(), [(String::new(), 1)]);
}

#[test]
fn a_game_kept_nowhere_says_so() {
    let mut a = app("b-2 b-2 / a-2 b-1");
    a.typed('s');
    type_text(&mut a, "game.txt");
    a.key(Key::Select);
    assert_eq!(
        a.message(),
        Some("Not saved: this game is kept nowhere (it was started without saving).")
    );
}

#[test]
fn saving_is_off_in_a_network_game_and_in_a_replay() {
    let a = app("b-2 b-2 / a-2 b-1");
    let record = Record::new(a.rules().clone(), a.start(), vec![Seat::Person; 2]);
    let mut networked = App::networked(&record, Some(Player::A)).unwrap();
    networked.typed('s');
    assert_eq!(networked.overlay(), Overlay::None);
    assert_eq!(
        networked.message(),
        Some("Saving to a file (s) is off in network games.")
    );
    let moves = [crate::game::Move::Attack { from: 2, to: 3 }];
    let mut replay = App::replay(record.rules().clone(), record.start(), &moves, None).unwrap();
    replay.typed('s');
    assert_eq!(replay.overlay(), Overlay::None);
    assert_eq!(
        replay.message(),
        Some("A replay is not saved: c continues the game from here.")
    );
}

#[test]
fn the_log_scrolls_back_to_its_first_move_and_on() {
    let mut a = long_game(8);
    let n = a.log().len();
    assert!(n >= 4, "{:?}", a.log());
    assert_eq!(a.log_back(), 0);
    a.typed('<');
    assert_eq!(a.log_back(), 1);
    for _ in 0..2 * n {
        a.typed('<');
    }
    assert_eq!(a.log_back(), n - 1, "back to the first move, no further");
    assert_eq!(
        a.message(),
        Some("The log shows its first move: > scrolls on.")
    );
    a.typed('>');
    assert_eq!(a.log_back(), n - 2);
    for _ in 0..2 * n {
        a.typed('>');
    }
    assert_eq!(a.log_back(), 0);
    assert_eq!(a.message(), Some("The log shows its last move."));
    // A change of the game shows the last move again.
    a.typed('<');
    a.typed('<');
    assert_eq!(a.log_back(), 2);
    a.key(Key::Undo);
    assert_eq!(a.log_back(), 0);
}

#[test]
fn the_log_scrolls_while_the_game_is_over_and_not_in_a_replay() {
    let mut a = long_game(200);
    assert!(a.winners().is_some());
    a.typed('<');
    assert_eq!(a.log_back(), 1);
    let mut replay = App::replay(a.rules().clone(), a.start(), a.plays(), None).unwrap();
    replay.typed('<');
    assert_eq!(replay.log_back(), 0);
}
