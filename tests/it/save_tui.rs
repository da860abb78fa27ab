//! Issue 36, item 3, in a pseudo-terminal at 80x24 and 120x40: `s` saves
//! the game to a file the player names, which keeps it from then on (no
//! stale autosave is offered after it), a bad file is a message; the
//! new-game screen lists the recent finished games and replays one.

use crate::common::{data, dice_of_doom};
use crate::pty::{Pty, autosave, file_until, saves};

use std::path::Path;

/// The sizes every screen here is tried at.
const SIZES: [(u16, u16); 2] = [(24, 80), (40, 120)];

/// A game of `boards/test-2x2.txt` (people at both seats) in a window of
/// `rows` x `cols`, data directory `data`, once `a` has attacked `2 -> 3`.
fn attacked(data: &Path, (rows, cols): (u16, u16)) -> Pty {
    let vars = [("DICE_OF_DOOM_DATA_DIR", data.to_str().unwrap())];
    let args = ["play", "--board", "boards/test-2x2.txt"];
    let mut game = Pty::start_sized(&args, &vars, rows, cols);
    game.wait_for("a to move");
    game.send(b"1");
    game.wait_for("a: 2 -> 3");
    game
}

#[test]
fn s_saves_to_the_file_named_which_keeps_the_game_and_no_stale_copy_is_offered() {
    for size in SIZES {
        let place = tempfile::tempdir().unwrap();
        let data = place.path().join("data");
        let mut game = attacked(&data, size);
        let old = autosave(&data);

        // A folder that is not there: a message, and the prompt stays.
        let missing = place.path().join("missing").join("game.txt");
        game.send(b"s");
        game.wait_for("Save the game to the file:");
        game.send(missing.to_str().unwrap().as_bytes());
        game.send(b"\r");
        game.wait_for("Not saved: there is no folder");
        game.wait_for("(make it first)");
        // Ctrl-U clears the name; Esc closes the prompt.
        game.send(b"\x15\x1b");
        game.wait_for("Not saved.");
        assert!(old.exists(), "still kept in its autosave");

        let named = place.path().join("my game.txt");
        game.send(b"s");
        game.wait_for("Save the game to the file:");
        game.send(named.to_str().unwrap().as_bytes());
        game.send(b"\r");
        game.wait_for("Saved to");
        file_until(&named, |t| t.ends_with("moves:\na: 2 -> 3\n"));
        assert!(saves(&data).is_empty(), "the autosave went: {size:?}");
        // Autosave follows the file: the next move is kept there.
        game.send(b"e");
        file_until(&named, |t| t.ends_with("a: 2 -> 3\na: end turn\n"));
        assert!(saves(&data).is_empty(), "no new autosave: {size:?}");
        game.send(b"q");
        game.wait_for("Quit this game?");
        game.send(b"y");
        game.assert_clean_exit();
        let out = String::from_utf8(game_output(&named)).unwrap();
        assert!(out.contains("a ends turn"), "{out}");

        // The next new-game screen offers no stale copy of the game.
        let vars = [("DICE_OF_DOOM_DATA_DIR", data.to_str().unwrap())];
        let mut screen = Pty::start_sized(&[], &vars, size.0, size.1);
        screen.wait_for("Dice of Doom: a new game");
        assert!(
            !screen.contents().contains("Resume your game"),
            "{}",
            screen.contents()
        );
        screen.send(b"q");
        screen.assert_clean_exit();
    }
}

/// The record `path` as `replay --plain` prints it (it reads).
fn game_output(path: &Path) -> Vec<u8> {
    let out = dice_of_doom()
        .args(["replay", "--plain"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    out.stdout
}

#[test]
fn the_new_game_screen_lists_the_recent_games_and_replays_one() {
    for (rows, cols) in SIZES {
        let place = tempfile::tempdir().unwrap();
        let history = place.path().join("history");
        std::fs::create_dir_all(&history).unwrap();
        std::fs::copy(
            data("3x3-a-greedy.record"),
            history.join("20260101-000000-1.txt"),
        )
        .unwrap();
        let vars = [("DICE_OF_DOOM_DATA_DIR", place.path().to_str().unwrap())];
        let mut screen = Pty::start_sized(&[], &vars, rows, cols);
        screen.wait_for("Recent games (Enter replays one):");
        screen.wait_for("classic 3x3, 2 players, a won");
        // End goes to Start, Down to the recent game, Enter replays it.
        screen.send(b"\x1b[F");
        screen.send(b"\x1b[B");
        screen.wait_for("> classic 3x3");
        screen.send(b"\r");
        screen.wait_for("Replay: move 0 of 8");
        screen.send(b"G");
        screen.wait_for("Replay: move 8 of 8");
        screen.send(b"q");
        screen.assert_clean_exit();
    }
}

/// The line mode's `save FILE`, as the full-screen game's `s`: the game is
/// written there and kept there from then on, the autosave gone.
#[test]
fn the_line_mode_saves_with_save_and_a_file_name() {
    let place = tempfile::tempdir().unwrap();
    let data = place.path().join("data");
    let named = place.path().join("line game.txt");
    let missing = place.path().join("missing").join("game.txt");
    let input = format!(
        "1\nsave {}\nsave {}\n1\nq\n",
        missing.display(),
        named.display()
    );
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", &data)
        .args([
            "play",
            "--plain",
            "--autosave",
            "--board",
            "boards/test-2x2.txt",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(text.contains("Not saved: there is no folder"), "{text}");
    assert!(text.contains("Saved to "), "{text}");
    // The move after the save is kept in the file too.
    let record = std::fs::read_to_string(&named).unwrap();
    assert!(
        record.ends_with("moves:\na: 2 -> 3\na: end turn\n"),
        "{record}"
    );
    assert!(saves(&data).is_empty(), "no autosave left");
}
