//! `survey --sample N --out DIR`: the boards kept as they finish, and a
//! rerun that skips them.
//!
//! A run keeps its slice (`--shard K/M`, or the whole sample as 0/1) in
//! `DIR/part-K-of-M.jsonl`, a part (see [`super::part`]): its header is
//! written first (to a temporary file renamed into place, so the file
//! exists whole or not at all), then each board's line is appended with
//! one write as soon as the board is proven. A run killed in the middle
//! loses the boards it was proving and at most the one line it was
//! writing, which the next run cuts off. A rerun reads every part in DIR
//! (the other shards' too, if they share it): their settings must be its
//! own, and the boards of its slice found there are not proven again.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::part::{self, BoardRecord, Header, PartError};
use crate::cli::CliError;

/// The parts kept in DIR, and this run's part there, open for its boards.
pub(super) struct Kept {
    /// The boards of this run's slice already proven, by seed.
    pub(super) boards: BTreeMap<u64, BoardRecord>,
    /// This run's part, open to append to.
    log: Mutex<File>,
    /// Its path.
    path: PathBuf,
}

/// The file of a slice's part in DIR.
fn file_name(header: &Header) -> String {
    format!("part-{}-of-{}.jsonl", header.shard.index, header.shard.of)
}

/// An I/O error on a file, named.
fn io_error(path: &Path, error: &io::Error) -> CliError {
    CliError::Runtime(format!(
        "{}: {}",
        path.display(),
        crate::cli::setup::load::io_reason(error)
    ))
}

/// A part that cannot be read: bad input (exit status 2), or a file that
/// cannot be read at all (1).
fn part_error(error: PartError) -> CliError {
    match error {
        PartError::Io(..) => CliError::Runtime(error.to_string()),
        _ => CliError::Usage(error.to_string()),
    }
}

/// Prints a warning on standard error.
pub(super) fn warn(text: &str) {
    let _ = writeln!(io::stderr(), "dice-of-doom: warning: {text}");
}

/// Opens DIR (making it if needed) for a run of `header`'s slice: reads
/// what is kept there and opens (or starts) this run's part.
pub(super) fn open(dir: &Path, header: &Header) -> Result<Kept, CliError> {
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, &e))?;
    let own = dir.join(file_name(header));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io_error(dir, &e))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl") && path.is_file())
        .collect();
    files.sort();
    let settings = &header.settings;
    let slice = header.shard.range(settings.boards);
    let mut boards: BTreeMap<u64, BoardRecord> = BTreeMap::new();
    let mut places: BTreeMap<u64, String> = BTreeMap::new();
    let mut own_has_header = false;
    for file in &files {
        let read = part::read(file).map_err(part_error)?;
        if let Some((warning, before)) = &read.cut {
            warn(warning);
            if *file == own {
                // The line a killed run was writing: cut off before more
                // are appended.
                let f = OpenOptions::new()
                    .write(true)
                    .open(file)
                    .map_err(|e| io_error(file, &e))?;
                f.set_len(*before).map_err(|e| io_error(file, &e))?;
            }
        }
        if *file == own {
            own_has_header = !read.parts.is_empty();
        }
        for found in read.parts {
            if let Some((key, ours, theirs)) = settings.difference(&found.header.settings) {
                return Err(CliError::Usage(format!(
                    "{}: a survey part of other settings ({key} {theirs}, not {ours}): \
                     give --out another directory, or the settings of that survey",
                    found.place
                )));
            }
            for board in found.boards {
                let Some(i) = settings.index_of(board.seed) else {
                    continue;
                };
                if !slice.contains(&i) {
                    continue;
                }
                if let Some(before) = places.get(&board.seed) {
                    return Err(CliError::Usage(format!(
                        "the board of seed {} is kept twice, in {before} and {}: \
                         remove one of the two parts",
                        board.seed, found.place
                    )));
                }
                places.insert(board.seed, found.place.clone());
                boards.insert(board.seed, board);
            }
        }
    }
    if !own_has_header {
        start(&own, header)?;
    }
    let log = OpenOptions::new()
        .append(true)
        .open(&own)
        .map_err(|e| io_error(&own, &e))?;
    Ok(Kept {
        boards,
        log: Mutex::new(log),
        path: own,
    })
}

/// Writes a part's header alone to `own`, whole or not at all.
fn start(own: &Path, header: &Header) -> Result<(), CliError> {
    let text = part::line(header);
    crate::files::write_atomically(own, text.as_bytes(), Default::default())
        .map_err(|e| io_error(own, &e))
}

impl Kept {
    /// Appends a finished board to this run's part, in one write.
    pub(super) fn keep(&self, board: &BoardRecord) -> Result<(), CliError> {
        let text = part::line(board);
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        log.write_all(text.as_bytes())
            .map_err(|e| io_error(&self.path, &e))
    }

    /// Writes what the system holds of this run's part to the disk.
    pub(super) fn finish(&self) -> Result<(), CliError> {
        let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        log.sync_data().map_err(|e| io_error(&self.path, &e))
    }
}
