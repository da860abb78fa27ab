//! The threads that play the computer's seats of every game of a server:
//! a pool as large as the machine has cores, shared by all games, each
//! thread taking the next game whose computer is to move. A game waits for
//! a free thread, never a thread for a game; a game's lock is not held
//! while its computer thinks (see [`super::rooms`]), so no game, lobby or
//! screen waits on the computer of another.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::thread::JoinHandle;

/// Work for the pool: a game whose computer is to move.
pub trait Job: Send + Sync {
    /// Thinks and plays one move (or finds there is none to play).
    fn run(&self);
}

/// The pool (see the [module](self)).
pub struct Workers {
    queue: Mutex<Queue>,
    ready: Condvar,
    threads: Mutex<Vec<JoinHandle<()>>>,
    size: usize,
}

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workers")
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

impl Workers {
    /// A pool of `size` threads (at least one), started now.
    ///
    /// # Errors
    /// A thread could not start.
    pub fn start(size: usize) -> std::io::Result<Arc<Workers>> {
        let size = size.max(1);
        let workers = Arc::new(Workers {
            queue: Mutex::new(Queue {
                jobs: VecDeque::new(),
                stopped: false,
            }),
            ready: Condvar::new(),
            threads: Mutex::new(Vec::new()),
            size,
        });
        for i in 0..size {
            let pool = Arc::clone(&workers);
            let thread = std::thread::Builder::new()
                .name(format!("computer-{i}"))
                .spawn(move || pool.work());
            match thread {
                Ok(thread) => workers.threads().push(thread),
                Err(e) => {
                    workers.stop();
                    return Err(e);
                }
            }
        }
        Ok(workers)
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

    /// Queues `job` behind the others (nothing once the pool is stopped;
    /// a job gone before its turn is skipped).
    pub fn push(&self, job: Weak<dyn Job>) {
        let mut queue = self.queue();
        if queue.stopped {
            return;
        }
        queue.jobs.push_back(job);
        drop(queue);
        self.ready.notify_one();
    }

    /// Stops the pool: the jobs waiting are dropped, the threads finish the
    /// move they are on and end; returns once they have.
    pub fn stop(&self) {
        let mut queue = self.queue();
        queue.stopped = true;
        queue.jobs.clear();
        drop(queue);
        self.ready.notify_all();
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
                job.run();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    struct Count(AtomicUsize);

    impl Job for Count {
        fn run(&self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn jobs_run_on_the_pool_until_it_stops() {
        let workers = Workers::start(2).unwrap();
        assert_eq!(workers.size(), 2);
        let count = Arc::new(Count(AtomicUsize::new(0)));
        let job: Arc<dyn Job> = count.clone();
        for _ in 0..10 {
            workers.push(Arc::downgrade(&job));
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while count.0.load(Ordering::SeqCst) < 10 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(count.0.load(Ordering::SeqCst), 10);
        workers.stop();
        workers.push(Arc::downgrade(&job));
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert_eq!(
            count.0.load(Ordering::SeqCst),
            10,
            "a stopped pool runs nothing"
        );
        assert!(cores() >= 1);
    }
}
