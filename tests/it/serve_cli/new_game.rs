//! `serve`'s lobby and the command line take the same new games: what the
//! command line refuses the lobby refuses, saying the same range, and what
//! it plays the lobby makes; every refusal of a command given on the `ssh`
//! line exits with status 1.

use super::{Client, bounded, start};
use crate::common::dice_of_doom;

/// The range the command line says refusing `play` with `options` (`from
/// 2 to 10`).
fn refused_range(options: &[&str]) -> String {
    let out = dice_of_doom()
        .args(["play", "--plain", "--no-autosave"])
        .args(options)
        .write_stdin("")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{options:?}: {stderr}");
    let at = stderr.find("must be from ").expect("a range") + "must be ".len();
    stderr[at..].lines().next().unwrap_or_default().to_string()
}

/// `command` run on the `ssh` line: all it said, and its exit status.
async fn exec(addr: std::net::SocketAddr, command: &str) -> (String, Option<u32>) {
    let mut client = Client::open(addr, "eve", Some(command)).await;
    let status = client.finish().await;
    (client.text, status)
}

#[test]
fn the_lobby_refuses_what_the_command_line_refuses_with_the_same_range() {
    let cases: [(&str, &[&str]); 4] = [
        ("new classic 1", &["--size", "1"]),
        ("new classic 11", &["--size", "11"]),
        ("new lol4 players 9", &["--rules", "lol4", "--players", "9"]),
        (
            "new dicewars 1",
            &["--rules", "dicewars", "--territories", "1"],
        ),
    ];
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        for (command, options) in cases {
            let range = refused_range(options);
            assert!(range.starts_with("from "), "{options:?}: {range}");
            let (said, status) = exec(server.addr, command).await;
            assert!(said.starts_with("refused: "), "{command}: {said}");
            assert!(said.contains(&range), "{command}: `{range}` in {said}");
            assert_eq!(status, Some(1), "{command}: {said}");
        }
    });
}

#[test]
fn the_lobby_makes_a_board_the_command_line_plays() {
    let data = tempfile::tempdir().unwrap();
    let played = dice_of_doom()
        .args([
            "play",
            "--plain",
            "--no-autosave",
            "--size",
            "7",
            "--seed",
            "1",
        ])
        .env("DICE_OF_DOOM_DATA_DIR", data.path())
        .write_stdin("")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&played.stdout);
    assert!(
        stdout.starts_with("A random 7x7 board, seed 1."),
        "{stdout}"
    );
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 7")).await;
        let code = ann.code().await;
        ann.expect("you play a").await;
        let (list, status) = exec(server.addr, "list").await;
        assert!(list.contains(&format!("{code}  classic 7x7")), "{list}");
        assert_eq!(status, Some(0), "an exec served exits with 0");
    });
}

#[test]
fn every_refusal_of_a_command_on_the_ssh_line_exits_1() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2")).await;
        let code = ann.code().await;
        ann.expect("you play a").await;
        let join = format!("join {code}");
        let mut bob = Client::open(server.addr, "bob", Some(&join)).await;
        bob.expect("you play b").await;
        let refused = [
            ("new classic 2 players 8", "cannot make that game: "),
            ("join QQQQ", "no game QQQQ"),
            ("watch QQQQ", "no game QQQQ"),
            (join.as_str(), "is taken"),
            ("new classic 1", "refused: "),
            ("dance", "refused: unknown command"),
        ];
        for (command, words) in refused {
            let (said, status) = exec(server.addr, command).await;
            assert!(said.contains(words), "{command}: {said}");
            assert_eq!(status, Some(1), "{command}: {said}");
        }
        let (help, status) = exec(server.addr, "help").await;
        assert!(help.contains("new RULES"), "{help}");
        assert_eq!(status, Some(0));
    });
}
