//! The state machine in a network game (a child module of `state`): a
//! replica of a table's game (see [`crate::session::Table`]), its moves
//! taken in as the table played them, with their rolls; this seat's
//! person's move handed out to be sent to the table rather than played
//! here; the other seats' turns waited for; undo, redo, hints and a new
//! game off.

use super::{App, Move, Play, Player, PlayerSet, Record};
use crate::session::TableError;

/// What a network game adds to the state machine.
#[derive(Clone, Debug, Default)]
pub(super) struct Network {
    /// The seat this screen plays; `None` for a spectator.
    seat: Option<Player>,
    /// The game's name, its record's event (`network game HLQE`), if any.
    name: Option<String>,
    /// The move picked, made after this many plays, not yet handed to the
    /// program around the state machine.
    outgoing: Option<(usize, Move)>,
    /// Whether a move was sent to the table and its play not yet seen.
    sent: bool,
}

impl App {
    /// A replica of the game of `record` for a screen of a network game:
    /// its plays taken in with their rolls, `seat` played by the person at
    /// this screen (`None`: a spectator), every other seat waited for.
    ///
    /// # Errors
    /// The first play of the record that is not legal where it comes.
    pub fn networked(record: &Record, seat: Option<Player>) -> Result<App, super::IllegalMoveAt> {
        let app = App::resume(record.rules().clone(), record.start(), record.plays(), None)?;
        let mut app = app.with_store(record, None);
        let mut others = PlayerSet::EMPTY;
        for player in Player::all(app.rules().players()) {
            if Some(player) != seat {
                others.insert(player);
            }
        }
        app.network = Some(Network {
            seat,
            name: record.tags().event.clone(),
            ..Network::default()
        });
        app.set_computers(others, "network");
        if seat.is_none() && app.winners().is_none() {
            app.message = Some("You are watching this game (? help, q leave).".into());
        }
        Ok(app)
    }

    /// Whether this is a network game (see [`App::networked`]).
    pub fn is_networked(&self) -> bool {
        self.network.is_some()
    }

    /// The seat this screen plays in a network game: `None` in a local
    /// game or for a spectator.
    pub fn seat(&self) -> Option<Player> {
        self.network.as_ref().and_then(|n| n.seat)
    }

    /// What the header says of a network game, longest form first: the
    /// game's name (its record's event, which holds the code others join
    /// with) and this screen's seat, `network game HLQE, you play b` or
    /// `network game HLQE, watching`; `None` in a local game.
    pub fn network_title(&self) -> Option<[String; 2]> {
        let network = self.network.as_ref()?;
        let role = match network.seat {
            Some(seat) => format!("you play {seat}"),
            None => "watching".to_string(),
        };
        Some(match &network.name {
            Some(name) => [format!("{name}, {role}"), role],
            None => [role.clone(), role],
        })
    }

    /// The move the person picked in a network game, to send to the table,
    /// with the number of plays it was made after (see
    /// [`Table::play`](crate::session::Table::play)); taking it marks it
    /// sent, and the person's next move waits for its play to come back
    /// ([`App::take_recorded`]) or for its refusal ([`App::refused`]).
    pub fn take_outgoing(&mut self) -> Option<(usize, Move)> {
        let network = self.network.as_mut()?;
        let out = network.outgoing.take()?;
        network.sent = true;
        Some(out)
    }

    /// Takes in the next play of the table's game, its roll as the table
    /// rolled it, shown rolling and logged like a move played here.
    ///
    /// # Errors
    /// [`IllegalMoveAt`](super::IllegalMoveAt) if the play is not legal in the replica's position
    /// (the replica is not the table's game).
    pub fn take_recorded(&mut self, play: Play) -> Result<(), super::IllegalMoveAt> {
        let before = self.position();
        let number = self.session.timeline().played() + 1;
        let event = self
            .session
            .play_recorded(play)
            .map_err(|_| super::IllegalMoveAt {
                number,
                mv: play.mv,
            })?;
        if let Some(network) = &mut self.network {
            network.sent = false;
        }
        self.played(before, play, &event, true);
        Ok(())
    }

    /// The table refused the move sent: says why, and the person may move
    /// again.
    pub fn refused(&mut self, error: &TableError) {
        if let Some(network) = &mut self.network {
            network.sent = false;
        }
        self.message = Some(format!("The move was refused: {error}."));
    }

    /// Shows a line the table shows every screen (such as "b disconnected,
    /// waiting").
    pub fn notice(&mut self, text: &str) {
        self.message = Some(text.to_string());
    }

    /// In a network game, holds `mv` (picked by the person) for the table
    /// instead of playing it here; returns false in a local game.
    pub(super) fn hold_for_table(&mut self, mv: Move) -> bool {
        let played = self.session.timeline().played();
        let Some(network) = &mut self.network else {
            return false;
        };
        if network.sent || network.outgoing.is_some() {
            self.message = Some("Your last move is on its way: wait for it.".into());
            return true;
        }
        network.outgoing = Some((played, mv));
        self.marked = None;
        self.digits.clear();
        self.message = Some(format!("Sending {mv}..."));
        true
    }

    /// The message for a key that is off in a network game, if `what` is.
    pub(super) fn off_in_network(&mut self, what: &str) -> bool {
        if self.network.is_none() {
            return false;
        }
        self.message = Some(format!("{what} is off in network games."));
        true
    }

    /// What the screen says while `player` is to move at another seat.
    pub(super) fn network_turn_message(&self, player: Player) -> Option<String> {
        let network = self.network.as_ref()?;
        Some(match network.seat {
            None => format!("{player}'s turn. You are watching (? help, q leave)."),
            Some(_) => format!("{player}'s turn: waiting for {player}'s move."),
        })
    }

    /// What the screen says to a key on the board while another seat is to
    /// move.
    pub(super) fn network_refusal(&self, player: Player) -> Option<String> {
        let network = self.network.as_ref()?;
        Some(match network.seat {
            None => "You are watching this game: you cannot move (? help, q leave).".into(),
            Some(seat) => {
                format!("You play {seat}: wait for {player}'s move (? help, q leave).")
            }
        })
    }
}
