//! The commands' options and the parsers of their values.
//!
//! [`GameOptions`] defines the options that say which game is played (the
//! board's size, the players, the dice limit, the first player) once, with
//! their ranges from the engine's constants; each command flattens it with
//! the options it takes.

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Args, Command, FromArgMatches, ValueEnum};

use crate::ai::{AiKind, Budget};
use crate::game::DealChoice;
use crate::game::{
    MAX_DICE_LIMIT, MAX_PLAYERS, MAX_RANDOM_TERRITORIES, MAX_SIDE, MIN_DICE_LIMIT, MIN_PLAYERS,
    MIN_RANDOM_TERRITORIES, MIN_SIDE, ParseDealError, Player, PlayerSet, RuleSet,
};

mod values;

pub(super) use values::{parse_computers, parse_grid, parse_think_time, whole};
use values::{parse_map_choice, parse_player};

/// The side of a random board when no `--size` is given.
const DEFAULT_SIDE: u8 = 3;
/// The players of a game when no `--players` is given.
const DEFAULT_PLAYERS: u8 = 2;
/// The dice limit when no `--max-dice` is given.
const DEFAULT_MAX_DICE: u8 = 3;
/// The least dice limit of a random board or map: with one die a hexagon
/// nobody can ever attack.
pub(super) const MIN_RANDOM_DICE: u8 = 2;

/// The help of `--players`, the same for every command.
pub(super) fn players_help() -> String {
    format!(
        "Number of players, {MIN_PLAYERS} to {MAX_PLAYERS} (a to {})",
        Player::last_of(MAX_PLAYERS)
    )
}

/// The help of `--players`, `--max-dice` and `--size` for a command that
/// takes `--rules`: each rule set's default, asked of the rule set
/// (`[default: classic 2, lol4 4, racket 2, dicewars 7]`), and no single
/// default value. Other options pass unchanged; for `Command::mut_args`,
/// after any other change of their help.
pub(super) fn by_rule_set(arg: Arg) -> Arg {
    defaults_of(arg, &RuleSet::ALL)
}

/// [`by_rule_set`] for a command that takes only the rule sets it can
/// solve (`stats`).
pub(super) fn by_solvable_rule_set(arg: Arg) -> Arg {
    let sets: Vec<RuleSet> = RuleSet::ALL.into_iter().filter(|s| s.solvable()).collect();
    defaults_of(arg, &sets)
}

/// The help of `arg` with the defaults of `sets` (see [`by_rule_set`]).
fn defaults_of(arg: Arg, sets: &[RuleSet]) -> Arg {
    let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
    // The help without a `[default: ...]` of its own.
    let help = help
        .split(" [default:")
        .next()
        .unwrap_or_default()
        .to_string();
    let each = match arg.get_id().as_str() {
        "players" => RuleSet::each_default(sets, |d| d.players.to_string()),
        "max_dice" => RuleSet::each_default(sets, |d| d.max_dice.to_string()),
        "size" => RuleSet::each_default(sets, |d| match d.side {
            Some(side) => side.to_string(),
            None => "a random map".to_string(),
        }),
        _ => return arg,
    };
    arg.default_value(None)
        .help(format!("{help} [default: {each}]"))
}

/// `--max-dice` for a command that plays only random boards or maps: from
/// [`MIN_RANDOM_DICE`], as its help says.
pub(super) fn random_max_dice(arg: Arg) -> Arg {
    arg.value_parser(whole(MIN_RANDOM_DICE, MAX_DICE_LIMIT))
        .help(format!(
            "The most dice a hexagon can hold, {MIN_RANDOM_DICE} to {MAX_DICE_LIMIT}"
        ))
}

/// The game options a command takes: an or of [`SIZE`], [`PLAYERS`],
/// [`MAX_DICE`] and [`FIRST`].
pub(super) type Takes = u8;
/// `--size`: the side of the board.
pub(super) const SIZE: Takes = 1;
/// `--players`: how many play.
pub(super) const PLAYERS: Takes = 1 << 1;
/// `--max-dice`: the most dice a hexagon can hold.
pub(super) const MAX_DICE: Takes = 1 << 2;
/// `--first`: the player who moves first.
pub(super) const FIRST: Takes = 1 << 3;
/// The rules of a board given in a file: every option but its size.
pub(super) const RULES: Takes = PLAYERS | MAX_DICE | FIRST;

/// The options that say which game is played, shared by every command:
/// each is defined once here (name, range, default and help), and a command
/// takes those `TAKES` names. An option a command does not take keeps its
/// default (two players, `a` first).
///
/// A command may still say what an option means to it (its help, whether it
/// is required) with `#[command(mut_args(change(...)))]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GameOptions<const TAKES: Takes> {
    /// The side of the board, if given.
    pub(super) size: Option<u8>,
    /// The number of players.
    pub(super) players: u8,
    /// The most dice a hexagon can hold.
    pub(super) max_dice: u8,
    /// The player who moves first.
    pub(super) first: Player,
    /// The options given on the command line (not defaulted): an or of
    /// [`SIZE`], [`PLAYERS`], [`MAX_DICE`] and [`FIRST`].
    pub(super) given: Takes,
}

impl<const TAKES: Takes> Default for GameOptions<TAKES> {
    fn default() -> Self {
        GameOptions {
            size: None,
            players: DEFAULT_PLAYERS,
            max_dice: DEFAULT_MAX_DICE,
            first: Player::A,
            given: 0,
        }
    }
}

impl<const TAKES: Takes> GameOptions<TAKES> {
    /// The side of the board: `--size`, or 3 without it.
    pub(super) fn side(&self) -> u8 {
        self.size.unwrap_or(DEFAULT_SIDE)
    }

    const fn takes(option: Takes) -> bool {
        TAKES & option != 0
    }
}

/// A change to the option `id`, for `Command::mut_args`: unlike
/// `Command::mut_arg`, which moves the option last, it leaves the option in
/// its place, and so the usage line as it was.
pub(super) fn change(id: &'static str, f: impl Fn(Arg) -> Arg) -> impl FnMut(Arg) -> Arg {
    move |arg| if arg.get_id() == id { f(arg) } else { arg }
}

/// A game option that takes a whole number from `low` to `high`.
fn number(id: &'static str, low: u8, high: u8) -> Arg {
    option(id)
        .value_parser(whole(low, high))
        .allow_negative_numbers(true)
}

/// A game option as clap's derive would name a field `id`: `--id` (with `-`
/// for `_`) and a value `ID`.
fn option(id: &'static str) -> Arg {
    Arg::new(id)
        .long(id.replace('_', "-"))
        .value_name(id.to_uppercase())
}

impl<const TAKES: Takes> Args for GameOptions<TAKES> {
    fn augment_args(cmd: Command) -> Command {
        // Defaults here are classic's; a command that takes `--rules` says
        // each rule set's instead (`by_rule_set`).
        let options = [
            (
                SIZE,
                number("size", MIN_SIDE, MAX_SIDE).help(format!(
                    "Side of the random board, {MIN_SIDE} to {MAX_SIDE} hexagons \
                         [default: {DEFAULT_SIDE}]"
                )),
            ),
            (
                PLAYERS,
                number("players", MIN_PLAYERS, MAX_PLAYERS)
                    .default_value(DEFAULT_PLAYERS.to_string())
                    .help(players_help()),
            ),
            (
                MAX_DICE,
                number("max_dice", MIN_DICE_LIMIT, MAX_DICE_LIMIT)
                    .default_value(DEFAULT_MAX_DICE.to_string())
                    .help(format!(
                        "The most dice a hexagon can hold, {MIN_DICE_LIMIT} to {MAX_DICE_LIMIT} \
                         ({MIN_RANDOM_DICE} or more on a random board or map: with \
                         {MIN_DICE_LIMIT} nobody can attack)"
                    )),
            ),
            (
                FIRST,
                option("first")
                    .value_parser(parse_player)
                    .default_value(Player::A.to_string())
                    .help("The player who moves first"),
            ),
        ];
        cmd.args(
            options
                .into_iter()
                .filter(|&(which, _)| Self::takes(which))
                .map(|(_, arg)| arg),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<const TAKES: Takes> FromArgMatches for GameOptions<TAKES> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut options = GameOptions::default();
        options.update_from_arg_matches(matches)?;
        Ok(options)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        if Self::takes(SIZE) {
            self.size = value(matches, "size")?.or(self.size);
        }
        if Self::takes(PLAYERS) {
            self.players = value(matches, "players")?.unwrap_or(self.players);
        }
        if Self::takes(MAX_DICE) {
            self.max_dice = value(matches, "max_dice")?.unwrap_or(self.max_dice);
        }
        if Self::takes(FIRST) {
            self.first = value(matches, "first")?.unwrap_or(self.first);
        }
        for (option, id) in [
            (SIZE, "size"),
            (PLAYERS, "players"),
            (MAX_DICE, "max_dice"),
            (FIRST, "first"),
        ] {
            if Self::takes(option)
                && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
            {
                self.given |= option;
            }
        }
        Ok(())
    }
}

/// The value of option `id`, if given (or defaulted).
fn value<T: Clone + Send + Sync + 'static>(
    matches: &ArgMatches,
    id: &str,
) -> Result<Option<T>, clap::Error> {
    matches
        .try_get_one::<T>(id)
        .map(Option::<&T>::cloned)
        .map_err(|e| clap::Error::raw(ErrorKind::InvalidValue, format!("--{id}: {e}\n")))
}

/// Where a map comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum MapChoice {
    /// A random map, grown from the seed.
    Random,
    /// A map file (`-` for standard input).
    File(PathBuf),
}

/// The map options of `play` and `arena`.
#[derive(Debug, Clone, Default, Args)]
pub(super) struct MapArgs {
    /// Play on a map of irregular territories: a map file (`-` for standard
    /// input), or `random` for one grown from the seed.
    #[arg(long, value_name = "FILE|random", value_parser = parse_map_choice)]
    pub(super) map: Option<MapChoice>,
    /// Territories of a random map, from 2 to 40 [default: 20; under
    /// dicewars, the original's map of 25 to 31].
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = whole(MIN_RANDOM_TERRITORIES, MAX_RANDOM_TERRITORIES))]
    pub(super) territories: Option<usize>,
    /// The hexagon grid a random map is grown on, WIDTHxHEIGHT cells
    /// [default: about twice the cells the territories take; under
    /// dicewars, the original's 28x32].
    #[arg(long, value_name = "WxH", value_parser = parse_grid)]
    pub(super) grid: Option<(usize, usize)>,
}

/// Options of `play`.
#[derive(Debug, Clone, Args)]
#[command(mut_args(change("size", |size| size.conflicts_with_all(["board", "map"]))))]
#[command(mut_args(by_rule_set))]
#[command(mut_args(change("map", |map| map.help(
    "Play on a map of irregular territories: a map file, or `random` for one \
     grown from the seed; `-` reads the map from standard input, only with the \
     computer at every seat (standard input is for the moves)"
))))]
pub(super) struct PlayArgs {
    #[command(flatten)]
    pub(super) game: GameOptions<{ SIZE | RULES }>,
    #[command(flatten)]
    pub(super) maps: MapArgs,
    /// Seed of the game: of its random board or map and their deal, of its
    /// dice and of the computer's play (a board or map file is played as it
    /// is); the same seed gives the same game everywhere [default: a random
    /// seed, printed].
    #[arg(long, value_parser = whole(0, u64::MAX), allow_negative_numbers = true)]
    pub(super) seed: Option<u64>,
    /// Play on the board in this file instead of a random one; `-` reads it
    /// from standard input, only with the computer at every seat (standard
    /// input is for the moves).
    #[arg(long, value_name = "FILE", conflicts_with = "map")]
    pub(super) board: Option<PathBuf>,
    /// The rule set: it brings its players, dice limit and board, which
    /// `--players`, `--max-dice` and `--size` override.
    #[arg(long, value_enum, default_value_t = RuleSet::default(), value_name = "RULES")]
    pub(super) rules: RuleSet,
    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub(super) color: ColorChoice,
    /// Players the computer plays: letters separated by commas (`b`, `b,c`),
    /// `all` to watch the computer play itself, or `none`; with `--load`,
    /// instead of the record's players.
    #[arg(long, value_name = "PLAYERS", value_parser = parse_computers)]
    pub(super) computer: Option<ComputerPlayers>,
    /// The computer opponent (and the source of hints: `h` in the line mode,
    /// `H` in the full-screen game) [default: `mcts` under lol4, `chance`
    /// in Dice Wars, `search` otherwise].
    #[arg(long, value_enum, value_name = "AI")]
    pub(super) ai: Option<AiKind>,
    /// Seconds the computer may think per move (0.001 to 3600), instead of
    /// a number of nodes: stronger on a faster machine, and no longer the
    /// same game for the same seed.
    // Read as the budget it gives, as `--nodes` is: the game takes the
    // one given ([`PlayArgs::budget`]), with no further step.
    #[arg(long, value_parser = think_budget, value_name = "SECONDS",
          allow_negative_numbers = true)]
    pub(super) think_time: Option<Budget>,
    /// Search nodes the computer may visit per move or hint, whoever it is:
    /// no clock, so a seed replays the same game on every machine [default:
    /// 200000 of `chance`'s, the new-game screen's `normal` (`easy` is
    /// 10000, `strong` 500000), and as long a think for every other
    /// opponent: `mcts` half the nodes].
    #[arg(long, value_name = "N", conflicts_with = "think_time",
          value_parser = nodes_budget, allow_negative_numbers = true)]
    pub(super) nodes: Option<Budget>,
    /// Use the line mode (a numbered menu) even at a terminal; without it a
    /// terminal gets the full-screen game.
    #[arg(long)]
    pub(super) plain: bool,
    /// Keep the game's record in this new file, brought up to date after
    /// every move (written atomically). A file that is there already is
    /// refused (exit status 2), never written over, unless it is the
    /// record of `--load` itself.
    #[arg(long, value_name = "FILE")]
    pub(super) save: Option<PathBuf>,
    /// Go on with the game of this record, with its players and computer
    /// settings, keeping it up to date (in `--save FILE` if given); a
    /// finished game opens at its end.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["board", "map", "territories", "grid", "seed", "size", "players", "rules",
                                "max_dice", "first", "ai", "think_time", "nodes"])]
    pub(super) load: Option<PathBuf>,
    /// Save an unfinished game in the data directory even when the input is
    /// not a terminal (pipes and scripts do not autosave otherwise).
    #[arg(long, conflicts_with = "no_autosave")]
    pub(super) autosave: bool,
    /// Do not save an unfinished game in the data directory (games at a
    /// terminal do otherwise, for `dice-of-doom resume`).
    #[arg(long)]
    pub(super) no_autosave: bool,
    /// With --load: let the record's computer think as long as the record
    /// asks (even `no limit`); without it, a record's computer thinks at
    /// most 60 seconds a move, whatever the file says.
    #[arg(long)]
    pub(super) uncapped: bool,
    /// Play the game as practice: under the rule sets with dice, attacks can
    /// be taken back even against the computer (otherwise a roll once shown
    /// stands); the game's header, record and end screen say so.
    #[arg(long, conflicts_with = "load")]
    pub(super) practice: bool,
    /// How the random start is dealt: `book` (the book's: a random owner
    /// and dice on every cell, so one player may hold most of the board) or
    /// `balanced` (every player the same number of cells and of dice, each
    /// within one). Dice Wars keeps its own deal, balanced already, and a
    /// board file is played as written [default: book].
    #[arg(long, value_name = "DEAL", value_parser = parse_deal, conflicts_with = "load")]
    pub(super) deal: Option<DealChoice>,
}

impl PlayArgs {
    /// The budget of the computer's moves and hints: `--nodes`, or
    /// `--think-time`, or [`DEFAULT_BUDGET`](crate::session::DEFAULT_BUDGET).
    pub(in crate::cli) fn budget(&self) -> Budget {
        self.nodes
            .or(self.think_time)
            .unwrap_or(crate::session::DEFAULT_BUDGET)
    }

    /// Whether [`PlayArgs::budget`] is a strength level each opponent gets
    /// in its own nodes ([`ComputerSeats::scaled`](crate::session::ComputerSeats::scaled)):
    /// unless `--nodes` says how many.
    pub(in crate::cli) fn scaled(&self) -> bool {
        self.nodes.is_none()
    }
}

/// `--deal`'s name.
fn parse_deal(text: &str) -> Result<DealChoice, String> {
    text.parse().map_err(|e: ParseDealError| e.to_string())
}

/// `--think-time`'s seconds, read as the budget they give.
pub(in crate::cli) fn think_budget(text: &str) -> Result<Budget, String> {
    parse_think_time(text).map(Budget::time)
}

/// `--nodes`'s number, read as the budget it gives: no clock.
pub(in crate::cli) fn nodes_budget(text: &str) -> Result<Budget, String> {
    whole(1, u64::MAX)(text).map(Budget::nodes)
}

/// When to colour the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour (NO_COLOR still wins).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given whether the output is a terminal.
    pub fn enabled(self, terminal: bool) -> bool {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        match self {
            ColorChoice::Never => false,
            ColorChoice::Always => !no_color,
            ColorChoice::Auto => terminal && !no_color,
        }
    }
}

/// The rule sets' names on the command line, each with its description.
impl ValueEnum for RuleSet {
    fn value_variants<'a>() -> &'a [RuleSet] {
        &RuleSet::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.summary()))
    }
}

/// The opponents' names on the command line, each with its description.
impl ValueEnum for AiKind {
    fn value_variants<'a>() -> &'a [AiKind] {
        &AiKind::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.description()))
    }
}

/// The players `--computer` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ComputerPlayers {
    /// Every player.
    All,
    /// These players.
    Some(PlayerSet),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opponent_is_named_as_it_parses() {
        for kind in AiKind::ALL {
            assert_eq!(AiKind::from_str(kind.name(), false), Ok(kind));
            assert_eq!(kind.name().parse::<AiKind>(), Ok(kind));
        }
    }

    /// A command that takes the game options `TAKES`.
    #[derive(Debug, clap::Parser)]
    struct Taking<const TAKES: Takes> {
        #[command(flatten)]
        game: GameOptions<TAKES>,
    }

    #[test]
    fn a_command_takes_only_its_game_options() {
        use clap::Parser;
        let game = |args: &[&str]| Taking::<{ SIZE | RULES }>::try_parse_from(args).map(|t| t.game);
        assert_eq!(game(&["x"]).unwrap(), GameOptions::default());
        let all = game(&["x", "--size", "4", "--players", "3"]).unwrap();
        assert_eq!((all.size, all.side(), all.players), (Some(4), 4, 3));
        let all = game(&["x", "--max-dice", "9", "--first", "c"]).unwrap();
        assert_eq!(
            (all.side(), all.max_dice, all.first),
            (3, 9, Player::new(2).unwrap())
        );
        for bad in [
            &["x", "--size", "1"][..],
            &["x", "--size", "11"],
            &["x", "--players", "1"],
            &["x", "--players", "9"],
            &["x", "--max-dice", "0"],
            &["x", "--max-dice", "10"],
            &["x", "--first", "i"],
        ] {
            assert!(game(bad).is_err(), "{bad:?}");
        }
        let rules = Taking::<RULES>::try_parse_from(["x", "--players", "4"]).unwrap();
        assert_eq!(rules.game.players, 4);
        assert!(Taking::<RULES>::try_parse_from(["x", "--size", "4"]).is_err());
        assert!(Taking::<SIZE>::try_parse_from(["x", "--first", "b"]).is_err());
    }
}
