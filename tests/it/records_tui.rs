//! Game records in the full-screen game, in a pseudo-terminal: `--save`,
//! autosave kept through `SIGTERM`, the offer to go on with it on a bare
//! `dice-of-doom`, `resume` showing the moves, undo truncating the
//! record, and the next game (`n`) kept in a file of its own.

use crate::pty;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pty::{Pty, autosave, file_until, saves};
use rustix::process::Signal;

/// A game of `boards/test-2x2.txt` against `greedy` at `b` (with
/// `more` arguments), once `a` has played its attack `2 -> 3`: ending the
/// turn lets `b` win.
fn attacked_on_2x2(data: &Path, more: &[&str]) -> Pty {
    let mut args = vec![
        "play",
        "--board",
        "boards/test-2x2.txt",
        "--computer",
        "b",
        "--ai",
        "greedy",
    ];
    args.extend_from_slice(more);
    let mut game = Pty::start_in(data, &args);
    game.wait_for("a to move");
    game.send(b"1");
    game.wait_for("a: 2 -> 3");
    game
}

/// The whole story in one test, since the games share one data directory.
#[test]
fn full_screen_games_are_saved_resumed_and_autosaved() {
    let place = tempfile::tempdir().unwrap();
    let data = place.path().join("data");
    // Every game of this test is given this data directory.
    let start = |args: &[&str]| Pty::start_in(&data, args);

    // --save: the record follows every move, and undo truncates it.
    let saved = place.path().join("game.txt");
    let saved_arg = saved.to_str().unwrap();
    let mut game = start(&[
        "play",
        "--board",
        "boards/test-2x2.txt",
        "--save",
        saved_arg,
    ]);
    game.wait_for("a to move");
    game.send(b"1");
    game.wait_for("a: 2 -> 3");
    file_until(&saved, |t| t.ends_with("moves:\na: 2 -> 3\n"));
    game.send(b"u");
    file_until(&saved, |t| t.ends_with("moves:\n"));
    game.send(b"r");
    file_until(&saved, |t| t.ends_with("moves:\na: 2 -> 3\n"));
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"y");
    game.assert_clean_exit();
    assert!(
        game.contents().contains(&format!(
            "The game is saved to {saved_arg}: `dice-of-doom resume {saved_arg}` goes on with it."
        )),
        "{}",
        game.contents()
    );
    // resume FILE shows the moves made, and goes on.
    let mut game = start(&["resume", saved_arg]);
    game.wait_for("a: 2 -> 3");
    game.send(b"e");
    file_until(&saved, |t| t.ends_with("a: 2 -> 3\na: end turn\n"));
    game.ctrl_c_ends_at_once();
    assert!(
        game.contents().contains("The game is saved to"),
        "{}",
        game.contents()
    );
    assert!(
        std::fs::read_dir(&data).is_err(),
        "--save keeps no autosave"
    );

    // Against the computer, autosaved; SIGTERM ends the game, saved.
    let mut game = start(&[
        "play",
        "--board",
        "boards/3x3-a.txt",
        "--computer",
        "b",
        "--ai",
        "greedy",
        "--nodes",
        "1000",
    ]);
    game.wait_for("a to move");
    game.send(b"1");
    game.wait_for("a: 8 -> 4");
    let path = autosave(&data);
    file_until(&path, |t| t.ends_with("moves:\na: 8 -> 4\n"));
    game.kill(Signal::TERM);
    game.assert_exit(143);
    let shown = path.display().to_string();
    assert!(
        game.contents().replace('\n', "").contains(&format!(
            "The game is saved to {shown}: `dice-of-doom resume` goes on with it."
        )),
        "{}",
        game.contents()
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("player b: computer greedy, 1000 nodes\n"),
        "{text}"
    );

    // A bare dice-of-doom offers to go on with it on the new-game screen;
    // the computer is still b.
    let mut game = start(&[]);
    game.wait_for("Resume your game (r): classic 3x3, 1 move, saved ");
    game.send(b"r");
    game.wait_for("a: 8 -> 4");
    game.send(b"e");
    game.wait_for("b: end turn");
    file_until(&path, |t| {
        t.contains("a: end turn\nb: ") && t.ends_with("b: end turn\n")
    });
    // Undo goes back over the computer's whole turn to a's move.
    game.send(b"u");
    file_until(&path, |t| t.ends_with("moves:\na: 8 -> 4\n"));
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"y");
    game.assert_clean_exit();
    // replay FILE steps through a record full-screen; c continues from the
    // position shown, autosaved as a new game; the record stays as it was.
    let record = place.path().join("replayed.txt");
    std::fs::copy("tests/data/3x3-a-greedy.record", &record).unwrap();
    let mut game = start(&["replay", record.to_str().unwrap()]);
    game.wait_for("replay: move 0 of 8");
    game.send(b"\x1b[F");
    game.wait_for("replay: move 8 of 8");
    game.send(b"2\r");
    game.wait_for("replay: move 2 of 8");
    game.send(b"c");
    let deadline = Instant::now() + pty::WAIT;
    while saves(&data).len() < 2 {
        assert!(
            Instant::now() < deadline,
            "the continued game is not autosaved"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    game.ctrl_c_ends_at_once();
    assert_eq!(
        std::fs::read_to_string(&record).unwrap(),
        std::fs::read_to_string("tests/data/3x3-a-greedy.record").unwrap()
    );
    let continued: Vec<PathBuf> = saves(&data).into_iter().filter(|p| *p != path).collect();
    let text = std::fs::read_to_string(&continued[0]).unwrap();
    assert!(text.contains("moves:\na: 8 -> 4\na: 4 -> 3\n"), "{text}");
    std::fs::remove_file(&continued[0]).unwrap();

    // With --no-autosave the continued game is played but not kept.
    let before = saves(&data).len();
    let mut game = start(&["replay", "--no-autosave", record.to_str().unwrap()]);
    game.wait_for("replay: move 0 of 8");
    game.send(b"2\r");
    game.wait_for("replay: move 2 of 8");
    game.send(b"c");
    game.wait_for("the computer is moving");
    game.ctrl_c_ends_at_once();
    assert_eq!(
        saves(&data).len(),
        before,
        "a game continued with --no-autosave was kept"
    );
    assert!(!game.contents().contains("saved to"), "{}", game.contents());

    // A game played to its end leaves no autosave: the 3x3 game's stays.
    let count = || saves(&data).len();
    let mut game = attacked_on_2x2(&data, &[]);
    assert_eq!(count(), 2);
    game.send(b"e");
    game.wait_for("Game over");
    let deadline = Instant::now() + pty::WAIT;
    while count() != 1 {
        assert!(
            Instant::now() < deadline,
            "the autosave of a finished game stays"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(autosave(&data), path);
    game.send(b"q");
    game.assert_clean_exit();
    assert!(
        game.contents().contains("The winner is b."),
        "{}",
        game.contents()
    );
    assert!(!game.contents().contains("saved to"), "{}", game.contents());

    // n after the end starts a new game, kept as a game of its own: a new
    // autosave, which the end note names; the first game's was removed.
    let mut game = attacked_on_2x2(&data, &[]);
    game.send(b"e");
    game.wait_for("Game over");
    game.send(b"n");
    let deadline = Instant::now() + pty::WAIT;
    let new = loop {
        let saves: Vec<PathBuf> = saves(&data).into_iter().filter(|p| *p != path).collect();
        if let [new] = &saves[..] {
            break new.clone();
        }
        assert!(Instant::now() < deadline, "the new game is not autosaved");
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = file_until(&new, |t| t.ends_with("moves:\n"));
    assert!(
        text.contains("player b: computer greedy, 200000 nodes\n") && text.contains("\nseed: "),
        "{text}"
    );
    game.send(b"1");
    let text = file_until(&new, |t| t.contains("moves:\na: ") && t.ends_with("\n"));
    game.send(b"q");
    game.wait_for("Quit this game?");
    game.send(b"y");
    game.assert_clean_exit();
    let shown = new.display().to_string();
    assert!(
        game.contents().replace('\n', "").contains(&format!(
            "Game 2 is saved to {shown}: `dice-of-doom resume` goes on with it."
        )),
        "{}",
        game.contents()
    );
    // The finished first game left its autosave for the history (issue
    // 36: every game is kept), and its line says so.
    let kept = data.join("history");
    assert!(
        game.contents()
            .replace('\n', "")
            .contains(&format!("Game 1 is kept in {}", kept.display())),
        "{}",
        game.contents()
    );
    assert_eq!(std::fs::read_to_string(&new).unwrap(), text);
    std::fs::remove_file(&new).unwrap();

    // With --save FILE the next game goes to FILE numbered, the finished
    // first game left as it was; the end note names both.
    let first = place.path().join("session.txt");
    let second = place.path().join("session-2.txt");
    let mut game = attacked_on_2x2(&data, &["--save", first.to_str().unwrap()]);
    game.send(b"e");
    game.wait_for("Game over");
    let finished = file_until(&first, |t| t.contains("result: b wins\n"));
    game.send(b"n");
    file_until(&second, |t| t.ends_with("moves:\n"));
    game.send(b"1");
    file_until(&second, |t| t.contains("moves:\na: ") && t.ends_with("\n"));
    game.ctrl_c_ends_at_once();
    assert_eq!(std::fs::read_to_string(&first).unwrap(), finished);
    let (first, second) = (first.display(), second.display());
    let contents = game.contents().replace('\n', "");
    for note in [
        format!("Game 1 is saved in {first}: `dice-of-doom replay {first}` shows it again."),
        format!("Game 2 is saved to {second}: `dice-of-doom resume {second}` goes on with it."),
    ] {
        assert!(contents.contains(&note), "{note} in {contents}");
    }
    assert_eq!(autosave(&data), path, "--save keeps no autosave");
}
