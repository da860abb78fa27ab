//! Every board of one size, solved under perfect play with one memo table
//! shared by all boards and all worker threads.
//!
//! A board is numbered by reading its cells as digits in base `2 * max_dice`,
//! cell 0 most significant: digit `d` is owner `d / max_dice` (`a` then `b`)
//! with `d % max_dice + 1` dice, so board 0 is all `a-1` and the last board
//! all `b-max_dice`.

mod kids;
mod largest;
mod starts;
mod table;
mod walks;
mod workers;

use std::ops::Range;
use std::sync::atomic::AtomicU64;

use super::ByteSize;
use super::memo::{MemoRefused, MemoSpace};
use crate::game::{Board, Cell, Codec, Map, Player, PlayerSet, Rules, RulesError};
use crate::text::{count, group_digits};
use largest::{largest_exactly, most_levels};
use starts::StartKeys;
use table::table_rows;
use workers::{Round, Totals, size_codes};

#[cfg(test)]
pub(crate) use workers::solve_starts;

/// The most boards a survey goes through: the 10,077,696 boards of side 3
/// with at most 3 dice fit, the next sizes (side 3 with 4 dice, side 4) do
/// not.
pub const MAX_SURVEY_BOARDS: u64 = 20_000_000;

/// The most boards for which a survey keeps one row per board.
pub const MAX_TABLE_BOARDS: u64 = 200_000;

/// Tree sizes are counted up to this and reported as "at least" past it.
pub const MAX_COUNT: u64 = (1 << 62) - 1;

/// What to survey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurveyOptions {
    /// The map whose every two-player board is surveyed.
    pub map: Map,
    /// The most dice a cell may hold.
    pub max_dice: u8,
    /// The player who moves first.
    pub first: Player,
    /// Whether to keep one row per board (see [`Row`]).
    pub table: bool,
    /// How many worker threads to use (at least one).
    pub threads: usize,
    /// The most memory the memo may take (while it grows, the old table
    /// and the new one together).
    pub memory: ByteSize,
}

impl SurveyOptions {
    /// Two-player boards of this map and dice limit, `a` first, no table,
    /// one thread per core, the default memory limit
    /// ([`default_max_memory`](crate::analysis::default_max_memory)).
    pub fn new(map: Map, max_dice: u8) -> SurveyOptions {
        SurveyOptions {
            map,
            max_dice,
            first: Player::A,
            table: false,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory: crate::analysis::default_max_memory(),
        }
    }
}

/// Why a survey cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SurveyError {
    /// The dice limit makes no rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Too many boards.
    #[error(
        "a survey of every {map} board with at most {} would go through {boards} boards; \
         at most {} can be surveyed",
        count(*max_dice, "die", "dice"),
        group_digits(MAX_SURVEY_BOARDS)
    )]
    TooManyBoards {
        /// The map's name.
        map: String,
        /// The dice limit asked for.
        max_dice: u8,
        /// How many boards that is, in decimal with grouped digits.
        boards: String,
    },
    /// Too many boards to keep a row for each.
    #[error("a table has at most {} rows, not {}", group_digits(MAX_TABLE_BOARDS), group_digits(*.0))]
    TableTooLarge(u64),
    /// The system refused memory for the memo (this many bytes).
    #[error("the system refused {} of memory for the survey's table", crate::analysis::ByteSize::new(*.0))]
    OutOfMemory(usize),
    /// The memo a survey starts with would take more memory than allowed.
    #[error("the survey's memo needs {needed} of memory, more than the {limit} allowed")]
    TooLittleMemory {
        /// What the memo would take.
        needed: ByteSize,
        /// The limit.
        limit: ByteSize,
    },
    /// The memo filled up, and a larger one would take more memory than
    /// allowed.
    #[error(
        "the survey's memo, full at {} positions, needs {needed} of memory to grow, \
         more than the {limit} allowed",
        group_digits(*positions)
    )]
    OutgrewMemory {
        /// The positions it held.
        positions: u64,
        /// What the old and the new table together would take.
        needed: ByteSize,
        /// The limit.
        limit: ByteSize,
    },
    /// The first player is not one of the two players.
    #[error("a survey is of two-player games: the first player is a or b, not {0}")]
    FirstPlayer(Player),
}

/// One board of a survey: the figures of the Haskell port's 2x2 table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The board.
    pub board: Board,
    /// Nodes of the full tree with `a` moving first.
    pub nodes_a_first: u64,
    /// Nodes of the full tree with `b` moving first.
    pub nodes_b_first: u64,
    /// Leaves of the tree with `a` first, by winners (sole winners first).
    pub leaves_a_first: Vec<(PlayerSet, u64)>,
    /// Leaves of the tree with `b` first, by winners.
    pub leaves_b_first: Vec<(PlayerSet, u64)>,
}

/// The results of a survey.
#[derive(Clone, Debug, PartialEq)]
pub struct Survey {
    /// The options it ran with.
    pub options: SurveyOptions,
    /// Boards gone through.
    pub boards: u64,
    /// Boards the first player wins under perfect play.
    pub wins: u64,
    /// Boards she loses.
    pub losses: u64,
    /// Boards that end in a tie.
    pub ties: u64,
    /// Boards where she cannot make a first move (the game is over at once),
    /// counted apart from the three above.
    pub no_move: u64,
    /// The largest full tree (in nodes) and the first board that has it.
    pub largest: (u64, Board),
    /// Distinct positions solved, across all boards.
    pub positions: u64,
    /// One row per board, in board order, when asked for.
    pub rows: Vec<Row>,
}

/// The number of two-player boards of `cells` cells and a dice limit, in
/// decimal with grouped digits, and as a number when it fits in 64 bits.
///
/// ```
/// use dice_of_doom::analysis::survey::board_count;
/// assert_eq!(board_count(9, 3), ("10,077,696".to_string(), Some(10_077_696)));
/// assert_eq!(board_count(16, 3).0, "2,821,109,907,456");
/// ```
pub fn board_count(cells: usize, max_dice: u8) -> (String, Option<u64>) {
    let base = 2 * u32::from(max_dice);
    // Little-endian base-10^9 limbs.
    let mut limbs: Vec<u64> = vec![1];
    for _ in 0..cells {
        let mut carry = 0;
        for limb in &mut limbs {
            let v = *limb * u64::from(base) + carry;
            *limb = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut digits = limbs.last().map_or(String::new(), u64::to_string);
    for limb in limbs.iter().rev().skip(1) {
        digits.push_str(&format!("{limb:09}"));
    }
    let exact = digits.parse::<u64>().ok();
    (group_digits(digits), exact)
}

/// The board with this number (see the module documentation).
pub fn board_at(rules: &Rules, index: u64) -> Board {
    let max = u64::from(rules.max_dice());
    let cells = rules.map().len();
    let mut out = [Cell::default(); crate::game::MAX_CELLS];
    let mut rest = index;
    for cell in out[..cells].iter_mut().rev() {
        let digit = rest % (2 * max);
        rest /= 2 * max;
        let owner = if digit < max { Player::A } else { Player::B };
        *cell = Cell::new(owner, (digit % max) as u8 + 1);
    }
    Board::new(&out[..cells]).expect("a map has from 1 to MAX_CELLS cells")
}

/// The positions five boards are expected to add to the memo.
const POSITIONS_PER_FIVE_BOARDS: u64 = 23;

/// Surveys every board of a size; `progress` is called from the workers with
/// the number of boards just finished (in chunks), for a progress display.
///
/// ```
/// use dice_of_doom::analysis::survey::{survey, SurveyOptions};
/// let mut options = SurveyOptions::new(dice_of_doom::game::Map::rhombus(2).unwrap(), 3);
/// options.threads = 1;
/// let s = survey(&options, &|_| {}).unwrap();
/// assert_eq!(s.boards, 1296);
/// assert_eq!(s.wins + s.losses + s.ties + s.no_move, 1296);
/// ```
pub fn survey(
    options: &SurveyOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Survey, SurveyError> {
    survey_in(options, progress, None, None)
}

/// [`survey`] with the memo's first room given (instead of worked out from
/// the number of boards), and its tree sizes in codes of `code_bits` bits
/// (instead of all the bits a memo word leaves).
fn survey_in(
    options: &SurveyOptions,
    progress: &(dyn Fn(u64) + Sync),
    room: Option<usize>,
    code_bits: Option<u32>,
) -> Result<Survey, SurveyError> {
    let rules = Rules::new(options.map.clone(), 2, usize::from(options.max_dice))?;
    let (text, count) = board_count(options.map.len(), options.max_dice);
    let boards = match count {
        Some(n) if n <= MAX_SURVEY_BOARDS => n,
        _ => {
            return Err(SurveyError::TooManyBoards {
                map: options.map.to_string(),
                max_dice: options.max_dice,
                boards: text,
            });
        }
    };
    if options.first.index() >= 2 {
        return Err(SurveyError::FirstPlayer(options.first));
    }
    if options.table && boards > MAX_TABLE_BOARDS {
        return Err(SurveyError::TableTooLarge(boards));
    }
    let codec = Codec::new(&rules);
    // Every board the limits allow packs into one word.
    debug_assert_eq!(codec.words(), 1);
    let threads = options.threads.max(1);
    // The memo starts with room for 4.6 positions a board (every survey
    // measured finds fewer: 4.56 on 3x3 with 3 dice) and grows if a survey
    // needs more.
    let room = room.unwrap_or_else(|| {
        usize::try_from(boards.saturating_mul(POSITIONS_PER_FIVE_BOARDS) / 5).unwrap_or(usize::MAX)
    });
    let refused = |e: MemoRefused| SurveyError::OutOfMemory(e.bytes);
    let limit = options.memory;
    let needed = MemoSpace::bytes_for_room(room);
    if needed > limit.bytes() {
        return Err(SurveyError::TooLittleMemory {
            needed: ByteSize::new(needed),
            limit,
        });
    }
    // A key plus one in the low bits of a memo word, its value above.
    let key_bits = codec.bits() + 1;
    let mut space = MemoSpace::with_room(room, key_bits).map_err(refused)?;
    let codes = size_codes(code_bits.map_or(u64::BITS - key_bits, |bits| bits + 2));
    let mut held = 0;
    // The boards of a round: those the last round stopped in the middle of,
    // then the rest in chunks.
    let next = AtomicU64::new(0);
    let mut unfinished: Vec<Range<u64>> = Vec::new();
    let mut total = Totals::new(codes, most_levels(rules.map().len(), options.max_dice));
    let starts = StartKeys::new(&rules, &codec, options.first);
    let positions = loop {
        let bytes = space.bytes();
        let memo = space.memo(threads, held);
        let round = Round {
            options,
            rules: &rules,
            codec: &codec,
            memo: &memo,
            next: &next,
            boards,
            starts: &starts,
            progress,
        };
        unfinished = round.run(threads, unfinished, &mut total);
        if !memo.full() {
            break memo.len();
        }
        // Past three quarters full: the finished positions move to a table
        // twice the size, and the workers go on from where they stopped.
        let needed = bytes.saturating_mul(3);
        if needed > limit.bytes() {
            return Err(SurveyError::OutgrewMemory {
                positions: memo.len(),
                needed: ByteSize::new(needed),
                limit,
            });
        }
        let mut bigger = memo.doubled().map_err(refused)?;
        held = memo.move_into(&mut bigger);
        space = bigger;
    };
    // The sizes in the memo are rounded: the largest is counted again.
    let largest = largest_exactly(
        &rules,
        &codec,
        &space.memo(1, positions),
        codes,
        options.first,
        &total.largest.candidates(),
    );
    let rows = if options.table {
        table_rows(&rules, &codec, boards)
    } else {
        Vec::new()
    };
    Ok(Survey {
        options: options.clone(),
        boards,
        wins: total.wins,
        losses: total.losses,
        ties: total.ties,
        no_move: total.no_move,
        largest: (largest.0, board_at(&rules, largest.1)),
        positions,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::stats;
    use crate::game::{GameTree, Position, Share};
    use std::sync::atomic::Ordering;

    fn options(side: usize, first: Player, threads: usize) -> SurveyOptions {
        SurveyOptions {
            map: Map::rhombus(side).unwrap(),
            max_dice: 3,
            first,
            table: false,
            threads,
            memory: ByteSize::new(1 << 30),
        }
    }

    #[test]
    fn boards_are_numbered_cell_zero_first() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        assert_eq!(board_at(&rules, 0), "a-1 a-1 / a-1 a-1".parse().unwrap());
        assert_eq!(board_at(&rules, 1), "a-1 a-1 / a-1 a-2".parse().unwrap());
        assert_eq!(board_at(&rules, 3), "a-1 a-1 / a-1 b-1".parse().unwrap());
        assert_eq!(board_at(&rules, 1295), "b-3 b-3 / b-3 b-3".parse().unwrap());
    }

    /// The shared-memo solver agrees with `stats` (one tree per board) on
    /// every 2x2 board, for the outcome and the largest tree.
    #[test]
    fn the_2x2_survey_agrees_with_per_board_stats() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        for first in [Player::A, Player::B] {
            for threads in [1, 2] {
                let s = survey(&options(2, first, threads), &|_| {}).unwrap();
                let (mut wins, mut losses, mut ties, mut no_move) = (0, 0, 0, 0);
                let mut largest = (0, 0);
                for index in 0..1296 {
                    let start = Position::start(&rules, board_at(&rules, index), first).unwrap();
                    let mut tree = GameTree::new(rules.clone(), start);
                    let root = tree.root();
                    let st = stats(&mut tree, root, crate::analysis::Limits::UNLIMITED).unwrap();
                    if st.nodes > largest.0 {
                        largest = (st.nodes, index);
                    }
                    if st.nodes == 1 {
                        no_move += 1;
                    } else if st.value == Share::WIN {
                        wins += 1;
                    } else if st.value == Share::LOSS {
                        losses += 1;
                    } else {
                        ties += 1;
                    }
                }
                assert_eq!(
                    (s.wins, s.losses, s.ties, s.no_move),
                    (wins, losses, ties, no_move),
                    "{first} first, {threads} threads"
                );
                assert_eq!(s.largest, (largest.0, board_at(&rules, largest.1)));
                assert!(s.positions > 1296);
            }
        }
    }

    #[test]
    fn the_table_holds_seed_000s_example() {
        let mut o = options(2, Player::A, 2);
        o.table = true;
        let s = survey(&o, &|_| {}).unwrap();
        assert_eq!(s.rows.len(), 1296);
        let example: Board = "b-2 b-2 / a-2 b-1".parse().unwrap();
        let row = s.rows.iter().find(|r| r.board == example).unwrap();
        assert_eq!((row.nodes_a_first, row.nodes_b_first), (13, 1));
        assert_eq!(
            row.leaves_a_first,
            [(PlayerSet::single(Player::B), 5)].to_vec()
        );
    }

    /// The memoised table agrees with `stats` run on each board's own tree.
    #[test]
    fn table_rows_agree_with_per_board_stats() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let mut o = options(2, Player::A, 1);
        o.table = true;
        let s = survey(&o, &|_| {}).unwrap();
        for (index, row) in s.rows.iter().enumerate() {
            assert_eq!(row.board, board_at(&rules, index as u64));
            for (first, nodes, leaves) in [
                (Player::A, row.nodes_a_first, &row.leaves_a_first),
                (Player::B, row.nodes_b_first, &row.leaves_b_first),
            ] {
                let start = Position::start(&rules, row.board, first).unwrap();
                let mut tree = GameTree::new(rules.clone(), start);
                let root = tree.root();
                let st = stats(&mut tree, root, crate::analysis::Limits::UNLIMITED).unwrap();
                assert_eq!((nodes, leaves), (st.nodes, &st.leaves), "{:?}", row.board);
            }
        }
    }

    /// A memo too small for the survey fills up again and again: the
    /// workers stop, it grows, they go on, and the figures (the positions
    /// counted included) are those of a memo large enough from the start.
    #[test]
    fn a_memo_that_fills_up_grows_and_gives_the_same_survey() {
        for (max_dice, threads) in [(4, 1), (4, 2), (5, 2)] {
            let mut o = options(2, Player::A, threads);
            o.max_dice = max_dice;
            let seen = AtomicU64::new(0);
            let grown = survey_in(
                &o,
                &|n| {
                    seen.fetch_add(n, Ordering::Relaxed);
                },
                Some(1),
                None,
            )
            .unwrap();
            let roomy = survey_in(&o, &|_| {}, Some(1 << 20), None).unwrap();
            assert_eq!(grown, roomy, "{max_dice} dice, {threads} threads");
            assert_eq!(seen.load(Ordering::Relaxed), grown.boards);
            assert!(grown.positions > 4096, "{}", grown.positions);
        }
    }

    /// Tree sizes rounded in the memo (in codes of 12 bits: exact below
    /// 2,048) give the survey of sizes exact in it, the largest tree
    /// counted again exactly, with one thread or two, the memo growing
    /// too.
    #[test]
    fn rounded_sizes_give_the_same_survey() {
        for (max_dice, threads, first) in [(4, 1, Player::A), (4, 2, Player::B), (5, 2, Player::A)]
        {
            let mut o = options(2, first, threads);
            o.max_dice = max_dice;
            let exact = survey_in(&o, &|_| {}, None, None).unwrap();
            assert!(exact.largest.0 >= 1 << 11, "{}", exact.largest.0);
            for room in [None, Some(1)] {
                let rounded = survey_in(&o, &|_| {}, room, Some(12)).unwrap();
                assert_eq!(
                    rounded, exact,
                    "{max_dice} dice, {threads} threads, {first} first"
                );
            }
        }
    }

    #[test]
    fn a_memo_past_the_memory_limit_is_refused_before_it_is_made() {
        let mut o = options(3, Player::A, 1);
        o.memory = ByteSize::new(100 << 20);
        assert_eq!(
            survey(&o, &|_| {}).unwrap_err(),
            SurveyError::TooLittleMemory {
                needed: ByteSize::new(472 << 20),
                limit: ByteSize::new(100 << 20)
            }
        );
    }

    /// A memo that must grow past the limit (the old table and the new one
    /// together) stops the survey; with room for that it goes on.
    #[test]
    fn a_memo_that_would_grow_past_the_memory_limit_stops_the_survey() {
        let mut o = options(2, Player::A, 2);
        o.max_dice = 4;
        // The first table, 4,096 slots of 8 bytes, fits; growing to twice
        // that while the first is held does not.
        o.memory = ByteSize::new(64 << 10);
        match survey_in(&o, &|_| {}, Some(1), None) {
            Err(SurveyError::OutgrewMemory {
                positions,
                needed,
                limit,
            }) => {
                assert_eq!((needed, limit), (ByteSize::new(3 << 15), o.memory));
                assert!(positions >= 3 * 1024, "{positions}");
            }
            other => panic!("{other:?}"),
        }
        o.memory = ByteSize::new(1 << 30);
        assert!(survey_in(&o, &|_| {}, Some(1), None).is_ok());
    }

    #[test]
    fn progress_counts_every_board() {
        let seen = AtomicU64::new(0);
        let s = survey(&options(2, Player::A, 2), &|n| {
            seen.fetch_add(n, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(seen.load(Ordering::Relaxed), s.boards);
    }

    #[test]
    fn sizes_beyond_reach_are_refused_with_their_count() {
        let err = survey(&options(4, Player::A, 1), &|_| {}).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a survey of every 4x4 board with at most 3 dice would go through 2,821,109,907,456 boards; \
             at most 20,000,000 can be surveyed"
        );
        let (text, exact) = board_count(100, 9);
        assert_eq!(exact, None);
        assert!(text.len() > 120, "{text}");
        let mut o = options(3, Player::A, 1);
        o.table = true;
        assert_eq!(
            survey(&o, &|_| {}).unwrap_err(),
            SurveyError::TableTooLarge(10_077_696)
        );
    }
}
