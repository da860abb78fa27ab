//! `replay FILE --html OUT.html`: a recorded game as one web page that
//! needs nothing else (no network, no other file): the picture of every
//! position, the log of the moves with their rolls, buttons, arrow keys,
//! play and pause, and a slider over the moves.
//!
//! The page is `replay.html` with the game put in as JSON: the start's
//! whole picture, then for every position only which drawing each cell and
//! the caption show, the drawings kept once each (`pieces`), so that a long
//! game on a map of territories stays a small file.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::files::{Existing, write_file};
use crate::cli::setup::load::io_reason;
use crate::game::{Battle, Play, Position, Rules};
use crate::picture::{DiceStyle, Picture, Style};
use crate::record::Record;
use crate::ui::words::computer_move_text;

/// The page, with `/*GAME*/` where the game goes.
const TEMPLATE: &str = include_str!("replay.html");

/// How the page draws the board: with each cell's (territory's) number,
/// which every move in the log names.
const STYLE: Style = Style {
    dice: DiceStyle::Stacked,
    numbers: true,
    caption: true,
};

/// The game as the page's script reads it.
#[derive(Serialize)]
struct Game {
    /// The page's title.
    title: String,
    /// The whole picture of the start.
    svg: String,
    /// Every drawing of a cell or a caption, once each.
    pieces: Vec<String>,
    /// For the start and after each move, which pieces show.
    frames: Vec<Frame>,
    /// Each move as the log says it.
    log: Vec<String>,
}

/// What one position shows: a piece for each cell, and one for the caption.
#[derive(Serialize)]
struct Frame {
    cells: Vec<u32>,
    caption: u32,
}

/// The drawings of a game, each kept once.
#[derive(Default)]
struct Pieces {
    list: Vec<String>,
    index: BTreeMap<String, u32>,
}

impl Pieces {
    /// The index of `piece`, added if it is new.
    fn of(&mut self, piece: String) -> u32 {
        if let Some(&i) = self.index.get(&piece) {
            return i;
        }
        let i = self.list.len() as u32;
        self.index.insert(piece.clone(), i);
        self.list.push(piece);
        i
    }
}

/// A move as the log says it: `a plays 2 -> 3 rolls 4+6 against 5: taken`,
/// `b ends turn: places 3 dice (0, 4, 4)`, as the live log says it.
fn log_line(rules: &Rules, at: &Position, play: &Play) -> String {
    let text = computer_move_text(at.player(), play.mv);
    let mut line = match play.roll {
        Some(roll) if rules.policy().battle == Battle::Dice => {
            let how = if roll.attacker_wins() {
                "taken"
            } else {
                "held"
            };
            format!("{text} rolls {roll}: {how}")
        }
        Some(roll) => format!("{text} (rolls {})", roll.faces()),
        None => text,
    };
    let placed = play.placed.cells();
    if !placed.is_empty() {
        let cells: Vec<String> = placed.iter().map(u8::to_string).collect();
        line = format!(
            "{line}: places {} ({})",
            crate::text::count(placed.len(), "die", "dice"),
            cells.join(", ")
        );
    }
    line
}

/// The page of `record`.
pub(super) fn page(record: &Record, name: &str) -> Result<String, CliError> {
    let rules = record.rules();
    let picture = Picture::new(rules, STYLE);
    let positions: Vec<Position> = record.positions().collect();
    let moves = record.plays().len();
    let note = |i: usize| format!("move {i} of {moves}");
    let mut pieces = Pieces::default();
    let frames = positions
        .iter()
        .enumerate()
        .map(|(i, position)| Frame {
            cells: (0..rules.map().len())
                .map(|cell| pieces.of(picture.cell(position, cell).to_string()))
                .collect(),
            caption: pieces.of(picture.caption(position, &note(i)).to_string()),
        })
        .collect();
    let log = positions
        .iter()
        .zip(record.plays())
        .map(|(at, play)| log_line(rules, at, play))
        .collect();
    let game = Game {
        title: format!(
            "Dice of Doom: {name}, {} rules, {}",
            rules.set(),
            rules.map()
        ),
        svg: picture.document(&record.start(), &note(0)).to_string(),
        pieces: pieces.list,
        frames,
        log,
    };
    // In a script, `</` could close it: JSON may write it `<\/`.
    let json = serde_json::to_string(&game)
        .map_err(|e| CliError::Runtime(format!("cannot write the page's game: {e}")))?
        .replace("</", "<\\/");
    Ok(TEMPLATE.replacen("/*GAME*/", &json, 1))
}

/// Writes the page of `record` (read from `source`) to `path`.
pub(super) fn write(record: &Record, source: &Path, path: &Path) -> Result<(), CliError> {
    let name = source.file_name().map_or_else(
        || "a game".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    write_file(path, &page(record, &name)?, Existing::Replace).map_err(|e| {
        CliError::Runtime(format!(
            "cannot write {}: {}",
            path.display(),
            io_reason(&e)
        ))
    })?;
    // On standard error, as the other commands' notes about files: the
    // standard output stays empty.
    let _ = writeln!(io::stderr(), "{}", written_note(path));
    Ok(())
}

/// The line that says where the page was written.
fn written_note(path: &Path) -> String {
    format!(
        "The page is written to {}: open it in a web browser.",
        crate::text::shell_quote(path)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Move, Player};

    fn record() -> Record {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start =
            Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
        let mut record = Record::new(rules, start, Vec::new());
        record.push(Move::Attack { from: 2, to: 3 }).unwrap();
        record.push(Move::Pass).unwrap();
        record
    }

    #[test]
    fn an_end_of_turn_says_where_its_dice_went_as_the_live_log_does() {
        let record = record();
        let at = record.positions().nth(1).unwrap();
        let pass = |cells: &[u8]| Play {
            mv: Move::Pass,
            roll: None,
            placed: crate::game::Placed::new(cells).unwrap(),
        };
        assert_eq!(
            log_line(record.rules(), &at, &pass(&[0, 3, 3])),
            "a ends turn: places 3 dice (0, 3, 3)"
        );
        assert_eq!(
            log_line(record.rules(), &at, &pass(&[2])),
            "a ends turn: places 1 die (2)"
        );
        assert_eq!(log_line(record.rules(), &at, &pass(&[])), "a ends turn");
    }

    /// The JSON the page holds.
    fn game_of(page: &str) -> serde_json::Value {
        let start = page.find("const game = ").unwrap() + "const game = ".len();
        let end = start + page[start..].find(";\nconst board").unwrap();
        serde_json::from_str(&page[start..end]).unwrap()
    }

    #[test]
    fn the_page_holds_every_position_and_the_log() {
        let page = page(&record(), "test.record").unwrap();
        assert!(!page.contains("/*GAME*/"));
        let game = game_of(&page);
        assert_eq!(game["frames"].as_array().unwrap().len(), 3);
        assert_eq!(game["log"][0], "a plays 2 -> 3");
        assert_eq!(game["log"][1], "a ends turn");
        // The first move takes cell 3 from b: its piece changes, cell 0's
        // does not.
        let frames = &game["frames"];
        assert_ne!(frames[0]["cells"][3], frames[1]["cells"][3]);
        assert_eq!(frames[0]["cells"][0], frames[1]["cells"][0]);
        let taken = frames[1]["cells"][3].as_u64().unwrap() as usize;
        assert!(game["pieces"][taken].as_str().unwrap().contains("owner-a"));
        // Nothing outside the page is asked for.
        for outside in ["https:", "src=", "<link", "@import", "url("] {
            assert!(!page.contains(outside), "{outside}");
        }
        let svg_namespace = page.matches("http://www.w3.org/2000/svg").count();
        assert_eq!(page.matches("http:").count(), svg_namespace);
        // No `</script>` but the page's own.
        assert_eq!(page.matches("</script>").count(), 1);
    }

    #[test]
    fn every_cell_shows_its_number_as_the_log_names_it() {
        let page = page(&record(), "test.record").unwrap();
        let game = game_of(&page);
        for (cell, piece) in game["frames"][0]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let piece = game["pieces"][piece.as_u64().unwrap() as usize]
                .as_str()
                .unwrap();
            assert!(piece.contains(&format!(">\n{cell}\n</text>")), "{piece}");
        }
    }

    #[test]
    fn the_log_goes_under_the_board_or_beside_it_and_scrolls_never_cut() {
        let page = page(&record(), "test.record").unwrap();
        let rule = |selector: &str| {
            let start = page.find(&format!("  {selector} {{")).unwrap();
            page[start..start + page[start..].find('}').unwrap()].to_string()
        };
        let main = rule("main");
        assert!(main.contains("flex-wrap: wrap"), "{main}");
        let log = rule("#log");
        for needed in [
            "overflow-y: auto",
            "min-width: 0",
            "overflow-wrap: anywhere",
        ] {
            assert!(log.contains(needed), "{needed}: {log}");
        }
        assert!(!log.contains(" width:"), "{log}");
    }
}
