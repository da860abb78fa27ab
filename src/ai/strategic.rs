//! A port of the HTML5 Dice Wars' strategic computer player.

use super::{Analysis, Budget, RatedMove, Rating, Strategy};
use crate::game::{Map, Move, Player, Position, Rules};

/// The one-move expected-utility attacker of the HTML5 Dice Wars port
/// (chrisraff/dicewarsjs, `ai_strategic.js` over `ai_utility.js`), its
/// decision rule ported, not its code.
///
/// A board is scored for the mover as 3 x her largest group of connected
/// cells, less 2 x the largest group of any other player, plus 0.4 x the
/// dice on her cells that touch an enemy, less 0.5 x the dice on enemy
/// cells of 5 dice or more that touch one of hers. Each legal attack is
/// worth `p x (score if won) + (1 - p) x (score if lost) + bonus`: won,
/// the target is hers with the attacker's dice less one; either way the
/// attacker keeps one die. `p` is the port's table of odds, in which the
/// attacker rolls one die fewer than her stack (at most 7) against the
/// defender's stack (at least 1, at most 8): a quirk of the published
/// rule, kept (Dice Wars itself rolls the whole stack). `bonus` is 0.3 x
/// how far her largest group's size exceeds the largest of any other
/// player's, as a ratio less one (0 when it does not exceed it). The
/// attack worth most is played if it is worth more than the board as it
/// stands, the first of equal worth in the order of the attacking cell,
/// then the target; otherwise the turn ends (where the rules want an
/// attack first, the attack worth most). It draws nothing at random and
/// ignores the budget; under other rule sets it rates their legal attacks
/// in the same way. Hints show each move's worth times 1,000.
///
/// ```
/// use dice_of_doom::ai::{Budget, StrategicPlayer, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
/// let start = Position::start(&rules, "a-8 b-1 / b-1 b-1".parse().unwrap(), Player::A).unwrap();
/// let mv = StrategicPlayer.choose(&rules, &start, Budget::UNLIMITED);
/// assert!(matches!(mv, Some(Move::Attack { from: 0, .. })));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StrategicPlayer;

/// The chance that `attacker` dice roll a higher sum than `defender`
/// dice (six faces each), computed from the exact sum distributions.
fn beats(attacker: usize, defender: usize) -> f64 {
    fn sums(dice: usize) -> Vec<f64> {
        let mut dist = vec![1.0];
        for _ in 0..dice {
            let mut next = vec![0.0; dist.len() + 6];
            for (sum, &p) in dist.iter().enumerate() {
                for face in 1..=6 {
                    next[sum + face] += p / 6.0;
                }
            }
            dist = next;
        }
        dist
    }
    let (a, d) = (sums(attacker), sums(defender));
    let mut p = 0.0;
    for (sa, &pa) in a.iter().enumerate() {
        for (sd, &pd) in d.iter().enumerate() {
            if pa > 0.0 && pd > 0.0 && sa > sd {
                p += pa * pd;
            }
        }
    }
    p
}

/// The port's odds for a stack of `from` dice attacking `to` dice.
fn odds(from: u8, to: u8) -> f64 {
    beats(
        usize::from(from.saturating_sub(1).min(7)),
        usize::from(to.clamp(1, 8)),
    )
}

/// A board as the rule reads it: each cell's owner and dice.
struct Virtual<'a> {
    map: &'a Map,
    owner: Vec<Player>,
    dice: Vec<u8>,
}

impl Virtual<'_> {
    fn touches(&self, cell: usize, pred: impl Fn(usize) -> bool) -> bool {
        self.map
            .neighbours(cell)
            .iter()
            .any(|&n| pred(usize::from(n)))
    }

    /// The size of `player`'s largest connected group (0 without cells).
    fn largest_group(&self, player: Player) -> usize {
        let mut seen = vec![false; self.owner.len()];
        let mut best = 0;
        for start in 0..self.owner.len() {
            if seen[start] || self.owner[start] != player {
                continue;
            }
            seen[start] = true;
            let (mut stack, mut size) = (vec![start], 0);
            while let Some(cell) = stack.pop() {
                size += 1;
                for &n in self.map.neighbours(cell) {
                    let n = usize::from(n);
                    if !seen[n] && self.owner[n] == player {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            best = best.max(size);
        }
        best
    }

    /// The largest group of any player but `me`.
    fn largest_other_group(&self, me: Player, players: u8) -> usize {
        Player::all(players)
            .filter(|&p| p != me)
            .map(|p| self.largest_group(p))
            .max()
            .unwrap_or(0)
    }

    /// The board's score for `me`.
    fn score(&self, me: Player, players: u8) -> f64 {
        let cells = 0..self.owner.len();
        let frontier: u32 = cells
            .clone()
            .filter(|&c| self.owner[c] == me && self.touches(c, |n| self.owner[n] != me))
            .map(|c| u32::from(self.dice[c]))
            .sum();
        let exposed: u32 = cells
            .filter(|&c| {
                self.owner[c] != me && self.dice[c] >= 5 && self.touches(c, |n| self.owner[n] == me)
            })
            .map(|c| u32::from(self.dice[c]))
            .sum();
        3.0 * self.largest_group(me) as f64 - 2.0 * self.largest_other_group(me, players) as f64
            + 0.4 * f64::from(frontier)
            - 0.5 * f64::from(exposed)
    }
}

impl StrategicPlayer {
    /// The board's worth as it stands, and each attack's worth, in menu
    /// order (`None` for a move that is no attack).
    fn worths(rules: &Rules, position: &Position, menu: &[Move]) -> (f64, Vec<Option<f64>>) {
        let board = position.board();
        let me = position.player();
        let players = rules.players();
        let mut v = Virtual {
            map: rules.map(),
            owner: board.cells().iter().map(|c| c.owner()).collect(),
            dice: board.cells().iter().map(|c| c.dice()).collect(),
        };
        let base = v.score(me, players);
        let ratio = v.largest_group(me) as f64 / v.largest_other_group(me, players).max(1) as f64;
        let bonus = (ratio - 1.0).max(0.0) * 0.3;
        let worths = menu
            .iter()
            .map(|&mv| {
                let Move::Attack { from, to } = mv else {
                    return None;
                };
                let (from, to) = (usize::from(from), usize::from(to));
                let (dice_from, dice_to, owner_to) = (v.dice[from], v.dice[to], v.owner[to]);
                let p = odds(dice_from, dice_to);
                v.owner[to] = me;
                v.dice[to] = dice_from - 1;
                v.dice[from] = 1;
                let won = v.score(me, players);
                v.owner[to] = owner_to;
                v.dice[to] = dice_to;
                let lost = v.score(me, players);
                v.dice[from] = dice_from;
                Some(p * won + (1.0 - p) * lost + bonus)
            })
            .collect();
        (base, worths)
    }
}

impl Strategy for StrategicPlayer {
    fn name(&self) -> &'static str {
        "strategic"
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
        let (base, worths) = StrategicPlayer::worths(rules, position, &menu);
        // Attacks in the order of the attacking cell, then the target.
        let mut order: Vec<usize> = (0..menu.len()).filter(|&i| worths[i].is_some()).collect();
        order.sort_by_key(|&i| match menu[i] {
            Move::Attack { from, to } => (from, to),
            Move::Pass => (u8::MAX, u8::MAX),
        });
        let mut best: Option<(usize, f64)> = None;
        for i in order {
            let worth = worths[i].unwrap_or(f64::NEG_INFINITY);
            if best.is_none_or(|(_, b)| worth > b) {
                best = Some((i, worth));
            }
        }
        let pass = menu.iter().position(|&m| m == Move::Pass);
        let choice = match (best, pass) {
            (Some((i, worth)), Some(_)) if worth > base => i,
            (_, Some(p)) => p,
            (Some((i, _)), None) => i,
            (None, None) => 0,
        };
        let moves = menu
            .into_iter()
            .zip(worths)
            .map(|(mv, worth)| RatedMove {
                mv,
                rating: Rating::Estimate((worth.unwrap_or(base) * 1000.0).round() as i32),
            })
            .collect();
        Some(Analysis { moves, choice })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleSet;

    // The 3x3 rhombus: cell y * 3 + x touches (x +- 1, y), (x, y +- 1),
    // (x - 1, y - 1) and (x + 1, y + 1).
    fn setup(players: usize, board: &str) -> (Rules, Position) {
        let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(3).unwrap(), players, 8).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        (rules, start)
    }

    #[test]
    fn the_odds_are_the_ports_one_die_short() {
        // 2 dice roll 1 against 1: 15 of 36 outcomes win.
        assert!((odds(2, 1) - 15.0 / 36.0).abs() < 1e-12);
        // 1 die rolls none: never wins.
        assert_eq!(odds(1, 1), 0.0);
        // 8 dice roll 7 against 1.
        assert!((odds(8, 1) - beats(7, 1)).abs() < 1e-15);
        assert!(beats(7, 1) > 0.999);
        // 3 dice roll 2 against 1: the rolls (x, y, f) with x + y > f,
        // counted over all 216.
        let wins: usize = (1..=6)
            .flat_map(|x| (1..=6).flat_map(move |y| (1..=6).map(move |f| (x + y > f) as usize)))
            .sum();
        assert!((odds(3, 1) - wins as f64 / 216.0).abs() < 1e-12);
    }

    #[test]
    fn the_score_counts_groups_frontier_and_exposure() {
        // a: 0, 1, 3 connected (3), 8 alone; b: 2, 4, 5, 6, 7 connected (5).
        // a's cells touching b: 0 (touches 4), 1, 3, 8 = 2 + 3 + 1 + 4 = 10
        // dice; b's cells of 5+ touching a: 4 (6 dice) and 7 (5) = 11.
        let (rules, at) = setup(2, "a-2 a-3 b-1 / a-1 b-6 b-1 / b-1 b-5 a-4");
        let board = at.board();
        let v = Virtual {
            map: rules.map(),
            owner: board.cells().iter().map(|c| c.owner()).collect(),
            dice: board.cells().iter().map(|c| c.dice()).collect(),
        };
        let expected = 3.0 * 3.0 - 2.0 * 5.0 + 0.4 * 10.0 - 0.5 * 11.0;
        assert!((v.score(Player::A, 2) - expected).abs() < 1e-12);
    }

    #[test]
    fn the_attack_worth_most_is_played_when_worth_more_than_the_board() {
        // a's 0 (2 dice) touches b's 1, 3 and 4 (1 die each); a's 8 (1
        // die) is apart from 0; b's 7 cells are connected. The board:
        // 3 x 1 - 2 x 7 + 0.4 x (2 + 1) = -9.8.
        let (rules, at) = setup(2, "a-2 b-1 b-1 / b-1 b-1 b-1 / b-1 b-1 a-1");
        let menu = at.moves(&rules);
        let (base, worths) = StrategicPlayer::worths(&rules, &at, &menu);
        assert!((base - -9.8).abs() < 1e-12);
        // 0 -> 4 won: a's 0, 4, 8 connected (3), b split into {1, 2, 5}
        // and {3, 6, 7} (3), frontier 1 + 1 + 1: 9 - 6 + 1.2 = 4.2. Lost:
        // 0 keeps 1 die: 3 - 14 + 0.8 = -10.2. Odds 15/36 (one die
        // against one).
        let p = 15.0 / 36.0;
        let expected = p * 4.2 + (1.0 - p) * -10.2;
        let worth_of = |from, to| {
            let i = menu
                .iter()
                .position(|&m| m == Move::Attack { from, to })
                .unwrap();
            worths[i].unwrap()
        };
        assert!((worth_of(0, 4) - expected).abs() < 1e-12);
        // 0 -> 1 won: a's group 2, b's 6: 6 - 12 + 1.2 = -4.8.
        assert!((worth_of(0, 1) - (p * -4.8 + (1.0 - p) * -10.2)).abs() < 1e-12);
        assert!(worth_of(0, 1) > base && worth_of(0, 4) > worth_of(0, 1));
        assert_eq!(
            StrategicPlayer.choose(&rules, &at, Budget::UNLIMITED),
            Some(Move::Attack { from: 0, to: 4 })
        );
    }

    #[test]
    fn with_no_attack_worth_more_than_the_board_the_turn_ends() {
        // a's 0 (2 dice) touches only b's 8-dice stacks: the port's odds
        // (one die against eight) are 0, so each attack is worth the board
        // with 0 down to 1 die: 0.4 less.
        let (rules, at) = setup(2, "a-2 b-8 b-1 / b-8 b-8 b-1 / b-1 b-1 a-1");
        let menu = at.moves(&rules);
        let (base, worths) = StrategicPlayer::worths(&rules, &at, &menu);
        // 3 - 14 + 0.4 x 3 - 0.5 x (8 + 8 + 8) = -21.8.
        assert!((base - -21.8).abs() < 1e-12);
        for worth in worths.iter().flatten() {
            assert!((worth - (base - 0.4)).abs() < 1e-12);
        }
        assert_eq!(
            StrategicPlayer.choose(&rules, &at, Budget::UNLIMITED),
            Some(Move::Pass)
        );
    }

    #[test]
    fn of_attacks_worth_more_the_best_is_played() {
        // a's 4 (8 dice) in the middle, touching a's 8 (1 die); all else
        // b's with 1 die. Every capture makes a's group 3 and loses alike;
        // they differ in b's largest group left: 3 after taking 0 (b split
        // into {1, 2, 5} and {3, 6, 7}), 4 after 1 or 3, 6 after 5 or 7.
        let (rules, at) = setup(2, "b-1 b-1 b-1 / b-1 a-8 b-1 / b-1 b-1 a-1");
        let menu = at.moves(&rules);
        let (base, worths) = StrategicPlayer::worths(&rules, &at, &menu);
        let best = worths
            .iter()
            .flatten()
            .fold(f64::NEG_INFINITY, |a, &b| a.max(b));
        assert!(best > base);
        let chosen = StrategicPlayer.choose(&rules, &at, Budget::UNLIMITED);
        let i = menu.iter().position(|&m| Some(m) == chosen).unwrap();
        assert_eq!(worths[i], Some(best));
        assert_eq!(chosen, Some(Move::Attack { from: 4, to: 0 }));
    }
}
