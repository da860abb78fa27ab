//! `dice-of-doom replay [FILE]`: a recorded game (by default the one finished
//! last, from the data directory's history) shown again, move by move.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::ai::{AiKind, Budget};
use crate::cli::CliError;
use crate::cli::args::{ColorChoice, ComputerPlayers, parse_computers};
use crate::cli::autosaves::{history_dir, latest_finished};
use crate::cli::saving::read_record;
use crate::text::shell_quote;
use crate::ui::line_mode::transcript;

mod html;

/// Options of `replay`.
#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The record of the game (`-` for standard input); without it, the
    /// game finished last, kept in the data directory's history.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    /// Print the game as the line mode's transcript even at a terminal
    /// (where the full-screen game steps through it otherwise).
    #[arg(long)]
    plain: bool,
    /// Players the computer plays in a game continued from the replay
    /// (`c`), instead of the record's: letters separated by commas (`b`,
    /// `b,c`), `all` or `none`; so that you can take a side of a game the
    /// computer played.
    #[arg(long, value_name = "PLAYERS", value_parser = parse_computers)]
    computer: Option<ComputerPlayers>,
    /// Keep no autosave of a game continued from the replay (`c`): it is
    /// played, but not kept.
    #[arg(long)]
    no_autosave: bool,
    /// Write the game as one web page to this file instead (the board of
    /// every move, the log, buttons, arrow keys and a slider; it needs no
    /// network and no other file). Nothing is shown or played, so it takes
    /// none of the options of showing or continuing the game.
    #[arg(long, value_name = "OUT.html", conflicts_with_all = ["plain", "color", "computer", "no_autosave"])]
    html: Option<PathBuf>,
}

/// Runs `replay`: at a terminal the full-screen game, to step through the
/// moves (and continue from any of them); otherwise, or with `--plain`, the
/// whole game printed as the line mode's transcript.
pub(in crate::cli) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let file = match &args.file {
        Some(file) => file.clone(),
        None => latest_finished()?.ok_or_else(|| {
            let place =
                history_dir().map_or(String::new(), |dir| format!(" (in {})", shell_quote(&dir)));
            CliError::Runtime(format!("there is no finished game to replay{place}"))
        })?,
    };
    let mut record = read_record(&file)?;
    if let Some(path) = &args.html {
        return html::write(&record, &file, path);
    }
    if let Some(choice) = args.computer {
        let ai = AiKind::for_game(record.rules().set(), record.rules().players());
        let fallback = (ai, Budget::time(Duration::from_secs(1)));
        record = crate::cli::setup::game::reseated(record, choice, fallback)?;
    }
    let stdout = io::stdout();
    let from_stdin = file.as_os_str() == "-";
    if !args.plain && !from_stdin && io::stdin().is_terminal() && stdout.is_terminal() {
        return crate::cli::play::replay_full_screen(record, args.color, !args.no_autosave);
    }
    let color = args.color.enabled(stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    transcript(&record, &mut out, color)?;
    out.flush()?;
    Ok(())
}
