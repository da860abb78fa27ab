//! How the full-screen game ended, what it leaves on the normal screen (the
//! alternate screen takes the game with it) and its exit status.

use std::io::{self, Write};

use crate::cli::args::PlayArgs;
use crate::cli::setup::again::{Again, again_of};
use crate::game::PlayerSet;

/// The end of a full-screen game, as [`super::run`] returns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winners, when the last game was played to its end.
    pub winners: Option<PlayerSet>,
    /// The seed of the last game's random board, if it was a random one.
    pub seed: Option<u64>,
    /// The rows of the last game's board: the side of its rhombus.
    pub side: usize,
    /// Whether the last game was dealt anew (`n`) rather than the one the
    /// command line asked for.
    pub dealt: bool,
    /// The signal that ended it, if one did (`Ctrl-C` is `SIGINT`).
    pub signal: Option<i32>,
    /// Whether the person asked for a new game (`n`), to set up on the
    /// new-game screen.
    pub new_game: bool,
}

impl Ending {
    /// The exit status: 0, or 128 + the number of the signal that ended it.
    pub fn status(&self) -> i32 {
        self.signal.map_or(0, |n| 128 + n)
    }

    /// What is printed after the game: who won (or that it was left before
    /// its end), then how to play its board again.
    pub(in crate::cli) fn summary(&self, args: &PlayArgs) -> String {
        let result = match self.winners {
            Some(w) if w.len() == 1 => format!("The winner is {w}."),
            Some(w) => format!("The game is a tie between {w}."),
            None => "The game was quit before the end.".to_string(),
        };
        match again_of(args, self.seed, self.side, self.dealt) {
            Some(Again { what, command }) => match self.seed {
                Some(seed) => {
                    format!("{result}\nSeed {seed}: play this {what} again with `{command}`.\n")
                }
                None => format!("{result}\nPlay this {what} again with `{command}`.\n"),
            },
            None => format!("{result}\n"),
        }
    }
}

/// Prints the summary of a game on the normal screen; after a signal, exits
/// with its status (a failed write is then ignored: the terminal may be
/// gone).
pub(in crate::cli) fn finish(ending: &Ending, args: &PlayArgs) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(ending.summary(args).as_bytes())
        .and_then(|()| out.flush());
    if ending.signal.is_some() {
        std::process::exit(ending.status());
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::setup::again::play_args as args;
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
    fn the_summary_names_the_result_and_how_to_play_again() {
        let b = Some(PlayerSet::single(Player::B));
        let seeded = args(&["--seed", "42"]);
        assert_eq!(
            ending(b, Some(42)).summary(&seeded),
            "The winner is b.\n\
             Seed 42: play this board again with `dice-of-doom --seed 42 --size 3`.\n"
        );
        let tie = Some(PlayerSet::from_iter([Player::A, Player::B]));
        let rules = args(&["--players", "4", "--max-dice", "5", "--first", "c"]);
        assert_eq!(
            ending(tie, Some(7)).summary(&rules),
            "The game is a tie between a and b.\n\
             Seed 7: play this board again with \
             `dice-of-doom --seed 7 --size 3 --players 4 --max-dice 5 --first c`.\n"
        );
        let file = args(&["--board", "my boards/it's.txt"]);
        assert_eq!(
            ending(None, None).summary(&file),
            "The game was quit before the end.\n\
             Play this board again with `dice-of-doom --board 'my boards/it'\\''s.txt'`.\n"
        );
        let plain = args(&["--board", "boards/test-2x2.txt"]);
        assert!(
            ending(None, None)
                .summary(&plain)
                .ends_with("`dice-of-doom --board boards/test-2x2.txt`.\n")
        );
        // A new game (`n`) after a board file is a random board of its size.
        let dealt = Ending {
            dealt: true,
            ..ending(None, Some(5))
        };
        assert!(
            dealt
                .summary(&plain)
                .ends_with("`dice-of-doom --seed 5 --size 3`.\n"),
            "{}",
            dealt.summary(&plain)
        );
        // One on a map file's map has no command line to play it again.
        let map = args(&["--map", "maps/tiny-4.map"]);
        assert_eq!(dealt.summary(&map), "The game was quit before the end.\n");
        assert!(
            ending(None, Some(5))
                .summary(&map)
                .contains("--map maps/tiny-4.map --seed 5")
        );
    }

    #[test]
    fn the_summary_names_the_rule_set() {
        let lol4 = args(&["--rules", "lol4", "--seed", "3"]);
        let mut end = ending(None, Some(3));
        end.side = 5;
        assert!(end.summary(&lol4).ends_with(
            "play this board again with `dice-of-doom --rules lol4 --seed 3 --size 5`.\n"
        ));
        // Dice Wars deals a random map unless told otherwise.
        let dicewars = args(&["--rules", "dicewars", "--seed", "2"]);
        assert!(ending(None, Some(2)).summary(&dicewars).ends_with(
            "Seed 2: play this map again with `dice-of-doom --rules dicewars --seed 2`.\n"
        ));
        let sized = args(&["--rules", "dicewars", "--seed", "2", "--size", "4"]);
        let mut end = ending(None, Some(2));
        end.side = 4;
        assert!(end.summary(&sized).ends_with(
            "play this board again with `dice-of-doom --rules dicewars --seed 2 --size 4`.\n"
        ));
    }

    #[test]
    fn the_status_is_128_and_the_signal() {
        let mut end = ending(None, None);
        assert_eq!(end.status(), 0);
        end.signal = Some(2);
        assert_eq!(end.status(), 130);
    }
}
