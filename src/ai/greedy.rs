//! The greedy baseline: one move deep.

use super::{Analysis, Budget, RatedMove, Rating, Strategy, evaluate, first_best};
use crate::game::{Position, Rules};

/// Plays the first move whose resulting position [`evaluate`] scores best for
/// the player to move, looking no further.
///
/// ```
/// use dice_of_doom::ai::{Budget, Greedy, Strategy};
/// use dice_of_doom::game::{Move, Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mv = Greedy::new().choose(&rules, &start, Budget::UNLIMITED);
/// assert_eq!(mv, Some(Move::Attack { from: 2, to: 3 }));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Greedy;

impl Greedy {
    /// The greedy player.
    pub fn new() -> Greedy {
        Greedy
    }
}

impl Strategy for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        _budget: Budget,
        _full: bool,
    ) -> Option<Analysis> {
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        let me = position.player();
        let moves: Vec<RatedMove> = menu
            .into_iter()
            .map(|mv| RatedMove {
                mv,
                rating: Rating::Estimate(evaluate(rules, &position.after(rules, mv), me)),
            })
            .collect();
        let choice = first_best(&moves);
        Some(Analysis { moves, choice })
    }
}
