//! The map options (`--map FILE|random`, `--territories`, `--grid`) and the
//! games they ask for: a map file read with messages that name the file,
//! line and column, or a random map grown from a seed.

use std::path::Path;

use crate::cli::CliError;
use crate::cli::args::{GameOptions, Takes};
pub(in crate::cli) use crate::cli::args::{MapArgs, MapChoice};
#[cfg(test)]
use crate::game::DEFAULT_TERRITORIES;
use crate::game::{Ground, MapShape, Position, RuleSet, Rules};

impl MapArgs {
    /// The shape of the random map asked for under rule set `set`, as the
    /// rule set grows it ([`RuleSet::map_shape`]: with neither
    /// `--territories` nor `--grid`, Dice Wars plays the original's map,
    /// other rule sets a map of [`crate::game::DEFAULT_TERRITORIES`]). A
    /// usage error when `--territories` or `--grid` come with a map file,
    /// or with no map.
    pub(in crate::cli) fn shape(&self, set: RuleSet) -> Result<MapShape, CliError> {
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
        set.map_shape(self.territories, self.grid)
            .map_err(|e| CliError::Usage(e.to_string()))
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

/// A random map of this shape for the game's players and dice, and the
/// start rule set `set` deals on it, both drawn from `seed`: the game
/// `play --map random` deals with the same options (see
/// [`dealt`](crate::cli::setup::dealt)).
pub(in crate::cli) fn random_game<const TAKES: Takes>(
    set: RuleSet,
    shape: MapShape,
    game: &GameOptions<TAKES>,
    seed: u64,
) -> Result<(Rules, Position), CliError> {
    crate::cli::setup::dealt(set, Ground::RandomMap(shape), game, seed)
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
        assert!(args.shape(RuleSet::Classic).is_err());
        let args = MapArgs {
            map: Some(MapChoice::Random),
            territories: Some(12),
            grid: Some((20, 12)),
        };
        assert_eq!(args.shape(RuleSet::Classic).unwrap().territories(), 12);
        assert_eq!(args.replay(), "--map random --territories 12 --grid 20x12");
        let args = MapArgs {
            grid: Some((4, 4)),
            ..args
        };
        assert!(args.shape(RuleSet::Classic).is_err());
    }

    #[test]
    fn dice_wars_grows_the_original_map_unless_a_size_is_given() {
        let mut args = MapArgs {
            map: Some(MapChoice::Random),
            territories: None,
            grid: None,
        };
        assert_eq!(args.shape(RuleSet::Dicewars).unwrap(), MapShape::original());
        assert_eq!(
            args.shape(RuleSet::Classic).unwrap().territories(),
            DEFAULT_TERRITORIES
        );
        args.territories = Some(12);
        let shape = args.shape(RuleSet::Dicewars).unwrap();
        assert!(!shape.is_original());
        assert_eq!(shape.territories(), 12);
        args.territories = None;
        args.grid = Some((20, 12));
        assert!(!args.shape(RuleSet::Dicewars).unwrap().is_original());
    }
}
