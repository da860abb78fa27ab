//! Proven bounds saved to a file and read back, so that a proof can go on
//! in a later run from where an earlier one stopped.
//!
//! The file is the cache's table as it is in memory, behind a header that
//! says what it holds, and followed by a checksum:
//!
//! | bytes | field |
//! |---|---|
//! | 25 | `dice-of-doom proof cache\n` |
//! | 4 | the format, 1 |
//! | 4 + n, four times | the program and its version, the algorithm, the player the bounds are for, the rules (each its length, then UTF-8) |
//! | 8, 8 | the words of a key, the table's buckets |
//! | 8 a word | the table: each bucket's four slots, a slot its key's words and a data word |
//! | 4 | CRC-32 of everything before it |
//!
//! Numbers are little-endian. A file is read only by the same version of
//! the program, for the same rules, player and algorithm, and only if its
//! table fits in the memory allowed, which is checked before anything is
//! allocated; a file cut short or changed fails its checksum.

use std::io::{self, Read, Seek, SeekFrom, Write};

use super::{Algorithm, PositionCache, ProvenBounds};
use crate::analysis::ByteSize;
use crate::game::{Player, Rules};

const MAGIC: &[u8] = b"dice-of-doom proof cache\n";
const FORMAT: u32 = 1;
/// The longest header field read: the rules of the largest map take some
/// tens of KiB written out.
const MAX_FIELD: u32 = 1 << 20;

/// Why saved bounds cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum LoadBoundsError {
    /// The file does not start as a proof cache does.
    #[error("not a proof cache of dice-of-doom")]
    NotACache,
    /// A format this version does not read.
    #[error("a proof cache of format {0}, which this version does not read")]
    Format(u32),
    /// Saved by another version, whose bounds may be laid out otherwise.
    #[error("saved by {saved}, not by this version ({this})")]
    OtherProgram {
        /// The program that saved it.
        saved: String,
        /// This program.
        this: String,
    },
    /// Bounds of another proof search.
    #[error("bounds proven by the {saved} search, not {asked}")]
    OtherAlgorithm {
        /// The saved bounds' algorithm.
        saved: String,
        /// The algorithm asked for.
        asked: &'static str,
    },
    /// Bounds for the other player to move.
    #[error("bounds for {saved} to move, not {asked}")]
    OtherPlayer {
        /// The player the saved bounds are for.
        saved: String,
        /// The player to move now.
        asked: Player,
    },
    /// Bounds under other rules (another board, size, dice limit or rule
    /// set).
    #[error("bounds of another game (other rules, board size, players or dice)")]
    OtherRules,
    /// The saved table is larger than the memory allowed.
    #[error("its table takes {bytes}, more than the {memory} allowed")]
    TooLarge {
        /// The bytes the table takes.
        bytes: ByteSize,
        /// The memory allowed.
        memory: ByteSize,
    },
    /// Cut short, or its checksum does not match.
    #[error("it is damaged (cut short, or its checksum does not match)")]
    Damaged,
    /// The system refused the memory for the table.
    #[error("the system refused {bytes} bytes of memory")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// Reading failed.
    #[error(transparent)]
    Io(io::Error),
}

impl From<io::Error> for LoadBoundsError {
    fn from(e: io::Error) -> LoadBoundsError {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            LoadBoundsError::Damaged
        } else {
            LoadBoundsError::Io(e)
        }
    }
}

/// The program's name and version and the cache's layout (its buckets and
/// hash), as a file records them.
fn program() -> String {
    format!(
        "dice-of-doom {}, {}",
        env!("CARGO_PKG_VERSION"),
        PositionCache::layout()
    )
}

/// How the rules are recorded: their whole description (rule set, policy,
/// map with every neighbour, players, dice), compared as text.
fn rules_text(rules: &Rules) -> String {
    format!("{rules:?}")
}

impl ProvenBounds {
    /// Writes the bounds to `out` (which had best be buffered), to be read
    /// back by [`ProvenBounds::load`].
    ///
    /// # Errors
    /// Any error of `out`.
    pub fn save(&self, out: &mut impl Write) -> io::Result<()> {
        let mut out = Summed::new(out);
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT.to_le_bytes())?;
        for field in [
            program(),
            self.algorithm.name().to_string(),
            self.rated.to_string(),
            rules_text(&self.rules),
        ] {
            let len = u32::try_from(field.len()).map_err(io::Error::other)?;
            out.write_all(&len.to_le_bytes())?;
            out.write_all(field.as_bytes())?;
        }
        let (words, buckets, slots) = self.cache.table();
        out.write_all(&(words as u64).to_le_bytes())?;
        out.write_all(&(buckets as u64).to_le_bytes())?;
        let mut buffer = Vec::with_capacity(1 << 16);
        for chunk in slots.chunks(1 << 13) {
            buffer.clear();
            buffer.extend(chunk.iter().flat_map(|w| w.to_le_bytes()));
            out.write_all(&buffer)?;
        }
        let sum = out.sum.clone().finalize();
        out.inner.write_all(&sum.to_le_bytes())
    }

    /// Reads bounds saved by [`ProvenBounds::save`], for a proof by
    /// `algorithm` under `rules` with `rated` to move, the cache then
    /// growing within `memory`.
    ///
    /// ```
    /// use dice_of_doom::analysis::{Algorithm, ByteSize, ProvenBounds, prove_again};
    /// use dice_of_doom::game::{Player, Position, Rules};
    /// let rules = Rules::classic(3, 2, 3).unwrap();
    /// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
    /// let start = Position::start(&rules, board, Player::A).unwrap();
    /// let memory = ByteSize::new(16 << 20);
    /// let mut kept = None;
    /// let first = prove_again(&mut kept, &rules, &start, memory, |_| false).unwrap();
    /// let mut file = Vec::new();
    /// kept.unwrap().save(&mut file).unwrap();
    /// let loaded = ProvenBounds::load(&mut std::io::Cursor::new(&file), Algorithm::DfPn, &rules, Player::A, memory);
    /// let mut kept = Some(loaded.unwrap());
    /// let again = prove_again(&mut kept, &rules, &start, memory, |_| false).unwrap();
    /// assert_eq!(again.value(), first.value());
    /// assert!(again.nodes < first.nodes);
    /// ```
    ///
    /// # Errors
    /// [`LoadBoundsError`]: not a file of this version for this game,
    /// player and algorithm, larger than `memory`, damaged, or unreadable.
    pub fn load(
        input: &mut (impl Read + Seek),
        algorithm: Algorithm,
        rules: &Rules,
        rated: Player,
        memory: ByteSize,
    ) -> Result<ProvenBounds, LoadBoundsError> {
        let mut input = Summed::new(input);
        let mut magic = [0; MAGIC.len()];
        match input.read_exact(&mut magic) {
            Err(e) if e.kind() != io::ErrorKind::UnexpectedEof => return Err(e.into()),
            Ok(()) if magic == MAGIC => {}
            _ => return Err(LoadBoundsError::NotACache),
        }
        let format = u32::from_le_bytes(input.array()?);
        if format != FORMAT {
            return Err(LoadBoundsError::Format(format));
        }
        let saved = input.field()?;
        if saved != program() {
            return Err(LoadBoundsError::OtherProgram {
                saved,
                this: program(),
            });
        }
        let saved = input.field()?;
        if saved != algorithm.name() {
            return Err(LoadBoundsError::OtherAlgorithm {
                saved,
                asked: algorithm.name(),
            });
        }
        let saved = input.field()?;
        if saved != rated.to_string() {
            return Err(LoadBoundsError::OtherPlayer {
                saved,
                asked: rated,
            });
        }
        if input.field()? != rules_text(rules) {
            return Err(LoadBoundsError::OtherRules);
        }
        let words = u64::from_le_bytes(input.array()?);
        let buckets = u64::from_le_bytes(input.array()?);
        let expected = crate::game::Codec::new(rules).words();
        let (Ok(words), Ok(buckets)) = (usize::try_from(words), usize::try_from(buckets)) else {
            return Err(LoadBoundsError::Damaged);
        };
        if words != expected {
            return Err(LoadBoundsError::Damaged);
        }
        let Some(bytes) = PositionCache::table_bytes(words, buckets) else {
            return Err(LoadBoundsError::Damaged);
        };
        if bytes > memory.bytes() {
            return Err(LoadBoundsError::TooLarge {
                bytes: ByteSize::new(bytes),
                memory,
            });
        }
        // The file must hold the whole table and its checksum, checked
        // before the table is allocated.
        let here = input.inner.stream_position()?;
        let end = input.inner.seek(SeekFrom::End(0))?;
        input.inner.seek(SeekFrom::Start(here))?;
        if end.checked_sub(here) != Some(bytes as u64 + 4) {
            return Err(LoadBoundsError::Damaged);
        }
        let mut cache = PositionCache::with_table(words, buckets, memory.bytes())
            .map_err(|e| LoadBoundsError::OutOfMemory { bytes: e.bytes })?;
        let mut buffer = vec![0u8; 1 << 16];
        for chunk in cache.slots_mut().chunks_mut(1 << 13) {
            let bytes = &mut buffer[..chunk.len() * 8];
            input.read_exact(bytes)?;
            for (word, b) in chunk.iter_mut().zip(bytes.as_chunks::<8>().0) {
                *word = u64::from_le_bytes(*b);
            }
        }
        let sum = input.sum.clone().finalize();
        let mut stored = [0; 4];
        input.inner.read_exact(&mut stored)?;
        if u32::from_le_bytes(stored) != sum || input.inner.read(&mut [0])? != 0 {
            return Err(LoadBoundsError::Damaged);
        }
        cache.recount();
        Ok(ProvenBounds {
            rules: rules.clone(),
            rated,
            algorithm,
            cache,
        })
    }
}

/// A reader or writer that keeps the CRC-32 of the bytes through it.
struct Summed<T> {
    inner: T,
    sum: crc32fast::Hasher,
}

impl<T> Summed<T> {
    fn new(inner: T) -> Summed<T> {
        Summed {
            inner,
            sum: crc32fast::Hasher::new(),
        }
    }
}

impl<T: Write> Write for Summed<T> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.sum.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<T: Read> Read for Summed<T> {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(bytes)?;
        self.sum.update(&bytes[..n]);
        Ok(n)
    }
}

impl<T: Read> Summed<T> {
    fn array<const N: usize>(&mut self) -> Result<[u8; N], LoadBoundsError> {
        let mut bytes = [0; N];
        self.read_exact(&mut bytes)?;
        Ok(bytes)
    }

    /// A length-prefixed text field of the header.
    fn field(&mut self) -> Result<String, LoadBoundsError> {
        let len = u32::from_le_bytes(self.array()?);
        if len > MAX_FIELD {
            return Err(LoadBoundsError::Damaged);
        }
        let mut bytes = vec![0; len as usize];
        self.read_exact(&mut bytes)?;
        String::from_utf8(bytes).map_err(|_| LoadBoundsError::Damaged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{prove_again, prove_again_with};
    use crate::game::Position;

    fn game() -> (Rules, Position) {
        let rules = Rules::classic(4, 2, 3).unwrap();
        let board = "a-3 a-1 b-1 b-2 / b-3 b-1 b-1 a-1 / a-2 b-1 b-3 a-3 / a-2 b-2 a-3 b-2";
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        (rules, start)
    }

    const MEMORY: ByteSize = ByteSize::new(64 << 20);

    /// Bounds of a proof stopped early, saved and loaded: the proof goes on
    /// from them to the value a proof from nothing finds, searching fewer
    /// positions than the part it had left.
    #[test]
    fn a_stopped_proof_goes_on_from_its_saved_bounds() {
        let (rules, start) = game();
        let whole = prove_again(&mut None, &rules, &start, MEMORY, |_| false).unwrap();
        let mut kept = None;
        let part = prove_again(&mut kept, &rules, &start, MEMORY, |p| p.nodes >= 20_000).unwrap();
        assert_eq!(part.value(), None);
        let mut file = Vec::new();
        kept.unwrap().save(&mut file).unwrap();
        let loaded = ProvenBounds::load(
            &mut std::io::Cursor::new(&file),
            Algorithm::DfPn,
            &rules,
            Player::A,
            MEMORY,
        );
        let mut kept = Some(loaded.unwrap());
        let rest = prove_again(&mut kept, &rules, &start, MEMORY, |_| false).unwrap();
        assert_eq!(rest.value(), whole.value());
        assert!(rest.nodes < whole.nodes, "{} {}", rest.nodes, whole.nodes);
    }

    #[test]
    fn files_of_other_games_or_damaged_ones_are_refused() {
        let (rules, start) = game();
        let mut kept = None;
        prove_again(&mut kept, &rules, &start, MEMORY, |_| false).unwrap();
        let mut file = Vec::new();
        kept.unwrap().save(&mut file).unwrap();
        let load = |bytes: &[u8], algorithm, rules: &Rules, rated, memory| {
            ProvenBounds::load(&mut io::Cursor::new(bytes), algorithm, rules, rated, memory)
        };
        assert!(load(&file, Algorithm::DfPn, &rules, Player::A, MEMORY).is_ok());
        let other = Rules::classic(4, 2, 4).unwrap();
        let refused = [
            load(b"hello", Algorithm::DfPn, &rules, Player::A, MEMORY),
            load(&file, Algorithm::AlphaBeta, &rules, Player::A, MEMORY),
            load(&file, Algorithm::DfPn, &rules, Player::B, MEMORY),
            load(&file, Algorithm::DfPn, &other, Player::A, MEMORY),
            load(
                &file,
                Algorithm::DfPn,
                &rules,
                Player::A,
                ByteSize::new(1 << 16),
            ),
            load(
                &file[..file.len() - 1],
                Algorithm::DfPn,
                &rules,
                Player::A,
                MEMORY,
            ),
            load(
                &file[..file.len() / 2],
                Algorithm::DfPn,
                &rules,
                Player::A,
                MEMORY,
            ),
            load(
                &[&file[..], b"x"].concat(),
                Algorithm::DfPn,
                &rules,
                Player::A,
                MEMORY,
            ),
        ];
        let names: Vec<String> = refused
            .iter()
            .map(|r| format!("{:?}", r.as_ref().err()))
            .collect();
        let expected = [
            "NotACache",
            "OtherAlgorithm",
            "OtherPlayer",
            "OtherRules",
            "TooLarge",
            "Damaged",
            "Damaged",
            "Damaged",
        ];
        for (name, want) in names.iter().zip(expected) {
            assert!(
                name.starts_with(&format!("Some({want}")),
                "{name} for {want}"
            );
        }
        // A changed byte of the table fails the checksum.
        let mut changed = file.clone();
        let middle = changed.len() - 100;
        changed[middle] ^= 1;
        let damaged = load(&changed, Algorithm::DfPn, &rules, Player::A, MEMORY);
        assert!(matches!(damaged, Err(LoadBoundsError::Damaged)));
        // Bounds of the other algorithm are not used by this one.
        let mut kept = Some(load(&file, Algorithm::DfPn, &rules, Player::A, MEMORY).unwrap());
        let by_alphabeta = prove_again_with(
            Algorithm::AlphaBeta,
            &mut kept,
            &rules,
            &start,
            MEMORY,
            |_| false,
        );
        let fresh = prove_again_with(
            Algorithm::AlphaBeta,
            &mut None,
            &rules,
            &start,
            MEMORY,
            |_| false,
        );
        let (by_alphabeta, fresh) = (by_alphabeta.unwrap(), fresh.unwrap());
        assert_eq!(by_alphabeta.value(), Some(crate::game::Share::WIN));
        assert_eq!(by_alphabeta.nodes, fresh.nodes);
    }
}
