//! The remote screen against a table kept in memory: screens run on
//! threads of their own as a server would run them, their bytes read back
//! through a terminal emulator (`vt100`).

use std::sync::mpsc::{Sender, channel};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::game::{Map, Move, Position, RuleSet, Rules};
use crate::record::Record;
use crate::session::{Session, TableError, Wake, WatchId, Watchers};

/// How long a test waits for a screen to show something: far more than
/// it takes, so that a loaded machine does not fail the test.
const PATIENCE: Duration = Duration::from_secs(20);

/// A table in memory: one [`Session`] that rolls the dice of its seed,
/// its notices, and a condition variable that wakes the waiters.
struct MemoryTable {
    inner: Mutex<Inner>,
    changed: Condvar,
    watchers: Watchers,
}

struct Inner {
    session: Session,
    notices: Vec<String>,
    closed: bool,
}

impl MemoryTable {
    /// A two-player game of Land of Lisp's dice-rolling rules on a board
    /// drawn from `seed`, `a` to move.
    fn new(seed: u64) -> Arc<MemoryTable> {
        let rules = Rules::of(RuleSet::Lol4, Map::rhombus(4).unwrap(), 2, 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let session = Session::new(Record::new(rules, start, Vec::new()), seed);
        Arc::new(MemoryTable {
            inner: Mutex::new(Inner {
                session,
                notices: Vec::new(),
                closed: false,
            }),
            changed: Condvar::new(),
            watchers: Watchers::default(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn notice(&self, text: &str) {
        self.lock().notices.push(text.to_string());
        self.changed.notify_all();
        self.watchers.ring();
    }

    fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
        self.watchers.ring();
    }

    fn position(&self) -> Position {
        self.lock().session.position()
    }

    /// The menu number of the first attack of the position, as typed.
    fn first_attack(&self) -> String {
        let inner = self.lock();
        let moves = inner.session.position().moves(inner.session.rules());
        let index = moves
            .iter()
            .position(|m| matches!(m, Move::Attack { .. }))
            .expect("an attack");
        // A number that no other starts is played as soon as it is typed.
        let enter = if (index + 1) * 10 > moves.len() {
            ""
        } else {
            "\r"
        };
        format!("{}{enter}", index + 1)
    }

    fn plays(&self) -> usize {
        self.lock().session.record().plays().len()
    }
}

impl Table for MemoryTable {
    fn view(&self) -> TableView {
        let inner = self.lock();
        TableView {
            record: inner.session.record().clone(),
            notices: inner.notices.clone(),
            closed: inner.closed,
        }
    }

    fn play(&self, seat: Player, after: usize, mv: Move) -> Result<(), TableError> {
        let mut inner = self.lock();
        if inner.closed {
            return Err(TableError::Closed);
        }
        let plays = inner.session.record().plays().len();
        if after != plays {
            return Err(TableError::Stale(plays));
        }
        let at = inner.session.position();
        if at.is_game_over(inner.session.rules()) || at.player() != seat {
            return Err(TableError::NotYourTurn(seat));
        }
        inner
            .session
            .play(mv, false)
            .map_err(|_| TableError::Illegal)?;
        drop(inner);
        self.changed.notify_all();
        self.watchers.ring();
        Ok(())
    }

    fn wait(&self, plays: usize, notices: usize, timeout: Duration) -> Option<TableView> {
        let deadline = Instant::now() + timeout;
        let mut inner = self.lock();
        loop {
            if inner.session.record().plays().len() > plays
                || inner.notices.len() > notices
                || inner.closed
            {
                drop(inner);
                return Some(self.view());
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            inner = self
                .changed
                .wait_timeout(inner, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    fn watch(&self, wake: Wake) -> WatchId {
        self.watchers.add(wake)
    }

    fn unwatch(&self, id: WatchId) {
        self.watchers.remove(id);
    }
}

/// A byte sink the test reads back.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A remote screen on its own thread, and the terminal that shows it.
struct Screen {
    input: Sender<RemoteInput>,
    sink: Sink,
    terminal: vt100::Parser,
    read: usize,
    driver: JoinHandle<Result<RemoteEnd, RemoteError>>,
}

impl Screen {
    fn open(table: &Arc<MemoryTable>, seat: Option<Player>, size: (u16, u16)) -> Screen {
        let (input, receiver) = channel();
        let sink = Sink::default();
        let io = RemoteIo {
            input: receiver,
            size,
            output: Box::new(sink.clone()),
            color: true,
        };
        let table: Arc<dyn Table> = table.clone();
        let driver = std::thread::spawn(move || run_remote(table, seat, io));
        Screen {
            input,
            sink,
            terminal: vt100::Parser::new(
                size.1.clamp(1, 200).try_into().unwrap(),
                size.0.clamp(1, 500).try_into().unwrap(),
                0,
            ),
            read: 0,
            driver,
        }
    }

    fn send(&self, bytes: &[u8]) {
        self.input.send(RemoteInput::Bytes(bytes.to_vec())).unwrap();
    }

    /// The bytes written so far, all of them.
    fn bytes(&self) -> Vec<u8> {
        self.sink
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The screen's text now.
    fn contents(&mut self) -> String {
        let bytes = self.bytes();
        self.terminal.process(&bytes[self.read..]);
        self.read = bytes.len();
        self.terminal.screen().contents()
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if self.contents().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("{text:?} never showed:\n{}", self.contents());
    }

    /// Closes the connection: the driver's answer.
    fn close(self) -> (Result<RemoteEnd, RemoteError>, Vec<u8>) {
        let _ = self.input.send(RemoteInput::Closed);
        let bytes = self.sink.clone();
        let end = self.driver.join().expect("the driver does not panic");
        let bytes = bytes
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        (end, bytes)
    }
}

/// The start of the log's line of the table's play `n` (from 0), as a
/// screen writes it, with the roll (the rest may wrap).
fn log_line(table: &MemoryTable, n: usize) -> String {
    let app = App::networked(&table.view().record, None).unwrap();
    let line = &app.log()[n];
    assert!(line.contains(" rolls "), "{line}");
    line.split(" against")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Waits until the table has `n` plays.
fn wait_plays(table: &MemoryTable, n: usize) {
    let deadline = Instant::now() + PATIENCE;
    while table.plays() < n {
        assert!(Instant::now() < deadline, "the table never got {n} plays");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn two_seats_see_each_others_moves_with_the_tables_rolls() {
    let table = MemoryTable::new(7);
    let mut a = Screen::open(&table, Some(Player::A), (120, 40));
    let mut b = Screen::open(&table, Some(Player::B), (120, 40));
    a.wait_for("a to move");
    b.wait_for("waiting");
    // b cannot move on a's turn.
    b.send(b"e");
    b.wait_for("You play b: wait for a's move");
    assert_eq!(table.plays(), 0);
    let before = b.bytes().len();
    a.send(table.first_attack().as_bytes());
    wait_plays(&table, 1);
    // The log's line has the table's roll: both screens show it.
    let line = log_line(&table, 0);
    a.wait_for(&line);
    b.wait_for(&line);
    // a ends the turn; then b attacks, and a sees it.
    a.send(b"e");
    wait_plays(&table, 2);
    assert_eq!(table.position().player(), Player::B);
    b.wait_for("b to move");
    // Two moves, the attack's dice rolling on the screen, drawn by their
    // changes: a few KB, not whole screens (120x40 is 4.8 KB of text).
    let sent = b.bytes().len() - before;
    assert!(sent < 2 * 5_000, "{sent} bytes");
    b.send(table.first_attack().as_bytes());
    wait_plays(&table, 3);
    let line = log_line(&table, 2);
    a.wait_for(&line);
    b.wait_for(&line);
    for screen in [a, b] {
        let (end, bytes) = screen.close();
        assert_eq!(end.unwrap(), RemoteEnd::Closed);
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("\x1b[?1049h"), "the screen is taken");
        assert!(text.ends_with("\x1b[?25h"), "and given back");
    }
}

#[test]
fn a_spectator_sees_the_moves_and_cannot_move() {
    let table = MemoryTable::new(11);
    let mut a = Screen::open(&table, Some(Player::A), (100, 30));
    let mut watcher = Screen::open(&table, None, (100, 30));
    watcher.wait_for("watching");
    watcher.send(table.first_attack().as_bytes());
    watcher.wait_for("You are watching this game: you cannot move");
    a.wait_for("a to move");
    assert_eq!(table.plays(), 0);
    a.send(table.first_attack().as_bytes());
    wait_plays(&table, 1);
    watcher.wait_for(&log_line(&table, 0));
    table.notice("b disconnected, waiting");
    watcher.wait_for("b disconnected, waiting");
    a.wait_for("b disconnected, waiting");
    assert!(watcher.close().0.is_ok());
    assert!(a.close().0.is_ok());
}

#[test]
fn undo_hints_and_a_move_out_of_turn_are_refused_in_words() {
    let table = MemoryTable::new(3);
    let mut a = Screen::open(&table, Some(Player::A), (120, 40));
    a.wait_for("a to move");
    a.send(b"u");
    a.wait_for("Undo is off in network games.");
    a.send(b"H");
    a.wait_for("Hints (H) is off in network games.");
    let attack = table.first_attack();
    table.close();
    a.wait_for("closed");
    a.send(attack.as_bytes());
    a.wait_for("The move was refused: the game was closed.");
    assert!(a.close().0.is_ok());
}

#[test]
fn absurd_window_sizes_random_bytes_and_a_huge_paste_are_harmless() {
    let table = MemoryTable::new(5);
    let tiny = Screen::open(&table, Some(Player::A), (0, 0));
    assert_eq!(tiny.close().0.unwrap(), RemoteEnd::Closed);
    let huge = Screen::open(&table, Some(Player::A), (65535, 65535));
    assert_eq!(huge.close().0.unwrap(), RemoteEnd::Closed);
    let mut a = Screen::open(&table, Some(Player::A), (80, 24));
    for (cols, rows) in [
        (0, 0),
        (65535, 65535),
        (1, 1),
        (65535, 3),
        (0, 500),
        (80, 24),
    ] {
        a.input.send(RemoteInput::Resize { cols, rows }).unwrap();
    }
    a.wait_for("a to move");
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    for _ in 0..200 {
        let len = rng.random_range(0..64);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        // Ctrl-C and q y would leave: the screen stays for the paste.
        let bytes: Vec<u8> = bytes
            .into_iter()
            .filter(|b| !matches!(b, 0x03 | b'q' | b'Q'))
            .collect();
        a.send(&bytes);
    }
    let paste: Vec<u8> = b"1\r e 2\r\x1b[A\x1b[<0;10;5M"
        .iter()
        .copied()
        .cycle()
        .take(100_000)
        .collect();
    a.send(&paste);
    a.input
        .send(RemoteInput::Resize { cols: 80, rows: 24 })
        .unwrap();
    a.wait_for("? help");
    let (end, bytes) = a.close();
    assert_eq!(end.unwrap(), RemoteEnd::Closed);
    // Nothing drawn wider or taller than the largest window drawn.
    assert!(bytes.len() < 50_000_000, "{} bytes", bytes.len());
    // Whatever was played is the table's game, legal all through.
    let record = table.view().record;
    assert!(App::networked(&record, None).is_ok());
}

#[test]
fn closing_the_input_or_dropping_it_ends_the_screen_and_q_or_ctrl_c_leaves() {
    let table = MemoryTable::new(9);
    let a = Screen::open(&table, Some(Player::A), (80, 24));
    assert_eq!(a.close().0.unwrap(), RemoteEnd::Closed);
    let a = Screen::open(&table, Some(Player::A), (80, 24));
    drop(a.input);
    assert_eq!(a.driver.join().unwrap().unwrap(), RemoteEnd::Closed);
    let mut a = Screen::open(&table, Some(Player::A), (80, 24));
    a.send(b"q");
    a.wait_for("Leave this game?");
    a.send(b"y");
    assert_eq!(a.driver.join().unwrap().unwrap(), RemoteEnd::Left);
    let b = Screen::open(&table, Some(Player::B), (80, 24));
    b.send(b"\x03");
    assert_eq!(b.driver.join().unwrap().unwrap(), RemoteEnd::Left);
    assert!(table.watchers.is_empty(), "a screen gone stops watching");
}

#[test]
fn the_clamp_keeps_frames_small() {
    assert_eq!(clamp(65535, 65535), (MAX_COLS, MAX_ROWS));
    assert_eq!(clamp(0, 0), (0, 0));
    assert_eq!(clamp(80, 24), (80, 24));
}

#[test]
fn a_spectators_and_a_waiting_seats_screens() {
    let table = MemoryTable::new(7);
    let record = table.view().record;
    let watcher = App::networked(&record, None).unwrap();
    let b = App::networked(&record, Some(Player::B)).unwrap();
    let a = App::networked(&record, Some(Player::A)).unwrap();
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}",
        view::render(&watcher, 80, 24, false).text(),
        view::render(&b, 80, 24, false).text(),
        view::render(&a, 80, 24, false).text()
    ));
}

#[test]
fn a_network_games_end_offers_no_new_game() {
    let table = MemoryTable::new(2);
    let mut turns = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let rules = table.view().record.rules().clone();
    while !table.position().is_game_over(&rules) {
        let at = table.position();
        let moves = at.moves(&rules);
        // Attacks first: a game of passes never ends.
        let mv = moves[rng
            .random_range(0..moves.len().max(2) - 1)
            .min(moves.len() - 1)];
        table.play(at.player(), table.plays(), mv).unwrap();
        turns += 1;
        assert!(turns < 10_000, "the game ends");
    }
    let mut a = App::networked(&table.view().record, Some(Player::A)).unwrap();
    let text = view::render(&a, 80, 24, false).text();
    assert!(text.contains("Game over"), "{text}");
    assert!(
        text.contains("q: quit") && !text.contains("new game"),
        "{text}"
    );
    assert_eq!(a.key(Key::NewGame), Effect::Continue);
    assert_eq!(a.message(), Some("A new game (n) is off in network games."));
    assert_eq!(a.key(Key::Quit), Effect::Quit);
}

#[test]
fn a_screen_opened_late_shows_the_game_so_far_and_takes_clicks_and_a_lone_esc() {
    let table = MemoryTable::new(7);
    let rules = table.view().record.rules().clone();
    // a attacks and ends the turn before b's screen opens.
    let at = table.position();
    let attack = at.moves(&rules)[0];
    table.play(Player::A, 0, attack).unwrap();
    table.play(Player::A, 1, Move::Pass).unwrap();
    let mut b = Screen::open(&table, Some(Player::B), (120, 40));
    b.wait_for(&log_line(&table, 0));
    b.wait_for("b to move");
    // A lone Esc is given up as the Esc key: it cancels the mark.
    b.send(b"\r");
    b.wait_for("marked: cell");
    b.send(b"\x1b");
    b.wait_for("Mark cancelled.");
    // A click on the first entry of the move list plays it at the table.
    let app = App::networked(&table.view().record, Some(Player::B)).unwrap();
    let frame = view::render(&app, 120, 40, true);
    let (x, y) = frame
        .find(super::super::state::Target::Menu(0))
        .expect("the move list");
    b.send(format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", x + 1, y + 1, x + 1, y + 1).as_bytes());
    wait_plays(&table, 3);
    b.wait_for(&log_line(&table, 2));
    assert!(b.close().0.is_ok());
}

/// A sink that keeps the bytes of each flush apart (what a connection
/// sends as one message).
#[derive(Clone, Default)]
struct Flushes(Arc<Mutex<Held>>);

/// What a [`Flushes`] holds: the bytes not flushed yet, and each flush's.
#[derive(Default)]
struct Held {
    pending: Vec<u8>,
    flushes: Vec<Vec<u8>>,
}

impl Write for Flushes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        held.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let bytes = std::mem::take(&mut held.pending);
        held.flushes.push(bytes);
        Ok(())
    }
}

#[test]
fn the_screen_is_taken_and_drawn_in_one_message() {
    let table = MemoryTable::new(7);
    let (input, receiver) = channel();
    let sink = Flushes::default();
    let io = RemoteIo {
        input: receiver,
        size: (100, 40),
        output: Box::new(sink.clone()),
        color: true,
    };
    let shared: Arc<dyn Table> = table.clone();
    let driver = std::thread::spawn(move || run_remote(shared, None, io));
    let deadline = Instant::now() + PATIENCE;
    let first = loop {
        let held = sink.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(first) = held.flushes.first() {
            break String::from_utf8_lossy(first).into_owned();
        }
        drop(held);
        assert!(Instant::now() < deadline, "nothing was flushed");
        std::thread::sleep(Duration::from_millis(10));
    };
    input.send(RemoteInput::Closed).unwrap();
    assert_eq!(driver.join().unwrap().unwrap(), RemoteEnd::Closed);
    // The start, then the whole first frame, in the same flush.
    assert!(first.starts_with("\x1b[?1049h"), "{first:?}");
    assert!(
        first.contains("\x1b[2J") && first.contains("watching"),
        "{first:?}"
    );
}

#[test]
fn a_dropped_player_is_announced_on_every_screen_at_80x24() {
    let table = MemoryTable::new(11);
    let mut a = Screen::open(&table, Some(Player::A), (80, 24));
    let mut watcher = Screen::open(&table, None, (80, 24));
    // Both screens up before the notice: a notice is news to the screens
    // that follow the game when it comes.
    a.wait_for("a to move");
    watcher.wait_for("a to move");
    table.notice("b disconnected, waiting");
    a.wait_for("b disconnected, waiting");
    watcher.wait_for("b disconnected, waiting");
    assert!(watcher.close().0.is_ok());
    assert!(a.close().0.is_ok());
}
