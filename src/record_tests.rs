//! The record format: every field written and read back, every mistake
//! reported where it is.

use std::time::Duration;

use super::errors_tests::error_of;
use super::*;
use crate::ai::{AiKind, Budget};
use crate::game::{Move, Player, Position, Rules};

/// Seed 000's 2x2 game, b played by the computer, to its end.
pub(super) const GAME: &str = "\
dice-of-doom record 1
rules: classic
map: 2x2
players: 2
max-dice: 3
first: a
player a: person
player b: computer search, 1 s
seed: 0
date: 2026-11-24 06:10:00 UTC
event: a test
result: b wins
board:
    b-2 b-2
  a-2 b-1
moves:
a: 2 -> 3
a: end turn
b: 0 -> 2
b: end turn
";

fn rules() -> Rules {
    Rules::classic(2, 2, 3).unwrap()
}

fn game() -> Record {
    let rules = rules();
    let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    let seats = vec![
        Seat::Person,
        Seat::Computer {
            ai: AiKind::Search,
            budget: Budget::time(Duration::from_secs(1)),
        },
    ];
    let mut record = Record::new(rules, start, seats).with_tags(Tags {
        seed: Some(0),
        date: Some("2026-11-24 06:10:00 UTC".parse().unwrap()),
        event: Some("a test".to_string()),
        practice: false,
        deal: crate::game::DealChoice::Book,
        comments: Vec::new(),
    });
    for mv in [
        Move::Attack { from: 2, to: 3 },
        Move::Pass,
        Move::Attack { from: 0, to: 2 },
        Move::Pass,
    ] {
        record.push(mv).unwrap();
    }
    record
}

#[test]
fn a_record_writes_and_reads_back() {
    let record = game();
    assert_eq!(record.to_string(), GAME);
    assert_eq!(Record::parse(GAME).unwrap(), record);
    assert!(record.is_over());
    assert_eq!(record.result(), Some(PlayerSet::single(Player::B)));
    assert_eq!(record.positions().count(), 5);
}

#[test]
fn every_field_is_read() {
    let text = GAME
        .replace("players: 2", "players: 3")
        .replace("max-dice: 3", "max-dice: 5")
        .replace("first: a", "first: b")
        .replace(
            "player b: computer search, 1 s",
            "player c: computer lol, 0.25 s, 500 nodes",
        )
        .replace("seed: 0", "seed: 18446744073709551615")
        .replace("date: 2026-11-24 06:10:00 UTC", "date: 2024-02-29")
        .replace("result: b wins\n", "")
        .replace("    b-2 b-2\n  a-2 b-1", "    b-3 b-2\n  a-2 c-5")
        .replace(
            "moves:\na: 2 -> 3\na: end turn\nb: 0 -> 2\nb: end turn\n",
            "moves:\nb: 0 -> 2 # a comment\n",
        );
    let record = Record::parse(&text).unwrap();
    let rules = record.rules();
    assert_eq!(
        (rules.map().len(), rules.players(), rules.max_dice()),
        (4, 3, 5)
    );
    assert_eq!(record.start().player(), Player::B);
    assert_eq!(
        record.seats(),
        [
            Seat::Person,
            Seat::Person,
            Seat::Computer {
                ai: AiKind::Lol,
                budget: Budget::time(Duration::from_millis(250)).with_nodes(500)
            }
        ]
    );
    assert_eq!(record.tags().seed, Some(u64::MAX));
    assert_eq!(record.tags().date.unwrap().to_string(), "2024-02-29");
    assert_eq!(record.tags().event.as_deref(), Some("a test"));
    assert_eq!(record.moves(), [Move::Attack { from: 0, to: 2 }]);
    // Written back in the one way the writer writes, which reads the same.
    let again = Record::parse(&record.to_string()).unwrap();
    assert_eq!(again, record);
    assert!(record.to_string().contains("result: unfinished\n"));
}

#[test]
fn comments_blank_lines_line_ends_and_a_byte_order_mark_are_allowed() {
    let text = format!(
        "\u{feff}{}",
        GAME.replace('\n', "\r\n")
            .replace(
                "rules: classic",
                "\n# a comment\nrules: classic   # the book's"
            )
            .replace("moves:\r\n", "moves:\r\n\r\n   # the game\r\n")
    );
    // The whole-line comment of the header is kept; the others are not.
    let mut expected = game();
    expected.tags_mut().comments = vec![" a comment".to_string()];
    assert_eq!(Record::parse(&text).unwrap(), expected);
}

#[test]
fn header_comments_are_kept_when_the_record_is_written_again() {
    let text = GAME
        .replace("rules: classic\n", "rules: classic\n#Kept as written  \n")
        .replace("board:\n", "board:\n  # under the board\n")
        .replace("moves:\n", "moves:\n# among the moves\n");
    let mut record = Record::parse(&text).unwrap();
    assert_eq!(
        record.tags().comments,
        ["Kept as written", " under the board"]
    );
    record.truncate(1);
    let written = record.to_string();
    assert!(
        written.starts_with("dice-of-doom record 1\n#Kept as written\n# under the board\nrules:"),
        "{written}"
    );
    assert!(!written.contains("among the moves"), "{written}");
    assert_eq!(Record::parse(&written).unwrap(), record);
    // A comment with a line break in it stays one line.
    record.tags_mut().comments = vec![" two\nlines".to_string()];
    let written = record.to_string();
    assert!(written.contains("\n# twolines\n"), "{written}");
}

#[test]
fn the_fields_may_come_in_any_order_and_tags_are_optional() {
    let text = "dice-of-doom record 1\nfirst: a\nmax-dice: 3\nplayers: 2\nmap: 2x2\nrules: classic\n\
                board:\nb-2 b-2 / a-2 b-1\nmoves:\n";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.seats(), [Seat::Person, Seat::Person]);
    assert_eq!(record.tags(), &Tags::default());
    assert!(record.moves().is_empty());
}

#[test]
fn rolls_are_kept_and_checked_against_their_move() {
    let text = GAME
        .replace("result: b wins\n", "")
        .replace("a: 2 -> 3\n", "a: 2 -> 3 rolls 4+6 against 5\n");
    let record = Record::parse(&text).unwrap();
    let roll = record.plays()[0].roll.unwrap();
    assert_eq!((roll.attack(), roll.defence()), (&[4, 6][..], &[5][..]));
    assert!(
        record
            .to_string()
            .contains("a: 2 -> 3 rolls 4+6 against 5\n")
    );
    assert_eq!(
        record.end(),
        game().end(),
        "the classic rules play the move as usual"
    );
}

/// A game on a map of territories: the board part is a map file.
const ON_A_MAP: &str = "\
dice-of-doom record 1
rules: classic
map: territories
players: 2
max-dice: 3
first: a
player a: person
player b: person
result: unfinished
board:
0 0 1 1
 0 0 1 .
2 2 . 3
 2 2 3 3
0 a-3
1 b-2
2 b-1
3 a-2
moves:
a: 0 -> 1
";

#[test]
fn a_map_of_territories_is_written_as_a_map_file() {
    let record = Record::parse(ON_A_MAP).unwrap();
    assert_eq!(record.rules().map().to_string(), "map of 4 territories");
    assert_eq!(record.moves(), [Move::Attack { from: 0, to: 1 }]);
    assert_eq!(record.to_string(), ON_A_MAP);
    let cases = [
        (
            " 0 0 1 .",
            " 0 % 1 .",
            "line 12, column 4: `%` names no territory: write a territory as `0`-`9`, `A`-`Z` or `a`-`z`, and sea as `.`",
        ),
        (
            "3 a-2",
            "3 c-2",
            "line 18, column 1: player `c` is not in this game of 2 players (use a larger player count)",
        ),
        (
            "a: 0 -> 1",
            "a: 0 -> 3",
            "line 20, column 4: 0 -> 3 is not a legal move here (legal: 0 -> 1, 0 -> 2, 3 -> 2)",
        ),
        (
            "map: territories",
            "map: 2x2",
            "line 11, column 1: expected a cell such as `a-2`, found `0`",
        ),
    ];
    for (from, to, expected) in cases {
        let text = ON_A_MAP.replacen(from, to, 1);
        assert_eq!(
            Record::parse(&text).unwrap_err().to_string(),
            expected,
            "{to}"
        );
    }
}

#[test]
fn control_characters_are_quoted_escaped() {
    assert_eq!(
        error_of("rules: classic", "rules: \u{1b}[2J"),
        "line 2, column 8: rules: unknown rule set `\\u{1b}[2J` (this program knows classic, lol4, racket and dicewars)"
    );
    assert_eq!(
        error_of("dice-of-doom record 1", "dice-of-doom record \u{7}"),
        "line 1, column 21: record version `\\u{7}` is not known: this program reads version 1"
    );
    let long = "x".repeat(100);
    assert!(error_of("a: 2 -> 3", &long).ends_with(&format!("found `{}...`", "x".repeat(40))));
}

#[test]
fn empty_text_is_no_record() {
    for text in ["", "\n", "\u{feff}"] {
        let error = Record::parse(text).unwrap_err();
        assert_eq!(
            (error.line, error.column, error.kind),
            (1, 1, RecordErrorKind::NotARecord)
        );
    }
}

#[test]
fn undo_redo_and_set_moves_keep_the_end_right() {
    let full = game();
    let mut record = full.clone();
    record.truncate(2);
    assert_eq!(record.moves().len(), 2);
    assert_eq!(record.end(), full.positions().nth(2).unwrap());
    assert!(!record.is_over());
    assert!(record.to_string().contains("result: unfinished"));
    record.set_moves(&full.moves()).unwrap();
    assert_eq!(record, full);
    record.truncate(10);
    assert_eq!(record, full);
    let bad = [
        Move::Attack { from: 2, to: 3 },
        Move::Attack { from: 3, to: 0 },
    ];
    let (index, error) = record.set_moves(&bad).unwrap_err();
    assert_eq!((index, error.mv), (1, bad[1]));
    assert_eq!(record.moves(), &bad[..1]);
    assert!(record.push(Move::Pass).is_ok());
    assert!(record.push(Move::Pass).is_err());
}

#[test]
fn seats_write_every_budget_and_read_it_back() {
    let cases = [
        (Seat::Person, "person"),
        (
            Seat::Computer {
                ai: AiKind::Perfect,
                budget: Budget::UNLIMITED,
            },
            "computer perfect, no limit",
        ),
        (
            Seat::Computer {
                ai: AiKind::Random,
                budget: Budget::nodes(7),
            },
            "computer random, 7 nodes",
        ),
        (
            Seat::Computer {
                ai: AiKind::Greedy,
                budget: Budget::time(Duration::from_millis(1)).with_nodes(20_000),
            },
            "computer greedy, 0.001 s, 20000 nodes",
        ),
        (
            Seat::Computer {
                ai: AiKind::Search,
                budget: Budget::time(Duration::from_secs(3600)),
            },
            "computer search, 3600 s",
        ),
    ];
    for (seat, text) in cases {
        assert_eq!(seat.to_string(), text);
        assert_eq!(text.parse::<Seat>(), Ok(seat), "{text}");
    }
}

#[test]
fn dates_from_the_clock() {
    let cases = [
        (0, "1970-01-01 00:00:00 UTC"),
        (951_782_400, "2000-02-29 00:00:00 UTC"),
        (1_795_500_599, "2026-11-24 06:09:59 UTC"),
        (u64::MAX, "9999-12-31 23:59:59 UTC"),
    ];
    for (seconds, text) in cases {
        let date = Date::from_unix_seconds(seconds);
        assert_eq!(date.to_string(), text);
        assert_eq!(text.parse(), Ok(date));
    }
    assert_eq!(
        "2026-11-24 06:10".parse::<Date>().unwrap().to_string(),
        "2026-11-24 06:10:00 UTC"
    );
    for bad in [
        "2026-1-24",
        "2026-11-24T06:10",
        "26-11-24",
        "2026-11-24 6:10",
        "2026-11",
    ] {
        assert_eq!(bad.parse::<Date>(), Err(DateError::Form), "{bad}");
    }
    for bad in ["1900-02-29", "2026-00-10", "2026-04-31", "2026-11-24 12:60"] {
        assert!(
            matches!(bad.parse::<Date>(), Err(DateError::NoSuchDay(_))),
            "{bad}"
        );
    }
}

#[test]
fn events_stay_on_one_line() {
    let mut record = game();
    record.tags_mut().event = Some("line one\nline # two".to_string());
    let text = record.to_string();
    assert!(text.contains("event: line one line   two\n"), "{text}");
    assert_eq!(
        Record::parse(&text).unwrap().tags().event.as_deref(),
        Some("line one line   two")
    );
}
