//! The games of a server: each a [`Room`] with a short code, its
//! authoritative [`Session`] kept in a record under the data directory's
//! `net/` folder as moves happen, and its seats claimed by user names.
//!
//! A seat whose player drops is held for them ([`RoomsConfig::seat_hold`]):
//! the others read "b disconnected, waiting", the same name joining again
//! in time gets it back, and after that it is open to anyone who joins
//! (the others are told). A room's computer seats are played by the
//! server's [`Pool`], each turn a job of [`crate::session::computer`]: the
//! computer thinks on a copy of the position, with the room's lock
//! released, and its move is played only if the game has not moved on
//! meanwhile.
//!
//! By job: here the rooms and their state; `computer` (the computer's
//! seats), `seats` (names at seats, seats held), `file` (the record file)
//! and `table` (a room as a [`Table`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use crate::ai::{AiKind, Budget};
use crate::game::{Move, Player, PlayerSet, Position, Rules};
use crate::record::{Record, Seat, Tags};
use crate::session::pool::{self, Pool};
use crate::session::{
    Answer, NewGame, Seats, Session, Table, TableError, TableView, Thought, Ticket, Wake, WatchId,
    Watchers,
};

use computer::{Brains, Thinker, seated};
use file::FileStore;
use seats::{owners_of, sweep};

/// The shortest and longest time the computer may be given per move in a
/// network game, in milliseconds: `new ... time SECONDS` takes 0.1 to 10.
pub const THINK_MILLIS: (u64, u64) = (100, 10_000);

/// What the computer may spend on a move in a network game unless the
/// game says otherwise.
pub const COMPUTER_BUDGET: Budget = Budget {
    time: Some(Duration::from_millis(500)),
    nodes: None,
};

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

/// How long a dropped player's seat is held for them by default.
pub const SEAT_HOLD: Duration = Duration::from_secs(5 * 60);

/// How the games of a server run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomsConfig {
    /// The threads that play the computer's seats, for all games.
    pub workers: usize,
    /// How long a dropped player's seat is held for them.
    pub seat_hold: Duration,
    /// The memory the games' computers may hold, all together.
    pub max_memory: crate::analysis::ByteSize,
}

impl Default for RoomsConfig {
    fn default() -> RoomsConfig {
        RoomsConfig {
            workers: pool::cores(),
            seat_hold: SEAT_HOLD,
            max_memory: crate::analysis::ByteSize::MAX,
        }
    }
}

/// A game of the server (see the [module](self)).
pub struct Room {
    code: String,
    state: Mutex<State>,
    changed: Condvar,
    watchers: Watchers,
    /// The room itself, for its computer's turns to answer to.
    me: Weak<Room>,
    pool: Arc<Pool>,
    /// The computer's opponents; locked only by the pool's thread playing
    /// for this room, never with `state`.
    thinker: Arc<Mutex<Thinker>>,
    hold: Duration,
    path: PathBuf,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("code", &self.code)
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
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
    /// The claimed seats whose player is away, since when.
    away: BTreeMap<Player, Instant>,
    /// The computer's turn queued or thinking (the room's lock released).
    turn: Option<Ticket<Option<Move>>>,
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
                let seat = record.seats().get(usize::from(p.index()));
                let who = match (seat, state.owners.get(&p)) {
                    (Some(Seat::Computer { ai, .. }), _) => format!("computer {}", ai.name()),
                    (_, Some(name)) if state.connected.contains(&p) => name.clone(),
                    (_, Some(name)) => format!("{name} (away)"),
                    (_, None) => "free".to_string(),
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

    /// Seats `user`: back at the seat of theirs (a reconnection, while it
    /// is held), else at the first free person's seat (a seat held too
    /// long is free).
    ///
    /// # Errors
    /// [`JoinError`] when the game is over or has no seat free.
    pub fn claim(&self, user: &str) -> Result<Player, JoinError> {
        let mut state = self.lock();
        if state.closed || state.session.record().is_over() {
            return Err(JoinError::Over(self.code.clone()));
        }
        state.open_expired(&self.code, self.hold, Instant::now());
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
            drop(state);
            self.ring();
            return Err(JoinError::Full(self.code.clone()));
        };
        let back = mine.is_some();
        state.owners.insert(seat, user.to_string());
        state.connected.insert(seat);
        state.away.remove(&seat);
        let notice = if back {
            format!("{} ({user}) is back", seat.letter())
        } else {
            format!("{user} sits at {}", seat.letter())
        };
        state.notices.push(notice);
        state.keep_owners();
        drop(state);
        self.ring();
        Ok(seat)
    }

    /// The player at `seat` dropped: the seat is held for them.
    pub fn leave(&self, seat: Player) {
        let mut state = self.lock();
        if state.connected.remove(&seat) && !state.session.record().is_over() {
            state.away.insert(seat, Instant::now());
            state
                .notices
                .push(format!("{} disconnected, waiting", seat.letter()));
        }
        drop(state);
        self.ring();
    }

    /// Opens the seats held too long (the server's sweep).
    fn open_expired(&self) {
        let opened = self
            .lock()
            .open_expired(&self.code, self.hold, Instant::now());
        if opened {
            self.ring();
        }
    }

    /// Whether the computer is thinking for this room now.
    pub fn thinking(&self) -> bool {
        self.lock().turn.as_ref().is_some_and(Ticket::running)
    }

    /// Wakes everyone following the room: after every change, with the
    /// room's lock released.
    fn ring(&self) {
        self.changed.notify_all();
        self.watchers.ring();
    }

    /// Closes the room: every front-end stops following it (the
    /// computer's search, if it thinks, stops).
    pub fn close(&self) {
        let mut state = self.lock();
        state.closed = true;
        let turn = state.turn.take();
        drop(state);
        drop(turn);
        self.ring();
    }

    /// Closes the room, saying `notice` to everyone (once).
    fn stop(&self, notice: &str) {
        let mut state = self.lock();
        if !state.closed {
            state.notices.push(notice.to_string());
            state.closed = true;
        }
        let turn = state.turn.take();
        drop(state);
        drop(turn);
        self.ring();
    }

    /// Makes sure the room's record is on disk (its last save done).
    ///
    /// # Errors
    /// The record could not be synced, in words.
    fn sync(&self) -> Result<(), String> {
        let _state = self.lock();
        std::fs::File::open(&self.path)
            .and_then(|f| f.sync_all())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// Every game of a server, by code.
pub struct Rooms {
    dir: PathBuf,
    rooms: Mutex<BTreeMap<String, Arc<Room>>>,
    rng: Mutex<ChaCha8Rng>,
    pool: Arc<Pool>,
    hold: Duration,
    max_memory: crate::analysis::ByteSize,
    /// The computer's opponents of new rooms (tests put their own).
    brains: Mutex<Option<Brains>>,
    stopped: AtomicBool,
}

impl std::fmt::Debug for Rooms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rooms")
            .field("dir", &self.dir)
            .field("pool", &self.pool)
            .field("hold", &self.hold)
            .finish_non_exhaustive()
    }
}

impl Drop for Rooms {
    fn drop(&mut self) {
        self.pool.stop();
    }
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
    /// computer seats playing again), new codes drawn from `seed`, run as
    /// [`RoomsConfig::default`] says.
    ///
    /// # Errors
    /// The folder cannot be made or read, or a thread cannot start.
    pub fn open(dir: PathBuf, seed: u64) -> std::io::Result<Arc<Rooms>> {
        Rooms::open_with(dir, seed, RoomsConfig::default())
    }

    /// [`Rooms::open`], run as `config` says.
    ///
    /// # Errors
    /// The folder cannot be made or read, or a thread cannot start.
    pub fn open_with(dir: PathBuf, seed: u64, config: RoomsConfig) -> std::io::Result<Arc<Rooms>> {
        std::fs::create_dir_all(&dir)?;
        let rooms = Arc::new(Rooms {
            dir,
            rooms: Mutex::new(BTreeMap::new()),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            pool: Pool::start(config.workers)?,
            hold: config.seat_hold,
            max_memory: config.max_memory,
            brains: Mutex::new(None),
            stopped: AtomicBool::new(false),
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
        let sweeping = Arc::downgrade(&rooms);
        let tick = (config.seat_hold / 4).clamp(Duration::from_millis(10), Duration::from_secs(1));
        std::thread::Builder::new()
            .name("seat-hold".into())
            .spawn(move || sweep(&sweeping, tick))?;
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
    /// restarted server plays them alike). Its seed is its own, or drawn.
    ///
    /// # Errors
    /// The game names a file (a network game's board is always grown by
    /// the server), the rules refuse the board or the players, a
    /// computer's seat is not in the game, every seat is the computer's,
    /// or the time per move is not a time within bounds ([`THINK_MILLIS`]);
    /// in words.
    pub fn create(&self, new: &NewGame) -> Result<Arc<Room>, String> {
        let budget = new.computer.budget;
        let millis = budget.time.map(|time| time.as_millis());
        let bounds = u128::from(THINK_MILLIS.0)..=u128::from(THINK_MILLIS.1);
        if budget.nodes.is_some() || !millis.is_some_and(|m| bounds.contains(&m)) {
            return Err(format!(
                "the computer's time per move is {} to {} s",
                THINK_MILLIS.0 as f64 / 1000.0,
                THINK_MILLIS.1 as f64 / 1000.0
            ));
        }
        if let Some((_, what)) = new.file() {
            return Err(format!(
                "a network game is played on a board the server grows, not a {what} file"
            ));
        }
        let seed = new.seed.unwrap_or_else(|| self.draw_seed());
        let dealt = new.deal(seed, None).map_err(|e| e.to_string())?;
        self.room_for(&dealt)?;
        if new.computers().len() >= usize::from(dealt.rules.players()) {
            return Err("every seat is the computer's: leave one for a person".to_string());
        }
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
        let record = dealt.record(None, Some(format!("network game {code}")));
        let path = self.dir.join(format!("{code}.txt"));
        let room = self.start(code, record, seed, path);
        // The record exists from the start, so that a restart finds it.
        let _ = room.lock().session.apply(crate::session::Command::Save);
        Ok(room)
    }

    fn start(&self, code: String, record: Record, seed: u64, path: PathBuf) -> Arc<Room> {
        // A seat whose opponent cannot play the rules (a record made before
        // they were checked) plays as a lesser one, said to everyone.
        let (record, fell) = crate::session::fit_seats(record);
        let owners = owners_of(record.tags());
        let computers: PlayerSet = record
            .seats()
            .iter()
            .zip(0u8..)
            .filter(|(seat, _)| matches!(seat, Seat::Computer { .. }))
            .filter_map(|(_, i)| Player::new(i))
            .collect();
        let brains = self
            .brains
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let thinker = match brains {
            Some(brains) => brains(&record, seed),
            None => seated(&record, seed),
        };
        let session = Session::new(record, seed)
            .with_seats(Seats::elsewhere(computers))
            .with_store(Box::new(FileStore {
                path: path.clone(),
                warning: None,
            }));
        // The players of a resumed game are away from the start: their
        // seats are held for them as for a drop.
        let now = Instant::now();
        let away = owners.keys().map(|p| (*p, now)).collect();
        let room = Arc::new_cyclic(|me| Room {
            code: code.clone(),
            state: Mutex::new(State {
                session,
                notices: fell.iter().map(ToString::to_string).collect(),
                closed: false,
                owners,
                connected: BTreeSet::new(),
                away,
                turn: None,
            }),
            changed: Condvar::new(),
            watchers: Watchers::default(),
            me: me.clone(),
            pool: Arc::clone(&self.pool),
            thinker: Arc::new(Mutex::new(thinker)),
            hold: self.hold,
            path,
        });
        self.lock().insert(code, Arc::clone(&room));
        room.kick();
        room
    }

    /// Closes every room (the server stopping).
    pub fn close_all(&self) {
        for room in self.lock().values() {
            room.close();
        }
    }

    /// Stops the games (the server stopping): each room closed with
    /// `notice` said to everyone following it, the computer's threads
    /// ended, every record synced to disk. The games stay unfinished in
    /// their records, for the next start to resume.
    ///
    /// # Errors
    /// The records (or their folder) that could not be synced, in words.
    pub fn stop(&self, notice: &str) -> Result<(), Vec<String>> {
        self.stopped.store(true, Ordering::SeqCst);
        let rooms: Vec<Arc<Room>> = self.lock().values().cloned().collect();
        for room in &rooms {
            room.stop(notice);
        }
        // The searches were stopped with their rooms; the threads end.
        self.pool.stop();
        let mut failed: Vec<String> = rooms.iter().filter_map(|r| r.sync().err()).collect();
        if let Err(e) = std::fs::File::open(&self.dir).and_then(|d| d.sync_all()) {
            failed.push(format!("{}: {e}", self.dir.display()));
        }
        if failed.is_empty() {
            Ok(())
        } else {
            Err(failed)
        }
    }

    /// Opens the seats held too long, in every room.
    fn open_expired(&self) {
        let rooms: Vec<Arc<Room>> = self.lock().values().cloned().collect();
        for room in rooms {
            room.open_expired();
        }
    }

    /// The computer's opponents of the rooms made from now on.
    #[cfg(test)]
    fn think_with(&self, brains: Brains) {
        *self.brains.lock().unwrap_or_else(PoisonError::into_inner) = Some(brains);
    }
}

mod computer;
mod file;
mod seats;
mod table;
#[cfg(test)]
#[path = "rooms_tests.rs"]
mod tests;
