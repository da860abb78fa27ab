//! The full-screen game keeps itself: its session saves through its store
//! after every change (a move, an undo, a redo, a replay continued), says
//! at once when a save fails, and keeps a new game (`n`) apart.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::tests_support::app;
use super::{App, Key, Record};
use crate::game::{DealChoice, Ground, Move, Player, deal_game_as};
use crate::record::{Date, Seat, Tags};
use crate::session::Store;

/// A store in memory: every record kept (its next game's too), and whether
/// saving fails.
#[derive(Clone, Default)]
struct Memory {
    kept: Arc<Mutex<Vec<Record>>>,
    fail: Arc<AtomicBool>,
}

impl Memory {
    /// The moves of every record kept, in order.
    fn moves(&self) -> Vec<Vec<Move>> {
        self.kept
            .lock()
            .unwrap()
            .iter()
            .map(Record::moves)
            .collect()
    }
}

impl Store for Memory {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        if self.fail.load(Ordering::SeqCst) {
            return Err("disk full".into());
        }
        self.kept.lock().unwrap().push(record.clone());
        Ok(())
    }

    fn warning(&self) -> Option<String> {
        self.fail
            .load(Ordering::SeqCst)
            .then(|| "This game is not being saved: disk full.".into())
    }

    fn next(&self) -> Result<Box<dyn Store>, String> {
        Ok(Box::new(self.clone()))
    }

    fn note(&self) -> Option<String> {
        Some("kept in memory".into())
    }
}

/// The two-player game of [`app`], kept in `memory` with a seed tag and
/// people at both seats.
fn kept(memory: &Memory) -> App {
    let a = app("b-2 b-2 / a-2 b-1");
    let header = Record::new(a.rules().clone(), a.start(), vec![Seat::Person; 2]).with_tags(Tags {
        seed: Some(3),
        ..Tags::default()
    });
    a.with_store(&header, Some(Box::new(memory.clone())))
}

#[test]
fn every_change_of_the_game_is_kept_once() {
    let memory = Memory::default();
    let mut a = kept(&memory);
    let attack = Move::Attack { from: 2, to: 3 };
    a.key(Key::Right);
    assert!(memory.moves().is_empty(), "no change: nothing kept");
    for key in [Key::Digit(1), Key::Undo, Key::Redo, Key::EndTurn] {
        a.key(key);
    }
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    assert!(a.winners().is_some());
    let attack_b = Move::Attack { from: 0, to: 2 };
    let expected: Vec<Vec<Move>> = vec![
        vec![attack],
        vec![],
        vec![attack],
        vec![attack, Move::Pass],
        vec![attack, Move::Pass, attack_b],
        vec![attack, Move::Pass, attack_b, Move::Pass],
    ];
    assert_eq!(memory.moves(), expected);
    let last = memory.kept.lock().unwrap().last().cloned().unwrap();
    assert!(last.is_over());
    assert_eq!(last.tags().seed, Some(3), "the header is the game's");
    assert_eq!(last.plays(), a.plays(), "the rolls as played");
}

#[test]
fn a_game_not_being_saved_says_so_at_once_and_keeps_saying_it() {
    let status_text = |a: &App| {
        let text = crate::ui::view::render(a, 80, 24, false).text();
        text.lines().take(2).collect::<Vec<_>>().join("\n")
    };
    let memory = Memory::default();
    memory.fail.store(true, Ordering::SeqCst);
    let a = kept(&memory);
    let warning = "This game is not being saved: disk full.";
    assert_eq!(
        (a.message(), a.unsaved()),
        (Some(warning), Some(warning)),
        "a save that failed before the first move is shown at once"
    );
    let mut a = a;
    a.key(Key::Digit(1));
    assert_eq!(a.message(), Some(warning), "every change that is not kept");
    a.key(Key::Right);
    assert_eq!(a.message(), None, "the message line moves on");
    assert!(status_text(&a).contains("NOT SAVED"), "the status does not");
    memory.fail.store(false, Ordering::SeqCst);
    a.key(Key::Undo);
    assert_eq!(a.unsaved(), None);
    assert_eq!(a.message(), Some("This game is being saved again."));
    assert!(!status_text(&a).contains("NOT SAVED"));
    assert_eq!(memory.moves(), [Vec::<Move>::new()]);
}

#[test]
fn a_new_game_is_kept_apart_from_its_start() {
    let memory = Memory::default();
    let mut a = kept(&memory);
    for key in [Key::Digit(1), Key::EndTurn, Key::Digit(1), Key::EndTurn] {
        a.key(key);
    }
    assert!(a.winners().is_some());
    let told = memory.moves().len();
    let date = Date::from_unix_seconds(86_400);
    assert!(a.new_game_dated(42, Some(date)));
    assert_eq!(a.message(), Some("kept in memory"), "the store's note");
    let kept = memory.kept.lock().unwrap().clone();
    assert_eq!(kept.len(), told + 1, "written at once");
    let new = &kept[told];
    assert_eq!((new.start(), new.moves()), (a.start(), vec![]));
    assert_eq!(new.seats(), [Seat::Person; 2]);
    assert_eq!((new.tags().seed, new.tags().date), (Some(42), Some(date)));
    assert_eq!(a.seed(), Some(42));
    a.key(Key::Digit(1));
    assert_eq!(memory.moves()[told + 1], a.history());
    // The same board from the same seed; a game kept nowhere is a game too.
    let mut b = app("b-2 b-2 / a-2 b-1");
    assert!(b.new_game(42));
    assert_eq!((b.start(), b.message()), (new.start(), None));
}

#[test]
fn a_replay_is_kept_once_it_is_continued() {
    let base = app("b-2 b-2 / a-2 b-1");
    let moves = [Move::Attack { from: 2, to: 3 }, Move::Pass];
    let replay = App::replay(base.rules().clone(), base.start(), &moves, None).unwrap();
    let memory = Memory::default();
    let header = Record::new(base.rules().clone(), base.start(), Vec::new());
    let mut a = replay.with_store(&header, Some(Box::new(memory.clone())));
    for key in [Key::Right, Key::Right, Key::Left, Key::Undo] {
        a.key(key);
    }
    assert!(memory.moves().is_empty(), "stepping keeps nothing");
    a.key(Key::Right);
    a.key(Key::Continue);
    assert!(!a.replaying());
    assert_eq!(memory.moves(), [vec![moves[0]]], "kept from its move 1");
    a.key(Key::Redo);
    assert_eq!(memory.moves()[1], moves, "the recorded moves played again");
    assert_eq!(a.position().player(), Player::B);
}

#[test]
fn a_new_game_is_dealt_as_the_game_before_it() {
    let memory = Memory::default();
    let a = app("b-2 b-2 / a-2 b-1");
    let header = Record::new(a.rules().clone(), a.start(), vec![Seat::Person; 2]).with_tags(Tags {
        seed: Some(3),
        deal: DealChoice::Balanced,
        ..Tags::default()
    });
    let mut a = a.with_store(&header, Some(Box::new(memory.clone())));
    assert!(a.new_game(42));
    let kept = memory.kept.lock().unwrap().clone();
    let new = kept.last().unwrap();
    assert_eq!(new.tags().deal, DealChoice::Balanced);
    let (rules, set) = (a.rules().clone(), a.rules().set());
    let ground = Ground::like(rules.map());
    let balanced = deal_game_as(DealChoice::Balanced, set, ground, 2, 3, Player::A, 42).unwrap();
    assert_eq!(new.start(), balanced.1);
    // A game of the book's deal deals the next one so too.
    let mut b = app("b-2 b-2 / a-2 b-1");
    assert!(b.new_game(42));
    assert_ne!(b.start(), balanced.1);
}
