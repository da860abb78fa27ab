//! Who gets a connection: the accept loop and its [`Admission`], which
//! counts connections in two kinds, by address block
//! ([`NetBlocks`](super::limits::NetBlocks)):
//!
//! - **unfinished** ones, from the TCP accept until the login succeeds:
//!   at most [`Limits::startups`] at once, [`Limits::startups_per_address`]
//!   from one block. One more never waits and is never refused: it closes
//!   the oldest unfinished connection of its own block if that block is
//!   full, else, when all are, the oldest of the block holding the most
//!   (OpenSSH's `MaxStartups` drops new connections at random instead).
//!   Silent sockets, however many, thus only ever push out each other and
//!   the oldest: a client that logs in promptly always gets through. Each
//!   is also closed when [`Limits::login_grace`] passes without a login
//!   ([`Guarded`]: the banner, the key exchange and the login together,
//!   OpenSSH's `LoginGraceTime`);
//! - **logged-in** ones: at most [`Limits::total`], [`Limits::per_address`]
//!   from one block. A login past either bound is told so and closed
//!   ([`Ticket::log_in`]).

mod guarded;

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::oneshot;

pub use guarded::Guarded;

use super::limits::{Limits, NetBlocks};
use super::server::{Client, Shared};

/// What becomes of an unfinished connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It logged in: no deadline any more.
    LoggedIn,
    /// It is closed to make room for a newer one.
    Close,
}

/// Why a login was turned away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Full {
    /// The address block has its logged-in connections already.
    #[error("too many connections from your address (at most {0}); close one and come again")]
    Address(usize),
    /// The server has its logged-in connections already.
    #[error("the server is full (at most {0} connections); come again later")]
    Total(usize),
    /// The connection was already closed to make room.
    #[error("this connection was closed to make room for others")]
    Closed,
}

/// The connections of a server, counted by kind and by address block.
#[derive(Debug)]
pub struct Admission {
    limits: Limits,
    blocks: NetBlocks,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    next: u64,
    /// The unfinished connections, oldest first (ids grow with time).
    unfinished: BTreeMap<u64, Pending>,
    unfinished_by_block: HashMap<IpAddr, usize>,
    logged_in_by_block: HashMap<IpAddr, usize>,
    logged_in: usize,
}

#[derive(Debug)]
struct Pending {
    block: IpAddr,
    verdict: oneshot::Sender<Verdict>,
}

/// One connection's place in its [`Admission`]; dropping it (when the
/// connection ends) frees the place.
#[derive(Debug)]
pub struct Ticket {
    admission: Arc<Admission>,
    id: u64,
    block: IpAddr,
    logged_in: AtomicBool,
}

fn decrement(counts: &mut HashMap<IpAddr, usize>, block: IpAddr) {
    if let Some(n) = counts.get_mut(&block) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            counts.remove(&block);
        }
    }
}

impl State {
    /// Closes unfinished connection `id`: it is told, and no longer counted.
    fn close(&mut self, id: u64) {
        if let Some(pending) = self.unfinished.remove(&id) {
            decrement(&mut self.unfinished_by_block, pending.block);
            let _ = pending.verdict.send(Verdict::Close);
        }
    }

    /// The oldest unfinished connection of `block`.
    fn oldest_of(&self, block: IpAddr) -> Option<u64> {
        self.unfinished
            .iter()
            .find(|(_, p)| p.block == block)
            .map(|(id, _)| *id)
    }

    /// The oldest unfinished connection of the blocks holding the most.
    fn oldest_of_the_most(&self) -> Option<u64> {
        let most = self.unfinished_by_block.values().copied().max()?;
        self.unfinished
            .iter()
            .find(|(_, p)| self.unfinished_by_block.get(&p.block) == Some(&most))
            .map(|(id, _)| *id)
    }
}

impl Admission {
    /// The connections of a server bounded by `limits`.
    pub fn new(limits: &Limits) -> Arc<Admission> {
        Arc::new(Admission {
            limits: *limits,
            blocks: limits.net_block,
            state: Mutex::new(State::default()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Lets a new connection from `address` in, unfinished, closing an
    /// older unfinished one if a bound is reached (see the module); its
    /// ticket, and where its verdict will come.
    pub fn admit(self: &Arc<Admission>, address: IpAddr) -> (Ticket, oneshot::Receiver<Verdict>) {
        let block = self.blocks.block(address);
        let (tx, rx) = oneshot::channel();
        let mut state = self.lock();
        let mine = state.unfinished_by_block.get(&block).copied().unwrap_or(0);
        if mine >= self.limits.startups_per_address.max(1) {
            if let Some(oldest) = state.oldest_of(block) {
                state.close(oldest);
            }
        } else if state.unfinished.len() >= self.limits.startups.max(1)
            && let Some(oldest) = state.oldest_of_the_most()
        {
            state.close(oldest);
        }
        let id = state.next;
        state.next += 1;
        state.unfinished.insert(id, Pending { block, verdict: tx });
        *state.unfinished_by_block.entry(block).or_default() += 1;
        drop(state);
        let ticket = Ticket {
            admission: Arc::clone(self),
            id,
            block,
            logged_in: AtomicBool::new(false),
        };
        (ticket, rx)
    }

    /// The unfinished connections, and the logged-in ones.
    pub fn counts(&self) -> (usize, usize) {
        let state = self.lock();
        (state.unfinished.len(), state.logged_in)
    }
}

impl Ticket {
    /// Counts the connection as logged in, if the bounds on logged-in
    /// connections allow; its deadline then no longer applies.
    ///
    /// # Errors
    /// [`Full`]: the block or the server has its logged-in connections
    /// already, or the connection was closed to make room.
    pub fn log_in(&self) -> Result<(), Full> {
        if self.is_logged_in() {
            return Ok(());
        }
        let limits = &self.admission.limits;
        let mut state = self.admission.lock();
        if !state.unfinished.contains_key(&self.id) {
            return Err(Full::Closed);
        }
        let mine = state
            .logged_in_by_block
            .get(&self.block)
            .copied()
            .unwrap_or(0);
        if mine >= limits.per_address {
            return Err(Full::Address(limits.per_address));
        }
        if state.logged_in >= limits.total {
            return Err(Full::Total(limits.total));
        }
        if let Some(pending) = state.unfinished.remove(&self.id) {
            decrement(&mut state.unfinished_by_block, self.block);
            let _ = pending.verdict.send(Verdict::LoggedIn);
        }
        *state.logged_in_by_block.entry(self.block).or_default() += 1;
        state.logged_in += 1;
        self.logged_in.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Whether the connection is counted as logged in.
    pub fn is_logged_in(&self) -> bool {
        self.logged_in.load(Ordering::SeqCst)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.admission.lock();
        if self.is_logged_in() {
            decrement(&mut state.logged_in_by_block, self.block);
            state.logged_in = state.logged_in.saturating_sub(1);
        } else if state.unfinished.remove(&self.id).is_some() {
            decrement(&mut state.unfinished_by_block, self.block);
        }
    }
}

/// Accepts connections on `listener` for ever, each admitted by an
/// [`Admission`] and guarded by its deadline.
///
/// # Errors
/// Accepting failed for good.
pub async fn accept_loop(
    listener: tokio::net::TcpListener,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
) -> std::io::Result<()> {
    let admission = Admission::new(&shared.limits);
    loop {
        let (socket, peer): (tokio::net::TcpStream, SocketAddr) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors and the like: wait and go on.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        let (ticket, verdict) = admission.admit(peer.ip());
        // What `config.nodelay` asks, which `run_stream` leaves to its
        // caller: without it a screen's second write waits for the
        // client's delayed acknowledgement (some 40 ms).
        if config.nodelay {
            let _ = socket.set_nodelay(true);
        }
        let stream = Guarded::new(socket, verdict, shared.limits.login_grace);
        let client = Client::new(Arc::clone(&shared), peer.ip(), ticket);
        let config = Arc::clone(&config);
        tokio::spawn(async move {
            if let Ok(session) = russh::server::run_stream(config, stream, client).await {
                let _ = session.await;
            }
        });
    }
}

/// The SSH settings of a server bounded by `limits`: a failed login is
/// answered after a second (the first `none` probe at once), the login
/// tries are counted by the server's handler (a client's first `none`
/// probe is not one, as in OpenSSH), with russh's own count as a backstop
/// a little above them.
pub fn ssh_config(
    limits: &Limits,
    key: russh::keys::PrivateKey,
    methods: russh::MethodSet,
) -> russh::server::Config {
    russh::server::Config {
        inactivity_timeout: Some(limits.idle),
        auth_rejection_time: std::time::Duration::from_secs(1),
        auth_rejection_time_initial: Some(std::time::Duration::ZERO),
        max_auth_attempts: limits.tries + 2,
        keys: vec![key],
        methods,
        nodelay: true,
        ..Default::default()
    }
}

#[cfg(test)]
#[path = "admission_tests.rs"]
mod tests;
