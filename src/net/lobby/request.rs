//! The lobby's commands read from a line (or an exec request): `list`,
//! `new` with its game's options, `join`, `watch`, `help`, `quit`; every
//! other line refused in a few words. `new` reads into the session's
//! [`NewGame`], its numbers within the rule set's ranges
//! ([`RuleSet::ranges`]) and its defaults the rule set's, as on the command
//! line: the help says them from the rule sets too.

use std::collections::BTreeMap;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::time::Duration;

use crate::ai::{AiKind, Budget};
use crate::game::{ParseRuleSetError, Player, RuleSet};
use crate::net::rooms::{COMPUTER_BUDGET, THINK_MILLIS};
use crate::session::{Board, NewGame, RandomMap, Seating};
use crate::text::{escape_controls, group_digits, wrap_pieces};

/// The columns the help keeps within.
const HELP_WIDTH: usize = 78;
/// The column where an entry's words start in the help.
const HELP_COLUMN: usize = 26;

/// The lobby's help, its ranges and defaults asked of the rule sets.
pub fn help() -> String {
    let sets = RuleSet::ALL;
    let names: Vec<&str> = sets.iter().map(|s| s.name()).collect();
    let boards: Vec<RuleSet> = sets
        .into_iter()
        .filter(|s| s.defaults().side.is_some())
        .collect();
    let maps: Vec<RuleSet> = sets
        .into_iter()
        .filter(|s| s.defaults().side.is_none())
        .collect();
    let ranges = RuleSet::default().ranges();
    let mut size = format!(
        "the rows of the board, {} (default: {})",
        span(&ranges.side),
        RuleSet::each_default(&boards, |d| d.side.unwrap_or_default().to_string())
    );
    for set in maps {
        let own = match set.map_shape(None, None) {
            Ok(shape) if shape.is_original() => "the original game's map".to_string(),
            Ok(shape) => format!("{} territories", shape.territories()),
            Err(e) => e.to_string(),
        };
        size += &format!(
            "; for {set} the territories of its random map, {} (default: {own})",
            span(&set.ranges().territories)
        );
    }
    let players = format!(
        "{} players (default: {})",
        span(&ranges.players),
        RuleSet::each_default(&sets, |d| d.players.to_string())
    );
    let opponents: Vec<String> = sets
        .iter()
        .map(|&set| {
            let own = AiKind::for_rules(set);
            match AiKind::for_game(set, 2) {
                two if two != own => format!("{set} {own}, {two} for two players"),
                _ => format!("{set} {own}"),
            }
        })
        .collect();
    let computer = format!(
        "the seats the computer plays, by letter, each with its opponent after \
         `=` (default: {}): `computer b`, `computer b=lol4,c=random,d`",
        opponents.join(", ")
    );
    let (low, high) = think_bounds();
    let default = COMPUTER_BUDGET.time.unwrap_or_default().as_secs_f64();
    let time = format!("the computer's time per move, {low} to {high} (default {default})");
    let rules = format!(
        "{} (default {})",
        or_list(&names),
        RuleSet::default().name()
    );
    let lines = [
        entry(
            "  ",
            "list",
            "the games not over: code, rules, board, seats",
        ),
        "  new RULES [SIZE] [players N] [computer SEATS] [time SECONDS]".to_string(),
        entry("  ", "", "a new game, you at its first person's seat:"),
        entry("    ", "RULES", &rules),
        entry("    ", "SIZE", &size),
        entry("    ", "players N", &players),
        entry("    ", "computer SEATS", &computer),
        entry("    ", "time SECONDS", &time),
        "    e.g.  new lol4 players 4 computer b=chance,c=lol4,d time 1".to_string(),
        "          new dicewars 20 players 3 computer b,c".to_string(),
        entry(
            "  ",
            "join CODE",
            "play in a game; `join CODE.SECRET` again at your seat, with the \
             secret you were shown when you took it",
        ),
        entry("  ", "watch CODE", "watch a game"),
        entry("  ", "help", "this help"),
        entry("  ", "quit", "leave"),
    ];
    format!(
        "commands:\n{}\n{}",
        lines.join("\n"),
        "In a game: the number of a move plays it (at your turn); `leave` goes back
to the lobby, keeping your seat. At a terminal (ssh without -T) a game is
played full screen: `?` shows its keys, `q` goes back to the lobby.
Undo is off in network games."
    )
}

/// A line of the help: `label` after `margin`, then `text` from
/// [`HELP_COLUMN`], wrapped to [`HELP_WIDTH`].
fn entry(margin: &str, label: &str, text: &str) -> String {
    let width = HELP_COLUMN - margin.len() - 1;
    let head = format!("{margin}{label:<width$}");
    let indent = " ".repeat(HELP_COLUMN);
    wrap_pieces(
        std::iter::once(head.as_str()).chain(text.split(' ')),
        HELP_WIDTH,
        &indent,
    )
}

/// `a, b, c or d`.
fn or_list(words: &[&str]) -> String {
    match words.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A range as the command line says it: `2 to 10`.
fn span<T: Copy + Display>(range: &RangeInclusive<T>) -> String {
    format!(
        "{} to {}",
        group_digits(*range.start()),
        group_digits(*range.end())
    )
}

/// The shortest and longest time per move, in seconds.
fn think_bounds() -> (f64, f64) {
    (
        THINK_MILLIS.0 as f64 / 1000.0,
        THINK_MILLIS.1 as f64 / 1000.0,
    )
}

/// A lobby command, read from a line or from an exec request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// List the games.
    List,
    /// Make a game and sit at its first person's seat.
    New(NewGame),
    /// Join the game of this code, with the seat's secret if given
    /// (`join CODE.SECRET`).
    Join {
        /// The game's code, in capitals.
        code: String,
        /// The seat's secret, in small letters.
        secret: Option<String>,
    },
    /// Watch the game of this code.
    Watch(String),
    /// Show the help.
    Help,
    /// Leave.
    Quit,
}

/// A word of the client's, quoted safely and briefly in a refusal.
fn quoted(word: &str) -> String {
    escape_controls(&word.chars().take(40).collect::<String>())
}

/// Reads a lobby command; why not, in a line.
///
/// # Errors
/// The words of the refusal.
pub fn parse(line: &str) -> Result<Request, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["list"] => Ok(Request::List),
        ["help"] | ["?"] => Ok(Request::Help),
        ["quit"] | ["exit"] | ["q"] => Ok(Request::Quit),
        ["join", game] => Ok(join(game)),
        ["watch", code] => Ok(Request::Watch(code.to_ascii_uppercase())),
        ["join" | "watch"] => Err("which game? give its code (`join ABCD`)".to_string()),
        ["new", rest @ ..] => parse_new(rest).map(Request::New),
        [] => Err("type a command (`help` lists them)".to_string()),
        _ => Err(format!(
            "unknown command `{}` (`help` lists them)",
            quoted(line)
        )),
    }
}

/// `join CODE` or `join CODE.SECRET`: the code in capitals, the secret in
/// small letters (the room and the seat check them).
fn join(game: &str) -> Request {
    let (code, secret) = match game.split_once('.') {
        Some((code, secret)) => (code, Some(secret.to_ascii_lowercase())),
        None => (game, None),
    };
    Request::Join {
        code: code.to_ascii_uppercase(),
        secret,
    }
}

/// The game `new RULES` makes with no option: the rule set's own, people
/// at every seat, the computer's time per move the server's
/// ([`COMPUTER_BUDGET`]).
pub fn new_game(rules: RuleSet) -> NewGame {
    let mut new = NewGame::of(rules);
    new.computer.budget = COMPUTER_BUDGET;
    new
}

/// Reads `new`'s words: the rule set first, then its options in any order.
fn parse_new(words: &[&str]) -> Result<NewGame, String> {
    let mut rest = words.iter().copied();
    let rules = match rest.next() {
        None => RuleSet::default(),
        Some(name) => name.parse().map_err(|e: ParseRuleSetError| e.to_string())?,
    };
    let mut new = new_game(rules);
    let mut given = Vec::new();
    while let Some(word) = rest.next() {
        let key = if word.parse::<usize>().is_ok() {
            "size"
        } else {
            word
        };
        if given.contains(&key) {
            return Err(format!("`{}` is given twice", quoted(key)));
        }
        match key {
            "size" => new.board = size(rules, word)?,
            "players" => new.players = players(rules, rest.next())?,
            "computer" | "computers" => {
                let seats = rest
                    .next()
                    .ok_or("`computer` wants seat letters (`computer b=lol4,c`)")?;
                let own = computers(seats)?;
                new.computer.seats = Seating::These(own.keys().copied().collect());
                new.computer.own = own
                    .into_iter()
                    .filter_map(|(p, ai)| Some((p, ai?)))
                    .collect();
            }
            "time" => new.computer.budget = Budget::time(think(rest.next())?),
            _ => {
                return Err(format!(
                    "unexpected `{}` after `new` (`help` shows how)",
                    quoted(word)
                ));
            }
        }
        given.push(key);
    }
    let computers = new.computers();
    if let Some(p) = computers.iter().find(|p| p.index() >= new.players) {
        return Err(format!(
            "no seat {} in a game of {} players",
            p.letter(),
            new.players
        ));
    }
    if computers.len() >= usize::from(new.players) {
        return Err("every seat is the computer's: leave one for you".to_string());
    }
    Ok(new)
}

/// The board's size: the side of a board of hexagons, or the territories
/// of the random map of a rule set that plays one; within the rule set's
/// range, as `--size` and `--territories` take them.
fn size(rules: RuleSet, word: &str) -> Result<Board, String> {
    let ranges = rules.ranges();
    let n: usize = word
        .parse()
        .map_err(|_| format!("`{}` is not a size", quoted(word)))?;
    if rules.defaults().side.is_none() {
        if !ranges.territories.contains(&n) {
            return Err(format!(
                "a {rules} map's territories must be from {}, not {n}",
                span(&ranges.territories)
            ));
        }
        return Ok(Board::RandomMap(RandomMap {
            territories: Some(n),
            ..RandomMap::default()
        }));
    }
    match u8::try_from(n) {
        Ok(side) if ranges.side.contains(&side) => Ok(Board::Hexagons(side)),
        _ => Err(format!(
            "the board's side must be from {} rows, not {}",
            span(&ranges.side),
            quoted(word)
        )),
    }
}

/// `players 4`, within the rule set's range.
fn players(rules: RuleSet, word: Option<&str>) -> Result<u8, String> {
    let range = rules.ranges().players;
    let why = || format!("`players` must be from {} (`players 4`)", span(&range));
    let n: u8 = word.ok_or_else(why)?.parse().map_err(|_| why())?;
    if !range.contains(&n) {
        return Err(why());
    }
    Ok(n)
}

/// `b=lol4,c,d`: each seat's letter, with its own opponent after `=` (none:
/// the game's).
fn computers(text: &str) -> Result<BTreeMap<Player, Option<AiKind>>, String> {
    let mut seats = BTreeMap::new();
    for item in text.split(',').filter(|i| !i.is_empty()) {
        let (letters, ai) = match item.split_once('=') {
            Some((letters, name)) => {
                let ai: AiKind = name.parse().map_err(|_| {
                    let names: Vec<&str> = AiKind::ALL.iter().map(|k| k.name()).collect();
                    format!("no opponent `{}`: {}", quoted(name), names.join(", "))
                })?;
                (letters, Some(ai))
            }
            None => (item, None),
        };
        if letters.is_empty() {
            return Err(format!("which seat is `{}`? (`b=lol4`)", quoted(item)));
        }
        for c in letters.chars() {
            let player = Player::from_letter(c).ok_or(format!(
                "no seat `{}`: seats are letters a to {}",
                quoted(&c.to_string()),
                Player::last_of(crate::game::MAX_PLAYERS)
            ))?;
            if seats.insert(player, ai).is_some() {
                return Err(format!("seat {} is given twice", player.letter()));
            }
        }
    }
    if seats.is_empty() {
        return Err("`computer` wants seat letters (`computer b=lol4,c`)".to_string());
    }
    Ok(seats)
}

/// `time 0.5`, `time 2s`: the computer's time per move.
fn think(word: Option<&str>) -> Result<Duration, String> {
    let (low, high) = think_bounds();
    let why = || format!("`time` wants seconds per move, {low} to {high} (`time 0.5`)");
    let word = word.ok_or_else(why)?;
    let seconds: f64 = word
        .strip_suffix('s')
        .unwrap_or(word)
        .parse()
        .map_err(|_| why())?;
    if !(low..=high).contains(&seconds) {
        return Err(why());
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
