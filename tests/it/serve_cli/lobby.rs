//! `serve`'s lobby and access: a game made with its options (board,
//! players, the computer's seats and opponents, its time), user names of
//! the form `CODE` and `NAME+CODE`, `--password` from the environment,
//! and `--authorized-keys` (a listed key let in, others refused and rate
//! limited, a malformed file refused at start).

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::keys::PrivateKey;
use russh::keys::key::PrivateKeyWithHashAlg;

use super::{Client, Server, bounded, connect, start, start_with};

/// A key of a test's players, the same for the same seed.
pub(super) fn key(seed: u8) -> PrivateKey {
    PrivateKey::from(russh::keys::ssh_key::private::Ed25519Keypair::from_seed(
        &[seed; 32],
    ))
}

/// `user` logged in with `key`, in the lobby (or at a game the user name
/// asks for); or why not.
pub(super) async fn open_with_key(
    addr: std::net::SocketAddr,
    user: &str,
    key: &PrivateKey,
) -> Result<Client, String> {
    let mut handle = connect(addr).await;
    let auth = handle
        .authenticate_publickey(
            user,
            PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None),
        )
        .await
        .map_err(|e| e.to_string())?;
    if !auth.success() {
        return Err("refused".to_string());
    }
    Ok(Client::session(handle, None).await)
}

/// Runs `serve` with `options` and the environment `env` until it exits.
fn serve_output(data: &Path, options: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"));
    command
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(options)
        .env("DICE_OF_DOOM_DATA_DIR", data)
        .env_remove("DICE_OF_DOOM_PASSWORD")
        .stdin(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

/// Starts `serve --password` with the password in the environment.
fn start_with_password(data: &Path, password: &str) -> Server {
    start_with(
        data,
        &["--password"],
        &[("DICE_OF_DOOM_PASSWORD", password)],
    )
}

#[test]
fn a_game_made_with_its_options_is_listed_kept_and_played_by_its_computers() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(
            server.addr,
            "ann",
            Some("new lol4 3 players 3 computer b=random,c=lol4 time 0.1"),
        )
        .await;
        let code = ann.code().await;
        ann.expect("you play a").await;
        let mut cy = Client::open(server.addr, "cy", Some("list")).await;
        cy.expect(&code).await;
        cy.expect("lol4 3x3  a: ann, b: computer random, c: computer lol4")
            .await;
        let record = std::fs::read_to_string(data.path().join(format!("net/games/{code}.txt")))
            .expect("the game's record");
        assert!(record.contains("players: 3\n"), "{record}");
        assert!(
            record.contains("player b: computer random, 0.1 s\n")
                && record.contains("player c: computer lol4, 0.1 s\n"),
            "each computer seat's opponent and time are kept:\n{record}"
        );
        // a plays move 1 until the turn ends (`end turn` comes first once
        // a has attacked); b and c answer on the server.
        while ann
            .expect_any(&["choose your move:", "b: ", "c: ", "game over"])
            .await
            == 0
        {
            ann.send("1").await;
        }

        let mut eve = Client::open(server.addr, "eve", Some("new classic computer b,c")).await;
        eve.expect("refused: no seat c in a game of 2 players")
            .await;
        assert_eq!(eve.finish().await, Some(1));
        let mut help = Client::open(server.addr, "eve", Some("help")).await;
        help.expect("computer SEATS").await;
    });
}

#[test]
fn a_code_as_user_name_joins_the_game_and_brings_the_player_back() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2 players 3")).await;
        let code = ann.code().await;
        // NAME+CODE: bob at the next seat, and back at it after a drop.
        let mut bob = Client::open(server.addr, &format!("bob+{code}"), None).await;
        bob.expect("welcome, bob").await;
        bob.expect(&format!("you play b in game {code}")).await;
        let secret = bob.seat_login().await;
        let secret = secret.rsplit_once('.').unwrap().1.to_string();
        bob.drop_connection().await;
        ann.expect("b disconnected, waiting").await;
        let lower = code.to_lowercase();
        let again = format!("bob+{lower}.{secret}");
        let mut bob = Client::open(server.addr, &again, None).await;
        bob.expect(&format!("you play b in game {code}")).await;
        ann.expect("b (bob) is back").await;
        // CODE alone: the player is known by their key.
        let dee = key(4);
        let mut first = open_with_key(server.addr, &code, &dee).await.unwrap();
        first.expect("welcome, key-").await;
        first.expect(&format!("you play c in game {code}")).await;
        first.drop_connection().await;
        ann.expect("c disconnected, waiting").await;
        let mut again = open_with_key(server.addr, &code, &dee).await.unwrap();
        again.expect(&format!("you play c in game {code}")).await;
        ann.expect("c (key-").await;
        ann.expect(") is back").await;
        // A code with no game is a short refusal, then the lobby.
        let mut lost = Client::open(server.addr, "zed+QQQQ", None).await;
        lost.expect("no game QQQQ").await;
        lost.expect("lobby>").await;
    });
}

#[test]
fn the_password_comes_from_the_environment_and_never_from_nowhere() {
    let data = tempfile::tempdir().unwrap();
    let output = serve_output(data.path(), &["--password"], &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("set DICE_OF_DOOM_PASSWORD"), "{stderr}");
    let empty = serve_output(
        data.path(),
        &["--password"],
        &[("DICE_OF_DOOM_PASSWORD", "")],
    );
    assert_eq!(empty.status.code(), Some(2));
    let both = serve_output(data.path(), &["--password", "--open"], &[]);
    assert_eq!(both.status.code(), Some(2), "one access option at a time");

    let server = start_with_password(data.path(), "open sesame");
    bounded(async {
        let mut client = connect(server.addr).await;
        let wrong = client.authenticate_password("ann", "sesame").await.unwrap();
        assert!(!wrong.success());
        let right = client
            .authenticate_password("ann", "open sesame")
            .await
            .unwrap();
        assert!(right.success());
    });
}

#[test]
fn a_listed_key_is_let_in_others_refused_and_rate_limited() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("authorized_keys");
    let listed = key(1);
    let line = listed.public_key().to_openssh().unwrap();
    std::fs::write(&file, format!("# the players\n{line} ann@home\n")).unwrap();
    let server = start(data.path(), &["--authorized-keys", file.to_str().unwrap()]);
    bounded(async {
        let mut ann = open_with_key(server.addr, "ann", &listed).await.unwrap();
        ann.expect("welcome, ann").await;
        let mut none = connect(server.addr).await;
        assert!(!none.authenticate_none("eve").await.unwrap().success());
        assert!(
            !none
                .authenticate_password("eve", "guess")
                .await
                .unwrap()
                .success()
        );
        let stranger = key(2);
        for _ in 0..5 {
            assert!(open_with_key(server.addr, "eve", &stranger).await.is_err());
        }
        // The refusals count against the address as each connection
        // ends: the listed key is soon refused too.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match open_with_key(server.addr, "ann", &listed).await {
                Err(_) => break,
                Ok(client) => client.drop_connection().await,
            }
            assert!(Instant::now() < deadline, "the address was never blocked");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
}

#[test]
fn a_malformed_authorized_keys_file_is_refused_at_start_with_its_line() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("keys");
    let line = key(1).public_key().to_openssh().unwrap();
    std::fs::write(&file, format!("{line}\n\nssh-ed25519 !!!not-a-key\n")).unwrap();
    let output = serve_output(
        data.path(),
        &["--authorized-keys", file.to_str().unwrap()],
        &[],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "{}:3: not an authorized_keys line",
            file.display()
        )),
        "{stderr}"
    );
}
