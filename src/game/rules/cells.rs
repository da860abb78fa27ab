//! The rules on cells, written once: the moves, attacks, reinforcement and
//! winners on any cells (a [`Board`] or a packed position, through
//! [`Cells`]), consulting the rule set's [`Policy`](crate::game::Policy) where the rule sets
//! differ. What a game is played with, [`Rules`], is in `rules.rs`.

use super::super::position::{Move, Spare};
use super::super::ruleset::{Attack, Ending, Placement, Supply};
use super::super::{Board, Cell, MAX_CELLS, MAX_PLAYERS, Map, Player, PlayerSet};
use super::Rules;

/// Read access to the cells of a board, however they are stored: the rules
/// below are written once against it and run both on [`Board`] values and on
/// packed positions (see `table.rs`).
pub(crate) trait Cells {
    /// The number of cells.
    fn count(&self) -> usize;
    /// The cell at an index below `count()`.
    fn get(&self, index: usize) -> Cell;
}

/// Write access to the cells of a board.
pub(crate) trait CellsMut: Cells {
    /// Replaces the cell at an index below `count()`.
    fn put(&mut self, index: usize, cell: Cell);
}

impl Cells for Board {
    #[inline]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn get(&self, index: usize) -> Cell {
        self.cell(index)
    }
}

impl Cells for [Cell] {
    #[inline]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn get(&self, index: usize) -> Cell {
        self[index]
    }
}

impl CellsMut for Board {
    #[inline]
    fn put(&mut self, index: usize, cell: Cell) {
        self.set(index, cell);
    }
}

/// The part of a position that is not the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    /// The player to move.
    pub player: Player,
    /// The dice captured so far this turn.
    pub captured: u16,
    /// Whether no move has been made yet this turn.
    pub first_move: bool,
}

/// Calls `f(from, to)` for each legal attack of `player` in menu order while
/// it returns true; returns false if `f` stopped it.
#[inline]
pub(crate) fn for_each_attack<C: Cells + ?Sized>(
    cells: &C,
    rules: &Rules,
    player: Player,
    f: impl FnMut(usize, usize) -> bool,
) -> bool {
    match rules.policy().attack {
        Attack::MoreDice => attacks_by::<C, false>(cells, rules.map(), player, f),
        Attack::FromTwo => attacks_by::<C, true>(cells, rules.map(), player, f),
    }
}

/// [`for_each_attack`] for one attack rule: `ANY`, a cell with 2 dice or
/// more attacks any enemy neighbour; otherwise only those with fewer dice.
#[inline]
fn attacks_by<C: Cells + ?Sized, const ANY: bool>(
    cells: &C,
    map: &Map,
    player: Player,
    mut f: impl FnMut(usize, usize) -> bool,
) -> bool {
    for from in 0..cells.count() {
        let cell = cells.get(from);
        if cell.owner() != player || cell.dice() < 2 {
            continue;
        }
        for &to in map.neighbours(from) {
            let target = cells.get(to as usize);
            if target.owner() != player
                && (ANY || target.dice() < cell.dice())
                && !f(from, to as usize)
            {
                return false;
            }
        }
    }
    true
}

/// Calls `f` with each legal move on `cells` for `turn`, in menu order.
///
/// `PLAIN` says the rules are known to be the classic ones (the game
/// tree's), so that their policy need not be read.
#[inline]
pub(crate) fn for_each_move<C: Cells + ?Sized, const PLAIN: bool>(
    cells: &C,
    turn: Turn,
    rules: &Rules,
    mut f: impl FnMut(Move),
) {
    if !turn.first_move || (!PLAIN && !rules.policy().attack_first) {
        f(Move::Pass);
    }
    let attack = |from: usize, to: usize| {
        f(Move::Attack {
            from: from as u8,
            to: to as u8,
        });
        true
    };
    if PLAIN {
        attacks_by::<C, false>(cells, rules.map(), turn.player, attack);
    } else {
        for_each_attack(cells, rules, turn.player, attack);
    }
}

/// The legal moves on `cells` for `turn`, in menu order, into `moves` (which
/// is cleared first); `PLAIN` as for [`for_each_move`].
#[inline]
pub(crate) fn moves_on<C: Cells + ?Sized, const PLAIN: bool>(
    cells: &C,
    turn: Turn,
    rules: &Rules,
    moves: &mut Vec<Move>,
) {
    moves.clear();
    for_each_move::<C, PLAIN>(cells, turn, rules, |mv| moves.push(mv));
}

/// How many legal moves `cells` has for `turn`: [`moves_on`]'s count,
/// without listing them.
#[inline]
pub(crate) fn count_moves_on<C: Cells + ?Sized, const PLAIN: bool>(
    cells: &C,
    turn: Turn,
    rules: &Rules,
) -> usize {
    let mut count = 0;
    for_each_move::<C, PLAIN>(cells, turn, rules, |_| count += 1);
    count
}

/// Plays a legal move on `cells` with no chance in it (every attack won,
/// no random placement), returning the turn after it: the game tree's
/// rules, whose positions hold no [`Spare`].
///
/// `PLAIN` says the rules are known to be the classic ones.
#[inline]
pub(crate) fn play_on<C: CellsMut + ?Sized, const PLAIN: bool>(
    cells: &mut C,
    turn: Turn,
    rules: &Rules,
    mv: Move,
) -> Turn {
    match mv {
        Move::Attack { from, to } => attack_on(cells, turn, from as usize, to as usize, true),
        Move::Pass => {
            pass_on::<C, NoChance, PLAIN>(cells, turn, &mut Spare::default(), rules, &mut NoChance)
        }
    }
}

/// Plays an attack, won or lost: a won attack leaves 1 die on the source
/// and moves the rest onto the target, whose dice are captured; a lost one
/// leaves 1 die on the source and the target as it was.
#[inline]
pub(in crate::game) fn attack_on<C: CellsMut + ?Sized>(
    cells: &mut C,
    turn: Turn,
    from: usize,
    to: usize,
    won: bool,
) -> Turn {
    let source = cells.get(from);
    cells.put(from, Cell::new(turn.player, 1));
    let mut captured = turn.captured;
    if won {
        let target = cells.get(to);
        cells.put(to, Cell::new(turn.player, source.dice() - 1));
        captured += u16::from(target.dice());
    }
    Turn {
        player: turn.player,
        captured,
        first_move: false,
    }
}

/// Where chance enters a pass: which cell with room gets the next die when
/// placement is random, and a note of each die placed.
pub(crate) trait Dealer {
    /// Which of `room` cells with room (from 0) gets the next die.
    fn pick(&mut self, room: usize) -> usize {
        let _ = room;
        0
    }

    /// A die was placed on `cell`.
    fn placed(&mut self, cell: usize) {
        let _ = cell;
    }
}

/// No chance: random placement takes the first cell with room.
pub(crate) struct NoChance;

impl Dealer for NoChance {}

/// Counts the dice placed.
pub(in crate::game) struct Count(pub(in crate::game) u16);

impl Dealer for Count {
    fn placed(&mut self, _cell: usize) {
        self.0 += 1;
    }
}

/// Ends `turn`: the reinforcement the rule set gives is placed as it says,
/// the pool or stock pays for it, the guard counts a turn without a capture,
/// and the next player still in the game (under Dice Wars; the next one
/// under the others) starts.
///
/// `PLAIN` says the rules are known to be the classic ones.
#[inline]
pub(crate) fn pass_on<C: CellsMut + ?Sized, D: Dealer, const PLAIN: bool>(
    cells: &mut C,
    turn: Turn,
    spare: &mut Spare,
    rules: &Rules,
    dealer: &mut D,
) -> Turn {
    let player = turn.player;
    if PLAIN || rules.plain_pass {
        reinforce_on(
            cells,
            player,
            turn.captured.saturating_sub(1),
            rules.max_dice(),
            dealer,
            false,
        );
        return Turn {
            player: player.next(rules.players()),
            captured: 0,
            first_move: true,
        };
    }
    let policy = rules.policy();
    let mover = player.index() as usize;
    let dice = match policy.supply {
        Supply::CapturedLessOne => turn.captured.saturating_sub(1),
        Supply::LargestGroup => largest_group_on(cells, rules.map(), player) as u16,
        Supply::SharedPool(_) => u16::from(spare.pool),
        Supply::Stock(cap) => {
            let group = largest_group_on(cells, rules.map(), player);
            let stock = (usize::from(spare.stock[mover]) + group).min(usize::from(cap));
            spare.stock[mover] = stock as u8;
            stock as u16
        }
    };
    let placed = match policy.placement {
        Placement::Sweep => reinforce_on(cells, player, dice, rules.max_dice(), dealer, false),
        Placement::ReversingSweep => {
            let backwards = spare.reversed;
            spare.reversed = !backwards;
            reinforce_on(cells, player, dice, rules.max_dice(), dealer, backwards)
        }
        Placement::Random => scatter_on(cells, player, dice, rules.max_dice(), dealer),
    };
    match policy.supply {
        Supply::SharedPool(_) => spare.pool -= placed as u8,
        Supply::Stock(_) => spare.stock[mover] -= placed as u8,
        Supply::CapturedLessOne | Supply::LargestGroup => {}
    }
    if policy.quiet_rounds.is_some() {
        spare.quiet = if turn.captured == 0 {
            spare.quiet.saturating_add(1)
        } else {
            0
        };
    }
    Turn {
        player: next_player(cells, player, rules),
        captured: 0,
        first_move: true,
    }
}

/// The player who moves after `player`: the next one, or under Dice Wars
/// the next one still holding a cell.
#[inline]
fn next_player<C: Cells + ?Sized>(cells: &C, player: Player, rules: &Rules) -> Player {
    let players = rules.players();
    let mut next = player.next(players);
    if rules.policy().ending == Ending::LastStanding {
        let holding = owners_on(cells);
        for _ in 0..players {
            if holding.contains(next) {
                break;
            }
            next = next.next(players);
        }
    }
    next
}

/// The players who hold at least one cell.
pub(in crate::game) fn owners_on<C: Cells + ?Sized>(cells: &C) -> PlayerSet {
    (0..cells.count()).map(|i| cells.get(i).owner()).collect()
}

/// The size of `player`'s largest group of cells connected through her own
/// cells.
///
/// ```
/// use dice_of_doom::game::{largest_group, Board, Map, Player};
/// let board: Board = "a-1 b-1 a-1 / a-1 b-1 a-1 / b-1 b-1 a-1".parse().unwrap();
/// let map = Map::rhombus(3).unwrap();
/// assert_eq!(largest_group(&board, &map, Player::A), 3);
/// assert_eq!(largest_group(&board, &map, Player::B), 4);
/// ```
pub fn largest_group(board: &Board, map: &Map, player: Player) -> usize {
    largest_group_on(board, map, player)
}

fn largest_group_on<C: Cells + ?Sized>(cells: &C, map: &Map, player: Player) -> usize {
    let mut seen = [false; MAX_CELLS];
    let mut stack = [0u8; MAX_CELLS];
    let mut best = 0;
    for start in 0..cells.count() {
        if seen[start] || cells.get(start).owner() != player {
            continue;
        }
        seen[start] = true;
        stack[0] = start as u8;
        let (mut top, mut size) = (1, 0);
        while top > 0 {
            top -= 1;
            let cell = usize::from(stack[top]);
            size += 1;
            for &n in map.neighbours(cell) {
                let n = usize::from(n);
                if !seen[n] && cells.get(n).owner() == player {
                    seen[n] = true;
                    stack[top] = n as u8;
                    top += 1;
                }
            }
        }
        best = best.max(size);
    }
    best
}

/// Gives `player` up to `dice` dice in one sweep over her cells, in index
/// order or, `backwards`, from the highest index down; returns how many
/// were placed.
#[inline]
fn reinforce_on<C: CellsMut + ?Sized, D: Dealer>(
    cells: &mut C,
    player: Player,
    dice: u16,
    max_dice: u8,
    dealer: &mut D,
    backwards: bool,
) -> u16 {
    let mut placed = 0;
    let count = cells.count();
    for step in 0..count {
        if placed == dice {
            break;
        }
        let index = if backwards { count - 1 - step } else { step };
        let cell = cells.get(index);
        if cell.owner() == player && cell.dice() < max_dice {
            cells.put(index, Cell::new(player, cell.dice() + 1));
            dealer.placed(index);
            placed += 1;
        }
    }
    placed
}

/// Places up to `dice` dice one at a time, each on a cell of `player`'s
/// with room that the dealer picks; returns how many were placed.
fn scatter_on<C: CellsMut + ?Sized, D: Dealer>(
    cells: &mut C,
    player: Player,
    dice: u16,
    max_dice: u8,
    dealer: &mut D,
) -> u16 {
    let mut room = [0u8; MAX_CELLS];
    let mut rooms = 0;
    for index in 0..cells.count() {
        let cell = cells.get(index);
        if cell.owner() == player && cell.dice() < max_dice {
            room[rooms] = index as u8;
            rooms += 1;
        }
    }
    let mut placed = 0;
    while placed < dice && rooms > 0 {
        let pick = dealer.pick(rooms).min(rooms - 1);
        let index = usize::from(room[pick]);
        let dice = cells.get(index).dice() + 1;
        cells.put(index, Cell::new(player, dice));
        dealer.placed(index);
        placed += 1;
        if dice >= max_dice {
            room.copy_within(pick + 1..rooms, pick);
            rooms -= 1;
        }
    }
    placed
}

/// The players who own the most cells.
#[inline]
pub(crate) fn winners_on<C: Cells + ?Sized>(cells: &C) -> PlayerSet {
    let mut counts = [0u8; MAX_PLAYERS as usize];
    for index in 0..cells.count() {
        counts[cells.get(index).owner().index() as usize] += 1;
    }
    most_cells(&counts)
}

/// The players owning the most cells, from the count of each player's
/// cells: the winners (see [`winners_on`]; packed positions count their
/// cells their own way).
#[inline]
pub(crate) fn most_cells(counts: &[u8; MAX_PLAYERS as usize]) -> PlayerSet {
    let best = counts.iter().copied().max().unwrap_or(0);
    let mut winners = PlayerSet::EMPTY;
    if best > 0 {
        for (index, &count) in (0u8..).zip(counts) {
            if let (true, Some(player)) = (count == best, Player::new(index)) {
                winners.insert(player);
            }
        }
    }
    winners
}

/// Gives `player` up to `dice` dice, one per cell she owns in index order,
/// skipping cells that already hold `max_dice`; the rest are lost. Returns how
/// many dice were placed.
///
/// ```
/// use dice_of_doom::game::{reinforce, Board, Player};
/// let mut board: Board = "a-1 b-1\na-3 a-2".parse().unwrap();
/// assert_eq!(reinforce(&mut board, Player::A, 5, 3), 2);
/// assert_eq!(board, "a-2 b-1\na-3 a-3".parse().unwrap());
/// ```
pub fn reinforce(board: &mut Board, player: Player, dice: u16, max_dice: u8) -> u16 {
    reinforce_on(board, player, dice, max_dice, &mut NoChance, false)
}

/// The players who own the most cells of a board.
pub fn winners(board: &Board) -> PlayerSet {
    winners_on(board)
}
