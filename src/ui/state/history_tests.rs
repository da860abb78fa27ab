//! Tests of undo, redo, resumed games and replays (a child module of
//! `state`'s `history`).

use super::super::tests_support::app;
use super::super::*;

const MENU_BOARD: &str = "b-2 a-1 a-1 / a-2 b-2 a-3 / b-3 b-1 b-1";

/// The random 3x3 board of seed 1, two players, `computers` moved by the
/// computer.
fn seeded(computers: PlayerSet) -> App {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    App::new(rules, start, Some(1)).with_computers(computers, "first")
}

/// Plays the computer's turn by taking its first move each time.
fn computer_turn(a: &mut App) {
    while a.computer_to_move().is_some() {
        let mv = a.moves()[0];
        assert!(a.computer_move(mv));
    }
}

/// What the player sees of the game, the message aside.
fn seen(a: &App) -> (Position, Vec<String>, Option<Move>, Vec<Move>, usize) {
    (
        a.position(),
        a.log().to_vec(),
        a.last_move(),
        a.moves(),
        a.cursor(),
    )
}

#[test]
fn undo_and_redo_step_one_move_at_a_time_between_people() {
    let mut a = app(MENU_BOARD);
    let start = seen(&a);
    assert!(!a.can_undo() && !a.can_redo());
    a.key(Key::Undo);
    assert_eq!(
        a.message(),
        Some("Nothing to undo: no move has been played.")
    );
    a.key(Key::Digit(2));
    let one = seen(&a);
    a.key(Key::Digit(1));
    let two = seen(&a);
    assert_eq!(a.log().len(), 2);
    let changes = a.changes();
    a.key(Key::Undo);
    assert_eq!(seen(&a), one);
    assert!(
        a.message().unwrap().starts_with("Undone: a: "),
        "{:?}",
        a.message()
    );
    a.key(Key::Undo);
    assert_eq!(seen(&a), start);
    assert_eq!(a.changes(), changes + 2, "each undo changes the game");
    assert!(!a.can_undo() && a.can_redo());
    a.key(Key::Redo);
    assert_eq!(seen(&a), one);
    assert!(a.message().unwrap().starts_with("Redone: a: "));
    a.key(Key::Redo);
    assert_eq!(seen(&a), two);
    a.key(Key::Redo);
    assert_eq!(
        a.message(),
        Some("Nothing to redo: no move was taken back.")
    );
    assert_eq!(a.history().len(), 2);
}

#[test]
fn a_new_move_forgets_the_moves_taken_back() {
    let mut a = app(MENU_BOARD);
    a.key(Key::Digit(2));
    a.key(Key::Digit(1));
    a.key(Key::Undo);
    a.key(Key::Undo);
    assert!(a.can_redo());
    a.key(Key::Digit(3));
    assert!(!a.can_redo(), "the redo list is gone");
    assert_eq!(a.history(), [app(MENU_BOARD).moves()[2]]);
    assert_eq!(a.full_log(), a.log());
}

#[test]
fn undo_forgets_the_mark_the_number_and_the_hints() {
    let mut a = app(MENU_BOARD).with_hints("rated");
    a.key(Key::Digit(2));
    let Effect::Hints(node) = a.key(Key::Hint) else {
        panic!("no hints asked for");
    };
    let source = a.sources()[0];
    a.click(Target::Cell(source));
    assert_eq!(a.marked(), Some(source));
    assert!(a.hints_pending().is_some());
    a.key(Key::Undo);
    assert_eq!((a.marked(), a.digits()), (None, ""));
    assert_eq!(a.hints_pending(), None);
    assert!(
        !a.hints_ready(node, Some(Vec::new())),
        "for another position"
    );
    assert!(a.hints().is_none());
}

#[test]
fn against_the_computer_undo_goes_back_to_the_persons_turn() {
    let mut a = seeded(PlayerSet::single(Player::B));
    let start = seen(&a);
    a.key(Key::Digit(1)); // an attack: still a's turn
    let attacked = seen(&a);
    a.key(Key::EndTurn);
    assert_eq!(a.computer_to_move(), Some(Player::B));
    computer_turn(&mut a);
    assert_eq!(a.position().player(), Player::A);
    let after = seen(&a);
    let played = a.history().len();
    assert!(played >= 4, "{played}");
    // Back over b's moves and a's end of turn, to a's turn after the attack.
    a.key(Key::Undo);
    assert_eq!(seen(&a), attacked);
    assert!(
        a.message().unwrap().contains("moves, back to a's turn"),
        "{:?}",
        a.message()
    );
    a.key(Key::Undo);
    assert_eq!(seen(&a), start);
    a.key(Key::Redo);
    assert_eq!(seen(&a), attacked, "one move: a is to move again");
    a.key(Key::Redo);
    assert_eq!(seen(&a), after, "the computer's moves with it");
    assert_eq!(a.history().len(), played);
}

#[test]
fn undo_while_the_computer_is_to_move_and_at_the_end() {
    let mut a = seeded(PlayerSet::single(Player::B));
    a.key(Key::Digit(1));
    let attacked = seen(&a);
    a.key(Key::EndTurn);
    assert!(a.computer_to_move().is_some());
    a.key(Key::Undo);
    assert_eq!(seen(&a), attacked);
    assert_eq!(a.computer_to_move(), None);
    // To the end of the game, then back from it.
    while a.winners().is_none() {
        computer_turn(&mut a);
        if a.winners().is_none() {
            a.click(Target::Menu(0));
        }
    }
    let end = seen(&a);
    a.key(Key::Undo);
    assert!(a.winners().is_none());
    assert!(a.computer_to_move().is_none(), "a person's turn");
    a.key(Key::Redo);
    assert_eq!(seen(&a), end);
    assert!(a.message().unwrap().contains("game"), "{:?}", a.message());
}

#[test]
fn nothing_to_undo_before_a_person_has_moved() {
    let mut a = seeded(PlayerSet::single(Player::A));
    computer_turn(&mut a);
    assert!(!a.history().is_empty());
    assert!(!a.can_undo());
    a.key(Key::Undo);
    assert_eq!(
        a.message(),
        Some("Nothing to undo: no person has moved yet.")
    );
    let mut all = seeded([Player::A, Player::B].into_iter().collect());
    all.computer_move(all.moves()[0]);
    assert!(!all.can_undo(), "the computer plays itself");
}

#[test]
fn a_resumed_game_is_the_game_played_and_can_be_undone() {
    let mut played = seeded(PlayerSet::EMPTY);
    for i in 0..6 {
        let count = played.moves().len();
        played.click(Target::Menu(i * 5 % count));
    }
    let moves = played.history();
    let rules = played.rules().clone();
    let start = played.position_after(0);
    let mut resumed = App::resume(rules.clone(), start, &moves, Some(1)).unwrap();
    assert_eq!(resumed.position(), played.position());
    assert_eq!(resumed.log(), played.log());
    assert_eq!(resumed.history(), moves);
    assert!(resumed.message().unwrap().contains("after 6 moves"));
    resumed.key(Key::Undo);
    assert_eq!(resumed.history(), moves[..5]);
    let mut wrong = moves.clone();
    wrong[3] = Move::Attack { from: 0, to: 0 };
    let error = App::resume(rules, start, &wrong, None).unwrap_err();
    assert_eq!(error.number, 4);
    assert_eq!(error.to_string(), "move 4 (0 -> 0) is not legal there");
}

/// A replay of the seeded game's first `n` moves, each the menu's first,
/// with b the computer's.
fn replay(n: usize) -> (App, Vec<Position>) {
    let mut played = seeded(PlayerSet::EMPTY);
    let mut positions = vec![played.position()];
    for _ in 0..n {
        played.click(Target::Menu(0));
        positions.push(played.position());
    }
    let app = App::replay(
        played.rules().clone(),
        positions[0],
        &played.history(),
        Some(1),
    )
    .unwrap()
    .with_computers(PlayerSet::single(Player::B), "greedy");
    (app, positions)
}

#[test]
fn a_replay_steps_forward_and_back_and_jumps() {
    let (mut a, positions) = replay(6);
    assert!(a.replaying());
    assert_eq!(a.replay_at(), (0, 6));
    assert_eq!(a.position(), positions[0]);
    assert_eq!(a.full_log().len(), 6);
    assert_eq!(a.computer_to_move(), None, "no computer plays in a replay");
    for key in [Key::Right, Key::Down, Key::Redo] {
        a.key(key);
    }
    assert_eq!(a.replay_at(), (3, 6));
    assert_eq!(a.position(), positions[3]);
    assert_eq!(a.log().len(), 3);
    a.key(Key::Left);
    assert_eq!(a.position(), positions[2]);
    a.key(Key::End);
    assert_eq!(a.position(), positions[6]);
    a.key(Key::Right);
    assert_eq!(a.replay_at(), (6, 6), "no further than the end");
    assert!(a.message().unwrap().contains("c continues"));
    a.key(Key::Home);
    assert_eq!(a.position(), positions[0]);
    a.key(Key::Up);
    assert_eq!(a.replay_at(), (0, 6), "no further back than the start");
    a.key(Key::Digit(4));
    assert_eq!(a.digits(), "4");
    assert_eq!(a.replay_at(), (0, 6), "a number waits for Enter");
    a.key(Key::Select);
    assert_eq!(a.position(), positions[4]);
    a.key(Key::Digit(9));
    assert!(a.message().unwrap().contains("There is no move 9"));
    assert_eq!(a.digits(), "");
    a.key(Key::Digit(1));
    a.key(Key::Backspace);
    assert_eq!((a.digits(), a.message()), ("", None), "Backspace erases it");
    a.key(Key::Digit(1));
    a.key(Key::Cancel);
    assert_eq!((a.digits(), a.message()), ("", Some("Number cancelled.")));
    assert_eq!(a.replay_at(), (4, 6), "nowhere else");
    a.click(Target::Step(1));
    assert_eq!(a.position(), positions[1]);
    assert_eq!(a.changes(), 0, "stepping does not change the game");
    assert_eq!(
        a.key(Key::Quit),
        Effect::Quit,
        "nothing to lose: no question"
    );
}

#[test]
fn a_replay_plays_through_on_the_ticks() {
    let (mut a, positions) = replay(3);
    assert!(!a.tick(), "not playing");
    a.key(Key::Play);
    assert!(a.playing());
    assert!(a.tick());
    assert_eq!(a.position(), positions[1]);
    a.key(Key::Cancel);
    assert!(!a.playing() && !a.tick(), "Esc pauses");
    assert_eq!(a.message(), Some("Paused."));
    a.key(Key::Play);
    a.key(Key::Play);
    assert!(!a.playing() && !a.tick(), "p pauses");
    a.key(Key::Play);
    assert!(a.tick() && a.tick());
    assert_eq!(a.replay_at(), (3, 3));
    assert!(!a.playing(), "it stops at the end");
    a.key(Key::Play);
    assert_eq!(a.replay_at(), (0, 3), "p at the end plays it again");
    a.key(Key::Right);
    assert!(!a.playing(), "a step pauses it");
}

#[test]
fn continuing_a_replay_is_a_game_with_the_same_players() {
    let (mut a, positions) = replay(6);
    a.key(Key::Digit(2));
    a.key(Key::Select);
    a.key(Key::Continue);
    assert!(!a.replaying());
    assert_eq!(a.changes(), 1, "continuing changes the game");
    assert_eq!(a.position(), positions[2]);
    assert_eq!(a.history().len(), 2);
    assert_eq!(a.log().len(), 2);
    // The recorded moves wait in the redo list.
    assert!(a.can_redo());
    if a.computer_to_move().is_none() {
        a.key(Key::Redo);
        assert!(a.history().len() > 2);
        a.key(Key::Undo);
    }
    assert_eq!(a.computers(), PlayerSet::single(Player::B));
}

#[test]
fn a_replay_of_illegal_moves_is_refused() {
    let a = app(MENU_BOARD);
    let start = a.position();
    let error = App::replay(a.rules().clone(), start, &[Move::Pass], None).unwrap_err();
    assert_eq!(
        error,
        IllegalMoveAt {
            number: 1,
            mv: Move::Pass
        }
    );
}
