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
        if !ai.counts_nodes() {
            return format!("{ai} plays at once, at every strength");
        }
        let nodes = ai.budget_for(self.budget()).nodes.unwrap_or(self.nodes());
        let nodes = crate::text::group_digits(nodes);
        match ai.round_time(set) {
            Some(round) => format!(
                "{nodes} nodes: a round of {} {}",
                seats_in_words(round.seats),
                seconds_in_words(round.seconds[self as usize])
            ),
            None => format!("{nodes} nodes a move"),
        }
    }
}

/// A number of seats, 1 to 7, in words (a figure beyond).
fn seats_in_words(seats: u8) -> String {
    const WORDS: [&str; 7] = ["one", "two", "three", "four", "five", "six", "seven"];
    match WORDS.get(usize::from(seats).wrapping_sub(1)) {
        Some(word) => word.to_string(),
        None => seats.to_string(),
    }
}

/// A measured time, roughly: `~0.3 s`, or `<0.01 s` below a hundredth.
fn seconds_in_words(seconds: f32) -> String {
    if seconds < 0.01 {
        "<0.01 s".to_string()
    } else {
        format!("~{seconds} s")
    }
}

#[cfg(test)]
#[path = "strength_tests.rs"]
mod tests;
