//! A new game dealt, and the command that plays it again.

use std::path::PathBuf;

use super::*;
use crate::game::{DealChoice, MapKind, Player};
use crate::record::Seat;

const BOARD: &str = "# a board file\n    b-2 b-2\n  a-2 b-1\n";

#[test]
fn each_rule_set_brings_its_own_game() {
    for set in RuleSet::ALL {
        let new = NewGame::of(set);
        let defaults = set.defaults();
        assert_eq!(
            (new.players, new.max_dice),
            (defaults.players, defaults.max_dice)
        );
        let dealt = new.deal(3, None).unwrap();
        assert_eq!(dealt.rules.set(), set);
        assert_eq!(dealt.seats, vec![Seat::Person; usize::from(new.players)]);
        assert_eq!(dealt.hints.0, AiKind::for_rules(set));
        match defaults.side {
            Some(side) => assert_eq!(dealt.rules.map().rows(), usize::from(side)),
            None => assert_eq!(dealt.rules.map().kind(), MapKind::Territories),
        }
        // The same seed deals the same game; the record starts it.
        assert_eq!(new.deal(3, None).unwrap().start, dealt.start);
        let record = dealt.record(None, Some("a test".into()));
        assert_eq!((record.tags().seed, record.start()), (Some(3), dealt.start));
    }
}

#[test]
fn a_board_file_is_played_as_written_and_its_mistakes_located() {
    let new = NewGame {
        board: Board::BoardFile(PathBuf::from("b.txt")),
        ..NewGame::of(RuleSet::Classic)
    };
    let dealt = new.deal(1, Some(BOARD)).unwrap();
    let written: crate::game::Board = "b-2 b-2 / a-2 b-1".parse().unwrap();
    assert_eq!(*dealt.start.board(), written);
    assert_eq!(
        new.deal(2, Some(BOARD)).unwrap().start,
        dealt.start,
        "the seed deals no file"
    );
    // Under Realm of Racket: its own map, the board checked against it.
    let racket = NewGame {
        rules: RuleSet::Racket,
        ..new.clone()
    };
    let dealt = racket.deal(1, Some(BOARD)).unwrap();
    assert_eq!(dealt.rules.map().kind(), MapKind::Offset);
    match new.deal(1, Some("a-2 b-2\na-2 z-1")) {
        Err(NewGameError::File(e)) => assert_eq!(e.location, Some((2, 5))),
        other => panic!("{other:?}"),
    }
    let unread = new.deal(1, None).unwrap_err();
    assert_eq!(unread.to_string(), "the board file b.txt was not read");
}

#[test]
fn a_bare_map_file_is_dealt_from_the_seed() {
    let map = "# two territories\n0011\n0011\n";
    let new = NewGame {
        board: Board::MapFile(PathBuf::from("m.map")),
        ..NewGame::of(RuleSet::Lol4)
    };
    let four = new.deal(1, Some(map)).unwrap_err();
    assert!(four.to_string().contains("too few for 4 players"), "{four}");
    let two = NewGame { players: 2, ..new };
    let dealt = two.deal(1, Some(map)).unwrap();
    assert_eq!(dealt.rules.map().len(), 2);
    assert_eq!(two.deal(1, Some(map)).unwrap().start, dealt.start);
}

#[test]
fn the_computer_sits_where_asked_with_its_opponents_and_budget() {
    let mut new = NewGame::of(RuleSet::Lol4);
    let (b, c) = (Player::B, Player::from_letter('c').unwrap());
    new.computer.seats = Seating::These([b, c].into_iter().collect());
    new.computer.own.insert(c, AiKind::Random);
    // Nodes given (`--nodes 100`): every opponent gets them as they are.
    new.computer.budget = Budget::nodes(100);
    new.computer.scaled = false;
    let dealt = new.deal(5, None).unwrap();
    let own = Seat::Computer {
        ai: AiKind::Mcts,
        budget: Budget::nodes(100),
    };
    let random = Seat::Computer {
        ai: AiKind::Random,
        budget: Budget::nodes(100),
    };
    assert_eq!(dealt.seats, [Seat::Person, own, random, Seat::Person]);
    assert_eq!(dealt.hints, (AiKind::Mcts, Budget::nodes(100)));
    // A strength level: `mcts` gets as long a think as `chance`'s 100
    // nodes, half as many of its own; the hints' rater all of them.
    new.computer.scaled = true;
    let dealt = new.deal(5, None).unwrap();
    let own = Seat::Computer {
        ai: AiKind::Mcts,
        budget: Budget::nodes(50),
    };
    assert_eq!(dealt.seats, [Seat::Person, own, random, Seat::Person]);
    assert_eq!(dealt.hints, (AiKind::Mcts, Budget::nodes(100)));
    // No command names a seat's own opponent.
    assert_eq!(new.clone().with_seed(Some(5)).again(), None);
    new.computer.seats = Seating::All;
    assert!(new.computer_everywhere());
    new.computer.seats = Seating::These(PlayerSet::single(Player::new(4).unwrap()));
    let past = new.deal(5, None).unwrap_err();
    assert_eq!(
        past.to_string(),
        "no seat e: this game has 4 players, a to d"
    );
}

#[test]
fn the_command_names_the_game_as_it_was_asked_for() {
    let words = |new: &NewGame| new.again().map(|again| again.command());
    let classic = NewGame::of(RuleSet::Classic);
    assert_eq!(words(&classic), None, "a random board needs its seed");
    let seeded = classic.clone().with_seed(Some(9));
    assert_eq!(words(&seeded).unwrap(), "dice-of-doom --seed 9 --size 3");
    let file = NewGame {
        board: Board::BoardFile(PathBuf::from("my boards/it's.txt")),
        ..classic.clone()
    };
    assert_eq!(
        words(&file).unwrap(),
        "dice-of-doom --board 'my boards/it'\\''s.txt'"
    );
    let mut asked = NewGame::of(RuleSet::Dicewars).with_seed(Some(2));
    assert_eq!(
        words(&asked).unwrap(),
        "dice-of-doom --rules dicewars --seed 2"
    );
    asked.board = Board::RandomMap(RandomMap {
        territories: Some(8),
        grid: Some((20, 14)),
        named: true,
    });
    asked.computer.seats = Seating::These(PlayerSet::EMPTY);
    asked.computer.budget = Budget::time(std::time::Duration::from_millis(500));
    let again = asked.again().unwrap();
    assert_eq!(again.what, "map");
    assert_eq!(
        again.command(),
        "dice-of-doom --rules dicewars --seed 2 --map random --territories 8 --grid 20x14 \
         --computer none --think-time 0.5"
    );
}

#[test]
fn a_new_deal_plays_a_board_file_s_size_and_no_map_file() {
    let file = NewGame {
        board: Board::BoardFile(PathBuf::from("b.txt")),
        ..NewGame::of(RuleSet::Classic)
    };
    let anew = file.anew(6, 4).unwrap();
    assert_eq!((anew.board, anew.seed), (Board::Hexagons(4), Some(6)));
    let map = NewGame {
        board: Board::MapFile(PathBuf::from("m.map")),
        ..file.clone()
    };
    assert_eq!(map.anew(6, 0), None);
    let random = NewGame::of(RuleSet::Dicewars);
    assert_eq!(random.anew(7, 0).unwrap().board, random.board);
}

#[test]
fn a_balanced_deal_is_dealt_named_and_recorded() {
    let new = NewGame::of(RuleSet::Lol4)
        .with_seed(Some(4))
        .with_deal(DealChoice::Balanced);
    let dealt = new.deal(4, None).unwrap();
    assert_eq!(dealt.deal, DealChoice::Balanced);
    let board = dealt.start.board();
    let held: Vec<usize> = Player::all(4).map(|p| board.owned_by(p).count()).collect();
    assert!(
        held.iter().max().unwrap() - held.iter().min().unwrap() <= 1,
        "{held:?}"
    );
    // The same seed deals it again; the book's deal is another game.
    assert_eq!(new.deal(4, None).unwrap().start, dealt.start);
    let book = new.clone().with_deal(DealChoice::Book);
    assert_ne!(book.deal(4, None).unwrap().start, dealt.start);
    assert_eq!(book.deal(4, None).unwrap().deal, DealChoice::Book);
    // Its record says so, and reads back.
    let text = dealt.record(None, None).to_string();
    assert!(text.contains("\ndeal: balanced\n"), "{text}");
    let read = crate::record::Record::parse(&text).unwrap();
    assert_eq!(read.tags().deal, DealChoice::Balanced);
    assert!(
        !book
            .deal(4, None)
            .unwrap()
            .record(None, None)
            .to_string()
            .contains("deal:")
    );
    // The command that plays it again says it.
    assert_eq!(
        new.again().unwrap().command(),
        "dice-of-doom --rules lol4 --seed 4 --size 5 --deal balanced"
    );
    assert!(!book.again().unwrap().command().contains("--deal"));
}

#[test]
fn dice_wars_and_a_board_file_keep_their_deal() {
    let dicewars = NewGame::of(RuleSet::Dicewars).with_deal(DealChoice::Balanced);
    assert_eq!(dicewars.dealt_as(), DealChoice::Book);
    assert_eq!(
        dicewars.deal(3, None).unwrap().start,
        NewGame::of(RuleSet::Dicewars).deal(3, None).unwrap().start
    );
    let again = dicewars.with_seed(Some(3)).again().unwrap();
    assert!(!again.command().contains("--deal"));
    let file = NewGame {
        board: Board::BoardFile(PathBuf::from("b.txt")),
        ..NewGame::of(RuleSet::Classic).with_deal(DealChoice::Balanced)
    };
    let dealt = file.deal(1, Some(BOARD)).unwrap();
    assert_eq!(dealt.deal, DealChoice::Book);
}

#[test]
fn the_command_names_the_nodes_the_computer_s_seats_get() {
    let mut new = NewGame::of(RuleSet::Lol4).with_seed(Some(7));
    new.computer.seats = Seating::All;
    let said = |new: &NewGame| new.again().unwrap().command();
    // No option: `mcts` gets 100,000 of its own, and nothing is said.
    assert_eq!(
        said(&new),
        "dice-of-doom --rules lol4 --seed 7 --size 5 --computer all"
    );
    assert_eq!(
        new.deal(7, None).unwrap().seats[0],
        Seat::Computer {
            ai: AiKind::Mcts,
            budget: Budget::nodes(100_000),
        }
    );
    // `--nodes 200000` given: `mcts` gets all of them, which no option
    // gives it, so the command says so.
    new.computer.scaled = false;
    assert!(
        said(&new).ends_with("--computer all --nodes 200000"),
        "{}",
        said(&new)
    );
    // A level of 10,000 of `chance`'s: the seats' 5,000 are said.
    new.computer.scaled = true;
    new.computer.budget = Budget::nodes(10_000);
    assert!(
        said(&new).ends_with("--computer all --nodes 5000"),
        "{}",
        said(&new)
    );
}

#[test]
fn two_players_of_lol4_get_chance_and_more_get_mcts() {
    for (players, ai) in [(2, AiKind::Chance), (3, AiKind::Mcts), (4, AiKind::Mcts)] {
        let mut new = NewGame::of(RuleSet::Lol4);
        new.players = players;
        assert_eq!(new.ai(), ai, "{players} players");
        assert_eq!(new.deal(3, None).unwrap().hints.0, ai, "{players} players");
    }
}
