//! `dice-of-doom survey --sample N`: seeded random boards, each proven on
//! its own, and the first player's win rate with its 95% interval; with
//! `--shard K/M` one slice of them, printed as a part for `survey merge`;
//! with `--out DIR` kept as they finish, for a rerun to go on from.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use clap::Args;

use super::part::{self, BoardRecord, FORMAT, Header, Outcome, Settings, Shard, parse_shard};
use super::{report, resume};
use crate::analysis::sample::{SampleError, SampleOptions, prove_each};
use crate::analysis::{ByteSize, group_digits, least_proof_memory};
use crate::cli::CliError;
use crate::cli::args::{FIRST, GameOptions, MAX_DICE, SIZE, whole};
use crate::cli::commands::limits::MemoryArgs;
use crate::cli::commands::limits::progress_bar;
use crate::cli::setup::load::rules;
use crate::cli::solve::parse_seconds;

/// The options of a sampled survey.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct SampleArgs {
    /// Solve this many random boards instead of every board (for sizes with
    /// too many boards), each proven on its own.
    #[arg(long, value_name = "N", value_parser = whole(1u64, 100_000_000), allow_negative_numbers = true)]
    pub(in crate::cli) sample: Option<u64>,
    /// With --sample: the seed of the first board; board i is the board of
    /// seed S + i, as `solve --seed` deals it.
    #[arg(long, value_name = "S", requires = "sample", default_value_t = 1,
          value_parser = whole(0, u64::MAX), allow_negative_numbers = true)]
    seed: u64,
    /// With --sample: the seconds each board's proof may take (0.001 to
    /// 10,000,000).
    #[arg(long, value_name = "SECONDS", requires = "sample", default_value = "10",
          value_parser = parse_seconds, allow_negative_numbers = true)]
    time: Duration,
    /// With --sample: the positions each board's proof may search, instead
    /// of a time: the same results on every machine.
    #[arg(long, value_name = "N", requires = "sample", conflicts_with = "time",
          value_parser = whole(1, u64::MAX), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// With --sample: solve only the K-th (from 0) of M slices of the
    /// seeds, and print it as a part (JSON lines) for `survey merge`.
    #[arg(long, value_name = "K/M", requires = "sample", conflicts_with = "json",
          value_parser = parse_shard)]
    shard: Option<Shard>,
    /// With --sample: keep each board in DIR as it is proven, and skip the
    /// boards kept there by an earlier run of the same settings.
    #[arg(long, value_name = "DIR", requires = "sample")]
    out: Option<PathBuf>,
    /// Shared by the worker threads (with --sample), or the most the memo
    /// of a survey of every board may take.
    #[command(flatten)]
    pub(in crate::cli) memory: MemoryArgs,
}

impl From<SampleError> for CliError {
    fn from(e: SampleError) -> CliError {
        match e {
            // A board that cannot be drawn is the options' fault (as for
            // `play`).
            SampleError::Board { .. } => CliError::Usage(e.to_string()),
            SampleError::Proof { .. } => CliError::Runtime(e.to_string()),
        }
    }
}

pub(in crate::cli) fn run(
    game: &GameOptions<{ SIZE | MAX_DICE | FIRST }>,
    boards: u64,
    args: &SampleArgs,
    threads: Option<u16>,
    as_json: bool,
    plot: Option<&std::path::Path>,
) -> Result<(), CliError> {
    let rules = rules(game)?;
    if game.first.index() >= 2 {
        return Err(CliError::Usage(format!(
            "--first: a survey is of two players, a and b, not {}",
            game.first
        )));
    }
    if args.seed.checked_add(boards - 1).is_none() {
        return Err(CliError::Usage(format!(
            "--seed {} with --sample {}: the last board's seed, S + N - 1, would pass {}; \
             give a seed of at most {}",
            group_digits(args.seed),
            group_digits(boards),
            group_digits(u64::MAX),
            group_digits(u64::MAX - (boards - 1)),
        )));
    }
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    // Each thread's proofs keep within its share of the memory, which must
    // hold a proof's first table.
    let memory = ByteSize::new(args.memory.max_memory.bytes() / threads);
    let least = least_proof_memory(&rules);
    if memory < least {
        let need = ByteSize::new(least.bytes().saturating_mul(threads));
        let share = match threads {
            1 => String::new(),
            n => format!(", {} of it each of {n} threads gets", memory),
        };
        let fewer = if threads > 1 {
            ", or use fewer --threads"
        } else {
            ""
        };
        return Err(CliError::Runtime(format!(
            "a proof needs at least {least} of memory, more than --max-memory {}{share}: \
             raise --max-memory to {need} or more{fewer}",
            args.memory.max_memory
        )));
    }
    let options = SampleOptions {
        rules,
        first: game.first,
        seed: args.seed,
        boards,
        memory,
        time: args.nodes.is_none().then_some(args.time),
        nodes: args.nodes,
        threads,
    };
    let header = Header {
        survey_part: FORMAT,
        settings: settings(game, &options),
        shard: args.shard.unwrap_or(Shard::WHOLE),
    };
    let settings = &header.settings;
    let kept = match &args.out {
        Some(dir) => Some(resume::open(dir, &header)?),
        None => None,
    };
    let mut done: BTreeMap<u64, BoardRecord> = BTreeMap::new();
    if let Some(kept) = &kept {
        for (seed, board) in &kept.boards {
            if let Some(i) = settings.index_of(*seed) {
                done.insert(i, board.clone());
            }
        }
    }
    let todo: Vec<u64> = header
        .shard
        .range(boards)
        .filter(|i| !done.contains_key(i))
        .map(|i| settings.seed_of(i))
        .collect();
    let map = options.rules.map();
    let bar = progress_bar(todo.len() as u64);
    let finished: Mutex<Vec<BoardRecord>> = Mutex::new(Vec::new());
    let result = prove_each(&options, &todo, &|board| {
        let record = BoardRecord::of(&board, board.board.on(map).to_line());
        if let Some(kept) = &kept {
            kept.keep(&record)?;
        }
        let mut finished = finished.lock().unwrap_or_else(|e| e.into_inner());
        finished.push(record);
        bar.inc(1);
        crate::cli::interrupt::know(stopped_note(&finished, todo.len()));
        Ok::<(), CliError>(())
    });
    bar.finish_and_clear();
    result?;
    if let Some(kept) = &kept {
        kept.finish()?;
    }
    for record in finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
        if let Some(i) = settings.index_of(record.seed) {
            done.insert(i, record);
        }
    }
    let records: Vec<BoardRecord> = done.into_values().collect();
    let text = if args.shard.is_some() {
        let mut text = part::line(&header);
        for record in &records {
            text.push_str(&part::line(record));
        }
        text
    } else if as_json {
        report::json(settings, &records)
    } else {
        report::text(settings, &records)
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    // The chart after the results: one that cannot be written loses nothing.
    if let Some(path) = plot {
        plot_sample(path, settings, &records, game.first)?;
    }
    Ok(())
}

/// The settings of a sample, as its parts record them.
fn settings(game: &GameOptions<{ SIZE | MAX_DICE | FIRST }>, o: &SampleOptions) -> Settings {
    Settings {
        program: format!("dice-of-doom {}", env!("CARGO_PKG_VERSION")),
        rules: o.rules.set().name().to_string(),
        size: game.side(),
        players: 2,
        max_dice: game.max_dice,
        first: game.first.to_string(),
        seed: o.seed,
        boards: o.boards,
        time_limit_ns: o
            .time
            .map(|t| u64::try_from(t.as_nanos()).unwrap_or(u64::MAX)),
        nodes_limit: o.nodes,
        memory_per_board: o.memory.bytes() as u64,
    }
}

/// What a `survey --sample` stopped by a signal says: the tally of the
/// boards this run finished, out of how many it was to prove (boards kept
/// in `--out` by an earlier run stay there).
fn stopped_note(finished: &[BoardRecord], todo: usize) -> String {
    let count = |outcome: Outcome| finished.iter().filter(|r| r.outcome == outcome).count();
    format!(
        "survey --sample stopped before its end (partial): {} of {} boards done this run: \
         {} won by the first player, {} lost, {} tied, {} unproven",
        group_digits(finished.len() as u64),
        group_digits(todo as u64),
        count(Outcome::Win),
        count(Outcome::Loss),
        count(Outcome::Tie),
        count(Outcome::Unproven),
    )
}

/// Writes `survey --plot`'s chart of the sample's `records`: the first
/// player's outcomes and the proofs' times, under the report's first line.
fn plot_sample(
    path: &std::path::Path,
    settings: &Settings,
    records: &[BoardRecord],
    first: crate::game::Player,
) -> Result<(), CliError> {
    let text = report::text(settings, records);
    let title = text
        .lines()
        .next()
        .unwrap_or_default()
        .trim_end_matches(':');
    let count = |outcome: Outcome| records.iter().filter(|r| r.outcome == outcome).count() as u64;
    let outcomes = [
        count(Outcome::Win),
        count(Outcome::Loss),
        count(Outcome::Tie),
        count(Outcome::Unproven),
    ];
    let micros: Vec<u64> = records.iter().map(|r| r.time_ns / 1_000).collect();
    crate::cli::plot::survey::write_sample(path, outcomes, &micros, first, title)
}
