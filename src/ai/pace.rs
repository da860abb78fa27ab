//! How long the computer's turns take: which opponents think within a node
//! budget, and the round times measured for each rule set's own game
//! ([`AiKind::round_time`]).

use super::AiKind;
use crate::game::RuleSet;

/// A round of the computer's turns as measured: every computer seat of a
/// rule set's own game (its players and board, a person at `a`) played by
/// one opponent, at the new-game screen's three strength levels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundTime {
    /// The computer's seats in the round.
    pub seats: u8,
    /// The median CPU seconds of a round at easy, normal and strong.
    pub seconds: [f32; 3],
}

impl AiKind {
    /// Whether this opponent searches within a node budget (the others do
    /// a small fixed amount of work a move, whatever the budget).
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// assert!(AiKind::Mcts.counts_nodes());
    /// assert!(!AiKind::Lol4.counts_nodes());
    /// ```
    pub const fn counts_nodes(self) -> bool {
        matches!(
            self,
            AiKind::Perfect | AiKind::Search | AiKind::Lol | AiKind::Chance | AiKind::Mcts
        )
    }

    /// How long a round of this opponent's turns takes in rule set `set`'s
    /// own game, where it was measured (release build, the 2-core project
    /// machine, the median of five rounds of CPU time; docs/OPPONENTS.md,
    /// "Playing against the computer"), with the budgets of
    /// [`AiKind::budget_for`]; `None` where it was not.
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// let round = AiKind::Mcts.round_time(RuleSet::Lol4).unwrap();
    /// assert_eq!(round.seats, 3);
    /// assert_eq!(AiKind::Random.round_time(RuleSet::Lol4), None);
    /// ```
    pub fn round_time(self, set: RuleSet) -> Option<RoundTime> {
        let (seats, seconds) = match (set, self) {
            (RuleSet::Lol4, AiKind::Mcts) => (3, [0.02, 0.3, 0.9]),
            (RuleSet::Lol4, AiKind::Chance) => (3, [0.03, 0.6, 1.3]),
            (RuleSet::Dicewars, AiKind::Chance) => (6, [0.08, 1.0, 2.5]),
            (RuleSet::Dicewars, AiKind::Mcts) => (6, [0.03, 0.4, 1.3]),
            (RuleSet::Classic | RuleSet::Racket, AiKind::Search) => (1, [0.005, 0.02, 0.03]),
            _ => return None,
        };
        Some(RoundTime { seats, seconds })
    }
}
