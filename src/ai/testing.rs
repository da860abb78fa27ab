//! Helpers shared by the opponents' tests.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::analysis::{Limits, solve};
use rustc_hash::FxHashMap;

use crate::game::{
    Board, Cell, Codec, GameTree, Move, Player, PlayerSet, Position, Rules, Share, random_board,
};

/// Every 2x2 board of two players and 1 to 3 dice per cell (6^4 = 1,296).
pub(crate) fn all_2x2_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    for code in 0..6usize.pow(4) {
        let mut rest = code;
        let cells: Vec<Cell> = (0..4)
            .map(|_| {
                let digit = rest % 6;
                rest /= 6;
                let owner = Player::new((digit / 3) as u8).unwrap_or_default();
                Cell::new(owner, (digit % 3) as u8 + 1)
            })
            .collect();
        boards.push(Board::new(&cells).unwrap());
    }
    boards
}

/// `count` random boards of these rules from a seed, `a` to move first.
pub(crate) fn random_boards(rules: &Rules, seed: u64, count: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| random_board(rules, Player::A, &mut rng).unwrap())
        .collect()
}

/// The perfect-play rating of the start for its player, and of every
/// move's result, in menu order; `None` past `max_positions`.
pub(crate) fn exact_ratings(
    rules: &Rules,
    start: &Position,
    max_positions: usize,
) -> Option<(Share, Vec<(Move, Share)>)> {
    let mut tree = GameTree::new(rules.clone(), *start);
    let root = tree.root();
    let solution = solve(&mut tree, root, Limits::positions(max_positions)).ok()?;
    let moves = tree
        .children(root)
        .iter()
        .map(|e| Some((e.mv, solution.rating(e.child)?)))
        .collect::<Option<_>>()?;
    Some((solution.rating(root)?, moves))
}

/// Whether `winner` can force a sole win from `position` whatever the others
/// do: a plain AND/OR search with a memo, independent of the opponents' code.
pub(crate) fn forced_win(rules: &Rules, position: &Position, winner: Player) -> bool {
    let codec = Codec::new(rules);
    assert_eq!(codec.words(), 1, "small boards only");
    let mut memo = FxHashMap::default();
    forced_win_in(rules, &codec, position, winner, &mut memo)
}

fn forced_win_in(
    rules: &Rules,
    codec: &Codec,
    position: &Position,
    winner: Player,
    memo: &mut FxHashMap<u64, bool>,
) -> bool {
    let mut key = [0];
    codec.encode(position, &mut key);
    if let Some(&known) = memo.get(&key[0]) {
        return known;
    }
    let moves = position.moves(rules);
    let mut child = |mv| forced_win_in(rules, codec, &position.after(rules, mv), winner, memo);
    let result = if moves.is_empty() {
        position.winners() == PlayerSet::single(winner)
    } else if position.player() == winner {
        moves.iter().any(|&mv| child(mv))
    } else {
        moves.iter().all(|&mv| child(mv))
    };
    memo.insert(key[0], result);
    result
}

/// Checks that a node budget replays a whole arena: `side_a` in one seat
/// against `lol4` in the others, two boards of `rules` (three players),
/// side A in each seat, played twice with the same results.
pub(crate) fn assert_arena_replays(
    rules: &Rules,
    side_a: crate::ai::AiKind,
    budget: crate::ai::Budget,
) {
    let arena = || {
        crate::ai::arena::Arena::new(
            rules.clone(),
            [side_a, crate::ai::AiKind::Lol4],
            2,
            3,
            budget,
        )
        .unwrap()
        .run(|_| {})
        .unwrap()
    };
    let result = arena();
    assert_eq!(result.games, 6);
    assert_eq!(arena(), result);
}
