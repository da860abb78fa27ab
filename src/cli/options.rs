//! The commands' options and the parsers of their values.
//!
//! [`GameOptions`] defines the options that say which game is played (the
//! board's size, the players, the dice limit, the first player) once, with
//! their ranges from the engine's constants; each command flattens it with
//! the options it takes.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Args, Command, FromArgMatches, ValueEnum};

use crate::ai::AiKind;
use crate::game::{
    MAX_DICE_LIMIT, MAX_PLAYERS, MAX_SIDE, MIN_DICE_LIMIT, MIN_PLAYERS, MIN_SIDE, Player,
    PlayerSet, RuleSet,
};
use crate::text::group_digits;

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

/// A whole number from `low` to `high`; anything else, a negative number
/// included, is refused with the range (`must be from 2 to 10`). An option
/// with this parser also takes `allow_negative_numbers`, so that `-1` reaches
/// it instead of being read as an option.
pub(super) fn whole<T>(low: T, high: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: Copy + PartialOrd + std::str::FromStr + fmt::Display + Send + Sync,
{
    move |text| {
        let range = format!("from {} to {}", group_digits(low), group_digits(high));
        let digits = text.trim().strip_prefix(['-', '+']).unwrap_or(text.trim());
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("must be a whole number {range}"));
        }
        match text.trim().parse::<T>() {
            Ok(n) if low <= n && n <= high => Ok(n),
            _ => Err(format!("must be {range}")),
        }
    }
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

/// Options of `play`.
#[derive(Debug, Clone, Args)]
#[command(mut_args(change("size", |size| size.conflicts_with_all(["board", "map"]))))]
#[command(mut_args(change("map", |map| map.help(
    "Play on a map of irregular territories: a map file, or `random` for one \
     grown from the seed; `-` reads the map from standard input, only with the \
     computer at every seat (standard input is for the moves)"
))))]
pub(super) struct PlayArgs {
    #[command(flatten)]
    pub(super) game: GameOptions<{ SIZE | RULES }>,
    #[command(flatten)]
    pub(super) maps: super::maps::MapArgs,
    /// Seed of the random board (and of a random map): the same seed gives
    /// the same board everywhere.
    #[arg(long, conflicts_with = "board", value_parser = whole(0, u64::MAX),
          allow_negative_numbers = true)]
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
    /// `H` in the full-screen game) [default: `chance` under the rule sets
    /// with dice, `search` otherwise].
    #[arg(long, value_enum, value_name = "AI")]
    pub(super) ai: Option<AiKind>,
    /// Seconds the computer may think per move (0.001 to 3600).
    #[arg(long, default_value = "1", value_parser = parse_think_time, value_name = "SECONDS",
          allow_negative_numbers = true)]
    pub(super) think_time: Duration,
    /// Search nodes the computer may visit per move or hint, instead of a
    /// think time: no clock, so a seed replays the same game on every machine.
    #[arg(long, value_name = "N", conflicts_with = "think_time",
          value_parser = whole(1, u64::MAX), allow_negative_numbers = true)]
    pub(super) nodes: Option<u64>,
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

pub(super) fn parse_computers(text: &str) -> Result<ComputerPlayers, String> {
    match text.trim() {
        "all" => return Ok(ComputerPlayers::All),
        "none" => return Ok(ComputerPlayers::Some(PlayerSet::EMPTY)),
        _ => {}
    }
    let mut set = PlayerSet::EMPTY;
    for part in text.split(',') {
        set.insert(parse_player(part.trim()).map_err(|_| {
            "give player letters separated by commas, such as `b` or `b,c`, or `all` or `none`"
                .to_string()
        })?);
    }
    Ok(ComputerPlayers::Some(set))
}

/// Reads a think time in seconds: a number from 0.001 to 3600.
pub(super) fn parse_think_time(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.001..=3600.0).contains(&seconds) {
        return Err("the think time must be from 0.001 to 3600 seconds".to_string());
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| e.to_string())
}

fn parse_player(text: &str) -> Result<Player, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Player::from_letter), chars.next()) {
        (Some(player), None) => Ok(player),
        _ => Err("a player is one letter from a to h".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_single_letters() {
        assert_eq!(parse_player("b"), Ok(Player::B));
        for bad in ["", "ab", "i", "1", "é"] {
            assert!(parse_player(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn computer_lists_and_think_times() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        assert_eq!(parse_computers("all"), Ok(ComputerPlayers::All));
        assert_eq!(
            parse_computers("none"),
            Ok(ComputerPlayers::Some(PlayerSet::EMPTY))
        );
        assert_eq!(parse_computers("b"), Ok(ComputerPlayers::Some(set("b"))));
        assert_eq!(
            parse_computers("b, c"),
            Ok(ComputerPlayers::Some(set("bc")))
        );
        for bad in ["", "b,", "bc", "x", "b;c", "ALL"] {
            assert!(parse_computers(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_think_time("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["", "0", "-1", "NaN", "inf", "1e9", "soon"] {
            assert!(parse_think_time(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn whole_numbers_out_of_range_name_the_range() {
        let side = whole(2u8, 10);
        assert_eq!(side("2"), Ok(2));
        assert_eq!(side(" 10 "), Ok(10));
        assert_eq!(side("+3"), Ok(3));
        for bad in ["-1", "1", "11", "256", "-0", "99999999999999999999"] {
            assert_eq!(
                side(bad),
                Err("must be from 2 to 10".to_string()),
                "{bad:?}"
            );
        }
        for bad in ["", "x", "3.5", "1e2", "-", "--3", "٣"] {
            assert_eq!(
                side(bad),
                Err("must be a whole number from 2 to 10".to_string()),
                "{bad:?}"
            );
        }
        assert_eq!(
            whole(0, u64::MAX)("-5"),
            Err("must be from 0 to 18,446,744,073,709,551,615".to_string())
        );
    }

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
