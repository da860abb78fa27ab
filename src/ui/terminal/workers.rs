//! The computer's threads for the full-screen game: the computer player
//! and the hint provider each on a worker of its own, requests in and
//! answers out, so that the screen and every key stay responsive while they
//! think. The threads are never joined: when the game is left while one
//! works, the process ends without waiting for it.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

use super::super::state::{ComputerPlayer, Hint, HintProvider, Spot};
use crate::ai::{Stop, stoppable};
use crate::game::{Move, Position, Rules};

/// The number of the next request to a worker (from 1: 0 is none).
static NEXT_REQUEST: AtomicU64 = AtomicU64::new(1);
/// The computer's request still wanted (0: none); its search stops once it
/// is another (see [`Stop`]).
static COMPUTER_WANTED: AtomicU64 = AtomicU64::new(0);
/// The hints' request still wanted, as [`COMPUTER_WANTED`].
static HINTS_WANTED: AtomicU64 = AtomicU64::new(0);

/// A new request's number, now the one `wanted`: any search for an
/// earlier one stops.
fn want_next(wanted: &AtomicU64) -> u64 {
    let id = NEXT_REQUEST.fetch_add(1, Ordering::Relaxed);
    wanted.store(id, Ordering::Relaxed);
    id
}

/// The computer player on its own thread: positions in, moves out, each
/// with its request's number. The thread is never joined: when the game is
/// left while it thinks, the process ends without waiting for it.
pub(super) struct Worker {
    requests: Sender<(u64, Rules, Position)>,
    pub(super) answers: Receiver<(u64, Option<Move>)>,
}

impl Worker {
    pub(super) fn spawn(mut computer: Box<dyn ComputerPlayer>) -> io::Result<Worker> {
        let (requests, inbox) = mpsc::channel::<(u64, Rules, Position)>();
        let (outbox, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || {
                for (id, rules, position) in inbox {
                    let stop = Stop::new(&COMPUTER_WANTED, id);
                    let mv = stoppable(stop, || computer.choose(&rules, &position));
                    if outbox.send((id, mv)).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Worker { requests, answers })
    }

    /// Asks for the computer's move at `position`; returns the request's
    /// number, which its answer carries.
    pub(super) fn ask(&self, rules: &Rules, position: Position) -> io::Result<u64> {
        let id = want_next(&COMPUTER_WANTED);
        self.requests
            .send((id, rules.clone(), position))
            .map_err(|_| io::Error::other("the computer player stopped"))?;
        Ok(id)
    }

    /// The move asked for is no longer wanted: its search stops at once,
    /// and its answer, cut short, is to be thrown away.
    pub(super) fn cancel(&self) {
        COMPUTER_WANTED.store(0, Ordering::Relaxed);
    }
}

/// A request for hints: its number, the game it is for (counted from 0 as
/// new games start), the node, the rules and the position.
type HintRequest = (u64, u64, Spot, Rules, Position);

/// The hint provider on its own thread (see [`Hinter::spawn`]).
pub(super) struct Hinter {
    requests: Sender<HintRequest>,
}

impl Hinter {
    /// Runs `hinter` on a thread of its own: requests in, each answer passed
    /// to `send` with its request's number (until it returns false).
    /// Requests that queued up while it worked are skipped but for the last.
    /// Never joined, like the computer's worker.
    pub(super) fn spawn(
        mut hinter: Box<dyn HintProvider>,
        mut send: impl FnMut(u64, u64, Spot, Option<Vec<Hint>>) -> bool + Send + 'static,
    ) -> io::Result<Hinter> {
        let (requests, inbox) = mpsc::channel::<HintRequest>();
        std::thread::Builder::new()
            .name("hints".into())
            .spawn(move || {
                while let Ok(mut request) = inbox.recv() {
                    while let Ok(later) = inbox.try_recv() {
                        request = later;
                    }
                    let (id, game, node, rules, position) = request;
                    let stop = Stop::new(&HINTS_WANTED, id);
                    let hints = stoppable(stop, || hinter.hints(&rules, &position));
                    if !send(id, game, node, hints) {
                        break;
                    }
                }
            })?;
        Ok(Hinter { requests })
    }

    /// Asks for the hints of `position` at `node` of game `game`; returns
    /// the request's number.
    pub(super) fn ask(
        &self,
        game: u64,
        node: Spot,
        rules: &Rules,
        position: Position,
    ) -> io::Result<u64> {
        let id = want_next(&HINTS_WANTED);
        self.requests
            .send((id, game, node, rules.clone(), position))
            .map_err(|_| io::Error::other("the hints stopped"))?;
        Ok(id)
    }

    /// The hints asked for are no longer wanted: as [`Worker::cancel`].
    pub(super) fn cancel(&self) {
        HINTS_WANTED.store(0, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::ai::{AiKind, Budget};
    use crate::game::Player;
    use crate::record::Seat;
    use crate::ui::computer::{Computers, StrategyHints};

    /// A 6x6 board, which no search proves within a minute.
    fn board() -> (Rules, Position) {
        let rules = Rules::classic(6, 2, 3).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(33);
        let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        (rules, start)
    }

    const MINUTE: Budget = Budget::time(Duration::from_secs(60));
    /// Far more than a cancelled search takes, far less than its budget.
    const PROMPTLY: Duration = Duration::from_secs(10);

    #[test]
    fn cancelled_hints_stop_their_search_at_once() {
        let (rules, start) = board();
        let (answers, answered) = mpsc::channel();
        let hints = StrategyHints {
            ai: AiKind::Search.build(1),
            budget: MINUTE,
        };
        let hinter = Hinter::spawn(Box::new(hints), move |id, _, _, hints| {
            answers.send((id, hints.is_some())).is_ok()
        })
        .unwrap();
        let id = hinter.ask(0, Spot::of(&start), &rules, start).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let cancelled = Instant::now();
        hinter.cancel();
        let (answer, _) = answered.recv_timeout(PROMPTLY).unwrap();
        assert_eq!(answer, id);
        assert!(cancelled.elapsed() < PROMPTLY);
    }

    #[test]
    fn a_cancelled_move_stops_its_search_and_a_new_request_stops_the_old() {
        let (rules, start) = board();
        let seats = [
            Seat::Computer {
                ai: AiKind::Search,
                budget: MINUTE,
            },
            Seat::Person,
        ];
        let computer = Computers::seated(&seats, AiKind::Search, MINUTE, 1);
        let worker = Worker::spawn(Box::new(computer)).unwrap();
        let first = worker.ask(&rules, start).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        worker.cancel();
        let (answer, mv) = worker.answers.recv_timeout(PROMPTLY).unwrap();
        assert_eq!(answer, first);
        assert!(mv.is_some(), "a move, cut short, to be thrown away");
        // A second request stops the first as soon as it is asked.
        let second = worker.ask(&rules, start).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let third = worker.ask(&rules, start).unwrap();
        let (answer, _) = worker.answers.recv_timeout(PROMPTLY).unwrap();
        assert_eq!(answer, second);
        worker.cancel();
        let (answer, _) = worker.answers.recv_timeout(PROMPTLY).unwrap();
        assert_eq!(answer, third);
    }
}
