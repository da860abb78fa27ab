//! The line mode: whole games, bad answers, the computer and hints,
//! undo and redo, transcripts.

use super::*;
use crate::ai::{AiKind, Budget};
use crate::game::{Move, Player};
use crate::ui::computer::Computers;

fn record(board: &str) -> Record {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
    Record::new(rules, start, Vec::new())
}

/// Plays `record` on with the answers `input`: how it ended, what it
/// printed, and the record at the end.
fn play(record: Record, input: &str, computers: Computers) -> (Outcome, String, Record) {
    let mut output = Vec::new();
    let mut session = Session::new(record, 0).with_seats(computers);
    let outcome = play_with(&mut session, &mut input.as_bytes(), &mut output, false).unwrap();
    (
        outcome,
        String::from_utf8(output).unwrap(),
        session.record().clone(),
    )
}

fn game_with(board: &str, moves: &str, kind: AiKind, computer: &str) -> (Outcome, String, Record) {
    let players = computer.chars().filter_map(Player::from_letter).collect();
    let computers = Computers::new(kind, players, 2, 1, Budget::nodes(10_000));
    play(record(board), moves, computers)
}

fn game(board: &str, moves: &str) -> (Outcome, String) {
    let (outcome, transcript, _) = play(record(board), moves, Computers::none());
    (outcome, transcript)
}

#[test]
fn a_whole_game() {
    let (outcome, transcript) = game("b-2 b-2 / a-2 b-1", "1\n1\n1\n1\n");
    assert_eq!(outcome, Outcome::Finished(PlayerSet::single(Player::B)));
    // The whole transcript is checked against tests/data/test-2x2.transcript.
    assert!(
        transcript.ends_with(
            "  b-1 a-1\na cannot attack: the game is over\ncells: a 1, b 3\nThe winner is b\n"
        ),
        "{transcript}"
    );
}

#[test]
fn bad_answers_ask_again_and_end_of_input_stops() {
    let (outcome, transcript) = game("b-2 b-2 / a-2 b-1", "\n0\n2\nx\n\u{e9}\n1\n");
    assert_eq!(outcome, Outcome::InputEnded);
    insta::assert_snapshot!(transcript);
}

#[test]
fn the_computer_moves_its_players_and_gives_hints() {
    // a: 2 -> 3, then a hint, then end turn; b (perfect) answers.
    let (outcome, transcript, _) =
        game_with("b-2 b-2 / a-2 b-1", "1\nh\n1\n", AiKind::Perfect, "b");
    assert_eq!(outcome, Outcome::Finished(PlayerSet::single(Player::B)));
    assert!(
        transcript.contains("hints (perfect):\n1. end turn"),
        "{transcript}"
    );
    assert!(
        transcript.contains("The computer would choose 1 (end turn)."),
        "{transcript}"
    );
    assert!(transcript.contains("b plays 0 -> 2\n"), "{transcript}");
    assert!(transcript.contains("b ends turn\n"), "{transcript}");
    assert!(
        transcript.ends_with("\nThe winner is b\n") && transcript.contains("\ncells: a "),
        "{transcript}"
    );
}

#[test]
fn people_get_hints_without_a_computer_player() {
    let (outcome, transcript, _) =
        game_with("b-2 b-2 / a-2 b-1", "h\n1\n1\n1\n1\n", AiKind::Search, "");
    assert_eq!(outcome, Outcome::Finished(PlayerSet::single(Player::B)));
    assert!(
        transcript.contains(
            "hints (search):\n1. 2 -> 3     loses (proven)  \
             <- the computer's choice\n"
        ) && transcript.contains(
            "worked out to the end, best play.\n\
             The computer would choose 1 (2 -> 3).\n"
        ),
        "{transcript}"
    );
    assert!(!transcript.contains(" plays "), "{transcript}");
    let (_, without) = game("b-2 b-2 / a-2 b-1", "h\nq\n");
    assert!(
        without.contains("There are no hints in this game.\n"),
        "{without}"
    );
}

#[test]
fn every_kind_can_play_both_sides() {
    for kind in AiKind::ALL {
        let (outcome, transcript, _) = game_with("a-3 b-2 / b-2 b-1", "", kind, "ab");
        assert!(
            matches!(outcome, Outcome::Finished(_)),
            "{kind}: {transcript}"
        );
        assert!(
            !transcript.contains("choose your move"),
            "{kind}: {transcript}"
        );
    }
}

#[test]
fn a_game_over_before_any_move_says_why() {
    let (outcome, transcript) = game("a-1 b-1 / b-1 a-1", "");
    assert_eq!(
        outcome,
        Outcome::Finished(PlayerSet::from_iter([Player::A, Player::B]))
    );
    assert_eq!(
        transcript,
        "The cells are numbered:\n      0   1\n    2   3\n\
         current player = a\n    a-1 b-1\n  b-1 a-1\n\
         a cannot attack: the game is over\n\
         cells: a 2, b 2\nThe game is a tie between a and b\n"
    );
}

#[test]
fn quitting() {
    let (outcome, transcript) = game("b-2 b-2 / a-2 b-1", "q\n");
    assert_eq!(outcome, Outcome::Quit);
    assert!(transcript.ends_with("a leaves the game.\n"), "{transcript}");
}

#[test]
fn undo_and_redo_between_people() {
    // 2 -> 3, undo, redo, undo twice (the second has nothing to take
    // back), 2 -> 3 again, end turn, redo (nothing: the new move
    // cleared it), quit.
    let (outcome, transcript, record) = game_with(
        "b-2 b-2 / a-2 b-1",
        "1\nu\nr\nu\nu\n1\n1\nr\nq\n",
        AiKind::Search,
        "",
    );
    assert_eq!(outcome, Outcome::Quit);
    for line in [
        "Taken back: a: 2 -> 3.\n",
        "Played again: a: 2 -> 3.\n",
        "There is no move to take back.\n",
        "There is no move to redo.\n",
    ] {
        assert!(transcript.contains(line), "{line}: {transcript}");
    }
    assert_eq!(
        record.moves(),
        [Move::Attack { from: 2, to: 3 }, Move::Pass]
    );
}

#[test]
fn against_the_computer_undo_goes_back_to_the_persons_move() {
    // Board A of the figures: a attacks and ends her turn, the computer
    // (b) answers with an attack and ends its turn; an undo takes back
    // b's moves and a's end of turn, back to where a was to move.
    let rules = Rules::classic(3, 2, 3).unwrap();
    let board = "a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let players = PlayerSet::single(Player::B);
    let computers = Computers::new(AiKind::Greedy, players, 2, 1, Budget::nodes(1_000));
    let (outcome, transcript, record) = play(
        Record::new(rules, start, Vec::new()),
        "1\n1\nu\nr\nu\nq\n",
        computers,
    );
    assert_eq!(outcome, Outcome::Quit);
    assert!(
        transcript.contains("Taken back: a: end turn, b: 1 -> 2, b: end turn.\n"),
        "{transcript}"
    );
    assert!(
        transcript.contains("Played again: a: end turn, b: 1 -> 2, b: end turn.\n"),
        "{transcript}"
    );
    assert_eq!(record.moves().len(), 1, "{transcript}");
    assert_eq!(record.end().player(), Player::A);
}

#[test]
fn a_record_prints_as_the_transcript() {
    let mut record = record("b-2 b-2 / a-2 b-1");
    for mv in [Move::Attack { from: 2, to: 3 }, Move::Pass] {
        record.push(mv).unwrap();
    }
    let mut out = Vec::new();
    transcript(&record, &mut out, false).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "The cells are numbered:\n      0   1\n    2   3\n\
         current player = a\n    b-2 b-2\n  a-2 b-1\na plays 2 -> 3\n\
         current player = a\n    b-2 b-2\n  a-1 a-1\na ends turn\n\
         current player = b\n    b-2 b-2\n  a-1 a-1\n\
         The record ends here, before the end of the game: b is to move.\n"
    );
}

#[test]
fn long_placement_lines_wrap_under_their_player() {
    let cases = [
        (
            "a: end turn: places 2 dice (0, 4)",
            "a: end turn: places 2 dice (0, 4)",
        ),
        (
            "g: end turn: places 12 dice (8, 4, 3, 7, 4, 11, 10, 3, 1, 8, 7, 6), 0 left in stock",
            "g: end turn: places 12 dice (8, 4, 3, 7, 4, 11, 10, 3, 1, 8, 7, 6),\n   0 left in stock",
        ),
        (
            "c: end turn: places 16 dice (2, 4, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 22, 23, 24)",
            "c: end turn: places 16 dice (2, 4, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 22,\n   23, 24)",
        ),
    ];
    for (line, shown) in cases {
        assert_eq!(wrapped_event(line), shown);
        assert!(shown.lines().all(|l| l.len() <= 80), "{shown}");
    }
}

/// A network game held in memory: a session behind a lock.
struct Solo(std::sync::Mutex<Session>);

impl crate::session::Table for Solo {
    fn view(&self) -> crate::session::TableView {
        crate::session::TableView {
            record: self.0.lock().unwrap().record().clone(),
            notices: vec!["b sits".to_string()],
            closed: false,
        }
    }

    fn play(&self, seat: Player, after: usize, mv: Move) -> Result<(), crate::session::TableError> {
        let mut session = self.0.lock().unwrap();
        assert_eq!(session.record().plays().len(), after);
        assert_eq!(session.position().player(), seat);
        session.play(mv, false).unwrap();
        Ok(())
    }

    fn wait(
        &self,
        plays: usize,
        _: usize,
        _: std::time::Duration,
    ) -> Option<crate::session::TableView> {
        let view = self.view();
        (view.record.plays().len() > plays).then_some(view)
    }

    fn watch(&self, _: crate::session::Wake) -> crate::session::WatchId {
        unreachable!("the caller watches")
    }

    fn unwatch(&self, _: crate::session::WatchId) {}
}

/// What a test's network player does next: types a line, is woken by the
/// table, or b (the other seat) moves, the table's wake-up following.
enum Step {
    Type(&'static str),
    Wake,
    Other,
}

struct Script<'a>(&'a Solo, std::collections::VecDeque<Step>);

impl Source for Script<'_> {
    fn next(&mut self) -> io::Result<Said> {
        Ok(match self.1.pop_front() {
            Some(Step::Type(text)) => Said::Line(Line::Text(text.to_string())),
            Some(Step::Wake) => Said::Changed,
            Some(Step::Other) => {
                let mut session = (self.0).0.lock().unwrap();
                let mv = session.position().moves(session.rules())[0];
                session.play(mv, false).unwrap();
                Said::Changed
            }
            None => Said::Line(Line::End),
        })
    }
}

#[test]
fn a_network_seat_moves_at_its_turn_and_sees_the_others_moves() {
    let table = Solo(std::sync::Mutex::new(Session::new(
        record("b-2 b-2 / a-2 b-1"),
        0,
    )));
    let steps = [
        Step::Type("u"),
        Step::Type("h"),
        Step::Type("9"),
        Step::Type("1"),
        Step::Wake,
        Step::Type("1"),
        Step::Wake,
        Step::Type("1"),
        Step::Other,
        Step::Type("help"),
    ];
    let mut script = Script(&table, steps.into_iter().collect());
    let mut out = Vec::new();
    let end = play_table(&table, Some(Player::A), &mut script, &mut out, "the help").unwrap();
    assert_eq!(end, TableEnd::InputEnded);
    let text = String::from_utf8(out).unwrap();
    for said in [
        "The cells are numbered:",
        "choose your move:\n1. 2 -> 3\n",
        "Undo is off in network games.\n",
        "There are no hints in this game.\n",
        "There is no move 9: type 1.\n",
        "b to move\n",
        "wait: it is b's turn\n",
        "b plays ",
        "the help\n",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    assert!(
        !text.contains("a plays"),
        "a's own moves are not said:\n{text}"
    );
}
