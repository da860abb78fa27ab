//! Realm of Racket's computer player.

use super::{Analysis, Budget, Strategy};
use crate::game::{Move, Player, Position, Rules};

/// The book's plies.
const DEPTH: u32 = 4;

/// Realm of Racket's AI: plain minimax to depth 4 (each attack or pass a
/// ply; every other player minimises), a position at the depth or the end
/// rated 1/k if the AI is among the k players tied for the most cells, 0
/// otherwise. Of the moves rated best it plays the first in the menu's
/// order, which is the book's list order (by source cell from the highest
/// index down on every other turn, see
/// [`Position::is_reversed`]): the ratings are 1/k or 0 and minimax only
/// picks among them, so equal ratings are equal exactly. It ignores the
/// budget.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, RuleSet};

    /// On the book's 2x2 board (neighbours 0: 3, 2, 1; 1: 3, 0; 2: 0, 3;
    /// 3: 1, 0, 2) `b` has four attacks, each taking one of `a`'s two
    /// cells; whatever she plays, her other 2-stack takes the last one or
    /// `a`, left with one cell of 1 die, cannot attack: every move is rated
    /// 1, and the AI plays the first in the book's list order.
    #[test]
    fn of_equal_moves_the_first_in_the_book_s_list_order() {
        let rules = Rules::of(RuleSet::Racket, Map::offset(2).unwrap(), 2, 3).unwrap();
        let board = "b-2 a-1 / a-1 b-2".parse().unwrap();
        let start = Position::start(&rules, board, Player::B).unwrap();
        let attack = |from, to| Move::Attack { from, to };
        for (reversed, menu) in [
            (
                false,
                [attack(0, 2), attack(0, 1), attack(3, 1), attack(3, 2)],
            ),
            (
                true,
                [attack(3, 1), attack(3, 2), attack(0, 2), attack(0, 1)],
            ),
        ] {
            let at = start.with_reversed(reversed);
            let analysis = RacketPlayer
                .analyse(&rules, &at, Budget::UNLIMITED, true)
                .unwrap();
            let moves: Vec<Move> = analysis.moves.iter().map(|m| m.mv).collect();
            assert_eq!(moves, menu);
            assert!(
                analysis
                    .moves
                    .iter()
                    .all(|m| m.rating == analysis.moves[0].rating)
            );
            assert_eq!(analysis.choice, 0, "{reversed}");
            assert_eq!(
                RacketPlayer.choose(&rules, &at, Budget::UNLIMITED),
                Some(menu[0])
            );
        }
    }
}
