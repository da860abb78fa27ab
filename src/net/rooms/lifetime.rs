//! How long a room stays in memory. A finished game's room is freed once
//! no front-end follows it (everyone at it has seen the end and gone),
//! its record moved into the folder's `finished/` and its code free
//! again. A game in play that no front-end has followed for the seat hold
//! (no player connected, no one watching) is put away: its room closed
//! and freed, its record kept where it is, and brought back by the next
//! `join` or `watch` of its code, or by the next start. A game is never
//! lost; only its memory is given back.

use std::io::Write as _;

use super::*;

impl Rooms {
    /// Frees the rooms of finished games nobody follows, and puts away the
    /// games nobody has followed for the seat hold (see the
    /// [module](self)): called by the server's sweep, every tick.
    pub(super) fn retire(&self, now: Instant) {
        if self.stopped.load(Ordering::SeqCst) {
            return;
        }
        let mut notes = Vec::new();
        let mut freed = Vec::new();
        {
            let mut rooms = self.lock();
            let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
            let mut leaving = Vec::new();
            for (code, room) in rooms.iter() {
                // The map's is the only handle: no front-end, no lobby
                // about to join, no computer's answer on its way.
                if Arc::strong_count(room) > 1 {
                    idle.remove(code);
                    continue;
                }
                if room.lock().session.record().is_over() {
                    leaving.push((code.clone(), true));
                    continue;
                }
                let since = *idle.entry(code.clone()).or_insert(now);
                if now.saturating_duration_since(since) >= self.hold {
                    leaving.push((code.clone(), false));
                }
            }
            for (code, over) in leaving {
                idle.remove(&code);
                let Some(room) = rooms.remove(&code) else {
                    continue;
                };
                room.close();
                // Moved with the rooms locked: no new game draws the code
                // between the room's going and its record's.
                if over && let Err(e) = folder::finish(&self.dir, &code, &room.path) {
                    notes.push(format!("finished game {code}: its record stays: {e}"));
                }
                freed.push(room);
            }
        }
        // The rooms (and their computer's tables) go with the lock let go,
        // and their memory back to the system at the next trim.
        if !freed.is_empty() {
            self.trim.freed();
        }
        drop(freed);
        say(&notes);
    }

    /// The room of `code`, brought back from its record if it was put
    /// away (or its server restarted): a finished one is moved into
    /// `finished/` instead, a broken one set aside (each said on the
    /// server's output). `None` if there is no such game in play.
    pub(super) fn bring_back(&self, code: &str) -> Option<Arc<Room>> {
        if !is_code(code) || self.stopped.load(Ordering::SeqCst) {
            return None;
        }
        let mut rooms = self.lock();
        if let Some(room) = rooms.get(code) {
            return Some(Arc::clone(room));
        }
        let path = self.dir.join(format!("{code}.txt"));
        if !path.is_file() {
            return None;
        }
        let mut notes = Vec::new();
        let room = match folder::load(&path) {
            Ok(record) if record.is_over() => {
                if let Err(e) = folder::finish(&self.dir, code, &path) {
                    notes.push(format!("finished game {code}: its record stays: {e}"));
                }
                None
            }
            Ok(record) => {
                let seed = self.draw_seed();
                let room = self.build(code.to_string(), record, seed, path);
                rooms.insert(code.to_string(), Arc::clone(&room));
                Some(room)
            }
            Err(why) => {
                notes.push(folder::set_aside(&self.dir, &path, &why));
                None
            }
        };
        drop(rooms);
        if let Some(room) = &room {
            room.kick();
        }
        say(&notes);
        room
    }
}

/// Says `notes` on the server's output (their names escaped already).
fn say(notes: &[String]) {
    if notes.is_empty() {
        return;
    }
    let mut out = std::io::stdout().lock();
    for note in notes {
        let _ = writeln!(out, "{note}");
    }
    let _ = out.flush();
}

#[cfg(test)]
#[path = "lifetime_tests.rs"]
mod tests;
