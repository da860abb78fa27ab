//! Land of Lisp's last computer player, for its rules with dice.

use super::{Analysis, Budget, Strategy, lol_score};
use crate::game::{Move, Player, Position, Rules};

/// The book's plies: each attack or pass is one.
const DEPTH: u32 = 2;

/// Land of Lisp's last AI: a depth-2 search (each attack or pass a ply) in
/// which every other player minimises (paranoid), an attack rated
/// `p * rating(won) + (1 - p) * rating(lost)` with `p` the chance of
/// winning rounded to two decimals as the book's table has it (our exact
/// odds rounded: the tests check they equal the book's table), and the
/// positions at the depth scored +2 for each own cell no enemy neighbour
/// outnumbers, +1 for each own cell one does, -1 for each enemy cell. A
/// pass whose placement is random is rated on the placement that puts each
/// die on the first cell with room. It ignores the budget (its search is
/// small) and plays the first best move.
///
/// ```
/// use dice_of_doom::ai::{Budget, Lol4Player, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
/// let start = Position::start(&rules, "a-5 b-1 / b-5 a-1".parse().unwrap(), Player::A).unwrap();
/// // 5 dice against 1 wins all but surely; against 5, about half the time.
/// let mv = Lol4Player.choose(&rules, &start, Budget::UNLIMITED);
/// assert_eq!(mv, Some(Move::Attack { from: 0, to: 1 }));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Lol4Player;

impl Strategy for Lol4Player {
    fn name(&self) -> &'static str {
        "lol4"
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
            .map(|&mv| rate_move(rules, position, mv, me, DEPTH))
            .collect();
        Some(Analysis::of_values(menu, &values, 100.0))
    }
}

/// The chance of winning a battle as the book's table has it: rounded to
/// two decimals.
fn rounded(p: f64) -> f64 {
    (p * 100.0).round() / 100.0
}

/// A move's rating for `me`: the expectation of its outcomes' ratings.
fn rate_move(rules: &Rules, at: &Position, mv: Move, me: Player, depth: u32) -> f64 {
    match at.outcomes(rules, mv) {
        Ok(Some(outcomes)) if outcomes.len() == 2 => {
            let p = rounded(outcomes[0].probability);
            p * rate(rules, &outcomes[0].position, me, depth - 1)
                + (1.0 - p) * rate(rules, &outcomes[1].position, me, depth - 1)
        }
        Ok(Some(outcomes)) => rate(rules, &outcomes[0].position, me, depth - 1),
        _ => rate(rules, &at.after(rules, mv), me, depth - 1),
    }
}

/// A position's rating for `me`: the score at the depth or the end; else
/// the best of the moves when `me` moves, the worst otherwise.
fn rate(rules: &Rules, at: &Position, me: Player, depth: u32) -> f64 {
    let menu = at.moves(rules);
    if depth == 0 || menu.is_empty() {
        return f64::from(lol_score(rules, at.board(), me));
    }
    let values = menu.iter().map(|&mv| rate_move(rules, at, mv, me, depth));
    if at.player() == me {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BattleOdds, Map, RuleSet};

    #[test]
    fn the_rounded_odds_are_the_book_s_table() {
        // Rows defender 1..5, columns attacker 2..5.
        let book = [
            [0.84, 0.97, 1.0, 1.0],
            [0.44, 0.78, 0.94, 0.99],
            [0.15, 0.45, 0.74, 0.91],
            [0.04, 0.19, 0.46, 0.72],
            [0.01, 0.06, 0.22, 0.46],
        ];
        for (d, row) in book.iter().enumerate() {
            for (a, &p) in row.iter().enumerate() {
                let odds = BattleOdds::new(a as u8 + 2, d as u8 + 1).unwrap();
                assert_eq!(rounded(odds.probability()), p);
            }
        }
    }

    #[test]
    fn an_attack_is_rated_by_its_expectation() {
        // One ply: a-2 attacks b-1 (0.84): won, a holds 0 (threatened by
        // nothing: +2) and 1 (+2) and 3 (+2), b's 2 (-1): 5; lost, a's 0
        // has 1 die next to b-1 (not more: +2), b 1 and 2 (-2), a 3 (+2): 2.
        let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
        let start =
            Position::start(&rules, "a-2 b-1 / b-1 a-1".parse().unwrap(), Player::A).unwrap();
        let v = rate_move(
            &rules,
            &start,
            Move::Attack { from: 0, to: 1 },
            Player::A,
            1,
        );
        let won = f64::from(lol_score(
            &rules,
            &"a-1 a-1 / b-1 a-1".parse().unwrap(),
            Player::A,
        ));
        let lost = f64::from(lol_score(
            &rules,
            &"a-1 b-1 / b-1 a-1".parse().unwrap(),
            Player::A,
        ));
        assert_eq!(v, 0.84 * won + 0.16 * lost);
    }
}
