//! The game `play` and `resume` start, resolved once before any front-end
//! ([`game`]): a new game (the options' [`NewGame`], [`resolve`](super::resolve)d
//! here, or the one the new-game screen set up), dealt, or the record of
//! `--load`; who sits where, who gives the hints and with what budget;
//! where the game is kept (`--save`, the record it goes on from, or an
//! autosave: the save policy, decided and tried once); whether it is
//! played full-screen; and the line the line mode opens with. From then on
//! the front-ends read this value, never the options.

use std::io::{self, IsTerminal};
use std::path::Path;

use crate::ai::{AiKind, Budget};
use crate::cli::args::{ColorChoice, ComputerPlayers, PlayArgs};
use crate::cli::saving::{Saver, read_record};
use crate::cli::{CliError, autosaves, files};
use crate::game::Player;
use crate::record::{Record, Seat};
use crate::session::{ComputerSeats, NewGame};

/// A game about to be played, resolved from the options: its record so
/// far, where it is kept, who gives the hints, how it is shown, and the
/// texts that depend on the options.
pub(in crate::cli) struct Game {
    /// The game so far.
    pub(in crate::cli) record: Record,
    /// Where it is kept, if anywhere.
    pub(in crate::cli) saver: Option<Saver>,
    /// The opponent that rates moves for hints, and its budget.
    pub(in crate::cli) hints: (AiKind, Budget),
    /// Whether it is played full-screen (at a terminal, without `--plain`)
    /// rather than in the line mode.
    pub(in crate::cli) full: bool,
    /// When to colour the board.
    pub(in crate::cli) color: ColorChoice,
    /// The line mode's first line: the record the game goes on from and
    /// its moves, or what a new game is played on, its seed and the
    /// command that plays it again.
    pub(in crate::cli) first_line: Option<String>,
    /// The new game it is, with its seed, for the lines that say how to
    /// play it again after a full-screen game (which may deal another,
    /// `n`); `None` for a game read from a record.
    pub(in crate::cli) new: Option<NewGame>,
}

/// The game `play`'s options `args` ask for, resolved once: the record of
/// `--load`, or a new game, `asked` (set up on the new-game screen) or the
/// one the options ask for; kept where the options say, that place tried
/// at once.
pub(in crate::cli) fn game(args: &PlayArgs, asked: Option<NewGame>) -> Result<Game, CliError> {
    let kept_in_loaded = save_target(args)?;
    let full = !args.plain && io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut game = match &args.load {
        Some(path) => loaded(args, path, kept_in_loaded, full)?,
        None => dealt(args, asked, full)?,
    };
    // A new game's record is written at once, so that a file that cannot
    // be written is known before the game; a record read is written again
    // only once the game changes, so that a finished one, or one a person
    // annotated with comments, stays as it is until then.
    // An autosave is made only once the game has a move: a game left
    // before that leaves nothing to resume.
    // Every finished game is kept in the data directory's history too.
    game.saver = (game.saver.take()).map(|s| s.keeping_finished(autosaves::history_dir()));
    let fresh = args.load.is_none() || (args.save.is_some() && !kept_in_loaded);
    if let Some(saver) = game.saver.as_mut().filter(|_| fresh) {
        let made = if saver.is_autosave() {
            saver.probe()
        } else {
            saver.save(&game.record)
        };
        if let Err(reason) = made {
            let path = crate::text::shell_quote(saver.path());
            if args.save.is_some() || args.load.is_some() {
                return Err(CliError::Runtime(format!(
                    "cannot save the game to {path}: {reason}"
                )));
            }
            // An autosave that cannot be written: the game goes on, the
            // saver trying again after every change; each mode warns at
            // once (`Saver::warning`), and the session ends with status 1
            // unless a later save succeeds (`Saver::failure_as`).
        }
    }
    Ok(game)
}

/// Refuses a `--save FILE` that is there already, before anything else,
/// unless it is the very record the game goes on from (`--load FILE`,
/// `resume FILE`): no other file, be it a board, another game's record or
/// a finished one, is ever written over. Whether the game is kept in the
/// record it goes on from.
fn save_target(args: &PlayArgs) -> Result<bool, CliError> {
    let Some(save) = &args.save else {
        return Ok(false);
    };
    if args
        .load
        .as_deref()
        .is_some_and(|load| files::same_file(load, save))
    {
        return Ok(true);
    }
    // `symlink_metadata`: a link to nowhere is there too.
    if std::fs::symlink_metadata(save).is_ok() {
        return Err(CliError::Usage(format!(
            "--save {}: the file exists already; a game is saved only to a new file, \
             or to the record it goes on from",
            crate::text::shell_quote(save)
        )));
    }
    Ok(false)
}

/// The game of the record at `path` (`--load`); `kept_in_loaded` if
/// `--save` names that record.
fn loaded(
    args: &PlayArgs,
    path: &Path,
    kept_in_loaded: bool,
    full: bool,
) -> Result<Game, CliError> {
    if path.as_os_str() == "-" {
        return Err(CliError::Usage(
            "--load: give the record's file; standard input is for the moves".to_string(),
        ));
    }
    // The file the game is kept in is locked before the record is
    // read (see `locks.rs`); `--no-autosave` plays on without keeping.
    let saver = match &args.save {
        Some(save) if kept_in_loaded => Some(Saver::file(writable(save)?)),
        // A game resumed from its autosave into a new file: the autosave
        // goes once the new file is written (no stale copy to resume).
        Some(save) if Saver::is_autosave_path(path) => Some(
            Saver::file(save.clone())
                .only_new()
                .replacing(path.to_path_buf()),
        ),
        Some(save) => Some(Saver::file(save.clone()).only_new()),
        None if args.no_autosave => None,
        None if Saver::is_autosave_path(path) => Some(Saver::autosave(writable(path)?)),
        None => Some(Saver::file(writable(path)?)),
    };
    let saver = saver.map(Saver::locked).transpose()?;
    let mut record = read_record(path)?;
    if !args.uncapped {
        record = capped(record);
    }
    let ai = AiKind::for_game(record.rules().set(), record.rules().players());
    let hints = hints_of(&record, (ai, args.budget()));
    if let Some(choice) = args.computer {
        let seats = ComputerSeats {
            budget: args.budget(),
            scaled: args.scaled(),
            ..ComputerSeats::default()
        };
        let fallback = hints_of(&record, (ai, seats.budget_of(ai)));
        record = reseated(record, choice, fallback)?;
    }
    // A seat whose opponent cannot play the rules (a record made before
    // they were checked) plays as a lesser one, said on the first line.
    let (record, fell) = crate::session::fit_seats(record);
    let mut first_line = format!(
        "The game of {}, after {}.",
        crate::text::shell_quote(path),
        crate::text::count(record.plays().len(), "move", "moves")
    );
    for fell in fell {
        first_line.push_str(&format!("\n{fell}."));
    }
    Ok(Game {
        record,
        saver,
        hints,
        full,
        color: args.color,
        first_line: Some(first_line),
        new: None,
    })
}

/// The new game `asked`, or the one the options ask for, dealt, and kept
/// in `--save` or an autosave.
fn dealt(args: &PlayArgs, asked: Option<NewGame>, full: bool) -> Result<Game, CliError> {
    if args.uncapped {
        return Err(CliError::Usage(
            "--uncapped goes with --load: it lets a record's computer think as long as the \
             record asks"
                .to_string(),
        ));
    }
    // The options resolved and checked once (`setup.rs`), then dealt.
    let asked = match asked {
        Some(new) => new,
        None => super::resolve(args)?,
    };
    let (new, dealt) = super::deal(&asked)?;
    let record = dealt.record(Some(crate::record::Date::now()), None);
    let autosave =
        !args.no_autosave && (args.autosave || io::stdin().is_terminal()) && args.save.is_none();
    let saver = match &args.save {
        Some(path) => Some(Saver::file(path.clone()).only_new()),
        None if autosave => autosaves::new_autosave().map(|path| Saver::autosave(path).only_new()),
        None => None,
    };
    let first_line = record
        .tags()
        .seed
        .map(|seed| super::again::seed_line(record.rules().map(), seed, &new));
    Ok(Game {
        record,
        saver,
        hints: dealt.hints,
        full,
        color: args.color,
        first_line,
        new: Some(new),
    })
}

/// The game of `record` as the full-screen replay shows it, in `color`: its
/// computer's budgets capped ([`capped`]), the hints its own (or the rule
/// set's opponent's, within a second); kept nowhere yet, nor a new game.
pub(in crate::cli) fn replayed(record: Record, color: ColorChoice) -> Game {
    // A record from someone else cannot make the computer think forever.
    let record = capped(record);
    let fallback = AiKind::for_game(record.rules().set(), record.rules().players());
    let hints = hints_of(
        &record,
        (fallback, Budget::time(std::time::Duration::from_secs(1))),
    );
    Game {
        record,
        saver: None,
        hints,
        full: true,
        color,
        first_line: None,
        new: None,
    }
}

/// `path`, unless it is a file that may not be written (read-only): such
/// a record is refused for keeping the game, clearly, rather than
/// replaced by a rename that would ignore its mode.
fn writable(path: &std::path::Path) -> Result<std::path::PathBuf, CliError> {
    let read_only =
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().readonly());
    if read_only {
        let shown = crate::text::shell_quote(path);
        return Err(CliError::Runtime(format!(
            "{shown} is read-only, so the game is not kept in it: \
             `dice-of-doom resume --no-autosave {shown}` plays on without saving, \
             `dice-of-doom resume --save NEW.txt {shown}` keeps the game in a new file"
        )));
    }
    Ok(path.to_path_buf())
}

/// The longest a record's computer thinks per move, unless `--uncapped`:
/// a record from someone else cannot make the computer think forever.
pub(in crate::cli) const RECORD_THINK_CAP: std::time::Duration = std::time::Duration::from_secs(60);

/// The most nodes a move a record's budget of nodes alone may ask for
/// without a time limit too, unless `--uncapped`.
pub(in crate::cli) const RECORD_NODES_CAP: u64 = 10_000_000;

/// The record with each computer seat's budget held to
/// [`RECORD_THINK_CAP`] a move: a longer think time is cut to it, and `no
/// limit` or a budget of more than [`RECORD_NODES_CAP`] nodes alone gets
/// it as a time limit (a smaller budget of nodes is left as it is, so that
/// the game stays the same on every machine).
fn capped(record: Record) -> Record {
    let seats = record
        .seats()
        .iter()
        .map(|&seat| match seat {
            Seat::Computer { ai, mut budget } => {
                budget.time = match (budget.time, budget.nodes) {
                    (Some(time), _) => Some(time.min(RECORD_THINK_CAP)),
                    (None, Some(nodes)) if nodes <= RECORD_NODES_CAP => None,
                    (None, _) => Some(RECORD_THINK_CAP),
                };
                Seat::Computer { ai, budget }
            }
            Seat::Person => seat,
        })
        .collect();
    record.with_seats(seats)
}

/// The record with the computer at the players `choice` names and people
/// at the others: a seat the record gave the computer keeps its opponent
/// and budget, a new one gets `fallback`'s.
pub(in crate::cli) fn reseated(
    record: Record,
    choice: ComputerPlayers,
    fallback: (AiKind, Budget),
) -> Result<Record, CliError> {
    let set = super::chosen(choice, record.rules().players())?;
    let seats = Player::all(record.rules().players())
        .zip(record.seats())
        .map(|(p, &seat)| match seat {
            _ if !set.contains(p) => Seat::Person,
            Seat::Computer { .. } => seat,
            Seat::Person => Seat::Computer {
                ai: fallback.0,
                budget: fallback.1,
            },
        })
        .collect();
    Ok(record.with_seats(seats))
}

/// Who gives the hints in a recorded game: the opponent of its first
/// computer seat, or `otherwise` in a game between people.
fn hints_of(record: &Record, otherwise: (AiKind, Budget)) -> (AiKind, Budget) {
    record
        .seats()
        .iter()
        .find_map(|seat| match *seat {
            Seat::Computer { ai, budget } => Some((ai, budget)),
            Seat::Person => None,
        })
        .unwrap_or(otherwise)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_record_cannot_make_the_computer_think_forever() {
        let record = Record::parse(
            "dice-of-doom record 1\nrules: lol4\nmap: 2x2\nplayers: 4\nmax-dice: 3\nfirst: a\n\
             player a: computer perfect, no limit\n\
             player b: computer search, 3600 s\n\
             player c: computer search, 20000 nodes\n\
             player d: computer search, 99999999999 nodes\n\
             board:\n    a-2 b-2\n  c-2 d-1\nmoves:\n",
        )
        .unwrap();
        let budgets: Vec<Option<Budget>> = capped(record)
            .seats()
            .iter()
            .map(|seat| match seat {
                Seat::Computer { budget, .. } => Some(*budget),
                Seat::Person => None,
            })
            .collect();
        let minute = Some(RECORD_THINK_CAP);
        assert_eq!(RECORD_THINK_CAP, Duration::from_secs(60));
        assert_eq!(
            budgets,
            [
                Some(Budget {
                    time: minute,
                    nodes: None
                }),
                Some(Budget {
                    time: minute,
                    nodes: None
                }),
                Some(Budget::nodes(20_000)),
                Some(Budget {
                    time: minute,
                    nodes: Some(99_999_999_999)
                }),
            ]
        );
    }
}
