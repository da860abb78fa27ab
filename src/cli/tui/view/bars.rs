//! The bars along the edges of the screen: the status at the top (the
//! player to move, the dice, each player's cells, the cursor) and the
//! message and keys at the bottom. Each is a list of fields that give way
//! by priority (see [`fit`]), so that a narrow window drops or shortens
//! whole fields and never shows half a number.

use super::super::state::{App, dice};
use super::frame::{Frame, Style};
use super::layout::{Field, Line, Span, fit, wrap};
use crate::cli::render::OUT_COLOR;
use crate::game::{Move, Player, Supply, largest_group};

/// The lines the status takes at the top of the screen.
pub(super) const STATUS_LINES: usize = 2;

/// The most lines a message takes above the keys.
const MESSAGE_LINES: usize = 2;

/// Draws the status on the top lines.
pub(super) fn status(frame: &mut Frame, app: &App, paint: &dyn Fn(Player) -> Style) {
    let w = usize::from(frame.width());
    let lines = fit(
        &status_fields(app, paint),
        " | ",
        w.saturating_sub(2),
        STATUS_LINES,
    );
    for (y, line) in lines.iter().enumerate() {
        frame.spans(1, y, w, line);
    }
}

/// The status, most important first by priority: the player to move and
/// the cells are always shown; the title goes first, then the seed, the
/// cursor and the reinforcements.
fn status_fields(app: &App, paint: &dyn Fn(Player) -> Style) -> Vec<Field> {
    // While the last roll rolls, the game as it was before the attack.
    let position = app.shown_position();
    let player = position.player();
    let to_move = |rest: String, style: Style| {
        vec![
            Span::new(player.to_string(), paint(player)),
            Span::new(rest, style),
        ]
    };
    // The dice captured count only where they make the reinforcements.
    let captured = (app.rules().policy().supply == Supply::CapturedLessOne)
        .then(|| Field::text(4, Span::plain(format!("captured {}", position.captured()))));
    let mut fields = vec![Field::text(9, Span::bold("Dice of Doom"))];
    if app.replaying() {
        let (at, len) = app.replay_at();
        let playing = if app.playing() { ", playing" } else { "" };
        fields.push(
            Field::new(
                2,
                vec![
                    vec![Span::bold(format!("replay: move {at} of {len}{playing}"))],
                    vec![Span::bold(format!("replay {at}/{len}"))],
                ],
            )
            .required(),
        );
    }
    if app.shown_winners().is_some() {
        fields.push(Field::text(5, Span::bold("game over")).required());
    } else if app.shown_computer().is_some() {
        let thinking = format!(" to move: the computer ({}) is thinking", app.ai_name());
        let forms = vec![
            to_move(thinking, Style::BOLD),
            to_move(" to move: the computer".into(), Style::BOLD),
            to_move(" (computer)".into(), Style::BOLD),
        ];
        fields.push(Field::new(5, forms).required());
        fields.extend(captured);
    } else {
        fields.push(Field::new(5, vec![to_move(" to move".into(), Style::PLAIN)]).required());
        fields.extend(captured);
        // What ending the turn brings, once the rules let the turn end.
        if position.moves(app.rules()).contains(&Move::Pass) {
            let plus = dice(position.reinforcements(app.rules()));
            fields.push(Field::new(
                6,
                vec![
                    vec![Span::plain(format!("end turn now: +{plus}"))],
                    vec![Span::plain(format!("end turn: +{plus}"))],
                ],
            ));
        }
    }
    // A game that is not being saved says so until a save succeeds (the
    // message line has the reason).
    if app.unsaved().is_some() {
        fields.push(Field::text(1, Span::bold("NOT SAVED")).required());
    }
    fields.extend(player_fields(app, paint));
    // A replay has no cursor (its arrows step through the game).
    if !app.replaying() {
        let cell = position.board().cell(app.cursor());
        let under = format!("cell {} ({} {})", app.cursor(), cell.owner(), cell.dice());
        fields.push(
            Field::new(
                7,
                vec![
                    vec![Span::plain(format!("cursor: {under}"))],
                    vec![Span::plain(under)],
                ],
            )
            .on_line(1),
        );
    }
    if let Some(marked) = app.marked() {
        fields.push(Field::new(
            3,
            vec![
                vec![Span::plain(format!("marked: cell {marked}"))],
                vec![Span::plain(format!("marked {marked}"))],
            ],
        ));
    }
    if !app.digits().is_empty() {
        let digits = app.digits();
        let long = if app.replaying() {
            format!("go to move: {digits}_")
        } else {
            format!("move number: {digits}_")
        };
        fields.push(Field::new(
            2,
            vec![
                vec![Span::plain(long)],
                vec![Span::plain(format!("move {digits}_"))],
            ],
        ));
    }
    if let Some(seed) = app.seed() {
        fields.push(Field::text(8, Span::plain(format!("seed {seed}"))));
    }
    fields
}

/// Each player's cells (always shown); under the rule sets other than the
/// classic one, a player with no cell left is marked `out` (in grey), and
/// fields follow with each player's largest connected group where it makes
/// the reinforcements (Land of Lisp's last rules and Dice Wars) and the
/// dice waiting to be placed: Dice Wars' stocks, Realm of Racket's pool.
fn player_fields(app: &App, paint: &dyn Fn(Player) -> Style) -> Vec<Field> {
    let position = app.shown_position();
    let rules = app.rules();
    let counts = position.board().cell_counts();
    let classic = rules.plain();
    let playing = position.players_in();
    let out = |p: Player| !classic && !playing.contains(p);
    let grey = |p: Player| Style {
        fg: paint(p).fg.map(|_| OUT_COLOR),
        ..Style::PLAIN
    };
    // One field: a label, then each player (in play, or all) with a value.
    let per_player = |label: &str, short: &str, all: bool, value: &dyn Fn(Player) -> String| {
        let (mut long, mut brief) = (vec![Span::plain(label)], vec![Span::plain(short)]);
        let mut first = true;
        for p in Player::all(rules.players()).filter(|&p| all || !out(p)) {
            let (style, value) = if out(p) {
                (grey(p), "out".to_string())
            } else {
                (paint(p), value(p))
            };
            let sep = if first { " " } else { ", " };
            first = false;
            long.extend([
                Span::plain(sep),
                Span::new(p.to_string(), style),
                Span::plain(format!(" {value}")),
            ]);
            let value = if out(p) { " out".to_string() } else { value };
            brief.extend([
                Span::plain(" "),
                Span::new(p.to_string(), style),
                Span::plain(value),
            ]);
        }
        vec![long, brief]
    };
    let cells = |p: Player| counts[usize::from(p.index())].to_string();
    let mut fields = vec![Field::new(1, per_player("cells:", "cells", true, &cells)).required()];
    if classic {
        return fields;
    }
    let map = rules.map();
    let group = |p: Player| largest_group(position.board(), map, p).to_string();
    if matches!(
        rules.policy().supply,
        Supply::LargestGroup | Supply::Stock(_)
    ) {
        fields.push(Field::new(
            4,
            per_player("largest group:", "group", false, &group),
        ));
    }
    match rules.policy().supply {
        Supply::Stock(_) => {
            let stock = |p: Player| position.stock(p).to_string();
            fields.push(Field::new(3, per_player("stock:", "stock", false, &stock)));
        }
        Supply::SharedPool(_) => {
            fields.push(Field::text(
                3,
                Span::plain(format!("pool {}", position.pool())),
            ));
        }
        Supply::CapturedLessOne | Supply::LargestGroup => {}
    }
    fields
}

/// The message, wrapped onto at most two lines of a `width`-column window.
pub(super) fn message(app: &App, width: usize) -> Vec<Line> {
    // While the dice roll, what they are rolled for, not how it went.
    let rolling = app.last_roll().filter(|r| !r.settled()).map(|r| {
        format!(
            "{} attacks cell {} from cell {}: the dice roll (any key settles them).",
            r.attacker, r.to, r.from
        )
    });
    let mut lines = rolling
        .as_deref()
        .or(app.message())
        .map(|m| wrap(m, Style::BOLD, width.saturating_sub(2), 0))
        .unwrap_or_default();
    lines.truncate(MESSAGE_LINES);
    lines
}

/// Draws the message (from [`message`]) just above the last line, and the
/// keys on the last line.
pub(super) fn footer(frame: &mut Frame, app: &App, message: &[Line]) {
    let w = usize::from(frame.width());
    let h = usize::from(frame.height());
    let top = h.saturating_sub(1 + message.len());
    frame.clear(0, top, w, message.len());
    for (i, line) in message.iter().enumerate() {
        frame.spans(1, top + i, w, line);
    }
    let keys = fit(&key_fields(app), "  ", w.saturating_sub(2), 1);
    if let Some(line) = keys.first() {
        frame.spans(1, h.saturating_sub(1), w, line);
    }
}

/// The keys worth knowing now; `? help` and `q quit` stay longest.
fn key_fields(app: &App) -> Vec<Field> {
    let key = |priority: u8, forms: &[&str]| {
        Field::new(
            priority,
            forms.iter().map(|f| vec![Span::plain(*f)]).collect(),
        )
    };
    let help = key(0, &["? help"]).required();
    let quit = key(1, &["q quit"]);
    let undo = match (app.can_undo(), app.can_redo()) {
        (true, true) => Some(key(7, &["u/r undo/redo", "u/r"])),
        (true, false) => Some(key(7, &["u undo"])),
        (false, true) => Some(key(7, &["r redo"])),
        (false, false) => None,
    };
    if app.replaying() {
        let play = if app.playing() { "p pause" } else { "p play" };
        vec![
            key(2, &["arrows step", "arrows"]),
            key(5, &["Home/End first/last", "Home/End"]),
            key(6, &["number+Enter go to"]),
            key(3, &[play]),
            key(4, &["c continue here", "c continue"]),
            help,
            quit,
        ]
    } else if app.shown_winners().is_some() {
        [Some(key(2, &["n new game"])), undo, Some(help), Some(quit)]
            .into_iter()
            .flatten()
            .collect()
    } else if app.shown_computer().is_some() {
        [
            Some(key(3, &["the computer is moving", "computer moving"])),
            Some(if app.fast_forward() {
                key(6, &["fast-forwarding", "fast"])
            } else {
                key(6, &["f fast-forward", "f fast"])
            }),
            undo,
            Some(help),
            Some(quit),
            // Gives way before `u undo`, which works while the computer moves.
            Some(key(8, &["Ctrl-C quit at once"])),
        ]
        .into_iter()
        .flatten()
        .collect()
    } else {
        [
            Some(key(6, &["arrows/hjkl move", "arrows move"])),
            Some(key(5, &["Enter mark/attack", "Enter attack"])),
            // Esc only when there is something to cancel, e only when the
            // turn may end.
            (app.marked().is_some() || !app.digits().is_empty() || app.hints_pending().is_some())
                .then(|| key(8, &["Esc cancel"])),
            app.moves()
                .contains(&Move::Pass)
                .then(|| key(3, &["e end turn"])),
            undo,
            Some(help),
            Some(quit),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}
