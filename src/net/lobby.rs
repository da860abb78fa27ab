//! The lobby over the network: list the games, make one, join one, watch
//! one; then the game full screen at a terminal ([`Terminal`]), in the line
//! mode otherwise ([`line_mode::play_table`]: the same menu, board and
//! words as at a terminal, every move shown to everyone as it happens). It
//! runs on a thread of its own per connection, reading lines from the
//! connection's handler and writing text back through a bounded channel.

use std::io::Write;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};

use crate::game::Player;
use crate::session::{FrontEndError, Table, Wake};
use crate::ui::line_mode::{self, Said, Source, TableEnd, input::Line};

use super::limits::Input;
use super::rooms::{Creator, Room, Rooms, Seated, Who};
use super::terminal::Terminal;

mod request;

pub use request::{Request, help, new_game, parse};

/// Where a front-end writes: the connection's channel.
#[derive(Debug)]
pub struct Screen {
    out: tokio::sync::mpsc::Sender<Vec<u8>>,
    crlf: bool,
    terminal: Option<Arc<Terminal>>,
    /// The sender of the connection's input: a game followed in lines
    /// wakes the screen through it ([`Input::Changed`]).
    wake: Sender<Input>,
}

impl Screen {
    /// A screen writing into `out`; `crlf`: lines end with `\r\n` (the
    /// client asked for a terminal); woken by a game it follows through
    /// `wake`, the sender of the connection's input.
    pub fn new(out: tokio::sync::mpsc::Sender<Vec<u8>>, crlf: bool, wake: Sender<Input>) -> Screen {
        Screen {
            out,
            crlf,
            terminal: None,
            wake,
        }
    }

    /// The same screen at a terminal: games are played full screen on it.
    pub fn with_terminal(self, terminal: Arc<Terminal>) -> Screen {
        Screen {
            terminal: Some(terminal),
            ..self
        }
    }

    /// Sends `text` as it is, no line ended (a prompt the client types
    /// after); false once the client is gone.
    pub fn prompt(&self, text: &str) -> bool {
        self.out.blocking_send(text.as_bytes().to_vec()).is_ok()
    }

    /// Sends `text`, each of its lines ended as the client's terminal
    /// wants; false once the client is gone.
    pub fn say(&self, text: &str) -> bool {
        let mut bytes = Vec::with_capacity(text.len() + 8);
        for line in text.lines() {
            bytes.extend_from_slice(line.as_bytes());
            bytes.extend_from_slice(if self.crlf { b"\r\n" } else { b"\n" });
        }
        self.out.blocking_send(bytes).is_ok()
    }
}

/// How a connection begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start<'a> {
    /// In the lobby.
    Lobby,
    /// At the game of this code, with the seat's secret if given (the
    /// user name was `CODE`, `NAME+CODE` or `NAME+CODE.SECRET`), then in
    /// the lobby.
    Join(&'a str, Option<&'a str>),
    /// Running this command (an exec request's), then gone.
    Command(&'a str),
    /// Nowhere: the user name is refused, for this reason (said, then
    /// gone with exit status 1).
    Refused(&'a str),
}

/// What became of a lobby's request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Served {
    /// Done: the lobby goes on.
    Done,
    /// Refused, as the client was told: an exec of it exits with status 1.
    Refused,
    /// The client is gone.
    Gone,
}

/// `served` if the client heard it (`alive`), otherwise [`Served::Gone`].
fn heard(alive: bool, served: Served) -> Served {
    if alive { served } else { Served::Gone }
}

/// What one connection does: `who` from `address` in the lobby (its
/// start `start`) until the client leaves; the exit status for the client
/// (1 for a refused command: one that cannot be read, or a game that
/// cannot be made, joined or watched; a game past the person's or the
/// address's [`Quota`](super::rooms::Quota); or a refused name: one bound
/// to another key).
pub fn run(
    who: &Who,
    address: IpAddr,
    rooms: &Arc<Rooms>,
    input: &Receiver<Input>,
    screen: &Screen,
    start: Start<'_>,
) -> u32 {
    if let Start::Refused(why) = start {
        screen.say(why);
        return 1;
    }
    if let Some(code) = rooms.name_bound_elsewhere(who) {
        screen.say(&format!(
            "refused: the name {} is another key's on this server (a seat of game {code} \
             is bound to it): log in under another name",
            who.name
        ));
        return 1;
    }
    let creator = &Creator {
        name: who.name.clone(),
        address,
    };
    if let Start::Command(command) = start {
        return match parse(command) {
            Ok(request) => match serve_request(who, creator, rooms, input, screen, request) {
                Served::Refused => 1,
                Served::Done | Served::Gone => 0,
            },
            Err(why) => {
                screen.say(&format!(
                    "refused: {why}; the commands are new, join, watch, list and help"
                ));
                1
            }
        };
    }
    if !screen.say(&format!(
        "Dice of Doom: welcome, {}. Type `help` for the commands.\n{}",
        who.name,
        listing(rooms)
    )) {
        return 0;
    }
    if let Start::Join(code, secret) = start
        && serve_request(
            who,
            creator,
            rooms,
            input,
            screen,
            Request::Join {
                code: code.to_ascii_uppercase(),
                secret: secret.map(str::to_string),
            },
        ) == Served::Gone
    {
        return 0;
    }
    loop {
        screen.prompt("lobby> ");
        let line = match input.recv() {
            Ok(Input::Line(line)) => line,
            Ok(Input::TooLong) => {
                screen.say("that line is too long");
                continue;
            }
            Ok(Input::End) | Err(_) => return 0,
            // A game left behind changed: nothing to show in the lobby.
            Ok(Input::Changed) => continue,
        };
        match parse(&line) {
            Ok(Request::Quit) => return 0,
            Ok(request) => {
                if serve_request(who, creator, rooms, input, screen, request) == Served::Gone {
                    return 0;
                }
            }
            Err(why) => {
                screen.say(&why);
            }
        }
    }
}

fn listing(rooms: &Rooms) -> String {
    let games = rooms.list();
    if games.is_empty() {
        "no games yet: make one with `new classic`".to_string()
    } else {
        format!("games (code, rules, board, seats):\n{}", games.join("\n"))
    }
}

/// Serves one request: done, refused, or the client is gone.
fn serve_request(
    who: &Who,
    creator: &Creator,
    rooms: &Arc<Rooms>,
    input: &Receiver<Input>,
    screen: &Screen,
    request: Request,
) -> Served {
    let done = |alive| heard(alive, Served::Done);
    let refused = |alive| heard(alive, Served::Refused);
    match request {
        Request::List => done(screen.say(&listing(rooms))),
        Request::Help => done(screen.say(&help())),
        Request::Quit => Served::Gone,
        Request::New(new) => match rooms.create_by(&new, creator) {
            Ok(room) => {
                screen.say(&format!(
                    "game {} made: others join with `join {}`",
                    room.code(),
                    room.code()
                ));
                sit(who, &room, None, input, screen)
            }
            Err(why) => refused(screen.say(&format!("cannot make that game: {why}"))),
        },
        Request::Join { code, secret } => match rooms.get(&code) {
            Some(room) => sit(who, &room, secret.as_deref(), input, screen),
            None => {
                refused(screen.say(&format!("no game {}", crate::text::escape_controls(&code))))
            }
        },
        Request::Watch(code) => match rooms.get(&code) {
            Some(room) => {
                screen.say(&format!("watching game {}", room.code()));
                done(show(&room, None, input, screen))
            }
            None => {
                refused(screen.say(&format!("no game {}", crate::text::escape_controls(&code))))
            }
        },
    }
}

/// Seats `who` at `room` (with the seat's `secret` if given), shows the
/// game until they leave it, and frees their connection's place at the
/// seat.
fn sit(
    who: &Who,
    room: &Arc<Room>,
    secret: Option<&str>,
    input: &Receiver<Input>,
    screen: &Screen,
) -> Served {
    match room.claim(who, secret) {
        Ok(Seated { seat, secret }) => {
            let mut said = format!("you play {} in game {}", seat.letter(), room.code());
            let secret = secret.map(|s| secret_words(&who.name, room.code(), seat, &s));
            if let Some(words) = &secret {
                said = format!("{said}\n{words}");
            }
            screen.say(&said);
            let mut alive = show(room, Some(seat), input, screen);
            room.leave(seat);
            // A game full screen hid the secret: it is said again.
            if let Some(words) = secret.filter(|_| alive && screen.terminal.is_some()) {
                alive = screen.say(&words);
            }
            heard(alive, Served::Done)
        }
        Err(why) => heard(screen.say(&why.to_string()), Served::Refused),
    }
}

/// What a player is told of their seat's secret, just drawn.
fn secret_words(name: &str, code: &str, seat: Player, secret: &str) -> String {
    let login = format!("{name}+{code}.{secret}");
    format!(
        "your seat's secret: {login} (keep it to yourself).\n\
         To sit at {} again, from here or another connection: log in as\n  \
         ssh -p PORT {login}@HOST\n\
         (the port and host you came in by), or type `join {code}.{secret}`.",
        seat.letter()
    )
}

/// Shows the game full screen at a terminal, in lines otherwise; back to
/// the lobby (true) or the client is gone (false).
fn show(room: &Arc<Room>, seat: Option<Player>, input: &Receiver<Input>, screen: &Screen) -> bool {
    let Some(terminal) = &screen.terminal else {
        return follow(room, seat, input, screen);
    };
    let table: Arc<dyn Table> = Arc::clone(room) as Arc<dyn Table>;
    match terminal.play(table, seat, screen.out.clone()) {
        Ok(true) => screen.say("back in the lobby"),
        Ok(false) => false,
        Err(why) => screen.say(&format!("{why}: back in the lobby")),
    }
}

/// Follows the game in the line mode ([`line_mode::play_table`]): the
/// same board, menu and words as a game at a terminal's line mode, every
/// move shown as it happens; back to the lobby (true) when it is over or
/// the player leaves, false once the client is gone. The screen sleeps
/// until a line comes or the game changes: the room's wake puts
/// [`Input::Changed`] among the lines.
fn follow(
    room: &Arc<Room>,
    seat: Option<Player>,
    input: &Receiver<Input>,
    screen: &Screen,
) -> bool {
    // One wake in flight at a time: the flag is cleared as it is taken.
    let rung = Arc::new(AtomicBool::new(false));
    let (flag, sender) = (Arc::clone(&rung), screen.wake.clone());
    let wake: Wake =
        Box::new(move || flag.swap(true, Ordering::AcqRel) || sender.send(Input::Changed).is_ok());
    let id = room.watch(wake);
    let mut lines = Lines { input, rung: &rung };
    let mut out = Out {
        screen,
        pending: Vec::new(),
    };
    let end = line_mode::play_table(room.as_ref(), seat, &mut lines, &mut out, &help());
    room.unwatch(id);
    match end {
        Ok(TableEnd::Over(_)) => screen.say("game over: back in the lobby"),
        Ok(TableEnd::Left) => screen.say("back in the lobby"),
        Ok(TableEnd::Closed) => screen.say("the game was closed: back in the lobby"),
        Ok(TableEnd::InputEnded) | Err(FrontEndError::Io(_)) => false,
        Err(FrontEndError::Game(_)) => screen.say("the game went out of step: back in the lobby"),
    }
}

/// A connection's lines and its game's wake-ups, as the line mode reads
/// them.
struct Lines<'a> {
    input: &'a Receiver<Input>,
    /// The wake's flag, cleared as a wake-up is taken (before the line
    /// mode looks at the game, so that no change is missed).
    rung: &'a AtomicBool,
}

impl Source for Lines<'_> {
    fn next(&mut self) -> std::io::Result<Said> {
        Ok(match self.input.recv() {
            Ok(Input::Line(line)) => Said::Line(Line::Text(line)),
            Ok(Input::TooLong) => Said::Line(Line::TooLong),
            Ok(Input::End) | Err(_) => Said::Line(Line::End),
            Ok(Input::Changed) => {
                self.rung.store(false, Ordering::Release);
                Said::Changed
            }
        })
    }
}

/// The line mode's text, sent to the screen a whole line at a time (each
/// line ended as the client's terminal wants) when it is flushed.
struct Out<'a> {
    screen: &'a Screen,
    pending: Vec<u8>,
}

impl Write for Out<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let Some(end) = self.pending.iter().rposition(|&b| b == b'\n') else {
            return Ok(());
        };
        let lines: Vec<u8> = self.pending.drain(..=end).collect();
        if self.screen.say(&String::from_utf8_lossy(&lines)) {
            Ok(())
        } else {
            Err(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "the connection is gone",
            ))
        }
    }
}
