//! The session without a terminal: moves and their dice, undo and redo,
//! the computer, hints, and the game kept after every change.

use std::sync::{Arc, Mutex};

use super::*;
use crate::ai::{AiKind, Budget};
use crate::game::{Event as Did, Map, RuleSet};

/// Land of Lisp's last rules on a 3x3 board of 2 players.
fn lol4() -> Record {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 5).unwrap();
    let board = "a-3 b-2 a-4 / b-3 a-2 b-5 / a-1 b-4 b-2".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    Record::new(rules, start, Vec::new())
}

/// A store in memory: every record kept, and whether saving fails.
#[derive(Clone, Default)]
struct Memory {
    kept: Arc<Mutex<Vec<Record>>>,
    fail: bool,
}

impl Store for Memory {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        if self.fail {
            return Err("disk full".into());
        }
        self.kept.lock().unwrap().push(record.clone());
        Ok(())
    }

    fn warning(&self) -> Option<String> {
        self.fail
            .then(|| "This game is not being saved: disk full.".into())
    }
}

const ATTACK: Move = Move::Attack { from: 2, to: 5 };

/// The roll of the first move of `events`, and whether it took its target.
fn roll(events: &[Event]) -> (Option<crate::game::Roll>, bool) {
    match events.first() {
        Some(Event::Played {
            event: Did::Attack { roll, taken },
            ..
        }) => (*roll, *taken),
        other => panic!("not an attack: {other:?}"),
    }
}

/// A seed under which [`ATTACK`] (4 dice against 5) is held.
fn losing_seed() -> u64 {
    (0..100)
        .find(|&seed| {
            let mut s = Session::new(lol4(), seed);
            !roll(&s.apply(Command::Play(ATTACK)).unwrap()).1
        })
        .expect("a seed whose attack is held")
}

#[test]
fn attack_lose_undo_attack_again_rolls_the_same_dice() {
    let seed = losing_seed();
    let mut s = Session::new(lol4(), seed);
    let lost = roll(&s.apply(Command::Play(ATTACK)).unwrap());
    assert!(!lost.1 && lost.0.is_some());
    let undone = s.apply(Command::Undo).unwrap();
    assert_eq!(undone, [Event::Undone(vec![(Player::A, ATTACK)])]);
    assert_eq!(s.position(), s.record().start());
    assert_eq!(roll(&s.apply(Command::Play(ATTACK)).unwrap()), lost);
}

#[test]
fn the_same_roll_after_a_save_and_a_resume() {
    let seed = losing_seed();
    let store = Memory::default();
    let mut s = Session::new(lol4(), seed).with_store(Box::new(store.clone()));
    let first = roll(&s.apply(Command::Play(ATTACK)).unwrap());
    s.apply(Command::Undo).unwrap();
    // The record kept after the undo, written, read back and continued.
    let text = store.kept.lock().unwrap().last().unwrap().to_string();
    let read = Record::parse(&text).unwrap();
    assert!(read.plays().is_empty());
    let mut resumed = Session::new(read, seed);
    assert_eq!(roll(&resumed.apply(Command::Play(ATTACK)).unwrap()), first);
    // And a game resumed after the attack goes on from its roll.
    let text = s.record().to_string();
    let mut after = Session::new(Record::parse(&text).unwrap(), seed);
    assert_eq!(after.position(), s.position());
    assert_eq!(after.apply(Command::Undo).unwrap().len(), 1);
    assert_eq!(roll(&after.apply(Command::Play(ATTACK)).unwrap()), first);
}

#[test]
fn redo_plays_again_and_a_new_move_forgets_it() {
    let mut s = Session::new(lol4(), 3);
    s.apply(Command::Play(ATTACK)).unwrap();
    let after = (s.position(), s.record().clone());
    s.apply(Command::Undo).unwrap();
    let redone = s.apply(Command::Redo).unwrap();
    assert_eq!(redone, [Event::Redone(vec![(Player::A, ATTACK)])]);
    assert_eq!((s.position(), s.record().clone()), after);
    assert_eq!(s.apply(Command::Redo).unwrap(), [Event::NothingToRedo]);
    s.apply(Command::Undo).unwrap();
    s.apply(Command::Play(Move::Attack { from: 0, to: 1 }))
        .unwrap();
    assert_eq!(s.apply(Command::Redo).unwrap(), [Event::NothingToRedo]);
    s.apply(Command::Undo).unwrap();
    assert_eq!(
        s.apply(Command::Undo).unwrap(),
        [Event::NothingToUndo { played: false }]
    );
}

#[test]
fn against_the_computer_undo_goes_back_to_the_person_s_turn() {
    // Board A of the figures: a attacks and ends her turn, the computer
    // (b) answers; an undo takes back b's moves and a's end of turn.
    let rules = Rules::classic(3, 2, 3).unwrap();
    let board = "a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let players = PlayerSet::single(Player::B);
    let seats = Seats::new(AiKind::Greedy, players, 2, 1, Budget::nodes(1_000));
    let mut s = Session::new(Record::new(rules, start, Vec::new()), 0).with_seats(seats);
    assert_eq!(s.computer_to_move(), None);
    s.apply(Command::Play(s.position().moves(s.rules())[0]))
        .unwrap();
    s.apply(Command::Play(Move::Pass)).unwrap();
    while s.computer_to_move().is_some() {
        let events = s.computer_move().unwrap();
        assert!(matches!(events[0], Event::Played { computer: true, .. }));
    }
    let undone = s.apply(Command::Undo).unwrap();
    let Event::Undone(moves) = &undone[0] else {
        panic!("{undone:?}")
    };
    assert_eq!(moves[0], (Player::A, Move::Pass));
    assert!(moves[1..].iter().all(|(p, _)| *p == Player::B));
    assert_eq!(
        (s.record().plays().len(), s.position().player()),
        (1, Player::A)
    );
    // A person's move for the computer is refused where it has none.
    let mut people = Session::new(lol4(), 0);
    assert_eq!(
        people.computer_move(),
        Err(SessionError::NoComputerMove(Player::A))
    );
}

#[test]
fn hints_come_from_the_hint_opponent_or_say_there_are_none() {
    let seats = Seats::new(AiKind::Greedy, PlayerSet::EMPTY, 2, 1, Budget::nodes(100));
    let mut s = Session::new(lol4(), 0).with_seats(seats);
    let hint = s.apply(Command::Hint).unwrap();
    let [Event::Hints { name, analysis }] = &hint[..] else {
        panic!("{hint:?}")
    };
    assert_eq!(*name, "greedy");
    assert_eq!(analysis.moves.len(), s.position().moves(s.rules()).len());
    let mut none = Session::new(lol4(), 0);
    assert_eq!(none.apply(Command::Hint).unwrap(), [Event::NoHints]);
    assert_eq!(none.apply(Command::Quit).unwrap(), [Event::Left(Player::A)]);
}

#[test]
fn the_game_is_kept_after_every_change_and_a_failure_is_said() {
    let store = Memory::default();
    let mut s = Session::new(lol4(), 0).with_store(Box::new(store.clone()));
    s.apply(Command::Play(ATTACK)).unwrap();
    s.apply(Command::Undo).unwrap();
    s.apply(Command::Redo).unwrap();
    s.apply(Command::Hint).unwrap();
    assert_eq!(s.apply(Command::Save).unwrap(), [Event::Saved]);
    let kept = store.kept.lock().unwrap().clone();
    let lens: Vec<usize> = kept.iter().map(|r| r.plays().len()).collect();
    assert_eq!(lens, [1, 0, 1, 1]);
    assert_eq!(kept.last(), Some(s.record()));
    let failing = Memory {
        fail: true,
        ..Memory::default()
    };
    let mut s = Session::new(lol4(), 0).with_store(Box::new(failing));
    let events = s.apply(Command::Play(ATTACK)).unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::SaveFailed(
            "This game is not being saved: disk full.".into()
        ))
    );
}

#[test]
fn a_replay_continued_keeps_its_first_moves_and_rolls_the_seed_s_dice() {
    let mut s = Session::new(lol4(), 4);
    s.apply(Command::Play(ATTACK)).unwrap();
    let next = *s.position().moves(s.rules()).last().unwrap();
    assert!(matches!(next, Move::Attack { .. }), "{next:?}");
    let played = s.apply(Command::Play(next)).unwrap();
    let mut c = Session::continued(s.record().clone(), 1, 4);
    assert_eq!(c.record().plays(), &s.record().plays()[..1]);
    assert_eq!(c.apply(Command::Play(next)).unwrap(), played);
    let over = Session::new(lol4(), 0);
    assert_eq!(over.winners(), None);
}

#[test]
fn a_record_read_back_and_stepped_through_keeps_the_rest_to_redo() {
    let mut s = Session::new(lol4(), 6);
    s.apply(Command::Play(ATTACK)).unwrap();
    s.apply(Command::Play(Move::Pass)).unwrap();
    let whole = s.record().clone();
    // Read back play by play, as written.
    let mut r = Session::new(
        Record::new(whole.rules().clone(), whole.start(), Vec::new()),
        6,
    );
    for &play in whole.plays() {
        r.play_recorded(play).unwrap();
    }
    assert_eq!(r.record(), &whole);
    // A roll that does not fit its attack is refused.
    let mut bad = whole.plays()[0];
    bad.roll = crate::game::Roll::new(&[6], &[1]);
    let mut refused = Session::new(lol4(), 6);
    assert_eq!(
        refused.play_recorded(bad),
        Err(SessionError::Illegal(IllegalMove { mv: ATTACK }))
    );
    // Stepped back to the start and forward again, the record follows.
    r.go_to(0);
    assert!(r.record().plays().is_empty());
    assert_eq!(r.timeline().len(), 2);
    r.go_to(1);
    assert_eq!(r.record().plays(), &whole.plays()[..1]);
    r.go_to(5);
    assert_eq!(r.record(), &whole);
}

#[test]
fn players_moved_elsewhere_are_the_computer_s_for_undo() {
    // Practice, so that undo may take back the rolls.
    let mut s = Session::new(practice(lol4()), 2);
    s.set_seats(Seats::elsewhere(PlayerSet::single(Player::B)));
    assert_eq!(s.computers(), PlayerSet::single(Player::B));
    s.apply(Command::Play(Move::Attack { from: 0, to: 1 }))
        .unwrap();
    s.apply(Command::Play(Move::Pass)).unwrap();
    assert_eq!(s.computer_to_move(), Some(Player::B));
    // Its move, thought out elsewhere, played here.
    let mv = s.position().moves(s.rules())[0];
    let events = s.play(mv, true).unwrap();
    assert!(matches!(events[0], Event::Played { computer: true, .. }));
    let undone = s.apply(Command::Undo).unwrap();
    let Event::Undone(moves) = &undone[0] else {
        panic!("{undone:?}")
    };
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(s.position().player(), Player::A);
}

/// `record` as a practice game.
fn practice(mut record: Record) -> Record {
    record.tags_mut().practice = true;
    record
}

/// Under dice, against the computer: a lost attack, then undo (issue 36:
/// undo, another attack, then the lost one again rolled new dice).
fn lost_attack_against_the_computer(record: Record) -> Session {
    let seed = losing_seed();
    let seats = Seats::elsewhere(PlayerSet::single(Player::B));
    let mut s = Session::new(record, seed).with_seats(seats);
    assert!(!roll(&s.apply(Command::Play(ATTACK)).unwrap()).1);
    s
}

#[test]
fn against_the_computer_a_roll_once_shown_stands() {
    let mut s = lost_attack_against_the_computer(lol4());
    assert!(s.undo_refused());
    let before = (s.record().clone(), s.position());
    assert_eq!(s.apply(Command::Undo).unwrap(), [Event::UndoRefused]);
    assert_eq!(
        (s.record().clone(), s.position()),
        before,
        "nothing taken back"
    );
    assert_eq!(s.apply(Command::Redo).unwrap(), [Event::NothingToRedo]);
    // Nor after the turn ends and the computer has rolled: its rolls
    // stand too.
    s.apply(Command::Play(Move::Pass)).unwrap();
    let mv = s.position().moves(s.rules())[0];
    s.play(mv, true).unwrap();
    assert_eq!(s.apply(Command::Undo).unwrap(), [Event::UndoRefused]);
}

#[test]
fn a_practice_game_takes_rolls_back_and_its_record_says_so() {
    let mut s = lost_attack_against_the_computer(practice(lol4()));
    assert!(s.practice() && !s.undo_refused());
    let undone = s.apply(Command::Undo).unwrap();
    assert_eq!(undone, [Event::Undone(vec![(Player::A, ATTACK)])]);
    let text = s.record().to_string();
    assert!(text.contains("\npractice: yes\n"), "{text}");
    assert!(Record::parse(&text).unwrap().tags().practice);
}

#[test]
fn people_at_one_keyboard_and_classic_rules_undo_as_before() {
    // People only, under dice: the lost attack is taken back.
    let mut people = Session::new(lol4(), losing_seed());
    people.apply(Command::Play(ATTACK)).unwrap();
    assert!(!people.undo_refused());
    assert!(matches!(
        people.apply(Command::Undo).unwrap()[0],
        Event::Undone(_)
    ));
    // Classic rules (no dice), against the computer: taken back.
    let rules = Rules::classic(2, 2, 3).unwrap();
    let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    let seats = Seats::elsewhere(PlayerSet::single(Player::B));
    let mut classic = Session::new(Record::new(rules, start, Vec::new()), 0).with_seats(seats);
    classic
        .apply(Command::Play(Move::Attack { from: 2, to: 3 }))
        .unwrap();
    assert!(!classic.undo_refused());
    assert!(matches!(
        classic.apply(Command::Undo).unwrap()[0],
        Event::Undone(_)
    ));
}
