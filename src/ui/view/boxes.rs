//! The boxes drawn over the game: the help (the rules in short, then the
//! keys, in pages), the quit question, the end of the game, and the note
//! that the window is too small. Each is fitted to the window: its lines
//! wrap, and what it covers is cleared, so no fragment of the screen below
//! shows beside it.

use ratatui::layout::{Constraint, Rect};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{self, Padding};

use super::super::state::{App, Key, Overlay};
use super::board::min_size;
use super::frame::{BOLD, Button, Frame, Modifier, PLAIN, bold, len};
use super::layout::{Field, fit, flow, wrap};
use crate::game::{MapKind, Player, RuleSet, Supply};
use crate::ui::words::{Cells, game_over_plain, result};

/// The border of a box: plain ASCII, as the board is drawn.
const ASCII: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Draws `lines` in a box over `area` (ratatui's [`widgets::Block`], over
/// the area cleared first), the text two columns narrower on each side; a
/// click on one of its `buttons` is that button's key.
fn draw_box(frame: &mut Frame, area: Rect, lines: &[Line<'static>], buttons: &[Button]) {
    frame.clear(area);
    let block = widgets::Block::bordered()
        .border_set(ASCII)
        .padding(Padding::horizontal(1));
    let inner = block.inner(area);
    frame.render(block, area);
    frame.paragraph(inner, lines, buttons);
}

/// Draws a box `w` columns wide around `lines` in the middle of rows
/// `top..top + rows` (ratatui's centring), and clears those of its rows
/// across the whole window.
fn centred(
    frame: &mut Frame,
    (lines, buttons): (&[Line<'static>], &[Button]),
    w: usize,
    top: usize,
    rows: usize,
) {
    let band = frame.rect(0, top, usize::from(frame.width()), rows);
    let h = Constraint::Length(len(lines.len() + 2));
    frame.clear(band.centered_vertically(h));
    draw_box(
        frame,
        band.centered(Constraint::Length(len(w)), h),
        lines,
        buttons,
    );
}

/// The widest help box, in columns.
const HELP_WIDTH: usize = 80;

/// The board's marks, the last line of the rules.
const MARKS: &str = "Marks: * can attack, @ marked, ! can be attacked; > and < the last attack's attacker and target (underlined)";

/// The key of a game against the computer, and what it does.
const COMPUTER_KEY: (&str, &str) = (
    "f",
    "fast-forward: the computer's moves at once, without the half-second \
     each attack shows for, up to your turn",
);

/// Every key, and what it does (with [`COMPUTER_KEY`] after `H` in a game
/// against the computer).
const KEYS: [(&str, &str); 16] = [
    ("arrows, h j k l", "move the cursor between cells"),
    (
        "Tab, Shift-Tab",
        "move the cursor to your next (previous) cell",
    ),
    ("Enter, Space", "mark a cell, then attack a target"),
    ("Esc", "cancel hints, a mark or a typed number"),
    ("e, p", "end the turn"),
    ("1 2 3 ...", "play it (Enter ends; Backspace erases)"),
    ("PgDn PgUp ] [", "the pages of a long list of moves"),
    ("#", "a small board's cell numbers"),
    ("< >", "scroll the log back, forward"),
    ("s", "save the game to a file you name"),
    ("u, r", "undo, redo (to your turn vs a computer)"),
    ("H", "hints: the computer rates the moves"),
    ("mouse click", "mark a cell, attack, pick a move"),
    ("?", "this help; ? again: its next page"),
    ("q", "quit (asks first); Ctrl-C at once"),
    ("n", "a new game, once the game is over"),
];

/// Every key of a replay, and what it does.
const REPLAY_KEYS: [(&str, &str); 9] = [
    ("right, down, l", "the next move"),
    ("left, up, h", "the move before"),
    ("Home, End, g, G", "the start, the last move"),
    ("0 1 2 ... Enter", "go to the position after that move"),
    ("p", "play the moves through, or pause"),
    ("c", "continue the game from here, same players"),
    ("mouse click", "a move of the list: go there; a button"),
    ("?", "this help; ? again: its next page"),
    ("q", "quit; Ctrl-C at once"),
];

/// The column of the keys' descriptions, when they fit beside the keys.
const KEY_COLUMN: usize = 17;

/// A few lines that stay on one page if they can; a blank block
/// separates others and is left out at the top or the foot of a page.
type Block = Vec<Line<'static>>;

/// The help's two parts, each starting a page, as blocks for a text of
/// `inner` columns.
fn help_parts(inner: usize, (replay, set, computer, cells): HelpFor) -> [Vec<Block>; 2] {
    let blank = || vec![Line::default()];
    let spec = set.spec();
    let title = format!("{}: the rules in short", spec.title);
    // The rule set's rules in short, then the board's marks (and Dice
    // Wars' numbers), in the words of the map played.
    let mut text: Vec<&str> = spec.in_short.to_vec();
    let marks = text.len();
    text.push(MARKS);
    if matches!(set.policy().supply, Supply::Stock(_)) {
        text.push(STOCK_NUMBERS);
    }
    let mut rules = vec![vec![Line::from(bold(title))], blank()];
    for (i, rule) in text.iter().enumerate() {
        if i == marks {
            rules.push(blank());
        }
        rules.push(wrap(&cells.say(rule), PLAIN, inner, 2));
    }
    let (title, mut list): (&str, Vec<(&str, &str)>) = if replay {
        ("Keys of the replay", REPLAY_KEYS.to_vec())
    } else {
        ("Keys", KEYS.to_vec())
    };
    if computer && !replay {
        let at = list
            .iter()
            .position(|&(key, _)| key == "H")
            .map_or(0, |i| i + 1);
        list.insert(at, COMPUTER_KEY);
    }
    // Whether the rules want an attack before the turn may end.
    let after_attack = set.policy().attack_first;
    let mut keys = vec![vec![Line::from(bold(title))], blank()];
    for (key, what) in list {
        let what = if key == "e, p" && after_attack {
            "end the turn (after an attack)"
        } else {
            what
        };
        let what = cells.say(what);
        let what = what.as_str();
        if inner >= KEY_COLUMN + 36 {
            let mut lines = wrap(what, PLAIN, inner - KEY_COLUMN, 0);
            for (i, line) in lines.iter_mut().enumerate() {
                let left = if i == 0 { key } else { "" };
                line.spans
                    .insert(0, Span::raw(format!("{left:<KEY_COLUMN$}")));
            }
            keys.push(lines);
        } else {
            keys.push(wrap(&format!("{key}: {what}"), PLAIN, inner, 2));
        }
    }
    if computer && !replay {
        keys.push(blank());
        keys.push(wrap(&cells.say(HINT_WORDS), PLAIN, inner, 2));
    }
    [rules, keys]
}

/// How the status shows Dice Wars' numbers (`bars.rs`).
const STOCK_NUMBERS: &str = "Numbers at the top: a 12·4+5 is a's 12 cells, her largest \
     group of 4 touching ones (the dice she gets when her turn ends) and the 5 dice \
     in her stock; c out: c has no cell left.";

/// What the hints' words mean.
const HINT_WORDS: &str = "Hints come from the strongest computer that can rate \
     the rules (chance where dice roll, perfect otherwise), whoever plays. \
     \"best\": its choice; \"good\": less than one cell's worth \
     behind it; \"risky\": further behind, by its look ahead, no promise. \
     \"(proven)\": worked out to the end with best play by everyone: wins, \
     loses, a tie, or a chance to win where dice roll. A % before the word is \
     the chance the attack takes its target.";

/// `blocks` put on pages of `per_page` lines: each block whole on a page
/// where it fits, split where it is longer than a page.
fn pages(blocks: &[Block], per_page: usize) -> Vec<Vec<Line<'static>>> {
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    for block in blocks {
        let blank = block.iter().all(|line| line.spans.is_empty());
        for chunk in block.chunks(per_page.max(1)) {
            let Some(page) = pages.last_mut() else { break };
            if page.len() + chunk.len() > per_page {
                if blank {
                    break;
                }
                pages.push(Vec::new());
            }
            let Some(page) = pages.last_mut() else { break };
            if !(blank && page.is_empty()) {
                page.extend(chunk.iter().cloned());
            }
        }
    }
    for page in &mut pages {
        while page.last().is_some_and(|line| line.spans.is_empty()) {
            page.pop();
        }
    }
    pages.retain(|p| !p.is_empty());
    pages
}

/// What the help is for: a replay or not, the rule set, whether the
/// computer plays, and what the map's cells are called.
pub(super) type HelpFor = (bool, RuleSet, bool, Cells);

/// Draws page `page` (counted round) of the help in rows `top..top + rows`,
/// for `about`: the rules of its rule set, and the keys of a replay or of a
/// game (with `f` against the computer).
pub(super) fn help(frame: &mut Frame, page: usize, about: HelpFor, top: usize, rows: usize) {
    let w = usize::from(frame.width()).min(HELP_WIDTH);
    let inner = w.saturating_sub(4).max(1);
    // Two lines of border, and one for the page number (and one blank
    // line before it where there is room).
    let per_page = rows.saturating_sub(3).max(1);
    let parts = help_parts(inner, about);
    let pages: Vec<Vec<Line>> = parts
        .iter()
        .flat_map(|part| pages(part, per_page))
        .collect();
    let tallest = pages.iter().map(|p| p.len()).max().unwrap_or(0);
    let count = pages.len().max(1);
    let n = page % count;
    let mut lines: Vec<Line> = pages.get(n).map(|p| p.to_vec()).unwrap_or_default();
    lines.resize(tallest, Line::default());
    if tallest + 4 <= rows {
        lines.push(Line::default());
    }
    let number = format!("({}/{count})", n + 1);
    // `?` on the last page goes round to the first.
    let next = if n + 1 == count { "first" } else { "next" };
    let footer = [
        Field::new(
            2,
            vec![
                Line::from(bold(format!("? {next} page {number}"))),
                Line::from(bold(format!("? {next} {number}"))),
            ],
        )
        .required(),
        Field::new(
            3,
            vec![
                Line::raw("any other key closes the help"),
                Line::raw("other keys close"),
            ],
        ),
    ];
    lines.extend(fit(&footer, ", ", inner, 1));
    centred(frame, (&lines, &[]), w, top, rows);
}

/// Draws the quit question in the middle of the window.
pub(super) fn confirm_quit(frame: &mut Frame, app: &App) {
    let buttons = [
        Button::new("[ y: yes ]", Key::Yes),
        Button::new("[ n: no ]", Key::No),
    ];
    let fw = usize::from(frame.width());
    // A network game goes on without the screen that leaves it.
    let question = if app.is_networked() {
        "Leave this game?"
    } else {
        "Quit this game?"
    };
    let mut lines = vec![Line::from(bold(question)), Line::default()];
    let labels = buttons.map(|b| b.span().into());
    lines.extend(flow(&labels, "   ", fw.saturating_sub(4), 0));
    let w = lines.iter().map(Line::width).max().unwrap_or(0) + 4;
    centred(frame, (&lines, &buttons), w, 0, usize::from(frame.height()));
}

/// Draws the save prompt in the middle of the window: the file name typed
/// (its end, where it is wider than the box), a cursor after it, and the
/// keys.
pub(super) fn save_prompt(frame: &mut Frame, app: &App) {
    let fw = usize::from(frame.width());
    let inner = fw.saturating_sub(8).clamp(1, 60);
    let name = app.save_name().unwrap_or_default();
    // The end of a long name, and the cursor, stay in sight.
    let room = inner.saturating_sub(1);
    let shown: String = {
        let chars: Vec<char> = name.chars().collect();
        chars[chars.len().saturating_sub(room)..].iter().collect()
    };
    let field = format!("{shown}_");
    let mut lines = vec![
        Line::from(bold("Save the game to the file:")),
        Line::from(Span::styled(
            format!("{field:<inner$}"),
            BOLD.add_modifier(Modifier::REVERSED),
        )),
    ];
    lines.extend(wrap(
        "A path from the folder the game was started in. The game is kept there from now on.",
        PLAIN,
        inner,
        0,
    ));
    lines.extend(wrap(
        "Enter saves, Esc cancels, Backspace erases, Ctrl-U clears.",
        PLAIN,
        inner,
        0,
    ));
    let w = inner + 4;
    centred(frame, (&lines, &[]), w, 0, usize::from(frame.height()));
}

/// Draws the end of the game in a box from column `x` to `end` at row `y`:
/// why it ended, who won, the cells, and the buttons; returns the row
/// after the box.
pub(super) fn end_box(frame: &mut Frame, app: &App, x: usize, end: usize, y: usize) -> usize {
    let Some(winners) = app.shown_winners() else {
        return y;
    };
    let inner = end.saturating_sub(x + 4).max(1);
    let position = app.position();
    let counts = position.board().cell_counts();
    let words = Cells::of(app.rules().map());
    // Each player with cells and their count; the players with none
    // together, so that seven players' end fits a small window.
    let (holding, none): (Vec<Player>, Vec<Player>) =
        Player::all(app.rules().players()).partition(|p| counts[usize::from(p.index())] > 0);
    let mut tally: Vec<Line> = holding
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let n = words.count(counts[usize::from(p.index())]);
            let after = match (i + 1 == holding.len(), none.is_empty()) {
                (false, _) => ",",
                (true, false) => ";",
                (true, true) => "",
            };
            Line::raw(format!("{p}: {n}{after}"))
        })
        .collect();
    // Each letter a word of its own, so that a long list wraps.
    let nobody: Vec<Line> = none
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let text = match (i, i + 1 == none.len()) {
                (0, true) => format!("none for {p}"),
                (0, false) => format!("none for {p},"),
                (_, true) => p.to_string(),
                (_, false) => format!("{p},"),
            };
            Line::raw(text)
        })
        .collect();
    tally.extend(nobody);
    let mut buttons = vec![Button::new("[ q: quit ]", Key::Quit)];
    // A network game's next game is made elsewhere (in the lobby).
    if !app.is_networked() {
        buttons.insert(0, Button::new("[ n: new game ]", Key::NewGame));
    }
    if app.can_undo() {
        buttons.push(Button::new("[ u: undo ]", Key::Undo));
    }
    let mut lines = vec![Line::from(bold("Game over")), Line::default()];
    lines.extend(wrap(
        &game_over_plain(app.rules(), &position),
        PLAIN,
        inner,
        2,
    ));
    lines.extend(wrap(&result(winners), BOLD, inner, 2));
    lines.extend(flow(&tally, " ", inner, 0));
    for note in app.end_notes() {
        lines.extend(wrap(&note, PLAIN, inner, 2));
    }
    lines.push(Line::default());
    let labels: Vec<Line> = buttons.iter().map(|b| b.span().into()).collect();
    lines.extend(flow(&labels, "   ", inner, 0));
    let w = lines.iter().map(Line::width).max().unwrap_or(0) + 4;
    draw_box(
        frame,
        frame.rect(x, y, w, lines.len() + 2),
        &lines,
        &buttons,
    );
    y + lines.len() + 2
}

/// Says the window is too small for the board, and what it needs, in the
/// middle of the window.
pub(super) fn too_small(frame: &mut Frame, app: &App) {
    let map = app.rules().map();
    let (need_w, need_h) = min_size(map);
    let (w, h) = (usize::from(frame.width()), usize::from(frame.height()));
    // Each sentence on its own lines, broken between its phrases.
    let sentences: [Vec<String>; 3] = [
        vec!["The window is too small.".into()],
        vec![
            match map.kind() {
                MapKind::Territories => format!("This {map} needs {need_w}x{need_h};"),
                MapKind::Rhombus | MapKind::Offset => format!(
                    "{} {map} board needs {need_w}x{need_h};",
                    article(&map.to_string())
                ),
            },
            format!("this one is {w}x{h}."),
        ],
        if app.overlay() == Overlay::ConfirmQuit {
            vec!["Quit this game?".into(), "y: yes, n: no".into()]
        } else {
            vec![
                "Enlarge it to play on,".into(),
                "or press q to quit.".into(),
            ]
        },
    ];
    let lines: Vec<Line> = sentences
        .iter()
        .flat_map(|phrases| {
            let room = w.saturating_sub(2);
            // A phrase wider than the window is wrapped between its words.
            let items: Vec<Line> = phrases
                .iter()
                .flat_map(|p| {
                    if p.chars().count() <= room {
                        vec![Line::raw(p.clone())]
                    } else {
                        wrap(p, PLAIN, room, 0)
                    }
                })
                .collect();
            flow(&items, " ", room, 0)
        })
        .collect();
    let top = h.saturating_sub(lines.len()) / 2;
    for (i, line) in lines.iter().enumerate() {
        // In the middle of the line.
        let x = w.saturating_sub(line.width()) / 2;
        frame.paragraph(
            frame.rect(x, top + i, w, 1),
            std::slice::from_ref(line),
            &[],
        );
    }
}

/// The article ("A" or "An") before `word`, by how it is said: "An 8x8",
/// "An 11x11", "An 18x18", "A 5x5", "A map".
fn article(word: &str) -> &'static str {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let vowel = if digits.is_empty() {
        word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U'])
    } else {
        // Said in groups of three digits: the first group is said first.
        let lead = match digits.len() % 3 {
            0 => &digits[..3],
            n => &digits[..n],
        };
        lead.starts_with('8') || lead == "11" || lead == "18"
    };
    if vowel { "An" } else { "A" }
}

#[cfg(test)]
#[path = "boxes_tests.rs"]
mod article_tests;
