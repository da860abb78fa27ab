//! `dice-of-doom map`: a random map, with random owners and dice, printed
//! as a map file.

use clap::Args;

use crate::cli::CliError;
use crate::cli::args::{
    GameOptions, MAX_DICE, MapArgs, MapChoice, PLAYERS, change, parse_grid, random_max_dice, whole,
};
use crate::cli::setup::maps::random_game;
use crate::game::{MAX_RANDOM_TERRITORIES, MIN_RANDOM_TERRITORIES};

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
pub(in crate::cli) fn run(args: &NewMapArgs) -> Result<(), CliError> {
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
    let text = crate::cli::render::map_text::map_file(map, grid, start.board(), &header);
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, text.as_bytes())?;
    std::io::Write::flush(&mut out)?;
    Ok(())
}
