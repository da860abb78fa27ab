//! `dice-of-doom resume [FILE]`: go on with a saved game (the latest
//! unfinished one by default), and the offer to do so on a bare
//! `dice-of-doom` at a terminal.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, Command, FromArgMatches};

use crate::cli::args::{ColorChoice, ComputerPlayers, PlayArgs, parse_computers};
use crate::cli::autosaves::{autosave_dir, latest_autosave};
use crate::cli::line_mode::input::{Line, read_line};
use crate::cli::saving::read_record;
use crate::cli::{CliError, play};
use crate::text::{count, shell_quote};

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

/// `play`'s options as they are when none is given.
fn play_defaults() -> Result<PlayArgs, CliError> {
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

/// On a bare `dice-of-doom` at a terminal, with an unfinished game saved:
/// asks whether to go on with it (`y`, or Enter), start a new game (`n`)
/// or delete it (`d`) and start a new one; the record's path if the answer
/// is to resume.
pub(in crate::cli) fn offer() -> Result<Option<PathBuf>, CliError> {
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        return Ok(None);
    }
    let Ok(Some(path)) = latest_autosave() else {
        return Ok(None);
    };
    let shown = shell_quote(&path);
    let mut out = io::stdout().lock();
    // Being played by another process: not offered (a new game starts).
    if let Err(held) = crate::cli::locks::lock(&path) {
        writeln!(
            out,
            "The unfinished game in {shown} cannot be offered: {held}."
        )?;
        return Ok(None);
    }
    let record = match read_record(&path) {
        Ok(record) => record,
        Err(e) => {
            writeln!(
                out,
                "An unfinished game cannot be read ({e}); it is left as it is."
            )?;
            return Ok(None);
        }
    };
    let date = record
        .tags()
        .date
        .map_or(String::new(), |d| format!(", {d}"));
    writeln!(
        out,
        "An unfinished game is saved in {shown} ({} board, {}{date}).",
        record.rules().map(),
        count(record.plays().len(), "move", "moves")
    )?;
    loop {
        write!(out, "Go on with it? [Y/n, d deletes it] ")?;
        out.flush()?;
        let answer = match read_line(&mut io::stdin().lock())? {
            Line::Text(text) => text.trim().to_lowercase(),
            Line::End | Line::Endless => return Ok(None),
            Line::TooLong | Line::NotText => String::from("?"),
        };
        match answer.as_str() {
            "" | "y" | "yes" => return Ok(Some(path)),
            "n" | "no" => return Ok(None),
            "d" | "delete" => {
                std::fs::remove_file(&path)?;
                writeln!(out, "Deleted {shown}.")?;
                return Ok(None);
            }
            _ => writeln!(
                out,
                "Type y (or Enter) to go on with it, n for a new game, d to delete it."
            )?,
        }
    }
}
