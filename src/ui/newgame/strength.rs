//! How strong the computer plays, on the new-game screen: the levels
//! ([`Strength`]), each a budget at `chance`'s scale that every opponent
//! gets in its own nodes ([`AiKind::budget_for`]), and the pace the screen
//! states for it: how long a round of the computer's turns takes, as
//! measured for the rule set and the opponent chosen ([`Strength::pace`]).

use crate::ai::{AiKind, Budget};
use crate::game::RuleSet;
use crate::session;

/// How strong the computer plays: the search nodes of `chance` it may
/// visit per move, and as long a think for every other opponent (no clock:
/// the same seed plays the same game on every machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strength {
    /// 10,000 nodes a move.
    Easy,
    /// 200,000 nodes a move (`play`'s default,
    /// [`DEFAULT_NODES`](session::DEFAULT_NODES)).
    Normal,
    /// 500,000 nodes a move.
    Strong,
}

impl Strength {
    /// Every level, weakest first.
    pub(crate) const ALL: [Strength; 3] = [Strength::Easy, Strength::Normal, Strength::Strong];

    /// The level's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Normal => "normal",
            Strength::Strong => "strong",
        }
    }

    /// The search nodes of `chance` per move it stands for (`--nodes`
    /// where the opponent is `chance`).
    pub(crate) fn nodes(self) -> u64 {
        match self {
            Strength::Easy => 10_000,
            Strength::Normal => session::DEFAULT_NODES,
            Strength::Strong => 500_000,
        }
    }

    /// The budget per move it stands for, at `chance`'s scale: the new
    /// game scales it to its opponent's nodes
    /// ([`ComputerSeats::scaled`](session::ComputerSeats::scaled)).
    pub(crate) fn budget(self) -> Budget {
        Budget::nodes(self.nodes())
    }

    /// What the level means for opponent `ai` under rule set `set`, in
    /// words: the nodes `ai` gets a move, and how long a round of the
    /// computer's turns takes where it was measured (`100,000 nodes: a
    /// round of three ~0.3 s`); for an opponent that counts no nodes, that
    /// the level changes nothing.
    pub(crate) fn pace(self, set: RuleSet, ai: AiKind) -> String {
        if !counts_nodes(ai) {
            return format!("{ai} plays at once, at every strength");
        }
        let nodes = ai.budget_for(self.budget()).nodes.unwrap_or(self.nodes());
        let nodes = crate::text::group_digits(nodes);
        match round(set, ai) {
            Some((seats, times)) => {
                format!("{nodes} nodes: a round of {seats} {}", times[self as usize])
            }
            None => format!("{nodes} nodes a move"),
        }
    }
}

/// Whether opponent `ai` searches within a node budget (the others do a
/// small fixed amount of work a move, whatever the level).
fn counts_nodes(ai: AiKind) -> bool {
    matches!(
        ai,
        AiKind::Perfect | AiKind::Search | AiKind::Lol | AiKind::Chance | AiKind::Mcts
    )
}

/// How long a round of the computer's turns takes, at easy, normal and
/// strong, with `ai` at every computer seat of rule set `set`'s own game
/// (its players and board), and how many seats that round is: measured
/// where it was (release build, the 2-core machine, the median of five
/// rounds of CPU time; docs/OPPONENTS.md, "Playing against the
/// computer"), `None` elsewhere.
fn round(set: RuleSet, ai: AiKind) -> Option<(&'static str, [&'static str; 3])> {
    Some(match (set, ai) {
        (RuleSet::Lol4, AiKind::Mcts) => ("three", ["~0.02 s", "~0.3 s", "~0.9 s"]),
        (RuleSet::Lol4, AiKind::Chance) => ("three", ["~0.03 s", "~0.6 s", "~1.3 s"]),
        (RuleSet::Dicewars, AiKind::Chance) => ("six", ["~0.08 s", "~1 s", "~2.5 s"]),
        (RuleSet::Dicewars, AiKind::Mcts) => ("six", ["~0.03 s", "~0.4 s", "~1.3 s"]),
        (RuleSet::Classic | RuleSet::Racket, AiKind::Search) => {
            ("one", ["<0.01 s", "~0.02 s", "~0.03 s"])
        }
        _ => return None,
    })
}

#[cfg(test)]
#[path = "strength_tests.rs"]
mod tests;
