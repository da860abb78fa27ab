//! The full-screen game's input, read off the main loop: one thread reads
//! raw bytes from standard input (a blocking read, on its own), another
//! parses them into the game's keys and clicks and hands them on, so that
//! drawing and the computer's moves never wait for a key.
//!
//! The parser knows the bytes a terminal in raw mode sends: characters
//! (UTF-8), control keys, the arrows, `Home` and `End` as CSI (`ESC [ A`)
//! or SS3 (`ESC O A`) sequences, and mouse reports (SGR `ESC [ < b ; x ; y M`, and the older
//! `ESC [ M b x y`). A sequence that stops half way (a lone `ESC`, `ESC [`,
//! `ESC O`, a cut mouse report, half a UTF-8 character) is given up
//! [`GIVE_UP`] after its first byte arrived: a lone `ESC` is then the `Esc`
//! key, and any other unfinished sequence is dropped, so that a cut mouse
//! report cannot type the digits of a move.

use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::super::state::Key;

/// What the terminal sent, as the game understands it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key.
    Key(Key),
    /// A printable character typed: text where a prompt takes it, the
    /// game's key for it ([`Key::from_char`]) everywhere else (see
    /// [`Input::key`]).
    Text(char),
    /// A press of the left mouse button at a column and row, from 0.
    Click(u16, u16),
    /// Standard input ended (the terminal is gone).
    End,
}

impl Input {
    /// The input as a key: a character typed as the game's key for it.
    pub fn key(self) -> Self {
        match self {
            Input::Text(c) => Input::Key(Key::from_char(c)),
            other => other,
        }
    }
}

/// How long an unfinished escape sequence or UTF-8 character waits for its
/// other bytes before it is given up.
pub const GIVE_UP: Duration = Duration::from_millis(50);

/// The longest escape sequence read; a longer one is dropped.
const MAX_SEQUENCE: usize = 32;

const ESC: u8 = 0x1b;

/// Bytes in, keys and clicks out: the bytes of a sequence may come in
/// several reads, and whatever is unfinished waits in the parser.
#[derive(Debug, Default)]
pub struct Parser {
    pending: Vec<u8>,
}

/// What the bytes at the start of the buffer are.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// A sequence of this many bytes, meaning this input (or nothing the
    /// game uses).
    Done(usize, Option<Input>),
    /// The start of a sequence whose end has not come yet.
    Unfinished,
}

fn key(len: usize, key: Key) -> Step {
    Step::Done(len, Some(Input::Key(key)))
}

impl Parser {
    /// Reads `bytes` after those already given: the inputs they finish.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Input> {
        self.pending.extend_from_slice(bytes);
        let mut inputs = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            match parse(&self.pending[at..]) {
                Step::Done(len, input) => {
                    inputs.extend(input);
                    at += len;
                }
                Step::Unfinished => break,
            }
        }
        self.pending.drain(..at);
        inputs
    }

    /// Whether an unfinished sequence waits for more bytes.
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Gives up the unfinished sequence: a lone `ESC` is the `Esc` key,
    /// anything else is dropped.
    pub fn give_up(&mut self) -> Vec<Input> {
        let lone_escape = self.pending == [ESC];
        self.pending.clear();
        if lone_escape {
            vec![Input::Key(Key::Cancel)]
        } else {
            Vec::new()
        }
    }
}

/// The first sequence of `bytes` (not empty).
fn parse(bytes: &[u8]) -> Step {
    match bytes[0] {
        ESC => escape(bytes),
        b'\r' | b'\n' => key(1, Key::Select),
        0x03 => key(1, Key::Interrupt),
        0x1a => key(1, Key::Suspend),
        b'\t' => key(1, Key::NextOwn),
        0x08 | 0x7f => key(1, Key::Backspace),
        0x15 => key(1, Key::ClearLine),
        0x00..=0x1f => key(1, Key::Other),
        c @ 0x20..=0x7e => Step::Done(1, Some(Input::Text(char::from(c)))),
        _ => utf8(bytes),
    }
}

/// A character of more than one byte; invalid bytes are dropped.
fn utf8(bytes: &[u8]) -> Step {
    let len = match bytes[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Done(1, None),
    };
    for i in 1..len {
        match bytes.get(i) {
            None => return Step::Unfinished,
            Some(b) if b & 0xc0 == 0x80 => {}
            Some(_) => return Step::Done(i, None),
        }
    }
    match std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => Step::Done(len, Some(Input::Text(c))),
        None => Step::Done(len, None),
    }
}

/// A sequence that starts with `ESC`. `ESC` before anything but `[` or `O`
/// is the `Esc` key, and what follows is read on its own (so `Alt-q` is
/// `Esc` then `q`).
fn escape(bytes: &[u8]) -> Step {
    match bytes.get(1) {
        None => Step::Unfinished,
        Some(b'[') => csi(bytes),
        Some(b'O') => match bytes.get(2) {
            None => Step::Unfinished,
            Some(&c @ 0x40..=0x7e) => key(3, named(c).unwrap_or(Key::Other)),
            // Not a key: drop the `ESC O` and read what follows on its own.
            Some(_) => Step::Done(2, None),
        },
        Some(_) => key(1, Key::Cancel),
    }
}

/// The key of a CSI or SS3 sequence's final byte, if the game has one.
fn named(last: u8) -> Option<Key> {
    match last {
        b'A' => Some(Key::Up),
        b'B' => Some(Key::Down),
        b'C' => Some(Key::Right),
        b'D' => Some(Key::Left),
        b'H' => Some(Key::Home),
        b'F' => Some(Key::End),
        b'M' => Some(Key::Select),  // keypad Enter, in SS3
        b'Z' => Some(Key::PrevOwn), // Shift-Tab, in CSI
        _ => None,
    }
}

/// A control sequence, `ESC [` then parameter and intermediate bytes and a
/// final byte. A byte that cannot belong to it ends it, dropped, and is read
/// on its own.
fn csi(bytes: &[u8]) -> Step {
    if bytes.get(2) == Some(&b'M') {
        return x10_mouse(bytes);
    }
    for (i, &b) in bytes.iter().enumerate().skip(2) {
        if i >= MAX_SEQUENCE {
            return Step::Done(i, None);
        }
        match b {
            0x20..=0x3f => {}
            0x40..=0x7e => return Step::Done(i + 1, csi_input(&bytes[2..i], b)),
            _ => return Step::Done(i, None),
        }
    }
    Step::Unfinished
}

/// What a complete control sequence means: arrows, a click, or nothing the
/// game uses (a paste's start and end markers, focus reports, other mouse
/// reports); another key is [`Key::Other`].
fn csi_input(params: &[u8], last: u8) -> Option<Input> {
    if let Some(report) = params.strip_prefix(b"<") {
        let numbers: Vec<u16> = std::str::from_utf8(report)
            .ok()?
            .split(';')
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        return match numbers[..] {
            // A press (`M`, not the release `m`) of the left button, with
            // any modifier (4, 8, 16) but no motion (32) or wheel (64).
            [button, x, y] if last == b'M' && button & !28 == 0 => {
                Some(Input::Click(x.saturating_sub(1), y.saturating_sub(1)))
            }
            _ => None,
        };
    }
    match (params, last) {
        (b"200" | b"201", b'~') | (b"", b'I' | b'O') => None,
        // Home and End as the Linux console and rxvt send them.
        (b"1" | b"7", b'~') => Some(Input::Key(Key::Home)),
        (b"4" | b"8", b'~') => Some(Input::Key(Key::End)),
        (b"5", b'~') => Some(Input::Key(Key::PageUp)),
        (b"6", b'~') => Some(Input::Key(Key::PageDown)),
        _ => Some(Input::Key(named(last).unwrap_or(Key::Other))),
    }
}

/// An old-style mouse report, `ESC [ M` and three bytes (button, column
/// and row, each plus 32).
fn x10_mouse(bytes: &[u8]) -> Step {
    let [_, _, _, button, x, y, ..] = *bytes else {
        return Step::Unfinished;
    };
    let click = (button.wrapping_sub(32) & !28 == 0).then(|| {
        Input::Click(
            u16::from(x.saturating_sub(33)),
            u16::from(y.saturating_sub(33)),
        )
    });
    Step::Done(6, click)
}

/// The one reader of standard input in the process, shared by every screen
/// that reads keys (the new-game screen, then the game, then the screen
/// again): a second reader would take half of the keys. It hands each
/// chunk to the parser of the screen reading now; bytes that come while
/// none reads wait for the next one.
struct Reader {
    /// The chunks' way to the parser reading now, if one is.
    to: Option<mpsc::Sender<Vec<u8>>>,
    /// The bytes that came while no parser was reading.
    held: Vec<u8>,
    /// Whether the reader thread was started.
    started: bool,
    /// Whether standard input has ended.
    ended: bool,
}

static READER: Mutex<Reader> = Mutex::new(Reader {
    to: None,
    held: Vec::new(),
    started: false,
    ended: false,
});

/// The reader, even if a thread panicked holding it.
fn reader() -> MutexGuard<'static, Reader> {
    READER.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts reading standard input on threads of its own: each key or click
/// is passed to `send`, until `send` returns false (nobody listens) or the
/// input ends ([`Input::End`] is sent last). The thread that reads standard
/// input is started once per process and then serves the latest caller.
pub fn spawn(send: impl FnMut(Input) -> bool + Send + 'static) -> io::Result<()> {
    let (chunks, received) = mpsc::channel::<Vec<u8>>();
    {
        let mut shared = reader();
        let held = std::mem::take(&mut shared.held);
        if !held.is_empty() {
            let _ = chunks.send(held);
        }
        // With the input over, the new parser hears of it at once.
        if !shared.ended {
            shared.to = Some(chunks);
        }
        if !shared.started {
            thread::Builder::new()
                .name("stdin".into())
                .spawn(read_stdin)?;
            shared.started = true;
        }
    }
    thread::Builder::new()
        .name("keys".into())
        .spawn(move || parse_chunks(&received, send))?;
    Ok(())
}

/// Reads standard input until it ends, handing each chunk on (see
/// [`Reader`]).
fn read_stdin() {
    let mut stdin = io::stdin().lock();
    let mut buffer = [0u8; 1024];
    loop {
        match stdin.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let mut shared = reader();
                let chunk = buffer[..n].to_vec();
                let sent = match &shared.to {
                    Some(to) => to.send(chunk),
                    None => Err(mpsc::SendError(chunk)),
                };
                if let Err(mpsc::SendError(chunk)) = sent {
                    shared.to = None;
                    shared.held.extend(chunk);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let mut shared = reader();
    shared.ended = true;
    // Dropping the way to the parser tells it the input ended.
    shared.to = None;
}

/// Parses the chunks read, giving an unfinished sequence up [`GIVE_UP`]
/// after it started.
fn parse_chunks(chunks: &Receiver<Vec<u8>>, mut send: impl FnMut(Input) -> bool) {
    let mut parser = Parser::default();
    let mut since: Option<Instant> = None;
    loop {
        let received = match since {
            None => chunks.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(start) => {
                chunks.recv_timeout((start + GIVE_UP).saturating_duration_since(Instant::now()))
            }
        };
        let inputs = match received {
            Ok(chunk) => parser.feed(&chunk),
            Err(RecvTimeoutError::Timeout) => parser.give_up(),
            Err(RecvTimeoutError::Disconnected) => {
                let mut inputs = parser.give_up();
                inputs.push(Input::End);
                inputs
            }
        };
        let ended = inputs.last() == Some(&Input::End);
        for input in inputs {
            if !send(input) {
                return;
            }
        }
        if ended {
            return;
        }
        since = match since {
            _ if !parser.is_pending() => None,
            None => Some(Instant::now()),
            started => started,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UP: Input = Input::Key(Key::Up);
    const DOWN: Input = Input::Key(Key::Down);
    const RIGHT: Input = Input::Key(Key::Right);
    const LEFT: Input = Input::Key(Key::Left);
    const ESCAPE: Input = Input::Key(Key::Cancel);
    const SELECT: Input = Input::Key(Key::Select);
    const HELP: Input = Input::Key(Key::Help);
    const OTHER: Input = Input::Key(Key::Other);
    const BACKSPACE: Input = Input::Key(Key::Backspace);
    const HOME: Input = Input::Key(Key::Home);
    const END: Input = Input::Key(Key::End);

    fn feed_all(chunks: &[&[u8]]) -> (Vec<Input>, bool) {
        let mut parser = Parser::default();
        let inputs = chunks
            .iter()
            .flat_map(|c| parser.feed(c))
            .map(Input::key)
            .collect();
        (inputs, parser.is_pending())
    }

    #[test]
    fn complete_sequences() {
        let table: &[(&[u8], &[Input])] = &[
            (b"q", &[Input::Key(Key::Quit)]),
            (b"?y", &[HELP, Input::Key(Key::Yes)]),
            (
                b"12",
                &[Input::Key(Key::Digit(1)), Input::Key(Key::Digit(2))],
            ),
            (b"\r\n ", &[SELECT, SELECT, SELECT]),
            (b"\x03", &[Input::Key(Key::Interrupt)]),
            (b"\x1a", &[Input::Key(Key::Suspend)]),
            (b"\x7f\t", &[BACKSPACE, Input::Key(Key::NextOwn)]),
            (b"\x08\x01", &[BACKSPACE, OTHER]),
            (b"\x1b[Z", &[Input::Key(Key::PrevOwn)]),
            (b"\x1b[A\x1b[B\x1b[C\x1b[D", &[UP, DOWN, RIGHT, LEFT]),
            (b"\x1bOA\x1bOD\x1bOM", &[UP, LEFT, SELECT]),
            (b"\x1b[1;5A", &[UP]),
            (b"\x1b[15~\x1b[2~\x1bOP", &[OTHER, OTHER, OTHER]),
            // Home and End, in every form terminals send them.
            (b"\x1b[H\x1bOH\x1b[1~\x1b[7~", &[HOME, HOME, HOME, HOME]),
            (b"\x1b[F\x1bOF\x1b[4~\x1b[8~", &[END, END, END, END]),
            (b"\x1b[1;5H", &[HOME]),
            // Page Up and Page Down page the move list.
            (
                b"\x1b[5~\x1b[6~",
                &[Input::Key(Key::PageUp), Input::Key(Key::PageDown)],
            ),
            // Esc before a plain byte is the Esc key, then that key.
            (b"\x1bq", &[ESCAPE, Input::Key(Key::Quit)]),
            (b"\x1b\x1b[A", &[ESCAPE, UP]),
            // A paste's markers and focus reports are not keys.
            (b"\x1b[200~?\x1b[201~", &[HELP]),
            (b"\x1b[I\x1b[O", &[]),
            // Mouse: the left press counts, releases, wheels, motion and
            // other buttons do not.
            (b"\x1b[<0;5;3M", &[Input::Click(4, 2)]),
            (b"\x1b[<0;5;3m\x1b[<2;5;3M\x1b[<64;5;3M\x1b[<32;5;3M", &[]),
            (b"\x1b[<16;1;1M", &[Input::Click(0, 0)]),
            (b"\x1b[<0;1M\x1b[<99999999;1;1M", &[]),
            (b"\x1b[M !!", &[Input::Click(0, 0)]),
            (b"\x1b[M#!!", &[]),
            // UTF-8: whole characters are keys the game does not use;
            // invalid bytes are dropped.
            ("\u{e9}\u{20ac}\u{1f3b2}".as_bytes(), &[OTHER, OTHER, OTHER]),
            (b"\x80\xff?", &[HELP]),
            (b"\xc3?", &[HELP]),
            (b"\xe2\x82?", &[HELP]),
            // A byte that cannot be part of a sequence ends it, dropped.
            (b"\x1b[2\x03", &[Input::Key(Key::Interrupt)]),
            (b"\x1bO\x03", &[Input::Key(Key::Interrupt)]),
        ];
        for (bytes, expected) in table {
            assert_eq!(feed_all(&[bytes]), (expected.to_vec(), false), "{bytes:?}");
        }
    }

    /// Characters come as text (which a prompt takes as it is), control
    /// keys as keys; `Ctrl-U` clears a prompt's line.
    #[test]
    fn characters_are_text_for_a_prompt() {
        let mut parser = Parser::default();
        assert_eq!(
            parser.feed("q s\u{e9}\r\x15".as_bytes()),
            [
                Input::Text('q'),
                Input::Text(' '),
                Input::Text('s'),
                Input::Text('\u{e9}'),
                SELECT,
                Input::Key(Key::ClearLine),
            ]
        );
        assert_eq!(Input::Text('s').key(), Input::Key(Key::Save));
        assert_eq!(SELECT.key(), SELECT);
    }

    #[test]
    fn sequences_split_across_reads() {
        let table: &[&[&[u8]]] = &[
            &[b"\x1b", b"[A"],
            &[b"\x1b[", b"A"],
            &[b"\x1bO", b"A"],
            &[b"\x1b", b"[", b"1", b";5", b"A"],
        ];
        for chunks in table {
            assert_eq!(feed_all(chunks), (vec![UP], false), "{chunks:?}");
        }
        let click: &[&[u8]] = &[b"\x1b[<0;1", b"2;7", b"M"];
        assert_eq!(feed_all(click), (vec![Input::Click(11, 6)], false));
        let x10: &[&[u8]] = &[b"\x1b[M ", b"!", b"\""];
        assert_eq!(feed_all(x10), (vec![Input::Click(0, 1)], false));
        let euro: &[&[u8]] = &[b"\xe2", b"\x82", b"\xac?"];
        assert_eq!(feed_all(euro), (vec![OTHER, HELP], false));
    }

    /// Every unfinished sequence waits, then is given up: a lone `ESC` as
    /// the `Esc` key, anything else dropped; keys after it work.
    #[test]
    fn unfinished_sequences_are_given_up() {
        let table: &[(&[u8], &[Input])] = &[
            (b"\x1b", &[ESCAPE]),
            (b"\x1b[", &[]),
            (b"\x1bO", &[]),
            (b"\x1b[20", &[]),
            (b"\x1b[<0;1", &[]),
            (b"\x1b[<0;12;7", &[]),
            (b"\x1b[M", &[]),
            (b"\x1b[M !", &[]),
            (b"\xc3", &[]),
            (b"\xe2\x82", &[]),
            (b"\xf0\x9f\x8e", &[]),
            (b"?\x1b[", &[]),
        ];
        for (bytes, given_up) in table {
            let mut parser = Parser::default();
            parser.feed(bytes);
            assert!(parser.is_pending(), "{bytes:?}");
            assert_eq!(parser.give_up(), given_up.to_vec(), "{bytes:?}");
            assert!(!parser.is_pending());
            let keys: Vec<Input> = parser.feed(b"?q").into_iter().map(Input::key).collect();
            assert_eq!(keys, [HELP, Input::Key(Key::Quit)]);
        }
    }

    #[test]
    fn an_endless_sequence_is_dropped() {
        let mut bytes = b"\x1b[".to_vec();
        bytes.extend([b'1'; 100]);
        bytes.push(b'?');
        let (inputs, pending) = feed_all(&[&bytes]);
        assert!(!pending);
        assert!(inputs.iter().all(|i| *i != UP), "{inputs:?}");
    }

    #[test]
    fn the_reader_gives_up_after_its_timeout_and_reports_the_end() {
        let (chunks, received) = mpsc::channel();
        let (sent, inputs) = mpsc::channel();
        let parser = thread::spawn(move || parse_chunks(&received, |i| sent.send(i).is_ok()));
        chunks.send(b"\x1b[<0;1".to_vec()).unwrap();
        chunks.send(b"\x1b".to_vec()).unwrap();
        let wait = Duration::from_secs(10);
        // The cut report is ended by the next ESC, which is then given up
        // as the Esc key, without any more bytes.
        assert_eq!(inputs.recv_timeout(wait), Ok(ESCAPE));
        // `ESC [ ?` is unfinished: given up when the input ends.
        chunks.send(b"\x1b[?".to_vec()).unwrap();
        drop(chunks);
        assert_eq!(inputs.recv_timeout(wait), Ok(Input::End));
        parser.join().unwrap();
    }
}
