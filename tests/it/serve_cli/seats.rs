//! `serve`'s seats belong to whoever took them: a seat stays while any
//! connection of its player is at it; on a server of keys it is the key's
//! (another key cannot take it under the same name, nor under the key's
//! own `key-` name); on a server of passwords (or an open one) it is bound
//! to a secret its player is shown, so that the shared password does not
//! share seats; and user names are never merged into one.

use std::net::SocketAddr;

use russh::keys::HashAlg;

use super::lobby::{key, open_with_key};
use super::{Client, bounded, connect, start, start_with};

impl Client {
    /// The login shown with the last seat taken: `NAME+CODE.SECRET` (said
    /// with `you play`, before the board).
    pub(super) async fn seat_login(&mut self) -> String {
        const SAID: &str = "your seat's secret: ";
        if !self.text.contains(SAID) {
            self.expect(SAID).await;
        }
        let from = self.text.rfind(SAID).unwrap() + SAID.len();
        let rest = &self.text[from..];
        rest[..rest.find(' ').unwrap()].to_string()
    }

    /// `user` logged in with `password`, running `command` (the lobby if
    /// `None`).
    async fn with_password(
        addr: SocketAddr,
        user: &str,
        password: &str,
        command: Option<&str>,
    ) -> Client {
        let mut handle = connect(addr).await;
        let auth = handle.authenticate_password(user, password).await.unwrap();
        assert!(auth.success(), "the password lets {user:?} in");
        Client::session(handle, command).await
    }
}

/// The `.SECRET` of a seat's login `NAME+CODE.SECRET`.
fn secret_of(login: &str) -> &str {
    login.rsplit_once('.').map_or("", |(_, secret)| secret)
}

#[test]
fn two_connections_at_a_seat_one_drops_and_the_seat_stays() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        let mut ann = Client::open(server.addr, "ann", Some("new classic 2")).await;
        let code = ann.code().await;
        let login = ann.seat_login().await;
        assert!(login.starts_with(&format!("ann+{code}.")), "{login}");
        let mut bob = Client::open(server.addr, "bob", Some(&format!("join {code}"))).await;
        bob.seated("you play b").await;
        // ann again, from a second connection: her seat, not a new one.
        let join = format!("join {code}.{}", secret_of(&login));
        let mut again = Client::open(server.addr, "ann", Some(&join)).await;
        again.expect(&format!("you play a in game {code}")).await;
        again.expect("choose your move:").await;
        // The second connection's input ends (as on a drop): it leaves the
        // seat, then exits.
        again.channel.eof().await.unwrap();
        assert_eq!(again.finish().await, Some(0));
        let mut lobby = Client::open(server.addr, "cy", Some("list")).await;
        lobby.expect(&format!("{code}  classic")).await;
        lobby.finish().await;
        assert!(
            lobby.text.contains("a: ann, b: bob"),
            "ann is still at a:\n{}",
            lobby.text
        );
        // And plays on from her first connection.
        ann.expect("choose your move:").await;
        ann.send("1").await;
        bob.expect("a plays ").await;
        assert!(!bob.text.contains("a disconnected"), "{}", bob.text);
    });
}

#[test]
fn another_key_cannot_take_a_key_s_seat() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("authorized_keys");
    let (first, second) = (key(1), key(2));
    let lines: Vec<String> = [&first, &second]
        .iter()
        .map(|k| k.public_key().to_openssh().unwrap())
        .collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let server = start(data.path(), &["--authorized-keys", file.to_str().unwrap()]);
    let print = first.public_key().fingerprint(HashAlg::Sha256).to_string();
    let short: String = print["SHA256:".len()..]
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(10)
        .collect();
    let first_name = format!("key-{short}");
    bounded(async {
        let mut ann = open_with_key(server.addr, "ann", &first).await.unwrap();
        ann.expect("lobby> ").await;
        ann.send("new classic 2 players 3").await;
        let code = ann.code().await;
        ann.expect("you play a").await;
        assert!(!ann.text.contains("secret"), "a key needs no secret");
        // The first key, known by its own name, at b.
        let mut own = open_with_key(server.addr, &code, &first).await.unwrap();
        own.expect(&format!("welcome, {first_name}")).await;
        own.expect(&format!("you play b in game {code}")).await;
        // The second key, as ann, as ann+CODE, or as the first key's name.
        for user in [
            "ann".to_string(),
            format!("ann+{code}"),
            format!("{first_name}+{code}"),
            first_name.clone(),
        ] {
            let mut thief = open_with_key(server.addr, &user, &second).await.unwrap();
            assert_eq!(thief.finish().await, Some(1), "{user}: {}", thief.text);
            assert!(
                thief.text.starts_with("refused: "),
                "{user}: {}",
                thief.text
            );
            assert!(!thief.text.contains("you play"), "{user}: {}", thief.text);
        }
        // The first key comes back to its seat.
        let mut back = open_with_key(server.addr, &format!("ann+{code}"), &first)
            .await
            .unwrap();
        back.expect(&format!("you play a in game {code}")).await;
        // The second key under a name of its own takes the free seat.
        let mut cy = open_with_key(server.addr, &format!("cy+{code}"), &second)
            .await
            .unwrap();
        cy.expect(&format!("you play c in game {code}")).await;
    });
}

#[test]
fn the_shared_password_does_not_share_seats() {
    let data = tempfile::tempdir().unwrap();
    let server = start_with(
        data.path(),
        &["--password"],
        &[("DICE_OF_DOOM_PASSWORD", "sesame")],
    );
    bounded(async {
        let addr = server.addr;
        let mut ann = Client::with_password(addr, "ann", "sesame", Some("new classic 2")).await;
        let code = ann.code().await;
        let login = ann.seat_login().await;
        // Another holder of the password, as ann: refused, by command or
        // by user name, and with a wrong secret.
        let join = format!("join {code}");
        let mut eve = Client::with_password(addr, "ann", "sesame", Some(&join)).await;
        assert_eq!(eve.finish().await, Some(1), "{}", eve.text);
        assert!(
            eve.text
                .contains(&format!("seat a of game {code} is ann's: give its secret")),
            "{}",
            eve.text
        );
        for user in [format!("ann+{code}"), format!("ann+{code}.k7m2x9q4abcd")] {
            let mut eve = Client::with_password(addr, &user, "sesame", None).await;
            eve.expect("is ann's: give its secret").await;
            eve.expect("lobby> ").await;
            assert!(!eve.text.contains("you play"), "{}", eve.text);
        }
        // ann with her secret is back at a (a second connection).
        let mut again = Client::with_password(addr, &login, "sesame", None).await;
        again.expect(&format!("you play a in game {code}")).await;
        // eve under her own name takes the free seat, with a secret of her own.
        let mut eve = Client::with_password(addr, &format!("eve+{code}"), "sesame", None).await;
        eve.expect(&format!("you play b in game {code}")).await;
        let hers = eve.seat_login().await;
        assert!(hers.starts_with(&format!("eve+{code}.")), "{hers}");
        assert_ne!(secret_of(&hers), secret_of(&login));
    });
    // The record keeps a hash of each secret, never a secret.
    let games = data.path().join("net/games");
    let record = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .next()
        .unwrap();
    assert!(record.contains("net seat a ann secret "), "{record}");
}

#[test]
fn odd_user_names_are_refused_not_merged_into_one() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    bounded(async {
        for user in ["", " ", "\0", "+", "ann+", "\u{1b}[31mbob"] {
            let mut odd = Client::open(server.addr, user, None).await;
            assert_eq!(odd.finish().await, Some(1), "{user:?}: {}", odd.text);
            assert!(odd.text.starts_with("refused: "), "{user:?}: {}", odd.text);
            assert!(!odd.text.contains("welcome"), "{user:?}: {}", odd.text);
            assert!(!odd.text.contains('\u{1b}'), "{user:?}: {:?}", odd.text);
        }
        let mut plain = Client::open(server.addr, "Ann.B-2_x", None).await;
        plain.expect("welcome, Ann.B-2_x.").await;
    });
}
