//! Land of Lisp's second AI: a depth-limited alpha-beta search with the book's
//! crude leaf score.

use super::{Analysis, Budget, RatedMove, Rating, Strategy, lol_score};
use crate::game::{Player, Position, Rules};

/// The book's search depth, in moves.
pub const LOL_DEPTH: u32 = 4;

/// The book's version 2 computer player: the game tree cut at depth 4
/// (moves, ending a turn included), every leaf (a cut or a finished game)
/// scored with [`lol_score`] for the player to move at the root, maximised
/// where she moves and minimised elsewhere, with alpha-beta pruning; it plays
/// the first move with the highest score.
///
/// ```
/// use dice_of_doom::ai::{Budget, Lol, Strategy};
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let mv = Lol::new().choose(&rules, &start, Budget::UNLIMITED).unwrap();
/// assert!(start.moves(&rules).contains(&mv));
/// ```
#[derive(Clone, Debug)]
pub struct Lol {
    depth: u32,
}

impl Default for Lol {
    fn default() -> Self {
        Lol::new()
    }
}

impl Lol {
    /// The book's player, depth 4.
    pub fn new() -> Lol {
        Lol::with_depth(LOL_DEPTH)
    }

    /// The same player searching `depth` moves deep (at least 1).
    pub fn with_depth(depth: u32) -> Lol {
        Lol {
            depth: depth.max(1),
        }
    }
}

/// The book's rating of `position` for `rated`, `depth` moves deep, with
/// alpha-beta pruning in the window (`alpha`, `beta`), fail-hard.
pub(crate) fn alpha_beta(
    rules: &Rules,
    position: &Position,
    rated: Player,
    depth: u32,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    let moves = position.moves(rules);
    if depth == 0 || moves.is_empty() {
        return lol_score(rules, position.board(), rated);
    }
    // The rated player raises the lower bound, everyone else lowers the upper.
    let maximise = position.player() == rated;
    for mv in moves {
        let v = alpha_beta(
            rules,
            &position.after(rules, mv),
            rated,
            depth - 1,
            alpha,
            beta,
        );
        if maximise {
            alpha = alpha.max(v);
        } else {
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    if maximise { alpha } else { beta }
}

impl Strategy for Lol {
    fn name(&self) -> &'static str {
        "lol"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        _budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        let rated = position.player();
        // Scores are at most a few hundred: these are beyond any of them.
        let (low, high) = (i32::MIN / 2, i32::MAX / 2);
        let mut alpha = low;
        let mut choice = 0;
        let mut best = low;
        let mut moves = Vec::with_capacity(menu.len());
        for (i, &mv) in menu.iter().enumerate() {
            let window = if full { low } else { alpha };
            let child = position.after(rules, mv);
            let v = alpha_beta(rules, &child, rated, self.depth - 1, window, high);
            if v > best {
                best = v;
                choice = i;
            }
            alpha = alpha.max(v);
            moves.push(RatedMove {
                mv,
                rating: Rating::Estimate(v),
            });
        }
        Some(Analysis { moves, choice })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing::random_boards;

    /// The book's rating without pruning.
    fn minimax(rules: &Rules, position: &Position, rated: Player, depth: u32) -> i32 {
        let moves = position.moves(rules);
        if depth == 0 || moves.is_empty() {
            return lol_score(rules, position.board(), rated);
        }
        let values = moves
            .iter()
            .map(|&mv| minimax(rules, &position.after(rules, mv), rated, depth - 1));
        if position.player() == rated {
            values.max().unwrap_or(0)
        } else {
            values.min().unwrap_or(0)
        }
    }

    #[test]
    fn pruning_changes_neither_the_scores_nor_the_choice() {
        for (side, players, seed) in [(3, 2, 1), (4, 2, 2), (3, 3, 3)] {
            let rules = Rules::classic(side, players, 3).unwrap();
            for board in random_boards(&rules, seed, 15) {
                let start = Position::start(&rules, board, Player::A).unwrap();
                let full = Lol::new()
                    .analyse(&rules, &start, Budget::UNLIMITED, true)
                    .unwrap();
                let pruned = Lol::new()
                    .analyse(&rules, &start, Budget::UNLIMITED, false)
                    .unwrap();
                let exact: Vec<i32> = start
                    .moves(&rules)
                    .iter()
                    .map(|&mv| minimax(&rules, &start.after(&rules, mv), Player::A, 3))
                    .collect();
                let best = exact.iter().copied().max().unwrap();
                let first_best = exact.iter().position(|&v| v == best).unwrap();
                for (m, &v) in full.moves.iter().zip(&exact) {
                    assert_eq!(m.rating, Rating::Estimate(v), "{board:?} {}", m.mv);
                }
                assert_eq!(full.choice, first_best, "{board:?}");
                assert_eq!(pruned.choice, first_best, "{board:?}");
            }
        }
    }
}
