//! The line mode: Land of Lisp's `play-vs-human` loop, safe against any
//! input, a front-end of a [`Session`] (which plays the moves, the
//! computer's too, undoes, redoes and keeps the game); and a whole record printed as the same
//! transcript (`replay` in the line mode).

pub mod input;

use std::io::{self, BufRead, Write};

use super::computer::hint_text;
use super::render;
use super::words::{
    computer_move_text, event_line, game_over_why, moves_text, played_again, result, taken_back,
};
use crate::game::{Battle, Move, PlayerSet, Position, Rules};
use crate::record::Record;
use crate::session::{Command, Event, FrontEndError, Session};
use input::{Answer, KEYS, Line, parse_answer, read_line};

/// How a line-mode game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game was played to its end.
    Finished(PlayerSet),
    /// A player typed `q`.
    Quit,
    /// The input ended before the game did.
    InputEnded,
    /// The input sent a line longer than any answer (see
    /// [`input::MAX_READ`]): it is read no further.
    Endless,
}

/// The line printed once at the start of a game at a terminal: what can be
/// typed at the prompt.
pub fn help_line() -> String {
    format!("Type a move's number and Enter ({KEYS}).")
}

/// Plays the game of `session` on from where it stands, reading the
/// people's answers from `input` and printing the game to `output`, the
/// computer moving its players (`b plays 3 -> 7`, `b ends turn`); a person
/// typing `h` gets every move rated, `u` takes back the last move (against
/// the computer, back to the last position where a person was to move) and
/// `r` plays it again, until a new move clears what could be redone. The
/// session keeps the game after every change, a failed save warned of each
/// time. The game ends with why (`b cannot attack: the game is over`) and
/// who won.
pub fn play_with(
    session: &mut Session,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
) -> Result<Outcome, FrontEndError> {
    let rules = session.rules().clone();
    let mut whole = true;
    loop {
        let position = session.position();
        show(output, &rules, &position, color, whole)?;
        whole = false;
        let moves = position.moves(&rules);
        if moves.is_empty() {
            show_end(output, &rules, &position)?;
            return Ok(Outcome::Finished(position.winners()));
        }
        if session.computer_to_move().is_some() {
            let events = session.computer_move()?;
            say(output, &rules, &position, &events)?;
            output.flush()?;
            continue;
        }
        output.write_all(render::menu(moves.iter().copied()).as_bytes())?;
        output.flush()?;
        loop {
            let answer = match read_line(input)? {
                Line::Text(text) => parse_answer(&text, moves.len()),
                Line::TooLong => {
                    Answer::Invalid("That line is too long: type a move number.".into())
                }
                Line::NotText => Answer::Invalid("That is not text: type a move number.".into()),
                Line::End => return Ok(Outcome::InputEnded),
                Line::Endless => return Ok(Outcome::Endless),
            };
            let command = match answer {
                Answer::Move(index) => Command::Play(moves[index]),
                Answer::Undo => Command::Undo,
                Answer::Redo => Command::Redo,
                Answer::Quit => Command::Quit,
                Answer::Hint => Command::Hint,
                Answer::Invalid(message) => {
                    writeln!(output, "{message}")?;
                    output.flush()?;
                    continue;
                }
            };
            let events = session.apply(command)?;
            say(output, &rules, &position, &events)?;
            match events.first() {
                Some(Event::Left(_)) => return Ok(Outcome::Quit),
                Some(Event::Played { .. } | Event::Undone(_) | Event::Redone(_)) => break,
                _ => output.flush()?,
            }
        }
    }
}

/// Prints what the session did at `at`: a move (under the rule sets other
/// than the classic one what it did, `b: 3 -> 7 rolls ...`; else the
/// computer's named, `b plays 3 -> 7`), what an undo or redo went over, hints, and warnings.
fn say(output: &mut impl Write, rules: &Rules, at: &Position, events: &[Event]) -> io::Result<()> {
    for event in events {
        match event {
            Event::Played {
                player,
                mv,
                event,
                computer,
            } => {
                // The line of what a move did names its player: the
                // computer's move is said once, by it where there is one.
                match event_line(rules, *player, *mv, event) {
                    Some(line) => writeln!(output, "{}", wrapped_event(&line))?,
                    None if *computer => writeln!(output, "{}", computer_move_text(*player, *mv))?,
                    None => {}
                }
            }
            Event::Undone(moves) => {
                writeln!(output, "{}", taken_back(&moves_text(moves.iter().copied())))?
            }
            Event::Redone(moves) => writeln!(
                output,
                "{}",
                played_again(&moves_text(moves.iter().copied()))
            )?,
            Event::NothingToUndo { .. } => writeln!(output, "There is no move to take back.")?,
            Event::NothingToRedo => writeln!(output, "There is no move to redo.")?,
            Event::Hints { name, analysis } => {
                output.write_all(hint_text(name, analysis, rules, at).as_bytes())?;
            }
            Event::NothingToRate => writeln!(output, "There is no move to rate.")?,
            Event::NoHints => writeln!(output, "There are no hints in this game.")?,
            Event::Left(player) => writeln!(output, "{player} leaves the game.")?,
            Event::SaveFailed(warning) => writeln!(output, "{warning}")?,
            Event::GameOver(_) | Event::Saved => {}
        }
    }
    Ok(())
}

/// An event line wrapped to 80 columns, a long placement going on under
/// its player (`a: `), what is left (`0 left in stock`) kept whole.
fn wrapped_event(line: &str) -> String {
    let mut pieces: Vec<String> = Vec::new();
    let (cells, left) = match line.rsplit_once("), ") {
        Some((cells, left)) => (cells, Some(left)),
        None => (line, None),
    };
    pieces.extend(cells.split(' ').map(str::to_string));
    if let (Some(left), Some(last)) = (left, pieces.last_mut()) {
        last.push_str("),");
        pieces.push(left.to_string());
    }
    crate::text::wrap_pieces(
        pieces.iter().map(String::as_str),
        crate::text::COLUMNS,
        "   ",
    )
}

/// Prints a position as the book does: the player to move and the board.
/// The first position printed (`whole`) comes with the cells' numbers (a
/// board of hexagons) or the whole map and its table of territories; after
/// it, a map of territories is printed short, as each player's territories
/// and their dice (`a: 3:5 4:3`), named by the numbers the moves use.
fn show(
    output: &mut impl Write,
    rules: &Rules,
    at: &Position,
    color: bool,
    whole: bool,
) -> io::Result<()> {
    let player = at.player();
    let map = rules.map();
    if whole && let Some(numbers) = render::numbers(map, at.board()) {
        writeln!(output, "The cells are numbered:")?;
        output.write_all(numbers.as_bytes())?;
    }
    writeln!(
        output,
        "current player = {}",
        render::paint(&player.to_string(), player, color)
    )?;
    if !whole && map.grid().is_some() {
        let players = rules.players();
        return output.write_all(render::holdings(map, at.board(), players, color).as_bytes());
    }
    output.write_all(render::board(map, at.board(), color).as_bytes())
}

/// Prints why the game is over at a position, each player's cells and who
/// won.
fn show_end(output: &mut impl Write, rules: &Rules, at: &Position) -> io::Result<()> {
    writeln!(output, "{}", game_over_why(rules, at))?;
    writeln!(
        output,
        "{}",
        render::cell_counts(at.board(), rules.players())
    )?;
    writeln!(output, "{}", result(at.winners()))
}

/// Prints a whole record as the line mode's transcript: each position (the
/// player to move and the board) and the move played there (`a plays 2 ->
/// 3`, `a ends turn`, with its roll if it has one), then how the game ends,
/// or that the record stops before its end.
pub fn transcript(record: &Record, output: &mut impl Write, color: bool) -> io::Result<()> {
    let rules = record.rules();
    let positions: Vec<_> = record.positions().collect();
    for (i, position) in positions.iter().enumerate() {
        let player = position.player();
        show(output, rules, position, color, i == 0)?;
        match record.plays().get(i) {
            Some(play) if play.mv == Move::Pass => {
                writeln!(output, "{}", computer_move_text(player, play.mv))?;
                // Where the dice went, as the game said it when it was played.
                let placed = play.placed.cells();
                let said = position
                    .play_recorded(rules, play.mv, play.roll, placed)
                    .ok()
                    .and_then(|played| event_line(rules, player, play.mv, &played.event));
                if let Some(line) = said {
                    writeln!(output, "{}", wrapped_event(&line))?;
                }
            }
            Some(play) => {
                let text = computer_move_text(player, play.mv);
                match play.roll {
                    Some(roll) if rules.policy().battle == Battle::Dice => {
                        let taken = roll.attacker_wins();
                        let how = if taken { "taken" } else { "held" };
                        writeln!(output, "{text} rolls {roll}: {how}")?;
                    }
                    Some(roll) => writeln!(output, "{text} (rolls {})", roll.faces())?,
                    None => writeln!(output, "{text}")?,
                }
            }
            None if position.is_game_over(rules) => show_end(output, rules, position)?,
            None => writeln!(
                output,
                "The record ends here, before the end of the game: {player} is to move."
            )?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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

    fn game_with(
        board: &str,
        moves: &str,
        kind: AiKind,
        computer: &str,
    ) -> (Outcome, String, Record) {
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
                "hints (search):\n1. 2 -> 3     lost with best play by both (proven)  \
                 <- the computer's choice\n\
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
}
