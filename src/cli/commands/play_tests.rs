//! The lines printed after a full-screen game.

use super::*;
use crate::game::{Player, PlayerSet};

/// The new game of `play` with these options.
fn args(line: &[&str]) -> NewGame {
    crate::cli::setup::resolve(&crate::cli::setup::again::play_args(line)).unwrap()
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
    assert!(summary(&ending(None, Some(5)), Some(&map)).contains("--map maps/tiny-4.map --seed 5"));
}

#[test]
fn the_summary_names_the_rule_set() {
    let lol4 = args(&["--rules", "lol4", "--seed", "3"]);
    let mut end = ending(None, Some(3));
    end.side = 5;
    assert!(
        summary(&end, Some(&lol4)).ends_with(
            "play this board again with `dice-of-doom --rules lol4 --seed 3 --size 5`.\n"
        )
    );
    // Dice Wars deals a random map unless told otherwise.
    let dicewars = args(&["--rules", "dicewars", "--seed", "2"]);
    assert!(
        summary(&ending(None, Some(2)), Some(&dicewars)).ends_with(
            "Seed 2: play this map again with `dice-of-doom --rules dicewars --seed 2`.\n"
        )
    );
    let sized = args(&["--rules", "dicewars", "--seed", "2", "--size", "4"]);
    let mut end = ending(None, Some(2));
    end.side = 4;
    assert!(summary(&end, Some(&sized)).ends_with(
        "play this board again with `dice-of-doom --rules dicewars --seed 2 --size 4`.\n"
    ));
}
