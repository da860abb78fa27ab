//! The arena's tests: reproducible games, seats and tallies.

use super::*;

/// A 3-player lol4 arena on the 3x3 rhombus: greedy as side A against
/// random, `boards` boards from `seed`.
fn lol4_arena(boards: u32, seed: u64) -> Arena {
    let rules = Rules::of(
        crate::game::RuleSet::Lol4,
        crate::game::Map::rhombus(3).unwrap(),
        3,
        5,
    )
    .unwrap();
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
    let [a, b] = &result.sides;
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
    let [a, b] = &result.sides;
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
        assert_eq!(first.sides[0].mean_move_ms, None);
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
            assert_eq!(game.seats[usize::from(game.seat_a.index())], AiKind::Greedy);
            seen.push((game.board, game.seat_a.letter()));
        })
        .unwrap();
    assert_eq!(
        seen,
        [(0, 'a'), (0, 'b'), (0, 'c'), (1, 'a'), (1, 'b'), (1, 'c')]
    );
    let [a, b] = &result.sides;
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
        .run(|game| lengths.push((game.seat_a, turns_of(game.moves))))
        .unwrap();
    let a = &result.sides[0];
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
    assert_eq!(a.fair_share, Some(1.0 / 3.0));
    assert_eq!(result.sides[1].fair_share, Some(2.0 / 3.0));
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
