//! Game records end to end: `play --save`, `--load`, `resume`, autosaves,
//! undo in the line mode, `replay` and `arena --record`, and bad records
//! refused with their file, line and column.

use crate::common;

use std::path::{Path, PathBuf};

use common::{board, data, dice_of_doom, golden};
use predicates::prelude::*;

/// A data directory of its own for one test, so that no test touches
/// `$HOME` or another test's autosaves.
struct Place {
    dir: tempfile::TempDir,
}

impl Place {
    fn new() -> Place {
        Place {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn data(&self) -> PathBuf {
        self.path("data")
    }

    /// The binary, with its data directory here.
    fn command(&self) -> assert_cmd::Command {
        let mut command = dice_of_doom();
        command.env("DICE_OF_DOOM_DATA_DIR", self.data());
        command
    }

    /// `play` on seed 000's 2x2 board, kept with `--save saved`.
    fn play_2x2_saved(&self, saved: &Path) -> assert_cmd::Command {
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
    fn autosaves(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(self.data().join("unfinished")) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        paths
    }
}

/// A record's text without its date line, which says when it was written.
fn undated(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("date: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn path_str(path: &Path) -> &str {
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

/// The computer's game on board A, cut after a's first turn: unfinished.
fn cut_record() -> String {
    let text = golden("3x3-a-greedy.record").replace("result: a wins\n", "");
    text[..text.find("b: 1 -> 4").unwrap()].to_string()
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

#[test]
fn bad_records_are_named_with_file_line_and_column() {
    let place = Place::new();
    let good = golden("3x3-a-greedy.record");
    let cases: Vec<(String, &str)> = vec![
        (
            good.replace("record 1", "record 2"),
            "1:21: record version `2` is not known: this program reads version 1",
        ),
        (
            "  a-1 b-2\n  a-1 b-1\n".to_string(),
            "1:1: not a game record: its first line must be `dice-of-doom record 1`",
        ),
        (
            String::new(),
            "1:1: not a game record: its first line must be `dice-of-doom record 1`",
        ),
        (
            good.replace("players: 2", "players: two"),
            "4:10: players: must be a whole number from 2 to 8, not `two`",
        ),
        (
            good.replace("max-dice: 3\n", "max-dice: 3\nmax-dice: 4\n"),
            "6:1: `max-dice` is given twice (first on line 5)",
        ),
        (
            good.replace("  a-1 a-1 a-3", "  a-1 a-1 a-4"),
            "14:11: 4 dice is more than the 3 a cell may hold in this game (use a larger dice limit)",
        ),
        (
            good.replace("b: 1 -> 4", "b: 1 -> 8"),
            "19:4: 1 -> 8 is not a legal move here (legal: 1 -> 4, 1 -> 5)",
        ),
        (
            good.replace("b: 1 -> 4", "a: 1 -> 4"),
            "19:1: it is b's move here, not a's",
        ),
        (
            good[..good.find("moves:").unwrap() + 4].to_string(),
            "15:5: the record ends before its moves (a `moves:` line): it is cut short",
        ),
        (
            good[..good.find("b: end turn").unwrap()].to_string(),
            "9:9: the result says `a wins`, but after these moves the game is not over: b is to move",
        ),
    ];
    for (text, message) in cases {
        let path = place.path("bad.txt");
        std::fs::write(&path, &text).unwrap();
        for command in ["replay", "resume"] {
            place
                .command()
                .args([command, path_str(&path)])
                .assert()
                .code(2)
                .stdout("")
                .stderr(format!("dice-of-doom: {}:{message}\n", path.display()));
        }
    }
    let path = place.path("binary.txt");
    std::fs::write(&path, b"dice-of-doom record 1\nrules: cl\xffssic\n").unwrap();
    dice_of_doom()
        .args(["replay", path_str(&path)])
        .assert()
        .code(2)
        .stderr(format!(
            "dice-of-doom: {}:2:10: not a text file: bytes that are not UTF-8 text here; a record file is plain text\n",
            path.display()
        ));
    let missing = place.path("missing.txt");
    dice_of_doom()
        .args(["replay", path_str(&missing)])
        .assert()
        .code(2)
        .stderr(format!(
            "dice-of-doom: {}: cannot read: No such file or directory\n",
            missing.display()
        ));
}

#[test]
fn arena_records_replay_to_the_same_results() {
    let place = Place::new();
    let dir = place.path("games");
    let arena = |dir: &Path| {
        let out = dice_of_doom()
            .args(["arena", "--size", "3", "--a", "search", "--b", "greedy"])
            .args(["--games", "3", "--seed", "4", "--nodes", "2000", "--json"])
            .args(["--record", path_str(dir)])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice::<serde_json::Value>(&out).unwrap()
    };
    let json = arena(&dir);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "seed4-board1-A.txt",
            "seed4-board1-B.txt",
            "seed4-board2-A.txt",
            "seed4-board2-B.txt",
            "seed4-board3-A.txt",
            "seed4-board3-B.txt"
        ]
    );
    // Boards are numbered from 1, in the names and the event lines alike.
    for (name, board) in [("seed4-board1-A.txt", 1), ("seed4-board3-B.txt", 3)] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let event = format!("event: arena seed 4, board {board} of 3, side A search");
        assert!(text.contains(&event), "{name}: {text}");
    }
    // Each record, replayed, ends as its result says; side A's wins add up
    // to the arena's.
    let mut a_wins = 0;
    for name in &names {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let result = text
            .lines()
            .find_map(|l| l.strip_prefix("result: "))
            .unwrap();
        let replay = dice_of_doom()
            .args(["replay", path_str(&path)])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let replay = String::from_utf8(replay).unwrap();
        let winner = match result.strip_suffix(" wins") {
            Some(w) => {
                assert!(
                    replay.ends_with(&format!("The winner is {w}\n")),
                    "{name}: {replay}"
                );
                w
            }
            None => {
                assert!(replay.contains("The game is a tie"), "{name}: {replay}");
                continue;
            }
        };
        // Side A plays a in the `-A` games, every other player in `-B`.
        if (winner == "a") == name.ends_with("-A.txt") {
            a_wins += 1;
        }
        assert!(text.contains("player a: computer "), "{text}");
        assert!(text.contains(", 2000 nodes\n"), "{text}");
    }
    assert_eq!(json["sides"][0]["wins"], a_wins);
    // A node budget plays the same games again: the same records.
    let again = place.path("again");
    arena(&again);
    for name in &names {
        assert_eq!(
            undated(&dir.join(name)),
            undated(&again.join(name)),
            "{name}"
        );
    }
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

/// The sample records of docs/GUIDE.md and docs/RECORDS.md: indented blocks
/// that start with the version line.
fn documented_records(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::root().join(file)).unwrap();
    let mut records = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.strip_prefix("    ")) {
            (None, Some("dice-of-doom record 1")) => {
                current = Some("dice-of-doom record 1\n".into())
            }
            (Some(record), Some(rest)) => {
                record.push_str(rest);
                record.push('\n');
            }
            (Some(_), None) => records.extend(current.take()),
            (None, _) => {}
        }
    }
    records.extend(current);
    records
}

#[test]
fn the_documented_records_read() {
    use dice_of_doom::record::Record;
    for file in ["docs/GUIDE.md", "docs/RECORDS.md"] {
        let records = documented_records(file);
        assert!(!records.is_empty(), "{file}");
        for text in records {
            if let Err(e) = Record::parse(&text) {
                panic!("{file}: {e}\n{text}");
            }
        }
    }
}
