//! Our computer player for the rule sets with dice (`--ai chance`, the
//! [`Chance`] opponent): an expectimax over the
//! player's own turn, with exact battle odds, scored at the end of the turn.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod eval;
mod model;
mod reply;

pub use eval::Weights;
pub use model::Model;
pub use reply::Reply;

use super::learned::{self, Net};
use super::{Analysis, Budget, Clock, Search, SearchConfig, Strategy};
use crate::game::{Battle, MAX_PLAYERS, Move, NoChance, Player, Position, Rules};
use eval::DECIDED;
pub(crate) use eval::odds;

/// Settings of [`Chance`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceConfig {
    /// The most attacks looked ahead within the turn.
    pub max_depth: u32,
    /// How many times the other players' turns are played out after each
    /// end of our turn.
    pub playouts: u32,
    /// Below these odds an attack is not looked at inside the tree (it is
    /// still rated at the root).
    pub min_odds: f64,
    /// The nodes a move may cost when the budget sets neither a node limit
    /// nor a time.
    pub default_nodes: u64,
    /// The model of the other players in the playouts; `None` for the
    /// rule set's ([`Model::for_rules`]).
    pub model: Option<Model>,
    /// The evaluation's weights.
    pub weights: Weights,
    /// What scores the end of a playout that did not end the game.
    pub leaf: PlayoutScore,
    /// In a two-player game, the other player's first attack of her reply
    /// chosen as the worst for us ([`Reply`]); `None`: every attack by the
    /// model. Ignored with more players.
    pub reply: Option<Reply>,
}

/// What scores the end of a playout of [`Chance`] that did not end the
/// game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayoutScore {
    /// The hand-written evaluation, [`ChanceConfig::weights`].
    Weights,
    /// The rule set's learned model ([`crate::ai::learned::model`]), its
    /// chance `p` of our winning scored `1000 (2 p - 1)`, on the scale of a
    /// finished game; the weights where the rule set has none.
    Learned,
    /// The same with this model (for the trainer's experiments).
    Model(&'static Net),
}

impl Default for ChanceConfig {
    fn default() -> ChanceConfig {
        ChanceConfig {
            max_depth: 8,
            playouts: 8,
            min_odds: 0.2,
            default_nodes: 200_000,
            model: None,
            weights: Weights::default(),
            leaf: PlayoutScore::Weights,
            reply: None,
        }
    }
}

/// Our player for chance: at each move, an expectimax over the rest of
/// its own turn. Each attack is a chance node with its exact odds
/// ([`BattleOdds`](crate::game::BattleOdds)): taken, the target gets the
/// source's dice less one; held, the source keeps one die. Each position of
/// the turn may end it. Ending the turn is scored by playing out the
/// other players' turns [`ChanceConfig::playouts`] times, each player moved
/// by a [`Model`] of a sensible player, the dice drawn from fixed seeds so
/// that every line compared meets the same draws, and averaging the score
/// at the start of our next turn: a finished game its share, far above any
/// position, else [`Weights`] (cells, largest group, dice and stock, less
/// each cell weighed by the best odds an enemy neighbour has of taking it,
/// against the strongest other player).
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

    /// The value of ending our turn at `at`: our mean score at the start of
    /// our next turn over the playouts of the other players' turns (or,
    /// with [`ChanceConfig::reply`] in a two-player game, the reply that
    /// is worst for us).
    fn end_turn(&mut self, at: &Position) -> f64 {
        if let Some(reply) = self.config.reply
            && self.rules.players() == 2
        {
            return self.end_turn_replied(at, reply);
        }
        let k = self.config.playouts.max(1);
        let mut total = 0.0;
        for sample in 0..k {
            let mut rng = ChaCha8Rng::seed_from_u64(ROLLOUT_SEED + u64::from(sample));
            let Ok(played) = at.play_rolled(self.rules, Move::Pass, &mut rng) else {
                return f64::NEG_INFINITY;
            };
            total += self.playout(played.position, &mut rng);
        }
        total / f64::from(k)
    }

    /// Plays the other players' turns from `pos` by the model, the dice
    /// drawn from `rng`, up to the start of our next turn (or the game's
    /// end), and scores where it stops.
    fn playout(&mut self, mut pos: Position, rng: &mut ChaCha8Rng) -> f64 {
        let rules = self.rules;
        let model = self.config.model.unwrap_or_else(|| Model::for_rules(rules));
        let mut moves = Vec::new();
        // A bound on the moves of one playout (every attack spends a
        // stack, so turns end long before it).
        for _ in 0..MAX_PLAYOUT {
            self.nodes += 1;
            if pos.is_game_over(rules) {
                break;
            }
            if pos.player() == self.me {
                break;
            }
            pos.moves_into(rules, &mut moves);
            let mv = model.choose(rules, pos.board(), &moves, self.me);
            pos = match mv {
                Move::Attack { from, to } => {
                    let p = odds(
                        pos.board().cell(usize::from(from)).dice(),
                        pos.board().cell(usize::from(to)).dice(),
                    );
                    let won = rng.random::<f64>() < p;
                    pos.resolve(rules, mv, won, &mut NoChance)
                }
                Move::Pass => match pos.play_rolled(rules, mv, rng) {
                    Ok(played) => played.position,
                    Err(_) => break,
                },
            };
        }
        self.score(&pos)
    }

    /// Our score where a playout stops: a finished game's worth, else the
    /// configured leaf.
    fn score(&self, pos: &Position) -> f64 {
        let rules = self.rules;
        let net = match self.config.leaf {
            _ if pos.is_game_over(rules) => None,
            PlayoutScore::Weights => None,
            PlayoutScore::Learned => learned::model(rules.set()),
            PlayoutScore::Model(net) => Some(net),
        };
        let learned = net.map(|net| net.chances(&learned::features(rules, pos)));
        if let Some(p) = learned {
            let mine = p[usize::from(self.me.index()) % p.len()];
            DECIDED * (2.0 * f64::from(mine) - 1.0)
        } else if pos.is_game_over(rules) {
            self.finished(pos)
        } else {
            let mut stocks = [0u8; MAX_PLAYERS as usize];
            for p in Player::all(rules.players()) {
                stocks[usize::from(p.index())] = pos.stock(p);
            }
            self.config
                .weights
                .score(rules, pos.board(), &stocks, self.me)
        }
    }
}

/// The seed of the first playout's dice.
const ROLLOUT_SEED: u64 = 0x5eed_d1ce;

/// The most moves of one playout.
const MAX_PLAYOUT: usize = 2_000;

#[cfg(test)]
#[path = "expectimax_tests.rs"]
mod tests;
