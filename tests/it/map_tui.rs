//! Dice Wars' map in the full-screen game, in a pseudo-terminal at 80x24
//! and 120x40: every territory's number and its owner and dice on the map
//! without a key, a territory clicked and then a target (the original's
//! way) playing the attack, and the attack then marked `>` and `<`.

use crate::pty::Pty;

use crate::common::DICE_WARS_VS_SIX;

/// The screen's rows as characters.
fn rows(screen: &str) -> Vec<Vec<char>> {
    screen.lines().map(|l| l.chars().collect()).collect()
}

/// The column where the panel starts: the `Moves` heading's.
fn panel_x(rows: &[Vec<char>]) -> usize {
    rows.iter()
        .find_map(|row| {
            let text: String = row.iter().collect();
            text.find("Moves").map(|x| text[..x].chars().count())
        })
        .expect("the moves' heading")
}

/// Where territory `t`'s label is on the map (left of the panel): its
/// number, not part of a longer one, with an owner and dice (`b3`) after it
/// or below it.
fn label(rows: &[Vec<char>], t: usize) -> Option<(u16, u16)> {
    let number: Vec<char> = t.to_string().chars().collect();
    let end = panel_x(rows);
    let owner_dice = |row: Option<&Vec<char>>, x: usize| {
        row.and_then(|r| r.get(x..x + 2))
            .is_some_and(|c| c[0].is_ascii_lowercase() && c[1].is_ascii_digit())
    };
    for (y, row) in rows.iter().enumerate().skip(2) {
        for x in 0..end.saturating_sub(number.len()) {
            if row.get(x..x + number.len()) != Some(&number[..]) {
                continue;
            }
            let before = x.checked_sub(1).and_then(|b| row.get(b));
            if before.is_some_and(|c| c.is_ascii_alphanumeric()) {
                continue;
            }
            let after = x + number.len();
            let inline = owner_dice(Some(row), after);
            let below = owner_dice(rows.get(y + 1), x)
                && !row.get(after).is_some_and(|c| c.is_ascii_alphanumeric());
            if inline || below {
                return Some((x as u16, y as u16));
            }
        }
    }
    None
}

/// The first attack of the list of moves (`2. 6 -> 1`).
fn first_attack(screen: &str) -> (usize, usize) {
    screen
        .lines()
        .find_map(|line| {
            let (_, right) = line.split_once(". ")?;
            let (from, to) = right.split_once(" -> ")?;
            let to: String = to.chars().take_while(char::is_ascii_digit).collect();
            Some((from.trim().parse().ok()?, to.parse().ok()?))
        })
        .expect("an attack in the list")
}

/// Plays the first attack by clicks at `cols` x `rows`.
fn click_an_attack(rows_: u16, cols: u16) {
    let args: Vec<&str> = ["play"].into_iter().chain(DICE_WARS_VS_SIX).collect();
    let mut game = Pty::start_sized(&args, &[], rows_, cols);
    game.wait_for("a to move");
    game.wait_for("Moves");
    game.settle();
    let screen = game.contents();
    let (from, to) = first_attack(&screen);
    // Every territory the list names is labelled on the map.
    let grid = rows(&screen);
    for line in screen.lines() {
        if let Some((_, right)) = line.split_once(". ")
            && let Some((a, b)) = right.split_once(" -> ")
        {
            for t in [a.trim(), b.split_whitespace().next().unwrap_or("")] {
                let t: usize = t.parse().unwrap();
                assert!(label(&grid, t).is_some(), "{t} at {cols}x{rows_}\n{screen}");
            }
        }
    }
    assert!(!screen.contains("# numbers"), "{screen}");
    let at = label(&grid, from).unwrap();
    game.click(at);
    game.wait_for("marked");
    let screen = game.contents();
    assert!(screen.contains('@'), "{screen}");
    let at = label(&rows(&screen), to).unwrap_or_else(|| panic!("{to}\n{screen}"));
    game.click(at);
    game.wait_for(&format!("a {from} -> {to}"));
    // Settled, the attack stays marked: `>` after its attacker's label,
    // `<` after its target's (a territory that can attack again shows `*`
    // first).
    game.send(b" ");
    game.wait_for(&format!("a: {from} -> {to}"));
    game.settle();
    let screen = game.contents();
    let map: String = rows(&screen)
        .iter()
        .map(|r| r.iter().take(panel_x(&rows(&screen))).collect::<String>())
        .collect();
    assert!(map.contains('>') && map.contains('<'), "{screen}");
}

#[test]
fn a_territory_clicked_then_a_target_at_80x24() {
    click_an_attack(24, 80);
}

#[test]
fn a_territory_clicked_then_a_target_at_120x40() {
    click_an_attack(40, 120);
}
