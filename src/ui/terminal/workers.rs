//! The full-screen game's computer player and hints as jobs on the
//! process's pool (see [`crate::session::computer`]): each request a job
//! thinking on a copy of the position, its answer sent to the driver's
//! channel, cancelled (its search stopped) by dropping its ticket. The
//! pool's threads are never joined: when the game is left while a job
//! thinks, the process ends without waiting for it.

use std::io;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use super::super::state::{App, ComputerPlayer, Hint, HintProvider};
use super::COMPUTER_PACE;
use crate::game::{Move, Player, Position, Rules};
use crate::session::{Answer, FellBack, Pool, Stamp, Thought, Ticket};

/// A request for hints, held while it is wanted.
pub(super) type HintTicket = Ticket<Option<Vec<Hint>>>;

/// Where the computer's current move is: asked for, or found and waiting
/// for its turn on the screen.
pub(super) enum Thinking {
    Idle,
    Asked {
        ticket: Ticket<Option<Move>>,
        position: Position,
        since: Instant,
    },
    Found {
        position: Position,
        mv: Option<Move>,
        at: Instant,
    },
    /// The computer's thinking failed here (said): it is not asked again
    /// until the position changes.
    Failed(Position),
}

impl Thinking {
    /// Forgets a move no longer wanted (an undo, a replay continued: its
    /// search stops, its answer is thrown away), and asks `computer` for
    /// its move (answered to `send`) when it is to move.
    pub(super) fn update(
        self,
        app: &App,
        computer: &Computer,
        now: Instant,
        send: impl Fn(Thought<Option<Move>>) + Send + Sync + 'static,
    ) -> io::Result<Thinking> {
        let thinking = match self {
            Thinking::Asked { position, .. } | Thinking::Failed(position)
                if app.position() != position || app.computer_to_move().is_none() =>
            {
                Thinking::Idle
            }
            other => other,
        };
        Ok(match (thinking, app.computer_to_move()) {
            (Thinking::Idle, Some(_)) => Thinking::Asked {
                ticket: computer.ask(app.rules(), app.stamp(), send)?,
                position: app.position(),
                since: now,
            },
            (thinking, _) => thinking,
        })
    }

    /// Takes the computer's `thought`: the move found, if it is for the
    /// request still wanted and the game as it stands; a failure said, and
    /// the seat fallen back to a lesser opponent (`computer`'s, see
    /// [`crate::session::FellBack`]) that is asked again; with nothing
    /// below it the computer is not asked again here.
    pub(super) fn take(
        self,
        thought: Thought<Option<Move>>,
        app: &mut App,
        computer: Option<&Computer>,
    ) -> Thinking {
        match self {
            Thinking::Asked {
                ticket,
                position,
                since,
            } if ticket.id() == thought.job() => match thought.answer(app.stamp()) {
                Answer::Ready(mv) => Thinking::Found {
                    position,
                    mv,
                    at: since + COMPUTER_PACE,
                },
                Answer::Dropped => Thinking::Idle,
                Answer::Failed(why) => {
                    let player = position.player();
                    match computer.and_then(|c| c.fall_back(player, why.clone())) {
                        Some(fell) => {
                            app.fell_back(&fell);
                            Thinking::Idle
                        }
                        None => {
                            app.failed("The computer", &why);
                            Thinking::Failed(position)
                        }
                    }
                }
            },
            other => other,
        }
    }
}

/// A request that could not be queued: the pool is stopped.
fn stopped(what: &str) -> io::Error {
    io::Error::other(format!("the {what} stopped"))
}

/// The computer player, thinking on the pool.
pub(super) struct Computer {
    pool: Arc<Pool>,
    player: Arc<Mutex<Box<dyn ComputerPlayer>>>,
}

impl Computer {
    pub(super) fn new(pool: Arc<Pool>, player: Box<dyn ComputerPlayer>) -> Computer {
        Computer {
            pool,
            player: Arc::new(Mutex::new(player)),
        }
    }

    /// Asks for the computer's move at `position` (the game at `stamp`);
    /// its thought goes to `send`.
    pub(super) fn ask(
        &self,
        rules: &Rules,
        stamp: Stamp,
        send: impl Fn(Thought<Option<Move>>) + Send + Sync + 'static,
    ) -> io::Result<Ticket<Option<Move>>> {
        let (player, rules, position) = (Arc::clone(&self.player), rules.clone(), stamp.position);
        let work = move || {
            let mut player = player.lock().unwrap_or_else(PoisonError::into_inner);
            player.choose(&rules, &position)
        };
        Ticket::start(&self.pool, stamp, work, send).map_err(|_| stopped("computer player"))
    }

    /// `player`'s opponent failed (`why`): her seat falls back to a lesser
    /// one, if there is one.
    fn fall_back(&self, player: Player, why: String) -> Option<FellBack> {
        let mut computer = self.player.lock().unwrap_or_else(PoisonError::into_inner);
        computer.fall_back(player, why)
    }
}

/// The hint provider, working on the pool.
pub(super) struct Hinter {
    pool: Arc<Pool>,
    hinter: Arc<Mutex<Box<dyn HintProvider>>>,
}

impl Hinter {
    pub(super) fn new(pool: Arc<Pool>, hinter: Box<dyn HintProvider>) -> Hinter {
        Hinter {
            pool,
            hinter: Arc::new(Mutex::new(hinter)),
        }
    }

    /// Asks for the hints of `position` (the game at `stamp`); their
    /// thought goes to `send`.
    pub(super) fn ask(
        &self,
        rules: &Rules,
        stamp: Stamp,
        send: impl Fn(Thought<Option<Vec<Hint>>>) + Send + Sync + 'static,
    ) -> io::Result<Ticket<Option<Vec<Hint>>>> {
        let (hinter, rules, position): (_, _, Position) =
            (Arc::clone(&self.hinter), rules.clone(), stamp.position);
        let work = move || {
            let mut hinter = hinter.lock().unwrap_or_else(PoisonError::into_inner);
            hinter.hints(&rules, &position)
        };
        Ticket::start(&self.pool, stamp, work, send).map_err(|_| stopped("hints"))
    }
}

#[cfg(test)]
#[path = "workers_tests.rs"]
mod tests;
