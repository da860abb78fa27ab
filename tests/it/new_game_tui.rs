//! The new-game screen end to end: a bare `dice-of-doom` in an 80x24
//! pseudo-terminal sets up a game by keys and clicks, plays it, remembers
//! the choices, and offers the unfinished game next time.

use crate::pty::{self, Pty};

use std::time::{Duration, Instant};

use rustix::process::Signal;

/// Where `text` is on the screen `contents`: its column and row, from 0.
fn find(contents: &str, text: &str) -> Option<(u16, u16)> {
    contents.lines().enumerate().find_map(|(y, line)| {
        let x = line.find(text)?;
        let x = line[..x].chars().count();
        Some((u16::try_from(x).ok()?, u16::try_from(y).ok()?))
    })
}

/// A bare `dice-of-doom` in an 80x24 window, its data (and settings) in
/// `data`.
fn bare(data: &std::path::Path) -> Pty {
    let data = data.to_str().unwrap();
    Pty::start_sized(&[], &[("DICE_OF_DOOM_DATA_DIR", data)], 24, 80)
}

#[test]
fn a_lol4_game_against_three_computers_set_up_on_the_screen() {
    let place = tempfile::tempdir().unwrap();
    let data = place.path();
    let mut screen = bare(data);
    screen.wait_for("Dice of Doom: a new game");
    screen.wait_for("Land of Lisp's first rules");
    // The rule set by keys: to the first line, then the next value.
    screen.send(b"\x1b[H");
    screen.send(b"\x1b[C");
    screen.wait_for("Land of Lisp's last rules");
    for seat in ["Player b", "Player c", "Player d"] {
        assert!(screen.contents().contains(seat), "{}", screen.contents());
    }
    // The strength by a click on its `<`: easy, 10,000 of `chance`'s nodes a
    // move, 5,000 of lol4's `mcts` (a round of three computers in 0.02 s).
    let (_, y) = find(&screen.contents(), "Strength").unwrap();
    let row = screen
        .contents()
        .lines()
        .nth(usize::from(y))
        .unwrap()
        .to_string();
    let x = u16::try_from(row.find("< ").unwrap()).unwrap();
    screen.click((x, y));
    screen.wait_for("5,000 nodes: a round of three");
    screen.wait_for("--nodes 5000");
    screen.send(b"\r");
    // The game: a person at a, the computer at b, c and d.
    screen.wait_for("a to move");
    assert!(
        screen.contents().contains("cells: a "),
        "{}",
        screen.contents()
    );
    // Until a's moves are autosaved (a loaded machine may take a while to
    // answer the keys). The computers' turns are fast-forwarded only while
    // nothing is saved: once the game is over its autosave is removed, and
    // three computers can end a lol4 game in a few turns of a's.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(Instant::now() < deadline, "{}", screen.contents());
        // An attack if there is one (the first move listed), then the end
        // of the turn.
        screen.send(b"1\r");
        screen.settle();
        screen.send(b"e");
        screen.settle();
        if !pty::saves(data).is_empty() {
            break;
        }
        assert!(
            !screen.contents().contains("Game over"),
            "over before a move was saved: {}",
            screen.contents()
        );
        screen.send(b"f");
        screen.settle();
    }
    let record = pty::autosave(data);
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("player b: computer mcts, 5000 nodes"),
        "{text}"
    );
    assert!(text.contains("moves:\na: "), "{text}");
    screen.send(b"q");
    screen.wait_for("Quit this game?");
    screen.send(b"y");
    screen.assert_clean_exit();
    let after = screen.contents().replace('\n', "");
    assert!(after.contains("--rules lol4"), "{after}");
    // The choices are remembered.
    let settings = std::fs::read_to_string(data.join("new-game.json")).unwrap();
    assert!(settings.contains("\"rules\": \"lol4\""), "{settings}");
    assert!(settings.contains("\"computers\": \"bcd\""), "{settings}");
    assert!(settings.contains("\"strength\": \"easy\""), "{settings}");

    // Next time the screen offers the unfinished game, and the choices.
    let mut screen = bare(data);
    screen.wait_for("Resume your game (r): lol4 5x5,");
    screen.wait_for("Land of Lisp's last rules");
    screen.send(b"q");
    screen.assert_clean_exit();
}

#[test]
fn a_broken_settings_file_is_reported_on_the_screen_and_flags_skip_it() {
    let place = tempfile::tempdir().unwrap();
    let data = place.path();
    std::fs::write(data.join("new-game.json"), "{ broken").unwrap();
    let mut screen = bare(data);
    screen.wait_for("are broken (");
    screen.wait_for("Land of Lisp's first rules");
    screen.send(b"\x03");
    screen.assert_exit(130);
    // Any option skips the screen.
    let mut game = Pty::start_in(data, &["--seed", "3"]);
    game.wait_for("a to move");
    game.send(b"\x03");
    game.assert_exit(130);
}

#[test]
fn a_game_that_cannot_start_says_why_and_the_screen_stays() {
    let place = tempfile::tempdir().unwrap();
    let data = place.path();
    let settings = r#"{"version": 1, "rules": "classic", "board": "map maps/nope.map",
        "players": 2, "computers": "b", "ai": "search", "strength": "easy", "first": "a"}"#;
    std::fs::write(data.join("new-game.json"), settings).unwrap();
    let mut screen = bare(data);
    screen.wait_for("< map maps/nope.map");
    screen.send(b"\r");
    screen.wait_for("maps/nope.map: cannot read");
    // Another board, and the game starts.
    screen.send(b"\x1b[H\x1b[B3\r");
    screen.wait_for("a to move");
    screen.send(b"\x03");
    screen.assert_exit(130);
}

#[test]
fn n_after_a_game_set_up_on_the_screen_goes_back_to_it() {
    let place = tempfile::tempdir().unwrap();
    let mut screen = bare(place.path());
    screen.wait_for("Dice of Doom: a new game");
    // A 2x2 board, the computer at both seats, easy: over in moments.
    screen.send(b"\x1b[H\x1b[B2\x1b[B\x1b[B\x1b[C");
    screen.wait_for("2x2 hexagons");
    screen.send(b"\x1b[B\x1b[B\x1b[B\x1b[D");
    screen.wait_for("10,000 nodes: a round of one");
    screen.wait_for("Player a       < computer");
    screen.send(b"\r");
    screen.wait_for("[ n: new game ]");
    screen.send(b"n");
    screen.wait_for("Dice of Doom: a new game");
    screen.wait_for("< 2x2 hexagons");
    // A second game from it, ended by a signal before its first move: it
    // says how to play the board again, and nothing was saved to be named.
    screen.send(b"\x1b[H\x1b[B3\x1b[B\x1b[B\x1b[D");
    screen.wait_for("Player a       < person");
    screen.send(b"\r");
    screen.wait_for("a to move");
    screen.kill(Signal::TERM);
    screen.assert_exit(143);
    let after = screen.contents().replace('\n', "");
    assert!(
        after.contains("play this board again with `dice-of-doom --seed "),
        "{after}"
    );
    assert!(!after.contains("The game is saved to "), "{after}");
}

#[test]
fn a_signal_on_the_screen_gives_the_terminal_back() {
    let place = tempfile::tempdir().unwrap();
    let mut screen = bare(place.path());
    screen.wait_for("Dice of Doom: a new game");
    screen.kill(Signal::HUP);
    screen.assert_exit(129);
}
