//! One timeline of plays: every move from the start, each with its roll
//! and placements, and a cursor on it. Undo and redo move the cursor; a
//! move played with moves taken back forgets them, as an editor does.

use crate::game::{IllegalMove, Player, Position, Rules};

use super::{Play, after};

/// The plays of a game from its start, those taken back included, and how
/// many of them are played (the cursor): the game stands at the position
/// after those.
///
/// ```
/// use dice_of_doom::game::{Move, Player, Position, Rules};
/// use dice_of_doom::record::Timeline;
/// let rules = Rules::classic(2, 2, 3).unwrap();
/// let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
/// let mut timeline = Timeline::new(start);
/// timeline.push(&rules, Move::Attack { from: 2, to: 3 }.into()).unwrap();
/// let person = |_| true;
/// assert_eq!(timeline.undo(person), Some(0..1));
/// assert_eq!(timeline.end(), start);
/// assert_eq!(timeline.redo(&rules, person), Some(0..1));
/// assert_eq!(timeline.played(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    start: Position,
    plays: Vec<Play>,
    /// The position after each play.
    positions: Vec<Position>,
    played: usize,
}

impl Timeline {
    /// A timeline with no move yet, from `start`.
    pub fn new(start: Position) -> Timeline {
        Timeline {
            start,
            plays: Vec::new(),
            positions: Vec::new(),
            played: 0,
        }
    }

    /// The position before any move.
    pub fn start(&self) -> Position {
        self.start
    }

    /// How many moves lead to the position the game stands at.
    pub fn played(&self) -> usize {
        self.played
    }

    /// How many moves are known: those played and those taken back.
    pub fn len(&self) -> usize {
        self.plays.len()
    }

    /// Whether no move is known.
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// The moves played, with their rolls, up to the cursor.
    pub fn plays(&self) -> &[Play] {
        &self.plays[..self.played]
    }

    /// Every move known, those taken back too.
    pub fn all_plays(&self) -> &[Play] {
        &self.plays
    }

    /// The position after `n` moves (the start before any; the last one
    /// known past them).
    pub fn position_after(&self, n: usize) -> Position {
        n.min(self.positions.len())
            .checked_sub(1)
            .and_then(|i| self.positions.get(i))
            .copied()
            .unwrap_or(self.start)
    }

    /// The position the game stands at: after the moves played.
    pub fn end(&self) -> Position {
        self.position_after(self.played)
    }

    /// Plays `play` at the cursor, as its roll and placements say under
    /// rules with chance: the moves taken back are forgotten. Returns the
    /// position it leads to.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not legal there, or lacks the roll
    /// it needs; the timeline is left as it was.
    pub fn push(&mut self, rules: &Rules, play: Play) -> Result<Position, IllegalMove> {
        let next = after(rules, &self.end(), &play).ok_or(IllegalMove { mv: play.mv })?;
        self.plays.truncate(self.played);
        self.positions.truncate(self.played);
        self.plays.push(play);
        self.positions.push(next);
        self.played += 1;
        Ok(next)
    }

    /// Moves the cursor to after `n` moves (at most all of them).
    pub fn go_to(&mut self, n: usize) {
        self.played = n.min(self.len());
    }

    /// Where an undo goes: the last position before the cursor where
    /// `person` is to move (against the computer, a person's last turn).
    pub fn undo_target(&self, person: impl Fn(Player) -> bool) -> Option<usize> {
        (0..self.played)
            .rev()
            .find(|&n| person(self.position_after(n).player()))
    }

    /// Where a redo goes: the next position where `person` is to move or
    /// the game is over, or the last one known.
    pub fn redo_target(&self, rules: &Rules, person: impl Fn(Player) -> bool) -> Option<usize> {
        let (played, len) = (self.played, self.len());
        (played < len).then(|| {
            (played + 1..len)
                .find(|&n| {
                    let at = self.position_after(n);
                    person(at.player()) || at.is_game_over(rules)
                })
                .unwrap_or(len)
        })
    }

    /// Takes back the moves to [`Timeline::undo_target`]: the range of
    /// them, or `None` (and nothing changes) if there is none.
    pub fn undo(&mut self, person: impl Fn(Player) -> bool) -> Option<std::ops::Range<usize>> {
        let to = self.undo_target(person)?;
        let from = self.played;
        self.played = to;
        Some(to..from)
    }

    /// Plays again the moves to [`Timeline::redo_target`], as they went the
    /// first time, rolls included: the range of them, or `None`.
    pub fn redo(
        &mut self,
        rules: &Rules,
        person: impl Fn(Player) -> bool,
    ) -> Option<std::ops::Range<usize>> {
        let to = self.redo_target(rules, person)?;
        let from = self.played;
        self.played = to;
        Some(from..to)
    }
}

/// What a player does to a game, for property tests of a timeline and of
/// the front-ends on it.
#[cfg(test)]
pub(crate) mod actions {
    use proptest::prelude::*;

    /// A move of the list (by its index, taken modulo the list's length),
    /// an undo, or a redo.
    #[derive(Clone, Copy, Debug)]
    pub(crate) enum Action {
        Play(usize),
        Undo,
        Redo,
    }

    /// Moves, undos and redos, moves likelier.
    pub(crate) fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            3 => (0usize..64).prop_map(Action::Play),
            2 => Just(Action::Undo),
            2 => Just(Action::Redo),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::actions::{Action, action};
    use super::*;
    use crate::game::{Move, PlayerSet};
    use proptest::prelude::*;

    /// Board A of the figures: a to move on a 3x3 board.
    fn game() -> (Rules, Position) {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-1 b-2 a-1 / b-1 b-2 a-1 / a-1 a-1 a-3".parse().unwrap();
        (
            rules.clone(),
            Position::start(&rules, board, Player::A).unwrap(),
        )
    }

    #[test]
    fn a_move_after_an_undo_forgets_what_was_taken_back() {
        let (rules, start) = game();
        let mut t = Timeline::new(start);
        let first = start.moves(&rules)[0];
        t.push(&rules, first.into()).unwrap();
        t.push(&rules, Move::Pass.into()).unwrap();
        assert_eq!((t.played(), t.len()), (2, 2));
        assert_eq!(t.undo(|_| true), Some(1..2));
        assert_eq!((t.played(), t.len()), (1, 2));
        assert_eq!(t.plays(), &[Play::from(first)]);
        // Another move at the cursor: the pass taken back is gone.
        let other = t.end().moves(&rules)[0];
        t.push(&rules, other.into()).unwrap();
        assert_eq!(t.all_plays(), &[Play::from(first), Play::from(other)]);
        assert_eq!(t.redo(&rules, |_| true), None);
    }

    #[test]
    fn against_the_computer_undo_and_redo_skip_its_moves() {
        let (rules, start) = game();
        let mut t = Timeline::new(start);
        // a attacks and passes, b (the computer) attacks and passes.
        for _ in 0..2 {
            t.push(&rules, t.end().moves(&rules)[0].into()).unwrap();
        }
        let b = t.end();
        assert_eq!(b.player(), Player::B);
        t.push(&rules, b.moves(&rules)[0].into()).unwrap();
        t.push(&rules, Move::Pass.into()).unwrap();
        let person = |p: Player| !PlayerSet::single(Player::B).contains(p);
        assert_eq!(t.undo(person), Some(1..4));
        assert_eq!(t.redo(&rules, person), Some(1..4));
        assert_eq!(t.end().player(), Player::A);
        // Nothing before the first move, and an illegal move is refused.
        t.go_to(0);
        assert_eq!(t.undo(person), None);
        let wrong = Move::Attack { from: 0, to: 8 };
        assert_eq!(t.push(&rules, wrong.into()), Err(IllegalMove { mv: wrong }));
        assert_eq!(t.len(), 4);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever is played, taken back and played again, the position
        /// is the one the moves played give from the start, and an undo
        /// then a redo comes back to it.
        #[test]
        fn the_cursor_always_stands_where_its_moves_lead(
            actions in proptest::collection::vec(action(), 0..60),
            computer in proptest::bool::ANY,
        ) {
            let (rules, start) = game();
            let person = |p: Player| !computer || p != Player::B;
            let mut t = Timeline::new(start);
            for action in actions {
                match action {
                    Action::Play(i) => {
                        let moves = t.end().moves(&rules);
                        if let Some(&mv) = moves.get(i % moves.len().max(1)) {
                            t.push(&rules, mv.into()).unwrap();
                        }
                    }
                    Action::Undo => {
                        let before = (t.played(), t.end());
                        // Undo then redo comes back where a person moves.
                        let back = person(before.1.player()) || before.1.is_game_over(&rules);
                        if let Some(range) = t.undo(person) {
                            prop_assert_eq!(range.end, before.0);
                            prop_assert!(person(t.end().player()));
                            if !back {
                                continue;
                            }
                            prop_assert_eq!(t.redo(&rules, person), Some(range));
                            prop_assert_eq!((t.played(), t.end()), before);
                            t.undo(person);
                        }
                    }
                    Action::Redo => {
                        t.redo(&rules, person);
                    }
                }
                let replayed = t.plays().iter().try_fold(start, |at, p| at.play(&rules, p.mv));
                prop_assert_eq!(replayed, Ok(t.end()));
                prop_assert!(t.played() <= t.len());
            }
        }
    }
}
