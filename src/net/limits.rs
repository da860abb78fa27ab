//! What one client may cost the server: the bounds ([`Limits`]; the
//! connections are counted by [`crate::net::admission`]), address blocks
//! ([`NetBlocks`]), failed logins rate limited per address block and per
//! user name ([`Failures`]), and a bounded line buffer (a huge paste is
//! cut, never kept whole).

mod blocks;
mod failures;

use std::time::Duration;

pub use blocks::{NetBlocks, NetBlocksError};
pub use failures::Failures;

/// The bounds of a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Logged-in connections at once, from everyone (OpenSSH has no such
    /// bound; `MaxSessions` is per connection).
    pub total: usize,
    /// Logged-in connections at once from one address block
    /// ([`Limits::net_block`]).
    pub per_address: usize,
    /// Connections not logged in yet, at once, from everyone (OpenSSH's
    /// `MaxStartups`): one more closes the oldest of the block holding
    /// the most.
    pub startups: usize,
    /// Connections not logged in yet, at once, from one address block:
    /// one more closes the block's oldest.
    pub startups_per_address: usize,
    /// How long a connection has for the banner, the key exchange and the
    /// login before it is closed (OpenSSH's `LoginGraceTime`).
    pub login_grace: Duration,
    /// How addresses are grouped into blocks for these bounds (OpenSSH's
    /// `PerSourceNetBlockSize`).
    pub net_block: NetBlocks,
    /// Failed login tries one connection may make (OpenSSH's
    /// `MaxAuthTries`); a client's first `none` probe is not one.
    pub tries: usize,
    /// Failed logins one address block may make in
    /// [`Limits::failure_window`] before its next attempts are refused
    /// unheard.
    pub failures: usize,
    /// How long a failed login counts against its address block.
    pub failure_window: Duration,
    /// Failed passwords one user name may be given in
    /// [`Limits::name_failure_window`], from any address, before its next
    /// password is refused unheard.
    pub name_failures: usize,
    /// How long a failed password counts against its user name.
    pub name_failure_window: Duration,
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
            startups: 100,
            startups_per_address: 20,
            login_grace: Duration::from_secs(20),
            net_block: NetBlocks::default(),
            tries: 3,
            failures: 5,
            failure_window: Duration::from_secs(60),
            name_failures: 10,
            name_failure_window: Duration::from_secs(10 * 60),
            idle: Duration::from_secs(30 * 60),
            line_bytes: 4096,
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
#[path = "limits_tests.rs"]
mod tests;
