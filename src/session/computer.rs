//! One computer's turn, or one set of hints, as a job for a [`Pool`]: the
//! job takes a copy of the game (the rules, the position, and what thinks:
//! the seat's opponent and budget), thinks on a pool's thread while the
//! game goes on, and hands its answer back to its owner in a [`Thought`],
//! which yields the answer only if the game has not moved on since
//! ([`Thought::answer`]). Cancelling the job ([`Ticket::cancel`], or
//! dropping its ticket) stops its search as if its time were up
//! ([`crate::ai::Stop`]); a job that panics is reported as failed, and the
//! pool goes on.
//!
//! Every front-end runs the computer so: the full-screen game (moves and
//! hints of its hooks), the line mode ([`Computer`]: the session's seats)
//! and the server's games (each room's opponents).

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::pool::{Job, Pool, Running};
use super::{Command, Event, FrontEndError, Seats, Session, SessionError};
use crate::ai::stoppable;
use crate::game::{Move, Position};
use crate::record::Record;

/// Where a game stood when a job took its copy: the plays made and the
/// position. A job's answer is for that game only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The plays made.
    pub plays: usize,
    /// The position.
    pub position: Position,
}

impl Session {
    /// Where the game stands now, to compare with a [`Thought`]'s.
    pub fn stamp(&self) -> Stamp {
        Stamp {
            plays: self.timeline.played(),
            position: self.position(),
        }
    }
}

/// A job's answer as it comes back to its owner (see [`Thought::answer`]).
#[derive(Debug)]
pub struct Thought<T> {
    job: u64,
    stamp: Stamp,
    outcome: Outcome<T>,
}

#[derive(Debug)]
enum Outcome<T> {
    Thought(T),
    Cancelled,
    Failed(String),
}

/// What a [`Thought`] holds for the game as it stands now.
#[derive(Debug, PartialEq)]
pub enum Answer<T> {
    /// The job's answer, for the game as it still stands.
    Ready(T),
    /// No answer: the game moved on since the job took its copy, or the
    /// job was cancelled (its search cut short).
    Dropped,
    /// The job failed (its thinking panicked): why, in words.
    Failed(String),
}

impl<T> Thought<T> {
    /// The number of the job (its [`Ticket::id`]).
    pub fn job(&self) -> u64 {
        self.job
    }

    /// Where the game stood when the job took its copy.
    pub fn stamp(&self) -> Stamp {
        self.stamp
    }

    /// The answer, if the game stands now (`now`) where the job found it.
    pub fn answer(self, now: Stamp) -> Answer<T> {
        match self.outcome {
            Outcome::Failed(why) => Answer::Failed(why),
            Outcome::Thought(answer) if now == self.stamp => Answer::Ready(answer),
            Outcome::Thought(_) | Outcome::Cancelled => Answer::Dropped,
        }
    }
}

/// Why a job could not start: its pool is stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the computer's threads have stopped")]
pub struct PoolStopped;

/// The number of the next job (from 1).
static NEXT_JOB: AtomicU64 = AtomicU64::new(1);

/// Where a job is.
#[derive(Clone, Copy, Debug)]
enum State {
    Waiting,
    Running(Running),
    Cancelled,
    Done,
}

/// What a job thinks.
type Work<T> = Box<dyn FnOnce() -> T + Send>;

/// Where a job's thought goes.
type Reply<T> = Box<dyn Fn(Thought<T>) + Send + Sync>;

/// One job (see the [module](self)); its owner holds it by its [`Ticket`].
struct Thinking<T> {
    id: u64,
    stamp: Stamp,
    work: Mutex<Option<Work<T>>>,
    reply: Reply<T>,
    state: Mutex<State>,
    answered: AtomicBool,
}

impl<T> Thinking<T> {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `outcome` to the owner, once.
    fn reply(&self, outcome: Outcome<T>) {
        if !self.answered.swap(true, Ordering::SeqCst) {
            (self.reply)(Thought {
                job: self.id,
                stamp: self.stamp,
                outcome,
            });
        }
    }

    fn cancel(&self) {
        let mut state = self.state();
        if let State::Running(running) = *state {
            running.cancel();
        }
        if !matches!(*state, State::Done) {
            *state = State::Cancelled;
        }
    }
}

impl<T: Send + 'static> Job for Thinking<T> {
    fn run(&self, running: Running) {
        {
            let mut state = self.state();
            if matches!(*state, State::Cancelled) {
                drop(state);
                return self.reply(Outcome::Cancelled);
            }
            *state = State::Running(running);
        }
        let work = self
            .work
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let answer = work.map(|work| stoppable(running.stop(), work));
        let cancelled = {
            let mut state = self.state();
            let cancelled = matches!(*state, State::Cancelled);
            *state = State::Done;
            cancelled
        };
        match answer {
            Some(answer) if !cancelled => self.reply(Outcome::Thought(answer)),
            _ => self.reply(Outcome::Cancelled),
        }
    }

    fn failed(&self, why: String) {
        *self.state() = State::Done;
        self.reply(Outcome::Failed(why));
    }

    fn skipped(&self) {
        *self.state() = State::Done;
        self.reply(Outcome::Cancelled);
    }
}

/// The owner's hold on a job: dropping it cancels the job.
pub struct Ticket<T> {
    job: Arc<Thinking<T>>,
}

impl<T> std::fmt::Debug for Ticket<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ticket")
            .field("id", &self.job.id)
            .field("stamp", &self.job.stamp)
            .finish_non_exhaustive()
    }
}

impl<T: Send + 'static> Ticket<T> {
    /// Queues on `pool` a job that runs `work` (which thinks on its own
    /// copy of the game as it stands at `stamp`) and hands its
    /// [`Thought`] to `reply`, once, on the pool's thread: the answer, a
    /// cancellation, or a failure.
    ///
    /// # Errors
    /// [`PoolStopped`]: the pool is stopped (nothing runs, nothing is
    /// replied).
    pub fn start(
        pool: &Pool,
        stamp: Stamp,
        work: impl FnOnce() -> T + Send + 'static,
        reply: impl Fn(Thought<T>) + Send + Sync + 'static,
    ) -> Result<Ticket<T>, PoolStopped> {
        let job = Arc::new(Thinking {
            id: NEXT_JOB.fetch_add(1, Ordering::Relaxed),
            stamp,
            work: Mutex::new(Some(Box::new(work))),
            reply: Box::new(reply),
            state: Mutex::new(State::Waiting),
            answered: AtomicBool::new(false),
        });
        let queued: Arc<dyn Job> = job.clone();
        if pool.push(Arc::downgrade(&queued)) {
            Ok(Ticket { job })
        } else {
            Err(PoolStopped)
        }
    }
}

impl<T> Ticket<T> {
    /// The job's number, which its [`Thought`] carries.
    pub fn id(&self) -> u64 {
        self.job.id
    }

    /// Where the game stood when the job took its copy.
    pub fn stamp(&self) -> Stamp {
        self.job.stamp
    }

    /// Whether the job is thinking now on a pool's thread.
    pub fn running(&self) -> bool {
        matches!(*self.job.state(), State::Running(_))
    }

    /// Cancels the job: its search stops at once (its thought, if any, is
    /// [`Answer::Dropped`]); one not started yet never starts.
    pub fn cancel(&self) {
        self.job.cancel();
    }
}

impl<T> Drop for Ticket<T> {
    fn drop(&mut self) {
        self.job.cancel();
    }
}

/// Why the computer did not move (or rate the moves).
#[derive(Debug, thiserror::Error)]
pub enum ComputerError {
    /// The game refused the move, or the computer found none.
    #[error(transparent)]
    Game(#[from] SessionError),
    /// The computer's thinking failed.
    #[error("the computer failed: {0}")]
    Failed(String),
    /// The pool is stopped.
    #[error(transparent)]
    Stopped(#[from] PoolStopped),
}

impl From<ComputerError> for FrontEndError {
    fn from(e: ComputerError) -> FrontEndError {
        match e {
            ComputerError::Game(e) => FrontEndError::Game(e),
            other => FrontEndError::Io(std::io::Error::other(other.to_string())),
        }
    }
}

/// The computer of one game at a front-end that holds its [`Session`]
/// (the line mode): the session's seats (the opponents and the hints),
/// thinking on a pool. Each job thinks on a copy of the game with the
/// seats, so that the session's own rules of thinking
/// ([`Session::computer_move`], [`Command::Hint`]) are the ones used.
pub struct Computer {
    pool: Arc<Pool>,
    seats: Arc<Mutex<Seats>>,
}

impl std::fmt::Debug for Computer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Computer")
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

impl Computer {
    /// Takes the seats of `session` to think on `pool`: the session keeps
    /// only which players are the computer's, until [`Computer::give_back`].
    pub fn take(session: &mut Session, pool: Arc<Pool>) -> Computer {
        let players = session.computers();
        let seats = std::mem::replace(&mut session.seats, Seats::elsewhere(players));
        Computer {
            pool,
            seats: Arc::new(Mutex::new(seats)),
        }
    }

    /// Gives `session` its seats back (no job of this computer may be
    /// running: each answers before its owner goes on).
    pub fn give_back(self, session: &mut Session) {
        let seats = std::mem::replace(&mut *lock(&self.seats), Seats::none());
        session.seats = seats;
    }

    /// The computer's move for the player to move, as a job: its thought
    /// (the move, `None` for none) goes to `reply`.
    ///
    /// # Errors
    /// [`PoolStopped`].
    pub fn turn(
        &self,
        session: &Session,
        reply: impl Fn(Thought<Option<Move>>) + Send + Sync + 'static,
    ) -> Result<Ticket<Option<Move>>, PoolStopped> {
        self.job(session, reply, |copy| {
            let events = copy.computer_move().ok()?;
            events.iter().find_map(|e| match e {
                Event::Played { mv, .. } => Some(*mv),
                _ => None,
            })
        })
    }

    /// The hints for the position, as a job: its thought (the event of
    /// [`Command::Hint`]) goes to `reply`.
    ///
    /// # Errors
    /// [`PoolStopped`].
    pub fn hints(
        &self,
        session: &Session,
        reply: impl Fn(Thought<Event>) + Send + Sync + 'static,
    ) -> Result<Ticket<Event>, PoolStopped> {
        self.job(session, reply, |copy| {
            copy.apply(Command::Hint)
                .ok()
                .and_then(|events| events.into_iter().next())
                .unwrap_or(Event::NothingToRate)
        })
    }

    /// Thinks out the computer's move on the pool, waiting for it, and
    /// plays it in `session`.
    ///
    /// # Errors
    /// [`ComputerError`]: no move, a failure, or the pool stopped.
    /// A seat whose thinking fails falls back to a lesser opponent
    /// ([`Session::fall_back`], said by an [`Event::FellBack`] before the
    /// move), which thinks again.
    pub fn play(&self, session: &mut Session) -> Result<Vec<Event>, ComputerError> {
        let player = session.position().player();
        let mut said = Vec::new();
        loop {
            let (sender, thoughts) = std::sync::mpsc::channel();
            let ticket = self.turn(session, move |t| {
                let _ = sender.send(t);
            })?;
            let thought = thoughts.recv().map_err(|_| PoolStopped)?;
            drop(ticket);
            match session.play_thought(thought, player) {
                Err(ComputerError::Failed(why)) => {
                    let Some(fell) = session.fall_back(player, why.clone()) else {
                        return Err(ComputerError::Failed(why));
                    };
                    lock(&self.seats).reseat(player, fell.now);
                    said.push(Event::FellBack(fell));
                }
                played => {
                    said.extend(played?);
                    return Ok(said);
                }
            }
        }
    }

    /// Works out the hints on the pool, waiting for them.
    ///
    /// # Errors
    /// [`ComputerError`]: a failure, or the pool stopped.
    pub fn hint(&self, session: &Session) -> Result<Event, ComputerError> {
        let (sender, thoughts) = std::sync::mpsc::channel();
        let ticket = self.hints(session, move |t| {
            let _ = sender.send(t);
        })?;
        let thought = thoughts.recv().map_err(|_| PoolStopped)?;
        drop(ticket);
        match thought.answer(session.stamp()) {
            Answer::Ready(event) => Ok(event),
            Answer::Dropped => Ok(Event::NothingToRate),
            Answer::Failed(why) => Err(ComputerError::Failed(why)),
        }
    }

    /// A job thinking with `think` on a copy of the game of `session`
    /// (its rules and position, no store) with the seats.
    fn job<T: Send + 'static>(
        &self,
        session: &Session,
        reply: impl Fn(Thought<T>) + Send + Sync + 'static,
        think: impl FnOnce(&mut Session) -> T + Send + 'static,
    ) -> Result<Ticket<T>, PoolStopped> {
        let record = Record::new(session.rules().clone(), session.position(), Vec::new());
        let seed = session.seed();
        let seats = Arc::clone(&self.seats);
        let work = move || {
            let mut seats = lock(&seats);
            let mut copy = Session::new(record, seed)
                .with_seats(std::mem::replace(&mut *seats, Seats::none()));
            // The seats come back even when the thinking panics, for the
            // seat to fall back ([`Computer::play`]); the panic goes on to
            // the pool, which reports it.
            let answer = catch_unwind(AssertUnwindSafe(|| think(&mut copy)));
            *seats = std::mem::replace(&mut copy.seats, Seats::none());
            answer.unwrap_or_else(|panic| resume_unwind(panic))
        };
        Ticket::start(&self.pool, session.stamp(), work, reply)
    }
}

fn lock(seats: &Mutex<Seats>) -> MutexGuard<'_, Seats> {
    seats.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Session {
    /// Plays the computer's move of `thought` (for `player`) if the game
    /// has not moved on since the job took its copy: the events; none for
    /// a move no longer wanted.
    ///
    /// # Errors
    /// [`ComputerError`]: the computer found no move, its move is not
    /// legal, or its thinking failed.
    pub fn play_thought(
        &mut self,
        thought: Thought<Option<Move>>,
        player: crate::game::Player,
    ) -> Result<Vec<Event>, ComputerError> {
        match thought.answer(self.stamp()) {
            Answer::Ready(Some(mv)) => Ok(self.play(mv, true)?),
            Answer::Ready(None) => Err(SessionError::NoComputerMove(player).into()),
            Answer::Dropped => Ok(Vec::new()),
            Answer::Failed(why) => Err(ComputerError::Failed(why)),
        }
    }
}

#[cfg(test)]
#[path = "computer_tests.rs"]
mod tests;
