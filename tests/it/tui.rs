//! The full-screen game end to end: the binary in a pseudo-terminal, driven
//! with keys and mouse clicks, its screen read back through a terminal
//! emulator (`vt100`), and the terminal checked after it leaves.

use crate::pty;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use dice_of_doom::game::{MapSetup, Player, Position, Rules};
use dice_of_doom::ui::{App, Target, render};
use pty::{COLS, Pty, ROWS, WAIT};
use rustix::process::Signal;

/// Where a cell of a 2x2 board is drawn in the test's window.
fn cell_at(cell: usize) -> (u16, u16) {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let board = "b-2 b-2 / a-2 b-1".parse().unwrap();
    let app = App::new(
        rules.clone(),
        Position::start(&rules, board, Player::A).unwrap(),
        None,
    );
    let frame = render(&app, COLS, ROWS, false);
    let (x, y) = frame.find(Target::Cell(cell)).unwrap();
    (x, y + 2) // the find gives the point of the hexagon; click its middle
}

fn board() -> String {
    PathBuf::from("boards")
        .join("test-2x2.txt")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_whole_game_with_keys_and_clicks_then_the_terminal_is_restored() {
    let mut pty = Pty::start(&["play", "--board", &board(), "--seed", "5"]);
    pty.wait_for("Moves (type a number");
    pty.wait_for("1. 2 -> 3");
    // a: the cursor starts on cell 2; mark it, move right onto 3, attack.
    pty.send(b"\r");
    pty.wait_for("marked: cell 2");
    pty.send(b"\x1b[C");
    pty.wait_for("cursor: cell 3 (b 1) | marked: cell 2");
    pty.send(b" ");
    pty.wait_for("a: 2 -> 3, took 1 die from b");
    pty.send(b"e");
    pty.wait_for("b's turn.");
    // b, with the mouse: mark cell 0, attack cell 2, then end the turn.
    pty.click(cell_at(0));
    pty.wait_for("marked: cell 0");
    pty.click(cell_at(2));
    pty.wait_for("b: 0 -> 2, took 1 die from a");
    pty.send(b"p");
    pty.wait_for("The winner is b");
    pty.wait_for("[ n: new game ]");
    pty.send(b"q");
    pty.assert_clean_exit();
    // The outcome stays on the normal screen.
    let screen = pty.contents();
    assert!(screen.contains("The winner is b."), "{screen}");
    assert!(
        screen.contains(
            "Seed 5: play this board again with \
             `dice-of-doom --board boards/test-2x2.txt --seed 5`."
        ),
        "{screen}"
    );
}

/// The last character on screen (in reading order) that is a click on
/// territory `cell` of `maps/tiny-4.map`: far from its centre.
fn territory_edge(cell: usize) -> (u16, u16) {
    let text = std::fs::read_to_string("maps/tiny-4.map").unwrap();
    let setup = MapSetup::parse(&text).unwrap();
    let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
    let start = setup.position(&rules).unwrap();
    let frame = render(&App::new(rules, start, None), COLS, ROWS, false);
    let mut last = None;
    for y in 0..frame.height() {
        for x in 0..frame.width() {
            if frame.target_at(x, y) == Some(Target::Cell(cell)) {
                last = Some((x, y));
            }
        }
    }
    last.unwrap()
}

#[test]
fn a_map_of_territories_by_keys_and_clicks() {
    let mut pty = Pty::start(&["play", "--map", "maps/tiny-4.map", "--seed", "6"]);
    pty.wait_for("Moves (type a number");
    // A map's cells are its territories (issue 36).
    pty.wait_for("cursor: territory 0 (a 3)");
    // Tab to a's next territory, mark it, then click the edge of the target.
    pty.send(b"\t");
    pty.wait_for("cursor: territory 3 (a 2)");
    pty.send(b"\r");
    pty.wait_for("marked: territory 3");
    pty.click(territory_edge(2));
    pty.wait_for("a: 3 -> 2, took 1 die from b");
    // The arrows go between territories by their centres.
    pty.send(b"\x1b[A");
    pty.wait_for("cursor: territory 0 (a 3)");
    pty.send(b"\x1b[C");
    pty.wait_for("cursor: territory 1 (b 2)");
    pty.send(b"e");
    pty.wait_for("b's turn.");
    pty.send(b"q");
    pty.wait_for("Quit");
    pty.send(b"y");
    pty.assert_clean_exit();
    let screen = pty.contents();
    assert!(
        screen.contains(
            "Seed 6: play this map again with `dice-of-doom --map maps/tiny-4.map --seed 6`."
        ),
        "{screen}"
    );
}

#[test]
fn quitting_asks_first_resizing_redraws_and_ctrl_c_quits_at_once() {
    let mut pty = Pty::start(&["play", "--seed", "5", "--color", "never"]);
    pty.wait_for("seed 5");
    pty.send(b"q");
    pty.wait_for("Quit this game?");
    pty.send(b"n");
    pty.wait_for("Back to the game.");
    pty.send(b"?");
    pty.wait_for("Marks: * can attack");
    pty.send(b"x");
    pty.resize(10, 40);
    pty.wait_for("The window is too small.");
    pty.resize(ROWS, COLS);
    pty.wait_for("Moves (type a number");
    pty.send(b"\x03");
    pty.assert_exit(130);
    let screen = pty.contents();
    assert!(
        screen.contains("The game was quit before the end."),
        "{screen}"
    );
    assert!(
        screen.contains("Seed 5: play this board again with `dice-of-doom --seed 5 --size 3`."),
        "{screen}"
    );
}

#[test]
fn plain_keeps_the_line_mode_at_a_terminal() {
    let mut pty = Pty::start(&["play", "--plain", "--board", &board()]);
    pty.wait_for("choose your move:");
    pty.send(b"q\n");
    let status = pty.wait_exit();
    assert!(status.success(), "{status:?}");
    assert!(!String::from_utf8_lossy(&pty.raw).contains("\x1b[?1049h"));
}

/// Ctrl-C in the line mode: the terminal's SIGINT ends the process, which
/// a shell reports as 130, the full-screen game's exit status for Ctrl-C.
#[test]
fn ctrl_c_in_the_line_mode_and_the_help() {
    use std::os::unix::process::ExitStatusExt;
    let mut pty = Pty::start(&["play", "--plain", "--board", &board()]);
    pty.wait_for("choose your move:");
    pty.send(b"\x03");
    let status = pty.wait_exit();
    assert_eq!(status.signal(), Some(Signal::INT.as_raw()), "{status:?}");
    let help = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .args(["play", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("130  interrupted with Ctrl-C"), "{help}");
}

/// A person (a) against the greedy computer (b) on the 2x2 test board.
fn against_greedy() -> Pty {
    Pty::start(&[
        "play",
        "--board",
        &board(),
        "--computer",
        "b",
        "--ai",
        "greedy",
    ])
}

#[test]
fn a_person_plays_the_computer_to_the_end() {
    let mut pty = against_greedy();
    pty.wait_for("1. 2 -> 3");
    pty.send(b"1");
    pty.wait_for("a: 2 -> 3, took 1 die from b");
    pty.send(b"e");
    pty.wait_for("b to move: the computer (greedy) is thinking");
    // The computer's first move waits for its pause: the board is not ours.
    pty.send(b"1");
    pty.wait_for("The computer is playing b: wait for your turn");
    // Greedy takes both of a's cells, one at a time, and ends its turn.
    let turn = Instant::now();
    pty.wait_for("b: 0 -> 2, took 1 die from a");
    let first = Instant::now();
    pty.wait_for("b: 1 -> 3, took 1 die from a");
    // Each move stays on the screen long enough to be seen (0.5 s).
    let pause = Duration::from_millis(300);
    assert!(first - turn > pause, "{:?}", first - turn);
    assert!(first.elapsed() > pause, "{:?}", first.elapsed());
    pty.wait_for("b: end turn, +1 die");
    pty.wait_for("The winner is b");
    pty.wait_for("[ n: new game ]");
    pty.send(b"q");
    pty.assert_clean_exit();
}

/// The computer playing itself on a 2x2 board, seed 3.
fn playing_itself() -> Pty {
    Pty::start(&[
        "play",
        "--size",
        "2",
        "--seed",
        "3",
        "--computer",
        "all",
        "--ai",
        "greedy",
    ])
}

#[test]
fn the_computer_plays_itself_and_starts_again() {
    let mut pty = playing_itself();
    pty.wait_for("the computer (greedy) is thinking");
    pty.wait_for("[ n: new game ]");
    pty.send(b"n");
    pty.wait_for("the computer (greedy) is thinking");
    pty.wait_for("[ n: new game ]");
    pty.send(b"q");
    pty.assert_clean_exit();
}

/// A computer that thinks for a minute, on a board too large to solve.
fn thinking_for_a_minute() -> Pty {
    Pty::start(&[
        "play",
        "--size",
        "5",
        "--seed",
        "1",
        "--first",
        "b",
        "--computer",
        "b",
        "--think-time",
        "60",
    ])
}

#[test]
fn quitting_while_the_computer_thinks() {
    let mut pty = thinking_for_a_minute();
    pty.wait_for("the computer (search) is thinking");
    pty.send(b"?");
    pty.wait_for("Marks: * can attack");
    pty.send(b"x");
    pty.send(b"q");
    pty.wait_for("Quit this game?");
    pty.send(b"y");
    let started = Instant::now();
    let status = pty.wait_exit();
    assert!(status.success(), "{status:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "it did not wait for the computer"
    );
    pty.assert_restored();
}

#[test]
fn ctrl_c_while_the_computer_thinks() {
    let mut pty = thinking_for_a_minute();
    pty.wait_for("the computer (search) is thinking");
    pty.ctrl_c_ends_at_once();
}

/// Hints are worked out in the background: every key works meanwhile, and
/// Ctrl-C ends the game at once.
#[test]
fn keys_and_ctrl_c_work_while_hints_are_worked_out() {
    let mut pty = Pty::start(&[
        "play",
        "--size",
        "6",
        "--seed",
        "3",
        "--computer",
        "b",
        "--think-time",
        "20",
    ]);
    pty.wait_for("? help");
    pty.send_until(
        b"H",
        "Working out hints (perfect, up to 20 s)... Esc cancels.",
    );
    pty.send(b"l?");
    pty.wait_for("Marks: * can attack");
    pty.send(b"x");
    pty.wait_for("Working out hints");
    pty.ctrl_c_ends_at_once();
    assert!(pty.contents().contains("Seed 3: play this board again"));
}

/// TERM, HUP, INT and QUIT give the terminal back and exit with 128 and the
/// signal's number, in a game between people and while the computer thinks.
#[test]
fn signals_restore_the_terminal_and_exit_with_128_and_their_number() {
    for (signal, thinking) in [
        (Signal::TERM, true),
        (Signal::HUP, false),
        (Signal::INT, true),
        (Signal::QUIT, false),
    ] {
        let mut pty = if thinking {
            let mut pty = thinking_for_a_minute();
            pty.wait_for("the computer (search) is thinking");
            pty
        } else {
            let mut pty = Pty::start(&["play", "--seed", "5"]);
            pty.wait_for("Moves (type a number");
            pty
        };
        pty.kill(signal);
        pty.assert_exit(128 + signal.as_raw());
    }
}

/// Ctrl-Z (the key in raw mode, or SIGTSTP) gives the terminal back and
/// stops; SIGCONT takes it again and redraws the game, which still quits.
#[test]
#[cfg(target_os = "linux")] // reads the process's state in /proc
fn suspending_and_resuming_redraws_the_game() {
    let mut pty = Pty::start(&["play", "--seed", "5", "--color", "never"]);
    for suspend in [None, Some(Signal::TSTP)] {
        pty.wait_for("Moves (type a number");
        match suspend {
            None => pty.send(b"\x1a"),
            Some(signal) => pty.kill(signal),
        }
        // The process stops (state `T`) once the terminal is given back.
        let stat = format!("/proc/{}/stat", pty.child.id());
        let deadline = Instant::now() + WAIT;
        while !std::fs::read_to_string(&stat).is_ok_and(|s| s.contains(") T ")) {
            assert!(Instant::now() < deadline, "the game did not stop");
            pty.pump(Duration::from_millis(50));
        }
        while pty.pump(Duration::from_millis(100)) {}
        pty.assert_restored();
        assert!(!pty.contents().contains("Moves (type a number"));
        pty.kill(Signal::CONT);
    }
    pty.wait_for("Moves (type a number");
    pty.send(b"q");
    pty.wait_for("Quit this game?");
    pty.send(b"y");
    pty.assert_clean_exit();
}

/// Unfinished sequences a terminal (or a paste) could send: each is given
/// up, and the keys after it work.
const PARTIAL: [&[u8]; 6] = [
    b"\x1b[200~",
    b"\xc3",
    b"\x1b[",
    b"\x1bO",
    b"\x1b[<0;1",
    b"\x1b",
];

#[test]
fn keys_work_after_an_unfinished_sequence() {
    for partial in PARTIAL {
        let mut pty = Pty::start(&["play", "--seed", "5", "--color", "never"]);
        pty.wait_for("Moves (type a number");
        pty.send(partial);
        pty.send_until(b"?", "Marks: * can attack");
        pty.send(b"x");
        pty.send_until(b"q", "Quit this game?");
        pty.send(b"y");
        pty.assert_clean_exit();
    }
}

#[test]
fn the_computer_keeps_playing_while_a_sequence_is_unfinished() {
    let mut pty = playing_itself();
    pty.wait_for("the computer (greedy) is thinking");
    for partial in PARTIAL {
        pty.send(partial);
    }
    pty.wait_for("[ n: new game ]");
    pty.send_until(b"q", "dice-of-doom --seed 3 --size 2");
    pty.assert_clean_exit();
}

impl Pty {
    /// The screen once `text` shows and the frame is whole, without what
    /// says how the position was reached: the message, the keys, and the
    /// button that redoes moves taken back.
    fn as_reached(&mut self, text: &str) -> String {
        self.wait_for(text);
        self.settle();
        let screen = self.contents().replace("[ Redo (r) ]", "");
        let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
        lines[..lines.len().saturating_sub(3)].join("\n")
    }
}

/// The screen of a game on seed 1's 3x3 board after `keys`, each typed
/// once the log shows the one before it.
fn reached_directly(keys: &[(&[u8], &str)], last: &str) -> String {
    let mut pty = Pty::start(&["play", "--seed", "1", "--size", "3", "--color", "never"]);
    pty.wait_for("seed 1");
    for (key, logged) in keys {
        pty.send(key);
        pty.wait_for(logged);
    }
    let screen = pty.as_reached(last);
    pty.send(b"\x03");
    pty.wait_exit();
    screen
}

#[test]
fn undo_twice_and_redo_show_the_positions_reached_directly() {
    let moves: [(&[u8], &str); 3] = [
        (b"1", "a: 2 -> 1, took 1 die from b"),
        (b"2", "a: 6 -> 7, took 1 die from b"),
        (b"1", "a: end turn, +"),
    ];
    let mut pty = Pty::start(&["play", "--seed", "1", "--size", "3", "--color", "never"]);
    pty.wait_for("seed 1");
    for (key, logged) in moves {
        pty.send(key);
        pty.wait_for(logged);
    }
    pty.wait_for("b's turn.");
    pty.send(b"u");
    pty.wait_for("Undone: a: end turn");
    pty.send(b"u");
    let undone = pty.as_reached("Undone: a: 6 -> 7");
    assert!(!undone.contains("a: 6 -> 7"), "{undone}");
    pty.wait_for("[ Redo (r) ]");
    pty.wait_for("u/r undo/redo");
    assert_eq!(undone, reached_directly(&moves[..1], "a took cell 1."));
    // The button redoes, as the key does.
    pty.click(
        vt100_find(&pty.contents(), "[ Redo (r) ]").expect("the redo button is on the screen"),
    );
    let redone = pty.as_reached("Redone: a: 6 -> 7");
    assert_eq!(redone, reached_directly(&moves[..2], "a took cell 7."));
    // A new move forgets the move taken back.
    pty.send(b"1");
    pty.wait_for("b's turn.");
    pty.send(b"r");
    pty.wait_for("Nothing to redo");
    pty.send(b"\x03");
    pty.assert_exit(130);
}

/// Where `text` starts on the screen `contents`: its column and row.
fn vt100_find(contents: &str, text: &str) -> Option<(u16, u16)> {
    contents.lines().enumerate().find_map(|(y, line)| {
        let x = line.find(text)?;
        Some((u16::try_from(x).ok()? + 2, u16::try_from(y).ok()?))
    })
}

#[test]
fn against_the_computer_undo_goes_back_to_the_persons_turn() {
    let mut pty = against_greedy();
    pty.wait_for("1. 2 -> 3");
    pty.send(b"1");
    let attacked = pty.as_reached("a took cell 3.");
    pty.send(b"e");
    pty.wait_for("The winner is b");
    pty.wait_for("n new game  u undo");
    // Back over the computer's whole turn and a's end of turn.
    pty.send(b"u");
    let undone = pty.as_reached("Undone: 4 moves, back to a's turn");
    assert_eq!(undone, attacked);
    pty.send(b"r");
    pty.wait_for("Redone: 4 moves");
    pty.wait_for("The winner is b");
    pty.send(b"q");
    pty.assert_clean_exit();
}

#[test]
fn help_at_a_terminal_is_wrapped_to_its_width() {
    // Rows 0, as a bare pseudo-terminal reports (`script` with `stty cols`),
    // and a full window.
    for (rows, cols) in [(0, 80), (24, 60)] {
        for args in [&["stats", "-h"][..], &["play", "--help"], &["arena", "-h"]] {
            let mut pty = Pty::start_sized(args, &[], rows, cols);
            assert!(pty.wait_exit().success());
            let text = String::from_utf8_lossy(&pty.raw).into_owned();
            let plain = strip_escapes(&text);
            assert!(plain.contains("Usage: dice-of-doom"), "{plain}");
            for line in plain.lines() {
                let width = line.trim_end_matches('\r').chars().count();
                assert!(width <= usize::from(cols), "{args:?} at {cols}: {line:?}");
            }
        }
    }
}

/// `text` without its SGR escapes (`ESC [ ... m`).
fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

/// An autosave that cannot be written: the warning at once, `NOT SAVED`
/// in the status after other messages, and exit status 1 at the end.
#[test]
fn a_game_not_being_saved_says_so_and_ends_with_status_1() {
    let place = tempfile::tempdir().unwrap();
    // The data directory is a file: nothing can be written under it.
    let data = place.path().join("data");
    std::fs::write(&data, "not a directory\n").unwrap();
    let mut game = Pty::start_with(
        &["play", "--board", "boards/test-2x2.txt"],
        &[("DICE_OF_DOOM_DATA_DIR", data.to_str().unwrap())],
    );
    game.wait_for("This game is not being saved: Not a directory.");
    assert!(game.contents().contains("NOT SAVED"), "{}", game.contents());
    game.send(b"1");
    game.wait_for("a: 2 -> 3");
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"n");
    game.wait_for("Back to the game.");
    assert!(game.contents().contains("NOT SAVED"), "{}", game.contents());
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"y");
    game.assert_exit(1);
    game.wait_for("the game could not be saved to");
}
