//! What a new game is played on, as the new-game screen chooses it and its
//! remembered choices say it.

use std::path::PathBuf;

use crate::game::{MAX_SIDE, MIN_SIDE};

/// What the game is played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Board {
    /// A random board of hexagons of this side.
    Side(u8),
    /// A random map of territories, grown from the seed.
    RandomMap,
    /// The map in this file.
    File(PathBuf),
}

impl Board {
    /// The board as the screen and the settings file say it: `5x5`,
    /// `random map`, `map FILE`.
    pub(crate) fn words(&self) -> String {
        match self {
            Board::Side(side) => format!("{side}x{side}"),
            Board::RandomMap => "random map".to_string(),
            Board::File(path) => format!("map {}", path.display()),
        }
    }

    /// The board of [`Board::words`].
    pub(super) fn parse(words: &str) -> Option<Board> {
        if words == "random map" {
            return Some(Board::RandomMap);
        }
        if let Some(path) = words.strip_prefix("map ") {
            return Some(Board::File(PathBuf::from(path)));
        }
        let (a, b) = words.split_once('x')?;
        let side: u8 = a.parse().ok()?;
        (b.parse() == Ok(side) && (MIN_SIDE..=MAX_SIDE).contains(&side))
            .then_some(Board::Side(side))
    }
}
