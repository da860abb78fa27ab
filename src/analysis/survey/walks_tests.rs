use super::*;
use crate::analysis::memo::MemoSpace;
use crate::analysis::survey::board_at;
use crate::analysis::survey::workers::{size_codes, solve_keys};
use crate::game::Position;

/// The packed starts of every 2x2 board with at most 4 dice, `a` first.
fn starts(rules: &Rules, codec: &Codec) -> Vec<u64> {
    (0..4096)
        .map(|index| {
            let start = Position::start(rules, board_at(rules, index), Player::A).unwrap();
            let mut key = [0u64];
            codec.encode(&start, &mut key);
            key[0]
        })
        .collect()
}

/// Walks interleaved three at a time, each taking the next board as it is
/// done, give every board the entry of the recursive solver, and the memo
/// the same positions.
#[test]
fn interleaved_walks_give_the_recursive_solver_s_entries() {
    let rules = Rules::classic(2, 2, 4).unwrap();
    let codec = Codec::new(&rules);
    let keys = starts(&rules, &codec);
    let mut space = MemoSpace::with_room(1 << 16, codec.bits() + 1).unwrap();
    let memo = space.memo(1, 0);
    let codes = size_codes(memo.value_bits());
    let expected = solve_keys(&rules, &codec, codes, &memo, &keys);
    let expected_len = memo.len();

    let mut space = MemoSpace::with_room(1 << 16, codec.bits() + 1).unwrap();
    let memo = space.memo(1, 0);
    let mut walker = Walker::new(&rules, &codec, codes, memo.handle());
    let mut entries = vec![0; keys.len()];
    let mut next = 0;
    let mut busy = [false; 3];
    let mut waits = 0;
    while next < keys.len() || busy.contains(&true) {
        for (walk, on) in busy.iter_mut().enumerate() {
            let mut turn = if *on {
                walker.resume(walk)
            } else if next < keys.len() {
                next += 1;
                *on = true;
                walker.start(walk, next as u64 - 1, keys[next - 1])
            } else {
                continue;
            };
            while let Turn::Done(board, entry) = turn {
                entries[board as usize] = entry;
                *on = false;
                if next == keys.len() {
                    break;
                }
                next += 1;
                *on = true;
                turn = walker.start(walk, next as u64 - 1, keys[next - 1]);
            }
            match turn {
                Turn::Waiting => waits += 1,
                Turn::Stopped => panic!("a memo large enough does not stop"),
                Turn::Done(..) => {}
            }
        }
    }
    drop(walker);
    assert_eq!(entries, expected);
    assert_eq!(memo.len(), expected_len);
    // The walks did wait on the memo, and so interleaved.
    assert!(waits > 1000, "{waits}");
}
