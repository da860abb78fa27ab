//! The games of a server: each a [`Room`] with a short code, its
//! authoritative [`Session`] kept in a record under the data directory's
//! `net/` folder as moves happen, its seats claimed by user names, and a
//! thread of its own that plays its computer seats.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use crate::ai::{AiKind, Budget};
use crate::game::{Move, Player, deal_game};
use crate::record::{Record, Seat, Tags};

mod new_game;

use crate::session::{Seats, Session, Store, Table, TableError, TableView};
pub use new_game::{BoardSize, NewGame, THINK_MILLIS};

/// What the computer may spend on a move in a network game.
pub const COMPUTER_BUDGET: Budget = Budget {
    time: Some(Duration::from_millis(500)),
    nodes: None,
};

/// The comment line of a record that names a seat's player: `net seat a alice`.
const SEAT_TAG: &str = "net seat ";

/// Why a seat could not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    /// Every person's seat has a connected player.
    #[error("every seat of game {0} is taken (try `watch {0}`)")]
    Full(String),
    /// The game is over.
    #[error("game {0} is over")]
    Over(String),
}

/// A game of the server (see the [module](self)).
#[derive(Debug)]
pub struct Room {
    code: String,
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug)]
struct State {
    session: Session,
    notices: Vec<String>,
    closed: bool,
    /// The user name at each person's seat claimed so far.
    owners: BTreeMap<Player, String>,
    /// The seats whose player is connected now.
    connected: BTreeSet<Player>,
}

/// Writes a room's record, whole, into its file at every change.
struct FileStore {
    path: PathBuf,
    warning: Option<String>,
}

impl Store for FileStore {
    fn save(&mut self, record: &Record) -> Result<(), String> {
        let result = write_atomically(&self.path, &record.to_string());
        self.warning = result.as_ref().err().cloned();
        result
    }

    fn warning(&self) -> Option<String> {
        self.warning.clone()
    }
}

fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let why = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(why)?;
    file.write_all(text.as_bytes()).map_err(why)?;
    file.persist(path).map_err(|e| why(e.error))?;
    Ok(())
}

impl Room {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room's code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The lobby's line for the room: code, rules, board, seats.
    pub fn summary(&self) -> String {
        let state = self.lock();
        let record = state.session.record();
        let rules = record.rules();
        let seats: Vec<String> = Player::all(rules.players())
            .map(|p| {
                let who = if state.session.computers().contains(p) {
                    "computer".to_string()
                } else {
                    match state.owners.get(&p) {
                        Some(name) if state.connected.contains(&p) => name.clone(),
                        Some(name) => format!("{name} (away)"),
                        None => "free".to_string(),
                    }
                };
                format!("{}: {who}", p.letter())
            })
            .collect();
        let over = if record.is_over() { ", over" } else { "" };
        format!(
            "{}  {} {}{over}  {}",
            self.code,
            rules.set().name(),
            rules.map(),
            seats.join(", ")
        )
    }

    /// Whether the game is over or closed.
    pub fn is_over(&self) -> bool {
        let state = self.lock();
        state.closed || state.session.record().is_over()
    }

    /// Seats `user`: back at the seat of theirs (a reconnection), else at
    /// the first free person's seat.
    ///
    /// # Errors
    /// [`JoinError`] when the game is over or has no seat free.
    pub fn claim(&self, user: &str) -> Result<Player, JoinError> {
        let mut state = self.lock();
        if state.closed || state.session.record().is_over() {
            return Err(JoinError::Over(self.code.clone()));
        }
        let players = state.session.rules().players();
        let computers = state.session.computers();
        let mine = state
            .owners
            .iter()
            .find(|(_, name)| name.as_str() == user)
            .map(|(p, _)| *p);
        let seat = mine.or_else(|| {
            Player::all(players).find(|p| !computers.contains(*p) && !state.owners.contains_key(p))
        });
        let Some(seat) = seat else {
            return Err(JoinError::Full(self.code.clone()));
        };
        let back = mine.is_some();
        state.owners.insert(seat, user.to_string());
        state.connected.insert(seat);
        let notice = if back {
            format!("{} ({user}) is back", seat.letter())
        } else {
            format!("{user} sits at {}", seat.letter())
        };
        state.notices.push(notice);
        let tags = tags_with_owners(state.session.record().tags(), &state.owners);
        let seats = state.session.record().seats().to_vec();
        state.session.set_header(seats, tags);
        // The names are kept with the record; a failed save shows as the
        // store's warning, as it does for a move.
        let _ = state.session.apply(crate::session::Command::Save);
        drop(state);
        self.changed.notify_all();
        Ok(seat)
    }

    /// The player at `seat` dropped: the seat is kept for them.
    pub fn leave(&self, seat: Player) {
        let mut state = self.lock();
        if state.connected.remove(&seat) && !state.session.record().is_over() {
            state
                .notices
                .push(format!("{} disconnected, waiting", seat.letter()));
        }
        drop(state);
        self.changed.notify_all();
    }

    /// Plays the computer's seats until the game is over or closed (the
    /// room's own thread).
    fn play_computers(&self) {
        loop {
            let mut state = self.lock();
            if state.closed || state.session.record().is_over() {
                return;
            }
            if state.session.computer_to_move().is_some() {
                if state.session.computer_move().is_err() {
                    state.notices.push("the computer found no move".to_string());
                    state.closed = true;
                }
                drop(state);
                self.changed.notify_all();
                continue;
            }
            let (state, _) = self
                .changed
                .wait_timeout(state, Duration::from_secs(1))
                .unwrap_or_else(PoisonError::into_inner);
            drop(state);
        }
    }

    /// Closes the room: every front-end stops following it.
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }
}

fn tags_with_owners(tags: &Tags, owners: &BTreeMap<Player, String>) -> Tags {
    let mut tags = tags.clone();
    tags.comments
        .retain(|c| !c.trim_start().starts_with(SEAT_TAG));
    for (p, name) in owners {
        tags.comments
            .push(format!(" {SEAT_TAG}{} {name}", p.letter()));
    }
    tags
}

fn owners_of(tags: &Tags) -> BTreeMap<Player, String> {
    tags.comments
        .iter()
        .filter_map(|c| {
            let rest = c.trim_start().strip_prefix(SEAT_TAG)?;
            let (letter, name) = rest.split_once(' ')?;
            let player = Player::from_letter(letter.chars().next()?)?;
            Some((player, name.trim().to_string()))
        })
        .collect()
}

impl Table for Room {
    fn view(&self) -> TableView {
        let state = self.lock();
        TableView {
            record: state.session.record().clone(),
            notices: state.notices.clone(),
            closed: state.closed,
        }
    }

    fn play(&self, seat: Player, after: usize, mv: Move) -> Result<(), TableError> {
        let mut state = self.lock();
        if state.closed {
            return Err(TableError::Closed);
        }
        let plays = state.session.record().plays().len();
        if plays != after {
            return Err(TableError::Stale(plays));
        }
        let position = state.session.position();
        if state.session.record().is_over()
            || position.player() != seat
            || state.session.computers().contains(seat)
        {
            return Err(TableError::NotYourTurn(seat));
        }
        state
            .session
            .play(mv, false)
            .map_err(|_| TableError::Illegal)?;
        drop(state);
        self.changed.notify_all();
        Ok(())
    }

    fn wait(&self, plays: usize, notices: usize, timeout: Duration) -> Option<TableView> {
        let state = self.lock();
        let (state, _) = self
            .changed
            .wait_timeout_while(state, timeout, |s| {
                !s.closed && s.session.record().plays().len() <= plays && s.notices.len() <= notices
            })
            .unwrap_or_else(PoisonError::into_inner);
        let changed = state.closed
            || state.session.record().plays().len() > plays
            || state.notices.len() > notices;
        changed.then(|| TableView {
            record: state.session.record().clone(),
            notices: state.notices.clone(),
            closed: state.closed,
        })
    }
}

/// Every game of a server, by code.
#[derive(Debug)]
pub struct Rooms {
    dir: PathBuf,
    rooms: Mutex<BTreeMap<String, Arc<Room>>>,
    rng: Mutex<ChaCha8Rng>,
}

/// The letters of a room's code (no I or O, which read as digits).
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";

/// Whether `text` has the form of a room's code: four capitals of the
/// codes' letters.
pub fn is_code(text: &str) -> bool {
    text.len() == 4 && text.bytes().all(|b| CODE_LETTERS.contains(&b))
}

impl Rooms {
    /// The games kept in `dir` (the unfinished ones resumed, their
    /// computer seats playing again), new codes drawn from `seed`.
    ///
    /// # Errors
    /// The folder cannot be made or read.
    pub fn open(dir: PathBuf, seed: u64) -> std::io::Result<Arc<Rooms>> {
        std::fs::create_dir_all(&dir)?;
        let rooms = Arc::new(Rooms {
            dir,
            rooms: Mutex::new(BTreeMap::new()),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
        });
        let mut names: Vec<PathBuf> = std::fs::read_dir(&rooms.dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        names.sort();
        for path in names {
            let Some(code) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(record) = Record::parse(&text) else {
                continue;
            };
            if record.is_over() {
                continue;
            }
            let seed = rooms.draw_seed();
            rooms.start(code.to_string(), record, seed, path.clone());
        }
        Ok(rooms)
    }

    /// The unfinished games resumed, by code.
    pub fn codes(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<String, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn draw_seed(&self) -> u64 {
        self.rng
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .random()
    }

    /// The room of `code` (any case), if there is one.
    pub fn get(&self, code: &str) -> Option<Arc<Room>> {
        self.lock().get(&code.to_ascii_uppercase()).cloned()
    }

    /// The lobby's lines: every game not over.
    pub fn list(&self) -> Vec<String> {
        let rooms: Vec<Arc<Room>> = self.lock().values().cloned().collect();
        rooms
            .iter()
            .filter(|r| !r.is_over())
            .map(|r| r.summary())
            .collect()
    }

    /// A new game: its room, its computer seats playing, each seat's
    /// opponent and time per move kept in the record's seats (so that a
    /// restarted server plays them alike).
    ///
    /// # Errors
    /// The rules refuse the board or the players, a computer's seat is
    /// not in the game, every seat is the computer's, or the time per move
    /// is out of bounds ([`THINK_MILLIS`]); in words.
    pub fn create(&self, new: &NewGame) -> Result<Arc<Room>, String> {
        let millis = new.think.as_millis();
        if !(u128::from(THINK_MILLIS.0)..=u128::from(THINK_MILLIS.1)).contains(&millis) {
            return Err(format!(
                "the computer's time per move is {} to {} s",
                THINK_MILLIS.0 as f64 / 1000.0,
                THINK_MILLIS.1 as f64 / 1000.0
            ));
        }
        let ground = new.ground()?;
        let seed = self.draw_seed();
        let defaults = new.rules.defaults();
        let (rules, start) = deal_game(
            new.rules,
            ground,
            usize::from(new.players),
            usize::from(defaults.max_dice),
            Player::A,
            seed,
        )
        .map_err(|e| e.to_string())?;
        if let Some(p) = new.computers.keys().find(|p| p.index() >= rules.players()) {
            return Err(format!(
                "no seat {}: this game has {} players, a to {}",
                p.letter(),
                rules.players(),
                Player::all(rules.players())
                    .last()
                    .map_or('a', Player::letter)
            ));
        }
        if new.computers.len() >= usize::from(rules.players()) {
            return Err("every seat is the computer's: leave one for a person".to_string());
        }
        let budget = Budget {
            time: Some(new.think),
            nodes: None,
        };
        let seats: Vec<Seat> = Player::all(rules.players())
            .map(|p| match new.computers.get(&p) {
                Some(&ai) => Seat::Computer { ai, budget },
                None => Seat::Person,
            })
            .collect();
        let code = {
            let rooms = self.lock();
            let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                let code: String = (0..4)
                    .map(|_| char::from(CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())]))
                    .collect();
                if !rooms.contains_key(&code) && !self.dir.join(format!("{code}.txt")).exists() {
                    break code;
                }
            }
        };
        let tags = Tags {
            seed: Some(seed),
            date: None,
            event: Some(format!("network game {code}")),
            comments: Vec::new(),
        };
        let record = Record::new(rules, start, seats).with_tags(tags);
        let path = self.dir.join(format!("{code}.txt"));
        let room = self.start(code, record, seed, path);
        // The record exists from the start, so that a restart finds it.
        let _ = room.lock().session.apply(crate::session::Command::Save);
        Ok(room)
    }

    fn start(&self, code: String, record: Record, seed: u64, path: PathBuf) -> Arc<Room> {
        let owners = owners_of(record.tags());
        let seats = Seats::seated(record.seats(), AiKind::default(), COMPUTER_BUDGET, seed);
        let session = Session::new(record, seed)
            .with_seats(seats)
            .with_store(Box::new(FileStore {
                path,
                warning: None,
            }));
        let room = Arc::new(Room {
            code: code.clone(),
            state: Mutex::new(State {
                session,
                notices: Vec::new(),
                closed: false,
                owners,
                connected: BTreeSet::new(),
            }),
            changed: Condvar::new(),
        });
        if !room.lock().session.computers().is_empty() {
            let playing = Arc::clone(&room);
            std::thread::spawn(move || playing.play_computers());
        }
        self.lock().insert(code, Arc::clone(&room));
        room
    }

    /// Closes every room (the server stopping).
    pub fn close_all(&self) {
        for room in self.lock().values() {
            room.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleSet;

    /// A classic game of two rows, the computer at `computers` (its
    /// default opponent, the fastest time).
    fn classic(computers: &[Player]) -> NewGame {
        NewGame {
            board: BoardSize::Rows(2),
            computers: computers.iter().map(|&p| (p, AiKind::Search)).collect(),
            think: Duration::from_millis(THINK_MILLIS.0),
            ..NewGame::new(RuleSet::Classic)
        }
    }

    #[test]
    fn seats_are_claimed_kept_on_a_drop_and_taken_back_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = Rooms::open(dir.path().to_path_buf(), 1).unwrap();
        let room = rooms.create(&classic(&[])).unwrap();
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
        let room = rooms.create(&classic(&[])).unwrap();
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
    fn the_computer_plays_its_seats_on_the_room_s_thread() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = Rooms::open(dir.path().to_path_buf(), 4).unwrap();
        let room = rooms.create(&classic(&[Player::A])).unwrap();
        let view = room.wait(0, usize::MAX, Duration::from_secs(20));
        assert!(view.is_some_and(|v| !v.record.plays().is_empty()));
    }
}
