//! The state machine's controls (a child module of `state`): what each key
//! and click does in play, through the overlays, the replay and the
//! computer's turn; the cursor moved over the board or the map, a source
//! marked and a target attacked, the turn ended, a move typed by number.

use super::{App, Effect, Key, Move, Overlay, Player, Target, column};

impl App {
    /// Handles a key.
    pub fn key(&mut self, key: Key) -> Effect {
        if key == Key::Interrupt {
            return Effect::Quit;
        }
        // Any key settles a rolling roll.
        let settled = self.settle();
        match self.overlay {
            Overlay::Help => {
                match key {
                    Key::Help => self.help_page = self.help_page.wrapping_add(1),
                    _ => self.overlay = Overlay::None,
                }
                return Effect::Continue;
            }
            Overlay::ConfirmQuit => {
                self.overlay = Overlay::None;
                if matches!(key, Key::Yes | Key::Quit) {
                    return Effect::Quit;
                }
                self.message = Some("Back to the game.".into());
                return Effect::Continue;
            }
            Overlay::SaveAs => return self.save_prompt_key(key),
            Overlay::None => {}
        }
        if key == Key::Numbers {
            self.numbers = !self.numbers;
            return Effect::Continue;
        }
        if key == Key::Help {
            self.overlay = Overlay::Help;
            self.help_page = 0;
            return Effect::Continue;
        }
        match key {
            Key::Save => {
                self.open_save_prompt();
                return Effect::Continue;
            }
            Key::LogBack | Key::LogOn if self.replay.is_none() => {
                self.scroll_log(if key == Key::LogBack { 1 } else { -1 });
                return Effect::Continue;
            }
            _ => {}
        }
        if self.replay.is_some() {
            return self.replay_key(key);
        }
        match key {
            Key::Undo | Key::Redo if self.off_in_network("Undo") => return Effect::Continue,
            Key::Undo => {
                self.undo();
                return Effect::Continue;
            }
            Key::Redo => {
                self.redo();
                return Effect::Continue;
            }
            _ => {}
        }
        if self.winners().is_some() {
            return match key {
                // The end of the game was not shown yet: only settled.
                _ if settled => Effect::Continue,
                Key::Quit => Effect::Quit,
                Key::NewGame if self.off_in_network("A new game (n)") => Effect::Continue,
                Key::NewGame => Effect::NewGame,
                _ => Effect::Continue,
            };
        }
        if let Some(player) = self.computer_to_move() {
            match key {
                Key::Quit => self.overlay = Overlay::ConfirmQuit,
                Key::FastForward if self.is_networked() => self.refuse(player),
                Key::FastForward => self.fast_forward_key(),
                _ if settled => {}
                _ => self.refuse(player),
            }
            return Effect::Continue;
        }
        // A key that picks from the list of moves only settles the dice:
        // the list shown was the one before the attack.
        if settled && matches!(key, Key::Digit(_) | Key::Select | Key::Backspace) {
            return Effect::Continue;
        }
        self.message = None;
        match key {
            Key::Up => self.move_vertically(-1),
            Key::Down => self.move_vertically(1),
            Key::Left => self.move_horizontally(-1),
            Key::Right => self.move_horizontally(1),
            Key::NextOwn => self.next_own(1),
            Key::PrevOwn => self.next_own(-1),
            Key::Select => {
                if self.digits.is_empty() {
                    self.select(self.cursor);
                } else {
                    self.pick_typed();
                }
            }
            Key::Cancel => {
                if self.hint_wait.take().is_some() {
                    self.message = Some("Hints cancelled.".into());
                } else if !self.digits.is_empty() {
                    self.digits.clear();
                    self.message = Some("Number cancelled.".into());
                } else if self.marked.take().is_some() {
                    self.message = Some("Mark cancelled.".into());
                }
            }
            Key::EndTurn | Key::Play => self.end_turn(),
            Key::Digit(d) => self.digit(d),
            Key::Backspace => self.erase_digit(),
            Key::Hint => return self.hint(),
            Key::Quit => self.overlay = Overlay::ConfirmQuit,
            Key::FastForward => self.fast_forward_key(),
            Key::PageDown => self.turn_page(1),
            Key::PageUp => self.turn_page(-1),
            Key::Help
            | Key::Numbers
            | Key::Interrupt
            | Key::Suspend
            | Key::Yes
            | Key::No
            | Key::NewGame
            | Key::Undo
            | Key::Redo
            | Key::Continue
            | Key::Home
            | Key::End
            | Key::Save
            | Key::LogBack
            | Key::LogOn
            | Key::ClearLine
            | Key::Other => {}
        }
        Effect::Continue
    }

    /// Handles a click on a target (see the renderer's hit map).
    pub fn click(&mut self, target: Target) -> Effect {
        match target {
            Target::Button(key) => self.key(key),
            // The board and the list showed the game before the attack:
            // a click on them only settles the dice.
            _ if self.settle() => Effect::Continue,
            _ if self.overlay == Overlay::None && self.replay.is_some() => {
                self.replay_click(target)
            }
            _ if self.overlay != Overlay::None || self.winners().is_some() => Effect::Continue,
            _ if self.computer_to_move().is_some() => {
                if let Some(player) = self.computer_to_move() {
                    self.refuse(player);
                }
                Effect::Continue
            }
            Target::Cell(cell) => {
                self.message = None;
                self.digits.clear();
                self.set_cursor(cell);
                self.select(cell);
                Effect::Continue
            }
            Target::Menu(index) => {
                self.message = None;
                self.digits.clear();
                self.play_index(index);
                Effect::Continue
            }
            Target::Step(_) => Effect::Continue,
        }
    }

    pub(super) fn set_cursor(&mut self, cell: usize) {
        if cell < self.position().board().len() {
            self.cursor = cell;
            self.goal = column(self.rules().map(), cell);
        }
    }

    /// Turns the move list's page by `step`.
    fn turn_page(&mut self, step: i64) {
        self.page = (self.changes, self.move_page() + step);
    }

    /// Puts the cursor on a cell of the player to move after a change of
    /// the game (`before` was to move before it). When the turn has passed,
    /// the cursor the last player left is kept for her turn, and the new
    /// player's comes back if it is still on one of her cells; otherwise a
    /// cursor not on her cells goes to the one with the most dice that can
    /// attack (or, if none can, with the most dice), the lowest number on a
    /// tie. So an undo or a redo puts it where playing the moves did.
    pub(super) fn cursor_to_mover(&mut self, before: Player) {
        let position = self.position();
        let board = position.board();
        let player = position.player();
        let own = |cell: usize| cell < board.len() && board.cell(cell).owner() == player;
        if player != before {
            self.cursors[usize::from(before.index())] = Some(self.cursor);
            if let Some(kept) = self.cursors[usize::from(player.index())].filter(|&c| own(c)) {
                self.set_cursor(kept);
                return;
            }
        } else if own(self.cursor) {
            return;
        }
        let sources = self.sources();
        let best = (0..board.len())
            .filter(|&cell| board.cell(cell).owner() == player)
            .max_by_key(|&cell| {
                let can = sources.contains(&cell);
                (can, board.cell(cell).dice(), std::cmp::Reverse(cell))
            });
        if let Some(cell) = best {
            self.set_cursor(cell);
        }
    }

    /// The cursor to the next (`step` 1) or previous (-1) cell of the
    /// player to move.
    fn next_own(&mut self, step: isize) {
        let position = self.position();
        let (board, player) = (position.board(), position.player());
        if let Some(cell) = super::cursor::next_own(board, player, self.cursor, step) {
            self.set_cursor(cell);
        }
    }

    /// On a map of territories, moves to the territory in the arrow's
    /// direction; returns whether the map is one.
    fn move_on_map(&mut self, arrow: (i32, i32)) -> bool {
        let map = self.rules().map();
        if map.kind() != crate::game::MapKind::Territories {
            return false;
        }
        if let Some(cell) = super::cursor::toward(map, self.cursor, arrow) {
            self.set_cursor(cell);
        }
        true
    }

    fn move_horizontally(&mut self, step: i32) {
        if self.move_on_map((step, 0)) {
            return;
        }
        let map = self.rules().map();
        let row = map.row(usize::from(map.place(self.cursor).row));
        if let Some(cell) = self.cursor.checked_add_signed(step as isize)
            && row.contains(&cell)
        {
            self.set_cursor(cell);
        }
    }

    /// Moves to the hexagon above or below whose centre is nearest the
    /// column the cursor keeps while going up and down (so repeated presses
    /// zigzag straight up instead of drifting sideways).
    fn move_vertically(&mut self, step: i32) {
        if self.move_on_map((0, step)) {
            return;
        }
        let map = self.rules().map();
        let Some(row) = usize::from(map.place(self.cursor).row)
            .checked_add_signed(step as isize)
            .filter(|&row| row < map.rows())
        else {
            return;
        };
        let here = column(map, self.cursor);
        // The rules' own "up" or "down": the first neighbour, in the rules'
        // order, in that row (`p - N` or `p + N` on the rhombus).
        let straight = map
            .neighbours(self.cursor)
            .iter()
            .map(|&n| usize::from(n))
            .find(|&n| usize::from(map.place(n).row) == row);
        let best = map.row(row).min_by_key(|&cell| {
            let c = column(map, cell);
            // Nearest the kept column, then nearest the cursor, then straight.
            (
                (c - self.goal).abs(),
                (c - here).abs(),
                Some(cell) != straight,
            )
        });
        if let Some(cell) = best {
            self.cursor = cell;
        }
    }

    fn select(&mut self, cell: usize) {
        // A territory on a map, a cell on a board of hexagons.
        let words = crate::ui::words::Cells::of(self.rules().map());
        let (one, many, capital) = (words.one(), words.many(), words.capital());
        let position = self.position();
        let player = position.player();
        let owner = position.board().cell(cell).owner();
        match self.marked {
            Some(source) if source == cell => {
                self.marked = None;
                self.message = Some(format!("{capital} {cell} unmarked."));
            }
            Some(source) => {
                let mv = Move::Attack {
                    from: source as u8,
                    to: cell as u8,
                };
                if let Some(index) = self.moves().iter().position(|&m| m == mv) {
                    self.play_index(index);
                } else {
                    self.message = Some(format!(
                        "{capital} {source} cannot attack {one} {cell}: pick a highlighted target, or Esc."
                    ));
                }
            }
            None if self.sources().contains(&cell) => {
                self.marked = Some(cell);
                self.message = Some(format!(
                    "{capital} {cell} marked: now pick the {one} to attack."
                ));
            }
            None if owner != player => {
                self.message = Some(format!(
                    "{capital} {cell} belongs to {owner}: pick one of {player}'s {many} to attack \
                     from."
                ));
            }
            None => {
                let needs = match self.rules().policy().attack {
                    crate::game::Attack::MoreDice => "more dice than an enemy neighbour",
                    crate::game::Attack::FromTwo => "2 dice or more and an enemy neighbour",
                };
                self.message = Some(format!("{capital} {cell} cannot attack: it needs {needs}."));
            }
        }
    }

    fn end_turn(&mut self) {
        match self.moves().iter().position(|&m| m == Move::Pass) {
            Some(index) => self.play_index(index),
            None => {
                self.message = Some("Attack at least once before ending the turn.".into());
            }
        }
    }

    fn digit(&mut self, d: u8) {
        let count = self.moves().len();
        let Some(n) = self.push_digit(d, 1, count) else {
            return;
        };
        if n * 10 > count {
            self.pick_typed();
        } else {
            self.message = Some(typing_message(n, count));
        }
    }

    /// Erases the last digit typed (`Backspace`): the message says what is
    /// left, or nothing once no digit is left.
    fn erase_digit(&mut self) {
        self.digits.pop();
        if let Ok(n) = self.digits.parse::<usize>() {
            self.message = Some(typing_message(n, self.moves().len()));
        }
    }

    /// Adds the digit `d` to the number being typed: the number, if it is
    /// one of the moves `first` to `last`; otherwise says so and forgets it.
    pub(super) fn push_digit(&mut self, d: u8, first: usize, last: usize) -> Option<usize> {
        self.digits.push(char::from(b'0' + d));
        match self.digits.parse::<usize>() {
            Ok(n) if (first..=last).contains(&n) => Some(n),
            _ => {
                self.message = Some(super::play::no_such_move(&self.digits, first, last));
                self.digits.clear();
                None
            }
        }
    }

    fn pick_typed(&mut self) {
        let typed = std::mem::take(&mut self.digits);
        match typed.parse::<usize>() {
            Ok(n) if n >= 1 => self.play_index(n - 1),
            _ => self.message = Some(format!("There is no move {typed}.")),
        }
    }
}

/// The message while move `n` of `count` is typed.
fn typing_message(n: usize, count: usize) -> String {
    format!("Move {n}: press Enter, or type another digit (moves 1 to {count}).")
}
