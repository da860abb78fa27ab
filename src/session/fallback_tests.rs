//! A seat that cannot go on falls back: a record's unfit seats at resume,
//! a failed opponent in the session and in the line mode's computer.

use super::*;
use crate::ai::{Analysis, Budget, Strategy};
use crate::game::{Map, PlayerSet, Position, RuleSet, Rules};
use crate::session::pool::Pool;
use crate::session::{Computer, Event};

/// An opponent whose thinking always fails.
struct Panics;

impl Strategy for Panics {
    fn name(&self) -> &'static str {
        "panics"
    }

    fn analyse(&mut self, _: &Rules, _: &Position, _: Budget, _: bool) -> Option<Analysis> {
        panic!("injected failure")
    }
}

/// A Dice Wars game on a 2x2 map with `perfect` at both seats, as a
/// server's record made before `perfect` was refused there.
fn dicewars_with_perfect() -> Record {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
    let start = Position::start(&rules, "a-2 b-1 / b-2 a-1".parse().unwrap(), Player::A).unwrap();
    let perfect = Seat::Computer {
        ai: AiKind::Perfect,
        budget: Budget::nodes(1_000),
    };
    Record::new(rules, start, vec![perfect, Seat::Person])
}

#[test]
fn a_record_s_unfit_seats_fall_back_with_a_word() {
    let (record, fell) = fit_seats(dicewars_with_perfect());
    let chance = Seat::Computer {
        ai: AiKind::Chance,
        budget: Budget::nodes(1_000),
    };
    assert_eq!(record.seats(), [chance, Seat::Person]);
    let words: Vec<String> = fell.iter().map(ToString::to_string).collect();
    assert_eq!(
        words,
        ["computer a's opponent `perfect` cannot play the dicewars rules; a now plays as `chance`"]
    );
    // A record that fits is left as it is.
    let (again, none) = fit_seats(record.clone());
    assert_eq!((again.seats(), none.len()), (record.seats(), 0));
}

#[test]
fn the_seats_of_an_unfit_record_play_as_a_lesser_opponent() {
    let record = dicewars_with_perfect();
    let set = record.rules().set();
    let seats = Seats::seated(
        record.seats(),
        AiKind::Perfect,
        Budget::nodes(1_000),
        1,
        set,
    );
    assert_eq!(seats.kind(Player::A), Some(AiKind::Chance));
    let mut session = Session::new(record, 1).with_seats(seats);
    let events = session.computer_move().unwrap();
    assert!(matches!(events[0], Event::Played { computer: true, .. }));
}

#[test]
fn a_failed_seat_falls_back_in_the_record_down_to_random() {
    let (record, _) = fit_seats(dicewars_with_perfect());
    let set = record.rules().set();
    let seats = Seats::seated(record.seats(), AiKind::Chance, Budget::nodes(1_000), 1, set);
    let mut session = Session::new(record, 1).with_seats(seats);
    let fell = session
        .fall_back(Player::A, "it broke".to_string())
        .unwrap();
    assert_eq!(
        fell.to_string(),
        "computer a failed (it broke); a now plays as `random`"
    );
    assert!(matches!(
        session.record().seats()[0],
        Seat::Computer {
            ai: AiKind::Random,
            ..
        }
    ));
    assert_eq!(session.seats.kind(Player::A), Some(AiKind::Random));
    assert_eq!(session.fall_back(Player::A, "again".to_string()), None);
    assert_eq!(session.fall_back(Player::B, "a person".to_string()), None);
}

#[test]
fn the_line_mode_s_computer_falls_back_when_its_opponent_panics() {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    let seats = crate::session::seats_of(
        AiKind::Perfect,
        PlayerSet::single(Player::A),
        2,
        Budget::nodes(10_000),
    );
    let record = Record::new(rules, start, seats.clone());
    let seats = Seats::seated(
        &seats,
        AiKind::Perfect,
        Budget::nodes(10_000),
        1,
        RuleSet::Classic,
    )
    .with_strategy(Player::A, Box::new(Panics));
    let mut session = Session::new(record, 1).with_seats(seats);
    let computer = Computer::take(&mut session, Pool::start(1).unwrap());
    let events = computer.play(&mut session).unwrap();
    let Event::FellBack(fell) = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!((fell.was, fell.now), (AiKind::Perfect, AiKind::Search));
    assert!(fell.to_string().contains("injected failure"), "{fell}");
    assert!(matches!(events[1], Event::Played { computer: true, .. }));
    assert!(matches!(
        session.record().seats()[0],
        Seat::Computer {
            ai: AiKind::Search,
            ..
        }
    ));
    computer.give_back(&mut session);
    assert_eq!(session.seats.kind(Player::A), Some(AiKind::Search));
}
