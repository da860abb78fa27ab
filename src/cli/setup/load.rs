//! The game a command's options ask for: the rules, and the starting
//! position read from a board file (with messages that name the file, line
//! and column) or drawn at random from a seed.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::analysis::sample::seeded_start;
use crate::cli::CliError;
use crate::cli::args::{GameOptions, Takes};
use crate::game::{
    GameTree, GenerateError, Map, MapSetup, Player, Position, PositionError, Rules, Setup,
    SetupError, SetupErrorKind,
};

/// The map the options ask for: the rhombus of their size.
pub(in crate::cli) fn map<const TAKES: Takes>(
    options: &GameOptions<TAKES>,
) -> Result<Map, CliError> {
    Map::rhombus(usize::from(options.side())).map_err(|e| CliError::Usage(e.to_string()))
}

/// The rules the options ask for, on their map.
pub(in crate::cli) fn rules<const TAKES: Takes>(
    options: &GameOptions<TAKES>,
) -> Result<Rules, CliError> {
    Rules::new(
        map(options)?,
        usize::from(options.players),
        usize::from(options.max_dice),
    )
    .map_err(|e| CliError::Usage(e.to_string()))
}

/// The game tree from a board file (or `-` for standard input), checked
/// against the player count and dice limit, with the first player to move.
pub(in crate::cli) fn tree_from_file<const TAKES: Takes>(
    path: &Path,
    options: &GameOptions<TAKES>,
) -> Result<(Source, GameTree), CliError> {
    let source = Source::from_arg(path);
    let (rules, start) = read_position(&source, options.players, options.max_dice, options.first)?;
    Ok((source, GameTree::new(rules, start)))
}

/// The rules the options ask for and the start on the random board of this
/// seed: the same seed gives the same board to every command.
pub(in crate::cli) fn random_start<const TAKES: Takes>(
    game: &GameOptions<TAKES>,
    seed: u64,
) -> Result<(Rules, Position), CliError> {
    let rules = rules(game)?;
    let start = seeded_start(&rules, game.first, seed).map_err(no_board)?;
    Ok((rules, start))
}

/// Why no random board could be drawn, naming the option at fault.
pub(in crate::cli) fn no_board(e: GenerateError) -> CliError {
    CliError::Usage(match e {
        GenerateError::Position(_) => format!("--first: {e}"),
        GenerateError::NoAttacks => format!("--max-dice 1: {e}"),
        GenerateError::NoFirstMove(_) => e.to_string(),
    })
}

/// The rules on the map a map file draws, and its start, `first` to move.
/// A mistake in the file is a
/// [`BoardFileError`](crate::cli::setup::load::BoardFileError) naming the file, line and
/// column; a `first` player outside the game is a usage error.
pub(in crate::cli) fn read_map(
    source: &Source,
    players: u8,
    max_dice: u8,
    first: Player,
) -> Result<(Rules, Position), CliError> {
    map_start(source, read_map_setup(source)?, players, max_dice, first)
}

/// The rules on the map of `setup`, read from `source`, and the start it
/// gives, `first` to move (see [`read_map`]).
pub(in crate::cli) fn map_start(
    source: &Source,
    setup: MapSetup,
    players: u8,
    max_dice: u8,
    first: Player,
) -> Result<(Rules, Position), CliError> {
    let setup = setup.with_first(first);
    let rules = Rules::new(
        setup.map().clone(),
        usize::from(players),
        usize::from(max_dice),
    )
    .map_err(|e| CliError::Usage(e.to_string()))?;
    let start = setup.position(&rules).map_err(|e| in_file(source, e))?;
    Ok((rules, start))
}

/// A map file as written: the map, and its territories' owners and dice
/// unless it is bare. A mistake is a
/// [`BoardFileError`](crate::cli::setup::load::BoardFileError) naming the
/// file, line and column.
pub(in crate::cli) fn read_map_setup(source: &Source) -> Result<MapSetup, CliError> {
    let text = read_text(source, "map", MAX_FILE_BYTES)?;
    MapSetup::parse(&text).map_err(|e| in_file(source, e))
}

/// The game tree from a board file or a map file (one of them must be
/// given; `-` is standard input), checked against the player count and dice
/// limit, with the first player to move.
pub(in crate::cli) fn tree_from<const TAKES: Takes>(
    board: Option<&Path>,
    map: Option<&Path>,
    options: &GameOptions<TAKES>,
) -> Result<(Source, GameTree), CliError> {
    match (map, board) {
        (Some(path), _) => {
            let source = Source::from_arg(path);
            let (rules, start) =
                read_map(&source, options.players, options.max_dice, options.first)?;
            Ok((source, GameTree::new(rules, start)))
        }
        (None, Some(path)) => tree_from_file(path, options),
        (None, None) => Err(CliError::Usage(
            "give a board file (--board) or a map file (--map)".into(),
        )),
    }
}

/// The largest board file read: far more than any board with comments needs.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// Where a board comes from: a file, or standard input (`-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

impl Source {
    /// `-` for standard input, otherwise a path.
    pub fn from_arg(arg: &Path) -> Source {
        if arg == Path::new("-") {
            Source::Stdin
        } else {
            Source::File(arg.to_path_buf())
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Stdin => f.write_str("<stdin>"),
        }
    }
}

/// A board file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{source_name}{}: {problem}", match location { Some((l, c)) => format!(":{l}:{c}"), None => String::new() })]
pub struct BoardFileError {
    /// The file.
    pub source_name: Source,
    /// The line and column, where one applies.
    pub location: Option<(usize, usize)>,
    /// What is wrong.
    pub problem: String,
}

/// Reads a board file and checks it, with `first` to move, against the
/// game's player count and dice limit on the rhombus its cells make: the
/// rules and the starting position.
///
/// A mistake in the file is a [`BoardFileError`] naming the file, line and
/// column; a `first` player outside the game is a usage error.
pub fn read_position(
    source: &Source,
    players: u8,
    max_dice: u8,
    first: Player,
) -> Result<(Rules, Position), CliError> {
    let text = read_text(source, "board", MAX_FILE_BYTES)?;
    let in_file = |e| in_file(source, e);
    let setup = Setup::parse(&text).map_err(in_file)?.with_first(first);
    let rules = Rules::new(
        setup.rhombus().map_err(in_file)?,
        usize::from(players),
        usize::from(max_dice),
    )
    .map_err(|e| CliError::Usage(e.to_string()))?;
    let start = setup.position(&rules).map_err(in_file)?;
    Ok((rules, start))
}

/// The text of a `what` file (`board`, `map`, `record`) of at most `limit`
/// bytes, without a UTF-8 byte-order mark (as some editors write: not part
/// of the board, nor counted in its columns); a file that cannot be read,
/// is too large or is not text is a [`BoardFileError`].
pub(in crate::cli) fn read_text(
    source: &Source,
    what: &str,
    limit: u64,
) -> Result<String, CliError> {
    let error = |location, problem: String| BoardFileError {
        source_name: source.clone(),
        location,
        problem,
    };
    let bytes = read_limited(source, what, limit).map_err(|problem| error(None, problem))?;
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    let text =
        text_of(bytes, what).map_err(|(location, problem)| error(Some(location), problem))?;
    Ok(text.to_string())
}

/// A mistake in a board or map file: a [`BoardFileError`] naming the file,
/// line and column, but a `--first` player outside the game, which is a
/// usage error.
pub(in crate::cli) fn in_file(source: &Source, e: SetupError) -> CliError {
    match e.kind {
        SetupErrorKind::Position(PositionError::Player { .. }) => {
            CliError::Usage(format!("--first: {}", e.kind))
        }
        kind => BoardFileError {
            source_name: source.clone(),
            location: e.location,
            problem: kind.to_string(),
        }
        .into(),
    }
}

/// The bytes of a `what` file (`board`, `map`), or why they cannot be read.
fn read_limited(source: &Source, what: &str, limit: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let result = match source {
        Source::File(path) => {
            std::fs::File::open(path).and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
        }
        Source::Stdin => std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes),
    };
    result.map_err(|e| format!("cannot read: {}", io_reason(&e)))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "too large: a {what} file holds at most {} KiB",
            limit / 1024
        ));
    }
    Ok(bytes)
}

/// An I/O error's reason without Rust's "(os error N)" suffix: how the
/// command line prints every I/O error.
pub(in crate::cli) fn io_reason(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

/// The text of a `what` file, or where it stops being text.
fn text_of<'a>(bytes: &'a [u8], what: &str) -> Result<&'a str, ((usize, usize), String)> {
    // The longest prefix that is text: up to the first NUL or non-UTF-8 byte.
    let (valid, bad) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, "bytes that are not UTF-8 text"),
        Err(e) => (
            std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
            "bytes that are not UTF-8 text",
        ),
    };
    let text = match valid.find('\0') {
        Some(at) => Err((&valid[..at], "a NUL byte")),
        None if valid.len() == bytes.len() => Ok(valid),
        None => Err((valid, bad)),
    };
    let (text, bad) = match text {
        Ok(text) => return Ok(text),
        Err(prefix) => prefix,
    };
    let line = text.matches('\n').count() + 1;
    let column = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Err((
        (line, column),
        format!("not a text file: {bad} here; a {what} file is plain text"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_content_is_located() {
        let cases: [(&[u8], (usize, usize)); 4] = [
            (b"a-1 b-1\na-1 \xff-1", (2, 5)),
            (b"\0", (1, 1)),
            (b"a-1 b-1\nb\xc3\xa9\0", (2, 3)),
            (b"\x7fELF\x02\x01\x01\0\0\xff", (1, 8)),
        ];
        for (bytes, location) in cases {
            let (at, _) = text_of(bytes, "board").unwrap_err();
            assert_eq!(at, location, "{bytes:?}");
        }
        assert_eq!(text_of(b"a-1 b-1", "board"), Ok("a-1 b-1"));
    }
}
