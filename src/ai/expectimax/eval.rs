//! How a position looks to our player for chance ([`Chance`](super::Chance)):
//! a static score, read at the end of her turn, after her reinforcement.

use std::sync::OnceLock;

use crate::game::{
    BattleOdds, Board, MAX_BATTLE_DICE, MAX_PLAYERS, Player, PlayerSet, Rules, largest_group,
};

/// The worth of a finished game won alone, against the scores of
/// [`Weights::score`] (tens of points at most): a win or a loss outweighs
/// any position.
pub(crate) const DECIDED: f64 = 1000.0;

/// The weights of the evaluation of [`Chance`](super::Chance), in cells.
///
/// A player's strength is her cells, her largest connected group (the
/// reinforcement under `lol4` and Dice Wars), her dice (and Dice Wars
/// stock), less her cells that the enemies around them may take, each cell
/// weighed by the best chance any enemy neighbour has of taking it (its
/// exact battle odds). The score of a position for a player is her strength
/// less `lead` times that of the strongest other player and `1 - lead`
/// times their mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// The worth of a cell.
    pub cell: f64,
    /// The worth of each cell of the largest connected group.
    pub group: f64,
    /// The worth of a die on the board or in the stock.
    pub die: f64,
    /// The cost of a cell, times the chance that an enemy neighbour takes
    /// it.
    pub threat: f64,
    /// How much the strongest other player counts, against the mean of the
    /// others (0 to 1).
    pub lead: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            cell: 1.0,
            group: 0.5,
            die: 0.15,
            threat: 0.7,
            lead: 1.0,
        }
    }
}

/// The exact chance that `attack` dice beat `defence` dice, from a table of
/// [`BattleOdds`] built once; 0 for an attacker of fewer than 2 dice, who
/// may not attack.
pub(crate) fn odds(attack: u8, defence: u8) -> f64 {
    static TABLE: OnceLock<[[f64; 9]; 9]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = [[0.0; 9]; 9];
        for (a, row) in table.iter_mut().enumerate().skip(1) {
            for (d, p) in row.iter_mut().enumerate().skip(1) {
                *p = BattleOdds::new(a as u8, d as u8).map_or(0.0, BattleOdds::probability);
            }
        }
        table
    });
    if attack < 2 {
        return 0.0;
    }
    let (a, d) = (
        attack.min(MAX_BATTLE_DICE),
        defence.clamp(1, MAX_BATTLE_DICE),
    );
    table[usize::from(a)][usize::from(d)]
}

impl Weights {
    /// The score of `board` for `me`, with `stocks` the dice each player
    /// holds off the board, higher better.
    pub(crate) fn score(&self, rules: &Rules, board: &Board, stocks: &[u8], me: Player) -> f64 {
        let map = rules.map();
        let cells = board.cells();
        let n = MAX_PLAYERS as usize;
        let mut count = [0u32; MAX_PLAYERS as usize];
        let mut dice = [0u32; MAX_PLAYERS as usize];
        let mut risk = [0f64; MAX_PLAYERS as usize];
        for (i, cell) in cells.iter().enumerate() {
            let owner = usize::from(cell.owner().index());
            count[owner] += 1;
            dice[owner] += u32::from(cell.dice());
            let mut danger = 0f64;
            for &m in map.neighbours(i) {
                let other = cells[usize::from(m)];
                if other.owner() != cell.owner() {
                    danger = danger.max(odds(other.dice(), cell.dice()));
                }
            }
            risk[owner] += danger;
        }
        let mut strength = [0f64; MAX_PLAYERS as usize];
        let mut alive = PlayerSet::default();
        for p in Player::all(rules.players()) {
            let i = usize::from(p.index());
            if count[i] == 0 {
                continue;
            }
            alive.insert(p);
            let stock = stocks.get(i).copied().unwrap_or(0);
            strength[i] = self.cell * f64::from(count[i])
                + self.group * largest_group(board, map, p) as f64
                + self.die * f64::from(dice[i] + u32::from(stock))
                - self.threat * risk[i];
        }
        let mine = usize::from(me.index());
        if count[mine] == 0 {
            return -DECIDED;
        }
        let others: Vec<f64> = alive
            .iter()
            .filter(|&p| p != me)
            .map(|p| strength[usize::from(p.index()) % n])
            .collect();
        if others.is_empty() {
            return DECIDED;
        }
        let best = others.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mean = others.iter().sum::<f64>() / others.len() as f64;
        strength[mine] - self.lead * best - (1.0 - self.lead) * mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, RuleSet};

    fn lol4() -> Rules {
        Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 5).unwrap()
    }

    #[test]
    fn the_odds_table_is_the_exact_odds() {
        for a in 2..=8 {
            for d in 1..=8 {
                let exact = BattleOdds::new(a, d).unwrap().probability();
                assert_eq!(odds(a, d), exact, "{a} v {d}");
            }
        }
        assert_eq!(odds(1, 1), 0.0);
    }

    #[test]
    fn scores_prefer_what_matters() {
        let rules = lol4();
        let w = Weights::default();
        let score = |board: &str| w.score(&rules, &board.parse().unwrap(), &[], Player::A);
        // (better, worse, why)
        let cases = [
            (
                "a-2 a-2 a-2 / b-2 b-2 b-2 / a-2 b-2 b-2",
                "a-2 a-2 b-2 / b-2 b-2 b-2 / a-2 b-2 b-2",
                "a cell more",
            ),
            (
                "a-2 a-2 b-2 / a-2 b-2 b-2 / b-2 b-2 b-2",
                "a-2 b-2 a-2 / b-2 b-2 b-2 / a-2 b-2 b-2",
                "the same cells, connected",
            ),
            (
                "a-5 a-1 b-1 / b-1 b-1 b-1 / b-1 b-1 b-1",
                "a-1 a-1 b-5 / b-1 b-1 b-1 / b-1 b-1 b-1",
                "no enemy stack next to a weak cell",
            ),
            (
                "a-4 a-4 b-2 / b-2 b-2 b-2 / b-2 b-2 b-2",
                "a-2 a-2 b-2 / b-2 b-2 b-2 / b-2 b-2 b-2",
                "more dice",
            ),
        ];
        for (better, worse, why) in cases {
            assert!(score(better) > score(worse), "{why}");
        }
        assert_eq!(score("a-2 a-2 a-2 / a-2 a-2 a-2 / a-2 a-2 a-2"), DECIDED);
        assert_eq!(score("b-2 b-2 b-2 / b-2 b-2 b-2 / b-2 b-2 b-2"), -DECIDED);
    }
}
