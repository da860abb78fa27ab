//! The last roll of a game with dice, drawn in the panel: who attacked
//! which cell from which and how it went, then each side's faces and sum,
//! the faces changing while it rolls. Pure.

use super::super::state::{App, RollShown};
use super::frame::{Frame, Style};
use super::layout::{Field, Span, fit};
use crate::game::Player;

/// The lines the roll takes, with the blank line after it.
pub(super) const ROLL_LINES: usize = 4;

/// Draws the last roll of `app` from row `y`, between columns `x` and
/// `end`, if there is one; returns the row after it.
pub(super) fn roll(
    frame: &mut Frame,
    app: &App,
    x: usize,
    end: usize,
    y: usize,
    paint: &dyn Fn(Player) -> Style,
) -> usize {
    let Some(shown) = app.last_roll() else {
        return y;
    };
    let width = end.saturating_sub(x);
    let RollShown {
        attacker,
        defender,
        from,
        to,
        ..
    } = shown;
    let outcome = if !shown.settled() {
        Span::bold("rolling...")
    } else if shown.roll.attacker_wins() {
        Span::bold("taken")
    } else {
        Span::bold("held")
    };
    let heading = |words: &str| {
        vec![
            Span::bold(words),
            Span::new(attacker.to_string(), paint(attacker)),
            Span::bold(format!(" {from} -> {to}: ")),
            outcome.clone(),
        ]
    };
    let heading = Field::new(1, vec![heading("Last roll: "), heading("Roll: ")]);
    if let Some(line) = fit(&[heading.required()], "", width, 1).first() {
        frame.canvas().spans(x, y, end, line);
    }
    let sides = [
        (attacker, shown.attack_faces()),
        (defender, shown.defence_faces()),
    ];
    for (row, (player, faces)) in sides.into_iter().enumerate() {
        let text: Vec<String> = faces.iter().map(u8::to_string).collect();
        let sum = if shown.settled() {
            faces.iter().map(|&f| u32::from(f)).sum::<u32>().to_string()
        } else {
            "?".to_string()
        };
        let line = vec![
            Span::plain(" "),
            Span::new(player.to_string(), paint(player)),
            Span::plain(format!(" {} = {sum}", text.join(" "))),
        ];
        frame.canvas().spans(x, y + 1 + row, end, &line);
    }
    y + ROLL_LINES
}
