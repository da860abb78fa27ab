//! The line-mode game: Land of Lisp's `play-vs-human` loop, safe against any
//! input.

use std::io::{self, BufRead, Write};

use super::input::{Answer, Line, parse_answer, read_line};
use super::render;
use crate::ai::{AiKind, Analysis, Budget, Strategy};
use crate::game::{GameTree, Move, Player, PlayerSet};

/// The computer's seats at the table: which players it moves, with which
/// opponent, and the hints it gives the people.
pub struct Computers {
    /// The opponent moving each player, if the computer moves her.
    seats: Vec<Option<Box<dyn Strategy>>>,
    /// The opponent that rates moves when a person asks for a hint.
    hints: Option<Box<dyn Strategy>>,
    budget: Budget,
}

impl Computers {
    /// No computer: a game between people, without hints.
    pub fn none() -> Computers {
        Computers {
            seats: Vec::new(),
            hints: None,
            budget: Budget::UNLIMITED,
        }
    }

    /// The computer moves `players` (of a game of `total` players) with
    /// opponents of this kind, thinking within `budget` per move; people get
    /// hints from the same kind of opponent.
    pub fn new(
        kind: AiKind,
        players: PlayerSet,
        total: u8,
        seed: u64,
        budget: Budget,
    ) -> Computers {
        let seats = Player::all(total)
            .map(|p| {
                players
                    .contains(p)
                    .then(|| kind.build(seed.wrapping_add(u64::from(p.index()))))
            })
            .collect();
        Computers {
            seats,
            hints: Some(kind.build(seed.wrapping_add(u64::from(total)))),
            budget,
        }
    }

    /// The players the computer moves.
    pub fn players(&self) -> PlayerSet {
        self.seats
            .iter()
            .zip(0u8..)
            .filter(|(seat, _)| seat.is_some())
            .filter_map(|(_, i)| Player::new(i))
            .collect()
    }

    fn seat(&mut self, player: Player) -> Option<&mut Box<dyn Strategy>> {
        self.seats
            .get_mut(usize::from(player.index()))
            .and_then(Option::as_mut)
    }
}

impl super::tui::ComputerPlayer for Computers {
    /// The move of the opponent seated for the player to move, within the
    /// budget; `None` if the computer does not move this player.
    fn choose(
        &mut self,
        rules: &crate::game::Rules,
        position: &crate::game::Position,
    ) -> Option<Move> {
        let budget = self.budget;
        self.seat(position.player())?
            .choose(rules, position, budget)
    }
}

/// The hint text: every move with its rating, and the computer's choice.
pub(crate) fn hint_text(name: &str, analysis: &Analysis) -> String {
    let mut out = format!("hints ({name}):\n");
    for (i, m) in analysis.moves.iter().enumerate() {
        let mark = if i == analysis.choice {
            "  <- the computer's choice"
        } else {
            ""
        };
        out.push_str(&format!(
            "{}. {:<10} {}{mark}\n",
            i + 1,
            m.mv.to_string(),
            m.rating
        ));
    }
    if let Some(mv) = analysis.chosen() {
        out.push_str(&format!(
            "The computer would choose {} ({mv}).\n",
            analysis.choice + 1
        ));
    }
    out
}

/// A computer opponent rating moves for the full-screen game's hint key.
pub(crate) struct StrategyHints {
    /// The opponent.
    pub(crate) ai: Box<dyn Strategy>,
    /// Its think time per hint.
    pub(crate) budget: Budget,
}

impl super::tui::HintProvider for StrategyHints {
    fn hints(
        &mut self,
        rules: &crate::game::Rules,
        position: &crate::game::Position,
    ) -> Option<Vec<super::tui::Hint>> {
        let analysis = self.ai.analyse(rules, position, self.budget, true)?;
        Some(
            analysis
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| super::tui::Hint {
                    mv: m.mv,
                    rating: if i == analysis.choice {
                        format!("{} (the computer's choice)", m.rating)
                    } else {
                        m.rating.to_string()
                    },
                })
                .collect(),
        )
    }
}

/// What the transcript says of a computer's move.
pub(crate) fn computer_move_text(player: Player, mv: Move) -> String {
    match mv {
        Move::Pass => format!("{player} ends turn"),
        Move::Attack { .. } => format!("{player} plays {mv}"),
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
/// players' choices from `input` and printing the game to `output`.
pub fn play_lines(
    tree: &mut GameTree,
    input: &mut impl BufRead,
    output: &mut impl Write,
    color: bool,
) -> io::Result<Outcome> {
    play_with(tree, input, output, color, &mut Computers::none())
}

/// Like [`play_lines`], with the computer moving some players: its moves are
/// printed as `b plays 3 -> 7` or `b ends turn`, and a person typing `h` gets
/// every move rated and the move the computer would choose.
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
            writeln!(output, "{}", render::result(winners))?;
            return Ok(Outcome::Finished(winners));
        }
        let rules = tree.rules().clone();
        let budget = computers.budget;
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
                Answer::Hint => match computers.hints.as_mut() {
                    Some(ai) => {
                        let name = ai.name();
                        match ai.analyse(&rules, &position, budget, true) {
                            Some(analysis) => {
                                output.write_all(hint_text(name, &analysis).as_bytes())?;
                            }
                            None => writeln!(output, "There is no move to rate.")?,
                        }
                    }
                    None => writeln!(output, "There are no hints in a game between people.")?,
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
    fn the_full_screen_hints_come_from_the_computer() {
        use crate::cli::tui::HintProvider;
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start =
            Position::start(&rules, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
        let mut hints = StrategyHints {
            ai: AiKind::Perfect.build(0),
            budget: Budget::UNLIMITED,
        };
        let rated = hints.hints(&rules, &start).unwrap();
        let moves: Vec<Move> = rated.iter().map(|h| h.mv).collect();
        assert_eq!(moves, start.moves(&rules));
        assert_eq!(rated[0].rating, "win (exact 1) (the computer's choice)");
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
    fn quitting() {
        let (outcome, transcript) = game("b-2 b-2 / a-2 b-1", "q\n");
        assert_eq!(outcome, Outcome::Quit);
        assert!(transcript.ends_with("a leaves the game.\n"), "{transcript}");
    }
}
