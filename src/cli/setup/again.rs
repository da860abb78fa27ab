//! The command that plays a game's board or map again: the options that
//! give it (a seed, a size, a map or a board file) with the rule set and
//! the game options that differ from the rule set's defaults. The line mode
//! and the full-screen game both name it, from here.

use crate::cli::load::{played_map, with_defaults};
use crate::cli::maps::{MapChoice, quoted};
use crate::cli::options::{GameOptions, PlayArgs};
use crate::game::RuleSet;

/// How to play a game again: what it was played on and the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) struct Again {
    /// `"board"` or `"map"`.
    pub(in crate::cli) what: &'static str,
    /// The whole command, `dice-of-doom --seed 7 --size 4 --players 3`.
    pub(in crate::cli) command: String,
}

/// The command that plays again the game `args` asked for: its random
/// board or map of `seed` (a board of `side` rows), or its board or map
/// file; `None` when there is none to name (no seed, no file).
///
/// ```text
/// play --size 4 --players 3 --seed 5  ->  dice-of-doom --seed 5 --size 4 --players 3
/// ```
pub(in crate::cli) fn again(args: &PlayArgs, seed: Option<u64>, side: usize) -> Option<Again> {
    // Dice Wars plays a random map unless told otherwise.
    let maps = played_map(args);
    let map = &maps.map;
    let (what, options) = match (seed, &args.board) {
        (Some(seed), _) if map.is_some() => (
            "map",
            format!("--seed {seed} {}", args.maps.replay())
                .trim_end()
                .to_string(),
        ),
        (Some(seed), _) => ("board", format!("--seed {seed} --size {side}")),
        (None, None) if let Some(MapChoice::File(path)) = map => {
            ("map", format!("--map {}", quoted(path)))
        }
        (None, Some(board)) => ("board", format!("--board {}", quoted(board))),
        (None, None) => return None,
    };
    Some(Again {
        what,
        command: command(&options, args),
    })
}

/// The command that plays a board again: `board` (the options that give
/// it), with the rule set and the game options that differ from its
/// defaults.
fn command(board: &str, args: &PlayArgs) -> String {
    let set = args.rules;
    let game = with_defaults(set, args.game);
    let default = with_defaults(set, GameOptions::<0>::default());
    let mut command = if set == RuleSet::default() {
        format!("dice-of-doom {board}")
    } else {
        format!("dice-of-doom --rules {set} {board}")
    };
    if game.players != default.players {
        command += &format!(" --players {}", game.players);
    }
    if game.max_dice != default.max_dice {
        command += &format!(" --max-dice {}", game.max_dice);
    }
    if game.first != default.first {
        command += &format!(" --first {}", game.first);
    }
    command
}

/// The options of `play` on this command line (less the program's name),
/// for tests.
#[cfg(test)]
pub(in crate::cli) fn play_args(line: &[&str]) -> PlayArgs {
    use clap::Parser;
    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        play: PlayArgs,
    }
    let mut argv = vec!["dice-of-doom"];
    argv.extend(line);
    Wrapper::parse_from(argv).play
}

#[cfg(test)]
mod tests {
    use super::play_args as args;
    use super::*;

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
