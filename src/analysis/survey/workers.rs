//! The solving (a child module of `survey`): one worker's solver, which
//! rates positions over the memo shared by every board and every thread,
//! the memo entry's encoding of a tree size and a share, and a round of
//! workers taking boards in chunks until every board is done or the memo
//! is full.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(test)]
use super::MAX_COUNT;
use super::SurveyOptions;
use super::largest::{Largest, SizeCodes};
use super::starts::StartKeys;
use super::walks::{Turn, WALKS, Walker};
use crate::analysis::memo::Memo;
#[cfg(test)]
use crate::analysis::memo::{MemoHandle, MemoSpace, Probe};
#[cfg(test)]
use crate::game::{Children, Position};
use crate::game::{Codec, Player, Rules, Share};

/// A memo entry: the tree size's code ([`SizeCodes`]) shifted left by two,
/// and the rating for `a` as a [`Code`] in the low two bits.
pub(super) type Entry = u64;

/// The codes of tree sizes in the entries of a memo whose values take
/// `value_bits` bits (two of them the rating).
pub(super) fn size_codes(value_bits: u32) -> SizeCodes {
    SizeCodes::new(value_bits - 2)
}

/// The survey's private storage of `a`'s [`Share`] of a two-player game, in
/// the same order: 0 for a loss, 1 for a tie, 2 for a win.
type Code = u64;

/// A tie of the two players.
const TIE: Share = Share::tie(2).expect("two players can tie");

/// The shares the codes stand for, by code.
const SHARES: [Share; 3] = [Share::LOSS, TIE, Share::WIN];

/// The code of a share: `None` for a share no two-player game gives.
fn code(share: Share) -> Option<Code> {
    SHARES.iter().position(|&s| s == share).map(|c| c as Code)
}

/// The share a code stands for.
fn share(code: Code) -> Share {
    match code {
        0 => Share::LOSS,
        1 => TIE,
        _ => Share::WIN,
    }
}

/// The recursive solver the walks ([`super::walks`]) replaced, kept for
/// the tests as the plain statement of what they work out: the rules, the
/// codec, a handle on the memo, and one buffer of children (and of their
/// entries) per ply.
#[cfg(test)]
struct Solver<'s> {
    rules: &'s Rules,
    codec: &'s Codec,
    codes: SizeCodes,
    memo: MemoHandle<'s, 's>,
    levels: Vec<(Children, Vec<Entry>)>,
}

#[cfg(test)]
impl<'s> Solver<'s> {
    fn new(rules: &'s Rules, codec: &'s Codec, codes: SizeCodes, memo: &'s Memo<'s>) -> Solver<'s> {
        debug_assert!(codes.encode(MAX_COUNT) >> (memo.value_bits() - 2) == 0);
        Solver {
            rules,
            codec,
            codes,
            memo: memo.handle(),
            levels: Vec::new(),
        }
    }

    /// The memo entry of a packed position, solving it if needed; `None`
    /// when the memo asked the workers to stop (it is full).
    fn solve(&mut self, key: u64, ply: usize) -> Option<Entry> {
        if self.memo.stopping() {
            return None;
        }
        let claim = match self.memo.claim(key) {
            Probe::Known(entry) => return Some(entry),
            Probe::Claimed(slot) => Some(slot),
            Probe::Busy => None,
        };
        if self.levels.len() <= ply {
            self.levels.push((Children::new(self.codec), Vec::new()));
        }
        let (children, known) = &mut self.levels[ply];
        children.expand(self.codec, self.rules, &[key]);
        let count = children.len();
        // Every child looked up before any is solved: the lookups' cache
        // misses overlap.
        let keys = (0..count).map(|i| children.key(i)[0]);
        self.memo.peek_all(keys, known);
        let entry = if count == 0 {
            leaf_entry(self.codec, key)
        } else {
            let maximise = self.codec.player(&[key]) == Player::A;
            let mut size: u64 = 1;
            let mut rating = if maximise { 0 } else { 2 };
            for i in 0..count {
                let (children, known) = &self.levels[ply];
                let entry = match known[i] {
                    0 => {
                        let child = children.key(i)[0];
                        self.solve(child, ply + 1)?
                    }
                    entry => entry,
                };
                size = size
                    .saturating_add(self.codes.decode(entry >> 2))
                    .min(MAX_COUNT);
                let r = entry & 3;
                rating = if maximise {
                    rating.max(r)
                } else {
                    rating.min(r)
                };
            }
            (self.codes.encode(size) << 2) | rating
        };
        self.memo.finish(claim, key, entry);
        Some(entry)
    }
}

/// The entry of a packed position with no move: a tree of one node, rated
/// by who wins it.
pub(super) fn leaf_entry(codec: &Codec, key: u64) -> Entry {
    let winners = codec.winners(&[key]);
    let rating = code(Share::of(winners, Player::A));
    (1 << 2) | rating.expect("two players lose, tie or win")
}

/// The entries of packed positions by the recursive solver, over `memo`
/// (large enough for them all): what the walks must give.
#[cfg(test)]
pub(super) fn solve_keys(
    rules: &Rules,
    codec: &Codec,
    codes: SizeCodes,
    memo: &Memo<'_>,
    keys: &[u64],
) -> Vec<Entry> {
    let mut solver = Solver::new(rules, codec, codes, memo);
    keys.iter()
        .map(|&key| solver.solve(key, 0).expect("a memo large enough"))
        .collect()
}

/// The perfect-play share of the player to move at each of `starts` (two
/// players, boards that pack into one word), by the survey's solver over
/// one memo shared by them all: an oracle for tests of other solvers.
#[cfg(test)]
pub(crate) fn solve_starts(rules: &Rules, starts: &[Position]) -> Vec<Share> {
    let codec = Codec::new(rules);
    assert_eq!((codec.words(), rules.players()), (1, 2));
    let mut space = MemoSpace::with_room(1 << 16, codec.bits() + 1).expect("a memo");
    let mut held = 0;
    let mut shares = Vec::with_capacity(starts.len());
    let mut key = [0u64];
    'grow: loop {
        let memo = space.memo(1, held);
        let codes = size_codes(memo.value_bits());
        let mut solver = Solver::new(rules, &codec, codes, &memo);
        for start in &starts[shares.len()..] {
            codec.encode(start, &mut key);
            let Some(entry) = solver.solve(key[0], 0) else {
                drop(solver);
                let mut bigger = memo.doubled().expect("a memo");
                held = memo.move_into(&mut bigger);
                space = bigger;
                continue 'grow;
            };
            let for_a = share(entry & 3);
            shares.push(if start.player() == Player::A {
                for_a
            } else {
                for_a.complement()
            });
        }
        return shares;
    }
}

/// Per-worker totals, added up at the end.
#[derive(Clone, Debug)]
pub(super) struct Totals {
    pub(super) wins: u64,
    pub(super) losses: u64,
    pub(super) ties: u64,
    pub(super) no_move: u64,
    /// The boards that could have the largest tree.
    pub(super) largest: Largest,
    codes: SizeCodes,
}

impl Totals {
    /// No boards yet, for sizes in these codes on top of at most `height`
    /// levels.
    pub(super) fn new(codes: SizeCodes, height: u32) -> Totals {
        Totals {
            wins: 0,
            losses: 0,
            ties: 0,
            no_move: 0,
            largest: Largest::new(codes, height),
            codes,
        }
    }

    /// Counts board `index`, whose start has this memo entry.
    fn record(&mut self, index: u64, entry: Entry, first: Player) {
        // Exact when it is 1 (a board with no move).
        let size = self.codes.decode(entry >> 2);
        self.largest.offer(size, index);
        let for_a = share(entry & 3);
        let for_first = if first == Player::A {
            for_a
        } else {
            for_a.complement()
        };
        if size == 1 {
            self.no_move += 1;
        } else if for_first == Share::WIN {
            self.wins += 1;
        } else if for_first == Share::LOSS {
            self.losses += 1;
        } else {
            self.ties += 1;
        }
    }

    fn add(&mut self, other: &Totals) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.ties += other.ties;
        self.no_move += other.no_move;
        self.largest.add(&other.largest);
    }
}

/// The workers' run over one memo, until every board is done or the memo
/// is full.
pub(super) struct Round<'r, 'a> {
    pub(super) options: &'r SurveyOptions,
    pub(super) rules: &'r Rules,
    pub(super) codec: &'r Codec,
    pub(super) memo: &'r Memo<'a>,
    /// The first board no worker has taken yet.
    pub(super) next: &'r AtomicU64,
    pub(super) boards: u64,
    /// The boards' packed starts.
    pub(super) starts: &'r StartKeys,
    pub(super) progress: &'r (dyn Fn(u64) + Sync),
}

impl Round<'_, '_> {
    /// Runs `threads` workers over the `unfinished` ranges of boards, then
    /// over the boards not taken yet, adding what they finish to `total`;
    /// gives back the boards left unfinished when the memo filled up.
    pub(super) fn run(
        &self,
        threads: usize,
        unfinished: Vec<Range<u64>>,
        total: &mut Totals,
    ) -> Vec<Range<u64>> {
        let unfinished = Mutex::new(unfinished);
        let fresh = Totals {
            largest: total.largest.emptied(),
            ..Totals::new(total.codes, 0)
        };
        let work = || self.work(&unfinished, &fresh);
        let all: Vec<(Totals, Vec<Range<u64>>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    std::thread::Builder::new()
                        .stack_size(64 << 20)
                        .spawn_scoped(scope, work)
                })
                .collect();
            handles
                .into_iter()
                .map(|h| match h {
                    Ok(handle) => handle
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                    // No thread could be started: do the rest here.
                    Err(_) => work(),
                })
                .collect()
        });
        let mut left = unfinished.into_inner().unwrap_or_else(|e| e.into_inner());
        for (totals, stopped) in all {
            total.add(&totals);
            left.extend(stopped);
        }
        left
    }

    /// The packed start of board `index`.
    fn start_key(&self, index: u64) -> u64 {
        self.starts.key(index)
    }

    /// One worker: [`WALKS`] boards at a time, interleaved, until none is
    /// left or the memo is full (then the boards it was on and those it
    /// had taken are given back).
    fn work(
        &self,
        unfinished: &Mutex<Vec<Range<u64>>>,
        fresh: &Totals,
    ) -> (Totals, Vec<Range<u64>>) {
        let mut walker = Walker::new(self.rules, self.codec, fresh.codes, self.memo.handle());
        let mut totals = fresh.clone();
        let mut boards = Boards {
            round: self,
            unfinished,
            range: 0..0,
            upcoming: VecDeque::new(),
        };
        let mut busy = [false; WALKS];
        // Boards finished and not yet told to `progress`.
        let mut finished = 0;
        'turns: loop {
            let mut any = false;
            for (walk, on) in busy.iter_mut().enumerate() {
                let mut turn = if *on {
                    walker.resume(walk)
                } else {
                    match boards.take(&walker) {
                        Some((board, key)) => {
                            *on = true;
                            walker.start(walk, board, key)
                        }
                        None => continue,
                    }
                };
                any = true;
                // A walk done takes the next board at once.
                loop {
                    match turn {
                        Turn::Waiting => break,
                        Turn::Stopped => break 'turns,
                        Turn::Done(board, entry) => {
                            totals.record(board, entry, self.options.first);
                            *on = false;
                            finished += 1;
                            if finished == CHUNK {
                                (self.progress)(finished);
                                finished = 0;
                            }
                            let Some((board, key)) = boards.take(&walker) else {
                                break;
                            };
                            *on = true;
                            turn = walker.start(walk, board, key);
                        }
                    }
                }
            }
            if !any {
                (self.progress)(finished);
                return (totals, Vec::new());
            }
        }
        (self.progress)(finished);
        let mut left = walker.unfinished(&busy);
        left.extend(boards.upcoming.iter().map(|&(board, _)| board..board + 1));
        if !boards.range.is_empty() {
            left.push(boards.range);
        }
        (totals, left)
    }
}

/// A worker's supply of boards: the ranges left unfinished by the last
/// round, then chunks of those not taken yet; the next boards' starts are
/// worked out, and their memo slots asked for, [`AHEAD`] boards ahead.
struct Boards<'b, 'r, 'a> {
    round: &'b Round<'r, 'a>,
    unfinished: &'b Mutex<Vec<Range<u64>>>,
    /// The rest of the range being taken.
    range: Range<u64>,
    /// The next boards (up to [`AHEAD`]) and their packed starts, their
    /// memo slots asked for.
    upcoming: VecDeque<(u64, u64)>,
}

impl Boards<'_, '_, '_> {
    /// The next board and its packed start, if any is left.
    fn take(&mut self, walker: &Walker<'_>) -> Option<(u64, u64)> {
        while self.upcoming.len() <= AHEAD {
            let Some((board, key)) = self.following() else {
                break;
            };
            walker.prefetch(key);
            self.upcoming.push_back((board, key));
        }
        self.upcoming.pop_front()
    }

    /// The board after those taken, and its packed start.
    fn following(&mut self) -> Option<(u64, u64)> {
        if self.range.is_empty() {
            let taken = self
                .unfinished
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop();
            self.range = match taken {
                Some(range) => range,
                None => {
                    let round = self.round;
                    let start = round.next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= round.boards {
                        return None;
                    }
                    start..(start + CHUNK).min(round.boards)
                }
            };
        }
        let board = self.range.next()?;
        Some((board, self.round.start_key(board)))
    }
}

/// How many boards ahead of those taken a worker asks for their starts'
/// memo slots: a start's slot is a cache miss, and a board whose start is
/// known or has no move is done at once, the next taken straight after.
const AHEAD: usize = 16;

/// Boards handed to a worker at a time.
const CHUNK: u64 = 2048;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_convert_to_and_from_shares() {
        let cases = [(Share::LOSS, 0), (TIE, 1), (Share::WIN, 2)];
        for (s, c) in cases {
            assert_eq!(code(s), Some(c), "{s}");
            assert_eq!(share(c), s, "{c}");
        }
        for other in [Share::tie(3), Share::probability(0.25)] {
            assert_eq!(other.and_then(code), None, "{other:?}");
        }
    }
}
