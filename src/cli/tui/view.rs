//! The full-screen game's picture: a pure function from the game state and
//! the terminal's size to a grid of styled characters, with a map of what a
//! click on each character means. No I/O.

use crossterm::style::Color;

mod bars;
mod boxes;
mod frame;
mod layout;
mod map_view;
mod roll_view;

use super::state::{App, Key, Overlay, Target};
use crate::cli::render::player_color;
use crate::cli::words::percent;
use crate::game::{Map, Move, Player};
use bars::{STATUS_LINES, footer, message, status};
use boxes::{confirm_quit, end_box, help, too_small};
pub use frame::{Frame, Glyph, Style};
use layout::{Field, Line, Span, fit, flow, wrap};
use map_view::Marks;
use roll_view::roll;

/// The size of a hexagon: half its width `w`, the lines of each sloped edge
/// `k`, and the lines of its vertical sides `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hex {
    w: usize,
    k: usize,
    s: usize,
}

/// Eight columns by six lines: owner, dice and the cell's number inside.
const LARGE: Hex = Hex { w: 4, k: 2, s: 2 };
/// Four columns by four lines: owner and dice, and the cell's number below.
const MEDIUM: Hex = Hex { w: 2, k: 1, s: 2 };
/// Four columns by three lines: owner and dice only.
const SMALL: Hex = Hex { w: 2, k: 1, s: 1 };

impl Hex {
    fn board_width(self, map: &Map) -> usize {
        (map.columns() + 1) * self.w + 1
    }

    fn board_height(self, map: &Map) -> usize {
        map.rows() * (self.k + self.s) + self.k
    }

    /// The column of the cell's centre and the line of its top, from the
    /// board's top-left corner.
    fn origin(self, map: &Map, cell: usize) -> (usize, usize) {
        let place = map.place(cell);
        (
            self.w + usize::from(place.column) * self.w,
            usize::from(place.row) * (self.k + self.s),
        )
    }

    /// How far from the centre the sloped edge is on slope line `i` (0 at
    /// the point).
    fn slope(self, i: usize) -> usize {
        (2 * i + 1) * self.w / (2 * self.k)
    }
}

const PANEL_MIN: usize = 30;
const PANEL_MAX: usize = 44;
const PANEL_GAP: usize = 3;
const BOARD_X: usize = 1;
const BOARD_Y: usize = STATUS_LINES;
const MIN_PANEL_LINES: usize = 12;

/// The smallest window that shows a board of this map.
pub fn min_size(map: &Map) -> (u16, u16) {
    let (board_w, board_h) = match map.grid() {
        Some(grid) => map_view::SMALLEST.size(grid),
        None => (SMALL.board_width(map), SMALL.board_height(map)),
    };
    let w = BOARD_X + board_w + PANEL_GAP + PANEL_MIN + 1;
    let h = BOARD_Y + board_h.max(MIN_PANEL_LINES) + 2;
    (w as u16, h as u16)
}

/// Whether a board `board_w` columns wide and `board_h` lines high fits a
/// `width` x `height` window beside the panel.
fn fits(board_w: usize, board_h: usize, width: usize, height: usize) -> bool {
    BOARD_X + board_w + PANEL_GAP + PANEL_MIN < width
        && BOARD_Y + board_h.max(MIN_PANEL_LINES) + 2 <= height
}

/// How the board is drawn: hexagons of a size, or a map of territories at
/// a scale.
#[derive(Clone, Copy)]
enum Drawing {
    Hexes(Hex),
    Map(map_view::Scale),
}

impl Drawing {
    /// The largest drawing of the map that fits the window, if any.
    fn choose(map: &Map, w: usize, h: usize) -> Option<Drawing> {
        match map.grid() {
            Some(grid) => map_view::scale_for(grid, |bw, bh| fits(bw, bh, w, h)).map(Drawing::Map),
            None => [LARGE, MEDIUM, SMALL]
                .into_iter()
                .find(|hex| fits(hex.board_width(map), hex.board_height(map), w, h))
                .map(Drawing::Hexes),
        }
    }

    fn width(self, map: &Map) -> usize {
        match self {
            Drawing::Hexes(hex) => hex.board_width(map),
            Drawing::Map(scale) => map.grid().map_or(0, |grid| scale.size(grid).0),
        }
    }
}

/// Draws the game for a `width` x `height` window; `color` off draws in
/// monochrome (bold and reverse video only).
pub fn render(app: &App, width: u16, height: u16, color: bool) -> Frame {
    let mut frame = Frame::new(width, height);
    let (w, h) = (usize::from(width), usize::from(height));
    let map = app.rules().map();
    let Some(drawing) = Drawing::choose(map, w, h) else {
        too_small(&mut frame, app);
        if app.overlay() == Overlay::Help {
            help(&mut frame, app.help_page(), help_for(app), 0, h);
        }
        return frame;
    };
    let paint = |player: Player| Style {
        fg: color.then(|| player_color(player)),
        bold: true,
        reverse: false,
    };
    status(&mut frame, app, &paint);
    let marks = marks(app);
    match drawing {
        Drawing::Hexes(hex) => board(&mut frame, app, hex, &marks, color, &paint),
        Drawing::Map(scale) => {
            let at = (BOARD_X, BOARD_Y);
            map_view::draw(&mut frame, app, scale, at, &marks, color, &paint);
        }
    }
    let panel_x = BOARD_X + drawing.width(map) + PANEL_GAP;
    let panel_end = (panel_x + PANEL_MAX).min(w.saturating_sub(1));
    let message = message(app, w);
    let bottom = h.saturating_sub(1 + message.len().max(1));
    panel(&mut frame, app, panel_x, panel_end, bottom, &paint);
    footer(&mut frame, app, &message);
    match app.overlay() {
        Overlay::Help => help(
            &mut frame,
            app.help_page(),
            help_for(app),
            1,
            h.saturating_sub(2),
        ),
        Overlay::ConfirmQuit => confirm_quit(&mut frame),
        Overlay::None => {}
    }
    frame
}

/// What the help is for.
fn help_for(app: &App) -> boxes::HelpFor {
    let computer = !app.computers().is_empty();
    (app.replaying(), app.rules().set(), computer)
}

/// The marked source, its targets, the cells that can attack and the
/// cursor. A replay shows no cursor: its arrows step through the game, and
/// a cursor that cannot be moved would say otherwise.
fn marks(app: &App) -> Marks {
    // While dice roll, the attack they are rolled for is marked too.
    let computer = app.computer_to_move().is_some() || app.rolling();
    let replay = app.replaying();
    let mut marked = app.marked();
    let sources = if marked.is_none() && app.winners().is_none() && !computer && !replay {
        app.sources()
    } else {
        Vec::new()
    };
    let mut targets = app.targets();
    // While the computer plays, and in a replay, the last attack is marked
    // like a person's.
    if let (true, Some(Move::Attack { from, to })) = (computer || replay, app.last_move()) {
        marked = Some(usize::from(from));
        targets = vec![usize::from(to)];
    }
    Marks {
        marked,
        targets,
        sources,
        cursor: (!replay).then(|| app.cursor()),
    }
}

fn board(
    frame: &mut Frame,
    app: &App,
    hex: Hex,
    marks: &Marks,
    color: bool,
    paint: &dyn Fn(Player) -> Style,
) {
    let position = app.shown_position();
    let map = app.rules().map();
    let Marks {
        marked,
        targets,
        sources,
        ..
    } = marks;
    let marked = *marked;
    let marker_style = Style {
        fg: color.then_some(Color::Yellow),
        bold: true,
        reverse: false,
    };
    for cell in 0..position.board().len() {
        let (cx, top) = hex.origin(map, cell);
        let (cx, top) = (cx + BOARD_X, top + BOARD_Y);
        // Sloped edges above and below, and the interiors beside them.
        for i in 0..hex.k {
            let d = hex.slope(i);
            let below = top + 2 * hex.k + hex.s - 1 - i;
            frame.put(cx - d, top + i, '/', Style::PLAIN);
            frame.put(cx + d, top + i, '\\', Style::PLAIN);
            frame.put(cx - d, below, '\\', Style::PLAIN);
            frame.put(cx + d, below, '/', Style::PLAIN);
            if d > 1 {
                frame.mark(cx - d + 1, top + i, 2 * d - 1, Target::Cell(cell));
                frame.mark(cx - d + 1, below, 2 * d - 1, Target::Cell(cell));
            } else {
                frame.mark(cx, top + i, 1, Target::Cell(cell));
                frame.mark(cx, below, 1, Target::Cell(cell));
            }
        }
        for j in 0..hex.s {
            let y = top + hex.k + j;
            frame.put(cx - hex.w, y, '|', Style::PLAIN);
            frame.put(cx + hex.w, y, '|', Style::PLAIN);
            frame.mark(cx - hex.w + 1, y, 2 * hex.w - 1, Target::Cell(cell));
        }
        let c = position.board().cell(cell);
        let marker = if marked == Some(cell) {
            '@'
        } else if targets.contains(&cell) {
            '!'
        } else if sources.contains(&cell) {
            '*'
        } else {
            ' '
        };
        let owner = paint(c.owner());
        let dice = char::from(b'0' + c.dice() % 10);
        let y = top + hex.k;
        if hex.w == 2 {
            frame.put(cx - 1, y, c.owner().letter(), owner);
            frame.put(cx, y, dice, owner);
            frame.put(cx + 1, y, marker, marker_style);
        } else {
            frame.put(cx - 3, y, marker, marker_style);
            frame.put(cx - 1, y, c.owner().letter(), owner);
            frame.put(cx + 1, y, dice, owner);
            frame.put(cx + 3, y, marker, marker_style);
        }
        if hex.s > 1 {
            let number = cell.to_string();
            frame.write(
                cx - number.len() / 2,
                y + 1,
                cx + hex.w,
                &number,
                Style::PLAIN,
            );
        }
        if marks.cursor == Some(cell) {
            for j in 0..hex.s {
                for x in cx - hex.w + 1..cx + hex.w {
                    frame.restyle(x, top + hex.k + j, |s| s.reverse = true);
                }
            }
        }
    }
}

/// Draws the panel beside the board, from column `x` to `end` and down to
/// row `bottom`: the moves (or the end of the game), then the log.
fn panel(
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
        frame.write(x, y, end, "Log", Style::BOLD);
        y += 1;
        log(frame, app, x + 1, end, y, bottom);
    }
}

/// Draws the moves from row `y`, leaving a few rows above `bottom` for the
/// log; returns the row after them.
fn moves(frame: &mut Frame, app: &App, x: usize, end: usize, mut y: usize, bottom: usize) -> usize {
    let width = end.saturating_sub(x);
    let moves = app.shown_moves();
    let computer = app.shown_computer().is_some();
    let hints = app.hints();
    let heading: &[&str] = if computer {
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
    let heading = Field::new(1, heading.iter().map(|h| vec![Span::bold(*h)]).collect());
    if let Some(line) = fit(&[heading.required()], "", width, 1).first() {
        frame.spans(x, y, end, line);
    }
    y += 1;
    // Keep at least a few lines for the log below the moves, and one for
    // the legend of the hints.
    // The log keeps the rows its last round needs (with its heading, a
    // blank row and the buttons' row above it), as far as three moves and
    // a button row leave room.
    let log_rows = (last_round_rows(app, end.saturating_sub(x + 1)) + 3)
        .min(bottom.saturating_sub(y + 5))
        .max(5);
    let room = bottom.saturating_sub(y + log_rows + usize::from(hints.is_some()));
    let shown = if moves.len() > room {
        room.saturating_sub(1)
    } else {
        moves.len()
    };
    let chances = hints.is_some_and(|hints| hints.iter().any(|h| h.chance.is_some()));
    for (i, mv) in moves.iter().enumerate().take(shown) {
        let mut line = format!("{:>2}. {mv}", i + 1);
        if let Some(hint) = hints.and_then(|hints| hints.iter().find(|h| h.mv == *mv)) {
            line = match hint.chance {
                Some(p) => format!("{line:<13} {:>4} {}", percent(p), hint.rating),
                None if chances => format!("{line:<13} {:>4} {}", "", hint.rating),
                None => format!("{line:<13} {}", hint.rating),
            };
            if hint.best {
                frame.put(x.saturating_sub(1), y, '>', Style::BOLD);
            }
        }
        let involved = match *mv {
            Move::Attack { from, to } => {
                app.marked() == Some(usize::from(from))
                    || (app.marked().is_none() && usize::from(from) == app.cursor())
                    || usize::from(to) == app.cursor() && app.marked().is_some()
            }
            Move::Pass => false,
        };
        let style = if involved { Style::BOLD } else { Style::PLAIN };
        let after = frame.write(x, y, end, &line, style);
        frame.mark(x, y, after - x, Target::Menu(i));
        y += 1;
    }
    if shown < moves.len() {
        frame.write(
            x,
            y,
            end,
            &format!(" ... {} more: type a number", moves.len() - shown),
            Style::PLAIN,
        );
        y += 1;
    }
    if hints.is_some() {
        let legend: &[&str] = if chances { &CHANCE_LEGEND } else { &LEGEND };
        let legend = Field::new(1, legend.iter().map(|l| vec![Span::plain(*l)]).collect());
        if let Some(line) = fit(&[legend.required()], "", width, 1).first() {
            frame.spans(x, y, end, line);
        }
        y += 1;
    }
    let mut buttons = Vec::new();
    if moves.contains(&Move::Pass) && !computer {
        buttons.push(vec![Span::button("[ End turn (e) ]", Key::EndTurn)]);
    }
    if app.can_undo() {
        buttons.push(vec![Span::button("[ Undo (u) ]", Key::Undo)]);
    }
    if app.can_redo() {
        buttons.push(vec![Span::button("[ Redo (r) ]", Key::Redo)]);
    }
    for line in flow(&buttons.iter().collect::<Vec<_>>(), " ", width, 0) {
        frame.spans(x, y, end, &line);
        y += 1;
    }
    y
}

/// Draws a replay's panel from column `x` to `end`, from row `top` down to
/// row `bottom`: where the replay is, its buttons, and the log of every
/// move, the last one shown highlighted.
fn replay_panel(frame: &mut Frame, app: &App, x: usize, end: usize, top: usize, bottom: usize) {
    let width = end.saturating_sub(x);
    let (at, len) = app.replay_at();
    let heading = Field::new(
        1,
        vec![
            vec![Span::bold(format!("Replay: move {at} of {len}"))],
            vec![Span::bold(format!("Replay {at}/{len}"))],
        ],
    );
    let mut y = top;
    if let Some(line) = fit(&[heading.required()], "", width, 1).first() {
        frame.spans(x, y, end, line);
    }
    y += 1;
    let play = if app.playing() {
        "[ p: pause ]"
    } else {
        "[ p: play ]"
    };
    let buttons = [
        vec![Span::button("[ < ]", Key::Left)],
        vec![Span::button("[ > ]", Key::Right)],
        vec![Span::button(play, Key::Play)],
        vec![Span::button("[ c: continue ]", Key::Continue)],
    ];
    for line in flow(&buttons.iter().collect::<Vec<_>>(), " ", width, 0) {
        frame.spans(x, y, end, &line);
        y += 1;
    }
    y += 1;
    if y + 1 < bottom {
        let heading = Field::new(
            1,
            vec![
                vec![Span::bold("Log (click a move to go there)")],
                vec![Span::bold("Log (click a move)")],
                vec![Span::bold("Log")],
            ],
        );
        if let Some(line) = fit(&[heading.required()], "", width, 1).first() {
            frame.spans(x, y, end, line);
        }
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
                let style = Style {
                    reverse: true,
                    ..Style::BOLD
                };
                // One bar across the panel: each line's words and the
                // spaces between and after them all in reverse video.
                return wrap(&format!("{:>2}. {entry}", i + 1), Style::PLAIN, width, 4)
                    .iter()
                    .map(|line| {
                        let text: String = line.iter().map(|s| s.text.as_str()).collect();
                        vec![Span::new(format!("{text:<width$}"), style)]
                    })
                    .collect();
            }
            // The others on one line each where they can: what was taken
            // (after the comma) is left out of a line too long.
            let long = wrap(&format!("{:>2}. {entry}", i + 1), Style::PLAIN, width, 4);
            match entry.split_once(", ") {
                Some((short, _)) if long.len() > 1 => {
                    wrap(&format!("{:>2}. {short}", i + 1), Style::PLAIN, width, 4)
                }
                _ => long,
            }
        })
        .collect();
    if entries.is_empty() {
        frame.write(x, y, end, "no moves", Style::PLAIN);
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
            let after = frame.spans(x, row, end, line);
            frame.mark(x, row, after - x, Target::Step(i + 1));
            row += 1;
        }
    }
}

/// What the hints' ratings mean, from the longest to the shortest form.
const LEGEND: [&str; 4] = [
    "exact: proven result; estimate: a score, higher is better",
    "exact: proven; estimate: higher is better",
    "exact: proven; estimate: a score",
    "exact=proven, estimate=score",
];

/// What the hints' chances and ratings mean under rules that roll dice.
const CHANCE_LEGEND: [&str; 4] = [
    "%: the chance the attack takes its target; estimate: higher is better",
    "%: chance of taking the target; estimate: higher is better",
    "%: chance of taking it; estimate: a score",
    "%=chance, estimate=score",
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
        .map(|e| wrap(e, Style::PLAIN, width, 2).len())
        .sum()
}

/// Draws the log's last entries that fit from row `y` to `bottom`, each
/// whole, wrapped if it is wider than the panel.
fn log(frame: &mut Frame, app: &App, x: usize, end: usize, y: usize, bottom: usize) {
    let log = app.log();
    // How a roll went is logged once it has settled.
    let log = match log.split_last() {
        Some((_, before)) if app.rolling() => before,
        _ => log,
    };
    if log.is_empty() {
        frame.write(x, y, end, "no moves yet", Style::PLAIN);
        return;
    }
    let room = bottom.saturating_sub(y);
    let mut lines: Vec<Line> = Vec::new();
    for entry in log.iter().rev() {
        let wrapped = wrap(entry, Style::PLAIN, end.saturating_sub(x), 2);
        if lines.len() + wrapped.len() > room {
            break;
        }
        lines.splice(0..0, wrapped);
    }
    for (i, line) in lines.iter().enumerate() {
        frame.spans(x, y + i, end, line);
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod dice_tests;
