//! The threads that think for the computer, for every front-end: the
//! full-screen game, the line mode and the server's games. A pool is as
//! large as the machine has cores (at least one thread); its jobs wait in
//! one queue, so that a game waits for a free thread, never a thread for a
//! game. A job is held weakly: one whose owner let it go before its turn
//! is skipped.
//!
//! Each thread runs one job at a time with its searches stoppable (see
//! [`Running`] and [`crate::ai::stoppable`]), catches a job's panic
//! (reported to the job with [`Job::failed`]; the thread goes on), and has
//! a generous stack of its own ([`STACK`]) for deep searches.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Once, PoisonError, Weak};
use std::thread::JoinHandle;

use crate::ai::Stop;

/// The stack of each of a pool's threads: the searches recurse deeply.
pub const STACK: usize = 64 << 20;

/// Work for the pool: one computer's turn, or one set of hints.
pub trait Job: Send + Sync {
    /// Does the work on a pool's thread; its searches stop once `running`
    /// is cancelled ([`Running::cancel`]).
    fn run(&self, running: Running);

    /// [`Job::run`] panicked: why, in words. The pool goes on.
    fn failed(&self, why: String);

    /// The pool stopped before the job's turn: it never runs.
    fn skipped(&self) {}
}

/// A job as it runs on one of the pool's threads: what stops its searches.
#[derive(Clone, Copy, Debug)]
pub struct Running {
    /// The thread's own word on which run is still wanted.
    slot: &'static AtomicU64,
    /// This run's number.
    id: u64,
}

impl Running {
    /// The stop the job's searches read (see [`crate::ai::stoppable`]).
    pub fn stop(&self) -> Stop {
        Stop::new(self.slot, self.id)
    }

    /// Stops the job's searches, as if their time were up; nothing once
    /// the thread has gone on to another job.
    pub fn cancel(&self) {
        let _ = self
            .slot
            .compare_exchange(self.id, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// The number of the next run on any pool's thread (from 1: 0 is none).
static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// The pool (see the [module](self)).
pub struct Pool {
    queue: Mutex<Queue>,
    ready: Condvar,
    threads: Mutex<Vec<JoinHandle<()>>>,
    size: usize,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

struct Queue {
    jobs: VecDeque<Weak<dyn Job>>,
    stopped: bool,
}

/// As many threads as the machine has cores (at least one).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// The pool of the front-ends of this process (the full-screen game and
/// the line mode): [`cores`] threads, started when first asked for and
/// never stopped.
///
/// # Errors
/// A thread could not start.
pub fn shared() -> std::io::Result<Arc<Pool>> {
    static SHARED: Mutex<Option<Arc<Pool>>> = Mutex::new(None);
    let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(pool) = shared.as_ref() {
        return Ok(Arc::clone(pool));
    }
    let pool = Pool::start(cores())?;
    *shared = Some(Arc::clone(&pool));
    Ok(pool)
}

impl Pool {
    /// A pool of `size` threads (at least one), started now.
    ///
    /// # Errors
    /// A thread could not start.
    pub fn start(size: usize) -> std::io::Result<Arc<Pool>> {
        quiet_panics();
        let size = size.max(1);
        let pool = Arc::new(Pool {
            queue: Mutex::new(Queue {
                jobs: VecDeque::new(),
                stopped: false,
            }),
            ready: Condvar::new(),
            threads: Mutex::new(Vec::new()),
            size,
        });
        for i in 0..size {
            let worker = Arc::clone(&pool);
            let thread = std::thread::Builder::new()
                .name(format!("computer-{i}"))
                .stack_size(STACK)
                .spawn(move || worker.work());
            match thread {
                Ok(thread) => pool.threads().push(thread),
                Err(e) => {
                    pool.stop();
                    return Err(e);
                }
            }
        }
        Ok(pool)
    }

    /// The number of threads.
    pub fn size(&self) -> usize {
        self.size
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn threads(&self) -> MutexGuard<'_, Vec<JoinHandle<()>>> {
        self.threads.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `job` behind the others; false (and nothing queued) once
    /// the pool is stopped. A job gone before its turn is skipped.
    pub fn push(&self, job: Weak<dyn Job>) -> bool {
        let mut queue = self.queue();
        if queue.stopped {
            return false;
        }
        queue.jobs.push_back(job);
        drop(queue);
        self.ready.notify_one();
        true
    }

    /// Stops the pool: the jobs waiting are skipped ([`Job::skipped`]),
    /// the threads finish the job they are on and end; returns once they
    /// have.
    pub fn stop(&self) {
        let mut queue = self.queue();
        queue.stopped = true;
        let waiting: Vec<Weak<dyn Job>> = queue.jobs.drain(..).collect();
        drop(queue);
        self.ready.notify_all();
        for job in waiting.iter().filter_map(Weak::upgrade) {
            job.skipped();
        }
        let threads: Vec<JoinHandle<()>> = self.threads().drain(..).collect();
        let me = std::thread::current().id();
        for thread in threads {
            // A job that stops the pool does not wait for itself.
            if thread.thread().id() != me {
                let _ = thread.join();
            }
        }
    }

    fn work(&self) {
        // The thread's word on which run is wanted, for the `Stop` of its
        // searches, which reads a word that lives as long as the program:
        // one word a thread, never freed.
        let slot: &'static AtomicU64 = Box::leak(Box::new(AtomicU64::new(0)));
        loop {
            let job = {
                let mut queue = self.queue();
                loop {
                    if queue.stopped {
                        return;
                    }
                    if let Some(job) = queue.jobs.pop_front() {
                        break job;
                    }
                    queue = self
                        .ready
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            if let Some(job) = job.upgrade() {
                run_one(job.as_ref(), slot);
            }
        }
    }
}

/// Runs `job` on this thread, its panic caught and reported to it.
fn run_one(job: &dyn Job, slot: &'static AtomicU64) {
    let id = NEXT_RUN.fetch_add(1, Ordering::SeqCst);
    slot.store(id, Ordering::SeqCst);
    let running = Running { slot, id };
    let ran = catching(|| job.run(running));
    slot.store(0, Ordering::SeqCst);
    if let Err(why) = ran {
        // A job whose report panics too is given up: the thread goes on.
        let _ = catching(|| job.failed(why));
    }
}

thread_local! {
    /// Whether this thread runs a job whose panic is caught.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// The last panic caught on this thread, in words, with its place.
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f`, its panic caught: why it panicked, in words.
fn catching(f: impl FnOnce()) -> Result<(), String> {
    let before = CATCHING.replace(true);
    let result = catch_unwind(AssertUnwindSafe(f));
    CATCHING.set(before);
    result.map_err(|payload| {
        CAUGHT
            .take()
            .unwrap_or_else(|| format!("panicked: {}", said(payload.as_ref())))
    })
}

/// What a panic said, if it said it in text.
fn said(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

/// Keeps the panics of jobs off the process's panic hook, which would
/// print them (over a full-screen game) or give the terminal back: a
/// job's panic is its owner's to report. Every other panic goes to the
/// hook as before. Installed once, when the first pool starts (the
/// full-screen game starts its pool after taking the terminal, so that
/// this hook comes before the terminal's).
fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CATCHING.get() {
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let why = format!("panicked{place}: {}", said(info.payload()));
                CAUGHT.set(Some(why));
            } else {
                previous(info);
            }
        }));
    });
}

#[cfg(test)]
#[path = "pool_tests.rs"]
mod tests;
