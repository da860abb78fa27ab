//! A room's computer seats: what thinks for them, and their turns as jobs
//! on the server's pool (see [`crate::session::computer`]): the computer
//! thinks on a copy of the position, the room's lock released, and its move
//! is played only if the game is where it was.

use super::*;

/// What thinks for a room's computer seats: the move of the player to move
/// in a position.
pub(super) type Thinker = Box<dyn FnMut(&Rules, &Position) -> Option<Move> + Send>;

/// Makes the [`Thinker`] of a game from its record and seed.
pub(super) type Brains = Arc<dyn Fn(&Record, u64) -> Thinker + Send + Sync>;

impl Room {
    /// Queues the computer's turn on the pool if its computer is to move
    /// and no turn of it is queued or thinking.
    pub(super) fn kick(&self) {
        let mut state = self.lock();
        if state.turn.is_some() || state.closed || state.session.computer_to_move().is_none() {
            return;
        }
        let (rules, at) = (state.session.rules().clone(), state.session.position());
        let thinker = Arc::clone(&self.thinker);
        let work = move || {
            let mut thinker = thinker.lock().unwrap_or_else(PoisonError::into_inner);
            thinker(&rules, &at).filter(|mv| at.moves(&rules).contains(mv))
        };
        let me = self.me.clone();
        let reply = move |thought| {
            if let Some(room) = me.upgrade() {
                room.answered(thought);
            }
        };
        // A stopped pool (the server stopping) plays nothing more.
        state.turn = Ticket::start(&self.pool, state.session.stamp(), work, reply).ok();
    }

    /// The computer's turn came back: its move played if the game is where
    /// it was; a computer with no move, or whose thinking failed, closes
    /// the game with a word to everyone.
    fn answered(&self, thought: Thought<Option<Move>>) {
        let mut state = self.lock();
        if state.turn.as_ref().is_some_and(|t| t.id() == thought.job()) {
            state.turn = None;
        }
        if !state.closed {
            let stuck = match thought.answer(state.session.stamp()) {
                Answer::Ready(Some(mv)) if state.session.play(mv, true).is_ok() => None,
                Answer::Ready(_) => Some("the computer found no move".to_string()),
                Answer::Dropped => None,
                Answer::Failed(why) => Some(format!("the computer failed ({why})")),
            };
            if let Some(notice) = stuck {
                state.notices.push(notice);
                state.closed = true;
            }
        }
        drop(state);
        self.ring();
        self.kick();
    }
}

/// The computer's opponents of a record's seats, each within its budget,
/// made when first asked for a move (their tables cost memory: a game
/// between people never makes them).
pub(super) fn seated(record: &Record, seed: u64) -> Thinker {
    let chairs = record.seats().to_vec();
    let mut seats: Option<Seats> = None;
    Box::new(move |rules, at| {
        seats
            .get_or_insert_with(|| Seats::seated(&chairs, AiKind::default(), COMPUTER_BUDGET, seed))
            .seat(at.player())
            .and_then(|(ai, budget)| ai.choose(rules, at, budget))
    })
}
