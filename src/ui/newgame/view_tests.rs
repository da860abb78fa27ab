//! Snapshots of the new-game screen at 80x24 and 120x40, and its clicks.

use std::path::PathBuf;

use super::*;
use crate::ai::AiKind;
use crate::game::RuleSet;
use crate::ui::newgame::state::Resumable;
use crate::ui::state::Key;

/// The screen for `lol4` with an unfinished game to resume.
fn lol4() -> Screen {
    let resume = Resumable {
        path: PathBuf::from("unfinished/20261125-100200-1.txt"),
        about: "lol4 5x5, 12 moves, saved 2026-11-25 10:02 UTC".into(),
    };
    let mut s = Screen::new(None, Vec::new(), Some(resume), 123456);
    s.key(Key::Down);
    s.key(Key::Right);
    assert_eq!(s.rules, RuleSet::Lol4);
    s
}

#[test]
fn lol4_at_80x24() {
    let frame = render(&lol4(), 80, 24, true);
    insta::assert_snapshot!(frame.text());
}

#[test]
fn a_description_wraps_at_80_columns_where_rows_allow_and_is_cut_with_an_ellipsis_where_not() {
    // `chance`'s description is long enough to wrap.
    let mut screen = lol4();
    screen.ai = AiKind::Chance;
    let text = |rows| render(&screen, 80, rows, true).text();
    let tall = text(30);
    let words: String = tall
        .lines()
        .skip_while(|l| !l.contains("Computer "))
        .take(3)
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("with exact battle odds (plays as `search` without dice)"),
        "{tall}"
    );
    assert!(!tall.contains('…'), "{tall}");
    let short = text(24);
    assert!(
        short.contains("Expectimax over its own turn with exac…"),
        "{short}"
    );
}

#[test]
fn lol4_at_120x40() {
    let frame = render(&lol4(), 120, 40, true);
    insta::assert_snapshot!(frame.text());
}

#[test]
fn dice_wars_with_eight_players_and_a_message_fits_80x24() {
    let mut s = lol4();
    s.key(Key::Right);
    s.key(Key::Right);
    s.key(Key::Down);
    s.key(Key::Down);
    s.key(Key::Digit(8));
    s.message = Some("the settings in ~/.config/dice-of-doom/new-game.json are broken".into());
    let frame = render(&s, 80, 24, false);
    let text = frame.text();
    insta::assert_snapshot!(text);
    for field in s.fields() {
        let index = s.index_of(field).unwrap();
        assert!(
            frame.find(target(index, Part::Line)).is_some(),
            "{field:?} is on screen"
        );
    }
    assert!(text.contains("Player h"), "{text}");
}

#[test]
fn a_long_message_is_wrapped_whole_above_the_keys_at_80x24() {
    let mut s = lol4();
    s.message = Some(
        "the unfinished game in /home/someone/.local/share/dice-of-doom/unfinished/\
         20261125-190121-22688.txt is not offered: another dice-of-doom (process 22688) \
         is playing it"
            .into(),
    );
    let frame = render(&s, 80, 24, false);
    let text = frame.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 24, "{text}");
    assert!(lines[23].starts_with("Up/Down line"), "{text}");
    let message = lines[20..23].join(" ");
    assert!(message.contains("20261125-190121-22688.txt"), "{text}");
    assert!(message.contains("(process 22688) is playing it"), "{text}");
    assert!(!message.contains('…'), "nothing cut: {text}");
    assert!(text.contains("[ Start the game ]"), "{text}");
}

#[test]
fn every_line_can_be_clicked_and_its_arrows_too() {
    let s = lol4();
    let frame = render(&s, 120, 40, true);
    for (index, field) in s.fields().into_iter().enumerate() {
        let (x, y) = frame.find(target(index, Part::Line)).unwrap();
        assert_eq!(frame.target_at(x, y), Some(target(index, Part::Line)));
        if !matches!(field, Field::Resume | Field::Start) {
            let less = frame.find(target(index, Part::Less)).unwrap();
            let more = frame.find(target(index, Part::More)).unwrap();
            assert_eq!((less.1, more.1), (y, y), "{field:?}: one line");
            assert!(less.0 < more.0);
        }
    }
}

#[test]
fn a_window_too_small_says_how_large_to_make_it() {
    let text = render(&lol4(), 50, 24, false).text();
    assert!(text.starts_with("Make the window at least 60x"), "{text}");
    let text = render(&lol4(), 80, 10, false).text();
    assert!(
        text.contains("for the new-game screen (q quits)."),
        "{text}"
    );
}

#[test]
fn the_line_in_focus_is_shown_reversed_and_marked() {
    let mut s = lol4();
    let frame = render(&s, 80, 24, false);
    let (_, y) = frame.find(target(1, Part::Line)).unwrap();
    let row: String = frame.row(y).iter().map(|g| g.ch).collect();
    assert!(row.starts_with("> Rules"), "{row}");
    assert!(frame.row(y).iter().any(|g| g.reversed()));
    s.key(Key::Up);
    let frame = render(&s, 80, 24, false);
    let row: String = frame.row(y).iter().map(|g| g.ch).collect();
    assert!(row.starts_with("  Rules"), "{row}");
}
