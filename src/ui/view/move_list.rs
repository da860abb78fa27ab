//! The list of moves beside the board: in as many columns as the panel
//! holds, numbered down each column; a page at a time (with `PgDn` and
//! `PgUp`) when even the columns cannot show every move; and, while a first
//! digit is typed, the moves it could become picked out, on the page that
//! shows them.

use ratatui::layout::{Constraint, Flex, Layout};
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListItem};

use super::super::state::{App, Key, Target};
use super::frame::{BOLD, Button, Frame, Modifier, PLAIN, len, set};
use super::layout::heading;
use crate::game::Move;
use crate::ui::words::percent;

/// The columns between two columns of moves.
const GAP: usize = 2;

/// What the list shows of a game: its moves with their lines, and which
/// of them are picked out.
struct Item {
    text: String,
    /// It starts or ends at the marked cell or the cursor: drawn bold.
    involved: bool,
    /// A move the digit typed could become: drawn in reverse video.
    candidate: bool,
    /// The computer's choice among the hints: `>` before it.
    best: bool,
}

/// The moves that the number `n` being typed could still become: `n`
/// itself, and `n0` to `n9` where there are that many moves; as the first
/// and last of those after `n`, if any.
pub(super) fn candidates(n: usize, count: usize) -> Option<(usize, usize)> {
    let first = n.checked_mul(10)?;
    (n >= 1 && first <= count).then(|| (first, (first + 9).min(count)))
}

/// The heading while a number is typed: the digits, what Enter plays and
/// the moves another digit reaches, from the longest form to the shortest.
fn typing_heading(digits: &str, count: usize) -> Vec<String> {
    let Ok(n) = digits.parse::<usize>() else {
        return vec![format!("Move {digits}_")];
    };
    let more = candidates(n, count).map_or(String::new(), |(first, last)| {
        if first == last {
            format!(", or 0 for {first}")
        } else {
            format!(", or a digit: {first}-{last}")
        }
    });
    [
        format!("Typed {n}_: Enter plays {n}{more}"),
        format!("{n}_: Enter plays {n}{more}"),
        format!("{n}_: Enter = {n}{}", more.replace(", or a digit:", " or")),
    ]
    .into()
}

/// Draws the heading and the list of moves from row `y`, in at most
/// `rows` rows below the heading, between columns `x` and `end`; returns
/// the row after them.
pub(super) fn draw(
    frame: &mut Frame,
    app: &App,
    (x, end): (usize, usize),
    mut y: usize,
    rows: usize,
    title: &[&'static str],
) -> usize {
    let panel = end.saturating_sub(x);
    let moves = app.shown_moves();
    let digits = app.digits();
    let title = if digits.is_empty() {
        heading(title.iter().copied(), panel)
    } else {
        heading(typing_heading(digits, moves.len()), panel)
    };
    frame.canvas().line(x, y, end, &title, &[]);
    y += 1;
    let items = items(app, &moves);
    if items.is_empty() || rows == 0 {
        return y;
    }
    let item_width = items
        .iter()
        .map(|i| i.text.chars().count())
        .max()
        .unwrap_or(1);
    let count = items.len();
    // As few columns as show every move, as many as the panel holds if
    // they cannot.
    let columns = ((panel + GAP) / (item_width + GAP))
        .max(1)
        .min(count.div_ceil(rows));
    // One page if they all fit; pages with a row for turning them if not.
    let (per_page, pages) = if count <= columns * rows {
        (count, 1)
    } else {
        let per_page = columns * rows.saturating_sub(1).max(1);
        (per_page, count.div_ceil(per_page))
    };
    let page = page(app, &moves, per_page, pages);
    let first = page * per_page;
    let shown = &items[first..(first + per_page).min(count)];
    let down = shown.len().div_ceil(columns);
    // Each column a ratatui List, the columns laid out GAP apart; a click
    // on a move's text picks it.
    let area = frame.rect(x, y, panel, down);
    let areas = Layout::horizontal(vec![Constraint::Length(len(item_width)); columns])
        .spacing(len(GAP))
        .flex(Flex::Start)
        .split(area);
    for ((column, area), items) in areas.iter().enumerate().zip(shown.chunks(down)) {
        let lines = items.iter().map(|item| {
            let style = set(PLAIN, Modifier::REVERSED, item.candidate).add_modifier(
                if item.involved || item.candidate {
                    Modifier::BOLD
                } else {
                    Modifier::empty()
                },
            );
            // The style on the text alone, not on the rest of its column.
            ListItem::new(Line::from(Span::styled(
                item.text.as_str(),
                super::frame::whole(style),
            )))
        });
        frame.render(List::new(lines), *area);
        let at = usize::from(area.x);
        for (row, item) in items.iter().enumerate() {
            if item.best {
                frame.canvas().put(at.saturating_sub(1), y + row, '>', BOLD);
            }
            let shown = item.text.chars().count().min(usize::from(area.width));
            frame.canvas().mark(
                at,
                y + row,
                shown,
                Target::Menu(first + column * down + row),
            );
        }
    }
    y += down;
    if pages > 1 {
        let last = (first + per_page).min(count);
        let (up, down) = (PAGE_UP, PAGE_DOWN);
        let mut line = Line::raw(format!("moves {}-{last} of {count} ", first + 1));
        if page > 0 {
            line.push_span(up.span());
        }
        if page + 1 < pages {
            if page > 0 {
                line.push_span(" ");
            }
            line.push_span(down.span());
        }
        if line.width() > panel {
            line.spans[0] = Span::raw(format!("{}-{last}/{count} ", first + 1));
        }
        frame.canvas().line(x, y, end, &line, &[up, down]);
        y += 1;
    }
    y
}

/// The buttons that turn the pages of a long list.
const PAGE_UP: Button = Button::new("[ PgUp ]", Key::PageUp);
const PAGE_DOWN: Button = Button::new("[ PgDn: more ]", Key::PageDown);

/// The page shown: the one with the moves a typed digit could become, else
/// the one turned to, else the one with the marked cell's first attack.
fn page(app: &App, moves: &[Move], per_page: usize, pages: usize) -> usize {
    if pages <= 1 || per_page == 0 {
        return 0;
    }
    let page_of = |index: usize| (index / per_page).min(pages - 1);
    if let Ok(n) = app.digits().parse::<usize>() {
        return match candidates(n, moves.len()) {
            Some((first, _)) => page_of(first - 1),
            None => page_of(n.saturating_sub(1)),
        };
    }
    let turned = app.move_page();
    if turned != 0 {
        return turned.rem_euclid(pages as i64) as usize;
    }
    let from = |cell: usize| {
        moves
            .iter()
            .position(|mv| matches!(*mv, Move::Attack { from, .. } if usize::from(from) == cell))
    };
    app.marked().and_then(from).map_or(0, page_of)
}

/// Each move's line: its number (right-aligned), the move and, with the
/// hints, its chance and rating.
fn items(app: &App, moves: &[Move]) -> Vec<Item> {
    let hints = app.hints();
    let chances = hints.is_some_and(|hints| hints.iter().any(|h| h.chance.is_some()));
    let digits = moves.len().to_string().len().max(2);
    let typed = app.digits().parse::<usize>().ok();
    let wanted = |i: usize| {
        typed.is_some_and(|n| {
            n == i || candidates(n, moves.len()).is_some_and(|(a, b)| (a..=b).contains(&i))
        })
    };
    let moved_width = moves.iter().map(|m| m.to_string().len()).max().unwrap_or(0);
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let mut text = format!("{:>digits$}. {mv}", i + 1);
            let hint = hints.and_then(|hints| hints.iter().find(|h| h.mv == *mv));
            if let Some(hint) = hint {
                let pad = digits + 2 + moved_width;
                text = match hint.chance {
                    Some(p) => format!("{text:<pad$} {:>4} {}", percent(p), hint.rating),
                    None if chances => format!("{text:<pad$} {:>4} {}", "", hint.rating),
                    None => format!("{text:<pad$} {}", hint.rating),
                };
            }
            let involved = match *mv {
                Move::Attack { from, to } => {
                    app.marked() == Some(usize::from(from))
                        || (app.marked().is_none() && usize::from(from) == app.cursor())
                        || usize::from(to) == app.cursor() && app.marked().is_some()
                }
                Move::Pass => false,
            };
            Item {
                text,
                involved,
                candidate: wanted(i + 1),
                best: hint.is_some_and(|h| h.best),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_could_become_itself_and_the_ten_after_it_times_ten() {
        assert_eq!(candidates(1, 20), Some((10, 19)));
        assert_eq!(candidates(2, 20), Some((20, 20)));
        assert_eq!(candidates(2, 25), Some((20, 25)));
        assert_eq!(candidates(3, 25), None);
        assert_eq!(candidates(0, 25), None);
        assert_eq!(candidates(12, 200), Some((120, 129)));
    }

    #[test]
    fn the_typing_heading_says_what_enter_and_a_digit_do() {
        let text = |h: Vec<String>| h[0].clone();
        assert_eq!(
            text(typing_heading("1", 20)),
            "Typed 1_: Enter plays 1, or a digit: 10-19"
        );
        assert_eq!(
            text(typing_heading("2", 20)),
            "Typed 2_: Enter plays 2, or 0 for 20"
        );
    }
}
