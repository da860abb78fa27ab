//! df-pn on several threads sharing one cache of proven bounds.
//!
//! Every thread runs the same df-pn test from the start over a
//! [`SharedCache`]: each stores what it learns there, reads its children
//! again as it goes (so that what another thread proved is seen), and
//! steers clear of the positions other threads are in (virtual proof
//! numbers, see [`select_apart`](super::dfpn)). The first thread to settle
//! the test gives its answer and the others stop.
//!
//! The value proven does not depend on the threads: every bound any thread
//! stores is proven, and a test answers only when the start's bounds settle
//! it. How many positions are searched, and which of several moves that
//! keep the value is given as the best, may change from run to run.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::dfpn::DfPn;
use super::shared::{SharedCache, SharedView};
use super::{PROOF_CHECK_EVERY, ProofProgress, Prover, Rank};
use crate::game::{Codec, Position, Rules};

/// The stack of each thread: a proof goes as deep as the game is long.
const STACK: usize = 64 << 20;

/// The parallel df-pn prover.
#[derive(Debug)]
pub(super) struct Parallel<'a> {
    rules: &'a Rules,
    codec: &'a Codec,
    start: Position,
    cache: SharedCache,
    threads: usize,
    /// Positions searched by every thread over every test.
    nodes: u64,
}

impl<'a> Parallel<'a> {
    /// A prover of `start` on `threads` threads (at least two) sharing
    /// `cache`.
    pub(super) fn new(
        rules: &'a Rules,
        codec: &'a Codec,
        start: &Position,
        cache: SharedCache,
        threads: usize,
    ) -> Parallel<'a> {
        Parallel {
            rules,
            codec,
            start: *start,
            cache,
            threads: threads.max(1),
            nodes: 0,
        }
    }
}

/// What the threads of one test share.
struct Test<'a, 'v> {
    rules: &'a Rules,
    codec: &'a Codec,
    start: &'a Position,
    cache: &'v SharedView<'v>,
    target: Rank,
    /// Positions searched in the tests before.
    base: u64,
    /// Set when the test is settled, or the caller asked to stop: every
    /// thread then stops.
    done: AtomicBool,
    /// Positions searched so far by every thread, in steps of
    /// [`PROOF_CHECK_EVERY`].
    nodes: AtomicU64,
    /// The first answer found.
    answer: Mutex<Option<(Rank, Option<usize>)>>,
}

impl Test<'_, '_> {
    /// One thread's search: the first thread (`stop` given) asks the
    /// caller whether to stop, the others only whether the test is done.
    /// Returns the positions it searched.
    fn search(&self, mut stop: Option<&mut dyn FnMut(&ProofProgress) -> bool>) -> u64 {
        let worker = self.cache.worker();
        let mut prover = DfPn::new(self.rules, self.codec, self.start, worker);
        let mut ask = |p: &ProofProgress| {
            let all = self.nodes.fetch_add(PROOF_CHECK_EVERY, Ordering::Relaxed);
            if self.done.load(Ordering::Relaxed) {
                return true;
            }
            let Some(stop) = stop.as_mut() else {
                return false;
            };
            let progress = ProofProgress {
                nodes: self.base + all + PROOF_CHECK_EVERY,
                stored: self.cache.len(),
                bytes: self.cache.heap_bytes(),
                ..*p
            };
            let stopping = stop(&progress);
            if stopping {
                self.done.store(true, Ordering::Relaxed);
            }
            stopping
        };
        if let Some(found) = prover.test(self.target, &mut ask) {
            let mut answer = self.answer.lock().unwrap_or_else(|e| e.into_inner());
            answer.get_or_insert(found);
            self.done.store(true, Ordering::Relaxed);
        }
        prover.state.nodes
    }
}

impl Prover for Parallel<'_> {
    fn test(
        &mut self,
        target: Rank,
        stop: &mut dyn FnMut(&ProofProgress) -> bool,
    ) -> Option<(Rank, Option<usize>)> {
        let view = self.cache.view();
        let test = Test {
            rules: self.rules,
            codec: self.codec,
            start: &self.start,
            cache: &view,
            target,
            base: self.nodes,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            answer: Mutex::new(None),
        };
        let test = &test;
        let searched = std::thread::scope(|scope| {
            let others: Vec<_> = (1..self.threads)
                .filter_map(|_| {
                    std::thread::Builder::new()
                        .stack_size(STACK)
                        .spawn_scoped(scope, || test.search(None))
                        // A thread the system will not start is one fewer.
                        .ok()
                })
                .collect();
            let mut searched = test.search(Some(stop));
            for other in others {
                searched += other
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e));
            }
            searched
        });
        let answer = test.answer.lock().unwrap_or_else(|e| e.into_inner()).take();
        self.nodes += searched;
        answer
    }

    fn work(&self) -> (u64, usize, usize) {
        (self.nodes, self.cache.len(), self.cache.heap_bytes())
    }
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
