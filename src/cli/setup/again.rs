//! The line that says what a new game is played on and how to play it
//! again, from its [`NewGame`]'s command ([`NewGame::again`]): the line
//! mode's first line, resolved with the game (`game.rs`). (What is printed
//! after a full-screen game asks the same `NewGame` for the game the screen
//! ended on: `commands/play.rs`.)

use crate::cli::setup::maps::quoted;
use crate::game::{DealChoice, Map, MapKind};
use crate::session::{Board, NewGame};

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
    // The balanced deal said before the seed: `A random 3x3 board, balanced, seed 1.`
    let what = match new.dealt_as() {
        DealChoice::Balanced => what.replacen(", seed", ", balanced, seed", 1),
        DealChoice::Book => what,
    };
    match new.clone().with_seed(Some(seed)).again() {
        // On a line of its own, to fit 80 columns.
        Some(again) => format!("{what}\nPlay it again with `{}`.", again.command()),
        None => what,
    }
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
                // The map's own players (its `players: 2` line), not lol4's 4.
                "--rules lol4 --map maps/duel-12.map --seed 4 --players 2 --computer all \
                 --think-time 0.5",
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
}
