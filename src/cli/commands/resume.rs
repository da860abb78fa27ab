//! `dice-of-doom resume [FILE]`: go on with a saved game (the latest
//! unfinished one by default). (A bare `dice-of-doom` at a terminal offers
//! it on the new-game screen: `new_game.rs`.)

use std::path::PathBuf;

use clap::{Args, Command, FromArgMatches};

use crate::cli::CliError;
use crate::cli::args::{ColorChoice, ComputerPlayers, PlayArgs, parse_computers};
use crate::cli::autosaves::{autosave_dir, latest_autosave};
use crate::cli::play;
use crate::text::shell_quote;

/// Options of `resume`.
#[derive(Debug, Clone, Args)]
pub struct ResumeArgs {
    /// The record of the game to go on with; without it, the unfinished
    /// game saved last in the data directory.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Keep the game in this new file instead of the one it was read from.
    /// A file that is there already is refused (exit status 2), never
    /// written over, unless it is the record read itself.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Play on from the record without keeping the game anywhere: the
    /// record is read, never written (nor locked, so a game another
    /// process is playing can be looked at and tried).
    #[arg(long, conflicts_with = "save")]
    no_autosave: bool,
    /// Let the record's computer think as long as the record asks (even
    /// `no limit`); without it, at most 60 seconds a move.
    #[arg(long)]
    uncapped: bool,
    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    /// Use the line mode (a numbered menu) even at a terminal.
    #[arg(long)]
    plain: bool,
    /// Players the computer plays from now on, instead of the record's:
    /// letters separated by commas (`b`, `b,c`), `all` or `none`. A player
    /// the record gave the computer keeps its opponent.
    #[arg(long, value_name = "PLAYERS", value_parser = parse_computers)]
    computer: Option<ComputerPlayers>,
}

/// `play`'s options as they are when none is given (how a game set up on
/// the new-game screen is shown and kept).
pub(in crate::cli) fn play_defaults() -> Result<PlayArgs, CliError> {
    let command = PlayArgs::augment_args(Command::new("play"));
    command
        .try_get_matches_from(["play"])
        .and_then(|matches| PlayArgs::from_arg_matches(&matches))
        .map_err(|e| CliError::Usage(e.to_string()))
}

/// `play --load FILE`, with `play`'s other options at their defaults.
pub(in crate::cli) fn load(file: PathBuf) -> Result<PlayArgs, CliError> {
    let mut args = play_defaults()?;
    args.load = Some(file);
    Ok(args)
}

/// Runs `resume`.
pub(in crate::cli) fn run(args: &ResumeArgs) -> Result<(), CliError> {
    let file = match &args.file {
        Some(file) => file.clone(),
        None => latest_autosave()?.ok_or_else(|| {
            let place =
                autosave_dir().map_or(String::new(), |dir| format!(" (in {})", shell_quote(&dir)));
            CliError::Runtime(format!("there is no unfinished game to resume{place}"))
        })?,
    };
    let mut play = load(file)?;
    play.save = args.save.clone();
    play.no_autosave = args.no_autosave;
    play.uncapped = args.uncapped;
    play.color = args.color;
    play.plain = args.plain;
    play.computer = args.computer;
    play::run(&play)
}
