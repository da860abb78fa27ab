//! The state machine's moves (a child module of `state`): a move of the
//! menu played with the dice of the game's seed, the position and the move
//! (or read back from a record), logged, and said.

use super::{App, Move, Play, Position, dice};
use crate::game::Event;
use crate::session::Event as SessionEvent;

/// Says there is no move `typed`, naming the moves `first` to `last` there are.
pub(super) fn no_such_move(typed: &str, first: usize, last: usize) -> String {
    if first >= last {
        format!("There is no move {typed}: the only move is {first}.")
    } else {
        format!("There is no move {typed}: the moves are {first} to {last}.")
    }
}

impl App {
    /// Plays the move at `index` in the menu, rolling its dice (if the
    /// rules roll any) from the game's seed, the position and the move
    /// ([`crate::game::dice_of`]), and logs it.
    pub(super) fn play_index(&mut self, index: usize) {
        let moves = self.moves();
        let Some(&mv) = moves.get(index) else {
            self.message = Some(no_such_move(&(index + 1).to_string(), 1, moves.len()));
            return;
        };
        // A network game's move goes to its table, which plays it.
        if self.computer_to_move().is_none() && self.hold_for_table(mv) {
            return;
        }
        let before = self.position();
        match self.session.play(mv, false) {
            Ok(events) => {
                let Some(SessionEvent::Played { event, .. }) = events.first() else {
                    return;
                };
                let play = Play::of(self.rules(), mv, event);
                self.played(before, play, event, true);
                self.show_saving();
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Takes in a move the session just played at `before` (`live`: by a
    /// person or the computer now, its roll shown rolling; otherwise one
    /// read back from a record), logging it.
    pub(super) fn played(&mut self, before: Position, play: Play, event: &Event, live: bool) {
        let player = before.player();
        let entry = self.entry(&before, play.mv, event);
        self.log
            .truncate(self.session.timeline().played().saturating_sub(1));
        self.log.push(entry);
        self.changes += 1;
        self.marked = None;
        self.digits.clear();
        self.hints = None;
        self.hint_wait = None;
        self.roll_played(play, live);
        let after = self.position();
        self.cursor_to_mover(player);
        if self.winners().is_some() {
            self.message = Some(self.game_over_message());
        } else if after.player() != player && self.computers().contains(after.player()) {
            self.message = Some(self.computer_turn_message(after.player()));
        } else if after.player() != player {
            self.message = Some(format!("{}'s turn.", after.player()));
        } else if let Event::Attack { taken: false, .. } = event {
            self.message = Some(format!("{player}'s attack was held."));
        } else if let Move::Attack { to, .. } = play.mv {
            let cell = crate::ui::words::Cells::of(self.rules().map()).one();
            self.message = Some(format!("{player} took {cell} {to}."));
        }
    }

    /// The log's line for a move played at `before`: under the classic
    /// rules `a: 3 -> 7, took 2 dice from b`, `a: end turn, +2 dice`;
    /// under the others what the line mode prints (`a: 3 -> 7 rolls 4+6+2
    /// = 12 against 5+1 = 6: taken`).
    fn entry(&self, before: &Position, mv: Move, event: &Event) -> String {
        let player = before.player();
        if let Some(line) = crate::ui::words::event_line(self.rules(), player, mv, event) {
            return line;
        }
        match mv {
            Move::Attack { from, to } => {
                let target = before.board().cell(usize::from(to));
                format!(
                    "{player}: {from} -> {to}, took {} from {}",
                    dice(u16::from(target.dice())),
                    target.owner()
                )
            }
            Move::Pass => format!(
                "{player}: end turn, +{}",
                dice(before.reinforcements(self.rules()))
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::no_such_move;

    #[test]
    fn a_wrong_number_names_the_moves_there_are() {
        assert_eq!(
            no_such_move("5", 1, 1),
            "There is no move 5: the only move is 1."
        );
        assert_eq!(
            no_such_move("0", 1, 3),
            "There is no move 0: the moves are 1 to 3."
        );
    }
}
