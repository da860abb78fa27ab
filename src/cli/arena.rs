//! `dice-of-doom arena`: two computer opponents play each other on seeded
//! random boards, each board twice with the sides swapped.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::CliError;
use crate::ai::{AiKind, Budget, Strategy};
use crate::game::{Board, Player, PlayerSet, Position, Rules, random_board};

/// Options of `arena`.
#[derive(Debug, Clone, Args)]
pub struct ArenaArgs {
    /// Side of the random boards, 2 to 10 hexagons.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=10))]
    size: u8,
    /// Number of players, 2 to 8: side A plays `a` and side B every other
    /// player, then the other way round.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=8))]
    players: u8,
    /// The most dice a hexagon can hold, 2 to 9.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=9))]
    max_dice: u8,
    /// The computer opponent of side A.
    #[arg(long = "a", value_enum, value_name = "AI")]
    a: AiKind,
    /// The computer opponent of side B.
    #[arg(long = "b", value_enum, value_name = "AI")]
    b: AiKind,
    /// Number of boards; each is played twice, sides swapped.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Seed of the boards (and of the random opponents).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds each opponent may think per move (0.001 to 3600).
    #[arg(long, default_value = "1", value_parser = super::parse_think_time)]
    think_time: Duration,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

/// One side's results.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideResult {
    /// `A` or `B`.
    pub side: char,
    /// The opponent's name.
    pub ai: String,
    /// Games played.
    pub games: u32,
    /// Games won outright (every winner is one of this side's players).
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games tied between the sides.
    pub ties: u32,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95% Wilson confidence interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// Moves this side chose.
    pub moves: u64,
    /// Mean think time per move, in milliseconds.
    pub mean_move_ms: f64,
    /// Longest think time for one move, in milliseconds.
    pub worst_move_ms: f64,
    #[serde(skip)]
    total_time: Duration,
    #[serde(skip)]
    worst_time: Duration,
}

/// The whole arena's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaResult {
    /// Board side.
    pub size: u8,
    /// Players per game.
    pub players: u8,
    /// Most dice per hexagon.
    pub max_dice: u8,
    /// Boards drawn.
    pub boards: u32,
    /// Games played (twice the boards).
    pub games: u32,
    /// The seed.
    pub seed: u64,
    /// Think time per move, in seconds.
    pub think_time: f64,
    /// Side A, then side B.
    pub sides: [SideResult; 2],
}

/// The 95% Wilson score interval of `successes` out of `n`.
///
/// ```
/// use dice_of_doom::cli::wilson_interval;
/// let (low, high) = wilson_interval(150, 200);
/// assert!((low - 0.686).abs() < 0.001 && (high - 0.805).abs() < 0.001);
/// assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
/// ```
pub fn wilson_interval(successes: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(n);
    let p = f64::from(successes) / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    // Rounding can leave the exact ends (p = 0 or 1) a hair outside.
    ((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0))
}

/// Plays one game from `start`, each player moved by her own opponent
/// (`seats[player]`); returns the winners and, per player, the moves made
/// and the time spent on each.
pub fn play_game(
    rules: &Rules,
    start: Position,
    seats: &mut [Box<dyn Strategy>],
    budget: Budget,
    mut on_move: impl FnMut(Player, Duration),
) -> Result<PlayerSet, CliError> {
    let mut position = start;
    while !position.is_game_over(rules) {
        let player = position.player();
        let seat = seats
            .get_mut(usize::from(player.index()))
            .ok_or_else(|| CliError::Runtime(format!("no opponent plays {player}")))?;
        let started = Instant::now();
        let mv = seat.choose(rules, &position, budget);
        on_move(player, started.elapsed());
        let mv = mv.ok_or_else(|| CliError::Runtime(format!("{} found no move", seat.name())))?;
        position = position.play(rules, mv).map_err(|e| {
            CliError::Runtime(format!("{} chose an illegal move: {e}", seat.name()))
        })?;
    }
    Ok(position.winners())
}

/// Runs `arena` and prints its table (or JSON).
pub fn run(args: &ArenaArgs) -> Result<(), CliError> {
    let result = arena(args)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let text =
            serde_json::to_string_pretty(&result).map_err(|e| CliError::Runtime(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        out.write_all(table(&result).as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

fn arena(args: &ArenaArgs) -> Result<ArenaResult, CliError> {
    let rules = Rules::classic(
        usize::from(args.size),
        usize::from(args.players),
        usize::from(args.max_dice),
    )
    .map_err(|e| CliError::Usage(e.to_string()))?;
    let budget = Budget::time(args.think_time);
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let boards: Vec<Board> = (0..args.games)
        .map(|_| random_board(&rules, Player::A, &mut rng))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let total = u64::from(args.games) * 2;
    let bar = if io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(total);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let kinds = [args.a, args.b];
    let mut sides: [SideResult; 2] = [0, 1].map(|i| SideResult {
        side: if i == 0 { 'A' } else { 'B' },
        ai: kinds[i].name().to_string(),
        ..SideResult::default()
    });
    for (g, board) in boards.iter().enumerate() {
        let start = Position::start(&rules, *board, Player::A)
            .map_err(|e| CliError::Runtime(e.to_string()))?;
        for swap in [false, true] {
            // The side of each player: side A plays `a` unless swapped.
            let side_of = |p: Player| usize::from((p.index() == 0) == swap);
            let mut seats: Vec<Box<dyn Strategy>> = Player::all(rules.players())
                .map(|p| {
                    let seed = args
                        .seed
                        .wrapping_mul(1_000_003)
                        .wrapping_add((g as u64) << 8 | u64::from(p.index()) << 1)
                        .wrapping_add(u64::from(swap));
                    kinds[side_of(p)].build(seed)
                })
                .collect();
            let winners = play_game(&rules, start, &mut seats, budget, |p, t| {
                let side = &mut sides[side_of(p)];
                side.moves += 1;
                side.total_time += t;
                side.worst_time = side.worst_time.max(t);
            })?;
            let sides_winning: Vec<usize> = winners.iter().map(side_of).collect();
            for (i, side) in sides.iter_mut().enumerate() {
                side.games += 1;
                if sides_winning.iter().all(|&s| s == i) {
                    side.wins += 1;
                } else if sides_winning.contains(&i) {
                    side.ties += 1;
                } else {
                    side.losses += 1;
                }
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    for side in &mut sides {
        side.win_rate = f64::from(side.wins) / f64::from(side.games.max(1));
        side.win_rate_ci95 = wilson_interval(side.wins, side.games);
        side.mean_move_ms = side.total_time.as_secs_f64() * 1000.0 / side.moves.max(1) as f64;
        side.worst_move_ms = side.worst_time.as_secs_f64() * 1000.0;
    }
    Ok(ArenaResult {
        size: args.size,
        players: args.players,
        max_dice: args.max_dice,
        boards: args.games,
        games: args.games * 2,
        seed: args.seed,
        think_time: args.think_time.as_secs_f64(),
        sides,
    })
}

/// The results as a table.
fn table(result: &ArenaResult) -> String {
    let mut out = format!(
        "arena: {size}x{size} boards, {players} players, at most {dice} dice, \
         {boards} boards x 2 games (sides swapped), seed {seed}, {think} s per move\n",
        size = result.size,
        players = result.players,
        dice = result.max_dice,
        boards = result.boards,
        seed = result.seed,
        think = result.think_time,
    );
    out.push_str(
        "side  ai       games  wins  losses  ties  win rate  95% CI          mean move  worst move\n",
    );
    for s in &result.sides {
        out.push_str(&format!(
            "{:<5} {:<8} {:>5} {:>5} {:>7} {:>5} {:>8.1}%  {:>5.1}%-{:>5.1}%  {:>7.1} ms  {:>7.1} ms\n",
            s.side,
            s.ai,
            s.games,
            s.wins,
            s.losses,
            s.ties,
            s.win_rate * 100.0,
            s.win_rate_ci95.0 * 100.0,
            s.win_rate_ci95.1 * 100.0,
            s.mean_move_ms,
            s.worst_move_ms,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: AiKind, b: AiKind, games: u32) -> ArenaArgs {
        ArenaArgs {
            size: 3,
            players: 2,
            max_dice: 3,
            a,
            b,
            games,
            seed: 5,
            think_time: Duration::from_millis(20),
            json: false,
        }
    }

    #[test]
    fn results_add_up_and_sides_mirror() {
        let result = arena(&args(AiKind::Greedy, AiKind::Random, 6)).unwrap();
        let [a, b] = &result.sides;
        assert_eq!((a.games, b.games), (12, 12));
        assert_eq!(a.wins + a.losses + a.ties, 12);
        assert_eq!((a.wins, a.losses, a.ties), (b.losses, b.wins, b.ties));
        assert!(a.moves > 0 && b.moves > 0);
        assert!(a.win_rate_ci95.0 <= a.win_rate && a.win_rate <= a.win_rate_ci95.1);
        let text = table(&result);
        assert!(text.contains("greedy") && text.contains("random"), "{text}");
    }

    #[test]
    fn perfect_never_loses_to_random_on_2x2() {
        let mut args = args(AiKind::Perfect, AiKind::Random, 20);
        args.size = 2;
        let result = arena(&args).unwrap();
        // Perfect play can lose a board that is lost from the start, but it
        // does at least as well as random play on every board.
        let [a, b] = &result.sides;
        assert!(a.wins + a.ties >= b.wins, "{result:?}");
    }

    #[test]
    fn the_interval_holds_the_rate() {
        for (k, n) in [(0, 10), (10, 10), (5, 10), (150, 200), (1, 1)] {
            let (low, high) = wilson_interval(k, n);
            let p = f64::from(k) / f64::from(n);
            assert!(
                low <= p && p <= high && 0.0 <= low && high <= 1.0,
                "{k}/{n}"
            );
        }
    }
}
