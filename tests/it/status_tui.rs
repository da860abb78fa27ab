//! Dice Wars' numbers in the full-screen game's status, in a
//! pseudo-terminal at 80x24 and 120x40: every player's territories,
//! largest group and stock always shown (issue 36: at 80 columns they gave
//! way), a player out said once, the map's cells called territories, and a
//! map file's players (`maps/original-30.map` is drawn for two).

use crate::pty::Pty;

/// A player's territories, largest group and stock.
type Numbers = (u32, u32, u32);

/// Each player's numbers on the status's second line, as `(letter,
/// numbers)` (a player out: `None`).
fn numbers(screen: &str) -> Vec<(char, Option<Numbers>)> {
    let line = screen.lines().nth(1).unwrap_or_default();
    let units = line.rsplit_once(": ").map_or(line, |(_, units)| units);
    let words: Vec<&str> = units.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    words
        .chunks(2)
        .map(|pair| {
            let letter = pair[0].chars().next().unwrap();
            let unit = pair.get(1).copied().unwrap_or_default();
            let parsed = unit.split_once('·').and_then(|(cells, rest)| {
                let (group, stock) = rest.split_once('+')?;
                Some((
                    cells.parse().ok()?,
                    group.parse().ok()?,
                    stock.parse().ok()?,
                ))
            });
            (letter, parsed)
        })
        .collect()
}

/// The game of `args` in a `rows` x `cols` window, and its first screen
/// once the players' numbers show.
fn first_screen(args: &[&str], rows: u16, cols: u16) -> (Pty, String) {
    let mut game = Pty::start_sized(args, &[], rows, cols);
    game.wait_for("a to move");
    game.wait_for("·");
    game.settle();
    let screen = game.contents();
    (game, screen)
}

/// A game against six computers, at 80x24 and 120x40: the seven players'
/// numbers on one line, the cursor's territory on the first.
#[test]
fn every_players_largest_group_and_stock_at_80x24_and_120x40() {
    let args: Vec<&str> = ["play"]
        .into_iter()
        .chain(crate::common::DICE_WARS_VS_SIX)
        .chain(["--no-autosave"])
        .collect();
    for (rows, cols) in [(24, 80), (40, 120)] {
        let (mut game, screen) = first_screen(&args, rows, cols);
        let players = numbers(&screen);
        let letters: String = players.iter().map(|p| p.0).collect();
        assert_eq!(letters, "abcdefg", "{cols}x{rows}:\n{screen}");
        // Seven players in, each with territories, a largest group no
        // larger, and an empty stock at the start.
        let mut total = 0;
        for (letter, numbers) in &players {
            let (cells, group, stock) = numbers.unwrap_or_else(|| panic!("{letter}:\n{screen}"));
            assert!(group >= 1 && group <= cells && stock == 0, "{screen}");
            total += cells;
        }
        assert!((24..=31).contains(&total), "{total}: {screen}");
        assert!(!screen.contains(" cell "), "{screen}");
        if cols == 120 {
            // The cursor's territory on the first line, where it fits.
            let first = screen.lines().next().unwrap_or_default();
            assert!(first.contains("cursor: territory"), "{first}");
            let second = screen.lines().nth(1).unwrap_or_default();
            assert!(
                second.starts_with(" territories·largest group+stock: a "),
                "{second}"
            );
        }
        game.ctrl_c_ends_at_once();
    }
}

/// The two-player map file plays with its two players, not Dice Wars'
/// seven (five of them out at once), at 80x24 and 120x40; seven asked for
/// are refused.
#[test]
fn a_two_player_map_file_plays_with_two_players() {
    let args = [
        "play",
        "--rules",
        "dicewars",
        "--map",
        "maps/original-30.map",
        "--seed",
        "5",
        "--no-autosave",
    ];
    for (rows, cols) in [(24, 80), (40, 120)] {
        let (mut game, screen) = first_screen(&args, rows, cols);
        let players = numbers(&screen);
        assert_eq!(players.len(), 2, "{screen}");
        assert!(players.iter().all(|p| p.1.is_some()), "{screen}");
        let held: u32 = players.iter().filter_map(|p| p.1).map(|n| n.0).sum();
        assert_eq!(held, 30, "{screen}");
        game.ctrl_c_ends_at_once();
    }
    crate::common::dice_of_doom()
        .args(["play", "--plain", "--rules", "dicewars"])
        .args(["--map", "maps/original-30.map", "--players", "7"])
        .write_stdin("")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dice-of-doom: --players 7: maps/original-30.map is drawn for 2 players (its line \
             `players: 2`), not 7; play it with --players 2\n",
        );
}
