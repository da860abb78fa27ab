use super::*;

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

fn limits(startups: usize, startups_per_address: usize) -> Limits {
    Limits {
        startups,
        startups_per_address,
        ..Limits::default()
    }
}

/// Whether the connection was told to close.
fn closed(verdict: &mut oneshot::Receiver<Verdict>) -> bool {
    verdict.try_recv() == Ok(Verdict::Close)
}

#[test]
fn the_gate_bounds_each_address_and_the_total() {
    let limits = Limits {
        total: 3,
        per_address: 2,
        ..Limits::default()
    };
    let gate = Admission::new(&limits);
    let one: IpAddr = [127, 0, 0, 1].into();
    let two: IpAddr = [127, 0, 0, 2].into();
    let admit = |address| {
        let (ticket, _verdict) = gate.admit(address);
        ticket.log_in().map(|()| ticket)
    };
    let a = admit(one);
    let b = admit(one);
    assert!(a.is_ok() && b.is_ok());
    assert!(admit(one).is_err());
    let c = admit(two);
    assert!(c.is_ok());
    assert!(admit(two).is_err(), "the total is reached");
    drop(a);
    assert!(admit(one).is_ok());
}

#[test]
fn a_full_address_block_is_told_which_bound() {
    let limits = Limits {
        total: 2,
        per_address: 1,
        ..Limits::default()
    };
    let gate = Admission::new(&limits);
    let (first, _v1) = gate.admit(ip("192.0.2.1"));
    first.log_in().unwrap();
    let (second, _v2) = gate.admit(ip("192.0.2.1"));
    assert_eq!(second.log_in(), Err(Full::Address(1)));
    let (third, _v3) = gate.admit(ip("192.0.2.2"));
    third.log_in().unwrap();
    let (fourth, _v4) = gate.admit(ip("192.0.2.3"));
    assert_eq!(fourth.log_in(), Err(Full::Total(2)));
    assert_eq!(gate.counts(), (2, 2));
    drop((second, fourth));
    assert_eq!(gate.counts(), (0, 2));
    drop((first, third));
    assert_eq!(gate.counts(), (0, 0));
}

#[test]
fn silent_connections_make_room_for_a_new_one_oldest_first() {
    let gate = Admission::new(&limits(100, 10));
    let me = ip("127.0.0.1");
    let mut silent: Vec<_> = (0..100).map(|_| gate.admit(me)).collect();
    // The block holds 10 unfinished at most: the 90 oldest were closed,
    // in order, and the newest 10 are still open.
    for (i, (_, verdict)) in silent.iter_mut().enumerate() {
        assert_eq!(closed(verdict), i < 90, "connection {i}");
    }
    assert_eq!(gate.counts(), (10, 0));
    // An honest client now: it closes the oldest silent one, and logs in.
    let (honest, mut verdict) = gate.admit(me);
    assert!(closed(&mut silent[90].1));
    assert_eq!(honest.log_in(), Ok(()));
    assert_eq!(verdict.try_recv(), Ok(Verdict::LoggedIn));
    assert_eq!(gate.counts(), (9, 1));
    // 500 more silent ones never close a logged-in connection.
    let more: Vec<_> = (0..500).map(|_| gate.admit(me)).collect();
    assert!(honest.is_logged_in());
    assert_eq!(gate.counts(), (10, 1));
    drop((silent, more));
    assert_eq!(gate.counts(), (0, 1));
}

#[test]
fn when_all_are_full_the_block_holding_the_most_makes_room() {
    let gate = Admission::new(&limits(6, 4));
    let attacker = ip("203.0.113.9");
    let (_honest, mut honest_verdict) = gate.admit(ip("198.51.100.1"));
    let mut flood: Vec<_> = (0..4).map(|_| gate.admit(attacker)).collect();
    let (_other, mut other_verdict) = gate.admit(ip("198.51.100.2"));
    assert_eq!(gate.counts(), (6, 0));
    // The total is reached: a new client from a third block closes the
    // attacker's oldest, not the older honest ones.
    let (_late, _) = gate.admit(ip("198.51.100.3"));
    assert!(closed(&mut flood[0].1));
    assert!(!closed(&mut honest_verdict) && !closed(&mut other_verdict));
    // The attacker's own new ones close the attacker's oldest.
    let _again = gate.admit(attacker);
    assert!(closed(&mut flood[1].1));
    assert!(!closed(&mut honest_verdict) && !closed(&mut other_verdict));
    assert_eq!(gate.counts(), (6, 0));
}

#[test]
fn ipv6_clients_count_by_their_network() {
    let gate = Admission::new(&Limits {
        per_address: 2,
        ..limits(100, 3)
    });
    // One /64, a new address each time: one block.
    let mut same: Vec<_> = (1..=4)
        .map(|host| gate.admit(ip(&format!("2001:db8:5:6::{host:x}"))))
        .collect();
    assert!(
        closed(&mut same[0].1),
        "the block's fourth closes its first"
    );
    assert!(!closed(&mut same[1].1));
    let (elsewhere, _) = gate.admit(ip("2001:db8:5:7::1"));
    assert!(!closed(&mut same[1].1), "another /64 is another block");
    assert_eq!(same[1].0.log_in(), Ok(()));
    assert_eq!(same[2].0.log_in(), Ok(()));
    assert_eq!(same[3].0.log_in(), Err(Full::Address(2)));
    assert_eq!(elsewhere.log_in(), Ok(()));
    // A connection already closed cannot log in.
    assert_eq!(same[0].0.log_in(), Err(Full::Closed));
}

#[test]
fn net_blocks_of_48_put_neighbouring_networks_together() {
    let gate = Admission::new(&Limits {
        net_block: "32:48".parse().unwrap(),
        ..limits(100, 2)
    });
    let mut a = gate.admit(ip("2001:db8:1:1::1"));
    let _b = gate.admit(ip("2001:db8:1:2::1"));
    let _c = gate.admit(ip("2001:db8:1:3::1"));
    assert!(closed(&mut a.1), "one /48");
}
