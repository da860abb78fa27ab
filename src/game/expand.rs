//! Working out the children of a packed position without unpacking it into a
//! [`Position`](super::Position): each child's key is the parent's with the
//! few fields a move changes rewritten, by the same rules code that plays
//! moves on positions.

use super::rules::{moves_on, play_on, winners_on};
use super::{Cell, Codec, Move, PlayerSet, RuleSet, Rules};

/// Reusable buffers that list the moves of a packed position and the packed
/// positions they lead to.
#[derive(Clone, Debug)]
pub(crate) struct Children {
    words: usize,
    cells: Vec<Cell>,
    moves: Vec<Move>,
    keys: Vec<u64>,
}

impl Children {
    /// Empty buffers for positions packed by `codec`.
    pub(crate) fn new(codec: &Codec) -> Children {
        Children {
            words: codec.words(),
            cells: vec![Cell::default(); codec.cells()],
            moves: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// Lists the moves of the packed position `key` (packed by `codec` under
    /// `rules`) in menu order, and the packed position after each.
    pub(crate) fn expand(&mut self, codec: &Codec, rules: &Rules, key: &[u64]) {
        // The classic rules (every tree's, so far) with their policy known
        // at compile time.
        if rules.set() == RuleSet::Classic {
            self.expand_by::<true>(codec, rules, key);
        } else {
            self.expand_by::<false>(codec, rules, key);
        }
    }

    #[inline]
    fn expand_by<const PLAIN: bool>(&mut self, codec: &Codec, rules: &Rules, key: &[u64]) {
        debug_assert_eq!(key.len(), self.words);
        codec.unpack_cells(key, &mut self.cells);
        let turn = codec.turn(key);
        moves_on::<_, PLAIN>(&self.cells[..], turn, rules, &mut self.moves);
        self.keys.clear();
        self.keys.reserve(self.moves.len() * self.words);
        if let [word] = key {
            // One word: play each move on a copy held in a register.
            for &mv in &self.moves {
                let mut child = codec.word(*word);
                let after = play_on::<_, PLAIN>(&mut child, turn, rules, mv);
                self.keys.push(codec.with_turn(child.word, after));
            }
            return;
        }
        for &mv in &self.moves {
            let start = self.keys.len();
            if let [word] = key {
                self.keys.push(*word);
            } else {
                self.keys.extend_from_slice(key);
            }
            let child = &mut self.keys[start..];
            let after = play_on::<_, PLAIN>(&mut codec.view_mut(child), turn, rules, mv);
            codec.set_turn(child, after);
        }
    }

    /// The moves found by the last [`Children::expand`], in menu order.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many children the last expanded position has.
    pub(crate) fn len(&self) -> usize {
        self.moves.len()
    }

    /// The packed position after the `index`-th move.
    ///
    /// # Panics
    /// If there is no such move.
    #[inline]
    pub(crate) fn key(&self, index: usize) -> &[u64] {
        &self.keys[index * self.words..(index + 1) * self.words]
    }
}

impl Codec {
    /// The players owning the most cells of a packed position: the winners
    /// if the game ends there.
    pub(crate) fn winners(&self, key: &[u64]) -> PlayerSet {
        winners_on(&self.view(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Player, Position, random_board};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Along random games on many board sizes and rule sets, every child key
    /// decodes to the position `Position::play` gives for the same move.
    #[test]
    fn packed_children_match_played_positions() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (side, players, max_dice) in [(2, 2, 3), (3, 2, 3), (4, 3, 4), (5, 2, 3), (6, 4, 9)] {
            let rules = Rules::classic(side, players, max_dice).unwrap();
            let codec = Codec::new(&rules);
            let mut children = Children::new(&codec);
            let mut key = vec![0; codec.words()];
            for game in 0..20 {
                let board = random_board(&rules, Player::A, &mut rng).unwrap();
                let mut position = Position::start(&rules, board, Player::A).unwrap();
                for step in 0.. {
                    codec.encode(&position, &mut key);
                    children.expand(&codec, &rules, &key);
                    assert_eq!(children.moves(), position.moves(&rules));
                    assert_eq!(codec.winners(&key), position.winners());
                    for (i, &mv) in children.moves().iter().enumerate() {
                        let played = position.play(&rules, mv).unwrap();
                        assert_eq!(
                            codec.decode(children.key(i)),
                            played,
                            "{side} {game} {step}"
                        );
                    }
                    if children.len() == 0 {
                        break;
                    }
                    let pick = (game * 31 + step * 17) % children.len();
                    position = codec.decode(children.key(pick));
                }
            }
        }
    }
}
