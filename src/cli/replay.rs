//! `dice-of-doom replay FILE`: a recorded game shown again, move by move.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::lines::transcript;
use super::options::ColorChoice;
use super::saving::read_record;

/// Options of `replay`.
#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The record of the game (`-` for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    /// Print the game as the line mode's transcript even at a terminal
    /// (where the full-screen game steps through it otherwise).
    #[arg(long)]
    plain: bool,
}

/// Runs `replay`: at a terminal the full-screen game, to step through the
/// moves (and continue from any of them); otherwise, or with `--plain`, the
/// whole game printed as the line mode's transcript.
pub(super) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let record = read_record(&args.file)?;
    let stdout = io::stdout();
    let from_stdin = args.file.as_os_str() == "-";
    if !args.plain && !from_stdin && io::stdin().is_terminal() && stdout.is_terminal() {
        return super::play::replay_full_screen(record, args.color);
    }
    let color = args.color.enabled(stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    transcript(&record, &mut out, color)?;
    out.flush()?;
    Ok(())
}
