use std::sync::{Arc, Mutex};

use super::*;
use crate::ui::state::Key;
use crate::ui::state::tests_support::app;
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
    // The same frame again: nothing drawn, only the style put back.
    assert!(!none.contains('H') && none.starts_with("\x1b["), "{none:?}");
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
