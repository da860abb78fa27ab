//! Game records end to end: `play --save`, `resume`, autosaves, undo in
//! the line mode and `replay`; with the helpers that `records_saving` and
//! `records_reading` share (a data folder of a test's own).

use crate::common;

use std::path::{Path, PathBuf};

use common::{board, data, dice_of_doom, golden};
use predicates::prelude::*;

/// A data directory of its own for one test, so that no test touches
/// `$HOME` or another test's autosaves.
pub(crate) struct Place {
    pub(crate) dir: tempfile::TempDir,
}

impl Place {
    pub(crate) fn new() -> Place {
        Place {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub(crate) fn data(&self) -> PathBuf {
        self.path("data")
    }

    /// The binary, with its data directory here.
    pub(crate) fn command(&self) -> assert_cmd::Command {
        let mut command = dice_of_doom();
        command.env("DICE_OF_DOOM_DATA_DIR", self.data());
        command
    }

    /// `play` on seed 000's 2x2 board, kept with `--save saved`.
    pub(crate) fn play_2x2_saved(&self, saved: &Path) -> assert_cmd::Command {
        let mut command = self.command();
        command.args([
            "play",
            "--board",
            "boards/test-2x2.txt",
            "--seed",
            "0",
            "--save",
            path_str(saved),
        ]);
        command
    }

    /// The autosaved games.
    pub(crate) fn autosaves(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(self.data().join("unfinished")) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        paths
    }
}

/// A record's text without its date line, which says when it was written.
pub(crate) fn undated(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("date: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The computer's game on board A, cut after a's first turn: unfinished.
pub(crate) fn cut_record() -> String {
    let text = golden("3x3-a-greedy.record").replace("result: a wins\n", "");
    text[..text.find("b: 1 -> 4").unwrap()].to_string()
}

pub(crate) fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn save_writes_the_record_and_replay_prints_the_transcript() {
    let place = Place::new();
    let saved = place.path("game.txt");
    place
        .command()
        .args(["play", "--board", path_str(&board("test-2x2.txt")), "--seed", "0"])
        .args(["--save", path_str(&saved)])
        .pipe_stdin(data("test-2x2.moves"))
        .unwrap()
        .assert()
        .success()
        // After the board file's seed line and how to play it again.
        .stdout(predicate::str::contains(format!(
            "--seed 0`.\n{}",
            golden("test-2x2.transcript")
        )))
        .stdout(predicate::str::ends_with(format!(
            "The winner is b\nThe game is saved in {0}: `dice-of-doom replay {0}` shows it again.\n",
            saved.display()
        )));
    assert_eq!(undated(&saved), golden("test-2x2.record"));
    dice_of_doom()
        .args(["replay", path_str(&data("test-2x2.record"))])
        .assert()
        .success()
        .stdout(golden("test-2x2.replay"));
}

#[test]
fn a_replay_prints_what_the_game_printed() {
    // The computer played both seats: the game printed its moves as the
    // replay does, and the menus are the only difference.
    let game = dice_of_doom()
        .args(["play", "--board", "boards/3x3-a.txt", "--computer", "all"])
        .args(["--ai", "greedy", "--nodes", "100", "--seed", "0"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let game: String = String::from_utf8(game)
        .unwrap()
        .lines()
        // Less the seed line and how to play it again.
        .skip(2)
        .filter(|l| !l.starts_with("choose your move") && !l.starts_with(char::is_numeric))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(game, golden("3x3-a-greedy.replay"));
    dice_of_doom()
        .args([
            "replay",
            "--color",
            "never",
            "tests/data/3x3-a-greedy.record",
        ])
        .assert()
        .success()
        .stdout(golden("3x3-a-greedy.replay"));
    // From standard input too.
    dice_of_doom()
        .args(["replay", "-"])
        .pipe_stdin(data("3x3-a-greedy.record"))
        .unwrap()
        .assert()
        .success()
        .stdout(golden("3x3-a-greedy.replay"));
}

#[test]
fn a_game_left_unfinished_goes_on_where_it_stopped() {
    let place = Place::new();
    let saved = place.path("my game.txt");
    let shown = format!("'{}'", saved.display());
    place
        .play_2x2_saved(&saved)
        .write_stdin("1\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::ends_with(format!(
            "a leaves the game.\nThe game is saved to {shown}: `dice-of-doom resume {shown}` goes on with it.\n"
        )));
    assert!(
        undated(&saved)
            .ends_with("result: unfinished\nboard:\n    b-2 b-2\n  a-2 b-1\nmoves:\na: 2 -> 3\n")
    );
    // The input ends: saved, status 1.
    place
        .command()
        .args(["resume", path_str(&saved)])
        .write_stdin("1\n")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(format!(
            "The game of {shown}, after 1 move.\nThe cells are numbered:\n      0   1\n    2   3\n\
             current player = a\n    b-2 b-2\n  a-1 a-1\n"
        )))
        .stdout(predicate::str::contains("The game is saved to"))
        .stderr("dice-of-doom: the input ended before the game was over\n");
    place
        .command()
        .args(["play", "--load", path_str(&saved)])
        .write_stdin("1\n1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("The winner is b\n"));
    assert_eq!(undated(&saved), golden("test-2x2.record"));
    // A finished record opens at its end.
    place
        .command()
        .args(["resume", path_str(&saved)])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "current player = a\n    b-1 b-2\n  b-1 a-1\na cannot attack: the game is over\n\
             cells: a 1, b 3\nThe winner is b\n",
        ));
}

#[test]
fn a_record_is_written_again_only_once_the_game_changes() {
    let place = Place::new();
    let saved = place.path("annotated.txt");
    let annotated = golden("3x3-a-greedy.record");
    assert!(annotated.contains("# Board A"));
    std::fs::write(&saved, &annotated).unwrap();
    place
        .command()
        .args(["resume", path_str(&saved)])
        .assert()
        .success()
        .stdout(predicate::str::contains("The winner is a\n"));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), annotated);
}

#[test]
fn a_side_of_a_computer_game_can_be_taken() {
    let place = Place::new();
    let saved = place.path("game.txt");
    std::fs::write(&saved, cut_record()).unwrap();
    // b is a person now; a stays the computer, with its opponent.
    place
        .command()
        .args(["resume", path_str(&saved), "--computer", "a"])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("current player = b\n"))
        .stdout(predicate::str::contains("choose your move:\n1. 1 -> 4\n"))
        .stdout(predicate::str::contains("b leaves the game.\n"));
    place
        .command()
        .args(["resume", path_str(&saved), "--computer", "c"])
        .assert()
        .code(2)
        .stderr("dice-of-doom: --computer c: the game has only 2 players (a to b)\n");
    // Everyone a person: a's next move waits for an answer too.
    place
        .command()
        .args(["play", "--load", path_str(&saved), "--computer", "none"])
        .write_stdin("1\n1\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("a leaves the game.\n"));
    let kept = std::fs::read_to_string(&saved).unwrap();
    assert!(
        kept.contains("player a: person\nplayer b: person\n"),
        "{kept}"
    );
}

#[test]
fn undo_in_the_line_mode_truncates_the_record() {
    let place = Place::new();
    let saved = place.path("game.txt");
    // a ends her turn, the computer answers; u takes back its turn and a's
    // end of turn; q leaves.
    place
        .command()
        .args(["play", "--board", "boards/3x3-a.txt", "--computer", "b"])
        .args([
            "--ai",
            "greedy",
            "--nodes",
            "1000",
            "--save",
            path_str(&saved),
        ])
        .write_stdin("1\n1\nu\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Taken back: a: end turn, b: 1 -> 2, b: end turn.\n",
        ));
    assert!(
        undated(&saved).ends_with("moves:\na: 8 -> 4\n"),
        "{}",
        undated(&saved)
    );
}

#[test]
fn pipes_autosave_only_when_asked_and_resume_takes_the_latest() {
    let place = Place::new();
    place
        .command()
        .args(["play", "--board", "boards/test-2x2.txt"])
        .write_stdin("1\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("saved").not());
    assert!(place.autosaves().is_empty());
    place
        .command()
        .args(["resume"])
        .assert()
        .code(1)
        .stderr(format!(
            "dice-of-doom: there is no unfinished game to resume (in {})\n",
            place.data().join("unfinished").display()
        ));
    place
        .command()
        .args(["play", "--board", "boards/test-2x2.txt", "--autosave"])
        .write_stdin("1\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            ": `dice-of-doom resume` goes on with it.\n",
        ));
    let saves = place.autosaves();
    assert_eq!(saves.len(), 1);
    assert!(undated(&saves[0]).ends_with("moves:\na: 2 -> 3\n"));
    // Finished, the autosave is gone: there is nothing left to resume.
    place
        .command()
        .arg("resume")
        .write_stdin("1\n1\n1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("The winner is b\n"))
        .stdout(predicate::str::contains("saved").not());
    assert!(place.autosaves().is_empty());
    place
        .command()
        .args(["play", "--autosave", "--no-autosave"])
        .assert()
        .code(2);
}
