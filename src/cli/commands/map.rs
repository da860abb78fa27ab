//! `dice-of-doom map`: a random map, with the owners and dice its rule set
//! deals, printed as a map file.

use clap::Args;

use crate::cli::CliError;
use crate::cli::args::{
    GameOptions, MAX_DICE, MapArgs, MapChoice, PLAYERS, by_rule_set, change, parse_grid,
    random_max_dice, whole,
};
use crate::cli::setup::maps::random_game;
use crate::game::{MAX_RANDOM_TERRITORIES, MIN_RANDOM_TERRITORIES, RuleSet};

/// Options of `map`.
#[derive(Debug, Clone, Args)]
#[command(mut_args(change("max_dice", random_max_dice)))]
#[command(mut_args(by_rule_set))]
pub(in crate::cli) struct NewMapArgs {
    #[command(flatten)]
    game: GameOptions<{ PLAYERS | MAX_DICE }>,
    /// The rule set whose map and deal to draw: Dice Wars grows the
    /// original's map and deals as the original does; it brings its players
    /// and dice limit, which `--players` and `--max-dice` override.
    #[arg(long, value_enum, default_value_t = RuleSet::default(), value_name = "RULES")]
    rules: RuleSet,
    /// Territories of the map, from 2 to 40 [default: 20; under dicewars,
    /// as many as the original's grid holds].
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = whole(MIN_RANDOM_TERRITORIES, MAX_RANDOM_TERRITORIES))]
    territories: Option<usize>,
    /// The hexagon grid the map is grown on, WIDTHxHEIGHT cells
    /// [default: about twice the cells the territories take; under
    /// dicewars, the original's 28x32].
    #[arg(long, value_name = "WxH", value_parser = parse_grid)]
    grid: Option<(usize, usize)>,
    /// Seed of the map and of its owners and dice: the same seed gives the
    /// same map everywhere [default: a random seed].
    #[arg(long, value_parser = whole(0, u64::MAX), allow_negative_numbers = true)]
    seed: Option<u64>,
}

/// Runs `map`: prints a random map, with the owners and dice its rule set
/// deals, as a map file (the one `play --map random` with the same options
/// plays).
pub(in crate::cli) fn run(args: &NewMapArgs) -> Result<(), CliError> {
    let maps = MapArgs {
        map: Some(MapChoice::Random),
        territories: args.territories,
        grid: args.grid,
    };
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..1_000_000));
    let game = crate::cli::setup::with_defaults(args.rules, args.game);
    let (rules, start) = random_game(args.rules, maps.shape(args.rules)?, &game, seed)?;
    let map = rules.map();
    let Some(grid) = map.grid() else {
        return Err(CliError::Runtime("a random map has a grid".into()));
    };
    let mut replay = format!("dice-of-doom play --seed {seed}");
    if args.rules != RuleSet::default() {
        replay += &format!(" --rules {}", args.rules);
    }
    replay += &format!(" {}", maps.replay());
    let defaults = crate::cli::setup::with_defaults(args.rules, GameOptions::<0>::default());
    if game.players != defaults.players {
        replay += &format!(" --players {}", game.players);
    }
    if game.max_dice != defaults.max_dice {
        replay += &format!(" --max-dice {}", game.max_dice);
    }
    let header = format!("A random {map}, seed {seed}: the map of `{replay}`.");
    let text = crate::ui::render::map_text::map_file(
        map,
        grid,
        start.board(),
        &header,
        Some(game.players),
    );
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, text.as_bytes())?;
    std::io::Write::flush(&mut out)?;
    Ok(())
}
