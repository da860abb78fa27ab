//! Land of Lisp's last computer player, for its rules with dice.

use super::{Analysis, Budget, RatedMove, Rating, Strategy, lol_score};
use crate::game::{BattleOdds, Move, Player, Position, Rules};

/// The book's plies: each attack or pass is one.
const DEPTH: u32 = 2;

/// The unit of every rating: a rating is an integer number of
/// `1 / 100^DEPTH`. Each attack weighs its two outcomes by odds in
/// hundredths, so a rating `DEPTH` plies deep is exact in this unit.
const UNIT: i64 = 100i64.pow(DEPTH);

/// Land of Lisp's last AI: a depth-2 search (each attack or pass a ply) in
/// which every other player minimises (paranoid), an attack rated
/// `p * rating(won) + (1 - p) * rating(lost)` with `p` the chance of
/// winning rounded to two decimals as the book's table has it (our exact
/// odds rounded: the tests check they equal the book's table), and the
/// positions at the depth scored +2 for each own cell no enemy neighbour
/// outnumbers, +1 for each own cell one does, -1 for each enemy cell. A
/// pass whose placement is random is rated on the placement that puts each
/// die on the first cell with room. It ignores the budget (its search is
/// small). The ratings are computed exactly (integers in units of 1/10,000:
/// the odds are hundredths), so of the moves rated equal it always plays
/// the first in menu order, as the book's `argmax`-style choice does; a
/// hint shows a rating times 100, a half rounded away from zero.
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
        let values: Vec<i64> = menu
            .iter()
            .map(|&mv| rate_move(rules, position, mv, me, DEPTH))
            .collect();
        Some(analysis(menu, &values))
    }
}

/// The analysis of exact ratings (in [`UNIT`]s): the first best move
/// chosen, each rating shown times 100.
fn analysis(menu: Vec<Move>, values: &[i64]) -> Analysis {
    let mut choice = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[choice] {
            choice = i;
        }
    }
    let moves = menu
        .into_iter()
        .zip(values)
        .map(|(mv, &v)| RatedMove {
            mv,
            rating: Rating::Estimate(hundredths(v)),
        })
        .collect();
    Analysis { moves, choice }
}

/// A rating in [`UNIT`]s times 100, rounded to the nearest integer, a half
/// away from zero (as `f64::round` rounds an exact value).
fn hundredths(value: i64) -> i32 {
    let per = UNIT / 100;
    let half = per / 2;
    let rounded = if value >= 0 {
        (value + half) / per
    } else {
        (value - half) / per
    };
    i32::try_from(rounded).unwrap_or(if rounded < 0 { i32::MIN } else { i32::MAX })
}

/// The chance that `attack` dice beat `defence` dice in hundredths, as the
/// book's table has it: the exact odds rounded to the nearest hundredth.
fn odds_in_hundredths(attack: u8, defence: u8) -> i64 {
    BattleOdds::new(attack, defence).map_or(100, |odds| {
        let (wins, rolls) = (i128::from(odds.wins()), i128::from(odds.rolls()));
        // round(100 * wins / rolls), a half up.
        ((200 * wins + rolls) / (2 * rolls)) as i64
    })
}

/// A move's rating for `me`, in [`UNIT`]s: the expectation of its
/// outcomes' ratings.
fn rate_move(rules: &Rules, at: &Position, mv: Move, me: Player, depth: u32) -> i64 {
    match (mv, at.outcomes(rules, mv)) {
        (Move::Attack { from, to }, Ok(Some(outcomes))) if outcomes.len() == 2 => {
            let board = at.board();
            let p = odds_in_hundredths(
                board.cell(usize::from(from)).dice(),
                board.cell(usize::from(to)).dice(),
            );
            let won = rate(rules, &outcomes[0].position, me, depth - 1);
            let lost = rate(rules, &outcomes[1].position, me, depth - 1);
            let sum = p * won + (100 - p) * lost;
            // Exact: `depth - 1` plies down every rating is a multiple of
            // 100^(DEPTH - depth + 1).
            debug_assert_eq!(sum % 100, 0, "{mv} in {at:?}");
            sum / 100
        }
        (_, Ok(Some(outcomes))) => rate(rules, &outcomes[0].position, me, depth - 1),
        _ => rate(rules, &at.after(rules, mv), me, depth - 1),
    }
}

/// A position's rating for `me`, in [`UNIT`]s: the score at the depth or
/// the end; else the best of the moves when `me` moves, the worst
/// otherwise.
fn rate(rules: &Rules, at: &Position, me: Player, depth: u32) -> i64 {
    let menu = at.moves(rules);
    if depth == 0 || menu.is_empty() {
        return i64::from(lol_score(rules, at.board(), me)) * UNIT;
    }
    let values = menu.iter().map(|&mv| rate_move(rules, at, mv, me, depth));
    if at.player() == me {
        values.max().unwrap_or(i64::MIN)
    } else {
        values.min().unwrap_or(i64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, RuleSet};

    #[test]
    fn the_rounded_odds_are_the_book_s_table() {
        // Rows defender 1..5, columns attacker 2..5, in hundredths.
        let book = [
            [84, 97, 100, 100],
            [44, 78, 94, 99],
            [15, 45, 74, 91],
            [4, 19, 46, 72],
            [1, 6, 22, 46],
        ];
        for (d, row) in book.iter().enumerate() {
            for (a, &p) in row.iter().enumerate() {
                assert_eq!(odds_in_hundredths(a as u8 + 2, d as u8 + 1), p);
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
        // 0.84 * 5 + 0.16 * 2 = 4.52, exactly, in units of 1/100 one ply
        // deep (1/10,000 of which the top ply's unit is a hundredth).
        assert_eq!(v, 452 * (UNIT / 100));
    }

    /// `a` to move after an attack this turn, `captured` dice taken.
    fn mid_turn(board: &str, captured: u16) -> Position {
        Position::from_parts(board.parse().unwrap(), Player::A, captured, false)
    }

    /// Positions met in lol4 games on 3x3 boards (seeds 8 and 27), where
    /// the ratings in floating point chose another move or showed another
    /// hint: 0.84 * 15.25 + ... and the like land a hair either side of
    /// their exact values.
    #[test]
    fn equal_ratings_are_equal_and_the_first_is_played() {
        let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 5).unwrap();
        // Two attacks rated 14.139 exactly; in f64 the second came out
        // 14.139000000000001 and was played.
        let at = mid_turn("a-1 a-4 b-5 / a-3 a-1 a-2 / a-4 a-5 a-2", 5);
        let analysis = Lol4Player
            .analyse(&rules, &at, Budget::UNLIMITED, true)
            .unwrap();
        let ratings: Vec<Rating> = analysis.moves.iter().map(|m| m.rating).collect();
        assert_eq!(
            ratings[1..],
            [Rating::Estimate(1414), Rating::Estimate(1414)]
        );
        let me = Player::A;
        let [_, first, second] = analysis.moves[..] else {
            panic!("{analysis:?}")
        };
        assert_eq!(
            rate_move(&rules, &at, first.mv, me, DEPTH),
            rate_move(&rules, &at, second.mv, me, DEPTH)
        );
        assert_eq!(analysis.choice, 1);
        // 15.195 exactly, shown 1520 (in f64 15.194999999999999: 1519).
        let at = mid_turn("a-1 a-3 a-2 / a-3 a-3 a-2 / a-2 a-1 b-3", 7);
        let analysis = Lol4Player
            .analyse(&rules, &at, Budget::UNLIMITED, true)
            .unwrap();
        let ratings: Vec<Rating> = analysis.moves.iter().map(|m| m.rating).collect();
        assert_eq!(
            ratings,
            [
                Rating::Estimate(1266),
                Rating::Estimate(1525),
                Rating::Estimate(1520)
            ]
        );
        assert_eq!(analysis.choice, 1);
    }

    #[test]
    fn hints_round_a_half_away_from_zero() {
        // 2.675 and -2.675 exactly: in binary floating point 2.675 * 100
        // is 267.49999999999997, which rounds down.
        assert_eq!(hundredths(26_750), 268);
        assert_eq!(hundredths(-26_750), -268);
        assert_eq!(hundredths(26_749), 267);
        assert_eq!(hundredths(5 * UNIT), 500);
    }
}
