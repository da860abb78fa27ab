//! Cells, boards and the geometry that says which cells touch.

use std::fmt;

use super::Player;

/// The smallest board side.
pub const MIN_SIDE: u8 = 2;
/// The largest board side.
pub const MAX_SIDE: u8 = 10;
/// The most cells a board can have.
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// The most dice a cell can ever hold, whatever the rules.
pub const MAX_DICE_LIMIT: u8 = 9;

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

/// A square board of `side` x `side` hexagons, cells indexed row by row from
/// the top-left corner.
///
/// A `Board` is a plain value: it is `Copy`, holds no heap memory, and knows
/// nothing of the rules. Cells past `side * side` are always the default cell,
/// so two boards are equal exactly when their sides and cells are.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    side: u8,
    cells: [Cell; MAX_CELLS],
}

/// Why cells do not make a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The side is outside `MIN_SIDE..=MAX_SIDE`.
    #[error("a board side must be from {MIN_SIDE} to {MAX_SIDE}, not {0}")]
    Side(usize),
    /// The number of cells is not `side * side`.
    #[error("a {side}x{side} board has {} cells, not {cells}", side * side)]
    CellCount {
        /// The side asked for.
        side: usize,
        /// The cells given.
        cells: usize,
    },
}

impl Board {
    /// A board of the given side from its cells, row by row.
    ///
    /// ```
    /// use dice_of_doom::game::{Board, Cell, Player};
    /// let (a, b) = (Player::A, Player::B);
    /// let cells = [Cell::new(b, 2), Cell::new(b, 2), Cell::new(a, 2), Cell::new(b, 1)];
    /// let board = Board::new(2, &cells).unwrap();
    /// assert_eq!(board.cell(2), Cell::new(a, 2));
    /// assert!(Board::new(3, &cells).is_err());
    /// ```
    pub fn new(side: usize, cells: &[Cell]) -> Result<Board, BoardError> {
        if !(MIN_SIDE as usize..=MAX_SIDE as usize).contains(&side) {
            return Err(BoardError::Side(side));
        }
        if cells.len() != side * side {
            return Err(BoardError::CellCount {
                side,
                cells: cells.len(),
            });
        }
        let mut board = Board {
            side: side as u8,
            cells: [Cell::default(); MAX_CELLS],
        };
        board.cells[..cells.len()].copy_from_slice(cells);
        Ok(board)
    }

    /// The number of cells along one edge.
    pub const fn side(&self) -> usize {
        self.side as usize
    }

    /// The number of cells.
    pub const fn len(&self) -> usize {
        self.side as usize * self.side as usize
    }

    /// Always false: a board has at least four cells.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The cells, row by row.
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

    /// The rows of the board, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells().chunks(self.side())
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

    /// The board on one line, rows separated by ` / ` (the board text
    /// format reads it back).
    ///
    /// ```
    /// use dice_of_doom::game::Board;
    /// let board: Board = "b-2 b-2\n  a-2 b-1".parse().unwrap();
    /// assert_eq!(board.to_line(), "b-2 b-2 / a-2 b-1");
    /// assert_eq!(board.to_line().parse::<Board>().unwrap(), board);
    /// ```
    pub fn to_line(&self) -> String {
        let rows: Vec<String> = self
            .rows()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(Cell::to_string).collect();
                cells.join(" ")
            })
            .collect();
        rows.join(" / ")
    }

    /// The cells a player owns.
    pub fn owned_by(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        self.cells()
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.owner() == player)
            .map(|(i, _)| i)
    }
}

/// Shows the board as the game prints it: one row per line, each row indented
/// two spaces more than the row below (a rhombus of hexagons).
///
/// ```
/// use dice_of_doom::game::{Board, Cell, Player};
/// let (a, b) = (Player::A, Player::B);
/// let cells = [Cell::new(b, 2), Cell::new(b, 2), Cell::new(a, 2), Cell::new(b, 1)];
/// let board = Board::new(2, &cells).unwrap();
/// assert_eq!(board.to_string(), "    b-2 b-2\n  a-2 b-1\n");
/// ```
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (y, row) in self.rows().enumerate() {
            write!(f, "{:width$}", "", width = row_indent(self.side(), y))?;
            for (x, cell) in row.iter().enumerate() {
                if x > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{cell}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_line())
    }
}

/// The indentation of row `y` on a board of the given side: `(side - y) * 2`.
pub const fn row_indent(side: usize, y: usize) -> usize {
    (side - y) * 2
}

/// Which cells touch: a precomputed table of each cell's neighbours.
///
/// The rules only ever ask a `Layout` for a cell's neighbours, so other
/// geometries (offset rows, irregular territory maps) can be added without
/// touching them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    side: u8,
    /// `neighbours[offsets[i]..offsets[i + 1]]` are the neighbours of cell `i`.
    neighbours: Vec<u8>,
    offsets: Vec<u16>,
}

impl Layout {
    /// The classic rhombus of hexagons (Land of Lisp): the neighbours of `p`
    /// are, in this order, `p - side` (up), `p + side` (down), then when `p`
    /// is not in the left column `p - side - 1` (up-left) and `p - 1` (left),
    /// then when it is not in the right column `p + 1` (right) and
    /// `p + side + 1` (down-right), keeping those on the board.
    ///
    /// ```
    /// use dice_of_doom::game::Layout;
    /// let layout = Layout::hex(3).unwrap();
    /// assert_eq!(layout.neighbours(4), &[1, 7, 0, 3, 5, 8]);
    /// assert_eq!(layout.neighbours(0), &[3, 1, 4]);
    /// ```
    pub fn hex(side: usize) -> Result<Layout, BoardError> {
        if !(MIN_SIDE as usize..=MAX_SIDE as usize).contains(&side) {
            return Err(BoardError::Side(side));
        }
        let n = side as isize;
        let cells = n * n;
        let mut neighbours = Vec::new();
        let mut offsets = vec![0u16];
        for p in 0..cells {
            let mut candidates = vec![p - n, p + n];
            if p % n != 0 {
                candidates.extend([p - n - 1, p - 1]);
            }
            if (p + 1) % n != 0 {
                candidates.extend([p + 1, p + n + 1]);
            }
            neighbours.extend(
                candidates
                    .into_iter()
                    .filter(|&q| (0..cells).contains(&q))
                    .map(|q| q as u8),
            );
            offsets.push(neighbours.len() as u16);
        }
        Ok(Layout {
            side: side as u8,
            neighbours,
            offsets,
        })
    }

    /// The number of cells along one edge.
    pub const fn side(&self) -> usize {
        self.side as usize
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Always false: a layout has at least four cells.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The neighbours of a cell, in the order the rules list attacks.
    ///
    /// # Panics
    /// If the cell is not below [`Layout::len`].
    #[inline]
    pub fn neighbours(&self, cell: usize) -> &[u8] {
        let start = self.offsets[cell] as usize;
        let end = self.offsets[cell + 1] as usize;
        &self.neighbours[start..end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_neighbours_follow_the_rules_order() {
        // (side, cell, neighbours): the RULES.md examples, every corner, an edge.
        let cases: &[(usize, usize, &[u8])] = &[
            (3, 4, &[1, 7, 0, 3, 5, 8]),
            (3, 0, &[3, 1, 4]),
            (3, 2, &[5, 1]),
            (3, 6, &[3, 7]),
            (3, 8, &[5, 4, 7]),
            (3, 3, &[0, 6, 4, 7]),
            (3, 5, &[2, 8, 1, 4]),
            (2, 0, &[2, 1, 3]),
            (2, 1, &[3, 0]),
            (2, 2, &[0, 3]),
            (2, 3, &[1, 0, 2]),
            (10, 99, &[89, 88, 98]),
            (10, 9, &[19, 8]),
        ];
        for &(side, cell, expected) in cases {
            let layout = Layout::hex(side).unwrap();
            assert_eq!(
                layout.neighbours(cell),
                expected,
                "side {side}, cell {cell}"
            );
        }
    }

    #[test]
    fn hex_adjacency_is_symmetric() {
        for side in MIN_SIDE as usize..=MAX_SIDE as usize {
            let layout = Layout::hex(side).unwrap();
            assert_eq!(layout.len(), side * side);
            for p in 0..layout.len() {
                for &q in layout.neighbours(p) {
                    assert!(
                        layout.neighbours(q as usize).contains(&(p as u8)),
                        "side {side}: {p} touches {q} but not back"
                    );
                }
            }
        }
    }

    #[test]
    fn sides_out_of_range_are_refused() {
        for side in [0, 1, 11, 100] {
            assert_eq!(Layout::hex(side), Err(BoardError::Side(side)));
            assert_eq!(Board::new(side, &[]), Err(BoardError::Side(side)));
        }
    }

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
        let board = Board::new(3, &cells).unwrap();
        assert_eq!(
            board.to_string(),
            "      b-2 a-1 a-1\n    a-2 b-2 a-3\n  b-3 b-1 b-1\n"
        );
        assert_eq!(board.total_dice(), 16);
        assert_eq!(board.cell_counts()[..2], [4, 5]);
    }
}
