//! The line mode: Land of Lisp's `play-vs-human` loop, safe against any
//! input, with the computer's moves, hints, undo and redo, the record kept
//! up to date after every change; and a whole record printed as the same
//! transcript (`replay` in the line mode).

use std::io::{self, BufRead, Write};

use super::computer::{Computers, computer_move_text, hint_text};
use super::input::{Answer, KEYS, Line, parse_answer, read_line};
use super::render;
use super::saving::Saver;
use crate::game::{Battle, Event, Move, Player, PlayerSet, Position, Rules};
use crate::record::{Play, Record};
use rand_chacha::ChaCha8Rng;

/// How a line-mode game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game was played to its end.
    Finished(PlayerSet),
    /// A player typed `q`.
    Quit,
    /// The input ended before the game did.
    InputEnded,
}

/// The line printed once at the start of a game at a terminal: what can be
/// typed at the prompt.
pub fn help_line() -> String {
    format!("Type a move's number and Enter ({KEYS}).")
}

/// Plays the game of `record` on from where it stands, reading the people's
/// answers from `input` and printing the game to `output`, the computer
/// moving its players (`b plays 3 -> 7`, `b ends turn`); a person typing
/// `h` gets every move rated, `u` takes back the last move (against the
/// computer, back to the last position where a person was to move) and
/// `r` plays it again, until a new move clears what could be redone. The
/// record follows the game (an undo truncates it) and `saver`, if any,
/// keeps it in its file after every change (not before the first). The game ends with why (`b
/// cannot attack: the game is over`) and who won.
pub fn play_with(
    record: &mut Record,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
    computers: &mut Computers,
    mut saver: Option<&mut Saver>,
    dice: &mut ChaCha8Rng,
) -> io::Result<Outcome> {
    let rules = record.rules().clone();
    // The moves taken back, the next one to redo last.
    let mut redo: Vec<Play> = Vec::new();
    let mut save = |record: &Record, output: &mut dyn Write| -> io::Result<()> {
        if let Some(saver) = saver.as_deref_mut()
            && saver.save(record).is_err()
            && let Some(warning) = saver.warning()
        {
            writeln!(output, "{warning}")?;
        }
        Ok(())
    };
    loop {
        let position = record.end();
        let player = position.player();
        show(output, &rules, &position, color)?;
        let moves = position.moves(&rules);
        if moves.is_empty() {
            show_end(output, &rules, &position)?;
            return Ok(Outcome::Finished(position.winners()));
        }
        if let Some((ai, budget)) = computers.seat(player) {
            let mv = ai
                .choose(&rules, &position, budget)
                .filter(|mv| moves.contains(mv))
                .ok_or_else(|| {
                    io::Error::other(format!("the computer found no legal move for {player}"))
                })?;
            writeln!(output, "{}", computer_move_text(player, mv))?;
            play_rolled(record, mv, dice, output)?;
            output.flush()?;
            redo.clear();
            save(record, output)?;
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
            };
            match answer {
                Answer::Move(index) => {
                    play_rolled(record, moves[index], dice, output)?;
                    redo.clear();
                }
                Answer::Undo => match undo_to(record, computers.players()) {
                    Some(len) => {
                        let taken = record.plays()[len..].to_vec();
                        writeln!(output, "Taken back: {}.", moves_text(record, len))?;
                        redo.extend(taken.into_iter().rev());
                        record.truncate(len);
                    }
                    None => {
                        writeln!(output, "There is no move to take back.")?;
                        output.flush()?;
                        continue;
                    }
                },
                Answer::Redo => {
                    if redo.is_empty() {
                        writeln!(output, "There is no move to redo.")?;
                        output.flush()?;
                        continue;
                    }
                    let from = record.plays().len();
                    // Up to the next position where a person is to move.
                    while let Some(play) = redo.pop() {
                        if record.push(play).is_err() {
                            redo.clear();
                            break;
                        }
                        let next = record.end();
                        if next.is_game_over(&rules) || !computers.players().contains(next.player())
                        {
                            break;
                        }
                    }
                    writeln!(output, "Played again: {}.", moves_text(record, from))?;
                }
                Answer::Quit => {
                    writeln!(output, "{player} leaves the game.")?;
                    return Ok(Outcome::Quit);
                }
                Answer::Hint => {
                    hint(record, computers, output)?;
                    output.flush()?;
                    continue;
                }
                Answer::Invalid(message) => {
                    writeln!(output, "{message}")?;
                    output.flush()?;
                    continue;
                }
            }
            save(record, output)?;
            break;
        }
    }
}

/// Plays a legal move at the end of the record, drawing its roll (and, under
/// Dice Wars, its placements) from `dice`, and prints what happened under
/// the rule sets other than the classic one (whose transcripts stay the
/// book's): `a: 3 -> 7 rolls 4+6+2 = 12 against 5+1 = 6: taken`, `a: end
/// turn: places 3 dice (0, 4, 4), 5 left`.
fn play_rolled(
    record: &mut Record,
    mv: Move,
    dice: &mut ChaCha8Rng,
    output: &mut impl Write,
) -> io::Result<()> {
    let rules = record.rules().clone();
    let at = record.end();
    let played = at
        .play_rolled(&rules, mv, dice)
        .map_err(|e| io::Error::other(e.to_string()))?;
    record
        .push(Play::of(&rules, mv, &played.event))
        .map_err(|e| io::Error::other(e.to_string()))?;
    if let Some(line) = event_line(&rules, at.player(), mv, &played.event) {
        writeln!(output, "{}", wrapped_event(&line))?;
    }
    Ok(())
}

/// What a move did, as the line mode prints it, under the rule sets other
/// than the classic one: `a: 3 -> 7 rolls 4+6+2 = 12 against 5+1 = 6:
/// taken`; `a: end turn: places 2 dice (0, 4)`, with what is left in the
/// pool or stock.
pub(crate) fn event_line(rules: &Rules, player: Player, mv: Move, event: &Event) -> Option<String> {
    if rules.plain() {
        return None;
    }
    Some(match event {
        Event::Attack { roll: Some(_), .. } => format!("{player}: {mv} {event}"),
        Event::Attack { .. } => return None,
        Event::Pass { left, .. } => {
            let what = match rules.policy().supply {
                crate::game::Supply::SharedPool(_) => "in the pool",
                crate::game::Supply::Stock(_) => "in stock",
                _ => "",
            };
            let event = event.to_string();
            let event = match left {
                Some(_) => event.replacen(" left", &format!(" left {what}"), 1),
                None => event,
            };
            format!("{player}: {mv}: {event}")
        }
    })
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
fn show(output: &mut impl Write, rules: &Rules, at: &Position, color: bool) -> io::Result<()> {
    let player = at.player();
    writeln!(
        output,
        "current player = {}",
        render::paint(&player.to_string(), player, color)
    )?;
    output.write_all(render::board(rules.map(), at.board(), color).as_bytes())
}

/// Prints why the game is over at a position and who won.
fn show_end(output: &mut impl Write, rules: &Rules, at: &Position) -> io::Result<()> {
    writeln!(output, "{}", render::game_over_why(rules, at))?;
    writeln!(output, "{}", render::result(at.winners()))
}

/// The length the record is cut to by an undo: the last position before
/// its end where a person (not one of `computers`) is to move.
fn undo_to(record: &Record, computers: PlayerSet) -> Option<usize> {
    let players: Vec<Player> = record.positions().map(|p| p.player()).collect();
    (0..record.plays().len())
        .rev()
        .find(|&i| !computers.contains(players[i]))
}

/// The record's moves from `from` on, as its lines (`a: 2 -> 3, a: end turn`).
fn moves_text(record: &Record, from: usize) -> String {
    record
        .positions()
        .zip(record.plays())
        .skip(from)
        .map(|(at, play)| format!("{}: {}", at.player(), play.mv))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Prints the hints for the position at the end of the record.
fn hint(record: &Record, computers: &mut Computers, output: &mut impl Write) -> io::Result<()> {
    let budget = computers.budget();
    match computers.hints() {
        Some(ai) => {
            let name = ai.name();
            match ai.analyse(record.rules(), &record.end(), budget, true) {
                Some(analysis) => {
                    let text = hint_text(name, &analysis, record.rules(), &record.end());
                    output.write_all(text.as_bytes())
                }
                None => writeln!(output, "There is no move to rate."),
            }
        }
        None => writeln!(output, "There are no hints in this game."),
    }
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
        show(output, rules, position, color)?;
        match record.plays().get(i) {
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
    use crate::game::Move;

    fn record(board: &str) -> Record {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        Record::new(rules, start, Vec::new())
    }

    /// Plays `record` on with the answers `input`: how it ended, what it
    /// printed, and the record at the end.
    fn play(
        mut record: Record,
        input: &str,
        mut computers: Computers,
    ) -> (Outcome, String, Record) {
        let mut output = Vec::new();
        let outcome = play_with(
            &mut record,
            &mut input.as_bytes(),
            &mut output,
            false,
            &mut computers,
            None,
            &mut rand::SeedableRng::seed_from_u64(0),
        )
        .unwrap();
        (outcome, String::from_utf8(output).unwrap(), record)
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
            transcript.ends_with("  b-1 a-1\na cannot attack: the game is over\nThe winner is b\n"),
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
        assert!(transcript.ends_with("The winner is b\n"), "{transcript}");
    }

    #[test]
    fn people_get_hints_without_a_computer_player() {
        let (outcome, transcript, _) =
            game_with("b-2 b-2 / a-2 b-1", "h\n1\n1\n1\n1\n", AiKind::Search, "");
        assert_eq!(outcome, Outcome::Finished(PlayerSet::single(Player::B)));
        assert!(
            transcript.contains(
                "hints (search):\n1. 2 -> 3     loss (exact 0)  <- the computer's choice\n\
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
            "current player = a\n    a-1 b-1\n  b-1 a-1\n\
             a cannot attack: the game is over\n\
             The game is a tie between a and b\n"
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Whatever is typed (moves, undo, redo, rubbish), against the
        /// computer or not, the file kept after every change holds the game
        /// as it stands, and reads back to it.
        #[test]
        fn the_file_follows_the_game_through_undo_and_redo(
            seed in 0u64..1000,
            answers in proptest::collection::vec(
                proptest::sample::select(vec!["1", "2", "3", "u", "r", "x"]), 0..40),
            computer in proptest::bool::ANY,
        ) {
            let rules = Rules::classic(3, 2, 3).unwrap();
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
            let start = Position::start(&rules, board, Player::A).unwrap();
            let mut record = Record::new(rules, start, Vec::new());
            let players = if computer { PlayerSet::single(Player::B) } else { PlayerSet::EMPTY };
            let mut computers = Computers::new(AiKind::Greedy, players, 2, 1, Budget::nodes(100));
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("game.txt");
            let mut saver = Saver::file(path.clone());
            saver.save(&record).unwrap();
            let input: String = answers.iter().map(|a| format!("{a}\n")).collect();
            let mut output = Vec::new();
            play_with(
                &mut record,
                &mut input.as_bytes(),
                &mut output,
                false,
                &mut computers,
                Some(&mut saver),
                &mut rand::SeedableRng::seed_from_u64(0),
            )
            .unwrap();
            let kept = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            proptest::prop_assert_eq!(kept, record);
        }
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
            "current player = a\n    b-2 b-2\n  a-2 b-1\na plays 2 -> 3\n\
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
