//! The full-screen game as a pure state machine: keys and clicks in, state
//! changes and moves out. No terminal, no clock; the dice of a move are a
//! function of the game's seed, the position and the move, so that a seed
//! replays the same game and an undo never rolls new dice.

mod cursor;
mod hooks;
use crate::game::{Map, Move, Player, PlayerSet, Position, Rules};
use crate::record::{Date, Play, Record, Tags};
use crate::session::{Command, Session, Store};
pub use hooks::{ComputerPlayer, Hint, HintProvider};

/// The full-screen game: the rules and where play is, plus the cursor,
/// the marked source, the message, the log and the open overlay.
pub struct App {
    /// The game: its rules, start, timeline of plays (the position shown
    /// is after those played), the seed of its dice (0 for a game without
    /// one) and which players the computer moves.
    session: Session,
    /// Each move's line in the log, those taken back too, in step with
    /// the session's timeline.
    log: Vec<String>,
    /// The roll shown, while it is animated (see `state/roll.rs`).
    roll: Rolling,
    first: Player,
    seed: Option<u64>,
    cursor: usize,
    /// Where the cursor was when each player's turn last passed, to go
    /// back to when it comes round again.
    cursors: [Option<usize>; crate::game::MAX_PLAYERS as usize],
    goal: i32,
    marked: Option<usize>,
    digits: String,
    /// The page of the move list turned to, and the change of the game it
    /// was turned at (a move or an undo turns it back to the first).
    page: (u64, i64),
    /// Whether the cells' numbers are shown on a board drawn too small for
    /// them (`#`).
    numbers: bool,
    message: Option<String>,
    /// The replay being shown, if the game is a replay.
    replay: Option<Replay>,
    /// How many times the game has changed (see [`App::changes`]).
    changes: u64,
    overlay: Overlay,
    help_page: usize,
    hints: Option<Vec<Hint>>,
    /// What works out the hints, in words, if the game has hints.
    hinter: Option<String>,
    /// The position whose hints are being worked out, and what the player
    /// is told meanwhile.
    hint_wait: Option<(Position, String)>,
    ai_name: &'static str,
    /// Why the game is not being saved, while its last save failed.
    unsaved: Option<String>,
    /// The seat and the move on its way, in a network game.
    network: Option<network::Network>,
    /// The file name typed in the save prompt (see `state/prompt.rs`).
    save_name: String,
    /// How many of the log's entries it is scrolled back from its last,
    /// and the change of the game it was scrolled at (see `state/history.rs`).
    log_back: (u64, usize),
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("position", &self.position())
            .field("cursor", &self.cursor)
            .field("marked", &self.marked)
            .field("overlay", &self.overlay)
            .finish_non_exhaustive()
    }
}

/// The column of a cell's centre, in half hexagons (see [`Place`](crate::game::Place)).
fn column(map: &Map, cell: usize) -> i32 {
    i32::from(map.place(cell).column)
}

impl App {
    /// A game from `start`, `first` moving first; `seed` is the random
    /// board's seed, if it was drawn.
    pub fn new(rules: Rules, start: Position, seed: Option<u64>) -> App {
        let first = start.player();
        let cursor = start
            .board()
            .cells()
            .iter()
            .position(|c| c.owner() == first)
            .unwrap_or(0);
        let goal = column(rules.map(), cursor);
        let over = start.is_game_over(&rules);
        let mut app = App {
            session: Session::new(
                Record::new(rules.clone(), start, Vec::new()),
                seed.unwrap_or(0),
            ),
            log: Vec::new(),
            roll: Rolling::default(),
            first,
            seed,
            cursor,
            cursors: [None; crate::game::MAX_PLAYERS as usize],
            goal,
            marked: None,
            digits: String::new(),
            page: (0, 0),
            numbers: false,
            message: None,
            replay: None,
            changes: 0,
            overlay: Overlay::None,
            help_page: 0,
            hints: None,
            hinter: None,
            hint_wait: None,
            ai_name: "computer",
            unsaved: None,
            network: None,
            save_name: String::new(),
            log_back: (0, 0),
        };
        if over {
            app.message = Some(app.game_over_message());
        }
        app
    }

    /// The game kept: the record gets `header`'s seats and tags (the
    /// rules, start and moves are the game's), and `store` keeps it after
    /// every change (a move, an undo, a redo, a replay continued), as the
    /// line mode's game is kept; a store whose last save failed is said at
    /// once (see [`App::unsaved`]).
    pub fn with_store(mut self, header: &Record, store: Option<Box<dyn Store>>) -> App {
        self.session
            .set_header(header.seats().to_vec(), header.tags().clone());
        if let Some(store) = store {
            self.session.set_store(store);
            self.show_saving();
        }
        self
    }

    /// Starts a new game on a random board drawn from `seed`, with the same
    /// rules, first player, hint provider and computer players (on a
    /// random map, a new map grown like it from `seed` first); returns
    /// false (and says so) if no board can be drawn under these rules.
    /// It is kept apart from the game before it, by that game's store's
    /// next (see [`Store::next`]), written at once; see
    /// [`App::new_game_dated`] for its date.
    pub fn new_game(&mut self, seed: u64) -> bool {
        self.new_game_dated(seed, None)
    }

    /// [`App::new_game`], its record dated `date` (the state machine has
    /// no clock).
    pub fn new_game_dated(&mut self, seed: u64, date: Option<Date>) -> bool {
        let rules = self.rules();
        let (players, max_dice) = (rules.players().into(), rules.max_dice().into());
        let ground = crate::game::Ground::like(rules.map());
        // Dealt as the command line deals a game of this seed, as this one was.
        let deal = self.session.record().tags().deal;
        let set = rules.set();
        match crate::game::deal_game_as(deal, set, ground, players, max_dice, self.first, seed) {
            Ok((rules, start)) => {
                let hinter = self.hinter.take();
                let (computers, ai_name) = (self.computers(), self.ai_name);
                let seats = self.session.record().seats().to_vec();
                // A practice game's next game is practice too.
                let practice = self.session.practice();
                let store = self.session.next_store();
                *self = App::new(rules, start, Some(seed));
                self.hinter = hinter;
                self.set_computers(computers, ai_name);
                let tags = Tags {
                    seed: Some(seed),
                    date,
                    event: None,
                    practice,
                    deal,
                    comments: Vec::new(),
                };
                self.session.set_header(seats, tags);
                match store {
                    None => {}
                    Some(Err(reason)) => {
                        self.message = Some(format!("The new game is not saved: {reason}."));
                    }
                    Some(Ok(store)) => {
                        self.session.set_store(store);
                        let _ = self.session.apply(Command::Save);
                        if let Some(note) = self.session.store_note() {
                            self.message = Some(note);
                        }
                        self.show_saving();
                    }
                }
                true
            }
            Err(_) => {
                self.message = Some("No random board can be drawn with these rules.".into());
                false
            }
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.session.rules()
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.session.position()
    }

    /// The legal moves, in menu order.
    pub fn moves(&self) -> Vec<Move> {
        self.position().moves(self.rules())
    }

    /// The seed of the random board, if it was drawn.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The cell under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The marked attack source.
    pub fn marked(&self) -> Option<usize> {
        self.marked
    }

    /// The digits of a menu number being typed.
    pub fn digits(&self) -> &str {
        &self.digits
    }

    /// The page of the move list turned to with `PgDn` and `PgUp` since the
    /// game last changed, from 0 (negative: back from the first, round to
    /// the last; the renderer counts it round its pages, which depend on
    /// the window).
    pub fn move_page(&self) -> i64 {
        if self.page.0 == self.changes {
            self.page.1
        } else {
            0
        }
    }

    /// Whether the cells' numbers are shown instead of their dice where
    /// the board is drawn too small for both.
    pub fn show_numbers(&self) -> bool {
        self.numbers
    }

    /// The message for the player: while hints are worked out and nothing
    /// else is said, that they are.
    pub fn message(&self) -> Option<&str> {
        self.message
            .as_deref()
            .or(self.hint_wait.as_ref().map(|(_, text)| text.as_str()))
    }

    /// The moves played so far, one line each.
    pub fn log(&self) -> &[String] {
        &self.log[..self.session.timeline().played()]
    }

    /// The open overlay.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The page of the help to show, counted from 0 since it was opened
    /// (the renderer counts it round its pages, which depend on the window).
    pub fn help_page(&self) -> usize {
        self.help_page
    }

    /// Why the game ended and who won, once it is over.
    fn game_over_message(&self) -> String {
        let position = self.position();
        format!(
            "{}. {}",
            crate::ui::words::game_over_plain(self.rules(), &position),
            crate::ui::words::result(position.winners())
        )
    }

    /// The move played last, by anyone.
    pub fn last_move(&self) -> Option<Move> {
        self.session.timeline().plays().last().map(|p| p.mv)
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Option<PlayerSet> {
        let position = self.position();
        position
            .is_game_over(self.rules())
            .then(|| position.winners())
    }

    /// The cells the player to move can attack from.
    pub fn sources(&self) -> Vec<usize> {
        let mut sources: Vec<usize> = self
            .moves()
            .into_iter()
            .filter_map(|mv| match mv {
                Move::Attack { from, .. } => Some(usize::from(from)),
                Move::Pass => None,
            })
            .collect();
        sources.dedup();
        sources
    }

    /// The cells the marked source can attack.
    pub fn targets(&self) -> Vec<usize> {
        let Some(source) = self.marked else {
            return Vec::new();
        };
        self.moves()
            .into_iter()
            .filter_map(|mv| match mv {
                Move::Attack { from, to } if usize::from(from) == source => Some(usize::from(to)),
                _ => None,
            })
            .collect()
    }
}

/// `1 die`, `2 dice`.
pub(super) fn dice(n: u16) -> String {
    crate::text::count(n, "die", "dice")
}

/// Games for the tests.
#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// A two-player game with up to 3 dice a cell on `board`, a to move.
    pub(crate) fn app(board: &str) -> App {
        let board: crate::game::Board = board.parse().unwrap();
        let rules = Rules::new(Map::rhombus_of(board.len()).unwrap(), 2, 3).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        App::new(rules, start, None)
    }

    /// A two-player game on a 3x3 board after `n` moves, each the first
    /// of the list (fewer if the game ends first).
    pub(crate) fn long_game(n: usize) -> App {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let board = "a-3 b-1 a-2 / b-3 a-1 b-2 / a-3 b-2 a-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let mut a = App::new(rules, start, None);
        for _ in 0..n {
            if a.winners().is_some() {
                break;
            }
            a.click(Target::Menu(0));
        }
        a
    }
}

mod keys;
pub use keys::{Effect, Key, Overlay, Target};

mod controls;

mod computer;

mod hints;
pub use hints::Spot;

mod history;
pub use history::IllegalMoveAt;

mod replay;
use replay::Replay;

mod play;

mod prompt;

mod network;

mod roll;
use roll::Rolling;
pub use roll::{ROLL_FRAMES, RollShown};

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "state_dice_tests.rs"]
mod dice_tests;

#[cfg(test)]
#[path = "state_saving_tests.rs"]
mod saving_tests;
