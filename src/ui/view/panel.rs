//! The panel beside the board: the moves (or the end of the game), the
//! roll, a replay's moves and the log.

use ratatui::text::{Line, Span};

use super::super::state::{App, Key, Target};
use super::board::BOARD_Y;
use super::boxes::end_box;
use super::frame::{BOLD, Button, Frame, Modifier, PLAIN, Style};
use super::layout::{flow, heading, longest, wrap};
use super::move_list;
use super::roll_view::roll;
use crate::game::{Move, Player};

/// Draws the panel beside the board, from column `x` to `end` and down to
/// row `bottom`: the moves (or the end of the game), then the log.
pub(super) fn panel(
    frame: &mut Frame,
    app: &App,
    x: usize,
    end: usize,
    bottom: usize,
    paint: &dyn Fn(Player) -> Style,
) {
    let mut y = BOARD_Y;
    if app.replaying() {
        y = roll(frame, app, x, end, y, paint);
        replay_panel(frame, app, x, end, y, bottom);
        return;
    }
    if app.shown_winners().is_some() {
        y = end_box(frame, app, x, end, y);
    } else {
        y = roll(frame, app, x, end, y, paint);
        y = moves(frame, app, x, end, y, bottom);
    }
    y += 1;
    if y + 1 < bottom {
        log(frame, app, x, end, y, bottom);
    }
}

/// Draws the moves from row `y`, leaving a few rows above `bottom` for the
/// log; returns the row after them.
fn moves(frame: &mut Frame, app: &App, x: usize, end: usize, mut y: usize, bottom: usize) -> usize {
    let width = end.saturating_sub(x);
    let moves = app.shown_moves();
    let computer = app.shown_computer().is_some();
    let hints = app.hints();
    let heading: &[&str] = if computer && app.is_networked() {
        &["Moves (another seat's)", "Moves (not yours)", "Moves"]
    } else if computer {
        &[
            "Moves (the computer picks one)",
            "Moves (the computer's)",
            "Moves",
        ]
    } else if hints.is_some() {
        &[
            "Moves, rated by the computer (> its choice)",
            "Moves (> the computer's choice)",
            "Moves (> its choice)",
        ]
    } else {
        &[
            "Moves (type a number, or click)",
            "Moves (type a number)",
            "Moves",
        ]
    };
    // Keep at least a few lines for the log below the moves, and one for
    // the legend of the hints.
    // The log keeps the rows its last round needs (with its heading, a
    // blank row and the buttons' row above it), as far as three moves and
    // a button row leave room.
    let log_rows = (last_round_rows(app, end.saturating_sub(x + 1)) + 3)
        .min(bottom.saturating_sub(y + 6))
        .max(5);
    let room = bottom.saturating_sub(y + 1 + log_rows + usize::from(hints.is_some()));
    let chances = hints.is_some_and(|hints| hints.iter().any(|h| h.chance.is_some()));
    y = move_list::draw(frame, app, (x, end), y, room, heading);
    if hints.is_some() {
        let legend: &[&str] = if chances { &CHANCE_LEGEND } else { &LEGEND };
        let legend = longest(legend.iter().map(|l| Line::raw(*l)).collect(), width);
        frame.canvas().line(x, y, end, &legend, &[]);
        y += 1;
    }
    let buttons = [
        (moves.contains(&Move::Pass) && !computer).then_some(("[ End turn (e) ]", Key::EndTurn)),
        app.can_undo().then_some(("[ Undo (u) ]", Key::Undo)),
        app.can_redo().then_some(("[ Redo (r) ]", Key::Redo)),
    ];
    let buttons: Vec<Button> = buttons
        .into_iter()
        .flatten()
        .map(|(l, k)| Button::new(l, k))
        .collect();
    y + buttons_row(frame, &buttons, x, y, width)
}

/// Draws `buttons` from column `x` of row `y`, flowed onto as many rows of
/// `width` columns as they need; returns the rows they take.
pub(super) fn buttons_row(
    frame: &mut Frame,
    buttons: &[Button],
    x: usize,
    y: usize,
    width: usize,
) -> usize {
    let lines: Vec<Line> = buttons.iter().map(|b| Line::from(b.span())).collect();
    let rows = flow(&lines, " ", width, 0);
    frame.paragraph(frame.rect(x, y, width, rows.len()), &rows, buttons);
    rows.len()
}

/// Draws a replay's panel from column `x` to `end`, from row `top` down to
/// row `bottom`: where the replay is, its buttons, and the log of every
/// move, the last one shown highlighted.
fn replay_panel(frame: &mut Frame, app: &App, x: usize, end: usize, top: usize, bottom: usize) {
    let width = end.saturating_sub(x);
    let (at, len) = app.replay_at();
    let title = [
        format!("Replay: move {at} of {len}"),
        format!("Replay {at}/{len}"),
    ];
    let mut y = top;
    frame.canvas().line(x, y, end, &heading(title, width), &[]);
    y += 1;
    let play = if app.playing() {
        "[ p: pause ]"
    } else {
        "[ p: play ]"
    };
    let buttons = [
        Button::new("[ < ]", Key::Left),
        Button::new("[ > ]", Key::Right),
        Button::new(play, Key::Play),
        Button::new("[ c: continue ]", Key::Continue),
    ];
    y += buttons_row(frame, &buttons, x, y, width);
    y += 1;
    if y + 1 < bottom {
        let title = [
            "Log (click a move to go there)",
            "Log (click a move)",
            "Log",
        ];
        frame.canvas().line(x, y, end, &heading(title, width), &[]);
        y += 1;
        replay_log(frame, app, x + 1, end, y, bottom);
    }
}

/// Draws the moves of a replay around the last one shown, from row `y` to
/// `bottom`, numbered from 1: the current one in reverse video, each a
/// target that shows the position after it.
fn replay_log(frame: &mut Frame, app: &App, x: usize, end: usize, y: usize, bottom: usize) {
    let log = app.full_log();
    let (at, _) = app.replay_at();
    let room = bottom.saturating_sub(y);
    let entries: Vec<Vec<Line>> = log
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let width = end.saturating_sub(x);
            if i + 1 == at {
                let style = BOLD.add_modifier(Modifier::REVERSED);
                // One bar across the panel: each line's words and the
                // spaces between and after them all in reverse video.
                return wrap(&format!("{:>2}. {entry}", i + 1), PLAIN, width, 4)
                    .iter()
                    .map(|line| {
                        let text: String = line.iter().map(|s| s.content.as_ref()).collect();
                        Line::from(Span::styled(format!("{text:<width$}"), style))
                    })
                    .collect();
            }
            // The others wrapped as the live log wraps them.
            wrap(&format!("{:>2}. {entry}", i + 1), PLAIN, width, 4)
        })
        .collect();
    if entries.is_empty() {
        frame.canvas().write(x, y, end, "no moves", PLAIN);
        return;
    }
    // The current move (or the first), then the moves after and before it
    // in turn, while they fit.
    let current = at.saturating_sub(1).min(entries.len() - 1);
    let (mut first, mut last) = (current, current);
    let mut used = entries[current].len();
    loop {
        let mut grew = false;
        for later in [true, false] {
            let next = if later {
                (last + 1 < entries.len()).then_some(last + 1)
            } else {
                first.checked_sub(1)
            };
            if let Some(i) = next
                && used + entries[i].len() <= room
            {
                used += entries[i].len();
                if later {
                    last = i;
                } else {
                    first = i;
                }
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let mut row = y;
    for (i, lines) in entries.iter().enumerate().take(last + 1).skip(first) {
        for line in lines {
            if row >= bottom {
                return;
            }
            let after = frame.canvas().line(x, row, end, line, &[]);
            frame.canvas().mark(x, row, after - x, Target::Step(i + 1));
            row += 1;
        }
    }
}

/// What the hints' ratings mean, from the longest to the shortest form.
const LEGEND: [&str; 4] = [
    "best: the computer's choice; good: nearly; risky: worse",
    "best: its choice; good: nearly; risky: worse",
    "best, good, risky: ? help",
    "? help: the words",
];

/// What the hints' chances and ratings mean under rules that roll dice.
const CHANCE_LEGEND: [&str; 4] = [
    "%: the chance the attack takes its target; best, good, risky: ? help",
    "%: chance of taking the target; best, good, risky: ? help",
    "%: chance of taking it; best, good, risky: ? help",
    "%=chance to take it (? help)",
];

/// The rows the log's last round takes at `width` columns: the entries
/// since the player to move last moved before the others did.
fn last_round_rows(app: &App, width: usize) -> usize {
    let me = app.shown_position().player().to_string();
    let by_me = |entry: &String| entry.split_once(':').is_some_and(|(who, _)| who == me);
    let log = app.log();
    let mine_now = log.iter().rev().take_while(|e| by_me(e)).count();
    let others = log
        .iter()
        .rev()
        .skip(mine_now)
        .take_while(|e| !by_me(e))
        .count();
    log.iter()
        .rev()
        .take(mine_now + others)
        .map(|e| wrap(e, PLAIN, width, 2).len())
        .sum()
}

/// Draws the log from row `y` to `bottom`: its heading, then from column
/// `x + 1` the entries that fit, each whole, wrapped if it is wider than
/// the panel, ending with the last (or, scrolled back, the one
/// [`App::log_back`] entries before it; scrolled back to the first, those
/// after it fill the room). The heading says which are shown once some are
/// not, and the keys that scroll.
fn log(frame: &mut Frame, app: &App, x: usize, end: usize, y: usize, bottom: usize) {
    let log = app.log();
    // How a roll went is logged once it has settled.
    let log = match log.split_last() {
        Some((_, before)) if app.rolling() => before,
        _ => log,
    };
    let (heading_y, x, y) = (y, x + 1, y + 1);
    if log.is_empty() {
        frame.canvas().write(x - 1, heading_y, end, "Log", BOLD);
        frame.canvas().write(x, y, end, "no moves yet", PLAIN);
        return;
    }
    let room = bottom.saturating_sub(y);
    let entries: Vec<Vec<Line>> = log
        .iter()
        .map(|entry| wrap(entry, PLAIN, end.saturating_sub(x), 2))
        .collect();
    let (first, last) = shown_entries(&entries, app.log_back(), room);
    let mut lines: Vec<Line> = entries[first..=last].concat();
    lines.truncate(room);
    let n = log.len();
    let title: Vec<String> = if first == 0 && last + 1 == n {
        vec!["Log".into()]
    } else if last + 1 == n {
        vec![
            "Log (< scrolls back)".into(),
            "Log (<)".into(),
            "Log".into(),
        ]
    } else {
        let (a, b) = (first + 1, last + 1);
        vec![
            format!("Log, moves {a}-{b} of {n} (< >)"),
            format!("Log {a}-{b}/{n} (< >)"),
            format!("Log {a}-{b}/{n}"),
        ]
    };
    let width = end.saturating_sub(x - 1);
    let title = heading(title, width);
    frame.canvas().line(x - 1, heading_y, end, &title, &[]);
    frame.paragraph(
        frame.rect(x, y, end.saturating_sub(x), lines.len()),
        &lines,
        &[],
    );
}

/// The first and last of `entries` (each its lines) shown in `room` rows,
/// ending `back` entries before the last: as many before it as fit whole;
/// where the first is reached with rows left, as many after it.
fn shown_entries(entries: &[Vec<Line>], back: usize, room: usize) -> (usize, usize) {
    let mut last = entries.len().saturating_sub(1 + back);
    let mut first = last;
    let mut used = entries.get(last).map_or(0, Vec::len);
    while first > 0 && used + entries[first - 1].len() <= room {
        first -= 1;
        used += entries[first].len();
    }
    while first == 0 && last + 1 < entries.len() && used + entries[last + 1].len() <= room {
        last += 1;
        used += entries[last].len();
    }
    (first, last)
}

#[cfg(test)]
#[path = "panel_tests.rs"]
mod tests;
