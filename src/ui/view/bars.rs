//! The bars along the edges of the screen: the status at the top (the
//! player to move, the dice, each player's cells, the cursor) and the
//! message and keys at the bottom. Each is a list of fields that give way
//! by priority (see [`fit`]), so that a narrow window drops or shortens
//! whole fields and never shows half a number.

use super::super::state::{App, dice};
use ratatui::backend::FromCrossterm as _;

use super::frame::{BOLD, Color, Frame, PLAIN, Style, bold};
use ratatui::text::{Line, Span};

use super::layout::{Field, fit, wrap};
use crate::game::{Ending, Move, Player, Supply, largest_group};
use crate::ui::render::OUT_COLOR;
use crate::ui::words::Cells;

/// The lines the status takes at the top of the screen.
pub(super) const STATUS_LINES: usize = 2;

/// The most lines a message takes above the keys.
const MESSAGE_LINES: usize = 2;

/// Draws the status on the top lines.
pub(super) fn status(frame: &mut Frame, app: &App, paint: &dyn Fn(Player) -> Style) {
    let w = usize::from(frame.width());
    // Each line's fields give way on their own line, so that nothing
    // moves from one line to the other.
    for (y, fields) in status_fields(app, paint).iter().enumerate() {
        let line = fit(fields, " | ", w.saturating_sub(2), 1);
        frame.paragraph(frame.rect(1, y, w, 1), &line, &[]);
    }
}

/// The status, most important first by priority: the player to move and
/// the cells are always shown; the title goes first, then the seed, the
/// cursor and the reinforcements. Every field keeps its place as the game
/// goes on: its numbers are padded to the widest they can be, and a field
/// that comes and goes (the marked cell, what ending the turn brings) keeps
/// its room, blank, while it is gone.
fn status_fields(app: &App, paint: &dyn Fn(Player) -> Style) -> [Vec<Field>; STATUS_LINES] {
    // While the last roll rolls, the game as it was before the attack.
    let position = app.shown_position();
    let player = position.player();
    let cells = position.board().len();
    let cell_width = (cells.max(1) - 1).to_string().len();
    let to_move = |rest: String, style: Style| {
        Line::from(vec![
            Span::styled(player.to_string(), paint(player)),
            Span::styled(rest, style),
        ])
    };
    // The dice captured count only where they make the reinforcements.
    let captured = (app.rules().policy().supply == Supply::CapturedLessOne)
        .then(|| Field::text(4, Span::raw(format!("captured {:>2}", position.captured()))));
    let mut fields = vec![Field::text(9, bold("Dice of Doom"))];
    if app.replaying() {
        let (at, len) = app.replay_at();
        let playing = if app.playing() { ", playing" } else { "" };
        // Padded after, as wide as at the last move and playing.
        let long = format!("replay: move {at} of {len}{playing}");
        let short = format!("replay {at}/{len}");
        let (lw, sw) = (
            format!("replay: move {len} of {len}, playing").len(),
            format!("replay {len}/{len}").len(),
        );
        fields.push(
            Field::new(
                2,
                vec![
                    Line::from(bold(format!("{long:<lw$}"))),
                    Line::from(bold(format!("{short:<sw$}"))),
                ],
            )
            .required(),
        );
    }
    // Who is to move, each form as wide as the widest it can be in this
    // game (a person, the computer, the game over).
    let thinking = if app.is_networked() {
        [
            " to move: waiting for the move".to_string(),
            " to move (waiting)".to_string(),
            " (waiting)".to_string(),
        ]
    } else {
        [
            format!(" to move: the computer ({}) is thinking", app.ai_name()),
            " to move (the computer)".to_string(),
            " (computer)".to_string(),
        ]
    };
    let computers = !app.computers().is_empty();
    let forms = if computers { thinking.len() } else { 1 };
    // `a to move` and `game over` are both 9 columns.
    let pad = |k: usize| match thinking.get(k) {
        Some(t) if computers => 1 + t.chars().count(),
        _ => 9,
    };
    let who: Vec<Line> = if app.shown_winners().is_some() {
        (0..forms)
            .map(|k| Line::from(bold(format!("{:<w$}", "game over", w = pad(k)))))
            .collect()
    } else if app.shown_computer().is_some() {
        thinking[..forms]
            .iter()
            .map(|t| to_move(t.clone(), BOLD))
            .collect()
    } else {
        (0..forms)
            .map(|k| to_move(format!("{:<w$}", " to move", w = pad(k) - 1), PLAIN))
            .collect()
    };
    fields.push(Field::new(5, who).required());
    // A network game: which game, and whose screen this is.
    if let Some(forms) = app.network_title() {
        fields.push(Field::new(
            3,
            forms
                .into_iter()
                .map(|f| Line::from(Span::raw(f)))
                .collect(),
        ));
    }
    if app.practice() {
        fields.push(Field::text(3, bold("practice")));
    }
    fields.extend(captured);
    // What ending the turn brings, once the rules let the turn end.
    if !app.replaying() {
        let can_end = app.shown_winners().is_none()
            && app.shown_computer().is_none()
            && position.moves(app.rules()).contains(&Move::Pass);
        let plus = format!("+{}", dice(position.reinforcements(app.rules())));
        fields.push(
            Field::new(
                6,
                vec![
                    Line::from(Span::raw(format!("end turn now: {plus:<8}"))),
                    Line::from(Span::raw(format!("end turn: {plus:<8}"))),
                ],
            )
            .hidden(!can_end),
        );
    }
    // A game that is not being saved says so until a save succeeds (the
    // message line has the reason).
    if app.unsaved().is_some() {
        fields.push(Field::text(1, bold("NOT SAVED")).required());
    }
    let (mut second, waiting) = player_fields(app, paint);
    // The dice waiting to be placed go with what ending the turn brings.
    fields.extend(waiting);
    // Where each player's numbers take the second line whole (Dice Wars'),
    // the cursor and the seed go on the first.
    let whole_line = matches!(app.rules().policy().supply, Supply::Stock(_));
    let rest = if whole_line { &mut fields } else { &mut second };
    let word = Cells::of(app.rules().map()).one();
    // A replay has no cursor (its arrows step through the game).
    if !app.replaying() {
        let cell = position.board().cell(app.cursor());
        let under = format!(
            "{word} {:>cell_width$} ({} {})",
            app.cursor(),
            cell.owner(),
            cell.dice()
        );
        rest.push(Field::new(
            7,
            vec![
                Line::from(Span::raw(format!("cursor: {under}"))),
                Line::from(Span::raw(under)),
            ],
        ));
        let marked = app.marked().unwrap_or(0);
        rest.push(
            Field::new(
                9,
                vec![
                    Line::from(Span::raw(format!("marked: {word} {marked:>cell_width$}"))),
                    Line::from(Span::raw(format!("marked {marked:>cell_width$}"))),
                ],
            )
            .hidden(app.marked().is_none()),
        );
    } else {
        // The number of a move to go to, being typed (in play the list of
        // moves shows it).
        let digits = app.digits();
        let w = app.replay_at().1.to_string().len();
        rest.push(
            Field::new(
                2,
                vec![
                    Line::from(Span::raw(format!("go to move: {digits:<w$}_"))),
                    Line::from(Span::raw(format!("move {digits:<w$}_"))),
                ],
            )
            .hidden(digits.is_empty()),
        );
    }
    if let Some(seed) = app.seed() {
        rest.push(Field::text(8, Span::raw(format!("seed {seed}"))));
    }
    [fields, second]
}

/// Each player's cells (always shown), their numbers padded to the widest
/// they can be; a player with no cell left is marked `out` (in grey) under
/// the rules that skip such a player, and has 0 cells under those that end
/// the game on her turn (Land of Lisp's). Fields follow with each player's
/// largest connected group where it makes the reinforcements (Land of
/// Lisp's last rules); and apart, for the first line, the dice waiting to be
/// placed: Realm of Racket's pool. Under Dice Wars' stocks each player's
/// numbers are one field instead ([`stock_field`]). A map's cells are
/// called territories ([`Cells`]).
fn player_fields(app: &App, paint: &dyn Fn(Player) -> Style) -> (Vec<Field>, Option<Field>) {
    let position = app.shown_position();
    let rules = app.rules();
    let counts = position.board().cell_counts();
    let classic = rules.plain();
    let playing = position.players_in();
    let skipped = rules.policy().ending == Ending::LastStanding;
    let out = |p: Player| !classic && !playing.contains(p);
    let grey = |p: Player| Style {
        fg: paint(p).fg.map(|_| Color::from_crossterm(OUT_COLOR)),
        ..PLAIN
    };
    if let Supply::Stock(cap) = rules.policy().supply {
        return (vec![stock_field(app, cap, paint, &grey)], None);
    }
    let width = position.board().len().to_string().len();
    // One field: a label, then each player with a value.
    let per_player = |label: &str, short: &str, value: &dyn Fn(Player) -> String| {
        let (mut long, mut brief) = (Line::raw(label.to_string()), Line::raw(short.to_string()));
        for (i, p) in Player::all(rules.players()).enumerate() {
            let named_out = out(p) && skipped;
            let (style, value) = match (out(p), skipped) {
                (true, true) => (grey(p), "out".to_string()),
                (true, false) => (grey(p), format!("{:>width$}", 0)),
                (false, _) => (paint(p), value(p)),
            };
            let value = format!("{value:>width$}");
            let sep = if i == 0 { " " } else { ", " };
            long.spans.extend([
                Span::raw(sep),
                Span::styled(p.to_string(), style),
                Span::raw(format!(" {value}")),
            ]);
            // `c out`, never `cout`.
            let brief_value = if named_out {
                format!(" {value}")
            } else {
                value
            };
            brief.spans.extend([
                Span::raw(" "),
                Span::styled(p.to_string(), style),
                Span::raw(brief_value),
            ]);
        }
        vec![long, brief]
    };
    let cells = |p: Player| counts[usize::from(p.index())].to_string();
    let word = Cells::of(rules.map()).many();
    let label = format!("{word}:");
    let mut fields = vec![Field::new(1, per_player(&label, word, &cells)).required()];
    if classic {
        return (fields, None);
    }
    let map = rules.map();
    let group = |p: Player| largest_group(position.board(), map, p).to_string();
    if rules.policy().supply == Supply::LargestGroup {
        fields.push(Field::new(6, per_player("largest group:", "group", &group)));
    }
    let waiting = match rules.policy().supply {
        Supply::SharedPool(_) => Some(Field::text(
            3,
            Span::raw(format!("pool {:>2}", position.pool())),
        )),
        Supply::CapturedLessOne | Supply::LargestGroup | Supply::Stock(_) => None,
    };
    (fields, waiting)
}

/// Dice Wars' numbers, each player's together as the original's bottom bar
/// shows them: `a 12·4+5` is `a`'s 12 territories, her largest group of 4
/// touching ones (the dice she gets at the end of her turn) and the 5 in
/// her stock; a player out is `c out`, once, in grey. Always shown, in the
/// longest form that fits: with a label (`territories·largest
/// group+stock:`), then without it, then each player's numbers unpadded,
/// then the group and stock alone (`a 4+5`), which 8 players fit in 80
/// columns.
fn stock_field(
    app: &App,
    cap: u8,
    paint: &dyn Fn(Player) -> Style,
    grey: &dyn Fn(Player) -> Style,
) -> Field {
    let position = app.shown_position();
    let rules = app.rules();
    let board = position.board();
    let counts = board.cell_counts();
    let playing = position.players_in();
    let n = board.len().to_string().len();
    let s = cap.to_string().len();
    let last = Player::last_of(rules.players());
    // The numbers of `p` (`full`: with her territories), a comma after
    // them where `comma` and another player follows, padded after to the
    // widest they can be where `padded`: each player's numbers start by
    // her letter, and the next player's letter keeps its place.
    let unit = |p: Player, full: bool, padded: bool, comma: bool| -> [Span<'static>; 2] {
        let (style, mut text) = if playing.contains(p) {
            let group = largest_group(board, rules.map(), p);
            let (stock, cells) = (position.stock(p), counts[usize::from(p.index())]);
            let text = match full {
                true => format!("{cells}·{group}+{stock}"),
                false => format!("{group}+{stock}"),
            };
            (paint(p), text)
        } else {
            (grey(p), "out".to_string())
        };
        if comma && p != last {
            text.push(',');
        }
        let w = if full { n + 1 + n + 1 + s } else { n + 1 + s } + usize::from(comma);
        let text = if padded { format!("{text:<w$}") } else { text };
        [
            Span::styled(p.to_string(), style),
            Span::raw(format!(" {text}")),
        ]
    };
    let each = |full: bool, padded: bool, comma: bool| -> Line<'static> {
        let mut line = Line::default();
        for (i, p) in Player::all(rules.players()).enumerate() {
            if i > 0 {
                line.push_span(" ");
            }
            line.spans.extend(unit(p, full, padded, comma));
        }
        line
    };
    let label = format!("{}·largest group+stock: ", Cells::of(rules.map()).many());
    let mut labelled = Line::raw(label);
    labelled.spans.extend(each(true, true, true));
    Field::new(
        1,
        vec![
            labelled,
            each(true, true, false),
            each(true, false, false),
            each(false, true, false),
            each(false, false, false),
        ],
    )
    .required()
}

/// The message, wrapped onto at most two lines of a `width`-column window.
pub(super) fn message(app: &App, width: usize) -> Vec<Line<'static>> {
    // While the dice roll, what they are rolled for, not how it went.
    let rolling = app.last_roll().filter(|r| !r.settled()).map(|r| {
        format!(
            "{} attacks {word} {} from {word} {}: the dice roll (any key settles them).",
            r.attacker,
            r.to,
            r.from,
            word = Cells::of(app.rules().map()).one()
        )
    });
    let mut lines = rolling
        .as_deref()
        .or(app.message())
        .map(|m| wrap(m, BOLD, width.saturating_sub(2), 0))
        .unwrap_or_default();
    lines.truncate(MESSAGE_LINES);
    lines
}

/// Draws the message (from [`message`]) just above the last line, and the
/// keys on the last line.
pub(super) fn footer(frame: &mut Frame, app: &App, message: &[Line<'static>], numbered: bool) {
    let w = usize::from(frame.width());
    let h = usize::from(frame.height());
    let top = h.saturating_sub(1 + message.len());
    frame.clear(frame.rect(0, top, w, message.len()));
    frame.paragraph(frame.rect(1, top, w, message.len()), message, &[]);
    let mut fields = key_fields(app);
    if !numbered {
        let numbers = if app.show_numbers() {
            ["# dice", "#"]
        } else {
            ["# numbers", "#"]
        };
        let forms = numbers.iter().map(|f| Line::from(Span::raw(*f))).collect();
        fields.insert(fields.len().saturating_sub(2), Field::new(4, forms));
    }
    let keys = fit(&fields, "  ", w.saturating_sub(2), 1);
    let last = frame.rect(1, h.saturating_sub(1), w, 1);
    frame.paragraph(last, &keys, &[]);
}

/// The keys worth knowing now; `? help` and `q quit` stay longest.
fn key_fields(app: &App) -> Vec<Field> {
    let key = |priority: u8, forms: &[&'static str]| {
        Field::new(
            priority,
            forms.iter().map(|f| Line::from(Span::raw(*f))).collect(),
        )
    };
    let help = key(0, &["? help"]).required();
    let quit = key(
        1,
        if app.is_networked() {
            &["q leave"]
        } else {
            &["q quit"]
        },
    );
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
        let new_game = (!app.is_networked()).then(|| key(2, &["n new game"]));
        [new_game, undo, Some(help), Some(quit)]
            .into_iter()
            .flatten()
            .collect()
    } else if app.shown_computer().is_some() && app.is_networked() {
        let waiting = match app.seat() {
            None => key(3, &["watching the game", "watching"]),
            Some(_) => key(3, &["waiting for the other move", "waiting"]),
        };
        vec![waiting, help, quit, key(8, &["Ctrl-C leave at once"])]
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
