//! The map options (`--map FILE|random`, `--territories`, `--grid`) and the
//! games they ask for: a map file read with messages that name the file,
//! line and column, or a random map grown from a seed.

use std::path::Path;

use crate::cli::CliError;
pub(in crate::cli) use crate::cli::args::{DEFAULT_TERRITORIES, MapArgs, MapChoice};
use crate::cli::args::{GameOptions, Takes};
use crate::cli::setup::load::deal;
use crate::game::{MapShape, Position, Rules, random_map};

impl MapArgs {
    /// The shape of the random map asked for; a usage error when
    /// `--territories` or `--grid` come with a map file, or with no map.
    pub(in crate::cli) fn shape(&self) -> Result<MapShape, CliError> {
        if !matches!(self.map, Some(MapChoice::Random)) {
            let option = match (self.territories, self.grid) {
                (Some(_), _) => "--territories",
                (None, Some(_)) => "--grid",
                (None, None) => "",
            };
            if !option.is_empty() {
                let not = match self.map {
                    Some(_) => ", not a map file",
                    None => "",
                };
                return Err(CliError::Usage(format!(
                    "{option} is for a random map (`--map random`){not}"
                )));
            }
        }
        let usage = |e: crate::game::MapGenError| CliError::Usage(e.to_string());
        let shape =
            MapShape::new(self.territories.unwrap_or(DEFAULT_TERRITORIES)).map_err(usage)?;
        match self.grid {
            Some((w, h)) => shape.with_grid(w, h).map_err(usage),
            None => Ok(shape),
        }
    }

    /// The options that give this map again, for a replay line: `--map
    /// random` with the territories and grid given, or `--map FILE` (with no
    /// map, the territories and grid of the random map a rule set plays).
    pub(in crate::cli) fn replay(&self) -> String {
        let shape = || {
            let mut out = String::new();
            if let Some(n) = self.territories {
                out += &format!(" --territories {n}");
            }
            if let Some((w, h)) = self.grid {
                out += &format!(" --grid {w}x{h}");
            }
            out
        };
        match &self.map {
            Some(MapChoice::Random) => format!("--map random{}", shape()),
            Some(MapChoice::File(path)) => format!("--map {}", quoted(path)),
            None => shape().trim_start().to_string(),
        }
    }
}

/// A random map of this shape for the game's players and dice, and a random
/// board on it, both drawn from `seed`.
pub(in crate::cli) fn random_game<const TAKES: Takes>(
    shape: MapShape,
    game: &GameOptions<TAKES>,
    seed: u64,
) -> Result<(Rules, Position), CliError> {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let map = random_map(shape, &mut rng).map_err(|e| CliError::Usage(e.to_string()))?;
    let rules = Rules::new(map, usize::from(game.players), usize::from(game.max_dice))
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let start = deal(&rules, game.first, &mut rng)?;
    Ok((rules, start))
}

/// A path as a shell reads it back: in single quotes unless it is plain
/// (see [`shell_quote`](crate::text::shell_quote)).
pub(in crate::cli) fn quoted(path: &Path) -> String {
    crate::text::shell_quote(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn territories_and_grids_are_only_for_random_maps() {
        let args = MapArgs {
            map: Some(MapChoice::File("m".into())),
            territories: Some(12),
            grid: None,
        };
        assert!(args.shape().is_err());
        let args = MapArgs {
            map: Some(MapChoice::Random),
            territories: Some(12),
            grid: Some((20, 12)),
        };
        assert_eq!(args.shape().unwrap().territories(), 12);
        assert_eq!(args.replay(), "--map random --territories 12 --grid 20x12");
        let args = MapArgs {
            grid: Some((4, 4)),
            ..args
        };
        assert!(args.shape().is_err());
    }
}
