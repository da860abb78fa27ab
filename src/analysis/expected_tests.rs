use std::collections::HashMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::game::{Board, Cell, GameTree, Map, Player};

fn rules(set: RuleSet, side: usize, players: usize, max_dice: usize) -> Rules {
    let map = match set {
        RuleSet::Racket => Map::offset(side),
        _ => Map::rhombus(side),
    };
    Rules::of(set, map.unwrap(), players, max_dice).unwrap()
}

fn start(rules: &Rules, board: &str) -> Position {
    Position::start(rules, board.parse().unwrap(), Player::A).unwrap()
}

fn solved(rules: &Rules, start: &Position) -> ChanceSolution {
    solve(rules, start, &Limits::UNLIMITED, &mut |_| {}).unwrap()
}

/// Every board of a size with two players, `a` first, by its index.
fn every_board(rules: &Rules) -> impl Iterator<Item = Position> + '_ {
    let cells = rules.map().len();
    let max = usize::from(rules.max_dice());
    let states = 2 * max;
    (0..states.pow(cells as u32)).filter_map(move |mut index| {
        let mut board = Vec::with_capacity(cells);
        for _ in 0..cells {
            let state = index % states;
            index /= states;
            let owner = Player::new((state / max) as u8).unwrap();
            board.push(Cell::new(owner, (state % max) as u8 + 1));
        }
        let board = Board::new(&board).unwrap();
        Position::start(rules, board, Player::A).ok()
    })
}

/// A 2-against-1 battle, worked out by hand: two dice beat one when their
/// sum is higher, in 181 of the 216 rolls.
const TWO_BEAT_ONE: f64 = 181.0 / 216.0;

#[test]
fn boards_whose_value_is_plain_by_hand() {
    // (board, players, value, best move)
    let cases = [
        // a takes a cell or not; if she does, she ties 2 cells to 2 (b's
        // single dice cannot attack), if not she loses 1 to 3.
        ("a-2 b-1 / b-1 b-1", 2, TWO_BEAT_ONE / 2.0, Some("0 -> 2")),
        // a cannot attack: the game is over, b holds 3 cells to 1.
        ("a-1 b-2 / b-1 b-1", 2, 0.0, None),
        // Won or lost, the battle leaves a with more cells: b cannot attack.
        ("a-2 b-1 / a-1 a-1", 2, 1.0, Some("0 -> 1")),
        // Three players: taking a cell of c's gives a 2 cells to 1 and 1,
        // and b (one die) cannot attack; a lost battle leaves c ahead.
        ("a-2 b-1 / c-1 c-1", 3, TWO_BEAT_ONE, Some("0 -> 2")),
    ];
    for (board, players, value, best) in cases {
        let r = rules(RuleSet::Lol4, 2, players, 5);
        let s = solved(&r, &start(&r, board));
        assert!(
            (s.lower - value).abs() < 1e-15 && s.lower == s.upper,
            "{board}: {s:?}"
        );
        assert_eq!(
            s.best_move.map(|m| m.to_string()).as_deref(),
            best,
            "{board}"
        );
        assert_eq!(s.cyclic_positions, 0, "{board}");
        assert!(s.converged);
    }
}

/// The paranoid value by plain recursion over [`Position::outcomes`]:
/// `None` if the recursion meets a position on its own path (a cycle).
fn recursive(
    rules: &Rules,
    position: &Position,
    rated: Player,
    memo: &mut HashMap<Position, f64>,
    path: &mut Vec<Position>,
) -> Option<f64> {
    if let Some(&v) = memo.get(position) {
        return Some(v);
    }
    if path.contains(position) {
        return None;
    }
    let moves = position.moves(rules);
    let value = if moves.is_empty() {
        Share::of(position.winners(), rated).to_f64()
    } else {
        path.push(*position);
        let mut values = Vec::new();
        for mv in moves {
            let mut v = 0.0;
            for o in position.outcomes(rules, mv).unwrap().unwrap() {
                if o.probability > 0.0 {
                    v += o.probability * recursive(rules, &o.position, rated, memo, path)?;
                }
            }
            values.push(v);
        }
        path.pop();
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let worst = values.iter().copied().fold(f64::INFINITY, f64::min);
        if position.player() == rated {
            best
        } else {
            worst
        }
    };
    memo.insert(*position, value);
    Some(value)
}

#[test]
fn racket_games_match_plain_recursion() {
    // Every 2x2 board, and seeded 3x3 boards of at most 20,000 positions
    // (the recursion keeps whole positions): sure attacks and a pool that
    // only empties, so no cycle.
    let r2 = rules(RuleSet::Racket, 2, 2, 3);
    let mut boards: Vec<(Rules, Position)> = every_board(&r2).map(|p| (r2.clone(), p)).collect();
    let r3 = rules(RuleSet::Racket, 3, 2, 3);
    let classic = Rules::classic(3, 2, 3).unwrap();
    let mut larger = 0;
    for seed in 0..40 {
        let p = crate::analysis::sample::seeded_start(&classic, Player::A, seed).unwrap();
        let p = Position::start(&r3, *p.board(), Player::A).unwrap();
        let few = Limits::positions(20_000);
        if solve(&r3, &p, &few, &mut |_| {}).is_ok_and(|s| s.positions > 100) {
            boards.push((r3.clone(), p));
            larger += 1;
        }
    }
    assert!(boards.len() > 1000 && larger >= 5, "{larger}");
    for (r, p) in boards {
        let s = solved(&r, &p);
        let expected = recursive(&r, &p, Player::A, &mut HashMap::new(), &mut Vec::new())
            .expect("racket games have no cycles");
        assert_eq!(s.cyclic_positions, 0);
        assert_eq!((s.lower, s.upper), (expected, expected), "{p:?}");
        assert!(
            s.exact()
                .is_some_and(|v| v.shared_by().is_some() || v == Share::LOSS)
        );
    }
}

#[test]
fn lol4_games_without_cycles_match_plain_recursion() {
    let r = rules(RuleSet::Lol4, 2, 2, 2);
    let mut acyclic = 0;
    let mut cyclic = 0;
    for p in every_board(&r) {
        let s = solved(&r, &p);
        let expected = recursive(&r, &p, Player::A, &mut HashMap::new(), &mut Vec::new());
        match expected {
            Some(v) => {
                acyclic += 1;
                assert_eq!(s.cyclic_positions, 0, "{p:?}");
                assert!((s.lower - v).abs() <= 1e-15 && s.lower == s.upper, "{p:?}");
            }
            None => {
                cyclic += 1;
                assert!(s.cyclic_positions > 0, "{p:?}");
            }
        }
    }
    // Both kinds were met, so both branches checked something.
    assert!(acyclic >= 10 && cyclic >= 10, "{acyclic} {cyclic}");
}

#[test]
fn classic_rules_give_the_classic_solvers_value() {
    // Every 2x2 board with 2 players, and with 3 (c holding the cells the
    // board gives b at index 3 and above), against `stats`.
    for players in [2, 3] {
        let r = rules(RuleSet::Classic, 2, players, 3);
        for p in every_board(&Rules::classic(2, 2, 3).unwrap()) {
            let mut cells: Vec<Cell> = p.board().cells().to_vec();
            if players == 3 {
                cells[3] = Cell::new(Player::new(2).unwrap(), cells[3].dice());
            }
            let Ok(p) = Position::start(&r, Board::new(&cells).unwrap(), Player::A) else {
                continue;
            };
            let s = solved(&r, &p);
            let mut tree = GameTree::new(r.clone(), p);
            let root = tree.root();
            let stats = crate::analysis::stats(&mut tree, root, Limits::UNLIMITED).unwrap();
            assert_eq!(s.exact(), Some(stats.value), "{p:?}");
            assert_eq!(s.best_move, stats.best_move, "{p:?}");
        }
    }
}

/// The rated player's share in one game from `start`, each player
/// choosing by `choose`, the dice from `rng`.
fn play_out(
    rules: &Rules,
    start: &Position,
    rng: &mut ChaCha8Rng,
    mut choose: impl FnMut(&Position, &mut ChaCha8Rng) -> Move,
) -> f64 {
    let mut p = *start;
    for _ in 0..100_000 {
        if p.moves(rules).is_empty() {
            return Share::of(p.winners(), start.player()).to_f64();
        }
        let mv = choose(&p, rng);
        p = p.play_rolled(rules, mv, rng).unwrap().position;
    }
    panic!("a game went on for 100,000 moves");
}

/// The mean of `samples` and the half-width of its 99% interval.
fn mean_and_margin(samples: &[f64]) -> (f64, f64) {
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n;
    let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 2.576 * (variance / n).sqrt())
}

#[test]
fn seeded_games_by_the_solution_win_as_often_as_it_says() {
    // 2x2 boards whose graphs have cycles (reinforcement gives dice back),
    // two and three players.
    let cases = [
        ("b-1 b-3 / a-2 b-1", 2, 3),
        ("a-1 a-3 / a-1 b-2", 2, 3),
        ("b-2 a-1 / a-3 b-3", 2, 3),
        ("a-3 b-2 / c-2 b-1", 3, 3),
    ];
    const GAMES: usize = 20_000;
    for (k, (board, players, max_dice)) in cases.into_iter().enumerate() {
        let r = rules(RuleSet::Lol4, 2, players, max_dice);
        let p = start(&r, board);
        let s = solved(&r, &p);
        assert!(s.cyclic_positions > 0 && s.converged, "{board}: {s:?}");
        assert_eq!(s.policy(&r, &p), s.best_move);
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        // Everyone plays the solution's moves: the win rate estimates the
        // value itself.
        let by_policy: Vec<f64> = (0..GAMES)
            .map(|_| play_out(&r, &p, &mut rng, |q, _| s.policy(&r, q).unwrap()))
            .collect();
        let (mean, margin) = mean_and_margin(&by_policy);
        assert!(
            (mean - s.value()).abs() <= margin,
            "{board}: {} not in {mean} +- {margin}",
            s.value()
        );
        // a plays the solution's moves, the others at random: a wins at
        // least as often as the value says (the others play against her
        // no better than the paranoid opponents).
        let by_chance: Vec<f64> = (0..GAMES)
            .map(|_| {
                play_out(&r, &p, &mut rng, |q, rng| {
                    if q.player() == Player::A {
                        s.policy(&r, q).unwrap()
                    } else {
                        let moves = q.moves(&r);
                        moves[rng.random_range(0..moves.len() as u32) as usize]
                    }
                })
            })
            .collect();
        let (mean, margin) = mean_and_margin(&by_chance);
        assert!(
            s.value() <= mean + margin,
            "{board}: {} > {mean} + {margin}",
            s.value()
        );
    }
}

#[test]
fn limits_and_rule_sets_it_cannot_take_are_refused() {
    let r = rules(RuleSet::Lol4, 2, 2, 3);
    let p = start(&r, "b-1 b-3 / a-2 b-1");
    let few = Limits::positions(100);
    assert_eq!(
        solve(&r, &p, &few, &mut |_| {}).unwrap_err(),
        ChanceError::Analysis(AnalysisError::TooManyPositions(100))
    );
    let small = Limits::memory(crate::analysis::ByteSize::new(64 << 10));
    assert!(matches!(
        solve(&r, &p, &small, &mut |_| {}),
        Err(ChanceError::Analysis(AnalysisError::TooLarge { .. }))
    ));
    let dicewars = rules(RuleSet::Dicewars, 2, 2, 8);
    let p = start(&dicewars, "a-2 b-1 / b-1 b-1");
    assert_eq!(
        solve(&dicewars, &p, &Limits::UNLIMITED, &mut |_| {}).unwrap_err(),
        ChanceError::Unsupported(RuleSet::Dicewars)
    );
    // 25 cells of 5 bits each already pass 128 bits.
    let wide = rules(RuleSet::Lol4, 5, 4, 5);
    let board = ["a-2 b-1 c-1 d-1 a-1"; 5].join(" / ");
    let p = start(&wide, &board);
    assert!(matches!(
        solve(&wide, &p, &Limits::UNLIMITED, &mut |_| {}),
        Err(ChanceError::TooWide { bits }) if bits > 128
    ));
}

#[test]
fn the_graph_holds_every_reachable_position_once() {
    // Counted apart, by a walk over whole positions: had two positions
    // shared a key, the graph would hold fewer.
    let cases = [
        (RuleSet::Lol4, 2, 2, 3, "b-1 b-3 / a-2 b-1"),
        (RuleSet::Lol4, 2, 3, 3, "a-3 b-2 / c-2 b-1"),
        (
            RuleSet::Racket,
            3,
            2,
            3,
            "a-2 a-2 b-2 / a-3 b-1 a-3 / a-3 a-3 b-3",
        ),
    ];
    for (set, side, players, max_dice, board) in cases {
        let r = rules(set, side, players, max_dice);
        let p = start(&r, board);
        let mut seen = std::collections::HashSet::from([p]);
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            for mv in q.moves(&r) {
                for o in q.outcomes(&r, mv).unwrap().unwrap() {
                    if o.probability > 0.0 && seen.insert(o.position) {
                        todo.push(o.position);
                    }
                }
            }
        }
        let s = solved(&r, &p);
        assert_eq!(s.positions, seen.len(), "{board}");
        assert!(seen.iter().all(|q| s.bounds(q).is_some()));
    }
}
