use std::sync::{Arc, Mutex};

use super::*;
use crate::game::{Map, Player, Position, RuleSet, Rules};
use crate::ui::state::tests_support::app;
use crate::ui::state::{App, Key};
use crate::ui::view;

/// A sink whose bytes the test reads while the display holds it.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Sink {
    /// The bytes written since the last look.
    fn take(&self) -> String {
        let mut bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8(std::mem::take(&mut *bytes)).unwrap()
    }
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut held = self.0.lock().unwrap_or_else(|e| e.into_inner());
        held.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

const BOARD: &str = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1";

#[test]
fn frames_are_drawn_by_their_changes() {
    let sink = Sink::default();
    let mut display = Display::new(sink.clone(), (100, 30)).unwrap();
    let a = app(BOARD);
    display.show(view::render(&a, 100, 30, false)).unwrap();
    let full = sink.take();
    display.show(view::render(&a, 100, 30, false)).unwrap();
    let none = sink.take();
    let mut b = app(BOARD);
    b.key(Key::Right);
    display.show(view::render(&b, 100, 30, false)).unwrap();
    let some = sink.take();
    assert!(full.contains("\x1b[2J"), "a first frame clears");
    assert!(!none.contains("\x1b[2J") && !some.contains("\x1b[2J"));
    // The same frame again: nothing written at all.
    assert_eq!(none, "");
    assert!(
        some.len() < full.len() / 4,
        "{} vs {}",
        some.len(),
        full.len()
    );
}

#[test]
fn a_resize_or_a_forgotten_screen_draws_the_next_frame_whole() {
    let sink = Sink::default();
    let mut display = Display::new(sink.clone(), (100, 30)).unwrap();
    let a = app(BOARD);
    display.show(view::render(&a, 100, 30, false)).unwrap();
    let full = sink.take();
    display.forget();
    display.show(view::render(&a, 100, 30, false)).unwrap();
    assert_eq!(sink.take(), full, "drawn whole again, the same way");
    display.resize((80, 24));
    assert_eq!(display.size(), (80, 24));
    display.show(view::render(&a, 80, 24, false)).unwrap();
    let small = sink.take();
    assert!(
        small.contains("\x1b[2J") && small.contains("Moves"),
        "{small:?}"
    );
}

#[test]
fn clicks_hit_what_the_frame_shown_has_there() {
    let mut display = Display::new(Sink::default(), (100, 30)).unwrap();
    let a = app(BOARD);
    let frame = view::render(&a, 100, 30, false);
    let (x, y) = frame.find(Target::Cell(4)).unwrap();
    assert_eq!(display.target_at(x, y), None, "nothing shown yet");
    display.show(frame).unwrap();
    assert_eq!(display.target_at(x, y), Some(Target::Cell(4)));
}

#[test]
fn a_frame_is_written_at_once_and_one_cut_short_not_at_all() {
    let sink = Sink::default();
    let mut batch = Batch::new(sink.clone());
    batch.write_all(b"half a frame").unwrap();
    assert_eq!(sink.take(), "");
    batch.flush().unwrap();
    assert_eq!(sink.take(), "half a frame");
    batch.write_all(b"cut short").unwrap();
    drop(batch);
    assert_eq!(sink.take(), "");
}

#[test]
fn a_frames_closing_resets_go_as_one() {
    let sink = Sink::default();
    let mut batch = Batch::new(sink.clone());
    batch
        .write_all(b"\x1b[1;1Hab\x1b[39m\x1b[49m\x1b[59m\x1b[0m")
        .unwrap();
    batch.flush().unwrap();
    assert_eq!(sink.take(), "\x1b[1;1Hab\x1b[0m");
    // Anywhere else, they are left as they are.
    batch
        .write_all(b"\x1b[39m\x1b[49m\x1b[59m\x1b[0mab")
        .unwrap();
    batch.flush().unwrap();
    assert_eq!(sink.take(), "\x1b[39m\x1b[49m\x1b[59m\x1b[0mab");
}

/// The frames of 24 moves of a game of Land of Lisp's last rules at 80x24,
/// in colour: each first move of the menu typed, played, and its dice
/// rolled to the end.
fn lol4_frames() -> Vec<Frame> {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(5).unwrap(), 4, 5).unwrap();
    let board = "a-3 c-1 d-2 d-1 d-3 / b-5 b-2 c-2 c-2 d-2 / c-5 b-5 b-3 b-4 d-5 / \
                 a-2 c-2 a-4 c-5 b-5 / d-3 a-4 b-3 d-4 d-2"
        .parse()
        .unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let mut app = App::new(rules, start, None);
    let mut frames = vec![view::render(&app, 80, 24, true)];
    for _ in 0..24 {
        for key in [Key::Digit(1), Key::Select] {
            app.key(key);
            frames.push(view::render(&app, 80, 24, true));
        }
        while app.rolling() {
            app.roll_tick();
            frames.push(view::render(&app, 80, 24, true));
        }
    }
    frames
}

#[test]
fn a_game_costs_no_more_bytes_than_the_hand_written_drawing_did() {
    let frames = lol4_frames();
    assert_eq!(frames.len(), 121, "the same frames as when measured");
    let sink = Sink::default();
    let mut display = Display::new(sink.clone(), (80, 24)).unwrap();
    let mut frames = frames.into_iter();
    display.show(frames.next().unwrap()).unwrap();
    sink.take();
    for frame in frames {
        display.show(frame).unwrap();
    }
    // The changes after the first frame: 58,232 bytes as the hand-written
    // diff drew them (cursor moves, then SGR 0 and the whole style at each
    // change of style), 56,513 with ratatui's diff.
    let bytes = sink.take().len();
    assert!(bytes <= 58_232, "{bytes}");
}

/// A sink that keeps each flush's bytes apart: what the other end of a
/// connection gets as one message.
#[derive(Clone, Default)]
struct Flushes(Arc<Mutex<(Vec<u8>, Vec<String>)>>);

impl Write for Flushes {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut held = self.0.lock().unwrap_or_else(|e| e.into_inner());
        held.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut held = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let bytes = std::mem::take(&mut held.0);
        if !bytes.is_empty() {
            held.1.push(String::from_utf8(bytes).unwrap());
        }
        Ok(())
    }
}

#[test]
fn queued_bytes_go_with_the_next_frame_in_one_flush() {
    let sink = Flushes::default();
    let mut display = Display::new(sink.clone(), (100, 30)).unwrap();
    let a = app(BOARD);
    display.show(view::render(&a, 100, 30, false)).unwrap();
    display.queue_raw(b"\x1b[?1049h").unwrap();
    display.show(view::render(&a, 100, 30, false)).unwrap();
    display.write_raw(b"\x1b[?1049l").unwrap();
    let flushes = sink.0.lock().unwrap_or_else(|e| e.into_inner()).1.clone();
    assert_eq!(flushes.len(), 3, "{flushes:?}");
    // The same frame as before, but the screen is not known after the
    // queued bytes: it is drawn whole, right after them.
    assert!(
        flushes[1].starts_with("\x1b[?1049h\x1b[2J"),
        "{:?}",
        flushes[1]
    );
    assert_eq!(flushes[1].len(), "\x1b[?1049h".len() + flushes[0].len());
    assert_eq!(flushes[2], "\x1b[?1049l");
}
