//! A room's computer that fails falls back and its game goes on; a record
//! whose computer cannot play its rules is resumed with a lesser one.

use super::*;
use crate::ai::{AiKind, Budget};
use crate::game::{Map, RuleSet};
use crate::net::lobby::new_game;
use crate::session::{Board, Seating};

/// The longest a test waits for the computer.
const BOUND: Duration = Duration::from_secs(20);

/// A classic game of two rows, the computer at `a` (`search`), a person
/// at `b`.
fn computer_at_a() -> NewGame {
    let mut new = new_game(RuleSet::Classic);
    new.board = Board::Hexagons(2);
    new.computer.seats = Seating::These(PlayerSet::single(Player::A));
    new.computer.ai = Some(AiKind::Search);
    new
}

#[test]
fn a_computer_that_panics_falls_back_and_its_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 1).unwrap();
    rooms.think_with(Arc::new(|_: &Record, _| -> Thinker {
        Box::new(|_, _| panic!("injected failure"))
    }));
    let room = rooms.create(&computer_at_a()).unwrap();
    let view = room.wait(0, usize::MAX, BOUND).expect("the computer moves");
    assert!(!view.closed, "{:?}", view.notices);
    assert!(!view.record.plays().is_empty());
    let said = view.notices.join("\n");
    assert!(said.contains("computer a failed ("), "{said}");
    assert!(said.contains("injected failure"), "{said}");
    assert!(said.contains("a now plays as `random`"), "{said}");
    assert!(matches!(
        view.record.seats()[0],
        Seat::Computer {
            ai: AiKind::Random,
            ..
        }
    ));
    // Another game of the same server still plays.
    let other = rooms.create(&computer_at_a()).unwrap();
    let view = other
        .wait(0, usize::MAX, BOUND)
        .expect("the computer moves");
    assert!(!view.closed && !view.record.plays().is_empty());
}

#[test]
fn a_record_whose_computer_cannot_play_its_rules_is_resumed_with_a_lesser_one() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
    let start = Position::start(&rules, "a-2 b-1 / b-2 a-1".parse().unwrap(), Player::A).unwrap();
    let perfect = Seat::Computer {
        ai: AiKind::Perfect,
        budget: Budget::nodes(1_000),
    };
    let record = Record::new(rules, start, vec![perfect, Seat::Person]);
    std::fs::write(dir.path().join("QQQQ.txt"), record.to_string()).unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 1).unwrap();
    let room = rooms.get("QQQQ").expect("the record is resumed");
    let view = room.wait(0, usize::MAX, BOUND).expect("the computer moves");
    assert!(!view.closed, "{:?}", view.notices);
    assert!(!view.record.plays().is_empty());
    assert_eq!(
        view.notices,
        ["computer a's opponent `perfect` cannot play the dicewars rules; a now plays as `chance`"]
    );
}

#[test]
fn a_game_whose_computer_does_not_fit_the_memory_left_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let perfect = AiKind::Perfect.memory(RuleSet::Classic);
    let config = RoomsConfig {
        workers: 1,
        max_memory: crate::analysis::ByteSize::new(perfect.bytes() + (1 << 20)),
        ..RoomsConfig::default()
    };
    let rooms = Rooms::open_with(dir.path().to_path_buf(), 1, config).unwrap();
    let mut new = computer_at_a();
    new.computer.ai = Some(AiKind::Perfect);
    let first = rooms.create(&new).unwrap();
    assert_eq!(rooms.create(&new).unwrap_err(), FULL);
    // A lighter computer does not fit either; a game between people does.
    assert_eq!(rooms.create(&computer_at_a()).unwrap_err(), FULL);
    let mut people = computer_at_a();
    people.computer.seats = Seating::Unsaid;
    assert!(rooms.create(&people).is_ok());
    // Once the first game is closed its share is free again.
    first.close();
    assert!(rooms.create(&new).is_ok());
}
