//! Two opponents play each other on seeded random boards: side A in one
//! seat, side B in every other, each board played once for each seat of
//! side A; the tallies of each side and the confidence interval of its win
//! rate.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::{AiKind, Budget, Strategy};
use crate::game::Play;
use crate::game::{
    Board, DealError, IllegalMove, Move, Player, PlayerSet, Position, PositionError, Rules,
    deal_start,
};

/// Why an arena game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A board cannot start a game.
    #[error(transparent)]
    Start(#[from] PositionError),
    /// No opponent sits for a player.
    #[error("no opponent plays {0}")]
    NoSeat(Player),
    /// An opponent found no move in a game that is not over.
    #[error("{0} found no move")]
    NoMove(&'static str),
    /// An opponent chose a move the rules do not allow.
    #[error("{ai} chose an illegal move: {error}")]
    IllegalMove {
        /// The opponent's name.
        ai: &'static str,
        /// What is wrong with the move.
        error: IllegalMove,
    },
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
    /// The win rate of a side no better than the others: the share of the
    /// seats it plays (1/players for side A). Reported with more than two
    /// players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fair_share: Option<f64>,
    /// Moves this side chose.
    pub moves: u64,
    /// Mean think time per move, in milliseconds; `None` under a budget
    /// without a time limit, so that the result reproduces exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_move_ms: Option<f64>,
    /// Longest think time for one move, in milliseconds; `None` under a
    /// budget without a time limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst_move_ms: Option<f64>,
    /// Median think time per move, in milliseconds; `None` under a budget
    /// without a time limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub median_move_ms: Option<f64>,
    #[serde(skip)]
    times: Vec<Duration>,
}

/// Side A's results from one seat: the games in which it was the
/// `order`-th player to move (from 0: it moved first).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatResult {
    /// Side A's place in the turn order, from 1 (it moved first).
    pub seat: u8,
    /// Games played from this seat.
    pub games: u32,
    /// Games side A won outright from it.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games it shared with side B.
    pub ties: u32,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95% Wilson confidence interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// The win rate of a seat no better than the others: 1/players.
    pub fair_share: f64,
    /// The mean length of these games, in turns.
    pub mean_turns: f64,
    /// Their median length, in turns.
    pub median_turns: f64,
    #[serde(skip)]
    turns: Vec<u32>,
}

/// Game lengths: their mean and median (0 for none).
fn mean_and_median(turns: &mut [u32]) -> (f64, f64) {
    if turns.is_empty() {
        return (0.0, 0.0);
    }
    turns.sort_unstable();
    let n = turns.len();
    let mean = turns.iter().map(|&t| f64::from(t)).sum::<f64>() / n as f64;
    let median = if n % 2 == 1 {
        f64::from(turns[n / 2])
    } else {
        (f64::from(turns[n / 2 - 1]) + f64::from(turns[n / 2])) / 2.0
    };
    (mean, median)
}

/// The turns a game took: each ended turn, and the last one if the game
/// ended in it (an attack that took the last cell).
pub fn turns_of(moves: &[Play]) -> u32 {
    let passes = moves.iter().filter(|p| p.mv == Move::Pass).count();
    let unfinished = moves.last().is_some_and(|p| p.mv != Move::Pass);
    u32::try_from(passes + usize::from(unfinished)).unwrap_or(u32::MAX)
}

/// The whole arena's results.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    /// Boards drawn.
    pub boards: u32,
    /// Games played (the boards times the players).
    pub games: u32,
    /// Side A, then side B.
    pub sides: [SideResult; 2],
    /// Side A's results from each seat of the turn order, the first
    /// player's first.
    pub seats: Vec<SeatResult>,
    /// The mean length of the games, in turns.
    pub mean_turns: f64,
    /// Their median length, in turns.
    pub median_turns: f64,
}

/// One game of an arena, as [`Arena::run`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct ArenaGame<'a> {
    /// The board's number in the arena, from 0.
    pub board: usize,
    /// The seat of side A (side B plays every other seat).
    pub seat_a: Player,
    /// The opponent of each player, `a` first.
    pub seats: &'a [AiKind],
    /// The starting position.
    pub start: Position,
    /// The moves played, in order, with their rolls and placements.
    pub moves: &'a [Play],
    /// The winners.
    pub winners: PlayerSet,
}

/// An arena: the seeded boards, drawn when it is made, and the two
/// opponents that will play them.
///
/// ```
/// use dice_of_doom::ai::arena::Arena;
/// use dice_of_doom::ai::{AiKind, Budget};
/// use dice_of_doom::game::Rules;
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let arena = Arena::new(rules, [AiKind::Greedy, AiKind::Random], 3, 1, Budget::nodes(100)).unwrap();
/// assert_eq!(arena.games(), 6);
/// let result = arena.run(|_| {}).unwrap();
/// let [a, b] = &result.sides;
/// assert_eq!((a.wins, a.losses, a.ties), (b.losses, b.wins, b.ties));
/// ```
#[derive(Clone, Debug)]
pub struct Arena {
    rules: Rules,
    kinds: [AiKind; 2],
    boards: Vec<Board>,
    seed: u64,
    budget: Budget,
    timed: bool,
}

impl Arena {
    /// `boards` starts the rule set deals on the rules' map
    /// ([`deal_start`]), drawn from `seed` (which also seeds the random
    /// opponents), on which side A plays `kinds[0]` and side B `kinds[1]`,
    /// each thinking within `budget` per move.
    pub fn new(
        rules: Rules,
        kinds: [AiKind; 2],
        boards: u32,
        seed: u64,
        budget: Budget,
    ) -> Result<Arena, DealError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let boards = (0..boards)
            .map(|_| deal_start(&rules, Player::A, &mut rng).map(|start| *start.board()))
            .collect::<Result<_, _>>()?;
        Ok(Arena {
            rules,
            kinds,
            boards,
            seed,
            budget,
            timed: budget.time.is_some(),
        })
    }

    /// The same arena, timing the moves (or not): by default only under a
    /// budget with a time limit, since timings differ from run to run.
    pub fn timed(mut self, timed: bool) -> Arena {
        self.timed = timed;
        self
    }

    /// The games the arena plays: one a board for each seat.
    pub fn games(&self) -> u64 {
        self.boards.len() as u64 * u64::from(self.rules.players())
    }

    /// The rules of its games.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The opponents, side A's then side B's.
    pub fn kinds(&self) -> [AiKind; 2] {
        self.kinds
    }

    /// The boards drawn.
    pub fn boards(&self) -> usize {
        self.boards.len()
    }

    /// Plays every board once for each seat: side A plays that seat, side
    /// B every other player (with two players, side A plays `a`, then side
    /// B does); calls `on_game` after each game with the game.
    /// Under a budget without a time limit (nodes only) the result is the
    /// same on every run and machine: no move depends on the clock, and the
    /// think times are left out.
    pub fn run(&self, mut on_game: impl FnMut(&ArenaGame)) -> Result<ArenaResult, ArenaError> {
        let rules = &self.rules;
        let players = rules.players();
        let mut sides: [SideResult; 2] = [0, 1].map(|i| SideResult {
            side: if i == 0 { 'A' } else { 'B' },
            ai: self.kinds[i].name().to_string(),
            ..SideResult::default()
        });
        let timed = self.timed;
        let mut by_seat: Vec<SeatResult> = (1..=players)
            .map(|seat| SeatResult {
                seat,
                fair_share: 1.0 / f64::from(players),
                ..SeatResult::default()
            })
            .collect();
        let mut lengths = Vec::with_capacity(self.boards.len() * usize::from(players));
        for (g, board) in self.boards.iter().enumerate() {
            let start = Position::start(rules, *board, Player::A)?;
            for seat_a in Player::all(players) {
                let k = u64::from(seat_a.index());
                // The side of each player: side A plays `seat_a` only.
                let side_of = |p: Player| usize::from(p != seat_a);
                let mut seats: Vec<Box<dyn Strategy>> = Player::all(players)
                    .map(|p| {
                        let seed = player_seed(self.seed, g, u64::from(p.index()), k);
                        self.kinds[side_of(p)].build(seed)
                    })
                    .collect();
                let kinds: Vec<AiKind> = Player::all(players)
                    .map(|p| self.kinds[side_of(p)])
                    .collect();
                let mut moves = Vec::new();
                // The dice of the game, on a stream of its own.
                let mut dice = ChaCha8Rng::seed_from_u64(self.seed);
                dice.set_stream(1 + u64::from(players) * g as u64 + k);
                let winners = play_game(
                    rules,
                    start,
                    &mut seats,
                    self.budget,
                    &mut dice,
                    |p, mv, t| {
                        moves.push(mv);
                        let side = &mut sides[side_of(p)];
                        side.moves += 1;
                        if timed {
                            side.times.push(t);
                        }
                    },
                )?;
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
                // Side A's place in the turn order of this game.
                let order = (seat_a.index() + players - start.player().index()) % players;
                let seat = &mut by_seat[usize::from(order)];
                let turns = turns_of(&moves);
                seat.games += 1;
                seat.turns.push(turns);
                lengths.push(turns);
                if sides_winning.iter().all(|&s| s == 0) {
                    seat.wins += 1;
                } else if sides_winning.contains(&0) {
                    seat.ties += 1;
                } else {
                    seat.losses += 1;
                }
                on_game(&ArenaGame {
                    board: g,
                    seat_a,
                    seats: &kinds,
                    start,
                    moves: &moves,
                    winners,
                });
            }
        }
        for seat in &mut by_seat {
            seat.win_rate = f64::from(seat.wins) / f64::from(seat.games.max(1));
            seat.win_rate_ci95 = wilson_interval(seat.wins, seat.games);
            (seat.mean_turns, seat.median_turns) = mean_and_median(&mut seat.turns);
        }
        let (mean_turns, median_turns) = mean_and_median(&mut lengths);
        for (i, side) in sides.iter_mut().enumerate() {
            side.win_rate = f64::from(side.wins) / f64::from(side.games.max(1));
            side.win_rate_ci95 = wilson_interval(side.wins, side.games);
            if players > 2 {
                let seats = if i == 0 { 1 } else { players - 1 };
                side.fair_share = Some(f64::from(seats) / f64::from(players));
            }
            if timed {
                let (mean, median, worst) = think_times(&mut side.times);
                side.mean_move_ms = Some(mean);
                side.median_move_ms = Some(median);
                side.worst_move_ms = Some(worst);
            }
        }
        let boards = self.boards.len() as u32;
        Ok(ArenaResult {
            boards,
            games: boards.saturating_mul(u32::from(players)),
            sides,
            seats: by_seat,
            mean_turns,
            median_turns,
        })
    }
}

/// The seed of the opponent at `place` (a player's index, or the index
/// of the opponent named there) in the game of board `board` played in
/// round `round`, from the arena's `seed`.
fn player_seed(seed: u64, board: usize, place: u64, round: u64) -> u64 {
    seed.wrapping_mul(1_000_003)
        .wrapping_add((board as u64) << 8 | place << 1)
        .wrapping_add(round)
}

/// The mean, median and longest of think times, in milliseconds (sorting
/// `times`); zeros when there are none.
fn think_times(times: &mut [Duration]) -> (f64, f64, f64) {
    times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let n = times.len();
    let total: Duration = times.iter().sum();
    let median = match n {
        0 => Duration::ZERO,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2,
    };
    (
        ms(total) / n.max(1) as f64,
        ms(median),
        ms(times.last().copied().unwrap_or_default()),
    )
}

/// The 95% Wilson score interval of `successes` out of `n`.
///
/// ```
/// use dice_of_doom::ai::arena::wilson_interval;
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
/// (`seats[player]`), chance drawn from `dice`; returns the winners, and
/// tells `on_move` of each move played (with its roll and placements), who
/// played it and the time spent on it.
pub fn play_game(
    rules: &Rules,
    start: Position,
    seats: &mut [Box<dyn Strategy>],
    budget: Budget,
    dice: &mut ChaCha8Rng,
    mut on_move: impl FnMut(Player, Play, Duration),
) -> Result<PlayerSet, ArenaError> {
    let mut position = start;
    while !position.is_game_over(rules) {
        let player = position.player();
        let seat = seats
            .get_mut(usize::from(player.index()))
            .ok_or(ArenaError::NoSeat(player))?;
        let started = Instant::now();
        let mv = seat.choose(rules, &position, budget);
        let spent = started.elapsed();
        let mv = mv.ok_or(ArenaError::NoMove(seat.name()))?;
        let played =
            position
                .play_rolled(rules, mv, dice)
                .map_err(|error| ArenaError::IllegalMove {
                    ai: seat.name(),
                    error,
                })?;
        position = played.position;
        on_move(player, Play::of(rules, mv, &played.event), spent);
    }
    Ok(position.winners())
}

pub mod free_for_all;
#[cfg(test)]
#[path = "arena_tests.rs"]
mod tests;
