//! The renderer's tests under the rule sets with dice: the last roll
//! (rolling and settled), the status line's largest groups and stocks,
//! and a player knocked out, at 80x24 and 120x40.

use super::super::state::{Key, Target};
use super::*;
use crate::game::{Map, Position, Roll, RuleSet, Rules};
use crate::record::Play;
use crate::ui::render::OUT_COLOR;
use ratatui::style::Color;

/// Land of Lisp's last rules on a 5x5 board, 4 players.
fn lol4() -> (Rules, Position) {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(5).unwrap(), 4, 5).unwrap();
    let board = "a-3 c-1 d-2 d-1 d-3 / b-5 b-2 c-2 c-2 d-2 / c-5 b-5 b-3 b-4 d-5 / \
                 a-2 c-2 a-4 c-5 b-5 / d-3 a-4 b-3 d-4 d-2"
        .parse()
        .unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    (rules, start)
}

/// `a` attacks 0 -> 5 (3 dice against 5) with this roll.
fn attack(attack: &[u8], defence: &[u8]) -> Play {
    Play {
        roll: Roll::new(attack, defence),
        ..Play::from(Move::Attack { from: 0, to: 5 })
    }
}

/// Both sizes of window, one after the other.
fn both(app: &App, color: bool) -> String {
    let small = render(app, 80, 24, color).text();
    let large = render(app, 120, 40, color).text();
    format!("--- 80x24 ---\n{small}--- 120x40 ---\n{large}")
}

#[test]
fn a_roll_held_and_the_largest_groups() {
    let (rules, start) = lol4();
    let a = App::resume(
        rules,
        start,
        &[attack(&[1, 2, 3], &[6, 6, 6, 6, 6])],
        Some(3),
    )
    .unwrap();
    let text = both(&a, true);
    for words in [
        "Last roll: a 0 -> 5: held",
        " a 1 2 3 = 6",
        " b 6 6 6 6 6 = 30",
        "largest group: a  2, b  6, c  3, d  5",
        "a: 0 -> 5 rolls 1+2+3 = 6 against",
    ] {
        assert!(text.contains(words), "{words}:\n{text}");
    }
    assert!(!text.contains("captured"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_roll_rolling_then_taken() {
    let (rules, start) = lol4();
    // The same attack played live: its roll rolls until the ticks settle it.
    let mut a = App::new(rules.clone(), start, Some(3));
    let index = a.moves().iter().position(|&m| m == attack(&[1], &[1]).mv);
    a.click(Target::Menu(index.unwrap()));
    assert!(a.rolling());
    let rolling = render(&a, 80, 24, true).text();
    assert!(
        rolling.contains("Last roll: a 0 -> 5: rolling..."),
        "{rolling}"
    );
    assert!(rolling.contains(" = ?"), "{rolling}");
    // How it went is not told before the dice settle: the board is the one
    // before the attack (b's 5 dice on cell 5), and the log is not written.
    assert!(
        rolling.contains("a attacks cell 5 from cell 0: the dice roll"),
        "{rolling}"
    );
    assert!(!rolling.contains("a: 0 -> 5 rolls"), "{rolling}");
    // (the attack rolled for marked as the last attack: `>` and `<`)
    assert!(rolling.contains("|b5<|b2 |c2 |"), "{rolling}");
    // Nor do the status and the list of moves: both are those of the game
    // before the attack, field for field.
    let before = render(&App::new(rules.clone(), start, Some(3)), 80, 24, true).text();
    let status = |text: &str| text.lines().take(2).collect::<Vec<_>>().join("\n");
    assert_eq!(status(&rolling), status(&before));
    let listed = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.chars().skip(33).collect::<String>())
            .filter(|l| {
                l.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
            })
            .collect()
    };
    // (fewer of them: the roll takes rows of the panel)
    let (now, then) = (listed(&rolling), listed(&before));
    assert!(now.len() > 3, "{rolling}");
    assert_eq!(now, then[..now.len()]);
    while a.roll_tick() {}
    let settled = render(&a, 80, 24, true).text();
    let roll = a.last_roll().unwrap();
    let outcome = if roll.roll.attacker_wins() {
        "taken"
    } else {
        "held"
    };
    assert!(
        settled.contains(&format!("Last roll: a 0 -> 5: {outcome}")),
        "{settled}"
    );
    assert!(settled.contains(&format!("= {}", roll.roll.attack_sum())));
    assert!(settled.contains("a: 0 -> 5 rolls"), "{settled}");
    // Held, b keeps its 5 dice; taken, the cell is a's (`<`: the last
    // attack's target).
    assert_eq!(
        settled.contains("|b5<|b2 |c2 |"),
        !roll.roll.attacker_wins(),
        "{settled}"
    );
    // A roll that takes the cell, read back from a record.
    let b = App::resume(
        rules,
        start,
        &[attack(&[6, 6, 6], &[1, 1, 1, 1, 1])],
        Some(3),
    )
    .unwrap();
    insta::assert_snapshot!(both(&b, true));
}

/// Dice Wars on a 3x3 board of 3 players, `c` with no cell left, `a`
/// with 5 dice in stock.
fn dicewars() -> App {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(3).unwrap(), 3, 8).unwrap();
    let board = "a-3 a-1 b-2 / a-4 b-1 b-8 / a-2 b-1 b-1".parse().unwrap();
    let start = Position::start(&rules, board, Player::A)
        .unwrap()
        .with_stock(Player::A, 5)
        .with_stock(Player::B, 2);
    App::new(rules, start, Some(7))
}

#[test]
fn the_stocks_and_a_player_knocked_out() {
    let a = dicewars();
    let text = both(&a, false);
    // Each player's cells, largest group and stock together, a player out
    // said once, at 80 columns as at 120.
    let words = "cells·largest group+stock: a 4·4+5,  b 5·5+2,  c out";
    assert_eq!(text.matches(words).count(), 2, "{words}:\n{text}");
    for status in text.lines().filter(|l| l.contains("stock")) {
        assert_eq!(status.matches("out").count(), 1, "{status}");
    }
    insta::assert_snapshot!(text);
    // In colour, the player out is greyed; the others have their colours.
    let frame = render(&a, 120, 40, true);
    let (x, y) = (0..frame.height())
        .find_map(|y| {
            let row: String = frame.row(y).iter().map(|g| g.ch).collect();
            row.find("c out").map(|x| (row[..x].chars().count(), y))
        })
        .unwrap();
    assert_eq!(
        frame.row(y)[x].style.fg,
        Some(Color::from_crossterm(OUT_COLOR))
    );
    let a_at = (0..frame.height()).find_map(|y| {
        let row: String = frame.row(y).iter().map(|g| g.ch).collect();
        // In characters, not bytes: `·` is two bytes.
        row.find("stock: a")
            .map(|x| (row[..x].chars().count() + 7, y))
    });
    let (x, y) = a_at.unwrap();
    assert_eq!(frame.row(y)[x].ch, 'a');
    assert_eq!(
        frame.row(y)[x].style.fg,
        Some(Color::from_crossterm(player_color(Player::A)))
    );
}

#[test]
fn the_keys_bar_names_the_fast_forward_key() {
    let (rules, start) = lol4();
    let mut a = App::new(rules, start, Some(3))
        .with_computers(crate::game::PlayerSet::single(Player::B), "lol4");
    a.click(Target::Menu(0));
    while a.roll_tick() {}
    a.key(Key::EndTurn);
    assert!(a.computer_to_move().is_some(), "{:?}", a.message());
    let text = render(&a, 80, 24, false).text();
    assert!(text.contains("f fast-forward"), "{text}");
    a.key(Key::FastForward);
    let text = render(&a, 80, 24, false).text();
    assert!(text.contains("fast-forwarding"), "{text}");
}

/// The status's two lines at `w`x`h`.
fn status(app: &App, w: u16, h: u16) -> Vec<String> {
    let text = render(app, w, h, false).text();
    text.lines().take(2).map(str::to_string).collect()
}

/// Dice Wars' seven players at 80 and 120 columns, `d` and `f` out: every
/// player's territories, largest group and stock on the second line, a
/// player out said once (issue 36: at 80 columns the groups and stocks gave
/// way, and the short form ran `out` into the letter, `dout`).
#[test]
fn seven_players_numbers_at_80_and_120_columns_with_two_out() {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(4).unwrap(), 7, 8).unwrap();
    let board = "a-3 a-1 b-2 c-1 / b-4 b-1 c-8 e-2 / e-2 e-1 g-1 g-2 / a-1 b-1 c-1 g-3"
        .parse()
        .unwrap();
    let start = Position::start(&rules, board, Player::A)
        .unwrap()
        .with_stock(Player::A, 12)
        .with_stock(Player::new(6).unwrap(), 3);
    let a = App::new(rules, start, Some(5));
    let small = status(&a, 80, 24);
    assert_eq!(
        small[1],
        " a 3·2+12   b 4·2+0    c 3·1+0    d out      e 3·2+0    f out      g 3·3+3"
    );
    assert!(small[1].chars().count() <= 80);
    let large = status(&a, 120, 40);
    assert_eq!(
        large[1],
        " cells·largest group+stock: a 3·2+12,   b 4·2+0,    c 3·1+0,    d out,      \
         e 3·2+0,    f out,      g 3·3+3"
    );
    for line in [&small[1], &large[1]] {
        for out in ["d out", "f out"] {
            assert_eq!(line.matches(out).count(), 1, "{line}");
        }
        assert!(!line.contains("dout") && !line.contains("fout"), "{line}");
    }
    insta::assert_snapshot!(format!("{}\n{}", small.join("\n"), large.join("\n")));
}

#[test]
fn the_last_attack_stays_marked_on_hexagons_after_it_is_played() {
    let (rules, start) = lol4();
    let mut a = App::new(rules, start, Some(3));
    let index = a.moves().iter().position(|&m| m == attack(&[1], &[1]).mv);
    a.click(Target::Menu(index.unwrap()));
    while a.roll_tick() {}
    assert!(!a.rolling() && a.computer_to_move().is_none());
    for (w, h) in [(80, 24), (120, 40)] {
        let frame = render(&a, w, h, false);
        let text = frame.text();
        // `>` beside the attacker (cell 0), `<` beside the target (cell 5),
        // their owners and dice underlined: seen without colour.
        assert!(text.contains('>') && text.contains('<'), "{w}x{h}\n{text}");
        let underlined: String = (0..frame.height())
            .flat_map(|y| frame.row(y))
            .filter(|g| g.style.add_modifier.contains(Modifier::UNDERLINED))
            .map(|g| g.ch)
            .collect();
        assert_eq!(
            underlined.chars().filter(char::is_ascii_digit).count(),
            2,
            "{w}x{h}: {underlined:?}"
        );
        assert_eq!(
            underlined.chars().filter(char::is_ascii_lowercase).count(),
            2,
            "{w}x{h}: {underlined:?}"
        );
    }
}

/// Dice Wars over, one of seven holding every territory, at 80x24: the
/// six with none are named together, every letter of them shown (the end
/// box once ran off the window with a line a player each).
#[test]
fn seven_players_end_names_the_six_with_none_together() {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 7, 8).unwrap();
    let board = "e-3 e-1 / e-2 e-1".parse().unwrap();
    let Ok(start) = Position::start(&rules, board, Player::new(4).unwrap()) else {
        panic!("a board held by one player starts");
    };
    let a = App::new(rules, start, Some(5));
    assert!(a.winners().is_some(), "the game is over");
    // The box as beside a map at 80x24, at the window's right edge with
    // 20 columns inside (the list, one word, made the box wider and the
    // edge cut it at d), and as beside this board.
    for (x, end) in [(56, 80), (0, 80)] {
        let mut frame = Frame::new(80, 24);
        super::boxes::end_box(&mut frame, &a, x, end, 0);
        let text = frame.text();
        let tally: String = text
            .lines()
            .skip_while(|l| !l.contains("e: 4 cells;"))
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        for letter in ["for a,", " b,", " c,", " d,", " f,", " g "] {
            assert!(
                tally.contains(letter),
                "{letter:?} in a box {x}-{end}:\n{text}"
            );
        }
    }
}
