//! Map files: a map of territories drawn as text, and each territory's
//! owner and dice, read into a [`MapSetup`] and checked against the rules
//! into a [`Position`]. Every mistake is one [`SetupError`] that says where
//! it is.

use crate::game::setup::{SetupError, SetupErrorKind, parse_cell, quote};
use crate::game::{
    Board, Cell, Grid, MAX_GRID_SIDE, MAX_PLAYERS, MIN_PLAYERS, Map, MapError, Player, Position,
    PositionError, Rules, territory_char, territory_of_char,
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
/// comment, and blank lines are skipped. A line `players: N` before the
/// map says the players it is drawn for ([`MapSetup::players`]): a game on
/// it is played by them ([`MapSetup::players_for`]), and its territories'
/// owners are among them, every one owning one.
///
/// ```
/// use dice_of_doom::game::{MapSetup, Player, Rules};
/// let text = "# two territories\n0 0 1\n 0 1 1\n0 a-2\n1 b-1\n";
/// let setup = MapSetup::parse(text).unwrap();
/// assert_eq!(setup.map().to_string(), "map of 2 territories");
/// let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
/// let start = setup.position(&rules).unwrap();
/// assert_eq!(start.board().cell(1).to_string(), "b-1");
/// assert_eq!(setup.players(), None);
/// let drawn = MapSetup::parse(&format!("players: 2\n{}", &text[18..])).unwrap();
/// assert_eq!((drawn.players(), drawn.players_for(None, 7)), (Some(2), Ok(2)));
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
    /// The players it is drawn for (its `players: N` line), and where the
    /// line is.
    players: Option<(u8, (usize, usize))>,
}

/// Why a map file's map is not played by the players asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapPlayersError {
    /// The map is drawn for other players (its `players: N` line).
    #[error("is drawn for {drawn} players (its line `players: {drawn}`), not {asked}")]
    Drawn {
        /// The players it is drawn for.
        drawn: u8,
        /// The players asked for.
        asked: u8,
    },
    /// More players than those the file deals its territories to: the
    /// others would be out at once.
    #[error(
        "deals its territories to {owners} players (a to {}), not {asked}: the others \
         would be out at once",
        Player::last_of(*owners)
    )]
    Owners {
        /// The players owning territories in it.
        owners: u8,
        /// The players asked for.
        asked: u8,
    },
}

impl MapPlayersError {
    /// The players the map is played by.
    pub fn players(&self) -> u8 {
        match *self {
            MapPlayersError::Drawn { drawn, .. } => drawn,
            MapPlayersError::Owners { owners, .. } => owners,
        }
    }
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
        let mut players = None;
        let mut lines = 0;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            lines = number;
            let content = line.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            // `players: N`: `:` is in no row of a map, so the line is
            // never a row.
            if let Some(value) = content.trim_start().strip_prefix("players:") {
                let column = content.len() - content.trim_start().len() + 1;
                if players.is_some() || !rows.is_empty() || !entries.is_empty() {
                    return Err(at(number, column, SetupErrorKind::PlayersMisplaced));
                }
                let value = value.trim();
                let n = value
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (MIN_PLAYERS..=MAX_PLAYERS).contains(n))
                    .ok_or_else(|| {
                        at(
                            number,
                            column,
                            SetupErrorKind::NotPlayers(quote(value).to_string()),
                        )
                    })?;
                players = Some((n, (number, column)));
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
                players,
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
        if let Some((n, location)) = players {
            // Every owner among the players, every player an owner.
            if let Some(t) = cells.iter().position(|c| c.owner().index() >= n) {
                let (line, column) = locations[t];
                return Err(at(
                    line,
                    column,
                    SetupErrorKind::OwnerPastPlayers {
                        owner: cells[t].owner(),
                        players: n,
                    },
                ));
            }
            if let Some(player) = Player::all(n).find(|&p| cells.iter().all(|c| c.owner() != p)) {
                return Err(at(
                    location.0,
                    location.1,
                    SetupErrorKind::PlayerWithoutTerritory { player, players: n },
                ));
            }
        }
        Ok(MapSetup {
            map,
            cells,
            locations,
            first: Player::A,
            players,
        })
    }

    /// The players the map is drawn for: its `players: N` line, if it has
    /// one.
    pub fn players(&self) -> Option<u8> {
        self.players.map(|(n, _)| n)
    }

    /// The players owning its territories: the last owner's letter (`a` to
    /// it); 0 for a bare map.
    pub fn owners(&self) -> u8 {
        self.cells
            .iter()
            .map(|c| c.owner().index() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The players a game on the map is played by, `asked` for
    /// (`None`: not said) where the rule set's are `default`: those it is
    /// drawn for ([`MapSetup::players`]), whatever is asked; without a
    /// players line, those asked, or the rule set's but no more than own
    /// its territories (a map dealt to two is not played by seven, five out
    /// at once), and a bare map the rule set's.
    ///
    /// # Errors
    /// [`MapPlayersError`]: other players than the map is drawn for, or
    /// more than own its territories.
    pub fn players_for(&self, asked: Option<u8>, default: u8) -> Result<u8, MapPlayersError> {
        let owners = self.owners();
        match (self.players(), asked) {
            (Some(drawn), None) => Ok(drawn),
            (Some(drawn), Some(asked)) if asked == drawn => Ok(drawn),
            (Some(drawn), Some(asked)) => Err(MapPlayersError::Drawn { drawn, asked }),
            (None, Some(asked)) if owners > 0 && asked > owners => {
                Err(MapPlayersError::Owners { owners, asked })
            }
            (None, Some(asked)) => Ok(asked),
            (None, None) if owners > 0 => Ok(default.min(owners)),
            (None, None) => Ok(default),
        }
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
#[path = "file_tests.rs"]
mod tests;
