//! The games of a server: each a [`Room`] with a short code, its
//! authoritative [`Session`] kept in a record under the data directory's
//! `net/` folder as moves happen, and its seats claimed by user names.
//!
//! A seat belongs to whoever took it: its name bound to their key or to a
//! seat secret (see `seats`). A seat whose player drops (every connection
//! at it gone) is held for them ([`RoomsConfig::seat_hold`]): the others
//! read "b disconnected, waiting", the owner joining again in time gets it
//! back, and after that it is open to anyone who joins (the others are
//! told). A room's computer seats are played by the
//! server's [`Pool`], each turn a job of [`crate::session::computer`]: the
//! computer thinks on a copy of the position, with the room's lock
//! released, and its move is played only if the game has not moved on
//! meanwhile.
//!
//! By job: here the rooms and their state; `computer` (the computer's
//! seats), `seats` (who owns each seat, its connections, seats held),
//! `file` (the record file), `table` (a room as a [`Table`]), `codes` (the
//! games' codes), `folder` (the games' folder: what is a game, finished and
//! broken records moved aside), `lifetime` (rooms freed when finished or
//! abandoned, brought back at `join`) and `quota` (games and computer seats
//! per person and per address).

use std::collections::{BTreeMap, HashMap};
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
use quota::Made;
use seats::{Book, sweep};

pub use seats::{SECRET_LENGTH, SECRET_LETTERS, Seated, Who};

pub use codes::{CODE_LENGTHS, CODE_LETTERS, is_code};
pub use quota::{Creator, Quota, QuotaError};

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
    /// The seat of this name is bound to another key.
    #[error(
        "seat {seat} of game {code} is {name}'s, taken with another key: only that key \
         sits there (log in under another name to play another seat)"
    )]
    OtherKey {
        /// The game's code.
        code: String,
        /// The seat's letter.
        seat: char,
        /// Its owner's name.
        name: String,
    },
    /// The seat of this name is bound to a secret not given.
    #[error(
        "seat {seat} of game {code} is {name}'s: give its secret to sit there again \
         (log in as {name}+{code}.SECRET, or `join {code}.SECRET`), or log in under \
         another name"
    )]
    Secret {
        /// The game's code.
        code: String,
        /// The seat's letter.
        seat: char,
        /// Its owner's name.
        name: String,
    },
}

/// How long a dropped player's seat is held for them by default.
pub const SEAT_HOLD: Duration = Duration::from_secs(5 * 60);

/// How the games of a server run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomsConfig {
    /// The threads that play the computer's seats, for all games.
    pub workers: usize,
    /// How long a dropped player's seat is held for them, and how long a
    /// game in play may go unfollowed before its room is put away.
    pub seat_hold: Duration,
    /// The games and computer seats one person or address may have.
    pub quota: Quota,
    /// The memory the games' computers may hold, all together.
    pub max_memory: crate::analysis::ByteSize,
}

impl Default for RoomsConfig {
    fn default() -> RoomsConfig {
        RoomsConfig {
            workers: pool::cores(),
            seat_hold: SEAT_HOLD,
            quota: Quota::default(),
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
    /// Who owns each person's seat, their connections, who is away.
    seats: Book,
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

    /// Whether the game is over or closed.
    pub fn is_over(&self) -> bool {
        let state = self.lock();
        state.closed || state.session.record().is_over()
    }

    /// Seats `who`: back at the seat of their name if they prove it is
    /// theirs (the same key, or the seat's `secret`; a second connection
    /// too), else at the first free person's seat (a seat held too long is
    /// free), bound to their key or to a secret drawn for them.
    ///
    /// # Errors
    /// [`JoinError`] when the game is over or has no seat free, or the
    /// seat of their name is bound to another key or to a secret not
    /// given.
    pub fn claim(&self, who: &Who, secret: Option<&str>) -> Result<Seated, JoinError> {
        let claimed = self.lock().claim(&self.code, self.hold, who, secret);
        self.ring();
        claimed
    }

    /// A connection at `seat` is gone: when it was the last one there, the
    /// seat is held for its player.
    pub fn leave(&self, seat: Player) {
        self.lock().leave(seat);
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
    /// What the folder's reading at start skipped, moved or set aside.
    notes: Vec<String>,
    /// Since when each room in play has had no front-end following it.
    idle: Mutex<HashMap<String, Instant>>,
    /// The bounds per person and per address.
    quota: Quota,
    /// Who made each game in play (of this run), for the quota.
    made: Mutex<BTreeMap<String, Made>>,
    /// When the memory freed is given back to the system.
    trim: crate::net::trim::Trim,
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

impl Rooms {
    /// The games kept in `dir` (the unfinished ones resumed, their
    /// computer seats playing again; see `folder` for the rest), new codes
    /// drawn from `seed`, run as [`RoomsConfig::default`] says.
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
        let found = folder::read(&dir)?;
        let mut rooms = Rooms {
            dir,
            rooms: Mutex::new(BTreeMap::new()),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            pool: Pool::start(config.workers)?,
            hold: config.seat_hold,
            max_memory: config.max_memory,
            brains: Mutex::new(None),
            stopped: AtomicBool::new(false),
            notes: found.notes,
            idle: Mutex::new(HashMap::new()),
            quota: config.quota,
            made: Mutex::new(BTreeMap::new()),
            trim: crate::net::trim::Trim::new(crate::net::trim::TRIM_EVERY),
        };
        for (code, record, path) in found.games {
            let seed = rooms.draw_seed();
            // A record that fails to resume is set aside; the others go on.
            let resumed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                rooms.start(code.clone(), record, seed, path.clone())
            }));
            if resumed.is_err() {
                rooms.lock().remove(&code);
                let note = folder::set_aside(&rooms.dir, &path, "it failed as it was resumed");
                rooms.notes.push(note);
            }
        }
        let rooms = Arc::new(rooms);
        let sweeping = Arc::downgrade(&rooms);
        let tick = (config.seat_hold / 4).clamp(Duration::from_millis(10), Duration::from_secs(1));
        std::thread::Builder::new()
            .name("seat-hold".into())
            .spawn(move || sweep(&sweeping, tick))?;
        Ok(rooms)
    }

    /// What the folder's reading at start skipped, moved or set aside, a
    /// line each for the server's output (every name escaped).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The games in play, by code (at start: the unfinished ones resumed).
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

    /// The room of `code` (any case), if there is one: brought back from
    /// its record if it was put away (see `lifetime`).
    pub fn get(&self, code: &str) -> Option<Arc<Room>> {
        self.bring_back(&code.to_ascii_uppercase())
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
        if new.computers().len() >= usize::from(dealt.rules.players()) {
            return Err("every seat is the computer's: leave one for a person".to_string());
        }
        // The memory checked, the code drawn and the room put in with the
        // rooms locked: no other game takes the same share or code
        // meanwhile.
        let room = {
            let mut rooms = self.lock();
            self.room_for(&rooms, &dealt)?;
            let code = {
                let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
                codes::draw(&mut *rng, |code| {
                    rooms.contains_key(code) || self.dir.join(format!("{code}.txt")).exists()
                })
                .ok_or("every game code is in use")?
            };
            let record = dealt.record(None, Some(format!("network game {code}")));
            let path = self.dir.join(format!("{code}.txt"));
            let room = self.build(code.clone(), record, seed, path);
            rooms.insert(code, Arc::clone(&room));
            room
        };
        room.kick();
        // The record exists from the start, so that a restart finds it.
        let _ = room.lock().session.apply(crate::session::Command::Save);
        Ok(room)
    }

    /// A room for `record`, put in the map and its computer started.
    fn start(&self, code: String, record: Record, seed: u64, path: PathBuf) -> Arc<Room> {
        let room = self.build(code.clone(), record, seed, path);
        self.lock().insert(code, Arc::clone(&room));
        room.kick();
        room
    }

    /// A room for `record`, in no map yet, its computer not started.
    fn build(&self, code: String, record: Record, seed: u64, path: PathBuf) -> Arc<Room> {
        // A seat whose opponent cannot play the rules (a record made before
        // they were checked) plays as a lesser one, said to everyone.
        let (record, fell) = crate::session::fit_seats(record);
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
        let seats = Book::resumed(session.record().tags(), Instant::now());
        Arc::new_cyclic(|me| Room {
            code,
            state: Mutex::new(State {
                session,
                notices: fell.iter().map(ToString::to_string).collect(),
                closed: false,
                seats,
                turn: None,
            }),
            changed: Condvar::new(),
            watchers: Watchers::default(),
            me: me.clone(),
            pool: Arc::clone(&self.pool),
            thinker: Arc::new(Mutex::new(thinker)),
            hold: self.hold,
            path,
        })
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

    /// Opens the seats held too long, in every room; then frees the rooms
    /// no longer needed (`lifetime`).
    fn open_expired(&self) {
        let rooms: Vec<Arc<Room>> = self.lock().values().cloned().collect();
        for room in rooms {
            room.open_expired();
        }
        self.retire(Instant::now());
        self.trim.run(Instant::now());
    }

    /// When the memory freed by games and connections is given back.
    pub fn trim(&self) -> &crate::net::trim::Trim {
        &self.trim
    }

    /// The computer's opponents of the rooms made from now on.
    #[cfg(test)]
    fn think_with(&self, brains: Brains) {
        *self.brains.lock().unwrap_or_else(PoisonError::into_inner) = Some(brains);
    }
}

mod codes;
mod computer;
mod file;
mod folder;
mod lifetime;
mod quota;
mod seats;
mod table;
#[cfg(test)]
#[path = "rooms_tests.rs"]
mod tests;
