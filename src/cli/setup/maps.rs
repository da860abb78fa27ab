//! The map options (`--map FILE|random`, `--territories`, `--grid`) and the
//! games they ask for: a map file read with messages that name the file,
//! line and column, or a random map grown from a seed.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::CliError;
use crate::cli::load::{Source, deal, in_file, read_text, tree_from_file};
use crate::cli::options::{GameOptions, MAX_DICE, PLAYERS, Takes, change, random_max_dice, whole};
use crate::game::{
    GameTree, MAX_GRID_SIDE, MAX_RANDOM_TERRITORIES, MIN_GRID_SIDE, MIN_RANDOM_TERRITORIES, Map,
    MapKind, MapSetup, MapShape, Player, Position, Rules, random_map,
};

/// The territories of a random map when no `--territories` is given.
pub(in crate::cli) const DEFAULT_TERRITORIES: usize = 20;

/// Where a map comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) enum MapChoice {
    /// A random map, grown from the seed.
    Random,
    /// A map file (`-` for standard input).
    File(PathBuf),
}

fn parse_map_choice(text: &str) -> Result<MapChoice, String> {
    match text {
        "" => Err("give a map file, or `random`".to_string()),
        "random" => Ok(MapChoice::Random),
        path => Ok(MapChoice::File(PathBuf::from(path))),
    }
}

/// Reads a grid size, `WIDTHxHEIGHT` (`28x20`), each side within the
/// grid's range (so that a refusal quotes the size as it was typed).
fn parse_grid(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a grid size: write it as WIDTHxHEIGHT, such as `28x20`");
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let number = |s: &str| -> Result<usize, String> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match s.parse::<usize>() {
            Ok(n) if (MIN_GRID_SIDE..=MAX_GRID_SIDE).contains(&n) => Ok(n),
            _ => Err(format!(
                "a map grid is from {MIN_GRID_SIDE} to {MAX_GRID_SIDE} cells each way"
            )),
        }
    };
    Ok((number(w)?, number(h)?))
}

/// The map options of `play` and `arena`.
#[derive(Debug, Clone, Default, Args)]
pub(in crate::cli) struct MapArgs {
    /// Play on a map of irregular territories: a map file (`-` for standard
    /// input), or `random` for one grown from the seed.
    #[arg(long, value_name = "FILE|random", value_parser = parse_map_choice)]
    pub(in crate::cli) map: Option<MapChoice>,
    /// Territories of a random map, from 2 to 40 [default: 20].
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = whole(MIN_RANDOM_TERRITORIES, MAX_RANDOM_TERRITORIES))]
    pub(in crate::cli) territories: Option<usize>,
    /// The hexagon grid a random map is grown on, WIDTHxHEIGHT cells
    /// [default: about twice the cells the territories take].
    #[arg(long, value_name = "WxH", value_parser = parse_grid)]
    pub(in crate::cli) grid: Option<(usize, usize)>,
}

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

/// The line-mode game's first line on a random board or map of `seed`:
/// what it is, and on a second line the command that plays it again.
pub(in crate::cli) fn seed_line(
    map: &Map,
    seed: u64,
    args: &crate::cli::options::PlayArgs,
) -> String {
    let board = if args.maps.map.is_some() || map.kind() == MapKind::Territories {
        format!("{map}")
    } else {
        format!("{map} board")
    };
    let what = format!("A random {board}, seed {seed}.");
    match crate::cli::again::again(args, Some(seed), map.rows()) {
        // On a line of its own, to fit 80 columns.
        Some(again) => format!("{what}\nPlay it again with `{}`.", again.command),
        None => what,
    }
}

/// The rules and start of a game on the map the options ask for: a map
/// file's map and territories, or a random map with a random board on it
/// (both drawn from `seed`, the map first), with the seed.
pub(in crate::cli) fn setup<const TAKES: Takes>(
    maps: &MapArgs,
    game: &GameOptions<TAKES>,
    seed: Option<u64>,
) -> Result<(Rules, Position, Option<u64>), CliError> {
    let shape = maps.shape()?;
    match &maps.map {
        Some(MapChoice::File(path)) => {
            let (rules, start) = read_map(
                &Source::from_arg(path),
                game.players,
                game.max_dice,
                game.first,
            )?;
            let Some(seed) = seed else {
                return Ok((rules, start, None));
            };
            // With a seed, the file's map with random owners and dice.
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let start = deal(&rules, game.first, &mut rng)?;
            Ok((rules, start, Some(seed)))
        }
        _ => {
            let seed = seed.unwrap_or_else(|| rand::random_range(0..1_000_000));
            let (rules, start) = random_game(shape, game, seed)?;
            Ok((rules, start, Some(seed)))
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

/// The rules on the map a map file draws, and its start, `first` to move.
/// A mistake in the file is a
/// [`BoardFileError`](crate::cli::load::BoardFileError) naming the file, line and
/// column; a `first` player outside the game is a usage error.
pub(in crate::cli) fn read_map(
    source: &Source,
    players: u8,
    max_dice: u8,
    first: Player,
) -> Result<(Rules, Position), CliError> {
    let text = read_text(source, "map", crate::cli::load::MAX_FILE_BYTES)?;
    let in_file = |e| in_file(source, e);
    let setup = MapSetup::parse(&text).map_err(in_file)?.with_first(first);
    let rules = Rules::new(
        setup.map().clone(),
        usize::from(players),
        usize::from(max_dice),
    )
    .map_err(|e| CliError::Usage(e.to_string()))?;
    let start = setup.position(&rules).map_err(in_file)?;
    Ok((rules, start))
}

/// The game tree from a board file or a map file (one of them must be
/// given; `-` is standard input), checked against the player count and dice
/// limit, with the first player to move.
pub(in crate::cli) fn tree_from<const TAKES: Takes>(
    board: Option<&Path>,
    map: Option<&Path>,
    options: &GameOptions<TAKES>,
) -> Result<(Source, GameTree), CliError> {
    match (map, board) {
        (Some(path), _) => {
            let source = Source::from_arg(path);
            let (rules, start) =
                read_map(&source, options.players, options.max_dice, options.first)?;
            Ok((source, GameTree::new(rules, start)))
        }
        (None, Some(path)) => tree_from_file(path, options),
        (None, None) => Err(CliError::Usage(
            "give a board file (--board) or a map file (--map)".into(),
        )),
    }
}

/// Options of `map`.
#[derive(Debug, Clone, Args)]
#[command(mut_args(change("max_dice", random_max_dice)))]
pub(in crate::cli) struct NewMapArgs {
    #[command(flatten)]
    game: GameOptions<{ PLAYERS | MAX_DICE }>,
    /// Territories of the map, from 2 to 40 [default: 20].
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = whole(MIN_RANDOM_TERRITORIES, MAX_RANDOM_TERRITORIES))]
    territories: Option<usize>,
    /// The hexagon grid the map is grown on, WIDTHxHEIGHT cells
    /// [default: about twice the cells the territories take].
    #[arg(long, value_name = "WxH", value_parser = parse_grid)]
    grid: Option<(usize, usize)>,
    /// Seed of the map and of its owners and dice: the same seed gives the
    /// same map everywhere [default: a random seed].
    #[arg(long, value_parser = whole(0, u64::MAX), allow_negative_numbers = true)]
    seed: Option<u64>,
}

/// Runs `map`: prints a random map, with random owners and dice, as a map
/// file (the one `play --map random` with the same options plays).
pub(in crate::cli) fn print_map(args: &NewMapArgs) -> Result<(), CliError> {
    let maps = MapArgs {
        map: Some(MapChoice::Random),
        territories: args.territories,
        grid: args.grid,
    };
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..1_000_000));
    let (rules, start) = random_game(maps.shape()?, &args.game, seed)?;
    let map = rules.map();
    let Some(grid) = map.grid() else {
        return Err(CliError::Runtime("a random map has a grid".into()));
    };
    let mut replay = format!("dice-of-doom play --seed {seed} {}", maps.replay());
    if args.game.players != GameOptions::<0>::default().players {
        replay += &format!(" --players {}", args.game.players);
    }
    if args.game.max_dice != GameOptions::<0>::default().max_dice {
        replay += &format!(" --max-dice {}", args.game.max_dice);
    }
    let header = format!("A random {map}, seed {seed}: the map of `{replay}`.");
    let text = crate::cli::map_text::map_file(map, grid, start.board(), &header);
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, text.as_bytes())?;
    std::io::Write::flush(&mut out)?;
    Ok(())
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
    fn grid_sizes_and_map_choices() {
        assert_eq!(parse_grid("28x20"), Ok((28, 20)));
        assert_eq!(parse_grid(" 8X9 "), Ok((8, 9)));
        for bad in ["", "28", "x20", "28x", "-2x4", "2.5x4", "axb", "2x3x4"] {
            assert!(parse_grid(bad).is_err(), "{bad:?}");
        }
        // Out of range, however large, without echoing a changed number.
        let range = Err(format!(
            "a map grid is from {MIN_GRID_SIDE} to {MAX_GRID_SIDE} cells each way"
        ));
        for far in ["99999999999999999999999x2", "2x1", "65x10", "0x0"] {
            assert_eq!(parse_grid(far), range, "{far:?}");
        }
        assert_eq!(parse_grid("2x64"), Ok((2, 64)));
        assert_eq!(parse_map_choice("random"), Ok(MapChoice::Random));
        assert_eq!(
            parse_map_choice("maps/x.map"),
            Ok(MapChoice::File("maps/x.map".into()))
        );
        assert!(parse_map_choice("").is_err());
    }

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
