//! The full-screen game's picture: a pure function from the game state and
//! the terminal's size to a ratatui buffer of styled characters, with a map
//! of what a click on each character means ([`Frame`]). No I/O: the one
//! draw loop (`ui/terminal/display.rs`) sends it to a terminal.
//!
//! `board` sizes the board to the window (and says the smallest window
//! that shows it) and draws a grid's hexagons as a widget, `map_view` a map
//! of territories as a widget of its own (a `raster` of characters for the
//! cells, with their `labels`), as large as the window allows;
//! `panel` draws the moves (`move_list`, ratatui lists), the roll
//! (`roll_view`), a replay and the log beside it; `bars` the status and key
//! bars (paragraphs); `boxes` the boxes over the game (blocks over a
//! clear, centred by ratatui); all on a `frame`, whose hit map is filled
//! as they draw (a button's span marks its key where it lands). The text
//! is ratatui's `Line`s and `Span`s; `layout` keeps the game's own rule:
//! fields that give way by priority, and wrapping that never cuts a
//! number.

mod bars;
mod board;
mod boxes;
mod frame;
mod labels;
mod layout;
mod map_view;
mod move_list;
mod panel;
mod raster;
mod roll_view;

use ratatui::layout::{Constraint, Layout};
use ratatui::widgets::Widget as _;

use super::state::{App, Overlay};
use crate::game::{Move, Player};
use crate::ui::render::player_color;
use bars::STATUS_LINES;
use bars::{footer, message, status};
pub use board::min_size;
use board::{BOARD_X, BoardWidget, Drawing, PANEL_GAP, PANEL_MAX};
use boxes::{confirm_quit, help, save_prompt, too_small};
use frame::len;
pub use frame::{BOLD, Color, Frame, Glyph, HitMap, Modifier, PLAIN, Style, set};
use map_view::{Look, Marks};
use panel::panel;
use ratatui::backend::FromCrossterm as _;

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
        fg: color.then(|| Color::from_crossterm(player_color(player))),
        ..BOLD
    };
    status(&mut frame, app, &paint);
    let marks = marks(app);
    let look = Look {
        app,
        marks: &marks,
        color,
        paint: &paint,
    };
    let message = message(app, w);
    // The status on top, the message and the keys at the foot; between
    // them the board, and the panel beside it, with a column to spare on
    // the right.
    let [_, body, _] = Layout::vertical([
        Constraint::Length(len(STATUS_LINES)),
        Constraint::Fill(1),
        Constraint::Length(len(1 + message.len().max(1))),
    ])
    .areas(frame.area());
    let [_, board, _, beside, _] = Layout::horizontal([
        Constraint::Length(len(BOARD_X)),
        Constraint::Length(len(drawing.width(map))),
        Constraint::Length(len(PANEL_GAP)),
        Constraint::Max(len(PANEL_MAX)),
        Constraint::Min(1),
    ])
    .areas(body);
    // The board's widget fills the hit map with its cells as it draws.
    let (buffer, hits) = frame.parts();
    BoardWidget {
        look,
        drawing,
        hits,
    }
    .render(board, buffer);
    let (x, end) = (usize::from(beside.x), usize::from(beside.right()));
    panel(&mut frame, app, x, end, usize::from(body.bottom()), &paint);
    footer(&mut frame, app, &message, drawing.numbered());
    match app.overlay() {
        Overlay::Help => help(
            &mut frame,
            app.help_page(),
            help_for(app),
            1,
            h.saturating_sub(2),
        ),
        Overlay::ConfirmQuit => confirm_quit(&mut frame, app),
        Overlay::SaveAs => save_prompt(&mut frame, app),
        Overlay::None => {}
    }
    frame
}

/// What the help is for.
fn help_for(app: &App) -> boxes::HelpFor {
    let computer = !app.computers().is_empty();
    let cells = crate::ui::words::Cells::of(app.rules().map());
    (app.replaying(), app.rules().set(), computer, cells)
}

/// The marked source, its targets, the cells that can attack, the cursor,
/// and the last attack played (by anyone, shown until the next move; in a
/// replay the last one shown). A replay shows no cursor: its arrows step
/// through the game, and a cursor that cannot be moved would say otherwise.
fn marks(app: &App) -> Marks {
    let computer = app.computer_to_move().is_some() || app.rolling();
    let replay = app.replaying();
    let marked = app.marked();
    let sources = if marked.is_none() && app.winners().is_none() && !computer && !replay {
        app.sources()
    } else {
        Vec::new()
    };
    let last = app.plays().iter().rev().find_map(|play| match play.mv {
        Move::Attack { from, to } => Some((usize::from(from), usize::from(to))),
        Move::Pass => None,
    });
    Marks {
        marked,
        targets: app.targets(),
        sources,
        cursor: (!replay).then(|| app.cursor()),
        last,
    }
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "view_dice_tests.rs"]
mod dice_tests;

#[cfg(test)]
#[path = "view_small_tests.rs"]
mod small_tests;
