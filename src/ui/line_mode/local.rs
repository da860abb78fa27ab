//! The line mode of a game at this terminal: a [`Session`] that plays the
//! moves, undoes, redoes and keeps the game, its computer's moves and
//! hints thought out on the process's pool ([`Computer`]).

use std::io::{BufRead, Write};

use super::input::{Answer, parse_answer};
use super::{Caught, End, Game, Outcome, Reader, Reply, Turn, run};
use crate::game::{Move, Player};
use crate::session::{Command, Computer, Event, FrontEndError, Session, pool};

/// A session at this terminal, its computer on the pool.
struct Local<'a> {
    session: &'a mut Session,
    computer: &'a Computer,
}

impl Game for Local<'_> {
    fn session(&self) -> &Session {
        self.session
    }

    fn turn(&self) -> Turn {
        match self.session.computer_to_move() {
            Some(_) => Turn::Computer,
            None => Turn::Person,
        }
    }

    fn computer_move(&mut self) -> Result<Vec<Event>, FrontEndError> {
        Ok(self.computer.play(self.session)?)
    }

    fn answer(&self, text: &str, moves: &[Move]) -> Answer {
        parse_answer(text, moves.len())
    }

    fn apply(&mut self, command: Command) -> Result<Reply, FrontEndError> {
        Ok(Reply::Events(match command {
            Command::Hint => vec![self.computer.hint(self.session)?],
            command => self.session.apply(command)?,
        }))
    }

    fn save_as(&mut self, name: &str) -> Result<String, String> {
        self.session.save_as(name)
    }

    fn catch_up(&mut self) -> Result<Caught, FrontEndError> {
        // Nothing changes here but by this screen.
        Ok(Caught::default())
    }

    fn said_aloud(&self, _: Player, computer: bool) -> bool {
        computer
    }
}

/// Plays the game of `session` on from where it stands, reading the
/// people's answers from `input` and printing the game to `output`, the
/// computer moving its players (`b plays 3 -> 7`, `b ends turn`); a person
/// typing `h` gets every move rated, `u` takes back the last move (against
/// the computer, back to the last position where a person was to move) and
/// `r` plays it again, until a new move clears what could be redone. The
/// session keeps the game after every change, a failed save warned of each
/// time. The game ends with why (`b cannot attack: the game is over`) and
/// who won. The computer thinks on the process's pool
/// ([`pool::shared`]), the line mode waiting for it.
///
/// # Errors
/// [`FrontEndError`]: the input or output failed, the computer found no
/// move or failed, or the pool's threads could not start.
pub fn play_with(
    session: &mut Session,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
) -> Result<Outcome, FrontEndError> {
    let computer = Computer::take(session, pool::shared()?);
    let mut game = Local {
        session,
        computer: &computer,
    };
    let end = run(&mut game, &mut Reader(input), output, color);
    computer.give_back(session);
    Ok(match end? {
        End::Outcome(outcome) => outcome,
        // A session at this terminal is never closed from elsewhere.
        End::Closed => Outcome::Quit,
    })
}
