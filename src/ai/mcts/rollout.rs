//! The moves of [`Mcts`](super::Mcts)'s simulations: a move played with
//! its chance drawn (the battle's outcome by its exact odds, a Dice Wars
//! reinforcement placed at random as the rules place it), the prior rating
//! of a move that guides the tree's choice, and the rollout policy that
//! plays on from the tree's edge to the horizon.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::ai::Model;
use crate::ai::expectimax::odds;
use crate::game::{Attack, Battle, Move, NoChance, Player, Position, Rules};

/// The chance that `attack` dice take a cell of `defence` dice, under the
/// rules: 0 where the attack is not allowed, 1 where every attack wins.
pub(super) fn win_chance(rules: &Rules, attack: u8, defence: u8) -> f64 {
    let policy = rules.policy();
    if attack < 2 || (policy.attack == Attack::MoreDice && defence >= attack) {
        0.0
    } else if policy.battle == Battle::Sure {
        1.0
    } else {
        odds(attack, defence)
    }
}

/// Plays the legal move `mv` at `at`, chance drawn from `rng`: the
/// position after it and its outcome (0: taken or the turn ended, 1: the
/// attack failed); `None` if the rules refuse it (never for a move of
/// `at.moves`).
pub(super) fn step(
    rules: &Rules,
    at: &Position,
    mv: Move,
    rng: &mut ChaCha8Rng,
) -> Option<(Position, usize)> {
    match mv {
        Move::Attack { from, to } => {
            if !at.is_legal(rules, mv) {
                return None;
            }
            let board = at.board();
            let p = win_chance(
                rules,
                board.cell(usize::from(from)).dice(),
                board.cell(usize::from(to)).dice(),
            );
            let won = p >= 1.0 || rng.random::<f64>() < p;
            Some((at.resolve(rules, mv, won, &mut NoChance), usize::from(!won)))
        }
        Move::Pass => at
            .play_rolled(rules, mv, rng)
            .ok()
            .map(|played| (played.position, 0)),
    }
}

/// The prior rating of a legal move of `at`, as the rollout's [`Model`]
/// sees it: an attack its chance of taking the target plus a hundredth a
/// die of the target, ending the turn the model's [`Model::greed`] (the
/// rating from which it attacks).
pub(super) fn rating(rules: &Rules, at: &Position, mv: Move, model: &Model) -> f32 {
    match mv {
        Move::Pass => model.greed as f32,
        Move::Attack { from, to } => {
            let board = at.board();
            let (s, t) = (
                board.cell(usize::from(from)).dice(),
                board.cell(usize::from(to)).dice(),
            );
            (win_chance(rules, s, t) + 0.01 * f64::from(t)) as f32
        }
    }
}

/// Where a simulation stops: the number of turns ended since the root
/// (a round: a turn for each player in the game at the root).
#[derive(Clone, Copy, Debug)]
pub(super) struct Horizon {
    /// The turns that may end before the simulation stops.
    pub(super) turns: u32,
}

/// A simulation's state: the position, the turns ended so far, the moves
/// simulated (the nodes spent).
pub(super) struct Walk {
    pub(super) at: Position,
    pub(super) turns: u32,
    pub(super) moves: u64,
}

impl Walk {
    /// Whether the walk is at its end: the game over, or the horizon
    /// reached.
    pub(super) fn done(&self, rules: &Rules, horizon: Horizon) -> bool {
        self.turns >= horizon.turns || self.at.is_game_over(rules)
    }

    /// Plays `mv` (legal); whether it could.
    pub(super) fn play(&mut self, rules: &Rules, mv: Move, rng: &mut ChaCha8Rng) -> Option<usize> {
        let (next, outcome) = step(rules, &self.at, mv, rng)?;
        self.at = next;
        self.moves += 1;
        if mv == Move::Pass {
            self.turns += 1;
        }
        Some(outcome)
    }

    /// Plays on by the model to the horizon (or the game's end), as seen
    /// by `me` (the player the model leans on, see [`Model::me`]); a
    /// bound on the moves keeps it finite whatever the rules.
    pub(super) fn roll_out(
        &mut self,
        rules: &Rules,
        model: &Model,
        me: Player,
        horizon: Horizon,
        rng: &mut ChaCha8Rng,
        menu: &mut Vec<Move>,
    ) {
        for _ in 0..MAX_ROLLOUT {
            if self.done(rules, horizon) {
                return;
            }
            self.at.moves_into(rules, menu);
            if menu.is_empty() {
                return;
            }
            let mv = model.choose(rules, self.at.board(), menu, me);
            if self.play(rules, mv, rng).is_none() {
                return;
            }
        }
    }
}

/// The most moves of one rollout (every attack spends a stack, so a round
/// ends long before it).
const MAX_ROLLOUT: usize = 2_000;
