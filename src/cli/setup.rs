//! The game a command line asks for, resolved once: the rule set's
//! defaults applied, the map options completed, conflicts and ranges
//! checked, then the rules and start dealt or read, with the seed; every
//! front-end reads that value.
//!
//! `load.rs` reads board and map files, `maps.rs` completes the map options
//! and grows random maps, `again.rs` the command that plays a game again.

pub(in crate::cli) mod again;
pub(in crate::cli) mod game;
pub(in crate::cli) mod load;
pub(in crate::cli) mod maps;

use std::path::PathBuf;

use crate::ai::{AiKind, Budget};
use crate::cli::CliError;
use crate::cli::args::{
    ComputerPlayers, GameOptions, MAX_DICE, MapArgs, MapChoice, PLAYERS, PlayArgs, RULES, SIZE,
    Takes,
};
/// The budget of `--think-time` and `--nodes`: a node budget, with no
/// clock, when `--nodes` is given (the two options conflict), otherwise the
/// think time.
pub(in crate::cli) fn budget(
    think_time: std::time::Duration,
    nodes: Option<u64>,
) -> crate::ai::Budget {
    nodes.map_or(
        crate::ai::Budget::time(think_time),
        crate::ai::Budget::nodes,
    )
}

#[cfg(test)]
use crate::game::MapKind;
use crate::game::{DealError, Ground, Player, PlayerSet, Position, RuleSet, Rules, deal_game};
use load::{Source, map_start, no_board, read_map_setup, read_position};

/// The game options with the rule set's defaults where none was given: the
/// one place a rule set's defaults are applied.
pub(in crate::cli) fn with_defaults<const TAKES: Takes>(
    set: RuleSet,
    mut game: GameOptions<TAKES>,
) -> GameOptions<TAKES> {
    let defaults = set.defaults();
    if game.given & PLAYERS == 0 {
        game.players = defaults.players;
    }
    if game.given & MAX_DICE == 0 {
        game.max_dice = defaults.max_dice;
    }
    if game.given & SIZE == 0 {
        game.size = defaults.side;
    }
    game
}

/// The map options as the rule set completes them: a rule set that brings
/// no board size (Dice Wars) plays a random map unless a map, a board file
/// (`board`) or a size is given. `game` is the options [`with_defaults`]
/// gives.
pub(in crate::cli) fn default_map<const TAKES: Takes>(
    maps: &MapArgs,
    game: &GameOptions<TAKES>,
    board: bool,
) -> MapArgs {
    match maps.map {
        None if !board && game.size.is_none() => MapArgs {
            map: Some(MapChoice::Random),
            ..maps.clone()
        },
        _ => maps.clone(),
    }
}

/// What a game is played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) enum Played {
    /// A random board of hexagons of this side.
    RandomBoard(u8),
    /// A random map, grown as the map options say.
    RandomMap,
    /// The board in this file (`-`: standard input).
    BoardFile(PathBuf),
    /// The map in this file (`-`: standard input).
    MapFile(PathBuf),
}

/// The options of `play` resolved: the rule set's defaults applied and the
/// map options completed, as every part of a new game reads them.
#[derive(Clone, Debug)]
pub(in crate::cli) struct Options {
    /// The rule set.
    pub(in crate::cli) set: RuleSet,
    /// The players, dice limit, side and first player.
    pub(in crate::cli) game: GameOptions<{ SIZE | RULES }>,
    /// The map options, a random map where the rule set plays one.
    pub(in crate::cli) maps: MapArgs,
    /// What the game is played on.
    pub(in crate::cli) ground: Played,
}

/// The options of `play` resolved (see [`Options`]).
pub(in crate::cli) fn resolve(args: &PlayArgs) -> Options {
    let set = args.rules;
    let game = with_defaults(set, args.game);
    let maps = default_map(&args.maps, &game, args.board.is_some());
    let ground = match (&maps.map, &args.board) {
        (Some(MapChoice::Random), _) => Played::RandomMap,
        (Some(MapChoice::File(path)), _) => Played::MapFile(path.clone()),
        (None, Some(path)) => Played::BoardFile(path.clone()),
        (None, None) => Played::RandomBoard(game.side()),
    };
    Options {
        set,
        game,
        maps,
        ground,
    }
}

/// A new game as the options of `play` ask for it, resolved and checked
/// once: what the line mode and the full-screen game start from.
#[derive(Clone, Debug)]
pub(in crate::cli) struct NewGame {
    /// The rules.
    pub(in crate::cli) rules: Rules,
    /// The start.
    pub(in crate::cli) start: Position,
    /// The seed of the game: of a random board or map and its deal, of the
    /// dice and of the computer's play.
    pub(in crate::cli) seed: u64,
    /// The players the computer plays.
    pub(in crate::cli) computers: PlayerSet,
    /// The computer opponent, and the source of hints.
    pub(in crate::cli) ai: AiKind,
    /// What the computer may spend on a move or a hint.
    pub(in crate::cli) budget: Budget,
}

/// The new game the options of `play` ask for (not `--load`): a board or map
/// file read (with the seed of `--seed`, or a random one, for its dice and
/// the computer's play), or a random board or map dealt from the seed as
/// the rule set deals it.
pub(in crate::cli) fn new_game(args: &PlayArgs) -> Result<NewGame, CliError> {
    let options = resolve(args);
    let shape = options.maps.shape(options.set)?;
    refuse_stdin_boards(args, &options)?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..1_000_000));
    let (set, game) = (options.set, &options.game);
    let (rules, start) = match &options.ground {
        Played::RandomBoard(side) => dealt(set, Ground::Hexagons(usize::from(*side)), game, seed)?,
        Played::RandomMap => dealt(set, Ground::RandomMap(shape), game, seed)?,
        Played::BoardFile(path) => {
            let source = Source::from_arg(path);
            let (rules, start) = read_position(&source, game.players, game.max_dice, game.first)?;
            in_set(set, rules, start)?
        }
        Played::MapFile(path) => {
            let source = Source::from_arg(path);
            let setup = read_map_setup(&source)?;
            if setup.is_bare() {
                // The map alone: its owners and dice dealt from the seed.
                dealt(set, Ground::Map(setup.map().clone()), game, seed)?
            } else {
                let (players, max_dice, first) = (game.players, game.max_dice, game.first);
                let (rules, start) = map_start(&source, setup, players, max_dice, first)?;
                in_set(set, rules, start)?
            }
        }
    };
    let computers = match args.computer {
        None => PlayerSet::EMPTY,
        Some(choice) => chosen(choice, rules.players())?,
    };
    // With no computer player the opponent still rates the moves for hints.
    let ai = args.ai.unwrap_or(AiKind::for_rules(rules.set()));
    let budget = budget(args.think_time, args.nodes);
    Ok(NewGame {
        rules,
        start,
        seed,
        computers,
        ai,
        budget,
    })
}

/// Refuses `--board -` and `--map -` where a person plays: the line mode
/// reads their moves from standard input (which the full-screen game needs
/// as its terminal), so it cannot hold the board too. With the computer at
/// every seat nothing reads the moves, and the board may come from it.
fn refuse_stdin_boards(args: &PlayArgs, options: &Options) -> Result<(), CliError> {
    let option = match &options.ground {
        Played::BoardFile(path) if path.as_os_str() == "-" => "--board",
        Played::MapFile(path) if path.as_os_str() == "-" => "--map",
        _ => return Ok(()),
    };
    let players = options.game.players;
    let every_seat = match args.computer {
        Some(ComputerPlayers::All) => true,
        Some(ComputerPlayers::Some(set)) => Player::all(players).all(|p| set.contains(p)),
        None => false,
    };
    if every_seat {
        return Ok(());
    }
    Err(CliError::Usage(format!(
        "{option} -: standard input is for the moves: give a file \
         (or `--computer all`, to watch the computer play every seat)"
    )))
}

/// The players `choice` names in a game of `players` (a usage error for
/// a player past them).
pub(in crate::cli) fn chosen(choice: ComputerPlayers, players: u8) -> Result<PlayerSet, CliError> {
    let set = match choice {
        ComputerPlayers::All => Player::all(players).collect(),
        ComputerPlayers::Some(set) => set,
    };
    match set.iter().find(|p| p.index() >= players) {
        Some(p) => Err(CliError::Usage(format!(
            "--computer {p}: the game has only {players} players (a to {})",
            Player::last_of(players)
        ))),
        None => Ok(set),
    }
}

/// The game of rule set `set` the options deal from `seed` on `ground`
/// (see [`deal_game`]).
pub(in crate::cli) fn dealt<const TAKES: Takes>(
    set: RuleSet,
    ground: Ground,
    game: &GameOptions<TAKES>,
    seed: u64,
) -> Result<(Rules, Position), CliError> {
    deal_game(
        set,
        ground,
        usize::from(game.players),
        usize::from(game.max_dice),
        game.first,
        seed,
    )
    .map_err(deal_error)
}

/// Why a game cannot be dealt, as a usage error naming the option at fault
/// where there is one.
pub(in crate::cli) fn deal_error(e: DealError) -> CliError {
    match e {
        DealError::Board(e) => no_board(e),
        DealError::InSet { set, reason } => CliError::Usage(format!("--rules {set}: {reason}")),
        e => CliError::Usage(e.to_string()),
    }
}

/// The same game under a rule set: its rules on the map it plays (Realm of
/// Racket's offset rows where the map is a board of hexagons), the start
/// checked against them.
pub(in crate::cli) fn in_set(
    set: RuleSet,
    rules: Rules,
    start: Position,
) -> Result<(Rules, Position), CliError> {
    if set == rules.set() {
        return Ok((rules, start));
    }
    let rules = rules_in_set(set, &rules)?;
    let start = Position::start(&rules, *start.board(), start.player())
        .map_err(|e| CliError::Usage(format!("--rules {set}: {e}")))?;
    Ok((rules, start))
}

/// The same players, dice limit and map under a rule set (see
/// [`Rules::in_set`]).
pub(in crate::cli) fn rules_in_set(set: RuleSet, rules: &Rules) -> Result<Rules, CliError> {
    rules
        .in_set(set)
        .map_err(|e| CliError::Usage(format!("--rules {set}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::again::play_args as args;
    use super::*;

    #[test]
    fn a_file_is_played_as_it_is_with_the_seed_given() {
        let seeded = new_game(&args(&["--board", "boards/3x3-e.txt", "--seed", "5"])).unwrap();
        let plain = new_game(&args(&["--board", "boards/3x3-e.txt"])).unwrap();
        assert_eq!(seeded.seed, 5);
        assert_eq!(
            seeded.start, plain.start,
            "--seed does not re-deal the file"
        );
        let map = &[
            "--map",
            "maps/duel-12.map",
            "--seed",
            "9",
            "--computer",
            "b",
        ];
        let game = new_game(&args(map)).unwrap();
        assert_eq!((game.seed, game.computers.len()), (9, 1));
    }

    #[test]
    fn the_rule_set_brings_its_defaults_once() {
        let dicewars = resolve(&args(&["--rules", "dicewars"]));
        assert_eq!(
            (dicewars.game.players, dicewars.ground),
            (7, Played::RandomMap)
        );
        let lol4 = resolve(&args(&["--rules", "lol4", "--players", "2"]));
        assert_eq!(
            (lol4.game.players, lol4.game.max_dice, lol4.ground),
            (2, 5, Played::RandomBoard(5))
        );
        // The same seed deals the same game.
        let line = ["--rules", "racket", "--seed", "3"];
        let (a, b) = (
            new_game(&args(&line)).unwrap(),
            new_game(&args(&line)).unwrap(),
        );
        assert_eq!((a.rules.map().kind(), a.start), (MapKind::Offset, b.start));
    }
}
