//! The full-screen game's picture: a pure function from the game state and
//! the terminal's size to a grid of styled characters, with a map of what a
//! click on each character means. No I/O.

use crossterm::style::Color;

use super::state::{App, Key, Overlay, Target};
use crate::cli::render::{player_color, result};
use crate::game::{Map, Move, Player};

/// How one character is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The foreground colour (none in monochrome).
    pub fg: Option<Color>,
    /// Bold.
    pub bold: bool,
    /// Foreground and background swapped.
    pub reverse: bool,
}

impl Style {
    const PLAIN: Style = Style {
        fg: None,
        bold: false,
        reverse: false,
    };
    const BOLD: Style = Style {
        fg: None,
        bold: true,
        reverse: false,
    };
}

/// One character on the screen and its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character.
    pub ch: char,
    /// How it is drawn.
    pub style: Style,
}

const BLANK: Glyph = Glyph {
    ch: ' ',
    style: Style::PLAIN,
};

/// A whole screen: `height` rows of `width` glyphs, and what a click on
/// each glyph would hit.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    width: u16,
    height: u16,
    glyphs: Vec<Glyph>,
    targets: Vec<Option<Target>>,
}

impl Frame {
    /// A blank screen.
    pub fn new(width: u16, height: u16) -> Frame {
        let len = usize::from(width) * usize::from(height);
        Frame {
            width,
            height,
            glyphs: vec![BLANK; len],
            targets: vec![None; len],
        }
    }

    /// The width in columns.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// The height in rows.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// One row of glyphs.
    pub fn row(&self, y: u16) -> &[Glyph] {
        let w = usize::from(self.width);
        let start = usize::from(y) * w;
        self.glyphs.get(start..start + w).unwrap_or(&[])
    }

    /// What a click at column `x`, row `y` (from 0) hits.
    pub fn target_at(&self, x: u16, y: u16) -> Option<Target> {
        self.index(usize::from(x), usize::from(y))
            .and_then(|i| self.targets[i])
    }

    /// Where on the screen a target can be clicked: its first glyph.
    pub fn find(&self, target: Target) -> Option<(u16, u16)> {
        let i = self.targets.iter().position(|&t| t == Some(target))?;
        let w = usize::from(self.width);
        Some(((i % w) as u16, (i / w) as u16))
    }

    /// The characters, one line per row, without trailing spaces.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            let line: String = self.row(y).iter().map(|g| g.ch).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    fn index(&self, x: usize, y: usize) -> Option<usize> {
        (x < usize::from(self.width) && y < usize::from(self.height))
            .then(|| y * usize::from(self.width) + x)
    }

    fn put(&mut self, x: usize, y: usize, ch: char, style: Style) {
        if let Some(i) = self.index(x, y) {
            self.glyphs[i] = Glyph { ch, style };
        }
    }

    fn restyle(&mut self, x: usize, y: usize, f: impl Fn(&mut Style)) {
        if let Some(i) = self.index(x, y) {
            f(&mut self.glyphs[i].style);
        }
    }

    /// Writes `text` from column `x` but not past column `end`; returns the
    /// column after it.
    fn write(&mut self, x: usize, y: usize, end: usize, text: &str, style: Style) -> usize {
        let mut col = x;
        for ch in text.chars() {
            if col >= end.min(usize::from(self.width)) {
                break;
            }
            self.put(col, y, ch, style);
            col += 1;
        }
        col
    }

    fn mark(&mut self, x: usize, y: usize, len: usize, target: Target) {
        for col in x..x + len {
            if let Some(i) = self.index(col, y) {
                self.targets[i] = Some(target);
            }
        }
    }

    fn clear(&mut self, x: usize, y: usize, w: usize, h: usize) {
        for row in y..y + h {
            for col in x..x + w {
                if let Some(i) = self.index(col, row) {
                    self.glyphs[i] = BLANK;
                    self.targets[i] = None;
                }
            }
        }
    }
}

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
const BOARD_Y: usize = 2;
const MIN_PANEL_LINES: usize = 12;

/// The smallest window that shows a board of this map.
pub fn min_size(map: &Map) -> (u16, u16) {
    let w = BOARD_X + SMALL.board_width(map) + PANEL_GAP + PANEL_MIN + 1;
    let h = BOARD_Y + SMALL.board_height(map).max(MIN_PANEL_LINES) + 2;
    (w as u16, h as u16)
}

fn fits(hex: Hex, map: &Map, width: usize, height: usize) -> bool {
    BOARD_X + hex.board_width(map) + PANEL_GAP + PANEL_MIN < width
        && BOARD_Y + hex.board_height(map).max(MIN_PANEL_LINES) + 2 <= height
}

/// Draws the game for a `width` x `height` window; `color` off draws in
/// monochrome (bold and reverse video only).
pub fn render(app: &App, width: u16, height: u16, color: bool) -> Frame {
    let mut frame = Frame::new(width, height);
    let (w, h) = (usize::from(width), usize::from(height));
    let map = app.rules().map();
    let hex = if fits(LARGE, map, w, h) {
        LARGE
    } else if fits(MEDIUM, map, w, h) {
        MEDIUM
    } else if fits(SMALL, map, w, h) {
        SMALL
    } else {
        too_small(&mut frame, app);
        return frame;
    };
    let paint = |player: Player| Style {
        fg: color.then(|| player_color(player)),
        bold: true,
        reverse: false,
    };
    status(&mut frame, app, &paint);
    board(&mut frame, app, hex, color, &paint);
    let panel_x = BOARD_X + hex.board_width(map) + PANEL_GAP;
    let panel_end = (panel_x + PANEL_MAX).min(w.saturating_sub(1));
    panel(&mut frame, app, panel_x, panel_end, h.saturating_sub(2));
    footer(&mut frame, app);
    match app.overlay() {
        Overlay::Help => help(&mut frame),
        Overlay::ConfirmQuit => confirm_quit(&mut frame),
        Overlay::None => {
            if app.winners().is_some() {
                end_screen(&mut frame, app);
            }
        }
    }
    frame
}

fn status(frame: &mut Frame, app: &App, paint: &dyn Fn(Player) -> Style) {
    let w = usize::from(frame.width());
    let position = app.position();
    let player = position.player();
    let mut x = frame.write(1, 0, w, "Dice of Doom", Style::BOLD);
    x = frame.write(x, 0, w, " | ", Style::PLAIN);
    if app.winners().is_some() {
        x = frame.write(x, 0, w, "game over |", Style::BOLD);
    } else {
        x = frame.write(x, 0, w, &player.to_string(), paint(player));
        if app.computer_to_move().is_some() {
            x = frame.write(
                x,
                0,
                w,
                &format!(" to move: the computer ({}) is thinking |", app.ai_name()),
                Style::BOLD,
            );
            x = frame.write(
                x,
                0,
                w,
                &format!(" captured {} |", position.captured()),
                Style::PLAIN,
            );
        } else {
            x = frame.write(
                x,
                0,
                w,
                &format!(
                    " to move | captured {} | end turn now: +{} dice |",
                    position.captured(),
                    position.reinforcements(app.rules())
                ),
                Style::PLAIN,
            );
        }
    }
    let counts = position.board().cell_counts();
    x = frame.write(x, 0, w, " cells:", Style::PLAIN);
    for p in Player::all(app.rules().players()) {
        if p.index() > 0 {
            x = frame.write(x, 0, w, ",", Style::PLAIN);
        }
        x = frame.write(x, 0, w, " ", Style::PLAIN);
        x = frame.write(x, 0, w, &p.to_string(), paint(p));
        x = frame.write(
            x,
            0,
            w,
            &format!(" {}", counts[usize::from(p.index())]),
            Style::PLAIN,
        );
    }
    let cell = position.board().cell(app.cursor());
    let mut info = format!(
        "cursor: cell {} ({} {})",
        app.cursor(),
        cell.owner(),
        cell.dice()
    );
    if let Some(marked) = app.marked() {
        info.push_str(&format!(" | marked: cell {marked}"));
    }
    if !app.digits().is_empty() {
        info.push_str(&format!(" | move number: {}_", app.digits()));
    }
    if let Some(seed) = app.seed() {
        info.push_str(&format!(" | seed {seed}"));
    }
    frame.write(1, 1, w, &info, Style::PLAIN);
}

fn board(frame: &mut Frame, app: &App, hex: Hex, color: bool, paint: &dyn Fn(Player) -> Style) {
    let position = app.position();
    let map = app.rules().map();
    let computer = app.computer_to_move().is_some();
    let mut marked = app.marked();
    let sources = if marked.is_none() && app.winners().is_none() && !computer {
        app.sources()
    } else {
        Vec::new()
    };
    let mut targets = app.targets();
    // While the computer plays, its last attack is marked like a person's.
    if let (true, Some(Move::Attack { from, to })) = (computer, app.last_move()) {
        marked = Some(usize::from(from));
        targets = vec![usize::from(to)];
    }
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
        if app.cursor() == cell {
            for j in 0..hex.s {
                for x in cx - hex.w + 1..cx + hex.w {
                    frame.restyle(x, top + hex.k + j, |s| s.reverse = true);
                }
            }
        }
    }
}

fn panel(frame: &mut Frame, app: &App, x: usize, end: usize, bottom: usize) {
    let mut y = BOARD_Y;
    let moves = app.moves();
    let over = app.winners().is_some();
    let computer = app.computer_to_move().is_some();
    let heading = if computer {
        "Moves (the computer picks one)"
    } else {
        "Moves (type a number, or click)"
    };
    frame.write(x, y, end, heading, Style::BOLD);
    y += 1;
    let log = app.log();
    // Keep at least a few lines for the log below the moves.
    let room = bottom.saturating_sub(y + 5);
    let shown = if moves.len() > room {
        room.saturating_sub(1)
    } else {
        moves.len()
    };
    if over {
        frame.write(x + 1, y, end, "none: the game is over", Style::PLAIN);
        y += 1;
    }
    for (i, mv) in moves.iter().enumerate().take(shown) {
        let mut line = format!("{:>2}. {mv}", i + 1);
        if let Some(hint) = app
            .hints()
            .and_then(|hints| hints.iter().find(|h| h.mv == *mv))
        {
            line = format!("{line:<13} {}", hint.rating);
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
    if moves.contains(&Move::Pass) && !computer {
        let after = frame.write(x, y, end, "[ End turn (e) ]", Style::BOLD);
        frame.mark(x, y, after - x, Target::Button(Key::EndTurn));
        y += 1;
    }
    y += 1;
    if y + 1 < bottom {
        frame.write(x, y, end, "Log", Style::BOLD);
        y += 1;
        let room = bottom - y;
        let skip = log.len().saturating_sub(room);
        if log.is_empty() {
            frame.write(x + 1, y, end, "no moves yet", Style::PLAIN);
        }
        for entry in &log[skip..] {
            frame.write(x + 1, y, end, entry, Style::PLAIN);
            y += 1;
        }
    }
}

fn footer(frame: &mut Frame, app: &App) {
    let w = usize::from(frame.width());
    let h = usize::from(frame.height());
    if let Some(message) = app.message() {
        frame.write(1, h - 2, w, message, Style::BOLD);
    }
    let keys = if app.computer_to_move().is_some() {
        "the computer is moving  ? help  q quit  Ctrl-C quit at once"
    } else {
        "arrows/hjkl move  Enter mark/attack  Esc cancel  e end turn  ? help  q quit"
    };
    frame.write(1, h - 1, w, keys, Style::PLAIN);
}

/// Draws a box of lines in the middle of the screen; returns its top-left
/// corner and the inner width.
fn boxed(frame: &mut Frame, lines: &[&str]) -> (usize, usize, usize) {
    let inner = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2;
    let (w, h) = (inner + 2, lines.len() + 2);
    let x = usize::from(frame.width()).saturating_sub(w) / 2;
    let y = usize::from(frame.height()).saturating_sub(h) / 2;
    frame.clear(x, y, w, h);
    frame.put(x, y, '+', Style::PLAIN);
    frame.put(x + w - 1, y, '+', Style::PLAIN);
    frame.put(x, y + h - 1, '+', Style::PLAIN);
    frame.put(x + w - 1, y + h - 1, '+', Style::PLAIN);
    for col in x + 1..x + w - 1 {
        frame.put(col, y, '-', Style::PLAIN);
        frame.put(col, y + h - 1, '-', Style::PLAIN);
    }
    for (i, line) in lines.iter().enumerate() {
        frame.put(x, y + 1 + i, '|', Style::PLAIN);
        frame.put(x + w - 1, y + 1 + i, '|', Style::PLAIN);
        let style = if i == 0 { Style::BOLD } else { Style::PLAIN };
        frame.write(x + 2, y + 1 + i, x + w - 1, line, style);
    }
    (x, y, inner)
}

/// Writes a button on the last line of a box, made by [`boxed`].
fn button(frame: &mut Frame, x: usize, y: usize, label: &str, key: Key) -> usize {
    let after = frame.write(x, y, usize::MAX, label, Style::BOLD);
    frame.mark(x, y, after - x, Target::Button(key));
    after
}

const HELP: [&str; 14] = [
    "Keys",
    "",
    "arrows, h j k l   move the cursor between hexagons",
    "Enter, Space      mark the cursor's cell, then attack a target",
    "Esc               cancel the mark or a number being typed",
    "e, p              end the turn (after at least one attack)",
    "1 2 3 ...         play that move of the list (Enter ends a number)",
    "H                 hint: rate every move (with a computer player)",
    "mouse click       mark a cell, attack a target, pick a move",
    "?                 this help (any key closes it)",
    "q                 quit (asks first); Ctrl-C quits at once",
    "n                 a new game, once the game is over",
    "",
    "Marks: * can attack, @ marked, ! can be attacked",
];

fn help(frame: &mut Frame) {
    boxed(frame, &HELP);
}

fn confirm_quit(frame: &mut Frame) {
    let (x, y, _) = boxed(frame, &["Quit this game?", "", "[ y: yes ]   [ n: no ]"]);
    let after = button(frame, x + 2, y + 3, "[ y: yes ]", Key::Yes);
    button(frame, after + 3, y + 3, "[ n: no ]", Key::No);
}

fn end_screen(frame: &mut Frame, app: &App) {
    let Some(winners) = app.winners() else {
        return;
    };
    let counts = app.position().board().cell_counts();
    let tally: Vec<String> = Player::all(app.rules().players())
        .map(|p| format!("{p}: {} cells", counts[usize::from(p.index())]))
        .collect();
    let tally = tally.join(", ");
    let verdict = result(winners);
    let (x, y, _) = boxed(
        frame,
        &[
            "Game over",
            "",
            &verdict,
            &tally,
            "",
            "[ n: new game ]   [ q: quit ]",
        ],
    );
    let after = button(frame, x + 2, y + 6, "[ n: new game ]", Key::NewGame);
    button(frame, after + 3, y + 6, "[ q: quit ]", Key::Quit);
}

fn too_small(frame: &mut Frame, app: &App) {
    let map = app.rules().map();
    let (need_w, need_h) = min_size(map);
    let lines = [
        "The window is too small.".to_string(),
        format!(
            "A {map} board needs {need_w}x{need_h}; this one is {}x{}.",
            frame.width(),
            frame.height()
        ),
        if app.overlay() == Overlay::ConfirmQuit {
            "Quit this game? y: yes, n: no".to_string()
        } else {
            "Enlarge it to play on, or press q to quit.".to_string()
        },
    ];
    let h = usize::from(frame.height());
    let top = h.saturating_sub(lines.len()) / 2;
    for (i, line) in lines.iter().enumerate() {
        let x = usize::from(frame.width()).saturating_sub(line.len()) / 2;
        frame.write(x, top + i, usize::MAX, line, Style::PLAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::tests_support::app;
    use super::*;
    use crate::game::{Position, Rules};

    const MENU_BOARD: &str = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1";

    /// Each glyph's style as one letter: `.` plain, `b` bold, `r` reverse,
    /// `R` bold and reverse; upper half of the alphabet would be colours,
    /// so `c` marks a coloured glyph.
    fn styles(frame: &Frame) -> String {
        let mut out = String::new();
        for y in 0..frame.height() {
            let line: String = frame
                .row(y)
                .iter()
                .map(
                    |g| match (g.style.fg.is_some(), g.style.bold, g.style.reverse) {
                        (true, _, _) => 'c',
                        (false, false, false) => '.',
                        (false, true, false) => 'b',
                        (false, false, true) => 'r',
                        (false, true, true) => 'R',
                    },
                )
                .collect();
            out.push_str(line.trim_end_matches('.'));
            out.push('\n');
        }
        out
    }

    #[test]
    fn a_2x2_board() {
        let a = app("b-2 b-2 / a-2 b-1");
        insta::assert_snapshot!(render(&a, 100, 24, true).text());
    }

    #[test]
    fn a_3x3_board() {
        let a = app(MENU_BOARD);
        insta::assert_snapshot!(render(&a, 100, 24, true).text());
    }

    #[test]
    fn a_10x10_board_fits_120x40_with_numbered_hexagons() {
        let rules = Rules::classic(10, 2, 3).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let a = App::new(rules, start, Some(5));
        let frame = render(&a, 120, 40, true);
        insta::assert_snapshot!(frame.text());
        for cell in 0..100 {
            assert!(
                frame.find(Target::Cell(cell)).is_some(),
                "cell {cell} is on screen"
            );
        }
    }

    #[test]
    fn a_marked_source_and_its_targets() {
        let mut a = app(MENU_BOARD);
        a.click(Target::Cell(5));
        insta::assert_snapshot!(render(&a, 100, 24, true).text());
    }

    #[test]
    fn the_computer_moving() {
        let mut a = app("b-2 b-2 / a-2 b-1")
            .with_computers(crate::game::PlayerSet::single(Player::B), "greedy");
        a.key(Key::Digit(1));
        a.key(Key::EndTurn);
        assert!(a.computer_move(Move::Attack { from: 0, to: 2 }));
        let frame = render(&a, 100, 24, true);
        insta::assert_snapshot!(frame.text());
        assert!(
            frame.find(Target::Button(Key::EndTurn)).is_none(),
            "no End turn button for the computer"
        );
    }

    #[test]
    fn the_help_overlay() {
        let mut a = app(MENU_BOARD);
        a.key(Key::Help);
        insta::assert_snapshot!(render(&a, 100, 24, true).text());
    }

    #[test]
    fn the_quit_question() {
        let mut a = app(MENU_BOARD);
        a.key(Key::Quit);
        let frame = render(&a, 100, 24, true);
        assert!(frame.text().contains("Quit this game?"));
        let (x, y) = frame.find(Target::Button(Key::Yes)).unwrap();
        assert_eq!(frame.target_at(x + 3, y), Some(Target::Button(Key::Yes)));
        assert!(frame.find(Target::Button(Key::No)).is_some());
    }

    #[test]
    fn the_end_screen() {
        let mut a = app("b-2 b-2 / a-2 b-1");
        for key in [Key::Digit(1), Key::EndTurn, Key::Digit(1), Key::EndTurn] {
            a.key(key);
        }
        let frame = render(&a, 100, 24, true);
        insta::assert_snapshot!(frame.text());
        assert!(frame.find(Target::Button(Key::NewGame)).is_some());
        assert!(frame.find(Target::Button(Key::Quit)).is_some());
    }

    #[test]
    fn the_end_screen_names_a_tie() {
        let a = app("a-1 b-1 / b-1 a-1");
        assert!(
            a.winners().is_some(),
            "a cannot attack: the game is over at once"
        );
        let text = render(&a, 100, 24, false).text();
        assert!(text.contains("The game is a tie between a and b"), "{text}");
        assert!(text.contains("a: 2 cells, b: 2 cells"), "{text}");
    }

    #[test]
    fn a_window_too_small() {
        let a = app(MENU_BOARD);
        let frame = render(&a, 50, 10, true);
        insta::assert_snapshot!(frame.text());
        assert_eq!(min_size(&Map::rhombus(3).unwrap()), (52, 16));
        assert!(render(&a, 52, 16, true).text().contains("Moves"));
    }

    #[test]
    fn monochrome_keeps_letters_markers_and_the_cursor() {
        let a = app(MENU_BOARD);
        let mono = render(&a, 100, 24, false);
        let color = render(&a, 100, 24, true);
        assert_eq!(mono.text(), color.text(), "the same characters either way");
        assert!(mono.glyphs.iter().all(|g| g.style.fg.is_none()));
        let text = styles(&mono);
        let board: Vec<&str> = text.lines().skip(2).take(14).collect();
        insta::assert_snapshot!(board.join("\n"));
        // In colour, each owner letter is drawn in its player's colour.
        let (x, y) = color.find(Target::Cell(0)).unwrap();
        let letter = color
            .row(y + 2)
            .iter()
            .skip(usize::from(x) - 3)
            .find(|g| g.ch == 'b')
            .unwrap();
        assert_eq!(letter.style.fg, Some(player_color(Player::B)));
    }

    #[test]
    fn clicks_land_on_the_cell_drawn_there() {
        let a = app(MENU_BOARD);
        let frame = render(&a, 100, 24, true);
        let text = frame.text();
        let lines: Vec<&str> = text.lines().collect();
        for cell in 0..9 {
            let (x, y) = frame.find(Target::Cell(cell)).unwrap();
            // The cell's number is written inside its hexagon.
            let below: String = lines[usize::from(y) + 3]
                .chars()
                .skip(usize::from(x))
                .collect();
            assert!(
                below.trim_start().starts_with(&cell.to_string()),
                "{cell}: {below:?}"
            );
        }
        let (x, y) = frame.find(Target::Menu(2)).unwrap();
        assert!(lines[usize::from(y)][usize::from(x)..].starts_with(" 3. 5 -> 4"));
    }

    #[test]
    fn every_window_size_renders() {
        let rules = Rules::classic(10, 8, 9).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
        let big = App::new(
            rules.clone(),
            Position::start(&rules, board, Player::A).unwrap(),
            Some(1),
        );
        let mut help = app(MENU_BOARD);
        help.key(Key::Help);
        let mut over = app("b-2 b-2 / a-2 b-1");
        for key in [Key::Digit(1), Key::EndTurn, Key::Digit(1), Key::EndTurn] {
            over.key(key);
        }
        for a in [&big, &help, &over] {
            for w in (0..130).step_by(3) {
                for h in 0..45 {
                    let frame = render(a, w, h, true);
                    assert_eq!((frame.width(), frame.height()), (w, h));
                }
            }
        }
    }
}
