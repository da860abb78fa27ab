//! The terminal game and its commands.
//!
//! Every command returns a [`CliError`] for anything a user can get wrong;
//! [`main`] prints it and maps it to the documented exit status.

mod arena;
mod boardfile;
mod dot;
mod input;
mod limits;
mod play;
mod render;
mod stats;
mod survey;
pub mod tui;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use arena::{ArenaResult, SideResult, play_game, wilson_interval};
pub use boardfile::{BoardFileError, MAX_FILE_BYTES, Source, read_position};
pub use input::{Answer, Line, MAX_LINE, parse_answer, read_line};
pub use play::{Computers, Outcome, play_lines, play_with};
pub use render::{board as render_board, menu as render_menu, result as render_result};

use crate::ai::AiKind;
use crate::game::{GenerateError, Player, PlayerSet, Position, Rules};

const EXIT_STATUS: &str = "\
Exit status:
  0  the game was played to its end, a player quit with `q`, or the command succeeded
  1  a runtime failure: the input ended before the game did, the tree was too large, an I/O error
  2  bad usage or a bad board file (the message names the file, line and column)";

/// Dice of Doom: take your neighbours' hexagons with bigger stacks of dice.
#[derive(Debug, Parser)]
#[command(
    name = "dice-of-doom",
    version,
    about,
    long_about = "Dice of Doom, the hexagon dice-battle game of Land of Lisp.\n\n\
        Players own hexagons holding dice and attack neighbours that hold fewer dice; \
        the attack always wins. After at least one attack a player may end her turn and \
        gets one die fewer than she captured as reinforcements. The game ends when the \
        player to move cannot attack; whoever owns the most hexagons wins.\n\n\
        With no command, starts a game for two people at this terminal on a random 3x3 board.",
    after_help = EXIT_STATUS,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game at this terminal (the default command).
    #[command(after_help = EXIT_STATUS)]
    Play(PlayArgs),
    /// Count and solve the whole game tree from a board.
    #[command(after_help = EXIT_STATUS)]
    Stats(stats::StatsArgs),
    /// Let two computer opponents play each other on seeded random boards.
    #[command(after_help = EXIT_STATUS)]
    Arena(arena::ArenaArgs),
    /// Write the game tree from a board as a Graphviz DOT graph.
    #[command(after_help = EXIT_STATUS)]
    Dot(dot::DotArgs),
    /// Solve every board of a size under perfect play and tally the outcomes.
    #[command(after_help = EXIT_STATUS)]
    Survey(survey::SurveyArgs),
}

/// When to colour the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour (NO_COLOR still wins).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given whether the output is a terminal.
    pub fn enabled(self, terminal: bool) -> bool {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        match self {
            ColorChoice::Never => false,
            ColorChoice::Always => !no_color,
            ColorChoice::Auto => terminal && !no_color,
        }
    }
}

/// The player count and dice limit of a game.
#[derive(Debug, Clone, Args)]
struct RulesArgs {
    /// Number of players, a to h.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=8))]
    players: u8,
    /// The most dice a hexagon can hold.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=9))]
    max_dice: u8,
    /// The player who moves first.
    #[arg(long, default_value = "a", value_parser = parse_player)]
    first: Player,
}

#[derive(Debug, Clone, Args)]
struct PlayArgs {
    /// Side of the random board, 2 to 10 hexagons [default: 3].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=10), conflicts_with = "board")]
    size: Option<u8>,
    /// Seed of the random board: the same seed gives the same board everywhere.
    #[arg(long, conflicts_with = "board")]
    seed: Option<u64>,
    /// Play on the board in this file instead of a random one.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    /// Players the computer plays: letters separated by commas (`b`, `b,c`),
    /// or `all` to watch the computer play itself.
    #[arg(long, value_name = "PLAYERS", value_parser = parse_computers)]
    computer: Option<ComputerPlayers>,
    /// The computer opponent (and the source of hints: `h` in the line mode,
    /// `H` in the full-screen game).
    #[arg(long, value_enum, default_value_t = AiKind::Search, value_name = "AI")]
    ai: AiKind,
    /// Seconds the computer may think per move (0.001 to 3600).
    #[arg(long, default_value = "1", value_parser = parse_think_time, value_name = "SECONDS")]
    think_time: std::time::Duration,
    /// Use the line mode (a numbered menu) even at a terminal; without it a
    /// terminal gets the full-screen game.
    #[arg(long)]
    plain: bool,
}

/// The players `--computer` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ComputerPlayers {
    /// Every player.
    All,
    /// These players.
    Some(PlayerSet),
}

fn parse_computers(text: &str) -> Result<ComputerPlayers, String> {
    if text.trim() == "all" {
        return Ok(ComputerPlayers::All);
    }
    let mut set = PlayerSet::EMPTY;
    for part in text.split(',') {
        set.insert(parse_player(part.trim()).map_err(|_| {
            "give player letters separated by commas, such as `b` or `b,c`, or `all`".to_string()
        })?);
    }
    Ok(ComputerPlayers::Some(set))
}

/// Reads a think time in seconds: a number from 0.001 to 3600.
fn parse_think_time(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.001..=3600.0).contains(&seconds) {
        return Err("the think time must be from 0.001 to 3600 seconds".to_string());
    }
    std::time::Duration::try_from_secs_f64(seconds).map_err(|e| e.to_string())
}

fn parse_player(text: &str) -> Result<Player, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Player::from_letter), chars.next()) {
        (Some(player), None) => Ok(player),
        _ => Err("a player is one letter from a to h".to_string()),
    }
}

/// Something that stops a command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Options that do not fit together (exit status 2).
    #[error("{0}")]
    Usage(String),
    /// A bad board file (exit status 2).
    #[error(transparent)]
    BoardFile(#[from] BoardFileError),
    /// A failure while running (exit status 1).
    #[error("{0}")]
    Runtime(String),
    /// Reading or writing failed (exit status 1).
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl CliError {
    /// The exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::BoardFile(_) => 2,
            CliError::Runtime(_) | CliError::Io(_) => 1,
        }
    }
}

/// Runs the program with the process's arguments.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dice-of-doom: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        None => run_play(&cli.play),
        Some(Command::Play(args)) => run_play(&args),
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Dot(args)) => dot::run(&args),
        Some(Command::Survey(args)) => survey::run(&args),
    }
}

/// The game tree from a board file (or `-` for standard input), checked
/// against the player count and dice limit, with the first player to move.
fn tree_from_file(
    path: &std::path::Path,
    args: &RulesArgs,
) -> Result<(Source, crate::game::GameTree), CliError> {
    let source = Source::from_arg(path);
    let (rules, start) = read_position(&source, args.players, args.max_dice, args.first)?;
    Ok((source, crate::game::GameTree::new(rules, start)))
}

/// The rules and starting position a `play` command asks for, and the seed
/// of a random board.
fn setup(args: &PlayArgs) -> Result<(Rules, Position, Option<u64>), CliError> {
    let r = &args.rules;
    if let Some(path) = &args.board {
        let (rules, start) =
            read_position(&Source::from_arg(path), r.players, r.max_dice, r.first)?;
        return Ok((rules, start, None));
    }
    let side = args.size.unwrap_or(3);
    let rules = Rules::classic(
        usize::from(side),
        usize::from(r.players),
        usize::from(r.max_dice),
    )
    .map_err(|e| CliError::Usage(e.to_string()))?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..1_000_000));
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let board = crate::game::random_board(&rules, r.first, &mut rng).map_err(|e| match e {
        GenerateError::Position(_) => CliError::Usage(format!("--first: {e}")),
        _ => CliError::Usage(e.to_string()),
    })?;
    let start =
        Position::start(&rules, board, r.first).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok((rules, start, Some(seed)))
}

fn run_play(args: &PlayArgs) -> Result<(), CliError> {
    let (rules, start, seed) = setup(args)?;
    let computers = match args.computer {
        None => Computers::none(),
        Some(which) => {
            let players = match which {
                ComputerPlayers::All => Player::all(rules.players()).collect(),
                ComputerPlayers::Some(set) => set,
            };
            if let Some(p) = players.iter().find(|p| p.index() >= rules.players()) {
                return Err(CliError::Usage(format!(
                    "--computer {p}: the game has only {} players (a to {})",
                    rules.players(),
                    Player::new(rules.players() - 1).unwrap_or_default()
                )));
            }
            let budget = crate::ai::Budget::time(args.think_time);
            Computers::new(args.ai, players, rules.players(), seed.unwrap_or(0), budget)
        }
    };
    let stdout = io::stdout();
    if !args.plain && io::stdin().is_terminal() && stdout.is_terminal() {
        let hints = play::StrategyHints {
            ai: args.ai.build(seed.unwrap_or(0)),
            budget: crate::ai::Budget::time(args.think_time),
        };
        let app = tui::App::new(rules, start, seed)
            .with_hints(Box::new(hints))
            .with_computers(computers.players(), args.ai.name());
        let computer: Option<Box<dyn tui::ComputerPlayer>> =
            (!computers.players().is_empty()).then(|| Box::new(computers) as _);
        return Ok(tui::run(app, args.color.enabled(true), computer)?);
    }
    let color = args.color.enabled(stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(seed) = seed {
        writeln!(
            out,
            "A random {} board, seed {seed} (play it again with --seed {seed}).",
            rules.map()
        )?;
    }
    let mut tree = crate::game::GameTree::new(rules, start);
    let mut computers = computers;
    let outcome = play_with(
        &mut tree,
        &mut io::stdin().lock(),
        &mut out,
        color,
        &mut computers,
    )?;
    out.flush()?;
    match outcome {
        Outcome::Finished(_) | Outcome::Quit => Ok(()),
        Outcome::InputEnded => Err(CliError::Runtime(
            "the input ended before the game was over".to_string(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn players_are_single_letters() {
        assert_eq!(parse_player("b"), Ok(Player::B));
        for bad in ["", "ab", "i", "1", "é"] {
            assert!(parse_player(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn computer_lists_and_think_times() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        assert_eq!(parse_computers("all"), Ok(ComputerPlayers::All));
        assert_eq!(parse_computers("b"), Ok(ComputerPlayers::Some(set("b"))));
        assert_eq!(
            parse_computers("b, c"),
            Ok(ComputerPlayers::Some(set("bc")))
        );
        for bad in ["", "b,", "bc", "x", "b;c", "ALL"] {
            assert!(parse_computers(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse_think_time("0.5"),
            Ok(std::time::Duration::from_millis(500))
        );
        for bad in ["", "0", "-1", "NaN", "inf", "1e9", "soon"] {
            assert!(parse_think_time(bad).is_err(), "{bad:?}");
        }
    }
}
