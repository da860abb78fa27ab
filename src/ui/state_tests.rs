//! Tests of the state machine (a child module of `state`).

use super::tests_support::app;
use super::*;

const MENU_BOARD: &str = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1";

#[test]
fn the_cursor_starts_on_the_first_players_first_cell() {
    assert_eq!(app(MENU_BOARD).cursor(), 1);
}

#[test]
fn left_and_right_stay_in_the_row() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Left);
    assert_eq!(a.cursor(), 0);
    a.key(Key::Left);
    assert_eq!(a.cursor(), 0);
    for _ in 0..5 {
        a.key(Key::Right);
    }
    assert_eq!(a.cursor(), 2);
}

#[test]
fn up_and_down_go_to_the_hexagon_above_and_below() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Right); // cell 2
    a.key(Key::Down); // below cell 2: 5 (straight down in the rules' terms)
    assert_eq!(a.cursor(), 5);
    a.key(Key::Down); // zigzag back under cell 2's column: 8 lies right of 5
    assert_eq!(a.cursor(), 8);
    a.key(Key::Down);
    assert_eq!(a.cursor(), 8, "no row below");
    a.key(Key::Up);
    assert_eq!(a.cursor(), 5);
    a.key(Key::Up);
    assert_eq!(a.cursor(), 2);
    a.key(Key::Up);
    assert_eq!(a.cursor(), 2, "no row above");
}

#[test]
fn only_cells_that_can_attack_are_marked() {
    let mut a = app(MENU_BOARD);
    assert_eq!(a.sources(), [3, 5]);
    a.click(Target::Cell(0));
    assert_eq!(a.marked(), None);
    assert!(a.message().unwrap().contains("belongs to b"));
    a.click(Target::Cell(1));
    assert_eq!(a.marked(), None);
    assert!(a.message().unwrap().contains("cannot attack"));
    a.key(Key::Down); // from 1 down to 4, then left to 3
    a.key(Key::Left);
    assert_eq!(a.cursor(), 3);
    a.key(Key::Select);
    assert_eq!(a.marked(), Some(3));
    assert_eq!(a.targets(), [7]);
}

#[test]
fn a_marked_source_attacks_a_legal_target_and_ignores_others() {
    let mut a = app(MENU_BOARD);
    a.click(Target::Cell(5));
    assert_eq!(a.marked(), Some(5));
    assert_eq!(a.targets(), [8, 4]);
    a.click(Target::Cell(2));
    assert_eq!(a.marked(), Some(5), "an illegal target is ignored");
    assert!(a.message().unwrap().contains("cannot attack cell 2"));
    a.key(Key::Down); // the cursor is on 2, the click moved it
    assert_eq!(a.cursor(), 5);
    a.key(Key::Down);
    assert_eq!(a.cursor(), 8);
    a.key(Key::Select);
    assert_eq!(a.marked(), None);
    assert_eq!(a.position().board().cell(8).to_string(), "a-2");
    assert_eq!(a.log(), ["a: 5 -> 8, took 1 die from b"]);
}

#[test]
fn escape_cancels_the_mark_and_clicking_the_mark_again_too() {
    let mut a = app(MENU_BOARD);
    a.click(Target::Cell(5));
    a.key(Key::Cancel);
    assert_eq!(a.marked(), None);
    a.click(Target::Cell(5));
    a.click(Target::Cell(5));
    assert_eq!(a.marked(), None);
    assert!(a.log().is_empty());
}

#[test]
fn ending_the_turn_needs_an_attack_first() {
    let mut a = app(MENU_BOARD);
    a.key(Key::EndTurn);
    assert!(a.message().unwrap().starts_with("Attack at least once"));
    assert_eq!(a.position().player(), Player::A);
    a.key(Key::Digit(1)); // 3 -> 7 takes 1 die
    a.key(Key::Digit(2)); // now: end turn, 5 -> 8, 5 -> 4: picks 5 -> 8
    assert_eq!(a.position().captured(), 2);
    a.key(Key::EndTurn);
    assert_eq!(a.position().player(), Player::B);
    assert_eq!(
        a.log(),
        [
            "a: 3 -> 7, took 1 die from b",
            "a: 5 -> 8, took 1 die from b",
            "a: end turn, +1 die"
        ]
    );
}

#[test]
fn numbers_past_the_menu_are_refused() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Digit(4));
    assert!(a.message().unwrap().contains("no move 4"));
    a.key(Key::Digit(0));
    assert!(a.message().unwrap().contains("no move 0"));
    assert!(a.log().is_empty());
    assert_eq!(a.digits(), "");
}

#[test]
fn two_digit_numbers_wait_for_enter() {
    // Every a-3 faces 1-die neighbours: 24 attacks.
    const MANY: &str = "a-3 b-1 a-3 b-1 / b-1 a-3 b-1 a-3 / a-3 b-1 a-3 b-1 / b-1 a-3 b-1 a-3";
    assert_eq!(app(MANY).moves().len(), 24);
    let mut a = app(MANY);
    a.key(Key::Digit(1));
    assert_eq!(a.digits(), "1", "1 could start 10 to 19");
    a.key(Key::Digit(2));
    assert_eq!(a.digits(), "", "12 cannot grow: it is played");
    assert_eq!(a.log().len(), 1);
    let twelfth = app(MANY).moves()[11];
    assert!(
        a.log()[0].starts_with(&format!("a: {twelfth},")),
        "{:?}",
        a.log()
    );
    let mut b = app(MANY);
    b.key(Key::Digit(1));
    b.key(Key::Select);
    assert_eq!(b.log().len(), 1, "Enter picks move 1");
    assert!(b.log()[0].starts_with(&format!("a: {},", app(MANY).moves()[0])));
    let mut c = app(MANY);
    c.key(Key::Digit(1));
    c.key(Key::Cancel);
    assert_eq!(c.digits(), "");
    assert!(c.log().is_empty());
}

#[test]
fn backspace_erases_the_last_digit_typed() {
    const MANY: &str = "a-3 b-1 a-3 b-1 / b-1 a-3 b-1 a-3 / a-3 b-1 a-3 b-1 / b-1 a-3 b-1 a-3";
    let moves = app(MANY).moves();
    let mut a = app(MANY);
    a.key(Key::Digit(1));
    a.key(Key::Backspace);
    assert_eq!(
        (a.digits(), a.message()),
        ("", None),
        "nothing left to play"
    );
    a.key(Key::Digit(1));
    assert_eq!(a.digits(), "1", "a new number, not 11");
    assert!(a.log().is_empty());
    a.key(Key::Select);
    assert!(a.log()[0].starts_with(&format!("a: {},", moves[0])));
    let mut b = app(MANY);
    b.key(Key::Backspace);
    assert_eq!((b.digits(), b.message()), ("", None), "nothing to erase");
    assert!(b.log().is_empty());
}

#[test]
fn quitting_asks_first() {
    let mut a = app(MENU_BOARD);
    assert_eq!(a.key(Key::Quit), Effect::Continue);
    assert_eq!(a.overlay(), Overlay::ConfirmQuit);
    assert_eq!(a.key(Key::NewGame), Effect::Continue, "n is no");
    assert_eq!(a.overlay(), Overlay::None);
    a.key(Key::Quit);
    assert_eq!(a.key(Key::Yes), Effect::Quit);
    assert_eq!(a.key(Key::Interrupt), Effect::Quit, "Ctrl-C quits at once");
}

#[test]
fn help_opens_and_any_key_closes_it() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Help);
    assert_eq!(a.overlay(), Overlay::Help);
    a.key(Key::Right);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.cursor(), 1, "the key only closed the help");
}

#[test]
fn question_mark_turns_the_help_pages() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Help);
    assert_eq!((a.overlay(), a.help_page()), (Overlay::Help, 0));
    a.key(Key::Help);
    assert_eq!((a.overlay(), a.help_page()), (Overlay::Help, 1));
    a.key(Key::Cancel);
    assert_eq!(a.overlay(), Overlay::None);
    a.key(Key::Help);
    assert_eq!(a.help_page(), 0, "the help opens on its first page");
}

#[test]
fn a_game_over_before_any_move_says_why() {
    let a = app("a-1 b-1 / b-1 a-1");
    assert!(a.winners().is_some());
    assert_eq!(
        a.message(),
        Some(
            "a cannot attack: under Land of Lisp's first rules the game ends when the player \
             to move cannot attack. The game is a tie between a and b"
        )
    );
    assert_eq!(app(MENU_BOARD).message(), None);
}

#[test]
fn the_end_of_the_game_offers_a_new_game_or_quit() {
    let mut a = app("b-2 b-2 / a-2 b-1");
    a.key(Key::Digit(1)); // 2 -> 3
    a.key(Key::EndTurn);
    a.key(Key::Digit(1)); // b: 0 -> 2
    a.key(Key::EndTurn);
    assert_eq!(a.winners(), Some(PlayerSet::single(Player::B)));
    assert_eq!(
        a.message(),
        Some(
            "a cannot attack: under Land of Lisp's first rules the game ends when the player \
             to move cannot attack. The winner is b"
        )
    );
    assert_eq!(a.key(Key::Left), Effect::Continue);
    assert_eq!(a.key(Key::NewGame), Effect::NewGame);
    assert_eq!(a.key(Key::Quit), Effect::Quit);
    assert!(a.new_game(5));
    assert!(a.winners().is_none());
    assert!(a.log().is_empty());
    assert_eq!(a.seed(), Some(5));
}

/// A hint provider rating every move `even`.
struct Fixed;

impl HintProvider for Fixed {
    fn hints(&mut self, rules: &Rules, position: &Position) -> Option<Vec<Hint>> {
        Some(
            position
                .moves(rules)
                .into_iter()
                .map(|mv| Hint {
                    mv,
                    rating: "even".into(),
                    best: false,
                    chance: None,
                })
                .collect(),
        )
    }
}

/// Presses `H`: the node whose hints the app asks for.
fn ask_hints(a: &mut App) -> Spot {
    match a.key(Key::Hint) {
        Effect::Hints(node) => node,
        effect => panic!("no hints asked for: {effect:?}"),
    }
}

/// The hints of the app's position, as the driver would work them out.
fn worked_out(a: &App) -> Option<Vec<Hint>> {
    Fixed.hints(a.rules(), &a.position())
}

#[test]
fn hints_are_asked_for_and_shown_when_they_come() {
    let mut a = app(MENU_BOARD);
    assert_eq!(a.key(Key::Hint), Effect::Continue);
    assert!(a.hints().is_none());
    assert!(a.message().unwrap().contains("no hints"));
    let mut a = app(MENU_BOARD).with_hints("fixed, up to 20 s");
    let node = ask_hints(&mut a);
    assert_eq!(a.hints_pending(), Some(node));
    assert!(a.hints().is_none(), "not worked out yet");
    let waiting = "Working out hints (fixed, up to 20 s)... Esc cancels.";
    assert_eq!(a.message(), Some(waiting));
    // Every key works meanwhile, and the wait is still told.
    assert_eq!(a.key(Key::Hint), Effect::Continue, "asked only once");
    a.key(Key::Right);
    assert_eq!(a.cursor(), 2);
    assert_eq!(a.message(), Some(waiting));
    a.key(Key::Help);
    assert_eq!(a.overlay(), Overlay::Help);
    a.key(Key::Help);
    a.key(Key::Other);
    assert!(a.hints_ready(node, worked_out(&a)));
    assert_eq!(a.hints().map(<[Hint]>::len), Some(3));
    assert_eq!(a.hints_pending(), None);
    assert!(a.message().unwrap().contains("rating is beside it"));
    a.key(Key::Digit(1));
    assert!(a.hints().is_none(), "hints are for one position");
}

#[test]
fn hints_that_come_too_late_are_dropped() {
    // A move played meanwhile.
    let mut a = app(MENU_BOARD).with_hints("fixed");
    let node = ask_hints(&mut a);
    let hints = worked_out(&a);
    a.key(Key::Digit(1));
    assert_eq!(a.hints_pending(), None);
    assert!(!a.hints_ready(node, hints));
    assert!(a.hints().is_none());
    // Cancelled with Esc, which then cancels nothing else.
    let mut a = app(MENU_BOARD).with_hints("fixed");
    let source = a.sources()[0];
    a.click(Target::Cell(source));
    assert_eq!(a.marked(), Some(source));
    let node = ask_hints(&mut a);
    a.key(Key::Cancel);
    assert_eq!(a.message(), Some("Hints cancelled."));
    assert_eq!(a.marked(), Some(source));
    assert!(!a.hints_ready(node, worked_out(&a)));
    assert!(a.hints().is_none());
    // Asked again, they are taken; none can be given is said.
    assert_eq!(ask_hints(&mut a), node);
    assert!(a.hints_ready(node, None));
    assert_eq!(a.message(), Some("No hint can be given here."));
    assert!(a.hints().is_none());
    // A new game drops what the last one asked for.
    let node = ask_hints(&mut a);
    assert!(a.new_game(5));
    assert!(!a.hints_ready(node, worked_out(&a)));
    assert!(a.hints().is_none());
}

/// The 2x2 game of `boards/test-2x2.txt`, b played by the computer.
fn against_the_computer() -> App {
    app("b-2 b-2 / a-2 b-1").with_computers(PlayerSet::single(Player::B), "greedy")
}

#[test]
fn the_computers_turn_is_detected() {
    let mut a = against_the_computer();
    assert_eq!(a.computers(), PlayerSet::single(Player::B));
    assert_eq!(a.computer_to_move(), None, "a is a person");
    assert!(!a.computer_move(Move::Pass), "not the computer's turn");
    a.key(Key::Digit(1)); // a: 2 -> 3
    assert_eq!(a.computer_to_move(), None, "still a's turn");
    a.key(Key::EndTurn);
    assert_eq!(a.computer_to_move(), Some(Player::B));
    assert_eq!(
        a.message(),
        Some("b's turn: the computer (greedy) plays it.")
    );
    let all = app("b-2 b-2 / a-2 b-1").with_computers(PlayerSet::single(Player::A), "perfect");
    assert_eq!(
        all.computer_to_move(),
        Some(Player::A),
        "the computer may move first"
    );
    assert!(all.message().unwrap().contains("the computer (perfect)"));
}

#[test]
fn the_computers_moves_are_played_and_logged() {
    let mut a = against_the_computer();
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    let illegal = Move::Attack { from: 3, to: 2 };
    assert!(!a.computer_move(illegal));
    assert!(
        a.message().unwrap().contains("not legal"),
        "{:?}",
        a.message()
    );
    assert!(a.computer_move(Move::Attack { from: 0, to: 2 }));
    assert_eq!(a.last_move(), Some(Move::Attack { from: 0, to: 2 }));
    assert_eq!(a.message(), Some("b took cell 2."));
    assert_eq!(a.computer_to_move(), Some(Player::B), "b may go on");
    assert!(a.computer_move(Move::Pass));
    assert_eq!(a.computer_to_move(), None, "the game is over");
    assert!(!a.computer_move(Move::Pass));
    assert_eq!(
        a.log(),
        [
            "a: 2 -> 3, took 1 die from b",
            "a: end turn, +0 dice",
            "b: 0 -> 2, took 1 die from a",
            "b: end turn, +0 dice",
        ]
    );
    assert_eq!(
        a.message(),
        Some(
            "a cannot attack: under Land of Lisp's first rules the game ends when the player \
             to move cannot attack. The winner is b"
        )
    );
}

#[test]
fn the_board_refuses_people_while_the_computer_moves() {
    let mut a = against_the_computer();
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    let cursor = a.cursor();
    for key in [
        Key::Digit(1),
        Key::Select,
        Key::EndTurn,
        Key::Left,
        Key::Up,
        Key::Hint,
        Key::Cancel,
    ] {
        assert_eq!(a.key(key), Effect::Continue);
        assert!(
            a.message()
                .unwrap()
                .starts_with("The computer is playing b"),
            "{key:?}: {:?}",
            a.message()
        );
    }
    for target in [
        Target::Cell(0),
        Target::Menu(0),
        Target::Button(Key::EndTurn),
    ] {
        assert_eq!(a.click(target), Effect::Continue);
    }
    assert_eq!(a.cursor(), cursor);
    assert_eq!(a.marked(), None);
    assert_eq!(a.log().len(), 2, "nothing was played");
    assert_eq!(a.computer_to_move(), Some(Player::B));
    a.key(Key::Help);
    assert_eq!(a.overlay(), Overlay::Help, "? still works");
    a.key(Key::Other);
    assert_eq!(a.overlay(), Overlay::None);
}

#[test]
fn quitting_while_the_computer_moves() {
    let mut a = against_the_computer();
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    assert_eq!(a.key(Key::Quit), Effect::Continue);
    assert_eq!(a.overlay(), Overlay::ConfirmQuit);
    assert_eq!(a.key(Key::No), Effect::Continue);
    assert_eq!(a.overlay(), Overlay::None);
    assert!(a.computer_move(Move::Attack { from: 0, to: 2 }));
    a.key(Key::Quit);
    assert_eq!(a.key(Key::Yes), Effect::Quit);
    assert_eq!(a.key(Key::Interrupt), Effect::Quit, "Ctrl-C at once");
}

#[test]
fn a_new_game_keeps_the_computer_players() {
    let mut a = app("b-2 b-2 / a-2 b-1")
        .with_computers(PlayerSet::from_iter([Player::A, Player::B]), "greedy");
    assert!(a.computer_move(Move::Attack { from: 2, to: 3 }));
    assert!(a.computer_move(Move::Pass));
    assert!(a.computer_move(Move::Attack { from: 0, to: 2 }));
    assert!(a.computer_move(Move::Pass));
    assert!(a.winners().is_some());
    assert_eq!(a.key(Key::NewGame), Effect::NewGame, "n on the end screen");
    assert!(a.new_game(5));
    assert_eq!(a.computers().iter().count(), 2);
    assert_eq!(a.ai_name(), "greedy");
    assert_eq!(a.computer_to_move(), Some(Player::A));
}

#[test]
fn characters_name_the_keys() {
    for (c, key) in [
        ('j', Key::Down),
        ('H', Key::Hint),
        ('h', Key::Left),
        ('7', Key::Digit(7)),
        (' ', Key::Select),
        ('Q', Key::Quit),
        ('\u{e9}', Key::Other),
    ] {
        assert_eq!(Key::from_char(c), key, "{c:?}");
    }
}

#[test]
fn when_the_turn_passes_the_cursor_goes_to_the_new_players_strongest_cell() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Right);
    let left_at = a.cursor();
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    let position = a.position();
    assert_eq!(position.player(), Player::B);
    let board = position.board();
    let here = board.cell(a.cursor());
    assert_eq!(here.owner(), Player::B, "{a:?}");
    assert!(a.sources().contains(&a.cursor()), "{a:?}");
    let most = a.sources().iter().map(|&s| board.cell(s).dice()).max();
    assert_eq!(Some(here.dice()), most);
    // b moves the cursor, attacks and ends her turn: a's cursor is back
    // where a left it, if a still owns that cell.
    a.key(Key::Digit(1));
    a.key(Key::EndTurn);
    assert_eq!(a.position().player(), Player::A);
    if a.position().board().cell(left_at).owner() == Player::A {
        assert_eq!(a.cursor(), left_at);
    } else {
        assert_eq!(a.position().board().cell(a.cursor()).owner(), Player::A);
    }
}
