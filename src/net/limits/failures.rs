//! Failed logins, counted within a window per address block and per user
//! name: too many from one block and the block's next attempts are
//! refused unheard (OpenSSH's `PerSourcePenalties`, in spirit); too many
//! failed passwords given for one name, from however many addresses, and
//! that name's next passwords are refused unheard, so that guesses spread
//! over many addresses gain nothing against one player.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::{Limits, NetBlocks};

/// The most keys (blocks, names) a count keeps: an attacker making up
/// names or addresses cannot grow it past this; when full, the key whose
/// last failure is oldest is forgotten.
const MOST_KEYS: usize = 10_000;

/// The failed logins of each address block and of each user name.
#[derive(Debug)]
pub struct Failures {
    blocks: NetBlocks,
    by_block: Window<IpAddr>,
    by_name: Window<String>,
}

impl Failures {
    /// A count allowing `limits.failures` failures of an address block in
    /// `limits.failure_window`, and `limits.name_failures` failed
    /// passwords for a name in `limits.name_failure_window`.
    pub fn new(limits: &Limits) -> Failures {
        Failures {
            blocks: limits.net_block,
            by_block: Window::new(limits.failures, limits.failure_window),
            by_name: Window::new(limits.name_failures, limits.name_failure_window),
        }
    }

    /// Whether the block of `address` has failed too often lately to be
    /// heard now.
    pub fn blocked(&self, address: IpAddr) -> bool {
        self.by_block
            .blocked(self.blocks.block(address), Instant::now())
    }

    /// Counts a failed login of the block of `address`.
    pub fn failed(&self, address: IpAddr) {
        self.by_block
            .failed(self.blocks.block(address), Instant::now());
    }

    /// Whether the player `user` names was given too many wrong passwords
    /// lately for another to be heard now.
    pub fn name_blocked(&self, user: &str) -> bool {
        self.by_name.blocked(name_key(user), Instant::now())
    }

    /// Counts a wrong password given for the player `user` names.
    pub fn name_failed(&self, user: &str) {
        self.by_name.failed(name_key(user), Instant::now());
    }
}

/// The player a user name counts against: the name before any `+` (what
/// follows names a game or a seat), its letters, digits, `-`, `_` and `.`
/// in lower case, at most 32 of them (`ann`, `Ann+NARF` and `a\u{1b}nn`
/// all count against `ann`: grouping more names together only makes the
/// limit stricter).
pub(crate) fn name_key(user: &str) -> String {
    let name = user.split('+').next().unwrap_or("");
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .map(|c| c.to_ascii_lowercase())
        .take(32)
        .collect()
}

/// The times of the recent failures of each key.
#[derive(Debug)]
struct Window<K> {
    most: usize,
    window: Duration,
    seen: Mutex<HashMap<K, VecDeque<Instant>>>,
}

impl<K: Eq + Hash + Clone> Window<K> {
    fn new(most: usize, window: Duration) -> Window<K> {
        Window {
            most,
            window,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key` has `most` failures within the window before `now`.
    fn blocked(&self, key: K, now: Instant) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(times) = seen.get_mut(&key) else {
            return false;
        };
        self.forget_old(times, now);
        let blocked = times.len() >= self.most;
        if times.is_empty() {
            seen.remove(&key);
        }
        blocked
    }

    /// Counts a failure of `key` at `now`.
    fn failed(&self, key: K, now: Instant) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if !seen.contains_key(&key) && seen.len() >= MOST_KEYS {
            seen.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|last| now.saturating_duration_since(*last) < self.window)
            });
            if seen.len() >= MOST_KEYS {
                let oldest = seen
                    .iter()
                    .min_by_key(|(_, times)| times.back().copied())
                    .map(|(key, _)| key.clone());
                if let Some(oldest) = oldest {
                    seen.remove(&oldest);
                }
            }
        }
        let times = seen.entry(key).or_default();
        self.forget_old(times, now);
        times.push_back(now);
        // Never more than needed to decide: the list stays small.
        while times.len() > self.most {
            times.pop_front();
        }
    }

    fn forget_old(&self, times: &mut VecDeque<Instant>, now: Instant) {
        while times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= self.window)
        {
            times.pop_front();
        }
    }

    #[cfg(test)]
    fn keys(&self) -> usize {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
#[path = "failures_tests.rs"]
mod tests;
