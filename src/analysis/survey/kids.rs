//! The children of a position as the survey lists them (a child module of
//! `survey`): the packed positions after each move, without the moves.
//!
//! Two-player one-word positions under the classic rules (every survey's)
//! are worked out here on masks of cell lanes, as
//! [`Children::expand`] does, with two differences that leave every figure
//! of the survey as it is (a position's entry is the same whatever the
//! order its children come in) and save it most of the work: the moves are
//! not listed, and an attack's targets are taken in the order of their
//! lanes instead of the map's. Any other position is listed by
//! [`Children::expand`]. A test checks that both give the same children.

use crate::game::{Children, Codec, Rules};

/// The layout of two-player one-word positions, and each cell's
/// neighbours, for listing children on masks.
#[derive(Clone, Debug)]
struct Masks {
    /// Bit `cell * cell_bits` for each cell, the lowest of its field (the
    /// owner: 0 for `a`, 1 for `b`; the dice less one above it).
    lanes: u64,
    /// The bits of a cell's field.
    cell_bits: u32,
    /// The dice (less one) of a field shifted down past its owner bit.
    dice_mask: u64,
    /// The most dice a cell holds.
    max_dice: usize,
    /// The first bit past the cells: the player to move, then the dice
    /// captured this turn, then whether no move was made yet.
    turn_offset: u32,
    /// The bits of the captured dice.
    captured_bits: u32,
    /// Each cell's neighbours as lanes, by the bit of the cell's lane.
    near: [u64; 64],
}

impl Masks {
    /// The masks of the positions `codec` packs, if they are two-player
    /// one-word positions under the classic rules.
    fn new(codec: &Codec, rules: &Rules) -> Option<Masks> {
        let neighbours = codec.neighbour_masks()?;
        if rules.set() != crate::game::RuleSet::Classic
            || rules.players() != 2
            || codec.words() != 1
        {
            return None;
        }
        let (cell_bits, owner_bits) = codec.cell_layout();
        // An owner bit and at least one bit of dice.
        if owner_bits != 1 || cell_bits < 2 {
            return None;
        }
        let turn_offset = codec.cells() as u32 * cell_bits;
        // The player's bit, the captured dice, the first-move flag.
        let captured_bits = codec.bits() - turn_offset - 2;
        let mut near = [0; 64];
        for (cell, &mask) in neighbours.iter().enumerate() {
            near[cell * cell_bits as usize] = mask;
        }
        Some(Masks {
            lanes: codec.lanes(),
            cell_bits,
            dice_mask: (1 << (cell_bits - 1)) - 1,
            max_dice: usize::from(rules.max_dice()),
            turn_offset,
            captured_bits,
            near,
        })
    }

    /// The lanes whose dice (less one) are `value`.
    #[inline]
    fn dice_equal(&self, cells: u64, value: u64) -> u64 {
        let mut differ = (cells ^ value.wrapping_mul(self.lanes << 1)) >> 1;
        let mut bits = differ;
        for _ in 1..self.cell_bits - 1 {
            differ >>= 1;
            bits |= differ;
        }
        !bits & self.lanes
    }

    /// Pushes the children of `word` onto `out`.
    #[inline]
    fn children(&self, word: u64, out: &mut Vec<u64>) {
        let cells = word & ((1 << self.turn_offset) - 1);
        let turn = word >> self.turn_offset;
        let player = turn & 1;
        let captured = (turn >> 1) & ((1 << self.captured_bits) - 1);
        let first_move = turn >> (1 + self.captured_bits) & 1 == 1;
        let own = !(cells ^ player.wrapping_mul(self.lanes)) & self.lanes;
        let enemy = self.lanes & !own;
        // `below[n]`: the cells holding fewer than n dice.
        let mut below = [0u64; crate::game::MAX_DICE_LIMIT as usize + 2];
        let mut fewer = 0;
        for (less, lanes) in below[1..=self.max_dice].iter_mut().enumerate() {
            *lanes = fewer;
            fewer |= self.dice_equal(cells, less as u64);
        }
        let full = fewer & !below[self.max_dice];
        let dice = |lane: u32| (cells >> (lane + 1)) & self.dice_mask;
        if !first_move {
            // Reinforce: one die more on each of her cells not full, in
            // cell order, up to one less than she captured; then the other
            // player's first move.
            let mut child = cells;
            let mut open = own & !full;
            for _ in 1..captured {
                if open == 0 {
                    break;
                }
                child += 1 << (open.trailing_zeros() + 1);
                open &= open - 1;
            }
            let next = (player ^ 1) | 1 << (1 + self.captured_bits);
            out.push(child | next << self.turn_offset);
        }
        let cell_mask = (1u64 << self.cell_bits) - 1;
        let mut sources = own & !below[2];
        while sources != 0 {
            let lane = sources.trailing_zeros();
            sources &= sources - 1;
            let n = dice(lane) + 1;
            let mut targets = self.near[lane as usize] & enemy & below[n as usize];
            // Her cell keeps one die, and the rest move to the target.
            let left = (cells & !(cell_mask << lane)) | player << lane;
            let moved = player | (n - 2) << 1;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let child = (left & !(cell_mask << to)) | moved << to;
                let turn = player | (captured + dice(to) + 1) << 1;
                out.push(child | turn << self.turn_offset);
            }
        }
    }
}

/// Reusable buffers that list a position's children for the survey.
#[derive(Clone, Debug)]
pub(super) struct Kids {
    masks: Option<Masks>,
    /// For positions the masks do not cover.
    children: Children,
    keys: Vec<u64>,
}

impl Kids {
    /// Empty buffers for positions packed by `codec` under `rules`.
    pub(super) fn new(codec: &Codec, rules: &Rules) -> Kids {
        Kids {
            masks: Masks::new(codec, rules),
            children: Children::new(codec),
            keys: Vec::new(),
        }
    }

    /// Lists the children of the one-word position `key`.
    #[inline]
    pub(super) fn expand(&mut self, codec: &Codec, rules: &Rules, key: u64) {
        self.keys.clear();
        match &self.masks {
            Some(masks) => masks.children(key, &mut self.keys),
            None => {
                self.children.expand(codec, rules, &[key]);
                let children = &self.children;
                self.keys
                    .extend((0..children.len()).map(|i| children.key(i)[0]));
            }
        }
    }

    /// The children listed by the last [`Kids::expand`].
    #[inline]
    pub(super) fn keys(&self) -> &[u64] {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::survey::board_at;
    use crate::game::{Player, Position};

    /// Every position met on the way down from a few boards' starts, with
    /// each player first, has the children `Children::expand` lists.
    #[test]
    fn the_children_are_those_of_the_rules() {
        for (side, dice, boards) in [(2, 3, 1296), (2, 5, 10_000), (3, 3, 10_077_696)] {
            let rules = Rules::classic(side, 2, dice).unwrap();
            let codec = Codec::new(&rules);
            let mut kids = Kids::new(&codec, &rules);
            assert!(kids.masks.is_some());
            let mut children = Children::new(&codec);
            let mut checked = 0;
            for index in (0..boards).step_by((boards / 97) as usize) {
                for first in [Player::A, Player::B] {
                    let start = Position::start(&rules, board_at(&rules, index), first).unwrap();
                    let mut key = [0u64];
                    codec.encode(&start, &mut key);
                    // Down the tree, each time to the child of a varying
                    // index, to the end of the game.
                    let mut word = key[0];
                    for step in 0.. {
                        kids.expand(&codec, &rules, word);
                        children.expand(&codec, &rules, &[word]);
                        let mut ours = kids.keys().to_vec();
                        let mut theirs: Vec<u64> =
                            (0..children.len()).map(|i| children.key(i)[0]).collect();
                        ours.sort_unstable();
                        theirs.sort_unstable();
                        assert_eq!(ours, theirs, "{side}x{side}, {dice} dice, board {index}");
                        checked += 1;
                        if theirs.is_empty() {
                            break;
                        }
                        word = children.key((step * 7 + index as usize) % children.len())[0];
                    }
                }
            }
            assert!(checked > 500, "{checked}");
        }
    }
}
