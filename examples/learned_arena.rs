//! An arena of `chance` with the learned evaluation (or without, to check
//! that it plays the same games as `dice-of-doom arena`) in one seat
//! against another opponent in every other: the boards, dice and seeds are
//! drawn exactly as `arena --a chance --b B` draws them, so that the two
//! variants meet the same games. See docs/OPPONENTS.md (the evaluation
//! protocol).
//!
//! ```text
//! cargo run --release --example learned_arena -- --rules lol4 --players 4 --b lol4 \
//!     --games 50 --seed 1 --nodes 50000 --learned
//! ```

use std::process::ExitCode;

#[path = "shared/mod.rs"]
mod shared;

use clap::Parser;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use dice_of_doom::ai::arena::{self, play_game, wilson_interval};
use dice_of_doom::ai::learned::WeightsFile;
use dice_of_doom::ai::{
    AiKind, Budget, Chance, ChanceConfig, Mcts, MctsConfig, PlayoutScore, RootSearch, Strategy,
};
use dice_of_doom::game::{Ground, Map, MapShape, Player, Position, RuleSet, Rules, deal_game};

#[derive(Parser, Debug)]
struct Args {
    /// The rule set: dicewars (the original's map and deal) or lol4 (5x5).
    #[arg(long, value_enum)]
    rules: RuleSet,
    /// Players (default: the rule set's).
    #[arg(long)]
    players: Option<usize>,
    /// The opponent in every other seat.
    #[arg(long, value_enum)]
    b: AiKind,
    /// Boards (each played once from every seat).
    #[arg(long)]
    games: u32,
    /// The arena's seed.
    #[arg(long)]
    seed: u64,
    /// Nodes a move.
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// `chance` scores its playouts' ends with the rule set's learned model.
    #[arg(long)]
    learned: bool,
    /// `chance` scores its playouts' ends with the model of this weights
    /// file.
    #[arg(long, conflicts_with = "learned")]
    weights: Option<std::path::PathBuf>,
    /// Side A: `chance` (with or without the model) or `mcts` (with the
    /// settings below).
    #[arg(long, default_value = "chance")]
    a: String,
    /// `mcts`: PUCT's exploration weight.
    #[arg(long)]
    exploration: Option<f32>,
    /// `mcts`: the exploration weight as given, not scaled by 2 / players.
    #[arg(long)]
    no_scale: bool,
    /// `mcts`: the priors' softmax temperature.
    #[arg(long)]
    prior_temperature: Option<f32>,
    /// `mcts`: the horizon in rounds.
    #[arg(long)]
    rounds: Option<u32>,
    /// `mcts`: the horizon in turns (overrides the rounds).
    #[arg(long)]
    turns: Option<u32>,
    /// `mcts`: the turns from the root the tree covers (past them, the
    /// rollout model plays).
    #[arg(long)]
    tree_turns: Option<u32>,
    /// `mcts`: rescale each node's mean values to its range.
    #[arg(long)]
    normalize: bool,
    /// `mcts`: common random numbers over this many streams (0: off).
    #[arg(long)]
    crn: Option<u32>,
    /// `mcts`: `chance`'s turn search at the root, with this share of the
    /// budget (its ratings the root's priors; 0: off).
    #[arg(long, default_value_t = 0.0)]
    root_share: f32,
    /// `mcts`: the root priors' temperature, in units of a chance of
    /// winning.
    #[arg(long)]
    root_temperature: Option<f32>,
    /// `mcts`: virtual visits at the root worth `chance`'s rating.
    #[arg(long)]
    root_visits: Option<u32>,
    /// `mcts`: the root's `chance` scores its playouts with its
    /// hand-written weights, not the learned model.
    #[arg(long)]
    root_weights: bool,
    /// Threads (the tallies do not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// The tallies of side A: wins alone, ties, losses.
#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u32,
    ties: u32,
    losses: u32,
    /// Side A's moves.
    moves: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let leaf = match (&args.weights, args.learned) {
        (Some(path), _) => {
            let read = std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|text| WeightsFile::parse(&text).map_err(|e| e.to_string()));
            match read {
                Ok(file) => PlayoutScore::Model(Box::leak(Box::new(file.net))),
                Err(e) => {
                    eprintln!("learned_arena: {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        }
        (None, true) => PlayoutScore::Learned,
        (None, false) => PlayoutScore::Weights,
    };
    let players = args
        .players
        .unwrap_or(usize::from(args.rules.defaults().players));
    let max_dice = usize::from(args.rules.defaults().max_dice);
    let rules = match args.rules {
        RuleSet::Dicewars => deal_game(
            RuleSet::Dicewars,
            Ground::RandomMap(MapShape::original()),
            players,
            max_dice,
            Player::A,
            args.seed,
        )
        .map(|(rules, _)| rules)
        .map_err(|e| e.to_string()),
        set => Map::rhombus(5)
            .map_err(|e| e.to_string())
            .and_then(|map| Rules::of(set, map, players, max_dice).map_err(|e| e.to_string())),
    };
    let rules = match rules {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("learned_arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let boards = match shared::deal_boards(&rules, args.games, args.seed) {
        Ok(boards) => boards,
        Err(e) => {
            eprintln!("learned_arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let results: Vec<Result<Tally, String>> =
        shared::on_threads(&boards, args.threads, |start, g| {
            play_board(&rules, start, g, &args, leaf)
        });
    let mut total = Tally::default();
    for r in results {
        match r {
            Ok(t) => {
                total.wins += t.wins;
                total.ties += t.ties;
                total.losses += t.losses;
                total.moves += t.moves;
            }
            Err(e) => {
                eprintln!("learned_arena: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let games = total.wins + total.ties + total.losses;
    let (low, high) = wilson_interval(total.wins, games);
    println!(
        "{}{} vs {}: {} games, {} / {} / {} (wins / losses / ties), {:.1}% ({:.1}-{:.1}%), {} moves of side A",
        args.a,
        match leaf {
            PlayoutScore::Weights => "",
            _ => " (learned)",
        },
        args.b,
        games,
        total.wins,
        total.losses,
        total.ties,
        100.0 * f64::from(total.wins) / f64::from(games.max(1)),
        100.0 * low,
        100.0 * high,
        total.moves
    );
    ExitCode::SUCCESS
}

/// `mcts`'s settings: the defaults, changed by the arguments given.
fn mcts_config(args: &Args) -> MctsConfig {
    let d = MctsConfig::default();
    MctsConfig {
        exploration: args.exploration.unwrap_or(d.exploration),
        scale_exploration: d.scale_exploration && !args.no_scale,
        prior_temperature: args.prior_temperature.unwrap_or(d.prior_temperature),
        rounds: args.rounds.unwrap_or(d.rounds),
        turns: args.turns.or(d.turns),
        tree_turns: args.tree_turns.or(d.tree_turns),
        crn: args.crn.unwrap_or(d.crn),
        normalize: args.normalize || d.normalize,
        root: (args.root_share > 0.0).then(|| {
            let r = RootSearch::default();
            RootSearch {
                share: args.root_share,
                temperature: args.root_temperature.unwrap_or(r.temperature),
                visits: args.root_visits.unwrap_or(r.visits),
                learned: !args.root_weights,
            }
        }),
        ..d
    }
}

/// Plays board `g` once from every seat of side A, as `arena` does.
fn play_board(
    rules: &Rules,
    start: Position,
    g: usize,
    args: &Args,
    leaf: PlayoutScore,
) -> Result<Tally, String> {
    let players = rules.players();
    let start = Position::start(rules, *start.board(), Player::A).map_err(|e| e.to_string())?;
    let mut tally = Tally::default();
    for round in 0..usize::from(players) {
        let k = round as u64;
        let mut seats: Vec<Box<dyn Strategy>> = Player::all(players)
            .map(|p| {
                let seed = arena::player_seed(args.seed, g, u64::from(p.index()), k);
                if usize::from(p.index()) == round && args.a == "mcts" {
                    Box::new(Mcts::new(mcts_config(args), seed)) as Box<dyn Strategy>
                } else if usize::from(p.index()) == round {
                    Box::new(Chance::new(ChanceConfig {
                        leaf,
                        ..ChanceConfig::default()
                    })) as Box<dyn Strategy>
                } else {
                    args.b.build(seed)
                }
            })
            .collect();
        let mut dice = ChaCha8Rng::seed_from_u64(args.seed);
        dice.set_stream(1 + u64::from(players) * g as u64 + k);
        let winners = play_game(
            rules,
            start,
            &mut seats,
            Budget::nodes(args.nodes),
            &mut dice,
            |player, _, _| {
                if usize::from(player.index()) == round {
                    tally.moves += 1;
                }
            },
        )
        .map_err(|e| e.to_string())?;
        let mine = Player::all(players)
            .nth(round)
            .is_some_and(|p| winners.contains(p));
        if mine && winners.len() == 1 {
            tally.wins += 1;
        } else if mine {
            tally.ties += 1;
        } else {
            tally.losses += 1;
        }
    }
    Ok(tally)
}
