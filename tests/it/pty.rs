//! The game in a pseudo-terminal: started with its own session and
//! controlling terminal, driven with keys, clicks, resizes and signals, its
//! screen read back through a terminal emulator (`vt100`), and the terminal
//! checked after it leaves.

// Each test file uses only some of it.
#![allow(dead_code)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process};
use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{LocalModes, Winsize, tcgetattr, tcsetwinsize};

/// How long a test waits for the screen to show something.
pub const WAIT: Duration = Duration::from_secs(15);
/// The window's columns.
pub const COLS: u16 = 100;
/// The window's rows.
pub const ROWS: u16 = 30;

/// The game running in a pseudo-terminal.
pub struct Pty {
    pub child: Child,
    master: File,
    slave: OwnedFd,
    output: Receiver<Vec<u8>>,
    pub raw: Vec<u8>,
    screen: vt100::Parser,
    /// The game's data directory (for its autosaves), when the test gave
    /// it none: so that no test touches the user's.
    _data: Option<tempfile::TempDir>,
}

fn winsize(rows: u16, cols: u16) -> Winsize {
    Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    }
}

impl Pty {
    pub fn start(args: &[&str]) -> Pty {
        Pty::start_with(args, &[])
    }

    /// The game with `args` and `data` as its data directory (for its
    /// autosaves), given to it in its environment.
    pub fn start_in(data: &Path, args: &[&str]) -> Pty {
        let data = data.to_str().unwrap();
        Pty::start_with(args, &[("DICE_OF_DOOM_DATA_DIR", data)])
    }

    /// The game with `args`, with these variables set in its environment
    /// (such as `NO_COLOR`).
    pub fn start_with(args: &[&str], vars: &[(&str, &str)]) -> Pty {
        Pty::start_sized(args, vars, ROWS, COLS)
    }

    /// The game with `args` and `vars` in a window of `rows` by `cols` (a
    /// window of no rows is kept as one row on the emulated screen).
    pub fn start_sized(args: &[&str], vars: &[(&str, &str)], rows: u16, cols: u16) -> Pty {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        let name = ptsname(&master, Vec::new()).unwrap();
        let slave: OwnedFd = File::options()
            .read(true)
            .write(true)
            .open(name.to_str().unwrap())
            .unwrap()
            .into();
        tcsetwinsize(&slave, winsize(rows, cols)).unwrap();
        let stdio = || Stdio::from(slave.try_clone().unwrap());
        let mut command = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"));
        // A data directory of its own unless the test gave one in `vars`
        // (an empty value counts as none, as the game reads it): never the
        // user's, and never one set in this process's environment.
        let data = vars
            .iter()
            .all(|&(name, value)| name != "DICE_OF_DOOM_DATA_DIR" || value.is_empty())
            .then(|| tempfile::tempdir().unwrap());
        if let Some(data) = &data {
            command.env("DICE_OF_DOOM_DATA_DIR", data.path());
        }
        command
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .env_remove("COLUMNS")
            .envs(vars.iter().copied())
            .stdin(stdio())
            .stdout(stdio())
            .stderr(stdio());
        // SAFETY: only async-signal-safe system calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                rustix::process::setsid()?;
                rustix::process::ioctl_tiocsctty(rustix::stdio::stdin())?;
                Ok(())
            });
        }
        let child = command.spawn().unwrap();
        let master = File::from(master);
        let mut reader = master.try_clone().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 || tx.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Pty {
            child,
            master,
            slave,
            output,
            raw: Vec::new(),
            screen: vt100::Parser::new(
                rows.max(1).try_into().unwrap(),
                cols.try_into().unwrap(),
                0,
            ),
            _data: data,
        }
    }

    pub fn send(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).unwrap();
        self.master.flush().unwrap();
    }

    /// A left click at column `x`, row `y` (from 0), as an xterm SGR mouse
    /// press and release.
    pub fn click(&mut self, (x, y): (u16, u16)) {
        let (x, y) = (x + 1, y + 1);
        self.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
    }

    pub fn resize(&mut self, rows: u16, cols: u16) {
        tcsetwinsize(&self.slave, winsize(rows, cols)).unwrap();
        self.screen
            .screen_mut()
            .set_size(rows.try_into().unwrap(), cols.try_into().unwrap());
    }

    pub fn pump(&mut self, timeout: Duration) -> bool {
        match self.output.recv_timeout(timeout) {
            Ok(bytes) => {
                self.screen.process(&bytes);
                self.raw.extend_from_slice(&bytes);
                true
            }
            Err(_) => false,
        }
    }

    /// Reads what the game still writes, until it has been quiet a while.
    pub fn settle(&mut self) {
        while self.pump(Duration::from_millis(300)) {}
    }

    /// The screen's text.
    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Sends a signal to the game.
    pub fn kill(&self, signal: Signal) {
        let pid = i32::try_from(self.child.id()).ok().and_then(Pid::from_raw);
        kill_process(pid.unwrap(), signal).unwrap();
    }

    /// Whether the screen shows `text` within `timeout`.
    pub fn shows_within(&mut self, text: &str, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while !self.contents().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            self.pump(left.min(Duration::from_millis(100)));
        }
        true
    }

    /// Sends `bytes` until the screen shows `text`, each time after waiting
    /// a while for it: for a key that a slow reader could read together
    /// with an unfinished sequence before it.
    pub fn send_until(&mut self, bytes: &[u8], text: &str) {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            self.send(bytes);
            if self.shows_within(text, Duration::from_secs(2)) {
                return;
            }
        }
        self.wait_for(text);
    }

    /// Waits until the screen shows `text`.
    pub fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + WAIT;
        while !self.contents().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let screen = self.contents();
                let _ = self.child.kill();
                let tail = &self.raw[self.raw.len().saturating_sub(600)..];
                panic!(
                    "timed out waiting for {text:?}; the screen:\n{screen}\nthe last output: {:?}",
                    String::from_utf8_lossy(tail)
                );
            }
            self.pump(left.min(Duration::from_millis(200)));
        }
    }

    /// Waits for the game to exit, reading what it still writes; its status.
    pub fn wait_exit(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                while self.pump(Duration::from_millis(100)) {}
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the game did not exit; the screen:\n{}", self.contents());
            }
            self.pump(Duration::from_millis(50));
        }
    }

    /// Waits for the game to exit with status 0 and checks the terminal was
    /// given back.
    pub fn assert_clean_exit(&mut self) {
        self.assert_exit(0);
    }

    /// Waits for the game to exit with `code` and checks the terminal was
    /// given back.
    pub fn assert_exit(&mut self, code: i32) {
        let status = self.wait_exit();
        assert_eq!(status.code(), Some(code), "{status:?}");
        self.assert_restored();
    }

    /// Sends `Ctrl-C` and checks the game exits with 130 within 5 s (for a
    /// loaded machine: it takes milliseconds), the terminal given back.
    pub fn ctrl_c_ends_at_once(&mut self) {
        self.send(b"\x03");
        let started = Instant::now();
        let status = self.wait_exit();
        assert_eq!(status.code(), Some(130), "{status:?}");
        let took = started.elapsed();
        assert!(took < Duration::from_secs(5), "it waited: {took:?}");
        self.assert_restored();
    }

    /// Checks the terminal was given back: the alternate screen left, the
    /// cursor shown, mouse capture off, and the line discipline cooked again.
    pub fn assert_restored(&self) {
        let raw = String::from_utf8_lossy(&self.raw);
        let leave = raw
            .rfind("\x1b[?1049l")
            .expect("the alternate screen is left");
        let enter = raw
            .rfind("\x1b[?1049h")
            .expect("the alternate screen was entered");
        assert!(leave > enter);
        assert!(raw[leave..].contains("\x1b[?25h") || raw[..leave].ends_with("\x1b[?25h"));
        assert!(raw.contains("\x1b[?1000l"), "mouse capture is turned off");
        let modes = tcgetattr(self.slave.as_fd()).unwrap().local_modes;
        assert!(
            modes.contains(LocalModes::ICANON | LocalModes::ECHO),
            "{modes:?}"
        );
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until the file at `path` satisfies `ok`; its text.
pub fn file_until(path: &std::path::Path, ok: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && ok(&text)
        {
            return text;
        }
        assert!(
            Instant::now() < deadline,
            "{} never came right",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The autosaves in the data directory `data`, sorted: the hidden
/// temporary file of a save being written is left out.
pub fn saves(data: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut saves: Vec<std::path::PathBuf> = std::fs::read_dir(data.join("unfinished"))
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    saves.retain(|p| {
        !p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    });
    saves.sort();
    saves
}

/// The only autosave of the data directory `data`, once it is there.
pub fn autosave(data: &std::path::Path) -> std::path::PathBuf {
    let deadline = Instant::now() + WAIT;
    loop {
        let mut saves = saves(data);
        if saves.len() == 1 {
            return saves.remove(0);
        }
        assert!(
            saves.is_empty() && Instant::now() < deadline,
            "not one autosave: {saves:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
