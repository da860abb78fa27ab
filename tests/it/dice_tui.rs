//! The full-screen game under the rule sets with dice, in a
//! pseudo-terminal: a roll shown and settled, the computer fast-forwarded,
//! the autosaved record replayed by the line mode with the same rolls, the
//! same seed playing the same game in both modes, Dice Wars' status line,
//! and the players' colours (the Okabe-Ito palette, none with `NO_COLOR`).

use crate::common;
use crate::pty;

use std::time::{Duration, Instant};

use pty::{Pty, autosave, file_until};

/// The moves of a record's text, one line each.
fn moves(record: &str) -> Vec<&str> {
    record
        .split_once("moves:\n")
        .map_or(Vec::new(), |(_, moves)| moves.lines().collect())
}

/// A record's attack with its roll (`a: 0 -> 5 rolls 5+5+1+2 against
/// 5+5+6+5+1`) as the line mode's transcript prints it (`a plays 0 -> 5
/// rolls 5+5+1+2 = 13 against 5+5+6+5+1 = 22`).
fn as_transcript(line: &str) -> Option<String> {
    let (player, rest) = line.split_once(": ")?;
    let (mv, roll) = rest.split_once(" rolls ")?;
    let (attack, defence) = roll.split_once(" against ")?;
    // A side of several dice with its sum; of one die without.
    let side = |faces: &str| -> String {
        let dice: Vec<u32> = faces.split('+').map(|f| f.parse().unwrap()).collect();
        match dice.len() {
            1 => faces.to_string(),
            _ => format!("{faces} = {}", dice.iter().sum::<u32>()),
        }
    };
    Some(format!(
        "{player} plays {mv} rolls {} against {}",
        side(attack),
        side(defence)
    ))
}

/// A game of the computer against itself, played in both modes.
const WATCHED: [&str; 9] = [
    "play",
    "--rules",
    "lol4",
    "--seed",
    "4",
    "--computer",
    "all",
    "--ai",
    "lol4",
];

/// One test, since the games share one data directory.
#[test]
fn dice_games_full_screen() {
    let place = tempfile::tempdir().unwrap();
    let data = place.path().join("data");
    // Every game of this test is given this data directory.
    let start = |args: &[&str]| Pty::start_in(&data, args);

    // Land of Lisp's last rules against the book's AI: a's attack rolls,
    // settles on its faces, and the record keeps them.
    let mut game = start(&[
        "play",
        "--rules",
        "lol4",
        "--seed",
        "3",
        "--computer",
        "b,c,d",
        "--ai",
        "lol4",
    ]);
    game.wait_for("a to move");
    game.wait_for("largest group: a  2, b  6, c  3, d  5");
    game.send(b"1\r");
    game.wait_for("Last roll: a 0 -> 5");
    let deadline = Instant::now() + pty::WAIT;
    while game.contents().contains("rolling...") || !game.contents().contains("Last roll") {
        assert!(Instant::now() < deadline, "{}", game.contents());
        game.pump(Duration::from_millis(50));
    }
    let shown = game.contents();
    let path = autosave(&data);
    let record = file_until(&path, |t| moves(t).len() == 1);
    let first = moves(&record)[0].to_string();
    let transcript_line = as_transcript(&first).unwrap();
    // The faces on the screen are the record's: ` a 5 5 1 2 = 13`.
    let (_, roll) = transcript_line.split_once(" rolls ").unwrap();
    let (attack, _) = roll.split_once(" against ").unwrap();
    let on_screen = format!(" a {}", attack.replace('+', " "));
    assert!(shown.contains(&on_screen), "{on_screen:?}:\n{shown}");
    let outcome = if shown.contains("0 -> 5: taken") {
        "taken"
    } else {
        "held"
    };
    assert!(shown.contains(&format!("0 -> 5: {outcome}")), "{shown}");
    // The computer's turns, fast-forwarded, back to a.
    game.send(b"e");
    game.wait_for("f fast-forward");
    game.send(b"f");
    game.wait_for("a's turn.");
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"y");
    game.assert_clean_exit();
    assert!(
        game.contents().contains(
            "play this board again with \
                 `dice-of-doom --rules lol4 --seed 3 --size 5 --computer b,c,d --ai lol4`"
        ),
        "{}",
        game.contents()
    );
    // resume goes on with it full screen, its last roll shown.
    let record = std::fs::read_to_string(&path).unwrap();
    let mut game = start(&["resume"]);
    game.wait_for(&format!(
        "The game goes on after {} moves",
        moves(&record).len()
    ));
    game.wait_for("Last roll: ");
    game.ctrl_c_ends_at_once();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), record);
    // The line mode replays the autosaved record with the same rolls.
    let played = moves(&record);
    assert!(played.len() > 2, "{record}");
    let output = common::dice_of_doom()
        .args(["replay", "--plain", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let transcript = String::from_utf8(output.stdout).unwrap();
    let mut rolls = 0;
    let mut from = 0;
    for line in &played {
        if let Some(expected) = as_transcript(line) {
            let at = transcript[from..]
                .find(&expected)
                .unwrap_or_else(|| panic!("{expected:?} not in:\n{transcript}"));
            from += at + expected.len();
            rolls += 1;
        }
    }
    assert!(rolls > 1, "{record}");

    // The same seed plays the same game in both modes.
    let saved = place.path().join("both.txt");
    let mut args = WATCHED.to_vec();
    args.extend(["--save", saved.to_str().unwrap()]);
    let mut game = start(&args);
    game.wait_for("to move");
    let full = file_until(&saved, |t| moves(t).len() >= 5);
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"y");
    game.assert_clean_exit();
    let full = std::fs::read_to_string(&saved).unwrap_or(full);
    let lines_saved = place.path().join("lines.txt");
    let output = common::dice_of_doom()
        .args(WATCHED)
        .args(["--plain", "--save"])
        .arg(&lines_saved)
        .write_stdin("")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let line_mode = std::fs::read_to_string(&lines_saved).unwrap();
    let (full, line_mode) = (moves(&full), moves(&line_mode));
    assert!(full.len() >= 5 && line_mode.len() >= full.len());
    assert_eq!(full, line_mode[..full.len()]);
    assert!(full.iter().any(|m| m.contains(" rolls ")), "{full:?}");

    // Dice Wars: stocks and largest groups in the status line; the eight
    // players each in a colour of the Okabe-Ito palette (the original's
    // map of 28x32 cells drawn small where the bordered drawing does not
    // fit the window).
    let mut game = start(&[
        "play",
        "--rules",
        "dicewars",
        "--players",
        "8",
        "--seed",
        "2",
        "--no-autosave",
    ]);
    // Each player's territories·largest group+stock together (the eight
    // players' without their label at 100 columns).
    game.wait_for("·");
    let status = game
        .contents()
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    assert_eq!(status.matches('·').count(), 8, "{status}");
    assert!(
        status.starts_with(" a ") && status.contains(" h "),
        "{status}"
    );
    game.settle();
    let raw = String::from_utf8_lossy(&game.raw).to_string();
    for colour in [214, 74, 36, 227, 25, 166, 175, 250] {
        // The foreground alone, or with the background (ratatui sets both).
        let set = |end: &str| format!("38;5;{colour}{end}");
        assert!(
            raw.contains(&set("m")) || raw.contains(&set(";49m")),
            "colour {colour}"
        );
    }
    game.ctrl_c_ends_at_once();

    // The line mode paints with the same palette, and NO_COLOR wins over
    // --color always.
    let line_mode = |no_color: bool| {
        let mut command = common::dice_of_doom();
        command
            .args(["play", "--plain", "--color", "always", "--rules", "lol4"])
            .args(["--seed", "3", "--no-autosave"])
            .write_stdin("q\n");
        if no_color {
            command.env("NO_COLOR", "1");
        }
        String::from_utf8(command.output().unwrap().stdout).unwrap()
    };
    let painted = line_mode(false);
    for colour in [214, 74, 36, 227] {
        assert!(
            painted.contains(&format!("\x1b[38;5;{colour}m")),
            "{painted}"
        );
    }
    let plain = line_mode(true);
    assert!(!plain.contains("\x1b["), "{plain}");
    assert!(plain.contains("a-4 c-1 d-2"), "{plain}");

    // NO_COLOR and --color never: no colour at all, the letters and dice
    // still on the board.
    for (args, vars) in [
        (
            vec!["--rules", "lol4", "--seed", "3"],
            vec![("NO_COLOR", "1")],
        ),
        (
            vec!["--rules", "lol4", "--seed", "3", "--color", "never"],
            vec![],
        ),
    ] {
        let mut all = vec!["play", "--no-autosave"];
        all.extend(args);
        let mut game = Pty::start_with(&all, &vars);
        game.wait_for("a to move");
        game.wait_for("a 4");
        game.settle();
        let raw = String::from_utf8_lossy(&game.raw).to_string();
        assert!(!raw.contains("38;5;"), "{all:?} {vars:?}");
        game.ctrl_c_ends_at_once();
    }
}
