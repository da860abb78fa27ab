//! The line mode over the network: a lobby (list the games, make one, join
//! one, watch one), then the game drawn as text with the numbered moves of
//! the seat to move, every move shown to everyone as it happens. It runs on
//! a thread of its own per connection, reading lines from the connection's
//! handler and writing text back through a bounded channel.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

use crate::game::Player;
use crate::session::{Session, Table, TableError};
use crate::ui::{render, words};

use super::limits::Input;
use super::rooms::{Room, Rooms};
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
    wake: Option<Sender<Input>>,
}

impl Screen {
    /// A screen writing into `out`; `crlf`: lines end with `\r\n` (the
    /// client asked for a terminal).
    pub fn new(out: tokio::sync::mpsc::Sender<Vec<u8>>, crlf: bool) -> Screen {
        Screen {
            out,
            crlf,
            terminal: None,
            wake: None,
        }
    }

    /// The same screen, woken by a game it follows through `input`, the
    /// sender of the connection's input (without it a game followed in
    /// lines is looked at every [`LOOK_EVERY`]).
    pub fn with_wake(self, input: Sender<Input>) -> Screen {
        Screen {
            wake: Some(input),
            ..self
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
    /// At the game of this code (the user name was `CODE` or
    /// `NAME+CODE`), then in the lobby.
    Join(&'a str),
    /// Running this command (an exec request's), then gone.
    Command(&'a str),
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

/// What one connection does: `user` in the lobby (its start `start`)
/// until the client leaves; the exit status for the client (1 for a
/// refused command: one that cannot be read, or a game that cannot be
/// made, joined or watched).
pub fn run(
    user: &str,
    rooms: &Arc<Rooms>,
    input: &Receiver<Input>,
    screen: &Screen,
    start: Start<'_>,
) -> u32 {
    if let Start::Command(command) = start {
        return match parse(command) {
            Ok(request) => match serve_request(user, rooms, input, screen, request) {
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
        "Dice of Doom: welcome, {user}. Type `help` for the commands.\n{}",
        listing(rooms)
    )) {
        return 0;
    }
    if let Start::Join(code) = start
        && serve_request(
            user,
            rooms,
            input,
            screen,
            Request::Join(code.to_ascii_uppercase()),
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
                if serve_request(user, rooms, input, screen, request) == Served::Gone {
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
    user: &str,
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
        Request::New(new) => match rooms.create(&new) {
            Ok(room) => {
                screen.say(&format!(
                    "game {} made: others join with `join {}`",
                    room.code(),
                    room.code()
                ));
                sit(user, &room, input, screen)
            }
            Err(why) => refused(screen.say(&format!("cannot make that game: {why}"))),
        },
        Request::Join(code) => match rooms.get(&code) {
            Some(room) => sit(user, &room, input, screen),
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

fn sit(user: &str, room: &Arc<Room>, input: &Receiver<Input>, screen: &Screen) -> Served {
    match room.claim(user) {
        Ok(seat) => {
            screen.say(&format!(
                "you play {} in game {}",
                seat.letter(),
                room.code()
            ));
            let alive = show(room, Some(seat), input, screen);
            room.leave(seat);
            heard(alive, Served::Done)
        }
        Err(why) => heard(screen.say(&why.to_string()), Served::Refused),
    }
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

/// How often a game followed in lines is looked at when the screen has no
/// wake ([`Screen::with_wake`]).
pub const LOOK_EVERY: Duration = Duration::from_millis(50);

/// Shows the game as it goes, playing `seat`'s moves typed; back to the
/// lobby (true) when it is over or the player leaves, false once the client
/// is gone. The screen sleeps until a line comes or the game changes (the
/// room's wake puts [`Input::Changed`] among the lines).
fn follow(
    room: &Arc<Room>,
    seat: Option<Player>,
    input: &Receiver<Input>,
    screen: &Screen,
) -> bool {
    let watch = screen.wake.clone().map(|sender| {
        let rung = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&rung);
        let wake: crate::session::Wake = Box::new(move || {
            flag.swap(true, Ordering::AcqRel) || sender.send(Input::Changed).is_ok()
        });
        (room.watch(wake), rung)
    });
    let alive = follow_watched(
        room,
        seat,
        input,
        screen,
        watch.as_ref().map(|(_, rung)| rung.as_ref()),
    );
    if let Some((id, _)) = watch {
        room.unwatch(id);
    }
    alive
}

/// [`follow`]'s loop; `rung`: its wake's flag, cleared when it looks (no
/// wake: it looks every [`LOOK_EVERY`]).
fn follow_watched(
    room: &Arc<Room>,
    seat: Option<Player>,
    input: &Receiver<Input>,
    screen: &Screen,
    rung: Option<&AtomicBool>,
) -> bool {
    let view = room.view();
    let mut replica = Session::new(view.record.clone(), 0);
    let mut notices = view.notices.len();
    if !screen.say(&position_text(&replica, seat)) {
        return false;
    }
    loop {
        let got = match rung {
            Some(_) => input.recv().ok(),
            None => match input.recv_timeout(LOOK_EVERY) {
                Ok(got) => Some(got),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Some(Input::Changed),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => None,
            },
        };
        match got {
            Some(Input::Line(line)) => {
                let line = line.trim();
                if line == "leave" || line == "quit" {
                    return screen.say("back in the lobby");
                }
                if line == "help" {
                    screen.say(&help());
                } else if line == "undo" {
                    screen.say("undo is off in network games");
                } else if let Some(seat) = seat {
                    try_move(room, seat, &replica, line, screen);
                } else if !line.is_empty() {
                    screen.say("you are watching: `leave` goes back to the lobby");
                }
                continue;
            }
            Some(Input::TooLong) => {
                screen.say("that line is too long");
                continue;
            }
            Some(Input::End) | None => return false,
            Some(Input::Changed) => {}
        }
        if let Some(rung) = rung {
            rung.store(false, Ordering::Release);
        }
        let Some(view) = room.wait(replica.record().plays().len(), notices, Duration::ZERO) else {
            continue;
        };
        let mut text = String::new();
        for notice in &view.notices[notices.min(view.notices.len())..] {
            text.push_str(notice);
            text.push('\n');
        }
        notices = view.notices.len();
        let seen = replica.record().plays().len();
        let new = &view.record.plays()[seen.min(view.record.plays().len())..];
        for &play in new {
            let player = replica.position().player();
            let rules = replica.rules().clone();
            match replica.play_recorded(play) {
                Ok(event) => {
                    let line = words::event_line(&rules, player, play.mv, &event)
                        .unwrap_or_else(|| words::moves_text([(player, play.mv)]));
                    text.push_str(&line);
                    text.push('\n');
                }
                Err(_) => return screen.say("the game went out of step: back in the lobby"),
            }
        }
        if !new.is_empty() {
            text.push_str(&position_text(&replica, seat));
        }
        if !screen.say(&text) {
            return false;
        }
        if view.closed {
            return screen.say("the game was closed: back in the lobby");
        }
        if replica.record().is_over() {
            return true;
        }
    }
}

fn try_move(room: &Room, seat: Player, replica: &Session, line: &str, screen: &Screen) {
    if line.is_empty() {
        return;
    }
    let position = replica.position();
    if replica.record().is_over() || position.player() != seat {
        screen.say(&format!(
            "wait: it is {}'s turn",
            position.player().letter()
        ));
        return;
    }
    let moves = position.moves(replica.rules());
    let Some(mv) = line
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| moves.get(i).copied())
    else {
        screen.say(&format!("type the number of a move, 1 to {}", moves.len()));
        return;
    };
    match room.play(seat, replica.record().plays().len(), mv) {
        Ok(()) => {}
        Err(TableError::Stale(_)) => {
            screen.say("the game moved on meanwhile: look again");
        }
        Err(e) => {
            screen.say(&e.to_string());
        }
    }
}

/// The board, whose move it is, and the numbered moves if it is `seat`'s;
/// the result once the game is over.
fn position_text(session: &Session, seat: Option<Player>) -> String {
    let rules = session.rules();
    let position = session.position();
    let mut text = render::board(rules.map(), position.board(), false);
    if let Some(winners) = session.record().result() {
        text.push_str(&words::game_over_plain(rules, &position));
        text.push('\n');
        text.push_str(&words::result(winners));
        text.push_str("\ngame over: back in the lobby\n");
        return text;
    }
    let to_move = position.player();
    if seat == Some(to_move) {
        text.push_str(&render::menu(position.moves(rules)));
        text.push_str(&format!("your move, {}\n", to_move.letter()));
    } else {
        text.push_str(&format!("{} to move\n", to_move.letter()));
    }
    text
}
