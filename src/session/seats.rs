//! The computer at the table: the opponents that move some players and
//! rate the moves for hints.

use crate::ai::{AiKind, Budget, Strategy};
use crate::game::{Player, PlayerSet};
use crate::record::Seat;

/// The computer's seats at the table: which players it moves, with which
/// opponent, and the hints it gives the people.
pub struct Seats {
    /// The opponent moving each player, and its budget per move, if the
    /// computer moves her.
    seats: Vec<Option<(Box<dyn Strategy>, Budget)>>,
    /// The opponent that rates moves when a person asks for a hint.
    hints: Option<Box<dyn Strategy>>,
    /// The budget of a hint.
    budget: Budget,
    /// The players the computer moves elsewhere (on the full-screen game's
    /// worker thread), their moves played with [`super::Session::play`].
    elsewhere: PlayerSet,
}

impl Seats {
    /// No computer: a game between people, without hints.
    pub fn none() -> Seats {
        Seats {
            seats: Vec::new(),
            hints: None,
            budget: Budget::UNLIMITED,
            elsewhere: PlayerSet::EMPTY,
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

    /// The computer moves `players` (of a game of `total` players) with
    /// opponents of this kind, thinking within `budget` per move; people get
    /// hints from the same kind of opponent.
    pub fn new(kind: AiKind, players: PlayerSet, total: u8, seed: u64, budget: Budget) -> Seats {
        Seats::seated(&seats_of(kind, players, total, budget), kind, budget, seed)
    }

    /// The computer at the seats of a record: each seat with its own
    /// opponent and budget; people get hints from `hints` within `budget`.
    pub fn seated(seats: &[Seat], hints: AiKind, budget: Budget, seed: u64) -> Seats {
        let total = seats.len() as u64;
        let seats = seats
            .iter()
            .zip(0u64..)
            .map(|(seat, i)| match *seat {
                Seat::Person => None,
                Seat::Computer { ai, budget } => Some((ai.build(seed.wrapping_add(i)), budget)),
            })
            .collect();
        Seats {
            seats,
            hints: Some(hints.build(seed.wrapping_add(total))),
            budget,
            elsewhere: PlayerSet::EMPTY,
        }
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
            .map(|(ai, budget)| (ai, *budget))
    }
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
