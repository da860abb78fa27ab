//! The new-game screen at work: a bare `dice-of-doom` at a terminal, and a
//! new game (`n`) after a game started from it, set the game up on it
//! (`ui/newgame`), remembered for next time (`config.rs`); the game then
//! starts from the new game the choices make (`Screen::new_game`), by
//! `play`'s own path, or the unfinished game goes on, by `resume`'s.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use crate::cli::args::{ColorChoice, PlayArgs};
use crate::cli::autosaves::{latest_autosave, recent_finished};
use crate::cli::commands::play::{self, Next};
use crate::cli::commands::resume;
use crate::cli::saving::read_record;
use crate::cli::{CliError, config, setup};
use crate::text::{count, shell_quote};
use crate::ui::newgame::{RECENT_SHOWN, Recent, Resumable, Screen};
use crate::ui::{Chosen, run_screen};

/// The bare command (`play` with the options `args`, none given on the
/// command line): the new-game screen at a terminal, the game at once
/// otherwise.
pub(in crate::cli) fn bare(args: &PlayArgs) -> Result<(), CliError> {
    let given = std::env::args_os().len() > 1;
    if given || !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        return play::run(args);
    }
    screen(ColorChoice::Auto)
}

/// Shows the new-game screen, plays the game set up on it, and again after
/// each game the person asks for a new one (`n`); the choices are saved
/// for next time when a game starts.
pub(in crate::cli) fn screen(color: ColorChoice) -> Result<(), CliError> {
    let path = config::config_path();
    let (mut saved, mut message) = match path.as_deref().map(config::load) {
        Some(Ok(saved)) => (saved, None),
        Some(Err(reason)) => (None, Some(reason)),
        None => (None, None),
    };
    loop {
        let (resume, unreadable) = resumable();
        let seed = rand::random_range(0..1_000_000);
        let maps = maps();
        let drawn = setup::drawn_for(&maps);
        let mut screen = Screen::new(saved.as_ref(), maps, resume, seed)
            .with_recent(recent())
            .with_drawn_for(drawn);
        if let Some(message) = message.take().or(unreadable) {
            screen.message = Some(message);
        }
        let chosen = run_screen(&mut screen, color.enabled(true), |screen| {
            setup::deal(&screen.new_game())
                .map(drop)
                .map_err(|e| e.to_string())
        })?;
        let next = match chosen {
            Chosen::Quit => return Ok(()),
            Chosen::Signal(n) => std::process::exit(128 + n),
            // The replay's `q` leaves, as a game's does.
            Chosen::Replay => match screen.chosen_recent() {
                Some(recent) => {
                    let record = read_record(&recent.path)?;
                    return play::replay_full_screen(record, color, true);
                }
                None => continue,
            },
            Chosen::Resume => match screen.resume {
                Some(resume) => play::run_then(&resume::load(resume.path)?, true)?,
                None => continue,
            },
            Chosen::Start => {
                let now = screen.saved();
                if let Some(path) = &path
                    && let Err(e) = config::store(path, &now)
                {
                    message = Some(format!(
                        "the settings cannot be saved in {}: {}",
                        shell_quote(path),
                        setup::load::io_reason(&e)
                    ));
                }
                saved = Some(now);
                play::run_new(&resume::play_defaults()?, screen.new_game())?
            }
        };
        if next == Next::Done {
            return Ok(());
        }
    }
}

/// The unfinished game saved last, to offer on the screen, or why it
/// cannot be offered.
fn resumable() -> (Option<Resumable>, Option<String>) {
    let Ok(Some(path)) = latest_autosave() else {
        return (None, None);
    };
    // Being played by another process: not offered (a new game starts).
    if let Err(held) = crate::cli::locks::lock(&path) {
        let shown = shell_quote(&path);
        return (
            None,
            Some(format!(
                "the unfinished game in {shown} is not offered: {held}"
            )),
        );
    }
    match read_record(&path) {
        Ok(record) => {
            // To the minute: `2026-11-25 10:02 UTC`.
            let saved = record.tags().date.map_or(String::new(), |d| {
                let d = d.to_string();
                match d.split_once(' ') {
                    Some((day, time)) => {
                        format!(", saved {day} {} UTC", &time[..time.len().min(5)])
                    }
                    None => format!(", saved {d}"),
                }
            });
            let about = format!(
                "{} {}, {}{saved}",
                record.rules().set(),
                record.rules().map(),
                count(record.plays().len(), "move", "moves")
            );
            (Some(Resumable { path, about }), None)
        }
        Err(e) => (
            None,
            Some(format!(
                "the unfinished game in {} cannot be read ({e}); it is left as it is",
                shell_quote(&path)
            )),
        ),
    }
}

/// The newest finished games of the history, to offer on the screen to
/// replay (those that cannot be read are left out).
fn recent() -> Vec<Recent> {
    recent_finished(RECENT_SHOWN)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|path| {
            let record = read_record(&path).ok()?;
            Some(Recent {
                about: about_finished(&record),
                path,
            })
        })
        .collect()
}

/// A finished game in a few words: when, the rules, the board, how many
/// played, who won (`2026-11-28 12:01  lol4 5x5, 4 players, a won`).
fn about_finished(record: &crate::record::Record) -> String {
    let when = record.tags().date.map_or(String::new(), |d| {
        let d = d.to_string();
        // To the minute.
        let cut = d.char_indices().nth(16).map_or(d.len(), |(i, _)| i);
        format!("{}  ", &d[..cut])
    });
    let winners: Vec<String> = record
        .result()
        .map(|set| set.iter().map(|p| p.to_string()).collect())
        .unwrap_or_default();
    let result = match winners.len() {
        0 => "unfinished".to_string(),
        1 => format!("{} won", winners[0]),
        _ => format!("{} tied", winners.join(", ")),
    };
    format!(
        "{when}{} {}, {} players, {result}",
        record.rules().set(),
        record.rules().map(),
        record.rules().players()
    )
}

/// The map files offered: those in `maps/` under the current directory
/// (where the project's own are), sorted by name.
fn maps() -> Vec<PathBuf> {
    let mut maps: Vec<PathBuf> = std::fs::read_dir("maps")
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| PathBuf::from("maps").join(e.file_name()))
                .filter(|p| p.extension().is_some_and(|e| e == "map") && p.is_file())
                .collect()
        })
        .unwrap_or_default();
    maps.sort();
    maps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::setup::again::play_args as flags;
    use crate::game::RuleSet;
    use crate::ui::newgame::state::Board;

    /// The screen's choices start the very game their flags start.
    #[test]
    fn the_screen_starts_the_game_its_flags_start() {
        let mut screen = Screen::new(None, Vec::new(), None, 77);
        screen.rules = RuleSet::Lol4;
        screen.board = Board::Side(4);
        screen.players = 4;
        screen.computers = crate::game::Player::all(4).skip(1).collect();
        let line = screen.command();
        let words: Vec<&str> = line.iter().map(String::as_str).collect();
        let (ours, theirs) = (
            setup::deal(&screen.new_game()).unwrap().1,
            setup::deal(&setup::resolve(&flags(&words)).unwrap())
                .unwrap()
                .1,
        );
        assert_eq!(ours.start, theirs.start);
        assert_eq!((ours.seed, &ours.seats), (77, &theirs.seats));
        assert_eq!(ours.rules.map().to_string(), "4x4");
    }

    #[test]
    fn a_game_that_cannot_start_says_why() {
        let mut screen = Screen::new(None, Vec::new(), None, 1);
        screen.board = Board::File(PathBuf::from("maps/no-such.map"));
        let error = setup::deal(&screen.new_game()).unwrap_err().to_string();
        assert!(error.contains("no-such.map"), "{error}");
    }

    #[test]
    fn the_project_s_maps_are_offered() {
        let maps = maps();
        assert!(
            maps.contains(&PathBuf::from("maps/duel-12.map")),
            "{maps:?}"
        );
        assert!(maps.windows(2).all(|w| w[0] < w[1]));
    }
}
