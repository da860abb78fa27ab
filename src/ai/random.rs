//! The random baseline.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Analysis, Budget, Strategy};
use crate::game::{Position, Rules};

/// Plays a legal move drawn uniformly at random from a seeded generator.
///
/// ```
/// use dice_of_doom::ai::{Budget, RandomPlayer, Strategy};
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mv = RandomPlayer::new(7).choose(&rules, &start, Budget::UNLIMITED).unwrap();
/// assert_eq!(RandomPlayer::new(7).choose(&rules, &start, Budget::UNLIMITED), Some(mv));
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player drawing from this seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Strategy for RandomPlayer {
    fn name(&self) -> &'static str {
        "random"
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
        let choice = self.rng.random_range(0..menu.len());
        Some(Analysis::unrated(menu, choice))
    }
}
