//! Which move a simulation of [`Mcts`](super::Mcts) tries at a node of the
//! tree: PUCT over the moves legal in the position it reached, each move's
//! prior a softmax of the rollout model's rating, each judged by the mean
//! value of its simulations for the player to move (max-n).

use super::rollout::rating;
use super::tree::{Edge, Tree};
use crate::ai::Model;
use crate::game::{Move, Position, Rules};

/// The settings of the choice at a node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Selection {
    /// The weight of the exploration term.
    pub(super) exploration: f32,
    /// The softmax temperature of the priors, in rating units.
    pub(super) prior_temperature: f32,
    /// Whether the mean values are rescaled to the node's range (the
    /// lowest mean of its tried moves 0, the highest 1) before the
    /// exploration term is added.
    pub(super) normalize: bool,
}

/// What the choice needs besides the tree: the rules, the model whose
/// ratings are the priors, the settings.
pub(super) struct Chooser<'a> {
    pub(super) rules: &'a Rules,
    pub(super) model: &'a Model,
    pub(super) selection: Selection,
}

/// Scratch space for [`Chooser::choose`], kept between calls.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) menu: Vec<Move>,
    legal: Vec<(u32, f32)>,
}

/// The index of the edge to follow from `node`, whose position (this
/// time) is `at`: among the edges of its legal moves, adding those not
/// offered yet, the one of the highest `Q + c P sqrt(N + 1) / (1 + n)`
/// (Q the edge's mean value for the mover, or for an edge not tried the
/// mean of those tried; P its prior; n its visits, N theirs together);
/// with `each_once`, first every legal move not tried yet, in menu order.
/// `None` when no legal move has an edge (the tree is full).
impl Chooser<'_> {
    pub(super) fn choose(
        &self,
        tree: &mut Tree,
        node: u32,
        at: &Position,
        each_once: bool,
        scratch: &mut Scratch,
    ) -> Option<u32> {
        let (rules, model, selection) = (self.rules, self.model, self.selection);
        at.moves_into(rules, &mut scratch.menu);
        scratch.legal.clear();
        let t = selection.prior_temperature.max(1e-3);
        // The edges are offered in menu order, so the next legal move is
        // most often the next edge: looked at first, then every edge.
        let mut next = 0usize;
        for &mv in &scratch.menu {
            let edges = &tree.nodes[node as usize].edges;
            let found = if edges.get(next).is_some_and(|e| e.mv == mv) {
                Some(next)
            } else {
                edges.iter().position(|e| e.mv == mv)
            };
            let index = match found.and_then(|i| u32::try_from(i).ok()) {
                Some(i) => Some(i),
                None => tree.offer(node, Edge::new(mv, weight(rating(rules, at, mv, model), t))),
            };
            if let Some(i) = index {
                next = i as usize + 1;
                let w = tree.nodes[node as usize].edges[i as usize].weight;
                scratch.legal.push((i, w));
            }
        }
        let edges = &tree.nodes[node as usize].edges;
        if each_once
            && let Some(&(i, _)) = scratch
                .legal
                .iter()
                .find(|&&(i, _)| edges[i as usize].visits == 0)
        {
            return Some(i);
        }
        let (mut total, mut visits, mut sum) = (0f32, 0u32, 0f32);
        for &(i, w) in &scratch.legal {
            total += w;
            let e = &edges[i as usize];
            visits += e.visits;
            sum += e.sum;
        }
        if total <= 0.0 || !total.is_finite() {
            // Every weight under- or overflowed: even priors.
            for (_, w) in &mut scratch.legal {
                *w = 1.0;
            }
            total = scratch.legal.len() as f32;
        }
        let first = if visits > 0 { sum / visits as f32 } else { 0.0 };
        let (mut low, mut high) = (f32::INFINITY, f32::NEG_INFINITY);
        if selection.normalize {
            for &(i, _) in &scratch.legal {
                let e = &edges[i as usize];
                if e.visits > 0 {
                    low = low.min(e.mean());
                    high = high.max(e.mean());
                }
            }
        }
        let scale = |q: f32| {
            if high > low {
                (q - low) / (high - low)
            } else {
                q
            }
        };
        let root_n = (visits as f32 + 1.0).sqrt();
        let mut best: Option<(f32, u32)> = None;
        for &(i, prior) in &scratch.legal {
            let e = &edges[i as usize];
            let q = scale(if e.visits > 0 { e.mean() } else { first });
            let u = selection.exploration * (prior / total) * root_n / (1.0 + e.visits as f32);
            let score = q + u;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
            }
        }
        best.map(|(_, i)| i)
    }
}

/// A move's prior weight, the numerator of the priors' softmax:
/// `exp((rating - 1) / temperature)`, computed once when the move is
/// offered (a rating is at most about 1, so it seldom overflows, and
/// [`Chooser::choose`] falls back on even priors where it does).
fn weight(rating: f32, temperature: f32) -> f32 {
    ((rating - 1.0) / temperature).exp()
}
