//! Benchmark of the analysis with chance (`stats --rules lol4`), checking
//! the figures it computes so that a wrong answer cannot pass for a fast
//! one. Run with `cargo bench --bench chance`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dice_of_doom::analysis::{Limits, expected};
use dice_of_doom::game::{Map, Player, Position, RuleSet, Rules};

/// A 2x2 board of two players with 5 dice a cell under `lol4`: 65,623
/// positions, 53,424 of them on one cycle, solved to 1e-12.
fn lol4_2x2(c: &mut Criterion) {
    let map = Map::rhombus(2).expect("a map");
    let rules = Rules::of(RuleSet::Lol4, map, 2, 5).expect("rules");
    let board = "a-5 b-5 / b-5 a-5".parse().expect("a board");
    let start = Position::start(&rules, board, Player::A).expect("a start");
    let mut group = c.benchmark_group("chance");
    group.sample_size(10);
    group.bench_function("lol4 2x2 board, 5 dice a cell", |b| {
        b.iter(|| {
            let s =
                expected::solve(&rules, &start, &Limits::UNLIMITED, &mut |_| {}).expect("solved");
            assert_eq!((s.positions, s.cyclic_positions), (65_623, 53_424));
            assert!(s.converged && s.upper - s.lower <= expected::TOLERANCE);
            assert!((s.value() - 0.486_219_203_501).abs() < 1e-11);
            black_box(s)
        })
    });
    group.finish();
}

criterion_group!(benches, lol4_2x2);
criterion_main!(benches);
