//! The terminal game and its commands.
//!
//! This file is the router: the command line's shape ([`Cli`]), and [`run`]
//! handing each command to its own file (`play.rs`, `stats.rs`, `arena.rs`,
//! `dot.rs`, `survey.rs`). The options shared by the commands are in
//! `options.rs`, the loading of boards and rules in `load.rs`, the computer's
//! seats and hints in `computer.rs`.
//!
//! Every command returns a [`CliError`] for anything a user can get wrong;
//! [`main`] prints it and maps it to the documented exit status.

mod arena;
mod computer;
mod dot;
mod input;
mod load;
mod options;
mod play;
mod render;
mod stats;
mod survey;
pub mod tui;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use computer::Computers;
pub use input::{Answer, Line, MAX_LINE, parse_answer, read_line};
pub use load::{BoardFileError, MAX_FILE_BYTES, Source, read_position};
pub use options::ColorChoice;
pub use play::{Outcome, play_lines, play_with};
pub use render::{board as render_board, menu as render_menu, result as render_result};

const EXIT_STATUS: &str = "\
Exit status:
  0  the game was played to its end, a player quit with `q`, or the command succeeded
  1  a runtime failure: the input ended before the game did, the tree was too large, an I/O error
  2  bad usage or a bad board file (the message names the file, line and column)
  130  interrupted with Ctrl-C; another signal n that ends a game gives 128 + n";

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
    play: options::PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game at this terminal (the default command).
    #[command(after_help = EXIT_STATUS)]
    Play(options::PlayArgs),
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
            // Not `eprintln!`, which panics when standard error is gone (a
            // terminal hung up).
            let _ = writeln!(io::stderr(), "dice-of-doom: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        None => play::run(&cli.play),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Dot(args)) => dot::run(&args),
        Some(Command::Survey(args)) => survey::run(&args),
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
}
