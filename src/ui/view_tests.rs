//! The renderer's tests: snapshots of whole screens at many sizes, and
//! the hit map of clicks.

use super::super::state::tests_support::app;
use super::super::state::{Key, Target};
use super::*;
use crate::game::{Map, Position, Rules};
use ratatui::style::Color;

const MENU_BOARD: &str = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1";

/// Each glyph's style as one letter: `.` plain, `b` bold, `r` reverse,
/// `R` bold and reverse; upper half of the alphabet would be colours,
/// so `c` marks a coloured glyph.
fn styles(frame: &Frame) -> String {
    let mut out = String::new();
    for y in 0..frame.height() {
        let line: String = frame
            .row(y)
            .iter()
            .map(|g| match (g.style.fg.is_some(), g.bold(), g.reversed()) {
                (true, _, _) => 'c',
                (false, false, false) => '.',
                (false, true, false) => 'b',
                (false, false, true) => 'r',
                (false, true, true) => 'R',
            })
            .collect();
        out.push_str(line.trim_end_matches('.'));
        out.push('\n');
    }
    out
}

#[test]
fn a_2x2_board() {
    let a = app("b-2 b-2 / a-2 b-1");
    insta::assert_snapshot!(render(&a, 100, 24, true).text());
}

#[test]
fn a_3x3_board() {
    let a = app(MENU_BOARD);
    insta::assert_snapshot!(render(&a, 100, 24, true).text());
}

#[test]
fn a_10x10_board_fits_120x40_with_numbered_hexagons() {
    let rules = Rules::classic(10, 2, 3).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let a = App::new(rules, start, Some(5));
    let frame = render(&a, 120, 40, true);
    insta::assert_snapshot!(frame.text());
    for cell in 0..100 {
        assert!(
            frame.find(Target::Cell(cell)).is_some(),
            "cell {cell} is on screen"
        );
    }
}

#[test]
fn a_marked_source_and_its_targets() {
    let mut a = app(MENU_BOARD);
    a.click(Target::Cell(5));
    insta::assert_snapshot!(render(&a, 100, 24, true).text());
}

#[test]
fn the_computer_moving() {
    let mut a = app("b-2 b-2 / a-2 b-1")
        .with_computers(crate::game::PlayerSet::single(Player::B), "greedy");
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    assert!(a.computer_move(Move::Attack { from: 0, to: 2 }));
    let frame = render(&a, 100, 24, true);
    insta::assert_snapshot!(frame.text());
    assert!(
        frame.find(Target::Button(Key::EndTurn)).is_none(),
        "no End turn button for the computer"
    );
}

#[test]
fn the_help_overlay() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Help);
    let first = render(&a, 100, 24, true).text();
    a.key(Key::Help);
    let second = render(&a, 100, 24, true).text();
    insta::assert_snapshot!(format!("{first}\n{second}"));
}

#[test]
fn the_quit_question() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Quit);
    let frame = render(&a, 100, 24, true);
    assert!(frame.text().contains("Quit this game?"));
    let (x, y) = frame.find(Target::Button(Key::Yes)).unwrap();
    assert_eq!(frame.target_at(x + 3, y), Some(Target::Button(Key::Yes)));
    assert!(frame.find(Target::Button(Key::No)).is_some());
}

#[test]
fn the_end_screen() {
    let mut a = app("b-2 b-2 / a-2 b-1");
    for key in [Key::Digit(1), Key::EndTurn, Key::Digit(1), Key::EndTurn] {
        a.key(key);
    }
    let frame = render(&a, 100, 24, true);
    insta::assert_snapshot!(frame.text());
    assert!(frame.find(Target::Button(Key::NewGame)).is_some());
    assert!(frame.find(Target::Button(Key::Quit)).is_some());
}

#[test]
fn the_end_screen_names_a_tie() {
    let a = app("a-1 b-1 / b-1 a-1");
    assert!(
        a.winners().is_some(),
        "a cannot attack: the game is over at once"
    );
    let text = render(&a, 100, 24, false).text();
    assert!(text.contains("The game is a tie between a and b"), "{text}");
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains("a cannot attack: under Land of Lisp's first rules the game ends"),
        "{text}"
    );
    assert!(text.contains("a: 2 cells, b: 2 cells"), "{text}");
}

#[test]
fn a_window_too_small() {
    let a = app(MENU_BOARD);
    let frame = render(&a, 50, 10, true);
    insta::assert_snapshot!(frame.text());
    assert_eq!(min_size(&Map::rhombus(3).unwrap()), (52, 16));
    assert!(render(&a, 52, 16, true).text().contains("Moves"));
}

#[test]
fn monochrome_keeps_letters_markers_and_the_cursor() {
    let a = app(MENU_BOARD);
    let mono = render(&a, 100, 24, false);
    let color = render(&a, 100, 24, true);
    assert_eq!(mono.text(), color.text(), "the same characters either way");
    assert!(
        (0..mono.height())
            .flat_map(|y| mono.row(y))
            .all(|g| g.style.fg.is_none())
    );
    let text = styles(&mono);
    let board: Vec<&str> = text.lines().skip(2).take(14).collect();
    insta::assert_snapshot!(board.join("\n"));
    // In colour, each owner letter is drawn in its player's colour.
    let (x, y) = color.find(Target::Cell(0)).unwrap();
    let letter = color
        .row(y + 2)
        .into_iter()
        .skip(usize::from(x) - 3)
        .find(|g| g.ch == 'b')
        .unwrap();
    assert_eq!(
        letter.style.fg,
        Some(Color::from_crossterm(player_color(Player::B)))
    );
}

#[test]
fn the_markers_are_light_yellow_in_colour() {
    // The cells that can attack are marked `*`, in the light yellow that
    // the hand-written drawing gave them (crossterm's Yellow).
    let a = app(MENU_BOARD);
    let frame = render(&a, 100, 24, true);
    let stars: Vec<Glyph> = (2..16)
        .flat_map(|y| frame.row(y))
        .filter(|g| g.ch == '*')
        .collect();
    assert!(!stars.is_empty(), "{}", frame.text());
    let yellow = Color::from_crossterm(crossterm::style::Color::Yellow);
    assert_eq!(yellow, Color::LightYellow);
    assert!(
        stars.iter().all(|g| g.style.fg == Some(yellow)),
        "{stars:?}"
    );
}

#[test]
fn clicks_land_on_the_cell_drawn_there() {
    let a = app(MENU_BOARD);
    let frame = render(&a, 100, 24, true);
    let text = frame.text();
    let lines: Vec<&str> = text.lines().collect();
    for cell in 0..9 {
        let (x, y) = frame.find(Target::Cell(cell)).unwrap();
        // The cell's number is written inside its hexagon.
        let below: String = lines[usize::from(y) + 3]
            .chars()
            .skip(usize::from(x))
            .collect();
        assert!(
            below.trim_start().starts_with(&cell.to_string()),
            "{cell}: {below:?}"
        );
    }
    let (x, y) = frame.find(Target::Menu(2)).unwrap();
    assert!(lines[usize::from(y)][usize::from(x)..].starts_with(" 3. 5 -> 4"));
}

#[test]
fn every_window_size_renders() {
    let rules = Rules::classic(10, 8, 9).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
    let big = App::new(
        rules.clone(),
        Position::start(&rules, board, Player::A).unwrap(),
        Some(1),
    );
    let mut help = app(MENU_BOARD);
    help.key(Key::Help);
    let mut over = app("b-2 b-2 / a-2 b-1");
    for key in [Key::Digit(1), Key::EndTurn, Key::Digit(1), Key::EndTurn] {
        over.key(key);
    }
    let mut undone = game(4, 4, 7, 6);
    undone.key(Key::Undo);
    let mut replay_help = replay_of(2, 3, 1, 12, 5);
    replay_help.key(Key::Help);
    let replays = [replay_of(8, 6, 7, 20, 9), replay_help];
    for a in [&big, &help, &over, &undone, &replays[0], &replays[1]] {
        for w in (0..130).step_by(3) {
            for h in 0..45 {
                let frame = render(a, w, h, true);
                assert_eq!((frame.width(), frame.height()), (w, h));
            }
        }
    }
}

/// A game of `players` players on the random `size` x `size` board of
/// `seed`, after `moves` moves, each picked from the menu by a fixed rule.
fn game(players: u8, size: usize, seed: u64, moves: usize) -> App {
    let rules = Rules::classic(size, usize::from(players), 3).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let mut a = App::new(rules, start, Some(seed));
    for i in 0..moves {
        if a.winners().is_some() {
            break;
        }
        let count = a.moves().len();
        a.click(Target::Menu((i * 7 + 3) % count));
    }
    a
}

/// The same game played to its end, always ending the turn when it can.
fn finished(players: u8, size: usize, seed: u64) -> App {
    let mut a = game(players, size, seed, 0);
    for _ in 0..5_000 {
        if a.winners().is_some() {
            break;
        }
        a.click(Target::Menu(0));
    }
    assert!(a.winners().is_some());
    a
}

/// The small windows of issue 8, one after the other.
const SMALL_WINDOWS: [(u16, u16); 3] = [(80, 24), (60, 20), (40, 12)];

fn at_small_windows(a: &App) -> String {
    SMALL_WINDOWS
        .iter()
        .map(|&(w, h)| format!("--- {w}x{h} ---\n{}", render(a, w, h, true).text()))
        .collect()
}

#[test]
fn two_players_in_small_windows() {
    insta::assert_snapshot!(at_small_windows(&game(2, 3, 1, 2)));
}

#[test]
fn four_players_in_small_windows() {
    insta::assert_snapshot!(at_small_windows(&game(4, 4, 7, 5)));
}

#[test]
fn eight_players_in_small_windows() {
    let mut text = at_small_windows(&game(8, 4, 7, 5));
    let six = game(8, 6, 7, 5);
    text.push_str(&format!(
        "--- 6x6 at 80x24 ---\n{}",
        render(&six, 80, 24, true).text()
    ));
    insta::assert_snapshot!(text);
}

#[test]
fn the_end_screens_in_small_windows() {
    let text: String = [(2, 3, 1), (4, 4, 7), (8, 4, 7)]
        .iter()
        .map(|&(players, size, seed)| at_small_windows(&finished(players, size, seed)))
        .collect();
    insta::assert_snapshot!(text);
}

/// Every page of the help, until `?` comes back to the first.
fn help_pages(a: &mut App, w: u16, h: u16) -> Vec<String> {
    a.key(Key::Help);
    let first = render(a, w, h, true).text();
    let mut pages = vec![first.clone()];
    loop {
        a.key(Key::Help);
        let page = render(a, w, h, true).text();
        if page == first || pages.len() > 20 {
            break;
        }
        pages.push(page);
    }
    a.key(Key::Cancel);
    pages
}

#[test]
fn the_help_pages_in_small_windows() {
    let mut a = game(4, 4, 7, 0);
    let mut text = String::new();
    for (w, h) in SMALL_WINDOWS {
        let pages = help_pages(&mut a, w, h);
        let rules = pages.iter().any(|p| p.contains("the rules in short"));
        let keys = pages.iter().any(|p| p.contains("Keys"));
        assert!(rules && keys, "{w}x{h}: {pages:?}");
        if (w, h) == (80, 24) {
            assert_eq!(pages.len(), 2, "two pages at 80x24");
        }
        for (i, page) in pages.iter().enumerate() {
            text.push_str(&format!("--- {w}x{h} page {} ---\n{page}", i + 1));
        }
    }
    insta::assert_snapshot!(text);
}

/// Whether `text` shows `value` whole: not run into a letter or digit on
/// either side.
fn shows_whole(text: &str, value: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    text.match_indices(value).any(|(i, _)| {
        !alnum(text[..i].chars().next_back()) && !alnum(text[i + value.len()..].chars().next())
    })
}

#[test]
fn the_bars_never_cut_a_value() {
    for (players, size) in [(2, 3), (4, 4), (8, 6), (8, 10)] {
        let mut a = game(players, size, 11, 4);
        a.key(Key::Digit(1)); // a number being typed, on a long menu
        let counts = a.position().board().cell_counts();
        let (min_w, min_h) = min_size(a.rules().map());
        for w in min_w..=200 {
            let frame = render(&a, w, min_h.max(24), true);
            let text = frame.text();
            let lines: Vec<&str> = text.lines().collect();
            let status = format!("{} {}", lines[0], lines[1]);
            assert!(
                status.contains(" to move") || status.contains("game over"),
                "{w}: {status}"
            );
            for p in Player::all(players) {
                let count = counts[usize::from(p.index())];
                assert!(
                    // Padded to the widest a count can be.
                    (1..=3).any(|w| {
                        shows_whole(&status, &format!("{p} {count:>w$}"))
                            || shows_whole(&status, &format!("{p}{count:>w$}"))
                    }),
                    "{players} players, {w} columns: {p} has {count} cells: {status}"
                );
            }
            let keys = lines.last().copied().unwrap_or_default();
            assert!(keys.contains("? help"), "{w}: {keys}");
            for line in &lines {
                assert!(!line.contains("(the computer's"), "{line}");
            }
        }
    }
}

#[test]
fn long_messages_wrap_whole_above_the_keys() {
    let mut a = app(MENU_BOARD);
    a.click(Target::Cell(0)); // "Cell 0 belongs to b: pick one of a's cells ..."
    let message = a.message().unwrap().to_string();
    let text = render(&a, 56, 20, false).text();
    let bottom: Vec<&str> = text.lines().rev().take(3).collect();
    let joined = format!("{} {}", bottom[2].trim(), bottom[1].trim());
    assert_eq!(joined, message, "{text}");
}

#[test]
fn hints_show_a_marker_and_a_legend() {
    let ratings = ["good", "wins (proven)", "2-way tie (proven)"];
    let mut a = app(MENU_BOARD).with_hints("rated");
    let super::super::state::Effect::Hints(node) = a.key(Key::Hint) else {
        panic!("no hints asked for");
    };
    let hints = a
        .moves()
        .into_iter()
        .enumerate()
        .map(|(i, mv)| crate::ui::Hint {
            mv,
            rating: ratings[i % 3].to_string(),
            best: i == 1,
            chance: None,
        })
        .collect();
    assert!(a.hints_ready(node, Some(hints)));
    let mut text = String::new();
    for (w, h) in [(160, 50), (120, 40), (80, 24), (60, 20)] {
        let frame = render(&a, w, h, true).text();
        assert!(frame.contains("> 2. "), "{w}x{h}: the marker\n{frame}");
        assert!(frame.contains("wins (proven)"), "{w}x{h}\n{frame}");
        assert!(frame.contains("risky"), "{w}x{h}: the legend\n{frame}");
        text.push_str(&format!("--- {w}x{h} ---\n{frame}"));
    }
    insta::assert_snapshot!(text);
}

/// The screen without what says how the position was reached: the
/// message, the keys, and the redo button of moves taken back.
fn as_reached(a: &App) -> String {
    let text = render(a, 80, 24, false)
        .text()
        .replace("[ Redo (r) ]", "            ");
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines[..lines.len().saturating_sub(3)].join("\n")
}

#[test]
fn after_undo_and_redo_the_screen_is_the_one_reached_directly() {
    let mut a = game(2, 3, 1, 3);
    assert_eq!(a.history().len(), 3);
    a.key(Key::Undo);
    a.key(Key::Undo);
    let undone = render(&a, 80, 24, false);
    assert!(undone.find(Target::Button(Key::Redo)).is_some());
    assert!(undone.text().contains("u/r undo/redo"));
    assert_eq!(as_reached(&a), as_reached(&game(2, 3, 1, 1)));
    a.key(Key::Redo);
    assert_eq!(as_reached(&a), as_reached(&game(2, 3, 1, 2)));
    insta::assert_snapshot!(render(&a, 80, 24, false).text());
}

/// A replay of `game(players, size, seed, moves)`, shown after `at` moves.
fn replay_of(players: u8, size: usize, seed: u64, moves: usize, at: usize) -> App {
    let played = game(players, size, seed, moves);
    let start = game(players, size, seed, 0).position();
    let mut a = App::replay(played.rules().clone(), start, &played.history(), Some(seed)).unwrap();
    for _ in 0..at {
        a.key(Key::Right);
    }
    a
}

#[test]
fn a_replay_in_small_windows() {
    let a = replay_of(2, 3, 1, 12, 5);
    let frame = render(&a, 80, 24, false);
    let text = frame.text();
    assert!(text.contains("replay: move 5 of 12"), "{text}");
    // The current move is highlighted, and a click on a move goes there.
    let (x, y) = frame.find(Target::Step(5)).unwrap();
    let glyph = frame.row(y)[usize::from(x)];
    assert!(glyph.reversed(), "{text}");
    // One bar: every glyph from the move's number to the panel's edge,
    // spaces included, is in reverse video.
    let bar: Vec<_> = (x..frame.width())
        .take_while(|&col| frame.target_at(col, y) == Some(Target::Step(5)))
        .map(|col| frame.row(y)[usize::from(col)])
        .collect();
    assert!(bar.iter().all(|g| g.reversed()), "{text}");
    // The bar goes on past the entry's text, to the panel's edge.
    let last = bar.iter().rposition(|g| g.ch != ' ').unwrap();
    assert!(bar.len() > last + 1, "{text}");
    assert!(frame.find(Target::Step(4)).is_some());
    for key in [Key::Left, Key::Right, Key::Play, Key::Continue] {
        assert!(frame.find(Target::Button(key)).is_some(), "{key:?}\n{text}");
    }
    let mut all = at_small_windows(&a);
    let four = replay_of(2, 4, 4, 30, 12);
    all.push_str(&format!(
        "--- 4x4 at 80x24 ---\n{}",
        render(&four, 80, 24, false).text()
    ));
    let mut end = replay_of(2, 3, 1, 40, 0);
    end.key(Key::End);
    all.push_str(&format!(
        "--- the end at 80x24 ---\n{}",
        render(&end, 80, 24, false).text()
    ));
    insta::assert_snapshot!(all);
}

/// The cells of `frame` drawn in reverse video: the cursor's.
fn reversed_cells(frame: &Frame) -> Vec<usize> {
    let mut cells = Vec::new();
    for y in 0..frame.height() {
        for x in 0..frame.width() {
            if let Some(Target::Cell(cell)) = frame.target_at(x, y)
                && frame.row(y)[usize::from(x)].reversed()
                && !cells.contains(&cell)
            {
                cells.push(cell);
            }
        }
    }
    cells
}

#[test]
fn a_replay_shows_no_cursor_until_it_is_continued() {
    let mut a = replay_of(2, 3, 1, 12, 5);
    for (w, h) in [(120, 40), (80, 24), (60, 20)] {
        let frame = render(&a, w, h, false);
        assert_eq!(
            reversed_cells(&frame),
            Vec::<usize>::new(),
            "{w}x{h}\n{}",
            frame.text()
        );
        assert!(!frame.text().contains("cursor"), "{}", frame.text());
    }
    a.key(Key::Continue);
    assert!(!a.replaying());
    let frame = render(&a, 80, 24, false);
    assert_eq!(reversed_cells(&frame), [a.cursor()], "{}", frame.text());
    assert!(frame.text().contains("cursor: cell"), "{}", frame.text());
}

#[test]
fn the_help_of_a_replay_lists_its_keys() {
    let mut a = replay_of(2, 3, 1, 4, 1);
    let pages = help_pages(&mut a, 80, 24);
    assert_eq!(pages.len(), 2, "two pages at 80x24");
    let keys = &pages[1];
    for text in [
        "Keys of the replay",
        "Home, End",
        "continue the game from here",
    ] {
        assert!(keys.contains(text), "{text}: {keys}");
    }
}

#[test]
fn a_game_not_being_saved_says_so_in_the_status_at_every_size() {
    let mut a = app(MENU_BOARD);
    a.set_unsaved(Some(
        "This game is not being saved: Permission denied.".into(),
    ));
    let screens: Vec<String> = [(100, 24), (80, 24), (60, 20)]
        .iter()
        .map(|&(w, h)| format!("--- {w}x{h} ---\n{}", render(&a, w, h, false).text()))
        .collect();
    insta::assert_snapshot!(screens.join("\n"));
}

#[test]
fn the_log_keeps_room_for_the_last_round() {
    let a = game(4, 5, 11, 6);
    let me = format!("{}:", a.position().player());
    // The entries since the player to move last moved, before the others.
    let log = a.log();
    let mine = log.iter().rev().take_while(|e| e.starts_with(&me)).count();
    let others = log[..log.len() - mine]
        .iter()
        .rev()
        .take_while(|e| !e.starts_with(&me))
        .count();
    assert!(others >= 3, "{log:?}");
    let text = render(&a, 80, 24, false).text();
    for entry in &log[log.len() - mine - others..] {
        let start: String = entry.chars().take(20).collect();
        assert!(text.contains(&start), "{start}\n{text}");
    }
}
