//! `mcts`: open-loop Monte Carlo tree search over whole rounds, every
//! player's turns included ([`Mcts`]).

mod leaf;
mod rollout;
mod root;
mod select;
mod tree;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use leaf::{Leaf, LearnedLeaf, SoftmaxLeaf, Values};
pub use root::RootSearch;

use super::{Analysis, Budget, Clock, Model, RatedMove, Rating, Strategy};
use crate::game::{Move, Position, Rules};
use rollout::{Horizon, Walk};
use select::{Chooser, Scratch, Selection};
use tree::{NONE, Step, Tree};

/// Settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// How far a simulation looks, in rounds: a round is a turn for each
    /// player in the game at the root, so 1 stops at the start of the
    /// mover's next turn.
    pub rounds: u32,
    /// The horizon in turns instead of rounds, where set: 1 stops when
    /// the mover's turn ends (her reinforcement placed), 2 after the next
    /// player's, and so on.
    pub turns: Option<u32>,
    /// How many turns from the root the tree covers, where set: past them
    /// a simulation plays on by the rollout model (1: the tree searches the
    /// mover's own turn alone, the other players' turns played by the
    /// model); `None` for the whole horizon.
    pub tree_turns: Option<u32>,
    /// Common random numbers: where above 0, simulation `k` draws its dice
    /// and placements from stream `k % crn` of the search's generator, so
    /// that the root's moves meet the same draws; 0 for one stream.
    pub crn: u32,
    /// The weight of exploration in the choice at a node (PUCT's `c`); see
    /// [`MctsConfig::scale_exploration`].
    pub exploration: f32,
    /// Whether `exploration` is the weight of a two-player game, scaled by
    /// 2 / n with n players in the game at the root: a player's value is
    /// about 1 / n, so the weight keeps its balance against the values'
    /// differences (0.29 of it with Dice Wars' 7 players).
    pub scale_exploration: bool,
    /// The softmax temperature of the moves' priors, in units of the
    /// rollout model's rating (an attack's odds of taking its target).
    pub prior_temperature: f32,
    /// Whether a node's mean values are rescaled to its range (its worst
    /// tried move 0, its best 1) before exploration is weighed in, so that
    /// `exploration` means the same whatever the values' scale.
    pub normalize: bool,
    /// The nodes a move may cost when the budget sets neither a node limit
    /// nor a time.
    pub default_nodes: u64,
    /// The most nodes of the tree (decisions).
    pub max_tree_nodes: usize,
    /// The most edges of the tree (moves offered at its nodes): with
    /// [`MctsConfig::max_tree_nodes`], the bound on its memory.
    pub max_tree_edges: usize,
    /// The rollout policy, and the source of the moves' priors; `None`
    /// for the rule set's ([`Model::for_rules`]).
    pub model: Option<Model>,
    /// `chance`'s turn search at the root, its ratings the root's priors
    /// ([`RootSearch`]); `None` (the default) for the rollout model's.
    pub root: Option<RootSearch>,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            rounds: 1,
            turns: None,
            tree_turns: None,
            crn: 0,
            exploration: 1.0,
            scale_exploration: false,
            prior_temperature: 0.3,
            normalize: false,
            default_nodes: 200_000,
            max_tree_nodes: 1 << 15,
            max_tree_edges: 1 << 16,
            model: None,
            root: None,
        }
    }
}

/// Open-loop Monte Carlo tree search over whole rounds: every player's
/// turns, each a sequence of attacks and then the end of the turn.
///
/// Each simulation starts at the position to move and goes down the tree:
/// at each node the player to move picks one of the moves legal there by
/// PUCT (the mean value of the move's simulations for her, max-n, plus an
/// exploration term weighted by the move's prior, a softmax of the
/// rollout model's rating). An attack is a chance node of two outcomes,
/// drawn by its exact odds in each simulation, each outcome a node of its
/// own; ending a turn places the reinforcement as the rules do (the Dice
/// Wars stock at random, drawn anew in each simulation: open loop, so a
/// node stands for every placement drawn, and offers the moves legal in
/// the one met). A simulation that leaves the tree adds one node, then
/// plays on by the rule set's [`Model`] (the greedy attacker that
/// [`Chance`](super::Chance) models the others with) to the horizon,
/// [`MctsConfig::rounds`] rounds from the root; there the [`Leaf`] gives
/// each player's value (a finished game: 1 shared among its winners), and
/// every move on the path adds its mover's value.
///
/// It plays the root move simulated most often (of equal counts, the
/// better mean, then the first in menu order) and rates each root move
/// its mean value for the mover times 1,000 (-1 for a move not tried). A
/// node of the budget is a move simulated, in the tree or in a rollout,
/// or a leaf scored; the budget is read after each simulation, and at
/// least one simulation runs (with `full`, one through each root move).
/// With neither a node limit nor a time it stops at
/// [`MctsConfig::default_nodes`]. The dice and placements are drawn from
/// the seed and the position (with [`MctsConfig::crn`], simulation `k`
/// from stream `k % crn` of its generator: common random numbers), so a
/// seed and a node budget give the same move on every run.
///
/// ```
/// use dice_of_doom::ai::{Budget, Mcts, MctsConfig, Strategy};
/// use dice_of_doom::game::{Map, Move, Player, Position, RuleSet, Rules};
/// let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
/// let start = Position::start(&rules, "a-8 b-1 / a-1 a-1".parse().unwrap(), Player::A).unwrap();
/// // 8 dice against 1 all but surely takes b's last cell, and the game.
/// let mv = Mcts::new(MctsConfig::default(), 1).choose(&rules, &start, Budget::nodes(5_000));
/// assert_eq!(mv, Some(Move::Attack { from: 0, to: 1 }));
/// ```
pub struct Mcts {
    config: MctsConfig,
    leaf: Box<dyn Leaf>,
    seed: u64,
    last: (u64, u32),
}

impl Mcts {
    /// A player with these settings and the learned leaf ([`LearnedLeaf`]:
    /// the rule set's model, or [`SoftmaxLeaf`] where there is none), its
    /// chance drawn from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Mcts {
        Mcts::with_leaf(config, seed, Box::new(LearnedLeaf::default()))
    }

    /// A player with these settings and this leaf evaluation.
    pub fn with_leaf(config: MctsConfig, seed: u64, leaf: Box<dyn Leaf>) -> Mcts {
        Mcts {
            config,
            leaf,
            seed,
            last: (0, 0),
        }
    }

    /// The nodes the last move cost and its simulations.
    pub fn last_search(&self) -> (u64, u32) {
        self.last
    }
}

impl Strategy for Mcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        if menu.len() == 1 {
            self.last = (0, 0);
            return Some(rated(&menu, &Tree::new(1, 0)));
        }
        let budget = match budget {
            Budget {
                time: None,
                nodes: None,
            } => Budget::nodes(self.config.default_nodes),
            b => b,
        };
        let clock = Clock::start(budget);
        let model = self.config.model.unwrap_or_else(|| Model::for_rules(rules));
        let mut search = Simulator {
            rules,
            leaf: self.leaf.as_ref(),
            chooser: Chooser {
                rules,
                model: &model,
                selection: Selection {
                    exploration: if self.config.scale_exploration {
                        self.config.exploration * 2.0 / position.players_in().len().max(2) as f32
                    } else {
                        self.config.exploration
                    },
                    prior_temperature: self.config.prior_temperature,
                    normalize: self.config.normalize,
                },
            },
            horizon: Horizon {
                turns: self.config.turns.unwrap_or_else(|| {
                    self.config.rounds.max(1) * position.players_in().len() as u32
                }),
            },
            crn: self.config.crn,
            tree_turns: self.config.tree_turns.unwrap_or(u32::MAX),
            simulations: 0,
            each_once: full,
            tree: Tree::new(self.config.max_tree_nodes, self.config.max_tree_edges),
            rng: ChaCha8Rng::seed_from_u64(self.seed ^ key(position)),
            scratch: Scratch::default(),
            path: Vec::new(),
        };
        let least = if full { menu.len() as u32 } else { 1 };
        let (mut nodes, mut simulations) = (0u64, 0u32);
        if let Some(settings) = self.config.root {
            nodes = root::seed_root(settings, rules, position, &menu, budget, &mut search.tree);
        }
        while simulations < least || !(clock.out_of_nodes(nodes) || clock.out_of_time()) {
            nodes += search.simulate(position);
            simulations += 1;
            if simulations >= least && clock.out_of_time() {
                break;
            }
        }
        self.last = (nodes, simulations);
        Some(rated(&menu, &search.tree))
    }
}

/// One search's state.
struct Simulator<'a> {
    rules: &'a Rules,
    leaf: &'a dyn Leaf,
    chooser: Chooser<'a>,
    horizon: Horizon,
    each_once: bool,
    crn: u32,
    tree_turns: u32,
    simulations: u32,
    tree: Tree,
    rng: ChaCha8Rng,
    scratch: Scratch,
    path: Vec<Step>,
}

impl Simulator<'_> {
    /// One simulation from `root`, backed up; the nodes it cost.
    fn simulate(&mut self, root: &Position) -> u64 {
        let rules = self.rules;
        let me = root.player();
        if self.crn > 0 {
            self.rng.set_stream(u64::from(self.simulations % self.crn));
            self.rng.set_word_pos(0);
        }
        self.simulations += 1;
        let mut walk = Walk {
            at: *root,
            turns: 0,
            moves: 0,
        };
        self.path.clear();
        let mut node = 0u32;
        let mut roll_out = false;
        while !walk.done(rules, self.horizon) {
            if walk.turns >= self.tree_turns {
                roll_out = true;
                break;
            }
            let mover = walk.at.player();
            let each_once = self.each_once && node == 0;
            let Some(edge) =
                self.chooser
                    .choose(&mut self.tree, node, &walk.at, each_once, &mut self.scratch)
            else {
                roll_out = true;
                break;
            };
            let mv = self.tree.nodes[node as usize].edges[edge as usize].mv;
            let Some(outcome) = walk.play(rules, mv, &mut self.rng) else {
                break;
            };
            let step = Step { node, edge, mover };
            self.path.push(step);
            let child = self.tree.nodes[node as usize].edges[edge as usize].child[outcome];
            if child == NONE {
                let _ = self.tree.grow(step, outcome);
                roll_out = true;
                break;
            }
            node = child;
        }
        if roll_out {
            walk.roll_out(
                rules,
                self.chooser.model,
                me,
                self.horizon,
                &mut self.rng,
                &mut self.scratch.menu,
            );
        }
        let values = if walk.at.is_game_over(rules) {
            leaf::finished(&walk.at)
        } else {
            self.leaf.values(rules, &walk.at)
        };
        self.tree.back_up(&self.path, &values);
        walk.moves + 1
    }
}

/// The analysis of the root's moves `menu` from the tree: each move's
/// mean value for the mover times 1,000 (-1 if not tried), the one tried
/// most played (then the better mean, then the first).
fn rated(menu: &[Move], tree: &Tree) -> Analysis {
    let edges = tree.nodes.first().map_or(&[][..], |root| &root.edges[..]);
    let mut choice = 0;
    let mut best = (0u32, f32::NEG_INFINITY);
    let moves = menu
        .iter()
        .enumerate()
        .map(|(i, &mv)| {
            let edge = edges.iter().find(|e| e.mv == mv);
            let (visits, mean) = edge.map_or((0, -1.0), |e| {
                if e.visits > 0 {
                    (e.visits, e.mean())
                } else {
                    (0, -1.0)
                }
            });
            if (visits, mean) > best {
                best = (visits, mean);
                choice = i;
            }
            let rating = if visits > 0 {
                Rating::Estimate((mean * 1000.0).round() as i32)
            } else {
                Rating::Estimate(-1)
            };
            RatedMove { mv, rating }
        })
        .collect();
    Analysis { moves, choice }
}

/// A key of the position for the seed of its draws: FNV-1a over the cells,
/// the player to move and the stocks (the same on every machine).
fn key(position: &Position) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |byte: u8| {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for cell in position.board().cells() {
        mix(cell.owner().index());
        mix(cell.dice());
    }
    mix(position.player().index());
    mix(u8::from(position.is_first_move()));
    for p in crate::game::Player::all(crate::game::MAX_PLAYERS) {
        mix(position.stock(p));
    }
    h
}

#[cfg(test)]
#[path = "mcts_tests.rs"]
mod tests;
