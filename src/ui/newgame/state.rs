//! The new-game screen's state: the choices on it, the line in focus, the
//! message; keys and clicks in, what to do out. Pure: the driver reads the
//! keys, and the new game these choices make ([`Screen::new_game`]) is what
//! it starts; the screen names the command that plays the same game, that
//! game's own ([`Screen::command`]).

use std::path::PathBuf;

use super::{Saved, VERSION};
use crate::ai::AiKind;
use crate::game::{
    Deal, DealChoice, MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE, Player, PlayerSet, RuleSet,
};
use crate::session::{self, NewGame, RandomMap, Seating};
use crate::ui::state::{Key, Target};

pub(crate) use super::board::Board;
pub(crate) use super::strength::Strength;

/// The unfinished game the screen offers to go on with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable {
    /// Its record.
    pub(crate) path: PathBuf,
    /// It in a few words: `lol4, 5x5, move 12, saved 2026-11-25 10:02`.
    pub(crate) about: String,
}

/// A line of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    /// Go on with the unfinished game.
    Resume,
    /// The rule set.
    Rules,
    /// The board or map.
    Board,
    /// How many play.
    Players,
    /// Who plays this player: a person or the computer.
    Seat(Player),
    /// The computer opponent.
    Computer,
    /// How strong it plays.
    Strength,
    /// Who moves first.
    First,
    /// The seed.
    Seed,
    /// How the start is dealt (not under a rule set with a deal of its own).
    Deal,
    /// Whether the game is practice (only under dice: rolls can be taken
    /// back against the computer).
    Practice,
    /// Start the game.
    Start,
    /// Replay this recent game (see [`Screen::with_recent`]).
    Recent(usize),
}

/// What the driver does after a key or a click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Stay on the screen.
    Continue,
    /// Start the game chosen (once it is checked).
    Start,
    /// Go on with the unfinished game.
    Resume,
    /// Replay the recent game in focus ([`Screen::chosen_recent`]).
    Replay,
    /// Leave.
    Quit,
    /// `Ctrl-C`.
    Interrupt,
    /// `Ctrl-Z`.
    Suspend,
}

/// Which part of a line a click hit: the line, its `<` or its `>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The line itself.
    Line,
    /// The previous value (`<`).
    Less,
    /// The next value (`>`).
    More,
}

/// The click target of `part` of line `index` (the screen's clicks ride
/// on the game's menu targets).
pub(crate) fn target(index: usize, part: Part) -> Target {
    Target::Menu(index * 3 + part as usize)
}

/// The longest seed typed, in digits.
const SEED_DIGITS: usize = 18;

/// The new-game screen.
#[derive(Clone, Debug)]
pub struct Screen {
    pub(crate) rules: RuleSet,
    pub(crate) board: Board,
    pub(crate) players: u8,
    pub(crate) computers: PlayerSet,
    pub(crate) ai: AiKind,
    pub(crate) strength: Strength,
    pub(crate) first: Player,
    pub(crate) seed: u64,
    /// Whether the game is practice ([`NewGame::practice`]); not
    /// remembered: every session starts with it off.
    pub(crate) practice: bool,
    /// How the start is dealt ([`NewGame::deal`]); not remembered: every
    /// session starts on the balanced deal, a fair first game.
    pub(crate) deal: DealChoice,
    /// Whether digits typed now go on the end of the seed (rather than
    /// start a new one).
    typing: bool,
    /// The map files offered (those of `maps/`, say).
    maps: Vec<PathBuf>,
    /// The players each map file offered is drawn for, where it says.
    drawn: Vec<(PathBuf, u8)>,
    /// The unfinished game offered, if any.
    pub(crate) resume: Option<Resumable>,
    /// The recent games offered to replay (see `recent.rs`).
    pub(crate) recent: Vec<super::Recent>,
    /// The line in focus, an index into [`Screen::fields`].
    pub(crate) focus: usize,
    /// A message for the person: a settings file ignored, a game that
    /// cannot start.
    pub(crate) message: Option<String>,
}

impl Screen {
    /// The screen with the rule set's defaults, then the choices `saved`
    /// (checked: a bad one is reported and the defaults kept), `maps` to
    /// choose from, the game to `resume` (in focus; without one, the first
    /// line is), and a random `seed`.
    pub(crate) fn new(
        saved: Option<&Saved>,
        maps: Vec<PathBuf>,
        resume: Option<Resumable>,
        seed: u64,
    ) -> Screen {
        let mut screen = Screen {
            rules: RuleSet::default(),
            board: Board::Side(3),
            players: 2,
            computers: PlayerSet::EMPTY,
            ai: AiKind::Search,
            strength: Strength::Normal,
            first: Player::A,
            seed,
            practice: false,
            deal: DealChoice::Balanced,
            typing: false,
            maps,
            drawn: Vec::new(),
            resume,
            recent: Vec::new(),
            focus: 0,
            message: None,
        };
        screen.set_rules(RuleSet::default());
        if let Some(saved) = saved {
            let defaults = screen.clone();
            if let Err(what) = screen.apply(saved) {
                screen = Screen {
                    message: Some(format!(
                        "the settings saved last have a bad {what}; the defaults are used"
                    )),
                    ..defaults
                };
            }
        }
        // The first line shown is in focus: the unfinished game, or the
        // rule set (so that the first `Down` goes to the board, as the
        // arrow shown on the rule set says).
        screen.focus = 0;
        screen
    }

    /// Takes the choices of `saved`; the name of the first bad one.
    fn apply(&mut self, saved: &Saved) -> Result<(), &'static str> {
        self.set_rules(saved.rules.parse().map_err(|_| "rule set")?);
        self.board = Board::parse(&saved.board).ok_or("board")?;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&saved.players) {
            return Err("number of players");
        }
        self.players = saved.players;
        let mut computers = PlayerSet::EMPTY;
        for letter in saved.computers.chars() {
            let player = Player::from_letter(letter)
                .filter(|p| p.index() < self.players)
                .ok_or("computer seat")?;
            computers.insert(player);
        }
        self.computers = computers;
        self.ai = saved.ai.parse().map_err(|_| "computer")?;
        if !self.ais().contains(&self.ai) {
            return Err("computer");
        }
        self.strength = Strength::ALL
            .into_iter()
            .find(|s| s.name() == saved.strength)
            .ok_or("strength")?;
        let mut first = saved.first.chars();
        self.first = match (first.next().and_then(Player::from_letter), first.next()) {
            (Some(p), None) if p.index() < self.players => p,
            _ => return Err("first player"),
        };
        if let Board::File(path) = &self.board
            && !self.maps.contains(path)
        {
            self.maps.push(path.clone());
        }
        Ok(())
    }

    /// The choices, as the settings file keeps them.
    pub(crate) fn saved(&self) -> Saved {
        Saved {
            version: VERSION,
            rules: self.rules.name().to_string(),
            board: self.board.words(),
            players: self.players,
            computers: self.computers.iter().map(Player::letter).collect(),
            ai: self.ai.name().to_string(),
            strength: self.strength.name().to_string(),
            first: self.first.to_string(),
        }
    }

    /// The rule set `set` with its defaults: its players, board and
    /// opponent, a person at `a` and the computer at the other seats.
    fn set_rules(&mut self, set: RuleSet) {
        let defaults = set.defaults();
        self.rules = set;
        self.players = defaults.players;
        self.board = defaults.side.map_or(Board::RandomMap, Board::Side);
        self.computers = Player::all(self.players)
            .filter(|&p| p != Player::A)
            .collect();
        self.ai = AiKind::for_rules(set);
        self.first = Player::A;
    }

    /// The opponents offered under the rule set: its own first, then its
    /// book's, then the rest; under dice, none that assumes every attack
    /// wins.
    pub(crate) fn ais(&self) -> Vec<AiKind> {
        let own = AiKind::for_game(self.rules, self.players);
        let book = AiKind::of_the_book(self.rules);
        let dice = self.rules.policy().battle == crate::game::Battle::Dice;
        let mut ais = vec![own, book];
        ais.extend(
            AiKind::ALL
                .into_iter()
                .filter(|&k| k != own && k != book && !(dice && k.assumes_sure_attacks()))
                .filter(|&k| k.fit(self.rules).is_ok()),
        );
        ais
    }

    /// The boards offered: every side, a random map, the map files.
    fn boards(&self) -> Vec<Board> {
        let mut boards: Vec<Board> = (MIN_SIDE..=MAX_SIDE).map(Board::Side).collect();
        boards.push(Board::RandomMap);
        boards.extend(self.maps.iter().cloned().map(Board::File));
        boards
    }

    /// The screen's lines, top to bottom.
    pub(crate) fn fields(&self) -> Vec<Field> {
        let mut fields = Vec::new();
        if self.resume.is_some() {
            fields.push(Field::Resume);
        }
        fields.extend([Field::Rules, Field::Board, Field::Players]);
        fields.extend(Player::all(self.players).map(Field::Seat));
        fields.extend([Field::Computer, Field::Strength, Field::First, Field::Seed]);
        if self.rules.spec().deal != Deal::Territories {
            fields.push(Field::Deal);
        }
        if self.dice() {
            fields.push(Field::Practice);
        }
        fields.push(Field::Start);
        fields.extend((0..self.recent.len()).map(Field::Recent));
        fields
    }

    /// Whether the rule set has dice (and so a practice switch).
    pub(crate) fn dice(&self) -> bool {
        let policy = self.rules.policy();
        policy.battle == crate::game::Battle::Dice
            || policy.placement == crate::game::Placement::Random
    }

    /// What the deal chosen means, in a few words.
    pub(crate) fn deal_words(&self) -> &'static str {
        match self.deal {
            DealChoice::Balanced => "cells and dice shared out evenly",
            DealChoice::Book => "random, as the book deals",
        }
    }

    /// Where `field` is among the lines.
    pub(crate) fn index_of(&self, field: Field) -> Option<usize> {
        self.fields().iter().position(|&f| f == field)
    }

    /// The line in focus.
    pub(crate) fn focused(&self) -> Field {
        let fields = self.fields();
        fields[self.focus.min(fields.len() - 1)]
    }

    /// The new game these choices make: the rule set's dice limit, the
    /// computer's opponent at its seats and for hints, thinking as long as
    /// the strength says (hints with no computer seat within
    /// [`session::DEFAULT_BUDGET`]), and the seed.
    pub fn new_game(&self) -> NewGame {
        let board = match &self.board {
            Board::Side(side) => session::Board::Hexagons(*side),
            Board::RandomMap => session::Board::RandomMap(RandomMap {
                named: true,
                ..RandomMap::default()
            }),
            Board::File(path) => session::Board::MapFile(path.clone()),
        };
        let (seats, budget) = match self.computers.is_empty() {
            true => (Seating::Unsaid, session::DEFAULT_BUDGET),
            false => (Seating::These(self.computers), self.strength.budget()),
        };
        let mut new = NewGame::of(self.rules).with_seed(Some(self.seed));
        new.board = board;
        new.players = self.players;
        new.first = self.first;
        new.computer.seats = seats;
        new.computer.ai = Some(self.ai);
        new.computer.budget = budget;
        new.practice = self.practice && self.dice();
        new.deal = self.deal;
        new
    }

    /// The command that plays the game these choices make (less the
    /// program's name), word by word: `--seed 42 --size 3 --computer b
    /// --ai search`.
    pub(crate) fn command(&self) -> Vec<String> {
        self.new_game()
            .again()
            .map(|again| again.words)
            .unwrap_or_default()
    }

    /// Handles a key.
    pub(crate) fn key(&mut self, key: Key) -> Action {
        let last = self.fields().len() - 1;
        let action = match key {
            Key::Up | Key::PrevOwn => {
                self.focus = self.focus.checked_sub(1).unwrap_or(last);
                Action::Continue
            }
            Key::Down | Key::NextOwn => {
                self.focus = if self.focus >= last {
                    0
                } else {
                    self.focus + 1
                };
                Action::Continue
            }
            Key::Home => {
                self.focus = 0;
                Action::Continue
            }
            Key::End => {
                self.focus = self.index_of(Field::Start).unwrap_or(last);
                Action::Continue
            }
            Key::Left => self.change(-1),
            Key::Right => self.change(1),
            Key::Select if self.focused() == Field::Resume => Action::Resume,
            Key::Select if self.chosen_recent().is_some() => Action::Replay,
            Key::Select => Action::Start,
            Key::Redo if self.resume.is_some() => Action::Resume,
            Key::Digit(d) => self.digit(d),
            Key::Backspace if self.focused() == Field::Seed => {
                self.seed /= 10;
                self.typing = true;
                Action::Continue
            }
            Key::Quit | Key::Cancel => Action::Quit,
            Key::Interrupt => Action::Interrupt,
            Key::Suspend => Action::Suspend,
            _ => Action::Continue,
        };
        if key != Key::Backspace && !matches!(key, Key::Digit(_)) {
            self.typing = false;
        }
        action
    }

    /// Handles a click on a target of the screen's last frame.
    pub(crate) fn click(&mut self, target: Target) -> Action {
        let Target::Menu(n) = target else {
            return Action::Continue;
        };
        let (index, part) = (n / 3, n % 3);
        if index >= self.fields().len() {
            return Action::Continue;
        }
        self.focus = index;
        self.typing = false;
        match (self.focused(), part) {
            (_, 1) => self.change(-1),
            (_, 2) => self.change(1),
            (Field::Resume, _) => Action::Resume,
            (Field::Recent(_), _) => Action::Replay,
            (Field::Start, _) => Action::Start,
            (Field::Seat(_) | Field::Practice | Field::Deal, _) => self.change(1),
            _ => Action::Continue,
        }
    }

    /// Steps the value in focus by `step` (-1 or 1), round.
    fn change(&mut self, step: i64) -> Action {
        self.message = None;
        let cycle =
            |len: usize, at: usize| -> usize { (at as i64 + step).rem_euclid(len as i64) as usize };
        match self.focused() {
            Field::Rules => {
                let all = RuleSet::ALL;
                let at = all.iter().position(|&s| s == self.rules).unwrap_or(0);
                self.set_rules(all[cycle(all.len(), at)]);
            }
            Field::Board => {
                let boards = self.boards();
                let at = boards.iter().position(|b| *b == self.board).unwrap_or(0);
                self.board = boards[cycle(boards.len(), at)].clone();
                // A map file is played by the players it is drawn for.
                let drawn = self.drawn.iter().find(|(path, _)| match &self.board {
                    Board::File(file) => file == path,
                    _ => false,
                });
                if let Some(&(_, players)) = drawn {
                    self.set_players(players);
                    self.focus = self.index_of(Field::Board).unwrap_or(self.focus);
                }
            }
            Field::Players => {
                let span = usize::from(MAX_PLAYERS - MIN_PLAYERS) + 1;
                let at = cycle(span, usize::from(self.players - MIN_PLAYERS));
                self.set_players(MIN_PLAYERS + at as u8);
            }
            Field::Seat(p) => {
                self.computers = Player::all(self.players)
                    .filter(|&q| (q == p) != self.computers.contains(q))
                    .collect();
            }
            Field::Computer => {
                let ais = self.ais();
                let at = ais.iter().position(|&k| k == self.ai).unwrap_or(0);
                self.ai = ais[cycle(ais.len(), at)];
            }
            Field::Strength => {
                let all = Strength::ALL;
                let at = all.iter().position(|&s| s == self.strength).unwrap_or(0);
                self.strength = all[cycle(all.len(), at)];
            }
            Field::First => {
                let at = cycle(usize::from(self.players), usize::from(self.first.index()));
                self.first = Player::all(self.players).nth(at).unwrap_or(Player::A);
            }
            Field::Seed => self.seed = self.seed.wrapping_add_signed(step),
            Field::Practice => self.practice = !self.practice,
            Field::Deal => {
                let all = DealChoice::ALL;
                let at = all.iter().position(|&d| d == self.deal).unwrap_or(0);
                self.deal = all[cycle(all.len(), at)];
            }
            Field::Resume | Field::Start | Field::Recent(_) => {}
        }
        Action::Continue
    }

    /// The same screen, told the players each map file offered is drawn
    /// for: choosing one of them sets the players.
    pub(crate) fn with_drawn_for(self, drawn: Vec<(PathBuf, u8)>) -> Screen {
        Screen { drawn, ..self }
    }

    /// `players` play: seats past them go, new ones get the computer, the
    /// first player stays among them, and the game's own opponent follows
    /// the count ([`AiKind::for_game`]) unless another was chosen.
    fn set_players(&mut self, players: u8) {
        let old = self.players;
        self.players = players;
        if self.ai == AiKind::for_game(self.rules, old) {
            self.ai = AiKind::for_game(self.rules, players);
        }
        self.computers = Player::all(players)
            .filter(|&p| self.computers.contains(p) || p.index() >= old)
            .collect();
        if self.first.index() >= players {
            self.first = Player::A;
        }
        let last = self.fields().len() - 1;
        self.focus = self
            .index_of(Field::Players)
            .unwrap_or(self.focus.min(last));
    }

    /// A digit typed: the number of players or the board's side, or the
    /// seed's next digit.
    fn digit(&mut self, d: u8) -> Action {
        self.message = None;
        match self.focused() {
            Field::Players if (MIN_PLAYERS..=MAX_PLAYERS).contains(&d) => self.set_players(d),
            Field::Board if (MIN_SIDE..=MAX_SIDE).contains(&d) => self.board = Board::Side(d),
            Field::Seed => {
                let digits = self.seed.to_string().len();
                self.seed = match self.typing {
                    true if digits < SEED_DIGITS => self.seed * 10 + u64::from(d),
                    true => self.seed,
                    false => u64::from(d),
                };
                self.typing = true;
            }
            _ => {}
        }
        Action::Continue
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
