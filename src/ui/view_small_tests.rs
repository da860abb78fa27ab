//! The renderer's tests at 80x24: every move of a long list reachable (in
//! columns, and a page at a time), a typed first digit shown with the
//! moves it could become, a 30-territory map with its numbers shown and a
//! 7x7 board drawn small with its numbers a key away, and the game-over box saying why in the
//! rule set's words.

use super::super::state::{Key, Target};
use super::*;
use crate::game::{Board, Map, MapSetup, Position, RuleSet, Rules};

/// Land of Lisp's last rules on a 5x5 board where `a` has many attacks.
fn lol4_many_moves() -> App {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(5).unwrap(), 4, 5).unwrap();
    let board = "a-5 b-1 a-1 c-1 a-5 / d-1 a-5 b-1 a-5 d-1 / a-1 c-1 a-5 d-1 a-1 / \
                 b-1 a-5 c-1 a-5 b-1 / a-5 d-1 a-1 b-1 a-5"
        .parse()
        .unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    App::new(rules, start, None)
}

/// The menu entries a frame shows (each a click target), by their index.
fn shown(frame: &Frame) -> Vec<usize> {
    let mut seen: Vec<usize> = (0..frame.height())
        .flat_map(|y| (0..frame.width()).map(move |x| (x, y)))
        .filter_map(|(x, y)| match frame.target_at(x, y) {
            Some(Target::Menu(i)) => Some(i),
            _ => None,
        })
        .collect();
    seen.dedup();
    seen.sort_unstable();
    seen.dedup();
    seen
}

#[test]
fn every_move_of_lol4_shows_at_80x24() {
    let a = lol4_many_moves();
    let count = a.moves().len();
    assert!(count >= 20, "{count} moves");
    let frame = render(&a, 80, 24, false);
    assert_eq!(shown(&frame), (0..count).collect::<Vec<_>>());
    insta::assert_snapshot!(frame.text());
}

#[test]
fn a_first_digit_shows_the_moves_it_could_become() {
    let mut a = lol4_many_moves();
    let count = a.moves().len();
    a.key(Key::Digit(1));
    assert_eq!(a.digits(), "1");
    let text = render(&a, 80, 24, false).text();
    let last = count.min(19);
    let heading = format!("Typed 1_: Enter plays 1, or a digit: 10-{last}");
    assert!(text.contains(&heading), "{text}");
    insta::assert_snapshot!(text);
    // The candidates in reverse video, the others not.
    let frame = render(&a, 80, 24, true);
    let reversed = |label: &str| {
        let (x, y) = (0..frame.height())
            .find_map(|y| {
                let row: String = frame.row(y).iter().map(|g| g.ch).collect();
                row.find(label).map(|x| (row[..x].chars().count(), y))
            })
            .unwrap_or_else(|| panic!("{label} not shown"));
        frame.row(y)[x].reversed()
    };
    assert!(reversed(" 1. "));
    assert!(reversed("10. "));
    assert!(!reversed(" 2. "));
}

#[test]
fn only_the_candidates_text_is_in_reverse_video_not_the_rest_of_its_column() {
    let mut a = lol4_many_moves();
    a.key(Key::Digit(1));
    let frame = render(&a, 80, 24, true);
    // Every reversed character is the cursor's hexagon or a candidate: a
    // click on it hits something.
    for y in 0..frame.height() {
        for (x, glyph) in (0..).zip(frame.row(y)) {
            if glyph.reversed() {
                assert!(frame.target_at(x, y).is_some(), "({x}, {y})");
            }
        }
    }
}

#[test]
fn a_list_longer_than_the_window_turns_its_pages() {
    let mut a = lol4_many_moves();
    let count = a.moves().len();
    // Too few rows for every move: a page, and a row to turn it.
    let first = shown(&render(&a, 80, 17, false));
    assert!(first.len() < count && first[0] == 0, "{first:?}");
    let text = render(&a, 80, 17, false).text();
    assert!(
        text.contains(&format!("moves 1-{} of {count}", first.len())),
        "{text}"
    );
    let mut seen = first.clone();
    while seen.len() < count {
        a.key(Key::PageDown);
        let page = shown(&render(&a, 80, 17, false));
        assert!(
            !page.is_empty() && page[0] == seen.len(),
            "{page:?} after {seen:?}"
        );
        seen.extend(page);
    }
    assert_eq!(seen, (0..count).collect::<Vec<_>>());
    // Round to the first again; a typed digit shows its page.
    a.key(Key::PageDown);
    assert_eq!(shown(&render(&a, 80, 17, false)), first);
    a.key(Key::Digit(2));
    let page = shown(&render(&a, 80, 17, false));
    assert!(page.contains(&19), "{page:?}");
}

/// The 30 territories of maps/original-30.map, two players.
fn original_30() -> App {
    let text = include_str!("../../maps/original-30.map");
    let setup = MapSetup::parse(text).unwrap();
    let rules = Rules::of(RuleSet::Dicewars, setup.map().clone(), 2, 8).unwrap();
    let board = Board::new(setup.cells()).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    App::new(rules, start, Some(7))
}

#[test]
fn thirty_territories_at_80x24_with_their_numbers_and_dice_shown() {
    let a = original_30();
    let frame = render(&a, 80, 24, false);
    let text = frame.text();
    assert!(!text.contains("too small"), "{text}");
    // Every territory can be clicked, and its number shows without a key.
    for t in 0..a.rules().map().len() {
        assert!(frame.find(Target::Cell(t)).is_some(), "{t}\n{text}");
    }
    assert!(!text.contains("# numbers"), "{text}");
    for t in [10, 19, 29] {
        assert!(text.contains(&t.to_string()), "{t}\n{text}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn a_7x7_board_fits_80x24_and_shows_its_numbers_with_a_key() {
    let board: Board = (0..49)
        .map(|i| if i % 3 == 0 { "a-3" } else { "b-1" })
        .collect::<Vec<_>>()
        .join(" ")
        .parse()
        .unwrap();
    let rules = Rules::classic(7, 2, 3).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let mut a = App::new(rules, start, None);
    let text = render(&a, 80, 24, false).text();
    assert!(
        !text.contains("too small") && text.contains("# numbers"),
        "{text}"
    );
    a.key(Key::Numbers);
    let text = render(&a, 80, 24, false).text();
    assert!(text.contains("|48"), "{text}");
}

#[test]
fn the_game_over_box_says_why_in_the_rules_words() {
    // c, to move, has no cell left: under Land of Lisp's last rules the
    // game is over.
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 4, 5).unwrap();
    let board = "a-2 b-1 d-3 / a-1 b-2 d-1 / a-4 b-1 d-2".parse().unwrap();
    let c = Player::new(2).unwrap();
    let start = Position::start(&rules, board, c).unwrap();
    let a = App::new(rules, start, None);
    let text = render(&a, 80, 24, false).text();
    let words = "under Land of Lisp's last rules the game ends when the player to move";
    let joined: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("c has no cells:"), "{text}");
    assert!(joined.contains(words), "{text}");
    // The status says the game is over, and c has 0 cells, not `out`.
    let status: String = text.lines().take(2).collect::<Vec<_>>().join("\n");
    assert!(
        status.contains("game over") && status.contains("c 0"),
        "{status}"
    );
    assert!(!status.contains("out"), "{status}");
    insta::assert_snapshot!(text);
}
