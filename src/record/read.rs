//! Reading a record: the header's fields, the board (by the board text
//! format's own reader, [`Setup`]), then the moves, each checked where it
//! is played; every mistake is a [`RecordError`] with its line and column.

use std::str::FromStr;

use super::error::quote;
use super::write::winners_text;
use super::{CLASSIC, Date, Play, Record, RecordError, RecordErrorKind as K, Roll, Seat, Tags};
use super::{VERSION_LINE, seat::ParseSeatError};
use crate::game::{
    MAX_DICE_LIMIT, MAX_PLAYERS, MAX_SIDE, MIN_DICE_LIMIT, MIN_PLAYERS, MIN_SIDE, Map, Move,
    Player, PlayerSet, Position, Rules, Setup, SetupError,
};

/// The fields a record must have before its board.
const REQUIRED: [&str; 5] = ["rules", "map", "players", "max-dice", "first"];

/// One line of the text: its number, the whole line, and its content (the
/// line up to any `#` comment, trimmed) with the column where it starts.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    text: &'a str,
    content: &'a str,
    /// The byte offset of `content` in `text`.
    offset: usize,
}

impl<'a> Line<'a> {
    fn new(number: usize, text: &'a str) -> Line<'a> {
        let before_comment = text.split('#').next().unwrap_or_default();
        let content = before_comment.trim();
        let offset = before_comment.len() - before_comment.trim_start().len();
        Line {
            number,
            text,
            content,
            offset,
        }
    }

    /// The column (from 1, in characters) of the byte `offset` into the
    /// line.
    fn column_of(&self, offset: usize) -> usize {
        self.text
            .get(..offset)
            .map_or(1, |before| before.chars().count() + 1)
    }

    /// An error at the byte `at` of the content.
    fn error(&self, at: usize, kind: K) -> RecordError {
        RecordError {
            line: self.number,
            column: self.column_of(self.offset + at),
            kind,
        }
    }

    /// The byte offset in the content of a piece of it.
    fn at(&self, piece: &str) -> usize {
        (piece.as_ptr() as usize).saturating_sub(self.content.as_ptr() as usize)
    }
}

/// A field of the header: its value, and where the value is.
#[derive(Clone, Copy)]
struct Field<'a> {
    line: Line<'a>,
    value: &'a str,
}

impl Field<'_> {
    fn error(&self, name: &str, reason: impl Into<String>) -> RecordError {
        self.line.error(
            self.line.at(self.value),
            K::Value {
                field: name.to_string(),
                reason: reason.into(),
            },
        )
    }
}

/// The header as read: each field once, where it was written.
#[derive(Default)]
struct Header<'a> {
    fields: Vec<(&'a str, Field<'a>)>,
}

impl<'a> Header<'a> {
    fn get(&self, name: &str) -> Option<Field<'a>> {
        self.fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
    }

    fn insert(&mut self, name: &'a str, field: Field<'a>) -> Result<(), RecordError> {
        if let Some(first) = self.get(name) {
            return Err(field
                .line
                .error(0, K::Repeated(name.to_string(), first.line.number)));
        }
        self.fields.push((name, field));
        Ok(())
    }
}

/// Where the text ends: the line and column just past its last character.
fn end_of(text: &str) -> (usize, usize) {
    let lines = text.lines().count().max(1);
    let last = text.lines().last().unwrap_or_default();
    (lines, last.chars().count() + 1)
}

fn cut_short(text: &str, part: &'static str) -> RecordError {
    let (line, column) = end_of(text);
    RecordError {
        line,
        column,
        kind: K::CutShort(part),
    }
}

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
        let rules = rules(&header, board_line)?;
        let first = first(&header, &rules)?;
        let seats = seats(&header, &rules)?;
        let tags = tags(&header)?;
        let start = board(&mut lines, text, board_line, &rules, first)?;
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

/// Reads the fields up to the `board:` line; that line too.
fn header<'a>(
    lines: &mut impl Iterator<Item = Line<'a>>,
    text: &str,
) -> Result<(Header<'a>, Line<'a>), RecordError> {
    let mut header = Header::default();
    for line in lines.by_ref() {
        let content = line.content;
        if content.is_empty() {
            continue;
        }
        let Some((name, value)) = content.split_once(':') else {
            return Err(line.error(0, K::NotAField(quote(content))));
        };
        let name = name.trim();
        let value = value.trim();
        if name == "board" {
            if !value.is_empty() {
                return Err(line.error(
                    line.at(value),
                    K::Value {
                        field: "board".to_string(),
                        reason: "the rows of the board go on the lines below `board:`".to_string(),
                    },
                ));
            }
            return Ok((header, line));
        }
        let field = Field { line, value };
        let known = REQUIRED.contains(&name)
            || ["seed", "date", "event", "result"].contains(&name)
            || name.strip_prefix("player ").is_some();
        if name == "moves" {
            return Err(field.error("moves", "the moves come after the board"));
        }
        if !known {
            return Err(line.error(0, K::UnknownField(quote(name))));
        }
        if value.is_empty() {
            return Err(line.error(
                line.at(name) + name.len() + 1,
                K::Value {
                    field: name.to_string(),
                    reason: "no value".to_string(),
                },
            ));
        }
        header.insert(name, field)?;
    }
    Err(cut_short(text, "board (a `board:` line)"))
}

/// A whole number from `low` to `high` in a field.
fn number(field: Field, name: &str, low: u8, high: u8) -> Result<u8, RecordError> {
    let value = field.value;
    let plain = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    match value.parse::<u8>() {
        Ok(n) if plain && (low..=high).contains(&n) => Ok(n),
        _ => Err(field.error(
            name,
            format!(
                "must be a whole number from {low} to {high}, not `{}`",
                quote(value)
            ),
        )),
    }
}

fn required<'a>(
    header: &Header<'a>,
    name: &'static str,
    board: Line,
) -> Result<Field<'a>, RecordError> {
    header
        .get(name)
        .ok_or_else(|| board.error(0, K::Missing(name)))
}

fn rules(header: &Header, board: Line) -> Result<Rules, RecordError> {
    for name in REQUIRED {
        required(header, name, board)?;
    }
    let field = required(header, "rules", board)?;
    if field.value != CLASSIC {
        return Err(field.error(
            "rules",
            format!(
                "unknown rule set `{}` (this program knows `{CLASSIC}`)",
                quote(field.value)
            ),
        ));
    }
    let field = required(header, "map", board)?;
    let map = map_of(field.value).ok_or_else(|| {
        field.error(
            "map",
            format!(
                "expected a map such as `3x3`: a rhombus of side {MIN_SIDE} to {MAX_SIDE}, \
                 not `{}`",
                quote(field.value)
            ),
        )
    })?;
    let players = number(
        required(header, "players", board)?,
        "players",
        MIN_PLAYERS,
        MAX_PLAYERS,
    )?;
    let max_dice = number(
        required(header, "max-dice", board)?,
        "max-dice",
        MIN_DICE_LIMIT,
        MAX_DICE_LIMIT,
    )?;
    Rules::new(map, usize::from(players), usize::from(max_dice)).map_err(|e| {
        board.error(
            0,
            K::Value {
                field: "rules".to_string(),
                reason: e.to_string(),
            },
        )
    })
}

/// The map a `map:` field names: `NxN`, the rhombus of side N.
fn map_of(value: &str) -> Option<Map> {
    let (rows, columns) = value.split_once('x')?;
    let plain = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !plain(rows) || rows != columns {
        return None;
    }
    Map::rhombus(rows.parse().ok()?).ok()
}

/// A player of the game named by a letter.
fn player_of(text: &str, rules: &Rules) -> Result<Player, String> {
    let mut chars = text.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(format!("expected a player's letter, not `{}`", quote(text)));
    };
    match Player::from_letter(letter) {
        Some(p) if p.index() < rules.players() => Ok(p),
        _ => Err(format!(
            "`{}` is not a player of this game of {} players (a to {})",
            quote(text),
            rules.players(),
            Player::last_of(rules.players())
        )),
    }
}

fn first(header: &Header, rules: &Rules) -> Result<Player, RecordError> {
    let field = header.get("first").ok_or(RecordError {
        line: 1,
        column: 1,
        kind: K::Missing("first"),
    })?;
    player_of(field.value, rules).map_err(|reason| field.error("first", reason))
}

fn seats(header: &Header, rules: &Rules) -> Result<Vec<Seat>, RecordError> {
    let mut seats = vec![Seat::Person; usize::from(rules.players())];
    for (name, field) in &header.fields {
        let Some(letter) = name.strip_prefix("player ") else {
            continue;
        };
        let player = player_of(letter.trim(), rules).map_err(|reason| {
            field.line.error(
                field.line.at(letter),
                K::Value {
                    field: "player".to_string(),
                    reason,
                },
            )
        })?;
        let seat: Seat = field
            .value
            .parse()
            .map_err(|ParseSeatError(reason)| field.error(name, reason))?;
        seats[usize::from(player.index())] = seat;
    }
    Ok(seats)
}

fn tags(header: &Header) -> Result<Tags, RecordError> {
    let mut tags = Tags::default();
    if let Some(field) = header.get("seed") {
        let plain = field.value.bytes().all(|b| b.is_ascii_digit());
        tags.seed = Some(field.value.parse().ok().filter(|_| plain).ok_or_else(|| {
            field.error(
                "seed",
                format!(
                    "must be a whole number from 0 to {}, not `{}`",
                    u64::MAX,
                    quote(field.value)
                ),
            )
        })?);
    }
    if let Some(field) = header.get("date") {
        tags.date = Some(
            field
                .value
                .parse::<Date>()
                .map_err(|e| field.error("date", e.to_string()))?,
        );
    }
    if let Some(field) = header.get("event") {
        tags.event = Some(field.value.to_string());
    }
    if let Some(field) = header.get("result") {
        result_of(field.value).ok_or_else(|| {
            field.error(
                "result",
                format!(
                    "expected `b wins`, `a and b tie` or `unfinished`, not `{}`",
                    quote(field.value)
                ),
            )
        })?;
    }
    Ok(tags)
}

/// What a result tag says: the winners, or `None` for an unfinished game.
fn result_of(value: &str) -> Option<Option<PlayerSet>> {
    if value == "unfinished" {
        return Some(None);
    }
    let letter = |t: &str| {
        let mut chars = t.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => Player::from_letter(c),
            _ => None,
        }
    };
    if let Some(winner) = value.strip_suffix(" wins") {
        return Some(Some(PlayerSet::single(letter(winner)?)));
    }
    let tied = value.strip_suffix(" tie")?;
    let (others, last) = tied.rsplit_once(" and ")?;
    let mut set = PlayerSet::EMPTY;
    for name in others.split(", ").chain([last]) {
        let player = letter(name)?;
        if set.contains(player) {
            return None;
        }
        set.insert(player);
    }
    Some(Some(set))
}

/// Reads the board's rows up to the `moves:` line and checks the board
/// against the rules, with `first` to move.
fn board<'a>(
    lines: &mut impl Iterator<Item = Line<'a>>,
    text: &str,
    board_line: Line,
    rules: &Rules,
    first: Player,
) -> Result<Position, RecordError> {
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
    Setup::parse(&rows)
        .map_err(located)?
        .with_first(first)
        .position(rules)
        .map_err(located)
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
        None => None,
        Some(roll_text) => Some(
            roll_of(roll_text.trim(), mv, &end)
                .map_err(|reason| line.error(line.at(roll_text), K::Roll(reason)))?,
        ),
    };
    Ok(Play { mv, roll })
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
