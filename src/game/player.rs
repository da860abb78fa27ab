//! Players and sets of players.

use std::fmt;

/// The most players a game can have (`a` to `h`).
pub const MAX_PLAYERS: u8 = 8;
/// The fewest players of a game.
pub const MIN_PLAYERS: u8 = 2;

/// A player, shown as a lower-case letter: player 0 is `a`, player 1 is `b`, ...
///
/// ```
/// use dice_of_doom::game::Player;
/// let b = Player::from_letter('b').unwrap();
/// assert_eq!(b.index(), 1);
/// assert_eq!(b.to_string(), "b");
/// assert_eq!(b.next(2), Player::A);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Player(u8);

impl Player {
    /// The first player, `a`.
    pub const A: Player = Player(0);
    /// The second player, `b`.
    pub const B: Player = Player(1);

    /// The player with this index, if it is below [`MAX_PLAYERS`].
    pub const fn new(index: u8) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index))
        } else {
            None
        }
    }

    /// The player a letter names (`a`..=`h`, either case).
    pub fn from_letter(letter: char) -> Option<Player> {
        let lower = letter.to_ascii_lowercase();
        if lower.is_ascii_lowercase() {
            Player::new(lower as u8 - b'a')
        } else {
            None
        }
    }

    /// The index of this player, from 0.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The letter that names this player.
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// The player who moves after this one in a game of `players` players.
    pub const fn next(self, players: u8) -> Player {
        Player((self.0 + 1) % players)
    }

    /// The last player of a game of `players` players (from 1 to
    /// [`MAX_PLAYERS`]).
    ///
    /// ```
    /// use dice_of_doom::game::Player;
    /// assert_eq!(Player::last_of(2), Player::B);
    /// ```
    pub const fn last_of(players: u8) -> Player {
        let players = if players == 0 {
            1
        } else if players > MAX_PLAYERS {
            MAX_PLAYERS
        } else {
            players
        };
        Player(players - 1)
    }

    /// All the players of a game of `players` players, in order.
    pub fn all(players: u8) -> impl Iterator<Item = Player> {
        (0..players.min(MAX_PLAYERS)).map(Player)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of players, such as the winners of a game.
///
/// Sets order by size first, then by their members, so a sole winner comes
/// before any tie.
///
/// ```
/// use dice_of_doom::game::{Player, PlayerSet};
/// let tie: PlayerSet = [Player::A, Player::B].into_iter().collect();
/// assert_eq!(tie.len(), 2);
/// assert_eq!(tie.to_string(), "a and b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The set holding one player.
    pub const fn single(player: Player) -> PlayerSet {
        PlayerSet(1 << player.0)
    }

    /// Adds a player.
    pub fn insert(&mut self, player: Player) {
        self.0 |= 1 << player.0;
    }

    /// Whether the player is in the set.
    pub const fn contains(self, player: Player) -> bool {
        self.0 & (1 << player.0) != 0
    }

    /// How many players the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in the set, in order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..MAX_PLAYERS)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Player)
    }

    /// The bits of the set: bit `i` stands for player `i`.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl FromIterator<Player> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Self {
        let mut set = PlayerSet::EMPTY;
        for player in iter {
            set.insert(player);
        }
        set
    }
}

impl Ord for PlayerSet {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Lowest players first within a size: compare reversed bits.
        self.len()
            .cmp(&other.len())
            .then_with(|| self.0.reverse_bits().cmp(&other.0.reverse_bits()).reverse())
    }
}

impl PartialOrd for PlayerSet {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Lists the players as `a`, `a and b`, or `a, b and c`.
impl fmt::Display for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players: Vec<Player> = self.iter().collect();
        for (i, player) in players.iter().enumerate() {
            if i > 0 {
                let last = i + 1 == players.len();
                f.write_str(if last { " and " } else { ", " })?;
            }
            write!(f, "{player}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for (letter, index) in [('a', 0), ('b', 1), ('h', 7), ('C', 2)] {
            let player = Player::from_letter(letter).unwrap();
            assert_eq!(player.index(), index);
            assert_eq!(player.letter(), letter.to_ascii_lowercase());
        }
        for bad in ['i', 'z', '1', '-', 'é'] {
            assert_eq!(Player::from_letter(bad), None, "{bad}");
        }
    }

    #[test]
    fn next_wraps_around() {
        assert_eq!(Player::A.next(2), Player::B);
        assert_eq!(Player::B.next(2), Player::A);
        assert_eq!(Player::B.next(3).index(), 2);
    }

    #[test]
    fn sets_list_and_order() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        let cases = [("a", "a"), ("ab", "a and b"), ("acd", "a, c and d")];
        for (members, shown) in cases {
            assert_eq!(set(members).to_string(), shown);
        }
        let mut sets = [set("ab"), set("b"), set("bc"), set("a"), set("abc")];
        sets.sort();
        let shown: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        assert_eq!(shown, ["a", "b", "a and b", "b and c", "a, b and c"]);
    }
}
