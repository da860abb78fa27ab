//! `cargo bench --bench serve -- soak [SECONDS]`: honest players and
//! hostile clients at one server together, for minutes (default
//! [`SECONDS`]), and what it cost the server.
//!
//! - Honest tables ([`TABLES`] at once): games made and played to their end
//!   or [`MOVES`] moves, then left (finished and abandoned games), with
//!   `perfect` and `chance` seats among them; the time from each person's
//!   move sent to every client of its game having seen it is recorded.
//! - Churn: clients that log in, ask for the list or open a screen, and
//!   drop, one after another.
//! - Half-open: [`SILENT`] TCP connections that never speak, each opened
//!   again a second after the server closes it.
//! - Garbage: connections that send random bytes instead of SSH, and
//!   logged-in clients that type random bytes (escapes and all) at the
//!   lobby and at a game's screen, with window changes.
//!
//! The honest players come from 127.0.0.1, each kind of hostile client
//! from a loopback address of its own (127.0.0.2 to 127.0.0.4), as on a
//! network, where a flood from one address block must not lock out the
//! others. The server's RSS is read every second; the report gives it every ten
//! seconds, its peak, and its value after every client has left. Any exit
//! of the server during the soak counts as a crash. Everything random is
//! drawn from fixed seeds.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::{Rng as _, RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use russh::ChannelMsg;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use super::{Client, Role, connect_from, is_move, proc_field};

/// How long the server is watched after every client has gone.
const SETTLE: Duration = Duration::from_secs(30);
/// How long the soak runs unless told.
pub const SECONDS: u64 = 120;
/// Honest games played at once.
const TABLES: usize = 8;
/// Silent connections held at once.
const SILENT: usize = 100;
/// Clients logging in and dropping at once.
const CHURN: usize = 4;
/// Garbage senders at once.
const GARBAGE: usize = 2;
/// The moves a game is played for before its players leave it.
const MOVES: usize = 40;
/// The longest an honest client waits for what it expects.
const WAIT: Duration = Duration::from_secs(30);

/// Where the silent connections come from.
const SILENCERS: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
/// Where the garbage comes from.
const GARBLERS: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3));
/// Where the logins that drop come from.
const CHURNERS: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 4));

/// The honest games, in turn: the lobby's `new`, and the people in it.
const GAMES: [(&str, usize); 4] = [
    ("new classic 3", 2),
    ("new classic 3 computer b=perfect", 1),
    ("new lol4 3 players 3 computer c=chance", 2),
    ("new dicewars 12 players 3 computer c=chance", 2),
];

/// What the soak counted.
#[derive(Default)]
struct Counts {
    games: AtomicUsize,
    finished: AtomicUsize,
    moves: AtomicUsize,
    honest_failures: AtomicUsize,
    churned: AtomicUsize,
    silent: AtomicUsize,
    garbage: AtomicUsize,
    /// The first honest failures, in words.
    failures: std::sync::Mutex<Vec<String>>,
}

/// Keeps the first few honest failures' words for the report.
fn note_failure(counts: &Counts, why: String) {
    if let Ok(mut failures) = counts.failures.lock()
        && failures.len() < 5
    {
        failures.push(why);
    }
}

/// Runs the soak against the server `pid` listening at `addr`, for
/// `seconds`, and prints its report.
pub fn run(runtime: &tokio::runtime::Runtime, addr: SocketAddr, pid: u32, seconds: u64) {
    let counts = Arc::new(Counts::default());
    let stop = Arc::new(AtomicBool::new(false));
    let start_rss = proc_field(pid, "status", "VmRSS:");
    let samples = Arc::new(std::sync::Mutex::new(Vec::<(u64, u64)>::new()));
    let sampler = {
        let (samples, stop) = (Arc::clone(&samples), Arc::clone(&stop));
        std::thread::spawn(move || {
            let begun = Instant::now();
            while !stop.load(Ordering::SeqCst) {
                let rss = proc_field(pid, "status", "VmRSS:");
                if let Ok(mut s) = samples.lock() {
                    s.push((begun.elapsed().as_secs(), rss));
                }
                std::thread::sleep(Duration::from_secs(1));
            }
        })
    };
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let latencies = runtime.block_on(async {
        let mut tasks = Vec::new();
        for t in 0..TABLES {
            tasks.push(tokio::spawn(tables(addr, t, deadline, Arc::clone(&counts))));
        }
        let mut others = Vec::new();
        for i in 0..SILENT {
            others.push(tokio::spawn(silent(addr, i, deadline, Arc::clone(&counts))));
        }
        for i in 0..CHURN {
            others.push(tokio::spawn(churn(addr, i, deadline, Arc::clone(&counts))));
        }
        for i in 0..GARBAGE {
            others.push(tokio::spawn(garbage(
                addr,
                i,
                deadline,
                Arc::clone(&counts),
            )));
        }
        let mut latencies = Vec::new();
        for task in tasks {
            if let Ok(mut l) = task.await {
                latencies.append(&mut l);
            }
        }
        for task in others {
            let _ = task.await;
        }
        latencies
    });
    let left_at = samples.lock().map(|s| s.len()).unwrap_or(0);
    // Every client gone: the server settles.
    std::thread::sleep(SETTLE);
    stop.store(true, Ordering::SeqCst);
    let _ = sampler.join();
    let alive = std::path::Path::new(&format!("/proc/{pid}")).exists();
    let end_rss = proc_field(pid, "status", "VmRSS:");
    let threads = proc_field(pid, "status", "Threads:");
    let listed = runtime.block_on(async {
        let mut c = Client::try_open(addr, None, "after", "list", Role::Watcher)
            .await
            .ok()?;
        while let Ok(Some(msg)) =
            tokio::time::timeout(Duration::from_secs(2), c.channel.wait()).await
        {
            if let ChannelMsg::Data { data } = msg {
                c.text.push_str(&String::from_utf8_lossy(&data));
            }
        }
        Some(c.text)
    });
    println!(
        "after the soak: {threads} threads; `list` says:\n{}",
        listed.unwrap_or_default()
    );
    report(
        &counts,
        latencies,
        &samples.lock().map(|s| s.clone()).unwrap_or_default(),
        (start_rss, end_rss, left_at),
        alive,
    );
}

fn report(
    counts: &Counts,
    mut latencies: Vec<Duration>,
    samples: &[(u64, u64)],
    (start_rss, end_rss, left_at): (u64, u64, usize),
    alive: bool,
) {
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    let peak = samples.iter().map(|&(_, r)| r).max().unwrap_or(0);
    let at_leave = samples
        .get(left_at.saturating_sub(1))
        .map_or(0, |&(_, r)| r);
    println!("| second | server RSS (MiB) |");
    println!("|---:|---:|");
    for (s, rss) in samples.iter().filter(|(s, _)| s.is_multiple_of(10)) {
        println!("| {s} | {:.1} |", *rss as f64 / 1024.0);
    }
    let mib = |k: u64| k as f64 / 1024.0;
    let n = |c: &AtomicUsize| c.load(Ordering::SeqCst);
    println!();
    println!(
        "RSS: {:.1} MiB at start, peak {:.1} MiB, {:.1} MiB as the clients left, \
         {:.1} MiB {} s after",
        mib(start_rss),
        mib(peak),
        mib(at_leave),
        mib(end_rss),
        SETTLE.as_secs()
    );
    println!(
        "honest: {} games made, {} played to their end, {} moves, move-to-every-screen \
         median {:.1?} p95 {:.1?} max {:.1?}, {} failures",
        n(&counts.games),
        n(&counts.finished),
        n(&counts.moves),
        pick(0.5),
        pick(0.95),
        pick(1.0),
        n(&counts.honest_failures),
    );
    if let Ok(failures) = counts.failures.lock() {
        for why in failures.iter() {
            println!("  honest failure: {why}");
        }
    }
    println!(
        "hostile: {} logins dropped, {} silent connections closed by the server, \
         {} garbage clients",
        n(&counts.churned),
        n(&counts.silent),
        n(&counts.garbage)
    );
    println!(
        "crashes: {}",
        if alive {
            "0 (the server runs)"
        } else {
            "1 (the server exited)"
        }
    );
}

/// One honest table: games made, played and left until the deadline;
/// the latencies of its people's moves.
async fn tables(
    addr: SocketAddr,
    t: usize,
    deadline: Instant,
    counts: Arc<Counts>,
) -> Vec<Duration> {
    let mut latencies = Vec::new();
    let mut g = t;
    while Instant::now() < deadline {
        let (command, people) = GAMES[g % GAMES.len()];
        match tokio::time::timeout(
            Duration::from_secs(300),
            table(addr, g, command, people, &counts),
        )
        .await
        {
            Ok(Ok(mut l)) => latencies.append(&mut l),
            Ok(Err(why)) => {
                counts.honest_failures.fetch_add(1, Ordering::SeqCst);
                note_failure(&counts, why);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(_) => {
                counts.honest_failures.fetch_add(1, Ordering::SeqCst);
                note_failure(&counts, "a game took more than 300 s".to_string());
            }
        }
        g += TABLES;
    }
    latencies
}

/// One game: made, joined, one watcher, played; its latencies.
async fn table(
    addr: SocketAddr,
    g: usize,
    command: &str,
    people: usize,
    counts: &Counts,
) -> Result<Vec<Duration>, String> {
    let mut first = Client::try_open(addr, None, &format!("s{g}p0"), command, Role::Player).await?;
    first.wait_for("others join with `join ", WAIT).await?;
    let rest = &first.text[first.seen..];
    let code: String = rest.chars().take_while(|c| *c != '`').collect();
    first.wait_for("you play a", WAIT).await?;
    counts.games.fetch_add(1, Ordering::SeqCst);
    let mut clients = vec![first];
    for i in 1..=people {
        let (role, command) = if i < people {
            (Role::Player, format!("join {code}"))
        } else {
            (Role::Watcher, format!("watch {code}"))
        };
        let mut c = Client::try_open(addr, None, &format!("s{g}c{i}"), &command, role).await?;
        match role {
            Role::Player => c.wait_for("you play ", WAIT).await?,
            _ => c.wait_for(" to move\n", WAIT).await?,
        }
        clients.push(c);
    }
    let tasks: Vec<_> = clients.into_iter().map(|c| tokio::spawn(play(c))).collect();
    let mut seen = Vec::new();
    for task in tasks {
        seen.push(task.await.map_err(|e| e.to_string())??);
    }
    let moves = seen.iter().map(|s| s.arrivals.len()).min().unwrap_or(0);
    counts.moves.fetch_add(moves, Ordering::SeqCst);
    if seen.iter().any(|s| s.over) {
        counts.finished.fetch_add(1, Ordering::SeqCst);
    }
    let mut latencies = Vec::new();
    for (k, at) in seen.iter().flat_map(|s| s.sent.iter().copied()) {
        if let Some(last) = seen.iter().filter_map(|s| s.arrivals.get(k)).max() {
            latencies.push(last.saturating_duration_since(at));
        }
    }
    Ok(latencies)
}

struct Played {
    arrivals: Vec<Instant>,
    sent: Vec<(usize, Instant)>,
    over: bool,
}

/// A client of a game until [`MOVES`] moves or its end.
async fn play(mut client: Client) -> Result<Played, String> {
    let mut played = Played {
        arrivals: Vec::new(),
        sent: Vec::new(),
        over: false,
    };
    let mut scanned = 0;
    loop {
        let end = client.text.rfind('\n').map_or(0, |i| i + 1);
        if end > scanned {
            let now = Instant::now();
            let mut send = false;
            for line in client.text[scanned..end].lines() {
                if is_move(line) {
                    played.arrivals.push(now);
                } else if (line.starts_with("your move, ") || line.starts_with("choose your move:"))
                    && client.role == Role::Player
                    && played.arrivals.len() < MOVES
                {
                    send = true;
                } else if line.contains("game over") {
                    played.over = true;
                }
            }
            scanned = end;
            if send {
                played.sent.push((played.arrivals.len(), Instant::now()));
                client
                    .channel
                    .data(&b"1\n"[..])
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        if played.over || played.arrivals.len() >= MOVES {
            return Ok(played);
        }
        match tokio::time::timeout(WAIT, client.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                client.text.push_str(&String::from_utf8_lossy(&data));
            }
            Ok(Some(_)) => {}
            _ => return Err(format!("a client waited in vain: {}", client.tail())),
        }
    }
}

/// Clients that log in, look, and drop, until the deadline.
async fn churn(addr: SocketAddr, i: usize, deadline: Instant, counts: Arc<Counts>) {
    let mut k = 0usize;
    while Instant::now() < deadline {
        let (command, role) = if k % 3 == 2 {
            ("watch ZZZZ", Role::Screen)
        } else {
            ("list", Role::Watcher)
        };
        if let Ok(Ok(mut c)) = tokio::time::timeout(
            WAIT,
            Client::try_open(
                addr,
                Some(CHURNERS),
                &format!("churn{i}x{k}"),
                command,
                role,
            ),
        )
        .await
        {
            // Read a little, then drop without a word.
            let _ = tokio::time::timeout(Duration::from_millis(200), c.channel.wait()).await;
            counts.churned.fetch_add(1, Ordering::SeqCst);
        }
        k += 1;
    }
}

/// A connection that never speaks, opened again a second after the server
/// closes it, until the deadline.
async fn silent(addr: SocketAddr, _i: usize, deadline: Instant, counts: Arc<Counts>) {
    while Instant::now() < deadline {
        let Ok(Ok(mut socket)) =
            tokio::time::timeout(WAIT, connect_from(addr, Some(SILENCERS))).await
        else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let mut buffer = [0u8; 1024];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, socket.read(&mut buffer)).await {
                // Closed by the server.
                Ok(Ok(0) | Err(_)) => {
                    counts.silent.fetch_add(1, Ordering::SeqCst);
                    // A second before the next: sockets held, not a
                    // flood of connections.
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    break;
                }
                // The server's banner: read and go on saying nothing.
                Ok(Ok(_)) => {}
                // The deadline.
                Err(_) => return,
            }
        }
    }
}

/// Garbage instead of SSH, and garbage typed by a logged-in client at
/// the lobby and at a game's screen, until the deadline.
async fn garbage(addr: SocketAddr, i: usize, deadline: Instant, counts: Arc<Counts>) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed + i as u64);
    let mut k = 0usize;
    while Instant::now() < deadline {
        let mut bytes = vec![0u8; rng.random_range(1..8192)];
        rng.fill_bytes(&mut bytes);
        if k.is_multiple_of(2) {
            if let Ok(Ok(mut socket)) =
                tokio::time::timeout(WAIT, connect_from(addr, Some(GARBLERS))).await
            {
                let _ = socket.write_all(&bytes).await;
                let mut sink = [0u8; 1024];
                while let Ok(Ok(n)) =
                    tokio::time::timeout(Duration::from_secs(2), socket.read(&mut sink)).await
                {
                    if n == 0 {
                        break;
                    }
                }
            }
        } else {
            let role = if k % 4 == 1 {
                Role::Watcher
            } else {
                Role::Screen
            };
            let command = if role == Role::Screen {
                "new lol4 3 computer b=chance"
            } else {
                "help"
            };
            if let Ok(Ok(c)) = tokio::time::timeout(
                WAIT,
                Client::try_open(addr, Some(GARBLERS), &format!("junk{i}x{k}"), command, role),
            )
            .await
            {
                for chunk in bytes.chunks(512) {
                    if c.channel.data(chunk).await.is_err() {
                        break;
                    }
                    if role == Role::Screen {
                        let (w, h) = (rng.random_range(0..400), rng.random_range(0..200));
                        let _ = c.channel.window_change(w, h, 0, 0).await;
                    }
                }
                let _ = c.channel.data(&b"\nquit\n"[..]).await;
                let _ = tokio::time::timeout(Duration::from_millis(200), async {
                    let mut c = c;
                    while c.channel.wait().await.is_some() {}
                })
                .await;
            }
        }
        counts.garbage.fetch_add(1, Ordering::SeqCst);
        k += 1;
    }
}
