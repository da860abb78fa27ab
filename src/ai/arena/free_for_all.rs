//! A free-for-all: several different opponents, one a seat, on the
//! arena's seeded boards. Each board is played once for every rotation of
//! the seats, so that every opponent plays it from every seat and none
//! keeps the first one; the tallies of each opponent and the confidence
//! interval of its win rate.

use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::{
    ArenaError, mean_and_median, play_game, player_seed, think_times, turns_of, wilson_interval,
};
use crate::ai::{AiKind, Budget, Strategy};
use crate::game::{Board, DealError, Play, Player, PlayerSet, Position, Rules, deal_start};

/// Why a free-for-all cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FreeForAllError {
    /// The opponents do not fill the players' seats exactly.
    #[error("{given} opponents named for {players} players: name one for each player")]
    Count {
        /// Opponents named.
        given: usize,
        /// Players of the rules.
        players: u8,
    },
    /// An opponent is named twice.
    #[error("{0} is named twice: each opponent plays one seat")]
    Twice(&'static str),
    /// The rule set cannot deal a start.
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// One opponent's results in a free-for-all.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AiResult {
    /// The opponent's name.
    pub ai: String,
    /// Games played (all of them: it sits in every game).
    pub games: u32,
    /// Games it won alone.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games it shared with other winners.
    pub ties: u32,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95% Wilson confidence interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// The win rate of an opponent no better than the others: 1/players.
    pub fair_share: f64,
    /// Moves it chose.
    pub moves: u64,
    /// Mean think time per move, in milliseconds (`None` when untimed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_move_ms: Option<f64>,
    /// Median think time per move, in milliseconds (`None` when untimed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub median_move_ms: Option<f64>,
    /// Longest think time for one move, in milliseconds (`None` when
    /// untimed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst_move_ms: Option<f64>,
    #[serde(skip)]
    times: Vec<Duration>,
}

/// The whole free-for-all's results.
#[derive(Clone, Debug, PartialEq)]
pub struct FreeForAllResult {
    /// Boards drawn.
    pub boards: u32,
    /// Games played (the boards times the players).
    pub games: u32,
    /// Each opponent's results, in the order they were named.
    pub ais: Vec<AiResult>,
    /// The mean length of the games, in turns.
    pub mean_turns: f64,
    /// Their median length, in turns.
    pub median_turns: f64,
}

/// One game of a free-for-all, as [`FreeForAll::run`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct FreeForAllGame<'a> {
    /// The board's number, from 0.
    pub board: usize,
    /// The rotation of the seats, from 0: player `a` is played by the
    /// opponent named at this place.
    pub rotation: usize,
    /// The opponent of each player, `a` first.
    pub seats: &'a [AiKind],
    /// The starting position.
    pub start: Position,
    /// The moves played, in order, with their rolls and placements.
    pub moves: &'a [Play],
    /// The winners.
    pub winners: PlayerSet,
}

/// A free-for-all: the seeded boards, drawn when it is made, and one
/// opponent for each player.
///
/// ```
/// use dice_of_doom::ai::arena::free_for_all::FreeForAll;
/// use dice_of_doom::ai::{AiKind, Budget};
/// use dice_of_doom::game::Rules;
/// let rules = Rules::classic(3, 3, 3).unwrap();
/// let kinds = vec![AiKind::Greedy, AiKind::Random, AiKind::Lol];
/// let ffa = FreeForAll::new(rules, kinds, 2, 1, Budget::nodes(100)).unwrap();
/// assert_eq!(ffa.games(), 6);
/// let result = ffa.run(|_| {}).unwrap();
/// assert!(result.ais.iter().all(|ai| ai.games == 6));
/// ```
#[derive(Clone, Debug)]
pub struct FreeForAll {
    rules: Rules,
    kinds: Vec<AiKind>,
    boards: Vec<Board>,
    seed: u64,
    budget: Budget,
    timed: bool,
}

impl FreeForAll {
    /// `boards` starts the rule set deals on the rules' map, drawn from
    /// `seed` (the same as an [`Arena`](super::Arena)'s of that seed),
    /// played by `kinds`, one for each player, each thinking within
    /// `budget` per move.
    ///
    /// # Errors
    /// `kinds` does not name one opponent a player, names one twice, or
    /// the rule set cannot deal a start.
    pub fn new(
        rules: Rules,
        kinds: Vec<AiKind>,
        boards: u32,
        seed: u64,
        budget: Budget,
    ) -> Result<FreeForAll, FreeForAllError> {
        if kinds.len() != usize::from(rules.players()) {
            return Err(FreeForAllError::Count {
                given: kinds.len(),
                players: rules.players(),
            });
        }
        for (i, kind) in kinds.iter().enumerate() {
            if kinds[..i].contains(kind) {
                return Err(FreeForAllError::Twice(kind.name()));
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let boards = (0..boards)
            .map(|_| deal_start(&rules, Player::A, &mut rng).map(|start| *start.board()))
            .collect::<Result<_, _>>()?;
        Ok(FreeForAll {
            rules,
            kinds,
            boards,
            seed,
            budget,
            timed: budget.time.is_some(),
        })
    }

    /// The same free-for-all, timing the moves (or not): by default only
    /// under a budget with a time limit.
    pub fn timed(mut self, timed: bool) -> FreeForAll {
        self.timed = timed;
        self
    }

    /// The games it plays: one a board for each rotation of the seats.
    pub fn games(&self) -> u64 {
        self.boards.len() as u64 * u64::from(self.rules.players())
    }

    /// The rules of its games.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The opponents, in the order named.
    pub fn kinds(&self) -> &[AiKind] {
        &self.kinds
    }

    /// The opponent of player `p` in rotation `k`: the one named
    /// `(p + k) mod players`-th.
    fn seat_of(&self, p: Player, k: usize) -> usize {
        (usize::from(p.index()) + k) % self.kinds.len()
    }

    /// Plays every board once for each rotation of the seats (in rotation
    /// `k`, player `a` is the opponent named `k`-th, `b` the next, and so
    /// on round), calling `on_game` after each game. Under a node budget
    /// the result is the same on every run and machine.
    ///
    /// # Errors
    /// A board cannot start, or an opponent found no legal move.
    pub fn run(
        &self,
        mut on_game: impl FnMut(&FreeForAllGame),
    ) -> Result<FreeForAllResult, ArenaError> {
        let rules = &self.rules;
        let players = rules.players();
        let mut ais: Vec<AiResult> = self
            .kinds
            .iter()
            .map(|k| AiResult {
                ai: k.name().to_string(),
                fair_share: 1.0 / f64::from(players),
                ..AiResult::default()
            })
            .collect();
        let mut lengths = Vec::with_capacity(self.boards.len() * usize::from(players));
        for (g, board) in self.boards.iter().enumerate() {
            let start = Position::start(rules, *board, Player::A)?;
            for k in 0..usize::from(players) {
                let mut seats: Vec<Box<dyn Strategy>> = Player::all(players)
                    .map(|p| {
                        let named = self.seat_of(p, k) as u64;
                        let seed = player_seed(self.seed, g, named, k as u64);
                        self.kinds[self.seat_of(p, k)].build(seed)
                    })
                    .collect();
                let kinds: Vec<AiKind> = Player::all(players)
                    .map(|p| self.kinds[self.seat_of(p, k)])
                    .collect();
                let mut moves = Vec::new();
                let mut dice = ChaCha8Rng::seed_from_u64(self.seed);
                dice.set_stream(1 + u64::from(players) * g as u64 + k as u64);
                let timed = self.timed;
                let winners = play_game(
                    rules,
                    start,
                    &mut seats,
                    self.budget,
                    &mut dice,
                    |p, mv, t| {
                        moves.push(mv);
                        let ai = &mut ais[self.seat_of(p, k)];
                        ai.moves += 1;
                        if timed {
                            ai.times.push(t);
                        }
                    },
                )?;
                for p in Player::all(players) {
                    let ai = &mut ais[self.seat_of(p, k)];
                    ai.games += 1;
                    if !winners.contains(p) {
                        ai.losses += 1;
                    } else if winners == PlayerSet::single(p) {
                        ai.wins += 1;
                    } else {
                        ai.ties += 1;
                    }
                }
                lengths.push(turns_of(&moves));
                on_game(&FreeForAllGame {
                    board: g,
                    rotation: k,
                    seats: &kinds,
                    start,
                    moves: &moves,
                    winners,
                });
            }
        }
        for ai in &mut ais {
            ai.win_rate = f64::from(ai.wins) / f64::from(ai.games.max(1));
            ai.win_rate_ci95 = wilson_interval(ai.wins, ai.games);
            if self.timed {
                let (mean, median, worst) = think_times(&mut ai.times);
                ai.mean_move_ms = Some(mean);
                ai.median_move_ms = Some(median);
                ai.worst_move_ms = Some(worst);
            }
        }
        let (mean_turns, median_turns) = mean_and_median(&mut lengths);
        let boards = u32::try_from(self.boards.len()).unwrap_or(u32::MAX);
        Ok(FreeForAllResult {
            boards,
            games: boards.saturating_mul(u32::from(players)),
            ais,
            mean_turns,
            median_turns,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, RuleSet};

    fn lol4(players: usize) -> Rules {
        Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), players, 5).unwrap()
    }

    #[test]
    fn every_opponent_plays_every_seat_of_every_board() {
        let kinds = vec![AiKind::Greedy, AiKind::Random, AiKind::Lol4];
        let ffa = FreeForAll::new(lol4(3), kinds.clone(), 2, 7, Budget::nodes(50)).unwrap();
        let mut seen = Vec::new();
        let result = ffa
            .run(|game| seen.push((game.board, game.seats.to_vec(), game.winners)))
            .unwrap();
        assert_eq!(seen.len(), 6);
        for board in 0..2 {
            let games: Vec<_> = seen.iter().filter(|s| s.0 == board).collect();
            for (i, kind) in kinds.iter().enumerate() {
                // Opponent i sits at each seat once on each board.
                let mut at: Vec<usize> = games
                    .iter()
                    .map(|g| g.1.iter().position(|k| k == kind).unwrap())
                    .collect();
                at.sort_unstable();
                assert_eq!(at, vec![0, 1, 2], "{i}");
            }
        }
        for ai in &result.ais {
            assert_eq!(ai.games, 6);
            assert_eq!(ai.wins + ai.losses + ai.ties, 6);
            assert!(ai.win_rate_ci95.0 <= ai.win_rate && ai.win_rate <= ai.win_rate_ci95.1);
        }
        // Each game has a winner: the wins and the games shared add up.
        let sole: u32 = result.ais.iter().map(|a| a.wins).sum();
        let alone = seen.iter().filter(|s| s.2.len() == 1).count();
        assert_eq!(sole as usize, alone);
    }

    #[test]
    fn a_node_budget_reproduces_the_free_for_all() {
        let kinds = vec![AiKind::Chance, AiKind::Lol4, AiKind::Random, AiKind::Greedy];
        let run = || {
            FreeForAll::new(lol4(4), kinds.clone(), 2, 3, Budget::nodes(300))
                .unwrap()
                .run(|_| {})
                .unwrap()
        };
        let first = run();
        assert_eq!(run(), first);
        assert!(first.ais.iter().all(|a| a.mean_move_ms.is_none()));
    }

    #[test]
    fn the_opponents_must_fill_the_seats_once_each() {
        let rules = lol4(3);
        let budget = Budget::nodes(10);
        let two = FreeForAll::new(
            rules.clone(),
            vec![AiKind::Greedy, AiKind::Lol4],
            1,
            1,
            budget,
        );
        assert_eq!(
            two.err(),
            Some(FreeForAllError::Count {
                given: 2,
                players: 3
            })
        );
        let twice = vec![AiKind::Greedy, AiKind::Lol4, AiKind::Greedy];
        let err = FreeForAll::new(rules, twice, 1, 1, budget).err();
        assert_eq!(err, Some(FreeForAllError::Twice("greedy")));
    }
}
