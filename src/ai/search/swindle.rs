//! The swindle search (a child module of `search`): once the root is
//! proven not to win, the rest of the budget picks, among the moves that
//! keep the proven value, the one a fallible opponent is likeliest to
//! answer badly, by a soft minimax deepened while the budget lasts.

use super::{LOSS, MAX_DEPTH, Search, WIN};
use crate::ai::evaluate;
use crate::game::{Move, Position, Rules};

/// The weight of an opponent's average reply in [`Search::swindle`].
const SLIP: f64 = 0.25;
/// The most nodes a swindle search may visit.
const SWINDLE_NODES: u64 = 1 << 20;

impl Search {
    /// Among `candidates` (root moves of equal proven value, not a win), the
    /// one with the best value when every opponent is taken to play her best
    /// reply most of the time and an average one otherwise: a deterministic
    /// search deepened while the budget lasts. None if even depth 1 did not
    /// finish.
    pub(super) fn swindle(
        &mut self,
        rules: &Rules,
        position: &Position,
        candidates: &[Move],
    ) -> Option<Move> {
        self.clock_on = true;
        self.aborted = false;
        let start = self.nodes;
        let mut chosen = None;
        for depth in 1..=MAX_DEPTH {
            let mut best: Option<(f64, Move)> = None;
            let mut complete = true;
            for &mv in candidates {
                let child = position.after(rules, mv);
                let v = self.soft(rules, &child, depth - 1, start);
                if self.aborted {
                    break;
                }
                complete &= v.1;
                if best.is_none_or(|(b, _)| v.0 > b) {
                    best = Some((v.0, mv));
                }
            }
            if self.aborted {
                break;
            }
            chosen = best.map(|(_, mv)| mv);
            if complete {
                break;
            }
        }
        self.aborted = false;
        chosen
    }

    /// The soft value of `position` in [0, 1] for the rated player, and
    /// whether no horizon was reached.
    fn soft(&mut self, rules: &Rules, position: &Position, depth: u32, start: u64) -> (f64, bool) {
        self.nodes += 1;
        if self.nodes - start >= SWINDLE_NODES {
            self.aborted = true;
        }
        if self.out_of_budget() {
            return (0.0, false);
        }
        let moves = position.moves(rules);
        if moves.is_empty() {
            let score = self.terminal_score(position);
            return (f64::from(score - LOSS) / f64::from(WIN - LOSS), true);
        }
        if depth == 0 {
            let e = f64::from(evaluate(rules, position, self.rated));
            return (1.0 / (1.0 + (-e / 300.0).exp()), false);
        }
        let maximise = position.player() == self.rated;
        let (mut lo, mut hi, mut sum) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
        let mut exact = true;
        for &mv in &moves {
            let (v, e) = self.soft(rules, &position.after(rules, mv), depth - 1, start);
            if self.aborted {
                return (0.0, false);
            }
            exact &= e;
            lo = lo.min(v);
            hi = hi.max(v);
            sum += v;
        }
        let value = if maximise {
            hi
        } else {
            (1.0 - SLIP) * lo + SLIP * sum / moves.len() as f64
        };
        (value, exact)
    }
}
