//! Two-player `lol4` (5x5): `chance` with the settings given against
//! another opponent, on exactly the games of `dice-of-doom arena --rules
//! lol4 --players 2 --size 5 --a chance --b B` (its boards, dice and
//! seeds): without settings it gives `arena`'s tallies. For measuring the
//! two-player variants of `chance`; see docs/OPPONENTS.md ("Two players").
//!
//! ```text
//! cargo run --release --example duel_arena -- --b lol4 --games 100 --seed 7 \
//!     --nodes 50000 --reply-width 3 --reply-playouts 4
//! ```

use std::process::ExitCode;

#[path = "shared/mod.rs"]
mod shared;

use clap::Parser;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use dice_of_doom::ai::arena::{self, play_game, wilson_interval};
use dice_of_doom::ai::{AiKind, Budget, Chance, ChanceConfig, Model, PlayoutScore, Reply};
use dice_of_doom::game::{Map, Player, Position, RuleSet, Rules};

#[derive(Parser, Debug)]
struct Args {
    /// The opponent.
    #[arg(long, value_enum, default_value = "lol4")]
    b: AiKind,
    /// Boards (each played twice, sides swapped).
    #[arg(long)]
    games: u32,
    /// The arena's seed.
    #[arg(long)]
    seed: u64,
    /// Nodes a move.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// `chance` scores its playouts' ends with the learned model.
    #[arg(long)]
    learned: bool,
    /// `chance`'s playouts (default 8).
    #[arg(long)]
    playouts: Option<u32>,
    /// `chance`'s deepest pass in attacks (default 8).
    #[arg(long)]
    max_depth: Option<u32>,
    /// The model's least rating for an attack (default 0.5).
    #[arg(long)]
    greed: Option<f64>,
    /// The model's lean on `chance`'s cells (default 0.3).
    #[arg(long)]
    lean: Option<f64>,
    /// The reply: how many of her first attacks are looked at (0: off).
    #[arg(long, default_value_t = 0)]
    reply_width: u32,
    /// The reply: playouts for each outcome of each of those attacks.
    #[arg(long, default_value_t = 4)]
    reply_playouts: u32,
    /// Threads (the tallies do not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Side A's results on one board: (wins, losses, ties), and the seats it
/// lost.
type Outcome = ([u32; 3], Vec<String>);

fn main() -> ExitCode {
    let args = Args::parse();
    let rules = match Map::rhombus(5)
        .map_err(|e| e.to_string())
        .and_then(|map| Rules::of(RuleSet::Lol4, map, 2, 5).map_err(|e| e.to_string()))
    {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("duel_arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let d = ChanceConfig::default();
    let model = Model::for_rules(&rules);
    let config = ChanceConfig {
        leaf: if args.learned {
            PlayoutScore::Learned
        } else {
            PlayoutScore::Weights
        },
        playouts: args.playouts.unwrap_or(d.playouts),
        max_depth: args.max_depth.unwrap_or(d.max_depth),
        model: (args.greed.is_some() || args.lean.is_some()).then(|| Model {
            greed: args.greed.unwrap_or(model.greed),
            me: args.lean.unwrap_or(model.me),
            ..model
        }),
        reply: (args.reply_width > 0).then_some(Reply {
            width: args.reply_width,
            playouts: args.reply_playouts,
        }),
        ..d
    };
    let boards = match shared::deal_boards(&rules, args.games, args.seed) {
        Ok(boards) => boards,
        Err(e) => {
            eprintln!("duel_arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let results: Vec<Result<Outcome, String>> =
        shared::on_threads(&boards, args.threads, |start, g| {
            play_board(&rules, start, g, &args, config)
        });
    let (mut total, mut lost) = ([0u32; 3], Vec::new());
    for r in results {
        match r {
            Ok((t, l)) => {
                for i in 0..3 {
                    total[i] += t[i];
                }
                lost.extend(l);
            }
            Err(e) => {
                eprintln!("duel_arena: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    lost.sort();
    let [wins, losses, ties] = total;
    let games = wins + losses + ties;
    let (low, high) = wilson_interval(wins, games);
    println!(
        "chance {config:?} vs {}: {games} games, {wins} / {losses} / {ties} (wins / losses / ties), {:.1}% ({:.1}-{:.1}%)",
        args.b,
        100.0 * f64::from(wins) / f64::from(games.max(1)),
        100.0 * low,
        100.0 * high,
    );
    println!("lost: {}", lost.join(" "));
    ExitCode::SUCCESS
}

/// Plays board `g` twice, `chance` first as `a`, then as `b`, as `arena`
/// does.
fn play_board(
    rules: &Rules,
    start: Position,
    g: usize,
    args: &Args,
    config: ChanceConfig,
) -> Result<Outcome, String> {
    let start = Position::start(rules, *start.board(), Player::A).map_err(|e| e.to_string())?;
    let (mut tally, mut lost) = ([0u32; 3], Vec::new());
    for round in 0..2usize {
        let k = round as u64;
        let mut seats: Vec<Box<dyn dice_of_doom::ai::Strategy>> = Player::all(2)
            .map(|p| {
                if usize::from(p.index()) == round {
                    Box::new(Chance::new(config)) as Box<dyn dice_of_doom::ai::Strategy>
                } else {
                    args.b
                        .build(arena::player_seed(args.seed, g, u64::from(p.index()), k))
                }
            })
            .collect();
        let mut dice = ChaCha8Rng::seed_from_u64(args.seed);
        dice.set_stream(1 + 2 * g as u64 + k);
        let winners = play_game(
            rules,
            start,
            &mut seats,
            Budget::nodes(args.nodes),
            &mut dice,
            |_, _, _| {},
        )
        .map_err(|e| e.to_string())?;
        let mine = Player::all(2)
            .nth(round)
            .is_some_and(|p| winners.contains(p));
        if mine && winners.len() == 1 {
            tally[0] += 1;
        } else if mine {
            tally[2] += 1;
        } else {
            tally[1] += 1;
            lost.push(format!(
                "{:03}-{}",
                g + 1,
                if round == 0 { 'A' } else { 'B' }
            ));
        }
    }
    Ok((tally, lost))
}
