//! A room's seats: the names at them kept in the record's comments, and
//! the seats held too long for a dropped player opened to anyone.

use super::*;

/// The comment line of a record that names a seat's player: `net seat a alice`.
const SEAT_TAG: &str = "net seat ";

impl State {
    /// Keeps the seats' names with the record; a failed save shows as the
    /// store's warning, as it does for a move.
    pub(super) fn keep_owners(&mut self) {
        let tags = tags_with_owners(self.session.record().tags(), &self.owners);
        let seats = self.session.record().seats().to_vec();
        self.session.set_header(seats, tags);
        let _ = self.session.apply(crate::session::Command::Save);
    }

    /// Opens the seats held longer than `hold` for their player, saying so
    /// to everyone; whether any was.
    pub(super) fn open_expired(&mut self, code: &str, hold: Duration, now: Instant) -> bool {
        let expired: Vec<Player> = self
            .away
            .iter()
            .filter(|(p, since)| {
                !self.connected.contains(*p) && now.saturating_duration_since(**since) >= hold
            })
            .map(|(p, _)| *p)
            .collect();
        for &p in &expired {
            self.away.remove(&p);
            if let Some(name) = self.owners.remove(&p) {
                self.notices.push(format!(
                    "{name} did not come back: {}'s seat is open to whoever joins game {code}",
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

pub(super) fn tags_with_owners(tags: &Tags, owners: &BTreeMap<Player, String>) -> Tags {
    let mut tags = tags.clone();
    tags.comments
        .retain(|c| !c.trim_start().starts_with(SEAT_TAG));
    for (p, name) in owners {
        tags.comments
            .push(format!(" {SEAT_TAG}{} {name}", p.letter()));
    }
    tags
}

pub(super) fn owners_of(tags: &Tags) -> BTreeMap<Player, String> {
    tags.comments
        .iter()
        .filter_map(|c| {
            let rest = c.trim_start().strip_prefix(SEAT_TAG)?;
            let (letter, name) = rest.split_once(' ')?;
            let player = Player::from_letter(letter.chars().next()?)?;
            Some((player, name.trim().to_string()))
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
