//! The mover's own turn seen exactly at the root of [`Mcts`](super::Mcts):
//! `chance`'s one-turn expectimax ([`Chance`]) rates the root's moves with a
//! share of the budget, and its ratings become the root's priors (and,
//! where asked, virtual visits), so that the tree's simulations, which see
//! seven players' turns, start from an exact view of the mover's own.

use super::tree::{Edge, Tree};
use crate::ai::{Budget, Chance, ChanceConfig, PlayoutScore, Rating, Strategy};
use crate::game::{Move, Position, Rules};

/// The settings of the root's turn search ([`MctsConfig::root`](super::MctsConfig::root)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootSearch {
    /// The share of the move's budget (nodes, or time) that `chance`'s
    /// turn search may spend; the tree gets the rest.
    pub share: f32,
    /// The priors' softmax temperature, in units of the mover's chance of
    /// winning as `chance` rates it (its score `1000 (2 p - 1)` with the
    /// learned model, or the hand-written score / 2,000).
    pub temperature: f32,
    /// Virtual visits: each root move starts with this many simulations
    /// worth `chance`'s rating of it as a chance of winning (0: none; only
    /// with the learned model, whose ratings are on that scale).
    pub visits: u32,
    /// Whether `chance` scores its playouts' ends with the learned model
    /// ([`PlayoutScore::Learned`]) rather than its hand-written weights.
    pub learned: bool,
}

impl Default for RootSearch {
    fn default() -> RootSearch {
        RootSearch {
            share: 0.3,
            temperature: 0.02,
            visits: 0,
            learned: true,
        }
    }
}

/// The part of `budget` the root search may spend.
fn share_of(budget: Budget, share: f32) -> Budget {
    let share = f64::from(share.clamp(0.0, 1.0));
    Budget {
        time: budget.time.map(|t| t.mul_f64(share)),
        nodes: budget
            .nodes
            .map(|n| ((n as f64 * share).round() as u64).max(1)),
    }
}

/// Rates the root's moves `menu` at `position` by `chance`'s turn search
/// within its share of `budget`, and offers them at the tree's root (in
/// menu order) with its priors and virtual visits; the nodes it spent.
pub(super) fn seed_root(
    settings: RootSearch,
    rules: &Rules,
    position: &Position,
    menu: &[Move],
    budget: Budget,
    tree: &mut Tree,
) -> u64 {
    let mut chance = Chance::new(ChanceConfig {
        leaf: if settings.learned {
            PlayoutScore::Learned
        } else {
            PlayoutScore::Weights
        },
        ..ChanceConfig::default()
    });
    let analysis = chance.analyse(rules, position, share_of(budget, settings.share), false);
    let spent = chance.last_search().0;
    // The ratings are the scores times 100: a score of 1,000 (2 p - 1), so
    // 200,000 a unit of p.
    let chances: Vec<f32> = menu
        .iter()
        .map(|&mv| {
            let rating = analysis
                .as_ref()
                .and_then(|a| a.moves.iter().find(|r| r.mv == mv))
                .map(|r| r.rating);
            match rating {
                Some(Rating::Estimate(e)) if e > i32::MIN => {
                    ((f64::from(e) / 200_000.0 + 1.0) / 2.0) as f32
                }
                _ => f32::NEG_INFINITY,
            }
        })
        .collect();
    let best = chances.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let t = settings.temperature.max(1e-6);
    for (&mv, &p) in menu.iter().zip(&chances) {
        let weight = match (best.is_finite(), p.is_finite()) {
            (true, true) => ((p - best) / t).exp(),
            (true, false) => 0.0,
            (false, _) => 1.0,
        };
        let mut edge = Edge::new(mv, weight);
        if settings.visits > 0 && settings.learned && p.is_finite() {
            edge.visits = settings.visits;
            edge.sum = p.clamp(0.0, 1.0) * settings.visits as f32;
        }
        let _ = tree.offer(0, edge);
    }
    spent
}

#[cfg(test)]
#[path = "root_tests.rs"]
mod tests;
