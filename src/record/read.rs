//! Reading a record: the header's fields, the board (by the board text
//! format's own reader, [`Setup`]), then the moves, each checked where it
//! is played; every mistake is a [`RecordError`] with its line and column.

use std::str::FromStr;

use super::error::quote;
use super::header::{
    Header, Line, RulesOf, cut_short, first, header, result_of, rules, seats, tags,
};
use super::write::winners_text;
use super::{Placed, Play, Record, RecordError, RecordErrorKind as K, Roll, Tags, VERSION_LINE};
use crate::game::{
    Battle, Map, MapSetup, Move, Placement, Player, Position, Rules, Setup, SetupError,
};

impl Record {
    /// Reads a record, checking everything: the version line, every field,
    /// the board against the rules, every move against the position it is
    /// played in, a roll against its move, and the result against the
    /// moves. `#` starts a comment anywhere; blank lines are skipped; a
    /// UTF-8 byte-order mark at the start is ignored.
    ///
    /// ```
    /// use dice_of_doom::record::Record;
    /// let text = "dice-of-doom record 1\nrules: classic\nmap: 2x2\nplayers: 2\nmax-dice: 3\n\
    ///             first: a\nboard:\n    b-2 b-2\n  a-2 b-1\nmoves:\na: 2 -> 3\na: 3 -> 0\n";
    /// let error = Record::parse(text).unwrap_err();
    /// assert_eq!(error.to_string(), "line 12, column 4: 3 -> 0 is not a legal move here (legal: end turn)");
    /// ```
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(i, l)| Line::new(i + 1, l));
        version(lines.next())?;
        let (header, board_line) = header(&mut lines, text)?;
        let parts = rules(&header, board_line)?;
        let first = first(&header, parts.players)?;
        let seats = seats(&header, parts.players)?;
        let tags = Tags {
            comments: header_comments(text),
            ..tags(&header)?
        };
        let (rules, start) = board(&mut lines, text, board_line, &parts, first)?;
        let mut record = Record::new(rules, start, seats).with_tags(tags);
        for line in lines.filter(|l| !l.content.is_empty()) {
            play(&mut record, line)?;
        }
        check_result(&header, &record)?;
        Ok(record)
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        Record::parse(text)
    }
}

/// The whole-line comments before `moves:`, each as written after its `#`
/// (trailing blanks trimmed).
fn header_comments(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|line| line.split('#').next().unwrap_or_default().trim() != "moves:")
        .filter_map(|line| line.trim_start().strip_prefix('#'))
        .map(|comment| comment.trim_end().to_string())
        .collect()
}

fn version(line: Option<Line>) -> Result<(), RecordError> {
    let line = line.ok_or(RecordError {
        line: 1,
        column: 1,
        kind: K::NotARecord,
    })?;
    let written = line.text.trim_end();
    if written == VERSION_LINE {
        return Ok(());
    }
    let prefix = VERSION_LINE.trim_end_matches(|c: char| c.is_ascii_digit());
    match written.strip_prefix(prefix) {
        Some(version) if !version.trim().is_empty() => Err(RecordError {
            line: 1,
            column: prefix.chars().count() + 1,
            kind: K::Version(quote(version.trim())),
        }),
        _ => Err(RecordError {
            line: 1,
            column: 1,
            kind: K::NotARecord,
        }),
    }
}

/// Reads the board's rows up to the `moves:` line (on a map of
/// territories, the map and its territories' owners and dice, as a map file
/// writes them) and checks the board against the rules, with `first` to
/// move: the rules on their map, and the start.
fn board<'a>(
    lines: &mut impl Iterator<Item = Line<'a>>,
    text: &str,
    board_line: Line,
    parts: &RulesOf,
    first: Player,
) -> Result<(Rules, Position), RecordError> {
    // The rows at their own line numbers, so that the board reader's
    // locations are the record's.
    let mut rows = "\n".repeat(board_line.number);
    let mut ended = false;
    for line in lines.by_ref() {
        if line.content == "moves:" {
            ended = true;
            break;
        }
        if line.content.contains(':') {
            return Err(line.error(0, K::NotARow(quote(line.content))));
        }
        rows.push_str(line.text);
        rows.push('\n');
    }
    if !ended {
        return Err(cut_short(text, "moves (a `moves:` line)"));
    }
    let located = |e: SetupError| {
        let (line, column) = e.location.unwrap_or((board_line.number, 1));
        RecordError {
            line,
            column,
            kind: K::Board(e.kind),
        }
    };
    let rules_on = |map: Map| {
        Rules::of(
            parts.set,
            map,
            usize::from(parts.players),
            usize::from(parts.max_dice),
        )
        .map_err(|e| {
            board_line.error(
                0,
                K::Value {
                    field: "rules".to_string(),
                    reason: e.to_string(),
                },
            )
        })
    };
    match &parts.map {
        Some(map) => {
            let rules = rules_on(map.clone())?;
            let setup = Setup::parse(&rows).map_err(located)?.with_first(first);
            let start = setup.position(&rules).map_err(located)?;
            Ok((rules, start))
        }
        None => {
            let setup = MapSetup::parse(&rows).map_err(located)?.with_first(first);
            let rules = rules_on(setup.map().clone())?;
            let start = setup.position(&rules).map_err(located)?;
            Ok((rules, start))
        }
    }
}

/// Reads one move line and plays it at the end of the record.
fn play(record: &mut Record, line: Line) -> Result<(), RecordError> {
    let play = play_at(record.rules(), record.end(), line)?;
    // Checked legal where it is played.
    let _ = record.push(play);
    Ok(())
}

/// Reads one move line, played at `end`.
fn play_at(rules: &Rules, end: Position, line: Line) -> Result<Play, RecordError> {
    let content = line.content;
    let not_a_move = || line.error(0, K::NotAMove(quote(content)));
    let (letter, rest) = content.split_once(':').ok_or_else(not_a_move)?;
    if end.is_game_over(rules) {
        return Err(line.error(0, K::AfterEnd(end.player())));
    }
    let written = {
        let mut chars = letter.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Player::from_letter(c).ok_or_else(not_a_move)?,
            _ => return Err(not_a_move()),
        }
    };
    if written != end.player() {
        return Err(line.error(
            0,
            K::WrongPlayer {
                written,
                to_move: end.player(),
            },
        ));
    }
    let (rest, placed_text) = match rest.find("places") {
        Some(at) => (&rest[..at], Some(&rest[at..])),
        None => (rest, None),
    };
    let (move_text, roll_text) = match rest.find("rolls") {
        Some(at) => (&rest[..at], Some(&rest[at..])),
        None => (rest, None),
    };
    let move_text = move_text.trim();
    let mv: Move = move_text.parse().map_err(|_| not_a_move())?;
    if let Err(error) = end.play(rules, mv) {
        return Err(line.error(line.at(move_text), K::illegal(error, &end.moves(rules))));
    }
    let roll = match roll_text {
        None if mv != Move::Pass && rules.policy().battle == Battle::Dice => {
            return Err(line.error(
                line.at(move_text),
                K::Roll(format!(
                    "an attack under {} rules needs its roll (`rolls 4+6 against 5`)",
                    rules.set()
                )),
            ));
        }
        None => None,
        Some(roll_text) => Some(
            roll_of(roll_text.trim(), mv, &end)
                .map_err(|reason| line.error(line.at(roll_text), K::Roll(reason)))?,
        ),
    };
    let placed = match placed_text {
        None => Placed::default(),
        Some(text) => placed_of(text.trim(), mv, rules)
            .map_err(|reason| line.error(line.at(text), K::Roll(reason)))?,
    };
    let play = Play { mv, roll, placed };
    if rules.policy().placement == Placement::Random
        && let Err(e) = end.play_recorded(rules, mv, roll, placed.cells())
    {
        return Err(line.error(line.at(move_text), K::Roll(e.to_string())));
    }
    Ok(play)
}

/// The cells written after a pass that placed its dice at random:
/// `places 0 4 4`.
fn placed_of(text: &str, mv: Move, rules: &Rules) -> Result<Placed, String> {
    if mv != Move::Pass || rules.policy().placement != Placement::Random {
        return Err(format!(
            "only an `end turn` under rules that place dice at random lists where they went, not `{}`",
            quote(text)
        ));
    }
    let cells = text
        .strip_prefix("places")
        .unwrap_or(text)
        .split_whitespace()
        .map(|c| {
            c.parse::<u8>()
                .map_err(|_| format!("expected cell numbers after `places`, not `{}`", quote(c)))
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Placed::new(&cells)
        .ok_or_else(|| format!("a pass places at most {} dice", crate::game::MAX_STOCK))
}

/// A roll written after an attack: as many dice a side as each cell holds.
fn roll_of(text: &str, mv: Move, at: &Position) -> Result<Roll, String> {
    let form = || {
        format!(
            "expected a roll such as `rolls 4+6+2 against 5+1`, found `{}`",
            quote(text)
        )
    };
    let Move::Attack { from, to } = mv else {
        return Err("`end turn` rolls no dice".to_string());
    };
    let (attack, defence) = text
        .strip_prefix("rolls ")
        .and_then(|t| t.split_once(" against "))
        .ok_or_else(form)?;
    let dice = |t: &str| -> Result<Vec<u8>, String> {
        t.trim()
            .split('+')
            .map(|d| match d.trim().parse::<u8>() {
                Ok(face @ 1..=6) if d.trim().len() == 1 => Ok(face),
                _ => Err(format!("a die shows 1 to 6, not `{}`", quote(d.trim()))),
            })
            .collect()
    };
    let (attack, defence) = (dice(attack)?, dice(defence)?);
    let board = at.board();
    for (who, rolled, cell) in [("attacker", &attack, from), ("defender", &defence, to)] {
        let held = board.cell(usize::from(cell)).dice();
        if rolled.len() != usize::from(held) {
            return Err(format!(
                "the {who} holds {}, but the roll has {} for it",
                crate::text::count(held, "die", "dice"),
                rolled.len()
            ));
        }
    }
    Roll::new(&attack, &defence).ok_or_else(form)
}

/// Checks the result tag, if there is one, against how the moves end.
fn check_result(header: &Header, record: &Record) -> Result<(), RecordError> {
    let Some(field) = header.get("result") else {
        return Ok(());
    };
    let written = result_of(field.value);
    let actual = record.result();
    if written == Some(actual) {
        return Ok(());
    }
    let end = record.end();
    let how = match actual {
        Some(winners) => format!("the game is over: {}", winners_text(winners)),
        None => format!("the game is not over: {} is to move", end.player()),
    };
    Err(field.line.error(
        field.line.at(field.value),
        K::Result {
            written: quote(field.value),
            actual: how,
        },
    ))
}
