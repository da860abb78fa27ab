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
        if state.turn.is_none() && (state.closed || state.session.record().is_over()) {
            // The game is done: its computer's tables are freed (a thread
            // holding the thinker never waits for the room's state).
            *self.thinker.lock().unwrap_or_else(PoisonError::into_inner) = Box::new(|_, _| None);
            return;
        }
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
    /// it was. A computer whose thinking failed (a panic) falls back to a
    /// lesser opponent ([`Session::fall_back`]), with a word to everyone,
    /// and the game goes on; one with no move, or with nothing below it,
    /// closes the game with a word to everyone.
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
                Answer::Failed(why) => self.fall_back(&mut state, why),
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

impl Room {
    /// The computer's thinking failed (`why`) for the player to move: her
    /// seat falls back to a lesser opponent in the record, the room thinks
    /// with the record's opponents from now on, and everyone is told (a
    /// notice); the words that close the game when nothing is below it.
    fn fall_back(&self, state: &mut State, why: String) -> Option<String> {
        let Some(player) = state.session.computer_to_move() else {
            return Some(format!("the computer failed ({why})"));
        };
        match state.session.fall_back(player, why.clone()) {
            Some(fell) => {
                state.notices.push(fell.to_string());
                let thinker = seated(state.session.record(), state.session.seed());
                // The pool's thread that failed has let the thinker go, and
                // a thread holding it never waits for the room's state.
                *self.thinker.lock().unwrap_or_else(PoisonError::into_inner) = thinker;
                None
            }
            None => Some(format!("the computer failed ({why})")),
        }
    }
}

/// The refusal of a new game whose computer's seats would take the
/// games' computers past the server's memory.
pub(super) const FULL: &str = "the server is full of computer games; try later";

/// The most memory the computer's seats `seats` hold under rule set `set`
/// ([`AiKind::memory`]).
fn memory_of(seats: &[Seat], set: crate::game::RuleSet) -> usize {
    seats
        .iter()
        .map(|seat| match seat {
            Seat::Computer { ai, .. } => ai.memory(set).bytes(),
            Seat::Person => 0,
        })
        .fold(0, usize::saturating_add)
}

impl Room {
    /// The most memory this room's computer holds: none once the game is
    /// over or closed (its tables are freed).
    fn memory(&self) -> usize {
        let state = self.lock();
        if state.closed || state.session.record().is_over() {
            return 0;
        }
        let record = state.session.record();
        memory_of(record.seats(), record.rules().set())
    }
}

impl Rooms {
    /// Whether the games' computers, `rooms` (the map, locked by the
    /// caller until the new room is in it: two games made at once cannot
    /// both take the last share), have room for `dealt`'s seats within the
    /// server's memory; [`FULL`] if not.
    pub(super) fn room_for(
        &self,
        rooms: &BTreeMap<String, Arc<Room>>,
        dealt: &crate::session::Dealt,
    ) -> Result<(), String> {
        let need = memory_of(&dealt.seats, dealt.rules.set());
        if need == 0 {
            return Ok(());
        }
        let used = rooms
            .values()
            .map(|room| room.memory())
            .fold(0, usize::saturating_add);
        if used.saturating_add(need) > self.max_memory.bytes() {
            return Err(FULL.to_string());
        }
        Ok(())
    }
}

/// The computer's opponents of a record's seats, each within its budget,
/// made when first asked for a move (their tables cost memory: a game
/// between people never makes them). An opponent that cannot play the
/// record's rules plays as a lesser one ([`Seats::seated`]).
pub(super) fn seated(record: &Record, seed: u64) -> Thinker {
    let chairs = record.seats().to_vec();
    let set = record.rules().set();
    let mut seats: Option<Seats> = None;
    Box::new(move |rules, at| {
        seats
            .get_or_insert_with(|| {
                // A room gives no hints: the hints' opponent costs nothing.
                Seats::seated(&chairs, AiKind::Random, COMPUTER_BUDGET, seed, set)
            })
            .seat(at.player())
            .and_then(|(ai, budget)| ai.choose(rules, at, budget))
    })
}

#[cfg(test)]
#[path = "computer_tests.rs"]
mod tests;
