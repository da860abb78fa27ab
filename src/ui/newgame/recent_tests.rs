//! The recent games on the new-game screen: listed after `Start`, reached
//! with the arrows or a click, replayed with `Enter`.

use std::path::PathBuf;

use super::super::state::{Action, Field, Part, target};
use super::super::view::render;
use super::{RECENT_SHOWN, Recent, Screen};
use crate::ui::state::Key;

fn recent(n: usize) -> Vec<Recent> {
    (0..n)
        .map(|i| Recent {
            path: PathBuf::from(format!("history/{i}.txt")),
            about: format!("2026-11-2{i} 12:0{i}  lol4 5x5, 4 players, a won"),
        })
        .collect()
}

fn screen(n: usize) -> Screen {
    Screen::new(None, Vec::new(), None, 42).with_recent(recent(n))
}

#[test]
fn the_recent_games_come_after_start_and_the_first_line_keeps_the_focus() {
    let plain = Screen::new(None, Vec::new(), None, 42);
    let s = screen(2);
    let fields = s.fields();
    assert_eq!(fields[..plain.fields().len()], plain.fields()[..]);
    assert_eq!(
        fields[plain.fields().len()..],
        [Field::Recent(0), Field::Recent(1)]
    );
    assert_eq!(s.focused(), Field::Rules);
    assert_eq!(s.chosen_recent(), None);
    assert_eq!(screen(9).recent.len(), RECENT_SHOWN);
}

#[test]
fn enter_on_a_recent_game_replays_it() {
    let mut s = screen(3);
    s.key(Key::End);
    assert_eq!(s.focused(), Field::Start, "End goes to Start, as before");
    s.key(Key::Down);
    s.key(Key::Down);
    assert_eq!(s.focused(), Field::Recent(1));
    // Left and Right change nothing there.
    s.key(Key::Right);
    assert_eq!(s.focused(), Field::Recent(1));
    assert_eq!(s.key(Key::Select), Action::Replay);
    assert_eq!(
        s.chosen_recent().map(|r| r.path.clone()),
        Some(PathBuf::from("history/1.txt"))
    );
    // Up from the first line goes round to the last recent game.
    s.key(Key::Home);
    s.key(Key::Up);
    assert_eq!(s.focused(), Field::Recent(2));
}

#[test]
fn a_click_on_a_recent_game_replays_it() {
    let mut s = screen(2);
    let index = s.index_of(Field::Recent(0)).unwrap();
    assert_eq!(s.click(target(index, Part::Line)), Action::Replay);
    assert_eq!(
        s.chosen_recent().map(|r| r.path.clone()),
        Some(PathBuf::from("history/0.txt"))
    );
}

#[test]
fn the_list_shows_at_80x24_and_the_focused_game_stays_in_a_short_window() {
    let mut s = screen(5);
    let text = render(&s, 80, 24, false).text();
    assert!(text.contains("Recent games (Enter replays one):"), "{text}");
    // As many as fit, the newest first.
    for r in recent(2) {
        assert!(text.contains(&r.about), "{text}");
    }
    insta::assert_snapshot!(text);
    // In a short window the list gives way, but never the game in focus.
    s.key(Key::End);
    for _ in 0..5 {
        s.key(Key::Down);
    }
    assert_eq!(s.focused(), Field::Recent(4));
    let text = render(&s, 80, 24, false).text();
    let all = recent(5);
    assert!(text.contains(&format!("> {}", all[4].about)), "{text}");
    assert!(text.contains(&all[3].about), "the one above it: {text}");
    assert!(
        !text.contains(&all[0].about),
        "the farthest gave way: {text}"
    );
    let short = render(&s, 80, 18, false).text();
    assert!(short.contains(&all[4].about), "{short}");
}
