//! The games' codes: capitals of [`CODE_LETTERS`], four of them while
//! free ones are easy to find, then five, and so on up to
//! [`CODE_LENGTHS`]'s end; drawn in a bounded number of tries, so that a
//! full code space gives a longer code and never a search without end.

use std::ops::RangeInclusive;

use rand::RngExt as _;

/// The letters of a room's code (no I or O, which read as digits).
pub const CODE_LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";

/// The lengths a code may have: four first, longer ones once the shorter
/// are (nearly) all taken.
pub const CODE_LENGTHS: RangeInclusive<usize> = 4..=8;

/// The random codes tried at one length before the next length is tried.
pub const TRIES_PER_LENGTH: usize = 64;

/// Whether `text` has the form of a room's code: four to eight capitals
/// of the codes' letters ([`CODE_LENGTHS`]), every length the server makes.
pub fn is_code(text: &str) -> bool {
    CODE_LENGTHS.contains(&text.len()) && text.bytes().all(|b| CODE_LETTERS.contains(&b))
}

/// A code for which `taken` is false: [`TRIES_PER_LENGTH`] random ones of
/// each length in turn, the shortest first; `None` once every length's
/// tries are spent (some 24^8 games in use: never in practice).
pub fn draw(rng: &mut impl rand::Rng, mut taken: impl FnMut(&str) -> bool) -> Option<String> {
    for length in CODE_LENGTHS {
        for _ in 0..TRIES_PER_LENGTH {
            let code: String = (0..length)
                .map(|_| char::from(CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())]))
                .collect();
            if !taken(&code) {
                return Some(code);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng as _;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn codes_are_four_to_eight_capitals_without_i_or_o() {
        for code in ["ABCD", "ZZZZZ", "ABCDEFGH"] {
            assert!(is_code(code), "{code}");
        }
        for text in [
            "ABC",
            "ABCDEFGHJ",
            "abcd",
            "ABCI",
            "ABOD",
            "AB D",
            "ABCD\u{1b}",
            "",
        ] {
            assert!(!is_code(text), "{text:?}");
        }
    }

    #[test]
    fn a_full_code_space_gives_a_longer_code_in_bounded_tries() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut tries = 0;
        let code = draw(&mut rng, |code| {
            tries += 1;
            code.len() == 4
        });
        let code = code.expect("a five-letter code");
        assert_eq!(code.len(), 5);
        assert!(is_code(&code));
        assert_eq!(
            tries,
            TRIES_PER_LENGTH + 1,
            "64 four-letter tries, then one"
        );
        let mut tries = 0;
        assert_eq!(
            draw(&mut rng, |_| {
                tries += 1;
                true
            }),
            None,
            "every code taken: no code, no hang"
        );
        assert_eq!(tries, TRIES_PER_LENGTH * CODE_LENGTHS.count());
    }

    #[test]
    fn a_free_code_is_found_at_the_first_length() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let code = draw(&mut rng, |code| code.starts_with('A')).unwrap();
        assert_eq!(code.len(), 4);
        assert!(!code.starts_with('A'));
    }
}
