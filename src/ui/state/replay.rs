//! The state machine's replays (a child module of `state`): a game's moves
//! stepped through forward and back, jumped to by number, played through
//! at the driver's pace, and continued as a game from any position.

use super::history::moves_count;
use super::{App, Effect, IllegalMoveAt, Key, Play, Position, Rules, Target};

/// A replay being shown: whether it plays through by itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Replay {
    playing: bool,
}

impl App {
    /// A replay of the game from `start` with `moves`, shown at its start:
    /// the arrows step through it, `p` plays it through (the program around
    /// the state machine calls [`App::tick`] at its pace), and `c`
    /// continues the game from the position shown, with the players set by
    /// [`App::with_computers`] and [`App::with_hints`]. The first move that
    /// is not legal where it comes is an error.
    ///
    /// ```
    /// use dice_of_doom::ui::App;
    /// use dice_of_doom::game::{Board, Map, Move, Player, Position, Rules};
    ///
    /// let board: Board = "b-2 b-2 / a-2 b-1".parse().unwrap();
    /// let rules = Rules::new(Map::rhombus(2).unwrap(), 2, 3).unwrap();
    /// let start = Position::start(&rules, board, Player::A).unwrap();
    /// let moves = [Move::Attack { from: 2, to: 3 }, Move::Pass];
    /// let app = App::replay(rules, start, &moves, None).unwrap();
    /// assert!(app.replaying());
    /// assert_eq!(app.replay_at(), (0, 2));
    /// ```
    pub fn replay(
        rules: Rules,
        start: Position,
        moves: &[impl Into<Play> + Copy],
        seed: Option<u64>,
    ) -> Result<App, IllegalMoveAt> {
        let mut app = App::resume(rules, start, moves, seed)?;
        app.replay = Some(Replay::default());
        app.go_to(0);
        app.changes = 0;
        app.message = Some(format!(
            "A replay of {}: arrows step, p plays, c continues from here.",
            moves_count(moves.len())
        ));
        Ok(app)
    }

    /// Whether the game is a replay being shown.
    pub fn replaying(&self) -> bool {
        self.replay.is_some()
    }

    /// Whether the replay plays through by itself: the program around the
    /// state machine then calls [`App::tick`] at a readable pace.
    pub fn playing(&self) -> bool {
        self.replay.is_some_and(|r| r.playing)
    }

    /// The moves shown of a replay and all of them (also in a game: those
    /// played, and those played and taken back).
    pub fn replay_at(&self) -> (usize, usize) {
        (
            self.session.timeline().played(),
            self.session.timeline().len(),
        )
    }

    /// The lines of every move, those taken back or not yet shown in a
    /// replay included.
    pub fn full_log(&self) -> &[String] {
        &self.log
    }

    /// Shows the replay's next move while it plays through; stops at the
    /// end. Returns whether a move was shown.
    pub fn tick(&mut self) -> bool {
        if !self.playing() {
            return false;
        }
        let (at, len) = self.replay_at();
        if at < len {
            self.show(at + 1);
        }
        if at + 1 >= len {
            self.pause();
        }
        at < len
    }

    fn pause(&mut self) {
        if let Some(replay) = &mut self.replay {
            replay.playing = false;
        }
    }

    /// Shows the position after `n` moves (within the replay), with the
    /// message that goes with it.
    fn show(&mut self, n: usize) {
        self.go_to(n);
        let (at, len) = self.replay_at();
        self.message = if self.winners().is_some() {
            Some(self.game_over_message())
        } else if at == len {
            Some(format!(
                "The last move recorded: {} to move. c continues from here.",
                self.position().player()
            ))
        } else if at == 0 {
            Some("The start of the game.".into())
        } else {
            None
        };
    }

    /// Handles a key in a replay.
    pub(super) fn replay_key(&mut self, key: Key) -> Effect {
        let (at, len) = self.replay_at();
        let typed = !self.digits.is_empty();
        if !matches!(key, Key::Digit(_) | Key::Select | Key::Backspace) {
            self.digits.clear();
        }
        match key {
            Key::Left | Key::Up | Key::Undo => {
                self.pause();
                self.show(at.saturating_sub(1));
            }
            Key::Right | Key::Down | Key::Redo => {
                self.pause();
                self.show(at + 1);
            }
            Key::Home => {
                self.pause();
                self.show(0);
            }
            Key::End => {
                self.pause();
                self.show(len);
            }
            Key::Play => self.play_or_pause(),
            Key::Digit(d) => self.replay_digit(d),
            Key::Backspace => {
                self.digits.pop();
                let len = self.session.timeline().len();
                self.message = self.digits.parse().ok().map(|n| going_message(n, len));
            }
            Key::Select if !self.digits.is_empty() => {
                let typed = std::mem::take(&mut self.digits);
                if let Ok(n) = typed.parse::<usize>() {
                    self.pause();
                    self.show(n);
                }
            }
            Key::Select | Key::EndTurn | Key::Hint => {
                self.message = Some(
                    "This is a replay: arrows step, a number and Enter jump, c continues from here."
                        .into(),
                );
            }
            Key::Cancel if typed => self.message = Some("Number cancelled.".into()),
            Key::Cancel if self.playing() => {
                self.pause();
                self.message = Some("Paused.".into());
            }
            Key::Cancel => {}
            Key::Continue => self.continue_here(),
            Key::Quit => return Effect::Quit,
            Key::Help
            | Key::Interrupt
            | Key::Suspend
            | Key::Yes
            | Key::No
            | Key::NewGame
            | Key::NextOwn
            | Key::PrevOwn
            | Key::FastForward
            | Key::PageDown
            | Key::PageUp
            | Key::Numbers
            | Key::Save
            | Key::LogBack
            | Key::LogOn
            | Key::ClearLine
            | Key::Other => {}
        }
        Effect::Continue
    }

    /// Handles a click in a replay: a move of the log shows the position
    /// after it; a cell takes the cursor.
    pub(super) fn replay_click(&mut self, target: Target) -> Effect {
        match target {
            Target::Step(n) => {
                self.pause();
                self.digits.clear();
                self.show(n);
            }
            Target::Cell(cell) => self.set_cursor(cell),
            Target::Menu(_) | Target::Button(_) => {}
        }
        Effect::Continue
    }

    fn play_or_pause(&mut self) {
        let (at, len) = self.replay_at();
        if self.playing() {
            self.pause();
            self.message = Some("Paused.".into());
        } else {
            if at >= len {
                self.show(0);
            }
            if let Some(replay) = &mut self.replay {
                replay.playing = true;
            }
            self.message = Some("Playing: p pauses.".into());
        }
    }

    fn replay_digit(&mut self, d: u8) {
        self.pause();
        let len = self.session.timeline().len();
        if let Some(n) = self.push_digit(d, 0, len) {
            self.message = Some(going_message(n, len));
        }
    }

    /// Leaves the replay for a game from the position shown, with the same
    /// players: the moves after it wait in the redo list.
    fn continue_here(&mut self) {
        let (at, len) = self.replay_at();
        self.replay = None;
        self.changes += 1;
        let player = self.position().player();
        self.message = Some(if self.winners().is_some() {
            self.game_over_message()
        } else if let Some(player) = self.computer_to_move() {
            self.computer_turn_message(player)
        } else if at < len {
            format!("Your game from move {at}: {player} to move (r plays the recorded moves).")
        } else {
            format!("Your game from move {at}: {player} to move.")
        });
        // A new game from here: kept at once (a replay's steps are not).
        let _ = self.session.apply(crate::session::Command::Save);
        self.show_saving();
    }
}

/// The message while the position after move `n` of `len` is typed.
fn going_message(n: usize, len: usize) -> String {
    format!("Move {n}: press Enter to go there (moves 0 to {len}).")
}
