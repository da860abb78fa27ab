//! A computer's seat that cannot go on with its opponent: one whose
//! thinking failed (a panic, caught by the pool) or one that cannot play
//! the rule set's games (a record made before [`AiKind::fit`] refused it).
//! The seat falls back to a lesser opponent ([`AiKind::lesser`]: the rule
//! set's own, then `random`) and the game goes on, with a word to say so
//! ([`FellBack`]). Every front-end (the line mode, the full-screen game, a
//! server's rooms) falls back through here.

use std::fmt;

use super::seats::fitting;
use super::{Seats, Session};
use crate::ai::{AiKind, Unfit};
use crate::game::Player;
use crate::record::{Record, Seat};

/// Why a seat fell back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Its opponent's thinking failed: why, in words.
    Failed(String),
    /// Its opponent cannot play the rule set's games.
    Unfit(Unfit),
}

/// A computer's seat that fell back to a lesser opponent; its
/// [`Display`](fmt::Display) is the word to the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FellBack {
    /// The seat.
    pub player: Player,
    /// The opponent that was there.
    pub was: AiKind,
    /// The opponent there now.
    pub now: AiKind,
    /// Why.
    pub why: Why,
}

impl fmt::Display for FellBack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, now) = (self.player, self.now);
        match &self.why {
            Why::Failed(why) => write!(f, "computer {p} failed ({why}); {p} now plays as `{now}`"),
            Why::Unfit(unfit) => write!(
                f,
                "computer {p}'s opponent `{}` cannot play the {} rules; {p} now plays as `{now}`",
                unfit.kind, unfit.set
            ),
        }
    }
}

/// The record with each computer's seat whose opponent cannot play its
/// rule set given the first lesser opponent that can, and the seats that
/// fell back (none for a record made since [`AiKind::fit`] was checked).
pub fn fit_seats(record: Record) -> (Record, Vec<FellBack>) {
    let set = record.rules().set();
    let mut fell = Vec::new();
    let seats: Vec<Seat> = record
        .seats()
        .iter()
        .zip(0u8..)
        .map(|(&seat, i)| match (seat, Player::new(i)) {
            (Seat::Computer { ai, budget }, Some(player)) => match ai.fit(set) {
                Ok(()) => seat,
                Err(unfit) => {
                    let now = fitting(ai, set);
                    fell.push(FellBack {
                        player,
                        was: ai,
                        now,
                        why: Why::Unfit(unfit),
                    });
                    Seat::Computer { ai: now, budget }
                }
            },
            _ => seat,
        })
        .collect();
    if fell.is_empty() {
        (record, fell)
    } else {
        (record.with_seats(seats), fell)
    }
}

impl Seats {
    /// `player`'s seat falls back to the lesser opponent after its
    /// opponent failed (`why`): what fell back; `None` (nothing changed)
    /// when the computer does not move her or nothing is below her
    /// opponent.
    pub fn fall_back(&mut self, player: Player, why: String) -> Option<FellBack> {
        let was = self.kind(player)?;
        let now = was.lesser(self.set())?;
        self.reseat(player, now);
        Some(FellBack {
            player,
            was,
            now,
            why: Why::Failed(why),
        })
    }
}

impl Session {
    /// `player`'s seat falls back to the lesser opponent after its
    /// opponent failed (`why`), in the record (kept at the next save) and
    /// in the seats this session holds: what fell back; `None` (nothing
    /// changed) when the computer does not move her or nothing is below
    /// her opponent.
    pub fn fall_back(&mut self, player: Player, why: String) -> Option<FellBack> {
        let was = match self.record.seats().get(usize::from(player.index())) {
            Some(Seat::Computer { ai, .. }) => *ai,
            _ => self.seats.kind(player)?,
        };
        let now = was.lesser(self.record.rules().set())?;
        self.reseat(player, now);
        Some(FellBack {
            player,
            was,
            now,
            why: Why::Failed(why),
        })
    }

    /// The opponent of kind `kind` at `player`'s seat from now on, in the
    /// record (kept at the next save) and in the seats this session holds
    /// (a front-end that thinks elsewhere reseats its own): nothing for a
    /// person's seat.
    pub fn reseat(&mut self, player: Player, kind: AiKind) {
        let mut seats = self.record.seats().to_vec();
        if let Some(Seat::Computer { ai, .. }) = seats.get_mut(usize::from(player.index())) {
            *ai = kind;
            self.record = self.record.clone().with_seats(seats);
        }
        self.seats.reseat(player, kind);
    }
}

#[cfg(test)]
#[path = "fallback_tests.rs"]
mod tests;
