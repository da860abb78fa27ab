//! `serve`'s computer can never stop the server: `perfect`, whose exact
//! search never ends under rules that roll dice, is refused there (the
//! lobby's command that once crashed the server, then the server plays
//! on), and a record made before that with `perfect` seats is resumed at
//! start with a lesser opponent in their place.

use dice_of_doom::ai::{AiKind, Budget};
use dice_of_doom::game::{Map, Player, Position, RuleSet, Rules};
use dice_of_doom::record::{Record, Seat};

use super::{Client, bounded, start};

/// The lobby's command that crashed the server (the computer's thread
/// overflowed its stack at b's first move).
const CRASHED: &str = "new dicewars 10 players 3 computer b=perfect,c=perfect";

#[test]
fn the_perfect_command_that_crashed_the_server_is_refused_and_the_server_plays_on() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", None).await;
        ann.expect("lobby>").await;
        ann.send(CRASHED).await;
        ann.expect("cannot make that game: ").await;
        ann.expect("`perfect` cannot play the dicewars rules").await;
        // What ended the turn then is a word the lobby does not know now.
        ann.send("1").await;
        ann.expect("lobby>").await;
        // Given on the `ssh` line, the refusal exits with status 1.
        let mut eve = Client::open(server.addr, "eve", Some(CRASHED)).await;
        assert_eq!(eve.finish().await, Some(1), "{}", eve.text);
        assert!(
            eve.text.contains("cannot play the dicewars rules"),
            "{}",
            eve.text
        );
        // The server still answers, and another game still plays.
        let mut bob = Client::open(server.addr, "bob", Some("new classic 2 computer b")).await;
        bob.play_to_the_end().await;
        assert!(bob.text.contains("game over"), "{}", bob.text);
    });
}

/// A Dice Wars game's record as a server kept it before `perfect` was
/// refused there: `perfect` at b, b to move, a person at a (whose cells
/// b cannot all take in one turn).
fn record_with_perfect() -> String {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(3).unwrap(), 2, 8).unwrap();
    let board = "a-3 b-2 a-4 / b-1 a-2 b-2 / a-4 b-3 a-2".parse().unwrap();
    let start = Position::start(&rules, board, Player::B).unwrap();
    let perfect = Seat::Computer {
        ai: AiKind::Perfect,
        budget: Budget::time(std::time::Duration::from_millis(200)),
    };
    Record::new(rules, start, vec![Seat::Person, perfect]).to_string()
}

#[test]
fn a_restart_with_a_perfect_seat_under_dice_resumes_and_plays() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("net/games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("QQQQ.txt"), record_with_perfect()).unwrap();
    let server = start(data.path(), &[]);
    assert!(
        server.banner.iter().any(|l| l == "resumed games: QQQQ"),
        "{:?}",
        server.banner
    );
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("join QQQQ")).await;
        ann.expect("you play a").await;
        // b, the computer, moves first: a's menu (or the game's end) comes.
        let at = ann
            .expect_any(&["choose your move:", "game over", "closed"])
            .await;
        assert!(at < 2, "{}", ann.text);
        let mut lobby = Client::open(server.addr, "cy", Some("list")).await;
        assert_eq!(lobby.finish().await, Some(0), "{}", lobby.text);
    });
}

/// The command line refuses the same opponent before the game starts
/// (it aborted with a stack overflow, status 134), as a usage error.
#[test]
fn play_refuses_perfect_under_dice_before_the_game_starts() {
    let out = crate::common::dice_of_doom()
        .args(["play", "--plain", "--no-autosave", "--rules", "dicewars"])
        .args(["--territories", "6", "--players", "2", "--computer", "all"])
        .args(["--ai", "perfect", "--seed", "1"])
        .write_stdin("")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--ai: the opponent `perfect` cannot play the dicewars rules"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "no game was started");
    // `arena` refuses it too.
    let out = crate::common::dice_of_doom()
        .args([
            "arena", "--rules", "lol4", "--a", "perfect", "--b", "chance",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot play the lol4 rules"), "{stderr}");
}
