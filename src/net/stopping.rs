//! A clean stop of the server (`SIGINT`, `SIGTERM`, `SIGHUP`): the
//! connections open, each told that the server is stopping and its game
//! kept, then closed; the server waits (a while) until they are.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::limits::Input;
use super::terminal::Terminal;

/// What a client reads when the server stops.
pub const STOPPING: &str = "dice-of-doom: the server is stopping; your game is kept: \
join it again (same name, same code) when the server is back";

/// The connections of a server, to stop them all.
#[derive(Debug, Default)]
pub struct Stopping {
    stopping: AtomicBool,
    next: AtomicU64,
    open: Mutex<BTreeMap<u64, Open>>,
}

#[derive(Debug)]
struct Open {
    input: Sender<Input>,
    terminal: Option<Arc<Terminal>>,
}

/// A connection's place in [`Stopping`]; dropped when the connection's
/// last word is sent.
#[derive(Debug)]
pub struct Registered {
    stopping: Arc<Stopping>,
    id: u64,
}

impl Drop for Registered {
    fn drop(&mut self) {
        self.stopping.lock().remove(&self.id);
    }
}

impl Stopping {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<u64, Open>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the server is stopping.
    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Registers a connection: its input (to end it) and its terminal (to
    /// end a game on screen). A connection opened while the server stops
    /// is ended at once.
    pub fn register(
        self: &Arc<Stopping>,
        input: Sender<Input>,
        terminal: Option<Arc<Terminal>>,
    ) -> Registered {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let open = Open { input, terminal };
        let mut connections = self.lock();
        if self.is_stopping() {
            end(&open);
        }
        connections.insert(id, open);
        Registered {
            stopping: Arc::clone(self),
            id,
        }
    }

    /// Marks the server as stopping: from now on a connection's thread
    /// that ends says [`STOPPING`] before it closes the connection.
    pub fn begin(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Ends every connection: a game on screen is left, the input ends
    /// (the connection's thread then says [`STOPPING`] and closes it).
    pub fn stop(&self) {
        let connections = self.lock();
        self.stopping.store(true, Ordering::SeqCst);
        for open in connections.values() {
            end(open);
        }
    }

    /// The connections not closed yet.
    pub fn open(&self) -> usize {
        self.lock().len()
    }

    /// Waits until every connection is closed, at most `limit`; whether
    /// they all were.
    pub async fn closed(&self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        while self.open() > 0 {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        true
    }
}

fn end(open: &Open) {
    if let Some(terminal) = &open.terminal {
        terminal.close();
    }
    let _ = open.input.send(Input::End);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopping_ends_every_connection_even_one_opened_after() {
        let stopping = Arc::new(Stopping::default());
        let (input, lines) = std::sync::mpsc::channel();
        let first = stopping.register(input.clone(), None);
        assert!(!stopping.is_stopping());
        stopping.stop();
        assert_eq!(lines.try_recv(), Ok(Input::End));
        let late = stopping.register(input, None);
        assert_eq!(
            lines.try_recv(),
            Ok(Input::End),
            "a late one is ended at once"
        );
        assert_eq!(stopping.open(), 2);
        drop((first, late));
        assert_eq!(stopping.open(), 0);
    }
}
