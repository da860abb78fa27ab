//! The original Dice Wars computer player.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Analysis, Budget, Strategy};
use crate::game::{Move, Position, Rules};

/// The player slots the original ranks: it always has eight.
const SLOTS: usize = 8;

/// Dice Wars' computer player (gamedesign.jp's original, as the HTML5 port
/// `ai_default.js` has it), quirks included. It totals each player's dice
/// and ranks them as the original does: every player starts ranked by her
/// number, then for each pair `i < j` of the eight player slots, when `i`
/// holds fewer dice than `j`, their ranks are swapped. That is not a sort:
/// the player it ranks first is often not the one with the most dice. The
/// leader is the highest-numbered player holding more than 2/5 of all the
/// dice, if any (with two such, the later one, not the richer). Then every
/// attack is a candidate except: with a leader, those where neither side is
/// the leader; those into more dice; and those into as many dice unless the
/// attacker or the defender is ranked first, or else with chance 9/10. It
/// attacks uniformly among the candidates, or with none ends the turn
/// (where the rules want an attack first, it plays the first attack).
/// Seeded.
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

/// The player the original ranks first and its leader, from each player
/// slot's dice (see [`DiceWarsPlayer`]).
fn first_and_leader(dice: &[u32; SLOTS]) -> (usize, Option<usize>) {
    let mut rank: [usize; SLOTS] = std::array::from_fn(|i| i);
    for i in 0..SLOTS - 1 {
        for j in i + 1..SLOTS {
            if dice[i] < dice[j] {
                rank.swap(i, j);
            }
        }
    }
    let first = rank.iter().position(|&r| r == 0).unwrap_or(0);
    let total: u32 = dice.iter().sum();
    let leader = (0..SLOTS).rev().find(|&p| dice[p] * 5 > total * 2);
    (first, leader)
}

impl DiceWarsPlayer {
    /// The player drawing from this seed.
    pub fn new(seed: u64) -> DiceWarsPlayer {
        DiceWarsPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The attacks the original would consider, in menu order.
    fn candidates(&mut self, at: &Position, menu: &[Move]) -> Vec<Move> {
        let board = at.board();
        let mut dice = [0u32; SLOTS];
        for cell in board.cells() {
            if let Some(d) = dice.get_mut(usize::from(cell.owner().index())) {
                *d += u32::from(cell.dice());
            }
        }
        let (first, leader) = first_and_leader(&dice);
        let me = usize::from(at.player().index());
        let mut out = Vec::new();
        for &mv in menu {
            let Move::Attack { from, to } = mv else {
                continue;
            };
            let (source, target) = (board.cell(usize::from(from)), board.cell(usize::from(to)));
            let enemy = usize::from(target.owner().index());
            if leader.is_some_and(|leader| me != leader && enemy != leader) {
                continue;
            }
            if target.dice() > source.dice() {
                continue;
            }
            if target.dice() == source.dice()
                && me != first
                && enemy != first
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
        let candidates = self.candidates(position, &menu);
        let chosen = if candidates.is_empty() {
            // End the turn; where that is not allowed yet, the first attack.
            menu[0]
        } else {
            candidates[self.rng.random_range(0..candidates.len() as u32) as usize]
        };
        let choice = menu.iter().position(|&m| m == chosen).unwrap_or(0);
        Some(Analysis::unrated(menu, choice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, Player, RuleSet};

    fn position(players: usize, board: &str) -> (Rules, Position) {
        let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(3).unwrap(), players, 8).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        (rules, start)
    }

    /// How often, over 200 seeds, the player ends its turn and plays each
    /// attack.
    fn choices(rules: &Rules, at: &Position) -> (usize, Vec<Move>) {
        let mut passes = 0;
        let mut attacks = Vec::new();
        for seed in 0..200 {
            match DiceWarsPlayer::new(seed).choose(rules, at, Budget::UNLIMITED) {
                Some(Move::Pass) => passes += 1,
                Some(mv) => {
                    if !attacks.contains(&mv) {
                        attacks.push(mv);
                    }
                }
                None => panic!("no move"),
            }
        }
        (passes, attacks)
    }

    #[test]
    fn the_ranking_is_the_originals_not_a_sort() {
        // Dice a 6, b 4, c 8, d 7: the swaps leave d ranked first, not c.
        let mut dice = [0; SLOTS];
        dice[..4].copy_from_slice(&[6, 4, 8, 7]);
        assert_eq!(first_and_leader(&dice), (3, None));
        // Dice a 2, b 1, c 3: b, the poorest, is ranked first.
        dice[..3].copy_from_slice(&[2, 1, 3]);
        dice[3] = 0;
        assert_eq!(first_and_leader(&dice).0, 1);
        // b and c each hold more than 2/5: the leader is c, the later.
        dice[..3].copy_from_slice(&[2, 10, 10]);
        assert_eq!(first_and_leader(&dice), (1, Some(2)));
        // 2/5 exactly is not more.
        dice[..3].copy_from_slice(&[3, 4, 3]);
        assert_eq!(first_and_leader(&dice).1, None);
    }

    #[test]
    fn an_even_attack_on_the_first_ranked_is_always_a_candidate() {
        // a's only attack: 4 (2 dice) into d's 1 (2 dice). d is ranked
        // first (a 6, b 4, c 8, d 7), so the original always attacks.
        let (rules, at) = position(4, "d-5 d-2 b-4 / a-1 a-2 a-1 / a-1 a-1 c-8");
        assert_eq!(
            choices(&rules, &at),
            (0, vec![Move::Attack { from: 4, to: 1 }])
        );
    }

    #[test]
    fn an_even_attack_on_the_richest_is_a_candidate_nine_times_in_ten() {
        // The same dice, but the even attack is into c's 1: c holds the
        // most dice, yet d is ranked first, so it is a candidate with
        // chance 9/10 and otherwise the turn ends.
        let (rules, at) = position(4, "d-7 c-2 b-4 / a-1 a-2 a-1 / a-1 a-1 c-6");
        let (passes, attacks) = choices(&rules, &at);
        assert_eq!(attacks, vec![Move::Attack { from: 4, to: 1 }]);
        // Binomial(200, 1/10): 20 expected, 5..=40 beyond any doubt.
        assert!((5..=40).contains(&passes), "{passes}");
    }

    #[test]
    fn of_two_leaders_the_later_is_attacked() {
        // b and c hold 10 dice each of 22: both over 2/5, c is the leader,
        // so a attacks only c (4 into 7), never b's as small 1.
        let (rules, at) = position(3, "b-4 b-1 b-1 / b-4 a-2 c-4 / c-1 c-1 c-4");
        assert_eq!(
            choices(&rules, &at),
            (0, vec![Move::Attack { from: 4, to: 7 }])
        );
    }

    #[test]
    fn with_nothing_to_attack_the_turn_ends() {
        let (rules, at) = position(2, "a-2 b-3 b-3 / b-3 a-1 b-3 / b-3 b-3 b-3");
        assert_eq!(choices(&rules, &at), (200, vec![]));
    }
}
