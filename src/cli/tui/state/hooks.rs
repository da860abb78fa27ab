//! The hooks by which the full-screen game asks a computer player for its
//! moves and its hints, knowing nothing of how they are made.

use crate::game::{Move, Position, Rules};
use crate::record::Play;

/// One rated move, as a hint provider reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// Its rating in words, such as `win (exact 1)` or `estimate +12`.
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
/// the game has one, and the terminal driver runs it on a worker thread, so
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
///         Some(analysis.moves.iter()
///             .enumerate()
///             .map(|(i, m)| Hint { mv: m.mv, rating: m.rating.to_string(), best: i == analysis.choice, chance: None })
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
/// players. The terminal driver runs it on a worker thread, so that the
/// screen stays responsive while it thinks; [`App::with_computers`](super::App::with_computers) says
/// which players it moves.
pub trait ComputerPlayer: Send {
    /// The move the computer plays for the player to move in `position`,
    /// one of `position.moves(rules)`; `None` when it has none.
    fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move>;
}

/// Keeps a record of every game of the session: called on the main loop after every change
/// of the game (a move, an undo, a redo, a continue from a replay), with every move from the
/// start to the position shown (each with its roll and placements, as a record keeps them),
/// and whether the game is over there; and when a new game
/// starts (`n` once a game is over), so that it is kept too.
pub trait Recorder: Send {
    /// The game as it stands now. Errors are the recorder's to report: it returns a short
    /// message for the status line (e.g. "could not save: disk full") or None.
    fn record(&mut self, moves: &[Play], over: bool) -> Option<String>;

    /// A new game starts, from `start` under `rules` (its board drawn from `seed`), with the
    /// same players: from now on [`record`](Recorder::record) is told of it, and the game
    /// that ended stays as it was kept. Returns a short message for the status line (where
    /// the new game is kept, or why it cannot be) or None.
    fn new_game(&mut self, rules: &Rules, start: Position, seed: Option<u64>) -> Option<String>;

    /// Why the game now played is not being saved (its last save failed),
    /// as a warning for the message line, or None while it is saved.
    fn unsaved(&self) -> Option<String> {
        None
    }
}
