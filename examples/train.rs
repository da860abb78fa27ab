//! Trains the learned evaluation of a rule set (see `src/ai/learned.rs`
//! and docs/OPPONENTS.md): plays seeded games with the existing players,
//! keeps positions with their outcome, fits the model and writes its
//! weights file.
//!
//! ```text
//! cargo run --release --example train -- --rules dicewars --games 3000 --seed 1 \
//!     --threads 2 --out src/ai/learned/dicewars.weights
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use dice_of_doom::ai::learned::fit::fit;
use dice_of_doom::ai::learned::train::{TrainConfig, data_checksum, play_all};
use dice_of_doom::ai::learned::{Net, WeightsFile};
use dice_of_doom::game::RuleSet;

/// The trainer's options; those left out take the shipped weights'
/// settings ([`TrainConfig::new`]).
#[derive(Parser, Debug)]
struct Args {
    /// The rule set: dicewars or lol4.
    #[arg(long, value_enum)]
    rules: RuleSet,
    /// Games to play.
    #[arg(long)]
    games: u64,
    /// The seed of the games and the fit.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads playing the games (the weights do not depend on it);
    /// default: every core.
    #[arg(long)]
    threads: Option<usize>,
    /// The node budget of the `chance` seats.
    #[arg(long)]
    chance_nodes: Option<u64>,
    /// The share of turns' starts kept.
    #[arg(long)]
    keep: Option<f64>,
    /// Hidden units.
    #[arg(long)]
    hidden: Option<usize>,
    /// Passes over the samples.
    #[arg(long)]
    epochs: Option<u32>,
    /// Adam's step size.
    #[arg(long)]
    rate: Option<f64>,
    /// Samples a step.
    #[arg(long)]
    batch: Option<usize>,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut config = TrainConfig::new(args.rules, args.games, args.seed);
    config.threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    config.chance_nodes = args.chance_nodes.unwrap_or(config.chance_nodes);
    config.keep = args.keep.unwrap_or(config.keep);
    config.hidden = args.hidden.unwrap_or(config.hidden);
    config.epochs = args.epochs.unwrap_or(config.epochs);
    config.rate = args.rate.unwrap_or(config.rate);
    config.batch = args.batch.unwrap_or(config.batch);
    let started = Instant::now();
    let (samples, origin) = match play_all(&config) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("train: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "played {} games ({} samples) in {:.1} s on {} threads",
        config.games,
        samples.len(),
        started.elapsed().as_secs_f64(),
        config.threads
    );
    let (net, notes): (Net, Vec<String>) = fit(&config, &samples, &origin);
    for note in &notes {
        eprintln!("{note}");
    }
    let file = WeightsFile {
        rules: config.rules.name().to_string(),
        command: config.command(),
        games: config.games,
        samples: samples.len() as u64,
        data_crc: data_checksum(&samples),
        notes,
        net,
    };
    if let Err(e) = std::fs::write(&args.out, file.render()) {
        eprintln!("train: cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    eprintln!(
        "wrote {} in {:.1} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
