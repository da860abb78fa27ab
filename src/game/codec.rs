//! Positions packed into machine words.
//!
//! The layout, for rules of `c` cells, `p` players and at most `m` dice a
//! cell, with `o = bits(p - 1)` and `d = bits(m - 1)` (`bits(x)` the bits
//! needed to write `x`), from bit 0 of word 0 upwards, fields straddling
//! words where they must:
//!
//! | bits | field |
//! |---|---|
//! | `c * (o + d)` | the cells, in the map's order, each its owner's index (`o` bits) then its dice less one (`d` bits) |
//! | `o` | the player to move |
//! | `bits(c * m)` | the dice captured this turn |
//! | 1 | whether no move has been made yet this turn |
//!
//! The rest of the last word is zero. Every read and write of a field goes
//! through [`Codec::cell`], [`Codec::turn`] and their setters, which are the
//! only code that knows these offsets.

use super::rules::{Cells, CellsMut, Turn};
use super::{Board, Cell, MAX_CELLS, Player, Position, Rules};

/// Packs positions of one set of rules into `words()` words and back.
///
/// Each cell takes `owner_bits + dice_bits` bits (dice stored as `dice - 1`),
/// followed by the player to move, the captured dice and the first-move flag.
#[derive(Clone, Debug)]
pub(crate) struct Codec {
    words: usize,
    cells: usize,
    owner_bits: u32,
    dice_bits: u32,
    player_bits: u32,
    captured_bits: u32,
    /// The cell each `owner_bits + dice_bits`-bit code stands for.
    cell_of: [Cell; 1 << CODE_BITS],
    /// Each cell's neighbours as a mask of their lanes (see
    /// [`Codec::lanes`]), when positions take one word; empty otherwise.
    neighbour_masks: Vec<u64>,
    /// The lowest bit of each cell's field, for one-word positions.
    lanes: u64,
    /// The cell whose field starts at each bit, for one-word positions.
    lane_cell: [u8; 64],
}

/// The most bits a cell's code takes: 3 for the owner, 4 for the dice.
const CODE_BITS: u32 = 7;

/// The number of bits needed to write any value up to `max`.
const fn bits_for(max: usize) -> u32 {
    usize::BITS - max.leading_zeros()
}

impl Codec {
    /// The codec for positions under these rules.
    pub(crate) fn new(rules: &Rules) -> Codec {
        let cells = rules.map().len();
        let owner_bits = bits_for(rules.players() as usize - 1);
        let dice_bits = bits_for(rules.max_dice() as usize - 1);
        let player_bits = owner_bits;
        let captured_bits = bits_for(cells * rules.max_dice() as usize);
        let total = cells as u32 * (owner_bits + dice_bits) + player_bits + captured_bits + 1;
        let mut cell_of = [Cell::default(); 1 << CODE_BITS];
        for (code, cell) in cell_of.iter_mut().enumerate() {
            let owner = (code & ((1 << owner_bits) - 1)) as u8;
            let dice = ((code >> owner_bits) & ((1 << dice_bits) - 1)) as u8 + 1;
            *cell = Cell::new(Player::new(owner).unwrap_or_default(), dice);
        }
        let words = total.div_ceil(64) as usize;
        let map = rules.map();
        let cell_bits = owner_bits + dice_bits;
        let lane = |cell: usize| 1u64 << (cell as u32 * cell_bits);
        let (mut lanes, mut lane_cell, mut neighbour_masks) = (0, [0u8; 64], Vec::new());
        if words == 1 && cell_bits > 0 {
            for cell in 0..cells {
                lanes |= lane(cell);
                lane_cell[cell * cell_bits as usize] = cell as u8;
                neighbour_masks.push(
                    map.neighbours(cell)
                        .iter()
                        .fold(0, |m, &n| m | lane(n.into())),
                );
            }
        }
        Codec {
            words,
            cells,
            owner_bits,
            dice_bits,
            player_bits,
            captured_bits,
            cell_of,
            neighbour_masks,
            lanes,
            lane_cell,
        }
    }

    /// Each cell's neighbours as a mask of their lanes, if positions take
    /// one word.
    #[inline]
    pub(crate) fn neighbour_masks(&self) -> Option<&[u64]> {
        (!self.neighbour_masks.is_empty()).then_some(&self.neighbour_masks[..])
    }

    /// The lanes of a one-word position: bit `cell * cell_bits` for each
    /// cell, the lowest bit of its field.
    #[inline]
    pub(crate) fn lanes(&self) -> u64 {
        self.lanes
    }

    /// The lanes of a one-word position (see [`Codec::lanes`]) whose
    /// `bits`-bit field at `offset` bits past the lane holds `value`,
    /// worked out for every cell at once.
    #[inline]
    pub(crate) fn lanes_equal(&self, word: u64, offset: u32, bits: u32, value: u64) -> u64 {
        let differ = (word ^ value.wrapping_mul(self.lanes << offset)) >> offset;
        // Fields of 1 to 3 bits (owners of up to 8 players, up to 8 dice)
        // without a loop.
        let any = match bits {
            1 => differ,
            2 => differ | differ >> 1,
            3 => differ | differ >> 1 | differ >> 2,
            _ => (0..bits).fold(0, |any, bit| any | differ >> bit),
        };
        !any & self.lanes
    }

    /// The cell whose field starts at bit `bit` of a one-word position.
    #[inline]
    pub(crate) fn lane_cell(&self, bit: u32) -> u8 {
        self.lane_cell[bit as usize & 63]
    }

    /// The bits a packed position takes (its cells, then the player to
    /// move, the captured dice and the first-move flag).
    pub(crate) fn bits(&self) -> u32 {
        self.cells as u32 * (self.owner_bits + self.dice_bits)
            + self.player_bits
            + self.captured_bits
            + 1
    }

    /// The bits a cell's field takes, and how many of them (the low ones)
    /// are its owner.
    #[inline]
    pub(crate) fn cell_layout(&self) -> (u32, u32) {
        (self.owner_bits + self.dice_bits, self.owner_bits)
    }

    /// How many cells a packed position has.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }

    /// How many words a packed position takes.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Packs a position into `out`, which must hold `words()` words.
    pub(crate) fn encode(&self, position: &Position, out: &mut [u64]) {
        out.fill(0);
        for (index, &cell) in position.board().cells().iter().enumerate() {
            self.set_cell(out, index, cell);
        }
        self.set_turn(out, position.turn());
    }

    /// Unpacks a position packed by [`Codec::encode`].
    pub(crate) fn decode(&self, key: &[u64]) -> Position {
        let mut cells = [Cell::default(); MAX_CELLS];
        self.unpack_cells(key, &mut cells[..self.cells]);
        let turn = self.turn(key);
        let board = Board::new(&cells[..self.cells]).expect("a map has from 1 to MAX_CELLS cells");
        Position::from_parts(board, turn.player, turn.captured, turn.first_move)
    }

    /// The player to move in a packed position, without unpacking the rest.
    #[inline]
    pub(crate) fn player(&self, key: &[u64]) -> Player {
        match key {
            [word] => self.word_turn(*word).player,
            _ => self.turn(key).player,
        }
    }
}

impl Codec {
    /// The bit where the turn fields (player, captured, first-move flag) start.
    #[inline]
    fn turn_offset(&self) -> u32 {
        self.cells as u32 * (self.owner_bits + self.dice_bits)
    }

    /// The cell at an index of a packed position.
    #[inline]
    pub(crate) fn cell(&self, key: &[u64], index: usize) -> Cell {
        let cell_bits = self.owner_bits + self.dice_bits;
        let code = get_bits(key, index as u32 * cell_bits, cell_bits);
        let owner = (code & ((1 << self.owner_bits) - 1)) as u8;
        let dice = (code >> self.owner_bits) as u8 + 1;
        Cell::new(Player::new(owner).unwrap_or_default(), dice)
    }

    /// Replaces the cell at an index of a packed position.
    #[inline]
    pub(crate) fn set_cell(&self, key: &mut [u64], index: usize, cell: Cell) {
        let cell_bits = self.owner_bits + self.dice_bits;
        let code = u64::from(cell.owner().index()) | u64::from(cell.dice() - 1) << self.owner_bits;
        set_bits(key, index as u32 * cell_bits, cell_bits, code);
    }

    /// The player to move, the captured dice and the first-move flag of a
    /// packed position.
    #[inline]
    pub(crate) fn turn(&self, key: &[u64]) -> Turn {
        if let [word] = key {
            return self.word_turn(*word);
        }
        let bit = self.turn_offset();
        let player = get_bits(key, bit, self.player_bits) as u8;
        let bit = bit + self.player_bits;
        let captured = get_bits(key, bit, self.captured_bits) as u16;
        let first_move = get_bits(key, bit + self.captured_bits, 1) == 1;
        Turn {
            player: Player::new(player).unwrap_or_default(),
            captured,
            first_move,
        }
    }

    /// The turn fields of a one-word packed position.
    #[inline]
    pub(crate) fn word_turn(&self, word: u64) -> Turn {
        let fields = word >> self.turn_offset();
        let player = (fields & ((1 << self.player_bits) - 1)) as u8;
        let rest = fields >> self.player_bits;
        let captured = (rest & ((1 << self.captured_bits) - 1)) as u16;
        Turn {
            player: Player::new(player).unwrap_or_default(),
            captured,
            first_move: (rest >> self.captured_bits) & 1 == 1,
        }
    }

    /// Replaces the turn fields of a packed position.
    #[inline]
    pub(crate) fn set_turn(&self, key: &mut [u64], turn: Turn) {
        let bit = self.turn_offset();
        set_bits(key, bit, self.player_bits, u64::from(turn.player.index()));
        let bit = bit + self.player_bits;
        set_bits(key, bit, self.captured_bits, u64::from(turn.captured));
        set_bits(key, bit + self.captured_bits, 1, u64::from(turn.first_move));
    }

    /// A one-word packed position as a value whose cells can be read and
    /// changed in place.
    #[inline]
    pub(crate) fn word(&self, word: u64) -> Word<'_> {
        Word {
            word,
            owner_bits: self.owner_bits,
            cell_bits: self.owner_bits + self.dice_bits,
            cells: self.cells,
            cell_of: &self.cell_of,
        }
    }

    /// A one-word packed position with its turn fields replaced.
    #[inline]
    pub(crate) fn with_turn(&self, word: u64, turn: Turn) -> u64 {
        let offset = self.turn_offset();
        let bits = self.player_bits + self.captured_bits + 1;
        let mask = ((1u64 << bits) - 1) << offset;
        let fields = u64::from(turn.player.index())
            | u64::from(turn.captured) << self.player_bits
            | u64::from(turn.first_move) << (self.player_bits + self.captured_bits);
        (word & !mask) | (fields << offset)
    }

    /// The cells of a packed position, to read.
    #[inline]
    pub(crate) fn view<'a>(&'a self, key: &'a [u64]) -> Packed<'a, &'a [u64]> {
        Packed { codec: self, key }
    }

    /// The cells of a packed position, to change in place.
    #[inline]
    pub(crate) fn view_mut<'a>(&'a self, key: &'a mut [u64]) -> Packed<'a, &'a mut [u64]> {
        Packed { codec: self, key }
    }

    /// Unpacks the cells of a packed position into `cells`, which must hold
    /// exactly as many cells as the board has.
    #[inline]
    pub(crate) fn unpack_cells(&self, key: &[u64], cells: &mut [Cell]) {
        debug_assert_eq!(cells.len(), self.cells);
        if let [word] = key {
            // One word: shift the cells out one after another.
            let cell_bits = self.owner_bits + self.dice_bits;
            let cell_mask = (1u64 << cell_bits) - 1;
            let mut rest = *word;
            for cell in cells.iter_mut() {
                *cell = self.cell_of[(rest & cell_mask) as usize & ((1 << CODE_BITS) - 1)];
                rest >>= cell_bits;
            }
            return;
        }
        for (index, cell) in cells.iter_mut().enumerate() {
            *cell = self.cell(key, index);
        }
    }
}

/// The `bits`-bit field (`bits < 64`) at bit `bit` of a key; fields may
/// straddle two words, and one-word keys take a short path.
#[inline]
fn get_bits(key: &[u64], bit: u32, bits: u32) -> u64 {
    let mask = (1u64 << bits) - 1;
    if let [word] = key {
        return word.wrapping_shr(bit) & mask;
    }
    let word = (bit / 64) as usize;
    let shift = bit % 64;
    let mut value = key[word] >> shift;
    if shift + bits > 64 {
        value |= key[word + 1] << (64 - shift);
    }
    value & mask
}

/// Overwrites the `bits`-bit field (`bits < 64`) at bit `bit` of a key with
/// `value`.
#[inline]
fn set_bits(key: &mut [u64], bit: u32, bits: u32, value: u64) {
    let mask = (1u64 << bits) - 1;
    let value = value & mask;
    if let [word] = key {
        *word = (*word & !mask.wrapping_shl(bit)) | value.wrapping_shl(bit);
        return;
    }
    let word = (bit / 64) as usize;
    let shift = bit % 64;
    key[word] = (key[word] & !(mask << shift)) | (value << shift);
    if shift + bits > 64 {
        let spill = 64 - shift;
        let high = mask >> spill;
        key[word + 1] = (key[word + 1] & !high) | (value >> spill);
    }
}

/// A one-word packed position held by value (see [`Codec::word`]).
pub(crate) struct Word<'a> {
    pub(crate) word: u64,
    owner_bits: u32,
    cell_bits: u32,
    cells: usize,
    cell_of: &'a [Cell; 1 << CODE_BITS],
}

impl Cells for Word<'_> {
    #[inline]
    fn count(&self) -> usize {
        self.cells
    }

    #[inline]
    fn get(&self, index: usize) -> Cell {
        let code = (self.word >> (index as u32 * self.cell_bits)) & ((1 << self.cell_bits) - 1);
        self.cell_of[code as usize & ((1 << CODE_BITS) - 1)]
    }
}

impl CellsMut for Word<'_> {
    #[inline]
    fn put(&mut self, index: usize, cell: Cell) {
        let shift = index as u32 * self.cell_bits;
        let mask = ((1u64 << self.cell_bits) - 1) << shift;
        let code = u64::from(cell.owner().index()) | u64::from(cell.dice() - 1) << self.owner_bits;
        self.word = (self.word & !mask) | (code << shift);
    }
}

/// The cells of a packed position, read in place through a shared key
/// (`K = &[u64]`) or read and changed through a mutable one
/// (`K = &mut [u64]`).
pub(crate) struct Packed<'a, K> {
    codec: &'a Codec,
    key: K,
}

impl<K: AsRef<[u64]>> Cells for Packed<'_, K> {
    #[inline]
    fn count(&self) -> usize {
        self.codec.cells
    }

    #[inline]
    fn get(&self, index: usize) -> Cell {
        self.codec.cell(self.key.as_ref(), index)
    }
}

impl CellsMut for Packed<'_, &mut [u64]> {
    #[inline]
    fn put(&mut self, index: usize, cell: Cell) {
        self.codec.set_cell(self.key, index, cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codec_round_trips_and_sizes() {
        // (side, players, max dice, words)
        for (side, players, max_dice, words) in [
            (2, 2, 3, 1),
            (3, 2, 3, 1),
            (5, 2, 3, 2),
            (10, 8, 9, 12),
            (4, 3, 1, 1),
        ] {
            let rules = Rules::classic(side, players, max_dice).unwrap();
            let codec = Codec::new(&rules);
            assert_eq!(codec.words(), words, "{side}x{side} {players}p {max_dice}d");
            let cells: Vec<Cell> = (0..side * side)
                .map(|i| {
                    let owner = Player::new((i * 7 % players) as u8).unwrap();
                    Cell::new(owner, (i * 5 % max_dice) as u8 + 1)
                })
                .collect();
            let board = Board::new(&cells).unwrap();
            let last = Player::new(players as u8 - 1).unwrap();
            let max_captured = (side * side * max_dice) as u16;
            for (player, captured, first) in [(Player::A, 0, true), (last, max_captured, false)] {
                let position = Position::from_parts(board, player, captured, first);
                let mut key = vec![0; codec.words()];
                codec.encode(&position, &mut key);
                assert_eq!(codec.decode(&key), position);
                assert_eq!(codec.player(&key), player);
                assert_eq!(codec.turn(&key), position.turn());
                let view = codec.view(&key);
                assert_eq!(view.count(), side * side);
                for i in 0..side * side {
                    assert_eq!(view.get(i), board.cell(i));
                }
                // Rewriting every field in place gives the same key back.
                let mut copy = key.clone();
                copy.iter_mut().for_each(|w| *w = !*w);
                for i in 0..side * side {
                    codec.view_mut(&mut copy).put(i, board.cell(i));
                }
                codec.set_turn(&mut copy, position.turn());
                let used = (side * side) as u32 * (bits_for(players - 1) + bits_for(max_dice - 1))
                    + bits_for(players - 1)
                    + bits_for(side * side * max_dice)
                    + 1;
                for (w, (a, b)) in copy.iter().zip(&key).enumerate() {
                    let bits = (used - 64 * w as u32).min(64);
                    let mask = u64::MAX >> (64 - bits);
                    assert_eq!(a & mask, b & mask, "word {w}");
                }
            }
        }
    }
}
