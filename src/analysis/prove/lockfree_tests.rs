//! The lock-free tables on one thread and on several.

use super::*;

/// Keeps the larger of two data words.
fn larger(old: u64, new: u64) -> u64 {
    old.max(new)
}

fn key(i: u64) -> [u64; 2] {
    [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i]
}

#[test]
fn buckets_are_whole_cache_lines_with_at_least_four_slots() {
    for words in 1..=6 {
        let shape = Shape::new(words, 100 << 10);
        assert_eq!(shape.bucket % LINE, 0, "{words}");
        assert!(shape.slots >= 4 && shape.slots * (words + 1) < shape.bucket);
        assert!(shape.bytes(0).is_some_and(|b| b <= 100 << 10) && shape.first.is_power_of_two());
    }
}

#[test]
fn the_last_table_is_as_large_as_the_ones_before_it_leave_room_for() {
    let shape = Shape::new(2, 100 << 10);
    let table = |shift: u32| shape.bytes(shift).unwrap();
    for max in [
        0,
        100 << 10,
        1 << 20,
        (1 << 20) + 4097,
        6 << 30,
        14 << 30,
        1 << 50,
    ] {
        let plan = shape.plan(max);
        let total: usize = plan.iter().map(|&shift| table(shift)).sum();
        assert_eq!(plan[0], 0, "{max}");
        if plan.len() == 1 {
            // Only the first table, whatever the limit: the next does not fit.
            assert!(table(0) + table(1) > max, "{max}");
            continue;
        }
        assert!(total <= max, "{max}: {plan:?}");
        // Each table but the last twice the one before.
        let (&last, doubling) = plan.split_last().unwrap();
        assert!(
            doubling
                .iter()
                .enumerate()
                .all(|(g, &shift)| shift == g as u32)
        );
        // One more doubling would not fit, nor a larger last table.
        assert!(total + table(last + 1) > max, "{max}: {plan:?}");
        assert!(
            total - table(last) + table(last + 1) > max,
            "{max}: {plan:?}"
        );
        assert!(last > *doubling.last().unwrap());
    }
    // 14 GiB for two-word keys (6x6 boards): the last table 8 GiB, as the
    // last of a one-thread cache's, where doubling alone stops at 4 GiB.
    assert_eq!(table(*shape.plan(14 << 30).last().unwrap()), 8 << 30);
    assert_eq!(table(*shape.plan(6 << 30).last().unwrap()), 4 << 30);
}

#[test]
fn keys_come_back_across_growth_and_merged() {
    let least = 16 << 10;
    let mut memory = LockFree::new(2, least, 64 << 20).unwrap();
    assert!(memory.count() > 5);
    let tables = memory.tables();
    let mut handle = tables.handle();
    for i in 0..100_000u64 {
        handle.put(&key(i), i, |d| d, larger);
    }
    // The tables grew: few keys are lost to a full bucket.
    assert!(tables.current.load(Ordering::Relaxed) > 4);
    let found = (0..100_000u64)
        .filter(|&i| {
            let data = handle.get(&key(i));
            assert!(data.is_none_or(|d| d == i), "{i}");
            data.is_some()
        })
        .count();
    assert!(found > 95_000, "{found}");
    let kept = (0..100_000u64)
        .find(|&i| handle.get(&key(i)) == Some(i) && i > 5)
        .unwrap();
    handle.put(&key(kept), 3, |d| d, larger);
    assert_eq!(handle.get(&key(kept)), Some(kept));
    handle.put(&key(kept), kept + 9, |d| d, larger);
    assert_eq!(handle.get(&key(kept)), Some(kept + 9));
    assert_eq!(handle.get(&key(100_001)), None);
    drop(handle);
    let bytes = tables.heap_bytes();
    assert!(bytes <= 64 << 20 && bytes > 1 << 20, "{bytes}");
    drop(tables);
    assert!(memory.len() > 90_000, "{}", memory.len());
}

#[test]
fn a_full_table_stays_within_its_bytes_and_keeps_what_is_worth_most() {
    let max = 256 << 10;
    let mut memory = LockFree::new(1, 16 << 10, max).unwrap();
    let tables = memory.tables();
    let mut handle = tables.handle();
    for i in 0..200_000u64 {
        handle.put(&[i], i % 1000, |d| d, larger);
    }
    assert!(tables.heap_bytes() <= max);
    let (mut held, mut worth) = (0u64, 0u64);
    for i in 0..200_000u64 {
        if let Some(d) = handle.get(&[i]) {
            assert_eq!(d, i % 1000);
            held += 1;
            worth += d;
        }
    }
    assert!(held > 0 && worth / held > 600, "{held} {worth}");
}

/// Four threads store every key of `keys`, each with its own data (the
/// key times 4 plus the thread), reading each back; the merge keeps the
/// larger. Returns the tables' memory, and checks that no read ever gives
/// a key another's data or less than the thread stored.
fn four_threads_store(memory: &mut LockFree, keys: u64) -> Vec<Option<u64>> {
    let tables = memory.tables();
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let tables = &tables;
            scope.spawn(move || {
                let mut handle = tables.handle();
                for i in 0..keys {
                    let i = (i * 7919 + t * 5003) % keys;
                    handle.put(&key(i), i * 4 + t, |d| d, larger);
                    let seen = handle.get(&key(i));
                    assert!(seen.is_none_or(|d| d / 4 == i), "{i}: {seen:?}");
                }
            });
        }
    });
    let handle = tables.handle();
    (0..keys).map(|i| handle.get(&key(i))).collect()
}

#[test]
fn threads_storing_at_once_lose_no_merge() {
    // A table that never grows, whose buckets never fill with these keys:
    // every key ends with the largest data of all, in whatever order the
    // threads came.
    let mut memory = LockFree::new(2, 8 << 20, 8 << 20).unwrap();
    assert_eq!(memory.count(), 1);
    let keys = 20_000;
    let found = four_threads_store(&mut memory, keys);
    for (i, data) in (0..keys).zip(found) {
        assert_eq!(data, Some(i * 4 + 3), "{i}");
    }
}

#[test]
fn threads_storing_while_the_tables_grow_tear_no_key() {
    let mut memory = LockFree::new(2, 16 << 10, 256 << 20).unwrap();
    let keys = 50_000;
    let found = four_threads_store(&mut memory, keys);
    // Keys whose bucket filled before the table grew may be forgotten, or
    // come back with a lower thread's data; none with another key's.
    let held = (0..keys)
        .zip(&found)
        .filter(|&(i, data)| {
            assert!(data.is_none_or(|d| d / 4 == i), "{i}: {data:?}");
            data.is_some()
        })
        .count();
    assert!(held > 0, "{held}");
    assert!(memory.current.load(Ordering::Relaxed) > 0);
}
