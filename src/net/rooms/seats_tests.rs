//! Seats: connections counted, seats bound to a key or a secret, the
//! binding kept in the record and gone with a seat opened after its hold.

use super::*;
use crate::game::RuleSet;
use crate::net::lobby::new_game;
use crate::session::Board;

/// Rooms in `dir`, seats held `hold`, and a new game of two people.
fn game(dir: &std::path::Path, hold: Duration) -> (Arc<Rooms>, Arc<Room>) {
    let config = RoomsConfig {
        workers: 1,
        seat_hold: hold,
        ..RoomsConfig::default()
    };
    let rooms = Rooms::open_with(dir.to_path_buf(), 7, config).unwrap();
    let mut new = new_game(RuleSet::Classic);
    new.board = Board::Hexagons(2);
    let room = rooms.create(&new).unwrap();
    (rooms, room)
}

fn keyed(name: &str, key: &str) -> Who {
    Who {
        name: name.to_string(),
        key: Some(key.to_string()),
    }
}

fn told(room: &Room, notice: &str) -> bool {
    room.view().notices.iter().any(|n| n == notice)
}

#[test]
fn a_seat_is_away_only_when_its_last_connection_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let (rooms, room) = game(dir.path(), SEAT_HOLD);
    let ann = keyed("ann", "SHA256:one");
    assert_eq!(room.claim(&ann, None).unwrap().seat, Player::A);
    assert_eq!(room.claim(&ann, None).unwrap().seat, Player::A);
    room.leave(Player::A);
    assert!(!told(&room, "a disconnected, waiting"));
    assert!(
        rooms.list().iter().any(|l| l.contains("a: ann,")),
        "{:?}",
        rooms.list()
    );
    room.leave(Player::A);
    assert!(told(&room, "a disconnected, waiting"));
    assert!(rooms.list().iter().any(|l| l.contains("a: ann (away)")));
    // A leave too many changes nothing.
    room.leave(Player::A);
    assert_eq!(room.claim(&ann, None).unwrap().seat, Player::A);
    assert!(told(&room, "a (ann) is back"));
}

#[test]
fn a_seat_taken_with_a_key_is_that_key_s() {
    let dir = tempfile::tempdir().unwrap();
    let (rooms, room) = game(dir.path(), SEAT_HOLD);
    let ann = keyed("ann", "SHA256:one");
    let taken = room.claim(&ann, None).unwrap();
    assert_eq!(taken.secret, None, "a key needs no secret");
    let thief = keyed("ann", "SHA256:two");
    let refused = room.claim(&thief, None).unwrap_err();
    assert!(
        matches!(refused, JoinError::OtherKey { seat: 'a', .. }),
        "{refused}"
    );
    assert!(
        room.claim(&Who::named("ann"), None).is_err(),
        "nor without a key"
    );
    assert_eq!(
        rooms.name_bound_elsewhere(&thief),
        Some(room.code().to_string())
    );
    assert_eq!(rooms.name_bound_elsewhere(&ann), None);
    assert_eq!(
        rooms.name_bound_elsewhere(&keyed("bob", "SHA256:two")),
        None
    );
    // The binding is in the record: a restarted server keeps it.
    room.leave(Player::A);
    let record = std::fs::read_to_string(dir.path().join(format!("{}.txt", room.code()))).unwrap();
    assert!(record.contains("net seat a ann key SHA256:one"), "{record}");
    drop((rooms, room));
    let again = Rooms::open(dir.path().to_path_buf(), 8).unwrap();
    let resumed = again
        .codes()
        .into_iter()
        .next()
        .and_then(|c| again.get(&c))
        .unwrap();
    assert!(resumed.claim(&thief, None).is_err());
    assert_eq!(resumed.claim(&ann, None).unwrap().seat, Player::A);
}

#[test]
fn a_seat_taken_without_a_key_is_bound_to_a_secret_shown_once() {
    let dir = tempfile::tempdir().unwrap();
    let (rooms, room) = game(dir.path(), SEAT_HOLD);
    let ann = Who::named("ann");
    let secret = room.claim(&ann, None).unwrap().secret.expect("a secret");
    assert_eq!(secret.len(), SECRET_LENGTH);
    assert!(secret.bytes().all(|b| SECRET_LETTERS.contains(&b)));
    let refused = room.claim(&ann, None).unwrap_err();
    assert!(
        matches!(refused, JoinError::Secret { seat: 'a', .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("ann+"), "{refused}");
    assert!(room.claim(&ann, Some("x")).is_err());
    let again = room.claim(&ann, Some(&secret)).unwrap();
    assert_eq!(
        again,
        Seated {
            seat: Player::A,
            secret: None
        }
    );
    // A second player gets a secret of their own.
    let bob = room.claim(&Who::named("bob"), None).unwrap();
    assert_eq!(bob.seat, Player::B);
    assert_ne!(bob.secret.as_deref(), Some(secret.as_str()));
    assert!(room.claim(&Who::named("bob"), Some(&secret)).is_err());
    // The record keeps a hash of the secret, never the secret.
    let record = std::fs::read_to_string(dir.path().join(format!("{}.txt", room.code()))).unwrap();
    assert!(record.contains("net seat a ann secret "), "{record}");
    assert!(!record.contains(&secret), "{record}");
    // No name bound to a key here.
    assert_eq!(
        rooms.name_bound_elsewhere(&keyed("ann", "SHA256:one")),
        None
    );
}

#[test]
fn a_seat_held_past_its_hold_opens_to_anyone_its_binding_gone() {
    let dir = tempfile::tempdir().unwrap();
    let (_rooms, room) = game(dir.path(), SEAT_HOLD);
    let ann = keyed("ann", "SHA256:one");
    room.claim(&ann, None).unwrap();
    room.claim(&keyed("bob", "SHA256:two"), None).unwrap();
    // Whoever is connected keeps the seat, however long.
    let later = || Instant::now() + 2 * SEAT_HOLD;
    assert!(!room.lock().open_expired(room.code(), SEAT_HOLD, later()));
    assert!(matches!(
        room.claim(&Who::named("cy"), None),
        Err(JoinError::Full(_))
    ));
    room.leave(Player::A);
    assert!(
        !room
            .lock()
            .open_expired(room.code(), SEAT_HOLD, Instant::now()),
        "held"
    );
    assert!(room.claim(&Who::named("cy"), None).is_err());
    assert!(room.lock().open_expired(room.code(), SEAT_HOLD, later()));
    let cy = room.claim(&Who::named("cy"), None).unwrap();
    assert_eq!(cy.seat, Player::A);
    assert!(cy.secret.is_some());
    let record = std::fs::read_to_string(dir.path().join(format!("{}.txt", room.code()))).unwrap();
    assert!(!record.contains("SHA256:one"), "{record}");
    assert!(
        room.claim(&ann, None).is_err(),
        "ann's binding went with the seat"
    );
}

#[test]
fn a_record_of_an_older_server_binds_its_seats_at_the_next_claim() {
    let mut tags = Tags::default();
    tags.comments.push(" net seat a ann".to_string());
    tags.comments
        .push(" net seat b bob key SHA256:x".to_string());
    let book = Book::resumed(&tags, Instant::now());
    assert_eq!(book.owners[&Player::A].bond, Bond::Name);
    assert_eq!(
        book.owners[&Player::B].bond,
        Bond::Key("SHA256:x".to_string())
    );
    assert_eq!(
        tags_with_owners(&Tags::default(), &book.owners).comments,
        tags.comments
    );
}
