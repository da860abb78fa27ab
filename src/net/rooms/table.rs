//! A room as the [`Table`] its front-ends follow, and as the lobby's
//! line. What reaches a screen from here is escaped: a name in a record
//! (a seat's, read back at start) may hold any character.

use super::*;

/// The room's notices as a screen may show them: control characters
/// escaped.
fn shown(notices: &[String]) -> Vec<String> {
    notices
        .iter()
        .map(|n| crate::text::escape_controls(n))
        .collect()
}

impl Room {
    /// The lobby's line for the room: code, rules, board, seats.
    pub fn summary(&self) -> String {
        let state = self.lock();
        let record = state.session.record();
        let rules = record.rules();
        let seats: Vec<String> = Player::all(rules.players())
            .map(|p| {
                let seat = record.seats().get(usize::from(p.index()));
                let who = match (seat, state.seats.shown(p)) {
                    (Some(Seat::Computer { ai, .. }), _) => format!("computer {}", ai.name()),
                    (_, Some(who)) => who,
                    (_, None) => "free".to_string(),
                };
                format!("{}: {who}", p.letter())
            })
            .collect();
        let over = if record.is_over() { ", over" } else { "" };
        // Names read from a record may hold anything: escaped.
        crate::text::escape_controls(&format!(
            "{}  {} {}{over}  {}",
            self.code,
            rules.set().name(),
            rules.map(),
            seats.join(", ")
        ))
    }
}

impl Table for Room {
    fn view(&self) -> TableView {
        let state = self.lock();
        TableView {
            record: state.session.record().clone(),
            notices: shown(&state.notices),
            closed: state.closed,
        }
    }

    fn play(&self, seat: Player, after: usize, mv: Move) -> Result<(), TableError> {
        let mut state = self.lock();
        if state.closed {
            return Err(TableError::Closed);
        }
        let plays = state.session.record().plays().len();
        if plays != after {
            return Err(TableError::Stale(plays));
        }
        let position = state.session.position();
        if state.session.record().is_over()
            || position.player() != seat
            || state.session.computers().contains(seat)
        {
            return Err(TableError::NotYourTurn(seat));
        }
        state
            .session
            .play(mv, false)
            .map_err(|_| TableError::Illegal)?;
        drop(state);
        self.ring();
        self.kick();
        Ok(())
    }

    fn wait(&self, plays: usize, notices: usize, timeout: Duration) -> Option<TableView> {
        let state = self.lock();
        let (state, _) = self
            .changed
            .wait_timeout_while(state, timeout, |s| {
                !s.closed && s.session.record().plays().len() <= plays && s.notices.len() <= notices
            })
            .unwrap_or_else(PoisonError::into_inner);
        let changed = state.closed
            || state.session.record().plays().len() > plays
            || state.notices.len() > notices;
        changed.then(|| TableView {
            record: state.session.record().clone(),
            notices: shown(&state.notices),
            closed: state.closed,
        })
    }

    fn watch(&self, wake: Wake) -> WatchId {
        self.watchers.add(wake)
    }

    fn unwatch(&self, id: WatchId) {
        self.watchers.remove(id);
    }
}
