//! `serve`'s games folder and rooms: only `CODE.txt` files are games (the
//! rest skipped, names escaped; a broken record set aside, the server
//! starting anyway), a finished game's record moved aside and its code
//! drawn again, one server per data directory, and so many games per
//! person.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{Client, bounded, start};
use crate::safety_cli::finish;

/// The games' folder of the data directory `data`.
fn games(data: &Path) -> PathBuf {
    data.join("net/games")
}

/// The names in `dir` (none if it is not there).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Makes a game of a new server on `data` (`new classic 2`, one move
/// played so it is kept), and stops that server: the game's code.
fn a_game_in(data: &Path) -> String {
    let server = start(data, &[]);
    let code = std::sync::Mutex::new(String::new());
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2")).await;
        *code.lock().unwrap() = ann.code().await;
    });
    drop(server);
    code.into_inner().unwrap()
}

#[test]
fn files_that_are_no_games_are_skipped_escaped_and_a_broken_record_set_aside() {
    let data = tempfile::tempdir().unwrap();
    let code = a_game_in(data.path());
    let dir = games(data.path());
    let record = std::fs::read(dir.join(format!("{code}.txt"))).unwrap();
    let escape = "x\u{1b}]0;pwned\u{7}\u{1b}[2J.txt";
    // Records, but not under a game's name.
    std::fs::write(dir.join("foo.txt"), &record).unwrap();
    std::fs::write(dir.join(escape), &record).unwrap();
    std::fs::write(dir.join("BADD.txt"), "not a record\n").unwrap();
    let server = start(data.path(), &[]);
    let banner = server.banner.join("\n");
    let resumed = format!("resumed games: {code}");
    assert!(server.banner.contains(&resumed), "{banner}");
    assert!(
        banner.contains("skipped \"foo.txt\": not a game's record"),
        "{banner}"
    );
    assert!(
        banner.contains("skipped \"x\\u{1b}]0;pwned\\u{7}\\u{1b}[2J.txt\""),
        "{banner}"
    );
    assert!(
        !banner.contains('\u{1b}') && !banner.contains('\u{7}'),
        "nothing raw: {banner:?}"
    );
    assert!(banner.contains("set aside \"BADD.txt\""), "{banner}");
    assert_eq!(names(&dir.join("broken")), ["BADD.txt"]);
    bounded(async {
        let mut lobby = Client::open(server.addr, "cy", Some("list")).await;
        lobby.finish().await;
        assert!(lobby.text.contains(&code), "{}", lobby.text);
        assert!(!lobby.text.contains("foo") && !lobby.text.contains('\u{1b}'));
    });
}

#[test]
fn a_finished_games_record_moves_aside_and_its_code_is_drawn_again() {
    let data = tempfile::tempdir().unwrap();
    let dir = games(data.path());
    let server = start(data.path(), &[]);
    let code = std::sync::Mutex::new(String::new());
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2 computer b")).await;
        *code.lock().unwrap() = ann.code().await;
        ann.play_to_the_end().await;
        ann.finish().await;
    });
    let code = code.into_inner().unwrap();
    // Freed once nobody follows it: its record moved into finished/.
    let deadline = Instant::now() + Duration::from_secs(20);
    while names(&dir.join("finished")).is_empty() {
        assert!(Instant::now() < deadline, "the record is moved aside");
        std::thread::sleep(Duration::from_millis(20));
    }
    let finished = names(&dir.join("finished"));
    assert!(finished[0].starts_with(&format!("{code}-")), "{finished:?}");
    assert!(!dir.join(format!("{code}.txt")).exists());
    drop(server);
    // The same seed draws the same first code: free again, it is given.
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2 computer b")).await;
        assert_eq!(ann.code().await, code);
    });
}

#[test]
fn a_second_server_on_the_same_data_directory_is_refused_naming_the_first() {
    let data = tempfile::tempdir().unwrap();
    let first = start(data.path(), &[]);
    let second = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("DICE_OF_DOOM_DATA_DIR", data.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let output = finish(second, Duration::from_secs(20));
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "another dice-of-doom server (process {}) is serving",
            first.child.id()
        )),
        "{stderr}"
    );
    drop(first);
    // A lock its holder left (killed) blocks nothing.
    let again = start(data.path(), &[]);
    assert!(again.banner.iter().any(|l| l.starts_with("listening on")));
}

#[test]
fn a_person_may_have_only_so_many_games_in_play() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &["--max-games-per-person", "2"]);
    bounded(async {
        let mut kept = Vec::new();
        for _ in 0..2 {
            let mut ann = Client::open(server.addr, "ann", Some("new classic 2")).await;
            ann.code().await;
            kept.push(ann);
        }
        let mut third = Client::open(server.addr, "ann", Some("new classic 2")).await;
        third
            .expect("cannot make that game: ann already has 2 games in play here")
            .await;
        assert_eq!(third.finish().await, Some(1));
        let mut bob = Client::open(server.addr, "bob", Some("new classic 2")).await;
        bob.code().await;
    });
}
