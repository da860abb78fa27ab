//! `dice-of-doom survey --sample N`: seeded random boards, each proven on
//! its own, and the first player's win rate with its 95% interval.

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use crate::ai::arena::wilson_interval;
use crate::analysis::sample::{Sample, SampleError, SampleOptions, sample};
use crate::analysis::{ByteSize, group_digits, least_proof_memory};
use crate::cli::args::{FIRST, GameOptions, MAX_DICE, SIZE, whole};
use crate::cli::commands::limits::MemoryArgs;
use crate::cli::commands::limits::progress_bar;
use crate::cli::setup::load::rules;
use crate::cli::solve::parse_seconds;
use crate::cli::{CliError, json};
use crate::text::count;

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
    /// With --sample: shared by the worker threads.
    #[command(flatten)]
    memory: MemoryArgs,
}

/// `survey --sample --json`: the sample, then its tallies.
#[derive(Serialize)]
struct SampleJson {
    size: u8,
    players: u8,
    max_dice: u8,
    first: String,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes_limit: Option<u64>,
    boards: u64,
    wins: u64,
    losses: u64,
    ties: u64,
    unproven: u64,
    win_rate: Option<f64>,
    win_rate_ci95: (f64, f64),
    median_seconds: f64,
    max_seconds: f64,
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
    let bar = progress_bar(boards);
    let result = sample(&options, &|| bar.inc(1));
    bar.finish_and_clear();
    // A board that cannot be drawn is the options' fault (as for `play`).
    let result = result.map_err(|e| match e {
        SampleError::Board { .. } => CliError::Usage(e.to_string()),
        SampleError::Proof { .. } => CliError::Runtime(e.to_string()),
    })?;
    let figures = Figures::of(&result);
    if let Some(path) = plot {
        let title = text(&options, &result, &figures);
        let title = title
            .lines()
            .next()
            .unwrap_or_default()
            .trim_end_matches(':');
        crate::cli::plot::survey::write_sample(path, &result, game.first, title)?;
    }
    if as_json {
        return json::print(&SampleJson {
            size: game.side(),
            players: 2,
            max_dice: game.max_dice,
            first: game.first.to_string(),
            seed: args.seed,
            time_limit: options.time.map(|t| t.as_secs_f64()),
            nodes_limit: options.nodes,
            boards,
            wins: result.wins(),
            losses: result.losses(),
            ties: result.ties(),
            unproven: result.unproven(),
            win_rate: figures.rate,
            win_rate_ci95: figures.interval,
            median_seconds: figures.median,
            max_seconds: figures.max,
        });
    }
    let mut out = io::stdout().lock();
    out.write_all(text(&options, &result, &figures).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The figures read from a sample.
struct Figures {
    /// Wins among the proven boards, if any.
    rate: Option<f64>,
    interval: (f64, f64),
    median: f64,
    max: f64,
    slowest_seed: u64,
}

impl Figures {
    fn of(s: &Sample) -> Figures {
        let proven = s.proven();
        let rate = (proven > 0).then(|| s.wins() as f64 / proven as f64);
        let to_u32 = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        let interval = wilson_interval(to_u32(s.wins()), to_u32(proven));
        let mut times: Vec<(f64, u64)> = s
            .boards
            .iter()
            .map(|b| (b.time.as_secs_f64(), b.seed))
            .collect();
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let median = times.get(times.len() / 2).map_or(0.0, |t| t.0);
        let (max, slowest_seed) = times.last().copied().unwrap_or_default();
        Figures {
            rate,
            interval,
            median,
            max,
            slowest_seed,
        }
    }
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn text(o: &SampleOptions, s: &Sample, f: &Figures) -> String {
    let first = o.first;
    let last = o.seed.wrapping_add(o.boards - 1);
    let mut out = format!(
        "{} random {} boards with at most {}, {first} moving first (seeds {} to {}):\n",
        group_digits(o.boards),
        o.rules.map(),
        count(o.rules.max_dice(), "die", "dice"),
        group_digits(o.seed),
        group_digits(last),
    );
    let limit = match (o.time, o.nodes) {
        (_, Some(n)) => format!("{} each", count(n, "position", "positions")),
        (Some(t), None) => format!("{} s each", t.as_secs_f64()),
        (None, None) => "no limit".to_string(),
    };
    let rate = match f.rate {
        Some(rate) => format!(
            "{} of the proven boards (95% interval {} to {})",
            percent(rate),
            percent(f.interval.0),
            percent(f.interval.1)
        ),
        None => "none proven".to_string(),
    };
    let rows = [
        (format!("{first} wins"), group_digits(s.wins())),
        (format!("{first} loses"), group_digits(s.losses())),
        ("ties".to_string(), group_digits(s.ties())),
        (
            "unproven".to_string(),
            format!("{} (limit: {limit})", group_digits(s.unproven())),
        ),
        (format!("{first}'s win rate"), rate),
        (
            "proof times".to_string(),
            format!(
                "median {:.3} s, slowest {:.3} s (seed {})",
                f.median, f.max, f.slowest_seed
            ),
        ),
    ];
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0) + 1;
    for (label, value) in rows {
        out.push_str(&format!("{:width$} {value}\n", format!("{label}:")));
    }
    out
}
