//! `cargo bench --bench serve [-- N...]`: N clients on loopback (default 10
//! and 100) in one game of `dice-of-doom serve` — two players, the rest
//! watching — and what a move costs: the time from a move sent to the last
//! watcher's screen showing it (median, p95), the bytes each watcher gets
//! per move, the server's memory per idle connection and its CPU time.

use std::io::{BufRead as _, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::client::{self, Handle, Msg};
use russh::keys::PublicKeyOrCertificate;
use russh::{Channel, ChannelMsg};

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

struct Client {
    _handle: Handle<Trusting>,
    channel: Channel<Msg>,
    text: String,
    seen: usize,
}

impl Client {
    async fn open(addr: SocketAddr, user: &str, command: &str) -> Client {
        let config = Arc::new(client::Config::default());
        let mut handle = client::connect(config, addr, Trusting)
            .await
            .expect("connect");
        assert!(
            handle
                .authenticate_none(user)
                .await
                .expect("auth")
                .success()
        );
        let channel = handle.channel_open_session().await.expect("session");
        channel.exec(true, command).await.expect("exec");
        Client {
            _handle: handle,
            channel,
            text: String::new(),
            seen: 0,
        }
    }

    async fn expect_any(&mut self, needles: &[&str]) -> usize {
        loop {
            let found = needles
                .iter()
                .enumerate()
                .filter_map(|(i, n)| self.text[self.seen..].find(n).map(|at| (at, i, n.len())))
                .min();
            if let Some((at, i, len)) = found {
                self.seen += at + len;
                return i;
            }
            match tokio::time::timeout(Duration::from_secs(30), self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.text.push_str(&String::from_utf8_lossy(&data))
                }
                Ok(Some(_)) => {}
                _ => panic!("no {needles:?}: {}", self.text),
            }
        }
    }
}

/// A watcher's screen until the game is over: when each move's line
/// (`a: ...`) arrived, and the bytes in all.
async fn watch(mut client: Client) -> (Vec<Instant>, usize) {
    let mut arrivals = Vec::new();
    let mut scanned = client.text.rfind('\n').map_or(0, |i| i + 1);
    loop {
        match tokio::time::timeout(Duration::from_secs(60), client.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                client.text.push_str(&String::from_utf8_lossy(&data));
            }
            Ok(Some(_)) => continue,
            _ => panic!("the watcher's screen ended: {}", client.text),
        }
        let now = Instant::now();
        let end = client.text.rfind('\n').map_or(0, |i| i + 1);
        if end <= scanned {
            continue;
        }
        for line in client.text[scanned..end].lines() {
            let b = line.as_bytes();
            if b.len() > 3 && b[0].is_ascii_lowercase() && &b[1..3] == b": " {
                arrivals.push(now);
            }
        }
        scanned = end;
        if client.text[..end].contains("game over") {
            return (arrivals, client.text.len());
        }
    }
}

/// A player's moves (the first of each menu) until the game is over.
async fn play(mut client: Client, sent: Arc<std::sync::Mutex<Vec<Instant>>>) {
    while client.expect_any(&["your move, ", "game over"]).await == 0 {
        sent.lock().expect("not poisoned").push(Instant::now());
        client.channel.data(&b"1\n"[..]).await.expect("send");
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

fn start(data: &std::path::Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--max-connections",
            "2000",
            "--max-per-address",
            "2000",
        ])
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

async fn run(n: usize, addr: SocketAddr, pid: u32) {
    let rss_before = proc_field(pid, "status", "VmRSS:");
    let mut a = Client::open(addr, "ann", "new classic 4").await;
    a.expect_any(&["others join with `join "]).await;
    let code = a.text[a.seen..a.seen + 4].to_string();
    let mut b = Client::open(addr, "bob", &format!("join {code}")).await;
    b.expect_any(&["you play b"]).await;
    let mut watchers = Vec::new();
    for i in 0..n.saturating_sub(2) {
        let mut w = Client::open(addr, &format!("w{i}"), &format!("watch {code}")).await;
        w.expect_any(&[" to move\n"]).await;
        watchers.push(w);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_idle = proc_field(pid, "status", "VmRSS:");
    let cpu_before = cpu_ticks(pid);
    let watching: Vec<_> = watchers
        .into_iter()
        .map(|w| tokio::spawn(watch(w)))
        .collect();
    let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
    tokio::join!(play(a, Arc::clone(&sent)), play(b, Arc::clone(&sent)));
    let sent = sent.lock().expect("not poisoned").clone();
    let moves = sent.len();
    let mut bytes = 0usize;
    let mut latencies: Vec<Duration> = vec![Duration::ZERO; moves];
    for h in watching {
        let (arrivals, text) = h.await.expect("a watcher");
        assert_eq!(arrivals.len(), moves, "a screen a move");
        bytes += text;
        for (k, at) in arrivals.iter().enumerate().take(moves) {
            latencies[k] = latencies[k].max(at.saturating_duration_since(sent[k]));
        }
    }
    let cpu = cpu_ticks(pid) - cpu_before;
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    let watchers = n.saturating_sub(2).max(1);
    println!(
        "{n:>5} clients  {moves:>3} moves  move-to-last-screen median {:>7.2?} p95 {:>7.2?}  \
         {:>5} B/move/watcher  {:>4} KiB RSS per idle connection  server CPU {:.2} s",
        pick(0.5),
        pick(0.95),
        bytes / watchers / moves.max(1),
        (rss_idle.saturating_sub(rss_before)) / n as u64,
        cpu as f64 / 100.0,
    );
}

fn main() {
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![10, 100];
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    for n in sizes {
        let data = tempfile::tempdir().expect("a folder");
        let (mut child, addr) = start(data.path());
        runtime.block_on(run(n, addr, child.id()));
        let _ = child.kill();
        let _ = child.wait();
    }
}
