//! Iterative-deepening alpha-beta search with a transposition table.
//!
//! Scores are from one player's point of view (the player to move at the
//! root, "the rated player"): she maximises at her nodes, and every other
//! player minimises (the paranoid view, as in the book). A turn holds several
//! moves by one player, so whether a node maximises is read from the player
//! to move there, never from the depth.
//!
//! Finished games score exactly: their [`Share`] for the rated player as a
//! [`score`], [`WIN`] for a sole win, [`LOSS`] for a loss and a fixed value
//! per tie size; unfinished positions at the search horizon get the
//! heuristic [`evaluate`], kept well inside those bounds.
//! Every result carries a `proven` flag: whether its bound holds for the
//! true perfect-play value (no horizon estimate affected it). Proven results
//! are stored in the table for any depth, so once the root is proven the
//! search stops and its move is a perfect-play move. When that move does not
//! win, the rest of the budget goes to a swindle search, which picks among
//! the moves keeping the proven value the one a fallible opponent is likeliest
//! to answer badly.

mod keys;
mod swindle;

use super::tt::{Stored, TranspositionTable};
use super::{Analysis, Budget, Clock, RatedMove, Rating, Strategy, evaluate};
use crate::game::for_each_attack;
use crate::game::{MAX_CELLS, MAX_PLAYERS, Move, Player, Position, Rules, Share};
use keys::Keys;

/// The default number of transposition-table entries (24 MB at most).
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 20;

/// The score of a proven sole win for the rated player.
const WIN: i32 = 1_000_000;
/// The score of a proven loss.
const LOSS: i32 = -WIN;
/// Heuristic scores stay strictly inside this bound.
const HEURISTIC_BOUND: i32 = WIN / 2;
/// Beyond every score.
const INFINITY: i32 = WIN + 1;
/// The deepest search, in moves.
const MAX_DEPTH: u32 = 250;

/// The search's private storage of a [`Share`]: the exact score of a
/// finished game, in the same order. A sole win scores [`WIN`], a loss
/// [`LOSS`], and a share in between is mapped linearly from (0, 1) onto
/// (-1000, 1000), rounded down: a tie of `k` players, the rated one among
/// them, scores `2000 / k - 1000` (0 for two, -334 for three), among the
/// heuristic scores.
fn score(share: Share) -> i32 {
    if share == Share::WIN {
        WIN
    } else if share == Share::LOSS {
        LOSS
    } else {
        // 2000 * share lies in (0, 2000): the cast drops only the fraction.
        (2000.0 * share.to_f64()) as i32 - 1000
    }
}

/// The share a proven exact score stands for: `None` for a score no
/// finished game has.
fn share(score: i32) -> Option<Share> {
    if score >= WIN {
        return Some(Share::WIN);
    }
    if score <= LOSS {
        return Some(Share::LOSS);
    }
    (2..=usize::from(MAX_PLAYERS))
        .filter_map(Share::tie)
        .find(|&tie| self::score(tie) == score)
}

/// Settings of a [`Search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Entries in the transposition table (rounded up to a power of two);
    /// the table is the search's only memory that grows with the budget.
    pub table_entries: usize,
    /// The deepest iteration, in moves (at most 250).
    pub max_depth: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            table_entries: DEFAULT_TABLE_ENTRIES,
            max_depth: MAX_DEPTH,
        }
    }
}

/// What a table entry says about its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// The score is the value (at the entry's depth).
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

/// A transposition-table entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    score: i32,
    depth: u8,
    bound: Bound,
    proven: bool,
    best: Option<Move>,
}

/// A root move and what the last search said of it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    /// Index in the menu.
    index: usize,
    score: i32,
    bound: Bound,
    proven: bool,
}

/// The iterative-deepening alpha-beta opponent.
///
/// ```
/// use dice_of_doom::ai::{Budget, Search, SearchConfig, Strategy};
/// use dice_of_doom::game::{Player, Position, Rules};
/// let rules = Rules::classic(3, 2, 3).unwrap();
/// let board = "a-3 a-1 b-2 / b-2 a-3 a-2 / b-1 b-2 b-1".parse().unwrap();
/// let start = Position::start(&rules, board, Player::A).unwrap();
/// let mut ai = Search::new(SearchConfig { table_entries: 1 << 16, ..SearchConfig::default() });
/// let mv = ai.choose(&rules, &start, Budget::nodes(20_000)).unwrap();
/// assert!(start.moves(&rules).contains(&mv));
/// ```
#[derive(Debug)]
pub struct Search {
    config: SearchConfig,
    table: TranspositionTable<Entry>,
    keys: Keys,
    /// The rules and rated player the table's entries belong to.
    owner: Option<(Rules, Player)>,
    /// Move-ordering credit of each attack, by `from * MAX_CELLS + to`.
    history: Vec<u32>,
    /// Move buffers, one per ply.
    buffers: Vec<Vec<(Move, u32)>>,
    nodes: u64,
    clock: Clock,
    clock_on: bool,
    aborted: bool,
    rated: Player,
    /// How deep the last analysis searched, and whether it proved the result.
    last: (u32, bool),
    /// Whether the table is used (tests turn it off to compare with minimax).
    table_enabled: bool,
}

impl Search {
    /// A search with these settings.
    pub fn new(config: SearchConfig) -> Search {
        Search {
            table: TranspositionTable::new(config.table_entries),
            config,
            keys: Keys::new(),
            owner: None,
            history: vec![0; MAX_CELLS * MAX_CELLS],
            buffers: Vec::new(),
            nodes: 0,
            clock: Clock::start(Budget::UNLIMITED),
            clock_on: false,
            aborted: false,
            rated: Player::A,
            last: (0, false),
            table_enabled: true,
        }
    }

    /// The depth the last analysis completed, and whether it proved the
    /// perfect-play result.
    pub fn last_depth(&self) -> (u32, bool) {
        self.last
    }

    /// Nodes searched by the last analysis.
    pub fn last_nodes(&self) -> u64 {
        self.nodes
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.clock_on {
            return false;
        }
        if self.clock.out_of_nodes(self.nodes)
            || (self.nodes & 255 == 0 && self.clock.out_of_time())
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of `position` for the rated player, searched `depth` moves
    /// deep within the window (`alpha`, `beta`), fail-soft, and whether it is
    /// proven.
    fn search(
        &mut self,
        rules: &Rules,
        position: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.out_of_budget() {
            return (0, false);
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.generate(rules, position, &mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return (self.terminal_score(position), true);
        }
        if depth == 0 {
            self.buffers[ply] = moves;
            let score = evaluate(rules, position, self.rated)
                .clamp(1 - HEURISTIC_BOUND, HEURISTIC_BOUND - 1);
            return (score, false);
        }

        let key = self.keys.hash(position);
        let mut hint = None;
        let found = if self.table_enabled {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(entry) = found {
            if entry.proven || u32::from(entry.depth) >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta || (entry.proven && entry.score >= WIN),
                    Bound::Upper => entry.score <= alpha || (entry.proven && entry.score <= LOSS),
                };
                if cut {
                    self.buffers[ply] = moves;
                    return (entry.score, entry.proven);
                }
            }
            hint = entry.best;
        }
        self.order(&mut moves, hint);

        let maximise = position.player() == self.rated;
        let (mut lo, mut hi) = (alpha, beta);
        let mut best = if maximise { -INFINITY } else { INFINITY };
        let mut best_move = None;
        let mut all_proven = true;
        let mut cut_proven = None;
        for &(mv, _) in &moves {
            let child = position.after(rules, mv);
            let (score, proven) = self.search(rules, &child, depth - 1, lo, hi, ply + 1);
            if self.aborted {
                self.buffers[ply] = moves;
                return (0, false);
            }
            all_proven &= proven;
            let better = if maximise { score > best } else { score < best };
            if better {
                best = score;
                best_move = Some(mv);
            }
            // A proven sole win (or loss) cannot be bettered: stop here.
            if proven && ((maximise && score >= WIN) || (!maximise && score <= LOSS)) {
                cut_proven = Some(true);
                break;
            }
            if maximise {
                lo = lo.max(score);
            } else {
                hi = hi.min(score);
            }
            if lo >= hi {
                cut_proven = Some(proven);
                if let Move::Attack { from, to } = mv {
                    let slot = usize::from(from) * MAX_CELLS + usize::from(to);
                    self.history[slot] = self.history[slot].saturating_add(depth * depth);
                }
                break;
            }
        }
        let proven = cut_proven.unwrap_or(all_proven);
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            score: best,
            depth: depth.min(u32::from(u8::MAX)) as u8,
            bound,
            proven,
            best: best_move,
        };
        if self.table_enabled {
            self.table
                .store(key, entry, |old: Stored<Entry>, new: &Entry| {
                    !(old.same_key && old.value.proven && !new.proven)
                });
        }
        self.buffers[ply] = moves;
        (best, proven)
    }

    fn terminal_score(&self, position: &Position) -> i32 {
        score(Share::of(position.winners(), self.rated))
    }

    fn generate(&self, rules: &Rules, position: &Position, out: &mut Vec<(Move, u32)>) {
        out.clear();
        if !position.is_first_move() {
            out.push((Move::Pass, 0));
        }
        // The rules' own attack list, in menu order, keyed by the dice taken.
        let cells = position.board();
        for_each_attack(cells, rules, position.player(), |from, to| {
            out.push((
                Move::Attack {
                    from: from as u8,
                    to: to as u8,
                },
                u32::from(cells.cell(to).dice()),
            ));
            true
        });
    }

    /// Orders moves (whose keys hold the dice each takes): the table's move
    /// first, then by history credit and dice taken, passing after attacks
    /// that take 2 dice or more. The sort is stable, so ties keep menu order.
    fn order(&self, moves: &mut [(Move, u32)], hint: Option<Move>) {
        for (mv, key) in moves.iter_mut() {
            *key = if Some(*mv) == hint {
                u32::MAX
            } else {
                match *mv {
                    Move::Pass => 150,
                    Move::Attack { from, to } => {
                        let slot = usize::from(from) * MAX_CELLS + usize::from(to);
                        (self.history[slot] / 4).saturating_add(100 + 30 * *key)
                    }
                }
            };
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
    }

    fn prepare(&mut self, rules: &Rules, rated: Player) {
        let fresh = match &self.owner {
            Some((r, p)) => r != rules || *p != rated,
            None => true,
        };
        if fresh {
            if !self.table.is_empty() {
                self.table.clear();
            }
            self.history.fill(0);
            self.owner = Some((rules.clone(), rated));
        } else {
            // Age the move-ordering credit so the new root's moves count most.
            for h in &mut self.history {
                *h /= 8;
            }
        }
        self.rated = rated;
    }

    /// Searches every root move at `depth`; false if the budget ran out.
    fn iterate(
        &mut self,
        rules: &Rules,
        position: &Position,
        roots: &mut [RootMove],
        depth: u32,
        full: bool,
    ) -> bool {
        let mut alpha = -INFINITY;
        let mut done = Vec::with_capacity(roots.len());
        for root in roots.iter() {
            let child = position.after(rules, root.mv);
            let window = if full { -INFINITY } else { alpha };
            let (score, proven) = self.search(rules, &child, depth - 1, window, INFINITY, 1);
            if self.aborted {
                return false;
            }
            let bound = if score <= window {
                Bound::Upper
            } else {
                Bound::Exact
            };
            done.push((score, bound, proven));
            alpha = alpha.max(score);
            if proven && score >= WIN && !full {
                break;
            }
        }
        for (root, (score, bound, proven)) in roots.iter_mut().zip(done.iter().copied()) {
            root.score = score;
            root.bound = bound;
            root.proven = proven;
        }
        let searched = done.len();
        for root in &mut roots[searched..] {
            // Not searched after a proven win: worse than the best.
            root.bound = Bound::Upper;
            root.proven = false;
        }
        true
    }
}

/// Whether the result at the root is proven: every move's bound is proven,
/// or (unless every move must be rated) the best move is a proven win.
fn root_proven(roots: &[RootMove], full: bool) -> bool {
    (!full && roots.first().is_some_and(|r| r.proven && r.score >= WIN))
        || roots.iter().all(|r| r.proven)
}

fn rating_of(root: &RootMove) -> Rating {
    match (root.proven, root.bound) {
        (true, Bound::Exact) => {
            share(root.score).map_or(Rating::Estimate(root.score), Rating::Exact)
        }
        (true, Bound::Upper) if root.score <= LOSS => Rating::Exact(Share::LOSS),
        (true, Bound::Lower) if root.score >= WIN => Rating::Exact(Share::WIN),
        _ => Rating::Estimate(root.score),
    }
}

impl Strategy for Search {
    fn name(&self) -> &'static str {
        "search"
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        let menu = position.moves(rules);
        if menu.is_empty() {
            return None;
        }
        self.prepare(rules, position.player());
        self.nodes = 0;
        self.aborted = false;
        self.clock = Clock::start(budget);
        self.last = (0, false);
        let mut roots: Vec<RootMove> = menu
            .iter()
            .enumerate()
            .map(|(index, &mv)| RootMove {
                mv,
                index,
                score: 0,
                bound: Bound::Upper,
                proven: false,
            })
            .collect();
        if menu.len() == 1 && !full {
            return Some(Analysis {
                moves: vec![RatedMove {
                    mv: menu[0],
                    rating: Rating::Estimate(evaluate(rules, position, position.player())),
                }],
                choice: 0,
            });
        }
        // The best move of the last search that did not prove a loss: when
        // every move loses, play the one that looked best before the proof.
        let mut hope = None;
        let max_depth = self.config.max_depth.clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            // The first iteration always completes, so there is always a move.
            self.clock_on = depth > 1;
            let mut next = roots.clone();
            if !self.iterate(rules, position, &mut next, depth, full) {
                break;
            }
            // Best first, ties in the order searched (stable).
            next.sort_by_key(|r| std::cmp::Reverse(r.score));
            roots = next;
            self.last = (depth, root_proven(&roots, full));
            if self.last.1 {
                break;
            }
            hope = roots.first().map(|r| r.mv);
        }
        let best = roots.first().copied()?;
        let mut chosen = if self.last.1 && best.score <= LOSS {
            hope.unwrap_or(best.mv)
        } else {
            best.mv
        };
        if self.last.1 && best.score < WIN && !full {
            // Proven not to win: among the moves that keep the proven value,
            // play the one that leaves a fallible opponent most room to err.
            let keeps: Vec<Move> = roots
                .iter()
                .filter(|r| {
                    best.score <= LOSS
                        || (r.proven && r.bound == Bound::Exact && r.score == best.score)
                })
                .map(|r| r.mv)
                .collect();
            if keeps.len() > 1
                && let Some(mv) = self.swindle(rules, position, &keeps)
            {
                chosen = mv;
            }
        }
        let mut moves: Vec<Option<RatedMove>> = vec![None; menu.len()];
        for root in &roots {
            moves[root.index] = Some(RatedMove {
                mv: root.mv,
                rating: rating_of(root),
            });
        }
        let moves: Vec<RatedMove> = moves
            .into_iter()
            .zip(&menu)
            .map(|(m, &mv)| {
                m.unwrap_or(RatedMove {
                    mv,
                    rating: Rating::Unrated,
                })
            })
            .collect();
        let choice = menu.iter().position(|&m| m == chosen).unwrap_or(0);
        Some(Analysis { moves, choice })
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
