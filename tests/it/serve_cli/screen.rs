//! `serve` at a terminal: a session with a pseudo-terminal gets the lobby
//! in lines and its games full screen, its bytes read back through a
//! terminal emulator (`vt100`); a session without one keeps the lines.

use russh::ChannelMsg;

use super::{Client, WAIT, bounded, connect, start};

/// A client with a pseudo-terminal, and the screen it shows.
struct Tty {
    client: Client,
    screen: vt100::Parser,
}

impl Tty {
    /// `user` logged in with a terminal of 80x24, in the lobby.
    async fn open(addr: std::net::SocketAddr, user: &str) -> Tty {
        let mut handle = connect(addr).await;
        assert!(handle.authenticate_none(user).await.unwrap().success());
        let channel = handle.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm-256color", 80, 24, 0, 0, &[])
            .await
            .unwrap();
        channel.request_shell(true).await.unwrap();
        let mut client = Client {
            handle,
            channel,
            text: String::new(),
            seen: 0,
            exit: None,
        };
        client.expect("lobby> ").await;
        Tty {
            client,
            screen: vt100::Parser::new(24.try_into().unwrap(), 80.try_into().unwrap(), 0),
        }
    }

    async fn type_bytes(&mut self, bytes: &[u8]) {
        self.client.channel.data(bytes).await.unwrap();
    }

    /// Reads what comes next into the text and the screen.
    async fn pump(&mut self, waiting_for: &str) {
        match tokio::time::timeout(WAIT, self.client.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                self.screen.process(&data);
                self.client.text.push_str(&String::from_utf8_lossy(&data));
            }
            Ok(Some(_)) => {}
            Ok(None) => panic!(
                "the channel closed waiting for {waiting_for}:\n{}",
                self.screen.screen().contents()
            ),
            Err(_) => panic!(
                "no {waiting_for} in time; the screen:\n{}",
                self.screen.screen().contents()
            ),
        }
    }

    /// Waits until the text received contains `text`.
    async fn expect_text(&mut self, text: &str) {
        while !self.client.text.contains(text) {
            self.pump(text).await;
        }
    }

    /// Waits until the screen passes `test`; the screen's text.
    async fn wait_until(&mut self, what: &str, test: impl Fn(&vt100::Screen) -> bool) -> String {
        while !test(self.screen.screen()) {
            self.pump(what).await;
        }
        self.screen.screen().contents()
    }
}

/// The text of the screen's last row.
fn last_row(screen: &vt100::Screen) -> String {
    let (rows, cols) = screen.size();
    let last = rows.get() - 1;
    screen.contents_between(last, 0, last, cols.get())
}

#[test]
fn terminals_play_full_screen_and_a_plain_session_keeps_lines() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Tty::open(server.addr, "ann").await;
        ann.type_bytes(b"new classic 2\r").await;
        ann.expect_text("others join with `join ").await;
        let join = "others join with `join ";
        let at = ann.client.text.find(join).unwrap() + join.len();
        let code = ann.client.text[at..at + 4].to_string();
        ann.wait_until("a's game", |s| {
            s.contents().contains("Moves (type a number")
        })
        .await;
        let mut bob = Tty::open(server.addr, "bob").await;
        bob.type_bytes(format!("join {code}\r").as_bytes()).await;
        let before = bob
            .wait_until("b's game", |s| {
                s.contents().contains("a to move") && s.contents().contains("no moves yet")
            })
            .await;
        assert!(before.contains("q leave"), "{before}");
        assert!(
            !before.contains("type a number"),
            "b is not shown a's moves:\n{before}"
        );
        // a plays its first move; b's screen shows it in the log.
        ann.type_bytes(b"1").await;
        let after = bob
            .wait_until("a's move on b's screen", |s| {
                !s.contents().contains("no moves yet")
            })
            .await;
        assert!(after.contains("Log"), "{after}");

        // A bigger window: the screen is drawn again to its size.
        bob.client
            .channel
            .window_change(120, 40, 0, 0)
            .await
            .unwrap();
        bob.screen
            .screen_mut()
            .set_size(40.try_into().unwrap(), 120.try_into().unwrap());
        let big = bob
            .wait_until("a redraw at 120x40", |s| last_row(s).contains("q leave"))
            .await;
        assert!(big.contains("Log"), "{big}");

        // `q`, `y`: a is back in the lobby, in lines.
        ann.type_bytes(b"q").await;
        ann.type_bytes(b"y").await;
        ann.expect_text("back in the lobby\r\n").await;
        ann.type_bytes(b"list\r").await;
        // Leaving keeps the seat, as the line mode's `leave` does.
        ann.expect_text("a: ann (away)").await;

        // Without a terminal, lines only.
        let mut cy = Client::open(server.addr, "cy", None).await;
        cy.expect("lobby> ").await;
        cy.send(&format!("watch {code}")).await;
        cy.expect("watching game").await;
        cy.expect(" to move\n").await;
        assert!(!cy.text.contains('\u{1b}'), "{}", cy.text);

        // b's connection drops in the middle of its full-screen game: its
        // seat is a drop, as in the line mode.
        bob.client.drop_connection().await;
        cy.expect("b disconnected").await;
    });
}
