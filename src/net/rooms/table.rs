//! A room as the [`Table`] its front-ends follow.

use super::*;

impl Table for Room {
    fn view(&self) -> TableView {
        let state = self.lock();
        TableView {
            record: state.session.record().clone(),
            notices: state.notices.clone(),
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
            notices: state.notices.clone(),
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
