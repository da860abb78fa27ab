//! The search's position hashes (a child module of `search`): Zobrist
//! keys, fixed random words from a seeded `splitmix64`, one per cell,
//! owner and dice, per player to move, for the turn's state and for the
//! rule sets' spare dice (pool, stocks) and guard count, so that
//! every machine hashes a position alike.

use crate::game::{MAX_CELLS, MAX_DICE_LIMIT, MAX_PLAYERS, Player, Position};

/// Random keys for hashing positions (Zobrist hashing).
#[derive(Clone, Debug)]
pub(super) struct Keys {
    cells: Vec<u64>,
    players: [u64; MAX_PLAYERS as usize],
    first_move: u64,
    captured: u64,
    /// Realm of Racket's pool (left out while it is empty, so that the
    /// other rule sets hash as before).
    pool: u64,
    /// Realm of Racket's board list reversed.
    reversed: u64,
    /// Dice Wars' stocks, one key a player (left out while a stock is
    /// empty).
    stocks: [u64; MAX_PLAYERS as usize],
    /// The count of quiet turns towards the guard against endless games
    /// (left out while it is 0).
    quiet: u64,
}

const DICE_SLOTS: usize = MAX_DICE_LIMIT as usize + 1;

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Keys {
    pub(super) fn new() -> Keys {
        let mut state = 0x00d1_ce0f_d00d;
        let cells = (0..MAX_CELLS * MAX_PLAYERS as usize * DICE_SLOTS)
            .map(|_| splitmix(&mut state))
            .collect();
        let players = std::array::from_fn(|_| splitmix(&mut state));
        Keys {
            cells,
            players,
            first_move: splitmix(&mut state),
            captured: splitmix(&mut state),
            pool: splitmix(&mut state),
            reversed: splitmix(&mut state),
            stocks: std::array::from_fn(|_| splitmix(&mut state)),
            quiet: splitmix(&mut state),
        }
    }

    pub(super) fn hash(&self, position: &Position) -> u64 {
        let mut h = self.players[usize::from(position.player().index())];
        if position.is_first_move() {
            h ^= self.first_move;
        }
        h ^= self
            .captured
            .wrapping_mul(u64::from(position.captured()) + 1)
            .rotate_left(17);
        if position.pool() > 0 {
            h ^= self
                .pool
                .wrapping_mul(u64::from(position.pool()))
                .rotate_left(29);
        }
        if position.is_reversed() {
            h ^= self.reversed;
        }
        for (index, key) in (0..MAX_PLAYERS).zip(&self.stocks) {
            let stock = Player::new(index).map_or(0, |p| position.stock(p));
            if stock > 0 {
                h ^= key.wrapping_mul(u64::from(stock)).rotate_left(37);
            }
        }
        if position.quiet_turns() > 0 {
            h ^= self
                .quiet
                .wrapping_mul(u64::from(position.quiet_turns()))
                .rotate_left(43);
        }
        for (i, cell) in position.board().cells().iter().enumerate() {
            let slot = (i * MAX_PLAYERS as usize + usize::from(cell.owner().index())) * DICE_SLOTS
                + usize::from(cell.dice());
            h ^= self.cells[slot];
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, Player, RuleSet, Rules};

    #[test]
    fn dice_wars_stocks_and_the_guard_count_are_hashed() {
        let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
        let board = "a-3 b-2 / b-1 a-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let keys = Keys::new();
        let hashes = [
            keys.hash(&start),
            keys.hash(&start.with_stock(Player::A, 4)),
            keys.hash(&start.with_stock(Player::B, 4)),
            keys.hash(&start.with_stock(Player::A, 5)),
        ];
        for i in 0..hashes.len() {
            for j in 0..i {
                assert_ne!(hashes[i], hashes[j], "{i} {j}");
            }
        }
        // Empty stocks add nothing.
        assert_eq!(
            keys.hash(&start),
            keys.hash(&start.with_stock(Player::A, 0))
        );
    }

    #[test]
    fn the_pool_and_the_list_order_are_hashed() {
        let rules = Rules::of(RuleSet::Racket, Map::offset(2).unwrap(), 2, 3).unwrap();
        let board = "a-3 b-2 / b-1 b-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let keys = Keys::new();
        let hashes = [
            keys.hash(&start),
            keys.hash(&start.with_pool(9)),
            keys.hash(&start.with_reversed(true)),
            keys.hash(&start.with_pool(0)),
        ];
        for i in 0..hashes.len() {
            for j in 0..i {
                assert_ne!(hashes[i], hashes[j], "{i} {j}");
            }
        }
        // An empty pool and the list in index order add nothing.
        let classic = Rules::classic(2, 2, 3).unwrap();
        let plain = Position::start(&classic, board, Player::A).unwrap();
        assert_eq!(
            keys.hash(&plain),
            keys.hash(&start.with_pool(0).with_reversed(false))
        );
    }
}
