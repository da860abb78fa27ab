use super::*;

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

#[test]
fn failures_block_an_address_until_the_window_passes() {
    let limits = Limits {
        failures: 2,
        failure_window: Duration::from_millis(50),
        ..Limits::default()
    };
    let failures = Failures::new(&limits);
    let window = &failures.by_block;
    let start = Instant::now();
    let one: IpAddr = [127, 0, 0, 1].into();
    window.failed(one, start);
    assert!(!window.blocked(one, start));
    window.failed(one, start);
    assert!(window.blocked(one, start));
    assert!(!window.blocked([127, 0, 0, 2].into(), start));
    assert!(!window.blocked(one, start + Duration::from_millis(60)));
    assert_eq!(window.keys(), 0, "a key without failures is forgotten");
}

#[test]
fn an_ipv6_network_counts_as_one_address_whatever_address_it_takes() {
    let limits = Limits {
        failures: 5,
        ..Limits::default()
    };
    let failures = Failures::new(&limits);
    for host in 1..=5 {
        assert!(!failures.blocked(ip(&format!("2001:db8:0:7::{host:x}"))));
        failures.failed(ip(&format!("2001:db8:0:7:{host:x}::1")));
    }
    assert!(
        failures.blocked(ip("2001:db8:0:7:ffff::9")),
        "the /64 is blocked"
    );
    assert!(
        !failures.blocked(ip("2001:db8:0:8::1")),
        "the next /64 is not"
    );
    assert!(!failures.blocked(ip("192.0.2.1")));
}

#[test]
fn guesses_at_one_name_from_many_addresses_are_stopped_by_the_name() {
    // 750 guesses from 150 addresses, 5 each: each address stays within
    // its own limit, the name does not.
    let limits = Limits::default();
    let failures = Failures::new(&limits);
    let mut heard = 0;
    for guess in 0..750u32 {
        let address = IpAddr::from([198, 51, 100, (guess % 150) as u8]);
        if failures.blocked(address) || failures.name_blocked("ann") {
            continue;
        }
        heard += 1;
        failures.failed(address);
        failures.name_failed("ann");
    }
    assert_eq!(heard, limits.name_failures, "only the name's allowance");
    assert!(failures.name_blocked("ann"));
    assert!(failures.name_blocked("Ann+NARF"), "the same player");
    assert!(!failures.name_blocked("bob"), "another name is heard");
    assert!(
        !failures.blocked(IpAddr::from([198, 51, 100, 7])),
        "no address failed its own allowance"
    );
}

#[test]
fn a_name_is_heard_again_once_its_window_passes() {
    let limits = Limits {
        name_failures: 3,
        name_failure_window: Duration::from_secs(600),
        ..Limits::default()
    };
    let failures = Failures::new(&limits);
    let window = &failures.by_name;
    let start = Instant::now();
    for i in 0..3 {
        window.failed(name_key("ann"), start + Duration::from_secs(i));
    }
    assert!(window.blocked(name_key("ann"), start + Duration::from_secs(599)));
    assert!(!window.blocked(name_key("ann"), start + Duration::from_secs(601)));
}

#[test]
fn names_count_against_the_player_they_name() {
    assert_eq!(name_key("ann"), "ann");
    assert_eq!(name_key("Ann+NARF"), "ann");
    assert_eq!(name_key("ann+ZQTK.k7m2"), "ann");
    assert_eq!(name_key("a\u{1b}[31mnn"), "a31mnn");
    assert_eq!(name_key(""), "");
    assert_eq!(name_key(&"x".repeat(100)).len(), 32);
}

#[test]
fn made_up_keys_never_grow_the_count_past_its_bound() {
    let window: Window<String> = Window::new(2, Duration::from_secs(60));
    let now = Instant::now();
    for i in 0..MOST_KEYS + 50 {
        window.failed(format!("name{i}"), now + Duration::from_millis(i as u64));
    }
    assert_eq!(window.keys(), MOST_KEYS);
    // The newest are kept, the oldest forgotten.
    let later = now + Duration::from_secs(1);
    window.failed(format!("name{}", MOST_KEYS + 49), later);
    assert!(window.blocked(format!("name{}", MOST_KEYS + 49), later));
    assert!(!window.blocked("name0".to_string(), later));
}
