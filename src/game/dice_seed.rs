//! The dice of a move as a pure function of the game's seed, the position
//! it is played in and the move: the same attack from the same position
//! always rolls the same dice (and, under Dice Wars, the same end of turn
//! places its dice on the same cells), so that taking a move back and
//! playing it again never draws new dice.
//!
//! The generator is seeded from a fixed hash (64-bit FNV-1a over a fixed
//! byte encoding, finished with SplitMix64), never from std's randomised
//! hasher, so that a seed rolls the same dice on every platform and in
//! every run.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{IllegalMove, MAX_PLAYERS, Move, Played, Player, Position, Rules};

/// The generator of the dice of `mv` played at `at` in the game of `seed`.
///
/// ```
/// use dice_of_doom::game::{Move, Player, Position, Rules, dice_of};
/// use rand::RngExt;
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let at = Position::start(&rules, "a-3 b-2 / b-1 a-1".parse().unwrap(), Player::A).unwrap();
/// let attack = Move::Attack { from: 0, to: 1 };
/// let first: u64 = dice_of(7, &at, attack).random();
/// assert_eq!(first, dice_of(7, &at, attack).random::<u64>());
/// assert_ne!(first, dice_of(8, &at, attack).random::<u64>());
/// ```
pub fn dice_of(seed: u64, at: &Position, mv: Move) -> ChaCha8Rng {
    let mut hash = Fnv::default();
    hash.write(b"dice-of-doom dice 1");
    hash.write(&seed.to_le_bytes());
    let board = at.board();
    hash.write(&(board.cells().len() as u32).to_le_bytes());
    for cell in board.cells() {
        hash.write(&[cell.owner().index(), cell.dice()]);
    }
    hash.write(&[at.player().index(), u8::from(at.is_first_move())]);
    hash.write(&at.captured().to_le_bytes());
    hash.write(&[at.pool(), at.quiet_turns()]);
    for player in (0..MAX_PLAYERS).filter_map(Player::new) {
        hash.write(&[at.stock(player)]);
    }
    match mv {
        Move::Pass => hash.write(&[0]),
        Move::Attack { from, to } => hash.write(&[1, from, to]),
    }
    let mut state = hash.0;
    let mut key = [0u8; 32];
    for chunk in key.chunks_exact_mut(8) {
        chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

impl Position {
    /// Plays a legal move with the dice of [`dice_of`]: its roll (and,
    /// under Dice Wars, its placements) a function of `seed`, this
    /// position and the move.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not legal here.
    pub fn play_seeded(&self, rules: &Rules, mv: Move, seed: u64) -> Result<Played, IllegalMove> {
        self.play_rolled(rules, mv, &mut dice_of(seed, self, mv))
    }
}

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The next output of SplitMix64 from `state`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Event, Map, RuleSet};
    use rand::RngExt;

    fn lol4() -> (Rules, Position) {
        let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
        let at = Position::start(&rules, "a-3 b-2 / b-1 a-1".parse().unwrap(), Player::A).unwrap();
        (rules, at)
    }

    #[test]
    fn the_same_seed_position_and_move_roll_the_same_dice() {
        let (rules, at) = lol4();
        let attack = Move::Attack { from: 0, to: 1 };
        let once = at.play_seeded(&rules, attack, 11).unwrap();
        let again = at.play_seeded(&rules, attack, 11).unwrap();
        assert_eq!(once, again);
        assert!(matches!(once.event, Event::Attack { roll: Some(_), .. }));
    }

    #[test]
    fn the_dice_are_fixed_across_platforms_and_versions() {
        // A change here changes the dice of every game already saved.
        let (_, at) = lol4();
        let first: u64 = dice_of(0, &at, Move::Pass).random();
        let mut hash = Fnv::default();
        hash.write(b"a");
        assert_eq!(hash.0, 0xaf63_dc4c_8601_ec8c, "FNV-1a of \"a\"");
        let mut state = 0;
        assert_eq!(splitmix64(&mut state), 0xe220_a839_7b1d_cdaf);
        assert_eq!(first, 0x6165_d452_b0ed_7612, "{first:#x}");
    }

    #[test]
    fn another_seed_position_or_move_draws_other_dice() {
        let (rules, at) = lol4();
        let attack = Move::Attack { from: 0, to: 1 };
        let draw = |seed, at: &Position, mv| dice_of(seed, at, mv).random::<u64>();
        let base = draw(1, &at, attack);
        assert_ne!(base, draw(2, &at, attack));
        assert_ne!(base, draw(1, &at, Move::Attack { from: 0, to: 2 }));
        assert_ne!(base, draw(1, &at.with_stock(Player::B, 1), attack));
        let after = at.play_seeded(&rules, attack, 1).unwrap().position;
        assert_ne!(draw(1, &after, Move::Pass), draw(1, &at, Move::Pass));
    }

    #[test]
    fn an_illegal_move_is_refused() {
        let (rules, at) = lol4();
        let wrong = Move::Attack { from: 1, to: 0 };
        assert_eq!(
            at.play_seeded(&rules, wrong, 0),
            Err(IllegalMove { mv: wrong })
        );
    }
}
