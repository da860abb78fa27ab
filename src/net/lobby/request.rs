//! The lobby's commands read from a line (or an exec request): `list`,
//! `new` with its game's options, `join`, `watch`, `help`, `quit`; every
//! other line refused in a few words.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::ai::AiKind;
use crate::game::{Deal, ParseRuleSetError, Player, RuleSet};
use crate::net::rooms::{BoardSize, NewGame, THINK_MILLIS};
use crate::text::escape_controls;

/// The lobby's help.
pub const HELP: &str = "\
commands:
  list                    the games not over: code, rules, board, seats
  new RULES [SIZE] [players N] [computer SEATS] [time SECONDS]
                          a new game, you at its first person's seat:
    RULES                 classic, lol4, racket or dicewars (default classic)
    SIZE                  the rows of the board, 1 to 6 (default: classic
                          and racket 3, lol4 5); for dicewars the
                          territories of its random map, 2 to 40 (default:
                          the original game's map)
    players N             2 to 8 players (default: classic and racket 2,
                          lol4 4, dicewars 7)
    computer SEATS        the seats the computer plays, by letter, each
                          with its opponent after `=` (default: chance
                          where attacks roll dice, search otherwise):
                          `computer b`, `computer b=lol4,c=random,d`
    time SECONDS          the computer's time per move, 0.1 to 10 (default
                          0.5)
    e.g.  new lol4 players 4 computer b=chance,c=lol4,d time 1
          new dicewars 20 players 3 computer b,c
  join CODE               play in a game (again at your seat after a drop)
  watch CODE              watch a game
  help                    this help
  quit                    leave
In a game: the number of a move plays it (at your turn); `leave` goes back
to the lobby, keeping your seat. At a terminal (ssh without -T) a game is
played full screen: `?` shows its keys, `q` goes back to the lobby.
Undo is off in network games.";

/// A lobby command, read from a line or from an exec request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// List the games.
    List,
    /// Make a game and sit at its first person's seat.
    New(NewGame),
    /// Join the game of this code.
    Join(String),
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
        ["join", code] => Ok(Request::Join(code.to_ascii_uppercase())),
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

/// Reads `new`'s words: the rule set first, then its options in any order.
fn parse_new(words: &[&str]) -> Result<NewGame, String> {
    let mut rest = words.iter().copied();
    let rules = match rest.next() {
        None => RuleSet::default(),
        Some(name) => name.parse().map_err(|e: ParseRuleSetError| e.to_string())?,
    };
    let mut new = NewGame::new(rules);
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
            "players" => new.players = players(rest.next())?,
            "computer" | "computers" => {
                let seats = rest
                    .next()
                    .ok_or("`computer` wants seat letters (`computer b=lol4,c`)")?;
                new.computers = computers(rules, seats)?;
            }
            "time" => new.think = think(rest.next())?,
            _ => {
                return Err(format!(
                    "unexpected `{}` after `new` (`help` shows how)",
                    quoted(word)
                ));
            }
        }
        given.push(key);
    }
    if let Some(p) = new
        .computers
        .keys()
        .find(|p| p.index() >= new.players)
        .copied()
    {
        return Err(format!(
            "no seat {} in a game of {} players",
            p.letter(),
            new.players
        ));
    }
    if new.computers.len() >= usize::from(new.players) {
        return Err("every seat is the computer's: leave one for you".to_string());
    }
    Ok(new)
}

/// The board's size: rows of hexagons, or Dice Wars' territories.
fn size(rules: RuleSet, word: &str) -> Result<BoardSize, String> {
    let n: usize = word
        .parse()
        .map_err(|_| format!("`{}` is not a size", quoted(word)))?;
    if rules.spec().deal == Deal::Territories {
        if !(2..=40).contains(&n) {
            return Err("a dicewars map has 2 to 40 territories".to_string());
        }
        Ok(BoardSize::Territories(n))
    } else {
        if !(1..=6).contains(&n) {
            return Err("the board's side is 1 to 6 rows".to_string());
        }
        Ok(BoardSize::Rows(n))
    }
}

fn players(word: Option<&str>) -> Result<u8, String> {
    let why = || "`players` wants a number, 2 to 8 (`players 4`)".to_string();
    let n: u8 = word.ok_or_else(why)?.parse().map_err(|_| why())?;
    if !(crate::game::MIN_PLAYERS..=crate::game::MAX_PLAYERS).contains(&n) {
        return Err(why());
    }
    Ok(n)
}

/// `b=lol4,c,d`: each seat's letter, with its opponent after `=` or the
/// rule set's own.
fn computers(rules: RuleSet, text: &str) -> Result<BTreeMap<Player, AiKind>, String> {
    let mut seats = BTreeMap::new();
    for item in text.split(',').filter(|i| !i.is_empty()) {
        let (letters, ai) = match item.split_once('=') {
            Some((letters, name)) => {
                let ai: AiKind = name.parse().map_err(|_| {
                    let names: Vec<&str> = AiKind::ALL.iter().map(|k| k.name()).collect();
                    format!("no opponent `{}`: {}", quoted(name), names.join(", "))
                })?;
                (letters, ai)
            }
            None => (item, AiKind::for_rules(rules)),
        };
        if letters.is_empty() {
            return Err(format!("which seat is `{}`? (`b=lol4`)", quoted(item)));
        }
        for c in letters.chars() {
            let player = Player::from_letter(c).ok_or(format!(
                "no seat `{}`: seats are letters a to h",
                quoted(&c.to_string())
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
    let (low, high) = (
        THINK_MILLIS.0 as f64 / 1000.0,
        THINK_MILLIS.1 as f64 / 1000.0,
    );
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn new(line: &str) -> NewGame {
        match parse(line) {
            Ok(Request::New(new)) => new,
            other => panic!("`{line}` is no new game: {other:?}"),
        }
    }

    fn refusal(line: &str) -> String {
        parse(line).expect_err(line)
    }

    fn p(letter: char) -> Player {
        Player::from_letter(letter).unwrap()
    }

    #[test]
    fn lobby_commands_are_read_and_anything_else_refused() {
        assert_eq!(parse("join abcd"), Ok(Request::Join("ABCD".into())));
        assert_eq!(parse("watch QRST"), Ok(Request::Watch("QRST".into())));
        assert_eq!(parse("  list "), Ok(Request::List));
        assert_eq!(parse("?"), Ok(Request::Help));
        assert!(refusal("join").contains("give its code"));
        assert!(refusal("rm -rf /").starts_with("unknown command `rm"));
        assert!(refusal("").contains("type a command"));
        let escape = refusal("\u{1b}[2J");
        assert!(!escape.contains('\u{1b}'), "{escape}");
    }

    #[test]
    fn a_new_game_takes_its_rules_defaults() {
        assert_eq!(new("new"), NewGame::new(RuleSet::Classic));
        let lol4 = new("new lol4");
        assert_eq!(
            (lol4.rules, lol4.board, lol4.players),
            (RuleSet::Lol4, BoardSize::Default, 4)
        );
        assert!(lol4.computers.is_empty());
        assert_eq!(lol4.think, Duration::from_millis(500));
        assert_eq!(new("new dicewars").players, 7);
    }

    #[test]
    fn a_new_game_takes_its_board_players_computers_and_time() {
        let game = new("new lol4 players 4 computer b=chance,c=lol4,d time 1");
        assert_eq!(game.players, 4);
        let seats: Vec<(char, AiKind)> = game
            .computers
            .iter()
            .map(|(p, ai)| (p.letter(), *ai))
            .collect();
        assert_eq!(
            seats,
            [
                ('b', AiKind::Chance),
                ('c', AiKind::Lol4),
                ('d', AiKind::Chance)
            ],
            "d has lol4's own opponent"
        );
        assert_eq!(game.think, Duration::from_secs(1));
        let classic = new("new classic computer b time 0.1s 2");
        assert_eq!(classic.board, BoardSize::Rows(2));
        assert_eq!(classic.computers.get(&p('b')), Some(&AiKind::Search));
        assert_eq!(classic.think, Duration::from_millis(100));
        let wars = new("new dicewars 20 players 3 computer bc=defensive");
        assert_eq!(wars.board, BoardSize::Territories(20));
        assert_eq!(wars.computers.len(), 2);
        assert_eq!(wars.computers.get(&p('c')), Some(&AiKind::Defensive));
    }

    #[test]
    fn a_bad_new_game_is_refused_in_a_few_words() {
        let cases = [
            ("new chess", "no rule set is called `chess`"),
            ("new classic 99", "1 to 6 rows"),
            ("new classic 0", "1 to 6 rows"),
            ("new dicewars 1", "2 to 40 territories"),
            ("new dicewars 41", "2 to 40 territories"),
            ("new classic 2 3", "`size` is given twice"),
            ("new lol4 players", "wants a number, 2 to 8"),
            ("new lol4 players 9", "2 to 8"),
            ("new lol4 players one", "2 to 8"),
            ("new classic computer", "wants seat letters"),
            ("new classic computer ,", "wants seat letters"),
            ("new classic computer =lol", "which seat"),
            (
                "new classic computer b=deep-blue",
                "no opponent `deep-blue`",
            ),
            ("new classic computer z", "seats are letters a to h"),
            ("new classic computer b,b", "seat b is given twice"),
            ("new classic computer c", "no seat c in a game of 2 players"),
            ("new classic computer ab", "leave one for you"),
            ("new classic time", "0.1 to 10"),
            ("new classic time 0.01", "0.1 to 10"),
            ("new classic time 11", "0.1 to 10"),
            ("new classic time NaN", "0.1 to 10"),
            ("new classic time inf", "0.1 to 10"),
            ("new classic board /etc/passwd", "unexpected `board`"),
            ("new dicewars /etc/passwd", "unexpected `/etc/passwd`"),
        ];
        for (line, words) in cases {
            let why = refusal(line);
            assert!(why.contains(words), "`{line}`: {why}");
            assert!(why.len() < 140, "`{line}`: {why}");
        }
    }

    proptest! {
        #[test]
        fn no_line_panics_the_parser(line in "\\PC{0,60}") {
            let _ = parse(&line);
        }

        #[test]
        fn no_new_line_panics_the_parser(
            words in proptest::collection::vec(
                "(players|computer|time|[0-9]{1,3}|[a-i,=]{1,6}|lol4|dicewars|0\\.[0-9])", 0..8)
        ) {
            let line = format!("new {}", words.join(" "));
            if let Ok(Request::New(game)) = parse(&line) {
                prop_assert!(game.computers.len() < usize::from(game.players));
                prop_assert!(game.think >= Duration::from_millis(THINK_MILLIS.0));
            }
        }
    }
}
