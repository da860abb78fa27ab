//! Our computer player for the rule sets with dice: an expectimax over the
//! player's own turn, with exact battle odds, scored at the end of the turn.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::chance_eval::{DECIDED, Weights, odds};
use super::{Analysis, Budget, Clock, Search, SearchConfig, Strategy};
use crate::game::{
    Battle, Board, Cell, MAX_PLAYERS, Move, NoChance, Placement, Player, Position, Rules,
};

/// How the opponents' answer to the end of a turn is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// By the evaluation alone: each cell weighed by the best odds an enemy
    /// neighbour has of taking it.
    Static,
    /// The next player's most harmful attack (for us), chance-weighted, then
    /// the evaluation: a one-attack best reply.
    Next,
    /// The other players' turns played out this many times, each by a
    /// greedy model of a player (the attack with the best odds while they
    /// are at least even, then the end of the turn), the dice drawn from
    /// fixed seeds (the same draws for every line of ours compared); the
    /// evaluation at the start of our next turn, averaged.
    Rollouts(u32),
}

/// Settings of [`Chance`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceConfig {
    /// The most attacks looked ahead within the turn.
    pub max_depth: u32,
    /// How the opponents' answer is judged.
    pub reply: Reply,
    /// Below these odds an attack is not looked at inside the tree (it is
    /// still rated at the root).
    pub min_odds: f64,
    /// The nodes a move may cost when the budget sets neither a node limit
    /// nor a time.
    pub default_nodes: u64,
    /// The odds from which the greedy model of a player in a playout
    /// attacks ([`Reply::Rollouts`]).
    pub greed: f64,
    /// How many of our own next turns a playout goes through (played by
    /// the same greedy model) before it is scored; it stops earlier when
    /// the game ends.
    pub horizon: u32,
    /// How much the greedy model prefers attacking us (added to the odds).
    pub focus: f64,
    /// The evaluation's weights.
    pub weights: Weights,
}

impl Default for ChanceConfig {
    fn default() -> ChanceConfig {
        ChanceConfig {
            max_depth: 8,
            reply: Reply::Rollouts(8),
            min_odds: 0.2,
            default_nodes: 200_000,
            greed: 0.5,
            horizon: 1,
            focus: 0.3,
            weights: Weights::default(),
        }
    }
}

/// Our player for chance: at each move, an expectimax over the rest of
/// its own turn. Each attack is a chance node with its exact odds
/// ([`BattleOdds`](crate::game::BattleOdds)): taken, the target gets the
/// source's dice less one; held, the source keeps one die. Each position of
/// the turn may end it. With the default [`Reply::Rollouts`], ending the
/// turn is scored by playing out the other players' turns a few times
/// (each by a greedy model: the attack with the best odds, leaning on our
/// cells by [`ChanceConfig::focus`], while they are at least
/// [`ChanceConfig::greed`]; then the end of the turn), the dice drawn from
/// fixed seeds so that every line compared meets the same draws, and
/// averaging the score at the start of our next turn: a finished game its
/// share, far above any position, else [`Weights`] (cells, largest group,
/// dice and stock, less each cell weighed by the best odds an enemy
/// neighbour has of taking it, against the strongest other player).
/// [`Reply::Static`] and [`Reply::Next`] score the end of the turn by the
/// weights alone, after the reinforcement (a random placement at its
/// expectation), or after the next player's most harmful attack: both
/// measured weaker (see the README).
///
/// The search deepens one attack at a time within the budget and plays the
/// deepest pass it completed (the first, one attack deep, always
/// completes). A node is a position it scores or expands. With neither a
/// node limit nor a time, it stops at [`ChanceConfig::default_nodes`].
///
/// Under rule sets whose attacks always win (classic, Realm of Racket)
/// there is no chance to weigh: it plays as [`Search`] does.
///
/// ```
/// use dice_of_doom::ai::{Budget, Chance, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
/// let start = Position::start(&rules, "a-5 b-1 / b-5 a-1".parse().unwrap(), Player::A).unwrap();
/// // 5 dice against 1 all but surely wins; against 5, about half the time.
/// let mv = Chance::default().choose(&rules, &start, Budget::nodes(2_000));
/// assert_eq!(mv, Some(Move::Attack { from: 0, to: 1 }));
/// ```
#[derive(Default)]
pub struct Chance {
    config: ChanceConfig,
    /// The search for rule sets without chance, made when first needed.
    sure: Option<Search>,
    /// The nodes and depth of the last search.
    last: (u64, u32),
}

impl Chance {
    /// A player with these settings.
    pub fn new(config: ChanceConfig) -> Chance {
        Chance {
            config,
            sure: None,
            last: (0, 0),
        }
    }

    /// The nodes the last move cost and the depth (in attacks) it completed.
    pub fn last_search(&self) -> (u64, u32) {
        self.last
    }
}

impl Strategy for Chance {
    fn name(&self) -> &'static str {
        "chance"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        if rules.policy().battle == Battle::Sure {
            return self
                .sure
                .get_or_insert_with(|| Search::new(SearchConfig::default()))
                .analyse(rules, position, budget, full);
        }
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        let budget = match budget {
            Budget {
                time: None,
                nodes: None,
            } => Budget::nodes(self.config.default_nodes),
            b => b,
        };
        let mut searcher = Searcher {
            rules,
            config: &self.config,
            me: position.player(),
            nodes: 0,
            clock: Clock::start(budget),
            stopped: false,
            finish: true,
            deeper: false,
            next_look: 256,
        };
        let mut values = Vec::new();
        let mut depth = 0;
        for d in 1..=self.config.max_depth.max(1) {
            let pass: Vec<f64> = menu
                .iter()
                .map(|&mv| searcher.rate_move(position, mv, d - 1, true))
                .collect();
            searcher.finish = false;
            if searcher.stopped {
                break;
            }
            values = pass;
            depth = d;
            if searcher.clock.out_of_nodes(searcher.nodes)
                || searcher.clock.out_of_time()
                || !searcher.deeper
            {
                break;
            }
            searcher.deeper = false;
        }
        self.last = (searcher.nodes, depth);
        Some(Analysis::of_values(menu, &values, 100.0))
    }
}

struct Searcher<'a> {
    rules: &'a Rules,
    config: &'a ChanceConfig,
    me: Player,
    nodes: u64,
    clock: Clock,
    stopped: bool,
    /// The first pass runs whole, whatever the budget.
    finish: bool,
    /// Whether the pass stopped at its depth somewhere (so that a deeper
    /// one would see more).
    deeper: bool,
    /// The node count from which the clock is read next (every 256 nodes:
    /// a playout counts many at once).
    next_look: u64,
}

impl Searcher<'_> {
    /// Counts a node; whether the budget is spent.
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        let time_to_look = self.nodes >= self.next_look;
        if time_to_look {
            self.next_look = self.nodes + 256;
        }
        if !self.finish
            && !self.stopped
            && (self.clock.out_of_nodes(self.nodes) || (time_to_look && self.clock.out_of_time()))
        {
            self.stopped = true;
        }
        self.stopped && !self.finish
    }

    /// The value of a legal move of ours, with `depth` more attacks to look
    /// at after it.
    fn rate_move(&mut self, at: &Position, mv: Move, depth: u32, root: bool) -> f64 {
        match mv {
            Move::Pass => self.end_turn(at),
            Move::Attack { from, to } => {
                let board = at.board();
                let p = odds(
                    board.cell(usize::from(from)).dice(),
                    board.cell(usize::from(to)).dice(),
                );
                if !root && p < self.config.min_odds {
                    return f64::NEG_INFINITY;
                }
                let won = at.resolve(self.rules, mv, true, &mut NoChance);
                let lost = at.resolve(self.rules, mv, false, &mut NoChance);
                let v_won = self.value(&won, depth);
                if p >= 1.0 {
                    return v_won;
                }
                p * v_won + (1.0 - p) * self.value(&lost, depth)
            }
        }
    }

    /// The value of a position in our turn, `depth` attacks more to look at.
    fn value(&mut self, at: &Position, depth: u32) -> f64 {
        if at.is_game_over(self.rules) {
            return self.finished(at);
        }
        // Ending the turn here, whether or not the rules allow it yet.
        let mut best = self.end_turn(at);
        if depth == 0 {
            self.deeper |= at.can_attack(self.rules);
            return best;
        }
        if self.spend() {
            return best;
        }
        let mut moves = Vec::new();
        at.moves_into(self.rules, &mut moves);
        for mv in moves {
            if mv == Move::Pass {
                continue;
            }
            best = best.max(self.rate_move(at, mv, depth - 1, false));
            if self.stopped && !self.finish {
                break;
            }
        }
        best
    }

    /// A finished game's worth to us.
    fn finished(&self, at: &Position) -> f64 {
        let winners = at.winners();
        if winners.contains(self.me) {
            DECIDED / winners.len() as f64
        } else {
            -DECIDED
        }
    }

    /// The value of ending our turn here: the reinforcement placed (its
    /// expectation where it is random), then the evaluation or the next
    /// player's most harmful attack.
    fn end_turn(&mut self, at: &Position) -> f64 {
        if let Reply::Rollouts(k) = self.config.reply {
            return self.rollouts(at, k.max(1));
        }
        self.nodes += 1;
        let rules = self.rules;
        let next = at.resolve(rules, Move::Pass, true, &mut NoChance);
        if next.is_game_over(rules) {
            return self.finished(&next);
        }
        let board = if rules.policy().placement == Placement::Random {
            spread(at.board(), next.board(), self.me, rules.max_dice())
        } else {
            *next.board()
        };
        let mut stocks = [0u8; MAX_PLAYERS as usize];
        for p in Player::all(rules.players()) {
            stocks[usize::from(p.index())] = next.stock(p);
        }
        let now = self.config.weights.score(rules, &board, &stocks, self.me);
        match self.config.reply {
            Reply::Next => self.worst_attack(&board, &stocks, next.player(), now),
            _ => now,
        }
    }

    /// Our mean score at the start of our next turn over `k` playouts of
    /// the other players' turns after we end ours at `at`.
    fn rollouts(&mut self, at: &Position, k: u32) -> f64 {
        let rules = self.rules;
        let mut total = 0.0;
        let mut moves = Vec::new();
        for sample in 0..k {
            let mut rng = ChaCha8Rng::seed_from_u64(ROLLOUT_SEED + u64::from(sample));
            let Ok(played) = at.play_rolled(rules, Move::Pass, &mut rng) else {
                return f64::NEG_INFINITY;
            };
            let mut pos = played.position;
            let mut turns = 0;
            // A bound on the moves of one playout (every attack spends a
            // stack, so turns end long before it).
            for _ in 0..MAX_PLAYOUT {
                self.nodes += 1;
                if pos.is_game_over(rules) {
                    break;
                }
                if pos.player() == self.me && pos.is_first_move() {
                    turns += 1;
                    if turns >= self.config.horizon.max(1) {
                        break;
                    }
                }
                pos.moves_into(rules, &mut moves);
                let mv = greedy(
                    pos.board(),
                    &moves,
                    self.config.greed,
                    self.me,
                    self.config.focus,
                );
                pos = match mv {
                    Move::Attack { from, to } => {
                        let p = odds(
                            pos.board().cell(usize::from(from)).dice(),
                            pos.board().cell(usize::from(to)).dice(),
                        );
                        let won = rng.random::<f64>() < p;
                        pos.resolve(rules, mv, won, &mut NoChance)
                    }
                    Move::Pass => match pos.play_rolled(rules, mv, &mut rng) {
                        Ok(played) => played.position,
                        Err(_) => break,
                    },
                };
            }
            total += if pos.is_game_over(rules) {
                self.finished(&pos)
            } else {
                let mut stocks = [0u8; MAX_PLAYERS as usize];
                for p in Player::all(rules.players()) {
                    stocks[usize::from(p.index())] = pos.stock(p);
                }
                self.config
                    .weights
                    .score(rules, pos.board(), &stocks, self.me)
            };
        }
        total / f64::from(k)
    }

    /// Our score after `by`'s most harmful attack on `board` (or none, worth
    /// `none`), each weighed by its odds.
    fn worst_attack(&mut self, board: &Board, stocks: &[u8], by: Player, none: f64) -> f64 {
        let rules = self.rules;
        let w = &self.config.weights;
        let mut worst = none;
        for from in board.owned_by(by) {
            let source = board.cell(from);
            if source.dice() < 2 {
                continue;
            }
            for &to in rules.map().neighbours(from) {
                let to = usize::from(to);
                let target = board.cell(to);
                if target.owner() == by {
                    continue;
                }
                let p = odds(source.dice(), target.dice());
                if p < 0.5 {
                    continue;
                }
                self.nodes += 1;
                let mut won = *board;
                won.set(from, Cell::new(by, 1));
                won.set(to, Cell::new(by, source.dice() - 1));
                let mut lost = *board;
                lost.set(from, Cell::new(by, 1));
                let v = p * w.score(rules, &won, stocks, self.me)
                    + (1.0 - p) * w.score(rules, &lost, stocks, self.me);
                worst = worst.min(v);
            }
        }
        worst
    }
}

/// The seed of the first playout's dice.
const ROLLOUT_SEED: u64 = 0x5eed_d1ce;

/// The most moves of one playout.
const MAX_PLAYOUT: usize = 2_000;

/// The greedy model of a player in a playout: of `moves`, the attack with
/// the best odds if they are at least even (or if the turn must open with
/// an attack), else the end of the turn.
fn greedy(board: &Board, moves: &[Move], greed: f64, me: Player, focus: f64) -> Move {
    let mut best = (f64::NEG_INFINITY, Move::Pass);
    let mut can_pass = false;
    for &mv in moves {
        match mv {
            Move::Pass => can_pass = true,
            Move::Attack { from, to } => {
                let (s, t) = (board.cell(usize::from(from)), board.cell(usize::from(to)));
                let mut p = odds(s.dice(), t.dice()) + 0.01 * f64::from(t.dice());
                if t.owner() == me {
                    p += focus;
                }
                if p > best.0 {
                    best = (p, mv);
                }
            }
        }
    }
    if best.0 >= greed || !can_pass {
        best.1
    } else {
        Move::Pass
    }
}

/// The board after a random placement, at its expectation: the dice that
/// `placed` added to `me`'s cells spread over her cells of `before` with
/// room, one each in index order, round after round.
fn spread(before: &Board, placed: &Board, me: Player, max: u8) -> Board {
    let mine = |b: &Board| -> u32 {
        b.owned_by(me)
            .map(|i| u32::from(b.cell(i).dice()))
            .sum::<u32>()
    };
    let mut dice = mine(placed).saturating_sub(mine(before));
    let mut board = *before;
    while dice > 0 {
        let mut any = false;
        for i in 0..board.len() {
            let cell = board.cell(i);
            if dice > 0 && cell.owner() == me && cell.dice() < max {
                board.set(i, Cell::new(me, cell.dice() + 1));
                dice -= 1;
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    board
}

#[cfg(test)]
mod tests;
