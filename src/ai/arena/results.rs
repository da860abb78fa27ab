//! An arena's results: each opponent's tally, the first opponent's from
//! each seat of the turn order, the games' lengths, and the statistics
//! they are summed up with (win rates' Wilson intervals, think times,
//! means and medians).

use std::time::Duration;

use serde::Serialize;

use super::{ArenaGame, Lineup};
use crate::game::{Move, Play};

/// One opponent's results: side A or B of a two-sided arena, or one
/// opponent of a free-for-all.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpponentResult {
    /// The opponent's name.
    pub ai: String,
    /// Games played (all of them: it sits in every game).
    pub games: u32,
    /// Games won outright: every winner is one of its seats.
    pub wins: u32,
    /// Games lost: none of its seats won.
    pub losses: u32,
    /// Games it shared with other winners.
    pub ties: u32,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95% Wilson confidence interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// The win rate of an opponent no better than the others: the share
    /// of the seats it plays (1/players for one seat).
    pub fair_share: f64,
    /// Moves it chose.
    pub moves: u64,
    /// Mean think time per move, in milliseconds; `None` under a budget
    /// without a time limit, so that the result reproduces exactly.
    pub mean_move_ms: Option<f64>,
    /// Median think time per move, in milliseconds (`None` when untimed).
    pub median_move_ms: Option<f64>,
    /// Longest think time for one move, in milliseconds (`None` when
    /// untimed).
    pub worst_move_ms: Option<f64>,
    times: Vec<Duration>,
}

/// The first opponent's results from one seat of the turn order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatResult {
    /// Its place in the turn order, from 1 (it moved first).
    pub seat: u8,
    /// Games played from this seat.
    pub games: u32,
    /// Games it won outright from it.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games it shared.
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

/// The whole arena's results.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    /// Boards drawn.
    pub boards: u32,
    /// Games played (the boards times the players).
    pub games: u32,
    /// Each opponent's results, in the lineup's order (side A, then side
    /// B).
    pub opponents: Vec<OpponentResult>,
    /// The first opponent's (side A's) results from each seat of the turn
    /// order, the first player's first.
    pub seats: Vec<SeatResult>,
    /// The mean length of the games, in turns.
    pub mean_turns: f64,
    /// Their median length, in turns.
    pub median_turns: f64,
}

/// An arena's results as its games are played.
pub(super) struct Tally {
    players: u8,
    timed: bool,
    opponents: Vec<OpponentResult>,
    seats: Vec<SeatResult>,
    lengths: Vec<u32>,
}

impl Tally {
    /// Nothing played yet, by `lineup` in games of `players` players;
    /// the moves' times kept if `timed`.
    pub(super) fn new(lineup: &Lineup, players: u8, timed: bool) -> Tally {
        let opponents = (lineup.kinds().iter().enumerate())
            .map(|(i, kind)| OpponentResult {
                ai: kind.name().to_string(),
                fair_share: f64::from(lineup.seats_of(i, players)) / f64::from(players),
                ..OpponentResult::default()
            })
            .collect();
        let seats = (1..=players)
            .map(|seat| SeatResult {
                seat,
                fair_share: 1.0 / f64::from(players),
                ..SeatResult::default()
            })
            .collect();
        Tally {
            players,
            timed,
            opponents,
            seats,
            lengths: Vec::new(),
        }
    }

    /// Opponent `i` chose a move in `spent`.
    pub(super) fn moved(&mut self, i: usize, spent: Duration) {
        if let Some(opponent) = self.opponents.get_mut(i) {
            opponent.moves += 1;
            if self.timed {
                opponent.times.push(spent);
            }
        }
    }

    /// A game was played to its end.
    pub(super) fn played(&mut self, game: &ArenaGame) {
        for (i, opponent) in self.opponents.iter_mut().enumerate() {
            count(
                (
                    &mut opponent.games,
                    &mut opponent.wins,
                    &mut opponent.losses,
                    &mut opponent.ties,
                ),
                game.won_alone(i),
                game.won_a_part(i),
            );
        }
        let turns = turns_of(game.moves);
        self.lengths.push(turns);
        // The first opponent's place in the turn order of this game.
        let Some(first) = game.seat_of(0) else {
            return;
        };
        let order = (first.index() + self.players - game.start.player().index()) % self.players;
        if let Some(seat) = self.seats.get_mut(usize::from(order)) {
            seat.turns.push(turns);
            count(
                (
                    &mut seat.games,
                    &mut seat.wins,
                    &mut seat.losses,
                    &mut seat.ties,
                ),
                game.won_alone(0),
                game.won_a_part(0),
            );
        }
    }

    /// The results of the `boards` boards played.
    pub(super) fn finish(mut self, boards: u32) -> ArenaResult {
        for seat in &mut self.seats {
            seat.win_rate = f64::from(seat.wins) / f64::from(seat.games.max(1));
            seat.win_rate_ci95 = wilson_interval(seat.wins, seat.games);
            (seat.mean_turns, seat.median_turns) = mean_and_median(&mut seat.turns);
        }
        let (mean_turns, median_turns) = mean_and_median(&mut self.lengths);
        for opponent in &mut self.opponents {
            opponent.win_rate = f64::from(opponent.wins) / f64::from(opponent.games.max(1));
            opponent.win_rate_ci95 = wilson_interval(opponent.wins, opponent.games);
            if self.timed {
                let (mean, median, worst) = think_times(&mut opponent.times);
                opponent.mean_move_ms = Some(mean);
                opponent.median_move_ms = Some(median);
                opponent.worst_move_ms = Some(worst);
            }
        }
        ArenaResult {
            boards,
            games: boards.saturating_mul(u32::from(self.players)),
            opponents: self.opponents,
            seats: self.seats,
            mean_turns,
            median_turns,
        }
    }
}

/// Counts a game in a tally of games, wins, losses and ties: won `alone`
/// (every winner was its), shared (a `part` of the winners was), or lost.
fn count(
    (games, wins, losses, ties): (&mut u32, &mut u32, &mut u32, &mut u32),
    alone: bool,
    part: bool,
) {
    *games += 1;
    if alone {
        *wins += 1;
    } else if part {
        *ties += 1;
    } else {
        *losses += 1;
    }
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
