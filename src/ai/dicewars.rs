//! The original Dice Wars computer player.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Analysis, Budget, RatedMove, Rating, Strategy};
use crate::game::{Move, Player, Position, Rules};

/// Dice Wars' computer player (2001): if one player holds more than 2/5 of
/// all the dice, only attacks by or against that leader are considered;
/// never attack a bigger stack; on equal stacks attack only if it is the
/// player with the most dice, or the target is, or with chance 0.9; choose
/// uniformly among what is left; with nothing left, end the turn (or, where
/// the rules want an attack first, play the first attack). Seeded.
///
/// ```
/// use dice_of_doom::ai::{Budget, DiceWarsPlayer, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
/// let start = Position::start(&rules, "a-2 b-5 / b-1 a-1".parse().unwrap(), Player::A).unwrap();
/// // Never into the bigger stack: only 0 -> 2 is a candidate.
/// let mv = DiceWarsPlayer::new(1).choose(&rules, &start, Budget::UNLIMITED);
/// assert_eq!(mv, Some(Move::Attack { from: 0, to: 2 }));
/// ```
#[derive(Clone, Debug)]
pub struct DiceWarsPlayer {
    rng: ChaCha8Rng,
}

impl DiceWarsPlayer {
    /// The player drawing from this seed.
    pub fn new(seed: u64) -> DiceWarsPlayer {
        DiceWarsPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The attacks the original would consider, in menu order.
    fn candidates(&mut self, rules: &Rules, at: &Position, menu: &[Move]) -> Vec<Move> {
        let board = at.board();
        let mut dice = [0u32; crate::game::MAX_PLAYERS as usize];
        for cell in board.cells() {
            dice[cell.owner().index() as usize] += u32::from(cell.dice());
        }
        let total: u32 = dice.iter().sum();
        let top = Player::all(rules.players())
            .max_by_key(|p| (dice[p.index() as usize], std::cmp::Reverse(p.index())))
            .unwrap_or_default();
        let leader = (dice[top.index() as usize] * 5 > total * 2).then_some(top);
        let me = at.player();
        let mut out = Vec::new();
        for &mv in menu {
            let Move::Attack { from, to } = mv else {
                continue;
            };
            let (source, target) = (board.cell(usize::from(from)), board.cell(usize::from(to)));
            if let Some(leader) = leader
                && me != leader
                && target.owner() != leader
            {
                continue;
            }
            if target.dice() > source.dice() {
                continue;
            }
            if target.dice() == source.dice()
                && me != top
                && target.owner() != top
                && self.rng.random_range(0..10u32) == 0
            {
                continue;
            }
            out.push(mv);
        }
        out
    }
}

impl Strategy for DiceWarsPlayer {
    fn name(&self) -> &'static str {
        "dicewars"
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
        let candidates = self.candidates(rules, position, &menu);
        let chosen = if candidates.is_empty() {
            // End the turn; where that is not allowed yet, the first attack.
            menu[0]
        } else {
            candidates[self.rng.random_range(0..candidates.len() as u32) as usize]
        };
        let choice = menu.iter().position(|&m| m == chosen).unwrap_or(0);
        let moves = menu
            .into_iter()
            .map(|mv| RatedMove {
                mv,
                rating: Rating::Unrated,
            })
            .collect();
        Some(Analysis { moves, choice })
    }
}
