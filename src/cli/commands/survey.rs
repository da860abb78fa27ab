//! `dice-of-doom survey`: every board of a size, solved under perfect play.

mod merge;
mod part;
mod report;
mod resume;
mod sample;

use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::Serialize;

use crate::analysis::group_digits;
use crate::analysis::survey::{
    MAX_COUNT, Row, Survey, SurveyError, SurveyOptions, board_count, survey,
};
use crate::cli::args::{FIRST, GameOptions, MAX_DICE, SIZE, change};
use crate::cli::commands::limits::{ThreadsArgs, progress_bar};
use crate::cli::setup::load::map;
use crate::cli::{CliError, json};
use crate::game::{Map, Player, PlayerSet};
use crate::text::count;
use sample::SampleArgs;

/// Options of `survey`: two players.
#[derive(Debug, Clone, Args)]
#[command(
    mut_args(change("size", |size| size
        .required(true)
        .help("The board side: every board of this side is solved"))),
    mut_args(change("first", |first| first.help("The player who moves first, a or b"))),
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    disable_help_subcommand = true
)]
pub(in crate::cli) struct SurveyArgs {
    #[command(subcommand)]
    then: Option<SurveyCommand>,
    #[command(flatten)]
    game: GameOptions<{ SIZE | MAX_DICE | FIRST }>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also list every board with its tree sizes and leaves (small sizes only).
    #[arg(long, conflicts_with = "sample")]
    table: bool,
    #[command(flatten)]
    threads: ThreadsArgs,
    #[command(flatten)]
    sampled: SampleArgs,
    /// Also draw the outcomes and the distribution of the tree sizes (with
    /// --sample, of the proof times) as a chart in this SVG file; a survey
    /// of every board then keeps a row a board, as --table does.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
}

/// What `survey` does besides a survey.
#[derive(Debug, Clone, Subcommand)]
enum SurveyCommand {
    /// Combine the parts of a sampled survey run in slices (--shard K/M)
    /// into the report one run of the whole sample prints.
    #[command(after_help = crate::cli::exit_statuses(MERGE_STATUSES))]
    Merge(merge::MergeArgs),
}

/// `survey merge`'s exit statuses.
const MERGE_STATUSES: &[crate::cli::status::Piece] = &[
    crate::cli::status::SUCCESS,
    crate::cli::status::IO,
    (
        2,
        "bad usage, or bad parts: unreadable, of other settings, overlapping, or with seeds missing",
    ),
];

/// One board of `survey --json --table`.
#[derive(Serialize)]
struct RowJson {
    board: String,
    nodes_a_first: u64,
    nodes_b_first: u64,
    leaves_a_first: Vec<json::Leaves>,
    leaves_b_first: Vec<json::Leaves>,
}

/// `survey --json`: the survey's options, then its tallies.
#[derive(Serialize)]
struct SurveyJson {
    size: u8,
    players: u8,
    max_dice: u8,
    first: String,
    boards: u64,
    wins: u64,
    losses: u64,
    ties: u64,
    no_move: u64,
    largest_tree: u64,
    largest_tree_is_a_lower_bound: bool,
    largest_board: String,
    positions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<Vec<RowJson>>,
}

pub(in crate::cli) fn run(args: &SurveyArgs) -> Result<(), CliError> {
    if let Some(SurveyCommand::Merge(merge)) = &args.then {
        return merge::run(merge);
    }
    // Ctrl-C or TERM: how far the survey went is said (`interrupt.rs`).
    crate::cli::interrupt::watch(false)?;
    if let Some(boards) = args.sampled.sample {
        let plot = args.plot.as_deref();
        return sample::run(
            &args.game,
            boards,
            &args.sampled,
            args.threads.threads,
            args.json,
            plot,
        );
    }
    let map = map(&args.game)?;
    let cells = map.len();
    let mut options = SurveyOptions::new(map, args.game.max_dice);
    options.first = args.game.first;
    options.table = args.table || args.plot.is_some();
    options.threads = args.threads.count();
    options.memory = args.sampled.memory.max_memory;
    let (_, count) = board_count(cells, args.game.max_dice);
    let bar = progress_bar(count.unwrap_or(0));
    crate::cli::interrupt::know(format!(
        "survey stopped before its end (partial): 0 of {} boards surveyed",
        count.map_or_else(|| "?".into(), crate::analysis::group_digits)
    ));
    let result = survey(&options, &|n| {
        bar.inc(n);
        crate::cli::interrupt::know(format!(
            "survey stopped before its end (partial): {} of {} boards surveyed",
            crate::analysis::group_digits(bar.position()),
            count.map_or_else(|| "?".into(), crate::analysis::group_digits)
        ));
    });
    bar.finish_and_clear();
    // Every survey error but a refusal of memory is about the options asked
    // for.
    let mut result = result.map_err(|e: SurveyError| match e {
        SurveyError::OutOfMemory(_) => CliError::Runtime(e.to_string()),
        SurveyError::TooLittleMemory { needed, .. } | SurveyError::OutgrewMemory { needed, .. } => {
            CliError::Runtime(format!("{e}: raise --max-memory to {needed} or more"))
        }
        SurveyError::TableTooLarge(_) if !args.table => CliError::Usage(format!(
            "--plot keeps a row a board for its chart: {e}; use --sample"
        )),
        _ => CliError::Usage(e.to_string()),
    })?;
    // The results first (the table only if asked for): a chart that
    // cannot be written loses nothing.
    let plotted = args.plot.as_ref().map(|path| {
        let chart = crate::cli::plot::survey::chart(&result);
        result.options.table = args.table;
        (path, chart)
    });
    if args.json {
        json::print(&to_json(&result, args.game.side()))?;
    } else {
        let mut out = io::BufWriter::new(io::stdout().lock());
        out.write_all(text(&result).as_bytes())?;
        out.flush()?;
    }
    if let Some((path, chart)) = plotted {
        crate::cli::plot::write(path, chart)?;
    }
    Ok(())
}

/// A two-player tree's leaves won by a, won by b, and tied, for the text
/// table.
fn tally(leaves: &[(PlayerSet, u64)]) -> [u64; 3] {
    let mut tally = [0; 3];
    for &(winners, n) in leaves {
        let column = match winners {
            w if w == PlayerSet::single(Player::A) => 0,
            w if w == PlayerSet::single(Player::B) => 1,
            _ => 2,
        };
        tally[column] += n;
    }
    tally
}

fn row_json(map: &Map, row: &Row) -> RowJson {
    RowJson {
        board: row.board.on(map).to_line(),
        nodes_a_first: row.nodes_a_first,
        nodes_b_first: row.nodes_b_first,
        leaves_a_first: json::leaves(&row.leaves_a_first),
        leaves_b_first: json::leaves(&row.leaves_b_first),
    }
}

fn to_json(s: &Survey, size: u8) -> SurveyJson {
    SurveyJson {
        size,
        players: 2,
        max_dice: s.options.max_dice,
        first: s.options.first.to_string(),
        boards: s.boards,
        wins: s.wins,
        losses: s.losses,
        ties: s.ties,
        no_move: s.no_move,
        largest_tree: s.largest.0,
        largest_tree_is_a_lower_bound: s.largest.0 >= MAX_COUNT,
        largest_board: s.largest.1.on(&s.options.map).to_line(),
        positions: s.positions,
        rows: s.options.table.then(|| {
            s.rows
                .iter()
                .map(|row| row_json(&s.options.map, row))
                .collect()
        }),
    }
}

fn text(s: &Survey) -> String {
    let o = &s.options;
    let first = o.first;
    let mut out = format!(
        "every {map} board with at most {dice}, {first} moving first:\n",
        map = o.map,
        dice = count(o.max_dice, "die", "dice")
    );
    let nodes = count(s.largest.0, "node", "nodes");
    let largest = if s.largest.0 >= MAX_COUNT {
        format!("at least {nodes}")
    } else {
        nodes
    };
    let rows = [
        ("boards".to_string(), group_digits(s.boards)),
        (format!("{first} wins"), group_digits(s.wins)),
        (format!("{first} loses"), group_digits(s.losses)),
        ("ties".to_string(), group_digits(s.ties)),
        (format!("{first} cannot move"), group_digits(s.no_move)),
        ("largest tree".to_string(), largest),
        ("  on board".to_string(), s.largest.1.on(&o.map).to_line()),
        ("positions".to_string(), group_digits(s.positions)),
    ];
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0) + 1;
    for (label, value) in rows {
        out.push_str(&format!("{:width$} {value}\n", format!("{label}:")));
    }
    if o.table {
        out.push('\n');
        out.push_str(&table(s));
    }
    out
}

/// The Haskell port's 2x2 table: one row per board.
fn table(s: &Survey) -> String {
    // Two lines of headings, to fit 80 columns.
    let headers = [
        ["", "nodes", "nodes", "leaves a/b/tie", "leaves a/b/tie"],
        ["board", "a first", "b first", "a first", "b first"],
    ];
    let cells: Vec<[String; 5]> = s
        .rows
        .iter()
        .map(|row| {
            let [a, b] = [&row.leaves_a_first, &row.leaves_b_first]
                .map(|leaves| tally(leaves).map(|n| n.to_string()).join("/"));
            [
                row.board.on(&s.options.map).to_line(),
                group_digits(row.nodes_a_first),
                group_digits(row.nodes_b_first),
                a,
                b,
            ]
        })
        .collect();
    let mut widths = [0; 5];
    for header in &headers {
        for (w, cell) in widths.iter_mut().zip(header) {
            *w = (*w).max(cell.len());
        }
    }
    for row in &cells {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let mut out = String::new();
    let line = |out: &mut String, row: [&str; 5]| {
        let mut parts = vec![format!("{:w$}", row[0], w = widths[0])];
        for (i, cell) in row.iter().enumerate().skip(1) {
            parts.push(format!("{:>w$}", cell, w = widths[i]));
        }
        out.push_str(parts.join("  ").trim_end());
        out.push('\n');
    };
    for header in headers {
        line(&mut out, header);
    }
    for row in &cells {
        line(&mut out, [&row[0], &row[1], &row[2], &row[3], &row[4]]);
    }
    out
}
