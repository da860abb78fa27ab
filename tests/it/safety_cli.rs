//! Nothing lost, nothing stuck (issue 25): one writer per record, moves
//! saved before they are shown, read-only records, endless input lines,
//! suggested commands a shell reads back (the long commands' Ctrl-C and
//! TERM are in `signals_cli`). Every test bounds its own time.

use crate::common;

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::dice_of_doom;
use predicates::prelude::*;
use rustix::process::{Pid, Signal, kill_process};

/// The binary, from the project's root, its data directory `data`.
fn spawn(data: &Path, args: &[&str], stdin: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .current_dir(common::root())
        .env("DICE_OF_DOOM_DATA_DIR", data)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends `signal` to `child`.
pub(crate) fn signal(child: &Child, signal: Signal) {
    let pid = Pid::from_raw(child.id() as i32).unwrap();
    // Gone already: nothing to stop.
    let _ = kill_process(pid, signal);
}

/// Waits for `child` at most `limit`, killing it (and failing) past that.
pub(crate) fn finish(mut child: Child, limit: Duration) -> Output {
    let deadline = Instant::now() + limit;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            signal(&child, Signal::KILL);
            let output = child.wait_with_output().unwrap();
            panic!(
                "still running after {limit:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Waits until `ready` holds, at most 20 s.
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !ready() {
        assert!(Instant::now() < deadline, "{what}: not after 20 s");
        std::thread::sleep(Duration::from_millis(10));
    }
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The names in `dir`, sorted.
pub(crate) fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A game of seed 000's 2x2 board between people, kept in `saved`, its
/// first move played and saved: the process, waiting for the next move.
fn playing(data: &Path, saved: &Path) -> (Child, std::process::ChildStdin) {
    let mut child = spawn(
        data,
        &[
            "play",
            "--plain",
            "--board",
            "boards/test-2x2.txt",
            "--seed",
            "0",
            "--save",
            saved.to_str().unwrap(),
        ],
        Stdio::piped(),
    );
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n").unwrap();
    stdin.flush().unwrap();
    wait_for("the first move saved", || {
        std::fs::read_to_string(saved).is_ok_and(|t| t.ends_with("a: 2 -> 3\n"))
    });
    (child, stdin)
}

#[test]
fn a_second_session_on_a_record_is_refused_naming_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let saved = dir.path().join("game.txt");
    let (first, stdin) = playing(&data, &saved);
    let before = std::fs::read_to_string(&saved).unwrap();
    let refused = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", &data)
        .args(["resume", "--plain", saved.to_str().unwrap()])
        .write_stdin("1\n1\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "another dice-of-doom (process {}) is playing it",
            first.id()
        )))
        .stderr(predicate::str::contains("dice-of-doom replay"));
    assert!(text(&refused.get_output().stdout).is_empty());
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), before);
    // Read only, it may be looked at and tried all the same.
    dice_of_doom()
        .args([
            "resume",
            "--plain",
            "--no-autosave",
            saved.to_str().unwrap(),
        ])
        .write_stdin("q\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), before);
    // A killed holder leaves its lock file, which blocks nothing.
    signal(&first, Signal::KILL);
    drop(stdin);
    let killed = finish(first, Duration::from_secs(20));
    assert_eq!(killed.status.signal(), Some(9));
    assert!(names(dir.path()).contains(&".game.txt.lock".to_string()));
    dice_of_doom()
        .args(["resume", "--plain", saved.to_str().unwrap()])
        .write_stdin("1\nq\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    let moves = |text: &str| text.lines().skip_while(|l| *l != "moves:").count();
    let after = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(moves(&after), moves(&before) + 1, "{after}");
    assert_eq!(
        names(dir.path()),
        ["game.txt"],
        "lock file gone with its game"
    );
}

#[test]
fn a_second_resume_of_the_newest_autosave_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut first = spawn(
        &data,
        &[
            "play",
            "--plain",
            "--board",
            "boards/test-2x2.txt",
            "--autosave",
        ],
        Stdio::piped(),
    );
    let mut stdin = first.stdin.take().unwrap();
    let unfinished = data.join("unfinished");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        names(&unfinished).is_empty(),
        "no autosave before a move is played"
    );
    stdin.write_all(b"1\n").unwrap();
    stdin.flush().unwrap();
    wait_for("the autosave", || {
        names(&unfinished)
            .iter()
            .any(|n| n.ends_with(".txt") && !n.starts_with('.'))
    });
    dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", &data)
        .args(["resume", "--plain"])
        .write_stdin("1\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "(process {})",
            first.id()
        )));
    stdin.write_all(b"q\n").unwrap();
    drop(stdin);
    assert!(finish(first, Duration::from_secs(20)).status.success());
}

#[test]
fn a_record_changed_by_someone_else_is_not_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.txt");
    let (child, mut stdin) = playing(&dir.path().join("data"), &saved);
    let theirs = std::fs::read_to_string(&saved)
        .unwrap()
        .replace("moves:\n", "moves:\n# edited elsewhere\n");
    std::fs::write(&saved, &theirs).unwrap();
    stdin.write_all(b"1\nq\n").unwrap();
    drop(stdin);
    let output = finish(child, Duration::from_secs(20));
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains(
            "This game is not being saved: the file was changed by another program since \
             this game last saved it, so it is not written over."
        ),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), theirs);
}

#[test]
fn a_read_only_record_is_refused_for_writing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.txt");
    let record = common::golden("test-2x2.record");
    std::fs::write(&saved, &record).unwrap();
    std::fs::set_permissions(&saved, std::fs::Permissions::from_mode(0o444)).unwrap();
    dice_of_doom()
        .args(["resume", "--plain", saved.to_str().unwrap()])
        .write_stdin("1\n1\n1\n1\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "is read-only, so the game is not kept in it",
        ));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), record);
    let mode = std::fs::metadata(&saved).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
}

#[test]
fn temporary_files_of_killed_saves_are_removed_once_the_record_is_locked() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.txt");
    std::fs::write(&saved, common::golden("test-2x2.record")).unwrap();
    for name in [".game.txt.Ab12Cd.tmp", ".game.txt.zzzzzz.tmp"] {
        std::fs::write(dir.path().join(name), "half a record").unwrap();
    }
    std::fs::write(dir.path().join(".other.txt.Ab12Cd.tmp"), "not ours").unwrap();
    dice_of_doom()
        .args(["resume", "--plain", saved.to_str().unwrap()])
        .write_stdin("q\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    assert_eq!(names(dir.path()), [".other.txt.Ab12Cd.tmp", "game.txt"]);
}

#[test]
fn nothing_is_said_to_be_saved_before_something_is() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.txt");
    let record = common::golden("test-2x2.record");
    let record = &record[..record.find("moves:\n").unwrap() + "moves:\n".len()];
    let record = record.replace("result: b wins\n", "");
    std::fs::write(&saved, &record).unwrap();
    let quit = dice_of_doom()
        .args(["resume", "--plain", saved.to_str().unwrap()])
        .write_stdin("q\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    let out = text(&quit.get_output().stdout);
    assert!(!out.contains("is saved"), "{out}");
    assert!(out.contains("is unchanged in"), "{out}");
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), record);
    // A new game left before its first move leaves no autosave.
    let data = dir.path().join("data");
    let left = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", &data)
        .args([
            "play",
            "--plain",
            "--board",
            "boards/test-2x2.txt",
            "--autosave",
        ])
        .write_stdin("q\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    assert!(!text(&left.get_output().stdout).contains("saved"));
    let unfinished: Vec<String> = std::fs::read_dir(data.join("unfinished"))
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(unfinished.is_empty(), "{unfinished:?}");
}

#[test]
fn an_endless_line_ends_the_game_instead_of_spinning() {
    let dir = tempfile::tempdir().unwrap();
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let child = spawn(
        &dir.path().join("data"),
        &["play", "--plain", "--board", "boards/test-2x2.txt"],
        Stdio::from(zero),
    );
    let output = finish(child, Duration::from_secs(20));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "dice-of-doom: the input sent a line of more than 1,048,576 bytes with no end: \
         it is read no further\n"
    );
}

/// The moves a line-mode transcript showed (`a plays 2 -> 3`, `b ends
/// turn`) and those a record holds (`a: 2 -> 3`).
fn shown_and_kept(stdout: &str, record: &Path) -> (usize, usize) {
    let shown = stdout
        .lines()
        .filter(|l| {
            let mut words = l.split(' ');
            words.next().is_some_and(|p| p.len() == 1)
                && matches!(words.next(), Some("plays" | "ends"))
        })
        .count();
    let kept = std::fs::read_to_string(record).map_or(0, |t| {
        t.lines()
            .skip_while(|l| *l != "moves:")
            .filter(|l| l.len() > 2 && l.as_bytes()[1] == b':' && !l.starts_with('#'))
            .count()
    });
    (shown, kept)
}

#[test]
fn term_at_any_moment_loses_no_move_that_was_shown() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game = |saved: &Path| {
        spawn(
            &data,
            &[
                "play",
                "--plain",
                "--computer",
                "all",
                "--size",
                "5",
                "--seed",
                "1",
                "--nodes",
                "3000",
                "--save",
                saved.to_str().unwrap(),
            ],
            Stdio::null(),
        )
    };
    // The whole game once, for its length.
    let whole = dir.path().join("whole.txt");
    let started = Instant::now();
    let output = finish(game(&whole), Duration::from_secs(60));
    let length = started.elapsed();
    assert!(output.status.success());
    let (shown, kept) = shown_and_kept(&text(&output.stdout), &whole);
    assert!(shown > 10 && shown == kept, "{shown} shown, {kept} kept");
    // Then 30 kills spread over it (a fixed spread, the same every run).
    let mut state: u64 = 25;
    for run in 0..30 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let at = length.mul_f64((state >> 11) as f64 / (1u64 << 53) as f64);
        let saved = dir.path().join(format!("game-{run}.txt"));
        let child = game(&saved);
        std::thread::sleep(at);
        signal(&child, Signal::TERM);
        let output = finish(child, Duration::from_secs(20));
        let (shown, kept) = shown_and_kept(&text(&output.stdout), &saved);
        assert!(
            shown <= kept,
            "run {run}, TERM after {at:?}: {shown} moves shown, {kept} kept"
        );
    }
}

#[test]
fn uncapped_goes_with_a_record_only() {
    dice_of_doom()
        .args(["play", "--uncapped", "--seed", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--load"));
}

/// The command between the first pair of backquotes of `text`.
fn suggested(text: &str) -> String {
    let start = text.find('`').unwrap() + 1;
    let end = start + text[start..].find('`').unwrap();
    text[start..end].to_string()
}

#[test]
fn suggested_commands_read_back_through_sh_and_from_anywhere() {
    let dir = tempfile::tempdir().unwrap();
    let name = "it's a\nnew \u{1b}[31m line.txt";
    let saved = dir.path().join(name);
    let played = dice_of_doom()
        .args([
            "play",
            "--plain",
            "--board",
            "boards/test-2x2.txt",
            "--save",
        ])
        .arg(&saved)
        .write_stdin("1\nq\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    let out = text(&played.get_output().stdout);
    let note = &out[out.find("The game is saved to").unwrap()..];
    assert!(!note.contains('\u{1b}'), "{note:?}");
    let command = suggested(note);
    assert!(command.starts_with("dice-of-doom resume "), "{command}");
    let bin = env!("CARGO_BIN_EXE_dice-of-doom");
    let resumed = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "\"$0\" {} --plain",
            &command["dice-of-doom ".len()..]
        ))
        .arg(bin)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        text(&resumed.stdout).starts_with("The game of "),
        "{}",
        text(&resumed.stderr)
    );
    // A relative data directory: the autosave's path is printed whole.
    let played = dice_of_doom()
        .current_dir(dir.path())
        .env("DICE_OF_DOOM_DATA_DIR", "data")
        .args(["play", "--plain", "--board"])
        .arg(common::board("test-2x2.txt"))
        .args(["--autosave"])
        .write_stdin("1\nq\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    let out = text(&played.get_output().stdout);
    let note = &out[out.find("The game is saved to").unwrap()..];
    let shown = note["The game is saved to ".len()..]
        .split(':')
        .next()
        .unwrap();
    assert!(
        shown.starts_with(dir.path().to_str().unwrap()),
        "{shown} is not absolute"
    );
}

#[test]
fn dot_names_a_read_only_output_truly() {
    if !Path::new("/proc/version").exists() {
        return;
    }
    dice_of_doom()
        .args(["dot", "--board", "boards/test-2x2.txt", "-o", "/proc/version"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr("dice-of-doom: cannot write /proc/version: the file is read-only, so it is not written over\n");
}

#[test]
fn a_second_byte_order_mark_is_refused_in_records_as_in_boards() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("two.txt");
    let text = format!("\u{feff}\u{feff}{}", common::golden("test-2x2.record"));
    std::fs::write(&record, text).unwrap();
    dice_of_doom()
        .args(["replay", "--plain"])
        .arg(&record)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "two.txt:1:1: a second byte-order mark",
        ));
    let one = dir.path().join("one.txt");
    let text = format!("\u{feff}{}", common::golden("test-2x2.record"));
    std::fs::write(&one, text).unwrap();
    dice_of_doom()
        .args(["replay", "--plain"])
        .arg(&one)
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
}
