//! Where the line mode's input comes from: the lines typed (read safely,
//! see [`super::input`]) and, for a game played elsewhere, the wake-ups of
//! its table, on one stream, so that the line mode waits on both at once
//! with no polling.

use std::io::{self, BufRead};

use super::input::{Line, read_line};

/// One thing for the line mode to take in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// A line typed (or the input's end).
    Line(Line),
    /// The game changed elsewhere: the line mode looks at it again.
    Changed,
}

/// The line mode's input: blocks until a line comes or the game changes.
pub trait Source {
    /// The next line, or a wake-up.
    ///
    /// # Errors
    /// Reading the input failed.
    fn next(&mut self) -> io::Result<Said>;
}

/// Lines read from a reader (standard input, a pipe, a test's bytes): no
/// wake-ups.
#[derive(Debug)]
pub struct Reader<'a, R>(pub &'a mut R);

impl<R: BufRead> Source for Reader<'_, R> {
    fn next(&mut self) -> io::Result<Said> {
        read_line(self.0).map(Said::Line)
    }
}
