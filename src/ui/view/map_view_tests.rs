//! Snapshots of maps of territories in the full-screen game at 80x24 and
//! 120x40, for two and eight players, and the clicks and keys on them.

use super::super::{min_size, render};
use super::{SCALES, label_at};
use crate::game::{MapShape, Position, Rules, random_board, random_map};
use crate::ui::state::{App, Key, Target};
use ratatui::backend::FromCrossterm as _;
use ratatui::style::Color;

/// A game on a random map of `territories` for `players`, from `seed`.
fn game(territories: usize, players: usize, seed: u64) -> App {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let map = random_map(MapShape::new(territories).unwrap(), &mut rng).unwrap();
    let rules = Rules::new(map, players, 3).unwrap();
    let first = crate::game::Player::A;
    let board = random_board(&rules, first, &mut rng).unwrap();
    let start = Position::start(&rules, board, first).unwrap();
    App::new(rules, start, Some(seed))
}

#[test]
fn two_players_on_20_territories_at_80x24_and_120x40() {
    let a = game(20, 2, 1);
    let small = render(&a, 80, 24, false).text();
    let large = render(&a, 120, 40, false).text();
    insta::assert_snapshot!(format!("--- 80x24 ---\n{small}--- 120x40 ---\n{large}"));
}

#[test]
fn eight_players_on_20_and_30_territories() {
    let twenty = game(20, 8, 3);
    let thirty = game(30, 8, 4);
    insta::assert_snapshot!(format!(
        "--- 20 at 80x24 ---\n{}--- 30 at 120x40 ---\n{}",
        render(&twenty, 80, 24, false).text(),
        render(&thirty, 120, 40, false).text()
    ));
}

#[test]
fn maps_of_the_original_size_fit_120x40_and_say_what_they_need_below() {
    for seed in 0..20 {
        for n in [20, 32] {
            let a = game(n, 2, seed);
            let (w, h) = min_size(a.rules().map());
            let fits = if n <= 20 { (80, 24) } else { (120, 40) };
            assert!(
                w <= fits.0 && h <= fits.1,
                "{n} territories, seed {seed}: {w}x{h}"
            );
            let text = render(&a, w - 1, h, false).text();
            assert!(text.contains("too small"), "{text}");
            assert!(text.contains(&format!("needs {w}x{h}")), "{text}");
        }
    }
}

#[test]
fn every_character_of_a_territory_is_a_click_on_it_and_borders_part_them() {
    let a = game(12, 2, 2);
    let frame = render(&a, 120, 40, false);
    let map = a.rules().map();
    let mut clicks = vec![0; map.len()];
    for y in 0..frame.height() {
        for x in 0..frame.width() {
            if let Some(Target::Cell(t)) = frame.target_at(x, y) {
                clicks[t] += 1;
            }
        }
    }
    // At the largest scale each hexagon cell is 4 columns by 2 lines.
    let grid = map.grid().unwrap();
    for (t, &n) in clicks.iter().enumerate() {
        let cells = grid.cells().filter(|c| c.2 == Some(t as u8)).count();
        assert_eq!(n, cells * 8, "territory {t}");
    }
    // Between two characters side by side of different territories there
    // is a border; inside a territory there is none.
    for y in 0..frame.height() {
        let row = frame.row(y);
        for x in 1..frame.width() {
            let (l, r) = (frame.target_at(x - 1, y), frame.target_at(x, y));
            if let (Some(Target::Cell(p)), Some(Target::Cell(q))) = (l, r) {
                if p != q {
                    assert_eq!(row[usize::from(x)].ch, '|', "{x},{y}");
                } else {
                    assert_ne!(row[usize::from(x)].ch, '|', "{x},{y}");
                }
            }
        }
    }
}

#[test]
fn a_click_and_arrows_on_a_map_mark_and_show_the_targets() {
    let mut a = game(12, 2, 2);
    let frame = render(&a, 120, 40, false);
    let source = a.sources()[0];
    // A click on any character of the territory marks it.
    let (x, y) = frame.find(Target::Cell(source)).unwrap();
    a.click(Target::Cell(source));
    assert_eq!(a.marked(), Some(source), "clicked at {x},{y}");
    let marked = render(&a, 120, 40, false);
    let text = marked.text();
    assert!(text.contains('@') && text.contains('!'), "{text}");
    // Arrows move the cursor to other territories; Tab to one's own.
    let start = a.cursor();
    a.key(Key::Right);
    a.key(Key::Down);
    assert_ne!(a.cursor(), start);
    let player = a.position().player();
    for _ in 0..5 {
        a.key(Key::NextOwn);
        assert_eq!(a.position().board().cell(a.cursor()).owner(), player);
    }
}

#[test]
fn a_new_game_on_a_random_map_grows_the_map_of_its_seed() {
    let mut a = game(14, 3, 1);
    assert!(a.new_game(9));
    let again = game(14, 3, 9);
    assert_eq!(a.rules(), again.rules());
    assert_eq!(a.position(), again.position());
    assert_eq!(a.seed(), Some(9));
    // On a map file's map, a new game keeps the map.
    let text = "0 0 1 1\n 0 0 1 .\n2 2 . 3\n 2 2 3 3\n0 a-3\n1 b-2\n2 b-1\n3 a-2\n";
    let setup = crate::game::MapSetup::parse(text).unwrap();
    let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
    let start = setup.position(&rules).unwrap();
    let mut a = App::new(rules.clone(), start, None);
    assert!(a.new_game(9));
    assert_eq!(a.rules(), &rules);
}

#[test]
fn labels_sit_inside_their_territories() {
    let mut outside = 0;
    let mut labels = 0;
    for seed in 0..20 {
        for n in [12, 20, 32] {
            let a = game(n, 2, seed);
            let map = a.rules().map();
            let grid = map.grid().unwrap();
            for scale in SCALES {
                for t in 0..map.len() {
                    let place = map.place(t);
                    let centre =
                        scale.origin(usize::from(place.column) / 2, usize::from(place.row));
                    let (x, dice, number) = label_at(scale, grid, t as u8, centre);
                    let own = |x, y| scale.owner(grid, x, y) == Some(t as u8);
                    // The owner and dice always lie on the territory.
                    assert!(own(x, dice) && own(x + 1, dice), "{n} {seed} {scale:?} {t}");
                    labels += 1;
                    if !(own(x, number) && own(x + 1, number)) {
                        outside += 1;
                    }
                }
            }
        }
    }
    // The number, nearly always too.
    assert!(
        outside * 100 <= labels,
        "{outside} of {labels} numbers outside"
    );
}

#[test]
fn a_marked_territory_and_its_targets_at_80x24() {
    let mut a = game(16, 2, 5);
    let source = a.sources()[0];
    a.click(Target::Cell(source));
    insta::assert_snapshot!(render(&a, 80, 24, false).text());
}

#[test]
fn a_replay_on_a_map_shows_no_cursor() {
    let played = game(12, 2, 3);
    let replay = App::replay(
        played.rules().clone(),
        played.position(),
        &[] as &[crate::game::Move],
        Some(3),
    )
    .unwrap();
    for color in [true, false] {
        let frame = render(&replay, 120, 40, color);
        let mut land = 0;
        for y in 0..frame.height() {
            for x in 0..frame.width() {
                if let Some(Target::Cell(_)) = frame.target_at(x, y) {
                    // In colour every territory is a block of colour, none
                    // drawn the other way round; without, none reversed.
                    assert_eq!(frame.row(y)[usize::from(x)].reversed(), color);
                    land += 1;
                }
            }
        }
        assert!(land > 0);
    }
}

#[test]
fn in_colour_each_territory_is_a_block_of_its_owners_colour() {
    let a = game(12, 4, 3);
    let frame = render(&a, 120, 40, true);
    let position = a.position();
    let board = position.board();
    let mut land = 0;
    for y in 0..frame.height() {
        for x in 0..frame.width() {
            let Some(Target::Cell(t)) = frame.target_at(x, y) else {
                continue;
            };
            let glyph = frame.row(y)[usize::from(x)];
            let owner = board.cell(t).owner();
            assert_eq!(
                glyph.style.fg,
                Some(Color::from_crossterm(crate::ui::render::player_color(
                    owner
                ))),
                "{x},{y}"
            );
            // Reversed (a block of colour), but the cursor's territory.
            assert_eq!(glyph.reversed(), t != a.cursor(), "{x},{y}");
            land += 1;
        }
    }
    assert!(land > 0);
}
