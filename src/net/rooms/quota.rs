//! What one person or one address may have the server run at once: games
//! not over that they made, and computer seats in them ([`Quota`]). Only
//! the games in play count: a finished game, or one put away for want of
//! players (see `lifetime`), no longer does.

use std::net::IpAddr;

use super::*;

/// The bounds on the games one person (a user name) or one address made
/// and still in play, and on the computer seats in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    /// The games one user name may have made and not finished.
    pub games_per_person: usize,
    /// The games one address may have made and not finished.
    pub games_per_address: usize,
    /// The computer seats in one user name's games not finished.
    pub computers_per_person: usize,
    /// The computer seats in one address's games not finished.
    pub computers_per_address: usize,
}

impl Default for Quota {
    fn default() -> Quota {
        Quota {
            games_per_person: 5,
            games_per_address: 20,
            computers_per_person: 10,
            computers_per_address: 40,
        }
    }
}

/// Who makes a game: a user name from an address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Creator {
    /// The user name.
    pub name: String,
    /// The address block the connection came from (its address with the
    /// host bits cleared, as `--net-block` groups them).
    pub address: IpAddr,
}

/// A game's maker and its computer seats, kept while the game is in play.
#[derive(Clone, Debug)]
pub(super) struct Made {
    pub(super) by: Creator,
    pub(super) computers: usize,
}

/// Why a game may not be made: the quota it would pass.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotaError {
    /// The person has as many games in play as they may.
    #[error("{name} already has {most} games in play here, the most one person may have")]
    Person {
        /// The user name.
        name: String,
        /// The bound.
        most: usize,
    },
    /// The address has as many games in play as it may.
    #[error("your address already has {most} games in play here, the most one address may have")]
    Address {
        /// The bound.
        most: usize,
    },
    /// The game's computer seats would pass a bound.
    #[error(
        "its {seats} computer seats would give {whom} {total} in games in play here, \
         more than the {most} allowed"
    )]
    Computers {
        /// The game's computer seats.
        seats: usize,
        /// `name` or `your address`.
        whom: String,
        /// What they would have.
        total: usize,
        /// The bound.
        most: usize,
    },
}

impl Quota {
    /// Whether `by` may make a game of `computers` computer seats, having
    /// `made` (every game in play and its maker).
    ///
    /// # Errors
    /// [`QuotaError`]: the bound it would pass.
    pub(super) fn check<'a>(
        &self,
        made: impl IntoIterator<Item = &'a Made>,
        by: &Creator,
        computers: usize,
    ) -> Result<(), QuotaError> {
        let (mut games, mut robots) = ((0, 0), (0, 0));
        for m in made {
            if m.by.name == by.name {
                games.0 += 1;
                robots.0 += m.computers;
            }
            if m.by.address == by.address {
                games.1 += 1;
                robots.1 += m.computers;
            }
        }
        if games.0 >= self.games_per_person {
            return Err(QuotaError::Person {
                name: by.name.clone(),
                most: self.games_per_person,
            });
        }
        if games.1 >= self.games_per_address {
            return Err(QuotaError::Address {
                most: self.games_per_address,
            });
        }
        let over = |total: usize, most: usize, whom: &str| {
            (computers > 0 && total + computers > most).then(|| QuotaError::Computers {
                seats: computers,
                whom: whom.to_string(),
                total: total + computers,
                most,
            })
        };
        if let Some(e) = over(robots.0, self.computers_per_person, &by.name) {
            return Err(e);
        }
        if let Some(e) = over(robots.1, self.computers_per_address, "your address") {
            return Err(e);
        }
        Ok(())
    }
}

impl Rooms {
    /// [`Rooms::create`] for `by`, within the server's [`Quota`]: the
    /// games in play that `by`'s name or address made, and their computer
    /// seats, counted and the new game made under one lock, so that
    /// connections at once cannot pass it together.
    ///
    /// # Errors
    /// As [`Rooms::create`], or the quota it would pass, in words.
    pub fn create_by(&self, new: &NewGame, by: &Creator) -> Result<Arc<Room>, String> {
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        {
            let rooms = self.lock();
            made.retain(|code, _| rooms.get(code).is_some_and(|room| !room.is_over()));
        }
        let computers = new.computers().len();
        self.quota
            .check(made.values(), by, computers)
            .map_err(|e| e.to_string())?;
        let room = self.create(new)?;
        made.insert(
            room.code().to_string(),
            Made {
                by: by.clone(),
                computers,
            },
        );
        Ok(room)
    }
}
