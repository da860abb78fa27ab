//! The lines that say how to play a game again, from its
//! [`NewGame`]'s command ([`NewGame::again`]): the line mode's first line,
//! and what is printed after a full-screen game. The line mode and the
//! full-screen game both name it, from here.

use std::io::{self, Write};

use crate::cli::setup::maps::quoted;
use crate::game::{Map, MapKind};
use crate::session::{Board, NewGame};
use crate::ui::terminal::Ending;

/// The line-mode game's first line: what it is played on and its seed, and
/// on a second line the command that plays it again.
pub(in crate::cli) fn seed_line(map: &Map, seed: u64, new: &NewGame) -> String {
    let what = match &new.board {
        Board::BoardFile(path) => format!("The {map} board in {}, seed {seed}.", quoted(path)),
        Board::MapFile(path) => format!("The {map} in {}, seed {seed}.", quoted(path)),
        Board::RandomMap(_) => format!("A random {map}, seed {seed}."),
        Board::Hexagons(_) if map.kind() == MapKind::Territories => {
            format!("A random {map}, seed {seed}.")
        }
        Board::Hexagons(_) => format!("A random {map} board, seed {seed}."),
    };
    match new.clone().with_seed(Some(seed)).again() {
        // On a line of its own, to fit 80 columns.
        Some(again) => format!("{what}\nPlay it again with `{}`.", again.command()),
        None => what,
    }
}

/// What is printed after a full-screen game: who won (or that it was left
/// before its end), then, for a new game `new`, how to play its board again
/// (that of the last game shown, which a new deal, `n`, may have put in its
/// place).
pub(in crate::cli) fn summary(ending: &Ending, new: Option<&NewGame>) -> String {
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
pub(in crate::cli) fn finish(ending: &Ending, new: Option<&NewGame>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(summary(ending, new).as_bytes())
        .and_then(|()| out.flush());
    if ending.signal.is_some() {
        std::process::exit(ending.status());
    }
    written
}

/// The options of `play` on this command line (less the program's name),
/// for tests.
#[cfg(test)]
pub(in crate::cli) fn play_args(line: &[&str]) -> crate::cli::args::PlayArgs {
    use clap::Parser;
    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        play: crate::cli::args::PlayArgs,
    }
    let mut argv = vec!["dice-of-doom"];
    argv.extend(line);
    Wrapper::parse_from(argv).play
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Player, PlayerSet};

    /// The new game of `play` with these options.
    fn args(line: &[&str]) -> NewGame {
        crate::cli::setup::resolve(&play_args(line)).unwrap()
    }

    /// How to play a game again: what it is played on and the command.
    #[derive(Debug, PartialEq, Eq)]
    struct Again {
        what: &'static str,
        command: String,
    }

    /// The command that plays again the game `new` dealt from `seed` (on a
    /// board of `side` rows: the game's own side).
    fn again(new: &NewGame, seed: Option<u64>, side: usize) -> Option<Again> {
        if let Board::Hexagons(own) = new.board {
            assert_eq!(usize::from(own), side);
        }
        let again = new.clone().with_seed(seed).again()?;
        Some(Again {
            what: again.what,
            command: again.command(),
        })
    }

    fn ending(winners: Option<PlayerSet>, seed: Option<u64>) -> Ending {
        Ending {
            winners,
            seed,
            side: 3,
            dealt: false,
            signal: None,
            new_game: false,
        }
    }

    #[test]
    fn the_command_names_every_option_that_makes_the_game() {
        // The options, the seed and side of the game, what it is played
        // on and the command that plays it again (less `dice-of-doom `).
        let cases = [
            ("--seed 42", Some(42), 3, "board", "--seed 42 --size 3"),
            (
                "--size 4 --players 3 --max-dice 5 --seed 5",
                Some(5),
                4,
                "board",
                "--seed 5 --size 4 --players 3 --max-dice 5",
            ),
            (
                "--rules lol4 --seed 1",
                Some(1),
                5,
                "board",
                "--rules lol4 --seed 1 --size 5",
            ),
            // A value the rule set has by default is left out; one that
            // differs from it is named, even where it is classic's default.
            (
                "--rules lol4 --players 4 --first b --seed 1",
                Some(1),
                5,
                "board",
                "--rules lol4 --seed 1 --size 5 --first b",
            ),
            (
                "--rules dicewars --players 2 --max-dice 3 --seed 2",
                Some(2),
                0,
                "map",
                "--rules dicewars --seed 2 --players 2 --max-dice 3",
            ),
            (
                "--seed 3 --map random --territories 12 --grid 20x14 --players 3",
                Some(3),
                0,
                "map",
                "--seed 3 --map random --territories 12 --grid 20x14 --players 3",
            ),
            (
                "--map maps/duel-12.map --players 3",
                None,
                0,
                "map",
                "--map maps/duel-12.map --players 3",
            ),
            // A file's game has a seed too; the computer's seats, opponent
            // and budget are named as given.
            (
                "--board boards/3x3-e.txt --computer b --ai greedy --nodes 500",
                Some(8),
                3,
                "board",
                "--board boards/3x3-e.txt --seed 8 --computer b --ai greedy --nodes 500",
            ),
            (
                "--rules lol4 --map maps/duel-12.map --seed 4 --computer all --think-time 0.5",
                Some(4),
                0,
                "map",
                "--rules lol4 --map maps/duel-12.map --seed 4 --computer all --think-time 0.5",
            ),
        ];
        for (line, seed, side, what, command) in cases {
            let options: Vec<&str> = line.split_whitespace().collect();
            let want = Again {
                what,
                command: format!("dice-of-doom {command}"),
            };
            assert_eq!(again(&args(&options), seed, side), Some(want), "{line}");
        }
        assert_eq!(again(&args(&[]), None, 3), None);
    }

    #[test]
    fn the_summary_names_the_result_and_how_to_play_again() {
        let b = Some(PlayerSet::single(Player::B));
        let seeded = args(&["--seed", "42"]);
        assert_eq!(
            summary(&ending(b, Some(42)), Some(&seeded)),
            "The winner is b.\n\
             Seed 42: play this board again with `dice-of-doom --seed 42 --size 3`.\n"
        );
        let tie = Some(PlayerSet::from_iter([Player::A, Player::B]));
        let rules = args(&["--players", "4", "--max-dice", "5", "--first", "c"]);
        assert_eq!(
            summary(&ending(tie, Some(7)), Some(&rules)),
            "The game is a tie between a and b.\n\
             Seed 7: play this board again with \
             `dice-of-doom --seed 7 --size 3 --players 4 --max-dice 5 --first c`.\n"
        );
        let file = args(&["--board", "my boards/it's.txt"]);
        assert_eq!(
            summary(&ending(None, None), Some(&file)),
            "The game was quit before the end.\n\
             Play this board again with `dice-of-doom --board 'my boards/it'\\''s.txt'`.\n"
        );
        let plain = args(&["--board", "boards/test-2x2.txt"]);
        assert!(
            summary(&ending(None, None), Some(&plain))
                .ends_with("`dice-of-doom --board boards/test-2x2.txt`.\n")
        );
        // A new game (`n`) after a board file is a random board of its size.
        let dealt = Ending {
            dealt: true,
            ..ending(None, Some(5))
        };
        assert!(
            summary(&dealt, Some(&plain)).ends_with("`dice-of-doom --seed 5 --size 3`.\n"),
            "{}",
            summary(&dealt, Some(&plain))
        );
        // One on a map file's map has no command line to play it again.
        let map = args(&["--map", "maps/tiny-4.map"]);
        assert_eq!(
            summary(&dealt, Some(&map)),
            "The game was quit before the end.\n"
        );
        assert!(
            summary(&ending(None, Some(5)), Some(&map)).contains("--map maps/tiny-4.map --seed 5")
        );
    }

    #[test]
    fn the_summary_names_the_rule_set() {
        let lol4 = args(&["--rules", "lol4", "--seed", "3"]);
        let mut end = ending(None, Some(3));
        end.side = 5;
        assert!(summary(&end, Some(&lol4)).ends_with(
            "play this board again with `dice-of-doom --rules lol4 --seed 3 --size 5`.\n"
        ));
        // Dice Wars deals a random map unless told otherwise.
        let dicewars = args(&["--rules", "dicewars", "--seed", "2"]);
        assert!(summary(&ending(None, Some(2)), Some(&dicewars)).ends_with(
            "Seed 2: play this map again with `dice-of-doom --rules dicewars --seed 2`.\n"
        ));
        let sized = args(&["--rules", "dicewars", "--seed", "2", "--size", "4"]);
        let mut end = ending(None, Some(2));
        end.side = 4;
        assert!(summary(&end, Some(&sized)).ends_with(
            "play this board again with `dice-of-doom --rules dicewars --seed 2 --size 4`.\n"
        ));
    }
}
