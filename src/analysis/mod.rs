//! Counting and solving whole game trees by walking the memoised DAG once.
//!
//! - [`solve`]: every position's perfect-play share ([`Solution`]), shared
//!   by [`stats`] and the `perfect` opponent;
//! - [`stats`]: the full tree's figures ([`Stats`]) without expanding it;
//! - [`survey`]: every board of a size over one shared memo;
//! - [`dot`]: the tree in Graphviz DOT.

pub mod dot;
mod solve;
mod stats;
pub mod survey;

pub use solve::{STOP_CHECK_EVERY, Solution, solve, solve_until};
pub use stats::{Stats, stats};

/// Why a tree could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The tree has more distinct positions than allowed.
    #[error("the game tree has more than {0} distinct positions: too large to analyse")]
    TooManyPositions(usize),
    /// A count does not fit in 64 bits.
    #[error("the game tree has more than {} nodes: too large to count", u64::MAX)]
    Overflow,
}

/// A whole number with its thousands grouped: `1,468,919,491`.
///
/// ```
/// use dice_of_doom::analysis::group_digits;
/// assert_eq!(group_digits(1_468_919_491u64), "1,468,919,491");
/// assert_eq!(group_digits("2821109907456"), "2,821,109,907,456");
/// assert_eq!(group_digits(999u16), "999");
/// ```
pub fn group_digits(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (123_456, "123,456"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, shown) in cases {
            assert_eq!(group_digits(n), shown);
        }
    }
}
