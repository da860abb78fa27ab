//! `dice-of-doom survey merge PARTS...`: the parts of a sharded sample
//! (`survey --sample N --shard K/M`, or kept by `--out DIR`) combined into
//! the report one run of the whole sample prints.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::Range;
use std::path::PathBuf;

use clap::Args;

use super::part::{self, BoardRecord, Part, Settings};
use super::{report, resume};
use crate::analysis::group_digits;
use crate::cli::CliError;

/// Options of `survey merge`.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct MergeArgs {
    /// The part files (each may hold several parts), or directories whose
    /// `*.jsonl` files are parts (an `--out` directory).
    #[arg(required = true, value_name = "PARTS")]
    parts: Vec<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The most runs of missing seeds a refusal lists.
const MISSING_SHOWN: usize = 8;

pub(in crate::cli) fn run(args: &MergeArgs) -> Result<(), CliError> {
    let parts = read_all(&args.parts)?;
    let (settings, records) = combine(&parts)?;
    let text = if args.json {
        report::json(&settings, &records)
    } else {
        report::text(&settings, &records)
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Every part in the files and directories given, in the order given
/// (a directory's files by name).
fn read_all(paths: &[PathBuf]) -> Result<Vec<Part>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| {
                CliError::Usage(format!(
                    "{}: {}",
                    path.display(),
                    crate::cli::setup::load::io_reason(&e)
                ))
            })?;
            let mut inside: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|p| p.extension().is_some_and(|e| e == "jsonl") && p.is_file())
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    let mut parts = Vec::new();
    for file in &files {
        let read = part::read(file).map_err(|e| CliError::Usage(e.to_string()))?;
        if let Some((warning, _)) = &read.cut {
            resume::warn(warning);
        }
        parts.extend(read.parts);
    }
    if parts.is_empty() {
        return Err(CliError::Usage(
            "no survey part in the files given".to_string(),
        ));
    }
    Ok(parts)
}

/// The sample's settings and its boards in seed order, when the parts are
/// of one sample, overlap nowhere and hold every board.
fn combine(parts: &[Part]) -> Result<(Settings, Vec<BoardRecord>), CliError> {
    let first = &parts[0];
    let settings = first.header.settings.clone();
    let mut boards: BTreeMap<u64, (&BoardRecord, &str)> = BTreeMap::new();
    for found in parts {
        if let Some((key, ours, theirs)) = settings.difference(&found.header.settings) {
            return Err(CliError::Usage(format!(
                "{}: a part of other settings than {} ({key} {theirs} there, {ours} here): \
                 parts of one survey only",
                found.place, first.place
            )));
        }
        for board in &found.boards {
            let Some(i) = settings.index_of(board.seed) else {
                return Err(CliError::Usage(format!(
                    "{}: the board of seed {} is not one of the sample's (seeds {} to {})",
                    found.place,
                    board.seed,
                    settings.seed,
                    settings.seed_of(settings.boards.saturating_sub(1))
                )));
            };
            if let Some((_, before)) = boards.get(&i) {
                // The same part given twice (one file named twice, or a
                // file and its directory) says so.
                return Err(CliError::Usage(if *before == found.place {
                    format!(
                        "the part starting at {before} is given twice \
                         (the board of seed {} is in it): parts must not overlap",
                        board.seed
                    )
                } else {
                    format!(
                        "the board of seed {} is in two parts, {before} and {}: \
                         parts must not overlap",
                        board.seed, found.place
                    )
                }));
            }
            boards.insert(i, (board, &found.place));
        }
    }
    let missing = gaps(boards.keys().copied(), settings.boards);
    if !missing.is_empty() {
        return Err(CliError::Usage(missing_message(&settings, parts, &missing)));
    }
    let records = boards.into_values().map(|(b, _)| b.clone()).collect();
    Ok((settings, records))
}

/// The runs of places from 0 to `boards` that `present` (ascending) lacks.
fn gaps(present: impl Iterator<Item = u64>, boards: u64) -> Vec<Range<u64>> {
    let mut gaps = Vec::new();
    let mut next = 0;
    for i in present {
        if i > next {
            gaps.push(next..i);
        }
        next = i + 1;
    }
    if next < boards {
        gaps.push(next..boards);
    }
    gaps
}

/// Which seeds are missing, and from which shards when every part is a
/// slice of the same number.
fn missing_message(settings: &Settings, parts: &[Part], gaps: &[Range<u64>]) -> String {
    let total: u64 = gaps.iter().map(|g| g.end - g.start).sum();
    let mut runs: Vec<String> = gaps
        .iter()
        .take(MISSING_SHOWN)
        .map(|g| {
            let (a, b) = (settings.seed_of(g.start), settings.seed_of(g.end - 1));
            if a == b {
                a.to_string()
            } else {
                format!("{a} to {b}")
            }
        })
        .collect();
    if gaps.len() > MISSING_SHOWN {
        runs.push(format!("{} more runs", gaps.len() - MISSING_SHOWN));
    }
    let mut text = format!(
        "{} of the sample's {} boards are missing: seeds {}",
        group_digits(total),
        group_digits(settings.boards),
        runs.join(", ")
    );
    let of = parts[0].header.shard.of;
    // (Listed only for a number of shards a person runs.)
    if of <= 100_000 && parts.iter().all(|p| p.header.shard.of == of) {
        let shards: Vec<String> = (0..of)
            .map(|index| part::Shard { index, of })
            .filter(|s| {
                let r = s.range(settings.boards);
                gaps.iter().any(|g| g.start < r.end && r.start < g.end)
            })
            .map(|s| format!("{}/{of}", s.index))
            .collect();
        if shards.len() <= MISSING_SHOWN {
            text.push_str(&format!(
                " (--shard {}: run them again, with --out to keep what is done)",
                shards.join(", ")
            ));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_the_runs_missing() {
        assert_eq!(gaps([1, 2, 5].into_iter(), 8), [0..1, 3..5, 6..8]);
        assert_eq!(gaps([0, 1, 2].into_iter(), 3), []);
        assert_eq!(
            gaps(std::iter::empty(), 4),
            vec![Range { start: 0, end: 4 }]
        );
    }
}
