//! Snapshots of maps of territories in the full-screen game at 80x24,
//! 120x40 and 200x60, for two to eight players; at each size every
//! territory parted from its neighbours, labelled and clickable; the clicks
//! and keys on them, and the last attack marked.

use super::super::{Frame, min_size, render};
use crate::game::{Board, MapSetup, Player, RuleSet};
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

/// Dice Wars on maps/original-30.map for seven players, as `play --rules
/// dicewars` deals it.
fn original_30() -> App {
    let text = include_str!("../../../maps/original-30.map");
    let setup = MapSetup::parse(text).unwrap();
    let rules = Rules::of(RuleSet::Dicewars, setup.map().clone(), 7, 8).unwrap();
    let board = Board::new(setup.cells()).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    App::new(rules, start, Some(7))
}

/// The games the sizes are checked on: the original map, random maps of
/// the original's 32 territories and of 20.
fn games() -> Vec<App> {
    let mut games = vec![original_30()];
    games.extend((0..4).map(|seed| game(32, 7, seed)));
    games.extend((0..2).map(|seed| game(20, 3, seed)));
    games
}

/// The characters of a row.
fn chars(frame: &Frame, y: u16) -> Vec<char> {
    frame.row(y).iter().map(|g| g.ch).collect()
}

/// The territory a click at `x`, `y` hits.
fn hit(frame: &Frame, x: usize, y: usize) -> Option<usize> {
    let (x, y) = (u16::try_from(x).ok()?, u16::try_from(y).ok()?);
    match frame.target_at(x, y) {
        Some(Target::Cell(t)) => Some(t),
        _ => None,
    }
}

/// Where territory `t`'s label is: its number on its own characters, not
/// run together with other letters or digits, its owner and dice after it
/// or on the line below.
fn label_of(frame: &Frame, a: &App, t: usize) -> Option<(usize, usize)> {
    let cell = a.shown_position().board().cell(t);
    let number: Vec<char> = t.to_string().chars().collect();
    let owner_dice: Vec<char> = format!("{}{}", cell.owner().letter(), cell.dice())
        .chars()
        .collect();
    let ours = |x: usize, y: usize, len: usize| (x..x + len).all(|c| hit(frame, c, y) == Some(t));
    let text = |x: usize, y: usize, want: &[char]| {
        y < usize::from(frame.height())
            && chars(frame, y as u16).get(x..x + want.len()) == Some(want)
    };
    let apart = |c: Option<&char>| c.is_none_or(|c| !c.is_ascii_alphanumeric());
    (0..usize::from(frame.height())).find_map(|y| {
        let row = chars(frame, y as u16);
        (0..row.len()).find_map(|x| {
            if !(text(x, y, &number) && ours(x, y, number.len())) {
                return None;
            }
            if x > 0 && !apart(row.get(x - 1)) {
                return None;
            }
            let after = x + number.len();
            let inline = text(after, y, &owner_dice) && ours(after, y, 2);
            let inline = inline && apart(row.get(after + 2));
            let below = text(x, y + 1, &owner_dice) && ours(x, y + 1, 2);
            let below_row = chars(frame, (y + 1).min(usize::from(frame.height()) - 1) as u16);
            let below =
                below && apart(below_row.get(x + 2)) && (x == 0 || apart(below_row.get(x - 1)));
            let alone = inline || (below && apart(row.get(after)));
            alone.then_some((x, y))
        })
    })
}

#[test]
fn at_80x24_120x40_and_200x60_territories_are_parted_labelled_and_clickable() {
    for (i, a) in games().iter().enumerate() {
        let map = a.rules().map();
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let frame = render(a, w, h, false);
            let text = frame.text();
            assert!(!text.contains("too small"), "game {i} at {w}x{h}\n{text}");
            let at = |x: usize, y: usize| chars(&frame, y as u16)[x];
            // Side by side, two territories always have a `|` between them.
            let mut below: Vec<(usize, usize, bool)> = Vec::new();
            for y in 0..usize::from(h) {
                for x in 0..usize::from(w) {
                    let Some(p) = hit(&frame, x, y) else { continue };
                    if let Some(q) = x.checked_sub(1).and_then(|l| hit(&frame, l, y))
                        && p != q
                    {
                        assert_eq!(at(x, y), '|', "game {i} {w}x{h} at {x},{y}\n{text}");
                    }
                    if let Some(q) = hit(&frame, x, y + 1)
                        && p != q
                    {
                        // A border, or one kept as a label's underline.
                        let glyph = frame.row(y as u16)[x];
                        let underlined = glyph
                            .style
                            .add_modifier
                            .contains(ratatui::style::Modifier::UNDERLINED);
                        let edge = at(x, y) == '_' || at(x, y) == '|' || underlined;
                        below.push((p.min(q), p.max(q), edge));
                    }
                }
            }
            // One above the other, two territories have a `_` along the
            // line they meet on.
            for &(p, q, _) in &below {
                assert!(
                    below.iter().any(|&(r, s, edge)| (r, s) == (p, q) && edge),
                    "game {i} {w}x{h}: {p} and {q} merge\n{text}"
                );
            }
            // Every territory's number, owner and dice shown, on its own
            // characters: a click on them hits it.
            for t in 0..map.len() {
                assert!(
                    label_of(&frame, a, t).is_some(),
                    "game {i} {w}x{h}: territory {t}\n{text}"
                );
            }
        }
    }
}

#[test]
fn the_map_fills_larger_windows_without_stretching_absurdly() {
    let a = original_30();
    let width = |w, h| {
        let frame = render(&a, w, h, false);
        (0..frame.width())
            .filter(|&x| {
                (0..frame.height()).any(|y| {
                    frame
                        .target_at(x, y)
                        .is_some_and(|t| matches!(t, Target::Cell(_)))
                })
            })
            .count()
    };
    let (small, large, huge) = (width(80, 24), width(120, 40), width(200, 60));
    assert!(small < large && large < huge, "{small} {large} {huge}");
    assert!(large >= 80, "{large}");
    // Never wider than 2.6 columns a cell for each line its row takes
    // (200x60 leaves 55 lines for the rows).
    let grid = a.rules().map().grid().unwrap();
    let lines = 55.0 / grid.height() as f64;
    let most = 2.6 * lines * (grid.width() as f64 + 0.5) + 3.0;
    assert!(huge as f64 <= most, "{huge} > {most}");
}

#[test]
fn the_last_attack_is_marked_after_it_is_played() {
    let mut a = original_30();
    let source = a.sources()[0];
    a.click(Target::Cell(source));
    let target = a.targets()[0];
    a.click(Target::Cell(target));
    assert_eq!(
        a.last_move(),
        Some(crate::game::Move::Attack {
            from: source as u8,
            to: target as u8
        })
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let frame = render(&a, w, h, false);
        let text = frame.text();
        // The attacker's label and the target's underlined, `>` and `<`
        // beside them (a territory that can attack again shows `*` first).
        for (t, mark) in [(source, '>'), (target, '<')] {
            let (x, y) = label_of(&frame, &a, t).unwrap_or_else(|| panic!("{t}\n{text}"));
            // Without colour, land is plain (the cursor's reversed): the
            // label is drawn the other way round.
            let cursor = a.cursor() == t;
            assert_eq!(frame.row(y as u16)[x].reversed(), !cursor, "{t}\n{text}");
            let near: String = (y.saturating_sub(0)..=y + 1)
                .flat_map(|line| chars(&frame, line as u16).into_iter().skip(x).take(6))
                .collect();
            assert!(near.contains(mark), "{t} {mark} in {near:?}\n{text}");
        }
    }
    insta::assert_snapshot!(render(&a, 80, 24, false).text());
}
