//! The arena's tests: reproducible games, seats and tallies, for two
//! sides and for free-for-alls.

use super::*;
use crate::game::{Map, Move, RuleSet};

/// A 3-player lol4 arena on the 3x3 rhombus: greedy as side A against
/// random, `boards` boards from `seed`.
fn lol4_arena(boards: u32, seed: u64) -> Arena {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 3, 5).unwrap();
    Arena::new(
        rules,
        [AiKind::Greedy, AiKind::Random],
        boards,
        seed,
        Budget::nodes(100),
    )
    .unwrap()
}

fn arena(side: usize, a: AiKind, b: AiKind, boards: u32) -> ArenaResult {
    let rules = Rules::classic(side, 2, 3).unwrap();
    let budget = Budget::time(Duration::from_millis(20));
    Arena::new(rules, [a, b], boards, 5, budget)
        .unwrap()
        .run(|_| {})
        .unwrap()
}

#[test]
fn results_add_up_and_sides_mirror() {
    let result = arena(3, AiKind::Greedy, AiKind::Random, 6);
    let [a, b] = &result.opponents[..] else {
        panic!("two sides")
    };
    assert_eq!((a.games, b.games), (12, 12));
    assert_eq!(a.wins + a.losses + a.ties, 12);
    assert_eq!((a.wins, a.losses, a.ties), (b.losses, b.wins, b.ties));
    assert!(a.moves > 0 && b.moves > 0);
    assert!(a.win_rate_ci95.0 <= a.win_rate && a.win_rate <= a.win_rate_ci95.1);
}

#[test]
fn perfect_never_loses_to_random_on_2x2() {
    let result = arena(2, AiKind::Perfect, AiKind::Random, 20);
    // Perfect play can lose a board that is lost from the start, but it
    // does at least as well as random play on every board.
    let [a, b] = &result.opponents[..] else {
        panic!("two sides")
    };
    assert!(a.wins + a.ties >= b.wins, "{result:?}");
}

#[test]
fn a_node_budget_reproduces_the_result() {
    let rules = Rules::classic(3, 3, 3).unwrap();
    let run = |a, b| {
        Arena::new(rules.clone(), [a, b], 3, 9, Budget::nodes(3_000))
            .unwrap()
            .run(|_| {})
            .unwrap()
    };
    for (a, b) in [
        (AiKind::Search, AiKind::Perfect),
        (AiKind::Lol, AiKind::Random),
    ] {
        let first = run(a, b);
        assert_eq!(first, run(a, b));
        assert_eq!(first.opponents[0].mean_move_ms, None);
    }
}

#[test]
fn side_a_takes_each_seat_of_each_board() {
    let arena = lol4_arena(2, 4).timed(true);
    assert_eq!(arena.games(), 6);
    let mut seen = Vec::new();
    let result = arena
        .run(|game| {
            // Side A in one seat, side B in the two others.
            let ours = game.seats.iter().filter(|&&k| k == AiKind::Greedy).count();
            assert_eq!(ours, 1);
            let seat_a = game.seat_of(0).unwrap();
            assert_eq!(game.seats[usize::from(seat_a.index())], AiKind::Greedy);
            seen.push((game.board, seat_a.letter()));
        })
        .unwrap();
    assert_eq!(
        seen,
        [(0, 'a'), (0, 'b'), (0, 'c'), (1, 'a'), (1, 'b'), (1, 'c')]
    );
    let [a, b] = &result.opponents[..] else {
        panic!("two sides")
    };
    assert_eq!(result.games, 6);
    assert_eq!((a.wins, a.losses, a.ties), (b.losses, b.wins, b.ties));
    // Timed on request: the median lies between nothing and the worst.
    let (median, worst) = (a.median_move_ms.unwrap(), a.worst_move_ms.unwrap());
    assert!(0.0 <= median && median <= worst, "{median} {worst}");
}

#[test]
fn side_a_s_seats_add_up_to_its_tally() {
    let arena = lol4_arena(4, 8);
    let mut lengths = Vec::new();
    let result = arena
        .run(|game| lengths.push((game.seat_of(0).unwrap(), turns_of(game.moves))))
        .unwrap();
    let a = &result.opponents[0];
    assert_eq!(result.seats.len(), 3);
    let sum = |f: fn(&SeatResult) -> u32| result.seats.iter().map(f).sum::<u32>();
    assert_eq!(
        (
            sum(|s| s.games),
            sum(|s| s.wins),
            sum(|s| s.losses),
            sum(|s| s.ties)
        ),
        (a.games, a.wins, a.losses, a.ties)
    );
    // `a` moves first on every board: seat 1 is side A in `a`.
    for seat in &result.seats {
        assert_eq!(seat.games, 4);
        assert!((seat.fair_share - 1.0 / 3.0).abs() < 1e-12);
        let mut own: Vec<u32> = lengths
            .iter()
            .filter(|(p, _)| usize::from(p.index()) + 1 == usize::from(seat.seat))
            .map(|&(_, t)| t)
            .collect();
        own.sort_unstable();
        let mean = own.iter().sum::<u32>() as f64 / 4.0;
        assert_eq!(seat.mean_turns, mean);
        assert_eq!(seat.median_turns, f64::from(own[1] + own[2]) / 2.0);
    }
    assert_eq!(a.fair_share, 1.0 / 3.0);
    assert_eq!(result.opponents[1].fair_share, 2.0 / 3.0);
    let all: f64 = lengths.iter().map(|&(_, t)| f64::from(t)).sum::<f64>() / 12.0;
    assert!((result.mean_turns - all).abs() < 1e-9);
}

#[test]
fn a_game_s_turns_are_its_passes_and_the_one_it_ended_in() {
    let attack = Play::from(Move::Attack { from: 0, to: 1 });
    let pass = Play::from(Move::Pass);
    assert_eq!(turns_of(&[]), 0);
    assert_eq!(turns_of(&[attack, pass, attack, pass]), 2);
    assert_eq!(turns_of(&[attack, pass, attack]), 2);
}

#[test]
fn the_interval_holds_the_rate() {
    for (k, n) in [(0, 10), (10, 10), (5, 10), (150, 200), (1, 1)] {
        let (low, high) = wilson_interval(k, n);
        let p = f64::from(k) / f64::from(n);
        assert!(
            low <= p && p <= high && 0.0 <= low && high <= 1.0,
            "{k}/{n}"
        );
    }
}

/// The lol4 rules on the 3x3 rhombus, for `players` players.
fn lol4(players: usize) -> Rules {
    Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), players, 5).unwrap()
}

/// A free-for-all of `kinds` on `boards` boards from `seed`.
fn free_for_all(players: usize, kinds: &[AiKind], boards: u32, seed: u64, nodes: u64) -> Arena {
    let lineup = Lineup::FreeForAll(kinds.to_vec());
    Arena::new(lol4(players), lineup, boards, seed, Budget::nodes(nodes)).unwrap()
}

#[test]
fn every_opponent_plays_every_seat_of_every_board() {
    let kinds = vec![AiKind::Greedy, AiKind::Random, AiKind::Lol4];
    let ffa = free_for_all(3, &kinds, 2, 7, 50);
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
    for ai in &result.opponents {
        assert_eq!(ai.games, 6);
        assert_eq!(ai.wins + ai.losses + ai.ties, 6);
        assert!(ai.win_rate_ci95.0 <= ai.win_rate && ai.win_rate <= ai.win_rate_ci95.1);
    }
    // Each game has a winner: the wins and the games shared add up.
    let sole: u32 = result.opponents.iter().map(|a| a.wins).sum();
    let alone = seen.iter().filter(|s| s.2.len() == 1).count();
    assert_eq!(sole as usize, alone);
}

#[test]
fn a_node_budget_reproduces_the_free_for_all() {
    let kinds = [AiKind::Chance, AiKind::Lol4, AiKind::Random, AiKind::Greedy];
    let run = || free_for_all(4, &kinds, 2, 3, 300).run(|_| {}).unwrap();
    let first = run();
    assert_eq!(run(), first);
    assert!(first.opponents.iter().all(|a| a.mean_move_ms.is_none()));
}

#[test]
fn the_opponents_must_fill_the_seats_once_each() {
    let rules = lol4(3);
    let budget = Budget::nodes(10);
    let two = Lineup::FreeForAll(vec![AiKind::Greedy, AiKind::Lol4]);
    assert_eq!(
        Arena::new(rules.clone(), two, 1, 1, budget).err(),
        Some(LineupError::Count {
            given: 2,
            players: 3
        })
    );
    let twice = Lineup::FreeForAll(vec![AiKind::Greedy, AiKind::Lol4, AiKind::Greedy]);
    let err = Arena::new(rules, twice, 1, 1, budget).err();
    assert_eq!(err, Some(LineupError::Twice("greedy")));
}

#[test]
fn two_sides_of_two_players_are_a_free_for_all_of_two_seats_rotated() {
    let (sides, ffa) = (
        Lineup::Sides([AiKind::Greedy, AiKind::Lol]),
        Lineup::FreeForAll(vec![AiKind::Greedy, AiKind::Lol]),
    );
    for round in 0..2 {
        for p in Player::all(2) {
            assert_eq!(sides.opponent_of(p, round), ffa.opponent_of(p, round));
        }
    }
    // With more, side B plays every seat but side A's.
    let seated: Vec<usize> = Player::all(4).map(|p| sides.opponent_of(p, 2)).collect();
    assert_eq!(seated, [1, 1, 0, 1]);
}

#[test]
fn equal_time_gives_each_opponent_its_share_of_chance_s_nodes() {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 5).unwrap();
    let arena = Arena::new(
        rules.clone(),
        [AiKind::Mcts, AiKind::Chance],
        1,
        3,
        Budget::nodes(400),
    )
    .unwrap();
    let budget = Budget::nodes(400);
    assert_eq!(arena.budget_of(AiKind::Mcts, budget), budget);
    let arena = arena.equal_time(true);
    assert_eq!(arena.budget_of(AiKind::Mcts, budget), Budget::nodes(200));
    assert_eq!(arena.budget_of(AiKind::Chance, budget), budget);
    // A seat of `mcts` told 400 of `chance`'s nodes plays the game that
    // `mcts` told 200 of its own plays, move for move.
    let start = deal_start(&rules, Player::A, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
    let game = |scaled: bool| {
        let mut seats: Vec<Box<dyn Strategy>> = (0..2)
            .map(|seed| {
                let seat = AiKind::Mcts.build(seed);
                match scaled {
                    true => Box::new(Scaled {
                        kind: AiKind::Mcts,
                        seat,
                    }) as Box<dyn Strategy>,
                    false => seat,
                }
            })
            .collect();
        let budget = Budget::nodes(if scaled { 400 } else { 200 });
        let mut dice = ChaCha8Rng::seed_from_u64(9);
        let mut moves = Vec::new();
        play_game(&rules, start, &mut seats, budget, &mut dice, |_, mv, _| {
            moves.push(mv)
        })
        .unwrap();
        moves
    };
    let scaled = game(true);
    assert!(!scaled.is_empty());
    assert_eq!(scaled, game(false));
}
