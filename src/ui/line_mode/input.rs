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
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut input = io::BufReader::with_capacity(16, bytes);
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut input).unwrap();
            let end = line == Line::End;
            out.push(line);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_bounded_and_checked() {
        let long = vec![b'7'; MAX_LINE + 1];
        let mut bytes = b"1\r\nq\n\xff\xfe\n".to_vec();
        bytes.extend_from_slice(&long);
        bytes.extend_from_slice(b"\n2");
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(
            lines(&bytes),
            [
                text("1"),
                text("q"),
                Line::NotText,
                Line::TooLong,
                text("2"),
                Line::End
            ]
        );
        assert_eq!(lines(b""), [Line::End]);
        assert_eq!(
            lines(&vec![b'x'; MAX_LINE]),
            [text(&"x".repeat(MAX_LINE)), Line::End]
        );
    }

    #[test]
    fn a_long_line_is_refused_and_an_endless_one_ends_the_input() {
        // A pasted page ending in a newline: refused, the next line read.
        let mut bytes = vec![b'1'; 100_000];
        bytes.extend_from_slice(b"\n2\n");
        let mut input = io::BufReader::new(&bytes[..]);
        assert_eq!(read_line(&mut input).unwrap(), Line::TooLong);
        assert_eq!(read_line(&mut input).unwrap(), Line::Text("2".into()));
        // Just at the bound, still a line.
        let mut bytes = vec![b'0'; MAX_READ - 1];
        bytes.push(b'\n');
        let mut input = io::BufReader::new(&bytes[..]);
        assert_eq!(read_line(&mut input).unwrap(), Line::TooLong);
        assert_eq!(read_line(&mut input).unwrap(), Line::End);
        // Past it with no newline: no answer at all.
        let zeros = vec![0u8; 3 * MAX_READ];
        let mut input = io::BufReader::new(&zeros[..]);
        assert_eq!(read_line(&mut input).unwrap(), Line::Endless);
    }

    #[test]
    fn answers() {
        let invalid = |s: &str| Answer::Invalid(s.to_string());
        let cases = [
            ("1", 3, Answer::Move(0)),
            (" 3 ", 3, Answer::Move(2)),
            ("q", 3, Answer::Quit),
            ("h", 3, Answer::Hint),
            ("u", 3, Answer::Undo),
            ("redo", 3, Answer::Redo),
            (
                "",
                3,
                invalid(
                    "Type a number from 1 to 3 and press Enter (h hints, u undoes, r redoes, q quits).",
                ),
            ),
            (
                " ? ",
                3,
                invalid(
                    "Type a number from 1 to 3 and press Enter (h hints, u undoes, r redoes, q quits).",
                ),
            ),
            (
                "help",
                1,
                invalid("Type 1 and press Enter (h hints, u undoes, r redoes, q quits)."),
            ),
            (
                "0",
                3,
                invalid("There is no move 0: type a number from 1 to 3."),
            ),
            (
                "4",
                3,
                invalid("There is no move 4: type a number from 1 to 3."),
            ),
            ("2", 1, invalid("There is no move 2: type 1.")),
            (
                "99999999999999999999999999",
                3,
                invalid("There is no move 99999999999999999999...: type a number from 1 to 3."),
            ),
            (
                "-1",
                3,
                invalid(
                    "`-1` is not a move number: type a number from 1 to 3 (h hints, u undoes, r redoes, q quits).",
                ),
            ),
            (
                "ünïcödé",
                2,
                invalid(
                    "`ünïcödé` is not a move number: type a number from 1 to 2 (h hints, u undoes, r redoes, q quits).",
                ),
            ),
            (
                "\u{1b}[2J\u{7}",
                2,
                invalid(
                    "`\\u{1b}[2J\\u{7}` is not a move number: type a number from 1 to 2 (h hints, u undoes, r redoes, q quits).",
                ),
            ),
        ];
        for (text, count, expected) in cases {
            assert_eq!(parse_answer(text, count), expected, "{text:?}");
        }
    }
}
