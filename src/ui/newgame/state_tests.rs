//! The new-game screen's keys and clicks, and the settings it reads back.

use super::*;

fn screen() -> Screen {
    Screen::new(None, vec![PathBuf::from("maps/duel-12.map")], None, 42)
}

/// Moves the focus to `field` with the arrow keys, as a person would.
fn go_to(s: &mut Screen, field: Field) {
    for _ in 0..s.fields().len() {
        if s.focused() == field {
            return;
        }
        s.key(Key::Down);
    }
    panic!("no {field:?} on the screen");
}

#[test]
fn it_opens_on_its_first_line_with_the_classic_defaults_against_the_computer() {
    let s = screen();
    assert_eq!(s.focused(), Field::Rules);
    assert_eq!(
        (s.rules, s.players, s.board.clone()),
        (RuleSet::Classic, 2, Board::Side(3))
    );
    assert_eq!(
        s.computers.iter().collect::<Vec<_>>(),
        [Player::new(1).unwrap()]
    );
    assert_eq!(s.ai, AiKind::Search);
    // The command that plays the same game: the rule set's own numbers
    // and a second a move go without saying.
    assert_eq!(
        s.command().join(" "),
        "--seed 42 --size 3 --computer b --ai search --deal balanced"
    );
}

/// The first key is not lost: with no unfinished game offered, `Down 4
/// Enter` chooses the board (the line under the rule set) of side 4 and
/// starts it (issue 36: focus began on the start button, so `Down` went to
/// the rule set and `4` did nothing).
#[test]
fn down_four_enter_starts_a_four_by_four_game() {
    let mut s = screen();
    assert_eq!(s.key(Key::Down), Action::Continue);
    assert_eq!(s.focused(), Field::Board);
    s.key(Key::Digit(4));
    assert_eq!(s.key(Key::Select), Action::Start);
    assert_eq!(s.board, Board::Side(4));
    assert_eq!(s.new_game().board, session::Board::Hexagons(4));
}

#[test]
fn arrows_move_round_the_lines_and_change_the_rule_set_with_its_defaults() {
    let mut s = screen();
    s.key(Key::End);
    s.key(Key::Down);
    assert_eq!(s.focused(), Field::Rules, "down from the last line wraps");
    s.key(Key::Up);
    assert_eq!(s.focused(), Field::Start);
    s.key(Key::Home);
    assert_eq!(s.key(Key::Right), Action::Continue);
    assert_eq!(
        (s.rules, s.players, s.board.clone()),
        (RuleSet::Lol4, 4, Board::Side(5))
    );
    assert_eq!(
        s.computers.len(),
        3,
        "a person at a, the computer at b, c, d"
    );
    assert_eq!(s.ai, AiKind::Mcts);
    s.key(Key::Right);
    s.key(Key::Right);
    assert_eq!(
        (s.rules, s.players, s.board.clone()),
        (RuleSet::Dicewars, 7, Board::RandomMap)
    );
    s.key(Key::Right);
    assert_eq!(s.rules, RuleSet::Classic, "round again");
    s.key(Key::Left);
    assert_eq!(s.rules, RuleSet::Dicewars);
    assert!(
        s.command()
            .join(" ")
            .starts_with("--rules dicewars --seed 42 --map random --computer b,c,d,e,f,g")
    );
}

#[test]
fn the_board_cycles_through_sides_a_random_map_and_the_map_files() {
    let mut s = screen();
    go_to(&mut s, Field::Board);
    s.key(Key::Left);
    assert_eq!(s.board, Board::Side(2));
    s.key(Key::Left);
    assert_eq!(s.board, Board::File(PathBuf::from("maps/duel-12.map")));
    assert!(s.command().join(" ").contains("--map maps/duel-12.map"));
    s.key(Key::Left);
    assert_eq!(s.board, Board::RandomMap);
    s.key(Key::Digit(7));
    assert_eq!(s.board, Board::Side(7), "a digit types a side");
    s.key(Key::Digit(1));
    assert_eq!(s.board, Board::Side(7), "1 is no side");
}

#[test]
fn players_and_their_seats() {
    let mut s = screen();
    go_to(&mut s, Field::Players);
    s.key(Key::Digit(4));
    assert_eq!(s.players, 4);
    assert_eq!(
        s.fields()
            .iter()
            .filter(|f| matches!(f, Field::Seat(_)))
            .count(),
        4
    );
    assert_eq!(s.computers.len(), 3, "new seats get the computer");
    s.key(Key::Digit(9));
    assert_eq!(s.players, 4, "9 players is too many");
    go_to(&mut s, Field::Seat(Player::A));
    s.key(Key::Right);
    assert_eq!(s.computers.len(), 4);
    s.key(Key::Left);
    assert!(!s.computers.contains(Player::A));
    go_to(&mut s, Field::First);
    s.key(Key::Left);
    assert_eq!(s.first.to_string(), "d");
    go_to(&mut s, Field::Players);
    s.key(Key::Left);
    s.key(Key::Left);
    assert_eq!(
        (s.players, s.first),
        (2, Player::A),
        "the first player stays in the game"
    );
    s.key(Key::Left);
    assert_eq!(s.players, 8, "round to the most");
}

#[test]
fn the_seed_is_typed_digit_by_digit_and_backspace_erases() {
    let mut s = screen();
    go_to(&mut s, Field::Seed);
    for d in [1, 2, 3] {
        s.key(Key::Digit(d));
    }
    assert_eq!(s.seed, 123);
    s.key(Key::Backspace);
    assert_eq!(s.seed, 12);
    s.key(Key::Right);
    assert_eq!(s.seed, 13);
    s.key(Key::Digit(5));
    assert_eq!(s.seed, 5, "after another key, digits start a new seed");
    for _ in 0..30 {
        s.key(Key::Digit(9));
    }
    assert_eq!(s.seed.to_string().len(), SEED_DIGITS, "no overflow");
}

#[test]
fn the_computer_and_its_strength() {
    let mut s = screen();
    go_to(&mut s, Field::Strength);
    s.key(Key::Left);
    assert_eq!(s.strength, Strength::Easy);
    assert!(
        s.command()
            .join(" ")
            .contains("--nodes 10000 --deal balanced")
    );
    go_to(&mut s, Field::Computer);
    s.key(Key::Right);
    assert_eq!(s.ai, AiKind::Lol, "the book's opponent comes second");
    // Under dice, no opponent that assumes every attack wins is offered.
    s.set_rules(RuleSet::Lol4);
    assert_eq!(&s.ais()[..2], [AiKind::Mcts, AiKind::Lol4]);
    assert!(s.ais().iter().all(|k| !k.assumes_sure_attacks()));
}

#[test]
fn enter_starts_r_resumes_and_q_esc_and_ctrl_c_leave() {
    let mut s = screen();
    assert_eq!(s.key(Key::Select), Action::Start);
    assert_eq!(s.key(Key::Redo), Action::Continue, "nothing to resume");
    assert_eq!(s.key(Key::Quit), Action::Quit);
    assert_eq!(s.key(Key::Cancel), Action::Quit);
    assert_eq!(s.key(Key::Interrupt), Action::Interrupt);
    assert_eq!(s.key(Key::Suspend), Action::Suspend);
    let resume = Resumable {
        path: PathBuf::from("x.txt"),
        about: "lol4".into(),
    };
    let mut s = Screen::new(None, Vec::new(), Some(resume), 1);
    assert_eq!(s.focused(), Field::Resume, "the unfinished game in focus");
    assert_eq!(s.key(Key::Select), Action::Resume);
    s.key(Key::Down);
    assert_eq!(s.key(Key::Select), Action::Start);
    assert_eq!(s.key(Key::Redo), Action::Resume);
}

#[test]
fn clicks_focus_a_line_and_its_arrows_change_it() {
    let mut s = screen();
    let rules = s.index_of(Field::Rules).unwrap();
    assert_eq!(s.click(target(rules, Part::More)), Action::Continue);
    assert_eq!((s.focused(), s.rules), (Field::Rules, RuleSet::Lol4));
    s.click(target(rules, Part::Less));
    assert_eq!(s.rules, RuleSet::Classic);
    let seat = s.index_of(Field::Seat(Player::A)).unwrap();
    s.click(target(seat, Part::Line));
    assert!(
        s.computers.contains(Player::A),
        "a click on a seat turns it"
    );
    let start = s.index_of(Field::Start).unwrap();
    assert_eq!(s.click(target(start, Part::Line)), Action::Start);
    assert_eq!(s.click(target(99, Part::Line)), Action::Continue);
    assert_eq!(s.click(Target::Cell(0)), Action::Continue);
}

#[test]
fn settings_read_back_and_bad_ones_are_reported() {
    let mut s = screen();
    s.set_rules(RuleSet::Lol4);
    s.strength = Strength::Strong;
    s.board = Board::File(PathBuf::from("maps/other.map"));
    let saved = s.saved();
    let again = Screen::new(Some(&saved), Vec::new(), None, 42);
    assert_eq!(again.message, None);
    assert_eq!(again.saved(), saved);
    assert!(
        again
            .boards()
            .contains(&Board::File(PathBuf::from("maps/other.map"))),
        "the map played last is offered"
    );
    for (field, bad) in [
        (
            "rule set",
            Saved {
                rules: "chess".into(),
                ..saved.clone()
            },
        ),
        (
            "board",
            Saved {
                board: "11x11".into(),
                ..saved.clone()
            },
        ),
        (
            "number of players",
            Saved {
                players: 9,
                ..saved.clone()
            },
        ),
        (
            "computer seat",
            Saved {
                computers: "bz".into(),
                ..saved.clone()
            },
        ),
        (
            "computer",
            Saved {
                ai: "search".into(),
                ..saved.clone()
            },
        ),
        (
            "strength",
            Saved {
                strength: "godlike".into(),
                ..saved.clone()
            },
        ),
        (
            "first player",
            Saved {
                first: "e".into(),
                ..saved.clone()
            },
        ),
    ] {
        let s = Screen::new(Some(&bad), Vec::new(), None, 42);
        assert_eq!(
            s.message.as_deref(),
            Some(
                format!("the settings saved last have a bad {field}; the defaults are used")
                    .as_str()
            )
        );
        assert_eq!(s.rules, RuleSet::Classic, "{field}: the defaults");
    }
}

#[test]
fn the_choices_make_a_new_game_named_by_its_own_command() {
    let mut s = screen();
    s.set_rules(RuleSet::Lol4);
    s.set_players(3);
    s.first = Player::B;
    s.strength = Strength::Easy;
    let new = s.new_game();
    assert_eq!(
        (new.rules, new.players, new.first, new.seed),
        (RuleSet::Lol4, 3, Player::B, Some(42))
    );
    assert_eq!(new.computers(), s.computers);
    assert_eq!(new.max_dice, RuleSet::Lol4.defaults().max_dice);
    assert_eq!(
        s.command().join(" "),
        "--rules lol4 --seed 42 --size 5 --players 3 --first b --computer b,c --ai mcts \
         --nodes 5000 --deal balanced"
    );
    // The command names the nodes the computer's seats get: `easy` is
    // 10,000 of `chance`'s, as long a think as 5,000 of `mcts`'s.
    s.ai = AiKind::Chance;
    assert!(s.command().join(" ").contains("--ai chance --nodes 10000"));
    s.ai = AiKind::Mcts;
    // With no computer seat the strength plays no part: hints think as
    // long as a game of the command line's.
    s.computers = PlayerSet::EMPTY;
    assert_eq!(
        s.command().join(" "),
        "--rules lol4 --seed 42 --size 5 --players 3 --first b --ai mcts --deal balanced"
    );
    s.board = Board::File(PathBuf::from("maps/duel-12.map"));
    assert_eq!(
        s.new_game().file(),
        Some((std::path::Path::new("maps/duel-12.map"), "map"))
    );
}

/// Under dice the screen has a practice switch, off at first; the game it
/// starts is practice once it is on (and the command says `--practice`).
#[test]
fn a_practice_switch_under_dice_only() {
    let mut s = screen();
    assert_eq!(s.index_of(Field::Practice), None, "classic has no dice");
    s.key(Key::Right);
    assert_eq!(s.rules, RuleSet::Lol4);
    go_to(&mut s, Field::Practice);
    assert!(!s.new_game().practice);
    s.key(Key::Right);
    assert!(s.new_game().practice);
    assert!(s.command().contains(&"--practice".to_string()));
}

#[test]
fn it_starts_on_the_balanced_deal_but_under_dice_wars() {
    let mut s = screen();
    assert_eq!(s.deal, DealChoice::Balanced);
    assert_eq!(s.new_game().deal, DealChoice::Balanced);
    assert!(
        s.command().join(" ").ends_with("--deal balanced"),
        "{:?}",
        s.command()
    );
    go_to(&mut s, Field::Deal);
    s.key(Key::Right);
    assert_eq!(s.new_game().deal, DealChoice::Book);
    assert!(!s.command().contains(&"--deal".to_string()));
    let at = s.index_of(Field::Deal).unwrap();
    s.click(target(at, Part::Line));
    assert_eq!(s.deal, DealChoice::Balanced);
    // Dice Wars deals its own way: no such line.
    go_to(&mut s, Field::Rules);
    while s.rules != RuleSet::Dicewars {
        s.key(Key::Right);
    }
    assert_eq!(s.index_of(Field::Deal), None);
    assert!(!s.command().contains(&"--deal".to_string()));
}

/// A map file chosen brings the players it is drawn for (issue 36: the
/// two-player `original-30.map` under Dice Wars kept 7 players, five out
/// at once); another board leaves them as they are.
#[test]
fn a_map_file_chosen_brings_the_players_it_is_drawn_for() {
    let original = PathBuf::from("maps/original-30.map");
    let mut s = Screen::new(None, vec![original.clone()], None, 42)
        .with_drawn_for(vec![(original.clone(), 2)]);
    go_to(&mut s, Field::Rules);
    while s.rules != RuleSet::Dicewars {
        s.key(Key::Right);
    }
    assert_eq!((s.players, s.board.clone()), (7, Board::RandomMap));
    go_to(&mut s, Field::Board);
    s.key(Key::Right);
    assert_eq!(s.board, Board::File(original));
    assert_eq!(s.players, 2);
    // The focus stays on the board, and the seats follow the players.
    assert_eq!(s.focused(), Field::Board);
    assert!(s.computers.iter().all(|p| p.index() < 2));
    assert_eq!(s.new_game().players, 2);
    s.key(Key::Right);
    assert_eq!((s.board.clone(), s.players), (Board::Side(2), 2));
}

#[test]
fn the_game_s_own_opponent_follows_the_number_of_players_unless_chosen() {
    let mut s = screen();
    s.set_rules(RuleSet::Lol4);
    assert_eq!((s.players, s.ai), (4, AiKind::Mcts));
    go_to(&mut s, Field::Players);
    s.key(Key::Digit(2));
    assert_eq!((s.players, s.ai), (2, AiKind::Chance));
    assert_eq!(s.ais()[0], AiKind::Chance, "the game's own comes first");
    s.key(Key::Digit(3));
    assert_eq!((s.players, s.ai), (3, AiKind::Mcts));
    // An opponent chosen stays whatever the count.
    s.ai = AiKind::Lol4;
    go_to(&mut s, Field::Players);
    s.key(Key::Digit(2));
    assert_eq!((s.players, s.ai), (2, AiKind::Lol4));
}
