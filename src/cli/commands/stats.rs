//! `dice-of-doom stats`: figures for the whole game tree from a board.

mod expected;

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use crate::analysis::{self, Stats, group_digits};
use crate::cli::args::{GameOptions, RULES, SIZE, change, whole};
use crate::cli::commands::limits::{MemoryArgs, ProgressLine, analysis_error};
use crate::cli::{CliError, json};
use crate::game::{GameTree, Map, MapKind, Move, Player, Position, RuleSet, Rules, Share};
use crate::ui::render;

/// Options of `stats`.
#[derive(Debug, Clone, Args)]
#[command(mut_args(change("size", |size| size.conflicts_with_all(["board", "map"]))))]
#[command(mut_args(crate::cli::args::by_solvable_rule_set))]
pub(in crate::cli) struct StatsArgs {
    /// The board file, or `-` to read the board from standard input.
    #[arg(long, value_name = "FILE|-", required_unless_present_any = ["map", "seed"])]
    pub(in crate::cli) board: Option<PathBuf>,
    /// A map file of territories (and their owners and dice) instead of a
    /// board file, or `-` to read it from standard input.
    #[arg(long, value_name = "FILE|-", conflicts_with = "board")]
    pub(in crate::cli) map: Option<PathBuf>,
    /// The random board of this seed instead (the board `play --seed` deals
    /// with the same options).
    #[arg(long, conflicts_with_all = ["board", "map"], value_parser = whole(0, u64::MAX),
          allow_negative_numbers = true)]
    pub(in crate::cli) seed: Option<u64>,
    /// The rule set: under one with dice (lol4) or a pool (racket), the
    /// chance that the player to move wins under best play, solved as a
    /// stochastic game; it brings its players and dice limit, which
    /// `--players` and `--max-dice` override.
    #[arg(long, value_name = "RULES", value_parser = analysed_rules())]
    pub(in crate::cli) rules: Option<RuleSet>,
    #[command(flatten)]
    pub(in crate::cli) game: GameOptions<{ SIZE | RULES }>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub(in crate::cli) json: bool,
    #[command(flatten)]
    pub(in crate::cli) memory: MemoryArgs,
    /// Give up, too, when the tree has more distinct positions than this
    /// [default: as many as --max-memory holds].
    #[arg(long, value_name = "N", value_parser = whole(1, usize::MAX), allow_negative_numbers = true)]
    pub(in crate::cli) max_positions: Option<usize>,
    /// Threads that build and solve the tree of one-word classic positions
    /// [default: 1; on 2 cores two were not faster: docs/PERFORMANCE.md].
    #[arg(long, value_parser = whole(1u16, 256), allow_negative_numbers = true,
          value_name = "N")]
    pub(in crate::cli) threads: Option<u16>,
}

/// The rule sets `stats` solves: those that say they can be solved (not
/// Dice Wars, whose reinforcements are placed at random).
fn analysed_rules() -> impl clap::builder::TypedValueParser<Value = RuleSet> {
    use clap::ValueEnum;
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        RuleSet::ALL
            .iter()
            .filter(|set| set.solvable())
            .filter_map(RuleSet::to_possible_value),
    )
    .try_map(|name| RuleSet::from_str(&name, false))
}

/// `stats --json`: the game, then its figures.
#[derive(Serialize)]
struct StatsJson {
    players: u8,
    max_dice: u8,
    first: String,
    board: String,
    nodes: u64,
    depth: u32,
    positions: usize,
    leaves: Vec<json::Leaves>,
    value: Share,
    best_move: Option<String>,
}

pub(in crate::cli) fn run(args: &StatsArgs) -> Result<(), CliError> {
    // Ctrl-C or TERM: the counts so far are said, marked partial.
    crate::cli::interrupt::watch(false)?;
    crate::cli::interrupt::know("stats stopped before its end: nothing counted yet".into());
    if args.rules.is_some_and(|set| set != RuleSet::default()) {
        return expected::run(args);
    }
    let game = &args.game;
    let (name, mut tree) = match args.seed {
        Some(seed) => {
            let (rules, start) = crate::cli::setup::load::random_start(&args.game, seed)?;
            (
                format!("random {} board, seed {seed}", rules.map()),
                GameTree::new(rules, start),
            )
        }
        None => {
            let (source, tree) = crate::cli::setup::load::tree_from(
                args.board.as_deref(),
                args.map.as_deref(),
                game,
            )?;
            let what = if tree.rules().map().kind() == MapKind::Territories {
                "map"
            } else {
                "board"
            };
            (format!("{what} {source}"), tree)
        }
    };
    let root = tree.root();
    let start = tree.position(root);
    let limits = analysis::Limits {
        positions: args.max_positions.unwrap_or(usize::MAX),
        ..args.memory.limits()
    };
    let mut progress = ProgressLine::new(limits.memory);
    let threads = args.threads.map_or(1, usize::from);
    let stats = analysis::stats_on_threads(&mut tree, root, limits, threads, &mut |p| {
        crate::cli::interrupt::know(format!(
            "stats stopped before its end (partial counts): {} positions built so far; \
             the nodes, leaves and value need the whole tree",
            analysis::group_digits(p.positions)
        ));
        progress.update(p);
    });
    drop(progress);
    let stats = stats.map_err(|e| analysis_error(&e, &limits))?;
    if args.json {
        return json::print(&to_json(tree.rules(), &start, &stats));
    }
    let mut out = io::stdout().lock();
    out.write_all(text(&name, tree.rules().map(), &start, &stats).as_bytes())?;
    out.flush()?;
    Ok(())
}

fn to_json(rules: &Rules, start: &Position, stats: &Stats) -> StatsJson {
    StatsJson {
        players: rules.players(),
        max_dice: rules.max_dice(),
        first: start.player().to_string(),
        board: start.board().on(rules.map()).to_line(),
        nodes: stats.nodes,
        depth: stats.depth,
        positions: stats.positions,
        leaves: json::leaves(&stats.leaves),
        value: stats.value,
        best_move: stats.best_move.map(|mv| mv.to_string()),
    }
}

/// The rating in words: `1`, `1/2`, `0`.
pub(in crate::cli) fn rating(value: Share, player: Player) -> String {
    match value.shared_by() {
        Some(1) => format!("{value} ({player} can force a win)"),
        Some(k) => format!("{value} (at best a {k}-way tie for {player})"),
        None if value == Share::LOSS => {
            format!("{value} ({player} cannot avoid a loss against perfect play)")
        }
        None => format!("{value:.3} ({player}'s expected share under perfect play)"),
    }
}

fn text(name: &str, map: &Map, start: &Position, stats: &Stats) -> String {
    let player = start.player();
    let mut out = format!("{name}, {player} to move:\n");
    out.push_str(&render::board(map, start.board(), false));
    let total_leaves: u64 = stats.leaves.iter().map(|&(_, n)| n).sum();
    let mut rows = vec![
        ("tree nodes".to_string(), group_digits(stats.nodes)),
        ("depth".to_string(), stats.depth.to_string()),
        (
            "positions".to_string(),
            group_digits(stats.positions as u64),
        ),
        ("leaves".to_string(), group_digits(total_leaves)),
    ];
    for &(winners, count) in &stats.leaves {
        let label = if winners.len() == 1 {
            format!("  won by {winners}")
        } else {
            format!("  tie of {winners}")
        };
        rows.push((label, group_digits(count)));
    }
    let value = rating(stats.value, player);
    out.push_str(&figures(rows, player, value, stats.best_move));
    out
}

/// The figures, one `label: value` line each with the values lined up,
/// then the value for `player` and the best move.
pub(in crate::cli) fn figures(
    mut rows: Vec<(String, String)>,
    player: Player,
    value: String,
    best_move: Option<Move>,
) -> String {
    rows.push((format!("value for {player}"), value));
    rows.push((
        "best move".to_string(),
        best_move.map_or("none (the game is over)".to_string(), |mv| mv.to_string()),
    ));
    let width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0) + 1;
    let mut out = String::new();
    for (label, value) in rows {
        out.push_str(&format!("{:width$} {value}\n", format!("{label}:")));
    }
    out
}
