//! Map files: a map of territories drawn as text, and each territory's
//! owner and dice, read into a [`MapSetup`] and checked against the rules
//! into a [`Position`]. Every mistake is one [`SetupError`] that says where
//! it is.

use crate::game::setup::{SetupError, SetupErrorKind, parse_cell, quote};
use crate::game::{
    Board, Cell, Grid, MAX_GRID_SIDE, Map, MapError, Player, Position, PositionError, Rules,
    territory_char, territory_of_char,
};

/// A map file as read, not yet checked against any rules: the map, each
/// territory's owner and dice, where each was written, and the player to
/// move.
///
/// The text has two parts. First the map: one line per row of hexagon
/// cells, one character per cell, `0`-`9`, `A`-`Z` or `a`-`z` naming the
/// cell's territory (`0` is territory 0, `A` territory 10, `a` territory
/// 36) and `.` a cell of sea; spaces are ignored, so cells may be written a
/// space apart and odd rows (which sit half a hexagon right) indented by one,
/// and a short row ends in sea. Then one line per territory: its character,
/// then its owner and dice as in a board file (`3 a-2`). `#` starts a
/// comment, and blank lines are skipped.
///
/// ```
/// use dice_of_doom::game::{MapSetup, Player, Rules};
/// let text = "# two territories\n0 0 1\n 0 1 1\n0 a-2\n1 b-1\n";
/// let setup = MapSetup::parse(text).unwrap();
/// assert_eq!(setup.map().to_string(), "map of 2 territories");
/// let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
/// let start = setup.position(&rules).unwrap();
/// assert_eq!(start.board().cell(1).to_string(), "b-1");
///
/// let error = MapSetup::parse("0 0 1\n 0 % 1\n0 a-2\n1 b-1\n").unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 4: `%` names no territory: write a territory as `0`-`9`, `A`-`Z` or `a`-`z`, and sea as `.`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapSetup {
    map: Map,
    cells: Vec<Cell>,
    /// Where each territory's owner and dice were written.
    locations: Vec<(usize, usize)>,
    first: Player,
}

/// A cell of the grid as written: its territory (or sea), line and column.
type Written = (Option<u8>, usize, usize);

impl MapSetup {
    /// Reads a map file, checking the map (every territory one group of
    /// touching cells, numbered from 0 without gaps, each given one owner and
    /// dice, or none given any: a bare map, [`MapSetup::is_bare`]) but not
    /// the rules; player `a` moves first unless [`MapSetup::with_first`]
    /// says otherwise.
    pub fn parse(text: &str) -> Result<MapSetup, SetupError> {
        let at = |line: usize, column: usize, kind| SetupError {
            location: Some((line, column)),
            kind,
        };
        let mut rows: Vec<Vec<Written>> = Vec::new();
        let mut entries: Vec<Option<(Cell, (usize, usize))>> = Vec::new();
        let mut lines = 0;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            lines = number;
            let content = line.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            if content.contains('-') {
                let (id, cell, location) = parse_entry(content, number)?;
                if id >= entries.len() {
                    entries.resize(id + 1, None);
                }
                if entries[id].is_some() {
                    let c = territory_char(id).unwrap_or('?');
                    return Err(at(number, location.1, SetupErrorKind::DuplicateEntry(c)));
                }
                entries[id] = Some((cell, location));
                continue;
            }
            if !entries.is_empty() {
                let column = content.chars().take_while(|c| c.is_whitespace()).count() + 1;
                // A territory alone among the owners and dice (or with a
                // word after it, where the map's rows are wider than two)
                // is one of them left unfinished, not a row of the map.
                let words: Vec<&str> = content.split_whitespace().collect();
                let width = rows.iter().map(Vec::len).max().unwrap_or(0);
                let mut chars = words[0].chars();
                if let (Some(c), None) = (chars.next(), chars.next())
                    && territory_of_char(c).is_some()
                    && (words.len() == 1 || (words.len() == 2 && width > 2))
                {
                    return Err(at(number, column, SetupErrorKind::EntryWithoutCell(c)));
                }
                return Err(at(number, column, SetupErrorKind::GridAfterEntries));
            }
            if rows.len() == MAX_GRID_SIDE {
                return Err(at(number, 1, SetupErrorKind::GridTooLarge));
            }
            let mut row = Vec::new();
            for (i, c) in content.chars().enumerate() {
                if c.is_whitespace() {
                    continue;
                }
                let territory = match (c, territory_of_char(c)) {
                    ('.', _) => None,
                    (_, Some(t)) => Some(t as u8),
                    (_, None) => return Err(at(number, i + 1, SetupErrorKind::NotATerritory(c))),
                };
                if row.len() == MAX_GRID_SIDE {
                    return Err(at(number, i + 1, SetupErrorKind::GridTooLarge));
                }
                row.push((territory, number, i + 1));
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(at(lines.max(1), 1, SetupErrorKind::NoGrid));
        }
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        // A grid of one row or column is drawn on two, with sea.
        let mut grid = Grid::new(width.max(2), rows.len().max(2))
            .ok_or_else(|| at(1, 1, SetupErrorKind::GridTooLarge))?;
        for (y, row) in rows.iter().enumerate() {
            for (x, &(territory, _, _)) in row.iter().enumerate() {
                grid.set(x, y, territory);
            }
        }
        let written = |(x, y): (u8, u8)| {
            let (_, line, column) = rows[usize::from(y)][usize::from(x)];
            (line, column)
        };
        let map = Map::territories(grid).map_err(|e| {
            let location = match e {
                MapError::Split { cell, .. } | MapError::MissingTerritory { cell, .. } => {
                    Some(written(cell))
                }
                // The first cell of the map.
                _ => rows.iter().flatten().next().map(|w| (w.1, w.2)),
            };
            SetupError {
                location,
                kind: e.into(),
            }
        })?;
        let first_cell = |t: usize| {
            rows.iter()
                .flatten()
                .find(|w| w.0 == Some(t as u8))
                .map_or((1, 1), |w| (w.1, w.2))
        };
        if entries.is_empty() {
            // A bare map: no owners or dice, to be dealt.
            let locations = (0..map.len()).map(first_cell).collect();
            return Ok(MapSetup {
                map,
                cells: Vec::new(),
                locations,
                first: Player::A,
            });
        }
        let mut cells = Vec::with_capacity(map.len());
        let mut locations = Vec::with_capacity(map.len());
        for t in 0..map.len() {
            match entries.get(t).copied().flatten() {
                Some((cell, location)) => {
                    cells.push(cell);
                    locations.push(location);
                }
                None => {
                    let first = first_cell(t);
                    let c = territory_char(t).unwrap_or('?');
                    return Err(at(first.0, first.1, SetupErrorKind::MissingEntry(c)));
                }
            }
        }
        if let Some((id, (_, location))) = entries
            .iter()
            .enumerate()
            .skip(map.len())
            .find_map(|(id, e)| e.map(|e| (id, e)))
        {
            let c = territory_char(id).unwrap_or('?');
            return Err(at(
                location.0,
                location.1,
                SetupErrorKind::UnknownTerritory(c),
            ));
        }
        Ok(MapSetup {
            map,
            cells,
            locations,
            first: Player::A,
        })
    }

    /// The same setup with another player to move.
    pub fn with_first(mut self, first: Player) -> MapSetup {
        self.first = first;
        self
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// Each territory's owner and dice, in the order of the territories
    /// (none for a bare map).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether the file gives the map alone, without the territories'
    /// owners and dice: a game on it deals them (see
    /// [`deal_game`](crate::game::deal_game) with [`Ground::Map`](crate::game::Ground)).
    pub fn is_bare(&self) -> bool {
        self.cells.is_empty()
    }

    /// The position the file describes under `rules` (played on this map):
    /// every territory within the rules, the player to move in the game; a
    /// mistake points at the territory's owner and dice (a bare map's, at
    /// its first territory, which has none).
    pub fn position(&self, rules: &Rules) -> Result<Position, SetupError> {
        if self.is_bare() {
            // Nothing to deal with here: the first territory lacks its line.
            let (line, column) = self.locations.first().copied().unwrap_or((1, 1));
            return Err(SetupError {
                location: Some((line, column)),
                kind: SetupErrorKind::MissingEntry('0'),
            });
        }
        let board = Board::new(&self.cells).map_err(|_| SetupError {
            location: None,
            kind: SetupErrorKind::TooManyCells,
        })?;
        Position::start(rules, board, self.first).map_err(|e| SetupError {
            location: match &e {
                PositionError::CellCount { .. } => None,
                _ => e.cell().map(|index| self.locations[index]),
            },
            kind: e.into(),
        })
    }
}

/// Reads a territory's line, `3 a-2`: its number, its owner and dice, and
/// where the owner and dice were written.
fn parse_entry(content: &str, line: usize) -> Result<(usize, Cell, (usize, usize)), SetupError> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, (byte, c)) in content.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, byte)),
            (true, Some((column, from))) => {
                tokens.push((column + 1, &content[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, from)) = start {
        tokens.push((column + 1, &content[from..]));
    }
    let at = |column: usize, kind| SetupError {
        location: Some((line, column)),
        kind,
    };
    let not_an_entry = |(column, token): (usize, &str)| {
        at(column, SetupErrorKind::NotAnEntry(quote(token).to_string()))
    };
    match tokens[..] {
        [(column, id), (cell_column, cell)] => {
            let mut chars = id.chars();
            let territory = match (chars.next().and_then(territory_of_char), chars.next()) {
                (Some(t), None) => t,
                _ => return Err(not_an_entry((column, id))),
            };
            let cell = parse_cell(cell).map_err(|kind| at(cell_column, kind))?;
            Ok((territory, cell, (line, column)))
        }
        [first, ..] if tokens.len() != 2 && !first.1.contains('-') => {
            Err(not_an_entry(*tokens.get(2).unwrap_or(&first)))
        }
        [first, ..] => Err(not_an_entry(first)),
        [] => Err(not_an_entry((1, content))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SetupErrorKind as K;

    const TWO: &str = "0 0 1\n 0 1 1\n0 a-2\n1 b-1\n";

    fn error(text: &str) -> ((usize, usize), K) {
        let e = MapSetup::parse(text).unwrap_err();
        (e.location.unwrap(), e.kind)
    }

    #[test]
    fn a_map_reads_with_comments_spaces_and_short_rows() {
        let text = "# a map\n\n  001 # row 0\n 0.11\n 22\n0 a-1\n1 b-2 # b\n2 a-3\n";
        let setup = MapSetup::parse(text).unwrap();
        let map = setup.map();
        assert_eq!(map.len(), 3);
        let grid = map.grid().unwrap();
        assert_eq!((grid.width(), grid.height()), (4, 3));
        assert_eq!(
            (grid.get(1, 1), grid.get(3, 1), grid.get(3, 2)),
            (None, Some(1), None)
        );
        assert_eq!((map.neighbours(2), map.neighbours(1)), (&[0][..], &[0][..]));
        assert_eq!(setup.cells()[2].to_string(), "a-3");
        assert_eq!(MapSetup::parse(TWO).unwrap().cells().len(), 2);
    }

    #[test]
    fn every_mistake_is_located() {
        let cases: Vec<(&str, (usize, usize), K)> = vec![
            ("0 0 1\n 0 % 1\n0 a-2\n1 b-1", (2, 4), K::NotATerritory('%')),
            ("# nothing\n\n", (2, 1), K::NoGrid),
            ("0 a-2\n", (1, 1), K::NoGrid),
            ("0 1\n0 a-1\n1 b-1\n 0 1", (4, 2), K::GridAfterEntries),
            ("0 1\n0 a-1\n1", (3, 1), K::EntryWithoutCell('1')),
            ("0 1\n0 a-1\n  1  # b-2?", (3, 3), K::EntryWithoutCell('1')),
            ("0 1\n0 a-1\n%", (3, 1), K::GridAfterEntries),
            (
                "0 0 1\n 0 1 1\n0 a-1\n1 b",
                (4, 1),
                K::EntryWithoutCell('1'),
            ),
            ("0 0 1\n 0 1 1\n0 a-1\n0 1 1", (4, 1), K::GridAfterEntries),
            (
                "0 0 1\n 0 1 1\n0 a-2\n1 b-1\n0 b-2",
                (5, 1),
                K::DuplicateEntry('0'),
            ),
            ("0 0 1\n 0 1 1\n0 a-2\n", (1, 5), K::MissingEntry('1')),
            (
                "0 0 1\n 0 1 1\n0 a-2\n1 b-1\n2 a-1",
                (5, 1),
                K::UnknownTerritory('2'),
            ),
            (
                "0 0 1\n 0 1 1\n0 a-2\n1 b-x",
                (4, 3),
                K::NotACell("b-x".into()),
            ),
            ("0 0 1\n 0 1 1\n0 a-2\n1 z-1", (4, 3), K::UnknownPlayer('z')),
            (
                "0 0 1\n 0 1 1\n0 a-2\n1 b-0",
                (4, 3),
                K::DiceOutOfRange("0".into()),
            ),
            (
                "0 0 1\n 0 1 1\n0 a-2\n10 b-1",
                (4, 1),
                K::NotAnEntry("10".into()),
            ),
            (
                "0 0 1\n 0 1 1\n0 a-2\n1 b-1 c-1",
                (4, 7),
                K::NotAnEntry("c-1".into()),
            ),
            (
                "0 0 1\n 0 1 1\n0 a-2\n1-b",
                (4, 1),
                K::NotAnEntry("1-b".into()),
            ),
            (
                "# one\n  0 0 0\n 0 0 0\n0 a-2",
                (2, 3),
                K::Map(MapError::TooFewTerritories(1)),
            ),
            (
                "0 0 2\n 0 2 2\n0 a-2\n2 b-1",
                (1, 5),
                K::Map(MapError::MissingTerritory {
                    missing: 1,
                    cell: (2, 0),
                }),
            ),
            (
                "0 1 0\n 1 1 .\n0 a-2\n1 b-1",
                (1, 5),
                K::Map(MapError::Split {
                    territory: 0,
                    cell: (2, 0),
                }),
            ),
        ];
        for (text, location, kind) in cases {
            assert_eq!(error(text), (location, kind), "{text:?}");
        }
    }

    #[test]
    fn oversized_grids_stop_before_they_are_read() {
        let wide = format!("{}\n", "0".repeat(MAX_GRID_SIDE + 1));
        assert_eq!(error(&wide), ((1, MAX_GRID_SIDE + 1), K::GridTooLarge));
        let tall = "01\n".repeat(MAX_GRID_SIDE + 1);
        assert_eq!(error(&tall), ((MAX_GRID_SIDE + 1, 1), K::GridTooLarge));
    }

    #[test]
    fn a_map_without_owners_is_bare_and_has_no_position() {
        let setup = MapSetup::parse("0 0 1\n 0 1 1\n").unwrap();
        assert!(setup.is_bare());
        assert_eq!(setup.map().len(), 2);
        let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
        let error = setup.position(&rules).unwrap_err();
        assert_eq!(
            (error.location, error.kind),
            (Some((1, 1)), K::MissingEntry('0'))
        );
        // One owner line is no longer bare: the others are missing.
        let error = MapSetup::parse("0 0 1\n 0 1 1\n0 a-2\n").unwrap_err();
        assert_eq!(error.kind, K::MissingEntry('1'));
    }

    #[test]
    fn rules_checks_point_at_the_territory() {
        let setup = MapSetup::parse("0 0 1\n 0 1 1\n0 a-2\n1 c-1\n").unwrap();
        let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
        let e = setup.position(&rules).unwrap_err();
        assert_eq!(e.location, Some((4, 1)));
        assert!(matches!(
            e.kind,
            K::Position(PositionError::Owner { index: 1, .. })
        ));
        let setup = MapSetup::parse("0 0 1\n 0 1 1\n0 a-5\n1 b-1\n").unwrap();
        let e = setup.position(&rules).unwrap_err();
        assert_eq!(e.location, Some((3, 1)));
        assert!(matches!(
            e.kind,
            K::Position(PositionError::TooManyDice { index: 0, .. })
        ));
        let c = Player::new(2).unwrap();
        let e = setup
            .with_first(c)
            .position(&Rules::new(rules.map().clone(), 2, 5).unwrap());
        assert_eq!(e.unwrap_err().location, None);
    }
}
