//! A player's share of the outcome of a game: the perfect-play value.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use super::player::{MAX_PLAYERS, Player, PlayerSet};

/// A player's share of the outcome of a game: 1 for a sole win, 1/k for a
/// win shared by `k` players (a `k`-way tie), 0 for a loss, or, for a game
/// not yet decided, an expectation: any probability in between.
///
/// This is the one value that perfect play, the analysis (`stats`,
/// `survey`), the search's proven results and the opponents' ratings
/// (hints) speak. Shares are ordered as numbers: more is better for the
/// player whose share it is.
///
/// ```
/// use dice_of_doom::game::{Player, PlayerSet, Share};
///
/// let tie: PlayerSet = [Player::A, Player::B].into_iter().collect();
/// assert_eq!(Share::of(tie, Player::A), Share::tie(2).unwrap());
/// assert_eq!(Share::of(PlayerSet::single(Player::A), Player::A), Share::WIN);
/// assert_eq!(Share::of(PlayerSet::single(Player::B), Player::A), Share::LOSS);
///
/// assert!(Share::LOSS < Share::tie(3).unwrap());
/// assert!(Share::tie(3).unwrap() < Share::tie(2).unwrap());
/// assert!(Share::tie(2).unwrap() < Share::WIN);
///
/// assert_eq!(Share::WIN.to_string(), "1");
/// assert_eq!(Share::tie(3).unwrap().to_string(), "1/3");
/// assert_eq!(Share::LOSS.to_string(), "0");
/// ```
///
/// An expectation, say a coin toss between a win and a 4-way tie:
///
/// ```
/// use dice_of_doom::game::Share;
///
/// let p = Share::probability(0.5 * 1.0 + 0.5 * 0.25).unwrap();
/// assert_eq!(p.to_f64(), 0.625);
/// assert_eq!(p.to_string(), "0.625");
/// assert_eq!(format!("{p:.2}"), "0.62");
/// assert_eq!(p.shared_by(), None);
/// assert_eq!(Share::probability(1.5), None);
/// assert_eq!(Share::probability(f64::NAN), None);
/// ```
///
/// # Representation
///
/// A share is an `f64` in `[0, 1]`: never NaN, never `-0.0`, so that
/// [`f64::total_cmp`] orders shares as numbers and equal shares have equal
/// bits ([`Eq`], [`Ord`] and [`Hash`] rest on that).
///
/// A float, rather than a fixed-point integer or an exact fraction, because
/// expectations multiply by probabilities (dice rolls, later): a float keeps
/// their relative precision however small they get, where a fixed point
/// rounds small ones away and a fraction of exact counts overflows after a
/// few rolls. The exact shares lose nothing: a tie's 1/k (k up to 8) is
/// always made by the one division `1.0 / k`, correctly rounded, so two ties
/// of `k` players are equal bit for bit, distinct `k` stay apart in the right
/// order, and [`Share::shared_by`] and [`Display`](fmt::Display) recognise
/// them exactly. It is also the number `stats --json` has always printed.
///
/// Compact encodings of the deterministic shares (the solver's byte, the
/// survey's two bits, the search's integer score) are private storage of
/// those modules, each converted to and from a `Share` in one place.
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[serde(transparent)]
pub struct Share(f64);

impl Share {
    /// A sole win: the whole outcome.
    pub const WIN: Share = Share(1.0);

    /// A loss: nothing.
    pub const LOSS: Share = Share(0.0);

    /// The share of each of `k` players who win together (a `k`-way tie):
    /// 1/k, for `k` from 1 (a sole win) to [`MAX_PLAYERS`].
    ///
    /// ```
    /// use dice_of_doom::game::Share;
    /// assert_eq!(Share::tie(1), Some(Share::WIN));
    /// assert_eq!(Share::tie(2).map(Share::to_f64), Some(0.5));
    /// assert_eq!(Share::tie(0), None);
    /// assert_eq!(Share::tie(9), None);
    /// ```
    pub const fn tie(k: usize) -> Option<Share> {
        if k >= 1 && k <= MAX_PLAYERS as usize {
            Some(Share(1.0 / k as f64))
        } else {
            None
        }
    }

    /// The share of `player` in a finished game won by `winners`: 1/k if
    /// she is one of its `k` winners, 0 otherwise.
    ///
    /// ```
    /// use dice_of_doom::game::{Player, PlayerSet, Share};
    /// let winners: PlayerSet = [Player::A, Player::B, Player::new(2).unwrap()].into_iter().collect();
    /// assert_eq!(Share::of(winners, Player::B), Share::tie(3).unwrap());
    /// assert_eq!(Share::of(winners, Player::new(3).unwrap()), Share::LOSS);
    /// ```
    pub const fn of(winners: PlayerSet, player: Player) -> Share {
        if winners.contains(player) {
            // A set holds 1 to MAX_PLAYERS players, as `tie` asks.
            Share(1.0 / winners.len() as f64)
        } else {
            Share::LOSS
        }
    }

    /// An expectation: the probability `p` of the whole outcome, if it is a
    /// probability (from 0 to 1; not NaN).
    ///
    /// ```
    /// use dice_of_doom::game::Share;
    /// assert_eq!(Share::probability(1.0), Some(Share::WIN));
    /// assert_eq!(Share::probability(-0.0), Some(Share::LOSS));
    /// assert_eq!(Share::probability(-0.1), None);
    /// ```
    pub const fn probability(p: f64) -> Option<Share> {
        if p >= 0.0 && p <= 1.0 {
            // `+ 0.0` turns -0.0 into 0.0.
            Some(Share(p + 0.0))
        } else {
            None
        }
    }

    /// The share as a number from 0 to 1.
    pub const fn to_f64(self) -> f64 {
        self.0
    }

    /// How many players share the win this is exactly the share of: 1 for
    /// [`Share::WIN`], `k` for [`Share::tie`]`(k)`, `None` for a loss or any
    /// other probability.
    ///
    /// ```
    /// use dice_of_doom::game::Share;
    /// assert_eq!(Share::WIN.shared_by(), Some(1));
    /// assert_eq!(Share::tie(8).and_then(Share::shared_by), Some(8));
    /// assert_eq!(Share::LOSS.shared_by(), None);
    /// assert_eq!(Share::probability(0.3).and_then(Share::shared_by), None);
    /// ```
    pub fn shared_by(self) -> Option<usize> {
        if self.0 == 0.0 {
            return None;
        }
        // The only candidate is the nearest k; it counts only if 1/k, made
        // as `tie` makes it, is this very number.
        let k = (1.0 / self.0).round();
        (k <= f64::from(MAX_PLAYERS) && 1.0 / k == self.0).then_some(k as usize)
    }

    /// What the others get: 1 minus this share. With two players, the
    /// opponent's share.
    ///
    /// ```
    /// use dice_of_doom::game::Share;
    /// assert_eq!(Share::WIN.complement(), Share::LOSS);
    /// assert_eq!(Share::tie(2).map(Share::complement), Share::tie(2));
    /// ```
    pub const fn complement(self) -> Share {
        Share(1.0 - self.0)
    }
}

impl PartialEq for Share {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Share {}

impl Hash for Share {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

impl Ord for Share {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl PartialOrd for Share {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<Share> for f64 {
    fn from(share: Share) -> f64 {
        share.0
    }
}

/// `1` for a win, `1/k` for a `k`-way tie, `0` for a loss, and any other
/// probability as a decimal: the shortest that reads back the same, or
/// with the precision asked for (`{:.3}`, which the exact shares ignore).
impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let exact = match self.shared_by() {
            Some(1) => "1".to_string(),
            Some(k) => format!("1/{k}"),
            None if *self == Share::LOSS => "0".to_string(),
            None => return fmt::Display::fmt(&self.0, f),
        };
        if f.precision().is_some() {
            // `pad` would cut the text to the precision: keep the width only.
            let width = f.width().unwrap_or(0);
            write!(f, "{exact:>width$}")
        } else {
            f.pad(&exact)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(players: &str) -> PlayerSet {
        players.chars().filter_map(Player::from_letter).collect()
    }

    #[test]
    fn finished_games_give_each_player_her_share() {
        let cases = [
            ("a", 'a', "1"),
            ("a", 'b', "0"),
            ("ab", 'a', "1/2"),
            ("ab", 'c', "0"),
            ("abc", 'c', "1/3"),
            ("abcdefgh", 'h', "1/8"),
        ];
        for (winners, player, shown) in cases {
            let player = Player::from_letter(player).unwrap();
            let share = Share::of(set(winners), player);
            assert_eq!(share.to_string(), shown, "{winners} {player}");
            let k = set(winners).len();
            let expected = if set(winners).contains(player) {
                Share::tie(k)
            } else {
                Some(Share::LOSS)
            };
            assert_eq!(Some(share), expected);
        }
    }

    #[test]
    fn ties_are_recognised_exactly_and_in_order() {
        let mut last = Share::WIN;
        for k in 1..=usize::from(MAX_PLAYERS) {
            let tie = Share::tie(k).unwrap();
            assert_eq!(tie.shared_by(), Some(k));
            assert_eq!(Share::probability(1.0 / k as f64), Some(tie));
            assert!(tie <= last && tie > Share::LOSS, "{k}");
            last = tie;
        }
        // Near 1/k is not 1/k.
        let near = Share::probability(0.5 + f64::EPSILON).unwrap();
        assert_eq!(near.shared_by(), None);
        assert!(near > Share::tie(2).unwrap());
        assert_eq!(Share::probability(1.0 / 9.0).unwrap().shared_by(), None);
    }

    #[test]
    fn probabilities_are_validated_and_print_as_decimals() {
        let cases = [
            (0.0, Some("0")),
            (-0.0, Some("0")),
            (1.0, Some("1")),
            (0.25, Some("1/4")),
            (0.375, Some("0.375")),
            (0.1, Some("0.1")),
            (1.0 + f64::EPSILON, None),
            (-f64::MIN_POSITIVE, None),
            (f64::NAN, None),
            (f64::INFINITY, None),
        ];
        for (p, shown) in cases {
            let share = Share::probability(p);
            assert_eq!(share.map(|s| s.to_string()).as_deref(), shown, "{p}");
        }
        assert_eq!(Share::probability(-0.0), Some(Share::LOSS));
        assert_eq!(
            format!("{:.3}", Share::probability(2.0 / 3.0).unwrap()),
            "0.667"
        );
        assert_eq!(format!("{:>4}|", Share::tie(2).unwrap()), " 1/2|");
        assert_eq!(
            format!("{:.1}|{:<3}|", Share::tie(2).unwrap(), Share::WIN),
            "1/2|1  |"
        );
    }

    #[test]
    fn order_equality_and_complement_agree_with_the_numbers() {
        let shares: Vec<Share> = [0.0, 0.1, 0.125, 1.0 / 3.0, 0.5, 0.9, 1.0]
            .into_iter()
            .filter_map(Share::probability)
            .collect();
        for &x in &shares {
            for &y in &shares {
                assert_eq!(x.cmp(&y), x.to_f64().partial_cmp(&y.to_f64()).unwrap());
                assert_eq!(x == y, x.to_f64() == y.to_f64());
            }
            assert_eq!(x.complement().to_f64(), 1.0 - f64::from(x));
        }
        assert_eq!(Share::LOSS.complement(), Share::WIN);
    }

    #[test]
    fn json_is_the_number() {
        let cases = [(Share::WIN, "1.0"), (Share::LOSS, "0.0")];
        for (share, json) in cases {
            assert_eq!(serde_json::to_string(&share).unwrap(), json);
        }
        let third = Share::tie(3).unwrap();
        assert_eq!(
            serde_json::to_string(&third).unwrap(),
            serde_json::to_string(&(1.0f64 / 3.0)).unwrap()
        );
    }
}
