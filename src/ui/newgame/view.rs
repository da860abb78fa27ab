//! The new-game screen's picture: a pure function from its state and the
//! window's size to a frame, with a click target on every line and on each
//! line's `<` and `>`. Lines that only help (blank ones, the command line
//! the choices stand for, the rest of a long summary) give way first when
//! the window is short.

use std::borrow::Cow;

use ratatui::backend::FromCrossterm as _;
use ratatui::text::{Line, Span};

use super::state::{Board, Field, Part, Screen, target};
use crate::game::Player;
use crate::ui::Frame;
use crate::ui::Target;
use crate::ui::render::player_color;
use crate::ui::view::{BOLD, Color, Modifier, PLAIN, Style, set};

/// The left margin.
const LEFT: usize = 2;
/// The width of a line's label.
const LABEL: usize = 15;
/// The width of a value between its `<` and `>`.
const VALUE: usize = 18;
/// Where a line's description starts.
const DESCRIBE: usize = LEFT + LABEL + VALUE + 5;
/// The width the lines take at most: a wider window has them in its
/// middle.
const WIDE: usize = 100;
/// The narrowest window the screen is drawn in.
pub(crate) const MIN_WIDTH: u16 = 60;

/// A line of the screen (ratatui's text, from column `at`), what a click
/// on each of its spans hits, and how soon it gives way (0: never; higher:
/// sooner).
struct Row {
    at: usize,
    line: Line<'static>,
    /// What a click on each span of `line` hits, span by span.
    hits: Vec<Option<Target>>,
    gives_way: u8,
    /// Whether it is a line of the command, which is shown whole or not
    /// at all.
    command: bool,
    /// Whether it is a further line of a description: they give way all
    /// together.
    more: bool,
    /// For a line whose description goes on below: its last piece cut
    /// short with `…`, shown if those lines give way.
    cut: Option<String>,
}

impl Row {
    /// An empty row from column `at`, that gives way at `gives_way`.
    fn new(at: usize, gives_way: u8) -> Row {
        Row {
            at,
            line: Line::default(),
            hits: Vec::new(),
            gives_way,
            command: false,
            more: false,
            cut: None,
        }
    }

    /// This row with `text` in `style` after what it holds, a click on it
    /// hitting `hit`.
    fn with(
        mut self,
        text: impl Into<Cow<'static, str>>,
        style: Style,
        hit: Option<Target>,
    ) -> Row {
        self.line.push_span(Span::styled(text, style));
        self.hits.push(hit);
        self
    }
}

const FOCUS: Style = BOLD.add_modifier(Modifier::REVERSED);

/// Draws the screen for a `width` x `height` window; `color` off draws in
/// monochrome.
pub fn render(screen: &Screen, width: u16, height: u16, color: bool) -> Frame {
    let mut frame = Frame::new(width, height);
    let (w, h) = (usize::from(width), usize::from(height));
    let mut rows = rows(screen, w.min(WIDE), color);
    // The message (wrapped, up to `MESSAGE_LINES` lines, at least one kept
    // for it) and the keys take the last lines.
    let message = screen
        .message
        .as_deref()
        .map_or_else(Vec::new, |m| message_lines(m, w));
    let room = h.saturating_sub(1 + message.len().max(1));
    while rows.len() > room {
        // Level 4 (the recent games above the one in focus) goes from the
        // top, the others from the bottom.
        let Some(drop) = (1..=4).rev().find_map(|level| match level {
            4 => rows.iter().position(|r| r.gives_way == level),
            _ => rows.iter().rposition(|r| r.gives_way == level),
        }) else {
            break;
        };
        // A command cut short would not be the same game: it goes whole;
        // a description's further lines go together.
        if rows[drop].command {
            rows.retain(|r| !r.command);
        } else if rows[drop].more {
            rows.retain(|r| !r.more);
        } else {
            rows.remove(drop);
        }
    }
    if !rows.iter().any(|r| r.more) {
        for row in &mut rows {
            if let (Some(cut), Some(last)) = (row.cut.take(), row.line.spans.last_mut()) {
                last.content = cut.into();
            }
        }
    }
    if rows.len() > room || width < MIN_WIDTH {
        let need = rows.iter().filter(|r| r.gives_way == 0).count() + 2;
        let text = format!(
            "Make the window at least {MIN_WIDTH}x{need} for the new-game screen (q quits)."
        );
        for (y, line) in crate::text::wrap(&text, w.max(1), "").lines().enumerate() {
            frame.canvas().write(0, y, w, line, BOLD);
        }
        return frame;
    }
    // In a large window the lines stand a third of the way down, and in
    // the middle of a wide one.
    let top = (room - rows.len()) / 3;
    let left = w.saturating_sub(WIDE) / 2;
    for (y, row) in rows.iter().enumerate() {
        let (y, mut x) = (top + y, left + row.at);
        for (span, hit) in row.line.iter().zip(&row.hits) {
            let after = frame.canvas().write(x, y, w, &span.content, span.style);
            if let Some(hit) = hit {
                frame.canvas().mark(x, y, after - x, *hit);
            }
            x = after;
        }
    }
    for (i, line) in message.iter().enumerate() {
        frame
            .canvas()
            .write(0, h - 1 - message.len() + i, w, line, BOLD);
    }
    let mut keys = String::from("Up/Down line  Left/Right change  0-9 number  Enter start");
    if screen.resume.is_some() {
        keys.push_str("  r resume");
    }
    keys.push_str("  q quit");
    frame.canvas().write(0, h - 1, w, &fit(&keys, w), PLAIN);
    frame
}

/// The most lines a message takes above the keys.
const MESSAGE_LINES: usize = 3;

/// A message wrapped to `width` columns in at most `MESSAGE_LINES` lines,
/// each cut with `…` where it is still too long (a long file name).
fn message_lines(message: &str, width: usize) -> Vec<String> {
    let wrapped = crate::text::wrap(message, width.max(1), "");
    let mut lines: Vec<String> = wrapped.lines().map(|l| fit(l, width)).collect();
    if lines.len() > MESSAGE_LINES {
        lines.truncate(MESSAGE_LINES);
        if let Some(last) = lines.last_mut() {
            *last = fit(&format!("{last} …"), width);
        }
    }
    lines
}

/// `text` cut to `width` columns, with `…` where it was cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// Every line the screen would show, were the window tall enough.
fn rows(screen: &Screen, w: usize, color: bool) -> Vec<Row> {
    let paint = |player: Player| Style {
        fg: color.then(|| Color::from_crossterm(player_color(player))),
        ..BOLD
    };
    let mut rows = vec![
        Row::new(LEFT, 0).with("Dice of Doom: a new game", BOLD, None),
        Row::new(0, 2),
    ];
    let focused = screen.focused();
    for (index, field) in screen.fields().into_iter().enumerate() {
        let on = field == focused;
        let line = Some(target(index, Part::Line));
        match field {
            Field::Resume => {
                let about = screen.resume.as_ref().map_or("", |r| r.about.as_str());
                let text = format!("Resume your game (r): {about}");
                let style = if on { FOCUS } else { BOLD };
                rows.push(Row::new(LEFT, 0).with(fit(&text, w - LEFT), style, line));
                rows.push(Row::new(0, 2));
            }
            Field::Start => {
                rows.push(Row::new(0, 2));
                let style = if on { FOCUS } else { BOLD };
                rows.push(Row::new(LEFT, 0).with("[ Start the game ]", style, line));
                let words: Vec<String> = (screen.command().iter())
                    .map(|word| crate::text::shell_quote(std::path::Path::new(word)))
                    .collect();
                let same = format!("The same game: dice-of-doom {}", words.join(" "));
                for part in crate::text::wrap(&same, w - LEFT - 1, "  ").lines() {
                    rows.push(Row {
                        command: true,
                        ..Row::new(LEFT, 1).with(part.to_string(), PLAIN, None)
                    });
                }
            }
            Field::Recent(i) => rows.extend(recent_rows(screen, i, on, line, w)),
            _ => {
                let (label, label_style) = match field {
                    Field::Seat(p) => (format!("Player {p}"), paint(p)),
                    _ => (label(field).to_string(), BOLD),
                };
                let marker = if on { "> " } else { "  " };
                let value = value(screen, field);
                let value_style = match field {
                    Field::First => paint(screen.first),
                    _ => BOLD,
                };
                let value_style = set(value_style, Modifier::REVERSED, on);
                let mut row = Row::new(LEFT - 2, 0)
                    .with(marker, BOLD, line)
                    .with(format!("{label:<LABEL$}"), label_style, line)
                    .with("< ", PLAIN, Some(target(index, Part::Less)))
                    .with(format!("{:<VALUE$}", fit(&value, VALUE)), value_style, line)
                    .with(" >", PLAIN, Some(target(index, Part::More)));
                // The description, wrapped: its further lines give way
                // with the blank lines when the window is short, and then
                // its first line ends in `…`.
                let about = describe(screen, field);
                let mut more = Vec::new();
                let mut cut = None;
                if !about.is_empty() && w > DESCRIBE + 4 {
                    let width = w - DESCRIBE - 1;
                    let wrapped = crate::text::wrap(&about, width, "");
                    let mut parts = wrapped.lines().map(str::to_string);
                    row = row.with("  ", PLAIN, None);
                    row = row.with(parts.next().unwrap_or_default(), PLAIN, None);
                    more.extend(parts);
                    cut = (!more.is_empty()).then(|| fit(&about, width));
                }
                rows.push(Row { cut, ..row });
                for part in more {
                    rows.push(Row {
                        more: true,
                        ..Row::new(DESCRIBE + 1, 2).with(part, PLAIN, None)
                    });
                }
                if field == Field::Rules {
                    let summary = screen.rules.summary();
                    let width = w.saturating_sub(LEFT + LABEL + 3).max(20);
                    for (i, part) in crate::text::wrap(summary, width, "").lines().enumerate() {
                        let style = Style {
                            fg: color.then_some(Color::LightCyan),
                            ..PLAIN
                        };
                        let at = LEFT + LABEL + 2;
                        let row = Row::new(at, u8::from(i > 0));
                        rows.push(row.with(part.to_string(), style, None));
                    }
                }
            }
        }
    }
    rows
}

/// The rows of the recent game `i` (after a blank line and a heading for
/// the first): they give way first in a short window, those farthest from
/// the one in focus first, and the one in focus stays.
fn recent_rows(screen: &Screen, i: usize, on: bool, line: Option<Target>, w: usize) -> Vec<Row> {
    let mut rows = Vec::new();
    if i == 0 {
        rows.push(Row::new(0, 3));
        let heading = "Recent games (Enter replays one):";
        rows.push(Row::new(LEFT, 3).with(heading, BOLD, None));
    }
    let about = screen.recent.get(i).map_or("", |r| r.about.as_str());
    let marker = if on { "> " } else { "  " };
    let text = fit(about, w.saturating_sub(LEFT));
    let style = if on { FOCUS } else { PLAIN };

    let above_focus = matches!(screen.focused(), Field::Recent(f) if f > i);
    let gives_way = match (on, above_focus) {
        (true, _) => 0,
        (false, true) => 4,
        (false, false) => 3,
    };
    rows.push(
        Row::new(LEFT - 2, gives_way)
            .with(marker, BOLD, line)
            .with(text, style, line),
    );
    rows
}

/// A line's label.
fn label(field: Field) -> &'static str {
    match field {
        Field::Rules => "Rules",
        Field::Board => "Board",
        Field::Players => "Players",
        Field::Computer => "Computer",
        Field::Strength => "Strength",
        Field::First => "First player",
        Field::Seed => "Seed",
        Field::Practice => "Practice",
        Field::Deal => "Deal",
        Field::Seat(_) | Field::Resume | Field::Start | Field::Recent(_) => "",
    }
}

/// A line's value, in words.
fn value(screen: &Screen, field: Field) -> String {
    match field {
        Field::Rules => screen.rules.name().to_string(),
        Field::Board => match &screen.board {
            Board::Side(side) => format!("{side}x{side} hexagons"),
            board => board.words(),
        },
        Field::Players => screen.players.to_string(),
        Field::Seat(p) if screen.computers.contains(p) => "computer".to_string(),
        Field::Seat(_) => "person".to_string(),
        Field::Computer => screen.ai.name().to_string(),
        Field::Strength => screen.strength.name().to_string(),
        Field::First => screen.first.to_string(),
        Field::Seed => screen.seed.to_string(),
        Field::Practice => if screen.practice { "on" } else { "off" }.to_string(),
        Field::Deal => screen.deal.name().to_string(),
        Field::Resume | Field::Start | Field::Recent(_) => String::new(),
    }
}

/// What a line's value means, beside it.
fn describe(screen: &Screen, field: Field) -> String {
    match field {
        Field::Board => match screen.board {
            Board::Side(_) => "a random board; 2-9 types a side".to_string(),
            Board::RandomMap => "territories grown from the seed".to_string(),
            Board::File(_) => "a map file".to_string(),
        },
        Field::Players => "2 to 8: type a digit".to_string(),
        Field::Seat(p) if screen.computers.contains(p) => {
            format!("{}, {}", screen.ai.name(), screen.strength.name())
        }
        Field::Computer => screen.ai.description().to_string(),
        Field::Strength => screen.strength.pace(screen.rules, screen.ai),
        Field::Seed => "type digits for a seed of your own".to_string(),
        Field::Practice => "on: undo may take back rolls".to_string(),
        Field::Deal => screen.deal_words().to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;
