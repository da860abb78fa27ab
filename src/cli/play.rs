//! `dice-of-doom play`: the full-screen game at a terminal, otherwise the
//! line mode, Land of Lisp's `play-vs-human` loop, safe against any input.

use std::io::{self, BufRead, IsTerminal, Write};

use super::computer::{self, Computers, StrategyHints, computer_move_text, hint_text};
use super::input::{Answer, Line, parse_answer, read_line};
use super::load::setup;
use super::options::{ComputerPlayers, PlayArgs};
use super::{CliError, render, tui};
use crate::game::{GameTree, Player, PlayerSet};

/// Runs `play`: the full-screen game when standard input and output are a
/// terminal (and `--plain` is not given), the line mode otherwise.
pub(super) fn run(args: &PlayArgs) -> Result<(), CliError> {
    let (rules, start, seed) = setup(args)?;
    let players = match args.computer {
        None => PlayerSet::EMPTY,
        Some(ComputerPlayers::All) => Player::all(rules.players()).collect(),
        Some(ComputerPlayers::Some(set)) => set,
    };
    if let Some(p) = players.iter().find(|p| p.index() >= rules.players()) {
        return Err(CliError::Usage(format!(
            "--computer {p}: the game has only {} players (a to {})",
            rules.players(),
            Player::new(rules.players() - 1).unwrap_or_default()
        )));
    }
    // With no computer player the opponent still rates the moves for hints.
    let budget = computer::budget(args.think_time, args.nodes);
    let computers = Computers::new(args.ai, players, rules.players(), seed.unwrap_or(0), budget);
    let stdout = io::stdout();
    if !args.plain && io::stdin().is_terminal() && stdout.is_terminal() {
        let hints = StrategyHints {
            ai: args.ai.build(seed.unwrap_or(0)),
            budget,
        };
        let app = tui::App::new(rules, start, seed)
            .with_hints(computer::hints_text(args.ai.name(), budget))
            .with_computers(computers.players(), args.ai.name());
        let computer: Option<Box<dyn tui::ComputerPlayer>> =
            (!computers.players().is_empty()).then(|| Box::new(computers) as _);
        let ending = tui::run(
            app,
            args.color.enabled(true),
            computer,
            Some(Box::new(hints)),
            None,
        )?;
        return Ok(tui::finish(&ending, args)?);
    }
    let color = args.color.enabled(stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(seed) = seed {
        writeln!(
            out,
            "A random {} board, seed {seed} (play it again with --seed {seed}).",
            rules.map()
        )?;
    }
    let mut tree = GameTree::new(rules, start);
    let mut computers = computers;
    let outcome = play_with(
        &mut tree,
        &mut io::stdin().lock(),
        &mut out,
        color,
        &mut computers,
    )?;
    out.flush()?;
    match outcome {
        Outcome::Finished(_) | Outcome::Quit => Ok(()),
        Outcome::InputEnded => Err(CliError::Runtime(
            "the input ended before the game was over".to_string(),
        )),
    }
}

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

/// Plays a game between people on the tree from its root, reading the
/// players' choices from `input` and printing the game to `output`; there
/// are no hints (see [`play_with`] for them).
#[cfg(test)]
fn play_lines(
    tree: &mut GameTree,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
) -> io::Result<Outcome> {
    play_with(tree, input, output, color, &mut Computers::none())
}

/// Like `play_lines` (in the tests), with the computer moving some players (perhaps none):
/// its moves are printed as `b plays 3 -> 7` or `b ends turn`, and a person
/// typing `h` gets every move rated and the move the computer would choose.
/// The game ends with why (`b cannot attack: the game is over`) and who won.
pub fn play_with(
    tree: &mut GameTree,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
    computers: &mut Computers,
) -> io::Result<Outcome> {
    let mut node = tree.root();
    loop {
        let position = tree.position(node);
        let player = position.player();
        writeln!(
            output,
            "current player = {}",
            render::paint(&player.to_string(), player, color)
        )?;
        output.write_all(render::board(tree.rules().map(), position.board(), color).as_bytes())?;
        let edges = tree.children(node).to_vec();
        if edges.is_empty() {
            let winners = position.winners();
            writeln!(output, "{}", render::game_over(player))?;
            writeln!(output, "{}", render::result(winners))?;
            return Ok(Outcome::Finished(winners));
        }
        let rules = tree.rules().clone();
        let budget = computers.budget();
        if let Some(seat) = computers.seat(player) {
            let mv = seat.choose(&rules, &position, budget);
            let edge = edges.iter().find(|e| Some(e.mv) == mv).ok_or_else(|| {
                io::Error::other(format!("the computer found no legal move for {player}"))
            })?;
            writeln!(output, "{}", computer_move_text(player, edge.mv))?;
            output.flush()?;
            node = edge.child;
            continue;
        }
        output.write_all(render::menu(edges.iter().map(|e| e.mv)).as_bytes())?;
        output.flush()?;
        let choice = loop {
            let answer = match read_line(input)? {
                Line::Text(text) => parse_answer(&text, edges.len()),
                Line::TooLong => {
                    Answer::Invalid("That line is too long: type a move number.".into())
                }
                Line::NotText => Answer::Invalid("That is not text: type a move number.".into()),
                Line::End => return Ok(Outcome::InputEnded),
            };
            match answer {
                Answer::Move(index) => break index,
                Answer::Quit => {
                    writeln!(output, "{player} leaves the game.")?;
                    return Ok(Outcome::Quit);
                }
                Answer::Hint => match computers.hints() {
                    Some(ai) => {
                        let name = ai.name();
                        match ai.analyse(&rules, &position, budget, true) {
                            Some(analysis) => {
                                output.write_all(hint_text(name, &analysis).as_bytes())?;
                            }
                            None => writeln!(output, "There is no move to rate.")?,
                        }
                    }
                    None => writeln!(output, "There are no hints in this game.")?,
                },
                Answer::Invalid(message) => writeln!(output, "{message}")?,
            }
            output.flush()?;
        };
        node = edges[choice].child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{AiKind, Budget};
    use crate::game::{Position, Rules};

    fn game(board: &str, moves: &str) -> (Outcome, String) {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        let mut tree = GameTree::new(rules, start);
        let mut output = Vec::new();
        let outcome = play_lines(&mut tree, &mut moves.as_bytes(), &mut output, false).unwrap();
        (outcome, String::from_utf8(output).unwrap())
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

    fn game_with(board: &str, moves: &str, kind: AiKind, computer: &str) -> (Outcome, String) {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        let mut tree = GameTree::new(rules, start);
        let players = computer.chars().filter_map(Player::from_letter).collect();
        let mut computers = Computers::new(kind, players, 2, 1, Budget::nodes(10_000));
        let mut output = Vec::new();
        let outcome = play_with(
            &mut tree,
            &mut moves.as_bytes(),
            &mut output,
            false,
            &mut computers,
        )
        .unwrap();
        (outcome, String::from_utf8(output).unwrap())
    }

    #[test]
    fn the_computer_moves_its_players_and_gives_hints() {
        // a: 2 -> 3, then a hint, then end turn; b (perfect) answers.
        let (outcome, transcript) =
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
        let (outcome, transcript) =
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
            let (outcome, transcript) = game_with("a-3 b-2 / b-2 b-1", "", kind, "ab");
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
}
