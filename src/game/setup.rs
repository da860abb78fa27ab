//! Boards from text: text is read into a raw [`Setup`] (cells as written,
//! where each was written, and the player to move), which is then checked
//! against the rules into a [`Position`]. Every mistake, in the text or
//! against the rules, is one [`SetupError`] that says where it is.

use std::fmt;
use std::str::FromStr;

use crate::text::{count, escape_controls};

use super::{
    Board, Cell, MAX_CELLS, MAX_DICE_LIMIT, MAX_GRID_SIDE, MAX_PLAYERS, MIN_PLAYERS, Map, MapError,
    Player, Position, PositionError, Rules,
};

/// A board as written, not yet checked against any rules: its cells in the
/// order written, where each was written, where each row began, and the
/// player to move.
///
/// The text is the board as the game prints it: cells written
/// `<player>-<dice>` (`a-2`), one drawn row per line or rows separated by
/// `/`; indentation and extra spaces are ignored, `#` starts a comment and
/// blank lines are skipped.
///
/// ```
/// use dice_of_doom::game::{Player, Rules, Setup};
/// let text = "# seed 000's example\n    b-2 b-2\n  a-2 b-1\n";
/// let setup = Setup::parse(text).unwrap();
/// assert_eq!(setup.location(2), (3, 3));
/// let map = setup.rhombus().unwrap();
/// assert_eq!(map.to_string(), "2x2");
/// let rules = Rules::new(map, 2, 3).unwrap();
/// let start = setup.with_first(Player::A).position(&rules).unwrap();
/// assert_eq!(start.board().cell(2).to_string(), "a-2");
///
/// let error = Setup::parse("a-2 b-2\na-2 z-1").unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 5: unknown player `z` (players are `a` to `h`)");
/// let error = Setup::parse("a-2 b-2\na-2 c-1").unwrap().position(&rules).unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 5: player `c` is not in this game of 2 players (use a larger player count)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    cells: Vec<Cell>,
    locations: Vec<(usize, usize)>,
    /// The index of the first cell of each row.
    row_starts: Vec<usize>,
    first: Player,
}

/// A mistake in a setup, with the line and column (both from 1) where it was
/// written, when it is about something written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The line and column, both from 1, where there is one.
    pub location: Option<(usize, usize)>,
    /// What is wrong.
    pub kind: SetupErrorKind,
}

/// What is wrong in a setup.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupErrorKind {
    /// Something that is not a cell.
    #[error("expected a cell such as `a-2`, found `{}`", escape_controls(.0))]
    NotACell(String),
    /// A letter that names no player.
    #[error("unknown player `{}` (players are `a` to `h`)", escape_controls(&.0.to_string()))]
    UnknownPlayer(char),
    /// A dice count outside 1..=9.
    #[error("a cell holds from 1 to {MAX_DICE_LIMIT} dice, not {}", escape_controls(.0))]
    DiceOutOfRange(String),
    /// More than the largest map holds.
    #[error("too many cells: a board has at most {MAX_CELLS}")]
    TooManyCells,
    /// No cells at all.
    #[error("no cells found: write the board as rows of cells such as `a-2 b-1`")]
    Empty,
    /// The cells make no map (see [`Setup::rhombus`]).
    #[error(transparent)]
    Map(#[from] MapError),
    /// A row of another length than the map's.
    #[error(
        "this row has {}, but a {map} board has {expected} in every row",
        count(*found, "cell", "cells")
    )]
    RowLength {
        /// Cells in the row.
        found: usize,
        /// Cells in that row of the map.
        expected: usize,
        /// The map's name.
        map: String,
    },
    /// A character in a map's grid that names no territory.
    #[error(
        "`{}` names no territory: write a territory as `0`-`9`, `A`-`Z` or `a`-`z`, and sea as `.`",
        escape_controls(&.0.to_string())
    )]
    NotATerritory(char),
    /// A map file without a grid.
    #[error(
        "no map found: draw it as rows of cells, `0`-`9`, `A`-`Z` or `a`-`z` for territories and `.` for sea"
    )]
    NoGrid,
    /// A map's grid past its limits.
    #[error("the map is too large: at most {MAX_GRID_SIDE} rows of {MAX_GRID_SIDE} cells")]
    GridTooLarge,
    /// A row of the map after the territories' owners and dice.
    #[error("the rows of the map come before the territories' owners and dice")]
    GridAfterEntries,
    /// Not a territory's owner and dice.
    #[error(
        "expected a territory and its owner and dice such as `3 a-2`, found `{}`",
        escape_controls(.0)
    )]
    NotAnEntry(String),
    /// A territory, among the owners and dice, written without its own.
    #[error("territory `{0}` needs its owner and dice after it, such as `{0} a-2`")]
    EntryWithoutCell(char),
    /// A territory given owner and dice twice.
    #[error("territory `{0}` is given its owner and dice twice")]
    DuplicateEntry(char),
    /// A territory on the map without owner and dice.
    #[error("territory `{0}` has no owner and dice: add a line such as `{0} a-2`")]
    MissingEntry(char),
    /// Owner and dice for a territory that is not on the map.
    #[error("there is no territory `{0}` on the map")]
    UnknownTerritory(char),
    /// A map file's players line that is not `players: N` with N from 2
    /// to 8.
    #[error(
        "expected the number of players the map is drawn for, {MIN_PLAYERS} to {MAX_PLAYERS}, \
         such as `players: 2`, found `{}`",
        escape_controls(.0)
    )]
    NotPlayers(String),
    /// A map file's players line after the map's rows, or a second one.
    #[error("the players line (`players: 2`) comes once, before the rows of the map")]
    PlayersMisplaced,
    /// A territory's owner past the players a map file is drawn for.
    #[error(
        "player `{owner}` is not among the {players} players the map is drawn for (its line `players: {players}`)"
    )]
    OwnerPastPlayers {
        /// The owner.
        owner: Player,
        /// The players the map is drawn for.
        players: u8,
    },
    /// A player a map file is drawn for who owns no territory in it.
    #[error(
        "the map is drawn for {players} players, but `{player}` owns no territory: \
         every player needs one, or give the map alone, without owners and dice"
    )]
    PlayerWithoutTerritory {
        /// The player.
        player: Player,
        /// The players the map is drawn for.
        players: u8,
    },
    /// The cells do not fit the rules.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.location {
            write!(f, "line {line}, column {column}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for SetupError {}

/// The longest piece of a bad token quoted back in a message.
const QUOTE_LIMIT: usize = 24;

pub(super) fn quote(token: &str) -> String {
    if token.chars().count() > QUOTE_LIMIT {
        let cut: String = token.chars().take(QUOTE_LIMIT).collect();
        format!("{cut}...")
    } else {
        token.to_string()
    }
}

impl Setup {
    /// Reads a setup from text, checking only how it is written; player `a`
    /// moves first unless [`Setup::with_first`] says otherwise.
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
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
                        let at = |kind| SetupError {
                            location: Some((line_number, token_column)),
                            kind,
                        };
                        if cells.len() == MAX_CELLS {
                            return Err(at(SetupErrorKind::TooManyCells));
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
        if cells.is_empty() {
            return Err(SetupError {
                location: Some((text.lines().count().max(1), 1)),
                kind: SetupErrorKind::Empty,
            });
        }
        Ok(Setup {
            cells,
            locations,
            row_starts,
            first: Player::A,
        })
    }

    /// The same setup with another player to move.
    pub fn with_first(mut self, first: Player) -> Setup {
        self.first = first;
        self
    }

    /// The cells, in the order written.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The player to move.
    pub fn first(&self) -> Player {
        self.first
    }

    /// Where a cell was written: (line, column), both from 1.
    ///
    /// # Panics
    /// If the index is not a cell of the setup.
    pub fn location(&self, index: usize) -> (usize, usize) {
        self.locations[index]
    }

    /// The rhombus the cells were written for: the one with as many cells.
    /// The error points at the first cell.
    pub fn rhombus(&self) -> Result<Map, SetupError> {
        Map::rhombus_of(self.cells.len()).map_err(|e| SetupError {
            location: Some(self.locations[0]),
            kind: e.into(),
        })
    }

    /// The position the setup describes under `rules`: the rows as the
    /// map draws them, every cell within the rules, the player to move in
    /// the game; the checks are the rules' own ([`Position::start`]), and a
    /// mistake points at the cell or row where it was written.
    pub fn position(&self, rules: &Rules) -> Result<Position, SetupError> {
        let map = rules.map();
        let located = |index: usize, kind| SetupError {
            location: Some(self.locations[index]),
            kind,
        };
        if self.cells.len() == map.len() {
            let ends = self
                .row_starts
                .iter()
                .skip(1)
                .copied()
                .chain([self.cells.len()]);
            for (row, (&start, end)) in self.row_starts.iter().zip(ends).enumerate() {
                let expected = if row < map.rows() {
                    map.row(row).len()
                } else {
                    0
                };
                if end - start != expected {
                    return Err(located(
                        start,
                        SetupErrorKind::RowLength {
                            found: end - start,
                            expected,
                            map: map.to_string(),
                        },
                    ));
                }
            }
        }
        let board =
            Board::new(&self.cells).map_err(|_| located(0, SetupErrorKind::TooManyCells))?;
        Position::start(rules, board, self.first).map_err(|e| SetupError {
            location: match &e {
                PositionError::CellCount { .. } => Some(self.locations[0]),
                _ => e.cell().map(|index| self.locations[index]),
            },
            kind: e.into(),
        })
    }
}

pub(super) fn parse_cell(token: &str) -> Result<Cell, SetupErrorKind> {
    let not_a_cell = || SetupErrorKind::NotACell(quote(token));
    let mut chars = token.chars();
    let letter = chars.next().ok_or_else(not_a_cell)?;
    if chars.next() != Some('-') || !letter.is_alphabetic() {
        return Err(not_a_cell());
    }
    let dice = chars.as_str();
    if dice.is_empty() || !dice.chars().all(|c| c.is_ascii_digit()) {
        return Err(not_a_cell());
    }
    let owner = Player::from_letter(letter).ok_or(SetupErrorKind::UnknownPlayer(letter))?;
    match dice.parse::<u8>() {
        Ok(d) if (1..=MAX_DICE_LIMIT).contains(&d) => Ok(Cell::new(owner, d)),
        _ => Err(SetupErrorKind::DiceOutOfRange(quote(dice))),
    }
}

/// Reads a board's cells from text, forgetting where they were written and
/// checking nothing against any rules or map.
///
/// ```
/// use dice_of_doom::game::{Board, Map};
/// let board: Board = "b-2 b-2 / a-2 b-1".parse().unwrap();
/// assert_eq!(board.on(&Map::rhombus(2).unwrap()).to_string(), "    b-2 b-2\n  a-2 b-1\n");
/// ```
impl FromStr for Board {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Board, SetupError> {
        let setup = Setup::parse(s)?;
        Board::new(setup.cells()).map_err(|_| SetupError {
            location: Some(setup.location(0)),
            kind: SetupErrorKind::TooManyCells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SetupErrorKind as K;

    fn rhombus(side: usize) -> Map {
        Map::rhombus(side).unwrap()
    }

    #[test]
    fn printed_boards_read_back() {
        let text = "      b-2 a-1 a-1\n    a-2 b-2 a-3\n  b-3 b-1 b-1\n";
        let board: Board = text.parse().unwrap();
        assert_eq!(board.on(&rhombus(3)).to_string(), text);
    }

    #[test]
    fn comments_blank_lines_case_and_slashes() {
        let text = "# a comment\n\n  B-2 b-2   # trailing\n\ta-2 b-1\n";
        let board: Board = text.parse().unwrap();
        assert_eq!(board, "b-2 b-2/a-2 b-1".parse().unwrap());
    }

    /// Reads a setup and checks it on the rhombus its cells make, for two
    /// players and three dice.
    fn check(text: &str) -> Result<Position, SetupError> {
        let setup = Setup::parse(text)?;
        let rules = Rules::new(setup.rhombus()?, 2, 3).unwrap();
        setup.position(&rules)
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
            (
                "a-2 b-2 a-1\na-2 b-1 a-1",
                1,
                1,
                K::Map(MapError::NotSquare(6)),
            ),
            ("a-1", 1, 1, K::Map(MapError::NotSquare(1))),
            (
                "a-1 a-1 a-1\na-1\na-1 a-1 a-1 a-1 a-1",
                2,
                1,
                K::RowLength {
                    found: 1,
                    expected: 3,
                    map: "3x3".into(),
                },
            ),
            ("# only a comment\n\n", 2, 1, K::Empty),
            ("", 1, 1, K::Empty),
        ];
        for (text, line, column, kind) in cases {
            let expected = SetupError {
                location: Some((line, column)),
                kind,
            };
            assert_eq!(check(text), Err(expected), "{text:?}");
        }
    }

    #[test]
    fn too_many_cells_stop_at_the_first_extra_cell() {
        let row = "a-1 ".repeat(10);
        let text = format!("{}a-1\n", format!("{row}\n").repeat(10));
        let error = Setup::parse(&text).unwrap_err();
        assert_eq!(
            (error.location, error.kind),
            (Some((11, 1)), K::TooManyCells)
        );
    }

    #[test]
    fn rules_checks_point_at_the_cell() {
        let setup = Setup::parse("a-2 b-2\n  a-2 c-1").unwrap();
        let rules = Rules::classic(2, 2, 3).unwrap();
        let error = setup.position(&rules).unwrap_err();
        assert_eq!(error.location, Some((2, 7)));
        assert_eq!(
            error.kind,
            K::Position(PositionError::Owner {
                index: 3,
                owner: Player::new(2).unwrap(),
                players: 2
            })
        );
        let setup = Setup::parse("a-2 b-5\na-2 b-1").unwrap();
        let error = setup.position(&rules).unwrap_err();
        assert_eq!(
            (error.location, error.kind),
            (
                Some((1, 5)),
                K::Position(PositionError::TooManyDice {
                    index: 1,
                    dice: 5,
                    max_dice: 3
                })
            )
        );
        assert!(setup.position(&Rules::classic(2, 2, 5).unwrap()).is_ok());
    }

    #[test]
    fn the_map_and_the_player_to_move_are_checked_too() {
        let setup = Setup::parse("a-2 b-2\na-2 b-1").unwrap();
        let error = setup
            .position(&Rules::classic(3, 2, 3).unwrap())
            .unwrap_err();
        assert_eq!(
            (error.location, error.kind),
            (
                Some((1, 1)),
                K::Position(PositionError::CellCount { board: 4, map: 9 })
            )
        );
        let c = Player::new(2).unwrap();
        let error = setup
            .with_first(c)
            .position(&Rules::classic(2, 2, 3).unwrap())
            .unwrap_err();
        assert_eq!(error.location, None);
        assert_eq!(
            error.to_string(),
            "player c is not one of the 2 players (a to b)"
        );
    }
}
