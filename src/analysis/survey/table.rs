//! The table of a survey (a child module of `survey`): every board's full
//! trees counted, nodes and leaves by winner with either player first, over
//! one memo of counted positions.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use super::{Row, board_at};
use crate::game::{Board, Children, Codec, Player, PlayerSet, Position, Rules};

/// A position's full tree counted: its nodes and its leaves by winner.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    nodes: u64,
    a: u64,
    b: u64,
    tie: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.a = self.a.saturating_add(other.a);
        self.b = self.b.saturating_add(other.b);
        self.tie = self.tie.saturating_add(other.tie);
    }

    fn leaves(&self) -> Vec<(PlayerSet, u64)> {
        let both: PlayerSet = [Player::A, Player::B].into_iter().collect();
        [
            (PlayerSet::single(Player::A), self.a),
            (PlayerSet::single(Player::B), self.b),
            (both, self.tie),
        ]
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .collect()
    }
}

/// Counts every position's tree once, for all the boards of a table.
struct Tallier<'a> {
    rules: &'a Rules,
    codec: &'a Codec,
    memo: HashMap<u64, Tally, FxBuildHasher>,
    levels: Vec<Children>,
}

impl Tallier<'_> {
    fn tally(&mut self, key: u64, ply: usize) -> Tally {
        if let Some(t) = self.memo.get(&key) {
            return *t;
        }
        if self.levels.len() <= ply {
            self.levels.push(Children::new(self.codec));
        }
        self.levels[ply].expand(self.codec, self.rules, &[key]);
        let count = self.levels[ply].len();
        let mut total = Tally {
            nodes: 1,
            ..Tally::default()
        };
        if count == 0 {
            let winners = self.codec.winners(&[key]);
            match (winners.contains(Player::A), winners.contains(Player::B)) {
                (true, true) => total.tie = 1,
                (true, false) => total.a = 1,
                _ => total.b = 1,
            }
        }
        for i in 0..count {
            let child = self.levels[ply].key(i)[0];
            let t = self.tally(child, ply + 1);
            total.add(&t);
        }
        self.memo.insert(key, total);
        total
    }
}

/// The table rows of every board, counted over one memo.
pub(super) fn table_rows(rules: &Rules, codec: &Codec, boards: u64) -> Vec<Row> {
    let mut tallier = Tallier {
        rules,
        codec,
        memo: HashMap::with_hasher(FxBuildHasher),
        levels: Vec::new(),
    };
    let mut key = [0u64];
    let mut count = |board: Board, first: Player| {
        let start = Position::start(rules, board, first).expect("numbered boards fit their rules");
        codec.encode(&start, &mut key);
        tallier.tally(key[0], 0)
    };
    (0..boards)
        .map(|index| {
            let board = board_at(rules, index);
            let (a, b) = (count(board, Player::A), count(board, Player::B));
            Row {
                board,
                nodes_a_first: a.nodes,
                nodes_b_first: b.nodes,
                leaves_a_first: a.leaves(),
                leaves_b_first: b.leaves(),
            }
        })
        .collect()
}
