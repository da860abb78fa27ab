//! Reading a player's answers safely: bounded lines, any bytes, end of input.

use std::io::{self, BufRead};

use crate::text::escape_controls;

/// The longest answer kept; the rest of a longer line is read and dropped.
pub const MAX_LINE: usize = 256;

/// The most bytes of one line read before the input is given up as no
/// answer at all (an endless line, such as `< /dev/zero`): reading it on
/// would keep a core busy forever. A long line that ends before it (a
/// pasted page) is read to its end, only [`MAX_LINE`] bytes of it kept,
/// and refused as [`Line::TooLong`].
pub const MAX_READ: usize = 1024 * 1024;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes, at most [`MAX_READ`] (it was
    /// read to its end, the rest of it dropped).
    TooLong,
    /// A line that is not UTF-8 text.
    NotText,
    /// The input has ended.
    End,
    /// A line of more than [`MAX_READ`] bytes: the input is read no
    /// further.
    Endless,
}

/// Reads one line, keeping at most [`MAX_LINE`] bytes of it, so that no input
/// can make the program hold more than that.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut kept = Vec::new();
    let mut too_long = false;
    let mut seen_any = false;
    let mut read = 0usize;
    loop {
        if read > MAX_READ {
            return Ok(Line::Endless);
        }
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            if !seen_any {
                return Ok(Line::End);
            }
            break;
        }
        seen_any = true;
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], i + 1),
            None => (buffer, 0),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        if chunk.len() > room {
            too_long = true;
        }
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = if found_end > 0 {
            found_end
        } else {
            chunk.len()
        };
        input.consume(used);
        read = read.saturating_add(used);
        if found_end > 0 {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(String::from_utf8(kept).map_or(Line::NotText, Line::Text))
}

/// What a player's answer at the menu means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move with this index (from 0).
    Move(usize),
    /// Leave the game.
    Quit,
    /// Show the hints (ratings of every move).
    Hint,
    /// Take back the last move (against the computer, back to the last
    /// position where a person was to move).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Write the game to this file (`save FILE`), which keeps it from then
    /// on.
    Save(String),
    /// Not an answer: say why.
    Invalid(String),
}

/// The keys besides move numbers, as the help line says them.
pub const KEYS: &str = "h hints, u undoes, r redoes, q quits";

/// Reads an answer to a menu of `count` moves numbered from 1.
pub fn parse_answer(line: &str, count: usize) -> Answer {
    parse_answer_with(line, count, KEYS)
}

/// [`parse_answer`], the keys besides move numbers said as `keys`.
pub fn parse_answer_with(line: &str, count: usize, keys: &str) -> Answer {
    let text = line.trim();
    let range = if count == 1 {
        "1".to_string()
    } else {
        format!("a number from 1 to {count}")
    };
    match text {
        // No answer, or a question: what can be typed.
        "" | "?" | "help" => Answer::Invalid(format!("Type {range} and press Enter ({keys}).")),
        "q" | "Q" | "quit" => Answer::Quit,
        "h" | "H" | "hint" => Answer::Hint,
        "u" | "U" | "undo" => Answer::Undo,
        "r" | "R" | "redo" => Answer::Redo,
        "save" => Answer::Invalid("Type `save` and a file name: `save game.txt`.".into()),
        _ if text.starts_with("save ") => Answer::Save(text["save ".len()..].trim().to_string()),
        _ if text.chars().all(|c| c.is_ascii_digit()) => match text.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => Answer::Move(n - 1),
            _ => Answer::Invalid(format!("There is no move {}: type {range}.", shorten(text))),
        },
        _ => Answer::Invalid(format!(
            "`{}` is not a move number: type {range} ({keys}).",
            shorten(text)
        )),
    }
}

/// Cuts a text to a length fit to quote back in a message, its control
/// characters escaped.
fn shorten(text: &str) -> String {
    const LIMIT: usize = 20;
    if text.chars().count() > LIMIT {
        let start: String = text.chars().take(LIMIT).collect();
        format!("{}...", escape_controls(&start))
    } else {
        escape_controls(text)
    }
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
