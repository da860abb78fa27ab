//! A new game, described once for every front-end: the rule set, what it
//! is played on, the players, the computer's seats with their opponents and
//! budget, the first player and the seed. The command line builds one from
//! its options, the new-game screen from its choices, a server's lobby from
//! its `new`; each deals it the same way ([`NewGame::deal`], `deal.rs`) and
//! names the command that plays it again the same way ([`NewGame::again`],
//! `again.rs`). Nothing here knows an option parser: the numbers a game may
//! take are the rule set's ([`RuleSet::ranges`]).
//!
//! ```
//! use dice_of_doom::game::RuleSet;
//! use dice_of_doom::session::{Board, NewGame};
//! let lol4 = NewGame::of(RuleSet::Lol4).with_seed(Some(7));
//! assert_eq!((lol4.board.clone(), lol4.players), (Board::Hexagons(5), 4));
//! let again = lol4.again().unwrap();
//! assert_eq!(again.command(), "dice-of-doom --rules lol4 --seed 7 --size 5");
//! let dealt = lol4.deal(7, None).unwrap();
//! assert_eq!(dealt.rules.map().rows(), 5);
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::ai::{AiKind, Budget};
use crate::game::{Deal, DealChoice, MapGenError, MapShape, Player, PlayerSet, RuleSet};

mod again;
mod deal;

pub use again::PlayAgain;
pub use deal::{Dealt, NewGameError};

/// The search nodes the computer may visit per move (or hint) unless told
/// otherwise: [`DEFAULT_BUDGET`].
pub const DEFAULT_NODES: u64 = 200_000;

/// What the computer may spend on a move (or a hint) unless told
/// otherwise: [`DEFAULT_NODES`] search nodes of `chance`, no clock, so
/// that a seed plays the same game on every machine; each opponent gets
/// the same think time in its own nodes ([`AiKind::budget_for`]: `mcts`
/// half as many). Measured (release build, 2 cores): a round of six
/// `chance` opponents in Dice Wars takes about 3 s (docs/OPPONENTS.md),
/// where the second a move it replaced took about 9. The command that
/// plays a game again names a budget only when it differs.
pub const DEFAULT_BUDGET: Budget = Budget::nodes(DEFAULT_NODES);

/// A new game, before it is dealt (see the [module](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The rule set.
    pub rules: RuleSet,
    /// What it is played on.
    pub board: Board,
    /// The number of players.
    pub players: u8,
    /// The most dice a cell may hold.
    pub max_dice: u8,
    /// The player who moves first.
    pub first: Player,
    /// Who the computer plays, and how.
    pub computer: ComputerSeats,
    /// The seed of its random board or map and their deal, of its dice and
    /// of the computer's play; `None` until one is chosen (the front-end
    /// draws one to deal the game).
    pub seed: Option<u64>,
    /// Whether it is played as practice: under dice, attacks can be taken
    /// back even against the computer (see [`crate::session::Event::UndoRefused`]);
    /// its record says so.
    pub practice: bool,
    /// How a random start is dealt: the book's way (the command line's
    /// default) or balanced (the new-game screen's). Dice Wars keeps its own
    /// deal, and a board file or a map file with owners is played as
    /// written, whatever it says ([`NewGame::dealt_as`]).
    pub deal: DealChoice,
}

/// What a new game is played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// A random board of hexagons of this side.
    Hexagons(u8),
    /// A random map of territories, grown from the seed.
    RandomMap(RandomMap),
    /// The board in this file (`-`: standard input), played as it is.
    BoardFile(PathBuf),
    /// The map in this file (`-`: standard input): its territories' owners
    /// and dice as written, or dealt from the seed if it has none.
    MapFile(PathBuf),
}

/// A random map as it was asked for: each of its numbers the rule set's
/// own unless given ([`RuleSet::map_shape`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomMap {
    /// Its territories, if given.
    pub territories: Option<usize>,
    /// The grid it grows on, width and height, if given.
    pub grid: Option<(usize, usize)>,
    /// Whether it was asked for by name (`--map random`) rather than
    /// brought by a rule set that plays one: the command that plays it
    /// again says it as it was said.
    pub named: bool,
}

impl RandomMap {
    /// Its shape under rule set `set`.
    ///
    /// # Errors
    /// Its territories or grid are out of range.
    pub fn shape(self, set: RuleSet) -> Result<MapShape, MapGenError> {
        set.map_shape(self.territories, self.grid)
    }
}

/// Who the computer plays in a new game, with which opponent and budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerSeats {
    /// Its seats, as they were asked for.
    pub seats: Seating,
    /// The opponent at its seats and for hints, if one was named (otherwise
    /// the rule set's own, [`AiKind::for_rules`]).
    pub ai: Option<AiKind>,
    /// Seats with an opponent of their own (a lobby's `computer b=lol4`);
    /// a key that is not among the seats is ignored.
    pub own: BTreeMap<Player, AiKind>,
    /// What it may spend on a move or a hint: the hints' rater
    /// ([`AiKind::rater`]) gets it as it is; each computer seat too, or,
    /// where [`ComputerSeats::scaled`], the same think time in its own
    /// opponent's nodes ([`ComputerSeats::budget_of`]).
    pub budget: Budget,
    /// Whether `budget` is a strength level at `chance`'s scale rather
    /// than nodes given (`--nodes N`, which every opponent gets as they
    /// are): `play`'s default and the new-game screen's strengths are, so
    /// that every opponent thinks about as long a move
    /// ([`AiKind::budget_for`]). A budget in time is the same either way.
    pub scaled: bool,
}

impl ComputerSeats {
    /// The budget of a computer seat played by `kind`: `budget`, in
    /// `kind`'s nodes where it is [`scaled`](ComputerSeats::scaled).
    ///
    /// ```
    /// use dice_of_doom::ai::{AiKind, Budget};
    /// use dice_of_doom::session::ComputerSeats;
    /// let mut seats = ComputerSeats::default();
    /// assert_eq!(seats.budget_of(AiKind::Mcts), Budget::nodes(100_000));
    /// seats.scaled = false;
    /// assert_eq!(seats.budget_of(AiKind::Mcts), Budget::nodes(200_000));
    /// ```
    pub fn budget_of(&self, kind: AiKind) -> Budget {
        match self.scaled {
            true => kind.budget_for(self.budget),
            false => self.budget,
        }
    }
}

impl Default for ComputerSeats {
    /// Nobody's seat: people at every one, hints within
    /// [`DEFAULT_BUDGET`], the strength level `play` plays by default
    /// (scaled to each opponent's nodes).
    fn default() -> ComputerSeats {
        ComputerSeats {
            seats: Seating::Unsaid,
            ai: None,
            own: BTreeMap::new(),
            budget: DEFAULT_BUDGET,
            scaled: true,
        }
    }
}

/// The players the computer plays, as they were asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// Nothing said: a person at every seat.
    Unsaid,
    /// Every player.
    All,
    /// These players (none: said so, `--computer none`).
    These(PlayerSet),
}

impl NewGame {
    /// The game rule set `set` brings: its board or random map, players and
    /// dice limit, `a` first, people at every seat, no seed yet.
    pub fn of(set: RuleSet) -> NewGame {
        let defaults = set.defaults();
        NewGame {
            rules: set,
            board: defaults
                .side
                .map_or(Board::RandomMap(RandomMap::default()), Board::Hexagons),
            players: defaults.players,
            max_dice: defaults.max_dice,
            first: Player::A,
            computer: ComputerSeats::default(),
            seed: None,
            practice: false,
            deal: DealChoice::Book,
        }
    }

    /// The same game with this seed (`None`: none chosen yet).
    #[must_use]
    pub fn with_seed(self, seed: Option<u64>) -> NewGame {
        NewGame { seed, ..self }
    }

    /// The game a new deal (the full-screen game's `n`) plays in this one's
    /// place from `seed`: the same but for the seed, a board file's game a
    /// random board of its `rows`; `None` after a map file's game, which
    /// no new game names.
    pub fn anew(&self, seed: u64, rows: usize) -> Option<NewGame> {
        let board = match &self.board {
            Board::BoardFile(_) => Board::Hexagons(u8::try_from(rows).ok()?),
            Board::MapFile(_) => return None,
            board => board.clone(),
        };
        Some(NewGame {
            board,
            seed: Some(seed),
            ..self.clone()
        })
    }

    /// The opponent at the computer's seats (but those with their own) and
    /// for hints: the one named, or the rule set's own.
    pub fn ai(&self) -> AiKind {
        self.computer
            .ai
            .unwrap_or_else(|| AiKind::for_game(self.rules, self.players))
    }

    /// The players the computer plays (some may be past the game's
    /// players: [`NewGame::deal`] refuses those).
    pub fn computers(&self) -> PlayerSet {
        match self.computer.seats {
            Seating::Unsaid => PlayerSet::EMPTY,
            Seating::All => Player::all(self.players).collect(),
            Seating::These(set) => set,
        }
    }

    /// Whether the computer plays every seat, so that no person plays.
    pub fn computer_everywhere(&self) -> bool {
        let computers = self.computers();
        Player::all(self.players).all(|p| computers.contains(p))
    }

    /// The same game dealt as `deal` says.
    #[must_use]
    pub fn with_deal(self, deal: DealChoice) -> NewGame {
        NewGame { deal, ..self }
    }

    /// How its start is dealt in fact: its [`NewGame::deal`], but the
    /// book's (the rule set's own) under a rule set that deals territories
    /// (Dice Wars, whose own deal is balanced already) and for a board
    /// file, which is played as written.
    pub fn dealt_as(&self) -> DealChoice {
        match (self.rules.spec().deal, &self.board) {
            (Deal::Territories, _) | (_, Board::BoardFile(_)) => DealChoice::Book,
            _ => self.deal,
        }
    }

    /// The board or map file the game is read from, and which it is
    /// (`"board"` or `"map"`): the front-end reads its text for
    /// [`NewGame::deal`].
    pub fn file(&self) -> Option<(&Path, &'static str)> {
        match &self.board {
            Board::BoardFile(path) => Some((path, "board")),
            Board::MapFile(path) => Some((path, "map")),
            Board::Hexagons(_) | Board::RandomMap(_) => None,
        }
    }
}

#[cfg(test)]
#[path = "new_game_tests.rs"]
mod tests;
