//! A part of a sampled survey: the text `survey --sample N --shard K/M`
//! prints and `--out DIR` keeps, which `survey merge` reads.
//!
//! A part is JSON lines: first a [`Header`] (the settings of the whole
//! sample and which slice of it the part is), then one [`BoardRecord`] a
//! board, in any order. A file may hold several parts one after the other
//! (the grouped output of GNU parallel's jobs); every part starts with its
//! header. A last line without its newline that is not a whole record is a
//! line a killed run was writing: it is left out with a warning.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::analysis::sample::SampleBoard;
use crate::game::Share;

/// The format of a part, in its header's `survey_part`.
pub(super) const FORMAT: u32 = 1;

/// Everything that decides a sample's boards and their results: two parts
/// can be merged, and a run can go on from a kept part, only when these
/// are the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Settings {
    /// The program and its version (provers change between versions).
    pub(super) program: String,
    /// The rule set.
    pub(super) rules: String,
    /// The board side.
    pub(super) size: u8,
    /// The players.
    pub(super) players: u8,
    /// The dice limit.
    pub(super) max_dice: u8,
    /// The first player's letter.
    pub(super) first: String,
    /// The first board's seed.
    pub(super) seed: u64,
    /// The boards of the whole sample.
    pub(super) boards: u64,
    /// The time each proof may take, in nanoseconds, if limited.
    pub(super) time_limit_ns: Option<u64>,
    /// The positions each proof may search, if limited.
    pub(super) nodes_limit: Option<u64>,
    /// The memory each proof may hold, in bytes (--max-memory shared by the
    /// threads).
    pub(super) memory_per_board: u64,
}

impl Settings {
    /// The time limit, if any.
    pub(super) fn time_limit(&self) -> Option<Duration> {
        self.time_limit_ns.map(Duration::from_nanos)
    }

    /// The seed of board `i` of the sample.
    pub(super) fn seed_of(&self, i: u64) -> u64 {
        self.seed.wrapping_add(i)
    }

    /// The place of a seed in the sample, if it is one of its boards.
    pub(super) fn index_of(&self, seed: u64) -> Option<u64> {
        let i = seed.wrapping_sub(self.seed);
        (i < self.boards).then_some(i)
    }

    /// The first setting in which `other` differs, with both values.
    pub(super) fn difference(&self, other: &Settings) -> Option<(String, String, String)> {
        let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
            (serde_json::to_value(self), serde_json::to_value(other))
        else {
            return None;
        };
        a.iter()
            .find(|&(key, value)| b.get(key) != Some(value))
            .map(|(key, value)| {
                let theirs = b.get(key).map_or("nothing".to_string(), |v| v.to_string());
                (key.clone(), value.to_string(), theirs)
            })
    }
}

/// The slice `K/M` of a sample: the `K`-th (from 0) of `M` runs of seeds
/// of about the same length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Shard {
    /// Which slice, from 0.
    pub(super) index: u64,
    /// Of how many.
    pub(super) of: u64,
}

impl Shard {
    /// The whole sample as one slice.
    pub(super) const WHOLE: Shard = Shard { index: 0, of: 1 };

    /// The places (from 0) of this slice's boards in a sample of `boards`.
    pub(super) fn range(self, boards: u64) -> std::ops::Range<u64> {
        let at = |k: u64| (u128::from(k) * u128::from(boards) / u128::from(self.of)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// Parses `K/M` (`--shard`): `K` from 0 to `M - 1`.
pub(super) fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("`{text}` is not K/M, such as 0/10 (K from 0 to M - 1)");
    let (k, m) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let m: u64 = m.trim().parse().map_err(|_| bad())?;
    if m == 0 || k >= m {
        return Err(format!(
            "`{text}`: the slice K must be from 0 to M - 1, and M at least 1"
        ));
    }
    Ok(Shard { index: k, of: m })
}

/// The first line of a part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Header {
    /// The format, [`FORMAT`].
    pub(super) survey_part: u32,
    /// The sample's settings.
    pub(super) settings: Settings,
    /// The slice of the sample the part is of.
    pub(super) shard: Shard,
}

/// A board's proven value for the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Outcome {
    /// She wins.
    Win,
    /// She loses.
    Loss,
    /// A tie.
    Tie,
    /// Not proven within the limits.
    Unproven,
}

/// One board of a part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardRecord {
    /// Its seed.
    pub(super) seed: u64,
    /// The board, on one line.
    pub(super) board: String,
    /// Its value for the first player.
    pub(super) outcome: Outcome,
    /// Positions the proof searched.
    pub(super) nodes: u64,
    /// Positions its cache held at the end.
    pub(super) positions: u64,
    /// The most bytes its cache held.
    pub(super) bytes: u64,
    /// Its wall-clock time in nanoseconds.
    pub(super) time_ns: u64,
}

impl BoardRecord {
    /// The record of a proven (or unproven) board.
    pub(super) fn of(board: &SampleBoard, line: String) -> BoardRecord {
        let outcome = match board.proof.value() {
            None => Outcome::Unproven,
            Some(v) if v == Share::WIN => Outcome::Win,
            Some(v) if v == Share::LOSS => Outcome::Loss,
            Some(_) => Outcome::Tie,
        };
        BoardRecord {
            seed: board.seed,
            board: line,
            outcome,
            nodes: board.proof.nodes,
            positions: board.proof.stored as u64,
            bytes: board.proof.bytes as u64,
            time_ns: u64::try_from(board.time.as_nanos()).unwrap_or(u64::MAX),
        }
    }

    /// Its time.
    pub(super) fn time(&self) -> Duration {
        Duration::from_nanos(self.time_ns)
    }
}

/// One line of JSON and its newline.
pub(super) fn line(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string(value).unwrap_or_default();
    text.push('\n');
    text
}

/// A part read from a file.
#[derive(Clone, Debug)]
pub(super) struct Part {
    /// Where it was read: the file and the header's line.
    pub(super) place: String,
    /// Its header.
    pub(super) header: Header,
    /// Its boards, in the order read.
    pub(super) boards: Vec<BoardRecord>,
}

/// Why parts cannot be read.
#[derive(Debug, thiserror::Error)]
pub(super) enum PartError {
    /// The file cannot be read.
    #[error("{}: {}", .0.display(), crate::cli::setup::load::io_reason(.1))]
    Io(PathBuf, std::io::Error),
    /// A line is not what a part holds.
    #[error("{file}:{line}: not a survey part's line: {reason}")]
    Line {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// Why.
        reason: String,
    },
    /// The file holds no part.
    #[error("{0}: holds no survey part (it is empty)")]
    Empty(String),
}

/// What reading a file found: its parts, and a warning when its last line
/// was cut short (and left out), with the length of the text before it.
#[derive(Debug)]
pub(super) struct Read {
    /// The parts.
    pub(super) parts: Vec<Part>,
    /// The warning about a cut last line, and the bytes before that line.
    pub(super) cut: Option<(String, u64)>,
}

/// Reads the parts in a file's text.
pub(super) fn parse(file: &Path, text: &str) -> Result<Read, PartError> {
    let name = file.display().to_string();
    let mut parts: Vec<Part> = Vec::new();
    let mut offset = 0u64;
    let mut cut = None;
    for (i, piece) in text.split_inclusive('\n').enumerate() {
        let number = i + 1;
        let whole = piece.ends_with('\n');
        let content = piece.trim_end_matches(['\n', '\r']);
        let bad = |reason: String| PartError::Line {
            file: name.clone(),
            line: number,
            reason,
        };
        let parsed = parse_line(content);
        match parsed {
            Err(_) if !whole => {
                cut = Some((
                    format!(
                        "{name}:{number}: the last line is cut short (a run stopped while \
                         writing it?): left out"
                    ),
                    offset,
                ));
            }
            Err(reason) => return Err(bad(reason)),
            Ok(None) => {}
            Ok(Some(Line::Header(header))) => {
                if header.survey_part != FORMAT {
                    return Err(bad(format!(
                        "survey part format {}; this program reads format {FORMAT}",
                        header.survey_part
                    )));
                }
                let Shard { index, of } = header.shard;
                if of == 0 || index >= of {
                    return Err(bad(format!("a bad header: shard {index}/{of}")));
                }
                parts.push(Part {
                    place: format!("{name}:{number}"),
                    header,
                    boards: Vec::new(),
                });
            }
            Ok(Some(Line::Board(board))) => match parts.last_mut() {
                Some(part) => part.boards.push(board),
                None => return Err(bad("a board before the part's header".to_string())),
            },
        }
        offset += piece.len() as u64;
    }
    if parts.is_empty() && cut.is_none() {
        return Err(PartError::Empty(name));
    }
    Ok(Read { parts, cut })
}

/// Reads the parts in a file.
pub(super) fn read(file: &Path) -> Result<Read, PartError> {
    let text = std::fs::read(file).map_err(|e| PartError::Io(file.to_path_buf(), e))?;
    let text = String::from_utf8_lossy(&text);
    parse(file, &text)
}

/// A line of a part.
enum Line {
    Header(Header),
    Board(BoardRecord),
}

/// Reads one line: `None` for a blank one.
fn parse_line(text: &str) -> Result<Option<Line>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let is_header = value.get("survey_part").is_some();
    if is_header {
        serde_json::from_value(value)
            .map(|h| Some(Line::Header(h)))
            .map_err(|e| format!("a bad header: {e}"))
    } else {
        serde_json::from_value(value)
            .map(|b| Some(Line::Board(b)))
            .map_err(|e| format!("a bad board: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            survey_part: FORMAT,
            settings: Settings {
                program: "dice-of-doom 0".to_string(),
                rules: "classic".to_string(),
                size: 3,
                players: 2,
                max_dice: 3,
                first: "a".to_string(),
                seed: 5,
                boards: 10,
                time_limit_ns: None,
                nodes_limit: Some(1000),
                memory_per_board: 1 << 20,
            },
            shard: Shard { index: 1, of: 3 },
        }
    }

    fn board(seed: u64) -> BoardRecord {
        BoardRecord {
            seed,
            board: "a-1 b-2 / a-3 b-1".to_string(),
            outcome: Outcome::Tie,
            nodes: 7,
            positions: 5,
            bytes: 4096,
            time_ns: 123_456_789,
        }
    }

    #[test]
    fn shards_cover_the_sample_once_in_order() {
        for (boards, of) in [(10, 3), (7, 7), (3, 5), (100, 1), (0, 2)] {
            let mut next = 0;
            for index in 0..of {
                let range = Shard { index, of }.range(boards);
                assert_eq!(range.start, next, "{boards} boards, {index}/{of}");
                next = range.end;
            }
            assert_eq!(next, boards);
        }
        assert_eq!(Shard { index: 1, of: 3 }.range(10), 3..6);
        assert_eq!(
            Shard { index: 1, of: 2 }.range(u64::MAX),
            u64::MAX / 2..u64::MAX
        );
    }

    #[test]
    fn shard_text_is_checked() {
        assert_eq!(parse_shard("2/10"), Ok(Shard { index: 2, of: 10 }));
        assert_eq!(parse_shard("0/1"), Ok(Shard::WHOLE));
        for bad in ["10/10", "1/0", "3", "a/2", "-1/2", "1/2/3", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parts_read_back_as_written_several_to_a_file() {
        let mut text = line(&header()) + &line(&board(6)) + &line(&board(7));
        let mut second = header();
        second.shard.index = 2;
        text += &line(&second);
        text += "\n";
        text += &line(&board(9));
        let read = parse(Path::new("p.jsonl"), &text).unwrap();
        assert!(read.cut.is_none());
        assert_eq!(read.parts.len(), 2);
        assert_eq!(read.parts[0].header, header());
        assert_eq!(read.parts[0].boards, [board(6), board(7)]);
        assert_eq!(read.parts[1].place, "p.jsonl:4");
        assert_eq!(read.parts[1].boards, [board(9)]);
    }

    #[test]
    fn a_cut_last_line_is_left_out_and_a_bad_line_is_refused() {
        let whole = line(&header()) + &line(&board(6));
        let text = whole.clone() + &line(&board(7))[..20];
        let read = parse(Path::new("p"), &text).unwrap();
        assert_eq!(read.parts[0].boards, [board(6)]);
        let (warning, at) = read.cut.unwrap();
        assert_eq!(at, whole.len() as u64);
        assert!(
            warning.starts_with("p:3: the last line is cut short"),
            "{warning}"
        );
        let bad = whole.clone() + "{\"seed\":1}\n" + &line(&board(8));
        let err = parse(Path::new("p"), &bad).unwrap_err().to_string();
        assert!(
            err.starts_with("p:3: not a survey part's line: a bad board"),
            "{err}"
        );
        let early = line(&board(6)) + &line(&header());
        let err = parse(Path::new("p"), &early).unwrap_err().to_string();
        assert_eq!(
            err,
            "p:1: not a survey part's line: a board before the part's header"
        );
        let err = parse(Path::new("p"), "").unwrap_err().to_string();
        assert_eq!(err, "p: holds no survey part (it is empty)");
        let mut odd = header();
        odd.shard = Shard { index: 2, of: 2 };
        let err = parse(Path::new("p"), &line(&odd)).unwrap_err().to_string();
        assert_eq!(
            err,
            "p:1: not a survey part's line: a bad header: shard 2/2"
        );
        let garbage = parse(Path::new("p"), "\u{0}\u{1}not json\n").unwrap_err();
        assert!(
            garbage
                .to_string()
                .starts_with("p:1: not a survey part's line")
        );
    }

    #[test]
    fn settings_name_their_first_difference() {
        let a = header().settings;
        let mut b = a.clone();
        assert_eq!(a.difference(&b), None);
        b.nodes_limit = None;
        b.seed = 6;
        let (key, ours, theirs) = a.difference(&b).unwrap();
        assert_eq!(
            (key.as_str(), ours.as_str(), theirs.as_str()),
            ("nodes_limit", "1000", "null")
        );
    }
}
