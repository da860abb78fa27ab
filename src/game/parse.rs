//! Reading boards from text, with the line and column of every mistake.

use std::fmt;
use std::str::FromStr;

use super::{
    Board, Cell, MAX_CELLS, MAX_DICE_LIMIT, MAX_SIDE, MIN_SIDE, Player, PositionError, Rules,
};

/// A board read from text, remembering where each cell was written so that
/// later checks can point at it.
///
/// The text is the board as the game prints it: cells written `<player>-<dice>`
/// (`a-2`), one row per line or rows separated by `/`; indentation and extra
/// spaces are ignored, `#` starts a comment, blank lines are skipped, and the
/// number of cells must make a square board of side 2 to 10.
///
/// ```
/// use dice_of_doom::game::BoardText;
/// let text = "# seed 000's example\n    b-2 b-2\n  a-2 b-1\n";
/// let parsed = BoardText::parse(text).unwrap();
/// assert_eq!(parsed.board().side(), 2);
/// assert_eq!(parsed.location(2), (3, 3));
///
/// let error = BoardText::parse("a-2 b-2\na-2 z-1").unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 5: unknown player `z` (players are `a` to `h`)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardText {
    board: Board,
    locations: Vec<(usize, usize)>,
}

/// A mistake in a board's text, at a line and column (both from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseBoardErrorKind,
}

/// What is wrong in a board's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBoardErrorKind {
    /// Something that is not a cell.
    #[error("expected a cell such as `a-2`, found `{0}`")]
    NotACell(String),
    /// A letter that names no player.
    #[error("unknown player `{0}` (players are `a` to `h`)")]
    UnknownPlayer(char),
    /// A dice count outside 1..=9.
    #[error("a cell holds from 1 to {MAX_DICE_LIMIT} dice, not {0}")]
    DiceOutOfRange(String),
    /// More than the largest board holds.
    #[error("too many cells: a board has at most {MAX_CELLS}")]
    TooManyCells,
    /// No cells at all.
    #[error("no cells found: write the board as rows of cells such as `a-2 b-1`")]
    Empty,
    /// A cell count that makes no square board of an allowed size.
    #[error(
        "{0} cells make no square board: a board has 4, 9, 16, ... or 100 cells (side {MIN_SIDE} to {MAX_SIDE})"
    )]
    NotSquare(usize),
    /// A row of the wrong length.
    #[error("this row has {found} cells, but a {side}x{side} board has {side} in every row")]
    RowLength {
        /// Cells in the row.
        found: usize,
        /// The board's side.
        side: usize,
    },
    /// A cell owned by a player outside the game.
    #[error(
        "player `{owner}` is not in this game of {players} players (use a larger player count)"
    )]
    PlayerNotInGame {
        /// The owner written.
        owner: Player,
        /// The game's players.
        players: u8,
    },
    /// A cell holding more dice than the rules allow.
    #[error(
        "{dice} dice is more than the {max_dice} a cell may hold in this game (use a larger dice limit)"
    )]
    TooManyDice {
        /// The dice written.
        dice: u8,
        /// The limit.
        max_dice: u8,
    },
    /// The board's size does not match the game's.
    #[error("the board is {board}x{board}, but the game is {rules}x{rules}")]
    WrongSide {
        /// The board's side.
        board: usize,
        /// The game's side.
        rules: usize,
    },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for ParseBoardError {}

/// The longest piece of a bad token quoted back in a message.
const QUOTE_LIMIT: usize = 24;

fn quote(token: &str) -> String {
    if token.chars().count() > QUOTE_LIMIT {
        let cut: String = token.chars().take(QUOTE_LIMIT).collect();
        format!("{cut}...")
    } else {
        token.to_string()
    }
}

impl BoardText {
    /// Reads a board from text.
    pub fn parse(text: &str) -> Result<BoardText, ParseBoardError> {
        let mut cells = Vec::new();
        let mut locations = Vec::new();
        // Each row: the index of its first cell.
        let mut row_starts = Vec::new();
        for (line_index, line) in text.lines().enumerate() {
            let line_number = line_index + 1;
            let mut row_open = false;
            let mut chars = line.char_indices().peekable();
            let mut column = 0;
            while let Some((start, c)) = chars.next() {
                column += 1;
                match c {
                    '#' => break,
                    '/' => row_open = false,
                    c if c.is_whitespace() => {}
                    _ => {
                        let token_column = column;
                        let mut end = line.len();
                        while let Some(&(i, c)) = chars.peek() {
                            if c.is_whitespace() || c == '/' || c == '#' {
                                end = i;
                                break;
                            }
                            chars.next();
                            column += 1;
                        }
                        let at = |kind| ParseBoardError {
                            line: line_number,
                            column: token_column,
                            kind,
                        };
                        if cells.len() == MAX_CELLS {
                            return Err(at(ParseBoardErrorKind::TooManyCells));
                        }
                        let cell = parse_cell(&line[start..end]).map_err(at)?;
                        if !row_open {
                            row_starts.push(cells.len());
                            row_open = true;
                        }
                        cells.push(cell);
                        locations.push((line_number, token_column));
                    }
                }
            }
        }
        let Some(&first) = locations.first() else {
            return Err(ParseBoardError {
                line: text.lines().count().max(1),
                column: 1,
                kind: ParseBoardErrorKind::Empty,
            });
        };
        let side = (1..=MAX_SIDE as usize)
            .find(|s| s * s >= cells.len())
            .filter(|s| s * s == cells.len() && *s >= MIN_SIDE as usize);
        let Some(side) = side else {
            return Err(ParseBoardError {
                line: first.0,
                column: first.1,
                kind: ParseBoardErrorKind::NotSquare(cells.len()),
            });
        };
        row_starts.push(cells.len());
        for pair in row_starts.windows(2) {
            let found = pair[1] - pair[0];
            if found != side {
                let (line, column) = locations[pair[0]];
                return Err(ParseBoardError {
                    line,
                    column,
                    kind: ParseBoardErrorKind::RowLength { found, side },
                });
            }
        }
        let board = Board::new(side, &cells).map_err(|_| ParseBoardError {
            line: first.0,
            column: first.1,
            kind: ParseBoardErrorKind::NotSquare(cells.len()),
        })?;
        Ok(BoardText { board, locations })
    }

    /// The board read.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where a cell was written: (line, column), both from 1.
    ///
    /// # Panics
    /// If the index is not a cell of the board.
    pub fn location(&self, index: usize) -> (usize, usize) {
        self.locations[index]
    }

    /// Checks the board against the rules, pointing at the first cell that
    /// does not fit.
    pub fn check(&self, rules: &Rules) -> Result<(), ParseBoardError> {
        let at = |index: usize, kind| {
            let (line, column) = self.location(index);
            ParseBoardError { line, column, kind }
        };
        match rules.check_board(&self.board) {
            Ok(()) => Ok(()),
            Err(PositionError::Owner {
                index,
                owner,
                players,
            }) => Err(at(
                index,
                ParseBoardErrorKind::PlayerNotInGame { owner, players },
            )),
            Err(PositionError::Dice {
                index,
                dice,
                max_dice,
            }) => Err(at(
                index,
                ParseBoardErrorKind::TooManyDice { dice, max_dice },
            )),
            Err(PositionError::Side { board, rules }) => {
                Err(at(0, ParseBoardErrorKind::WrongSide { board, rules }))
            }
            Err(PositionError::Player { .. }) => Ok(()),
        }
    }
}

fn parse_cell(token: &str) -> Result<Cell, ParseBoardErrorKind> {
    let not_a_cell = || ParseBoardErrorKind::NotACell(quote(token));
    let mut chars = token.chars();
    let letter = chars.next().ok_or_else(not_a_cell)?;
    if chars.next() != Some('-') || !letter.is_alphabetic() {
        return Err(not_a_cell());
    }
    let dice = chars.as_str();
    if dice.is_empty() || !dice.chars().all(|c| c.is_ascii_digit()) {
        return Err(not_a_cell());
    }
    let owner = Player::from_letter(letter).ok_or(ParseBoardErrorKind::UnknownPlayer(letter))?;
    match dice.parse::<u8>() {
        Ok(d) if (1..=MAX_DICE_LIMIT).contains(&d) => Ok(Cell::new(owner, d)),
        _ => Err(ParseBoardErrorKind::DiceOutOfRange(quote(dice))),
    }
}

/// Reads a board from text, forgetting where its cells were written.
///
/// ```
/// use dice_of_doom::game::Board;
/// let board: Board = "b-2 b-2 / a-2 b-1".parse().unwrap();
/// assert_eq!(board.to_string(), "    b-2 b-2\n  a-2 b-1\n");
/// ```
impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        BoardText::parse(s).map(|parsed| parsed.board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ParseBoardErrorKind as K;

    #[test]
    fn printed_boards_read_back() {
        let text = "      b-2 a-1 a-1\n    a-2 b-2 a-3\n  b-3 b-1 b-1\n";
        let board: Board = text.parse().unwrap();
        assert_eq!(board.to_string(), text);
    }

    #[test]
    fn comments_blank_lines_case_and_slashes() {
        let text = "# a comment\n\n  B-2 b-2   # trailing\n\ta-2 b-1\n";
        let board: Board = text.parse().unwrap();
        assert_eq!(board, "b-2 b-2/a-2 b-1".parse().unwrap());
    }

    #[test]
    fn mistakes_are_located() {
        let long = format!("a-2 b-2\na-2 b-{}", "9".repeat(40));
        let cases: Vec<(&str, usize, usize, K)> = vec![
            ("a-2 b-2\na-2 z-1", 2, 5, K::UnknownPlayer('z')),
            ("a-2 b-2\na-2 b1", 2, 5, K::NotACell("b1".into())),
            ("a-2 b-2\na-2 -1", 2, 5, K::NotACell("-1".into())),
            ("a-2 b-x\na-2 b-1", 1, 5, K::NotACell("b-x".into())),
            ("a-2 b-0\na-2 b-1", 1, 5, K::DiceOutOfRange("0".into())),
            ("a-2 b-10\na-2 b-1", 1, 5, K::DiceOutOfRange("10".into())),
            (
                &long,
                2,
                5,
                K::DiceOutOfRange(format!("{}...", "9".repeat(24))),
            ),
            ("é-2 b-1\na-2 b-1", 1, 1, K::UnknownPlayer('é')),
            ("a-2 b-2 a-1\na-2 b-1 a-1", 1, 1, K::NotSquare(6)),
            ("a-1", 1, 1, K::NotSquare(1)),
            (
                "a-1 a-1 a-1\na-1\na-1 a-1 a-1 a-1 a-1",
                2,
                1,
                K::RowLength { found: 1, side: 3 },
            ),
            ("# only a comment\n\n", 2, 1, K::Empty),
            ("", 1, 1, K::Empty),
        ];
        for (text, line, column, kind) in cases {
            let expected = ParseBoardError { line, column, kind };
            assert_eq!(BoardText::parse(text), Err(expected), "{text:?}");
        }
    }

    #[test]
    fn too_many_cells_stop_at_the_first_extra_cell() {
        let row = "a-1 ".repeat(10);
        let text = format!("{}a-1\n", format!("{row}\n").repeat(10));
        let error = BoardText::parse(&text).unwrap_err();
        assert_eq!(
            (error.line, error.column, error.kind),
            (11, 1, K::TooManyCells)
        );
    }

    #[test]
    fn rules_checks_point_at_the_cell() {
        let parsed = BoardText::parse("a-2 b-2\n  a-2 c-1").unwrap();
        let rules = Rules::classic(2, 2, 3).unwrap();
        let error = parsed.check(&rules).unwrap_err();
        assert_eq!((error.line, error.column), (2, 7));
        assert_eq!(
            error.kind,
            K::PlayerNotInGame {
                owner: Player::new(2).unwrap(),
                players: 2
            }
        );
        let parsed = BoardText::parse("a-2 b-5\na-2 b-1").unwrap();
        let error = parsed.check(&rules).unwrap_err();
        assert_eq!(
            (error.line, error.column, error.kind),
            (
                1,
                5,
                K::TooManyDice {
                    dice: 5,
                    max_dice: 3
                }
            )
        );
        assert!(parsed.check(&Rules::classic(2, 2, 5).unwrap()).is_ok());
    }
}
