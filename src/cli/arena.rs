//! `dice-of-doom arena`: two computer opponents play each other on seeded
//! random boards, each board twice with the sides swapped.

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::CliError;
use super::computer::budget;
use super::load::rules;
use super::options::{GameOptions, MAX_DICE, MIN_PLAYERS, PLAYERS, SIZE, change, parse_think_time};
use crate::ai::AiKind;
use crate::ai::arena::{Arena, ArenaResult, SideResult};
use crate::analysis::group_digits;
use crate::game::{MAX_PLAYERS, MAX_SIDE, MIN_SIDE};

/// Options of `arena`: `a` moves first.
#[derive(Debug, Clone, Args)]
#[command(
    mut_args(change("size", |size| size
        .required(true)
        .help(format!("Side of the random boards, {MIN_SIDE} to {MAX_SIDE} hexagons")))),
    mut_args(change("players", |players| players.help(format!(
        "Number of players, {MIN_PLAYERS} to {MAX_PLAYERS}: side A plays `a` and side B \
         every other player, then the other way round"
    ))))
)]
pub struct ArenaArgs {
    #[command(flatten)]
    game: GameOptions<{ SIZE | PLAYERS | MAX_DICE }>,
    /// The computer opponent of side A.
    #[arg(long = "a", value_enum, value_name = "AI")]
    a: AiKind,
    /// The computer opponent of side B.
    #[arg(long = "b", value_enum, value_name = "AI")]
    b: AiKind,
    /// Number of boards; each is played twice, sides swapped.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Seed of the boards (and of the random opponents).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds each opponent may think per move (0.001 to 3600).
    #[arg(long, default_value = "1", value_parser = parse_think_time)]
    think_time: Duration,
    /// Search nodes each opponent may visit per move, instead of a think
    /// time: no clock, so the results reproduce exactly (and leave out the
    /// think times).
    #[arg(long, value_name = "N", conflicts_with = "think_time",
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

/// What `arena` prints: the options it ran with and the results, as a
/// table or as JSON.
#[derive(Serialize)]
struct Report<'a> {
    /// Board side.
    size: u8,
    /// Players per game.
    players: u8,
    /// Most dice per hexagon.
    max_dice: u8,
    /// Boards drawn.
    boards: u32,
    /// Games played (twice the boards).
    games: u32,
    /// The seed.
    seed: u64,
    /// Think time per move, in seconds (absent with a node budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    think_time: Option<f64>,
    /// Search nodes per move (absent with a think time).
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    /// Side A, then side B.
    sides: &'a [SideResult; 2],
}

impl Report<'_> {
    fn new<'a>(args: &ArenaArgs, result: &'a ArenaResult) -> Report<'a> {
        Report {
            size: args.game.side(),
            players: args.game.players,
            max_dice: args.game.max_dice,
            boards: result.boards,
            games: result.games,
            seed: args.seed,
            think_time: args
                .nodes
                .is_none()
                .then_some(args.think_time.as_secs_f64()),
            nodes: args.nodes,
            sides: &result.sides,
        }
    }
}

/// Runs `arena` and prints its table (or JSON).
pub fn run(args: &ArenaArgs) -> Result<(), CliError> {
    let result = arena(args)?;
    let report = Report::new(args, &result);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let text =
            serde_json::to_string_pretty(&report).map_err(|e| CliError::Runtime(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        out.write_all(table(&report).as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// Plays the arena the options ask for, with a progress bar on standard
/// error when it is a terminal.
fn arena(args: &ArenaArgs) -> Result<ArenaResult, CliError> {
    let rules = rules(&args.game)?;
    let budget = budget(args.think_time, args.nodes);
    let arena = Arena::new(rules, [args.a, args.b], args.games, args.seed, budget)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let bar = if io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(arena.games());
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let result = arena
        .run(|| bar.inc(1))
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    bar.finish_and_clear();
    Ok(result)
}

/// The results as a table; with a node budget, without the think times.
fn table(result: &Report) -> String {
    let budget = match (result.nodes, result.think_time) {
        (Some(nodes), _) => format!("{} nodes", group_digits(nodes)),
        (None, think) => format!("{} s", think.unwrap_or_default()),
    };
    let mut out = format!(
        "arena: {size}x{size} boards, {players} players, at most {dice} dice, \
         {boards} boards x 2 games (sides swapped), seed {seed}, {budget} per move\n",
        size = result.size,
        players = result.players,
        dice = result.max_dice,
        boards = result.boards,
        seed = result.seed,
    );
    out.push_str("side  ai       games  wins  losses  ties  win rate  95% CI");
    let timed = result.sides.iter().all(|s| s.mean_move_ms.is_some());
    out.push_str(if timed {
        "          mean move  worst move\n"
    } else {
        "\n"
    });
    for s in result.sides {
        out.push_str(&format!(
            "{:<5} {:<8} {:>5} {:>5} {:>7} {:>5} {:>8.1}%  {:>5.1}%-{:>5.1}%",
            s.side,
            s.ai,
            s.games,
            s.wins,
            s.losses,
            s.ties,
            s.win_rate * 100.0,
            s.win_rate_ci95.0 * 100.0,
            s.win_rate_ci95.1 * 100.0,
        ));
        if let (Some(mean), Some(worst)) = (s.mean_move_ms, s.worst_move_ms) {
            out.push_str(&format!("  {mean:>7.1} ms  {worst:>7.1} ms"));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiKind;

    #[test]
    fn the_table_names_both_opponents() {
        let args = ArenaArgs {
            game: GameOptions {
                size: Some(3),
                ..GameOptions::default()
            },
            a: AiKind::Greedy,
            b: AiKind::Random,
            games: 2,
            seed: 5,
            think_time: Duration::from_millis(20),
            nodes: None,
            json: false,
        };
        let result = arena(&args).unwrap();
        let text = table(&Report::new(&args, &result));
        assert!(text.contains("greedy") && text.contains("random"), "{text}");
    }
}
