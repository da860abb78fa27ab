//! The rooms: seats, moves kept and resumed, the computer's pool, seats held.

use super::*;
use crate::ai::AiKind;
use crate::game::RuleSet;
use crate::net::lobby::new_game;
use crate::session::{Board, RandomMap, Seating};
use std::path::Path;

/// A classic game of two rows, the computer at `computers` (its default
/// opponent, the fastest time).
fn classic(computers: PlayerSet) -> NewGame {
    let mut new = new_game(RuleSet::Classic);
    new.board = Board::Hexagons(2);
    new.computer.seats = Seating::These(computers);
    new.computer.ai = Some(AiKind::Search);
    new.computer.budget = Budget::time(Duration::from_millis(THINK_MILLIS.0));
    new
}

#[test]
fn seats_are_claimed_kept_on_a_drop_and_taken_back_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 1).unwrap();
    let room = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
    assert_eq!(room.claim("ann"), Ok(Player::A));
    assert_eq!(room.claim("bob"), Ok(Player::B));
    assert!(matches!(room.claim("cy"), Err(JoinError::Full(_))));
    room.leave(Player::B);
    assert!(
        room.view()
            .notices
            .iter()
            .any(|n| n == "b disconnected, waiting")
    );
    assert!(matches!(room.claim("cy"), Err(JoinError::Full(_))));
    assert_eq!(room.claim("bob"), Ok(Player::B));
    assert_eq!(
        rooms
            .get(&room.code().to_lowercase())
            .map(|r| r.code().to_string()),
        Some(room.code().to_string())
    );
}

#[test]
fn a_move_is_checked_kept_and_resumed_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 2).unwrap();
    let room = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
    room.claim("ann").unwrap();
    let view = room.view();
    let mv = view.record.end().moves(view.record.rules())[0];
    assert_eq!(
        room.play(Player::B, 0, mv),
        Err(TableError::NotYourTurn(Player::B))
    );
    assert_eq!(room.play(Player::A, 1, mv), Err(TableError::Stale(0)));
    room.play(Player::A, 0, mv).unwrap();
    assert!(room.wait(0, usize::MAX, Duration::ZERO).is_some());
    let again = Rooms::open(dir.path().to_path_buf(), 3).unwrap();
    let resumed = again.get(room.code()).unwrap();
    assert_eq!(resumed.view().record.plays().len(), 1);
    assert_eq!(
        resumed.claim("ann"),
        Ok(Player::A),
        "the seat's name was kept"
    );
}

#[test]
fn the_computer_plays_its_seats_on_the_pool() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 4).unwrap();
    let room = rooms
        .create(&classic(PlayerSet::single(Player::A)))
        .unwrap();
    let view = room.wait(0, usize::MAX, Duration::from_secs(20));
    assert!(view.is_some_and(|v| !v.record.plays().is_empty()));
}

/// Rooms run by `workers` threads, seats held for `hold`.
fn rooms_with(dir: &Path, workers: usize, hold: Duration) -> Arc<Rooms> {
    let config = RoomsConfig {
        workers,
        seat_hold: hold,
        ..RoomsConfig::default()
    };
    Rooms::open_with(dir.to_path_buf(), 5, config).unwrap()
}

/// A computer that plays the first legal move at once.
fn quick() -> Brains {
    Arc::new(|_: &Record, _| -> Thinker { Box::new(|rules, at| at.moves(rules).first().copied()) })
}

/// Waits (at most 20 s) until `done`.
fn until(mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    true
}

#[test]
fn more_computer_rooms_than_workers_all_move() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = rooms_with(dir.path(), 1, SEAT_HOLD);
    rooms.think_with(quick());
    // A person at b (a game is never the computer's alone): each game's
    // computer plays a's turn to its end.
    let games: Vec<Arc<Room>> = (0..4)
        .map(|_| {
            rooms
                .create(&classic(PlayerSet::single(Player::A)))
                .unwrap()
        })
        .collect();
    let moved = |r: &Arc<Room>| {
        let view = r.view();
        view.record.end().player() == Player::B || view.record.is_over()
    };
    assert!(
        until(|| games.iter().all(moved)),
        "every game moved, one thread for all"
    );
}

#[test]
fn a_room_answers_while_its_computer_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = rooms_with(dir.path(), 1, SEAT_HOLD);
    let (go, think) = std::sync::mpsc::channel::<()>();
    let think = Arc::new(Mutex::new(think));
    rooms.think_with(Arc::new(move |_: &Record, _| -> Thinker {
        let think = Arc::clone(&think);
        Box::new(move |rules, at| {
            // Thinks until the test lets it answer.
            let _ = think.lock().unwrap().recv();
            at.moves(rules).first().copied()
        })
    }));
    let room = rooms
        .create(&classic(PlayerSet::single(Player::A)))
        .unwrap();
    assert!(until(|| room.thinking()), "the computer starts thinking");
    assert_eq!(room.claim("bob"), Ok(Player::B), "a claim is answered");
    assert!(room.view().record.plays().is_empty());
    assert!(
        rooms.list().iter().any(|l| l.contains("b: bob")),
        "so is the lobby"
    );
    assert!(room.thinking(), "all while the computer thinks");
    go.send(()).unwrap();
    assert!(room.wait(0, usize::MAX, Duration::from_secs(20)).is_some());
    assert_eq!(room.view().record.plays().len(), 1, "then it moves");
}

#[test]
fn a_seat_held_too_long_is_open_to_anyone_and_everyone_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = rooms_with(dir.path(), 1, Duration::from_millis(100));
    let room = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
    room.claim("ann").unwrap();
    room.claim("bob").unwrap();
    room.leave(Player::B);
    let told = |r: &Room| {
        r.view()
            .notices
            .iter()
            .any(|n| n.contains("b's seat is open"))
    };
    assert!(!told(&room));
    assert!(until(|| told(&room)), "the others are told, unasked");
    assert_eq!(room.claim("cy"), Ok(Player::B), "anyone may take it");
    assert!(rooms.list().iter().any(|l| l.contains("b: cy")));
    room.leave(Player::A);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        room.claim("bob"),
        Ok(Player::A),
        "bob comes back too late: a's seat, open"
    );
}

#[test]
fn stopping_closes_the_rooms_with_a_word_and_keeps_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = rooms_with(dir.path(), 1, SEAT_HOLD);
    let room = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
    room.claim("ann").unwrap();
    let view = room.view();
    room.play(
        Player::A,
        0,
        view.record.end().moves(view.record.rules())[0],
    )
    .unwrap();
    assert_eq!(rooms.stop("the server is stopping"), Ok(()));
    let view = room.view();
    assert!(
        view.closed
            && view
                .notices
                .last()
                .is_some_and(|n| n == "the server is stopping")
    );
    let again = Rooms::open(dir.path().to_path_buf(), 6).unwrap();
    assert_eq!(
        again
            .get(room.code())
            .map(|r| r.view().record.plays().len()),
        Some(1)
    );
}

#[test]
fn a_game_is_made_with_its_board_players_opponents_and_time_and_resumed_alike() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 5).unwrap();
    let b = Player::B;
    let c = Player::from_letter('c').unwrap();
    let mut new = new_game(RuleSet::Lol4);
    new.board = Board::Hexagons(3);
    new.players = 3;
    new.computer.seats = Seating::These([b, c].into_iter().collect());
    new.computer.own = [(b, AiKind::Random), (c, AiKind::Lol4)].into();
    new.computer.budget = Budget::time(Duration::from_millis(200));
    let room = rooms.create(&new).unwrap();
    let record = room.view().record;
    assert_eq!(
        (record.rules().players(), record.rules().map().rows()),
        (3, 3)
    );
    let budget = Budget::time(Duration::from_millis(200));
    let seats = [
        Seat::Person,
        Seat::Computer {
            ai: AiKind::Random,
            budget,
        },
        Seat::Computer {
            ai: AiKind::Lol4,
            budget,
        },
    ];
    assert_eq!(record.seats(), seats);
    room.close();
    let again = Rooms::open(dir.path().to_path_buf(), 6).unwrap();
    let resumed = again.get(room.code()).unwrap();
    assert_eq!(resumed.view().record.seats(), seats, "a restart keeps them");
    assert!(
        resumed
            .summary()
            .contains("b: computer random, c: computer lol4"),
        "{}",
        resumed.summary()
    );
    resumed.close();
}

#[test]
fn dicewars_is_dealt_on_a_random_map_of_the_territories_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 7).unwrap();
    let original = rooms.create(&new_game(RuleSet::Dicewars)).unwrap();
    assert_eq!(original.view().record.rules().players(), 7);
    let mut new = new_game(RuleSet::Dicewars);
    new.board = Board::RandomMap(RandomMap {
        territories: Some(12),
        ..RandomMap::default()
    });
    new.players = 3;
    let small = rooms.create(&new).unwrap();
    assert!(small.view().record.rules().map().len() <= 12);
    assert_eq!(small.view().record.rules().players(), 3);
}

#[test]
fn a_game_the_rules_or_bounds_refuse_is_not_made() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = Rooms::open(dir.path().to_path_buf(), 8).unwrap();
    let refused = |new: &NewGame| rooms.create(new).unwrap_err();
    let classic = new_game(RuleSet::Classic);
    let mut slow = classic.clone();
    slow.computer.budget = Budget::time(Duration::from_secs(11));
    assert!(refused(&slow).contains("0.1 to 10 s"), "{}", refused(&slow));
    let mut counted = classic.clone();
    counted.computer.budget = Budget::nodes(1000);
    assert!(refused(&counted).contains("0.1 to 10 s"));
    let rows = NewGame {
        board: Board::Hexagons(1),
        players: 3,
        ..classic.clone()
    };
    assert!(!refused(&rows).is_empty());
    // A client never has the server read a file.
    let file = NewGame {
        board: Board::MapFile("/etc/passwd".into()),
        ..classic.clone()
    };
    assert!(
        refused(&file).contains("not a map file"),
        "{}",
        refused(&file)
    );
    let mut seat = classic.clone();
    seat.computer.seats = Seating::These(PlayerSet::single(Player::from_letter('c').unwrap()));
    assert!(refused(&seat).contains("no seat c"), "{}", refused(&seat));
    let mut all = classic;
    all.computer.seats = Seating::All;
    assert!(refused(&all).contains("leave one for a person"));
    assert!(rooms.codes().is_empty(), "nothing was made");
}
