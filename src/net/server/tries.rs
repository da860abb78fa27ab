//! A connection's login tries: at most [`Limits::tries`] failed ones (a
//! client's first `none` probe is no try, as in OpenSSH), the last
//! answered with no method left; and the attempts refused unheard, for an
//! address block or a user name that failed too often lately.
//!
//! [`Limits::tries`]: crate::net::limits::Limits::tries

use russh::server::Auth;

use super::Client;

impl Client {
    /// Refuses a key: it counts against the address once, if no other
    /// login of the connection succeeds (a client offers its keys in turn).
    pub(super) fn refuse_key(&mut self) -> Auth {
        self.key_refused = true;
        self.failed_try()
    }

    /// Refuses a wrong password: it counts against the address block and
    /// against the user name.
    pub(super) fn refuse(&mut self, user: &str) -> Auth {
        self.shared.failures.failed(self.address);
        self.shared.failures.name_failed(user);
        self.failed_try()
    }

    /// Counts a failed try; the last one allowed is answered with no
    /// method left to try, and every later one is refused unheard.
    pub(super) fn failed_try(&mut self) -> Auth {
        self.tries += 1;
        if self.tries >= self.shared.limits.tries {
            return Auth::Reject {
                proceed_with_methods: Some(russh::MethodSet::empty()),
                partial_success: false,
            };
        }
        self.reject()
    }

    /// A refusal unheard, for a connection out of tries, an address block
    /// failing too often, or (`name`: for a password) a user name given
    /// too many wrong passwords lately; `None` if the attempt is heard.
    pub(super) fn unheard(&mut self, name: Option<&str>) -> Option<Auth> {
        let failures = &self.shared.failures;
        let out = self.tries >= self.shared.limits.tries;
        if out || failures.blocked(self.address) || name.is_some_and(|n| failures.name_blocked(n)) {
            return Some(self.failed_try());
        }
        None
    }
}
