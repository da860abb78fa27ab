//! How long the opponents take to decide.
//!
//! `perfect` on `boards/3x3-e.txt` (a to move; 201,861 distinct positions
//! below it): its first move, building and solving the memoised tree from
//! nothing each time. The target is at most 100 ms.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dice_of_doom::ai::{Budget, Perfect, Strategy};
use dice_of_doom::game::{Board, Move, Player, Position, Rules};

fn perfect_3x3_e(c: &mut Criterion) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/boards/3x3-e.txt"))
        .expect("boards/3x3-e.txt");
    let board: Board = text.parse().expect("a valid board");
    let rules = Rules::classic(3, 2, 3).expect("classic rules");
    let start = Position::start(&rules, board, Player::A).expect("a valid start");
    let first = || {
        let mut ai = Perfect::new();
        ai.choose(&rules, black_box(&start), Budget::UNLIMITED)
    };
    // The same move as `dice-of-doom stats --board boards/3x3-e.txt` reports.
    assert_eq!(first(), Some(Move::Attack { from: 0, to: 4 }));
    c.bench_function("perfect first move on 3x3-e, tree included", |b| {
        b.iter(first)
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = perfect_3x3_e
}
criterion_main!(benches);
