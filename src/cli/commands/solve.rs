//! `dice-of-doom solve`: the proven perfect-play value of one board's start
//! and a move that keeps it, without the whole tree.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use crate::analysis::{
    Algorithm, ByteSize, LoadBoundsError, Proof, ProofProgress, ProvenBounds, group_digits,
    prove_again_with, prove_parallel,
};
use crate::cli::args::{GameOptions, RULES, SIZE, change, whole};
use crate::cli::commands::limits::{
    MemoryArgs, ProgressLine, ThreadsArgs, analysis_error, peak_memory,
};
use crate::cli::files::{Existing, Output};
use crate::cli::setup::load::{Source, io_reason, random_start, read_position};
use crate::cli::{CliError, interrupt};
use crate::game::{Player, Position, Rules, Share};
use crate::ui::render;

/// Options of `solve`.
#[derive(Debug, Clone, Args)]
#[command(
    group(clap::ArgGroup::new("start").required(true).args(["board", "seed"])),
    mut_args(change("size", |size| size.conflicts_with("board"))),
    mut_arg("threads", |threads| threads.help(
        "Worker threads [default: one per core]: df-pn on every thread, sharing one cache of \
         proven bounds within --max-memory. The value is the same whatever the threads; the best \
         move given may not be. --cache and --algorithm alphabeta prove on one thread."
    ))
)]
pub(in crate::cli) struct SolveArgs {
    /// The board file, or `-` to read the board from standard input.
    #[arg(long, value_name = "FILE|-")]
    board: Option<PathBuf>,
    /// Solve the random board of this seed instead (the board `play --seed`
    /// deals with the same options).
    #[arg(long, conflicts_with = "board", value_parser = whole(0, u64::MAX),
          allow_negative_numbers = true)]
    seed: Option<u64>,
    #[command(flatten)]
    game: GameOptions<{ SIZE | RULES }>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    memory: MemoryArgs,
    /// Give up after this many seconds (0.001 to 10,000,000), printing the
    /// bounds proven so far [default: no limit].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds,
          allow_negative_numbers = true)]
    time: Option<Duration>,
    /// The proof search.
    #[arg(long, value_enum, default_value_t = Algorithm::default(), value_name = "NAME")]
    algorithm: Algorithm,
    /// Keep the proven bounds in FILE, so that a later run goes on from
    /// them: read at the start if FILE is there (bounds of the same rules,
    /// player to move and algorithm, saved by this version), written back
    /// at the end, also when the value is not proven.
    #[arg(long, value_name = "FILE")]
    cache: Option<PathBuf>,
    #[command(flatten)]
    threads: ThreadsArgs,
}

/// The proof searches' names on the command line.
impl clap::ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Algorithm] {
        &Algorithm::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Algorithm::DfPn => "depth-first proof-number search",
            Algorithm::AlphaBeta => "null-window alpha-beta",
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// The longest `--time`: some 16 weeks.
const MAX_SECONDS: f64 = 1e7;

pub(in crate::cli) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.001..=MAX_SECONDS).contains(&seconds) {
        return Err(format!(
            "the time must be from 0.001 to {} seconds",
            group_digits(MAX_SECONDS as u64)
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| e.to_string())
}

/// `solve --json`: the game, then what was proven.
#[derive(Serialize)]
struct SolveJson {
    players: u8,
    max_dice: u8,
    first: String,
    board: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    proven: bool,
    value: Option<Share>,
    lower: Share,
    upper: Share,
    best_move: Option<String>,
    nodes: u64,
    positions: usize,
    seconds: f64,
    peak_memory: Option<u64>,
}

pub(in crate::cli) fn run(args: &SolveArgs) -> Result<(), CliError> {
    let (source, (rules, start)) = match (&args.board, args.seed) {
        (Some(path), _) => {
            let source = Source::from_arg(path);
            let game = &args.game;
            let position = read_position(&source, game.players, game.max_dice, game.first)?;
            (Some(source), position)
        }
        (None, seed) => (None, random_start(&args.game, seed.unwrap_or(0))?),
    };
    let memory = args.memory.max_memory;
    let threads = threads(args)?;
    // Ctrl-C or TERM stops the proof as `--time` does: the bounds proven
    // so far are printed (see `interrupt.rs`).
    interrupt::watch(true)?;
    let to_move = start.player();
    // The cache file is opened for writing first, so that a path it
    // cannot be written to is said before the proof, not after it.
    let mut saving = match &args.cache {
        Some(path) => Some((path, start_saving(path)?)),
        None => None,
    };
    let mut kept = match &args.cache {
        Some(path) => load_cache(path, args.algorithm, &rules, to_move, memory)?,
        None => None,
    };
    // --time is the proof's: loading the cache does not count.
    let started = Instant::now();
    let deadline = args.time.and_then(|t| started.checked_add(t));
    let mut progress = ProgressLine::new(memory);
    let stop = |p: &ProofProgress| {
        progress.show(|| message(p, memory));
        interrupt::know(format!(
            "solve stopped before its end: {}",
            bounds(p.lower, p.upper, to_move)
        ));
        interrupt::stopped() || deadline.is_some_and(|d| Instant::now() >= d)
    };
    let proof = if threads > 1 {
        prove_parallel(&rules, &start, memory, threads, stop)
    } else {
        prove_again_with(args.algorithm, &mut kept, &rules, &start, memory, stop)
    };
    drop(progress);
    let proof = proof.map_err(|e| analysis_error(&e, &args.memory.limits()))?;
    let seconds = started.elapsed().as_secs_f64();
    // From here a signal waits for the save (printed first, then saved).
    interrupt::saving(saving.is_some());
    let peak = peak_memory();
    let name = match &source {
        Some(source) => format!("board {source}"),
        None => format!(
            "random {} board, seed {}",
            rules.map(),
            args.seed.unwrap_or(0)
        ),
    };
    if args.json {
        crate::cli::json::print(&SolveJson {
            players: rules.players(),
            max_dice: rules.max_dice(),
            first: start.player().to_string(),
            board: start.board().on(rules.map()).to_line(),
            seed: source.is_none().then_some(args.seed.unwrap_or(0)),
            proven: proof.value().is_some(),
            value: proof.value(),
            lower: proof.lower,
            upper: proof.upper,
            best_move: proof.best_move.map(|mv| mv.to_string()),
            nodes: proof.nodes,
            positions: proof.stored,
            seconds,
            peak_memory: peak.map(|b| b as u64),
        })?;
    } else {
        let mut out = io::stdout().lock();
        out.write_all(text(&name, &rules, &start, &proof, seconds, peak).as_bytes())?;
        out.flush()?;
    }
    if let (Some((path, output)), Some(bounds)) = (saving.take(), &kept) {
        let saved = save_cache(path, output, bounds);
        interrupt::saving(false);
        saved?;
    }
    match (proof.value(), args.time) {
        (None, _) if let Some(n) = interrupt::caught() => Err(CliError::Interrupted(n)),
        (Some(_), _) => Ok(()),
        (None, time) => Err(CliError::Runtime(format!(
            "the value was not proven within --time {}: {}",
            time.map_or(0.0, |t| t.as_secs_f64()),
            bounds(proof.lower, proof.upper, start.player())
        ))),
    }
}

/// The threads to prove on: as asked, or one per core; one with `--cache`
/// or `--algorithm alphabeta`, which prove on one thread only.
fn threads(args: &SolveArgs) -> Result<usize, CliError> {
    let single = if args.cache.is_some() {
        Some("--cache")
    } else if args.algorithm != Algorithm::DfPn {
        Some("--algorithm alphabeta")
    } else {
        None
    };
    match (args.threads.threads, single) {
        (Some(n), Some(option)) if n > 1 => Err(CliError::Usage(format!(
            "{option} proves on one thread: leave out --threads, or give --threads 1"
        ))),
        (_, Some(_)) => Ok(1),
        (_, None) => Ok(args.threads.count()),
    }
}

/// The bounds saved in `path` by an earlier run, or none if there is no
/// file there.
fn load_cache(
    path: &std::path::Path,
    algorithm: Algorithm,
    rules: &Rules,
    to_move: Player,
    memory: ByteSize,
) -> Result<Option<ProvenBounds>, CliError> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(CliError::Runtime(format!(
                "{}: {}",
                path.display(),
                io_reason(&e)
            )));
        }
    };
    let mut input = io::BufReader::with_capacity(1 << 20, file);
    ProvenBounds::load(&mut input, algorithm, rules, to_move, memory)
        .map(Some)
        .map_err(|e| {
            let text = format!("{}: {e}", path.display());
            match e {
                LoadBoundsError::TooLarge { .. } => {
                    CliError::Runtime(format!("{text}: raise --max-memory"))
                }
                LoadBoundsError::Io(e) => {
                    CliError::Runtime(format!("{}: {}", path.display(), io_reason(&e)))
                }
                LoadBoundsError::OutOfMemory { .. } => CliError::Runtime(text),
                _ => CliError::Usage(format!(
                    "{text}: use another --cache file, or remove this one"
                )),
            }
        })
}

/// The file the bounds will be saved in, in `path`'s place once all is
/// written; its temporary file is removed if a signal ends the command.
fn start_saving(path: &std::path::Path) -> Result<Output, CliError> {
    // Only a file: a pipe or a device would block or be no cache.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(CliError::Usage(format!(
            "{}: not a file: --cache needs a file's path",
            path.display()
        )));
    }
    let output = Output::create(path, Existing::Replace).map_err(|e| cache_error(path, &e))?;
    if let Some(temporary) = output.temporary_path() {
        interrupt::temporary(&[temporary]);
    }
    Ok(output)
}

/// Saves `bounds` into `output`, which then takes `path`'s place.
fn save_cache(
    path: &std::path::Path,
    mut output: Output,
    bounds: &ProvenBounds,
) -> Result<(), CliError> {
    let mut buffered = io::BufWriter::with_capacity(1 << 20, &mut output);
    let written = bounds.save(&mut buffered).and_then(|()| buffered.flush());
    drop(buffered);
    let result = written
        .and_then(|()| output.commit())
        .map_err(|e| cache_error(path, &e));
    interrupt::temporary(&[]);
    result
}

/// A cache file that cannot be written (exit status 1).
fn cache_error(path: &std::path::Path, e: &io::Error) -> CliError {
    CliError::Runtime(format!(
        "{}: the proven bounds cannot be saved there: {}",
        path.display(),
        io_reason(e)
    ))
}

/// The progress in words.
fn message(p: &ProofProgress, memory: ByteSize) -> String {
    format!(
        "{} positions searched, {} stored in {} of {memory}, value from {} to {}",
        group_digits(p.nodes),
        group_digits(p.stored),
        ByteSize::new(p.bytes),
        p.lower,
        p.upper
    )
}

/// The value in words: `1 (a can force a win)`.
fn rating(value: Share, player: Player) -> String {
    match value.shared_by() {
        Some(1) => format!("{value} ({player} can force a win)"),
        Some(k) => format!("{value} (at best a {k}-way tie for {player})"),
        None => format!("{value} ({player} cannot avoid a loss against perfect play)"),
    }
}

/// Unproven bounds in words.
fn bounds(lower: Share, upper: Share, player: Player) -> String {
    format!("{player} gets at least {lower} and at most {upper}")
}

fn text(
    name: &str,
    rules: &Rules,
    start: &Position,
    proof: &Proof,
    seconds: f64,
    peak: Option<usize>,
) -> String {
    let player = start.player();
    let mut out = format!("{name}, {player} to move:\n");
    out.push_str(&render::board(rules.map(), start.board(), false));
    let value = match proof.value() {
        Some(value) => rating(value, player),
        None => format!("not proven ({})", bounds(proof.lower, proof.upper, player)),
    };
    let best = match (proof.best_move, proof.value()) {
        (Some(mv), _) => mv.to_string(),
        (None, Some(_)) => "none (the game is over)".to_string(),
        (None, None) => "not proven".to_string(),
    };
    let rows = [
        (format!("value for {player}"), value),
        ("best move".to_string(), best),
        ("nodes".to_string(), group_digits(proof.nodes)),
        (
            "positions".to_string(),
            format!("{} stored", group_digits(proof.stored as u64)),
        ),
        ("time".to_string(), format!("{seconds:.3} s")),
        (
            "memory".to_string(),
            peak.map_or_else(
                || format!("{} for positions", ByteSize::new(proof.bytes)),
                |b| format!("{} peak", ByteSize::new(b)),
            ),
        ),
    ];
    let width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0) + 1;
    for (label, value) in rows {
        out.push_str(&format!("{:width$} {value}\n", format!("{label}:")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_seconds_in_range() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["", "0", "-1", "NaN", "inf", "1e8", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad:?}");
        }
    }
}
