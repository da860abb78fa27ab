//! Working out the children of a packed position without unpacking it into a
//! [`Position`](super::Position): each child's key is the parent's with the
//! few fields a move changes rewritten, by the same rules code that plays
//! moves on positions.

use super::rules::Turn;
use super::rules::{count_moves_on, most_cells, moves_on, play_on, winners_on};
use super::{Cell, Codec, MAX_DICE_LIMIT, MAX_PLAYERS, Move, PlayerSet, RuleSet, Rules};

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
        // One-word positions under the classic rules: the moves on masks.
        if PLAIN && let ([word], Some(masks)) = (key, codec.neighbour_masks()) {
            self.moves.clear();
            self.keys.clear();
            let (moves, keys) = (&mut self.moves, &mut self.keys);
            word_children(codec, rules, masks, *word, |mv, child| {
                moves.push(mv);
                keys.push(child);
            });
            return;
        }
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

    /// How many children the packed position `key` has: the count
    /// [`Children::expand`] would list, without making them.
    pub(crate) fn count(codec: &Codec, rules: &Rules, key: &[u64]) -> usize {
        let (turn, cells) = (codec.turn(key), codec.view(key));
        if rules.set() == RuleSet::Classic {
            count_moves_on::<_, true>(&cells, turn, rules)
        } else {
            count_moves_on::<_, false>(&cells, turn, rules)
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

/// The children of a one-word packed position under the classic rules
/// (`codec.neighbour_masks()` must be there), on bit masks: `emit` is given
/// each move, in menu order, and the packed position after it. Each cell
/// has a lane, the lowest bit of its field; masks of lanes (her cells, the
/// cells of each number of dice) are worked out for all cells at once by
/// comparing fields in parallel, and a cell's targets are its neighbours'
/// lanes less her cells and the cells holding as many dice or more, taken
/// in the map's order. The rules are those of [`moves_on`] and [`play_on`],
/// which the tests check it against; [`Children::expand`] and the game
/// tree (which writes the children straight into its own arrays) both call
/// it.
#[inline]
pub(crate) fn word_children(
    codec: &Codec,
    rules: &Rules,
    masks: &[u64],
    word: u64,
    mut emit: impl FnMut(Move, u64),
) {
    let turn = codec.word_turn(word);
    let (cell_bits, owner_bits) = codec.cell_layout();
    let dice_bits = cell_bits - owner_bits;
    let lanes = codec.lanes();
    let cell_mask = (1u64 << cell_bits) - 1;
    let dice_mask = cell_mask >> owner_bits;
    let player = u64::from(turn.player.index());
    let max_dice = usize::from(rules.max_dice());
    let equal = |offset: u32, bits: u32, value: u64| codec.lanes_equal(word, offset, bits, value);
    let own = equal(0, owner_bits, player);
    // `below[n]`: the cells holding fewer than n dice; `full`, `max_dice`.
    let mut below = [0u64; MAX_DICE_LIMIT as usize + 2];
    let mut fewer = 0;
    for (less, cells) in below[1..=max_dice].iter_mut().enumerate() {
        *cells = fewer;
        fewer |= equal(owner_bits, dice_bits, less as u64);
    }
    let full = fewer & !below[max_dice];
    // The dice on the cell whose lane is bit `lane`.
    let dice = |lane: u32| ((word >> (lane + owner_bits)) & dice_mask) as u8 + 1;
    if !turn.first_move {
        // Reinforce: one die more on each of her cells not full, in
        // index order, up to one less than she captured.
        let mut child = word;
        let mut open = own & !full;
        for _ in 0..turn.captured.saturating_sub(1) {
            if open == 0 {
                break;
            }
            child += 1 << (open.trailing_zeros() + owner_bits);
            open &= open - 1;
        }
        let after = Turn {
            player: turn.player.next(rules.players()),
            captured: 0,
            first_move: true,
        };
        emit(Move::Pass, codec.with_turn(child, after));
    }
    let enemy = lanes & !own;
    let mut sources = own & !below[2];
    while sources != 0 {
        let lane = sources.trailing_zeros();
        sources &= sources - 1;
        let from = codec.lane_cell(lane);
        let n = dice(lane);
        let targets = masks[usize::from(from)] & enemy & below[usize::from(n)];
        if targets == 0 {
            continue;
        }
        // Her cell keeps one die, and the rest move to the target.
        let left = (word & !(cell_mask << lane)) | player << lane;
        let moved = player | u64::from(n - 2) << owner_bits;
        // The targets in the map's order of the neighbours.
        for &to in rules.map().neighbours(usize::from(from)) {
            let to_lane = u32::from(to) * cell_bits;
            if targets >> to_lane & 1 == 0 {
                continue;
            }
            let child = (left & !(cell_mask << to_lane)) | moved << to_lane;
            let after = Turn {
                player: turn.player,
                captured: turn.captured + u16::from(dice(to_lane)),
                first_move: false,
            };
            emit(Move::Attack { from, to }, codec.with_turn(child, after));
        }
    }
}

/// The rules and a random start of a property test's game: a random
/// region map of `territories` territories or a rhombus of side `side`,
/// `players` players, at most `max_dice` dice, the player to move drawn from
/// the seed; `None` where those make no game.
#[cfg(test)]
pub(crate) fn random_game(
    side: usize,
    territories: usize,
    region: bool,
    players: usize,
    max_dice: usize,
    seed: u64,
) -> Option<(Rules, super::Position)> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let map = if region {
        let shape = crate::game::MapShape::new(territories).ok()?;
        crate::game::random_map(shape, &mut rng).ok()?
    } else {
        crate::game::Map::rhombus(side).ok()?
    };
    let rules = Rules::new(map, players, max_dice).ok()?;
    let board = crate::game::random_board(&rules, super::Player::A, &mut rng).ok()?;
    let first = super::Player::new((seed % players as u64) as u8)?;
    let start = super::Position::start(&rules, board, first).ok()?;
    Some((rules, start))
}

#[cfg(test)]
proptest::prop_compose! {
    /// A property test's game (see [`random_game`]): rhombus and region maps
    /// of every size (one word and more), player count and dice limit.
    pub(crate) fn random_games()(
        side in 2usize..=6,
        territories in 2usize..=20,
        region in proptest::bool::ANY,
        players in 2usize..=8,
        max_dice in 1usize..=9,
        seed in proptest::prelude::any::<u64>(),
    ) -> Option<(Rules, super::Position)> {
        random_game(side, territories, region, players, max_dice, seed)
    }
}

impl Codec {
    /// The players owning the most cells of a packed position: the winners
    /// if the game ends there.
    pub(crate) fn winners(&self, key: &[u64]) -> PlayerSet {
        if let ([word], true) = (key, self.lanes() != 0) {
            // Each player's cells counted at once, as lanes.
            let (_, owner_bits) = self.cell_layout();
            let mut counts = [0u8; MAX_PLAYERS as usize];
            for (owner, count) in (0..1u64 << owner_bits).zip(&mut counts) {
                *count = self.lanes_equal(*word, 0, owner_bits, owner).count_ones() as u8;
            }
            return most_cells(&counts);
        }
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
                    assert_eq!(Children::count(&codec, &rules, &key), children.len());
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

    /// Children of `position` (under `rules`) against `Position::moves` and
    /// `Position::play`, then a step along the game by `pick`.
    fn check_children(rules: &Rules, mut position: Position, picks: &[usize]) {
        let codec = Codec::new(rules);
        let mut children = Children::new(&codec);
        let mut key = vec![0; codec.words()];
        for &pick in picks {
            codec.encode(&position, &mut key);
            children.expand(&codec, rules, &key);
            assert_eq!(children.moves(), position.moves(rules));
            assert_eq!(Children::count(&codec, rules, &key), children.len());
            for (i, &mv) in children.moves().iter().enumerate() {
                assert_eq!(
                    codec.decode(children.key(i)),
                    position.play(rules, mv).unwrap()
                );
            }
            if children.len() == 0 {
                return;
            }
            position = codec.decode(children.key(pick % children.len()));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
        /// The one-word path (on masks of lanes) lists the moves and
        /// children the rules do, on random rhombus and region maps of
        /// every size, player count and dice limit that fit one word, and
        /// the packed path does on those that do not.
        #[test]
        fn children_follow_the_rules(
            game in random_games(),
            picks in proptest::collection::vec(0usize..64, 1..80),
        ) {
            let Some((rules, start)) = game else {
                return Ok(());
            };
            check_children(&rules, start, &picks);
        }
    }
}
