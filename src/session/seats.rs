//! The computer at the table: the opponents that move some players and
//! rate the moves for hints.

use crate::ai::{AiKind, Budget, Strategy};
use crate::game::{Player, PlayerSet, RuleSet};
use crate::record::Seat;

/// One seat of the computer's: its opponent, of which kind, and its budget
/// per move.
struct Chair {
    ai: Box<dyn Strategy>,
    kind: AiKind,
    budget: Budget,
}

/// The computer's seats at the table: which players it moves, with which
/// opponent, and the hints it gives the people.
pub struct Seats {
    /// The opponent moving each player, and its budget per move, if the
    /// computer moves her.
    seats: Vec<Option<Chair>>,
    /// The opponent that rates moves when a person asks for a hint.
    hints: Option<Box<dyn Strategy>>,
    /// The budget of a hint.
    budget: Budget,
    /// The players the computer moves elsewhere (on the full-screen game's
    /// worker thread), their moves played with [`super::Session::play`].
    elsewhere: PlayerSet,
    /// The seed the opponents were built from.
    seed: u64,
    /// The rule set they play: what a seat that fails falls back to
    /// depends on it ([`AiKind::lesser`]).
    set: RuleSet,
}

impl Seats {
    /// No computer: a game between people, without hints.
    pub fn none() -> Seats {
        Seats {
            seats: Vec::new(),
            hints: None,
            budget: Budget::UNLIMITED,
            elsewhere: PlayerSet::EMPTY,
            seed: 0,
            set: RuleSet::Classic,
        }
    }

    /// The computer moves `players`, thinking elsewhere (such as on a
    /// worker thread): the session only knows they are not people's.
    pub fn elsewhere(players: PlayerSet) -> Seats {
        Seats {
            elsewhere: players,
            ..Seats::none()
        }
    }

    /// The computer moves `players` (of a game of `total` players under
    /// the classic rules) with opponents of this kind, thinking within
    /// `budget` per move; people get hints from the same kind of opponent.
    /// [`Seats::seated`] seats them under any rule set.
    pub fn new(kind: AiKind, players: PlayerSet, total: u8, seed: u64, budget: Budget) -> Seats {
        let seats = seats_of(kind, players, total, budget);
        Seats::seated(&seats, kind, budget, seed, RuleSet::Classic)
    }

    /// The computer at the seats of a record of rule set `set`: each seat
    /// with its own opponent and budget; people get hints from `hints`
    /// within `budget`. An opponent that cannot play the rule set
    /// ([`AiKind::fit`]) gives its place to a lesser one
    /// ([`AiKind::lesser`]); [`super::fit_seats`] says so.
    pub fn seated(seats: &[Seat], hints: AiKind, budget: Budget, seed: u64, set: RuleSet) -> Seats {
        let total = seats.len() as u64;
        let seats = seats
            .iter()
            .zip(0u64..)
            .map(|(seat, i)| match *seat {
                Seat::Person => None,
                Seat::Computer { ai, budget } => {
                    let kind = fitting(ai, set);
                    Some(Chair {
                        ai: kind.build(seed.wrapping_add(i)),
                        kind,
                        budget,
                    })
                }
            })
            .collect();
        Seats {
            seats,
            hints: Some(fitting(hints, set).build(seed.wrapping_add(total))),
            budget,
            elsewhere: PlayerSet::EMPTY,
            seed,
            set,
        }
    }

    /// The opponent of kind `kind` at `player`'s seat from now on, built
    /// as the seat's first was; false (and nothing changed) if the
    /// computer does not move her here.
    pub(super) fn reseat(&mut self, player: Player, kind: AiKind) -> bool {
        let i = usize::from(player.index());
        let seed = self.seed.wrapping_add(i as u64);
        match self.seats.get_mut(i).and_then(Option::as_mut) {
            Some(chair) => {
                chair.ai = kind.build(seed);
                chair.kind = kind;
                true
            }
            None => false,
        }
    }

    /// These seats with `ai` thinking at `player`'s seat in place of the
    /// opponent built there (its kind kept): a test's opponent that fails.
    #[cfg(test)]
    pub(crate) fn with_strategy(mut self, player: Player, ai: Box<dyn Strategy>) -> Seats {
        if let Some(chair) = self
            .seats
            .get_mut(usize::from(player.index()))
            .and_then(Option::as_mut)
        {
            chair.ai = ai;
        }
        self
    }

    /// The kind of opponent at `player`'s seat, if the computer moves her
    /// here.
    pub fn kind(&self, player: Player) -> Option<AiKind> {
        let chair = self.seats.get(usize::from(player.index()))?.as_ref()?;
        Some(chair.kind)
    }

    /// The rule set the opponents play.
    pub fn set(&self) -> RuleSet {
        self.set
    }

    /// The players the computer moves.
    pub fn players(&self) -> PlayerSet {
        let mut players = self.elsewhere;
        for (_, i) in self.seats.iter().zip(0u8..).filter(|(s, _)| s.is_some()) {
            if let Some(p) = Player::new(i) {
                players.insert(p);
            }
        }
        players
    }

    /// The think time and/or nodes allowed per hint.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The opponent that rates moves for hints, if any.
    pub fn hints(&mut self) -> Option<&mut Box<dyn Strategy>> {
        self.hints.as_mut()
    }

    /// The opponent moving `player` and its budget per move, if the
    /// computer moves her.
    pub fn seat(&mut self, player: Player) -> Option<(&mut Box<dyn Strategy>, Budget)> {
        self.seats
            .get_mut(usize::from(player.index()))
            .and_then(Option::as_mut)
            .map(|chair| (&mut chair.ai, chair.budget))
    }
}

/// `kind` if it can play rule set `set`, otherwise the first lesser one
/// that can.
pub(super) fn fitting(kind: AiKind, set: RuleSet) -> AiKind {
    let mut kind = kind;
    while kind.fit(set).is_err() {
        match kind.lesser(set) {
            Some(lesser) => kind = lesser,
            None => break,
        }
    }
    kind
}

/// The seats of a game in which the computer moves `players` (of `total`)
/// with opponents of this kind, each within `budget` per move.
pub fn seats_of(kind: AiKind, players: PlayerSet, total: u8, budget: Budget) -> Vec<Seat> {
    Player::all(total)
        .map(|p| {
            if players.contains(p) {
                Seat::Computer { ai: kind, budget }
            } else {
                Seat::Person
            }
        })
        .collect()
}
