//! Rooms freed when finished or abandoned, brought back by their code;
//! finished games' codes free again; games per person and per address.

use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;

use super::*;
use crate::ai::AiKind;
use crate::game::RuleSet;
use crate::net::lobby::new_game;
use crate::session::{Board, Seating};

/// A classic game of two rows, the computer at `computers`.
fn classic(computers: PlayerSet) -> NewGame {
    let mut new = new_game(RuleSet::Classic);
    new.board = Board::Hexagons(2);
    new.computer.seats = Seating::These(computers);
    new.computer.ai = Some(AiKind::Search);
    new.computer.budget = Budget::time(Duration::from_millis(THINK_MILLIS.0));
    new
}

/// Rooms whose seats are held (and games unfollowed kept) for `hold`,
/// their computer playing the first legal move at once.
fn rooms_with(dir: &Path, seed: u64, hold: Duration, quota: Quota) -> Arc<Rooms> {
    let config = RoomsConfig {
        workers: 1,
        seat_hold: hold,
        quota,
        ..RoomsConfig::default()
    };
    let rooms = Rooms::open_with(dir.to_path_buf(), seed, config).unwrap();
    rooms.think_with(Arc::new(|_: &Record, _| -> Thinker {
        Box::new(|rules, at| at.moves(rules).first().copied())
    }));
    rooms
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

/// Plays `seat`'s first legal move at each of its turns until the game is
/// over (the computer playing the other seat).
fn play_to_the_end(room: &Room, seat: Player) {
    for _ in 0..100_000 {
        let view = room.view();
        if view.record.is_over() {
            return;
        }
        let plays = view.record.plays().len();
        if view.record.end().player() == seat {
            let mv = view.record.end().moves(view.record.rules())[0];
            let _ = room.play(seat, plays, mv);
        } else {
            assert!(
                room.wait(plays, usize::MAX, Duration::from_secs(20))
                    .is_some(),
                "the computer moves"
            );
        }
    }
    panic!("the game did not end");
}

fn names(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_finished_room_is_freed_once_nobody_follows_it_and_its_record_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = rooms_with(dir.path(), 1, SEAT_HOLD, Quota::default());
    let room = rooms
        .create(&classic(PlayerSet::single(Player::B)))
        .unwrap();
    let code = room.code().to_string();
    assert_eq!(
        room.claim(&Who::named("ann"), None).map(|s| s.seat),
        Ok(Player::A)
    );
    play_to_the_end(&room, Player::A);
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(rooms.codes(), std::slice::from_ref(&code), "followed: kept");
    room.leave(Player::A);
    drop(room);
    assert!(until(|| rooms.codes().is_empty()), "freed");
    assert!(!dir.path().join(format!("{code}.txt")).exists());
    let finished = names(&dir.path().join(folder::FINISHED));
    assert!(
        finished.len() == 1 && finished[0].starts_with(&format!("{code}-")),
        "{finished:?}"
    );
    assert!(rooms.get(&code).is_none(), "no game of that code now");
}

#[test]
fn a_finished_games_code_is_drawn_again_after_a_restart() {
    let seed = 9;
    let first = {
        let scratch = tempfile::tempdir().unwrap();
        let rooms = rooms_with(scratch.path(), seed, SEAT_HOLD, Quota::default());
        let code = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
        code.code().to_string()
    };
    let dir = tempfile::tempdir().unwrap();
    let over = folder::tests::record(3, true).to_string();
    std::fs::write(dir.path().join(format!("{first}.txt")), over).unwrap();
    let rooms = rooms_with(dir.path(), seed, SEAT_HOLD, Quota::default());
    let again = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
    assert_eq!(again.code(), first, "the finished game's code is free");
    assert_eq!(names(&dir.path().join(folder::FINISHED)).len(), 1);
}

#[test]
fn an_abandoned_game_is_put_away_and_brought_back_by_its_code() {
    let dir = tempfile::tempdir().unwrap();
    let hold = Duration::from_millis(40);
    let rooms = rooms_with(dir.path(), 2, hold, Quota::default());
    let room = rooms.create(&classic(PlayerSet::EMPTY)).unwrap();
    let code = room.code().to_string();
    room.claim(&Who::named("ann"), None)
        .map(|s| s.seat)
        .unwrap();
    let mv = room.view().record.end().moves(room.view().record.rules())[0];
    room.play(Player::A, 0, mv).unwrap();
    room.leave(Player::A);
    let weak = Arc::downgrade(&room);
    drop(room);
    assert!(until(|| rooms.codes().is_empty()), "put away");
    assert!(weak.upgrade().is_none(), "its memory given back");
    assert!(dir.path().join(format!("{code}.txt")).exists(), "kept");
    let back = rooms.get(&code.to_lowercase()).expect("brought back");
    assert_eq!(back.view().record.plays().len(), 1, "the move kept");
    assert_eq!(rooms.codes(), [code]);
    assert_eq!(
        back.claim(&Who::named("bob"), None).map(|s| s.seat),
        Ok(Player::A),
        "the seat held too long"
    );
}

#[test]
fn a_person_and_an_address_may_have_only_so_many_games_and_computers() {
    let dir = tempfile::tempdir().unwrap();
    let quota = Quota {
        games_per_person: 2,
        games_per_address: 3,
        computers_per_person: 1,
        computers_per_address: 10,
    };
    let rooms = rooms_with(dir.path(), 3, SEAT_HOLD, quota);
    let by = |name: &str, last: u8| Creator {
        name: name.to_string(),
        address: IpAddr::V4(Ipv4Addr::new(10, 0, 0, last)),
    };
    let plain = classic(PlayerSet::EMPTY);
    let mut kept = Vec::new();
    for _ in 0..2 {
        kept.push(rooms.create_by(&plain, &by("ann", 1)).unwrap());
    }
    let refused = rooms.create_by(&plain, &by("ann", 2)).unwrap_err();
    assert_eq!(
        refused,
        "ann already has 2 games in play here, the most one person may have"
    );
    kept.push(rooms.create_by(&plain, &by("bob", 1)).unwrap());
    let refused = rooms.create_by(&plain, &by("cy", 1)).unwrap_err();
    assert!(
        refused.starts_with("your address already has 3 games"),
        "{refused}"
    );
    let computer = classic(PlayerSet::single(Player::B));
    kept.push(rooms.create_by(&computer, &by("dee", 4)).unwrap());
    let refused = rooms.create_by(&computer, &by("dee", 4)).unwrap_err();
    assert!(
        refused.contains("computer seats would give dee 2"),
        "{refused}"
    );
    assert_eq!(rooms.codes().len(), 4);
}
