//! The computer's threads for the full-screen game: the computer player
//! and the hint provider each on a worker of its own, requests in and
//! answers out, so that the screen and every key stay responsive while they
//! think. The threads are never joined: when the game is left while one
//! works, the process ends without waiting for it.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};

use super::state::{ComputerPlayer, Hint, HintProvider, Spot};
use crate::game::{Move, Position, Rules};

/// The computer player on its own thread: positions in, moves out. The
/// thread is never joined: when the game is left while it thinks, the
/// process ends without waiting for it.
pub(super) struct Worker {
    pub(super) requests: Sender<(Rules, Position)>,
    pub(super) answers: Receiver<(Position, Option<Move>)>,
}

impl Worker {
    pub(super) fn spawn(mut computer: Box<dyn ComputerPlayer>) -> io::Result<Worker> {
        let (requests, inbox) = mpsc::channel::<(Rules, Position)>();
        let (outbox, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || {
                for (rules, position) in inbox {
                    let mv = computer.choose(&rules, &position);
                    if outbox.send((position, mv)).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Worker { requests, answers })
    }
}

/// A request for hints: the game it is for (counted from 0 as new games
/// start), the node, the rules and the position.
pub(super) type HintRequest = (u64, Spot, Rules, Position);

/// Runs `hinter` on a thread of its own: requests in, each answer passed to
/// `send` (until it returns false). Requests that queued up while it worked
/// are skipped but for the last. Never joined, like the computer's worker.
pub(super) fn spawn_hinter(
    mut hinter: Box<dyn HintProvider>,
    mut send: impl FnMut(u64, Spot, Option<Vec<Hint>>) -> bool + Send + 'static,
) -> io::Result<Sender<HintRequest>> {
    let (requests, inbox) = mpsc::channel::<HintRequest>();
    std::thread::Builder::new()
        .name("hints".into())
        .spawn(move || {
            while let Ok(mut request) = inbox.recv() {
                while let Ok(later) = inbox.try_recv() {
                    request = later;
                }
                let (game, node, rules, position) = request;
                if !send(game, node, hinter.hints(&rules, &position)) {
                    break;
                }
            }
        })?;
    Ok(requests)
}
