//! The terminal game and its commands: front-ends of the [`session`](crate::session).
//!
//! This file is the router: the command line's shape ([`Cli`]), and [`run`]
//! handing each command to its file in `commands/` (one a subcommand). The
//! rest of `cli/`, by job:
//!
//! - `args`: the options the commands share (clap types and value parsers);
//! - `setup`: options resolved once into the game they ask for (board and
//!   map files, random boards and maps, the "play again" line);
//! - `line_mode`: the book's numbered menu, for pipes and scripts;
//! - [`tui`]: the full-screen game (pure state, pure view, terminal driver);
//! - `words`: the sentences both front-ends say; `render`: boards as text,
//!   the players' colours;
//! - `computer`: the computer's seats and hints; `saving`, `autosaves` and
//!   `files`: game records and other output written safely; `json`.
//!
//! Every command returns a [`CliError`] for anything a user can get wrong;
//! [`main`] prints it and maps it to the documented exit status.

mod args;
pub(crate) mod autosaves;
mod commands;
mod config;
mod files;
mod interrupt;
mod json;
mod locks;
mod plot;
mod saving;
mod setup;

use commands::{
    arena, dot, generated, map, new_game, picture, play, replay, resume, serve, solve, stats,
    survey,
};

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use setup::load::{BoardFileError, io_reason};

/// The exit statuses, one piece a reason, from which each command's help
/// lists those that apply to it (see [`exit_statuses`]).
mod status {
    /// An exit status and what it means.
    pub(super) type Piece = (u8, &'static str);

    /// `play`'s success.
    pub(super) const GAME_OVER: Piece = (
        0,
        "the game was played to its end, or a player quit with `q`",
    );
    /// The success of the other commands.
    pub(super) const SUCCESS: Piece = (0, "success");
    /// `play`'s input ran out.
    pub(super) const INPUT_ENDED: Piece = (1, "the input ended before the game was over");
    /// `stats` and `dot`: the tree is over a limit.
    pub(super) const TOO_LARGE: Piece = (1, "the tree is too large for the limits it was given");
    /// `arena`: an opponent did not finish a game.
    pub(super) const OPPONENT_FAILED: Piece = (
        1,
        "an opponent could not finish a game (no move, or an illegal one)",
    );
    /// Reading or writing failed.
    pub(super) const IO: Piece = (1, "an I/O error, such as output that cannot be written");
    /// Bad usage, for the commands that read no board file.
    pub(super) const USAGE: Piece = (2, "bad usage (the message says which option and why)");
    /// Bad usage or a bad board file.
    pub(super) const USAGE_OR_BOARD: Piece = (
        2,
        "bad usage, or a bad board file (named with its line and column)",
    );
    /// `solve`: out of time.
    pub(super) const UNPROVEN: Piece = (
        1,
        "the value was not proven within --time (the bounds proven are printed)",
    );
    /// `survey`: bad usage, or more boards than it surveys.
    pub(super) const USAGE_OR_TOO_MANY: Piece = (
        2,
        "bad usage, such as a size with more boards than a survey takes, or a bad part in --out",
    );
    /// Ctrl-C, in the full-screen game and the line mode alike: listed by
    /// `play` only, and the one place that says what it means.
    pub(super) const INTERRUPTED: Piece = (
        130,
        "interrupted with Ctrl-C; a signal n that ends the full-screen game gives 128 + n",
    );

    /// Bad usage, or a bad board file or record.
    pub(super) const USAGE_OR_FILE: Piece = (
        2,
        "bad usage, or a bad board file or game record (named with its line and column)",
    );
    /// `play`: the file of `--save` or `--load` cannot be written.
    pub(super) const CANNOT_SAVE: Piece = (
        1,
        "the game cannot be saved in the file of --save (or --load), or another process plays it",
    );
    /// `resume` has nothing to resume.
    pub(super) const NOTHING_TO_RESUME: Piece = (
        1,
        "there is no unfinished game to resume, or the game cannot be saved or is played elsewhere",
    );
    /// The long commands, stopped by a signal.
    pub(super) const STOPPED: Piece = (
        130,
        "stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)",
    );
    /// A bad record.
    pub(super) const USAGE_OR_RECORD: Piece = (
        2,
        "bad usage, or a bad game record (named with its line and column)",
    );

    /// `play`, and the bare command.
    pub(super) const PLAY: &[Piece] = &[
        GAME_OVER,
        INPUT_ENDED,
        CANNOT_SAVE,
        IO,
        USAGE_OR_FILE,
        INTERRUPTED,
    ];
    /// `resume`.
    pub(super) const RESUME: &[Piece] = &[
        GAME_OVER,
        INPUT_ENDED,
        NOTHING_TO_RESUME,
        IO,
        USAGE_OR_RECORD,
        INTERRUPTED,
    ];
    /// `replay`.
    pub(super) const REPLAY: &[Piece] = &[SUCCESS, IO, USAGE_OR_RECORD, INTERRUPTED];
    /// `stats` and `dot`.
    pub(super) const TREE: &[Piece] = &[SUCCESS, TOO_LARGE, IO, USAGE_OR_BOARD, STOPPED];
    /// `stats --rules`: the bounds of the value did not meet.
    pub(super) const NOT_CONVERGED: Piece = (
        1,
        "with --rules: the bounds of the value did not meet within the tolerance (they are printed)",
    );
    /// `stats`.
    pub(super) const STATS: &[Piece] = &[
        SUCCESS,
        TOO_LARGE,
        NOT_CONVERGED,
        IO,
        USAGE_OR_BOARD,
        STOPPED,
    ];
    /// `solve`: too little memory for a proof.
    pub(super) const TOO_LITTLE_MEMORY: Piece = (
        1,
        "--max-memory is below the least a proof needs (the message names it)",
    );
    /// `solve --cache`: a file it cannot use or write.
    pub(super) const CACHE_NOT_SAVED: Piece = (
        1,
        "the --cache file cannot be written there, or its bounds take more than --max-memory",
    );
    /// `solve --cache`: a file that is no use.
    pub(super) const BAD_CACHE: Piece = (
        2,
        "a --cache path that is not a file, or a damaged cache or one of another version or game",
    );
    /// `solve`.
    pub(super) const SOLVE: &[Piece] = &[
        SUCCESS,
        UNPROVEN,
        TOO_LITTLE_MEMORY,
        CACHE_NOT_SAVED,
        IO,
        USAGE_OR_BOARD,
        BAD_CACHE,
        STOPPED,
    ];
    /// `arena`.
    pub(super) const ARENA: &[Piece] = &[SUCCESS, OPPONENT_FAILED, IO, USAGE, STOPPED];
    /// `survey`: too little memory for the memo or a proof.
    pub(super) const NO_PROOF: Piece = (
        1,
        "--max-memory is too small (the message says how much), or the system refused it",
    );
    /// `survey`.
    pub(super) const SURVEY: &[Piece] = &[SUCCESS, NO_PROOF, IO, USAGE_OR_TOO_MANY, STOPPED];
    /// `picture`.
    pub(super) const PICTURE: &[Piece] = &[SUCCESS, IO, USAGE_OR_FILE];
    /// `serve`: the server could not start or stopped.
    pub(super) const SERVER_FAILED: Piece = (
        1,
        "the server could not start (host key, address in use) or stopped on an error",
    );
    /// `serve`: stopped cleanly by a signal.
    pub(super) const SERVER_STOPPED: Piece = (
        130,
        "stopped by Ctrl-C after a clean stop (clients told, games kept); 143 for TERM, 129 for HUP",
    );
    /// `serve` (it runs until stopped).
    pub(super) const SERVE: &[Piece] = &[SERVER_FAILED, USAGE, SERVER_STOPPED];
    /// `completions` and `man`.
    pub(super) const GENERATED: &[Piece] = &[SUCCESS, IO, USAGE];
}

/// The help's list of exit statuses: `Exit status:` and a line a piece.
fn exit_statuses(pieces: &[status::Piece]) -> String {
    let width = pieces
        .iter()
        .map(|(code, _)| code.to_string().len())
        .max()
        .unwrap_or(1);
    let mut text = String::from("Exit status:");
    for (code, meaning) in pieces {
        text.push_str(&format!("\n  {code:>width$}  {meaning}"));
    }
    text
}

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
        With no command and no option at a terminal, opens the new-game screen to set the game up \
        (the choices are remembered, and the game left unfinished is offered); with options, or \
        in a pipe, starts a game for two people on a random 3x3 board at once.",
    after_help = format!(
        "{}\n\nEach command's --help lists its own exit statuses.",
        exit_statuses(status::PLAY)
    ),
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: args::PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game at this terminal (the default command).
    #[command(after_help = exit_statuses(status::PLAY))]
    Play(args::PlayArgs),
    /// Go on with a saved game: a record, or the unfinished game saved last.
    #[command(after_help = exit_statuses(status::RESUME))]
    Resume(resume::ResumeArgs),
    /// Show a recorded game again, move by move.
    #[command(after_help = exit_statuses(status::REPLAY))]
    Replay(replay::ReplayArgs),
    /// Count and solve the whole game tree from a board (with --rules, the
    /// chance of winning under best play).
    #[command(after_help = exit_statuses(status::STATS))]
    Stats(stats::StatsArgs),
    /// Prove the perfect-play value of a board and a move that keeps it.
    #[command(after_help = exit_statuses(status::SOLVE))]
    Solve(solve::SolveArgs),
    /// Let two computer opponents play each other on seeded random boards.
    #[command(after_help = exit_statuses(status::ARENA))]
    Arena(arena::ArenaArgs),
    /// Write the game tree from a board as a Graphviz DOT graph.
    #[command(after_help = exit_statuses(status::TREE))]
    Dot(dot::DotArgs),
    /// Print a random map of territories, with owners and dice, as a map file.
    #[command(after_help = exit_statuses(status::GENERATED))]
    Map(map::NewMapArgs),
    /// Solve every board of a size under perfect play and tally the outcomes.
    #[command(after_help = exit_statuses(status::SURVEY))]
    Survey(survey::SurveyArgs),
    /// Draw a board, a map or a recorded game's position as an SVG picture.
    #[command(after_help = exit_statuses(status::PICTURE))]
    Picture(picture::PictureArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    #[command(after_help = exit_statuses(status::GENERATED))]
    Completions(generated::CompletionsArgs),
    /// Print the manual page (roff) of the program or of one command.
    #[command(after_help = exit_statuses(status::GENERATED))]
    Man(generated::ManArgs),
    /// Serve games across the network: an SSH server friends join with `ssh`.
    #[command(after_help = exit_statuses(status::SERVE))]
    Serve(serve::ServeArgs),
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
    #[error("{}", io_reason(.0))]
    Io(#[from] io::Error),
    /// Stopped by a signal, after saying what was known (exit status
    /// 128 + the signal's number: 130 for Ctrl-C, 143 for `SIGTERM`).
    #[error("stopped by {}", interrupt::name(*.0))]
    Interrupted(i32),
}

impl From<crate::session::FrontEndError> for CliError {
    fn from(error: crate::session::FrontEndError) -> CliError {
        match error {
            crate::session::FrontEndError::Io(e) => CliError::Io(e),
            crate::session::FrontEndError::Game(e) => CliError::Runtime(e.to_string()),
        }
    }
}

impl CliError {
    /// The exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::BoardFile(_) => 2,
            CliError::Runtime(_) | CliError::Io(_) => 1,
            CliError::Interrupted(n) => interrupt::status(*n),
        }
    }
}

/// The widest help is wrapped to (clap's own cap).
const MAX_HELP_WIDTH: usize = 100;

/// The width to wrap the help to when standard output is a terminal and
/// `COLUMNS` gives none: its columns, at most [`MAX_HELP_WIDTH`]. Clap
/// finds it too, but not on a terminal that reports no rows (a bare
/// pseudo-terminal), where it would wrap to its cap instead.
fn help_width() -> Option<usize> {
    let columns = std::env::var("COLUMNS").ok();
    if columns.is_some_and(|c| c.trim().parse::<usize>().is_ok_and(|c| c > 0))
        || !io::stdout().is_terminal()
    {
        return None;
    }
    let (columns, _) = crossterm::terminal::size().ok()?;
    (columns > 0).then(|| usize::from(columns).min(MAX_HELP_WIDTH))
}

/// The parsed command line, its help wrapped to the terminal.
fn parse() -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    if let Some(width) = help_width() {
        command = command.term_width(width);
    }
    let mut matches = command.try_get_matches_from_mut(std::env::args_os())?;
    Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
}

/// Runs the program with the process's arguments.
pub fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // Not `eprintln!`, which panics when standard error is gone (a
            // terminal hung up).
            let _ = writeln!(io::stderr(), "dice-of-doom: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Prints what clap stopped with: a usage error (exit status 2), or the
/// help or the version asked for (0), which, like every other output, is
/// an I/O error (1) if it cannot be written (a closed pipe excepted).
fn clap_exit(error: &clap::Error) -> ExitCode {
    let printed = error.print().and_then(|()| io::stdout().flush());
    if error.use_stderr() {
        return ExitCode::from(2);
    }
    match printed {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            let _ = writeln!(io::stderr(), "dice-of-doom: {}", io_reason(&e));
            ExitCode::from(1)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        None => new_game::bare(&cli.play),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Resume(args)) => resume::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Dot(args)) => dot::run(&args),
        Some(Command::Map(args)) => map::run(&args),
        Some(Command::Survey(args)) => survey::run(&args),
        Some(Command::Picture(args)) => picture::run(&args),
        Some(Command::Completions(args)) => generated::completions(&args),
        Some(Command::Man(args)) => generated::man(&args),
        Some(Command::Serve(args)) => serve::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn io_errors_lose_the_os_error_number() {
        let full = CliError::from(io::Error::from_raw_os_error(28));
        assert_eq!(full.to_string(), "No space left on device");
        let game = CliError::from(crate::session::FrontEndError::Game(
            crate::session::SessionError::NoComputerMove(crate::game::Player::B),
        ));
        assert_eq!(game.to_string(), "the computer found no legal move for b");
        assert_eq!(game.exit_code(), 1);
    }
}
