//! The trainer of the learned evaluation: games played by the existing
//! players, seeded, each position at the start of a turn kept (some of
//! them, drawn from the seed) with the game's outcome; then a fit of the
//! model to them ([`fit`](super::fit)). `examples/train.rs` is its command
//! line.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::features::{FEATURES, SLOTS, features};
use crate::ai::{AiKind, Budget, Chance, ChanceConfig, Strategy};
use crate::game::{DealError, Ground, MapShape, Move, Player, Position, RuleSet, Rules, deal_game};

/// How the trainer plays its games and fits its model.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// The rule set (Dice Wars or `lol4`).
    pub rules: RuleSet,
    /// The games played.
    pub games: u64,
    /// The seed of everything drawn.
    pub seed: u64,
    /// The threads that play the games (the result does not depend on it).
    pub threads: usize,
    /// The node budget of the `chance` seats.
    pub chance_nodes: u64,
    /// The share of the turns' starts kept as samples.
    pub keep: f64,
    /// The model's hidden units.
    pub hidden: usize,
    /// Passes over the samples.
    pub epochs: u32,
    /// Adam's step size.
    pub rate: f64,
    /// Samples a step.
    pub batch: usize,
}

impl TrainConfig {
    /// The settings the shipped weights of `rules` were made with, for
    /// `games` games from `seed`.
    pub fn new(rules: RuleSet, games: u64, seed: u64) -> TrainConfig {
        TrainConfig {
            rules,
            games,
            seed,
            threads: 1,
            chance_nodes: 1_000,
            keep: if rules == RuleSet::Dicewars {
                0.25
            } else {
                1.0
            },
            hidden: 16,
            epochs: 40,
            rate: 0.003,
            batch: 256,
        }
    }

    /// The command that runs the trainer with these settings, less its
    /// `--out FILE` (the threads left out too: they change nothing).
    pub fn command(&self) -> String {
        format!(
            "cargo run --release --example train -- --rules {} --games {} --seed {} \
             --chance-nodes {} --keep {} --hidden {} --epochs {} --rate {} --batch {}",
            self.rules.name(),
            self.games,
            self.seed,
            self.chance_nodes,
            self.keep,
            self.hidden,
            self.epochs,
            self.rate,
            self.batch,
        )
    }
}

/// A position at the start of a turn and how its game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Each player's features.
    pub x: [[f32; FEATURES]; SLOTS],
    /// The players still in the game.
    pub alive: [bool; SLOTS],
    /// Each player's share of the win (1 for the winner, 1/k each for a
    /// k-way tie).
    pub target: [f32; SLOTS],
}

/// Why the trainer cannot play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrainError {
    /// The rule set has no model to train.
    #[error("the {0} rules have no learned model (dicewars and lol4 do)")]
    NoModel(RuleSet),
    /// A game could not be dealt.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// A player found no move, or an illegal one.
    #[error("game {game}: {what}")]
    Play {
        /// The game.
        game: u64,
        /// What went wrong.
        what: String,
    },
}

/// The most moves of a game; longer games are left out.
const MAX_MOVES: usize = 20_000;

/// The players a rule set's games seat, each seat drawn from this list.
fn pool(set: RuleSet) -> &'static [AiKind] {
    match set {
        RuleSet::Dicewars => &[
            AiKind::Dicewars,
            AiKind::Defensive,
            AiKind::Strategic,
            AiKind::Chance,
            AiKind::Dicewars,
            AiKind::Defensive,
        ],
        _ => &[
            AiKind::Lol4,
            AiKind::Chance,
            AiKind::Greedy,
            AiKind::Defensive,
            AiKind::Strategic,
            AiKind::Lol4,
        ],
    }
}

/// The generator of game `game`'s choices (its deal, seats and samples).
fn game_rng(seed: u64, game: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(2 * game + 2);
    rng
}

/// The samples of game `game`: deals it, seats its players, plays it to
/// the end and keeps some of its turns' starts with the outcome (none if
/// it runs past [`MAX_MOVES`]).
///
/// # Errors
/// The game cannot be dealt, or a player fails to move.
pub fn play_one(config: &TrainConfig, game: u64) -> Result<Vec<Sample>, TrainError> {
    let mut rng = game_rng(config.seed, game);
    let deal_seed: u64 = rng.random();
    let (rules, start) = match config.rules {
        RuleSet::Dicewars => deal_game(
            RuleSet::Dicewars,
            Ground::RandomMap(MapShape::original()),
            7,
            8,
            Player::A,
            deal_seed,
        )?,
        RuleSet::Lol4 => {
            let players = [2, 2, 3, 4, 4][rng.random_range(0..5usize)];
            deal_game(
                RuleSet::Lol4,
                Ground::Hexagons(5),
                players,
                5,
                Player::A,
                deal_seed,
            )?
        }
        set => return Err(TrainError::NoModel(set)),
    };
    let kinds = pool(config.rules);
    let mut seats: Vec<Box<dyn Strategy>> = Player::all(rules.players())
        .map(|_| {
            let kind = kinds[rng.random_range(0..kinds.len())];
            let seat_seed: u64 = rng.random();
            match kind {
                AiKind::Chance => Box::new(Chance::new(ChanceConfig {
                    default_nodes: config.chance_nodes,
                    ..ChanceConfig::default()
                })) as Box<dyn Strategy>,
                kind => kind.build(seat_seed),
            }
        })
        .collect();
    let mut dice = ChaCha8Rng::seed_from_u64(config.seed);
    dice.set_stream(2 * game + 1);
    let budget = Budget::nodes(config.chance_nodes);
    let mut kept: Vec<Sample> = Vec::new();
    let mut position = start;
    let mut turn_start = true;
    for _ in 0..MAX_MOVES {
        if position.is_game_over(&rules) {
            let winners = position.winners();
            let share = 1.0 / winners.len().max(1) as f32;
            for sample in &mut kept {
                for p in winners.iter() {
                    sample.target[usize::from(p.index()) % SLOTS] = share;
                }
            }
            return Ok(kept);
        }
        if turn_start && rng.random::<f64>() < config.keep {
            kept.push(sample_of(&rules, &position));
        }
        let player = position.player();
        let seat = seats
            .get_mut(usize::from(player.index()))
            .ok_or_else(|| TrainError::Play {
                game,
                what: format!("no player sits for {player}"),
            })?;
        let mv = seat
            .choose(&rules, &position, budget)
            .ok_or_else(|| TrainError::Play {
                game,
                what: format!("{} found no move", seat.name()),
            })?;
        position = position
            .play_rolled(&rules, mv, &mut dice)
            .map_err(|e| TrainError::Play {
                game,
                what: format!("{} played an illegal move: {e}", seat.name()),
            })?
            .position;
        turn_start = mv == Move::Pass;
    }
    Ok(Vec::new())
}

/// The sample of a position, its target not yet known.
fn sample_of(rules: &Rules, position: &Position) -> Sample {
    let f = features(rules, position);
    Sample {
        x: f.rows,
        alive: f.alive,
        target: [0.0; SLOTS],
    }
}

/// Every game's samples, in the order of the games, whatever the number
/// of threads that play them; and the games each came from.
///
/// # Errors
/// The first game (in order) that failed.
pub fn play_all(config: &TrainConfig) -> Result<(Vec<Sample>, Vec<u64>), TrainError> {
    let threads = config.threads.max(1);
    let games = config.games;
    let mut results: Vec<(u64, Result<Vec<Sample>, TrainError>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                s.spawn(move || {
                    (t..games)
                        .step_by(threads)
                        .map(|g| (g, play_one(config, g)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join().unwrap_or_else(|_| {
                    vec![(
                        u64::MAX,
                        Err(TrainError::Play {
                            game: u64::MAX,
                            what: "a thread panicked".to_string(),
                        }),
                    )]
                })
            })
            .collect()
    });
    results.sort_by_key(|(g, _)| *g);
    let mut samples = Vec::new();
    let mut origin = Vec::new();
    for (g, result) in results {
        let kept = result?;
        origin.extend(std::iter::repeat_n(g, kept.len()));
        samples.extend(kept);
    }
    Ok((samples, origin))
}

/// The CRC-32 of samples: each one's features, players left and target,
/// as f32 bits, in order.
pub fn data_checksum(samples: &[Sample]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    for s in samples {
        for (row, (&alive, &t)) in s.x.iter().zip(s.alive.iter().zip(&s.target)) {
            for v in row {
                h.update(&v.to_bits().to_le_bytes());
            }
            h.update(&[u8::from(alive)]);
            h.update(&t.to_bits().to_le_bytes());
        }
    }
    h.finalize()
}
