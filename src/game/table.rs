//! Positions packed into machine words, and a table that gives each distinct
//! packed position a dense id.
//!
//! The table knows nothing of the rules or of search: it maps keys of a fixed
//! number of `u64` words to ids `0, 1, 2, ...` in the order they were first
//! seen, storing every key once in one flat vector (no allocation per entry).

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

use super::{Board, Cell, MAX_CELLS, Player, Position, Rules};

/// Packs positions of one set of rules into `words()` words and back.
///
/// Each cell takes `owner_bits + dice_bits` bits (dice stored as `dice - 1`),
/// followed by the player to move, the captured dice and the first-move flag.
#[derive(Clone, Debug)]
pub struct Codec {
    words: usize,
    side: usize,
    cells: usize,
    owner_bits: u32,
    dice_bits: u32,
    player_bits: u32,
    captured_bits: u32,
}

/// The number of bits needed to write any value up to `max`.
const fn bits_for(max: usize) -> u32 {
    usize::BITS - max.leading_zeros()
}

impl Codec {
    /// The codec for positions under these rules.
    pub fn new(rules: &Rules) -> Codec {
        let cells = rules.layout().len();
        let owner_bits = bits_for(rules.players() as usize - 1);
        let dice_bits = bits_for(rules.max_dice() as usize - 1);
        let player_bits = owner_bits;
        let captured_bits = bits_for(cells * rules.max_dice() as usize);
        let total = cells as u32 * (owner_bits + dice_bits) + player_bits + captured_bits + 1;
        Codec {
            words: total.div_ceil(64) as usize,
            side: rules.side(),
            cells,
            owner_bits,
            dice_bits,
            player_bits,
            captured_bits,
        }
    }

    /// How many words a packed position takes.
    pub fn words(&self) -> usize {
        self.words
    }

    /// Packs a position into `out`, which must hold `words()` words.
    pub fn encode(&self, position: &Position, out: &mut [u64]) {
        let mut writer = BitWriter::new(out);
        for cell in position.board().cells() {
            writer.put(u64::from(cell.owner().index()), self.owner_bits);
            writer.put(u64::from(cell.dice() - 1), self.dice_bits);
        }
        writer.put(u64::from(position.player().index()), self.player_bits);
        writer.put(u64::from(position.captured()), self.captured_bits);
        writer.put(u64::from(position.is_first_move()), 1);
    }

    /// Unpacks a position packed by [`Codec::encode`].
    pub fn decode(&self, key: &[u64]) -> Position {
        let mut reader = BitReader::new(key);
        let mut cells = [Cell::default(); MAX_CELLS];
        for cell in &mut cells[..self.cells] {
            let owner = reader.take(self.owner_bits) as u8;
            let dice = reader.take(self.dice_bits) as u8 + 1;
            *cell = Cell::new(Player::new(owner).unwrap_or_default(), dice);
        }
        let player = Player::new(reader.take(self.player_bits) as u8).unwrap_or_default();
        let captured = reader.take(self.captured_bits) as u16;
        let first_move = reader.take(1) == 1;
        let board = Board::new(self.side, &cells[..self.cells])
            .expect("a codec only decodes boards of its own size");
        Position::from_parts(board, player, captured, first_move)
    }

    /// The player to move in a packed position, without unpacking the rest.
    pub fn player(&self, key: &[u64]) -> Player {
        let offset = self.cells as u32 * (self.owner_bits + self.dice_bits);
        let mut reader = BitReader::at(key, offset);
        Player::new(reader.take(self.player_bits) as u8).unwrap_or_default()
    }
}

struct BitWriter<'a> {
    out: &'a mut [u64],
    bit: u32,
}

impl<'a> BitWriter<'a> {
    fn new(out: &'a mut [u64]) -> Self {
        out.fill(0);
        BitWriter { out, bit: 0 }
    }

    #[inline]
    fn put(&mut self, value: u64, bits: u32) {
        if bits == 0 {
            return;
        }
        let word = (self.bit / 64) as usize;
        let shift = self.bit % 64;
        self.out[word] |= value << shift;
        if shift + bits > 64 {
            self.out[word + 1] |= value >> (64 - shift);
        }
        self.bit += bits;
    }
}

struct BitReader<'a> {
    key: &'a [u64],
    bit: u32,
}

impl<'a> BitReader<'a> {
    fn new(key: &'a [u64]) -> Self {
        Self::at(key, 0)
    }

    fn at(key: &'a [u64], bit: u32) -> Self {
        BitReader { key, bit }
    }

    #[inline]
    fn take(&mut self, bits: u32) -> u64 {
        if bits == 0 {
            return 0;
        }
        let word = (self.bit / 64) as usize;
        let shift = self.bit % 64;
        let mut value = self.key[word] >> shift;
        if shift + bits > 64 {
            value |= self.key[word + 1] << (64 - shift);
        }
        self.bit += bits;
        value & (u64::MAX >> (64 - bits))
    }
}

/// Gives each distinct key of `words` words a dense id, in first-seen order.
///
/// ```
/// use dice_of_doom::game::PositionTable;
/// let mut table = PositionTable::new(1);
/// assert_eq!(table.insert(&[42]), (0, true));
/// assert_eq!(table.insert(&[7]), (1, true));
/// assert_eq!(table.insert(&[42]), (0, false));
/// assert_eq!(table.get(&[7]), Some(1));
/// assert_eq!(table.key(1), &[7]);
/// ```
#[derive(Clone, Debug)]
pub struct PositionTable {
    words: usize,
    keys: Vec<u64>,
    index: HashTable<u32>,
}

#[inline]
fn hash_key(key: &[u64]) -> u64 {
    let mut hasher = FxHasher::default();
    for &word in key {
        hasher.write_u64(word);
    }
    hasher.finish()
}

impl PositionTable {
    /// An empty table for keys of `words` words.
    pub fn new(words: usize) -> PositionTable {
        PositionTable {
            words,
            keys: Vec::new(),
            index: HashTable::new(),
        }
    }

    /// How many keys the table holds.
    pub fn len(&self) -> usize {
        self.keys.len() / self.words.max(1)
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The key with this id.
    ///
    /// # Panics
    /// If no key has this id.
    #[inline]
    pub fn key(&self, id: u32) -> &[u64] {
        let start = id as usize * self.words;
        &self.keys[start..start + self.words]
    }

    /// The id of a key, if the table holds it.
    pub fn get(&self, key: &[u64]) -> Option<u32> {
        let (words, keys) = (self.words, &self.keys);
        let slot = |id: u32| &keys[id as usize * words..(id as usize + 1) * words];
        self.index
            .find(hash_key(key), |&id| slot(id) == key)
            .copied()
    }

    /// The id of a key, adding it if it is new; the flag says whether it was.
    ///
    /// # Panics
    /// If the table would hold more than `u32::MAX` keys.
    #[inline]
    pub fn insert(&mut self, key: &[u64]) -> (u32, bool) {
        debug_assert_eq!(key.len(), self.words);
        let words = self.words;
        let keys = &mut self.keys;
        let next = u32::try_from(keys.len() / words.max(1)).expect("at most 2^32 positions");
        let slot = |id: u32| id as usize * words..(id as usize + 1) * words;
        let entry = self.index.entry(
            hash_key(key),
            |&id| &keys[slot(id)] == key,
            |&id| hash_key(&keys[slot(id)]),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(found) => (*found.get(), false),
            hashbrown::hash_table::Entry::Vacant(vacant) => {
                vacant.insert(next);
                keys.extend_from_slice(key);
                (next, true)
            }
        }
    }

    /// Makes room for `additional` more keys.
    pub fn reserve(&mut self, additional: usize) {
        self.keys.reserve(additional * self.words);
        let (words, keys) = (self.words, &self.keys);
        self.index.reserve(additional, |&id| {
            hash_key(&keys[id as usize * words..(id as usize + 1) * words])
        });
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
            let board = Board::new(side, &cells).unwrap();
            let last = Player::new(players as u8 - 1).unwrap();
            let max_captured = (side * side * max_dice) as u16;
            for (player, captured, first) in [(Player::A, 0, true), (last, max_captured, false)] {
                let position = Position::from_parts(board, player, captured, first);
                let mut key = vec![0; codec.words()];
                codec.encode(&position, &mut key);
                assert_eq!(codec.decode(&key), position);
                assert_eq!(codec.player(&key), player);
            }
        }
    }

    #[test]
    fn table_gives_dense_ids_to_multiword_keys() {
        let mut table = PositionTable::new(3);
        let keys: Vec<[u64; 3]> = (0..1000u64).map(|i| [i % 7, i, u64::MAX - i]).collect();
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(table.insert(key), (i as u32, true));
        }
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(table.insert(key), (i as u32, false));
            assert_eq!(table.key(i as u32), key);
        }
        assert_eq!(table.len(), 1000);
        assert_eq!(table.get(&[1, 2, 3]), None);
    }
}
