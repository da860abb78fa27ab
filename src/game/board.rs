//! Cells and boards.

use std::fmt;

use super::{MAX_CELLS, Map, Place, Player};
/// The most dice a cell can ever hold, whatever the rules.
pub const MAX_DICE_LIMIT: u8 = 9;
/// The lowest dice limit: a cell holds at least one die.
pub const MIN_DICE_LIMIT: u8 = 1;

/// One hexagon: its owner and how many dice it holds.
///
/// ```
/// use dice_of_doom::game::{Cell, Player};
/// let cell = Cell::new(Player::B, 2);
/// assert_eq!(cell.to_string(), "b-2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell {
    owner: Player,
    dice: u8,
}

impl Cell {
    /// A cell owned by `owner` holding `dice` dice.
    pub const fn new(owner: Player, dice: u8) -> Cell {
        Cell { owner, dice }
    }

    /// Who owns the cell.
    pub const fn owner(self) -> Player {
        self.owner
    }

    /// How many dice the cell holds.
    pub const fn dice(self) -> u8 {
        self.dice
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.owner, self.dice)
    }
}

/// The cells of a board, indexed as its [`Map`] numbers them.
///
/// A `Board` is a plain value: it is `Copy`, holds no heap memory, and knows
/// nothing of the rules or of the geometry (which cells touch, where they are
/// drawn: that is the map's). Cells past [`Board::len`] are always the
/// default cell, so two boards are equal exactly when their cells are.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    len: u8,
    cells: [Cell; MAX_CELLS],
}

/// Why cells do not make a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No cells, or more than any map has.
    #[error("a board has from 1 to {MAX_CELLS} cells, not {0}")]
    CellCount(usize),
}

impl Board {
    /// A board from its cells, in the map's order.
    ///
    /// ```
    /// use dice_of_doom::game::{Board, Cell, Player};
    /// let (a, b) = (Player::A, Player::B);
    /// let cells = [Cell::new(b, 2), Cell::new(b, 2), Cell::new(a, 2), Cell::new(b, 1)];
    /// let board = Board::new(&cells).unwrap();
    /// assert_eq!((board.len(), board.cell(2)), (4, Cell::new(a, 2)));
    /// assert!(Board::new(&[]).is_err());
    /// ```
    pub fn new(cells: &[Cell]) -> Result<Board, BoardError> {
        if !(1..=MAX_CELLS).contains(&cells.len()) {
            return Err(BoardError::CellCount(cells.len()));
        }
        let mut board = Board {
            len: cells.len() as u8,
            cells: [Cell::default(); MAX_CELLS],
        };
        board.cells[..cells.len()].copy_from_slice(cells);
        Ok(board)
    }

    /// The number of cells.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a board has at least one cell.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The cells, in the map's order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len()]
    }

    /// The cell at an index.
    ///
    /// # Panics
    /// If the index is not below [`Board::len`].
    pub fn cell(&self, index: usize) -> Cell {
        self.cells()[index]
    }

    pub(crate) fn set(&mut self, index: usize, cell: Cell) {
        let len = self.len();
        self.cells[..len][index] = cell;
    }

    /// How many cells each player owns, indexed by player.
    pub fn cell_counts(&self) -> [usize; super::MAX_PLAYERS as usize] {
        let mut counts = [0; super::MAX_PLAYERS as usize];
        for cell in self.cells() {
            counts[cell.owner().index() as usize] += 1;
        }
        counts
    }

    /// The total number of dice on the board.
    pub fn total_dice(&self) -> u32 {
        self.cells().iter().map(|c| u32::from(c.dice())).sum()
    }

    /// The cells a player owns.
    pub fn owned_by(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        self.cells()
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.owner() == player)
            .map(|(i, _)| i)
    }

    /// The board drawn on a map, to print in the board text format (see
    /// [`OnMap`]).
    ///
    /// # Panics
    /// When printed, if the board has fewer cells than the map.
    pub fn on<'a>(&'a self, map: &'a Map) -> OnMap<'a> {
        OnMap { board: self, map }
    }
}

/// The cells on one line, separated by spaces.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Board(")?;
        for (i, cell) in self.cells().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cell}")?;
        }
        f.write_str(")")
    }
}

/// A board on its map: `Display` writes it as the game prints it, one drawn
/// row per line with each cell under its place (the board text format reads
/// it back), and [`OnMap::to_line`] on one line.
///
/// ```
/// use dice_of_doom::game::{Board, Map};
/// let board: Board = "b-2 b-2\n  a-2 b-1".parse().unwrap();
/// let map = Map::rhombus(2).unwrap();
/// assert_eq!(board.on(&map).to_string(), "    b-2 b-2\n  a-2 b-1\n");
/// assert_eq!(board.on(&map).to_line(), "b-2 b-2 / a-2 b-1");
/// assert_eq!(board.on(&map).to_line().parse::<Board>().unwrap(), board);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct OnMap<'a> {
    board: &'a Board,
    map: &'a Map,
}

impl OnMap<'_> {
    /// The board on one line, rows separated by ` / `.
    pub fn to_line(&self) -> String {
        let rows: Vec<String> = (0..self.map.rows())
            .map(|row| {
                let cells: Vec<String> = self
                    .map
                    .row(row)
                    .map(|i| self.board.cell(i).to_string())
                    .collect();
                cells.join(" ")
            })
            .collect();
        rows.join(" / ")
    }
}

impl OnMap<'_> {
    /// Writes the board as [`Display`](fmt::Display) does, each cell's
    /// `a-2` text passed through `show` (to colour it, say).
    pub fn write_with(
        &self,
        out: &mut impl fmt::Write,
        mut show: impl FnMut(Cell, &str) -> String,
    ) -> fmt::Result {
        for row in 0..self.map.rows() {
            let mut at = 0;
            for index in self.map.row(row) {
                // A map of territories is one row, its cells a space apart.
                let column = match self.map.grid() {
                    None => text_column(self.map.place(index)),
                    Some(_) => at + usize::from(index > 0),
                };
                let cell = self.board.cell(index);
                let text = show(cell, &cell.to_string());
                write!(
                    out,
                    "{:width$}{text}",
                    "",
                    width = column.saturating_sub(at)
                )?;
                at = column + CELL_WIDTH;
            }
            out.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Display for OnMap<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with(f, |_, text| text.to_string())
    }
}

/// The characters a cell takes in the board text format (`a-2`).
pub const CELL_WIDTH: usize = 3;

/// The character column where a cell starts in the board text format: two
/// characters for each half hexagon, after a margin of two.
pub fn text_column(place: Place) -> usize {
    2 * (usize::from(place.column) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_prints_as_an_indented_rhombus() {
        let a = Player::A;
        let b = Player::B;
        let cells = [
            Cell::new(b, 2),
            Cell::new(a, 1),
            Cell::new(a, 1),
            Cell::new(a, 2),
            Cell::new(b, 2),
            Cell::new(a, 3),
            Cell::new(b, 3),
            Cell::new(b, 1),
            Cell::new(b, 1),
        ];
        let board = Board::new(&cells).unwrap();
        let map = Map::rhombus(3).unwrap();
        assert_eq!(
            board.on(&map).to_string(),
            "      b-2 a-1 a-1\n    a-2 b-2 a-3\n  b-3 b-1 b-1\n"
        );
        assert_eq!(board.total_dice(), 16);
        assert_eq!(board.cell_counts()[..2], [4, 5]);
    }

    #[test]
    fn cell_counts_out_of_range_are_refused() {
        for n in [0, MAX_CELLS + 1] {
            let cells = vec![Cell::default(); n];
            assert_eq!(Board::new(&cells), Err(BoardError::CellCount(n)));
        }
    }
}
