//! `dice-of-doom play` (and `resume`): the options resolved once into the
//! game they ask for (`setup/game.rs`: the game, new or from a record, its
//! seats and hints, where it is kept, how it is shown and the texts that
//! depend on the options), then played full-screen at a terminal,
//! otherwise in the line mode, kept after every move.

use std::io::{self, IsTerminal, Write};

use crate::cli::CliError;
use crate::cli::args::{ColorChoice, PlayArgs};
use crate::cli::autosaves;
use crate::cli::saving::{self, Kept, Saver};
use crate::cli::setup::game::{Game, game, replayed};
use crate::record::Record;
use crate::session::{NewGame, Session};
use crate::ui as tui;
use crate::ui::computer::{self, Computers, StrategyHints};
use crate::ui::line_mode::{Outcome, help_line, play_with};
use crate::ui::terminal::Ending;

/// What comes after a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cli) enum Next {
    /// Nothing: the program ends.
    Done,
    /// The new-game screen: the person asked for a new game (`n`).
    NewGameScreen,
}

/// Runs `play`: the full-screen game when standard input and output are a
/// terminal (and `--plain` is not given), the line mode otherwise.
pub(in crate::cli) fn run(args: &PlayArgs) -> Result<(), CliError> {
    run_then(args, false).map(drop)
}

/// Runs `play` (see [`run`]); with `screen`, a new game (`n`) goes back to
/// the new-game screen, which comes next, rather than dealing a new board
/// with the same options.
pub(in crate::cli) fn run_then(args: &PlayArgs, screen: bool) -> Result<Next, CliError> {
    if args.deal.is_some() && args.rules.spec().deal == crate::game::Deal::Territories {
        eprintln!(
            "note: {} keeps its own deal (balanced already); --deal is ignored",
            args.rules
        );
    }
    let game = game(args, None)?;
    play(game, screen)
}

/// Plays the new game `new` set up on the new-game screen, with `play`'s
/// other options `args` (how it is shown and kept); a new game (`n`) goes
/// back to that screen, which comes next.
pub(in crate::cli) fn run_new(args: &PlayArgs, new: NewGame) -> Result<Next, CliError> {
    let game = game(args, Some(new))?;
    play(game, true)
}

/// Plays the resolved `game` full-screen or in the line mode, as it says;
/// `screen` as in [`run_then`].
fn play(game: Game, screen: bool) -> Result<Next, CliError> {
    if game.full {
        return full_screen(game, screen);
    }
    lines(game).map(|()| Next::Done)
}

/// The computer's seats of the game, seeded by its board's seed, with
/// hints from the rule set's rater ([`AiKind::rater`](crate::ai::AiKind::rater)),
/// whoever plays.
fn computers(game: &Game) -> Computers {
    let (_, budget) = game.hints;
    let seed = game.record.tags().seed.unwrap_or(0);
    let hints = crate::ai::AiKind::rater(game.record.rules().set());
    Computers::seated(
        game.record.seats(),
        hints,
        budget,
        seed,
        game.record.rules().set(),
    )
}

/// Plays the game full-screen, from where its record stands, the record
/// kept after every change.
fn full_screen(game: Game, screen: bool) -> Result<Next, CliError> {
    let record = &game.record;
    let app = tui::App::resume(
        record.rules().clone(),
        record.start(),
        record.plays(),
        record.tags().seed,
    )
    .map_err(|e| CliError::Runtime(format!("move {} ({}) is not legal", e.number, e.mv)))?;
    // The game keeps itself, saved already (or the reason it was not).
    let kept = Kept::default();
    let store = game.saver.clone().map(|saver| {
        let saved = saver.written().then_some(&game.record);
        Box::new(kept.keep(saver, saved)) as Box<dyn crate::session::Store>
    });
    let app = app.with_store(&game.record, store);
    run_full_screen(app, &game, Some(kept), true, screen)
}

/// Runs the full-screen game `app` of `game`: the computer at its seats,
/// and hints; the app keeps its games, listed in `kept`. Then prints the
/// summary (who won, how to play a new game's board again), if asked, and
/// where the games are kept; after a signal, exits with its status (a failed write is
/// then ignored: the terminal may be gone). With `screen`, a new game
/// (`n`) is set up on the new-game screen, which comes next.
fn run_full_screen(
    app: tui::App,
    game: &Game,
    kept: Option<Kept>,
    summary: bool,
    screen: bool,
) -> Result<Next, CliError> {
    let computers = computers(game);
    let (ai, budget) = game.hints;
    let hint_ai = crate::ai::AiKind::rater(game.record.rules().set());
    let hints = StrategyHints {
        ai: hint_ai.build(game.record.tags().seed.unwrap_or(0)),
        budget,
    };
    let app = app
        .with_hints(computer::hints_text(hint_ai.name(), budget))
        .with_computers(computers.players(), ai.name());
    let computer: Option<Box<dyn tui::ComputerPlayer>> =
        (!computers.players().is_empty()).then(|| Box::new(computers) as _);
    let ending = tui::run(
        app,
        game.color.enabled(true),
        computer,
        Some(Box::new(hints)),
        screen,
    )?;
    // The summary, without the exit that a signal asks for: the note
    // comes after it.
    let mut quiet = ending.clone();
    quiet.signal = None;
    // A game read from a record has no new game: the record plays it
    // again, not options, and the summary names no command.
    let mut written = match summary {
        true => finish(&quiet, game.new.as_ref()),
        false => Ok(()),
    };
    let (notes, failures) = kept.map_or((None, None), |kept| {
        kept.release();
        kept.notes()
    });
    if let Some(notes) = notes {
        let mut out = io::stdout().lock();
        written = written.and_then(|()| writeln!(out, "{notes}").and_then(|()| out.flush()));
    }
    if ending.signal.is_some() {
        if let Some(failures) = failures {
            let _ = writeln!(io::stderr(), "dice-of-doom: {failures}");
        }
        std::process::exit(ending.status());
    }
    written?;
    if let Some(failures) = failures {
        return Err(CliError::Runtime(failures));
    }
    Ok(match ending.new_game {
        true => Next::NewGameScreen,
        false => Next::Done,
    })
}

/// What is printed after a full-screen game: who won (or that it was left
/// before its end), then, for a new game `new`, how to play its board again
/// (that of the last game shown, which a new deal, `n`, may have put in its
/// place: the `Ending` says which).
fn summary(ending: &Ending, new: Option<&NewGame>) -> String {
    let result = match ending.winners {
        Some(w) if w.len() == 1 => format!("The winner is {w}."),
        Some(w) => format!("The game is a tie between {w}."),
        None => "The game was quit before the end.".to_string(),
    };
    let shown = match (new, ending.dealt, ending.seed) {
        (None, _, _) => None,
        (Some(new), true, Some(seed)) => new.anew(seed, ending.side),
        (Some(new), _, seed) => Some(new.clone().with_seed(seed)),
    };
    match shown.and_then(|game| game.again()) {
        Some(again) => match ending.seed {
            Some(seed) => format!(
                "{result}\nSeed {seed}: play this {} again with `{}`.\n",
                again.what,
                again.command()
            ),
            None => format!(
                "{result}\nPlay this {} again with `{}`.\n",
                again.what,
                again.command()
            ),
        },
        None => format!("{result}\n"),
    }
}

/// Prints the summary of a game on the normal screen; after a signal, exits
/// with its status (a failed write is then ignored: the terminal may be
/// gone).
fn finish(ending: &Ending, new: Option<&NewGame>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(summary(ending, new).as_bytes())
        .and_then(|()| out.flush());
    if ending.signal.is_some() {
        std::process::exit(ending.status());
    }
    written
}

/// Shows the game of `record` full-screen from its start, to step through;
/// a game continued from it (`c`) is autosaved as a new game (unless
/// `autosave` is false), leaving the record as it was.
pub(in crate::cli) fn replay_full_screen(
    record: Record,
    color: ColorChoice,
    autosave: bool,
) -> Result<(), CliError> {
    let app = tui::App::replay(
        record.rules().clone(),
        record.start(),
        record.plays(),
        record.tags().seed,
    )
    .map_err(|e| CliError::Runtime(format!("move {} ({}) is not legal", e.number, e.mv)))?;
    let game = replayed(record, color);
    // A game continued from the replay (`c`) is kept from then on.
    let mut header = game.record.clone();
    header.tags_mut().date = Some(crate::record::Date::now());
    let kept = Kept::default();
    let store = autosave
        .then(autosaves::new_autosave)
        .flatten()
        .map(|path| {
            let saver = Saver::autosave(path)
                .only_new()
                .keeping_finished(autosaves::history_dir());
            let saver = kept.keep(saver, None);
            Box::new(saver) as Box<dyn crate::session::Store>
        });
    let app = app.with_store(&header, store);
    run_full_screen(app, &game, Some(kept), false, false).map(|_| ())
}

/// Plays the game in the line mode.
fn lines(mut game: Game) -> Result<(), CliError> {
    let stdout = io::stdout();
    let color = game.color.enabled(stdout.is_terminal());
    let computers = computers(&game);
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(line) = &game.first_line {
        writeln!(out, "{line}")?;
    }
    if io::stdin().is_terminal() {
        writeln!(out, "{}", help_line())?;
    }
    if let Some(saver) = &game.saver {
        if let Some(warning) = saver.warning() {
            writeln!(out, "{warning}")?;
        }
        end_on_signals(saver.note_on_signal())?;
    }
    let record = &mut game.record;
    let seed = record.tags().seed.unwrap_or(0);
    let mut session = Session::new(record.clone(), seed).with_seats(computers);
    if let Some(saver) = &game.saver {
        session = session.with_store(Box::new(saver.clone()));
    }
    let played = play_with(&mut session, &mut io::stdin().lock(), &mut out, color);
    *record = session.record().clone();
    if let Some(saver) = &game.saver {
        saver.release();
    }
    let outcome = played?;
    if let Some(note) = game.saver.as_ref().and_then(|s| s.note(record)) {
        writeln!(out, "{note}")?;
    }
    out.flush()?;
    if let Some(failure) = game.saver.as_ref().and_then(|s| s.failure_as("the game")) {
        return Err(CliError::Runtime(failure));
    }
    match outcome {
        Outcome::Finished(_) | Outcome::Quit => Ok(()),
        Outcome::InputEnded => Err(CliError::Runtime(
            "the input ended before the game was over".to_string(),
        )),
        Outcome::Endless => Err(CliError::Runtime(format!(
            "the input sent a line of more than {} bytes with no end: it is read no further",
            crate::text::group_digits(crate::ui::line_mode::input::MAX_READ)
        ))),
    }
}

/// Ends the line-mode game on `SIGINT`, `SIGTERM` or `SIGHUP` as the
/// signal would have (a shell reports 128 + its number), once no record is
/// being written, saying where the game is kept.
fn end_on_signals(note: impl Fn() -> String + Send + 'static) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(n) = signals.forever().next() {
                let _writing = saving::SAVING.lock();
                let _ = writeln!(io::stderr(), "\n{}", note());
                let _ = signal_hook::low_level::emulate_default_handler(n);
                std::process::exit(128 + n);
            }
        })?;
    Ok(())
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
