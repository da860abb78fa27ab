//! Realm of Racket's computer player.

use super::{Analysis, Budget, Strategy};
use crate::game::{Move, Player, Position, Rules};

/// The book's plies.
const DEPTH: u32 = 4;

/// Realm of Racket's AI: plain minimax to depth 4 (each attack or pass a
/// ply; every other player minimises), a position at the depth or the end
/// rated 1/k if the AI is among the k players tied for the most cells, 0
/// otherwise. It plays the first best move and ignores the budget.
///
/// ```
/// use dice_of_doom::ai::{Budget, RacketPlayer, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Racket, Map::offset(2).unwrap(), 2, 3).unwrap();
/// let start = Position::start(&rules, "a-3 b-2 / b-1 b-1".parse().unwrap(), Player::A).unwrap();
/// assert!(RacketPlayer.choose(&rules, &start, Budget::UNLIMITED).is_some());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RacketPlayer;

impl Strategy for RacketPlayer {
    fn name(&self) -> &'static str {
        "racket"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        _budget: Budget,
        _full: bool,
    ) -> Option<Analysis> {
        let me = position.player();
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        let values: Vec<f64> = menu
            .iter()
            .map(|&mv| rate(rules, &child(rules, position, mv), me, DEPTH - 1))
            .collect();
        Some(Analysis::of_values(menu, &values, 1000.0))
    }
}

/// The position after a move, an attack taken as won (as the book's sure
/// attacks are).
fn child(rules: &Rules, at: &Position, mv: Move) -> Position {
    at.after(rules, mv)
}

fn rate(rules: &Rules, at: &Position, me: Player, depth: u32) -> f64 {
    let menu = at.moves(rules);
    if depth == 0 || menu.is_empty() {
        let winners = at.winners();
        return if winners.contains(me) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
    }
    let values = menu
        .iter()
        .map(|&mv| rate(rules, &child(rules, at, mv), me, depth - 1));
    if at.player() == me {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}
