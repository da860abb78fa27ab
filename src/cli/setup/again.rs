//! The command that plays a game again: the options that give its board
//! or map (a seed with a size, a random map's shape, a board or map file)
//! with the rule set, the game options that differ from the rule set's
//! defaults and the computer's seats, opponent and budget. The line mode and
//! the full-screen game both name it, from here.

use std::io::{self, Write};
use std::time::Duration;

use super::{Played, resolve};
use crate::cli::args::{ComputerPlayers, PlayArgs};
use crate::cli::setup::maps::quoted;
use crate::game::{Map, MapKind, PlayerSet, RuleSet};
use crate::ui::terminal::Ending;

/// How to play a game again: what it was played on and the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) struct Again {
    /// `"board"` or `"map"`.
    pub(in crate::cli) what: &'static str,
    /// The whole command, `dice-of-doom --seed 7 --size 4 --players 3`.
    pub(in crate::cli) command: String,
}

/// The command that plays again the game `args` asked for with `seed`: its
/// random board or map (a board of `side` rows), or its board or map file;
/// `None` when there is none to name (a game read from a record).
///
/// ```text
/// play --size 4 --players 3 --seed 5  ->  dice-of-doom --seed 5 --size 4 --players 3
/// play --board b.txt --computer b     ->  dice-of-doom --board b.txt --seed 5 --computer b
/// ```
pub(in crate::cli) fn again(args: &PlayArgs, seed: Option<u64>, side: usize) -> Option<Again> {
    again_of(args, seed, side, false)
}

/// [`again`] for the game shown, which is the command line's own unless
/// `dealt`: a new game dealt in its place from `seed` (the full-screen
/// game's `n`), which a board file's game plays as a random board of its
/// size; one dealt on a map file's map has no command line.
pub(in crate::cli) fn again_of(
    args: &PlayArgs,
    seed: Option<u64>,
    side: usize,
    dealt: bool,
) -> Option<Again> {
    let options = resolve(args);
    let with_seed = seed.map_or(String::new(), |seed| format!(" --seed {seed}"));
    let (what, ground) = match (&options.ground, seed) {
        (Played::BoardFile(_), Some(seed)) if dealt => {
            ("board", format!("--seed {seed} --size {side}"))
        }
        (Played::MapFile(_), _) if dealt => return None,
        // Dice Wars plays a random map unless told otherwise: the map
        // options as given.
        (Played::RandomMap, Some(seed)) => (
            "map",
            format!("--seed {seed} {}", args.maps.replay())
                .trim_end()
                .to_string(),
        ),
        (Played::RandomBoard(_), Some(seed)) => ("board", format!("--seed {seed} --size {side}")),
        (Played::MapFile(path), _) => ("map", format!("--map {}{with_seed}", quoted(path))),
        (Played::BoardFile(path), _) => ("board", format!("--board {}{with_seed}", quoted(path))),
        (Played::RandomMap | Played::RandomBoard(_), None) => return None,
    };
    let set = options.set;
    let mut command = if set == RuleSet::default() {
        format!("dice-of-doom {ground}")
    } else {
        format!("dice-of-doom --rules {set} {ground}")
    };
    let (game, default) = (options.game, set.defaults());
    if game.players != default.players {
        command += &format!(" --players {}", game.players);
    }
    if game.max_dice != default.max_dice {
        command += &format!(" --max-dice {}", game.max_dice);
    }
    if game.first != crate::game::Player::A {
        command += &format!(" --first {}", game.first);
    }
    command += &computer_options(args);
    Some(Again { what, command })
}

/// The options that seat the computer and say how it plays, as given:
/// ` --computer b,c --ai greedy --nodes 2000`.
fn computer_options(args: &PlayArgs) -> String {
    let mut out = String::new();
    match args.computer {
        Some(ComputerPlayers::All) => out += " --computer all",
        Some(ComputerPlayers::Some(set)) if set == PlayerSet::EMPTY => out += " --computer none",
        Some(ComputerPlayers::Some(set)) => {
            let letters: Vec<String> = set.iter().map(|p| p.to_string()).collect();
            out += &format!(" --computer {}", letters.join(","));
        }
        None => {}
    }
    if let Some(ai) = args.ai {
        out += &format!(" --ai {}", ai.name());
    }
    match args.nodes {
        Some(nodes) => out += &format!(" --nodes {nodes}"),
        None if args.think_time != Duration::from_secs(1) => {
            out += &format!(" --think-time {}", args.think_time.as_secs_f64());
        }
        None => {}
    }
    out
}

/// The line-mode game's first line: what it is played on and its seed, and
/// on a second line the command that plays it again.
pub(in crate::cli) fn seed_line(map: &Map, seed: u64, args: &PlayArgs) -> String {
    let options = resolve(args);
    let what = match &options.ground {
        Played::BoardFile(path) => format!("The {map} board in {}, seed {seed}.", quoted(path)),
        Played::MapFile(path) => format!("The {map} in {}, seed {seed}.", quoted(path)),
        Played::RandomMap => format!("A random {map}, seed {seed}."),
        Played::RandomBoard(_) if map.kind() == MapKind::Territories => {
            format!("A random {map}, seed {seed}.")
        }
        Played::RandomBoard(_) => format!("A random {map} board, seed {seed}."),
    };
    match again(args, Some(seed), map.rows()) {
        // On a line of its own, to fit 80 columns.
        Some(again) => format!("{what}\nPlay it again with `{}`.", again.command),
        None => what,
    }
}

/// What is printed after a full-screen game: who won (or that it was left
/// before its end), then how to play its board again.
pub(in crate::cli) fn summary(ending: &Ending, args: &PlayArgs) -> String {
    let result = match ending.winners {
        Some(w) if w.len() == 1 => format!("The winner is {w}."),
        Some(w) => format!("The game is a tie between {w}."),
        None => "The game was quit before the end.".to_string(),
    };
    match again_of(args, ending.seed, ending.side, ending.dealt) {
        Some(Again { what, command }) => match ending.seed {
            Some(seed) => {
                format!("{result}\nSeed {seed}: play this {what} again with `{command}`.\n")
            }
            None => format!("{result}\nPlay this {what} again with `{command}`.\n"),
        },
        None => format!("{result}\n"),
    }
}

/// Prints the summary of a game on the normal screen; after a signal, exits
/// with its status (a failed write is then ignored: the terminal may be
/// gone).
pub(in crate::cli) fn finish(ending: &Ending, args: &PlayArgs) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(summary(ending, args).as_bytes())
        .and_then(|()| out.flush());
    if ending.signal.is_some() {
        std::process::exit(ending.status());
    }
    written
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
    use crate::game::Player;

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
            summary(&ending(b, Some(42)), &seeded),
            "The winner is b.\n\
             Seed 42: play this board again with `dice-of-doom --seed 42 --size 3`.\n"
        );
        let tie = Some(PlayerSet::from_iter([Player::A, Player::B]));
        let rules = args(&["--players", "4", "--max-dice", "5", "--first", "c"]);
        assert_eq!(
            summary(&ending(tie, Some(7)), &rules),
            "The game is a tie between a and b.\n\
             Seed 7: play this board again with \
             `dice-of-doom --seed 7 --size 3 --players 4 --max-dice 5 --first c`.\n"
        );
        let file = args(&["--board", "my boards/it's.txt"]);
        assert_eq!(
            summary(&ending(None, None), &file),
            "The game was quit before the end.\n\
             Play this board again with `dice-of-doom --board 'my boards/it'\\''s.txt'`.\n"
        );
        let plain = args(&["--board", "boards/test-2x2.txt"]);
        assert!(
            summary(&ending(None, None), &plain)
                .ends_with("`dice-of-doom --board boards/test-2x2.txt`.\n")
        );
        // A new game (`n`) after a board file is a random board of its size.
        let dealt = Ending {
            dealt: true,
            ..ending(None, Some(5))
        };
        assert!(
            summary(&dealt, &plain).ends_with("`dice-of-doom --seed 5 --size 3`.\n"),
            "{}",
            summary(&dealt, &plain)
        );
        // One on a map file's map has no command line to play it again.
        let map = args(&["--map", "maps/tiny-4.map"]);
        assert_eq!(summary(&dealt, &map), "The game was quit before the end.\n");
        assert!(summary(&ending(None, Some(5)), &map).contains("--map maps/tiny-4.map --seed 5"));
    }

    #[test]
    fn the_summary_names_the_rule_set() {
        let lol4 = args(&["--rules", "lol4", "--seed", "3"]);
        let mut end = ending(None, Some(3));
        end.side = 5;
        assert!(summary(&end, &lol4).ends_with(
            "play this board again with `dice-of-doom --rules lol4 --seed 3 --size 5`.\n"
        ));
        // Dice Wars deals a random map unless told otherwise.
        let dicewars = args(&["--rules", "dicewars", "--seed", "2"]);
        assert!(summary(&ending(None, Some(2)), &dicewars).ends_with(
            "Seed 2: play this map again with `dice-of-doom --rules dicewars --seed 2`.\n"
        ));
        let sized = args(&["--rules", "dicewars", "--seed", "2", "--size", "4"]);
        let mut end = ending(None, Some(2));
        end.side = 4;
        assert!(summary(&end, &sized).ends_with(
            "play this board again with `dice-of-doom --rules dicewars --seed 2 --size 4`.\n"
        ));
    }
}
