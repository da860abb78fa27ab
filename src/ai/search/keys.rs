//! The search's position hashes (a child module of `search`): Zobrist
//! keys, fixed random words from a seeded `splitmix64`, one per cell,
//! owner and dice, per player to move and for the turn's state, so that
//! every machine hashes a position alike.

use crate::game::{MAX_CELLS, MAX_DICE_LIMIT, MAX_PLAYERS, Position};

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
        for (i, cell) in position.board().cells().iter().enumerate() {
            let slot = (i * MAX_PLAYERS as usize + usize::from(cell.owner().index())) * DICE_SLOTS
                + usize::from(cell.dice());
            h ^= self.cells[slot];
        }
        h
    }
}
