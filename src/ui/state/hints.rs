//! The state machine's hints (a child module of `state`): asked for with
//! [`Effect::Hints`], worked out by the program around it, taken with
//! [`App::hints_ready`] unless the position changed meanwhile.

use std::hash::{Hash, Hasher};

use super::{App, Effect, Hint, Position};

/// Which position hints are asked for: a hash of it, small enough to pass
/// through the driver's events (two positions of a game that share one are
/// as good as impossible: 64 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot(u64);

impl Spot {
    /// The spot of `position`.
    pub fn of(position: &Position) -> Spot {
        let mut hasher = rustc_hash::FxHasher::default();
        position.hash(&mut hasher);
        Spot(hasher.finish())
    }
}

impl App {
    /// This game with hints for the `H` key, worked out by `hinter` (in
    /// words, such as `search, up to 1 s`): the key answers
    /// [`Effect::Hints`], and the program around the state machine runs a
    /// [`HintProvider`](super::HintProvider) and answers with [`App::hints_ready`].
    pub fn with_hints(mut self, hinter: impl Into<String>) -> App {
        self.hinter = Some(hinter.into());
        self
    }

    /// The hints for the current position, once asked for.
    pub fn hints(&self) -> Option<&[Hint]> {
        self.hints.as_deref()
    }

    /// The position whose hints are being worked out, if any.
    pub fn hints_pending(&self) -> Option<Spot> {
        self.hint_wait.as_ref().map(|(at, _)| Spot::of(at))
    }

    /// Takes the hints worked out for the position at `spot` (`None`: none
    /// can be given there); returns false, changing nothing, if they are no
    /// longer wanted: cancelled, or a move was played meanwhile.
    pub fn hints_ready(&mut self, spot: Spot, hints: Option<Vec<Hint>>) -> bool {
        let pending = self.hint_wait.as_ref().map(|(at, _)| *at);
        if pending != Some(self.position()) || Spot::of(&self.position()) != spot {
            return false;
        }
        self.hint_wait = None;
        match hints {
            Some(hints) => {
                self.message = Some("Each move's rating is beside it in the list.".into());
                self.hints = Some(hints);
            }
            None => self.message = Some("No hint can be given here.".into()),
        }
        true
    }

    /// Asks for the hints of this position, unless they are shown or on
    /// their way.
    pub(super) fn hint(&mut self) -> Effect {
        if self.off_in_network("Hints (H)") {
            return Effect::Continue;
        }
        let Some(hinter) = &self.hinter else {
            self.message = Some("There are no hints in this game.".into());
            return Effect::Continue;
        };
        if self.hints.is_some() {
            self.message = Some("The ratings are beside the moves in the list.".into());
            return Effect::Continue;
        }
        if self.hint_wait.is_some() {
            return Effect::Continue;
        }
        let text = format!("Working out hints ({hinter})... Esc cancels.");
        self.hint_wait = Some((self.position(), text));
        Effect::Hints(Spot::of(&self.position()))
    }
}
