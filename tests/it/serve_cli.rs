//! `dice-of-doom serve`: the server started on 127.0.0.1 with port 0 (it
//! prints the port it bound), driven by russh's own client in-process.
//! Every test bounds its time and kills the server it started.

use std::io::{BufRead as _, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use russh::client::{self, Handle, Msg};
use russh::keys::PublicKeyOrCertificate;
use russh::{Channel, ChannelMsg};

/// The longest any one test may take.
const TEST_LIMIT: Duration = Duration::from_secs(90);
/// The longest a client waits for a line it expects.
const WAIT: Duration = Duration::from_secs(20);

/// A server started by a test, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    /// The lines it printed at start.
    banner: Vec<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `serve` on a free loopback port with the data directory `data`.
fn start(data: &Path, options: &[&str]) -> Server {
    start_with(data, options, &[])
}

/// [`start`] with these variables in the server's environment.
fn start_with(data: &Path, options: &[&str], variables: &[(&str, &str)]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        // A seed, so that every run deals the same games.
        .args(["serve", "--listen", "127.0.0.1:0", "--seed", "1"])
        .args(options)
        .env("DICE_OF_DOOM_DATA_DIR", data)
        .envs(variables.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("its output is piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut banner = Vec::new();
    let mut server = Server {
        child,
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        banner: Vec::new(),
    };
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server prints its address");
        let join = line.starts_with("join with:");
        if let Some(addr) = line.strip_prefix("listening on ") {
            server.addr = addr.parse().expect("an address");
        }
        banner.push(line);
        if join {
            break;
        }
    }
    // A resumed game is listed after the join line.
    while let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
        banner.push(line);
    }
    server.banner = banner;
    server
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

async fn connect(addr: SocketAddr) -> Handle<Trusting> {
    let config = Arc::new(client::Config::default());
    client::connect(config, addr, Trusting)
        .await
        .expect("the server takes the connection")
}

/// One client's session channel, and all it was sent.
struct Client {
    handle: Handle<Trusting>,
    channel: Channel<Msg>,
    text: String,
    seen: usize,
    exit: Option<u32>,
}

impl Client {
    /// `user` logged in (the server open), running `command`, or in the
    /// lobby if `None`.
    async fn open(addr: SocketAddr, user: &str, command: Option<&str>) -> Client {
        let mut handle = connect(addr).await;
        let auth = handle.authenticate_none(user).await.expect("an answer");
        assert!(auth.success(), "an open server lets {user} in");
        Client::session(handle, command).await
    }

    /// A session of the logged-in `handle`, running `command`, or in the
    /// lobby if `None`.
    async fn session(handle: Handle<Trusting>, command: Option<&str>) -> Client {
        let channel = handle.channel_open_session().await.expect("a session");
        match command {
            Some(command) => channel.exec(true, command).await.expect("exec"),
            None => channel.request_shell(true).await.expect("shell"),
        }
        Client {
            handle,
            channel,
            text: String::new(),
            seen: 0,
            exit: None,
        }
    }

    async fn send(&mut self, line: &str) {
        self.channel
            .data(format!("{line}\n").as_bytes())
            .await
            .expect("the line is sent");
    }

    /// Waits for the first of `needles` after what was seen; which one.
    async fn expect_any(&mut self, needles: &[&str]) -> usize {
        loop {
            let found = needles
                .iter()
                .enumerate()
                .filter_map(|(i, n)| self.text[self.seen..].find(n).map(|at| (at, i, n.len())))
                .min();
            if let Some((at, i, len)) = found {
                self.seen += at + len;
                return i;
            }
            match tokio::time::timeout(WAIT, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.text.push_str(&String::from_utf8_lossy(&data));
                }
                Ok(Some(ChannelMsg::ExitStatus { exit_status })) => self.exit = Some(exit_status),
                Ok(Some(_)) => {}
                Ok(None) => panic!(
                    "the channel closed waiting for {needles:?}; got:\n{}",
                    self.text
                ),
                Err(_) => panic!("no {needles:?} in time; got:\n{}", self.text),
            }
        }
    }

    async fn expect(&mut self, needle: &str) {
        self.expect_any(&[needle]).await;
    }

    /// Waits for `greeting` ("you play b", "watching game") and then for
    /// the board that follows it: the server prints the board once it
    /// follows the game, so every move after it reaches this client as a
    /// line. (Moves made between the greeting and the board are in the
    /// board only.)
    async fn seated(&mut self, greeting: &str) {
        self.expect(greeting).await;
        self.expect(" to move\n").await;
    }

    /// The text up to the channel's end, and the exit status.
    async fn finish(&mut self) -> Option<u32> {
        while let Ok(Some(msg)) = tokio::time::timeout(WAIT, self.channel.wait()).await {
            match msg {
                ChannelMsg::Data { data } => self.text.push_str(&String::from_utf8_lossy(&data)),
                ChannelMsg::ExitStatus { exit_status } => self.exit = Some(exit_status),
                _ => {}
            }
        }
        self.exit
    }

    /// Plays move 1 at every turn until the game is over; the moves played.
    async fn play_to_the_end(&mut self) -> usize {
        let mut moves = 0;
        while self
            .expect_any(&["choose your move:", "game over: back in the lobby"])
            .await
            == 0
        {
            self.send("1").await;
            moves += 1;
        }
        moves
    }

    /// The game's code from the `new` command's answer, returned once
    /// the maker's screen follows the game (its board shown, nothing of
    /// it taken as seen). The server says the code before it seats the
    /// maker and before the maker's screen takes the game as it stands:
    /// a player who joined and left before that would take seat a, or
    /// leave no "disconnected" notice for the maker to read (a screen
    /// shows the notices made after it began following, the others are
    /// in the board it was shown), races a loaded machine lost.
    async fn code(&mut self) -> String {
        self.expect("others join with `join ").await;
        let code = self.text[self.seen..self.seen + 4].to_string();
        let seen = self.seen;
        self.expect_any(&["choose your move:", " to move\n"]).await;
        self.seen = seen;
        code
    }

    async fn drop_connection(self) {
        let _ = self
            .handle
            .disconnect(russh::Disconnect::ByApplication, "", "")
            .await;
    }
}

/// The server started again on `data`, checked to have resumed game
/// `code`.
fn restarted(data: &Path, code: &str) -> Server {
    let server = start(data, &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l == &format!("resumed games: {code}")),
        "{:?}",
        server.banner
    );
    server
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Runs `test` with its time bounded.
fn bounded<F: std::future::Future<Output = ()>>(test: F) {
    runtime().block_on(async {
        tokio::time::timeout(TEST_LIMIT, test)
            .await
            .expect("the test ends in time");
    });
}

#[test]
fn two_players_play_a_game_to_the_end_and_a_spectator_sees_it() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.starts_with("host key SHA256:"))
    );
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.starts_with("join with: ssh -p "))
    );
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2")).await;
        let code = ann.code().await;
        let mut bob = Client::open(server.addr, "bob", Some(&format!("join {code}"))).await;
        bob.seated("you play b").await;
        let mut cy = Client::open(server.addr, "cy", Some(&format!("watch {code}"))).await;
        cy.seated("watching game").await;
        let (a, b) = tokio::join!(ann.play_to_the_end(), bob.play_to_the_end());
        assert!(a + b >= 1, "a move was played");
        cy.expect("game over: back in the lobby").await;
        assert!(
            cy.text.contains("a plays "),
            "the spectator saw a's moves:\n{}",
            cy.text
        );
        assert!(
            cy.text.contains("The winner is") || cy.text.contains("tie"),
            "{}",
            cy.text
        );
        assert_eq!(ann.finish().await, Some(0));
    });
    // The finished game's record is kept.
    let games = std::fs::read_dir(data.path().join("net/games"))
        .unwrap()
        .count();
    assert_eq!(games, 1);
}

#[test]
fn a_dropped_player_keeps_the_seat_and_a_restarted_server_resumes_the_game() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    let code = std::sync::Mutex::new(String::new());
    let logins = std::sync::Mutex::new((String::new(), String::new()));
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 3")).await;
        let game = ann.code().await;
        *code.lock().unwrap() = game.clone();
        // Each seat's secret, for its player to come back with.
        let mine = ann.seat_login().await;
        let mut bob = Client::open(server.addr, "bob", Some(&format!("join {game}"))).await;
        bob.seated("you play b").await;
        let bobs = bob.seat_login().await;
        *logins.lock().unwrap() = (mine, bobs.clone());
        let mut other = Client::open(server.addr, "zed", Some(&format!("join {game}"))).await;
        other.expect("every seat of game").await;
        bob.drop_connection().await;
        ann.expect("b disconnected, waiting").await;
        let mut bob = Client::open(server.addr, &bobs, None).await;
        bob.seated("you play b").await;
        ann.expect("b (bob) is back").await;
        // a, first to move (its menu was shown before the drop), plays
        // one move, seen by b; then the server stops.
        assert!(ann.text.contains("choose your move:"), "{}", ann.text);
        ann.send("1").await;
        bob.expect("a plays ").await;
    });
    drop(server);
    let code = code.into_inner().unwrap();
    let (anns, bobs) = logins.into_inner().unwrap();
    let server = restarted(data.path(), &code);
    bounded(async {
        let mut lobby = Client::open(server.addr, "cy", Some("list")).await;
        lobby.expect(&code).await;
        let mut ann = Client::open(server.addr, &anns, None).await;
        ann.expect("you play a").await;
        let mut bob = Client::open(server.addr, &bobs, None).await;
        bob.expect("you play b").await;
        tokio::join!(ann.play_to_the_end(), bob.play_to_the_end());
    });
}

#[test]
fn a_computer_seat_plays_on_the_server() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2 computer b")).await;
        ann.play_to_the_end().await;
        // The seed deals a board where b gets a turn: its moves are shown.
        assert!(
            ann.text
                .lines()
                .any(|line| line.starts_with("b plays ") || line.starts_with("b ends turn")),
            "{}",
            ann.text
        );
    });
}

#[test]
fn a_wrong_password_is_refused_and_repeated_failures_are_rate_limited() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("password");
    std::fs::write(&file, "sesame\n").unwrap();
    let server = start(data.path(), &["--password-file", file.to_str().unwrap()]);
    bounded(async {
        let mut first = connect(server.addr).await;
        let none = first.authenticate_none("ann").await.unwrap();
        assert!(!none.success(), "no password, no entry");
        let good = first.authenticate_password("ann", "sesame").await.unwrap();
        assert!(good.success());
        let mut failures = 0;
        while failures < 5 {
            let mut client = connect(server.addr).await;
            for _ in 0..2 {
                let auth = client.authenticate_password("eve", "guess").await;
                if let Ok(auth) = auth {
                    assert!(!auth.success(), "a wrong password is refused");
                    failures += 1;
                }
            }
        }
        let mut late = connect(server.addr).await;
        let blocked = late.authenticate_password("ann", "sesame").await;
        assert!(
            blocked.is_ok_and(|a| !a.success()),
            "after 5 failures the address is refused even the right password"
        );
    });
}

#[test]
fn garbage_a_huge_paste_and_absurd_window_sizes_break_nothing() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut noisy = Client::open(server.addr, "noise", None).await;
        noisy.expect("lobby>").await;
        let garbage: Vec<u8> = (0..=255u8)
            .cycle()
            .take(3000)
            .filter(|b| *b != b'\n')
            .collect();
        noisy.channel.data(&garbage[..]).await.unwrap();
        noisy.channel.data(&[b'x'; 100_000][..]).await.unwrap();
        noisy.send("").await;
        noisy.expect("that line is too long").await;
        noisy.send("list").await;
        noisy.expect("no games yet").await;

        let mut handle = connect(server.addr).await;
        assert!(handle.authenticate_none("tty").await.unwrap().success());
        let channel = handle.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm", 0, 0, 0, 0, &[])
            .await
            .unwrap();
        channel.request_shell(true).await.unwrap();
        channel.window_change(65535, 65535, 0, 0).await.unwrap();
        channel.window_change(0, 0, 0, 0).await.unwrap();
        let mut tty = Client {
            handle,
            channel,
            text: String::new(),
            seen: 0,
            exit: None,
        };
        tty.expect("lobby> ").await;
        tty.channel
            .data(&b"\x1b[2J\x1b]0;x\x07\x08\x7f help\r"[..])
            .await
            .unwrap();
        tty.expect("unknown command").await;

        let mut refused = Client::open(server.addr, "ann", Some("rm -rf /")).await;
        refused.expect("refused: unknown command").await;
        assert_eq!(refused.finish().await, Some(1));

        // The server still serves others.
        let mut late = Client::open(server.addr, "late", Some("help")).await;
        late.expect("Undo is off in network games").await;
    });
}

#[test]
fn a_public_address_without_an_access_option_is_refused() {
    let data = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .args(["serve", "--listen", "0.0.0.0:0"])
        .env("DICE_OF_DOOM_DATA_DIR", data.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "needs an access option: --open, --password, --password-file or --authorized-keys"
        ),
        "{stderr}"
    );
}

mod computer;
mod hostile;
mod lobby;
mod new_game;
mod rooms;
mod screen;
mod seats;
mod start_lines;
mod stop;
