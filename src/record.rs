//! Game records: a whole game as plain text a person can read and edit, in
//! the spirit of chess's PGN, and the checked [`Record`] it is read into.
//!
//! A record is a version line, the rule set and its parameters, who plays
//! each letter, optional tags (seed, date, event, practice, deal, result), the starting
//! board as the game prints it, then one line per move in the game's own
//! notation:
//!
//! ```text
//! dice-of-doom record 1
//! rules: classic
//! map: 2x2
//! players: 2
//! max-dice: 3
//! first: a
//! player a: person
//! player b: computer search, 1 s
//! result: b wins
//! board:
//!     b-2 b-2
//!   a-2 b-1
//! moves:
//! a: 2 -> 3
//! a: end turn
//! b: 0 -> 2
//! b: end turn
//! ```
//!
//! Reading ([`Record::parse`]) checks everything: the version, every field,
//! the board against the rules, each move against the position it is
//! played in, and the result against the moves; a mistake is one
//! [`RecordError`] with its line and column. Writing is `Display`, and what
//! it writes reads back to the same record. The module is pure: files,
//! clocks and atomic writes belong to the command line.
//!
//! ```
//! use dice_of_doom::game::{Move, Player, Position, Rules};
//! use dice_of_doom::record::{Record, Seat};
//! let rules = Rules::classic(2, 2, 3).unwrap();
//! let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
//! let mut record = Record::new(rules, start, vec![Seat::Person; 2]);
//! record.push(Move::Attack { from: 2, to: 3 }).unwrap();
//! let text = record.to_string();
//! assert!(text.ends_with("moves:\na: 2 -> 3\n"));
//! let read = Record::parse(&text).unwrap();
//! assert_eq!(read, record);
//! assert_eq!(read.end().captured(), 1);
//! ```

mod date;
mod error;
mod header;
mod read;
mod seat;
mod timeline;
mod write;

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "record_errors_tests.rs"]
mod errors_tests;

pub use date::{Date, DateError};
pub use error::{RecordError, RecordErrorKind};
pub use seat::{ParseSeatError, Seat};
pub use timeline::Timeline;
#[cfg(test)]
pub(crate) use timeline::actions;

use crate::game::{Battle, DealChoice, IllegalMove, Move, Placement, PlayerSet, Position, Rules};

/// The version of the format this program writes and reads.
pub const VERSION: u32 = 1;

/// The first line of every record.
pub const VERSION_LINE: &str = "dice-of-doom record 1";

/// The dice thrown in one attack of a rule set with chance: the engine's
/// [`Roll`], written in a record as `rolls 4+6+2 against
/// 5+1` ([`Roll::faces`]).
pub use crate::game::Roll;

/// A move with the dice it rolled and where its placed dice went, as a
/// record keeps it (defined in [`game`](crate::game), where the dice are).
pub use crate::game::{Placed, Play};

/// The optional tags of a record: where its board came from, when it was
/// played, and what it was part of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// The seed the board was drawn from, if it was a random board.
    pub seed: Option<u64>,
    /// When the game was played (or last saved).
    pub date: Option<Date>,
    /// What the game was part of, in words (`arena seed 1, board 3, ...`):
    /// one line, without `#`.
    pub event: Option<String>,
    /// Whether the game was started as practice (`practice: yes`): under
    /// dice, attacks can be taken back even against the computer.
    pub practice: bool,
    /// How its start was dealt (`deal: balanced`; the book's deal, the
    /// default, is not written): for the reader, since the record holds
    /// the start itself.
    pub deal: DealChoice,
    /// The header's comment lines (whole lines starting with `#` before
    /// `moves:`), each as written after its `#`: a record written again
    /// keeps them, after its first line. Comments after `moves:` and at the
    /// end of a field's line are not kept.
    pub comments: Vec<String>,
}

/// A game: the rules, the starting position, who plays each player, the
/// tags, and the moves, every one legal where it is played.
///
/// [`Record::parse`] reads the text format and `Display` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    rules: Rules,
    start: Position,
    seats: Vec<Seat>,
    tags: Tags,
    moves: Vec<Play>,
    /// The position after the moves.
    end: Position,
}

impl Record {
    /// A game with no moves yet from `start`, with a seat for each player
    /// (missing seats are people, extra ones are dropped).
    pub fn new(rules: Rules, start: Position, mut seats: Vec<Seat>) -> Record {
        seats.resize(usize::from(rules.players()), Seat::Person);
        Record {
            rules,
            start,
            seats,
            tags: Tags::default(),
            moves: Vec::new(),
            end: start,
        }
    }

    /// The same record with these seats (missing seats are people, extra
    /// ones are dropped).
    pub fn with_seats(mut self, mut seats: Vec<Seat>) -> Record {
        seats.resize(usize::from(self.rules.players()), Seat::Person);
        self.seats = seats;
        self
    }

    /// The same record with these tags.
    pub fn with_tags(mut self, tags: Tags) -> Record {
        self.tags = tags;
        self
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        self.start
    }

    /// Who plays each player, `a` first.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The tags.
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The tags, to change.
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    /// The moves, in order.
    pub fn plays(&self) -> &[Play] {
        &self.moves
    }

    /// The moves without their rolls.
    pub fn moves(&self) -> Vec<Move> {
        self.moves.iter().map(|p| p.mv).collect()
    }

    /// The position after every move.
    pub fn end(&self) -> Position {
        self.end
    }

    /// Whether the game is over after the moves.
    pub fn is_over(&self) -> bool {
        self.end.is_game_over(&self.rules)
    }

    /// The winners, if the game is over.
    pub fn result(&self) -> Option<PlayerSet> {
        self.is_over().then(|| self.end.winners())
    }

    /// The start and the position after each move: one more than the moves.
    ///
    /// ```
    /// use dice_of_doom::game::{Move, Player, Position, Rules};
    /// use dice_of_doom::record::Record;
    /// let rules = Rules::classic(2, 2, 3).unwrap();
    /// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    /// let mut record = Record::new(rules, start, Vec::new());
    /// record.push(Move::Attack { from: 2, to: 3 }).unwrap();
    /// record.push(Move::Pass).unwrap();
    /// let players: Vec<Player> = record.positions().map(|p| p.player()).collect();
    /// assert_eq!(players, [Player::A, Player::A, Player::B]);
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        let rules = &self.rules;
        std::iter::once(self.start).chain(self.moves.iter().scan(self.start, move |at, play| {
            // Every move of a record is legal where it is played, with its
            // roll where it needs one.
            *at = after(rules, at, play).unwrap_or(*at);
            Some(*at)
        }))
    }

    /// Plays a move at the end of the game: under a rule set with dice an
    /// attack as its roll decides (the attack must carry its roll); under
    /// the others a roll is kept as written and ignored.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not legal there, or lacks the roll
    /// it needs or has a roll that does not fit it; the record is left as
    /// it was.
    pub fn push(&mut self, play: impl Into<Play>) -> Result<(), IllegalMove> {
        let play = play.into();
        self.end = after(&self.rules, &self.end, &play).ok_or(IllegalMove { mv: play.mv })?;
        self.moves.push(play);
        Ok(())
    }

    /// Keeps the first `len` moves (all of them if there are fewer): an undo.
    pub fn truncate(&mut self, len: usize) {
        if len < self.moves.len() {
            self.moves.truncate(len);
            self.end = self.positions().last().unwrap_or(self.start);
        }
    }

    /// Makes the moves exactly `moves`: keeps the moves they share with the
    /// record (and their rolls), then plays the rest.
    ///
    /// # Errors
    /// The index and the error of the first illegal move; the moves before
    /// it are kept.
    pub fn set_moves(&mut self, moves: &[Move]) -> Result<(), (usize, IllegalMove)> {
        let shared = self
            .moves
            .iter()
            .zip(moves)
            .take_while(|(play, mv)| play.mv == **mv)
            .count();
        self.truncate(shared);
        for (i, &mv) in moves.iter().enumerate().skip(shared) {
            self.push(mv).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}

/// The position after a play, as its roll decides under a rule set with
/// dice; `None` if it is illegal there or its roll is missing or wrong.
fn after(rules: &Rules, at: &Position, play: &Play) -> Option<Position> {
    if rules.policy().battle == Battle::Dice || rules.policy().placement == Placement::Random {
        at.play_recorded(rules, play.mv, play.roll, play.placed.cells())
            .ok()
            .map(|p| p.position)
    } else {
        at.play(rules, play.mv).ok()
    }
}
