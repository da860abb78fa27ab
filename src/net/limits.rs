//! What one client may cost the server: connections bounded in total and
//! per address, failed logins rate limited per address, and a bounded
//! line buffer (a huge paste is cut, never kept whole).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The bounds of a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections at once, from everyone.
    pub total: usize,
    /// Connections at once from one address.
    pub per_address: usize,
    /// Failed logins one address may make in [`Limits::failure_window`]
    /// before its next attempts are refused unheard.
    pub failures: usize,
    /// How long a failed login counts against its address.
    pub failure_window: Duration,
    /// A connection that sends nothing for this long is closed.
    pub idle: Duration,
    /// The longest line a client may type, in bytes.
    pub line_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            total: 500,
            per_address: 20,
            failures: 5,
            failure_window: Duration::from_secs(60),
            idle: Duration::from_secs(30 * 60),
            line_bytes: 4096,
        }
    }
}

/// Counts the connections open, in total and by address.
#[derive(Debug)]
pub struct Gate {
    total: usize,
    per_address: usize,
    open: Mutex<BTreeMap<IpAddr, usize>>,
}

/// A connection let in by a [`Gate`]; dropping it lets the next one in.
#[derive(Debug)]
pub struct Ticket {
    gate: Arc<Gate>,
    address: IpAddr,
}

impl Gate {
    /// A gate letting in at most `limits.total` connections at once, at
    /// most `limits.per_address` of them from one address.
    pub fn new(limits: &Limits) -> Arc<Gate> {
        Arc::new(Gate {
            total: limits.total,
            per_address: limits.per_address,
            open: Mutex::new(BTreeMap::new()),
        })
    }

    /// A ticket for a new connection from `address`, or `None` if a bound
    /// is reached.
    pub fn admit(self: &Arc<Gate>, address: IpAddr) -> Option<Ticket> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let total: usize = open.values().sum();
        let mine = open.get(&address).copied().unwrap_or(0);
        if total >= self.total || mine >= self.per_address {
            return None;
        }
        open.insert(address, mine + 1);
        Some(Ticket {
            gate: Arc::clone(self),
            address,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self
            .gate
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// The failed logins of each address, within a window.
#[derive(Debug)]
pub struct Failures {
    most: usize,
    window: Duration,
    seen: Mutex<BTreeMap<IpAddr, Vec<Instant>>>,
}

impl Failures {
    /// A count allowing `limits.failures` failures in `limits.failure_window`.
    pub fn new(limits: &Limits) -> Failures {
        Failures {
            most: limits.failures,
            window: limits.failure_window,
            seen: Mutex::new(BTreeMap::new()),
        }
    }

    /// Whether `address` has failed too often lately to be heard now.
    pub fn blocked(&self, address: IpAddr) -> bool {
        let now = Instant::now();
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(times) = seen.get_mut(&address) else {
            return false;
        };
        times.retain(|t| now.duration_since(*t) < self.window);
        let blocked = times.len() >= self.most;
        if times.is_empty() {
            seen.remove(&address);
        }
        blocked
    }

    /// Counts a failed login of `address`.
    pub fn failed(&self, address: IpAddr) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        let times = seen.entry(address).or_default();
        times.push(Instant::now());
        // Never more than needed to decide: the list stays small.
        if times.len() > self.most {
            times.remove(0);
        }
    }
}

/// What a client typed, line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A whole line, without its end.
    Line(String),
    /// A line longer than the limit was dropped.
    TooLong,
    /// Ctrl-C or Ctrl-D at a terminal, or the input ended.
    End,
    /// Not typed: the game on screen changed (its [`Table::watch`] wake,
    /// on the same channel as the input so that either wakes the screen).
    ///
    /// [`Table::watch`]: crate::session::Table::watch
    Changed,
}

/// Bytes gathered into lines of at most a given length.
#[derive(Debug)]
pub struct LineBuffer {
    max: usize,
    line: Vec<u8>,
    overflowed: bool,
    /// The last byte was a `\r`: a `\n` now ends no other line.
    after_cr: bool,
}

impl LineBuffer {
    /// A buffer for lines of at most `max` bytes.
    pub fn new(max: usize) -> LineBuffer {
        LineBuffer {
            max,
            line: Vec::new(),
            overflowed: false,
            after_cr: false,
        }
    }

    /// The lines completed by `bytes`; `terminal`: the client has a
    /// terminal, where Ctrl-C and Ctrl-D end and backspace erases.
    pub fn push(&mut self, bytes: &[u8], terminal: bool) -> Vec<Input> {
        let mut out = Vec::new();
        for &b in bytes {
            let after_cr = std::mem::replace(&mut self.after_cr, b == b'\r');
            match b {
                b'\n' if after_cr => {}
                b'\r' | b'\n' => {
                    if self.overflowed {
                        out.push(Input::TooLong);
                    } else {
                        out.push(Input::Line(
                            String::from_utf8_lossy(&self.line).into_owned(),
                        ));
                    }
                    self.line.clear();
                    self.overflowed = false;
                }
                3 | 4 if terminal => out.push(Input::End),
                8 | 127 if terminal => {
                    self.line.pop();
                }
                _ if self.overflowed => {}
                _ if self.line.len() >= self.max => {
                    self.line.clear();
                    self.overflowed = true;
                }
                _ => self.line.push(b),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_at_their_ends_and_a_long_one_is_dropped_whole() {
        let mut buffer = LineBuffer::new(4);
        assert_eq!(buffer.push(b"ab", false), vec![]);
        assert_eq!(
            buffer.push(b"c\nabcdefgh", false),
            vec![Input::Line("abc".into())]
        );
        assert_eq!(
            buffer.push(b"ij\nok\r\n", false),
            vec![Input::TooLong, Input::Line("ok".into())]
        );
        assert_eq!(
            buffer.push(b"x\x7fy\r", true),
            vec![Input::Line("y".into())]
        );
        assert_eq!(buffer.push(b"\x03", true), vec![Input::End]);
    }

    #[test]
    fn the_gate_bounds_each_address_and_the_total() {
        let limits = Limits {
            total: 3,
            per_address: 2,
            ..Limits::default()
        };
        let gate = Gate::new(&limits);
        let one: IpAddr = [127, 0, 0, 1].into();
        let two: IpAddr = [127, 0, 0, 2].into();
        let a = gate.admit(one);
        let b = gate.admit(one);
        assert!(a.is_some() && b.is_some());
        assert!(gate.admit(one).is_none());
        let c = gate.admit(two);
        assert!(c.is_some());
        assert!(gate.admit(two).is_none(), "the total is reached");
        drop(a);
        assert!(gate.admit(one).is_some());
    }

    #[test]
    fn failures_block_an_address_until_the_window_passes() {
        let limits = Limits {
            failures: 2,
            failure_window: Duration::from_millis(50),
            ..Limits::default()
        };
        let failures = Failures::new(&limits);
        let one: IpAddr = [127, 0, 0, 1].into();
        failures.failed(one);
        assert!(!failures.blocked(one));
        failures.failed(one);
        assert!(failures.blocked(one));
        assert!(!failures.blocked([127, 0, 0, 2].into()));
        std::thread::sleep(Duration::from_millis(60));
        assert!(!failures.blocked(one));
    }
}
