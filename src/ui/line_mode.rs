//! The line mode: Land of Lisp's `play-vs-human` loop, safe against any
//! input; and a whole record printed as the same transcript (`replay` in
//! the line mode).
//!
//! One loop (`run`) shows the game, the numbered menu and what happens,
//! whatever game it shows (a `Game`) and wherever its lines come from
//! ([`Source`]):
//! - `local`: a [`Session`] at this terminal ([`play_with`]), which plays
//!   the moves, undoes, redoes and keeps the game; the computer's moves
//!   and the hints are thought out on the process's pool;
//! - `table`: a seat (or a spectator) of a network game's
//!   [`Table`](crate::session::Table) ([`play_table`]), its lines and the
//!   table's wake-ups coming in together.

pub mod input;
mod local;
mod source;
mod table;

use std::io::{self, Write};

use super::computer::hint_text;
use super::render;
use super::words::{
    Cells, computer_move_text, event_line, game_over_why, moves_text, played_again, result,
    taken_back,
};
use crate::game::{Battle, Move, Player, PlayerSet, Position, Rules};
use crate::record::Record;
use crate::session::{Command, Event, FrontEndError, Session};
use input::{Answer, KEYS, Line};

pub use local::play_with;
pub use source::{Reader, Said, Source};
pub use table::{TableEnd, play_table};

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

/// Who moves now, as the line mode shows it.
enum Turn {
    /// A person at this screen: the menu is shown and answered.
    Person,
    /// The computer, thinking for this screen.
    Computer,
    /// Someone elsewhere (a network game's other seat, or its computer):
    /// the screen waits for the table's word.
    Elsewhere(Player),
}

/// What a command came to.
enum Reply {
    /// What happened, to show.
    Events(Vec<Event>),
    /// Refused, in these words.
    Refused(String),
    /// The person left the screen (the game goes on without it).
    Left,
}

/// What changed elsewhere since the line mode last looked.
#[derive(Default)]
struct Caught {
    /// Lines for every screen.
    notices: Vec<String>,
    /// The moves played.
    events: Vec<Event>,
    /// Whether the game was closed.
    closed: bool,
}

/// The game a line mode shows and plays.
trait Game {
    /// The game as it stands.
    fn session(&self) -> &Session;
    /// Who moves now (the game is not over).
    fn turn(&self) -> Turn;
    /// The computer's move, thought out and played.
    fn computer_move(&mut self) -> Result<Vec<Event>, FrontEndError>;
    /// What a line typed means, `moves` the menu shown.
    fn answer(&self, text: &str, moves: &[Move]) -> Answer;
    /// Carries out a person's command.
    fn apply(&mut self, command: Command) -> Result<Reply, FrontEndError>;
    /// What changed elsewhere (after a wake-up).
    fn catch_up(&mut self) -> Result<Caught, FrontEndError>;
    /// Whether a move of `player` (by the computer if `computer`) is said
    /// in words where its rules print nothing of it: those not typed here.
    fn said_aloud(&self, player: Player, computer: bool) -> bool;
    /// Writes the game to the file `name` (`save FILE`), which keeps it
    /// from then on: where, as shown, or why not (off in a network game,
    /// whose room keeps it).
    fn save_as(&mut self, name: &str) -> Result<String, String> {
        let _ = name;
        Err("saving to a file is off in network games".to_string())
    }
}

/// How [`run`] ended: as a game does, or with its table closed.
enum End {
    Outcome(Outcome),
    Closed,
}

/// The line mode's loop: shows `game` (the whole board first), the menu
/// when a person here is to move, what every move did, and the end; reads
/// the answers and wake-ups from `input`.
fn run(
    game: &mut impl Game,
    input: &mut impl Source,
    output: &mut impl Write,
    color: bool,
) -> Result<End, FrontEndError> {
    let rules = game.session().rules().clone();
    let mut whole = true;
    loop {
        let position = game.session().position();
        show(output, &rules, &position, color, whole)?;
        whole = false;
        let moves = position.moves(&rules);
        if moves.is_empty() {
            show_end(output, &rules, &position)?;
            return Ok(End::Outcome(Outcome::Finished(position.winners())));
        }
        match game.turn() {
            Turn::Computer => {
                let events = game.computer_move()?;
                say(output, &rules, &position, &events, |p, c| {
                    game.said_aloud(p, c)
                })?;
                output.flush()?;
                continue;
            }
            Turn::Person => output.write_all(render::menu(moves.iter().copied()).as_bytes())?,
            Turn::Elsewhere(player) => writeln!(output, "{player} to move")?,
        }
        output.flush()?;
        loop {
            let answer = match input.next()? {
                Said::Changed => {
                    let caught = game.catch_up()?;
                    for notice in &caught.notices {
                        writeln!(output, "{notice}")?;
                    }
                    say(output, &rules, &position, &caught.events, |p, c| {
                        game.said_aloud(p, c)
                    })?;
                    if caught.closed {
                        output.flush()?;
                        return Ok(End::Closed);
                    }
                    if !caught.events.is_empty() {
                        break;
                    }
                    output.flush()?;
                    continue;
                }
                Said::Line(Line::Text(text)) => game.answer(&text, &moves),
                Said::Line(Line::TooLong) => {
                    Answer::Invalid("That line is too long: type a move number.".into())
                }
                Said::Line(Line::NotText) => {
                    Answer::Invalid("That is not text: type a move number.".into())
                }
                Said::Line(Line::End) => return Ok(End::Outcome(Outcome::InputEnded)),
                Said::Line(Line::Endless) => return Ok(End::Outcome(Outcome::Endless)),
            };
            let command = match answer {
                Answer::Move(index) => Command::Play(moves[index]),
                Answer::Undo => Command::Undo,
                Answer::Redo => Command::Redo,
                Answer::Quit => Command::Quit,
                Answer::Hint => Command::Hint,
                Answer::Save(name) => {
                    let said = match game.save_as(&name) {
                        Ok(shown) => format!("Saved to {shown}; the game is kept there now."),
                        Err(reason) => format!("Not saved: {reason}."),
                    };
                    writeln!(output, "{said}")?;
                    output.flush()?;
                    continue;
                }
                Answer::Invalid(message) => {
                    // An empty refusal says nothing (a blank line while
                    // another is to move).
                    if !message.is_empty() {
                        writeln!(output, "{message}")?;
                        output.flush()?;
                    }
                    continue;
                }
            };
            let events = match game.apply(command)? {
                Reply::Events(events) => events,
                Reply::Refused(why) => {
                    writeln!(output, "{why}")?;
                    output.flush()?;
                    continue;
                }
                Reply::Left => return Ok(End::Outcome(Outcome::Quit)),
            };
            say(output, &rules, &position, &events, |p, c| {
                game.said_aloud(p, c)
            })?;
            match events.first() {
                Some(Event::Left(_)) => return Ok(End::Outcome(Outcome::Quit)),
                Some(Event::Played { .. } | Event::Undone(_) | Event::Redone(_)) => break,
                _ => output.flush()?,
            }
        }
    }
}

/// Prints what the game did at `at`: a move (under the rule sets other
/// than the classic one what it did, `b: 3 -> 7 rolls ...`; else, if it is
/// said aloud (`aloud`: the computer's, or another screen's), named: `b
/// plays 3 -> 7`), what an undo or redo went over, hints, and warnings.
fn say(
    output: &mut impl Write,
    rules: &Rules,
    at: &Position,
    events: &[Event],
    aloud: impl Fn(Player, bool) -> bool,
) -> io::Result<()> {
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
                    None if aloud(*player, *computer) => {
                        writeln!(output, "{}", computer_move_text(*player, *mv))?
                    }
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
            Event::UndoRefused => writeln!(output, "{}", crate::ui::words::UNDO_REFUSED)?,
            Event::NothingToRedo => writeln!(output, "There is no move to redo.")?,
            Event::Hints { name, analysis } => {
                output.write_all(hint_text(name, analysis, rules, at).as_bytes())?;
            }
            Event::NothingToRate => writeln!(output, "There is no move to rate.")?,
            Event::NoHints => writeln!(output, "There are no hints in this game.")?,
            Event::Left(player) => writeln!(output, "{player} leaves the game.")?,
            Event::SaveFailed(warning) => writeln!(output, "{warning}")?,
            Event::FellBack(fell) => writeln!(output, "{fell}.")?,
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
    // `territories: a 5, b 3` on a map.
    let counts = render::cell_counts(at.board(), rules.players());
    writeln!(output, "{}", Cells::of(rules.map()).say(&counts))?;
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
#[path = "line_mode_tests.rs"]
mod tests;
