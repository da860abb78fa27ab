//! Dice of Doom across the network (`dice-of-doom serve`): an SSH server
//! whose clients play and watch the server's games, each game one
//! [`Table`](crate::session::Table) that every connected front-end follows.
//!
//! By job: `server` (SSH: logins, channels, the accept loop, and
//! [`server::front_end_for`], where a connection's front-end is chosen),
//! `lobby` (the line mode: lobby and game), `rooms` (the games, their
//! codes, their records in the data directory and their computer seats),
//! `hostkey` (the server's key), `limits` (what one client may cost) and
//! `terminal` (a connection with a terminal: its games full screen).
//!
//! The async runtime runs only here: the games and front-ends are the
//! synchronous code of the rest of the program, on threads of their own.

pub mod hostkey;
pub mod limits;
pub mod lobby;
pub mod rooms;
pub mod server;
pub mod terminal;
pub mod workers;

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

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
}

/// Runs the server until the process is stopped, printing its address
/// (the port bound), the host key's fingerprint and how to join.
///
/// # Errors
/// [`NetError`]: the host key, the address or the games' folder.
pub fn serve(options: ServeOptions) -> Result<(), NetError> {
    let key = hostkey::load_or_create(&options.dir)?;
    let games = options.dir.join("games");
    let seed = rand::random();
    let rooms = rooms::Rooms::open(games.clone(), seed).map_err(|e| NetError::Games(games, e))?;
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
        let _ = out.flush();
        drop(out);
        let config = russh::server::Config {
            inactivity_timeout: Some(options.limits.idle),
            auth_rejection_time: std::time::Duration::from_secs(1),
            auth_rejection_time_initial: Some(std::time::Duration::ZERO),
            max_auth_attempts: 3,
            keys: vec![key],
            nodelay: true,
            ..Default::default()
        };
        let shared = Arc::new(server::Shared {
            access: options.access,
            rooms: Arc::clone(&rooms),
            failures: limits::Failures::new(&options.limits),
            limits: options.limits,
        });
        let result = server::accept_loop(listener, Arc::new(config), shared).await;
        rooms.close_all();
        result.map_err(NetError::Runtime)
    })
}
