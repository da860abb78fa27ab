//! The last roll of a game with dice, drawn in the panel: who attacked
//! which cell from which and how it went, then each side's faces and sum,
//! the faces changing while it rolls. Pure.

use super::super::state::{App, RollShown};
use ratatui::text::{Line, Span};

use super::frame::{Frame, Style, bold};
use super::layout::longest;
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
        bold("rolling...")
    } else if shown.roll.attacker_wins() {
        bold("taken")
    } else {
        bold("held")
    };
    let heading = |words: &'static str| {
        Line::from(vec![
            bold(words),
            Span::styled(attacker.to_string(), paint(attacker)),
            bold(format!(" {from} -> {to}: ")),
            outcome.clone(),
        ])
    };
    let heading = longest(vec![heading("Last roll: "), heading("Roll: ")], width);
    frame.canvas().line(x, y, end, &heading, &[]);
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
        let line = Line::from(vec![
            Span::raw(" "),
            Span::styled(player.to_string(), paint(player)),
            Span::raw(format!(" {} = {sum}", text.join(" "))),
        ]);
        frame.canvas().line(x, y + 1 + row, end, &line, &[]);
    }
    y + ROLL_LINES
}
