//! `serve` against hostile clients: silent sockets that never log in (and
//! the login deadline that closes them), login tries per connection, wrong
//! passwords for one name, nonsense limits, and endless or huge password,
//! key and host key files.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt as _;
use tokio::net::TcpStream;

use super::{Client, bounded, connect, start};
use crate::safety_cli::finish;

/// The longest an honest login may take here: the server's default login
/// grace.
const LOGIN_DEADLINE: Duration = Duration::from_secs(20);

/// Runs `serve` with `options` until it exits (at most 20 s).
fn serve_output(data: &Path, options: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(options)
        .env("DICE_OF_DOOM_DATA_DIR", data)
        .env_remove("DICE_OF_DOOM_PASSWORD")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    finish(child, Duration::from_secs(20))
}

/// Reads `socket` to its end, which the server must bring within 20 s;
/// what it sent.
async fn closed_by_the_server(socket: &mut TcpStream) -> Vec<u8> {
    let mut seen = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), socket.read_to_end(&mut seen)).await;
    assert!(read.is_ok(), "the server closed the connection in time");
    seen
}

#[test]
fn silent_sockets_never_keep_a_player_out() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        // 100 sockets from the test's own address that never say a word.
        let mut silent = Vec::new();
        for _ in 0..100 {
            silent.push(TcpStream::connect(server.addr).await.expect("a socket"));
        }
        let ann = Client::open(server.addr, "ann", Some("help"));
        let mut ann = tokio::time::timeout(LOGIN_DEADLINE, ann)
            .await
            .expect("ann logs in within the login deadline");
        ann.expect("Undo is off in network games").await;
        // The oldest silent ones made room: the server closed them (before
        // or after its banner, as it happened).
        closed_by_the_server(&mut silent[0]).await;
        // 400 more (500 in all) and another player still gets in.
        for _ in 0..400 {
            silent.push(TcpStream::connect(server.addr).await.expect("a socket"));
        }
        let bob = Client::open(server.addr, "bob", Some("help"));
        let mut bob = tokio::time::timeout(LOGIN_DEADLINE, bob)
            .await
            .expect("bob logs in within the login deadline");
        bob.expect("Undo is off in network games").await;
        // A player logged in is never closed to make room.
        let mut cy = Client::open(server.addr, "cy", None).await;
        cy.expect("lobby>").await;
        for _ in 0..50 {
            silent.push(TcpStream::connect(server.addr).await.expect("a socket"));
        }
        cy.send("list").await;
        cy.expect("no games yet").await;
    });
}

#[test]
fn a_login_past_the_players_of_an_address_is_closed_and_the_others_stay() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &["--max-per-address", "1"]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", None).await;
        ann.expect("lobby>").await;
        let mut bob = connect(server.addr).await;
        // The login itself succeeds; the connection is then closed.
        let _ = bob.authenticate_none("bob").await;
        assert!(
            bob.channel_open_session().await.is_err(),
            "no session past --max-per-address"
        );
        ann.send("list").await;
        ann.expect("no games yet").await;
    });
}

#[test]
fn a_connection_not_logged_in_by_the_login_grace_is_closed() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &["--login-grace", "1"]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", None).await;
        ann.expect("lobby>").await;
        // A socket that never sends its banner, and a client that makes
        // the key exchange but never logs in: both closed.
        let mut silent = TcpStream::connect(server.addr).await.expect("a socket");
        let half = connect(server.addr).await;
        let banner = closed_by_the_server(&mut silent).await;
        assert!(banner.starts_with(b"SSH-2.0-"), "{banner:?}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !half.is_closed() {
            assert!(
                Instant::now() < deadline,
                "the key exchange alone stays open"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // ann, logged in long before, is still there.
        ann.send("list").await;
        ann.expect("no games yet").await;
    });
}

#[test]
fn a_connection_gets_exactly_three_password_tries() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("password");
    std::fs::write(&file, "sesame\n").unwrap();
    let server = start(data.path(), &["--password-file", file.to_str().unwrap()]);
    bounded(async {
        let mut client = connect(server.addr).await;
        // OpenSSH's first probe: the methods, not a try.
        let probe = client.authenticate_none("ann").await.unwrap();
        assert!(!probe.success());
        for n in 1..=2 {
            let auth = client.authenticate_password("ann", "guess").await;
            assert!(
                auth.as_ref().is_ok_and(|a| !a.success()),
                "try {n} is heard and refused: {auth:?}"
            );
        }
        // Two wrong passwords, and the third try is heard.
        let third = client.authenticate_password("ann", "sesame").await;
        assert!(
            third.is_ok_and(|a| a.success()),
            "the third try lets ann in"
        );
        // Three wrong ones, and there is no fourth, not even the right one.
        let mut client = connect(server.addr).await;
        for n in 1..=3 {
            let auth = client.authenticate_password("ann", "guess").await;
            assert!(auth.is_ok_and(|a| !a.success()), "try {n} is refused");
        }
        let fourth = client.authenticate_password("ann", "sesame").await;
        assert!(
            !fourth.is_ok_and(|a| a.success()),
            "no fourth try, not even the right password"
        );
        // Five failures so far block the address for a minute: a connection
        // is refused even the right password.
        let mut late = connect(server.addr).await;
        let blocked = late.authenticate_password("ann", "sesame").await.unwrap();
        assert!(!blocked.success());
    });
}

#[test]
fn wrong_passwords_for_one_name_close_that_name_to_passwords_not_others() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("password");
    std::fs::write(&file, "sesame\n").unwrap();
    // The address may fail often (a lab behind one address): the name's
    // own limit, 10 wrong passwords, is what stops these guesses.
    let server = start(
        data.path(),
        &[
            "--password-file",
            file.to_str().unwrap(),
            "--max-login-failures",
            "100",
        ],
    );
    let addr = server.addr;
    bounded(async move {
        let guessers: Vec<_> = (0..4)
            .map(|_| {
                tokio::spawn(async move {
                    let mut client = connect(addr).await;
                    for _ in 0..3 {
                        let auth = client.authenticate_password("ann", "guess").await;
                        assert!(auth.is_ok_and(|a| !a.success()), "a guess is refused");
                    }
                })
            })
            .collect();
        for guesser in guessers {
            guesser.await.expect("the guesses end");
        }
        let mut ann = connect(addr).await;
        let refused = ann.authenticate_password("ann", "sesame").await.unwrap();
        assert!(
            !refused.success(),
            "the name is closed to passwords a while"
        );
        let mut cap = connect(addr).await;
        let also = cap
            .authenticate_password("Ann+NARF", "sesame")
            .await
            .unwrap();
        assert!(!also.success(), "the same player under another spelling");
        let mut bob = connect(addr).await;
        let right = bob.authenticate_password("bob", "sesame").await.unwrap();
        assert!(
            right.success(),
            "another name from the same address is heard"
        );
    });
}

#[test]
fn nonsense_limits_are_refused_at_start() {
    let data = tempfile::tempdir().unwrap();
    for (options, says) in [
        (&["--max-per-address", "0"][..], "--max-per-address"),
        (&["--max-connections", "0"], "--max-connections"),
        (&["--max-startups", "0"], "--max-startups"),
        (&["--max-startups-per-address", "0"], "must be from 1"),
        (&["--max-login-failures", "0"], "must be from 1"),
        (&["--login-grace", "0"], "the login grace is at least 1s"),
        (&["--login-grace", "1h"], "the login grace is at most 10m"),
        (
            &["--net-block", "33:64"],
            "an IPv4 prefix length is 1 to 32",
        ),
        (
            &["--net-block", "32:0"],
            "an IPv6 prefix length is 1 to 128",
        ),
    ] {
        let output = serve_output(data.path(), options);
        assert_eq!(output.status.code(), Some(2), "{options:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{options:?}: {stderr}");
    }
}

#[test]
fn endless_or_huge_password_key_and_host_key_files_are_refused() {
    let data = tempfile::tempdir().unwrap();
    let huge = data.path().join("huge");
    std::fs::write(&huge, "x".repeat(2 << 20)).unwrap();
    let huge = huge.to_str().unwrap().to_string();
    for option in ["--password-file", "--authorized-keys"] {
        for file in ["/dev/zero", huge.as_str()] {
            let output = serve_output(data.path(), &[option, file]);
            assert_eq!(output.status.code(), Some(2), "{option} {file}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.contains(&format!("{file}: larger than 1048576 bytes")),
                "{option} {file}: {stderr}"
            );
        }
    }
    let net = data.path().join("net");
    std::fs::create_dir_all(&net).unwrap();
    std::os::unix::fs::symlink("/dev/zero", net.join("host_ed25519")).unwrap();
    let output = serve_output(data.path(), &[]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("host_ed25519: larger than 1048576 bytes"),
        "{stderr}"
    );
}
