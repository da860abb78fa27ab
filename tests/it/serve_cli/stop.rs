//! `serve` stopped by a signal: every client is told that the server is
//! stopping and its game is kept, the connections close, the server exits
//! with 128 + the signal's number, and a restart resumes the game. And a
//! dropped seat held only `--seat-hold`.

use std::time::{Duration, Instant};

use rustix::process::Signal;

use super::{Client, bounded, restarted, start};
use crate::safety_cli::signal;

#[test]
fn a_terminated_server_tells_its_clients_exits_143_and_resumes_the_game() {
    let data = tempfile::tempdir().unwrap();
    let mut server = start(data.path(), &[]);
    let code = std::sync::Mutex::new(String::new());
    let board = std::sync::Mutex::new(String::new());
    let login = std::sync::Mutex::new(String::new());
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 3")).await;
        let game = ann.code().await;
        *code.lock().unwrap() = game.clone();
        let mut bob = Client::open(server.addr, "bob", Some(&format!("join {game}"))).await;
        bob.seated("you play b").await;
        *login.lock().unwrap() = bob.seat_login().await;
        let mut lobby = Client::open(server.addr, "cy", None).await;
        lobby.expect("lobby>").await;
        ann.expect("choose your move:").await;
        ann.send("1").await;
        bob.expect("a plays ").await;
        let from = bob.text[bob.seen..]
            .find('\n')
            .map_or(bob.seen, |i| bob.seen + i + 1);
        bob.expect(" to move\n").await;
        *board.lock().unwrap() = board_of(&bob.text[from..bob.seen]);
        signal(&server.child, Signal::TERM);
        for client in [&mut ann, &mut bob, &mut lobby] {
            client.expect("the server is stopping").await;
            client.finish().await;
            assert!(client.text.contains("your game is kept"), "{}", client.text);
        }
        assert!(bob.text.contains("this game is kept"), "{}", bob.text);
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server exits");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(143), "128 + SIGTERM");
    drop(server);
    let code = code.into_inner().unwrap();
    let server = restarted(data.path(), &code);
    bounded(async {
        // bob comes back with his seat's secret.
        let secret = login
            .lock()
            .unwrap()
            .rsplit_once('.')
            .unwrap()
            .1
            .to_string();
        let join = format!("join {code}.{secret}");
        let mut bob = Client::open(server.addr, "bob", Some(&join)).await;
        bob.expect("you play b").await;
        let from = bob.seen;
        bob.expect(" to move\n").await;
        let again = board_of(&bob.text[from..bob.seen]);
        let before = board.lock().unwrap().clone();
        assert!(!before.is_empty());
        assert_eq!(
            again, before,
            "the game goes on where it stopped, a's move kept"
        );
    });
}

/// The board's lines of a position's text (those drawing cells).
fn board_of(text: &str) -> String {
    text.lines()
        .filter(|l| l.contains('-') && !l.contains(':'))
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_seat_held_past_seat_hold_goes_to_whoever_joins() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &["--seat-hold", "1s"]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 3")).await;
        let game = ann.code().await;
        let mut bob = Client::open(server.addr, "bob", Some(&format!("join {game}"))).await;
        // Seated before the drop: a drop before the server took the join
        // would leave no seat to hold (a race a loaded machine once lost).
        bob.expect("you play b").await;
        bob.drop_connection().await;
        ann.expect("b disconnected, waiting").await;
        ann.expect("b's seat is open").await;
        let mut zed = Client::open(server.addr, "zed", Some(&format!("join {game}"))).await;
        zed.expect("you play b").await;
    });
}
