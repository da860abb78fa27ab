//! The other player's reply in a two-player game, for our player for
//! chance ([`Chance`](super::Chance)): her first attack chosen as the one
//! worst for us, the rest of her turn played out by the model.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Model, ROLLOUT_SEED, Searcher, odds};
use crate::game::{Move, NoChance, Position};

/// How [`Chance`](super::Chance) scores the end of its turn in a
/// two-player game with [`ChanceConfig::reply`](super::ChanceConfig::reply):
/// of the other player's first attacks, the [`Reply::width`] the model
/// rates best are each looked at as a chance node (taken and held, by the
/// exact odds), each outcome scored by [`Reply::playouts`] playouts of the
/// rest of her turn by the model; she plays the one worst for us (a
/// minimum over her choices: two players are enemies), and the end of our
/// turn is worth that attack's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reply {
    /// How many of her first attacks are looked at (at least 1).
    pub width: u32,
    /// The playouts that score each outcome of each of those attacks (at
    /// least 1).
    pub playouts: u32,
}

impl Searcher<'_> {
    /// The value of ending our turn at `at`, her first attack of the reply
    /// chosen against us.
    pub(super) fn end_turn_replied(&mut self, at: &Position, reply: Reply) -> f64 {
        let rules = self.rules;
        let mut rng = ChaCha8Rng::seed_from_u64(ROLLOUT_SEED);
        let Ok(played) = at.play_rolled(rules, Move::Pass, &mut rng) else {
            return f64::NEG_INFINITY;
        };
        let start = played.position;
        if start.is_game_over(rules) || start.player() == self.me {
            return self.score(&start);
        }
        let model = self.config.model.unwrap_or_else(|| Model::for_rules(rules));
        let mut moves = start.moves(rules);
        // Her attacks, best rated first (the model's rating; the menu's
        // order among equals, so that the choice is reproducible).
        moves.retain(|mv| matches!(mv, Move::Attack { .. }));
        if moves.is_empty() {
            return self.playouts_from(&start, reply.playouts);
        }
        let board = start.board();
        let rating = |mv: &Move| match *mv {
            Move::Attack { from, to } => {
                model.base_rating(board, usize::from(from), usize::from(to), self.me)
            }
            Move::Pass => f64::NEG_INFINITY,
        };
        moves.sort_by(|a, b| rating(b).total_cmp(&rating(a)));
        moves.truncate(reply.width.max(1) as usize);
        let mut worst = f64::INFINITY;
        for mv in moves {
            self.nodes += 1;
            let Move::Attack { from, to } = mv else {
                continue;
            };
            let p = odds(
                board.cell(usize::from(from)).dice(),
                board.cell(usize::from(to)).dice(),
            );
            let won = start.resolve(rules, mv, true, &mut NoChance);
            let lost = start.resolve(rules, mv, false, &mut NoChance);
            let mut value = p * self.playouts_from(&won, reply.playouts);
            if p < 1.0 {
                value += (1.0 - p) * self.playouts_from(&lost, reply.playouts);
            }
            worst = worst.min(value);
        }
        worst
    }

    /// Our mean score over `k` playouts from `at`, in the other player's
    /// turn, each with dice of its own fixed seed.
    fn playouts_from(&mut self, at: &Position, k: u32) -> f64 {
        let k = k.max(1);
        let mut total = 0.0;
        for sample in 0..k {
            let mut rng = ChaCha8Rng::seed_from_u64(ROLLOUT_SEED + 1 + u64::from(sample));
            total += self.playout(*at, &mut rng);
        }
        total / f64::from(k)
    }
}
