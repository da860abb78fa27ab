//! The state machine's history (a child module of `state`): the session's
//! timeline of every move from the start, undo and redo as in an editor
//! (the session's, said in the full-screen game's words), and games
//! resumed with moves already played.

use super::{App, Move, Play, Position, Rules};
use crate::session::{Command, Event};

/// A move that is not legal where a game's moves put it, and its number:
/// why [`App::resume`] or [`App::replay`] refused the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({mv}) is not legal there")]
pub struct IllegalMoveAt {
    /// The move's number, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
}

impl App {
    /// A game from `start` with `moves` already played and logged, shown
    /// after the last of them (as when a saved game is resumed), each as
    /// its roll and placements say under rules with chance (a [`Play`] of a
    /// record); the first move that is not legal where it comes, or whose
    /// roll does not fit it, is an error. The dice of the moves to come
    /// are those of the seed (0 without), as the line mode's.
    ///
    /// ```
    /// use dice_of_doom::ui::App;
    /// use dice_of_doom::game::{Board, Map, Move, Player, Position, Rules};
    ///
    /// let board: Board = "b-2 b-2 / a-2 b-1".parse().unwrap();
    /// let rules = Rules::new(Map::rhombus(2).unwrap(), 2, 3).unwrap();
    /// let start = Position::start(&rules, board, Player::A).unwrap();
    /// let moves = [Move::Attack { from: 2, to: 3 }, Move::Pass];
    /// let app = App::resume(rules, start, &moves, None).unwrap();
    /// assert_eq!(app.history(), moves);
    /// assert_eq!(app.position().player(), Player::B);
    /// ```
    pub fn resume(
        rules: Rules,
        start: Position,
        moves: &[impl Into<Play> + Copy],
        seed: Option<u64>,
    ) -> Result<App, IllegalMoveAt> {
        let mut app = App::new(rules, start, seed);
        for (i, &play) in moves.iter().enumerate() {
            let play: Play = play.into();
            let before = app.position();
            let event = app.session.play_recorded(play).map_err(|_| IllegalMoveAt {
                number: i + 1,
                mv: play.mv,
            })?;
            app.played(before, play, &event, false);
        }
        if !moves.is_empty() && app.winners().is_none() {
            app.message = Some(format!(
                "The game goes on after {}: {} to move.",
                moves_count(moves.len()),
                app.position().player()
            ));
        }
        Ok(app)
    }

    /// The position the game started from, before any move.
    pub fn start(&self) -> Position {
        self.session.record().start()
    }

    /// The moves from the start to the position shown.
    pub fn history(&self) -> Vec<Move> {
        self.plays().iter().map(|p| p.mv).collect()
    }

    /// The moves from the start to the position shown, with their rolls
    /// and placements, as a record keeps them.
    pub fn plays(&self) -> &[Play] {
        self.session.timeline().plays()
    }

    /// How many times the game has changed (a move, an undo, a redo, a
    /// continue from a replay): each change is kept by the game's store
    /// (see [`App::with_store`]).
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Shows whether the game is kept after a save: while its store's last
    /// save failed, the warning on the message line (after every change)
    /// and in the status; once a save succeeds again, that it does.
    pub(super) fn show_saving(&mut self) {
        let warning = self.session.unsaved();
        if let Some(text) = &warning {
            self.message = Some(text.clone());
        }
        self.set_unsaved(warning);
    }

    /// Tells the game whether it is being saved: `warning` says why not
    /// (shown on the message line as soon as it comes, and kept in the
    /// status until a save succeeds), `None` when it is saved. Returns
    /// whether that changed.
    pub fn set_unsaved(&mut self, warning: Option<String>) -> bool {
        if warning == self.unsaved {
            return false;
        }
        match &warning {
            Some(text) => self.message = Some(text.clone()),
            None => self.message = Some("This game is being saved again.".into()),
        }
        self.unsaved = warning;
        true
    }

    /// How many of the log's entries it is scrolled back from its last
    /// (`<` and `>`), 0 showing the last; a change of the game (a move, an
    /// undo) scrolls it back to the last.
    pub fn log_back(&self) -> usize {
        if self.log_back.0 == self.changes {
            self.log_back.1.min(self.log().len().saturating_sub(1))
        } else {
            0
        }
    }

    /// Scrolls the log `step` entries back (negative: on), between its
    /// first entry and its last.
    pub(super) fn scroll_log(&mut self, step: isize) {
        let back = self
            .log_back()
            .saturating_add_signed(step)
            .min(self.log().len().saturating_sub(1));
        self.message = match (back, step > 0) {
            (0, false) => Some("The log shows its last move.".into()),
            (b, true) if b == self.log_back() => {
                Some("The log shows its first move: > scrolls on.".into())
            }
            _ => None,
        };
        self.log_back = (self.changes, back);
    }

    /// Why the game is not being saved, if its last save failed.
    pub fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    /// The position after `n` moves of the history.
    pub(super) fn position_after(&self, n: usize) -> Position {
        self.session.timeline().position_after(n)
    }

    /// Where an undo goes: the last position before this one where a
    /// person was to move.
    fn undo_target(&self) -> Option<usize> {
        let computers = self.computers();
        self.session
            .timeline()
            .undo_target(|p| !computers.contains(p))
    }

    /// Where a redo goes: the next position where a person is to move (or
    /// the game is over), or the last one known.
    fn redo_target(&self) -> Option<usize> {
        let computers = self.computers();
        self.session
            .timeline()
            .redo_target(self.rules(), |p| !computers.contains(p))
    }

    /// Whether there is a move of a person's to take back, and the game
    /// lets it be (under dice against the computer a roll stands).
    pub fn can_undo(&self) -> bool {
        !self.is_networked() && self.undo_target().is_some() && !self.session.undo_refused()
    }

    /// Whether the game is practice (its header and end screen say so).
    pub fn practice(&self) -> bool {
        self.session.practice()
    }

    /// What the end screen says besides the result: that the game was
    /// practice, and where the finished game is kept.
    pub fn end_notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.practice() {
            notes.push("A practice game: rolls could be taken back.".to_string());
        }
        if let Some(kept) = self.session.kept() {
            notes.push(format!("Kept in {kept}"));
        }
        notes
    }

    /// Whether there are moves taken back to play again.
    pub fn can_redo(&self) -> bool {
        !self.is_networked() && self.redo_target().is_some()
    }

    /// Shows the position after `n` moves, forgetting the mark, a typed
    /// number and the hints (which were for another position).
    pub(super) fn go_to(&mut self, n: usize) {
        self.session.go_to(n);
        self.roll.stop();
        self.marked = None;
        self.digits.clear();
        self.hints = None;
        self.hint_wait = None;
    }

    /// Takes back the last move, or against the computer every move back
    /// to the last position where a person was to move.
    pub(super) fn undo(&mut self) {
        let before = self.position().player();
        let from = self.session.timeline().played();
        let events = self.session.apply(Command::Undo).unwrap_or_default();
        if events.first() == Some(&Event::UndoRefused) {
            self.message = Some(crate::ui::words::UNDO_REFUSED.into());
            return;
        }
        let Some(Event::Undone(_)) = events.first() else {
            self.message = Some(if from == 0 {
                "Nothing to undo: no move has been played.".into()
            } else {
                "Nothing to undo: no person has moved yet.".into()
            });
            return;
        };
        let to = self.session.timeline().played();
        let said = self.moves_said(to, from);
        self.go_to(to);
        self.changes += 1;
        self.cursor_to_mover(before);
        let player = self.position().player();
        self.message = Some(if to + 1 == from {
            format!("Undone: {said} (r redoes it).")
        } else {
            format!("Undone: {said}, back to {player}'s turn (r redoes them).")
        });
        self.show_saving();
    }

    /// Plays again what was taken back: one move, or against the computer
    /// every move up to the next position where a person is to move.
    pub(super) fn redo(&mut self) {
        let before = self.position().player();
        let from = self.session.timeline().played();
        let events = self.session.apply(Command::Redo).unwrap_or_default();
        let Some(Event::Redone(_)) = events.first() else {
            self.message = Some("Nothing to redo: no move was taken back.".into());
            return;
        };
        let to = self.session.timeline().played();
        self.go_to(to);
        self.changes += 1;
        self.cursor_to_mover(before);
        let said = self.moves_said(from, to);
        self.message = Some(if self.winners().is_some() {
            format!("Redone: {said}. {}", self.game_over_message())
        } else if from + 1 == to {
            format!("Redone: {said}.")
        } else {
            format!("Redone: {said}, to {}'s turn.", self.position().player())
        });
        self.show_saving();
    }

    /// The moves from `from` to `to` in words: the move itself when it is
    /// one, their count otherwise.
    fn moves_said(&self, from: usize, to: usize) -> String {
        match self.log.get(from..to) {
            Some([one]) => one.clone(),
            _ => moves_count(to.saturating_sub(from)),
        }
    }
}

/// `1 move`, `3 moves`.
pub(super) fn moves_count(n: usize) -> String {
    crate::text::count(n, "move", "moves")
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "history_props_tests.rs"]
mod props;
