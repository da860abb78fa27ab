//! A room's seats: who owns each, bound to what they logged in with (the
//! key, or a seat secret drawn for them), how many of their connections
//! sit at it, and since when it is held for a player who dropped; the
//! owners kept in the record's comments, and the seats held too long
//! opened to anyone.
//!
//! A seat's owner is a name bound to a proof: on a login with a key, the
//! key's SHA-256 fingerprint; otherwise a secret of [`SECRET_LETTERS`]
//! drawn from the operating system's random numbers when the seat is taken
//! and shown once to its player (`ann+CODE.SECRET`), of which the record
//! keeps only a hash. The same name with the same key, or with the secret,
//! sits at the seat again (from a second connection too); anyone else is
//! refused while the seat is bound. A seat is away only when every
//! connection at it is gone; held longer than the room's hold, it opens to
//! whoever joins, and its binding goes with it.

use rand::RngExt as _;
use russh::keys::HashAlg;

use super::*;

/// The comment line of a record that names a seat's player: `net seat a
/// alice`, then what the seat is bound to: `key SHA256:...` or `secret`
/// and the secret's hash in hex.
const SEAT_TAG: &str = "net seat ";

/// The letters of a seat secret: small letters and digits, none that
/// reads as another (no i, l, o, 0 or 1).
pub const SECRET_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// The letters of a seat secret drawn: 12 of 31, some 59 bits.
pub const SECRET_LENGTH: usize = 12;

/// Who asks for a seat: the name the game shows, and the key they logged
/// in with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Who {
    /// The player's name.
    pub name: String,
    /// The SHA-256 fingerprint of the key they logged in with
    /// (`SHA256:...`), if they used one.
    pub key: Option<String>,
}

impl Who {
    /// A player known by name alone (no key).
    pub fn named(name: &str) -> Who {
        Who {
            name: name.to_string(),
            key: None,
        }
    }
}

/// What binds a seat to its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Bond {
    /// The name alone (a record of an older server): bound at the next
    /// claim.
    Name,
    /// The fingerprint of the owner's key.
    Key(String),
    /// The hash of the seat's secret ([`secret_hash`]), in hex.
    Secret(String),
}

/// A seat's owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Owner {
    name: String,
    bond: Bond,
}

/// A seat taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The seat.
    pub seat: Player,
    /// The seat's secret, when one was just drawn for it: the player is
    /// shown it, to sit there again.
    pub secret: Option<String>,
}

/// The seats of a room: owners, connections, players away.
#[derive(Debug, Default)]
pub(super) struct Book {
    /// The owner of each person's seat claimed so far.
    owners: BTreeMap<Player, Owner>,
    /// The connections at each seat (none: no entry).
    connections: BTreeMap<Player, usize>,
    /// The claimed seats whose player is away, since when.
    away: BTreeMap<Player, Instant>,
}

impl Book {
    /// The seats of a game resumed with the owners of its record: every
    /// one of them away since `now`, held for its player as after a drop.
    pub(super) fn resumed(tags: &Tags, now: Instant) -> Book {
        let owners = owners_of(tags);
        let away = owners.keys().map(|p| (*p, now)).collect();
        Book {
            owners,
            connections: BTreeMap::new(),
            away,
        }
    }

    /// Who is at `seat` as the lobby lists it: the name, `(away)` when no
    /// connection is at it; `None` when the seat is free.
    pub(super) fn shown(&self, seat: Player) -> Option<String> {
        let owner = self.owners.get(&seat)?;
        Some(if self.connections.contains_key(&seat) {
            owner.name.clone()
        } else {
            format!("{} (away)", owner.name)
        })
    }

    /// The key `name` is bound to at a seat of this room, if any.
    fn key_of(&self, name: &str) -> Option<&str> {
        self.owners.values().find_map(|o| match &o.bond {
            Bond::Key(key) if o.name == name => Some(key.as_str()),
            _ => None,
        })
    }
}

/// Why a seat could not be taken: it is someone else's.
fn not_yours(code: &str, seat: Player, owner: &Owner) -> JoinError {
    let (name, letter) = (owner.name.clone(), seat.letter());
    match owner.bond {
        Bond::Key(_) => JoinError::OtherKey {
            code: code.to_string(),
            seat: letter,
            name,
        },
        _ => JoinError::Secret {
            code: code.to_string(),
            seat: letter,
            name,
        },
    }
}

/// The hash the record keeps of seat `seat`'s secret in game `code`: the
/// SHA-256 of the three, in hex (the code and seat so that no two seats
/// share a table of hashes).
fn secret_hash(code: &str, seat: Player, secret: &str) -> String {
    let text = format!("dice-of-doom seat {code} {} {secret}", seat.letter());
    HashAlg::Sha256
        .digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new seat secret, from the operating system's random numbers (never
/// the server's seeded ones, which `--seed` makes known).
fn draw_secret() -> String {
    let mut rng = rand::rng();
    (0..SECRET_LENGTH)
        .map(|_| char::from(SECRET_LETTERS[rng.random_range(0..SECRET_LETTERS.len())]))
        .collect()
}

impl State {
    /// Seats `who` (see [`Room::claim`]) in game `code`, whose seats are
    /// held `hold` for a player away.
    pub(super) fn claim(
        &mut self,
        code: &str,
        hold: Duration,
        who: &Who,
        secret: Option<&str>,
    ) -> Result<Seated, JoinError> {
        if self.closed || self.session.record().is_over() {
            return Err(JoinError::Over(code.to_string()));
        }
        self.open_expired(code, hold, Instant::now());
        let players = self.session.rules().players();
        let computers = self.session.computers();
        let book = &self.seats;
        let mine = book.owners.iter().find(|(_, o)| o.name == who.name);
        let back = mine.is_some();
        let (seat, keep) = match mine {
            Some((&seat, owner)) => {
                let proven = match &owner.bond {
                    Bond::Name => false,
                    Bond::Key(key) => who.key.as_deref() == Some(key.as_str()),
                    Bond::Secret(hash) => {
                        secret.is_some_and(|s| secret_hash(code, seat, s) == *hash)
                    }
                };
                if !proven && owner.bond != Bond::Name {
                    return Err(not_yours(code, seat, owner));
                }
                (seat, proven)
            }
            None => {
                let free = Player::all(players)
                    .find(|p| !computers.contains(*p) && !book.owners.contains_key(p));
                match free {
                    Some(seat) => (seat, false),
                    None => return Err(JoinError::Full(code.to_string())),
                }
            }
        };
        let mut drawn = None;
        if !keep {
            // A seat taken, or one of an older record bound now.
            let bond = match &who.key {
                Some(key) => Bond::Key(key.clone()),
                None => {
                    let secret = draw_secret();
                    let hash = secret_hash(code, seat, &secret);
                    drawn = Some(secret);
                    Bond::Secret(hash)
                }
            };
            let name = who.name.clone();
            self.seats.owners.insert(seat, Owner { name, bond });
        }
        let connections = self.seats.connections.entry(seat).or_insert(0);
        *connections += 1;
        let first = *connections == 1;
        self.seats.away.remove(&seat);
        let user = &who.name;
        if !back {
            self.notices
                .push(format!("{user} sits at {}", seat.letter()));
        } else if first {
            self.notices
                .push(format!("{} ({user}) is back", seat.letter()));
        }
        if !keep {
            self.keep_owners();
        }
        Ok(Seated {
            seat,
            secret: drawn,
        })
    }

    /// A connection at `seat` is gone: when it was the last one, the seat
    /// is held for its player (unless the game is over).
    pub(super) fn leave(&mut self, seat: Player) {
        let Some(connections) = self.seats.connections.get_mut(&seat) else {
            return;
        };
        *connections -= 1;
        if *connections > 0 {
            return;
        }
        self.seats.connections.remove(&seat);
        if !self.session.record().is_over() {
            self.seats.away.insert(seat, Instant::now());
            self.notices
                .push(format!("{} disconnected, waiting", seat.letter()));
        }
    }

    /// Keeps the seats' owners with the record; a failed save shows as the
    /// store's warning, as it does for a move.
    pub(super) fn keep_owners(&mut self) {
        let tags = tags_with_owners(self.session.record().tags(), &self.seats.owners);
        let seats = self.session.record().seats().to_vec();
        self.session.set_header(seats, tags);
        let _ = self.session.apply(crate::session::Command::Save);
    }

    /// Opens the seats held longer than `hold` for their player, saying so
    /// to everyone; whether any was. The seat's binding goes with it.
    pub(super) fn open_expired(&mut self, code: &str, hold: Duration, now: Instant) -> bool {
        let book = &mut self.seats;
        let expired: Vec<Player> = book
            .away
            .iter()
            .filter(|(p, since)| {
                !book.connections.contains_key(*p) && now.saturating_duration_since(**since) >= hold
            })
            .map(|(p, _)| *p)
            .collect();
        for &p in &expired {
            book.away.remove(&p);
            if let Some(owner) = book.owners.remove(&p) {
                self.notices.push(format!(
                    "{} did not come back: {}'s seat is open to whoever joins game {code}",
                    owner.name,
                    p.letter()
                ));
            }
        }
        if !expired.is_empty() {
            self.keep_owners();
        }
        !expired.is_empty()
    }
}

impl Rooms {
    /// The game where `who`'s name is bound to another key than theirs
    /// (a name once used with a key is that key's), if any.
    pub fn name_bound_elsewhere(&self, who: &Who) -> Option<String> {
        let rooms: Vec<Arc<Room>> = self.lock().values().cloned().collect();
        rooms.iter().find_map(|room| {
            let state = room.lock();
            let key = state.seats.key_of(&who.name)?;
            (who.key.as_deref() != Some(key)).then(|| room.code.clone())
        })
    }
}

fn tags_with_owners(tags: &Tags, owners: &BTreeMap<Player, Owner>) -> Tags {
    let mut tags = tags.clone();
    tags.comments
        .retain(|c| !c.trim_start().starts_with(SEAT_TAG));
    for (p, owner) in owners {
        let bond = match &owner.bond {
            Bond::Name => String::new(),
            Bond::Key(key) => format!(" key {key}"),
            Bond::Secret(hash) => format!(" secret {hash}"),
        };
        tags.comments
            .push(format!(" {SEAT_TAG}{} {}{bond}", p.letter(), owner.name));
    }
    tags
}

fn owners_of(tags: &Tags) -> BTreeMap<Player, Owner> {
    tags.comments
        .iter()
        .filter_map(|c| {
            let rest = c.trim_start().strip_prefix(SEAT_TAG)?;
            let mut words = rest.split_whitespace();
            let player = Player::from_letter(words.next()?.chars().next()?)?;
            let name = words.next()?.to_string();
            let bond = match (words.next(), words.next()) {
                (Some("key"), Some(key)) => Bond::Key(key.to_string()),
                (Some("secret"), Some(hash)) => Bond::Secret(hash.to_string()),
                _ => Bond::Name,
            };
            Some((player, Owner { name, bond }))
        })
        .collect()
}

/// Opens the seats held too long, every `tick`, until the server stops.
pub(super) fn sweep(rooms: &Weak<Rooms>, tick: Duration) {
    loop {
        std::thread::sleep(tick);
        let Some(rooms) = rooms.upgrade() else {
            return;
        };
        if rooms.stopped.load(Ordering::SeqCst) {
            return;
        }
        rooms.open_expired();
    }
}

#[cfg(test)]
#[path = "seats_tests.rs"]
mod tests;
