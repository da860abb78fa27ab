//! What can be wrong in a record, and where.

use std::fmt;

use crate::game::{IllegalMove, Move, Player, SetupErrorKind};
use crate::text::escape_controls;

/// A mistake in a record, with the line and column (both from 1) where it
/// is: at the end of the text when the record stops short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for RecordError {}

/// What is wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The first line is not a record's.
    #[error("not a game record: its first line must be `{}`", super::VERSION_LINE)]
    NotARecord,
    /// A version this program does not read.
    #[error(
        "record version `{}` is not known: this program reads version {}",
        escape_controls(.0),
        super::VERSION
    )]
    Version(String),
    /// A header line that is not `name: value`.
    #[error("expected a field such as `players: 2`, found `{}`", escape_controls(.0))]
    NotAField(String),
    /// A field name the format does not have.
    #[error(
        "unknown field `{}` (fields: rules, map, players, max-dice, first, player a to h, \
         seed, date, event, result, then board and moves)",
        escape_controls(.0)
    )]
    UnknownField(String),
    /// A field given twice.
    #[error("`{0}` is given twice (first on line {1})")]
    Repeated(String, usize),
    /// A field the record must have, missing before its board.
    #[error("the record has no `{0}:` line before its board")]
    Missing(&'static str),
    /// A field's value is not right.
    #[error("{field}: {reason}")]
    Value {
        /// The field.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The board, as a board file would say it.
    #[error(transparent)]
    Board(#[from] SetupErrorKind),
    /// A field, or anything but a row of cells, inside the board.
    #[error("expected a row of the board or `moves:`, found `{}`", escape_controls(.0))]
    NotARow(String),
    /// The record stops before one of its parts.
    #[error("the record ends before its {0}: it is cut short")]
    CutShort(&'static str),
    /// A line of the moves that is not a move.
    #[error(
        "expected a move such as `a: 3 -> 7` or `a: end turn`, found `{}`",
        escape_controls(.0)
    )]
    NotAMove(String),
    /// A move by a player who is not to move.
    #[error("it is {to_move}'s move here, not {written}'s")]
    WrongPlayer {
        /// The player written.
        written: Player,
        /// The player to move.
        to_move: Player,
    },
    /// A move the rules do not allow where it is played.
    #[error("{error} (legal: {legal})")]
    Illegal {
        /// The move and why.
        error: IllegalMove,
        /// The legal moves, in menu order.
        legal: String,
    },
    /// A move after the end of the game.
    #[error("the game is over here ({0} cannot attack): no move can follow")]
    AfterEnd(Player),
    /// A roll that is not written right, or does not fit its move.
    #[error("{0}")]
    Roll(String),
    /// The result tag does not say how the moves end.
    #[error("the result says `{}`, but after these moves {actual}", escape_controls(.written))]
    Result {
        /// The result written.
        written: String,
        /// How the moves end.
        actual: String,
    },
}

impl RecordErrorKind {
    /// An illegal move, with the moves that are legal instead.
    pub(super) fn illegal(error: IllegalMove, legal: &[Move]) -> RecordErrorKind {
        let legal: Vec<String> = legal.iter().map(Move::to_string).collect();
        RecordErrorKind::Illegal {
            error,
            legal: legal.join(", "),
        }
    }
}

/// The longest piece of a bad text quoted back in a message.
const QUOTE_LIMIT: usize = 40;

/// A piece of a record fit to quote back: cut to a readable length, its
/// control characters escaped.
pub(super) fn quote(text: &str) -> String {
    if text.chars().count() > QUOTE_LIMIT {
        let cut: String = text.chars().take(QUOTE_LIMIT).collect();
        format!("{}...", escape_controls(&cut))
    } else {
        escape_controls(text)
    }
}
