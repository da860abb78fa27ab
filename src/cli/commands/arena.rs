//! `dice-of-doom arena`: computer opponents play each other on seeded
//! random boards: two sides (`--a`, `--b`: side A in one seat, side B in
//! every other, each board played once for each seat of side A; twice,
//! sides swapped, for two players) or a free-for-all (`--seats`: one
//! opponent a seat, the seats rotated between the games of a board). Both
//! are one [`Arena`] of a [`Lineup`], played, reported and printed alike.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use crate::ai::arena::{Arena, ArenaGame, ArenaResult, Lineup, LineupError};
use crate::ai::{AiKind, Budget};
use crate::cli::args::{
    GameOptions, MAX_DICE, PLAYERS, SIZE, by_rule_set, change, nodes_budget, players_help,
    random_max_dice, think_budget, whole,
};
use crate::cli::files::{Existing, write_file};
use crate::cli::setup::load::read_map_setup;
use crate::cli::setup::load::{Source, rules};
use crate::cli::setup::maps::{MapArgs, MapChoice, random_game};
use crate::cli::{CliError, json};
use crate::game::{MAX_SIDE, MIN_SIDE, Player, RuleSet, Rules};
use crate::record::{Record, Seat, Tags};
use crate::text::{count, shell_quote};

mod report;
mod setting;

use report::{Report, table};
use setting::Setting;

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
    #[arg(long, default_value = "1", value_parser = think_budget, value_name = "SECONDS",
          allow_negative_numbers = true)]
    think_time: Budget,
    /// Search nodes each opponent may visit per move, instead of a think
    /// time: no clock, so the results reproduce exactly (and leave out the
    /// think times).
    #[arg(long, value_name = "N", conflicts_with = "think_time",
          value_parser = nodes_budget, allow_negative_numbers = true)]
    nodes: Option<Budget>,
    /// Read `--nodes` as `chance`'s, and give every opponent as long a
    /// think in its own nodes, as a game's strength levels do (`mcts` half
    /// as many); without it every opponent gets `--nodes` as they are.
    #[arg(long, requires = "nodes")]
    equal_time: bool,
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

/// Runs `arena` and prints its table (or JSON).
pub fn run(args: &ArenaArgs) -> Result<(), CliError> {
    let (arena, result, maps) = arena(args)?;
    let rules = arena.rules();
    let setting = Setting::new(
        args,
        rules,
        result.boards,
        result.games,
        map_name(rules, &maps),
    );
    let report = Report::new(setting, arena.lineup(), &result);
    // The results first: a chart that cannot be written loses nothing.
    if args.json {
        json::print(&report)?;
    } else {
        let mut out = io::stdout().lock();
        out.write_all(table(&report).as_bytes())?;
        out.flush()?;
    }
    if let Some(path) = &args.plot {
        crate::cli::plot::arena::write(path, rules, &result)?;
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

/// Who plays, as the options say: `--seats`, one opponent for each of
/// the players of `rules`, or `--a` and `--b`.
fn lineup(args: &ArenaArgs, rules: &Rules) -> Result<Lineup, CliError> {
    if !args.seats.is_empty() {
        if args.seats.len() != usize::from(rules.players()) {
            return Err(CliError::Usage(format!(
                "--seats names {} for {}: name one opponent for each player (or change --players)",
                count(args.seats.len(), "opponent", "opponents"),
                count(rules.players(), "player", "players"),
            )));
        }
        return Ok(Lineup::FreeForAll(args.seats.clone()));
    }
    match (args.a, args.b) {
        (Some(a), Some(b)) => Ok(Lineup::Sides([a, b])),
        _ => Err(CliError::Usage(
            "arena needs --a and --b, or --seats".to_string(),
        )),
    }
}

/// Plays the arena the options ask for, with a progress bar on standard
/// error when it is a terminal, writing its games' records if asked.
/// Also gives the map options as the rule set completes them.
fn arena(args: &ArenaArgs) -> Result<(Arena, ArenaResult, MapArgs), CliError> {
    let (rules, maps) = arena_rules(args)?;
    let lineup = lineup(args, &rules)?;
    let budget = args.nodes.unwrap_or(args.think_time);
    let arena = Arena::new(rules, lineup, args.games, args.seed, budget)
        .map_err(|e| match e {
            LineupError::Deal(e) => crate::cli::setup::deal_error(e),
            LineupError::Unfit(e) => CliError::Usage(e.to_string()),
            e => CliError::Usage(format!("--seats: {e}")),
        })?
        .timed(args.nodes.is_none() || args.times)
        .equal_time(args.equal_time);
    let bar = progress(arena.games());
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, &e))?;
    }
    // The first record that could not be written.
    let mut failed = None;
    // Ctrl-C or TERM: the results of the games finished are said.
    crate::cli::interrupt::watch(false)?;
    let mut finished = Finished::default();
    crate::cli::interrupt::know(format!(
        "arena stopped before its end: 0 of {} games finished",
        arena.games()
    ));
    let result = arena
        .run(|game| {
            bar.inc(1);
            finished.note(&arena, game);
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
        None => Ok((arena, result, maps)),
    }
}

/// The games finished, and the wins of each opponent (its place in the
/// lineup) alone among them, for what a signal that stops the arena says.
#[derive(Default)]
struct Finished {
    games: u64,
    wins: Vec<u64>,
}

impl Finished {
    /// Counts `game` and tells `interrupt.rs` what to say if a signal
    /// stops the arena.
    fn note(&mut self, arena: &Arena, game: &ArenaGame) {
        let kinds = arena.lineup().kinds();
        self.wins.resize(kinds.len(), 0);
        self.games += 1;
        if let Some(winner) = game.winner() {
            self.wins[winner] += 1;
        }
        let tally = match arena.lineup() {
            Lineup::Sides(_) => {
                let (a, b) = (self.wins[0], self.wins[1]);
                format!(
                    "side A won {a}, side B won {b}, {} shared",
                    self.games - a - b
                )
            }
            Lineup::FreeForAll(_) => {
                let wins: Vec<String> = kinds
                    .iter()
                    .zip(&self.wins)
                    .map(|(k, w)| format!("{} {w}", k.name()))
                    .collect();
                format!("wins: {}", wins.join(", "))
            }
        };
        crate::cli::interrupt::know(format!(
            "arena stopped before its end: {} of {} games finished; {tally}",
            self.games,
            arena.games()
        ));
    }
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
        .map(|&ai| Seat::Computer {
            ai,
            budget: arena.budget_of(ai, budget),
        })
        .collect();
    // Boards are numbered from 1, their numbers padded to the same width.
    let number = game.board + 1;
    let width = arena.boards().max(1).to_string().len();
    // The first opponent's (side A's) seat; for two sides of two
    // players, the side that plays `a`.
    let first = game.seat_of(0).unwrap_or(Player::A);
    let two_sides = matches!(arena.lineup(), Lineup::Sides(_));
    let side = match (two_sides, rules.players()) {
        (true, 2) => if first == Player::A { "A" } else { "B" }.to_string(),
        _ => first.letter().to_string(),
    };
    let who = match arena.lineup() {
        Lineup::Sides([a, b]) => format!("side A {a} and side B {b}, side A plays {first}"),
        Lineup::FreeForAll(kinds) => {
            let kinds: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            let named = kinds.first().copied().unwrap_or_default();
            format!("{}, {named} plays {first}", kinds.join(", "))
        }
    };
    let event = format!(
        "arena seed {seed}, board {number} of {}, {who}",
        arena.boards()
    );
    let mut record = Record::new(rules.clone(), game.start, seats).with_tags(Tags {
        seed: None,
        date: Some(crate::record::Date::now()),
        event: Some(event),
        practice: false,
        deal: crate::game::DealChoice::Book,
        comments: Vec::new(),
    });
    for &play in game.moves {
        // Each move was checked legal where it was played.
        let _ = record.push(play);
    }
    let name = format!("seed{seed}-board{number:0width$}-{side}.txt");
    (name, record.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiKind;
    use std::time::Duration;

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
            think_time: Budget::time(Duration::from_millis(20)),
            nodes: None,
            equal_time: false,
            times: false,
            json: false,
            record: None,
            plot: None,
            maps: MapArgs::default(),
            rules: RuleSet::default(),
        };
        let (arena, result, _) = arena(&args).unwrap();
        let setting = Setting::new(&args, arena.rules(), result.boards, result.games, None);
        let text = table(&Report::new(setting, arena.lineup(), &result));
        assert!(text.contains("greedy") && text.contains("random"), "{text}");
    }
}
