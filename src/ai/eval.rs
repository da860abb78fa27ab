//! Static scores of positions: pure functions of the rules and a position.

use crate::game::{Board, MAX_PLAYERS, Player, Position, Rules};

/// Land of Lisp's leaf score (its second AI) for `player`: +2 for each of her
/// cells that no enemy neighbour outnumbers, +1 for each that one does (a
/// threatened cell), -1 for each cell of another player.
///
/// ```
/// use dice_of_doom::ai::lol_score;
/// use dice_of_doom::game::{Player, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// // a-1 at 2 is threatened by b-2 at 0; a-3 at 3 is safe; two b cells.
/// let board = "b-2 b-1 / a-1 a-3".parse().unwrap();
/// assert_eq!(lol_score(&rules, &board, Player::A), 1 + 2 - 2);
/// ```
pub fn lol_score(rules: &Rules, board: &Board, player: Player) -> i32 {
    let cells = board.cells();
    let mut score = 0;
    for (i, cell) in cells.iter().enumerate() {
        if cell.owner() != player {
            score -= 1;
            continue;
        }
        let threatened = rules.map().neighbours(i).iter().any(|&n| {
            let other = cells[n as usize];
            other.owner() != player && other.dice() > cell.dice()
        });
        score += if threatened { 1 } else { 2 };
    }
    score
}

/// Weight of a cell owned (cells decide the game).
const CELL: i32 = 100;
/// Weight of a die on the board.
const DIE: i32 = 18;
/// Cost of a cell an enemy neighbour can take, for the players waiting.
const THREAT_WAITING: i32 = 45;
/// Cost of a cell an enemy neighbour can take, for the player to move (she
/// may still fix it, or end the game first).
const THREAT_MOVING: i32 = 20;
/// Worth of a die the player to move will get when she ends her turn.
const PENDING: i32 = 15;
/// Worth of having the move.
const TEMPO: i32 = 10;
/// Worth of a cell that can attack (a die more than some enemy neighbour).
const ATTACKER: i32 = 8;

/// A heuristic score of `position` for `perspective`: her strength minus
/// that of her strongest opponent, in hundredths of a cell, roughly.
///
/// Each player's strength counts her cells (the winner is whoever owns the
/// most), her dice, her cells an enemy neighbour outnumbers (they may be
/// lost), her cells that can attack, and, for the player to move, the tempo
/// and the reinforcements she has earned this turn. Unlike the book's score
/// it sees dice at all, the turn in progress, and who moves next.
///
/// ```
/// use dice_of_doom::ai::evaluate;
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "a-3 a-3 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// assert!(evaluate(&rules, &start, Player::A) > 0);
/// assert_eq!(evaluate(&rules, &start, Player::A), -evaluate(&rules, &start, Player::B));
/// ```
pub fn evaluate(rules: &Rules, position: &Position, perspective: Player) -> i32 {
    let board = position.board();
    let cells = board.cells();
    let players = usize::from(rules.players());
    let mut strength = [0i32; MAX_PLAYERS as usize];
    let mover = position.player();
    for (i, cell) in cells.iter().enumerate() {
        let owner = cell.owner();
        let mut threatened = false;
        let mut attacker = false;
        for &n in rules.map().neighbours(i) {
            let other = cells[n as usize];
            if other.owner() != owner {
                threatened |= other.dice() > cell.dice();
                attacker |= other.dice() < cell.dice();
            }
        }
        let mut s = CELL + DIE * i32::from(cell.dice());
        if threatened {
            s -= if owner == mover {
                THREAT_MOVING
            } else {
                THREAT_WAITING
            };
        }
        if attacker {
            s += ATTACKER;
        }
        strength[usize::from(owner.index())] += s;
    }
    let pending = if position.is_first_move() {
        0
    } else {
        i32::from(position.reinforcements(rules))
    };
    strength[usize::from(mover.index())] += TEMPO + PENDING * pending;
    let me = strength[usize::from(perspective.index())];
    let best_other = (0..players)
        .filter(|&p| p != usize::from(perspective.index()))
        .map(|p| strength[p])
        .max()
        .unwrap_or(0);
    me - best_other
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lol_score_counts_as_the_book() {
        let rules = Rules::classic(3, 2, 3).unwrap();
        // (board, player, score)
        let cases = [
            ("a-1 a-1 a-1 / a-1 a-1 a-1 / a-1 a-1 a-1", Player::A, 18),
            ("a-1 a-1 a-1 / a-1 a-1 a-1 / a-1 a-1 a-1", Player::B, -9),
            // b-3 at 4 threatens its six neighbours 0, 1, 3, 5, 7, 8.
            (
                "a-1 a-1 a-1 / a-1 b-3 a-1 / a-1 a-1 a-1",
                Player::A,
                6 + 2 * 2 - 1,
            ),
            // a-3 at 0 threatens 1, 3 and 4.
            (
                "a-3 b-2 b-2 / b-1 b-1 b-1 / b-1 b-1 b-1",
                Player::B,
                -1 + 3 + 2 * 5,
            ),
        ];
        for (board, player, score) in cases {
            let board = board.parse().unwrap();
            assert_eq!(
                lol_score(&rules, &board, player),
                score,
                "{board:?} {player}"
            );
        }
    }

    #[test]
    fn evaluation_prefers_more_cells_and_dice_and_is_antisymmetric() {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let at = |b: &str| Position::start(&rules, b.parse().unwrap(), Player::A).unwrap();
        let more_cells = at("a-2 a-2 a-2 / a-2 a-2 b-2 / b-2 b-2 b-2");
        let fewer_cells = at("a-2 a-2 a-2 / a-2 b-2 b-2 / b-2 b-2 b-2");
        let more_dice = at("a-3 a-2 a-2 / a-2 b-2 b-2 / b-2 b-2 b-2");
        let a = Player::A;
        assert!(evaluate(&rules, &more_cells, a) > evaluate(&rules, &fewer_cells, a));
        assert!(evaluate(&rules, &more_dice, a) > evaluate(&rules, &fewer_cells, a));
        for p in [more_cells, fewer_cells, more_dice] {
            assert_eq!(evaluate(&rules, &p, a), -evaluate(&rules, &p, Player::B));
        }
    }
}
