//! Computer opponents play each other on seeded random boards, seated
//! by a [`Lineup`]: two sides (side A in one seat, side B in every other)
//! or a free-for-all (one opponent a seat, all different). Each board is
//! played once for each round of the seats: side A's seat goes round the
//! table, or the free-for-all's seats turn by one; with two players, two
//! sides are a free-for-all of two seats, sides swapped. The tallies of
//! each opponent, the confidence interval of its win rate, and the first
//! opponent's from each seat of the turn order are in [`ArenaResult`].

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{AiKind, Budget, Strategy};
use crate::game::Play;
use crate::game::{
    Board, DealError, IllegalMove, Move, Player, PlayerSet, Position, PositionError, Rules,
    deal_start,
};

mod results;

use results::Tally;
pub use results::{ArenaResult, OpponentResult, SeatResult, turns_of, wilson_interval};

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

/// Why an arena cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    /// A free-for-all's opponents do not fill the players' seats exactly.
    #[error("{given} opponents named for {players} players: name one for each player")]
    Count {
        /// Opponents named.
        given: usize,
        /// Players of the rules.
        players: u8,
    },
    /// A free-for-all's opponent is named twice.
    #[error("{0} is named twice: each opponent plays one seat")]
    Twice(&'static str),
    /// The rule set cannot deal a start.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// An opponent cannot play the rule set's games ([`AiKind::fit`]).
    #[error(transparent)]
    Unfit(#[from] super::Unfit),
}

/// Who plays which seat of an arena's games, round after round of each
/// board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lineup {
    /// Two sides: side A (the first) plays one seat, side B every other;
    /// in round `k` side A plays the `k`-th player (with two players: side
    /// A moves first, then side B).
    Sides([AiKind; 2]),
    /// A free-for-all: one opponent for each player, all different; in
    /// round `k` player `a` is the opponent named `k`-th, `b` the next,
    /// and so on round the table.
    FreeForAll(Vec<AiKind>),
}

impl From<[AiKind; 2]> for Lineup {
    fn from(kinds: [AiKind; 2]) -> Lineup {
        Lineup::Sides(kinds)
    }
}

impl Lineup {
    /// The opponents, in the order named (side A's, then side B's).
    pub fn kinds(&self) -> &[AiKind] {
        match self {
            Lineup::Sides(kinds) => kinds,
            Lineup::FreeForAll(kinds) => kinds,
        }
    }

    /// The opponent (its place in [`Lineup::kinds`]) of player `p` in
    /// round `round`.
    pub fn opponent_of(&self, p: Player, round: usize) -> usize {
        let p = usize::from(p.index());
        match self {
            Lineup::Sides(_) => usize::from(p != round),
            Lineup::FreeForAll(kinds) => (p + round) % kinds.len().max(1),
        }
    }

    /// The seats opponent `i` plays in each game of `players` players.
    fn seats_of(&self, i: usize, players: u8) -> u8 {
        match self {
            Lineup::Sides(_) if i > 0 => players.saturating_sub(1),
            _ => 1,
        }
    }

    /// The place that seeds player `p`'s opponent in round `round` (see
    /// [`player_seed`]): the player's for two sides, the opponent's for a
    /// free-for-all, as each was first written, so that a seed plays the
    /// same games as it always did.
    fn seed_place(&self, p: Player, round: usize) -> u64 {
        match self {
            Lineup::Sides(_) => u64::from(p.index()),
            Lineup::FreeForAll(_) => self.opponent_of(p, round) as u64,
        }
    }

    /// Checks that a free-for-all fills the seats of `players` players,
    /// one opponent each.
    fn check(&self, players: u8) -> Result<(), LineupError> {
        let Lineup::FreeForAll(kinds) = self else {
            return Ok(());
        };
        if kinds.len() != usize::from(players) {
            return Err(LineupError::Count {
                given: kinds.len(),
                players,
            });
        }
        for (i, kind) in kinds.iter().enumerate() {
            if kinds[..i].contains(kind) {
                return Err(LineupError::Twice(kind.name()));
            }
        }
        Ok(())
    }
}

/// One game of an arena, as [`Arena::run`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct ArenaGame<'a> {
    /// The board's number in the arena, from 0.
    pub board: usize,
    /// The round of the seats, from 0 (see [`Lineup`]).
    pub round: usize,
    /// The opponent of each player, `a` first.
    pub seats: &'a [AiKind],
    /// The place in the lineup of each player's opponent, `a` first.
    pub opponents: &'a [usize],
    /// The starting position.
    pub start: Position,
    /// The moves played, in order, with their rolls and placements.
    pub moves: &'a [Play],
    /// The winners.
    pub winners: PlayerSet,
}

impl ArenaGame<'_> {
    /// The first seat opponent `i` (its place in the lineup) played.
    pub fn seat_of(&self, i: usize) -> Option<Player> {
        let players = u8::try_from(self.opponents.len()).unwrap_or(u8::MAX);
        Player::all(players).find(|p| self.opponent_of(*p) == Some(i))
    }

    /// The opponent (its place in the lineup) that won alone: every
    /// winner was one of its seats.
    pub fn winner(&self) -> Option<usize> {
        (0..self.opponents.len()).find(|&i| self.won_alone(i))
    }

    /// Whether opponent `i` won alone.
    pub fn won_alone(&self, i: usize) -> bool {
        !self.winners.is_empty() && self.winners.iter().all(|p| self.opponent_of(p) == Some(i))
    }

    /// Whether a winner was one of opponent `i`'s seats.
    pub fn won_a_part(&self, i: usize) -> bool {
        self.winners.iter().any(|p| self.opponent_of(p) == Some(i))
    }

    fn opponent_of(&self, p: Player) -> Option<usize> {
        self.opponents.get(usize::from(p.index())).copied()
    }
}

/// An arena: the seeded boards, drawn when it is made, and the lineup of
/// opponents that will play them.
///
/// ```
/// use dice_of_doom::ai::arena::{Arena, Lineup};
/// use dice_of_doom::ai::{AiKind, Budget};
/// use dice_of_doom::game::Rules;
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let arena = Arena::new(rules, [AiKind::Greedy, AiKind::Random], 3, 1, Budget::nodes(100)).unwrap();
/// assert_eq!(arena.games(), 6);
/// let result = arena.run(|_| {}).unwrap();
/// let [a, b] = &result.opponents[..] else { panic!("two sides") };
/// assert_eq!((a.wins, a.losses, a.ties), (b.losses, b.wins, b.ties));
///
/// let rules = Rules::classic(3, 3, 3).unwrap();
/// let kinds = vec![AiKind::Greedy, AiKind::Random, AiKind::Lol];
/// let ffa = Arena::new(rules, Lineup::FreeForAll(kinds), 2, 1, Budget::nodes(100)).unwrap();
/// assert_eq!(ffa.games(), 6);
/// let result = ffa.run(|_| {}).unwrap();
/// assert!(result.opponents.iter().all(|ai| ai.games == 6));
/// ```
#[derive(Clone, Debug)]
pub struct Arena {
    rules: Rules,
    lineup: Lineup,
    boards: Vec<Board>,
    seed: u64,
    budget: Budget,
    timed: bool,
    equal_time: bool,
}

impl Arena {
    /// `boards` starts the rule set deals on the rules' map
    /// ([`deal_start`]), drawn from `seed` (which also seeds the random
    /// opponents), played by `lineup` (two sides: `[a, b]`), each thinking
    /// within `budget` per move.
    ///
    /// # Errors
    /// A free-for-all does not name one opponent a player, or names one
    /// twice; an opponent cannot play the rule set's games; or the rule
    /// set cannot deal a start.
    pub fn new(
        rules: Rules,
        lineup: impl Into<Lineup>,
        boards: u32,
        seed: u64,
        budget: Budget,
    ) -> Result<Arena, LineupError> {
        let lineup = lineup.into();
        lineup.check(rules.players())?;
        for kind in lineup.kinds() {
            kind.fit(rules.set())?;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let boards = (0..boards)
            .map(|_| deal_start(&rules, Player::A, &mut rng).map(|start| *start.board()))
            .collect::<Result<_, _>>()?;
        Ok(Arena {
            rules,
            lineup,
            boards,
            seed,
            budget,
            timed: budget.time.is_some(),
            equal_time: false,
        })
    }

    /// The same arena with its budget read as `chance`'s, each opponent
    /// given as long a think in its own nodes ([`AiKind::budget_for`]:
    /// `mcts` half as many), as the strength levels of a game do; or (by
    /// default) every opponent given the budget as it is.
    pub fn equal_time(mut self, equal_time: bool) -> Arena {
        self.equal_time = equal_time;
        self
    }

    /// The budget opponent `kind` gets a move out of `budget`: its own
    /// share under [`Arena::equal_time`], `budget` otherwise.
    pub fn budget_of(&self, kind: AiKind, budget: Budget) -> Budget {
        match self.equal_time {
            true => kind.budget_for(budget),
            false => budget,
        }
    }

    /// The same arena, timing the moves (or not): by default only under a
    /// budget with a time limit, since timings differ from run to run.
    pub fn timed(mut self, timed: bool) -> Arena {
        self.timed = timed;
        self
    }

    /// The games the arena plays: one a board for each round of the seats.
    pub fn games(&self) -> u64 {
        self.boards.len() as u64 * u64::from(self.rules.players())
    }

    /// The rules of its games.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Who plays.
    pub fn lineup(&self) -> &Lineup {
        &self.lineup
    }

    /// The boards drawn.
    pub fn boards(&self) -> usize {
        self.boards.len()
    }

    /// Plays every board once for each round of the seats (see
    /// [`Lineup`]); calls `on_game` after each game with the game.
    /// Under a budget without a time limit (nodes only) the result is the
    /// same on every run and machine: no move depends on the clock, and the
    /// think times are left out.
    ///
    /// # Errors
    /// A board cannot start, or an opponent found no legal move.
    pub fn run(&self, mut on_game: impl FnMut(&ArenaGame)) -> Result<ArenaResult, ArenaError> {
        let rules = &self.rules;
        let players = rules.players();
        let lineup = &self.lineup;
        let mut tally = Tally::new(lineup, players, self.timed);
        for (g, board) in self.boards.iter().enumerate() {
            let start = Position::start(rules, *board, Player::A)?;
            for round in 0..usize::from(players) {
                let k = round as u64;
                let opponents: Vec<usize> = Player::all(players)
                    .map(|p| lineup.opponent_of(p, round))
                    .collect();
                let kinds: Vec<AiKind> = opponents.iter().map(|&i| lineup.kinds()[i]).collect();
                let mut seats: Vec<Box<dyn Strategy>> = Player::all(players)
                    .zip(&kinds)
                    .map(|(p, &kind)| {
                        let seat =
                            kind.build(player_seed(self.seed, g, lineup.seed_place(p, round), k));
                        match self.budget_of(kind, self.budget) == self.budget {
                            true => seat,
                            false => Box::new(Scaled { kind, seat }) as Box<dyn Strategy>,
                        }
                    })
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
                        if let Some(&i) = opponents.get(usize::from(p.index())) {
                            tally.moved(i, t);
                        }
                    },
                )?;
                let game = ArenaGame {
                    board: g,
                    round,
                    seats: &kinds,
                    opponents: &opponents,
                    start,
                    moves: &moves,
                    winners,
                };
                tally.played(&game);
                on_game(&game);
            }
        }
        let boards = u32::try_from(self.boards.len()).unwrap_or(u32::MAX);
        Ok(tally.finish(boards))
    }
}

/// An opponent that thinks within its own share of the budget it is
/// given ([`AiKind::budget_for`]): [`Arena::equal_time`]'s seats.
struct Scaled {
    kind: AiKind,
    seat: Box<dyn Strategy>,
}

impl Strategy for Scaled {
    fn name(&self) -> &'static str {
        self.seat.name()
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<super::Analysis> {
        (self.seat).analyse(rules, position, self.kind.budget_for(budget), full)
    }

    fn choose(&mut self, rules: &Rules, position: &Position, budget: Budget) -> Option<Move> {
        (self.seat).choose(rules, position, self.kind.budget_for(budget))
    }
}

/// The seed of the opponent at `place` (a player's index, or the index
/// of the opponent named there) in the game of board `board` played in
/// round `round`, from the arena's `seed`: public so that tools replaying
/// the arena's games (the `learned_arena` and `duel_arena` examples) seed
/// their opponents as it does.
pub fn player_seed(seed: u64, board: usize, place: u64, round: u64) -> u64 {
    seed.wrapping_mul(1_000_003)
        .wrapping_add((board as u64) << 8 | place << 1)
        .wrapping_add(round)
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

#[cfg(test)]
#[path = "arena_tests.rs"]
mod tests;
