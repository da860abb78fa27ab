//! The game a command line asks for, resolved once into the session's
//! [`NewGame`] ([`resolve`]: the rule set's defaults applied, the map
//! options completed, conflicts and ranges checked), then dealt ([`deal`]:
//! its file read, the seed drawn if none was given); every front-end reads
//! those values, and the "play again" lines are the `NewGame`'s.
//!
//! `load.rs` reads board and map files, `maps.rs` completes the map options
//! and grows random maps, `again.rs` the line that names how to play a game
//! again, `game.rs` the game `play` and `resume` start.

pub(in crate::cli) mod again;
pub(in crate::cli) mod game;
pub(in crate::cli) mod load;
pub(in crate::cli) mod maps;

use std::collections::BTreeMap;

use crate::cli::CliError;
use crate::cli::args::{
    ComputerPlayers, GameOptions, MAX_DICE, MapArgs, MapChoice, PLAYERS, PlayArgs, SIZE, Takes,
};
use crate::game::{DealError, Ground, Player, PlayerSet, Position, RuleSet, Rules, deal_game};
use crate::session::{Board, ComputerSeats, Dealt, NewGame, NewGameError, RandomMap, Seating};
use load::{MAX_FILE_BYTES, Source, in_file, no_board, read_text};

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

/// The new game the options of `play` ask for (not `--load`), resolved
/// once: the rule set's defaults applied, the map options completed and
/// checked. It is not dealt yet ([`deal`]): no file is read.
pub(in crate::cli) fn resolve(args: &PlayArgs) -> Result<NewGame, CliError> {
    let set = args.rules;
    let mut game = with_defaults(set, args.game);
    let maps = default_map(&args.maps, &game, args.board.is_some());
    // A map file says the players it is drawn for.
    if let (Some(MapChoice::File(path)), 0) = (&maps.map, args.game.given & PLAYERS) {
        game.players = map_players(path, game.players).unwrap_or(game.players);
    }
    maps.shape(set)?;
    let board = match (&maps.map, &args.board) {
        (Some(MapChoice::Random), _) => Board::RandomMap(RandomMap {
            territories: maps.territories,
            grid: maps.grid,
            named: args.maps.map.is_some(),
        }),
        (Some(MapChoice::File(path)), _) => Board::MapFile(path.clone()),
        (None, Some(path)) => Board::BoardFile(path.clone()),
        (None, None) => Board::Hexagons(game.side()),
    };
    let seats = match args.computer {
        None => Seating::Unsaid,
        Some(ComputerPlayers::All) => Seating::All,
        Some(ComputerPlayers::Some(set)) => Seating::These(set),
    };
    Ok(NewGame {
        rules: set,
        board,
        players: game.players,
        max_dice: game.max_dice,
        first: game.first,
        computer: ComputerSeats {
            seats,
            ai: args.ai,
            own: BTreeMap::new(),
            budget: args.budget(),
            scaled: args.scaled(),
        },
        seed: args.seed,
        practice: args.practice,
        deal: args.deal.unwrap_or_default(),
    })
}

/// The players a game on the map file at `path` is played by where none
/// are asked for and the rule set's are `default` (see
/// [`MapSetup::players_for`](crate::game::MapSetup::players_for)); `None`
/// for standard input (read once, by the deal) and for a file that cannot
/// be read or has a mistake, which the deal reports.
pub(in crate::cli) fn map_players(path: &std::path::Path, default: u8) -> Option<u8> {
    if path.as_os_str() == "-" {
        return None;
    }
    let text = read_text(&Source::from_arg(path), "map", MAX_FILE_BYTES).ok()?;
    let setup = crate::game::MapSetup::parse(&text).ok()?;
    setup.players_for(None, default).ok()
}

/// The players each of the map files `paths` is drawn for, where it says
/// (its `players: N` line) or deals its territories (its owners): the
/// new-game screen's players when one is chosen.
pub(in crate::cli) fn drawn_for(paths: &[std::path::PathBuf]) -> Vec<(std::path::PathBuf, u8)> {
    paths
        .iter()
        .filter_map(|path| {
            let text = read_text(&Source::from_arg(path), "map", MAX_FILE_BYTES).ok()?;
            let setup = crate::game::MapSetup::parse(&text).ok()?;
            let owners = (setup.owners() > 0).then(|| setup.owners());
            Some((path.clone(), setup.players().or(owners)?))
        })
        .collect()
}

/// The game `new` deals: its board or map file read (with the seed of
/// `new`, or a random one, for its dice and the computer's play), or its
/// random board or map dealt from the seed as the rule set deals it; and
/// `new` with that seed, which names the game for the "play again" lines.
pub(in crate::cli) fn deal(new: &NewGame) -> Result<(NewGame, Dealt), CliError> {
    refuse_stdin_boards(new)?;
    let seed = new.seed.unwrap_or_else(|| rand::random_range(0..1_000_000));
    let text = match new.file() {
        Some((path, what)) => Some(read_text(&Source::from_arg(path), what, MAX_FILE_BYTES)?),
        None => None,
    };
    let dealt = new
        .deal(seed, text.as_deref())
        .map_err(|e| refused(new, e))?;
    Ok((new.clone().with_seed(Some(seed)), dealt))
}

/// Why `new` cannot be dealt, as the command line says it: a usage error
/// naming the option at fault, or a mistake in its file with the file's
/// name, line and column.
fn refused(new: &NewGame, e: NewGameError) -> CliError {
    match e {
        NewGameError::Deal(e) => deal_error(e),
        NewGameError::File(e) => match new.file() {
            Some((path, _)) => in_file(&Source::from_arg(path), e),
            None => CliError::Usage(e.to_string()),
        },
        NewGameError::NoSeat { player, players } => CliError::Usage(format!(
            "--computer {player}: the game has only {players} players (a to {})",
            Player::last_of(players)
        )),
        e @ NewGameError::Unread { .. } => CliError::Runtime(e.to_string()),
        NewGameError::Unfit(e) => CliError::Usage(format!("--ai: {e}")),
        NewGameError::MapPlayers(e) => {
            let map = match new.file() {
                Some((path, _)) if path.as_os_str() != "-" => crate::text::shell_quote(path),
                _ => "the map on standard input".to_string(),
            };
            CliError::Usage(format!(
                "--players {}: {map} {e}; play it with --players {}",
                new.players,
                e.players()
            ))
        }
    }
}

/// Refuses `--board -` and `--map -` where a person plays: the line mode
/// reads their moves from standard input (which the full-screen game needs
/// as its terminal), so it cannot hold the board too. With the computer at
/// every seat nothing reads the moves, and the board may come from it.
fn refuse_stdin_boards(new: &NewGame) -> Result<(), CliError> {
    let option = match &new.board {
        Board::BoardFile(path) if path.as_os_str() == "-" => "--board",
        Board::MapFile(path) if path.as_os_str() == "-" => "--map",
        _ => return Ok(()),
    };
    if new.computer_everywhere() {
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
    use crate::game::MapKind;

    /// The game these options deal.
    fn dealt(line: &[&str]) -> Dealt {
        deal(&resolve(&args(line)).unwrap()).unwrap().1
    }

    #[test]
    fn a_file_is_played_as_it_is_with_the_seed_given() {
        let seeded = dealt(&["--board", "boards/3x3-e.txt", "--seed", "5"]);
        let plain = dealt(&["--board", "boards/3x3-e.txt"]);
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
        let game = dealt(map);
        let computers = game
            .seats
            .iter()
            .filter(|s| **s != crate::record::Seat::Person);
        assert_eq!((game.seed, computers.count()), (9, 1));
    }

    #[test]
    fn the_budget_is_nodes_unless_a_think_time_is_given() {
        use crate::ai::Budget;
        use std::time::Duration;
        let budget = |line: &[&str]| resolve(&args(line)).unwrap().computer.budget;
        assert_eq!(budget(&[]), Budget::nodes(200_000));
        assert_eq!(budget(&[]), crate::session::DEFAULT_BUDGET);
        assert_eq!(
            budget(&["--think-time", "0.5"]),
            Budget::time(Duration::from_millis(500))
        );
        assert_eq!(budget(&["--nodes", "500"]), Budget::nodes(500));
    }

    /// A map file brings the players it is drawn for; other players asked
    /// for are refused as bad usage, naming the file and its players.
    #[test]
    fn a_map_file_brings_its_players_and_refuses_others() {
        let original = ["--rules", "dicewars", "--map", "maps/original-30.map"];
        let new = resolve(&args(&original)).unwrap();
        assert_eq!(new.players, 2);
        let game = deal(&new).unwrap().1;
        assert_eq!(game.rules.players(), 2);
        let refused =
            deal(&resolve(&args(&[&original[..], &["--players", "7"]].concat())).unwrap())
                .unwrap_err();
        assert!(matches!(refused, CliError::Usage(_)), "{refused:?}");
        assert_eq!(
            refused.to_string(),
            "--players 7: maps/original-30.map is drawn for 2 players (its line `players: 2`), \
             not 7; play it with --players 2"
        );
        // The players it is drawn for, said, are its own.
        let said = resolve(&args(&[&original[..], &["--players", "2"]].concat())).unwrap();
        assert_eq!(deal(&said).unwrap().1.rules.players(), 2);
        // Four players under the classic rules' two.
        let four = resolve(&args(&["--map", "maps/four-20.map"])).unwrap();
        assert_eq!(four.players, 4);
    }

    #[test]
    fn the_rule_set_brings_its_defaults_once() {
        let dicewars = resolve(&args(&["--rules", "dicewars"])).unwrap();
        assert_eq!(
            (dicewars.players, dicewars.board),
            (7, Board::RandomMap(RandomMap::default()))
        );
        let lol4 = resolve(&args(&["--rules", "lol4", "--players", "2"])).unwrap();
        assert_eq!(
            (lol4.players, lol4.max_dice, lol4.board),
            (2, 5, Board::Hexagons(5))
        );
        // The same seed deals the same game.
        let line = ["--rules", "racket", "--seed", "3"];
        let (a, b) = (dealt(&line), dealt(&line));
        assert_eq!((a.rules.map().kind(), a.start), (MapKind::Offset, b.start));
    }
}
