//! One game in progress, whatever shows it: the rules and start, the
//! timeline of plays (undo and redo a cursor on it), the seats (people or
//! the computer), the seed of the dice and where the game is kept. The
//! front-ends (the line mode, the full-screen game) turn their input into
//! [`Command`]s and show the [`Event`]s that come back; nothing here reads
//! a key or writes to a terminal or a file.
//!
//! ```
//! use dice_of_doom::game::{Move, Player, Position, Rules};
//! use dice_of_doom::record::Record;
//! use dice_of_doom::session::{Command, Event, Session};
//! let rules = Rules::classic(2, 2, 3).unwrap();
//! let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
//! let mut session = Session::new(Record::new(rules, start, Vec::new()), 0);
//! let attack = Move::Attack { from: 2, to: 3 };
//! let events = session.apply(Command::Play(attack)).unwrap();
//! assert!(matches!(events[0], Event::Played { mv, .. } if mv == attack));
//! session.apply(Command::Undo).unwrap();
//! assert_eq!(session.position(), start);
//! ```

pub mod computer;
mod fallback;
mod new_game;
pub mod pool;
mod seats;
mod table;

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;

pub use computer::{Answer, Computer, ComputerError, PoolStopped, Stamp, Thought, Ticket};
pub use fallback::{FellBack, Why, fit_seats};
pub use new_game::{
    Board, ComputerSeats, DEFAULT_BUDGET, DEFAULT_NODES, Dealt, NewGame, NewGameError, PlayAgain,
    RandomMap, Seating,
};
pub use pool::Pool;
pub use seats::{Seats, seats_of};
pub use table::{Table, TableError, TableView, Wake, WatchId, Watchers};

use crate::ai::Analysis;
use crate::game::{Battle, IllegalMove, Move, Placement, Player, PlayerSet, Position, Rules};
use crate::record::{Play, Record, Seat, Tags, Timeline};

/// Where a game is kept after every change: the command line's files, or
/// anything else that can take a record.
pub trait Store: Send {
    /// Keeps the game as it stands; why not, if it could not.
    ///
    /// # Errors
    /// The reason, in words, that the game could not be kept.
    fn save(&mut self, record: &Record) -> Result<(), String>;

    /// The warning while the game is not being kept (its last save
    /// failed), or `None`.
    fn warning(&self) -> Option<String>;

    /// Where the next game of the same run is kept, apart from this one
    /// (a new game started once this one is over); why it cannot be kept.
    ///
    /// # Errors
    /// The reason, in words, that there is no store for it.
    fn next(&self) -> Result<Box<dyn Store>, String> {
        Err("it is kept nowhere".to_string())
    }

    /// What to tell the player once a game is first kept here, if anything
    /// (such as a file's name that the player did not give).
    fn note(&self) -> Option<String> {
        None
    }

    /// Where the game is kept for good once it is over (a file's path, for
    /// `replay`), once it has been kept there; `None` otherwise.
    fn kept(&self) -> Option<String> {
        None
    }

    /// A store that keeps the game in the file `name` the player typed (a
    /// path, relative to the current folder) from now on, in place of this
    /// one, and that file as it is shown to the player; why not, if there
    /// can be none (see [`Session::save_as`]).
    ///
    /// # Errors
    /// The reason, in words: no file is kept here, or that one cannot be.
    fn save_as(&self, name: &str) -> Result<(Box<dyn Store>, String), String> {
        let _ = name;
        Err("this game is not kept in a file here".to_string())
    }
}

/// What a front-end asks of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A person plays a move (ending the turn is [`Move::Pass`]).
    Play(Move),
    /// Take back the last move, or against the computer every move back to
    /// the last position where a person was to move. Under dice, against
    /// the computer, no roll once shown is taken back (unless the game is
    /// practice): see [`Event::UndoRefused`].
    Undo,
    /// Play again what was taken back, up to the next position where a
    /// person is to move.
    Redo,
    /// Rate every move of the position.
    Hint,
    /// Keep the game now.
    Save,
    /// The player to move leaves the game.
    Quit,
}

/// What happened, for a front-end to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A move was played, with its roll and placements (`play`) and what it
    /// did (`event`).
    Played {
        /// Who played it.
        player: Player,
        /// The move.
        mv: Move,
        /// What it did: the roll, whether the target was taken, the dice
        /// placed.
        event: crate::game::Event,
        /// Whether the computer played it.
        computer: bool,
    },
    /// Moves were taken back: each with the player who had played it.
    Undone(Vec<(Player, Move)>),
    /// Moves taken back were played again, as they went the first time.
    Redone(Vec<(Player, Move)>),
    /// An undo found no move of a person's to take back (`played`: whether
    /// any move has been played at all).
    NothingToUndo {
        /// Whether any move has been played.
        played: bool,
    },
    /// An undo refused: it would take back a roll (an attack's dice, or
    /// dice placed at random) in a game with the computer at a seat, where
    /// a roll once shown stands; a practice game allows it
    /// ([`crate::record::Tags::practice`]), and people sharing a keyboard
    /// may undo as they like.
    UndoRefused,
    /// A redo found nothing taken back.
    NothingToRedo,
    /// The moves rated, by the opponent named.
    Hints {
        /// The opponent's name.
        name: &'static str,
        /// Every move rated, and its choice.
        analysis: Analysis,
    },
    /// The position has no move to rate.
    NothingToRate,
    /// The game has no opponent to give hints.
    NoHints,
    /// The player named left the game.
    Left(Player),
    /// The game is over, won by these players.
    GameOver(PlayerSet),
    /// The game was kept.
    Saved,
    /// The game could not be kept: the warning to show.
    SaveFailed(String),
    /// A computer's seat fell back to a lesser opponent (its own failed):
    /// the word to show.
    FellBack(FellBack),
}

/// A fault of the game itself, as opposed to the input or a file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A move not legal where it is played.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The computer, to move, found no legal move.
    #[error("the computer found no legal move for {0}")]
    NoComputerMove(Player),
    /// The game is over: no move can be played.
    #[error("the game is over")]
    Over,
}

/// What stops a front-end: its own input or output failed, or the game did
/// (a fault of the program, not of the input).
#[derive(Debug, thiserror::Error)]
pub enum FrontEndError {
    /// Reading the input or showing the game failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The game refused a move, or the computer found none.
    #[error(transparent)]
    Game(#[from] SessionError),
}

/// A game in progress (see the [module](self)).
pub struct Session {
    /// The game as it is kept: its header, and the moves up to the cursor.
    record: Record,
    timeline: Timeline,
    seed: u64,
    seats: Seats,
    store: Option<Box<dyn Store>>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("record", &self.record)
            .field("played", &self.timeline.played())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// The game of `record` going on from its last move, its dice those of
    /// `seed` (see [`crate::game::dice_of`]), people at every seat and no
    /// hints until [`Session::with_seats`], kept nowhere until
    /// [`Session::with_store`].
    pub fn new(record: Record, seed: u64) -> Session {
        let mut timeline = Timeline::new(record.start());
        for &play in record.plays() {
            // Every play of a record is legal where it comes.
            if timeline.push(record.rules(), play).is_err() {
                break;
            }
        }
        Session {
            record,
            timeline,
            seed,
            seats: Seats::none(),
            store: None,
        }
    }

    /// The game of `record` from its start with its first `n` moves: a
    /// replay continued from its move `n`, as a new game.
    pub fn continued(mut record: Record, n: usize, seed: u64) -> Session {
        record.truncate(n);
        Session::new(record, seed)
    }

    /// The same game with the computer at `seats` (and its hints).
    pub fn with_seats(mut self, seats: Seats) -> Session {
        self.seats = seats;
        self
    }

    /// Seats the computer at `seats` from now on.
    pub fn set_seats(&mut self, seats: Seats) {
        self.seats = seats;
    }

    /// The same game, kept in `store` after every change.
    pub fn with_store(mut self, store: Box<dyn Store>) -> Session {
        self.store = Some(store);
        self
    }

    /// Keeps the game in `store` after every change from now on.
    pub fn set_store(&mut self, store: Box<dyn Store>) {
        self.store = Some(store);
    }

    /// Gives the record the header of another: its seats and its tags (the
    /// seed, the date, the comments); the rules, start and moves stay.
    pub fn set_header(&mut self, seats: Vec<Seat>, tags: Tags) {
        self.record = self.record.clone().with_seats(seats).with_tags(tags);
    }

    /// The warning while the game is not being kept (its store's last save
    /// failed), or `None` while it is kept or kept nowhere.
    pub fn unsaved(&self) -> Option<String> {
        self.store.as_ref()?.warning()
    }

    /// The store for the next game of the run (see [`Store::next`]), or
    /// why there is none; `None` for a game kept nowhere.
    pub fn next_store(&self) -> Option<Result<Box<dyn Store>, String>> {
        Some(self.store.as_ref()?.next())
    }

    /// What to tell the player of where the game is kept (see
    /// [`Store::note`]).
    pub fn store_note(&self) -> Option<String> {
        self.store.as_ref()?.note()
    }

    /// Writes the game to the file `name` the player typed, which keeps it
    /// from then on (see [`Store::save_as`]): where it wrote it, as shown
    /// to the player. On an error the game stays kept where it was.
    ///
    /// # Errors
    /// Why the game was not written there, in words.
    pub fn save_as(&mut self, name: &str) -> Result<String, String> {
        let store = self.store.as_ref().ok_or_else(|| {
            "this game is kept nowhere (it was started without saving)".to_string()
        })?;
        let (mut store, shown) = store.save_as(name)?;
        store.save(&self.record)?;
        self.store = Some(store);
        Ok(shown)
    }

    /// Where the finished game is kept for good (see [`Store::kept`]).
    pub fn kept(&self) -> Option<String> {
        self.store.as_ref()?.kept()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.record.rules()
    }

    /// The game as it is kept: the moves up to the cursor.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Every play known and the cursor.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The seed of the dice.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Where the game stands.
    pub fn position(&self) -> Position {
        self.timeline.end()
    }

    /// The players the computer moves.
    pub fn computers(&self) -> PlayerSet {
        self.seats.players()
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Option<PlayerSet> {
        let at = self.position();
        at.is_game_over(self.rules()).then(|| at.winners())
    }

    /// The player the computer moves now, if it is to move and the game is
    /// not over.
    pub fn computer_to_move(&self) -> Option<Player> {
        let at = self.position();
        (!at.is_game_over(self.rules()) && self.computers().contains(at.player()))
            .then_some(at.player())
    }

    /// Whether the game is practice: under dice, rolls can be taken back
    /// even against the computer (its record's tag).
    pub fn practice(&self) -> bool {
        self.record.tags().practice
    }

    /// Whether an undo now would be refused ([`Event::UndoRefused`]): the
    /// rules have dice, the computer holds a seat, the game is not
    /// practice, and the moves it would take back rolled dice.
    pub fn undo_refused(&self) -> bool {
        let policy = self.rules().policy();
        let dice = policy.battle == Battle::Dice || policy.placement == Placement::Random;
        if !dice || self.computers().is_empty() || self.practice() {
            return false;
        }
        let Some(to) = self.timeline.undo_target(self.person()) else {
            return false;
        };
        (self.timeline.plays().get(to..))
            .unwrap_or_default()
            .iter()
            .any(|play| play.roll.is_some() || !play.placed.cells().is_empty())
    }

    /// Whether a person (not the computer) plays `player`.
    fn person(&self) -> impl Fn(Player) -> bool + use<> {
        let computers = self.computers();
        move |p| !computers.contains(p)
    }

    /// Carries out `command`: the events to show, in order.
    ///
    /// # Errors
    /// [`SessionError`] for a move that is not legal there, or with the
    /// game over.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Event>, SessionError> {
        match command {
            Command::Play(mv) => self.play(mv, false),
            Command::Undo => Ok(self.undo()),
            Command::Redo => Ok(self.redo()),
            Command::Hint => Ok(vec![self.hint()]),
            Command::Save => Ok(self.save().into_iter().collect()),
            Command::Quit => Ok(vec![Event::Left(self.position().player())]),
        }
    }

    /// The computer's move for the player to move, thought out here (which
    /// takes its budget), then played.
    ///
    /// # Errors
    /// [`SessionError::NoComputerMove`] if the computer does not move the
    /// player to move or finds no legal move.
    pub fn computer_move(&mut self) -> Result<Vec<Event>, SessionError> {
        let at = self.position();
        let player = at.player();
        let moves = at.moves(self.record.rules());
        let rules = self.record.rules();
        let mv = self
            .seats
            .seat(player)
            .and_then(|(ai, budget)| ai.choose(rules, &at, budget))
            .filter(|mv| moves.contains(mv))
            .ok_or(SessionError::NoComputerMove(player))?;
        self.play(mv, true)
    }

    /// Plays `mv` with the dice of the seed, the position and the move (by
    /// the computer if `computer`, as a move thought out elsewhere, such as
    /// on the full-screen game's worker thread), then keeps the game.
    ///
    /// # Errors
    /// [`SessionError`] for a move not legal here.
    pub fn play(&mut self, mv: Move, computer: bool) -> Result<Vec<Event>, SessionError> {
        let at = self.position();
        let rules = self.record.rules().clone();
        if at.is_game_over(&rules) {
            return Err(SessionError::Over);
        }
        let played = at.play_seeded(&rules, mv, self.seed)?;
        let play = Play::of(&rules, mv, &played.event);
        self.timeline.push(&rules, play)?;
        self.record.push(play)?;
        let mut events = vec![Event::Played {
            player: at.player(),
            mv,
            event: played.event,
            computer,
        }];
        events.extend(self.changed());
        Ok(events)
    }

    /// Plays a move as a record has it, its roll and placements as written
    /// (a game read back), without keeping the game: what it did.
    ///
    /// # Errors
    /// [`SessionError::Illegal`] for a move not legal here, or whose roll
    /// does not fit it.
    pub fn play_recorded(&mut self, play: Play) -> Result<crate::game::Event, SessionError> {
        let at = self.position();
        let rules = self.record.rules();
        let played = at
            .play_recorded(rules, play.mv, play.roll, play.placed.cells())
            .map_err(|_| IllegalMove { mv: play.mv })?;
        self.timeline.push(rules, play)?;
        self.record.push(play)?;
        Ok(played.event)
    }

    /// Shows the position after `n` moves of the timeline (at most all of
    /// them), as a replay steps through a game: the moves after it wait to
    /// be played again ([`Command::Redo`]); the game is not kept.
    pub fn go_to(&mut self, n: usize) {
        self.timeline.go_to(n);
        let n = self.timeline.played();
        let kept = self.record.plays().len();
        if n < kept {
            self.record.truncate(n);
        }
        for &play in &self.timeline.plays()[kept.min(n)..] {
            if self.record.push(play).is_err() {
                break;
            }
        }
    }

    /// The plays of `range` of the timeline, each with its player.
    fn said(&self, range: std::ops::Range<usize>) -> Vec<(Player, Move)> {
        let plays = self.timeline.all_plays();
        range
            .filter_map(|i| Some((self.timeline.position_after(i).player(), plays.get(i)?.mv)))
            .collect()
    }

    fn undo(&mut self) -> Vec<Event> {
        if self.undo_refused() {
            return vec![Event::UndoRefused];
        }
        let Some(range) = self.timeline.undo(self.person()) else {
            return vec![Event::NothingToUndo {
                played: self.timeline.played() > 0,
            }];
        };
        self.record.truncate(range.start);
        let mut events = vec![Event::Undone(self.said(range))];
        events.extend(self.changed());
        events
    }

    fn redo(&mut self) -> Vec<Event> {
        let rules = self.record.rules().clone();
        let Some(range) = self.timeline.redo(&rules, self.person()) else {
            return vec![Event::NothingToRedo];
        };
        for &play in &self.timeline.plays()[range.clone()] {
            if self.record.push(play).is_err() {
                break;
            }
        }
        let mut events = vec![Event::Redone(self.said(range))];
        events.extend(self.changed());
        events
    }

    fn hint(&mut self) -> Event {
        let at = self.position();
        let budget = self.seats.budget();
        let rules = self.record.rules();
        match self.seats.hints() {
            None => Event::NoHints,
            Some(ai) => {
                let name = ai.name();
                match ai.analyse(rules, &at, budget, true) {
                    Some(analysis) => Event::Hints { name, analysis },
                    None => Event::NothingToRate,
                }
            }
        }
    }

    /// Keeps the game, if it is kept anywhere: what came of it.
    fn save(&mut self) -> Option<Event> {
        let store = self.store.as_mut()?;
        Some(match store.save(&self.record) {
            Ok(()) => Event::Saved,
            Err(reason) => Event::SaveFailed(store.warning().unwrap_or(reason)),
        })
    }

    /// What follows a change: the game kept (a failure said), and the end
    /// of the game if it came.
    fn changed(&mut self) -> Vec<Event> {
        let mut events: Vec<Event> = self
            .save()
            .into_iter()
            .filter(|e| matches!(e, Event::SaveFailed(_)))
            .collect();
        if let Some(winners) = self.winners() {
            events.push(Event::GameOver(winners));
        }
        events
    }
}
