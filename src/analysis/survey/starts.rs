//! The packed starts of numbered boards (a child module of `survey`),
//! put together from two tables instead of building each board.

use super::board_at;
use crate::game::{Cell, Codec, Player, Position, Rules};

/// The packed start of every numbered board (see the `survey` module),
/// with one player first: the cells' fields of the high digits and of the
/// low digits of its number, looked up and put together.
pub(super) struct StartKeys {
    /// The turn's fields of a start.
    turn: u64,
    /// How many numbers the low digits make.
    low_count: u64,
    /// The cells' fields of the low digits, by their number.
    low: Vec<u64>,
    /// The cells' fields of the high digits, by their number.
    high: Vec<u64>,
}

impl StartKeys {
    /// The starts of the boards of these rules, `first` moving first.
    pub(super) fn new(rules: &Rules, codec: &Codec, first: Player) -> StartKeys {
        let cells = rules.map().len();
        let max = u64::from(rules.max_dice());
        let base = 2 * max;
        let low_cells = cells / 2;
        let board = board_at(rules, 0);
        let start = Position::start(rules, board, first).expect("numbered boards fit their rules");
        let mut turn = [0u64];
        codec.set_turn(&mut turn, start.turn());
        // The fields of `digits` cells from `first_cell` on, for each number
        // those digits make (the first cell the most significant).
        let fields = |first_cell: usize, digits: usize| -> Vec<u64> {
            let count = base.pow(digits as u32);
            (0..count)
                .map(|number| {
                    let mut key = [0u64];
                    let mut rest = number;
                    for cell in (first_cell..first_cell + digits).rev() {
                        let digit = rest % base;
                        rest /= base;
                        let owner = if digit < max { Player::A } else { Player::B };
                        codec.set_cell(&mut key, cell, Cell::new(owner, (digit % max) as u8 + 1));
                    }
                    key[0]
                })
                .collect()
        };
        StartKeys {
            turn: turn[0],
            low_count: base.pow(low_cells as u32),
            low: fields(cells - low_cells, low_cells),
            high: fields(0, cells - low_cells),
        }
    }

    /// The packed start of board `index`.
    #[inline]
    pub(super) fn key(&self, index: u64) -> u64 {
        let (high, low) = (index / self.low_count, index % self.low_count);
        self.turn | self.high[high as usize] | self.low[low as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are those of the boards built and packed one by one.
    #[test]
    fn start_keys_are_the_packed_starts_of_the_boards() {
        for (side, dice, boards, step) in
            [(2, 3, 1296, 1), (2, 5, 10_000, 1), (3, 3, 10_077_696, 9973)]
        {
            let rules = Rules::classic(side, 2, dice).unwrap();
            let codec = Codec::new(&rules);
            for first in [Player::A, Player::B] {
                let starts = StartKeys::new(&rules, &codec, first);
                for index in (0..boards).step_by(step).chain([boards - 1]) {
                    let start = Position::start(&rules, board_at(&rules, index), first).unwrap();
                    let mut key = [0u64];
                    codec.encode(&start, &mut key);
                    assert_eq!(starts.key(index), key[0], "board {index}, {first} first");
                }
            }
        }
    }
}
