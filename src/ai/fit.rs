//! Where each opponent can play: an exact search (`perfect`) finishes only
//! where the game graph has no cycle, which is where every attack wins
//! (the classic rules, Realm of Racket: every turn loses dice). Under the
//! rule sets that roll dice (`lol4`, Dice Wars) reinforcement gives dice
//! back, the graph has cycles, and the solve and the proof behind
//! `perfect` would never end (a stack overflow, or an overflowed depth).
//!
//! Measured (docs/OPPONENTS.md): `perfect` at every seat finished every
//! game tried under the classic rules (2x2 to 10x10 boards, 2 to 4
//! players, random maps of 40 territories) and Realm of Racket's (up to
//! 10x10), its memory bounded by [`PROOF_MEMORY`](super::PROOF_MEMORY) and
//! [`DEFAULT_MAX_POSITIONS`](super::DEFAULT_MAX_POSITIONS); under `lol4`
//! (2x2 and 3x3 boards) and Dice Wars (6 territories) it failed on its
//! first move. So the bound is the rule set's battle, whatever the board.

use super::AiKind;
use crate::analysis::ByteSize;
use crate::game::{Battle, RuleSet};

/// An opponent that cannot play a rule set's games: its search would never
/// finish there ([`AiKind::fit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the opponent `{kind}` cannot play the {set} rules: its exact search ends only where every \
     attack wins (classic, racket); choose another, such as `{instead}`"
)]
pub struct Unfit {
    /// The opponent.
    pub kind: AiKind,
    /// The rule set it cannot play.
    pub set: RuleSet,
    /// The rule set's own opponent, which can.
    pub instead: AiKind,
}

impl AiKind {
    /// Whether this opponent searches to the end of the game (`perfect`):
    /// it can play only where the game graph has no cycle.
    pub const fn is_exact(self) -> bool {
        matches!(self, AiKind::Perfect)
    }

    /// Whether this opponent can play the games of rule set `set`: an exact
    /// search only where every attack wins (see the [module](self)).
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert!(AiKind::Perfect.fit(RuleSet::Classic).is_ok());
    /// let unfit = AiKind::Perfect.fit(RuleSet::Dicewars).unwrap_err();
    /// assert_eq!(unfit.instead, AiKind::Chance);
    /// assert!(AiKind::Chance.fit(RuleSet::Dicewars).is_ok());
    /// ```
    ///
    /// # Errors
    /// [`Unfit`], naming the rule set's own opponent instead.
    pub fn fit(self, set: RuleSet) -> Result<(), Unfit> {
        if self.is_exact() && set.policy().battle == Battle::Dice {
            Err(Unfit {
                kind: self,
                set,
                instead: AiKind::for_rules(set),
            })
        } else {
            Ok(())
        }
    }

    /// The opponents that can play rule set `set`, in [`AiKind::ALL`]'s
    /// order.
    pub fn fitting(set: RuleSet) -> impl Iterator<Item = AiKind> {
        AiKind::ALL
            .into_iter()
            .filter(move |kind| kind.fit(set).is_ok())
    }

    /// The lesser opponent that takes over a seat whose opponent `self`
    /// failed (or cannot play `set`): the rule set's own
    /// ([`AiKind::for_rules`]), unless that is `self`, then `random`;
    /// `None` after `random`, which has nothing below it.
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::Perfect.lesser(RuleSet::Dicewars), Some(AiKind::Chance));
    /// assert_eq!(AiKind::Chance.lesser(RuleSet::Dicewars), Some(AiKind::Random));
    /// assert_eq!(AiKind::Random.lesser(RuleSet::Dicewars), None);
    /// ```
    pub fn lesser(self, set: RuleSet) -> Option<AiKind> {
        let own = AiKind::for_rules(set);
        if self == AiKind::Random {
            None
        } else if own != self && own.fit(set).is_ok() {
            Some(own)
        } else {
            Some(AiKind::Random)
        }
    }
}

/// The most memory one [`Search`](super::Search) of the default settings
/// holds: its table of [`DEFAULT_TABLE_ENTRIES`](super::DEFAULT_TABLE_ENTRIES)
/// (about 24 MiB, measured), rounded up.
const SEARCH_MEMORY: usize = 32 << 20;

/// The most memory [`Perfect`](super::Perfect) holds: its proofs
/// ([`PROOF_MEMORY`](super::PROOF_MEMORY)), its tree of at most
/// [`DEFAULT_MAX_POSITIONS`](super::DEFAULT_MAX_POSITIONS) (about 100 MB)
/// and its fallback [`Search`](super::Search).
const PERFECT_MEMORY: usize = super::PROOF_MEMORY.bytes() + (128 << 20) + SEARCH_MEMORY;

/// What any other opponent holds at most: a move's worth of positions.
const SMALL_MEMORY: usize = 4 << 20;

impl AiKind {
    /// The most memory one opponent of this kind, with its default
    /// settings, holds while it plays rule set `set`'s games: what a server
    /// sets aside for each computer's seat. `chance` plays as `search`
    /// where every attack wins.
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// let perfect = AiKind::Perfect.memory(RuleSet::Classic).bytes();
    /// assert!(perfect > AiKind::Search.memory(RuleSet::Classic).bytes());
    /// assert!(AiKind::Chance.memory(RuleSet::Dicewars) < AiKind::Chance.memory(RuleSet::Classic));
    /// ```
    pub fn memory(self, set: RuleSet) -> ByteSize {
        let sure = set.policy().battle == Battle::Sure;
        ByteSize::new(match self {
            AiKind::Perfect => PERFECT_MEMORY,
            AiKind::Search => SEARCH_MEMORY,
            AiKind::Chance if sure => SEARCH_MEMORY,
            _ => SMALL_MEMORY,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_perfect_is_refused_and_only_where_dice_roll() {
        for set in RuleSet::ALL {
            let dice = set.policy().battle == Battle::Dice;
            for kind in AiKind::ALL {
                let refused = kind.fit(set).is_err();
                assert_eq!(refused, dice && kind == AiKind::Perfect, "{kind} {set}");
            }
            assert!(AiKind::for_rules(set).fit(set).is_ok(), "{set}");
            for kind in AiKind::ALL {
                // Every chain of lesser opponents ends, at `random`.
                let (mut at, mut steps) = (kind, 0);
                while let Some(lesser) = at.lesser(set) {
                    assert!(lesser != at && lesser.fit(set).is_ok(), "{kind}");
                    (at, steps) = (lesser, steps + 1);
                    assert!(steps <= 2, "{kind} {set}");
                }
                assert_eq!(at, AiKind::Random, "{kind} {set}");
            }
        }
        let unfit = AiKind::Perfect.fit(RuleSet::Dicewars).unwrap_err();
        assert_eq!(
            unfit.to_string(),
            "the opponent `perfect` cannot play the dicewars rules: its exact search ends only \
             where every attack wins (classic, racket); choose another, such as `chance`"
        );
    }
}
