//! How [`Mcts`](super::Mcts) scores the position where a rollout is cut:
//! each player's value, a stand-in for her chance of winning, behind the
//! small [`Leaf`] trait so that a learned evaluation plugs in beside the
//! heuristic one.

use super::rollout::win_chance;
use crate::game::{MAX_PLAYERS, Player, Position, Rules, largest_group};

/// Each player's value, indexed by [`Player::index`]: non-negative, and
/// for the players still in the game, summing to 1.
pub type Values = [f32; MAX_PLAYERS as usize];

/// The evaluation at the leaves of the tree search: each player's value of
/// a position that is not finished (finished games are scored by their
/// winners, not by the leaf).
pub trait Leaf: Send {
    /// Each player's value of `position` under `rules`: a stand-in for her
    /// chance to win, 0 for the players out of the game.
    fn values(&self, rules: &Rules, position: &Position) -> Values;
}

/// The heuristic leaf: each player's strength (her cells, her largest
/// connected group, her dice and stock, less each of her cells weighed by
/// the best odds an enemy neighbour has of taking it, the terms of
/// [`Weights`](crate::ai::Weights)), and a softmax of the strengths over
/// the players still in: `exp(strength / temperature)`, normalised.
///
/// ```
/// use dice_of_doom::ai::{Leaf, SoftmaxLeaf};
/// use dice_of_doom::game::{Map, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
/// let start = Position::start(&rules, "a-5 a-5 / a-3 b-1".parse().unwrap(), Player::A).unwrap();
/// let values = SoftmaxLeaf::default().values(&rules, &start);
/// assert!(values[0] > 0.75 && (values[0] + values[1] - 1.0).abs() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftmaxLeaf {
    /// The worth of a cell.
    pub cell: f32,
    /// The worth of each cell of the largest connected group.
    pub group: f32,
    /// The worth of a die on the board or in the stock.
    pub die: f32,
    /// The cost of a cell, times the best chance an enemy neighbour has of
    /// taking it.
    pub threat: f32,
    /// The softmax's temperature, in the strength's units (cells): a
    /// player a temperature ahead of another counts e (2.7) times as
    /// likely to win.
    pub temperature: f32,
}

impl Default for SoftmaxLeaf {
    fn default() -> SoftmaxLeaf {
        SoftmaxLeaf {
            cell: 1.0,
            group: 0.5,
            die: 0.15,
            threat: 0.7,
            temperature: 4.0,
        }
    }
}

impl SoftmaxLeaf {
    /// Each player's strength on `position` (0 for the players out).
    pub fn strengths(&self, rules: &Rules, position: &Position) -> Values {
        let map = rules.map();
        let board = position.board();
        let cells = board.cells();
        let mut count = [0u32; MAX_PLAYERS as usize];
        let mut dice = [0u32; MAX_PLAYERS as usize];
        let mut risk = [0f32; MAX_PLAYERS as usize];
        for (i, cell) in cells.iter().enumerate() {
            let owner = usize::from(cell.owner().index()) % MAX_PLAYERS as usize;
            count[owner] += 1;
            dice[owner] += u32::from(cell.dice());
            let mut danger = 0f64;
            for &m in map.neighbours(i) {
                let other = cells[usize::from(m)];
                if other.owner() != cell.owner() {
                    danger = danger.max(win_chance(rules, other.dice(), cell.dice()));
                }
            }
            risk[owner] += danger as f32;
        }
        let mut strength = [0f32; MAX_PLAYERS as usize];
        for p in Player::all(rules.players()) {
            let i = usize::from(p.index()) % MAX_PLAYERS as usize;
            if count[i] == 0 {
                continue;
            }
            strength[i] = self.cell * count[i] as f32
                + self.group * largest_group(board, map, p) as f32
                + self.die * (dice[i] + u32::from(position.stock(p))) as f32
                - self.threat * risk[i];
        }
        strength
    }
}

impl Leaf for SoftmaxLeaf {
    fn values(&self, rules: &Rules, position: &Position) -> Values {
        let strength = self.strengths(rules, position);
        let alive = position.players_in();
        let top = alive
            .iter()
            .map(|p| strength[usize::from(p.index()) % MAX_PLAYERS as usize])
            .fold(f32::NEG_INFINITY, f32::max);
        let t = self.temperature.max(1e-3);
        let mut values = [0f32; MAX_PLAYERS as usize];
        let mut total = 0f32;
        for p in alive.iter() {
            let i = usize::from(p.index()) % MAX_PLAYERS as usize;
            values[i] = ((strength[i] - top) / t).exp();
            total += values[i];
        }
        if total > 0.0 {
            for v in &mut values {
                *v /= total;
            }
        }
        values
    }
}

/// The values of a finished game: 1 shared among its winners.
pub(super) fn finished(position: &Position) -> Values {
    let winners = position.winners();
    let mut values = [0f32; MAX_PLAYERS as usize];
    let share = 1.0 / winners.len().max(1) as f32;
    for p in winners.iter() {
        values[usize::from(p.index()) % MAX_PLAYERS as usize] = share;
    }
    values
}

/// The learned leaf: each player's chance of winning as the rule set's
/// learned model rates it ([`win_chances`](crate::ai::learned::win_chances)),
/// and the heuristic [`SoftmaxLeaf`] under the rule sets that have no model
/// (`classic`, `racket`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LearnedLeaf {
    /// The leaf where there is no model.
    pub fallback: SoftmaxLeaf,
}

impl Leaf for LearnedLeaf {
    fn values(&self, rules: &Rules, position: &Position) -> Values {
        crate::ai::learned::win_chances(rules, position)
            .unwrap_or_else(|| self.fallback.values(rules, position))
    }
}
