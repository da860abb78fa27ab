//! `dice-of-doom picture`: a position drawn as an SVG picture: a random
//! board or map, a board or map file, or a recorded game at one of its
//! moves.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::cli::CliError;
use crate::cli::args::{GameOptions, MapArgs, MapChoice, RULES, SIZE, by_rule_set, change, whole};
use crate::cli::files::{Existing, write_file};
use crate::cli::saving::read_record;
use crate::cli::setup::load::{Source, map_start, read_map_setup, read_position};
use crate::cli::setup::{dealt, default_map, in_set, with_defaults};
use crate::game::{Ground, Position, RuleSet, Rules};
use crate::picture::{DiceStyle, Style, draw};

/// How the dice are drawn, as `--dice` names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(in crate::cli) enum DiceChoice {
    /// Stacks of little cubes, as Land of Lisp draws them.
    #[default]
    Stacked,
    /// One die's face with as many pips as the cell has dice.
    Pips,
}

impl From<DiceChoice> for DiceStyle {
    fn from(choice: DiceChoice) -> DiceStyle {
        match choice {
            DiceChoice::Stacked => DiceStyle::Stacked,
            DiceChoice::Pips => DiceStyle::Pips,
        }
    }
}

/// Options of `picture`.
#[derive(Debug, Clone, Args)]
#[command(mut_args(change("size", |size| size.conflicts_with_all(["board", "map", "record"]))))]
#[command(mut_args(by_rule_set))]
#[command(mut_args(change("map", |map| map.help(
    "Draw a map of territories: a map file (`-` for standard input), or `random` for one \
     grown from the seed"
))))]
pub(in crate::cli) struct PictureArgs {
    #[command(flatten)]
    game: GameOptions<{ SIZE | RULES }>,
    #[command(flatten)]
    maps: MapArgs,
    /// Seed of the random board or map and its deal [default: 1].
    #[arg(long, value_parser = whole(0, u64::MAX), allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Draw the board in this file (`-`: standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "map")]
    board: Option<PathBuf>,
    /// The rule set: it brings its players, dice limit and board, which
    /// `--players`, `--max-dice` and `--size` override.
    #[arg(long, value_enum, default_value_t = RuleSet::default(), value_name = "RULES")]
    rules: RuleSet,
    /// Draw a position of this game record (`-`: standard input) instead.
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "board", "map", "seed", "rules", "players", "max_dice", "first", "territories", "grid",
    ])]
    record: Option<PathBuf>,
    /// With --record: the position after this many moves (0: the start)
    /// [default: the end].
    #[arg(long = "move", value_name = "N", requires = "record",
          value_parser = whole(0, usize::MAX), allow_negative_numbers = true)]
    at_move: Option<usize>,
    /// How to draw the dice.
    #[arg(long, value_enum, default_value_t = DiceChoice::default(), value_name = "HOW")]
    dice: DiceChoice,
    /// Write each cell's number, as moves name the cells.
    #[arg(long)]
    numbers: bool,
    /// Leave out the caption (the player to move and the cells each owns).
    #[arg(long)]
    no_caption: bool,
    /// Write the picture to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `picture`: the position drawn, to standard output or `--output`.
pub(in crate::cli) fn run(args: &PictureArgs) -> Result<(), CliError> {
    let (rules, position, note) = match &args.record {
        Some(path) => recorded(path, args.at_move)?,
        None => {
            let (rules, start, note) = chosen(args)?;
            (rules, start, note)
        }
    };
    let style = Style {
        dice: args.dice.into(),
        numbers: args.numbers,
        caption: !args.no_caption,
    };
    let text = format!("{}\n", draw(&rules, &position, style, &note));
    match &args.output {
        Some(path) => write_file(path, &text, Existing::Replace).map_err(|e| {
            CliError::Runtime(format!(
                "cannot write {}: {}",
                path.display(),
                crate::cli::setup::load::io_reason(&e)
            ))
        })?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(())
}

/// The position of a record after `at` moves (the end without it), and
/// the caption's note: the move.
fn recorded(
    path: &std::path::Path,
    at: Option<usize>,
) -> Result<(Rules, Position, String), CliError> {
    let record = read_record(path)?;
    let moves = record.plays().len();
    let at = at.unwrap_or(moves);
    let Some(position) = record.positions().nth(at) else {
        return Err(CliError::Usage(format!(
            "--move {at}: the record has {moves} moves (give 0 to {moves})"
        )));
    };
    Ok((
        record.rules().clone(),
        position,
        format!("after move {at} of {moves}"),
    ))
}

/// The position the options choose, as `play` would start it, and the
/// caption's note (the seed of a random board or map).
fn chosen(args: &PictureArgs) -> Result<(Rules, Position, String), CliError> {
    let set = args.rules;
    let game = with_defaults(set, args.game);
    let maps = default_map(&args.maps, &game, args.board.is_some());
    let shape = maps.shape(set)?;
    let seed = args.seed.unwrap_or(1);
    let seeded = format!("seed {seed}");
    Ok(match (&maps.map, &args.board) {
        (Some(MapChoice::Random), _) => {
            let (rules, start) = dealt(set, Ground::RandomMap(shape), &game, seed)?;
            (rules, start, seeded)
        }
        (Some(MapChoice::File(path)), _) => {
            let source = Source::from_arg(path);
            let setup = read_map_setup(&source)?;
            if setup.is_bare() {
                let (rules, start) = dealt(set, Ground::Map(setup.map().clone()), &game, seed)?;
                (rules, start, seeded)
            } else {
                let (players, max_dice, first) = (game.players, game.max_dice, game.first);
                let (rules, start) = map_start(&source, setup, players, max_dice, first)?;
                let (rules, start) = in_set(set, rules, start)?;
                (rules, start, String::new())
            }
        }
        (None, Some(path)) => {
            let source = Source::from_arg(path);
            let (rules, start) = read_position(&source, game.players, game.max_dice, game.first)?;
            let (rules, start) = in_set(set, rules, start)?;
            (rules, start, String::new())
        }
        (None, None) => {
            let ground = Ground::Hexagons(usize::from(game.side()));
            let (rules, start) = dealt(set, ground, &game, seed)?;
            (rules, start, seeded)
        }
    })
}
