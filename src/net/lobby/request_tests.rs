//! The lobby's commands, and `new`'s options read within the rule sets'
//! ranges.

use super::*;
use crate::game::{MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE};
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

/// Each computer seat's letter and opponent.
fn seats(game: &NewGame) -> Vec<(char, AiKind)> {
    let dealt = game.deal(1, None).unwrap();
    Player::all(game.players)
        .zip(dealt.seats)
        .filter_map(|(p, seat)| match seat {
            crate::record::Seat::Computer { ai, .. } => Some((p.letter(), ai)),
            crate::record::Seat::Person => None,
        })
        .collect()
}

#[test]
fn lobby_commands_are_read_and_anything_else_refused() {
    assert_eq!(
        parse("join abcd"),
        Ok(Request::Join {
            code: "ABCD".into(),
            secret: None
        })
    );
    assert_eq!(
        parse("join abcd.K7M2"),
        Ok(Request::Join {
            code: "ABCD".into(),
            secret: Some("k7m2".into())
        })
    );
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
    assert_eq!(new("new"), new_game(RuleSet::Classic));
    let lol4 = new("new lol4");
    assert_eq!(
        (lol4.rules, lol4.board.clone(), lol4.players),
        (RuleSet::Lol4, Board::Hexagons(5), 4)
    );
    assert!(lol4.computers().is_empty());
    assert_eq!(
        lol4.computer.budget,
        Budget::time(Duration::from_millis(500))
    );
    assert_eq!(new("new dicewars").players, 7);
    for set in RuleSet::ALL {
        let game = new(&format!("new {set}"));
        assert_eq!(game.players, set.defaults().players);
        assert_eq!(game.max_dice, set.defaults().max_dice);
    }
}

#[test]
fn a_new_game_takes_its_board_players_computers_and_time() {
    let game = new("new lol4 players 4 computer b=chance,c=lol4,d time 1");
    assert_eq!(game.players, 4);
    assert_eq!(
        seats(&game),
        [
            ('b', AiKind::Chance),
            ('c', AiKind::Lol4),
            ('d', AiKind::Mcts)
        ],
        "d has lol4's own opponent"
    );
    assert_eq!(game.computer.budget, Budget::time(Duration::from_secs(1)));
    let classic = new("new classic computer b time 0.1s 2");
    assert_eq!(classic.board, Board::Hexagons(2));
    assert_eq!(seats(&classic), [('b', AiKind::Search)]);
    assert_eq!(
        classic.computer.budget,
        Budget::time(Duration::from_millis(100))
    );
    let wars = new("new dicewars 20 players 3 computer bc=defensive");
    assert_eq!(
        wars.board,
        Board::RandomMap(RandomMap {
            territories: Some(20),
            ..RandomMap::default()
        })
    );
    assert_eq!(wars.computers().len(), 2);
    assert_eq!(wars.computer.own.get(&p('c')), Some(&AiKind::Defensive));
    // As large a board as the command line plays.
    assert_eq!(new("new classic 7").board, Board::Hexagons(7));
    assert_eq!(new("new racket 10").board, Board::Hexagons(MAX_SIDE));
}

#[test]
fn a_bad_new_game_is_refused_in_a_few_words() {
    let cases = [
        ("new chess", "no rule set is called `chess`"),
        ("new classic 99", "from 2 to 10 rows"),
        ("new classic 1", "from 2 to 10 rows"),
        ("new classic 0", "from 2 to 10 rows"),
        ("new dicewars 1", "from 2 to 40, not 1"),
        ("new dicewars 41", "from 2 to 40, not 41"),
        ("new classic 2 3", "`size` is given twice"),
        ("new lol4 players", "`players` must be from 2 to 8"),
        ("new lol4 players 9", "from 2 to 8"),
        ("new lol4 players one", "from 2 to 8"),
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

/// The lobby takes the sizes and players the command line takes: each
/// rule set's ranges, the same for `--size`, `--territories` and
/// `--players`.
#[test]
fn the_lobby_takes_the_command_line_s_ranges() {
    for set in RuleSet::ALL {
        let ranges = set.ranges();
        let (side, territories) = (set.defaults().side.is_some(), set.defaults().side.is_none());
        let sizes = match side {
            true => (
                usize::from(*ranges.side.start()),
                usize::from(*ranges.side.end()),
            ),
            false => (*ranges.territories.start(), *ranges.territories.end()),
        };
        for n in [sizes.0, sizes.1] {
            assert!(parse(&format!("new {set} {n}")).is_ok(), "{set} {n}");
        }
        for n in [sizes.0 - 1, sizes.1 + 1] {
            let why = refusal(&format!("new {set} {n}"));
            assert!(
                why.contains(&format!("from {} to {}", sizes.0, sizes.1)),
                "{why}"
            );
        }
        assert!(territories || (*ranges.side.start(), *ranges.side.end()) == (MIN_SIDE, MAX_SIDE));
        for n in [MIN_PLAYERS - 1, MAX_PLAYERS + 1] {
            let why = refusal(&format!("new {set} players {n}"));
            assert!(
                why.contains(&format!("from {MIN_PLAYERS} to {MAX_PLAYERS}")),
                "{why}"
            );
        }
    }
}

#[test]
fn the_help_says_each_rule_set_s_ranges_and_defaults() {
    let help = help();
    for line in help.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in [
        "classic, lol4, racket or dicewars (default classic)",
        "the rows of the board, 2 to 10 (default: classic 3, lol4 5, racket 3)",
        "for dicewars the territories of its random map, 2 to 40 (default: the original game's map)",
        "2 to 8 players (default: classic 2, lol4 4, racket 2, dicewars 7)",
        "(default: classic search, lol4 mcts, chance for two players, racket search, dicewars chance)",
        "the computer's time per move, 0.1 to 10 (default 0.5)",
        "computer SEATS",
    ] {
        assert!(flat.contains(words), "{words}\n{help}");
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
            prop_assert!(game.computers().len() < usize::from(game.players));
            let think = game.computer.budget.time.unwrap_or_default();
            prop_assert!(think >= Duration::from_millis(THINK_MILLIS.0));
        }
    }

    /// Any line, controls and all, as typed or as an exec request's
    /// bytes read: never a panic, and a refusal never carries a raw
    /// control character to the client's terminal.
    #[test]
    fn any_line_is_read_or_refused_without_a_raw_control(
        line in "(join |watch |new |new classic |new dicewars 5 computer |list |help |quit )?.{0,60}",
    ) {
        check_any_line(&line)?;
    }

    #[test]
    fn any_command_s_words_with_controls_are_refused_escaped(
        line in "(new|join|watch|list|help|quit) [\\x00-\\x1fa-z\\x7f-\\x9f]{0,8}( [\\x00-\\x7f]{0,8}){0,3}",
    ) {
        check_any_line(&line)?;
    }

    #[test]
    fn any_exec_request_is_read_or_refused_without_a_raw_control(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        // What the server makes of an exec request's bytes.
        let command: String = String::from_utf8_lossy(&bytes).chars().take(200).collect();
        check_any_line(&command)?;
    }
}

/// The invariants of [`parse`] on any line.
fn check_any_line(line: &str) -> Result<(), TestCaseError> {
    match parse(line) {
        Err(why) => prop_assert!(!why.chars().any(char::is_control), "{:?}", why),
        Ok(Request::Join { code, secret }) => {
            prop_assert_eq!(&code, &code.to_ascii_uppercase());
            prop_assert!(!code.contains(char::is_whitespace) && !code.contains('.'));
            prop_assert!(secret.is_none_or(|s| s == s.to_ascii_lowercase()));
        }
        Ok(Request::Watch(code)) => prop_assert_eq!(&code, &code.to_ascii_uppercase()),
        Ok(Request::New(game)) => {
            prop_assert!(game.computers().len() < usize::from(game.players));
            prop_assert!(game.file().is_none(), "a client never names a file");
        }
        Ok(_) => {}
    }
    Ok(())
}
