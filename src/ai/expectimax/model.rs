//! How our player for chance ([`Chance`](super::Chance)) expects the other
//! players to play, in the playouts that score the end of its turn.

use super::eval::odds;
use crate::game::{Board, MAX_PLAYERS, Move, Player, RuleSet, Rules};

/// A model of a player of the rule sets with dice, for playouts: a greedy
/// attacker who may lean on one player.
///
/// Of the attacks open to the player to move she picks the one rated best,
/// an attack's rating being its odds of taking the target, plus a
/// hundredth a die of the target (of two sure attacks, the one that takes
/// more), plus [`Model::me`] if the target belongs to the player the
/// playout is for, plus [`Model::leader`] if it belongs to the player with
/// the most cells other than her. She attacks while that rating is at least
/// [`Model::greed`] (or while the rules want an attack), then ends her
/// turn. It models no player's program in particular.
///
/// ```
/// use dice_of_doom::ai::Model;
/// use dice_of_doom::game::{Board, Map, Move, Player, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
/// let board: Board = "a-2 b-4 / b-3 a-5".parse().unwrap();
/// // b's 4 dice against a's 2 is the attack with the best odds.
/// let moves = [Move::Pass, Move::Attack { from: 1, to: 0 }, Move::Attack { from: 2, to: 3 }];
/// let model = Model::for_rules(&rules);
/// assert_eq!(model.choose(&rules, &board, &moves, Player::A), Move::Attack { from: 1, to: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// The least rating worth an attack.
    pub greed: f64,
    /// The lean on the cells of the player the playout is for (paranoid in
    /// spirit).
    pub me: f64,
    /// The lean on the cells of the player with the most cells.
    pub leader: f64,
}

impl Model {
    /// The model for a rule set, as measured best (see docs/OPPONENTS.md): under
    /// Dice Wars' rules, many players each pulling the leader back; under
    /// the others, players leaning on us.
    pub fn for_rules(rules: &Rules) -> Model {
        match rules.set() {
            RuleSet::Dicewars => Model {
                greed: 0.5,
                me: 0.0,
                leader: 0.3,
            },
            _ => Model {
                greed: 0.5,
                me: 0.3,
                leader: 0.0,
            },
        }
    }

    /// The move the model plays on `board` from `moves` (the legal moves of
    /// the player to move, not empty), in a playout for `me`.
    pub fn choose(&self, rules: &Rules, board: &Board, moves: &[Move], me: Player) -> Move {
        let mut best = (f64::NEG_INFINITY, Move::Pass);
        let mut can_pass = false;
        let mut leader = None;
        for &mv in moves {
            let Move::Attack { from, to } = mv else {
                can_pass = true;
                continue;
            };
            let (s, t) = (board.cell(usize::from(from)), board.cell(usize::from(to)));
            let mut rating = self.base_rating(board, usize::from(from), usize::from(to), me);
            if self.leader != 0.0
                && Some(t.owner())
                    == *leader.get_or_insert_with(|| leader_besides(rules, board, s.owner()))
            {
                rating += self.leader;
            }
            if rating > best.0 {
                best = (rating, mv);
            }
        }
        if best.0 >= self.greed || !can_pass {
            best.1
        } else {
            Move::Pass
        }
    }
}

impl Model {
    /// The rating of the attack from cell `from` to cell `to`, without
    /// the lean on the leader: its odds, a hundredth a die of the target,
    /// and [`Model::me`] if the target is `me`'s.
    pub(crate) fn base_rating(&self, board: &Board, from: usize, to: usize, me: Player) -> f64 {
        let (s, t) = (board.cell(from), board.cell(to));
        let mut rating = odds(s.dice(), t.dice()) + 0.01 * f64::from(t.dice());
        if t.owner() == me {
            rating += self.me;
        }
        rating
    }
}

/// The player other than `mover` with the most cells (the first of those
/// tied), if any.
fn leader_besides(rules: &Rules, board: &Board, mover: Player) -> Option<Player> {
    let mut count = [0u32; MAX_PLAYERS as usize];
    for cell in board.cells() {
        count[usize::from(cell.owner().index())] += 1;
    }
    Player::all(rules.players())
        .filter(|&p| p != mover && count[usize::from(p.index())] > 0)
        .max_by_key(|p| (count[usize::from(p.index())], std::cmp::Reverse(p.index())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Map;

    fn attack(from: u8, to: u8) -> Move {
        Move::Attack { from, to }
    }

    #[test]
    fn picks_what_a_sensible_player_would() {
        let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 3, 5).unwrap();
        let lean = |me: f64, leader: f64| Model {
            greed: 0.5,
            me,
            leader,
        };
        // (board, moves of the player to move, model, the playout's
        // player, the move, why)
        let cases = [
            (
                "b-5 a-1 c-2 / b-2 a-3 c-2 / c-2 c-2 c-2",
                vec![Move::Pass, attack(0, 1), attack(3, 4)],
                lean(0.0, 0.0),
                Player::A,
                attack(0, 1),
                "an all but sure attack before a hopeless one",
            ),
            (
                "b-2 a-5 c-2 / b-2 a-3 c-2 / c-2 c-2 c-2",
                vec![Move::Pass, attack(0, 1), attack(3, 4)],
                lean(0.3, 0.0),
                Player::A,
                Move::Pass,
                "no hopeless attack, even on the leaned-on player, when the turn may end",
            ),
            (
                "b-2 a-5 c-2 / b-2 a-3 c-2 / c-2 c-2 c-2",
                vec![attack(0, 1), attack(3, 4)],
                lean(0.0, 0.0),
                Player::A,
                attack(3, 4),
                "an attack when the rules want one: the better odds",
            ),
            (
                "b-3 a-2 c-2 / b-1 c-2 c-2 / c-2 c-2 c-2",
                vec![Move::Pass, attack(0, 1), attack(0, 4)],
                lean(0.3, 0.0),
                Player::A,
                attack(0, 1),
                "of equal odds, the cell of the playout's player",
            ),
            (
                "b-3 a-2 c-2 / b-1 c-2 c-2 / c-2 c-2 c-2",
                vec![Move::Pass, attack(0, 1), attack(0, 4)],
                lean(0.0, 0.3),
                Player::A,
                attack(0, 4),
                "of equal odds, the leader's cell",
            ),
        ];
        for (board, moves, model, me, mv, why) in cases {
            let board: Board = board.parse().unwrap();
            assert_eq!(model.choose(&rules, &board, &moves, me), mv, "{why}");
        }
    }

    #[test]
    fn the_leader_is_the_other_player_with_most_cells() {
        let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 3, 5).unwrap();
        let board: Board = "a-1 b-1 / b-1 c-1".parse().unwrap();
        assert_eq!(leader_besides(&rules, &board, Player::A), Some(Player::B));
        assert_eq!(leader_besides(&rules, &board, Player::B), Some(Player::A));
    }
}
