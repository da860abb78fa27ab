//! `cargo bench --bench serve [-- N...]`: N clients on loopback (default 10
//! and 100) in games of `dice-of-doom serve` of 2 to 7 players — players
//! and watchers, ten clients a game, one game in four with computer seats —
//! and what a move costs: the time from a person's move sent to the last
//! screen of its game showing it (median, p95, over every person's move of
//! every game), the bytes each client gets per move (line mode; and full
//! screen, one watcher a game at a pseudo-terminal), the server's memory
//! per idle connection, and its CPU time while the games are played.
//!
//! Each game is played for [`MOVES`] moves (or to its end), every person
//! playing the first move of its menu. `SERVE_BENCH_BIN=path` runs another
//! build of the program as the server (an older one, to compare);
//! `SERVE_BENCH_NO_COMPUTER=1` plays the games with computer seats between
//! people instead (to see what the computer's thinking costs the others).
//! The server deals from a fixed seed ([`SEED`]; `SERVE_BENCH_SEED=N` for
//! another), so that runs deal the same games.
//!
//! `-- soak [SECONDS]` runs honest players and hostile clients together
//! instead ([`soak`]); `--client-threads N` gives the clients' runtime N
//! threads (default 2), to be put on cores of their own with `taskset` so
//! that the server's cost is measured apart.

use std::io::{BufRead as _, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::client::{self, Handle, Msg};
use russh::keys::PublicKeyOrCertificate;
use russh::{Channel, ChannelMsg};

/// The moves each game is played for.
const MOVES: usize = 24;

/// The server's seed (`SERVE_BENCH_SEED` gives another): the same games
/// are dealt at each run, so that runs and builds compare.
const SEED: u64 = 1;

/// The clients of a game (its players, the rest watching).
const PER_GAME: usize = 10;

/// The kinds of game, in turn: the lobby's `new` command, the people
/// playing, and whether some seats are the computer's.
const SHAPES: [(&str, usize); 4] = [
    ("new dicewars 20", 7),
    ("new classic 3", 2),
    ("new lol4 3 computer c,d", 2),
    ("new lol4 3", 4),
];

/// The server's further options for the soak: a short seat hold, so that
/// abandoned games are freed within the soak.
const SOAK_SERVER: &[&str] = &["--seat-hold", "10s"];

#[path = "serve/soak.rs"]
mod soak;

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What a client does in the game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Plays move 1 at each of its turns.
    Player,
    /// Watches in lines.
    Watcher,
    /// Watches full screen (a pseudo-terminal): only its bytes count.
    Screen,
}

struct Client {
    _handle: Handle<Trusting>,
    channel: Channel<Msg>,
    role: Role,
    text: String,
    seen: usize,
}

impl Client {
    async fn open(addr: SocketAddr, user: &str, command: &str, role: Role) -> Client {
        match Client::try_open(addr, None, user, command, role).await {
            Ok(client) => client,
            Err(e) => panic!("{user} could not start {command:?}: {e}"),
        }
    }

    /// A client logged in as `user`, its session running `command`.
    /// A client logged in as `user` from the loopback address `from`
    /// (127.0.0.1 if none), its session running `command`.
    async fn try_open(
        addr: SocketAddr,
        from: Option<std::net::IpAddr>,
        user: &str,
        command: &str,
        role: Role,
    ) -> Result<Client, String> {
        // As OpenSSH does for an interactive session: no Nagle delay on
        // the keys typed.
        let config = Arc::new(client::Config {
            nodelay: true,
            ..Default::default()
        });
        let stream = connect_from(addr, from)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let _ = stream.set_nodelay(true);
        let mut handle = client::connect_stream(config, stream, Trusting)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let auth = handle
            .authenticate_none(user)
            .await
            .map_err(|e| format!("auth: {e}"))?;
        if !auth.success() {
            return Err("login refused".to_string());
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(|e| format!("session: {e}"))?;
        if role == Role::Screen {
            channel
                .request_pty(true, "xterm-256color", 100, 40, 0, 0, &[])
                .await
                .map_err(|e| format!("pty: {e}"))?;
        }
        channel
            .exec(true, command)
            .await
            .map_err(|e| format!("exec: {e}"))?;
        Ok(Client {
            _handle: handle,
            channel,
            role,
            text: String::new(),
            seen: 0,
        })
    }

    /// Reads until `needle` has come, within `wait` for each message.
    async fn wait_for(&mut self, needle: &str, wait: Duration) -> Result<(), String> {
        loop {
            if let Some(at) = self.text[self.seen..].find(needle) {
                self.seen += at + needle.len();
                return Ok(());
            }
            match tokio::time::timeout(wait, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.text.push_str(&String::from_utf8_lossy(&data))
                }
                Ok(Some(_)) => {}
                _ => return Err(format!("no {needle:?}: {}", self.tail())),
            }
        }
    }

    /// The last of what it was sent, for a message.
    fn tail(&self) -> &str {
        let from = self.text.len().saturating_sub(400);
        let from = (from..self.text.len())
            .find(|&i| self.text.is_char_boundary(i))
            .unwrap_or(self.text.len());
        &self.text[from..]
    }

    async fn expect(&mut self, needle: &str) {
        if let Err(e) = self.wait_for(needle, Duration::from_secs(60)).await {
            panic!("{e}");
        }
    }
}

/// A TCP connection to `addr` from the loopback address `from` (the
/// system's choice if none): the soak's hostile clients come from
/// addresses of their own, as they would on a network.
async fn connect_from(
    addr: SocketAddr,
    from: Option<std::net::IpAddr>,
) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    if let Some(from) = from {
        socket.bind(SocketAddr::new(from, 0))?;
    }
    socket.connect(addr).await
}

/// What a client saw while the games were played.
#[derive(Default)]
struct Seen {
    /// When each move's line (`a: ...`) arrived, in the game's order.
    arrivals: Vec<Instant>,
    /// The moves it sent: the game's number of the move, and when.
    sent: Vec<(usize, Instant)>,
    /// The bytes it got.
    bytes: usize,
}

/// A client in the game until it has seen [`MOVES`] moves or the game's
/// end (a full-screen watcher: until `done`).
async fn take_part(mut client: Client, done: tokio::sync::watch::Receiver<bool>) -> Seen {
    let mut seen = Seen::default();
    let mut done = done;
    // The lines before the game was started were read already, but a
    // player's first menu may be among them.
    let mut scanned = 0;
    let mut over = false;
    loop {
        let end = client.text.rfind('\n').map_or(0, |i| i + 1);
        if client.role != Role::Screen && end > scanned {
            let now = Instant::now();
            for line in client.text[scanned..end].lines() {
                if is_move(line) {
                    seen.arrivals.push(now);
                } else if (line.starts_with("your move, ") || line.starts_with("choose your move:"))
                    && client.role == Role::Player
                    && seen.arrivals.len() < MOVES
                {
                    seen.sent.push((seen.arrivals.len(), Instant::now()));
                    client.channel.data(&b"1\n"[..]).await.expect("send");
                } else if line.contains("game over") {
                    over = true;
                }
            }
            scanned = end;
        }
        if client.role != Role::Screen && (over || seen.arrivals.len() >= MOVES) {
            return seen;
        }
        tokio::select! {
            msg = tokio::time::timeout(Duration::from_secs(120), client.channel.wait()) => {
                match msg {
                    Ok(Some(ChannelMsg::Data { data })) => {
                        seen.bytes += data.len();
                        client.text.push_str(&String::from_utf8_lossy(&data));
                    }
                    Ok(Some(_)) => {}
                    _ => panic!("a screen ended: {}", client.text),
                }
            }
            _ = done.changed(), if client.role == Role::Screen => return seen,
        }
    }
}

/// Whether `line` is a move's line (`a: 2 -> 3 ...`, `a: end turn ...`;
/// `a plays 2 -> 3`, `a ends turn` as a computer's move may be said), not
/// a line of the position (`a: 0:4 2:3`, a Dice Wars player's territories).
fn is_move(line: &str) -> bool {
    let b = line.as_bytes();
    if b.len() < 4 || !b[0].is_ascii_lowercase() {
        return false;
    }
    let rest = &line[1..];
    match rest.strip_prefix(": ") {
        Some(said) => said.starts_with("end turn") || said.contains(" -> "),
        None => rest.starts_with(" plays ") || rest == " ends turn",
    }
}

fn proc_field(pid: u32, file: &str, key: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/{file}")).unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}

/// Starts the server on a free loopback port, `extra` its further options.
fn start(data: &std::path::Path, extra: &[&str]) -> (Child, SocketAddr) {
    let program = std::env::var_os("SERVE_BENCH_BIN")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_dice-of-doom").into());
    let seed = std::env::var("SERVE_BENCH_SEED").unwrap_or_else(|_| SEED.to_string());
    let mut child = Command::new(program)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--max-connections",
            "5000",
            "--max-per-address",
            "5000",
            // Every client comes from 127.0.0.1: the games one address
            // may make are raised (the bounds per person stay).
            "--max-games-per-address",
            "100000",
            "--max-computers-per-address",
            "100000",
            "--seed",
            &seed,
        ])
        .args(extra)
        .env("DICE_OF_DOOM_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    let addr = loop {
        let line = lines.next().expect("a line").expect("text");
        if let Some(addr) = line.strip_prefix("listening on ") {
            break addr.parse().expect("an address");
        }
    };
    std::thread::spawn(move || lines.for_each(drop));
    (child, addr)
}

/// The clients of one game, in the lobby's order: players first.
async fn open_game(addr: SocketAddr, g: usize, clients: usize) -> Vec<Client> {
    let (mut command, mut people) = SHAPES[g % SHAPES.len()];
    if command.contains("computer") && std::env::var_os("SERVE_BENCH_NO_COMPUTER").is_some() {
        (command, people) = SHAPES[3];
    }
    if clients < people {
        (command, people) = SHAPES[1];
    }
    let mut first = Client::open(addr, &format!("g{g}p0"), command, Role::Player).await;
    first.expect("others join with `join ").await;
    let code: String = first.text[first.seen..]
        .chars()
        .take_while(|c| *c != '`')
        .collect();
    first.expect("you play a").await;
    let mut game = vec![first];
    for i in 1..clients {
        let (role, command) = match i {
            i if i < people => (Role::Player, format!("join {code}")),
            i if i == people => (Role::Screen, format!("watch {code}")),
            _ => (Role::Watcher, format!("watch {code}")),
        };
        let mut c = Client::open(addr, &format!("g{g}c{i}"), &command, role).await;
        match role {
            Role::Player => c.expect("you play ").await,
            // The screen taken (its start ends with a clear), and its
            // first frame drawn whole (after a clear of its own): the
            // bytes counted are the moves' only.
            Role::Screen => {
                c.expect("\x1b[?1049h").await;
                c.expect("\x1b[2J").await;
                c.expect("\x1b[2J").await;
            }
            Role::Watcher => c.expect(" to move\n").await,
        }
        game.push(c);
    }
    game
}

struct Row {
    n: usize,
    games: usize,
    moves: usize,
    latencies: Vec<Duration>,
    line_bytes: (usize, usize),
    screen_bytes: (usize, usize),
    rss_per_connection: u64,
    cpu: f64,
}

async fn run(n: usize, addr: SocketAddr, pid: u32) -> Row {
    let rss_before = proc_field(pid, "status", "VmRSS:");
    let mut games = Vec::new();
    let mut left = n;
    let mut g = 0;
    while left > 0 {
        let clients = left.clamp(2, PER_GAME);
        games.push(open_game(addr, g, clients).await);
        left = left.saturating_sub(clients);
        g += 1;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_idle = proc_field(pid, "status", "VmRSS:");
    let cpu_before = cpu_ticks(pid);
    let mut playing = Vec::new();
    for game in games {
        let (done, watch) = tokio::sync::watch::channel(false);
        let roles: Vec<Role> = game.iter().map(|c| c.role).collect();
        let tasks: Vec<_> = game
            .into_iter()
            .map(|c| tokio::spawn(take_part(c, watch.clone())))
            .collect();
        playing.push((roles, tasks, done));
    }
    let mut row = Row {
        n,
        games: playing.len(),
        moves: 0,
        latencies: Vec::new(),
        line_bytes: (0, 0),
        screen_bytes: (0, 0),
        rss_per_connection: rss_idle.saturating_sub(rss_before) / n as u64,
        cpu: 0.0,
    };
    for (roles, tasks, done) in playing {
        let mut seen = Vec::new();
        let mut screens = Vec::new();
        for (role, task) in roles.into_iter().zip(tasks) {
            if role == Role::Screen {
                screens.push(task);
            } else {
                seen.push(task.await.expect("a client"));
            }
        }
        let moves = seen.iter().map(|s| s.arrivals.len()).min().unwrap_or(0);
        let _ = done.send(true);
        for task in screens {
            let s = task.await.expect("a screen");
            row.screen_bytes.0 += s.bytes;
            row.screen_bytes.1 += moves;
        }
        row.moves += moves;
        for s in &seen {
            row.line_bytes.0 += s.bytes;
            row.line_bytes.1 += s.arrivals.len();
        }
        for (k, at) in seen.iter().flat_map(|s| s.sent.iter().copied()) {
            let last = seen.iter().filter_map(|s| s.arrivals.get(k)).max().copied();
            if let Some(last) = last {
                row.latencies.push(last.saturating_duration_since(at));
            }
        }
    }
    row.cpu = (cpu_ticks(pid) - cpu_before) as f64 / 100.0;
    row
}

/// The options after `--`: `soak [SECONDS]` or client counts, and
/// `--client-threads N`, the client side's runtime threads (default 2),
/// so that the clients can be given cores of their own (`taskset`).
struct Options {
    soak: Option<u64>,
    sizes: Vec<usize>,
    client_threads: usize,
}

fn options() -> Options {
    let mut options = Options {
        soak: None,
        sizes: Vec::new(),
        client_threads: 2,
    };
    let mut args = std::env::args().skip(1).peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "soak" => {
                let seconds = args.next_if(|a| a.parse::<u64>().is_ok());
                options.soak = Some(
                    seconds
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(soak::SECONDS),
                );
            }
            "--client-threads" => {
                options.client_threads = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| panic!("--client-threads wants a number above 0"));
            }
            _ => options.sizes.extend(arg.parse::<usize>().ok()),
        }
    }
    if options.sizes.is_empty() {
        options.sizes = vec![10, 100];
    }
    options
}

fn main() {
    let options = options();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.client_threads)
        .enable_all()
        .build()
        .expect("runtime");
    if let Some(seconds) = options.soak {
        let data = tempfile::tempdir().expect("a folder");
        let (mut child, addr) = start(data.path(), SOAK_SERVER);
        soak::run(&runtime, addr, child.id(), seconds);
        let _ = child.kill();
        let _ = child.wait();
        return;
    }
    println!(
        "| clients | games | moves | move-to-last-screen median | p95 | B/move/client (lines) | \
         B/move (full screen) | KiB RSS per idle connection | server CPU |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in options.sizes {
        let data = tempfile::tempdir().expect("a folder");
        let (mut child, addr) = start(data.path(), &[]);
        let mut row = runtime.block_on(run(n, addr, child.id()));
        let _ = child.kill();
        let _ = child.wait();
        row.latencies.sort();
        let pick = |q: f64| {
            row.latencies
                .get(((row.latencies.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or_default()
        };
        let per = |(bytes, moves): (usize, usize)| bytes / moves.max(1);
        println!(
            "| {} | {} | {} | {:.1?} | {:.1?} | {} | {} | {} | {:.2} s |",
            row.n,
            row.games,
            row.moves,
            pick(0.5),
            pick(0.95),
            per(row.line_bytes),
            per(row.screen_bytes),
            row.rss_per_connection,
            row.cpu,
        );
    }
}
