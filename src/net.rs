//! Dice of Doom across the network (`dice-of-doom serve`): an SSH server
//! whose clients play and watch the server's games, each game one
//! [`Table`](crate::session::Table) that every connected front-end follows.
//!
//! By job: `server` (SSH: logins, channels, the accept loop, and
//! [`server::front_end_for`], where a connection's front-end is chosen),
//! `lobby` (the line mode: lobby and game), `rooms` (the games, their
//! codes, their records in the data directory and their computer seats),
//! `hostkey` (the server's key), `admission` (the accept loop: who gets
//! a connection, and its login deadline), `limits` (what one client may
//! cost), `bounded` (the server's files read with a size bound),
//! `terminal` (a connection with a terminal: its games full screen) and
//! `stopping` (a clean stop on a signal). The computer's seats of all
//! games are played on one [`Pool`](crate::session::Pool) of the server's.
//!
//! The async runtime runs only here: the games and front-ends are the
//! synchronous code of the rest of the program, on threads of their own.

pub mod admission;
pub mod bounded;
pub mod hostkey;
pub mod limits;
pub mod lobby;
pub mod rooms;
pub mod server;
pub mod stopping;
pub mod terminal;
pub mod trim;

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

pub use limits::Limits;
pub use server::Access;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The host key could not be read, made or kept.
    #[error("host key {0}")]
    HostKey(String),
    /// The address could not be listened on.
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
    /// The games' folder could not be read or made.
    #[error("{0}: {1}")]
    Games(PathBuf, std::io::Error),
    /// The runtime could not start, or the server stopped.
    #[error("{0}")]
    Runtime(std::io::Error),
}

/// What `serve` runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (port 0: any free port).
    pub listen: SocketAddr,
    /// Who may log in.
    pub access: Access,
    /// The server's folder: its host key, and its games under `games/`.
    pub dir: PathBuf,
    /// The bounds on clients.
    pub limits: Limits,
    /// How long a dropped player's seat is held for them.
    pub seat_hold: Duration,
    /// The seed the games' codes, deals and computer players are drawn
    /// from; `None`: a random one.
    pub seed: Option<u64>,
    /// The games and computer seats per person and per address.
    pub quota: rooms::Quota,
    /// The memory the games' computers may hold, all together: a new game
    /// whose computer's seats do not fit is refused.
    pub max_memory: crate::analysis::ByteSize,
}

/// How the server stopped: by a signal, cleanly (every client told, every
/// connection closed, every record on disk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The signal's number (`SIGINT`, `SIGTERM` or `SIGHUP`).
    pub signal: i32,
    /// Whether every connection closed in time.
    pub all_closed: bool,
}

/// How long the connections are given to close when the server stops.
const CLOSING: Duration = Duration::from_secs(5);

/// The first of `SIGINT`, `SIGTERM` and `SIGHUP` to arrive, sent on the
/// channel; a second one ends the process at once, as it would have.
fn watch_signals() -> Result<tokio::sync::oneshot::Receiver<i32>, NetError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(NetError::Runtime)?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut caught = signals.forever();
            if let Some(first) = caught.next() {
                let _ = tx.send(first);
            }
            if let Some(second) = caught.next() {
                let _ = signal_hook::low_level::emulate_default_handler(second);
                std::process::exit(128 + second);
            }
        })
        .map_err(NetError::Runtime)?;
    Ok(rx)
}

/// Runs the server until a signal stops it, printing its address (the
/// port bound), the host key's fingerprint and how to join. On `SIGINT`,
/// `SIGTERM` or `SIGHUP` it stops cleanly: it stops listening, closes every
/// game with a word to its screens, tells every client that the server is
/// stopping and its game is kept, closes the connections (waiting for them
/// at most a few seconds), and syncs every game's record to disk, for the
/// next start to resume; a second signal ends it at once.
///
/// # Errors
/// [`NetError`]: the host key, the address or the games' folder.
pub fn serve(options: ServeOptions) -> Result<Stopped, NetError> {
    // Before any of the server's threads start (see `trim`).
    trim::one_arena();
    let key = hostkey::load_or_create(&options.dir)?;
    let games = options.dir.join("games");
    let seed = options.seed.unwrap_or_else(rand::random);
    let config = rooms::RoomsConfig {
        seat_hold: options.seat_hold,
        quota: options.quota,
        max_memory: options.max_memory,
        ..rooms::RoomsConfig::default()
    };
    let rooms = rooms::Rooms::open_with(games.clone(), seed, config)
        .map_err(|e| NetError::Games(games, e))?;
    let signal = watch_signals()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(NetError::Runtime)?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(|e| NetError::Listen(options.listen, e))?;
        let bound = listener.local_addr().map_err(NetError::Runtime)?;
        let mut out = std::io::stdout().lock();
        // Best effort: the server runs on with its output gone.
        let _ = writeln!(out, "listening on {bound}");
        let _ = writeln!(out, "host key {}", hostkey::fingerprint(&key));
        let host = match bound.ip() {
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        let _ = writeln!(out, "join with: ssh -p {} NAME@{host}", bound.port());
        let resumed = rooms.codes();
        if !resumed.is_empty() {
            let _ = writeln!(out, "resumed games: {}", resumed.join(" "));
        }
        // What the games' folder held besides: skipped, moved, set aside.
        for note in rooms.notes() {
            let _ = writeln!(out, "{note}");
        }
        let _ = out.flush();
        drop(out);
        let config = admission::ssh_config(&options.limits, key, options.access.methods());
        let stopping = Arc::new(stopping::Stopping::default());
        let shared = Arc::new(server::Shared {
            access: options.access,
            rooms: Arc::clone(&rooms),
            failures: limits::Failures::new(&options.limits),
            limits: options.limits,
            stopping: Arc::clone(&stopping),
        });
        let signal = tokio::select! {
            result = admission::accept_loop(listener, Arc::new(config), shared) => {
                rooms.close_all();
                return Err(NetError::Runtime(
                    result.err().unwrap_or_else(|| std::io::Error::other("the server stopped")),
                ));
            }
            signal = signal => signal.unwrap_or(SIGTERM),
        };
        // No new connection (the listener is gone); the games closed with a
        // word, the computer's threads ended, the records synced.
        stopping.begin();
        let notice = "the server is stopping: this game is kept, to go on when it is back";
        let closing = Arc::clone(&rooms);
        let synced = tokio::task::spawn_blocking(move || closing.stop(notice))
            .await
            .unwrap_or(Ok(()));
        stopping.stop();
        let all_closed = stopping.closed(CLOSING).await;
        let mut err = std::io::stderr().lock();
        if let Err(failed) = synced {
            for why in failed {
                let _ = writeln!(err, "dice-of-doom: not synced: {why}");
            }
        }
        Ok(Stopped { signal, all_closed })
    })
}
