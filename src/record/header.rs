//! A record's header: its lines (content, comments, columns), the fields
//! up to the `board:` line, each checked, and the rules, seats and tags
//! they make.

use super::error::quote;
use super::seat::ParseSeatError;
use super::{Date, RecordError, RecordErrorKind as K, Seat, Tags};
use crate::game::{
    DealChoice, MAX_DICE_LIMIT, MAX_PLAYERS, MAX_SIDE, MIN_DICE_LIMIT, MIN_PLAYERS, MIN_SIDE, Map,
    Player, PlayerSet, RuleSet,
};

/// The fields a record must have before its board.
const REQUIRED: [&str; 5] = ["rules", "map", "players", "max-dice", "first"];

/// One line of the text: its number, the whole line, and its content (the
/// line up to any `#` comment, trimmed) with the column where it starts.
#[derive(Clone, Copy)]
pub(super) struct Line<'a> {
    pub(super) number: usize,
    pub(super) text: &'a str,
    pub(super) content: &'a str,
    /// The byte offset of `content` in `text`.
    offset: usize,
}

impl<'a> Line<'a> {
    pub(super) fn new(number: usize, text: &'a str) -> Line<'a> {
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
    pub(super) fn error(&self, at: usize, kind: K) -> RecordError {
        RecordError {
            line: self.number,
            column: self.column_of(self.offset + at),
            kind,
        }
    }

    /// The byte offset in the content of a piece of it.
    pub(super) fn at(&self, piece: &str) -> usize {
        (piece.as_ptr() as usize).saturating_sub(self.content.as_ptr() as usize)
    }
}

/// A field of the header: its value, and where the value is.
#[derive(Clone, Copy)]
pub(super) struct Field<'a> {
    pub(super) line: Line<'a>,
    pub(super) value: &'a str,
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
pub(super) struct Header<'a> {
    fields: Vec<(&'a str, Field<'a>)>,
}

impl<'a> Header<'a> {
    pub(super) fn get(&self, name: &str) -> Option<Field<'a>> {
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
pub(super) fn end_of(text: &str) -> (usize, usize) {
    let lines = text.lines().count().max(1);
    let last = text.lines().last().unwrap_or_default();
    (lines, last.chars().count() + 1)
}

pub(super) fn cut_short(text: &str, part: &'static str) -> RecordError {
    let (line, column) = end_of(text);
    RecordError {
        line,
        column,
        kind: K::CutShort(part),
    }
}
/// Reads the fields up to the `board:` line; that line too.
pub(super) fn header<'a>(
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
            || ["seed", "date", "event", "practice", "deal", "result"].contains(&name)
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

/// The rules as the header gives them: the map, `None` for a map of
/// territories (drawn in the board part, as a map file draws it), the
/// players and the dice limit.
pub(super) struct RulesOf {
    pub(super) set: RuleSet,
    pub(super) map: Option<Map>,
    pub(super) players: u8,
    pub(super) max_dice: u8,
}

/// The value of `map:` for a map of territories.
pub(super) const TERRITORIES: &str = "territories";

pub(super) fn rules(header: &Header, board: Line) -> Result<RulesOf, RecordError> {
    for name in REQUIRED {
        required(header, name, board)?;
    }
    let field = required(header, "rules", board)?;
    let set: RuleSet = field.value.parse().map_err(|_| {
        field.error(
            "rules",
            format!(
                "unknown rule set `{}` (this program knows classic, lol4, racket and dicewars)",
                quote(field.value)
            ),
        )
    })?;
    let field = required(header, "map", board)?;
    let map = match field.value {
        TERRITORIES => None,
        value => Some(map_of(value).ok_or_else(|| {
            field.error(
                "map",
                format!(
                    "expected a map such as `3x3` (a rhombus of side {MIN_SIDE} to {MAX_SIDE}) \
                     or `{TERRITORIES}` (a map drawn in the board part), not `{}`",
                    quote(value)
                ),
            )
        })?),
    };
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
    Ok(RulesOf {
        set,
        map,
        players,
        max_dice,
    })
}

/// The map a `map:` field names: `NxN`, the rhombus of side N, or `NxN
/// offset`, Realm of Racket's rows of side N.
fn map_of(value: &str) -> Option<Map> {
    if let Some(square) = value.strip_suffix(" offset") {
        let (rows, columns) = square.split_once('x')?;
        let plain = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !plain(rows) || rows != columns {
            return None;
        }
        return Map::offset(rows.parse().ok()?).ok();
    }
    let (rows, columns) = value.split_once('x')?;
    let plain = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !plain(rows) || rows != columns {
        return None;
    }
    Map::rhombus(rows.parse().ok()?).ok()
}

/// A player of the game named by a letter.
fn player_of(text: &str, players: u8) -> Result<Player, String> {
    let mut chars = text.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(format!("expected a player's letter, not `{}`", quote(text)));
    };
    match Player::from_letter(letter) {
        Some(p) if p.index() < players => Ok(p),
        _ => Err(format!(
            "`{}` is not a player of this game of {} players (a to {})",
            quote(text),
            players,
            Player::last_of(players)
        )),
    }
}

pub(super) fn first(header: &Header, players: u8) -> Result<Player, RecordError> {
    let field = header.get("first").ok_or(RecordError {
        line: 1,
        column: 1,
        kind: K::Missing("first"),
    })?;
    player_of(field.value, players).map_err(|reason| field.error("first", reason))
}

pub(super) fn seats(header: &Header, players: u8) -> Result<Vec<Seat>, RecordError> {
    let mut seats = vec![Seat::Person; usize::from(players)];
    for (name, field) in &header.fields {
        let Some(letter) = name.strip_prefix("player ") else {
            continue;
        };
        let player = player_of(letter.trim(), players).map_err(|reason| {
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

pub(super) fn tags(header: &Header) -> Result<Tags, RecordError> {
    let mut tags = Tags::default();
    if let Some(field) = header.get("seed") {
        let plain = field.value.bytes().all(|b| b.is_ascii_digit());
        tags.seed = Some(field.value.parse().ok().filter(|_| plain).ok_or_else(|| {
            field.error(
                "seed",
                format!(
                    "must be a whole number from 0 to {}, not `{}`",
                    crate::text::group_digits(u64::MAX),
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
    if let Some(field) = header.get("practice") {
        tags.practice = match field.value {
            "yes" => true,
            "no" => false,
            other => {
                return Err(field.error(
                    "practice",
                    format!("expected `yes` or `no`, not `{}`", quote(other)),
                ));
            }
        };
    }
    if let Some(field) = header.get("deal") {
        tags.deal = field
            .value
            .parse::<DealChoice>()
            .map_err(|e| field.error("deal", e.to_string()))?;
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
pub(super) fn result_of(value: &str) -> Option<Option<PlayerSet>> {
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
