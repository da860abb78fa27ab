//! A room's computer seats: what thinks for them, and the pool's turn for
//! the room (the computer thinks on a copy of the position, the room's
//! lock released, and plays only if the game is where it was).

use super::*;

/// What thinks for a room's computer seats: the move of the player to move
/// in a position.
pub(super) type Thinker = Box<dyn FnMut(&Rules, &Position) -> Option<Move> + Send>;

/// Makes the [`Thinker`] of a game from its record and seed.
pub(super) type Brains = Arc<dyn Fn(&Record, u64) -> Thinker + Send + Sync>;

impl Job for Room {
    /// The pool's turn for this room: the computer thinks on a copy of the
    /// position with the room's lock released, then plays its move if the
    /// game is where it was.
    fn run(&self) {
        let (plays, rules, at) = {
            let mut state = self.lock();
            if state.closed || state.session.computer_to_move().is_none() {
                state.queued = false;
                return;
            }
            state.thinking = true;
            let session = &state.session;
            (
                session.record().plays().len(),
                session.rules().clone(),
                session.position(),
            )
        };
        let chosen = {
            let mut thinker = self.thinker.lock().unwrap_or_else(PoisonError::into_inner);
            thinker(&rules, &at).filter(|mv| at.moves(&rules).contains(mv))
        };
        let mut state = self.lock();
        state.thinking = false;
        state.queued = false;
        let moved_on = state.session.record().plays().len() != plays;
        if !state.closed && !moved_on {
            let played = chosen.is_some_and(|mv| state.session.play(mv, true).is_ok());
            if !played {
                state.notices.push("the computer found no move".to_string());
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
