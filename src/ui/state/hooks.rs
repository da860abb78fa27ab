//! The hooks by which the full-screen game asks a computer player for its
//! moves and its hints, knowing nothing of how they are made.

use crate::game::{Move, Player, Position, Rules};

/// One rated move, as a hint provider reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// Its rating in words, in one scale whoever rated it: a proven value
    /// (`wins (proven)`, `loses (proven)`, `2-way tie (proven)`, `52% to
    /// win (proven)`) or the rater's estimate, `best` (its choice), `good`
    /// (less than a cell's worth behind) or `risky`.
    pub rating: String,
    /// Whether it is the move the computer would choose.
    pub best: bool,
    /// The chance that the attack takes its target, under rules that roll
    /// dice (from the battle's exact odds); `None` for a pass or a sure
    /// attack.
    pub chance: Option<f64>,
}

/// Something that can rate every legal move of a position: the hook for the
/// computer players' hints. The game works without one (the `H` key then
/// says there are no hints); [`App::with_hints`](super::App::with_hints) says
/// the game has one, and the terminal driver runs it as a job on the pool
/// ([`crate::session::computer`]), so
/// that the screen and every key stay responsive while it works.
///
/// A computer player that rates moves can be adapted in a few lines, for
/// example (with a `Strategy` that returns an analysis of rated moves):
///
/// ```text
/// struct StrategyHints(Box<dyn Strategy>, Budget);
/// impl HintProvider for StrategyHints {
///     fn hints(&mut self, rules: &Rules, position: &Position) -> Option<Vec<Hint>> {
///         let analysis = self.0.analyse(rules, position, self.1, true)?;
///         let words = verdict::verdicts(&analysis);
///         Some(analysis.moves.iter().zip(words)
///             .enumerate()
///             .map(|(i, (m, rating))| Hint { mv: m.mv, rating, best: i == analysis.choice, chance: None })
///             .collect())
///     }
/// }
/// ```
pub trait HintProvider: Send {
    /// The rating of every legal move of `position`, in menu order, or `None`
    /// when no hint can be given here.
    fn hints(&mut self, rules: &Rules, position: &Position) -> Option<Vec<Hint>>;
}

/// Something that picks the computer's moves: the hook for the computer
/// players. The terminal driver runs it as a job on the pool, so that the
/// screen stays responsive while it thinks; [`App::with_computers`](super::App::with_computers) says
/// which players it moves.
pub trait ComputerPlayer: Send {
    /// The move the computer plays for the player to move in `position`,
    /// one of `position.moves(rules)`; `None` when it has none.
    fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move>;

    /// `player`'s opponent failed (`why`): her seat falls back to a lesser
    /// one, if there is one (see [`crate::session::FellBack`]).
    fn fall_back(&mut self, _player: Player, _why: String) -> Option<crate::session::FellBack> {
        None
    }
}
