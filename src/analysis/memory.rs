//! How much memory an analysis may take, and what that buys.
//!
//! A limit is given in bytes ([`ByteSize`], written `512M`, `2G`, ...) and
//! turned into a budget of distinct positions from what each one costs: its
//! packed key, its entry in the position table's index, its span of edges,
//! [`EDGES_PER_POSITION`] edges, and the analysis's own
//! [`ANALYSIS_BYTES_PER_POSITION`]. The tree then grows within that budget
//! ([`GameTree::set_limits`]), so the memory is bounded before it is spent.

use std::fmt;
use std::str::FromStr;

use crate::game::{GameTree, NodeId, TreeLimits};

/// A number of bytes, read and written with binary units: `512M`, `2G`,
/// `1.5 GiB`.
///
/// ```
/// use dice_of_doom::analysis::ByteSize;
/// let size: ByteSize = "1.5G".parse().unwrap();
/// assert_eq!(size.bytes(), 3 << 29);
/// assert_eq!(size.to_string(), "1.5 GiB");
/// assert_eq!("2 GiB".parse::<ByteSize>().unwrap(), ByteSize::new(2 << 30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ByteSize(usize);

/// The units a size may be written in, smallest first: each is 1024 of the
/// one before.
const UNITS: [(char, u32); 6] = [
    ('K', 10),
    ('M', 20),
    ('G', 30),
    ('T', 40),
    ('P', 50),
    ('E', 60),
];

impl ByteSize {
    /// As many bytes as there can be: no limit.
    pub const MAX: ByteSize = ByteSize(usize::MAX);

    /// A size of `bytes` bytes.
    pub const fn new(bytes: usize) -> ByteSize {
        ByteSize(bytes)
    }

    /// The number of bytes.
    pub const fn bytes(self) -> usize {
        self.0
    }

    /// The size as it is shown: rounded down to a tenth of its unit (to
    /// the byte above), which is what reading its `Display` gives.
    pub fn shown(self) -> ByteSize {
        match unit_of(self.0) {
            Some((_, shift)) => {
                let tenths = (self.0 as u128 * 10) >> shift;
                // At most self.0, so it fits.
                ByteSize((tenths << shift).div_ceil(10) as usize)
            }
            None => self,
        }
    }
}

/// The largest unit not above `bytes`, if it is 1 KiB or more.
fn unit_of(bytes: usize) -> Option<(char, u32)> {
    UNITS
        .iter()
        .rev()
        .copied()
        .find(|&(_, shift)| (bytes as u128) >> shift > 0)
}

impl fmt::Display for ByteSize {
    /// In the largest unit not above it, with a tenth when it is not a
    /// whole number of that unit (rounded down): `2 GiB`, `1.9 GiB`,
    /// `512 MiB`, `100 B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((unit, shift)) = unit_of(self.0) else {
            return write!(f, "{} B", self.0);
        };
        let bytes = self.0 as u128;
        let whole = bytes >> shift;
        if whole << shift == bytes {
            write!(f, "{whole} {unit}iB")
        } else {
            let tenths = (bytes * 10) >> shift;
            write!(f, "{}.{} {unit}iB", tenths / 10, tenths % 10)
        }
    }
}

/// Why a text is not a size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseByteSizeError {
    /// Not a number with an optional unit.
    #[error(
        "`{0}` is not a size: give a number of bytes, or of K, M, G or T (powers of 1024), such as 512M or 2G"
    )]
    Invalid(String),
    /// Zero bytes.
    #[error("a size must be more than 0 bytes")]
    Zero,
    /// More bytes than this machine can address.
    #[error("`{0}` is more bytes than this machine can address")]
    TooLarge(String),
}

impl FromStr for ByteSize {
    type Err = ParseByteSizeError;

    /// A number (decimals allowed: `1.5G`) and an optional unit, `K`, `M`,
    /// `G`, `T`, `P` or `E`, each 1024 of the one before, which may be
    /// followed by `iB` or `B` (`2GiB`, `2 GB`: all binary); `B` alone, or
    /// no unit, is bytes. Units are not case sensitive. A fraction of a byte
    /// counts as a byte.
    fn from_str(text: &str) -> Result<ByteSize, ParseByteSizeError> {
        let invalid = || ParseByteSizeError::Invalid(text.to_string());
        let too_large = || ParseByteSizeError::TooLarge(text.to_string());
        let trimmed = text.trim();
        let split = trimmed
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(trimmed.len());
        let (number, unit) = trimmed.split_at(split);
        let unit = unit.trim_start().to_ascii_uppercase();
        let shift = match unit.as_str() {
            "" | "B" => 0,
            unit => {
                let letter = unit
                    .strip_suffix("IB")
                    .or_else(|| unit.strip_suffix('B'))
                    .unwrap_or(unit);
                let mut chars = letter.chars();
                let (Some(letter), None) = (chars.next(), chars.next()) else {
                    return Err(invalid());
                };
                UNITS
                    .iter()
                    .find(|&&(u, _)| u == letter)
                    .ok_or_else(invalid)?
                    .1
            }
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty() || fraction.contains('.') {
            return Err(invalid());
        }
        // Past 18 decimals a fraction is below a byte in every unit.
        let fraction = &fraction[..fraction.len().min(18)];
        let value = |digits: &str| -> Result<u128, ParseByteSizeError> {
            match digits {
                "" => Ok(0),
                _ => digits.parse::<u128>().map_err(|_| too_large()),
            }
        };
        let scale = 10u128.pow(fraction.len() as u32);
        // Below 10^18 << 60: no overflow.
        let part = (value(fraction)? << shift).div_ceil(scale);
        let bytes = value(whole)?
            .checked_mul(1 << shift)
            .and_then(|b| b.checked_add(part))
            .ok_or_else(too_large)?;
        match usize::try_from(bytes) {
            Ok(0) => Err(ParseByteSizeError::Zero),
            Ok(bytes) => Ok(ByteSize(bytes)),
            Err(_) => Err(too_large()),
        }
    }
}

/// The default memory limit where the machine's memory cannot be read: 2 GiB.
pub const FALLBACK_MEMORY: ByteSize = ByteSize(2 << 30);

/// The share of the machine's memory an analysis may take by default.
pub const DEFAULT_MEMORY_FRACTION: usize = 16;

/// The default memory limit: a sixteenth ([`DEFAULT_MEMORY_FRACTION`]) of the
/// machine's memory (`MemTotal` in `/proc/meminfo`), or of the process's
/// address-space limit (`ulimit -v`, from `/proc/self/limits`) when that is
/// lower, shown to a tenth of its unit ([`ByteSize::shown`]);
/// [`FALLBACK_MEMORY`] where neither can be read (systems other than Linux).
///
/// A sixteenth keeps a refusal about as quick as it was with the old fixed
/// limit of 20,000,000 positions, which it replaces: filling a GiB takes 8
/// to 12 seconds on the project machine, whose 24 GB give a 1.4 GiB default
/// (about 23 million positions on a 4x4 board, 10 million on a 10x10 board
/// with 8 players and 9 dice).
pub fn default_max_memory() -> ByteSize {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text));
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| address_space_limit(&text));
    default_from(total, limit)
}

/// The default memory limit from the machine's memory and the address-space
/// limit, in bytes, where known (see [`default_max_memory`]).
fn default_from(total: Option<u64>, address_space: Option<u64>) -> ByteSize {
    match total.into_iter().chain(address_space).min() {
        Some(bytes) => {
            let share = bytes / DEFAULT_MEMORY_FRACTION as u64;
            ByteSize(usize::try_from(share).unwrap_or(usize::MAX)).shown()
        }
        None => FALLBACK_MEMORY,
    }
}

/// The machine's memory in bytes, from the text of `/proc/meminfo`.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut fields = line["MemTotal:".len()..].split_whitespace();
    let n: u64 = fields.next()?.parse().ok()?;
    match fields.next() {
        Some("kB") => n.checked_mul(1024),
        None => Some(n),
        Some(_) => None,
    }
}

/// The soft limit on the address space in bytes, from the text of
/// `/proc/self/limits`; `None` when it is unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The edges each position is given room for. Measured where trees were
/// refused (4x4 and 10x10 boards, 1 to 5 million positions) there are 1.9
/// to 3.2 edges for each position, and 1.9 to 2.3 in the whole 3x3 trees.
pub const EDGES_PER_POSITION: usize = 4;

/// The bytes an analysis keeps for each position besides the tree: the
/// solver's word (its depth and rating, or its state in the walk), the
/// position's place in the walk's order, and two bytes of room for the
/// walk's stack of positions still to visit (`dot`'s count keeps one word
/// a position, less).
pub const ANALYSIS_BYTES_PER_POSITION: usize = size_of::<u64>() + size_of::<NodeId>() + 2;

/// How much an analysis may build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most memory the tree and the analysis may hold.
    pub memory: ByteSize,
    /// The most distinct positions, whatever the memory.
    pub positions: usize,
}

impl Limits {
    /// No limit but the tree's own (`u32::MAX` positions and edges).
    pub const UNLIMITED: Limits = Limits {
        memory: ByteSize::MAX,
        positions: usize::MAX,
    };

    /// At most this much memory.
    pub const fn memory(memory: ByteSize) -> Limits {
        Limits {
            memory,
            positions: usize::MAX,
        }
    }

    /// At most this many distinct positions, whatever the memory.
    pub const fn positions(positions: usize) -> Limits {
        Limits {
            memory: ByteSize::MAX,
            positions,
        }
    }

    /// The limits for a tree like `tree` (its rules set the bytes a
    /// position costs): as many positions as fit in the memory, with
    /// [`EDGES_PER_POSITION`] edges each, and no more than `positions`.
    ///
    /// ```
    /// use dice_of_doom::analysis::{ByteSize, Limits};
    /// use dice_of_doom::game::{GameTree, Player, Position, Rules};
    /// let rules = Rules::classic(4, 2, 3).unwrap();
    /// let board = "a-3 b-2 a-1 b-1 / b-3 a-2 b-1 a-1 / a-3 b-2 a-1 b-1 / b-3 a-2 b-1 a-1";
    /// let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
    /// let tree = GameTree::new(rules, start);
    /// let limits = Limits::memory(ByteSize::new(1 << 30)).tree_limits(&tree);
    /// // 16.8 million positions in a GiB on a 4x4 board: 64 bytes each.
    /// assert_eq!(limits.positions, 16_777_216);
    /// assert_eq!(limits.edges, 4 * limits.positions);
    /// ```
    pub fn tree_limits(&self, tree: &GameTree) -> TreeLimits {
        let fits = |positions: usize| memory_for(tree, positions) <= self.memory.bytes();
        // The most positions that fit: fits(lo) holds, fits(hi + 1) does not.
        let (mut lo, mut hi) = (0, TreeLimits::MAX.positions);
        if fits(hi) {
            lo = hi;
        }
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        TreeLimits {
            positions: lo.min(self.positions),
            edges: lo
                .saturating_mul(EDGES_PER_POSITION)
                .min(TreeLimits::MAX.edges),
        }
    }

    /// Whether the position budget comes from [`Limits::positions`] rather
    /// than from the memory.
    pub(crate) fn positions_bind(&self, tree: &GameTree) -> bool {
        self.positions < Limits::memory(self.memory).tree_limits(tree).positions
    }
}

/// The most memory a tree like `tree` and its analysis take on their way to
/// `positions` positions (with [`EDGES_PER_POSITION`] edges each).
pub fn memory_for(tree: &GameTree, positions: usize) -> usize {
    let limits = TreeLimits {
        positions,
        edges: positions.saturating_mul(EDGES_PER_POSITION),
    };
    tree.bytes_for(limits)
        .saturating_add(positions.saturating_mul(ANALYSIS_BYTES_PER_POSITION))
}

/// How far an analysis has gone, for a progress display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Distinct positions built.
    pub positions: usize,
    /// Bytes the tree and the analysis hold.
    pub bytes: usize,
    /// Nodes written out (by `dot`; 0 before it writes).
    pub written: u64,
}

/// Reports progress every this many steps of a walk.
pub(crate) const PROGRESS_EVERY: usize = 1 << 16;

/// The bytes a vector holds.
pub(crate) fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Player, Position, Rules};

    fn size(text: &str) -> Result<usize, ParseByteSizeError> {
        text.parse::<ByteSize>().map(ByteSize::bytes)
    }

    #[test]
    fn sizes_are_read_in_binary_units() {
        let cases = [
            ("1", 1),
            ("4096", 4096),
            ("100B", 100),
            ("1K", 1024),
            ("1k", 1024),
            ("2KiB", 2048),
            ("3 KB", 3072),
            ("512M", 512 << 20),
            ("512m", 512 << 20),
            ("2G", 2 << 30),
            (" 2 GiB ", 2 << 30),
            ("2gb", 2 << 30),
            ("1.5G", 3 << 29),
            ("0.5K", 512),
            (".5K", 512),
            ("1.", 1),
            ("1T", 1 << 40),
            ("1P", 1 << 50),
            ("1.0000000000000000000001G", 1 << 30),
        ];
        for (text, bytes) in cases {
            assert_eq!(size(text), Ok(bytes), "{text:?}");
        }
    }

    #[test]
    fn bad_sizes_are_refused_with_a_reason() {
        for bad in [
            "", " ", "G", "-1G", "+1G", "1.2.3G", "1X", "1GG", "1 G B", "ten", "1e9", "1e3",
            "1_000", "1,000", "2Gi", "NaN", ".", "1 iB", "1IB",
        ] {
            assert!(
                matches!(size(bad), Err(ParseByteSizeError::Invalid(_))),
                "{bad:?}: {:?}",
                size(bad)
            );
        }
        for zero in ["0", "0G", "0.000", "00"] {
            assert_eq!(size(zero), Err(ParseByteSizeError::Zero), "{zero:?}");
        }
        assert_eq!(size("0.4B"), Ok(1));
        assert_eq!(size("0.0001K"), Ok(1));
        for huge in ["16E", "16384P", "99999999999999999999999999999999999999999"] {
            assert!(
                matches!(size(huge), Err(ParseByteSizeError::TooLarge(_))),
                "{huge:?}"
            );
        }
        assert_eq!(size("15.9E"), Ok(18_331_451_923_248_866_919));
        let message = size("lots").unwrap_err().to_string();
        assert!(message.contains("such as 512M or 2G"), "{message}");
    }

    #[test]
    fn sizes_are_shown_in_the_largest_unit_rounded_down() {
        let cases = [
            (1, "1 B"),
            (1023, "1023 B"),
            (1024, "1 KiB"),
            (1536, "1.5 KiB"),
            (512 << 20, "512 MiB"),
            (2 << 30, "2 GiB"),
            ((2 << 30) - 1, "1.9 GiB"),
            (2_048_000_000, "1.9 GiB"),
            (usize::MAX, "15.9 EiB"),
        ];
        for (bytes, shown) in cases {
            assert_eq!(ByteSize::new(bytes).to_string(), shown, "{bytes}");
        }
        // What is shown reads back as `shown()`, and as itself when whole.
        for bytes in [
            1,
            1000,
            1536,
            2_040_109_465,
            2_048_000_000,
            12_638_257_152,
            5 << 40,
        ] {
            let size = ByteSize::new(bytes);
            let read: ByteSize = size.to_string().parse().unwrap();
            assert_eq!(read, size.shown(), "{bytes}");
            assert!(size.shown() <= size);
            assert_eq!(size.shown().shown(), size.shown());
        }
    }

    #[test]
    fn the_default_is_a_sixteenth_of_the_memory_or_of_the_address_space() {
        let meminfo = "MemTotal:       24684096 kB\nMemFree:        19878780 kB\n";
        assert_eq!(mem_total(meminfo), Some(24_684_096 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        let unlimited = "Limit                     Soft Limit           Hard Limit           Units     \n\
            Max data size             unlimited            unlimited            bytes     \n\
            Max address space         unlimited            unlimited            bytes     \n";
        assert_eq!(address_space_limit(unlimited), None);
        let limited = unlimited.replace(
            "Max address space         unlimited            unlimited",
            "Max address space         4096000000           4096000000",
        );
        assert_eq!(address_space_limit(&limited), Some(4_096_000_000));

        let total = Some(24_684_096 * 1024);
        assert_eq!(default_from(total, None).to_string(), "1.4 GiB");
        assert_eq!(default_from(total, None), "1.4G".parse().unwrap());
        let limited = default_from(total, Some(4_096_000_000));
        assert_eq!(limited.to_string(), "244.1 MiB");
        assert!(limited.bytes() <= 256_000_000);
        assert_eq!(default_from(None, None), FALLBACK_MEMORY);
        assert!(default_max_memory() >= ByteSize::new(1));
    }

    fn tree(side: usize, players: usize, dice: usize) -> GameTree {
        let rules = Rules::classic(side, players, dice).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        GameTree::new(rules, start)
    }

    #[test]
    fn memory_buys_the_most_positions_that_fit() {
        for t in [tree(3, 2, 3), tree(4, 2, 3), tree(10, 8, 9)] {
            for bytes in [1, 1000, 1 << 20, 123_456_789, 1 << 30, 5 << 30] {
                let limits = Limits::memory(ByteSize::new(bytes)).tree_limits(&t);
                let p = limits.positions;
                // No position fits in a byte: the budget is none.
                assert!(p == 0 || memory_for(&t, p) <= bytes, "{bytes}");
                assert!(memory_for(&t, p + 1) > bytes, "{bytes}");
                assert_eq!(limits.edges, p * EDGES_PER_POSITION);
            }
        }
        // The bytes a position costs: a one-word key on 4x4, eleven words on
        // 10x10 with 8 players and 9 dice; the index costs 8 to 16 bytes
        // a position (and half that again while it grows).
        let per_position = |t: &GameTree| {
            let p = Limits::memory(ByteSize::new(1 << 30))
                .tree_limits(t)
                .positions;
            (1usize << 30) as f64 / p as f64
        };
        let small = per_position(&tree(4, 2, 3));
        let large = per_position(&tree(10, 8, 9));
        assert!((58.0..71.0).contains(&small), "{small}");
        assert!((138.0..151.0).contains(&large), "{large}");
        // Limits on positions alone, and none at all.
        let t = tree(4, 2, 3);
        assert_eq!(Limits::positions(1000).tree_limits(&t).positions, 1000);
        assert!(Limits::positions(1000).positions_bind(&t));
        assert!(!Limits::memory(ByteSize::new(1 << 20)).positions_bind(&t));
        assert_eq!(Limits::UNLIMITED.tree_limits(&t), TreeLimits::MAX);
    }
}
