//! Tests of `huge.rs`.

use super::*;

/// The `u32`s of the first capacity that is mapped.
const MAPPED: usize = MAP_FROM / 4;

#[test]
fn small_arrays_stay_vecs_and_large_ones_are_mapped() {
    let max = 1 << 24;
    let mut a: HugeVec<u32> = HugeVec::new();
    assert!(a.is_empty());
    for i in 0..MAPPED as u32 / 2 {
        a.grow_within(1, max).unwrap();
        a.push(i);
    }
    assert!(!a.is_mapped());
    assert_eq!(a.capacity(), MAPPED / 2);
    assert_eq!(a.heap_bytes(), MAP_FROM / 2);
    a.grow_within(1, max).unwrap();
    assert!(a.is_mapped());
    assert_eq!(a.capacity(), MAPPED);
    // The first huge page is held whole.
    assert_eq!(a.heap_bytes(), HUGE_PAGE);
    for i in MAPPED as u32 / 2..3 * HUGE_PAGE as u32 / 4 {
        a.grow_within(1, max).unwrap();
        a.push(i);
    }
    assert_eq!(a.len(), 3 * HUGE_PAGE / 4);
    assert_eq!(a.capacity(), HUGE_PAGE);
    assert_eq!(a.heap_bytes(), 4 * HUGE_PAGE);
    assert!(a.iter().enumerate().all(|(i, &x)| x == i as u32));
    a.truncate(5);
    a.extend_from_slice(&[7, 8]);
    a.resize(9, 1);
    assert_eq!(&a[..], &[0, 1, 2, 3, 4, 7, 8, 1, 1]);
    let (room, len) = a.room_mut();
    room[*len] = 6;
    *len += 1;
    assert_eq!(&a[7..], &[1, 1, 6]);
    let copy = a.clone();
    assert_eq!(&copy[..], &a[..]);
    assert_eq!(copy.capacity(), a.capacity());
    a.clear();
    assert_eq!((a.len(), a.capacity()), (0, HUGE_PAGE));
    assert_eq!(copy.len(), 10);
}

/// The array never holds more than room for `max` items, huge pages
/// and all, however it grows.
#[test]
fn growth_stays_within_the_limit() {
    for max in [1000, MAPPED - 1, MAPPED + 1, 300_000, 1_000_000] {
        let mut a: HugeVec<u32> = HugeVec::new();
        while a.len() < max {
            a.grow_within(1, max).unwrap();
            a.push(a.len() as u32);
            assert!(a.heap_bytes() <= max * 4, "{} of {max}", a.len());
        }
        assert!(a.iter().enumerate().all(|(i, &x)| x == i as u32));
        assert_eq!(a.capacity(), max);
        let mut b: HugeVec<u64> = HugeVec::new();
        b.resize_within(max - 10, max, 3).unwrap();
        b.resize_within(max, max, 4).unwrap();
        assert_eq!((b.len(), b.capacity()), (max, max));
        assert!(b.heap_bytes() <= max * 8);
        assert_eq!((b[max - 11], b[max - 10], b[max - 1]), (3, 4, 4));
        // Past the limit, only what is needed (in a new map or a Vec).
        b.grow_within(1, max).unwrap();
        assert_eq!(b.capacity(), max + 1);
        b.push(5);
        b.extend_from_slice(&[6; 1000]);
        assert_eq!((b[0], b[max], b[max + 1000]), (3, 5, 6));
        assert_eq!(b.len(), max + 1001);
    }
}

#[test]
fn memory_the_system_refuses_is_an_error() {
    for start in [10, MAPPED + 10] {
        let mut a: HugeVec<u64> = HugeVec::new();
        a.grow_within(start, 1 << 24).unwrap();
        a.resize(start, 1);
        let huge = usize::MAX / 16;
        assert!(matches!(
            a.grow_within(huge, huge),
            Err(GrowError::OutOfMemory { .. })
        ));
        assert_eq!(a.len(), start);
        assert!(a.iter().all(|&x| x == 1));
    }
}

#[test]
fn arrays_too_large_to_reserve_stay_vecs() {
    let mut a: HugeVec<u32> = HugeVec::new();
    a.grow_within(MAPPED, usize::MAX).unwrap();
    assert!(!a.is_mapped());
    a.resize(MAPPED, 9);
    assert_eq!((a.len(), a[MAPPED - 1]), (MAPPED, 9));
}

/// Lengthening with zeros writes them only where the room may hold
/// something else (items truncated away), and reads back zeros either way,
/// in a `Vec` and in a map.
#[test]
fn zeros_are_zeros_after_truncation_and_growth() {
    for start in [100, MAPPED + 100] {
        let mut a: HugeVec<u64> = HugeVec::new();
        a.resize_within(start, 1 << 24, 7).unwrap();
        a.truncate(10);
        a.resize(start + 50, 0);
        assert!(a[..10].iter().all(|&x| x == 7));
        assert!(a[10..].iter().all(|&x| x == 0), "{start}");
        let (room, len) = a.room_mut();
        room[*len] = 5;
        *len += 1;
        a.clear();
        a.grow_within(3 * start, 1 << 24).unwrap();
        a.resize(3 * start, 0);
        assert!(a.iter().all(|&x| x == 0), "{start}");
        a.resize(start, 9);
        a.truncate(0);
        a.resize(2 * start, 0);
        assert!(a.iter().all(|&x| x == 0), "{start}");
    }
}
