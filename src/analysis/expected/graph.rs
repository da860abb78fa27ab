//! The game graph with chance: every position reachable from a start, each
//! move's outcomes as the engine lists them ([`Position::outcomes`]), held
//! in flat arrays within a budget of memory and positions.

use rustc_hash::FxBuildHasher;
use std::collections::HashMap;

use super::ChanceError;
use crate::analysis::memory::vec_bytes;
use crate::analysis::{AnalysisError, Limits, Progress};
use crate::game::{Move, Player, Position, Rules, Share, Supply};

/// A position packed into 128 bits: the cells, the player to move, the dice
/// captured this turn, the first-move flag, the shared pool, the guard's
/// count and the board list's order, each in as few bits as the rules need.
pub(super) type Key = u128;

/// The number of bits needed to write any value up to `max`.
const fn bits_for(max: usize) -> u32 {
    usize::BITS - max.leading_zeros()
}

/// Packs positions of one set of rules into a [`Key`].
#[derive(Clone, Debug)]
pub(super) struct KeyCodec {
    cells: usize,
    owner_bits: u32,
    dice_bits: u32,
    captured_bits: u32,
    pool_bits: u32,
    quiet_bits: u32,
    /// 1 where the board list's order is part of the position (Realm of
    /// Racket's), else 0.
    order_bits: u32,
}

impl KeyCodec {
    /// The codec for these rules, or the bits a position would need when
    /// that is more than a key holds.
    pub(super) fn new(rules: &Rules) -> Result<KeyCodec, u32> {
        let cells = rules.map().len();
        let players = usize::from(rules.players());
        let max = usize::from(rules.max_dice());
        let policy = rules.policy();
        let codec = KeyCodec {
            cells,
            owner_bits: bits_for(players - 1),
            dice_bits: bits_for(max - 1),
            captured_bits: bits_for(cells * max),
            pool_bits: match policy.supply {
                Supply::SharedPool(dice) => bits_for(usize::from(dice)),
                _ => 0,
            },
            quiet_bits: policy
                .quiet_rounds
                .map_or(0, |rounds| bits_for(usize::from(rounds) * players)),
            order_bits: u32::from(policy.placement == crate::game::Placement::ReversingSweep),
        };
        let bits = codec.bits();
        if bits > Key::BITS {
            return Err(bits);
        }
        Ok(codec)
    }

    /// The bits a position takes.
    pub(super) fn bits(&self) -> u32 {
        self.cells as u32 * (self.owner_bits + self.dice_bits)
            + self.owner_bits
            + self.captured_bits
            + 1
            + self.pool_bits
            + self.quiet_bits
            + self.order_bits
    }

    /// The key of a position of these rules. Every field is written in
    /// bits wide enough for its largest value under the rules; a value past
    /// it (which the rules never make) is `None`.
    pub(super) fn key(&self, position: &Position) -> Option<Key> {
        let mut key: Key = 0;
        let mut shift = 0u32;
        let mut put = |value: usize, bits: u32| -> Option<()> {
            if bits < usize::BITS && value >> bits != 0 {
                return None;
            }
            key |= (value as Key) << shift;
            shift += bits;
            Some(())
        };
        let board = position.board();
        for i in 0..self.cells {
            let cell = board.cell(i);
            put(usize::from(cell.owner().index()), self.owner_bits)?;
            put(usize::from(cell.dice()).checked_sub(1)?, self.dice_bits)?;
        }
        put(usize::from(position.player().index()), self.owner_bits)?;
        put(usize::from(position.captured()), self.captured_bits)?;
        put(usize::from(position.is_first_move()), 1)?;
        put(usize::from(position.pool()), self.pool_bits)?;
        put(usize::from(position.quiet_turns()), self.quiet_bits)?;
        put(usize::from(position.is_reversed()), self.order_bits)?;
        Some(key)
    }
}

/// The graph: positions by dense id (the start is 0), each position's
/// moves in menu order, each move's outcomes with their probabilities.
///
/// A position's moves are `moves[first_move[n]..first_move[n] + move_count[n]]`,
/// a move's outcomes `outcome_target[out_start[m]..out_start[m + 1]]`
/// (`out_start` ends with a sentinel); a position's moves, and so their
/// outcomes, lie together.
pub(super) struct Graph {
    /// Each position's first move.
    pub(super) first_move: Vec<u32>,
    /// Each position's number of moves (0: the game is over).
    pub(super) move_count: Vec<u16>,
    /// Whether the player the analysis rates is to move there.
    pub(super) rated_to_move: Vec<bool>,
    /// The rated player's share where the game is over (0 elsewhere).
    pub(super) leaf_share: Vec<f64>,
    /// Each move's first outcome, then a sentinel.
    pub(super) out_start: Vec<u32>,
    /// Each outcome's position.
    pub(super) outcome_target: Vec<u32>,
    /// Each outcome's probability, as its index in `probabilities`.
    pub(super) outcome_chance: Vec<u16>,
    /// The distinct probabilities of outcomes (a few dozen: one for each
    /// battle of a against d dice, won or lost, and 1 for a sure move).
    pub(super) probabilities: Vec<f64>,
    /// Every position's id by its key.
    pub(super) ids: HashMap<Key, u32, FxBuildHasher>,
    /// The codec of the keys.
    pub(super) codec: KeyCodec,
}

/// The bytes a table entry takes, with its control byte, over the 7/8 load.
const TABLE_ENTRY_BYTES: usize = (size_of::<(Key, u32)>() + 1) * 8 / 7;

impl Graph {
    /// The number of positions.
    pub(super) fn len(&self) -> usize {
        self.first_move.len()
    }

    /// The number of moves, over every position.
    pub(super) fn moves(&self) -> usize {
        self.out_start.len().saturating_sub(1)
    }

    /// The number of outcomes, over every move.
    pub(super) fn outcomes(&self) -> usize {
        self.outcome_target.len()
    }

    /// The moves of position `n`, as indices into the move arrays.
    pub(super) fn moves_of(&self, n: usize) -> std::ops::Range<usize> {
        let first = self.first_move[n] as usize;
        first..first + usize::from(self.move_count[n])
    }

    /// The outcomes of move `m`, as indices into the outcome arrays.
    pub(super) fn outcomes_of(&self, m: usize) -> std::ops::Range<usize> {
        self.out_start[m] as usize..self.out_start[m + 1] as usize
    }

    /// The outcomes of every move of position `n`.
    pub(super) fn successors_of(&self, n: usize) -> std::ops::Range<usize> {
        let moves = self.moves_of(n);
        self.out_start[moves.start] as usize..self.out_start[moves.end] as usize
    }

    /// The id of a position, if it is in the graph.
    pub(super) fn id(&self, position: &Position) -> Option<usize> {
        let key = self.codec.key(position)?;
        self.ids.get(&key).map(|&id| id as usize)
    }

    /// The bytes the graph holds.
    pub(super) fn bytes(&self) -> usize {
        self.ids.capacity() * TABLE_ENTRY_BYTES
            + vec_bytes(&self.first_move)
            + vec_bytes(&self.move_count)
            + vec_bytes(&self.rated_to_move)
            + vec_bytes(&self.leaf_share)
            + vec_bytes(&self.out_start)
            + vec_bytes(&self.outcome_target)
            + vec_bytes(&self.outcome_chance)
            + vec_bytes(&self.probabilities)
    }
}

/// The bytes a position costs besides the graph: the solver's two bounds,
/// its walk's index and low link, and at worst a place on its stack, its
/// walk and a component.
pub(super) const SOLVER_BYTES_PER_POSITION: usize = 2 * 8 + 2 * 4 + 4 + 8 + 4;

/// A vector grown by doubling within the budget: `Err` when the new
/// capacity would take the memory past `limit` or the system refuses it.
fn grow<T>(
    v: &mut Vec<T>,
    held: usize,
    limit: usize,
    positions: usize,
) -> Result<(), AnalysisError> {
    if v.len() < v.capacity() {
        return Ok(());
    }
    let extra = v.capacity().max(64);
    let bytes = extra * size_of::<T>();
    if held.saturating_add(bytes) > limit {
        return Err(too_large(limit, positions));
    }
    v.try_reserve_exact(extra)
        .map_err(|_| AnalysisError::OutOfMemory { positions, bytes })
}

fn too_large(limit: usize, positions: usize) -> AnalysisError {
    AnalysisError::TooLarge {
        memory: crate::analysis::ByteSize::new(limit),
        positions,
    }
}

/// The graph as it is built, with the positions still to expand, within
/// its budget.
struct Builder<'a> {
    graph: Graph,
    /// Positions found but not yet expanded, with their ids: a stack, so
    /// that it holds about one line of play's worth of positions.
    pending: Vec<(u32, Position)>,
    limits: &'a Limits,
    rated: Player,
    /// Each probability's index in the graph's table, by its bits.
    chances: HashMap<u64, u16, FxBuildHasher>,
}

impl Builder<'_> {
    /// The bytes held: the graph, the pending positions, and the room the
    /// solver will take for each position.
    fn held(&self) -> usize {
        self.graph.bytes() + vec_bytes(&self.pending) + self.graph.len() * SOLVER_BYTES_PER_POSITION
    }

    /// Room for one more item in a vector of the graph, within the budget.
    fn room<T>(&self, v: &mut Vec<T>) -> Result<(), AnalysisError> {
        grow(v, self.held(), self.limits.memory.bytes(), self.graph.len())
    }

    /// The id of a position, added (to be expanded) if it is new.
    fn intern(&mut self, position: Position) -> Result<u32, ChanceError> {
        let key = self
            .graph
            .codec
            .key(&position)
            .ok_or_else(|| ChanceError::Unrepresentable {
                position: format!("{position:?}"),
            })?;
        if let Some(&id) = self.graph.ids.get(&key) {
            return Ok(id);
        }
        let n = self.graph.len();
        let limit = self.limits.memory.bytes();
        if n >= self.limits.positions {
            return Err(AnalysisError::TooManyPositions(self.limits.positions).into());
        }
        if n >= u32::MAX as usize {
            return Err(too_large(limit, n).into());
        }
        if self.graph.ids.len() == self.graph.ids.capacity() {
            let more = self.graph.ids.capacity().max(64);
            let bytes = more * TABLE_ENTRY_BYTES;
            // The old table is held while the new one fills.
            if self.held().saturating_add(2 * bytes) > limit {
                return Err(too_large(limit, n).into());
            }
            self.graph
                .ids
                .try_reserve(more)
                .map_err(|_| AnalysisError::OutOfMemory {
                    positions: n,
                    bytes,
                })?;
        }
        let mut first_move = std::mem::take(&mut self.graph.first_move);
        let mut move_count = std::mem::take(&mut self.graph.move_count);
        let mut rated_to_move = std::mem::take(&mut self.graph.rated_to_move);
        let mut leaf_share = std::mem::take(&mut self.graph.leaf_share);
        let mut pending = std::mem::take(&mut self.pending);
        let grown = self
            .room(&mut first_move)
            .and_then(|()| self.room(&mut move_count))
            .and_then(|()| self.room(&mut rated_to_move))
            .and_then(|()| self.room(&mut leaf_share))
            .and_then(|()| self.room(&mut pending));
        self.graph.first_move = first_move;
        self.graph.move_count = move_count;
        self.graph.rated_to_move = rated_to_move;
        self.graph.leaf_share = leaf_share;
        self.pending = pending;
        grown?;
        let id = n as u32;
        self.graph.ids.insert(key, id);
        self.graph.first_move.push(0);
        self.graph.move_count.push(0);
        self.graph
            .rated_to_move
            .push(position.player() == self.rated);
        self.graph.leaf_share.push(0.0);
        self.pending.push((id, position));
        Ok(id)
    }

    /// The index of a probability in the graph's table, added if new.
    fn chance(&mut self, probability: f64) -> Result<u16, AnalysisError> {
        if let Some(&i) = self.chances.get(&probability.to_bits()) {
            return Ok(i);
        }
        // At most 2 * 8 * 8 + 1 battles' outcomes and sure moves: far below.
        let i = u16::try_from(self.graph.probabilities.len())
            .map_err(|_| too_large(self.limits.memory.bytes(), self.graph.len()))?;
        self.graph.probabilities.push(probability);
        self.chances.insert(probability.to_bits(), i);
        Ok(i)
    }

    /// Adds a move's outcome (or, with `None`, a move's start).
    fn push_outcome(&mut self, outcome: Option<(u32, f64)>) -> Result<(), AnalysisError> {
        // Moves and outcomes are numbered in 32 bits.
        if self
            .graph
            .outcome_target
            .len()
            .max(self.graph.out_start.len())
            >= u32::MAX as usize
        {
            return Err(too_large(self.limits.memory.bytes(), self.graph.len()));
        }
        match outcome {
            None => {
                let mut v = std::mem::take(&mut self.graph.out_start);
                let grown = self.room(&mut v);
                self.graph.out_start = v;
                grown?;
                self.graph
                    .out_start
                    .push(self.graph.outcome_target.len() as u32);
            }
            Some((target, probability)) => {
                let mut targets = std::mem::take(&mut self.graph.outcome_target);
                let mut chances = std::mem::take(&mut self.graph.outcome_chance);
                let grown = self
                    .room(&mut targets)
                    .and_then(|()| self.room(&mut chances));
                self.graph.outcome_target = targets;
                self.graph.outcome_chance = chances;
                grown?;
                let chance = self.chance(probability)?;
                self.graph.outcome_target.push(target);
                self.graph.outcome_chance.push(chance);
            }
        }
        Ok(())
    }
}

/// Builds the graph of every position reachable from `start`, rated for
/// `rated`, within `limits` (counting room for the solver's own arrays).
/// Outcomes of probability 0 are left out: they never happen.
pub(super) fn build(
    rules: &Rules,
    start: &Position,
    rated: Player,
    limits: &Limits,
    progress: &mut dyn FnMut(Progress),
) -> Result<Graph, ChanceError> {
    let codec = KeyCodec::new(rules).map_err(|bits| ChanceError::TooWide { bits })?;
    let mut builder = Builder {
        graph: Graph {
            first_move: Vec::new(),
            move_count: Vec::new(),
            rated_to_move: Vec::new(),
            leaf_share: Vec::new(),
            out_start: Vec::new(),
            outcome_target: Vec::new(),
            outcome_chance: Vec::new(),
            probabilities: Vec::new(),
            ids: HashMap::with_hasher(FxBuildHasher),
            codec,
        },
        pending: Vec::new(),
        limits,
        rated,
        chances: HashMap::with_hasher(FxBuildHasher),
    };
    let mut moves = Vec::new();
    let mut next_report = 1usize << 14;
    builder.intern(*start)?;
    while let Some((id, position)) = builder.pending.pop() {
        let n = id as usize;
        position.moves_into(rules, &mut moves);
        builder.graph.first_move[n] = builder.graph.out_start.len() as u32;
        builder.graph.move_count[n] = moves.len() as u16;
        if moves.is_empty() {
            builder.graph.leaf_share[n] = Share::of(position.winners(), rated).to_f64();
            continue;
        }
        for &mv in &moves {
            let outcomes = outcomes(rules, &position, mv)?;
            builder.push_outcome(None)?;
            for outcome in outcomes.into_iter().filter(|o| o.probability > 0.0) {
                let target = builder.intern(outcome.position)?;
                builder.push_outcome(Some((target, outcome.probability)))?;
            }
        }
        if builder.graph.len() >= next_report {
            next_report *= 2;
            progress(Progress {
                positions: builder.graph.len(),
                bytes: builder.held(),
                written: 0,
            });
        }
    }
    builder.push_outcome(None)?;
    Ok(builder.graph)
}

/// A move's outcomes as the engine lists them; a move whose outcomes it
/// cannot list (a pass placing dice at random) is refused.
fn outcomes(
    rules: &Rules,
    position: &Position,
    mv: Move,
) -> Result<Vec<crate::game::Outcome>, ChanceError> {
    match position.outcomes(rules, mv) {
        Ok(Some(outcomes)) => Ok(outcomes),
        Ok(None) | Err(_) => Err(ChanceError::Unsupported(rules.set())),
    }
}
