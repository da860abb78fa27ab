//! The features of a position for the learned evaluation: for each player
//! still in the game, a few numbers describing her strength, scaled to the
//! map and the dice so that one model serves maps of any size.

use crate::ai::expectimax::odds;
use crate::game::{MAX_CELLS, MAX_PLAYERS, Player, Position, Rules, largest_group};

/// The number of features of one player.
pub const FEATURES: usize = 16;

/// The slots of the players (a player's features sit at her index).
pub(crate) const SLOTS: usize = MAX_PLAYERS as usize;

/// Each player's features, and which players are still in the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerFeatures {
    /// The features of each player slot (zero where the player is out).
    pub rows: [[f32; FEATURES]; SLOTS],
    /// Whether each slot's player still holds a cell.
    pub alive: [bool; SLOTS],
}

/// What each feature measures, in order (for the trainer's report).
pub const NAMES: [&str; FEATURES] = [
    "cells",
    "dice and stock",
    "largest group",
    "stock",
    "cells at risk",
    "attacks open",
    "border cells",
    "dice a cell",
    "to move",
    "turns away",
    "1 / players left",
    "cells - most other",
    "group - largest other",
    "full stacks",
    "weak border cells",
    "interior dice",
];

/// The features of `position` under `rules`, with no allocation.
///
/// For player `p`, with `n` the map's cells and `d` the dice on the board
/// and in every stock: her cells / n, her dice and stock / d, her largest
/// connected group / n, her stock / d, her cells weighed by the best odds
/// an enemy neighbour has of taking each / n, her cells weighed by their
/// best odds of taking an enemy neighbour / n, her cells beside an enemy
/// / n, her dice a cell / the dice limit, whether she moves now, how many
/// turns away hers is (among the players left) / the players left, 1 /
/// the players left, her cells less the most any other player holds / n,
/// her largest group less the largest other / n, her full stacks / n,
/// her cells of one die beside an enemy / n, her dice away from every
/// enemy / d.
pub fn features(rules: &Rules, position: &Position) -> PlayerFeatures {
    let map = rules.map();
    let board = position.board();
    let cells = board.cells();
    let n = cells.len().min(MAX_CELLS);
    let max_dice = f32::from(rules.max_dice().max(1));
    let mut count = [0u32; SLOTS];
    let mut dice = [0u32; SLOTS];
    let mut risk = [0f32; SLOTS];
    let mut attack = [0f32; SLOTS];
    let mut border = [0u32; SLOTS];
    let mut full = [0u32; SLOTS];
    let mut weak = [0u32; SLOTS];
    let mut interior = [0u32; SLOTS];
    for (i, cell) in cells.iter().enumerate().take(n) {
        let owner = usize::from(cell.owner().index()) % SLOTS;
        count[owner] += 1;
        dice[owner] += u32::from(cell.dice());
        if cell.dice() >= rules.max_dice() {
            full[owner] += 1;
        }
        let (mut danger, mut chance, mut enemy) = (0f64, 0f64, false);
        for &m in map.neighbours(i) {
            let other = cells[usize::from(m)];
            if other.owner() != cell.owner() {
                enemy = true;
                danger = danger.max(odds(other.dice(), cell.dice()));
                chance = chance.max(odds(cell.dice(), other.dice()));
            }
        }
        risk[owner] += danger as f32;
        attack[owner] += chance as f32;
        if enemy {
            border[owner] += 1;
            if cell.dice() <= 1 {
                weak[owner] += 1;
            }
        } else {
            interior[owner] += u32::from(cell.dice());
        }
    }
    let players = rules.players();
    let mut stock = [0u32; SLOTS];
    let mut group = [0u32; SLOTS];
    let mut alive = [false; SLOTS];
    let mut total = 0u32;
    let mut left = 0u32;
    for p in Player::all(players) {
        let i = usize::from(p.index()) % SLOTS;
        stock[i] = u32::from(position.stock(p));
        total += dice[i] + stock[i];
        if count[i] > 0 {
            alive[i] = true;
            left += 1;
            group[i] = largest_group(board, map, p) as u32;
        }
    }
    let nf = n.max(1) as f32;
    let total = total.max(1) as f32;
    let leftf = left.max(1) as f32;
    let mover = position.player();
    let mut rows = [[0f32; FEATURES]; SLOTS];
    for p in Player::all(players) {
        let i = usize::from(p.index()) % SLOTS;
        if !alive[i] {
            continue;
        }
        // Turns from the mover to p, counting only the players left.
        let mut away = 0u32;
        let mut q = mover;
        while q != p && away < u32::from(players) {
            q = q.next(players);
            if alive[usize::from(q.index()) % SLOTS] {
                away += 1;
            }
        }
        let (most_other, largest_other) = (0..SLOTS)
            .filter(|&j| j != i && alive[j])
            .fold((0u32, 0u32), |(c, g), j| (c.max(count[j]), g.max(group[j])));
        let c = count[i] as f32;
        rows[i] = [
            c / nf,
            (dice[i] + stock[i]) as f32 / total,
            group[i] as f32 / nf,
            stock[i] as f32 / total,
            risk[i] / nf,
            attack[i] / nf,
            border[i] as f32 / nf,
            dice[i] as f32 / c.max(1.0) / max_dice,
            if p == mover { 1.0 } else { 0.0 },
            away as f32 / leftf,
            1.0 / leftf,
            (c - most_other as f32) / nf,
            (group[i] as f32 - largest_other as f32) / nf,
            full[i] as f32 / nf,
            weak[i] as f32 / nf,
            interior[i] as f32 / total,
        ];
    }
    PlayerFeatures { rows, alive }
}
