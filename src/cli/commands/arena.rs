//! `dice-of-doom arena`: two computer opponents play each other on seeded
//! random boards: side A in one seat, side B in every other, each board
//! played once for each seat of side A (twice, sides swapped, for two
//! players).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use crate::ai::arena::{Arena, ArenaGame, ArenaResult, SeatResult, SideResult};
use crate::ai::{AiKind, Budget};
use crate::cli::args::{
    GameOptions, MAX_DICE, PLAYERS, SIZE, by_rule_set, change, parse_think_time, players_help,
    random_max_dice, whole,
};
use crate::cli::files::{Existing, write_file};
use crate::cli::setup::budget;
use crate::cli::setup::load::read_map_setup;
use crate::cli::setup::load::{Source, rules};
use crate::cli::setup::maps::{MapArgs, MapChoice, random_game};
use crate::cli::{CliError, json};
use crate::game::{MAX_SIDE, MIN_SIDE, Player, RuleSet, Rules};
use crate::record::{Record, Seat, Tags};
use crate::text::shell_quote;

mod free_for_all;
mod setting;

use setting::{RATE_HEADING, Setting, TIME_HEADING, rate_cells, time_cells};

/// The most boards an arena draws.
const MAX_BOARDS: u32 = 100_000;

/// Options of `arena`: `a` moves first.
#[derive(Debug, Clone, Args)]
#[command(
    mut_args(change("size", |size| size
        .conflicts_with("map")
        .help(format!(
            "Side of the random boards, {MIN_SIDE} to {MAX_SIDE} hexagons"
        )))),
    mut_args(change("players", |players| players.help(format!(
        "{}: side A plays one seat and side B every other, each board once for each seat of \
         side A",
        players_help()
    )))),
    mut_args(change("max_dice", random_max_dice)),
    mut_args(by_rule_set)
)]
pub struct ArenaArgs {
    #[command(flatten)]
    game: GameOptions<{ SIZE | PLAYERS | MAX_DICE }>,
    /// The map the boards are drawn on (a map file's territories, its owners
    /// and dice left aside, or one random map grown from the seed).
    #[command(flatten)]
    maps: MapArgs,
    /// The rule set: it brings its players, dice limit and board size,
    /// which `--players`, `--max-dice` and `--size` override.
    #[arg(long, value_enum, default_value_t = RuleSet::default(), value_name = "RULES")]
    rules: RuleSet,
    /// The computer opponent of side A.
    #[arg(
        long = "a",
        value_enum,
        value_name = "AI",
        required_unless_present = "seats"
    )]
    a: Option<AiKind>,
    /// The computer opponent of side B.
    #[arg(
        long = "b",
        value_enum,
        value_name = "AI",
        required_unless_present = "seats"
    )]
    b: Option<AiKind>,
    /// A free-for-all instead of two sides: one opponent for each player,
    /// all different (`chance,dicewars,lol4,...`); each board is played
    /// once for each rotation of the seats, and each opponent's results
    /// are tallied.
    #[arg(long, value_enum, value_name = "AI,AI,...", value_delimiter = ',',
          conflicts_with_all = ["a", "b", "record", "plot"])]
    seats: Vec<AiKind>,
    /// Number of boards; each is played once for each seat of side A
    /// (twice, sides swapped, with two players).
    #[arg(long, default_value_t = 10, value_parser = whole(1, MAX_BOARDS),
          allow_negative_numbers = true)]
    games: u32,
    /// Seed of the boards (and of the random opponents).
    #[arg(long, default_value_t = 1, value_parser = whole(0, u64::MAX),
          allow_negative_numbers = true)]
    seed: u64,
    /// Seconds each opponent may think per move (0.001 to 3600).
    #[arg(long, default_value = "1", value_parser = parse_think_time, value_name = "SECONDS",
          allow_negative_numbers = true)]
    think_time: Duration,
    /// Search nodes each opponent may visit per move, instead of a think
    /// time: no clock, so the results reproduce exactly (and leave out the
    /// think times).
    #[arg(long, value_name = "N", conflicts_with = "think_time",
          value_parser = whole(1, u64::MAX), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Time the moves even under `--nodes` (mean, median and worst per
    /// side): the timings differ from run to run, the games do not.
    #[arg(long)]
    times: bool,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
    /// Write every game into this directory as a game record, named by the
    /// arena's seed, the board's number and the side that moved first
    /// (`seed1-board03-A.txt`: side A played `a`), or with more than two
    /// players side A's seat (`seed1-board03-c.txt`).
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Also draw the win rates as a chart in this SVG file: each side's,
    /// with its 95% interval, against its fair share.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// What `arena` prints: the options it ran with and the results, as a
/// table or as JSON.
#[derive(Serialize)]
struct Report<'a> {
    /// The options the arena ran with.
    #[serde(flatten)]
    setting: Setting,
    /// Side A, then side B.
    sides: &'a [SideResult; 2],
    /// With more than two players: the mean length of the games, in turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_turns: Option<f64>,
    /// With more than two players: their median length, in turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    median_turns: Option<f64>,
    /// With more than two players: side A's results from each seat of the
    /// turn order, the first player's first.
    #[serde(skip_serializing_if = "Option::is_none")]
    seats: Option<&'a [SeatResult]>,
}

impl Report<'_> {
    fn new<'a>(
        args: &ArenaArgs,
        rules: &Rules,
        result: &'a ArenaResult,
        map: Option<String>,
    ) -> Report<'a> {
        let many = rules.players() > 2;
        Report {
            setting: Setting::new(args, rules, result.boards, result.games, map),
            sides: &result.sides,
            mean_turns: many.then_some(result.mean_turns),
            median_turns: many.then_some(result.median_turns),
            seats: many.then_some(&result.seats[..]),
        }
    }
}

/// Runs `arena` and prints its table (or JSON).
pub fn run(args: &ArenaArgs) -> Result<(), CliError> {
    if !args.seats.is_empty() {
        return free_for_all::run(args);
    }
    let (rules, result, maps) = arena(args)?;
    let map = map_name(&rules, &maps);
    let report = Report::new(args, &rules, &result, map);
    // The results first: a chart that cannot be written loses nothing.
    if args.json {
        json::print(&report)?;
    } else {
        let mut out = io::stdout().lock();
        out.write_all(table(&report).as_bytes())?;
        out.flush()?;
    }
    if let Some(path) = &args.plot {
        crate::cli::plot::arena::write(path, &rules, &result)?;
    }
    Ok(())
}

/// The map's name for the report, when the boards are drawn on one.
fn map_name(rules: &Rules, maps: &MapArgs) -> Option<String> {
    maps.map.as_ref().map(|_| {
        let name = rules.map().to_string();
        match maps.replay() {
            choice if choice.starts_with("--map random") => format!("random {name}"),
            choice => format!("{name} ({})", choice.trim_start_matches("--map ")),
        }
    })
}

/// The rules of the arena's games, and the map options as the rule set
/// completes them.
fn arena_rules(args: &ArenaArgs) -> Result<(Rules, MapArgs), CliError> {
    let game = crate::cli::setup::with_defaults(args.rules, args.game);
    let maps = crate::cli::setup::default_map(&args.maps, &game, false);
    let shape = maps.shape(args.rules)?;
    let rules = match &maps.map {
        None => rules(&game)?,
        Some(MapChoice::File(path)) => {
            let source = Source::from_arg(path);
            // The map alone (a bare one too): the arena deals its starts.
            let map = read_map_setup(&source)?.map().clone();
            let (players, max_dice) = (usize::from(game.players), usize::from(game.max_dice));
            Rules::new(map, players, max_dice).map_err(|e| CliError::Usage(e.to_string()))?
        }
        Some(MapChoice::Random) => random_game(args.rules, shape, &game, args.seed)?.0,
    };
    let rules = crate::cli::setup::rules_in_set(args.rules, &rules)?;
    Ok((rules, maps))
}

/// A progress bar of `games` games on standard error, hidden when it is
/// not a terminal.
fn progress(games: u64) -> indicatif::ProgressBar {
    if io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    }
}

/// Plays the arena the options ask for, with a progress bar on standard
/// error when it is a terminal.
/// Also gives the map options as the rule set completes them.
fn arena(args: &ArenaArgs) -> Result<(Rules, ArenaResult, MapArgs), CliError> {
    let (rules, maps) = arena_rules(args)?;
    let budget = budget(args.think_time, args.nodes);
    let (Some(a), Some(b)) = (args.a, args.b) else {
        return Err(CliError::Usage(
            "arena needs --a and --b, or --seats".to_string(),
        ));
    };
    let arena = Arena::new(rules.clone(), [a, b], args.games, args.seed, budget)
        .map_err(crate::cli::setup::deal_error)?
        .timed(args.nodes.is_none() || args.times);
    let bar = progress(arena.games());
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, &e))?;
    }
    // The first record that could not be written.
    let mut failed = None;
    // Ctrl-C or TERM: the results of the games finished are said.
    crate::cli::interrupt::watch(false)?;
    let mut finished = [0u64; 3];
    crate::cli::interrupt::know(format!(
        "arena stopped before its end: 0 of {} games finished",
        arena.games()
    ));
    let result = arena
        .run(|game| {
            bar.inc(1);
            stopped_note(&mut finished, &arena, game);
            if let Some(dir) = &args.record
                && failed.is_none()
            {
                let (name, text) = record(&arena, args.seed, budget, game);
                let path = dir.join(name);
                failed = write_file(&path, &text, Existing::Replace)
                    .err()
                    .map(|e| cannot_write(&path, &e));
            }
        })
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    bar.finish_and_clear();
    match failed {
        Some(error) => Err(error),
        None => Ok((rules, result, maps)),
    }
}

/// Counts `game` in `finished` (side A's wins, side B's, shared games)
/// and tells `interrupt.rs` what to say if a signal stops the arena.
fn stopped_note(finished: &mut [u64; 3], arena: &Arena, game: &ArenaGame) {
    let column = match game.winners {
        w if w == crate::game::PlayerSet::single(game.seat_a) => 0,
        w if !w.contains(game.seat_a) => 1,
        _ => 2,
    };
    finished[column] += 1;
    let [a, b, shared] = *finished;
    crate::cli::interrupt::know(format!(
        "arena stopped before its end: {} of {} games finished; \
         side A won {a}, side B won {b}, {shared} shared",
        a + b + shared,
        arena.games()
    ));
}

fn cannot_write(path: &Path, error: &io::Error) -> CliError {
    CliError::Runtime(format!(
        "cannot write {}: {}",
        shell_quote(path),
        crate::cli::setup::load::io_reason(error)
    ))
}

/// An arena game's record: its file's name (`seed1-board03-A.txt`) and
/// its text.
fn record(arena: &Arena, seed: u64, budget: Budget, game: &ArenaGame) -> (String, String) {
    let rules: &Rules = arena.rules();
    let seats = game
        .seats
        .iter()
        .map(|&ai| Seat::Computer { ai, budget })
        .collect();
    // Boards are numbered from 1, their numbers padded to the same width.
    let number = game.board + 1;
    let width = arena.boards().max(1).to_string().len();
    // Two players: the side that plays `a`; more: side A's seat.
    let side = if rules.players() == 2 {
        if game.seat_a == Player::A { "A" } else { "B" }.to_string()
    } else {
        game.seat_a.letter().to_string()
    };
    let [a, b] = arena.kinds();
    let event = format!(
        "arena seed {seed}, board {number} of {}, side A {a} and side B {b}, side A plays {}",
        arena.boards(),
        game.seat_a
    );
    let mut record = Record::new(rules.clone(), game.start, seats).with_tags(Tags {
        seed: None,
        date: Some(crate::record::Date::now()),
        event: Some(event),
        comments: Vec::new(),
    });
    for &play in game.moves {
        // Each move was checked legal where it was played.
        let _ = record.push(play);
    }
    let name = format!("seed{seed}-board{number:0width$}-{side}.txt");
    (name, record.to_string())
}

/// The results as a table; with a node budget, without the think times.
fn table(result: &Report) -> String {
    let how = if result.setting.players() == 2 {
        "sides swapped"
    } else {
        "side A in each seat"
    };
    let mut out = result.setting.heading("arena", how);
    // The names' column: 8 wide, wider for a longer name (`defensive`).
    let w = result.sides.iter().map(|s| s.ai.len()).fold(8, usize::max);
    out.push_str(&format!("side  {:<w$} {RATE_HEADING}\n", "ai"));
    for s in result.sides {
        out.push_str(&format!(
            "{:<5} {:<w$} {}\n",
            s.side,
            s.ai,
            rate_cells(
                (s.games, s.wins, s.losses, s.ties),
                s.win_rate,
                s.win_rate_ci95
            ),
        ));
    }
    if let (Some(seats), Some(mean), Some(median)) =
        (result.seats, result.mean_turns, result.median_turns)
    {
        out.push_str(&seat_table(result.sides, seats, mean, median));
    }
    // The times per move in a table of their own, to fit 80 columns.
    let times: Vec<_> = result
        .sides
        .iter()
        .filter_map(|s| Some((s, s.mean_move_ms?, s.median_move_ms?, s.worst_move_ms?)))
        .collect();
    if !times.is_empty() {
        out.push_str(&format!("\nside  {:<w$} {TIME_HEADING}\n", "ai"));
    }
    for (s, mean, median, worst) in times {
        out.push_str(&format!(
            "{:<5} {:<w$} {}\n",
            s.side,
            s.ai,
            time_cells(mean, median, worst)
        ));
    }
    out
}

/// With more than two players: the fair shares, the games' length, and
/// side A's results from each seat of the turn order.
fn seat_table(sides: &[SideResult; 2], seats: &[SeatResult], mean: f64, median: f64) -> String {
    let [a, b] = sides;
    let mut out = format!(
        "fair share: side A {:.1}%, side B {:.1}%\n\
         game length: {mean:.1} turns on average, median {median:.1}\n",
        a.fair_share.unwrap_or_default() * 100.0,
        b.fair_share.unwrap_or_default() * 100.0,
    );
    out.push_str(&format!(
        "\nside A ({}) by seat (1st moves first), turns a game: mean and median\n\
         {:<43}{:<13}{:>8}{:>7}{:>8}\n",
        a.ai, "seat  games  wins  losses  ties  win rate", "95% CI", "fair", "turns", "median"
    ));
    for seat in seats {
        out.push_str(&format!(
            "{:<5} {:>5} {:>5} {:>7} {:>5} {:>8.1}%  {:>5.1}%-{:>5.1}%  {:>5.1}% {:>6.1} {:>7.1}\n",
            ordinal(seat.seat),
            seat.games,
            seat.wins,
            seat.losses,
            seat.ties,
            seat.win_rate * 100.0,
            seat.win_rate_ci95.0 * 100.0,
            seat.win_rate_ci95.1 * 100.0,
            seat.fair_share * 100.0,
            seat.mean_turns,
            seat.median_turns,
        ));
    }
    out
}

/// `1st`, `2nd`, `3rd`, `4th`, ... (to 8).
fn ordinal(n: u8) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
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
            a: Some(AiKind::Greedy),
            b: Some(AiKind::Random),
            seats: Vec::new(),
            games: 2,
            seed: 5,
            think_time: Duration::from_millis(20),
            nodes: None,
            times: false,
            json: false,
            record: None,
            plot: None,
            maps: MapArgs::default(),
            rules: RuleSet::default(),
        };
        let (rules, result, _) = arena(&args).unwrap();
        let text = table(&Report::new(&args, &rules, &result, None));
        assert!(text.contains("greedy") && text.contains("random"), "{text}");
    }
}
