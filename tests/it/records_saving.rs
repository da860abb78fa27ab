//! Saving end to end: `--save` never over a file that is there, or onto
//! the record the game goes on from; saves and autosaves that cannot be
//! written; `--load` against the options that make a game; the line mode's
//! save before a signal ends it.

use crate::common;

use std::path::Path;

use common::{board, data, dice_of_doom, golden};
use predicates::prelude::*;

use crate::records::{Place, cut_record, path_str, undated};

/// The message that refuses `--save FILE` for a file that is there.
fn save_refused(file: &Path) -> String {
    format!(
        "dice-of-doom: --save {}: the file exists already; a game is saved only to a new file, \
         or to the record it goes on from\n",
        file.display()
    )
}

#[test]
fn save_never_writes_over_a_file_that_is_there() {
    let place = Place::new();
    // A finished game's record.
    let finished = place.path("g1.txt");
    place
        .play_2x2_saved(&finished)
        .pipe_stdin(data("test-2x2.moves"))
        .unwrap()
        .assert()
        .success();
    let record = std::fs::read_to_string(&finished).unwrap();
    assert!(record.contains("result: b wins\n"), "{record}");
    // The board file itself, a plain text file, a finished record, an
    // unfinished record of another game: each refused before the game
    // starts, even when the only answer is `q`, and left as it was.
    let board_file = place.path("mine.txt");
    std::fs::copy(board("3x3-a.txt"), &board_file).unwrap();
    let notes = place.path("notes.txt");
    std::fs::write(&notes, "hello\n").unwrap();
    let other = place.path("other.txt");
    std::fs::write(&other, cut_record()).unwrap();
    for (file, game) in [
        (&board_file, &["--board", path_str(&board_file)][..]),
        (&finished, &["--seed", "2"]),
        (&notes, &[]),
        (&other, &["--load", path_str(&finished)]),
    ] {
        let before = std::fs::read(file).unwrap();
        place
            .command()
            .arg("play")
            .args(game)
            .args(["--save", path_str(file)])
            .write_stdin("q\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(save_refused(file));
        assert_eq!(std::fs::read(file).unwrap(), before, "{}", file.display());
    }
    place
        .command()
        .args(["resume", path_str(&finished), "--save", path_str(&other)])
        .write_stdin("q\n")
        .assert()
        .code(2)
        .stderr(save_refused(&other));
    assert_eq!(std::fs::read_to_string(&finished).unwrap(), record);
    assert!(place.autosaves().is_empty());
    // A link to nowhere is a name taken too.
    #[cfg(unix)]
    {
        let dangling = place.path("dangling.txt");
        std::os::unix::fs::symlink(place.path("nowhere.txt"), &dangling).unwrap();
        place
            .command()
            .args(["play", "--save", path_str(&dangling)])
            .write_stdin("q\n")
            .assert()
            .code(2)
            .stderr(save_refused(&dangling));
        assert!(!place.path("nowhere.txt").exists());
    }
}

#[test]
fn save_may_name_the_record_the_game_goes_on_from() {
    let place = Place::new();
    let saved = place.path("game.txt");
    place
        .play_2x2_saved(&saved)
        .write_stdin("1\nq\n")
        .assert()
        .success();
    assert!(undated(&saved).ends_with("moves:\na: 2 -> 3\n"));
    // The same file, however it is spelled, saved after every move.
    place
        .command()
        .args([
            "play",
            "--load",
            path_str(&saved),
            "--save",
            path_str(&saved),
        ])
        .write_stdin("1\nq\n")
        .assert()
        .success();
    assert!(undated(&saved).ends_with("moves:\na: 2 -> 3\na: end turn\n"));
    let spelled = place.dir.path().join(".").join("game.txt");
    place
        .command()
        .args(["resume", path_str(&saved), "--save", path_str(&spelled)])
        .write_stdin("1\n1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("The winner is b\n"));
    assert_eq!(undated(&saved), golden("test-2x2.record"));
    // A finished record named so opens at its end and is left as it was.
    let finished = std::fs::read_to_string(&saved).unwrap();
    place
        .command()
        .args([
            "play",
            "--load",
            path_str(&saved),
            "--save",
            path_str(&saved),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("The winner is b\n"));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), finished);
    // A new file takes the game on, the record read left as it was.
    let unfinished = place.path("unfinished.txt");
    std::fs::write(&unfinished, cut_record()).unwrap();
    let copy = place.path("copy.txt");
    place
        .command()
        .args(["resume", path_str(&unfinished), "--save", path_str(&copy)])
        .args(["--computer", "none"])
        .write_stdin("1\nq\n")
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&unfinished).unwrap(), cut_record());
    assert!(
        undated(&copy).ends_with("a: end turn\nb: 1 -> 4\n"),
        "{}",
        undated(&copy)
    );
}

#[test]
fn a_save_that_cannot_be_written_stops_the_game_at_once() {
    let place = Place::new();
    let saved = place.path("no such directory/game.txt");
    place
        .play_2x2_saved(&saved)
        .write_stdin("1\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with(format!(
            "dice-of-doom: cannot save the game to '{}': No such file or directory",
            saved.display()
        )));
}

#[test]
fn an_autosave_that_cannot_be_written_warns_at_once_and_fails_the_session() {
    let place = Place::new();
    // The data directory is a file: no autosave can be written under it.
    std::fs::write(place.data(), "not a directory\n").unwrap();
    let warning = "This game is not being saved: Not a directory.\n";
    let played = place
        .command()
        .args(["play", "--board", "boards/test-2x2.txt", "--autosave"])
        .write_stdin("1\nq\n")
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(format!(
            "dice-of-doom: the game could not be saved to {}",
            place.data().join("unfinished").display()
        )));
    let out = String::from_utf8_lossy(&played.get_output().stdout).into_owned();
    // After the seed line and how to play it again.
    let board: String = out.split_inclusive('\n').skip(2).collect();
    assert!(
        board.starts_with(warning),
        "the warning comes before the board: {out}"
    );
    assert_eq!(
        out.matches(warning).count(),
        2,
        "and after each failed save: {out}"
    );
    assert!(!out.contains("goes on with it"), "{out}");
    // A game played to its end needs no autosave: removing it succeeds.
    place
        .command()
        .args(["play", "--board", "boards/test-2x2.txt", "--autosave"])
        .write_stdin("1\n1\n1\n1\n")
        .assert()
        .success();
}

#[test]
fn load_conflicts_with_the_options_that_make_a_game() {
    for option in [
        &["--board", "boards/test-2x2.txt"][..],
        &["--seed", "3"],
        &["--size", "4"],
        &["--players", "3"],
        &["--map", "random"],
        &["--ai", "lol"],
    ] {
        dice_of_doom()
            .args(["play", "--load", "tests/data/test-2x2.record"])
            .args(option)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
    dice_of_doom()
        .args(["play", "--load", "-"])
        .assert()
        .code(2)
        .stderr("dice-of-doom: --load: give the record's file; standard input is for the moves\n");
}

#[cfg(unix)]
#[test]
fn the_line_mode_saves_before_a_signal_ends_it() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let place = Place::new();
    let saved = place.path("game.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .current_dir(common::root())
        .args([
            "play",
            "--board",
            "boards/test-2x2.txt",
            "--save",
            path_str(&saved),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n").unwrap();
    stdin.flush().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while !std::fs::read_to_string(&saved).is_ok_and(|t| t.ends_with("a: 2 -> 3\n")) {
        assert!(
            std::time::Instant::now() < deadline,
            "the move was not saved"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let pid = rustix::process::Pid::from_raw(child.id() as i32).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).unwrap();
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(output.status.signal(), Some(15), "{:?}", output.status);
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "\nThe game is saved to {0}: `dice-of-doom resume {0}` goes on with it.\n",
            saved.display()
        )
    );
    assert!(undated(&saved).ends_with("moves:\na: 2 -> 3\n"));
}
