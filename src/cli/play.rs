//! The line-mode game: Land of Lisp's `play-vs-human` loop, safe against any
//! input.

use std::io::{self, BufRead, Write};

use super::input::{Answer, Line, parse_answer, read_line};
use super::render;
use crate::game::{GameTree, PlayerSet};

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

/// Plays a game on the tree from its root, reading the players' choices from
/// `input` and printing the game to `output`.
pub fn play_lines(
    tree: &mut GameTree,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
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
        output.write_all(render::board(position.board(), color).as_bytes())?;
        let edges = tree.children(node).to_vec();
        if edges.is_empty() {
            let winners = position.winners();
            writeln!(output, "{}", render::result(winners))?;
            return Ok(Outcome::Finished(winners));
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
                Answer::Hint => writeln!(output, "There are no hints in a game between people.")?,
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
    use crate::game::{Player, Position, Rules};

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
            transcript.ends_with("  b-1 a-1\nThe winner is b\n"),
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
    fn quitting() {
        let (outcome, transcript) = game("b-2 b-2 / a-2 b-1", "q\n");
        assert_eq!(outcome, Outcome::Quit);
        assert!(transcript.ends_with("a leaves the game.\n"), "{transcript}");
    }
}
