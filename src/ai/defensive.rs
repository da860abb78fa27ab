//! A port of the HTML5 Dice Wars' defensive computer player.

use super::{Analysis, Budget, Strategy};
use crate::game::{Map, Move, Position, Rules, largest_group};

/// The defensive attacker of the HTML5 Dice Wars port (chrisraff/dicewarsjs,
/// `ai_defensive.js`), its decision rule ported, not its code. It keeps an
/// attack from cell `s` into a neighbouring enemy cell `t` only if
///
/// 1. `s` holds more dice than `t`, or holds the dice limit (8 under Dice
///    Wars: a full stack attacks even a full stack);
/// 2. no cell of `t`'s owner next to `t` holds more dice than `s` (a
///    capture that such a neighbour would take straight back is not made);
/// 3. it is not the case that the mover's largest group has more than 4
///    cells, her stock is empty and the second-strongest enemy neighbour
///    of `s` holds more than 2 dice (`s` has a front to guard).
///
/// Going through the enemy cells in index order, and for each its
/// neighbours in index order, each attack kept replaces the one held so
/// far unless the one held starts from a cell with a single enemy
/// neighbour and the new one does not, or both do and the new one has
/// fewer dice, or as many dice and fewer neighbours. The attack held at
/// the end is played; with none it ends the turn (where the rules want an
/// attack first, it plays the first one). It draws nothing at random and
/// ignores the budget. Under other rule sets it applies the same rule to
/// their legal attacks, with their dice limit.
///
/// ```
/// use dice_of_doom::ai::{Budget, DefensivePlayer, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
/// let start = Position::start(&rules, "a-3 b-2 / a-1 b-5".parse().unwrap(), Player::A).unwrap();
/// // 0 -> 1 would be taken back by b's 5 beside it: the turn ends.
/// assert_eq!(DefensivePlayer.choose(&rules, &start, Budget::UNLIMITED), Some(Move::Pass));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DefensivePlayer;

/// What the rule reads of a cell's neighbourhood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Around {
    /// Neighbours of the cell's own owner.
    friendly: usize,
    /// Neighbours of any other player.
    unfriendly: usize,
    /// The most dice on a neighbour of the cell's owner (0 without one).
    top_friendly: u8,
    /// The second most dice among the other players' neighbours (the
    /// largest two counted separately even when equal; 0 without two).
    second_unfriendly: u8,
}

impl Around {
    fn of(position: &Position, map: &Map, cell: usize) -> Around {
        let board = position.board();
        let owner = board.cell(cell).owner();
        let mut around = Around::default();
        let mut top_unfriendly = 0;
        let mut neighbours: Vec<usize> = map.neighbours(cell).iter().map(|&n| n.into()).collect();
        neighbours.sort_unstable();
        for n in neighbours {
            let other = board.cell(n);
            if other.owner() == owner {
                around.friendly += 1;
                around.top_friendly = around.top_friendly.max(other.dice());
            } else {
                around.unfriendly += 1;
                if other.dice() > top_unfriendly {
                    around.second_unfriendly = top_unfriendly;
                    top_unfriendly = other.dice();
                } else if other.dice() > around.second_unfriendly {
                    around.second_unfriendly = other.dice();
                }
            }
        }
        around
    }

    fn neighbours(self) -> usize {
        self.friendly + self.unfriendly
    }
}

impl DefensivePlayer {
    /// The attack the rule picks, if any.
    fn pick(rules: &Rules, position: &Position, menu: &[Move]) -> Option<Move> {
        let map = rules.map();
        let board = position.board();
        let me = position.player();
        let around: Vec<Around> = (0..board.len())
            .map(|cell| Around::of(position, map, cell))
            .collect();
        let guarded = largest_group(board, map, me) > 4 && position.stock(me) == 0;
        let full = rules.max_dice();
        let mut held: Option<(usize, usize)> = None;
        for to in (0..board.len()).filter(|&t| board.cell(t).owner() != me) {
            let target = board.cell(to);
            for from in (0..board.len()).filter(|&s| board.cell(s).owner() == me) {
                let mv = Move::Attack {
                    from: from as u8,
                    to: to as u8,
                };
                if !menu.contains(&mv) {
                    continue;
                }
                let dice = board.cell(from).dice();
                if target.dice() >= dice && dice != full {
                    continue;
                }
                if around[to].top_friendly > dice {
                    continue;
                }
                if guarded && around[from].second_unfriendly > 2 {
                    continue;
                }
                if let Some((old, _)) = held
                    && around[old].unfriendly == 1
                {
                    if around[from].unfriendly != 1 {
                        continue;
                    }
                    let old_dice = board.cell(old).dice();
                    if dice < old_dice
                        || (dice == old_dice
                            && around[from].neighbours() < around[old].neighbours())
                    {
                        continue;
                    }
                }
                held = Some((from, to));
            }
        }
        held.map(|(from, to)| Move::Attack {
            from: from as u8,
            to: to as u8,
        })
    }
}

impl Strategy for DefensivePlayer {
    fn name(&self) -> &'static str {
        "defensive"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        _budget: Budget,
        _full: bool,
    ) -> Option<Analysis> {
        let menu = position.moves(rules);
        let first = *menu.first()?;
        let chosen = DefensivePlayer::pick(rules, position, &menu)
            .or_else(|| menu.contains(&Move::Pass).then_some(Move::Pass))
            .unwrap_or(first);
        let choice = menu.iter().position(|&m| m == chosen).unwrap_or(0);
        Some(Analysis::unrated(menu, choice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Player, RuleSet};

    // The 3x3 rhombus: cell y * 3 + x touches (x +- 1, y), (x, y +- 1),
    // (x - 1, y - 1) and (x + 1, y + 1).
    fn choice(board: &str, stock: u8) -> Option<Move> {
        let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(3).unwrap(), 3, 8).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), Player::A)
            .unwrap()
            .with_stock(Player::A, stock);
        DefensivePlayer.choose(&rules, &start, Budget::UNLIMITED)
    }

    const fn attack(from: u8, to: u8) -> Option<Move> {
        Some(Move::Attack { from, to })
    }

    #[test]
    fn it_attacks_only_with_more_dice_or_a_full_stack() {
        // a's only cell with dice, 4 (3 dice), touches b's 0, 1, 3, 5, 7
        // and 8, 3 dice each: all even, so nothing; the turn ends.
        assert_eq!(
            choice("b-3 b-3 c-1 / b-3 a-3 b-3 / c-1 b-3 b-3", 0),
            Some(Move::Pass)
        );
        // With 8 dice, 4 attacks b's 8 (0, its only enemy) all the same.
        assert_eq!(
            choice("b-8 a-1 a-1 / a-1 a-8 a-1 / c-1 a-1 a-1", 0),
            attack(4, 0)
        );
    }

    #[test]
    fn it_leaves_a_cell_its_owner_would_take_back() {
        // a's 4 (4 dice) beside b's 5 (2 dice), which touches b's 2 (5
        // dice, more than 4): not attacked. b's 3 (2 dice) touches only
        // b's 0 (4 dice, not more) among b's cells: attacked.
        assert_eq!(
            choice("b-4 a-1 b-5 / b-2 a-4 b-2 / a-1 a-1 a-1", 0),
            attack(4, 3)
        );
    }

    #[test]
    fn a_guarded_front_holds_without_a_stock() {
        // a holds 7 connected cells; 4 (5 dice) has enemy neighbours 0 (3)
        // and 8 (3): the second strongest holds 3 > 2. With an empty stock
        // it does not attack; with a stock it does, and of 4 -> 0 and
        // 4 -> 8 the later replaces the earlier (4 has two ways out).
        let board = "b-3 a-1 a-1 / a-1 a-5 a-1 / a-1 a-1 c-3";
        assert_eq!(choice(board, 0), Some(Move::Pass));
        assert_eq!(choice(board, 1), attack(4, 8));
    }

    #[test]
    fn a_cell_with_one_way_out_is_preferred_and_keeps_its_place() {
        // 0 (3 dice) has one enemy neighbour, 1 (b, 1); 8 (4 dice) has two,
        // 5 and 7 (c, 1 each). In cell order 1 comes first, from 0, which
        // has one way out: the attacks from 8 (two ways out) do not
        // replace it.
        assert_eq!(
            choice("a-3 b-1 a-1 / a-1 a-1 c-1 / a-1 c-1 a-4", 0),
            attack(0, 1)
        );
        // Both with one way out: the one with more dice replaces it; with
        // as many dice, the one with as many or more neighbours.
        // 0 (3 dice, 3 neighbours) -> 1; 8 (4 dice, 3 neighbours) -> 5.
        assert_eq!(
            choice("a-3 b-1 a-1 / a-1 a-1 c-1 / a-1 a-1 a-4", 0),
            attack(8, 5)
        );
        // 8 with 3 dice: as many, as many neighbours: the later replaces.
        assert_eq!(
            choice("a-3 b-1 a-1 / a-1 a-1 c-1 / a-1 a-1 a-3", 0),
            attack(8, 5)
        );
        // 8 with 2 dice: fewer, the first is kept.
        assert_eq!(
            choice("a-3 b-1 a-1 / a-1 a-1 c-1 / a-1 a-1 a-2", 0),
            attack(0, 1)
        );
        // 6 (3 dice, 2 neighbours) -> 7 after 0 (3 dice, 3 neighbours)
        // -> 1, both with one way out: fewer neighbours, the first is kept.
        assert_eq!(
            choice("a-3 b-1 a-1 / a-1 a-1 a-1 / a-3 c-1 a-1", 0),
            attack(0, 1)
        );
    }
}
