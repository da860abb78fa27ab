//! The line mode of a network game's seat or spectator: a replica of the
//! [`Table`]'s game (a [`Session`] built from its record, each new play
//! taken in with the table's own roll), the seat's moves sent with
//! [`Table::play`], everyone's moves shown as the table's wake-ups bring
//! them. Only the seat to move may move; undo and hints are off.

use std::io::Write;
use std::time::Duration;

use super::input::{Answer, parse_answer_with};
use super::{Caught, End, Game, Outcome, Reply, Source, Turn, run};
use crate::game::{Move, Player, PlayerSet};
use crate::record::Seat;
use crate::session::{Command, Event, FrontEndError, Session, Table, TableError};

/// What a network seat may type besides move numbers.
const KEYS: &str = "`leave` goes back to the lobby";

/// How a network game ended for this screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableEnd {
    /// The game is over, won by these players.
    Over(PlayerSet),
    /// The person left the game (`leave`): the seat stays theirs.
    Left,
    /// The table was closed (the server stopping, the game abandoned).
    Closed,
    /// The input ended.
    InputEnded,
}

/// A seat (or a spectator) of a table.
struct Remote<'a> {
    table: &'a dyn Table,
    seat: Option<Player>,
    replica: Session,
    computers: PlayerSet,
    notices: usize,
    help: &'a str,
}

impl Game for Remote<'_> {
    fn session(&self) -> &Session {
        &self.replica
    }

    fn turn(&self) -> Turn {
        let to_move = self.replica.position().player();
        match self.seat {
            Some(seat) if seat == to_move => Turn::Person,
            _ => Turn::Elsewhere(to_move),
        }
    }

    fn computer_move(&mut self) -> Result<Vec<Event>, FrontEndError> {
        // The table's computer moves its seats: never this screen's turn.
        Ok(Vec::new())
    }

    fn answer(&self, text: &str, moves: &[Move]) -> Answer {
        let word = text.trim();
        match word {
            "leave" | "quit" | "q" | "Q" => return Answer::Quit,
            "help" | "?" => return Answer::Invalid(self.help.to_string()),
            "u" | "U" | "undo" | "r" | "R" | "redo" => return Answer::Undo,
            _ => {}
        }
        let to_move = self.replica.position().player();
        match self.seat {
            _ if word.is_empty() && self.seat != Some(to_move) => Answer::Invalid(String::new()),
            None => Answer::Invalid("you are watching: `leave` goes back to the lobby".into()),
            Some(seat) if seat != to_move => {
                Answer::Invalid(format!("wait: it is {to_move}'s turn"))
            }
            Some(_) => parse_answer_with(text, moves.len(), KEYS),
        }
    }

    fn apply(&mut self, command: Command) -> Result<Reply, FrontEndError> {
        Ok(match command {
            Command::Play(mv) => {
                let seat = self.replica.position().player();
                let after = self.replica.record().plays().len();
                match self.table.play(seat, after, mv) {
                    // The move comes back with the table's wake-up.
                    Ok(()) => Reply::Events(Vec::new()),
                    Err(TableError::Stale(_)) => {
                        Reply::Refused("the game moved on meanwhile: look again".into())
                    }
                    Err(e) => Reply::Refused(e.to_string()),
                }
            }
            Command::Undo | Command::Redo => Reply::Refused("Undo is off in network games.".into()),
            Command::Hint => Reply::Events(vec![Event::NoHints]),
            Command::Quit => Reply::Left,
            Command::Save => Reply::Events(Vec::new()),
        })
    }

    fn catch_up(&mut self) -> Result<Caught, FrontEndError> {
        let plays = self.replica.record().plays().len();
        let Some(view) = self.table.wait(plays, self.notices, Duration::ZERO) else {
            return Ok(Caught::default());
        };
        let notices = view.notices[self.notices.min(view.notices.len())..].to_vec();
        self.notices = view.notices.len();
        let mut events = Vec::new();
        for &play in &view.record.plays()[plays.min(view.record.plays().len())..] {
            let player = self.replica.position().player();
            let event = self.replica.play_recorded(play)?;
            events.push(Event::Played {
                player,
                mv: play.mv,
                event,
                computer: self.computers.contains(player),
            });
        }
        Ok(Caught {
            notices,
            events,
            closed: view.closed,
        })
    }

    fn said_aloud(&self, player: Player, computer: bool) -> bool {
        computer || self.seat != Some(player)
    }
}

/// Shows the game of `table` to `seat` (`None`: a spectator) in the line
/// mode, from where it stands, every move as it happens: the lines typed
/// and the table's wake-ups ([`Table::watch`], registered by the caller
/// before this is called) come from `input`, the text goes to `output`;
/// `help` is what `help` shows. Only `seat`, at its turn, moves.
///
/// # Errors
/// [`FrontEndError`]: the output failed, or the table's game could not be
/// followed (a play that does not fit the replica).
pub fn play_table(
    table: &dyn Table,
    seat: Option<Player>,
    input: &mut impl Source,
    output: &mut impl Write,
    help: &str,
) -> Result<TableEnd, FrontEndError> {
    let view = table.view();
    let computers = view
        .record
        .seats()
        .iter()
        .zip(0u8..)
        .filter(|(s, _)| matches!(s, Seat::Computer { .. }))
        .filter_map(|(_, i)| Player::new(i))
        .collect();
    let mut game = Remote {
        table,
        seat,
        replica: Session::new(view.record, 0),
        computers,
        notices: view.notices.len(),
        help,
    };
    let end = run(&mut game, input, output, false)?;
    output.flush()?;
    Ok(match end {
        End::Outcome(Outcome::Finished(winners)) => TableEnd::Over(winners),
        End::Outcome(Outcome::Quit) => TableEnd::Left,
        End::Outcome(Outcome::InputEnded | Outcome::Endless) => TableEnd::InputEnded,
        End::Closed => TableEnd::Closed,
    })
}
